/// The constraints and variables as the caller knows them, by id: what was added, with the
/// terms it was written with, and the variables' values and names.
///
/// The tableau holds what the constraints have become; this holds what they were, which
/// removal, verification and rebuilding go back to.
struct Registry: ~Copyable {
    var constraints = RecordBuffer<ConstraintRecord>()
    var freeConstraint: Int32 = -1
    /// Every constraint's terms, back to back (see `SimplexCore+ConstraintTerms.swift`), and
    /// how many of them belong to removed constraints.
    var constraintTerms = RecordBuffer<Int32>()
    var constraintTermGarbage = 0
    var variables = RecordBuffer<VariableRecord>()
    /// Each variable's name, by variable id (empty for an unused slot).
    var variableNames: [String] = []
    /// When set, names variables from their ids and `variableNames` stays empty: a layout
    /// engine's names follow from its items, and storing them too would cost every
    /// variable a string.
    var derivedVariableName: ((Int32) -> String)? = nil
    var freeVariable: Int32 = -1
    /// The serial number of the last constraint added (constraints are rebuilt in order).
    var serialCounter: UInt32 = 0

    init() {}

    /// An independent copy (the record buffers are not shared).
    func copy() -> Registry {
        var c = Registry()
        c.constraints = constraints.copy()
        c.freeConstraint = freeConstraint
        c.constraintTerms = constraintTerms.copy()
        c.constraintTermGarbage = constraintTermGarbage
        c.variables = variables.copy()
        c.variableNames = variableNames
        c.derivedVariableName = derivedVariableName
        c.freeVariable = freeVariable
        c.serialCounter = serialCounter
        return c
    }
}

extension Registry {
    /// The record counts, free-list heads and serial at the start of a transaction.
    struct Savepoint {
        var constraints = 0, variables = 0, constraintTerms = 0, constraintTermGarbage = 0
        var freeConstraint: Int32 = -1, freeVariable: Int32 = -1
        var serial: UInt32 = 0
    }

    @inline(__always) func savepoint() -> Savepoint {
        Savepoint(
            constraints: constraints.count, variables: variables.count, constraintTerms: constraintTerms.count,
            constraintTermGarbage: constraintTermGarbage, freeConstraint: freeConstraint,
            freeVariable: freeVariable, serial: serialCounter)
    }

    /// Goes back to `point`, once the journal has put back the records and names that
    /// existed then: drops what was created since.
    mutating func restore(_ point: Savepoint) {
        constraints.truncate(to: point.constraints)
        variables.truncate(to: point.variables)
        if derivedVariableName == nil { variableNames.removeSubrange(point.variables...) }
        constraintTerms.truncate(to: point.constraintTerms)
        constraintTermGarbage = point.constraintTermGarbage
        (freeConstraint, freeVariable) = (point.freeConstraint, point.freeVariable)
        serialCounter = point.serial
    }

    /// Every constraint and variable with its id, name, terms and serial, detached from any
    /// tableau (no symbols, levels or uses): what a rebuild places again, in
    /// `placementOrder()`.
    func detachedFromTableau() -> Registry {
        var c = Registry()
        c.variableNames = variableNames
        c.derivedVariableName = derivedVariableName
        c.freeVariable = freeVariable
        for record in variables.elements {
            var kept = record
            if record.isAlive { (kept.symbol, kept.uses) = (-1, 0) }
            c.variables.append(kept)
        }
        c.constraintTerms = constraintTerms.copy()
        c.constraintTermGarbage = constraintTermGarbage
        c.freeConstraint = freeConstraint
        c.serialCounter = serialCounter
        for k in constraints.indices {
            var record = constraints[k]
            if record.isAlive {
                (record.marker, record.other, record.level) = (-1, -1, -1)
                if record.isSplit { record.lowerLevel = -1 }
            }
            c.constraints.append(record)
        }
        return c
    }

    /// The live constraints in the order they were added.
    func placementOrder() -> [Int32] {
        var live: [(id: Int32, serial: UInt32)] = []
        for k in constraints.indices where constraints[k].isAlive { live.append((Int32(k), constraints[k].serial)) }
        live.sort { $0.serial < $1.serial }
        return live.map(\.id)
    }

    /// The variables alone, with their ids and names, back at 0 as if just created: what
    /// removing every constraint leaves.
    func variablesAlone() -> Registry {
        var c = Registry()
        for record in variables.elements {
            c.variables.append(
                record.isAlive ? VariableRecord(value: 0, symbol: -1, uses: 0, edit: -1, isAlive: true) : record)
        }
        c.variableNames = variableNames
        c.derivedVariableName = derivedVariableName
        c.freeVariable = freeVariable
        return c
    }
}

#if RATITE_INTERNAL_CHECKS
extension Registry {
    /// Checks the records on their own: free lists that hold exactly the unused slots, a
    /// name per variable, terms inside the term array, and serials below the counter and
    /// distinct. Which symbols the records name is checked by the core.
    func checkInvariants(_ fail: (String) -> Void) {
        checkFreeList(
            of: "constraint", head: freeConstraint, count: constraints.count,
            isUnused: { !constraints[$0].isAlive }, next: { constraints[$0].marker }, fail)
        checkFreeList(
            of: "variable", head: freeVariable, count: variables.count, isUnused: { !variables[$0].isAlive },
            next: { variables[$0].symbol }, fail)
        if derivedVariableName == nil && variableNames.count != variables.count {
            fail("\(variables.count) variables, \(variableNames.count) names")
        }
        if constraintTermGarbage < 0 || constraintTermGarbage > constraintTerms.count {
            fail("\(constraintTermGarbage) garbage terms of \(constraintTerms.count)")
        }
        var serials = Set<UInt32>()
        for (index, record) in constraints.elements.enumerated() where record.isAlive {
            if record.termStart < 0 || Int(record.termStart) > constraintTerms.count {
                fail("constraint c\(index): terms start at \(record.termStart) of \(constraintTerms.count)")
            }
            if record.serial > serialCounter {
                fail("constraint c\(index): serial \(record.serial) past the counter \(serialCounter)")
            }
            if !serials.insert(record.serial).inserted {
                fail("constraint c\(index): serial \(record.serial) repeated")
            }
        }
    }
}
#endif
