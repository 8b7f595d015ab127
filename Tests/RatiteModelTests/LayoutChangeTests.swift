import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// `layout()` writes frames and returns exactly the items whose frames (in their parents'
/// coordinates) changed, in creation order.
@Suite struct LayoutChangeTests {
    /// root ⊃ panel ⊃ (child ⊃ grandchild), plus `stray`, a child of panel pinned to the root,
    /// and `zero`, an item whose frame is all zeros.
    struct Tree {
        let engine = LayoutEngine()
        let root: LayoutItem, panel: LayoutItem, child: LayoutItem, grandchild: LayoutItem
        let stray: LayoutItem, zero: LayoutItem
        let panelLeft: LayoutConstraint, panelWidth: LayoutConstraint

        init() throws {
            root = try layoutRoot(engine)
            panel = try engine.addView("panel", in: root)
            child = try engine.addView("child", in: panel)
            grandchild = try engine.addView("grandchild", in: child)
            stray = try engine.addView("stray", in: panel)
            zero = try engine.addView("zero", in: root)
            let pins = try layoutPin(engine, panel, in: root, 10, 10, 200, 200)
            panelLeft = pins[0]
            panelWidth = pins[2]
            try layoutPin(engine, child, in: panel, 5, 5, 50, 50)
            try layoutPin(engine, grandchild, in: child, 1, 1, 10, 10)
            try layoutPin(engine, stray, in: root, 100, 100, 20, 20)
            try layoutPin(engine, zero, in: root, 0, 0, 0, 0)
        }

        /// Every frame equals the solution, reported or not.
        func expectFramesCurrent(sourceLocation: SourceLocation = #_sourceLocation) {
            for item in engine.items {
                #expect(item.frame == engine.solvedFrame(of: item), "\(item.name) is stale",
                        sourceLocation: sourceLocation)
            }
        }
    }

    @Test func firstLayoutReportsEveryItemThatLeftZero() throws {
        let t = try Tree()
        #expect(layoutSolve(t.engine) == ["root", "panel", "child", "grandchild", "stray"])
        layoutExpectFrame(t.stray, 90, 90, 20, 20)
        layoutExpectFrame(t.grandchild, 1, 1, 10, 10)
        t.expectFramesCurrent()
        #expect(layoutSolve(t.engine) == [])
    }

    /// Moving the panel moves its descendants in root coordinates but not in its own: only
    /// the panel, and the child pinned to the root (which moves relative to the panel), are
    /// reported.
    @Test func movingAParentReportsOnlyWhatMovedRelativeToItsParent() throws {
        let t = try Tree()
        layoutSolve(t.engine)
        try t.engine.setConstant(30, for: t.panelLeft)
        #expect(layoutSolve(t.engine) == ["panel", "stray"])
        layoutExpectFrame(t.panel, 30, 10, 200, 200)
        layoutExpectFrame(t.child, 5, 5, 50, 50)
        layoutExpectFrame(t.stray, 70, 90, 20, 20)
        #expect(layoutNear(t.engine.frameInRoot(of: t.grandchild), Frame(x: 36, y: 16, width: 10, height: 10)))
        t.expectFramesCurrent()
    }

    /// A size change of the panel does not move anything inside it.
    @Test func resizingAParentReportsOnlyTheParent() throws {
        let t = try Tree()
        layoutSolve(t.engine)
        try t.engine.setConstant(250, for: t.panelWidth)
        #expect(layoutSolve(t.engine) == ["panel"])
        t.expectFramesCurrent()
    }

    @Test func changesThatCancelOutReportNothing() throws {
        let t = try Tree()
        layoutSolve(t.engine)
        try t.engine.setConstant(30, for: t.panelLeft)
        try t.engine.setConstant(10, for: t.panelLeft)
        #expect(layoutSolve(t.engine) == [])
        // A redundant constraint in and out.
        let redundant = t.child.widthAnchor.constraint(equalTo: t.grandchild.widthAnchor, multiplier: 5)
        try t.engine.activate([redundant])
        #expect(layoutSolve(t.engine) == [])
        t.engine.deactivate([redundant])
        #expect(layoutSolve(t.engine) == [])
        t.expectFramesCurrent()
    }

    /// Several changes at once come back in creation order, however they were made.
    @Test func reportIsInCreationOrder() throws {
        let t = try Tree()
        layoutSolve(t.engine)
        let zeroWidth = try #require(t.engine.activeConstraints.first {
            $0.firstItem === t.zero && $0.firstAttribute == .width
        })
        try t.engine.setConstant(3, for: zeroWidth)
        let grandLeft = try #require(t.engine.activeConstraints.first {
            $0.firstItem === t.grandchild && $0.firstAttribute == .left
        })
        try t.engine.setConstant(2, for: grandLeft)
        try t.engine.setConstant(11, for: t.panelLeft)
        #expect(layoutSolve(t.engine) == ["panel", "grandchild", "stray", "zero"])
        layoutExpectFrame(t.zero, 0, 0, 3, 0)
        layoutExpectFrame(t.grandchild, 2, 1, 10, 10)
        t.expectFramesCurrent()
    }

    /// A new item gets its frame at the next layout even when no solver value moves. Its
    /// variables start at 0, the root's origin, so under `child` (at 15, 15 in the root) its
    /// frame is (-15, -15, 0, 0) and it is listed; under `zero` (at the origin) it stays
    /// `.zero` and is not. Both get their frames again once constrained.
    @Test func itemsAddedLater() throws {
        let t = try Tree()
        layoutSolve(t.engine)
        let late = try t.engine.addView("late", in: t.child)
        let atOrigin = try t.engine.addView("atOrigin", in: t.zero)
        #expect(layoutSolve(t.engine) == ["late"])
        layoutExpectFrame(late, -15, -15, 0, 0)
        layoutExpectFrame(atOrigin, 0, 0, 0, 0)
        t.expectFramesCurrent()
        try layoutPin(t.engine, late, in: t.child, 2, 3, 4, 5)
        #expect(layoutSolve(t.engine) == ["late"])
        layoutExpectFrame(late, 2, 3, 4, 5)
        try layoutPin(t.engine, atOrigin, in: t.zero, 6, 7, 8, 9)
        #expect(layoutSolve(t.engine) == ["atOrigin"])
        layoutExpectFrame(atOrigin, 6, 7, 8, 9)
        t.expectFramesCurrent()
    }
}
