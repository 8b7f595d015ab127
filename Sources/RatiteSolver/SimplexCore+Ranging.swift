/// Questions about the set of optimal solutions, for ambiguity reports and for finding the
/// constraints that determine a variable.
extension SimplexCore {
    /// Loads the explicit form of variable `v` (its value as a constant plus parametric
    /// symbols) into the workspace.
    /// - Returns: false when no constraint mentions the variable.
    mutating func loadExplicitForm(ofVariable v: Int32) -> Bool {
        let s = variables[Int(v)].symbol
        guard s >= 0 else { return false }
        workspace.reset()
        workspace.add(s, 1)
        if !isParametric(s) { expandFully() }
        return true
    }

    /// Whether parametric symbol `p` can move without leaving the optimal face: it may enter
    /// the basis and no priority level above `floor` charges for it.
    func movesFreely(_ p: Int32, above floor: Double = 0) -> Bool {
        guard kind(p).mayEnter else { return false }
        var node = symbols[Int(p)].objective
        while node >= 0 {
            let n = objectiveNodes[Int(node)]
            if abs(n.coefficient) > objectiveTolerance && levels[Int(n.level)].priority > floor { return false }
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

    /// `optimalRange` for several variables on one copy of the core: each probe optimizes
    /// inside a transaction and rolls back, so a probe costs its pivots, not a copy of the
    /// tableau.
    package func optimalRanges(
        ofVariables vs: [Int32], ignoringLevelsAtOrBelow floor: Double = 0
    ) -> [(min: Double, max: Double)] {
        var probe = copy()
        probe.journal = Journal()
        probe.objectiveIsBounded = false
        // The probe's objective is replaced (`restrictToOptimalFace`): its constraints name
        // levels it no longer has, so its commits are not states to check.
        probe.checksInvariantsAtCommits = false
        var restricted = false
        var ranges: [(min: Double, max: Double)] = []
        ranges.reserveCapacity(vs.count)
        for v in vs {
            guard probe.loadExplicitForm(ofVariable: v) else {
                ranges.append((-.infinity, .infinity))
                continue
            }
            var terms: [Cell] = []
            probe.workspace.sortedTerms(into: &terms)

            let constant = probe.workspace.constant
            // Freedom is judged on the original objective (the probe's is replaced below).
            guard terms.contains(where: { movesFreely($0.symbol, above: floor) }) else {
                ranges.append((constant, constant))
                continue
            }
            if !restricted {
                probe.restrictToOptimalFace(of: self, above: floor)
                restricted = true
            }
            func extreme(_ sign: Double) -> Double {
                probe.beginTransaction()
                defer { probe.rollbackTransaction() }
                probe.noteLevel(0)
                probe.levels[0].constant = sign * constant
                for t in terms { probe.addObjectiveCoefficient(t.symbol, level: 0, sign * t.coefficient) }
                do { try probe.optimize() } catch { return -sign * .infinity }
                return sign * probe.levels[0].constant
            }
            ranges.append((extreme(1), extreme(-1)))
        }
        return ranges
    }

    /// Turns this copy of `original` into the optimal face: every symbol some level above
    /// `floor` charges for stays at zero (marked as a dummy, which never enters), and the
    /// objective becomes one empty level for the probes.
    private mutating func restrictToOptimalFace(of original: borrowing SimplexCore, above floor: Double) {
        for s in Int32(0)..<Int32(symbols.count) where isParametric(s) && kind(s).mayEnter
            && !original.movesFreely(s, above: floor) {
            symbolKinds[Int(s)] = .dummy
        }
        for s in symbols.indices { symbols[s].objective = -1 }
        objectiveNodes.removeAll()
        freeObjectiveNode = -1
        levels = [LevelRecord(priority: 1, users: 1, constant: 0, scale: 1)]
        levelNodeCounts.truncate(to: 0)
        levelNodeCounts.append(0)
        levelNodeCountsStale = false
        levelOrder = LevelOrder([0])
        clearTransientLists()
    }

    /// For each variable, whether it may take other values over the optimal solutions
    /// (levels at or below `floor` ignored): whether its explicit form can contain a symbol
    /// that moves freely. Found by one pass over the rows (LP rows, then definitions by
    /// level) instead of expanding each variable, so a report over every variable costs
    /// one tableau sweep plus a probe per candidate. Cancellation can only add candidates: a
    /// variable marked false has one optimal value.
    package func variablesThatMayMove(ignoringLevelsAtOrBelow floor: Double = 0) -> [Bool] {
        var moves = [Bool](repeating: false, count: symbols.count)
        for s in Int32(0)..<Int32(symbols.count) where kind(s) != .unused && isParametric(s) {
            moves[Int(s)] = movesFreely(s, above: floor)
        }
        pinDegenerateSymbols(&moves)
        var definitions: [(level: Int32, row: Int32)] = []
        for (r, row) in rows.elements.enumerated() where !row.isUnused && !isBundleRow(row) {
            if row.isDefinition {
                definitions.append((row.level, Int32(r)))
            } else if cells(of: row).contains(where: { moves[Int($0.symbol)] }) {
                moves[Int(row.basic)] = true
            }
        }
        // A definition refers only to symbols of lower levels, so level order settles each
        // row's references before the row.
        definitions.sort { $0.level < $1.level || ($0.level == $1.level && $0.row < $1.row) }
        for (_, r) in definitions where cells(of: rows[Int(r)]).contains(where: { moves[Int($0.symbol)] }) {
            moves[Int(rows[Int(r)].basic)] = true
        }
        // A variable no constraint mentions is free.
        return variables.elements.map { !$0.isAlive || $0.symbol < 0 || moves[Int($0.symbol)] }
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
            for row in rows.elements where !row.isUnused && !row.isDefinition
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
        for s in workspace.symbols where !isNearZero(workspace.coefficient(s)) {
            tags.append((s, workspace.coefficient(s)))
        }
        // Bundles stand for their dummies (see `SimplexCore+Bundles.swift`).
        for (s, _) in tags.filter({ kind($0.symbol) != .dummy }) + dummyCoefficients(tags) {
            let k = kind(s)
            guard k == .slack || k == .error || k == .dummy else { continue }
            let owner = symbols[Int(s)].owner
            if owner >= 0, isConstraint(owner), !result.contains(where: { $0 == (owner, s) }) {
                result.append((owner, s))
            }
        }
        return result.sorted {
            (constraints[Int($0.constraint)].serial, $0.tag) < (constraints[Int($1.constraint)].serial, $1.tag)
        }
    }
}
