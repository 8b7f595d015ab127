import CRatite
import Ratite

/// What `ratite_solver *` points to: the integer-addressed solver core plus the id
/// bookkeeping and the strings the handle hands out.
final class SolverHandle: FailingHandle {
    // Unchecked exclusivity: a handle is used by one thread at a time and these are never
    // accessed re-entrantly; the dynamic checks would weigh on every addition.
    @exclusivity(unchecked) var core = SimplexCore()
    @exclusivity(unchecked) var variableIDs: IDSpace
    @exclusivity(unchecked) var constraintIDs: IDSpace
    /// The term list of the constraint being added, kept for its storage.
    @exclusivity(unchecked) var termScratch: [VariableTerm] = []
    /// The live variables by name, for `ratite_solver_variable_find` and the text syntax (the
    /// newest of a name wins). Built on the first lookup by name (`buildNameIndex`) and kept
    /// from then on: a program that only adds through ids never pays for it.
    var names = NamedSlots()
    var hasNameIndex = false
    /// For each variable slot, when its variable was created: which of several live
    /// variables of one name is the newest, once the index is built. (Slots are reused, so
    /// slot order is not creation order.)
    var createdAt: [UInt64] = []
    var creations: UInt64 = 0
    let lastError = HandleString()
    let name = HandleString()
    var lastConflict: [UInt64] = []
    /// The slots of the variables whose values the last `ratite_solver_update` changed, in
    /// slot order, and their ids: what `ratite_solver_changed_variables` hands out. The ids
    /// are made from the slots when first asked for (`changedVariableIDs`), or before a
    /// variable is created or freed (which could reuse a slot): an update loop that never
    /// asks pays nothing for them, where a resize that moves thousands of values would pay
    /// for an id each.
    var changedSlots: [Int32] = []
    var changedIDs: [ratite_variable] = []
    var changedIDsAreCurrent = true

    /// The ids of the variables the last update changed.
    func changedVariableIDs(in core: borrowing SimplexCore) -> [ratite_variable] {
        if !changedIDsAreCurrent {
            changedIDs.removeAll(keepingCapacity: true)
            for v in changedSlots where core.isVariable(v) { changedIDs.append(variableIDs.id(for: v)) }
            changedIDsAreCurrent = true
        }
        return changedIDs
    }

    init() {
        let tag = IDSpace.newTag()
        variableIDs = IDSpace(kind: .variable, tag: tag)
        constraintIDs = IDSpace(kind: .constraint, tag: tag)
    }

    // The core is passed in rather than read from `self.core`: `withSolver` holds it inout for
    // the whole call, and reading a large struct through a class property copies it.

    func variable(_ id: ratite_variable, in core: borrowing SimplexCore) throws(CFailure) -> Int32 {
        guard let v = variableIDs.slot(of: id), core.isVariable(v) else {
            throw CFailure(RATITE_ERROR_UNKNOWN, "unknown variable id \(id)")
        }
        return v
    }

    /// The slot of a variable id, by its generation alone: ids are retired whenever their
    /// variable goes, so a current generation means a live variable. For terms handed to
    /// the core, which checks them again, without a call that would copy the core.
    func variableSlot(_ id: ratite_variable) throws(CFailure) -> Int32 {
        guard let v = variableIDs.slot(of: id) else {
            throw CFailure(RATITE_ERROR_UNKNOWN, "unknown variable id \(id)")
        }
        return v
    }

    func constraint(_ id: ratite_constraint, in core: borrowing SimplexCore) throws(CFailure) -> Int32 {
        guard let c = constraintIDs.slot(of: id), core.isConstraint(c), !core.isEditConstraint(c) else {
            throw CFailure(RATITE_ERROR_UNKNOWN, "unknown constraint id \(id)")
        }
        return c
    }

    func newVariable(named name: String, core: inout SimplexCore) -> Int32 {
        let v = core.newVariable(name: name)
        while createdAt.count <= Int(v) { createdAt.append(0) }
        creations += 1
        createdAt[Int(v)] = creations
        if hasNameIndex { names.add(v, named: name) }
        return v
    }

    /// The newest live variable called `name`.
    func variable(named name: String, in core: borrowing SimplexCore) -> Int32? {
        if !hasNameIndex { buildNameIndex(core) }
        return names.newest(named: name)
    }

    /// Indexes every live variable, oldest first, so each name ends up at its newest.
    private func buildNameIndex(_ core: borrowing SimplexCore) {
        var live: [Int32] = []
        for v in 0..<Int32(createdAt.count) where core.isVariable(v) { live.append(v) }
        live.sort { createdAt[Int($0)] < createdAt[Int($1)] }
        for v in live { names.add(v, named: core.name(ofVariable: v)) }
        hasNameIndex = true
    }

    /// Forgets a variable's name (after it was freed or rolled back), so the next older
    /// variable of that name is found again.
    func forgetName(of v: Int32) {
        if hasNameIndex { names.forget(v) }
    }

    /// Frees a variable nothing mentions, retiring its ids.
    func deleteVariable(_ v: Int32, core: inout SimplexCore) {
        try? core.deleteVariable(v)
        forgetName(of: v)
        variableIDs.retire(v)
    }

    /// Runs one operation of the core, turning a `CoreError` into its C failure (`failure`);
    /// `pending` is the constraint a refused change names as the one being changed.
    func coreCall<T>(
        _ core: inout SimplexCore, pending: Int32 = -1, _ body: (inout SimplexCore) throws(CoreError) -> T
    ) throws(CFailure) -> T {
        do { return try body(&core) } catch { throw failure(error, pending: pending, core: core) }
    }

    /// Translates a core error, recording the conflict of an unsatisfiable one.
    func failure(_ error: CoreError, pending: Int32 = -1, core: borrowing SimplexCore) -> CFailure {
        func name(_ v: Int32) -> String {
            FailureText.variable(named: core.isVariable(v) ? core.name(ofVariable: v) : "", otherwise: "variable \(v)")
        }
        switch error {
        case .unknownConstraint(let c): return CFailure(RATITE_ERROR_UNKNOWN, "unknown constraint \(c)")
        case .unknownVariable(let v): return CFailure(RATITE_ERROR_UNKNOWN, "unknown variable \(v)")
        case .duplicateEditVariable(let v):
            return CFailure(RATITE_ERROR_DUPLICATE, FailureText.duplicateEditVariable(name(v)))
        case .unknownEditVariable(let v):
            return CFailure(RATITE_ERROR_UNKNOWN, FailureText.unknownEditVariable(name(v)))
        case .requiredEditVariable(let v):
            return CFailure(RATITE_ERROR_INVALID_PRIORITY, FailureText.requiredEditVariable(name(v)))
        case .invalidPriority(let p):
            return CFailure(
                p.isFinite ? RATITE_ERROR_INVALID_PRIORITY : RATITE_ERROR_NON_FINITE,
                FailureText.invalidPriority(p))
        case .nonFiniteCoefficient(let v, let x):
            return CFailure(RATITE_ERROR_NON_FINITE, FailureText.nonFiniteCoefficient(name(v), x))
        case .nonFiniteConstant(let x): return CFailure(RATITE_ERROR_NON_FINITE, FailureText.nonFiniteConstant(x))
        case .nonFiniteValue(let v, let x):
            return CFailure(RATITE_ERROR_NON_FINITE, FailureText.nonFiniteSuggestedValue(name(v), x))
        case .unsatisfiable(let ids):
            lastConflict = ids.map { $0 == pendingConstraintID ? 0 : constraintIDs.id(for: $0) }
            if pending >= 0, let last = lastConflict.last, last != constraintIDs.id(for: pending) {
                lastConflict.append(constraintIDs.id(for: pending))
            }
            return CFailure(
                RATITE_ERROR_UNSATISFIABLE, "unsatisfiable required constraints (\(ids.count) in the minimal conflict)")
        case .internalError(let text): return CFailure(RATITE_ERROR_INTERNAL, FailureText.internalError(text))
        }
    }
}

/// Runs `body` on the solver handle behind `pointer` and its core (`FailingHandle.call`).
func withSolver(
    _ pointer: OpaquePointer?, _ body: (SolverHandle, inout SimplexCore) throws(CFailure) -> Void
) -> ratite_status {
    SolverHandle.call(pointer) { h throws(CFailure) in try body(h, &h.core) }
}

/// The shape of the C calls that read one thing about a variable: the variable behind `id`
/// (an unknown id fails first), then the output pointer, then `value`.
func variableQuery<T>(
    _ solver: OpaquePointer?, _ id: ratite_variable, _ out: UnsafeMutablePointer<T>?,
    _ value: (borrowing SimplexCore, Int32) -> T
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let v = try h.variable(id, in: core)
        try output(out, "out").pointee = value(core, v)
    }
}

/// The C calls that take a variable's name and give its id: the name and the output
/// pointer checked, then the variable found, or (`creating`) made.
func variableByName(
    _ solver: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ nameLength: Int,
    _ out: UnsafeMutablePointer<ratite_variable>?, creating: Bool
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let text = try decodeString(name, nameLength, "name", isName: true)
        let out = try output(out, "out")
        let v: Int32
        if creating {
            _ = h.changedVariableIDs(in: core)
            v = h.newVariable(named: text, core: &core)
        } else {
            guard let found = h.variable(named: text, in: core) else {
                throw CFailure(RATITE_ERROR_UNKNOWN, "no variable named '\(text)'")
            }
            v = found
        }
        out.pointee = h.variableIDs.id(for: v)
    }
}

/// A change a C call makes to one variable.
enum VariableChange {
    case addEdit(priority: Double)
    case removeEdit
    case suggestion(Double)

    /// What the call's number must be, checked before the change.
    var check: ArgumentCheck? {
        switch self {
        case .addEdit(let priority): .priority(priority)
        case .removeEdit: nil
        case .suggestion(let value): .finite(value, "suggested value")
        }
    }

    func apply(to core: inout SimplexCore, _ v: Int32) throws(CoreError) {
        switch self {
        case .addEdit(let priority): try core.addEditVariable(v, priority: priority)
        case .removeEdit: try core.removeEditVariable(v)
        case .suggestion(let value): try core.suggestValue(v, value)
        }
    }
}

/// A change a C call makes to one constraint.
enum ConstraintChange {
    case constant(Double)
    case priority(Double)

    var check: ArgumentCheck {
        switch self {
        case .constant(let value): .finite(value, "constant")
        case .priority(let priority): .priority(priority)
        }
    }

    func apply(to core: inout SimplexCore, _ c: Int32) throws(CoreError) {
        switch self {
        case .constant(let value): try core.setConstant(c, value)
        case .priority(let priority): try core.setPriority(c, priority)
        }
    }
}

/// The shape of every C call that changes the solver through one variable: the variable
/// behind `id` (an unknown id fails first), then the call's own argument checks, then the
/// change, whose `CoreError` becomes the status.
func solverChange(_ solver: OpaquePointer?, _ id: ratite_variable, _ change: VariableChange) -> ratite_status {
    slotChange(solver, change.check, pending: false) { h, core throws(CFailure) in
        try h.variable(id, in: core)
    } change: { core, v throws(CoreError) in
        try change.apply(to: &core, v)
    }
}

/// `solverChange` for one constraint, which a refused change names as the one being changed.
func solverChange(
    _ solver: OpaquePointer?, constraint id: ratite_constraint, _ change: ConstraintChange
) -> ratite_status {
    slotChange(solver, change.check, pending: true) { h, core throws(CFailure) in
        try h.constraint(id, in: core)
    } change: { core, c throws(CoreError) in
        try change.apply(to: &core, c)
    }
}

private func slotChange(
    _ solver: OpaquePointer?, _ check: ArgumentCheck?, pending: Bool,
    slot: (SolverHandle, borrowing SimplexCore) throws(CFailure) -> Int32,
    change: (inout SimplexCore, Int32) throws(CoreError) -> Void
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let s = try slot(h, core)
        try check?.run()
        try h.coreCall(&core, pending: pending ? s : -1) { core throws(CoreError) in try change(&core, s) }
    }
}
