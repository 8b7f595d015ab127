/// A binary heap of defined symbols keyed by level, highest first (for expanding) or lowest
/// first (for evaluating), using the `queued` flag to hold each symbol once. Ties go by
/// symbol id so the order never depends on insertion history.
struct LevelHeap {
    private var items: [(level: Int32, symbol: Int32)] = []
    private let ascending: Bool

    init(ascending: Bool = false) { self.ascending = ascending }

    mutating func reserveCapacity(_ n: Int) { items.reserveCapacity(n) }

    @inline(__always) private func above(
        _ a: (level: Int32, symbol: Int32), _ b: (level: Int32, symbol: Int32)
    ) -> Bool {
        if a.level != b.level { return ascending ? a.level < b.level : a.level > b.level }
        return ascending ? a.symbol < b.symbol : a.symbol > b.symbol
    }

    mutating func push(_ s: Int32, level: Int32, flags: inout RecordBuffer<UInt8>) {
        if flags[Int(s)] & SymbolFlags.queued != 0 { return }
        flags[Int(s)] |= SymbolFlags.queued
        items.append((level, s))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if !above(items[i], items[parent]) { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop(flags: inout RecordBuffer<UInt8>) -> Int32? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var m = i
                if l < items.count && above(items[l], items[m]) { m = l }
                if r < items.count && above(items[r], items[m]) { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        flags[Int(top.symbol)] &= ~SymbolFlags.queued
        return top.symbol
    }
}
