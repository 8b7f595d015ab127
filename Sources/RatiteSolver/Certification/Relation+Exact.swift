import RatiteExact
import RatiteSupport

extension Relation {
    /// The same relation for the exact solver.
    package var exact: ExactRelation {
        switch self {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
    }
}
