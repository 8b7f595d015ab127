/// The lexicographic objective: a coefficient per priority level and symbol, the levels
/// themselves in priority order, and the simplex's view of which symbols may improve it.
///
/// Every symbol's coefficients form a list of nodes in `nodes` (headed by
/// `SymbolRecord.objective`), one node per level at which the coefficient is not zero.
struct Objective: ~Copyable {
    var nodes = ObjectiveNodeStore()
    var freeNode: Int32 = -1
    var levels: [LevelRecord] = []
    /// How many objective nodes each level holds (see `purgeDeadLevel`), beside `levels`
    /// and never journaled: a rollback marks them stale, and they are counted again when
    /// next needed.
    var levelNodeCounts = RecordBuffer<Int32>()
    var levelNodeCountsStale = false
    var freeLevel: Int32 = -1
    /// Level ids by priority, highest first, with their ranks.
    var levelOrder = LevelOrder()
    /// Symbols that may improve the objective.
    var candidates: [Int32] = []
    /// Symbols whose coefficients changed since candidates were last checked.
    var pending: [Int32] = []
    /// The phase-one level while an artificial variable is being driven out, else -1, and
    /// the symbols that received coefficients at it.
    var phaseLevel: Int32 = -1
    var phaseSymbols: [Int32] = []
    /// The tolerance in force; raised while a run of pivots cycles on roundoff.
    var entryTolerance = objectiveTolerance
    /// Whether every level is a sum of non-negative errors (false in range probes, which
    /// optimize a plain variable).
    var isBounded = true

    init() {}

    /// An independent copy (the record buffers are not shared).
    func copy() -> Objective {
        var c = Objective()
        c.nodes = nodes.copy()
        c.freeNode = freeNode
        c.levels = levels
        c.levelNodeCounts = levelNodeCounts.copy()
        c.levelNodeCountsStale = levelNodeCountsStale
        c.freeLevel = freeLevel
        c.levelOrder = levelOrder
        c.candidates = candidates
        c.pending = pending
        c.phaseLevel = phaseLevel
        c.phaseSymbols = phaseSymbols
        c.entryTolerance = entryTolerance
        c.isBounded = isBounded
        return c
    }
}

extension Objective {
    /// The pool lengths and free-list heads at the start of a transaction; the level order
    /// is saved by the journal only when a transaction changes it (see `noteLevelOrder`).
    struct Savepoint {
        var nodes = 0, levels = 0
        var freeNode: Int32 = -1, freeLevel: Int32 = -1
    }

    @inline(__always) func savepoint() -> Savepoint {
        Savepoint(nodes: nodes.count, levels: levels.count, freeNode: freeNode, freeLevel: freeLevel)
    }

    /// Goes back to `point`, once the journal has put back the nodes and levels that existed
    /// then, and to `levelOrder` when the transaction changed the order.
    mutating func restore(_ point: Savepoint, levelOrder savedOrder: LevelOrder?) {
        // Counted again when next needed: keeping them exact would log every count change.
        levelNodeCountsStale = true
        nodes.truncate(to: point.nodes)
        levels.removeSubrange(point.levels...)
        (freeNode, freeLevel) = (point.freeNode, point.freeLevel)
        if let savedOrder { levelOrder = savedOrder }
    }
}

#if RATITE_INTERNAL_CHECKS
extension Objective {
    /// Checks the levels on their own, between operations: every level in use is in the
    /// order, by descending priority, every other one on the free list, and phase one is
    /// over. Which symbols hold which nodes is checked by the core.
    func checkInvariants(_ fail: (String) -> Void) {
        checkFreeList(
            of: "level", head: freeLevel, count: levels.count, isUnused: { levels[$0].users < 0 },
            next: { -2 - levels[$0].users }, fail)
        for (index, level) in levels.enumerated() {
            let ranked = levelOrder.rank(Int32(index)) != Int.max
            if (level.users > 0) != ranked {
                fail("level \(index) has \(level.users) users and is \(ranked ? "" : "not ")in the order")
            }
        }
        for (position, l) in levelOrder.enumerated() {
            guard Int(l) < levels.count else {
                fail("level \(l) at position \(position) of the order does not exist")
                continue
            }
            if levelOrder.rank(l) != position {
                fail("level \(l) at position \(position) has rank \(levelOrder.rank(l))")
            }
            if levels[Int(l)].priority >= phaseOnePriority { fail("phase-one level lingers") }
            if position > 0 && levels[Int(levelOrder[position - 1])].priority <= levels[Int(l)].priority {
                fail("level order not by descending priority at position \(position)")
            }
        }
        if phaseLevel >= 0 || !phaseSymbols.isEmpty { fail("phase one still active") }
        if !levelNodeCountsStale && levelNodeCounts.count < levels.count {
            fail("\(levels.count) levels, \(levelNodeCounts.count) node counts")
        }
    }
}
#endif
