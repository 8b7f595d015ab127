/// All-or-nothing engine operations.
///
/// The solver core undoes its own changes with its journal; the engine's Swift-side records
/// (constraint fields, item lists and properties, the conflict log) keep an undo log of
/// closures while an operation runs. A failing operation (an invalid input discovered late,
/// a conflict in strict mode) rolls both back, so the engine is exactly as it was.
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
                for undo in log[mark...].reversed() { undo() }
                undoLog?.removeSubrange(mark...)
            }
            if outermost { undoLog = nil }
            throw error
        }
    }

    /// Records how to restore Swift-side state if the current operation fails.
    @inline(__always) func onUndo(_ undo: @escaping () -> Void) {
        undoLog?.append(undo)
    }

    /// Sets a property of an item, remembering the old value for rollback.
    func set<T>(_ path: ReferenceWritableKeyPath<LayoutItem, T>, of item: LayoutItem, to value: T) {
        let old = item[keyPath: path]
        onUndo { item[keyPath: path] = old }
        item[keyPath: path] = value
    }

    /// Sets a field of a constraint, remembering the old value for rollback.
    func set<T>(_ path: ReferenceWritableKeyPath<LayoutConstraint, T>, of c: LayoutConstraint, to value: T) {
        let old = c[keyPath: path]
        onUndo { c[keyPath: path] = old }
        c[keyPath: path] = value
    }
}
