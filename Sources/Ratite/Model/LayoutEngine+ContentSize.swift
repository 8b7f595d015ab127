/// Content-size constraints (hugging and compression resistance), kept without objects
/// while nothing needs them.
///
/// An item with an intrinsic size on an axis has two engine-made constraints there:
/// `size <= intrinsic` at its hugging priority and `size >= intrinsic` at its compression
/// resistance priority. In a form of label-and-field rows they are 8 of every 13
/// constraints. While both are optional they cannot conflict, and nothing reshapes them
/// (a size is measured the same way under any direction, margin or baseline); their
/// constant and priorities are the item's own. So the engine puts them in the solver and
/// records on the item only their solver ids and activation serial
/// (`LayoutItem.ContentSizeInSolver`: 16 bytes, where two objects and a list took about
/// 200).
///
/// The objects are made (`materializeContentSize`) the first time anything needs them: a
/// listing (`activeConstraints`), a report that names one of the solver ids
/// (`constraint(ofCoreID:)`), or a required priority. From then on the axis works as
/// other engine-made constraints do, through the item's `ownConstraints`.
extension LayoutEngine {
    /// Brings the hugging and compression constraints of both axes in line with the item:
    /// priorities first, then all constants.
    func updateContentSizeConstraints(of item: LayoutItem) throws(LayoutError) {
        var changedConstants: [LayoutConstraint] = []
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
                    // A required one can conflict, and a conflict report names objects.
                    materializeContentSize(of: item, on: axis)
                } else {
                    for (id, priority) in [(inSolver.hugging, hugging), (inSolver.compression, compression)]
                    where core.priority(ofConstraint: id) != priority.value {
                        do { try core.setPriority(id, priority.value) } catch { throw .internalError("\(error)") }
                    }
                    if core.constraints[Int(inSolver.hugging)].constant != -value {
                        changedSolverConstants += [(inSolver.hugging, -value), (inSolver.compression, -value)]
                    }
                    continue
                }
            }
            let attribute = Self.sizeAttribute(on: axis)
            let existing = item.ownConstraints.filter {
                ($0.kind == .contentHugging || $0.kind == .compressionResistance) && $0.firstAttribute == attribute
            }
            guard let value else {
                removeOwn(existing, of: item)
                continue
            }
            if existing.isEmpty {
                if !hugging.isRequired && !compression.isRequired {
                    try installContentSizeInSolver(of: item, on: axis, value: value, hugging: hugging, compression: compression)
                } else {
                    try installOwn([
                        LayoutConstraint(item, attribute, .lessThanOrEqual, nil, .notAnAttribute, constant: value, priority: hugging, kind: .contentHugging),
                        LayoutConstraint(item, attribute, .greaterThanOrEqual, nil, .notAnAttribute, constant: value, priority: compression, kind: .compressionResistance),
                    ], of: item)
                }
                continue
            }
            for c in existing {
                let priority = c.kind == .contentHugging ? hugging : compression
                if c.priority != priority { try changePriority(of: c, to: priority) }
                if c.constant != value {
                    set(\.constant, of: c, to: value)
                    changedConstants.append(c)
                }
            }
        }
        if !changedSolverConstants.isEmpty {
            // Optional constraints: moving their constants cannot conflict.
            do { try core.setConstants(changedSolverConstants) } catch { throw .internalError("\(error)") }
        }
        try refresh(changedConstants)
    }

    private static func sizeAttribute(on axis: Axis) -> Attribute { axis == .horizontal ? .width : .height }

    private static func path(on axis: Axis) -> ReferenceWritableKeyPath<LayoutItem, LayoutItem.ContentSizeInSolver> {
        axis == .horizontal ? \.contentSizeInSolver.horizontal : \.contentSizeInSolver.vertical
    }

    /// Adds `size <= value @hugging` and `size >= value @compression` (both optional) to the
    /// solver, activated in that order, as `installOwn` would.
    private func installContentSizeInSolver(
        of item: LayoutItem, on axis: Axis, value: Double, hugging: Priority, compression: Priority
    ) throws(LayoutError) {
        let terms = [VariableTerm(variable: axis == .horizontal ? item.width : item.height, coefficient: 1)]
        let serial = activationCounter + 1
        activationCounter += 2
        do {
            let h = try core.addConstraint(terms: terms, constant: -value, relation: .lessThanOrEqual, priority: hugging.value)
            let c = try core.addConstraint(terms: terms, constant: -value, relation: .greaterThanOrEqual, priority: compression.value)
            set(Self.path(on: axis), of: item, to: LayoutItem.ContentSizeInSolver(serial: serial, hugging: h, compression: c))
        } catch {
            throw .internalError("\(error)")
        }
    }

    private func removeContentSizeInSolver(of item: LayoutItem, on axis: Axis) {
        let inSolver = item.contentSizeInSolver(on: axis)
        try? core.removeConstraint(inSolver.hugging)
        try? core.removeConstraint(inSolver.compression)
        set(Self.path(on: axis), of: item, to: .none)
    }

    /// Makes the objects for an axis's content-size constraints held only by the solver,
    /// from what the solver holds, and hands the axis to `ownConstraints`. Undone with the
    /// operation it is part of: the objects then read as inactive and uninstalled.
    func materializeContentSize(of item: LayoutItem, on axis: Axis) {
        let inSolver = item.contentSizeInSolver(on: axis)
        guard inSolver.isInstalled else { return }
        let attribute = Self.sizeAttribute(on: axis)
        let value = -core.constraints[Int(inSolver.hugging)].constant
        var made: [LayoutConstraint] = []
        for (id, relation, kind, serial) in [
            (inSolver.hugging, Relation.lessThanOrEqual, LayoutConstraint.Kind.contentHugging, inSolver.serial),
            (inSolver.compression, .greaterThanOrEqual, .compressionResistance, inSolver.serial + 1),
        ] {
            let c = LayoutConstraint(
                item, attribute, relation, nil, .notAnAttribute, constant: value,
                priority: Priority(core.priority(ofConstraint: id)), kind: kind)
            set(\.activationSerial, of: c, to: serial)
            set(\.isActive, of: c, to: true)
            record(c, as: id)
            made.append(c)
        }
        set(\.ownConstraints, of: item, to: item.ownConstraints + made)
        set(Self.path(on: axis), of: item, to: .none)
    }

    /// Makes the objects for every content-size constraint held only by the solver.
    func materializeAllContentSize() {
        for item in items {
            for axis in Axis.allCases { materializeContentSize(of: item, on: axis) }
        }
    }

    /// The layout constraint behind a solver id, made first if it is a content-size
    /// constraint without an object; nil for the engine's hidden constraints.
    func constraint(ofCoreID id: Int32) -> LayoutConstraint? {
        guard id >= 0 else { return nil }
        if Int(id) < constraintOfCoreID.count, let c = constraintOfCoreID[Int(id)] { return c }
        // A content-size constraint's only term is its item's width or height.
        guard Int(id) < core.constraints.count, core.constraints[Int(id)].isAlive else { return nil }
        let terms = core.terms(ofConstraint: id)
        guard terms.count == 1, Int(terms[0].variable) < itemOfVariable.count else { return nil }
        let index = Int(itemOfVariable[Int(terms[0].variable)])
        guard index >= 0 else { return nil }
        let item = items[index]
        for axis in Axis.allCases {
            let inSolver = item.contentSizeInSolver(on: axis)
            if inSolver.isInstalled && (inSolver.hugging == id || inSolver.compression == id) {
                materializeContentSize(of: item, on: axis)
                return constraintOfCoreID[Int(id)]
            }
        }
        return nil
    }
}
