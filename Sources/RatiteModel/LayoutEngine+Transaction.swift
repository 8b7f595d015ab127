/// One entry of the engine's undo log. The steps every activation takes (a constraint's
/// fields, an item's constraint list, the solver-id table) have cases of their own; anything
/// rarer is a closure. Activating a constraint took five closures and four key-path writes,
/// more than half of what a layout build cost beyond the solver's own work.
enum UndoStep {
    case run(() -> Void)
    /// Puts back a constraint's engine-held fields.
    case restoreFields(LayoutConstraint, LayoutConstraint.Fields)
    /// Drops the constraint an item's list gained at its end.
    case removeLastListed(LayoutItem)
    /// Puts back what the solver-id table held for an id.
    case restoreCoreIDEntry(Int32, LayoutConstraint?)
}

/// All-or-nothing engine operations.
///
/// The solver core undoes its own changes with its journal; the engine's Swift-side records
/// (constraint fields, item lists and properties, the conflict log) keep an undo log
/// (`UndoStep`) while an operation runs. A failing operation (an invalid input discovered
/// late, a conflict in strict mode) rolls both back, so the engine is exactly as it was.
extension LayoutEngine {
    /// Runs `body` as one operation; nested calls join the outermost one but roll back alone.
    func transaction<T>(_ body: () throws(LayoutError) -> T) throws(LayoutError) -> T {
        let outermost = undoLog == nil
        if outermost { undoLog = [] }
        let mark = undoLog?.count ?? 0
        core.beginTransaction()
        do {
            let result = try body()
            core.commitTransaction()
            if outermost { undoLog = nil }
            return result
        } catch {
            core.rollbackTransaction()
            if let log = undoLog {
                for step in log[mark...].reversed() { undo(step) }
                undoLog?.removeSubrange(mark...)
            }
            if outermost { undoLog = nil }
            throw error
        }
    }

    private func undo(_ step: UndoStep) {
        switch step {
        case .run(let body): body()
        case .restoreFields(let c, let fields): c.fields = fields
        case .removeLastListed(let item): item.removeLastListed()
        case .restoreCoreIDEntry(let id, let c): constraintOfCoreID[Int(id)] = c
        }
    }

    /// Records how to restore Swift-side state if the current operation fails.
    @inline(__always) func onUndo(_ undo: @escaping () -> Void) {
        undoLog?.append(.run(undo))
    }

    /// Records a step of the current operation's undo log (nothing outside an operation).
    @inline(__always) func onUndo(_ step: UndoStep) {
        undoLog?.append(step)
    }

    /// Remembers constraint `c`'s engine-held fields, to put back if the operation fails.
    @inline(__always) func saveFields(of c: LayoutConstraint) {
        undoLog?.append(.restoreFields(c, c.fields))
    }

    /// Sets a property of an item, remembering the old value for rollback.
    func set<T>(_ path: ReferenceWritableKeyPath<LayoutItem, T>, of item: LayoutItem, to value: T) {
        let old = item[keyPath: path]
        onUndo { item[keyPath: path] = old }
        item[keyPath: path] = value
    }

    /// Sets a field of a constraint, remembering the old value for rollback.
    @inline(__always)
    func set<T>(_ path: ReferenceWritableKeyPath<LayoutConstraint, T>, of c: LayoutConstraint, to value: T) {
        saveFields(of: c)
        c[keyPath: path] = value
    }
}
