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
    /// The state is grouped in parts, each owned outright and named after what it holds;
    /// each file of the core works mostly on one of them.
    var tableau = Tableau()
    var cells = CellStore()
    var objective = Objective()
    var definitionLevels = DefinitionLevels()
    var registry = Registry()
    var operation = OperationState()
    var verification = VerificationState()
    var scratch = Scratch()
    package var tuning = Tuning()
    var journal = Journal()
    package var statistics = SolverStatistics()
    /// `reservedBytes` when freed heap pages were last given back (see `FreedMemory.swift`).
    var reservedAtLastTrim = 0
    /// Moves with every change to which rows hold which symbols and which are basic (see
    /// `noteSymbol`, `noteColumnNode`, `noteStructuralChange`): `valueSchedule` is valid
    /// only at the stamp it was recorded at.
    var structureStamp: UInt64 = 0
    var valueSchedule = ValueSchedule()
    /// How the values of `valueSchedule` move with one marker's shifts (see `ValueShifts`).
    var valueShifts = ValueShifts()

    package init() {}

    /// An independent copy (the record buffers are not shared), for probes that change a
    /// core to answer a question about it. Scratch storage starts empty, and so does the
    /// value schedule and its gains (the copy records its own when it first updates).
    func copy() -> SimplexCore {
        var c = SimplexCore()
        c.tableau = tableau.copy()
        c.cells = cells.copy()
        c.objective = objective.copy()
        c.definitionLevels = definitionLevels.copy()
        c.registry = registry.copy()
        c.operation = operation.copy()
        c.verification = verification.copy()
        c.tuning = tuning
        c.journal = journal.copy()
        c.statistics = statistics
        c.reservedAtLastTrim = reservedAtLastTrim
        return c
    }

    // MARK: Symbols

    mutating func newSymbol(_ kind: SymbolKind, owner: Int32) -> Int32 {
        if tableau.freeSymbol >= 0 {
            let s = tableau.freeSymbol
            noteSymbol(s)
            tableau.freeSymbol = tableau.symbols[Int(s)].owner
            tableau.symbols[Int(s)] = SymbolRecord(owner: owner)
            tableau.symbolKinds[Int(s)] = kind
            return s
        }
        // A cell's word holds its symbol in 30 bits (see `CellPool`): a billion symbols, 18 GB
        // of symbol tables alone, far past what the other tables let a process reach.
        precondition(tableau.symbols.count < CellPool.symbolLimit, "too many symbols")
        let s = Int32(tableau.symbols.count)
        tableau.symbols.append(SymbolRecord(owner: owner))
        tableau.symbolKinds.append(kind)
        operation.flags.append(0)
        return s
    }

    /// Returns a symbol's slot; the symbol must appear in no row and no objective level.
    mutating func freeSymbolSlot(_ s: Int32) {
        noteSymbol(s)
        tableau.symbols[Int(s)] = SymbolRecord(owner: tableau.freeSymbol)
        tableau.symbolKinds[Int(s)] = .unused
        tableau.freeSymbol = s
    }

    @inline(__always) func kind(_ s: Int32) -> SymbolKind { tableau.symbolKinds[Int(s)] }
    @inline(__always) func rowIndex(_ s: Int32) -> Int32 { tableau.symbols[Int(s)].row }
    @inline(__always) func isParametric(_ s: Int32) -> Bool { tableau.symbols[Int(s)].row < 0 }

    /// Whether `s` is basic in an LP row.
    @inline(__always) func isLPBasic(_ s: Int32) -> Bool {
        let r = tableau.symbols[Int(s)].row
        return r >= 0 && !tableau.rows[Int(r)].isDefinition
    }

    /// The topological level of defined symbol `s` (kept in its definition row).
    @inline(__always) func definitionLevel(_ s: Int32) -> Int32 { tableau.rows[Int(tableau.symbols[Int(s)].row)].level }

    /// Whether `s` is an external symbol with a definition row.
    @inline(__always) func isDefined(_ s: Int32) -> Bool {
        let r = tableau.symbols[Int(s)].row
        return r >= 0 && tableau.rows[Int(r)].isDefinition
    }

    // MARK: Column lists

    /// Records that row `r` now contains symbol `s`.
    mutating func columnInsert(_ s: Int32, row r: Int32) {
        let node: Int32
        let head = tableau.symbols[Int(s)].column
        if tableau.freeColumnNode >= 0 {
            node = tableau.freeColumnNode
            noteColumnNode(node)
            tableau.freeColumnNode = tableau.columnNodes[Int(node)].next
            // Freed nodes lie anywhere: ask for the next one now, not when it is taken.
            tableau.columnNodes.prefetch(Int(tableau.freeColumnNode))
            tableau.columnNodes[Int(node)] = ColumnNode(row: r, next: head)
        } else {
            node = Int32(tableau.columnNodes.count)
            tableau.columnNodes.append(ColumnNode(row: r, next: head))
        }
        noteSymbol(s)
        tableau.symbols[Int(s)].column = node
        if tableau.hubColumns.contains(s) { indexInsertedHead(node, of: s, row: r) }
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
    /// to the end of a 40k-long column each time, quadratic.
    /// After one reversal the oldest rows come first. Only an entry among the last few
    /// (at most 8, and 1/64 of the walk) triggers one: a reversal journals every node, about
    /// four steps of a walk each, and removals in random order walk half the column on
    /// average whatever its order, so the reversals a looser trigger would add only cost
    /// them.
    ///
    /// A column walked deeper than `hubColumnWalk` is indexed instead (`HubColumns`): then
    /// removals in any order take constant time.
    mutating func columnRemoveOfDeletedRow(_ s: Int32, row r: Int32) {
        let (walked, next) = unlinkEntry(s, row: r, counting: true)
        statistics.deletedRowColumnWalk += walked
        guard !tableau.hubColumns.contains(s) else { return }
        if walked > deepColumnWalk && columnEnds(within: min(8, walked / 64), from: next) {
            reverseColumn(s)
        } else if walked > hubColumnWalk && tableau.symbols[Int(s)].column >= 0 {
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
            node = tableau.columnNodes[Int(node)].next
        }
        return true
    }

    /// Reverses the order of `s`'s column.
    private mutating func reverseColumn(_ s: Int32) {
        var reversed: Int32 = -1
        var node = tableau.symbols[Int(s)].column
        while node >= 0 {
            let next = tableau.columnNodes[Int(node)].next
            noteColumnNode(node)
            tableau.columnNodes[Int(node)].next = reversed
            reversed = node
            node = next
        }
        noteSymbol(s)
        tableau.symbols[Int(s)].column = reversed
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
        if tableau.hubColumns.contains(s), let next = unlinkIndexedEntry(s, row: r) { return (1, next) }
        var previous: Int32 = -1
        var node = tableau.symbols[Int(s)].column
        var walked = 0
        while node >= 0 {
            if counting { walked += 1 }
            let next = tableau.columnNodes[Int(node)].next
            if tableau.columnNodes[Int(node)].row == r {
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
        if tableau.hubColumns.contains(s) { indexUnlinked(node, of: s, after: previous) }
        let next = tableau.columnNodes[Int(node)].next
        if previous < 0 {
            noteSymbol(s)
            tableau.symbols[Int(s)].column = next
        } else {
            noteColumnNode(previous)
            tableau.columnNodes[Int(previous)].next = next
        }
        noteColumnNode(node)
        tableau.columnNodes[Int(node)] = ColumnNode(row: -1, next: tableau.freeColumnNode)
        tableau.freeColumnNode = node
    }

    /// Unlinks from `s`'s column every LP row but `r`, in one pass.
    mutating func unlinkLPRows(of s: Int32, except r: Int32) {
        var previous: Int32 = -1
        var node = tableau.symbols[Int(s)].column
        while node >= 0 {
            let next = tableau.columnNodes[Int(node)].next
            let q = tableau.columnNodes[Int(node)].row
            if q == r || tableau.rows[Int(q)].isDefinition {
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
        var node = tableau.symbols[Int(s)].column
        while node >= 0 && remaining > 0 {
            let next = tableau.columnNodes[Int(node)].next
            let q = tableau.columnNodes[Int(node)].row
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
    /// the whole core to pass it).
    @inline(__always) func columnRows(_ s: Int32, into list: inout [Int32]) {
        list.empty()
        var node = tableau.symbols[Int(s)].column
        while node >= 0 {
            list.append(tableau.columnNodes[Int(node)].row)
            node = tableau.columnNodes[Int(node)].next
        }
    }

    /// An empty row list with kept storage, to hand back with `keepRowList` when done. A
    /// nested caller finds the storage taken and starts a fresh list.
    @inline(__always) mutating func takeRowList() -> [Int32] {
        var list = scratch.rowList
        scratch.rowList = []
        list.empty()
        return list
    }
    @inline(__always) mutating func keepRowList(_ list: consuming [Int32]) { scratch.rowList = list }

    /// Whether any row contains `s`.
    @inline(__always) func appearsInRows(_ s: Int32) -> Bool { tableau.symbols[Int(s)].column >= 0 }

    // MARK: Rows

    /// Stores a new row and indexes its terms; the basic symbol becomes basic/defined.
    @discardableResult
    mutating func insertRow(_ row: Row) -> Int32 {
        let r = storeRow(row)
        for k in row.cellRange { columnInsert(cells.pool.symbol(at: k), row: r) }
        cells.liveCount += Int(row.count)
        noteSymbol(row.basic)
        tableau.symbols[Int(row.basic)].row = r
        markDirty(row.basic)
        return r
    }

    /// Puts `row` in a free slot, or a new one, without indexing it.
    mutating func storeRow(_ row: Row) -> Int32 {
        if tableau.freeRow >= 0 {
            let r = tableau.freeRow
            noteRow(r)
            tableau.freeRow = -2 - tableau.rows[Int(r)].basic
            tableau.rows[Int(r)] = row
            return r
        }
        tableau.rows.append(row)
        return Int32(tableau.rows.count - 1)
    }

    /// Removes row `r`; its basic symbol becomes parametric.
    mutating func deleteRow(_ r: Int32) {
        let basic = tableau.rows[Int(r)].basic
        freeRowSlot(r)
        noteSymbol(basic)
        tableau.symbols[Int(basic)].row = -1
        markDirty(basic)
    }

    /// Unindexes row `r`'s cells and returns its slot, leaving its basic symbol alone.
    mutating func freeRowSlot(_ r: Int32) {
        let row = tableau.rows[Int(r)]
        for k in row.cellRange { columnRemoveOfDeletedRow(cells.pool.symbol(at: k), row: r) }
        cells.liveCount -= Int(row.count)
        noteRow(r)
        tableau.rows[Int(r)] = .unused(next: tableau.freeRow)
        tableau.freeRow = r
    }

    // MARK: Dirty values

    @inline(__always) mutating func markDirty(_ s: Int32) {
        if !operation.allSymbolsDirty && operation.flags[Int(s)] & SymbolFlags.dirty == 0 {
            operation.flags[Int(s)] |= SymbolFlags.dirty
            operation.dirty.append(s)
        }
    }

    /// Trades a long dirty list for `allSymbolsDirty`, at the outermost commit (so no
    /// rollback has to bring the list back). A build that never updates would otherwise
    /// list every symbol it touched, 4 bytes a symbol.
    /// The next update recomputes every value, which a list that long nearly did anyway.
    mutating func boundDirtyList() {
        guard operation.dirty.count > max(4096, tableau.symbols.count / 8) else { return }
        operation.markEverySymbolDirty()
    }

    // MARK: Levels

    /// The objective level for `priority`, created if needed, with one more user.
    mutating func retainLevel(priority: Double) -> Int32 {
        // The order is sorted by priority, highest first: find where `priority` is or goes.
        var position = 0, end = objective.levelOrder.count
        while position < end {
            let middle = (position + end) >> 1
            if objective.levels[Int(objective.levelOrder[middle])].priority > priority {
                position = middle + 1
            } else {
                end = middle
            }
        }
        if position < objective.levelOrder.count
            && objective.levels[Int(objective.levelOrder[position])].priority == priority
        {
            let l = objective.levelOrder[position]
            noteLevel(l)
            objective.levels[Int(l)].users += 1
            return l
        }
        let l: Int32
        if objective.freeLevel >= 0 {
            l = objective.freeLevel
            noteLevel(l)
            objective.freeLevel = -2 - objective.levels[Int(l)].users
            objective.levels[Int(l)] = LevelRecord(priority: priority, users: 1, constant: 0)
        } else {
            l = Int32(objective.levels.count)
            objective.levels.append(LevelRecord(priority: priority, users: 1, constant: 0))
        }
        while objective.levelNodeCounts.count <= Int(l) { objective.levelNodeCounts.append(0) }
        noteLevelOrder()
        objective.levelOrder.insert(l, at: position)
        return l
    }

    /// Drops one user of level `l`, freeing it when none are left. A freed level must
    /// carry no objective coefficients any more: roundoff left at it goes first.
    mutating func releaseLevel(_ l: Int32) {
        noteLevel(l)
        objective.levels[Int(l)].users -= 1
        if objective.levels[Int(l)].users == 0 {
            purgeDeadLevel(l)
            noteLevelOrder()
            objective.levelOrder.remove(l)
            objective.levels[Int(l)] = LevelRecord(priority: 0, users: -2 - objective.freeLevel, constant: 0)
            objective.freeLevel = l
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
        if objective.levelNodeCountsStale { recountLevelNodes() }
        guard Int(l) < objective.levelNodeCounts.count, objective.levelNodeCounts[Int(l)] > 0 else { return }
        statistics.deadLevelPurges += 1
        for s in Int32(0) ..< Int32(tableau.symbols.count) where tableau.symbols[Int(s)].objective >= 0 {
            let c = objectiveCoefficient(s, level: l)
            if c != 0 { addObjectiveCoefficient(s, level: l, -c) }
        }
    }

    /// Counts each level's objective nodes again (after a rollback, which restores nodes
    /// without counting).
    mutating func recountLevelNodes() {
        objective.levelNodeCounts.truncate(to: 0)
        for _ in objective.levels.indices { objective.levelNodeCounts.append(0) }
        for k in 0 ..< objective.nodes.count {
            let l = objective.nodes.level(at: k)
            if l >= 0 { objective.levelNodeCounts[Int(l)] += 1 }
        }
        objective.levelNodeCountsStale = false
    }

    /// Counts a node made or freed at level `l` (`delta` +1 or -1). While the counts are
    /// stale this changes numbers about to be replaced, which is cheaper than a test.
    @inline(__always) mutating func countLevelNode(_ l: Int32, _ delta: Int32) {
        objective.levelNodeCounts[Int(l)] &+= delta
    }

    /// Rank of a level: 0 for the highest priority.
    @inline(__always) func rank(_ l: Int32) -> Int { objective.levelOrder.rank(l) }
}
