import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteModel
@testable import RatiteSolver

/// The ranges of the ambiguity report (read off the optimal face where the tableau shows
/// them, warm-started passes of the simplex for the rest) against the way they were found
/// before: one minimization and one maximization per variable from the face's own basis
/// (`probedOptimalRanges`).
@Suite struct AmbiguityRangeTests {
    /// Equal ends, or finite ends within roundoff of each other.
    static func agree(_ a: (min: Double, max: Double), _ b: (min: Double, max: Double)) -> Bool {
        func same(_ x: Double, _ y: Double) -> Bool {
            x == y || (x.isFinite && y.isFinite && abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)))
        }
        return same(a.min, b.min) && same(a.max, b.max)
    }

    /// What a comparison saw, so a test can insist that it covered what it claims to.
    struct Seen {
        var bounded = 0, unbounded = 0, points = 0

        mutating func note(_ r: (min: Double, max: Double)) {
            if !r.min.isFinite || !r.max.isFinite {
                unbounded += 1
            } else if r.max - r.min > 1e-7 * max(1, abs(r.min), abs(r.max)) {
                bounded += 1
            } else {
                points += 1
            }
        }
    }

    /// Compares the two methods on `vs` and returns what they found.
    @discardableResult
    static func compare(
        _ core: borrowing SimplexCore, _ vs: [Int32], floor: Double = 0, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Seen {
        let fast = core.optimalRanges(ofVariables: vs, ignoringLevelsAtOrBelow: floor)
        let probed = core.probedOptimalRanges(ofVariables: vs, ignoringLevelsAtOrBelow: floor)
        var seen = Seen()
        for (i, v) in vs.enumerated() {
            #expect(agree(fast[i], probed[i]),
                    "\(label) \(core.name(ofVariable: v)): \(fast[i]) against \(probed[i])",
                    sourceLocation: sourceLocation)
            seen.note(probed[i])
        }
        return seen
    }

    /// A generated system in a core: all of it, its inequalities only (many variables
    /// slide, some without bound), or with every constraint made required (those that
    /// cannot be are left out).
    static func built(_ system: GeneratedSystem, inequalitiesOnly: Bool, requiredOnly: Bool) -> CoreDriver {
        let d = CoreDriver(variableCount: 0)
        for name in system.names { d.variables.append(d.core.newVariable(name: name)) }
        for c in system.constraints where !(inequalitiesOnly && c.relation == .equal) {
            let n = c.normalized
            _ = try? d.core.addConstraint(
                terms: n.terms.map {
                    VariableTerm(variable: d.variables[Int($0.variable)], coefficient: $0.coefficient)
                },
                constant: n.constant, relation: c.relation, priority: requiredOnly ? 1000 : c.priority)
        }
        d.core.updateValues()
        return d
    }

    @Test(arguments: [SystemFamily.random, .tree, .grid, .chain])
    func generatedSystemsAgree(_ family: SystemFamily) {
        var seen = Seen()
        for seed: UInt64 in 1...4 {
            for (inequalitiesOnly, requiredOnly) in [(false, false), (true, false), (false, true), (true, true)] {
                let d = Self.built(family.generate(n: 24, seed: seed), inequalitiesOnly: inequalitiesOnly,
                                   requiredOnly: requiredOnly)
                let s = Self.compare(d.core, d.variables,
                                     "\(family) seed \(seed) inequalities \(inequalitiesOnly) required \(requiredOnly)")
                seen.bounded += s.bounded
                seen.unbounded += s.unbounded
                seen.points += s.points
            }
        }
        // Generated systems mostly pin a variable or leave it free without bound (the random
        // family anchors nothing); bounded ranges are the layouts' below.
        #expect(seen.unbounded > 0, "\(family): \(seen)")
        #expect(seen.points > 0 || family == .random, "\(family): \(seen)")
    }

    /// A random layout: rows of views along a root, each view's width an optional wish at one
    /// of a few priorities (equal ones tie), some rows pinned at both ends, some with a
    /// required or optional gap, minimum widths, an occasional view tied to another's centre,
    /// and vertical positions left open for some.
    static func randomLayout(seed: UInt64) throws -> (LayoutEngine, [LayoutItem]) {
        var random = SplitMix64(seed: seed)
        let engine = LayoutEngine()
        let root = try layoutRoot(engine, width: Double(200 + random.below(400)), height: 600)
        var views: [LayoutItem] = []
        let priorities: [Priority] = [250, 250, 500, 750, 1000]
        for row in 0..<(2 + random.below(3)) {
            var previous: LayoutItem? = nil
            for i in 0..<(2 + random.below(6)) {
                let v = try engine.addView("r\(row)v\(i)", in: root)
                views.append(v)
                var made: [LayoutConstraint] = []
                let wish = Double(10 + 10 * random.below(6))
                let p = priorities[random.below(priorities.count)]
                made.append(LayoutConstraint(item: v, attribute: .width, relatedBy: .equal, constant: wish,
                                             priority: p == 1000 ? 300 : p))
                if random.below(3) == 0 {
                    made.append(v.widthAnchor.constraint(greaterThanOrEqualToConstant: wish / 2))
                }
                let gap = Double(random.below(3) * 4)
                if let previous {
                    let relation: Relation = random.below(4) == 0 ? .greaterThanOrEqual : .equal
                    made.append(LayoutConstraint(item: v, attribute: .left, relatedBy: relation, toItem: previous,
                                                 attribute: .right, constant: gap,
                                                 priority: random.below(5) == 0 ? 500 : .required))
                } else {
                    made.append(v.leftAnchor.constraint(equalTo: root.leftAnchor, constant: gap))
                }
                if random.below(4) != 0 {
                    made.append(v.topAnchor.constraint(equalTo: root.topAnchor, constant: Double(40 * row)))
                    made.append(LayoutConstraint(item: v, attribute: .height, relatedBy: .equal, constant: 30,
                                                 priority: random.below(2) == 0 ? 250 : .required))
                }
                if random.below(8) == 0, let other = views.dropLast().randomElement(using: &random) {
                    made.append(LayoutConstraint(item: v, attribute: .centerX, relatedBy: .equal, toItem: other,
                                                 attribute: .centerX, priority: 400))
                }
                try engine.activate(made)
                previous = v
            }
            if let previous, random.below(3) != 0 {
                try engine.activate([LayoutConstraint(item: previous, attribute: .right, relatedBy: .equal,
                                                      toItem: root, attribute: .right, constant: -8,
                                                      priority: random.below(3) == 0 ? 600 : .required)])
            }
        }
        layoutSolve(engine)
        return (engine, views)
    }

    static func frameVariables(_ views: [LayoutItem]) -> [Int32] {
        views.flatMap { [$0.minX, $0.minY, $0.width, $0.height] }
    }

    @Test func randomLayoutsAgree() throws {
        var seen = Seen()
        for seed: UInt64 in 1...40 {
            let (engine, views) = try Self.randomLayout(seed: seed)
            let s = Self.compare(engine.core, Self.frameVariables(views), "layout seed \(seed)")
            seen.bounded += s.bounded
            seen.unbounded += s.unbounded
            seen.points += s.points
        }
        #expect(seen.bounded > 20 && seen.unbounded > 20 && seen.points > 20, "\(seen)")
    }

    /// After `exerciseAmbiguity`, the hidden constraints' level is ignored: both methods see
    /// the same face as before exercising.
    @Test func exercisedLayoutsAgree() throws {
        var exercised = 0
        for seed: UInt64 in 1...20 {
            let (engine, views) = try Self.randomLayout(seed: seed)
            let vs = Self.frameVariables(views)
            let before = engine.core.optimalRanges(ofVariables: vs)
            for v in views where engine.hasAmbiguousLayout(v) {
                engine.exerciseAmbiguity(v)
                exercised += 1
            }
            layoutSolve(engine)
            guard !engine.exerciseConstraints.isEmpty else { continue }
            Self.compare(engine.core, vs, floor: engine.exercisePriority, "exercised seed \(seed)")
            let after = engine.core.optimalRanges(ofVariables: vs, ignoringLevelsAtOrBelow: engine.exercisePriority)
            for i in vs.indices {
                #expect(Self.agree(before[i], after[i]), "seed \(seed) \(engine.core.name(ofVariable: vs[i]))")
            }
        }
        #expect(exercised > 10)
    }

    /// The layout: one VFL row of `n` views, each wishing for a width of 10 at 500, in
    /// a root 20n wide. The extra 10n can go to any view: every width ranges over
    /// [10, 10 + 10n], view i's left over [10i, 10i + 10n], and nothing holds the tops and
    /// heights. Positions past the 64th have long explicit forms, so they take the warm passes.
    @Test(arguments: [10, 100, 300])
    func rowWithOptionalWidths(_ n: Int) throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine, width: Double(20 * n), height: 100)
        var views: [String: LayoutItem] = [:]
        var format = "H:|"
        for i in 0..<n {
            views["v\(i)"] = try engine.addView("v\(i)", in: root)
            format += "[v\(i)(10@500)]"
        }
        try engine.activate(engine.constraints(visualFormat: format + "|", views: views))
        layoutSolve(engine)
        let report = engine.ambiguityReport()
        #expect(report.entries.count == 4 * n - 1)
        let extra = Double(10 * n)
        for e in report.entries {
            let i = Double(try #require(Int(e.item.name.dropFirst())))
            switch e.attribute {
            case .left:
                #expect(e.minimum == 10 * i && e.maximum == 10 * i + extra, "\(e.item.name): \(e)")
            case .width:
                #expect(e.minimum == 10 && e.maximum == 10 + extra, "\(e.item.name): \(e)")
            default:
                #expect(e.minimum == -.infinity && e.maximum == .infinity, "\(e.item.name): \(e)")
            }
        }
        if n <= 100 {
            Self.compare(engine.core, Self.frameVariables(views.values.sorted { $0.name < $1.name }), "row \(n)")
        }
    }

    /// Run to run, and between a layout and the same layout built again, the report is the
    /// same to the bit.
    @Test func reportIsDeterministic() throws {
        func report(_ seed: UInt64) throws -> [Double] {
            let (engine, _) = try Self.randomLayout(seed: seed)
            return engine.ambiguityReport().entries.flatMap { [$0.value, $0.minimum, $0.maximum] }
        }
        for seed: UInt64 in 1...10 {
            let first = try report(seed)
            #expect(first.map(\.bitPattern) == (try report(seed)).map(\.bitPattern))
        }
    }
}
