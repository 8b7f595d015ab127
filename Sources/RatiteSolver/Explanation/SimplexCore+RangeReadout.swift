/// Reading an end of a variable's optimal range off the tableau of the optimal face, without
/// pivoting: the common case of an ambiguity report, where optional constraints of one
/// priority share some slack (a row of views with optional widths in a wider root shares the
/// extra width), and pivoting on the row that shares it would rewrite the whole row once per
/// variable.
///
/// On the face (a core restricted by `restrictToOptimalFace`), a variable is
/// `constant + Σ c_k p_k` over parametric symbols. Raising a symbol `k` whose coefficient
/// is positive is limited by the LP row the ratio test finds. When every such limiting row is
/// a *budget* (its basic is a slack or error, and every symbol free to move there has a
/// coefficient ≤ 0, none of them a variable), taking from each row the symbol with the best
/// gain per unit of the row's slack gives a point whose value no other point beats: the row
/// multipliers `y_r` (that best gain) make every reduced cost `c_k + Σ y_r a_rk` non-positive,
/// so `constant + Σ y_r β_r` bounds the variable, and the point reaches the bound when it
/// satisfies every row, which is checked. Anything else is left to the simplex.
extension SimplexCore {
    /// What `rangeRowKinds` records for a row not classified yet, a budget row, and any other row.
    static var unclassifiedRow: UInt8 { 0 }
    static var budgetRow: UInt8 { 1 }
    static var otherRow: UInt8 { 2 }

    /// The largest value of `sign × (constant + Σ terms)` over the optimal face, times `sign`
    /// (so the maximum for `sign` 1 and the minimum for -1), or nil when the tableau does not
    /// show it and the simplex must find it. Infinite when a symbol free to move changes the
    /// variable and nothing limits it. `terms` are an explicit form (parametric symbols);
    /// `rowKinds` caches the classification of rows, one byte a row.
    /// - Complexity: the terms, the columns of those that can raise the value, and a walk of
    ///   each limiting row the first time it is met.
    func certifiedExtreme(
        constant: Double, terms: [Cell], sign: Double, rowKinds: inout [UInt8]
    ) -> Double? {
        // The limiting row of each raising symbol, with the best gain per unit of its slack.
        var chosen: [(row: Int32, symbol: Int32, gain: Double, step: Double)] = []
        for t in terms {
            let c = sign * t.coefficient
            let k = kind(t.symbol)
            guard k.mayEnter, abs(c) > objectiveTolerance else { continue }
            if k == .external {
                // A free variable that no LP row holds is a line through the face.
                return appearsInLP(t.symbol) ? nil : sign * .infinity
            }
            guard c > 0 else { continue }
            guard let (r, a) = limitingRow(raising: t.symbol) else { return sign * .infinity }
            guard isBudgetRow(r, rowKinds: &rowKinds) else { return nil }
            let gain = c / -a
            let step = max(0, tableau.rows[Int(r)].constant) / -a
            if let i = chosen.firstIndex(where: { $0.row == r }) {
                if gain > chosen[i].gain { chosen[i] = (r, t.symbol, gain, step) }
            } else {
                chosen.append((r, t.symbol, gain, step))
            }
        }
        guard satisfiesEveryRow(chosen.map { ($0.symbol, $0.step) }) else { return nil }
        var best = sign * constant
        for x in chosen { best += x.gain * max(0, tableau.rows[Int(x.row)].constant) }
        return sign * best
    }

    /// The LP row that first stops `s` from rising (the ratio test of `chooseLeavingRow`,
    /// ties to the lower row), with `s`'s coefficient there; nil when none does.
    private func limitingRow(raising s: Int32) -> (row: Int32, coefficient: Double)? {
        var best: (row: Int32, coefficient: Double)? = nil
        var bestRatio = Double.infinity
        var node = tableau.symbols[Int(s)].column
        while node >= 0 {
            let q = tableau.columnNodes[Int(node)].row
            node = tableau.columnNodes[Int(node)].next
            let row = tableau.rows[Int(q)]
            guard !row.isDefinition else { continue }
            let a = coefficient(of: s, in: row)
            guard isPivotable(a, in: row), a < 0 || kind(row.basic) == .dummy else { continue }
            let ratio = kind(row.basic) == .dummy ? 0 : max(0, row.constant) / -a
            if best == nil || ratio < bestRatio || (ratio == bestRatio && q < best!.row) {
                best = (q, a)
                bestRatio = ratio
            }
        }
        return best
    }

    /// Whether LP row `r` is a budget: its basic may grow (not a dummy), and no symbol free
    /// to move in it can raise it or is a variable.
    private func isBudgetRow(_ r: Int32, rowKinds: inout [UInt8]) -> Bool {
        if rowKinds[Int(r)] == Self.unclassifiedRow {
            let row = tableau.rows[Int(r)]
            var budget = kind(row.basic) != .dummy && kind(row.basic).isRestricted
            for t in cells(of: row) where budget && kind(t.symbol).mayEnter {
                if kind(t.symbol) == .external || (t.coefficient > 0 && isPivotable(t.coefficient, in: row)) {
                    budget = false
                }
            }
            rowKinds[Int(r)] = budget ? Self.budgetRow : Self.otherRow
        }
        return rowKinds[Int(r)] == Self.budgetRow
    }

    /// Whether raising each symbol by its step (the rest at zero) keeps every LP row
    /// feasible: restricted basics non-negative, dummies at zero.
    private func satisfiesEveryRow(_ moves: [(symbol: Int32, step: Double)]) -> Bool {
        var shifts: [Int32: Double] = [:]
        for (s, step) in moves where step > 0 {
            var node = tableau.symbols[Int(s)].column
            while node >= 0 {
                let q = tableau.columnNodes[Int(node)].row
                node = tableau.columnNodes[Int(node)].next
                guard !tableau.rows[Int(q)].isDefinition else { continue }
                shifts[q, default: 0] += coefficient(of: s, in: tableau.rows[Int(q)]) * step
            }
        }
        for (q, shift) in shifts {
            let row = tableau.rows[Int(q)]
            let value = row.constant + shift
            let slack = feasibilityTolerance * max(1, abs(row.constant), abs(shift))
            if kind(row.basic) == .dummy ? abs(value) > slack : value < -slack { return false }
        }
        return true
    }
}
