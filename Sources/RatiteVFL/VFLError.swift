import RatiteSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a visual format was rejected, and where.
///
/// `rendering` is Apple's diagnostic: the message, the format, and a caret under the place
/// where parsing stopped:
///
/// ```
/// Expected ':' after 'V' to specify vertical arrangement
/// V|[backgroundBox]|
///  ^
/// ```
///
/// In extended mode the first line starts with `LINE:COLUMN: ` and the second shows only the
/// offending line of the input.
public struct VFLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; each case has one stable message.
    public var reason: Reason
    /// Where parsing stopped: a zero-based byte offset into the whole input, and the one-based
    /// line and column (in strict mode always line 1, column `offset + 1`).
    public var location: TextLocation
    /// The text the caret points into: the whole format in strict mode, the offending line
    /// (without its line break) in extended mode.
    public var sourceLine: String
    /// Whether the input was parsed in extended mode, which adds `LINE:COLUMN: ` to the
    /// rendering.
    public var isExtended: Bool

    /// An error for `reason` at `location` in `sourceLine`.
    public init(_ reason: Reason, at location: TextLocation, sourceLine: String,
                isExtended: Bool = false) {
        self.reason = reason
        self.location = location
        self.sourceLine = sourceLine
        self.isExtended = isExtended
    }

    /// Apple's message for `reason`.
    public var message: String { reason.message }

    /// The zero-based byte offset where parsing stopped.
    public var offset: Int { location.offset }

    /// Whether the rendering has the format line and the caret (all but the empty string).
    public var hasCaret: Bool { reason != .emptyString }

    /// Three lines (message, source, caret) without a final line break; one line for the
    /// empty string. Control characters in the source line show as spaces so that the caret
    /// stays under the right byte.
    public var rendering: String {
        let head = isExtended && hasCaret ? "\(location): \(message)" : message
        guard hasCaret else { return head }
        let shown = String(decoding: sourceLine.utf8.map { $0 < 0x20 || $0 == 0x7F ? 0x20 : $0 },
                           as: UTF8.self)
        return head + "\n" + shown + "\n"
            + String(repeating: " ", count: max(0, location.column - 1)) + "^"
    }

    /// The `rendering`.
    public var description: String { rendering }

    /// Every way a visual format can be rejected. The messages of the strict-mode cases are
    /// Apple's runtime strings, word for word.
    public enum Reason: Sendable, Hashable {
        /// The format is empty (or, in extended mode, holds only whitespace and comments).
        case emptyString
        /// The format holds a byte outside ASCII.
        case nonASCII
        /// `H` or `V` without the `:` after it.
        case expectedOrientationColon(Axis)
        /// Something other than `[` where a view must start.
        case expectedView
        /// A view whose name does not start with a letter or an underscore.
        case expectedViewName
        /// A view name missing from the views.
        case unknownView(String)
        /// A view name followed by neither `]` nor `(`.
        case expectedViewEnd
        /// A view's predicate list without its closing `)`.
        case expectedThicknessEnd
        /// A view's predicate list closed without the `]` after it.
        case expectedBracketAfterThickness
        /// The input ends right after a view's `(`.
        case ranOutInView
        /// `=`, `<` or `>` not followed by `=`.
        case unknownRelation
        /// Neither a number, nor a name, where one of them must come.
        case expectedNumberOrKey
        /// Apple's wording when a `-` or digit does not start a number C's `strtod` can read.
        case expectedNumberOrAKey
        /// A name that is neither a metric nor (where one may stand) a view.
        case unknownMetric(String)
        /// A view's size used as the length of a connection.
        case spaceEqualToView
        /// `--` in a connection: a minus sign or a stray dash.
        case ambiguousMinus
        /// A connection's predicate not followed by `-`.
        case expectedDash
        /// A `,` after a connection's single predicate: a list needs parentheses.
        case expectedDashNotComma
        /// A predicate list without `)` or `,` after a predicate.
        case expectedModifierEnd
        /// The input ends where a relation or an object must come.
        case expectedMoreInput
        /// The input ends right after the leading `|`.
        case expectedConnectionAfterBar
        /// Something other than a view or `|` after a connection.
        case expectedViewOrBar
        /// Input left over after the closing `|` or the last view.
        case expectedEnd
        /// A priority of 0 or less.
        case priorityNotPositive(Double)
        /// A priority above 1000.
        case priorityTooHigh(Double)
        /// An alignment option names an edge on the layout's own axis.
        case alignmentOnLayoutAxis(Axis)
        /// The `spacingBaselineToBaseline` option on a horizontal format.
        case baselineToBaselineHorizontal
        /// Not Apple's: a number that is infinite or NaN (`-inf`, `1e999`), which no layout
        /// engine can use.
        case nonFiniteNumber
        // Extended mode only.
        /// Extended mode: a view's `.` followed by something other than `width` or `height`.
        case expectedSizeAttribute
        /// Extended mode: a predicate that adds two views' sizes.
        case secondViewInPredicate
        /// Extended mode: a predicate that multiplies two views' sizes.
        case productOfViews
        /// Extended mode: a predicate that divides by a view's size.
        case divisionByView
        /// Extended mode: a predicate that divides by zero.
        case divisionByZero
        /// Extended mode: a parenthesized expression without its `)`.
        case expectedExpressionEnd
        /// Extended mode: parentheses or minus signs nested past the parser's depth limit.
        case expressionTooDeep

        /// Apple's runtime message for the reason, word for word in strict mode.
        public var message: String {
            switch self {
            case .emptyString: "It's an empty string."
            case .nonASCII: "It contains non-ASCII characters."
            case .expectedOrientationColon(.horizontal):
                "Expected ':' after 'H' to specify horizontal arrangement"
            case .expectedOrientationColon(.vertical):
                "Expected ':' after 'V' to specify vertical arrangement"
            case .expectedView: "Expected a view"
            case .expectedViewName:
                "Expected a view. View names must start with a letter or an underscore, then contain letters, "
                    + "numbers, and underscores."
            case .unknownView(let name): "\(name) is not a key in the views dictionary."
            case .expectedViewEnd: "Expected a ']' here. That is how you give the end of a view."
            case .expectedThicknessEnd:
                "A predicate on a view's thickness must end with ')' and the view must end with ']'"
            case .expectedBracketAfterThickness: "Expected ']' after specifying thickness."
            case .ranOutInView:
                "Unexpectedly ran out of character fodder in the middle of parsing a view"
            case .unknownRelation: "Unknown relation. Must be ==, >=, or <="
            case .expectedNumberOrKey:
                "Expected a number or key from the metrics dictionary, but encountered something else"
            case .expectedNumberOrAKey:
                "Expected a number or a key from the metrics dictionary, but encountered something else"
            case .unknownMetric(let name):
                "Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries"
            case .spaceEqualToView:
                "It's not possible to set a space equal to the width or height of a view.  "
                    + "Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]"
            case .ambiguousMinus:
                "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. "
                    + "Use parentheses around negative numbers."
            case .expectedDash: "Expected a '-' here"
            case .expectedDashNotComma:
                "Expected a '-' here. To specify a list of constraints, you must use parentheses around the list "
                    + "of constraints"
            case .expectedModifierEnd:
                "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier"
            case .expectedMoreInput: "Expected more input"
            case .expectedConnectionAfterBar: "Expected a connection after the '|' character"
            case .expectedViewOrBar: "Expected a view or '|'"
            case .expectedEnd: "Expected the end of the format string"
            case .priorityNotPositive(let p):
                "Invalid priority specified: \(VFLError.formatG(p)). Priority must be greater than 0"
            case .priorityTooHigh(let p):
                "Invalid priority specified: \(VFLError.formatG(p)). Priority cannot be higher than "
                    + "NSLayoutPriorityRequired, which is 1000."
            case .alignmentOnLayoutAxis(.horizontal):
                "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout "
                    + "that is also horizontal."
            case .alignmentOnLayoutAxis(.vertical):
                "Options mask required views to be aligned on a vertical edge, which is not allowed for layout "
                    + "that is also vertical."
            case .baselineToBaselineHorizontal:
                "BaselineToBaseline format option not valid for horizontal layout"
            case .nonFiniteNumber: "Numbers must be finite"
            case .expectedSizeAttribute: "Expected 'width' or 'height' after '.'"
            case .secondViewInPredicate: "A predicate can refer to only one view"
            case .productOfViews: "Cannot multiply a view's size by another view's size"
            case .divisionByView: "Cannot divide by a view's size"
            case .divisionByZero: "Division by zero"
            case .expectedExpressionEnd: "Expected a ')' to close the parenthesized expression"
            case .expressionTooDeep: "The expression is nested too deeply"
            }
        }
    }

    /// `value` as C's `%g` writes it, which is how Apple's priority messages show the number.
    static func formatG(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%g", $0) }
        guard count > 0 else { return "\(value)" }
        return String(decoding: buffer.prefix(min(Int(count), buffer.count - 1)).map { UInt8(bitPattern: $0) },
                      as: UTF8.self)
    }
}
