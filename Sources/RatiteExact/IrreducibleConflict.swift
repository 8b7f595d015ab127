/// A proof, by one exact elimination, that a set of required constraints cannot hold together
/// and holds without any one of them: an irreducible infeasible set.
///
/// Write each constraint as `gᵢᵀx ≥ hᵢ` (an equality as either side, its multiplier free).
/// By Farkas' lemma the set cannot hold when some `y` with `y ≥ 0` on the inequalities has
/// `Σ yᵢ gᵢ = 0` and `Σ yᵢ hᵢ > 0`. When the solutions of `Σ yᵢ gᵢ = 0` form a line (the
/// rows have rank one less than their number) and that line's direction is such a `y` with
/// no zero entry, every certificate is a multiple of it, so none leaves a member out: each
/// member's removal lets the rest hold. Minimal infeasible sets always have that rank and a
/// certificate with full support, so the test proves every set it should; a set it cannot
/// prove is decided the long way (one exact feasibility check per member).
package enum IrreducibleConflict {
    /// Whether `constraints` (all treated as required) are proved an irreducible infeasible
    /// set. False means only "not proved here".
    package static func isProved(variableCount: Int, constraints: [ExactConstraint]) -> Bool {
        let m = constraints.count
        guard m > 0 else { return false }
        // The transposed system: row v holds variable v's coefficient in each constraint's
        // `≥` form, so its null space is the space of combinations that cancel x.
        var rows = [[(index: Int, value: Rational)]](repeating: [], count: variableCount)
        var rhs: [Rational] = []
        rhs.reserveCapacity(m)
        for (i, c) in constraints.enumerated() {
            let flip = c.relation == .lessThanOrEqual
            // A variable written twice has its coefficients added up.
            var merged: [(variable: Int, value: Rational)] = []
            for (v, a) in c.terms where a != 0 {
                guard v >= 0 && v < variableCount else { return false }
                let value = Rational(flip ? -a : a)
                if let k = merged.firstIndex(where: { $0.variable == v }) {
                    merged[k].value += value
                } else {
                    merged.append((v, value))
                }
            }
            for (v, value) in merged where !value.isZero { rows[v].append((i, value)) }
            rhs.append(Rational(flip ? c.constant : -c.constant))
        }
        let factors = SparseExactLU(rows: rows, columns: m)
        guard factors.rank == m - 1 else { return false }
        // The one column without a pivot spans the null space with weight 1.
        var isPivot = [Bool](repeating: false, count: m)
        for j in factors.pivotColumns { isPivot[j] = true }
        guard let free = isPivot.firstIndex(of: false) else { return false }
        var b = [Rational](repeating: .zero, count: variableCount)
        for (v, row) in rows.enumerated() {
            for e in row where e.index == free { b[v] = -e.value }
        }
        var y = factors.solve(b)
        y[free] = .one
        guard y.allSatisfy({ !$0.isZero }) else { return false }
        // Inequalities need multipliers of one sign; that sign fixes the direction.
        var sign = 0
        for (i, c) in constraints.enumerated() where c.relation != .equal {
            if sign == 0 { sign = y[i].sign } else if y[i].sign != sign { return false }
        }
        var gap = Rational.zero
        for i in 0..<m { gap += y[i] * rhs[i] }
        return sign == 0 ? !gap.isZero : gap.sign == sign
    }
}
