import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// Baselines: an item's first baseline is `top + offset` and its last `bottom - offset`
/// when it declares offsets (text-like items, measured as UIKit and AppKit measure them),
/// and its bottom edge otherwise, as for a plain view.
@Suite struct LayoutBaselineTests {
    /// A two-line label `m` (100×60, baselines at 15 and 55) at top 100, and single-line
    /// fields (30 high, baseline 21) aligned to its first and last baselines.
    @Test func firstAndLastBaselinesDiffer() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let m = try engine.addView("m", in: root)
        let first = try engine.addView("first", in: root)
        let last = try engine.addView("last", in: root)
        let plain = try engine.addView("plain", in: root)
        try engine.setBaselineOffsets(firstFromTop: 15, lastFromBottom: 5, of: m)
        try engine.setBaselineOffsets(firstFromTop: 21, lastFromBottom: 9, of: first)
        try engine.setBaselineOffsets(firstFromTop: 21, lastFromBottom: 9, of: last)
        try layoutPin(engine, m, in: root, 10, 100, 100, 60)
        for (v, x) in [(first, 120.0), (last, 200.0), (plain, 280.0)] {
            try engine.activate([v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: x),
                                 v.widthAnchor.constraint(equalToConstant: 30),
                                 v.heightAnchor.constraint(equalToConstant: 30)])
        }
        try engine.activate([
            first.firstBaselineAnchor.constraint(equalTo: m.firstBaselineAnchor),
            last.lastBaselineAnchor.constraint(equalTo: m.lastBaselineAnchor),
            // A plain view's baseline is its bottom edge.
            plain.firstBaselineAnchor.constraint(equalTo: m.lastBaselineAnchor),
        ])
        layoutSolve(engine)
        // first: 100 + 15 − 21; last: 100 + 55 − 21; plain: bottom at 155.
        layoutExpectFrame(first, 120, 94, 30, 30)
        layoutExpectFrame(last, 200, 134, 30, 30)
        layoutExpectFrame(plain, 280, 125, 30, 30)
    }

    /// `baseline` is Apple's older name for the last baseline.
    @Test func baselineIsTheLastBaseline() {
        #expect(Attribute(name: "baseline") == .lastBaseline)
        #expect(Attribute(name: "firstBaseline") == .firstBaseline)
        #expect(Attribute(name: "notAThing") == nil)
        for a in Attribute.allCases { #expect(Attribute(name: a.rawValue) == a) }
    }

    /// Baseline offsets changed after activation: from none (the bottom edge) to an offset
    /// changes the shape of the constraint; between offsets only its constant moves.
    @Test func changingBaselineOffsetsAtRunTime() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let label = try engine.addView("label", in: root)
        let field = try engine.addView("field", in: root)
        try layoutPin(engine, label, in: root, 0, 50, 100, 40)
        let align = field.lastBaselineAnchor.constraint(equalTo: label.lastBaselineAnchor)
        try engine.activate([align,
                             field.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 150),
                             field.widthAnchor.constraint(equalToConstant: 50),
                             field.heightAnchor.constraint(equalToConstant: 30)])
        layoutSolve(engine)
        // Neither has offsets: bottoms aligned at 90.
        layoutExpectFrame(field, 150, 60, 50, 30)
        // Offsets for the label: last baseline 10 above its bottom (80).
        try engine.setBaselineOffsets(firstFromTop: 12, lastFromBottom: 10, of: label)
        #expect(layoutSolve(engine) == ["field"])
        layoutExpectFrame(field, 150, 50, 50, 30)
        // Offsets for the field too: last baseline 9 above its bottom → top 59.
        try engine.setBaselineOffsets(firstFromTop: 8, lastFromBottom: 9, of: field)
        layoutSolve(engine)
        layoutExpectFrame(field, 150, 59, 50, 30)
        // Offset to offset: only the constant moves, the solver constraint stays.
        let id = align.coreID
        try engine.setBaselineOffsets(firstFromTop: 12, lastFromBottom: 6, of: label)
        layoutSolve(engine)
        layoutExpectFrame(field, 150, 63, 50, 30)
        #expect(align.coreID == id)
        // Only the first baseline given: the last one is the bottom edge again (90 → 60).
        try engine.setBaselineOffsets(firstFromTop: 12, lastFromBottom: nil, of: label)
        layoutSolve(engine)
        layoutExpectFrame(field, 150, 69, 50, 30)
        #expect(label.firstBaselineOffsetFromTop == 12 && label.lastBaselineOffsetFromBottom == nil)
        layoutExpectConsistent(engine)
    }

    /// A view stretched taller keeps its last baseline at the same distance from its
    /// bottom and its first at the same distance from its top, as in UIKit and AppKit.
    @Test func stretchingMovesTheLastBaselineWithTheBottom() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let text = try engine.addView("text", in: root)
        let first = try engine.addView("first", in: root)
        let last = try engine.addView("last", in: root)
        try engine.setBaselineOffsets(firstFromTop: 17, lastFromBottom: 4, of: text)
        let height = text.heightAnchor.constraint(equalToConstant: 21)
        try engine.activate([
            text.leftAnchor.constraint(equalTo: root.leftAnchor),
            text.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            text.widthAnchor.constraint(equalToConstant: 50), height,
        ])
        for (v, x, attribute) in [(first, 100.0, Attribute.firstBaseline), (last, 200.0, .lastBaseline)] {
            try engine.activate([
                v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: x),
                v.widthAnchor.constraint(equalToConstant: 10), v.heightAnchor.constraint(equalToConstant: 10),
                LayoutConstraint(item: v, attribute: .bottom, relatedBy: .equal, toItem: text, attribute: attribute),
            ])
        }
        layoutSolve(engine)
        // First: 10 + 17 = 27; last: 10 + 21 - 4 = 27.
        layoutExpectFrame(first, 100, 17, 10, 10)
        layoutExpectFrame(last, 200, 17, 10, 10)
        try engine.setConstant(61, for: height)
        layoutSolve(engine)
        // The first baseline stays 17 below the top; the last follows the bottom: 67.
        layoutExpectFrame(first, 100, 17, 10, 10)
        layoutExpectFrame(last, 200, 57, 10, 10)
        layoutExpectConsistent(engine)
    }
}
