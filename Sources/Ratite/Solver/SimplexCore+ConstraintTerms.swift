/// The terms of every constraint as the caller wrote them, kept back to back in one array.
///
/// A constraint's terms never change after it is added, so they need no room to grow: one
/// shared array costs 16 bytes a term, where an array per constraint cost a heap block
/// (header, allocator overhead and an allocation per addition) on top. Removed constraints
/// leave holes that are squeezed out between operations, never inside a transaction, so
/// rolling back only has to cut the array back to its length at the savepoint.
extension SimplexCore {
    /// The terms of constraint record `record`.
    @inline(__always)
    func terms(of record: ConstraintRecord) -> UnsafeBufferPointer<VariableTerm> {
        let start = Int(record.termStart)
        return constraintTerms[start ..< start + Int(record.termCount)]
    }

    /// The terms of constraint `c`.
    @inline(__always)
    func terms(ofConstraint c: Int32) -> UnsafeBufferPointer<VariableTerm> { terms(of: constraints[Int(c)]) }

    /// Appends `terms` to the shared array; returns where they start.
    mutating func storeConstraintTerms(_ terms: [VariableTerm]) -> Int32 {
        let start = Int32(constraintTerms.count)
        constraintTerms.append(contentsOf: terms)
        return start
    }

    /// Compacts the shared array once holes make up more than half of it, so it stays
    /// within twice the live terms and the copying is paid for by the removals that made
    /// the holes. Only between operations: slot positions are not journaled.
    mutating func compactConstraintTermsIfSparse() {
        guard !journal.isActive, constraintTermGarbage > 1024, 2 * constraintTermGarbage > constraintTerms.count else { return }
        var packed = RecordBuffer<VariableTerm>()
        packed.reserveCapacity(constraintTerms.count - constraintTermGarbage)
        for c in constraints.indices where constraints[c].isAlive {
            let start = Int32(packed.count)
            packed.append(contentsOf: terms(of: constraints[c]))
            constraints[c].termStart = start
        }
        constraintTerms = consume packed
        constraintTermGarbage = 0
    }
}
