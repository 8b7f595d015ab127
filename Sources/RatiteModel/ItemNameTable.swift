/// The engine's items by name: an open-addressed table of item indices, hashed on the
/// name's UTF-8 bytes (FNV-1a). Names live on the items themselves; the table keeps only
/// each item's hash and the slots. A `[String: LayoutItem]` spent more on hashing and
/// growing than the rest of adding a view.
struct ItemNameTable {
    /// Each item's name hash, by item index.
    private var hashes: [UInt32] = []
    /// Item indices by hash position, -1 where empty; the length is a power of two, at
    /// most half full.
    private var slots: [Int32] = []

    /// The index of the item in `items` called `name`, or nil.
    func index(of name: String, in items: [LayoutItem]) -> Int? {
        guard !slots.isEmpty else { return nil }
        let h = Self.hash(name), mask = slots.count - 1
        var i = Int(h) & mask
        while true {
            let n = Int(slots[i])
            if n < 0 { return nil }
            if hashes[n] == h && items[n].name == name { return n }
            i = (i + 1) & mask
        }
    }

    /// Adds the next item (index `hashes.count`), called `name`, which is not in the table.
    mutating func append(_ name: String) {
        if 2 * (hashes.count + 1) > slots.count { grow() }
        let h = Self.hash(name)
        hashes.append(h)
        place(Int32(hashes.count - 1), hash: h)
    }

    /// Removes the item added last. Nothing was placed after it, so no other item's probe
    /// sequence crosses its slot, and emptying the slot loses none.
    mutating func removeLast() {
        let n = Int32(hashes.count - 1), mask = slots.count - 1
        var i = Int(hashes.removeLast()) & mask
        while slots[i] != n { i = (i + 1) & mask }
        slots[i] = -1
    }

    private mutating func place(_ n: Int32, hash h: UInt32) {
        let mask = slots.count - 1
        var i = Int(h) & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = n
    }

    /// Doubles the slots and places every item again in index order, which keeps the
    /// property `removeLast` relies on.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: Swift.max(16, 2 * slots.count))
        for n in hashes.indices { place(Int32(n), hash: hashes[n]) }
    }

    /// FNV-1a over the UTF-8 bytes, then a multiply-xorshift finish so that the table
    /// position (the low bits) depends on every byte.
    static func hash(_ name: String) -> UInt32 {
        func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
            var h: UInt32 = 0x811c_9dc5
            for byte in bytes { h = (h ^ UInt32(byte)) &* 0x0100_0193 }
            return h
        }
        var h = name.utf8.withContiguousStorageIfAvailable(fnv1a) ?? fnv1a(name.utf8)
        h = (h ^ (h >> 16)) &* 0x7feb_352d
        return h ^ (h >> 15)
    }
}
