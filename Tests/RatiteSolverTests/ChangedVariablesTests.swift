import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// `takeChangedVariables` hands out each variable changed since the last call once, in id
/// order, whether the list it keeps is in order already, dense (most variables moved) or
/// sparse, and however many updates ran in between.
@Suite struct ChangedVariablesTests {
    @Test(arguments: [(variables: 300, picks: 50), (variables: 5000, picks: 3), (variables: 5000, picks: 4000)])
    func everyChangeOnceInIDOrder(variables n: Int, picks: Int) throws {
        let d = CoreDriver(variableCount: n)
        for v in d.variables { try d.core.addEditVariable(v, priority: 500) }
        var random = SplitMix64(seed: UInt64(n * 31 + picks))
        var next = 1.0
        for round in 0..<12 {
            var expected = Set<Int32>()
            for _ in 0...(round % 3) {
                for _ in 0..<picks {
                    let v = d.variables[random.below(n)]
                    try d.core.suggestValue(v, next)
                    next += 1
                    expected.insert(v)
                }
                d.core.updateValues()
            }
            let changed = d.core.takeChangedVariables()
            #expect(changed == expected.sorted(), "round \(round)")
        }
        #expect(d.core.takeChangedVariables().isEmpty)
    }
}
