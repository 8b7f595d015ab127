import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// Conflicts between required constraints: the report lists a minimal conflicting set
/// (checked independently: all of it is unsatisfiable in a fresh solver, and dropping any one
/// member makes the rest satisfiable), in activation order; the broken constraint follows the
/// documented rule (the most recently activated user constraint of the set, else the most
/// recently activated one); the rest stays laid out; strict mode throws and changes nothing;
/// the same input gives the same report.
@Suite struct LayoutConflictTests {
    /// Checks that `report` is a minimal conflict of the engine's constraints.
    static func expectMinimal(_ report: ConflictReport, in engine: LayoutEngine,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        let set = report.constraints
        #expect(set.allSatisfy { $0.priority.isRequired && $0.isActive }, sourceLocation: sourceLocation)
        #expect(!layoutSatisfiable(set, in: engine), "the reported set is satisfiable: \(set)",
                sourceLocation: sourceLocation)
        for (i, member) in set.enumerated() {
            var rest = set
            rest.remove(at: i)
            #expect(layoutSatisfiable(rest, in: engine), "not minimal: still unsatisfiable without \(member)",
                    sourceLocation: sourceLocation)
        }
        let serials = set.map(\.activationSerial)
        #expect(serials == serials.sorted(), "not in activation order", sourceLocation: sourceLocation)
        #expect(Set(set.map(ObjectIdentifier.init)).count == set.count, "duplicates", sourceLocation: sourceLocation)
    }

    /// Row: `a.left == root.left + 10` ('pinLeft'), `a.width == 100`, `a.right == root.right`
    /// ('pinRight') cannot all hold in a 320 root, with bystanders (b's constraints, a's
    /// vertical ones, an optional width) that have nothing to do with it.
    struct Row {
        let engine = LayoutEngine()
        let root: LayoutItem, a: LayoutItem, b: LayoutItem
        let pinLeft: LayoutConstraint, width: LayoutConstraint, pinRight: LayoutConstraint
        var reports: [ConflictReport] = []

        init(strict: Bool = false) throws {
            root = try layoutRoot(engine)
            engine.throwsOnConflict = strict
            a = try engine.addView("a", in: root)
            b = try engine.addView("b", in: root)
            try layoutPin(engine, b, in: root, 0, 300, 10, 10)
            pinLeft = a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
            pinLeft.identifier = "pinLeft"
            width = a.widthAnchor.constraint(equalToConstant: 100)
            pinRight = a.rightAnchor.constraint(equalTo: root.rightAnchor)
            pinRight.identifier = "pinRight"
            try engine.activate([
                a.topAnchor.constraint(equalTo: root.topAnchor, constant: 5),
                a.heightAnchor.constraint(equalToConstant: 20),
                LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, constant: 300, priority: 500),
                a.widthAnchor.constraint(lessThanOrEqualTo: root.widthAnchor),
                pinLeft, width,
            ])
            layoutSolve(engine)
        }
    }

    @Test func reportListsAMinimalSetAndBreaksTheLatestUserConstraint() throws {
        var row = try Row()
        var received: [ConflictReport] = []
        row.engine.onConflict = { received.append($0) }
        try row.engine.activate([row.pinRight])
        #expect(row.engine.conflictLog.count == 1)
        let report = try #require(row.engine.conflictLog.last)
        row.reports = [report]
        #expect(received.count == 1 && received.first?.description == report.description)
        Self.expectMinimal(report, in: row.engine)
        #expect(report.broken === row.pinRight)
        #expect(row.pinRight.isActive && row.pinRight.isBroken && !row.pinRight.isInstalled)
        #expect(report.description == """
            Unable to simultaneously satisfy constraints.
              At least one of these constraints is one you don't want:
                [rootFrame] root.width == 320
                'pinLeft' a.left == root.left + 10
                a.width == 100
                'pinRight' a.right == root.right
              Will attempt to recover by breaking constraint
                'pinRight' a.right == root.right

            """)
        // The rest stays laid out.
        layoutSolve(row.engine)
        layoutExpectFrame(row.a, 10, 5, 100, 20)
        layoutExpectFrame(row.b, 0, 300, 10, 10)
        // Deactivating and activating the broken constraint tries it again: same report.
        row.engine.deactivate([row.pinRight])
        #expect(!row.pinRight.isBroken)
        try row.engine.activate([row.pinRight])
        #expect(row.engine.conflictLog.count == 2)
        #expect(row.engine.conflictLog[1].description == report.description)
        layoutExpectConsistent(row.engine)
    }

    @Test func repeatedRunsGiveIdenticalReports() throws {
        var descriptions: [String] = []
        for _ in 0..<3 {
            let row = try Row()
            try row.engine.activate([row.pinRight])
            descriptions.append(row.engine.conflictLog.map(\.description).joined())
            layoutSolve(row.engine)
            layoutExpectFrame(row.a, 10, 5, 100, 20)
        }
        #expect(Set(descriptions).count == 1)
    }

    /// A recovered conflict (`a.width == 2` broken against `== 1`) beside an optional width
    /// of 1e20: the float tableau once rounded the 1 into the 1e20 and accepted the 2
    /// beside it, leaving a width of 0 and an unverified answer. Constants that far apart
    /// now send every decision to exact arithmetic.
    @Test func conflictBesideAHugeConstantIsVerified() throws {
        let engine = LayoutEngine()
        let a = try engine.addView("a", in: try layoutRoot(engine))
        let huge = a.widthAnchor.constraint(equalToConstant: 1e20)
        huge.priority = 71
        try expectConflictRecovered(
            engine, a, beside: [huge], held: 1, broken: a.widthAnchor.constraint(equalToConstant: 2),
            reported: "a.width == 2")
    }

    /// A recovered conflict (`a.width == 1` broken against `== 990561`) beside an optional
    /// `a.width == view.width * -4.6e14 + 9`: the float tableau dropped what tied `a.width`
    /// to 990561 from the row defining view's width, accepted the 1 beside it, and the
    /// answer failed its check even after a rebuild (found by the `vfl_c` fuzzer). A row
    /// that lost such a term now sends every later decision to exact arithmetic.
    @Test func conflictBesideAHugeMultiplierIsVerified() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let view = try engine.addView("view", in: root)
        let huge = a.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: -465_545_612_306_833, constant: 9)
        huge.priority = 750
        try expectConflictRecovered(
            engine, a, beside: [huge], held: 990_561, broken: a.widthAnchor.constraint(equalToConstant: 1),
            reported: "a.width == 1")
    }

    /// `a.width >= 1` beside a required `a.width == 0.99999999` is a conflict, though the
    /// weak `a.width == 555451543` rounds `a.width`'s row to exactly 1: the inequality is
    /// broken and the answer verifies.
    @Test func inequalityConflictBesideAHugeConstantIsVerified() throws {
        let engine = LayoutEngine()
        let a = try engine.addView("a", in: try layoutRoot(engine))
        let weak = a.widthAnchor.constraint(equalToConstant: 5)
        weak.priority = 1
        let huge = a.widthAnchor.constraint(equalToConstant: 555_451_543)
        huge.priority = 4.8
        try expectConflictRecovered(
            engine, a, beside: [weak, huge], held: 0.999_999_99,
            broken: a.widthAnchor.constraint(greaterThanOrEqualToConstant: 1), reported: "a.width >= 1")
    }

    /// Activates the optional constraints `beside`, then `a.width == held` and `broken` in
    /// one call, and lays out: `broken` is broken and reported as `reported`, the conflict
    /// is minimal, and the answer verifies with `held` in force.
    func expectConflictRecovered(
        _ engine: LayoutEngine, _ a: LayoutItem, beside optional: [LayoutConstraint], held: Double,
        broken: LayoutConstraint, reported: String
    ) throws {
        try engine.activate(optional + [a.widthAnchor.constraint(equalToConstant: held), broken])
        engine.layout()
        #expect(engine.isAnswerVerified)
        #expect(a.frame.width == held)
        #expect(engine.conflictLog.map { $0.broken?.description } == [reported])
        Self.expectMinimal(try #require(engine.conflictLog.last), in: engine)
    }

    /// Two conflicting constraints in one call: the later one in the array is the more
    /// recently activated, so it is broken and the earlier one holds.
    @Test func withinOneActivationTheLaterConstraintIsBroken() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let first = a.widthAnchor.constraint(equalToConstant: 100)
        let second = a.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5)
        try engine.activate([a.leftAnchor.constraint(equalTo: root.leftAnchor),
                             a.topAnchor.constraint(equalTo: root.topAnchor),
                             a.heightAnchor.constraint(equalToConstant: 1), first, second])
        let report = try #require(engine.conflictLog.last)
        #expect(report.broken === second)
        #expect(report.constraints.map(\.description) == ["[rootFrame] root.width == 320", "a.width == 100",
                                                          "a.width == root.width * 0.5"])
        Self.expectMinimal(report, in: engine)
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 100, 1)
    }

    /// The set leaves out a redundant constraint the new one supersedes, and includes
    /// required inequalities that are part of the conflict.
    @Test func minimalSetWithInequalitiesAndARedundantConstraint() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let b = try engine.addView("b", in: root)
        let c = try engine.addView("c", in: root)
        // 10 + 200 + 10 + 100 = 320: exactly fits.
        let old = b.rightAnchor.constraint(lessThanOrEqualTo: root.rightAnchor)
        try engine.activate([
            a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
            a.widthAnchor.constraint(greaterThanOrEqualToConstant: 200),
            b.leftAnchor.constraint(greaterThanOrEqualTo: a.rightAnchor, constant: 10),
            b.widthAnchor.constraint(greaterThanOrEqualToConstant: 100),
            old,
            c.leftAnchor.constraint(equalTo: a.leftAnchor), c.widthAnchor.constraint(equalTo: b.widthAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor), b.topAnchor.constraint(equalTo: a.topAnchor),
            c.topAnchor.constraint(equalTo: a.bottomAnchor), a.heightAnchor.constraint(equalToConstant: 10),
            b.heightAnchor.constraint(equalTo: a.heightAnchor), c.heightAnchor.constraint(equalToConstant: 5),
        ])
        layoutSolve(engine)
        #expect(engine.conflictLog.isEmpty)
        let tighter = b.rightAnchor.constraint(lessThanOrEqualTo: root.rightAnchor, constant: -1)
        try engine.activate([tighter])
        let report = try #require(engine.conflictLog.last)
        Self.expectMinimal(report, in: engine)
        #expect(report.broken === tighter)
        #expect(!report.constraints.contains { $0 === old })
        #expect(report.constraints.map(\.description) == [
            "[rootFrame] root.width == 320", "a.left == root.left + 10", "a.width >= 200", "b.left >= a.right + 10",
            "b.width >= 100", "b.right <= root.right - 1",
        ])
        layoutSolve(engine)
        layoutExpectFrame(a, 10, 0, 200, 10)
        layoutExpectFrame(b, 220, 0, 100, 10)
        layoutExpectFrame(c, 10, 10, 100, 5)
    }

    /// The rule picks by activation order, not by which constraint changed: making an older
    /// constraint conflict breaks the newer one of the set.
    @Test func changingAnOlderConstantBreaksTheNewerConstraint() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let width = a.widthAnchor.constraint(equalToConstant: 100)
        let cap = a.widthAnchor.constraint(lessThanOrEqualToConstant: 200)
        try engine.activate([a.leftAnchor.constraint(equalTo: root.leftAnchor),
                             a.topAnchor.constraint(equalTo: root.topAnchor),
                             a.heightAnchor.constraint(equalToConstant: 1), width, cap])
        try engine.setConstant(300, for: width)
        let report = try #require(engine.conflictLog.last)
        #expect(report.constraints.map(\.description) == ["a.width == 300", "a.width <= 200"])
        #expect(report.broken === cap)
        Self.expectMinimal(report, in: engine)
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 300, 1)
        #expect(width.isInstalled && !width.isBroken && cap.isBroken)
    }

    /// An engine-made constraint arriving late (the root's size) does not get broken while a
    /// user constraint of the set can be.
    @Test func engineMadeConstraintsWinOverUserConstraints() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        let a = try engine.addView("a", in: root)
        let width = a.widthAnchor.constraint(equalToConstant: 100)
        try engine.activate([
            a.leftAnchor.constraint(equalTo: root.leftAnchor), a.rightAnchor.constraint(equalTo: root.rightAnchor),
            width, a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 1),
        ])
        layoutSolve(engine)
        layoutExpectFrame(root, 0, 0, 100, 0)
        try engine.setSize(of: root, width: 320, height: 480)
        let report = try #require(engine.conflictLog.last)
        #expect(report.broken === width)
        #expect(report.constraints.map(\.description) == ["a.left == root.left", "a.right == root.right",
                                                          "a.width == 100", "[rootFrame] root.width == 320"])
        Self.expectMinimal(report, in: engine)
        layoutSolve(engine)
        layoutExpectFrame(root, 0, 0, 320, 480)
        layoutExpectFrame(a, 0, 0, 320, 1)
    }

    /// Required vertical hugging against a view pinned top and bottom: the user's bottom pin
    /// (the latest user constraint of the set) is broken.
    @Test func requiredHuggingConflict() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        try engine.setIntrinsicContentSize(IntrinsicSize(height: 20), of: a)
        let bottom = a.bottomAnchor.constraint(equalTo: root.bottomAnchor)
        try engine.activate([a.topAnchor.constraint(equalTo: root.topAnchor), bottom,
                             a.leftAnchor.constraint(equalTo: root.leftAnchor),
                             a.widthAnchor.constraint(equalToConstant: 5)])
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 5, 480)
        #expect(engine.conflictLog.isEmpty)
        try engine.setContentHuggingPriority(.required, for: .vertical, of: a)
        let report = try #require(engine.conflictLog.last)
        #expect(report.broken === bottom)
        #expect(report.constraints.contains { $0.kind == .contentHugging })
        Self.expectMinimal(report, in: engine)
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 5, 20)
    }

    /// Only engine-made constraints in the set: the most recently activated one is broken.
    @Test func onlyEngineMadeConstraints() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let v = try engine.addView("v", in: root)
        try engine.setAutoresizing(frame: Frame(x: 0, y: 0, width: 50, height: 50), of: v)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 80), of: v)
        try engine.setCompressionResistancePriority(.required, for: .horizontal, of: v)
        let report = try #require(engine.conflictLog.last)
        #expect(report.constraints.map(\.kind) == [.autoresizing, .compressionResistance])
        #expect(report.broken?.kind == .compressionResistance)
        Self.expectMinimal(report, in: engine)
        layoutSolve(engine)
        layoutExpectFrame(v, 0, 0, 50, 50)
    }

    // MARK: Random layouts

    /// A small deterministic generator (64-bit LCG, high bits).
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }

    /// The residual of a constraint at the current solution, and whether it holds.
    static func holds(_ c: LayoutConstraint, in engine: LayoutEngine) -> Bool {
        let form = engine.solverForm(of: c)
        var value = form.constant
        for t in form.terms { value += t.coefficient * engine.core.value(ofVariable: t.variable) }
        let tolerance = 1e-6 * max(1, abs(form.constant))
        switch form.relation {
        case .equal: return abs(value) <= tolerance
        case .lessThanOrEqual: return value <= tolerance
        case .greaterThanOrEqual: return value >= -tolerance
        }
    }

    /// Random constraints between three views and their root, activated one at a time: every
    /// conflict report is minimal and breaks the latest user constraint of its set, every
    /// enforced required constraint holds afterwards, and the solver stays consistent. A
    /// strict twin engine gets the same constraints and must be unchanged by each one it
    /// refuses.
    @Test func randomConstraintsKeepTheRules() throws {
        var conflicts = 0, refusals = 0
        for seed in 0..<24 {
            let (c, r) = try Self.randomRun(seed: seed)
            conflicts += c
            refusals += r
        }
        // The runs do exercise conflicts, in both modes.
        #expect(conflicts >= 24 && refusals >= 24, "\(conflicts) conflicts, \(refusals) refusals")
    }

    static func randomRun(seed: Int) throws -> (conflicts: Int, refusals: Int) {
        var g = Generator(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let views = try (0..<3).map { try engine.addView("v\($0)", in: root) }
        let items = [root] + views
        let directional: [Attribute] = [.leading, .trailing, .centerX, .leadingMargin, .trailingMargin]
        let absolute: [Attribute] = [.left, .right, .centerX, .leftMargin, .rightMargin, .centerXWithinMargins]
        let vertical: [Attribute] = [.top, .bottom, .centerY, .lastBaseline, .topMargin, .centerYWithinMargins]
        let twin = LayoutEngine()
        twin.throwsOnConflict = true
        let twinRoot = try layoutRoot(twin)
        for v in views { try twin.addView(v.name, in: twinRoot) }
        if g.next(2) == 0 {
            try engine.setLayoutDirection(.rightToLeft, of: root)
            try twin.setLayoutDirection(.rightToLeft, of: twinRoot)
        }
        var made: [LayoutConstraint] = []
        var refused = 0
        for _ in 0..<30 {
            let first = views[g.next(views.count)]
            var second: LayoutItem? = items[g.next(items.count)]
            let relation = [Relation.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual][g.next(4)]
            let constant = Double(g.next(41) * 10 - 100)
            let priority: Priority = g.next(5) == 0 ? Priority(Double(100 + g.next(800))) : .required
            let c: LayoutConstraint
            switch g.next(4) {
            case 0:
                let family = [directional, absolute][g.next(2)]
                c = LayoutConstraint(item: first, attribute: family[g.next(family.count)], relatedBy: relation,
                                     toItem: second, attribute: family[g.next(family.count)], constant: constant,
                                     priority: priority)
            case 1:
                c = LayoutConstraint(item: first, attribute: vertical[g.next(vertical.count)], relatedBy: relation,
                                     toItem: second, attribute: vertical[g.next(vertical.count)], constant: constant,
                                     priority: priority)
            default:
                let attribute: Attribute = g.next(2) == 0 ? .width : .height
                if g.next(2) == 0 { second = nil }
                c = LayoutConstraint(item: first, attribute: attribute, relatedBy: relation, toItem: second,
                                     attribute: second == nil ? .notAnAttribute : attribute,
                                     multiplier: second == nil ? 1 : [0.5, 1, 2][g.next(3)], constant: abs(constant),
                                     priority: priority)
            }
            let logged = engine.conflictLog.count
            try engine.activate([c])
            made.append(c)
            if engine.conflictLog.count > logged {
                #expect(engine.conflictLog.count == logged + 1)
                let report = engine.conflictLog[logged]
                expectMinimal(report, in: engine)
                let latestUser = report.constraints.last { $0.kind == .user }
                #expect(report.broken === (latestUser ?? report.constraints.last))
                #expect(report.broken?.isBroken == true && report.broken?.isInstalled == false)
                #expect(report.constraints.contains { $0 === c })
            }
            engine.layout()
            layoutExpectConsistent(engine)
            for other in engine.activeConstraints where other.isInstalled && other.priority.isRequired {
                #expect(holds(other, in: engine), "seed \(seed): \(other) does not hold")
            }
            // The strict twin.
            let copy = LayoutConstraint(
                item: try #require(twin.item(named: c.firstItem.name)), attribute: c.firstAttribute,
                relatedBy: c.relation, toItem: try c.secondItem.map { try #require(twin.item(named: $0.name)) },
                attribute: c.secondAttribute, multiplier: c.multiplier, constant: c.constant, priority: c.priority)
            let before = LayoutStateSnapshot(twin, extra: [copy])
            if let error = layoutError({ try twin.activate([copy]) }) {
                refused += 1
                #expect(error.layoutConflict?.constraints.last === copy)
                layoutExpectUnchanged(twin, since: before, extra: [copy])
            }
        }
        #expect(twin.conflictLog.isEmpty)
        let conflicts = engine.conflictLog.count
        // Deactivating everything the test made leaves only the engine's own constraints.
        engine.deactivate(made)
        #expect(engine.activeConstraints.allSatisfy { $0.kind != .user })
        #expect(layoutSolverConstraintCount(engine) == engine.activeConstraints.count)
        layoutExpectConsistent(engine)
        return (conflicts, refused)
    }

    // MARK: Strict mode

    /// Strict mode: the conflict is thrown (with the set, and no broken constraint), nothing
    /// changes (constraints, items, frames, solver), and nothing is logged.
    @Test func strictActivationThrowsAndChangesNothing() throws {
        let row = try Row(strict: true)
        let bystander = row.b.widthAnchor.constraint(lessThanOrEqualToConstant: 50)
        var calls = 0
        row.engine.onConflict = { _ in calls += 1 }
        let before = LayoutStateSnapshot(row.engine, extra: [bystander, row.pinRight])
        let error = layoutError { try row.engine.activate([bystander, row.pinRight]) }
        let report = try #require(error?.layoutConflict)
        #expect(report.broken == nil)
        #expect(report.constraints.last === row.pinRight)
        #expect(!report.description.contains("Will attempt to recover"))
        // The same minimal set as in the recovering mode.
        #expect(report.constraints.map { $0.description } == ["[rootFrame] root.width == 320",
                                                              "'pinLeft' a.left == root.left + 10",
                                                              "a.width == 100", "'pinRight' a.right == root.right"])
        #expect(!layoutSatisfiable(report.constraints, in: row.engine))
        #expect(calls == 0)
        layoutExpectUnchanged(row.engine, since: before, extra: [bystander, row.pinRight])
    }

    /// After a refused strict activation the constraints that were handed over with the
    /// offending one are inactive; changing one of them later must not touch anything that
    /// is active.
    @Test func constraintsOfARefusedStrictActivationStayDetached() throws {
        let row = try Row(strict: true)
        let bystander = row.b.widthAnchor.constraint(lessThanOrEqualToConstant: 50)
        _ = layoutError { try row.engine.activate([bystander, row.pinRight]) }
        #expect(!bystander.isActive)
        #expect(!bystander.isInstalled, "an inactive constraint claims to be installed (core id \(bystander.coreID))")
        // A new constraint takes the solver slot the refused one had.
        row.engine.throwsOnConflict = false
        let cap = row.a.heightAnchor.constraint(lessThanOrEqualToConstant: 500)
        try row.engine.activate([cap])
        layoutSolve(row.engine)
        // Editing the inactive bystander must change only the bystander.
        let error = layoutError { try row.engine.setConstant(7, for: bystander) }
        #expect(error == nil, "\(error.map { "\($0)" } ?? "")")
        #expect(row.engine.conflictLog.isEmpty, "\(row.engine.conflictLog)")
        #expect(cap.isInstalled && !cap.isBroken && cap.constant == 500)
        layoutSolve(row.engine)
        layoutExpectFrame(row.a, 10, 5, 100, 20)
        #expect(bystander.constant == 7)
    }

    enum StrictOperation: String, CaseIterable, Sendable, CustomStringConvertible {
        case setConstant, setPriorityOfEngineMade, setSize, setIntrinsicContentSize, setMargins, setDirection
        case setBaselineOffsets, setAutoresizing, replaceAutoresizing
        var description: String { rawValue }
    }

    /// Every operation that can make required constraints conflict, in strict mode: each must
    /// throw `.unsatisfiable` and leave the engine exactly as it was.
    @Test(arguments: StrictOperation.allCases)
    func strictOperationsThrowAndChangeNothing(_ op: StrictOperation) throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let b = try engine.addView("b", in: root)
        try layoutPin(engine, b, in: root, 0, 400, 50, 30)
        let setup: () throws -> Void
        let operation: () throws -> Void
        switch op {
        case .setConstant:
            let width = a.widthAnchor.constraint(equalToConstant: 100)
            setup = { try engine.activate([width, a.widthAnchor.constraint(lessThanOrEqualToConstant: 150)]) }
            operation = { try engine.setConstant(200, for: width) }
        case .setPriorityOfEngineMade:
            setup = {
                try engine.setIntrinsicContentSize(IntrinsicSize(width: 40, height: 10), of: a)
                try engine.activate([a.widthAnchor.constraint(equalToConstant: 60)])
            }
            operation = { try engine.setContentHuggingPriority(.required, for: .horizontal, of: a) }
        case .setSize:
            // The width can change, the height cannot: a partial change must be undone.
            setup = { try engine.activate([a.heightAnchor.constraint(equalTo: root.heightAnchor),
                                           a.heightAnchor.constraint(equalToConstant: 480)]) }
            operation = { try engine.setSize(of: root, width: 480, height: 320) }
        case .setIntrinsicContentSize:
            // The width can change, the height cannot (required compression, height <= 25).
            setup = {
                try engine.setIntrinsicContentSize(IntrinsicSize(width: 42, height: 21), of: a)
                try engine.setCompressionResistancePriority(.required, for: .vertical, of: a)
                try engine.activate([a.heightAnchor.constraint(lessThanOrEqualToConstant: 25)])
            }
            operation = { try engine.setIntrinsicContentSize(IntrinsicSize(width: 100, height: 30), of: a) }
        case .setMargins:
            setup = { try engine.activate([a.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor),
                                           a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 8)]) }
            operation = { try engine.setLayoutMargins(DirectionalInsets(all: 20), of: root) }
        case .setDirection:
            setup = { try engine.activate([a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
                                           a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                           a.widthAnchor.constraint(equalToConstant: 100)]) }
            operation = { try engine.setLayoutDirection(.rightToLeft, of: root) }
        case .setBaselineOffsets:
            setup = { try engine.activate([a.topAnchor.constraint(equalTo: b.topAnchor),
                                           a.heightAnchor.constraint(equalToConstant: 30),
                                           a.lastBaselineAnchor.constraint(equalTo: b.lastBaselineAnchor)]) }
            operation = { try engine.setBaselineOffsets(firstFromTop: 10, lastFromBottom: 10, of: a) }
        case .setAutoresizing:
            setup = { try engine.activate([a.widthAnchor.constraint(lessThanOrEqualToConstant: 150)]) }
            operation = { try engine.setAutoresizing(frame: Frame(x: 0, y: 0, width: 200, height: 10),
                                                     mask: [.flexibleWidth], of: a) }
        case .replaceAutoresizing:
            setup = {
                try engine.setAutoresizing(frame: Frame(x: 0, y: 0, width: 100, height: 10),
                                           mask: [.flexibleLeftMargin], of: a)
                try engine.activate([a.widthAnchor.constraint(lessThanOrEqualToConstant: 150)])
            }
            operation = { try engine.setAutoresizing(frame: Frame(x: 0, y: 0, width: 200, height: 10),
                                                     mask: [.flexibleWidth], of: a) }
        }
        try setup()
        #expect(engine.conflictLog.isEmpty, "the setup itself conflicts")
        engine.throwsOnConflict = true
        let before = LayoutStateSnapshot(engine)
        let error = layoutError(operation)
        #expect(error?.layoutCaseName == "unsatisfiable", "\(error.map { "\($0)" } ?? "no error")")
        if let report = error?.layoutConflict {
            #expect(report.broken == nil && !report.constraints.isEmpty)
        }
        layoutExpectUnchanged(engine, since: before)
        // Whatever happened, every active constraint must be the one the solver holds, and
        // the solver must hold nothing else.
        let installed = engine.activeConstraints.filter(\.isInstalled)
        #expect(installed.count == engine.activeConstraints.filter { !$0.isBroken }.count,
                "active constraints missing from the solver")
        #expect(layoutSolverConstraintCount(engine) == installed.count, """
            the solver holds \(layoutSolverConstraintCount(engine)) constraints, \
            the engine knows \(installed.count)
            """)
    }

    /// The practical effect of a half-undone strict operation: after a refused font change,
    /// asking for the same width again is ignored (the engine believes it is already there).
    @Test func intrinsicWidthAfterARefusedStrictChange() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 42, height: 21), of: a)
        try engine.setCompressionResistancePriority(.required, for: .vertical, of: a)
        try engine.activate([a.leftAnchor.constraint(equalTo: root.leftAnchor),
                             a.topAnchor.constraint(equalTo: root.topAnchor),
                             a.heightAnchor.constraint(lessThanOrEqualToConstant: 25)])
        engine.throwsOnConflict = true
        #expect(layoutError { try engine.setIntrinsicContentSize(IntrinsicSize(width: 100, height: 30), of: a) }?
            .layoutCaseName == "unsatisfiable")
        #expect(a.intrinsicContentSize == IntrinsicSize(width: 42, height: 21))
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 100, height: 21), of: a)
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 100, 21)
    }

    /// The practical effect of a refused strict direction change: the leading constraint is
    /// still in the solver after it has been deactivated, so a later, valid constraint is
    /// refused with a one-member "conflict".
    @Test func deactivatedConstraintAfterARefusedStrictDirectionChange() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let left = a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10)
        let leading = a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        try engine.activate([left, leading, a.widthAnchor.constraint(equalToConstant: 100),
                             a.topAnchor.constraint(equalTo: root.topAnchor),
                             a.heightAnchor.constraint(equalToConstant: 10)])
        engine.throwsOnConflict = true
        #expect(layoutError { try engine.setLayoutDirection(.rightToLeft, of: root) }?.layoutCaseName
            == "unsatisfiable")
        #expect(leading.isActive && leading.isInstalled)
        engine.deactivate([left, leading])
        let error = layoutError {
            try engine.activate([a.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 50)])
        }
        #expect(error == nil, "\(error.map { "\($0)" } ?? "")")
        layoutSolve(engine)
        layoutExpectFrame(a, 50, 0, 100, 10)
    }

    /// A view 157 wide by a required hugging and compression pair, and the user's
    /// `width >= floor`.
    static func requiredPairAbove(floor: Double) throws -> (LayoutEngine, LayoutItem, LayoutConstraint) {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        try engine.activate([a.leftAnchor.constraint(equalTo: root.leftAnchor),
                             a.topAnchor.constraint(equalTo: root.topAnchor),
                             a.heightAnchor.constraint(equalToConstant: 10)])
        try engine.setContentHuggingPriority(.required, for: .horizontal, of: a)
        try engine.setCompressionResistancePriority(.required, for: .horizontal, of: a)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 157), of: a)
        let constraint = a.widthAnchor.constraint(greaterThanOrEqualToConstant: floor)
        try engine.activate([constraint])
        return (engine, a, constraint)
    }

    /// Constants that move together are judged together: a required hugging and
    /// compression pair moving from 157 to 50 never conflicts with itself halfway (applied
    /// one at a time, `width <= 50` met `width >= 157`). The real conflict is with the
    /// user's `width >= 100`, and the user's constraint breaks, as the rule says.
    @Test func constantsThatMoveTogetherConflictOnlyAtTheirNewValues() throws {
        let (engine, a, floor) = try Self.requiredPairAbove(floor: 100)
        #expect(engine.conflictLog.isEmpty)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 50), of: a)
        let report = try #require(engine.conflictLog.last)
        #expect(engine.conflictLog.count == 1)
        #expect(report.constraints.map(\.description) == ["[contentHugging] a.width <= 50", "a.width >= 100"])
        #expect(report.broken === floor)
        Self.expectMinimal(report, in: engine)
        layoutSolve(engine)
        #expect(a.frame.width == 50)
    }

    /// In strict mode the same change is refused whole, with the same minimal report.
    @Test func strictConstantsThatMoveTogetherAreRefusedWhole() throws {
        let (engine, a, floor) = try Self.requiredPairAbove(floor: 100)
        engine.throwsOnConflict = true
        let before = LayoutStateSnapshot(engine)
        let error = layoutError { try engine.setIntrinsicContentSize(IntrinsicSize(width: 50), of: a) }
        // The report holds the objects, which the refusal put back at 157; its text is
        // as the conflict read, at 50.
        let members = error?.layoutConflict?.constraints ?? []
        #expect(members.count == 2 && members[0].kind == .contentHugging && members[1] === floor)
        #expect(members[0].constant == 157)
        #expect(error?.layoutConflict?.description.contains("[contentHugging] a.width <= 50\n") == true)
        layoutExpectUnchanged(engine, since: before)
    }
}
