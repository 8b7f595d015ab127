import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// Definition levels only rise, so a long history lifts them without bound; past a ceiling
/// the outermost commit renumbers them (see `SimplexCore+DefinitionLevels.swift`).
@Suite struct DefinitionLevelTests {
    /// Two chains of `n` links each (`x(i+1) == x(i) + 1`), in one driver, with levels
    /// that start at 0: the history these tests need lifts them (started from variable
    /// ids, the joins below raise little).
    func chains(_ n: Int) throws -> CoreDriver {
        let d = CoreDriver(variableCount: 2 * n)
        d.core.tuning.levelsStartFromVariableIDs = false
        for i in 0 ..< n - 1 {
            _ = try d.add(ref([(i + 1, 1), (i, -1)], -1, .equal))
            _ = try d.add(ref([(n + i + 1, 1), (n + i, -1)], -1, .equal))
        }
        return d
    }

    func highestLevel(_ core: borrowing SimplexCore) -> Int32 {
        var highest: Int32 = -1
        for r in core.tableau.rows.indices where !core.tableau.rows[r].isUnused && core.tableau.rows[r].isDefinition {
            highest = max(highest, core.tableau.rows[r].level)
        }
        return highest
    }

    /// Joins the chains end to end and parts them again, one way and then the other:
    /// each round lifts every level by about twice the chain length.
    func seesaw(_ d: CoreDriver, n: Int, rounds: Int) throws {
        for _ in 0 ..< rounds {
            try d.core.removeConstraint(try d.add(ref([(n, 1), (n - 1, -1)], -1, .equal)))
            try d.core.removeConstraint(try d.add(ref([(0, 1), (2 * n - 1, -1)], -1, .equal)))
        }
    }

    @Test func historyLiftsLevelsWithoutBound() throws {
        let d = try chains(50)
        try seesaw(d, n: 50, rounds: 100)
        let highest = highestLevel(d.core)
        #expect(highest > 9_000)
        #expect(d.problems() == [])
    }

    /// Past the ceiling, levels come back down to the longest chain's length; the tableau is
    /// otherwise the same, so values match a core that never renumbered, bit for bit.
    @Test func levelsPastTheCeilingAreRenumbered() throws {
        let n = 50
        let renumbered = try chains(n), plain = try chains(n)
        renumbered.core.renumberDefinitionLevelsOften(past: 1_000)
        for round in 0 ..< 40 {
            try seesaw(renumbered, n: n, rounds: 1)
            try seesaw(plain, n: n, rounds: 1)
            let highest = highestLevel(renumbered.core), ranHigh = renumbered.core.definitionLevels.ranHigh
            #expect(highest <= 1_000 + 4 * Int32(n), "round \(round)")
            #expect(!ranHigh)
        }
        let plainHighest = highestLevel(plain.core)
        #expect(plainHighest > 3_000)
        #expect(renumbered.problems() == [])
        #expect(plain.problems() == [])
        for v in renumbered.variables {
            let a = renumbered.core.value(ofVariable: v), b = plain.core.value(ofVariable: v)
            #expect(a.bitPattern == b.bitPattern)
        }
    }

    /// A rolled-back transaction that lifted levels past the ceiling leaves the core as it
    /// was, flag included (a refused operation rolls back the same way).
    @Test func rollbackForgetsLevelsThatRanHigh() throws {
        let n = 50
        let d = try chains(n)
        try seesaw(d, n: n, rounds: 5)
        d.core.renumberDefinitionLevelsOften(past: highestLevel(d.core))
        let before = fingerprint(d.core)
        d.core.beginTransaction()
        _ = try d.add(ref([(n, 1), (n - 1, -1)], -1, .equal))
        let ranHigh = d.core.definitionLevels.ranHigh
        #expect(ranHigh)
        d.core.rollbackTransaction()
        #expect(firstDifference(before, fingerprint(d.core)) == nil)
    }

    // MARK: Levels that start from variable ids (see `startingLevel`)

    /// The order variables are made in, and the order constraints arrive in.
    enum Order: CaseIterable { case natural, shuffled, reversedVariables, shuffledVariables }

    /// Builds `family` at `n` in `order`, definitions starting from variable ids or not,
    /// and checks the core's invariants.
    func build(_ family: SystemFamily, n: Int, _ order: Order, fromIDs: Bool) throws -> CoreDriver {
        let system = family.generate(n: n)
        var constraints = Array(system.constraints.indices)
        if order == .shuffled {
            var rng = SplitMix64(seed: 11)
            constraints.shuffle(using: &rng)
        }
        var made = Array(system.names.indices)
        if order == .reversedVariables { made.reverse() }
        if order == .shuffledVariables {
            var rng = SplitMix64(seed: 43)
            made.shuffle(using: &rng)
        }
        let d = CoreDriver(variableCount: 0)
        d.core.tuning.levelsStartFromVariableIDs = fromIDs
        d.variables = Array(repeating: -1, count: made.count)
        for i in made { d.variables[i] = d.core.newVariable(name: system.names[i]) }
        for i in constraints { try SolverScalingTests.add(system.constraints[i], to: d) }
        d.core.updateValues()
        #expect(d.problems() == [], "\(family) \(order) fromIDs: \(fromIDs)")
        return d
    }

    /// A chain linked in random order joins pieces whose upper rows start from their
    /// variables' ids, already above the lower piece: joins raise a tenth as many rows as
    /// with levels that start at 0, and the answers are the same.
    @Test func chainPiecesStartAboveWhatTheyJoin() throws {
        let fromIDs = try build(.chain, n: 2000, .shuffled, fromIDs: true)
        let fromZero = try build(.chain, n: 2000, .shuffled, fromIDs: false)
        let raised = fromIDs.core.statistics.raisedLevels, raisedFromZero = fromZero.core.statistics.raisedLevels
        let following = fromIDs.core.definitionLevels.followVariableOrder
        #expect(following)
        #expect(raised * 10 < raisedFromZero, "\(raised) rows raised, \(raisedFromZero) from zero")
        let a = fromIDs.values(), b = fromZero.values()
        for i in a.indices { #expect(close(a[i], b[i]), "variable \(i)") }
    }

    /// Starting levels change which rows are raised, never the answer: every family, in
    /// order, shuffled, and with its variables made in reverse (ids against the
    /// dependencies, where starting from them saves nothing), gives the values levels
    /// that start at 0 give, with the invariants holding.
    @Test(arguments: [SystemFamily.chain, .grid, .tree, .random])
    func startingLevelsLeaveTheAnswer(_ family: SystemFamily) throws {
        for order in Order.allCases {
            let a = try build(family, n: 400, order, fromIDs: true).values()
            let b = try build(family, n: 400, order, fromIDs: false).values()
            for i in a.indices { #expect(close(a[i], b[i]), "\(family) \(order): variable \(i)") }
        }
    }

    /// Variables made in a shuffle (the benchmarks' `build_scrambled`): ids say nothing of
    /// the dependencies, so chain, grid and tree never switch to starting from them and
    /// raise exactly the rows they raise with the switch off.
    @Test(arguments: [SystemFamily.chain, .grid, .tree])
    func scrambledVariablesKeepLevelsFromZero(_ family: SystemFamily) throws {
        let fromIDs = try build(family, n: 2000, .shuffledVariables, fromIDs: true)
        let fromZero = try build(family, n: 2000, .shuffledVariables, fromIDs: false)
        let following = fromIDs.core.definitionLevels.followVariableOrder
        let raised = fromIDs.core.statistics.raisedLevels, raisedFromZero = fromZero.core.statistics.raisedLevels
        #expect(!following)
        #expect(raised == raisedFromZero)
    }

    /// Where most definitions run against the order the variables were made in (the
    /// random family), levels keep starting at 0: the core never switches, and raises
    /// exactly the rows it raises with the switch off.
    @Test(arguments: [Order.natural, .shuffled])
    func randomDependenciesKeepLevelsFromZero(_ order: Order) throws {
        let fromIDs = try build(.random, n: 1000, order, fromIDs: true)
        let fromZero = try build(.random, n: 1000, order, fromIDs: false)
        let following = fromIDs.core.definitionLevels.followVariableOrder,
            evidence = fromIDs.core.definitionLevels.variableOrderEvidence
        let raised = fromIDs.core.statistics.raisedLevels, raisedFromZero = fromZero.core.statistics.raisedLevels
        #expect(!following)
        #expect(evidence < 0)
        #expect(raised == raisedFromZero)
    }

    /// A core whose definitions stop following the variable order renumbers its levels
    /// from 0 at the commit: a chain built in order, then a random system laid over it
    /// with its variables made after, leaves the order and every level is at most one
    /// above its references again.
    @Test func leavingTheVariableOrderRenumbers() throws {
        let chain = SystemFamily.chain.generate(n: 100), random = SystemFamily.random.generate(n: 3000)
        let d = CoreDriver(variableCount: 0)
        for name in chain.names { d.variables.append(d.core.newVariable(name: name)) }
        for c in chain.constraints { try SolverScalingTests.add(c, to: d) }
        let followedChain = d.core.definitionLevels.followVariableOrder
        #expect(followedChain)
        let offset = d.variables.count
        for name in random.names { d.variables.append(d.core.newVariable(name: name)) }
        for c in random.constraints {
            var shifted = c
            shifted.lhs = c.lhs.map { (Int32(offset) + $0.variable, $0.coefficient) }
            shifted.rhs = c.rhs.map { (Int32(offset) + $0.variable, $0.coefficient) }
            try SolverScalingTests.add(shifted, to: d)
            if !d.core.definitionLevels.followVariableOrder { break }
        }
        let followed = d.core.definitionLevels.followVariableOrder
        #expect(!followed)
        var renumbered = true
        for r in d.core.tableau.rows.indices
        where !d.core.tableau.rows[r].isUnused && d.core.tableau.rows[r].isDefinition {
            if d.core.tableau.rows[r].level != d.core.levelNeeded(by: d.core.tableau.rows[r]) { renumbered = false }
        }
        #expect(renumbered)
        #expect(d.problems() == [])
    }

    // MARK: Raising (see `raiseDependents`)

    /// A definition that would close a cycle is refused before anything is raised: on the
    /// random family at 2,500 (7,500 constraints) the build raises about 4 rows a
    /// constraint, where raising while looking for the cycle, and putting the levels back
    /// when it was found, raised 63.
    @Test(arguments: [Order.natural, .shuffled])
    func cycleChecksRaiseNothing(_ order: Order) throws {
        let d = try build(.random, n: 2500, order, fromIDs: true)
        let raised = d.core.statistics.raisedLevels
        #expect(raised < 8 * 7_500, "\(raised) rows raised")
    }

    /// The tries of one placement share one cycle search, each going on where the last
    /// stopped: the random build at 2,500 (7,500 constraints) meets about 3 definitions a
    /// constraint, where searching again from the start at each try met 16.
    @Test func placementTriesShareOneCycleSearch() throws {
        let d = try build(.random, n: 2500, .natural, fromIDs: true)
        let met = d.core.statistics.cycleSearchRows
        #expect(met < 8 * 7_500, "\(met) definitions met")
    }
}
