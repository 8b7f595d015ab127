// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (C functions keep the names ratite.h gives them.)

import CRatite
import Ratite

@c @implementation
public func ratite_engine_vfl(
    _ engine: OpaquePointer?, _ format: UnsafePointer<CChar>?, _ formatLength: Int,
    _ metrics: UnsafePointer<ratite_metric>?, _ metricCount: Int, _ views: UnsafePointer<ratite_view_binding>?,
    _ viewCount: Int, _ options: UInt32, _ ids: UnsafeMutablePointer<ratite_layout_constraint>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let results = try ResultArray(ids, "ids", capacity: capacity, count: count)
        let request = try VFLRequest(h, format, formatLength, metrics, metricCount, views, viewCount, options)
        let constraints = try request.constraints(in: h)
        try layoutCall { () throws(LayoutError) in try h.engine.validate(constraints) }
        guard constraints.count <= results.room else {
            results.count.pointee = constraints.count
            throw capacityFailure(constraints.count, results.room)
        }
        try layoutCall { () throws(LayoutError) in try h.engine.activate(constraints) }
        for (i, c) in constraints.enumerated() { results.base![i] = h.register(c) }
        results.count.pointee = constraints.count
    }
}

@c @implementation
public func ratite_engine_vfl_check(
    _ engine: OpaquePointer?, _ format: UnsafePointer<CChar>?, _ formatLength: Int,
    _ metrics: UnsafePointer<ratite_metric>?, _ metricCount: Int, _ views: UnsafePointer<ratite_view_binding>?,
    _ viewCount: Int, _ options: UInt32, _ count: UnsafeMutablePointer<Int>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let count = try output(count, "count")
        let request = try VFLRequest(h, format, formatLength, metrics, metricCount, views, viewCount, options)
        count.pointee = try request.check(in: h)
    }
}

@c @implementation
public func ratite_engine_vfl_parse(
    _ engine: OpaquePointer?, _ format: UnsafePointer<CChar>?, _ formatLength: Int,
    _ metrics: UnsafePointer<ratite_metric>?, _ metricCount: Int, _ views: UnsafePointer<ratite_view_binding>?,
    _ viewCount: Int, _ options: UInt32,
    _ out: UnsafeMutablePointer<ratite_vfl_constraint>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> ratite_status {
    withEngine(engine) { h throws(CFailure) in
        let results = try ResultArray(out, "out", capacity: capacity, count: count)
        let text = try decodeBytes(format, formatLength, "format").bytes
        let (metricTotal, viewTotal) = try checkVFLArrays(metrics, metricCount, views, viewCount)
        let (formatOptions, extended) = try decodeVFLOptions(options)
        // The names and views on the stack: no dictionary, no strings, no reference counts.
        let nameTotal = metricTotal + viewTotal
        try withTemporaryBuffer(of: UnsafeBufferPointer<UInt8>.self, nameTotal) { names throws(CFailure) in
            try withTemporaryBuffer(of: Double.self, metricTotal) { values throws(CFailure) in
                try withTemporaryBuffer(of: BoundView.self, viewTotal) { bound throws(CFailure) in
                    var isASCII = true
                    for i in 0..<metricTotal {
                        let m = metrics![i]
                        let name = try decodeBytes(m.name, m.name_length, "metric name", isName: true)
                        try checkFinite(m.value, "metric '\(String(decoding: name.bytes, as: UTF8.self))'")
                        names[i] = name.bytes
                        values[i] = m.value
                        isASCII = isASCII && name.isASCII
                    }
                    for i in 0..<viewTotal {
                        let v = views![i]
                        let name = try decodeBytes(v.name, v.name_length, "view name", isName: true)
                        names[metricTotal + i] = name.bytes
                        isASCII = isASCII && name.isASCII
                        bound[i] = BoundView(try h.item(v.item), id: v.item)
                    }
                    let names = UnsafeBufferPointer(names)
                    do throws(VFLError) {
                        try h.engine.parseVisualFormat(
                            utf8: text, options: formatOptions,
                            metricNames: UnsafeBufferPointer(rebasing: names[0..<metricTotal]),
                            metricValues: UnsafeBufferPointer(values),
                            viewNames: viewTotal > 0 ? UnsafeBufferPointer(rebasing: names[metricTotal...]) : nil,
                            extended: extended, namesAreASCII: isASCII, into: &h.vflRecords)
                    } catch {
                        throw vflFailure(error, h)
                    }
                    var resolver = VFLResolver(handle: h, format: text, bound: viewTotal > 0 ? bound : nil)
                    try resolver.write(h.vflRecords, to: out, capacity: results.room, count: results.count)
                }
            }
        }
    }
}

/// A view bound by the caller, as `ratite_engine_vfl_parse` resolves it: once per call.
private struct BoundView {
    /// Unretained: the engine holds its items.
    let item: Unmanaged<LayoutItem>
    let id: ratite_item
    let root: Int
    /// The id of the item's parent (RATITE_NO_ITEM for none) once a record has needed it.
    var parent: ratite_item? = nil

    init(_ item: LayoutItem, id: ratite_item) {
        self.item = Unmanaged.passUnretained(item)
        self.id = id
        root = item.rootIndex
    }
}

/// Turns parsed records into `ratite_vfl_constraint`s: view numbers into item ids, `|` into
/// the parent of the view on the other side (as `LayoutEngine.resolve` decides for every
/// front end), with the checks `ratite_engine_vfl` makes (superview first, then each
/// constraint as activation would check it).
private struct VFLResolver: VFLViews {
    let handle: EngineHandle
    let format: UnsafeBufferPointer<UInt8>
    /// The caller's views (a view number is an index here), or nil when view numbers are
    /// indices into the engine's items.
    let bound: UnsafeMutableBufferPointer<BoundView>?

    /// Writes the records to `out`, or fails leaving it untouched; the count goes to `count`
    /// on success and when the capacity is too small.
    mutating func write(_ records: [VFLRecord], to out: UnsafeMutablePointer<ratite_vfl_constraint>?, capacity: Int,
                        count: UnsafeMutablePointer<Int>) throws(CFailure) {
        try withTemporaryBuffer(of: ratite_vfl_constraint.self, records.count) { resolved throws(CFailure) in
            // A missing superview anywhere wins over an invalid constraint anywhere, as in
            // ratite_engine_vfl, which resolves every constraint before validating any.
            var invalid: (index: Int, defect: ConstraintDefect)? = nil
            let text = format
            for i in 0..<records.count {
                let r = records[i]
                let (first, second) = try resolveViews(r, in: &self, format: text)
                if invalid == nil,
                    let defect = ConstraintDefect.of(r, firstRoot: first.root, secondRoot: second?.root) {
                    invalid = (i, defect)
                }
                resolved[i] = ratite_vfl_constraint(
                    item1: first.id, attribute1: encodeAttribute(r.firstAttribute),
                    relation: encodeRelation(r.relation), item2: second?.id ?? RATITE_NO_ITEM,
                    attribute2: encodeAttribute(r.secondAttribute),
                    multiplier: r.multiplier, constant: r.constant, priority: r.priority)
            }
            if let invalid {
                let r = records[invalid.index]
                var items = VFLItems(handle: handle, bound: bound)
                let (first, second) = try resolveViews(r, in: &items, format: text)
                throw failure(invalid.defect.error(for: LayoutEngine.constraint(r, first, second)))
            }
            guard records.count <= capacity else {
                count.pointee = records.count
                throw capacityFailure(records.count, capacity)
            }
            if let out, let base = resolved.baseAddress { out.update(from: base, count: records.count) }
            count.pointee = records.count
        }
    }

    /// The id and root of the view numbered `number`.
    @inline(__always)
    func view(_ number: Int32) -> (id: ratite_item, root: Int) {
        if let bound { return (bound[Int(number)].id, bound[Int(number)].root) }
        return engineView(Int(number))
    }

    @inline(never)
    func engineView(_ index: Int) -> (id: ratite_item, root: Int) {
        let item = handle.engine.items[index]
        return (handle.id(of: item), item.rootIndex)
    }

    /// The id and root of the parent of view `anchor`, or nil when it has none.
    @inline(never)
    mutating func superview(of anchor: Int32) -> (id: ratite_item, root: Int)? {
        let anchor = Int(anchor)
        guard let bound else {
            let item = handle.engine.items[anchor]
            guard let parent = item.parentIndex else { return nil }
            return (handle.id(ofIndex: parent), item.rootIndex)
        }
        if bound[anchor].parent == nil {
            bound[anchor].parent = bound[anchor].item.takeUnretainedValue().parentIndex.map { handle.id(ofIndex: $0) }
                ?? RATITE_NO_ITEM
        }
        guard let parent = bound[anchor].parent, parent != RATITE_NO_ITEM else { return nil }
        // A parent shares its child's root.
        return (parent, bound[anchor].root)
    }
}

/// The items behind a call's view numbers: what the error of an invalid constraint names.
private struct VFLItems: VFLViews {
    let handle: EngineHandle
    let bound: UnsafeMutableBufferPointer<BoundView>?

    func view(_ number: Int32) -> LayoutItem {
        if let bound { return bound[Int(number)].item.takeUnretainedValue() }
        return handle.engine.items[Int(number)]
    }

    func superview(of number: Int32) -> LayoutItem? { view(number).parent }
}

/// `LayoutEngine.resolve` with its error as a C failure.
@inline(__always)
private func resolveViews<Views: VFLViews>(
    _ r: VFLRecord, in views: inout Views, format: UnsafeBufferPointer<UInt8>
) throws(CFailure) -> (first: Views.View, second: Views.View?) {
    do throws(LayoutError) {
        return try LayoutEngine.resolve(r, in: &views, format: String(decoding: format, as: UTF8.self))
    } catch {
        throw failure(error)
    }
}

/// `body` with an uninitialized buffer of `count` trivial values, on the stack when small.
@inline(__always)
private func withTemporaryBuffer<T, R>(
    of type: T.Type, _ count: Int, _ body: (UnsafeMutableBufferPointer<T>) throws(CFailure) -> R
) throws(CFailure) -> R {
    let result = withUnsafeTemporaryAllocation(of: type, capacity: count) { buffer -> Result<R, CFailure> in
        do throws(CFailure) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
}

private func capacityFailure(_ needed: Int, _ capacity: Int) -> CFailure {
    CFailure(RATITE_ERROR_INVALID_ARGUMENT, "the format makes \(needed) constraints; capacity is \(capacity)")
}

/// Checks the metric and view arrays of a VFL call: their counts, then NULL with a count.
private func checkVFLArrays(
    _ metrics: UnsafePointer<ratite_metric>?, _ metricCount: Int, _ views: UnsafePointer<ratite_view_binding>?,
    _ viewCount: Int
) throws(CFailure) -> (metrics: Int, views: Int) {
    let metricTotal = try checkedArray(metrics, metricCount, "metrics", counted: "metric count")
    let viewTotal = try checkedArray(views, viewCount, "views", counted: "view count")
    return (metricTotal, viewTotal)
}

/// The options ratite.h defines: the alignments, one direction, the spacing flag, and the
/// extended flag (returned apart).
private func decodeVFLOptions(_ options: UInt32) throws(CFailure) -> (VFLFormatOptions, extended: Bool) {
    let alignments: UInt32 = RATITE_VFL_ALIGN_ALL_LEFT | RATITE_VFL_ALIGN_ALL_RIGHT | RATITE_VFL_ALIGN_ALL_TOP
        | RATITE_VFL_ALIGN_ALL_BOTTOM | RATITE_VFL_ALIGN_ALL_LEADING | RATITE_VFL_ALIGN_ALL_TRAILING
        | RATITE_VFL_ALIGN_ALL_CENTER_X | RATITE_VFL_ALIGN_ALL_CENTER_Y | RATITE_VFL_ALIGN_ALL_LAST_BASELINE
        | RATITE_VFL_ALIGN_ALL_FIRST_BASELINE
    let directions: UInt32 = RATITE_VFL_DIRECTION_LEFT_TO_RIGHT | RATITE_VFL_DIRECTION_RIGHT_TO_LEFT
    let plain = options & ~RATITE_VFL_EXTENDED
    guard plain & ~(alignments | directions | RATITE_VFL_SPACING_BASELINE_TO_BASELINE) == 0,
        plain & directions != directions else {
        throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "unknown option bits in \(options)")
    }
    return (VFLFormatOptions(rawValue: UInt(plain)), options & RATITE_VFL_EXTENDED != 0)
}

/// Records a VFL error's offset and rendering on the handle and turns it into a status.
private func vflFailure(_ error: VFLError, _ h: EngineHandle) -> CFailure {
    h.lastErrorOffset = error.offset
    h.rendering.set(error.rendering)
    return CFailure(RATITE_ERROR_PARSE, error.message)
}

/// The decoded arguments of a VFL call.
private struct VFLRequest {
    let format: String
    let options: VFLFormatOptions
    let extended: Bool
    let metrics: [String: Double]
    /// Bound names, or nil for every item by its own name.
    let views: [String: LayoutItem]?

    init(
        _ h: EngineHandle, _ format: UnsafePointer<CChar>?, _ formatLength: Int,
        _ metrics: UnsafePointer<ratite_metric>?,
        _ metricCount: Int, _ views: UnsafePointer<ratite_view_binding>?, _ viewCount: Int, _ options: UInt32
    ) throws(CFailure) {
        self.format = try decodeString(format, formatLength, "format")
        let (metricTotal, viewTotal) = try checkVFLArrays(metrics, metricCount, views, viewCount)
        (self.options, extended) = try decodeVFLOptions(options)
        var metricTable: [String: Double] = [:]
        for i in 0..<metricTotal {
            let m = metrics![i]
            let name = try decodeString(m.name, m.name_length, "metric name", isName: true)
            try checkFinite(m.value, "metric '\(name)'")
            metricTable[name] = m.value
        }
        self.metrics = metricTable
        if viewTotal > 0 {
            var table: [String: LayoutItem] = [:]
            for i in 0..<viewTotal {
                let v = views![i]
                table[try decodeString(v.name, v.name_length, "view name", isName: true)] = try h.item(v.item)
            }
            self.views = table
        } else {
            self.views = nil
        }
    }

    /// Records a VFL error's offset and rendering on the handle and turns it into a status.
    private func translate(_ error: any Error, _ h: EngineHandle) -> CFailure {
        if let error = error as? VFLError { return vflFailure(error, h) }
        if let error = error as? LayoutError { return failure(error) }
        return CFailure(RATITE_ERROR_INTERNAL, "\(error)")
    }

    /// The constraints, resolved to the engine's items (not activated).
    func constraints(in h: EngineHandle) throws(CFailure) -> [LayoutConstraint] {
        do {
            return try h.engine.constraints(
                visualFormat: format, options: options, metrics: metrics, views: views, extended: extended)
        } catch {
            throw translate(error, h)
        }
    }

    /// What `ratite_engine_vfl` would activate, checked the same way (names resolved,
    /// constraints validated) without activating anything.
    func check(in h: EngineHandle) throws(CFailure) -> Int {
        let resolved = try constraints(in: h)
        try layoutCall { () throws(LayoutError) in try h.engine.validate(resolved) }
        return resolved.count
    }
}
