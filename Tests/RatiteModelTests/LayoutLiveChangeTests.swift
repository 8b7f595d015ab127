import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// Constraints changed in place, as UIKit code changes them: `isActive`, `constant` and
/// `priority` on an engine's constraint. Accepted changes lay out as the throwing methods
/// do; refused ones change nothing, never trap, and are reported in `refusedChanges`.
@Suite struct LayoutLiveChangeTests {
    struct Scene {
        let engine = LayoutEngine()
        let root: LayoutItem
        let a: LayoutItem
        let width: LayoutConstraint
        let left: LayoutConstraint

        init() throws {
            root = try layoutRoot(engine)
            a = try engine.addView("a", in: root)
            width = a.widthAnchor.constraint(equalToConstant: 50)
            left = a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
            try engine.activate([width, left, a.topAnchor.constraint(equalTo: root.topAnchor),
                                 a.heightAnchor.constraint(equalToConstant: 20)])
            layoutSolve(engine)
        }
    }

    @Test func constantMovesTheLayoutInPlace() throws {
        let s = try Scene()
        let id = s.left.coreID
        s.left.constant = 20
        #expect(s.left.constant == 20)
        layoutSolve(s.engine)
        layoutExpectFrame(s.a, 20, 0, 50, 20)
        #expect(s.left.coreID == id && s.engine.refusedChanges.isEmpty)
    }

    @Test func isActiveTogglesTheConstraint() throws {
        let s = try Scene()
        let wide = s.a.widthAnchor.constraint(equalToConstant: 80)
        wide.priority = .defaultHigh
        wide.isActive = true
        layoutSolve(s.engine)
        layoutExpectFrame(s.a, 10, 0, 50, 20)
        s.width.isActive = false
        #expect(!s.width.isActive && !s.width.isInstalled)
        layoutSolve(s.engine)
        layoutExpectFrame(s.a, 10, 0, 80, 20)
        s.width.isActive = true
        layoutSolve(s.engine)
        layoutExpectFrame(s.a, 10, 0, 50, 20)
        #expect(s.engine.refusedChanges.isEmpty)
    }

    @Test func optionalPriorityChangesRebalance() throws {
        let s = try Scene()
        let wide = s.a.widthAnchor.constraint(equalToConstant: 80)
        let narrow = s.a.widthAnchor.constraint(equalToConstant: 30)
        wide.priority = 300
        narrow.priority = 200
        s.width.isActive = false
        wide.isActive = true
        narrow.isActive = true
        layoutSolve(s.engine)
        layoutExpectFrame(s.a, 10, 0, 80, 20)
        narrow.priority = .defaultHigh
        layoutSolve(s.engine)
        layoutExpectFrame(s.a, 10, 0, 30, 20)
        #expect(narrow.priority == 750 && s.engine.refusedChanges.isEmpty)
    }

    /// Apple's rule: an installed constraint cannot move between required and optional.
    /// An inactive one can.
    @Test func requiredToOptionalOnAnActiveConstraintIsRefused() throws {
        let s = try Scene()
        var reported: [RefusedChange] = []
        s.engine.onRefusedChange = { reported.append($0) }
        let before = LayoutStateSnapshot(s.engine)
        s.width.priority = .defaultHigh
        #expect(s.width.priority == .required)
        layoutExpectUnchanged(s.engine, since: before)
        let refused = try #require(s.engine.refusedChanges.last)
        #expect(refused.constraint === s.width && refused.change == .priority(750))
        #expect(refused.error.layoutCaseName == "requiredPriorityChange")
        #expect(refused.description
            .hasPrefix("Refused change 'priority = 750' of a.width == 50: cannot change the priority"))
        #expect(reported.count == 1)
        // Optional to required, the other way.
        let soft = s.a.heightAnchor.constraint(equalToConstant: 40)
        soft.priority = 10
        soft.isActive = true
        let before2 = LayoutStateSnapshot(s.engine, extra: [soft])
        soft.priority = .required
        #expect(soft.priority == 10)
        layoutExpectUnchanged(s.engine, since: before2, extra: [soft])
        #expect(s.engine.refusedChanges.count == 2)
        // Deactivated, it may change; activated again it holds.
        s.width.isActive = false
        s.width.priority = .defaultLow
        s.width.isActive = true
        #expect(s.width.priority == .defaultLow && s.engine.refusedChanges.count == 2)
    }

    @Test(arguments: ["nanConstant", "infiniteConstant", "zeroPriority", "nanPriority", "tooHighPriority"])
    func invalidValuesAreRefused(_ name: String) throws {
        let s = try Scene()
        let inactive = s.a.heightAnchor.constraint(equalToConstant: 5)
        let before = LayoutStateSnapshot(s.engine, extra: [inactive])
        for c in [s.left, inactive] {
            switch name {
            case "nanConstant": c.constant = .nan
            case "infiniteConstant": c.constant = -.infinity
            case "zeroPriority": c.priority = 0
            case "nanPriority": c.priority = Priority(.nan)
            default: c.priority = 1000.5
            }
        }
        layoutExpectUnchanged(s.engine, since: before, extra: [inactive])
        #expect(s.engine.refusedChanges.count == 2)
        #expect(s.engine.refusedChanges.map(\.constraint).elementsEqual([s.left, inactive]) { $0 === $1 })
    }

    @Test func activatingAnInvalidConstraintIsRefused() throws {
        let s = try Scene()
        let other = LayoutEngine()
        let stranger = try other.addView("stranger")
        let foreign = s.a.leftAnchor.constraint(equalTo: stranger.leftAnchor)
        let position = LayoutConstraint(item: s.a, attribute: .left, relatedBy: .equal, constant: 4)
        let before = LayoutStateSnapshot(s.engine, extra: [foreign, position])
        foreign.isActive = true
        position.isActive = true
        layoutExpectUnchanged(s.engine, since: before, extra: [foreign, position])
        #expect(s.engine.refusedChanges.map(\.error.layoutCaseName) == ["foreignItem", "positionAgainstConstant"])
        #expect(!foreign.isActive && !position.isActive)
    }

    /// In strict mode a conflicting change is refused instead of breaking a constraint.
    @Test func strictModeConflictsAreRefused() throws {
        let s = try Scene()
        s.engine.throwsOnConflict = true
        let clash = s.a.widthAnchor.constraint(equalToConstant: 70)
        let before = LayoutStateSnapshot(s.engine, extra: [clash])
        clash.isActive = true
        layoutExpectUnchanged(s.engine, since: before, extra: [clash])
        #expect(s.engine.refusedChanges.first?.error.layoutCaseName == "unsatisfiable")
        // The default mode breaks one and logs the conflict instead, as Auto Layout does.
        s.engine.throwsOnConflict = false
        clash.isActive = true
        #expect(clash.isActive && s.engine.conflictLog.count == 1 && s.engine.refusedChanges.count == 1)
    }

    /// Constraints the engine made for item properties are changed through those properties.
    @Test func engineMadeConstraintsAreRefused() throws {
        let s = try Scene()
        try s.engine.setIntrinsicContentSize(IntrinsicSize(width: 40, height: 10), of: s.a)
        let hugging = try #require(s.engine.activeConstraints.first { $0.kind == .contentHugging })
        let before = LayoutStateSnapshot(s.engine)
        hugging.constant = 3
        hugging.priority = 1
        hugging.isActive = false
        layoutExpectUnchanged(s.engine, since: before)
        #expect(s.engine.refusedChanges.count == 3)
        #expect(s.engine.refusedChanges[0].description.contains("is made by the engine (contentHugging)"))
    }

    /// The throwing methods stay for callers who want the error.
    @Test func throwingMethodsStillThrow() throws {
        let s = try Scene()
        #expect(layoutError { try s.engine.setPriority(750, for: s.width) }?.layoutCaseName == "requiredPriorityChange")
        #expect(layoutError { try s.engine.setConstant(.nan, for: s.width) }?.layoutCaseName == "nonFiniteConstant")
        #expect(s.engine.refusedChanges.isEmpty)
    }
}
