import RatiteGenerate
import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// Scaling of engine bookkeeping (no timing): work per added item or activated constraint
/// must not grow with the number of items already there. Counted here as storage
/// reallocations and solver work, which are deterministic.
@Suite struct LayoutScalingTests {
    /// How many times the storage of `root.children` moved while `n` subviews were added.
    static func childStorageMoves(_ n: Int) throws -> Int {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        var moves = 0
        var storage = root.children.withUnsafeBufferPointer { $0.baseAddress }
        for i in 0..<n {
            try engine.addView("v\(i)", in: root)
            let now = root.children.withUnsafeBufferPointer { $0.baseAddress }
            if now != storage { moves += 1 }
            storage = now
        }
        #expect(root.children.map(\.index) == Array(1...n))
        return moves
    }

    /// Adding a subview appends to its parent's child list in place: the list is reallocated
    /// only as it doubles (a logarithmic number of times), not copied on every addition,
    /// which made building a wide hierarchy (the form family) quadratic.
    @Test func childListGrowsInPlace() throws {
        let small = try Self.childStorageMoves(100), large = try Self.childStorageMoves(400)
        #expect(small <= 12 && large <= 14, "reallocations: \(small) at n=100, \(large) at n=400")
    }

    /// A failed operation that added subviews takes them out of their parent's child list
    /// again, in order, and frees their names.
    @Test func rolledBackSubviewsLeaveTheParent() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let kept = try engine.addView("kept", in: root)
        #expect(throws: LayoutError.self) {
            try engine.transaction { () throws(LayoutError) in
                let a = try engine.addView("a", in: root)
                try engine.addView("b", in: a)
                try engine.addView("c", in: root)
                throw .invalidValue("fail late")
            }
        }
        #expect(root.children.map(\.name) == ["kept"])
        #expect(engine.items.map(\.name) == ["root", "kept"])
        #expect(engine.item(named: "a") == nil && engine.item(named: "c") == nil)
        let again = try engine.addView("a", in: root)
        #expect(root.children.map(\.name) == ["kept", "a"] && again.index == kept.index + 1)
    }

    /// Deactivating constraints one by one edits the superview's constraint list in place
    /// (it was rebuilt, and the old copy kept for undo, on every deactivation), and a
    /// failed operation puts them back in their places.
    @Test func deactivationEditsTheListInPlace() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        var made: [LayoutConstraint] = []
        for i in 0..<200 {
            let v = try engine.addView("v\(i)", in: root)
            let c = v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: Double(i))
            try engine.activate([c])
            made.append(c)
        }
        let order = root.constraints.map(ObjectIdentifier.init)
        #expect(throws: LayoutError.self) {
            try engine.transaction { () throws(LayoutError) in
                engine.deactivate([made[3], made[150], made[0]])
                throw .invalidValue("fail late")
            }
        }
        #expect(root.constraints.map(ObjectIdentifier.init) == order)
        #expect(made.allSatisfy { $0.isActive })
        var moves = 0
        var storage = root.constraints.withUnsafeBufferPointer { $0.baseAddress }
        for c in made.reversed() {
            engine.deactivate([c])
            let now = root.constraints.withUnsafeBufferPointer { $0.baseAddress }
            if now != storage { moves += 1 }
            storage = now
        }
        #expect(moves <= 1, "the list moved \(moves) times over 200 deactivations")
        #expect(root.constraints.allSatisfy { c in !made.contains { $0 === c } })
    }

    /// Random deactivations, activations and failed transactions on a superview listing
    /// hundreds of constraints (long enough to be indexed): after each step the root lists
    /// exactly its active constraints, a rolled-back transaction leaves every list as it
    /// was (order included), and the engine's bookkeeping (which checks each list's index
    /// against the list) holds.
    @Test func listsStayExactUnderRandomDeactivation() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        var made: [LayoutConstraint] = []
        for i in 0..<150 {
            let v = try engine.addView("v\(i)", in: root)
            let pair = [v.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: Double(i)),
                        v.widthAnchor.constraint(equalToConstant: 10)]
            try engine.activate(pair)
            made += pair
        }
        func ids(_ item: LayoutItem) -> [ObjectIdentifier] { item.constraints.map(ObjectIdentifier.init) }
        let madeIDs = Set(made.map(ObjectIdentifier.init))
        var random = SplitMix64(seed: 0x5eed)
        func pick() -> LayoutConstraint { made[random.below(made.count)] }
        for step in 0..<800 {
            switch random.below(5) {
            case 0, 1: engine.deactivate([pick()])
            case 2: engine.deactivate((0..<20).map { _ in pick() })
            case 3: try engine.activate((0..<1 + random.below(4)).map { _ in pick() })
            default:
                let before = ids(root), first = made[0].firstItem, firstBefore = ids(first)
                let off = (0..<5).map { _ in pick() } + [made[0]], on = (0..<3).map { _ in pick() }
                #expect(throws: LayoutError.self) {
                    try engine.transaction { () throws(LayoutError) in
                        engine.deactivate(off)
                        try engine.activate(on)
                        throw .invalidValue("fail late")
                    }
                }
                #expect(ids(root) == before && ids(first) == firstBefore)
            }
            // The root also lists its own frame constraints.
            let listed = ids(root).filter(madeIDs.contains)
            let expected = Set(made.filter { $0.isActive && $0.secondItem === root }.map(ObjectIdentifier.init))
            #expect(Set(listed) == expected && listed.count == expected.count, "step \(step)")
            if step % 50 == 0 { #expect(engine.bookkeepingViolations() == [], "step \(step)") }
        }
        #expect(engine.bookkeepingViolations() == [])
    }

    /// The whole form family: per row, the solver does the same work and holds the same
    /// number of cells at 4× the rows.
    @Test func formBuildWorkPerRowIsFlat() throws {
        func perRow(_ n: Int) throws -> (pivots: Double, expansions: Double, cells: Double, constraints: Double) {
            let engine = LayoutEngine()
            try FormFamily.build(into: engine, n: n)
            engine.layout()
            let shape = engine.core.shape, statistics = engine.statistics
            return (Double(statistics.pivots) / Double(n), Double(statistics.expansions) / Double(n),
                    Double(shape.cells) / Double(n), Double(shape.constraints) / Double(n))
        }
        let small = try perRow(50), large = try perRow(200)
        #expect(large.pivots <= small.pivots * 1.1 + 0.1, "pivots per row: \(small.pivots) -> \(large.pivots)")
        #expect(large.expansions <= small.expansions * 1.1 + 0.1,
                "expansions per row: \(small.expansions) -> \(large.expansions)")
        #expect(large.cells <= small.cells * 1.1, "cells per row: \(small.cells) -> \(large.cells)")
        #expect(abs(large.constraints - small.constraints) < 0.1)
    }
}
