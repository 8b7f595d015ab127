/// Pivoting and substitution: the moves that keep the tableau equivalent to the
/// constraints while the basis changes.
extension SimplexCore {
    /// Substitutes `e = source` into row `q`, which contains `e`.
    mutating func substitute(_ e: Int32, by source: Row, into q: Int32) {
        let target = rows[Int(q)]
        guard let position = target.index(of: e) else { return }
        let c = target.terms[position].coefficient
        var appeared: [Int32] = []
        var vanished: [Int32] = []
        let terms = mergeScaled(target.terms, source.terms, scale: c, skip: e, appeared: &appeared, vanished: &vanished)
        for s in vanished { columnRemove(s, row: q) }
        for s in appeared { columnInsert(s, row: q) }
        noteRow(q)
        rows[Int(q)].terms = terms
        rows[Int(q)].constant += c * source.constant
        markDirty(target.basic)
        if !target.isDefinition { checkFeasibility(target.basic) }
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
        let a = old.coefficient(of: e)
        precondition(!isNearZero(a), "pivot on a zero coefficient")
        var terms: [Cell] = []
        terms.reserveCapacity(old.terms.count)
        var placedBasic = false
        for t in old.terms where t.symbol != e {
            if !placedBasic && b < t.symbol {
                terms.append(Cell(symbol: b, coefficient: 1 / a))
                placedBasic = true
            }
            let c = -t.coefficient / a
            if !isNearZero(c) { terms.append(Cell(symbol: t.symbol, coefficient: c)) }
        }
        if !placedBasic { terms.append(Cell(symbol: b, coefficient: 1 / a)) }
        let row = Row(basic: e, isDefinition: kind(e) == .external, constant: -old.constant / a, terms: terms)
        replaceTerms(r, with: row.terms)
        noteRow(r)
        rows[Int(r)] = row
        noteSymbol(b)
        symbols[Int(b)].row = -1
        noteSymbol(e)
        symbols[Int(e)].row = r
        markDirty(b)
        markDirty(e)
        if flags[Int(b)] & SymbolFlags.infeasible != 0 { flags[Int(b)] &= ~SymbolFlags.infeasible }

        var containing: [Int32] = []
        columnRows(e, into: &containing)
        for q in containing where q != r && !rows[Int(q)].isDefinition {
            substitute(e, by: row, into: q)
        }
        substituteObjective(e, row: row)
        if row.isDefinition {
            noteSymbol(e)
            symbols[Int(e)].level = 0
            raiseLevels(above: e)
        } else {
            checkFeasibility(e)
        }
    }

    /// Restores `level(dependent) > level(reference)` after `x`'s level rose or `x` became
    /// defined, by raising the levels of the rows that refer to `x`, transitively.
    mutating func raiseLevels(above x: Int32) {
        var work: [Int32] = [x]
        var containing: [Int32] = []
        while let y = work.popLast() {
            let level = symbols[Int(y)].level
            columnRows(y, into: &containing)
            for z in containing where rows[Int(z)].isDefinition {
                let d = rows[Int(z)].basic
                if symbols[Int(d)].level <= level {
                    precondition(d != x, "cycle among definition rows")
                    noteSymbol(d)
                    symbols[Int(d)].level = level + 1
                    work.append(d)
                }
            }
        }
    }
}

/// Row constants this far below zero make an LP row infeasible.
let feasibilityTolerance = 1.0e-9
