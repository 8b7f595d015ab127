import RatiteExact

/// Exact certification: for systems small enough, the floating-point tableau's decisions are
/// checked in exact arithmetic, and the tableau is replaced by the exact one, rounded once,
/// when they were wrong.
///
/// Roundoff can make the float tableau see a coefficient of 4e-11 where the exact one is
/// zero, and a symbol that would improve a lower priority level then looks as if it cost at
/// a higher one: the optimum stops early. It can also make a required constraint look
/// satisfiable or not. No tolerance tells such a residue from a real number in every case,
/// so where it matters the answer is decided exactly:
///
/// - The live constraints, as written, become an `ExactSimplex` over the core's own symbols:
///   variables free, slacks and errors restricted, required equalities' markers fixed at
///   zero, one cost row per priority level.
/// - The float tableau's basis is pivoted in. If it is singular, or its values break a
///   bound, or (at an update) a reduced cost shows that it is not optimal, the exact simplex
///   finishes the job, from that basis or from scratch.
/// - The exact tableau is written back into the core, each number rounded once: same ids,
///   every definition expanded, every objective coefficient exact to the last bit. Each
///   write is journaled, so an operation that fails afterwards still rolls back.
///
/// The work is dense (rows × columns a pivot), so it only runs while the live constraints
/// stay within `exactCertificationLimit`; larger systems rely on the residual check of
/// `SimplexCore+Verification.swift`.
extension SimplexCore {
    /// Notes a decision about which rows are feasible taken within roundoff.
    @inline(__always) mutating func doubtFeasibility() {
        verification.doubts.feasibility = true
        verification.doubts.feasibilityJudged = true
    }

    /// Notes a decision about optimality taken within roundoff.
    @inline(__always) mutating func doubtOptimum() { verification.doubts.optimum = true }

    /// Notes a coefficient read as zero though rounding left something of it: feasibility
    /// and optimality decided on that row rest on a judgment of roundoff.
    @inline(__always) mutating func noteResidueDropped() {
        verification.doubts.feasibility = true
        verification.doubts.optimum = true
    }

    /// Notes a constant written by a change of constants (a suggestion, say): a shift by
    /// it in a system of wide constants may round part of it away, and one through rows
    /// that lost terms moves what they no longer tie, so the change is doubted as an
    /// addition there is (see `CoefficientRange`).
    @inline(__always) mutating func noteConstantWritten(_ constant: Double) {
        verification.coefficientRange.noteConstant(constant)
        if verification.coefficientRange.doubtsEveryChange { noteResidueDropped() }
    }

    /// Whether a tableau the exact check confirms is written back all the same, each number
    /// rounded once, to take out the rounding its rows gathered: in small systems. A larger
    /// one keeps its own rows, whose sparsity the exact tableau (every definition expanded)
    /// would lose.
    var loadsCertifiedTableau: Bool { registry.constraints.count <= exactLoadLimit }

    /// Whether the constraints are few enough for exact certification: the most ever held
    /// at once (constraint slots are reused), edits included, is within
    /// `exactCertificationLimit`.
    var fitsExactCertification: Bool { registry.constraints.count <= tuning.exactCertificationLimit }

    /// Whether a decision the float tableau could not take is taken exactly: an operation
    /// that failed, an answer that fails its check even after a rebuild, a float optimality
    /// certificate that fails after repair, a required change whose point breaks a required
    /// constraint. Past `exactCertificationLimit` this is the second line behind the float
    /// path, up to `exactFallbackLimit`; its pivots are bounded by `exactPivotLimit`, and a
    /// check that runs out fails the operation with a numerical error. It never covers less
    /// than exact certification does.
    var fitsExactFallback: Bool {
        registry.constraints.count <= max(tuning.exactFallbackLimit, tuning.exactCertificationLimit)
    }

    /// Whether every answer is decided exactly at the update: answers are checked, the
    /// system fits exact certification, and its coefficients are wide enough that every
    /// structural change raises a doubt (see `CoefficientRange`).
    var optimumIsDecidedExactly: Bool {
        tuning.verifiesAnswers && verification.coefficientRange.isWide && fitsExactCertification
    }

    /// Whether every number of `model` is finite and their binary exponents span at most
    /// `exactExponentSpan`: beyond that (1e300 beside 1e-300) the exact integers would run
    /// to thousands of bits, and such input is outside the range the solver guarantees.
    func isCertifiable(_ model: ExactCoreModel) -> Bool {
        var lowest = Int.max, highest = Int.min
        for row in model.problem.rows {
            for x in row.entries.map(\.value) + [row.rhs] where x != 0 {
                guard x.isFinite else { return false }
                lowest = min(lowest, Int(x.exponent))
                highest = max(highest, Int(x.exponent))
            }
        }
        return highest == Int.min || highest - lowest <= exactExponentSpan
    }

    /// The live constraints, as written, over the core's symbols.
    struct ExactCoreModel {
        /// The live constraints in the order they were added: one row each.
        var constraintIDs: [Int32] = []
        /// The symbols in the rows, ascending: one column each.
        var columnSymbols: [Int32] = []
        /// Each symbol's column, or -1.
        var columnOfSymbol: [Int32] = []
        /// The objective levels in use, highest priority first: one cost row each.
        var levelIDs: [Int32] = []
        var problem = ExactProblem()
    }

    /// The live constraints as `ExactCoreModel`: each row reads
    /// `orientation·(Σ a·x + constant) + m·marker + other = 0`, as the core built it.
    func exactModel() -> ExactCoreModel {
        var model = ExactCoreModel()
        var live: [(id: Int32, serial: UInt32)] = []
        for c in registry.constraints.indices where registry.constraints[c].isAlive {
            live.append((Int32(c), registry.constraints[c].serial))
        }
        live.sort { $0.serial < $1.serial }
        model.constraintIDs = live.map(\.id)
        var used = [Bool](repeating: false, count: tableau.symbols.count)
        for c in model.constraintIDs {
            let record = registry.constraints[Int(c)]
            for t in terms(of: record) { used[Int(registry.variables[Int(t.variable)].symbol)] = true }
            used[Int(record.marker)] = true
            if record.other >= 0 { used[Int(record.other)] = true }
        }
        model.columnOfSymbol = [Int32](repeating: -1, count: tableau.symbols.count)
        for s in used.indices where used[s] {
            model.columnOfSymbol[s] = Int32(model.columnSymbols.count)
            model.columnSymbols.append(Int32(s))
            let columnKind: ExactColumnKind = switch kind(Int32(s)) {
            case .external: .free
            case .dummy: .fixed
            default: .restricted
            }
            model.problem.kinds.append(columnKind)
        }
        let n = model.columnSymbols.count
        model.levelIDs = Array(objective.levelOrder.ids)
        var levelRow = [Int](repeating: -1, count: objective.levels.count)
        for (k, l) in model.levelIDs.enumerated() { levelRow[Int(l)] = k }
        model.problem.costs = [[Int]](repeating: [Int](repeating: 0, count: n), count: model.levelIDs.count)
        for c in model.constraintIDs {
            let record = registry.constraints[Int(c)]
            var row = ExactRow(rhs: -record.orientation * record.constant)
            for t in terms(of: record) {
                row.entries.append(
                    (Int(model.columnOfSymbol[Int(registry.variables[Int(t.variable)].symbol)]),
                     record.orientation * t.coefficient))
            }
            row.entries.append((Int(model.columnOfSymbol[Int(record.marker)]), markerCoefficient(of: c)))
            if record.other >= 0 { row.entries.append((Int(model.columnOfSymbol[Int(record.other)]), 1)) }
            model.problem.rows.append(row)
            if record.level >= 0 {
                if record.relation == .equal {
                    model.problem.costs[levelRow[Int(record.level)]][Int(model.columnOfSymbol[Int(record.marker)])] = 1
                }
                if record.other >= 0 {
                    model.problem.costs[levelRow[Int(record.lowerLevel)]][
                        Int(model.columnOfSymbol[Int(record.other)])] = 1
                }
            }
        }
        return model
    }

    /// The float tableau's basis as columns of `model`, or nil when some row's basic symbol
    /// is not one of them or the count is off. Bundles stand for their dummies and are
    /// left out, as are lingering symbols (see `ownsItsVariable`).
    func floatBasis(in model: ExactCoreModel) -> [Int]? {
        let symbols = basicSymbols()
        var basis: [Int] = []
        for b in symbols {
            let column = model.columnOfSymbol[Int(b)]
            guard column >= 0 else { return nil }
            basis.append(Int(column))
        }
        basis.sort()
        return basis.count == model.constraintIDs.count ? basis : nil
    }

    /// The basic symbols of the float tableau's rows, but bundles and lingering symbols.
    func basicSymbols() -> [Int32] {
        var symbols: [Int32] = []
        for row in tableau.rows.elements where !row.isUnused && !isBundleRow(row) {
            let b = row.basic
            if kind(b) == .external && !isLiveVariableSymbol(b) { continue }
            symbols.append(b)
        }
        return symbols
    }

    /// Every variable's value by id (stale between updates, and zero for free slots): where
    /// an exact check of the variables' constraints starts its search.
    var variableValues: [Double] { registry.variables.elements.map(\.value) }

    /// Whether external symbol `s` is its variable's symbol now.
    func isLiveVariableSymbol(_ s: Int32) -> Bool {
        let v = tableau.symbols[Int(s)].owner
        return v >= 0 && Int(v) < registry.variables.count && registry.variables[Int(v)].isAlive
            && registry.variables[Int(v)].symbol == s
    }

    /// What the exact check concluded.
    enum ExactVerdict {
        /// The float tableau's basis is right (feasible, and optimal when asked).
        case holds(ExactSolution)
        /// It was not; here is the exact optimum.
        case corrected(ExactSolution)
        /// The required constraints cannot hold together.
        case infeasible
        /// The numbers are outside what exact certification takes (`isCertifiable`).
        case unavailable
    }

    /// Checks the float tableau's basis exactly against `model`; with `requireOptimal`,
    /// its optimality too. With `start` (basic symbols from before the tableau was cleared),
    /// the check starts from those of them that are columns of `model` instead, and always
    /// returns the tableau.
    func exactVerdict(
        for model: ExactCoreModel, requireOptimal: Bool, start: [Int32]? = nil, returningTableau: Bool = false
    ) -> ExactVerdict {
        guard isCertifiable(model) else { return .unavailable }
        let problem = model.problem
        let basis = start.map { symbols in
            symbols.compactMap { s in
                Int(s) < model.columnOfSymbol.count && model.columnOfSymbol[Int(s)] >= 0
                    ? Int(model.columnOfSymbol[Int(s)]) : nil
            }
        } ?? floatBasis(in: model)
        switch ExactCertifier.check(
            problem, basis: basis, requireOptimal: requireOptimal,
            pivotLimit: exactPivotLimit(rows: problem.rows.count, columns: problem.kinds.count),
            solutionWhenHolds: start != nil || returningTableau || loadsCertifiedTableau)
        {
        case .holds(let solution): return .holds(solution)
        case .corrected(let solution): return .corrected(solution)
        case .infeasible: return .infeasible
        case .undecided: return .unavailable
        }
    }

    /// Replaces every row and the objective by `solution` (over `model`'s columns), keeping
    /// every symbol, constraint and variable id. Bundles and lingering symbols go. Every
    /// write is journaled.
    mutating func load(_ solution: ExactSolution, model: ExactCoreModel) {
        clearTableau()
        insert(solution, model: model)
    }

    /// Removes every row and objective coefficient, and the symbols only rows held: bundles
    /// and lingering ones. Journaled.
    mutating func clearTableau() {
        for r in Int32(0)..<Int32(tableau.rows.count) where !tableau.rows[Int(r)].isUnused {
            let b = tableau.rows[Int(r)].basic
            freeRowSlot(r)
            noteSymbol(b)
            tableau.symbols[Int(b)].row = -1
        }
        clearObjectives()
        for s in Int32(0)..<Int32(tableau.symbols.count) where kind(s) != .unused {
            if isBundle(s) || (kind(s) == .external && !isLiveVariableSymbol(s)) { freeSymbolSlot(s) }
        }
    }

    /// Removes every objective coefficient. Journaled.
    mutating func clearObjectives() {
        for s in Int32(0)..<Int32(tableau.symbols.count) where tableau.symbols[Int(s)].objective >= 0 {
            clearObjective(s)
        }
    }

    /// Writes `solution`'s rows and objective into a cleared tableau. Journaled.
    private mutating func insert(_ solution: ExactSolution, model: ExactCoreModel) {
        statistics.exactLoads += 1
        for row in solution.rows {
            let basic = model.columnSymbols[row.basic]
            let start = cells.pool.count
            var largest = 0.0
            var dropped = 0.0
            for t in row.terms {
                largest = max(largest, abs(t.coefficient))
                if !isNearZero(t.coefficient) {
                    cells.pool.append(Cell(symbol: model.columnSymbols[t.column], coefficient: t.coefficient))
                } else {
                    dropped = max(dropped, abs(t.coefficient))
                }
            }
            // The row is exact as written, but what it drops is lost all the same (see
            // `CoefficientRange`): the changes after it are doubted.
            if isLostCoefficient(dropped, besideLargest: largest) {
                verification.coefficientRange.lostCoefficient = true
            }
            let isDefinition = kind(basic) == .external
            insertRow(Row(constant: row.constant, basic: basic, start: Int32(start),
                          count: Int32(cells.pool.count - start), isDefinition: isDefinition))
        }
        for (o, level) in solution.objective.enumerated() {
            let l = model.levelIDs[o]
            noteLevel(l)
            objective.levels[Int(l)].constant = level.value
            for t in level.terms where !isNearZero(t.coefficient) {
                addObjectiveCoefficient(model.columnSymbols[t.column], level: l, t.coefficient)
            }
        }
        clearTransientLists()
        for s in operation.dirty { operation.flags[Int(s)] &= ~SymbolFlags.dirty }
        operation.dirty.empty()
        operation.allSymbolsDirty = true
    }

    /// At an update: certifies the tableau's optimum exactly and loads the exact tableau,
    /// which also takes out the rounding the rows gathered (a doubt is raised only where
    /// rounding showed). Returns false when the required constraints turn out not to hold
    /// together, which the operation-time check (`certifyFeasibility`) keeps from happening.
    /// With `loading`, the exact tableau is written back even when the float basis holds.
    mutating func certifyOptimum(loading: Bool = false) -> Bool {
        let model = exactModel()
        switch exactVerdict(for: model, requireOptimal: true, returningTableau: loading) {
        case .holds(let solution):
            statistics.certifications += 1
            if loading || loadsCertifiedTableau { load(solution, model: model) }
        case .corrected(let solution):
            statistics.certifications += 1
            statistics.exactCorrections += 1
            load(solution, model: model)
        case .infeasible:
            return false
        case .unavailable:
            break
        }
        return true
    }

    /// Inside an operation that may have changed whether the required constraints hold
    /// together: confirms exactly that they do, loading the exact tableau when the float one
    /// got there wrongly. Throws `unsatisfiable` when they do not (the caller rolls back
    /// and explains the conflict exactly, `explained`).
    mutating func certifyFeasibility() throws(CoreError) {
        guard verification.doubts.feasibility else { return }
        if !fitsExactCertification {
            // Too many constraints to decide every doubt exactly. A feasibility decision
            // taken within roundoff is certified by the tableau's own point, which must
            // satisfy every required constraint as written; only a point that does not sends
            // it to exact arithmetic. (A residue dropped on the way is left to the answer
            // check of the next update, as after any change: a point costs a pass over the
            // whole system.)
            guard verification.doubts.feasibilityJudged else { return }
            verification.doubts.feasibilityJudged = false
            guard fitsExactFallback, !requiredConstraintsHoldAtFreshValues() else { return }
            statistics.exactFallbacks += 1
        }
        verification.doubts.feasibility = false
        verification.doubts.feasibilityJudged = false
        let model = exactModel()
        switch exactVerdict(for: model, requireOptimal: false) {
        case .holds:
            statistics.certifications += 1
        case .corrected(let solution):
            statistics.certifications += 1
            statistics.exactCorrections += 1
            load(solution, model: model)
        case .infeasible:
            statistics.exactCorrections += 1
            throw .unsatisfiable(conflict: [])
        case .unavailable:
            // Past exact certification the tableau's point already broke a required
            // constraint, so nothing certifies the change: it fails, and the caller's
            // refusal check decides it.
            if !fitsExactCertification {
                throw .internalError("the required constraints could not be shown to hold together")
            }
        }
    }

    /// After a float operation failed (and was rolled back): makes `change` to the records
    /// and places every row from the exact optimum instead, in one transaction. `change`
    /// runs on the cleared tableau (no rows, no objective) and may free and attach symbols.
    /// - Returns: false, with nothing changed, when the required constraints cannot hold
    ///   together after the change.
    mutating func placeExactly(_ change: (inout SimplexCore) throws(CoreError) -> Void) throws(CoreError) -> Bool {
        // The basis before the change: one pivot or a few from the exact answer after it.
        let start = basicSymbols()
        beginTransaction()
        do {
            clearTableau()
            try change(&self)
            clearObjectives()
            let model = exactModel()
            let solution: ExactSolution
            var verdict = exactVerdict(for: model, requireOptimal: true, start: start)
            if case .unavailable = verdict {
                // The old basis can be a poor start (its pivots ran out): once more from the
                // exact simplex's own.
                verdict = exactVerdict(for: model, requireOptimal: true, returningTableau: true)
            }
            switch verdict {
            case .holds(let s), .corrected(let s): solution = s
            case .infeasible, .unavailable:
                rollbackTransaction()
                return false
            }
            statistics.exactCorrections += 1
            if !fitsExactCertification { statistics.exactFallbacks += 1 }
            insert(solution, model: model)
            commitTransaction()
            return true
        } catch {
            rollbackTransaction()
            throw error
        }
    }

    /// Whether the live required constraints, but `replacing` (-1 for none), hold together
    /// with `subject`, decided exactly; nil when that cannot be decided here (too many
    /// constraints, or numbers out of range: see `isCertifiable`). The constraints a float
    /// refusal's certificate names (`certificate`, from `unsatisfiable`) are tried first:
    /// when they already cannot hold with `subject`, that settles it at any size, for the
    /// price of a handful of constraints.
    ///
    /// With `certificateIsReducible`, the caller has found that one elimination does not
    /// prove the certificate irreducible (`checkRefusal`), and it is not tried again.
    mutating func requiredConstraintsHold(
        with subject: ExactConstraint?, replacing: Int32, certificate: [Int32] = [],
        certificateIsReducible: Bool = false
    ) -> Bool? {
        if let subject, certificateConflicts(
            certificate, with: subject, replacing: replacing, tryingIrreducibility: !certificateIsReducible)
        {
            return false
        }
        guard fitsExactFallback else { return nil }
        var model = exactModel()
        if let subject {
            model.problem.rows.append(
                ExactRow(entries: subject.terms.map { ($0.variable, $0.coefficient) }, rhs: -subject.constant))
        }
        guard isCertifiable(model) else { return nil }
        return ExactLP.isFeasible(
            variableCount: registry.variables.count,
            constraints: exactRequired(but: replacing) + (subject.map { [$0] } ?? []), near: variableValues)
    }

    /// The live required constraints but `excluded`, in the order they were added, as
    /// exact constraints over variable ids.
    private func exactRequiredConstraints(but excluded: Int32) -> [(id: Int32, constraint: ExactConstraint)] {
        var live: [(id: Int32, serial: UInt32)] = []
        for c in registry.constraints.indices
        where registry.constraints[c].isAlive && registry.constraints[c].isRequired && Int32(c) != excluded {
            live.append((Int32(c), registry.constraints[c].serial))
        }
        live.sort { $0.serial < $1.serial }
        return live.map { ($0.id, exactConstraint($0.id, priority: 1000)) }
    }

    private func exactRequired(but excluded: Int32) -> [ExactConstraint] {
        exactRequiredConstraints(but: excluded).map(\.constraint)
    }

    /// Constraint `c` as written, at `priority`.
    func exactConstraint(_ c: Int32, priority: Double) -> ExactConstraint {
        let record = registry.constraints[Int(c)]
        return ExactConstraint(
            terms: terms(of: record).map { (Int($0.variable), $0.coefficient) }, constant: record.constant,
            relation: record.relation.exact, priority: priority)
    }

    /// The live required constraints (but `replacing`) that `certificate` names, in the
    /// order they were added.
    private func certificateMembers(_ certificate: [Int32], replacing: Int32)
        -> [(id: Int32, constraint: ExactConstraint)]
    {
        var members: [(id: Int32, serial: UInt32)] = []
        for c in certificate where c != replacing && isConstraint(c) && registry.constraints[Int(c)].isRequired {
            if !members.contains(where: { $0.id == c }) { members.append((c, registry.constraints[Int(c)].serial)) }
        }
        members.sort { $0.serial < $1.serial }
        return members.map { ($0.id, exactConstraint($0.id, priority: 1000)) }
    }

    /// What the exact checks say about a float refusal of required constraint `subject`
    /// (`replacing` the constraint it changes, -1 for an addition), worked out once and
    /// handed to `explained`: when one elimination proves the constraints the refusal's
    /// certificate names an irreducible conflict with it, they are the minimal conflict;
    /// else whether the live required constraints hold with it.
    struct RefusalCheck {
        var holds: Bool?
        var irreducibleCertificate: [Int32]?
    }

    mutating func checkRefusal(of subject: ExactConstraint, replacing: Int32, certificate: [Int32]) -> RefusalCheck {
        let members = certificateMembers(certificate, replacing: replacing)
        if !members.isEmpty && isIrreducible(members, with: [subject]) {
            return RefusalCheck(holds: false, irreducibleCertificate: members.map(\.id))
        }
        let holds = requiredConstraintsHold(
            with: subject, replacing: replacing, certificate: certificate, certificateIsReducible: true)
        return RefusalCheck(holds: holds, irreducibleCertificate: nil)
    }

    /// Whether the constraints `certificate` names cannot hold together with `subject`,
    /// decided exactly: then a float refusal is confirmed without looking further.
    mutating func certificateConflicts(
        _ certificate: [Int32], with subject: ExactConstraint, replacing: Int32, tryingIrreducibility: Bool = true
    ) -> Bool {
        let members = certificateMembers(certificate, replacing: replacing)
        if members.isEmpty && certificate.allSatisfy({ $0 == pendingConstraintID || $0 == replacing }) {
            return !ExactLP.isFeasible(variableCount: registry.variables.count, constraints: [subject])
        }
        guard !members.isEmpty else { return false }
        // A certificate from a vertex usually names an irreducible conflict, which one
        // elimination proves.
        if tryingIrreducibility && isIrreducible(members, with: [subject]) { return true }
        return !ExactLP.isFeasible(
            variableCount: registry.variables.count, constraints: members.map(\.constraint) + [subject])
    }

    /// The smallest set of live required constraints (but `replacing`) that cannot hold
    /// together with `subject`, decided exactly by a deletion filter, in the order they were
    /// added; nil when they can hold with it. The filter starts from the constraints
    /// `certificate` names when they already conflict, else from every one.
    mutating func exactMinimalConflict(
        with subject: ExactConstraint, replacing: Int32, certificate: [Int32] = [], certificateIsReducible: Bool = false
    ) -> ExactConflict? {
        var start = certificateMembers(certificate, replacing: replacing)
        // An irreducible certificate is its own minimal conflict: the filter would keep
        // every member.
        if !certificateIsReducible && !start.isEmpty && isIrreducible(start, with: [subject]) {
            return ExactConflict(members: start.map(\.id), isMinimal: true)
        }
        if start.isEmpty || ExactLP.isFeasible(
            variableCount: registry.variables.count, constraints: start.map(\.constraint) + [subject])
        {
            start = exactRequiredConstraints(but: replacing)
        }
        return exactDeletionFilter(start, with: [subject])
    }

    /// A smallest set of live required constraints that cannot hold together at the new
    /// constants of `changes` (a later change of a constraint wins), decided exactly, in the
    /// order they were added; nil when they can all hold.
    mutating func exactMinimalConflict(afterChanging changes: [(Int32, Double)]) -> ExactConflict? {
        var all = exactRequiredConstraints(but: -1)
        for (id, constant) in changes {
            if let k = all.firstIndex(where: { $0.id == id }) { all[k].constraint.constant = constant }
        }
        return exactDeletionFilter(all, with: [])
    }

    /// The deletion filter in exact arithmetic, over `candidates` that cannot hold together
    /// with `extra`: nil when they can. Each step narrows to the rows of an exact Farkas
    /// certificate, so one feasibility check can drop many members at once; a member
    /// whose removal lets the rest hold is needed, and stays in every later certificate.
    /// Past `exactConflictLimit` members (each needed one costs an exact check of the
    /// rest) the narrowed set is returned as it is, marked not minimal.
    mutating func exactDeletionFilter(
        _ candidates: [(id: Int32, constraint: ExactConstraint)], with extra: [ExactConstraint]
    ) -> ExactConflict? {
        guard var kept = narrowed(candidates, with: extra) else { return nil }
        guard kept.count <= exactConflictLimit else { return ExactConflict(members: kept.map(\.id), isMinimal: false) }
        var needed = Set<Int32>()
        var proved = isIrreducible(kept, with: extra)
        while !proved, let k = kept.lastIndex(where: { !needed.contains($0.id) }) {
            var trial = kept
            trial.remove(at: k)
            if let smaller = narrowed(trial, with: extra) {
                kept = smaller
                proved = isIrreducible(kept, with: extra)
            } else {
                needed.insert(kept[k].id)
            }
        }
        return ExactConflict(members: kept.map(\.id), isMinimal: true)
    }

    /// Whether `constraints` with `extra` are proved an irreducible conflict by one exact
    /// elimination (`IrreducibleConflict`): then every member is needed, and the deletion
    /// filter, which would find that with one feasibility check per member, stops. A Farkas
    /// certificate from a vertex usually names such a set.
    private mutating func isIrreducible(
        _ constraints: [(id: Int32, constraint: ExactConstraint)], with extra: [ExactConstraint]
    ) -> Bool {
        statistics.conflictEliminations += 1
        return IrreducibleConflict.isProved(
            variableCount: registry.variables.count, constraints: constraints.map(\.constraint) + extra)
    }

    /// Of `constraints`, the ones an exact Farkas certificate combines with `extra` to show
    /// they cannot hold together (in their order), or nil when they can.
    private func narrowed(
        _ constraints: [(id: Int32, constraint: ExactConstraint)], with extra: [ExactConstraint]
    ) -> [(id: Int32, constraint: ExactConstraint)]? {
        guard let subset = ExactLP.infeasibleSubset(
            variableCount: registry.variables.count, constraints: constraints.map(\.constraint) + extra,
            near: variableValues)
        else { return nil }
        return subset.filter { $0 < constraints.count }.map { constraints[$0] }
    }
}

/// The ratio of coefficient magnitudes beyond which a system's optimum is always checked
/// exactly (see `CoefficientRange`): 2^8. The generated families and layouts of small
/// integers and ratios stay below it.
let wideCoefficientSpan = 256.0

/// The most constraints exact certification handles (see
/// `SimplexCore+Certification.swift`): up to `ExactCertifier.denseLimit` in a dense
/// tableau, beyond that in the sparse one, whose work follows the variables.
let defaultExactCertificationLimit = 4096

/// The most constraints for which a decision the float tableau gave up on is taken exactly
/// (`fitsExactFallback`): twice `defaultExactCertificationLimit`. Writing the exact optimum
/// back costs about the square of the system's size (every definition expanded), so larger
/// systems would stall an operation for minutes; the figures are in docs/numerics.md.
let defaultExactFallbackLimit = 8192

/// The most constraints for which a certified tableau is written back even when it holds
/// (`loadsCertifiedTableau`).
let exactLoadLimit = 128

/// The largest set of constraints a deletion filter minimizes in exact arithmetic, after
/// narrowing to a Farkas certificate: each needed member costs an exact feasibility check
/// of the rest. (A conflict along a chain of a thousand links is minimized by the float
/// filter, and confirmed exactly.)
let exactConflictLimit = 128

/// A set of live required constraints that cannot hold together, decided exactly, in the
/// order they were added; `isMinimal` when every member is needed.
struct ExactConflict {
    var members: [Int32]
    var isMinimal: Bool
}

/// The pivots an exact check may take from the float tableau's basis before it gives up:
/// the float basis is one pivot or a few from the exact one, so this bounds the time of a
/// check that would otherwise wander.
func exactPivotLimit(rows: Int, columns: Int) -> Int { 2 * (rows + columns) + 100 }

/// The widest span of binary exponents among a system's numbers that exact certification
/// takes: 2^128 (about 10^38) between the smallest and the largest.
let exactExponentSpan = 128
