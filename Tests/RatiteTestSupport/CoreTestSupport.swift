import Ratite
import RatiteCheck
import Testing

@testable import RatiteSolver

// Helpers shared by the core-level tests: a full-state fingerprint, and a small driver that
// feeds `ReferenceConstraint`s to a `SimplexCore`.

/// Every bit of a core's state, in a form that compares with `==`: every row slot (unused
/// ones too), every symbol record field, the column and objective node pools, levels and
/// their order, constraint and variable records, all free-list heads, the serial counter, the
/// dirty list and the per-symbol flags, the hub column index, and the transient lists (empty
/// between operations).
/// Doubles are written as bit patterns so that `-0` and `0` or NaN payloads differ.
/// Statistics, the journal's scratch entries and the workspaces are not state.
///
/// With `transient: false` the per-operation scratch (flags other than `dirty`, and the
/// candidate, pending and infeasible queues) is left out; those are checked separately.
package func fingerprint(_ core: borrowing SimplexCore, transient: Bool = true) -> String {
    func d(_ x: Double) -> String { String(x.bitPattern, radix: 16) }
    var out = ""
    out += "rows \(core.tableau.rows.count) free \(core.tableau.freeRow)\n"
    for (i, r) in core.tableau.rows.elements.enumerated() {
        out += "r\(i) b\(r.basic) l\(r.level) c\(d(r.constant)) ["
        out += core.cells(of: r).map { "\($0.symbol):\(d($0.coefficient))" }.joined(separator: ",") + "]\n"
    }
    out += "symbols \(core.tableau.symbols.count) free \(core.tableau.freeSymbol)\n"
    for (i, s) in core.tableau.symbols.elements.enumerated() {
        out += "s\(i) k\(core.tableau.symbolKinds[i].rawValue) r\(s.row) c\(s.column) o\(s.objective) w\(s.owner)\n"
    }
    out += "columnNodes \(core.tableau.columnNodes.count) free \(core.tableau.freeColumnNode)\n"
    for (i, n) in core.tableau.columnNodes.elements.enumerated() { out += "n\(i) r\(n.row) x\(n.next)\n" }
    out += "objectiveNodes \(core.objective.nodes.count) free \(core.objective.freeNode)\n"
    for (i, n) in core.objective.nodes.elements.enumerated() {
        out += "o\(i) l\(n.level) x\(n.next) c\(d(n.coefficient))\n"
    }
    out += "levels \(core.objective.levels.count) free \(core.objective.freeLevel)"
    out += " order \(core.objective.levelOrder.ids)\n"
    for (i, l) in core.objective.levels.enumerated() {
        out += "l\(i) p\(d(l.priority)) u\(l.users) c\(d(l.constant))\n"
    }
    out += "constraints \(core.registry.constraints.count) free \(core.registry.freeConstraint)"
    out += " terms \(core.registry.constraintTerms.count) garbage \(core.registry.constraintTermGarbage)\n"
    for (i, c) in core.registry.constraints.elements.enumerated() {
        out += "c\(i) alive\(c.isAlive) @\(c.termStart) ["
        out += core.terms(of: c).map { "\($0.variable):\(d($0.coefficient))" }.joined(separator: ",")
        out += "] k\(d(c.constant)) \(c.relation.symbol) l\(c.level) m\(c.marker) o\(c.other)"
        if c.isSplit { out += " split l\(c.lowerLevel)" }
        out += " e\(c.isEdit) #\(c.serial)\n"
    }
    out += "variables \(core.registry.variables.count) free \(core.registry.freeVariable)\n"
    for (i, v) in core.registry.variables.elements.enumerated() {
        out += "v\(i) alive\(v.isAlive) '\(core.registry.variableNames[i])'"
        out += " s\(v.symbol) u\(v.uses) e\(v.edit) v\(d(v.value))\n"
    }
    out += "serial \(core.registry.serialCounter) levels high \(core.definitionLevels.ranHigh)"
    out += " order \(core.definitionLevels.variableOrderEvidence) \(core.definitionLevels.followVariableOrder)\n"
    out += "dirty \(core.operation.dirty) all \(core.operation.allSymbolsDirty)\n"
    if transient {
        out += "flags \(Array(core.operation.flags.elements))\n"
        out += "candidates \(core.objective.candidates) pending \(core.objective.pending)"
        out += " infeasible \(core.operation.infeasible)\n"
    } else {
        out += "dirty flags \(core.operation.flags.elements.map { $0 & SymbolFlags.dirty })\n"
    }
    out += "hub columns \((0 ..< Int32(core.tableau.symbols.count)).filter { core.tableau.hubColumns.contains($0) })\n"
    for (key, previous) in core.tableau.hubColumns.predecessors.sorted(by: { $0.key < $1.key }) {
        out += "h\(key) p\(previous)\n"
    }
    out += "phase \(core.objective.phaseLevel) journal \(core.journal.isActive)\n"
    return out
}

/// The first line where two fingerprints differ, for readable failures.
package func firstDifference(_ a: String, _ b: String) -> String? {
    if a == b { return nil }
    let x = a.split(separator: "\n", omittingEmptySubsequences: false)
    let y = b.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(x.count, y.count) {
        let l = i < x.count ? String(x[i]) : "<none>"
        let r = i < y.count ? String(y[i]) : "<none>"
        if l != r { return "line \(i): \(l)  vs  \(r)" }
    }
    return "differ"
}

/// A core together with the variables the tests address by index (a class: the core is
/// not copyable, and tests pass drivers around freely).
package final class CoreDriver {
    package var core = SimplexCore()
    package var variables: [Int32] = []

    package init(variableCount: Int) {
        for i in 0..<variableCount { variables.append(core.newVariable(name: "x\(i)")) }
    }

    package func terms(_ c: ReferenceConstraint) -> [VariableTerm] {
        c.terms.map { VariableTerm(variable: variables[$0.variable], coefficient: $0.coefficient) }
    }

    package func add(_ c: ReferenceConstraint) throws(CoreError) -> Int32 {
        try core.addConstraint(terms: terms(c), constant: c.constant, relation: c.relation, priority: c.priority)
    }

    /// Values of all variables after an update.
    package func values() -> [Double] {
        core.updateValues()
        return variables.map { core.value(ofVariable: $0) }
    }

    /// Everything the core's own checks report, after an update.
    package func problems() -> [String] {
        core.updateValues()
        return core.invariantViolations() + core.valueViolations()
    }
}

/// A `ReferenceConstraint`, `Σ terms + constant relation 0`, in a compact form for tests:
/// `ref([(0, 1), (1, -1)], -8, .equal)`.
package func ref(_ terms: [(Int, Double)], _ constant: Double, _ relation: Relation,
         _ priority: Double = 1000) -> ReferenceConstraint {
    ReferenceConstraint(terms: terms.map { (variable: $0.0, coefficient: $0.1) }, constant: constant,
                        relation: relation, priority: priority)
}

/// Whether `a` and `b` agree to within `tolerance` relative to their size.
package func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

/// Whether two objective vectors agree level by level: within `tolerance` relative to the
/// level's value, or to `scales` (the size of the numbers summed at each level, see
/// `objectiveScales`) times 1e-12, whichever is larger.
package func sameObjective(_ a: [(priority: Double, value: Double)], _ b: [(priority: Double, value: Double)],
                   tolerance: Double = 1e-7, scales: [Double] = []) -> Bool {
    guard a.count == b.count else { return false }
    for (i, (x, y)) in zip(a, b).enumerated() {
        guard x.priority == y.priority else { return false }
        let scale = i < scales.count ? scales[i] : 0
        if abs(x.value - y.value) > max(tolerance * max(1, abs(x.value), abs(y.value)), 1e-12 * scale) { return false }
    }
    return true
}

/// Per optional level (highest first, as `objectiveVector`), the sum of the magnitudes of
/// the numbers that make up its constraints' left sides at `values`.
package func objectiveScales(_ constraints: [ReferenceConstraint], values: [Double]) -> [Double] {
    let priorities = Set(constraints.filter { !$0.isRequired }.map(\.priority)).sorted(by: >)
    return priorities.map { p in
        constraints.filter { $0.priority == p }.reduce(0.0) { sum, c in
            c.terms.reduce(sum + abs(c.constant)) { $0 + abs($1.coefficient * values[$1.variable]) }
        }
    }
}

package func describeObjective(_ a: [(priority: Double, value: Double)]) -> String {
    a.map { "@\(formatNumber($0.priority)): \($0.value)" }.joined(separator: ", ")
}

extension ReferenceConstraint {
    /// The size of the numbers that make up the left side at `values`, for relative
    /// tolerances.
    package func scale(_ values: [Double]) -> Double {
        terms.reduce(max(1, abs(constant))) { $0 + abs($1.coefficient * values[$1.variable]) }
    }

    package func withPriority(_ p: Double) -> ReferenceConstraint {
        var c = self
        c.priority = p
        return c
    }
}
