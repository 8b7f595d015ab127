/// The basic symbols of LP rows that may be infeasible, for the dual simplex, which takes
/// the most violated row first.
///
/// A binary max-heap of (violation, symbol) entries, ordered by violation and, among equal
/// violations, by the lower symbol. A row's violation changes whenever a pivot rewrites its
/// constant, and each such change pushes a fresh entry (`checkFeasibility`): entries are
/// never updated in place, so a symbol can have stale ones. `SimplexCore.popInfeasible`
/// re-reads the row of every entry it pops and pushes it back when its key was stale.
/// Scanning a flat list for the most violated row instead cost O(rows) per pivot: a grid's
/// first suggestion makes half its rows infeasible and takes as many pivots.
struct InfeasibleQueue: Sequence {
    private(set) var symbols: [Int32] = []
    private var violations: [Double] = []

    var isEmpty: Bool { symbols.isEmpty }
    var count: Int { symbols.count }

    func makeIterator() -> IndexingIterator<[Int32]> { symbols.makeIterator() }

    /// Whether entry `i` comes out before entry `j`.
    @inline(__always) private func precedes(_ i: Int, _ j: Int) -> Bool {
        violations[i] > violations[j] || (violations[i] == violations[j] && symbols[i] < symbols[j])
    }

    mutating func push(_ symbol: Int32, violation: Double) {
        symbols.append(symbol)
        violations.append(violation)
        var i = symbols.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard precedes(i, parent) else { break }
            symbols.swapAt(i, parent)
            violations.swapAt(i, parent)
            i = parent
        }
    }

    /// Removes and returns the entry with the largest violation.
    mutating func pop() -> (symbol: Int32, violation: Double)? {
        guard let last = symbols.indices.last else { return nil }
        let top = (symbols[0], violations[0])
        symbols.swapAt(0, last)
        violations.swapAt(0, last)
        symbols.removeLast()
        violations.removeLast()
        var i = 0
        while true {
            let left = 2 * i + 1
            guard left < symbols.count else { break }
            var child = left
            if left + 1 < symbols.count && precedes(left + 1, left) { child = left + 1 }
            guard precedes(child, i) else { break }
            symbols.swapAt(i, child)
            violations.swapAt(i, child)
            i = child
        }
        return top
    }

    /// Removes every entry, keeping the storage.
    mutating func empty() {
        symbols.empty()
        violations.empty()
    }
}
