import RatiteSupport

/// A variable's coefficient in a constraint as the caller wrote it.
package struct VariableTerm: Equatable, BitwiseCopyable {
    package var variable: Int32
    package var coefficient: Double

    package init(variable: Int32, coefficient: Double) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// One priority level of the lexicographic objective.
struct LevelRecord {
    /// The Auto Layout priority; the phase-one level uses `phaseOnePriority`.
    var priority: Double
    /// How many constraints use the level; for an unused slot, `-2 - next unused slot`.
    var users: Int32
    /// The level's objective value: the sum of its errors at the current solution.
    var constant: Double
    /// The largest coefficient the level has held: roundoff in its coefficients is
    /// measured against it.
    var scale: Double = 1
}

/// Sits above every real priority so phase one is optimized before anything else.
let phaseOnePriority = 2000.0

/// A constraint as the core keeps it: what was written, and the tableau symbols it owns.
///
/// 32 bytes: fields are declared widest first (Swift lays a struct out in declaration
/// order), and the relation and two flags share a word with the addition serial. The
/// priority is not stored: an optional constraint's is its level's, a required one's is
/// 1000 (`SimplexCore.priority(ofConstraint:)`).
struct ConstraintRecord {
    var constant: Double
    /// The serial in the low 28 bits, then the relation (2 bits), `isAlive` and `isEdit`.
    private var serialAndFlags: UInt32
    /// Where the terms start in `SimplexCore.constraintTerms` (a word index).
    var termStart: Int32
    /// The terms' shape (see `termShape`), or a split equality's `lowerLevel`.
    private var shapeOrLowerLevel: Int32
    /// The objective level of its errors, or -1 when required; of a split equality, the
    /// level of its marker (the error above).
    var level: Int32
    /// The symbol that identifies the constraint's row: a slack, an error or a dummy.
    var marker: Int32
    /// The second error symbol of an optional constraint, or -1.
    var other: Int32

    /// Serials stay below this; `SimplexCore.nextSerial` renumbers before reaching it.
    static let serialLimit: UInt32 = 1 << 28

    init(
        constant: Double, serial: UInt32, termStart: Int32, termShape: Int32, level: Int32, marker: Int32, other: Int32,
        relation: Relation, isAlive: Bool, isEdit: Bool, isSplit: Bool = false
    ) {
        precondition(serial < Self.serialLimit)
        precondition(!isSplit || (relation == .equal && termShape == 1))
        let relationBits: UInt32 = switch relation {
        case .equal: isSplit ? 3 : 0
        case .lessThanOrEqual: 1
        case .greaterThanOrEqual: 2
        }
        serialAndFlags = serial | relationBits << 28 | (isAlive ? 1 << 30 : 0) | (isEdit ? 1 << 31 : 0)
        self.constant = constant
        self.termStart = termStart
        shapeOrLowerLevel = isSplit ? -1 : termShape
        self.level = level
        self.marker = marker
        self.other = other
    }

    /// Addition order, for reporting conflicts in the order constraints were added.
    var serial: UInt32 {
        get { serialAndFlags & (Self.serialLimit - 1) }
        set {
            precondition(newValue < Self.serialLimit)
            serialAndFlags = serialAndFlags & ~(Self.serialLimit - 1) | newValue
        }
    }

    /// A split equality's relation is `.equal`.
    var relation: Relation {
        switch serialAndFlags >> 28 & 3 {
        case 1: .lessThanOrEqual
        case 2: .greaterThanOrEqual
        default: .equal
        }
    }

    /// Whether this is a split equality: an optional `variable + constant == 0` whose two
    /// errors sit at different priorities, the one above (the marker: the expression
    /// positive) at `level`, the one below (`other`: the expression negative) at
    /// `lowerLevel`. It stands for `<= 0` at the first priority and `>= 0` at the second in
    /// one row with two error symbols, where the pair takes two rows and four symbols: an
    /// item's hugging and compression resistance (`SimplexCore.addSplitConstraint`). Its
    /// single term is a unit one, so the term count needs no storage and that word holds the
    /// second level.
    var isSplit: Bool { serialAndFlags >> 28 & 3 == 3 }

    /// The count of terms: as is when every coefficient is +1 or -1 (a word a term), negated
    /// when the coefficients are stored too (three words a term).
    var termShape: Int32 { isSplit ? 1 : shapeOrLowerLevel }

    /// The objective level of the `other` error: a split equality's own, else `level`.
    var lowerLevel: Int32 {
        get { isSplit ? shapeOrLowerLevel : level }
        set {
            precondition(isSplit)
            shapeOrLowerLevel = newValue
        }
    }

    /// False for an unused slot; then `marker` links to the next unused slot.
    var isAlive: Bool { serialAndFlags & 1 << 30 != 0 }

    /// Whether this is the constraint of an edit variable: the variable is its only term
    /// (`SimplexCore.editVariable(ofConstraint:)`; a stored id took the record to 48 bytes).
    var isEdit: Bool { serialAndFlags & 1 << 31 != 0 }

    var isRequired: Bool { level < 0 }

    /// How many words of `SimplexCore.constraintTerms` its terms take.
    var termWords: Int { termShape >= 0 ? Int(termShape) : 3 * Int(termShape.magnitude) }

    /// +1 or -1: the factor applied to the terms and `constant` when the row was built, so
    /// that every row reads `expression - slack (+ error)` with the slack non-negative.
    var orientation: Double { relation == .lessThanOrEqual ? -1 : 1 }
}

/// A variable known to the core.
///
/// The name lives in `SimplexCore.variableNames`: it never changes while the variable
/// lives, and a record without a reference-counted field is copied (into the journal, on
/// every use count change) without retain and release traffic.
struct VariableRecord {
    /// The value after the last `updateValues`.
    var value: Double
    /// The external symbol, or -1 while no constraint mentions the variable.
    var symbol: Int32
    /// How many constraints (and an edit) mention the variable.
    var uses: Int32
    /// The edit constraint, or -1.
    var edit: Int32
    /// False for an unused slot; then `symbol` links to the next unused slot.
    var isAlive: Bool
}

/// Per-symbol bits that live only within one operation, so they are never journaled.
struct SymbolFlags {
    static let dirty: UInt8 = 1
    static let candidate: UInt8 = 2
    static let pending: UInt8 = 4
    static let queued: UInt8 = 8
    static let visited: UInt8 = 16
    static let infeasible: UInt8 = 32
    /// Its column is long: during the current `substituteIntoLPRows`, its cancellations
    /// are unlinked in batches.
    static let deepColumn: UInt8 = 64
    /// Its record is in the journal since the innermost transaction began (see
    /// `SimplexCore.noteSymbol`). Unlike the others this bit spans operations of a batch;
    /// the journal clears it.
    static let journaled: UInt8 = 128
}
