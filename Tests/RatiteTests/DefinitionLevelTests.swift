import Testing
@testable import Ratite

/// Definition levels only rise, so a long history lifts them without bound; past a ceiling
/// the outermost commit renumbers them (see `SimplexCore+DefinitionLevels.swift`).
@Suite struct DefinitionLevelTests {
    /// Two chains of `n` links each (`x(i+1) == x(i) + 1`), in one driver.
    func chains(_ n: Int) throws -> CoreDriver {
        let d = CoreDriver(variableCount: 2 * n)
        for i in 0 ..< n - 1 {
            _ = try d.add(C([(i + 1, 1), (i, -1)], -1, .equal))
            _ = try d.add(C([(n + i + 1, 1), (n + i, -1)], -1, .equal))
        }
        return d
    }

    func highestLevel(_ core: borrowing SimplexCore) -> Int32 {
        var highest: Int32 = -1
        for r in core.rows.indices where !core.rows[r].isUnused && core.rows[r].isDefinition {
            highest = max(highest, core.rows[r].level)
        }
        return highest
    }

    /// Joins the chains end to end and parts them again, one way and then the other:
    /// each round lifts every level by about twice the chain length.
    func seesaw(_ d: CoreDriver, n: Int, rounds: Int) throws {
        for _ in 0 ..< rounds {
            try d.core.removeConstraint(try d.add(C([(n, 1), (n - 1, -1)], -1, .equal)))
            try d.core.removeConstraint(try d.add(C([(0, 1), (2 * n - 1, -1)], -1, .equal)))
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
            let highest = highestLevel(renumbered.core), ranHigh = renumbered.core.definitionLevelsRanHigh
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
        _ = try d.add(C([(n, 1), (n - 1, -1)], -1, .equal))
        let ranHigh = d.core.definitionLevelsRanHigh
        #expect(ranHigh)
        d.core.rollbackTransaction()
        #expect(firstDifference(before, fingerprint(d.core)) == nil)
    }
}
