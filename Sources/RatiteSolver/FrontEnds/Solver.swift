import RatiteSupport

/// An incremental constraint solver with strictly ordered priorities.
///
/// ```swift
/// let solver = Solver()
/// let left = Variable("left"), width = Variable("width"), right = Variable("right")
/// try solver.add(right == left + width)
/// try solver.add(left == 20)
/// try solver.add(width >= 10)
/// try solver.add((width == 50).priority(.weak))
/// try solver.addEditVariable(right, priority: .strong)
/// try solver.suggestValue(right, 320)
/// solver.update()
/// solver.value(of: width)              // 300
/// ```
///
/// Every operation is incremental; a refused operation (see `SolverError`) leaves the
/// solver exactly as it was. The same operations in the same order give bit-identical
/// values. One solver must not be used from two threads at once.
public final class Solver {
    // Unchecked exclusivity: a solver is used by one thread at a time (see above) and these
    // are never accessed re-entrantly; the dynamic checks would weigh on every operation.
    @exclusivity(unchecked) package var core = SimplexCore()
    // Objects to core ids: an object's `SolverSlot` stamp when this solver owns it, a
    // dictionary only for objects another solver owned when this one took them.
    @exclusivity(unchecked) var constraints: SlotTable<Constraint>
    @exclusivity(unchecked) var variables: SlotTable<Variable>
    /// The terms of the constraint being added, and the variables it created, kept for
    /// their storage.
    @exclusivity(unchecked) var termScratch: [VariableTerm] = []
    @exclusivity(unchecked) var freshScratch = FreshVariables()
    /// Builds the `Constraint` for a core id the solver holds no object for (a constraint a
    /// front end added by its terms, see `addReturningID(terms:...)`), when a conflict
    /// must name it; the object is then held at that id like any other.
    package var constraintForUnnamed: ((Int32) -> Constraint?)? = nil
    /// The front end's key (say, a name number) of each variable it added without an object
    /// (`newUnnamedVariable`), by core id; -1 at any other id and past the end.
    /// A `Variable` is made for such a variable only when something needs one (see
    /// `variableObject(at:)`): a file's variables cost no object each.
    @exclusivity(unchecked) var unnamedVariableKeys: [Int32] = []
    /// Told the front end's key and the new object when the solver makes a `Variable` for a
    /// variable it held without one (`update()` or an error must name it), so that the front
    /// end hands out that same object from then on.
    package var objectMadeForUnnamed: ((Int32, Variable) -> Void)? = nil
    /// How many times the solver has let variables go (`reset()`, a refusal that took new
    /// ones back, a removal that left some unused): a front end that keeps core ids of its
    /// variables may trust them while this is unchanged. A computed property: read from
    /// another module, a stored one would be read under a dynamic exclusivity check.
    package var variableRemovals: Int { removedVariables }
    @exclusivity(unchecked) var removedVariables = 0

    /// An empty solver: no constraints, no edit variables.
    public init() {
        let tag = IDSpace.newTag()
        constraints = SlotTable(kind: .constraint, tag: tag)
        variables = SlotTable(kind: .variable, tag: tag)
    }

    deinit {
        constraints.releaseStamps()
        variables.releaseStamps()
    }

    /// Adds a constraint.
    /// - Throws: `duplicateConstraint`, `invalidPriority`, `nonFiniteCoefficient`,
    ///   `nonFiniteConstant`, or `unsatisfiable` with a minimal conflicting set.
    /// - Complexity: proportional to the rows the constraint touches; a constraint that
    ///   defines a new variable costs O(terms).
    public func add(_ constraint: Constraint) throws(SolverError) {
        _ = try addReturningID(constraint)
    }

    /// Adds a constraint as `add(_:)` does, and returns its core id: for front ends that keep
    /// their own records per constraint in an array (`SolveSession`).
    package func addReturningID(_ constraint: Constraint) throws(SolverError) -> Int32 {
        guard id(of: constraint) == nil else { throw .duplicateConstraint(constraint) }
        guard constraint.priority.isValid else { throw .invalidPriority(constraint.priority.value) }
        // The terms of `lhs - rhs`, read from both sides without building the difference.
        for t in constraint.lhs.terms where !isInRange(t.coefficient) {
            throw .nonFiniteCoefficient(t.variable, t.coefficient)
        }
        for t in constraint.rhs.terms where !isInRange(t.coefficient) {
            throw .nonFiniteCoefficient(t.variable, -t.coefficient)
        }
        let constant = constraint.lhs.constant - constraint.rhs.constant
        guard isInRange(constant) else { throw .nonFiniteConstant(constant) }
        // Swapped out and back rather than copied: a copy would retain and release them.
        var terms: [VariableTerm] = []
        var fresh = FreshVariables()
        swap(&terms, &termScratch)
        swap(&fresh, &freshScratch)
        defer {
            // Popping keeps the storage for less than the general `removeAll(keepingCapacity:)`.
            while terms.popLast() != nil {}
            fresh.removeAll()
            swap(&terms, &termScratch)
            swap(&fresh, &freshScratch)
        }
        // New variables are made outside any transaction: the core's addition is
        // all-or-nothing by itself, so a refused one needs only them taken back.
        appendTerms(of: constraint.lhs.terms, sign: 1, to: &terms, noting: &fresh)
        appendTerms(of: constraint.rhs.terms, sign: -1, to: &terms, noting: &fresh)
        do {
            let id = try core.addConstraint(
                terms: terms, constant: constant, relation: constraint.relation, priority: constraint.priority.value)
            constraints.insert(constraint, at: id)
            return id
        } catch {
            takeBack(fresh)
            throw translate(error, pending: constraint)
        }
    }

    /// Appends `sign ×` each of `source`'s terms to `terms`, by core variable id.
    @inline(__always)
    private func appendTerms(
        of source: [Term], sign: Double, to terms: inout [VariableTerm], noting fresh: inout FreshVariables
    ) {
        source.withUnsafeBufferPointer { buffer in
            for i in buffer.indices {
                // The variable is read without a retain: the constraint being added holds
                // `source`, which holds the variable, for the whole addition. At 10,000
                // variables their objects are out of cache, and a retain and release on
                // each would write to a line that is otherwise only read.
                let variable = UnsafeRawPointer(buffer.baseAddress! + i)
                    .load(fromByteOffset: MemoryLayout<Term>.offset(of: \Term.variable)!, as: Unmanaged<Variable>.self)
                let v = variable._withUnsafeGuaranteedRef { variableID($0, noting: &fresh) }
                terms.append(VariableTerm(variable: v, coefficient: sign * buffer[i].coefficient))
            }
        }
    }

    /// Removes a constraint.
    /// - Throws: `unknownConstraint`.
    /// - Complexity: proportional to the rows that hold the constraint's marker symbol (one
    ///   pivot takes it out), plus the pivots that bring the objective back to its optimum.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        guard let id = id(of: constraint) else { throw .unknownConstraint(constraint) }
        do {
            try core.removeConstraint(id)
        } catch {
            throw translate(error, pending: constraint)
        }
        constraints.remove(at: id)
        forgetUnusedVariables(constraint.expression.terms.map(\.variable))
    }

    /// Whether the solver holds `constraint`.
    /// - Complexity: O(1): the constraint's slot, or one dictionary lookup when another
    ///   solver owned it when this one took it.
    public func contains(_ constraint: Constraint) -> Bool {
        id(of: constraint) != nil
    }

    /// Makes `variable` an edit variable at `priority` (below required), holding its current
    /// value until a new one is suggested.
    /// - Throws: `invalidPriority`, `requiredEditVariable` or `duplicateEditVariable`.
    /// - Complexity: that of adding the one-term constraint `variable == value` at `priority`.
    public func addEditVariable(_ variable: Variable, priority: Priority = .strong) throws(SolverError) {
        guard priority.isValid else { throw .invalidPriority(priority.value) }
        guard !priority.isRequired else { throw .requiredEditVariable(variable) }
        guard !hasEditVariable(variable) else { throw .duplicateEditVariable(variable) }
        var fresh = FreshVariables()
        let v = variableID(variable, noting: &fresh)
        do {
            try core.addEditVariable(v, priority: priority.value)
        } catch {
            takeBack(fresh)
            throw translate(error, pending: nil)
        }
    }

    /// Stops editing `variable`.
    /// - Throws: `unknownEditVariable`.
    /// - Complexity: that of removing the edit's constraint (see `remove(_:)`).
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let v = id(of: variable), core.isEditVariable(v) else {
            throw .unknownEditVariable(variable)
        }
        do { try core.removeEditVariable(v) } catch { throw translate(error, pending: nil) }
        forgetUnusedVariables([variable])
    }

    /// Whether `variable` is one of the solver's edit variables.
    /// - Complexity: O(1), as `contains(_:)`.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        guard let v = id(of: variable) else { return false }
        return core.isEditVariable(v)
    }

    /// Suggests a value for an edit variable; `update()` then moves it (and everything tied
    /// to it) as far as the edit's priority allows.
    /// - Throws: `unknownEditVariable` or `nonFiniteSuggestedValue`.
    /// - Complexity: proportional to the rows that hold the edit's marker (each shifts its
    ///   constant), plus the dual simplex pivots that restore feasibility; no row is rebuilt.
    ///   The values themselves are recomputed by `update()`.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard let v = id(of: variable), core.isEditVariable(v) else {
            throw .unknownEditVariable(variable)
        }
        guard isInRange(value) else { throw .nonFiniteSuggestedValue(variable, value) }
        do { try core.suggestValue(v, value) } catch { throw translate(error, pending: nil) }
    }

    /// Brings the values read by `value(of:)` up to date, and checks them against the
    /// constraints as written (see docs/numerics.md).
    /// - Returns: the variables whose values changed.
    /// - Complexity: proportional to the variables whose values may have changed.
    @discardableResult
    public func update() -> [Variable] {
        updateValuesAndCheck()
        return core.takeChangedVariables().compactMap { variableObject(at: $0) }
    }

    /// Brings the values up to date as `update()` does, without listing the changed
    /// variables: the list would make an object for every changed variable held without one
    /// (see `newUnnamedVariable`), for a front end that reads values by core id anyway.
    /// - Complexity: that of `update()`.
    package func updateValues() {
        updateValuesAndCheck()
        _ = core.takeChangedVariables()
    }

    @inline(__always) private func updateValuesAndCheck() {
        let unverified = core.statistics.unverifiedAnswers
        core.updateValues()
        isAnswerVerified = core.statistics.unverifiedAnswers == unverified
    }

    /// Whether the last `update()` found every required constraint holding at the values,
    /// to the documented tolerance. Always true for input in the documented range; false
    /// only when numbers too far apart in magnitude defeated even a rebuild of the tableau
    /// (the values are the best the solver found).
    public private(set) var isAnswerVerified = true

    /// The value of `variable` after the last `update()`; 0 for a variable the solver has
    /// never seen or no longer holds.
    /// - Complexity: O(1): a read of the value `update()` stored.
    public func value(of variable: Variable) -> Double {
        guard let v = id(of: variable) else { return 0 }
        return core.value(ofVariable: v)
    }

    /// Removes every constraint and edit variable.
    /// - Complexity: proportional to the solver's size, whose storage is released.
    public func reset() {
        core = SimplexCore()
        constraints.removeAll()
        variables.removeAll()
        unnamedVariableKeys = []
        removedVariables += 1
    }

    /// The tableau in labelled sections, for debugging.
    /// - Complexity: O(levels × symbols) for the objective, plus the cells of every row and
    ///   the terms of every constraint.
    public func dump() -> String { core.dump() }

    /// Pivot and expansion counters.
    /// - Complexity: O(1).
    public var statistics: SolverStatistics { core.statistics }

    // MARK: Internals

    /// The core id of `constraint` in this solver, or nil (see `addReturningID`).
    package func coreID(of constraint: Constraint) -> Int32? { constraints.id(of: constraint) }

    /// The core id of `constraint` in this solver, or nil.
    @inline(__always) private func id(of constraint: Constraint) -> Int32? { constraints.id(of: constraint) }

    /// The core id of `variable` in this solver, or nil.
    @inline(__always) func id(of variable: Variable) -> Int32? { variables.id(of: variable) }

    /// Drops variables no constraint mentions any more, so the solver does not grow.
    private func forgetUnusedVariables(_ candidates: [Variable]) {
        for variable in candidates {
            guard let v = id(of: variable), core.registry.variables[Int(v)].uses == 0 else { continue }
            try? core.deleteVariable(v)
            variables.remove(at: v)
            removedVariables += 1
        }
    }

    func translate(_ error: CoreError, pending: Constraint?) -> SolverError {
        func variable(_ v: Int32) -> Variable { variableObject(at: v) ?? Variable("v\(v)") }
        switch error {
        case .unknownConstraint: return .internalError("unknown constraint id")
        case .unknownVariable(let v): return .internalError("unknown variable \(v)")
        case .duplicateEditVariable(let v): return .duplicateEditVariable(variable(v))
        case .unknownEditVariable(let v): return .unknownEditVariable(variable(v))
        case .requiredEditVariable(let v): return .requiredEditVariable(variable(v))
        case .invalidPriority(let p): return .invalidPriority(p)
        case .nonFiniteCoefficient(let v, let x): return .nonFiniteCoefficient(variable(v), x)
        case .nonFiniteConstant(let x): return .nonFiniteConstant(x)
        case .nonFiniteValue(let v, let x): return .nonFiniteSuggestedValue(variable(v), x)
        case .unsatisfiable(let ids):
            // Only a numerical breakdown names a constraint this solver does not hold (an
            // edit's, say): required constraints alone make a conflict.
            var conflict: [Constraint] = []
            for id in ids {
                if id == pendingConstraintID, let pending {
                    conflict.append(pending)
                } else if let c = constraints[id] {
                    conflict.append(c)
                } else if !core.isEditConstraint(id), let c = constraintForUnnamed?(id) {
                    constraints.insert(c, at: id)
                    conflict.append(c)
                } else {
                    return .internalError(
                        "numerical breakdown: a conflict named constraint \(id), which is not one of this solver's")
                }
            }
            guard let subject = pending ?? conflict.last else { return .internalError("empty conflict") }
            return .unsatisfiable(subject, conflict: conflict)
        case .internalError(let text): return .internalError(text)
        }
    }
}
