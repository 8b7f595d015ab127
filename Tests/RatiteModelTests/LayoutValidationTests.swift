import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

#if canImport(Glibc)
import Glibc
#endif

/// Every validation error, and that a refused operation installs and changes nothing: the
/// active constraints, every constraint's fields, every item's inputs and frame, the conflict
/// log and the solver's dump are the same afterwards, and the solver passes its checks.
@Suite struct LayoutValidationTests {
    /// A laid-out engine with `a` and `b` pinned in `root`, a second hierarchy `island`, and
    /// `stranger`, an item of another engine (kept alive by the scene).
    struct Scene {
        let engine = LayoutEngine()
        let other = LayoutEngine()
        let root: LayoutItem
        let a: LayoutItem
        let b: LayoutItem
        let island: LayoutItem
        let stranger: LayoutItem

        init() throws {
            root = try layoutRoot(engine)
            a = try engine.addView("a", in: root)
            b = try engine.addView("b", in: root)
            island = try engine.addView("island")
            stranger = try other.addView("stranger")
            try layoutPin(engine, a, in: root, 10, 10, 50, 50)
            try layoutPin(engine, b, in: root, 100, 10, 50, 50)
            engine.layout()
        }
    }

    /// An invalid constraint, the error it must be refused with.
    enum Bad: String, CaseIterable, Sendable, CustomStringConvertible {
        case foreignFirstItem, foreignSecondItem, noCommonAncestor, noCommonAncestorReversed
        case notAnAttributeFirst, secondItemWithoutAttribute, secondAttributeWithoutItem
        case leadingAgainstTop, centerXAgainstCenterY, leftAgainstFirstBaseline, leadingMarginAgainstBottomMargin
        case leadingAgainstLeft, trailingMarginAgainstRightMargin, leftMarginAgainstLeadingMargin, rightAgainstTrailing
        case widthAgainstLeft, heightAgainstTop, centerXAgainstWidth, lastBaselineAgainstHeight
        case leftToConstant, topToConstant, leadingToConstant, firstBaselineToConstant, centerXWithinMarginsToConstant
        case zeroMultiplier, nanMultiplier, infiniteMultiplier, negativeInfiniteMultiplier, zeroMultiplierOnConstant
        case nanConstant, infiniteConstant, negativeInfiniteConstant
        case zeroPriority, negativePriority, priorityAbove1000, nanPriority, infinitePriority

        var description: String { rawValue }

        var expected: String {
            switch self {
            case .foreignFirstItem, .foreignSecondItem: "foreignItem"
            case .noCommonAncestor, .noCommonAncestorReversed: "noCommonAncestor"
            case .notAnAttributeFirst, .secondItemWithoutAttribute, .secondAttributeWithoutItem: "missingAttribute"
            case .leadingAgainstTop, .centerXAgainstCenterY, .leftAgainstFirstBaseline,
                 .leadingMarginAgainstBottomMargin:
                "mixedAxes"
            case .leadingAgainstLeft, .trailingMarginAgainstRightMargin, .leftMarginAgainstLeadingMargin,
                 .rightAgainstTrailing:
                "mixedDirectionality"
            case .widthAgainstLeft, .heightAgainstTop, .centerXAgainstWidth, .lastBaselineAgainstHeight:
                "invalidPairing"
            case .leftToConstant, .topToConstant, .leadingToConstant, .firstBaselineToConstant,
                 .centerXWithinMarginsToConstant:
                "positionAgainstConstant"
            case .zeroMultiplier, .zeroMultiplierOnConstant: "positionAgainstConstant"
            case .nanMultiplier, .infiniteMultiplier, .negativeInfiniteMultiplier: "invalidMultiplier"
            case .nanConstant, .infiniteConstant, .negativeInfiniteConstant: "nonFiniteConstant"
            case .zeroPriority, .negativePriority, .priorityAbove1000, .nanPriority, .infinitePriority:
                "invalidPriority"
            }
        }

        func make(_ s: Scene) -> LayoutConstraint {
            func c(_ i1: LayoutItem, _ a1: Attribute, _ i2: LayoutItem?, _ a2: Attribute, multiplier: Double = 1,
                   constant: Double = 0, priority: Priority = .required) -> LayoutConstraint {
                LayoutConstraint(item: i1, attribute: a1, relatedBy: .equal, toItem: i2, attribute: a2,
                                 multiplier: multiplier, constant: constant, priority: priority)
            }
            switch self {
            case .foreignFirstItem: return c(s.stranger, .width, s.a, .width)
            case .foreignSecondItem: return c(s.a, .left, s.stranger, .left)
            case .noCommonAncestor: return c(s.a, .left, s.island, .left)
            case .noCommonAncestorReversed: return c(s.island, .width, s.b, .width)
            case .notAnAttributeFirst: return c(s.a, .notAnAttribute, nil, .notAnAttribute, constant: 5)
            case .secondItemWithoutAttribute: return c(s.a, .width, s.b, .notAnAttribute)
            case .secondAttributeWithoutItem: return c(s.a, .width, nil, .width, constant: 5)
            case .leadingAgainstTop: return c(s.a, .leading, s.b, .top)
            case .centerXAgainstCenterY: return c(s.a, .centerX, s.b, .centerY)
            case .leftAgainstFirstBaseline: return c(s.a, .left, s.b, .firstBaseline)
            case .leadingMarginAgainstBottomMargin: return c(s.a, .leadingMargin, s.root, .bottomMargin)
            case .leadingAgainstLeft: return c(s.a, .leading, s.b, .left)
            case .trailingMarginAgainstRightMargin: return c(s.a, .trailingMargin, s.root, .rightMargin)
            case .leftMarginAgainstLeadingMargin: return c(s.a, .leftMargin, s.root, .leadingMargin)
            case .rightAgainstTrailing: return c(s.a, .right, s.b, .trailing)
            case .widthAgainstLeft: return c(s.a, .width, s.b, .left)
            case .heightAgainstTop: return c(s.a, .height, s.b, .top)
            case .centerXAgainstWidth: return c(s.a, .centerX, s.b, .width)
            case .lastBaselineAgainstHeight: return c(s.a, .lastBaseline, s.b, .height)
            case .leftToConstant: return c(s.a, .left, nil, .notAnAttribute, constant: 10)
            case .topToConstant: return c(s.a, .top, nil, .notAnAttribute, constant: 10)
            case .leadingToConstant: return c(s.a, .leading, nil, .notAnAttribute, constant: 10)
            case .firstBaselineToConstant: return c(s.a, .firstBaseline, nil, .notAnAttribute, constant: 10)
            case .centerXWithinMarginsToConstant:
                return c(s.a, .centerXWithinMargins, nil, .notAnAttribute, constant: 10)
            case .zeroMultiplier: return c(s.a, .left, s.b, .left, multiplier: 0)
            case .nanMultiplier: return c(s.a, .left, s.b, .left, multiplier: .nan)
            case .infiniteMultiplier: return c(s.a, .height, s.b, .height, multiplier: .infinity)
            case .negativeInfiniteMultiplier: return c(s.a, .height, s.b, .height, multiplier: -.infinity)
            case .zeroMultiplierOnConstant: return c(s.a, .centerY, s.b, .centerY, multiplier: 0, constant: 10)
            case .nanConstant: return c(s.a, .width, nil, .notAnAttribute, constant: .nan)
            case .infiniteConstant: return c(s.a, .left, s.b, .left, constant: .infinity)
            case .negativeInfiniteConstant: return c(s.a, .height, s.b, .height, constant: -.infinity)
            case .zeroPriority: return c(s.a, .width, nil, .notAnAttribute, constant: 10, priority: 0)
            case .negativePriority: return c(s.a, .width, nil, .notAnAttribute, constant: 10, priority: -1)
            case .priorityAbove1000: return c(s.a, .width, nil, .notAnAttribute, constant: 10, priority: 1000.5)
            case .nanPriority: return c(s.a, .width, nil, .notAnAttribute, constant: 10, priority: Priority(.nan))
            case .infinitePriority:
                return c(s.a, .width, nil, .notAnAttribute, constant: 10, priority: Priority(.infinity))
            }
        }
    }

    /// The invalid constraint is refused together with a valid one handed over in the same
    /// call; neither is installed and nothing changes.
    @Test(arguments: Bad.allCases)
    func invalidConstraintIsRefusedAndNothingIsInstalled(_ bad: Bad) throws {
        let s = try Scene()
        let valid = s.island.widthAnchor.constraint(equalToConstant: 70)
        let invalid = bad.make(s)
        let before = LayoutStateSnapshot(s.engine, extra: [valid, invalid])
        let error = layoutError { try s.engine.activate([valid, invalid]) }
        #expect(error?.layoutCaseName == bad.expected, "got \(error.map { "\($0)" } ?? "no error")")
        if bad.expected != "invalidPriority" { #expect(error?.layoutConstraint === invalid) }
        #expect(!valid.isActive && !valid.isInstalled && !invalid.isActive && !invalid.isInstalled)
        layoutExpectUnchanged(s.engine, since: before, extra: [valid, invalid])
        // The invalid one first, too.
        #expect(layoutError { try s.engine.activate([invalid, valid]) }?.layoutCaseName == bad.expected)
        layoutExpectUnchanged(s.engine, since: before, extra: [valid, invalid])
        // And the engine still works: the valid constraint alone goes in.
        try s.engine.activate([valid])
        layoutSolve(s.engine)
        layoutExpectFrame(s.island, 0, 0, 70, 0)
        layoutExpectFrame(s.a, 10, 10, 50, 50)
    }

    @Test func errorDescriptionsNameTheConstraint() throws {
        let s = try Scene()
        let mixed = LayoutConstraint(item: s.a, attribute: .leading, relatedBy: .equal, toItem: s.b, attribute: .top,
                                     constant: 4)
        #expect(layoutError { try s.engine.activate([mixed]) }?.description
            == "constraint a.leading == b.top + 4 relates a horizontal attribute to a vertical one")
        let position = LayoutConstraint(item: s.a, attribute: .left, relatedBy: .lessThanOrEqual, constant: 3)
        #expect(layoutError { try s.engine.activate([position]) }?.description
            == "constraint a.left <= 3: a multiplier of 0 or a nil second item together with a location for the first "
                + "attribute creates an illegal constraint of a location equal to a constant. Location attributes must "
                + "be specified in pairs.")
        let priority = s.a.widthAnchor.constraint(equalToConstant: 1)
        #expect(layoutError { try s.engine.setPriority(0, for: priority) }?.description
            == "invalid priority 0: priorities must be greater than 0 and at most 1000")
    }

    // MARK: Changing constants and priorities

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteConstantIsRefused(_ value: Double) throws {
        let s = try Scene()
        let width = try #require(s.engine.activeConstraints.first {
            $0.firstItem === s.a && $0.firstAttribute == .width
        })
        let inactive = s.a.widthAnchor.constraint(equalToConstant: 5)
        let before = LayoutStateSnapshot(s.engine, extra: [inactive])
        #expect(layoutError { try s.engine.setConstant(value, for: width) }?.layoutCaseName == "nonFiniteConstant")
        #expect(layoutError { try s.engine.setConstant(value, for: inactive) }?.layoutCaseName == "nonFiniteConstant")
        #expect(width.constant == 50 && inactive.constant == 5)
        layoutExpectUnchanged(s.engine, since: before, extra: [inactive])
    }

    @Test(arguments: [0.0, -1, 1000.0001, 2000, .nan, .infinity, -.infinity])
    func invalidPriorityIsRefused(_ value: Double) throws {
        let s = try Scene()
        let optional = LayoutConstraint(item: s.a, attribute: .width, relatedBy: .equal, constant: 90, priority: 500)
        try s.engine.activate([optional])
        let inactive = s.b.widthAnchor.constraint(equalToConstant: 5)
        let before = LayoutStateSnapshot(s.engine, extra: [inactive])
        for c in [optional, inactive] {
            #expect(layoutError { try s.engine.setPriority(Priority(value), for: c) }?.layoutCaseName
                == "invalidPriority")
        }
        #expect(layoutError { try s.engine.setContentHuggingPriority(Priority(value), for: .horizontal, of: s.a) }?
            .layoutCaseName == "invalidPriority")
        #expect(layoutError { try s.engine.setCompressionResistancePriority(Priority(value), for: .vertical, of: s.b) }?
            .layoutCaseName == "invalidPriority")
        #expect(optional.priority == 500 && inactive.priority == .required)
        layoutExpectUnchanged(s.engine, since: before, extra: [inactive])
    }

    /// As in Auto Layout, an active constraint cannot move between required and optional;
    /// an inactive one can, and so can an active one between optional priorities.
    @Test func requiredOptionalBoundaryOnActiveConstraints() throws {
        let s = try Scene()
        let cap = s.a.widthAnchor.constraint(lessThanOrEqualToConstant: 40)
        let optional = LayoutConstraint(item: s.b, attribute: .width, relatedBy: .equal, constant: 90, priority: 999)
        try s.engine.activate([optional])
        let before = LayoutStateSnapshot(s.engine, extra: [cap])
        // cap is not active yet: any valid priority goes.
        try s.engine.setPriority(300, for: cap)
        try s.engine.setPriority(.required, for: cap)
        #expect(cap.priority == .required)
        layoutExpectUnchanged(s.engine, since: before, extra: [cap])

        // a's width is pinned at 50 (required), so cap goes in as optional (and loses).
        try s.engine.setPriority(600, for: cap)
        try s.engine.activate([cap])
        let pinned = try #require(s.engine.activeConstraints.first {
            $0.firstItem === s.a && $0.firstAttribute == .width && $0.relation == .equal
        })
        let active = LayoutStateSnapshot(s.engine, extra: [cap])
        for (c, p) in [(cap, Priority.required), (optional, Priority.required), (pinned, Priority(999))] {
            let error = layoutError { try s.engine.setPriority(p, for: c) }
            #expect(error?.layoutCaseName == "requiredPriorityChange")
            #expect(error?.layoutConstraint === c)
        }
        layoutExpectUnchanged(s.engine, since: active, extra: [cap])
        // Between optional priorities it is fine.
        #expect(layoutError { try s.engine.setPriority(1, for: optional) } == nil)
        #expect(optional.priority == 1)
        // Deactivated, the boundary can be crossed again.
        s.engine.deactivate([cap])
        try s.engine.setPriority(.required, for: cap)
        #expect(cap.priority.isRequired && !cap.isActive)
        layoutExpectConsistent(s.engine)
    }

    // MARK: Item properties

    @Test func invalidItemOperationsAreRefused() throws {
        let s = try Scene()
        let guide = try s.engine.addGuide("guide", in: s.root)
        let before = LayoutStateSnapshot(s.engine)
        let itemCount = s.engine.items.count
        let cases: [(String, () throws -> Void)] = [
            ("duplicateItemName", { _ = try s.engine.addView("a", in: s.root) }),
            ("duplicateItemName", { _ = try s.engine.addView("root") }),
            ("duplicateItemName", { _ = try s.engine.addGuide("guide", in: s.a) }),
            ("invalidValue", { _ = try s.engine.addView("child", in: guide) }),
            ("invalidValue", { _ = try s.engine.addGuide("g2", in: guide) }),
            ("unknownItem", { _ = try s.engine.addView("child", in: s.stranger) }),
            ("unknownItem", { _ = try s.engine.addGuide("g2", in: s.stranger) }),
            ("invalidValue", {
                _ = try s.engine.addGuide("g2", in: s.a, insets: DirectionalInsets(top: .nan, leading: 0, bottom: 0,
                                                                                    trailing: 0))
            }),
            ("invalidValue", { _ = try s.engine.addGuide("g2", in: s.a, insets: DirectionalInsets(all: .infinity)) }),
            ("invalidValue", { try s.engine.setSize(of: s.a, width: 10, height: 10) }),
            ("invalidValue", { try s.engine.setSize(of: guide, width: 10, height: 10) }),
            ("invalidValue", { try s.engine.setSize(of: s.stranger, width: 10, height: 10) }),
            ("invalidValue", { try s.engine.setSize(of: s.root, width: -1, height: 10) }),
            ("invalidValue", { try s.engine.setSize(of: s.root, width: 10, height: .nan) }),
            ("invalidValue", { try s.engine.setSize(of: s.root, width: .infinity, height: 10) }),
            ("invalidValue", { try s.engine.setIntrinsicContentSize(IntrinsicSize(width: -1), of: s.a) }),
            ("invalidValue", { try s.engine.setIntrinsicContentSize(IntrinsicSize(width: 10, height: .nan), of: s.a) }),
            ("invalidValue", { try s.engine.setIntrinsicContentSize(IntrinsicSize(height: .infinity), of: s.a) }),
            ("invalidValue", { try s.engine.setBaselineOffsets(firstFromTop: .nan, lastFromBottom: 3, of: s.a) }),
            ("invalidValue", { try s.engine.setBaselineOffsets(firstFromTop: 3, lastFromBottom: .infinity, of: s.a) }),
            ("invalidValue", { try s.engine.setLayoutMargins(DirectionalInsets(all: .infinity), of: s.a) }),
            ("invalidValue", { try s.engine.setAutoresizing(frame: Frame(x: 0, y: 0, width: -1, height: 1), of: s.b) }),
            ("invalidValue", {
                try s.engine.setAutoresizing(frame: Frame(x: .nan, y: 0, width: 1, height: 1), of: s.b)
            }),
            ("invalidValue", {
                try s.engine.setAutoresizing(frame: Frame(x: 0, y: 0, width: 1, height: .infinity), of: s.b)
            }),
        ]
        for (i, (expected, body)) in cases.enumerated() {
            let error = layoutError(body)
            #expect(error?.layoutCaseName == expected, "case \(i): \(error.map { "\($0)" } ?? "no error")")
        }
        #expect(s.engine.items.count == itemCount)
        #expect(s.engine.item(named: "child") == nil && s.engine.item(named: "g2") == nil)
        #expect(s.a.intrinsicContentSize == .none && s.a.firstBaselineOffsetFromTop == nil
                && !s.b.translatesAutoresizingMaskIntoConstraints)
        layoutExpectUnchanged(s.engine, since: before)
    }

    /// An item whose engine is gone must not bring the process down when it is handed to
    /// another engine: it is a foreign item. (Runs in a child process, since the failure mode
    /// is a crash.)
    @Test func itemOutlivingItsEngineIsRefusedNotACrash() async {
        await #expect(processExitsWith: .success) {
            let engine = LayoutEngine()
            let root = try! engine.addView("root")
            var stray: LayoutItem? = nil
            do {
                let gone = LayoutEngine()
                stray = try! gone.addView("stray")
            }
            let constraint = root.widthAnchor.constraint(equalTo: stray!.widthAnchor)
            let error = layoutError { try engine.activate([constraint]) }
            exit(error?.layoutCaseName == "foreignItem" ? 0 : 1)
        }
    }
}

extension LayoutValidationTests {
    /// Item names are their UTF-8 bytes: "\u{e9}" and "e\u{301}" (equal as Swift strings)
    /// name two items, found apart by `item(named:)` and by a format, with few items (the
    /// name table searched in order) and with many (its slots).
    @Test(arguments: [0, 30])
    func itemNamesCompareByTheirBytes(others: Int) throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        for i in 0..<others { _ = try engine.addView("v\(i)", in: root) }
        let precomposed = try engine.addView("caf\u{e9}", in: root)
        let decomposed = try engine.addView("cafe\u{301}", in: root)
        #expect(engine.item(named: "caf\u{e9}") === precomposed)
        #expect(engine.item(named: "cafe\u{301}") === decomposed)
        #expect(engine.item(named: "cafe") == nil)
        // A format names ASCII views: the byte lookup finds them past the table's first names too.
        let last = try engine.addView("last", in: root)
        let made = try engine.constraints(visualFormat: "|[last]|")
        #expect(made.count == 2 && made.allSatisfy { $0.firstItem === last || $0.secondItem === last })
    }
}
