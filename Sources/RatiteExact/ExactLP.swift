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

/// A basis of an `ExactLP` problem in terms that outlive it, to start a later problem over
/// mostly the same constraints from: the basic variables, and for each constraint which of
/// its slack and error columns is basic (0 the first, 1 the second), or -1.
/// The variables' values go with it: a variable the new problem cannot keep basic starts
/// nonbasic at its old value, not at zero.
package struct ExactBasisHint: Sendable {
    package var basicVariables: [Int]
    package var ownColumns: [Int]
    package var values: [Rational]

    package init(basicVariables: [Int], ownColumns: [Int], values: [Rational] = []) {
        self.basicVariables = basicVariables
        self.ownColumns = ownColumns
        self.values = values
    }
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
    package static let denseLimit = 24

    /// The lexicographic optimum of `constraints` over `variableCount` free variables.
    package static func solve(
        variableCount: Int, constraints: [ExactConstraint], engine: Engine = .automatic
    ) -> ExactResult {
        let formulation = Formulation(variableCount: variableCount, constraints: constraints, requiredOnly: false)
        return formulation.solve(engine: engine, dense: constraints.count <= denseLimit)
    }

    /// The lexicographic optimum by the sparse engine, started from `hint` (the basis of an
    /// earlier call, carried over to these constraints): the answer is exact whatever the
    /// hint, which only saves pivots. Returns the optimum's basis as the next hint.
    /// With `near`, the start is the vertex of the rows that point holds with equality
    /// instead (see `Formulation.hint(near:constraints:)`).
    package static func solve(
        variableCount: Int, constraints: [ExactConstraint], hint: ExactBasisHint?, near point: [Double]? = nil,
        requiredOnly: Bool = false
    ) -> (result: ExactResult, basis: ExactBasisHint?) {
        let kept = requiredOnly ? constraints.filter(\.isRequired) : constraints
        let formulation = Formulation(variableCount: variableCount, constraints: kept, requiredOnly: requiredOnly)
        let hint = point.map { formulation.hint(near: $0, constraints: kept) } ?? hint
        guard var simplex = ExactReducedSimplex(formulation.problem) else {
            return (formulation.solve(engine: .dense, dense: true), nil)
        }
        simplex.start(from: hint.map { formulation.columns(of: $0) }, freeValues: hint?.values)
        guard (try? simplex.solve(limit: .max)) == true else { return (.infeasible, nil) }
        var basis = formulation.hint(basicColumns: simplex.basicColumns)
        basis.values = (0..<variableCount).map { simplex.value(of: $0) }
        if requiredOnly { return (.optimal(objective: [], values: []), basis) }
        return (formulation.optimum(of: simplex), basis)
    }

    /// Whether the required constraints among `constraints` can hold together.
    /// With `near` (a point that nearly holds them, such as the float solver's values), the
    /// sparse engine starts from the vertex that point lies on.
    package static func isFeasible(
        variableCount: Int, constraints: [ExactConstraint], engine: Engine = .automatic, near point: [Double]? = nil
    ) -> Bool {
        let required = constraints.filter(\.isRequired)
        if let point, engine == .automatic, required.count > denseLimit {
            let (result, _) = solve(
                variableCount: variableCount, constraints: required, hint: nil, near: point, requiredOnly: true)
            if case .infeasible = result { return false }
            return true
        }
        let formulation = Formulation(variableCount: variableCount, constraints: required, requiredOnly: true)
        if case .infeasible = formulation.solve(engine: engine, dense: required.count <= denseLimit) { return false }
        return true
    }

    /// When the required constraints among `constraints` cannot hold together: the indices
    /// of some of them that already cannot (those a Farkas certificate combines), ascending;
    /// nil when they can. A small start for a deletion filter.
    package static func infeasibleSubset(
        variableCount: Int, constraints: [ExactConstraint], near point: [Double]? = nil
    ) -> [Int]? {
        let required = constraints.indices.filter { constraints[$0].isRequired }
        let kept = required.map { constraints[$0] }
        let formulation = Formulation(variableCount: variableCount, constraints: kept, requiredOnly: true)
        guard var simplex = ExactReducedSimplex(formulation.problem) else {
            return isFeasible(variableCount: variableCount, constraints: constraints, engine: .dense) ? nil : required
        }
        let hint = point.map { formulation.hint(near: $0, constraints: kept) }
        simplex.start(from: hint.map { formulation.columns(of: $0) }, freeValues: hint?.values)
        if (try? simplex.solve(limit: .max, optimizing: false)) == true { return nil }
        return simplex.infeasibleRows.map { required[$0] }
    }

    /// The constraints as rows over the variables and their slack and error columns.
    private struct Formulation {
        var variableCount: Int
        var problem = ExactProblem()
        var levels: [Double] = []
        var requiredOnly: Bool
        /// Each constraint's first own column and how many it has.
        var ownColumns: [(first: Int, count: Int)] = []

        /// `hint` as columns of this formulation.
        func columns(of hint: ExactBasisHint) -> [Int] {
            var basis = hint.basicVariables.filter { $0 < variableCount }
            for (c, local) in hint.ownColumns.enumerated() where c < ownColumns.count && local >= 0 {
                if local < ownColumns[c].count { basis.append(ownColumns[c].first + local) }
            }
            return basis
        }

        /// A hint from a point (another solver's answer, say): the rows it holds with equality
        /// (within `1e-9` of their size) tight, every other row basic in the column of its
        /// own that takes its residual, every variable a candidate, at its value there.
        func hint(near point: [Double], constraints: [ExactConstraint]) -> ExactBasisHint {
            var own = [Int](repeating: -1, count: constraints.count)
            for (k, c) in constraints.enumerated() {
                var residual = c.constant
                var size = abs(c.constant)
                for t in c.terms where t.variable < point.count {
                    residual += t.coefficient * point[t.variable]
                    size += abs(t.coefficient * point[t.variable])
                }
                guard abs(residual) > 1e-9 * max(1, size), ownColumns[k].count > 0 else { continue }
                // Row k reads Σ a·x + Σ σ·z = −constant: the column whose σ has the sign
                // opposite to the residual takes it with a positive value.
                own[k] = 0
                for local in 0..<ownColumns[k].count {
                    let sigma = problem.rows[k].entries[c.terms.count + local].value
                    if (sigma < 0) == (residual > 0) {
                        own[k] = local
                        break
                    }
                }
            }
            let values = (0..<variableCount).map { v in
                v < point.count && point[v].isFinite ? Rational(point[v]) : .zero
            }
            return ExactBasisHint(basicVariables: Array(0..<variableCount), ownColumns: own, values: values)
        }

        /// The basis given by `basicColumns` as a hint.
        func hint(basicColumns: [Int]) -> ExactBasisHint {
            var hint = ExactBasisHint(basicVariables: [], ownColumns: [Int](repeating: -1, count: ownColumns.count))
            var owner = [Int](repeating: -1, count: problem.kinds.count)
            for (c, own) in ownColumns.enumerated() { for k in 0..<own.count { owner[own.first + k] = c } }
            for j in basicColumns {
                if j < variableCount {
                    hint.basicVariables.append(j)
                } else if owner[j] >= 0 {
                    hint.ownColumns[owner[j]] = j - ownColumns[owner[j]].first
                }
            }
            return hint
        }

        func optimum(of simplex: ExactReducedSimplex) -> ExactResult {
            let objective = levels.indices.map { (levels[$0], simplex.objectiveValue(level: $0).doubleValue) }
            let values = (0..<variableCount).map { simplex.value(of: $0).doubleValue }
            return .optimal(objective: objective, values: values)
        }

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
                ownColumns.append((next, columns.count))
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
            return optimum(of: simplex)
        }
    }
}
