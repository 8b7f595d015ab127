/// The constraints and variables as the caller knows them, by id: what was added, with the
/// terms it was written with, and the variables' values and names.
///
/// The tableau holds what the constraints have become; this holds what they were, which
/// removal, verification and rebuilding go back to.
struct Registry: ~Copyable {
    var constraints = RecordBuffer<ConstraintRecord>()
    var freeConstraint: Int32 = -1
    /// Every constraint's terms, back to back (see `SimplexCore+ConstraintTerms.swift`), and
    /// how many of them belong to removed constraints.
    var constraintTerms = RecordBuffer<Int32>()
    var constraintTermGarbage = 0
    var variables = RecordBuffer<VariableRecord>()
    /// Each variable's name, by variable id (empty for an unused slot).
    var variableNames: [String] = []
    /// When set, names variables from their ids and `variableNames` stays empty: a layout
    /// engine's names follow from its items, and storing them too would cost every
    /// variable a string.
    var derivedVariableName: ((Int32) -> String)? = nil
    var freeVariable: Int32 = -1
    /// The serial number of the last constraint added (constraints are rebuilt in order).
    var serialCounter: UInt32 = 0

    init() {}

    /// An independent copy (the record buffers are not shared).
    func copy() -> Registry {
        var c = Registry()
        c.constraints = constraints.copy()
        c.freeConstraint = freeConstraint
        c.constraintTerms = constraintTerms.copy()
        c.constraintTermGarbage = constraintTermGarbage
        c.variables = variables.copy()
        c.variableNames = variableNames
        c.derivedVariableName = derivedVariableName
        c.freeVariable = freeVariable
        c.serialCounter = serialCounter
        return c
    }
}
