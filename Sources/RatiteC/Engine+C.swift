// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (C functions keep the names ratite.h gives them.)

import CRatite
import Ratite

@c @implementation
public func ratite_engine_last_error_offset(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?
) -> ratite_status {
    // A query about the last error must not replace it, so no `withEngine` here.
    guard let engine, let out else { return RATITE_ERROR_NULL_ARGUMENT }
    guard let offset = EngineHandle.from(engine).lastErrorOffset else { return RATITE_ERROR_UNKNOWN }
    out.pointee = offset
    return RATITE_OK
}

@c @implementation
public func ratite_engine_last_error_rendering(_ engine: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let engine else { return nil }
    return UnsafePointer(EngineHandle.from(engine).rendering.pointer)
}

@c @implementation
public func ratite_engine_set_strict(_ engine: OpaquePointer?, _ strict: Int32) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in h.engine.throwsOnConflict = strict != 0 }
}

@c @implementation
public func ratite_engine_set_platform(_ engine: OpaquePointer?, _ platform: ratite_platform) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        switch platform {
        case RATITE_PLATFORM_IOS: h.engine.platform = .ios
        case RATITE_PLATFORM_MACOS: h.engine.platform = .macos
        default: throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "unknown platform \(platform)")
        }
    }
}

@c @implementation
public func ratite_engine_get_platform(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<ratite_platform>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        guard let out else { throw CFailure(RATITE_ERROR_NULL_ARGUMENT, "out is NULL") }
        out.pointee = h.engine.platform == .ios ? RATITE_PLATFORM_IOS : RATITE_PLATFORM_MACOS
    }
}

@c @implementation
public func ratite_engine_view_add(
    _ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ nameLength: Int, _ parent: ratite_item,
    _ out: UnsafeMutablePointer<ratite_item>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let text = try decodeItemName(name, nameLength)
        let parent = try h.optionalItem(parent)
        let out = try output(out, "out")
        let item = try layoutCall { () throws(LayoutError) in try h.engine.addView(text, in: parent) }
        out.pointee = h.id(of: item)
    }
}

@c @implementation
public func ratite_engine_guide_add(
    _ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ nameLength: Int, _ owner: ratite_item,
    _ insets: UnsafePointer<Double>?, _ out: UnsafeMutablePointer<ratite_item>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let text = try decodeItemName(name, nameLength)
        let owner = try h.item(owner)
        let out = try output(out, "out")
        var pinned: DirectionalInsets? = nil
        if let insets {
            for i in 0..<4 { try checkFinite(insets[i], "inset \(i)") }
            pinned = DirectionalInsets(top: insets[0], leading: insets[1], bottom: insets[2], trailing: insets[3])
        }
        let guide = try layoutCall { () throws(LayoutError) in try h.engine.addGuide(text, in: owner, insets: pinned) }
        out.pointee = h.id(of: guide)
    }
}

@c @implementation
public func ratite_engine_item_find(
    _ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ nameLength: Int,
    _ out: UnsafeMutablePointer<ratite_item>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let text = try decodeString(name, nameLength, "name", isName: true)
        let out = try output(out, "out")
        guard let item = h.engine.item(named: text) else {
            throw CFailure(RATITE_ERROR_UNKNOWN, "no item named '\(text)'")
        }
        out.pointee = h.id(of: item)
    }
}

@c @implementation
public func ratite_engine_item_set_size(
    _ engine: OpaquePointer?, _ root: ratite_item, _ width: Double, _ height: Double
) -> ratite_status {
    itemChange(engine, root, .finite(width, "width"), .finite(height, "height")) { e, item throws(LayoutError) in
        try e.setSize(of: item, width: width, height: height)
    }
}

@c @implementation
public func ratite_engine_item_set_intrinsic_size(
    _ engine: OpaquePointer?, _ item: ratite_item, _ width: Double, _ height: Double
) -> ratite_status {
    itemChange(engine, item, .finite(width, "intrinsic width"), .finite(height, "intrinsic height")) {
        e, item throws(LayoutError) in
        try e.setIntrinsicContentSize(
            IntrinsicSize(width: width < 0 ? nil : width, height: height < 0 ? nil : height), of: item)
    }
}

@c @implementation
public func ratite_engine_item_set_hugging(
    _ engine: OpaquePointer?, _ item: ratite_item, _ axis: ratite_axis, _ priority: Double
) -> ratite_status {
    setAxisPriority(engine, item, axis, priority, hugging: true)
}

@c @implementation
public func ratite_engine_item_set_compression(
    _ engine: OpaquePointer?, _ item: ratite_item, _ axis: ratite_axis, _ priority: Double
) -> ratite_status {
    setAxisPriority(engine, item, axis, priority, hugging: false)
}

/// Content hugging (`hugging`) or compression resistance on one axis of an item.
private func setAxisPriority(
    _ engine: OpaquePointer?, _ item: ratite_item, _ axis: ratite_axis, _ priority: Double, hugging: Bool
) -> ratite_status {
    var decoded = Axis.horizontal
    return itemChange(engine, item) { () throws(CFailure) in
        decoded = try decodeAxis(axis)
        try checkPriority(priority)
    } change: { e, item throws(LayoutError) in
        if hugging {
            try e.setContentHuggingPriority(Priority(priority), for: decoded, of: item)
        } else {
            try e.setCompressionResistancePriority(Priority(priority), for: decoded, of: item)
        }
    }
}

@c @implementation
public func ratite_engine_item_set_margins(
    _ engine: OpaquePointer?, _ item: ratite_item, _ top: Double, _ leading: Double, _ bottom: Double,
    _ trailing: Double
) -> ratite_status {
    itemChange(engine, item) { () throws(CFailure) in
        for (value, what) in [(top, "top"), (leading, "leading"), (bottom, "bottom"), (trailing, "trailing")] {
            try checkFinite(value, "\(what) margin")
        }
    } change: { e, item throws(LayoutError) in
        let margins = DirectionalInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)
        try e.setLayoutMargins(margins, of: item)
    }
}

@c @implementation
public func ratite_engine_item_set_baseline_offsets(
    _ engine: OpaquePointer?, _ item: ratite_item, _ firstFromTop: Double, _ lastFromBottom: Double
) -> ratite_status {
    let first = ArgumentCheck.finite(firstFromTop, "first baseline offset")
    return itemChange(engine, item, first, .finite(lastFromBottom, "last baseline offset")) {
        e, item throws(LayoutError) in
        try e.setBaselineOffsets(firstFromTop: firstFromTop, lastFromBottom: lastFromBottom, of: item)
    }
}

@c @implementation
public func ratite_engine_item_clear_baselines(_ engine: OpaquePointer?, _ item: ratite_item) -> ratite_status {
    itemChange(engine, item) { e, item throws(LayoutError) in
        try e.setBaselineOffsets(firstFromTop: nil, lastFromBottom: nil, of: item)
    }
}

@c @implementation
public func ratite_engine_item_set_direction(
    _ engine: OpaquePointer?, _ item: ratite_item, _ direction: ratite_direction
) -> ratite_status {
    var value: LayoutDirection? = nil
    return itemChange(engine, item) { () throws(CFailure) in
        switch direction {
        case RATITE_DIRECTION_INHERIT: value = nil
        case RATITE_DIRECTION_LEFT_TO_RIGHT: value = .leftToRight
        case RATITE_DIRECTION_RIGHT_TO_LEFT: value = .rightToLeft
        default: throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "unknown direction \(direction)")
        }
    } change: { e, item throws(LayoutError) in
        try e.setLayoutDirection(value, of: item)
    }
}

@c @implementation
public func ratite_engine_item_set_autoresizing(
    _ engine: OpaquePointer?, _ item: ratite_item, _ frame: UnsafePointer<ratite_frame>?, _ mask: UInt32
) -> ratite_status {
    var value: Frame? = nil
    return itemChange(engine, item) { () throws(CFailure) in
        guard mask & ~UInt32(0x3F) == 0 else {
            throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "unknown autoresizing flags in \(mask)")
        }
        if let f = frame?.pointee {
            for (v, what) in [(f.x, "x"), (f.y, "y"), (f.width, "width"), (f.height, "height")] {
                try checkFinite(v, "frame \(what)")
            }
            value = Frame(x: f.x, y: f.y, width: f.width, height: f.height)
        }
    } change: { e, item throws(LayoutError) in
        try e.setAutoresizing(frame: value, mask: AutoresizingMask(rawValue: UInt8(mask)), of: item)
    }
}

@c @implementation
public func ratite_engine_item_frame(
    _ engine: OpaquePointer?, _ item: ratite_item, _ out: UnsafeMutablePointer<ratite_frame>?
) -> ratite_status {
    itemQuery(engine, item, out) { _, item in
        let f = item.frame
        return ratite_frame(x: f.x, y: f.y, width: f.width, height: f.height)
    }
}

@c @implementation
public func ratite_engine_constraint_add(
    _ engine: OpaquePointer?, _ item1: ratite_item, _ attribute1: ratite_attribute, _ relation: ratite_relation,
    _ item2: ratite_item, _ attribute2: ratite_attribute, _ multiplier: Double, _ constant: Double, _ priority: Double,
    _ identifier: UnsafePointer<CChar>?, _ identifierLength: Int, _ out: UnsafeMutablePointer<ratite_layout_constraint>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let first = try h.item(item1)
        let second = try h.optionalItem(item2)
        let a1 = try decodeAttribute(attribute1)
        let a2 = try decodeAttribute(attribute2)
        let r = try decodeRelation(relation)
        try checkFinite(multiplier, "multiplier")
        try checkFinite(constant, "constant")
        try checkPriority(priority)
        let name = try decodeString(identifier, identifierLength, "identifier", isName: true)
        let out = try output(out, "out")
        let c = LayoutConstraint(
            item: first, attribute: a1, relatedBy: r, toItem: second, attribute: a2, multiplier: multiplier,
            constant: constant, priority: Priority(priority), identifier: name.isEmpty ? nil : name)
        try layoutCall { () throws(LayoutError) in try h.engine.activate([c]) }
        out.pointee = h.register(c)
    }
}

@c @implementation
public func ratite_engine_constraint_activate(
    _ engine: OpaquePointer?, _ constraint: ratite_layout_constraint
) -> ratite_status {
    constraintChange(engine, constraint) { e, c throws(LayoutError) in try e.activate([c]) }
}

@c @implementation
public func ratite_engine_constraint_deactivate(
    _ engine: OpaquePointer?, _ constraint: ratite_layout_constraint
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let c = try h.constraint(constraint).constraint
        h.engine.deactivate([c])
    }
}

@c @implementation
public func ratite_engine_constraint_remove(
    _ engine: OpaquePointer?, _ constraint: ratite_layout_constraint
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let (slot, c) = try h.constraint(constraint)
        h.engine.deactivate([c])
        h.forget(slot: slot)
    }
}

@c @implementation
public func ratite_engine_constraint_set_constant(
    _ engine: OpaquePointer?, _ constraint: ratite_layout_constraint, _ constant: Double
) -> ratite_status {
    constraintChange(engine, constraint, .finite(constant, "constant")) { e, c throws(LayoutError) in
        try e.setConstant(constant, for: c)
    }
}

@c @implementation
public func ratite_engine_constraint_set_priority(
    _ engine: OpaquePointer?, _ constraint: ratite_layout_constraint, _ priority: Double
) -> ratite_status {
    constraintChange(engine, constraint, .priority(priority)) { e, c throws(LayoutError) in
        try e.setPriority(Priority(priority), for: c)
    }
}

@c @implementation
public func ratite_engine_constraint_is_active(
    _ engine: OpaquePointer?, _ constraint: ratite_layout_constraint, _ out: UnsafeMutablePointer<Int32>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let c = try h.constraint(constraint).constraint
        try output(out, "out").pointee = c.isActive ? 1 : 0
    }
}

@c @implementation
public func ratite_engine_layout(_ engine: OpaquePointer?) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        h.changed = h.engine.layout().map { h.id(of: $0) }
        if !h.engine.isAnswerVerified {
            throw CFailure(
                RATITE_ERROR_NUMERICAL,
                "the answer could not be verified: a required constraint fails after a rebuild (the frames are set)")
        }
    }
}

@c @implementation
public func ratite_engine_changed_items(
    _ engine: OpaquePointer?, _ items: UnsafeMutablePointer<UnsafePointer<ratite_item>?>?,
    _ count: UnsafeMutablePointer<Int>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let items = try output(items, "items")
        let count = try output(count, "count")
        count.pointee = h.changed.count
        items.pointee = h.changed.withUnsafeBufferPointer { $0.baseAddress }
    }
}

@c @implementation
public func ratite_engine_conflict_report(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        try output(out, "out").pointee = mallocString(h.engine.conflictLog.map(\.description).joined(separator: "\n"))
    }
}

@c @implementation public func ratite_engine_item_is_ambiguous(
    _ engine: OpaquePointer?, _ item: ratite_item, _ out: UnsafeMutablePointer<Int32>?
) -> ratite_status {
    itemQuery(engine, item, out) { e, item in e.hasAmbiguousLayout(item) ? 1 : 0 }
}

@c @implementation
public func ratite_engine_ambiguity_report(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        try output(out, "out").pointee = mallocString(h.engine.ambiguityReport().description)
    }
}

@c @implementation
public func ratite_engine_statistics_get(
    _ engine: OpaquePointer?, _ out: UnsafeMutablePointer<ratite_solver_statistics>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        try output(out, "out").pointee = statistics(of: h.engine.core)
    }
}

@c @implementation
public func ratite_engine_item_count(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in try output(out, "out").pointee = h.engine.items.count }
}

@c @implementation
public func ratite_engine_item_at(
    _ engine: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<ratite_item>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let out = try output(out, "out")
        guard index >= 0 && index < h.engine.items.count else {
            throw CFailure(
                RATITE_ERROR_INVALID_ARGUMENT, "item index \(index) is out of range (\(h.engine.items.count) items)")
        }
        out.pointee = h.id(ofIndex: index)
    }
}

@c @implementation
public func ratite_engine_item_describe(
    _ engine: OpaquePointer?, _ item: ratite_item, _ name: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ nameLength: UnsafeMutablePointer<Int>?, _ parent: UnsafeMutablePointer<ratite_item>?,
    _ isGuide: UnsafeMutablePointer<Int32>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let described = try h.item(item)
        if name != nil || nameLength != nil {
            h.itemName.set(described.name)
            name?.pointee = UnsafePointer(h.itemName.pointer)
            nameLength?.pointee = h.itemName.byteCount
        }
        parent?.pointee = described.parent.map { h.id(of: $0) } ?? RATITE_NO_ITEM
        isGuide?.pointee = described.kind == .guide ? 1 : 0
    }
}
