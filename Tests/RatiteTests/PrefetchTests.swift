import Testing
@testable import Ratite

/// Prefetching (`prefetchRewrites`, `pushDefinition`, `prefetchSymbols`) starts only past
/// 16,384 rows, so the small systems most tests build never reach it. A shuffled grid past
/// that size goes through it in the bursts of rewrites its late links cause, and must end
/// with the invariants holding and the answer of the same grid built in order.
@Suite struct PrefetchTests {
    @Test func aShuffledGridPastTheCachesKeepsItsAnswer() throws {
        // `build` checks the invariants of each.
        let levels = DefinitionLevelTests()
        let shuffled = try levels.build(.grid, n: 2500, .shuffled, fromIDs: true)
        let inOrder = try levels.build(.grid, n: 2500, .natural, fromIDs: true)
        let rows = shuffled.core.rows.count, outgrown = shuffled.core.tableauOutgrowsTheCaches
        let substitutions = shuffled.core.statistics.substitutions
        #expect(rows > 1 << 14 && outgrown)
        // The bursts happened: most of these rewrite rows in long runs.
        #expect(substitutions > 10_000)
        let a = shuffled.values(), b = inOrder.values()
        for i in a.indices { #expect(close(a[i], b[i], 1e-7), "variable \(i)") }
    }
}
