/// The smallest and largest nonzero coefficient magnitudes among the constraints added
/// (never narrowed by removals, restored by rollbacks).
///
/// When they are far apart (1/64 beside 1000), a pivot multiplies roundoff by up to their
/// ratio, and a reduced cost of roundoff size can exceed every fixed tolerance: a float
/// optimum then stopped short at a low priority level by 1e-5 (extended property campaign,
/// wide numbers). In such a system every structural change counts as a doubt about the
/// optimum, so a system within `exactCertificationLimit` has each answer decided exactly.
struct CoefficientRange {
    var smallest = Double.infinity
    var largest = 0.0

    @inline(__always) mutating func note(_ coefficient: Double) {
        let size = abs(coefficient)
        guard size > 0 else { return }
        smallest = min(smallest, size)
        largest = max(largest, size)
    }

    /// Whether the coefficients span more than `wideCoefficientSpan`.
    var isWide: Bool { largest > wideCoefficientSpan * smallest }
}
