/// The lexicographic objective: per symbol, one coefficient per priority level.
///
/// Only parametric symbols carry coefficients; a basic symbol's share is substituted away
/// through its row, as in any simplex tableau. Each level also keeps its constant (the
/// level's current value), which phase one reads to decide feasibility.
extension SimplexCore {
    /// The coefficient of `s` at level `l`.
    func objectiveCoefficient(_ s: Int32, level l: Int32) -> Double {
        var node = symbols[Int(s)].objective
        while node >= 0 {
            if objectiveNodes[Int(node)].level == l { return objectiveNodes[Int(node)].coefficient }
            node = objectiveNodes[Int(node)].next
        }
        return 0
    }

    /// Adds `delta` to the coefficient of parametric symbol `s` at level `l`.
    mutating func addObjectiveCoefficient(_ s: Int32, level l: Int32, _ delta: Double) {
        if l == phaseLevel { phaseSymbols.append(s) }
        if abs(delta) > levels[Int(l)].scale {
            noteLevel(l)
            levels[Int(l)].scale = abs(delta)
        }
        var previous: Int32 = -1
        var node = symbols[Int(s)].objective
        while node >= 0 {
            if objectiveNodes[Int(node)].level == l {
                let c = cancellingSum(objectiveNodes[Int(node)].coefficient, delta)
                if c == 0 {
                    let next = objectiveNodes[Int(node)].next
                    if previous < 0 {
                        noteSymbol(s)
                        symbols[Int(s)].objective = next
                    } else {
                        noteObjectiveNode(previous)
                        objectiveNodes[Int(previous)].next = next
                    }
                    noteObjectiveNode(node)
                    objectiveNodes[Int(node)] = ObjectiveNode(level: -1, next: freeObjectiveNode, coefficient: 0)
                    freeObjectiveNode = node
                } else {
                    noteObjectiveNode(node)
                    objectiveNodes[Int(node)].coefficient = c
                }
                noteObjectiveChange(s)
                return
            }
            previous = node
            node = objectiveNodes[Int(node)].next
        }
        if isNearZero(delta) { return }
        let head = symbols[Int(s)].objective
        let fresh: Int32
        if freeObjectiveNode >= 0 {
            fresh = freeObjectiveNode
            noteObjectiveNode(fresh)
            freeObjectiveNode = objectiveNodes[Int(fresh)].next
            objectiveNodes[Int(fresh)] = ObjectiveNode(level: l, next: head, coefficient: delta)
        } else {
            fresh = Int32(objectiveNodes.count)
            objectiveNodes.append(ObjectiveNode(level: l, next: head, coefficient: delta))
        }
        noteSymbol(s)
        symbols[Int(s)].objective = fresh
        noteObjectiveChange(s)
    }

    /// Drops every objective coefficient of `s`.
    mutating func clearObjective(_ s: Int32) {
        var node = symbols[Int(s)].objective
        if node < 0 { return }
        while node >= 0 {
            let next = objectiveNodes[Int(node)].next
            noteObjectiveNode(node)
            objectiveNodes[Int(node)] = ObjectiveNode(level: -1, next: freeObjectiveNode, coefficient: 0)
            freeObjectiveNode = node
            node = next
        }
        noteSymbol(s)
        symbols[Int(s)].objective = -1
        noteObjectiveChange(s)
    }

    /// Adds `weight × s` to level `l`, through `s`'s row when `s` is basic.
    mutating func addToObjective(_ s: Int32, level l: Int32, weight: Double) {
        let r = rowIndex(s)
        if r >= 0 {
            let row = rows[Int(r)]
            precondition(!row.isDefinition, "objective symbols are restricted")
            noteLevel(l)
            levels[Int(l)].constant += weight * row.constant
            for t in cells(of: row) { addObjectiveCoefficient(t.symbol, level: l, weight * t.coefficient) }
        } else {
            addObjectiveCoefficient(s, level: l, weight)
        }
    }

    /// Replaces `e`'s objective coefficients by `e`'s (explicit) row: `e` has just become
    /// basic.
    mutating func substituteObjective(_ e: Int32, row: Row) {
        var node = symbols[Int(e)].objective
        if node < 0 { return }
        // Copy the coefficients first: the loop below may reuse freed nodes. The copy goes
        // to a scratch list kept across calls (taken out while in use), not a new array.
        var weights = objectiveScratch
        objectiveScratch = []
        weights.empty()
        while node >= 0 {
            weights.append((objectiveNodes[Int(node)].level, objectiveNodes[Int(node)].coefficient))
            node = objectiveNodes[Int(node)].next
        }
        clearObjective(e)
        for (l, w) in weights {
            noteLevel(l)
            levels[Int(l)].constant += w * row.constant
            for t in cells(of: row) { addObjectiveCoefficient(t.symbol, level: l, w * t.coefficient) }
        }
        objectiveScratch = weights
    }

    @inline(__always) mutating func noteObjectiveChange(_ s: Int32) {
        if flags[Int(s)] & SymbolFlags.pending == 0 {
            flags[Int(s)] |= SymbolFlags.pending
            pendingObjective.append(s)
        }
    }

    /// The highest-priority nonzero objective coefficient of `s`, with its level's rank.
    @inline(__always) func leadingObjective(_ s: Int32) -> (rank: Int, coefficient: Double)? {
        var best: (rank: Int, coefficient: Double)? = nil
        var node = symbols[Int(s)].objective
        while node >= 0 {
            let n = objectiveNodes[Int(node)]
            if abs(n.coefficient) > entryTolerance * min(levels[Int(n.level)].scale, 1e4) {
                let r = rank(n.level)
                if best == nil || r < best!.rank { best = (r, n.coefficient) }
            }
            node = n.next
        }
        return best
    }

    /// Compares `obj(a) / da` with `obj(b) / db` lexicographically (highest priority first).
    /// - Returns: negative, zero or positive.
    func compareObjectiveRatios(_ a: Int32, _ da: Double, _ b: Int32, _ db: Double) -> Int {
        for l in levelOrder {
            let x = objectiveCoefficient(a, level: l) / da
            let y = objectiveCoefficient(b, level: l) / db
            if abs(x - y) > objectiveTolerance * max(1, abs(x), abs(y)) { return x < y ? -1 : 1 }
        }
        return 0
    }
}

/// Objective coefficients smaller than this, relative to the largest coefficient their level
/// has held (1 for a level of plain errors, at most 10^4), count as zero.
let objectiveTolerance = 1.0e-11
