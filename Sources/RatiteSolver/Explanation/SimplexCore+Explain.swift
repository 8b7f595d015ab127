import RatiteExact
import RatiteSupport

/// Explaining unsatisfiable required constraints with a minimal conflicting set.
///
/// The simplex hands over a Farkas-style certificate: the required constraints whose rows
/// it combined to prove the new row impossible (read off marker coefficients). That set
/// conflicts but may hold extra members, so a deletion filter in a scratch solver drops
/// each member whose absence leaves the rest still conflicting. What remains is minimal:
/// removing any one of its constraints makes the others satisfiable.
extension SimplexCore {
    /// The required constraints an infeasible LP row proves to conflict: its basic
    /// symbol's and those of the markers it contains.
    func constraintsInCertificate(row: Row) -> [Int32] {
        var result: [Int32] = []
        func collect(_ s: Int32) {
            let k = kind(s)
            guard k == .slack || k == .dummy else { return }
            let owner = tableau.symbols[Int(s)].owner
            guard owner >= 0, registry.constraints[Int(owner)].isAlive, registry.constraints[Int(owner)].isRequired,
                registry.constraints[Int(owner)].marker == s, !result.contains(owner) else { return }
            result.append(owner)
        }
        collect(row.basic)
        for t in cells(of: row) where kind(t.symbol) != .dummy { collect(t.symbol) }
        for t in dummyCoefficients(cells(of: row).map { ($0.symbol, $0.coefficient) }) { collect(t.symbol) }
        return result
    }

    /// Turns a raw certificate into a minimal conflict, once the core has been rolled back.
    /// `replacing` is the constraint whose change failed (it is then tested with the new
    /// terms), or -1 for an addition. A required change whose float placement broke down
    /// (an internal error) is decided exactly too: when the required constraints cannot
    /// hold with it, the refusal is a conflict like any other, not a numerical failure.
    ///
    /// `check` is what `checkRefusal` found before an exact placement was tried, if it ran.
    mutating func explained(
        _ error: CoreError, terms: [VariableTerm], constant: Double, relation: Relation, replacing: Int32,
        isRequired: Bool = true, check: RefusalCheck? = nil
    ) -> CoreError {
        // An optional constraint never conflicts: a float refusal of one is roundoff.
        guard isRequired else { return error.asNumericalFailure(of: "an optional constraint's change") }
        let certificate: [Int32]
        switch error {
        case .unsatisfiable(let c): certificate = c
        case .internalError where isRequired: certificate = []
        default: return error
        }
        let others = certificate.filter { $0 != pendingConstraintID && $0 != replacing && isConstraint($0) }
        let subject = replacing >= 0 ? replacing : pendingConstraintID
        let exact = ExactConstraint(
            terms: terms.map { (Int($0.variable), $0.coefficient) }, constant: constant,
            relation: relation.exact, priority: 1000)
        let check = check ?? checkRefusal(of: exact, replacing: replacing, certificate: certificate)
        if let proved = check.irreducibleCertificate { return .unsatisfiable(conflict: proved + [subject]) }
        let holds = check.holds
        if holds == false, let conflict = exactMinimalConflict(
            with: exact, replacing: replacing, certificate: certificate, certificateIsReducible: true)
        {
            guard !conflict.isMinimal && tuning.explainsConflicts else {
                return .unsatisfiable(conflict: conflict.members + [subject])
            }
            // Too many to minimize exactly: the float filter goes over the exact conflict, and
            // what it keeps is taken only when it still conflicts exactly.
            let minimal = minimalConflict(
                among: conflict.members, terms: terms, constant: constant, relation: relation, replacing: replacing)
            let kept = minimal.map { exactConstraint($0, priority: 1000) } + [exact]
            let stillConflicts = !ExactLP.isFeasible(variableCount: registry.variables.count, constraints: kept)
            return .unsatisfiable(conflict: (stillConflicts ? minimal : conflict.members) + [subject])
        }
        guard case .unsatisfiable = error else { return error }
        guard tuning.explainsConflicts else { return .unsatisfiable(conflict: others + [subject]) }
        let minimal = minimalConflict(
            among: others, terms: terms, constant: constant, relation: relation, replacing: replacing)
        guard holds == nil else { return .unsatisfiable(conflict: minimal + [subject]) }
        // Nothing above decided the refusal (past exact certification, or numbers beyond
        // its range): the float filter's set is small, so it is confirmed and minimized
        // exactly. A set that can hold leaves the refusal unconfirmed, which is a numerical
        // failure, not a conflict to show.
        let members = minimal.filter { isConstraint($0) && registry.constraints[Int($0)].isRequired }
            .map { (id: $0, constraint: exactConstraint($0, priority: 1000)) }
        guard let conflict = exactDeletionFilter(members, with: [exact]) else {
            return .internalError("a refusal the float tableau found could not be confirmed exactly")
        }
        return .unsatisfiable(conflict: conflict.members + [subject])
    }

    /// The deletion filter: the smallest subset of `candidates` that still conflicts with
    /// the given constraint, in addition order.
    private func minimalConflict(
        among candidates: [Int32], terms: [VariableTerm], constant: Double, relation: Relation, replacing: Int32
    ) -> [Int32] {
        let ordered = candidates.sorted { registry.constraints[Int($0)].serial < registry.constraints[Int($1)].serial }
        var trial = SimplexCore()
        trial.tuning.explainsConflicts = false
        var variableMap = [Int32](repeating: -1, count: registry.variables.count)
        func add(_ c: Int32, to trial: inout SimplexCore) throws(CoreError) -> Int32 {
            try trial.addRequiredCopy(
                of: c, from: self, constant: registry.constraints[Int(c)].constant, map: &variableMap)
        }
        let subjectTerms = trial.importing(terms, from: self, map: &variableMap)
        var kept = ordered
        var ids: [Int32] = []
        do {
            for c in ordered { ids.append(try add(c, to: &trial)) }
            if let probe = try? trial.addConstraint(
                terms: subjectTerms, constant: constant, relation: relation, priority: 1000)
            {
                // Not a conflict after all (only rounding can cause this): report what we have.
                _ = probe
                return ordered
            }
            try trial.dropUnneeded(&kept, ids: &ids, conflictingWith: { (trial) throws(CoreError) in
                try trial.addConstraint(terms: subjectTerms, constant: constant, relation: relation, priority: 1000)
            }, restoring: add)
        } catch {
            // Rounding can make a subset disagree with the full system; the certificate is
            // still a genuine conflict, just possibly not minimal.
            return ordered
        }
        return kept
    }

    /// Minimizes the certificate of a refused batch of constant changes
    /// (`setConstants`) by the deletion filter, judged at the new constants: a conflict
    /// judged one change at a time could be one the batch never passes through (a pair
    /// `x <= 157`, `x >= 157` both moving to 50 conflicts halfway).
    func explainedBatch(_ error: CoreError, _ changes: [(Int32, Double)]) -> CoreError {
        guard case .unsatisfiable(let certificate) = error else { return error }
        if !changes.contains(where: { registry.constraints[Int($0.0)].isRequired }) {
            return error.asNumericalFailure(of: "changing optional constraints' constants")
        }
        var candidates: [Int32] = []
        for c in certificate where isConstraint(c) && registry.constraints[Int(c)].isRequired && !candidates.contains(c)
        {
            candidates.append(c)
        }
        candidates.sort { registry.constraints[Int($0)].serial < registry.constraints[Int($1)].serial }
        guard tuning.explainsConflicts else { return .unsatisfiable(conflict: candidates) }
        // Each candidate is added about three times: its new constant is looked up, not
        // searched for (a later change of the same constraint wins).
        var newConstants: [Int32: Double] = [:]
        for (c, constant) in changes { newConstants[c] = constant }
        // The deletion filter on one scratch core, incrementally (a scratch core per
        // candidate is quadratic in the candidates): the candidates go in, in
        // order, until one is refused; that one conflicts with those before it, which are
        // then tested one at a time, taken out, and put back if the refused one then holds.
        var trial = SimplexCore()
        trial.tuning.explainsConflicts = false
        var variableMap = [Int32](repeating: -1, count: registry.variables.count)
        func add(_ c: Int32, to trial: inout SimplexCore) throws(CoreError) -> Int32 {
            let constant = newConstants[c] ?? registry.constraints[Int(c)].constant
            return try trial.addRequiredCopy(of: c, from: self, constant: constant, map: &variableMap)
        }
        var kept: [Int32] = []
        var ids: [Int32] = []
        do {
            var subject: Int32? = nil
            for c in candidates {
                do {
                    ids.append(try add(c, to: &trial))
                    kept.append(c)
                } catch .unsatisfiable {
                    subject = c
                    break
                }
            }
            // A certificate that does not conflict by itself (rounding) is reported as it is.
            guard let subject else { return .unsatisfiable(conflict: candidates) }
            try trial.dropUnneeded(&kept, ids: &ids, conflictingWith: { (trial) throws(CoreError) in
                try add(subject, to: &trial)
            }, restoring: add)
            kept.append(subject)
        } catch {
            // Rounding can make a subset disagree with the whole; the certificate is still a
            // genuine conflict, just possibly not minimal.
            return .unsatisfiable(conflict: candidates)
        }
        return .unsatisfiable(conflict: kept)
    }

    /// The deletion filter's loop, on a scratch core holding `kept` (its constraints
    /// `ids`) that `conflictingWith` cannot be added to: takes each member out in turn, and
    /// puts it back (with `restoring`) only if the addition then succeeds, so what remains
    /// is minimal.
    mutating func dropUnneeded(
        _ kept: inout [Int32], ids: inout [Int32],
        conflictingWith probe: (inout SimplexCore) throws(CoreError) -> Int32,
        restoring restore: (Int32, inout SimplexCore) throws(CoreError) -> Int32
    ) throws(CoreError) {
        var i = 0
        while i < kept.count {
            try removeConstraint(ids[i])
            let added: Int32
            do {
                added = try probe(&self)
            } catch .unsatisfiable {
                kept.remove(at: i)
                ids.remove(at: i)
                continue
            }
            // Without kept[i] the probe holds, so kept[i] belongs to the conflict. Putting it
            // back can only fail by rounding, and then the caller keeps the certificate
            // (a refusal here must not read as "not needed").
            try removeConstraint(added)
            ids[i] = try restore(kept[i], &self)
            i += 1
        }
    }

    /// Adds constraint `c` of `source`, as required and at `constant`, to this scratch
    /// core, its variables imported (see `importing`).
    mutating func addRequiredCopy(
        of c: Int32, from source: borrowing SimplexCore, constant: Double, map: inout [Int32]
    ) throws(CoreError) -> Int32 {
        let record = source.registry.constraints[Int(c)]
        let terms = importing(source.terms(of: record), from: source, map: &map)
        return try addConstraint(terms: terms, constant: constant, relation: record.relation, priority: 1000)
    }

    /// `terms`, written over `source`'s variables, rewritten over this scratch core's: each
    /// variable is created here (under its name in `source`) the first time it is met, and
    /// `map` (indexed by `source`'s variables, -1 for none yet) remembers it.
    mutating func importing(
        _ terms: some Collection<VariableTerm>, from source: borrowing SimplexCore, map: inout [Int32]
    ) -> [VariableTerm] {
        terms.map { t in
            if map[Int(t.variable)] < 0 {
                map[Int(t.variable)] = newVariable(name: source.name(ofVariable: t.variable))
            }
            return VariableTerm(variable: map[Int(t.variable)], coefficient: t.coefficient)
        }
    }
}
