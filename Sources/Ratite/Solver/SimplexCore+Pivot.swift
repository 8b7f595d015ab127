/// Pivoting and substitution: the moves that keep the tableau equivalent to the
/// constraints while the basis changes.
extension SimplexCore {
    /// Substitutes `e = source` into row `q`, which contains `e`: merges `q`'s cells with
    /// `c ×` the source's (both sorted) straight onto the end of the pool, skipping `e`, and
    /// keeps the column lists in step as symbols appear and vanish.
    ///
    /// Without `unlinkingColumn`, the caller unlinks `q` from `e`'s column, and from the
    /// columns of symbols that cancel (listed in `cancelledSymbols`, counted in
    /// `deferredUnlinks`) with `unlinkCancelled`.
    mutating func substitute(_ e: Int32, by source: Row, into q: Int32, unlinkingColumn: Bool = true) {
        let target = rows[Int(q)]
        guard let position = cellPosition(of: e, in: target) else { return }
        statistics.substitutions += 1
        let c = cellPool.coefficient(at: position)
        let start = cellPool.count
        var i = Int(target.start), j = Int(source.start)
        let targetEnd = target.cellRange.upperBound, sourceEnd = source.cellRange.upperBound
        while i < targetEnd || j < sourceEnd {
            let ts = i < targetEnd ? cellPool.symbol(at: i) : Int32.max
            let ss = j < sourceEnd ? cellPool.symbol(at: j) : Int32.max
            if ts == e {
                if unlinkingColumn { columnRemove(e, row: q) }
                i += 1
                continue
            }
            if ss == e { j += 1; continue }
            if ts < ss {
                cellPool.append(cellPool[i])
                i += 1
            } else if ss < ts {
                let sum = cellPool.coefficient(at: j) * c
                if !isNearZero(sum) {
                    cellPool.append(Cell(symbol: ss, coefficient: sum))
                    columnInsert(ss, row: q)
                }
                j += 1
            } else {
                let sum = cancellingSum(cellPool.coefficient(at: i), cellPool.coefficient(at: j) * c)
                if sum != 0 {
                    cellPool.append(Cell(symbol: ts, coefficient: sum))
                } else if unlinkingColumn {
                    columnRemove(ts, row: q)
                } else {
                    deferredUnlinks += 1
                    if flags[Int(ts)] & SymbolFlags.cancelled == 0 {
                        flags[Int(ts)] |= SymbolFlags.cancelled
                        cancelledSymbols.append(ts)
                    }
                }
                i += 1
                j += 1
            }
        }
        noteRow(q)
        liveCellCount += cellPool.count - start - Int(target.count)
        rows[Int(q)].start = Int32(start)
        rows[Int(q)].count = Int32(cellPool.count - start)
        rows[Int(q)].constant += c * source.constant
        markDirty(target.basic)
        if !target.isDefinition { checkFeasibility(target.basic) }
    }

    /// Substitutes `e = source` into every LP row of `e`'s column but `except` (definition
    /// rows keep `e`), unlinking those rows from `e`'s column first and from the columns of
    /// symbols that cancel out in batches, one pass a column. Unlinking each row as it was
    /// rewritten walked a column every time, quadratic in long columns: a shuffled grid's
    /// phase one spent half its instructions there. `e`'s nodes go first so the rewrites
    /// reuse them, and batches are bounded, so the node pool's peak stays within 1/32 of
    /// where it was (a whole pivot's cancelled nodes held to the end raised it by a fifth
    /// on random).
    mutating func substituteIntoLPRows(_ e: Int32, by source: Row, except r: Int32) {
        var containing = takeRowList()
        defer { keepRowList(containing) }
        columnRows(e, into: &containing)
        unlinkRows(of: e, .lpRows(except: r))
        // Each batch walks whole columns, so batches are large; but their nodes are held
        // until then, so they are bounded by a share of the node pool.
        let batchLimit = max(32, columnNodes.count / 32)
        for q in containing where q != r && !rows[Int(q)].isDefinition {
            substitute(e, by: source, into: q, unlinkingColumn: false)
            if deferredUnlinks > batchLimit { unlinkCancelled() }
        }
        unlinkCancelled()
    }

    /// Unlinks the rows the symbols in `cancelledSymbols` cancelled out of from their
    /// columns.
    mutating func unlinkCancelled() {
        for s in cancelledSymbols {
            flags[Int(s)] &= ~SymbolFlags.cancelled
            unlinkRows(of: s, .rowsWithout)
        }
        cancelledSymbols.empty()
        deferredUnlinks = 0
    }

    /// Queues LP row of `b` for the dual simplex if its constant violates `b`'s bound.
    @inline(__always) mutating func checkFeasibility(_ b: Int32) {
        let r = rowIndex(b)
        let c = rows[Int(r)].constant
        let violated = c < -feasibilityTolerance || (kind(b) == .dummy && c > feasibilityTolerance)
        if violated && flags[Int(b)] & SymbolFlags.infeasible == 0 {
            flags[Int(b)] |= SymbolFlags.infeasible
            infeasible.append(b)
        }
    }

    /// Makes `e` basic in LP row `r`, whose basic symbol becomes parametric, and substitutes
    /// `e` out of every other LP row and the objective. If `e` is external, `r` becomes its
    /// definition row.
    mutating func pivot(entering e: Int32, row r: Int32) {
        statistics.pivots += 1
        let old = rows[Int(r)]
        let b = old.basic
        let a = coefficient(of: e, in: old)
        precondition(!isNearZero(a), "pivot on a zero coefficient")
        // The row solved for `e`, written at the end of the pool.
        let start = cellPool.count
        var placedBasic = false
        for k in old.cellRange where cellPool.symbol(at: k) != e {
            let t = cellPool[k]
            if !placedBasic && b < t.symbol {
                cellPool.append(Cell(symbol: b, coefficient: 1 / a))
                placedBasic = true
            }
            let c = -t.coefficient / a
            if !isNearZero(c) { cellPool.append(Cell(symbol: t.symbol, coefficient: c)) }
        }
        if !placedBasic { cellPool.append(Cell(symbol: b, coefficient: 1 / a)) }
        replaceCells(r, from: start)
        rows[Int(r)].basic = e
        rows[Int(r)].isDefinition = kind(e) == .external
        rows[Int(r)].constant = -old.constant / a
        let row = rows[Int(r)]
        noteSymbol(b)
        symbols[Int(b)].row = -1
        noteSymbol(e)
        symbols[Int(e)].row = r
        markDirty(b)
        markDirty(e)
        if flags[Int(b)] & SymbolFlags.infeasible != 0 { flags[Int(b)] &= ~SymbolFlags.infeasible }

        substituteIntoLPRows(e, by: row, except: r)
        substituteObjective(e, row: row)
        if row.isDefinition {
            raiseLevels(above: e)
        } else {
            checkFeasibility(e)
        }
    }

    /// Restores `level(dependent) > level(reference)` after `x`'s level rose or `x` became
    /// defined, by raising the levels of the rows that refer to `x`, transitively.
    mutating func raiseLevels(above x: Int32) {
        var work: [Int32] = [x]
        var containing = takeRowList()
        defer { keepRowList(containing) }
        while let y = work.popLast() {
            let level = definitionLevel(y)
            columnRows(y, into: &containing)
            for z in containing where rows[Int(z)].isDefinition {
                let d = rows[Int(z)].basic
                if rows[Int(z)].level <= level {
                    precondition(d != x, "cycle among definition rows")
                    noteRow(z)
                    rows[Int(z)].level = level + 1
                    work.append(d)
                }
            }
        }
    }
}

/// Row constants this far below zero make an LP row infeasible.
let feasibilityTolerance = 1.0e-9
