import CRatite
import Ratite
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A failure to report through the C interface: a status code and a message.
struct CFailure: Error {
    let status: ratite_status
    let message: String

    init(_ status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// Tags handles so an id from one handle is recognised as foreign by another. Tag 0 is never
/// used, so the id 0 is never valid.
private let handleTags = Atomic<UInt32>(0)

func newHandleTag() -> UInt64 {
    let next = handleTags.add(1, ordering: .relaxed).newValue
    return UInt64(next % 0xFFFF) + 1
}

/// Ids: 16 bits of handle tag, 16 bits of slot generation, 32 bits of slot.
struct IDSpace {
    let tag: UInt64
    var generations: [UInt16] = []

    init(tag: UInt64) { self.tag = tag }

    mutating func id(for slot: Int32) -> UInt64 {
        while generations.count <= Int(slot) { generations.append(0) }
        return tag << 48 | UInt64(generations[Int(slot)]) << 32 | UInt64(UInt32(bitPattern: slot))
    }

    /// The slot an id names, if the id belongs to this handle and its generation is current.
    func slot(of id: UInt64) -> Int32? {
        guard id >> 48 == tag else { return nil }
        let slot = Int(id & 0xFFFF_FFFF)
        guard slot < generations.count, slot <= Int(Int32.max),
            UInt64(generations[slot]) == (id >> 32) & 0xFFFF else { return nil }
        return Int32(slot)
    }

    /// Invalidates every id issued for `slot`.
    mutating func retire(_ slot: Int32) {
        while generations.count <= Int(slot) { generations.append(0) }
        generations[Int(slot)] &+= 1
    }
}

/// Checks a count or length from C: `size_t` arrives as `Int`, so values above `Int.max`
/// (negative numbers converted to `size_t`) show up negative.
func checkedCount(_ count: Int, _ what: @autoclosure () -> String) throws(CFailure) -> Int {
    guard count >= 0 && count <= Int(Int32.max) else {
        throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "\(what()) \(count) is out of range (0 to \(Int32.max))")
    }
    return count
}

/// Decodes a pointer + length string. NULL with length 0 is the empty string. With
/// `isName`, NUL bytes are rejected too.
func decodeString(
    _ pointer: UnsafePointer<CChar>?, _ length: Int, _ what: @autoclosure () -> String, isName: Bool = false
) throws(CFailure) -> String {
    let count = try checkedCount(length, "\(what()) length")
    guard let pointer else {
        if count == 0 { return "" }
        throw CFailure(RATITE_ERROR_NULL_ARGUMENT, "\(what()) is NULL with length \(count)")
    }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: count)
    if isName && bytes.contains(0) { throw CFailure(RATITE_ERROR_INVALID_UTF8, "\(what()) contains a NUL byte") }
    guard let text = String(validating: bytes, as: UTF8.self) else {
        throw CFailure(RATITE_ERROR_INVALID_UTF8, "\(what()) is not valid UTF-8")
    }
    return text
}

func checkFinite(_ value: Double, _ what: @autoclosure () -> String) throws(CFailure) {
    guard value.isFinite else { throw CFailure(RATITE_ERROR_NON_FINITE, "\(what()) is not finite: \(value)") }
}

func checkPriority(_ value: Double) throws(CFailure) {
    try checkFinite(value, "priority")
    guard value > 0 && value <= 1000 else {
        throw CFailure(RATITE_ERROR_INVALID_PRIORITY, "invalid priority \(value): priorities must be greater than 0 and at most 1000")
    }
}

func decodeRelation(_ value: ratite_relation) throws(CFailure) -> Ratite.Relation {
    switch value {
    case RATITE_RELATION_EQUAL: return .equal
    case RATITE_RELATION_LESS_OR_EQUAL: return .lessThanOrEqual
    case RATITE_RELATION_GREATER_OR_EQUAL: return .greaterThanOrEqual
    default: throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "unknown relation \(value)")
    }
}

/// A malloc'ed NUL-terminated copy of `text`, for `char **` outputs.
func mallocString(_ text: String) -> UnsafeMutablePointer<CChar>? {
    strdup(text)
}

/// A NUL-terminated string a handle hands out until its next call: malloc'ed storage the
/// handle owns, replaced by the next `set` and freed with the handle.
final class HandleString {
    private(set) var pointer: UnsafeMutablePointer<CChar>
    private(set) var byteCount = 0

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    deinit { pointer.deallocate() }

    func set(_ text: String) {
        let bytes = Array(text.utf8)
        let fresh = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        bytes.withUnsafeBufferPointer { source in
            for (i, b) in source.enumerated() { fresh[i] = CChar(bitPattern: b) }
        }
        fresh[bytes.count] = 0
        pointer.deallocate()
        pointer = fresh
        byteCount = bytes.count
    }
}
