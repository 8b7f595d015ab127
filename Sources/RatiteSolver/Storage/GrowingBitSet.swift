/// A set of small non-negative integers as a bitmap that grows to the largest member: one
/// bit an element, for flags over a table too large for a byte each.
struct GrowingBitSet {
    private var words: [UInt64] = []

    @inline(__always) func contains(_ i: Int) -> Bool {
        let w = i >> 6
        return w < words.count && words[w] & (1 << UInt64(i & 63)) != 0
    }

    @inline(__always) mutating func insert(_ i: Int) {
        let w = i >> 6
        if w >= words.count {
            words.append(contentsOf: repeatElement(0, count: max(w + 1 - words.count, words.count / 2)))
        }
        words[w] |= 1 << UInt64(i & 63)
    }

    @inline(__always) mutating func remove(_ i: Int) {
        let w = i >> 6
        if w < words.count { words[w] &= ~(1 << UInt64(i & 63)) }
    }

    /// Inserts each of `members` (all below `bound`), returning how many were not members
    /// yet. One walk without a uniqueness or growth check per member.
    mutating func insertCountingNew(_ members: [Int32], bound: Int) -> Int {
        let needed = (bound + 63) >> 6
        if needed > words.count { words.append(contentsOf: repeatElement(0, count: needed - words.count)) }
        return words.withUnsafeMutableBufferPointer { w in
            var new = 0
            for m in members {
                let i = Int(m), bit: UInt64 = 1 << UInt64(i & 63)
                if w[i >> 6] & bit == 0 {
                    w[i >> 6] |= bit
                    new += 1
                }
            }
            return new
        }
    }

    /// How many words the set spans: what `removeAll(appendingMembersTo:)` walks.
    var wordCount: Int { words.count }

    /// Appends the members to `list` in increasing order and empties the set (keeping its
    /// storage).
    /// - Complexity: O(`wordCount` + members).
    mutating func removeAll(appendingMembersTo list: inout [Int32]) {
        for w in words.indices where words[w] != 0 {
            var bits = words[w]
            words[w] = 0
            while bits != 0 {
                list.append(Int32(w << 6 + bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
    }
}
