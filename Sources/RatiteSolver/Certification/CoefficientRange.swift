/// The smallest and largest nonzero coefficient magnitudes among the constraints added
/// (never narrowed by removals, restored by rollbacks).
///
/// When they are far apart (1/64 beside 1000), a pivot multiplies roundoff by up to their
/// ratio, and a reduced cost of roundoff size can exceed every fixed tolerance: a float
/// optimum then stopped short at a low priority level by 1e-5 (extended property campaign,
/// wide numbers). In such a system every structural change counts as a doubt about the
/// optimum, so a system within `exactCertificationLimit` has each answer decided exactly.
///
/// The constants (and suggested values) are kept the same way. When they span more than
/// `wideConstantSpan`, adding the small ones to the large ones rounds them away: with
/// `w == 1e17` (weak) in a row, `w == 1` left a row constant of 1e17 with the 1 gone, and
/// `w == 2`, whose constant met the same fate, was accepted beside it. No cancellation
/// shows such a loss (1e17 − 1e17 is exactly 0), so in such a system every structural
/// change doubts feasibility and the optimum alike.
///
/// Rows lose terms the same way when one coefficient dwarfs another: solving a row for a
/// pivot element over `1 / nearZero` times another real coefficient drops that one's
/// quotient, and what it said is gone for good. With `a == -4.6e14 * v + 9` (weak),
/// defining `v` from `a == 990561` dropped the equality's marker and both errors from
/// `v`'s row; `a`'s row, which holds `4.6e14 v`, then no longer tied `a` to 990561, and
/// `a == 1` was accepted beside it. Once a row has lost a term so (`lostCoefficient`, see
/// `noteDroppedQuotients`), every structural change doubts feasibility and the optimum
/// alike too. Coefficient span alone cannot tell: three required `w == 1e5 * u` in a chain
/// lose terms the same way.
struct CoefficientRange {
    var smallest = Double.infinity
    var largest = 0.0
    var smallestConstant = Double.infinity
    var largestConstant = 0.0
    /// Whether a row has lost a real coefficient (see above). Never cleared, like the
    /// bounds: which rows still lack the term is not tracked.
    var lostCoefficient = false

    @inline(__always) mutating func note(_ coefficient: Double) {
        let size = abs(coefficient)
        guard size > 0 else { return }
        smallest = min(smallest, size)
        largest = max(largest, size)
    }

    @inline(__always) mutating func noteConstant(_ constant: Double) {
        let size = abs(constant)
        guard size > 0 else { return }
        smallestConstant = min(smallestConstant, size)
        largestConstant = max(largestConstant, size)
    }

    /// Whether the coefficients span more than `wideCoefficientSpan`.
    var isWide: Bool { largest > wideCoefficientSpan * smallest }

    /// Whether the constants span more than `wideConstantSpan`.
    var hasWideConstants: Bool { largestConstant > wideConstantSpan * smallestConstant }

    /// Whether every structural change doubts feasibility and the optimum: the constants
    /// are wide, or a row has lost a real coefficient.
    var doubtsEveryChange: Bool { hasWideConstants || lostCoefficient }
}

/// The ratio of constant magnitudes beyond which every structural change is doubted: 2^32.
/// A sum then rounds away at most 2^-21 of the smallest constant per addition, so far
/// less than any constant of the system can be lost on the way to a decision below it;
/// layouts of points and screen sizes (0.5 beside 10,000) stay far below it.
let wideConstantSpan = 4_294_967_296.0
