import RatiteSolver
import RatiteSupport
import RatiteVFL

/// Validating, activating and changing constraints.
extension LayoutEngine {
    /// Activates constraints. Already active ones are left alone.
    ///
    /// - Throws: `LayoutError` if any constraint is invalid (then none is activated), or, in
    ///   strict mode (`throwsOnConflict`), `.unsatisfiable` if the required constraints cannot
    ///   all hold (then nothing changes). Otherwise a conflict breaks one constraint and is
    ///   reported through `conflictLog` and `onConflict`.
    /// - Complexity: per constraint, that of `Solver.add(_:)` (proportional to the rows it
    ///   touches) after an O(depth) walk to the items' common ancestor; a conflict adds the
    ///   search for a minimal conflicting set.
    public func activate(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        try transaction { () throws(LayoutError) in
            clearExercise()
            activationLog.reserveCapacity(activationLog.count + constraints.count)
            // Each constraint is validated as the loop reaches it, while its object is in
            // the cache: a pass of its own read every constraint and its items from memory
            // once more in a large batch. The error stays the one validating everything
            // first gives: a failed activation defers to an invalid constraint further on,
            // and the transaction undoes what the earlier ones did.
            for k in constraints.indices {
                let c = constraints[k]
                try validate(c)
                guard !c.isActive else { continue }
                do throws(LayoutError) {
                    try activateInactive(c)
                } catch {
                    try validate(constraints[(k + 1)...])
                    throw error
                }
            }
        }
    }

    /// Deactivates constraints; inactive ones are left alone.
    /// - Complexity: per constraint, that of `Solver.remove(_:)`; taking it off its items'
    ///   lists is O(1).
    public func deactivate(_ constraints: [LayoutConstraint]) {
        try? transaction { () throws(LayoutError) in
            clearExercise()
            for c in constraints where c.isActive {
                try uninstall(c)
                markInactive(c)
            }
        }
    }

    /// Changes the constant of a constraint. On an active constraint this is the fast path:
    /// the solver shifts the constant in place, nothing is rebuilt.
    /// - Throws: `nonFiniteConstant`, or `.unsatisfiable` in strict mode.
    /// - Complexity: that of `Solver.suggestValue(_:_:)`: the rows holding the constraint's
    ///   marker shift their constants and the dual simplex repairs feasibility. O(1) on an
    ///   inactive constraint.
    public func setConstant(_ constant: Double, for c: LayoutConstraint) throws(LayoutError) {
        guard isInRange(constant) else { throw .nonFiniteConstant(c, constant) }
        try transaction { () throws(LayoutError) in try changeConstant(of: c, to: constant) }
    }

    /// Changes the priority of a constraint. An active constraint may not move between
    /// required and optional (as in Auto Layout); optional changes only touch the objective.
    /// - Throws: `invalidPriority`, `requiredPriorityChange`, or `.unsatisfiable` in strict mode.
    /// - Complexity: between optional priorities, moving the constraint's error terms to the
    ///   other level of the objective and the pivots that re-optimize; an engine-made
    ///   constraint crossing the required boundary is removed and added again. O(1) on an
    ///   inactive constraint.
    public func setPriority(_ priority: Priority, for c: LayoutConstraint) throws(LayoutError) {
        guard priority.isValid else { throw .invalidPriority(priority.value) }
        if c.isActive && c.kind == .user && c.priority.isRequired != priority.isRequired {
            throw .requiredPriorityChange(c)
        }
        try transaction { () throws(LayoutError) in try changePriority(of: c, to: priority) }
    }

    // MARK: Validation

    /// Checks constraints as activation would, without activating anything.
    /// - Complexity: O(1) per constraint: the checks compare attributes and the items' roots.
    public func validate(_ constraints: [LayoutConstraint]) throws(LayoutError) {
        try validate(constraints[...])
    }

    func validate(_ constraints: ArraySlice<LayoutConstraint>) throws(LayoutError) {
        for c in constraints { try validate(c) }
    }

    func validate(_ c: LayoutConstraint) throws(LayoutError) {
        guard owns(c.firstItem), c.secondItem.map(owns) ?? true else { throw .foreignItem(c) }
        if let defect = ConstraintDefect.of(c.firstAttribute, root: c.firstItem.rootIndex, c.secondAttribute,
                                            root: c.secondItem?.rootIndex, multiplier: c.multiplier,
                                            constant: c.constant, priority: c.priority) {
            throw defect.error(for: c)
        }
    }

    /// Whether `item` is one of this engine's items. Items are never removed, so an item's
    /// index identifies it; this also rejects items of an engine that no longer exists.
    func owns(_ item: LayoutItem) -> Bool {
        item.index < items.count && items[item.index] === item
    }

    // MARK: Bookkeeping

    /// Marks inactive `c` active, lists it on its items and installs it, recovering from a
    /// conflict unless strict. Without a conflict the whole change is one `ActivationRecord`
    /// (see `logActivation`); with one, each step is logged as it is taken.
    func activateInactive(_ c: LayoutConstraint) throws(LayoutError) {
        let before = c.fields
        activationCounter += 1
        c.activationSerial = activationCounter
        c.activeFlag = true
        c.isBroken = false
        appendToListingItems(c)
        var logged = false
        while true {
            let (constant, relation) = solverForm(of: c, into: &termScratch)
            do {
                let id = try addToSolver(c, constant: constant, relation: relation)
                if !logged && recordedConstraint(ofCoreID: id) == nil {
                    c.coreID = id
                    while constraintOfCoreID.count <= Int(id) { constraintOfCoreID.append(nil) }
                    constraintOfCoreID[Int(id)] = c
                    logActivation(of: c, before: before)
                    return
                }
                if !logged { logListing(of: c, before: before) }
                record(c, as: id)
                return
            } catch .unsatisfiable(let ids) {
                if !logged { logListing(of: c, before: before) }
                logged = true
                let conflict = ids.compactMap { $0 == pendingConstraintID ? c : constraint(ofCoreID: $0) }
                if try recover(from: conflict, pending: c) === c { return }
            } catch {
                throw .internalError("\(error)")
            }
        }
    }

    /// Appends `c` to the lists of `listingItems(of: c)`, without making that array.
    private func appendToListingItems(_ c: LayoutConstraint) {
        if c.kind == .contentHugging || c.kind == .compressionResistance,
            c.firstItem.ownConstraints.contains(where: { $0 === c }) {
            return
        }
        c.firstItem.appendListed(c)
        guard let second = c.secondItem else { return }
        if second !== c.firstItem { second.appendListed(c) }
        if let share = c.superviewShare, share.item !== c.firstItem, share.item !== second {
            share.item.appendListed(c)
        }
    }

    /// Logs, as separate steps, `activateInactive`'s changes before the solver: the fields
    /// `c` had and its place at the end of its items' lists.
    private func logListing(of c: LayoutConstraint, before: LayoutConstraint.Fields) {
        onUndo(.restoreFields(c, before))
        for item in listingItems(of: c) { onUndo(.removeLastListed(item)) }
    }

    func markInactive(_ c: LayoutConstraint) {
        saveFields(of: c)
        c.activeFlag = false
        c.isBroken = false
        for item in listingItems(of: c) {
            // In place and in constant time: a superview's list holds every constraint on
            // its subviews (see `LayoutItem.removeListed`). Undo steps run in reverse
            // order, so each restoration finds the list as this removal left it.
            guard let i = item.listPosition(of: c) else { continue }
            item.removeListed(at: i)
            onUndo { item.restoreListed(c, at: i) }
        }
    }

    /// The items whose `constraints` list holds `c`: the distinct items it mentions. A
    /// content-size constraint mentions only its own item, whose `ownConstraints` holds it
    /// already while the item owns it; listing it twice cost a form memory on every such
    /// constraint, and the list's growth. One the item no longer owns (its intrinsic size
    /// was removed while the user had it deactivated, and the user activated it again) is
    /// listed.
    func listingItems(of c: LayoutConstraint) -> [LayoutItem] {
        if c.kind == .contentHugging || c.kind == .compressionResistance,
            c.firstItem.ownConstraints.contains(where: { $0 === c }) {
            return []
        }
        var result = [c.firstItem]
        if let second = c.secondItem, second !== c.firstItem { result.append(second) }
        if let share = c.superviewShare, !result.contains(where: { $0 === share.item }) { result.append(share.item) }
        return result
    }

    /// Engine-made constraints: recorded on their item and activated without user checks.
    func installOwn(_ constraints: [LayoutConstraint], of item: LayoutItem) throws(LayoutError) {
        // Owned first, so `markActive` sees them as the item's (see `listingItems`).
        set(\.ownConstraints, of: item, to: item.ownConstraints + constraints)
        for c in constraints { try activateInactive(c) }
    }

    /// Deactivates and forgets engine-made constraints.
    func removeOwn(_ constraints: [LayoutConstraint], of item: LayoutItem) throws(LayoutError) {
        for c in constraints where c.isActive {
            try uninstall(c)
            markInactive(c)
        }
        set(\.ownConstraints, of: item, to: item.ownConstraints.filter { c in !constraints.contains { $0 === c } })
    }

    // MARK: Solver plumbing

    /// The parent of one of this engine's items: `item.parent` without loading the weak
    /// reference to the engine.
    func parent(of item: LayoutItem) -> LayoutItem? { item.parentIndex.map { items[$0] } }

    /// The nearest item that is or contains both (the coordinate space a constraint
    /// between them lives in), or nil when they are in different hierarchies.
    func commonAncestor(_ a: LayoutItem, _ b: LayoutItem) -> LayoutItem? {
        guard a.rootIndex == b.rootIndex else { return nil }
        // Up from the deeper to the same depth, then up from both until they meet: as far
        // as the ancestor, not to the root (a walk to the root per constraint made a deep
        // hierarchy quadratic).
        var x: LayoutItem? = a, y: LayoutItem? = b
        while let i = x, i.depth > b.depth { x = parent(of: i) }
        while let j = y, let i = x, j.depth > i.depth { y = parent(of: j) }
        while let i = x, let j = y, i !== j {
            x = parent(of: i)
            y = parent(of: j)
        }
        return x
    }

    /// The constraint as solver terms: `first - multiplier × second - share × size`, the
    /// constant that goes with it, and the relation.
    ///
    /// Positions are measured in the coordinate space of the items' nearest common
    /// ancestor, as in Auto Layout: a multiplier scales the distance from that ancestor's
    /// origin (`v.centerX == superview.centerX * 0.5` puts `v` a quarter of the way across).
    /// Under right-to-left (of that ancestor), a horizontal constraint on leading/trailing
    /// positions measures along the mirrored axis, from the right edge: `b.leading ==
    /// a.trailing + 8` puts `b` 8 points to the *left* of `a`. Negating both sides does
    /// that: the constant changes sign and an inequality turns around.
    func solverForm(of c: LayoutConstraint) -> (terms: [VariableTerm], constant: Double, relation: Relation) {
        var terms: [VariableTerm] = []
        let (constant, relation) = solverForm(of: c, into: &terms)
        return (terms, constant, relation)
    }

    /// `solverForm(of:)` with the terms written into `terms` (emptied first), so that a
    /// caller installing many constraints reuses one buffer.
    func solverForm(
        of c: LayoutConstraint, into terms: inout [VariableTerm]
    ) -> (constant: Double, relation: Relation) {
        // Emptied from the end: `removeAll(keepingCapacity:)` cost more than the form.
        while !terms.isEmpty { terms.removeLast() }
        let first = AttributeForm(c.firstItem, c.firstAttribute)
        first.append(to: &terms, of: c.firstItem, scale: 1)
        let multiplier = c.multiplier
        let directional = c.firstAttribute.isDirectional || c.secondAttribute.isDirectional
        // Only a directional constraint (for the direction) or a scaled one (for the
        // origin) needs the common ancestor: most constraints skip the walk to it.
        var space = c.firstItem
        if let second = c.secondItem, directional || multiplier != 1 {
            space = commonAncestor(c.firstItem, second) ?? c.firstItem
        }
        let mirrored = directional && space.effectiveLayoutDirection == .rightToLeft
        var constant = first.constant - (mirrored ? -c.constant : c.constant)
        if let second = c.secondItem {
            let form = AttributeForm(second, c.secondAttribute)
            form.append(to: &terms, of: second, scale: -multiplier)
            constant -= multiplier * form.constant
            if !c.firstAttribute.isDimension && multiplier != 1 {
                let originAttribute: Attribute = c.firstAttribute.axis == .vertical ? .top : (mirrored ? .right : .left)
                let origin = AttributeForm(space, originAttribute)
                origin.append(to: &terms, of: space, scale: multiplier - 1)
                constant += (multiplier - 1) * origin.constant
            }
        }
        if let share = c.superviewShare {
            AttributeForm(share.item, share.attribute).append(to: &terms, of: share.item, scale: -share.share)
        }
        if terms.contains(where: { $0.coefficient == 0 }) { terms.removeAll { $0.coefficient == 0 } }
        var relation = c.relation
        if mirrored {
            switch relation {
            case .lessThanOrEqual: relation = .greaterThanOrEqual
            case .greaterThanOrEqual: relation = .lessThanOrEqual
            case .equal: break
            }
        }
        return (constant, relation)
    }

    /// Puts an active constraint into the solver, recovering from a conflict unless strict.
    func install(_ c: LayoutConstraint) throws(LayoutError) {
        while true {
            let (constant, relation) = solverForm(of: c, into: &termScratch)
            do {
                let id = try addToSolver(c, constant: constant, relation: relation)
                record(c, as: id)
                return
            } catch .unsatisfiable(let ids) {
                let conflict = ids.compactMap { $0 == pendingConstraintID ? c : constraint(ofCoreID: $0) }
                if try recover(from: conflict, pending: c) === c { return }
            } catch {
                throw .internalError("\(error)")
            }
        }
    }

    /// Adds `c` to the solver as the terms in `termScratch`, `constant` and `relation`.
    ///
    /// An optional equality on one variable that is stronger than every optional
    /// constraint held (a window's size over the content's preferences, an edit) is added
    /// where the current solution has its variable, which moves nothing, and then moved to
    /// its constant as a suggested edit value is. The dual simplex that moves it lets the
    /// newest of equally cheap constraints give way: in a layout built toward that edge,
    /// the one nearest it, so later resizes move little. Added at its constant, the
    /// primal simplex would let the oldest give way and move every view after it.
    /// Either way the optimum is the same; only a tie between optimal layouts goes
    /// differently.
    private func addToSolver(
        _ c: LayoutConstraint, constant: Double, relation: Relation
    ) throws(CoreError) -> Int32 {
        let priority = c.priority.value
        if relation == .equal, priority < 1000, termScratch.count == 1,
            let highest = core.highestPriority, priority > highest {
            let term = termScratch[0]
            let now = core.freshValue(ofVariable: term.variable)
            if now.isFinite {
                let id = try core.addConstraint(
                    terms: termScratch, constant: -term.coefficient * now, relation: relation, priority: priority)
                try core.setConstant(id, constant)
                return id
            }
        }
        return try core.addConstraint(terms: termScratch, constant: constant, relation: relation, priority: priority)
    }

    func record(_ c: LayoutConstraint, as id: Int32) {
        saveFields(of: c)
        c.coreID = id
        while constraintOfCoreID.count <= Int(id) { constraintOfCoreID.append(nil) }
        onUndo(.restoreCoreIDEntry(id, constraintOfCoreID[Int(id)]))
        constraintOfCoreID[Int(id)] = c
    }

    /// Takes a constraint out of the solver (it stays active if it is). Throws only if a
    /// content-size pair it shares a split equality with cannot be separated (an internal
    /// error); the operation then rolls back.
    func uninstall(_ c: LayoutConstraint) throws(LayoutError) {
        try separateIfShared(c)
        let id = c.coreID
        guard id >= 0 else { return }
        try? core.removeConstraint(id)
        forgetCoreID(id)
        set(\.coreID, of: c, to: -1)
    }

    /// The layout constraint recorded for solver id `id` (`record`), or nil.
    func recordedConstraint(ofCoreID id: Int32) -> LayoutConstraint? {
        id >= 0 && Int(id) < constraintOfCoreID.count ? constraintOfCoreID[Int(id)] : nil
    }

    /// Clears the record of which layout constraint solver id `id` stands for.
    func forgetCoreID(_ id: Int32) {
        guard let old = recordedConstraint(ofCoreID: id) else { return }
        onUndo(.restoreCoreIDEntry(id, old))
        constraintOfCoreID[Int(id)] = nil
    }

    /// Applies a changed constant, through the solver's fast path when installed.
    func changeConstant(of c: LayoutConstraint, to constant: Double) throws(LayoutError) {
        set(\.storedConstant, of: c, to: constant)
        guard c.isInstalled else { return }
        try applyConstant(of: c)
    }

    /// Moves an installed constraint's solver constant to its current solver form.
    private func applyConstant(of c: LayoutConstraint) throws(LayoutError) {
        try apply(to: c) { () throws(CoreError) in try core.setConstant(c.coreID, solverForm(of: c).constant) }
    }

    /// Applies a changed priority; engine-made constraints may cross the required boundary.
    func changePriority(of c: LayoutConstraint, to priority: Priority) throws(LayoutError) {
        set(\.storedPriority, of: c, to: priority)
        guard c.isInstalled else { return }
        try apply(to: c) { () throws(CoreError) in try core.setPriority(c.coreID, c.priority.value) }
    }

    /// Makes `change` to installed `c`'s solver constraint, breaking what it conflicts with.
    /// Each conflict breaks one constraint, so this retries until `c` holds or is the one
    /// broken: in a loop, not by recursion, as thousands of constraints may break in turn.
    private func apply(to c: LayoutConstraint, _ change: () throws(CoreError) -> Void) throws(LayoutError) {
        while true {
            try separateIfShared(c)
            do {
                try change()
                return
            } catch .unsatisfiable(let ids) {
                let conflict = ids.compactMap { constraint(ofCoreID: $0) }
                if try recover(from: conflict, pending: c) === c { return }
            } catch {
                throw .internalError("\(error)")
            }
        }
    }

    /// Re-derives the solver forms of installed constraints after item properties changed
    /// (margins, baselines, direction), all at once so that constraints that agree after the
    /// change never conflict halfway through it: reshaped constraints are taken out first,
    /// changed constants move together in one solver step, then the reshaped ones go back.
    func refresh(_ list: [LayoutConstraint]) throws(LayoutError) {
        var reshaped: [LayoutConstraint] = []
        var constants: [(LayoutConstraint, Double)] = []
        // A content-size pair held as one split equality never changes shape, and its
        // constant follows its item (`updateContentSizeConstraints`).
        for c in list where c.isInstalled && !core.isSplitConstraint(c.coreID) {
            let form = solverForm(of: c)
            if !core.terms(ofConstraint: c.coreID).elementsEqual(form.terms)
                || core.relation(ofConstraint: c.coreID) != form.relation {
                reshaped.append(c)
            } else if core.constant(ofConstraint: c.coreID) != form.constant {
                constants.append((c, form.constant))
            }
        }
        for c in reshaped { try uninstall(c) }
        try applyConstants(constants)
        for c in reshaped { try install(c) }
    }

    /// Moves installed constraints' solver constants together. When the new constants
    /// conflict, the solver names a minimal conflict at the new constants; one constraint
    /// of it breaks (or the operation is refused in strict mode) and the rest moves again.
    /// Applying them one by one instead could meet a conflict the batch never passes
    /// through, and break a constraint for it.
    private func applyConstants(_ changes: [(LayoutConstraint, Double)]) throws(LayoutError) {
        var pending = changes
        while !pending.isEmpty {
            do {
                try core.setConstants(pending.map { ($0.0.coreID, $0.1) })
                return
            } catch .unsatisfiable(let ids) {
                let conflict = ids.compactMap { constraint(ofCoreID: $0) }
                // The constraints being changed stand where `recover` expects the pending one.
                let changing = conflict.last { c in pending.contains { $0.0 === c } } ?? pending[pending.count - 1].0
                let victim = try recover(from: conflict, pending: changing)
                pending.removeAll { $0.0 === victim || !$0.0.isInstalled }
            } catch {
                throw .internalError("\(error)")
            }
        }
    }
}

/// What `LayoutEngine.defect` finds wrong with a constraint; `error(for:)` is the error
/// activation throws for it.
package enum ConstraintDefect: Sendable {
    case missingAttribute, invalidMultiplier, nonFiniteConstant, invalidPriority
    case positionAgainstConstant, invalidPairing, mixedAxes, mixedDirectionality, noCommonAncestor

    /// Why activation would refuse `first.a1 ~ second.a2 * multiplier + constant @priority`
    /// between items of one engine, or nil: the rules of `LayoutEngine.validate` after its
    /// ownership check, for callers that check a constraint's fields before (or instead of)
    /// making a `LayoutConstraint`. Of the items only their roots (`LayoutItem.rootIndex`)
    /// matter; `secondRoot` is nil without a second item.
    package static func of(
        _ a1: Attribute, root firstRoot: Int, _ a2: Attribute, root secondRoot: Int?,
        multiplier: Double, constant: Double, priority: Priority
    ) -> ConstraintDefect? {
        guard a1 != .notAnAttribute, (secondRoot == nil) == (a2 == .notAnAttribute) else { return .missingAttribute }
        guard isInRange(multiplier) else { return .invalidMultiplier }
        guard isInRange(constant) else { return .nonFiniteConstant }
        guard priority.isValid else { return .invalidPriority }
        // Apple's rule: a location equal to a constant, written without a second item or
        // with multiplier 0, is refused; a size may be (`height == 0 * nothing + 50`).
        guard let secondRoot else { return a1.isDimension ? nil : .positionAgainstConstant }
        if multiplier == 0 && !a1.isDimension { return .positionAgainstConstant }
        guard a1.isDimension == a2.isDimension else { return .invalidPairing }
        // Sizes may relate across axes (aspect ratios); positions may not.
        guard a1.isDimension || a1.axis == a2.axis else { return .mixedAxes }
        if (a1.isDirectional && a2.isAbsoluteHorizontal) || (a1.isAbsoluteHorizontal && a2.isDirectional) {
            return .mixedDirectionality
        }
        guard firstRoot == secondRoot else { return .noCommonAncestor }
        return nil
    }

    package func error(for c: LayoutConstraint) -> LayoutError {
        switch self {
        case .missingAttribute: .missingAttribute(c)
        case .invalidMultiplier: .invalidMultiplier(c, c.multiplier)
        case .nonFiniteConstant: .nonFiniteConstant(c, c.constant)
        case .invalidPriority: .invalidPriority(c.priority.value)
        case .positionAgainstConstant: .positionAgainstConstant(c)
        case .invalidPairing: .invalidPairing(c)
        case .mixedAxes: .mixedAxes(c)
        case .mixedDirectionality: .mixedDirectionality(c)
        case .noCommonAncestor: .noCommonAncestor(c)
        }
    }
}
