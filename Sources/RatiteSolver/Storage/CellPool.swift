/// The cells of every row, as two parallel buffers: a word per cell holding its symbol, and
/// the coefficients.
///
/// A `Cell` is 12 bytes of data in a 16-byte stride (an `Int32` beside a `Double`); the
/// pool is the largest table of a layout tableau, so the padding was paid where it weighs
/// most. Two buffers hold the same cells in 12.
///
/// Most layout constraints relate attributes with coefficients of ±1, and so do the rows
/// pivoting makes of them: a basis of such differences has an inverse of ±1 and 0, so every
/// cell of the random, chain and tree families is ±1 (and most of a grid's). A ±1 cell keeps
/// its coefficient in its word (`unitBit`, `negativeBit`) and leaves its coefficient slot
/// unwritten. The coefficient buffer is a mapping once past 1 MB (moved there without its
/// unwritten slots), and the system makes a page of it resident only when a coefficient is
/// written there, so a tableau of ±1 cells costs 4 bytes a cell, not 12.
/// Reads and appends go through `Cell` values, so the rows' code reads as before.
struct CellPool: ~Copyable {
    private var words = RecordBuffer<UInt32>()
    private var coefficients = RecordBuffer<Double>()

    /// Set in the word of a cell whose coefficient is ±1 (and not stored).
    private static let unitBit: UInt32 = 1 << 31
    /// Set, beside `unitBit`, when that coefficient is -1.
    private static let negativeBit: UInt32 = 1 << 30
    private static let symbolMask: UInt32 = negativeBit - 1
    /// Symbols must stay below this to fit a word beside the two bits.
    static let symbolLimit = Int(negativeBit)

    init() {}

    /// An independent copy; like the original, it writes only the coefficients of cells that
    /// are not ±1.
    func copy() -> CellPool {
        var result = CellPool()
        result.reserve(count)
        for k in 0 ..< count { result.append(self[k]) }
        return result
    }

    var count: Int { words.count }
    var reservedBytes: Int { words.reservedBytes + coefficients.reservedBytes }
    /// Resident pages of the coefficient buffer, where the system can say (for tests).
    var residentCoefficientPages: Int? { coefficients.residentPages }

    @inline(__always) fileprivate static func symbol(in word: UInt32) -> Int32 { Int32(bitPattern: word & symbolMask) }

    /// Whether the cell of `word` keeps its coefficient in the coefficient buffer.
    @inline(__always) fileprivate static func storesCoefficient(_ word: UInt32) -> Bool { word & unitBit == 0 }

    /// The coefficient of the cell of `word`: ±1 from the word, else `stored()`, which reads
    /// the buffer (and only then, so a ±1 cell's slot is never read).
    @inline(__always) fileprivate static func coefficient(of word: UInt32, stored: () -> Double) -> Double {
        // Else 1.0 with `negativeBit` (bit 30) moved to the sign (bit 63): no branch.
        storesCoefficient(word)
            ? stored()
            : Double(bitPattern: (1.0 as Double).bitPattern | UInt64(word & negativeBit) << 33)
    }

    @inline(__always) private static func word(for cell: Cell) -> UInt32 {
        let symbol = UInt32(bitPattern: cell.symbol)
        let bits = cell.coefficient.bitPattern
        guard bits & ~(1 << 63) == (1.0 as Double).bitPattern else { return symbol }
        // The coefficient's sign (bit 63) moved to `negativeBit` (bit 30).
        return symbol | unitBit | UInt32(truncatingIfNeeded: bits >> 33) & negativeBit
    }

    @inline(__always) subscript(index: Int) -> Cell {
        let word = words[index]
        return Cell(symbol: Self.symbol(in: word), coefficient: coefficient(at: index, word: word))
    }

    /// Starts loading the words of the cells from `index` on (see `RecordBuffer.prefetch`).
    /// Not their coefficients: most cells keep theirs in the word.
    @inline(__always) func prefetch(_ index: Int) { words.prefetch(index) }

    @inline(__always) func symbol(at index: Int) -> Int32 { Self.symbol(in: words[index]) }
    @inline(__always) func coefficient(at index: Int) -> Double { coefficient(at: index, word: words[index]) }

    @inline(__always) private func coefficient(at index: Int, word: UInt32) -> Double {
        Self.coefficient(of: word) { coefficients.element(checkedElsewhere: index) }
    }

    /// The cells in `range`, read in place: valid until the pool next grows, so never hold
    /// one across an append.
    @inline(__always) subscript(range: Range<Int>) -> CellSlice {
        CellSlice(words: words[range], coefficients: coefficients[range])
    }

    @inline(__always) subscript(range: PartialRangeFrom<Int>) -> CellSlice { self[range.lowerBound ..< count] }

    /// Makes room for `minimum` cells in both buffers (reserving only address space where
    /// the coefficient buffer is a mapping).
    private mutating func reserve(_ minimum: Int) {
        words.reserveCapacity(minimum)
        let written = words.elements
        coefficients.reserveCapacity(minimum) { Self.storesCoefficient(written[$0]) }
    }

    /// Appends `cell`.
    @inline(__always) mutating func append(_ cell: Cell) {
        append(word: Self.word(for: cell), coefficient: cell.coefficient)
    }

    /// Appends a copy of the cell at `index` as it is stored (a rewritten row keeps most of
    /// its cells).
    @inline(__always) mutating func appendCopy(of index: Int) {
        let word = words[index]
        append(
            word: word, coefficient: Self.storesCoefficient(word) ? coefficients.element(checkedElsewhere: index) : 0)
    }

    /// Appends a cell's word, and its coefficient unless the word holds it (then
    /// `coefficient` is not stored). The two buffers grow together, so one capacity check
    /// covers both.
    @inline(__always) private mutating func append(word: UInt32, coefficient: Double) {
        if words.count == words.capacity || coefficients.count == coefficients.capacity { reserve(2 * words.count) }
        words.appendWithinCapacity(word)
        if Self.storesCoefficient(word) {
            coefficients.appendWithinCapacity(coefficient)
        } else {
            coefficients.appendUnwrittenWithinCapacity()
        }
    }

    mutating func append(contentsOf cells: [Cell]) {
        for cell in cells { append(cell) }
    }

    @inline(__always) mutating func truncate(to newCount: Int) {
        words.truncate(to: newCount)
        coefficients.truncate(to: newCount)
    }

    /// Moves the cells in `range` down to start at `destination` (the two may overlap): the
    /// stored coefficients one by one, front to back, so that no slot of a ±1 cell is
    /// written, then the words in one move.
    mutating func moveCells(_ range: Range<Int>, to destination: Int) {
        precondition(destination <= range.lowerBound, "cells move down only")
        let shift = range.lowerBound - destination
        for k in range where Self.storesCoefficient(words[k]) {
            coefficients[k - shift] = coefficients.element(checkedElsewhere: k)
        }
        words.moveElements(range, to: destination)
    }

    /// Writes `cell` at `index`, which must be in use.
    @inline(__always) mutating func set(_ cell: Cell, at index: Int) {
        let word = Self.word(for: cell)
        words[index] = word
        if Self.storesCoefficient(word) { coefficients[index] = cell.coefficient }
    }
}

/// Cells read in place from the pool (see `CellPool`'s range subscript).
struct CellSlice: RandomAccessCollection {
    let words: UnsafeBufferPointer<UInt32>
    let coefficients: UnsafeBufferPointer<Double>

    var startIndex: Int { 0 }
    var endIndex: Int { words.count }

    @inline(__always) subscript(index: Int) -> Cell {
        let word = words[index]
        return Cell(
            symbol: CellPool.symbol(in: word), coefficient: CellPool.coefficient(of: word) { coefficients[index] })
    }
}
