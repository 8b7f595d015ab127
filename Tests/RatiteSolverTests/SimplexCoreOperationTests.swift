import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The integer-addressed core: every operation, including the ones `Solver` does not expose
/// (`setConstant`, `setPriority`), and every `CoreError`, on small hand-checked systems.
@Suite struct SimplexCoreOperationTests {
    /// Checks the core's own invariants and cached values, then returns the values.
    func checked(_ d: inout CoreDriver, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [Double] {
        #expect(d.problems() == [], sourceLocation: sourceLocation)
        return d.values()
    }

    @Test func addAndRemoveReturnIdsAndRecycleThem() throws {
        var d = CoreDriver(variableCount: 2)
        let a = try d.add(ref([(0, 1)], -5, .equal))
        let b = try d.add(ref([(1, 1), (0, -1)], -1, .greaterThanOrEqual))
        #expect(a != b)
        #expect(checked(&d) == [5, 6])
        try d.core.removeConstraint(a)
        #expect(!d.core.isConstraint(a) && d.core.isConstraint(b))
        // The slot is reused.
        let c = try d.add(ref([(0, 1)], -1, .equal))
        #expect(c == a)
        #expect(checked(&d) == [1, 2])
    }

    @Test func setConstantOnRequiredConstraints() throws {
        var d = CoreDriver(variableCount: 2)
        let eq = try d.add(ref([(0, 1)], -5, .equal))  // x == 5
        let ge = try d.add(ref([(1, 1), (0, -1)], -10, .greaterThanOrEqual))  // y >= x + 10
        _ = try d.add(ref([(1, 1)], 0, .equal, 250))  // y == 0 @weak
        #expect(checked(&d) == [5, 15])
        try d.core.setConstant(eq, -7)  // x == 7
        #expect(checked(&d) == [7, 17])
        try d.core.setConstant(ge, 20)  // y >= x - 20
        #expect(checked(&d) == [7, 0])
        try d.core.setConstant(ge, -3)  // y >= x + 3
        #expect(checked(&d) == [7, 10])
        #expect(d.core.registry.constraints[Int(eq)].constant == -7)
        // An unchanged constant is a no-op.
        let before = fingerprint(d.core)
        try d.core.setConstant(eq, -7)
        #expect(fingerprint(d.core) == before)
    }

    @Test func setConstantOnOptionalConstraints() throws {
        var d = CoreDriver(variableCount: 1)
        let strong = try d.add(ref([(0, 1)], -10, .lessThanOrEqual, 750))  // x <= 10 @strong
        let weak = try d.add(ref([(0, 1)], -4, .equal, 250))  // x == 4 @weak
        #expect(checked(&d) == [4])
        try d.core.setConstant(weak, -30)
        #expect(checked(&d) == [10])
        try d.core.setConstant(strong, -50)
        #expect(checked(&d) == [30])
        try d.core.setConstant(weak, 2)
        #expect(checked(&d) == [-2])
    }

    /// A constant change reaches definition rows that refer to the changed constraint's
    /// marker when that marker is basic in an LP row.
    ///
    /// Edit x (its edit row defines x), then x == 5 (required): phase one makes the edit's
    /// error basic in an LP row while x's definition row still refers to it. A new suggestion
    /// then shifts the LP row but not the definition: x ends at -5 instead of 5.
    @Test func constantChangeReachesDefinitionsOfABasicMarker() throws {
        var d = CoreDriver(variableCount: 1)
        try d.core.addEditVariable(d.variables[0], priority: 750)
        _ = try d.add(ref([(0, 1)], -5, .equal))
        #expect(checked(&d) == [5])
        try d.core.suggestValue(d.variables[0], 10)
        #expect(checked(&d) == [5], "the required x == 5 must hold")
    }

    /// The same through `Solver` (edit, required equality, suggestion).
    @Test func suggestionAfterARequiredConstraintOnTheEditVariable() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.addEditVariable(x, priority: .strong)
        try solver.add(x == 5)
        try solver.suggestValue(x, 10)
        solver.update()
        #expect(solver.value(of: x) == 5)
        #expect(solver.core.invariantViolations() == [])
    }

    /// The same with stays instead of edits: changing the constant of a stay that other
    /// rows have made basic.
    @Test func constantChangeOfAStay() throws {
        var d = CoreDriver(variableCount: 2)
        let stay = try d.add(ref([(0, 1)], 3, .equal, 1))  // x0 == -3 @1
        _ = try d.add(ref([(1, 1)], 3, .equal, 2))  // x1 == -3 @2
        _ = try d.add(ref([(0, 1), (1, 2)], -5, .greaterThanOrEqual, 750))  // x0 + 2 x1 >= 5 @strong
        #expect(checked(&d) == [11, -3])
        try d.core.setConstant(stay, 0)  // x0 == 0 @1: still x0 = 11
        #expect(checked(&d) == [11, -3])
    }

    @Test func setPriorityBetweenOptionalLevels() throws {
        var d = CoreDriver(variableCount: 1)
        let low = try d.add(ref([(0, 1)], 0, .equal, 250))  // x == 0 @weak
        _ = try d.add(ref([(0, 1)], -10, .equal, 500))  // x == 10 @medium
        #expect(checked(&d) == [10])
        #expect(d.core.objective.levelOrder.map { d.core.objective.levels[Int($0)].priority } == [500, 250])
        try d.core.setPriority(low, 750)
        #expect(checked(&d) == [0])
        // The weak level is gone, the strong one exists.
        #expect(d.core.objective.levelOrder.map { d.core.objective.levels[Int($0)].priority } == [750, 500])
        try d.core.setPriority(low, 500)
        // Tie at medium: both cost 10 anywhere in [0, 10]; still a valid optimum.
        let x = checked(&d)[0]
        #expect(x >= 0 && x <= 10)
        #expect(d.core.objective.levelOrder.map { d.core.objective.levels[Int($0)].priority } == [500])
        try d.core.setPriority(low, 333)
        #expect(checked(&d) == [10])
        // Unchanged priority: no-op.
        let before = fingerprint(d.core)
        try d.core.setPriority(low, 333)
        #expect(fingerprint(d.core) == before)
    }

    @Test func setPriorityAcrossRequired() throws {
        var d = CoreDriver(variableCount: 2)
        let a = try d.add(ref([(0, 1)], -10, .equal, 250))  // x == 10 @weak
        _ = try d.add(ref([(0, 1)], 0, .equal, 500))  // x == 0 @medium
        let ineq = try d.add(ref([(1, 1), (0, -1)], 0, .greaterThanOrEqual, 600))  // y >= x @600
        _ = try d.add(ref([(1, 1)], 5, .equal, 250))  // y == -5 @weak
        #expect(checked(&d) == [0, 0])
        try d.core.setPriority(a, 1000)  // x == 10 required
        #expect(checked(&d) == [10, 10])
        #expect(d.core.registry.constraints[Int(a)].isRequired)
        try d.core.setPriority(ineq, 1000)
        try d.core.setPriority(a, 400)  // back to optional, below medium
        #expect(checked(&d) == [0, 0])
        try d.core.setPriority(ineq, 100)
        #expect(checked(&d) == [0, -5])
        try d.core.setPriority(a, 1000)
        try d.core.setPriority(ineq, 1000)
        #expect(checked(&d) == [10, 10])
    }

    @Test func editVariablesThroughTheCore() throws {
        var d = CoreDriver(variableCount: 2)
        _ = try d.add(ref([(1, 1), (0, -2)], 0, .equal))  // y == 2x
        try d.core.addEditVariable(d.variables[0], priority: 500)
        #expect(d.core.isEditVariable(d.variables[0]) == true)
        let edit = d.core.registry.variables[Int(d.variables[0])].edit
        #expect(d.core.editVariable(ofConstraint: edit) == d.variables[0])
        try d.core.suggestValue(d.variables[0], 3)
        #expect(checked(&d) == [3, 6])
        // The edit's constraint is not removable as a constraint, but its priority can change
        // (below required only).
        #expect(throws: CoreError.unknownConstraint(edit)) { try d.core.removeConstraint(edit) }
        #expect(throws: CoreError.requiredEditVariable(d.variables[0])) { try d.core.setPriority(edit, 1000) }
        try d.core.setPriority(edit, 250)
        _ = try d.add(ref([(1, 1)], -8, .equal, 500))  // y == 8 @medium now beats the edit
        #expect(checked(&d) == [4, 8])
        try d.core.removeEditVariable(d.variables[0])
        #expect(d.core.isEditVariable(d.variables[0]) == false)
        #expect(checked(&d) == [4, 8])
    }

    @Test func coreErrors() throws {
        let d = CoreDriver(variableCount: 2)
        let id = try d.add(ref([(0, 1)], -1, .equal))
        _ = try d.add(ref([(1, 1)], -2, .equal, 500))
        let x = d.variables[0]
        let before = fingerprint(d.core)
        func same(_ sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            #expect(firstDifference(before, fingerprint(d.core)) == nil, sourceLocation: sourceLocation)
        }
        let unknownVariable: Int32 = 17
        #expect(throws: CoreError.unknownVariable(unknownVariable)) {
            _ = try d.core.addConstraint(terms: [VariableTerm(variable: unknownVariable, coefficient: 1)], constant: 0,
                                         relation: .equal, priority: 1000)
        }
        #expect(throws: CoreError.unknownVariable(-1)) {
            _ = try d.core.addConstraint(terms: [VariableTerm(variable: -1, coefficient: 1)], constant: 0,
                                         relation: .equal, priority: 1000)
        }
        same()
        for p in [0.0, -3, 1000.5] {
            #expect(throws: CoreError.invalidPriority(p)) {
                _ = try d.core.addConstraint(terms: [VariableTerm(variable: x, coefficient: 1)], constant: 0,
                                             relation: .equal, priority: p)
            }
            #expect(throws: CoreError.invalidPriority(p)) { try d.core.setPriority(id, p) }
            #expect(throws: CoreError.invalidPriority(p)) { try d.core.addEditVariable(x, priority: p) }
        }
        #expect(throws: CoreError.self) {
            _ = try d.core.addConstraint(terms: [VariableTerm(variable: x, coefficient: 1)], constant: 0,
                                         relation: .equal, priority: .nan)
        }
        #expect(throws: CoreError.nonFiniteCoefficient(variable: x, .infinity)) {
            _ = try d.core.addConstraint(terms: [VariableTerm(variable: x, coefficient: .infinity)], constant: 0,
                                         relation: .equal, priority: 500)
        }
        #expect(throws: CoreError.nonFiniteConstant(-.infinity)) {
            _ = try d.core.addConstraint(terms: [VariableTerm(variable: x, coefficient: 1)], constant: -.infinity,
                                         relation: .equal, priority: 500)
        }
        #expect(throws: CoreError.nonFiniteConstant(.infinity)) { try d.core.setConstant(id, .infinity) }
        #expect(throws: CoreError.unknownConstraint(99)) { try d.core.removeConstraint(99) }
        #expect(throws: CoreError.unknownConstraint(-1)) { try d.core.setConstant(-1, 0) }
        #expect(throws: CoreError.unknownConstraint(5)) { try d.core.setPriority(5, 500) }
        #expect(throws: CoreError.requiredEditVariable(x)) { try d.core.addEditVariable(x, priority: 1000) }
        #expect(throws: CoreError.unknownEditVariable(x)) { try d.core.removeEditVariable(x) }
        #expect(throws: CoreError.unknownEditVariable(x)) { try d.core.suggestValue(x, 1) }
        #expect(throws: CoreError.unknownVariable(unknownVariable)) {
            try d.core.addEditVariable(unknownVariable, priority: 500)
        }
        #expect(throws: CoreError.internalError("variable \(x) is still in use")) { try d.core.deleteVariable(x) }
        #expect(throws: CoreError.unknownVariable(unknownVariable)) { try d.core.deleteVariable(unknownVariable) }
        same()
        try d.core.addEditVariable(x, priority: 500)
        #expect(throws: CoreError.duplicateEditVariable(x)) { try d.core.addEditVariable(x, priority: 250) }
        #expect(throws: CoreError.nonFiniteValue(variable: x, .infinity)) { try d.core.suggestValue(x, .infinity) }
        // Removed constraints are unknown.
        try d.core.removeConstraint(id)
        #expect(throws: CoreError.unknownConstraint(id)) { try d.core.removeConstraint(id) }
        #expect(throws: CoreError.unknownConstraint(id)) { try d.core.setConstant(id, 3) }
    }

    @Test func unsatisfiableAdditionNamesTheConflict() throws {
        var d = CoreDriver(variableCount: 3)
        let a = try d.add(ref([(0, 1), (1, -1)], -1, .greaterThanOrEqual))  // x >= y + 1
        _ = try d.add(ref([(2, 1)], -7, .equal))  // z == 7
        _ = try d.add(ref([(0, 1)], 0, .equal, 250))  // x == 0 @weak
        let before = fingerprint(d.core, transient: false)
        #expect(throws: CoreError.unsatisfiable(conflict: [a, pendingConstraintID])) {
            _ = try d.add(ref([(1, 1), (0, -1)], 0, .greaterThanOrEqual))  // y >= x
        }
        #expect(firstDifference(before, fingerprint(d.core, transient: false)) == nil)
        let v = checked(&d)
        #expect(v[0] == 0 && v[1] <= -1 && v[2] == 7)
    }

    @Test func addThenRemoveKeepsValues() throws {
        var d = CoreDriver(variableCount: 3)
        _ = try d.add(ref([(0, 1)], -3, .equal, 1))
        _ = try d.add(ref([(1, 1)], 2, .equal, 2))
        _ = try d.add(ref([(2, 1)], 0, .equal, 3))
        _ = try d.add(ref([(0, 1), (1, 1), (2, 1)], -4, .lessThanOrEqual, 750))
        let before = checked(&d)
        #expect(before == [3, -2, 0])
        let probes = [
            ref([(0, 1), (2, -1)], 0, .equal), ref([(1, 2), (2, 1)], -9, .greaterThanOrEqual, 500),
            ref([(0, 1)], -20, .equal, 600),
        ]
        for probe in probes {
            let id = try d.add(probe)
            _ = checked(&d)
            try d.core.removeConstraint(id)
            #expect(checked(&d) == before)
        }
    }

    /// Removing one of two identical required equalities must keep the other satisfied.
    ///
    /// The second copy is redundant and becomes an LP row `d7 = 0 + d6` (its dummy in terms
    /// of the first copy's dummy). Removing the first copy picks the row to pivot its dummy
    /// into by Cassowary's ratio rule, which prefers a row with a negative coefficient and
    /// ignores that a dummy-basic row must stay at exactly 0: the pivot leaves `d7 = 3 + ...`
    /// and the remaining copy violated by 3 (`invariantViolations` reports the infeasible
    /// row; nothing repairs it because removal runs no dual simplex).
    @Test func removingOneOfTwoIdenticalRequiredEqualities() throws {
        var d = CoreDriver(variableCount: 2)
        _ = try d.add(ref([(0, 1)], -4, .equal, 1))  // x0 == 4 @1
        _ = try d.add(ref([(1, 1)], 4, .equal, 2))  // x1 == -4 @2
        let first = try d.add(ref([(1, -2), (0, -1)], -7, .equal))  // -2 x1 - x0 - 7 == 0
        _ = try d.add(ref([(1, -2), (0, -1)], -7, .equal))  // the same again
        #expect(checked(&d) == [1, -4])
        try d.core.removeConstraint(first)
        #expect(checked(&d) == [1, -4])
    }

    /// Successful operations leave the per-operation queues (candidates, pending objective
    /// changes, infeasible rows) and their flags empty: otherwise a later rollback, which
    /// clears them, does not restore the core bit for bit.
    @Test func queuesAreEmptyBetweenOperations() throws {
        var d = CoreDriver(variableCount: 1)
        try d.core.addEditVariable(d.variables[0], priority: 999)
        let id = try d.add(ref([(0, 3)], -4, .equal))  // 3 x == 4
        try d.core.removeConstraint(id)
        #expect(d.core.operation.infeasible.isEmpty, "infeasible queue \(d.core.operation.infeasible)")
        #expect(d.core.objective.candidates.isEmpty && d.core.objective.pending.isEmpty)
        #expect(d.core.operation.flags.elements.allSatisfy { $0 & ~SymbolFlags.dirty == 0 },
                "flags \(Array(d.core.operation.flags.elements))")
        #expect(checked(&d) == [0])
    }

    /// `setConstants` moves several constants in one step: constraints that agree only once
    /// all of them have moved never conflict halfway; a batch that does conflict is refused
    /// whole.
    @Test func setConstantsInOneStep() throws {
        var d = CoreDriver(variableCount: 2)
        let a = try d.add(ref([(0, 1)], -5, .equal))  // x == 5
        let b = try d.add(ref([(1, 1)], -5, .greaterThanOrEqual))  // y >= 5
        _ = try d.add(ref([(0, 1), (1, -1)], 0, .lessThanOrEqual))  // x <= y
        _ = try d.add(ref([(1, 1)], 0, .equal, 250))  // y == 0 @weak
        #expect(checked(&d) == [5, 5])
        try d.core.setConstants([(a, -9), (b, -12)])  // x == 9, y >= 12
        #expect(checked(&d) == [9, 12])
        let cap = try d.add(ref([(1, 1)], -12, .lessThanOrEqual))  // y <= 12
        // x == 13 alone conflicts with x <= y <= 12; together with y <= 20 it fits.
        #expect(throws: CoreError.self) { try d.core.setConstant(a, -13) }
        try d.core.setConstants([(a, -13), (cap, -20)])
        #expect(checked(&d) == [13, 13])
        // A conflicting batch changes nothing.
        let before = fingerprint(d.core, transient: false)
        #expect(throws: CoreError.self) { try d.core.setConstants([(a, -30), (b, -1)]) }
        #expect(firstDifference(before, fingerprint(d.core, transient: false)) == nil)
        #expect(throws: CoreError.unknownConstraint(99)) { try d.core.setConstants([(a, -1), (99, 0)]) }
        #expect(throws: CoreError.nonFiniteConstant(.infinity)) { try d.core.setConstants([(a, -1), (b, .infinity)]) }
        #expect(firstDifference(before, fingerprint(d.core, transient: false)) == nil)
        #expect(checked(&d) == [13, 13])
    }

    /// A refused batch over a long chain is explained by one incremental scratch core (a
    /// scratch core per candidate took 13 s for 2,000 links in a release build): the whole
    /// chain conflicts, and nothing else.
    @Test func aBatchConflictAlongALongChainIsMinimal() throws {
        let n = 1_000
        let d = CoreDriver(variableCount: n + 1)
        let start = try d.add(ref([(0, 1)], 0, .greaterThanOrEqual))  // x0 >= 0
        var links: [Int32] = []
        for i in 0 ..< n {
            links.append(try d.add(ref([(i + 1, 1), (i, -1)], -1, .greaterThanOrEqual)))  // x(i+1) >= x(i) + 1
        }
        let cap = try d.add(ref([(n, 1)], -Double(n + 10), .lessThanOrEqual))  // x(n) <= n + 10
        let unrelated = try d.add(ref([(1, 1)], -1, .greaterThanOrEqual))  // x1 >= 1, implied
        // x0 >= 20 with x(n) <= n + 10 cannot hold along the chain.
        let error = #expect(throws: CoreError.self) { try d.core.setConstants([(start, -20), (cap, -Double(n + 10))]) }
        guard case .unsatisfiable(let conflict)? = error else {
            Issue.record("expected a conflict, not \(String(describing: error))")
            return
        }
        #expect(conflict == [start] + links + [cap])
        #expect(!conflict.contains(unrelated))
    }
}

