// The internal invariant checks that tests and fuzzers run after operations. They walk the
// whole core, so they are for tests and debugging only, and compile only with
// `RATITE_INTERNAL_CHECKS` (debug builds, the test and fuzz builds: see Package.swift), as
// swift-collections compiles its `_checkInvariants()`. Without it each check reports that it
// is missing, so a test built without it fails rather than passing unchecked.
#if RATITE_INTERNAL_CHECKS
extension SimplexCore {
    /// Every broken invariant, described; empty when the core is consistent.
    package func invariantViolations() -> [String] {
        var problems: [String] = []
        func fail(_ text: String) { problems.append(text) }
        // Each part first, on its own; then what ties the parts together.
        tableau.checkInvariants(fail)
        cells.checkInvariants(fail)
        objective.checkInvariants(fail)
        registry.checkInvariants(fail)
        operation.checkInvariants(symbolCount: tableau.symbols.count, fail)
        definitionLevels.checkInvariants(fail)
        verification.checkInvariants(fail)
        journal.checkInvariants(fail)
        // The walks below index by what the parts hold; broken parts would make them trap.
        guard problems.isEmpty else { return problems }
        var occurrences = [Int](repeating: 0, count: tableau.symbols.count)

        let live = tableau.rows.elements.reduce(0) { $0 + ($1.isUnused ? 0 : Int($1.count)) }
        if live != cells.liveCount { fail("rows hold \(live) cells, the live count says \(cells.liveCount)") }
        for (index, row) in tableau.rows.elements.enumerated() where !row.isUnused {
            let r = Int32(index)
            let b = row.basic
            guard Int(b) < tableau.symbols.count else { fail("row \(r): basic \(b) out of range"); continue }
            guard row.start >= 0, row.count >= 0, row.cellRange.upperBound <= cells.pool.count else {
                fail("row \(r): cells \(row.start)+\(row.count) outside the pool of \(cells.pool.count)")
                continue
            }
            if isBundleRow(row) {
                if !isBundle(b) || bundleRow(b) != r || !isParametric(b) {
                    fail("row \(r): bundle \(describeSymbol(b)) not recorded")
                }
                if row.constant != 0 || row.count < bundleThreshold { fail("row \(r): bad bundle") }
                var previous: Int32 = -1
                for t in cells(of: row) {
                    if t.symbol <= previous { fail("row \(r): terms not sorted") }
                    previous = t.symbol
                    if kind(t.symbol) != .dummy || isBundle(t.symbol) {
                        fail("bundle \(describeSymbol(b)) holds \(describeSymbol(t.symbol))")
                    }
                    if isNearZero(t.coefficient) || !t.coefficient.isFinite {
                        fail("row \(r): bad coefficient \(t.coefficient)")
                    }
                    occurrences[Int(t.symbol)] += 1
                }
                continue
            }
            if tableau.symbols[Int(b)].row != r {
                fail("row \(r): basic \(describeSymbol(b)) points to row \(tableau.symbols[Int(b)].row)")
            }
            if row.isDefinition != (kind(b) == .external) {
                fail("row \(r): definition flag disagrees with \(describeSymbol(b))")
            }
            var previous: Int32 = -1
            for t in cells(of: row) {
                if t.symbol <= previous { fail("row \(r): terms not sorted") }
                previous = t.symbol
                if t.symbol == b { fail("row \(r): contains its basic symbol") }
                if isNearZero(t.coefficient) || !t.coefficient.isFinite {
                    fail("row \(r): bad coefficient \(t.coefficient)")
                }
                if kind(t.symbol) == .unused { fail("row \(r): refers to unused symbol \(t.symbol)") }
                occurrences[Int(t.symbol)] += 1
                if row.isDefinition {
                    if isDefined(t.symbol) && definitionLevel(t.symbol) >= row.level {
                        fail("definition of \(describeSymbol(b)) at level \(row.level) refers to "
                            + "\(describeSymbol(t.symbol)) at level \(definitionLevel(t.symbol))")
                    }
                } else if !isParametric(t.symbol) {
                    fail("LP row of \(describeSymbol(b)) refers to basic \(describeSymbol(t.symbol))")
                }
            }
            if !row.constant.isFinite { fail("row \(r): constant \(row.constant)") }
            if !row.isDefinition {
                if kind(b) == .dummy ? abs(row.constant) > 1e-7 : row.constant < -1e-7 {
                    fail("LP row of \(describeSymbol(b)) infeasible: \(row.constant)")
                }
            }
        }

        // Every objective node is on exactly one symbol's list or on the free list: a symbol
        // made basic without its list taken first (see `SymbolRecord.row`) would strand its
        // list.
        var listedObjectiveNodes = 0
        var onAList = [Bool](repeating: false, count: objective.nodes.count)
        for (index, record) in tableau.symbols.elements.enumerated() {
            let s = Int32(index)
            var count = 0
            var node = record.column
            while node >= 0 {
                let q = tableau.columnNodes[Int(node)].row
                if q < 0 || Int(q) >= tableau.rows.count || tableau.rows[Int(q)].isUnused
                    || cellPosition(of: s, in: tableau.rows[Int(q)]) == nil {
                    fail("column of \(describeSymbol(s)) lists row \(q) without it")
                }
                count += 1
                node = tableau.columnNodes[Int(node)].next
                if count > tableau.rows.count { fail("column of \(describeSymbol(s)) loops"); break }
            }
            if count != occurrences[index] {
                fail("column of \(describeSymbol(s)): \(count) entries for \(occurrences[index]) rows")
            }
            if kind(s) == .unused { continue }
            if isBundle(s)
                && (bundleRow(s) < 0 || Int(bundleRow(s)) >= tableau.rows.count
                    || tableau.rows[Int(bundleRow(s))].basic != s)
            {
                fail("bundle \(describeSymbol(s)) has no row")
            }
            var objective = record.objective
            var previousRank = -1
            while objective >= 0 {
                let n = self.objective.nodes[Int(objective)]
                if n.level < 0 || Int(n.level) >= self.objective.levels.count
                    || self.objective.levels[Int(n.level)].users <= 0
                {
                    fail("objective of \(describeSymbol(s)) at dead level \(n.level)")
                } else if rank(n.level) == Int.max {
                    fail("objective of \(describeSymbol(s)) at level \(n.level), which is not in the level order")
                }
                if rank(n.level) <= previousRank { fail("objective of \(describeSymbol(s)) out of rank order") }
                previousRank = rank(n.level)
                // A node met twice is on two lists, or this list loops: either way, stop.
                if onAList[Int(objective)] {
                    fail("objective node \(objective) of \(describeSymbol(s)) is on two lists or a loop")
                    break
                }
                onAList[Int(objective)] = true
                objective = n.next
                listedObjectiveNodes += 1
            }
            if record.row >= 0 && (Int(record.row) >= tableau.rows.count || tableau.rows[Int(record.row)].basic != s) {
                fail("\(describeSymbol(s)) points to row \(record.row) that is not its own")
            }
            // Optimality up to roundoff: the solver may stop short of coefficients it cannot
            // tell from roundoff (see `entryTolerance`). Not where every optimum is decided
            // exactly (wide coefficients, see `CoefficientRange`): there a real reduced cost
            // can be smaller than any such tolerance (1/21,000,000 at the top level beside
            // 0.003 below it, from coefficients 1/64 to 1000).
            if !optimumIsDecidedExactly, let (rank, c) = improvement(s) {
                // A level outside the order is reported above; reading its rank here would
                // trap.
                if rank < self.objective.levelOrder.count
                    && abs(c) > 1e-7 * min(self.objective.levels[Int(self.objective.levelOrder[rank])].scale, 1e4)
                {
                    fail("not optimal: \(describeSymbol(s)) would improve the objective")
                }
            }
            if kind(s) == .artificial { fail("artificial \(describeSymbol(s)) outlived its addition") }
        }
        var freeNode = objective.freeNode
        while freeNode >= 0 {
            if onAList[Int(freeNode)] {
                fail("objective node \(freeNode) is free and on a list, or the free list loops")
                break
            }
            onAList[Int(freeNode)] = true
            listedObjectiveNodes += 1
            freeNode = objective.nodes.next(at: Int(freeNode))
        }
        if listedObjectiveNodes != objective.nodes.count {
            fail("\(objective.nodes.count) objective nodes, \(listedObjectiveNodes) on lists and the free list")
        }
        if !objective.levelNodeCountsStale {
            var counted = [Int32](repeating: 0, count: objective.levelNodeCounts.count)
            for k in 0 ..< objective.nodes.count where objective.nodes.level(at: k) >= 0 {
                let l = Int(objective.nodes.level(at: k))
                if l < counted.count {
                    counted[l] += 1
                } else {
                    fail("objective node \(k) at level \(l), which has no count")
                }
            }
            for l in counted.indices
            where counted[l] != (l < objective.levelNodeCounts.count ? objective.levelNodeCounts[l] : 0) {
                fail(
                    "level \(l) holds \(counted[l]) objective nodes, counted "
                        + "\(l < objective.levelNodeCounts.count ? objective.levelNodeCounts[l] : 0)")
            }
        }

        var uses = [Int32](repeating: 0, count: registry.variables.count)
        for (index, record) in registry.constraints.elements.enumerated() where record.isAlive {
            let c = Int32(index)
            for m in [record.marker, record.other] where m >= 0 {
                if Int(m) >= tableau.symbols.count || tableau.symbols[Int(m)].owner != c || kind(m) == .unused
                    || kind(m) == .external
                {
                    fail("constraint c\(c) has a bad tag symbol \(m)")
                }
            }
            for t in terms(of: record) { uses[Int(t.variable)] += 1 }
            for level in [record.level, record.lowerLevel] where level >= 0 {
                if Int(level) >= objective.levels.count {
                    fail("constraint c\(c) names level \(level) of \(objective.levels.count)")
                } else if !(objective.levels[Int(level)].priority < 1000) {
                    fail("constraint c\(c): optional at a required level")
                }
            }
            if record.isSplit {
                if record.level < 0 || record.lowerLevel < 0 || record.relation != .equal
                    || kind(record.marker) != .error || kind(record.other) != .error || record.termShape != 1 {
                    fail("split constraint c\(c) is malformed")
                }
            }
        }
        for (index, record) in registry.variables.elements.enumerated() where record.isAlive {
            if uses[index] != record.uses {
                fail("variable \(name(ofVariable: Int32(index))): \(record.uses) uses recorded, \(uses[index]) found")
            }
            if record.symbol >= 0
                && (kind(record.symbol) != .external || tableau.symbols[Int(record.symbol)].owner != Int32(index)) {
                fail("variable \(name(ofVariable: Int32(index))): symbol \(record.symbol) is not its own")
            }
            if record.uses == 0 && record.symbol >= 0 && rowIndex(record.symbol) < 0 {
                fail("variable \(name(ofVariable: Int32(index))): unused but still has a symbol")
            }
        }
        // And the other way: an external symbol names a live variable that has it, or no
        // variable at all (a lingering one, see `ownsItsVariable`).
        for (index, record) in tableau.symbols.elements.enumerated() where kind(Int32(index)) == .external
            && record.owner >= 0 {
            let v = Int(record.owner)
            if v >= registry.variables.count || !registry.variables[v].isAlive
                || registry.variables[v].symbol != Int32(index)
            {
                fail("external symbol \(index) names variable \(v), which does not have it")
            }
        }
        for problem in hubColumnViolations() { fail(problem) }
        return problems
    }

    /// Differences between the cached external values and a full recomputation; meaningful
    /// right after `updateValues`.
    package func valueViolations() -> [String] {
        var problems: [String] = []
        var computed = [Double](repeating: 0, count: tableau.symbols.count)
        var order: [Int32] = []
        for (index, record) in tableau.symbols.elements.enumerated() where kind(Int32(index)) == .external
            && record.row >= 0 && tableau.rows[Int(record.row)].isDefinition {
            order.append(Int32(index))
        }
        order.sort { definitionLevel($0) < definitionLevel($1) }
        func value(_ s: Int32) -> Double {
            let r = tableau.symbols[Int(s)].row
            if r < 0 { return 0 }
            // A lingering symbol counts as zero, as in `currentValue`.
            guard tableau.rows[Int(r)].isDefinition else { return tableau.rows[Int(r)].constant }
            return ownsItsVariable(s) ? computed[Int(s)] : 0
        }
        for s in order {
            let row = tableau.rows[Int(tableau.symbols[Int(s)].row)]
            var v = row.constant
            for t in cells(of: row) { v += t.coefficient * value(t.symbol) }
            computed[Int(s)] = v
        }
        for (index, record) in tableau.symbols.elements.enumerated() where kind(Int32(index)) == .external
            && ownsItsVariable(Int32(index)) {
            let expected = value(Int32(index))
            let cached = registry.variables[Int(record.owner)].value
            if abs(expected - cached) > 1e-6 * max(1, abs(expected)) {
                problems.append("\(describeSymbol(Int32(index))) cached \(cached), computed \(expected)")
            }
        }
        // Every constraint's row must agree with the solution: the expression's value equals
        // what its tag symbols say (0, the slack, or the errors), and slacks are not negative.
        // Values pass through the other rows, so one constraint's rounding is measured against
        // the largest number anywhere in the system too: a constant of 1e19 next to one of 8
        // leaves no bits for the 8 (ulp(1e19) is 2048), and that is the arithmetic's limit,
        // not a wrong tableau.
        var largest = 0.0
        for c in registry.constraints.elements where c.isAlive { largest = max(largest, abs(c.constant)) }
        for s in tableau.symbols.indices where tableau.symbolKinds[s] == .external {
            largest = max(largest, abs(value(Int32(s))))
        }
        for (index, c) in registry.constraints.elements.enumerated() where c.isAlive {
            var expression = c.constant
            var magnitude = abs(c.constant)
            for t in terms(of: c) {
                let s = registry.variables[Int(t.variable)].symbol
                let term = t.coefficient * (s >= 0 ? value(s) : registry.variables[Int(t.variable)].value)
                expression += term
                magnitude += abs(term)
            }
            expression *= c.orientation
            var tags = 0.0
            if kind(c.marker) != .dummy { tags += value(c.marker) }
            if c.other >= 0 { tags -= value(c.other) }
            if c.isRequired && c.relation == .equal { tags = 0 }
            // Rounding in the terms' magnitude, not in their (possibly cancelling) sum.
            let scale = max(1, magnitude, abs(tags))
            if abs(expression - tags) > 1e-6 * scale + 1e-12 * largest {
                problems.append("constraint c\(index): expression is \(expression) but its tag symbols say \(tags)")
            }
            if kind(c.marker) == .slack && value(c.marker) < -1e-6 * scale {
                problems.append("constraint c\(index): negative slack \(value(c.marker))")
            }
        }
        return problems
    }
}
#else
extension SimplexCore {
    /// Reports that the checker is not compiled in (see above).
    package func invariantViolations() -> [String] { [internalChecksMissing] }

    /// Reports that the checker is not compiled in (see above).
    package func valueViolations() -> [String] { [internalChecksMissing] }
}
#endif

/// What a check reports in a build without `RATITE_INTERNAL_CHECKS`.
package let internalChecksMissing = "the internal checks are not compiled in: build with -DRATITE_INTERNAL_CHECKS"

extension SimplexCore {
    /// A digest of every piece of state: rows (unused slots too), symbols, pools, levels,
    /// constraints, variables, free lists, flags and the work lists. Equal fingerprints mean
    /// equal states (up to a 128-bit collision); tests and fuzzers compare them around
    /// refused operations, often enough that it has to cost a pass over the arrays and no
    /// more: `dump()` is the readable form.
    package func stateFingerprint() -> StateFingerprint {
        var d = StateFingerprint()
        d.feed(tableau.rows.count)
        // Cells by content, not position: when the pool is squeezed depends on history.
        for r in tableau.rows.elements {
            d.feed(r.basic); d.feed(r.level); d.feed(r.constant); d.feed(r.count)
            for t in cells(of: r) { d.feed(t.symbol); d.feed(t.coefficient) }
        }
        d.feed(tableau.symbols.count)
        for s in tableau.symbols.elements {
            d.feed(s.row); d.feed(s.column)
            d.feed(s.objective); d.feed(s.owner)
        }
        for k in tableau.symbolKinds.elements { d.feed(Int32(k.rawValue)) }
        d.feed(tableau.columnNodes.count)
        for n in tableau.columnNodes.elements { d.feed(n.row); d.feed(n.next) }
        d.feed(objective.nodes.count)
        for n in objective.nodes.elements { d.feed(n.level); d.feed(n.next); d.feed(n.coefficient) }
        d.feed(objective.levels.count)
        for l in objective.levels { d.feed(l.priority); d.feed(l.users); d.feed(l.constant); d.feed(l.scale) }
        d.feed(registry.constraints.count)
        for c in registry.constraints.elements {
            // The terms' content, not their position: two cores in the same state may have
            // squeezed their shared term arrays at different times.
            d.feed(c.isAlive); d.feed(c.termShape)
            for t in terms(of: c) { d.feed(t.variable); d.feed(t.coefficient) }
            d.feed(c.constant); d.feed(Int32(c.relation == .equal ? 0 : c.relation == .lessThanOrEqual ? 1 : 2))
            d.feed(c.isAlive && c.level >= 0 ? objective.levels[Int(c.level)].priority : 1000)
            d.feed(c.level); d.feed(c.marker); d.feed(c.other)
            d.feed(c.isSplit ? 1 : 0); d.feed(c.isSplit ? c.lowerLevel : -1)
            d.feed(c.isEdit ? 1 : 0); d.feed(UInt64(c.serial))
        }
        d.feed(registry.variables.count)
        for (index, v) in registry.variables.elements.enumerated() {
            let name = name(ofVariable: Int32(index))
            d.feed(v.isAlive); d.feed(v.symbol); d.feed(v.uses); d.feed(v.edit); d.feed(v.value)
            d.feed(name.utf8.count)
            for byte in name.utf8 { d.feed(Int32(byte)) }
        }
        for list in [
            objective.levelOrder.ids, operation.dirty, objective.candidates, objective.pending,
            operation.infeasible.symbols, objective.phaseSymbols,
        ] {
            d.feed(list.count)
            for x in list { d.feed(x) }
        }
        // Transient flags: clear between operations. A rolled-back operation may leave the
        // array longer than `symbols` (spare capacity that later symbols reuse).
        for f in operation.flags.elements.prefix(tableau.symbols.count) { d.feed(Int32(f)) }
        for x in [tableau.freeRow, tableau.freeSymbol, tableau.freeColumnNode, objective.freeNode,
                  objective.freeLevel, registry.freeConstraint, registry.freeVariable, objective.phaseLevel] {
            d.feed(x)
        }
        d.feed(UInt64(registry.serialCounter)); d.feed(operation.allSymbolsDirty)
        d.feed(UInt64(UInt32(bitPattern: definitionLevels.variableOrderEvidence)))
        d.feed(definitionLevels.followVariableOrder)
        return d
    }
}

/// A 128-bit digest of a core's state (`SimplexCore.stateFingerprint()`): two independent
/// multiply-rotate lanes over every field's bits, in a fixed order, so it is the same on
/// every run.
package struct StateFingerprint: Equatable, CustomStringConvertible {
    private var a: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    mutating func feed(_ x: UInt64) {
        a = ((a ^ x) &* 0xFF51_AFD7_ED55_8CCD)
        a = (a << 29) | (a >> 35)
        b = ((b &+ x) &* 0xC4CE_B9FE_1A85_EC53) ^ (b >> 31)
    }

    mutating func feed(_ x: Int32) { feed(UInt64(UInt32(bitPattern: x))) }
    mutating func feed(_ x: Int) { feed(UInt64(bitPattern: Int64(x))) }
    mutating func feed(_ x: Double) { feed(x.bitPattern) }
    mutating func feed(_ x: Bool) { feed(x ? UInt64(1) : 2) }

    package var description: String {
        String(a, radix: 16) + ":" + String(b, radix: 16)
    }
}

#if RATITE_INVARIANTS
extension SimplexCore {
    /// Stops the process, listing what is broken, when the core is inconsistent at the end
    /// of an outermost operation or rollback. Compiled only with `RATITE_INVARIANTS` (see
    /// Package.swift): a test run built so catches a broken invariant at the operation that
    /// broke it, not at the next check a test happens to make.
    func requireInvariants(after what: String) {
        guard operation.checksInvariantsAtCommits else { return }
        let violations = invariantViolations()
        guard !violations.isEmpty else { return }
        fatalError("RATITE_INVARIANTS: \(what) left the core inconsistent:\n"
            + violations.prefix(20).joined(separator: "\n"))
    }
}
#endif
