/// A bitmap of the live positions of a pool, with the rank queries its compaction needs:
/// where each live run lies, and how many live positions precede a given one.
struct LiveCellMap {
    private var words: [UInt64]
    /// Live positions before each word, once `countRanks` has run.
    private var ranks: [Int] = []
    private let count: Int

    init(count: Int) {
        self.count = count
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// Marks positions `start ..< start + count` live.
    mutating func mark(_ start: Int, count length: Int) {
        var p = start
        let end = start + length
        while p < end {
            let bit = p & 63
            let n = min(64 - bit, end - p)
            let mask: UInt64 = n == 64 ? ~0 : ((1 << UInt64(n)) - 1) << UInt64(bit)
            words[p >> 6] |= mask
            p += n
        }
    }

    mutating func countRanks() {
        ranks = []
        ranks.reserveCapacity(words.count + 1)
        var total = 0
        for w in words {
            ranks.append(total)
            total += w.nonzeroBitCount
        }
        ranks.append(total)
    }

    /// How many live positions lie before `position` (which may be `count`).
    func liveCells(before position: Int) -> Int {
        let w = position >> 6, bit = position & 63
        guard w < words.count else { return ranks[words.count] }
        return ranks[w] + (words[w] & ((1 << UInt64(bit)) - 1)).nonzeroBitCount
    }

    /// The first maximal run of live positions at or after `position`, or nil.
    func nextRun(from position: Int) -> Range<Int>? {
        guard let start = next(from: position, live: true) else { return nil }
        return start ..< (next(from: start, live: false) ?? count)
    }

    /// The first position at or after `position` that is live (or dead), or nil.
    private func next(from position: Int, live: Bool) -> Int? {
        var w = position >> 6
        guard w < words.count else { return nil }
        var word = (live ? words[w] : ~words[w]) & (~0 << UInt64(position & 63))
        while word == 0 {
            w += 1
            guard w < words.count else { return nil }
            word = live ? words[w] : ~words[w]
        }
        let found = w << 6 + word.trailingZeroBitCount
        return found < count ? found : nil
    }
}
