import RatiteSolver
import RatiteSupport
import RatiteVFL

/// A view or a layout guide in a `LayoutEngine`'s hierarchy.
///
/// Views nest (superview and subviews); a layout guide belongs to a view and takes part in
/// layout like a view without being drawn, for example a top layout guide or a safe area.
/// Items are created by the engine (`LayoutEngine.addView`, `addGuide`), and every
/// property that changes layout goes through the engine so it can update the constraints
/// that depend on it incrementally.
public final class LayoutItem: CustomStringConvertible, @unchecked Sendable {
    /// Whether an item is a view or a layout guide.
    public enum Kind: String, Sendable {
        /// A view: it may have subviews and own layout guides.
        case view
        /// A layout guide: a rectangle owned by a view, with no subviews of its own.
        case guide
    }

    // Stored fields are declared widest first and the rarely set ones sit in `extras`, so
    // an item takes a smaller heap block (a form has two items a row). Absent optional
    // numbers are stored as NaN: every value the engine accepts is finite.
    /// The item's name, unique in its engine: reports, VFL and layout files refer to it.
    public let name: String
    /// The engine the item belongs to; nil once that engine is gone.
    public private(set) weak var engine: LayoutEngine?
    // Unchecked exclusivity on the lists every addition appends to: an item is used from
    // one thread at a time, as its engine, and no access to them stays open across a call
    // that could reach them again.
    /// Subviews and guides, in order of creation.
    @exclusivity(unchecked) public internal(set) var children: [LayoutItem] = []
    /// Active constraints that mention this item, so property changes can find them; its
    /// content-size constraints are only in `ownConstraints`. In no particular order (every
    /// reader sorts by activation); changed only through the methods below.
    @exclusivity(unchecked) private(set) var constraints: [LayoutConstraint] = []
    /// The engine-made constraints of this item (content size, autoresizing, root frame,
    /// guide insets).
    var ownConstraints: [LayoutConstraint] = []
    /// The frame after the last `layout()`, in the parent's coordinates.
    public internal(set) var frame = Frame.zero
    var hugging: (horizontal: Priority, vertical: Priority) = (250, 250)
    var compression: (horizontal: Priority, vertical: Priority) = (750, 750)
    private var intrinsicWidth = Double.nan, intrinsicHeight = Double.nan
    private var firstBaseline = Double.nan, lastBaseline = Double.nan
    /// The layout inputs few items set, allocated when one of them is.
    private var extras: Extras?
    /// The content-size constraints of each axis while they are in the solver without
    /// objects (see `LayoutEngine+ContentSize.swift`).
    var contentSizeInSolver = (horizontal: ContentSizeInSolver.none, vertical: ContentSizeInSolver.none)
    /// The solver variables of the frame in root coordinates: left, top, width, height.
    let minX: Int32, minY: Int32, width: Int32, height: Int32
    // Inlinable accessors below: the C layer reads them through unretained references, and
    // an opaque getter call made it retain and release the item on every read.
    @usableFromInline let storedIndex: Int32, storedRootIndex: Int32, storedParentIndex: Int32
    /// How many ancestors the item has (0 for a root): a nearest common ancestor is found
    /// by walking up only from the deeper item and only as far as needed.
    let depth: Int32
    /// Whether the item is a view or a layout guide.
    public let kind: Kind
    /// Whether the direction in effect (`effectiveLayoutDirection`) is right to left, kept
    /// by the engine (`setLayoutDirection`): reading it walked to the root, so laying out
    /// a hierarchy n deep cost O(n²).
    @exclusivity(unchecked) var isRightToLeft: Bool

    /// Margins, direction and autoresizing: set on few items. A class, so an item without
    /// them pays one pointer; each item owns its own.
    private final class Extras {
        var layoutMargins = DirectionalInsets.defaultMargins
        var semanticDirection: LayoutDirection? = nil
        var translatesAutoresizingMaskIntoConstraints = false
        var autoresizingMask: AutoresizingMask = []
        var autoresizingFrame = Frame.zero
        /// Each constraint's position in `constraints`, once a long list has had one removed.
        var listPositions: [ObjectIdentifier: Int]? = nil
    }

    // MARK: The constraint list
    //
    // A superview's list holds every constraint on its subviews: tens of thousands in a
    // large layout. Searching it for the constraint to remove made deactivating them one by
    // one quadratic. A removal moves the last constraint into the gap, and
    // a long list gets an index of positions on its first removal (kept up to date from
    // then on; lists that only grow, nearly all of them, never pay for one).

    /// The room a list gets with its first constraint.
    private static let firstListCapacity = 4

    /// Lists at most this long are searched instead of indexed.
    private static let searchedListLength = 32

    /// Where `c` is in `constraints`, or nil.
    func listPosition(of c: LayoutConstraint) -> Int? {
        if constraints.count <= Self.searchedListLength { return constraints.lastIndex { $0 === c } }
        if let positions = extras?.listPositions { return positions[ObjectIdentifier(c)] }
        var positions: [ObjectIdentifier: Int] = [:]
        positions.reserveCapacity(constraints.count)
        for (i, listed) in constraints.enumerated() { positions[ObjectIdentifier(listed)] = i }
        ownExtras().listPositions = positions
        return positions[ObjectIdentifier(c)]
    }

    func appendListed(_ c: LayoutConstraint) {
        // Room for a few from the start: most items have several, and growing one slot at
        // a time made each item's list allocate twice or more.
        if constraints.capacity == 0 { constraints.reserveCapacity(Self.firstListCapacity) }
        constraints.append(c)
        extras?.listPositions?[ObjectIdentifier(c)] = constraints.count - 1
    }

    func removeLastListed() {
        let c = constraints.removeLast()
        extras?.listPositions?[ObjectIdentifier(c)] = nil
    }

    /// Removes the constraint at `i`, moving the last one into its place.
    func removeListed(at i: Int) {
        let c = constraints[i]
        let last = constraints.removeLast()
        if i < constraints.count {
            constraints[i] = last
            extras?.listPositions?[ObjectIdentifier(last)] = i
        }
        extras?.listPositions?[ObjectIdentifier(c)] = nil
    }

    /// Undoes `removeListed(at: i)` of `c`: the constraint moved into its place goes back
    /// to the end.
    func restoreListed(_ c: LayoutConstraint, at i: Int) {
        if i < constraints.count {
            let moved = constraints[i]
            constraints.append(moved)
            extras?.listPositions?[ObjectIdentifier(moved)] = constraints.count - 1
            constraints[i] = c
        } else {
            constraints.append(c)
        }
        extras?.listPositions?[ObjectIdentifier(c)] = i
    }

    /// Where the list's index (if it has one) disagrees with the list, for the engine's
    /// bookkeeping check.
    func listIndexViolations() -> [String] {
        guard let positions = extras?.listPositions else { return [] }
        var problems: [String] = []
        if positions.count != constraints.count {
            problems.append("\(name): \(positions.count) indexed positions for \(constraints.count) listed constraints")
        }
        for (i, c) in constraints.enumerated() where positions[ObjectIdentifier(c)] != i {
            problems.append(
                "\(name): \(c) listed at \(i), indexed at \(positions[ObjectIdentifier(c)].map(String.init) ?? "none")")
        }
        return problems
    }

    func removeAllListed() {
        constraints.removeAll()
        extras?.listPositions = nil
    }

    /// An axis's hugging and compression resistance pair while the solver holds it as one
    /// split equality (see `LayoutEngine+ContentSize.swift`): its solver id, the activation
    /// serial of the hugging side (the compression side's is the next), and whether the two
    /// objects that stand for it have been made.
    struct ContentSizeInSolver: Equatable {
        /// 0 when the axis has no pair held this way (serials start at 1).
        var serial: UInt64
        var id: Int32
        var hasObjects: Bool

        static let none = ContentSizeInSolver(serial: 0, id: -1, hasObjects: false)

        var isInstalled: Bool { serial != 0 }
    }

    /// The solver variable of the item's size along `axis`.
    func sizeVariable(on axis: Axis) -> Int32 { axis == .horizontal ? width : height }

    /// The item's content-size constraint objects on `axis` (hugging and compression
    /// resistance), in `ownConstraints` order.
    func contentSizeObjects(on axis: Axis) -> [LayoutConstraint] {
        ownConstraints.filter {
            ($0.kind == .contentHugging || $0.kind == .compressionResistance) && $0.firstAttribute == axis.sizeAttribute
        }
    }

    func contentSizeInSolver(on axis: Axis) -> ContentSizeInSolver {
        axis == .horizontal ? contentSizeInSolver.horizontal : contentSizeInSolver.vertical
    }

    private func ownExtras() -> Extras {
        if let extras { return extras }
        let made = Extras()
        extras = made
        return made
    }

    /// The largest number of items an engine holds: positions are stored in 32 bits.
    static let maximumCount = Int(Int32.max)

    /// Position in `engine.items`.
    @inlinable package var index: Int { Int(storedIndex) }
    /// Position of `root` in `engine.items`: items never change parents, so whether two
    /// items share a hierarchy is one comparison, not two walks over weak references.
    @inlinable package var rootIndex: Int { Int(storedRootIndex) }
    /// Position of `parent` in `engine.items`, nil for a root: the parent without loading a
    /// weak reference.
    @inlinable package var parentIndex: Int? { storedParentIndex < 0 ? nil : Int(storedParentIndex) }

    // Layout inputs; change them through the engine's setters.
    /// The size the content asks for (`LayoutEngine.setIntrinsicContentSize`); none by default.
    public internal(set) var intrinsicContentSize: IntrinsicSize {
        get {
            IntrinsicSize(
                width: intrinsicWidth.isNaN ? nil : intrinsicWidth,
                height: intrinsicHeight.isNaN ? nil : intrinsicHeight)
        }
        set {
            intrinsicWidth = newValue.width ?? .nan
            intrinsicHeight = newValue.height ?? .nan
        }
    }
    /// The first baseline's distance below the item's top (Apple's
    /// `firstBaselineOffsetFromTop`); nil means the bottom edge, as for a plain view.
    public internal(set) var firstBaselineOffsetFromTop: Double? {
        get { firstBaseline.isNaN ? nil : firstBaseline }
        set { firstBaseline = newValue ?? .nan }
    }
    /// The last baseline's distance above the item's bottom (Apple's
    /// `lastBaselineOffsetFromBottom`): an item stretched taller keeps its last baseline at
    /// that distance from its bottom. nil means the bottom edge, as for a plain view.
    public internal(set) var lastBaselineOffsetFromBottom: Double? {
        get { lastBaseline.isNaN ? nil : lastBaseline }
        set { lastBaseline = newValue ?? .nan }
    }
    /// The insets of the margin attributes (`LayoutEngine.setLayoutMargins`); 8 on every edge by
    /// default, as in UIKit.
    public internal(set) var layoutMargins: DirectionalInsets {
        get { extras?.layoutMargins ?? .defaultMargins }
        set { ownExtras().layoutMargins = newValue }
    }
    /// The direction set on this item, or nil to inherit from the parent.
    public internal(set) var semanticDirection: LayoutDirection? {
        get { extras?.semanticDirection }
        set { ownExtras().semanticDirection = newValue }
    }
    /// Whether the engine turns `autoresizingFrame` and `autoresizingMask` into constraints
    /// (`LayoutEngine.setAutoresizing`); false by default.
    public internal(set) var translatesAutoresizingMaskIntoConstraints: Bool {
        get { extras?.translatesAutoresizingMaskIntoConstraints ?? false }
        set { ownExtras().translatesAutoresizingMaskIntoConstraints = newValue }
    }
    /// Which parts stretch with the superview while the item translates its autoresizing mask.
    public internal(set) var autoresizingMask: AutoresizingMask {
        get { extras?.autoresizingMask ?? [] }
        set { ownExtras().autoresizingMask = newValue }
    }
    /// The frame autoresizing constraints were made from (superview coordinates).
    public internal(set) var autoresizingFrame: Frame {
        get { extras?.autoresizingFrame ?? .zero }
        set { ownExtras().autoresizingFrame = newValue }
    }

    init(name: String, kind: Kind, parent: LayoutItem?, engine: LayoutEngine, index: Int,
         variables: (Int32, Int32, Int32, Int32)) {
        precondition(index < Self.maximumCount)
        self.name = name
        self.kind = kind
        self.engine = engine
        storedIndex = Int32(index)
        storedRootIndex = parent?.storedRootIndex ?? Int32(index)
        storedParentIndex = parent?.storedIndex ?? -1
        depth = parent.map { $0.depth + 1 } ?? 0
        isRightToLeft = parent?.isRightToLeft ?? false
        (minX, minY, width, height) = variables
    }

    /// The superview of a view, or the view that owns a guide; nil for a root view, and
    /// once the engine is gone.
    ///
    /// Found by index in the engine rather than held: a weak reference to every parent
    /// gave each parent a side table, which made every retain and release of it slow.
    /// - Complexity: O(1).
    public var parent: LayoutItem? {
        guard storedParentIndex >= 0, let engine else { return nil }
        return engine.items[Int(storedParentIndex)]
    }

    /// The layout direction in effect: this item's own, else its nearest ancestor's, else
    /// left-to-right.
    public var effectiveLayoutDirection: LayoutDirection { isRightToLeft ? .rightToLeft : .leftToRight }

    /// The root of this item's hierarchy (the item itself once the engine is gone).
    /// - Complexity: O(1).
    public var root: LayoutItem {
        guard let engine else { return self }
        return engine.items[rootIndex]
    }

    /// Whether `self` is `other` or one of its descendants (only `other` itself once the
    /// engine is gone).
    /// - Complexity: O(depth) of `self`.
    public func isDescendant(of other: LayoutItem) -> Bool {
        if self === other { return true }
        guard let engine else { return false }
        var i = storedParentIndex
        while i >= 0 {
            let item = engine.items[Int(i)]
            if item === other { return true }
            i = item.storedParentIndex
        }
        return false
    }

    /// The priority of `size <= intrinsic` on `axis` (250, `defaultLow`, unless set with
    /// `LayoutEngine.setContentHuggingPriority`).
    public func contentHuggingPriority(for axis: Axis) -> Priority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// The priority of `size >= intrinsic` on `axis` (750, `defaultHigh`, unless set with
    /// `LayoutEngine.setCompressionResistancePriority`).
    public func compressionResistancePriority(for axis: Axis) -> Priority {
        axis == .horizontal ? compression.horizontal : compression.vertical
    }

    /// The item's name.
    public var description: String { name }

    // MARK: Anchors

    /// The leading edge, for constraints with other leading and trailing anchors or centers.
    public var leadingAnchor: XAxisAnchor<DirectionalEdge> { XAxisAnchor(self, .leading) }
    /// The trailing edge.
    public var trailingAnchor: XAxisAnchor<DirectionalEdge> { XAxisAnchor(self, .trailing) }
    /// The left edge, for constraints with other left and right anchors or centers.
    public var leftAnchor: XAxisAnchor<AbsoluteEdge> { XAxisAnchor(self, .left) }
    /// The right edge.
    public var rightAnchor: XAxisAnchor<AbsoluteEdge> { XAxisAnchor(self, .right) }
    /// The horizontal center, which pairs with any x-axis anchor.
    public var centerXAnchor: XAxisAnchor<NeutralPosition> { XAxisAnchor(self, .centerX) }
    /// The leading edge inset by the leading margin.
    public var leadingMarginAnchor: XAxisAnchor<DirectionalEdge> { XAxisAnchor(self, .leadingMargin) }
    /// The trailing edge inset by the trailing margin.
    public var trailingMarginAnchor: XAxisAnchor<DirectionalEdge> { XAxisAnchor(self, .trailingMargin) }
    /// The left edge inset by the margin on that side.
    public var leftMarginAnchor: XAxisAnchor<AbsoluteEdge> { XAxisAnchor(self, .leftMargin) }
    /// The right edge inset by the margin on that side.
    public var rightMarginAnchor: XAxisAnchor<AbsoluteEdge> { XAxisAnchor(self, .rightMargin) }
    /// The middle between the left and right margins.
    public var centerXWithinMarginsAnchor: XAxisAnchor<NeutralPosition> { XAxisAnchor(self, .centerXWithinMargins) }
    /// The top edge.
    public var topAnchor: YAxisAnchor { YAxisAnchor(self, .top) }
    /// The bottom edge.
    public var bottomAnchor: YAxisAnchor { YAxisAnchor(self, .bottom) }
    /// The vertical center.
    public var centerYAnchor: YAxisAnchor { YAxisAnchor(self, .centerY) }
    /// The first baseline (see `firstBaselineOffsetFromTop`).
    public var firstBaselineAnchor: YAxisAnchor { YAxisAnchor(self, .firstBaseline) }
    /// The last baseline (see `lastBaselineOffsetFromBottom`).
    public var lastBaselineAnchor: YAxisAnchor { YAxisAnchor(self, .lastBaseline) }
    /// The top edge inset by the top margin.
    public var topMarginAnchor: YAxisAnchor { YAxisAnchor(self, .topMargin) }
    /// The bottom edge inset by the bottom margin.
    public var bottomMarginAnchor: YAxisAnchor { YAxisAnchor(self, .bottomMargin) }
    /// The middle between the top and bottom margins.
    public var centerYWithinMarginsAnchor: YAxisAnchor { YAxisAnchor(self, .centerYWithinMargins) }
    /// The width, which pairs with widths and heights and may stand against a constant.
    public var widthAnchor: DimensionAnchor { DimensionAnchor(self, .width) }
    /// The height, which pairs with widths and heights and may stand against a constant.
    public var heightAnchor: DimensionAnchor { DimensionAnchor(self, .height) }
}
