/// One row of an exact tableau's input: `Σ value·x[column] = rhs`, where a column may come
/// more than once (its values add up, exactly).
package struct ExactRow: Sendable {
    package var entries: [(column: Int, value: Double)]
    package var rhs: Double

    package init(entries: [(column: Int, value: Double)] = [], rhs: Double = 0) {
        self.entries = entries
        self.rhs = rhs
    }
}

/// How a column of the exact tableau may move.
package enum ExactColumnKind: Equatable, Sendable {
    /// Unrestricted in sign (a variable): may enter in either direction, never leaves.
    case free
    /// Non-negative (a slack or an error).
    case restricted
    /// Held at zero (a required equality's marker, a spent artificial): never enters; basic
    /// only in a row whose value is zero.
    case fixed
}

/// A dense, fraction-free (Bareiss / Edmonds) simplex tableau, so every decision it takes
/// is exact: `rows[i]` holds `D` times row i of B⁻¹[A | b], the objective rows `D` times
/// the reduced costs (c − c_B B⁻¹A | −c_B B⁻¹b), and `D` is the basis determinant (kept
/// positive). Each pivot divides exactly by the previous determinant, so the numbers stay
/// minors of the input instead of growing with every step.
///
/// The objective is lexicographic, one row per priority level, highest first: a column
/// improves it when its first nonzero reduced cost is negative (or nonzero, for a free
/// column). Bland's rule (lowest index enters, ties in the ratio test go to the lowest
/// basic index) keeps the simplex from cycling.
///
/// `Number` is `Int128`, which reports overflow so that the caller can start again, or
/// `BigInt`.
struct ExactSimplex<Number: ExactNumber> {
    private(set) var rows: [[Number]] = []
    private(set) var objectives: [[Number]] = []
    private(set) var determinant = Number.one
    /// The basic column of each row, or -1.
    private(set) var basis: [Int] = []
    /// The row in which each column is basic, or -1.
    private var basicRow: [Int] = []
    private(set) var kinds: [ExactColumnKind] = []

    var columnCount: Int { kinds.count }
    var rowCount: Int { rows.count }

    /// A tableau for `Σ entries = rhs` per row of `matrix` over `kinds.count` columns, with no
    /// basis yet, and the lexicographic objective `costs` (one row of integers a level).
    /// Each row is scaled by a power of two to integers: every finite double is a dyadic
    /// rational, so nothing is rounded, and entries of one column are summed exactly.
    init(matrix: [ExactRow], kinds: [ExactColumnKind], costs: [[Int]]) throws(ExactOverflow) {
        self.kinds = kinds
        rows = []
        rows.reserveCapacity(matrix.count)
        for row in matrix { rows.append(try Self.integerRow(row, columns: kinds.count)) }
        objectives = []
        for level in costs {
            precondition(level.count == kinds.count)
            var row: [Number] = []
            row.reserveCapacity(kinds.count + 1)
            for c in level { row.append(try Number.exactly(BigInt(c))) }
            row.append(.zero)
            objectives.append(row)
        }
        basis = [Int](repeating: -1, count: matrix.count)
        basicRow = [Int](repeating: -1, count: kinds.count)
    }

    /// The dense row of integers `row` becomes once all its numbers are scaled by the same
    /// power of two, with its right-hand side last.
    static func integerRow(_ row: ExactRow, columns: Int) throws(ExactOverflow) -> [Number] {
        let numbers = row.entries.map(\.value) + [row.rhs]
        let dyadics = numbers.map { BigInt.dyadic($0) }
        let lowest = dyadics.compactMap { $0?.exponent }.min() ?? 0
        var sums = [BigInt](repeating: .zero, count: columns + 1)
        for (k, d) in dyadics.enumerated() {
            guard let (significand, exponent) = d else { continue }
            let column = k < row.entries.count ? row.entries[k].column : columns
            sums[column] += significand.shiftedLeft(by: exponent - lowest)
        }
        var result: [Number] = []
        result.reserveCapacity(columns + 1)
        for s in sums { result.append(try Number.exactly(s)) }
        return result
    }

    // MARK: Pivoting

    /// Fraction-free pivot on (r, j): afterwards column j is a unit column times D.
    mutating func pivot(row r: Int, column j: Int) throws(ExactOverflow) {
        let p = rows[r][j]
        precondition(p != .zero)
        let d = determinant
        let pivotRow = rows[r]
        var support: [Int] = []
        for k in pivotRow.indices where pivotRow[k] != .zero { support.append(k) }
        func update(_ row: inout [Number]) throws(ExactOverflow) {
            let f = row[j]
            if f == .zero && p == d { return }
            if p == d {
                // Scaling by p / d is the identity, so only the pivot row's support changes:
                // (p·x − f·y) / d = x − f·y / d, and f·y / d is exact because the whole is.
                for k in support { row[k] = try row[k].minus(f.times(pivotRow[k]).dividedExactly(by: d)) }
                return
            }
            var next = 0
            for k in row.indices {
                let x = row[k]
                let inSupport = next < support.count && support[next] == k
                if inSupport { next += 1 }
                if f == .zero || !inSupport {
                    // Entries outside the pivot row's support only scale.
                    if x == .zero { continue }
                    row[k] = try p.times(x).dividedExactly(by: d)
                } else {
                    row[k] = try p.times(x).minus(f.times(pivotRow[k])).dividedExactly(by: d)
                }
            }
        }
        for i in rows.indices where i != r { try update(&rows[i]) }
        for i in objectives.indices { try update(&objectives[i]) }
        determinant = p
        if determinant.sign < 0 {
            // Negating everything keeps every entry equal to D times the true tableau.
            determinant = try determinant.negated()
            for i in rows.indices { for k in rows[i].indices { rows[i][k] = try rows[i][k].negated() } }
            for i in objectives.indices {
                for k in objectives[i].indices { objectives[i][k] = try objectives[i][k].negated() }
            }
        }
        if basis[r] >= 0 { basicRow[basis[r]] = -1 }
        basis[r] = j
        basicRow[j] = r
    }

    /// Makes `columns` the basis, each in some row that has none yet. Returns false when
    /// they are not independent (the basis matrix is singular), with the tableau part-way.
    mutating func pivot(toBasis columns: [Int]) throws(ExactOverflow) -> Bool {
        for j in columns where basicRow[j] < 0 {
            guard let r = rows.indices.first(where: { basis[$0] < 0 && rows[$0][j] != .zero }) else { return false }
            try pivot(row: r, column: j)
        }
        return true
    }

    /// Whether `j` is basic.
    func isBasic(_ j: Int) -> Bool { basicRow[j] >= 0 }

    /// Negates row `i` (both sides), which changes nothing it says.
    mutating func negateRow(_ i: Int) throws(ExactOverflow) {
        for k in rows[i].indices { rows[i][k] = try rows[i][k].negated() }
    }

    // MARK: Reading the tableau

    /// The sign of the value of row `i`'s basic column (D is positive).
    func valueSign(ofRow i: Int) -> Int { rows[i][columnCount].sign }

    /// Whether every basic value respects its column's kind: restricted ones not negative,
    /// fixed ones zero.
    var isPrimalFeasible: Bool {
        for i in rows.indices {
            let b = basis[i]
            let s = valueSign(ofRow: i)
            if b < 0 { if s != 0 { return false }; continue }
            switch kinds[b] {
            case .free: continue
            case .restricted: if s < 0 { return false }
            case .fixed: if s != 0 { return false }
            }
        }
        return true
    }

    /// The lowest nonbasic column that can improve the objective, with the direction it
    /// moves in (+1 up, -1 down: only free columns move down), or nil at an optimum.
    /// `allowed` limits the columns considered (all when nil).
    func improvingColumn(allowed: [Bool]? = nil) -> (column: Int, direction: Int)? {
        for j in 0..<columnCount where basicRow[j] < 0 && kinds[j] != .fixed && (allowed?[j] ?? true) {
            guard let o = objectives.firstIndex(where: { $0[j] != .zero }) else { continue }
            let s = objectives[o][j].sign
            if kinds[j] == .free { return (j, -s) }
            if s < 0 { return (j, 1) }
        }
        return nil
    }

    /// The row that limits column `j` moving in `direction`: the exact minimum ratio test
    /// over restricted basics (fixed basics stop it at once), ties to the lowest basic
    /// index; nil when nothing limits it.
    func leavingRow(column j: Int, direction: Int) throws(ExactOverflow) -> Int? {
        let rhs = columnCount
        var leaving = -1
        for i in rows.indices {
            let b = basis[i]
            guard b >= 0, kinds[b] != .free else { continue }
            let a = direction > 0 ? rows[i][j] : try rows[i][j].negated()
            if kinds[b] == .fixed {
                guard a != .zero else { continue }
            } else {
                guard a.sign > 0 else { continue }
            }
            if leaving < 0 { leaving = i; continue }
            // Ratios rhs/a, both denominators positive; a fixed basic's ratio is zero.
            let ratioI = kinds[b] == .fixed ? Number.zero : rows[i][rhs]
            let aL = direction > 0 ? rows[leaving][j] : try rows[leaving][j].negated()
            let lb = basis[leaving]
            let ratioL = kinds[lb] == .fixed ? Number.zero : rows[leaving][rhs]
            let scaledI = kinds[b] == .fixed ? Number.zero : try ratioI.times(kinds[lb] == .fixed ? .one : aL)
            let scaledL = kinds[lb] == .fixed ? Number.zero : try ratioL.times(kinds[b] == .fixed ? .one : a)
            let order = try scaledI.minus(scaledL).sign
            if order < 0 || (order == 0 && b < lb) { leaving = i }
        }
        return leaving < 0 ? nil : leaving
    }

    /// Pivots until no allowed column improves the objective, from a primal feasible basis.
    /// - Returns: false if the objective is unbounded (which a sum of non-negative errors
    ///   never is).
    mutating func optimize(allowed: [Bool]? = nil) throws(ExactOverflow) -> Bool {
        while let (j, direction) = improvingColumn(allowed: allowed) {
            guard let r = try leavingRow(column: j, direction: direction) else { return false }
            try pivot(row: r, column: j)
        }
        return true
    }

    // MARK: From scratch

    /// Finds a feasible basis and then the lexicographic optimum, from no basis: free
    /// columns enter first and stay; then a two-phase simplex with one artificial column a
    /// row (appended, and fixed at zero once phase one is done).
    /// - Returns: false when no point satisfies the rows and the column kinds.
    mutating func solveFromScratch() throws(ExactOverflow) -> Bool {
        let n = columnCount
        let m = rows.count
        // Append the artificial columns (zero for now) before the right-hand side.
        for i in rows.indices { rows[i].insert(contentsOf: [Number](repeating: .zero, count: m), at: n) }
        for o in objectives.indices { objectives[o].insert(contentsOf: [Number](repeating: .zero, count: m), at: n) }
        kinds += [ExactColumnKind](repeating: .restricted, count: m)
        basicRow += [Int](repeating: -1, count: m)
        let rhs = n + m
        // 1. Free columns enter first, on any row, and stay basic.
        for j in 0..<n where kinds[j] == .free && basicRow[j] < 0 {
            guard let r = rows.indices.first(where: { basis[$0] < 0 && rows[$0][j] != .zero }) else { continue }
            try pivot(row: r, column: j)
        }
        // 2. The other rows get non-negative right-hand sides and an artificial each.
        var phaseOne = [Number](repeating: .zero, count: rhs + 1)
        for i in rows.indices where basis[i] < 0 {
            if rows[i][rhs].sign < 0 { try negateRow(i) }
            rows[i][n + i] = determinant
            basis[i] = n + i
            basicRow[n + i] = i
            for k in 0...rhs where k < n || k == rhs { phaseOne[k] = try phaseOne[k].minus(rows[i][k]) }
        }
        // Phase one: only restricted columns move (fixed ones stay at zero).
        objectives.insert(phaseOne, at: 0)
        var allowed = [Bool](repeating: false, count: rhs)
        for j in 0..<n where kinds[j] == .restricted { allowed[j] = true }
        guard try optimize(allowed: allowed) else { preconditionFailure("phase one is bounded below by zero") }
        let feasible = objectives[0][rhs] == .zero
        objectives.removeFirst()
        if !feasible { return false }
        // 3. Artificials are spent: fixed at zero, and driven out of the basis by any other
        // column that can replace them (their value is zero, so nothing moves).
        for a in n..<rhs { kinds[a] = .fixed }
        for i in rows.indices where basis[i] >= n {
            if let j = (0..<n).first(where: { basicRow[$0] < 0 && rows[i][$0] != .zero }) {
                try pivot(row: i, column: j)
            }
        }
        // 4. The levels, highest first.
        var real = [Bool](repeating: false, count: rhs)
        for j in 0..<n { real[j] = true }
        guard try optimize(allowed: real) else { preconditionFailure("the objective sums non-negative errors") }
        return true
    }

    // MARK: Values

    /// Row `i`'s basic value as the nearest double.
    func value(ofRow i: Int) -> Double { rows[i][columnCount].quotientAsDouble(over: determinant) }

    /// Row `i` read as `basic = constant + Σ coefficient·column` over the nonbasic columns
    /// below `columnLimit`, each number the nearest double.
    func explicitRow(_ i: Int, columnLimit: Int) -> (constant: Double, terms: [(column: Int, coefficient: Double)]) {
        var terms: [(Int, Double)] = []
        for j in 0..<columnLimit where j != basis[i] && rows[i][j] != .zero {
            terms.append((j, -rows[i][j].quotientAsDouble(over: determinant)))
        }
        return (value(ofRow: i), terms)
    }

    /// Level `o`'s value and its reduced costs on the nonbasic columns below
    /// `columnLimit`, each the nearest double.
    func objective(_ o: Int, columnLimit: Int) -> (value: Double, terms: [(column: Int, coefficient: Double)]) {
        var terms: [(Int, Double)] = []
        for j in 0..<columnLimit where basicRow[j] < 0 && objectives[o][j] != .zero {
            terms.append((j, objectives[o][j].quotientAsDouble(over: determinant)))
        }
        let value = -objectives[o][objectives[o].count - 1].quotientAsDouble(over: determinant)
        return (value, terms)
    }
}
