import RatiteCheck
import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The reference solver is only as good as its own tests: hand-checked cases, and a
/// brute-force vertex enumeration on random one- and two-variable systems.
@Suite struct ReferenceLPTests {
    func optimum(_ n: Int, _ cs: [ReferenceConstraint])
        -> (objective: [(priority: Double, value: Double)], values: [Double])? {
        if case .optimal(let o, let v) = ReferenceLP.solve(variableCount: n, constraints: cs) { return (o, v) }
        return nil
    }

    @Test func handCheckedCases() throws {
        // x == 5
        var r = try #require(optimum(1, [ref([(0, 1)], -5, .equal)]))
        #expect(r.values == [5])
        #expect(r.objective.isEmpty)
        // x >= 10 @strong, x <= 5 @strong, x == 7 @weak: 5 at strong for any x in [5, 10].
        r = try #require(optimum(1, [ref([(0, 1)], -10, .greaterThanOrEqual, 750),
                                     ref([(0, 1)], -5, .lessThanOrEqual, 750), ref([(0, 1)], -7, .equal, 250)]))
        #expect(r.values == [7])
        #expect(r.objective.map(\.value) == [5, 0])
        // Negative values of free variables, and a redundant equality.
        r = try #require(optimum(2, [ref([(0, 1)], 5, .equal), ref([(0, 2)], 10, .equal),
                                     ref([(1, 1), (0, -1)], 3, .equal)]))
        #expect(r.values == [-5, -8])
        // One strong beats a thousand weak.
        let many = (0..<50).map { _ in ref([(0, 1)], 0, .equal, 250) } + [ref([(0, 1)], -10, .equal, 750)]
        r = try #require(optimum(1, many))
        #expect(r.values == [10])
        #expect(r.objective.map(\.value) == [0, 500])
        // Within a level, errors add up: three want 0, one wants 10.
        r = try #require(optimum(1, [ref([(0, 1)], 0, .equal, 500), ref([(0, 1)], 0, .equal, 500),
                                     ref([(0, 1)], 0, .equal, 500), ref([(0, 1)], -10, .equal, 500)]))
        #expect(r.values == [0])
        #expect(r.objective.map(\.value) == [10])
        // Halves: (a + b) / 2 == c.
        r = try #require(optimum(3, [ref([(0, 0.5), (1, 0.5), (2, -1)], 0, .equal), ref([(0, 1)], -3, .equal),
                                     ref([(1, 1)], -4, .equal)]))
        #expect(r.values == [3, 4, 3.5])
    }

    @Test func infeasibleAndFeasible() {
        #expect(ReferenceLP.isFeasible(variableCount: 1,
                                       constraints: [ref([(0, 1)], -1, .equal), ref([(0, 1)], -2, .equal)]) == false)
        #expect(ReferenceLP.isFeasible(variableCount: 1,
                                       constraints: [ref([(0, 1)], -1, .equal), ref([(0, 2)], -2, .equal)]) == true)
        #expect(ReferenceLP.isFeasible(variableCount: 0, constraints: [ref([], -1, .greaterThanOrEqual)]) == false)
        #expect(ReferenceLP.isFeasible(variableCount: 0, constraints: [ref([], 1, .greaterThanOrEqual)]) == true)
        // A cycle x >= y + 1, y >= z + 1, z >= x + 1.
        let cycle = [ref([(0, 1), (1, -1)], -1, .greaterThanOrEqual), ref([(1, 1), (2, -1)], -1, .greaterThanOrEqual),
                     ref([(2, 1), (0, -1)], -1, .greaterThanOrEqual)]
        #expect(ReferenceLP.isFeasible(variableCount: 3, constraints: cycle) == false)
        #expect(ReferenceLP.isFeasible(variableCount: 3, constraints: Array(cycle.prefix(2))) == true)
        // Optional constraints never make a system infeasible.
        #expect(ReferenceLP.isFeasible(variableCount: 1,
                                       constraints: [ref([(0, 1)], -1, .equal), ref([(0, 1)], -2, .equal, 750)])
                == true)
    }

    /// Lexicographic comparison of objective vectors with a tolerance.
    static func lexicographicallyLess(_ a: [Double], _ b: [Double]) -> Bool {
        for (x, y) in zip(a, b) where abs(x - y) > 1e-9 * max(1, abs(x), abs(y)) { return x < y }
        return false
    }

    /// With a stay on each of two variables, the lexicographic optimum is attained at a
    /// vertex of the arrangement of all constraint lines: the best feasible intersection
    /// point of two lines is optimal.
    @Test func bruteForceTwoVariables() {
        var random = SplitMix64(seed: 0x5eed)
        var compared = 0
        for _ in 0..<400 {
            let n = 1 + random.below(2)
            var cs: [ReferenceConstraint] = []
            for i in 0..<n { cs.append(ref([(i, 1)], Double(random.below(11) - 5), .equal, Double(1 + i))) }
            for _ in 0..<(1 + random.below(5)) {
                var terms: [(Int, Double)] = []
                for v in 0..<n where random.below(3) > 0 || n == 1 {
                    terms.append((v, Double([-3, -2, -1, 1, 2, 3][random.below(6)])))
                }
                if terms.isEmpty { terms = [(0, 1)] }
                let relation = Relation.allCases[random.below(3)]
                let priority = [1000.0, 1000, 750, 500, 250][random.below(5)]
                cs.append(ref(terms, Double(random.below(21) - 10), relation, priority))
            }
            // Candidate points: intersections of every pair of lines (every line for n = 1).
            var lines: [(a: [Double], b: Double)] = []
            for c in cs {
                var a = [Double](repeating: 0, count: n)
                for t in c.terms { a[t.variable] += t.coefficient }
                lines.append((a, -c.constant))
            }
            var points: [[Double]] = []
            if n == 1 {
                for l in lines where l.a[0] != 0 { points.append([l.b / l.a[0]]) }
            } else {
                for i in lines.indices {
                    for j in lines.indices where j > i {
                        let (a, b) = (lines[i], lines[j])
                        let det = a.a[0] * b.a[1] - a.a[1] * b.a[0]
                        if det == 0 { continue }
                        points.append([(a.b * b.a[1] - a.a[1] * b.b) / det, (a.a[0] * b.b - a.b * b.a[0]) / det])
                    }
                }
            }
            let feasible = points.filter { p in cs.filter(\.isRequired).allSatisfy { $0.violation(p) <= 1e-9 } }
            var best: [Double]? = nil
            for p in feasible {
                let o = objectiveVector(cs, values: p).map(\.value)
                if best == nil || Self.lexicographicallyLess(o, best!) { best = o }
            }
            switch ReferenceLP.solve(variableCount: n, constraints: cs) {
            case .infeasible:
                #expect(best == nil, "reference says infeasible: \(cs)")
            case .optimal(let objective, let values):
                guard let best else {
                    Issue.record("brute force found no feasible vertex for \(cs)")
                    continue
                }
                let got = objective.map(\.value)
                #expect(zip(got, best).allSatisfy { close($0, $1) },
                        "reference \(got) vs brute force \(best) for \(cs)")
                // The point it returns has the objective it claims and meets the required constraints.
                #expect(zip(objectiveVector(cs, values: values).map(\.value), got).allSatisfy { close($0, $1) })
                #expect(cs.filter(\.isRequired).allSatisfy { $0.violation(values) <= 1e-9 })
                compared += 1
            }
        }
        #expect(compared > 250)
    }
}
