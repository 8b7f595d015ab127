import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// Resize locality through the engine: a window-width constraint stronger than the views'
/// preferred widths, activated after a row of views built toward the window's right edge,
/// lets the last view absorb the width, so resizing moves that view and the window only
/// (as an edit variable does in the solver, see `ResizeLocalityTests`).
@Suite struct LayoutResizeLocalityTests {
    /// `v0.left == root.left + 20`, `v(i+1).left == v(i).right + 8`, `v(i).width >= 10`,
    /// `v(i).width == 50 @weak`, `root.right == v(n-1).right + 20`; then `root.width ==
    /// width @strong`, activated on its own.
    struct Chain {
        let engine = LayoutEngine()
        let root: LayoutItem
        var views: [LayoutItem] = []
        var window: LayoutConstraint

        init(views n: Int, width: Double) throws {
            root = try engine.addView("root")
            var constraints: [LayoutConstraint] = []
            for i in 0..<n {
                let view = try engine.addView("v\(i)", in: root)
                constraints.append(LayoutConstraint(
                    item: view, attribute: .left, relatedBy: .equal, toItem: i == 0 ? root : views[i - 1],
                    attribute: i == 0 ? .left : .right, constant: i == 0 ? 20 : 8))
                constraints.append(view.widthAnchor.constraint(greaterThanOrEqualToConstant: 10))
                constraints.append(LayoutConstraint(
                    item: view, attribute: .width, relatedBy: .equal, constant: 50, priority: .weak))
                views.append(view)
            }
            constraints.append(LayoutConstraint(
                item: root, attribute: .right, relatedBy: .equal, toItem: views[n - 1], attribute: .right,
                constant: 20))
            try engine.activate(constraints)
            window = LayoutConstraint(
                item: root, attribute: .width, relatedBy: .equal, constant: width, priority: .strong)
            try engine.activate([window])
        }
    }

    @Test(arguments: [2, 10, 200])
    func chainResizeMovesOnlyTheLastView(views n: Int) throws {
        let natural = Double(58 * n + 32)
        let chain = try Chain(views: n, width: natural + 100)
        chain.engine.layout()
        #expect(chain.views[n - 1].frame.width == 150)
        for size in [natural + 130, natural + 70, natural + 250] {
            try chain.engine.setConstant(size, for: chain.window)
            let moved = chain.engine.layout().map(\.name)
            #expect(moved == ["root", "v\(n - 1)"])
            #expect(chain.views[n - 1].frame.width == 50 + size - natural)
            #expect(chain.root.frame.width == size)
        }
        for view in chain.views.dropLast() { #expect(view.frame.width == 50) }
    }

    /// A window narrower than one view can give (widths stop at 10) takes from two views:
    /// one down to its minimum, the other the rest; every other width stays at 50.
    @Test func shrinkPastOneViewsMinimumTakesFromTwoViews() throws {
        let n = 5
        let natural = Double(58 * n + 32)
        let chain = try Chain(views: n, width: natural - 60)
        chain.engine.layout()
        #expect(chain.views.map(\.frame.width).filter { $0 != 50 }.sorted() == [10, 30])
        #expect(chain.root.frame.width == natural - 60)
    }

    /// A constraint placed that way and then rolled back (strict mode, a conflict later in
    /// the same batch) leaves the engine as it was: both steps are part of the operation.
    @Test func refusedBatchWithTheWindowLeavesTheLayout() throws {
        let chain = try Chain(views: 4, width: 300)
        chain.engine.layout()
        let frames = chain.engine.items.map(\.frame)
        let wider = LayoutConstraint(
            item: chain.root, attribute: .height, relatedBy: .equal, constant: 90, priority: Priority(800))
        let clash = LayoutConstraint(item: chain.views[0], attribute: .width, relatedBy: .equal, constant: 5)
        chain.engine.throwsOnConflict = true
        #expect(throws: LayoutError.self) { try chain.engine.activate([wider, clash]) }
        #expect(!wider.isActive && !clash.isActive && wider.coreID < 0)
        #expect(chain.engine.bookkeepingViolations().isEmpty)
        chain.engine.layout()
        #expect(chain.engine.items.map(\.frame) == frames)
    }
}
