/// Names numbered in order of first insertion, for the text path's per-term lookups: a hash
/// of the name's UTF-8 bytes (FNV-1a) into an open-addressed table of numbers. A
/// `[String: Int]` spent most of each lookup hashing the String (a solve file names a
/// variable in every term it appears in).
struct NameTable {
    /// The names, by number.
    private(set) var names: [String] = []
    /// Each name's hash, by number: compared before the names themselves.
    private var hashes: [UInt32] = []
    /// Numbers by hash position, -1 where empty; the length is a power of two, at most
    /// half full.
    private var slots: [Int32] = []

    /// The number of `name`, or nil when it was never inserted.
    func number(of name: String) -> Int32? {
        guard !slots.isEmpty else { return nil }
        let h = Self.hash(name), mask = slots.count - 1
        var i = Int(h) & mask
        while true {
            let n = slots[i]
            if n < 0 { return nil }
            if hashes[Int(n)] == h && names[Int(n)] == name { return n }
            i = (i + 1) & mask
        }
    }

    /// Inserts `name`, which must not be in the table, and returns its number.
    mutating func insert(_ name: String) -> Int32 {
        if 2 * (names.count + 1) > slots.count { grow() }
        let n = Int32(names.count), h = Self.hash(name)
        names.append(name)
        hashes.append(h)
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
    static func hash(_ name: String) -> UInt32 {
        func fnv<S: Sequence<UInt8>>(_ bytes: S) -> UInt32 {
            var h: UInt32 = 2_166_136_261
            for b in bytes { h = (h ^ UInt32(b)) &* 16_777_619 }
            return h
        }
        var h = name.utf8.withContiguousStorageIfAvailable(fnv) ?? fnv(name.utf8)
        h ^= h >> 15
        h = h &* 0x2c1b_3c6d
        h ^= h >> 12
        return h
    }
}
