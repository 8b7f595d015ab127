/// Which kinds of decision the float tableau took within roundoff since the last exact
/// check: a row judged feasible while its constant was a hair below zero, a phase one that
/// ended with a residue it called zero, a pivot on an element small next to its row, an
/// objective coefficient small enough to be roundoff ranking a symbol. Only then is the
/// answer checked exactly: a layout of small integers never raises them.
struct NumericDoubt {
    var feasibility = false
    var optimum = false

    var any: Bool { feasibility || optimum }
}
