/// An index over the few very long columns: a superview edge that every subview is pinned
/// to, a variable thousands of constraints mention.
///
/// Columns are singly linked lists (a backward link would cost 4 bytes a cell), so
/// unlinking a row walks to it: in random order, half the column each time, so removing
/// the constraints on one variable at random is quadratic. A column that a
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
