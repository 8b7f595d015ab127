/// A row deletion that walks deeper than this into a column indexes the column.
let hubColumnWalk = 1024

extension SimplexCore {
    /// Indexes `s`'s column (see `HubColumns`).
    mutating func indexHubColumn(_ s: Int32) {
        let logging = journal.isActive
        hubColumns.add(s, logging: logging)
        var previous: Int32 = -1
        var node = symbols[Int(s)].column
        while node >= 0 {
            hubColumns.set(s, row: columnNodes[Int(node)].row, previous, logging: logging)
            previous = node
            node = columnNodes[Int(node)].next
        }
    }

    /// Unlinks row `r` from indexed column `s` without a walk and returns the node that
    /// followed the entry (-1 at the end); nil if the index does not know the entry (then
    /// nothing changed).
    mutating func unlinkIndexedEntry(_ s: Int32, row r: Int32) -> Int32? {
        guard let previous = hubColumns[s, row: r] else { return nil }
        let node = previous < 0 ? symbols[Int(s)].column : columnNodes[Int(previous)].next
        guard node >= 0 && columnNodes[Int(node)].row == r else { return nil }
        let next = columnNodes[Int(node)].next
        unlinkColumnNode(node, of: s, after: previous)
        return next
    }

    /// Keeps the index of `s`'s column in step with a new head `node` for row `r`.
    @inline(__always) mutating func indexInsertedHead(_ node: Int32, of s: Int32, row r: Int32) {
        let logging = journal.isActive
        hubColumns.set(s, row: r, -1, logging: logging)
        let next = columnNodes[Int(node)].next
        if next >= 0 { hubColumns.set(s, row: columnNodes[Int(next)].row, node, logging: logging) }
    }

    /// Keeps the index of `s`'s column in step with `node` leaving it (`previous` is the
    /// node before it, -1 at the head); an emptied column is no longer indexed.
    @inline(__always) mutating func indexUnlinked(_ node: Int32, of s: Int32, after previous: Int32) {
        let logging = journal.isActive
        hubColumns.set(s, row: columnNodes[Int(node)].row, nil, logging: logging)
        let next = columnNodes[Int(node)].next
        if next >= 0 {
            hubColumns.set(s, row: columnNodes[Int(next)].row, previous, logging: logging)
        } else if previous < 0 {
            hubColumns.drop(s, logging: logging)
        }
    }

    /// Where the index disagrees with the columns it covers, for the invariant check.
    func hubColumnViolations() -> [String] {
        var problems: [String] = []
        var entries = 0
        for s in Int32(0) ..< Int32(symbols.count) where hubColumns.contains(s) {
            var previous: Int32 = -1
            var node = symbols[Int(s)].column
            while node >= 0 {
                let r = columnNodes[Int(node)].row
                if hubColumns[s, row: r] != previous {
                    problems.append("hub column of symbol \(s): row \(r) indexed after "
                        + "\(hubColumns[s, row: r] ?? -2), not \(previous)")
                }
                entries += 1
                previous = node
                node = columnNodes[Int(node)].next
            }
        }
        if entries != hubColumns.predecessors.count {
            problems.append("hub columns: \(hubColumns.predecessors.count) indexed entries for \(entries)")
        }
        return problems
    }
}
