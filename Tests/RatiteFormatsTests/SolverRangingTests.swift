import RatiteGenerate
import RatiteModel
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats
@testable import RatiteSolver

/// The sweep that decides which variables an ambiguity report must probe, checked against
/// the probes themselves.
@Suite struct SolverRangingTests {
    /// A generated system built into a core; `inequalitiesOnly` drops the equalities so that
    /// many variables are left free to slide.
    func built(_ system: GeneratedSystem, inequalitiesOnly: Bool) throws -> CoreDriver {
        let d = CoreDriver(variableCount: 0)
        for name in system.names { d.variables.append(d.core.newVariable(name: name)) }
        for c in system.constraints where !(inequalitiesOnly && c.relation == .equal) {
            let n = c.normalized
            _ = try d.core.addConstraint(
                terms: n.terms.map {
                    VariableTerm(variable: d.variables[Int($0.variable)], coefficient: $0.coefficient)
                },
                constant: n.constant, relation: c.relation, priority: c.priority)
        }
        d.core.updateValues()
        return d
    }

    /// A variable the sweep leaves out has a single optimal value, and probing several
    /// variables on one copy gives exactly what probing each alone gives.
    @Test(arguments: [(SystemFamily.random, false), (.tree, false), (.tree, true), (.grid, false), (.grid, true),
                      (.chain, false)])
    func unmarkedVariablesAreFixed(_ family: SystemFamily, _ inequalitiesOnly: Bool) throws {
        var ambiguous = 0, swept = 0
        for seed: UInt64 in 1...4 {
            let d = try built(family.generate(n: 40, seed: seed), inequalitiesOnly: inequalitiesOnly)
            let mayMove = d.core.variablesThatMayMove()
            let batch = d.core.optimalRanges(ofVariables: d.variables)
            for (i, v) in d.variables.enumerated() {
                let alone = d.core.optimalRange(ofVariable: v)
                #expect(alone.min == batch[i].min && alone.max == batch[i].max,
                        "\(family) seed \(seed) \(d.core.name(ofVariable: v))")
                let isPoint = alone.min.isFinite && alone.max.isFinite
                    && alone.max - alone.min <= 1e-7 * max(1, abs(alone.min), abs(alone.max))
                if !mayMove[Int(v)] {
                    swept += 1
                    #expect(isPoint,
                            "\(family) seed \(seed): \(d.core.name(ofVariable: v)) marked fixed, range \(alone)")
                } else if !isPoint {
                    ambiguous += 1
                }
            }
        }
        // The systems without their equalities (and random, which anchors nothing) slide
        // freely; the full ones are pinned, which the sweep sees without a probe (the tree
        // leaves its root's size free without edits).
        if inequalitiesOnly || family == .random {
            #expect(swept == 0 && ambiguous > 0, "swept \(swept), ambiguous \(ambiguous)")
        } else {
            #expect(swept > 0 && ambiguous <= 8, "swept \(swept), ambiguous \(ambiguous)")
        }
    }

    /// The form family is unambiguous; the sweep sees it without probing (hugging slacks
    /// are pinned by the compression rows beside them), which keeps `ratite layout` on
    /// large forms linear.
    @Test func formNeedsNoProbes() throws {
        let engine = try LayoutFileBuilder.build(LayoutFileParser.parse(FormFamily.layoutFileText(n: 30)))
        engine.layout()
        #expect(engine.core.variablesThatMayMove().allSatisfy { !$0 })
        #expect(engine.ambiguityReport().isEmpty)
    }
}
