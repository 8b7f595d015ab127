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

extension OperationState {
    /// What a transaction must find again: the dirty list as it was (symbols made dirty
    /// since are cleared), and the flags' length. The other lists are empty at operation
    /// boundaries and are emptied by the rollback itself.
    struct Savepoint {
        var flags = 0, dirty = 0
        var allSymbolsDirty = false, numbersOverflowed = false
    }

    @inline(__always) func savepoint() -> Savepoint {
        Savepoint(flags: flags.count, dirty: dirty.count, allSymbolsDirty: allSymbolsDirty,
                  numbersOverflowed: numbersOverflowed)
    }

    mutating func restore(_ point: Savepoint) {
        flags.truncate(to: point.flags)
        allSymbolsDirty = point.allSymbolsDirty
        numbersOverflowed = point.numbersOverflowed
        if dirty.count > point.dirty {
            for s in dirty[point.dirty...] where Int(s) < flags.count { flags[Int(s)] &= ~SymbolFlags.dirty }
            dirty.removeSubrange(point.dirty...)
        }
    }

    /// Says every value may have changed, in place of the dirty list (whose flags go with
    /// it): after a rebuild, or when the list grows too long to be worth walking.
    mutating func markEverySymbolDirty() {
        for s in dirty { flags[Int(s)] &= ~SymbolFlags.dirty }
        dirty = []
        allSymbolsDirty = true
    }
}

#if RATITE_INTERNAL_CHECKS
extension OperationState {
    /// Checks the lists between operations against the flags of `symbolCount` symbols: the
    /// dirty list holds exactly the symbols flagged dirty, once each; no flag of a walk or
    /// a queue is left set, and nothing is queued or overflowed.
    func checkInvariants(symbolCount: Int, _ fail: (String) -> Void) {
        if flags.count != symbolCount { fail("\(symbolCount) symbols, \(flags.count) flag bytes") }
        var listed = [Bool](repeating: false, count: flags.count)
        for s in dirty {
            guard Int(s) >= 0, Int(s) < flags.count, !listed[Int(s)] else {
                fail("symbol \(s) is out of range or twice on the dirty list")
                continue
            }
            listed[Int(s)] = true
            if flags[Int(s)] & SymbolFlags.dirty == 0 { fail("symbol \(s) is on the dirty list, not flagged") }
        }
        for (s, f) in flags.elements.enumerated() {
            if f & SymbolFlags.dirty != 0 && !listed[s] { fail("symbol \(s) is flagged dirty, not on the list") }
            // Candidates and pending symbols may stay listed, flagged, between operations.
            if f & ~(SymbolFlags.dirty | SymbolFlags.candidate | SymbolFlags.pending) != 0 {
                fail("symbol \(s) keeps operation flags \(f)")
            }
        }
        if !infeasible.isEmpty { fail("\(infeasible.count) rows left queued as infeasible") }
        if numbersOverflowed { fail("an overflow outlived its operation") }
    }
}
#endif
