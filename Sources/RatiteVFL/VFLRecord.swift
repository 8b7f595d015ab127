import RatiteSupport

/// A constraint described by a visual format, with its views as small integers rather than
/// names: what the parser produces, before anyone turns the integers back into names or
/// layout items.
///
/// A record is plain data (no strings, no references), so a buffer of them can be reused
/// from one parse to the next without allocating.
///
/// ```swift
/// // |-[a] with views [a]: a.leading == superview.leading + 20
/// VFLRecord(firstView: 0, .leading, .equal, secondView: VFLRecord.superview, .leading,
///           constant: 20)
/// ```
public struct VFLRecord: Sendable, Hashable {
    /// The `|` of the format: the superview of the view on the other side.
    public static let superview: Int32 = -1
    /// No second item: a constant-only constraint such as `a.width >= 50`.
    public static let noView: Int32 = -2

    /// A view (what a view number means is up to the function that produced the record) or
    /// `superview`.
    public var firstView: Int32
    /// The attribute of the first item.
    public var firstAttribute: Attribute
    /// How the left side compares with the right.
    public var relation: Relation
    /// A view, `superview`, or `noView`.
    public var secondView: Int32
    /// `.notAnAttribute` exactly when `secondView` is `noView`.
    public var secondAttribute: Attribute
    /// The factor on the second attribute; 1 without a second item.
    public var multiplier: Double
    /// The constant added to the right side.
    public var constant: Double
    /// In (0, 1000]; 1000 means required.
    public var priority: Double

    /// A record; `secondAttribute` becomes `notAnAttribute` when `secondView` is `noView`.
    public init(
        firstView: Int32, _ firstAttribute: Attribute, _ relation: Relation, secondView: Int32,
        _ secondAttribute: Attribute, multiplier: Double = 1, constant: Double = 0,
        priority: Double = 1000
    ) {
        self.firstView = firstView
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondView = secondView
        self.secondAttribute = secondView == Self.noView ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// The view on the other side of a `|`: the first item when it is a view, else the
    /// second. Every record that mentions the superview has one.
    public var anchorView: Int32 { firstView >= 0 ? firstView : secondView }
}
