import Ratite

/// An independent reference solver for small systems, used by the tests and the fuzzers.
///
/// It shares no code with the solver: a dense, fraction-free (integer-preserving, Bareiss /
/// Edmonds) simplex tableau over `Int128` with overflow checks, so every decision it takes is
/// exact. Free variables are pivoted into the basis first and never leave; the rest is a
/// textbook two-phase simplex with Bland's rule (smallest index enters, ties in the ratio test
/// go to the smallest basic index). The objective is lexicographic: levels are optimized from
/// the highest priority down, and after each level every nonbasic column with a positive
/// reduced cost is fixed at zero, which keeps the level optimal while the next one is
/// optimized.
///
/// A constraint is `Σ coefficient·x + constant  relation  0` at a priority; priority 1000 is
/// required. Optional constraints are measured as the solver promises: |error| for an
/// equality, the shortfall for an inequality, summed within a level.
public struct ReferenceConstraint: CustomStringConvertible, Sendable {
    public var terms: [(variable: Int, coefficient: Double)]
    public var constant: Double
    public var relation: Relation
    public var priority: Double

    public init(terms: [(variable: Int, coefficient: Double)], constant: Double, relation: Relation, priority: Double) {
        self.terms = terms
        self.constant = constant
        self.relation = relation
        self.priority = priority
    }

    public var isRequired: Bool { priority >= 1000 }

    public var description: String {
        var text = terms.map { "\($0.coefficient)*x\($0.variable)" }.joined(separator: " + ")
        if text.isEmpty { text = "0" }
        return "\(text) + \(constant) \(relation.symbol) 0 @\(priority)"
    }

    /// The value of the left side at `values`.
    public func evaluate(_ values: [Double]) -> Double {
        var sum = constant
        for t in terms { sum += t.coefficient * values[t.variable] }
        return sum
    }

    /// How much the constraint is violated at `values` (0 when it holds).
    public func violation(_ values: [Double]) -> Double {
        let e = evaluate(values)
        switch relation {
        case .equal: return abs(e)
        case .greaterThanOrEqual: return max(0, -e)
        case .lessThanOrEqual: return max(0, e)
        }
    }
}

public enum ReferenceResult: Sendable {
    /// The required constraints cannot hold together.
    case infeasible
    /// The lexicographic optimum: one value per optional priority level, highest first, and
    /// one optimal point (the only one when the optimum is unique).
    case optimal(objective: [(priority: Double, value: Double)], values: [Double])
    /// The exact arithmetic left `Int128` (or an input was not a small dyadic number); the
    /// case says nothing.
    case overflow
}

/// Objective vector of `values` under `constraints`: per optional priority, highest first,
/// the summed violations.
public func objectiveVector(_ constraints: [ReferenceConstraint], values: [Double]) -> [(priority: Double, value: Double)] {
    let priorities = Set(constraints.filter { !$0.isRequired }.map(\.priority)).sorted(by: >)
    return priorities.map { p in
        (p, constraints.filter { $0.priority == p }.reduce(0.0) { $0 + $1.violation(values) })
    }
}

public struct ReferenceLP {
    private struct Overflow: Error {}

    /// Solves `constraints` over `variableCount` free variables.
    public static func solve(variableCount: Int, constraints: [ReferenceConstraint]) -> ReferenceResult {
        var lp = ReferenceLP()
        do {
            return try lp.run(variableCount: variableCount, constraints: constraints, requiredOnly: false)
        } catch {
            return .overflow
        }
    }

    /// Whether the required constraints among `constraints` can hold together (nil on
    /// overflow).
    public static func isFeasible(variableCount: Int, constraints: [ReferenceConstraint]) -> Bool? {
        var lp = ReferenceLP()
        do {
            switch try lp.run(variableCount: variableCount, constraints: constraints.filter(\.isRequired), requiredOnly: true) {
            case .infeasible: return false
            case .optimal: return true
            case .overflow: return nil
            }
        } catch {
            return nil
        }
    }

    // MARK: The tableau

    /// `rows[i]` holds `D` times row i of B⁻¹[A | b]; the last entry is the right-hand side.
    private var rows: [[Int128]] = []
    /// Objective rows: `D` times (c − c_B B⁻¹A | −c_B B⁻¹b).
    private var objectives: [[Int128]] = []
    /// The basis determinant (kept positive).
    private var determinant: Int128 = 1
    /// The basic column of each row, or -1 for a row found redundant.
    private var basis: [Int] = []
    /// Rows whose basic column is a free variable: never chosen to leave.
    private var isFreeRow: [Bool] = []
    private var columnCount = 0

    private static func multiply(_ a: Int128, _ b: Int128) throws -> Int128 {
        let (r, o) = a.multipliedReportingOverflow(by: b)
        if o { throw Overflow() }
        return r
    }

    private static func subtract(_ a: Int128, _ b: Int128) throws -> Int128 {
        let (r, o) = a.subtractingReportingOverflow(b)
        if o { throw Overflow() }
        return r
    }

    /// The exact integer a small dyadic `value` becomes after scaling by 2^shift.
    private static func scaled(_ value: Double, shift: Int) throws -> Int128 {
        let s = value * Double(1 << shift)
        guard s.isFinite, s == s.rounded(), abs(s) < 1e15 else { throw Overflow() }
        return Int128(s)
    }

    /// The smallest shift making every number of the constraint an integer.
    private static func shift(for c: ReferenceConstraint) throws -> Int {
        let numbers = c.terms.map(\.coefficient) + [c.constant]
        for k in 0...20 {
            if numbers.allSatisfy({ let s = $0 * Double(1 << k); return s == s.rounded() }) { return k }
        }
        throw Overflow()
    }

    /// Fraction-free pivot on (r, j): afterwards column j is a unit column times D.
    private mutating func pivot(row r: Int, column j: Int) throws {
        let p = rows[r][j]
        precondition(p != 0)
        let d = determinant
        let pivotRow = rows[r]
        let support = pivotRow.indices.filter { pivotRow[$0] != 0 }
        var overflow = false
        var inexact = false
        // Raw buffers: this loop is the whole cost of the reference in debug builds.
        func update(_ row: inout [Int128]) {
            let f = row[j]
            if f == 0 && p == d { return }
            pivotRow.withUnsafeBufferPointer { source in
                support.withUnsafeBufferPointer { support in
                    row.withUnsafeMutableBufferPointer { target in
                        var next = 0
                        var k = -1
                        let count = target.count
                        while k + 1 < count {
                            k += 1
                            let x = target[k]
                            let inSupport = next < support.count && support[next] == k
                            if inSupport { next += 1 }
                            if f == 0 || !inSupport {
                                // Entries outside the pivot row's support only scale.
                                if x == 0 { continue }
                                let (v, o) = p.multipliedReportingOverflow(by: x)
                                if o { overflow = true; return }
                                if v % d != 0 { inexact = true }
                                target[k] = v / d
                            } else {
                                let (a, o1) = p.multipliedReportingOverflow(by: x)
                                let (b, o2) = f.multipliedReportingOverflow(by: source[k])
                                let (v, o3) = a.subtractingReportingOverflow(b)
                                if o1 || o2 || o3 { overflow = true; return }
                                if v % d != 0 { inexact = true }
                                target[k] = v / d
                            }
                        }
                    }
                }
            }
        }
        for i in rows.indices where i != r { update(&rows[i]) }
        for i in objectives.indices { update(&objectives[i]) }
        if overflow { throw Overflow() }
        precondition(!inexact, "reference tableau lost integrality")
        determinant = p
        if determinant < 0 {
            // Negating everything keeps every entry equal to D times the true tableau.
            determinant = -determinant
            for i in rows.indices { for k in rows[i].indices { rows[i][k] = -rows[i][k] } }
            for i in objectives.indices { for k in objectives[i].indices { objectives[i][k] = -objectives[i][k] } }
        }
        basis[r] = j
    }

    private func isBasic(_ j: Int) -> Bool { basis.contains(j) }

    /// Minimizes objective `o` with Bland's rule over the columns `allowed`.
    private mutating func minimize(_ o: Int, allowed: [Bool]) throws {
        let rhs = columnCount
        var guardCount = 0
        while true {
            guardCount += 1
            precondition(guardCount < 100_000, "reference simplex does not terminate")
            var entering = -1
            let objective = objectives[o]
            var j = 0
            while j < columnCount {
                if allowed[j] && objective[j] < 0 && !isBasic(j) {
                    entering = j
                    break
                }
                j += 1
            }
            if entering < 0 { return }
            var leaving = -1
            for i in rows.indices where !isFreeRow[i] && basis[i] >= 0 && rows[i][entering] > 0 {
                if leaving < 0 {
                    leaving = i
                    continue
                }
                // Compare rhs_i / a_i with rhs_l / a_l (both denominators positive).
                let lhs = try ReferenceLP.multiply(rows[i][rhs], rows[leaving][entering])
                let rhsValue = try ReferenceLP.multiply(rows[leaving][rhs], rows[i][entering])
                if lhs < rhsValue || (lhs == rhsValue && basis[i] < basis[leaving]) { leaving = i }
            }
            precondition(leaving >= 0, "reference objective unbounded: objectives are sums of non-negative errors")
            try pivot(row: leaving, column: entering)
        }
    }

    private mutating func run(variableCount n: Int, constraints: [ReferenceConstraint], requiredOnly: Bool) throws -> ReferenceResult {
        // Columns: the n free variables, then per constraint its slack and error columns,
        // then one artificial per row (added later).
        var extra: [[(column: Int, sign: Int128)]] = []
        var costs: [(column: Int, priority: Double)] = []
        var next = n
        for c in constraints {
            var columns: [(column: Int, sign: Int128)] = []
            switch (c.relation, c.isRequired) {
            case (.equal, true):
                break
            case (.greaterThanOrEqual, true):
                columns = [(next, -1)]  // Σ + c − s = 0
                next += 1
            case (.lessThanOrEqual, true):
                columns = [(next, 1)]  // Σ + c + s = 0
                next += 1
            case (.equal, false):
                columns = [(next, -1), (next + 1, 1)]  // Σ + c − e⁺ + e⁻ = 0
                costs += [(next, c.priority), (next + 1, c.priority)]
                next += 2
            case (.greaterThanOrEqual, false):
                columns = [(next, -1), (next + 1, 1)]  // Σ + c − s + e = 0
                costs.append((next + 1, c.priority))
                next += 2
            case (.lessThanOrEqual, false):
                columns = [(next, 1), (next + 1, -1)]  // Σ + c + s − e = 0
                costs.append((next + 1, c.priority))
                next += 2
            }
            extra.append(columns)
        }
        let structural = next
        let m = constraints.count
        columnCount = structural + m
        let rhs = columnCount
        rows = []
        for (i, c) in constraints.enumerated() {
            let k = try ReferenceLP.shift(for: c)
            var row = [Int128](repeating: 0, count: columnCount + 1)
            for t in c.terms { row[t.variable] += try ReferenceLP.scaled(t.coefficient, shift: k) }
            for e in extra[i] { row[e.column] = e.sign << Int128(k) }
            row[rhs] = -(try ReferenceLP.scaled(c.constant, shift: k))
            rows.append(row)
        }
        basis = [Int](repeating: -2, count: m)
        isFreeRow = [Bool](repeating: false, count: m)
        determinant = 1
        let levels = Set(costs.map(\.priority)).sorted(by: >)
        objectives = levels.map { p in
            var row = [Int128](repeating: 0, count: columnCount + 1)
            for c in costs where c.priority == p { row[c.column] = 1 }
            return row
        }

        // 1. Free variables enter first, on any row, and stay basic.
        for j in 0..<n {
            guard let r = rows.indices.first(where: { !isFreeRow[$0] && rows[$0][j] != 0 }) else { continue }
            try pivot(row: r, column: j)
            isFreeRow[r] = true
        }
        // 2. The other rows get non-negative right-hand sides and an artificial each.
        var phaseOne = [Int128](repeating: 0, count: columnCount + 1)
        for i in rows.indices where !isFreeRow[i] {
            if (n..<structural).allSatisfy({ rows[i][$0] == 0 }) {
                // 0 = rhs: redundant or contradictory.
                if rows[i][rhs] != 0 { return .infeasible }
                basis[i] = -1
                continue
            }
            if rows[i][rhs] < 0 { for k in rows[i].indices { rows[i][k] = -rows[i][k] } }
            rows[i][structural + i] = determinant
            basis[i] = structural + i
            for k in 0...rhs where k < structural || k == rhs { phaseOne[k] = try ReferenceLP.subtract(phaseOne[k], rows[i][k]) }
        }
        // Objective rows must be zero on basic columns: artificials carry no level cost, and
        // free columns were eliminated from them by the pivots above.
        objectives.append(phaseOne)
        let phase = objectives.count - 1
        var allowed = [Bool](repeating: true, count: columnCount)
        for j in 0..<n { allowed[j] = false }
        try minimize(phase, allowed: allowed)
        if objectives[phase][rhs] != 0 { return .infeasible }
        objectives.removeLast()
        // 3. Drive artificials out of the basis (they sit at zero) or drop their rows.
        for j in structural..<columnCount { allowed[j] = false }
        for i in rows.indices where basis[i] >= structural {
            if let j = (n..<structural).first(where: { rows[i][$0] != 0 }) {
                try pivot(row: i, column: j)
            } else {
                basis[i] = -1
            }
        }
        if requiredOnly { return .optimal(objective: [], values: []) }
        // 4. Levels, highest first.
        var objective: [(priority: Double, value: Double)] = []
        for (o, p) in levels.enumerated() {
            try minimize(o, allowed: allowed)
            objective.append((p, Double(-objectives[o][rhs]) / Double(determinant)))
            for j in 0..<columnCount where objectives[o][j] > 0 && !isBasic(j) { allowed[j] = false }
        }
        var values = [Double](repeating: 0, count: n)
        for i in rows.indices where isFreeRow[i] {
            values[basis[i]] = Double(rows[i][rhs]) / Double(determinant)
        }
        return .optimal(objective: objective, values: values)
    }
}
