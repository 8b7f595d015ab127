import Testing
@testable import Ratite

/// Baselines: an item's first and last baselines are `top + offset` when it declares
/// offsets (text-like items) and its bottom edge otherwise, as for a plain view.
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
        try engine.setBaselineOffsets(first: 15, last: 55, of: m)
        try engine.setBaselineOffsets(first: 21, last: 21, of: first)
        try engine.setBaselineOffsets(first: 21, last: 21, of: last)
        try layoutPin(engine, m, in: root, 10, 100, 100, 60)
        for (v, x) in [(first, 120.0), (last, 200.0), (plain, 280.0)] {
            try engine.activate([v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: x),
                                 v.widthAnchor.constraint(equalToConstant: 30), v.heightAnchor.constraint(equalToConstant: 30)])
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
                             field.widthAnchor.constraint(equalToConstant: 50), field.heightAnchor.constraint(equalToConstant: 30)])
        layoutSolve(engine)
        // Neither has offsets: bottoms aligned at 90.
        layoutExpectFrame(field, 150, 60, 50, 30)
        // Offsets for the label: last baseline 30 from its top (80).
        try engine.setBaselineOffsets(first: 12, last: 30, of: label)
        #expect(layoutSolve(engine) == ["field"])
        layoutExpectFrame(field, 150, 50, 50, 30)
        // Offsets for the field too: last baseline 21 → top 59.
        try engine.setBaselineOffsets(first: 8, last: 21, of: field)
        layoutSolve(engine)
        layoutExpectFrame(field, 150, 59, 50, 30)
        // Offset to offset: only the constant moves, the solver constraint stays.
        let id = align.coreID
        try engine.setBaselineOffsets(first: 12, last: 34, of: label)
        layoutSolve(engine)
        layoutExpectFrame(field, 150, 63, 50, 30)
        #expect(align.coreID == id)
        // Only the first baseline given: the last one is the bottom edge again (90 → 60).
        try engine.setBaselineOffsets(first: 12, last: nil, of: label)
        layoutSolve(engine)
        layoutExpectFrame(field, 150, 69, 50, 30)
        #expect(label.firstBaselineOffset == 12 && label.lastBaselineOffset == nil)
        layoutExpectConsistent(engine)
    }
}
