/// An exact sparse LU factorization by Gaussian elimination over `Rational`s.
///
/// Exactness takes stability off the table: any nonzero is a good pivot, so each step picks
/// for sparsity alone (the column with fewest nonzeros, then its shortest row, lowest
/// indices on ties so the factors are the same on every run). The factors serve both
/// `K x = b` and `Kᵀ y = c`.
///
/// It also factors matrices that are not square or not of full rank: elimination stops
/// when no nonzero is left, and `pivotRows` / `pivotColumns` name a largest nonsingular
/// square part (`rank` of each).
struct SparseExactLU {
    typealias SparseVector = [(index: Int, value: Rational)]

    let rowCount: Int
    let columnCount: Int
    /// Step k pivots on (pivotRows[k], pivotColumns[k]).
    private(set) var pivotRows: [Int] = []
    private(set) var pivotColumns: [Int] = []
    /// The pivot row as it was when eliminated, pivot included.
    private var upper: [SparseVector] = []
    /// The rows step k subtracted the pivot row from, and their multipliers.
    private var lower: [SparseVector] = []

    var rank: Int { pivotRows.count }

    /// Factors the matrix whose row i holds `rows[i]` (column indices below `columns`, each
    /// at most once, in any order).
    init(rows input: [SparseVector], columns: Int) {
        rowCount = input.count
        columnCount = columns
        var rows = input.map { $0.filter { !$0.value.isZero }.sorted { $0.index < $1.index } }
        var rowDone = [Bool](repeating: false, count: rowCount)
        var columnDone = [Bool](repeating: false, count: columns)
        var columnCount = [Int](repeating: 0, count: columns)
        // Rows that may hold each column (stale entries are skipped when read).
        var columnRows = [[Int]](repeating: [], count: columns)
        for (i, row) in rows.enumerated() {
            for e in row {
                columnCount[e.index] += 1
                columnRows[e.index].append(i)
            }
        }
        while true {
            // The live column with fewest nonzeros, then its shortest row.
            var column = -1
            for j in 0..<columns where !columnDone[j] && columnCount[j] > 0 {
                if column < 0 || columnCount[j] < columnCount[column] { column = j }
                if columnCount[j] == 1 { break }
            }
            if column < 0 { break }
            var holders: [Int] = []
            var pivotRow = -1
            for i in columnRows[column] where !rowDone[i] && !holders.contains(i) {
                guard Self.entry(rows[i], column) != nil else { continue }
                holders.append(i)
                if pivotRow < 0 || rows[i].count < rows[pivotRow].count
                    || (rows[i].count == rows[pivotRow].count && i < pivotRow)
                {
                    pivotRow = i
                }
            }
            columnRows[column] = holders
            let pivotValue = Self.entry(rows[pivotRow], column)!
            let pivotEntries = rows[pivotRow]
            var multipliers: SparseVector = []
            holders.sort()
            for i in holders where i != pivotRow {
                let l = Self.entry(rows[i], column)! / pivotValue
                multipliers.append((i, l))
                let old = rows[i]
                rows[i] = Self.subtract(old, times: l, pivotEntries, dropping: column)
                // Counts follow the change of support.
                var a = 0, b = 0
                let new = rows[i]
                while a < old.count || b < new.count {
                    if b == new.count || (a < old.count && old[a].index < new[b].index) {
                        columnCount[old[a].index] -= 1
                        a += 1
                    } else if a == old.count || new[b].index < old[a].index {
                        columnCount[new[b].index] += 1
                        columnRows[new[b].index].append(i)
                        b += 1
                    } else {
                        a += 1
                        b += 1
                    }
                }
            }
            for e in pivotEntries { columnCount[e.index] -= 1 }
            rowDone[pivotRow] = true
            columnDone[column] = true
            pivotRows.append(pivotRow)
            pivotColumns.append(column)
            upper.append(pivotEntries)
            lower.append(multipliers)
        }
    }

    /// The value at `column` of a sorted sparse row, or nil.
    private static func entry(_ row: SparseVector, _ column: Int) -> Rational? {
        var lo = 0, hi = row.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if row[mid].index < column { lo = mid + 1 } else { hi = mid }
        }
        return lo < row.count && row[lo].index == column ? row[lo].value : nil
    }

    /// `a − l·b` for sorted sparse rows, without the entry at `dropping` (which the step
    /// zeroes) and without exact zeros.
    private static func subtract(_ a: SparseVector, times l: Rational, _ b: SparseVector, dropping: Int)
        -> SparseVector
    {
        var result: SparseVector = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i].index < b[j].index) {
                if a[i].index != dropping { result.append(a[i]) }
                i += 1
            } else if i == a.count || b[j].index < a[i].index {
                if b[j].index != dropping { result.append((b[j].index, -(l * b[j].value))) }
                j += 1
            } else {
                if a[i].index != dropping {
                    let v = a[i].value - l * b[j].value
                    if !v.isZero { result.append((a[i].index, v)) }
                }
                i += 1
                j += 1
            }
        }
        return result
    }

    /// Solves `K x = b` for the nonsingular square part K (rows `pivotRows`, columns
    /// `pivotColumns`): `b` is indexed by row, the result by column (zero off the pivot
    /// columns). Entries of `b` on rows outside the part are ignored.
    func solve(_ b: [Rational]) -> [Rational] {
        var rhs = b
        for k in 0..<rank {
            let r = pivotRows[k]
            let value = rhs[r]
            if value.isZero { continue }
            for (i, l) in lower[k] { rhs[i] -= l * value }
        }
        var x = [Rational](repeating: .zero, count: columnCount)
        for k in stride(from: rank - 1, through: 0, by: -1) {
            let c = pivotColumns[k]
            var sum = rhs[pivotRows[k]]
            var pivot = Rational.one
            for (j, u) in upper[k] {
                if j == c { pivot = u } else if !x[j].isZero { sum -= u * x[j] }
            }
            x[c] = sum / pivot
        }
        return x
    }

    /// Solves `Kᵀ y = c` for the same part: `c` is indexed by column, the result by row
    /// (zero off the pivot rows).
    func solveTransposed(_ c: [Rational]) -> [Rational] {
        var rhs = c
        var w = [Rational](repeating: .zero, count: rowCount)
        for k in 0..<rank {
            let column = pivotColumns[k]
            let value = rhs[column]
            if value.isZero { continue }
            var pivot = Rational.one
            for (j, u) in upper[k] where j == column { pivot = u }
            let wk = value / pivot
            w[pivotRows[k]] = wk
            for (j, u) in upper[k] where j != column { rhs[j] -= u * wk }
        }
        // y = E₁ᵀ⋯E_Kᵀ w: the last step first.
        for k in stride(from: rank - 1, through: 0, by: -1) {
            let r = pivotRows[k]
            var sum = Rational.zero
            for (i, l) in lower[k] where !w[i].isZero { sum += l * w[i] }
            if !sum.isZero { w[r] -= sum }
        }
        return w
    }
}
