import RatiteSolver
import RatiteSupport
import RatiteVFL

/// Content-size constraints (hugging and compression resistance), held by the solver as one
/// split equality per axis, without objects until something needs them.
///
/// An item with an intrinsic size on an axis has two engine-made constraints there:
/// `size <= intrinsic` at its hugging priority and `size >= intrinsic` at its compression
/// resistance priority. In a form of label-and-field rows they are 8 of every 13
/// constraints. While both are optional they cannot conflict, nothing reshapes them (a size
/// is measured the same way under any direction, margin or baseline), and their constant
/// and priorities are the item's own. So the engine gives the solver the pair as one split
/// equality (`SimplexCore.addSplitConstraint`: one row and two error symbols where the pair
/// took two rows and four symbols) and records on the item only its solver id and
/// activation serial (`LayoutItem.ContentSizeInSolver`), so the commonest constraints of a
/// form cost neither a second row nor objects.
///
/// Objects are made (`materializeContentSize`) the first time a listing
/// (`activeConstraints`) or a report (`constraint(ofCoreID:)`) needs them. Both stand for the
/// one split equality and share its id. The engine keeps their constant and priority in
/// step with the item. Anything that would treat one of them on its own separates the pair
/// first (`separateContentSize`): a required priority, or the user's deactivation, constant
/// or priority change of either object. The axis then works as other engine-made
/// constraints do, through `ownConstraints`, with a solver constraint each.
extension LayoutEngine {
    /// Brings the hugging and compression constraints of both axes in line with the item:
    /// priorities first, then all constants.
    func updateContentSizeConstraints(of item: LayoutItem) throws(LayoutError) {
        var changedConstants: [(LayoutConstraint, Double)] = []
        var changedSolverConstants: [(Int32, Double)] = []
        for axis in Axis.allCases {
            let value = item.intrinsicContentSize.value(on: axis)
            let hugging = item.contentHuggingPriority(for: axis)
            let compression = item.compressionResistancePriority(for: axis)
            let inSolver = item.contentSizeInSolver(on: axis)
            if inSolver.isInstalled {
                guard let value else {
                    removeContentSizeInSolver(of: item, on: axis)
                    continue
                }
                if hugging.isRequired || compression.isRequired {
                    // A required side can conflict, and conflicts are between constraints.
                    try separateContentSize(of: item, on: axis)
                } else {
                    let id = inSolver.id
                    if core.priority(ofConstraint: id) != hugging.value
                        || core.lowerPriority(ofConstraint: id) != compression.value {
                        do {
                            try core.setSplitPriorities(id, above: hugging.value, below: compression.value)
                        } catch {
                            throw .internalError("\(error)")
                        }
                    }
                    if core.constant(ofConstraint: id) != -value { changedSolverConstants.append((id, -value)) }
                    for c in splitObjects(of: item, on: axis) {
                        set(\.storedPriority, of: c, to: c.kind == .contentHugging ? hugging : compression)
                        set(\.storedConstant, of: c, to: value)
                    }
                    continue
                }
            }
            let attribute = axis.sizeAttribute
            let existing = item.contentSizeObjects(on: axis)
            guard let value else {
                try removeOwn(existing, of: item)
                continue
            }
            if existing.isEmpty {
                if !hugging.isRequired && !compression.isRequired {
                    try installContentSizeInSolver(
                        of: item, on: axis, value: value, hugging: hugging, compression: compression)
                } else {
                    try installOwn([
                        LayoutConstraint(
                            item, attribute, .lessThanOrEqual, nil, .notAnAttribute, constant: value, priority: hugging,
                            kind: .contentHugging),
                        LayoutConstraint(
                            item, attribute, .greaterThanOrEqual, nil, .notAnAttribute, constant: value,
                            priority: compression, kind: .compressionResistance),
                    ], of: item)
                }
                continue
            }
            for c in existing {
                let priority = c.kind == .contentHugging ? hugging : compression
                if c.priority != priority { try changePriority(of: c, to: priority) }
            }
            for c in existing where c.constant != value { changedConstants.append((c, value)) }
        }
        // Constants after every priority of both axes: a conflict met on the way names its
        // members with the constants the solver holds.
        for (c, value) in changedConstants { set(\.storedConstant, of: c, to: value) }
        if !changedSolverConstants.isEmpty {
            // Optional constraints: moving their constants cannot conflict.
            do { try core.setConstants(changedSolverConstants) } catch { throw .internalError("\(error)") }
        }
        try refresh(changedConstants.map(\.0))
    }

    private static func path(on axis: Axis) -> ReferenceWritableKeyPath<LayoutItem, LayoutItem.ContentSizeInSolver> {
        axis == .horizontal ? \.contentSizeInSolver.horizontal : \.contentSizeInSolver.vertical
    }

    /// Gives the solver `size <= value @hugging` and `size >= value @compression` (both
    /// optional) as one split equality, activated in that order, as `installOwn` would.
    private func installContentSizeInSolver(
        of item: LayoutItem, on axis: Axis, value: Double, hugging: Priority, compression: Priority
    ) throws(LayoutError) {
        let serial = activationCounter + 1
        activationCounter += 2
        do {
            let id = try core.addSplitConstraint(
                variable: item.sizeVariable(on: axis), constant: -value,
                above: hugging.value, below: compression.value)
            set(
                Self.path(on: axis), of: item,
                to: LayoutItem.ContentSizeInSolver(serial: serial, id: id, hasObjects: false))
        } catch {
            throw .internalError("\(error)")
        }
    }

    /// Takes an axis's split equality out of the solver; objects made for it become
    /// inactive and leave `ownConstraints`.
    private func removeContentSizeInSolver(of item: LayoutItem, on axis: Axis) {
        let inSolver = item.contentSizeInSolver(on: axis)
        try? core.removeConstraint(inSolver.id)
        let objects = splitObjects(of: item, on: axis)
        if !objects.isEmpty {
            forgetCoreID(inSolver.id)
            for c in objects {
                set(\.coreID, of: c, to: -1)
                markInactive(c)
            }
            set(\.ownConstraints, of: item, to: item.ownConstraints.filter { c in !objects.contains { $0 === c } })
        }
        set(Self.path(on: axis), of: item, to: .none)
    }

    /// The hugging and compression objects made for an axis's split equality, or none. A
    /// split axis has no other content-size objects: one is only installed on an axis
    /// without any (`updateContentSizeConstraints`).
    private func splitObjects(of item: LayoutItem, on axis: Axis) -> [LayoutConstraint] {
        item.contentSizeInSolver(on: axis).hasObjects ? item.contentSizeObjects(on: axis) : []
    }

    /// Makes the two objects that stand for an axis's split equality, from what the solver
    /// holds. Undone with the operation it is part of: the objects then read as inactive
    /// and uninstalled.
    func materializeContentSize(of item: LayoutItem, on axis: Axis) {
        let inSolver = item.contentSizeInSolver(on: axis)
        guard inSolver.isInstalled && !inSolver.hasObjects else { return }
        let attribute = axis.sizeAttribute
        let value = -core.constant(ofConstraint: inSolver.id)
        let hugging = LayoutConstraint(
            item, attribute, .lessThanOrEqual, nil, .notAnAttribute, constant: value,
            priority: Priority(core.priority(ofConstraint: inSolver.id)), kind: .contentHugging)
        let compression = LayoutConstraint(
            item, attribute, .greaterThanOrEqual, nil, .notAnAttribute, constant: value,
            priority: Priority(core.lowerPriority(ofConstraint: inSolver.id)), kind: .compressionResistance)
        for (c, serial) in [(hugging, inSolver.serial), (compression, inSolver.serial + 1)] {
            set(\.activationSerial, of: c, to: serial)
            set(\.activeFlag, of: c, to: true)
            set(\.coreID, of: c, to: inSolver.id)
        }
        // Reports that name the id find the hugging object, and its partner through it.
        record(hugging, as: inSolver.id)
        set(\.ownConstraints, of: item, to: item.ownConstraints + [hugging, compression])
        var marked = inSolver
        marked.hasObjects = true
        set(Self.path(on: axis), of: item, to: marked)
    }

    /// Makes the objects for every content-size pair held only by the solver.
    func materializeAllContentSize() {
        for item in items {
            for axis in Axis.allCases { materializeContentSize(of: item, on: axis) }
        }
    }

    /// Replaces an axis's split equality by one solver constraint per object (made first
    /// if need be), at the same constant and priorities, so each can change on its own.
    func separateContentSize(of item: LayoutItem, on axis: Axis) throws(LayoutError) {
        materializeContentSize(of: item, on: axis)
        let inSolver = item.contentSizeInSolver(on: axis)
        guard inSolver.isInstalled else { return }
        let objects = splitObjects(of: item, on: axis)
        let constant = core.constant(ofConstraint: inSolver.id)
        let priorities = (core.priority(ofConstraint: inSolver.id), core.lowerPriority(ofConstraint: inSolver.id))
        let terms = [VariableTerm(variable: item.sizeVariable(on: axis), coefficient: 1)]
        do {
            try core.removeConstraint(inSolver.id)
            forgetCoreID(inSolver.id)
            for c in objects {
                let hugs = c.kind == .contentHugging
                let id = try core.addConstraint(
                    terms: terms, constant: constant, relation: hugs ? .lessThanOrEqual : .greaterThanOrEqual,
                    priority: hugs ? priorities.0 : priorities.1)
                record(c, as: id)
            }
        } catch {
            throw .internalError("\(error)")
        }
        set(Self.path(on: axis), of: item, to: .none)
    }

    /// Separates the pair `c` belongs to when it shares a split equality, before an
    /// operation that treats `c` on its own.
    func separateIfShared(_ c: LayoutConstraint) throws(LayoutError) {
        guard c.coreID >= 0, c.kind == .contentHugging || c.kind == .compressionResistance else { return }
        for axis in Axis.allCases {
            let inSolver = c.firstItem.contentSizeInSolver(on: axis)
            if inSolver.isInstalled && inSolver.id == c.coreID { try separateContentSize(of: c.firstItem, on: axis) }
        }
    }

    /// The layout constraint behind a solver id, made first if it is a content-size pair
    /// without objects (a split equality yields its hugging object); nil for the engine's
    /// hidden constraints.
    func constraint(ofCoreID id: Int32) -> LayoutConstraint? {
        if let c = recordedConstraint(ofCoreID: id) { return c }
        guard let (item, axis) = contentSizeOwner(ofCoreID: id) else { return nil }
        materializeContentSize(of: item, on: axis)
        return recordedConstraint(ofCoreID: id)
    }

    /// The layout constraint behind tag symbol `tag` of solver constraint `id`: of a split
    /// equality, the hugging object for its marker (the error above), the compression one
    /// for the other error.
    func constraint(ofCoreID id: Int32, tag: Int32) -> LayoutConstraint? {
        guard let c = constraint(ofCoreID: id) else { return nil }
        guard core.isSplitConstraint(id), let axis = c.firstAttribute.axis else { return c }
        let objects = splitObjects(of: c.firstItem, on: axis)
        return objects.first { ($0.kind == .contentHugging) == (tag == core.marker(ofConstraint: id)) }
    }

    /// The item and axis whose split equality has solver id `id`: its only term is the
    /// item's width or height.
    private func contentSizeOwner(ofCoreID id: Int32) -> (LayoutItem, Axis)? {
        guard core.isConstraint(id), core.isSplitConstraint(id) else { return nil }
        let terms = core.terms(ofConstraint: id)
        guard terms.count == 1, Int(terms[0].variable) < itemOfVariable.count else { return nil }
        let index = Int(itemOfVariable[Int(terms[0].variable)])
        guard index >= 0 else { return nil }
        let item = items[index]
        for axis in Axis.allCases where item.contentSizeInSolver(on: axis).isInstalled
            && item.contentSizeInSolver(on: axis).id == id {
            return (item, axis)
        }
        return nil
    }
}
