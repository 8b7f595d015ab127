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
