import Testing
@testable import Ratite

@Test func scratchChain() throws {
    let sys = SystemFamily.chain.generate(n: 300)
    var core = SimplexCore()
    let vars = sys.names.map { core.newVariable(name: $0) }
    for c in sys.constraints {
        let n = c.normalized
        _ = try core.addConstraint(terms: n.terms.map { VariableTerm(variable: vars[Int($0.variable)], coefficient: $0.coefficient) }, constant: n.constant, relation: c.relation, priority: c.priority)
    }
    func stats(_ label: String) {
        var lp = 0, def = 0, lpCells = 0, defCells = 0, maxRow = 0
        for r in core.rows where !r.isUnused { if r.isDefinition { def += 1; defCells += r.terms.count } else { lp += 1; lpCells += r.terms.count }; maxRow = max(maxRow, r.terms.count) }
        print(label, "lp", lp, lpCells, "def", def, defCells, "max", maxRow, "pivots", core.statistics.pivots)
    }
    stats("built")
    core.updateValues()
    try core.addEditVariable(vars[vars.count - 1], priority: 750)
    stats("edit")
    try core.suggestValue(vars[vars.count - 1], 20000)
    stats("suggest")
    core.updateValues()
    #expect(core.invariantViolations() == [])
}
