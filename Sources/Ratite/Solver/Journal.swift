/// The undo log that makes a fallible operation all-or-nothing.
///
/// While a transaction is open, every write to a core array first records the element's
/// old value. Rolling back replays the log backwards to the transaction's savepoint and
/// truncates the arrays to their lengths at that point, which restores the core bit for
/// bit. Transactions nest: an inner one rolls back to its own savepoint, so an operation
/// inside a larger batch (the layout engine activating many constraints) can fail alone.
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

    /// Array lengths and scalar fields at the start of a transaction.
    struct Mark {
        var entries = 0
        var rows = 0, symbols = 0, columnNodes = 0, objectiveNodes = 0
        var levels = 0, constraints = 0, variables = 0, dirty = 0
        var freeRow: Int32 = -1, freeSymbol: Int32 = -1, freeColumnNode: Int32 = -1
        var freeObjectiveNode: Int32 = -1, freeLevel: Int32 = -1
        var freeConstraint: Int32 = -1, freeVariable: Int32 = -1
        var levelOrder: [Int32] = []
        var serial: UInt64 = 0
    }

    var entries: [Entry] = []
    var marks: [Mark] = []

    var isActive: Bool { !marks.isEmpty }
}

extension SimplexCore {
    /// Opens a transaction, possibly inside another one; end it with exactly one
    /// `commitTransaction()` or `rollbackTransaction()`.
    mutating func beginTransaction() {
        journal.marks.append(Journal.Mark(
            entries: journal.entries.count,
            rows: rows.count, symbols: symbols.count, columnNodes: columnNodes.count,
            objectiveNodes: objectiveNodes.count, levels: levels.count,
            constraints: constraints.count, variables: variables.count, dirty: dirty.count,
            freeRow: freeRow, freeSymbol: freeSymbol, freeColumnNode: freeColumnNode,
            freeObjectiveNode: freeObjectiveNode, freeLevel: freeLevel,
            freeConstraint: freeConstraint, freeVariable: freeVariable,
            levelOrder: levelOrder, serial: serialCounter))
    }

    /// Keeps everything done since the matching `beginTransaction`.
    mutating func commitTransaction() {
        journal.marks.removeLast()
        if journal.marks.isEmpty { journal.entries.removeAll(keepingCapacity: true) }
    }

    /// Undoes everything done since the matching `beginTransaction`.
    mutating func rollbackTransaction() {
        let mark = journal.marks.removeLast()
        while journal.entries.count > mark.entries {
            switch journal.entries.removeLast() {
            case .row(let i, let v): if Int(i) < rows.count { rows[Int(i)] = v }
            case .symbol(let i, let v): if Int(i) < symbols.count { symbols[Int(i)] = v }
            case .column(let i, let v): if Int(i) < columnNodes.count { columnNodes[Int(i)] = v }
            case .objective(let i, let v): if Int(i) < objectiveNodes.count { objectiveNodes[Int(i)] = v }
            case .level(let i, let v): if Int(i) < levels.count { levels[Int(i)] = v }
            case .constraint(let i, let v): if Int(i) < constraints.count { constraints[Int(i)] = v }
            case .variable(let i, let v): if Int(i) < variables.count { variables[Int(i)] = v }
            }
        }
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
        phaseLevel = -1
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
