import Synchronization

/// Where the solver that owns a variable or constraint keeps it: that solver's id for it
/// (an `IDSpace` id: owner tag, generation, slot), or 0 while no solver owns it. A solver
/// finds an object it owns with an array read instead of a hash.
///
/// The first solver to take a free object claims it; another solver that takes it too keeps
/// it in a dictionary of its own (`SlotTable`), and the owner gives the stamp back when it
/// lets the object go (removal, `reset()`, or its deinit). Variables and constraints are
/// `Sendable` and may be shared by solvers on different threads, hence the atomic; relaxed
/// ordering suffices, as a solver checks its own table before it trusts a stamp.
struct SolverSlot: ~Copyable, Sendable {
    private let value = Atomic<UInt64>(0)

    /// The id last stamped, or 0.
    @inline(__always) var stamp: UInt64 { value.load(ordering: .relaxed) }

    /// Stamps `id` if no solver owns the object; false if one does.
    @inline(__always) func claim(_ id: UInt64) -> Bool {
        value.compareExchange(expected: 0, desired: id, ordering: .relaxed).exchanged
    }

    /// Clears the stamp if it is still `id` (it is the owner letting the object go).
    @inline(__always) func release(_ id: UInt64) {
        _ = value.compareExchange(expected: id, desired: 0, ordering: .relaxed)
    }
}

/// An object a `Solver` keeps in a `SlotTable`: a `Variable` or a `Constraint`.
protocol SlotHolder: AnyObject {
    /// The id the owning solver stamped, or 0.
    var slotStamp: UInt64 { get }
    /// Stamps `id` if no solver owns the object (see `SolverSlot.claim`).
    func claimSlot(_ id: UInt64) -> Bool
    /// Clears the stamp if it is still `id`.
    func releaseSlot(_ id: UInt64)
}

extension Variable: SlotHolder {
    @inline(__always) var slotStamp: UInt64 { slot.stamp }
    @inline(__always) func claimSlot(_ id: UInt64) -> Bool { slot.claim(id) }
    @inline(__always) func releaseSlot(_ id: UInt64) { slot.release(id) }
}

extension Constraint: SlotHolder {
    @inline(__always) var slotStamp: UInt64 { slot.stamp }
    @inline(__always) func claimSlot(_ id: UInt64) -> Bool { slot.claim(id) }
    @inline(__always) func releaseSlot(_ id: UInt64) { slot.release(id) }
}
