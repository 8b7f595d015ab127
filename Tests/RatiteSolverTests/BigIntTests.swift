import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteExact
@testable import RatiteSolver

/// `BigInt` against `Int128` where both fit, and against the identities of integer division
/// where only `BigInt` does.
@Suite struct BigIntTests {
    /// A random value of about `bits` bits (either sign), as a `BigInt` built limb by limb.
    static func random(_ random: inout SplitMix64, bits: Int) -> BigInt {
        var value = BigInt.zero
        var remaining = bits
        while remaining > 0 {
            let take = min(remaining, 31)
            value = value.shiftedLeft(by: take) + BigInt(Int(random.next() % (1 << UInt64(take))))
            remaining -= take
        }
        return random.below(2) == 0 ? value : -value
    }

    static func randomInt128(_ random: inout SplitMix64, bits: Int) -> Int128 {
        let magnitude = (UInt128(random.next()) << 64 | UInt128(random.next())) >> UInt128(128 - bits)
        let value = Int128(magnitude)
        return random.below(2) == 0 ? value : -value
    }

    @Test func agreesWithInt128() {
        var random = SplitMix64(seed: 11)
        for _ in 0..<4000 {
            let a = Self.randomInt128(&random, bits: 1 + random.below(62))
            let b = Self.randomInt128(&random, bits: 1 + random.below(62))
            let x = BigInt(a), y = BigInt(b)
            #expect((x + y).int128 == a + b)
            #expect((x - y).int128 == a - b)
            #expect((x * y).int128 == a * b)
            #expect((x < y) == (a < b))
            #expect((x == y) == (a == b))
            #expect(x.description == String(a))
            if b != 0 {
                #expect((x / y).int128 == a / b, "\(a) / \(b)")
                #expect((x % y).int128 == a % b, "\(a) % \(b)")
            }
        }
    }

    /// Lehmer's GCD against plain Euclid, on numbers from one to twelve limbs, with common
    /// factors planted so that the answers are not all 1.
    @Test func gcdAgreesWithEuclid() {
        var random = SplitMix64(seed: 23)
        for _ in 0..<600 {
            let common = Self.random(&random, bits: 1 + random.below(120))
            let a = Self.random(&random, bits: 1 + random.below(260)) * common
            let b = Self.random(&random, bits: 1 + random.below(260)) * common
            var x = a.magnitude, y = b.magnitude
            while !y.isZero { (x, y) = (y, x % y) }
            #expect(BigInt.gcd(a, b) == x, "gcd(\(a), \(b))")
        }
        #expect(BigInt.gcd(.zero, BigInt(12)) == BigInt(12))
        #expect(BigInt.gcd(BigInt(-12), .zero) == BigInt(12))
    }

    /// Rationals stay in lowest terms with a positive denominator, in words and past them.
    @Test func rationalsStayReduced() {
        var random = SplitMix64(seed: 29)
        for _ in 0..<400 {
            let p = Self.random(&random, bits: 1 + random.below(180))
            var q = Self.random(&random, bits: 1 + random.below(180))
            if q.isZero { q = .one }
            let x = Rational(numerator: p, denominator: q)
            #expect(x.denominator.signum > 0)
            #expect(BigInt.gcd(x.numerator, x.denominator) == .one || x.isZero)
            // a/b · b/a = 1 and a/b − a/b = 0, whatever path the numbers take.
            if !x.isZero { #expect(x * x.reciprocal == .one) }
            #expect((x - x).isZero)
            let y = Rational(numerator: Self.random(&random, bits: 1 + random.below(100)), denominator: q)
            #expect((x + y) - y == x)
        }
    }

    @Test func divisionIdentitiesOnWideNumbers() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<1500 {
            let a = Self.random(&random, bits: 1 + random.below(400))
            var b = Self.random(&random, bits: 1 + random.below(300))
            if b.isZero { b = .one }
            let (q, r) = a.quotientAndRemainder(dividingBy: b)
            #expect(q * b + r == a)
            #expect(r.magnitude < b.magnitude)
            #expect(r.isZero || r.isNegative == a.isNegative)
            #expect((a * b) / b == a)
            #expect((a * b) % b == .zero)
            #expect(a - a == .zero)
            #expect(a + b - b == a)
        }
    }

    /// Quotient digits that the first estimate gets wrong: divisors whose top limb has its high
    /// bit set and dividends built so the add-back step runs.
    @Test func divisionAddBackCases() {
        let b = BigInt(Int128(1) << 95) + BigInt(1)
        let a = b * BigInt(Int128(0xFFFF_FFFF)) - BigInt(1)
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        #expect(q * b + r == a)
        #expect(r.magnitude < b.magnitude)
        let c = BigInt(Int128(0x8000_0000_0000_0000)) * BigInt(Int128(0x8000_0000_0000_0001))
        let d = BigInt(Int128(0x8000_0000_0000_0001))
        #expect(c / d == BigInt(Int128(0x8000_0000_0000_0000)))
        #expect(c % d == .zero)
    }

    @Test func doublesConvertExactly() {
        #expect(BigInt(exactly: 1e300)! == BigInt(exactly: 1e150)! * BigInt(exactly: 1e150)!
                + (BigInt(exactly: 1e300)! - BigInt(exactly: 1e150)! * BigInt(exactly: 1e150)!))
        #expect(BigInt(exactly: 0.5) == nil)
        #expect(BigInt(exactly: .infinity) == nil)
        #expect(BigInt(exactly: -4096)! == BigInt(-4096))
        #expect(BigInt(exactly: 9007199254740993.0)!.description == "9007199254740992")
        let d = BigInt.dyadic(0.375)!
        #expect(d.significand == BigInt(3) && d.exponent == -3)
        let tiny = BigInt.dyadic(Double.leastNonzeroMagnitude)!
        #expect(tiny.significand == .one && tiny.exponent == -1074)
        #expect(BigInt.dyadic(0) == nil)
    }

    /// `Rational(Double)` takes words while the power of two fits and BigInts past it: on
    /// both sides of each edge (2^74 and 2^-126, where the words stop), on subnormals and on
    /// random doubles, it is the number the BigInt construction gives, and converts back.
    @Test func doublesBecomeTheSameRationalInWordsAsInBigInts() {
        var random = SplitMix64(seed: 21)
        var samples: [Double] = [
            0x1p74, 0x1p75, 0x1.fffffffffffffp74, 0x1.fffffffffffffp73, 0x1p-126, 0x1p-127, 0x1.8p-126,
            0x1.8p-127, 3 * 0x1p-126, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 1e300, 0.375,
        ]
        while samples.count < 3000 {
            let significand = 1 + Double(random.below(1 << 30)) / 0x1p30
            let x = Double(sign: .plus, exponent: random.below(2090) - 1070, significand: significand)
            if x != 0 && x.isFinite { samples.append(x) }
        }
        for x in samples + samples.map(-) {
            let (significand, exponent) = BigInt.dyadic(x)!
            let viaBigInt = exponent >= 0
                ? Rational(numerator: significand.shiftedLeft(by: exponent), denominator: .one)
                : Rational(numerator: significand, denominator: BigInt.one.shiftedLeft(by: -exponent))
            #expect(Rational(x) == viaBigInt, "\(x)")
            #expect(Rational(x).doubleValue == x, "\(x)")
        }
    }

    /// The tableau's words convert to doubles without BigInts while both fit in 53 bits:
    /// correctly rounded there, and as close as the BigInt conversion past it.
    @Test func wordQuotientsMatchTheBigIntConversion() {
        var random = SplitMix64(seed: 22)
        for _ in 0..<3000 {
            let a = Self.randomInt128(&random, bits: 1 + random.below(60))
            var b = Self.randomInt128(&random, bits: 1 + random.below(60))
            if b == 0 { b = -1 }
            let got = a.quotientAsDouble(over: b)
            let expected = BigInt.quotientAsDouble(BigInt(a), BigInt(b))
            #expect(abs(got - expected) <= abs(expected) * 2.3e-16, "\(a)/\(b)")
            if a.magnitude <= 1 << 53 && b.magnitude <= 1 << 53 { #expect(got == Double(a) / Double(b)) }
        }
    }

    @Test func quotientsRoundToTheNearestDouble() {
        var random = SplitMix64(seed: 13)
        for _ in 0..<2000 {
            let a = Self.randomInt128(&random, bits: 1 + random.below(52))
            var b = Self.randomInt128(&random, bits: 1 + random.below(52))
            if b == 0 { b = 1 }
            let expected = Double(a) / Double(b)
            let got = BigInt.quotientAsDouble(BigInt(a), BigInt(b))
            #expect(abs(got - expected) <= abs(expected) * 2.3e-16, "\(a)/\(b)")
        }
        // Far outside Int128: 10^400 / 10^399.
        var big = BigInt.one, smaller = BigInt.one
        for _ in 0..<400 { big *= BigInt(10) }
        for _ in 0..<399 { smaller *= BigInt(10) }
        #expect(BigInt.quotientAsDouble(big, smaller) == 10)
        #expect(BigInt.quotientAsDouble(-smaller, big) == -0.1)
    }
}
