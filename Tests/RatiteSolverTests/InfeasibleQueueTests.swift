import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The dual simplex's queue of infeasible rows: a heap that must give the same order as
/// scanning for the most violated row (ties to the lower symbol) did.
struct InfeasibleQueueTests {
    /// Random pushes and pops against a sorted list, with repeated violations and symbols.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func popsTheLargestViolationThenTheLowerSymbol(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var queue = InfeasibleQueue()
        var reference: [(symbol: Int32, violation: Double)] = []
        for _ in 0..<2000 {
            if random.next() % 3 != 0 {
                let symbol = Int32(random.next() % 50)
                let violation = Double(random.next() % 20) / 4
                queue.push(symbol, violation: violation)
                reference.append((symbol, violation))
            } else {
                reference.sort {
                    $0.violation > $1.violation || ($0.violation == $1.violation && $0.symbol < $1.symbol)
                }
                let expected = reference.first
                if !reference.isEmpty { reference.removeFirst() }
                let popped = queue.pop()
                #expect(popped?.symbol == expected?.symbol && popped?.violation == expected?.violation)
            }
            #expect(queue.count == reference.count)
        }
        queue.empty()
        #expect(queue.isEmpty && queue.pop() == nil)
    }

    /// A grid's first suggestion makes a row infeasible per cell it stretches; the dual
    /// simplex, working through the queue, reaches the values of the same grid built with
    /// the suggestions as constraints of the edits' priority.
    @Test func aGridSuggestionReachesTheFreshAnswer() throws {
        let system = SystemFamily.grid.generate(n: 400)
        func build(pinned: Bool) throws -> SimplexCore {
            var core = SimplexCore()
            for name in system.names { _ = core.newVariable(name: name) }
            if pinned {
                for (k, edit) in system.edits.enumerated() {
                    _ = try core.addConstraint(terms: [VariableTerm(variable: edit.variable, coefficient: 1)],
                                               constant: -system.suggestions[k], relation: .equal,
                                               priority: edit.priority)
                }
            }
            for c in system.constraints {
                let n = c.normalized
                _ = try core.addConstraint(
                    terms: n.terms.map { VariableTerm(variable: $0.variable, coefficient: $0.coefficient) },
                    constant: n.constant, relation: c.relation, priority: c.priority)
            }
            if !pinned {
                for (k, edit) in system.edits.enumerated() {
                    try core.addEditVariable(edit.variable, priority: edit.priority)
                    try core.suggestValue(edit.variable, system.suggestions[k])
                }
            }
            core.updateValues()
            return core
        }
        let suggested = try build(pinned: false)
        let fresh = try build(pinned: true)
        #expect(suggested.statistics.pivots > 0)
        for v in system.names.indices {
            #expect(abs(suggested.value(ofVariable: Int32(v)) - fresh.value(ofVariable: Int32(v))) <= 1e-9)
        }
    }
}
