import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// The compact undo of activations (`ActivationRecord`, one `.activations` step for a run
/// of them) and the item name table: a failed operation leaves the engine's records exactly
/// as they were, at every nesting depth.
@Suite struct LayoutActivationUndoTests {
    /// What the engine's records say about items and constraints, in a comparable form.
    static func records(_ engine: LayoutEngine, _ constraints: [LayoutConstraint]) -> [String] {
        engine.items.map { item in
            "\(item.name): " + item.constraints.map { "\(ObjectIdentifier($0).hashValue)" }.joined(separator: ",")
        } + constraints.map { "\($0.isActive) \($0.isBroken) \($0.activationSerial) \($0.coreID)" }
    }

    /// A row of views, each pinned after the previous one, with a preferred width.
    static func row(_ engine: LayoutEngine, in root: LayoutItem, _ n: Int, from start: Int = 0) throws
        -> [LayoutConstraint] {
        var made: [LayoutConstraint] = []
        var previous = root
        for i in start..<(start + n) {
            let view = try engine.addView("v\(i)", in: root)
            made.append(view.leftAnchor.constraint(equalTo: previous.leftAnchor, constant: 8))
            made.append(view.topAnchor.constraint(equalTo: root.topAnchor, constant: Double(i)))
            made.append(LayoutConstraint(
                item: view, attribute: .width, relatedBy: .equal, constant: 40, priority: .weak))
            previous = view
        }
        return made
    }

    /// An inner operation that fails takes back only its own activations, though they
    /// followed the outer one's in the same run; the outer one failing then takes back the
    /// rest, and the engine is as before (records, bookkeeping, and the layout a second
    /// activation gives).
    @Test func nestedFailuresTakeBackTheirOwnActivations() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let first = try Self.row(engine, in: root, 30)
        let second = try Self.row(engine, in: root, 30, from: 30)
        let all = first + second
        let before = Self.records(engine, all)
        engine.throwsOnConflict = true
        var innerFailed = false, afterFirst: [String] = [], afterInner: [String] = []
        let outer = Result { () throws(LayoutError) in
            try engine.transaction { () throws(LayoutError) in
                try engine.activate(first)
                afterFirst = Self.records(engine, all)
                do {
                    try engine.activate(second + [root.widthAnchor.constraint(equalToConstant: 10)])
                } catch {
                    innerFailed = true
                }
                afterInner = Self.records(engine, all)
                #expect(engine.bookkeepingViolations().isEmpty)
                throw .invalidValue("fail late")
            }
        }
        #expect(innerFailed && afterInner == afterFirst && afterFirst != before)
        #expect(throws: LayoutError.self) { try outer.get() }
        #expect(Self.records(engine, all) == before)
        #expect(engine.bookkeepingViolations().isEmpty)
        try engine.activate(all)
        engine.layout()
        let fresh = LayoutEngine()
        let freshRoot = try layoutRoot(fresh)
        try fresh.activate(try Self.row(fresh, in: freshRoot, 30) + Self.row(fresh, in: freshRoot, 30, from: 30))
        fresh.layout()
        #expect(engine.items.map(\.frame) == fresh.items.map(\.frame))
    }

    /// A conflict in the middle of a batch (recovered by breaking a constraint) splits the
    /// run of compact records; a later failure of the whole operation still undoes both
    /// runs and the recovery between them.
    @Test func recoveredConflictBetweenRunsRollsBack() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let made = try Self.row(engine, in: root, 10)
        let clash = made[1].firstItem.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 300)
        let more = try Self.row(engine, in: root, 10, from: 10)
        let all = made + [clash] + more
        let before = Self.records(engine, all)
        let conflicts = engine.conflictLog.count
        #expect(throws: LayoutError.self) {
            try engine.transaction { () throws(LayoutError) in
                try engine.activate(all)
                #expect(engine.conflictLog.count == conflicts + 1)
                throw .invalidValue("fail late")
            }
        }
        #expect(Self.records(engine, all) == before)
        #expect(engine.conflictLog.count == conflicts)
        #expect(engine.bookkeepingViolations().isEmpty)
    }

    /// A strict engine with a row of `n` views made (nothing activated) and a required
    /// constraint that conflicts with the row's first.
    static func strictRowWithClash(_ n: Int) throws -> (LayoutEngine, [LayoutConstraint], LayoutConstraint) {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let made = try row(engine, in: root, n)
        engine.throwsOnConflict = true
        let clash = made[0].firstItem.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 300)
        return (engine, made, clash)
    }

    /// A batch large enough for the core to filter its undo logs as it goes
    /// (`Journal.keepFirstEntries`, every 4,096 entries) still rolls back exactly when its
    /// last constraint conflicts, and committed it lays out as the same constraints
    /// activated fifty views at a time, each batch too small to filter.
    @Test func batchWithFilteredLogsRollsBackAndLaysOutAsSmallOnes() throws {
        let (engine, made, clash) = try Self.strictRowWithClash(600)
        let before = LayoutStateSnapshot(engine, extra: made + [clash])
        let error = layoutError { try engine.activate(made + [clash]) }
        #expect(error?.layoutCaseName == "unsatisfiable")
        layoutExpectUnchanged(engine, since: before, extra: made + [clash])
        try engine.activate(made)
        engine.layout()

        let small = LayoutEngine()
        let smallRoot = try layoutRoot(small)
        let pieces = try Self.row(small, in: smallRoot, 600)
        for start in stride(from: 0, to: pieces.count, by: 150) {
            try small.activate(Array(pieces[start ..< min(start + 150, pieces.count)]))
        }
        small.layout()
        #expect(engine.items.map(\.frame) == small.items.map(\.frame))
        #expect(engine.bookkeepingViolations().isEmpty)
    }

    /// A batch validates each constraint as it reaches it, yet reports what validating them
    /// all first would: the first invalid constraint's error, even where a constraint
    /// before it conflicts in strict mode; the conflict's own error only when every
    /// constraint is valid. Each failure takes back the whole batch.
    @Test func invalidConstraintOutranksAnEarlierConflict() throws {
        let (engine, made, clash) = try Self.strictRowWithClash(40)
        let invalid = LayoutConstraint(
            item: made[0].firstItem, attribute: .width, relatedBy: .equal, constant: .nan)
        let before = LayoutStateSnapshot(engine, extra: made + [clash, invalid])
        let batches: [(constraints: [LayoutConstraint], expected: String)] = [
            (made + [clash, invalid], "nonFiniteConstant"),
            (Array(made[..<20]) + [invalid] + made[20...], "nonFiniteConstant"),
            ([invalid] + made, "nonFiniteConstant"),
            (made + [clash] + made, "unsatisfiable"),
        ]
        for (constraints, expected) in batches {
            let error = layoutError { try engine.activate(constraints) }
            #expect(error?.layoutCaseName == expected, "got \(error.map { "\($0)" } ?? "no error")")
            layoutExpectUnchanged(engine, since: before, extra: made + [clash, invalid])
        }
        try engine.activate(made)
        #expect(made.allSatisfy { $0.isActive })
        #expect(engine.bookkeepingViolations().isEmpty)
    }

    /// Names are found through growth of the table, and the names of rolled-back items are
    /// free again while every other name is still found.
    @Test func namesSurviveGrowthAndRollback() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        for i in 0..<3000 { try engine.addView("item \(i)", in: root) }
        #expect(throws: LayoutError.self) {
            try engine.transaction { () throws(LayoutError) in
                for i in 3000..<3100 { try engine.addView("item \(i)", in: root) }
                throw .invalidValue("fail late")
            }
        }
        for i in 0..<3100 {
            #expect(engine.item(named: "item \(i)")?.index == (i < 3000 ? i + 1 : nil))
        }
        #expect(engine.item(named: "root") === root && engine.item(named: "") == nil)
        do {
            try engine.addView("item 17", in: root)
            Issue.record("a duplicate name was accepted")
        } catch {
            guard case .duplicateItemName("item 17") = error else { throw error }
        }
        #expect(try engine.addView("item 3050", in: root).index == 3001)
    }
}
