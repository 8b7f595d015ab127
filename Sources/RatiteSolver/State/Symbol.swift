/// What a tableau symbol stands for.
///
/// External symbols are the user's variables and are unrestricted in sign. Every other kind
/// is restricted to be non-negative; dummies are further fixed at zero (they mark required
/// equalities and exist only so the constraint can be found again and explained).
enum SymbolKind: UInt8 {
    case external
    case slack
    case error
    case dummy
    /// The temporary variable of a phase-one solve; never outlives one `add`.
    case artificial
    /// A recycled slot.
    case unused

    var isRestricted: Bool { self != .external }

    /// Whether the simplex may bring this symbol into the basis while optimizing.
    var mayEnter: Bool { self == .external || self == .slack || self == .error }
}

/// What the tableau keeps per symbol besides its kind: three ids, 12 bytes. The kind lives
/// in `SimplexCore.symbolKinds`, a byte per symbol: inside the record it took 4 bytes of
/// padding. (The level of a defined symbol is its definition row's; see `Row.level`.)
///
/// A symbol is in exactly one of three states: parametric (`row < 0`, value zero), basic in
/// an LP row (restricted symbols only), or defined by a definition row (externals only).
/// Only a parametric symbol has objective coefficients (a basic one's share is substituted
/// through its row), so its row and the head of its objective list share one field: 4
/// bytes a symbol less.
struct SymbolRecord {
    /// The row when `>= 0`; `-2 - head` of the objective list when `<= -2`; else -1.
    private var rowOrObjective: Int32 = -1
    /// Head of this symbol's column list (the rows containing it), or -1.
    var column: Int32 = -1
    /// The constraint that created a tag symbol, or the variable of an external symbol
    /// (whose record holds the external's value). For a bundle, `-2 - row` of its row (see
    /// `SimplexCore+Bundles.swift`). For an unused slot: the next unused slot.
    var owner: Int32 = -1

    init(owner: Int32) {
        self.owner = owner
    }

    /// The row in which the symbol is basic or defined, or -1. Making a symbol basic drops
    /// its objective list from the record: whoever does so takes the list first (see
    /// `SimplexCore.substituteObjective`).
    var row: Int32 {
        get { max(rowOrObjective, -1) }
        set {
            if newValue >= 0 {
                rowOrObjective = newValue
            } else if rowOrObjective >= 0 {
                rowOrObjective = -1
            }
        }
    }

    /// Head of this symbol's objective coefficients, one node per priority level, or -1
    /// (always -1 while the symbol is basic; clearing it then changes nothing).
    var objective: Int32 {
        get { rowOrObjective <= -2 ? -2 - rowOrObjective : -1 }
        set {
            if newValue >= 0 {
                precondition(rowOrObjective < 0, "a basic symbol has no objective coefficients")
                rowOrObjective = -2 - newValue
            } else if rowOrObjective <= -2 {
                rowOrObjective = -1
            }
        }
    }
}

/// One entry of a column list: a row that contains the symbol.
struct ColumnNode {
    var row: Int32
    var next: Int32
}

/// One objective coefficient of a symbol at one priority level.
struct ObjectiveNode {
    var level: Int32
    var next: Int32
    var coefficient: Double
}
