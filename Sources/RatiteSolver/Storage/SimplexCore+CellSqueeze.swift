/// Compacting the cell pool: squeezing out the cells no row points to.
///
/// Squeezing moves cells, so it runs only where no row value is held: when the outermost
/// transaction commits, and when a nested transaction begins (then only the cells written
/// since the enclosing transaction began move; see `squeezeCellPoolIfSparse`).
extension SimplexCore {
    /// Makes the pool squeeze as soon as it holds `slack` garbage cells (and more than live
    /// ones), starting now: tests and fuzzers use it so small systems exercise squeezes.
    package mutating func squeezeCellsOften(slack: Int) {
        tuning.cellSqueezeSlack = slack
        cells.nextSqueeze = 0
        squeezeCellPoolIfSparse()
    }

    /// Squeezes the pool between two pivots of one operation, where no row value is held,
    /// once it has grown by the margin `squeezeCellPoolIfSparse` leaves. Pivots append every
    /// row they rewrite, and an operation of thousands of them (rebuilding a large system's
    /// tableau) otherwise grew the pool by gigabytes before its commit could squeeze it.
    @inline(__always) mutating func squeezeCellsBetweenPivots() {
        if cells.pool.count >= cells.nextSqueeze { squeezeCellPoolIfSparse() }
    }

    /// Squeezes out the cells no row points to, in place.
    ///
    /// Between transactions every cell may move, the live count says how much is garbage,
    /// and the pool is compacted once its garbage passes a sixteenth of the live cells, so
    /// its high-water mark (its share of a build's peak memory) stays close to the live
    /// cells, but never before half as many cells as are live have been appended since
    /// the last full compaction: a full compaction moves every live cell, so this bounds
    /// its work to twice the appending it follows. A grid build appends mostly live cells
    /// and compacts at the sixteenth; a tree build rewrites rows on root paths and appends
    /// mostly garbage, many cells per live one, and at the sixteenth alone it would compact
    /// over and over.
    ///
    /// In between, each time an eighth as many cells as are live have been appended, the
    /// young part (the cells appended since the last compaction of either kind, or since
    /// the last look at the young part that found too little garbage) is
    /// compacted on its own when half of it is garbage: a row rewritten once is usually
    /// rewritten again soon (a random build keeps rewriting the rows of the band it is
    /// adding to), so most garbage is young, and compacting only the young part costs a
    /// scan of the rows and the young cells, not every live cell. The pool then stays
    /// within about an eighth of live of where the full rule alone left it at half.
    /// Compacting in place touches no fresh pages (rebuilding into a fresh array did, and
    /// for a moment held the old pool and the new one, which set a large build's peak).
    ///
    /// Inside a transaction only the cells written since the innermost one began may move
    /// (see below), their garbage is found by a scan of the rows, so the scan only runs
    /// each time the pool has grown by half. A row pointing there was written in that
    /// transaction, so the journal holds its value from before (pointing below the moved
    /// part) or the row is new and goes on rollback: the unjournaled position change can
    /// never be rolled back to. Journal entries written in between may point into the
    /// moved part, but replaying the log backwards always ends on an older entry for the
    /// same row.
    mutating func squeezeCellPoolIfSparse() {
        if !journal.isActive {
            let garbage = cells.pool.count - cells.liveCount
            guard garbage > max(cells.liveCount / 16, tuning.cellSqueezeSlack) else { return }
            let young = cells.pool.count - min(cells.pool.count, cells.lengthAfterSqueeze)
            if 2 * (cells.appendedBeforeYoungSqueeze + young) >= cells.liveCount {
                compactCells(from: 0)
                cells.appendedBeforeYoungSqueeze = 0
                cells.squeezes.full += 1
            } else if 8 * young >= cells.liveCount {
                if compactIfHalfGarbage(from: cells.pool.count - young) { cells.squeezes.young += 1 }
                cells.appendedBeforeYoungSqueeze += young
            } else {
                return
            }
            cells.lengthAfterSqueeze = cells.pool.count
        } else {
            guard cells.pool.count >= cells.nextSqueeze else { return }
            if compactIfHalfGarbage(from: journal.marks.last!.cells.pool) { cells.squeezes.nested += 1 }
        }
        cells.nextSqueeze = cells.pool.count + max(cells.pool.count / 2, tuning.cellSqueezeSlack)
    }

    /// Compacts the cells from `floor` on when at least half of them are garbage, and says
    /// whether it did. One scan of the rows lists those pointing there; the compaction
    /// then reads only that list.
    private mutating func compactIfHalfGarbage(from floor: Int) -> Bool {
        var young = takeRowList()
        defer { keepRowList(young) }
        young.removeAll(keepingCapacity: true)
        var live = 0
        for r in tableau.rows.indices where !tableau.rows[r].isUnused && Int(tableau.rows[r].start) >= floor {
            young.append(Int32(r))
            live += Int(tableau.rows[r].count)
        }
        guard 2 * live < cells.pool.count - floor else { return false }
        compactCells(from: floor, rows: young)
        return true
    }

    /// Moves the cells of the rows that start at or past `floor` down to `floor`, back to
    /// back in pool order, and points those rows at their new places.
    ///
    /// A bitmap over the pool marks the live cells (a bit a cell: the compaction runs at the
    /// pool's high-water mark, where a build's memory peaks, and a list of row ids sorted
    /// by position cost 4 bytes a row there). Live runs then move down in position order,
    /// so no move overwrites cells still to be moved, and a row's new start is the number
    /// of live cells before its old one.
    private mutating func compactCells(from floor: Int) {
        var live = LiveCellMap(count: cells.pool.count - floor)
        for r in tableau.rows.indices where !tableau.rows[r].isUnused && Int(tableau.rows[r].start) >= floor {
            live.mark(Int(tableau.rows[r].start) - floor, count: Int(tableau.rows[r].count))
        }
        live.countRanks()
        for r in tableau.rows.indices where !tableau.rows[r].isUnused && Int(tableau.rows[r].start) >= floor {
            tableau.rows[r].start = Int32(floor + live.liveCells(before: Int(tableau.rows[r].start) - floor))
        }
        moveLiveRuns(live, from: floor)
    }

    /// `compactCells(from:)` for the rows of `list`, which holds every row pointing at or
    /// past `floor`.
    private mutating func compactCells(from floor: Int, rows list: [Int32]) {
        var live = LiveCellMap(count: cells.pool.count - floor)
        for r in list { live.mark(Int(tableau.rows[Int(r)].start) - floor, count: Int(tableau.rows[Int(r)].count)) }
        live.countRanks()
        for r in list {
            tableau.rows[Int(r)].start = Int32(floor + live.liveCells(before: Int(tableau.rows[Int(r)].start) - floor))
        }
        moveLiveRuns(live, from: floor)
    }

    /// Moves the live runs `live` maps (from `floor` on) down to `floor`, back to back, and
    /// cuts the pool after them.
    private mutating func moveLiveRuns(_ live: LiveCellMap, from floor: Int) {
        var write = floor
        var position = 0
        while let run = live.nextRun(from: position) {
            cells.pool.moveCells(floor + run.lowerBound ..< floor + run.upperBound, to: write)
            write += run.count
            position = run.upperBound
        }
        cells.pool.truncate(to: write)
    }
}
