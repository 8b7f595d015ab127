/// Definition levels: the order in which definition rows are expanded and recomputed.
///
/// Every definition row carries a level above those of the definitions it refers to, so
/// substituting in level order meets each reference before its user. This file holds all
/// that keeps the levels so: the level a new definition starts from, the walk that raises
/// the rows above a symbol whose level rose, and the renumbering that keeps levels from
/// overflowing (the part's state is `DefinitionLevels`).
///
/// A definition row's level only ever rises: `raiseLevels` lifts the rows that refer to a
/// symbol above it, and nothing lowers them when the references go away. Levels are kept
/// exact enough for their two uses (expanding and recomputing in dependency order, and
/// bounding cycle searches), but they remember history: two chains of n links, joined end
/// to end and parted again, one way and then the other, lift each other by about 2n a round
/// (50 links: 20,048 after 200 rounds). Left alone, `level + 1` would pass `Int32.max` and
/// trap after enough rounds (about ten thousand with 100k links). So once a level passes
/// `DefinitionLevels.ceiling`, the outermost commit gives every definition its lowest level
/// again: one above the highest definition it refers to, in an order the old levels
/// already make topological.
extension SimplexCore {
    // MARK: Renumbering

    /// Renumbers definition levels whenever one passes `ceiling`, from the next commit on:
    /// tests and fuzzers lower it so small systems exercise the renumbering.
    package mutating func renumberDefinitionLevelsOften(past ceiling: Int32) {
        definitionLevels.ceiling = ceiling
    }

    /// Gives every definition row the least level the order allows.
    mutating func renumberDefinitionLevels() {
        var order: [(level: Int32, row: Int32)] = []
        for r in tableau.rows.indices where !tableau.rows[r].isUnused && tableau.rows[r].isDefinition {
            order.append((tableau.rows[r].level, Int32(r)))
        }
        // A row refers only to definitions below its level, which come first.
        order.sort { $0 < $1 }
        for (_, r) in order { tableau.rows[Int(r)].level = levelNeeded(by: tableau.rows[Int(r)]) }
        definitionLevels.ranHigh = false
    }

    // MARK: Starting levels

    /// The level for a definition of `x` that must be at least `least` (one above its
    /// highest reference): its variable's id, if that is higher, as far as the rows that
    /// already refer to `x` leave room below them.
    ///
    /// Any level above the references is correct; starting high saves raising later. When a
    /// definition joins two pieces, every row above it that is not already higher is
    /// raised: a chain linked in random order raised about ln n rows a link, each costing
    /// cache misses. Layouts mostly make their variables
    /// in the order they come to depend on each other (views left to right, containers
    /// before their items), so a row that starts from its variable's id is usually above
    /// whatever it comes to refer to, and the join raises nothing. Staying below the rows
    /// that already refer to `x` keeps the start itself from raising anything.
    @inline(__always) func startingLevel(of x: Int32, atLeast least: Int32) -> Int32 {
        var level = min(tableau.symbols[Int(x)].owner, definitionLevels.ceiling / 4)
        guard level > least, definitionLevels.followVariableOrder else { return least }
        // A long column is a hub's, whose rows are mostly LP rows: not worth the walk.
        var node = tableau.symbols[Int(x)].column
        for _ in 0 ..< 16 {
            guard node >= 0 else { return max(level, least) }
            let row = tableau.rows[Int(tableau.columnNodes[Int(node)].row)]
            if row.isDefinition && row.level <= level { level = row.level - 1 }
            node = tableau.columnNodes[Int(node)].next
        }
        return least
    }

    /// Weighs one more definition placed by `storedDefinition`: whether each definition it
    /// refers to is of an older variable than its own.
    ///
    /// Starting from ids pays only while most definitions follow the order the variables
    /// were made in. Where many run against it, rows started from ids sit in an order the
    /// dependencies contradict, and raising one lifts every row in between (the random
    /// family, where many of the definitions refer to younger variables, is
    /// such a case: see docs/performance.md, "Why the code is as it is"). So a definition
    /// that follows counts 1 and one that runs against counts -2; levels start from ids
    /// once the count reaches `variableOrderEvidenceToFollow`, and from 0 again once it
    /// drops below 0, when every level is renumbered at the commit so that no row stays
    /// high among low ones. The random family never starts; chains, grids and trees,
    /// shuffled or not, climb to the limit within a few hundred definitions and stay
    /// there.
    mutating func weighVariableOrder(followed: Bool) {
        guard tuning.levelsStartFromVariableIDs else { return }
        let weight: Int32 = followed ? 1 : -2
        definitionLevels.variableOrderEvidence = min(
            max(definitionLevels.variableOrderEvidence + weight, -variableOrderEvidenceLimit),
            variableOrderEvidenceLimit)
        if !definitionLevels.followVariableOrder
            && definitionLevels.variableOrderEvidence >= variableOrderEvidenceToFollow
        {
            definitionLevels.followVariableOrder = true
        } else if definitionLevels.followVariableOrder && definitionLevels.variableOrderEvidence < 0 {
            definitionLevels.followVariableOrder = false
            definitionLevels.ranHigh = true
        }
    }

    /// Whether the workspace row solved for `x` refers to `s`: whether `storedDefinition`
    /// keeps its cell.
    @inline(__always) func isReference(_ s: Int32, ofDefinitionOf x: Int32) -> Bool {
        let a = scratch.workspace.coefficient(s)
        return isKeptCell(a, solved: -a / scratch.workspace.coefficient(x))
    }

    /// One above the highest level among the definitions the workspace row, solved for
    /// `x`, refers to: the least level `storedDefinition(of: x)` may give it.
    func referenceBound(ofDefinitionOf x: Int32) -> Int32 {
        var level: Int32 = 0
        for s in scratch.workspace.symbols where s != x && isDefined(s) && isReference(s, ofDefinitionOf: x) {
            level = max(level, definitionLevel(s) + 1)
        }
        return level
    }

    // MARK: Raising levels

    /// The lowest level definition row `row` may have: one above every defined symbol it
    /// refers to.
    func levelNeeded(by row: Row) -> Int32 {
        var level: Int32 = 0
        for t in cells(of: row) where isDefined(t.symbol) { level = max(level, definitionLevel(t.symbol) + 1) }
        return level
    }

    /// Restores `level(dependent) > level(reference)` after `x`'s level rose or `x` became
    /// defined, by raising the levels of the rows that refer to `x`, transitively.
    ///
    /// - Throws: `internalError` if the definitions refer back to `x`, which only roundoff
    ///   of extreme input can cause (a cycle check skips a coefficient that later grows).
    mutating func raiseLevels(above x: Int32) throws(CoreError) {
        try raiseDependents(of: x, above: definitionLevel(x))
    }

    /// Raises the levels of the rows that refer to parametric `x` above the level the
    /// workspace row will have as `x`'s definition, unless one of them is a reference of
    /// that row: defining `x` would then close a cycle, so nothing is raised and the
    /// reference is returned. The level is the one `storedDefinition` gives the row after
    /// the walk: the walk leaves every row that refers to `x` above it.
    ///
    /// The cycle is looked for before anything is raised, among the rows below `bound` only
    /// (one above the highest reference: every row on a path from `x` to a reference lies
    /// lower still). One walk that raised as it looked, putting the levels back when it met
    /// a reference, spent most of its raises on the random family raising rows only to
    /// put them back.
    mutating func raiseLevelsBeforeDefining(_ x: Int32) throws(CoreError) -> Int32? {
        let bound = referenceBound(ofDefinitionOf: x)
        if let reference = dependentReference(of: x, below: bound) { return reference }
        try raiseDependents(of: x, above: startingLevel(of: x, atLeast: bound))
        return nil
    }

    /// A definition below `bound` that refers to parametric `x`, transitively, and that the
    /// workspace row solved for `x` refers to: of those, the first a depth-first search
    /// from `x` meets, or nil.
    ///
    /// Tries for the same `x` within one placement share one search (`DependentSearch`):
    /// the bound only falls as references are expanded, and a search below a lower bound
    /// meets the definitions below it in the same order, so the answer is the first
    /// reference among those already met, else the next one the search meets.
    private mutating func dependentReference(of x: Int32, below bound: Int32) -> Int32? {
        guard bound > 0 else { return nil }
        if scratch.levelWalk.search.from != x || scratch.levelWalk.search.bound < bound {
            forgetDependentSearch()
            scratch.levelWalk.search.from = x
            scratch.levelWalk.search.bound = bound
            scratch.levelWalk.search.work.append(x)
        } else if let reference = referenceAlreadyMet(by: x) {
            return reference
        }
        return searchOnForReference(from: x)
    }

    /// The first of the definitions the search from `x` has met that the workspace row
    /// refers to.
    private func referenceAlreadyMet(by x: Int32) -> Int32? {
        var count = 0, reference: Int32 = -1
        for s in scratch.workspace.symbols where s != x
            && operation.flags[Int(s)] & SymbolFlags.visited != 0 && isReference(s, ofDefinitionOf: x) {
            count += 1
            reference = s
        }
        guard count > 1 else { return count == 1 ? reference : nil }
        for d in scratch.levelWalk.search.met where isReference(d, ofDefinitionOf: x) { return d }
        return nil
    }

    /// Goes on with the search from `x` until it meets a definition the workspace row
    /// refers to (returned, the search kept as if it had gone past it) or runs out.
    private mutating func searchOnForReference(from x: Int32) -> Int32? {
        var search = scratch.levelWalk.search
        scratch.levelWalk.search = DependentSearch()
        var containing = takeRowList()
        defer {
            keepRowList(containing)
            scratch.levelWalk.search = search
        }
        var reference: Int32?
        while reference == nil, let y = search.work.popLast() {
            columnRows(y, into: &containing)
            for z in containing where tableau.rows[Int(z)].isDefinition && tableau.rows[Int(z)].level < search.bound {
                let d = tableau.rows[Int(z)].basic
                guard operation.flags[Int(d)] & SymbolFlags.visited == 0 else { continue }
                operation.flags[Int(d)] |= SymbolFlags.visited
                search.met.append(d)
                search.work.append(d)
                statistics.cycleSearchRows += 1
                if reference == nil && isReference(d, ofDefinitionOf: x) { reference = d }
            }
        }
        return reference
    }

    /// Ends the cycle search of the placement under way, clearing its flags: the tableau is
    /// about to change, or the placement is done.
    @inline(__always) mutating func forgetDependentSearch() {
        guard scratch.levelWalk.search.from >= 0 else { return }
        for d in scratch.levelWalk.search.met { operation.flags[Int(d)] &= ~SymbolFlags.visited }
        scratch.levelWalk.search.met.empty(keepingAtMost: Journal.keptLogCapacity)
        scratch.levelWalk.search.work.empty(keepingAtMost: Journal.keptLogCapacity)
        scratch.levelWalk.search.from = -1
    }

    /// The walk behind `raiseLevels` and `raiseLevelsBeforeDefining`: raises every row
    /// that refers to `x`, transitively, above what it refers to, taking `x` to be at
    /// `level`.
    @inline(__always)
    private mutating func raiseDependents(of x: Int32, above level: Int32) throws(CoreError) {
        var walk = scratch.levelWalk
        scratch.levelWalk = LevelWalk()
        var containing = takeRowList()
        defer {
            keepRowList(containing)
            // A walk can raise most of a random system's rows; its scratch is not kept at
            // that size.
            walk.work.empty(keepingAtMost: Journal.keptLogCapacity)
            scratch.levelWalk = walk
        }
        walk.work.append(x)
        while let y = walk.work.popLast() {
            let level = y == x ? level : definitionLevel(y)
            columnRows(y, into: &containing)
            for z in containing where tableau.rows[Int(z)].isDefinition && tableau.rows[Int(z)].level <= level {
                let d = tableau.rows[Int(z)].basic
                guard d != x else {
                    throw .internalError(
                        "numerical breakdown: the definition of \(describeSymbol(x)) refers to itself")
                }
                noteRow(z)
                tableau.rows[Int(z)].level = level + 1
                statistics.raisedLevels += 1
                if level >= definitionLevels.ceiling { definitionLevels.ranHigh = true }
                walk.work.append(d)
            }
        }
    }
}

/// How far `DefinitionLevels.variableOrderEvidence` may run either way: a system whose
/// dependencies turn (a form appended to a random layout) tips it within a few hundred
/// definitions.
let variableOrderEvidenceLimit: Int32 = 1024

/// The count at which definitions start from their variables' ids (see
/// `SimplexCore.weighVariableOrder`).
let variableOrderEvidenceToFollow: Int32 = 64

/// The level past which definition levels are renumbered (`DefinitionLevels.ceiling`,
/// lowered by tests): half of `Int32.max`, so one operation, which raises a level by at most
/// the number of definition rows, cannot overflow before the commit renumbers them.
let defaultDefinitionLevelCeiling: Int32 = 1 << 30
