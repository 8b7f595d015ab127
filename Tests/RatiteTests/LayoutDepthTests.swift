import Testing
@testable import Ratite

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

    @Test func directionChangesReachTheBottomOfADeepHierarchy() throws {
        let engine = LayoutEngine()
        let (root, leaf) = try Self.chain(engine, depth: 20_000)
        let pin = leaf.leadingAnchor.constraint(equalTo: leaf.parent!.leadingAnchor, constant: 5)
        try engine.activate([pin, leaf.widthAnchor.constraint(equalToConstant: 10)])
        try engine.setLayoutDirection(.rightToLeft, of: root)
        #expect(leaf.effectiveLayoutDirection == .rightToLeft)
        layoutSolve(engine)
        #expect(leaf.frame.x == leaf.parent!.frame.width - 15)
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
        let depth = 20_000
        _ = try Self.chain(engine, depth: depth)
        layoutSolve(engine)
        let svg = LayoutSVG.render(engine)
        #expect(svg.components(separatedBy: "<g data-item=").count == depth + 2)
        // Every line is short: indentation stops growing.
        #expect(svg.split(separator: "\n").allSatisfy { $0.prefix(while: { $0 == " " }).count <= 140 })
    }
}
