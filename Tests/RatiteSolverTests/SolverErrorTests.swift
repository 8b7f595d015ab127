import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// Every `SolverError`, with what it carries, and that the refused operation changed nothing.
@Suite struct SolverErrorTests {
    /// Runs `body`, which must throw; returns the error and checks that the core is exactly
    /// as before.
    func refused(_ solver: Solver, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                 _ body: () throws(SolverError) -> Void) -> SolverError? {
        let before = fingerprint(solver.core)
        let dump = solver.dump()
        do {
            try body()
        } catch {
            #expect(firstDifference(before, fingerprint(solver.core)) == nil, "the refused operation changed the core",
                    sourceLocation: sourceLocation)
            #expect(solver.dump() == dump, sourceLocation: sourceLocation)
            return error
        }
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    }

    /// A solver with a little of everything, so that a refusal has something to disturb.
    func busySolver() throws -> (Solver, [Variable]) {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.add(x + y == 10)
        try solver.add(x >= 0)
        try solver.add(y >= 0)
        try solver.add((z == x - y).priority(.medium))
        try solver.add((x == 20).priority(.weak))
        try solver.addEditVariable(y, priority: .strong)
        try solver.suggestValue(y, 4)
        solver.update()
        return (solver, [x, y, z])
    }

    @Test func duplicateConstraint() throws {
        let (solver, v) = try busySolver()
        let c = v[0] <= 100
        try solver.add(c)
        guard case .duplicateConstraint(let d) = refused(solver, { () throws(SolverError) in try solver.add(c) }) else {
            Issue.record("wrong error")
            return
        }
        #expect(d === c)
        #expect(solver.contains(c))
    }

    @Test func unknownConstraint() throws {
        let (solver, v) = try busySolver()
        let never = v[0] == 3
        let error = refused(solver) { () throws(SolverError) in try solver.remove(never) }
        guard case .unknownConstraint(let d) = error else {
            Issue.record("wrong error")
            return
        }
        #expect(d === never)
        // Removed twice.
        let c = v[2] >= -50
        try solver.add(c)
        try solver.remove(c)
        let removedTwice = refused(solver) { () throws(SolverError) in try solver.remove(c) }
        guard case .unknownConstraint(let e) = removedTwice else {
            Issue.record("wrong error")
            return
        }
        #expect(e === c)
    }

    @Test func duplicateEditVariable() throws {
        let (solver, v) = try busySolver()
        let error = refused(solver) { () throws(SolverError) in try solver.addEditVariable(v[1], priority: .weak) }
        guard case .duplicateEditVariable(let d) = error else {
            Issue.record("wrong error")
            return
        }
        #expect(d === v[1])
    }

    @Test func unknownEditVariable() throws {
        let (solver, v) = try busySolver()
        let stranger = Variable("stranger")
        let attempts = [(v[0], "remove"), (stranger, "remove"), (v[0], "suggest"), (stranger, "suggest")]
        for (variable, operation) in attempts {
            let error = refused(solver) { () throws(SolverError) in
                if operation == "remove" {
                    try solver.removeEditVariable(variable)
                } else {
                    try solver.suggestValue(variable, 1)
                }
            }
            guard case .unknownEditVariable(let d) = error else {
                Issue.record("wrong error for \(operation) \(variable)")
                continue
            }
            #expect(d === variable)
        }
        // No longer an edit variable after its removal.
        try solver.removeEditVariable(v[1])
        let removed = refused(solver) { () throws(SolverError) in try solver.suggestValue(v[1], 2) }
        guard case .unknownEditVariable = removed else {
            Issue.record("wrong error")
            return
        }
    }

    @Test func requiredEditVariable() throws {
        let (solver, v) = try busySolver()
        for variable in [v[0], Variable("fresh")] {
            let error = refused(solver) { () throws(SolverError) in
                try solver.addEditVariable(variable, priority: .required)
            }
            guard case .requiredEditVariable(let d) = error else {
                Issue.record("wrong error")
                continue
            }
            #expect(d === variable)
        }
    }

    @Test(arguments: [0.0, -1, -0.0, 1000.0001, 1e300, .nan, .infinity, -.infinity])
    func invalidPriority(_ p: Double) throws {
        let (solver, v) = try busySolver()
        for attempt in 0..<3 {
            let error = refused(solver) { () throws(SolverError) in
                switch attempt {
                case 0: try solver.add((v[0] == 1).priority(Priority(p)))
                case 1: try solver.add((Variable("fresh") >= 1).priority(Priority(p)))
                default: try solver.addEditVariable(v[2], priority: Priority(p))
                }
            }
            guard case .invalidPriority(let q) = error else {
                Issue.record("wrong error \(String(describing: error)) for priority \(p), attempt \(attempt)")
                continue
            }
            #expect(q.bitPattern == p.bitPattern)
        }
    }

    @Test func nonFiniteCoefficient() throws {
        let (solver, v) = try busySolver()
        let fresh = Variable("fresh")
        let cases: [(Constraint, Variable, Double)] = [
            (v[0] * .infinity == 1, v[0], .infinity),
            (v[1] + v[0] * -.infinity >= 0, v[0], -.infinity),
            (v[2] / 0 <= 4, v[2], .infinity),
            ((fresh * .nan == v[0]).priority(.weak), fresh, .nan),
        ]
        for (c, variable, coefficient) in cases {
            let error = refused(solver) { () throws(SolverError) in try solver.add(c) }
            guard case .nonFiniteCoefficient(let d, let x) = error else {
                Issue.record("wrong error for \(c)")
                continue
            }
            #expect(d === variable)
            #expect(x.bitPattern == coefficient.bitPattern || (x.isNaN && coefficient.isNaN))
            #expect(!solver.contains(c))
        }
    }

    @Test func nonFiniteConstant() throws {
        let (solver, v) = try busySolver()
        let cases: [(Constraint, Double)] = [
            (v[0] == .infinity, -.infinity),
            (v[0] + .nan >= 0, .nan),
            ((Variable("fresh") <= -.infinity).priority(.strong), .infinity),
            (LinearExpression(1e308) + 1e308 == v[1], .infinity),
        ]
        for (c, constant) in cases {
            let error = refused(solver) { () throws(SolverError) in try solver.add(c) }
            guard case .nonFiniteConstant(let x) = error else {
                Issue.record("wrong error for \(c)")
                continue
            }
            #expect(x == constant || (x.isNaN && constant.isNaN))
        }
    }

    @Test func nonFiniteSuggestedValue() throws {
        let (solver, v) = try busySolver()
        for value in [Double.nan, .infinity, -.infinity] {
            let error = refused(solver) { () throws(SolverError) in try solver.suggestValue(v[1], value) }
            guard case .nonFiniteSuggestedValue(let d, let x) = error else {
                Issue.record("wrong error for \(value)")
                continue
            }
            #expect(d === v[1])
            #expect(x == value || (x.isNaN && value.isNaN))
        }
    }

    // MARK: Unsatisfiable

    /// Checks `.unsatisfiable(subject, conflict)`: the subject is `pending`, the conflict is
    /// `expected` (by identity, in order).
    func expectConflict(_ error: SolverError?, subject pending: Constraint, _ expected: [Constraint],
                        sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard case .unsatisfiable(let subject, let conflict) = error else {
            Issue.record("expected unsatisfiable, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(subject === pending, sourceLocation: sourceLocation)
        #expect(conflict.count == expected.count && zip(conflict, expected).allSatisfy { $0 === $1 },
                "conflict \(conflict) instead of \(expected)", sourceLocation: sourceLocation)
    }

    @Test func contradictoryEqualities() throws {
        let solver = Solver()
        let x = Variable("x")
        let a = x == 1, b = x == 2
        try solver.add(a)
        expectConflict(refused(solver) { () throws(SolverError) in try solver.add(b) }, subject: b, [a, b])
        #expect(!solver.contains(b))
        solver.update()
        #expect(solver.value(of: x) == 1)
        // As an optional constraint it is fine.
        try solver.add((x == 2).priority(.strong))
    }

    @Test func contradictoryInequalities() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let a = x >= 10
        try solver.add(a)
        try solver.add(y == 3)
        let b = x <= 5
        expectConflict(refused(solver) { () throws(SolverError) in try solver.add(b) }, subject: b, [a, b])
    }

    /// Only the constraints that conflict are named, in the order they were added.
    @Test func cycleOfInequalitiesAmongBystanders() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z"), w = Variable("w")
        let a = x >= y + 1
        let b = y >= z + 1
        try solver.add(w == 4)
        try solver.add(a)
        try solver.add(x <= 100)
        try solver.add(b)
        try solver.add((z == 50).priority(.strong))
        try solver.add(w + x >= 0)
        let c = z >= x + 1
        expectConflict(refused(solver) { () throws(SolverError) in try solver.add(c) }, subject: c, [a, b, c])
    }

    /// With several minimal conflicts to choose from, the one reported is minimal: removing
    /// any member makes the rest satisfiable.
    @Test func reportedConflictIsMinimal() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        let existing = [x == 1, y == 2, x + y == 3, x >= 0, y <= 2]
        for c in existing { try solver.add(c) }
        let subject = x - y == 5
        let error = refused(solver) { () throws(SolverError) in try solver.add(subject) }
        guard case .unsatisfiable(let s, let conflict) = error else {
            Issue.record("expected a conflict")
            return
        }
        #expect(s === subject)
        #expect(conflict.last === subject)
        #expect(conflict.count == 3, "\(conflict)")
        // In addition order.
        let positions = conflict.dropLast().map { c in existing.firstIndex { $0 === c } ?? -1 }
        #expect(!positions.contains(-1) && positions == positions.sorted())
        // Infeasible together, feasible without any one member.
        let all = Solver()
        var refusedAll = false
        for c in conflict.map({ Constraint($0.lhs, $0.relation, $0.rhs) }) {
            do { try all.add(c) } catch { refusedAll = true }
        }
        #expect(refusedAll)
        for drop in conflict.indices {
            let fresh = Solver()
            for (i, c) in conflict.enumerated() where i != drop { try fresh.add(Constraint(c.lhs, c.relation, c.rhs)) }
        }
    }

    @Test func constraintWithoutVariables() throws {
        let solver = Solver()
        let never = Constraint(LinearExpression(1), .equal, LinearExpression(2))
        expectConflict(refused(solver) { () throws(SolverError) in try solver.add(never) }, subject: never, [never])
        let negative = Constraint(LinearExpression(0), .greaterThanOrEqual, LinearExpression(5))
        expectConflict(refused(solver) { () throws(SolverError) in try solver.add(negative) },
                       subject: negative, [negative])
        // True ones are accepted, and optional false ones too.
        try solver.add(Constraint(LinearExpression(3), .lessThanOrEqual, LinearExpression(5)))
        try solver.add(Constraint(LinearExpression(1), .equal, LinearExpression(2), priority: .weak))
        // A variable that cancels out is no help.
        let x = Variable("x")
        try solver.add(x >= 0)
        let cancelled = 2 * x - 2 * x == 1
        expectConflict(refused(solver) { () throws(SolverError) in try solver.add(cancelled) },
                       subject: cancelled, [cancelled])
    }

    @Test func conflictThroughAChain() throws {
        let solver = Solver()
        var v: [Variable] = []
        for i in 0..<30 { v.append(Variable("v\(i)")) }
        var chain: [Constraint] = [v[0] == 0]
        for i in 1..<30 { chain.append(v[i] == v[i - 1] + 1) }
        for c in chain { try solver.add(c) }
        for i in 0..<30 { try solver.add((v[i] == 1000).priority(.weak)) }
        // v29 is 29: asking for 30 conflicts with the whole chain.
        let subject = v[29] >= 30
        expectConflict(refused(solver) { () throws(SolverError) in try solver.add(subject) },
                       subject: subject, chain + [subject])
        // A conflict with part of the chain only.
        let partial = v[10] - v[5] <= 4
        expectConflict(refused(solver) { () throws(SolverError) in try solver.add(partial) },
                       subject: partial, Array(chain[6...10]) + [partial])
    }

    @Test func errorDescriptions() {
        let x = Variable("x")
        let c = (x >= 2).priority(.strong)
        let d = x <= 1
        #expect(SolverError.duplicateConstraint(c).description == "duplicate constraint: x >= 2 @strong")
        #expect(SolverError.unknownConstraint(d).description == "unknown constraint: x <= 1")
        #expect(SolverError.duplicateEditVariable(x).description == "'x' is already an edit variable")
        #expect(SolverError.unknownEditVariable(x).description == "'x' is not an edit variable")
        #expect(SolverError.requiredEditVariable(x).description == "edit variable 'x' cannot be required")
        #expect(SolverError.invalidPriority(0).description
            == "invalid priority 0: priorities must be greater than 0 and at most 1000")
        #expect(SolverError.nonFiniteCoefficient(x, .infinity).description == "coefficient of 'x' is not finite: inf")
        #expect(SolverError.nonFiniteConstant(.nan).description == "constant is not finite: nan")
        #expect(SolverError.nonFiniteSuggestedValue(x, -.infinity).description
            == "suggested value for 'x' is not finite: -inf")
        #expect(SolverError.unsatisfiable(d, conflict: [x >= 2, d]).description
            == "unsatisfiable required constraint x <= 1; conflicting: x >= 2; x <= 1")
        #expect(SolverError.internalError("boom").description == "internal solver error: boom")
    }

    /// A refused addition that mentions variables the solver has not seen must leave the
    /// core exactly as it was: no new variable slot, no free-list change. (A new variable can
    /// only take part in a conflict when it cancels out.)
    @Test func refusedAdditionWithNewVariablesLeavesNoTrace() throws {
        let (solver, v) = try busySolver()
        let fresh = Variable("fresh")
        let before = fingerprint(solver.core)
        // Refused before the variable is looked at.
        #expect(throws: SolverError.self) { try solver.add(v[0] + fresh * .infinity == 1) }
        #expect(throws: SolverError.self) { try solver.addEditVariable(fresh, priority: .required) }
        #expect(firstDifference(before, fingerprint(solver.core)) == nil)
        // Refused by the core.
        let cancelled = v[0] + fresh - fresh == 11
        #expect(throws: SolverError.self) { try solver.add(cancelled) }
        #expect(firstDifference(before, fingerprint(solver.core)) == nil)
    }

    /// The same when the new variables take freed slots (from the free list, which must
    /// come back in its order) as well as new ones.
    @Test func refusedAdditionReusingFreedSlotsLeavesNoTrace() throws {
        let (solver, v) = try busySolver()
        let a = Variable("a"), b = Variable("b")
        let onlyA = a == 3, onlyB = b == 4
        try solver.add(onlyA)
        try solver.add(onlyB)
        try solver.remove(onlyA)
        try solver.remove(onlyB)
        solver.update()
        let before = fingerprint(solver.core)
        let p = Variable("p"), q = Variable("q"), r = Variable("r")
        // p and q take the freed slots, r a new one; the constraint cancels to x == 11.
        let cancelled = v[0] + p - p + q - q + r - r == 11
        #expect(throws: SolverError.self) { try solver.add(cancelled) }
        #expect(firstDifference(before, fingerprint(solver.core)) == nil)
        // The next variables get the slots they would have had.
        try solver.add(p == 1)
        try solver.add(q == 2)
        try solver.add(r == 3)
        solver.update()
        #expect([solver.value(of: p), solver.value(of: q), solver.value(of: r)] == [1, 2, 3])
        #expect(solver.core.invariantViolations() == [])
    }
}
