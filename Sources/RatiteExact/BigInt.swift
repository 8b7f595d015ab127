/// An arbitrary-precision signed integer, for the exact checks that decide what roundoff
/// cannot (see `ExactLP`).
///
/// The magnitude is kept in 32-bit limbs, least significant first, so that every partial
/// product and quotient digit fits a `UInt64`. Speed matters less than being obviously
/// right: these numbers only appear when a floating-point decision is in doubt, and in the
/// reference solver the tests compare against.
package struct BigInt: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The magnitude, least significant limb first, without high zero limbs (zero is empty).
    private(set) var limbs: [UInt32]
    /// The sign; never set on zero.
    private(set) var isNegative: Bool

    package static let zero = BigInt()
    package static let one = BigInt(1)

    package init() {
        limbs = []
        isNegative = false
    }

    private init(limbs: [UInt32], isNegative: Bool) {
        var trimmed = limbs
        Self.trim(&trimmed)
        self.limbs = trimmed
        self.isNegative = isNegative && !trimmed.isEmpty
    }

    package init(_ value: Int) {
        self.init(Int128(value))
    }

    package init(_ value: Int128) {
        var magnitude = value.magnitude
        var limbs: [UInt32] = []
        while magnitude != 0 {
            limbs.append(UInt32(truncatingIfNeeded: magnitude))
            magnitude >>= 32
        }
        self.init(limbs: limbs, isNegative: value < 0)
    }

    /// The integer `value` is, or nil when it has a fractional part or is not finite.
    package init?(exactly value: Double) {
        guard value.isFinite, value == value.rounded(.towardZero) else { return nil }
        guard let (significand, exponent) = Self.dyadic(value) else {
            self = .zero
            return
        }
        precondition(exponent >= 0, "an integral double has no negative binary exponent once reduced")
        self = significand.shiftedLeft(by: exponent)
    }

    /// `value` as `significand × 2^exponent` with an odd significand, or nil for zero.
    /// Every finite double is such a dyadic rational, exactly.
    package static func dyadic(_ value: Double) -> (significand: BigInt, exponent: Int)? {
        guard let (bits, exponent) = dyadicWord(value) else { return nil }
        let significand = BigInt(Int128(bits))
        return (value < 0 ? -significand : significand, exponent)
    }

    /// `dyadic` with the significand's magnitude in a word (at most 53 bits, odd).
    package static func dyadicWord(_ value: Double) -> (magnitude: UInt64, exponent: Int)? {
        precondition(value.isFinite)
        if value == 0 { return nil }
        var bits: UInt64
        var exponent: Int
        if value.exponentBitPattern == 0 {
            // Subnormal: no hidden bit, fixed exponent.
            bits = value.significandBitPattern
            exponent = -1074
        } else {
            bits = value.significandBitPattern | 1 << 52
            exponent = Int(value.exponentBitPattern) - 1075
        }
        let zeros = bits.trailingZeroBitCount
        bits >>= UInt64(zeros)
        exponent += zeros
        return (bits, exponent)
    }

    package var isZero: Bool { limbs.isEmpty }

    /// -1, 0 or 1.
    package var signum: Int { isZero ? 0 : isNegative ? -1 : 1 }

    package var magnitude: BigInt { BigInt(limbs: limbs, isNegative: false) }

    /// The number of bits of the magnitude (0 for zero).
    package var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return 32 * limbs.count - top.leadingZeroBitCount
    }

    /// The value as an `Int128`, or nil when it does not fit.
    package var int128: Int128? {
        guard limbs.count <= 4 else { return nil }
        var magnitude: UInt128 = 0
        for limb in limbs.reversed() { magnitude = magnitude << 32 | UInt128(limb) }
        if isNegative {
            if magnitude <= UInt128(Int128.max) + 1 {
                return magnitude == UInt128(Int128.max) + 1 ? Int128.min : -Int128(magnitude)
            }
            return nil
        }
        return magnitude <= UInt128(Int128.max) ? Int128(magnitude) : nil
    }

    // MARK: Arithmetic

    package static prefix func - (a: BigInt) -> BigInt {
        BigInt(limbs: a.limbs, isNegative: !a.isNegative)
    }

    package static func + (a: BigInt, b: BigInt) -> BigInt {
        if a.isNegative == b.isNegative {
            return BigInt(limbs: addMagnitudes(a.limbs, b.limbs), isNegative: a.isNegative)
        }
        // Opposite signs: the larger magnitude keeps its sign.
        if compareMagnitudes(a.limbs, b.limbs) >= 0 {
            return BigInt(limbs: subtractMagnitudes(a.limbs, b.limbs), isNegative: a.isNegative)
        }
        return BigInt(limbs: subtractMagnitudes(b.limbs, a.limbs), isNegative: b.isNegative)
    }

    package static func - (a: BigInt, b: BigInt) -> BigInt { a + -b }

    package static func * (a: BigInt, b: BigInt) -> BigInt {
        BigInt(limbs: multiplyMagnitudes(a.limbs, b.limbs), isNegative: a.isNegative != b.isNegative)
    }

    /// Truncating division: the quotient rounds toward zero and the remainder takes the
    /// dividend's sign, as for Swift's integers.
    package func quotientAndRemainder(dividingBy divisor: BigInt) -> (quotient: BigInt, remainder: BigInt) {
        precondition(!divisor.isZero, "division by zero")
        let (q, r) = Self.divideMagnitudes(limbs, by: divisor.limbs)
        return (
            BigInt(limbs: q, isNegative: isNegative != divisor.isNegative), BigInt(limbs: r, isNegative: isNegative)
        )
    }

    package static func / (a: BigInt, b: BigInt) -> BigInt { a.quotientAndRemainder(dividingBy: b).quotient }
    package static func % (a: BigInt, b: BigInt) -> BigInt { a.quotientAndRemainder(dividingBy: b).remainder }

    package static func += (a: inout BigInt, b: BigInt) { a = a + b }
    package static func -= (a: inout BigInt, b: BigInt) { a = a - b }
    package static func *= (a: inout BigInt, b: BigInt) { a = a * b }

    /// `self × 2^bits`.
    package func shiftedLeft(by bits: Int) -> BigInt {
        precondition(bits >= 0)
        if isZero || bits == 0 { return self }
        return BigInt(limbs: Self.shiftLeft(limbs, by: bits), isNegative: isNegative)
    }

    /// The magnitude divided by 2^bits, truncated, with the sign kept.
    package func shiftedRight(by bits: Int) -> BigInt {
        precondition(bits >= 0)
        if isZero || bits == 0 { return self }
        return BigInt(limbs: Self.shiftRight(limbs, by: bits), isNegative: isNegative)
    }

    /// The greatest common divisor of the magnitudes: Lehmer's algorithm while the numbers
    /// are long (many steps of Euclid on their leading 64 bits, applied to the whole numbers
    /// at once), then Euclid in machine words.
    package static func gcd(_ a: BigInt, _ b: BigInt) -> BigInt {
        var x = a.magnitude, y = b.magnitude
        if x < y { swap(&x, &y) }
        while !y.isZero {
            if let u = x.int128, let v = y.int128 { return BigInt(Int128(Rational.gcd(UInt128(u), UInt128(v)))) }
            guard x.bitWidth - y.bitWidth < 32, let (p, q, r, s) = lehmerStep(x, y) else {
                (x, y) = (y, x % y)
                continue
            }
            (x, y) = (BigInt(p) * x + BigInt(q) * y, BigInt(r) * x + BigInt(s) * y)
            if x < y { swap(&x, &y) }
        }
        return x
    }

    /// The cofactors of as many steps of Euclid on `x ≥ y` as their leading 64 bits decide
    /// for certain (Knuth's condition), or nil when not even one is.
    private static func lehmerStep(_ x: BigInt, _ y: BigInt) -> (Int128, Int128, Int128, Int128)? {
        let shift = x.bitWidth - 63
        var u = Int128(x.shiftedRight(by: shift).int128!), v = Int128(y.shiftedRight(by: shift).int128!)
        var a: Int128 = 1, b: Int128 = 0, c: Int128 = 0, d: Int128 = 1
        while v + c != 0 && v + d != 0 {
            let q = (u + a) / (v + c)
            guard q == (u + b) / (v + d) else { break }
            (a, c) = (c, a - q * c)
            (b, d) = (d, b - q * d)
            (u, v) = (v, u - q * v)
        }
        return b == 0 ? nil : (a, b, c, d)
    }

    // MARK: Comparison

    package static func < (a: BigInt, b: BigInt) -> Bool {
        if a.isNegative != b.isNegative { return a.isNegative }
        let order = compareMagnitudes(a.limbs, b.limbs)
        return a.isNegative ? order > 0 : order < 0
    }

    // MARK: Conversion

    /// The nearest double to `numerator / denominator` (to within one unit in the last
    /// place; the quotient is truncated to 64 significant bits before rounding).
    package static func quotientAsDouble(_ numerator: BigInt, _ denominator: BigInt) -> Double {
        precondition(!denominator.isZero)
        if numerator.isZero { return 0 }
        // Scale the numerator so the integer quotient carries 64 to 65 significant bits.
        let shift = 64 - (numerator.bitWidth - denominator.bitWidth)
        let scaled = shift >= 0
            ? numerator.magnitude.shiftedLeft(by: shift) : numerator.magnitude.shiftedRight(by: -shift)
        let quotient = scaled / denominator.magnitude
        var significand = 0.0
        for limb in quotient.limbs.reversed() { significand = significand * 4_294_967_296 + Double(limb) }
        let value = Double(sign: .plus, exponent: -shift, significand: significand)
        return numerator.isNegative != denominator.isNegative ? -value : value
    }

    package var doubleValue: Double { Self.quotientAsDouble(self, .one) }

    package var description: String {
        if isZero { return "0" }
        var digits: [String] = []
        var rest = magnitude
        let chunk = BigInt(1_000_000_000)
        while !rest.isZero {
            let (q, r) = rest.quotientAndRemainder(dividingBy: chunk)
            digits.append(String(r.limbs.first ?? 0))
            rest = q
        }
        var text = isNegative ? "-" : ""
        text += digits.removeLast()
        for d in digits.reversed() { text += String(repeating: "0", count: 9 - d.count) + d }
        return text
    }

    // MARK: Magnitudes

    private static func trim(_ limbs: inout [UInt32]) {
        while limbs.last == 0 { limbs.removeLast() }
    }

    private static func compareMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        var i = a.count
        while i > 0 {
            i -= 1
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        }
        return 0
    }

    private static func addMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        let (long, short) = a.count >= b.count ? (a, b) : (b, a)
        var result: [UInt32] = []
        result.reserveCapacity(long.count + 1)
        var carry: UInt64 = 0
        for i in 0..<long.count {
            let sum = UInt64(long[i]) + (i < short.count ? UInt64(short[i]) : 0) + carry
            result.append(UInt32(truncatingIfNeeded: sum))
            carry = sum >> 32
        }
        if carry != 0 { result.append(UInt32(carry)) }
        return result
    }

    /// `a - b` for `a ≥ b`.
    private static func subtractMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(a.count)
        var borrow: Int64 = 0
        for i in 0..<a.count {
            var difference = Int64(a[i]) - (i < b.count ? Int64(b[i]) : 0) - borrow
            borrow = difference < 0 ? 1 : 0
            if difference < 0 { difference += 1 << 32 }
            result.append(UInt32(difference))
        }
        precondition(borrow == 0, "subtracting a larger magnitude")
        trim(&result)
        return result
    }

    private static func multiplyMagnitudes(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        if a.isEmpty || b.isEmpty { return [] }
        var result = [UInt32](repeating: 0, count: a.count + b.count)
        for i in 0..<a.count {
            var carry: UInt64 = 0
            let x = UInt64(a[i])
            if x == 0 { continue }
            for j in 0..<b.count {
                // x·y + result + carry < 2^64: (2^32-1)^2 + 2(2^32-1) = 2^64 - 1.
                let t = x * UInt64(b[j]) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: t)
                carry = t >> 32
            }
            result[i + b.count] = UInt32(carry)
        }
        trim(&result)
        return result
    }

    private static func shiftLeft(_ a: [UInt32], by bits: Int) -> [UInt32] {
        let limbShift = bits / 32, bitShift = bits % 32
        var result = [UInt32](repeating: 0, count: limbShift)
        result.reserveCapacity(limbShift + a.count + 1)
        if bitShift == 0 {
            result.append(contentsOf: a)
        } else {
            var carry: UInt32 = 0
            for limb in a {
                result.append(limb << UInt32(bitShift) | carry)
                carry = limb >> UInt32(32 - bitShift)
            }
            if carry != 0 { result.append(carry) }
        }
        return result
    }

    private static func shiftRight(_ a: [UInt32], by bits: Int) -> [UInt32] {
        let limbShift = bits / 32, bitShift = bits % 32
        guard limbShift < a.count else { return [] }
        var result = Array(a[limbShift...])
        if bitShift != 0 {
            for i in 0..<result.count {
                let high = i + 1 < result.count ? result[i + 1] << UInt32(32 - bitShift) : 0
                result[i] = result[i] >> UInt32(bitShift) | high
            }
        }
        trim(&result)
        return result
    }

    /// Long division of magnitudes (Knuth's algorithm D): the quotient and the remainder.
    private static func divideMagnitudes(_ u: [UInt32], by v: [UInt32]) -> (quotient: [UInt32], remainder: [UInt32]) {
        precondition(!v.isEmpty)
        if compareMagnitudes(u, v) < 0 { return ([], u) }
        if v.count == 1 {
            let d = UInt64(v[0])
            var quotient = [UInt32](repeating: 0, count: u.count)
            var remainder: UInt64 = 0
            for i in stride(from: u.count - 1, through: 0, by: -1) {
                let current = remainder << 32 | UInt64(u[i])
                quotient[i] = UInt32(current / d)
                remainder = current % d
            }
            trim(&quotient)
            return (quotient, remainder == 0 ? [] : [UInt32(remainder)])
        }
        // Normalize so the divisor's top limb has its high bit set: each estimated quotient
        // digit is then at most two too large.
        let shift = v.last!.leadingZeroBitCount
        let vn = shiftLeft(v, by: shift)
        var un = shiftLeft(u, by: shift)
        while un.count < u.count + 1 { un.append(0) }
        let n = vn.count, m = u.count - v.count
        let base: UInt64 = 1 << 32
        var quotient = [UInt32](repeating: 0, count: m + 1)
        for j in stride(from: m, through: 0, by: -1) {
            let top = UInt64(un[j + n]) << 32 | UInt64(un[j + n - 1])
            var qhat = top / UInt64(vn[n - 1])
            var rhat = top % UInt64(vn[n - 1])
            while qhat >= base || qhat * UInt64(vn[n - 2]) > (rhat << 32 | UInt64(un[j + n - 2])) {
                qhat -= 1
                rhat += UInt64(vn[n - 1])
                if rhat >= base { break }
            }
            // Multiply and subtract qhat × divisor from the current window.
            var borrow: Int64 = 0
            for i in 0..<n {
                let product = qhat * UInt64(vn[i])
                let t = Int64(un[i + j]) - borrow - Int64(product & 0xFFFF_FFFF)
                un[i + j] = UInt32(truncatingIfNeeded: t)
                borrow = Int64(product >> 32) - (t >> 32)
            }
            let t = Int64(un[j + n]) - borrow
            un[j + n] = UInt32(truncatingIfNeeded: t)
            if t < 0 {
                // The estimate was one too large: add the divisor back.
                qhat -= 1
                var carry: UInt64 = 0
                for i in 0..<n {
                    let sum = UInt64(un[i + j]) + UInt64(vn[i]) + carry
                    un[i + j] = UInt32(truncatingIfNeeded: sum)
                    carry = sum >> 32
                }
                un[j + n] = UInt32(truncatingIfNeeded: UInt64(un[j + n]) + carry)
            }
            quotient[j] = UInt32(qhat)
        }
        trim(&quotient)
        var remainder = Array(un[0..<n])
        trim(&remainder)
        return (quotient, shiftRight(remainder, by: shift))
    }
}
