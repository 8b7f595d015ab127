import Ratite
import RatiteCheck
import RatiteGenerate

/// The `solver_large` target: the first bytes of an input make a large system, the rest of
/// it operations on that system. (It is a target of its own so that `solver_ops` and
/// `solver_free`, whose inputs take a millisecond, are not slowed by inputs that take a
/// second, and a campaign's time on large systems is its own choice.)
///
/// - A first byte other than `familyMarker` (the seeds use `marker`): the next eight bytes
///   seed a random system of 200 to 450 constraints over 30
///   to 80 variables (past the 128 constraints where the exact tableau once stopped being
///   loaded, where the solver gave silently wrong answers).
/// - `familyMarker`: the next byte picks a generated family (chain, grid, tree, random:
///   `SystemFamily`; or the form, `FormFamily.system`), the two after it a size from 100
///   items (rows, for the form) to the family's
///   `largestSize(of:)` (hundreds to forty thousand constraints, past the 4,096 where exact
///   certification gives way to float certificates), and eight more the random family's
///   seed; the family's edit variables start at its first suggestions.
///
/// The oracle is tiered so that a large input costs milliseconds to a second:
/// - Every required constraint of the bulk build must be accepted, which needs no solve: the
///   random system's hold at a hidden integer point, the families' are satisfiable by
///   construction.
/// - After every update: the core's answer is verified (`unverifiedAnswers`), every
///   required constraint holds at the values as written, and a refused change left the
///   core exactly as it was (fingerprint).
/// - Every refusal's conflict is checked exactly: it cannot hold, and without any one
///   member it can.
/// - The exact reference (feasibility and the optimum per level) runs on the last update
///   of one input in `referenceSampling`, chosen by the input's bytes, when the system has
///   at most `referenceLimit` constraints, so a campaign checks thousands of large systems
///   against it without every input paying for a solve of hundreds of constraints.
enum LargeSystemHarness {
    /// The first byte of the random systems' seeds.
    static let marker: UInt8 = 0xA7
    /// The first byte of an input in the generated-family mode.
    static let familyMarker: UInt8 = 0xA8
    /// One input in this many is checked against the exact reference.
    static let referenceSampling: UInt32 = 4
    /// The most constraints a system checked against the exact reference holds: past it a
    /// solve takes seconds even warm-started, and the cheap tier alone decides.
    static let referenceLimit = 2_000

    struct Model {
        var probe = CoreProbe()
        var variables: [Int32] = []
        var live: [(id: Int32, reference: ReferenceConstraint)] = []
        var edits: [Int: (priority: Double, value: Double)] = [:]
        var editOrder: [Int] = []
    }

    static let coefficients: [Double] = [1, -1, 0.5, -0.5, 2, -2, 3, -1.5]
    static let optionalPriorities: [Double] = [750, 500, 250]

    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        var input = FuzzInput(data)
        var m = Model()
        if input.byte() == familyMarker {
            buildFamily(&input, into: &m, data: data)
        } else {
            buildRandom(&input, into: &m, data: data)
        }
        let n = m.variables.count
        check(&m, data: data)
        var steps = 0
        while !input.isEmpty && steps < 32 {
            steps += 1
            operate(&input, &m, n: n, data: data)
            if input.below(3) == 0 { check(&m, data: data) }
        }
        check(&m, data: data)
        if fnv(data) % referenceSampling == 0 && m.live.count <= referenceLimit { checkAgainstReference(m, data: data) }
    }

    /// The random system: 200 to 450 constraints over 30 to 80 variables, the required ones
    /// holding at a hidden integer point.
    static func buildRandom(_ input: inout FuzzInput, into m: inout Model, data: UnsafeBufferPointer<UInt8>) {
        var random = SplitMix64(seed: seed(&input))
        let n = 30 + random.below(51)
        m.variables = (0..<n).map { m.probe.newVariable("x\($0)") }
        let hidden = (0..<n).map { _ in Double(random.below(1001) - 500) }
        for _ in 0..<200 + random.below(251) {
            addAccepted(constraint(&random, n: n, holdingAt: hidden), to: &m, data: data) {
                "which holds with every required constraint at \(hidden)"
            }
        }
    }

    /// The most items a family is built with: what keeps an input of the ASan fuzzer well
    /// inside ClusterFuzzLite's 25 s per input (Fuzz/README.md has the times), yet past the
    /// exact-certification limit of 4,096 constraints.
    static func largestSize(of family: Family) -> Int {
        switch family {
        case .generated(.chain): 2_000
        case .generated(.grid): 1_000
        case .generated(.tree): 5_000
        case .generated(.random): 3_000
        case .form: 1_000
        }
    }

    /// The families of the family mode: the generated ones, and the layout engine's form
    /// written as solver constraints (`FormFamily.system`: baselines, margins, hugging and
    /// compression resistance at four priorities).
    enum Family: CustomStringConvertible {
        case generated(SystemFamily)
        case form

        static let all = SystemFamily.allCases.map(Family.generated) + [.form]

        func generate(n: Int, seed: UInt64) -> GeneratedSystem {
            switch self {
            case .generated(let family): family.generate(n: n, seed: seed)
            case .form: FormFamily.system(n: n)
            }
        }

        var description: String {
            switch self {
            case .generated(let family): "\(family)"
            case .form: "form"
            }
        }
    }

    /// A generated family of 100 items up to `largestSize(of:)`, its edits at their first
    /// suggestions.
    static func buildFamily(_ input: inout FuzzInput, into m: inout Model, data: UnsafeBufferPointer<UInt8>) {
        let family = Family.all[input.below(Family.all.count)]
        let size = 100 + pick(&input, largestSize(of: family) - 99)
        let system = family.generate(n: size, seed: seed(&input))
        m.variables = system.names.map { m.probe.newVariable($0) }
        for c in system.constraints {
            let (terms, constant) = c.normalized
            let reference = ReferenceConstraint(
                terms: terms.map { (Int($0.variable), $0.coefficient) }, constant: constant, relation: c.relation,
                priority: c.priority)
            addAccepted(reference, to: &m, data: data) { "from the \(family) family of \(size), which can hold" }
        }
        for (k, e) in system.edits.enumerated() {
            let v = Int(e.variable)
            do {
                try m.probe.addEdit(m.variables[v], priority: e.priority)
                try m.probe.suggest(m.variables[v], system.suggestions[k])
            } catch {
                require(false, "the \(family) family's edit of x\(v) refused: \(error)", input: data)
            }
            m.edits[v] = (e.priority, system.suggestions[k])
            m.editOrder.append(v)
        }
    }

    /// Eight bytes of the input as a seed.
    static func seed(_ input: inout FuzzInput) -> UInt64 {
        var seed: UInt64 = 0
        for _ in 0..<8 { seed = seed << 8 | UInt64(input.byte()) }
        return seed
    }

    /// Adds a constraint of the bulk build, which must be accepted (`why` says why).
    static func addAccepted(
        _ c: ReferenceConstraint, to m: inout Model, data: UnsafeBufferPointer<UInt8>, why: () -> String
    ) {
        do {
            let id = try m.probe.add(
                c.terms.map { (m.variables[$0.variable], $0.coefficient) }, constant: c.constant,
                relation: c.relation, priority: c.priority)
            m.live.append((id, c))
        } catch {
            require(false, "refused \(c), \(why()): \(error)", input: data)
        }
    }

    /// A constraint of 1 to 5 terms: required ones (two in five) hold at `point`, with an
    /// inequality's slack up to 50; optional ones have constants up to ±1000.
    static func constraint(_ random: inout SplitMix64, n: Int, holdingAt point: [Double]) -> ReferenceConstraint {
        var chosen: [Int] = []
        let termCount = 1 + random.below(5)
        while chosen.count < termCount {
            let v = random.below(n)
            if !chosen.contains(v) { chosen.append(v) }
        }
        let terms = chosen.map { (variable: $0, coefficient: coefficients[random.below(coefficients.count)]) }
        let relation = [Relation.equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(3)]
        guard random.below(5) < 2 else {
            return ReferenceConstraint(
                terms: terms, constant: Double(random.below(2001) - 1000), relation: relation,
                priority: optionalPriorities[random.below(optionalPriorities.count)])
        }
        let sum = terms.reduce(0.0) { $0 + $1.coefficient * point[$1.variable] }
        let slack = Double(random.below(51))
        let constant = switch relation {
        case .equal: -sum
        case .lessThanOrEqual: -sum - slack
        case .greaterThanOrEqual: -sum + slack
        }
        return ReferenceConstraint(terms: terms, constant: constant, relation: relation, priority: 1000)
    }

    /// One operation read from the input: a removal, an edit variable, a suggestion, a
    /// constant or priority change, or a new constraint that may contradict the others.
    static func operate(_ input: inout FuzzInput, _ m: inout Model, n: Int, data: UnsafeBufferPointer<UInt8>) {
        switch input.below(7) {
        case 0:
            guard !m.live.isEmpty else { return }
            let k = pick(&input, m.live.count)
            do { try m.probe.remove(m.live[k].id) } catch {
                require(false, "removal refused: \(error)", input: data)
            }
            m.live.remove(at: k)
        case 1:
            let v = pick(&input, n)
            guard m.edits[v] == nil else { return }
            let priority = input.choose(optionalPriorities)
            do {
                try m.probe.addEdit(m.variables[v], priority: priority)
                m.edits[v] = (priority, .nan)
                m.editOrder.append(v)
            } catch {
                require(false, "edit refused: \(error)", input: data)
            }
        case 2:
            guard !m.editOrder.isEmpty else { return }
            let v = m.editOrder[pick(&input, m.editOrder.count)]
            let value = Double(input.small(100) * 20)
            do { try m.probe.suggest(m.variables[v], value) } catch {
                require(false, "suggestion refused: \(error)", input: data)
            }
            m.edits[v]?.value = value
        case 3, 4:
            guard !m.live.isEmpty else { return }
            let k = pick(&input, m.live.count)
            var changed = m.live[k].reference
            let id = m.live[k].id
            if input.below(2) == 0 {
                changed.constant += Double(input.small(50))
                let constant = changed.constant
                change(&m, replacing: k, with: changed, data: data) { (p: CoreProbe) throws(CoreProbe.Failure) in
                    try p.setConstant(id, constant)
                    return nil
                }
            } else {
                changed.priority = input.choose([1000] + optionalPriorities)
                let priority = changed.priority
                change(&m, replacing: k, with: changed, data: data) { (p: CoreProbe) throws(CoreProbe.Failure) in
                    try p.setPriority(id, priority)
                    return nil
                }
            }
        default:
            var terms: [(variable: Int, coefficient: Double)] = []
            for _ in 0...input.below(4) {
                let v = pick(&input, n)
                if !terms.contains(where: { $0.variable == v }) { terms.append((v, input.choose(coefficients))) }
            }
            let relation = input.choose([Relation.equal, .lessThanOrEqual, .greaterThanOrEqual])
            let c = ReferenceConstraint(
                terms: terms, constant: Double(input.small(100) * 10), relation: relation,
                priority: input.choose([1000, 1000] + optionalPriorities))
            let variables = m.variables
            change(&m, replacing: nil, with: c, data: data) { (p: CoreProbe) throws(CoreProbe.Failure) in
                try p.add(terms.map { (variables[$0.variable], $0.coefficient) }, constant: c.constant,
                          relation: c.relation, priority: c.priority)
            }
        }
    }

    /// An index below `count` (which may exceed 256) from two bytes.
    static func pick(_ input: inout FuzzInput, _ count: Int) -> Int {
        (input.below(256) << 8 | input.below(256)) % count
    }

    /// Runs a change that may be refused: then the core is as it was, and the conflict is
    /// minimal among the required constraints with the change in place. `body` returns the
    /// id of a new constraint (replacing none), or nil when it changed constraint k.
    static func change(
        _ m: inout Model, replacing k: Int?, with changed: ReferenceConstraint, data: UnsafeBufferPointer<UInt8>,
        _ body: (CoreProbe) throws(CoreProbe.Failure) -> Int32?
    ) {
        let before = m.probe.fingerprint()
        do {
            if let id = try body(m.probe) {
                m.live.append((id, changed))
            } else if let k {
                m.live[k].reference = changed
            }
        } catch {
            require(m.probe.fingerprint() == before, "a refused change changed the core", input: data)
            guard case .unsatisfiable(let ids) = error else { return require(false, "refused: \(error)", input: data) }
            let replaced = k.map { m.live[$0].id }
            let members = ids.filter { $0 >= 0 && $0 != replaced }.compactMap { id in
                m.live.first { $0.id == id }?.reference
            }
            require(members.count == ids.filter { $0 >= 0 && $0 != replaced }.count,
                    "conflict \(ids) names constraints that are not live", input: data)
            let flaw = ReferenceLP.conflictFlaw(variableCount: m.variables.count, conflict: members + [changed])
            require(flaw == nil, "conflict \(ids) is not minimal and conflicting: \(String(describing: flaw))",
                    input: data)
        }
    }

    /// The constraints in force, edits at the values they hold.
    static func system(_ m: Model) -> [(key: Int, constraint: ReferenceConstraint)] {
        m.live.map { (key: Int($0.id), constraint: $0.reference) }
            + editConstraints(m.probe, variables: m.variables, order: m.editOrder, edits: m.edits)
    }

    /// The cheap checks after an update: the core verified its answer, and every required
    /// constraint holds at the values as written.
    static func check(_ m: inout Model, data: UnsafeBufferPointer<UInt8>) {
        let values = m.probe.update(variables: m.variables)
        require(m.probe.unverifiedAnswers == 0, "the core could not verify its answer", input: data)
        let constraints = system(m).map(\.constraint)
        FuzzReach.note(constraints: constraints.count)
        requireRequiredConstraintsHold(constraints, at: values, input: data)
    }

    /// The exact reference on the final system: the required constraints the core holds
    /// can hold together, and the core's answer is the optimum at every level.
    static func checkAgainstReference(_ m: Model, data: UnsafeBufferPointer<UInt8>) {
        let values = m.probe.update(variables: m.variables)
        let keyed = system(m)
        let constraints = keyed.map(\.constraint)
        var session = ReferenceSession(variableCount: m.variables.count)
        switch session.solve(keyed, near: values) {
        case .infeasible:
            require(false, "the required constraints the core accepted cannot hold together", input: data)
        case .optimal(let best, _):
            requireOptimal(constraints, at: values, best: best, input: data)
        }
    }
}
