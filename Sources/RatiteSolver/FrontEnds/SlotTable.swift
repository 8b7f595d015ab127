/// The objects a `Solver` holds, by core id, and the way back from an object to its id.
///
/// An object no other solver owns carries this solver's id in its `SolverSlot`: finding it
/// is the id check of `IDSpace` and one array read, with nothing hashed or inserted per
/// object. Only an object another solver owns when this one takes it goes into a dictionary
/// by identity, so a program that shares nothing never builds one.
///
/// Non-copyable: a lookup through the solver's stored table then borrows it. A copyable one
/// was copied for each lookup, retaining and releasing its three buffers.
struct SlotTable<Object: SlotHolder>: ~Copyable {
    private(set) var ids: IDSpace
    /// The object at each core id, or nil.
    private var objects: [Object?] = []
    /// Objects whose stamp another solver held when this one took them.
    private var elsewhere: [ObjectIdentifier: Int32] = [:]

    init(kind: IDKind, tag: UInt64) {
        ids = IDSpace(kind: kind, tag: tag)
    }

    /// The core id of `object` in this solver, or nil.
    @inline(__always) func id(of object: Object) -> Int32? {
        if let s = ids.slot(of: object.slotStamp), Int(s) < objects.count, objects[Int(s)] === object { return s }
        // The identity check above also covers an owner tag reused after 2^18 owners.
        return elsewhere.isEmpty ? nil : elsewhere[ObjectIdentifier(object)]
    }

    /// The object at core id `id`, or nil.
    @inline(__always) subscript(id: Int32) -> Object? {
        id >= 0 && Int(id) < objects.count ? objects[Int(id)] : nil
    }

    /// Makes room for objects at core ids below `count`.
    mutating func reserveCapacity(_ count: Int) { objects.reserveCapacity(count) }

    /// Records `object`, new to this solver, at core id `id`.
    mutating func insert(_ object: Object, at id: Int32) {
        // The core hands out fresh ids in order, so this is mostly an append.
        if Int(id) == objects.count {
            objects.append(object)
        } else {
            while objects.count <= Int(id) { objects.append(nil) }
            objects[Int(id)] = object
        }
        if !object.claimSlot(ids.id(for: id)) { elsewhere[ObjectIdentifier(object)] = id }
    }

    /// Forgets the object at core id `id`, giving its stamp back, and retires the id.
    mutating func remove(at id: Int32) {
        guard let object = self[id] else { return }
        objects[Int(id)] = nil
        if elsewhere.isEmpty || elsewhere.removeValue(forKey: ObjectIdentifier(object)) == nil {
            object.releaseSlot(ids.id(for: id))
        }
        ids.retire(id)
    }

    /// Forgets every object (the core's ids start again from 0), giving their stamps back.
    mutating func removeAll() {
        releaseStamps()
        for i in objects.indices where objects[i] != nil { ids.retire(Int32(i)) }
        objects = []
        elsewhere = [:]
    }

    /// Gives back the stamps of the objects this solver owns, for its deinit: another solver
    /// may then claim them.
    func releaseStamps() {
        for i in objects.indices {
            guard let object = objects[i], let id = ids.slot(of: object.slotStamp), id == Int32(i) else { continue }
            object.releaseSlot(object.slotStamp)
        }
    }
}
