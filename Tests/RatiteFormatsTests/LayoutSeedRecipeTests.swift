import Foundation
import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats

/// The seed recipes of the issue, through the Swift API and through the shipped example
/// layout files (parsed and built in process; `LayoutCommandTests` runs them through
/// `ratite layout`).
///
/// The row: a 320×480 root (margins 8) with a top layout guide 20 high across the top; a
/// label (hugging 251) and a text field (97×30, baseline 21, hugging 250);
/// `label.leading == root.leadingMargin`, `field.leading == label.trailing + 8`,
/// `field.trailing == root.trailingMargin`, last baselines aligned. So the label is at
/// x = 8 with its intrinsic width w, and the field runs from 16 + w to 312.
@Suite struct LayoutSeedRecipeTests {
    struct Recipe {
        let engine = LayoutEngine()
        let root: LayoutItem
        let guide: LayoutItem
        let label: LayoutItem
        let field: LayoutItem

        /// `dynamic`: both get `top >= guide.bottom + 20` and `top == guide.bottom + 20 @249`;
        /// otherwise `field.top == guide.bottom + 20`.
        init(dynamic: Bool, label size: (Double, Double, Double) = (42, 21, 17), rtl: Bool = false) throws {
            root = try layoutRoot(engine)
            if rtl { try engine.setLayoutDirection(.rightToLeft, of: root) }
            guide = try engine.addGuide("topGuide", in: root)
            label = try engine.addView("label", in: root)
            field = try engine.addView("field", in: root)
            try engine.setContentHuggingPriority(251, for: .horizontal, of: label)
            try engine.setIntrinsicContentSize(IntrinsicSize(width: size.0, height: size.1), of: label)
            try engine.setBaselineOffsets(firstFromTop: size.2, lastFromBottom: size.1 - size.2, of: label)
            try engine.setIntrinsicContentSize(IntrinsicSize(width: 97, height: 30), of: field)
            try engine.setBaselineOffsets(firstFromTop: 21, lastFromBottom: 9, of: field)
            try engine.activate([
                guide.topAnchor.constraint(equalTo: root.topAnchor),
                guide.heightAnchor.constraint(equalToConstant: 20),
                guide.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                guide.trailingAnchor.constraint(equalTo: root.trailingAnchor),
                label.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor),
                field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
                field.trailingAnchor.constraint(equalTo: root.trailingMarginAnchor),
                field.lastBaselineAnchor.constraint(equalTo: label.lastBaselineAnchor),
            ])
            if dynamic {
                for item in [label, field] {
                    try engine.activate([
                        item.topAnchor.constraint(greaterThanOrEqualTo: guide.bottomAnchor, constant: 20),
                        LayoutConstraint(item: item, attribute: .top, relatedBy: .equal, toItem: guide,
                                         attribute: .bottom, constant: 20, priority: 249),
                    ])
                }
            } else {
                try engine.activate([field.topAnchor.constraint(equalTo: guide.bottomAnchor, constant: 20)])
            }
        }

        func font(_ width: Double, _ height: Double, _ baseline: Double) throws {
            try engine.setIntrinsicContentSize(IntrinsicSize(width: width, height: height), of: label)
            try engine.setBaselineOffsets(firstFromTop: baseline, lastFromBottom: height - baseline, of: label)
        }
    }

    /// The label keeps its intrinsic width and the field takes the rest; the field sits 20
    /// below the guide (y 40) and the label's baseline (17) meets the field's (40 + 21).
    @Test func labelAndFieldRow() throws {
        let r = try Recipe(dynamic: false)
        layoutSolve(r.engine)
        layoutExpectFrame(r.guide, 0, 0, 320, 20)
        layoutExpectFrame(r.label, 8, 44, 42, 21)
        layoutExpectFrame(r.field, 58, 40, 254, 30)
        #expect(r.engine.ambiguityReport().isEmpty)
        #expect(r.engine.conflictLog.isEmpty)
    }

    @Test func labelAndFieldRowRightToLeft() throws {
        let r = try Recipe(dynamic: false, rtl: true)
        layoutSolve(r.engine)
        // The label's leading (right) edge at 312; the field from the trailing margin (8) to
        // 8 left of the label.
        layoutExpectFrame(r.label, 270, 44, 42, 21)
        layoutExpectFrame(r.field, 8, 40, 254, 30)
        layoutExpectFrame(r.guide, 0, 0, 320, 20)
    }

    /// A wider root (rotation): the field stretches, the label does not.
    @Test func labelAndFieldRowInLandscape() throws {
        let r = try Recipe(dynamic: false)
        layoutSolve(r.engine)
        try r.engine.setSize(of: r.root, width: 480, height: 320)
        #expect(Set(layoutSolve(r.engine)) == ["root", "topGuide", "field"])
        layoutExpectFrame(r.label, 8, 44, 42, 21)
        layoutExpectFrame(r.field, 58, 40, 414, 30)
        layoutExpectFrame(r.guide, 0, 0, 480, 20)
    }

    /// Dynamic height: with the offset d = label baseline − field baseline (21), the one
    /// with the larger baseline offset sits at 40 (20 below the guide) and the other is
    /// lowered by |d| to share its baseline; both @249 wishes cost |d| together wherever
    /// they sit, and `>= 40` rules out raising either.
    static let fonts: [(width: Double, height: Double, baseline: Double, labelY: Double, fieldY: Double)] = [
        (42, 21, 17, 44, 40),
        (60, 30, 21, 40, 40),
        (80, 40, 32, 40, 51),
        (120, 60, 48, 40, 67),
    ]

    @Test(arguments: fonts.indices)
    func dynamicHeight(_ i: Int) throws {
        let f = Self.fonts[i]
        let r = try Recipe(dynamic: true, label: (f.width, f.height, f.baseline))
        layoutSolve(r.engine)
        layoutExpectFrame(r.label, 8, f.labelY, f.width, f.height)
        layoutExpectFrame(r.field, 16 + f.width, f.fieldY, 296 - f.width, 30)
        #expect(r.engine.ambiguityReport().isEmpty, "\(r.engine.ambiguityReport())")
        #expect(r.engine.conflictLog.isEmpty)
    }

    /// The label's font grows step by step (intrinsic size and baseline), then shrinks back.
    @Test func dynamicHeightWhenTheFontChanges() throws {
        let r = try Recipe(dynamic: true)
        layoutSolve(r.engine)
        layoutExpectFrame(r.label, 8, 44, 42, 21)
        layoutExpectFrame(r.field, 58, 40, 254, 30)
        for f in Self.fonts.dropFirst() + Self.fonts.reversed() {
            try r.font(f.width, f.height, f.baseline)
            layoutSolve(r.engine)
            layoutExpectFrame(r.label, 8, f.labelY, f.width, f.height, "font \(f)")
            layoutExpectFrame(r.field, 16 + f.width, f.fieldY, 296 - f.width, 30, "font \(f)")
        }
        // A font change that keeps the width moves only the vertical positions; the field
        // does not move when the label grows below a baseline of 21.
        try r.font(42, 25, 19)
        #expect(layoutSolve(r.engine) == ["label"])
        layoutExpectFrame(r.label, 8, 42, 42, 25)
        #expect(r.engine.conflictLog.isEmpty)
    }

    /// The field's font grows instead: now the field sits at 40 and the label follows.
    @Test func dynamicHeightWithATallerField() throws {
        let r = try Recipe(dynamic: true)
        try r.engine.setIntrinsicContentSize(IntrinsicSize(width: 97, height: 50), of: r.field)
        try r.engine.setBaselineOffsets(firstFromTop: 40, lastFromBottom: 10, of: r.field)
        layoutSolve(r.engine)
        layoutExpectFrame(r.field, 58, 40, 254, 50)
        layoutExpectFrame(r.label, 8, 63, 42, 21)
    }

    // MARK: The example files, built in process

    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    static func build(_ name: String, overrides: LayoutFileBuilder.Overrides = .init()) throws -> LayoutEngine {
        let text = try String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8)
        let engine = try LayoutFileBuilder.build(LayoutFileParser.parse(text), overrides: overrides)
        layoutSolve(engine)
        return engine
    }

    static func frame(_ engine: LayoutEngine, _ name: String) -> Frame? { engine.item(named: name)?.frame }

    @Test func labelFieldExample() throws {
        let e = try Self.build("label-field.layout")
        #expect(Self.frame(e, "label") == Frame(x: 8, y: 44, width: 42, height: 21))
        #expect(Self.frame(e, "field") == Frame(x: 58, y: 40, width: 254, height: 30))
        #expect(Self.frame(e, "topGuide") == Frame(x: 0, y: 0, width: 320, height: 20))
        let rtl = try Self.build("label-field.layout", overrides: .init(rightToLeft: true))
        #expect(Self.frame(rtl, "label") == Frame(x: 270, y: 44, width: 42, height: 21))
        #expect(Self.frame(rtl, "field") == Frame(x: 8, y: 40, width: 254, height: 30))
    }

    @Test func labelFieldDynamicExample() throws {
        // The example's label has the grown font: 80×40, baseline 32.
        let e = try Self.build("label-field-dynamic.layout")
        #expect(Self.frame(e, "label") == Frame(x: 8, y: 40, width: 80, height: 40))
        #expect(Self.frame(e, "field") == Frame(x: 96, y: 51, width: 216, height: 30))
        #expect(e.conflictLog.isEmpty && e.ambiguityReport().isEmpty)
    }

    /// The recipe's tip: the optional tops must stay below the field's vertical hugging
    /// (250). At @251 the field is stretched instead of moved (hugging broken): its top
    /// stays at 40 and its bottom follows the label's last baseline (72) plus its own 9.
    /// At @249, as shipped, the field keeps its height and moves down.
    @Test(arguments: [(251.0, Frame(x: 96, y: 40, width: 216, height: 41)),
                      (249.0, Frame(x: 96, y: 51, width: 216, height: 30))])
    func labelFieldDynamicExampleTopPriority(_ priority: Double, _ field: Frame) throws {
        let url = Self.examples.appendingPathComponent("label-field-dynamic.layout")
        var text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.components(separatedBy: "+ 20 @249").count == 3)
        text = text.replacingOccurrences(of: "+ 20 @249", with: "+ 20 @\(formatNumber(priority))")
        let engine = try LayoutFileBuilder.build(LayoutFileParser.parse(text))
        layoutSolve(engine)
        #expect(Self.frame(engine, "field") == field)
        #expect(Self.frame(engine, "label") == Frame(x: 8, y: 40, width: 80, height: 40))
        #expect(engine.conflictLog.isEmpty)
    }

    /// Two views of equal width with standard spacing, pinned to the superview's margins
    /// (VFL `|-[left]-[right(==left)]-|` on iOS: 8 from the edges, 8 between): the relation
    /// holds through rotation from portrait to landscape.
    @Test func sideBySideExampleRotates() throws {
        let portrait = try Self.build("side-by-side.layout", overrides: .init(size: (320, 480)))
        // (320 − 8 − 8 − 8) / 2 = 148; height 480 − 16.
        #expect(Self.frame(portrait, "left") == Frame(x: 8, y: 8, width: 148, height: 464))
        #expect(Self.frame(portrait, "right") == Frame(x: 164, y: 8, width: 148, height: 464))
        let landscape = try Self.build("side-by-side.layout", overrides: .init(size: (480, 320)))
        // (480 − 24) / 2 = 228; height 320 − 16.
        #expect(Self.frame(landscape, "left") == Frame(x: 8, y: 8, width: 228, height: 304))
        #expect(Self.frame(landscape, "right") == Frame(x: 244, y: 8, width: 228, height: 304))
        // The same rotation on one engine, incrementally.
        let root = try #require(portrait.item(named: "root"))
        try portrait.setSize(of: root, width: 480, height: 320)
        #expect(layoutSolve(portrait) == ["root", "left", "right"])
        #expect(Self.frame(portrait, "right") == Frame(x: 244, y: 8, width: 228, height: 304))
        for e in [portrait, landscape] { #expect(e.conflictLog.isEmpty && e.ambiguityReport().isEmpty) }
    }

    @Test func autoresizingExampleRotates() throws {
        let portrait = try Self.build("autoresizing.layout")
        #expect(Self.frame(portrait, "banner") == Frame(x: 0, y: 0, width: 320, height: 44))
        #expect(Self.frame(portrait, "badge") == Frame(x: 270, y: 60, width: 40, height: 40))
        #expect(Self.frame(portrait, "panel") == Frame(x: 20, y: 120, width: 280, height: 340))
        let landscape = try Self.build("autoresizing.layout", overrides: .init(size: (480, 320)))
        // banner: flexible width takes all 160 more; badge: flexible left margin takes it;
        // panel: flexible width takes +160 horizontally and flexible height −160 vertically.
        #expect(Self.frame(landscape, "banner") == Frame(x: 0, y: 0, width: 480, height: 44))
        #expect(Self.frame(landscape, "badge") == Frame(x: 430, y: 60, width: 40, height: 40))
        #expect(Self.frame(landscape, "panel") == Frame(x: 20, y: 120, width: 440, height: 180))
    }
}
