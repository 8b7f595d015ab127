/// The cells of every row, kept back to back in one pool (`CellPool`).
///
/// Rows are short and rewritten often. An array per row cost a heap block per row (header
/// and allocator overhead on two or three cells) and an allocation and a free per rewrite;
/// here a rewrite appends the new cells and leaves the old ones behind, and the pool is
/// compacted in place once enough is left behind (`squeezeCellPoolIfSparse`).
///
/// Cells are never changed in place, so a row value taken before a rewrite still reads its
/// old cells, and rolling back a transaction only has to restore the row records (which the
/// journal does) and cut the pool back to its length at the savepoint. Squeezing moves cells,
/// so it runs only where no row value is held: when the outermost transaction commits, and
/// when a nested transaction begins (then only the cells written since the enclosing
/// transaction began move; see `squeezeCellPoolIfSparse`).
extension SimplexCore {
    /// The cells of `row`.
    @inline(__always)
    func cells(of row: Row) -> CellSlice { cellPool[row.cellRange] }

    /// The pool position of `symbol`'s cell in `row`, by binary search, or nil.
    @inline(__always)
    func cellPosition(of symbol: Int32, in row: Row) -> Int? {
        var low = Int(row.start)
        var high = low + Int(row.count)
        while low < high {
            let mid = (low &+ high) >> 1
            let s = cellPool.symbol(at: mid)
            if s == symbol { return mid }
            if s < symbol { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// `symbol`'s coefficient in `row`, zero when absent.
    @inline(__always)
    func coefficient(of symbol: Int32, in row: Row) -> Double {
        if let i = cellPosition(of: symbol, in: row) { return cellPool.coefficient(at: i) }
        return 0
    }

    /// Adds `scale ×` `row` (its constant and cells) to the workspace.
    @inline(__always)
    mutating func addToWorkspace(_ row: Row, scale: Double) {
        workspace.add(constant: row.constant, cells: cells(of: row), scale: scale)
    }

    /// A row holding `terms` (sorted, none near zero), its cells appended to the pool. The
    /// row is not in the tableau until `insertRow`; a row that never gets there (a solved
    /// form used for substitution only) is squeezed out later.
    mutating func storedRow(basic: Int32, isDefinition: Bool, constant: Double, terms: [Cell]) -> Row {
        let start = Int32(cellPool.count)
        cellPool.append(contentsOf: terms)
        return Row(
            constant: constant, basic: basic, start: start, count: Int32(terms.count), isDefinition: isDefinition)
    }

    /// The workspace row `0 = constant + Σ terms` solved for `x`, as a definition row with
    /// its cells appended to the pool (sorted there, without a scratch array), at the level
    /// it needs: one above every defined symbol it refers to, or, when `fromID`, the
    /// `startingLevel` above that (which stays below every row already referring to `x`:
    /// `raiseLevelsBeforeDefining` computed the same level and raised those rows above
    /// it, and a fresh variable has none). Only implicit definitions weigh the variable
    /// order.
    mutating func storedDefinition(of x: Int32, fromID: Bool = false) -> Row {
        let c = workspace.coefficient(x)
        let start = cellPool.count
        var level: Int32 = 0
        var referencesYounger = false, referencesDefinitions = false
        var largest = 0.0
        for s in workspace.symbols where s != x {
            // Both `a` (the cycle checks skip a symbol whose `a` is roundoff) and the
            // quotient (a huge `c` makes it roundoff) must be filtered.
            let a = workspace.coefficient(s)
            largest = max(largest, abs(a))
            let q = -a / c
            noteMagnitude(q)
            guard isKeptCell(a, solved: q) else { continue }
            cellPool.append(Cell(symbol: s, coefficient: q))
            if isDefined(s) {
                level = max(level, definitionLevel(s) + 1)
                referencesDefinitions = true
                if symbols[Int(s)].owner > symbols[Int(x)].owner { referencesYounger = true }
            }
        }
        if fromID {
            level = startingLevel(of: x, atLeast: level)
            if referencesDefinitions { weighVariableOrder(followed: !referencesYounger) }
        }
        noteGrowth(pivot: c, besideLargest: largest)
        sortCells(from: start)
        let constant = -workspace.constant / c
        noteMagnitude(constant)
        var row = Row(
            constant: constant, basic: x, start: Int32(start), count: Int32(cellPool.count - start), isDefinition: true)
        row.level = level
        if level > definitionLevelCeiling { definitionLevelsRanHigh = true }
        return row
    }

    /// Whether a workspace coefficient `a`, solved to `q`, stays a cell of the definition.
    /// One rule for `storedDefinition` and the cycle check (`isReference`): a cell the
    /// check passed over but the row kept would close a cycle unseen.
    @inline(__always) func isKeptCell(_ a: Double, solved q: Double) -> Bool {
        !isNearZero(a) && !isNearZero(q)
    }

    /// Whether the workspace row solved for `x` refers to `s`: whether `storedDefinition`
    /// keeps its cell.
    @inline(__always) func isReference(_ s: Int32, ofDefinitionOf x: Int32) -> Bool {
        let a = workspace.coefficient(s)
        return isKeptCell(a, solved: -a / workspace.coefficient(x))
    }

    /// One above the highest level among the definitions the workspace row, solved for
    /// `x`, refers to: the least level `storedDefinition(of: x)` may give it.
    func referenceBound(ofDefinitionOf x: Int32) -> Int32 {
        var level: Int32 = 0
        for s in workspace.symbols where s != x && isDefined(s) && isReference(s, ofDefinitionOf: x) {
            level = max(level, definitionLevel(s) + 1)
        }
        return level
    }

    /// Sorts the cells from `start` to the end of the pool by symbol: insertion sort in
    /// place for the usual short row, the library sort for a long one.
    mutating func sortCells(from start: Int) {
        let count = cellPool.count - start
        guard count > 1 else { return }
        if count > 16 {
            let sorted = cellPool[start...].sorted { $0.symbol < $1.symbol }
            for (k, cell) in sorted.enumerated() { cellPool.set(cell, at: start + k) }
            return
        }
        for i in (start + 1) ..< cellPool.count {
            let cell = cellPool[i]
            var j = i
            while j > start && cellPool.symbol(at: j - 1) > cell.symbol {
                cellPool.set(cellPool[j - 1], at: j)
                j -= 1
            }
            cellPool.set(cell, at: j)
        }
    }

    /// Points row `r` at the cells from `start` to the end of the pool (just appended),
    /// keeping the column lists in step with the cells it had before.
    mutating func replaceCells(_ r: Int32, from start: Int) {
        let old = rows[Int(r)].cellRange
        var i = old.lowerBound
        var j = start
        let end = cellPool.count
        while i < old.upperBound || j < end {
            let a = i < old.upperBound ? cellPool.symbol(at: i) : Int32.max
            let b = j < end ? cellPool.symbol(at: j) : Int32.max
            if a == b {
                i += 1; j += 1
            } else if a < b {
                columnRemove(a, row: r); i += 1
            } else {
                columnInsert(b, row: r); j += 1
            }
        }
        noteRow(r)
        liveCellCount += end - start - old.count
        rows[Int(r)].start = Int32(start)
        rows[Int(r)].count = Int32(end - start)
    }

    /// Makes the pool squeeze as soon as it holds `slack` garbage cells (and more than live
    /// ones), starting now: tests and fuzzers use it so small systems exercise squeezes.
    package mutating func squeezeCellsOften(slack: Int) {
        cellSqueezeSlack = slack
        nextCellSqueeze = 0
        squeezeCellPoolIfSparse()
    }

    /// Squeezes out the cells no row points to, in place.
    ///
    /// Between transactions every cell may move, the live count says how much is garbage,
    /// and the pool is compacted once its garbage passes a sixteenth of the live cells, so
    /// its high-water mark (its share of a build's peak memory) stays close to the live
    /// cells, but never before half as many cells as are live have been appended since
    /// the last full compaction: a full compaction moves every live cell, so this bounds
    /// its work to twice the appending it follows. A grid build appends mostly live cells
    /// and compacts at the sixteenth (7 times at 100k); a tree build rewrites rows on root
    /// paths and appends mostly garbage, about 15 cells per live one, which at the
    /// sixteenth alone took 508 compactions and 3.5 of its 7.9 seconds.
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
    /// for a moment held the old pool and the new one: a 100k tree peaked at 454 bytes per
    /// constraint that way).
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
            let garbage = cellPool.count - liveCellCount
            guard garbage > max(liveCellCount / 16, cellSqueezeSlack) else { return }
            let young = cellPool.count - min(cellPool.count, poolAfterSqueeze)
            if 2 * (appendedBeforeYoungSqueeze + young) >= liveCellCount {
                compactCells(from: 0)
                appendedBeforeYoungSqueeze = 0
                cellSqueezes.full += 1
            } else if 8 * young >= liveCellCount {
                if compactIfHalfGarbage(from: cellPool.count - young) { cellSqueezes.young += 1 }
                appendedBeforeYoungSqueeze += young
            } else {
                return
            }
            poolAfterSqueeze = cellPool.count
        } else {
            guard cellPool.count >= nextCellSqueeze else { return }
            _ = compactIfHalfGarbage(from: journal.marks.last!.cellPool)
        }
        nextCellSqueeze = cellPool.count + max(cellPool.count / 2, cellSqueezeSlack)
    }

    /// Compacts the cells from `floor` on when at least half of them are garbage, and says
    /// whether it did. One scan of the rows lists those pointing there; the compaction
    /// then reads only that list.
    private mutating func compactIfHalfGarbage(from floor: Int) -> Bool {
        var young = takeRowList()
        defer { keepRowList(young) }
        young.removeAll(keepingCapacity: true)
        var live = 0
        for r in rows.indices where !rows[r].isUnused && Int(rows[r].start) >= floor {
            young.append(Int32(r))
            live += Int(rows[r].count)
        }
        guard 2 * live < cellPool.count - floor else { return false }
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
        var live = LiveCellMap(count: cellPool.count - floor)
        for r in rows.indices where !rows[r].isUnused && Int(rows[r].start) >= floor {
            live.mark(Int(rows[r].start) - floor, count: Int(rows[r].count))
        }
        live.countRanks()
        for r in rows.indices where !rows[r].isUnused && Int(rows[r].start) >= floor {
            rows[r].start = Int32(floor + live.liveCells(before: Int(rows[r].start) - floor))
        }
        moveLiveRuns(live, from: floor)
    }

    /// `compactCells(from:)` for the rows of `list`, which holds every row pointing at or
    /// past `floor`.
    private mutating func compactCells(from floor: Int, rows list: [Int32]) {
        var live = LiveCellMap(count: cellPool.count - floor)
        for r in list { live.mark(Int(rows[Int(r)].start) - floor, count: Int(rows[Int(r)].count)) }
        live.countRanks()
        for r in list { rows[Int(r)].start = Int32(floor + live.liveCells(before: Int(rows[Int(r)].start) - floor)) }
        moveLiveRuns(live, from: floor)
    }

    /// Moves the live runs `live` maps (from `floor` on) down to `floor`, back to back, and
    /// cuts the pool after them.
    private mutating func moveLiveRuns(_ live: LiveCellMap, from floor: Int) {
        var write = floor
        var position = 0
        while let run = live.nextRun(from: position) {
            cellPool.moveCells(floor + run.lowerBound ..< floor + run.upperBound, to: write)
            write += run.count
            position = run.upperBound
        }
        cellPool.truncate(to: write)
    }
}
