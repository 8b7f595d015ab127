import Foundation
import Ratite
import RatiteCheck
import RatiteGenerate
import Testing

@testable import RatiteModel
@testable import RatiteSolver

/// Long random sequences of layout engine operations (views, constraints between their
/// anchors, activation toggles, constant and priority changes, intrinsic sizes with hugging
/// and compression resistance, margins, layout directions, root resizes), every `layout()`
/// checked against the exact reference.
///
/// `SoundnessCampaign` drives the solver core directly; this drives it the way applications
/// do, through `LayoutEngine`, so what it adds is the engine's side: the translation of
/// anchors into solver rows, the bookkeeping of what is active, broken or reshaped, the
/// content-size pairs held as split equalities, conflict recovery, and the frames read back.
///
/// The campaign keeps its own model of what the engine should enforce, written from the
/// documented meaning of each attribute (`attributeForm`), not from the engine's code. After
/// every operation the constraint objects must agree with the model, and every conflict the
/// engine reports must be a minimal set of required constraints that cannot hold (checked by
/// the exact reference); a change that makes the required constraints infeasible must be
/// reported, and one that keeps them feasible must not. After every `layout()`:
/// - every live constraint of the solver core, read back from its records (a split equality
///   as its two inequalities at their two priorities), equals the model's system;
/// - required constraints hold at the core's values within `requiredTolerance` of their
///   scale, the exact reference finds them feasible, and the optimum per priority level is
///   the exact one;
/// - each item's frame is its variables' values in its parent's coordinates, the returned
///   list names every item whose frame changed, the answer is verified, and the engine's
///   bookkeeping is consistent.
package struct EngineSoundnessCampaign {
    package struct Configuration: CustomStringConvertible {
        package var name: String
        package var operations: Int
        /// `throwsOnConflict`: conflicting changes are refused whole instead of breaking a
        /// constraint.
        package var strict = false
        /// Percentages of the operations drawn; layouts take the rest.
        package var mix = Mix()

        package struct Mix {
            package var view = 7, activate = 45, toggle = 10, constant = 10, priority = 5, content = 6
            package var margins = 1, direction = 1, resize = 2
        }

        /// Breaks a constraint on conflicts, as Auto Layout does (the default).
        package static let recovering = Configuration(name: "recovering", operations: 800)
        /// Throws on conflicts and changes nothing.
        package static let strict = Configuration(name: "strict", operations: 800, strict: true)

        package var description: String { name }
    }

    package struct Counters {
        package var layouts = 0, activations = 0, deactivations = 0, reactivations = 0
        package var constantChanges = 0, priorityChanges = 0, refusedPriorityChanges = 0
        package var contentChanges = 0, marginChanges = 0, directionChanges = 0, resizes = 0
        /// Conflict reports checked (recovering mode) and conflicting changes refused whole
        /// (strict mode).
        package var conflicts = 0, strictRefusals = 0
        /// Exact feasibility decisions that a change was checked against.
        package var feasibilityChecks = 0
        /// The most live solver constraints (records: a split equality counts once) and the
        /// most reference constraints (a split equality counts twice) met at a layout.
        package var maxLive = 0, maxReference = 0
        package var maxItems = 0
        /// The fewest live solver constraints a sequence ended with.
        package var minFinalLive = Int.max

        package static func + (a: Counters, b: Counters) -> Counters {
            Counters(
                layouts: a.layouts + b.layouts, activations: a.activations + b.activations,
                deactivations: a.deactivations + b.deactivations, reactivations: a.reactivations + b.reactivations,
                constantChanges: a.constantChanges + b.constantChanges,
                priorityChanges: a.priorityChanges + b.priorityChanges,
                refusedPriorityChanges: a.refusedPriorityChanges + b.refusedPriorityChanges,
                contentChanges: a.contentChanges + b.contentChanges, marginChanges: a.marginChanges + b.marginChanges,
                directionChanges: a.directionChanges + b.directionChanges, resizes: a.resizes + b.resizes,
                conflicts: a.conflicts + b.conflicts, strictRefusals: a.strictRefusals + b.strictRefusals,
                feasibilityChecks: a.feasibilityChecks + b.feasibilityChecks, maxLive: max(a.maxLive, b.maxLive),
                maxReference: max(a.maxReference, b.maxReference), maxItems: max(a.maxItems, b.maxItems),
                minFinalLive: min(a.minFinalLive, b.minFinalLive))
        }
    }

    /// User constraint priorities: required three times in ten, the rest spread over the
    /// optional range, Apple's named levels and the extremes.
    package static let priorities: [Double] = [1000, 1000, 1000, 999, 750, 510, 500, 250, 50, 1]
    /// Hugging and compression resistance priorities: required now and then.
    package static let contentPriorities: [Double] = [250, 250, 750, 750, 500, 1, 999, 1000]
    /// As in `SoundnessCampaign`: relative to the size of the numbers a left side adds up.
    package static let requiredTolerance = 1e-9

    package static let xAbsolute: [Attribute] = [.left, .right, .centerX, .leftMargin, .rightMargin]
    package static let xDirectional: [Attribute] = [.leading, .trailing, .centerX, .leadingMargin, .trailingMargin]
    package static let y: [Attribute] = [.top, .bottom, .centerY, .topMargin, .bottomMargin]

    /// A user constraint as the campaign believes it to be; `broken` follows the engine's
    /// conflict reports.
    package struct Tracked {
        package let object: LayoutConstraint
        package var constant: Double
        package var priority: Double
        package var active = false
        package var broken = false
    }

    /// Everything the campaign holds the engine's input to be, per item by index.
    package struct Model {
        package var tracked: [Tracked] = []
        package var parents: [Int] = []
        package var margins: [DirectionalInsets] = []
        package var directions: [LayoutDirection?] = []
        package var intrinsic: [IntrinsicSize] = []
        /// Per item, [horizontal, vertical].
        package var hugging: [[Double]] = []
        package var compression: [[Double]] = []
        package var rootSize = (width: 0.0, height: 0.0)
    }

    package let configuration: Configuration
    package let seed: UInt64
    package var random: SplitMix64
    package let engine = LayoutEngine()
    package var items: [LayoutItem] = []
    package var model = Model()
    /// Tracked index of each user constraint object.
    package var index: [ObjectIdentifier: Int] = [:]
    package var log: [String] = []
    package var failure: String? = nil
    package var counters = Counters()
    /// The exact reference for optima (started near the core's answer) and for
    /// feasibility (started from its last basis), over the core's variables; made anew
    /// when views add variables.
    package var reference = ReferenceSession(variableCount: 0)
    package var referenceTime = Duration.zero
    /// Frames at the last layout, to check the list `layout()` returns.
    package var lastFrames: [Frame] = []

    package init(seed: UInt64, configuration: Configuration) {
        self.configuration = configuration
        self.seed = seed
        random = SplitMix64(seed: seed)
        engine.throwsOnConflict = configuration.strict
        do {
            let root = try engine.addView("root")
            appendItem(root, parent: -1)
            let size = (Double(200 + random.below(1800)), Double(200 + random.below(1800)))
            try engine.setSize(of: root, width: size.0, height: size.1)
            model.rootSize = size
            log.append("root \(formatNumber(size.0)) x \(formatNumber(size.1))")
            for _ in 0..<4 { addView() }
        } catch {
            fail("setup threw \(error)")
        }
    }

    /// Runs the whole sequence, stopping at the first failure, and lays out at the end.
    package static func run(seed: UInt64, configuration: Configuration) -> EngineSoundnessCampaign {
        var run = EngineSoundnessCampaign(seed: seed, configuration: configuration)
        for _ in 0..<configuration.operations where run.failure == nil { run.step() }
        if run.failure == nil { run.layoutAndCheck() }
        if run.failure == nil {
            // The core's own checks, once a sequence: they walk the whole tableau.
            let problems = run.engine.core.invariantViolations()
            if !problems.isEmpty { run.fail("core invariants: \(problems.prefix(3))") }
        }
        run.counters.minFinalLive = run.liveRecords
        return run
    }

    /// The seed, the failure and the last operations.
    package var report: String {
        "seed \(seed) (\(configuration), \(items.count) items, \(model.tracked.count) constraints made): "
            + "\(failure ?? "no failure")\n" + log.suffix(40).joined(separator: "\n")
    }

    package mutating func fail(_ text: String) {
        if failure == nil { failure = text }
    }

    // MARK: Operations

    package mutating func step() {
        let mix = configuration.mix
        var roll = random.below(100)
        func take(_ share: Int) -> Bool {
            if roll < share { return true }
            roll -= share
            return false
        }
        if take(mix.view) {
            addView()
        } else if take(mix.activate) {
            activateNew()
        } else if take(mix.toggle) {
            toggle()
        } else if take(mix.constant) {
            changeConstant()
        } else if take(mix.priority) {
            changePriority()
        } else if take(mix.content) {
            changeContentSize(of: 1 + random.below(items.count - 1))
        } else if take(mix.margins) {
            changeMargins()
        } else if take(mix.direction) {
            changeDirection()
        } else if take(mix.resize) {
            resizeRoot()
        } else {
            layoutAndCheck()
        }
    }

    package mutating func appendItem(_ item: LayoutItem, parent: Int) {
        items.append(item)
        model.parents.append(parent)
        model.margins.append(.defaultMargins)
        model.directions.append(nil)
        model.intrinsic.append(.none)
        model.hugging.append([250, 250])
        model.compression.append([750, 750])
        counters.maxItems = max(counters.maxItems, items.count)
        if item.index != items.count - 1 { fail("item \(item.name) has index \(item.index), not \(items.count - 1)") }
    }

    /// A subview of a random view; a third of them get an intrinsic size at once.
    package mutating func addView() {
        let parent = random.below(items.count)
        let name = "v\(items.count)"
        log.append("add view \(name) in \(items[parent].name)")
        do {
            appendItem(try engine.addView(name, in: items[parent]), parent: parent)
        } catch {
            return fail("addView threw \(error)")
        }
        if random.below(3) == 0 { changeContentSize(of: items.count - 1) }
    }

    /// A random integer constant within ±`limit`, now and then a half.
    package mutating func randomConstant(_ limit: Int) -> Double {
        let k = Double(random.below(2 * limit + 1) - limit)
        return random.below(5) == 0 ? k + 0.5 : k
    }

    /// An item to pair with `first`: its parent, a recent item or any item.
    package mutating func partner(of first: Int) -> Int {
        switch random.below(10) {
        case 0..<4 where model.parents[first] >= 0: return model.parents[first]
        case 0..<7: return max(0, items.count - 1 - random.below(12))
        default: return random.below(items.count)
        }
    }

    /// A random valid constraint: sizes against sizes (with multipliers) or constants, x
    /// positions against x positions (never leading/trailing against left/right), y against
    /// y, a few positions with a multiplier. Nil when the draw cancels to nothing.
    package mutating func randomConstraint() -> LayoutConstraint? {
        var first = random.below(items.count)
        if first == 0 && random.below(4) != 0 { first = 1 + random.below(items.count - 1) }
        let relation = [Relation.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual][random.below(4)]
        let priority = Self.priorities[random.below(Self.priorities.count)]
        let a1: Attribute, a2: Attribute
        var second: Int? = partner(of: first)
        var multiplier = 1.0
        let constant: Double
        switch random.below(10) {
        case 0..<3:
            a1 = random.below(2) == 0 ? .width : .height
            if random.below(3) == 0 {
                second = nil
                a2 = .notAnAttribute
                constant = Double(random.below(401))
            } else {
                a2 = random.below(2) == 0 ? .width : .height
                multiplier = [1, 1, 1, 0.5, 2, 1.5][random.below(6)]
                constant = randomConstant(100)
            }
        case 3..<7:
            a1 = (Self.xAbsolute + Self.xDirectional)[random.below(10)]
            let pool = a1 == .centerX
                ? Self.xAbsolute + Self.xDirectional : a1.isDirectional ? Self.xDirectional : Self.xAbsolute
            a2 = pool[random.below(pool.count)]
            if random.below(10) == 0 { multiplier = random.below(2) == 0 ? 0.5 : 2 }
            constant = randomConstant(300)
        default:
            a1 = Self.y[random.below(Self.y.count)]
            a2 = Self.y[random.below(Self.y.count)]
            if random.below(10) == 0 { multiplier = random.below(2) == 0 ? 0.5 : 2 }
            constant = randomConstant(300)
        }
        if second == first && a1 == a2 { return nil }
        let c = LayoutConstraint(
            item: items[first], attribute: a1, relatedBy: relation, toItem: second.map { items[$0] }, attribute: a2,
            multiplier: multiplier, constant: constant, priority: Priority(priority))
        if !form(of: c, constant: constant, priority: priority).terms.contains(where: { $0.coefficient != 0 }) {
            return nil
        }
        return c
    }

    package mutating func activateNew() {
        guard let c = randomConstraint() else { return log.append("skip: the drawn constraint cancels") }
        let k = model.tracked.count
        model.tracked.append(Tracked(object: c, constant: c.constant, priority: c.priority.value))
        index[ObjectIdentifier(c)] = k
        counters.activations += 1
        let viaProperty = random.below(4) == 0
        perform("activate #\(k) \(c)\(viaProperty ? " (isActive)" : "")", subjects: [k],
                requiredChange: c.priority.isRequired, change: { $0.tracked[k].active = true }, operation: { engine in
            if viaProperty {
                c.isActive = true
                return nil
            }
            do throws(LayoutError) { try engine.activate([c]) } catch { return error }
            return nil
        })
    }

    /// Deactivates an active constraint (a broken one too) or activates an inactive one;
    /// half the time one of the inactive ones, which are few.
    package mutating func toggle() {
        guard !model.tracked.isEmpty else { return }
        var k = random.below(model.tracked.count)
        if random.below(2) == 0 {
            let inactive = model.tracked.indices.filter { !model.tracked[$0].active }
            if !inactive.isEmpty { k = inactive[random.below(inactive.count)] }
        }
        let t = model.tracked[k]
        let viaProperty = random.below(2) == 0
        let via = viaProperty ? " (isActive)" : ""
        if t.active {
            counters.deactivations += 1
            perform("deactivate #\(k)\(t.broken ? " (broken)" : "")\(via)", subjects: [k], requiredChange: false,
                    change: { $0.tracked[k].active = false; $0.tracked[k].broken = false }, operation: { engine in
                if viaProperty { t.object.isActive = false } else { engine.deactivate([t.object]) }
                return nil
            })
        } else {
            counters.reactivations += 1
            perform("reactivate #\(k) \(t.object)\(via)", subjects: [k], requiredChange: t.priority == 1000,
                    change: { $0.tracked[k].active = true }, operation: { engine in
                if viaProperty {
                    t.object.isActive = true
                    return nil
                }
                do throws(LayoutError) { try engine.activate([t.object]) } catch { return error }
                return nil
            })
        }
    }

    package mutating func changeConstant() {
        guard !model.tracked.isEmpty else { return }
        let k = random.below(model.tracked.count)
        let t = model.tracked[k]
        let dimensionAlone = t.object.secondItem == nil
        let constant = dimensionAlone ? Double(random.below(401)) : randomConstant(300)
        let viaProperty = random.below(2) == 0
        counters.constantChanges += 1
        let state = (t.active ? "" : " (inactive)") + (t.broken ? " (broken)" : "") + (viaProperty ? " (property)" : "")
        perform("constant #\(k) \(formatNumber(t.constant)) -> \(formatNumber(constant))\(state)",
                subjects: [k], requiredChange: t.active && !t.broken && t.priority == 1000,
                change: { $0.tracked[k].constant = constant }, operation: { engine in
            if viaProperty {
                t.object.constant = constant
                return nil
            }
            do throws(LayoutError) { try engine.setConstant(constant, for: t.object) } catch { return error }
            return nil
        })
    }

    /// Optional to optional on an active constraint, anything on an inactive one; an active
    /// constraint moved across the required boundary must be refused with nothing changed.
    package mutating func changePriority() {
        guard !model.tracked.isEmpty else { return }
        let k = random.below(model.tracked.count)
        let t = model.tracked[k]
        var priority = Self.priorities[random.below(Self.priorities.count)]
        let crossing = t.active && (priority == 1000) != (t.priority == 1000)
        if crossing && random.below(4) != 0 {
            // Mostly draw again among the allowed changes; a quarter try the refused one.
            priority = t.priority == 1000 ? 1000 : Self.priorities[3 + random.below(Self.priorities.count - 3)]
        }
        let viaProperty = random.below(2) == 0
        let refused = t.active && (priority == 1000) != (t.priority == 1000)
        let text = "priority #\(k) \(formatNumber(t.priority)) -> \(formatNumber(priority))"
            + "\(t.active ? "" : " (inactive)")\(viaProperty ? " (property)" : "")"
        if refused {
            log.append(text + ": expecting a refusal")
            counters.refusedPriorityChanges += 1
            let before = engine.refusedChanges.count
            var refusal: LayoutError? = nil
            if viaProperty {
                t.object.priority = Priority(priority)
                if engine.refusedChanges.count == before + 1 { refusal = engine.refusedChanges.last?.error }
            } else {
                do throws(LayoutError) { try engine.setPriority(Priority(priority), for: t.object) } catch {
                    refusal = error
                }
            }
            guard case .requiredPriorityChange(let c)? = refusal, c === t.object else {
                return fail("a change across the required boundary was not refused: \(String(describing: refusal))")
            }
            return checkObjects()
        }
        counters.priorityChanges += 1
        perform(text, subjects: [k], requiredChange: false, change: { $0.tracked[k].priority = priority },
                operation: { engine in
            if viaProperty {
                t.object.priority = Priority(priority)
                return nil
            }
            do throws(LayoutError) { try engine.setPriority(Priority(priority), for: t.object) } catch { return error }
            return nil
        })
    }

    /// An intrinsic size (either axis, or none), or the hugging or compression resistance
    /// priority on one axis.
    package mutating func changeContentSize(of i: Int) {
        let item = items[i]
        let requiredBefore = (model.hugging[i] + model.compression[i]).contains(1000)
        counters.contentChanges += 1
        switch random.below(10) {
        case 0..<6:
            func draw(_ r: inout SplitMix64) -> Double? {
                r.below(4) == 0 ? nil : Double(r.below(301)) + (r.below(4) == 0 ? 0.5 : 0)
            }
            let size = IntrinsicSize(width: draw(&random), height: draw(&random))
            let text = "\(size.width.map(formatNumber) ?? "-") x \(size.height.map(formatNumber) ?? "-")"
            perform("intrinsic \(item.name) \(text)",
                    subjects: [], requiredChange: requiredBefore, change: { $0.intrinsic[i] = size },
                    operation: { engine in
                do throws(LayoutError) { try engine.setIntrinsicContentSize(size, of: item) } catch { return error }
                return nil
            })
        default:
            let axis = random.below(2)
            let hugs = random.below(2) == 0
            let priority = Self.contentPriorities[random.below(Self.contentPriorities.count)]
            let text = (hugs ? "hugging " : "compression ") + "\(item.name) \(axis == 0 ? "h" : "v") "
                + formatNumber(priority)
            perform(text, subjects: [], requiredChange: requiredBefore || priority == 1000, change: { m in
                if hugs { m.hugging[i][axis] = priority } else { m.compression[i][axis] = priority }
            }, operation: { engine in
                let p = Priority(priority)
                let a: Axis = axis == 0 ? .horizontal : .vertical
                do throws(LayoutError) {
                    if hugs {
                        try engine.setContentHuggingPriority(p, for: a, of: item)
                    } else {
                        try engine.setCompressionResistancePriority(p, for: a, of: item)
                    }
                } catch { return error }
                return nil
            })
        }
    }

    package mutating func changeMargins() {
        let i = random.below(items.count)
        let m = DirectionalInsets(
            top: Double(random.below(31)), leading: Double(random.below(31)), bottom: Double(random.below(31)),
            trailing: Double(random.below(31)))
        counters.marginChanges += 1
        let item = items[i]
        perform("margins \(item.name) \(m.top) \(m.leading) \(m.bottom) \(m.trailing)", subjects: [],
                requiredChange: true, change: { $0.margins[i] = m }, operation: { engine in
            do throws(LayoutError) { try engine.setLayoutMargins(m, of: item) } catch { return error }
            return nil
        })
    }

    package mutating func changeDirection() {
        let i = random.below(items.count)
        let direction = [nil, LayoutDirection.leftToRight, .rightToLeft][random.below(3)]
        counters.directionChanges += 1
        let item = items[i]
        perform("direction \(item.name) \(direction.map(\.rawValue) ?? "inherited")", subjects: [],
                requiredChange: true, change: { $0.directions[i] = direction }, operation: { engine in
            do throws(LayoutError) { try engine.setLayoutDirection(direction, of: item) } catch { return error }
            return nil
        })
    }

    package mutating func resizeRoot() {
        let size = (Double(100 + random.below(1900)), Double(100 + random.below(1900)))
        counters.resizes += 1
        let root = items[0]
        perform("resize root \(formatNumber(size.0)) x \(formatNumber(size.1))", subjects: [], requiredChange: true,
                change: { $0.rootSize = size }, operation: { engine in
            do throws(LayoutError) { try engine.setSize(of: root, width: size.0, height: size.1) } catch {
                return error
            }
            return nil
        })
    }

    /// Runs one engine operation that `change` mirrors in the model, and checks its outcome:
    /// with `requiredChange`, the exact reference decides whether the required constraints
    /// the model then holds can hold together; a conflict must be reported (recovering mode)
    /// or the operation refused whole (strict mode) exactly when they cannot. Every report
    /// is checked, and the model follows the constraints the engine broke.
    package mutating func perform(
        _ text: String, subjects: [Int], requiredChange: Bool, change: (inout Model) -> Void,
        operation body: (LayoutEngine) -> LayoutError?
    ) {
        log.append(text)
        let saved = model
        change(&model)
        var expected = true
        if requiredChange {
            counters.feasibilityChecks += 1
            let t0 = ContinuousClock.now
            resizeReference(variableCount)
            expected = reference.isFeasible(modelSystem().filter { $0.constraint.isRequired })
            referenceTime += ContinuousClock.now - t0
        }
        let reports = engine.conflictLog.count
        let refusals = engine.refusedChanges.count
        var error = body(engine)
        let refused = engine.refusedChanges.count - refusals
        if refused > (error == nil ? 1 : 0) { return fail("one change, \(refused) refusals") }
        if refused == 1 { error = engine.refusedChanges.last?.error }
        if let error {
            guard case .unsatisfiable(let report) = error else { return fail("\(text) threw \(error)") }
            log.append("  refused: \(report.constraints.count) constraints conflict")
            guard configuration.strict else { return fail("recovering mode threw .unsatisfiable") }
            counters.strictRefusals += 1
            if expected { return fail("refused a change that leaves the required constraints feasible: \(report)") }
            if report.broken != nil { fail("strict mode broke \(report.broken!)") }
            checkConflict(report, subjects: subjects, saved: saved)
            model = saved
            if engine.conflictLog.count != reports { fail("strict mode logged a conflict") }
            return checkObjects()
        }
        let new = engine.conflictLog[reports...]
        if configuration.strict && !expected {
            return fail("accepted a change that makes the required constraints infeasible")
        }
        if new.isEmpty && !expected { return fail("no conflict reported, but the required constraints cannot hold") }
        if !new.isEmpty && expected {
            return fail("broke a constraint though the required constraints can hold: \(new.first!)")
        }
        for report in new {
            counters.conflicts += 1
            log.append("  conflict of \(report.constraints.count), broke \(report.broken.map { "\($0)" } ?? "nothing")")
            checkConflict(report, subjects: subjects, saved: saved)
            guard let broken = report.broken else { return fail("recovering mode broke nothing") }
            guard broken.kind == .user, let k = index[ObjectIdentifier(broken)] else {
                return fail("broke engine-made \(broken), though every conflict here involves a user constraint")
            }
            model.tracked[k].broken = true
        }
        checkObjects()
    }

    /// A conflict report names a minimal set of required constraints that cannot hold
    /// together, each enforced before the operation or changed by it, and (recovering) in
    /// activation order, breaking its most recently activated user constraint. Members are
    /// read from the model as the operation left it: a refused operation (strict mode) has
    /// put the objects' fields back.
    package mutating func checkConflict(_ report: ConflictReport, subjects: [Int], saved: Model) {
        let members = report.constraints
        var forms: [ReferenceConstraint] = []
        for c in members {
            guard let f = memberForm(c) else { return fail("conflict names \(c), which the model does not hold") }
            guard f.isRequired else { return fail("conflict names optional \(c): \(report)") }
            forms.append(f)
            guard c.kind == .user, let k = index[ObjectIdentifier(c)] else { continue }
            let before = saved.tracked[k]
            if !subjects.contains(k) && !(before.active && !before.broken) {
                return fail("conflict names #\(k) \(c), which was not enforced")
            }
        }
        let serials = members.map(\.activationSerial)
        if !configuration.strict && serials != serials.sorted() {
            return fail("conflict not in activation order: \(report)")
        }
        let n = variableCount
        switch ReferenceLP.conflictFlaw(variableCount: n, conflict: forms) {
        case nil: break
        case .canHold: return fail("conflict can hold: \(report)")
        case .notMinimal(let k):
            return fail("conflict is not minimal: it cannot hold without \(members[k]) either: \(report)")
        }
        if !configuration.strict {
            let victim = members.last { $0.kind == .user } ?? members.last
            if report.broken !== victim {
                fail("broke \(String(describing: report.broken)), not \(String(describing: victim))")
            }
        }
    }

    /// A conflict member as the model holds it: a user constraint at the model's constant and
    /// priority, the root's frame at the model's size, a content-size constraint at the
    /// model's intrinsic size and priority; nil for anything else.
    package func memberForm(_ c: LayoutConstraint) -> ReferenceConstraint? {
        let i = c.firstItem.index
        let axis = c.firstAttribute == .width ? 0 : 1
        switch c.kind {
        case .user:
            guard let k = index[ObjectIdentifier(c)] else { return nil }
            return form(of: c, constant: model.tracked[k].constant, priority: model.tracked[k].priority)
        case .rootFrame:
            guard i == 0 else { return nil }
            let constant = switch c.firstAttribute {
            case .width: model.rootSize.width
            case .height: model.rootSize.height
            default: 0.0
            }
            return form(of: c, constant: constant, priority: 1000)
        case .contentHugging, .compressionResistance:
            guard c.firstAttribute.isDimension,
                let value = axis == 0 ? model.intrinsic[i].width : model.intrinsic[i].height
            else { return nil }
            let priority = c.kind == .contentHugging ? model.hugging[i][axis] : model.compression[i][axis]
            return form(of: c, constant: value, priority: priority)
        default:
            return nil
        }
    }

    /// Every user constraint object reads as the model has it.
    package mutating func checkObjects() {
        for (k, t) in model.tracked.enumerated() {
            let c = t.object
            if c.isActive != t.active || c.isBroken != t.broken || c.constant != t.constant
                || c.priority.value != t.priority {
                return fail("#\(k) \(c) reads active \(c.isActive) broken \(c.isBroken) constant \(c.constant) "
                                + "priority \(c.priority.value); expected \(t.active) \(t.broken) \(t.constant) "
                                + "\(t.priority)")
            }
            if c.isInstalled != (t.active && !t.broken) {
                return fail("#\(k) \(c) is \(c.isInstalled ? "" : "not ")installed")
            }
        }
    }

    // MARK: The model's system

    package var variableCount: Int { engine.core.registry.variables.count }

    /// Live constraint records of the solver core (a split equality counts once).
    package var liveRecords: Int { engine.core.registry.constraints.elements.reduce(0) { $0 + ($1.isAlive ? 1 : 0) } }

    /// Makes the reference session anew when views have added variables.
    package mutating func resizeReference(_ n: Int) {
        if reference.variableCount != n { reference = ReferenceSession(variableCount: n) }
    }

    /// Whether item `i` lays out right to left: its own direction, else its nearest
    /// ancestor's, else left to right.
    package func isRightToLeft(_ i: Int) -> Bool {
        var j = i
        while true {
            if let d = model.directions[j] { return d == .rightToLeft }
            if model.parents[j] < 0 { return false }
            j = model.parents[j]
        }
    }

    package func commonAncestor(_ a: Int, _ b: Int) -> Int {
        var ancestors = Set<Int>()
        var i = a
        while i >= 0 {
            ancestors.insert(i)
            i = model.parents[i]
        }
        var j = b
        while !ancestors.contains(j) { j = model.parents[j] }
        return j
    }

    /// An attribute as a linear form of the item's variables (root coordinates) and a
    /// constant, as documented: `right` is `left + width`, `centerX` is `left + width / 2`,
    /// leading is left (right under right-to-left), margins inset the edges by the item's
    /// directional margins.
    package func attributeForm(_ i: Int, _ a: Attribute) -> (terms: [(Int, Double)], constant: Double) {
        let item = items[i]
        let (x, y, w, h) = (Int(item.minX), Int(item.minY), Int(item.width), Int(item.height))
        let rtl = isRightToLeft(i)
        let m = model.margins[i]
        let leftInset = rtl ? m.trailing : m.leading
        let rightInset = rtl ? m.leading : m.trailing
        let left = [(x, 1.0)], right = [(x, 1.0), (w, 1.0)]
        switch a {
        case .left: return (left, 0)
        case .right: return (right, 0)
        case .centerX: return ([(x, 1), (w, 0.5)], 0)
        case .leading: return (rtl ? right : left, 0)
        case .trailing: return (rtl ? left : right, 0)
        case .leftMargin: return (left, leftInset)
        case .rightMargin: return (right, -rightInset)
        case .leadingMargin: return rtl ? (right, -rightInset) : (left, leftInset)
        case .trailingMargin: return rtl ? (left, leftInset) : (right, -rightInset)
        case .top: return ([(y, 1)], 0)
        case .bottom: return ([(y, 1), (h, 1)], 0)
        case .centerY: return ([(y, 1), (h, 0.5)], 0)
        case .topMargin: return ([(y, 1)], m.top)
        case .bottomMargin: return ([(y, 1), (h, 1)], -m.bottom)
        case .width: return ([(w, 1)], 0)
        case .height: return ([(h, 1)], 0)
        default: return ([], .nan)
        }
    }

    /// `first.a1 relation second.a2 × multiplier + constant` as a reference constraint, with
    /// positions measured from the items' nearest common ancestor's origin when scaled,
    /// and a leading/trailing constraint measured along the mirrored axis (both sides
    /// negated) when that ancestor lays out right to left.
    package func form(of c: LayoutConstraint, constant: Double, priority: Double) -> ReferenceConstraint {
        let first = c.firstItem.index
        let second = c.secondItem?.index
        let m = c.multiplier
        var terms: [(Int, Double)] = []
        func add(_ form: [(Int, Double)], _ scale: Double) {
            for (v, k) in form {
                if let p = terms.firstIndex(where: { $0.0 == v }) { terms[p].1 += k * scale } else {
                    terms.append((v, k * scale))
                }
            }
        }
        let f = attributeForm(first, c.firstAttribute)
        add(f.terms, 1)
        let directional = c.firstAttribute.isDirectional || c.secondAttribute.isDirectional
        var space = first
        if let second, directional || m != 1 { space = commonAncestor(first, second) }
        let mirrored = directional && isRightToLeft(space)
        var k = f.constant - (mirrored ? -constant : constant)
        if let second {
            let s = attributeForm(second, c.secondAttribute)
            add(s.terms, -m)
            k -= m * s.constant
            if !c.firstAttribute.isDimension && m != 1 {
                let origin: Attribute = c.firstAttribute.axis == .vertical ? .top : mirrored ? .right : .left
                add(attributeForm(space, origin).terms, m - 1)
            }
        }
        var relation = c.relation
        if mirrored && relation != .equal {
            relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
        }
        return ref(terms, k, relation, priority)
    }

    /// Every constraint the model says the engine enforces, keyed for the reference
    /// session: the root's origin and size, each intrinsic size's hugging and compression
    /// pair, and the active, unbroken user constraints.
    package func modelSystem() -> [(key: Int, constraint: ReferenceConstraint)] {
        let root = items[0]
        var system: [(key: Int, constraint: ReferenceConstraint)] = [
            (-1, ref([(Int(root.minX), 1)], 0, .equal)), (-2, ref([(Int(root.minY), 1)], 0, .equal)),
            (-3, ref([(Int(root.width), 1)], -model.rootSize.width, .equal)),
            (-4, ref([(Int(root.height), 1)], -model.rootSize.height, .equal)),
        ]
        for (i, item) in items.enumerated() {
            for (axis, value) in [model.intrinsic[i].width, model.intrinsic[i].height].enumerated() {
                guard let value else { continue }
                let v = Int(axis == 0 ? item.width : item.height)
                let key = -10 - 4 * i - 2 * axis
                system.append((key, ref([(v, 1)], -value, .lessThanOrEqual, model.hugging[i][axis])))
                system.append((key - 1, ref([(v, 1)], -value, .greaterThanOrEqual, model.compression[i][axis])))
            }
        }
        for (k, t) in model.tracked.enumerated() where t.active && !t.broken {
            system.append((k, form(of: t.object, constant: t.constant, priority: t.priority)))
        }
        return system
    }

    /// Every live constraint of the engine's solver core as it records it, keyed by its
    /// addition serial: a split equality as its two inequalities at their two priorities,
    /// an edit at its suggested value.
    package func coreSystem() -> (system: [(key: Int, constraint: ReferenceConstraint)], records: Int) {
        var system: [(key: Int, constraint: ReferenceConstraint)] = []
        var records = 0
        for id in 0..<engine.core.registry.constraints.count {
            let record = engine.core.registry.constraints[id]
            guard record.isAlive else { continue }
            records += 1
            let terms = engine.core.terms(of: record).map { (Int($0.variable), $0.coefficient) }
            let key = 2 * Int(record.serial)
            let priority = engine.core.priority(ofConstraint: Int32(id))
            if record.isSplit {
                system.append((key, ref(terms, record.constant, .lessThanOrEqual, priority)))
                system.append((key + 1, ref(terms, record.constant, .greaterThanOrEqual,
                                            engine.core.lowerPriority(ofConstraint: Int32(id)))))
            } else {
                system.append((key, ref(terms, record.constant, record.relation, priority)))
            }
        }
        return (system, records)
    }

    /// A constraint in a form that compares with `==` up to the constant: terms merged,
    /// zeros dropped, sorted, `<=` turned into `>=` and an equality's first coefficient
    /// made positive.
    package func canonical(_ c: ReferenceConstraint) -> (key: String, constant: Double) {
        var merged: [Int: Double] = [:]
        for t in c.terms { merged[t.variable, default: 0] += t.coefficient }
        var terms = merged.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        var constant = c.constant
        var relation = c.relation
        let negate = relation == .lessThanOrEqual || (relation == .equal && (terms.first?.value ?? 0) < 0)
        if negate {
            terms = terms.map { ($0.key, -$0.value) }
            constant = -constant
            if relation == .lessThanOrEqual { relation = .greaterThanOrEqual }
        }
        let text = terms.map { "\($0.value)*v\($0.key)" }.joined(separator: " + ")
        return ("@\(formatNumber(c.priority)) \(relation.symbol) \(text)|", constant)
    }

    /// How the core's system differs from the model's: first a user constraint whose solver
    /// row is not the model's form of it, then what either system holds that the other does
    /// not (compared as multisets of canonical forms); nil when they agree.
    package func difference(core: [ReferenceConstraint], model expected: [ReferenceConstraint]) -> String? {
        for (k, t) in model.tracked.enumerated() where t.active && !t.broken {
            let id = t.object.coreID
            guard engine.core.isConstraint(id), !engine.core.isSplitConstraint(id) else { continue }
            let record = engine.core.registry.constraints[Int(id)]
            let held = ref(
                engine.core.terms(of: record).map { (Int($0.variable), $0.coefficient) }, record.constant,
                record.relation, engine.core.priority(ofConstraint: id))
            let (a, b) = (canonical(held), canonical(form(of: t.object, constant: t.constant, priority: t.priority)))
            if a.key != b.key || !close(a.constant, b.constant, 1e-12) {
                return "#\(k) \(t.object): the core holds \(a.key) \(a.constant), the model \(b.key) \(b.constant)"
            }
        }
        var unmatched: [String: [Double]] = [:]
        for c in expected.map(canonical) { unmatched[c.key, default: []].append(c.constant) }
        var extra: [String] = []
        for c in core.map(canonical) {
            if let p = unmatched[c.key]?.firstIndex(where: { close($0, c.constant, 1e-12) }) {
                unmatched[c.key]!.remove(at: p)
            } else {
                extra.append("\(c.key) \(c.constant)")
            }
        }
        let missing = unmatched.flatMap { key, constants in constants.map { "\(key) \($0)" } }.sorted()
        if extra.isEmpty && missing.isEmpty { return nil }
        return "the core holds \(extra.count) constraints the model does not"
            + " (\(extra.prefix(2).joined(separator: "; ")))"
            + ", the model \(missing.count) the core does not (\(missing.prefix(2).joined(separator: "; ")))"
    }

    // MARK: Layout

    /// Lays out and checks the answer against the model and the exact reference.
    package mutating func layoutAndCheck() {
        log.append("layout")
        counters.layouts += 1
        let changed = engine.layout()
        if !engine.isAnswerVerified { return fail("the layout reported its answer unverified") }
        let n = variableCount
        let values = (0..<n).map { engine.core.value(ofVariable: Int32($0)) }
        checkFrames(changed: changed, values: values)
        if failure != nil { return }
        let problems = engine.bookkeepingViolations()
        if !problems.isEmpty { return fail("engine bookkeeping: \(problems.prefix(3))") }
        let (system, records) = coreSystem()
        counters.maxLive = max(counters.maxLive, records)
        counters.maxReference = max(counters.maxReference, system.count)
        let constraints = system.map(\.constraint)
        if let d = difference(core: constraints, model: modelSystem().map(\.constraint)) {
            return fail("the core holds other constraints than the model: \(d)")
        }
        for c in constraints where c.isRequired && c.violation(values) > Self.requiredTolerance * c.scale(values) {
            return fail("required constraint \(c) violated by \(c.violation(values))")
        }
        let t0 = ContinuousClock.now
        resizeReference(n)
        let answer = reference.solve(system, near: values)
        referenceTime += ContinuousClock.now - t0
        switch answer {
        case .infeasible:
            fail("the exact reference finds the required constraints infeasible")
        case .optimal(let objective, _):
            let got = objectiveVector(constraints, values: values)
            if !sameObjective(got, objective, tolerance: 1e-8, scales: objectiveScales(constraints, values: values)) {
                fail("not optimal: objective \(describeObjective(got)), exact \(describeObjective(objective))")
            }
        }
    }

    /// Each frame is the item's variables in its parent's coordinates, and `changed` lists
    /// exactly the items whose frames differ from the last layout's. A new item counts as
    /// `Frame.zero` before its first layout, so a new view whose variables keep their
    /// initial 0 under a parent away from the origin must be listed, with its frame (see
    /// `EngineSoundnessCampaignTests.aNewSubviewOfAMovedParentGetsItsFrame`).
    package mutating func checkFrames(changed: [LayoutItem], values: [Double]) {
        let names = Set(changed.map(\.name))
        while lastFrames.count < items.count { lastFrames.append(.zero) }
        for (i, item) in items.enumerated() {
            var x = values[Int(item.minX)], y = values[Int(item.minY)]
            if model.parents[i] >= 0 {
                x -= values[Int(items[model.parents[i]].minX)]
                y -= values[Int(items[model.parents[i]].minY)]
            }
            let expected = Frame(x: x, y: y, width: values[Int(item.width)], height: values[Int(item.height)])
            if !layoutNear(item.frame, expected) {
                return fail("\(item.name).frame \(item.frame), values say \(expected)")
            }
            if (item.frame != lastFrames[i]) != names.contains(item.name) {
                return fail("\(item.name) moved from \(lastFrames[i]) to \(item.frame), but layout() "
                                + "\(names.contains(item.name) ? "lists" : "does not list") it")
            }
            lastFrames[i] = item.frame
        }
    }
}

extension EngineSoundnessCampaign.Counters {
    /// Nothing counted yet.
    package static var zero: Self { Self() }
}
