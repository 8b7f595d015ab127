/// Coefficients smaller than this are treated as zero and dropped from rows: far below any
/// coefficient a layout writes, far above the rounding residue of cancelling terms.
let nearZero = 1.0e-12

@inline(__always)
func isNearZero(_ value: Double) -> Bool { abs(value) < nearZero }

/// A sum `a + b` whose size is this small relative to its operands is cancellation, and
/// its value roundoff: `1000 - 999.9999999999` is kept, `1000 - 1000.0000000000002` is not.
let cancellationTolerance = 1.0e-11

/// `a + b`, or zero when the sum is cancellation roundoff (see `cancellationTolerance`).
@inline(__always)
func cancellingSum(_ a: Double, _ b: Double) -> Double {
    let c = a + b
    return abs(c) <= cancellationTolerance * max(abs(a), abs(b)) || isNearZero(c) ? 0 : c
}

/// One (symbol, coefficient) cell of a sparse row.
struct Cell: Equatable {
    var symbol: Int32
    var coefficient: Double
}

/// A tableau row: `basic = constant + Σ coefficient × symbol`.
///
/// Terms are sorted by symbol id, never contain the basic symbol and never hold a
/// coefficient that `isNearZero`. LP rows (`isDefinition == false`) have a restricted basic
/// symbol and refer only to parametric symbols. Definition rows have an external basic
/// symbol and may refer to basic and defined symbols too, as long as the definitions form a
/// DAG (see `level`); this is what keeps chained layouts free of fill-in.
///
/// The terms live in the core's shared cell pool (`CellStore.pool`), `count` cells
/// from `start`; see `SimplexCore+RowCells.swift`.
struct Row {
    var constant: Double
    var basic: Int32
    var start: Int32
    var count: Int32
    /// -1 for an LP row. For a definition row, its basic symbol's topological level:
    /// strictly above the level of every defined symbol the row refers to (kept here rather
    /// than in the symbol's record, which only a defined symbol needs).
    var level: Int32

    init(constant: Double, basic: Int32, start: Int32, count: Int32, isDefinition: Bool) {
        self.constant = constant
        self.basic = basic
        self.start = start
        self.count = count
        level = isDefinition ? 0 : -1
    }

    /// Whether this is a definition row; making a row one starts it at level 0.
    var isDefinition: Bool {
        get { level >= 0 }
        set { level = newValue ? 0 : -1 }
    }

    /// An unused slot; `basic` doubles as the free-list link.
    static func unused(next: Int32) -> Row {
        Row(constant: 0, basic: -2 - next, start: 0, count: 0, isDefinition: false)
    }

    var isUnused: Bool { basic < 0 }

    /// The positions of the row's cells in the pool.
    @inline(__always) var cellRange: Range<Int> { Int(start) ..< Int(start) + Int(count) }
}

