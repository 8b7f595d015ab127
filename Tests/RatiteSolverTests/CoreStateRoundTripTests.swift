import RatiteCheck
import RatiteGenerate
import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The parts of the core save, restore and copy themselves (`savepoint()`, `restore(_:)`,
/// `copy()`), and the journal and `rebuildTableau` go through them. On every generated
/// family, with every decision certified exactly and past the exact-certification limit
/// (lowered to a size a debug build runs quickly): a copy is the same state and
/// independent of its original, a rollback (nested or not) gives back the state bit for
/// bit, and a rebuild keeps every answer and is itself deterministic.
@Suite struct CoreStateRoundTripTests {
    /// A few hundred constraints of each family.
    static let sizes: [(SystemFamily, Int)] = [(.chain, 60), (.grid, 49), (.tree, 40), (.random, 60)]
    /// The default limit, and one below every size.
    static let limits = [defaultExactCertificationLimit, 100]

    struct Built {
        var driver: CoreDriver
        var ids: [Int32]
        var edits: [Int32]
    }

    /// Feeds `system` to a fresh core: constraints, then edits with their first suggestions.
    static func build(_ system: GeneratedSystem, exactLimit: Int) throws -> Built {
        let d = CoreDriver(variableCount: 0)
        d.core.tuning.exactCertificationLimit = exactLimit
        for name in system.names { d.variables.append(d.core.newVariable(name: name)) }
        var ids: [Int32] = []
        for c in system.constraints {
            let n = c.normalized
            let terms = n.terms.map {
                VariableTerm(variable: d.variables[Int($0.variable)], coefficient: $0.coefficient)
            }
            ids.append(try d.core.addConstraint(terms: terms, constant: n.constant, relation: c.relation,
                                                priority: c.priority))
        }
        var edits: [Int32] = []
        for (i, e) in system.edits.enumerated() {
            let v = d.variables[Int(e.variable)]
            try d.core.addEditVariable(v, priority: e.priority)
            try d.core.suggestValue(v, system.suggestions[i])
            edits.append(v)
        }
        d.core.updateValues()
        return Built(driver: d, ids: ids, edits: edits)
    }

    /// A fixed mix of every kind of change to `ids` and `variables`, drawn from `seed`:
    /// removals, new constants and priorities, suggestions to `edits`, and new constraints
    /// (on a new variable, when `newVariable`). Refused changes are skipped (they leave the
    /// core as it was). Values are updated at the end unless the changes are made inside a
    /// transaction: a rollback does not take back the values an update wrote.
    static func change(
        _ core: inout SimplexCore, ids: [Int32], variables: [Int32], edits: [Int32], seed: UInt64,
        update: Bool = true, newVariable: Bool = true
    ) {
        var random = SplitMix64(seed: seed)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        for _ in 0 ..< 6 {
            let id = ids[pick(ids.count)]
            guard core.isConstraint(id) else { continue }
            switch pick(4) {
            case 0: try? core.removeConstraint(id)
            case 1: try? core.setConstant(id, -Double(pick(200)))
            case 2:
                if core.priority(ofConstraint: id) < 1000 { try? core.setPriority(id, Double(1 + pick(999))) }
            default:
                if let v = edits.first { try? core.suggestValue(v, Double(100 + pick(900))) }
            }
        }
        let x = newVariable ? core.newVariable(name: "extra\(seed)") : variables[pick(variables.count)]
        let y = variables[pick(variables.count)]
        let terms = [VariableTerm(variable: x, coefficient: 1), VariableTerm(variable: y, coefficient: -1)]
        _ = try? core.addConstraint(terms: terms, constant: -8, relation: .equal, priority: 1000)
        _ = try? core.addConstraint(terms: [VariableTerm(variable: x, coefficient: 1)], constant: -Double(pick(500)),
                                    relation: .greaterThanOrEqual, priority: 250)
        if update { core.updateValues() }
    }

    static func change(_ core: inout SimplexCore, _ built: Built, seed: UInt64, update: Bool = true) {
        change(&core, ids: built.ids, variables: built.driver.variables, edits: built.edits, seed: seed,
               update: update)
    }

    /// The objective per level at the core's values, and whether every required constraint
    /// holds there: generated layouts have many optimal points (equal weak widths can give
    /// way in any order), so answers are compared by what they cost.
    static func answer(_ core: borrowing SimplexCore) -> (objective: [(priority: Double, value: Double)], holds: Bool) {
        let values = (0 ..< core.registry.variables.count).map { core.value(ofVariable: Int32($0)) }
        var constraints: [ReferenceConstraint] = []
        for c in Int32(0) ..< Int32(core.registry.constraints.count) where core.isConstraint(c) {
            constraints.append(ReferenceConstraint(
                terms: core.terms(ofConstraint: c).map { (variable: Int($0.variable), coefficient: $0.coefficient) },
                constant: core.constant(ofConstraint: c), relation: core.relation(ofConstraint: c),
                priority: core.priority(ofConstraint: c)))
        }
        let holds = constraints.allSatisfy { !$0.isRequired || $0.violation(values) <= 1e-9 * $0.scale(values) }
        return (objectiveVector(constraints, values: values), holds)
    }

    static func expectSameAnswer(_ a: borrowing SimplexCore, _ b: borrowing SimplexCore,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let (x, y) = (answer(a), answer(b))
        #expect(x.holds && y.holds, sourceLocation: sourceLocation)
        #expect(sameObjective(x.objective, y.objective),
                "\(describeObjective(x.objective)) against \(describeObjective(y.objective))",
                sourceLocation: sourceLocation)
    }

    static func cases() -> [(SystemFamily, Int, Int)] {
        sizes.flatMap { family, n in limits.map { (family, n, $0) } }
    }

    @Test(arguments: cases())
    func aCopyIsTheSameStateAndIndependent(family: SystemFamily, n: Int, exactLimit: Int) throws {
        let built = try Self.build(family.generate(n: n), exactLimit: exactLimit)
        #expect(built.driver.core.registry.constraints.count > 100)
        let original = fingerprint(built.driver.core)
        var copy = built.driver.core.copy()
        #expect(firstDifference(original, fingerprint(copy)) == nil)
        #expect(copy.invariantViolations() == [])

        // The same changes to the copy and to the original give the same state; the
        // original does not see the copy's.
        Self.change(&copy, built, seed: 1)
        #expect(firstDifference(original, fingerprint(built.driver.core)) == nil)
        Self.change(&built.driver.core, built, seed: 1)
        #expect(firstDifference(fingerprint(copy), fingerprint(built.driver.core)) == nil)
        #expect(copy.invariantViolations() == [])
    }

    @Test(arguments: cases())
    func aRollbackGivesTheStateBack(family: SystemFamily, n: Int, exactLimit: Int) throws {
        let built = try Self.build(family.generate(n: n), exactLimit: exactLimit)
        let before = fingerprint(built.driver.core)
        built.driver.core.beginTransaction()
        Self.change(&built.driver.core, built, seed: 2, update: false)
        built.driver.core.rollbackTransaction()
        #expect(firstDifference(before, fingerprint(built.driver.core)) == nil)
        #expect(built.driver.core.invariantViolations() == [])

        // Nested: an inner transaction that commits, one that rolls back, more changes,
        // and the outer one rolls everything back.
        built.driver.core.beginTransaction()
        Self.change(&built.driver.core, built, seed: 3, update: false)
        let afterFirst = fingerprint(built.driver.core, transient: false)
        built.driver.core.beginTransaction()
        Self.change(&built.driver.core, built, seed: 4, update: false)
        built.driver.core.rollbackTransaction()
        #expect(firstDifference(afterFirst, fingerprint(built.driver.core, transient: false)) == nil)
        built.driver.core.beginTransaction()
        Self.change(&built.driver.core, built, seed: 5, update: false)
        built.driver.core.commitTransaction()
        Self.change(&built.driver.core, built, seed: 6, update: false)
        built.driver.core.rollbackTransaction()
        #expect(firstDifference(before, fingerprint(built.driver.core)) == nil)
        #expect(built.driver.core.invariantViolations() == [])

        // And the core goes on to the answers of one that never saw the changes.
        let untouched = try Self.build(family.generate(n: n), exactLimit: exactLimit)
        Self.change(&built.driver.core, built, seed: 7)
        Self.change(&untouched.driver.core, untouched, seed: 7)
        Self.expectSameAnswer(built.driver.core, untouched.driver.core)
    }

    @Test(arguments: cases())
    func aRebuildKeepsTheAnswerAndIsDeterministic(family: SystemFamily, n: Int, exactLimit: Int) throws {
        let built = try Self.build(family.generate(n: n), exactLimit: exactLimit)
        Self.change(&built.driver.core, built, seed: 8)
        built.driver.core.updateValues()
        var first = built.driver.core.copy(), second = built.driver.core.copy()
        try first.rebuildTableau()
        try second.rebuildTableau()
        first.updateValues()
        second.updateValues()
        #expect(firstDifference(fingerprint(first), fingerprint(second)) == nil)
        #expect(first.invariantViolations() == [] && first.valueViolations() == [])
        Self.expectSameAnswer(first, built.driver.core)
        // The ids, names and serials are kept: the same changes apply to the rebuilt core
        // and reach the same answer.
        Self.change(&first, built, seed: 9)
        Self.change(&built.driver.core, built, seed: 9)
        Self.expectSameAnswer(first, built.driver.core)
        #expect(first.invariantViolations() == [])
    }

    /// The layout engine's family, whose core names its variables from the items.
    @Test func theFormFamilyRoundTripsToo() throws {
        let engine = LayoutEngine()
        _ = try FormFamily.build(into: engine, n: 30)
        engine.layout()
        let ids = (Int32(0) ..< Int32(engine.core.registry.constraints.count)).filter { engine.core.isConstraint($0) }
        let variables = (Int32(0) ..< Int32(engine.core.registry.variables.count)).filter {
            engine.core.registry.variables[Int($0)].isAlive
        }
        #expect(ids.count > 100)
        func change(_ core: inout SimplexCore, seed: UInt64, update: Bool = true) {
            Self.change(
                &core, ids: ids, variables: variables, edits: [], seed: seed, update: update, newVariable: false)
        }
        let before = engine.core.stateFingerprint()
        var copy = engine.core.copy()
        #expect(copy.stateFingerprint() == before)
        change(&copy, seed: 1)
        #expect(engine.core.stateFingerprint() == before)
        #expect(copy.invariantViolations() == [])

        engine.core.beginTransaction()
        change(&engine.core, seed: 2, update: false)
        engine.core.beginTransaction()
        change(&engine.core, seed: 3, update: false)
        engine.core.commitTransaction()
        engine.core.rollbackTransaction()
        #expect(engine.core.stateFingerprint() == before)

        var rebuilt = engine.core.copy()
        try rebuilt.rebuildTableau()
        rebuilt.updateValues()
        #expect(rebuilt.invariantViolations() == [] && rebuilt.valueViolations() == [])
        Self.expectSameAnswer(rebuilt, engine.core)
    }

    /// The parts' own checks see a free list that lost a slot or reaches one in use (the
    /// core's checker never looked at free lists before the parts checked themselves).
    @Test func thePartsChecksSeeBrokenFreeLists() throws {
        let built = try Self.build(SystemFamily.chain.generate(n: 20), exactLimit: defaultExactCertificationLimit)
        for id in built.ids.prefix(6) { try built.driver.core.removeConstraint(id) }
        built.driver.core.updateValues()
        #expect(built.driver.core.invariantViolations() == [])
        func expectViolation(_ text: String, _ corrupt: (inout SimplexCore) -> Void) {
            var broken = built.driver.core.copy()
            corrupt(&broken)
            let violations = broken.invariantViolations()
            #expect(violations.contains { $0.contains(text) }, "\(violations)")
        }
        expectViolation("unused row slots") { $0.tableau.freeRow = -1 }
        expectViolation("unused constraint slots") { $0.registry.freeConstraint = -1 }
        expectViolation("which is in use") { core in
            core.tableau.freeSymbol = Int32(core.tableau.symbolKinds.elements.firstIndex { $0 != .unused }!)
        }
        expectViolation("on no list") { $0.tableau.freeColumnNode = -1 }
        expectViolation("flagged dirty") { $0.operation.flags[0] |= SymbolFlags.dirty }
    }
}
