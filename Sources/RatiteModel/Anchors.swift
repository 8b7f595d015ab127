import RatiteSolver
import RatiteSupport
import RatiteVFL

/// The kind of an x-axis anchor (`DirectionalEdge`, `AbsoluteEdge` or `NeutralPosition`),
/// which decides what it may pair with.
///
/// Anchors are typed in the spirit of `NSLayoutAnchor`: x-axis anchors pair only with x-axis
/// anchors, y-axis with y-axis, dimensions with dimensions, and leading/trailing never with
/// left/right. These mistakes fail to compile:
///
/// ```swift
/// a.leadingAnchor.constraint(equalTo: b.topAnchor)      // x against y
/// a.leadingAnchor.constraint(equalTo: b.leftAnchor)     // directional against absolute
/// a.widthAnchor.constraint(equalTo: b.leadingAnchor)    // size against position
/// ```
public protocol XAnchorKind {}
/// Kinds an anchor of leading/trailing edges may pair with.
public protocol PairsWithDirectional: XAnchorKind {}
/// Kinds an anchor of left/right edges may pair with.
public protocol PairsWithAbsolute: XAnchorKind {}

/// Leading/trailing edges and margins.
public enum DirectionalEdge: PairsWithDirectional {}
/// Left/right edges and margins.
public enum AbsoluteEdge: PairsWithAbsolute {}
/// Centers, which pair with either.
public enum NeutralPosition: PairsWithDirectional, PairsWithAbsolute {}

/// A horizontal position of an item.
public struct XAxisAnchor<Kind: XAnchorKind> {
    /// The item whose position this is.
    public let item: LayoutItem
    /// The attribute: an edge, a margin or a center on the x axis.
    public let attribute: Attribute
    init(_ item: LayoutItem, _ attribute: Attribute) {
        self.item = item
        self.attribute = attribute
    }

    func make(
        _ relation: Relation, _ other: LayoutItem, _ attribute: Attribute, _ constant: Double
    ) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: self.attribute, relatedBy: relation, toItem: other, attribute: attribute,
            constant: constant)
    }
}

extension XAxisAnchor where Kind == DirectionalEdge {
    /// `self == other + constant`, required: leading and trailing pair with each other and
    /// with centers.
    public func constraint<K: PairsWithDirectional>(
        equalTo other: XAxisAnchor<K>, constant: Double = 0
    ) -> LayoutConstraint {
        make(.equal, other.item, other.attribute, constant)
    }
    /// `self >= other + constant`, required.
    public func constraint<K: PairsWithDirectional>(
        greaterThanOrEqualTo other: XAxisAnchor<K>, constant: Double = 0
    ) -> LayoutConstraint {
        make(.greaterThanOrEqual, other.item, other.attribute, constant)
    }
    /// `self <= other + constant`, required.
    public func constraint<K: PairsWithDirectional>(
        lessThanOrEqualTo other: XAxisAnchor<K>, constant: Double = 0
    ) -> LayoutConstraint {
        make(.lessThanOrEqual, other.item, other.attribute, constant)
    }
}

extension XAxisAnchor where Kind == AbsoluteEdge {
    /// `self == other + constant`, required: left and right pair with each other and with
    /// centers.
    public func constraint<K: PairsWithAbsolute>(
        equalTo other: XAxisAnchor<K>, constant: Double = 0
    ) -> LayoutConstraint {
        make(.equal, other.item, other.attribute, constant)
    }
    /// `self >= other + constant`, required.
    public func constraint<K: PairsWithAbsolute>(
        greaterThanOrEqualTo other: XAxisAnchor<K>, constant: Double = 0
    ) -> LayoutConstraint {
        make(.greaterThanOrEqual, other.item, other.attribute, constant)
    }
    /// `self <= other + constant`, required.
    public func constraint<K: PairsWithAbsolute>(
        lessThanOrEqualTo other: XAxisAnchor<K>, constant: Double = 0
    ) -> LayoutConstraint {
        make(.lessThanOrEqual, other.item, other.attribute, constant)
    }
}

extension XAxisAnchor where Kind == NeutralPosition {
    /// `self == other + constant`, required: a center pairs with any x-axis anchor.
    public func constraint<K>(equalTo other: XAxisAnchor<K>, constant: Double = 0) -> LayoutConstraint {
        make(.equal, other.item, other.attribute, constant)
    }
    /// `self >= other + constant`, required.
    public func constraint<K>(greaterThanOrEqualTo other: XAxisAnchor<K>, constant: Double = 0) -> LayoutConstraint {
        make(.greaterThanOrEqual, other.item, other.attribute, constant)
    }
    /// `self <= other + constant`, required.
    public func constraint<K>(lessThanOrEqualTo other: XAxisAnchor<K>, constant: Double = 0) -> LayoutConstraint {
        make(.lessThanOrEqual, other.item, other.attribute, constant)
    }
}

/// A vertical position of an item.
public struct YAxisAnchor {
    /// The item whose position this is.
    public let item: LayoutItem
    /// The attribute: an edge, a margin, a center or a baseline on the y axis.
    public let attribute: Attribute
    init(_ item: LayoutItem, _ attribute: Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == other + constant`, required.
    public func constraint(equalTo other: YAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .equal, toItem: other.item, attribute: other.attribute,
            constant: constant)
    }
    /// `self >= other + constant`, required.
    public func constraint(greaterThanOrEqualTo other: YAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: other.item,
            attribute: other.attribute, constant: constant)
    }
    /// `self <= other + constant`, required.
    public func constraint(lessThanOrEqualTo other: YAxisAnchor, constant: Double = 0) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .lessThanOrEqual, toItem: other.item,
            attribute: other.attribute, constant: constant)
    }
}

/// A width or height of an item.
public struct DimensionAnchor {
    /// The item whose size this is.
    public let item: LayoutItem
    /// `width` or `height`.
    public let attribute: Attribute
    init(_ item: LayoutItem, _ attribute: Attribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == constant`, required: a size may stand against a constant alone.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: .equal, constant: constant)
    }
    /// `self >= constant`, required.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: .greaterThanOrEqual, constant: constant)
    }
    /// `self <= constant`, required.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        LayoutConstraint(item: item, attribute: attribute, relatedBy: .lessThanOrEqual, constant: constant)
    }
    /// `self == other × multiplier + constant`, required. Width may pair with height.
    public func constraint(
        equalTo other: DimensionAnchor, multiplier: Double = 1, constant: Double = 0
    ) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .equal, toItem: other.item, attribute: other.attribute,
            multiplier: multiplier, constant: constant)
    }
    /// `self >= other × multiplier + constant`, required.
    public func constraint(
        greaterThanOrEqualTo other: DimensionAnchor, multiplier: Double = 1, constant: Double = 0
    ) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .greaterThanOrEqual, toItem: other.item,
            attribute: other.attribute, multiplier: multiplier, constant: constant)
    }
    /// `self <= other × multiplier + constant`, required.
    public func constraint(
        lessThanOrEqualTo other: DimensionAnchor, multiplier: Double = 1, constant: Double = 0
    ) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .lessThanOrEqual, toItem: other.item,
            attribute: other.attribute, multiplier: multiplier, constant: constant)
    }
}
