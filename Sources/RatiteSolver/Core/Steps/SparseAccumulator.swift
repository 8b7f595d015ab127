/// A scratch row for building and expanding rows in time proportional to the terms
/// touched, whatever their order: an open-addressing table from symbol to coefficient,
/// sized to the row rather than to every symbol (a dense array over all symbols would cost
/// memory for every symbol of the system). Terms come out in insertion order.
///
/// Beside each coefficient it keeps the sum of the magnitudes of what was added to it, and
/// a coefficient that cancelled to `cancellationTolerance` of that sum reads as zero: what
/// is left of `3 × 67 − 201` after an expansion through rounded rows is residue, however
/// large the terms were, and a row solved for it would carry 1e14 (the conflict between
/// `w == 67` and `3w >= 930` went unseen that way). The constant is snapped alike.
struct SparseAccumulator {
    /// A coefficient and the sum of the magnitudes added into it.
    private struct Slot {
        var value: Double
        var magnitude: Double
    }

    /// The table: `keys[i]` is the symbol in slot `i` or -1; capacity a power of two.
    private var keys: [Int32] = Array(repeating: -1, count: 64)
    private var slots: [Slot] = Array(repeating: Slot(value: 0, magnitude: 0), count: 64)
    /// The symbols present, in insertion order.
    private(set) var symbols: [Int32] = []
    private var rawConstant: Double = 0
    /// The sum of the magnitudes added into the constant: what bounds the roundoff it
    /// carries, even when it came out exactly zero.
    private(set) var constantMagnitude: Double = 0

    /// Bytes the table holds.
    var reservedBytes: Int { keys.capacity * 4 + slots.capacity * 16 + symbols.capacity * 4 }

    /// The accumulated constant, zero when it is cancellation residue.
    var constant: Double { Self.snapped(rawConstant, magnitude: constantMagnitude) }

    /// Starts the constant afresh at `value`.
    mutating func setConstant(_ value: Double) {
        rawConstant = value
        constantMagnitude = abs(value)
    }

    /// Adds `value` to the constant.
    @inline(__always) mutating func addToConstant(_ value: Double) {
        rawConstant += value
        constantMagnitude += abs(value)
    }

    /// `value`, or zero when it is at most `cancellationTolerance` of the magnitude of what
    /// was summed to get it.
    @inline(__always) private static func snapped(_ value: Double, magnitude: Double) -> Double {
        abs(value) <= cancellationTolerance * magnitude ? 0 : value
    }

    mutating func reset() {
        // Latest first: a symbol's probe path only crosses symbols inserted before it (a
        // rehash inserts in the same order), so each is still found when its turn comes.
        keys.withUnsafeMutableBufferPointer { keys in
            var n = symbols.count
            while n > 0 {
                n -= 1
                keys[Self.slot(of: symbols[n], in: UnsafeBufferPointer(keys))] = -1
            }
        }
        symbols.empty()
        rawConstant = 0
        constantMagnitude = 0
    }

    /// The slot holding `s` in `keys`, or the empty slot where it would go.
    @inline(__always) private static func slot(of s: Int32, in keys: UnsafeBufferPointer<Int32>) -> Int {
        let mask = keys.count - 1
        // Fibonacci hashing: consecutive ids (a row's symbols often are) spread out.
        var i = Int(truncatingIfNeeded: UInt32(bitPattern: s) &* 0x9E37_79B1) & mask
        while keys[i] != s && keys[i] >= 0 { i = (i + 1) & mask }
        return i
    }

    @inline(__always) private func slot(of s: Int32) -> Int {
        keys.withUnsafeBufferPointer { Self.slot(of: s, in: $0) }
    }

    @inline(__always) mutating func add(_ s: Int32, _ c: Double) {
        let i = slot(of: s)
        if keys[i] == s {
            slots[i].value += c
            slots[i].magnitude += abs(c)
            return
        }
        keys[i] = s
        slots[i] = Slot(value: c, magnitude: abs(c))
        symbols.append(s)
        // At most half full, so probes stay short.
        if symbols.count * 2 > keys.count { grow() }
    }

    /// Doubles the table and puts every present symbol back, in insertion order.
    @inline(never) private mutating func grow() {
        var moved: [Slot] = []
        moved.reserveCapacity(symbols.count)
        for s in symbols { moved.append(slots[slot(of: s)]) }
        keys = Array(repeating: -1, count: keys.count * 2)
        slots = Array(repeating: Slot(value: 0, magnitude: 0), count: keys.count)
        for (n, s) in symbols.enumerated() {
            let i = slot(of: s)
            keys[i] = s
            slots[i] = moved[n]
        }
    }

    /// `s`'s coefficient, zero when it is cancellation residue.
    @inline(__always) func coefficient(_ s: Int32) -> Double {
        let i = slot(of: s)
        return keys[i] == s ? Self.snapped(slots[i].value, magnitude: slots[i].magnitude) : 0
    }

    /// Zeroes `s`'s coefficient (it stays listed) and returns what it was.
    @inline(__always) mutating func take(_ s: Int32) -> Double {
        let i = slot(of: s)
        guard keys[i] == s else { return 0 }
        let c = Self.snapped(slots[i].value, magnitude: slots[i].magnitude)
        slots[i] = Slot(value: 0, magnitude: 0)
        return c
    }

    /// Copies every listed symbol (taken ones too, in order) with its coefficient into
    /// `cells` (emptied first), for `restore`.
    func save(into cells: inout [Cell]) {
        cells.empty()
        for s in symbols { cells.append(Cell(symbol: s, coefficient: coefficient(s))) }
    }

    /// Puts back what `save` copied, with `constant`: the same symbols in the same order,
    /// so whatever reads the workspace next reads it as it was.
    mutating func restore(_ cells: [Cell], constant: Double) {
        reset()
        for t in cells { add(t.symbol, t.coefficient) }
        setConstant(constant)
    }

    /// Adds `scale ×` a row given by its constant and cells.
    mutating func add(constant rowConstant: Double, cells: CellSlice, scale: Double) {
        addToConstant(rowConstant * scale)
        for t in cells { add(t.symbol, t.coefficient * scale) }
    }

    /// Whether a coefficient or the constant reads as zero though its sum was not: the row
    /// then rests on a judgment of roundoff.
    var droppedResidue: Bool {
        if rawConstant != 0 && constant == 0 { return true }
        for s in symbols {
            let slot = slots[slot(of: s)]
            if slot.value != 0 && isNearZero(Self.snapped(slot.value, magnitude: slot.magnitude)) { return true }
        }
        return false
    }

    /// The accumulated terms, sorted, without near-zero coefficients, in `terms` (emptied
    /// first; passed in so its storage can be kept).
    func sortedTerms(into terms: inout [Cell]) {
        terms.empty()
        for s in symbols {
            let c = coefficient(s)
            if !isNearZero(c) { terms.append(Cell(symbol: s, coefficient: c)) }
        }
        terms.sort { $0.symbol < $1.symbol }
    }
}
