import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats
@testable import RatiteModel

/// Structures deeper or longer than the call stack allows: every walk over them is a loop.
/// (Each of these once recursed once per level or per broken constraint and overflowed
/// the stack from C.)
@Suite struct LayoutDepthTests {
    /// A chain of `depth` views, each the only child of the one before.
    static func chain(_ engine: LayoutEngine, depth: Int) throws -> (root: LayoutItem, leaf: LayoutItem) {
        let root = try layoutRoot(engine)
        var leaf = root
        for i in 0 ..< depth {
            let item = try engine.addView("v\(i)", in: leaf)
            leaf = item
        }
        return (root, leaf)
    }

    /// Every level pinned to its parent: each constraint's coordinate space (the nearest
    /// common ancestor) and direction are found without walking to the root (20,000
    /// levels took 14 s when both walked).
    @Test func directionChangesReachTheBottomOfADeepHierarchy() throws {
        let engine = LayoutEngine()
        let (root, leaf) = try Self.chain(engine, depth: 20_000)
        // Every level fills its parent; the leaf is 10 wide, 5 in from its parent's leading.
        var pins = [leaf.leadingAnchor.constraint(equalTo: leaf.parent!.leadingAnchor, constant: 5),
                    leaf.widthAnchor.constraint(equalToConstant: 10)]
        var item = leaf
        while let parent = item.parent {
            if item !== leaf {
                pins.append(item.leadingAnchor.constraint(equalTo: parent.leadingAnchor))
                pins.append(item.widthAnchor.constraint(equalTo: parent.widthAnchor))
            }
            pins.append(item.topAnchor.constraint(equalTo: parent.topAnchor))
            pins.append(item.heightAnchor.constraint(equalTo: parent.heightAnchor))
            item = parent
        }
        try engine.activate(pins)
        layoutSolve(engine)
        #expect(leaf.frame == Frame(x: 5, y: 0, width: 10, height: 480))
        // The direction set 10 levels up reaches the leaf (reshaping only that subtree's
        // constraints: flipping the root would re-add all 80,000, which the solver does in
        // time quadratic in this chain's length).
        var top = leaf
        for _ in 0 ..< 10 { top = top.parent! }
        try engine.setLayoutDirection(.rightToLeft, of: top)
        #expect(leaf.effectiveLayoutDirection == .rightToLeft && root.effectiveLayoutDirection == .leftToRight)
        layoutSolve(engine)
        #expect(leaf.frame == Frame(x: 305, y: 0, width: 10, height: 480))
        try engine.setLayoutDirection(.leftToRight, of: leaf.parent!)
        #expect(leaf.effectiveLayoutDirection == .leftToRight
                && leaf.parent!.parent!.effectiveLayoutDirection == .rightToLeft)
        layoutSolve(engine)
        #expect(leaf.frame.x == 5)
        try engine.setLayoutDirection(nil, of: top)
        #expect(leaf.parent!.parent!.effectiveLayoutDirection == .leftToRight)
    }

    /// Raising a constant that thousands of required constraints contradict breaks them one
    /// by one (each its own conflict), not one stack frame each.
    @Test func aConstantChangeCanBreakThousandsOfConstraints() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        let floor = v.widthAnchor.constraint(greaterThanOrEqualToConstant: 10)
        let ceilings = (0 ..< 3_000).map { _ in v.widthAnchor.constraint(lessThanOrEqualToConstant: 20) }
        try engine.activate([floor] + ceilings)
        try engine.setConstant(30, for: floor)
        let allBroken = ceilings.allSatisfy { $0.isBroken }
        #expect(allBroken)
        #expect(!floor.isBroken)
        #expect(engine.conflictLog.count == ceilings.count)
    }

    @Test func svgOfADeepHierarchyIsIndentedBoundedly() throws {
        let engine = LayoutEngine()
        let depth = 5_000
        _ = try Self.chain(engine, depth: depth)
        layoutSolve(engine)
        let svg = LayoutSVG.render(engine)
        #expect(svg.components(separatedBy: "<g data-item=").count == depth + 2)
        // Every line is short: indentation stops growing.
        #expect(svg.split(separator: "\n").allSatisfy { $0.prefix(while: { $0 == " " }).count <= 140 })
    }
}
