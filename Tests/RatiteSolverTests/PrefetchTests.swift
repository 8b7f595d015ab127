import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// Prefetching (`prefetchRewrites`, `pushDefinition`, `prefetchSymbols`) only asks for
/// memory ahead of its use: it must never change an answer. It starts once the tableau
/// outgrows the caches (`tableauOutgrowsTheCaches`), which the small systems most tests
/// build never do. A shuffled grid that large goes through it in the bursts of rewrites its
/// late links cause, and must end with the invariants holding and the answer of the same
/// grid built in order.
@Suite struct PrefetchTests {
    @Test func aShuffledGridPastTheCachesKeepsItsAnswer() throws {
        // `build` checks the invariants of each.
        let levels = DefinitionLevelTests()
        let shuffled = try levels.build(.grid, n: 2500, .shuffled, fromIDs: true)
        let inOrder = try levels.build(.grid, n: 2500, .natural, fromIDs: true)
        // Otherwise this test would not reach the prefetching at all.
        let outgrown = shuffled.core.tableauOutgrowsTheCaches
        #expect(outgrown, "a 50 x 50 grid no longer outgrows the caches: use a larger one")
        let a = shuffled.values(), b = inOrder.values()
        for i in a.indices { #expect(close(a[i], b[i], 1e-7), "variable \(i)") }
    }
}
