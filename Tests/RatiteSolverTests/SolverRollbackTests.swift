import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// A failed operation leaves the core bit for bit as it was: compared with `fingerprint`,
/// which covers every array slot, free-list head and counter.
@Suite struct SolverRollbackTests {
    /// A core that has pivoted: chain definitions, LP rows, several levels, two edits.
    ///
    /// Variables: 0 left, 1 width, 2 right, 3 gap, 4 other. Constraint ids are returned in
    /// the order added.
    func busyCore() throws -> (CoreDriver, [Int32]) {
        let d = CoreDriver(variableCount: 5)
        var ids: [Int32] = []
        ids.append(try d.add(ref([(0, 1)], -20, .equal)))  // left == 20
        ids.append(try d.add(ref([(2, 1), (0, -1), (1, -1)], 0, .equal)))  // right == left + width
        ids.append(try d.add(ref([(1, 1)], -10, .greaterThanOrEqual)))  // width >= 10
        ids.append(try d.add(ref([(1, 1)], -50, .equal, 250)))  // width == 50 @weak
        ids.append(try d.add(ref([(3, 1), (1, -0.5)], 0, .equal, 500)))  // gap == width / 2 @medium
        ids.append(try d.add(ref([(4, 1), (2, -1), (3, -1)], 0, .greaterThanOrEqual)))  // other >= right + gap
        ids.append(try d.add(ref([(4, 1)], -400, .lessThanOrEqual, 600)))  // other <= 400 @600
        try d.core.addEditVariable(d.variables[2], priority: 750)
        try d.core.suggestValue(d.variables[2], 320)
        try d.core.addEditVariable(d.variables[4], priority: 333)
        try d.core.suggestValue(d.variables[4], 100)
        try d.core.suggestValue(d.variables[2], 200)
        #expect(d.problems() == [])
        #expect(d.core.statistics.pivots > 0)
        return (d, ids)
    }

    /// Runs a failing `body` and checks the core did not change (transient queues included
    /// when `transient`).
    func expectUnchanged(_ d: inout CoreDriver, transient: Bool = false,
                         sourceLocation: Testing.SourceLocation = #_sourceLocation,
                         _ body: (inout CoreDriver) throws(CoreError) -> Void) -> CoreError? {
        d.core.updateValues()
        let before = fingerprint(d.core, transient: transient)
        let dump = d.core.dump()
        do {
            try body(&d)
            Issue.record("expected an error", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(firstDifference(before, fingerprint(d.core, transient: transient)) == nil,
                    sourceLocation: sourceLocation)
            #expect(d.core.dump() == dump, sourceLocation: sourceLocation)
            #expect(d.core.invariantViolations() == [], sourceLocation: sourceLocation)
            return error
        }
    }

    /// No symbol or column node is left flagged as logged: the state between transactions.
    func expectNoJournalFlags(_ d: CoreDriver, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(d.core.operation.flags.elements.allSatisfy { $0 & SymbolFlags.journaled == 0 },
                sourceLocation: sourceLocation)
        let nodes = d.core.tableau.columnNodes.count
        let flagged = (0 ..< nodes).filter { d.core.journal.journaledColumnNodes.contains($0) }
        #expect(flagged.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func busyCoreValues() throws {
        let (d, _) = try busyCore()
        // right 200 (strong edit), width 180, gap 90 (medium), other >= 290 (other <= 400
        // @600 beats other == 100 @333).
        #expect(d.values() == [20, 180, 200, 90, 290])
    }

    @Test func unsatisfiableAdditionAfterPivots() throws {
        var (d, ids) = try busyCore()
        // width <= 5 contradicts width >= 10 (phase one runs and fails).
        let e1 = expectUnchanged(&d) { d throws(CoreError) in _ = try d.add(ref([(1, 1)], -5, .lessThanOrEqual)) }
        #expect(e1 == .unsatisfiable(conflict: [ids[2], pendingConstraintID]))
        // right == 10 contradicts left == 20 and width >= 10 through right == left + width.
        let e2 = expectUnchanged(&d) { d throws(CoreError) in _ = try d.add(ref([(2, 1)], -10, .equal)) }
        #expect(e2 == .unsatisfiable(conflict: [ids[0], ids[1], ids[2], pendingConstraintID]))
        // With the queues compared too, where they start out empty.
        var fresh = CoreDriver(variableCount: 2)
        let a = try fresh.add(ref([(0, 1), (1, -1)], -1, .greaterThanOrEqual))
        _ = try fresh.add(ref([(0, 1)], -5, .equal, 250))
        let e3 = expectUnchanged(&fresh, transient: true) { d throws(CoreError) in
            _ = try d.add(ref([(1, 1), (0, -1)], 0, .greaterThanOrEqual))
        }
        #expect(e3 == .unsatisfiable(conflict: [a, pendingConstraintID]))
        #expect(d.problems() == [])
    }

    @Test func unsatisfiableConstantChange() throws {
        var (d, ids) = try busyCore()
        let cap = try d.add(ref([(2, 1)], -500, .lessThanOrEqual))  // right <= 500
        #expect(d.problems() == [])
        // width >= 1000 makes right >= 1020.
        let e = expectUnchanged(&d) { d throws(CoreError) in try d.core.setConstant(ids[2], -1000) }
        #expect(e == .unsatisfiable(conflict: [ids[0], ids[1], cap, ids[2]]))
        // left == 600 makes right >= 610.
        let f = expectUnchanged(&d) { d throws(CoreError) in try d.core.setConstant(ids[0], -600) }
        #expect(f == .unsatisfiable(conflict: [ids[1], ids[2], cap, ids[0]]))
        #expect(d.problems() == [])
    }

    @Test func unsatisfiableConstantChangeSimple() throws {
        var d = CoreDriver(variableCount: 2)
        let a = try d.add(ref([(0, 1)], 0, .greaterThanOrEqual))  // x >= 0
        let b = try d.add(ref([(1, 1)], -3, .equal))  // y == 3
        let c = try d.add(ref([(0, 1), (1, 1)], -10, .lessThanOrEqual))  // x + y <= 10
        _ = try d.add(ref([(0, 1)], -5, .equal, 250))  // x == 5 @weak
        try d.core.addEditVariable(d.variables[0], priority: 500)
        try d.core.suggestValue(d.variables[0], 6)
        #expect(d.values() == [6, 3])
        // y == 20 leaves x <= -10 against x >= 0.
        let e = expectUnchanged(&d) { d throws(CoreError) in try d.core.setConstant(b, -20) }
        #expect(e == .unsatisfiable(conflict: [a, c, b]))
        #expect(d.values() == [6, 3])
        // x + y <= -1 conflicts with x >= 0 and y == 3.
        let f = expectUnchanged(&d) { d throws(CoreError) in try d.core.setConstant(c, 1) }
        #expect(f == .unsatisfiable(conflict: [a, b, c]))
        try d.core.setConstant(b, -8)
        #expect(d.values() == [2, 8])
    }

    @Test func unsatisfiablePriorityChange() throws {
        var d = CoreDriver(variableCount: 2)
        _ = try d.add(ref([(0, 1)], 0, .greaterThanOrEqual))  // x >= 0
        let b = try d.add(ref([(1, 1)], -3, .equal))  // y == 3
        let c = try d.add(ref([(0, 1), (1, 1)], -10, .lessThanOrEqual))  // x + y <= 10
        let wish = try d.add(ref([(0, 1)], -8, .greaterThanOrEqual, 750))  // x >= 8 @strong
        #expect(d.values() == [7, 3])
        let e = expectUnchanged(&d) { d throws(CoreError) in try d.core.setPriority(wish, 1000) }
        #expect(e == .unsatisfiable(conflict: [b, c, wish]))
        // Optional to optional never fails.
        try d.core.setPriority(wish, 250)
        #expect(d.values() == [7, 3])
    }

    @Test func invalidInputsChangeNothing() throws {
        var (d, ids) = try busyCore()
        let x = d.variables[0]
        let edit = d.core.registry.variables[Int(d.variables[2])].edit
        for i in 0..<14 {
            let e = expectUnchanged(&d, transient: true) { d throws(CoreError) in
                switch i {
                case 0:
                    _ = try d.core.addConstraint(terms: [VariableTerm(variable: 99, coefficient: 1)], constant: 0,
                                                 relation: .equal, priority: 1000)
                case 1:
                    _ = try d.core.addConstraint(terms: [VariableTerm(variable: x, coefficient: .nan)], constant: 0,
                                                 relation: .equal, priority: 1000)
                case 2:
                    _ = try d.core.addConstraint(terms: [VariableTerm(variable: x, coefficient: 1)],
                                                 constant: .infinity, relation: .equal, priority: 1000)
                case 3:
                    _ = try d.core.addConstraint(terms: [VariableTerm(variable: x, coefficient: 1)], constant: 0,
                                                 relation: .equal, priority: 0)
                case 4: try d.core.removeConstraint(77)
                case 5: try d.core.setConstant(ids[0], .nan)
                case 6: try d.core.setPriority(ids[0], 1001)
                case 7: try d.core.setPriority(edit, 1000)
                case 8: try d.core.addEditVariable(x, priority: 1000)
                case 9: try d.core.addEditVariable(d.variables[2], priority: 500)
                case 10: try d.core.removeEditVariable(x)
                case 11: try d.core.suggestValue(x, 3)
                case 12: try d.core.suggestValue(d.variables[2], .infinity)
                default: try d.core.deleteVariable(x)
                }
            }
            #expect(e != nil, "case \(i)")
        }
    }

    /// A core that saw failures continues exactly like a twin that never saw them.
    @Test func failuresLeaveNoTraceInLaterOperations() throws {
        var (a, ids) = try busyCore()
        var (b, _) = try busyCore()
        _ = try? a.add(ref([(1, 1)], -5, .lessThanOrEqual))
        _ = try? a.add(ref([(2, 1)], -10, .equal))
        _ = try? a.core.setConstant(ids[0], .nan)
        for k in 0..<2 {
            let d = k == 0 ? a : b
            _ = try d.add(ref([(2, 1)], -500, .lessThanOrEqual))
            if k == 0 { _ = try? d.core.setConstant(ids[2], -1000) }
            _ = try d.add(ref([(3, 1)], -30, .lessThanOrEqual))
            try d.core.suggestValue(d.variables[2], 260)
            try d.core.removeConstraint(ids[3])
            try d.core.removeEditVariable(d.variables[4])
            if k == 0 { a = d } else { b = d }
        }
        #expect(a.values() == b.values())
        #expect(firstDifference(fingerprint(a.core, transient: false), fingerprint(b.core, transient: false)) == nil)
        #expect(a.core.dump() == b.core.dump())
    }

    /// Transactions nest: an inner failure rolls back alone, an outer rollback undoes
    /// everything, committed inner work included.
    @Test func nestedTransactions() throws {
        let (d, ids) = try busyCore()
        d.core.updateValues()
        let start = fingerprint(d.core, transient: false)
        d.core.beginTransaction()
        let kept = try d.add(ref([(3, 1)], -30, .lessThanOrEqual))
        #expect(throws: CoreError.self) { _ = try d.add(ref([(1, 1)], -5, .lessThanOrEqual)) }
        try d.core.suggestValue(d.variables[2], 400)
        try d.core.removeConstraint(ids[3])
        d.core.rollbackTransaction()
        #expect(firstDifference(start, fingerprint(d.core, transient: false)) == nil)
        #expect(d.core.isConstraint(kept) == false)
        #expect(d.problems() == [])
        // Commit keeps the inner work.
        d.core.beginTransaction()
        let k2 = try d.add(ref([(3, 1)], -30, .lessThanOrEqual))
        #expect(throws: CoreError.self) { _ = try d.add(ref([(1, 1)], -5, .lessThanOrEqual)) }
        d.core.commitTransaction()
        #expect(d.core.isConstraint(k2) == true)
        let active = d.core.journal.isActive  // read first: the journal is non-copyable
        #expect(!active)
        #expect(d.problems() == [])
    }

    /// The journal logs a symbol or column node once per transaction: an inner transaction
    /// that changes what the outer one already changed logs it again, so its rollback
    /// restores the state it began from, and the outer rollback the original; no flag is
    /// left behind at the end.
    @Test func onceLoggedRecordsRollBackAcrossNestedTransactions() throws {
        let (d, _) = try busyCore()
        d.core.updateValues()
        let start = fingerprint(d.core, transient: false)
        d.core.beginTransaction()
        _ = try d.add(ref([(3, 1)], -30, .lessThanOrEqual))  // gap <= 30
        try d.core.suggestValue(d.variables[2], 260)
        // (No `updateValues` inside a transaction: it records nothing to undo.)
        let middle = fingerprint(d.core, transient: false)
        d.core.beginTransaction()
        _ = try d.add(ref([(3, 1)], -28, .lessThanOrEqual))  // gap <= 28: the same symbols again
        try d.core.suggestValue(d.variables[2], 250)
        #expect(throws: CoreError.self) { _ = try d.add(ref([(1, 1)], -5, .lessThanOrEqual)) }
        d.core.rollbackTransaction()
        #expect(firstDifference(middle, fingerprint(d.core, transient: false)) == nil)
        d.core.rollbackTransaction()
        #expect(firstDifference(start, fingerprint(d.core, transient: false)) == nil)
        expectNoJournalFlags(d)
        #expect(d.problems() == [])
    }

    /// The level order is saved by a transaction's first change to it, not at every begin:
    /// levels added or dropped in inner transactions, committed or not, come back with the
    /// outer rollback, and an inner rollback restores the order the inner one started from.
    @Test func levelOrderComesBackAcrossNestedTransactions() throws {
        let (d, _) = try busyCore()
        let original = d.core.objective.levelOrder
        func priorities(_ core: borrowing SimplexCore) -> [Double] {
            core.objective.levelOrder.map { core.objective.levels[Int($0)].priority }
        }
        // New levels in nested transactions committed into the outer one.
        d.core.beginTransaction()
        _ = try d.add(ref([(3, 1)], -1, .greaterThanOrEqual, 321))
        d.core.beginTransaction()
        _ = try d.add(ref([(3, 1)], -2, .greaterThanOrEqual, 123))
        d.core.commitTransaction()
        _ = try d.add(ref([(3, 1)], -3, .greaterThanOrEqual, 456))
        #expect(priorities(d.core).contains(123) && priorities(d.core).contains(456))
        d.core.rollbackTransaction()
        #expect(d.core.objective.levelOrder.ids == original.ids)
        // A level dropped in an inner transaction that rolls back is there again, and the
        // outer commit keeps the level it added.
        d.core.beginTransaction()
        let c = try d.add(ref([(3, 1)], -1, .greaterThanOrEqual, 321))
        let withLevel = d.core.objective.levelOrder
        d.core.beginTransaction()
        try d.core.removeConstraint(c)
        #expect(!priorities(d.core).contains(321))
        d.core.rollbackTransaction()
        #expect(d.core.objective.levelOrder.ids == withLevel.ids)
        d.core.commitTransaction()
        #expect(d.core.objective.levelOrder.ids == withLevel.ids)
        #expect(d.problems() == [])
    }

    /// Random additions (some conflicting, so they fail and roll back alone), removals and
    /// suggestions, each its own transaction inside one outer transaction, as the layout
    /// engine runs a batch; the driver's journal filters its logs
    /// (`Journal.keepFirstEntries`) every 64 entries.
    func runBatch(_ d: CoreDriver, seed: UInt64, steps: Int) throws {
        var random = SplitMix64(seed: seed)
        var added: [Int32] = []
        let n = d.variables.count
        for _ in 0 ..< steps {
            switch random.below(10) {
            case 0 ..< 5:
                // Near neighbours, as layout constraints are: rows stay short.
                let a = random.below(n), b = (a + 1 + random.below(3)) % n
                let priority = [1000.0, 750, 500, 250][random.below(4)]
                let relation: Relation = random.below(3) == 0 ? .equal : .greaterThanOrEqual
                if let id = try? d.add(ref([(a, 1), (b, -1)], -Double(random.below(50)), relation, priority)) {
                    added.append(id)
                }
            case 5:
                // Required and out of reach of `x >= 0`: refused, rolled back alone.
                _ = try? d.add(ref([(random.below(n), 1)], 1, .lessThanOrEqual))
            case 6, 7:
                if !added.isEmpty { try d.core.removeConstraint(added.remove(at: random.below(added.count))) }
            default:
                try d.core.suggestValue(d.variables[0], Double(random.below(400)))
            }
        }
    }

    func batchDriver(variables n: Int) throws -> CoreDriver {
        let d = CoreDriver(variableCount: n)
        // The tableau alone: checking each answer would multiply the time of a debug build.
        d.core.tuning.exactCertificationLimit = 0
        d.core.tuning.verifiesAnswers = false
        d.core.tuning.journalFilterChunk = 64
        for i in 0 ..< n { _ = try d.add(ref([(i, 1)], 0, .greaterThanOrEqual)) }
        for i in 1 ..< n { _ = try d.add(ref([(i, 1), (i - 1, -1)], -10, .equal, 250)) }
        try d.core.addEditVariable(d.variables[0], priority: 750)
        try d.core.suggestValue(d.variables[0], 100)
        #expect(d.problems() == [])
        return d
    }

    /// A large batch whose nested operations commit, fail and are filtered out of the logs
    /// rolls back to the core it started from, bit for bit, and leaves no flag set; while
    /// it runs, its logs hold at most one entry per element that existed before it, once
    /// filtered. Committed instead, it gives the values the same operations give one by one.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func filteredLogsRollBackLargeBatches(seed: UInt64) throws {
        let d = try batchDriver(variables: 60)
        d.core.updateValues()
        let start = fingerprint(d.core, transient: false)
        let dump = d.core.dump()
        d.core.beginTransaction()
        try runBatch(d, seed: seed, steps: 200)
        let (checked, logged) = (d.core.journal.variableFilter.checked, d.core.journal.variables.count)
        #expect(checked > 0, "the batch never filtered its logs")
        let ids = (0 ..< checked).map { d.core.journal.variables[$0].0 }
        #expect(Set(ids).count == ids.count && logged >= checked)
        d.core.rollbackTransaction()
        #expect(firstDifference(start, fingerprint(d.core, transient: false)) == nil)
        #expect(d.core.dump() == dump)
        expectNoJournalFlags(d)
        #expect(d.problems() == [])

        d.core.beginTransaction()
        try runBatch(d, seed: seed, steps: 200)
        d.core.commitTransaction()
        let alone = try batchDriver(variables: 60)
        try runBatch(alone, seed: seed, steps: 200)
        #expect(d.values() == alone.values())
        #expect(d.problems() == [])
    }

    /// A transaction that logged more than `Journal.keptLogCapacity` old values gives the
    /// log's storage back at its commit; smaller logs keep theirs for the next operation.
    @Test func largeTransactionLogsGiveTheirStorageBack() throws {
        let d = CoreDriver(variableCount: Journal.keptLogCapacity + 100)
        d.core.beginTransaction()
        for v in d.variables {
            _ = try d.core.addConstraint(terms: [VariableTerm(variable: v, coefficient: 1)], constant: -1,
                                         relation: .equal, priority: 1000)
        }
        let logged = d.core.journal.variables.count
        #expect(logged > Journal.keptLogCapacity)
        d.core.commitTransaction()
        let (left, kept) = (d.core.journal.variables.count, d.core.journal.variables.capacity)
        #expect(left == 0)
        #expect(kept <= Journal.keptLogCapacity)
        // A small transaction's log keeps its storage.
        _ = try d.add(ref([(0, 1), (1, -1)], 0, .greaterThanOrEqual))
        let capacity = d.core.journal.variables.capacity
        #expect(capacity > 0)
        #expect(d.problems() == [])
    }

    /// Values refreshed inside a transaction (adding an edit variable brings values up to
    /// date first) must come back with a rollback: after it the core holds the old tableau,
    /// so its cached values and dirty list must be the old ones too.
    @Test func rollbackRestoresValuesRefreshedInsideTheTransaction() throws {
        let d = CoreDriver(variableCount: 2)
        _ = try d.add(ref([(0, 1)], -5, .equal, 250))  // x == 5 @weak
        _ = try d.add(ref([(1, 1), (0, -1)], 0, .equal))  // y == x
        #expect(d.values() == [5, 5])
        let before = fingerprint(d.core)
        d.core.beginTransaction()
        _ = try d.add(ref([(0, 1)], -7, .equal))  // x == 7
        try d.core.addEditVariable(d.variables[1], priority: 500)  // refreshes values: x = y = 7
        d.core.rollbackTransaction()
        #expect(firstDifference(before, fingerprint(d.core)) == nil)
        #expect(d.core.valueViolations() == [])
        #expect(d.values() == [5, 5])
    }
}
