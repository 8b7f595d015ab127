import CRatite
import Ratite

#if canImport(Glibc)
import Glibc
#endif

/// A failure to report through the C interface: a status code and a message. `package` for
/// the fixtures library, whose engine calls report through `withLayoutEngine`.
package struct CFailure: Error {
    package let status: ratite_status
    package let message: String

    package init(_ status: Int32, _ message: String) {
        self.status = status
        self.message = message
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

/// Checks an array passed with its length: the length in range (`checkedCount`, named
/// `counted`), and the pointer (named `what`) not NULL unless the array is empty.
/// - Returns: the length.
func checkedArray(
    _ pointer: UnsafeRawPointer?, _ count: Int, _ what: String, counted: String, label: String = "count"
) throws(CFailure) -> Int {
    let n = try checkedCount(count, counted)
    guard pointer != nil || n == 0 else {
        throw CFailure(RATITE_ERROR_NULL_ARGUMENT, "\(what) is NULL with \(label) \(n)")
    }
    return n
}

/// Unwraps an output pointer, or fails with RATITE_ERROR_NULL_ARGUMENT.
func output<T>(
    _ pointer: UnsafeMutablePointer<T>?, _ what: @autoclosure () -> String
) throws(CFailure) -> UnsafeMutablePointer<T> {
    guard let pointer else { throw CFailure(RATITE_ERROR_NULL_ARGUMENT, "\(what()) is NULL") }
    return pointer
}

/// An array the caller provides for a call's results, and where the call writes how many
/// there are (all of them, even when they do not fit).
struct ResultArray<Element> {
    let base: UnsafeMutablePointer<Element>?
    /// How many results fit.
    let room: Int
    let count: UnsafeMutablePointer<Int>

    init(
        _ base: UnsafeMutablePointer<Element>?, _ what: String, capacity: Int, count: UnsafeMutablePointer<Int>?
    ) throws(CFailure) {
        self.base = base
        room = try checkedArray(base, capacity, what, counted: "capacity", label: "capacity")
        self.count = try output(count, "count")
    }
}

/// Hands C a view of `array`, a stored property of the handle (so the storage lives until
/// the handle's next call that changes it), and its length.
func lend<T>(
    _ ids: UnsafeMutablePointer<UnsafePointer<T>?>?, _ count: UnsafeMutablePointer<Int>?, _ array: () -> [T]
) throws(CFailure) {
    let ids = try output(ids, "ids")
    let count = try output(count, "count")
    let array = array()
    count.pointee = array.count
    ids.pointee = array.withUnsafeBufferPointer { $0.baseAddress }
}

/// Decodes a pointer + length string. NULL with length 0 is the empty string. With
/// `isName`, NUL bytes are rejected too.
func decodeString(
    _ pointer: UnsafePointer<CChar>?, _ length: Int, _ what: @autoclosure () -> String, isName: Bool = false
) throws(CFailure) -> String {
    String(decoding: try decodeBytes(pointer, length, what(), isName: isName).bytes, as: UTF8.self)
}

/// Checks a pointer + length string as `decodeString` does (the same failures in the same
/// order) and returns its bytes without making a `String`, and whether they are all ASCII.
func decodeBytes(
    _ pointer: UnsafePointer<CChar>?, _ length: Int, _ what: @autoclosure () -> String, isName: Bool = false
) throws(CFailure) -> (bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
    let count = try checkedCount(length, "\(what()) length")
    guard let pointer else {
        if count == 0 { return (UnsafeBufferPointer(start: nil, count: 0), true) }
        throw CFailure(RATITE_ERROR_NULL_ARGUMENT, "\(what()) is NULL with length \(count)")
    }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: count)
    let (hasNUL, isASCII) = scan(bytes)
    if isName && hasNUL { throw CFailure(RATITE_ERROR_INVALID_UTF8, "\(what()) contains a NUL byte") }
    // Names and formats are nearly always ASCII, which needs no validation.
    if isASCII { return (bytes, true) }
    guard String(validating: bytes, as: UTF8.self) != nil else {
        throw CFailure(RATITE_ERROR_INVALID_UTF8, "\(what()) is not valid UTF-8")
    }
    return (bytes, false)
}

/// Whether `bytes` has a NUL byte, and whether it is all ASCII: eight bytes at a time.
private func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (hasNUL: Bool, isASCII: Bool) {
    guard let base = bytes.baseAddress else { return (false, true) }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    var high: UInt64 = 0
    var zeros: UInt64 = 0
    var i = 0
    while i + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        high |= word & highs
        // Nonzero exactly when some byte is zero (subtracting one borrows into its high bit).
        zeros |= (word &- ones) & ~word & highs
        i += 8
    }
    var hasNUL = zeros != 0
    var isASCII = high == 0
    while i < bytes.count {
        hasNUL = hasNUL || base[i] == 0
        isASCII = isASCII && base[i] < 0x80
        i += 1
    }
    return (hasNUL, isASCII)
}

/// Refuses a number outside the range the solver takes (`isInRange`): NaN, infinity, or a
/// magnitude past 1e300.
func checkFinite(_ value: Double, _ what: @autoclosure () -> String) throws(CFailure) {
    guard isInRange(value) else {
        throw CFailure(RATITE_ERROR_NON_FINITE, "\(what()) \(FailureText.outOfRange(value))")
    }
}

func checkPriority(_ value: Double) throws(CFailure) {
    try checkFinite(value, "priority")
    guard value > 0 && value <= 1000 else {
        throw CFailure(
            RATITE_ERROR_INVALID_PRIORITY,
            "invalid priority \(value): priorities must be greater than 0 and at most 1000")
    }
}

/// A check of one numeric argument of a C call, run after the call's handle and ids are
/// found and before it changes anything. Calls take one or two as optionals, not an array:
/// the setters run in resize loops, and an array is an allocation a call.
enum ArgumentCheck {
    /// In the range the solver takes (`checkFinite`); `String` names it in the error.
    case finite(Double, String)
    /// A priority (`checkPriority`).
    case priority(Double)

    func run() throws(CFailure) {
        switch self {
        case .finite(let value, let what): try checkFinite(value, what)
        case .priority(let value): try checkPriority(value)
        }
    }
}

/// The name of a new item: text a name may be, and not empty.
func decodeItemName(_ name: UnsafePointer<CChar>?, _ length: Int) throws(CFailure) -> String {
    let text = try decodeString(name, length, "name", isName: true)
    guard !text.isEmpty else { throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "an item needs a name") }
    return text
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
