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

    /// The table lengths, free-list heads and hub-index log length at the start of a
    /// transaction: what `restore` needs besides the logged records.
    struct Savepoint {
        var rows = 0, symbols = 0, columnNodes = 0
        var freeRow: Int32 = -1, freeSymbol: Int32 = -1, freeColumnNode: Int32 = -1
        var hubLog = 0
    }

    @inline(__always) func savepoint() -> Savepoint {
        Savepoint(
            rows: rows.count, symbols: symbols.count, columnNodes: columnNodes.count,
            freeRow: freeRow, freeSymbol: freeSymbol, freeColumnNode: freeColumnNode, hubLog: hubColumns.logCount)
    }

    /// Goes back to `point`, once the journal has put back the records that existed then:
    /// drops what was created since and takes back the free lists and the hub index.
    mutating func restore(_ point: Savepoint) {
        hubColumns.rollBack(to: point.hubLog)
        rows.truncate(to: point.rows)
        symbols.truncate(to: point.symbols)
        symbolKinds.truncate(to: point.symbols)
        columnNodes.truncate(to: point.columnNodes)
        (freeRow, freeSymbol, freeColumnNode) = (point.freeRow, point.freeSymbol, point.freeColumnNode)
    }
}

#if RATITE_INTERNAL_CHECKS
extension Tableau {
    /// Checks what the tableau's tables promise on their own: a kind per symbol, free lists
    /// that hold exactly the unused slots, and every column node on one list (a column or
    /// the free list). What rows hold is checked against the cells by the core.
    func checkInvariants(_ fail: (String) -> Void) {
        if symbolKinds.count != symbols.count {
            fail("\(symbols.count) symbols, \(symbolKinds.count) kinds")
            return
        }
        checkFreeList(
            of: "row", head: freeRow, count: rows.count, isUnused: { rows[$0].isUnused },
            next: { -2 - rows[$0].basic }, fail)
        checkFreeList(
            of: "symbol", head: freeSymbol, count: symbols.count, isUnused: { symbolKinds[$0] == .unused },
            next: { symbols[$0].owner }, fail)

        // Each node on exactly one list: a node met twice is shared, or its list loops.
        var listed = [Bool](repeating: false, count: columnNodes.count)
        func walk(from head: Int32, _ list: @autoclosure () -> String) {
            var node = head
            while node >= 0 {
                guard Int(node) < columnNodes.count, !listed[Int(node)] else {
                    fail("column node \(node) of \(list()) is out of range, on two lists or in a loop")
                    return
                }
                listed[Int(node)] = true
                node = columnNodes[Int(node)].next
            }
        }
        for k in symbols.indices { walk(from: symbols[k].column, "the column of symbol \(k)") }
        walk(from: freeColumnNode, "the free list")
        if let stray = listed.firstIndex(of: false) { fail("column node \(stray) is on no list") }
    }
}
#endif
