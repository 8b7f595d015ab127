/// Optimality certificates in floating point, for systems past exact certification.
///
/// The float tableau's objective rows say, per priority level, what each parametric symbol
/// would add to the level if it moved: its reduced cost. They are the tableau's own
/// arithmetic, rounded at every pivot and substitution, and a coefficient the optimizer
/// dropped as roundoff, or one that drifted, reads as "no improvement left" where there
/// is one. So the tableau's word is not taken. The certificate is recomputed from the
/// constraints as written:
///
/// - **Multipliers.** Each constraint's marker appears in its own row only, so the level-l
///   multiplier of row c is `(cost of the marker − its objective coefficient) / its
///   coefficient in the row` (a basic marker has no objective coefficient: zero). Dummy
///   markers read their coefficients through the bundles that hold them.
/// - **Reduced costs** of every column, from the rows as written: a variable's is
///   `−Σ y_c · orientation · a` over the constraints it appears in, an error's is its cost
///   minus its row's multiplier.
/// - **The test**, per column across the levels, highest priority first: a variable's must
///   be zero at every level (it may move either way); a restricted symbol's must be zero
///   while it is basic, and lexicographically non-negative while it is parametric (it can
///   only grow, and growing must not improve a level before it worsens a higher one). Zero
///   means within `optimalityCertificateTolerance` of the magnitudes the sum adds up.
///
/// Together with values that satisfy the rows (the answer check) and basic restricted
/// symbols that are non-negative, that proves no assignment the required constraints allow
/// does better at any level without doing worse at a higher one, to within the tolerance:
/// for any such assignment, each level changes by `Σ r_j · (z'_j − z_j)`, a sum of
/// lexicographically non-negative vectors.
///
/// It costs one pass over the live constraints' terms and the objective lists: the work of
/// the answer check when everything is checked.
extension SimplexCore {
    /// What the certificate found.
    enum OptimalityCertificate: Equatable {
        /// Every reduced cost passes: the answer is optimal at every level.
        case holds
        /// A basic restricted symbol is negative: the values are not feasible for the rows.
        case infeasibleRow(symbol: Int32)
        /// A column's reduced costs would improve some level (or a variable's are not zero):
        /// the optimum stopped early, or the objective rows disagree with the constraints.
        case improvable(symbol: Int32)
    }

    /// Checks the float tableau's optimum against reduced costs recomputed from the
    /// constraints as written (see above). Valid after the values are computed.
    func optimalityCertificate() -> OptimalityCertificate {
        if let s = negativeBasicRestrictedSymbol() { return .infeasibleRow(symbol: s) }
        let dummyCosts = bundledDummyCoefficients()
        // Variables' reduced costs are summed over their constraints: collected as
        // (variable, rank) contributions, then grouped by a sort, which keeps the result
        // independent of any hashing.
        var contributions: [(variable: Int32, rank: Int32, value: Double)] = []
        for c in Int32(0)..<Int32(registry.constraints.count) where registry.constraints[Int(c)].isAlive {
            let record = registry.constraints[Int(c)]
            let multipliers = rowMultipliers(ofConstraint: c, dummyCosts: dummyCosts)
            let markerKind = kind(record.marker)
            if markerKind != .dummy && tableau.symbols[Int(record.marker)].row < 0 {
                // A parametric slack or error: its reduced cost is its objective coefficient.
                let mc = markerCoefficient(of: c)
                let reduced = multipliers.map { (rank: $0.rank, value: $0.cost - $0.multiplier * mc, magnitude: 1.0) }
                if !isLexicographicallyNonNegative(reduced) { return .improvable(symbol: record.marker) }
            }
            if record.other >= 0 {
                let otherRank = Int32(clamping: rank(record.lowerLevel))
                var reduced: [(rank: Int32, value: Double, magnitude: Double)] = []
                var costed = false
                for m in multipliers {
                    let cost: Double = m.rank == otherRank ? 1 : 0
                    if cost != 0 { costed = true }
                    reduced.append((m.rank, cost - m.multiplier, max(1, abs(m.multiplier))))
                }
                if !costed && otherRank != Int32.max { reduced.append((otherRank, 1, 1)) }
                reduced.sort { $0.rank < $1.rank }
                let isBasic = tableau.symbols[Int(record.other)].row >= 0
                if isBasic ? !isZero(reduced) : !isLexicographicallyNonNegative(reduced) {
                    return .improvable(symbol: record.other)
                }
            }
            if multipliers.isEmpty { continue }
            for t in terms(of: record) {
                let a = record.orientation * t.coefficient
                for m in multipliers where m.multiplier != 0 {
                    contributions.append((t.variable, m.rank, -m.multiplier * a))
                }
            }
        }
        contributions.sort { ($0.variable, $0.rank) < ($1.variable, $1.rank) }
        var i = 0
        while i < contributions.count {
            let (v, r) = (contributions[i].variable, contributions[i].rank)
            var sum = 0.0, magnitude = 0.0
            while i < contributions.count && contributions[i].variable == v && contributions[i].rank == r {
                sum += contributions[i].value
                magnitude += abs(contributions[i].value)
                i += 1
            }
            if abs(sum) > optimalityCertificateTolerance * max(1, magnitude) {
                return .improvable(symbol: registry.variables[Int(v)].symbol)
            }
        }
        return .holds
    }

    /// At an update past exact certification whose optimum was decided within roundoff:
    /// certifies it (`optimalityCertificate`). When the certificate fails, the objective
    /// rows are derived again from the costs through the current rows and the simplex
    /// continues from there; when that fails too, the tableau is rebuilt from the
    /// constraints as written. Each attempt recomputes and checks the values. Returns
    /// false when no attempt yields a certified answer.
    mutating func settleOptimumInFloat() -> Bool {
        statistics.floatCertificates += 1
        if optimalityCertificate() == .holds { return true }
        statistics.floatCertificateRepairs += 1
        for attempt in 0..<2 {
            do {
                if attempt == 0 {
                    try deriveObjectiveAgain()
                } else {
                    statistics.rebuilds += 1
                    try rebuildTableau()
                }
            } catch {
                clearTransientLists()
                return false
            }
            let start = recomputeValues()
            verification.checksEverything = true
            guard verifyAnswer(changedFrom: start) else { return false }
            if optimalityCertificate() == .holds { return true }
        }
        return false
    }

    /// Replaces the objective rows by the costs (each optional constraint's errors, at
    /// their levels) substituted through the current rows, then optimizes: what the
    /// objective would be had no coefficient been rounded or dropped on the way here.
    private mutating func deriveObjectiveAgain() throws(CoreError) {
        clearObjectives()
        for l in objective.levelOrder.ids {
            noteLevel(l)
            objective.levels[Int(l)].constant = 0
        }
        for c in registry.constraints.indices where registry.constraints[c].isAlive {
            let record = registry.constraints[c]
            guard record.level >= 0 else { continue }
            if record.relation == .equal { addToObjective(record.marker, level: record.level, weight: 1) }
            if record.other >= 0 { addToObjective(record.other, level: record.lowerLevel, weight: 1) }
        }
        try restoreOptimality()
    }

    /// Row `c`'s multiplier at each ranked level where its marker has a cost or an
    /// objective coefficient, with the marker's cost there, in rank order.
    private func rowMultipliers(
        ofConstraint c: Int32, dummyCosts: [Int32: [(rank: Int32, value: Double)]]
    ) -> [(rank: Int32, cost: Double, multiplier: Double)] {
        let record = registry.constraints[Int(c)]
        let marker = record.marker
        var coefficients: [(rank: Int32, value: Double)] = []
        if tableau.symbols[Int(marker)].row < 0 {
            var node = tableau.symbols[Int(marker)].objective
            while node >= 0 {
                let n = objective.nodes[Int(node)]
                let r = rank(n.level)
                if r != Int.max { coefficients.append((Int32(r), n.coefficient)) }
                node = n.next
            }
            if let bundled = dummyCosts[marker] { coefficients += bundled }
        }
        // The marker of an optional equality costs 1 at its level; the rank is listed even
        // where the objective has no coefficient.
        var costRank: Int32 = -1
        if record.level >= 0 && record.relation == .equal && rank(record.level) != Int.max {
            costRank = Int32(rank(record.level))
            coefficients.append((costRank, 0))
        }
        coefficients.sort { $0.rank < $1.rank }
        let mc = markerCoefficient(of: c)
        var merged: [(rank: Int32, cost: Double, multiplier: Double)] = []
        var k = 0
        while k < coefficients.count {
            let r = coefficients[k].rank
            var d = 0.0
            while k < coefficients.count && coefficients[k].rank == r {
                d += coefficients[k].value
                k += 1
            }
            let cost: Double = r == costRank ? 1 : 0
            merged.append((r, cost, (cost - d) / mc))
        }
        return merged
    }

    /// Every dummy's objective coefficients held through bundles: a bundle's coefficient
    /// times the dummy's share of it, by rank.
    private func bundledDummyCoefficients() -> [Int32: [(rank: Int32, value: Double)]] {
        var result: [Int32: [(rank: Int32, value: Double)]] = [:]
        for k in Int32(0)..<Int32(tableau.symbols.count)
        where isBundle(k) && tableau.symbols[Int(k)].objective >= 0 {
            let row = tableau.rows[Int(bundleRow(k))]
            var node = tableau.symbols[Int(k)].objective
            while node >= 0 {
                let n = objective.nodes[Int(node)]
                let r = rank(n.level)
                if r != Int.max {
                    for t in cells(of: row) {
                        result[t.symbol, default: []].append((Int32(r), n.coefficient * t.coefficient))
                    }
                }
                node = n.next
            }
        }
        return result
    }

    /// The first basic slack or error whose value is below zero by more than rounding.
    private func negativeBasicRestrictedSymbol() -> Int32? {
        for row in tableau.rows.elements where !row.isUnused && !row.isDefinition {
            guard kind(row.basic) == .slack || kind(row.basic) == .error else { continue }
            if row.constant < -feasibilityTolerance * max(1, largestCoefficient(in: row)) { return row.basic }
        }
        return nil
    }

    /// Whether every entry is zero within the tolerance of its magnitude.
    private func isZero(_ reduced: [(rank: Int32, value: Double, magnitude: Double)]) -> Bool {
        reduced.allSatisfy { abs($0.value) <= optimalityCertificateTolerance * $0.magnitude }
    }

    /// Whether the first entry that is not zero (within the tolerance), in rank order, is
    /// positive, and positive beyond doubt when a later one is negative. A leading entry
    /// within `optimalityCertificateDoubt` may be noise of a zero (the float tableau's
    /// objective rows carry such errors); what it would forbid, a gain at a lower level,
    /// then cannot be ruled out, and the certificate fails rather than pass on noise.
    func isLexicographicallyNonNegative(_ reduced: [(rank: Int32, value: Double, magnitude: Double)]) -> Bool {
        var doubtfulLead = false
        for entry in reduced where abs(entry.value) > optimalityCertificateTolerance * entry.magnitude {
            if entry.value < 0 { return false }
            if doubtfulLead { continue }
            if entry.value > optimalityCertificateDoubt * entry.magnitude { return true }
            doubtfulLead = true
        }
        return true
    }
}

/// Reduced costs within this of the magnitudes they sum (at least 1) count as zero in the
/// float optimality certificate: the level at which the optimizer itself doubts an
/// objective coefficient (`objectiveDoubt`). A tableau of a few hundred random ±1
/// constraints carries errors of 1e-9 to 2e-8 in its objective coefficients (5 read as
/// 4.999999999), so a tighter test fails correct optima.
let optimalityCertificateTolerance = objectiveDoubt

/// A positive reduced cost up to this (relative, as above) may still be noise of a zero:
/// it certifies nothing about the levels below it (see `isLexicographicallyNonNegative`).
/// Noise of up to 2e-7 let ±1 sequences through with a gain of 0.6% left at a lower level.
let optimalityCertificateDoubt = 1.0e-5
