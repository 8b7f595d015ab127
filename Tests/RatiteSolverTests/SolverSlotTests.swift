import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// How a `Solver` finds its variables and constraints again: through the stamp the owning
/// solver leaves in them, or a dictionary for objects another solver owned first.
@Suite struct SolverSlotTests {
    /// `x + w == r`, `x == 10`, `w == 30` over fresh variables.
    func system() -> (x: Variable, w: Variable, r: Variable, constraints: [Constraint]) {
        let x = Variable("x"), w = Variable("w"), r = Variable("r")
        return (x, w, r, [x + w == r, x == 10, w == 30])
    }

    /// `add` reads each term's variable without retaining it, trusting the constraint to
    /// hold it: a constraint built inline is its variables' only owner, and they must live
    /// on in the solver, found again by their stamps, a repeated variable summed once.
    @Test func variablesOnlyAConstraintHoldsLiveOnInTheSolver() throws {
        let solver = Solver()
        var x: Variable? = Variable("x")
        weak let weakX = x
        try solver.add(x! + x! == 2 * Variable("y") + 4)
        try solver.add(x! == 3)
        x = nil
        let changed = solver.update()
        let kept = try #require(weakX)
        #expect(solver.value(of: kept) == 3)
        #expect(changed.map(\.name).sorted() == ["x", "y"])
        let y = try #require(changed.first { $0.name == "y" })
        #expect(solver.value(of: y) == 1)
        // Found again by its stamp: the solver's y, which must be 1, not a new variable.
        #expect(throws: SolverError.self) { try solver.add(y <= 0) }
    }

    @Test func twoSolversShareVariablesAndConstraints() throws {
        let (x, w, r, constraints) = system()
        let first = Solver(), second = Solver()
        for c in constraints { try first.add(c) }
        for c in constraints { try second.add(c) }
        try second.add((r == 50).priority(.weak))
        first.update()
        second.update()
        #expect(first.value(of: r) == 40)
        #expect(second.value(of: r) == 40)
        try first.remove(constraints[1])
        #expect(!first.contains(constraints[1]))
        #expect(second.contains(constraints[1]))
        try second.remove(constraints[2])
        #expect(first.contains(constraints[2]))
        #expect(!second.contains(constraints[2]))
        try first.addEditVariable(x, priority: .strong)
        #expect(first.hasEditVariable(x))
        #expect(!second.hasEditVariable(x))
        try first.suggestValue(x, 5)
        first.update()
        second.update()
        #expect(first.value(of: r) == 35)
        #expect(first.value(of: w) == 30)
        // Without w == 30, the weak r == 50 now holds in the second solver.
        #expect(second.value(of: r) == 50)
        #expect(second.value(of: x) == 10)
    }

    @Test func conflictNamesSharedConstraints() throws {
        let (_, _, r, constraints) = system()
        let first = Solver(), second = Solver()
        for c in constraints { try first.add(c) }
        // The second solver takes objects the first owns: it finds them by identity.
        for c in constraints { try second.add(c) }
        let tooSmall = r <= 35
        #expect(throws: SolverError.self) { try second.add(tooSmall) }
        do {
            try second.add(tooSmall)
        } catch {
            guard case .unsatisfiable(let subject, let conflict) = error else {
                Issue.record("expected unsatisfiable, got \(error)")
                return
            }
            #expect(subject === tooSmall)
            #expect(conflict.count == 4)
            for (found, expected) in zip(conflict, constraints + [tooSmall]) { #expect(found === expected) }
        }
        #expect(!second.contains(tooSmall))
        // The refused constraint stays free: another solver can own it.
        #expect(tooSmall.slot.stamp == 0)
    }

    @Test func reuseAfterRemoval() throws {
        let (x, _, r, constraints) = system()
        let first = Solver()
        for c in constraints { try first.add(c) }
        #expect(constraints[0].slot.stamp != 0)
        try first.remove(constraints[0])
        // Removal gives the stamp back, and the variable only it used goes too.
        #expect(constraints[0].slot.stamp == 0)
        #expect(r.slot.stamp == 0)
        #expect(first.value(of: r) == 0)
        try first.add(constraints[0])
        first.update()
        #expect(first.value(of: r) == 40)
        try first.remove(constraints[0])
        let second = Solver()
        try second.add(constraints[0])
        #expect(constraints[0].slot.stamp != 0)
        #expect(second.contains(constraints[0]))
        #expect(!first.contains(constraints[0]))
        #expect(throws: SolverError.self) { try first.remove(constraints[0]) }
        #expect(first.contains(constraints[1]))
        _ = x
    }

    @Test func slotReuseAfterFree() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b")
        let old = a == 1
        try solver.add(old)
        let stale = old.slot.stamp
        try solver.remove(old)
        // The new constraint and variable take the freed core ids.
        let new = b == 2
        try solver.add(new)
        #expect(!solver.contains(old))
        #expect(solver.contains(new))
        do {
            try solver.remove(old)
            Issue.record("removing a removed constraint succeeded")
        } catch {
            guard case .unknownConstraint(let c) = error else {
                Issue.record("expected unknownConstraint, got \(error)")
                return
            }
            #expect(c === old)
        }
        // A stale stamp (the slot's generation has moved on) names nothing.
        #expect(old.claimSlot(stale))
        #expect(!solver.contains(old))
        old.releaseSlot(stale)
        solver.update()
        #expect(solver.value(of: a) == 0)
        #expect(solver.value(of: b) == 2)
    }

    @Test func stampsGoBackWhenTheOwnerGoes() throws {
        let (x, _, _, constraints) = system()
        var first: Solver? = Solver()
        let second = Solver()
        for c in constraints { try first!.add(c) }
        try second.add(constraints[1])
        first = nil
        // The first solver's deinit gave every stamp back; the second keeps finding the
        // constraint it holds by identity, and a third solver can own them all.
        #expect(x.slot.stamp == 0)
        #expect(second.contains(constraints[1]))
        try second.remove(constraints[1])
        #expect(!second.contains(constraints[1]))
        let third = Solver()
        for c in constraints { try third.add(c) }
        #expect(constraints.allSatisfy { $0.slot.stamp != 0 })
        third.reset()
        #expect(constraints.allSatisfy { $0.slot.stamp == 0 && !third.contains($0) })
        for c in constraints { try third.add(c) }
        third.update()
        #expect(third.value(of: x) == 10)
    }

    /// Sharing objects changes how they are found, not the answers: the same operations
    /// give the same tableau and bit-identical values.
    @Test func sharedObjectsGiveIdenticalAnswers() throws {
        func build(_ owner: Solver?) throws -> (Solver, [Variable]) {
            let v = (0..<6).map { Variable("v\($0)") }
            var cs: [Constraint] = [v[0] == 0]
            for i in 1..<6 { cs.append(v[i] == v[i - 1] + 7.5) }
            cs.append((v[5] == 100).priority(.weak))
            if let owner { for c in cs { try owner.add(c) } }
            let solver = Solver()
            for c in cs { try solver.add(c) }
            try solver.addEditVariable(v[2], priority: .medium)
            try solver.suggestValue(v[2], 3.25)
            solver.update()
            return (solver, v)
        }
        let other = Solver()
        let (plain, pv) = try build(nil)
        let (shared, sv) = try build(other)
        #expect(plain.dump() == shared.dump())
        for (p, s) in zip(pv, sv) {
            #expect(plain.value(of: p).bitPattern == shared.value(of: s).bitPattern)
        }
    }
}
