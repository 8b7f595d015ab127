import Ratite
import RatiteExact

/// A constraint for the reference solver (`ReferenceLP`), used by the tests and the fuzzers.
///
/// A constraint is `Σ coefficient·x + constant  relation  0` at a priority; priority 1000 is
/// required. Optional constraints are measured as the solver promises: |error| for an
/// equality, the shortfall for an inequality, summed within a level.
public struct ReferenceConstraint: CustomStringConvertible, Sendable {
    public var terms: [(variable: Int, coefficient: Double)]
    public var constant: Double
    public var relation: Relation
    public var priority: Double

    public init(terms: [(variable: Int, coefficient: Double)], constant: Double, relation: Relation, priority: Double) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
    }

    public var isRequired: Bool { priority >= 1000 }

    public var description: String {
        var text = terms.map { "\($0.coefficient)*x\($0.variable)" }.joined(separator: " + ")
        if text.isEmpty { text = "0" }
        return "\(text) + \(constant) \(relation.symbol) 0 @\(priority)"
    }

    /// The value of the left side at `values`.
    public func evaluate(_ values: [Double]) -> Double {
        var sum = constant
        for t in terms { sum += t.coefficient * values[t.variable] }
        return sum
    }

    /// How much the constraint is violated at `values` (0 when it holds).
    public func violation(_ values: [Double]) -> Double {
        let e = evaluate(values)
        switch relation {
        case .equal: return abs(e)
        case .greaterThanOrEqual: return max(0, -e)
        case .lessThanOrEqual: return max(0, e)
        }
    }
}

public enum ReferenceResult: Sendable {
    /// The required constraints cannot hold together.
    case infeasible
    /// The lexicographic optimum: one value per optional priority level, highest first, and
    /// one optimal point (the only one when the optimum is unique).
    case optimal(objective: [(priority: Double, value: Double)], values: [Double])
}

/// Objective vector of `values` under `constraints`: per optional priority, highest first,
/// the summed violations.
public func objectiveVector(
    _ constraints: [ReferenceConstraint], values: [Double]
) -> [(priority: Double, value: Double)] {
    let priorities = Set(constraints.filter { !$0.isRequired }.map(\.priority)).sorted(by: >)
    return priorities.map { p in
        (p, constraints.filter { $0.priority == p }.reduce(0.0) { $0 + $1.violation(values) })
    }
}

/// The exact reference: the core's exact simplex (`ExactLP`), which shares no code with the
/// floating-point tableau it checks and computes in `Int128`, then `BigInt` when a number
/// leaves that range, so every answer is exact.
public enum ReferenceLP {
    /// Solves `constraints` over `variableCount` free variables.
    public static func solve(variableCount: Int, constraints: [ReferenceConstraint]) -> ReferenceResult {
        switch ExactLP.solve(variableCount: variableCount, constraints: constraints.map(\.exact)) {
        case .infeasible: return .infeasible
        case .optimal(let objective, let values): return .optimal(objective: objective, values: values)
        }
    }

    /// Whether the required constraints among `constraints` can hold together.
    public static func isFeasible(variableCount: Int, constraints: [ReferenceConstraint]) -> Bool {
        ExactLP.isFeasible(variableCount: variableCount, constraints: constraints.map(\.exact))
    }

    /// What is wrong with `conflict` as a minimal conflicting set of required constraints:
    /// nil when it cannot hold and it can without any one member; `.canHold` when it can
    /// hold as it is; `.notMinimal(k)` when it still cannot without member k.
    ///
    /// The systems without one member differ from each other by two constraints, so each is
    /// started from the basis of the one before (`ReferenceSession`): a conflict of 60
    /// members costs a few pivots per member rather than 60 cold solves. One exact
    /// elimination proves most sets right (`IrreducibleConflict`); only a set it cannot
    /// prove is checked member by member.
    public static func conflictFlaw(variableCount: Int, conflict: [ReferenceConstraint]) -> ConflictFlaw? {
        if IrreducibleConflict.isProved(variableCount: variableCount, constraints: conflict.map(\.exact)) {
            return nil
        }
        let keyed = conflict.enumerated().map { (key: $0.offset, constraint: $0.element) }
        var session = ReferenceSession(variableCount: variableCount)
        if session.isFeasible(keyed) { return .canHold }
        for k in keyed.indices {
            var smaller = keyed
            smaller.remove(at: k)
            if !session.isFeasible(smaller) { return .notMinimal(member: k) }
        }
        return nil
    }

    /// How a set offered as a minimal conflict fails to be one (`conflictFlaw`).
    public enum ConflictFlaw: Equatable, Sendable {
        case canHold
        case notMinimal(member: Int)
    }
}

extension ReferenceConstraint {
    /// Whether the constraint holds at `point` in exact arithmetic.
    func holdsExactly(at point: [Rational]) -> Bool {
        var sum = Rational(constant)
        for (v, a) in terms where a != 0 { sum += Rational(a) * point[v] }
        switch relation {
        case .equal: return sum.isZero
        case .greaterThanOrEqual: return sum.sign >= 0
        case .lessThanOrEqual: return sum.sign <= 0
        }
    }

    var exact: ExactConstraint {
        ExactConstraint(terms: terms, constant: constant, relation: relation.exact, priority: priority)
    }
}

/// The exact reference over a sequence of related systems, as a campaign poses them: each
/// solve starts from the basis of the last one, carried over to the constraints both share
/// (named by caller-chosen keys). The answers are exact whatever the start, which only
/// saves pivots: a system of 400 constraints one addition away from the last is decided
/// with a single factorization instead of hundreds of pivots.
public struct ReferenceSession: Sendable {
    public let variableCount: Int
    /// The last basis of each kind of question (optimum, feasibility): the basic variables
    /// and each constraint key's basic own column.
    private var bases = [(basicVariables: [Int], ownColumn: [Int: Int], values: [Rational])](
        repeating: ([], [:], []), count: 2)

    public init(variableCount: Int) { self.variableCount = variableCount }

    /// The lexicographic optimum of `constraints`. With `near` (another solver's answer),
    /// the search starts from the vertex that point lies on rather than the last basis.
    public mutating func solve(
        _ constraints: [(key: Int, constraint: ReferenceConstraint)], near point: [Double]? = nil
    ) -> ReferenceResult {
        switch run(constraints, requiredOnly: false, near: point) {
        case .infeasible: return .infeasible
        case .optimal(let objective, let values): return .optimal(objective: objective, values: values)
        }
    }

    /// Whether the required constraints among `constraints` can hold together.
    ///
    /// The point of the last feasible answer is kept: when every required constraint holds
    /// there exactly (as after a removal, or an addition that point happens to satisfy), it
    /// certifies the answer without a solve.
    public mutating func isFeasible(_ constraints: [(key: Int, constraint: ReferenceConstraint)]) -> Bool {
        let required = constraints.filter { $0.constraint.isRequired }
        let point = bases[1].values
        if !point.isEmpty && required.allSatisfy({ $0.constraint.holdsExactly(at: point) }) { return true }
        if case .infeasible = run(required, requiredOnly: true) { return false }
        return true
    }

    private mutating func run(
        _ constraints: [(key: Int, constraint: ReferenceConstraint)], requiredOnly: Bool, near point: [Double]? = nil
    ) -> ExactResult {
        let kind = requiredOnly ? 1 : 0
        let hint = ExactBasisHint(
            basicVariables: bases[kind].basicVariables,
            ownColumns: constraints.map { bases[kind].ownColumn[$0.key] ?? -1 }, values: bases[kind].values)
        let (result, basis) = ExactLP.solve(
            variableCount: variableCount, constraints: constraints.map(\.constraint.exact), hint: hint, near: point,
            requiredOnly: requiredOnly)
        if let basis {
            bases[kind].basicVariables = basis.basicVariables
            bases[kind].values = basis.values
            for (k, c) in constraints.enumerated() { bases[kind].ownColumn[c.key] = basis.ownColumns[k] }
        }
        return result
    }
}
