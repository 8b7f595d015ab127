import RatiteSupport

/// One side of a constraint produced by a visual format: a named view or the superview
/// (the `|` of the format).
///
/// The parser knows views only by name; mapping names to layout items is the caller's job.
public enum VFLItem: Sendable, Hashable, CustomStringConvertible {
    /// A view of the format, by name.
    case view(String)
    /// The `|` of the format: the superview of the view next to it.
    case superview

    /// The view's name, or `superview`.
    public var description: String {
        switch self {
        case .view(let name): name
        case .superview: "superview"
        }
    }
}

/// A constraint described by a visual format, independent of any layout engine:
/// `firstItem.firstAttribute RELATION secondItem.secondAttribute * multiplier + constant`
/// at `priority`, or `firstItem.firstAttribute RELATION constant` when there is no second item.
///
/// ```swift
/// let c = try VisualFormat.parse("[a]-[b]", views: ["a", "b"])[0]
/// print(c)   // b.leading == a.trailing + 8
/// ```
public struct VFLConstraint: Sendable, Hashable, CustomStringConvertible {
    /// The item on the left side.
    public var firstItem: VFLItem
    /// The attribute of `firstItem`.
    public var firstAttribute: Attribute
    /// How the left side compares with the right.
    public var relation: Relation
    /// Nil for a constant-only constraint such as `a.width >= 50`.
    public var secondItem: VFLItem?
    /// `.notAnAttribute` exactly when `secondItem` is nil.
    public var secondAttribute: Attribute
    /// The factor on the second attribute; 1 without a second item.
    public var multiplier: Double
    /// The constant added to the right side.
    public var constant: Double
    /// In (0, 1000]; 1000 means required.
    public var priority: Double

    /// `firstItem.firstAttribute relation secondItem.secondAttribute * multiplier + constant` at
    /// `priority`; `secondAttribute` becomes `notAnAttribute` when `secondItem` is nil.
    public init(
        _ firstItem: VFLItem, _ firstAttribute: Attribute, _ relation: Relation,
        _ secondItem: VFLItem?, _ secondAttribute: Attribute,
        multiplier: Double = 1, constant: Double = 0, priority: Double = 1000
    ) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// A constant-only constraint: `item.attribute RELATION constant`.
    public init(
        _ item: VFLItem, _ attribute: Attribute, _ relation: Relation, constant: Double,
        priority: Double = 1000
    ) {
        self.init(item, attribute, relation, nil, .notAnAttribute, constant: constant,
                  priority: priority)
    }

    /// The canonical one-line form, as `ratite vfl` prints it (see `VFLFormatter`).
    public var description: String { VFLFormatter.string(for: self) }
}
