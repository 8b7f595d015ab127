/// A row deletion that walks deeper than this into a column indexes the column.
let hubColumnWalk = 1024

extension SimplexCore {
    /// Indexes `s`'s column (see `HubColumns`).
    mutating func indexHubColumn(_ s: Int32) {
        let logging = journal.isActive
        tableau.hubColumns.add(s, logging: logging)
        var previous: Int32 = -1
        var node = tableau.symbols[Int(s)].column
        while node >= 0 {
            tableau.hubColumns.set(s, row: tableau.columnNodes[Int(node)].row, previous, logging: logging)
            previous = node
            node = tableau.columnNodes[Int(node)].next
        }
    }

    /// Unlinks row `r` from indexed column `s` without a walk and returns the node that
    /// followed the entry (-1 at the end); nil if the index does not know the entry (then
    /// nothing changed).
    mutating func unlinkIndexedEntry(_ s: Int32, row r: Int32) -> Int32? {
        guard let previous = tableau.hubColumns[s, row: r] else { return nil }
        let node = previous < 0 ? tableau.symbols[Int(s)].column : tableau.columnNodes[Int(previous)].next
        guard node >= 0 && tableau.columnNodes[Int(node)].row == r else { return nil }
        let next = tableau.columnNodes[Int(node)].next
        unlinkColumnNode(node, of: s, after: previous)
        return next
    }

    /// Keeps the index of `s`'s column in step with a new head `node` for row `r`.
    @inline(__always) mutating func indexInsertedHead(_ node: Int32, of s: Int32, row r: Int32) {
        let logging = journal.isActive
        tableau.hubColumns.set(s, row: r, -1, logging: logging)
        let next = tableau.columnNodes[Int(node)].next
        if next >= 0 { tableau.hubColumns.set(s, row: tableau.columnNodes[Int(next)].row, node, logging: logging) }
    }

    /// Keeps the index of `s`'s column in step with `node` leaving it (`previous` is the
    /// node before it, -1 at the head); an emptied column is no longer indexed.
    @inline(__always) mutating func indexUnlinked(_ node: Int32, of s: Int32, after previous: Int32) {
        let logging = journal.isActive
        tableau.hubColumns.set(s, row: tableau.columnNodes[Int(node)].row, nil, logging: logging)
        let next = tableau.columnNodes[Int(node)].next
        if next >= 0 {
            tableau.hubColumns.set(s, row: tableau.columnNodes[Int(next)].row, previous, logging: logging)
        } else if previous < 0 {
            tableau.hubColumns.drop(s, logging: logging)
        }
    }

    /// Where the index disagrees with the columns it covers, for the invariant check.
    func hubColumnViolations() -> [String] {
        var problems: [String] = []
        var entries = 0
        for s in Int32(0) ..< Int32(tableau.symbols.count) where tableau.hubColumns.contains(s) {
            var previous: Int32 = -1
            var node = tableau.symbols[Int(s)].column
            while node >= 0 {
                let r = tableau.columnNodes[Int(node)].row
                if tableau.hubColumns[s, row: r] != previous {
                    problems.append("hub column of symbol \(s): row \(r) indexed after "
                        + "\(tableau.hubColumns[s, row: r] ?? -2), not \(previous)")
                }
                entries += 1
                previous = node
                node = tableau.columnNodes[Int(node)].next
            }
        }
        if entries != tableau.hubColumns.predecessors.count {
            problems.append("hub columns: \(tableau.hubColumns.predecessors.count) indexed entries for \(entries)")
        }
        return problems
    }
}
