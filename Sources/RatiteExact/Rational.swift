/// An exact rational number in lowest terms with a positive denominator: a pair of `Int128`s
/// while both fit, `BigInt`s once an operation would overflow them.
///
/// The sparse exact simplex (`ExactReducedSimplex`) eliminates on a few nonzeros at a time,
/// so its numbers mostly stay small: the machine-word path does nearly all the work, and
/// only the rare long fraction pays for arbitrary precision. Every finite double is a
/// dyadic rational, so input converts without rounding.
package struct Rational: Sendable, Equatable, Comparable, CustomStringConvertible {
    private enum Storage: Sendable, Equatable {
        case small(Int128, Int128)
        case big(BigInt, BigInt)
    }

    private var storage: Storage

    package static let zero = Rational(0)
    package static let one = Rational(1)

    package init(_ value: Int) { storage = .small(Int128(value), 1) }

    /// Exactly the finite double `value`.
    package init(_ value: Double) {
        precondition(value.isFinite, "only finite doubles are rational")
        if value == 0 {
            self.init(small: 0, 1)
            return
        }
        // An odd significand (at most 53 bits) times a power of two is in lowest terms as
        // it stands, and fits in words while the power does: no BigInt, no allocation.
        let (magnitude, power) = BigInt.dyadicWord(value)!
        let p = value < 0 ? -Int128(magnitude) : Int128(magnitude)
        if power >= 0 && power <= 127 - 53 {
            self.init(small: p << power, 1)
            return
        }
        if power < 0 && power >= -126 {
            self.init(small: p, 1 << -power)
            return
        }
        if power >= 0 {
            self.init(numerator: BigInt(p).shiftedLeft(by: power), denominator: .one)
        } else {
            self.init(numerator: BigInt(p), denominator: BigInt.one.shiftedLeft(by: -power))
        }
    }

    /// `numerator / denominator`, reduced; the denominator must not be zero.
    package init(numerator: BigInt, denominator: BigInt) {
        precondition(!denominator.isZero, "zero denominator")
        var p = numerator, q = denominator
        if q.signum < 0 { p = -p; q = -q }
        let g = BigInt.gcd(p, q)
        if !(g == .one) && !g.isZero {
            p = p / g
            q = q / g
        }
        self.init(reduced: p, q)
    }

    private init(reduced p: BigInt, _ q: BigInt) {
        if let x = p.int128, let y = q.int128, x != .min {
            storage = .small(x, y)
        } else {
            storage = .big(p, q)
        }
    }

    /// From a reduced pair with `q > 0`.
    @inline(__always) private init(small p: Int128, _ q: Int128) { storage = .small(p, q) }

    package var numerator: BigInt {
        switch storage {
        case .small(let p, _): BigInt(p)
        case .big(let p, _): p
        }
    }

    package var denominator: BigInt {
        switch storage {
        case .small(_, let q): BigInt(q)
        case .big(_, let q): q
        }
    }

    package var isZero: Bool {
        if case .small(let p, _) = storage { return p == 0 }
        return false
    }

    /// -1, 0 or 1.
    package var sign: Int {
        switch storage {
        case .small(let p, _): p < 0 ? -1 : p == 0 ? 0 : 1
        case .big(let p, _): p.signum
        }
    }

    /// The nearest double (to within a unit in the last place).
    package var doubleValue: Double {
        switch storage {
        case .small(let p, let q):
            // Both exact as doubles: one correctly rounded division.
            // (Through Int64: the generic Int128-to-Double conversion is many times slower.)
            if p.magnitude <= 1 << 53 && q <= 1 << 53 {
                return Double(Int64(truncatingIfNeeded: p)) / Double(Int64(truncatingIfNeeded: q))
            }
            return BigInt.quotientAsDouble(BigInt(p), BigInt(q))
        case .big(let p, let q):
            return BigInt.quotientAsDouble(p, q)
        }
    }

    /// The value to within a few units in the last place, for choices that only need its
    /// size (which column to pivot on): cheaper than `doubleValue` for long fractions.
    package var roughValue: Double {
        switch storage {
        case .small(let p, let q): Self.roughDouble(p) / Self.roughDouble(q)
        case .big: doubleValue
        }
    }

    /// `x` as a double, rounded twice (each 64-bit half once).
    private static func roughDouble(_ x: Int128) -> Double {
        if let small = Int64(exactly: x) { return Double(small) }
        let high = Double(Int64(truncatingIfNeeded: x >> 64))
        return high * 18_446_744_073_709_551_616 + Double(UInt64(truncatingIfNeeded: x))
    }

    package var description: String {
        switch storage {
        case .small(let p, let q): q == 1 ? "\(p)" : "\(p)/\(q)"
        case .big(let p, let q): q == .one ? "\(p)" : "\(p)/\(q)"
        }
    }

    // MARK: Arithmetic

    package static prefix func - (a: Rational) -> Rational {
        switch a.storage {
        case .small(let p, let q): return Rational(small: -p, q)
        case .big(let p, let q): return Rational(reduced: -p, q)
        }
    }

    package static func + (a: Rational, b: Rational) -> Rational {
        if case .small(let p, let q) = a.storage, case .small(let r, let s) = b.storage {
            if p == 0 { return b }
            if r == 0 { return a }
            if q == s {
                let (sum, o) = p.addingReportingOverflow(r)
                if !o && sum != .min { return q == 1 ? Rational(small: sum, 1) : reducedSmall(sum, q) }
            } else if let value = smallSum(p, q, r, s) {
                return value
            }
        }
        return Rational(numerator: a.numerator * b.denominator + b.numerator * a.denominator,
                        denominator: a.denominator * b.denominator)
    }

    package static func - (a: Rational, b: Rational) -> Rational { a + -b }

    package static func * (a: Rational, b: Rational) -> Rational {
        if case .small(let p, let q) = a.storage, case .small(let r, let s) = b.storage {
            if p == 0 || r == 0 { return .zero }
            // Cross-cancel first, so the products are already in lowest terms.
            if r == 1 && s == 1 { return a }
            if p == 1 && q == 1 { return b }
            let g1 = Int128(gcd(p.magnitude, s.magnitude)), g2 = Int128(gcd(r.magnitude, q.magnitude))
            let (n, o1) = (g1 == 1 ? p : p / g1).multipliedReportingOverflow(by: g2 == 1 ? r : r / g2)
            let (d, o2) = (g2 == 1 ? q : q / g2).multipliedReportingOverflow(by: g1 == 1 ? s : s / g1)
            if !o1 && !o2 && n != .min { return Rational(small: n, d) }
        }
        return Rational(numerator: a.numerator * b.numerator, denominator: a.denominator * b.denominator)
    }

    package static func / (a: Rational, b: Rational) -> Rational {
        precondition(!b.isZero, "division by zero")
        return a * b.reciprocal
    }

    package var reciprocal: Rational {
        switch storage {
        case .small(let p, let q):
            precondition(p != 0, "division by zero")
            return p < 0 ? Rational(small: -q, -p) : Rational(small: q, p)
        case .big(let p, let q):
            return p.signum < 0 ? Rational(reduced: -q, -p) : Rational(reduced: q, p)
        }
    }

    package static func += (a: inout Rational, b: Rational) { a = a + b }
    package static func -= (a: inout Rational, b: Rational) { a = a - b }

    package static func < (a: Rational, b: Rational) -> Bool { (a - b).sign < 0 }

    // MARK: Machine words

    /// `p/q + r/s` in words, or nil on overflow.
    @inline(__always) private static func smallSum(_ p: Int128, _ q: Int128, _ r: Int128, _ s: Int128) -> Rational? {
        let g = Int128(gcd(q.magnitude, s.magnitude))
        let (x, o1) = p.multipliedReportingOverflow(by: s / g)
        let (y, o2) = r.multipliedReportingOverflow(by: q / g)
        let (n, o3) = x.addingReportingOverflow(y)
        let (d, o4) = (q / g).multipliedReportingOverflow(by: s)
        guard !(o1 || o2 || o3 || o4), n != .min else { return nil }
        return reducedSmall(n, d)
    }

    @inline(__always) private static func reducedSmall(_ p: Int128, _ q: Int128) -> Rational {
        if p == 0 { return .zero }
        let g = Int128(gcd(p.magnitude, q.magnitude))
        return g == 1 ? Rational(small: p, q) : Rational(small: p / g, q / g)
    }

    /// Binary GCD (Stein), in one word when both fit. `BigInt.gcd` takes it for operands
    /// that fit in 128 bits.
    @inline(__always) static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        if a == 0 { return b }
        if b == 0 { return a }
        if a == 1 || b == 1 { return 1 }
        if a <= UInt128(UInt64.max) && b <= UInt128(UInt64.max) { return UInt128(gcd64(UInt64(a), UInt64(b))) }
        var x = a, y = b
        let shift = (x | y).trailingZeroBitCount
        x >>= x.trailingZeroBitCount
        repeat {
            y >>= y.trailingZeroBitCount
            if x > y { swap(&x, &y) }
            y -= x
            if y <= UInt128(UInt64.max) && x <= UInt128(UInt64.max) {
                return UInt128(gcd64(UInt64(x), UInt64(y))) << shift
            }
        } while y != 0
        return x << shift
    }

    @inline(__always) private static func gcd64(_ a: UInt64, _ b: UInt64) -> UInt64 {
        if a == 0 { return b }
        if b == 0 { return a }
        var x = a, y = b
        let shift = (x | y).trailingZeroBitCount
        x >>= x.trailingZeroBitCount
        repeat {
            y >>= y.trailingZeroBitCount
            if x > y { swap(&x, &y) }
            y -= x
        } while y != 0
        return x << shift
    }
}
