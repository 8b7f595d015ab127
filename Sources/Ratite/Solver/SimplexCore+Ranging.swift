/// Questions about the set of optimal solutions, for ambiguity reports and for finding the
/// constraints that determine a variable.
extension SimplexCore {
    /// Loads the explicit form of variable `v` (its value as a constant plus parametric
    /// symbols) into the workspace.
    /// - Returns: false when no constraint mentions the variable.
    mutating func loadExplicitForm(ofVariable v: Int32) -> Bool {
        let s = variables[Int(v)].symbol
        guard s >= 0 else { return false }
        workspace.reset(capacity: symbols.count)
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
    package func optimalRange(ofVariable v: Int32, ignoringLevelsAtOrBelow floor: Double = 0) -> (min: Double, max: Double) {
        var probe = self
        probe.journal = Journal()
        probe.objectiveIsBounded = false
        guard probe.loadExplicitForm(ofVariable: v) else { return (-.infinity, .infinity) }
        let terms = probe.workspace.sortedTerms()
        let constant = probe.workspace.constant
        guard terms.contains(where: { movesFreely($0.symbol, above: floor) }) else { return (constant, constant) }
        // The optimal face: every symbol some level charges for stays at zero. Mark those as
        // dummies (which never enter), then optimize the variable alone.
        for s in Int32(0)..<Int32(probe.symbols.count) where probe.isParametric(s) && probe.kind(s).mayEnter && !movesFreely(s, above: floor) {
            probe.symbols[Int(s)].kind = .dummy
        }
        for s in probe.symbols.indices { probe.symbols[s].objective = -1 }
        probe.objectiveNodes = []
        probe.freeObjectiveNode = -1
        probe.levels = [LevelRecord(priority: 1, users: 1, constant: 0, scale: 1)]
        probe.levelOrder = [0]
        probe.clearTransientLists()
        func extreme(_ sign: Double) -> Double {
            var p = probe
            p.levels[0].constant = sign * constant
            for t in terms { p.addObjectiveCoefficient(t.symbol, level: 0, sign * t.coefficient) }
            do { try p.optimize() } catch { return -sign * .infinity }
            return sign * p.levels[0].constant
        }
        return (extreme(1), extreme(-1))
    }

    /// The constraints whose constants move variable `v` right now: those whose tag symbols
    /// appear in its explicit form. Ids in addition order.
    mutating func constraintsDetermining(variable v: Int32) -> [Int32] {
        guard loadExplicitForm(ofVariable: v) else { return [] }
        var result: [Int32] = []
        for s in workspace.symbols where !isNearZero(workspace.coefficient(s)) {
            let k = kind(s)
            guard k == .slack || k == .error || k == .dummy else { continue }
            let owner = symbols[Int(s)].owner
            if owner >= 0, isConstraint(owner), !result.contains(owner) { result.append(owner) }
        }
        return result.sorted { constraints[Int($0)].serial < constraints[Int($1)].serial }
    }
}
