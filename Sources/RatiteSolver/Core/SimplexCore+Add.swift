import RatiteExact
import RatiteSupport

/// Adding a constraint: build its row, pick the symbol it will define, and place it either
/// among the definitions (no simplex work at all) or in the LP part.
extension SimplexCore {
    /// Adds `Σ terms + constant  relation  0` at `priority`.
    /// - Returns: the new constraint's id.
    /// - Throws: on invalid input or unsatisfiable required constraints; the core is then
    ///   exactly as before the call.
    package mutating func addConstraint(
        terms: [VariableTerm], constant: Double, relation: Relation, priority: Double
    ) throws(CoreError) -> Int32 {
        try validate(terms: terms, constant: constant, priority: priority)
        beginTransaction()
        do {
            let id = try insertConstraint(
                terms: terms, constant: constant, relation: relation, priority: priority, isEdit: false)
            if priority >= 1000 { try certifyFeasibility() }
            commitTransaction()
            return id
        } catch {
            rollbackTransaction()
            var check: RefusalCheck? = nil
            if fitsExactFallback {
                let subject = ExactConstraint(
                    terms: terms.map { (Int($0.variable), $0.coefficient) }, constant: constant,
                    relation: relation.exact, priority: priority)
                var id: Int32 = -1
                if priority >= 1000 { check = checkRefusal(of: subject, replacing: -1, certificate: error.certificate) }
                if priority < 1000 || check?.holds == true,
                    try placeExactly({ (core) throws(CoreError) in
                        id = try core.recordConstraint(
                            terms: terms, constant: constant, relation: relation, isEdit: false)
                        core.attachSymbols(id, priority: priority)
                    }) {
                    return id
                }
            }
            throw explained(
                error, terms: terms, constant: constant, relation: relation, replacing: -1,
                isRequired: priority >= 1000, check: check)
        }
    }

    /// Adds the split equality `variable + constant == 0` whose excess (the variable above
    /// `-constant`) costs at priority `above` and whose shortfall costs at `below`: the pair
    /// `variable + constant <= 0 @above`, `variable + constant >= 0 @below` in one row (see
    /// `ConstraintRecord.isSplit`). Both priorities must be optional.
    /// - Returns: the new constraint's id.
    package mutating func addSplitConstraint(
        variable: Int32, constant: Double, above: Double, below: Double
    ) throws(CoreError) -> Int32 {
        let terms = [VariableTerm(variable: variable, coefficient: 1)]
        try validate(terms: terms, constant: constant, priority: above)
        try validate(terms: terms, constant: constant, priority: below)
        for p in [above, below] where p >= 1000 { throw .invalidPriority(p) }
        func record(in core: inout SimplexCore) throws(CoreError) -> Int32 {
            let serial = try core.nextSerial()
            let stored = core.storeConstraintTerms(terms)
            return core.allocateConstraint(ConstraintRecord(
                constant: constant, serial: serial, termStart: stored.start, termShape: stored.shape,
                level: -1, marker: -1, other: -1, relation: .equal, isAlive: true, isEdit: false, isSplit: true))
        }
        beginTransaction()
        do {
            let id = try record(in: &self)
            try attachConstraint(id, priority: above, lowerPriority: below)
            try restoreOptimality()
            commitTransaction()
            return id
        } catch {
            rollbackTransaction()
            var id: Int32 = -1
            if fitsExactFallback, try placeExactly({ (core) throws(CoreError) in
                id = try record(in: &core)
                core.attachSymbols(id, priority: above, lowerPriority: below)
            }) {
                return id
            }
            throw error.asNumericalFailure(of: "adding a split equality")
        }
    }

    @inline(__always) func validate(terms: [VariableTerm], constant: Double, priority: Double) throws(CoreError) {
        guard priority > 0 && priority <= 1000 else { throw .invalidPriority(priority) }
        for t in terms {
            guard isVariable(t.variable) else { throw .unknownVariable(t.variable) }
            guard isInRange(t.coefficient) else { throw .nonFiniteCoefficient(variable: t.variable, t.coefficient) }
        }
        guard isInRange(constant) else { throw .nonFiniteConstant(constant) }
    }

    /// Records the constraint and places it. Runs inside a transaction.
    mutating func insertConstraint(
        terms: [VariableTerm], constant: Double, relation: Relation, priority: Double, isEdit: Bool
    ) throws(CoreError) -> Int32 {
        let id = try recordConstraint(terms: terms, constant: constant, relation: relation, isEdit: isEdit)
        try attachConstraint(id, priority: priority)
        try restoreOptimality()
        return id
    }

    /// Records a constraint (its terms, constant and serial), not yet attached.
    mutating func recordConstraint(
        terms: [VariableTerm], constant: Double, relation: Relation, isEdit: Bool
    ) throws(CoreError) -> Int32 {
        let serial = try nextSerial()
        for t in terms { verification.coefficientRange.note(t.coefficient) }
        verification.coefficientRange.noteConstant(constant)
        let stored = storeConstraintTerms(terms)
        return allocateConstraint(ConstraintRecord(
            constant: constant, serial: serial, termStart: stored.start, termShape: stored.shape,
            level: -1, marker: -1, other: -1, relation: relation, isAlive: true, isEdit: isEdit))
    }

    /// The serial of a constraint being added. Serials are 28 bits (they share a word of
    /// the record): when they run out, the live constraints are numbered afresh in their
    /// addition order, inside the operation's transaction.
    mutating func nextSerial() throws(CoreError) -> UInt32 {
        if registry.serialCounter + 1 >= ConstraintRecord.serialLimit {
            var live = registry.constraints.indices.filter { registry.constraints[$0].isAlive }
            guard live.count + 1 < Int(ConstraintRecord.serialLimit) else {
                throw .internalError("more than \(ConstraintRecord.serialLimit - 2) constraints")
            }
            live.sort { registry.constraints[$0].serial < registry.constraints[$1].serial }
            for (k, c) in live.enumerated() {
                noteConstraint(Int32(c))
                registry.constraints[c].serial = UInt32(k + 1)
            }
            registry.serialCounter = UInt32(live.count)
        }
        registry.serialCounter += 1
        return registry.serialCounter
    }

    /// Creates the tableau presence of recorded constraint `id`: its variables' symbols,
    /// its tag symbols, its objective terms and its row, at `priority` (for a split
    /// equality, the priority above; `lowerPriority` is the one below).
    mutating func attachConstraint(_ id: Int32, priority: Double, lowerPriority: Double? = nil) throws(CoreError) {
        attachSymbols(id, priority: priority, lowerPriority: lowerPriority)
        let record = registry.constraints[Int(id)]
        let marker = record.marker, other = record.other
        scratch.workspace.reset()
        scratch.workspace.setConstant(record.orientation * record.constant)
        for t in terms(of: record) {
            scratch.workspace.add(registry.variables[Int(t.variable)].symbol, record.orientation * t.coefficient)
        }
        scratch.workspace.add(marker, markerCoefficient(of: id))
        if other >= 0 { scratch.workspace.add(other, 1) }
        try placeRow(constraint: id)
    }

    /// The symbols, levels and objective terms of recorded constraint `id` at `priority`
    /// (for a split equality, the priority above; `lowerPriority` is the one below),
    /// without its row: `attachConstraint`, or exact placement (which writes every row).
    @inline(__always)
    mutating func attachSymbols(_ id: Int32, priority: Double, lowerPriority: Double? = nil) {
        let record = registry.constraints[Int(id)]
        let required = priority >= 1000
        let level = required ? -1 : retainLevel(priority: priority)
        precondition(record.isSplit == (lowerPriority != nil) && !(record.isSplit && required))
        for t in terms(of: record) { _ = retainVariable(t.variable) }
        let marker: Int32
        var other: Int32 = -1
        switch (record.relation, required) {
        case (.equal, true):
            marker = newSymbol(.dummy, owner: id)
        case (_, true):
            marker = newSymbol(.slack, owner: id)
        case (.equal, false):
            marker = newSymbol(.error, owner: id)
            other = newSymbol(.error, owner: id)
        case (_, false):
            marker = newSymbol(.slack, owner: id)
            other = newSymbol(.error, owner: id)
        }
        noteConstraint(id)
        registry.constraints[Int(id)].level = level
        registry.constraints[Int(id)].marker = marker
        registry.constraints[Int(id)].other = other
        if let lowerPriority { registry.constraints[Int(id)].lowerLevel = retainLevel(priority: lowerPriority) }
        if level >= 0 {
            if record.relation == .equal { addObjectiveCoefficient(marker, level: level, 1) }
            addObjectiveCoefficient(other, level: registry.constraints[Int(id)].lowerLevel, 1)
        }
    }

    /// The marker's coefficient in the row as first built: +1 for a required equality's
    /// dummy, -1 for a slack or positive error.
    @inline(__always) func markerCoefficient(of id: Int32) -> Double {
        kind(registry.constraints[Int(id)].marker) == .dummy ? 1 : -1
    }

    mutating func allocateConstraint(_ record: ConstraintRecord) -> Int32 {
        let c: Int32
        if registry.freeConstraint >= 0 {
            c = registry.freeConstraint
            noteConstraint(c)
            registry.freeConstraint = registry.constraints[Int(c)].marker
            registry.constraints[Int(c)] = record
        } else {
            registry.constraints.append(record)
            c = Int32(registry.constraints.count - 1)
        }
        noteUnverified(c)
        return c
    }

    /// The priority of live constraint `c`: its level's, or 1000 when required; a split
    /// equality's priority above.
    package func priority(ofConstraint c: Int32) -> Double {
        let level = registry.constraints[Int(c)].level
        return level >= 0 ? objective.levels[Int(level)].priority : 1000
    }

    /// The priority of live constraint `c`'s `other` error: a split equality's priority
    /// below, else `priority(ofConstraint:)`.
    package func lowerPriority(ofConstraint c: Int32) -> Double {
        let level = registry.constraints[Int(c)].lowerLevel
        return level >= 0 ? objective.levels[Int(level)].priority : 1000
    }

    package func isConstraint(_ c: Int32) -> Bool {
        c >= 0 && Int(c) < registry.constraints.count && registry.constraints[Int(c)].isAlive
    }

    // MARK: Placing the row held in the workspace

    /// Places the row in `workspace` (`0 = constant + Σ terms`): as a definition of an
    /// external symbol when one can be defined by it, else as an LP row.
    private mutating func placeRow(constraint id: Int32) throws(CoreError) {
        // A fresh variable (in no row and no objective) can be defined by this row as it
        // stands: nothing refers to it, so no cycle can form and nothing needs substituting.
        // By index, here and below: iterating the array would retain it (the loops call
        // mutating methods), and every loop leaves as soon as the workspace changes.
        for i in scratch.workspace.symbols.indices {
            let s = scratch.workspace.symbols[i]
            guard kind(s) == .external && isParametric(s) && !isNearZero(scratch.workspace.coefficient(s)) else {
                continue
            }
            if !appearsInRows(s) && tableau.symbols[Int(s)].objective < 0 {
                try define(s, explicit: false)
                return
            }
        }
        // A parametric variable that only definition rows refer to can be defined too, as
        // long as none of the definitions this row refers to depends on it. When the row
        // shows no such variable, one may sit one level down, in a definition it refers to
        // (`label.top == field.top + 4` defined label.top, and the row `label.top ==
        // previous.bottom + 8` then defines field.top): expanding just that definition keeps
        // the row short, where a full expansion would pull in the whole chain above it.
        var budget = 64
        var mayReroot = true
        var expanded = false
        // The cycle checks below keep what they found while only the workspace changes;
        // every way out of the placement ends their search.
        defer { forgetDependentSearch() }
        search: while budget > 0 {
            budget -= 1
            // Expansions cancel, and a residue just above `nearZero` (1e-11 beside
            // coefficients near 1) is no subject: dividing by it wrote 1e14 into the row
            // (seed 569 of 10 variables in `SolverPublicOperationFuzzTests`).
            for i in scratch.workspace.symbols.indices {
                let s = scratch.workspace.symbols[i]
                guard kind(s) == .external && isParametric(s) && isWorkspacePivot(scratch.workspace.coefficient(s))
                else { continue }
                guard !appearsInLP(s) && tableau.symbols[Int(s)].objective < 0 else { continue }
                if let cyclic = try raiseLevelsBeforeDefining(s) {
                    expandDefinition(cyclic)
                    continue search
                }
                try define(s, explicit: false)
                return
            }
            guard let d = definitionExposingVariable() else {
                guard mayReroot else { break }
                mayReroot = false
                // Re-rooting changes the tableau (and flags symbols `visited` itself).
                forgetDependentSearch()
                if try expandOrReroot() { continue search }
                expanded = true
                break
            }
            expandDefinition(d)
        }
        if !expanded { expandFully() }
        var subject: Int32 = -1
        var best = 0.0
        for i in scratch.workspace.symbols.indices {
            let s = scratch.workspace.symbols[i]
            guard kind(s) == .external && isParametric(s) else { continue }
            let c = abs(scratch.workspace.coefficient(s))
            if c > best + nearZero || (abs(c - best) <= nearZero && c > nearZero && s < subject) {
                subject = s
                best = c
            }
        }
        if subject >= 0 && isWorkspacePivot(best) {
            try define(subject, explicit: true)
            return
        }
        try placeLPRow(constraint: id)
    }

    /// Whether the workspace row may be solved for a symbol whose coefficient is `a`: the
    /// simplex's test of a pivot element (`isPivotable`), against the workspace's others.
    private func isWorkspacePivot(_ a: Double) -> Bool {
        isPivotElement(a) {
            var largest = 0.0
            for s in scratch.workspace.symbols where kind(s) != .dummy {
                largest = max(largest, abs(scratch.workspace.coefficient(s)))
            }
            return largest
        }
    }

    /// A defined symbol in the workspace whose own definition row refers directly to a
    /// parametric external that could become the subject, or nil.
    @inline(__always) private func definitionExposingVariable() -> Int32? {
        for s in scratch.workspace.symbols where isDefined(s) && !isNearZero(scratch.workspace.coefficient(s)) {
            for t in cells(of: tableau.rows[Int(rowIndex(s))])
            where kind(t.symbol) == .external && isParametric(t.symbol) {
                if !appearsInLP(t.symbol) && tableau.symbols[Int(t.symbol)].objective < 0 { return s }
            }
        }
        return nil
    }

    /// Whether `s` appears in an LP row.
    @inline(__always) func appearsInLP(_ s: Int32) -> Bool { firstLPNode(from: tableau.symbols[Int(s)].column) >= 0 }

    /// The first node of a column list, from `node` on, whose row is an LP row, or -1.
    @inline(__always) func firstLPNode(from node: Int32) -> Int32 {
        var node = node
        while node >= 0 && tableau.rows[Int(tableau.columnNodes[Int(node)].row)].isDefinition {
            node = tableau.columnNodes[Int(node)].next
        }
        return node
    }

    /// Compares how many LP rows hold `a` and `b` (-1 fewer, 0 as many, 1 more): the rows a
    /// pivot on either would rewrite. The two columns are walked side by side, so the cost
    /// is bounded by the shorter one (an old symbol held by every earlier grid row is never
    /// walked to its end), and by `horizon` LP rows: 2 when both columns hold more (the
    /// caller decides what that means). Definition rows in between are skipped uncounted;
    /// they are rare in the long columns this bounds.
    func compareLPRowCounts(_ a: Int32, _ b: Int32, horizon: Int = .max) -> Int {
        var x = firstLPNode(from: tableau.symbols[Int(a)].column)
        var y = firstLPNode(from: tableau.symbols[Int(b)].column)
        var walked = 0
        while x >= 0 && y >= 0 {
            walked += 1
            if walked > horizon { return 2 }
            x = firstLPNode(from: tableau.columnNodes[Int(x)].next)
            y = firstLPNode(from: tableau.columnNodes[Int(y)].next)
        }
        return x < 0 ? (y < 0 ? 0 : -1) : 1
    }

    /// Makes the workspace row the definition of `x`. An explicit row (parametric symbols
    /// only) is also substituted into the LP rows and the objective that contain `x`.
    private mutating func define(_ x: Int32, explicit: Bool) throws(CoreError) {
        let row = storedDefinition(of: x, fromID: !explicit)
        let objective = tableau.symbols[Int(x)].objective
        assert(explicit || objective < 0, "an implicit definition drops no objective coefficients")
        let r = insertRow(row)
        if explicit {
            substituteIntoLPRows(x, by: row, except: r)
            substituteObjective(x, list: objective, row: row)
            try raiseLevels(above: x)
        }
    }

    /// Substitutes defined symbol `d`'s row into the workspace.
    private mutating func expandDefinition(_ d: Int32) {
        statistics.expansions += 1
        let c = scratch.workspace.take(d)
        addToWorkspace(tableau.rows[Int(rowIndex(d))], scale: c)
    }

    /// Substitutes every defined and LP-basic symbol out of the workspace, leaving an
    /// explicit row in parametric symbols. Definitions are expanded highest level first, so
    /// each is expanded at most once however many paths lead to it.
    ///
    /// Returns false, with the workspace part-expanded, as soon as it holds more than
    /// `limit` symbols.
    @discardableResult
    mutating func expandFully(limit: Int = .max) -> Bool {
        var heap = scratch.expansionHeap
        scratch.expansionHeap = LevelHeap()
        defer { scratch.expansionHeap = heap }
        for s in scratch.workspace.symbols where isDefined(s) { pushDefinition(s, on: &heap) }
        while let d = heap.pop(flags: &operation.flags) {
            let c = scratch.workspace.take(d)
            if isNearZero(c) { continue }
            statistics.expansions += 1
            let row = tableau.rows[Int(rowIndex(d))]
            scratch.workspace.addToConstant(row.constant * c)
            prefetchSymbols(of: row)
            for t in cells(of: row) {
                scratch.workspace.add(t.symbol, t.coefficient * c)
                if isDefined(t.symbol) { pushDefinition(t.symbol, on: &heap) }
            }
            if scratch.workspace.symbols.count > limit {
                // Popping clears the heap's flags.
                while heap.pop(flags: &operation.flags) != nil {}
                return false
            }
        }
        var i = 0
        while i < scratch.workspace.symbols.count {
            let s = scratch.workspace.symbols[i]
            i += 1
            guard isLPBasic(s), !isNearZero(scratch.workspace.coefficient(s)) else { continue }
            let c = scratch.workspace.take(s)
            addToWorkspace(tableau.rows[Int(rowIndex(s))], scale: c)
        }
        return true
    }

    /// Queues defined symbol `s` for expansion, and starts loading its row's cells: the heap
    /// pops it only after the others above it, by when they have arrived (a deep expansion
    /// of a 100k system reads rows from all over the pool).
    @inline(__always) private mutating func pushDefinition(_ s: Int32, on heap: inout LevelHeap) {
        let row = tableau.rows[Int(rowIndex(s))]
        heap.push(s, level: row.level, flags: &operation.flags)
        cells.pool.prefetch(Int(row.start))
    }

    /// Starts loading the records of `row`'s symbols, so that a loop asking about each in
    /// turn waits for them together rather than one after another.
    @inline(__always) private func prefetchSymbols(of row: Row) {
        guard tableauOutgrowsTheCaches else { return }
        for i in row.cellRange { tableau.symbols.prefetch(Int(cells.pool.symbol(at: i))) }
    }

    /// Places the explicit workspace row (restricted symbols only) in the LP part.
    private mutating func placeLPRow(constraint id: Int32) throws(CoreError) {
        let record = registry.constraints[Int(id)]
        var terms = scratch.termList
        scratch.termList = []
        defer { scratch.termList = terms }
        scratch.workspace.sortedTerms(into: &terms)
        var constant = scratch.workspace.constant
        if scratch.workspace.droppedResidue { noteResidueDropped() }
        if terms.allSatisfy({ kind($0.symbol) == .dummy }) {
            // Only required equalities are involved: the row is redundant or contradictory.
            // A constant that came out zero from terms so large that roundoff exceeds the
            // tolerance (910099911 against 910099912 beside 1e16, where one unit is below
            // the last place) decides nothing either: both go to exact certification. The
            // row constants it was read from carry the roundoff of whatever they were
            // computed beside, up to the system's largest constant, which the workspace
            // never saw: `w == 1` restated `w == 0.99999999` once 555451543 (weak) had
            // rounded the difference out of the row the two met in.
            let tolerance = feasibilityTolerance * max(1, abs(record.constant))
            if constant != 0 || workspaceConstantRoundoff > tolerance {
                doubtFeasibility()
            }
            guard abs(constant) <= tolerance else {
                var conflict = dummyCoefficients(terms.map { ($0.symbol, $0.coefficient) })
                    .map { tableau.symbols[Int($0.symbol)].owner }.filter { $0 != id }
                conflict.append(pendingConstraintID)
                throw .unsatisfiable(conflict: conflict)
            }
            try solveAndInsert(terms: terms, constant: 0, subject: record.marker)
            return
        }
        if kind(record.marker) == .dummy && restatesEqualities(terms, constant: constant, constraint: id) {
            doubtFeasibility()
            // The same, up to roundoff that expanding large coefficients leaves behind.
            // Phase one would treat that roundoff as real and move an optimal variable by
            // the constant over a roundoff coefficient to absorb it.
            try solveAndInsert(terms: terms.filter { kind($0.symbol) == .dummy }, constant: 0, subject: record.marker)
            return
        }
        // Tested here before the call: calling a non-mutating method from here copies the
        // whole core, which every addition would pay for.
        let roundoff = workspaceConstantRoundoff
        if record.level < 0 && roundoff > feasibilityTolerance * max(1, abs(record.constant))
            && pinsSlackWithinRoundoff(terms, constant: constant, roundoff: roundoff, marker: record.marker)
        {
            doubtFeasibility()
        }
        // Solved for the symbol the dual ratio test picks, the row leaves the objective
        // optimal, so adding it costs no pivots. That symbol may be any restricted one when
        // the row holds as it stands (constant zero: nothing moves); otherwise it must not
        // move another LP row. (Picking the marker regardless can start a run of degenerate
        // pivots: an edit variable pinned where a built tree already has it took n/2, and
        // each weak `width == 50` of a chain took one.)
        if let (subject, negate) = subjectKeepingOptimality(terms, constant: constant, constraint: id) {
            if negate {
                constant = -constant
                for i in terms.indices { terms[i].coefficient = -terms[i].coefficient }
            }
            try solveAndInsert(terms: terms, constant: constant, subject: subject)
            return
        }
        if constant < 0 {
            constant = -constant
            for i in terms.indices { terms[i].coefficient = -terms[i].coefficient }
        }
        func eligible(_ s: Int32) -> Bool {
            guard s >= 0, kind(s) == .slack || kind(s) == .error else { return false }
            return terms.first { $0.symbol == s }.map { $0.coefficient < 0 } ?? false
        }
        if eligible(record.marker) {
            try solveAndInsert(terms: terms, constant: constant, subject: record.marker)
        } else if eligible(record.other) {
            try solveAndInsert(terms: terms, constant: constant, subject: record.other)
        } else if !placeByDualSimplex(terms: terms, constant: constant, constraint: id) {
            try addWithArtificialVariable(terms: terms, constant: constant, constraint: id)
        }
    }

    /// Inserts `0 = constant + Σ terms` solved for parametric `subject`, substituting it out
    /// of the other LP rows and the objective (a pivot on a row that was never basic).
    private mutating func solveAndInsert(terms: [Cell], constant: Double, subject: Int32) throws(CoreError) {
        guard let c = terms.first(where: { $0.symbol == subject })?.coefficient, !isNearZero(c) && c.isFinite else {
            throw .internalError("subject missing from its row")
        }
        let start = cells.pool.count
        var largest = 0.0
        var dropped = 0.0
        for t in terms where t.symbol != subject {
            largest = max(largest, abs(t.coefficient))
            let q = -t.coefficient / c
            noteMagnitude(q)
            if !isNearZero(q) {
                cells.pool.append(Cell(symbol: t.symbol, coefficient: q))
            } else {
                dropped = max(dropped, abs(t.coefficient))
            }
        }
        noteGrowth(pivot: c, besideLargest: largest)
        if dropped > 0 { noteDroppedQuotients(largest: dropped, besideLargest: largest) }
        // A slack or error row is substituted into others: bundle its dummies first.
        let end = kind(subject) == .slack || kind(subject) == .error ? bundlingDummies(from: start) : cells.pool.count
        let solvedConstant = -constant / c
        noteMagnitude(solvedConstant)
        let row = Row(
            constant: solvedConstant, basic: subject, start: Int32(start), count: Int32(end - start),
            isDefinition: false)
        let objective = tableau.symbols[Int(subject)].objective
        let r = insertRow(row)
        if appearsInRows(subject) { substituteIntoLPRows(subject, by: row, except: r) }
        substituteObjective(subject, list: objective, row: row)
        checkFeasibility(subject)
    }

    /// Whether the row of a required equality only restates required equalities already
    /// held: its other coefficients are roundoff next to its dummies', and its constant is
    /// roundoff next to the size of the constraint's terms at the current solution.
    private func restatesEqualities(_ terms: [Cell], constant: Double, constraint id: Int32) -> Bool {
        var dummyScale = 0.0
        for t in terms where kind(t.symbol) == .dummy { dummyScale = max(dummyScale, abs(t.coefficient)) }
        guard dummyScale > 0 else { return false }
        for t in terms where kind(t.symbol) != .dummy && abs(t.coefficient) > equalityRoundoff * dummyScale {
            return false
        }
        return abs(constant) <= feasibilityTolerance
            * max(1, abs(registry.constraints[Int(id)].constant), magnitude(of: id))
    }

    /// What rounding may have left in the workspace's constant: a unit in the last place of
    /// the largest constant it was summed from, or of the system's largest constant, which
    /// the row constants it read may carry unseen (see `placeLPRow`).
    @inline(__always) private var workspaceConstantRoundoff: Double {
        max(scratch.workspace.constantMagnitude, verification.coefficientRange.largestConstant) * Double.ulpOfOne
    }

    /// Whether the row of a required inequality (slack `marker`) pins the slack through
    /// required equalities alone (every other term a dummy) to a value within `roundoff`,
    /// a unit in the last place of the system's largest constant, of zero: the inequality's
    /// sign is then decided by rounding, as the all-dummy row's is (`placeLPRow`). `w >= 1`
    /// was accepted beside `w == 0.99999999` once 555451543 (weak) had rounded `w`'s row to
    /// exactly 1. Only systems where `roundoff` passes `feasibilityTolerance` are asked.
    private func pinsSlackWithinRoundoff(_ terms: [Cell], constant: Double, roundoff: Double, marker: Int32) -> Bool {
        guard kind(marker) == .slack, abs(constant) <= roundoffWindow * roundoff else { return false }
        for t in terms where t.symbol != marker && kind(t.symbol) != .dummy { return false }
        return true
    }

    /// For a row `0 = constant + Σ terms`: the restricted symbol to solve it for, and
    /// whether the row is negated first, such that the result is feasible and the objective
    /// stays optimal; nil when no such choice is cheap.
    ///
    /// Solving for `p` (coefficient `a_p < 0` once oriented so the constant is not negative)
    /// makes `p` equal the constant over `|a_p|`, and adds `c_p / |a_p|` times the row to
    /// the objective: every other coefficient `c_j` becomes `c_j + (c_p / |a_p|) a_j`.
    /// Those with `a_j > 0` stay non-negative because `c_p ≥ 0`; those with `a_j < 0` do when
    /// `p` has the least ratio `c_p / |a_p|` among them (compared level by level): the dual
    /// simplex's ratio test. With a zero constant either orientation works and nothing
    /// moves; ties prefer the constraint's own new symbols, then symbols in no other LP
    /// row (less to substitute). With a positive constant `p` leaves zero, which would move
    /// every LP row containing it, so `p` is the constraint's own marker or error, or a
    /// slack no LP row and no level refers to (the chain's `width >= 10` when `width == 50`
    /// arrives) whose coefficient is the row's largest. That last condition keeps the new
    /// row as well scaled as the original: with a smaller pivot, a property run with
    /// coefficients up to 1000 ended 1e-6 from optimal at a level.
    private func subjectKeepingOptimality(
        _ terms: [Cell], constant: Double, constraint id: Int32
    ) -> (Int32, negate: Bool)? {
        let record = registry.constraints[Int(id)]
        // The row's scale counts its dummies: a row that only restates required equalities
        // (`a == b` added twice) keeps O(1) dummy coefficients and roundoff elsewhere, and
        // solving it for a roundoff-sized coefficient would blow it up.
        var largest = 0.0
        for t in terms { largest = max(largest, abs(t.coefficient)) }
        func isFresh(_ s: Int32) -> Bool { s == record.marker || s == record.other }
        /// 0 for the constraint's own symbols, 1 for others in no LP row, 2 for the rest.
        func cost(_ s: Int32) -> Int { isFresh(s) ? 0 : appearsInLP(s) ? 2 : 1 }
        /// Among equal ratios and costs: fewer LP rows to rewrite (when `counting`), then
        /// the lower id. (Ids alone picked the oldest symbol: each new grid row's `W`
        /// constraint was solved for the previous grid row's error, which every earlier
        /// grid row holds by then.) Counts are compared up to `tiedColumnHorizon`: a row
        /// of a shuffled grid ties many weak errors that each hundreds of LP rows hold,
        /// and walking every pair to the shorter end is a cache miss a step. Past it, the
        /// higher id is taken: usually the newer symbol (ids of removed symbols are reused),
        /// which has had less time to spread into rows than the lower id (a grid built in
        /// order pays dearly for the older one). The choice between the row's two
        /// orientations below stays exact: bounding that too slowed the grid built in order.
        func fewerRows(_ s: Int32, than current: Int32, cost: Int, counting: Bool) -> Bool {
            let order = cost == 2 && counting ? compareLPRowCounts(s, current, horizon: tiedColumnHorizon) : 0
            if order == 2 { return s > current }
            return order < 0 || (order == 0 && s < current)
        }
        func best(negate: Bool, counting: Bool) -> (symbol: Int32, size: Double, cost: Int)? {
            var choice: (symbol: Int32, size: Double, cost: Int)? = nil
            for t in terms {
                let k = kind(t.symbol)
                guard k == .slack || k == .error else { continue }
                let a = negate ? -t.coefficient : t.coefficient
                guard a < 0, -a > nearZero, -a > pivotTolerance * largest else { continue }
                guard let current = choice else { choice = (t.symbol, -a, cost(t.symbol)); continue }
                let order = compareObjectiveRatios(t.symbol, -a, current.symbol, current.size)
                if order > 0 { continue }
                let c = cost(t.symbol)
                if order < 0 || c < current.cost
                    || (c == current.cost && fewerRows(t.symbol, than: current.symbol, cost: c, counting: counting)) {
                    choice = (t.symbol, -a, c)
                }
            }
            return choice
        }
        if abs(constant) > feasibilityTolerance {
            // A symbol other LP rows hold is refused here however few they are, so their
            // counts are not compared: walking long columns to rank symbols about to be
            // refused would be work for nothing.
            guard let choice = best(negate: constant < 0, counting: false) else { return nil }
            var widest = 0.0
            for t in terms where kind(t.symbol) != .dummy { widest = max(widest, abs(t.coefficient)) }
            guard choice.cost == 0 || (choice.cost == 1 && kind(choice.symbol) == .slack
                && tableau.symbols[Int(choice.symbol)].objective < 0 && choice.size >= widest) else { return nil }
            return (choice.symbol, constant < 0)
        }
        switch (best(negate: false, counting: true), best(negate: true, counting: true)) {
        case (let plain?, let negated?):
            let fewer = negated.cost < plain.cost
                || (negated.cost == plain.cost && negated.cost == 2
                    && compareLPRowCounts(negated.symbol, plain.symbol) < 0)
            return fewer ? (negated.symbol, true) : (plain.symbol, false)
        case (let plain?, nil): return (plain.symbol, false)
        case (nil, let negated?): return (negated.symbol, true)
        case (nil, nil): return nil
        }
    }

    /// Places a violated required constraint with the dual simplex: the row goes in solved
    /// for its own marker, which is then infeasible (a slack below zero, a dummy off zero),
    /// and dual pivots repair it and whatever it pushes out of bounds. The objective stays
    /// optimal throughout, so nothing is left to optimize.
    ///
    /// Phase one reaches an optimum too, but its primal pivots walk through every
    /// degenerate vertex on the artificial's way: a link closing a shuffled grid's row
    /// moves every width of the row, whose weak `width == 40` errors all reach zero at
    /// once, and phase one took a pivot per error, each rewriting every row that holds the
    /// row's shared width. The dual simplex takes far fewer pivots for the same builds.
    ///
    /// Returns false, with the core as it was (its pivots still count in `statistics`,
    /// which count work done), when the dual simplex proves the constraint unsatisfiable
    /// or runs out of its pivot budget: phase one then places it or explains the conflict
    /// as before (its certificate is what the conflict report is built from).
    private mutating func placeByDualSimplex(terms: [Cell], constant: Double, constraint id: Int32) -> Bool {
        let marker = registry.constraints[Int(id)].marker
        guard kind(marker) == .slack || kind(marker) == .dummy, terms.contains(where: { $0.symbol == marker }),
            objective.candidates.isEmpty, objective.pending.isEmpty, operation.infeasible.isEmpty else { return false }
        beginTransaction()
        do {
            try solveAndInsert(terms: terms, constant: constant, subject: marker)
            try dualOptimize(budget: 64 + tableau.rows.count / 8)
            commitTransaction()
            return true
        } catch {
            rollbackTransaction()
            return false
        }
    }

    /// Phase one: adds the row with an artificial basic variable and minimizes it; the
    /// constraint can hold only if the artificial reaches zero.
    private mutating func addWithArtificialVariable(
        terms: [Cell], constant: Double, constraint id: Int32
    ) throws(CoreError) {
        let art = newSymbol(.artificial, owner: id)
        insertRow(storedRow(basic: art, isDefinition: false, constant: constant, terms: terms))
        let phase = retainLevel(priority: phaseOnePriority)
        objective.phaseLevel = phase
        // The list is scratch of this phase: empty between operations, like the other lists.
        defer { objective.phaseLevel = -1; objective.phaseSymbols.empty() }
        addToObjective(art, level: phase, weight: 1)
        try optimize()
        // What is left of the artificial is roundoff when it is tiny next to the terms the
        // constraint adds up at the current solution.
        if objective.levels[Int(phase)].constant != 0 { doubtFeasibility() }
        if objective.levels[Int(phase)].constant > phaseOneTolerance * max(1, constant, magnitude(of: id)) {
            // The phase-one objective is now the new row plus multiples of other rows; the
            // multiple of each required constraint's row shows as its marker's coefficient.
            var tags: [(symbol: Int32, coefficient: Double)] = []
            for s in objective.phaseSymbols where operation.flags[Int(s)] & SymbolFlags.visited == 0 {
                operation.flags[Int(s)] |= SymbolFlags.visited
                let k = kind(s)
                guard k == .slack || k == .dummy, isParametric(s) else { continue }
                tags.append((s, objectiveCoefficient(s, level: phase)))
            }
            for s in objective.phaseSymbols { operation.flags[Int(s)] &= ~SymbolFlags.visited }
            // Bundles stand for their dummies (see `SimplexCore+Bundles.swift`).
            var conflict: [Int32] = []
            for (s, c) in tags.filter({ kind($0.symbol) == .slack }) + dummyCoefficients(tags) {
                let owner = tableau.symbols[Int(s)].owner
                guard owner != id, registry.constraints[Int(owner)].isRequired,
                    registry.constraints[Int(owner)].marker == s
                else {
                    continue
                }
                if abs(c) > objectiveTolerance { conflict.append(owner) }
            }
            conflict.append(pendingConstraintID)
            throw .unsatisfiable(conflict: conflict)
        }
        let r = rowIndex(art)
        if r >= 0 {
            let row = tableau.rows[Int(r)]
            let entering = cells(of: row).first { kind($0.symbol).mayEnter }?.symbol
                ?? cells(of: row).first { kind($0.symbol) == .dummy }?.symbol
            if let entering {
                try pivot(entering: entering, row: r)
            } else {
                deleteRow(r)
            }
        }
        purgeSymbol(art)
        for s in objective.phaseSymbols {
            let c = objectiveCoefficient(s, level: phase)
            if c != 0 { addObjectiveCoefficient(s, level: phase, -c) }
        }
        noteLevel(phase)
        objective.levels[Int(phase)].constant = 0
        releaseLevel(phase)
        freeSymbolSlot(art)
    }
}

extension SimplexCore {
    /// The size of the terms of constraint `id` at the current values: the scale its
    /// roundoff is measured against.
    func magnitude(of id: Int32) -> Double {
        let record = registry.constraints[Int(id)]
        var total = abs(record.constant)
        for t in terms(of: record) { total += abs(t.coefficient * registry.variables[Int(t.variable)].value) }
        return total
    }
}

/// Coefficients this small next to a row's dummy coefficients are roundoff of a
/// restated required equality (the supported range between coefficients is about 10^8).
let equalityRoundoff = 1.0e-8

/// Phase one succeeds when the artificial variable ends this close to zero.
let phaseOneTolerance = 1.0e-7

/// How far `SimplexCore.subjectKeepingOptimality` compares the columns of symbols a row
/// ties on (see `compareLPRowCounts`).
let tiedColumnHorizon = 64

/// How many units in the last place of the system's largest constant a slack pinned by
/// required equalities may sit from zero and still be doubted (`pinsSlackWithinRoundoff`):
/// a row constant carries the rounding of every row it was read from.
let roundoffWindow = 1024.0
