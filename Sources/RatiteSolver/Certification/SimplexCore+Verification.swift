/// Every answer is checked against the constraints as written before it is given out.
///
/// The tableau is a floating-point rewriting of the constraints, and each pivot and
/// substitution adds its rounding to the rows; over a long run of operations the values it
/// implies drift from what the constraints say. After each update every constraint whose
/// variables moved, and every constraint added or changed since the last check, is
/// evaluated from its stored terms:
///
/// - **Residual.** A constraint's row reads `orientation·(Σ a·x + constant) + m·marker +
///   other = 0`. What the values leave of it is what rounding added to the constant.
///   Shifting the marker by that amount (as `setConstant` does, without changing the
///   constant) takes it out again: iterative refinement, with the tableau's marker columns
///   as the approximate inverse. One or two rounds bring the residuals down to the rounding
///   of the values themselves.
/// - **Required constraints hold**, to `requiredTolerance` of their magnitudes.
///
/// When refinement does not converge (the rows themselves went bad, which shows as residuals
/// too large to be rounding), the tableau is rebuilt from the constraints as written
/// (`rebuildTableau`): the reinversion of LP codes, in Cassowary's form.
///
/// The constraints of a variable are found through `VerificationIndex`, so a check costs
/// about what the update touched.
///
/// An update that only follows shifts of constants already shifted since the last pivot or
/// structural change (a drag: the same edit variables, frame after frame, no pivot) is not
/// checked each time: such a shift moves each row constant by `a·shift`, exactly as the
/// constraints say, and adds at most half a unit in the last place of rounding. The next
/// pivot, addition or removal, or the first shift of another constraint, brings a check;
/// and after `uncheckedShiftLimit` such updates every constraint is checked anyway, long
/// before the rounding could reach `refinementTolerance` (256 half-units of 2^-53 are
/// 1.4e-14).
extension SimplexCore {
    /// Notes a change that needs the next update's answer checked: a pivot, an addition or
    /// removal, a priority change. Every marker counts as unshifted again.
    @inline(__always) mutating func noteStructuralChange() {
        structureStamp &+= 1
        verification.debt.pending = true
        verification.debt.generation &+= 1
        if verification.coefficientRange.isWide { doubtOptimum() }
        if verification.coefficientRange.doubtsEveryChange { noteResidueDropped() }
    }

    /// Notes that constraint `c`'s constant moved: its first shift since the last
    /// structural change brings a check, of `c` itself too (a coefficient wrong since then
    /// would show now, and `c` may not move a variable).
    @inline(__always) mutating func noteShift(of c: Int32) {
        if verification.debt.shiftStamps.count <= Int(c) {
            verification.debt.shiftStamps.append(
                contentsOf: repeatElement(
                    0, count: registry.constraints.count + 1 - verification.debt.shiftStamps.count))
        }
        if verification.debt.shiftStamps[Int(c)] != verification.debt.generation {
            verification.debt.shiftStamps[Int(c)] = verification.debt.generation
            verification.debt.pending = true
            queueForCheck(c)
        } else {
            verification.debt.uncheckedShifts += 1
        }
    }

    /// Whether an update that recomputes only some values will check its answer (what
    /// `updateValues` decides after recomputing, asked before).
    var answerCheckIsDue: Bool {
        tuning.verifiesAnswers && !journal.isActive
            && (verification.debt.pending || verification.checksEverything || verification.doubts.any
                || verification.debt.uncheckedShifts >= uncheckedShiftLimit)
    }

    /// Whether this update's answer must be checked, and whether every constraint must be.
    mutating func takeVerificationDue(everythingRecomputed: Bool) -> (due: Bool, everything: Bool) {
        defer {
            verification.debt.pending = false
        }
        if verification.debt.uncheckedShifts >= uncheckedShiftLimit {
            verification.debt.uncheckedShifts = 0
            return (true, true)
        }
        return (
            verification.debt.pending || everythingRecomputed || verification.checksEverything, everythingRecomputed
        )
    }

    /// The identity residual of constraint `c`'s row at the current values, and the size of
    /// the numbers it sums.
    func rowResidual(ofConstraint c: Int32) -> (residual: Double, magnitude: Double) {
        let record = registry.constraints[Int(c)]
        let orientation = record.orientation
        var sum = orientation * record.constant
        var magnitude = abs(record.constant)
        for t in terms(of: record) {
            let p = t.coefficient * registry.variables[Int(t.variable)].value
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
        requiredViolation(ofConstraint: c) { registry.variables[Int($0)].value }
    }

    /// The same at `values` (by variable id).
    func requiredViolation(ofConstraint c: Int32, at values: [Double]) -> (violation: Double, magnitude: Double) {
        requiredViolation(ofConstraint: c) { values[Int($0)] }
    }

    @inline(__always) private func requiredViolation(
        ofConstraint c: Int32, value: (Int32) -> Double
    ) -> (violation: Double, magnitude: Double) {
        let record = registry.constraints[Int(c)]
        var sum = record.constant
        var magnitude = abs(record.constant)
        for t in terms(of: record) {
            let p = t.coefficient * value(t.variable)
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

    /// Notes that constraint `c` was added or changed: the next update checks it whether or
    /// not its variables move.
    @inline(__always) mutating func noteUnverified(_ c: Int32) {
        noteStructuralChange()
        if verification.index.isBuilt { verification.index.noteAdded(c) }
        // A build adds many before the first update, which checks everything anyway.
        if verification.checksEverything || operation.allSymbolsDirty { return }
        queueForCheck(c)
    }

    /// Puts `c` on the list the next check covers whatever moves; past `checkAllBeyond`
    /// entries, the next check covers everything instead.
    @inline(__always) private mutating func queueForCheck(_ c: Int32) {
        if verification.unverifiedConstraints.count < verification.index.checkAllBeyond {
            verification.unverifiedConstraints.append(c)
        } else {
            verification.checksEverything = true
        }
    }

    /// Checks the values just computed, refines them, and rebuilds the tableau when
    /// refinement does not converge. `changedFrom` is where the update's entries in
    /// `changedVariables` begin (nil when every value was recomputed). Returns false when
    /// even the rebuilt tableau's answer fails the check (the caller counts a numerical
    /// failure).
    mutating func verifyAnswer(changedFrom start: Int?) -> Bool {
        // Nothing moved and nothing changed: nothing to check.
        if let start, start == operation.changedVariables.count, verification.unverifiedConstraints.isEmpty,
            !verification.checksEverything
        {
            return true
        }
        var suspects = constraintsToCheck(changedFrom: start)
        // The common case, checked without building lists: nothing drifted.
        if constraintsHold(suspects) {
            suspects.empty()
            scratch.constraintsToCheck = suspects
            return true
        }
        for round in 0...refinementRounds {
            let drifted = constraintsWithResiduals(among: suspects)
            if drifted.isEmpty { return true }
            if round == refinementRounds { break }
            statistics.refinements += 1
            let first = refine(drifted)
            guard let first else { break }
            suspects = constraintsToCheck(changedFrom: first) + drifted.map(\.constraint)
        }
        statistics.rebuilds += 1
        guard (try? rebuildTableau()) != nil else { return false }
        verification.checksEverything = true
        suspects = constraintsToCheck(changedFrom: recomputeValues())
        for round in 0...refinementRounds {
            let drifted = constraintsWithResiduals(among: suspects)
            if drifted.isEmpty { return true }
            if round == refinementRounds { break }
            guard let first = refine(drifted) else { return false }
            suspects = constraintsToCheck(changedFrom: first) + drifted.map(\.constraint)
        }
        return false
    }

    /// Shifts each drifted constraint's marker by its residual, repairs feasibility and
    /// recomputes the values. Returns where the recomputation's changes begin, or nil when
    /// the repair failed.
    private mutating func refine(_ drifted: [(constraint: Int32, residual: Double)]) -> Int? {
        for (c, residual) in drifted { shiftMarker(of: c, by: residual / markerCoefficient(of: c)) }
        do {
            try restoreOptimality()
        } catch {
            clearTransientLists()
            return nil
        }
        return recomputeValues() ?? 0
    }

    /// The constraints an update must check: those added or changed since the last check,
    /// and those of the variables whose values changed from `start` in `changedVariables`
    /// (all of them when `start` is nil or the lists ran long). Each once, in id order.
    mutating func constraintsToCheck(changedFrom start: Int?) -> [Int32] {
        defer {
            verification.unverifiedConstraints.empty()
            verification.checksEverything = false
        }
        if !verification.index.isBuilt || verification.index.needsRebuild {
            var index = VerificationIndex()
            index.rebuild(from: self)
            verification.index = index
        }
        if start == nil || verification.checksEverything {
            var all: [Int32] = []
            for c in registry.constraints.indices where registry.constraints[c].isAlive { all.append(Int32(c)) }
            return all
        }
        // Each constraint once: a stamp per constraint, renewed for every call, instead of
        // sorting the candidates. The list's storage is kept between updates.
        verification.index.beginCollecting(constraintCount: registry.constraints.count)
        var result = scratch.constraintsToCheck
        scratch.constraintsToCheck = []
        result.empty()
        for c in verification.unverifiedConstraints { verification.index.collect(c, into: &result) }
        var k = start!
        while k < operation.changedVariables.count {
            verification.index.collectConstraints(of: operation.changedVariables[k], into: &result)
            k += 1
        }
        if operation.changedVariables.count > start! { verification.index.collectRecent(into: &result) }
        return result
    }

    /// Whether every constraint of `candidates` has a row residual within rounding and, if
    /// required, holds: `constraintsWithResiduals` finds none.
    func constraintsHold(_ candidates: [Int32]) -> Bool {
        for c in candidates where isConstraint(c) {
            let (residual, magnitude) = rowResidual(ofConstraint: c)
            guard abs(residual) <= refinementTolerance * max(1, magnitude) else { return false }
            if registry.constraints[Int(c)].isRequired {
                let (violation, size) = requiredViolation(ofConstraint: c)
                guard violation <= requiredTolerance * max(1, size) else { return false }
            }
        }
        return true
    }

    /// The constraints among `candidates` whose row residual is above rounding, with the
    /// residual; every required one that does not hold is among them.
    func constraintsWithResiduals(among candidates: [Int32]) -> [(constraint: Int32, residual: Double)] {
        var drifted: [(Int32, Double)] = []
        for c in candidates where isConstraint(c) {
            let (residual, magnitude) = rowResidual(ofConstraint: c)
            if !(abs(residual) <= refinementTolerance * max(1, magnitude)) {
                drifted.append((c, residual.isFinite ? residual : 0))
                continue
            }
            if registry.constraints[Int(c)].isRequired {
                let (violation, size) = requiredViolation(ofConstraint: c)
                if !(violation <= requiredTolerance * max(1, size)) { drifted.append((c, residual)) }
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
        fresh.adoptSettings(tuning)
        fresh.statistics = statistics
        fresh.verification = verification.keptThroughRebuild()
        fresh.registry = registry.detachedFromTableau()
        // Each attachment commits as an outermost operation of `fresh`, which holds every
        // constraint record from the start: not a state to check until the last is placed.
        fresh.operation.checksInvariantsAtCommits = false
        for id in registry.placementOrder() {
            let priority = self.priority(ofConstraint: id)
            let lower = registry.constraints[Int(id)].isSplit ? lowerPriority(ofConstraint: id) : nil
            try fresh.attachConstraint(id, priority: priority, lowerPriority: lower)
            try fresh.restoreOptimality()
        }
        // Every value is recomputed next, so the dirty list goes (with its flags).
        fresh.operation.markEverySymbolDirty()
        fresh.operation.changedVariables = operation.changedVariables
        fresh.operation.checksInvariantsAtCommits = true
        self = fresh
        #if RATITE_INVARIANTS
        requireInvariants(after: "a rebuild")
        #endif
    }
}

/// The constraints of each variable, for the answer check: a compressed table built from
/// the constraint records when first needed, plus the constraints added since, which are
/// scanned until there are enough of them to rebuild. Removed constraints stay in the
/// table until then and are skipped (a reused slot is checked once too often, which is
/// harmless).
struct VerificationIndex {
    /// `entries[offsets[v] ..< offsets[v + 1]]` are the constraints that held variable `v`
    /// when the table was built.
    private var offsets: [Int32] = []
    private var entries: [Int32] = []
    /// Constraints added since.
    private var recent: [Int32] = []
    private(set) var isBuilt = false

    /// Past this many unverified constraints, an update checks them all.
    var checkAllBeyond: Int { max(4096, entries.count / 4) }

    var needsRebuild: Bool { recent.count > max(64, entries.count / 16) }

    /// Bytes held.
    var reservedBytes: Int { offsets.capacity * 4 + entries.capacity * 4 + recent.capacity * 4 + stamps.capacity * 4 }

    mutating func rebuild(from core: borrowing SimplexCore) {
        var counts = [Int32](repeating: 0, count: core.registry.variables.count + 1)
        for c in core.registry.constraints.indices where core.registry.constraints[c].isAlive {
            for t in core.terms(ofConstraint: Int32(c)) { counts[Int(t.variable) + 1] += 1 }
        }
        for v in 0..<core.registry.variables.count { counts[v + 1] += counts[v] }
        offsets = counts
        var next = counts
        entries = [Int32](repeating: -1, count: Int(counts[core.registry.variables.count]))
        for c in core.registry.constraints.indices where core.registry.constraints[c].isAlive {
            for t in core.terms(ofConstraint: Int32(c)) {
                entries[Int(next[Int(t.variable)])] = Int32(c)
                next[Int(t.variable)] += 1
            }
        }
        recent = []
        isBuilt = true
    }

    mutating func noteAdded(_ c: Int32) {
        recent.append(c)
    }

    /// Per constraint, the collection it was last collected in.
    private var stamps: [UInt32] = []
    private var collection: UInt32 = 0

    /// Starts a collection: each constraint is collected at most once until the next.
    mutating func beginCollecting(constraintCount: Int) {
        if stamps.count < constraintCount {
            stamps.append(contentsOf: repeatElement(0, count: constraintCount - stamps.count))
        }
        collection &+= 1
        if collection == 0 {
            for i in stamps.indices { stamps[i] = 0 }
            collection = 1
        }
    }

    /// Appends `c` to `list` unless this collection has it already.
    @inline(__always) mutating func collect(_ c: Int32, into list: inout [Int32]) {
        guard Int(c) < stamps.count, stamps[Int(c)] != collection else { return }
        stamps[Int(c)] = collection
        list.append(c)
    }

    /// Collects the constraints of the table that held variable `v`.
    mutating func collectConstraints(of v: Int32, into list: inout [Int32]) {
        guard Int(v) + 1 < offsets.count else { return }
        for k in Int(offsets[Int(v)]) ..< Int(offsets[Int(v) + 1]) { collect(entries[k], into: &list) }
    }

    /// Collects the constraints added since the table was built: they are few, and all
    /// checked when anything moved.
    mutating func collectRecent(into list: inout [Int32]) {
        for c in recent { collect(c, into: &list) }
    }
}

/// Residuals above this, relative to the numbers a row sums, are refined away.
let refinementTolerance = 1.0e-12

/// A required constraint holds when it is violated by at most this, relative to the
/// numbers its left side sums (or absolutely, below 1).
let requiredTolerance = 1.0e-9

/// Refinement rounds before the tableau is rebuilt.
let refinementRounds = 3

/// Updates after nothing but repeated constant shifts that go unchecked before every
/// constraint is checked (see `noteShift`).
let uncheckedShiftLimit = 256

/// When the answer check is due (see `noteStructuralChange` and `noteShift`).
struct VerificationDebt {
    /// Whether the next update's answer must be checked.
    var pending = true
    /// Updates since the last full check that only followed repeated shifts.
    var uncheckedShifts = 0
    /// Bumped by every structural change; a constraint whose stamp differs has not been
    /// shifted since.
    var generation: UInt32 = 1
    var shiftStamps: [UInt32] = []
}
