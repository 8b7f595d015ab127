import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats
@testable import RatiteModel

/// `LayoutPlatform`: on iOS (the default) VFL's `|-` pins to the superview's layout
/// margins; on macOS it is the edge plus `superviewSpacing`. Spacing between views and
/// explicit `|-20-` are the same on both.
@Suite struct LayoutPlatformTests {
    static func scene(_ platform: LayoutPlatform?) throws -> (LayoutEngine, LayoutItem, LayoutItem) {
        let engine = LayoutEngine()
        if let platform { engine.platform = platform }
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let b = try engine.addView("b", in: root)
        return (engine, a, b)
    }

    @Test func defaultIsIOS() {
        #expect(LayoutEngine().platform == .ios)
        #expect(LayoutPlatform(name: "ios") == .ios && LayoutPlatform(name: "macos") == .macos)
        #expect(LayoutPlatform(name: "iOS") == nil)
    }

    @Test func iosPinsToTheMargins() throws {
        let (engine, a, b) = try Self.scene(nil)
        let h = try engine.constraints(visualFormat: "H:|-[a]-[b]-|")
        let v = try engine.constraints(visualFormat: "V:|-[a]-|")
        #expect(h.map(\.equation) == ["a.leading == root.leadingMargin", "b.leading == a.trailing + 8",
                                      "root.trailingMargin == b.trailing"])
        #expect(v.map(\.equation) == ["a.top == root.topMargin", "root.bottomMargin == a.bottom"])
        try engine.activate(h + v + [a.widthAnchor.constraint(equalTo: b.widthAnchor),
                                      b.topAnchor.constraint(equalTo: a.topAnchor),
                                      b.heightAnchor.constraint(equalTo: a.heightAnchor)])
        layoutSolve(engine)
        layoutExpectFrame(a, 8, 8, 148, 464)
        layoutExpectFrame(b, 164, 8, 148, 464)
        // Margins set on the root move them.
        try engine.setLayoutMargins(DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4),
                                    of: try #require(engine.item(named: "root")))
        layoutSolve(engine)
        layoutExpectFrame(a, 2, 1, 153, 476)
    }

    @Test func macosIsTheEdgePlusTwenty() throws {
        let (engine, a, _) = try Self.scene(.macos)
        let h = try engine.constraints(visualFormat: "H:|-[a]-|")
        #expect(h.map(\.equation) == ["a.leading == root.leading + 20", "root.trailing == a.trailing + 20"])
        try engine.activate(h + engine.constraints(visualFormat: "V:|-[a]-|"))
        layoutSolve(engine)
        layoutExpectFrame(a, 20, 20, 280, 440)
    }

    /// Explicit spacing, flush bars and direction options are the same on both.
    @Test(arguments: LayoutPlatform.allCases)
    func explicitSpacingIsPlatformIndependent(_ platform: LayoutPlatform) throws {
        let (engine, _, _) = try Self.scene(platform)
        #expect(try engine.constraints(visualFormat: "H:|-20-[a]|").map(\.equation)
            == ["a.leading == root.leading + 20", "root.trailing == a.trailing"])
        let rtl = try engine.constraints(visualFormat: "H:|-[a]", options: .directionRightToLeft).map(\.equation)
        #expect(rtl == [platform == .ios ? "root.rightMargin == a.right" : "root.right == a.right + 20"])
    }

    @Test func layoutFileDirectiveAndOverride() throws {
        let text = "view root size 100x50\nview a in root\nplatform macos\nH:|-[a]-|\nplatform ios\nV:|-[a]-|\n"
        let engine = try LayoutFileTests.build(text)
        layoutExpectFrame(try #require(engine.item(named: "a")), 20, 8, 60, 34)
        #expect(engine.platform == .ios)
        let overridden = try LayoutFileTests.build(text, overrides: .init(platform: .macos))
        layoutExpectFrame(try #require(overridden.item(named: "a")), 20, 20, 60, 10)
        let error = LayoutFileTests.parseError("platform tvos")
        #expect(error?.message == "expected 'ios' or 'macos' after 'platform'" && error?.location.column == 10)
    }

    /// `examples/label-field.layout` (explicit margins) and `examples/hello.c` (VFL `|-` on
    /// the default platform) are the same recipe with the same frames; `Tests/C/run`
    /// compares hello's output with these.
    @Test func labelFieldExampleMatchesHelloC() throws {
        let file = try LayoutSeedRecipeTests.build("label-field.layout")
        let vfl = LayoutEngine()
        let root = try vfl.addView("root")
        try vfl.setSize(of: root, width: 320, height: 480)
        let top = try vfl.addGuide("topGuide", in: root,
                                   insets: DirectionalInsets(top: 0, leading: 0, bottom: 460, trailing: 0))
        let label = try vfl.addView("label", in: root)
        let field = try vfl.addView("field", in: root)
        try vfl.setIntrinsicContentSize(IntrinsicSize(width: 42, height: 21), of: label)
        try vfl.setContentHuggingPriority(251, for: .horizontal, of: label)
        try vfl.setBaselineOffsets(firstFromTop: 17, lastFromBottom: 4, of: label)
        try vfl.setIntrinsicContentSize(IntrinsicSize(width: 97, height: 30), of: field)
        try vfl.setBaselineOffsets(firstFromTop: 21, lastFromBottom: 9, of: field)
        try vfl.activate(vfl.constraints(visualFormat: "H:|-[label]-[field]-|", options: .alignAllLastBaseline))
        try vfl.activate(vfl.constraints(visualFormat: "V:[topGuide]-20-[field]"))
        layoutSolve(vfl)
        for (name, item) in [("topGuide", top), ("label", label), ("field", field)] {
            #expect(LayoutSeedRecipeTests.frame(file, name) == item.frame, "\(name)")
        }
        #expect(label.frame == Frame(x: 8, y: 44, width: 42, height: 21))
        #expect(field.frame == Frame(x: 58, y: 40, width: 254, height: 30))
    }
}
