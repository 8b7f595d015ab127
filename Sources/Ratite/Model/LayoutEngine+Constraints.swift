/// Validating, activating and changing constraints.
extension LayoutEngine {
    /// Activates constraints. Already active ones are left alone.
    ///
    /// - Throws: `LayoutError` if any constraint is invalid (then none is activated), or, in
    ///   strict mode (`throwsOnConflict`), `.unsatisfiable` if the required constraints cannot
    ///   all hold (then nothing changes). Otherwise a conflict breaks one constraint and is
    ///   reported through `conflictLog` and `onConflict`.
    public func activate(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        for c in constraints { try validate(c) }
        clearExercise()
        var added: [LayoutConstraint] = []
        core.beginTransaction()
        do {
            for c in constraints where !c.isActive {
                markActive(c)
                added.append(c)
                try install(c)
            }
            core.commitTransaction()
        } catch {
            core.rollbackTransaction()
            for c in added.reversed() { markInactive(c) }
            throw error
        }
    }

    /// Deactivates constraints; inactive ones are left alone.
    public func deactivate(_ constraints: [LayoutConstraint]) {
        clearExercise()
        for c in constraints where c.isActive {
            uninstall(c)
            markInactive(c)
        }
    }

    /// Changes the constant of a constraint. On an active constraint this is the fast path:
    /// the solver shifts the constant in place, nothing is rebuilt.
    public func setConstant(_ constant: Double, for c: LayoutConstraint) throws(LayoutError) {
        guard constant.isFinite else { throw .nonFiniteConstant(c, constant) }
        try changeConstant(of: c, to: constant)
    }

    /// Changes the priority of a constraint. An active constraint may not move between
    /// required and optional (as in Auto Layout); optional changes only touch the objective.
    public func setPriority(_ priority: Priority, for c: LayoutConstraint) throws(LayoutError) {
        guard priority.isValid else { throw .invalidPriority(priority.value) }
        if c.isActive && c.kind == .user && c.priority.isRequired != priority.isRequired {
            throw .requiredPriorityChange(c)
        }
        try changePriority(of: c, to: priority)
    }

    // MARK: Validation

    func validate(_ c: LayoutConstraint) throws(LayoutError) {
        guard c.firstItem.engine === self, c.secondItem.map({ $0.engine === self }) ?? true else { throw .foreignItem(c) }
        guard c.firstAttribute != .notAnAttribute, (c.secondItem == nil) == (c.secondAttribute == .notAnAttribute) else {
            throw .missingAttribute(c)
        }
        guard c.multiplier.isFinite && c.multiplier != 0 else { throw .invalidMultiplier(c, c.multiplier) }
        guard c.constant.isFinite else { throw .nonFiniteConstant(c, c.constant) }
        guard c.priority.isValid else { throw .invalidPriority(c.priority.value) }
        guard let second = c.secondItem else {
            if !c.firstAttribute.isDimension { throw .positionAgainstConstant(c) }
            return
        }
        guard c.firstAttribute.axis == c.secondAttribute.axis else { throw .mixedAxes(c) }
        guard c.firstAttribute.isDimension == c.secondAttribute.isDimension else { throw .invalidPairing(c) }
        if (c.firstAttribute.isDirectional && c.secondAttribute.isAbsoluteHorizontal)
            || (c.firstAttribute.isAbsoluteHorizontal && c.secondAttribute.isDirectional)
        {
            throw .mixedDirectionality(c)
        }
        guard c.firstItem.root === second.root else { throw .noCommonAncestor(c) }
    }

    // MARK: Bookkeeping

    func markActive(_ c: LayoutConstraint) {
        activationCounter += 1
        c.activationSerial = activationCounter
        c.isActive = true
        c.isBroken = false
        c.firstItem.constraints.append(c)
        if let second = c.secondItem, second !== c.firstItem { second.constraints.append(c) }
        if let share = c.superviewShare, share.item !== c.firstItem, share.item !== c.secondItem {
            share.item.constraints.append(c)
        }
    }

    func markInactive(_ c: LayoutConstraint) {
        c.isActive = false
        c.isBroken = false
        for item in [c.firstItem, c.secondItem, c.superviewShare?.item].compactMap({ $0 }) {
            item.constraints.removeAll { $0 === c }
        }
    }

    /// Engine-made constraints: recorded on their item and activated without user checks.
    func installOwn(_ constraints: [LayoutConstraint], of item: LayoutItem) throws(LayoutError) {
        var added: [LayoutConstraint] = []
        core.beginTransaction()
        do {
            for c in constraints {
                markActive(c)
                added.append(c)
                try install(c)
            }
            core.commitTransaction()
        } catch {
            core.rollbackTransaction()
            for c in added.reversed() { markInactive(c) }
            throw error
        }
        item.ownConstraints.append(contentsOf: constraints)
    }

    /// Deactivates and forgets engine-made constraints.
    func removeOwn(_ constraints: [LayoutConstraint], of item: LayoutItem) {
        for c in constraints where c.isActive {
            uninstall(c)
            markInactive(c)
        }
        item.ownConstraints.removeAll { c in constraints.contains { $0 === c } }
    }

    // MARK: Solver plumbing

    /// The constraint as solver terms: `first - multiplier × second - share × size`, the
    /// constant that goes with it, and the relation.
    ///
    /// Under right-to-left, a horizontal constraint on leading/trailing positions measures
    /// along the mirrored axis, as in Auto Layout: `b.leading == a.trailing + 8` puts `b`
    /// 8 points to the *left* of `a`. Negating both sides does that: the constant changes
    /// sign and an inequality turns around.
    func solverForm(of c: LayoutConstraint) -> (terms: [VariableTerm], constant: Double, relation: Relation) {
        var terms: [VariableTerm] = []
        let first = AttributeForm(c.firstItem, c.firstAttribute)
        first.append(to: &terms, of: c.firstItem, scale: 1)
        let mirrored = c.firstItem.effectiveLayoutDirection == .rightToLeft
            && (c.firstAttribute.isDirectional || c.secondAttribute.isDirectional)
        var constant = first.constant - (mirrored ? -c.constant : c.constant)
        if let second = c.secondItem {
            let form = AttributeForm(second, c.secondAttribute)
            form.append(to: &terms, of: second, scale: -c.multiplier)
            constant -= c.multiplier * form.constant
        }
        if let share = c.superviewShare {
            AttributeForm(share.item, share.attribute).append(to: &terms, of: share.item, scale: -share.share)
        }
        var relation = c.relation
        if mirrored {
            switch relation {
            case .lessThanOrEqual: relation = .greaterThanOrEqual
            case .greaterThanOrEqual: relation = .lessThanOrEqual
            case .equal: break
            }
        }
        return (terms, constant, relation)
    }

    /// Puts an active constraint into the solver, recovering from a conflict unless strict.
    func install(_ c: LayoutConstraint) throws(LayoutError) {
        let form = solverForm(of: c)
        while true {
            do {
                let id = try core.addConstraint(terms: form.terms, constant: form.constant, relation: form.relation, priority: c.priority.value)
                record(c, as: id)
                return
            } catch .unsatisfiable(let ids) {
                let conflict = ids.compactMap { $0 == pendingConstraintID ? c : constraintOfCoreID[Int($0)] }
                if try recover(from: conflict, pending: c) === c { return }
            } catch {
                throw .internalError("\(error)")
            }
        }
    }

    func record(_ c: LayoutConstraint, as id: Int32) {
        c.coreID = id
        while constraintOfCoreID.count <= Int(id) { constraintOfCoreID.append(nil) }
        constraintOfCoreID[Int(id)] = c
    }

    /// Takes a constraint out of the solver (it stays active if it is).
    func uninstall(_ c: LayoutConstraint) {
        guard c.coreID >= 0 else { return }
        try? core.removeConstraint(c.coreID)
        constraintOfCoreID[Int(c.coreID)] = nil
        c.coreID = -1
    }

    /// Applies a changed constant, through the solver's fast path when installed.
    func changeConstant(of c: LayoutConstraint, to constant: Double) throws(LayoutError) {
        let old = c.constant
        c.constant = constant
        guard c.isInstalled else { return }
        do {
            try core.setConstant(c.coreID, solverForm(of: c).constant)
        } catch .unsatisfiable(let ids) {
            let conflict = ids.compactMap { constraintOfCoreID[Int($0)] }
            do {
                let broken = try recover(from: conflict, pending: c)
                if broken !== c { try changeConstant(of: c, to: constant) }
            } catch {
                c.constant = old
                throw error
            }
        } catch {
            c.constant = old
            throw .internalError("\(error)")
        }
    }

    /// Applies a changed priority; engine-made constraints may cross the required boundary.
    func changePriority(of c: LayoutConstraint, to priority: Priority) throws(LayoutError) {
        let old = c.priority
        c.priority = priority
        guard c.isInstalled else { return }
        do {
            try core.setPriority(c.coreID, priority.value)
        } catch .unsatisfiable(let ids) {
            let conflict = ids.compactMap { constraintOfCoreID[Int($0)] }
            do {
                let broken = try recover(from: conflict, pending: c)
                if broken !== c { try changePriority(of: c, to: priority) }
            } catch {
                c.priority = old
                throw error
            }
        } catch {
            c.priority = old
            throw .internalError("\(error)")
        }
    }

    /// Re-derives an installed constraint's solver form after an item property changed
    /// (margins, baselines, direction): a constant change when only the constant moved,
    /// otherwise a reinstall.
    func refresh(_ c: LayoutConstraint) throws(LayoutError) {
        guard c.isInstalled else { return }
        let form = solverForm(of: c)
        let record = core.constraints[Int(c.coreID)]
        if record.terms == form.terms && record.relation == form.relation {
            if record.constant != form.constant {
                do {
                    try core.setConstant(c.coreID, form.constant)
                } catch .unsatisfiable(let ids) {
                    let conflict = ids.compactMap { constraintOfCoreID[Int($0)] }
                    if try recover(from: conflict, pending: c) !== c { try refresh(c) }
                } catch {
                    throw .internalError("\(error)")
                }
            }
            return
        }
        uninstall(c)
        try install(c)
    }
}
