import Ratite

#if canImport(Glibc)
import Glibc
import RatiteGenerate
#endif

/// A generated system and its current build through one entry point (see
/// `ratite_fixtures.h`). What a build reads is prepared once, so a measured build pays only
/// for what a user of that path pays for.
final class PathFixture {
    /// The prepared paths are the Swift and engine paths with their objects made by
    /// `clear()` (untimed): a build then times `Solver.add` alone, or the engine's
    /// activation alone.
    enum Path { case swift, swiftPrepared, solveText, engine, enginePrepared }

    let family: SystemFamily
    let n: Int
    let path: Path
    private let system: GeneratedSystem
    /// The Swift paths' variables for the current build: made by the build itself on the
    /// Swift path (as a user of `Solver` makes them, and as the C build with variables and
    /// the engine's views make theirs), before it on the prepared path.
    private var variables: [Variable] = []
    /// The Swift paths' constraints as indices into `variables`, read the way the C
    /// benchmark reads its resolved terms: one flat list, each side a run of it.
    private let resolved: ResolvedConstraints
    /// The solve-file text of the constraints, and of the edit and suggest statements.
    private let constraintText: String
    private let editText: String

    private var solver: Solver?
    /// What the next build of a prepared path adds.
    private var prepared: [Constraint]?
    private var preparedLayout: EngineFamilyLayout?
    private var session: SolveSession?
    private var layout: EngineFamilyLayout?
    /// The last failure, as a C string owned here.
    private(set) var lastError: UnsafeMutablePointer<CChar>? = nil

    init(family: SystemFamily, n: Int, path: Path) {
        self.family = family
        self.n = n
        self.path = path
        system = family.generate(n: n)
        resolved = path == .swift || path == .swiftPrepared ? ResolvedConstraints(system) : ResolvedConstraints()
        var constraintText = "", editText = ""
        if path == .solveText {
            for line in system.solveFileText().split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("edit ") || line.hasPrefix("suggest ") {
                    editText += line + "\n"
                } else {
                    constraintText += line + "\n"
                }
            }
        }
        self.constraintText = constraintText
        self.editText = editText
    }

    deinit { free(lastError) }

    /// Runs `body`, keeping its error's description for `ratite_fixture_last_error`.
    func attempt(_ body: () throws -> Void) -> Int32 {
        free(lastError)
        do {
            try body()
            lastError = strdup("")
            return 0
        } catch {
            lastError = strdup("\(error)")
            return -1
        }
    }

    /// The system's constraints as `Constraint` objects, in order.
    private func makeConstraints() -> [Constraint] {
        var constraints: [Constraint] = []
        constraints.reserveCapacity(resolved.shapes.count)
        resolved.forEachConstraint(of: variables) { constraints.append($0) }
        return constraints
    }

    func build() throws {
        let constraints = prepared, preparedLayout = self.preparedLayout, preparedVariables = variables
        dropBuild()
        switch path {
        case .swift:
            let solver = Solver()
            variables = system.names.map { Variable($0) }
            try resolved.forEachConstraint(of: variables) { try solver.add($0) }
            self.solver = solver
        case .swiftPrepared:
            // Made here only when `clear()` did not make them (a first build).
            variables = constraints == nil ? system.names.map { Variable($0) } : preparedVariables
            let solver = Solver()
            for c in constraints ?? makeConstraints() { try solver.add(c) }
            self.solver = solver
        case .solveText:
            let session = SolveSession()
            try session.execute(try session.parse(constraintText))
            self.session = session
        case .engine, .enginePrepared:
            let layout = try preparedLayout ?? EngineFamilyLayout(family, n: n, system: system)
            try layout.engine.activate(layout.constraints)
            self.layout = layout
        }
    }

    func addEdits() throws {
        switch path {
        case .swift, .swiftPrepared:
            guard let solver else { throw FixtureError.notBuilt }
            for (edit, value) in zip(system.edits, system.suggestions) {
                try solver.addEditVariable(variables[Int(edit.variable)], priority: Priority(edit.priority))
                try solver.suggestValue(variables[Int(edit.variable)], value)
            }
            _ = solver.update()
        case .solveText:
            guard let session else { throw FixtureError.notBuilt }
            try session.execute(try session.parse(editText))
            _ = session.solver.update()
        case .engine, .enginePrepared:
            guard let layout else { throw FixtureError.notBuilt }
            try layout.engine.activate(layout.edits.map(\.constraint))
            _ = layout.engine.layout()
        }
    }

    func resize(flip: Bool) throws {
        switch path {
        case .swift, .swiftPrepared:
            guard let solver else { throw FixtureError.notBuilt }
            for (edit, values) in zip(system.edits, system.resizes) {
                try solver.suggestValue(variables[Int(edit.variable)], flip ? values.1 : values.0)
            }
            _ = solver.update()
        case .solveText:
            guard let session else { throw FixtureError.notBuilt }
            for (edit, values) in zip(system.edits, system.resizes) {
                let variable = session.variable(system.names[Int(edit.variable)])
                try session.solver.suggestValue(variable, flip ? values.1 : values.0)
            }
            _ = session.solver.update()
        case .engine, .enginePrepared:
            guard let layout else { throw FixtureError.notBuilt }
            for (constraint, values) in layout.edits {
                try layout.engine.setConstant(flip ? values.1 : values.0, for: constraint)
            }
            _ = layout.engine.layout()
        }
    }

    /// Drops the current build; a prepared path then makes the next build's objects.
    func clear() {
        dropBuild()
        if path == .swiftPrepared {
            variables = system.names.map { Variable($0) }
            prepared = makeConstraints()
        }
        if path == .enginePrepared { preparedLayout = try? EngineFamilyLayout(family, n: n, system: system) }
    }

    private func dropBuild() {
        solver = nil
        session = nil
        layout = nil
        prepared = nil
        preparedLayout = nil
        variables = []
    }

    /// How many constraints a build adds (for the engine: its `LayoutConstraint`s and the
    /// root's two origin constraints).
    var constraintCount: Int {
        switch path {
        case .swift, .swiftPrepared, .solveText: system.constraints.count
        case .engine, .enginePrepared:
            // Counted on a fresh layout when nothing is built: what a build adds.
            2 + ((layout ?? (try? EngineFamilyLayout(family, n: n, system: system)))?.constraints.count ?? 0)
        }
    }

    /// The value of the system's variable `name` in the current build (solver paths only).
    func value(of name: String) -> Double? {
        switch path {
        case .swift, .swiftPrepared:
            guard let solver, let i = system.names.firstIndex(of: name) else { return nil }
            return solver.value(of: variables[i])
        case .solveText:
            return session?.values().first { $0.name == name }?.value
        case .engine, .enginePrepared:
            return nil
        }
    }

    /// The frame in root coordinates of the engine path's item `name`.
    func frame(of name: String) -> Frame? {
        guard let layout, let item = layout.engine.item(named: name) else { return nil }
        return layout.engine.frameInRoot(of: item)
    }

    var pivots: Int {
        (solver?.statistics ?? session?.solver.statistics ?? layout?.engine.statistics)?.pivots ?? 0
    }
}

/// A system's constraints as runs of one flat list of terms by variable index, read once
/// from the generated system; making a `Constraint` from them is what a Swift user of the
/// solver pays for.
struct ResolvedConstraints {
    struct Shape {
        var lhsCount: Int, rhsCount: Int
        var lhsConstant: Double, rhsConstant: Double
        var relation: Relation
        var priority: Priority
    }

    private(set) var terms: [(variable: Int, coefficient: Double)] = []
    private(set) var shapes: [Shape] = []

    init() {}

    init(_ system: GeneratedSystem) {
        shapes.reserveCapacity(system.constraints.count)
        for c in system.constraints {
            for t in c.lhs { terms.append((Int(t.variable), t.coefficient)) }
            for t in c.rhs { terms.append((Int(t.variable), t.coefficient)) }
            shapes.append(Shape(lhsCount: c.lhs.count, rhsCount: c.rhs.count, lhsConstant: c.lhsConstant,
                                rhsConstant: c.rhsConstant, relation: c.relation, priority: Priority(c.priority)))
        }
    }

    /// Makes each constraint over `variables`, in order, and hands it to `body`.
    func forEachConstraint<E: Error>(of variables: [Variable], _ body: (Constraint) throws(E) -> Void) throws(E) {
        var start = 0
        let term = { (k: Int) in Term(variables[terms[k].variable], terms[k].coefficient) }
        for shape in shapes {
            let middle = start + shape.lhsCount, end = middle + shape.rhsCount
            let lhs = LinearExpression(terms: (start ..< middle).map(term), constant: shape.lhsConstant)
            let rhs = LinearExpression(terms: (middle ..< end).map(term), constant: shape.rhsConstant)
            try body(Constraint(lhs, shape.relation, rhs, priority: shape.priority))
            start = end
        }
    }
}

enum FixtureError: Error, CustomStringConvertible {
    case notBuilt
    var description: String { "nothing is built: call ratite_fixture_build first" }
}
