/// Why a solver operation was refused. A refused operation leaves the solver exactly as it
/// was.
public enum SolverError: Error, CustomStringConvertible {
    /// The solver already holds this constraint object.
    case duplicateConstraint(Constraint)
    /// The solver does not hold this constraint object.
    case unknownConstraint(Constraint)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// Edit variables must have a priority below required.
    case requiredEditVariable(Variable)
    /// Priorities lie in (0, 1000].
    case invalidPriority(Double)
    /// A coefficient (of the variable, as moved to the left side) is NaN or infinite.
    case nonFiniteCoefficient(Variable, Double)
    /// The constant of `lhs - rhs` is NaN or infinite (finite sides can overflow too).
    case nonFiniteConstant(Double)
    /// A suggested value is NaN or infinite.
    case nonFiniteSuggestedValue(Variable, Double)
    /// The required constraints cannot all hold. `conflict` is a minimal set of required
    /// constraints that cannot hold together (removing any one of them makes the rest
    /// satisfiable), in the order they were added, ending with `constraint`.
    case unsatisfiable(Constraint, conflict: [Constraint])
    /// A numerical breakdown the solver could not recover from (say, a result that overflowed
    /// from finite numbers too far apart in magnitude); the solver is unchanged.
    case internalError(String)

    /// A one-line message that names the constraint or variable involved.
    public var description: String {
        switch self {
        case .duplicateConstraint(let c): "duplicate constraint: \(c)"
        case .unknownConstraint(let c): "unknown constraint: \(c)"
        case .duplicateEditVariable(let v): "duplicate edit variable: \(v)"
        case .unknownEditVariable(let v): "unknown edit variable: \(v)"
        case .requiredEditVariable(let v): "edit variable \(v) cannot be required"
        case .invalidPriority(let p):
            "invalid priority \(formatNumber(p)): priorities must be greater than 0 and at most 1000"
        case .nonFiniteCoefficient(let v, let x): "coefficient of \(v) is not finite: \(formatNumber(x))"
        case .nonFiniteConstant(let x): "constant is not finite: \(x)"
        case .nonFiniteSuggestedValue(let v, let x): "suggested value for \(v) is not finite: \(x)"
        case .unsatisfiable(let c, let conflict):
            "unsatisfiable required constraint \(c); conflicting: "
                + conflict.map(\.description).joined(separator: "; ")
        case .internalError(let text): "internal solver error: \(text)"
        }
    }
}
