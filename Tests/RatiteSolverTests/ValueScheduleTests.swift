import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// Replaying a recorded evaluation order (`ValueSchedule`) must give what the level heap
/// gives, bit for bit, whatever structural changes come between the drags that replay it.
@Suite struct ValueScheduleTests {
    /// One random system driven twice: `replaying` records and replays orders (from updates
    /// as small as one definition), `reference` never does.
    final class Pair {
        let replaying = CoreDriver(variableCount: 0)
        let reference = CoreDriver(variableCount: 0)
        var random: SplitMix64
        var constraints: [Int32] = []
        var edits: Set<Int32> = []
        let count: Int

        init(seed: UInt64, count: Int) {
            random = SplitMix64(seed: seed)
            self.count = count
            replaying.core.valueSchedule.leastWorthRecording = 1
            // Replay alone: shifting values instead (`ValueShiftTests`) rounds differently.
            replaying.core.valueShifts.isEnabled = false
            reference.core.valueSchedule.isEnabled = false
            for i in 0 ..< count {
                let a = replaying.core.newVariable(name: "x\(i)")
                let b = reference.core.newVariable(name: "x\(i)")
                #expect(a == b)
                replaying.variables.append(a)
                reference.variables.append(b)
            }
        }

        /// Runs `operation` on both cores; they must agree on whether it failed.
        func both(_ operation: (inout SimplexCore) throws(CoreError) -> Void) {
            var failures: [Bool] = []
            for driver in [replaying, reference] {
                do throws(CoreError) {
                    try operation(&driver.core)
                    failures.append(false)
                } catch {
                    failures.append(true)
                }
            }
            #expect(failures[0] == failures[1])
        }

        func addRandomConstraint() {
            let x = Int(random.next() % UInt64(count))
            let y = Int(random.next() % UInt64(count))
            let constant = Double(Int(random.next() % 200)) - 100
            let priority = [1000.0, 1000, 1000, 750, 500, 250][Int(random.next() % 6)]
            let relation: Relation = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual][Int(random.next() % 4)]
            var terms = [VariableTerm(variable: replaying.variables[x], coefficient: 1)]
            if x != y && random.next() % 4 != 0 {
                let coefficient = [-1.0, -1, -2, -0.5][Int(random.next() % 4)]
                terms.append(VariableTerm(variable: replaying.variables[y], coefficient: coefficient))
            }
            var ids: [Int32] = []
            both { core throws(CoreError) in
                ids.append(try core.addConstraint(terms: terms, constant: constant, relation: relation,
                                                  priority: priority))
            }
            if ids.count == 2 {
                #expect(ids[0] == ids[1])
                constraints.append(ids[0])
            }
        }

        func structuralChange() {
            switch random.next() % 6 {
            case 0, 1:
                addRandomConstraint()
            case 2 where !constraints.isEmpty:
                let c = constraints.remove(at: Int(random.next() % UInt64(constraints.count)))
                both { core throws(CoreError) in try core.removeConstraint(c) }
            case 3:
                let v = replaying.variables[Int(random.next() % UInt64(count))]
                if edits.contains(v) {
                    edits.remove(v)
                    both { core throws(CoreError) in try core.removeEditVariable(v) }
                } else {
                    edits.insert(v)
                    both { core throws(CoreError) in try core.addEditVariable(v, priority: 900) }
                }
            case 4 where !constraints.isEmpty:
                let c = constraints[Int(random.next() % UInt64(constraints.count))]
                let constant = Double(Int(random.next() % 200)) - 100
                both { core throws(CoreError) in try core.setConstant(c, constant) }
            default:
                guard !constraints.isEmpty else { return }
                let c = constraints[Int(random.next() % UInt64(constraints.count))]
                guard !replaying.core.registry.constraints[Int(c)].isRequired else { return }
                let priority = [750.0, 500, 250][Int(random.next() % 3)]
                both { core throws(CoreError) in try core.setPriority(c, priority) }
            }
        }

        /// Suggests a value for every edit variable (sorted: a `Set`'s order must not reach
        /// the cores): mostly back and forth between two, like a window resized to and fro,
        /// which pivots only the first time; now and then anywhere.
        func drag() {
            flip.toggle()
            let anywhere = random.next() % 4 == 0
            for v in edits.sorted() {
                let value = anywhere ? Double(Int(random.next() % 1000)) / 4 : (flip ? 120 : 130) + Double(v)
                both { core throws(CoreError) in try core.suggestValue(v, value) }
            }
        }
        var flip = false

        /// Updates both, the way a long dirty list does when `everything`, and compares
        /// every value bit for bit and the lists of changed variables.
        func updateAndCompare(everything: Bool, _ context: String) {
            for driver in [replaying, reference] {
                if everything {
                    for s in driver.core.operation.dirty { driver.core.operation.flags[Int(s)] &= ~SymbolFlags.dirty }
                    driver.core.operation.dirty = []
                    driver.core.operation.allSymbolsDirty = true
                }
                driver.core.updateValues()
            }
            let a = replaying.variables.map { replaying.core.value(ofVariable: $0).bitPattern }
            let b = reference.variables.map { reference.core.value(ofVariable: $0).bitPattern }
            #expect(a == b, "\(context)")
            #expect(replaying.core.takeChangedVariables() == reference.core.takeChangedVariables(), "\(context)")
        }
    }

    /// Random systems, each dragged through 120 steps with structural changes between runs
    /// of drags (some changes made between a drag and its update). Whether a given run pivots
    /// (and so cannot replay) depends on the system, so replays are counted over all seeds.
    @Test func replayMatchesTheHeapThroughStructuralChanges() {
        var replays = 0
        for seed in UInt64(0) ..< 24 {
            let pair = Pair(seed: 0x5EED_0000 + seed, count: 24)
            for _ in 0 ..< 40 { pair.addRandomConstraint() }
            for v in pair.replaying.variables.prefix(3) {
                pair.edits.insert(v)
                pair.both { core throws(CoreError) in try core.addEditVariable(v, priority: 900) }
            }
            for step in 0 ..< 120 {
                let everything = seed % 3 == 0 && step % 5 == 0
                switch pair.random.next() % 8 {
                case 0:
                    pair.structuralChange()
                    pair.updateAndCompare(everything: everything, "seed \(seed) step \(step) change")
                case 1:
                    pair.drag()
                    pair.structuralChange()
                    pair.updateAndCompare(everything: everything, "seed \(seed) step \(step) drag and change")
                default:
                    pair.drag()
                    pair.updateAndCompare(everything: everything, "seed \(seed) step \(step) drag")
                }
            }
            replays += pair.replaying.core.valueSchedule.replays
            #expect(pair.reference.core.valueSchedule.replays == 0)
        }
        #expect(replays > 24 * 10)
    }

    /// A drag of a generated grid replays from its third update on, and each replay moves
    /// the same variables to the same values as the heap.
    @Test func gridDragReplays() throws {
        let system = SystemFamily.grid.generate(n: 100)
        let replaying = CoreDriver(variableCount: system.names.count)
        let reference = CoreDriver(variableCount: system.names.count)
        reference.core.valueSchedule.isEnabled = false
        for driver in [replaying, reference] {
            for c in system.constraints {
                let (terms, constant) = c.normalized
                _ = try driver.core.addConstraint(
                    terms: terms.map {
                        VariableTerm(variable: driver.variables[Int($0.variable)], coefficient: $0.coefficient)
                    },
                    constant: constant, relation: c.relation, priority: c.priority)
            }
            for edit in system.edits {
                try driver.core.addEditVariable(driver.variables[Int(edit.variable)], priority: edit.priority)
            }
        }
        for round in 0 ..< 6 {
            for driver in [replaying, reference] {
                for (index, edit) in system.edits.enumerated() {
                    try driver.core.suggestValue(driver.variables[Int(edit.variable)], 400 + Double(round * 10 + index))
                }
            }
            #expect(replaying.values().map(\.bitPattern) == reference.values().map(\.bitPattern), "round \(round)")
        }
        #expect(replaying.core.valueSchedule.replays == 4)
    }
}
