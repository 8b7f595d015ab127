import Synchronization

/// What an id names, so an id of one kind is refused where another is expected.
@usableFromInline package enum IDKind: UInt64, Sendable {
    case variable = 0
    case constraint = 1
    case item = 2
    case layoutConstraint = 3
}

/// Tags owners (a `Solver`, a C handle) so an id one of them issued is recognised as foreign
/// by another. Tag 0 is never used, so the id 0 is never valid: it stands for "none".
private let ownerTags = Atomic<UInt64>(0)

/// The ids every front end gives out for the core's slots: the C interface's variable,
/// constraint, item and layout-constraint ids, and the stamps a `Solver` leaves in its
/// `Variable`s and `Constraint`s (`SolverSlot`). One scheme, so that "does this id name a
/// live slot of this owner" is decided in one place.
///
/// An id is 2 bits of kind, 18 bits of owner tag, 18 bits of slot generation and 26 bits
/// of slot. Retiring a slot moves its generation on: a removed object's id is refused until
/// its slot has been reused 2^18 times, and an id from another owner until 2^18 owners have
/// been created in between. (Callers that must be exact past that also check what the slot
/// holds, as `SlotTable` does.)
@usableFromInline package struct IDSpace {
    // Computed rather than stored: a stored `static let` is reached through an accessor the
    // C layer's inlined copies of `slot(of:)` and `id(for:)` could not fold away.
    @inlinable package static var slotBits: UInt64 { 26 }
    @inlinable package static var generationBits: UInt64 { 18 }
    @inlinable package static var tagBits: UInt64 { 18 }
    @inlinable package static var tagLimit: UInt64 { 1 << tagBits }
    @inlinable package static var slotLimit: Int { 1 << Int(slotBits) }
    package let kind: IDKind
    package let tag: UInt64
    @usableFromInline package var generations: [UInt32] = []

    /// The kind and tag bits every id of this space starts with.
    @usableFromInline package let prefix: UInt64

    package init(kind: IDKind, tag: UInt64) {
        self.kind = kind
        self.tag = tag
        prefix = kind.rawValue << 62 | tag << (Self.generationBits + Self.slotBits)
    }

    /// A fresh owner tag, from 1 to `tagLimit - 1`, shared by all the id spaces of one owner.
    package static func newTag() -> UInt64 {
        let next = ownerTags.add(1, ordering: .relaxed).newValue
        return next % tagLimit + 1 == tagLimit ? 1 : next % tagLimit + 1
    }

    /// The current id of `slot`.
    @inlinable @inline(__always)
    package mutating func id(for slot: Int32) -> UInt64 {
        if Int(slot) >= generations.count { grow(to: slot) }
        return prefix | UInt64(generations[Int(slot)]) << Self.slotBits | UInt64(UInt32(bitPattern: slot))
    }

    /// The slot an id names, if the id is of this kind, belongs to this owner and its
    /// generation is current.
    @inlinable @inline(__always)
    package func slot(of id: UInt64) -> Int32? {
        let generationMask: UInt64 = (1 << Self.generationBits) - 1
        guard id & ~((1 << (Self.generationBits + Self.slotBits)) - 1) == prefix else { return nil }
        let slot = Int(id & ((1 << Self.slotBits) - 1))
        guard slot < generations.count, UInt64(generations[slot]) == (id >> Self.slotBits) & generationMask else {
            return nil
        }
        return Int32(slot)
    }

    /// Makes room for the generation of `slot` (a slot's first id has generation 0).
    @usableFromInline package mutating func grow(to slot: Int32) {
        while generations.count <= Int(slot) { generations.append(0) }
    }

    /// Invalidates every id issued for `slot`.
    @inlinable @inline(__always)
    package mutating func retire(_ slot: Int32) {
        if Int(slot) >= generations.count { grow(to: slot) }
        generations[Int(slot)] = (generations[Int(slot)] + 1) & UInt32((1 << Self.generationBits) - 1)
    }
}
