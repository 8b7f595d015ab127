import RatiteGenerate
import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// `FormFamily.system`, the form written as solver constraints (what the solver fuzz
/// target's family mode builds), lays out as the layout engine lays out the form itself.
@Suite struct FormSystemTests {
    /// The same frames as the engine's form at widths where no compression resistance is
    /// tested (labels keep their intrinsic widths; the fields take the rest).
    @Test(arguments: [320.0, 360, 280, 240])
    func framesMatchTheEnginesForm(width: Double) throws {
        let n = 25
        let system = FormFamily.system(n: n)
        let d = try SolverScalingTests().build(system, resize: false).driver
        let w = d.variables[Int(system.edits[0].variable)]
        try d.core.suggestValue(w, width)
        d.core.updateValues()
        let values = d.values()
        func value(_ name: String) -> Double { values[system.names.firstIndex(of: name)!] }

        let engine = LayoutEngine()
        try FormFamily.build(into: engine, n: n, width: width)
        _ = engine.layout()
        for i in 0..<n {
            for (prefix, item) in [("l", "label\(i)"), ("f", "field\(i)")] {
                let f = try #require(engine.item(named: item)).frame
                let solved = [value("\(prefix)x\(i)"), value("\(prefix)y\(i)"), value("\(prefix)w\(i)"),
                              value("\(prefix)h\(i)")]
                #expect(solved == [f.x, f.y, f.width, f.height], "\(item) at width \(width)")
            }
        }
    }

    /// Thirteen constraints a row, all satisfiable: the required ones hold at the answer.
    @Test func everyRowAddsItsConstraints() throws {
        let system = FormFamily.system(n: 40)
        #expect(system.constraints.count == 13 * 40)
        let d = try SolverScalingTests().build(system).driver
        #expect(d.problems().isEmpty)
    }
}
