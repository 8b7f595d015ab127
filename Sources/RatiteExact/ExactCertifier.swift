/// A system the floating-point solver hands over for an exact check: rows over columns of
/// known kinds, and a lexicographic objective (one cost row a priority level, highest first).
package struct ExactProblem: Sendable {
    package var rows: [ExactRow] = []
    package var kinds: [ExactColumnKind] = []
    package var costs: [[Int]] = []

    package init() {}
}

/// An exact tableau read out in doubles: each row's basic column with its explicit form
/// (`basic = constant + Σ coefficient·column` over nonbasic columns), and each level's value
/// with its reduced costs. Every number is the nearest double to the exact one.
package struct ExactSolution: Sendable {
    package var rows: [(basic: Int, constant: Double, terms: [(column: Int, coefficient: Double)])] = []
    package var objective: [(value: Double, terms: [(column: Int, coefficient: Double)])] = []
}

/// What an exact check concluded.
package enum ExactOutcome: Sendable {
    /// The given basis is right: feasible, and optimal when that was asked.
    case holds(ExactSolution)
    /// It was not; this is the exact optimum.
    case corrected(ExactSolution)
    /// No point satisfies the rows and the column kinds; `rows`, when known, cannot hold
    /// together on their own.
    case infeasible(rows: [Int]?)
    /// The work allowed ran out before a decision (`pivotLimit`).
    case undecided
}

/// Exact checks of a floating-point basis: the dense fraction-free `ExactSimplex` (in
/// `Int128` and again in `BigInt` when a number leaves that range) for up to `denseLimit`
/// rows, the sparse `ExactReducedSimplex` beyond.
package enum ExactCertifier {
    /// The most rows the dense simplex checks.
    package static let denseLimit = 24

    /// Checks `basis` (a column a row, in any order; nil when the caller has none) against
    /// `problem`: that it is a basis, that its values respect the column kinds, and with
    /// `requireOptimal` that no column improves the objective. When it fails, the simplex
    /// goes on from it (or, dense, from scratch), for at most `pivotLimit` pivots. Without
    /// `solutionWhenHolds`, a basis that holds comes back with an empty solution (the sparse
    /// engine then skips writing the tableau out).
    package static func check(
        _ problem: ExactProblem, basis: [Int]?, requireOptimal: Bool, pivotLimit: Int = .max,
        solutionWhenHolds: Bool = true
    ) -> ExactOutcome {
        if problem.rows.count > denseLimit, var simplex = ExactReducedSimplex(problem) {
            return check(
                &simplex, basis: basis, requireOptimal: requireOptimal, pivotLimit: pivotLimit,
                solutionWhenHolds: solutionWhenHolds)
        }
        do {
            return try check(Int128.self, problem, basis: basis, requireOptimal: requireOptimal)
        } catch {
            return try! check(BigInt.self, problem, basis: basis, requireOptimal: requireOptimal)
        }
    }

    private static func check<Number: ExactNumber>(
        _: Number.Type, _ problem: ExactProblem, basis: [Int]?, requireOptimal: Bool
    ) throws(ExactOverflow) -> ExactOutcome {
        let columns = problem.kinds.count
        if let basis {
            var tableau = try ExactSimplex<Number>(matrix: problem.rows, kinds: problem.kinds, costs: problem.costs)
            if try tableau.pivot(toBasis: basis), tableau.isPrimalFeasible {
                if !requireOptimal || tableau.improvingColumn() == nil {
                    return .holds(solution(of: tableau, columns: columns))
                }
                guard try tableau.optimize() else { preconditionFailure("the objective sums non-negative errors") }
                return .corrected(solution(of: tableau, columns: columns))
            }
        }
        var tableau = try ExactSimplex<Number>(matrix: problem.rows, kinds: problem.kinds, costs: problem.costs)
        guard try tableau.solveFromScratch() else { return .infeasible(rows: nil) }
        return .corrected(solution(of: tableau, columns: columns))
    }

    private static func check(
        _ simplex: inout ExactReducedSimplex, basis: [Int]?, requireOptimal: Bool, pivotLimit: Int,
        solutionWhenHolds: Bool
    ) -> ExactOutcome {
        simplex.start(from: basis)
        do {
            guard try simplex.solve(limit: pivotLimit, optimizing: requireOptimal) else {
                return .infeasible(rows: simplex.infeasibleRows)
            }
        } catch {
            return .undecided
        }
        if simplex.changedBasis { return .corrected(simplex.solution()) }
        return .holds(solutionWhenHolds ? simplex.solution() : ExactSolution())
    }

    private static func solution<Number: ExactNumber>(of tableau: ExactSimplex<Number>, columns: Int) -> ExactSolution {
        var result = ExactSolution()
        for i in 0..<tableau.rowCount {
            let b = tableau.basis[i]
            guard b >= 0 && b < columns else { continue }
            let (constant, terms) = tableau.explicitRow(i, columnLimit: columns)
            result.rows.append((b, constant, terms))
        }
        for o in tableau.objectives.indices { result.objective.append(tableau.objective(o, columnLimit: columns)) }
        return result
    }
}
