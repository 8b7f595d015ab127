import Synchronization

/// Where the last solver to take a variable or constraint keeps it: its slot in that
/// solver's tables, so that finding it again costs an array read instead of a hash.
///
/// Only a hint: a solver trusts it after checking that its own table holds the same object
/// at that slot, and falls back to its dictionary otherwise (the object was taken by
/// several solvers, or the slot was reused). Variables and constraints are `Sendable` and
/// may be shared by solvers on different threads, hence the atomic; relaxed ordering
/// suffices, as the value is checked before it is used.
struct SolverSlot: ~Copyable, Sendable {
    private let value = Atomic<Int32>(-1)

    /// The slot last stored, or -1.
    @inline(__always) var hint: Int32 { value.load(ordering: .relaxed) }

    @inline(__always) func store(_ slot: Int32) { value.store(slot, ordering: .relaxed) }
}
