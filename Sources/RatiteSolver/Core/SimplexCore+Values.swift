/// Values: recomputed only where something changed, definitions in level order.
extension SimplexCore {
    /// The current value of any symbol: zero when parametric, the row constant when
    /// LP-basic, its variable's value when defined (valid after `updateValues`).
    ///
    /// A lingering symbol (see `ownsItsVariable`) counts as zero: it is rounding residue.
    @inline(__always) func currentValue(_ s: Int32) -> Double {
        let record = tableau.symbols[Int(s)]
        if record.row < 0 { return 0 }
        let row = tableau.rows[Int(record.row)]
        guard row.isDefinition else { return row.constant }
        return record.owner >= 0 ? registry.variables[Int(record.owner)].value : 0
    }

    /// Whether external symbol `s` still has a variable. It may not: when a variable's last
    /// constraint goes while rounding leaves its symbol defined, `releaseVariable` keeps
    /// the symbol; deleting the variable then sets the symbol's owner to -1
    /// (`deleteVariable`), and the slot may go to another variable.
    @inline(__always) func ownsItsVariable(_ s: Int32) -> Bool { tableau.symbols[Int(s)].owner >= 0 }

    /// Evaluates a definition row from the current values of what it refers to.
    @inline(__always) func evaluate(_ row: Row) -> Double {
        var value = row.constant
        for t in cells(of: row) { value += t.coefficient * currentValue(t.symbol) }
        return value
    }

    /// Recomputes the values of the externals that may have changed since the last call,
    /// adds the variables whose values actually changed to `changedVariables` (see
    /// `takeChangedVariables`), and checks the answer against the constraints as written
    /// (see `SimplexCore+Verification.swift`).
    package mutating func updateValues() {
        let changes = recomputeValues(mayShift: true)
        valueShifts.dropGains(unlessAt: structureStamp)
        guard tuning.verifiesAnswers, !journal.isActive else { return }
        let (due, everything) = takeVerificationDue(everythingRecomputed: changes == nil)
        guard due || verification.doubts.any else { return }
        let refinementsBefore = statistics.refinements + statistics.rebuilds
        var verified = verifyAnswer(changedFrom: everything ? nil : changes)
        if statistics.refinements + statistics.rebuilds != refinementsBefore { doubtOptimum() }
        if (verification.doubts.any || !verified) && fitsExactCertification {
            verification.doubts = NumericDoubt()
            // Rows that even a rebuild could not make agree with the constraints give way to
            // the exact tableau, rounded once (each basic in nonbasic symbols only, so no
            // value is a difference of large ones); then every constraint is checked.
            if certifyOptimum(loading: !verified) {
                let start = recomputeValues()
                verified = verifyAnswer(changedFrom: verified ? start : nil)
            }
        } else if verification.doubts.any {
            // Too many constraints to settle the doubts exactly: the optimum is certified
            // in floating point from the constraints as written, and repaired when the
            // certificate fails (see SimplexCore+OptimalityCertificate.swift). Kept, the
            // doubts made every later update check again, drags included.
            let optimumDoubted = verification.doubts.optimum
            verification.doubts = NumericDoubt()
            if verified && optimumDoubted && tuning.certifiesOptimaInFloat { verified = settleOptimumInFloat() }
        }
        if !verified && !fitsExactCertification && fitsExactFallback { verified = settleAnswerExactly() }
        if !verified {
            statistics.unverifiedAnswers += 1
            // Until an answer passes, every check covers every constraint: "nothing moved
            // since" says nothing about an answer that failed.
            verification.checksEverything = true
        }
    }

    /// Past exact certification, after the float path gave up on an answer (it failed its
    /// check even after a rebuild, or its float certificate failed after repair): the exact
    /// optimum is loaded, rounded once, and every constraint checked against it. Returns
    /// whether the answer now passes.
    private mutating func settleAnswerExactly() -> Bool {
        statistics.exactFallbacks += 1
        guard certifyOptimum(loading: true) else { return false }
        recomputeValues()
        verification.checksEverything = true
        return verifyAnswer(changedFrom: nil)
    }

    /// Recomputes the values of the externals that may have changed since the last call
    /// (`updateValues` without the check): definitions in level order from the dirty
    /// symbols, each only when something it refers to changed, or in the order recorded by
    /// `valueSchedule` when the update repeats the last one. With `mayShift`, such an update
    /// that follows nothing but shifts of one marker, and whose answer will not be checked,
    /// may move the values by their gains instead (see `ValueShifts`).
    /// - Returns: where this call's entries in `changedVariables` begin, or nil when every
    ///   value was recomputed.
    @discardableResult
    mutating func recomputeValues(mayShift: Bool = false) -> Int? {
        // Keep the list bounded when nobody takes it (repeated internal refreshes).
        if operation.changedVariables.count > 2 * registry.variables.count + 64 {
            operation.changedVariables = takeChangedVariables()
        }
        let firstChange = operation.changedVariables.count
        let pending = valueShifts.takePending(stamp: structureStamp)
        if operation.allSymbolsDirty || !operation.dirty.isEmpty {
            if !operation.allSymbolsDirty
                && valueSchedule.shouldRecord(operation.dirty, everything: false, stamp: structureStamp)
            {
                valueSchedule.record(definitionsReachedFromDirty())
            }
            if valueSchedule.fits(operation.dirty, everything: operation.allSymbolsDirty, stamp: structureStamp) {
                let everything = operation.allSymbolsDirty
                // Even when the dirty list grew long enough to stand for every value: at an
                // unchanged structure it still only says that one marker shifted.
                if mayShift, let pending, shiftValues(after: pending) { return firstChange }
                if replayValueSchedule() {
                    valueShifts.noteEvaluation()
                    if let pending, valueShifts.wants(pending.marker, stamp: structureStamp) {
                        recordValueShifts(marker: pending.marker)
                    }
                    return everything ? nil : firstChange
                }
                // The structure changed without moving the stamp: a bug, but recomputing
                // every value still gives the right answer.
                assertionFailure("stale value schedule")
                valueSchedule.forget()
                operation.allSymbolsDirty = true
            }
        }
        var heap = LevelHeap(ascending: true)
        var containing: [Int32] = []
        let everything = operation.allSymbolsDirty
        if operation.allSymbolsDirty {
            operation.allSymbolsDirty = false
            // The heap takes every defined external at once: sized exactly, since growing
            // it by doubling held three times that at the peak of a large first layout.
            var defined = 0
            for s in Int32(0) ..< Int32(tableau.symbols.count) where kind(s) == .external && isDefined(s) {
                defined += 1
            }
            heap.reserveCapacity(defined)
            for s in Int32(0) ..< Int32(tableau.symbols.count) where kind(s) == .external {
                if isDefined(s) {
                    heap.push(s, level: definitionLevel(s), flags: &operation.flags)
                } else {
                    setExternalValue(s, 0)
                }
            }
        }
        for s in operation.dirty {
            operation.flags[Int(s)] &= ~SymbolFlags.dirty
            let record = tableau.symbols[Int(s)]
            switch kind(s) {
            case .unused:
                continue
            case .external where record.row >= 0 && tableau.rows[Int(record.row)].isDefinition:
                heap.push(s, level: tableau.rows[Int(record.row)].level, flags: &operation.flags)
                continue
            case .external:
                setExternalValue(s, 0)
            default:
                break
            }
            queueDefinitions(referringTo: s, on: &heap, rows: &containing, externalOnly: true)
        }
        // An update of every value is not pruned: its order can be recorded as it goes.
        let recordsOrder = everything && valueSchedule.shouldRecord([], everything: true, stamp: structureStamp)
        var popped: [Int32] = []
        var evaluated = 0
        while let x = heap.pop(flags: &operation.flags) {
            evaluated += 1
            if recordsOrder { popped.append(x) }
            guard setExternalValue(x, evaluate(tableau.rows[Int(tableau.symbols[Int(x)].row)])) else { continue }
            queueDefinitions(referringTo: x, on: &heap, rows: &containing, externalOnly: false)
        }
        statistics.valuesRecomputed += evaluated
        valueSchedule.noteHeapUpdate(
            seeds: operation.dirty, everything: everything, stamp: structureStamp, evaluated: evaluated)
        if recordsOrder { valueSchedule.record(popped) }
        valueShifts.noteEvaluation()
        operation.dirty.empty()
        return everything ? nil : firstChange
    }

    /// Queues on `heap` the basic symbol of every definition row that refers to `s`, listing
    /// `s`'s column in `containing`. From a dirty symbol only external ones are queued
    /// (`externalOnly`): a dummy's column may list bundles (see `SimplexCore+Bundles.swift`),
    /// tested on the field, as a call to `isBundleRow` here weighs on every resize.
    @inline(__always) private mutating func queueDefinitions(
        referringTo s: Int32, on heap: inout LevelHeap, rows containing: inout [Int32], externalOnly: Bool
    ) {
        columnRows(s, into: &containing)
        for q in containing where tableau.rows[Int(q)].isDefinition {
            let d = tableau.rows[Int(q)].basic
            if externalOnly && kind(d) != .external { continue }
            heap.push(d, level: tableau.rows[Int(q)].level, flags: &operation.flags)
        }
    }

    /// Every definition the dirty symbols reach through the column lists, in the order
    /// `recomputeValues` evaluates them, whether or not their values would change.
    private mutating func definitionsReachedFromDirty() -> [Int32] {
        var heap = LevelHeap(ascending: true)
        var containing = takeRowList()
        for s in operation.dirty {
            switch kind(s) {
            case .unused:
                continue
            case .external where isDefined(s):
                heap.push(s, level: definitionLevel(s), flags: &operation.flags)
                continue
            default:
                break
            }
            queueDefinitions(referringTo: s, on: &heap, rows: &containing, externalOnly: true)
        }
        var order: [Int32] = []
        while let x = heap.pop(flags: &operation.flags) {
            order.append(x)
            queueDefinitions(referringTo: x, on: &heap, rows: &containing, externalOnly: false)
        }
        keepRowList(containing)
        return order
    }

    /// Recomputes the values from the dirty symbols (or every value, after
    /// `allSymbolsDirty`) in the order `valueSchedule` recorded.
    /// - Returns: false when a recorded symbol is no longer defined (the structure changed
    ///   without moving `structureStamp`); the dirty list is then spent and some values
    ///   recomputed, so the caller must recompute every value.
    private mutating func replayValueSchedule() -> Bool {
        guard let order = valueSchedule.order else { return false }
        if operation.allSymbolsDirty {
            operation.allSymbolsDirty = false
            for s in Int32(0) ..< Int32(tableau.symbols.count) where kind(s) == .external && !isDefined(s) {
                setExternalValue(s, 0)
            }
        }
        for s in operation.dirty {
            operation.flags[Int(s)] &= ~SymbolFlags.dirty
            if kind(s) == .external && !isDefined(s) { setExternalValue(s, 0) }
        }
        operation.dirty.empty()
        for x in order {
            let r = tableau.symbols[Int(x)].row
            guard r >= 0 && tableau.rows[Int(r)].isDefinition else { return false }
            setExternalValue(x, evaluate(tableau.rows[Int(r)]))
        }
        statistics.valuesRecomputed += order.count
        valueSchedule.noteReplay()
        return true
    }

    /// Moves each value of the recorded gains by its gain times the shift, standing for a
    /// replay after `pending` (see `ValueShifts`), when the rule allows it: the answer will
    /// not be checked, and the gains are `pending`'s at this structure.
    /// - Returns: whether it did.
    // Not inlined: inlined into `recomputeValues`, it cost the heap loop there registers.
    @inline(never)
    private mutating func shiftValues(after pending: (marker: Int32, shift: Double)) -> Bool {
        guard !answerCheckIsDue, valueShifts.admits(pending, stamp: structureStamp) else { return false }
        let shift = pending.shift
        operation.allSymbolsDirty = false
        for s in operation.dirty {
            operation.flags[Int(s)] &= ~SymbolFlags.dirty
            if kind(s) == .external && !isDefined(s) { setExternalValue(s, 0) }
        }
        operation.dirty.empty()
        let entries = valueShifts.entries
        // Written through a buffer: appending one by one checked the array's uniqueness and
        // capacity for every value.
        var changed = operation.changedVariables
        operation.changedVariables = []
        var count = changed.count
        changed.append(contentsOf: repeatElement(0, count: entries.count))
        changed.withUnsafeMutableBufferPointer { out in
            for entry in entries {
                let v = entry.variable
                let old = registry.variables[Int(v)].value
                let moved = old + entry.gain * shift
                let value = moved == 0 ? 0 : moved
                if value.bitPattern == old.bitPattern { continue }
                registry.variables[Int(v)].value = value
                out[count] = v
                count += 1
            }
        }
        changed.removeLast(changed.count - count)
        operation.changedVariables = changed
        statistics.valuesRecomputed += entries.count
        return true
    }

    /// Finds how far each value of the recorded schedule moves per unit of shift of marker
    /// `m`, and keeps the gains of those that move (see `ValueShifts`): the schedule
    /// evaluated on what a shift adds to each row constant (as `shiftMarker` adds it) in place
    /// of the constants, and on no other value.
    @inline(never)
    private mutating func recordValueShifts(marker m: Int32) {
        guard let order = valueSchedule.order else { return }
        var gain = [Double](repeating: 0, count: tableau.symbols.count)
        let r = rowIndex(m)
        if r >= 0 && !tableau.rows[Int(r)].isDefinition { gain[Int(m)] = -1 }
        addShiftGains(ofRowsContaining: m, scale: 1, to: &gain)
        // By variable, so the gains come out in variable order without a sort; zero where
        // a value does not move.
        var gainOfVariable = [Double](repeating: 0, count: registry.variables.count)
        for x in order {
            let q = tableau.symbols[Int(x)].row
            guard q >= 0 && tableau.rows[Int(q)].isDefinition else { return }
            var g = gain[Int(x)]
            var magnitude = abs(g)
            for t in cells(of: tableau.rows[Int(q)]) {
                let p = t.coefficient * gain[Int(t.symbol)]
                g += p
                magnitude += abs(p)
            }
            // Cancellation residue reads as zero, as in rows (`cancellingSum`).
            if abs(g) <= cancellationTolerance * magnitude { g = 0 }
            let owner = tableau.symbols[Int(x)].owner
            // A symbol without a variable reads as zero (see `currentValue`).
            gain[Int(x)] = owner >= 0 ? g : 0
            if owner >= 0 { gainOfVariable[Int(owner)] = g }
        }
        var entries: [ValueShifts.Entry] = []
        for (v, g) in gainOfVariable.enumerated() where g != 0 {
            entries.append(ValueShifts.Entry(variable: Int32(v), gain: g))
        }
        valueShifts.record(marker: m, stamp: structureStamp, entries: entries)
    }

    /// Adds to `gain` what a unit shift of `m` adds to the constant of each row holding it,
    /// times `scale`, at the row's basic symbol, following bundles as `shiftRows` does.
    private func addShiftGains(ofRowsContaining m: Int32, scale: Double, to gain: inout [Double]) {
        var node = tableau.symbols[Int(m)].column
        while node >= 0 {
            let q = tableau.columnNodes[Int(node)].row
            node = tableau.columnNodes[Int(node)].next
            let a = coefficient(of: m, in: tableau.rows[Int(q)])
            let b = tableau.rows[Int(q)].basic
            if tableau.rows[Int(q)].isDefinition && kind(b) == .dummy {
                addShiftGains(ofRowsContaining: b, scale: a * scale, to: &gain)
                continue
            }
            gain[Int(b)] += a * scale
        }
    }

    /// The value of variable `v` in the current tableau, computed without touching the cached
    /// values (safe inside a transaction, where `updateValues` would record nothing to undo).
    package func freshValue(ofVariable v: Int32) -> Double {
        let root = registry.variables[Int(v)].symbol
        guard root >= 0 else { return registry.variables[Int(v)].value }
        var memo: [Int32: Double] = [:]
        return freshValue(ofSymbol: root, memo: &memo)
    }

    /// Whether every live required constraint holds, as written, at the values the current
    /// tableau gives its variables, computed without touching the cached values: the point
    /// that certifies, inside an operation's transaction, that the required constraints
    /// hold together. Each is allowed what the answer check allows
    /// (`requiredTolerance` of the numbers its left side sums).
    func requiredConstraintsHoldAtFreshValues() -> Bool {
        var memo: [Int32: Double] = [:]
        memo.reserveCapacity(tableau.rows.count)
        var values = [Double](repeating: 0, count: registry.variables.count)
        for v in registry.variables.indices where registry.variables[v].isAlive {
            let root = registry.variables[v].symbol
            values[v] = root >= 0 ? freshValue(ofSymbol: root, memo: &memo) : registry.variables[v].value
        }
        for (c, record) in registry.constraints.elements.enumerated() where record.isAlive && record.isRequired {
            let (violation, magnitude) = requiredViolation(ofConstraint: Int32(c), at: values)
            if !(violation <= requiredTolerance * max(1, magnitude)) { return false }
        }
        return true
    }

    /// Symbol `root`'s value in the current tableau, evaluating the definitions below it
    /// that `memo` does not hold yet (and adding them to it).
    private func freshValue(ofSymbol root: Int32, memo: inout [Int32: Double]) -> Double {
        func known(_ s: Int32) -> Double? {
            let r = tableau.symbols[Int(s)].row
            if r < 0 { return 0 }
            return tableau.rows[Int(r)].isDefinition ? memo[s] : tableau.rows[Int(r)].constant
        }
        // Post-order over the definitions below `root`, with an explicit stack: chains can be
        // deeper than the call stack.
        var stack: [Int32] = [root]
        while let s = stack.last {
            if known(s) != nil { stack.removeLast(); continue }
            let row = tableau.rows[Int(tableau.symbols[Int(s)].row)]
            var ready = true
            for t in cells(of: row) where known(t.symbol) == nil {
                stack.append(t.symbol)
                ready = false
            }
            guard ready else { continue }
            var value = row.constant
            for t in cells(of: row) { value += t.coefficient * (known(t.symbol) ?? 0) }
            memo[s] = value
            stack.removeLast()
        }
        return known(root) ?? 0
    }

    /// The variables whose values changed since the last call, each once, in id order.
    package mutating func takeChangedVariables() -> [Int32] {
        var result: [Int32] = []
        takeChangedVariables(into: &result)
        return result
    }

    /// Replaces `result`'s contents (keeping its storage) with the variables whose values
    /// changed since the last call, each once, in id order.
    /// - Complexity: O(changes + variables / 64) when most variables changed; O(k log k) in
    ///   the k distinct changes otherwise.
    package mutating func takeChangedVariables(into result: inout [Int32]) {
        result.removeAll(keepingCapacity: true)
        defer { operation.changedVariables.removeAll(keepingCapacity: true) }
        // Often the list is already in order (one update, definitions evaluated in variable
        // order).
        if isStrictlyIncreasing(operation.changedVariables) {
            result.append(contentsOf: operation.changedVariables)
            return
        }
        // Otherwise it may repeat a variable (one entry per update that changed it). Marks
        // drop the repeats; the order comes from walking the marks when they are dense
        // (a resize that moves most values, where sorting them would dominate) and from
        // sorting the few otherwise.
        let distinct = scratch.changedMarks.insertCountingNew(
            operation.changedVariables, bound: registry.variables.count)
        if distinct * 16 >= scratch.changedMarks.wordCount {
            result.reserveCapacity(distinct)
            scratch.changedMarks.removeAll(appendingMembersTo: &result)
        } else {
            for v in operation.changedVariables where scratch.changedMarks.contains(Int(v)) {
                scratch.changedMarks.remove(Int(v))
                result.append(v)
            }
            result.sort()
        }
    }

    /// Stores an external symbol's value in its variable: the symbol keeps no copy, which
    /// would cost 8 bytes in every symbol record.
    /// - Returns: whether the value changed.
    @discardableResult
    private mutating func setExternalValue(_ s: Int32, _ value: Double) -> Bool {
        let v = tableau.symbols[Int(s)].owner
        guard v >= 0 else { return false } // a lingering symbol (see `ownsItsVariable`)
        let value = value == 0 ? 0 : value
        if registry.variables[Int(v)].value.bitPattern == value.bitPattern { return false }
        registry.variables[Int(v)].value = value
        operation.changedVariables.append(v)
        return true
    }

    /// Whether each entry is greater than the one before it (so the list has no repeats).
    private func isStrictlyIncreasing(_ list: [Int32]) -> Bool {
        var previous = Int32.min
        for v in list {
            if v <= previous { return false }
            previous = v
        }
        return true
    }
}
