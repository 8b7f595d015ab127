import RatiteCheck
import RatiteGenerate
import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The float optimality certificate that decides past `exactCertificationLimit`: it holds on
/// real layouts at those sizes, and it catches a tableau that claims an optimum it has not
/// reached, which the repair then reaches.
@Suite struct OptimalityCertificateTests {
    /// Every family past the exact limit, edits and resizes included: a certificate that
    /// failed on correct answers would repair (and rebuild) at every doubted update.
    @Test(arguments: SystemFamily.allCases)
    func holdsOnGeneratedFamiliesPastTheExactLimit(_ family: SystemFamily) throws {
        var n = 500
        var built: SolverScalingTests.Built
        repeat {
            built = try SolverScalingTests().build(family.generate(n: n, seed: 7))
            n *= 2
        } while built.driver.core.registry.constraints.count <= defaultExactCertificationLimit
        #expect(built.driver.core.optimalityCertificate() == .holds)
    }

    /// The layout engine's form family: baselines, margins, hugging and compression
    /// resistance at several priorities, past the limit.
    @Test func holdsOnTheFormFamilyPastTheExactLimit() throws {
        let engine = LayoutEngine()
        try FormFamily.build(into: engine, n: 800)
        _ = engine.layout()
        #expect(engine.core.registry.constraints.count > defaultExactCertificationLimit)
        #expect(engine.core.optimalityCertificate() == .holds)
    }

    /// A tableau pushed off its optimum (one pivot to a worse vertex, and the coefficients
    /// that would lead back dropped, as `dropImprovement` drops roundoff) claims to be
    /// optimal. The certificate, computed from the constraints, refuses it; the repair
    /// derives the objective again and reaches the optimum a fresh core reaches. Without
    /// the certificate the wrong answer stands.
    @Test(arguments: [true, false])
    func catchesAnOptimumTheTableauOnlyClaims(certifying: Bool) throws {
        let constraints = [
            ref([(0, 1), (1, 1)], -100, .equal),  // x + y == 100
            ref([(0, 1)], 0, .greaterThanOrEqual),  // x >= 0
            ref([(1, 1)], 0, .greaterThanOrEqual),  // y >= 0
            ref([(0, 1)], -30, .equal, 750),  // x == 30 (strong)
            ref([(1, 1)], -90, .equal, 500),  // y == 90 (medium)
            ref([(0, 1), (1, -1)], 0, .equal, 250),  // x == y (weak)
        ]
        let expected = try optimum(of: constraints, variables: 2)
        let d = CoreDriver(variableCount: 2)
        d.core.tuning.exactCertificationLimit = 0
        d.core.tuning.certifiesOptimaInFloat = certifying
        for c in constraints { _ = try d.add(c) }
        #expect(d.values() == expected)
        try pushOffTheOptimum(&d.core)
        d.core.doubtOptimum()
        let values = d.values()
        if certifying {
            #expect(d.core.statistics.floatCertificates == 1)
            #expect(d.core.statistics.floatCertificateRepairs == 1)
            #expect(values == expected)
            #expect(d.core.optimalityCertificate() == .holds)
        } else {
            #expect(values != expected)
        }
        #expect(d.core.statistics.unverifiedAnswers == 0)
    }

    /// The lexicographic test: noise of a zero (within 1e-7) is skipped, a clear positive
    /// lead settles it, and a lead small enough to be noise (up to 1e-5) certifies nothing
    /// below it: a ±1 sequence once passed a 0.6% gain at the weak level behind a strong
    /// coefficient of 2e-7.
    @Test func leadingNoiseCertifiesNothingBelowIt() {
        let core = SimplexCore()
        func test(_ values: [Double]) -> Bool {
            core.isLexicographicallyNonNegative(
                values.enumerated().map { (rank: Int32($0.offset), value: $0.element, magnitude: 1.0) })
        }
        #expect(test([]))
        #expect(test([0, 0, 0]))
        #expect(test([-3e-8, 1, -5]))  // noise, then a real positive lead
        #expect(!test([-3e-8, -1, 5]))  // noise, then a real gain
        #expect(!test([2e-7, 0, -1]))  // a lead that may be noise, then a gain
        #expect(test([2e-7, 0, 3e-8]))  // ... with nothing but noise after it
        #expect(test([2e-5, -1, -1]))  // a lead beyond noise: nothing below matters
        #expect(!test([-2e-5, 1, 1]))
    }

    /// The errors of operations that cannot make the required constraints conflict: a
    /// float conflict there is reported as the numerical failure it is.
    @Test func aConflictWhereNoneCanBeIsANumericalFailure() {
        guard case .internalError(let text) = CoreError.unsatisfiable(conflict: [3, 4]).asNumericalFailure(
            of: "removing constraint 7")
        else {
            Issue.record("not a numerical failure")
            return
        }
        #expect(text.hasPrefix("removing constraint 7 broke down numerically"))
        guard case .unknownConstraint(5) = CoreError.unknownConstraint(5).asNumericalFailure(of: "x") else {
            Issue.record("another error changed")
            return
        }
    }

    /// The values a fresh core (exact certification on) reaches for `constraints`.
    func optimum(of constraints: [ReferenceConstraint], variables: Int) throws -> [Double] {
        let d = CoreDriver(variableCount: variables)
        for c in constraints { _ = try d.add(c) }
        return d.values()
    }

    /// Pivots one parametric slack or error that the objective says would worsen it into
    /// the basis (a step to a worse vertex), then drops every objective coefficient that
    /// would improve the result: the tableau then claims an optimum it does not have.
    func pushOffTheOptimum(_ core: inout SimplexCore) throws {
        for s in Int32(0)..<Int32(core.tableau.symbols.count) {
            let kind = core.kind(s)
            guard kind == .slack || kind == .error, core.tableau.symbols[Int(s)].row < 0,
                let (_, c) = core.leadingObjective(s), c > 0,
                let r = core.chooseLeavingRow(entering: s, direction: 1, bland: false),
                abs(core.tableau.rows[Int(r)].constant) > 1
            else { continue }
            try core.pivot(entering: s, row: r)
            for t in Int32(0)..<Int32(core.tableau.symbols.count) where core.tableau.symbols[Int(t)].row < 0 {
                while let (rank, c) = core.leadingObjective(t), rank < core.objective.levelOrder.count,
                    c < 0 || core.kind(t) == .external
                {
                    core.addObjectiveCoefficient(t, level: core.objective.levelOrder[rank], -c)
                }
            }
            core.clearTransientLists()
            core.operation.allSymbolsDirty = true
            return
        }
        Issue.record("no step away from the optimum")
    }
}
