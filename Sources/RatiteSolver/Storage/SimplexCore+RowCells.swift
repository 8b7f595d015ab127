/// The cells of every row, kept back to back in one pool (`CellStore`, `CellPool`): reading
/// a row's cells, and writing a row's new cells.
///
/// Rows are short and rewritten often. An array per row cost a heap block per row (header
/// and allocator overhead on two or three cells) and an allocation and a free per rewrite;
/// here a rewrite appends the new cells and leaves the old ones behind, and the pool is
/// compacted in place once enough is left behind (`SimplexCore+CellSqueeze.swift`).
///
/// Cells are never changed in place, so a row value taken before a rewrite still reads its
/// old cells, and rolling back a transaction only has to restore the row records (which the
/// journal does) and cut the pool back to its length at the savepoint.
extension SimplexCore {
    /// The cells of `row`.
    @inline(__always)
    func cells(of row: Row) -> CellSlice { cells.pool[row.cellRange] }

    /// The pool position of `symbol`'s cell in `row`, by binary search, or nil.
    @inline(__always)
    func cellPosition(of symbol: Int32, in row: Row) -> Int? {
        var low = Int(row.start)
        var high = low + Int(row.count)
        while low < high {
            let mid = (low &+ high) >> 1
            let s = cells.pool.symbol(at: mid)
            if s == symbol { return mid }
            if s < symbol { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// `symbol`'s coefficient in `row`, zero when absent.
    @inline(__always)
    func coefficient(of symbol: Int32, in row: Row) -> Double {
        if let i = cellPosition(of: symbol, in: row) { return cells.pool.coefficient(at: i) }
        return 0
    }

    /// Adds `scale ×` `row` (its constant and cells) to the workspace.
    @inline(__always)
    mutating func addToWorkspace(_ row: Row, scale: Double) {
        scratch.workspace.add(constant: row.constant, cells: cells(of: row), scale: scale)
    }

    /// A row holding `terms` (sorted, none near zero), its cells appended to the pool. The
    /// row is not in the tableau until `insertRow`; a row that never gets there (a solved
    /// form used for substitution only) is squeezed out later.
    mutating func storedRow(basic: Int32, isDefinition: Bool, constant: Double, terms: [Cell]) -> Row {
        let start = Int32(cells.pool.count)
        cells.pool.append(contentsOf: terms)
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
        let c = scratch.workspace.coefficient(x)
        let start = cells.pool.count
        var level: Int32 = 0
        var referencesYounger = false, referencesDefinitions = false
        var largest = 0.0
        var dropped = 0.0
        for s in scratch.workspace.symbols where s != x {
            // Both `a` (the cycle checks skip a symbol whose `a` is roundoff) and the
            // quotient (a huge `c` makes it roundoff) must be filtered.
            let a = scratch.workspace.coefficient(s)
            largest = max(largest, abs(a))
            let q = -a / c
            noteMagnitude(q)
            guard isKeptCell(a, solved: q) else {
                if !isNearZero(a) { dropped = max(dropped, abs(a)) }
                continue
            }
            cells.pool.append(Cell(symbol: s, coefficient: q))
            if isDefined(s) {
                level = max(level, definitionLevel(s) + 1)
                referencesDefinitions = true
                if tableau.symbols[Int(s)].owner > tableau.symbols[Int(x)].owner { referencesYounger = true }
            }
        }
        if fromID {
            level = startingLevel(of: x, atLeast: level)
            if referencesDefinitions { weighVariableOrder(followed: !referencesYounger) }
        }
        noteGrowth(pivot: c, besideLargest: largest)
        if dropped > 0 { noteDroppedQuotients(largest: dropped, besideLargest: largest) }
        sortCells(from: start)
        let constant = -scratch.workspace.constant / c
        noteMagnitude(constant)
        var row = Row(
            constant: constant, basic: x, start: Int32(start), count: Int32(cells.pool.count - start),
            isDefinition: true)
        row.level = level
        if level > definitionLevels.ceiling { definitionLevels.ranHigh = true }
        return row
    }

    /// Whether a workspace coefficient `a`, solved to `q`, stays a cell of the definition.
    /// One rule for `storedDefinition` and the cycle check (`isReference`): a cell the
    /// check passed over but the row kept would close a cycle unseen.
    @inline(__always) func isKeptCell(_ a: Double, solved q: Double) -> Bool {
        !isNearZero(a) && !isNearZero(q)
    }

    /// Sorts the cells from `start` to the end of the pool by symbol: insertion sort in
    /// place for the usual short row, the library sort for a long one.
    mutating func sortCells(from start: Int) {
        let count = cells.pool.count - start
        guard count > 1 else { return }
        if count > 16 {
            let sorted = cells.pool[start...].sorted { $0.symbol < $1.symbol }
            for (k, cell) in sorted.enumerated() { cells.pool.set(cell, at: start + k) }
            return
        }
        for i in (start + 1) ..< cells.pool.count {
            let cell = cells.pool[i]
            var j = i
            while j > start && cells.pool.symbol(at: j - 1) > cell.symbol {
                cells.pool.set(cells.pool[j - 1], at: j)
                j -= 1
            }
            cells.pool.set(cell, at: j)
        }
    }

    /// Points row `r` at the cells from `start` to the end of the pool (just appended),
    /// keeping the column lists in step with the cells it had before.
    mutating func replaceCells(_ r: Int32, from start: Int) {
        let old = tableau.rows[Int(r)].cellRange
        var i = old.lowerBound
        var j = start
        let end = cells.pool.count
        while i < old.upperBound || j < end {
            let a = i < old.upperBound ? cells.pool.symbol(at: i) : Int32.max
            let b = j < end ? cells.pool.symbol(at: j) : Int32.max
            if a == b {
                i += 1; j += 1
            } else if a < b {
                columnRemove(a, row: r); i += 1
            } else {
                columnInsert(b, row: r); j += 1
            }
        }
        noteRow(r)
        cells.liveCount += end - start - old.count
        tableau.rows[Int(r)].start = Int32(start)
        tableau.rows[Int(r)].count = Int32(end - start)
    }
}
