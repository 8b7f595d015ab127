/// Reads small numbers and choices from fuzz input, in the spirit of simdjson's fuzz helper:
/// an exhausted input reads as zeros, so every input decodes to something.
struct FuzzInput {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var isEmpty: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A value in `0..<bound` (bound ≤ 256).
    mutating func below(_ bound: Int) -> Int { Int(byte()) % max(bound, 1) }

    /// A small signed integer in `-range...range`.
    mutating func small(_ range: Int) -> Int { below(2 * range + 1) - range }

    mutating func choose<T>(_ options: [T]) -> T { options[below(options.count)] }
}

/// 32-bit FNV-1a, to derive stable choices from names.
func fnv(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for b in bytes { hash = (hash ^ UInt32(b)) &* 16_777_619 }
    return hash
}
