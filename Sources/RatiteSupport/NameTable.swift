/// Names numbered in order of first insertion: a hash of the name's UTF-8 bytes (FNV-1a)
/// into an open-addressed table of numbers. A name is found from its bytes in a text, so a
/// parser makes a `String` only for a name it has not seen (a solve file names a variable in
/// every term it appears in). The solve-file session numbers its variables' names here, and
/// a C solver handle its variables' (`NamedSlots`).
package struct NameTable {
    /// The names, by number.
    package private(set) var names: [String] = []
    /// Each name's hash, by number: compared before the names themselves.
    private var hashes: [UInt32] = []
    /// The names' UTF-8 bytes one after another: name n is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int32] = [0]
    /// Numbers by hash position, -1 where empty; the length is a power of two, at most
    /// half full.
    private var slots: [Int32] = []

    package init() {}

    /// How many names the table holds.
    package var count: Int { names.count }

    /// The number of `name`, or nil when it was never inserted.
    package func number(of name: String) -> Int32? {
        var name = name
        return name.withUTF8 { number(of: $0, hash: Self.hash($0)) }
    }

    /// The number of the name whose UTF-8 bytes are `utf8`, or nil.
    package func number(of utf8: UnsafeBufferPointer<UInt8>) -> Int32? { number(of: utf8, hash: Self.hash(utf8)) }

    /// Inserts `name`, which must not be in the table, and returns its number.
    package mutating func insert(_ name: String) -> Int32 {
        var copy = name
        return copy.withUTF8 { insert(name, utf8: $0, hash: Self.hash($0)) }
    }

    /// The number of `name`, inserted first if new.
    package mutating func intern(_ name: String) -> Int32 {
        var copy = name
        return copy.withUTF8 { utf8 in
            let h = Self.hash(utf8)
            return number(of: utf8, hash: h) ?? insert(name, utf8: utf8, hash: h)
        }
    }

    /// The number of the name whose UTF-8 bytes are `utf8`, inserted first if new: the
    /// `String` is made only then.
    package mutating func intern(_ utf8: UnsafeBufferPointer<UInt8>) -> Int32 {
        let h = Self.hash(utf8)
        if let n = number(of: utf8, hash: h) { return n }
        return insert(String(decoding: utf8, as: UTF8.self), utf8: utf8, hash: h)
    }

    private func number(of utf8: UnsafeBufferPointer<UInt8>, hash h: UInt32) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var i = Int(h) & mask
        while true {
            let n = slots[i]
            if n < 0 { return nil }
            if hashes[Int(n)] == h && spells(Int(n), utf8) { return n }
            i = (i + 1) & mask
        }
    }

    /// Whether name `n`'s bytes are `utf8`.
    private func spells(_ n: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let from = Int(starts[n]), to = Int(starts[n + 1])
        guard to - from == utf8.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in
            var i = 0
            while i < utf8.count {
                if stored[from + i] != utf8[i] { return false }
                i += 1
            }
            return true
        }
    }

    private mutating func insert(_ name: String, utf8: UnsafeBufferPointer<UInt8>, hash h: UInt32) -> Int32 {
        if 2 * (names.count + 1) > slots.count { grow() }
        let n = Int32(names.count)
        names.append(name)
        hashes.append(h)
        bytes.append(contentsOf: utf8)
        starts.append(Int32(bytes.count))
        place(n, hash: h)
        return n
    }

    private mutating func place(_ n: Int32, hash h: UInt32) {
        let mask = slots.count - 1
        var i = Int(h) & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = n
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: max(16, 2 * slots.count))
        for n in hashes.indices { place(Int32(n), hash: hashes[n]) }
    }

    /// FNV-1a over the UTF-8 bytes, with a final mix so that the low bits (the table
    /// position) depend on every byte.
    package static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        h ^= h >> 15
        h = h &* 0x2c1b_3c6d
        h ^= h >> 12
        return h
    }
}
