/// The integers the exact simplex (`ExactLP`) computes with: `Int128`, which reports overflow
/// so the caller can start again, and `BigInt`, which never overflows.
protocol ExactNumber: Equatable {
    static var zero: Self { get }
    static var one: Self { get }
    /// `value`, or `ExactOverflow` when it does not fit.
    static func exactly(_ value: BigInt) throws(ExactOverflow) -> Self
    func times(_ other: Self) throws(ExactOverflow) -> Self
    func minus(_ other: Self) throws(ExactOverflow) -> Self
    /// `self / divisor`, which must divide exactly (a fraction-free pivot's division).
    func dividedExactly(by divisor: Self) -> Self
    func negated() throws(ExactOverflow) -> Self
    /// -1, 0 or 1.
    var sign: Int { get }
    /// `self / denominator` as the nearest double.
    func quotientAsDouble(over denominator: Self) -> Double
}

/// An `Int128` computation left its range; the caller starts again with `BigInt`.
struct ExactOverflow: Error {}

extension Int128: ExactNumber {
    static var one: Int128 { 1 }

    var sign: Int { self < 0 ? -1 : self == 0 ? 0 : 1 }

    static func exactly(_ value: BigInt) throws(ExactOverflow) -> Int128 {
        guard let v = value.int128 else { throw ExactOverflow() }
        return v
    }

    @inline(__always) func times(_ other: Int128) throws(ExactOverflow) -> Int128 {
        let (r, o) = multipliedReportingOverflow(by: other)
        if o { throw ExactOverflow() }
        return r
    }

    @inline(__always) func minus(_ other: Int128) throws(ExactOverflow) -> Int128 {
        let (r, o) = subtractingReportingOverflow(other)
        if o { throw ExactOverflow() }
        return r
    }

    @inline(__always) func dividedExactly(by divisor: Int128) -> Int128 {
        // The first pivots divide by a determinant of 1; after them, one division gives
        // both the quotient and the remainder the check needs.
        if divisor == 1 { return self }
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        precondition(remainder == 0, "exact tableau lost integrality")
        return quotient
    }

    func negated() throws(ExactOverflow) -> Int128 {
        guard self != .min else { throw ExactOverflow() }
        return -self
    }

    func quotientAsDouble(over denominator: Int128) -> Double {
        // Both exact as doubles: one correctly rounded division, and no allocation.
        if magnitude <= 1 << 53 && denominator.magnitude <= 1 << 53 {
            return Double(Int64(truncatingIfNeeded: self)) / Double(Int64(truncatingIfNeeded: denominator))
        }
        return BigInt.quotientAsDouble(BigInt(self), BigInt(denominator))
    }
}

extension BigInt: ExactNumber {
    static func exactly(_ value: BigInt) -> BigInt { value }
    func times(_ other: BigInt) -> BigInt { self * other }
    func minus(_ other: BigInt) -> BigInt { self - other }

    func dividedExactly(by divisor: BigInt) -> BigInt {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        precondition(r.isZero, "exact tableau lost integrality")
        return q
    }

    func negated() -> BigInt { -self }

    var sign: Int { signum }

    func quotientAsDouble(over denominator: BigInt) -> Double { BigInt.quotientAsDouble(self, denominator) }
}
