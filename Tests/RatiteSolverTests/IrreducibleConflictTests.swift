import RatiteCheck
import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteExact
@testable import RatiteSolver

/// The one-elimination proof of an irreducible conflict, against the definition decided the
/// long way: the set cannot hold, and holds without any one member (one exact feasibility
/// check each).
@Suite struct IrreducibleConflictTests {
    func constraint(_ terms: [(Int, Double)], _ constant: Double, _ relation: ExactRelation) -> ExactConstraint {
        ExactConstraint(
            terms: terms.map { (variable: $0.0, coefficient: $0.1) }, constant: constant, relation: relation,
            priority: 1000)
    }

    /// The definition, by exact feasibility checks.
    func isIrreducible(_ n: Int, _ set: [ExactConstraint]) -> Bool {
        if ExactLP.isFeasible(variableCount: n, constraints: set) { return false }
        return set.indices.allSatisfy { k in
            var rest = set
            rest.remove(at: k)
            return ExactLP.isFeasible(variableCount: n, constraints: rest)
        }
    }

    @Test func handCheckedSets() {
        // x >= 1 and x <= 0.
        #expect(IrreducibleConflict.isProved(variableCount: 1, constraints: [
            constraint([(0, 1)], -1, .greaterThanOrEqual), constraint([(0, 1)], 0, .lessThanOrEqual),
        ]))
        // 0 >= 1 alone: no variable, a constant that cannot hold.
        #expect(IrreducibleConflict.isProved(variableCount: 1, constraints: [constraint([], -1, .greaterThanOrEqual)]))
        // 0 >= -1 holds.
        #expect(!IrreducibleConflict.isProved(variableCount: 1, constraints: [constraint([], 1, .greaterThanOrEqual)]))
        // x == 0 and x == 1: equalities, multipliers of either sign.
        #expect(IrreducibleConflict.isProved(variableCount: 1, constraints: [
            constraint([(0, 1)], 0, .equal), constraint([(0, 1)], -1, .equal),
        ]))
        // x >= 1 twice and x <= 0: either copy can go.
        #expect(!IrreducibleConflict.isProved(variableCount: 1, constraints: [
            constraint([(0, 1)], -1, .greaterThanOrEqual), constraint([(0, 1)], -1, .greaterThanOrEqual),
            constraint([(0, 1)], 0, .lessThanOrEqual),
        ]))
        // x >= 1 and x >= 0: they hold together (the multipliers would need opposite signs).
        #expect(!IrreducibleConflict.isProved(variableCount: 1, constraints: [
            constraint([(0, 1)], -1, .greaterThanOrEqual), constraint([(0, -1)], 0, .lessThanOrEqual),
        ]))
        // x + y >= 3, x <= 1, y <= 1, written with x twice in the first: 0.5x + 0.5x + y.
        #expect(IrreducibleConflict.isProved(variableCount: 2, constraints: [
            constraint([(0, 0.5), (1, 1), (0, 0.5)], -3, .greaterThanOrEqual),
            constraint([(0, 1)], -1, .lessThanOrEqual), constraint([(1, 1)], -1, .lessThanOrEqual),
        ]))
        // The same with y <= 2: 1 + 2 >= 3 holds.
        #expect(!IrreducibleConflict.isProved(variableCount: 2, constraints: [
            constraint([(0, 1), (1, 1)], -3, .greaterThanOrEqual),
            constraint([(0, 1)], -1, .lessThanOrEqual), constraint([(1, 1)], -2, .lessThanOrEqual),
        ]))
        #expect(!IrreducibleConflict.isProved(variableCount: 1, constraints: []))
    }

    /// Random sets: whatever is proved is irreducible; every irreducible set a deletion
    /// filter finds is proved (minimal conflicts always have the rank the proof needs).
    @Test(arguments: [(0.0, 1), (1.0, 2), (2.0, 3)])
    func randomSetsAgreeWithTheDefinition(_ style: Double, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let coefficients: [Double] = style == 0 ? [1] : style == 1 ? [0.25, 0.5, 1, 1.5, 2, 3, 9] : [1, 2, 3, 7]
        var proved = 0, irreducible = 0
        for _ in 0..<150 {
            let n = 1 + random.below(5)
            var set: [ExactConstraint] = []
            for _ in 0..<(1 + random.below(9)) {
                var terms: [(Int, Double)] = []
                for v in 0..<n where random.below(3) != 0 {
                    let a = coefficients[random.below(coefficients.count)]
                    terms.append((v, random.below(2) == 0 ? a : -a))
                }
                let relation: ExactRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)]
                set.append(constraint(terms, Double(random.below(21) - 10), relation))
            }
            let isProved = IrreducibleConflict.isProved(variableCount: n, constraints: set)
            let truth = isIrreducible(n, set)
            #expect(!isProved || truth, "proved a set that is not irreducible: \(set)")
            if isProved { proved += 1 }
            // Filter an infeasible set down to an irreducible one; it must be proved.
            guard !ExactLP.isFeasible(variableCount: n, constraints: set) else { continue }
            var kept = set
            var k = kept.count - 1
            while k >= 0 {
                var rest = kept
                rest.remove(at: k)
                if !ExactLP.isFeasible(variableCount: n, constraints: rest) { kept = rest }
                k -= 1
            }
            irreducible += 1
            #expect(IrreducibleConflict.isProved(variableCount: n, constraints: kept), "not proved: \(kept)")
        }
        // The campaign reached both sides of the question.
        #expect(proved > 0)
        #expect(irreducible > 10)
    }

    /// A refusal whose certificate one elimination proves irreducible runs that elimination
    /// once, whichever operation was refused and whether or not the system is within exact
    /// certification: the check before the exact placement is handed on to the
    /// explanation, which ran it again, then once more in the minimal-conflict search.
    @Test(arguments: [defaultExactCertificationLimit, 0])
    func aRefusalProvesItsCertificateOnce(exactLimit: Int) throws {
        // x0 == 0, x(k+1) == xk + 10 for k < 10: the chain puts x10 at 100.
        let d = CoreDriver(variableCount: 11)
        d.core.tuning.exactCertificationLimit = exactLimit
        _ = try d.add(ref([(0, 1)], 0, .equal))
        for k in 0 ..< 10 { _ = try d.add(ref([(k + 1, 1), (k, -1)], -10, .equal)) }
        let upper = try d.add(ref([(10, 1)], -200, .lessThanOrEqual))

        func expectOneElimination(conflictSize: Int, _ refused: () throws(CoreError) -> Void) {
            let before = d.core.statistics.conflictEliminations
            let state = d.core.stateFingerprint()
            do throws(CoreError) {
                try refused()
                Issue.record("accepted a contradiction")
            } catch {
                guard case .unsatisfiable(let conflict) = error else { Issue.record("\(error)"); return }
                #expect(conflict.count == conflictSize, "\(conflict)")
            }
            #expect(d.core.statistics.conflictEliminations - before == 1)
            #expect(d.core.stateFingerprint() == state)
        }
        // An addition: x10 <= 50 against the chain.
        expectOneElimination(conflictSize: 12) { () throws(CoreError) in
            _ = try d.add(ref([(10, 1)], -50, .lessThanOrEqual))
        }
        // A new constant: x10 <= 50 again, by moving the bound.
        expectOneElimination(conflictSize: 12) { () throws(CoreError) in try d.core.setConstant(upper, -50) }
        // A priority made required: an optional x10 >= 300 raised to 1000.
        let wish = try d.add(ref([(10, 1)], -300, .greaterThanOrEqual, 500))
        expectOneElimination(conflictSize: 12) { () throws(CoreError) in try d.core.setPriority(wish, 1000) }
        #expect(d.problems() == [])
    }
}
