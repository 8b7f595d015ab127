import RatiteSolver
import RatiteSupport
import RatiteVFL

/// Item properties that feed layout. Each setter updates the constraints that depend on the
/// property incrementally: constants move through the solver's fast path, and only
/// constraints whose shape changes are reinstalled.
extension LayoutEngine {
    /// Sets the size of a root view (required constraints; resizing later is a constant
    /// change).
    /// - Complexity: the first call adds two constraints; later calls move their constants
    ///   (as `setConstant(_:for:)`).
    public func setSize(of root: LayoutItem, width: Double, height: Double) throws(LayoutError) {
        guard root.engine === self, root.parent == nil, root.kind == .view else {
            throw .invalidValue("'\(root.name)' is not a root view")
        }
        guard isInRange(width), isInRange(height), width >= 0, height >= 0 else {
            throw .invalidValue(
                "a size must be finite, at most 1e300 and not negative, not \(width) × \(height)")
        }
        try transaction { () throws(LayoutError) in
            let existing = root.ownConstraints.filter { $0.kind == .rootFrame && $0.firstAttribute.isDimension }
            if existing.isEmpty {
                try installOwn([
                    LayoutConstraint(root, .width, .equal, nil, .notAnAttribute, constant: width, kind: .rootFrame),
                    LayoutConstraint(root, .height, .equal, nil, .notAnAttribute, constant: height, kind: .rootFrame),
                ], of: root)
                return
            }
            for c in existing { set(\.storedConstant, of: c, to: c.firstAttribute == .width ? width : height) }
            try refresh(existing)
        }
    }

    /// Sets an item's intrinsic content size. Per axis with a value, the engine maintains
    /// `size <= value` at the hugging priority and `size >= value` at the compression
    /// resistance priority.
    /// - Complexity: that of adding, removing or moving the constants of the item's (at most
    ///   four) content-size constraints.
    public func setIntrinsicContentSize(_ size: IntrinsicSize, of item: LayoutItem) throws(LayoutError) {
        try checkItem(item)
        for value in [size.width, size.height] {
            if let value, !(isInRange(value) && value >= 0) {
                throw .invalidValue(
                    "an intrinsic size must be finite, at most 1e300 and not negative, not \(value)")
            }
        }
        try transaction { () throws(LayoutError) in
            set(\.intrinsicContentSize, of: item, to: size)
            try updateContentSizeConstraints(of: item)
        }
    }

    /// Sets the priority of `size <= intrinsic` on `axis` (Apple's content hugging; 250 by
    /// default).
    /// - Complexity: that of `setPriority(_:for:)` on the item's hugging constraint.
    public func setContentHuggingPriority(
        _ priority: Priority, for axis: Axis, of item: LayoutItem
    ) throws(LayoutError) {
        try setContentSizePriority(
            priority, for: axis, of: item, at: axis == .horizontal ? \.hugging.horizontal : \.hugging.vertical)
    }

    /// Sets the priority of `size >= intrinsic` on `axis` (Apple's compression resistance; 750
    /// by default).
    /// - Complexity: that of `setPriority(_:for:)` on the item's compression constraint.
    public func setCompressionResistancePriority(
        _ priority: Priority, for axis: Axis, of item: LayoutItem
    ) throws(LayoutError) {
        try setContentSizePriority(
            priority, for: axis, of: item, at: axis == .horizontal ? \.compression.horizontal : \.compression.vertical)
    }

    private func setContentSizePriority(
        _ priority: Priority, for axis: Axis, of item: LayoutItem, at path: ReferenceWritableKeyPath<LayoutItem,
        Priority>
    ) throws(LayoutError) {
        try checkItem(item)
        guard priority.isValid else { throw .invalidPriority(priority.value) }
        // A required side separates the pair (see `updateContentSizeConstraints`). Its
        // objects are made first, outside the operation: a conflict report names them,
        // and a refused change (strict mode) must leave them live, not undone.
        if priority.isRequired { materializeContentSize(of: item, on: axis) }
        try transaction { () throws(LayoutError) in
            set(path, of: item, to: priority)
            try updateContentSizeConstraints(of: item)
        }
    }

    /// Sets an item's layout margins (directional: leading and trailing swap sides under
    /// right-to-left).
    /// - Complexity: that of moving the constants of the constraints on the item (its margin
    ///   attributes), plus sorting them by activation.
    public func setLayoutMargins(_ margins: DirectionalInsets, of item: LayoutItem) throws(LayoutError) {
        try checkItem(item)
        guard margins.isInRange else { throw .invalidValue("margins must be finite and at most 1e300") }
        try transaction { () throws(LayoutError) in
            set(\.layoutMargins, of: item, to: margins)
            try refreshConstraints(of: [item])
        }
    }

    /// Sets an item's layout direction; nil inherits the parent's. Leading and trailing of the
    /// item and of every descendant that inherits it follow, and so does every constraint on
    /// leading/trailing positions measured in one of them (the items' nearest common
    /// ancestor), even between descendants that set their own direction.
    /// - Complexity: proportional to the item and the descendants that inherit its direction,
    ///   plus re-deriving the constraints on them: constants move, and a constraint whose
    ///   terms change is removed and added again. When two or more children of those items
    ///   set their own direction, add the subtrees of those children and the constraints on
    ///   their items.
    public func setLayoutDirection(_ direction: LayoutDirection?, of item: LayoutItem) throws(LayoutError) {
        try checkItem(item)
        // Pre-order, with an explicit stack: a hierarchy can be deeper than the call stack.
        var affected: [LayoutItem] = []
        // The children of affected items that keep their own direction: the change stops at
        // them, but not for constraints between two of their subtrees (see
        // `directionalConstraints(between:)`).
        var ownDirection: [LayoutItem] = []
        var pending = [item]
        while let i = pending.popLast() {
            affected.append(i)
            for child in i.children.reversed() {
                if child.semanticDirection == nil { pending.append(child) } else { ownDirection.append(child) }
            }
        }
        let measuredAcross = directionalConstraints(between: ownDirection)
        try transaction { () throws(LayoutError) in
            set(\.semanticDirection, of: item, to: direction)
            // Pre-order: each parent's direction is current before its children's.
            for i in affected {
                let inherited = parent(of: i)?.isRightToLeft ?? false
                let rightToLeft = i.semanticDirection.map { $0 == .rightToLeft } ?? inherited
                if i.isRightToLeft != rightToLeft { set(\.isRightToLeft, of: i, to: rightToLeft) }
            }
            try refreshConstraints(of: affected, and: measuredAcross)
        }
    }

    /// The installed constraints on leading/trailing positions between items of two different
    /// subtrees of `roots` (disjoint subtrees).
    ///
    /// A constraint on leading/trailing positions is measured along the direction of its
    /// items' nearest common ancestor (`solverForm`). When a direction change reaches that
    /// ancestor but neither item, because each sits in the subtree of a different child
    /// that sets its own direction, no list of an affected item holds the constraint: these
    /// are those constraints. Constraints within one subtree are measured inside it, where
    /// the change does not reach.
    private func directionalConstraints(between roots: [LayoutItem]) -> [LayoutConstraint] {
        // Such a constraint joins two subtrees: with fewer there is none, and the walk (the
        // whole of each subtree) is skipped, as it is for nearly every direction change.
        guard roots.count > 1 else { return [] }
        var subtreeOfItem: [Int: Int] = [:]
        var members: [LayoutItem] = []
        for (k, root) in roots.enumerated() {
            var pending = [root]
            while let i = pending.popLast() {
                subtreeOfItem[i.index] = k
                members.append(i)
                pending.append(contentsOf: i.children)
            }
        }
        var result: [LayoutConstraint] = []
        for i in members {
            let k = subtreeOfItem[i.index]
            // Each constraint is listed on its first item: taken there, it is taken once.
            for c in i.constraints where c.firstItem === i && c.isInstalled
                && (c.firstAttribute.isDirectional || c.secondAttribute.isDirectional) {
                guard let second = c.secondItem, let l = subtreeOfItem[second.index], l != k else { continue }
                result.append(c)
            }
        }
        return result
    }

    /// Sets the baseline offsets as UIKit and AppKit measure them: the first baseline
    /// `firstFromTop` below the item's top, the last `lastFromBottom` above its bottom, so
    /// an item stretched taller keeps its last baseline that far from its bottom. nil puts
    /// that baseline on the bottom edge, as for a plain view. A single line of text `h` high
    /// with its baseline `b` below the top has `firstFromTop: b, lastFromBottom: h - b`.
    /// - Complexity: that of moving the constants of the constraints on the item.
    public func setBaselineOffsets(
        firstFromTop: Double?, lastFromBottom: Double?, of item: LayoutItem
    ) throws(LayoutError) {
        try checkItem(item)
        for value in [firstFromTop, lastFromBottom] {
            if let value, !isInRange(value) {
                throw .invalidValue("a baseline offset must be finite and at most 1e300, not \(value)")
            }
        }
        try transaction { () throws(LayoutError) in
            set(\.firstBaselineOffsetFromTop, of: item, to: firstFromTop)
            set(\.lastBaselineOffsetFromBottom, of: item, to: lastFromBottom)
            try refreshConstraints(of: [item])
        }
    }

    /// Makes the item translate `frame` (in its superview's coordinates) and `mask` into
    /// required constraints, as UIKit does for `translatesAutoresizingMaskIntoConstraints`:
    /// when the superview's size changes, the flexible parts share the change in proportion
    /// to their sizes when the frame was set, and the fixed parts keep their sizes. Pass nil
    /// to stop translating.
    /// - Complexity: that of removing the item's previous autoresizing constraints and adding
    ///   the new ones (four at most).
    public func setAutoresizing(frame: Frame?, mask: AutoresizingMask = [], of item: LayoutItem) throws(LayoutError) {
        try checkItem(item)
        if let frame {
            guard isInRange(frame.x), isInRange(frame.y), isInRange(frame.width), isInRange(frame.height),
                frame.width >= 0, frame.height >= 0 else {
                throw .invalidValue(
                    "an autoresizing frame must be finite and at most 1e300, with a non-negative size")
            }
        }
        try transaction { () throws(LayoutError) in
            try removeOwn(item.ownConstraints.filter { $0.kind == .autoresizing }, of: item)
            set(\.translatesAutoresizingMaskIntoConstraints, of: item, to: frame != nil)
            set(\.autoresizingMask, of: item, to: mask)
            set(\.autoresizingFrame, of: item, to: frame ?? .zero)
            if let frame { try installOwn(autoresizingConstraints(of: item, frame: frame, mask: mask), of: item) }
        }
    }

    /// Items must belong to this engine.
    func checkItem(_ item: LayoutItem) throws(LayoutError) {
        guard item.engine === self else { throw .unknownItem(item.name) }
    }

    private func autoresizingConstraints(
        of item: LayoutItem, frame: Frame, mask: AutoresizingMask
    ) -> [LayoutConstraint] {
        guard let parent = parent(of: item) else {
            // A root has no superview to follow: it just takes the frame.
            return [
                LayoutConstraint(
                    item, .width, .equal, nil, .notAnAttribute, constant: frame.width, kind: .autoresizing),
                LayoutConstraint(
                    item, .height, .equal, nil, .notAnAttribute, constant: frame.height, kind: .autoresizing),
            ]
        }
        // Inside a transaction: compute the size without refreshing the value caches.
        let size = (core.freshValue(ofVariable: parent.width), core.freshValue(ofVariable: parent.height))
        var result: [LayoutConstraint] = []
        for axis in Axis.allCases {
            let horizontal = axis == .horizontal
            let (start, length) = horizontal ? (frame.x, frame.width) : (frame.y, frame.height)
            let parentLength = horizontal ? size.0 : size.1
            let end = parentLength - start - length
            let flexStart = mask.contains(horizontal ? .flexibleLeftMargin : .flexibleTopMargin)
            let flexLength = mask.contains(horizontal ? .flexibleWidth : .flexibleHeight)
            let flexEnd = mask.contains(horizontal ? .flexibleRightMargin : .flexibleBottomMargin)
            let (startAttr, sizeAttr): (Attribute, Attribute) = horizontal ? (.left, .width) : (.top, .height)
            // Each flexible part's share of a change in the superview's size: proportional to
            // its current size, or equal shares when they are all zero.
            let parts = [(flexStart, start), (flexLength, length), (flexEnd, end)]
            let flexibleTotal = parts.filter(\.0).map { max($0.1, 0) }.reduce(0, +)
            let flexibleCount = Double(parts.filter(\.0).count)
            func share(_ index: Int) -> Double {
                guard parts[index].0 else { return 0 }
                return flexibleTotal > 0 ? max(parts[index].1, 0) / flexibleTotal : 1 / flexibleCount
            }
            // Position: the start edge moves by the start margin's share.
            let startShare = share(0)
            result.append(LayoutConstraint(
                item, startAttr, .equal, parent, startAttr, constant: start - startShare * parentLength,
                kind: .autoresizing, superviewShare: startShare == 0 ? nil : (parent, sizeAttr, startShare)))
            // Size: grows by its own share.
            let lengthShare = share(1)
            if lengthShare == 0 {
                result.append(LayoutConstraint(
                    item, sizeAttr, .equal, nil, .notAnAttribute, constant: length, kind: .autoresizing))
            } else {
                result.append(LayoutConstraint(
                    item, sizeAttr, .equal, parent, sizeAttr, multiplier: lengthShare,
                    constant: length - lengthShare * parentLength, kind: .autoresizing))
            }
        }
        return result
    }

    /// Refreshes every installed constraint that mentions one of `items`, and those of
    /// `others`.
    func refreshConstraints(of items: [LayoutItem], and others: [LayoutConstraint] = []) throws(LayoutError) {
        var seen = Set<ObjectIdentifier>()
        var list: [LayoutConstraint] = []
        for c in others where seen.insert(ObjectIdentifier(c)).inserted { list.append(c) }
        for item in items {
            for c in item.ownConstraints where c.isActive && seen.insert(ObjectIdentifier(c)).inserted {
                list.append(c)
            }
            for c in item.constraints where seen.insert(ObjectIdentifier(c)).inserted { list.append(c) }
        }
        list.sort { $0.activationSerial < $1.activationSerial }
        try refresh(list)
    }
}
