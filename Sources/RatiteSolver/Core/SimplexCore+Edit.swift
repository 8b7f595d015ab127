import RatiteExact

/// Edit variables, constant changes and priority changes: the incremental operations that
/// interactive layout performs on every frame.
extension SimplexCore {
    /// Makes `v` an edit variable: an equality `v == value` at `priority`, starting at the
    /// variable's value in the current solution, so that nothing moves until a value is
    /// suggested.
    package mutating func addEditVariable(_ v: Int32, priority: Double) throws(CoreError) {
        guard isVariable(v) else { throw .unknownVariable(v) }
        guard priority > 0 && priority <= 1000 else { throw .invalidPriority(priority) }
        guard priority < 1000 else { throw .requiredEditVariable(v) }
        guard registry.variables[Int(v)].edit < 0 else { throw .duplicateEditVariable(v) }
        // The edit holds the variable where the current solution has it (computed without
        // touching the value caches, which a transaction does not journal).
        // (A tableau that overflowed, refused since, may have left a value that is not
        // finite; the edit then starts from 0.)
        let fresh = freshValue(ofVariable: v)
        let current = fresh.isFinite ? fresh : 0
        let terms = [VariableTerm(variable: v, coefficient: 1)]
        beginTransaction()
        do {
            let id = try insertConstraint(
                terms: terms, constant: -current, relation: .equal, priority: priority, isEdit: true)
            noteVariable(v)
            registry.variables[Int(v)].edit = id
            commitTransaction()
        } catch {
            rollbackTransaction()
            if fitsExactFallback, try placeExactly({ (core) throws(CoreError) in
                let id = try core.recordConstraint(terms: terms, constant: -current, relation: .equal, isEdit: true)
                core.attachSymbols(id, priority: priority)
                core.noteVariable(v)
                core.registry.variables[Int(v)].edit = id
            }) {
                return
            }
            throw error.asNumericalFailure(of: "adding an edit variable")
        }
    }

    package mutating func removeEditVariable(_ v: Int32) throws(CoreError) {
        guard isVariable(v), registry.variables[Int(v)].edit >= 0 else { throw .unknownEditVariable(v) }
        let id = registry.variables[Int(v)].edit
        noteStructuralChange()
        beginTransaction()
        do {
            noteVariable(v)
            registry.variables[Int(v)].edit = -1
            try detachConstraint(id)
            freeConstraintSlot(id)
            try restoreOptimality()
            commitTransaction()
        } catch {
            rollbackTransaction()
            if fitsExactFallback, try placeExactly({ core in
                core.noteVariable(v)
                core.registry.variables[Int(v)].edit = -1
                core.detachRecord(id)
                core.freeConstraintSlot(id)
            }) {
                return
            }
            throw error.asNumericalFailure(of: "removing an edit variable")
        }
    }

    package func isEditVariable(_ v: Int32) -> Bool { isVariable(v) && registry.variables[Int(v)].edit >= 0 }

    /// The value edit variable `v` is held at: its last suggestion, or the value it had when
    /// it became an edit variable.
    package func editValue(ofVariable v: Int32) -> Double {
        -registry.constraints[Int(registry.variables[Int(v)].edit)].constant
    }

    /// Whether constraint `c` is the internal constraint of an edit variable.
    package func isEditConstraint(_ c: Int32) -> Bool { isConstraint(c) && registry.constraints[Int(c)].isEdit }

    /// The variable edit constraint `c` holds (its only term), or -1 for another constraint.
    package func editVariable(ofConstraint c: Int32) -> Int32 {
        let record = registry.constraints[Int(c)]
        return record.isEdit ? terms(of: record)[0].variable : -1
    }

    /// Suggests `value` for edit variable `v`; the next update moves it as close as its
    /// priority allows.
    package mutating func suggestValue(_ v: Int32, _ value: Double) throws(CoreError) {
        guard isVariable(v), registry.variables[Int(v)].edit >= 0 else { throw .unknownEditVariable(v) }
        guard isInRange(value) else { throw .nonFiniteValue(variable: v, value) }
        try setConstant(registry.variables[Int(v)].edit, -value)
    }

    /// Changes the constant of constraint `id` without rebuilding anything: the constant's
    /// column equals the marker's, so each row containing the marker shifts by its
    /// coefficient, and the dual simplex repairs feasibility.
    /// - Throws: `.unsatisfiable` (with the minimal conflict) when a required constraint can
    ///   no longer hold; the core is then unchanged.
    package mutating func setConstant(_ id: Int32, _ constant: Double) throws(CoreError) {
        guard isConstraint(id) else { throw .unknownConstraint(id) }
        guard isInRange(constant) else { throw .nonFiniteConstant(constant) }
        let record = registry.constraints[Int(id)]
        let delta = constant - record.constant
        if delta == 0 { return }
        noteShift(of: id)
        beginTransaction()
        do {
            noteConstraint(id)
            noteConstantWritten(constant)
            registry.constraints[Int(id)].constant = constant
            shiftMarker(of: id, by: record.orientation * delta / markerCoefficient(of: id))
            try restoreOptimality()
            if record.isRequired { try certifyFeasibility() }
            commitTransaction()
        } catch {
            rollbackTransaction()
            var check: RefusalCheck? = nil
            if fitsExactFallback {
                var changed = exactConstraint(id, priority: 1000)
                changed.constant = constant
                if record.isRequired {
                    check = checkRefusal(of: changed, replacing: id, certificate: error.certificate)
                }
                if !record.isRequired || check?.holds == true,
                    try placeExactly({ core in
                        core.noteConstraint(id)
                        core.noteConstantWritten(constant)
                        core.registry.constraints[Int(id)].constant = constant
                    }) {
                    return
                }
            }
            throw explained(
                error, terms: Array(terms(of: record)), constant: constant, relation: record.relation, replacing: id,
                isRequired: record.isRequired, check: check)
        }
    }

    /// Changes several constants in one step: all markers shift, then one dual simplex run
    /// repairs feasibility, so constraints that agree only after all the changes never
    /// conflict halfway through.
    /// - Throws: `.unsatisfiable` with a minimal set of required constraints that cannot
    ///   hold together at the new constants (see `explainedBatch`); the core is then
    ///   unchanged.
    package mutating func setConstants(_ changes: [(Int32, Double)]) throws(CoreError) {
        for (id, constant) in changes {
            guard isConstraint(id) else { throw .unknownConstraint(id) }
            guard isInRange(constant) else { throw .nonFiniteConstant(constant) }
        }
        for (id, _) in changes { noteShift(of: id) }
        beginTransaction()
        do {
            for (id, constant) in changes {
                let record = registry.constraints[Int(id)]
                let delta = constant - record.constant
                if delta == 0 { continue }
                noteConstraint(id)
                noteConstantWritten(constant)
                registry.constraints[Int(id)].constant = constant
                shiftMarker(of: id, by: record.orientation * delta / markerCoefficient(of: id))
            }
            try restoreOptimality()
            if changes.contains(where: { registry.constraints[Int($0.0)].isRequired }) { try certifyFeasibility() }
            commitTransaction()
        } catch {
            rollbackTransaction()
            if fitsExactFallback {
                if try placeExactly({ core in
                    for (id, constant) in changes {
                        core.noteConstraint(id)
                        core.noteConstantWritten(constant)
                        core.registry.constraints[Int(id)].constant = constant
                    }
                }) {
                    return
                }
                if requiredConstraintsHold(with: nil, replacing: -1) != nil,
                    let conflict = exactMinimalConflict(afterChanging: changes)
                {
                    guard !conflict.isMinimal else { throw .unsatisfiable(conflict: conflict.members) }
                    throw explainedBatch(.unsatisfiable(conflict: conflict.members), changes)
                }
            }
            throw explainedBatch(error, changes)
        }
    }

    /// Rewrites the tableau for `marker_old = marker_new + shift`: every row is an identity
    /// in the old symbols, so each row containing the marker shifts by its coefficient.
    mutating func shiftMarker(of id: Int32, by shift: Double) {
        let record = registry.constraints[Int(id)]
        let m = record.marker
        valueShifts.noteShift(of: m, by: shift, stamp: structureStamp)
        // The objective weighs the new error, so the level's value drops by the weight of the
        // marker's own error term; a parametric marker's coefficient moves it back up.
        if record.level >= 0 && kind(m) == .error {
            noteLevel(record.level)
            objective.levels[Int(record.level)].constant -= shift
        }
        let r = rowIndex(m)
        if r >= 0 {
            noteRow(r)
            tableau.rows[Int(r)].constant -= shift
            noteMagnitude(tableau.rows[Int(r)].constant)
            markDirty(m)
            checkFeasibility(m)
        }
        shiftRows(containing: m, by: shift)
    }

    /// Shifts the constants of the rows and objective levels containing parametric or
    /// basic `m` for `m_old = m_new + shift`: every LP row when `m` is parametric; only
    /// definition rows that refer to it when it is basic (LP rows never contain a basic
    /// symbol). A bundle holding `m` shifts by `m`'s share in it.
    private mutating func shiftRows(containing m: Int32, by shift: Double) {
        var node = tableau.symbols[Int(m)].column
        while node >= 0 {
            let q = tableau.columnNodes[Int(node)].row
            node = tableau.columnNodes[Int(node)].next
            let a = coefficient(of: m, in: tableau.rows[Int(q)])
            let b = tableau.rows[Int(q)].basic
            // `isBundleRow`, spelled out: on this hot path the call adds to every resize's
            // instructions.
            if tableau.rows[Int(q)].isDefinition && kind(b) == .dummy {
                shiftRows(containing: b, by: a * shift)
                continue
            }
            noteRow(q)
            tableau.rows[Int(q)].constant += a * shift
            noteMagnitude(tableau.rows[Int(q)].constant)
            markDirty(b)
            if !tableau.rows[Int(q)].isDefinition { checkFeasibility(b) }
        }
        var objective = tableau.symbols[Int(m)].objective
        while objective >= 0 {
            let n = self.objective.nodes[Int(objective)]
            noteLevel(n.level)
            self.objective.levels[Int(n.level)].constant += n.coefficient * shift
            objective = n.next
        }
    }

    /// Changes the priority of constraint `id`. Between optional priorities only the
    /// objective changes; across the required boundary the row is rebuilt.
    /// A split equality takes `priority` on both sides, which must be optional.
    package mutating func setPriority(_ id: Int32, _ priority: Double) throws(CoreError) {
        guard isConstraint(id) else { throw .unknownConstraint(id) }
        guard priority > 0 && priority <= 1000 else { throw .invalidPriority(priority) }
        let record = registry.constraints[Int(id)]
        if record.isSplit { return try setSplitPriorities(id, above: priority, below: priority) }
        if self.priority(ofConstraint: id) == priority { return }
        if record.isEdit && priority >= 1000 { throw .requiredEditVariable(editVariable(ofConstraint: id)) }
        noteUnverified(id)
        beginTransaction()
        do {
            if record.level >= 0 && priority < 1000 {
                let level = retainLevel(priority: priority)
                for e in [record.marker, record.other] where e >= 0 && kind(e) == .error {
                    addToObjective(e, level: record.level, weight: -1)
                    addToObjective(e, level: level, weight: 1)
                }
                releaseLevel(record.level)
                noteConstraint(id)
                registry.constraints[Int(id)].level = level
            } else {
                try detachConstraint(id)
                try attachConstraint(id, priority: priority)
            }
            try restoreOptimality()
            if priority >= 1000 { try certifyFeasibility() }
            commitTransaction()
        } catch {
            rollbackTransaction()
            var check: RefusalCheck? = nil
            if fitsExactFallback && priority >= 1000 {
                check = checkRefusal(
                    of: exactConstraint(id, priority: 1000), replacing: id, certificate: error.certificate)
            }
            if fitsExactFallback, priority < 1000 || check?.holds == true,
                try placeExactly({ core in
                    core.detachRecord(id)
                    core.attachSymbols(id, priority: priority)
                }) {
                return
            }
            throw explained(
                error, terms: Array(terms(of: record)), constant: record.constant, relation: record.relation,
                replacing: id, isRequired: priority >= 1000, check: check)
        }
    }

    /// Changes the priorities of split equality `id` (see `addSplitConstraint`): only the
    /// objective changes.
    package mutating func setSplitPriorities(_ id: Int32, above: Double, below: Double) throws(CoreError) {
        guard isConstraint(id), registry.constraints[Int(id)].isSplit else { throw .unknownConstraint(id) }
        for p in [above, below] where !(p > 0 && p < 1000) { throw .invalidPriority(p) }
        if priority(ofConstraint: id) == above && lowerPriority(ofConstraint: id) == below { return }
        noteUnverified(id)
        beginTransaction()
        do {
            let record = registry.constraints[Int(id)]
            let level = retainLevel(priority: above), lowerLevel = retainLevel(priority: below)
            addToObjective(record.marker, level: record.level, weight: -1)
            addToObjective(record.marker, level: level, weight: 1)
            addToObjective(record.other, level: record.lowerLevel, weight: -1)
            addToObjective(record.other, level: lowerLevel, weight: 1)
            releaseLevel(record.level)
            releaseLevel(record.lowerLevel)
            noteConstraint(id)
            registry.constraints[Int(id)].level = level
            registry.constraints[Int(id)].lowerLevel = lowerLevel
            try restoreOptimality()
            commitTransaction()
        } catch {
            rollbackTransaction()
            if fitsExactFallback, try placeExactly({ core in
                core.detachRecord(id)
                core.attachSymbols(id, priority: above, lowerPriority: below)
            }) {
                return
            }
            throw error.asNumericalFailure(of: "changing a split equality's priorities")
        }
    }
}
