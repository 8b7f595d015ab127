/// An exact revised simplex for the problems a constraint solver poses: free columns (the
/// variables) that appear in many rows, and every other column (a slack, an error, a
/// marker) in exactly one row. Its basis matrix is then block triangular, and everything
/// the simplex needs comes from its *core*: the square matrix K of the basic free columns
/// on the rows with no basic column of their own ("tight" rows). K is no larger than the
/// number of variables, however many constraints there are, so a system of 450
/// constraints over 80 variables factors an 80×80 sparse matrix per pivot, where the dense
/// tableau of `ExactSimplex` would rewrite 450 rows of 900 numbers.
///
/// With rows `a_iᵀx + Σ σ_s z_s = b_i`, a basis is (T, V): tight rows T, basic free columns
/// V with |T| = |V| and K = A[T, V] nonsingular, and one basic column of its own in every
/// other row. Nonbasic columns are zero, but for free ones, which may sit at any value (a
/// warm start puts them where the last answer had them). With nonbasic free values at zero,
/// - values: `K x_V = b_T`; a non-tight row's basic is `(b_i − a_iᵀx) / σ`;
/// - multipliers per level: `y_i = c_β / σ_β` off T, and `Kᵀ y_T = c_V − A[¬T, V]ᵀ y_¬T`;
/// - reduced costs: `c_s − y_i σ_s` for a column of row i, `c_v − Σ y_i a_iv` for a free one.
///
/// The objective is lexicographic (a cost row per level, highest first): a column improves
/// it when its first nonzero reduced cost is negative (or nonzero, for a free column).
/// Bland's rule on the column order (lowest index enters; ties in the ratio test go to the
/// lowest basic index) keeps it from cycling, as over any ordered field. Infeasible starting
/// bases get an artificial column in each infeasible row and a phase-one level on top.
struct ExactReducedSimplex {
    /// Why the simplex stopped without an answer.
    enum Stop: Error {
        /// More pivots than the caller allowed.
        case pivotLimit
    }

    // MARK: The problem

    /// Each row's entries on free columns (problem column indices), sorted.
    private(set) var freeEntries: [[(column: Int, value: Rational)]] = []
    private(set) var rhs: [Rational] = []
    /// Each free column's entries, by row.
    private var columnEntries: [[(row: Int, value: Rational)]]
    /// For a column of one row: that row, else -1 (free, or in no row).
    private var ownerRow: [Int]
    private var sigma: [Rational]
    private var kinds: [ExactColumnKind]
    /// Each row's own columns, ascending.
    private var ownColumns: [[Int]]
    /// Per level, highest first, each column's cost.
    private var costs: [[Rational]]
    /// Columns of the problem as given; artificial ones come after.
    let problemColumns: Int

    var rowCount: Int { rhs.count }
    var columnCount: Int { kinds.count }

    // MARK: The basis

    /// Each row's basic column of its own, or -1 when the row is tight.
    private(set) var basicOfRow: [Int]
    /// The basic free columns, ascending.
    private(set) var basicFree: [Int] = []
    private var isBasic: [Bool]

    private var factors = SparseExactLU(rows: [], columns: 0)
    /// T and V in the order the factors use: local row t is `tightRows[t]`.
    private var tightRows: [Int] = []
    private var localOfFree: [Int]
    private var localOfRow: [Int]
    /// Values of every column at the current basis (after `refresh`).
    private(set) var values: [Rational]
    /// Pivots taken so far.
    private(set) var pivots = 0
    /// Whether the starting basis needed repair, artificials or pivots.
    private(set) var changedBasis = false

    /// Makes the simplex for `problem`, or nil when some non-free column appears in more
    /// than one row (the dense `ExactSimplex` takes those).
    init?(_ problem: ExactProblem) {
        let n = problem.kinds.count
        let m = problem.rows.count
        problemColumns = n
        kinds = problem.kinds
        ownerRow = [Int](repeating: -1, count: n)
        sigma = [Rational](repeating: .zero, count: n)
        ownColumns = [[Int]](repeating: [], count: m)
        columnEntries = [[(row: Int, value: Rational)]](repeating: [], count: n)
        for (i, row) in problem.rows.enumerated() {
            var free: [(column: Int, value: Rational)] = []
            for e in row.entries {
                let value = Rational(e.value)
                if problem.kinds[e.column] == .free {
                    free.append((e.column, value))
                } else {
                    if ownerRow[e.column] >= 0 && ownerRow[e.column] != i { return nil }
                    if ownerRow[e.column] < 0 { ownColumns[i].append(e.column) }
                    ownerRow[e.column] = i
                    sigma[e.column] += value
                }
            }
            // By column, a column's entries summed (exactly, so their order is no matter).
            free.sort { $0.column < $1.column }
            var sorted: [(column: Int, value: Rational)] = []
            for e in free {
                if let last = sorted.last, last.column == e.column {
                    sorted[sorted.count - 1].value += e.value
                } else {
                    sorted.append(e)
                }
            }
            sorted.removeAll { $0.value.isZero }
            freeEntries.append(sorted)
            for e in sorted { columnEntries[e.column].append((i, e.value)) }
            rhs.append(Rational(row.rhs))
        }
        for i in 0..<m {
            var kept: [Int] = []
            for j in ownColumns[i] where !sigma[j].isZero { kept.append(j) }
            ownColumns[i] = kept.sorted()
        }
        for j in 0..<n where ownerRow[j] >= 0 && sigma[j].isZero { ownerRow[j] = -1 }
        costs = problem.costs.map { level in level.map { Rational($0) } }
        basicOfRow = [Int](repeating: -1, count: m)
        isBasic = [Bool](repeating: false, count: n)
        localOfFree = [Int](repeating: -1, count: n)
        localOfRow = [Int](repeating: -1, count: m)
        values = [Rational](repeating: .zero, count: n)
        // A row with no column of its own (an equality over variables) gets a fixed one,
        // after the problem's columns: then every row can leave T.
        for i in 0..<m where ownColumns[i].isEmpty { addOwnColumn(row: i, sigma: .one, kind: .fixed) }
    }

    /// Appends a column of row `i` (an artificial, or a row's fixed stand-in) with no cost.
    @discardableResult
    private mutating func addOwnColumn(row i: Int, sigma s: Rational, kind: ExactColumnKind) -> Int {
        let j = kinds.count
        kinds.append(kind)
        ownerRow.append(i)
        sigma.append(s)
        columnEntries.append([])
        isBasic.append(false)
        localOfFree.append(-1)
        values.append(.zero)
        for l in costs.indices { costs[l].append(.zero) }
        ownColumns[i].append(j)
        return j
    }

    // MARK: Starting basis

    /// Takes `basis` (columns, any order) as far as it is a basis: at most one basic column
    /// per row, and the largest nonsingular core its tight rows and free columns hold. Rows
    /// left without a basic column take their first own column. With nil, every row starts
    /// with its first own column (no free column basic). Free columns that end up nonbasic
    /// sit at `freeValues` (by column; zero when nil), so a basis that lost a tight row to a
    /// removal still starts at the last answer's point.
    mutating func start(from basis: [Int]?, freeValues: [Rational]? = nil) {
        for j in 0..<columnCount {
            values[j] = kinds[j] == .free && j < (freeValues?.count ?? 0) ? freeValues![j] : .zero
        }
        for i in 0..<rowCount { basicOfRow[i] = -1 }
        for j in 0..<columnCount { isBasic[j] = false }
        var candidates: [Int] = []
        var valid = basis != nil
        for j in (basis ?? []).sorted() {
            guard j >= 0 && j < problemColumns, !isBasic[j] else { valid = false; continue }
            if kinds[j] == .free {
                if columnEntries[j].isEmpty || candidates.last == j { valid = false; continue }
                candidates.append(j)
            } else if ownerRow[j] >= 0 && basicOfRow[ownerRow[j]] < 0 {
                basicOfRow[ownerRow[j]] = j
                isBasic[j] = true
            } else {
                valid = false
            }
        }
        let tight = (0..<rowCount).filter { basicOfRow[$0] < 0 }
        // The largest nonsingular core of the tight rows and candidate columns.
        var local = [Int](repeating: -1, count: columnCount)
        for (f, j) in candidates.enumerated() { local[j] = f }
        let coreRows = tight.map { i in
            freeEntries[i].compactMap { local[$0.column] >= 0 ? (local[$0.column], $0.value) : nil }
        }
        let core = SparseExactLU(rows: coreRows, columns: candidates.count)
        if core.rank != tight.count || core.rank != candidates.count { valid = false }
        var keptRow = [Bool](repeating: false, count: tight.count)
        for r in core.pivotRows { keptRow[r] = true }
        basicFree = core.pivotColumns.map { candidates[$0] }.sorted()
        for j in basicFree { isBasic[j] = true }
        for (t, i) in tight.enumerated() where !keptRow[t] {
            let j = ownColumns[i][0]
            basicOfRow[i] = j
            isBasic[j] = true
        }
        changedBasis = !valid
        refactor()
        // A row whose basic is out of bounds may have another column of its own that takes
        // its residual within bounds (the error of a violated optional constraint): a swap
        // that moves nothing else, where a phase one would take pivots.
        for i in 0..<rowCount where basicOfRow[i] >= 0 && !isWithinBounds(basicOfRow[i]) {
            let b = basicOfRow[i]
            let residual = sigma[b] * values[b]
            for j in ownColumns[i] where j != b {
                let value = residual / sigma[j]
                let fits = kinds[j] == .restricted ? value.sign >= 0 : value.isZero
                guard fits else { continue }
                isBasic[b] = false
                values[b] = .zero
                basicOfRow[i] = j
                isBasic[j] = true
                values[j] = value
                changedBasis = true
                break
            }
        }
    }

    /// Factors K for the current (T, V).
    private mutating func refactor() {
        tightRows = (0..<rowCount).filter { basicOfRow[$0] < 0 }
        for j in 0..<columnCount { localOfFree[j] = -1 }
        for (f, j) in basicFree.enumerated() { localOfFree[j] = f }
        for i in 0..<rowCount { localOfRow[i] = -1 }
        for (t, i) in tightRows.enumerated() { localOfRow[i] = t }
        let local = localOfFree
        factors = SparseExactLU(
            rows: tightRows.map { i in
                freeEntries[i].compactMap { local[$0.column] >= 0 ? (local[$0.column], $0.value) : nil }
            },
            columns: basicFree.count)
        precondition(factors.rank == tightRows.count && factors.rank == basicFree.count, "singular basis core")
        computeValues()
    }

    /// Values of the basic columns (nonbasic ones keep theirs: zero, or a free column's).
    private mutating func computeValues() {
        for j in 0..<columnCount where isBasic[j] || kinds[j] != .free { values[j] = .zero }
        let x = factors.solve(tightRows.map { i in
            var b = rhs[i]
            for e in freeEntries[i] where localOfFree[e.column] < 0 && !values[e.column].isZero {
                b -= e.value * values[e.column]
            }
            return b
        })
        for (f, j) in basicFree.enumerated() { values[j] = x[f] }
        for i in 0..<rowCount where basicOfRow[i] >= 0 {
            let b = basicOfRow[i]
            values[b] = (rhs[i] - rowActivity(i)) / sigma[b]
        }
    }

    /// `Σ a_iv x_v` over the free columns of row i at the current values.
    private func rowActivity(_ i: Int) -> Rational {
        var sum = Rational.zero
        for e in freeEntries[i] where !values[e.column].isZero {
            sum += e.value * values[e.column]
        }
        return sum
    }

    /// Whether basic column b's value respects its kind.
    private func isWithinBounds(_ b: Int) -> Bool {
        switch kinds[b] {
        case .free: true
        case .restricted: values[b].sign >= 0
        case .fixed: values[b].isZero
        }
    }

    /// Whether every basic value respects its column's kind.
    var isPrimalFeasible: Bool {
        for i in 0..<rowCount where basicOfRow[i] >= 0 {
            let b = basicOfRow[i]
            switch kinds[b] {
            case .free: continue
            case .restricted: if values[b].sign < 0 { return false }
            case .fixed: if !values[b].isZero { return false }
            }
        }
        return true
    }

    // MARK: Prices

    /// The multipliers of level `l`, one per row.
    private func multipliers(level l: Int) -> [Rational] {
        var y = [Rational](repeating: .zero, count: rowCount)
        for i in 0..<rowCount where basicOfRow[i] >= 0 {
            let b = basicOfRow[i]
            if !costs[l][b].isZero { y[i] = costs[l][b] / sigma[b] }
        }
        var c = basicFree.map { costs[l][$0] }
        for i in 0..<rowCount where basicOfRow[i] >= 0 && !y[i].isZero {
            for e in freeEntries[i] where localOfFree[e.column] >= 0 { c[localOfFree[e.column]] -= y[i] * e.value }
        }
        if c.contains(where: { !$0.isZero }) {
            let yT = factors.solveTransposed(c)
            for (t, i) in tightRows.enumerated() { y[i] = yT[t] }
        }
        return y
    }

    /// Column j's reduced cost at a level with multipliers `y`.
    private func reducedCost(_ j: Int, level l: Int, _ y: [Rational]) -> Rational {
        if ownerRow[j] >= 0 { return costs[l][j] - y[ownerRow[j]] * sigma[j] }
        var d = costs[l][j]
        for e in columnEntries[j] where !y[e.row].isZero { d -= y[e.row] * e.value }
        return d
    }

    /// A nonbasic column that improves the objective and the way it moves (+1 up, -1 down:
    /// only free columns move down), or nil at an optimum. With `bland`, the lowest such
    /// column; otherwise one at the highest level any column improves, with the largest
    /// reduced cost there (Dantzig's rule, compared in doubles: any improving column is
    /// right, the choice only saves pivots), lowest index on ties.
    private func enteringColumn(bland: Bool) -> (column: Int, direction: Int)? {
        // Each level's multipliers cost a solve with the factors; a level is reached only by
        // columns that leave every level above it unchanged, so many are never needed.
        var ys = [[Rational]?](repeating: nil, count: costs.count)
        var best: (column: Int, direction: Int)? = nil
        var bestLevel = Int.max
        var bestRate = 0.0
        for j in 0..<columnCount where !isBasic[j] && kinds[j] != .fixed {
            if kinds[j] == .free && columnEntries[j].isEmpty { continue }
            if kinds[j] != .free && ownerRow[j] < 0 { continue }
            for l in costs.indices where l <= bestLevel {
                let y = ys[l] ?? multipliers(level: l)
                ys[l] = y
                let d = reducedCost(j, level: l, y)
                if d.isZero { continue }
                guard kinds[j] == .free || d.sign < 0 else { break }
                if bland { return (j, kinds[j] == .free ? -d.sign : 1) }
                let rate = abs(d.roughValue)
                if l < bestLevel || rate > bestRate {
                    best = (j, kinds[j] == .free ? -d.sign : 1)
                    bestLevel = l
                    bestRate = rate
                }
                break
            }
        }
        return best
    }

    // MARK: Pivoting

    /// How the basics move per unit of column `j` moving in `direction`: the change of
    /// each row's basic of its own (indexed by row), and of the basic free columns (by
    /// column).
    private func direction(of j: Int, _ direction: Int) -> (rows: [Rational], free: [Int: Rational]) {
        var delta = Rational(direction)
        if ownerRow[j] >= 0 && basicOfRow[ownerRow[j]] >= 0 {
            let i = ownerRow[j]
            var rowChange = [Rational](repeating: .zero, count: rowCount)
            rowChange[i] = -(sigma[j] / sigma[basicOfRow[i]])
            return (rowChange, [:])
        }
        var b = [Rational](repeating: .zero, count: tightRows.count)
        if ownerRow[j] >= 0 {
            b[localOfRow[ownerRow[j]]] = -sigma[j]
            delta = .zero
        } else {
            for e in columnEntries[j] where localOfRow[e.row] >= 0 { b[localOfRow[e.row]] = -(e.value * delta) }
        }
        return basicsMove(with: factors.solve(b), entering: ownerRow[j] < 0 ? j : -1, by: delta)
    }

    /// The change of every basic when the basic free columns move by `dx` (local order)
    /// and free column `entering` (or none, -1) by `delta`.
    private func basicsMove(with dx: [Rational], entering: Int, by delta: Rational)
        -> (rows: [Rational], free: [Int: Rational])
    {
        var rowChange = [Rational](repeating: .zero, count: rowCount)
        var free: [Int: Rational] = [:]
        var moved = [Rational](repeating: .zero, count: columnCount)
        for (f, v) in basicFree.enumerated() where !dx[f].isZero {
            free[v] = dx[f]
            moved[v] = dx[f]
        }
        if entering >= 0 { moved[entering] = delta }
        for i in 0..<rowCount where basicOfRow[i] >= 0 {
            var sum = Rational.zero
            for e in freeEntries[i] where !moved[e.column].isZero { sum += e.value * moved[e.column] }
            if !sum.isZero { rowChange[i] = -(sum / sigma[basicOfRow[i]]) }
        }
        return (rowChange, free)
    }

    /// The row whose basic stops column j first, ties to the lowest basic column, and how
    /// far j moves; nil when nothing stops it.
    private func leavingRow(_ change: [Rational]) -> (row: Int, step: Rational)? {
        var best = -1
        var bestRatio = Rational.zero
        for i in 0..<rowCount where basicOfRow[i] >= 0 && !change[i].isZero {
            let b = basicOfRow[i]
            let ratio: Rational
            switch kinds[b] {
            case .free: continue
            case .fixed: ratio = .zero
            case .restricted:
                guard change[i].sign < 0 else { continue }
                ratio = values[b] / -change[i]
            }
            if best < 0 || ratio < bestRatio || (ratio == bestRatio && b < basicOfRow[best]) {
                best = i
                bestRatio = ratio
            }
        }
        return best < 0 ? nil : (best, bestRatio)
    }

    /// Brings column j in through row `leaving`, whose basic goes.
    private mutating func pivot(entering j: Int, leaving i: Int) {
        isBasic[basicOfRow[i]] = false
        if ownerRow[j] < 0 {
            basicOfRow[i] = -1
            basicFree.append(j)
            basicFree.sort()
        } else if ownerRow[j] == i {
            basicOfRow[i] = j
        } else {
            basicOfRow[ownerRow[j]] = j
            basicOfRow[i] = -1
        }
        isBasic[j] = true
        pivots += 1
        changedBasis = true
        refactor()
    }

    /// Pivots until nothing improves the objective.
    /// - Throws: `Stop.pivotLimit` past `limit` pivots in all.
    /// - Returns: false if the objective is unbounded (a sum of non-negative errors never is).
    private mutating func optimize(limit: Int) throws(Stop) -> Bool {
        var degenerateRun = 0
        while let (j, d) = enteringColumn(bland: degenerateRun >= blandThreshold) {
            let change = direction(of: j, d)
            guard let (i, step) = leavingRow(change.rows) else { return false }
            if pivots >= limit { throw .pivotLimit }
            degenerateRun = step.isZero ? degenerateRun + 1 : 0
            pivot(entering: j, leaving: i)
        }
        return true
    }

    /// Degenerate pivots in a row after which Bland's rule takes over until one is not: a
    /// pivot that moves lowers the objective, so a cycle could only be degenerate.
    private var blandThreshold: Int { 30 }

    // MARK: Solving

    /// From the current basis: phase one when it is infeasible, then the levels (only after
    /// a phase one, without `optimizing`: a feasible start is then left as it is).
    /// - Returns: false when no point satisfies the rows and the column kinds; then
    ///   `infeasibleRows` names rows that cannot hold together.
    mutating func solve(limit: Int, optimizing: Bool = true) throws(Stop) -> Bool {
        let feasibleStart = isPrimalFeasible
        if !feasibleStart {
            changedBasis = true
            let real = costs
            costs = [[Rational]](repeating: [Rational](repeating: .zero, count: columnCount), count: 1)
            var artificial: [Int] = []
            for i in 0..<rowCount where basicOfRow[i] >= 0 {
                let b = basicOfRow[i]
                let infeasible = kinds[b] == .restricted ? values[b].sign < 0 : kinds[b] == .fixed && !values[b].isZero
                guard infeasible else { continue }
                // The row's residual, carried by a new column that is positive.
                let residual = sigma[b] * values[b]
                let a = addOwnColumn(row: i, sigma: Rational(residual.sign), kind: .restricted)
                costs[0][a] = .one
                isBasic[b] = false
                basicOfRow[i] = a
                isBasic[a] = true
                artificial.append(a)
            }
            refactor()
            guard try optimize(limit: limit) else { preconditionFailure("phase one is bounded below") }
            if artificial.contains(where: { !values[$0].isZero }) {
                // Farkas: the phase-one multipliers combine these rows into 0 = positive.
                let y = multipliers(level: 0)
                infeasibleRows = (0..<rowCount).filter { !y[$0].isZero }
                return false
            }
            // Spent: held at zero, and out of the basis in favour of a column of their row.
            for a in artificial {
                kinds[a] = .fixed
                let i = ownerRow[a]
                if basicOfRow[i] == a, let j = ownColumns[i].first(where: { $0 != a }) {
                    isBasic[a] = false
                    basicOfRow[i] = j
                    isBasic[j] = true
                }
            }
            costs = real.map { level in level + [Rational](repeating: .zero, count: columnCount - level.count) }
            refactor()
        }
        if optimizing || !feasibleStart {
            guard try optimize(limit: limit) else { preconditionFailure("the objective sums non-negative errors") }
        }
        return true
    }

    /// After `solve` found no feasible point: rows that cannot hold together (those the
    /// phase-one multipliers combine), ascending.
    private(set) var infeasibleRows: [Int] = []

    /// Whether the current basis is optimal.
    var isOptimal: Bool { enteringColumn(bland: true) == nil }

    // MARK: Reading out

    /// Level l's value at the current basis.
    func objectiveValue(level l: Int) -> Rational {
        var sum = Rational.zero
        for j in 0..<columnCount where !values[j].isZero && !costs[l][j].isZero { sum += costs[l][j] * values[j] }
        return sum
    }

    var levelCount: Int { costs.count }

    /// The tableau in doubles over the problem's columns: each basic column's explicit form
    /// over the nonbasic ones, and each level's value and reduced costs.
    func solution() -> ExactSolution {
        var result = ExactSolution()
        // Per basic column, its explicit form: how it moves with each nonbasic column.
        var forms = [[(column: Int, coefficient: Double)]](repeating: [], count: columnCount)
        // Columns of one tight row move the basics alike, scaled by their coefficients.
        var unit: [Int: (rows: [Rational], free: [Int: Rational])] = [:]
        for j in 0..<problemColumns where !isBasic[j] {
            if kinds[j] == .free && columnEntries[j].isEmpty { continue }
            if kinds[j] != .free && ownerRow[j] < 0 { continue }
            var change: (rows: [Rational], free: [Int: Rational])
            var scale = Rational.one
            if ownerRow[j] >= 0 && basicOfRow[ownerRow[j]] < 0 {
                let r = ownerRow[j]
                if unit[r] == nil { unit[r] = tightRowDirection(r) }
                change = unit[r]!
                scale = sigma[j]
            } else {
                change = direction(of: j, 1)
            }
            for i in 0..<rowCount where !change.rows[i].isZero {
                forms[basicOfRow[i]].append((j, (change.rows[i] * scale).doubleValue))
            }
            for (v, d) in change.free.sorted(by: { $0.key < $1.key }) { forms[v].append((j, (d * scale).doubleValue)) }
        }
        // Constants are the values with every nonbasic column at zero.
        for b in 0..<problemColumns where isBasic[b] {
            var constant = values[b]
            for (j, _) in forms[b] where !values[j].isZero {
                constant -= values[j] * exactForm(of: b, along: j)
            }
            result.rows.append((b, constant.doubleValue, forms[b]))
        }
        for l in costs.indices {
            let y = multipliers(level: l)
            var terms: [(column: Int, coefficient: Double)] = []
            for j in 0..<problemColumns where !isBasic[j] {
                let d = reducedCost(j, level: l, y)
                if !d.isZero { terms.append((j, d.doubleValue)) }
            }
            result.objective.append((objectiveValue(level: l).doubleValue, terms))
        }
        return result
    }

    /// How basic b moves per unit of nonbasic column j, exactly.
    private func exactForm(of b: Int, along j: Int) -> Rational {
        let change = direction(of: j, 1)
        if kinds[b] == .free { return change.free[b] ?? .zero }
        return change.rows[ownerRow[b]]
    }

    /// How the basics move per unit of a column of tight row r whose coefficient is 1.
    private func tightRowDirection(_ r: Int) -> (rows: [Rational], free: [Int: Rational]) {
        var b = [Rational](repeating: .zero, count: tightRows.count)
        b[localOfRow[r]] = -.one
        return basicsMove(with: factors.solve(b), entering: -1, by: .zero)
    }

    /// The value of column j.
    func value(of j: Int) -> Rational { values[j] }

    /// The basic columns of the problem, ascending.
    var basicColumns: [Int] { (0..<problemColumns).filter { isBasic[$0] } }
}
