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
