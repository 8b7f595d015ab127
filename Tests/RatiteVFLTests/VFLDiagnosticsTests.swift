import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteVFL

/// One strict-mode diagnostic: the input, Apple's message and the offset of the caret.
struct VFLDiagnosticCase: Sendable, CustomTestStringConvertible {
    var format: String
    var message: String
    var offset: Int
    var options: VFLFormatOptions = []
    /// False where extended mode gives the input a meaning (`-x` is a negated metric there).
    var sameInExtendedMode = true
    var testDescription: String { format.debugDescription }
}

/// Every message, reached from a test, with its exact offset and rendering.
@Suite struct VFLDiagnosticsTests {
    static let views: Set<String> = ["a", "b", "c"]
    static let metrics: [String: Double] = ["m": 10, "big": 2000, "zero": 0, "huge": .infinity]

    static let cases: [VFLDiagnosticCase] = [
        .init(format: "H[a]", message: "Expected ':' after 'H' to specify horizontal arrangement", offset: 1),
        .init(format: "H", message: "Expected ':' after 'H' to specify horizontal arrangement", offset: 1),
        .init(format: "V|[a]|", message: "Expected ':' after 'V' to specify vertical arrangement", offset: 1),
        .init(format: "V", message: "Expected ':' after 'V' to specify vertical arrangement", offset: 1),
        .init(format: "a", message: "Expected a view", offset: 0),
        .init(format: "[", message: "Expected a view", offset: 1),
        .init(format: "H:", message: "Expected a view", offset: 2),
        .init(format: "|x", message: "Expected a view", offset: 1),
        .init(format: "[a]-[b]-(5)-x", message: "Expected a view or '|'", offset: 12),
        .init(format: "[1a]",
              message: "Expected a view. View names must start with a letter or an underscore, then contain letters, "
                  + "numbers, and underscores.", offset: 1),
        .init(format: "[]",
              message: "Expected a view. View names must start with a letter or an underscore, then contain letters, "
                  + "numbers, and underscores.", offset: 1),
        .init(format: "[a][zz9]", message: "zz9 is not a key in the views dictionary.", offset: 7),
        .init(format: "[a", message: "Expected a ']' here. That is how you give the end of a view.", offset: 2),
        .init(format: "[a}", message: "Expected a ']' here. That is how you give the end of a view.", offset: 2),
        .init(format: "[a(10]",
              message: "A predicate on a view's thickness must end with ')' and the view must end with ']'", offset: 5),
        .init(format: "[a(0x)]",
              message: "A predicate on a view's thickness must end with ')' and the view must end with ']'", offset: 4),
        .init(format: "[a(10)", message: "Expected ']' after specifying thickness.", offset: 6),
        .init(format: "[a(10)x]", message: "Expected ']' after specifying thickness.", offset: 6),
        .init(format: "[a(", message: "Unexpectedly ran out of character fodder in the middle of parsing a view",
              offset: 3),
        .init(format: "[a(>10)]", message: "Unknown relation. Must be ==, >=, or <=", offset: 4),
        .init(format: "[a(=", message: "Unknown relation. Must be ==, >=, or <=", offset: 4),
        .init(format: "[a]-<8-[b]", message: "Unknown relation. Must be ==, >=, or <=", offset: 5),
        .init(format: "[a()]",
              message: "Expected a number or key from the metrics dictionary, but encountered something else",
              offset: 3),
        .init(format: "[a(>=",
              message: "Expected a number or key from the metrics dictionary, but encountered something else",
              offset: 5),
        .init(format: "[a(10@)]",
              message: "Expected a number or key from the metrics dictionary, but encountered something else",
              offset: 6),
        .init(format: "[a(-x)]",
              message: "Expected a number or a key from the metrics dictionary, but encountered something else",
              offset: 3, sameInExtendedMode: false),
        .init(format: "[a]-(10@-)-[b]",
              message: "Expected a number or a key from the metrics dictionary, but encountered something else",
              offset: 8),
        .init(format: "[a(x)]",
              message: "Encountered metric with name \"x\", but value was not specified in metrics or views "
                  + "dictionaries", offset: 4),
        .init(format: "[a(10@prio)]",
              message: "Encountered metric with name \"prio\", but value was not specified in metrics or views "
                  + "dictionaries", offset: 10),
        .init(format: "[a]-b-[b]",
              message: "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to "
                  + "use a view as a spacer? [view1][spacer(==view1)][view2]", offset: 5),
        .init(format: "[a]-10@b-[b]",
              message: "It's not possible to set a space equal to the width or height of a view.  Perhaps you want to "
                  + "use a view as a spacer? [view1][spacer(==view1)][view2]", offset: 8),
        .init(format: "[a]--[b]",
              message: "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use "
                  + "parentheses around negative numbers.", offset: 4),
        .init(format: "|--10-[a]",
              message: "Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use "
                  + "parentheses around negative numbers.", offset: 2),
        .init(format: "[a]-10[b]", message: "Expected a '-' here", offset: 6),
        .init(format: "[a]-(10)", message: "Expected a '-' here", offset: 8),
        .init(format: "[a]-10,20-[b]",
              message: "Expected a '-' here. To specify a list of constraints, you must use parentheses around the "
                  + "list of constraints", offset: 6),
        .init(format: "[a]-(10[b]",
              message: "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint "
                  + "modifier", offset: 7),
        .init(format: "[a]-", message: "Expected more input", offset: 4),
        .init(format: "[a(10,", message: "Expected more input", offset: 6),
        .init(format: "|", message: "Expected a connection after the '|' character", offset: 1),
        .init(format: "V:|", message: "Expected a connection after the '|' character", offset: 3),
        .init(format: "[a]x", message: "Expected a view or '|'", offset: 3),
        .init(format: "[a]-10-", message: "Expected a view or '|'", offset: 7),
        .init(format: "[a]|[b]", message: "Expected the end of the format string", offset: 4),
        .init(format: "|-[a]-|-", message: "Expected the end of the format string", offset: 7),
        .init(format: "[a(10@0)]", message: "Invalid priority specified: 0. Priority must be greater than 0",
              offset: 7),
        .init(format: "[a(10@-5)]", message: "Invalid priority specified: -5. Priority must be greater than 0",
              offset: 8),
        .init(format: "[a(10@zero)]", message: "Invalid priority specified: 0. Priority must be greater than 0",
              offset: 10),
        .init(format: "[a(10@b)]", message: "Invalid priority specified: 0. Priority must be greater than 0",
              offset: 7),
        .init(format: "[a(10@-inf)]", message: "Invalid priority specified: -inf. Priority must be greater than 0",
              offset: 10),
        .init(format: "[a(10@1001)]",
              message: "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, "
                  + "which is 1000.", offset: 10),
        .init(format: "[a(10@1e6)]",
              message: "Invalid priority specified: 1e+06. Priority cannot be higher than NSLayoutPriorityRequired, "
                  + "which is 1000.", offset: 9),
        .init(format: "[a(10@1000.5)]",
              message: "Invalid priority specified: 1000.5. Priority cannot be higher than NSLayoutPriorityRequired, "
                  + "which is 1000.", offset: 12),
        .init(format: "[a]-(8@big)-[b]",
              message: "Invalid priority specified: 2000. Priority cannot be higher than NSLayoutPriorityRequired, "
                  + "which is 1000.", offset: 10),
        .init(format: "[a][b]",
              message: "Options mask required views to be aligned on a horizontal edge, which is not allowed for "
                  + "layout that is also horizontal.", offset: 6, options: .alignAllLeft),
        .init(format: "[a(5)]-[b(7)]",
              message: "Options mask required views to be aligned on a horizontal edge, which is not allowed for "
                  + "layout that is also horizontal.", offset: 13, options: .alignAllCenterX),
        .init(format: "V:[a][b]",
              message: "Options mask required views to be aligned on a vertical edge, which is not allowed for layout "
                  + "that is also vertical.", offset: 8, options: .alignAllTop),
        .init(format: "[a]-[b]", message: "BaselineToBaseline format option not valid for horizontal layout", offset: 7,
              options: .spacingBaselineToBaseline),
        .init(format: "|-[a]", message: "BaselineToBaseline format option not valid for horizontal layout", offset: 5,
              options: .spacingBaselineToBaseline),
        .init(format: "[a(1e999)]", message: "Numbers must be finite", offset: 8),
        .init(format: "[a(-inf)]", message: "Numbers must be finite", offset: 7),
        .init(format: "[a(-nan(1))]", message: "Numbers must be finite", offset: 10),
        .init(format: "[a]-huge-[b]", message: "Numbers must be finite", offset: 8),
        .init(format: "[a(10@-nan)]", message: "Numbers must be finite", offset: 10),
        .init(format: "[a]é", message: "It contains non-ASCII characters.", offset: 3),
    ]

    @Test(arguments: cases) func messageAndOffset(_ c: VFLDiagnosticCase) throws {
        let error = try #require(vflError(c.format, views: Self.views, options: c.options,
                                          metrics: Self.metrics))
        #expect(error.message == c.message)
        #expect(error.offset == c.offset)
        #expect(error.location == TextLocation(offset: c.offset, line: 1, column: c.offset + 1))
        #expect(error.rendering == c.message + "\n" + c.format + "\n"
            + String(repeating: " ", count: c.offset) + "^")
        checkRendering(error, input: c.format)
        // Strict input fails the same way in extended mode, apart from the location prefix.
        guard c.sameInExtendedMode else { return }
        let extended = try #require(vflError(c.format, views: Self.views, options: c.options,
                                             metrics: Self.metrics, extended: true))
        #expect(extended.reason == error.reason && extended.offset == error.offset)
        #expect(extended.rendering == "1:\(c.offset + 1): " + error.rendering)
    }

    @Test func everyStrictMessageIsCovered() {
        let covered = Set(Self.cases.map(\.message))
        let strictReasons: [VFLError.Reason] = [
            .expectedOrientationColon(.horizontal), .expectedOrientationColon(.vertical),
            .expectedView, .expectedViewName, .unknownView("zz9"), .expectedViewEnd,
            .expectedThicknessEnd, .expectedBracketAfterThickness, .ranOutInView,
            .unknownRelation, .expectedNumberOrKey, .expectedNumberOrAKey, .unknownMetric("x"),
            .spaceEqualToView, .ambiguousMinus, .expectedDash, .expectedDashNotComma,
            .expectedModifierEnd, .expectedMoreInput, .expectedConnectionAfterBar,
            .expectedViewOrBar, .expectedEnd, .priorityNotPositive(0), .priorityTooHigh(1001),
            .alignmentOnLayoutAxis(.horizontal), .alignmentOnLayoutAxis(.vertical),
            .baselineToBaselineHorizontal, .nonFiniteNumber, .nonASCII,
        ]
        for reason in strictReasons { #expect(covered.contains(reason.message), "\(reason)") }
    }

    @Test func emptyStringHasNoCaret() throws {
        let error = try #require(vflError("", views: []))
        #expect(error.reason == .emptyString)
        #expect(error.rendering == "It's an empty string.")
        #expect(error.offset == 0 && !error.hasCaret)
        let extended = try #require(vflError("", views: [], extended: true))
        #expect(extended.rendering == "It's an empty string.")
    }

    @Test func nonASCIIPointsAtTheFirstNonASCIICharacter() throws {
        let error = try #require(vflError("[a]-[b→]", views: ["a", "b"]))
        #expect(error.rendering == "It contains non-ASCII characters.\n[a]-[b→]\n      ^")
        let emoji = try #require(vflError("👍", views: []))
        #expect(emoji.offset == 0 && emoji.message == "It contains non-ASCII characters.")
    }

    @Test func controlCharactersRenderAsSpacesSoTheCaretLinesUp() throws {
        let error = try #require(vflError("[a]\t[b]", views: ["a", "b"]))
        #expect(error.rendering == "Expected a view or '|'\n[a] [b]\n   ^")
        let newline = try #require(vflError("[a]\n[b]", views: ["a", "b"]))
        #expect(newline.offset == 3)
        #expect(newline.rendering == "Expected a view or '|'\n[a] [b]\n   ^")
    }

    @Test func priorityMessagesUsePercentG() {
        #expect(VFLError.Reason.priorityTooHigh(1_234_567).message
            .hasPrefix("Invalid priority specified: 1.23457e+06."))
        #expect(VFLError.Reason.priorityNotPositive(-0.0).message.hasPrefix("Invalid priority specified: -0."))
        #expect(VFLError.Reason.priorityTooHigh(.infinity).message.hasPrefix("Invalid priority specified: inf."))
    }
}
