/// Dummy bundles: one symbol standing for a fixed combination of dummies.
///
/// Dummies are always zero; their columns only record how much of each required equality
/// went into a row, for removal and explanations. A row that sums many of them (the row of
/// `W == left + width + 20` at the end of a chain expands to one dummy per link) would copy
/// all of them into every row it is substituted into: in a k × k grid each new row-end
/// constraint spread 2k dummies into the 2k rows of its grid row, k³ cells in all. So when
/// an LP row about to be substituted holds `bundleThreshold` dummies or more, they are
/// replaced by a bundle: a new dummy-kind symbol (owner -1) whose expansion is kept in a
/// row of its own. Rows then receive one cell instead of many.
///
/// A bundle row has the bundle as its basic symbol and `isDefinition` set, but the bundle
/// stays parametric (its record's `row` is -1; `owner` holds `-2 - row` of the bundle row). The
/// row is in its dummies' column lists, so a dummy's column still reaches everything that
/// holds it: shifting a constraint's constant shifts through its bundles (`shiftMarker`),
/// and before a required equality is removed its dummy is taken out of its bundles, into
/// the rows and objective that refer to them (`extract`). Explanations read bundles through
/// `dummyCoefficients`.
extension SimplexCore {
    /// Whether `s` is a bundle.
    @inline(__always) func isBundle(_ s: Int32) -> Bool {
        tableau.symbolKinds[Int(s)] == .dummy && tableau.symbols[Int(s)].owner < 0
    }

    /// Whether `s` is a dummy of its own constraint, not a bundle: what a bundle holds.
    @inline(__always) private func isConstraintDummy(_ s: Int32) -> Bool {
        tableau.symbolKinds[Int(s)] == .dummy && tableau.symbols[Int(s)].owner >= 0
    }

    /// The row holding bundle `k`'s dummies.
    @inline(__always) func bundleRow(_ k: Int32) -> Int32 { -2 - tableau.symbols[Int(k)].owner }

    /// Whether `row` is the expansion of a bundle.
    @inline(__always) func isBundleRow(_ row: Row) -> Bool {
        !row.isUnused && row.isDefinition && kind(row.basic) == .dummy
    }

    /// Bundles the dummies of the LP row whose cells run from `start` to the end of the
    /// pool (a row about to be substituted into others) when there are `bundleThreshold`
    /// or more: the row's cells become the other cells plus one new bundle, followed in the
    /// pool by the bundle row's cells. Returns where the LP row's cells end.
    mutating func bundlingDummies(from start: Int) -> Int {
        var count = 0
        for k in start ..< cells.pool.count {
            let s = cells.pool.symbol(at: k)
            if isConstraintDummy(s) { count += 1 }
        }
        guard count >= bundleThreshold else { return cells.pool.count }
        // The bundle's coefficient carries the dummies' scale (which `restatesEqualities`
        // and the pivot tolerances read), its row their proportions. A dummy whose
        // proportion would be roundoff (wide numbers: 1e-10 beside 1000) stays in the row
        // as it is: in the bundle it would be a cell below `nearZero`. Fewer than
        // `bundleThreshold` others left, and the row keeps all its dummies (a bundle of
        // three saves nothing, and the invariants expect none).
        var scale = 0.0
        for t in cells.pool[start...] where isConstraintDummy(t.symbol) { scale = max(scale, abs(t.coefficient)) }
        var memberCount = 0
        for t in cells.pool[start...] where isConstraintDummy(t.symbol) && !isNearZero(t.coefficient / scale) {
            memberCount += 1
        }
        guard memberCount >= bundleThreshold else { return cells.pool.count }
        var members: [Cell] = []
        var rest: [Cell] = []
        members.reserveCapacity(memberCount)
        rest.reserveCapacity(cells.pool.count - start - memberCount + 1)
        for t in cells.pool[start...] {
            let proportion = t.coefficient / scale
            if isConstraintDummy(t.symbol) && !isNearZero(proportion) {
                members.append(Cell(symbol: t.symbol, coefficient: proportion))
            } else {
                rest.append(t)
            }
        }
        let k = newSymbol(.dummy, owner: -1)
        let position = rest.firstIndex { $0.symbol > k } ?? rest.count
        rest.insert(Cell(symbol: k, coefficient: scale), at: position)
        cells.pool.truncate(to: start)
        cells.pool.append(contentsOf: rest)
        let end = cells.pool.count
        storeBundleRow(of: k, members: members)
        return end
    }

    /// Gives new bundle symbol `k` its row of `members` (dummies in symbol order, with
    /// their proportions) and enters the row in their columns.
    private mutating func storeBundleRow(of k: Int32, members: [Cell]) {
        let r = storeRow(storedRow(basic: k, isDefinition: true, constant: 0, terms: members))
        cells.liveCount += members.count
        noteSymbol(k)
        tableau.symbols[Int(k)].owner = -2 - r
        for t in members { columnInsert(t.symbol, row: r) }
    }

    /// Takes dummy `d` out of every bundle holding it, into the rows and objective that
    /// refer to those bundles, so that `d`'s column lists exactly the rows holding it.
    mutating func unbundle(dummy d: Int32) {
        var containing: [Int32] = []
        columnRows(d, into: &containing)
        for q in containing where isBundleRow(tableau.rows[Int(q)]) {
            extract(d, fromBundle: tableau.rows[Int(q)].basic)
        }
    }

    /// Takes dummy `d` out of bundle `k`: the other members become a new bundle `k2`, and
    /// wherever `k` stands it is replaced by `p·d + s·k2` (`p` is `d`'s proportion in `k`,
    /// `s` the largest of the others', which `k2`'s proportions are divided by, so that a
    /// bundle's coefficient keeps carrying its dummies' scale). A row holding `k` gains one
    /// cell. When fewer than `bundleThreshold` others would be left, the bundle is expanded
    /// whole, which then costs as little.
    ///
    /// Expanding every bundle whole wrote all its dummies into every row holding it: removing
    /// the first cell's `left == 20` from a grid multiplied the tableau's cells, and every
    /// removal after it paid for the fill-in.
    private mutating func extract(_ d: Int32, fromBundle k: Int32) {
        let row = tableau.rows[Int(bundleRow(k))]
        guard Int(row.count) - 1 >= bundleThreshold, let position = cellPosition(of: d, in: row) else {
            expandBundle(k)
            return
        }
        let p = cells.pool.coefficient(at: position)
        var scale = 0.0
        for t in cells(of: row) where t.symbol != d { scale = max(scale, abs(t.coefficient)) }
        var members: [Cell] = []
        members.reserveCapacity(Int(row.count) - 1)
        for t in cells(of: row) where t.symbol != d {
            members.append(Cell(symbol: t.symbol, coefficient: t.coefficient / scale))
        }
        let k2 = newSymbol(.dummy, owner: -1)
        storeBundleRow(of: k2, members: members)
        let parts = d < k2
            ? [Cell(symbol: d, coefficient: p), Cell(symbol: k2, coefficient: scale)]
            : [Cell(symbol: k2, coefficient: scale), Cell(symbol: d, coefficient: p)]
        let split = storedRow(basic: k, isDefinition: true, constant: 0, terms: parts)
        replaceBundle(k, by: split)
    }

    /// Frees the bundles among `candidates` that no row and no objective level refers to.
    mutating func releaseUnusedBundles(_ candidates: [Int32]) {
        for k in candidates where isBundle(k) && !appearsInRows(k) && tableau.symbols[Int(k)].objective < 0 {
            expandBundle(k)
        }
    }

    /// Substitutes bundle `k` by its dummies wherever it appears and frees it.
    private mutating func expandBundle(_ k: Int32) {
        replaceBundle(k, by: tableau.rows[Int(bundleRow(k))])
    }

    /// Substitutes `k = expansion` into every row and objective level holding bundle `k`,
    /// then frees `k` and its row.
    private mutating func replaceBundle(_ k: Int32, by expansion: Row) {
        var containing: [Int32] = []
        columnRows(k, into: &containing)
        for q in containing { substitute(k, by: expansion, into: q) }
        substituteObjective(k, list: tableau.symbols[Int(k)].objective, row: expansion)
        freeRowSlot(bundleRow(k))
        freeSymbolSlot(k)
    }

    /// The dummies among `tags` with every bundle expanded, coefficients summed, in symbol
    /// order, without those that cancel.
    func dummyCoefficients(_ tags: [(symbol: Int32, coefficient: Double)]) -> [(symbol: Int32, coefficient: Double)] {
        var sums: [Int32: Double] = [:]
        for (s, c) in tags where kind(s) == .dummy {
            if isBundle(s) {
                for t in cells(of: tableau.rows[Int(bundleRow(s))]) { sums[t.symbol, default: 0] += c * t.coefficient }
            } else {
                sums[s, default: 0] += c
            }
        }
        return sums.filter { !isNearZero($0.value) }.map { ($0.key, $0.value) }.sorted { $0.symbol < $1.symbol }
    }
}

/// LP rows with at least this many dummies have them bundled before being substituted.
let bundleThreshold = 4
