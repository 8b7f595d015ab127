import Testing
@testable import Ratite

/// Content-size constraints held only by the solver until something needs their objects
/// (`LayoutEngine+ContentSize.swift`): the same layouts, conflicts and reports as when
/// every one is an object, and objects made once, with the solver's values.
@Suite struct LayoutContentSizeTests {
    /// Two views in a row, `a` 50×20 and `b` 60×20 intrinsically, `a` hugging harder.
    static func row(_ engine: LayoutEngine) throws -> (root: LayoutItem, a: LayoutItem, b: LayoutItem) {
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root), b = try engine.addView("b", in: root)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 50, height: 20), of: a)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 60, height: 20), of: b)
        try engine.setContentHuggingPriority(251, for: .horizontal, of: a)
        try engine.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: root.trailingMarginAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            b.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
        ])
        return (root, a, b)
    }

    /// Until listed, an item's content-size constraints are two solver ids an axis; the
    /// listing makes their objects once, with the solver's constants and priorities, in
    /// activation order, and a second listing returns the same objects.
    @Test func objectsAreMadeOnceWhenListed() throws {
        let engine = LayoutEngine()
        let (_, a, b) = try Self.row(engine)
        for item in [a, b] {
            #expect(item.ownConstraints.isEmpty)
            #expect(item.contentSizeInSolver(on: .horizontal).isInstalled && item.contentSizeInSolver(on: .vertical).isInstalled)
        }
        layoutSolve(engine)
        layoutExpectFrame(a, 8, 20, 50, 20)
        layoutExpectFrame(b, 66, 20, 246, 20)
        let alive = engine.core.constraints.elements.filter(\.isAlive).count
        let listed = engine.activeConstraints
        #expect(listed.count == alive)
        #expect(!a.contentSizeInSolver(on: .horizontal).isInstalled && !a.contentSizeInSolver(on: .vertical).isInstalled)
        #expect(a.ownConstraints.map(\.description) == [
            "[contentHugging] a.width <= 50 @251", "[compressionResistance] a.width >= 50 @750",
            "[contentHugging] a.height <= 20 @250", "[compressionResistance] a.height >= 20 @750",
        ])
        #expect(a.ownConstraints.allSatisfy { $0.isActive && $0.isInstalled && !$0.isBroken })
        #expect(engine.activeConstraints.map(ObjectIdentifier.init) == listed.map(ObjectIdentifier.init))
        // Activation order: a's four right after its intrinsic size was set, before b's.
        let kinds = listed.filter { $0.kind != .rootFrame }.map { "\($0.firstItem.name) \($0.kind)" }
        #expect(Array(kinds.prefix(8)) == ["a contentHugging", "a compressionResistance", "a contentHugging",
                                           "a compressionResistance", "b contentHugging", "b compressionResistance",
                                           "b contentHugging", "b compressionResistance"])
        // The objects now drive the same layout: change a priority through them.
        try engine.setPriority(250, for: a.ownConstraints[0])
        try engine.setContentHuggingPriority(251, for: .horizontal, of: b)
        layoutSolve(engine)
        layoutExpectFrame(b, 252, 20, 60, 20)
        layoutExpectConsistent(engine)
    }

    /// A report that names a content-size constraint gets its object, the one later
    /// listings return.
    @Test func reportsMakeTheObjectsTheyName() throws {
        let engine = LayoutEngine()
        let (_, a, b) = try Self.row(engine)
        layoutSolve(engine)
        let affecting = engine.constraintsAffectingLayout(a, for: .horizontal)
        let hugging = try #require(affecting.first { $0.kind == .contentHugging })
        #expect(hugging.firstItem === a && hugging.description == "[contentHugging] a.width <= 50 @251")
        #expect(!a.contentSizeInSolver(on: .horizontal).isInstalled && a.contentSizeInSolver(on: .vertical).isInstalled)
        #expect(b.contentSizeInSolver(on: .horizontal).isInstalled)
        #expect(engine.activeConstraints.contains { $0 === hugging })
    }

    /// A required priority turns the axis into objects first, so a conflict names them; in
    /// strict mode the refusal restores the axis as it was, held by the solver alone.
    @Test func requiredPriorityConflictRollsBackToTheSolverOnlyForm() throws {
        let engine = LayoutEngine()
        engine.throwsOnConflict = true
        let (_, a, _) = try Self.row(engine)
        try engine.activate([a.widthAnchor.constraint(equalToConstant: 30)])
        let before = a.contentSizeInSolver
        let dump = engine.core.dump()
        let error = layoutError { try engine.setCompressionResistancePriority(.required, for: .horizontal, of: a) }
        guard case .unsatisfiable(let report) = error else {
            Issue.record("expected a conflict, got \(String(describing: error))")
            return
        }
        #expect(report.constraints.contains { $0.kind == .compressionResistance && $0.firstItem === a })
        #expect(a.contentSizeInSolver == before && a.ownConstraints.isEmpty)
        #expect(a.compressionResistancePriority(for: .horizontal) == 750)
        #expect(engine.core.dump() == dump)
        // Objects handed out by the refused operation read as never activated.
        #expect(report.constraints.filter { $0.kind == .compressionResistance }.allSatisfy { !$0.isActive && !$0.isInstalled })
        engine.throwsOnConflict = false
        try engine.setCompressionResistancePriority(.required, for: .horizontal, of: a)
        #expect(engine.conflictLog.count == 1 && a.ownConstraints.count == 2)
        layoutExpectConsistent(engine)
    }

    /// Objects made inside an operation that then fails are undone with it.
    @Test func objectsMadeInAFailedOperationAreUndone() throws {
        let engine = LayoutEngine()
        let (root, a, _) = try Self.row(engine)
        let before = a.contentSizeInSolver
        var listed: [LayoutConstraint] = []
        #expect(throws: LayoutError.self) {
            try engine.transaction { () throws(LayoutError) in
                let c = try engine.addView("c", in: root)
                try engine.setIntrinsicContentSize(IntrinsicSize(width: 5, height: 5), of: c)
                listed = engine.activeConstraints
                throw .invalidValue("fail late")
            }
        }
        #expect(listed.count > 0 && listed.filter { $0.kind != .user && $0.kind != .rootFrame }.count == 12)
        #expect(a.contentSizeInSolver == before && a.ownConstraints.isEmpty)
        #expect(listed.allSatisfy { $0.kind == .user || $0.kind == .rootFrame || (!$0.isActive && !$0.isInstalled) })
        #expect(engine.activeConstraints.count == engine.core.constraints.elements.filter(\.isAlive).count)
        layoutExpectConsistent(engine)
    }

    /// Differential, on random property changes (fixed seeds): an engine whose content-size
    /// constraints stay with the solver until a random report needs them lays out exactly
    /// like one that lists (and so makes) every object after each step, and logs the same
    /// conflicts.
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func solverOnlyFormMatchesObjects(seed: UInt64) throws {
        let lazy = LayoutEngine(), eager = LayoutEngine()
        var rng = SplitMix64(seed: seed)
        let priorities: [Priority] = [1, 249, 250, 251, 500, 749, 750, 999, 1000, 1000, 1000]
        var scenes: [(root: LayoutItem, a: LayoutItem, b: LayoutItem)] = []
        for engine in [lazy, eager] {
            let scene = try Self.row(engine)
            // Fixed sizes a required content-size constraint can conflict with.
            try engine.activate([scene.a.heightAnchor.constraint(equalToConstant: 24),
                                 scene.b.widthAnchor.constraint(equalToConstant: 100)])
            scenes.append(scene)
        }
        for step in 0..<300 {
            let op = rng.below(7), side = rng.below(2), axis: Axis = rng.below(2) == 0 ? .horizontal : .vertical
            let priority = priorities[rng.below(priorities.count)]
            let size = IntrinsicSize(width: rng.below(5) == 0 ? nil : Double(rng.below(200)),
                                     height: rng.below(5) == 0 ? nil : Double(rng.below(60)))
            let width = Double(100 + rng.below(400))
            let probe = rng.below(10) == 0
            for (engine, scene) in zip([lazy, eager], scenes) {
                let item = side == 0 ? scene.a : scene.b
                switch op {
                case 0, 1: try engine.setIntrinsicContentSize(size, of: item)
                case 2: try engine.setContentHuggingPriority(priority, for: axis, of: item)
                case 3: try engine.setCompressionResistancePriority(priority, for: axis, of: item)
                case 4: try engine.setSize(of: scene.root, width: width, height: 480)
                default: break
                }
                if engine === eager { _ = engine.activeConstraints }
                if engine === lazy && probe { _ = engine.constraintsAffectingLayout(item, for: axis) }
            }
            layoutSolve(lazy)
            layoutSolve(eager)
            for (x, y) in zip(lazy.items, eager.items) {
                #expect(layoutNear(x.frame, y.frame), "step \(step): \(x.name) \(x.frame) against \(y.frame)")
            }
            #expect(lazy.conflictLog.map(\.description) == eager.conflictLog.map(\.description), "step \(step)")
            #expect(lazy.core.constraints.elements.filter(\.isAlive).count == eager.core.constraints.elements.filter(\.isAlive).count)
        }
        #expect(lazy.activeConstraints.map(\.description) == eager.activeConstraints.map(\.description))
        // The steps reach required priorities that conflict, and the recovery from them.
        #expect(eager.conflictLog.count >= 2, "conflicts: \(eager.conflictLog.count)")
        layoutExpectConsistent(lazy)
    }
}
