/// Re-rooting definitions: reversing a path of definition rows so that a defined external
/// becomes free to define.
///
/// A new row whose externals are all defined (or held by LP rows) used to be expanded down to
/// parametric symbols and solved for one of them. On a chain whose links arrive in random
/// order, each link joins two pieces whose lefts are defined along the pieces, and the
/// expansion wrote a row as long as one piece instead of a few cells a link.
///
/// Each piece's definitions lead down to a free external: parametric, in no LP row and no
/// objective (the piece's root). Reversing the path from a defined symbol `s` to that root
/// (`s` defined by y1, y1 by y2, …, yk by the root `r`; now `r` is defined by yk, yk by
/// y(k-1), …, y1 by `s`) keeps every row's length, states the same equations, and leaves `s`
/// free, so the new row defines `s` as it stands. The free direction moves from `r` to `s`:
/// a solution where the root was zero becomes one where `s` is, and both are optimal, since no
/// LP row or objective holds either.

/// One trial of `SimplexCore.expandOrReroot`: when the row's expansion passes
/// `expansionCap` terms, look for a path of fewer than `pathLimit` steps, reading at most
/// `searchBudget` cells.
struct RerootTrial {
    var expansionCap: Int
    var pathLimit: Int32
    var searchBudget: Int
}

/// A short path when the expansion passes 64 terms (a chain linked in random order, whose
/// paths are short), any path when it passes 1,024 (pieces of chain built backwards,
/// then joined: paths as long as the pieces). Explicit rows of 64 terms are otherwise rare,
/// but common enough in the random family that allowing long paths at 64 costs its build:
/// long paths are costly to reverse.
let defaultRerootTrials = [
    RerootTrial(expansionCap: 64, pathLimit: 8, searchBudget: 256),
    RerootTrial(expansionCap: 1024, pathLimit: .max, searchBudget: .max),
]

/// Workspaces whose definitions all sit below this level (levels that start at 0) are
/// expanded without a trial (see `SimplexCore.mayExpandLong`).
let rerootLevelFloor: Int32 = 16

extension SimplexCore {
    /// How many cells the acyclicity check may read (what the path's other references
    /// depend on) before it refuses the path.
    static let rerootCheckBudget = 1 << 14

    /// Makes every row expansion try a re-rooting first, whatever its length, so that
    /// tests on small systems exercise it.
    package mutating func rerootOften() {
        tuning.rerootTrials = [RerootTrial(expansionCap: 0, pathLimit: .max, searchBudget: .max)]
        tuning.rerootsShallowExpansions = true
    }

    /// Expands the workspace in full, as `placeRow` would, unless the expansion is long
    /// and a re-rooting can free one of the row's symbols instead. Returns whether it
    /// re-rooted; the workspace is then as it was, and otherwise explicit.
    ///
    /// Each trial expansion stops at its cap (`RerootTrial`), so a long expansion is paid
    /// for in full only when no path is found. A path search reads only definitions the
    /// full expansion would read too, so a failed one costs at most what the expansion does.
    mutating func expandOrReroot() throws(CoreError) -> Bool {
        guard tuning.rerootsShallowExpansions || mayExpandLong() else {
            expandFully()
            return false
        }
        var saved = scratch.savedWorkspace
        scratch.savedWorkspace = []
        defer { scratch.savedWorkspace = saved }
        scratch.workspace.save(into: &saved)
        let constant = scratch.workspace.constant
        for trial in tuning.rerootTrials {
            if expandFully(limit: trial.expansionCap) { return false }
            scratch.workspace.restore(saved, constant: constant)
            if try rerootDefinitions(pathLimit: trial.pathLimit, searchBudget: trial.searchBudget) { return true }
        }
        expandFully()
        return false
    }

    /// Whether the workspace's expansion may be long enough to be worth a trial: otherwise
    /// it is expanded at once, since saving the workspace for nothing is a cost every
    /// short expansion would pay.
    ///
    /// Levels that start at 0 count depth: an expansion reads at least one row per level
    /// below its highest definition, so from below `rerootLevelFloor` it is short. Levels
    /// that start from variable ids (see `startingLevel`) say nothing of depth; then only
    /// a workspace whose definitions all refer to parametric symbols alone, one row each,
    /// is surely short.
    @inline(__always) private func mayExpandLong() -> Bool {
        if definitionLevels.followVariableOrder {
            for s in scratch.workspace.symbols where isDefined(s) {
                for t in cells(of: tableau.rows[Int(rowIndex(s))]) where isDefined(t.symbol) { return true }
            }
            return false
        }
        var top: Int32 = -1
        for s in scratch.workspace.symbols where isDefined(s) { top = max(top, definitionLevel(s)) }
        return top >= rerootLevelFloor
    }

    /// Makes one of the workspace's defined externals free by reversing the path of
    /// definitions from it to a free external (see above); returns whether it did.
    ///
    /// Nothing changes when no short, safe path exists: the shortest path is found
    /// breadth-first from all of the workspace's defined externals at once, and is refused
    /// if a step would divide by a coefficient small next to its row's, or if a reversed row
    /// would refer to something that depends on the path (a cycle).
    mutating func rerootDefinitions(pathLimit: Int32, searchBudget: Int) throws(CoreError) -> Bool {
        guard let path = pathToFreeExternal(pathLimit: pathLimit, budget: searchBudget) else { return false }
        guard reversalKeepsDefinitionsAcyclic(path) else { return false }
        try reverseDefinitions(along: path)
        try relevelDefinitions(along: path)
        statistics.rerootedDefinitions += 1
        return true
    }

    /// Whether `t` could be defined by a row without substituting it anywhere: a live
    /// external, parametric, in no LP row and no objective. A column longer than 64 counts
    /// as holding an LP row: such a symbol is a hub, rarely free, and walking its column
    /// from every search that meets it costs more than it finds.
    @inline(__always) func isFreeExternal(_ t: Int32) -> Bool {
        guard kind(t) == .external && isParametric(t) && ownsItsVariable(t) && tableau.symbols[Int(t)].objective < 0
        else {
            return false
        }
        var node = tableau.symbols[Int(t)].column
        for _ in 0 ..< 64 {
            if node < 0 { return true }
            if !tableau.rows[Int(tableau.columnNodes[Int(node)].row)].isDefinition { return false }
            node = tableau.columnNodes[Int(node)].next
        }
        return false
    }

    /// Whether a row whose largest coefficient is `largest` may be solved for the symbol
    /// whose coefficient is `a`: the solved row's coefficients, `-c / a` and the old basic
    /// symbol's `1 / a`, are at most a thousand times the old ones or a thousand (and
    /// `appendSolved` accepts `a`).
    @inline(__always) func isStableStep(_ a: Double, largest: Double) -> Bool {
        !isNearZero(a) && a.isFinite && !isNearZero(1 / a) && abs(a) * 1000 >= max(largest, 1)
    }

    /// The shortest path `[s, y1, …, yk, r]` (k < `pathLimit`) from a defined external `s`
    /// the workspace holds to a free external `r`, each symbol's definition row referring
    /// to the next, or nil.
    private mutating func pathToFreeExternal(pathLimit: Int32, budget: Int) -> [Int32]? {
        // Breadth-first, all starts at once; `parents[i]` is the index of the entry whose
        // row led to `queue[i]`.
        var queue: [Int32] = []
        var parents: [Int] = []
        var depths: [Int32] = []
        // A start is a symbol the new row will be solved for, so its coefficient must not be
        // roundoff next to the row's others (the explicit path picks the largest).
        var rowLargest = 0.0
        for s in scratch.workspace.symbols { rowLargest = max(rowLargest, abs(scratch.workspace.coefficient(s))) }
        for s in scratch.workspace.symbols where kind(s) == .external && isDefined(s) && ownsItsVariable(s) {
            guard isStableStep(scratch.workspace.coefficient(s), largest: rowLargest),
                operation.flags[Int(s)] & SymbolFlags.visited == 0 else { continue }
            operation.flags[Int(s)] |= SymbolFlags.visited
            queue.append(s)
            parents.append(-1)
            depths.append(0)
        }
        // Parametric externals found not free, each checked once (a grid's hub symbols
        // are met from many rows, and `isFreeExternal` walks their columns).
        var taken: [Int32] = []
        defer {
            for s in queue { operation.flags[Int(s)] &= ~SymbolFlags.visited }
            for s in taken { operation.flags[Int(s)] &= ~SymbolFlags.visited }
        }
        var budget = budget
        var head = 0
        while head < queue.count && budget > 0 {
            let y = queue[head]
            let row = tableau.rows[Int(rowIndex(y))]
            budget -= Int(row.count)
            var largest = 0.0
            for t in cells(of: row) { largest = max(largest, abs(t.coefficient)) }
            for t in cells(of: row) where kind(t.symbol) == .external
                && operation.flags[Int(t.symbol)] & SymbolFlags.visited == 0 {
                guard ownsItsVariable(t.symbol), isStableStep(t.coefficient, largest: largest) else { continue }
                if isFreeExternal(t.symbol) {
                    var path = [t.symbol]
                    var i = head
                    while i >= 0 {
                        path.append(queue[i])
                        i = parents[i]
                    }
                    return path.reversed()
                }
                if isDefined(t.symbol) && depths[head] >= pathLimit { continue }
                operation.flags[Int(t.symbol)] |= SymbolFlags.visited
                if isDefined(t.symbol) {
                    queue.append(t.symbol)
                    parents.append(head)
                    depths.append(depths[head] + 1)
                } else {
                    taken.append(t.symbol)
                }
            }
            head += 1
        }
        return nil
    }

    /// Whether reversing `path` leaves the definitions acyclic.
    ///
    /// After the reversal every path symbol's row refers only to earlier path symbols and to
    /// the other references its old row had. Those others are safe when none of them is on the
    /// path and none depends on a path symbol; then nothing reached from a path symbol leads
    /// back to one later on the path, and rows off the path only gain dependents.
    private mutating func reversalKeepsDefinitionsAcyclic(_ path: [Int32]) -> Bool {
        for s in path { operation.flags[Int(s)] |= SymbolFlags.queued }
        var seen: [Int32] = []
        defer {
            for s in path { operation.flags[Int(s)] &= ~SymbolFlags.queued }
            for s in seen { operation.flags[Int(s)] &= ~SymbolFlags.visited }
        }
        var budget = Self.rerootCheckBudget
        var stack: [Int32] = []
        for j in 0 ..< path.count - 1 {
            for t in cells(of: tableau.rows[Int(rowIndex(path[j]))]) where t.symbol != path[j + 1] {
                if operation.flags[Int(t.symbol)] & SymbolFlags.queued != 0 { return false }
                if isDefined(t.symbol) && operation.flags[Int(t.symbol)] & SymbolFlags.visited == 0 {
                    operation.flags[Int(t.symbol)] |= SymbolFlags.visited
                    seen.append(t.symbol)
                    stack.append(t.symbol)
                }
            }
            // Everything the other references depend on, through their definitions.
            while let d = stack.popLast() {
                let row = tableau.rows[Int(rowIndex(d))]
                budget -= Int(row.count)
                if budget < 0 { return false }
                for u in cells(of: row) {
                    if operation.flags[Int(u.symbol)] & SymbolFlags.queued != 0 { return false }
                    if isDefined(u.symbol) && operation.flags[Int(u.symbol)] & SymbolFlags.visited == 0 {
                        operation.flags[Int(u.symbol)] |= SymbolFlags.visited
                        seen.append(u.symbol)
                        stack.append(u.symbol)
                    }
                }
            }
        }
        return true
    }

    /// Solves each path symbol's definition row for the next symbol, from the root back:
    /// the root's reference is defined first, so no symbol ever has two rows.
    ///
    /// - Throws: where `appendSolved` does, which `isStableStep` rules out; the operation
    ///   would then be refused and rolled back.
    private mutating func reverseDefinitions(along path: [Int32]) throws(CoreError) {
        for j in stride(from: path.count - 2, through: 0, by: -1) {
            try exchangeBasic(row: rowIndex(path[j]), entering: path[j + 1])
        }
    }

    /// Gives the reversed rows their levels, in path order (each refers to the one before),
    /// then raises whatever else refers to the path.
    private mutating func relevelDefinitions(along path: [Int32]) throws(CoreError) {
        for y in path.dropFirst() {
            let r = Int(rowIndex(y))
            let level = levelNeeded(by: tableau.rows[r])
            tableau.rows[r].level = level
            if level > definitionLevels.ceiling { definitionLevels.ranHigh = true }
        }
        for y in path.dropFirst() { try raiseLevels(above: y) }
    }
}
