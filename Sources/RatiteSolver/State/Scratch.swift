/// Storage that operations borrow and give back, kept so that a busy path does not
/// allocate on every call. Nothing here outlasts an operation: a copy of the core starts
/// with empty scratch.
struct Scratch {
    /// The row being built: a sparse row in a small hash table (see `SparseAccumulator`).
    var workspace = SparseAccumulator()
    /// The workspace as it was before a trial expansion (see `expandOrReroot`).
    var savedWorkspace: [Cell] = []
    /// Kept storage for the row lists of `columnRows` (see `takeRowList`), for
    /// `SparseAccumulator.sortedTerms` and for `expandFully`'s heap: a fresh array on every
    /// addition cost a malloc and a free.
    var rowList: [Int32] = []
    var termList: [Cell] = []
    var expansionHeap = LevelHeap()
    /// Kept storage for `raiseDependents`: its work stack and the levels it may put back.
    var levelWalk = LevelWalk()
    /// The symbols `substituteIntoLPRows` found deep in long columns (flagged
    /// `deepColumn`), and the column entries of their cancellations, left for
    /// `unlinkCancelled`.
    var deepColumnSymbols: [Int32] = []
    var cancelledEntries: [UInt64] = []
    /// (level, coefficient) pairs for `substituteObjective`.
    var levelCoefficients: [(Int32, Double)] = []
    /// The list of constraints an update checks.
    var constraintsToCheck: [Int32] = []
    /// The variables `takeChangedVariables` has seen, while it runs (empty in between).
    var changedMarks = GrowingBitSet()
}
