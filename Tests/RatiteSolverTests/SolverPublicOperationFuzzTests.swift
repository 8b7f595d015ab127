import Foundation
import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// Random operations through the public `Solver` (adds of 2 to 5 terms with the small
/// coefficients layouts use, ±1, ±2, 0.5 and 3, constants within ±20, optional or
/// required; removals), with the core's invariants checked after every one. The property
/// tests drive the core directly; this one goes through the whole public path, which is
/// how a stop-22 review found bundles left below `bundleThreshold`.
@Suite struct SolverPublicOperationFuzzTests {
    /// What went wrong first in the run of `seed` over `variables` variables, or nil.
    static func firstProblem(seed: UInt64, variables: Int) -> String? {
        var random = SplitMix64(seed: seed)
        let solver = Solver()
        let x = (0 ..< variables).map { Variable("x\($0)") }
        let coefficients: [Double] = [1, -1, 1, -1, 2, 0.5, 3, -2]
        var live: [Constraint] = []
        for step in 0 ..< 60 {
            if random.below(10) < 2, !live.isEmpty {
                let c = live.remove(at: random.below(live.count))
                do { try solver.remove(c) } catch { return "step \(step): remove threw \(error)" }
            } else {
                var e = LinearExpression(constant: Double(random.below(41) - 20))
                for _ in 0 ..< 2 + random.below(4) {
                    e = e + coefficients[random.below(coefficients.count)] * x[random.below(variables)]
                }
                let relation = random.below(3)
                var c: Constraint = relation == 0 ? (e == 0) : relation == 1 ? (e >= 0) : (e <= 0)
                switch random.below(6) {
                case 4: c = c.priority(.weak)
                case 5: c = c.priority(.medium)
                default: break
                }
                if (try? solver.add(c)) != nil { live.append(c) }
            }
            if let problem = solver.core.invariantViolations().first { return "step \(step): \(problem)" }
        }
        return nil
    }

    /// Seeds that once left a bundle of three dummies (a row's dummies were counted before
    /// the roundoff ones were set aside, so a bundle could hold fewer than `bundleThreshold`;
    /// 20 of 2,000 seeds of 7 variables), and the first 200 seeds of 4 and of 7 variables.
    @Test func operationsKeepTheInvariants() {
        for seed: UInt64 in [16, 154, 224, 545] {
            #expect(Self.firstProblem(seed: seed, variables: 7) == nil, "seed \(seed)")
        }
        for variables in [4, 7] {
            for seed in UInt64(0) ..< 200 {
                #expect(Self.firstProblem(seed: seed, variables: variables) == nil,
                        "seed \(seed), \(variables) variables")
            }
        }
    }

    /// Seeds that failed before pivots ignored cancellation residue (10 of 10,000 runs, 2,500
    /// seeds each of 3, 5, 7 and 10 variables): a pivot on a cancellation residue multiplied
    /// rows by 1e11 or more, and a later removal met coefficients near 1e12 ("numerical
    /// breakdown: cannot solve for s3<c0> on coefficient -1339028630548"), or a required
    /// inequality ended violated (seed 1366: "LP row of s11<c3> infeasible: -0.05"). The
    /// residue was a marker's coefficient (-2.2e-12 beside 1) when its constraint was removed,
    /// or a new row's subject (1e-11) after its expansion cancelled.
    @Test(arguments: [(341, 7), (1578, 7), (2038, 7), (305, 5), (1366, 5), (1540, 5), (569, 10), (1221, 10),
                      (2217, 10), (2393, 10)])
    func pivotsOnRealCoefficients(seed: UInt64, variables: Int) {
        #expect(Self.firstProblem(seed: seed, variables: variables) == nil)
    }

    /// Seeds that failed at 14 variables (2 of 2,500), each with a required row left
    /// infeasible ("LP row of s34<c13> infeasible: -9.3"): the simplex entered a symbol
    /// whose objective gain was roundoff (-1e-8 in phase one for seed 643, -6e-10 for seed
    /// 2382) through a pivot element of about 1e-9, and wrote its reciprocal into the
    /// tableau. Seed 2382 failed only once placing a row broke its would-be cycle through a
    /// different reference, which changed the pivots that followed.
    @Test(arguments: [643, 2382])
    func refusesRoundoffSteps(seed: UInt64) {
        #expect(Self.firstProblem(seed: seed, variables: 14) == nil)
    }

    /// `RATITE_API_FUZZ_SEEDS=N swift test --filter publicOperationCampaign`: seeds 0 to N-1
    /// at each of 3, 5, 7, 10 and 14 variables, one test case a count so they run in
    /// parallel. N = 2,500 takes about 5 minutes on 2 cores; no seed fails at any of the
    /// five sizes.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RATITE_API_FUZZ_SEEDS"] != nil),
          arguments: [3, 5, 7, 10, 14])
    func publicOperationCampaign(variables: Int) {
        let count = UInt64(ProcessInfo.processInfo.environment["RATITE_API_FUZZ_SEEDS"] ?? "") ?? 1000
        var failures: [String] = []
        for seed in 0 ..< count {
            if let problem = Self.firstProblem(seed: seed, variables: variables) {
                failures.append("seed \(seed): \(problem)")
            }
        }
        #expect(failures == [], "\(variables) variables")
    }
}
