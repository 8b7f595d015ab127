/// What checking answers needs to remember between updates (see
/// `SimplexCore+Verification.swift` and `SimplexCore+Certification.swift`): which
/// constraints the next check covers, the doubts decisions left, and the range of the
/// coefficients written.
struct VerificationState {
    /// Decisions taken since the last exact check whose margin was within roundoff (see
    /// `NumericDoubt`).
    var doubts = NumericDoubt()
    /// The smallest and largest coefficient magnitudes of the constraints ever added (see
    /// `CoefficientRange`).
    var coefficientRange = CoefficientRange()
    /// Constraints added or changed since the last answer check, and whether the next one
    /// checks every constraint.
    var unverifiedConstraints: [Int32] = []
    var checksEverything = false
    var index = VerificationIndex()
    var debt = VerificationDebt()
}
