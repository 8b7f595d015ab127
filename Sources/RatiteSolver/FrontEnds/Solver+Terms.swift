import RatiteSupport

extension Solver {
    /// Why `addReturningID(terms:constant:relation:priority:fresh:)` refused a constraint.
    package enum TermsFailure: Error {
        /// Any refusal but a conflict, as `add(_:)` reports it.
        case solver(SolverError)
        /// The core ids of a minimal conflicting set, `pendingConstraintID` standing for the
        /// refused constraint: the front end names them (the solver may hold no `Constraint`
        /// for them).
        case unsatisfiable([Int32])
    }

    /// The variables `variableID(_:noting:)` made for a constraint being assembled: what
    /// `addReturningID(terms:...)` takes back if it refuses the constraint.
    package struct FreshVariables {
        /// Their core ids, oldest first.
        var ids: [Int32] = []
        /// The core's variable count before the first of them.
        var countBefore = 0

        package init() {}

        /// Forgets the variables, keeping the storage (after the addition they were made for).
        package mutating func removeAll() {
            // Popping keeps the storage for less than the general `removeAll(keepingCapacity:)`.
            while ids.popLast() != nil {}
        }
    }

    /// The core id of `variable`, made on first use and then noted in `fresh`. Made outside
    /// any transaction: the addition that follows takes it back if refused.
    /// - Complexity: O(1) amortized.
    @inline(__always)
    package func variableID(_ variable: Variable, noting fresh: inout FreshVariables) -> Int32 {
        if let v = id(of: variable) { return v }
        return newVariableID(variable, noting: &fresh)
    }

    /// Makes the core variable for `variable`, new to this solver (see `variableID`).
    @inline(never)
    private func newVariableID(_ variable: Variable, noting fresh: inout FreshVariables) -> Int32 {
        if fresh.ids.isEmpty { fresh.countBefore = core.registry.variables.count }
        let v = core.newVariable(name: variable.name)
        variables.insert(variable, at: v)
        fresh.ids.append(v)
        return v
    }

    /// Adds `Σ terms + constant  relation  0` at `priority` without a `Constraint` object:
    /// for front ends that keep their own record per constraint by its core id
    /// (`SolveSession`), and would otherwise build a constraint and two expressions only for
    /// the solver to read them once. The terms' variables come from `variableID(_:noting:)`,
    /// which noted the ones it made in `fresh`. The solver holds no object for the
    /// constraint, so nothing can remove it but `reset()`; a conflict that names it in a
    /// public error asks `constraintForUnnamed` for one.
    ///
    /// The checks and their errors are those of `add(_:)` on a constraint whose `lhs - rhs`
    /// has these terms and constant. A refused addition takes the variables in `fresh` back
    /// and leaves the solver exactly as it was before they were made: the core's addition is
    /// all-or-nothing by itself, so only the variables need taking back, and no transaction
    /// has to surround both.
    /// - Complexity: that of `add(_:)`.
    package func addReturningID(
        terms: [VariableTerm], constant: Double, relation: Relation, priority: Priority, fresh: FreshVariables
    ) throws(TermsFailure) -> Int32 {
        do throws(TermsFailure) {
            guard priority.isValid else { throw .solver(.invalidPriority(priority.value)) }
            for t in terms where !isInRange(t.coefficient) {
                throw .solver(.nonFiniteCoefficient(variableObject(at: t.variable)!, t.coefficient))
            }
            guard isInRange(constant) else { throw .solver(.nonFiniteConstant(constant)) }
            do throws(CoreError) {
                return try core.addConstraint(
                    terms: terms, constant: constant, relation: relation, priority: priority.value)
            } catch {
                if case .unsatisfiable(let ids) = error { throw .unsatisfiable(ids) }
                throw .solver(translate(error, pending: nil))
            }
        } catch {
            takeBack(fresh)
            throw error
        }
    }

    /// Takes back the variables `variableID(_:noting:)` made, newest first.
    func takeBack(_ fresh: FreshVariables) {
        for v in fresh.ids.reversed() {
            core.takeBackNewVariable(v, countBefore: fresh.countBefore)
            variables.remove(at: v)
            forgetUnnamedKey(at: v)
            removedVariables += 1
        }
    }

    /// Makes room for `variables` more variables and `constraints` more constraints, for a
    /// front end that knows how many it is about to add.
    /// - Complexity: O(size of the solver) when storage moves.
    package func reserveCapacity(additionalVariables variables: Int, constraints: Int) {
        core.reserveCapacity(additionalVariables: variables, constraints: constraints)
        // The only such front end (`SolveSession`) adds its variables without objects.
        unnamedVariableKeys.reserveCapacity(core.registry.variables.count + variables)
    }

    /// The object the solver holds at core id `id`, if any.
    package func constraintObject(at id: Int32) -> Constraint? { constraints[id] }
}
