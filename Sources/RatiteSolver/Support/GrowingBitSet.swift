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
}
