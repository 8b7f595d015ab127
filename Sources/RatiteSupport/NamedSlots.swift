/// Slots (a C solver handle's variables) by name, where several live slots may share a
/// name: the newest of a name is one `NameTable` lookup away, and any slot is forgotten in
/// O(1).
///
/// The slots of one name form a chain linked both ways through per-slot arrays (names are
/// rarely shared, so this costs less than an array per name, a heap block each). Unlinking
/// a slot from the middle keeps the rest in order: freeing n variables of one name oldest
/// first must not walk the chain from the newest each time.
package struct NamedSlots {
    private var table = NameTable()
    /// The newest slot of each name, by name number, or -1 when none is indexed.
    private var newest: [Int32] = []
    /// By slot: its name's number (-1 while not indexed), and the next older and the next
    /// newer slot of that name (-1 for none).
    private var nameOf: [Int32] = []
    private var older: [Int32] = []
    private var newer: [Int32] = []

    /// No slots.
    package init() {}

    /// Indexes `slot`, which must not be indexed, as the newest slot called `name`.
    /// - Complexity: O(1) expected, amortized.
    package mutating func add(_ slot: Int32, named name: String) {
        let n = table.intern(name)
        while newest.count <= Int(n) { newest.append(-1) }
        while nameOf.count <= Int(slot) {
            nameOf.append(-1)
            older.append(-1)
            newer.append(-1)
        }
        let previous = newest[Int(n)]
        nameOf[Int(slot)] = n
        older[Int(slot)] = previous
        newer[Int(slot)] = -1
        if previous >= 0 { newer[Int(previous)] = slot }
        newest[Int(n)] = slot
    }

    /// The newest indexed slot called `name`, or nil.
    /// - Complexity: O(1) expected: one hash of the name.
    package func newest(named name: String) -> Int32? {
        guard let n = table.number(of: name), newest[Int(n)] >= 0 else { return nil }
        return newest[Int(n)]
    }

    /// Forgets `slot` (nothing happens if it is not indexed): the next older slot of its
    /// name becomes the newest again if `slot` was.
    /// - Complexity: O(1).
    package mutating func forget(_ slot: Int32) {
        guard slot >= 0, Int(slot) < nameOf.count, nameOf[Int(slot)] >= 0 else { return }
        let n = nameOf[Int(slot)], o = older[Int(slot)], w = newer[Int(slot)]
        nameOf[Int(slot)] = -1
        older[Int(slot)] = -1
        newer[Int(slot)] = -1
        if w >= 0 { older[Int(w)] = o } else { newest[Int(n)] = o }
        if o >= 0 { newer[Int(o)] = w }
    }

    /// Whether `slot` is indexed.
    package func contains(_ slot: Int32) -> Bool { slot >= 0 && Int(slot) < nameOf.count && nameOf[Int(slot)] >= 0 }
}
