/// Questions about the set of optimal solutions, for ambiguity reports and for finding the
/// constraints that determine a variable.
extension SimplexCore {
    /// Loads the explicit form of variable `v` (its value as a constant plus parametric
    /// symbols) into the workspace.
    /// - Returns: false when no constraint mentions the variable.
    mutating func loadExplicitForm(ofVariable v: Int32) -> Bool {
        let s = registry.variables[Int(v)].symbol
        guard s >= 0 else { return false }
        scratch.workspace.reset()
        scratch.workspace.add(s, 1)
        if !isParametric(s) { expandFully() }
        return true
    }

    /// Whether parametric symbol `p` can move without leaving the optimal face: it may enter
    /// the basis and no priority level above `floor` charges for it.
    func movesFreely(_ p: Int32, above floor: Double = 0) -> Bool {
        guard kind(p).mayEnter else { return false }
        var node = tableau.symbols[Int(p)].objective
        while node >= 0 {
            let n = objective.nodes[Int(node)]
            if abs(n.coefficient) > objectiveTolerance && objective.levels[Int(n.level)].priority > floor {
                return false
            }
            node = n.next
        }
        return true
    }

    /// The smallest and largest values variable `v` takes over all optimal solutions;
    /// infinite ends where it is unbounded. Levels at or below `floor` are ignored (the
    /// hidden constraints of an exercised layout). Works on a copy; the core is untouched.
    package func optimalRange(
        ofVariable v: Int32, ignoringLevelsAtOrBelow floor: Double = 0
    ) -> (min: Double, max: Double) {
        optimalRanges(ofVariables: [v], ignoringLevelsAtOrBelow: floor)[0]
    }

    /// `optimalRange` for several variables on one copy of the core, restricted once to the
    /// optimal face. A variable whose explicit form is short has its ends read off the
    /// tableau where that is exact (`certifiedExtreme`). The others are optimized by the
    /// simplex, warm: one pass minimizes them one after another, changing the objective by
    /// the difference of consecutive variables (short when they are neighbours in a chain,
    /// where each variable's own form is long) and keeping the basis, then one pass
    /// maximizes; each pass is rolled back through the journal.
    package func optimalRanges(
        ofVariables vs: [Int32], ignoringLevelsAtOrBelow floor: Double = 0
    ) -> [(min: Double, max: Double)] {
        guard !vs.isEmpty else { return [] }
        var probe = faceProbe(above: floor)
        var ranges = [(min: Double, max: Double)](repeating: (0, 0), count: vs.count)
        var rowKinds = [UInt8](repeating: Self.unclassifiedRow, count: probe.tableau.rows.count)
        var optimized: [Int] = []
        var terms: [Cell] = []
        for (i, v) in vs.enumerated() {
            let s = registry.variables[Int(v)].symbol
            guard s >= 0 else {
                ranges[i] = (-.infinity, .infinity)
                continue
            }
            probe.scratch.workspace.reset()
            probe.scratch.workspace.add(s, 1)
            guard probe.isParametric(s) || probe.expandFully(limit: readoutTermLimit) else {
                optimized.append(i)
                continue
            }
            probe.scratch.workspace.sortedTerms(into: &terms)
            let constant = probe.scratch.workspace.constant
            if let low = probe.certifiedExtreme(constant: constant, terms: terms, sign: -1, rowKinds: &rowKinds),
                let high = probe.certifiedExtreme(constant: constant, terms: terms, sign: 1, rowKinds: &rowKinds)
            {
                ranges[i] = (low, high)
            } else {
                optimized.append(i)
            }
        }
        guard !optimized.isEmpty else { return ranges }
        let symbols = optimized.map { registry.variables[Int(vs[$0])].symbol }
        // The minima go the other way: the simplex breaks ties toward the lowest symbol, which
        // for a chain's positions (sums of the lengths before them) puts each minimum's slack
        // just past that position, where the next position needs it again; from the last
        // position back, the first choice serves them all. The maxima take the first
        // lengths, which serve every later position.
        let lows = Array(probe.warmExtremes(of: symbols.reversed(), sign: 1).reversed())
        let highs = probe.warmExtremes(of: symbols, sign: -1)
        for (j, i) in optimized.enumerated() { ranges[i] = (lows[j], highs[j]) }
        return ranges
    }

    /// Explicit forms longer than this are left to the simplex: reading one off costs its
    /// length, and the chains that make them long are what the warm passes handle well.
    private var readoutTermLimit: Int { 64 }

    /// A copy of this core turned into its optimal face (`restrictToOptimalFace`), with an
    /// empty journal.
    private func faceProbe(above floor: Double) -> SimplexCore {
        var probe = copy()
        probe.journal = Journal()
        probe.objective.isBounded = false
        // The probe's objective is replaced: its constraints name levels it no longer has,
        // so its commits are not states to check.
        probe.operation.checksInvariantsAtCommits = false
        probe.restrictToOptimalFace(of: self, above: floor)
        return probe
    }

    /// Minimizes (`sign` 1) or maximizes (-1) each symbol in turn on this face probe, each
    /// from the basis the last one left, and rolls everything back after. The objective
    /// moves from one symbol to the next by their difference, expanded in one go, so shared
    /// parts of two explicit forms cancel before they are written. `-sign × infinity` where
    /// the simplex finds no bound.
    /// - Complexity: the expansions of the differences and the pivots each optimization
    ///   needs from the previous optimum.
    private mutating func warmExtremes(of ss: [Int32], sign: Double) -> [Double] {
        beginTransaction()
        defer { rollbackTransaction() }
        var extremes: [Double] = []
        extremes.reserveCapacity(ss.count)
        var terms: [Cell] = []
        var previous: Int32 = -1
        noteLevel(0)
        for s in ss {
            scratch.workspace.reset()
            scratch.workspace.add(s, 1)
            if previous >= 0 { scratch.workspace.add(previous, -1) }
            previous = s
            expandFully()
            scratch.workspace.sortedTerms(into: &terms)
            objective.levels[0].constant += sign * scratch.workspace.constant
            for t in terms { addObjectiveCoefficient(t.symbol, level: 0, sign * t.coefficient) }
            do {
                try optimize()
                extremes.append(sign * objective.levels[0].constant)
            } catch {
                // The objective stays that of `s`, at a feasible basis: the next one starts there.
                extremes.append(-sign * .infinity)
            }
        }
        return extremes
    }

    /// The ranges as `optimalRanges` found them before the readout and the warm passes: one
    /// minimization and one maximization from the face's own basis per variable, each rolled
    /// back. The reference the tests compare the report with.
    package func probedOptimalRanges(
        ofVariables vs: [Int32], ignoringLevelsAtOrBelow floor: Double = 0
    ) -> [(min: Double, max: Double)] {
        var probe = faceProbe(above: floor)
        var ranges: [(min: Double, max: Double)] = []
        ranges.reserveCapacity(vs.count)
        for v in vs {
            guard probe.loadExplicitForm(ofVariable: v) else {
                ranges.append((-.infinity, .infinity))
                continue
            }
            var terms: [Cell] = []
            probe.scratch.workspace.sortedTerms(into: &terms)
            let constant = probe.scratch.workspace.constant
            func extreme(_ sign: Double) -> Double {
                probe.beginTransaction()
                defer { probe.rollbackTransaction() }
                probe.noteLevel(0)
                probe.objective.levels[0].constant = sign * constant
                for t in terms { probe.addObjectiveCoefficient(t.symbol, level: 0, sign * t.coefficient) }
                do { try probe.optimize() } catch { return -sign * .infinity }
                return sign * probe.objective.levels[0].constant
            }
            ranges.append((extreme(1), extreme(-1)))
        }
        return ranges
    }

    /// Turns this copy of `original` into the optimal face: every symbol some level above
    /// `floor` charges for stays at zero (marked as a dummy, which never enters), and the
    /// objective becomes one empty level for the probes.
    private mutating func restrictToOptimalFace(of original: borrowing SimplexCore, above floor: Double) {
        for s in Int32(0)..<Int32(tableau.symbols.count) where isParametric(s) && kind(s).mayEnter
            && !original.movesFreely(s, above: floor) {
            tableau.symbolKinds[Int(s)] = .dummy
        }
        for s in tableau.symbols.indices { tableau.symbols[s].objective = -1 }
        objective.nodes.removeAll()
        objective.freeNode = -1
        objective.levels = [LevelRecord(priority: 1, users: 1, constant: 0, scale: 1)]
        objective.levelNodeCounts.truncate(to: 0)
        objective.levelNodeCounts.append(0)
        objective.levelNodeCountsStale = false
        objective.levelOrder = LevelOrder([0])
        clearTransientLists()
    }

    /// For each variable, whether it may take other values over the optimal solutions
    /// (levels at or below `floor` ignored): whether its explicit form can contain a symbol
    /// that moves freely. Found by one pass over the rows (LP rows, then definitions by
    /// level) instead of expanding each variable, so a report over every variable costs
    /// one tableau sweep plus a probe per candidate. Cancellation can only add candidates: a
    /// variable marked false has one optimal value.
    package func variablesThatMayMove(ignoringLevelsAtOrBelow floor: Double = 0) -> [Bool] {
        var moves = [Bool](repeating: false, count: tableau.symbols.count)
        for s in Int32(0)..<Int32(tableau.symbols.count) where kind(s) != .unused && isParametric(s) {
            moves[Int(s)] = movesFreely(s, above: floor)
        }
        pinDegenerateSymbols(&moves)
        var definitions: [(level: Int32, row: Int32)] = []
        for (r, row) in tableau.rows.elements.enumerated() where !row.isUnused && !isBundleRow(row) {
            if row.isDefinition {
                definitions.append((row.level, Int32(r)))
            } else if cells(of: row).contains(where: { moves[Int($0.symbol)] }) {
                moves[Int(row.basic)] = true
            }
        }
        // A definition refers only to symbols of lower levels, so level order settles each
        // row's references before the row.
        definitions.sort { $0.level < $1.level || ($0.level == $1.level && $0.row < $1.row) }
        for (_, r) in definitions where cells(of: tableau.rows[Int(r)]).contains(where: { moves[Int($0.symbol)] }) {
            moves[Int(tableau.rows[Int(r)].basic)] = true
        }
        // A variable no constraint mentions is free.
        return registry.variables.elements.map { !$0.isAlive || $0.symbol < 0 || moves[Int($0.symbol)] }
    }

    /// Clears `free` for restricted symbols that cannot leave zero on the optimal face: an
    /// LP row at zero whose basic may not go negative, where every free symbol can only
    /// push the basic down, holds all of them at zero (a hugging slack next to the
    /// compression row of the same size is the common case). Repeated until nothing
    /// changes, as each pinned symbol can pin others.
    private func pinDegenerateSymbols(_ free: inout [Bool]) {
        var changed = true
        while changed {
            changed = false
            for row in tableau.rows.elements where !row.isUnused && !row.isDefinition
                && abs(row.constant) <= feasibilityTolerance {
                let exact = kind(row.basic) == .dummy
                var up = 0, down = 0, unrestricted = false
                for t in cells(of: row) where free[Int(t.symbol)] {
                    if kind(t.symbol) == .external { unrestricted = true; break }
                    if t.coefficient > 0 { up += 1 } else { down += 1 }
                }
                // A basic held at exactly zero pins a one-signed row either way; one that
                // may grow pins it only when nothing can push it up.
                guard !unrestricted, down > 0 || (exact && up > 0), up == 0 || (exact && down == 0) else { continue }
                for t in cells(of: row) where free[Int(t.symbol)] {
                    free[Int(t.symbol)] = false
                    changed = true
                }
            }
        }
    }

    /// The constraints whose constants move variable `v` right now: those whose tag symbols
    /// appear in its explicit form, with the tag that does (a split equality's two errors
    /// tell its two sides apart). In addition order.
    package mutating func constraintsDetermining(variable v: Int32) -> [(constraint: Int32, tag: Int32)] {
        guard loadExplicitForm(ofVariable: v) else { return [] }
        var result: [(constraint: Int32, tag: Int32)] = []
        var tags: [(symbol: Int32, coefficient: Double)] = []
        for s in scratch.workspace.symbols where !isNearZero(scratch.workspace.coefficient(s)) {
            tags.append((s, scratch.workspace.coefficient(s)))
        }
        // Bundles stand for their dummies (see `SimplexCore+Bundles.swift`).
        for (s, _) in tags.filter({ kind($0.symbol) != .dummy }) + dummyCoefficients(tags) {
            let k = kind(s)
            guard k == .slack || k == .error || k == .dummy else { continue }
            let owner = tableau.symbols[Int(s)].owner
            if owner >= 0, isConstraint(owner), !result.contains(where: { $0 == (owner, s) }) {
                result.append((owner, s))
            }
        }
        return result.sorted {
            (registry.constraints[Int($0.constraint)].serial, $0.tag) < (
                registry.constraints[Int($1.constraint)].serial, $1.tag
            )
        }
    }
}
