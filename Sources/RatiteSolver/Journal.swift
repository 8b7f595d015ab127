/// The undo log that makes a fallible operation all-or-nothing.
///
/// While a transaction is open, every write to a core array first records the element's
/// old value. Rolling back replays the log backwards to the transaction's savepoint and
/// truncates the arrays to their lengths at that point, which restores the core bit for
/// bit. Transactions nest: an inner one rolls back to its own savepoint, so an operation
/// inside a larger batch (the layout engine activating many constraints) can fail alone.
struct Journal {
    /// Old values, one log per array so each entry is only as large as its element. Logs are
    /// replayed backwards per array: the oldest value of each element wins, whatever the
    /// order across arrays.
    var rows: [(Int32, Row)] = []
    var symbols: [(Int32, SymbolRecord, SymbolKind)] = []
    var columnNodes: [(Int32, ColumnNode)] = []
    var objectiveNodes: [(Int32, ObjectiveNode)] = []
    var levels: [(Int32, LevelRecord)] = []
    var constraints: [(Int32, ConstraintRecord)] = []
    var variables: [(Int32, VariableRecord)] = []
    var variableNames: [(Int32, String)] = []

    /// Log lengths, array lengths and scalar fields at the start of a transaction.
    struct Mark {
        var rowLog = 0, symbolLog = 0, columnLog = 0, objectiveLog = 0, levelLog = 0, constraintLog = 0, variableLog = 0
        var nameLog = 0, hubLog = 0
        var rows = 0, symbols = 0, columnNodes = 0, objectiveNodes = 0
        var levels = 0, constraints = 0, variables = 0, dirty = 0
        var allSymbolsDirty = false, definitionLevelsRanHigh = false, numbersOverflowed = false
        var constraintTerms = 0, constraintTermGarbage = 0
        var cellPool = 0, liveCellCount = 0, nextCellSqueeze = 0
        var freeRow: Int32 = -1, freeSymbol: Int32 = -1, freeColumnNode: Int32 = -1
        var freeObjectiveNode: Int32 = -1, freeLevel: Int32 = -1
        var freeConstraint: Int32 = -1, freeVariable: Int32 = -1
        var serial: UInt32 = 0
        var variableOrderEvidence: Int32 = 0, levelsFollowVariableOrder = false
        var doubts = NumericDoubt()
        var coefficientRange = CoefficientRange()
    }

    var marks: [Mark] = []
    /// `levelOrder` as it was when the transaction at `depth` (its mark's index + 1) began,
    /// saved by that transaction's first change to it (`noteLevelOrder`). Kept beside the
    /// marks, not in them: few operations add or drop a level, and an array in every mark
    /// made each begin and commit retain, release and copy it out (5% of a chain addition).
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

    var isActive: Bool { !marks.isEmpty }

    /// Sets the floors from the innermost mark, or to 0 (log nothing) outside any
    /// transaction.
    mutating func setFloors(_ mark: Mark?) {
        guard let mark else {
            (rowFloor, symbolFloor, columnFloor, objectiveFloor) = (0, 0, 0, 0)
            (levelFloor, constraintFloor, variableFloor) = (0, 0, 0)
            return
        }
        (rowFloor, symbolFloor, columnFloor, objectiveFloor) =
            (mark.rows, mark.symbols, mark.columnNodes, mark.objectiveNodes)
        (levelFloor, constraintFloor, variableFloor) = (mark.levels, mark.constraints, mark.variables)
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
            rowLog: journal.rows.count, symbolLog: journal.symbols.count, columnLog: journal.columnNodes.count,
            objectiveLog: journal.objectiveNodes.count, levelLog: journal.levels.count,
            constraintLog: journal.constraints.count, variableLog: journal.variables.count,
            nameLog: journal.variableNames.count, hubLog: hubColumns.logCount,
            rows: rows.count, symbols: symbols.count, columnNodes: columnNodes.count,
            objectiveNodes: objectiveNodes.count, levels: levels.count,
            constraints: constraints.count, variables: variables.count, dirty: dirty.count,
            allSymbolsDirty: allSymbolsDirty, definitionLevelsRanHigh: definitionLevelsRanHigh,
            numbersOverflowed: numbersOverflowed,
            constraintTerms: constraintTerms.count, constraintTermGarbage: constraintTermGarbage,
            cellPool: cellPool.count, liveCellCount: liveCellCount, nextCellSqueeze: nextCellSqueeze,
            freeRow: freeRow, freeSymbol: freeSymbol, freeColumnNode: freeColumnNode,
            freeObjectiveNode: freeObjectiveNode, freeLevel: freeLevel,
            freeConstraint: freeConstraint, freeVariable: freeVariable,
            serial: serialCounter, variableOrderEvidence: variableOrderEvidence,
            levelsFollowVariableOrder: levelsFollowVariableOrder, doubts: doubts,
            coefficientRange: coefficientRange)
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
        } else {
            unflagJournaledSymbols()
            journal.symbolsFlaggedFrom = 0
            unflagJournaledColumnNodes()
            journal.columnNodesFlaggedFrom = 0
            if !journal.rows.isEmpty { journal.rows.empty(keepingAtMost: Journal.keptLogCapacity) }
            if !journal.symbols.isEmpty { journal.symbols.empty(keepingAtMost: Journal.keptLogCapacity) }
            if !journal.columnNodes.isEmpty { journal.columnNodes.empty(keepingAtMost: Journal.keptLogCapacity) }
            if !journal.objectiveNodes.isEmpty { journal.objectiveNodes.empty(keepingAtMost: Journal.keptLogCapacity) }
            if !journal.levels.isEmpty { journal.levels.empty(keepingAtMost: Journal.keptLogCapacity) }
            if !journal.constraints.isEmpty { journal.constraints.empty(keepingAtMost: Journal.keptLogCapacity) }
            if !journal.variables.isEmpty { journal.variables.empty(keepingAtMost: Journal.keptLogCapacity) }
            if !journal.variableNames.isEmpty { journal.variableNames.empty(keepingAtMost: Journal.keptLogCapacity) }
            if hubColumns.logCount > 0 { hubColumns.forgetLog() }
            journal.setFloors(nil)
            compactConstraintTermsIfSparse()
            squeezeCellPoolIfSparse()
            boundDirtyList()
            releaseFreedPagesIfArraysMoved()
            if definitionLevelsRanHigh { renumberDefinitionLevels() }
            #if RATITE_INVARIANTS
            requireInvariants(after: "an operation")
            #endif
        }
    }

    /// Undoes everything done since the matching `beginTransaction`.
    package mutating func rollbackTransaction() {
        let mark = journal.marks.removeLast()
        levelNodeCountsStale = true
        hubColumns.rollBack(to: mark.hubLog)
        // The same loop for the core's record buffers and for its two plain arrays.
        func replay<T>(_ log: inout [(Int32, T)], from start: Int, into array: inout RecordBuffer<T>) {
            while log.count > start {
                let (i, old) = log.removeLast()
                if Int(i) < array.count { array[Int(i)] = old }
            }
        }
        func replay<T>(_ log: inout [(Int32, T)], from start: Int, into array: inout [T]) {
            while log.count > start {
                let (i, old) = log.removeLast()
                if Int(i) < array.count { array[Int(i)] = old }
            }
        }
        replay(&journal.rows, from: mark.rowLog, into: &rows)
        while journal.symbols.count > mark.symbolLog {
            let flagged = journal.symbols.count > journal.symbolsFlaggedFrom
            let (s, old, kind) = journal.symbols.removeLast()
            if Int(s) < symbols.count {
                symbols[Int(s)] = old
                symbolKinds[Int(s)] = kind
                if flagged { flags[Int(s)] &= ~SymbolFlags.journaled }
            }
        }
        journal.symbolsFlaggedFrom = min(journal.symbolsFlaggedFrom, journal.symbols.count)
        while journal.columnNodes.count > mark.columnLog {
            if journal.columnNodes.count > journal.columnNodesFlaggedFrom {
                journal.journaledColumnNodes.remove(Int(journal.columnNodes[journal.columnNodes.count - 1].0))
            }
            let (n, old) = journal.columnNodes.removeLast()
            if Int(n) < columnNodes.count { columnNodes[Int(n)] = old }
        }
        journal.columnNodesFlaggedFrom = min(journal.columnNodesFlaggedFrom, journal.columnNodes.count)
        while journal.objectiveNodes.count > mark.objectiveLog {
            let (n, old) = journal.objectiveNodes.removeLast()
            if Int(n) < objectiveNodes.count { objectiveNodes[Int(n)] = old }
        }
        replay(&journal.levels, from: mark.levelLog, into: &levels)
        replay(&journal.constraints, from: mark.constraintLog, into: &constraints)
        replay(&journal.variables, from: mark.variableLog, into: &variables)
        replay(&journal.variableNames, from: mark.nameLog, into: &variableNames)
        rows.truncate(to: mark.rows)
        symbols.truncate(to: mark.symbols)
        symbolKinds.truncate(to: mark.symbols)
        flags.truncate(to: mark.symbols)
        columnNodes.truncate(to: mark.columnNodes)
        objectiveNodes.truncate(to: mark.objectiveNodes)
        levels.removeSubrange(mark.levels...)
        constraints.truncate(to: mark.constraints)
        variables.truncate(to: mark.variables)
        if derivedVariableName == nil { variableNames.removeSubrange(mark.variables...) }
        constraintTerms.truncate(to: mark.constraintTerms)
        cellPool.truncate(to: mark.cellPool)
        liveCellCount = mark.liveCellCount
        nextCellSqueeze = mark.nextCellSqueeze
        constraintTermGarbage = mark.constraintTermGarbage
        freeRow = mark.freeRow
        freeSymbol = mark.freeSymbol
        freeColumnNode = mark.freeColumnNode
        freeObjectiveNode = mark.freeObjectiveNode
        freeLevel = mark.freeLevel
        freeConstraint = mark.freeConstraint
        freeVariable = mark.freeVariable
        if let last = journal.levelOrderSaves.last, last.depth == journal.marks.count + 1 {
            levelOrder = last.order
            journal.levelOrderSaves.removeLast()
        }
        serialCounter = mark.serial
        // What the undone work doubted is gone with it. The answer check stays due, and no
        // marker counts as shifted since: a rolled-back shift did not happen.
        doubts = mark.doubts
        coefficientRange = mark.coefficientRange
        noteStructuralChange()
        variableOrderEvidence = mark.variableOrderEvidence
        levelsFollowVariableOrder = mark.levelsFollowVariableOrder
        journal.setFloors(journal.marks.last)
        // Transient lists: the dirty list keeps what it had before; the rest are empty at
        // operation boundaries.
        // (An update inside the transaction may have emptied the list already.)
        allSymbolsDirty = mark.allSymbolsDirty
        definitionLevelsRanHigh = mark.definitionLevelsRanHigh
        numbersOverflowed = mark.numbersOverflowed
        if dirty.count > mark.dirty {
            for s in dirty[mark.dirty...] where Int(s) < flags.count { flags[Int(s)] &= ~SymbolFlags.dirty }
            dirty.removeSubrange(mark.dirty...)
        }
        clearTransientLists()
        #if RATITE_INVARIANTS
        if journal.marks.isEmpty { requireInvariants(after: "a rollback") }
        #endif
    }

    /// Empties the candidate, pending, infeasible and phase-one lists and their flags.
    mutating func clearTransientLists() {
        let mask = ~(SymbolFlags.candidate | SymbolFlags.pending | SymbolFlags.infeasible
            | SymbolFlags.queued | SymbolFlags.visited)
        for s in candidates where Int(s) < flags.count { flags[Int(s)] &= mask }
        for s in pendingObjective where Int(s) < flags.count { flags[Int(s)] &= mask }
        for s in infeasible where Int(s) < flags.count { flags[Int(s)] &= mask }
        candidates.empty()
        pendingObjective.empty()
        infeasible.empty()
        phaseSymbols.empty()
        phaseLevel = -1
    }

    // MARK: Journaled writes
    //
    // Outside a transaction the floors are 0, so nothing is logged (the verification's
    // refinement writes there); inside one, an
    // element is logged unless the transaction created it.

    /// Logs every change of row `r`: rows are logged far less often than symbols and
    /// nodes, and logging each once (a bit a row, as for nodes) cost a tree resize 5%.
    @inline(__always) mutating func noteRow(_ r: Int32) {
        if Int(r) < journal.rowFloor { journal.rows.append((r, rows[Int(r)])) }
    }
    /// Logs symbol `s` once per transaction: a symbol's column head changes with every row
    /// that gains it, and logging each change made a shuffled grid's phase one (hundreds of
    /// pivots in one addition) hold 150 MB of log at 10k. Rollback only needs the oldest.
    @inline(__always) mutating func noteSymbol(_ s: Int32) {
        structureStamp &+= 1
        if Int(s) < journal.symbolFloor && flags[Int(s)] & SymbolFlags.journaled == 0 {
            flags[Int(s)] |= SymbolFlags.journaled
            journal.symbols.append((s, symbols[Int(s)], symbolKinds[Int(s)]))
        }
    }

    /// Clears the `journaled` flag of the symbols logged since the last time.
    mutating func unflagJournaledSymbols() {
        for k in journal.symbolsFlaggedFrom ..< journal.symbols.count {
            let s = Int(journal.symbols[k].0)
            if s < flags.count { flags[s] &= ~SymbolFlags.journaled }
        }
        journal.symbolsFlaggedFrom = journal.symbols.count
    }
    /// Logs column node `n` once per transaction, like `noteSymbol`: unlinking and reusing
    /// nodes rewrites the same ones over and over in a long operation.
    @inline(__always) mutating func noteColumnNode(_ n: Int32) {
        structureStamp &+= 1
        if Int(n) < journal.columnFloor && !journal.journaledColumnNodes.contains(Int(n)) {
            journal.journaledColumnNodes.insert(Int(n))
            journal.columnNodes.append((n, columnNodes[Int(n)]))
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
        if Int(n) < journal.objectiveFloor { journal.objectiveNodes.append((n, objectiveNodes[Int(n)])) }
    }
    @inline(__always) mutating func noteLevel(_ l: Int32) {
        if Int(l) < journal.levelFloor { journal.levels.append((l, levels[Int(l)])) }
    }
    @inline(__always) mutating func noteConstraint(_ c: Int32) {
        if Int(c) < journal.constraintFloor { journal.constraints.append((c, constraints[Int(c)])) }
    }
    @inline(__always) mutating func noteVariable(_ v: Int32) {
        if Int(v) < journal.variableFloor { journal.variables.append((v, variables[Int(v)])) }
    }
    /// Saves the level order before the innermost transaction's first change to it.
    @inline(__always) mutating func noteLevelOrder() {
        let depth = journal.marks.count
        if depth > 0 && journal.levelOrderSaves.last?.depth != depth {
            journal.levelOrderSaves.append((depth, levelOrder))
        }
    }
    @inline(__always) mutating func noteVariableName(_ v: Int32) {
        if Int(v) < journal.variableFloor && derivedVariableName == nil {
            journal.variableNames.append((v, variableNames[Int(v)]))
        }
    }
}
