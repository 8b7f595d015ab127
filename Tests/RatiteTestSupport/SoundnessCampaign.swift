import Ratite
import RatiteCheck
import RatiteGenerate
import Testing

/// Long random sequences of solver operations (add, remove, edit, suggest, update), every
/// update checked against the exact reference: required constraints hold at the values, the
/// optimum per priority level is the exact one, and every addition is accepted or refused as
/// exact arithmetic decides (a refusal with a minimal conflict, and the core unchanged).
package struct SoundnessCampaign {
    package struct Configuration: CustomStringConvertible {
        package var name: String
        package var variables: ClosedRange<Int>
        package var operations: Int
        /// Coefficient magnitudes; each gets a random sign.
        package var coefficients: [Double]
        /// Constants are integers within ±this.
        package var constantLimit: Int
        /// Live constraints (edits aside) at most.
        package var maxLive: Int
        /// Terms per constraint at most.
        package var maxTerms = 4
        /// Edit values and suggestions are integers within ±this.
        package var suggestionLimit = 1000
        /// Percentages of the operations drawn: additions, removals, new edit variables,
        /// edit removals, suggestions; updates take the rest.
        package var mix = (add: 40, remove: 12, edit: 8, unedit: 4, suggest: 16)
        /// The core's `exactCertificationLimit` when not its default: a low one sends these
        /// sizes down the path of systems past the limit (float certificates, exact
        /// decisions only where the float path gives up).
        package var exactCertificationLimit: Int? = nil
        /// Whether the core's exact fallback is off too (`exactFallbackLimit` 0): the float
        /// path alone, which may give up on an operation or an answer but must say so.
        package var floatAlone = false
        /// The priorities constraints are drawn from, each equally often.
        package var priorities = SoundnessCampaign.priorities

        /// The configuration of the report that found the breakage: 12 to 14 variables,
        /// 200 operations, coefficients from ±{0.25, 0.5, 1, 1.5, 2, 3, 9}, constants up to
        /// ±1000, all four priorities.
        package static let mixed = Configuration(
            name: "mixed", variables: 12...14, operations: 200, coefficients: [0.25, 0.5, 1, 1.5, 2, 3, 9],
            constantLimit: 1000, maxLive: 26)
        /// The same with ±1 coefficients only.
        package static let unit = Configuration(
            name: "unit", variables: 12...14, operations: 200, coefficients: [1], constantLimit: 1000, maxLive: 26)
        /// Past the dense exact check: 30 to 80 variables, 1,200 operations (additions 55%,
        /// removals 12%, edits 8%, suggestions 13%, edit removals 4%, updates 8%), 1 to 5
        /// terms, suggestions up to ±2000, no cap on live constraints: systems of 130 to 450
        /// constraints, as the report that found the large-system breakage drew them.
        package static let large = Configuration(
            name: "large", variables: 30...80, operations: 1200, coefficients: [0.25, 0.5, 1, 1.5, 2, 3, 9],
            constantLimit: 1000, maxLive: .max, maxTerms: 5, suggestionLimit: 2000,
            mix: (add: 55, remove: 12, edit: 8, unedit: 4, suggest: 13))
        /// The same with ±1 coefficients only, more like a layout.
        package static let largeUnit = Configuration(
            name: "large-unit", variables: 30...80, operations: 1200, coefficients: [1],
            constantLimit: 1000, maxLive: .max, maxTerms: 5, suggestionLimit: 2000,
            mix: (add: 55, remove: 12, edit: 8, unedit: 4, suggest: 13))

        /// `large` with exact certification stopping at 64 constraints, as systems past
        /// 4,096 constraints have it: the float path decides, with its optimality certificate
        /// and repairs, and exact arithmetic takes what it gives up on. Held to the same
        /// standard as `large`.
        package static let largeFloat = Configuration(
            name: "large-float", variables: 30...80, operations: 1200, coefficients: [0.25, 0.5, 1, 1.5, 2, 3, 9],
            constantLimit: 1000, maxLive: .max, maxTerms: 5, suggestionLimit: 2000,
            mix: (add: 55, remove: 12, edit: 8, unedit: 4, suggest: 13), exactCertificationLimit: 64)
        /// `large-unit` the same way.
        package static let largeUnitFloat = Configuration(
            name: "large-unit-float", variables: 30...80, operations: 1200, coefficients: [1],
            constantLimit: 1000, maxLive: .max, maxTerms: 5, suggestionLimit: 2000,
            mix: (add: 55, remove: 12, edit: 8, unedit: 4, suggest: 13), exactCertificationLimit: 64)
        /// Past the real exact limit: 40 to 50 variables and 5,600 operations, nearly all
        /// additions and nine in ten of them optional, so the live constraints pass 4,096
        /// (to about 4,900) and the float path decides, at the size it does for users.
        package static let pastExactLimit = Configuration(
            name: "past-exact-limit", variables: 40...50, operations: 5600,
            coefficients: [0.25, 0.5, 1, 1.5, 2, 3, 9], constantLimit: 1000, maxLive: .max, maxTerms: 5,
            suggestionLimit: 2000, mix: (add: 93, remove: 2, edit: 1, unedit: 0, suggest: 2),
            priorities: [1000, 750, 500, 250, 750, 500, 250, 750, 500, 250])
        /// `large-float` without the exact fallback: the float path alone.
        package static let largeFloatAlone = Configuration(
            name: "large-float-alone", variables: 30...80, operations: 1200,
            coefficients: [0.25, 0.5, 1, 1.5, 2, 3, 9], constantLimit: 1000, maxLive: .max, maxTerms: 5,
            suggestionLimit: 2000, mix: (add: 55, remove: 12, edit: 8, unedit: 4, suggest: 13),
            exactCertificationLimit: 64, floatAlone: true)
        /// `large-unit-float` without the exact fallback.
        package static let largeUnitFloatAlone = Configuration(
            name: "large-unit-float-alone", variables: 30...80, operations: 1200, coefficients: [1],
            constantLimit: 1000, maxLive: .max, maxTerms: 5, suggestionLimit: 2000,
            mix: (add: 55, remove: 12, edit: 8, unedit: 4, suggest: 13), exactCertificationLimit: 64,
            floatAlone: true)

        package var description: String { name }
    }

    package struct Counters {
        package var updates = 0, accepted = 0, refused = 0, removals = 0, suggestions = 0, edits = 0
        /// The float path alone: updates that reported their answer unverified and
        /// additions that failed with a numerical error, both with the core unchanged.
        package var reportedUnverified = 0, numericalFailures = 0, contradictionsAccepted = 0
        /// Past a lowered exact limit: decisions the float path gave up on, taken exactly.
        package var fallbacks = 0
        /// The core's float optimality certificates, and those that sent the tableau to be
        /// repaired.
        package var floatCertificates = 0, floatRepairs = 0
        /// The core's exact checks, the ones that found the float tableau wrong, and the
        /// updates whose values were refined.
        package var certifications = 0, corrections = 0, refinements = 0
        /// The most constraints live at once in any sequence.
        package var largestSystem = 0

        package static func + (a: Counters, b: Counters) -> Counters {
            var sum = Counters(
                updates: a.updates + b.updates, accepted: a.accepted + b.accepted, refused: a.refused + b.refused,
                removals: a.removals + b.removals, suggestions: a.suggestions + b.suggestions, edits: a.edits + b.edits)
            sum.certifications = a.certifications + b.certifications
            sum.corrections = a.corrections + b.corrections
            sum.refinements = a.refinements + b.refinements
            sum.largestSystem = max(a.largestSystem, b.largestSystem)
            sum.reportedUnverified = a.reportedUnverified + b.reportedUnverified
            sum.numericalFailures = a.numericalFailures + b.numericalFailures
            sum.contradictionsAccepted = a.contradictionsAccepted + b.contradictionsAccepted
            sum.floatCertificates = a.floatCertificates + b.floatCertificates
            sum.floatRepairs = a.floatRepairs + b.floatRepairs
            sum.fallbacks = a.fallbacks + b.fallbacks
            return sum
        }
    }

    /// The priorities constraints are drawn from: required twice as often as each other.
    package static let priorities: [Double] = [1000, 1000, 750, 500, 250]
    /// The tolerance a required constraint is checked with, relative to the size of the
    /// numbers its left side adds up at the values (see docs/numerics.md).
    package static let requiredTolerance = 1e-9

    package let configuration: Configuration
    package let seed: UInt64
    package let n: Int
    package var random: SplitMix64
    package let driver: CoreDriver
    package var live: [(id: Int32, c: ReferenceConstraint)] = []
    package var edits: [(variable: Int, priority: Double, value: Double)] = []
    package var log: [String] = []
    package var failure: String? = nil
    /// Past a lowered exact limit: the float tableau gave up on an operation with a typed
    /// error, and the sequence ended there.
    package var stopped = false
    package var counters = Counters()

    package init(seed: UInt64, configuration: Configuration) {
        self.configuration = configuration
        self.seed = seed
        random = SplitMix64(seed: seed)
        n = configuration.variables.lowerBound + random.below(configuration.variables.count)
        driver = CoreDriver(variableCount: n)
        if let limit = configuration.exactCertificationLimit { driver.core.tuning.exactCertificationLimit = limit }
        if configuration.floatAlone { driver.core.tuning.exactFallbackLimit = 0 }
        reference = ReferenceSession(variableCount: n)
    }

    /// A campaign that draws nothing: its operations are given (`replay`).
    package init(variableCount: Int, configuration: Configuration) {
        self.configuration = configuration
        seed = 0
        random = SplitMix64(seed: 0)
        n = variableCount
        driver = CoreDriver(variableCount: n)
        reference = ReferenceSession(variableCount: n)
    }

    /// Runs the whole sequence, stopping at the first failure.
    package static func run(seed: UInt64, configuration: Configuration) -> SoundnessCampaign {
        var run = SoundnessCampaign(seed: seed, configuration: configuration)
        for _ in 0..<configuration.operations where run.failure == nil && !run.stopped { run.step() }
        if run.failure == nil && !run.stopped { run.update() }
        let statistics = run.driver.core.statistics
        run.counters.certifications = statistics.certifications
        run.counters.corrections = statistics.exactCorrections
        run.counters.refinements = statistics.refinements
        run.counters.floatCertificates = statistics.floatCertificates
        run.counters.floatRepairs = statistics.floatCertificateRepairs
        run.counters.fallbacks = statistics.exactFallbacks
        return run
    }

    package var report: String {
        "seed \(seed) (\(configuration), \(n) variables): \(failure ?? "no failure")\n" + log.joined(separator: "\n")
    }

    // MARK: Operations

    package mutating func randomConstraint() -> ReferenceConstraint {
        var chosen: [Int] = []
        let count = 1 + random.below(min(configuration.maxTerms, n))
        while chosen.count < count {
            let v = random.below(n)
            if !chosen.contains(v) { chosen.append(v) }
        }
        let coefficients = configuration.coefficients
        let terms = chosen.map { v -> (Int, Double) in
            let c = coefficients[random.below(coefficients.count)]
            return (v, random.below(2) == 0 ? c : -c)
        }
        let limit = configuration.constantLimit
        let constant = Double(random.below(2 * limit + 1) - limit)
        let relation = Relation.allCases[random.below(3)]
        let priorities = configuration.priorities
        return ref(terms, constant, relation, priorities[random.below(priorities.count)])
    }

    /// One operation; constraints are named by the key of the operation that added them, so a
    /// sequence keeps its meaning when operations are dropped from it (`minimized`).
    package enum Op {
        case add(ReferenceConstraint)
        case remove(key: Int)
        case edit(variable: Int, priority: Double, value: Double)
        case removeEdit(variable: Int)
        case suggest(variable: Int, value: Double)
        case update
    }

    /// Every operation run so far, with its key.
    package var ops: [(key: Int, op: Op)] = []
    /// The key of each live constraint, beside `live`.
    package var keys: [Int] = []

    package mutating func step() {
        let roll = random.below(100)
        let mix = configuration.mix
        let limit = configuration.suggestionLimit
        let op: Op
        switch roll {
        case 0..<mix.add where live.count < configuration.maxLive:
            op = .add(randomConstraint())
        case 0..<(mix.add + mix.remove) where !live.isEmpty:
            op = .remove(key: keys[random.below(keys.count)])
        case 0..<(mix.add + mix.remove + mix.edit):
            let free = (0..<n).filter { v in !edits.contains { $0.variable == v } }
            if free.isEmpty { return }
            let priority = [750.0, 500, 250][random.below(3)]
            op = .edit(variable: free[random.below(free.count)], priority: priority,
                       value: Double(random.below(2 * limit + 1) - limit))
        case 0..<(mix.add + mix.remove + mix.edit + mix.unedit) where !edits.isEmpty:
            op = .removeEdit(variable: edits[random.below(edits.count)].variable)
        case 0..<(mix.add + mix.remove + mix.edit + mix.unedit + mix.suggest) where !edits.isEmpty:
            op = .suggest(variable: edits[random.below(edits.count)].variable,
                          value: Double(random.below(2 * limit + 1) - limit))
        default:
            op = .update
        }
        perform(op, key: ops.count)
    }

    package mutating func perform(_ op: Op, key: Int) {
        ops.append((key, op))
        switch op {
        case .add(let c): add(c, key: key)
        case .remove(let k): if let i = keys.firstIndex(of: k) { remove(at: i) }
        case .edit(let v, let p, let x):
            if !edits.contains(where: { $0.variable == v }) { edit(v, priority: p, value: x) }
        case .removeEdit(let v): if let i = edits.firstIndex(where: { $0.variable == v }) { removeEdit(at: i) }
        case .suggest(let v, let x): if let i = edits.firstIndex(where: { $0.variable == v }) { suggest(at: i, x) }
        case .update: update()
        }
    }

    /// The shortest sequence found by dropping operations one at a time while the failure's
    /// kind (its text up to the first colon) stays.
    package func minimized() -> SoundnessCampaign {
        guard let failure else { return self }
        let kind = failure.prefix { $0 != ":" }
        var kept = ops
        var best = self
        var i = kept.count - 1
        while i >= 0 {
            var shorter = kept
            shorter.remove(at: i)
            var attempt = SoundnessCampaign(seed: seed, configuration: configuration)
            for (key, op) in shorter where attempt.failure == nil { attempt.perform(op, key: key) }
            if attempt.failure == nil { attempt.update() }
            if attempt.failure?.prefix(while: { $0 != ":" }) == kind {
                kept = shorter
                best = attempt
            }
            i -= 1
        }
        return best
    }

    package mutating func fail(_ text: String) {
        if failure == nil { failure = text }
    }

    /// Whether `error` ends the sequence rather than failing it: the float tableau alone
    /// may give up on an operation, and must say so with a typed
    /// error (`internalError`, the C ABI's `RATITE_ERROR_NUMERICAL`). What such an
    /// operation left of itself is not tracked here, so the sequence stops.
    package mutating func endsTheSequence(_ operation: String, _ error: CoreError) -> Bool {
        guard configuration.floatAlone, case .internalError = error else { return false }
        log.append("\(operation) -> \(error)")
        counters.numericalFailures += 1
        stopped = true
        return true
    }

    /// Every constraint in force as the reference sees it: the live ones and the edits.
    package var system: [ReferenceConstraint] { keyedSystem.map(\.constraint) }

    /// The same, each with a key the reference session follows it by: live constraints by
    /// their operation's key, edits by their variable (negative).
    package var keyedSystem: [(key: Int, constraint: ReferenceConstraint)] {
        zip(keys, live).map { ($0, $1.c) }
            + edits.map { (-1 - $0.variable, ref([($0.variable, 1)], -$0.value, .equal, $0.priority)) }
    }

    /// The exact reference, started each time from its last basis.
    package var reference: ReferenceSession
    /// The constraint the last addition tried (for a failure's diagnosis).
    package var lastAddition: ReferenceConstraint? = nil

    package mutating func add(_ c: ReferenceConstraint, key: Int) {
        lastAddition = c
        let expected = c.isRequired ? reference.isFeasible(keyedSystem + [(key, c)]) : true
        // Only an addition that must be refused needs the core's state to compare with: the
        // fingerprint of a system of hundreds of constraints costs more than its addition,
        // so past the small configurations' size every eighth such addition is compared.
        var before: String? = nil
        if !expected {
            if live.count <= 64 || counters.refused % 8 == 0 { before = fingerprint(driver.core, transient: false) }
        }
        do {
            let id = try driver.add(c)
            log.append("add \(c) -> c\(id)")
            live.append((id, c))
            keys.append(key)
            counters.accepted += 1
            counters.largestSystem = max(counters.largestSystem, live.count)
            if !expected {
                // The float tableau alone may take a contradiction
                // within roundoff; then no answer can hold, and the next update must say
                // so. Every decision after it rests on an infeasible system, so the
                // sequence ends there.
                guard configuration.floatAlone else {
                    return fail("accepted a constraint that conflicts with the required ones: \(c)")
                }
                counters.contradictionsAccepted += 1
                let reported = counters.reportedUnverified
                update()
                if failure == nil && counters.reportedUnverified == reported {
                    fail("accepted a contradiction, and the next update did not report its answer unverified: \(c)")
                }
                stopped = true
            }
        } catch .unsatisfiable(let conflict) {
            log.append("add \(c) -> unsatisfiable \(conflict)")
            counters.refused += 1
            if expected { return fail("refused a satisfiable constraint: \(c), conflict \(conflict)") }
            if let before, let difference = firstDifference(before, fingerprint(driver.core, transient: false)) {
                return fail("a refused addition changed the core: \(difference)")
            }
            checkConflict(conflict, pending: c)
        } catch {
            if endsTheSequence("add \(c)", error) { return }
            log.append("add \(c) -> \(error)")
            fail("add threw \(error)")
        }
    }

    /// A conflict names required live constraints in addition order and ends with the pending
    /// one; together they cannot hold, and without any one member they can.
    package mutating func checkConflict(_ conflict: [Int32], pending: ReferenceConstraint) {
        guard conflict.last == pendingConstraintID else {
            return fail("conflict \(conflict) does not end with the new constraint")
        }
        var members: [ReferenceConstraint] = []
        var positions: [Int] = []
        for id in conflict.dropLast() {
            guard let p = live.firstIndex(where: { $0.id == id }), live[p].c.isRequired else {
                return fail("conflict \(conflict) names c\(id), which is not a live required constraint")
            }
            positions.append(p)
            members.append(live[p].c)
        }
        if positions != positions.sorted() { fail("conflict \(conflict) is not in addition order") }
        switch ReferenceLP.conflictFlaw(variableCount: n, conflict: members + [pending]) {
        case nil: break
        case .canHold: fail("conflict \(conflict) can hold")
        case .notMinimal(let k):
            fail("conflict \(conflict) is not minimal: it cannot hold without c\(conflict[k]) either")
        }
    }

    package mutating func remove(at i: Int) {
        let (id, c) = live[i]
        log.append("remove c\(id) (\(c))")
        do {
            try driver.core.removeConstraint(id)
            live.remove(at: i)
            keys.remove(at: i)
            counters.removals += 1
        } catch {
            if endsTheSequence("remove", error) { return }
            fail("remove threw \(error)")
        }
    }

    package mutating func edit(_ v: Int, priority: Double, value: Double) {
        log.append("edit x\(v) @\(formatNumber(priority)), suggest \(formatNumber(value))")
        do {
            try driver.core.addEditVariable(driver.variables[v], priority: priority)
            try driver.core.suggestValue(driver.variables[v], value)
            edits.append((v, priority, value))
            counters.edits += 1
        } catch {
            if endsTheSequence("edit", error) { return }
            fail("edit threw \(error)")
        }
    }

    package mutating func removeEdit(at i: Int) {
        let v = edits[i].variable
        log.append("remove edit x\(v)")
        do {
            try driver.core.removeEditVariable(driver.variables[v])
            edits.remove(at: i)
        } catch {
            if endsTheSequence("remove edit", error) { return }
            fail("remove edit threw \(error)")
        }
    }

    package mutating func suggest(at i: Int, _ value: Double) {
        let v = edits[i].variable
        log.append("suggest x\(v) \(formatNumber(value))")
        do {
            try driver.core.suggestValue(driver.variables[v], value)
            edits[i].value = value
            counters.suggestions += 1
        } catch {
            if endsTheSequence("suggest", error) { return }
            fail("suggest threw \(error)")
        }
    }

    /// Updates the values and checks them against the constraints as written and against the
    /// exact optimum.
    package mutating func update() {
        log.append("update")
        counters.updates += 1
        let unverified = driver.core.statistics.unverifiedAnswers
        let values = driver.values()
        if driver.core.statistics.unverifiedAnswers != unverified {
            if configuration.floatAlone {
                counters.reportedUnverified += 1
                return
            }
            return fail("the update reported its answer unverified")
        }
        let keyed = keyedSystem
        let constraints = keyed.map(\.constraint)
        for c in constraints where c.isRequired && c.violation(values) > Self.requiredTolerance * c.scale(values) {
            return fail("required constraint \(c) violated by \(c.violation(values)) at \(values)")
        }
        let answer = reference.solve(keyed, near: values)
        switch answer {
        case .infeasible:
            fail("the exact reference finds the live required constraints infeasible")
        case .optimal(let objective, _):
            let got = objectiveVector(constraints, values: values)
            if !sameObjective(got, objective, tolerance: 1e-8, scales: objectiveScales(constraints, values: values)) {
                fail("not optimal: objective \(describeObjective(got)), exact \(describeObjective(objective))")
            }
        }
    }
}

/// Whether the tests were compiled with optimization (`make swift-test` builds them in
/// release): the large campaign and the reproductions take minutes unoptimized.
#if DEBUG
    package let isOptimizedBuild = false
#else
    package let isOptimizedBuild = true
#endif

extension SoundnessCampaign.Counters {
    /// Nothing counted yet.
    package static var zero: Self { Self() }
}
