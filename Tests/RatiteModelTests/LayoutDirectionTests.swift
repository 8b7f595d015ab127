import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// Layout direction (set, inherited, overridden, changed at run time) and directional
/// margins, on a row of two views: `a.leading == root.leadingMargin`, `a.width == 100`,
/// `b.leading == a.trailing + 8`, `b.trailing == root.trailingMargin`, both at top 10,
/// 20 high.
@Suite struct LayoutDirectionTests {
    struct Row {
        let engine: LayoutEngine
        let root: LayoutItem
        let a: LayoutItem
        let b: LayoutItem
        let constraints: [LayoutConstraint]
    }

    static func row(margins: DirectionalInsets? = nil, direction: LayoutDirection? = nil) throws -> Row {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        if let margins { try engine.setLayoutMargins(margins, of: root) }
        if let direction { try engine.setLayoutDirection(direction, of: root) }
        let a = try engine.addView("a", in: root)
        let b = try engine.addView("b", in: root)
        let constraints = [
            a.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor),
            a.widthAnchor.constraint(equalToConstant: 100),
            b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
            b.trailingAnchor.constraint(equalTo: root.trailingMarginAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            b.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            a.heightAnchor.constraint(equalToConstant: 20),
            b.heightAnchor.constraint(equalToConstant: 20),
        ]
        try engine.activate(constraints)
        layoutSolve(engine)
        return Row(engine: engine, root: root, a: a, b: b, constraints: constraints)
    }

    @Test func rowLeftToRightAndRightToLeft() throws {
        let ltr = try Self.row()
        // a: 8…108; b: 116…312.
        layoutExpectFrame(ltr.a, 8, 10, 100, 20)
        layoutExpectFrame(ltr.b, 116, 10, 196, 20)
        let rtl = try Self.row(direction: .rightToLeft)
        // a: its right edge at 320 − 8, so 212…312; b: right edge 8 left of a, left edge at 8.
        layoutExpectFrame(rtl.a, 212, 10, 100, 20)
        layoutExpectFrame(rtl.b, 8, 10, 196, 20)
    }

    @Test func asymmetricMarginsFollowTheDirection() throws {
        let margins = DirectionalInsets(top: 0, leading: 30, bottom: 0, trailing: 10)
        let ltr = try Self.row(margins: margins)
        // Leading margin 30 on the left, trailing 10 on the right: a 30…130, b 138…310.
        layoutExpectFrame(ltr.a, 30, 10, 100, 20)
        layoutExpectFrame(ltr.b, 138, 10, 172, 20)
        let rtl = try Self.row(margins: margins, direction: .rightToLeft)
        // Leading margin 30 on the right: a 190…290; b ends at 182 and starts at 10.
        layoutExpectFrame(rtl.a, 190, 10, 100, 20)
        layoutExpectFrame(rtl.b, 10, 10, 172, 20)
    }

    /// Changing the direction later re-resolves leading/trailing of the item and of every
    /// descendant that inherits it; setting nil inherits again.
    @Test func changingDirectionAtRunTime() throws {
        let r = try Self.row()
        let engine = r.engine
        try engine.setLayoutDirection(.rightToLeft, of: r.root)
        #expect(Set(layoutSolve(engine)) == ["a", "b"])
        layoutExpectFrame(r.a, 212, 10, 100, 20)
        layoutExpectFrame(r.b, 8, 10, 196, 20)
        // Children inherit the root's direction.
        #expect(r.a.effectiveLayoutDirection == .rightToLeft && r.b.effectiveLayoutDirection == .rightToLeft)
        #expect(r.a.semanticDirection == nil)
        try engine.setLayoutDirection(nil, of: r.root)
        layoutSolve(engine)
        #expect(r.a.effectiveLayoutDirection == .leftToRight)
        layoutExpectFrame(r.a, 8, 10, 100, 20)
        layoutExpectFrame(r.b, 116, 10, 196, 20)
        try engine.setLayoutDirection(.rightToLeft, of: r.root)
        try engine.setLayoutDirection(.leftToRight, of: r.root)
        layoutSolve(engine)
        layoutExpectFrame(r.a, 8, 10, 100, 20)
        layoutExpectFrame(r.b, 116, 10, 196, 20)
        for c in r.constraints { #expect(c.isActive && c.isInstalled && !c.isBroken) }
        #expect(engine.conflictLog.isEmpty)
    }

    /// Direction is inherited through any depth, and an explicit direction part-way down
    /// wins for that subtree.
    @Test func inheritedAndOverriddenDirectionInNestedViews() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let container = try engine.addView("container", in: root)
        let inner = try engine.addView("inner", in: container)
        let leaf = try engine.addView("leaf", in: inner)
        let guide = try engine.addGuide("guide", in: inner,
                                        insets: DirectionalInsets(top: 0, leading: 10, bottom: 0, trailing: 0))
        // Absolute pins for the containers, so only the leaf's own constraints depend on the
        // direction.
        try layoutPin(engine, container, in: root, 20, 20, 280, 200)
        try layoutPin(engine, inner, in: container, 10, 10, 200, 100)
        try engine.activate([
            leaf.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 5),
            leaf.widthAnchor.constraint(equalToConstant: 30),
            leaf.topAnchor.constraint(equalTo: inner.topAnchor),
            leaf.heightAnchor.constraint(equalToConstant: 30),
        ])
        layoutSolve(engine)
        // guide.leading = 10 (inner coordinates), leaf 5 further: 15.
        layoutExpectFrame(guide, 10, 0, 190, 100)
        layoutExpectFrame(leaf, 15, 0, 30, 30)
        try engine.setLayoutDirection(.rightToLeft, of: root)
        layoutSolve(engine)
        for item in [container, inner, leaf, guide] { #expect(item.effectiveLayoutDirection == .rightToLeft) }
        // The guide's leading inset is on the right: 0…190; leaf's right edge 5 left of 190.
        layoutExpectFrame(guide, 0, 0, 190, 100)
        layoutExpectFrame(leaf, 155, 0, 30, 30)
        try engine.setLayoutDirection(.leftToRight, of: container)
        layoutSolve(engine)
        #expect(leaf.effectiveLayoutDirection == .leftToRight)
        layoutExpectFrame(guide, 10, 0, 190, 100)
        layoutExpectFrame(leaf, 15, 0, 30, 30)
        try engine.setLayoutDirection(nil, of: container)
        layoutSolve(engine)
        layoutExpectFrame(leaf, 155, 0, 30, 30)
        #expect(engine.conflictLog.isEmpty)
    }

    /// Inequalities on leading/trailing turn around under right-to-left: "b at least 8
    /// after a" means to the left of a.
    @Test(arguments: [false, true])
    func inequalitiesFollowTheDirection(rtl: Bool) throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        if rtl { try engine.setLayoutDirection(.rightToLeft, of: root) }
        let a = try engine.addView("a", in: root)
        let b = try engine.addView("b", in: root)
        try engine.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
            a.widthAnchor.constraint(equalToConstant: 50),
            b.widthAnchor.constraint(equalToConstant: 50),
            b.leadingAnchor.constraint(greaterThanOrEqualTo: a.trailingAnchor, constant: 8),
            // b would like to sit at the leading edge, on top of a.
            LayoutConstraint(item: b, attribute: .leading, relatedBy: .equal, toItem: root, attribute: .leading,
                             priority: 250),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: root.topAnchor),
            a.heightAnchor.constraint(equalToConstant: 5), b.heightAnchor.constraint(equalToConstant: 5),
        ])
        layoutSolve(engine)
        if rtl {
            // a: right edge at 310 → 260…310; b: right edge at most 252 → 202…252.
            layoutExpectFrame(a, 260, 0, 50, 5)
            layoutExpectFrame(b, 202, 0, 50, 5)
        } else {
            layoutExpectFrame(a, 10, 0, 50, 5)
            layoutExpectFrame(b, 68, 0, 50, 5)
        }
        #expect(!engine.hasAmbiguousLayout(b))
    }

    /// Margins changed after the constraints are in place move what depends on them, through
    /// the constant fast path (the solver constraint stays the same).
    @Test func changingMarginsAtRunTime() throws {
        let r = try Self.row()
        let ids = r.constraints.map(\.coreID)
        try r.engine.setLayoutMargins(DirectionalInsets(top: 0, leading: 20, bottom: 0, trailing: 40), of: r.root)
        #expect(Set(layoutSolve(r.engine)) == ["a", "b"])
        layoutExpectFrame(r.a, 20, 10, 100, 20)
        layoutExpectFrame(r.b, 128, 10, 152, 20)
        #expect(r.constraints.map(\.coreID) == ids)
        try r.engine.setLayoutDirection(.rightToLeft, of: r.root)
        layoutSolve(r.engine)
        // Leading margin 20 on the right: a 200…300; b from 40 to 192.
        layoutExpectFrame(r.a, 200, 10, 100, 20)
        layoutExpectFrame(r.b, 40, 10, 152, 20)
        try r.engine.setLayoutMargins(.defaultMargins, of: r.root)
        layoutSolve(r.engine)
        layoutExpectFrame(r.a, 212, 10, 100, 20)
        layoutExpectFrame(r.b, 8, 10, 196, 20)
        #expect(r.root.layoutMargins == DirectionalInsets(all: 8))
    }

    /// Two constraints that agree before and after a margin change (in left-to-right the
    /// leading margin is the left margin) must both survive it: the change is one step, not
    /// one constraint at a time.
    @Test func marginChangeKeepsAgreeingConstraints() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let byLeading = a.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor)
        let byLeft = a.leftAnchor.constraint(equalTo: root.leftMarginAnchor)
        try engine.activate([byLeading, byLeft, a.widthAnchor.constraint(equalToConstant: 10),
                             a.topAnchor.constraint(equalTo: root.topAnchor),
                             a.heightAnchor.constraint(equalToConstant: 10)])
        layoutSolve(engine)
        layoutExpectFrame(a, 8, 0, 10, 10)
        try engine.setLayoutMargins(DirectionalInsets(all: 20), of: root)
        layoutSolve(engine)
        layoutExpectFrame(a, 20, 0, 10, 10)
        #expect(engine.conflictLog.isEmpty, "\(engine.conflictLog)")
        #expect(byLeading.isInstalled && byLeft.isInstalled && !byLeft.isBroken)
    }

    @Test func marginsMustBeFinite() throws {
        let r = try Self.row()
        let before = LayoutStateSnapshot(r.engine)
        let error = layoutError {
            try r.engine.setLayoutMargins(DirectionalInsets(top: 0, leading: .nan, bottom: 0, trailing: 0), of: r.root)
        }
        #expect(error?.layoutCaseName == "invalidValue")
        layoutExpectUnchanged(r.engine, since: before)
    }

    /// Builds `container` in the root with `p` and `q` inside, which set left to right of
    /// their own; `x` and `v` in `p` and `w` in `q` inherit it, `y` in `q` sets right to
    /// left, and `r` in the container inherits the root's direction. `x` and `w` are placed
    /// by constraints measured in the container: `x.leading == y.trailing + 10`, `w`'s
    /// center at 1.5 times `x.leading` plus 4, and `w.trailing >= x.trailing - 100`; `v`
    /// by one measured in `p`, `r` by one with `y`. With `root`, the root's direction is set
    /// first; then each of `changes` is set on the root, each followed by a layout.
    static func nestedScene(
        root rootDirection: LayoutDirection?, changes: [LayoutDirection?]
    ) throws -> (engine: LayoutEngine, constraints: [LayoutConstraint]) {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        if let rootDirection { try engine.setLayoutDirection(rootDirection, of: root) }
        let container = try engine.addView("container", in: root)
        let p = try engine.addView("p", in: container)
        let q = try engine.addView("q", in: container)
        let r = try engine.addView("r", in: container)
        let x = try engine.addView("x", in: p)
        let v = try engine.addView("v", in: p)
        let y = try engine.addView("y", in: q)
        let w = try engine.addView("w", in: q)
        try engine.setLayoutDirection(.leftToRight, of: p)
        try engine.setLayoutDirection(.leftToRight, of: q)
        try engine.setLayoutDirection(.rightToLeft, of: y)
        try layoutPin(engine, container, in: root, 20, 20, 280, 400)
        try layoutPin(engine, p, in: container, 0, 0, 280, 100)
        try layoutPin(engine, q, in: container, 0, 100, 280, 100)
        try layoutPin(engine, y, in: q, 100, 0, 50, 20)
        var constraints = [
            x.leadingAnchor.constraint(equalTo: y.trailingAnchor, constant: 10),
            LayoutConstraint(item: w, attribute: .centerX, relatedBy: .equal, toItem: x, attribute: .leading,
                             multiplier: 1.5, constant: 4),
            w.trailingAnchor.constraint(greaterThanOrEqualTo: x.trailingAnchor, constant: -100),
            v.leadingAnchor.constraint(equalTo: x.trailingAnchor, constant: 5),
            r.leadingAnchor.constraint(equalTo: y.leadingAnchor, constant: 3),
        ]
        for item in [x, v, w, r] {
            constraints += [
                item.topAnchor.constraint(equalTo: container.topAnchor),
                item.widthAnchor.constraint(equalToConstant: 30), item.heightAnchor.constraint(equalToConstant: 10),
            ]
        }
        try engine.activate(constraints)
        layoutSolve(engine)
        for direction in changes {
            try engine.setLayoutDirection(direction, of: root)
            layoutSolve(engine)
        }
        return (engine, constraints)
    }

    /// A direction change re-derives the leading/trailing constraints measured in an item
    /// it reaches, even between descendants of two children that set their own direction
    /// (which the change does not reach): changed at run time, the layout is the one an
    /// engine built in the final direction from the start gives.
    @Test func directionChangeReachesConstraintsBetweenSubtreesWithTheirOwn() throws {
        let rtl = try Self.nestedScene(root: .rightToLeft, changes: [])
        let ltr = try Self.nestedScene(root: nil, changes: [])
        // y lays out right to left: its trailing edge is its left one, at 100. x lays out
        // left to right: its leading edge is its left one. Measured right to left in the
        // container, that is 10 left of y's (90); left to right, 10 right of it (110).
        #expect(rtl.engine.item(named: "x")?.frame.x == 90)
        #expect(ltr.engine.item(named: "x")?.frame.x == 110)
        for built in [rtl, ltr] { #expect(built.engine.conflictLog.isEmpty) }
        for (built, changes) in [(rtl, [LayoutDirection.rightToLeft]), (ltr, [.rightToLeft, nil]),
                                 (rtl, [.rightToLeft, .leftToRight, .rightToLeft])] {
            let changed = try Self.nestedScene(root: nil, changes: changes)
            for (a, b) in zip(changed.engine.items, built.engine.items) {
                #expect(layoutNear(a.frame, b.frame), "\(a.name) after \(changes): \(a.frame), built so \(b.frame)")
            }
            for c in changed.constraints { #expect(c.isInstalled && !c.isBroken) }
            #expect(changed.engine.conflictLog.isEmpty)
        }
    }

    /// A constraint is an equation: writing its two sides the other way round
    /// (`x == y + c` as `y == x − c`) must give the same layout. Here a view forced
    /// left-to-right sits in a right-to-left root (as a phone-number field would).
    ///
    /// Found: the mirroring under right-to-left follows the *first* item's direction only,
    /// while each item's leading resolves by its own direction, so the two spellings
    /// disagree (x = 322 vs x = 302).
    @Test func swappingTheSidesOfAConstraintDoesNotChangeTheLayout() throws {
        var frames: [Frame] = []
        for swapped in [false, true] {
            let engine = LayoutEngine()
            let root = try layoutRoot(engine)
            try engine.setLayoutDirection(.rightToLeft, of: root)
            let field = try engine.addView("field", in: root)
            try engine.setLayoutDirection(.leftToRight, of: field)
            try engine.activate([
                field.widthAnchor.constraint(equalToConstant: 100), field.heightAnchor.constraint(equalToConstant: 10),
                field.topAnchor.constraint(equalTo: root.topAnchor),
                swapped
                    ? root.leadingMarginAnchor.constraint(equalTo: field.leadingAnchor, constant: -10)
                    : field.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor, constant: 10),
            ])
            layoutSolve(engine)
            frames.append(field.frame)
        }
        #expect(frames[0] == frames[1], """
            field.leading == root.leadingMargin + 10 gives \(frames[0]); \
            root.leadingMargin == field.leading - 10 gives \(frames[1])
            """)
    }
}
