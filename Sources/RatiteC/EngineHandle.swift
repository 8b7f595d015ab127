import CRatite
import Ratite

/// What `ratite_engine *` points to: a layout engine plus id bookkeeping and the strings the
/// handle hands out.
final class EngineHandle: FailingHandle {
    let engine = LayoutEngine()
    // Unchecked exclusivity: a handle is used by one thread at a time and these are never
    // accessed re-entrantly; the dynamic check costs more than ratite_engine_vfl_parse's
    // uses of them.
    @exclusivity(unchecked) var itemIDs: IDSpace
    var constraintIDs: IDSpace
    var constraints: [LayoutConstraint?] = []
    var freeSlots: [Int32] = []
    let lastError = HandleString()
    let rendering = HandleString()
    /// The name `ratite_engine_item_describe` hands out.
    let itemName = HandleString()
    var lastErrorOffset: Int? = nil
    var changed: [UInt64] = []
    /// The records of the last `ratite_engine_vfl_parse`, kept for their storage.
    @exclusivity(unchecked) var vflRecords: [VFLRecord] = []

    init() {
        let tag = IDSpace.newTag()
        itemIDs = IDSpace(kind: .item, tag: tag)
        constraintIDs = IDSpace(kind: .layoutConstraint, tag: tag)
    }

    /// The message, and for any failure but a parse error the end of the last parse
    /// error's offset and rendering: those describe only the error they came with.
    func remember(_ failure: CFailure) {
        lastError.set(failure.message)
        if failure.status != RATITE_ERROR_PARSE {
            lastErrorOffset = nil
            rendering.set("")
        }
    }

    /// Items are never removed, so an item's slot is its index + 1 (slot 0 is never valid)
    /// and its generation stays 0.
    func id(of item: LayoutItem) -> ratite_item { id(ofIndex: item.index) }

    /// The id of the item at `index` in `engine.items`.
    func id(ofIndex index: Int) -> ratite_item { itemIDs.id(for: Int32(index + 1)) }

    // Inlined so that a loop over ids checks access to `engine.items` once, not per id.
    @inline(__always)
    func item(_ id: ratite_item) throws(CFailure) -> LayoutItem {
        guard let slot = itemIDs.slot(of: id), slot >= 1, Int(slot) <= engine.items.count else {
            throw CFailure(RATITE_ERROR_UNKNOWN, "unknown item id \(id)")
        }
        return engine.items[Int(slot) - 1]
    }

    /// The item, or nil for RATITE_NO_ITEM.
    func optionalItem(_ id: ratite_item) throws(CFailure) -> LayoutItem? {
        id == RATITE_NO_ITEM ? nil : try item(id)
    }

    func register(_ constraint: LayoutConstraint) -> ratite_layout_constraint {
        let slot: Int32
        if let reused = freeSlots.popLast() {
            slot = reused
            constraints[Int(slot)] = constraint
        } else {
            slot = Int32(constraints.count)
            constraints.append(constraint)
        }
        return constraintIDs.id(for: slot)
    }

    func constraint(_ id: ratite_layout_constraint) throws(CFailure) -> (slot: Int32, constraint: LayoutConstraint) {
        guard let slot = constraintIDs.slot(of: id), Int(slot) < constraints.count,
            let c = constraints[Int(slot)] else {
            throw CFailure(RATITE_ERROR_UNKNOWN, "unknown layout constraint id \(id)")
        }
        return (slot, c)
    }

    func forget(slot: Int32) {
        constraints[Int(slot)] = nil
        constraintIDs.retire(slot)
        freeSlots.append(slot)
    }
}

/// The status code for a layout error.
func failure(_ error: LayoutError) -> CFailure {
    let status: Int32
    switch error {
    case .foreignItem, .unknownItem: status = RATITE_ERROR_UNKNOWN
    case .noCommonAncestor, .missingAttribute, .mixedAxes, .mixedDirectionality, .invalidPairing,
        .positionAgainstConstant, .requiredPriorityChange:
        status = RATITE_ERROR_INVALID_CONSTRAINT
    case .invalidMultiplier(_, let m): status = m.isFinite ? RATITE_ERROR_INVALID_CONSTRAINT : RATITE_ERROR_NON_FINITE
    case .nonFiniteConstant: status = RATITE_ERROR_NON_FINITE
    case .invalidPriority(let p): status = p.isFinite ? RATITE_ERROR_INVALID_PRIORITY : RATITE_ERROR_NON_FINITE
    case .invalidValue: status = RATITE_ERROR_INVALID_ARGUMENT
    case .duplicateItemName: status = RATITE_ERROR_DUPLICATE
    case .unsatisfiable: status = RATITE_ERROR_UNSATISFIABLE
    case .internalError: status = RATITE_ERROR_INTERNAL
    }
    return CFailure(status, error.description)
}

/// Runs `body` on the engine handle behind `pointer` (`FailingHandle.call`).
func withEngine(_ pointer: OpaquePointer?, _ body: (EngineHandle) throws(CFailure) -> Void) -> ratite_status {
    EngineHandle.call(pointer, body)
}

/// The fixtures library's way in to a `ratite_engine *` (Sources/RatiteFixtures,
/// `ratite_engine_build_form`): runs `body` on the handle's layout engine exactly as this
/// library's own calls run (NULL refused, a failure returned as its status and kept as the
/// handle's last error), and gives it the function that turns an item into its C id. The
/// handle itself stays internal: the fixtures see the engine, not the id bookkeeping.
package func withLayoutEngine(
    _ pointer: OpaquePointer?, _ body: (LayoutEngine, (LayoutItem) -> ratite_item) throws(CFailure) -> Void
) -> ratite_status {
    withEngine(pointer) { h throws(CFailure) in try body(h.engine) { h.id(of: $0) } }
}

/// The shape of every C call that changes one item: the item behind `id` (an unknown id
/// fails first), then the call's own argument checks, then the change to the engine, whose
/// `LayoutError` becomes the status.
func itemChange(
    _ engine: OpaquePointer?, _ id: ratite_item, _ first: ArgumentCheck? = nil, _ second: ArgumentCheck? = nil,
    checks: () throws(CFailure) -> Void = {}, change: (LayoutEngine, LayoutItem) throws(LayoutError) -> Void
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let item = try h.item(id)
        try first?.run()
        try second?.run()
        try checks()
        try layoutCall { () throws(LayoutError) in try change(h.engine, item) }
    }
}

/// The shape of the C calls that read one thing about an item: the item behind `id` (an
/// unknown id fails first), then the output pointer, then `value`.
func itemQuery<T>(
    _ engine: OpaquePointer?, _ id: ratite_item, _ out: UnsafeMutablePointer<T>?,
    _ value: (LayoutEngine, LayoutItem) -> T
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let item = try h.item(id)
        try output(out, "out").pointee = value(h.engine, item)
    }
}

/// `itemChange` for one layout constraint.
func constraintChange(
    _ engine: OpaquePointer?, _ id: ratite_layout_constraint, _ check: ArgumentCheck? = nil,
    change: (LayoutEngine, LayoutConstraint) throws(LayoutError) -> Void
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let c = try h.constraint(id).constraint
        try check?.run()
        try layoutCall { () throws(LayoutError) in try change(h.engine, c) }
    }
}

/// Runs a layout-engine call, translating its error.
func layoutCall<T>(_ body: () throws(LayoutError) -> T) throws(CFailure) -> T {
    do { return try body() } catch { throw failure(error) }
}

func decodeAttribute(_ value: ratite_attribute) throws(CFailure) -> Attribute {
    let table: [Attribute] = [
        .notAnAttribute, .left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY,
        .lastBaseline, .firstBaseline, .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin,
        .trailingMargin, .centerXWithinMargins, .centerYWithinMargins,
    ]
    guard value >= 0 && Int(value) < table.count else {
        throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "unknown attribute \(value)")
    }
    return table[Int(value)]
}

/// The C number of an attribute (NSLayoutAttribute's).
func encodeAttribute(_ attribute: Attribute) -> ratite_attribute {
    switch attribute {
    case .notAnAttribute: RATITE_ATTRIBUTE_NOT_AN_ATTRIBUTE
    case .left: RATITE_ATTRIBUTE_LEFT
    case .right: RATITE_ATTRIBUTE_RIGHT
    case .top: RATITE_ATTRIBUTE_TOP
    case .bottom: RATITE_ATTRIBUTE_BOTTOM
    case .leading: RATITE_ATTRIBUTE_LEADING
    case .trailing: RATITE_ATTRIBUTE_TRAILING
    case .width: RATITE_ATTRIBUTE_WIDTH
    case .height: RATITE_ATTRIBUTE_HEIGHT
    case .centerX: RATITE_ATTRIBUTE_CENTER_X
    case .centerY: RATITE_ATTRIBUTE_CENTER_Y
    case .lastBaseline: RATITE_ATTRIBUTE_LAST_BASELINE
    case .firstBaseline: RATITE_ATTRIBUTE_FIRST_BASELINE
    case .leftMargin: RATITE_ATTRIBUTE_LEFT_MARGIN
    case .rightMargin: RATITE_ATTRIBUTE_RIGHT_MARGIN
    case .topMargin: RATITE_ATTRIBUTE_TOP_MARGIN
    case .bottomMargin: RATITE_ATTRIBUTE_BOTTOM_MARGIN
    case .leadingMargin: RATITE_ATTRIBUTE_LEADING_MARGIN
    case .trailingMargin: RATITE_ATTRIBUTE_TRAILING_MARGIN
    case .centerXWithinMargins: RATITE_ATTRIBUTE_CENTER_X_WITHIN_MARGINS
    case .centerYWithinMargins: RATITE_ATTRIBUTE_CENTER_Y_WITHIN_MARGINS
    }
}

func encodeRelation(_ relation: Ratite.Relation) -> ratite_relation {
    switch relation {
    case .equal: RATITE_RELATION_EQUAL
    case .lessThanOrEqual: RATITE_RELATION_LESS_OR_EQUAL
    case .greaterThanOrEqual: RATITE_RELATION_GREATER_OR_EQUAL
    }
}

func decodeAxis(_ value: ratite_axis) throws(CFailure) -> Axis {
    switch value {
    case RATITE_AXIS_HORIZONTAL: return .horizontal
    case RATITE_AXIS_VERTICAL: return .vertical
    default: throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "unknown axis \(value)")
    }
}
