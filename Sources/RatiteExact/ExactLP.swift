/// How the two sides of an exact constraint relate.
package enum ExactRelation: Sendable {
    case equal, lessThanOrEqual, greaterThanOrEqual
}

/// A linear constraint for the exact solver: `Σ coefficient·x[variable] + constant  relation  0`
/// at `priority` (1000 is required). Optional constraints are measured as the solver promises:
/// |error| for an equality, the shortfall for an inequality, summed within a priority.
package struct ExactConstraint: Sendable {
    package var terms: [(variable: Int, coefficient: Double)]
    package var constant: Double
    package var relation: ExactRelation
    package var priority: Double

    package init(
        terms: [(variable: Int, coefficient: Double)], constant: Double, relation: ExactRelation, priority: Double
    ) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
    }

    package var isRequired: Bool { priority >= 1000 }
}

/// What the exact solver found.
package enum ExactResult: Sendable {
    /// The required constraints cannot hold together.
    case infeasible
    /// The lexicographic optimum: one value per optional priority, highest first (each the
    /// nearest double to the exact optimum), and one optimal point (the only one when the
    /// optimum is unique).
    case optimal(objective: [(priority: Double, value: Double)], values: [Double])
}

/// The exact reference solver: the variables (free) and a slack or two errors per
/// constraint (restricted), solved exactly. It shares no code with the floating-point core
/// it checks.
///
/// Two engines decide the same question: the dense fraction-free `ExactSimplex` (in
/// `Int128`, then `BigInt`), for tens of constraints, and the sparse `ExactReducedSimplex`
/// over `Rational`s, whose work grows with the number of variables rather than constraints.
/// `automatic` takes the dense one up to `denseLimit` constraints.
package enum ExactLP {
    package enum Engine: Sendable {
        case automatic, dense, reduced
    }

    /// The most constraints the dense engine takes under `automatic`.
    package static let denseLimit = 48

    /// The lexicographic optimum of `constraints` over `variableCount` free variables.
    package static func solve(
        variableCount: Int, constraints: [ExactConstraint], engine: Engine = .automatic
    ) -> ExactResult {
        let formulation = Formulation(variableCount: variableCount, constraints: constraints, requiredOnly: false)
        return formulation.solve(engine: engine, dense: constraints.count <= denseLimit)
    }

    /// Whether the required constraints among `constraints` can hold together.
    package static func isFeasible(
        variableCount: Int, constraints: [ExactConstraint], engine: Engine = .automatic
    ) -> Bool {
        let required = constraints.filter(\.isRequired)
        let formulation = Formulation(variableCount: variableCount, constraints: required, requiredOnly: true)
        if case .infeasible = formulation.solve(engine: engine, dense: required.count <= denseLimit) { return false }
        return true
    }

    /// The constraints as rows over the variables and their slack and error columns.
    private struct Formulation {
        var variableCount: Int
        var problem = ExactProblem()
        var levels: [Double] = []
        var requiredOnly: Bool

        init(variableCount n: Int, constraints: [ExactConstraint], requiredOnly: Bool) {
            variableCount = n
            self.requiredOnly = requiredOnly
            // Columns: the n free variables, then per constraint its slack and error columns.
            var kinds = [ExactColumnKind](repeating: .free, count: n)
            var costs: [(column: Int, priority: Double)] = []
            for c in constraints {
                let next = kinds.count
                var columns: [(column: Int, sign: Double)] = []
                switch (c.relation, c.isRequired) {
                case (.equal, true):
                    break
                case (.greaterThanOrEqual, true):
                    columns = [(next, -1)]  // Σ + c − s = 0
                case (.lessThanOrEqual, true):
                    columns = [(next, 1)]  // Σ + c + s = 0
                case (.equal, false):
                    columns = [(next, -1), (next + 1, 1)]  // Σ + c − e⁺ + e⁻ = 0
                    costs += [(next, c.priority), (next + 1, c.priority)]
                case (.greaterThanOrEqual, false):
                    columns = [(next, -1), (next + 1, 1)]  // Σ + c − s + e = 0
                    costs.append((next + 1, c.priority))
                case (.lessThanOrEqual, false):
                    columns = [(next, 1), (next + 1, -1)]  // Σ + c + s − e = 0
                    costs.append((next + 1, c.priority))
                }
                kinds += [ExactColumnKind](repeating: .restricted, count: columns.count)
                var row = ExactRow(entries: c.terms.map { ($0.variable, $0.coefficient) }, rhs: -c.constant)
                for e in columns { row.entries.append((e.column, e.sign)) }
                problem.rows.append(row)
            }
            problem.kinds = kinds
            for c in costs where !levels.contains(c.priority) { levels.append(c.priority) }
            levels.sort(by: >)
            if !requiredOnly {
                problem.costs = levels.map { p in
                    var row = [Int](repeating: 0, count: kinds.count)
                    for c in costs where c.priority == p { row[c.column] = 1 }
                    return row
                }
            }
        }

        func solve(engine: Engine, dense automaticDense: Bool) -> ExactResult {
            let dense = engine == .dense || (engine == .automatic && automaticDense)
            if !dense, let result = solveReduced() { return result }
            do {
                return try solveDense(Int128.self)
            } catch {
                return try! solveDense(BigInt.self)
            }
        }

        private func solveDense<Number: ExactNumber>(_: Number.Type) throws(ExactOverflow) -> ExactResult {
            var tableau = try ExactSimplex<Number>(matrix: problem.rows, kinds: problem.kinds, costs: problem.costs)
            guard try tableau.solveFromScratch() else { return .infeasible }
            if requiredOnly { return .optimal(objective: [], values: []) }
            let objective = levels.indices.map { (levels[$0], tableau.objective($0, columnLimit: 0).value) }
            var values = [Double](repeating: 0, count: variableCount)
            for i in 0..<tableau.rowCount where tableau.basis[i] >= 0 && tableau.basis[i] < variableCount {
                values[tableau.basis[i]] = tableau.value(ofRow: i)
            }
            return .optimal(objective: objective, values: values)
        }

        private func solveReduced() -> ExactResult? {
            guard var simplex = ExactReducedSimplex(problem) else { return nil }
            simplex.start(from: nil)
            guard (try? simplex.solve(limit: .max)) == true else { return .infeasible }
            if requiredOnly { return .optimal(objective: [], values: []) }
            let objective = levels.indices.map { (levels[$0], simplex.objectiveValue(level: $0).doubleValue) }
            let values = (0..<variableCount).map { simplex.value(of: $0).doubleValue }
            return .optimal(objective: objective, values: values)
        }
    }
}
