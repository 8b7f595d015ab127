/// An index over the few very long columns: a superview edge that every subview is pinned
/// to, a variable thousands of constraints mention.
///
/// Columns are singly linked lists (a backward link would cost 4 bytes a cell), so
/// unlinking a row walks to it: in random order, half the column each time. Removing
/// 40,000 constraints on one variable at random took 0.65 s, quadratic. A column that a
/// row deletion walked more than `hubColumnWalk` nodes into gets an index from each of its
/// rows to the node before that row's entry, kept up to date by every link and unlink of
/// the column; unlinking from it then takes constant time.
///
/// The index is a cache: it is built from the column, is not journaled, and any rollback
/// drops it (the next deep walk builds it again). Lookups go through a hash table keyed by
/// symbol and row; nothing iterates it, so it cannot make results depend on hashing.
struct HubColumns {
    /// The indexed symbols.
    private var members = GrowingBitSet()
    private var memberList: [Int32] = []
    /// For each entry of an indexed column, keyed by `ColumnEntry(symbol:row:).key`, the
    /// node before it in the column, or -1 when it is the head.
    private(set) var predecessors: [UInt64: Int32] = [:]

    /// Stored, not `memberList.isEmpty`: every column link and unlink asks (one load, not
    /// two, on a path that runs for every cell a build writes).
    private(set) var isEmpty = true
    var symbols: [Int32] { memberList }

    @inline(__always) func contains(_ s: Int32) -> Bool { members.contains(Int(s)) }

    subscript(s: Int32, row r: Int32) -> Int32? {
        get { predecessors[ColumnEntry(symbol: s, row: r).key] }
        set { predecessors[ColumnEntry(symbol: s, row: r).key] = newValue }
    }

    mutating func add(_ s: Int32) {
        members.insert(Int(s))
        memberList.append(s)
        isEmpty = false
    }

    /// Forgets `s`'s index (its entries must be gone: an empty column).
    mutating func drop(_ s: Int32) {
        members.remove(Int(s))
        memberList.removeAll { $0 == s }
        isEmpty = memberList.isEmpty
    }

    mutating func removeAll() {
        for s in memberList { members.remove(Int(s)) }
        memberList = []
        predecessors = [:]
        isEmpty = true
    }
}

/// A row deletion that walks deeper than this into a column indexes the column.
let hubColumnWalk = 1024

extension SimplexCore {
    /// Indexes `s`'s column (see `HubColumns`).
    mutating func indexHubColumn(_ s: Int32) {
        hubColumns.add(s)
        var previous: Int32 = -1
        var node = symbols[Int(s)].column
        while node >= 0 {
            hubColumns[s, row: columnNodes[Int(node)].row] = previous
            previous = node
            node = columnNodes[Int(node)].next
        }
    }

    /// Unlinks row `r` from indexed column `s` without a walk; false if the index does not
    /// know the entry (then nothing changed).
    mutating func unlinkIndexedEntry(_ s: Int32, row r: Int32) -> Bool {
        guard let previous = hubColumns[s, row: r] else { return false }
        let node = previous < 0 ? symbols[Int(s)].column : columnNodes[Int(previous)].next
        guard node >= 0 && columnNodes[Int(node)].row == r else { return false }
        unlinkColumnNode(node, of: s, after: previous)
        return true
    }

    /// Keeps the index of `s`'s column in step with a new head `node` for row `r`.
    @inline(__always) mutating func indexInsertedHead(_ node: Int32, of s: Int32, row r: Int32) {
        hubColumns[s, row: r] = -1
        let next = columnNodes[Int(node)].next
        if next >= 0 { hubColumns[s, row: columnNodes[Int(next)].row] = node }
    }

    /// Keeps the index of `s`'s column in step with `node` leaving it (`previous` is the
    /// node before it, -1 at the head); an emptied column is no longer indexed.
    @inline(__always) mutating func indexUnlinked(_ node: Int32, of s: Int32, after previous: Int32) {
        hubColumns[s, row: columnNodes[Int(node)].row] = nil
        let next = columnNodes[Int(node)].next
        if next >= 0 {
            hubColumns[s, row: columnNodes[Int(next)].row] = previous
        } else if previous < 0 {
            hubColumns.drop(s)
        }
    }

    /// Where the index disagrees with the columns it covers, for the invariant check.
    func hubColumnViolations() -> [String] {
        var problems: [String] = []
        var entries = 0
        for s in hubColumns.symbols {
            var previous: Int32 = -1
            var node = symbols[Int(s)].column
            while node >= 0 {
                let r = columnNodes[Int(node)].row
                if hubColumns[s, row: r] != previous { problems.append("hub column of symbol \(s): row \(r) indexed after \(hubColumns[s, row: r] ?? -2), not \(previous)") }
                entries += 1
                previous = node
                node = columnNodes[Int(node)].next
            }
        }
        if entries != hubColumns.predecessors.count { problems.append("hub columns: \(hubColumns.predecessors.count) indexed entries for \(entries)") }
        return problems
    }
}
