/// Variables: stable ids for callers, external symbols that exist only while some
/// constraint mentions the variable.
extension SimplexCore {
    /// Creates a variable named `name` (names are for diagnostics and need not be unique).
    package mutating func newVariable(name: String) -> Int32 {
        let record = VariableRecord(value: 0, symbol: -1, uses: 0, edit: -1, isAlive: true)
        if registry.freeVariable >= 0 {
            let v = registry.freeVariable
            noteVariable(v)
            noteVariableName(v)
            registry.freeVariable = registry.variables[Int(v)].symbol
            registry.variables[Int(v)] = record
            if registry.derivedVariableName == nil { registry.variableNames[Int(v)] = name }
            return v
        }
        registry.variables.append(record)
        if registry.derivedVariableName == nil { registry.variableNames.append(name) }
        return Int32(registry.variables.count - 1)
    }

    /// Makes room for `variables` more variables and `constraints` more constraints, for a
    /// caller that knows how many it is about to add (a parsed file): their records then
    /// never move while they grow.
    package mutating func reserveCapacity(additionalVariables variables: Int, constraints: Int) {
        registry.variables.reserveCapacity(registry.variables.count + variables)
        if registry.derivedVariableName == nil {
            registry.variableNames.reserveCapacity(registry.variableNames.count + variables)
        }
        registry.constraints.reserveCapacity(registry.constraints.count + constraints)
    }

    /// Takes back a `newVariable` call made outside any transaction, newest first, once
    /// what it was made for was refused: the registry is then exactly as before the call, and
    /// no transaction needs to surround the creation and the refused operation.
    /// `countBefore` is the variable count before the first of the calls taken back.
    package mutating func takeBackNewVariable(_ v: Int32, countBefore: Int) {
        precondition(!journal.isActive && isVariable(v) && registry.variables[Int(v)].uses == 0
            && registry.variables[Int(v)].symbol < 0, "not a fresh variable")
        if Int(v) >= countBefore {
            precondition(Int(v) == registry.variables.count - 1, "not the newest variable")
            registry.variables.truncate(to: Int(v))
            if registry.derivedVariableName == nil { registry.variableNames.removeLast() }
            return
        }
        // The slot came off the free list: it goes back to its head as `deleteVariable` left it.
        registry.variables[Int(v)] = VariableRecord(
            value: 0, symbol: registry.freeVariable, uses: 0, edit: -1, isAlive: false)
        if registry.derivedVariableName == nil { registry.variableNames[Int(v)] = "" }
        registry.freeVariable = v
    }

    /// Deletes a variable that no constraint mentions.
    package mutating func deleteVariable(_ v: Int32) throws(CoreError) {
        guard isVariable(v) else { throw .unknownVariable(v) }
        guard registry.variables[Int(v)].uses == 0 else { throw .internalError("variable \(v) is still in use") }
        // A symbol rounding left defined (see `releaseVariable`) outlives its variable: it
        // stops naming the slot, which another variable may take, and whose value it would
        // otherwise read and write.
        let s = registry.variables[Int(v)].symbol
        if s >= 0 {
            noteSymbol(s)
            tableau.symbols[Int(s)].owner = -1
        }
        noteVariable(v)
        noteVariableName(v)
        registry.variables[Int(v)] = VariableRecord(
            value: 0, symbol: registry.freeVariable, uses: 0, edit: -1, isAlive: false)
        if registry.derivedVariableName == nil { registry.variableNames[Int(v)] = "" }
        registry.freeVariable = v
    }

    package func isVariable(_ v: Int32) -> Bool {
        v >= 0 && Int(v) < registry.variables.count && registry.variables[Int(v)].isAlive
    }

    /// The variable's external symbol, created on first use; counts one more use.
    mutating func retainVariable(_ v: Int32) -> Int32 {
        noteVariable(v)
        registry.variables[Int(v)].uses += 1
        if registry.variables[Int(v)].symbol >= 0 { return registry.variables[Int(v)].symbol }
        let s = newSymbol(.external, owner: v)
        registry.variables[Int(v)].symbol = s
        markDirty(s)
        return s
    }

    /// Counts one use less; when none are left the external symbol goes away. The
    /// variable keeps its last value.
    mutating func releaseVariable(_ v: Int32) {
        noteVariable(v)
        registry.variables[Int(v)].uses -= 1
        guard registry.variables[Int(v)].uses == 0 else { return }
        let s = registry.variables[Int(v)].symbol
        guard s >= 0 else { return }
        // No remaining constraint mentions the variable, so every row's coefficient on it is
        // zero up to rounding: clear what rounding left behind.
        if rowIndex(s) >= 0 { return }
        purgeSymbol(s)
        registry.variables[Int(v)].symbol = -1
        freeSymbolSlot(s)
    }

    /// Removes a symbol whose coefficients are all rounding residue from every row and the
    /// objective.
    mutating func purgeSymbol(_ s: Int32) {
        var containing: [Int32] = []
        columnRows(s, into: &containing)
        for q in containing {
            let row = tableau.rows[Int(q)]
            guard cellPosition(of: s, in: row) != nil else { continue }
            let start = cells.pool.count
            for k in row.cellRange where cells.pool.symbol(at: k) != s { cells.pool.appendCopy(of: k) }
            replaceCells(q, from: start)
        }
        clearObjective(s)
    }

    /// The value of variable `v` after the last update.
    package func value(ofVariable v: Int32) -> Double { registry.variables[Int(v)].value }
}

extension SimplexCore {
    /// How many constraints (and an edit) mention variable `v`.
    package func uses(ofVariable v: Int32) -> Int32 { registry.variables[Int(v)].uses }

    /// Removes every constraint and edit; variables keep their ids and names and go back to
    /// 0, as if just created.
    package mutating func removeAllConstraints() {
        var fresh = SimplexCore()
        fresh.adoptSettings(tuning)
        fresh.statistics = statistics
        fresh.registry = registry.variablesAlone()
        self = fresh
    }

    /// The name variable `v` was created with, or the derived one.
    package func name(ofVariable v: Int32) -> String {
        registry.derivedVariableName?(v) ?? registry.variableNames[Int(v)]
    }

    /// Names variables with `name` from now on instead of storing the names they are
    /// created with. Call before creating any variable.
    package mutating func deriveVariableNames(_ name: @escaping (Int32) -> String) {
        precondition(registry.variables.count == 0, "variable names are derived from the first variable on")
        registry.derivedVariableName = name
    }

    /// Sizes for benchmark counters: rows (and how many are definitions), nonzero cells,
    /// live constraints (a split equality counts as the two it stands for) and variables.
    package var shape: (rows: Int, definitions: Int, cells: Int, constraints: Int, variables: Int) {
        var rowCount = 0, definitions = 0, cells = 0
        for row in tableau.rows.elements where !row.isUnused {
            rowCount += 1
            if row.isDefinition { definitions += 1 }
            cells += Int(row.count)
        }
        // Counted in place: `filter` would copy every live record just to count it.
        var liveConstraints = 0, liveVariables = 0
        for c in registry.constraints.indices where registry.constraints[c].isAlive {
            liveConstraints += registry.constraints[c].isSplit ? 2 : 1
        }
        for v in registry.variables.indices where registry.variables[v].isAlive { liveVariables += 1 }
        return (rowCount, definitions, cells, liveConstraints, liveVariables)
    }

    /// Takes on every setting of the core this fresh one replaces: settings, not state, so a
    /// core told to squeeze its pool often (as fuzzers and tests do), to re-root often, to
    /// trim at another floor or to skip verification keeps doing so after it is emptied or
    /// rebuilt.
    mutating func adoptSettings(_ settings: Tuning) {
        let squeezesAtAnotherSlack = settings.cellSqueezeSlack != tuning.cellSqueezeSlack
        tuning = settings
        if squeezesAtAnotherSlack { squeezeCellsOften(slack: settings.cellSqueezeSlack) }
    }
}
