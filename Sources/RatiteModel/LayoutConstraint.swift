import RatiteSolver
import RatiteSupport
import RatiteVFL

/// `firstItem.firstAttribute  relation  secondItem.secondAttribute × multiplier + constant`,
/// at a priority, as in `NSLayoutConstraint`.
///
/// Create constraints with anchors (`a.leadingAnchor.constraint(equalTo: b.trailingAnchor,
/// constant: 8)`), with VFL, or with this initializer; install them with
/// `LayoutEngine.activate`. Nothing is checked until activation, which rejects invalid
/// constraints with a `LayoutError` and installs nothing. Like its engine, a constraint is
/// used from one thread at a time (it is `Sendable` so errors can carry it).
public final class LayoutConstraint: CustomStringConvertible, @unchecked Sendable {
    /// Who made a constraint: the user, or the engine on an item's behalf.
    public enum Kind: String, Sendable {
        /// Made by the caller, through anchors, VFL or the initializer.
        case user
        /// `size <= intrinsic` at the item's hugging priority.
        case contentHugging
        /// `size >= intrinsic` at the item's compression resistance priority.
        case compressionResistance
        /// Translated from an autoresizing mask and frame.
        case autoresizing
        /// A root view's origin or size.
        case rootFrame
        /// A guide pinned inside its owner with insets.
        case guideInsets
    }

    // Stored fields are declared widest first (Swift lays a class out in declaration order)
    // and the rarely used ones sit in `extras`, so that an instance fits a small heap block:
    // a form holds about a dozen of them a row, and each step up the allocator's block sizes
    // is paid by every constraint of the whole engine.
    /// The item on the left side.
    public let firstItem: LayoutItem
    /// The item on the right side, or nil for a constraint against a constant alone.
    public let secondItem: LayoutItem?
    /// The constant as the engine holds it (`constant` changes it through the engine).
    var storedConstant: Double
    /// The priority as the engine holds it (`priority` changes it through the engine).
    var storedPriority: Priority
    /// The activation serial above two state bits (active, broken), in one word: the
    /// serial only grows, and 62 bits outlast any run.
    private var serialAndState: UInt64 = 0
    /// The identifier, a multiplier other than 1 and the autoresizing share, allocated
    /// only when one of them is set.
    private var extras: Extras?
    /// The solver constraint while installed, else -1.
    var coreID: Int32 = -1

    /// The fields the engine changes, as one value: what a rollback puts back.
    struct Fields {
        fileprivate var constant: Double
        fileprivate var priority: Priority
        fileprivate var serialAndState: UInt64
        fileprivate var coreID: Int32
    }

    var fields: Fields {
        get {
            Fields(constant: storedConstant, priority: storedPriority, serialAndState: serialAndState, coreID: coreID)
        }
        set {
            storedConstant = newValue.constant
            storedPriority = newValue.priority
            serialAndState = newValue.serialAndState
            coreID = newValue.coreID
        }
    }

    /// The attribute of `firstItem`.
    public let firstAttribute: Attribute
    /// How the left side compares with the right.
    public let relation: Relation
    /// The attribute of `secondItem`; `notAnAttribute` when there is none.
    public let secondAttribute: Attribute
    /// Who made the constraint; only `user` constraints can be changed in place.
    public let kind: Kind

    /// Activation order, for deterministic conflict recovery.
    var activationSerial: UInt64 {
        get { serialAndState >> 2 }
        set { serialAndState = newValue << 2 | serialAndState & 3 }
    }

    /// The active bit (`isActive` changes it through the engine).
    var activeFlag: Bool {
        get { serialAndState & 1 != 0 }
        set { serialAndState = newValue ? serialAndState | 1 : serialAndState & ~1 }
    }

    /// Whether the engine broke this active constraint to recover from a conflict: it is
    /// active but not enforced until it is deactivated and activated again.
    public internal(set) var isBroken: Bool {
        get { serialAndState & 2 != 0 }
        set { serialAndState = newValue ? serialAndState | 2 : serialAndState & ~2 }
    }

    /// The factor on the second attribute (1 for most constraints, which store none).
    public var multiplier: Double { extras?.multiplier ?? 1 }

    /// The fields few constraints have.
    private final class Extras {
        var identifier: String?
        let multiplier: Double
        let superviewShare: (item: LayoutItem, attribute: Attribute, share: Double)?

        init(
            identifier: String?, multiplier: Double,
            superviewShare: (item: LayoutItem, attribute: Attribute, share: Double)?
        ) {
            self.identifier = identifier
            self.multiplier = multiplier
            self.superviewShare = superviewShare
        }
    }

    /// A name shown in conflict and ambiguity reports.
    public var identifier: String? {
        get { extras?.identifier }
        set {
            if let extras {
                extras.identifier = newValue
            } else if newValue != nil {
                extras = Extras(identifier: newValue, multiplier: 1, superviewShare: nil)
            }
        }
    }

    /// For autoresizing constraints: a share of the superview's width or height added to the
    /// right side, so the item absorbs that share of any change in the superview's size.
    var superviewShare: (item: LayoutItem, attribute: Attribute, share: Double)? { extras?.superviewShare }

    /// `firstItem.firstAttribute relation secondItem.secondAttribute × multiplier + constant` at
    /// `priority`, as Apple's initializer of the same labels makes it. Nothing is checked
    /// until `LayoutEngine.activate`.
    public convenience init(
        item firstItem: LayoutItem, attribute firstAttribute: Attribute, relatedBy relation: Relation,
        toItem secondItem: LayoutItem? = nil, attribute secondAttribute: Attribute = .notAnAttribute,
        multiplier: Double = 1, constant: Double = 0, priority: Priority = .required, identifier: String? = nil
    ) {
        self.init(
            firstItem, firstAttribute, relation, secondItem, secondAttribute, multiplier: multiplier,
            constant: constant, priority: priority, identifier: identifier, kind: .user)
    }

    init(
        _ firstItem: LayoutItem, _ firstAttribute: Attribute, _ relation: Relation,
        _ secondItem: LayoutItem?, _ secondAttribute: Attribute, multiplier: Double = 1, constant: Double = 0,
        priority: Priority = .required, identifier: String? = nil, kind: Kind,
        superviewShare: (item: LayoutItem, attribute: Attribute, share: Double)? = nil
    ) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.storedConstant = constant
        self.storedPriority = priority
        self.kind = kind
        // Any multiplier but 1 is stored, NaN too, so validation can name what it rejects.
        if identifier != nil || superviewShare != nil || !(multiplier == 1) {
            extras = Extras(identifier: identifier, multiplier: multiplier, superviewShare: superviewShare)
        }
    }

    /// Whether the solver currently enforces the constraint.
    public var isInstalled: Bool { coreID >= 0 }

    /// The canonical form `item.attr REL item.attr [* mult] [+|- c] [@p]`, or
    /// `item.attr REL c [@p]`.
    public var equation: String {
        var text = "\(firstItem.name).\(firstAttribute.rawValue) \(relation.symbol) "
        if let second = secondItem {
            text += "\(second.name).\(secondAttribute.rawValue)"
            if multiplier != 1 { text += " * \(formatNumber(multiplier))" }
            if let share = superviewShare {
                text += " + \(formatNumber(share.share)) * \(share.item.name).\(share.attribute.rawValue)"
            }
            if constant != 0 { text += (constant < 0 ? " - " : " + ") + formatNumber(abs(constant)) }
        } else {
            text += formatNumber(constant)
        }
        if !priority.isRequired { text += " @\(formatNumber(priority.value))" }
        return text
    }

    /// The equation, preceded by the identifier when there is one, and tagged with the
    /// engine-made kind (`[contentHugging]`), as reports print it.
    public var description: String {
        var text = equation
        if kind != .user { text = "[\(kind.rawValue)] " + text }
        if let identifier { text = "'\(identifier)' " + text }
        return text
    }
}

/// Changing a constraint in place, as UIKit code does: `c.isActive = false`,
/// `c.constant = 20`, `c.priority = .defaultLow`.
///
/// On a constraint of an engine's items each change goes through that engine (the same
/// operations as `LayoutEngine.activate`, `deactivate`, `setConstant(_:for:)` and
/// `setPriority(_:for:)`, which throw for callers who want the error). A change the engine
/// refuses (a non-finite constant, a priority outside (0, 1000], required to optional or back
/// on an active constraint, a constraint the engine made for an item property, a conflict in
/// strict mode) never traps: it leaves the constraint and the layout as they were and is
/// reported through the engine's `refusedChanges` and `onRefusedChange`. A constraint whose
/// items' engine no longer exists has no one to change it or report to: setting is ignored.
extension LayoutConstraint {
    /// The constant added to the second attribute. Setting it on an active constraint moves
    /// the solver's constant in place (the fast path).
    public var constant: Double {
        get { storedConstant }
        set {
            liveChange(.constant(newValue)) { engine throws(LayoutError) in
                try engine.setConstant(newValue, for: self)
            }
        }
    }

    /// The priority. An active constraint cannot move between required and optional (as in
    /// Auto Layout); deactivate it first.
    public var priority: Priority {
        get { storedPriority }
        set {
            liveChange(.priority(newValue)) { engine throws(LayoutError) in
                try engine.setPriority(newValue, for: self)
            }
        }
    }

    /// Whether the constraint has been activated (and not deactivated since). Setting it
    /// activates or deactivates the constraint in its items' engine.
    public var isActive: Bool {
        get { activeFlag }
        set {
            liveChange(.isActive(newValue)) { engine throws(LayoutError) in
                if newValue { try engine.activate([self]) } else { engine.deactivate([self]) }
            }
        }
    }

    /// Runs `change` on the engine of the constraint's items, or reports why not.
    private func liveChange(_ change: RefusedChange.Change, _ body: (LayoutEngine) throws(LayoutError) -> Void) {
        guard let engine = firstItem.engine else { return }
        do throws(LayoutError) {
            guard kind == .user else {
                throw LayoutError.invalidValue(
                    "constraint \(equation) is made by the engine (\(kind.rawValue)); "
                        + "change the item's property instead")
            }
            try body(engine)
        } catch {
            engine.reportRefusedChange(RefusedChange(constraint: self, change: change, error: error))
        }
    }
}
