/// The lexicographic objective: per symbol, one coefficient per priority level.
///
/// Only parametric symbols carry coefficients; a basic symbol's share is substituted away
/// through its row, as in any simplex tableau. Each level also keeps its constant (the
/// level's current value), which phase one reads to decide feasibility.
///
/// A symbol's coefficients are a list in rank order, highest priority first. The leading
/// coefficient (what the entering choice asks for) is then the first one that is not
/// roundoff, two symbols' objectives compare in one walk down both lists, and substituting
/// a row merges its levels into each symbol's list in one walk. Unordered lists cost a walk
/// per level for each of these: cubic in the number of distinct priorities.
extension SimplexCore {
    /// The coefficient of `s` at level `l`.
    func objectiveCoefficient(_ s: Int32, level l: Int32) -> Double {
        let r = rank(l)
        var node = tableau.symbols[Int(s)].objective
        while node >= 0 {
            let n = objective.nodes[Int(node)]
            if n.level == l { return n.coefficient }
            if rank(n.level) > r { return 0 }
            node = n.next
        }
        return 0
    }

    /// Adds `delta` to the coefficient of parametric symbol `s` at level `l`.
    @inline(__always)
    mutating func addObjectiveCoefficient(_ s: Int32, level l: Int32, _ delta: Double) {
        var previous: Int32 = -1
        addObjectiveCoefficient(s, level: l, delta, after: &previous)
    }

    /// Adds `delta` to the coefficient of parametric symbol `s` at level `l`, looking for
    /// the level after node `previous` of `s`'s list (-1: from its head). On return,
    /// `previous` is where a level of lower priority can be looked for, so a run of
    /// additions in rank order walks the list once.
    ///
    /// A basic `s` (which no path is known to pass, but a phase-one fallback that makes a
    /// bundled dummy basic might) adds through its row instead: its record has no room for
    /// a list (see `SymbolRecord`), and the objective stays in parametric symbols.
    mutating func addObjectiveCoefficient(_ s: Int32, level l: Int32, _ delta: Double, after previous: inout Int32) {
        if tableau.symbols[Int(s)].row >= 0 {
            addToObjective(s, level: l, weight: delta)
            return
        }
        if l == objective.phaseLevel { objective.phaseSymbols.append(s) }
        if abs(delta) > objective.levels[Int(l)].scale {
            noteLevel(l)
            objective.levels[Int(l)].scale = abs(delta)
        }
        let r = rank(l)
        var node = previous < 0 ? tableau.symbols[Int(s)].objective : objective.nodes.next(at: Int(previous))
        while node >= 0 && objective.nodes.level(at: Int(node)) != l && rank(objective.nodes.level(at: Int(node))) < r {
            previous = node
            node = objective.nodes.next(at: Int(node))
        }
        if node >= 0 && objective.nodes.level(at: Int(node)) == l {
            let c = cancellingSum(objective.nodes.coefficient(at: Int(node)), delta)
            if c == 0 {
                linkObjective(of: s, after: previous, to: objective.nodes.next(at: Int(node)))
                noteObjectiveNode(node)
                objective.nodes[Int(node)] = ObjectiveNode(level: -1, next: objective.freeNode, coefficient: 0)
                objective.freeNode = node
                countLevelNode(l, -1)
            } else {
                noteObjectiveNode(node)
                objective.nodes.setCoefficient(c, at: Int(node))
                previous = node
            }
            noteObjectiveChange(s)
            return
        }
        if isNearZero(delta) { return }
        let fresh = newObjectiveNode(ObjectiveNode(level: l, next: node, coefficient: delta))
        linkObjective(of: s, after: previous, to: fresh)
        previous = fresh
        noteObjectiveChange(s)
    }

    /// Points the link after node `previous` of `s`'s list (its head when -1) at `node`.
    @inline(__always) private mutating func linkObjective(of s: Int32, after previous: Int32, to node: Int32) {
        if previous < 0 {
            noteSymbol(s)
            tableau.symbols[Int(s)].objective = node
        } else {
            noteObjectiveNode(previous)
            objective.nodes.setNext(node, at: Int(previous))
        }
    }

    private mutating func newObjectiveNode(_ node: ObjectiveNode) -> Int32 {
        countLevelNode(node.level, 1)
        if objective.freeNode >= 0 {
            let fresh = objective.freeNode
            noteObjectiveNode(fresh)
            objective.freeNode = objective.nodes.next(at: Int(fresh))
            objective.nodes[Int(fresh)] = node
            return fresh
        }
        objective.nodes.append(node)
        return Int32(objective.nodes.count - 1)
    }

    /// Drops every objective coefficient of `s`.
    mutating func clearObjective(_ s: Int32) { freeObjectiveList(of: s, from: tableau.symbols[Int(s)].objective) }

    /// Frees `s`'s objective list, from `head`, and clears the record's head (a basic
    /// symbol's record has none to clear).
    private mutating func freeObjectiveList(of s: Int32, from head: Int32) {
        var node = head
        if node < 0 { return }
        while node >= 0 {
            let next = objective.nodes.next(at: Int(node))
            noteObjectiveNode(node)
            countLevelNode(objective.nodes.level(at: Int(node)), -1)
            objective.nodes[Int(node)] = ObjectiveNode(level: -1, next: objective.freeNode, coefficient: 0)
            objective.freeNode = node
            node = next
        }
        noteSymbol(s)
        tableau.symbols[Int(s)].objective = -1
        noteObjectiveChange(s)
    }

    /// Adds `weight × s` to level `l`, through `s`'s row when `s` is basic.
    mutating func addToObjective(_ s: Int32, level l: Int32, weight: Double) {
        let r = rowIndex(s)
        if r >= 0 {
            let row = tableau.rows[Int(r)]
            precondition(!row.isDefinition, "objective symbols are restricted")
            noteLevel(l)
            objective.levels[Int(l)].constant += weight * row.constant
            for t in cells(of: row) { addObjectiveCoefficient(t.symbol, level: l, weight * t.coefficient) }
        } else {
            addObjectiveCoefficient(s, level: l, weight)
        }
    }

    /// Replaces `e`'s objective coefficients, the list from `head`, by `e`'s (explicit)
    /// row. When `e` has just become basic, its record no longer holds the list (see
    /// `SymbolRecord.row`): the caller read `head` before.
    mutating func substituteObjective(_ e: Int32, list head: Int32, row: Row) {
        var node = head
        if node < 0 { return }
        // Copy the coefficients first: the loop below may reuse freed nodes. The copy goes
        // to a scratch list kept across calls (taken out while in use), not a new array.
        var weights = scratch.levelCoefficients
        scratch.levelCoefficients = []
        weights.empty()
        while node >= 0 {
            weights.append((objective.nodes.level(at: Int(node)), objective.nodes.coefficient(at: Int(node))))
            node = objective.nodes.next(at: Int(node))
        }
        freeObjectiveList(of: e, from: head)
        for (l, w) in weights {
            noteLevel(l)
            objective.levels[Int(l)].constant += w * row.constant
        }
        // The weights are in rank order, so each symbol's list is walked once for all.
        for t in cells(of: row) {
            var previous: Int32 = -1
            for (l, w) in weights { addObjectiveCoefficient(t.symbol, level: l, w * t.coefficient, after: &previous) }
        }
        scratch.levelCoefficients = weights
    }

    @inline(__always) mutating func noteObjectiveChange(_ s: Int32) {
        if operation.flags[Int(s)] & SymbolFlags.pending == 0 {
            operation.flags[Int(s)] |= SymbolFlags.pending
            objective.pending.append(s)
        }
    }

    /// The highest-priority nonzero objective coefficient of `s`, with its level's rank:
    /// the first in its list that is not roundoff.
    @inline(__always) func leadingObjective(_ s: Int32) -> (rank: Int, coefficient: Double)? {
        var node = tableau.symbols[Int(s)].objective
        while node >= 0 {
            let n = objective.nodes[Int(node)]
            if abs(n.coefficient) > objective.entryTolerance * min(objective.levels[Int(n.level)].scale, 1e4) {
                return (rank(n.level), n.coefficient)
            }
            node = n.next
        }
        return nil
    }

    /// Compares `obj(a) / da` with `obj(b) / db` lexicographically (highest priority first),
    /// walking both lists side by side; a level missing from a list counts as zero there.
    /// - Returns: negative, zero or positive.
    func compareObjectiveRatios(_ a: Int32, _ da: Double, _ b: Int32, _ db: Double) -> Int {
        var nodeA = tableau.symbols[Int(a)].objective, nodeB = tableau.symbols[Int(b)].objective
        while nodeA >= 0 || nodeB >= 0 {
            let rankA = nodeA >= 0 ? rank(objective.nodes.level(at: Int(nodeA))) : Int.max
            let rankB = nodeB >= 0 ? rank(objective.nodes.level(at: Int(nodeB))) : Int.max
            let r = min(rankA, rankB)
            // Past the ranked levels (a level with no users ranks nowhere): nothing to compare.
            if r == Int.max { break }
            var x = 0.0, y = 0.0
            if rankA == r {
                x = objective.nodes.coefficient(at: Int(nodeA)) / da
                nodeA = objective.nodes.next(at: Int(nodeA))
            }
            if rankB == r {
                y = objective.nodes.coefficient(at: Int(nodeB)) / db
                nodeB = objective.nodes.next(at: Int(nodeB))
            }
            if abs(x - y) > objectiveTolerance * max(1, abs(x), abs(y)) { return x < y ? -1 : 1 }
        }
        return 0
    }
}

/// Objective coefficients up to this, relative to their level's scale, may be roundoff of
/// zero (`improvementNotingDoubt`).
let objectiveDoubt = 1.0e-7

/// Objective coefficients smaller than this, relative to the largest coefficient their level
/// has held (1 for a level of plain errors, at most 10^4), count as zero.
let objectiveTolerance = 1.0e-11
