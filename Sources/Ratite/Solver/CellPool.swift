/// The cells of every row, as two parallel buffers: symbols and coefficients.
///
/// A `Cell` is 12 bytes of data in a 16-byte stride (an `Int32` beside a `Double`); the
/// pool is the largest table of a layout tableau (seven cells per constraint on a grid), so
/// the padding alone cost 28 bytes per constraint there. Two buffers hold the same cells
/// in 12. Reads and appends go through `Cell` values, so the rows' code reads as before.
struct CellPool: ~Copyable {
    private var symbols = RecordBuffer<Int32>()
    private var coefficients = RecordBuffer<Double>()

    init() {}

    func copy() -> CellPool {
        var result = CellPool()
        result.symbols = symbols.copy()
        result.coefficients = coefficients.copy()
        return result
    }

    var count: Int { symbols.count }
    var reservedBytes: Int { symbols.reservedBytes + coefficients.reservedBytes }

    @inline(__always) subscript(index: Int) -> Cell {
        Cell(symbol: symbols[index], coefficient: coefficients[index])
    }

    @inline(__always) func symbol(at index: Int) -> Int32 { symbols[index] }
    @inline(__always) func coefficient(at index: Int) -> Double { coefficients[index] }

    /// The cells in `range`, read in place: valid until the pool next grows, so never hold
    /// one across an append.
    @inline(__always) subscript(range: Range<Int>) -> CellSlice {
        CellSlice(symbols: symbols[range], coefficients: coefficients[range])
    }

    @inline(__always) subscript(range: PartialRangeFrom<Int>) -> CellSlice { self[range.lowerBound ..< count] }

    /// Appends `cell`; the two buffers grow together, so one capacity check covers both.
    @inline(__always) mutating func append(_ cell: Cell) {
        if symbols.count == symbols.capacity || coefficients.count == coefficients.capacity {
            symbols.reserveCapacity(2 * symbols.count)
            coefficients.reserveCapacity(2 * symbols.count)
        }
        symbols.appendWithinCapacity(cell.symbol)
        coefficients.appendWithinCapacity(cell.coefficient)
    }

    mutating func append(contentsOf cells: [Cell]) {
        for cell in cells { append(cell) }
    }

    @inline(__always) mutating func truncate(to newCount: Int) {
        symbols.truncate(to: newCount)
        coefficients.truncate(to: newCount)
    }

    /// Moves the cells in `range` to start at `destination` (the two may overlap).
    mutating func moveCells(_ range: Range<Int>, to destination: Int) {
        symbols.moveElements(range, to: destination)
        coefficients.moveElements(range, to: destination)
    }

    /// Writes `cell` at `index`, which must be in use.
    @inline(__always) mutating func set(_ cell: Cell, at index: Int) {
        symbols[index] = cell.symbol
        coefficients[index] = cell.coefficient
    }
}

/// Cells read in place from the pool (see `CellPool`'s range subscript).
struct CellSlice: RandomAccessCollection {
    let symbols: UnsafeBufferPointer<Int32>
    let coefficients: UnsafeBufferPointer<Double>

    var startIndex: Int { 0 }
    var endIndex: Int { symbols.count }

    @inline(__always) subscript(index: Int) -> Cell {
        Cell(symbol: symbols[index], coefficient: coefficients[index])
    }
}
