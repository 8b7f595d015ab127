/// A view or a layout guide in a `LayoutEngine`'s hierarchy.
///
/// Views nest (superview and subviews); a layout guide belongs to a view and takes part in
/// layout like a view without being drawn, for example a top layout guide or a safe area.
/// Items are created by the engine (`LayoutEngine.addView`, `addGuide`), and every
/// property that changes layout goes through the engine so it can update the constraints
/// that depend on it incrementally.
public final class LayoutItem: CustomStringConvertible, @unchecked Sendable {
    public enum Kind: String, Sendable { case view, guide }

    public let name: String
    public let kind: Kind
    /// The superview of a view, or the view that owns a guide; nil for a root view.
    public private(set) weak var parent: LayoutItem?
    /// Subviews and guides, in order of creation.
    public internal(set) var children: [LayoutItem] = []
    /// The engine the item belongs to; nil once that engine is gone.
    public private(set) weak var engine: LayoutEngine?
    /// Position in `engine.items`.
    package let index: Int
    /// Position of `root` in `engine.items`: items never change parents, so whether two
    /// items share a hierarchy is one comparison, not two walks over weak references.
    package let rootIndex: Int
    /// Position of `parent` in `engine.items`, nil for a root: the parent without loading a
    /// weak reference.
    package let parentIndex: Int?

    /// The solver variables of the frame in root coordinates: left, top, width, height.
    let minX: Int32, minY: Int32, width: Int32, height: Int32

    // Layout inputs; change them through the engine's setters.
    public internal(set) var intrinsicContentSize = IntrinsicSize.none
    var hugging: (horizontal: Priority, vertical: Priority) = (250, 250)
    var compression: (horizontal: Priority, vertical: Priority) = (750, 750)
    public internal(set) var layoutMargins = DirectionalInsets.defaultMargins
    /// The direction set on this item, or nil to inherit from the parent.
    public internal(set) var semanticDirection: LayoutDirection? = nil
    /// Baseline offsets from the top; nil means the bottom edge, as for a plain view.
    public internal(set) var firstBaselineOffset: Double? = nil
    public internal(set) var lastBaselineOffset: Double? = nil
    public internal(set) var translatesAutoresizingMaskIntoConstraints = false
    public internal(set) var autoresizingMask: AutoresizingMask = []
    /// The frame autoresizing constraints were made from (superview coordinates).
    public internal(set) var autoresizingFrame = Frame.zero

    /// Active constraints that mention this item, so property changes can find them.
    var constraints: [LayoutConstraint] = []
    /// The engine-made constraints of this item (content size, autoresizing, root frame,
    /// guide insets).
    var ownConstraints: [LayoutConstraint] = []
    /// The frame after the last `layout()`, in the parent's coordinates.
    public internal(set) var frame = Frame.zero

    init(name: String, kind: Kind, parent: LayoutItem?, engine: LayoutEngine, index: Int,
         variables: (Int32, Int32, Int32, Int32)) {
        self.name = name
        self.kind = kind
        self.parent = parent
        self.engine = engine
        self.index = index
        self.rootIndex = parent?.rootIndex ?? index
        self.parentIndex = parent?.index
        (minX, minY, width, height) = variables
    }

    /// The layout direction in effect: this item's own, else its nearest ancestor's, else
    /// left-to-right.
    public var effectiveLayoutDirection: LayoutDirection {
        var item: LayoutItem? = self
        while let i = item {
            if let d = i.semanticDirection { return d }
            item = i.parent
        }
        return .leftToRight
    }

    /// The root of this item's hierarchy.
    public var root: LayoutItem {
        var item = self
        while let p = item.parent { item = p }
        return item
    }

    /// Whether `self` is `other` or one of its descendants.
    public func isDescendant(of other: LayoutItem) -> Bool {
        var item: LayoutItem? = self
        while let i = item {
            if i === other { return true }
            item = i.parent
        }
        return false
    }

    public func contentHuggingPriority(for axis: Axis) -> Priority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    public func compressionResistancePriority(for axis: Axis) -> Priority {
        axis == .horizontal ? compression.horizontal : compression.vertical
    }

    public var description: String { name }

    // MARK: Anchors

    public var leadingAnchor: XAxisAnchor<DirectionalEdge> { XAxisAnchor(self, .leading) }
    public var trailingAnchor: XAxisAnchor<DirectionalEdge> { XAxisAnchor(self, .trailing) }
    public var leftAnchor: XAxisAnchor<AbsoluteEdge> { XAxisAnchor(self, .left) }
    public var rightAnchor: XAxisAnchor<AbsoluteEdge> { XAxisAnchor(self, .right) }
    public var centerXAnchor: XAxisAnchor<NeutralPosition> { XAxisAnchor(self, .centerX) }
    public var leadingMarginAnchor: XAxisAnchor<DirectionalEdge> { XAxisAnchor(self, .leadingMargin) }
    public var trailingMarginAnchor: XAxisAnchor<DirectionalEdge> { XAxisAnchor(self, .trailingMargin) }
    public var leftMarginAnchor: XAxisAnchor<AbsoluteEdge> { XAxisAnchor(self, .leftMargin) }
    public var rightMarginAnchor: XAxisAnchor<AbsoluteEdge> { XAxisAnchor(self, .rightMargin) }
    public var centerXWithinMarginsAnchor: XAxisAnchor<NeutralPosition> { XAxisAnchor(self, .centerXWithinMargins) }
    public var topAnchor: YAxisAnchor { YAxisAnchor(self, .top) }
    public var bottomAnchor: YAxisAnchor { YAxisAnchor(self, .bottom) }
    public var centerYAnchor: YAxisAnchor { YAxisAnchor(self, .centerY) }
    public var firstBaselineAnchor: YAxisAnchor { YAxisAnchor(self, .firstBaseline) }
    public var lastBaselineAnchor: YAxisAnchor { YAxisAnchor(self, .lastBaseline) }
    public var topMarginAnchor: YAxisAnchor { YAxisAnchor(self, .topMargin) }
    public var bottomMarginAnchor: YAxisAnchor { YAxisAnchor(self, .bottomMargin) }
    public var centerYWithinMarginsAnchor: YAxisAnchor { YAxisAnchor(self, .centerYWithinMargins) }
    public var widthAnchor: DimensionAnchor { DimensionAnchor(self, .width) }
    public var heightAnchor: DimensionAnchor { DimensionAnchor(self, .height) }
}
