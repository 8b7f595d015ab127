import RatiteSupport

/// A linear constraint `lhs relation rhs` at a priority. Identity is the object: a
/// solver holds a constraint at most once.
///
/// ```swift
/// let c = (x + 2 * y <= 3.5).priority(.strong)
/// ```
public final class Constraint: CustomStringConvertible, Sendable {
    /// The left side as written.
    public let lhs: LinearExpression
    /// The right side as written.
    public let rhs: LinearExpression
    /// How the left side compares with the right.
    public let relation: Relation
    /// How strongly the solver enforces the constraint; `required` (the default) must hold.
    public let priority: Priority
    /// The id of the solver that owns this constraint, if any (see `SolverSlot`).
    let slot = SolverSlot()

    /// The constraint `lhs relation rhs` at `priority`. The operators `==`, `<=` and `>=` on
    /// expressions and variables build the same thing.
    public init(
        _ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Priority = .required
    ) {
        self.lhs = lhs
        self.rhs = rhs
        self.relation = relation
        self.priority = priority
    }

    /// `lhs - rhs`, the expression the relation compares with zero.
    public var expression: LinearExpression { lhs - rhs }

    /// A new constraint equal to this one at `priority`.
    public func priority(_ priority: Priority) -> Constraint {
        Constraint(lhs, relation, rhs, priority: priority)
    }

    /// The constraint in the `solve` file syntax, e.g. `x + 2*y <= 3.5 @strong`.
    public var description: String {
        let text = "\(lhs) \(relation.symbol) \(rhs)"
        return priority.isRequired ? text : "\(text) @\(priority)"
    }
}

/// `l == r`, required.
public func == (l: LinearExpression, r: LinearExpression) -> Constraint { Constraint(l, .equal, r) }
/// `l == r`, required.
public func == (l: LinearExpression, r: Variable) -> Constraint { Constraint(l, .equal, LinearExpression(r)) }
/// `l == r`, required.
public func == (l: Variable, r: LinearExpression) -> Constraint { Constraint(LinearExpression(l), .equal, r) }
/// `l == r`, required.
public func == (l: Variable, r: Variable) -> Constraint { Constraint(LinearExpression(l), .equal, LinearExpression(r)) }
/// `l == r`, required.
public func == (l: LinearExpression, r: Double) -> Constraint { Constraint(l, .equal, LinearExpression(r)) }
/// `l == r`, required.
public func == (l: Variable, r: Double) -> Constraint { Constraint(LinearExpression(l), .equal, LinearExpression(r)) }

/// `l <= r`, required.
public func <= (l: LinearExpression, r: LinearExpression) -> Constraint {
    Constraint(l, .lessThanOrEqual, r)
}
/// `l <= r`, required.
public func <= (l: LinearExpression, r: Variable) -> Constraint {
    Constraint(l, .lessThanOrEqual, LinearExpression(r))
}
/// `l <= r`, required.
public func <= (l: Variable, r: LinearExpression) -> Constraint {
    Constraint(LinearExpression(l), .lessThanOrEqual, r)
}
/// `l <= r`, required.
public func <= (l: Variable, r: Variable) -> Constraint {
    Constraint(LinearExpression(l), .lessThanOrEqual, LinearExpression(r))
}
/// `l <= r`, required.
public func <= (l: LinearExpression, r: Double) -> Constraint {
    Constraint(l, .lessThanOrEqual, LinearExpression(r))
}
/// `l <= r`, required.
public func <= (l: Variable, r: Double) -> Constraint {
    Constraint(LinearExpression(l), .lessThanOrEqual, LinearExpression(r))
}

/// `l >= r`, required.
public func >= (l: LinearExpression, r: LinearExpression) -> Constraint {
    Constraint(l, .greaterThanOrEqual, r)
}
/// `l >= r`, required.
public func >= (l: LinearExpression, r: Variable) -> Constraint {
    Constraint(l, .greaterThanOrEqual, LinearExpression(r))
}
/// `l >= r`, required.
public func >= (l: Variable, r: LinearExpression) -> Constraint {
    Constraint(LinearExpression(l), .greaterThanOrEqual, r)
}
/// `l >= r`, required.
public func >= (l: Variable, r: Variable) -> Constraint {
    Constraint(LinearExpression(l), .greaterThanOrEqual, LinearExpression(r))
}
/// `l >= r`, required.
public func >= (l: LinearExpression, r: Double) -> Constraint {
    Constraint(l, .greaterThanOrEqual, LinearExpression(r))
}
/// `l >= r`, required.
public func >= (l: Variable, r: Double) -> Constraint {
    Constraint(LinearExpression(l), .greaterThanOrEqual, LinearExpression(r))
}
