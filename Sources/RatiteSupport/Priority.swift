/// An Auto Layout priority: a number in (0, 1000], where 1000 means required.
///
/// Priorities are strictly ordered: the solver never accepts any violation of a higher
/// priority in exchange for less violation at lower priorities, however many lower-priority
/// constraints there are. Within one priority, violations add up.
///
/// ```swift
/// let p: Priority = .strong        // 750
/// let q = Priority(600)
/// ```
public struct Priority: Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    /// The numeric priority. Valid values lie in (0, 1000]; the solver rejects others.
    public var value: Double

    /// The priority `value`; the solver checks that it lies in (0, 1000] when it is used.
    public init(_ value: Double) { self.value = value }
    /// A priority written as an integer literal: `let p: Priority = 600`.
    public init(integerLiteral value: Int) { self.value = Double(value) }
    /// A priority written as a floating-point literal: `let p: Priority = 999.5`.
    public init(floatLiteral value: Double) { self.value = value }

    /// 1000: must hold (Apple's `required`).
    public static let required = Priority(1000)
    /// 750.
    public static let strong = Priority(750)
    /// 500.
    public static let medium = Priority(500)
    /// 250.
    public static let weak = Priority(250)
    /// 750: Apple's `defaultHigh`, the default compression resistance.
    public static let defaultHigh = Priority(750)
    /// 510: Apple's `dragThatCanResizeScene` (`dragThatCanResizeWindow` on macOS).
    public static let dragThatCanResizeScene = Priority(510)
    /// 500: Apple's `windowSizeStayPut` (macOS; `sceneSizeStayPut` on iOS).
    public static let windowSizeStayPut = Priority(500)
    /// 490: Apple's `dragThatCannotResizeScene` (`dragThatCannotResizeWindow` on macOS).
    public static let dragThatCannotResizeScene = Priority(490)
    /// 250: Apple's `defaultLow`, the default content hugging.
    public static let defaultLow = Priority(250)
    /// 50: Apple's `fittingSizeLevel` (`fittingSizeCompression` on macOS).
    public static let fittingSizeLevel = Priority(50)

    /// Every priority name `init(name:)` accepts, with its value, in the order error
    /// messages list them: Ratite's four, then Apple's names (Apple's macOS and iOS
    /// spellings of the same level both appear).
    public static let names: [(name: String, priority: Priority)] = [
        ("required", .required), ("strong", .strong), ("medium", .medium), ("weak", .weak),
        ("defaultHigh", .defaultHigh), ("dragThatCanResizeScene", .dragThatCanResizeScene),
        ("dragThatCanResizeWindow", .dragThatCanResizeScene), ("windowSizeStayPut", .windowSizeStayPut),
        ("sceneSizeStayPut", .windowSizeStayPut), ("dragThatCannotResizeScene", .dragThatCannotResizeScene),
        ("dragThatCannotResizeWindow", .dragThatCannotResizeScene), ("defaultLow", .defaultLow),
        ("fittingSizeLevel", .fittingSizeLevel), ("fittingSizeCompression", .fittingSizeLevel),
    ]

    /// The names for error messages: "required, strong, ..., fittingSizeCompression".
    public static var nameList: String { names.map(\.name).joined(separator: ", ") }

    /// The priority called `name` (see `names`: `required`, `strong`, `medium`, `weak`
    /// and Apple's `defaultHigh`, `defaultLow`, `fittingSizeLevel`, ...), or nil. Names are
    /// case-sensitive, as in Swift.
    public init?(name: String) {
        guard let entry = Self.names.first(where: { $0.name == name }) else { return nil }
        self = entry.priority
    }

    /// Whether this is a valid priority: finite and in (0, 1000].
    public var isValid: Bool { value > 0 && value <= 1000 }

    /// Whether this is the required priority.
    public var isRequired: Bool { value == 1000 }

    /// Whether `lhs` is the weaker priority.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }

    /// The name for the four named priorities, otherwise the number in shortest form.
    public var description: String {
        switch value {
        case 1000: "required"
        case 750: "strong"
        case 500: "medium"
        case 250: "weak"
        default: formatNumber(value)
        }
    }
}

/// Formats a number in the shortest form that parses back to exactly the same value
/// (`20` rather than `20.0`; negative zero prints as `0`).
public func formatNumber(_ value: Double) -> String {
    if value == 0 { return "0" }
    if abs(value) < 1e15, Double(Int64(value)) == value {
        return String(Int64(value))
    }
    return "\(value)"
}
