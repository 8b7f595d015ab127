import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The shared cell pool: rows rewritten again and again leave cells behind that squeezes
/// reclaim, squeezes never change what the core computes, and squeezes inside a nested
/// transaction never get in the way of rolling back the enclosing one.
@Suite struct SolverCellPoolTests {
    /// Squeezes the pool now (between transactions), and from then on whenever it has grown
    /// by half or by `slack` cells and is mostly garbage.
    func squeezeOften(_ core: inout SimplexCore, slack: Int) {
        core.squeezeCellsOften(slack: slack)
        #expect(core.cells.pool.count <= 2 * liveCells(core))
    }

    func liveCells(_ core: borrowing SimplexCore) -> Int {
        core.tableau.rows.elements.reduce(0) { $0 + ($1.isUnused ? 0 : Int($1.count)) }
    }

    /// A built system that then takes `steps` add/remove cycles of a medium constraint on
    /// one variable (what the add/remove benchmark does: the pivots rewrite rows), checking
    /// after each that the pool stays within a small multiple of the live cells.
    func churned(_ family: SystemFamily, slack: Int?, steps: Int) throws -> (driver: CoreDriver, squeezes: Int) {
        let system = family.generate(n: family == .grid ? 49 : 120, seed: 6)
        let d = try SolverScalingTests().build(system, resize: false).driver
        if let slack { squeezeOften(&d.core, slack: slack) }
        var squeezes = 0
        var random = SplitMix64(seed: 17)
        for step in 0..<steps {
            let before = d.core.cells.pool.count
            let v = d.variables[Int(random.next() % UInt64(d.variables.count))]
            let id = try d.core.addConstraint(
                terms: [VariableTerm(variable: v, coefficient: 1)], constant: -Double(step % 50) * 7, relation: .equal,
                priority: 500)
            d.core.updateValues()
            try d.core.removeConstraint(id)
            d.core.updateValues()
            if d.core.cells.pool.count < before { squeezes += 1 }
            #expect(d.core.cells.pool.count <= 3 * liveCells(d.core) + 2 * d.core.tuning.cellSqueezeSlack,
                    "\(family) step \(step)")
        }
        #expect(d.problems() == [])
        return (d, squeezes)
    }

    /// A rebuild pivots through the whole tableau in one operation: the pool is squeezed
    /// between its pivots, not only when it ends. (Seed 1,000,047 of the large ±1 soundness
    /// configuration took 14.5 GB in one rebuild before; 69 MB after.)
    @Test(arguments: [SystemFamily.random, .tree])
    func aRebuildSqueezesBetweenPivots(_ family: SystemFamily) throws {
        let system = family.generate(n: 150, seed: 6)
        let d = try SolverScalingTests().build(system, resize: false).driver
        squeezeOften(&d.core, slack: 32)
        let pivots = d.core.statistics.pivots
        try d.core.rebuildTableau()
        #expect(d.core.statistics.pivots - pivots > 20, "\(family): the rebuild hardly pivoted")
        #expect(d.core.cells.pool.count <= 3 * liveCells(d.core) + 2 * d.core.tuning.cellSqueezeSlack)
        #expect(d.problems() == [])
    }

    @Test(arguments: SystemFamily.allCases)
    func churnKeepsThePoolBounded(_ family: SystemFamily) throws {
        let steps = family == .grid ? 600 : 120
        let often = try churned(family, slack: 32, steps: steps)
        #expect(often.squeezes > 0, "\(family): never squeezed")
        // Squeezing moves cells only: the same operations with the default slack (squeezing
        // at other times) end in the same state.
        let rarely = try churned(family, slack: nil, steps: steps)
        #expect(often.driver.core.stateFingerprint() == rarely.driver.core.stateFingerprint())
    }

    /// A build compacts the young part of the pool (the cells appended since the last
    /// compaction) on its own between full compactions: a random build rewrites the rows of
    /// the band it adds to, so most of its garbage is young. Both kinds run, the pool stays
    /// within live + 1/2 + 1/8 (plus the slack), and the core ends as one that squeezed at
    /// other times.
    @Test func youngCompactionsReclaimRecentGarbage() throws {
        let system = SystemFamily.random.generate(n: 400, seed: 3)
        let often = CoreDriver(variableCount: 0), rarely = CoreDriver(variableCount: 0)
        often.core.squeezeCellsOften(slack: 64)
        for d in [often, rarely] {
            for name in system.names { d.variables.append(d.core.newVariable(name: name)) }
        }
        for c in system.constraints {
            for d in [often, rarely] { try SolverScalingTests.add(c, to: d) }
            let live = liveCells(often.core)
            #expect(often.core.cells.pool.count <= live + live / 2 + live / 8 + 2 * 64)
        }
        #expect(
            often.core.cells.squeezes.young > 0 && often.core.cells.squeezes.full > 0, "\(often.core.cells.squeezes)")
        // Checking updates values first, so both are checked before they are compared.
        #expect(often.problems() == [] && rarely.problems() == [])
        #expect(often.core.stateFingerprint() == rarely.core.stateFingerprint())
    }

    /// After young compactions, a batch in an enclosing transaction (squeezing in its
    /// nested ones) rolls back bit for bit, cell positions included: the young floor
    /// never lies above a transaction's savepoint.
    @Test func youngCompactionsThenABatchRollsBack() throws {
        let system = SystemFamily.random.generate(n: 300, seed: 5)
        var d = try SolverScalingTests().build(system, resize: false, squeezeSlack: 64).driver
        #expect(d.core.cells.squeezes.young > 0)
        let before = fingerprint(d.core)
        let pool = Array(d.core.cells.pool[0...])
        d.core.beginTransaction()
        _ = try batch(&d, system)
        #expect(d.core.invariantViolations() == [])
        d.core.rollbackTransaction()
        #expect(firstDifference(before, fingerprint(d.core)) == nil)
        #expect(d.core.cells.pool[0...].elementsEqual(pool) { $0 == $1 })
        #expect(d.problems() == [])
    }

    /// Removing every constraint starts a fresh core but keeps every setting: a core told to
    /// squeeze often (as the fuzzers' is) still squeezes often afterwards, and one told not
    /// to verify or certify still does not.
    @Test func removingEverythingKeepsTheSettings() throws {
        var core = SimplexCore()
        core.squeezeCellsOften(slack: 16)
        core.tuning.trimmingFloor = 4096
        core.tuning.verifiesAnswers = false
        core.tuning.exactCertificationLimit = 0
        core.tuning.rerootsShallowExpansions = true
        let x = core.newVariable(name: "x")
        _ = try core.addConstraint(terms: [VariableTerm(variable: x, coefficient: 1)], constant: -3, relation: .equal,
                                   priority: 1000)
        core.removeAllConstraints()
        #expect(core.tuning.cellSqueezeSlack == 16 && core.cells.nextSqueeze <= 16 && core.tuning.trimmingFloor == 4096)
        #expect(!core.tuning.verifiesAnswers && core.tuning.exactCertificationLimit == 0)
        #expect(core.tuning.rerootsShallowExpansions)
        #expect(core.cells.liveCount == 0 && core.cells.pool.count == 0)
    }

    /// A batch of operations in one enclosing transaction, as the layout engine runs them:
    /// each operation begins a nested transaction, where the pool may be squeezed. Grid
    /// resizes pivot, so they leave cells behind.
    func batch(_ d: inout CoreDriver, _ system: GeneratedSystem) throws -> Int {
        var random = SplitMix64(seed: 13)
        let x = d.core.newVariable(name: "x")
        _ = try d.core.addConstraint(terms: [VariableTerm(variable: x, coefficient: 1)], constant: -10,
                                     relation: .greaterThanOrEqual, priority: 1000)
        let squeezedBefore = d.core.cells.squeezes.nested
        for step in 0..<60 {
            let v = d.variables[Int(random.next() % UInt64(d.variables.count))]
            let id = try d.core.addConstraint(
                terms: [VariableTerm(variable: v, coefficient: 1)], constant: -Double(step % 40), relation: .equal,
                priority: 500)
            if step % 3 == 0 { try d.core.removeConstraint(id) }
            for (i, e) in system.edits.enumerated() where i < system.resizes.count {
                let (a, b) = system.resizes[i]
                try d.core.suggestValue(d.variables[Int(e.variable)], step % 2 == 0 ? a : b + Double(step))
            }
            // A failing operation inside the batch rolls back alone.
            #expect(throws: CoreError.self) {
                try d.core.addConstraint(terms: [VariableTerm(variable: x, coefficient: 1)], constant: -5,
                                         relation: .lessThanOrEqual, priority: 1000)
            }
        }
        return d.core.cells.squeezes.nested - squeezedBefore
    }

    @Test func squeezesInsideABatchRollBackWithIt() throws {
        let system = SystemFamily.grid.generate(n: 49, seed: 2)
        var d = try SolverScalingTests().build(system, resize: false).driver
        squeezeOften(&d.core, slack: 32)
        let before = fingerprint(d.core)
        let pool = Array(d.core.cells.pool[0...])
        d.core.beginTransaction()
        let squeezes = try batch(&d, system)
        #expect(squeezes > 0)
        #expect(d.core.invariantViolations() == [])
        d.core.rollbackTransaction()
        // Bit for bit, cell positions included.
        #expect(firstDifference(before, fingerprint(d.core)) == nil)
        #expect(d.core.cells.pool[0...].elementsEqual(pool) { $0 == $1 })
        #expect(d.problems() == [])
    }

    @Test func squeezesInsideABatchKeepWhatItComputes() throws {
        let system = SystemFamily.grid.generate(n: 49, seed: 2)
        var batched = try SolverScalingTests().build(system, resize: false).driver
        var alone = batched
        squeezeOften(&batched.core, slack: 32)
        batched.core.beginTransaction()
        #expect(try batch(&batched, system) > 0)
        batched.core.commitTransaction()
        _ = try batch(&alone, system)
        #expect(batched.problems() == [])
        #expect(alone.problems() == [])
        #expect(batched.core.stateFingerprint() == alone.core.stateFingerprint())
        #expect(firstDifference(fingerprint(batched.core), fingerprint(alone.core)) == nil)
    }
}
