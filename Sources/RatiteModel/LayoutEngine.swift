import RatiteSolver
import RatiteSupport

/// An Auto Layout engine: views and layout guides in hierarchies, constraints between their
/// attributes, intrinsic content size with hugging and compression resistance, margins,
/// baselines, layout direction and autoresizing masks, solved incrementally.
///
/// ```swift
/// let engine = LayoutEngine()
/// let root = try engine.addView("root")
/// let label = try engine.addView("label", in: root)
/// try engine.setSize(of: root, width: 320, height: 480)
/// try engine.setIntrinsicContentSize(IntrinsicSize(width: 42, height: 21), of: label)
/// try engine.activate([
///     label.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor),
///     label.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
/// ])
/// engine.layout()
/// label.frame                                // 8 20 42 21
/// ```
///
/// The engine solves in root coordinates; frames are reported in each item's parent's
/// coordinates. One engine must not be used from two threads at once.
public final class LayoutEngine {
    // Unchecked exclusivity on the records every operation reaches: an engine is used by one
    // thread at a time (see above), nothing accesses them re-entrantly (callbacks run
    // between solver calls, not inside them), and the dynamic checks would weigh on every
    // layout's hot paths.
    @exclusivity(unchecked) package var core = SimplexCore()
    /// Every item, in creation order.
    @exclusivity(unchecked) public private(set) var items: [LayoutItem] = []
    /// Each item's index by name.
    @exclusivity(unchecked) private var itemNames = NameTable()
    /// The item owning each core variable.
    @exclusivity(unchecked) var itemOfVariable: [Int32] = []
    /// The layout constraint behind each core constraint id.
    @exclusivity(unchecked) var constraintOfCoreID: [LayoutConstraint?] = []
    @exclusivity(unchecked) var activationCounter: UInt64 = 0

    // Unchecked exclusivity: plain numbers, never accessed in place for long, read on every
    // VFL parse (where the dynamic check costs more than the read).
    /// Spacing VFL's bare `-` means between siblings.
    @exclusivity(unchecked) public var standardSpacing = 8.0
    /// Spacing VFL's bare `-` means next to the superview's edge on `.macos`.
    @exclusivity(unchecked) public var superviewSpacing = 20.0
    /// The platform whose conventions VFL follows (see `LayoutPlatform`); `.ios` by
    /// default, where a bare `-` next to `|` pins to the superview's layout margins.
    /// Affects constraints made from VFL after the change.
    @exclusivity(unchecked) public var platform = LayoutPlatform.ios
    /// When true, unsatisfiable required constraints make the operation throw
    /// `LayoutError.unsatisfiable` and change nothing; when false (the default), the engine
    /// breaks one constraint (see `ConflictReport`) and logs a report, like Auto Layout.
    public var throwsOnConflict = false
    /// Every conflict report since the engine was created, oldest first.
    public internal(set) var conflictLog: [ConflictReport] = []
    /// Called with each conflict report as it happens.
    public var onConflict: ((ConflictReport) -> Void)?
    /// Every change to a live constraint's `constant`, `priority` or `isActive` that the
    /// engine refused (nothing changed), oldest first.
    public internal(set) var refusedChanges: [RefusedChange] = []
    /// Called with each refused live change as it happens.
    public var onRefusedChange: ((RefusedChange) -> Void)?
    /// Hidden lowest-priority constraints that hold the layout `exerciseAmbiguity` chose, and
    /// the priority they use.
    var exerciseConstraints: [Int32] = []
    var exercisePriority = 0.0
    /// While an operation runs: how to restore the engine's Swift-side records if it fails
    /// (see `transaction`).
    @exclusivity(unchecked) var undoLog: [UndoStep] = []
    /// The activations that `.activations` steps of `undoLog` take back.
    @exclusivity(unchecked) var activationLog: [ActivationRecord] = []
    /// `undoLog`'s length right after its last step began a run of activations, -1 when
    /// the run is over: an activation logged at that length joins the run.
    @exclusivity(unchecked) var activationRunEnd = -1
    /// How many operations are running, nested (see `transaction`).
    @exclusivity(unchecked) var transactionDepth = 0
    /// Solver terms of the constraint being installed: one buffer, not an array each.
    @exclusivity(unchecked) var termScratch: [VariableTerm] = []
    /// Per item, the number of the last `layout()` that marked it (see `layout`).
    @exclusivity(unchecked) private var layoutMarks: [UInt32] = []
    @exclusivity(unchecked) private var layoutNumber: UInt32 = 0
    /// How many items there were at the last `layout()`: the items from this index on are
    /// new, and that layout sets their frames (see `layout`).
    @exclusivity(unchecked) private var laidOutItemCount = 0

    /// An empty engine: no items, no constraints, iOS conventions.
    public init() {
        core.deriveVariableNames { [weak self] v in self?.variableName(v) ?? "v\(v)" }
    }

    /// `item.left`, `item.top`, `item.width` or `item.height`: the core's name for one of an
    /// item's variables, derived rather than stored.
    private func variableName(_ v: Int32) -> String {
        let i = Int(v) < itemOfVariable.count ? Int(itemOfVariable[Int(v)]) : -1
        guard i >= 0, i < items.count else { return "v\(v)" }
        let item = items[i]
        let attribute = switch v {
        case item.minX: "left"
        case item.minY: "top"
        case item.width: "width"
        default: "height"
        }
        return "\(item.name).\(attribute)"
    }

    /// Items and constraints refer to each other (a constraint holds its items, an item lists
    /// its constraints); break those cycles so everything goes with the engine.
    deinit {
        for item in items {
            item.removeAllListed()
            item.ownConstraints.removeAll()
            item.children.removeAll()
        }
    }

    // MARK: Items

    /// Adds a view named `name` (unique in the engine) as the last subview of `parent`, or as
    /// a root view when `parent` is nil. A root view sits at the origin.
    /// - Throws: `duplicateItemName`, or `invalidValue` when `parent` is a layout guide.
    /// - Complexity: O(1) amortized for a subview; a root view also adds its two origin
    ///   constraints to the solver.
    @discardableResult
    public func addView(_ name: String, in parent: LayoutItem? = nil) throws(LayoutError) -> LayoutItem {
        if let parent { try checkItem(parent) }
        if let parent, parent.kind == .guide {
            throw .invalidValue("'\(parent.name)' is a layout guide and cannot have subviews")
        }
        // A subview adds no solver constraint, and nothing fails once its name is checked:
        // it needs no transaction of its own (inside another operation it still logs).
        if let parent { return try makeItem(name, kind: .view, parent: parent) }
        return try transaction { () throws(LayoutError) in
            let item = try makeItem(name, kind: .view, parent: nil)
            try installOwn([
                LayoutConstraint(item, .left, .equal, nil, .notAnAttribute, kind: .rootFrame),
                LayoutConstraint(item, .top, .equal, nil, .notAnAttribute, kind: .rootFrame),
            ], of: item)
            return item
        }
    }

    /// Adds a layout guide named `name` owned by view `owner`. With `insets`, the guide is
    /// pinned inside its owner's edges by those (directional) insets, like a safe area;
    /// otherwise constrain it yourself.
    /// - Throws: `duplicateItemName`, or `invalidValue` when `owner` is a guide or an inset is
    ///   not finite.
    /// - Complexity: O(1) amortized without `insets`; with them, the cost of adding four
    ///   constraints to the solver.
    @discardableResult
    public func addGuide(
        _ name: String, in owner: LayoutItem, insets: DirectionalInsets? = nil
    ) throws(LayoutError) -> LayoutItem {
        try checkItem(owner)
        guard owner.kind == .view else {
            throw .invalidValue("'\(owner.name)' is a layout guide and cannot own guides")
        }
        if let insets, !insets.isInRange { throw .invalidValue("guide insets must be finite and at most 1e300") }
        return try transaction { () throws(LayoutError) in
            let guide = try makeItem(name, kind: .guide, parent: owner)
            if let insets {
                try installOwn([
                    LayoutConstraint(guide, .top, .equal, owner, .top, constant: insets.top, kind: .guideInsets),
                    LayoutConstraint(
                        guide, .leading, .equal, owner, .leading, constant: insets.leading, kind: .guideInsets),
                    LayoutConstraint(
                        guide, .bottom, .equal, owner, .bottom, constant: -insets.bottom, kind: .guideInsets),
                    LayoutConstraint(
                        guide, .trailing, .equal, owner, .trailing, constant: -insets.trailing, kind: .guideInsets),
                ], of: guide)
            }
            return guide
        }
    }

    /// Makes and registers an item; throws before changing anything.
    private func makeItem(
        _ name: String, kind: LayoutItem.Kind, parent: LayoutItem?
    ) throws(LayoutError) -> LayoutItem {
        guard itemNames.number(of: name) == nil else { throw .duplicateItemName(name) }
        guard items.count < LayoutItem.maximumCount else {
            throw .invalidValue("an engine holds at most \(LayoutItem.maximumCount) items")
        }
        // Names derive from the item (`variableName`).
        let variables = (
            core.newVariable(name: ""), core.newVariable(name: ""), core.newVariable(name: ""),
            core.newVariable(name: ""))
        let item = LayoutItem(
            name: name, kind: kind, parent: parent, engine: self, index: items.count, variables: variables)
        let mappedBefore = itemOfVariable.count
        for v in [variables.0, variables.1, variables.2, variables.3] {
            while itemOfVariable.count <= Int(v) { itemOfVariable.append(-1) }
            itemOfVariable[Int(v)] = Int32(item.index)
        }
        items.append(item)
        _ = itemNames.insert(name)
        if let parent {
            // Appended in place: rebuilding the list (or keeping the old one for the undo)
            // would copy every sibling, quadratic over a wide parent.
            parent.children.append(item)
            if isLogging { onUndo { parent.children.removeLast() } }
        }
        guard isLogging else { return item }
        onUndo { [weak self] in
            guard let self else { return }
            self.items.removeLast()
            self.itemNames.removeLast()
            for v in [variables.0, variables.1, variables.2, variables.3] where Int(v) < self.itemOfVariable.count {
                self.itemOfVariable[Int(v)] = -1
            }
            self.itemOfVariable.removeSubrange(min(mappedBefore, self.itemOfVariable.count)...)
        }
        return item
    }

    /// The item called `name`, or nil. Names are compared by their UTF-8 bytes, as a format
    /// or a C caller spells them: "\u{e9}" and "e\u{301}" name two items.
    /// - Complexity: O(1) on average: one hash table lookup.
    public func item(named name: String) -> LayoutItem? { itemNames.number(of: name).map { items[Int($0)] } }

    /// The index of the item whose name's UTF-8 bytes are `name`, or nil: a lookup without a
    /// `String`, for names read from a format's bytes.
    package func itemNumber(named name: UnsafeBufferPointer<UInt8>) -> Int32? { itemNames.number(of: name) }

    /// Whether the last `layout()` passed its check against the constraints as written (see
    /// docs/numerics.md): false only when the solver could not make a required constraint
    /// hold even after rebuilding its tableau, which input within the documented range never
    /// causes. The frames are set either way.
    public private(set) var isAnswerVerified = true

    // MARK: Frames

    /// Solves what changed since the last call and updates every affected item's `frame`,
    /// and the frame of every item added since.
    /// - Returns: the items whose frames changed, in creation order.
    /// - Complexity: proportional to the variables whose values may have changed, the
    ///   children of items that moved, and the items added since the last call.
    @discardableResult
    public func layout() -> [LayoutItem] {
        let unverified = core.statistics.unverifiedAnswers
        core.updateValues()
        isAnswerVerified = core.statistics.unverifiedAnswers == unverified
        // Items are marked with this layout's number rather than gathered in a `Set`:
        // hashing each moved variable's item cost a resized grid's layout as much as the
        // solver's update.
        layoutNumber &+= 1
        if layoutNumber == 0 {
            // Wrapped: no mark may equal a number still to come.
            for i in layoutMarks.indices { layoutMarks[i] = 0 }
            layoutNumber = 1
        }
        if layoutMarks.count < items.count {
            layoutMarks.append(contentsOf: repeatElement(0, count: items.count - layoutMarks.count))
        }
        var touched: [Int] = []
        func touch(_ i: Int) {
            if layoutMarks[i] != layoutNumber {
                layoutMarks[i] = layoutNumber
                touched.append(i)
            }
        }
        // A new item's frame is set even when no solver value moves: its variables may keep
        // the values they started with, which no change reports, while its frame in its
        // parent's coordinates is not the `.zero` it was made with (under a parent away from
        // the origin). Items are only ever appended, and a rolled-back operation removes only
        // its own (no `layout()` runs inside one), so the new ones are the tail of `items`.
        if laidOutItemCount < items.count {
            for i in laidOutItemCount..<items.count { touch(i) }
        }
        laidOutItemCount = items.count
        for v in core.takeChangedVariables() {
            let i = Int(itemOfVariable[Int(v)])
            guard i >= 0 else { continue }
            touch(i)
            let item = items[i]
            if v == item.minX || v == item.minY {
                for child in item.children { touch(child.index) }
            }
        }
        touched.sort()
        var changed: [LayoutItem] = []
        for i in touched {
            let item = items[i]
            let frame = solvedFrame(of: item)
            if frame != item.frame {
                item.frame = frame
                changed.append(item)
            }
        }
        return changed
    }

    /// The item's frame in its parent's coordinates, from the current solution.
    func solvedFrame(of item: LayoutItem) -> Frame {
        var x = core.currentValue(ofVariable: item.minX)
        var y = core.currentValue(ofVariable: item.minY)
        if let parent = parent(of: item) {
            x -= core.currentValue(ofVariable: parent.minX)
            y -= core.currentValue(ofVariable: parent.minY)
        }
        return Frame(x: x == 0 ? 0 : x, y: y == 0 ? 0 : y, width: core.currentValue(ofVariable: item.width),
                     height: core.currentValue(ofVariable: item.height))
    }

    /// The item's frame in root coordinates after the last `layout()`.
    /// - Complexity: O(1): four value reads.
    public func frameInRoot(of item: LayoutItem) -> Frame {
        Frame(x: core.currentValue(ofVariable: item.minX), y: core.currentValue(ofVariable: item.minY),
              width: core.currentValue(ofVariable: item.width), height: core.currentValue(ofVariable: item.height))
    }

    /// Every constraint the engine holds (user and engine-made), in activation order.
    ///
    /// The first listing makes the objects of the content-size pairs the solver holds
    /// without them (see `LayoutEngine+ContentSize.swift`), so even this read changes the
    /// engine's records: like every call, it must not overlap another on the same engine.
    /// - Complexity: O(c log c) for the c constraints held, which are sorted; the first
    ///   listing also makes the objects of the content-size pairs.
    public var activeConstraints: [LayoutConstraint] {
        materializeAllContentSize()
        var seen = Set<ObjectIdentifier>()
        var result: [LayoutConstraint] = []
        for item in items {
            for c in item.ownConstraints + item.constraints where c.isActive
                && seen.insert(ObjectIdentifier(c)).inserted {
                result.append(c)
            }
        }
        return result.sorted { $0.activationSerial < $1.activationSerial }
    }

    /// The solver's pivot and expansion counters.
    /// - Complexity: O(1).
    public var statistics: SolverStatistics { core.statistics }
}
