/// The tableau's structure: its rows, the symbols they are written in, and the column
/// lists that say which rows hold each symbol.
///
/// Rows, symbols and column nodes live in slots; a freed slot is chained into its table's
/// free list (through the field each record leaves unused) and taken again before the table
/// grows. The rows' cells are in `CellStore`, the objective's coefficients in `Objective`.
struct Tableau: ~Copyable {
    var rows = RecordBuffer<Row>()
    var freeRow: Int32 = -1
    var symbols = RecordBuffer<SymbolRecord>()
    /// Each symbol's kind, beside `symbols` (see `SymbolRecord`).
    var symbolKinds = RecordBuffer<SymbolKind>()
    var freeSymbol: Int32 = -1
    var columnNodes = RecordBuffer<ColumnNode>()
    var freeColumnNode: Int32 = -1
    /// An index over the longest columns (see `SimplexCore+HubColumns.swift`).
    var hubColumns = HubColumns()

    init() {}

    /// An independent copy (the record buffers are not shared).
    func copy() -> Tableau {
        var c = Tableau()
        c.rows = rows.copy()
        c.freeRow = freeRow
        c.symbols = symbols.copy()
        c.symbolKinds = symbolKinds.copy()
        c.freeSymbol = freeSymbol
        c.columnNodes = columnNodes.copy()
        c.freeColumnNode = freeColumnNode
        // With its log: the copy's journal is this one's, whose open marks count on it.
        c.hubColumns = hubColumns
        return c
    }
}
