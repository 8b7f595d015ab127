/// The undo log that makes a fallible operation all-or-nothing.
///
/// While active, every write to a core array first records the element's old value.
/// Rolling back replays the log backwards and truncates the arrays to their old lengths,
/// which restores the core bit for bit. Only operations that can fail after they have
/// started pivoting (phase one of a required constraint, a constant change on a required
/// constraint) pay for it.
struct Journal {
    enum Entry {
        case row(Int32, Row)
        case symbol(Int32, SymbolRecord)
        case column(Int32, ColumnNode)
        case objective(Int32, ObjectiveNode)
        case level(Int32, LevelRecord)
        case constraint(Int32, ConstraintRecord)
        case variable(Int32, VariableRecord)
    }

    /// Array lengths and scalar fields at the start of the transaction.
    struct Mark {
        var rows = 0, symbols = 0, columnNodes = 0, objectiveNodes = 0
        var levels = 0, constraints = 0, variables = 0, dirty = 0
        var freeRow: Int32 = -1, freeSymbol: Int32 = -1, freeColumnNode: Int32 = -1
        var freeObjectiveNode: Int32 = -1, freeLevel: Int32 = -1
        var freeConstraint: Int32 = -1, freeVariable: Int32 = -1
        var levelOrder: [Int32] = []
        var serial: UInt64 = 0
    }

    var isActive = false
    var entries: [Entry] = []
    var mark = Mark()
}

extension SimplexCore {
    /// Starts recording. Transactions do not nest: an inner begin joins the outer one.
    /// - Returns: whether this call started the transaction (and so must end it).
    mutating func beginTransaction() -> Bool {
        if journal.isActive { return false }
        journal.isActive = true
        journal.entries.removeAll(keepingCapacity: true)
        journal.mark = Journal.Mark(
            rows: rows.count, symbols: symbols.count, columnNodes: columnNodes.count,
            objectiveNodes: objectiveNodes.count, levels: levels.count,
            constraints: constraints.count, variables: variables.count, dirty: dirty.count,
            freeRow: freeRow, freeSymbol: freeSymbol, freeColumnNode: freeColumnNode,
            freeObjectiveNode: freeObjectiveNode, freeLevel: freeLevel,
            freeConstraint: freeConstraint, freeVariable: freeVariable,
            levelOrder: levelOrder, serial: serialCounter)
        return true
    }

    /// Keeps everything done since `beginTransaction`.
    mutating func commitTransaction() {
        journal.isActive = false
        journal.entries.removeAll(keepingCapacity: true)
    }

    /// Undoes everything done since `beginTransaction`.
    mutating func rollbackTransaction() {
        journal.isActive = false
        let mark = journal.mark
        for entry in journal.entries.reversed() {
            switch entry {
            case .row(let i, let v): if Int(i) < mark.rows { rows[Int(i)] = v }
            case .symbol(let i, let v): if Int(i) < mark.symbols { symbols[Int(i)] = v }
            case .column(let i, let v): if Int(i) < mark.columnNodes { columnNodes[Int(i)] = v }
            case .objective(let i, let v): if Int(i) < mark.objectiveNodes { objectiveNodes[Int(i)] = v }
            case .level(let i, let v): if Int(i) < mark.levels { levels[Int(i)] = v }
            case .constraint(let i, let v): if Int(i) < mark.constraints { constraints[Int(i)] = v }
            case .variable(let i, let v): if Int(i) < mark.variables { variables[Int(i)] = v }
            }
        }
        journal.entries.removeAll(keepingCapacity: true)
        rows.removeSubrange(mark.rows...)
        symbols.removeSubrange(mark.symbols...)
        flags.removeSubrange(mark.symbols...)
        columnNodes.removeSubrange(mark.columnNodes...)
        objectiveNodes.removeSubrange(mark.objectiveNodes...)
        levels.removeSubrange(mark.levels...)
        constraints.removeSubrange(mark.constraints...)
        variables.removeSubrange(mark.variables...)
        freeRow = mark.freeRow
        freeSymbol = mark.freeSymbol
        freeColumnNode = mark.freeColumnNode
        freeObjectiveNode = mark.freeObjectiveNode
        freeLevel = mark.freeLevel
        freeConstraint = mark.freeConstraint
        freeVariable = mark.freeVariable
        levelOrder = mark.levelOrder
        serialCounter = mark.serial
        // Transient lists: the dirty list keeps what it had before; the rest are empty at
        // operation boundaries.
        for s in dirty[mark.dirty...] where Int(s) < flags.count { flags[Int(s)] &= ~SymbolFlags.dirty }
        dirty.removeSubrange(mark.dirty...)
        clearTransientLists()
    }

    /// Empties the candidate, pending and infeasible lists and their flags.
    mutating func clearTransientLists() {
        let mask = ~(SymbolFlags.candidate | SymbolFlags.pending | SymbolFlags.infeasible
            | SymbolFlags.queued | SymbolFlags.visited)
        for s in candidates where Int(s) < flags.count { flags[Int(s)] &= mask }
        for s in pendingObjective where Int(s) < flags.count { flags[Int(s)] &= mask }
        for s in infeasible where Int(s) < flags.count { flags[Int(s)] &= mask }
        candidates.removeAll(keepingCapacity: true)
        pendingObjective.removeAll(keepingCapacity: true)
        infeasible.removeAll(keepingCapacity: true)
    }

    // MARK: Journaled writes

    @inline(__always) mutating func noteRow(_ r: Int32) {
        if journal.isActive { journal.entries.append(.row(r, rows[Int(r)])) }
    }
    @inline(__always) mutating func noteSymbol(_ s: Int32) {
        if journal.isActive { journal.entries.append(.symbol(s, symbols[Int(s)])) }
    }
    @inline(__always) mutating func noteColumnNode(_ n: Int32) {
        if journal.isActive { journal.entries.append(.column(n, columnNodes[Int(n)])) }
    }
    @inline(__always) mutating func noteObjectiveNode(_ n: Int32) {
        if journal.isActive { journal.entries.append(.objective(n, objectiveNodes[Int(n)])) }
    }
    @inline(__always) mutating func noteLevel(_ l: Int32) {
        if journal.isActive { journal.entries.append(.level(l, levels[Int(l)])) }
    }
    @inline(__always) mutating func noteConstraint(_ c: Int32) {
        if journal.isActive { journal.entries.append(.constraint(c, constraints[Int(c)])) }
    }
    @inline(__always) mutating func noteVariable(_ v: Int32) {
        if journal.isActive { journal.entries.append(.variable(v, variables[Int(v)])) }
    }
}
