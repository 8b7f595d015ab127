import RatiteCheck
import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// Split equalities (`SimplexCore.addSplitConstraint`): `x + c == 0` with the excess at one
/// priority and the shortfall at another, one row standing for the pair `x + c <= 0 @above`,
/// `x + c >= 0 @below` (an item's hugging and compression resistance).
@Suite struct SolverSplitConstraintTests {
    static let optional: [Double] = [1, 250, 251, 500, 750, 999]

    /// One split equality as the pair of inequalities it stands for.
    static func pair(_ v: Int, _ constant: Double, above: Double, below: Double) -> [ReferenceConstraint] {
        [ref([(v, 1)], constant, .lessThanOrEqual, above), ref([(v, 1)], constant, .greaterThanOrEqual, below)]
    }

    /// A live constraint of the random runs: plain, or split with its two priorities.
    struct Live {
        var id: Int32, pairIDs: [Int32]
        var plain: ReferenceConstraint?
        var split: (v: Int, constant: Double, above: Double, below: Double)?

        var references: [ReferenceConstraint] {
            if let plain { return [plain] }
            let s = split!
            return SolverSplitConstraintTests.pair(s.v, s.constant, above: s.above, below: s.below)
        }
    }

    /// Differential, on random operations (fixed seeds): a core holding split equalities
    /// reaches the values of a core holding each as its two inequalities, its objective is
    /// the exact optimum (reference LP), and its invariants hold after every step. Every
    /// variable has a weak stay, so the optimum is unique.
    @Test(arguments: Array(1...40) as [UInt64])
    func splitEqualsItsPair(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let n = 3
        let split = CoreDriver(variableCount: n), pairs = CoreDriver(variableCount: n)
        var live: [Live] = []
        var stays: [ReferenceConstraint] = []
        for v in 0..<n {
            let stay = ref([(v, 1)], -Double(random.below(40)), .equal, 0.5)
            stays.append(stay)
            _ = try split.add(stay)
            _ = try pairs.add(stay)
        }
        var splits = 0
        for step in 0..<40 {
            let op = random.below(6)
            if op <= 1 || live.isEmpty {
                let v = random.below(n), constant = -Double(random.below(60))
                if random.below(3) == 0 {
                    // A plain constraint between two variables (required ones may conflict).
                    let w = (v + 1 + random.below(n - 1)) % n
                    let c = ref([(v, 1), (w, -1)], Double(random.below(30)) - 15,
                              [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)],
                              [1000, 1000, 750, 250][random.below(4)])
                    guard let id = try? split.add(c) else { continue }
                    live.append(Live(id: id, pairIDs: [try pairs.add(c)], plain: c))
                } else {
                    let above = Self.optional[random.below(Self.optional.count)]
                    let below = Self.optional[random.below(Self.optional.count)]
                    let id = try split.core.addSplitConstraint(variable: split.variables[v], constant: constant,
                                                               above: above, below: below)
                    let ids = try Self.pair(v, constant, above: above, below: below).map { try pairs.add($0) }
                    live.append(Live(id: id, pairIDs: ids, split: (v, constant, above, below)))
                    splits += 1
                }
            } else {
                let k = random.below(live.count)
                switch op {
                case 2:
                    try split.core.removeConstraint(live[k].id)
                    for id in live[k].pairIDs { try pairs.core.removeConstraint(id) }
                    live.remove(at: k)
                case 3:
                    let constant = -Double(random.below(60))
                    guard live[k].split != nil else { continue }
                    try split.core.setConstant(live[k].id, constant)
                    for id in live[k].pairIDs { try pairs.core.setConstant(id, constant) }
                    live[k].split!.constant = constant
                default:
                    guard let s = live[k].split else { continue }
                    let above = Self.optional[random.below(Self.optional.count)]
                    let below = op == 4 ? above : Self.optional[random.below(Self.optional.count)]
                    if op == 4 {
                        try split.core.setPriority(live[k].id, above)
                    } else {
                        try split.core.setSplitPriorities(live[k].id, above: above, below: below)
                    }
                    try pairs.core.setPriority(live[k].pairIDs[0], above)
                    try pairs.core.setPriority(live[k].pairIDs[1], below)
                    live[k].split = (s.v, s.constant, above, below)
                    #expect(split.core.priority(ofConstraint: live[k].id) == above)
                    #expect(split.core.lowerPriority(ofConstraint: live[k].id) == below)
                }
            }
            let problems = split.problems()
            #expect(problems.isEmpty, "seed \(seed) step \(step): \(problems.prefix(3))")
            let values = split.values(), expected = pairs.values()
            #expect(zip(values, expected).allSatisfy { close($0, $1, 1e-7) },
                    "seed \(seed) step \(step): \(values) vs \(expected)")
            let system = stays + live.flatMap(\.references)
            if case .optimal(let best, _) = ReferenceLP.solve(variableCount: n, constraints: system) {
                let ours = objectiveVector(system, values: values)
                #expect(sameObjective(ours, best),
                        "seed \(seed) step \(step): \(describeObjective(ours)) vs \(describeObjective(best))")
            }
        }
        #expect(splits > 0)
        // Removing everything leaves no level and no symbol behind.
        for l in live.reversed() { try split.core.removeConstraint(l.id) }
        #expect(split.problems().isEmpty)
        #expect(split.core.objective.levels.filter { $0.users > 0 }.map(\.priority) == [0.5])
    }

    /// One row, two error symbols, two levels; the dump names both priorities.
    @Test func oneRowTwoLevels() throws {
        let driver = CoreDriver(variableCount: 1)
        let rowsBefore = driver.core.tableau.rows.elements.filter { !$0.isUnused }.count
        let id = try driver.core.addSplitConstraint(variable: driver.variables[0], constant: -50,
                                                    above: 251, below: 750)
        #expect(driver.core.tableau.rows.elements.filter { !$0.isUnused }.count == rowsBefore + 1)
        let record = driver.core.registry.constraints[Int(id)]
        #expect(record.isSplit && record.relation == .equal && record.termShape == 1)
        #expect(driver.core.kind(record.marker) == .error && driver.core.kind(record.other) == .error)
        #expect(driver.core.priority(ofConstraint: id) == 251 && driver.core.lowerPriority(ofConstraint: id) == 750)
        #expect(driver.core.dump().contains("@251 below @750"))
        #expect(driver.values() == [50])
        // Pushed from above at 500: the excess costs 251 and gives way; from below at 500
        // the shortfall costs 750 and holds.
        let push = try driver.add(ref([(0, 1)], -80, .equal, 500))
        #expect(driver.values() == [80])
        try driver.core.setConstant(push, -20)
        #expect(driver.values() == [50])
        #expect(driver.problems().isEmpty)
    }

    /// Refused calls are typed and change nothing; a rolled-back transaction undoes every
    /// split operation bit for bit.
    @Test func refusalsAndRollbackLeaveNoTrace() throws {
        let driver = CoreDriver(variableCount: 2)
        _ = try driver.add(ref([(0, 1), (1, -1)], -8, .equal))
        let id = try driver.core.addSplitConstraint(variable: driver.variables[0], constant: -50,
                                                    above: 250, below: 750)
        let before = fingerprint(driver.core)
        #expect(throws: CoreError.invalidPriority(1000)) {
            try driver.core.addSplitConstraint(variable: driver.variables[1], constant: 0, above: 1000, below: 750)
        }
        #expect(throws: CoreError.invalidPriority(0)) {
            try driver.core.addSplitConstraint(variable: driver.variables[1], constant: 0, above: 250, below: 0)
        }
        #expect(throws: CoreError.nonFiniteConstant(.infinity)) {
            try driver.core.addSplitConstraint(variable: driver.variables[1], constant: .infinity, above: 250,
                                               below: 750)
        }
        #expect(throws: CoreError.unknownVariable(99)) {
            try driver.core.addSplitConstraint(variable: 99, constant: 0, above: 250, below: 750)
        }
        #expect(throws: CoreError.invalidPriority(1000)) {
            try driver.core.setSplitPriorities(id, above: 1000, below: 1)
        }
        #expect(throws: CoreError.invalidPriority(1000)) { try driver.core.setPriority(id, 1000) }
        #expect(throws: CoreError.unknownConstraint(0)) { try driver.core.setSplitPriorities(0, above: 1, below: 1) }
        #expect(firstDifference(before, fingerprint(driver.core)) == nil)

        driver.core.beginTransaction()
        let other = try driver.core.addSplitConstraint(variable: driver.variables[1], constant: -10,
                                                       above: 100, below: 900)
        try driver.core.setSplitPriorities(id, above: 900, below: 100)
        try driver.core.setConstant(id, -70)
        try driver.core.removeConstraint(other)
        try driver.core.removeConstraint(id)
        driver.core.rollbackTransaction()
        #expect(firstDifference(before, fingerprint(driver.core)) == nil)
        #expect(driver.problems().isEmpty)
    }

    /// A split equality on an edit variable's variable: suggestions push against it from
    /// either side, and the two priorities decide; the optimal range (ranging) sees the
    /// same face as for the pair.
    @Test func splitAgainstAnEditVariable() throws {
        let split = CoreDriver(variableCount: 1), pair = CoreDriver(variableCount: 1)
        let id = try split.core.addSplitConstraint(variable: split.variables[0], constant: -50, above: 300, below: 700)
        for c in Self.pair(0, -50, above: 300, below: 700) { _ = try pair.add(c) }
        for d in [split, pair] { try d.core.addEditVariable(d.variables[0], priority: 500) }
        for (target, expected) in [(80.0, 80.0), (20, 50), (50, 50), (65, 65)] {
            for d in [split, pair] { try d.core.suggestValue(d.variables[0], target) }
            #expect(split.values() == [expected] && pair.values() == [expected], "suggest \(target)")
            #expect(split.problems().isEmpty)
            let range = split.core.optimalRange(ofVariable: split.variables[0])
            let expectedRange = pair.core.optimalRange(ofVariable: pair.variables[0])
            #expect(range == expectedRange, "suggest \(target): \(range) against \(expectedRange)")
        }
        // The excess now costs more than the edit: the variable stays at 50 when pushed up.
        try split.core.setSplitPriorities(id, above: 600, below: 700)
        try split.core.suggestValue(split.variables[0], 90)
        #expect(split.values() == [50])
        try split.core.removeEditVariable(split.variables[0])
        try split.core.removeConstraint(id)
        #expect(split.problems().isEmpty && split.core.objective.levels.allSatisfy { $0.users <= 0 })
    }

    /// Split records keep their kind and second level through serial renumbering (they
    /// share the word of the relation) and term compaction (their count is implied).
    @Test func splitRecordsSurviveRenumberingAndCompaction() throws {
        let d = CoreDriver(variableCount: 2)
        d.core.registry.serialCounter = ConstraintRecord.serialLimit - 3
        let split = try d.core.addSplitConstraint(variable: d.variables[0], constant: -5, above: 250, below: 750)
        var plain: [Int32] = []
        for k in 0..<1200 { plain.append(try d.add(ref([(0, 1), (1, -1)], Double(k % 7), .lessThanOrEqual, 100))) }
        #expect(d.core.registry.constraints[Int(split)].serial == 1)
        for id in plain { try d.core.removeConstraint(id) }
        #expect(d.core.registry.constraintTerms.count < 1200)
        let record = d.core.registry.constraints[Int(split)]
        #expect(record.isSplit && record.relation == .equal && record.termShape == 1)
        #expect(Array(d.core.terms(of: record)) == [VariableTerm(variable: d.variables[0], coefficient: 1)])
        #expect(d.core.priority(ofConstraint: split) == 250 && d.core.lowerPriority(ofConstraint: split) == 750)
        #expect(d.problems().isEmpty)
        #expect(d.values()[0] == 5)
    }
}
