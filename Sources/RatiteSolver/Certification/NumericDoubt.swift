/// Which kinds of decision the float tableau took within roundoff since the last exact
/// check: a row judged feasible while its constant was a hair below zero, a phase one that
/// ended with a residue it called zero, a pivot on an element small next to its row, an
/// objective coefficient small enough to be roundoff ranking a symbol. Only then is the
/// answer checked exactly: a layout of small integers never raises them.
struct NumericDoubt {
    var feasibility = false
    var optimum = false
    /// Whether a feasibility decision itself was taken within roundoff (`doubtFeasibility`),
    /// rather than only a residue dropped on the way: what past exact certification sends a
    /// required change to be certified by a point (`certifyFeasibility`).
    var feasibilityJudged = false

    var any: Bool { feasibility || optimum }
}
