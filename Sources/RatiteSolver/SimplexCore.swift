/// The incremental simplex solver behind `Solver`, addressed by integer ids.
///
/// The representation is a hybrid of a Cassowary tableau and a factored basis:
///
/// - **LP rows** hold restricted basic symbols (slacks, errors, dummies) written only in
///   parametric symbols, as in Cassowary. The primal and dual simplex work on these rows.
/// - **Definition rows** hold external (unrestricted) basic symbols and may refer to other
///   defined externals and to LP-basic symbols, provided the references form a DAG; every
///   defined symbol carries a level above those it refers to. Values come from substituting
///   in level order. A chain `left(i+1) = left(i) + width(i) + 8` keeps every row at three
///   terms instead of the O(i) terms a Cassowary tableau accumulates.
/// - The objective is lexicographic: one coefficient per priority level and symbol, so
///   priorities are strictly ordered instead of weighted.
///
/// A definition row is expanded (substituted down to parametric symbols) only when the
/// simplex needs an explicit row: when a constraint ends up in the LP part, or to break a
/// would-be cycle.
package struct SimplexCore: ~Copyable {
    var rows = RecordBuffer<Row>()
    var freeRow: Int32 = -1
    /// The rows' cells (see `SimplexCore+CellPool.swift`), and the pool size at which the
    /// next squeeze is considered.
    var cellPool = CellPool()
    /// How many pool cells the rows point to; the rest is garbage.
    var liveCellCount = 0
    var nextCellSqueeze = 1 << 16
    /// The pool's length after the last compaction between transactions, or after the
    /// last look at its young part that found too little garbage to compact.
    var poolAfterSqueeze = 0
    /// Cells appended before `poolAfterSqueeze` since the last full compaction (young
    /// compactions and looks in between only move `poolAfterSqueeze`).
    var appendedBeforeYoungSqueeze = 0
    /// Compactions between transactions so far, full and young (for tests).
    var cellSqueezes = (full: 0, young: 0)
    /// The least growth between squeezes (tests lower it to squeeze often).
    var cellSqueezeSlack = 1 << 16
    var symbols = RecordBuffer<SymbolRecord>()
    /// Each symbol's kind, beside `symbols` (see `SymbolRecord`).
    var symbolKinds = RecordBuffer<SymbolKind>()
    var freeSymbol: Int32 = -1
    var columnNodes = RecordBuffer<ColumnNode>()
    var freeColumnNode: Int32 = -1
    /// An index over the longest columns (see `SimplexCore+HubColumns.swift`).
    var hubColumns = HubColumns()
    var objectiveNodes = ObjectiveNodeStore()
    var freeObjectiveNode: Int32 = -1
    var levels: [LevelRecord] = []
    /// How many objective nodes each level holds (see `purgeDeadLevel`), beside `levels`
    /// and never journaled: a rollback marks them stale, and they are counted again when
    /// next needed.
    var levelNodeCounts = RecordBuffer<Int32>()
    var levelNodeCountsStale = false
    var freeLevel: Int32 = -1
    /// Level ids by priority, highest first, with their ranks.
    var levelOrder = LevelOrder()
    var constraints = RecordBuffer<ConstraintRecord>()
    var freeConstraint: Int32 = -1
    /// Every constraint's terms, back to back (see `SimplexCore+ConstraintTerms.swift`), and
    /// how many of them belong to removed constraints.
    var constraintTerms = RecordBuffer<Int32>()
    var constraintTermGarbage = 0
    var variables = RecordBuffer<VariableRecord>()
    /// Each variable's name, by variable id (empty for an unused slot).
    var variableNames: [String] = []
    /// When set, names variables from their ids and `variableNames` stays empty: a layout
    /// engine's names follow from its items, and storing them cost 30 bytes a constraint
    /// on the form family.
    var derivedVariableName: ((Int32) -> String)? = nil
    var freeVariable: Int32 = -1
    var serialCounter: UInt32 = 0

    // Transient state of one operation (see `SymbolFlags`).
    var flags = RecordBuffer<UInt8>()
    /// Symbols whose value may have changed since the last `updateValues`.
    var dirty: [Int32] = []
    /// Whether every value may have changed: set instead of a dirty list longer than an
    /// eighth of the symbols (see `boundDirtyList`).
    var allSymbolsDirty = false
    /// Symbols that may improve the objective.
    var candidates: [Int32] = []
    /// Symbols whose objective coefficients changed since candidates were last checked.
    var pendingObjective: [Int32] = []
    /// Basic symbols of LP rows that may be infeasible.
    var infeasible = InfeasibleQueue()
    /// The phase-one level while an artificial variable is being driven out, else -1, and
    /// the symbols that received coefficients at it.
    var phaseLevel: Int32 = -1
    var phaseSymbols: [Int32] = []
    var journal = Journal()
    /// `reservedBytes` when freed heap pages were last given back.
    var reservedAtLastTrim = 0
    var trimmingFloor = defaultTrimmingFloor
    /// Set when a definition level passes `definitionLevelCeiling`, or when definitions
    /// stop starting from variable ids (see `SimplexCore+DefinitionLevels.swift`); the
    /// outermost commit then renumbers them.
    var definitionLevelsRanHigh = false
    /// Set when a number written into the tableau is not finite (see `noteMagnitude`);
    /// the operation then fails and rolls back.
    var numbersOverflowed = false
    var definitionLevelCeiling = defaultDefinitionLevelCeiling
    /// Whether definitions may start from their variables' ids (see `weighVariableOrder`);
    /// tests turn it off to compare.
    package var levelsStartFromVariableIDs = true
    /// How closely the definitions placed so far follow the order their variables were
    /// made in, within ±`variableOrderEvidenceLimit`, and whether definitions start from
    /// their variables' ids for now (see `weighVariableOrder`).
    var variableOrderEvidence: Int32 = 0
    var levelsFollowVariableOrder = false
    /// When a row's expansion is long enough to try a re-rooting first (see
    /// `SimplexCore+Reroot.swift`), and whether one is tried when no definition the row
    /// holds refers to another; tests lower the first and set the second so small
    /// systems re-root.
    var rerootTrials = defaultRerootTrials
    var rerootsShallowExpansions = false
    var workspace = SparseAccumulator()
    /// Kept storage for the row lists of `columnRows` (see `takeRowList`), for
    /// `SparseAccumulator.sortedTerms` and for `expandFully`'s heap: a fresh array on every
    /// addition cost a malloc and a free.
    var rowListStorage: [Int32] = []
    /// Kept storage for `raiseDependents`: its work stack and the levels it may put back.
    var levelWalkStorage = LevelWalk()
    /// The symbols `substituteIntoLPRows` found deep in long columns (flagged
    /// `deepColumn`), and the column entries of their cancellations, left for
    /// `unlinkCancelled`.
    var deepColumnSymbols: [Int32] = []
    var cancelledEntries: [UInt64] = []
    var termListStorage: [Cell] = []
    /// The workspace as it was before a trial expansion (see `expandOrReroot`).
    var savedWorkspace: [Cell] = []
    var expansionHeap = LevelHeap()
    /// Moves with every change to which rows hold which symbols and which are basic (see
    /// `noteSymbol`, `noteColumnNode`, `noteStructuralChange`): `valueSchedule` is valid
    /// only at the stamp it was recorded at.
    var structureStamp: UInt64 = 0
    var valueSchedule = ValueSchedule()
    /// Off while `rebuildTableau` assembles a core whose commits are not operation ends
    /// (read only with `RATITE_INVARIANTS`, see `requireInvariants`).
    var checksInvariantsAtCommits = true
    /// Scratch list of (level, coefficient) pairs for `substituteObjective`.
    var objectiveScratch: [(Int32, Double)] = []

    /// Whether a failed addition computes a minimal conflicting set (off in the scratch
    /// solvers that compute it).
    var explainsConflicts = true
    /// The objective tolerance in force; raised while a run of pivots cycles on roundoff.
    var entryTolerance = objectiveTolerance
    /// Whether updates check their answer against the constraints as written (see
    /// `SimplexCore+Verification.swift`); tests turn it off to see the tableau alone.
    package var verifiesAnswers = true
    /// The most constraints for which decisions are checked exactly (see
    /// `SimplexCore+Certification.swift`); tests set 0 to see the float tableau alone.
    package var exactCertificationLimit = defaultExactCertificationLimit
    /// Decisions taken since the last exact check whose margin was within roundoff (see
    /// `NumericDoubt`).
    var doubts = NumericDoubt()
    /// The smallest and largest coefficient magnitudes of the constraints ever added (see
    /// `CoefficientRange`).
    var coefficientRange = CoefficientRange()
    /// Constraints added or changed since the last answer check, and whether the next one
    /// checks every constraint (see `SimplexCore+Verification.swift`).
    var unverifiedConstraints: [Int32] = []
    var verifiesEverything = false
    var verificationIndex = VerificationIndex()
    /// Kept storage for the list of constraints an update checks.
    var verificationScratch: [Int32] = []
    var verificationDebt = VerificationDebt()
    /// Whether every objective level is a sum of non-negative errors (false in range
    /// probes, which optimize a plain variable).
    var objectiveIsBounded = true
    package var statistics = SolverStatistics()

    /// Variables whose values changed in `updateValues` calls since the last
    /// `takeChangedVariables`, possibly repeated.
    var changedVariables: [Int32] = []

    package init() {}

    /// An independent copy (the record buffers are not shared), for probes that change a
    /// core to answer a question about it. Scratch storage starts empty.
    func copy() -> SimplexCore {
        var c = SimplexCore()
        c.rows = rows.copy()
        c.freeRow = freeRow
        c.cellPool = cellPool.copy()
        c.liveCellCount = liveCellCount
        c.nextCellSqueeze = nextCellSqueeze
        c.poolAfterSqueeze = poolAfterSqueeze
        c.appendedBeforeYoungSqueeze = appendedBeforeYoungSqueeze
        c.cellSqueezes = cellSqueezes
        c.cellSqueezeSlack = cellSqueezeSlack
        c.symbols = symbols.copy()
        c.symbolKinds = symbolKinds.copy()
        c.freeSymbol = freeSymbol
        c.columnNodes = columnNodes.copy()
        c.freeColumnNode = freeColumnNode
        // With its log: the copy's journal is this one's, whose open marks count on it.
        c.hubColumns = hubColumns
        c.objectiveNodes = objectiveNodes.copy()
        c.freeObjectiveNode = freeObjectiveNode
        c.levels = levels
        c.levelNodeCounts = levelNodeCounts.copy()
        c.levelNodeCountsStale = levelNodeCountsStale
        c.freeLevel = freeLevel
        c.levelOrder = levelOrder
        c.constraints = constraints.copy()
        c.freeConstraint = freeConstraint
        c.constraintTerms = constraintTerms.copy()
        c.constraintTermGarbage = constraintTermGarbage
        c.variables = variables.copy()
        c.variableNames = variableNames
        c.derivedVariableName = derivedVariableName
        c.freeVariable = freeVariable
        c.serialCounter = serialCounter
        c.flags = flags.copy()
        c.dirty = dirty
        c.allSymbolsDirty = allSymbolsDirty
        c.candidates = candidates
        c.pendingObjective = pendingObjective
        c.infeasible = infeasible
        c.phaseLevel = phaseLevel
        c.phaseSymbols = phaseSymbols
        c.journal = journal
        c.reservedAtLastTrim = reservedAtLastTrim
        c.trimmingFloor = trimmingFloor
        c.definitionLevelsRanHigh = definitionLevelsRanHigh
        c.definitionLevelCeiling = definitionLevelCeiling
        c.rerootTrials = rerootTrials
        c.rerootsShallowExpansions = rerootsShallowExpansions
        c.levelsStartFromVariableIDs = levelsStartFromVariableIDs
        c.variableOrderEvidence = variableOrderEvidence
        c.levelsFollowVariableOrder = levelsFollowVariableOrder
        c.explainsConflicts = explainsConflicts
        c.entryTolerance = entryTolerance
        c.objectiveIsBounded = objectiveIsBounded
        c.verifiesAnswers = verifiesAnswers
        c.exactCertificationLimit = exactCertificationLimit
        c.doubts = doubts
        c.coefficientRange = coefficientRange
        c.unverifiedConstraints = unverifiedConstraints
        c.verifiesEverything = verifiesEverything
        c.verificationIndex = verificationIndex
        c.verificationDebt = verificationDebt
        c.statistics = statistics
        c.changedVariables = changedVariables
        return c
    }

    // MARK: Symbols

    mutating func newSymbol(_ kind: SymbolKind, owner: Int32) -> Int32 {
        if freeSymbol >= 0 {
            let s = freeSymbol
            noteSymbol(s)
            freeSymbol = symbols[Int(s)].owner
            symbols[Int(s)] = SymbolRecord(owner: owner)
            symbolKinds[Int(s)] = kind
            return s
        }
        // A cell's word holds its symbol in 30 bits (see `CellPool`): a billion symbols, 18 GB
        // of symbol tables alone, far past what the other tables let a process reach.
        precondition(symbols.count < CellPool.symbolLimit, "too many symbols")
        let s = Int32(symbols.count)
        symbols.append(SymbolRecord(owner: owner))
        symbolKinds.append(kind)
        flags.append(0)
        return s
    }

    /// Returns a symbol's slot; the symbol must appear in no row and no objective level.
    mutating func freeSymbolSlot(_ s: Int32) {
        noteSymbol(s)
        symbols[Int(s)] = SymbolRecord(owner: freeSymbol)
        symbolKinds[Int(s)] = .unused
        freeSymbol = s
    }

    @inline(__always) func kind(_ s: Int32) -> SymbolKind { symbolKinds[Int(s)] }
    @inline(__always) func rowIndex(_ s: Int32) -> Int32 { symbols[Int(s)].row }
    @inline(__always) func isParametric(_ s: Int32) -> Bool { symbols[Int(s)].row < 0 }

    /// Whether `s` is basic in an LP row.
    @inline(__always) func isLPBasic(_ s: Int32) -> Bool {
        let r = symbols[Int(s)].row
        return r >= 0 && !rows[Int(r)].isDefinition
    }

    /// The topological level of defined symbol `s` (kept in its definition row).
    @inline(__always) func definitionLevel(_ s: Int32) -> Int32 { rows[Int(symbols[Int(s)].row)].level }

    /// Whether `s` is an external symbol with a definition row.
    @inline(__always) func isDefined(_ s: Int32) -> Bool {
        let r = symbols[Int(s)].row
        return r >= 0 && rows[Int(r)].isDefinition
    }

    // MARK: Column lists

    /// Records that row `r` now contains symbol `s`.
    mutating func columnInsert(_ s: Int32, row r: Int32) {
        let node: Int32
        let head = symbols[Int(s)].column
        if freeColumnNode >= 0 {
            node = freeColumnNode
            noteColumnNode(node)
            freeColumnNode = columnNodes[Int(node)].next
            // Freed nodes lie anywhere: ask for the next one now, not when it is taken.
            columnNodes.prefetch(Int(freeColumnNode))
            columnNodes[Int(node)] = ColumnNode(row: r, next: head)
        } else {
            node = Int32(columnNodes.count)
            columnNodes.append(ColumnNode(row: r, next: head))
        }
        noteSymbol(s)
        symbols[Int(s)].column = node
        if hubColumns.contains(s) { indexInsertedHead(node, of: s, row: r) }
    }

    /// Records that row `r` no longer contains symbol `s`.
    mutating func columnRemove(_ s: Int32, row r: Int32) {
        unlinkEntry(s, row: r, counting: false)
    }

    /// Records that deleted row `r` no longer contains symbol `s`, and reverses `s`'s
    /// column when the entry lay deep in it and near its end.
    ///
    /// A column lists its rows newest first, and layouts are often taken down in the order
    /// they were built: removing 40k constraints on one superview edge, oldest first, walked
    /// to the end of a 40k-long column each time (quadratic: 1.1 s, 100k took minutes).
    /// After one reversal the oldest rows come first. Only an entry among the last few
    /// (at most 8, and 1/64 of the walk) triggers one: a reversal journals every node, about
    /// four steps of a walk each, and removals in random order walk half the column on
    /// average whatever its order (triggering within the last sixteenth cost them 50% more).
    ///
    /// A column walked deeper than `hubColumnWalk` is indexed instead (`HubColumns`): then
    /// removals in any order take constant time.
    mutating func columnRemoveOfDeletedRow(_ s: Int32, row r: Int32) {
        let (walked, next) = unlinkEntry(s, row: r, counting: true)
        statistics.deletedRowColumnWalk += walked
        guard !hubColumns.contains(s) else { return }
        if walked > deepColumnWalk && columnEnds(within: min(8, walked / 64), from: next) {
            reverseColumn(s)
        } else if walked > hubColumnWalk && symbols[Int(s)].column >= 0 {
            indexHubColumn(s)
        }
    }

    /// Whether the column nodes from `node` on number at most `limit`.
    private func columnEnds(within limit: Int, from node: Int32) -> Bool {
        var node = node
        var count = 0
        while node >= 0 {
            count += 1
            if count > limit { return false }
            node = columnNodes[Int(node)].next
        }
        return true
    }

    /// Reverses the order of `s`'s column.
    private mutating func reverseColumn(_ s: Int32) {
        var reversed: Int32 = -1
        var node = symbols[Int(s)].column
        while node >= 0 {
            let next = columnNodes[Int(node)].next
            noteColumnNode(node)
            columnNodes[Int(node)].next = reversed
            reversed = node
            node = next
        }
        noteSymbol(s)
        symbols[Int(s)].column = reversed
    }

    /// Records that row `r` no longer contains symbol `s`, and returns how many column
    /// nodes it walked to find the entry.
    mutating func columnRemoveMeasuringDepth(_ s: Int32, row r: Int32) -> Int {
        unlinkEntry(s, row: r, counting: true).walked
    }

    /// Unlinks row `r` from `s`'s column (through the index when the column has one) and
    /// returns the nodes walked to find the entry (counted only when `counting`: inlined,
    /// so the plain removal, walked over long columns, pays nothing for the count) and the
    /// node that followed it (-1 at the end).
    @inline(__always) @discardableResult
    private mutating func unlinkEntry(_ s: Int32, row r: Int32, counting: Bool) -> (walked: Int, next: Int32) {
        if hubColumns.contains(s), let next = unlinkIndexedEntry(s, row: r) { return (1, next) }
        var previous: Int32 = -1
        var node = symbols[Int(s)].column
        var walked = 0
        while node >= 0 {
            if counting { walked += 1 }
            let next = columnNodes[Int(node)].next
            if columnNodes[Int(node)].row == r {
                unlinkColumnNode(node, of: s, after: previous)
                return (walked, next)
            }
            previous = node
            node = next
        }
        assertionFailure("column entry missing")
        return (walked, -1)
    }

    /// Unlinks `node` from `s`'s column (`previous` is the node before it, -1 at the head)
    /// and puts it on the free list.
    @inline(__always) mutating func unlinkColumnNode(_ node: Int32, of s: Int32, after previous: Int32) {
        if hubColumns.contains(s) { indexUnlinked(node, of: s, after: previous) }
        let next = columnNodes[Int(node)].next
        if previous < 0 {
            noteSymbol(s)
            symbols[Int(s)].column = next
        } else {
            noteColumnNode(previous)
            columnNodes[Int(previous)].next = next
        }
        noteColumnNode(node)
        columnNodes[Int(node)] = ColumnNode(row: -1, next: freeColumnNode)
        freeColumnNode = node
    }

    /// Unlinks from `s`'s column every LP row but `r`, in one pass.
    mutating func unlinkLPRows(of s: Int32, except r: Int32) {
        var previous: Int32 = -1
        var node = symbols[Int(s)].column
        while node >= 0 {
            let next = columnNodes[Int(node)].next
            let q = columnNodes[Int(node)].row
            if q == r || rows[Int(q)].isDefinition {
                previous = node
            } else {
                unlinkColumnNode(node, of: s, after: previous)
            }
            node = next
        }
    }

    /// Unlinks from `s`'s column the rows whose `ColumnEntry` keys are in `leaving` (sorted),
    /// walking only as far as the deepest of them.
    mutating func unlinkRows(of s: Int32, _ leaving: ArraySlice<UInt64>) {
        var remaining = leaving.count
        var previous: Int32 = -1
        var node = symbols[Int(s)].column
        while node >= 0 && remaining > 0 {
            let next = columnNodes[Int(node)].next
            let q = columnNodes[Int(node)].row
            if !leaving.containsSorted(ColumnEntry(symbol: s, row: q).key) {
                previous = node
            } else {
                remaining -= 1
                unlinkColumnNode(node, of: s, after: previous)
            }
            node = next
        }
    }

    /// The rows containing `s`, copied so the caller may modify rows while walking them.
    ///
    /// Inlined, as are the other small queries the add, pivot and update paths call (when
    /// the core was copyable, a call to a non-mutating method from a mutating one copied
    /// the whole core to pass it, about 80 instructions a call).
    @inline(__always) func columnRows(_ s: Int32, into list: inout [Int32]) {
        list.empty()
        var node = symbols[Int(s)].column
        while node >= 0 {
            list.append(columnNodes[Int(node)].row)
            node = columnNodes[Int(node)].next
        }
    }

    /// An empty row list with kept storage, to hand back with `keepRowList` when done. A
    /// nested caller finds the storage taken and starts a fresh list.
    @inline(__always) mutating func takeRowList() -> [Int32] {
        var list = rowListStorage
        rowListStorage = []
        list.empty()
        return list
    }
    @inline(__always) mutating func keepRowList(_ list: consuming [Int32]) { rowListStorage = list }

    /// Whether any row contains `s`.
    @inline(__always) func appearsInRows(_ s: Int32) -> Bool { symbols[Int(s)].column >= 0 }

    // MARK: Rows

    /// Stores a new row and indexes its terms; the basic symbol becomes basic/defined.
    @discardableResult
    mutating func insertRow(_ row: Row) -> Int32 {
        let r = storeRow(row)
        for k in row.cellRange { columnInsert(cellPool.symbol(at: k), row: r) }
        liveCellCount += Int(row.count)
        noteSymbol(row.basic)
        symbols[Int(row.basic)].row = r
        markDirty(row.basic)
        return r
    }

    /// Puts `row` in a free slot, or a new one, without indexing it.
    mutating func storeRow(_ row: Row) -> Int32 {
        if freeRow >= 0 {
            let r = freeRow
            noteRow(r)
            freeRow = -2 - rows[Int(r)].basic
            rows[Int(r)] = row
            return r
        }
        rows.append(row)
        return Int32(rows.count - 1)
    }

    /// Removes row `r`; its basic symbol becomes parametric.
    mutating func deleteRow(_ r: Int32) {
        let basic = rows[Int(r)].basic
        freeRowSlot(r)
        noteSymbol(basic)
        symbols[Int(basic)].row = -1
        markDirty(basic)
    }

    /// Unindexes row `r`'s cells and returns its slot, leaving its basic symbol alone.
    mutating func freeRowSlot(_ r: Int32) {
        let row = rows[Int(r)]
        for k in row.cellRange { columnRemoveOfDeletedRow(cellPool.symbol(at: k), row: r) }
        liveCellCount -= Int(row.count)
        noteRow(r)
        rows[Int(r)] = .unused(next: freeRow)
        freeRow = r
    }

    // MARK: Dirty values

    @inline(__always) mutating func markDirty(_ s: Int32) {
        if !allSymbolsDirty && flags[Int(s)] & SymbolFlags.dirty == 0 {
            flags[Int(s)] |= SymbolFlags.dirty
            dirty.append(s)
        }
    }

    /// Trades a long dirty list for `allSymbolsDirty`, at the outermost commit (so no
    /// rollback has to bring the list back). A build that never updates would otherwise
    /// list every symbol it touched: 4 bytes a symbol, 7 per constraint of a 100k grid.
    /// The next update recomputes every value, which a list that long nearly did anyway.
    mutating func boundDirtyList() {
        guard dirty.count > max(4096, symbols.count / 8) else { return }
        for s in dirty { flags[Int(s)] &= ~SymbolFlags.dirty }
        dirty = []
        allSymbolsDirty = true
    }

    // MARK: Levels

    /// The objective level for `priority`, created if needed, with one more user.
    mutating func retainLevel(priority: Double) -> Int32 {
        // The order is sorted by priority, highest first: find where `priority` is or goes.
        var position = 0, end = levelOrder.count
        while position < end {
            let middle = (position + end) >> 1
            if levels[Int(levelOrder[middle])].priority > priority { position = middle + 1 } else { end = middle }
        }
        if position < levelOrder.count && levels[Int(levelOrder[position])].priority == priority {
            let l = levelOrder[position]
            noteLevel(l)
            levels[Int(l)].users += 1
            return l
        }
        let l: Int32
        if freeLevel >= 0 {
            l = freeLevel
            noteLevel(l)
            freeLevel = -2 - levels[Int(l)].users
            levels[Int(l)] = LevelRecord(priority: priority, users: 1, constant: 0)
        } else {
            l = Int32(levels.count)
            levels.append(LevelRecord(priority: priority, users: 1, constant: 0))
        }
        while levelNodeCounts.count <= Int(l) { levelNodeCounts.append(0) }
        noteLevelOrder()
        levelOrder.insert(l, at: position)
        return l
    }

    /// Drops one user of level `l`, freeing it when none are left. A freed level must
    /// carry no objective coefficients any more: roundoff left at it goes first.
    mutating func releaseLevel(_ l: Int32) {
        noteLevel(l)
        levels[Int(l)].users -= 1
        if levels[Int(l)].users == 0 {
            purgeDeadLevel(l)
            noteLevelOrder()
            levelOrder.remove(l)
            levels[Int(l)] = LevelRecord(priority: 0, users: -2 - freeLevel, constant: 0)
            freeLevel = l
        }
    }

    /// Drops the coefficients left at level `l`, whose last constraint has gone.
    ///
    /// With every error of the level gone its objective is zero, but the arithmetic that
    /// built and unbuilt it can leave roundoff on symbols anywhere (wide numbers: seeds
    /// 7000025 and 7000189 of the extended campaign). Left there, a freed level's nodes
    /// ranked nowhere, which cut coefficient lookups short, and a new priority given the
    /// slot inherited them. Which symbols hold them is not known, so the count of nodes
    /// per level says whether to look, and only then every symbol is scanned: exact
    /// arithmetic (every generated family) leaves nothing, and a removal costs no scan.
    mutating func purgeDeadLevel(_ l: Int32) {
        if levelNodeCountsStale { recountLevelNodes() }
        guard Int(l) < levelNodeCounts.count, levelNodeCounts[Int(l)] > 0 else { return }
        statistics.deadLevelPurges += 1
        for s in Int32(0) ..< Int32(symbols.count) where symbols[Int(s)].objective >= 0 {
            let c = objectiveCoefficient(s, level: l)
            if c != 0 { addObjectiveCoefficient(s, level: l, -c) }
        }
    }

    /// Counts each level's objective nodes again (after a rollback, which restores nodes
    /// without counting).
    mutating func recountLevelNodes() {
        levelNodeCounts.truncate(to: 0)
        for _ in levels.indices { levelNodeCounts.append(0) }
        for k in 0 ..< objectiveNodes.count {
            let l = objectiveNodes.level(at: k)
            if l >= 0 { levelNodeCounts[Int(l)] += 1 }
        }
        levelNodeCountsStale = false
    }

    /// Counts a node made or freed at level `l` (`delta` +1 or -1). While the counts are
    /// stale this changes numbers about to be replaced, which is cheaper than a test.
    @inline(__always) mutating func countLevelNode(_ l: Int32, _ delta: Int32) {
        levelNodeCounts[Int(l)] &+= delta
    }

    /// Rank of a level: 0 for the highest priority.
    @inline(__always) func rank(_ l: Int32) -> Int { levelOrder.rank(l) }
}
