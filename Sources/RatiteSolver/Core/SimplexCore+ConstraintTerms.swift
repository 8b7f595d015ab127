/// The terms of every constraint as the caller wrote them, kept back to back in one array
/// of 32-bit words.
///
/// A constraint's terms never change after it is added, so they need no room to grow: one
/// shared array, where an array per constraint cost a heap block (header, allocator
/// overhead and an allocation per addition) on top. Removed constraints leave holes that
/// are squeezed out between operations, never inside a transaction, so rolling back only
/// has to cut the array back to its length at the savepoint.
///
/// Layout constraints almost always have coefficients of +1 and -1 (`a == b + c + 8`), so
/// such a constraint's terms are one word each: the variable id, bitwise negated for -1. A
/// constraint with any other coefficient takes three words a term: the id and the
/// coefficient's bits: most terms take a word instead of the 16 bytes of an id beside a
/// `Double`.
extension SimplexCore {
    /// The terms of constraint record `record`, read in place: valid until the next
    /// constraint is added.
    @inline(__always)
    func terms(of record: ConstraintRecord) -> ConstraintTermList {
        let start = Int(record.termStart)
        return ConstraintTermList(
            words: registry.constraintTerms[start ..< start + record.termWords], isUnit: record.termShape >= 0)
    }

    /// The terms of constraint `c` (see `terms(of:)`).
    @inline(__always)
    package func terms(ofConstraint c: Int32) -> ConstraintTermList { terms(of: registry.constraints[Int(c)]) }

    /// Appends `terms` to the shared array; returns where they start and the record's
    /// `termShape`.
    mutating func storeConstraintTerms(_ terms: [VariableTerm]) -> (start: Int32, shape: Int32) {
        let start = Int32(registry.constraintTerms.count)
        if terms.allSatisfy({ $0.coefficient == 1 || $0.coefficient == -1 }) {
            for t in terms { registry.constraintTerms.append(t.coefficient == 1 ? t.variable : ~t.variable) }
            return (start, Int32(terms.count))
        }
        for t in terms {
            let bits = t.coefficient.bitPattern
            registry.constraintTerms.append(t.variable)
            registry.constraintTerms.append(Int32(truncatingIfNeeded: bits))
            registry.constraintTerms.append(Int32(truncatingIfNeeded: bits >> 32))
        }
        return (start, -Int32(terms.count))
    }

    /// Compacts the shared array once holes make up more than half of it, so it stays
    /// within twice the live terms and the copying is paid for by the removals that made
    /// the holes. Only between operations: slot positions are not journaled.
    mutating func compactConstraintTermsIfSparse() {
        guard !journal.isActive, registry.constraintTermGarbage > 1024,
            2 * registry.constraintTermGarbage > registry.constraintTerms.count
        else {
            return
        }
        var packed = RecordBuffer<Int32>()
        packed.reserveCapacity(registry.constraintTerms.count - registry.constraintTermGarbage)
        for c in registry.constraints.indices where registry.constraints[c].isAlive {
            let start = Int(registry.constraints[c].termStart)
            registry.constraints[c].termStart = Int32(packed.count)
            packed.append(contentsOf: registry.constraintTerms[start ..< start + registry.constraints[c].termWords])
        }
        registry.constraintTerms = consume packed
        registry.constraintTermGarbage = 0
    }
}

/// A constraint's terms decoded from the shared word array (see
/// `SimplexCore+ConstraintTerms.swift`).
package struct ConstraintTermList: RandomAccessCollection {
    let words: UnsafeBufferPointer<Int32>
    /// Whether every coefficient is +1 or -1 (one word a term).
    let isUnit: Bool

    package var startIndex: Int { 0 }
    package var endIndex: Int { isUnit ? words.count : words.count / 3 }

    @inline(__always) package subscript(index: Int) -> VariableTerm {
        if isUnit {
            let word = words[index]
            return word >= 0
                ? VariableTerm(variable: word, coefficient: 1)
                : VariableTerm(variable: ~word, coefficient: -1)
        }
        let low = UInt64(UInt32(bitPattern: words[3 * index + 1]))
        let high = UInt64(UInt32(bitPattern: words[3 * index + 2]))
        return VariableTerm(variable: words[3 * index], coefficient: Double(bitPattern: high << 32 | low))
    }
}
