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
/// DAG (see `SymbolRecord.level`); this is what keeps chained layouts free of fill-in.
struct Row {
    var basic: Int32
    var isDefinition: Bool
    var constant: Double
    var terms: [Cell]

    /// An unused slot; `basic` doubles as the free-list link.
    static func unused(next: Int32) -> Row {
        Row(basic: -2 - next, isDefinition: false, constant: 0, terms: [])
    }

    var isUnused: Bool { basic < 0 }

    /// The binary-search position of `symbol` in `terms`, or nil.
    @inline(__always)
    func index(of symbol: Int32) -> Int? {
        var low = 0
        var high = terms.count
        while low < high {
            let mid = (low &+ high) >> 1
            let s = terms[mid].symbol
            if s == symbol { return mid }
            if s < symbol { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    @inline(__always)
    func coefficient(of symbol: Int32) -> Double {
        if let i = index(of: symbol) { return terms[i].coefficient }
        return 0
    }
}

/// Merges `target + scale × source` into sorted terms, skipping `skip` (the symbol being
/// substituted away), and reports which symbols appeared in or vanished from the target.
func mergeScaled(
    _ target: [Cell], _ source: [Cell], scale: Double, skip: Int32,
    appeared: inout [Int32], vanished: inout [Int32]
) -> [Cell] {
    var result: [Cell] = []
    result.reserveCapacity(target.count + source.count)
    var i = 0
    var j = 0
    while i < target.count || j < source.count {
        let ts = i < target.count ? target[i].symbol : Int32.max
        let ss = j < source.count ? source[j].symbol : Int32.max
        if ts == skip { vanished.append(ts); i += 1; continue }
        if ss == skip { j += 1; continue }
        if ts < ss {
            result.append(target[i])
            i += 1
        } else if ss < ts {
            let c = source[j].coefficient * scale
            if !isNearZero(c) {
                result.append(Cell(symbol: ss, coefficient: c))
                appeared.append(ss)
            }
            j += 1
        } else {
            let c = cancellingSum(target[i].coefficient, source[j].coefficient * scale)
            if c == 0 { vanished.append(ts) } else { result.append(Cell(symbol: ts, coefficient: c)) }
            i += 1
            j += 1
        }
    }
    return result
}
