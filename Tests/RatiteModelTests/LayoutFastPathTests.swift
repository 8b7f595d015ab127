import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel
@testable import RatiteSolver

/// The incremental paths: changing constants and priorities of active constraints,
/// deactivating and activating, resizing the root and changing margins give the right frames
/// without rebuilding the system: the solver constraints stay the same (same ids, same
/// count) and the pivots spent do not grow with the size of the layout.
@Suite struct LayoutFastPathTests {
    /// A row of `n` 5×5 views: `v0.left == root.left + 8`, `v(i).left == v(i−1).right + 8`,
    /// the last one's right edge at most the root's and pulled towards it at @300.
    struct Chain {
        let engine = LayoutEngine()
        let root: LayoutItem
        var views: [LayoutItem] = []
        var links: [LayoutConstraint] = []

        init(_ n: Int) throws {
            root = try layoutRoot(engine, width: 2000)
            for i in 0..<n {
                let v = try engine.addView("v\(i)", in: root)
                let link = i == 0
                    ? v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 8)
                    : v.leftAnchor.constraint(equalTo: views[i - 1].rightAnchor, constant: 8)
                try engine.activate([link, v.widthAnchor.constraint(equalToConstant: 5),
                                     v.topAnchor.constraint(equalTo: root.topAnchor),
                                     v.heightAnchor.constraint(equalToConstant: 5)])
                views.append(v)
                links.append(link)
            }
            try engine.activate([
                views[n - 1].rightAnchor.constraint(lessThanOrEqualTo: root.rightAnchor),
                LayoutConstraint(item: views[n - 1], attribute: .right, relatedBy: .equal, toItem: root,
                                 attribute: .right, priority: 300),
            ])
            layoutSolve(engine)
        }

        var coreConstraintCount: Int { engine.core.registry.constraints.elements.filter(\.isAlive).count }
        var coreIDs: [Int32] { engine.activeConstraints.map(\.coreID) }
    }

    /// Runs `body` and returns the pivots it spent.
    static func pivots(_ engine: LayoutEngine, _ body: () throws -> Void) rethrows -> Int {
        let before = engine.statistics.pivots
        try body()
        return engine.statistics.pivots - before
    }

    static let sizes = [10, 80]

    @Test(arguments: sizes)
    func changingAConstant(n: Int) throws {
        let chain = try Chain(n)
        let ids = chain.coreIDs, count = chain.coreConstraintCount
        layoutExpectFrame(chain.views[n - 1], 8 + 13 * Double(n - 1), 0, 5, 5)
        let spent = try Self.pivots(chain.engine) {
            try chain.engine.setConstant(9, for: chain.links[0])
        }
        // Every view moves by one point, the root does not.
        #expect(layoutSolve(chain.engine) == chain.views.map(\.name))
        for (i, v) in chain.views.enumerated() { layoutExpectFrame(v, 9 + 13 * Double(i), 0, 5, 5) }
        // A link in the middle: only the views after it move, and only they are reported.
        let k = n / 2
        let spentMiddle = try Self.pivots(chain.engine) { try chain.engine.setConstant(20, for: chain.links[k]) }
        #expect(layoutSolve(chain.engine) == chain.views[k...].map(\.name))
        layoutExpectFrame(chain.views[k], 9 + 13 * Double(k) + 12, 0, 5, 5)
        layoutExpectFrame(chain.views[k - 1], 9 + 13 * Double(k - 1), 0, 5, 5)
        #expect(chain.coreIDs == ids && chain.coreConstraintCount == count, "the system was rebuilt")
        #expect(spent <= 2 && spentMiddle <= 2, "pivots: \(spent), \(spentMiddle)")
        #expect(chain.links[0].constant == 9 && chain.links[k].constant == 20)
    }

    @Test(arguments: sizes)
    func resizingTheRoot(n: Int) throws {
        let chain = try Chain(n)
        let ids = chain.coreIDs
        let spent = try Self.pivots(chain.engine) { try chain.engine.setSize(of: chain.root, width: 1500, height: 300) }
        // The row's last view is pulled (@300) towards the right edge but cannot move.
        #expect(layoutSolve(chain.engine) == ["root"])
        layoutExpectFrame(chain.root, 0, 0, 1500, 300)
        #expect(chain.coreIDs == ids)
        #expect(spent <= 2, "pivots: \(spent)")
    }

    /// Deactivating a link frees the tail of the row, which the @300 constraint then pulls
    /// against the root's right edge; activating it again puts everything back.
    @Test(arguments: sizes)
    func deactivatingAndActivating(n: Int) throws {
        let chain = try Chain(n)
        let k = n / 2
        let count = chain.coreConstraintCount
        let off = Self.pivots(chain.engine) { chain.engine.deactivate([chain.links[k]]) }
        #expect(!chain.links[k].isActive && !chain.links[k].isInstalled)
        #expect(layoutSolve(chain.engine) == chain.views[k...].map(\.name))
        // The tail: views k…n−1 end at 2000.
        for i in k..<n {
            layoutExpectFrame(chain.views[i], 2000 - 5 - 13 * Double(n - 1 - i), 0, 5, 5)
        }
        layoutExpectFrame(chain.views[k - 1], 8 + 13 * Double(k - 1), 0, 5, 5)
        #expect(chain.coreConstraintCount == count - 1)
        let on = try Self.pivots(chain.engine) { try chain.engine.activate([chain.links[k]]) }
        #expect(chain.links[k].isActive && chain.links[k].isInstalled)
        #expect(layoutSolve(chain.engine) == chain.views[k...].map(\.name))
        for (i, v) in chain.views.enumerated() { layoutExpectFrame(v, 8 + 13 * Double(i), 0, 5, 5) }
        #expect(chain.coreConstraintCount == count)
        #expect(off <= 3 && on <= 3, "pivots: off \(off), on \(on)")
        // Deactivating twice, or activating an active constraint, changes nothing.
        let snapshot = LayoutStateSnapshot(chain.engine)
        try chain.engine.activate([chain.links[k], chain.links[k]])
        layoutExpectUnchanged(chain.engine, since: snapshot)
        chain.engine.deactivate([chain.links[k]])
        chain.engine.deactivate([chain.links[k]])
        #expect(chain.coreConstraintCount == count - 1)
    }

    /// Changing an optional priority only re-weighs the objective: the winner flips, the
    /// constraint stays where it is in the solver.
    @Test(arguments: sizes)
    func changingAnOptionalPriority(n: Int) throws {
        let chain = try Chain(n)
        let v = chain.views[0]
        let engine = chain.engine
        // v0's width is no longer fixed; two optional wishes compete.
        let fixed = try #require(engine.activeConstraints.first { $0.firstItem === v && $0.firstAttribute == .width })
        engine.deactivate([fixed])
        let narrow = LayoutConstraint(item: v, attribute: .width, relatedBy: .equal, constant: 100, priority: 300)
        let wide = LayoutConstraint(item: v, attribute: .width, relatedBy: .equal, constant: 200, priority: 400)
        try engine.activate([narrow, wide])
        layoutSolve(engine)
        layoutExpectFrame(v, 8, 0, 200, 5)
        let ids = chain.coreIDs
        let spent = try Self.pivots(engine) { try engine.setPriority(500, for: narrow) }
        layoutSolve(engine)
        layoutExpectFrame(v, 8, 0, 100, 5)
        layoutExpectFrame(chain.views[1], 116, 0, 5, 5)
        let back = try Self.pivots(engine) { try engine.setPriority(200, for: narrow) }
        layoutSolve(engine)
        layoutExpectFrame(v, 8, 0, 200, 5)
        #expect(chain.coreIDs == ids)
        #expect(narrow.priority == 200)
        #expect(spent <= 3 && back <= 3, "pivots: \(spent), \(back)")
    }

    /// A constant change that makes an optional constraint give way to a required inequality
    /// (the dual simplex repairs it), and back.
    @Test func constantChangeThatMovesABindingInequality() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        let floor = v.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor, constant: 0)
        try engine.activate([
            floor,
            LayoutConstraint(item: v, attribute: .left, relatedBy: .equal, toItem: root, attribute: .left, constant: 10,
                             priority: 500),
            v.topAnchor.constraint(equalTo: root.topAnchor), v.widthAnchor.constraint(equalToConstant: 10),
            v.heightAnchor.constraint(equalToConstant: 10),
        ])
        layoutSolve(engine)
        layoutExpectFrame(v, 10, 0, 10, 10)
        let id = floor.coreID
        try engine.setConstant(50, for: floor)
        #expect(layoutSolve(engine) == ["v"])
        layoutExpectFrame(v, 50, 0, 10, 10)
        try engine.setConstant(0, for: floor)
        layoutSolve(engine)
        layoutExpectFrame(v, 10, 0, 10, 10)
        #expect(floor.coreID == id)
        #expect(engine.conflictLog.isEmpty)
    }

    /// The smallest case of the above: a required `width >= k` that does not bind, and an
    /// optional wish `width == 10 @500`. Raising k above 10 must push the width up to k.
    @Test(arguments: [Relation.greaterThanOrEqual, .lessThanOrEqual])
    func constantChangeOfANonBindingInequality(_ relation: Relation) throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        // >=: width >= 0, raised to 50. <=: width <= 100, lowered to 4.
        let bound = LayoutConstraint(item: v, attribute: .width, relatedBy: relation,
                                     constant: relation == .greaterThanOrEqual ? 0 : 100)
        let preferred = LayoutConstraint(item: v, attribute: .width, relatedBy: .equal, constant: 10, priority: 500)
        try engine.activate([bound, preferred])
        layoutSolve(engine)
        #expect(v.frame.width == 10)
        let target = relation == .greaterThanOrEqual ? 50.0 : 4
        try engine.setConstant(target, for: bound)
        layoutSolve(engine)
        #expect(v.frame.width == target, "after setConstant(\(formatNumber(target))) on width \(relation.symbol) …")
        // Rebuilt from scratch, the same constraints give the expected width.
        engine.deactivate([bound])
        try engine.activate([bound])
        layoutSolve(engine)
        #expect(v.frame.width == target, "after reactivating")
    }

    /// Random constant changes on a random layout: after each one every enforced required
    /// constraint holds at the new solution, exactly as after building the same constraints
    /// from scratch.
    @Test func randomConstantChangesKeepRequiredConstraints() throws {
        var failures: [String] = []
        for seed in 0..<16 {
            var g = LayoutConflictTests.Generator(state: UInt64(seed) &+ 77)
            let engine = LayoutEngine()
            let root = try layoutRoot(engine)
            let views = try (0..<3).map { try engine.addView("v\($0)", in: root) }
            var made: [LayoutConstraint] = []
            for v in views {
                // Each view gets a left, a top and a size, some of them inequalities.
                let relations: [Relation] = [.equal, .greaterThanOrEqual, .lessThanOrEqual]
                made += [
                    LayoutConstraint(item: v, attribute: .left, relatedBy: relations[g.next(3)], toItem: root,
                                     attribute: .left, constant: Double(g.next(20) * 10)),
                    LayoutConstraint(item: v, attribute: .left, relatedBy: .equal, toItem: root, attribute: .left,
                                     constant: Double(g.next(20) * 10), priority: 500),
                    LayoutConstraint(item: v, attribute: .width, relatedBy: relations[g.next(3)],
                                     constant: Double(g.next(10) * 10)),
                    LayoutConstraint(item: v, attribute: .width, relatedBy: .equal, constant: Double(g.next(10) * 10),
                                     priority: 400),
                    v.topAnchor.constraint(equalTo: root.topAnchor), v.heightAnchor.constraint(equalToConstant: 10),
                ]
            }
            try engine.activate(made)
            for step in 0..<20 {
                let c = made[g.next(made.count)]
                try engine.setConstant(Double(g.next(20) * 10), for: c)
                engine.layout()
                for other in engine.activeConstraints where other.isInstalled && other.priority.isRequired {
                    if !LayoutConflictTests.holds(other, in: engine) {
                        failures.append("seed \(seed) step \(step), after setting \(c.equation): "
                                        + "\(other.equation) does not hold")
                    }
                }
            }
        }
        let count = failures.count
        #expect(count == 0, "\(count) violations, first: \(failures.first ?? "")")
    }

    /// Changing the constant of an inactive constraint only records it; activation uses it.
    @Test func changingAnInactiveConstraint() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        try layoutPin(engine, v, in: root, 1, 2, 3, 4)
        layoutSolve(engine)
        let pending = v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 5)
        let before = LayoutStateSnapshot(engine)
        try engine.setConstant(77, for: pending)
        try engine.setPriority(600, for: pending)
        #expect(pending.constant == 77 && pending.priority == 600 && !pending.isInstalled)
        layoutExpectUnchanged(engine, since: before)
        try engine.activate([pending])
        layoutSolve(engine)
        // The required left == 1 still wins over the @600 one.
        layoutExpectFrame(v, 1, 2, 3, 4)
        #expect(pending.isInstalled)
    }
}
