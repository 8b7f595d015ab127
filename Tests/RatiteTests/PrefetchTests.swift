import Testing
@testable import Ratite

/// Prefetching (`prefetchRewrites`, `pushDefinition`, `prefetchSymbols`) starts only past
/// 16,384 rows, so the small systems most tests build never reach it. A shuffled grid past
/// that size goes through it in the bursts of rewrites its late links cause, and must end
/// with the invariants holding and the answer of the same grid built in order.
@Suite struct PrefetchTests {
    @Test func aShuffledGridPastTheCachesKeepsItsAnswer() throws {
        let system = SystemFamily.grid.generate(n: 2500)
        var order = Array(system.constraints.indices)
        var rng = SplitMix64(seed: 42)
        order.shuffle(using: &rng)
        let shuffled = try build(system, in: order)
        let inOrder = try build(system, in: Array(system.constraints.indices))
        let rows = shuffled.core.rows.count, outgrown = shuffled.core.tableauOutgrowsTheCaches
        let substitutions = shuffled.core.statistics.substitutions
        #expect(rows > 1 << 14 && outgrown)
        // The bursts happened: most of these rewrite rows in long runs.
        #expect(substitutions > 10_000)
        #expect(shuffled.problems() == [])
        let a = shuffled.values(), b = inOrder.values()
        for i in a.indices { #expect(close(a[i], b[i], 1e-7), "\(system.names[i])") }
    }

    func build(_ system: GeneratedSystem, in order: [Int]) throws -> CoreDriver {
        let d = CoreDriver(variableCount: 0)
        d.variables = system.names.map { d.core.newVariable(name: $0) }
        for i in order { try SolverScalingTests.add(system.constraints[i], to: d) }
        d.core.updateValues()
        return d
    }
}
