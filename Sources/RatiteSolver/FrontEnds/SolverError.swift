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
        case .duplicateEditVariable(let v): FailureText.duplicateEditVariable(v.quotedName)
        case .unknownEditVariable(let v): FailureText.unknownEditVariable(v.quotedName)
        case .requiredEditVariable(let v): FailureText.requiredEditVariable(v.quotedName)
        case .invalidPriority(let p): FailureText.invalidPriority(p)
        case .nonFiniteCoefficient(let v, let x): FailureText.nonFiniteCoefficient(v.quotedName, x)
        case .nonFiniteConstant(let x): FailureText.nonFiniteConstant(x)
        case .nonFiniteSuggestedValue(let v, let x): FailureText.nonFiniteSuggestedValue(v.quotedName, x)
        case .unsatisfiable(let c, let conflict):
            "unsatisfiable required constraint \(c); conflicting: "
                + conflict.map(\.description).joined(separator: "; ")
        case .internalError(let text): FailureText.internalError(text)
        }
    }
}

extension Variable {
    /// The variable as an error message names it.
    fileprivate var quotedName: String { FailureText.variable(named: name, otherwise: "an unnamed variable") }
}
