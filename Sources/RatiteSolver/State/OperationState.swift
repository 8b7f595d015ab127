/// What operations leave for later operations and for the caller: the symbols' transient
/// flags (see `SymbolFlags`), the values that may have changed, and the rows that may be
/// infeasible.
struct OperationState: ~Copyable {
    var flags = RecordBuffer<UInt8>()
    /// Symbols whose value may have changed since the last `updateValues`.
    var dirty: [Int32] = []
    /// Whether every value may have changed: set instead of a dirty list longer than an
    /// eighth of the symbols (see `boundDirtyList`).
    var allSymbolsDirty = false
    /// Basic symbols of LP rows that may be infeasible.
    var infeasible = InfeasibleQueue()
    /// Variables whose values changed in `updateValues` calls since the last
    /// `takeChangedVariables`, possibly repeated.
    var changedVariables: [Int32] = []
    /// Set when a number written into the tableau is not finite (see `noteMagnitude`);
    /// the operation then fails and rolls back.
    var numbersOverflowed = false
    /// Off while `rebuildTableau` assembles a core whose commits are not operation ends
    /// (read only with `RATITE_INVARIANTS`, see `requireInvariants`).
    var checksInvariantsAtCommits = true

    init() {}

    /// An independent copy of what outlasts an operation: a copy is taken between
    /// operations, so it starts with no overflow noted and with checks at commits on.
    func copy() -> OperationState {
        var c = OperationState()
        c.flags = flags.copy()
        c.dirty = dirty
        c.allSymbolsDirty = allSymbolsDirty
        c.infeasible = infeasible
        c.changedVariables = changedVariables
        return c
    }
}
