/// The rows' cells, back to back in one pool, and what decides when the pool is compacted
/// (see `SimplexCore+CellSqueeze.swift`).
///
/// A rewrite appends a row's new cells and leaves the old ones behind as garbage; the
/// bookkeeping here counts the live cells and remembers where the last compactions left
/// the pool, so that compacting stays proportional to appending.
struct CellStore: ~Copyable {
    var pool = CellPool()
    /// How many pool cells the rows point to; the rest is garbage.
    var liveCount = 0
    /// The pool size at which the next squeeze is considered.
    var nextSqueeze = 1 << 16
    /// The pool's length after the last compaction between transactions, or after the
    /// last look at its young part that found too little garbage to compact.
    var lengthAfterSqueeze = 0
    /// Cells appended before `lengthAfterSqueeze` since the last full compaction (young
    /// compactions and looks in between only move `lengthAfterSqueeze`).
    var appendedBeforeYoungSqueeze = 0
    /// Compactions between transactions so far, full and young (for tests).
    var squeezes = (full: 0, young: 0, nested: 0)

    init() {}

    /// An independent copy; like the original, its pool writes only the coefficients of
    /// cells that are not ±1.
    func copy() -> CellStore {
        var c = CellStore()
        c.pool = pool.copy()
        c.liveCount = liveCount
        c.nextSqueeze = nextSqueeze
        c.lengthAfterSqueeze = lengthAfterSqueeze
        c.appendedBeforeYoungSqueeze = appendedBeforeYoungSqueeze
        c.squeezes = squeezes
        return c
    }
}

extension CellStore {
    /// The pool's length and bookkeeping at the start of a transaction. Cells appended
    /// since are dropped on rollback; no cell before that length is written in place while
    /// a transaction is open (a squeeze inside one moves only the cells written since it
    /// began), so the rows the journal puts back find their cells where they left them.
    struct Savepoint {
        var pool = 0, liveCount = 0, nextSqueeze = 0
    }

    @inline(__always) func savepoint() -> Savepoint {
        Savepoint(pool: pool.count, liveCount: liveCount, nextSqueeze: nextSqueeze)
    }

    mutating func restore(_ point: Savepoint) {
        pool.truncate(to: point.pool)
        liveCount = point.liveCount
        nextSqueeze = point.nextSqueeze
    }
}

#if RATITE_INTERNAL_CHECKS
extension CellStore {
    /// Checks the bookkeeping against the pool; which cells are live is checked against the
    /// rows by the core.
    func checkInvariants(_ fail: (String) -> Void) {
        if liveCount < 0 || liveCount > pool.count { fail("\(liveCount) live cells in a pool of \(pool.count)") }
        if nextSqueeze < 0 { fail("the next squeeze is due at \(nextSqueeze) cells") }
    }
}
#endif
