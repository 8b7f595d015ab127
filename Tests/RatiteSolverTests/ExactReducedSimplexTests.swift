import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteExact
@testable import RatiteSolver

/// The sparse exact simplex against the dense one: the same feasibility decisions and the
/// same optimum, level by level, on random systems of the campaign's kind.
@Suite struct ExactReducedSimplexTests {
    static func randomSystem(seed: UInt64, variables: Int, constraints: Int, coefficients: [Double])
        -> [ExactConstraint]
    {
        var random = SplitMix64(seed: seed)
        return (0..<constraints).map { _ in
            var chosen: [Int] = []
            let count = 1 + random.below(min(5, variables))
            while chosen.count < count {
                let v = random.below(variables)
                if !chosen.contains(v) { chosen.append(v) }
            }
            let terms = chosen.map { v -> (variable: Int, coefficient: Double) in
                let c = coefficients[random.below(coefficients.count)]
                return (v, random.below(2) == 0 ? c : -c)
            }
            let relation: ExactRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)]
            let priority = [1000.0, 1000, 750, 500, 250][random.below(5)]
            return ExactConstraint(terms: terms, constant: Double(random.below(2001) - 1000), relation: relation,
                                   priority: priority)
        }
    }

    @Test(arguments: [(4, 6), (6, 12), (10, 20), (12, 30), (20, 40)])
    func agreesWithTheDenseSimplex(_ size: (variables: Int, constraints: Int)) {
        var infeasible = 0
        for seed in UInt64(0)..<60 {
            let coefficients: [Double] = seed % 2 == 0 ? [0.25, 0.5, 1, 1.5, 2, 3, 9] : [1]
            var system = Self.randomSystem(seed: seed &+ 7919 &* UInt64(size.constraints), variables: size.variables,
                                           constraints: size.constraints, coefficients: coefficients)
            // Keep most systems feasible: drop required constraints until they hold.
            while !ExactLP.isFeasible(variableCount: size.variables, constraints: system, engine: .dense) {
                #expect(!ExactLP.isFeasible(variableCount: size.variables, constraints: system, engine: .reduced))
                infeasible += 1
                system.remove(at: system.lastIndex(where: \.isRequired)!)
            }
            #expect(ExactLP.isFeasible(variableCount: size.variables, constraints: system, engine: .reduced))
            let dense = ExactLP.solve(variableCount: size.variables, constraints: system, engine: .dense)
            let reduced = ExactLP.solve(variableCount: size.variables, constraints: system, engine: .reduced)
            guard case .optimal(let a, _) = dense, case .optimal(let b, _) = reduced else {
                Issue.record("seed \(seed): \(dense) vs \(reduced)")
                continue
            }
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                #expect(x.priority == y.priority)
                #expect(abs(x.value - y.value) <= 1e-12 * max(1, abs(x.value)), "seed \(seed): \(a) vs \(b)")
            }
        }
        if size.constraints >= 12 { #expect(infeasible > 0) }
    }
}
