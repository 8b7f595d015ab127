/// The undo log that makes a fallible operation all-or-nothing.
///
/// While a transaction is open, every write to a core array first records the element's
/// old value. Rolling back replays the log backwards to the transaction's savepoint and
/// truncates the arrays to their lengths at that point, which restores the core bit for
/// bit. Transactions nest: an inner one rolls back to its own savepoint, so an operation
/// inside a larger batch (the layout engine activating many constraints) can fail alone.
struct Journal: ~Copyable {
    /// Old values, one log per array so each entry is only as large as its element. Logs are
    /// replayed backwards per array: the oldest value of each element wins, whatever the
    /// order across arrays.
    ///
    /// Record buffers, not arrays: a batch of the layout engine logs megabytes in one
    /// transaction, and an array grown by doubling moves into fresh memory at each growth,
    /// where a record buffer grows in place.
    var rows = RecordBuffer<(Int32, Row)>()
    var symbols = RecordBuffer<(Int32, SymbolRecord, SymbolKind)>()
    var columnNodes = RecordBuffer<(Int32, ColumnNode)>()
    var objectiveNodes = RecordBuffer<(Int32, ObjectiveNode)>()
    var levels = RecordBuffer<(Int32, LevelRecord)>()
    var constraints = RecordBuffer<(Int32, ConstraintRecord)>()
    var variables = RecordBuffer<(Int32, VariableRecord)>()
    var variableNames: [(Int32, String)] = []

    /// A transaction's start: the logs' lengths, and each part's savepoint.
    struct Mark {
        var logs: LogLengths
        var tableau: Tableau.Savepoint
        var cells: CellStore.Savepoint
        var objective: Objective.Savepoint
        var registry: Registry.Savepoint
        var operation: OperationState.Savepoint
        var definitionLevels: DefinitionLevels.Savepoint
        var verification: VerificationState.Savepoint
    }

    /// How long each log was: a rollback replays the entries past these.
    struct LogLengths {
        var rows = 0, symbols = 0, columnNodes = 0, objectiveNodes = 0
        var levels = 0, constraints = 0, variables = 0, variableNames = 0
    }

    @inline(__always) var lengths: LogLengths {
        LogLengths(
            rows: rows.count, symbols: symbols.count, columnNodes: columnNodes.count,
            objectiveNodes: objectiveNodes.count, levels: levels.count, constraints: constraints.count,
            variables: variables.count, variableNames: variableNames.count)
    }

    var marks: [Mark] = []
    /// `levelOrder` as it was when the transaction at `depth` (its mark's index + 1) began,
    /// saved by that transaction's first change to it (`noteLevelOrder`). Kept beside the
    /// marks, not in them: few operations add or drop a level, and an array in every mark
    /// made each begin and commit retain, release and copy it out.
    var levelOrderSaves: [(depth: Int, order: LevelOrder)] = []
    /// Log entries whose storage is kept between transactions; a log that grew past this
    /// in one transaction gives its storage back at the commit.
    static let keptLogCapacity = 1 << 16
    /// The innermost mark's array lengths: elements at or past them were created inside the
    /// transaction and are truncated on rollback, so writing them needs no log entry.
    var rowFloor = 0, symbolFloor = 0, columnFloor = 0, objectiveFloor = 0
    var levelFloor = 0, constraintFloor = 0, variableFloor = 0
    /// Entries of `symbols` from here on have their symbol flagged `journaled`.
    var symbolsFlaggedFrom = 0
    /// The column nodes logged since the innermost transaction began (a bit a node: nodes
    /// are as many as cells), and the entries of `columnNodes` from which they are set.
    var journaledColumnNodes = GrowingBitSet()
    var columnNodesFlaggedFrom = 0
    /// Whether the current outermost transaction has filtered its logs.
    var filtered = false
    /// One filter per log (see `keepFirstEntries`).
    var rowFilter = LogFilter(), symbolFilter = LogFilter(), columnFilter = LogFilter()
    var objectiveFilter = LogFilter(), levelFilter = LogFilter(), constraintFilter = LogFilter()
    var variableFilter = LogFilter()

    var isActive: Bool { !marks.isEmpty }

    /// An independent copy, for `SimplexCore.copy()`.
    func copy() -> Journal {
        var c = Journal()
        c.rows = rows.copy()
        c.symbols = symbols.copy()
        c.columnNodes = columnNodes.copy()
        c.objectiveNodes = objectiveNodes.copy()
        c.levels = levels.copy()
        c.constraints = constraints.copy()
        c.variables = variables.copy()
        c.variableNames = variableNames
        c.marks = marks
        c.levelOrderSaves = levelOrderSaves
        (c.rowFloor, c.symbolFloor) = (rowFloor, symbolFloor)
        (c.columnFloor, c.objectiveFloor) = (columnFloor, objectiveFloor)
        (c.levelFloor, c.constraintFloor, c.variableFloor) = (levelFloor, constraintFloor, variableFloor)
        c.symbolsFlaggedFrom = symbolsFlaggedFrom
        c.journaledColumnNodes = journaledColumnNodes
        c.columnNodesFlaggedFrom = columnNodesFlaggedFrom
        c.filtered = filtered
        (c.rowFilter, c.symbolFilter, c.columnFilter) = (rowFilter, symbolFilter, columnFilter)
        (c.objectiveFilter, c.levelFilter) = (objectiveFilter, levelFilter)
        (c.constraintFilter, c.variableFilter) = (constraintFilter, variableFilter)
        return c
    }

    /// Clears the filters after an outermost transaction that filtered its logs: the next
    /// one starts with empty logs.
    mutating func endOutermost() {
        guard filtered else { return }
        filtered = false
        rowFilter.reset(); symbolFilter.reset(); columnFilter.reset(); objectiveFilter.reset()
        levelFilter.reset(); constraintFilter.reset(); variableFilter.reset()
    }

    /// Keeps, in each log, only what the outermost transaction's rollback needs: the first
    /// entry of each element that existed when it began. Called as a transaction nested
    /// directly in the outermost one commits: every nested transaction logs the first value
    /// of each element it changes, for its own rollback, and once it has committed, only the
    /// outermost one can roll those changes back. A layout engine batch logged each
    /// variable once for every constraint on it, and every symbol an earlier activation of
    /// the batch had made. Rollback replays each log backwards, so the oldest entry of an
    /// element is the one that counts, and it is the one kept.
    mutating func keepFirstEntries(outermost mark: Mark) {
        filtered = true
        rowFilter.keepFirst(of: &rows, createdFrom: mark.tableau.rows) { $0.0 }
        symbolFilter.keepFirst(of: &symbols, createdFrom: mark.tableau.symbols) { $0.0 }
        columnFilter.keepFirst(of: &columnNodes, createdFrom: mark.tableau.columnNodes) { $0.0 }
        objectiveFilter.keepFirst(of: &objectiveNodes, createdFrom: mark.objective.nodes) { $0.0 }
        levelFilter.keepFirst(of: &levels, createdFrom: mark.objective.levels) { $0.0 }
        constraintFilter.keepFirst(of: &constraints, createdFrom: mark.registry.constraints) { $0.0 }
        variableFilter.keepFirst(of: &variables, createdFrom: mark.registry.variables) { $0.0 }
    }

    /// Whether the logs hold a chunk of entries `keepFirstEntries` has not checked: it
    /// filters a chunk at a time, so a small batch never pays for it and a large one holds
    /// at most a chunk of repeats.
    func hasUncheckedChunk(of chunk: Int) -> Bool {
        let unchecked = rows.count - rowFilter.checked + symbols.count - symbolFilter.checked
            + columnNodes.count - columnFilter.checked + objectiveNodes.count - objectiveFilter.checked
            + levels.count - levelFilter.checked + constraints.count - constraintFilter.checked
            + variables.count - variableFilter.checked
        return unchecked >= chunk
    }

    /// Sets the floors from the innermost mark, or to 0 (log nothing) outside any
    /// transaction.
    mutating func setFloors(_ mark: Mark?) {
        guard let mark else {
            (rowFloor, symbolFloor, columnFloor, objectiveFloor) = (0, 0, 0, 0)
            (levelFloor, constraintFloor, variableFloor) = (0, 0, 0)
            return
        }
        (rowFloor, symbolFloor, columnFloor, objectiveFloor) =
            (mark.tableau.rows, mark.tableau.symbols, mark.tableau.columnNodes, mark.objective.nodes)
        (levelFloor, constraintFloor, variableFloor) =
            (mark.objective.levels, mark.registry.constraints, mark.registry.variables)
    }
}

#if RATITE_INTERNAL_CHECKS
extension Journal {
    /// Checks the journal between transactions: no mark open, nothing logged, nothing
    /// flagged, and floors at 0 (so nothing is logged until the next transaction begins).
    func checkInvariants(_ fail: (String) -> Void) {
        guard !isActive else { return }
        let logged = rows.count + symbols.count + columnNodes.count + objectiveNodes.count + levels.count
            + constraints.count + variables.count + variableNames.count
        if logged != 0 { fail("\(logged) journal entries outlived their transaction") }
        if !levelOrderSaves.isEmpty { fail("a saved level order outlived its transaction") }
        if rowFloor + symbolFloor + columnFloor + objectiveFloor + levelFloor + constraintFloor + variableFloor != 0 {
            fail("journal floors set outside a transaction")
        }
        if symbolsFlaggedFrom != 0 || columnNodesFlaggedFrom != 0 || filtered {
            fail("journal flags or filters outlived their transaction")
        }
    }
}
#endif

/// What `Journal.keepFirstEntries` has checked of one log, and the elements whose first
/// entry it kept there (a bit each: column nodes are as many as cells).
struct LogFilter {
    /// Entries of the log before this index are checked (one per element, none made
    /// inside the outermost transaction).
    var checked = 0
    private var kept = GrowingBitSet()

    mutating func reset() {
        checked = 0
        kept = GrowingBitSet()
    }

    /// Drops, from the unchecked entries of `log`, those of an element made at or past
    /// `floor` (the outermost transaction made it, and its rollback truncates it) or whose
    /// first entry is kept already; the order of the rest is kept.
    @inline(__always) mutating func keepFirst<Entry: BitwiseCopyable>(
        of log: inout RecordBuffer<Entry>, createdFrom floor: Int, element: (Entry) -> Int32
    ) {
        guard checked < log.count else { return }
        var next = checked
        for k in checked ..< log.count {
            let entry = log[k]
            let i = Int(element(entry))
            guard i < floor, !kept.contains(i) else { continue }
            kept.insert(i)
            log[next] = entry
            next += 1
        }
        log.truncate(to: next)
        checked = next
    }
}

extension SimplexCore {
    /// Opens a transaction, possibly inside another one; end it with exactly one
    /// `commitTransaction()` or `rollbackTransaction()`.
    package mutating func beginTransaction() {
        // Between transactions the commit has just squeezed; inside one, this is the last
        // point before the nested operation where no row value is held.
        if journal.isActive {
            squeezeCellPoolIfSparse()
            // The inner transaction logs its own first value of each symbol and node.
            unflagJournaledSymbols()
            unflagJournaledColumnNodes()
        }
        let mark = Journal.Mark(
            logs: journal.lengths, tableau: tableau.savepoint(), cells: cells.savepoint(),
            objective: objective.savepoint(), registry: registry.savepoint(), operation: operation.savepoint(),
            definitionLevels: definitionLevels.savepoint(), verification: verification.savepoint())
        journal.marks.append(mark)
        journal.setFloors(mark)
    }

    /// Keeps everything done since the matching `beginTransaction`.
    package mutating func commitTransaction() {
        let depth = journal.marks.count
        journal.marks.removeLast()
        if let last = journal.levelOrderSaves.last, last.depth == depth {
            // An order the outer transaction had not changed yet was still its starting one
            // when the inner transaction saved it: the save becomes the outer one's.
            let outerSaved = journal.levelOrderSaves.count >= 2
                && journal.levelOrderSaves[journal.levelOrderSaves.count - 2].depth == depth - 1
            if depth == 1 || outerSaved {
                journal.levelOrderSaves.removeLast()
            } else {
                journal.levelOrderSaves[journal.levelOrderSaves.count - 1].depth = depth - 1
            }
        }
        if !journal.marks.isEmpty {
            // Elements created in the inner transaction count as created in the outer one.
            journal.setFloors(journal.marks.last)
            if journal.marks.count == 1 && journal.hasUncheckedChunk(of: tuning.journalFilterChunk) {
                // The flags say which entries this transaction's logs hold; the filter
                // moves entries, so they are cleared first (a symbol or node the outer
                // transaction changes next is logged again, and filtered later).
                unflagJournaledSymbols()
                unflagJournaledColumnNodes()
                journal.keepFirstEntries(outermost: journal.marks[0])
                journal.symbolsFlaggedFrom = journal.symbols.count
                journal.columnNodesFlaggedFrom = journal.columnNodes.count
            }
        } else {
            unflagJournaledSymbols()
            journal.symbolsFlaggedFrom = 0
            unflagJournaledColumnNodes()
            journal.columnNodesFlaggedFrom = 0
            let kept = Journal.keptLogCapacity
            if !journal.rows.isEmpty { journal.rows.removeAll(keepingAtMost: kept) }
            if !journal.symbols.isEmpty { journal.symbols.removeAll(keepingAtMost: kept) }
            if !journal.columnNodes.isEmpty { journal.columnNodes.removeAll(keepingAtMost: kept) }
            if !journal.objectiveNodes.isEmpty { journal.objectiveNodes.removeAll(keepingAtMost: kept) }
            if !journal.levels.isEmpty { journal.levels.removeAll(keepingAtMost: kept) }
            if !journal.constraints.isEmpty { journal.constraints.removeAll(keepingAtMost: kept) }
            if !journal.variables.isEmpty { journal.variables.removeAll(keepingAtMost: kept) }
            if !journal.variableNames.isEmpty { journal.variableNames.empty(keepingAtMost: Journal.keptLogCapacity) }
            if tableau.hubColumns.logCount > 0 { tableau.hubColumns.forgetLog() }
            journal.setFloors(nil)
            journal.endOutermost()
            compactConstraintTermsIfSparse()
            squeezeCellPoolIfSparse()
            boundDirtyList()
            releaseFreedPagesIfArraysMoved()
            if definitionLevels.ranHigh { renumberDefinitionLevels() }
            #if RATITE_INVARIANTS
            requireInvariants(after: "an operation")
            #endif
        }
    }

    /// Undoes everything done since the matching `beginTransaction`: the journal puts back
    /// the records that existed then, and each part drops what was made since.
    package mutating func rollbackTransaction() {
        let mark = journal.marks.removeLast()
        replayLogs(since: mark.logs)
        let savedOrder: LevelOrder?
        if let last = journal.levelOrderSaves.last, last.depth == journal.marks.count + 1 {
            savedOrder = last.order
            journal.levelOrderSaves.removeLast()
        } else {
            savedOrder = nil
        }
        tableau.restore(mark.tableau)
        cells.restore(mark.cells)
        objective.restore(mark.objective, levelOrder: savedOrder)
        registry.restore(mark.registry)
        operation.restore(mark.operation)
        definitionLevels.restore(mark.definitionLevels)
        // What the undone work doubted is gone with it. The answer check stays due, and no
        // marker counts as shifted since: a rolled-back shift did not happen.
        verification.restore(mark.verification)
        noteStructuralChange()
        journal.setFloors(journal.marks.last)
        if journal.marks.isEmpty { journal.endOutermost() }
        clearTransientLists()
        #if RATITE_INVARIANTS
        if journal.marks.isEmpty { requireInvariants(after: "a rollback") }
        #endif
    }

    /// Writes back, newest first, every record logged since `start`, so that the oldest
    /// value of each wins; records created since are left for the parts to drop.
    private mutating func replayLogs(since start: Journal.LogLengths) {
        // The same loop into the core's record buffers and into its plain array of levels
        // (the names' log holds strings, so it is an array of its own, replayed below).
        func replay<T>(_ log: inout RecordBuffer<(Int32, T)>, from start: Int, into array: inout RecordBuffer<T>) {
            while log.count > start {
                let (i, old) = log.removeLast()
                if Int(i) < array.count { array[Int(i)] = old }
            }
        }
        func replay<T>(_ log: inout RecordBuffer<(Int32, T)>, from start: Int, into array: inout [T]) {
            while log.count > start {
                let (i, old) = log.removeLast()
                if Int(i) < array.count { array[Int(i)] = old }
            }
        }
        replay(&journal.rows, from: start.rows, into: &tableau.rows)
        while journal.symbols.count > start.symbols {
            let flagged = journal.symbols.count > journal.symbolsFlaggedFrom
            let (s, old, kind) = journal.symbols.removeLast()
            if Int(s) < tableau.symbols.count {
                tableau.symbols[Int(s)] = old
                tableau.symbolKinds[Int(s)] = kind
                if flagged { operation.flags[Int(s)] &= ~SymbolFlags.journaled }
            }
        }
        journal.symbolsFlaggedFrom = min(journal.symbolsFlaggedFrom, journal.symbols.count)
        while journal.columnNodes.count > start.columnNodes {
            if journal.columnNodes.count > journal.columnNodesFlaggedFrom {
                journal.journaledColumnNodes.remove(Int(journal.columnNodes[journal.columnNodes.count - 1].0))
            }
            let (n, old) = journal.columnNodes.removeLast()
            if Int(n) < tableau.columnNodes.count { tableau.columnNodes[Int(n)] = old }
        }
        journal.columnNodesFlaggedFrom = min(journal.columnNodesFlaggedFrom, journal.columnNodes.count)
        while journal.objectiveNodes.count > start.objectiveNodes {
            let (n, old) = journal.objectiveNodes.removeLast()
            if Int(n) < objective.nodes.count { objective.nodes[Int(n)] = old }
        }
        replay(&journal.levels, from: start.levels, into: &objective.levels)
        replay(&journal.constraints, from: start.constraints, into: &registry.constraints)
        replay(&journal.variables, from: start.variables, into: &registry.variables)
        while journal.variableNames.count > start.variableNames {
            let (v, old) = journal.variableNames.removeLast()
            if Int(v) < registry.variableNames.count { registry.variableNames[Int(v)] = old }
        }
    }

    /// Empties the candidate, pending, infeasible and phase-one lists and their flags.
    mutating func clearTransientLists() {
        let mask = ~(SymbolFlags.candidate | SymbolFlags.pending | SymbolFlags.infeasible
            | SymbolFlags.queued | SymbolFlags.visited)
        for s in objective.candidates where Int(s) < operation.flags.count { operation.flags[Int(s)] &= mask }
        for s in objective.pending where Int(s) < operation.flags.count { operation.flags[Int(s)] &= mask }
        for s in operation.infeasible where Int(s) < operation.flags.count { operation.flags[Int(s)] &= mask }
        objective.candidates.empty()
        objective.pending.empty()
        operation.infeasible.empty()
        objective.phaseSymbols.empty()
        objective.phaseLevel = -1
    }

    // MARK: Journaled writes
    //
    // Outside a transaction the floors are 0, so nothing is logged (the verification's
    // refinement writes there); inside one, an
    // element is logged unless the transaction created it.

    /// Logs every change of row `r`: rows are logged far less often than symbols and
    /// nodes, so logging each once (a bit a row, as for nodes) costs more than it saves.
    @inline(__always) mutating func noteRow(_ r: Int32) {
        if Int(r) < journal.rowFloor { journal.rows.append((r, tableau.rows[Int(r)])) }
    }
    /// Logs symbol `s` once per transaction: a symbol's column head changes with every row
    /// that gains it, and logging each change made a shuffled grid's phase one (hundreds of
    /// pivots in one addition) hold a log that grew with every pivot. Rollback only needs
    /// the oldest.
    @inline(__always) mutating func noteSymbol(_ s: Int32) {
        structureStamp &+= 1
        if Int(s) < journal.symbolFloor && operation.flags[Int(s)] & SymbolFlags.journaled == 0 {
            operation.flags[Int(s)] |= SymbolFlags.journaled
            journal.symbols.append((s, tableau.symbols[Int(s)], tableau.symbolKinds[Int(s)]))
        }
    }

    /// Clears the `journaled` flag of the symbols logged since the last time.
    mutating func unflagJournaledSymbols() {
        for k in journal.symbolsFlaggedFrom ..< journal.symbols.count {
            let s = Int(journal.symbols[k].0)
            if s < operation.flags.count { operation.flags[s] &= ~SymbolFlags.journaled }
        }
        journal.symbolsFlaggedFrom = journal.symbols.count
    }
    /// Logs column node `n` once per transaction, like `noteSymbol`: unlinking and reusing
    /// nodes rewrites the same ones over and over in a long operation.
    @inline(__always) mutating func noteColumnNode(_ n: Int32) {
        structureStamp &+= 1
        if Int(n) < journal.columnFloor && !journal.journaledColumnNodes.contains(Int(n)) {
            journal.journaledColumnNodes.insert(Int(n))
            journal.columnNodes.append((n, tableau.columnNodes[Int(n)]))
        }
    }

    /// Clears the flag of the column nodes logged since the last time.
    mutating func unflagJournaledColumnNodes() {
        for k in journal.columnNodesFlaggedFrom ..< journal.columnNodes.count {
            journal.journaledColumnNodes.remove(Int(journal.columnNodes[k].0))
        }
        journal.columnNodesFlaggedFrom = journal.columnNodes.count
    }
    @inline(__always) mutating func noteObjectiveNode(_ n: Int32) {
        if Int(n) < journal.objectiveFloor { journal.objectiveNodes.append((n, objective.nodes[Int(n)])) }
    }
    @inline(__always) mutating func noteLevel(_ l: Int32) {
        if Int(l) < journal.levelFloor { journal.levels.append((l, objective.levels[Int(l)])) }
    }
    @inline(__always) mutating func noteConstraint(_ c: Int32) {
        if Int(c) < journal.constraintFloor { journal.constraints.append((c, registry.constraints[Int(c)])) }
    }
    @inline(__always) mutating func noteVariable(_ v: Int32) {
        if Int(v) < journal.variableFloor { journal.variables.append((v, registry.variables[Int(v)])) }
    }
    /// Saves the level order before the innermost transaction's first change to it.
    @inline(__always) mutating func noteLevelOrder() {
        let depth = journal.marks.count
        if depth > 0 && journal.levelOrderSaves.last?.depth != depth {
            journal.levelOrderSaves.append((depth, objective.levelOrder))
        }
    }
    @inline(__always) mutating func noteVariableName(_ v: Int32) {
        if Int(v) < journal.variableFloor && registry.derivedVariableName == nil {
            journal.variableNames.append((v, registry.variableNames[Int(v)]))
        }
    }
}
