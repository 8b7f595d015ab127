import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// Autoresizing masks translated into constraints, as UIKit does for views with
/// `translatesAutoresizingMaskIntoConstraints`: when the superview's size changes, the
/// change is split among the flexible parts (start margin, size, end margin) in proportion to
/// their sizes, fixed parts keep their sizes, and with no flexible part the item keeps its
/// position and size.
///
/// The item's frame is (20, 40, 100, 200) in a 320×480 root, so horizontally the parts are
/// 20 | 100 | 200 and vertically 40 | 200 | 240. Rotating to 480×320 adds 160 horizontally
/// and removes 160 vertically.
@Suite struct LayoutAutoresizingTests {
    struct Combination: Sendable, CustomStringConvertible {
        var horizontal: Int
        var vertical: Int
        var description: String { "\(Self.names(h: horizontal))|\(Self.names(v: vertical))" }

        static func names(h: Int) -> String {
            ["none", "L", "W", "L+W", "R", "L+R", "W+R", "L+W+R"][h]
        }
        static func names(v: Int) -> String {
            ["none", "T", "H", "T+H", "B", "T+B", "H+B", "T+H+B"][v]
        }

        /// Bit 0: flexible start margin, bit 1: flexible size, bit 2: flexible end margin.
        var mask: AutoresizingMask {
            var m: AutoresizingMask = []
            if horizontal & 1 != 0 { m.insert(.flexibleLeftMargin) }
            if horizontal & 2 != 0 { m.insert(.flexibleWidth) }
            if horizontal & 4 != 0 { m.insert(.flexibleRightMargin) }
            if vertical & 1 != 0 { m.insert(.flexibleTopMargin) }
            if vertical & 2 != 0 { m.insert(.flexibleHeight) }
            if vertical & 4 != 0 { m.insert(.flexibleBottomMargin) }
            return m
        }
    }

    /// x and width after +160, by horizontal combination (worked out by hand: each flexible
    /// part gets 160 × its size / the flexible parts' total).
    static let horizontalAfter: [(x: Double, width: Double)] = [
        (20, 100),                                   // none: the right margin absorbs it
        (180, 100),                                  // L: all 160 to the left margin
        (20, 260),                                   // W
        (20 + 160.0 * 20 / 120, 100 + 160.0 * 100 / 120), // L+W: 20:100
        (20, 100),                                   // R
        (20 + 160.0 * 20 / 220, 100),                // L+R: 20:200
        (20, 100 + 160.0 * 100 / 300),               // W+R: 100:200
        (30, 150),                                   // L+W+R: 20:100:200 of 320 → 10, 50, 100
    ]

    /// y and height after −160, by vertical combination.
    static let verticalAfter: [(y: Double, height: Double)] = [
        (40, 200),                                   // none
        (-120, 200),                                 // T: the top margin shrinks by 160
        (40, 40),                                    // H
        (40 - 160.0 * 40 / 240, 200 - 160.0 * 200 / 240), // T+H: 40:200
        (40, 200),                                   // B
        (40 - 160.0 * 40 / 280, 200),                // T+B: 40:240
        (40, 200 - 160.0 * 200 / 440),               // H+B: 200:240
        (40 - 160.0 * 40 / 480, 200 - 160.0 * 200 / 480), // T+H+B
    ]

    static let combinations: [Combination] = (0..<8).flatMap { h in
        (0..<8).map { v in Combination(horizontal: h, vertical: v) }
    }

    @Test(arguments: combinations)
    func everyMaskCombinationThroughARotation(_ c: Combination) throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        try engine.setAutoresizing(frame: Frame(x: 20, y: 40, width: 100, height: 200), mask: c.mask, of: v)
        #expect(v.translatesAutoresizingMaskIntoConstraints && v.autoresizingMask == c.mask)
        layoutSolve(engine)
        layoutExpectFrame(v, 20, 40, 100, 200, "portrait \(c)")
        #expect(!engine.hasAmbiguousLayout(v))
        try engine.setSize(of: root, width: 480, height: 320)
        layoutSolve(engine)
        let h = Self.horizontalAfter[c.horizontal], w = Self.verticalAfter[c.vertical]
        layoutExpectFrame(v, h.x, w.y, h.width, w.height, "landscape \(c)")
        // And back: the original frame.
        try engine.setSize(of: root, width: 320, height: 480)
        layoutSolve(engine)
        layoutExpectFrame(v, 20, 40, 100, 200, "back to portrait \(c)")
        #expect(engine.conflictLog.isEmpty)
        #expect(engine.activeConstraints.filter { $0.kind == .autoresizing }.count == 4)
    }

    /// An autoresizing view inside an autoresizing view: each follows its own superview.
    @Test func nestedAutoresizingViews() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let container = try engine.addView("container", in: root)
        let badge = try engine.addView("badge", in: container)
        try engine.setAutoresizing(frame: Frame(x: 10, y: 10, width: 300, height: 460),
                                   mask: [.flexibleWidth, .flexibleHeight], of: container)
        try engine.setAutoresizing(frame: Frame(x: 250, y: 400, width: 40, height: 50),
                                   mask: [.flexibleLeftMargin, .flexibleTopMargin], of: badge)
        layoutSolve(engine)
        layoutExpectFrame(badge, 250, 400, 40, 50)
        try engine.setSize(of: root, width: 480, height: 320)
        #expect(layoutSolve(engine) == ["root", "container", "badge"])
        // container: 460 × 300; the badge keeps its right and bottom margins (10 and 10).
        layoutExpectFrame(container, 10, 10, 460, 300)
        layoutExpectFrame(badge, 410, 240, 40, 50)
    }

    /// The superview's size may come from ordinary constraints: the translated item follows
    /// it all the same.
    @Test func superviewSizedByConstraints() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let container = try engine.addView("container", in: root)
        try engine.activate([
            container.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            container.rightAnchor.constraint(equalTo: root.rightAnchor, constant: -10),
            container.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            container.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -10),
        ])
        let bar = try engine.addView("bar", in: container)
        let corner = try engine.addView("corner", in: container)
        try engine.setAutoresizing(frame: Frame(x: 0, y: 410, width: 300, height: 50),
                                   mask: [.flexibleWidth, .flexibleTopMargin], of: bar)
        try engine.setAutoresizing(frame: Frame(x: 260, y: 0, width: 40, height: 40),
                                   mask: [.flexibleLeftMargin, .flexibleBottomMargin], of: corner)
        layoutSolve(engine)
        layoutExpectFrame(container, 10, 10, 300, 460)
        layoutExpectFrame(bar, 0, 410, 300, 50)
        try engine.setSize(of: root, width: 480, height: 320)
        layoutSolve(engine)
        // The container is 460 × 300: the bar stretches and stays at the bottom; the corner
        // stays in the top-right corner.
        layoutExpectFrame(container, 10, 10, 460, 300)
        layoutExpectFrame(bar, 0, 250, 460, 50)
        layoutExpectFrame(corner, 420, 0, 40, 40)
    }

    /// Flexible parts that are all zero share a change equally.
    @Test func zeroSizedFlexiblePartsShareEqually() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        try engine.setAutoresizing(frame: Frame(x: 0, y: 0, width: 0, height: 480),
                                   mask: [.flexibleLeftMargin, .flexibleWidth], of: v)
        try engine.setSize(of: root, width: 480, height: 480)
        layoutSolve(engine)
        layoutExpectFrame(v, 80, 0, 80, 480)
    }

    /// Autoresizing constraints are required and engine-made: a user constraint that fights
    /// them is the one broken. Turning translation off removes them.
    @Test func conflictsWithUserConstraintsAndTurningTranslationOff() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        try engine.setAutoresizing(frame: Frame(x: 20, y: 40, width: 100, height: 200), mask: [.flexibleWidth], of: v)
        let fight = v.widthAnchor.constraint(equalToConstant: 50)
        try engine.activate([fight])
        #expect(engine.conflictLog.count == 1)
        #expect(engine.conflictLog.last?.broken === fight && fight.isBroken && fight.isActive)
        #expect(engine.conflictLog.last?.constraints.contains { $0.kind == .autoresizing } == true)
        layoutSolve(engine)
        layoutExpectFrame(v, 20, 40, 100, 200)
        // Stop translating: the mask's constraints go, the user's width is still broken (it
        // takes deactivating and activating to enforce it again).
        try engine.setAutoresizing(frame: nil, of: v)
        #expect(!v.translatesAutoresizingMaskIntoConstraints)
        #expect(!engine.activeConstraints.contains { $0.kind == .autoresizing })
        engine.deactivate([fight])
        try engine.activate([fight, v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 1),
                             v.topAnchor.constraint(equalTo: root.topAnchor, constant: 2),
                             v.heightAnchor.constraint(equalToConstant: 3)])
        layoutSolve(engine)
        layoutExpectFrame(v, 1, 2, 50, 3)
        #expect(engine.conflictLog.count == 1)
    }

    /// Setting a new frame or mask replaces the old translation.
    @Test func replacingTheFrameAndMask() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        try engine.setAutoresizing(frame: Frame(x: 20, y: 40, width: 100, height: 200), mask: [.flexibleWidth], of: v)
        try engine.setAutoresizing(frame: Frame(x: 5, y: 6, width: 7, height: 8),
                                   mask: [.flexibleRightMargin, .flexibleBottomMargin], of: v)
        #expect(engine.activeConstraints.filter { $0.kind == .autoresizing }.count == 4)
        layoutSolve(engine)
        layoutExpectFrame(v, 5, 6, 7, 8)
        try engine.setSize(of: root, width: 480, height: 320)
        layoutSolve(engine)
        layoutExpectFrame(v, 5, 6, 7, 8)
        #expect(v.autoresizingFrame == Frame(x: 5, y: 6, width: 7, height: 8))
    }
}
