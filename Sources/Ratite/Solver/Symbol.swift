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

/// Everything the tableau keeps per symbol, packed so the whole record can be journaled:
/// 24 bytes, the kind last so it packs behind the ids.
///
/// A symbol is in exactly one of three states: parametric (`row < 0`, value zero), basic in
/// an LP row (restricted symbols only), or defined by a definition row (externals only).
struct SymbolRecord {
    /// The row in which the symbol is basic or defined, or -1.
    var row: Int32 = -1
    /// Head of this symbol's column list (the rows containing it), or -1.
    var column: Int32 = -1
    /// Head of this symbol's objective coefficients, one node per priority level, or -1.
    var objective: Int32 = -1
    /// The constraint that created a tag symbol, or the variable of an external symbol
    /// (whose record holds the external's value). For a bundle, `-2 - row` of its row (see
    /// `SimplexCore+Bundles.swift`). For an unused slot: the next unused slot.
    var owner: Int32 = -1
    var kind: SymbolKind

    init(kind: SymbolKind, owner: Int32) {
        self.kind = kind
        self.owner = owner
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
