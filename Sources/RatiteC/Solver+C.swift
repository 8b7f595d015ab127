// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (C functions keep the names ratite.h gives them.)

import CRatite
import Ratite

@c @implementation
public func ratite_solver_last_conflict(
    _ solver: OpaquePointer?, _ ids: UnsafeMutablePointer<UnsafePointer<ratite_constraint>?>?,
    _ count: UnsafeMutablePointer<Int>?
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in try lend(ids, count) { h.lastConflict } }
}

@c @implementation public func ratite_solver_variable_new(
    _ solver: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ nameLength: Int,
    _ out: UnsafeMutablePointer<ratite_variable>?
) -> ratite_status {
    variableByName(solver, name, nameLength, out, creating: true)
}

@c @implementation
public func ratite_solver_variable_free(_ solver: OpaquePointer?, _ variable: ratite_variable) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let v = try h.variable(variable, in: core)
        guard core.uses(ofVariable: v) == 0 else {
            throw CFailure(
                RATITE_ERROR_IN_USE,
                "variable '\(core.name(ofVariable: v))' is still used by \(core.uses(ofVariable: v)) "
                    + "constraints or edits")
        }
        _ = h.changedVariableIDs(in: core)
        h.deleteVariable(v, core: &core)
    }
}

@c @implementation public func ratite_solver_variable_find(
    _ solver: OpaquePointer?,
    _ name: UnsafePointer<CChar>?, _ nameLength: Int, _ out: UnsafeMutablePointer<ratite_variable>?
) -> ratite_status {
    variableByName(solver, name, nameLength, out, creating: false)
}

@c @implementation
public func ratite_solver_variable_value(
    _ solver: OpaquePointer?, _ variable: ratite_variable, _ out: UnsafeMutablePointer<Double>?
) -> ratite_status {
    variableQuery(solver, variable, out) { core, v in core.value(ofVariable: v) }
}

@c @implementation
public func ratite_solver_variable_values(
    _ solver: OpaquePointer?,
    _ ids: UnsafePointer<ratite_variable>?, _ count: Int, _ values: UnsafeMutablePointer<Double>?
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let n = try checkedCount(count, "count")
        guard n > 0 else { return }
        guard let ids else { throw CFailure(RATITE_ERROR_NULL_ARGUMENT, "ids is NULL with count \(n)") }
        guard let values else { throw CFailure(RATITE_ERROR_NULL_ARGUMENT, "values is NULL with count \(n)") }
        // Every id is checked before anything is written, so a failure leaves `values` as it
        // was. A current generation means a live variable (ids are retired with their
        // variable), so the check is the id space's alone.
        for i in 0..<n where h.variableIDs.slot(of: ids[i]) == nil {
            throw CFailure(RATITE_ERROR_UNKNOWN, "unknown variable id \(ids[i]) at index \(i)")
        }
        for i in 0..<n { values[i] = core.value(ofVariable: try h.variableSlot(ids[i])) }
    }
}

@c @implementation
public func ratite_solver_changed_variables(
    _ solver: OpaquePointer?, _ ids: UnsafeMutablePointer<UnsafePointer<ratite_variable>?>?,
    _ count: UnsafeMutablePointer<Int>?
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in try lend(ids, count) { h.changedVariableIDs(in: core) } }
}

@c @implementation
public func ratite_solver_variable_name(
    _ solver: OpaquePointer?, _ variable: ratite_variable, _ name: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
    _ length: UnsafeMutablePointer<Int>?
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let v = try h.variable(variable, in: core)
        let name = try output(name, "name")
        let length = try output(length, "length")
        h.name.set(core.name(ofVariable: v))
        name.pointee = UnsafePointer(h.name.pointer)
        length.pointee = h.name.byteCount
    }
}

@c @implementation
public func ratite_solver_constraint_add(
    _ solver: OpaquePointer?, _ terms: UnsafePointer<ratite_term>?, _ count: Int, _ constant: Double,
    _ relation: ratite_relation, _ priority: Double, _ out: UnsafeMutablePointer<ratite_constraint>?
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let n = try checkedArray(terms, count, "terms", counted: "term count")
        let out = try output(out, "out")
        var list = h.termScratch
        h.termScratch = []
        defer { h.termScratch = list }
        // Popping keeps the storage for less than the general `removeAll(keepingCapacity:)`.
        while list.popLast() != nil {}
        list.reserveCapacity(n)
        for i in 0..<n {
            let t = terms![i]
            try checkFinite(t.coefficient, "coefficient of term \(i)")
            list.append(VariableTerm(variable: try h.variableSlot(t.variable), coefficient: t.coefficient))
        }
        try checkFinite(constant, "constant")
        let r = try decodeRelation(relation)
        try checkPriority(priority)
        let c = try h.coreCall(&core) { core throws(CoreError) in
            try core.addConstraint(terms: list, constant: constant, relation: r, priority: priority)
        }
        out.pointee = h.constraintIDs.id(for: c)
    }
}

@c @implementation
public func ratite_solver_constraint_parse(
    _ solver: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
    _ out: UnsafeMutablePointer<ratite_constraint>?
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let source = try decodeString(text, length, "text")
        let out = try output(out, "out")
        let statement: SolveStatement
        do throws(TextFileError) {
            statement = try SolveFileParser.parseConstraint(source)
        } catch {
            throw CFailure(RATITE_ERROR_PARSE, "column \(error.location.column): \(error.message)")
        }
        guard case .constraint(let lhs, let r, let rhs, let priority) = statement.kind else {
            throw CFailure(RATITE_ERROR_PARSE, "column 1: expected a constraint")
        }
        // Unknown names create variables inside the core's transaction, so a failure takes
        // them back and leaves the core bit-identical.
        var created: [Int32] = []
        core.beginTransaction()
        func variable(_ name: String) -> Int32 {
            if let v = h.variable(named: name, in: core) { return v }
            let v = h.newVariable(named: name, core: &core)
            created.append(v)
            return v
        }
        var terms: [VariableTerm] = []
        for t in lhs.terms { terms.append(VariableTerm(variable: variable(t.name), coefficient: t.coefficient)) }
        for t in rhs.terms { terms.append(VariableTerm(variable: variable(t.name), coefficient: -t.coefficient)) }
        do throws(CoreError) {
            let c = try core.addConstraint(
                terms: terms, constant: lhs.constant - rhs.constant, relation: r, priority: priority.value)
            core.commitTransaction()
            out.pointee = h.constraintIDs.id(for: c)
        } catch {
            core.rollbackTransaction()
            let failure = h.failure(error, core: core)
            for v in created {
                h.forgetName(of: v)
                h.variableIDs.retire(v)
            }
            throw failure
        }
    }
}

@c @implementation
public func ratite_solver_constraint_remove(
    _ solver: OpaquePointer?, _ constraint: ratite_constraint
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let c = try h.constraint(constraint, in: core)
        try h.coreCall(&core) { core throws(CoreError) in try core.removeConstraint(c) }
        h.constraintIDs.retire(c)
    }
}

@c @implementation
public func ratite_solver_constraint_has(
    _ solver: OpaquePointer?, _ constraint: ratite_constraint, _ out: UnsafeMutablePointer<Int32>?
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let out = try output(out, "out")
        out.pointee = (try? h.constraint(constraint, in: core)) != nil ? 1 : 0
    }
}

@c @implementation
public func ratite_solver_constraint_set_constant(
    _ solver: OpaquePointer?, _ constraint: ratite_constraint, _ constant: Double
) -> ratite_status {
    solverChange(solver, constraint: constraint, .constant(constant))
}

@c @implementation
public func ratite_solver_constraint_set_priority(
    _ solver: OpaquePointer?, _ constraint: ratite_constraint, _ priority: Double
) -> ratite_status {
    solverChange(solver, constraint: constraint, .priority(priority))
}

@c @implementation
public func ratite_solver_edit_add(
    _ solver: OpaquePointer?, _ variable: ratite_variable, _ priority: Double
) -> ratite_status {
    solverChange(solver, variable, .addEdit(priority: priority))
}

@c @implementation
public func ratite_solver_edit_remove(_ solver: OpaquePointer?, _ variable: ratite_variable) -> ratite_status {
    solverChange(solver, variable, .removeEdit)
}

@c @implementation
public func ratite_solver_suggest(
    _ solver: OpaquePointer?, _ variable: ratite_variable, _ value: Double
) -> ratite_status {
    solverChange(solver, variable, .suggestion(value))
}

@c @implementation public func ratite_solver_edit_has(
    _ solver: OpaquePointer?, _ variable: ratite_variable, _ out: UnsafeMutablePointer<Int32>?
) -> ratite_status {
    variableQuery(solver, variable, out) { core, v in core.isEditVariable(v) ? 1 : 0 }
}

@c @implementation
public func ratite_solver_update(_ solver: OpaquePointer?, _ changed: UnsafeMutablePointer<Int>?) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        let unverified = core.statistics.unverifiedAnswers
        core.updateValues()
        core.takeChangedVariables(into: &h.changedSlots)
        h.changedIDsAreCurrent = false
        changed?.pointee = h.changedSlots.count
        if core.statistics.unverifiedAnswers != unverified {
            throw CFailure(
                RATITE_ERROR_NUMERICAL,
                "the answer could not be verified: a required constraint fails after a rebuild "
                    + "(the numbers span more than the exact checks take, 2^128)")
        }
    }
}

@c @implementation
public func ratite_solver_reset(_ solver: OpaquePointer?) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        core.removeAllConstraints()
        h.changedSlots.removeAll(keepingCapacity: true)
        h.changedIDs.removeAll(keepingCapacity: true)
        h.changedIDsAreCurrent = true
        for slot in h.constraintIDs.generations.indices { h.constraintIDs.retire(Int32(slot)) }
    }
}

@c @implementation
public func ratite_solver_dump(
    _ solver: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        try output(out, "out").pointee = mallocString(core.dump())
    }
}

@c @implementation
public func ratite_solver_statistics_get(
    _ solver: OpaquePointer?, _ out: UnsafeMutablePointer<ratite_solver_statistics>?
) -> ratite_status {
    withSolver(solver) { h, core throws(CFailure) in
        try output(out, "out").pointee = statistics(of: core)
    }
}

/// The counters of a core in the C layout.
func statistics(of core: borrowing SimplexCore) -> ratite_solver_statistics {
    let shape = core.shape
    return ratite_solver_statistics(
        pivots: UInt64(core.statistics.pivots), expansions: UInt64(core.statistics.expansions),
        values_recomputed: UInt64(core.statistics.valuesRecomputed), constraints: UInt64(shape.constraints),
        variables: UInt64(shape.variables), rows: UInt64(shape.rows), definition_rows: UInt64(shape.definitions),
        cells: UInt64(shape.cells), substitutions: UInt64(core.statistics.substitutions),
        batched_unlinks: UInt64(core.statistics.batchedUnlinks), refinements: UInt64(core.statistics.refinements),
        rebuilds: UInt64(core.statistics.rebuilds), exact_checks: UInt64(core.statistics.certifications),
        exact_corrections: UInt64(core.statistics.exactCorrections),
        unverified_answers: UInt64(core.statistics.unverifiedAnswers))
}
