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

/// The exact reference solver for small systems: an `ExactSimplex` over the variables (free)
/// and a slack or two errors per constraint (restricted), computed in `Int128` and again in
/// `BigInt` when a number leaves that range. It shares no code with the floating-point
/// core it checks.
///
/// - Complexity: dense; O(rows × columns) numbers a pivot. Meant for tens of constraints.
package enum ExactLP {
    /// The lexicographic optimum of `constraints` over `variableCount` free variables.
    package static func solve(variableCount: Int, constraints: [ExactConstraint]) -> ExactResult {
        do {
            return try run(Int128.self, variableCount: variableCount, constraints: constraints, requiredOnly: false)
        } catch {
            return try! run(BigInt.self, variableCount: variableCount, constraints: constraints, requiredOnly: false)
        }
    }

    /// Whether the required constraints among `constraints` can hold together.
    package static func isFeasible(variableCount: Int, constraints: [ExactConstraint]) -> Bool {
        let required = constraints.filter(\.isRequired)
        let result: ExactResult
        do {
            result = try run(Int128.self, variableCount: variableCount, constraints: required, requiredOnly: true)
        } catch {
            result = try! run(BigInt.self, variableCount: variableCount, constraints: required, requiredOnly: true)
        }
        if case .infeasible = result { return false }
        return true
    }

    private static func run<Number: ExactNumber>(
        _: Number.Type, variableCount n: Int, constraints: [ExactConstraint], requiredOnly: Bool
    ) throws(ExactOverflow) -> ExactResult {
        // Columns: the n free variables, then per constraint its slack and error columns.
        var kinds = [ExactColumnKind](repeating: .free, count: n)
        var extra: [[(column: Int, sign: Double)]] = []
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
            extra.append(columns)
        }
        var matrix: [ExactRow] = []
        for (i, c) in constraints.enumerated() {
            var row = ExactRow(entries: c.terms.map { ($0.variable, $0.coefficient) }, rhs: -c.constant)
            for e in extra[i] { row.entries.append((e.column, e.sign)) }
            matrix.append(row)
        }
        var levels: [Double] = []
        for c in costs where !levels.contains(c.priority) { levels.append(c.priority) }
        levels.sort(by: >)
        let costRows: [[Int]] = requiredOnly ? [] : levels.map { p in
            var row = [Int](repeating: 0, count: kinds.count)
            for c in costs where c.priority == p { row[c.column] = 1 }
            return row
        }
        var tableau = try ExactSimplex<Number>(matrix: matrix, kinds: kinds, costs: costRows)
        guard try tableau.solveFromScratch() else { return .infeasible }
        if requiredOnly { return .optimal(objective: [], values: []) }
        let objective = levels.indices.map { (levels[$0], tableau.objective($0, columnLimit: 0).value) }
        var values = [Double](repeating: 0, count: n)
        for i in 0..<tableau.rowCount where tableau.basis[i] >= 0 && tableau.basis[i] < n {
            values[tableau.basis[i]] = tableau.value(ofRow: i)
        }
        return .optimal(objective: objective, values: values)
    }
}
