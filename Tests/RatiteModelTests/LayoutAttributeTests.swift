import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// Every attribute with exact frames, left-to-right and right-to-left (set on the root or on
/// the superview and inherited), with default and asymmetric custom margins.
///
/// The scene: a 320×480 root; `box`, a subview pinned by its *left* and top edges at
/// (20, 30) with size 200×100 (absolute edges, so it does not move under right-to-left); and
/// `v`, a 40×30 subview of `box`. One constraint relates an attribute of `v` to an
/// attribute of `box` with constant 5; `v`'s frame in `box`'s coordinates is derived by hand
/// below. Custom margins are `box`: top 1, leading 2, bottom 3, trailing 4 and `v`: top 3,
/// leading 6, bottom 9, trailing 12. Under right-to-left, leading is the right edge, the
/// leading margin is measured from the right, and a constraint on leading/trailing measures
/// along the mirrored axis (its constant points towards the trailing side).
@Suite struct LayoutAttributeTests {
    enum Direction: String, Sendable, CaseIterable {
        /// Everything left-to-right (the default).
        case ltr
        /// Right-to-left set on the root, inherited by `box` and `v`.
        case rtlRoot
        /// Right-to-left set on `box`, inherited by `v`; the root stays left-to-right.
        case rtlBox
        var isRTL: Bool { self != .ltr }
    }

    struct Case: Sendable, CustomStringConvertible {
        var first: Attribute
        var second: Attribute
        var custom: Bool
        var direction: Direction
        /// v.x (horizontal cases) or v.y (vertical cases) in `box` coordinates.
        var expected: Double
        var description: String {
            "v.\(first.rawValue) == box.\(second.rawValue) + 5 "
                + "[\(direction.rawValue)\(custom ? ", custom margins" : "")] → \(formatNumber(expected))"
        }
    }

    static let boxMargins = DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    static let vMargins = DirectionalInsets(top: 3, leading: 6, bottom: 9, trailing: 12)

    /// Builds the scene, activates `v.first == box.second + 5` plus whatever pins `v` on the
    /// other axis, lays out and returns `v`.
    static func scene(_ c: Case, baselines: Bool = false) throws -> (LayoutEngine, LayoutItem) {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let box = try engine.addView("box", in: root)
        let v = try engine.addView("v", in: box)
        switch c.direction {
        case .ltr: break
        case .rtlRoot: try engine.setLayoutDirection(.rightToLeft, of: root)
        case .rtlBox: try engine.setLayoutDirection(.rightToLeft, of: box)
        }
        if c.custom {
            try engine.setLayoutMargins(boxMargins, of: box)
            try engine.setLayoutMargins(vMargins, of: v)
        }
        if baselines {
            try engine.setBaselineOffsets(firstFromTop: 12, lastFromBottom: 20, of: box)
            try engine.setBaselineOffsets(firstFromTop: 11, lastFromBottom: 8, of: v)
        }
        try layoutPin(engine, box, in: root, 20, 30, 200, 100)
        let horizontal = c.first.axis == .horizontal
        try engine.activate([
            v.widthAnchor.constraint(equalToConstant: 40),
            v.heightAnchor.constraint(equalToConstant: 30),
            horizontal ? v.topAnchor.constraint(equalTo: box.topAnchor)
                : v.leftAnchor.constraint(equalTo: box.leftAnchor),
            LayoutConstraint(item: v, attribute: c.first, relatedBy: .equal, toItem: box, attribute: c.second,
                             constant: 5),
        ])
        layoutSolve(engine)
        #expect(v.effectiveLayoutDirection == (c.direction.isRTL ? .rightToLeft : .leftToRight))
        layoutExpectFrame(box, 20, 30, 200, 100)
        return (engine, v)
    }

    // MARK: Horizontal attributes of the first item

    /// `v.A == box.left + 5` (absolute and neutral A) or `v.A == box.leading + 5`
    /// (directional A). box.left is 0 in box coordinates; box.leading is 0, or 200 under
    /// right-to-left, where the mirrored constant puts v.A at 200 − 5 = 195.
    static let firstHorizontal: [Case] = {
        var cases: [Case] = []
        func add(_ a: Attribute, custom: Bool, ltr: Double, rtl: Double) {
            let second: Attribute = a.isDirectional ? .leading : .left
            cases.append(Case(first: a, second: second, custom: custom, direction: .ltr, expected: ltr))
            cases.append(Case(first: a, second: second, custom: custom, direction: .rtlRoot, expected: rtl))
            cases.append(Case(first: a, second: second, custom: custom, direction: .rtlBox, expected: rtl))
        }
        // Edges and center: x, x + 40, x + 20 equal 5 whatever the direction.
        for custom in [false, true] {
            add(.left, custom: custom, ltr: 5, rtl: 5)
            add(.right, custom: custom, ltr: -35, rtl: -35)
            add(.centerX, custom: custom, ltr: -15, rtl: -15)
            // Directional edges: LTR x = 5 and x + 40 = 5; RTL leading is the right edge:
            // x + 40 = 195, trailing the left edge: x = 195.
            add(.leading, custom: custom, ltr: 5, rtl: 155)
            add(.trailing, custom: custom, ltr: -35, rtl: 195)
        }
        // Default margins (8 everywhere): leftMargin x + 8, rightMargin x + 32,
        // centerXWithinMargins x + 20; leadingMargin LTR x + 8, RTL x + 40 − 8 = 195;
        // trailingMargin LTR x + 32, RTL x + 8 = 195.
        add(.leftMargin, custom: false, ltr: -3, rtl: -3)
        add(.rightMargin, custom: false, ltr: -27, rtl: -27)
        add(.centerXWithinMargins, custom: false, ltr: -15, rtl: -15)
        add(.leadingMargin, custom: false, ltr: -3, rtl: 163)
        add(.trailingMargin, custom: false, ltr: -27, rtl: 187)
        // v's custom margins (leading 6, trailing 12). LTR: left inset 6, right inset 12.
        // RTL: the leading inset sits on the right, so left inset 12, right inset 6.
        // leftMargin: x + 6 = 5 | x + 12 = 5.
        add(.leftMargin, custom: true, ltr: -1, rtl: -7)
        // rightMargin: x + 40 − 12 = 5 | x + 40 − 6 = 5.
        add(.rightMargin, custom: true, ltr: -23, rtl: -29)
        // centerXWithinMargins: midpoint of the margins, x + 20 + (6 − 12)/2 | x + 20 + (12 − 6)/2.
        add(.centerXWithinMargins, custom: true, ltr: -12, rtl: -18)
        // leadingMargin: x + 6 = 5 | right − 6: x + 34 = 195.
        add(.leadingMargin, custom: true, ltr: -1, rtl: 161)
        // trailingMargin: x + 40 − 12 = 5 | left + 12: x + 12 = 195.
        add(.trailingMargin, custom: true, ltr: -23, rtl: 183)
        return cases
    }()

    @Test(arguments: firstHorizontal)
    func horizontalAttributeOfFirstItem(_ c: Case) throws {
        let (engine, v) = try Self.scene(c)
        layoutExpectFrame(v, c.expected, 0, 40, 30, c.description)
        #expect(!engine.hasAmbiguousLayout(v))
    }

    // MARK: Horizontal attributes of the second item

    /// `v.left == box.B + 5` (absolute and neutral B) or `v.leading == box.B + 5`
    /// (directional B). Box positions in box coordinates: left 0, right 200, centerX 100.
    /// Under right-to-left `v.leading` is v's right edge and the constant points left:
    /// x + 40 = B − 5.
    static let secondHorizontal: [Case] = {
        var cases: [Case] = []
        func add(_ b: Attribute, custom: Bool, ltr: Double, rtl: Double) {
            let first: Attribute = b.isDirectional ? .leading : .left
            cases.append(Case(first: first, second: b, custom: custom, direction: .ltr, expected: ltr))
            cases.append(Case(first: first, second: b, custom: custom, direction: .rtlRoot, expected: rtl))
            cases.append(Case(first: first, second: b, custom: custom, direction: .rtlBox, expected: rtl))
        }
        for custom in [false, true] {
            add(.left, custom: custom, ltr: 5, rtl: 5)
            add(.right, custom: custom, ltr: 205, rtl: 205)
            add(.centerX, custom: custom, ltr: 105, rtl: 105)
            // leading: LTR 0 + 5; RTL 200 − 5 = 195 = x + 40.
            add(.leading, custom: custom, ltr: 5, rtl: 155)
            // trailing: LTR 200 + 5; RTL 0 − 5 = x + 40.
            add(.trailing, custom: custom, ltr: 205, rtl: -45)
        }
        // Default margins: leftMargin 8, rightMargin 192, centerXWithinMargins 100;
        // leadingMargin LTR 8, RTL 192 (→ 187 = x + 40); trailingMargin LTR 192, RTL 8 (→ 3).
        add(.leftMargin, custom: false, ltr: 13, rtl: 13)
        add(.rightMargin, custom: false, ltr: 197, rtl: 197)
        add(.centerXWithinMargins, custom: false, ltr: 105, rtl: 105)
        add(.leadingMargin, custom: false, ltr: 13, rtl: 147)
        add(.trailingMargin, custom: false, ltr: 197, rtl: -37)
        // box's custom margins (leading 2, trailing 4). LTR: leftMargin 2, rightMargin 196,
        // centerXWithinMargins 99, leadingMargin 2, trailingMargin 196. RTL: leftMargin 4,
        // rightMargin 198, centerXWithinMargins 101, leadingMargin 198 (→ 193 = x + 40),
        // trailingMargin 4 (→ −1 = x + 40).
        add(.leftMargin, custom: true, ltr: 7, rtl: 9)
        add(.rightMargin, custom: true, ltr: 201, rtl: 203)
        add(.centerXWithinMargins, custom: true, ltr: 104, rtl: 106)
        add(.leadingMargin, custom: true, ltr: 7, rtl: 153)
        add(.trailingMargin, custom: true, ltr: 201, rtl: -41)
        return cases
    }()

    @Test(arguments: secondHorizontal)
    func horizontalAttributeOfSecondItem(_ c: Case) throws {
        let (engine, v) = try Self.scene(c)
        layoutExpectFrame(v, c.expected, 0, 40, 30, c.description)
        #expect(!engine.hasAmbiguousLayout(v))
    }

    /// Centers pair with leading/trailing; a constraint that mentions leading/trailing is
    /// mirrored as a whole under right-to-left.
    static let neutralWithDirectional: [Case] = {
        var cases: [Case] = []
        func add(_ a: Attribute, _ b: Attribute, custom: Bool, ltr: Double, rtl: Double) {
            cases.append(Case(first: a, second: b, custom: custom, direction: .ltr, expected: ltr))
            cases.append(Case(first: a, second: b, custom: custom, direction: .rtlRoot, expected: rtl))
            cases.append(Case(first: a, second: b, custom: custom, direction: .rtlBox, expected: rtl))
        }
        // v.centerX == box.leading + 5: LTR x + 20 = 5; RTL x + 20 = 200 − 5.
        add(.centerX, .leading, custom: false, ltr: -15, rtl: 175)
        // v.leading == box.centerX + 5: LTR x = 105; RTL x + 40 = 100 − 5.
        add(.leading, .centerX, custom: false, ltr: 105, rtl: 55)
        // v.trailing == box.centerXWithinMargins + 5 (custom): LTR x + 40 = 99 + 5;
        // RTL v.trailing is v.left: x = 101 − 5.
        add(.trailing, .centerXWithinMargins, custom: true, ltr: 64, rtl: 96)
        // v.centerXWithinMargins == box.trailingMargin + 5 (custom): LTR x + 17 = 196 + 5;
        // RTL x + 23 = 4 − 5.
        add(.centerXWithinMargins, .trailingMargin, custom: true, ltr: 184, rtl: -24)
        return cases
    }()

    @Test(arguments: neutralWithDirectional)
    func centersAgainstDirectionalAttributes(_ c: Case) throws {
        let (_, v) = try Self.scene(c)
        layoutExpectFrame(v, c.expected, 0, 40, 30, c.description)
    }

    // MARK: Vertical attributes

    /// `v.A == box.top + 5`; v is 30 high. Custom: v margins top 3, bottom 9 and baselines at
    /// 11 and 22 from its top. Default: margins 8 and no baselines, so both baselines are the
    /// bottom edge, as for a plain view. Direction must not matter.
    static let firstVertical: [Case] = {
        var cases: [Case] = []
        func add(_ a: Attribute, custom: Bool, _ y: Double) {
            for d in Direction.allCases {
                cases.append(Case(first: a, second: .top, custom: custom, direction: d, expected: y))
            }
        }
        add(.top, custom: true, 5)
        add(.bottom, custom: true, -25)
        add(.centerY, custom: true, -10)
        add(.firstBaseline, custom: true, -6)
        add(.lastBaseline, custom: true, -17)
        add(.topMargin, custom: true, 2)
        add(.bottomMargin, custom: true, -16)
        // Midpoint of y + 3 and y + 30 − 9.
        add(.centerYWithinMargins, custom: true, -7)
        add(.top, custom: false, 5)
        add(.bottom, custom: false, -25)
        add(.centerY, custom: false, -10)
        add(.firstBaseline, custom: false, -25)
        add(.lastBaseline, custom: false, -25)
        add(.topMargin, custom: false, -3)
        add(.bottomMargin, custom: false, -17)
        add(.centerYWithinMargins, custom: false, -10)
        return cases
    }()

    @Test(arguments: firstVertical)
    func verticalAttributeOfFirstItem(_ c: Case) throws {
        let (_, v) = try Self.scene(c, baselines: c.custom)
        layoutExpectFrame(v, 0, c.expected, 40, 30, c.description)
    }

    /// `v.top == box.B + 5`; box is 100 high. Custom: box margins top 1, bottom 3, baselines
    /// at 12 and 80. Default: margins 8, baselines at the bottom (100).
    static let secondVertical: [Case] = {
        var cases: [Case] = []
        func add(_ b: Attribute, custom: Bool, _ y: Double) {
            for d in Direction.allCases {
                cases.append(Case(first: .top, second: b, custom: custom, direction: d, expected: y))
            }
        }
        add(.top, custom: true, 5)
        add(.bottom, custom: true, 105)
        add(.centerY, custom: true, 55)
        add(.firstBaseline, custom: true, 17)
        add(.lastBaseline, custom: true, 85)
        add(.topMargin, custom: true, 6)
        add(.bottomMargin, custom: true, 102)
        add(.centerYWithinMargins, custom: true, 54)
        add(.top, custom: false, 5)
        add(.bottom, custom: false, 105)
        add(.centerY, custom: false, 55)
        add(.firstBaseline, custom: false, 105)
        add(.lastBaseline, custom: false, 105)
        add(.topMargin, custom: false, 13)
        add(.bottomMargin, custom: false, 97)
        add(.centerYWithinMargins, custom: false, 55)
        return cases
    }()

    @Test(arguments: secondVertical)
    func verticalAttributeOfSecondItem(_ c: Case) throws {
        let (_, v) = try Self.scene(c, baselines: c.custom)
        layoutExpectFrame(v, 0, c.expected, 40, 30, c.description)
    }

    // MARK: Dimensions

    @Test func widthAndHeightAgainstConstantsAndOtherDimensions() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let b = try engine.addView("b", in: root)
        let c = try engine.addView("c", in: root)
        for item in [a, b, c] {
            try engine.activate([item.leftAnchor.constraint(equalTo: root.leftAnchor),
                                 item.topAnchor.constraint(equalTo: root.topAnchor)])
        }
        try engine.activate([
            // a: 0.5 × 320 + 5 wide, 0.25 × 480 − 5 high.
            a.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5, constant: 5),
            a.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.25, constant: -5),
            // b: a constant width; a height that would like to be 0 (@30) but must be at least
            // a's and at most 200.
            b.widthAnchor.constraint(equalToConstant: 77),
            b.heightAnchor.constraint(greaterThanOrEqualTo: a.heightAnchor),
            b.heightAnchor.constraint(lessThanOrEqualToConstant: 200),
            LayoutConstraint(item: b, attribute: .height, relatedBy: .equal, constant: 0, priority: 30),
            // c: a negative multiplier, −165 + 300; height at most b's minus 15, at least 90,
            // and as large as possible (@20, below b's wish, so b stays at 115).
            LayoutConstraint(item: c, attribute: .width, relatedBy: .equal, toItem: a, attribute: .width,
                             multiplier: -1, constant: 300),
            c.heightAnchor.constraint(lessThanOrEqualTo: b.heightAnchor, constant: -15),
            c.heightAnchor.constraint(greaterThanOrEqualToConstant: 90),
            LayoutConstraint(item: c, attribute: .height, relatedBy: .equal, constant: 1000, priority: 20),
        ])
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 165, 115)
        layoutExpectFrame(b, 0, 0, 77, 115)
        layoutExpectFrame(c, 0, 0, 135, 100)
        for item in [a, b, c] { #expect(!engine.hasAmbiguousLayout(item)) }
    }

    /// Aspect ratios relate an item's width to a height (its own or another item's): Auto
    /// Layout and NSLayoutDimension allow width against height, and the typed anchor API here
    /// compiles it; only positions are restricted to one axis.
    @Test func aspectRatioRelatesWidthToHeight() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        try engine.activate([
            a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            a.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            a.widthAnchor.constraint(equalToConstant: 100),
        ])
        let aspect = a.heightAnchor.constraint(equalTo: a.widthAnchor, multiplier: 0.5)
        let error = layoutError { try engine.activate([aspect]) }
        #expect(error == nil, "height == width × 0.5 was refused: \(error.map { "\($0)" } ?? "")")
        layoutSolve(engine)
        if error == nil { layoutExpectFrame(a, 10, 10, 100, 50) }
    }

    /// Constraints between two attributes of one item: `a.right == a.left + 100` (the left
    /// terms cancel) and `a.bottom == a.centerY + 15`.
    @Test func attributesOfTheSameItem() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        try engine.activate([
            a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            a.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            a.rightAnchor.constraint(equalTo: a.leftAnchor, constant: 100),
            a.bottomAnchor.constraint(equalTo: a.centerYAnchor, constant: 15),
        ])
        layoutSolve(engine)
        layoutExpectFrame(a, 10, 10, 100, 30)
        #expect(!engine.hasAmbiguousLayout(a))
    }

    /// A multiplier on a position, the common "center at a quarter of the superview" recipe:
    /// `v.centerX == container.centerX × 0.5`. Auto Layout evaluates a constraint in the
    /// coordinate space of the items' nearest common ancestor (here the container's own
    /// bounds, where its centerX is 100), so v's center lands at 50 in the container,
    /// wherever the container sits. With the container at x = 0 every reading agrees; at
    /// x = 100 the engine, which solves in root coordinates, computes 0.5 × (100 + 100) = 100
    /// in root coordinates, that is 0 in the container.
    @Test(arguments: [0.0, 100.0])
    func positionMultiplierIsRelativeToTheSuperview(containerX: Double) throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let container = try engine.addView("container", in: root)
        let v = try engine.addView("v", in: container)
        try layoutPin(engine, container, in: root, containerX, 40, 200, 100)
        try engine.activate([
            LayoutConstraint(item: v, attribute: .centerX, relatedBy: .equal, toItem: container, attribute: .centerX,
                             multiplier: 0.5),
            v.widthAnchor.constraint(equalToConstant: 20),
            v.topAnchor.constraint(equalTo: container.topAnchor),
            v.heightAnchor.constraint(equalToConstant: 20),
        ])
        layoutSolve(engine)
        layoutExpectFrame(v, 40, 0, 20, 20, "container at x = \(formatNumber(containerX))")
    }

    // MARK: Typed anchors

    /// Every anchor stands for its attribute, and the pairings the types allow (directional
    /// or absolute edges with centers, y with y, dimensions with dimensions and constants)
    /// build the constraint they say.
    @Test func anchorsBuildTheConstraintsTheyName() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let pairs: [(Attribute, Attribute)] = [
            (a.leadingAnchor.attribute, .leading), (a.trailingAnchor.attribute, .trailing),
            (a.leftAnchor.attribute, .left), (a.rightAnchor.attribute, .right), (a.centerXAnchor.attribute, .centerX),
            (a.leadingMarginAnchor.attribute, .leadingMargin), (a.trailingMarginAnchor.attribute, .trailingMargin),
            (a.leftMarginAnchor.attribute, .leftMargin), (a.rightMarginAnchor.attribute, .rightMargin),
            (a.centerXWithinMarginsAnchor.attribute, .centerXWithinMargins),
            (a.topAnchor.attribute, .top), (a.bottomAnchor.attribute, .bottom), (a.centerYAnchor.attribute, .centerY),
            (a.firstBaselineAnchor.attribute, .firstBaseline), (a.lastBaselineAnchor.attribute, .lastBaseline),
            (a.topMarginAnchor.attribute, .topMargin), (a.bottomMarginAnchor.attribute, .bottomMargin),
            (a.centerYWithinMarginsAnchor.attribute, .centerYWithinMargins), (a.widthAnchor.attribute, .width),
            (a.heightAnchor.attribute, .height),
        ]
        for (made, expected) in pairs { #expect(made == expected) }
        let built = [
            a.leadingAnchor.constraint(equalTo: root.centerXAnchor, constant: 1),
            a.centerXAnchor.constraint(greaterThanOrEqualTo: root.leftMarginAnchor, constant: 2),
            a.centerXWithinMarginsAnchor.constraint(lessThanOrEqualTo: root.trailingAnchor),
            a.rightAnchor.constraint(lessThanOrEqualTo: root.centerXWithinMarginsAnchor, constant: -3),
            a.firstBaselineAnchor.constraint(greaterThanOrEqualTo: root.topMarginAnchor, constant: 4),
            a.widthAnchor.constraint(lessThanOrEqualTo: root.heightAnchor, multiplier: 0.25, constant: 5),
            a.heightAnchor.constraint(greaterThanOrEqualToConstant: 6),
        ]
        #expect(built.map(\.equation) == [
            "a.leading == root.centerX + 1", "a.centerX >= root.leftMargin + 2",
            "a.centerXWithinMargins <= root.trailing",
            "a.right <= root.centerXWithinMargins - 3", "a.firstBaseline >= root.topMargin + 4",
            "a.width <= root.height * 0.25 + 5", "a.height >= 6",
        ])
        #expect(built.allSatisfy {
            $0.priority == .required && $0.kind == .user && !$0.isActive && $0.identifier == nil
        })
    }

    // MARK: Guides and nesting

    /// Frames are in the parent's coordinates, through several levels, and a guide's frame is
    /// in its owner's coordinates; a guide with insets is pinned inside the owner with
    /// directional insets.
    @Test(arguments: [false, true])
    func nestedFramesAndGuideInsets(rtl: Bool) throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        if rtl { try engine.setLayoutDirection(.rightToLeft, of: root) }
        let outer = try engine.addView("outer", in: root)
        let inner = try engine.addView("inner", in: outer)
        let leaf = try engine.addView("leaf", in: inner)
        let safe = try engine.addGuide("safe", in: outer,
                                       insets: DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        try layoutPin(engine, outer, in: root, 10, 20, 300, 400)
        try layoutPin(engine, inner, in: outer, 5, 6, 100, 100)
        try layoutPin(engine, leaf, in: inner, 7, 8, 10, 10)
        layoutSolve(engine)
        layoutExpectFrame(outer, 10, 20, 300, 400)
        layoutExpectFrame(inner, 5, 6, 100, 100)
        layoutExpectFrame(leaf, 7, 8, 10, 10)
        #expect(layoutNear(engine.frameInRoot(of: leaf), Frame(x: 22, y: 34, width: 10, height: 10)))
        // LTR: 2 from the left, 4 from the right; RTL: 2 from the right, 4 from the left.
        layoutExpectFrame(safe, rtl ? 4 : 2, 1, 294, 396)
        #expect(!engine.hasAmbiguousLayout(safe))
    }
}
