/// How the two sides of a constraint relate.
public enum Relation: Sendable, Hashable, CaseIterable, BitwiseCopyable {
    /// `==`: both sides equal.
    case equal
    /// `<=`: the left side at most the right.
    case lessThanOrEqual
    /// `>=`: the left side at least the right.
    case greaterThanOrEqual

    /// `==`, `<=` or `>=`.
    public var symbol: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }

    /// The relation written by `symbol`, or nil.
    public init?(symbol: String) {
        switch symbol {
        case "==": self = .equal
        case "<=": self = .lessThanOrEqual
        case ">=": self = .greaterThanOrEqual
        default: return nil
        }
    }
}
