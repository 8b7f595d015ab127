import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The per-constraint records are what a 100k-constraint build's memory is made of (see the
/// issue's 300-bytes-per-constraint target): a field added in the wrong place grows them by
/// a whole alignment step.
@Suite struct CoreRecordSizeTests {
    @Test func recordsKeepTheirPackedSizes() {
        #expect(MemoryLayout<ConstraintRecord>.stride == 32)
        #expect(MemoryLayout<SymbolRecord>.stride == 12)
        #expect(MemoryLayout<ObjectiveNodeStore.Link>.stride == 8)
        #expect(MemoryLayout<Row>.stride == 24)
        #expect(MemoryLayout<VariableRecord>.stride == 24)
        #expect(MemoryLayout<ColumnNode>.stride == 8)
    }

    /// Serials share a word with the relation and flags, so they run out at 2^28: the live
    /// constraints are then numbered afresh in addition order (journaled: a refused
    /// addition that renumbered leaves the old numbers), and conflicts still list
    /// constraints in the order they were added.
    @Test func serialsRenumberWhenTheyRunOut() throws {
        let d = CoreDriver(variableCount: 3)
        d.core.registry.serialCounter = ConstraintRecord.serialLimit - 4
        let a = try d.add(ref([(0, 1)], -1, .equal))  // x0 == 1
        let b = try d.add(ref([(1, 1), (0, -1)], 0, .equal))  // x1 == x0
        let c = try d.add(ref([(2, 1), (1, -1)], 0, .lessThanOrEqual))  // x2 <= x1
        #expect(d.core.registry.serialCounter == ConstraintRecord.serialLimit - 1)
        let before = fingerprint(d.core)
        // The next addition renumbers first; this one is refused, so nothing changes.
        #expect(throws: CoreError.unsatisfiable(conflict: [a, b, c, pendingConstraintID])) {
            _ = try d.add(ref([(2, 1)], -5, .greaterThanOrEqual))  // x2 >= 5
        }
        #expect(firstDifference(before, fingerprint(d.core)) == nil)
        let e = try d.add(ref([(0, 1)], 0, .greaterThanOrEqual))
        #expect([a, b, c, e].map { d.core.registry.constraints[Int($0)].serial } == [1, 2, 3, 4])
        #expect(d.core.registry.serialCounter == 4)
        #expect([a, b, c, e].map { d.core.registry.constraints[Int($0)].relation }
            == [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual])
        #expect(throws: CoreError.unsatisfiable(conflict: [a, b, c, pendingConstraintID])) {
            _ = try d.add(ref([(2, 1)], -5, .greaterThanOrEqual))
        }
        #expect(d.problems() == [])
    }

    /// Stored terms come back bit for bit, in both encodings (a word a term for unit
    /// coefficients, three for any other) and across a compaction of the shared array.
    @Test func storedTermsComeBackExactly() throws {
        let d = CoreDriver(variableCount: 6)
        let x = d.variables
        let written: [[(Int32, Double)]] = [
            [(x[0], 1), (x[1], -1)],
            [(x[2], 1), (x[3], -1), (x[4], 1)],
            [(x[0], 2), (x[5], -1)],
            [(x[1], -0.5), (x[2], 1e-300), (x[3], -1.0000000000000002)],
            [(x[5], 1)],
        ]
        var ids: [Int32] = []
        for (k, terms) in written.enumerated() {
            ids.append(try d.core.addConstraint(
                terms: terms.map { VariableTerm(variable: $0.0, coefficient: $0.1) }, constant: Double(k),
                relation: .lessThanOrEqual, priority: 500))
        }
        func expectStored(sourceLocation: SourceLocation = #_sourceLocation) {
            for (id, terms) in zip(ids, written) {
                let stored = d.core.terms(ofConstraint: id).map { ($0.variable, $0.coefficient.bitPattern) }
                #expect(stored.elementsEqual(terms.map { ($0.0, $0.1.bitPattern) }) { $0 == $1 },
                        sourceLocation: sourceLocation)
            }
        }
        expectStored()
        #expect(d.core.registry.constraintTerms.count == 2 + 3 + 6 + 9 + 1)
        // Enough removed constraints to pass the compaction threshold.
        for _ in 0 ..< 600 {
            let id = try d.core.addConstraint(
                terms: [VariableTerm(variable: x[0], coefficient: 3), VariableTerm(variable: x[1], coefficient: 1)],
                constant: 0, relation: .lessThanOrEqual, priority: 250)
            try d.core.removeConstraint(id)
        }
        #expect(d.core.registry.constraintTerms.count < 600 * 6)
        expectStored()
        #expect(d.problems() == [])
    }

    /// Adds `v(i) == v(i-1) + 1` for `count` new variables, calling `after` after each.
    func addChain(of count: Int, to d: inout CoreDriver, after: (borrowing SimplexCore) -> Void = { _ in }) throws {
        var previous = d.core.newVariable(name: "v0")
        for i in 1..<count {
            let v = d.core.newVariable(name: "v\(i)")
            _ = try d.core.addConstraint(
                terms: [VariableTerm(variable: v, coefficient: 1), VariableTerm(variable: previous, coefficient: -1)],
                constant: -1, relation: .equal, priority: 1000)
            previous = v
            after(d.core)
        }
    }

    /// Freed heap pages go back to the system each time the big arrays have grown by a
    /// megabyte past the floor (lowered here from 32 MiB), and never below it.
    @Test func freedPagesGoBackOnlyAfterLargeGrowth() throws {
        var d = CoreDriver(variableCount: 0)
        #expect(d.core.tuning.trimmingFloor == defaultTrimmingFloor)
        d.core.tuning.trimmingFloor = 1 << 20
        var trims: [Int] = []
        try addChain(of: 20000, to: &d) { core in
            if core.reservedAtLastTrim != trims.last ?? 0 { trims.append(core.reservedAtLastTrim) }
            if core.reservedBytes < core.tuning.trimmingFloor { #expect(trims.isEmpty) }
        }
        #expect(trims.count >= 2)
        for (a, b) in zip([0] + trims, trims) { #expect(b - a >= trimmingStep) }
        #expect(d.core.reservedBytes - trims.last! < trimmingStep)
    }

    /// The workspace is sized to the rows it builds, not to every symbol: a dense array
    /// over all symbols cost about 18 bytes per constraint at 100k.
    @Test func workspaceStaysSizedToItsRows() throws {
        var d = CoreDriver(variableCount: 0)
        try addChain(of: 3000, to: &d)
        #expect(d.core.tableau.symbols.count > 5000)
        #expect(d.core.scratch.workspace.reservedBytes <= 4096)
    }

    /// The hashed workspace against a plain reference, on random sums (fixed seed): growth
    /// past many sizes, repeated symbols, `take`, and reuse after `reset`.
    @Test func workspaceSumsLikeAReference() {
        var random = SplitMix64(seed: 7)
        var w = SparseAccumulator()
        for round in 0..<40 {
            w.reset()
            var reference: [Int32: Double] = [:]
            var order: [Int32] = []
            let span = 1 + random.below(round * 200 + 10)
            for _ in 0..<random.below(span * 2 + 1) {
                let s = Int32(random.below(span) * 3 + 1)
                let c = Double(random.below(2001) - 1000) / 8
                if reference[s] == nil { order.append(s) }
                reference[s, default: 0] += c
                w.add(s, c)
                if random.below(10) == 0 {
                    let t = order[random.below(order.count)]
                    #expect(w.take(t) == reference[t]!)
                    reference[t] = 0
                }
            }
            #expect(w.symbols == order)
            for s in order { #expect(w.coefficient(s) == reference[s]!) }
            #expect(w.coefficient(0) == 0 && w.coefficient(2) == 0)
            var terms: [Cell] = []
            w.sortedTerms(into: &terms)
            let expected = order.sorted().filter { !isNearZero(reference[$0]!) }
            #expect(terms.map(\.symbol) == expected)
            #expect(terms.map(\.coefficient) == expected.map { reference[$0]! })
        }
        w.reset()
        #expect(w.symbols.isEmpty && w.coefficient(1) == 0)
    }
}
