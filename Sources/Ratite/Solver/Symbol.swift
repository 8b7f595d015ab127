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

/// What the tableau keeps per symbol besides its kind: four ids, 16 bytes. The kind lives in
/// `SimplexCore.symbolKinds`, a byte per symbol: inside the record it took 4 bytes of
/// padding. (The level of a defined symbol is its definition row's; see `Row.level`.)
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

    init(owner: Int32) {
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
