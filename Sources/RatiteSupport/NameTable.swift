/// Names numbered in order of first insertion: the one name table of the library. A solve
/// file's session numbers its variables' names here, a C solver handle its variables'
/// (`NamedSlots`), the layout engine its items' (an item's number is its index), and a VFL
/// parse the views a format names.
///
/// A name is found from its UTF-8 bytes, so a parser makes a `String` only for a name it
/// has not seen. Names are equal when their bytes are, whichever way they are looked up and
/// however many the table holds: "\u{e9}" and "e\u{301}" are two names, as they are two
/// byte sequences in a file or from C (Swift's `==` would call them one).
///
/// Each name is hashed (FNV-1a); while the table is small its names are searched in order,
/// which costs less than a table of slots for the few views of a format, and past
/// `linearLimit` names an open-addressed table of numbers takes over. A small table is one
/// heap block (a parse of a format makes one), compares names without hashing them, and
/// copying it retains two.
package struct NameTable {
    /// By number: the name, and its hash (compared before the name's bytes) once the slots
    /// are built (0 before).
    private var entries: [Entry] = []
    /// Numbers by hash position, -1 where empty, once there are more than `linearLimit`
    /// names (empty before); the length is a power of two, at most half full.
    private var slots: [Int32] = []

    private struct Entry {
        var name: String
        var hash: UInt32
        /// Whether every byte of the name is ASCII (see `spells(_:_:)` for strings).
        var isASCII: Bool
    }

    /// How many names are searched in order before the table of slots is built.
    package static var linearLimit: Int { 8 }

    package init() {}

    /// How many names the table holds.
    package var count: Int { entries.count }

    /// The name numbered `n`.
    package func name(_ n: Int32) -> String { entries[Int(n)].name }

    /// Every name, by number.
    package var names: [String] { entries.map(\.name) }

    /// The number of `name`, or nil when it was never inserted.
    package func number(of name: String) -> Int32? {
        if slots.isEmpty {
            for n in entries.indices where spells(n, name) { return Int32(n) }
            return nil
        }
        return number(of: name, hash: Self.hash(name))
    }

    /// The number of the name whose UTF-8 bytes are `utf8`, or nil.
    package func number(of utf8: UnsafeBufferPointer<UInt8>) -> Int32? {
        slots.isEmpty ? linearNumber(of: utf8) : number(of: utf8, hash: Self.hash(utf8))
    }

    /// Inserts `name`, which must not be in the table, and returns its number.
    package mutating func insert(_ name: String) -> Int32 {
        // Without slots nothing is hashed: the insertion that builds them hashes every name.
        slots.isEmpty ? insert(name, hash: 0) : insert(name, hash: Self.hash(name))
    }

    /// The number of `name`, inserted first if new.
    package mutating func intern(_ name: String) -> Int32 {
        if slots.isEmpty { return number(of: name) ?? insert(name) }
        let h = Self.hash(name)
        return number(of: name, hash: h) ?? insert(name, hash: h)
    }

    /// The number of the name whose UTF-8 bytes are `utf8`, inserted first if new: the
    /// `String` is made only then.
    package mutating func intern(_ utf8: UnsafeBufferPointer<UInt8>) -> Int32 {
        if slots.isEmpty {
            return linearNumber(of: utf8) ?? insert(String(decoding: utf8, as: UTF8.self), hash: 0)
        }
        let h = Self.hash(utf8)
        if let n = number(of: utf8, hash: h) { return n }
        return insert(String(decoding: utf8, as: UTF8.self), hash: h)
    }

    /// Removes the name inserted last (an item whose addition is rolled back). Nothing was
    /// placed after it, so no other name's probe sequence crosses its slot, and emptying
    /// the slot loses none.
    package mutating func removeLast() {
        let n = Int32(entries.count - 1)
        let removed = entries.removeLast()
        guard !slots.isEmpty else { return }
        let mask = slots.count - 1
        var i = Int(removed.hash) & mask
        while slots[i] != n { i = (i + 1) & mask }
        slots[i] = -1
    }

    /// The number of `utf8` in a table without slots: its names in order.
    private func linearNumber(of utf8: UnsafeBufferPointer<UInt8>) -> Int32? {
        for n in entries.indices where spells(n, utf8) { return Int32(n) }
        return nil
    }

    /// The number of `utf8` in a table with slots.
    private func number(of utf8: UnsafeBufferPointer<UInt8>, hash h: UInt32) -> Int32? {
        probe(hash: h) { spells($0, utf8) }
    }

    /// The number of `name` in a table with slots.
    private func number(of name: String, hash h: UInt32) -> Int32? {
        probe(hash: h) { spells($0, name) }
    }

    /// The first name along hash `h`'s probe sequence that `isSought` accepts, up to the
    /// first empty slot.
    @inline(__always)
    private func probe(hash h: UInt32, _ isSought: (Int) -> Bool) -> Int32? {
        let mask = slots.count - 1
        var i = Int(h) & mask
        while true {
            let n = slots[i]
            if n < 0 { return nil }
            if entries[Int(n)].hash == h && isSought(Int(n)) { return n }
            i = (i + 1) & mask
        }
    }

    /// Whether name `n`'s bytes are `name`'s. Swift's `==` (canonical equivalence, which
    /// compares ASCII strings as bytes and two short ones as two words) rules most names out
    /// at its cost; where it says equal, the bytes are equal too when the stored name is
    /// ASCII and the lengths match (a non-ASCII scalar equivalent to ASCII, such as the
    /// Kelvin sign, is longer in UTF-8), and are compared otherwise.
    private func spells(_ n: Int, _ name: String) -> Bool {
        let entry = entries[n]
        guard entry.name == name, entry.name.utf8.count == name.utf8.count else { return false }
        if entry.isASCII { return true }
        return name.utf8.withContiguousStorageIfAvailable { spells(n, $0) } ?? entry.name.utf8.elementsEqual(name.utf8)
    }

    /// Whether name `n`'s bytes are `utf8`.
    private func spells(_ n: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = entries[n].name.utf8
        guard name.count == utf8.count else { return false }
        // Native and small strings have their UTF-8 at hand; any other is compared as a
        // sequence.
        return name.withContiguousStorageIfAvailable { stored in
            var i = 0
            while i < utf8.count {
                if stored[i] != utf8[i] { return false }
                i += 1
            }
            return true
        } ?? name.elementsEqual(utf8)
    }

    private mutating func insert(_ name: String, hash h: UInt32) -> Int32 {
        let n = Int32(entries.count)
        // A format names a few views: one allocation instead of growing 1, 2, 4, 8.
        if entries.isEmpty { entries.reserveCapacity(Self.linearLimit) }
        let isASCII = name.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } }
        entries.append(Entry(name: name, hash: h, isASCII: isASCII ?? name.utf8.allSatisfy { $0 < 0x80 }))
        // Once built, the slots hold every name, even after removals bring the count back
        // under the limit.
        if entries.count > Self.linearLimit || !slots.isEmpty {
            if 2 * entries.count > slots.count {
                grow()
            } else {
                place(n, hash: h)
            }
        }
        return n
    }

    private mutating func place(_ n: Int32, hash h: UInt32) {
        let mask = slots.count - 1
        var i = Int(h) & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = n
    }

    /// Doubles the slots (or makes the first, hashing the names searched in order so far)
    /// and places every name again in number order, which keeps the property `removeLast`
    /// relies on.
    private mutating func grow() {
        if slots.isEmpty {
            for n in entries.indices { entries[n].hash = Self.hash(entries[n].name) }
        }
        slots = [Int32](repeating: -1, count: max(32, 2 * slots.count))
        for n in entries.indices { place(Int32(n), hash: entries[n].hash) }
    }

    /// The hash of `name`'s UTF-8 bytes, read in place (a native or small string has them
    /// at hand; `withUTF8` would make its argument mutable, a copy and a release a call).
    private static func hash(_ name: String) -> UInt32 {
        if let h = name.utf8.withContiguousStorageIfAvailable({ hash($0) }) { return h }
        var copy = name
        return copy.withUTF8 { hash($0) }
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
