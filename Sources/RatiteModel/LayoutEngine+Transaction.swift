/// One entry of the engine's undo log. The steps every activation takes (a constraint's
/// fields, an item's constraint list, the solver-id table) have cases of their own; anything
/// rarer is a closure: activating a constraint, which a layout build does over and over,
/// took five closures and four key-path writes.
enum UndoStep {
    case run(() -> Void)
    /// Puts back a constraint's engine-held fields.
    case restoreFields(LayoutConstraint, LayoutConstraint.Fields)
    /// Drops the constraint an item's list gained at its end.
    case removeLastListed(LayoutItem)
    /// Puts back what the solver-id table held for an id.
    case restoreCoreIDEntry(Int32, LayoutConstraint?)
    /// Takes back the activations `activationLog` holds from this index on (see
    /// `logActivation`).
    case activations(from: Int)
}

/// A constraint an operation activated and installed without a conflict, with its fields
/// from before: undoing it takes it out of the solver-id table and its items' lists and
/// puts the fields back.
///
/// The record names the constraint by its solver id, not by a reference: undo steps run
/// in reverse order, so when this one runs the table holds the constraint under that id
/// again, as the activation left it. Holding a reference cost a large batch a release of
/// every constraint at its commit, when their objects had long left the cache.
struct ActivationRecord {
    let coreID: Int32
    let fields: LayoutConstraint.Fields
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
        let outermost = transactionDepth == 0
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let mark = undoLog.count
        // An inner operation rolls back alone, so its activations must not join a run an
        // outer step holds.
        activationRunEnd = -1
        core.beginTransaction()
        do {
            let result = try body()
            core.commitTransaction()
            if outermost { forgetUndoLog() }
            return result
        } catch {
            core.rollbackTransaction()
            for step in undoLog[mark...].reversed() { undo(step) }
            undoLog.removeSubrange(mark...)
            activationRunEnd = -1
            if outermost { forgetUndoLog() }
            throw error
        }
    }

    /// Empties the logs after the outermost operation, keeping storage a later one is
    /// likely to need but not what one large batch grew.
    private func forgetUndoLog() {
        undoLog.removeAll(keepingCapacity: undoLog.count <= Self.keptUndoCapacity)
        activationLog.removeAll(keepingCapacity: activationLog.count <= Self.keptUndoCapacity)
        activationRunEnd = -1
    }

    /// Undo entries whose storage is kept between operations.
    private static let keptUndoCapacity = 1 << 12

    private func undo(_ step: UndoStep) {
        switch step {
        case .run(let body): body()
        case .restoreFields(let c, let fields): c.fields = fields
        case .removeLastListed(let item): item.removeLastListed()
        case .restoreCoreIDEntry(let id, let c): constraintOfCoreID[Int(id)] = c
        case .activations(let from):
            for record in activationLog[from...].reversed() {
                guard let c = recordedConstraint(ofCoreID: record.coreID) else {
                    assertionFailure("an activation's solver id lost its constraint before its undo")
                    continue
                }
                constraintOfCoreID[Int(record.coreID)] = nil
                for item in listingItems(of: c) { item.removeLastListed() }
                c.fields = record.fields
            }
            activationLog.removeSubrange(from...)
        }
    }

    /// Whether an operation is running, so that changes must be logged.
    @inline(__always) var isLogging: Bool { transactionDepth > 0 }

    /// Records how to restore Swift-side state if the current operation fails.
    @inline(__always) func onUndo(_ undo: @escaping () -> Void) {
        if isLogging { undoLog.append(.run(undo)) }
    }

    /// Records a step of the current operation's undo log (nothing outside an operation).
    @inline(__always) func onUndo(_ step: UndoStep) {
        if isLogging { undoLog.append(step) }
    }

    /// Remembers constraint `c`'s engine-held fields, to put back if the operation fails.
    @inline(__always) func saveFields(of c: LayoutConstraint) {
        if isLogging { undoLog.append(.restoreFields(c, c.fields)) }
    }

    /// Records that `c`, whose fields were `before`, was activated and installed under a
    /// solver id the table held nothing for. Activations in a row share one undo step:
    /// a batch logs a record per constraint in a plain array, not an enum case per change.
    /// `c` is in the solver-id table under `c.coreID` already (the record names it so).
    @inline(__always) func logActivation(of c: LayoutConstraint, before: LayoutConstraint.Fields) {
        guard isLogging else { return }
        if undoLog.count != activationRunEnd {
            undoLog.append(.activations(from: activationLog.count))
            activationRunEnd = undoLog.count
        }
        activationLog.append(ActivationRecord(coreID: c.coreID, fields: before))
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
