/// What checking answers needs to remember between updates (see
/// `SimplexCore+Verification.swift` and `SimplexCore+Certification.swift`): which
/// constraints the next check covers, the doubts decisions left, and the range of the
/// coefficients written.
struct VerificationState {
    /// Decisions taken since the last exact check whose margin was within roundoff (see
    /// `NumericDoubt`).
    var doubts = NumericDoubt()
    /// The smallest and largest coefficient magnitudes of the constraints ever added, and
    /// whether a row has lost one (see `CoefficientRange`).
    var coefficientRange = CoefficientRange()
    /// Constraints added or changed since the last answer check, and whether the next one
    /// checks every constraint.
    var unverifiedConstraints: [Int32] = []
    var checksEverything = false
    var index = VerificationIndex()
    var debt = VerificationDebt()
}

extension VerificationState {
    /// The doubts and coefficient range at the start of a transaction: what undone work
    /// doubted or added is gone with it. The answer check stays due (`noteStructuralChange`
    /// after a rollback), so the rest is kept.
    struct Savepoint {
        var doubts = NumericDoubt()
        var coefficientRange = CoefficientRange()
    }

    @inline(__always) func savepoint() -> Savepoint {
        Savepoint(doubts: doubts, coefficientRange: coefficientRange)
    }

    mutating func restore(_ point: Savepoint) {
        doubts = point.doubts
        coefficientRange = point.coefficientRange
    }

    /// An independent copy (a plain value: its arrays are copied on write).
    func copy() -> VerificationState { self }

    /// What a rebuilt tableau keeps: the coefficient range of the constraints, which it
    /// places again. Doubts and the check's bookkeeping start afresh.
    func keptThroughRebuild() -> VerificationState {
        var kept = VerificationState()
        kept.coefficientRange = coefficientRange
        return kept
    }
}

#if RATITE_INTERNAL_CHECKS
extension VerificationState {
    /// Checks the coefficient range: its bounds are ordered once anything was noted.
    func checkInvariants(_ fail: (String) -> Void) {
        let range = coefficientRange
        if range.largest > 0 && !(range.smallest <= range.largest) {
            fail("coefficient range \(range.smallest) to \(range.largest)")
        }
        if range.largestConstant > 0 && !(range.smallestConstant <= range.largestConstant) {
            fail("constant range \(range.smallestConstant) to \(range.largestConstant)")
        }
    }
}
#endif
