import Ratite
import RatiteCheck

/// The input as a sequence of solver operations on a few variables, checked in two tiers.
///
/// After every update, the cheap tier: the core verified its answer; required constraints
/// hold as written (the values are the point that certifies no contradiction was accepted).
/// On every refusal: the state is bit-identical to before (full fingerprint) and the
/// conflict is infeasible and minimal (exactly). At the end, a probe (add, update, remove,
/// update) restores the values.
///
/// The exact tier, on the last state of every input and on one update in
/// `referenceSampling` before it (which ones, a hash of the input and the step decides): the
/// objective is optimal under strictly ordered priorities against the exact reference LP.
/// The reference costs most of an input's time, so sampling it buys the executions; an
/// update it skips is still checked the cheap way, and a mutant of the input (libFuzzer
/// truncates and splices inputs all the time) puts the exact check on it.
///
/// On the last state only, the two checks that rebuild or walk everything. The core's
/// invariants: a full pass over its state; a state an earlier update broke stays broken
/// unless a rebuild replaces it, and the input cut short there checks that update. And, on
/// one input in `freshCoreSampling`, the values of a fresh core fed the surviving
/// constraints. Every variable has its own low-priority stay, which makes the optimum
/// unique, so the reference already pins the values; what the fresh core adds is a check of
/// the core built in one go, a sequence of additions the fuzzer writes as inputs of its
/// own anyway. On every sampled update and every input, the two were a third of an
/// input's instructions, and the fresh core on every last state still a seventh.
///
/// Split equalities (an item's hugging and compression pair in one row) are checked as the
/// two inequalities they stand for.
///
/// With `freeVariables` (the `solver_free` target), only about a third of 4 to 9 variables
/// get stays, half the additions are links between nearby variables, and the core
/// re-roots definitions at every chance: a variable in no LP row and no objective is what
/// re-rooting frees, and stays on every variable left that code unreached. The optimum is
/// then not unique, so the values are checked for optimality against the reference LP but
/// not against a fresh core or across add-then-remove.
enum SolverOpsHarness {
    /// A live constraint of the model: how to build it again, and its core id. A split
    /// equality's `reference` is its `== 0` form at the priority above.
    struct Live {
        var id: Int32
        var reference: ReferenceConstraint
        var split: (above: Double, below: Double)? = nil

        /// What the constraint means to the reference LP.
        var references: [ReferenceConstraint] {
            guard let split else { return [reference] }
            var above = reference, below = reference
            (above.relation, above.priority) = (.lessThanOrEqual, split.above)
            (below.relation, below.priority) = (.greaterThanOrEqual, split.below)
            return [above, below]
        }
    }

    struct Model {
        var probe: CoreProbe
        var freeVariables: Bool
        var variables: [Int32] = []
        var live: [Live] = []
        /// Edit variables: index → (priority, suggested value).
        var edits: [Int: (priority: Double, value: Double)] = [:]
        var editOrder: [Int] = []
        /// The exact reference over the input's updates, each started from the last one's basis.
        var reference: ReferenceSession
    }

    /// One update in this many, besides the last state, gets the exact tier.
    static let referenceSampling: UInt32 = 8
    /// One input in this many (by its hash) has its last state rebuilt in a fresh core.
    static let freshCoreSampling: UInt32 = 4

    static let priorities: [Double] = [1000, 1000, 750, 500, 250, 600, 333]
    static let optionalPriorities: [Double] = [750, 500, 250, 600, 333]

    static func run(_ data: UnsafeBufferPointer<UInt8>, freeVariables: Bool = false) {
        var input = FuzzInput(data)
        let n = freeVariables ? 4 + input.below(6) : 2 + input.below(3)
        var m = Model(
            probe: CoreProbe(rerootingOften: freeVariables), freeVariables: freeVariables,
            reference: ReferenceSession(variableCount: n))
        m.variables = (0..<n).map { m.probe.newVariable("x\($0)") }
        // Stays: x_i == c_i at priorities 1...n, below everything the operations use.
        for i in 0..<n where !freeVariables || input.below(3) == 0 {
            let c = ReferenceConstraint(
                terms: [(i, 1)], constant: -Double(input.small(9)), relation: .equal, priority: Double(1 + i))
            add(c, to: &m, data: data)
        }
        let sampling = fnv(data)
        var steps = 0
        // Whether the state as it is now was checked against the exact reference.
        var checkedExactly = true
        while !input.isEmpty && steps < 24 {
            steps += 1
            checkedExactly = false
            switch input.below(10) {
            case 0, 1, 2:
                switch input.below(4) {
                case 0: addSplit(&input, to: &m, data: data)
                case 1 where freeVariables, 2 where freeVariables: add(randomLink(&input, n: n), to: &m, data: data)
                default: add(randomConstraint(&input, n: n), to: &m, data: data)
                }
            case 3:
                guard !m.live.isEmpty else { continue }
                let k = input.below(m.live.count)
                guard m.live[k].reference.priority > Double(n) else { continue }  // keep the stays
                expectChange(&m, data: data) { (m: inout Model) throws(CoreProbe.Failure) in
                    try m.probe.remove(m.live[k].id)
                }
                m.live.remove(at: k)
            case 4:
                let v = input.below(n)
                let priority = input.choose([750.0, 500, 250, 100])
                let before = m.probe.fingerprint()
                do {
                    try m.probe.addEdit(m.variables[v], priority: priority)
                    m.edits[v] = (priority, .nan)
                    m.editOrder.append(v)
                } catch {
                    require(m.edits[v] != nil, "edit refused: \(error)", input: data)
                    require(m.probe.fingerprint() == before, "a refused edit changed the core", input: data)
                }
            case 5:
                let v = input.below(n)
                let before = m.probe.fingerprint()
                do {
                    try m.probe.removeEdit(m.variables[v])
                    m.edits[v] = nil
                    m.editOrder.removeAll { $0 == v }
                } catch {
                    require(m.edits[v] == nil, "edit removal refused: \(error)", input: data)
                    require(m.probe.fingerprint() == before, "a refused edit removal changed the core", input: data)
                }
            case 6:
                let v = input.below(n)
                let value = Double(input.small(30))
                let before = m.probe.fingerprint()
                do {
                    try m.probe.suggest(m.variables[v], value)
                    m.edits[v]?.value = value
                } catch {
                    require(m.edits[v] == nil, "suggestion refused: \(error)", input: data)
                    require(m.probe.fingerprint() == before, "a refused suggestion changed the core", input: data)
                }
            case 7:
                guard !m.live.isEmpty else { continue }
                let k = input.below(m.live.count)
                guard m.live[k].reference.priority > Double(n) else { continue }
                if m.live[k].split != nil {
                    let split = (above: input.choose(optionalPriorities), below: input.choose(optionalPriorities))
                    expectChange(&m, data: data) { (m: inout Model) throws(CoreProbe.Failure) in
                        try m.probe.setSplitPriorities(m.live[k].id, above: split.above, below: split.below)
                    }
                    m.live[k].split = split
                    m.live[k].reference.priority = split.above
                    break
                }
                let priority = input.choose(priorities)
                var changed = m.live[k].reference
                changed.priority = priority
                if attempt(&m, changed, replacing: k, data: data, { (m: inout Model) throws(CoreProbe.Failure) in
                    try m.probe.setPriority(m.live[k].id, priority)
                }) {
                    m.live[k].reference = changed
                }
            case 9:
                changeConstantsTogether(&input, &m, n: n, data: data)
            default:
                guard !m.live.isEmpty else { continue }
                let k = input.below(m.live.count)
                guard m.live[k].reference.priority > Double(n) else { continue }
                var changed = m.live[k].reference
                changed.constant = Double(input.small(20))
                let record = changed.constant
                if attempt(&m, changed, replacing: k, data: data, { (m: inout Model) throws(CoreProbe.Failure) in
                    try m.probe.setConstant(m.live[k].id, record)
                }) {
                    m.live[k].reference = changed
                }
            }
            // A multiplicative hash of the step mixed into the input's: neighbouring steps and
            // similar inputs sample different updates.
            let exact = (sampling ^ UInt32(steps) &* 0x9E37_79B1) % referenceSampling == 0
            check(&m, exactly: exact, data: data)
            checkedExactly = exact
        }
        if !checkedExactly { check(&m, exactly: true, data: data) }
        let before = m.probe.update(variables: m.variables)
        let problems = m.probe.violations()
        require(problems.isEmpty, "invariants: \(problems.prefix(4))\n\(m.probe.dump())", input: data)
        guard !freeVariables else { return }
        if (sampling >> 13) % freshCoreSampling == 0 { requireFreshCoreAgrees(m, values: before, data: data) }
        // Probe: adding then removing restores the values (a unique optimum's).
        let c = ReferenceConstraint(terms: [(0, 1)], constant: -7, relation: .equal, priority: 500)
        if let id = try? m.probe.add(
            [(m.variables[0], 1)], constant: c.constant, relation: c.relation, priority: c.priority)
        {
            _ = m.probe.update(variables: m.variables)
            try? m.probe.remove(id)
            let after = m.probe.update(variables: m.variables)
            require(close(before, after), "add then remove moved values: \(before) -> \(after)", input: data)
        }
    }

    /// A link `a·x_i + b·x_j == k` between variables at most 3 apart, mostly required.
    /// Joined in random order, links build pieces of definitions, which re-rooting
    /// reverses when a later link would otherwise expand a whole piece.
    static func randomLink(_ input: inout FuzzInput, n: Int) -> ReferenceConstraint {
        let i = input.below(n)
        var j = min(n - 1, max(0, i + input.small(3)))
        if j == i { j = (i + 1) % n }
        let coefficients: [Double] = [1, -1, 1, -1, 2, 0.5, -2, 3]
        let terms = [(i, input.choose(coefficients)), (j, input.choose(coefficients))]
        let priority = input.below(4) == 0 ? input.choose(optionalPriorities) : 1000
        return ReferenceConstraint(
            terms: terms, constant: Double(input.small(10)), relation: .equal, priority: priority)
    }

    static func randomConstraint(_ input: inout FuzzInput, n: Int) -> ReferenceConstraint {
        var terms: [(variable: Int, coefficient: Double)] = []
        for v in 0..<n where input.below(3) != 0 {
            let c = Double(input.small(3))
            if c != 0 { terms.append((v, c)) }
        }
        let relation = input.choose([Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
        return ReferenceConstraint(
            terms: terms, constant: Double(input.small(20)), relation: relation, priority: input.choose(priorities))
    }

    /// Adds a split equality on one variable; it is optional, so never refused.
    static func addSplit(_ input: inout FuzzInput, to m: inout Model, data: UnsafeBufferPointer<UInt8>) {
        let v = input.below(m.variables.count)
        let split = (above: input.choose(optionalPriorities), below: input.choose(optionalPriorities))
        let reference = ReferenceConstraint(
            terms: [(v, 1)], constant: Double(input.small(20)), relation: .equal, priority: split.above)
        do {
            let id = try m.probe.addSplit(
                m.variables[v], constant: reference.constant, above: split.above, below: split.below)
            m.live.append(Live(id: id, reference: reference, split: split))
        } catch {
            require(false, "split addition refused: \(error)", input: data)
        }
    }

    /// Several constants in one step, as the engine moves an item's constraints: refused
    /// only as a whole (nothing changes), with a conflict minimal at the new constants.
    static func changeConstantsTogether(
        _ input: inout FuzzInput, _ m: inout Model, n: Int, data: UnsafeBufferPointer<UInt8>
    ) {
        let changeable = m.live.indices.filter { m.live[$0].reference.priority > Double(n) }
        guard !changeable.isEmpty else { return }
        var changed = m.live
        var picked: [Int] = []
        for _ in 0...input.below(3) {
            let k = changeable[input.below(changeable.count)]
            if !picked.contains(k) { picked.append(k) }
            changed[k].reference.constant = Double(input.small(20))
        }
        let before = m.probe.fingerprint()
        do {
            try m.probe.setConstants(picked.map { (m.live[$0].id, changed[$0].reference.constant) })
            m.live = changed
        } catch {
            require(m.probe.fingerprint() == before, "a refused batch changed the core", input: data)
            guard case .unsatisfiable(let ids) = error else {
                require(false, "batch refused: \(error)", input: data)
                return
            }
            var target = m
            target.live = changed
            checkConflict(target, ids: ids, pending: nil, data: data)
        }
    }

    static func add(_ c: ReferenceConstraint, to m: inout Model, data: UnsafeBufferPointer<UInt8>) {
        let before = m.probe.fingerprint()
        do {
            let id = try m.probe.add(c.terms.map { (m.variables[$0.variable], $0.coefficient) }, constant: c.constant,
                                     relation: c.relation, priority: c.priority)
            m.live.append(Live(id: id, reference: c))
        } catch {
            require(m.probe.fingerprint() == before, "a refused addition changed the core", input: data)
            guard case .unsatisfiable(let ids) = error else {
                require(false, "addition refused: \(error)", input: data)
                return
            }
            checkConflict(m, ids: ids, pending: c, data: data)
        }
    }

    /// Runs a change that may be refused as unsatisfiable (then nothing may change and the
    /// conflict must be minimal). Returns whether it was applied.
    static func attempt(
        _ m: inout Model, _ changed: ReferenceConstraint, replacing k: Int, data: UnsafeBufferPointer<UInt8>,
        _ body: (inout Model) throws(CoreProbe.Failure) -> Void
    ) -> Bool {
        let before = m.probe.fingerprint()
        do {
            try body(&m)
            return true
        } catch {
            require(m.probe.fingerprint() == before, "a refused change changed the core", input: data)
            guard case .unsatisfiable(let ids) = error else {
                require(false, "change refused: \(error)", input: data)
                return false
            }
            var others = m
            others.live.remove(at: k)
            checkConflict(others, ids: ids.filter { $0 != m.live[k].id }, pending: changed, data: data)
            return false
        }
    }

    static func expectChange(
        _ m: inout Model, data: UnsafeBufferPointer<UInt8>, _ body: (inout Model) throws(CoreProbe.Failure) -> Void
    ) {
        do { try body(&m) } catch { require(false, "operation refused: \(error)", input: data) }
    }

    /// The conflict plus the pending constraint (if any) is infeasible, and dropping any
    /// member makes it feasible (exact arithmetic decides).
    static func checkConflict(
        _ m: Model, ids: [Int32], pending: ReferenceConstraint?, data: UnsafeBufferPointer<UInt8>
    ) {
        let members = ids.filter { $0 >= 0 }.flatMap { id in m.live.first { $0.id == id }?.references ?? [] }
        let set = members + (pending.map { [$0] } ?? [])
        require(set.allSatisfy(\.isRequired), "conflict with optional members", input: data)
        let n = m.variables.count
        let feasible = ReferenceLP.isFeasible(variableCount: n, constraints: set)
        require(!feasible, "reported conflict is satisfiable: \(set)", input: data)
        for k in members.indices {
            var smaller = set
            smaller.remove(at: k)
            require(ReferenceLP.isFeasible(variableCount: n, constraints: smaller),
                    "conflict is not minimal without \(members[k]): \(set)", input: data)
        }
    }

    /// The constraints in force, as the reference sees them: live ones and the edits, each
    /// under a key that stays its own across updates (the session's warm start follows
    /// them): a live constraint's from its core id, an edit's from its variable.
    static func referenceSystem(_ m: Model) -> [(key: Int, constraint: ReferenceConstraint)] {
        var all: [(key: Int, constraint: ReferenceConstraint)] = []
        for live in m.live {
            for (part, c) in live.references.enumerated() { all.append((2 * Int(live.id) + part, c)) }
        }
        return all + editConstraints(m.probe, variables: m.variables, order: m.editOrder, edits: m.edits)
    }

    /// After an update: the answer against the constraints as written (edits at the value
    /// they hold, a suggestion or the value they started from): every required one holds to
    /// the documented tolerance; `exactly`, the objective is the exact optimum at every level.
    static func check(_ m: inout Model, exactly: Bool, data: UnsafeBufferPointer<UInt8>) {
        let values = m.probe.update(variables: m.variables)
        require(m.probe.unverifiedAnswers == 0, "the core could not verify its answer", input: data)
        let keyed = referenceSystem(m)
        let system = keyed.map(\.constraint)
        FuzzReach.note(constraints: system.count)
        requireRequiredConstraintsHold(system, at: values, input: data)
        guard exactly else { return }
        switch m.reference.solve(keyed, near: values) {
        case .infeasible:
            require(false, "the required constraints the core holds cannot hold together: \(system)", input: data)
        case .optimal(let best, _):
            requireOptimal(system, at: values, best: best, input: data)
        }
    }

    /// A fresh core fed the surviving constraints (and edits) reaches `values`, the unique
    /// optimum.
    static func requireFreshCoreAgrees(_ m: Model, values: [Double], data: UnsafeBufferPointer<UInt8>) {
        let fresh = CoreProbe()
        let variables = m.variables.indices.map { fresh.newVariable("x\($0)") }
        for live in m.live {
            let c = live.reference
            if let split = live.split {
                _ = try? fresh.addSplit(
                    variables[c.terms[0].variable], constant: c.constant, above: split.above, below: split.below)
                continue
            }
            _ = try? fresh.add(c.terms.map { (variables[$0.variable], $0.coefficient) }, constant: c.constant,
                               relation: c.relation, priority: c.priority)
        }
        for v in m.editOrder {
            guard let e = m.edits[v] else { continue }
            try? fresh.addEdit(variables[v], priority: e.priority)
            try? fresh.suggest(variables[v], m.probe.editValue(m.variables[v]))
        }
        let again = fresh.update(variables: variables)
        require(close(values, again), "incremental \(values) vs fresh \(again)", input: data)
    }

    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 * max(1, abs($0), abs($1)) }
    }
}
