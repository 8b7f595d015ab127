import Foundation
/// Every answer is checked against the constraints as written before it is given out.
///
/// The tableau is a floating-point rewriting of the constraints, and each pivot and
/// substitution adds its rounding to the rows; over a long run of operations the values it
/// implies drift from what the constraints say. After each update every constraint whose
/// variables moved (and every constraint added or changed since the last check) is
/// evaluated from its stored terms:
///
/// - **Residual.** A constraint's row reads `orientation·(Σ a·x + constant) + m·marker +
///   other = 0`. What the values leave of it is what the tableau's rounding added to the
///   constant. Shifting the marker by that amount (as `setConstant` does, without changing
///   the constant) takes it out again: iterative refinement, with the tableau's marker
///   columns as the approximate inverse. One or two rounds bring the residuals to the
///   rounding of the values themselves.
/// - **Required constraints hold**, to `requiredTolerance` of their magnitudes.
///
/// When refinement does not converge (the rows themselves went bad, which shows as residuals
/// too large to be rounding), the tableau is rebuilt from the constraints as written
/// (`rebuildTableau`): the reinversion of LP codes, in Cassowary's form.
extension SimplexCore {
    /// The identity residual of constraint `c`'s row at the current values, and the size of
    /// the numbers it sums.
    func rowResidual(ofConstraint c: Int32) -> (residual: Double, magnitude: Double) {
        let record = constraints[Int(c)]
        let orientation = record.orientation
        var sum = orientation * record.constant
        var magnitude = abs(record.constant)
        for t in terms(of: record) {
            let p = t.coefficient * variables[Int(t.variable)].value
            sum += orientation * p
            magnitude += abs(p)
        }
        let m = markerCoefficient(of: c) * currentValue(record.marker)
        sum += m
        magnitude += abs(m)
        if record.other >= 0 {
            let o = currentValue(record.other)
            sum += o
            magnitude += abs(o)
        }
        return (sum, magnitude)
    }

    /// How far required constraint `c` is from holding at the current values (0 when it
    /// holds), and the size of the numbers its left side sums.
    func requiredViolation(ofConstraint c: Int32) -> (violation: Double, magnitude: Double) {
        let record = constraints[Int(c)]
        var sum = record.constant
        var magnitude = abs(record.constant)
        for t in terms(of: record) {
            let p = t.coefficient * variables[Int(t.variable)].value
            sum += p
            magnitude += abs(p)
        }
        let violation: Double = switch record.relation {
        case .equal: abs(sum)
        case .greaterThanOrEqual: max(0, -sum)
        case .lessThanOrEqual: max(0, sum)
        }
        return (violation, magnitude)
    }

    /// Checks the values just computed against the live constraints, refines them, and
    /// rebuilds the tableau when refinement does not converge. Returns false when even the
    /// rebuilt tableau's answer fails the check (the caller reports a numerical failure).
    mutating func verifyAnswer() -> Bool {
        if debugVerification { let v = invariantViolations(); if !v.isEmpty { print("ENTRY invariants: \(v.prefix(3))") } }
        for _ in 0..<refinementRounds {
            let drifted = constraintsWithResiduals()
            if debugVerification {
                print("refine round: \(drifted.map { "c\($0.constraint) \($0.residual) \(rowResidual(ofConstraint: $0.constraint).magnitude)" })")
                for (c, _) in drifted.prefix(1) {
                    let r = constraints[Int(c)]
                    let v = terms(of: r)[0].variable
                    _ = loadExplicitForm(ofVariable: v)
                    var cells: [Cell] = []
                    workspace.sortedTerms(into: &cells)
                    print("  explicit \(name(ofVariable: v)) = \(workspace.constant) + \(cells.map { "\($0.coefficient)*\(describeSymbol($0.symbol))" })")
                    print("  invariants \(invariantViolations().prefix(3)) fresh \(freshValue(ofVariable: v)) cached \(variables[Int(v)].value)")
                    let sx = variables[Int(v)].symbol
                    if rowIndex(sx) >= 0 { print("  def row: \(self.cells(of: rows[Int(rowIndex(sx))]).map { "\($0.coefficient)*\(describeSymbol($0.symbol))=\(currentValue($0.symbol))" }) const \(rows[Int(rowIndex(sx))].constant)") }
                    var list: [Int32] = []
                    columnRows(r.marker, into: &list)
                    print("  c\(c) marker \(describeSymbol(r.marker)) row \(rowIndex(r.marker)) column \(list.map { describeSymbol(rows[Int($0)].basic) }) other \(r.other >= 0 ? describeSymbol(r.other) : "-") row \(r.other >= 0 ? rowIndex(r.other) : -9) terms \(Array(terms(of: r)).map { "\($0.coefficient)*\(name(ofVariable: $0.variable))=\(variables[Int($0.variable)].value) sym \(variables[Int($0.variable)].symbol)" })")
                }
            }
            if drifted.isEmpty { return true }
            statistics.refinements += 1
            for (c, residual) in drifted { shiftMarker(of: c, by: residual / markerCoefficient(of: c)) }
            do {
                try restoreOptimality()
            } catch {
                break
            }
            if debugVerification { print("after refinement invariants: \(invariantViolations().prefix(3))") }
            recomputeValues()
        }
        if constraintsWithResiduals().isEmpty { return true }
        statistics.rebuilds += 1
        guard (try? rebuildTableau()) != nil else { return false }
        if debugVerification { print("after rebuild invariants: \(invariantViolations().prefix(3))") }
        recomputeValues()
        for _ in 0..<refinementRounds {
            let drifted = constraintsWithResiduals()
            if debugVerification { print("after rebuild: \(drifted.map { "c\($0.constraint) \($0.residual) \(rowResidual(ofConstraint: $0.constraint).magnitude)" })") }
            if drifted.isEmpty { return true }
            for (c, residual) in drifted { shiftMarker(of: c, by: residual / markerCoefficient(of: c)) }
            guard (try? restoreOptimality()) != nil else { return false }
            recomputeValues()
        }
        return constraintsWithResiduals().isEmpty
    }

    /// The live constraints whose row residual is above rounding, with the residual; every
    /// required constraint that does not hold is among them.
    func constraintsWithResiduals() -> [(constraint: Int32, residual: Double)] {
        var drifted: [(Int32, Double)] = []
        for c in Int32(0)..<Int32(constraints.count) where constraints[Int(c)].isAlive {
            let (residual, magnitude) = rowResidual(ofConstraint: c)
            if abs(residual) > refinementTolerance * max(1, magnitude) {
                drifted.append((c, residual))
                continue
            }
            if constraints[Int(c)].isRequired {
                let (violation, size) = requiredViolation(ofConstraint: c)
                if violation > requiredTolerance * max(1, size) { drifted.append((c, residual)) }
            }
        }
        return drifted
    }

    /// Rebuilds the tableau from the live constraints as written, in the order they were
    /// added, keeping every constraint and variable id: the same result a fresh core fed the
    /// same constraints reaches, without the rounding the old tableau accumulated.
    /// - Throws: what placing a constraint throws; the core is then unchanged.
    mutating func rebuildTableau() throws(CoreError) {
        var fresh = SimplexCore()
        fresh.explainsConflicts = explainsConflicts
        fresh.statistics = statistics
        fresh.trimmingFloor = trimmingFloor
        fresh.rerootTrials = rerootTrials
        fresh.rerootsShallowExpansions = rerootsShallowExpansions
        fresh.levelsStartFromVariableIDs = levelsStartFromVariableIDs
        if cellSqueezeSlack != fresh.cellSqueezeSlack { fresh.squeezeCellsOften(slack: cellSqueezeSlack) }
        fresh.derivedVariableName = derivedVariableName
        fresh.variableNames = variableNames
        fresh.freeVariable = freeVariable
        for record in variables.elements {
            var kept = record
            if record.isAlive {
                kept.symbol = -1
                kept.uses = 0
            }
            fresh.variables.append(kept)
        }
        fresh.constraintTerms = constraintTerms.copy()
        fresh.constraintTermGarbage = constraintTermGarbage
        fresh.freeConstraint = freeConstraint
        fresh.serialCounter = serialCounter
        var live: [(id: Int32, serial: UInt32)] = []
        for c in constraints.indices {
            var record = constraints[c]
            if record.isAlive {
                live.append((Int32(c), record.serial))
                record.marker = -1
                record.other = -1
                if record.isSplit { record.lowerLevel = -1 }
                record.level = -1
            }
            fresh.constraints.append(record)
        }
        live.sort { $0.serial < $1.serial }
        for (id, _) in live {
            let priority = self.priority(ofConstraint: id)
            let lower = constraints[Int(id)].isSplit ? lowerPriority(ofConstraint: id) : nil
            try fresh.attachConstraint(id, priority: priority, lowerPriority: lower)
            try fresh.restoreOptimality()
        }
        // Every value is recomputed next, so the dirty list goes (with its flags).
        for s in fresh.dirty { fresh.flags[Int(s)] &= ~SymbolFlags.dirty }
        fresh.dirty = []
        fresh.allSymbolsDirty = true
        fresh.changedVariables = changedVariables
        self = fresh
    }
}

/// Residuals above this, relative to the numbers a row sums, are refined away.
let refinementTolerance = 1.0e-12

/// A required constraint holds when it is violated by at most this, relative to the
/// numbers its left side sums (or absolutely, below 1).
let requiredTolerance = 1.0e-9

/// Refinement rounds before the tableau is rebuilt.
let refinementRounds = 3

let debugVerification = ProcessInfo.processInfo.environment["DEBUG_VERIFY"] != nil
