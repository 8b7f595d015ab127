import Ratite
import Testing

@testable import RatiteModel
@testable import RatiteSolver

// Helpers shared by the layout-model tests (Layout*Tests.swift). Every name starts with
// `layout`/`Layout` so that it cannot collide with the helpers of other suites.

/// Whether two numbers agree to within a relative 1e-9 (frames computed by the solver may
/// carry rounding; an off-by-anything bug is far larger than that).
package func layoutNear(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    if a == b { return true }
    return abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

package func layoutNear(_ a: Frame, _ b: Frame, tolerance: Double = 1e-9) -> Bool {
    layoutNear(a.x, b.x, tolerance: tolerance) && layoutNear(a.y, b.y, tolerance: tolerance)
        && layoutNear(a.width, b.width, tolerance: tolerance) && layoutNear(a.height, b.height, tolerance: tolerance)
}

/// Expects `item.frame` (in its parent's coordinates, after the last `layout()`) to be
/// `x y width height`.
package func layoutExpectFrame(
    _ item: LayoutItem, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
    _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    let expected = Frame(x: x, y: y, width: width, height: height)
    #expect(layoutNear(item.frame, expected),
            "\(item.name): expected \(expected), got \(item.frame) \(comment)", sourceLocation: sourceLocation)
}

/// Expects the solver core to pass its own consistency checks.
package func layoutExpectConsistent(_ engine: LayoutEngine, sourceLocation: SourceLocation = #_sourceLocation) {
    let problems = engine.core.invariantViolations()
    #expect(problems.isEmpty, "core invariants: \(problems)", sourceLocation: sourceLocation)
    let bookkeeping = engine.bookkeepingViolations()
    #expect(bookkeeping.isEmpty, "engine bookkeeping: \(bookkeeping)", sourceLocation: sourceLocation)
}

/// Lays out and checks the core; returns the changed items' names.
@discardableResult
package func layoutSolve(_ engine: LayoutEngine, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
    let changed = engine.layout().map(\.name)
    layoutExpectConsistent(engine, sourceLocation: sourceLocation)
    return changed
}

/// A root view of the given size.
package func layoutRoot(_ engine: LayoutEngine, _ name: String = "root", width: Double = 320,
                height: Double = 480) throws -> LayoutItem {
    let root = try engine.addView(name)
    try engine.setSize(of: root, width: width, height: height)
    return root
}

/// Pins `item` inside `parent` at a frame given in the parent's coordinates (left/top/width/
/// height constraints, required).
@discardableResult
package func layoutPin(_ engine: LayoutEngine, _ item: LayoutItem, in parent: LayoutItem, _ x: Double, _ y: Double,
               _ width: Double, _ height: Double) throws -> [LayoutConstraint] {
    let constraints = [
        item.leftAnchor.constraint(equalTo: parent.leftAnchor, constant: x),
        item.topAnchor.constraint(equalTo: parent.topAnchor, constant: y),
        item.widthAnchor.constraint(equalToConstant: width),
        item.heightAnchor.constraint(equalToConstant: height),
    ]
    try engine.activate(constraints)
    return constraints
}

/// The error a throwing layout operation fails with, or nil when it succeeds.
package func layoutError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> LayoutError? {
    do {
        try body()
        return nil
    } catch let error as LayoutError {
        return error
    } catch {
        Issue.record("not a LayoutError: \(error)", sourceLocation: sourceLocation)
        return .internalError("\(error)")
    }
}

extension LayoutError {
    /// The case name, for comparisons in tests.
    package var layoutCaseName: String {
        switch self {
        case .foreignItem: "foreignItem"
        case .noCommonAncestor: "noCommonAncestor"
        case .missingAttribute: "missingAttribute"
        case .mixedAxes: "mixedAxes"
        case .mixedDirectionality: "mixedDirectionality"
        case .invalidPairing: "invalidPairing"
        case .positionAgainstConstant: "positionAgainstConstant"
        case .invalidMultiplier: "invalidMultiplier"
        case .nonFiniteConstant: "nonFiniteConstant"
        case .invalidPriority: "invalidPriority"
        case .requiredPriorityChange: "requiredPriorityChange"
        case .invalidValue: "invalidValue"
        case .duplicateItemName: "duplicateItemName"
        case .unknownItem: "unknownItem"
        case .unsatisfiable: "unsatisfiable"
        case .internalError: "internalError"
        }
    }

    /// The constraint the error is about, if any.
    package var layoutConstraint: LayoutConstraint? {
        switch self {
        case .foreignItem(let c), .noCommonAncestor(let c), .missingAttribute(let c), .mixedAxes(let c),
            .mixedDirectionality(let c), .invalidPairing(let c), .positionAgainstConstant(let c),
            .invalidMultiplier(let c, _), .nonFiniteConstant(let c, _), .requiredPriorityChange(let c):
            c
        default:
            nil
        }
    }

    /// The conflict report of `.unsatisfiable`.
    package var layoutConflict: ConflictReport? {
        if case .unsatisfiable(let report) = self { return report }
        return nil
    }
}

/// Everything observable about an engine, for "a refused operation changes nothing" checks:
/// the active constraints (identity and every field), the given extra constraints (those a
/// refused call was handed), every item's layout inputs and solved frame, the conflict log
/// length, and the solver's full dump. Lays out first, so frames are current.
package struct LayoutStateSnapshot: Equatable {
    package var active: [ObjectIdentifier]
    package var constraints: [String]
    package var extra: [String]
    package var items: [String]
    package var conflicts: Int
    package var core: String

    package init(_ engine: LayoutEngine, extra: [LayoutConstraint] = []) {
        engine.layout()
        func state(_ c: LayoutConstraint) -> String {
            "\(c.description) active=\(c.isActive) broken=\(c.isBroken) installed=\(c.isInstalled) "
                + "core=\(c.coreID) k=\(formatNumber(c.constant)) p=\(formatNumber(c.priority.value))"
        }
        let list = engine.activeConstraints
        active = list.map(ObjectIdentifier.init)
        constraints = list.map(state)
        self.extra = extra.map(state)
        items = engine.items.map { item in
            "\(item.name) frame=\(item.frame) root=\(engine.frameInRoot(of: item)) "
                + "intrinsic=\(item.intrinsicContentSize) margins=\(item.layoutMargins) "
                + "dir=\(String(describing: item.semanticDirection)) "
                + "baselines=\(String(describing: item.firstBaselineOffsetFromTop)),"
                + "\(String(describing: item.lastBaselineOffsetFromBottom)) "
                + "hug=\(item.contentHuggingPriority(for: .horizontal)),\(item.contentHuggingPriority(for: .vertical)) "
                + "comp=\(item.compressionResistancePriority(for: .horizontal)),"
                + "\(item.compressionResistancePriority(for: .vertical)) "
                + "ar=\(item.translatesAutoresizingMaskIntoConstraints) \(item.autoresizingMask.rawValue) "
                + "\(item.autoresizingFrame)"
        }
        conflicts = engine.conflictLog.count
        core = engine.core.dump()
    }

    /// The first difference, for readable failures.
    package func difference(from other: LayoutStateSnapshot) -> String {
        for (name, a, b) in [("constraints", constraints, other.constraints), ("extra", extra, other.extra),
                             ("items", items, other.items)] where a != b {
            for i in 0..<max(a.count, b.count) {
                let x = i < a.count ? a[i] : "<none>", y = i < b.count ? b[i] : "<none>"
                if x != y { return "\(name)[\(i)]: \(x)  →  \(y)" }
            }
        }
        if active != other.active { return "active constraint identities differ" }
        if conflicts != other.conflicts { return "conflict log \(conflicts) → \(other.conflicts)" }
        if core != other.core { return "solver dump differs:\n\(core)\n---\n\(other.core)" }
        return "equal"
    }
}

/// Expects an engine's state to be `before`.
package func layoutExpectUnchanged(
    _ engine: LayoutEngine, since before: LayoutStateSnapshot, extra: [LayoutConstraint] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let after = LayoutStateSnapshot(engine, extra: extra)
    #expect(before == after, "state changed: \(before.difference(from: after))", sourceLocation: sourceLocation)
    layoutExpectConsistent(engine, sourceLocation: sourceLocation)
}

/// Whether the given required constraints can all hold at once, decided by a fresh solver
/// core fed with their solver forms (so independent of the engine's own conflict
/// explanation).
package func layoutSatisfiable(_ constraints: [LayoutConstraint], in engine: LayoutEngine) -> Bool {
    var core = SimplexCore()
    var map: [Int32: Int32] = [:]
    for c in constraints {
        let form = engine.solverForm(of: c)
        let terms = form.terms.map { t -> VariableTerm in
            if map[t.variable] == nil { map[t.variable] = core.newVariable(name: "v\(t.variable)") }
            return VariableTerm(variable: map[t.variable]!, coefficient: t.coefficient)
        }
        do {
            _ = try core.addConstraint(terms: terms, constant: form.constant, relation: form.relation, priority: 1000)
        } catch {
            return false
        }
    }
    return true
}

/// How many layout constraints the solver holds: a content-size pair held as one split
/// equality counts as its two constraints.
package func layoutSolverConstraintCount(_ engine: LayoutEngine) -> Int {
    engine.core.registry.constraints.elements.reduce(0) { $0 + ($1.isAlive ? ($1.isSplit ? 2 : 1) : 0) }
}
