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
/// Whether a column is indexed changes what later operations do (an indexed column is
/// never reversed, and its unlinks are never batched), so the index is core state like any
/// other: changes are logged while a transaction is open and undone by a rollback (first
/// it was dropped on rollback, and a refused operation then changed what came after it).
/// Lookups go through a hash table keyed by symbol and row; nothing iterates it, so it
/// cannot make results depend on hashing.
struct HubColumns {
    /// The indexed symbols.
    private var members = GrowingBitSet()
    private var memberCount = 0
    /// For each entry of an indexed column, keyed by `ColumnEntry(symbol:row:).key`, the
    /// node before it in the column, or -1 when it is the head.
    private(set) var predecessors: [UInt64: Int32] = [:]
    /// Undo entries of the open transactions: a key and its value before the change (nil
    /// when absent). Keys with `membershipBit` set record a symbol joining (nil) or leaving
    /// (non-nil) the index.
    private var log: [(key: UInt64, old: Int32?)] = []
    private static let membershipBit: UInt64 = 1 << 63

    var logCount: Int { log.count }
    var isEmpty: Bool { memberCount == 0 }

    /// Whether `s`'s column is indexed. Every column link and unlink asks, on a path that
    /// runs for every cell a build writes: with no column indexed (nearly always), the
    /// answer is one load of the count.
    @inline(__always) func contains(_ s: Int32) -> Bool { memberCount > 0 && members.contains(Int(s)) }

    subscript(s: Int32, row r: Int32) -> Int32? { predecessors[ColumnEntry(symbol: s, row: r).key] }

    /// Sets the predecessor of row `r`'s entry in `s`'s column (nil: no entry), logging
    /// the old one when `logging`.
    mutating func set(_ s: Int32, row r: Int32, _ value: Int32?, logging: Bool) {
        let key = ColumnEntry(symbol: s, row: r).key
        if logging { log.append((key, predecessors[key])) }
        predecessors[key] = value
    }

    mutating func add(_ s: Int32, logging: Bool) {
        if logging { log.append((Self.membershipBit | UInt64(UInt32(s)), nil)) }
        setMember(s, true)
    }

    /// Forgets `s`'s index (its entries must be gone: an empty column).
    mutating func drop(_ s: Int32, logging: Bool) {
        if logging { log.append((Self.membershipBit | UInt64(UInt32(s)), 1)) }
        setMember(s, false)
    }

    private mutating func setMember(_ s: Int32, _ member: Bool) {
        guard member != contains(s) else { return }
        if member { members.insert(Int(s)) } else { members.remove(Int(s)) }
        memberCount += member ? 1 : -1
    }

    /// Undoes the changes logged after the first `count` entries.
    mutating func rollBack(to count: Int) {
        assert(log.count >= count, "hub column log shorter than its transaction's mark")
        while log.count > count {
            let (key, old) = log.removeLast()
            if key & Self.membershipBit != 0 {
                setMember(Int32(truncatingIfNeeded: key & 0x7fff_ffff), old != nil)
            } else {
                predecessors[key] = old
            }
        }
    }

    /// Drops the log: the outermost transaction committed.
    mutating func forgetLog() {
        if log.count > Journal.keptLogCapacity { log = [] } else { log.removeAll(keepingCapacity: true) }
    }
}

/// A row deletion that walks deeper than this into a column indexes the column.
let hubColumnWalk = 1024

extension SimplexCore {
    /// Indexes `s`'s column (see `HubColumns`).
    mutating func indexHubColumn(_ s: Int32) {
        let logging = journal.isActive
        hubColumns.add(s, logging: logging)
        var previous: Int32 = -1
        var node = symbols[Int(s)].column
        while node >= 0 {
            hubColumns.set(s, row: columnNodes[Int(node)].row, previous, logging: logging)
            previous = node
            node = columnNodes[Int(node)].next
        }
    }

    /// Unlinks row `r` from indexed column `s` without a walk and returns the node that
    /// followed the entry (-1 at the end); nil if the index does not know the entry (then
    /// nothing changed).
    mutating func unlinkIndexedEntry(_ s: Int32, row r: Int32) -> Int32? {
        guard let previous = hubColumns[s, row: r] else { return nil }
        let node = previous < 0 ? symbols[Int(s)].column : columnNodes[Int(previous)].next
        guard node >= 0 && columnNodes[Int(node)].row == r else { return nil }
        let next = columnNodes[Int(node)].next
        unlinkColumnNode(node, of: s, after: previous)
        return next
    }

    /// Keeps the index of `s`'s column in step with a new head `node` for row `r`.
    @inline(__always) mutating func indexInsertedHead(_ node: Int32, of s: Int32, row r: Int32) {
        let logging = journal.isActive
        hubColumns.set(s, row: r, -1, logging: logging)
        let next = columnNodes[Int(node)].next
        if next >= 0 { hubColumns.set(s, row: columnNodes[Int(next)].row, node, logging: logging) }
    }

    /// Keeps the index of `s`'s column in step with `node` leaving it (`previous` is the
    /// node before it, -1 at the head); an emptied column is no longer indexed.
    @inline(__always) mutating func indexUnlinked(_ node: Int32, of s: Int32, after previous: Int32) {
        let logging = journal.isActive
        hubColumns.set(s, row: columnNodes[Int(node)].row, nil, logging: logging)
        let next = columnNodes[Int(node)].next
        if next >= 0 {
            hubColumns.set(s, row: columnNodes[Int(next)].row, previous, logging: logging)
        } else if previous < 0 {
            hubColumns.drop(s, logging: logging)
        }
    }

    /// Where the index disagrees with the columns it covers, for the invariant check.
    func hubColumnViolations() -> [String] {
        var problems: [String] = []
        var entries = 0
        for s in Int32(0) ..< Int32(symbols.count) where hubColumns.contains(s) {
            var previous: Int32 = -1
            var node = symbols[Int(s)].column
            while node >= 0 {
                let r = columnNodes[Int(node)].row
                if hubColumns[s, row: r] != previous {
                    problems.append("hub column of symbol \(s): row \(r) indexed after "
                        + "\(hubColumns[s, row: r] ?? -2), not \(previous)")
                }
                entries += 1
                previous = node
                node = columnNodes[Int(node)].next
            }
        }
        if entries != hubColumns.predecessors.count {
            problems.append("hub columns: \(hubColumns.predecessors.count) indexed entries for \(entries)")
        }
        return problems
    }
}
