/// Pivoting and substitution: the moves that keep the tableau equivalent to the
/// constraints while the basis changes.
extension SimplexCore {
    /// Substitutes `e = source` into row `q`, which contains `e`: merges `q`'s cells with
    /// `c ×` the source's (both sorted) straight onto the end of the pool, skipping `e`, and
    /// keeps the column lists in step as symbols appear and vanish.
    ///
    /// Without `unlinkingColumn`, the caller unlinks `q` from `e`'s column, and from the
    /// columns of symbols flagged `deepColumn` that cancel out (listed in
    /// `cancelledEntries`) with `unlinkCancelled`.
    mutating func substitute(_ e: Int32, by source: Row, into q: Int32, unlinkingColumn: Bool = true) {
        let target = tableau.rows[Int(q)]
        guard let position = cellPosition(of: e, in: target) else { return }
        statistics.substitutions += 1
        let c = cells.pool.coefficient(at: position)
        let start = cells.pool.count
        var i = Int(target.start), j = Int(source.start)
        let targetEnd = target.cellRange.upperBound, sourceEnd = source.cellRange.upperBound
        while i < targetEnd || j < sourceEnd {
            let ts = i < targetEnd ? cells.pool.symbol(at: i) : Int32.max
            let ss = j < sourceEnd ? cells.pool.symbol(at: j) : Int32.max
            if ts == e {
                if unlinkingColumn { columnRemove(e, row: q) }
                i += 1
                continue
            }
            if ss == e { j += 1; continue }
            if ts < ss {
                cells.pool.appendCopy(of: i)
                i += 1
            } else if ss < ts {
                let sum = cells.pool.coefficient(at: j) * c
                noteMagnitude(sum)
                if !isNearZero(sum) {
                    cells.pool.append(Cell(symbol: ss, coefficient: sum))
                    columnInsert(ss, row: q)
                }
                j += 1
            } else {
                let a = cells.pool.coefficient(at: i), b = cells.pool.coefficient(at: j) * c
                let sum = cancellingSum(a, b)
                noteMagnitude(sum)
                if sum != 0 {
                    cells.pool.append(Cell(symbol: ts, coefficient: sum))
                } else {
                    // A sum read as zero that was not: whatever this row decides next was
                    // decided on a judgment of roundoff.
                    if a + b != 0 { noteResidueDropped() }
                    if unlinkingColumn {
                        columnRemove(ts, row: q)
                    } else if !scratch.deepColumnSymbols.isEmpty
                        && operation.flags[Int(ts)] & SymbolFlags.deepColumn != 0
                    {
                        // Unlinked later with the others of its column in one walk.
                        scratch.cancelledEntries.append(ColumnEntry(symbol: ts, row: q).key)
                    } else if columnRemoveMeasuringDepth(ts, row: q) > deepColumnWalk {
                        operation.flags[Int(ts)] |= SymbolFlags.deepColumn
                        scratch.deepColumnSymbols.append(ts)
                    }
                }
                i += 1
                j += 1
            }
        }
        noteRow(q)
        cells.liveCount += cells.pool.count - start - Int(target.count)
        tableau.rows[Int(q)].start = Int32(start)
        tableau.rows[Int(q)].count = Int32(cells.pool.count - start)
        tableau.rows[Int(q)].constant += c * source.constant
        noteMagnitude(tableau.rows[Int(q)].constant)
        markDirty(target.basic)
        if !target.isDefinition { checkFeasibility(target.basic) }
    }

    /// Substitutes `e = source` into every LP row of `e`'s column but `except` (definition
    /// rows keep `e`), unlinking those rows from `e`'s column first, in one walk.
    ///
    /// A symbol that cancels out of a row is unlinked from its column at once, unless an
    /// earlier unlink in this call found the entry deeper than `deepColumnWalk` nodes: then
    /// its entries are unlinked in batches, one walk of the column a batch. Unlinking each
    /// row as it was rewritten walked such a column every time, quadratic in its length.
    /// Short columns are not batched: sorting the entries and walking past rows linked in
    /// front of them meanwhile costs more than the walks it saves. `e`'s nodes go first so
    /// the rewrites reuse them, and batches are bounded, so the node pool's peak stays within
    /// 1/32 of where it was.
    mutating func substituteIntoLPRows(_ e: Int32, by source: Row, except r: Int32) {
        var containing = takeRowList()
        defer { keepRowList(containing) }
        columnRows(e, into: &containing)
        prefetchRewrites(of: containing, from: 0)
        if containing.count < batchedSubstitutionFloor {
            // Few rows: no column is walked often enough to matter, so each row is
            // unlinked as it is rewritten (most substitutions of a random build are these).
            for (k, q) in containing.enumerated() where q != r && !tableau.rows[Int(q)].isDefinition {
                prefetchRewrites(of: containing, from: k + 1)
                substitute(e, by: source, into: q)
            }
            return
        }
        unlinkLPRows(of: e, except: r)
        // A batch walks each of its columns as far as its deepest entry, so batches are
        // large; but their nodes are held until then, so they are bounded by a share of
        // the node pool.
        let batchLimit = max(32, tableau.columnNodes.count / 32)
        for (k, q) in containing.enumerated() where q != r && !tableau.rows[Int(q)].isDefinition {
            prefetchRewrites(of: containing, from: k + 1)
            substitute(e, by: source, into: q, unlinkingColumn: false)
            if scratch.cancelledEntries.count > batchLimit { unlinkCancelled() }
        }
        unlinkCancelled()
        for s in scratch.deepColumnSymbols { operation.flags[Int(s)] &= ~SymbolFlags.deepColumn }
        scratch.deepColumnSymbols.empty()
    }

    /// Starts loading what rewriting the rows of `list` from `k` on reads first, without
    /// waiting: the record of the row `rewriteLookahead` rows on, and the cells and basic
    /// symbol of the row half as far on (its record was asked for earlier, so reading it
    /// here rarely waits). Called with `k` = 0 before the loop, it asks for the records of
    /// the first rows.
    ///
    /// The rows a substitution rewrites lie anywhere in the tableau, so past the caches
    /// each rewrite would begin with misses on its record, its cells and its basic symbol's
    /// records, one after another; asked for ahead, they arrive together. Large shuffled
    /// builds spend much of their time in such bursts of rewrites (measured in
    /// docs/performance.md, "Why the code is as it is").
    @inline(__always) func prefetchRewrites(of list: [Int32], from k: Int) {
        guard tableauOutgrowsTheCaches else { return }
        let lookahead = Self.rewriteLookahead
        if k == 0 {
            for i in 0 ..< min(lookahead, list.count) { tableau.rows.prefetch(Int(list[i])) }
        } else if k + lookahead - 1 < list.count {
            tableau.rows.prefetch(Int(list[k + lookahead - 1]))
        }
        let near = k + lookahead / 2
        if near < list.count {
            let row = tableau.rows[Int(list[near])]
            cells.pool.prefetch(Int(row.start))
            tableau.symbols.prefetch(Int(row.basic))
            operation.flags.prefetch(Int(row.basic))
        }
    }

    /// How many rows ahead `prefetchRewrites` asks for a record: enough to cover a miss
    /// with a rewrite or two of work, few enough that what it asked for is still cached.
    static let rewriteLookahead = 8

    /// Whether the tableau is large enough that its rows are rarely cached, so asking for
    /// them ahead pays: below 16,384 rows (about 2 MB with their cells) the prefetch loops
    /// only cost instructions.
    @inline(__always) var tableauOutgrowsTheCaches: Bool { tableau.rows.count > 1 << 14 }

    /// Unlinks the entries of `cancelledEntries` from their columns, one walk a column.
    mutating func unlinkCancelled() {
        if scratch.cancelledEntries.isEmpty { return }
        var entries = scratch.cancelledEntries
        scratch.cancelledEntries = []
        statistics.batchedUnlinks += entries.count
        entries.sort()
        var start = 0
        while start < entries.count {
            let symbol = Int32(truncatingIfNeeded: entries[start] >> 32)
            var end = start + 1
            while end < entries.count && entries[end] >> 32 == entries[start] >> 32 { end += 1 }
            unlinkRows(of: symbol, entries[start ..< end])
            start = end
        }
        entries.empty()
        scratch.cancelledEntries = entries
    }

    /// Queues LP row of `b` for the dual simplex if its constant violates `b`'s bound.
    @inline(__always) mutating func checkFeasibility(_ b: Int32) {
        let r = rowIndex(b)
        let c = tableau.rows[Int(r)].constant
        let violated = c < -feasibilityTolerance || (kind(b) == .dummy && c > feasibilityTolerance)
        // Within the tolerance, but not zero: only exact arithmetic can tell roundoff of a
        // feasible zero from a real, tiny violation.
        if !violated && (c < 0 || (c > 0 && kind(b) == .dummy)) { doubtFeasibility() }
        // Pushed again when already queued: the queue's key must follow the constant.
        if violated {
            operation.flags[Int(b)] |= SymbolFlags.infeasible
            operation.infeasible.push(b, violation: kind(b) == .dummy ? abs(c) : -c)
        }
    }

    /// Makes `e` basic in LP row `r`, whose basic symbol becomes parametric, and substitutes
    /// `e` out of every other LP row and the objective. If `e` is external, `r` becomes its
    /// definition row.
    ///
    /// - Throws: `internalError`, with nothing changed, where `appendSolved` does.
    mutating func pivot(entering e: Int32, row r: Int32) throws(CoreError) {
        let b = tableau.rows[Int(r)].basic
        let objective = tableau.symbols[Int(e)].objective
        try exchangeBasic(row: r, entering: e)
        statistics.pivots += 1
        noteStructuralChange()
        tableau.rows[Int(r)].isDefinition = kind(e) == .external
        let row = tableau.rows[Int(r)]
        if operation.flags[Int(b)] & SymbolFlags.infeasible != 0 { operation.flags[Int(b)] &= ~SymbolFlags.infeasible }

        substituteIntoLPRows(e, by: row, except: r)
        substituteObjective(e, list: objective, row: row)
        if row.isDefinition {
            try raiseLevels(above: e)
        } else {
            checkFeasibility(e)
        }
    }

    /// Solves row `r` for `e` in place: `e` becomes its basic symbol and the old basic
    /// symbol parametric (a pivot's exchange, without its substitutions).
    ///
    /// - Throws: where `appendSolved` does, with nothing changed.
    mutating func exchangeBasic(row r: Int32, entering e: Int32) throws(CoreError) {
        let b = tableau.rows[Int(r)].basic
        let start = cells.pool.count
        let constant = try appendSolved(tableau.rows[Int(r)], for: e)
        replaceCells(r, from: start)
        tableau.rows[Int(r)].basic = e
        tableau.rows[Int(r)].constant = constant
        noteSymbol(b)
        tableau.symbols[Int(b)].row = -1
        noteSymbol(e)
        tableau.symbols[Int(e)].row = r
        markDirty(b)
        markDirty(e)
    }

    /// Writes `row` solved for `e` at the end of the pool, sorted: its basic symbol at
    /// `1 / a`, the others at `-coefficient / a`, roundoff dropped; returns the constant.
    /// (Pivots and the elimination of a marker through a definition both solve a row.)
    ///
    /// - Throws: `internalError`, with nothing written, if `a`, `e`'s coefficient, is
    ///   roundoff of zero, or so large that `1 / a` is: extreme but finite input (1e300
    ///   beside 1) can leave such cells, and a failed operation must be refused and rolled
    ///   back, never trap.
    mutating func appendSolved(_ row: Row, for e: Int32) throws(CoreError) -> Double {
        let a = coefficient(of: e, in: row)
        guard !isNearZero(a) && a.isFinite && !isNearZero(1 / a) else {
            throw .internalError("numerical breakdown: cannot solve for \(describeSymbol(e)) on coefficient \(a)")
        }
        var placedBasic = false
        var largest = 0.0
        var dropped = 0.0
        for k in row.cellRange where cells.pool.symbol(at: k) != e {
            let t = cells.pool[k]
            largest = max(largest, abs(t.coefficient))
            if !placedBasic && row.basic < t.symbol {
                cells.pool.append(Cell(symbol: row.basic, coefficient: 1 / a))
                placedBasic = true
            }
            let c = -t.coefficient / a
            noteMagnitude(c)
            if !isNearZero(c) {
                cells.pool.append(Cell(symbol: t.symbol, coefficient: c))
            } else {
                dropped = max(dropped, abs(t.coefficient))
            }
        }
        if !placedBasic { cells.pool.append(Cell(symbol: row.basic, coefficient: 1 / a)) }
        noteGrowth(pivot: a, besideLargest: largest)
        if dropped > 0 { noteDroppedQuotients(largest: dropped, besideLargest: largest) }
        let constant = -row.constant / a
        noteMagnitude(constant)
        return constant
    }

    /// Notes a pivot element small next to its row: it multiplies the row's roundoff by as
    /// much, and the decisions taken on the rows it rewrites are then doubtful.
    @inline(__always) mutating func noteGrowth(pivot a: Double, besideLargest largest: Double) {
        if abs(a) < growthDoubt * largest {
            doubtFeasibility()
            doubtOptimum()
        }
    }

    /// Notes that solving a row dropped the quotients of some of its coefficients, the
    /// largest `dropped`, because the pivot element was over `1 / nearZero` times as large.
    /// When `dropped` is real (`isLostCoefficient`), what it said is gone from the
    /// tableau: a row that scales the solved symbol back up by about the pivot element
    /// would have got it back at its own size. Nothing later shows the loss, so from then
    /// on every change is doubted (see `CoefficientRange`).
    mutating func noteDroppedQuotients(largest dropped: Double, besideLargest largest: Double) {
        guard isLostCoefficient(dropped, besideLargest: largest) else { return }
        verification.coefficientRange.lostCoefficient = true
        noteResidueDropped()
    }
}

/// Whether `dropped`, a coefficient a row could not keep, was real beside the row's
/// largest coefficient `largest`, not what cancellation leaves. Across the solver's tests
/// the residues dropped stayed below 2e-12 of their row's largest; the real terms lost
/// were 1 beside 1 (`a == -4.6e14 * v + 9`) and 4.6 beside 4.6e10 (a chain of factors
/// of 1e5, `SolverNumericsTests`).
@inline(__always) func isLostCoefficient(_ dropped: Double, besideLargest largest: Double) -> Bool {
    dropped > cancellationTolerance * largest
}

/// A pivot element smaller than this next to its row's largest coefficient makes the
/// tableau's decisions doubtful (`noteGrowth`).
let growthDoubt = 1.0e-4

/// Row constants this far below zero make an LP row infeasible.
let feasibilityTolerance = 1.0e-9

/// How many rows a substitution must reach before `substituteIntoLPRows` batches unlinks.
let batchedSubstitutionFloor = 64

/// How deep in a column an entry must be found before `substituteIntoLPRows` batches the
/// symbol's later unlinks.
let deepColumnWalk = 64

/// A symbol's entry for a row in the column lists, as one sortable word: the symbol in
/// the high half, the row in the low (both are non-negative). Sorting plain words is
/// several times cheaper than sorting a struct by a comparison.
struct ColumnEntry {
    var key: UInt64

    init(symbol: Int32, row: Int32) { key = UInt64(UInt32(symbol)) << 32 | UInt64(UInt32(row)) }
}

extension ArraySlice<UInt64> {
    /// Whether the slice (sorted) holds `key`.
    @inline(__always) func containsSorted(_ key: UInt64) -> Bool {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = (low &+ high) >> 1
            let k = self[mid]
            if k == key { return true }
            if k < key { low = mid + 1 } else { high = mid }
        }
        return false
    }
}
