import RatiteSolver
import RatiteSupport

/// Why the layout engine refused an operation. A refused operation changes nothing.
public enum LayoutError: Error, CustomStringConvertible {
    /// An item belongs to another engine.
    case foreignItem(LayoutConstraint)
    /// The two items are in different hierarchies.
    case noCommonAncestor(LayoutConstraint)
    /// `notAnAttribute` as the first attribute, or a second item without an attribute (or
    /// the reverse).
    case missingAttribute(LayoutConstraint)
    /// A horizontal attribute against a vertical one.
    case mixedAxes(LayoutConstraint)
    /// Leading/trailing against left/right.
    case mixedDirectionality(LayoutConstraint)
    /// A size against a position.
    case invalidPairing(LayoutConstraint)
    /// A position against a constant alone: no second item, or multiplier 0 (positions
    /// need a reference item). Apple refuses both with the same reason.
    case positionAgainstConstant(LayoutConstraint)
    /// A multiplier that is NaN or infinite.
    case invalidMultiplier(LayoutConstraint, Double)
    /// A constant that is NaN or infinite.
    case nonFiniteConstant(LayoutConstraint, Double)
    /// A priority outside (0, 1000].
    case invalidPriority(Double)
    /// An active constraint's priority cannot move between required and optional; deactivate
    /// it first.
    case requiredPriorityChange(LayoutConstraint)
    /// A value an item property cannot take: non-finite numbers, negative sizes.
    case invalidValue(String)
    /// An item with this name already exists in the engine.
    case duplicateItemName(String)
    /// The engine has no item of this name (or the item passed belongs to another engine).
    case unknownItem(String)
    /// In strict mode: required constraints that cannot hold together.
    case unsatisfiable(ConflictReport)
    /// A numerical breakdown (say, numbers too far apart in magnitude); nothing changed.
    case internalError(String)

    /// A one-line message naming the constraint or value at fault (for `unsatisfiable`, the
    /// whole conflict report).
    public var description: String {
        switch self {
        case .foreignItem(let c): "constraint \(c.equation) refers to an item of another engine"
        case .noCommonAncestor(let c): "the items of \(c.equation) have no common ancestor"
        case .missingAttribute(let c): "constraint \(c.equation) pairs an item with notAnAttribute"
        case .mixedAxes(let c): "constraint \(c.equation) relates a horizontal attribute to a vertical one"
        case .mixedDirectionality(let c): "constraint \(c.equation) relates leading/trailing to left/right"
        case .invalidPairing(let c): "constraint \(c.equation) relates a size to a position"
        case .positionAgainstConstant(let c):
            "constraint \(c.equation): a multiplier of 0 or a nil second item together with a location for the first "
                + "attribute creates an illegal constraint of a location equal to a constant. Location attributes must "
                + "be specified in pairs."
        case .invalidMultiplier(let c, let m):
            "constraint \(c.equation) has multiplier \(m); multipliers must be finite and at most 1e300"
        case .nonFiniteConstant(let c, let x):
            "constraint \(c.equation) has a constant that \(FailureText.outOfRange(x))"
        case .invalidPriority(let p):
            "invalid priority \(formatNumber(p)): priorities must be greater than 0 and at most 1000"
        case .requiredPriorityChange(let c):
            "cannot change the priority of active constraint \(c.equation) between required and optional; "
                + "deactivate it first"
        case .invalidValue(let text): text
        case .duplicateItemName(let name): "an item named '\(name)' already exists"
        case .unknownItem(let name): "no item named '\(name)'"
        case .unsatisfiable(let report): report.description
        case .internalError(let text): "internal layout error: \(text)"
        }
    }
}

/// What the engine did about required constraints that could not all hold: Auto Layout's
/// "Unable to simultaneously satisfy constraints" report.
public struct ConflictReport: CustomStringConvertible, Sendable {
    /// A minimal set of required constraints that cannot hold together: dropping any one
    /// makes the rest satisfiable. In activation order.
    public let constraints: [LayoutConstraint]
    /// The constraint the engine stopped enforcing to recover (nil in strict mode).
    public let broken: LayoutConstraint?
    /// The report as it read when the conflict happened. The constraints are the live
    /// objects, whose fields may change afterwards (a refused operation puts them back),
    /// so the text is written once, at the conflict.
    public let description: String

    init(constraints: [LayoutConstraint], broken: LayoutConstraint?) {
        self.constraints = constraints
        self.broken = broken
        var text = "Unable to simultaneously satisfy constraints.\n"
        text += "  At least one of these constraints is one you don't want:\n"
        for c in constraints { text += "    \(c)\n" }
        if let broken {
            text += "  Will attempt to recover by breaking constraint\n    \(broken)\n"
        }
        description = text
    }
}
