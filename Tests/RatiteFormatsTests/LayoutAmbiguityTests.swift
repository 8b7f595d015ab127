import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats
@testable import RatiteModel

/// Ambiguity: `hasAmbiguousLayout`, the engine-wide report with the range each ambiguous
/// attribute can take without making the layout worse (root coordinates),
/// `exerciseAmbiguity`, and `constraintsAffectingLayout`.
@Suite struct LayoutAmbiguityTests {
    static func entry(_ report: AmbiguityReport, _ item: LayoutItem, _ attribute: Attribute) -> AmbiguityReport.Entry? {
        report.entries.first { $0.item === item && $0.attribute == attribute }
    }

    /// A 100×50 view whose left edge may be anywhere from 10 (`left >= root.left + 10`) to
    /// 200 (`right <= root.right − 20` in a 320 root) and whose top nothing constrains.
    struct Loose {
        let engine = LayoutEngine()
        let root: LayoutItem
        let v: LayoutItem
        let pinned: LayoutItem

        init() throws {
            root = try layoutRoot(engine)
            v = try engine.addView("v", in: root)
            pinned = try engine.addView("pinned", in: root)
            try layoutPin(engine, pinned, in: root, 0, 400, 30, 30)
            try engine.activate([
                v.widthAnchor.constraint(equalToConstant: 100), v.heightAnchor.constraint(equalToConstant: 50),
                v.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor, constant: 10),
                v.rightAnchor.constraint(lessThanOrEqualTo: root.rightAnchor, constant: -20),
            ])
            layoutSolve(engine)
        }
    }

    @Test func rangesOfALooseView() throws {
        let s = try Loose()
        #expect(s.engine.hasAmbiguousLayout(s.v))
        #expect(!s.engine.hasAmbiguousLayout(s.root) && !s.engine.hasAmbiguousLayout(s.pinned))
        let report = s.engine.ambiguityReport()
        #expect(report.entries.count == 2)
        let left = try #require(Self.entry(report, s.v, .left))
        #expect(left.minimum == 10 && left.maximum == 200)
        #expect(left.value == s.v.frame.x && left.value >= 10 && left.value <= 200)
        let top = try #require(Self.entry(report, s.v, .top))
        #expect(top.minimum == -.infinity && top.maximum == .infinity)
        #expect(report.description == """
            Ambiguous layout (root coordinates):
              v.left = \(formatNumber(left.value)) can be anywhere in [10, 200]
              v.top = \(formatNumber(top.value)) can be anywhere in [-inf, inf]

            """)
    }

    /// The report describes the current solution even when `layout()` has not run since the
    /// last change: each value lies in its own range.
    @Test func reportValuesAreCurrentBeforeLayout() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        try engine.activate([
            v.widthAnchor.constraint(equalToConstant: 100), v.heightAnchor.constraint(equalToConstant: 50),
            v.topAnchor.constraint(equalTo: root.topAnchor),
            v.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor, constant: 10),
            v.rightAnchor.constraint(lessThanOrEqualTo: root.rightAnchor, constant: -20),
        ])
        let left = try #require(Self.entry(engine.ambiguityReport(), v, .left))
        #expect(left.minimum == 10 && left.maximum == 200)
        #expect(left.value >= 10 && left.value <= 200, "the report says: \(engine.ambiguityReport())")
    }

    /// The ranges are in root coordinates: the same view inside a container at (100, 50).
    @Test func rangesAreInRootCoordinates() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let container = try engine.addView("container", in: root)
        let v = try engine.addView("v", in: container)
        try layoutPin(engine, container, in: root, 100, 50, 200, 200)
        try engine.activate([
            v.widthAnchor.constraint(equalToConstant: 100), v.heightAnchor.constraint(equalToConstant: 50),
            v.leftAnchor.constraint(greaterThanOrEqualTo: container.leftAnchor, constant: 10),
            v.rightAnchor.constraint(lessThanOrEqualTo: container.rightAnchor, constant: -20),
            v.topAnchor.constraint(greaterThanOrEqualTo: container.topAnchor),
            v.bottomAnchor.constraint(lessThanOrEqualTo: container.bottomAnchor),
        ])
        layoutSolve(engine)
        let report = engine.ambiguityReport()
        let left = try #require(Self.entry(report, v, .left))
        #expect(left.minimum == 110 && left.maximum == 180)
        let top = try #require(Self.entry(report, v, .top))
        #expect(top.minimum == 50 && top.maximum == 200)
        #expect(report.entries.count == 2)
        #expect(!engine.hasAmbiguousLayout(container))
    }

    @Test func fullyConstrainedLayoutIsNotAmbiguous() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        try layoutPin(engine, v, in: root, 1, 2, 3, 4)
        layoutSolve(engine)
        #expect(!engine.hasAmbiguousLayout(v) && !engine.hasAmbiguousLayout(root))
        #expect(engine.ambiguityReport().isEmpty && engine.ambiguityReport().description == "")
        // An item nothing constrains is ambiguous in all four attributes.
        let loose = try engine.addGuide("loose", in: root)
        layoutSolve(engine)
        #expect(engine.hasAmbiguousLayout(loose))
        #expect(engine.ambiguityReport().entries.map(\.attribute) == [.left, .top, .width, .height])
    }

    /// Optional constraints can settle or leave open a position: one wish pins it; two equal
    /// wishes pulling apart at the same priority cost the same anywhere between them.
    @Test func optionalConstraintsAndTies() throws {
        let s = try Loose()
        let wish = LayoutConstraint(item: s.v, attribute: .left, relatedBy: .equal, toItem: s.root, attribute: .left,
                                    constant: 10, priority: 500)
        let other = LayoutConstraint(item: s.v, attribute: .left, relatedBy: .equal, toItem: s.root, attribute: .left,
                                     constant: 30, priority: 500)
        let top = s.v.topAnchor.constraint(equalTo: s.root.topAnchor)
        try s.engine.activate([wish, top])
        layoutSolve(s.engine)
        #expect(!s.engine.hasAmbiguousLayout(s.v))
        layoutExpectFrame(s.v, 10, 0, 100, 50)
        try s.engine.activate([other])
        layoutSolve(s.engine)
        #expect(s.engine.hasAmbiguousLayout(s.v))
        let left = try #require(Self.entry(s.engine.ambiguityReport(), s.v, .left))
        #expect(left.minimum == 10 && left.maximum == 30)
        // Break the tie.
        try s.engine.setPriority(501, for: other)
        layoutSolve(s.engine)
        #expect(!s.engine.hasAmbiguousLayout(s.v))
        layoutExpectFrame(s.v, 30, 0, 100, 50)
    }

    /// Two labels with equal hugging in a row that is too wide: the split is open.
    @Test func equalHuggingRanges() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let b = try engine.addView("b", in: root)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 50, height: 20), of: a)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 60, height: 20), of: b)
        try engine.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: root.trailingMarginAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
        ])
        layoutSolve(engine)
        let report = engine.ambiguityReport()
        // 296 to share: a from 50 to 236, b from 60 to 246, b's left from 66 to 252.
        #expect(report.entries.map { "\($0.item.name).\($0.attribute.rawValue)" } == ["a.width", "b.left", "b.width"])
        let aw = try #require(Self.entry(report, a, .width)), bl = try #require(Self.entry(report, b, .left))
        let bw = try #require(Self.entry(report, b, .width))
        #expect(layoutNear(aw.minimum, 50) && layoutNear(aw.maximum, 236))
        #expect(layoutNear(bl.minimum, 66) && layoutNear(bl.maximum, 252))
        #expect(layoutNear(bw.minimum, 60) && layoutNear(bw.maximum, 246))
        try engine.setContentHuggingPriority(251, for: .horizontal, of: a)
        layoutSolve(engine)
        #expect(engine.ambiguityReport().isEmpty)
        layoutExpectFrame(a, 8, 0, 50, 20)
    }

    /// `exerciseAmbiguity` moves the item to another equally good layout: the other end of a
    /// bounded range, 100 points away on an unbounded one; nothing else moves.
    @Test func exerciseMovesToAnotherEquallyGoodLayout() throws {
        let s = try Loose()
        let x = s.v.frame.x, y = s.v.frame.y
        s.engine.exerciseAmbiguity(s.v)
        #expect(layoutSolve(s.engine) == ["v"])
        #expect(s.v.frame.x == (x == 10 ? 200 : 10))
        #expect(s.v.frame.y == y + 100 || s.v.frame.y == y - 100)
        #expect(s.v.frame.width == 100 && s.v.frame.height == 50)
        layoutExpectFrame(s.pinned, 0, 400, 30, 30)
        #expect(s.engine.conflictLog.isEmpty)
        // The next activation drops the exercised choice; the layout stays valid.
        try s.engine.activate([s.v.topAnchor.constraint(equalTo: s.root.topAnchor, constant: 7)])
        layoutSolve(s.engine)
        #expect(s.v.frame.x >= 10 && s.v.frame.x <= 200 && s.v.frame.y == 7)
        #expect(s.engine.exerciseConstraints.isEmpty)
    }

    /// Exercising does not change the constraints, so the layout is still ambiguous (as in
    /// Auto Layout, where `hasAmbiguousLayout` stays true and `exerciseAmbiguity` can be
    /// called again and again to flip between layouts).
    @Test func exercisedLayoutIsStillAmbiguous() throws {
        let s = try Loose()
        let x = s.v.frame.x
        s.engine.exerciseAmbiguity(s.v)
        layoutSolve(s.engine)
        let exercised = s.v.frame.x
        #expect(exercised != x)
        #expect(s.engine.hasAmbiguousLayout(s.v), "exercising made the item unambiguous")
        let left = Self.entry(s.engine.ambiguityReport(), s.v, .left)
        #expect(left?.minimum == 10 && left?.maximum == 200, "report after exercising: \(s.engine.ambiguityReport())")
        s.engine.exerciseAmbiguity(s.v)
        layoutSolve(s.engine)
        #expect(s.v.frame.x != exercised, "a second exerciseAmbiguity did not move the item")
    }

    @Test func exercisingAnUnambiguousItemDoesNothing() throws {
        let s = try Loose()
        let before = LayoutStateSnapshot(s.engine)
        s.engine.exerciseAmbiguity(s.pinned)
        s.engine.exerciseAmbiguity(s.root)
        layoutExpectUnchanged(s.engine, since: before)
    }

    // MARK: constraintsAffectingLayout

    @Test func constraintsAffectingAPinnedView() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        let pins = try layoutPin(engine, v, in: root, 10, 20, 100, 50)
        let slack = v.widthAnchor.constraint(greaterThanOrEqualToConstant: 10)
        let other = try engine.addView("other", in: root)
        try engine.activate([slack])
        try layoutPin(engine, other, in: root, 0, 0, 5, 5)
        layoutSolve(engine)
        let h = engine.constraintsAffectingLayout(v, for: .horizontal).map(\.description)
        let vert = engine.constraintsAffectingLayout(v, for: .vertical).map(\.description)
        #expect(h == ["[rootFrame] root.left == 0", pins[0].description, pins[2].description])
        #expect(vert == ["[rootFrame] root.top == 0", pins[1].description, pins[3].description])
    }

    /// In the seed recipe the field's horizontal layout passes through the label (whose
    /// width comes from its intrinsic size) and the root; vertical constraints, the guide's,
    /// and the field's own slack hugging and compression constraints play no part.
    @Test func constraintsAffectingTheSeedRecipeField() throws {
        let r = try LayoutSeedRecipeTests.Recipe(dynamic: false)
        layoutSolve(r.engine)
        let h = r.engine.constraintsAffectingLayout(r.field, for: .horizontal)
        let user = h.filter { $0.kind == .user }.map(\.description)
        #expect(user == ["label.leading == root.leadingMargin", "field.leading == label.trailing + 8",
                         "field.trailing == root.trailingMargin"])
        let own = h.filter { $0.kind != .user }
        #expect(own.contains { $0.description == "[rootFrame] root.left == 0" })
        #expect(own.contains { $0.description == "[rootFrame] root.width == 320" })
        // The label's width: its hugging or compression resistance constraint (both hold
        // with equality), not the field's.
        #expect(own.contains { $0.firstItem === r.label && $0.firstAttribute == .width })
        #expect(!h.contains { $0.firstItem === r.field && $0.kind != .user })
        #expect(!h.contains { $0.firstAttribute.axis == .vertical || $0.firstItem === r.guide })
        let v = r.engine.constraintsAffectingLayout(r.label, for: .vertical)
        #expect(v.contains { $0.description == "field.lastBaseline == label.lastBaseline" })
        #expect(v.contains { $0.description == "field.top == topGuide.bottom + 20" })
        #expect(!v.contains { $0.firstAttribute.axis == .horizontal })
    }

    /// A binding inequality affects the layout; one with room to spare does not.
    @Test func bindingAndSlackInequalities() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        let floor = v.leftAnchor.constraint(greaterThanOrEqualTo: root.leftAnchor, constant: 40)
        let ceiling = v.leftAnchor.constraint(lessThanOrEqualTo: root.leftAnchor, constant: 300)
        try engine.activate([
            floor, ceiling,
            LayoutConstraint(item: v, attribute: .left, relatedBy: .equal, toItem: root, attribute: .left,
                             priority: 500),
            v.widthAnchor.constraint(equalToConstant: 10),
        ])
        layoutSolve(engine)
        #expect(v.frame.x == 40)
        let h = engine.constraintsAffectingLayout(v, for: .horizontal)
        #expect(h.contains { $0 === floor })
        #expect(!h.contains { $0 === ceiling })
    }
}
