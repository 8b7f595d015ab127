import Foundation
import RatiteCheck
import RatiteFormats
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The two reproductions of the report that found answers silently wrong after a dozen
/// additions, as solve files.
@Suite struct SoundnessReproductionTests {
    /// Line 10 contradicts line 8 (`w == 67` and `3w >= 930`). The expansion of `w` left
    /// residue of 1e-14 on symbols whose exact coefficient is zero, the new row was solved
    /// for one of them, and the file was accepted with x, y and u near 1e14.
    static let contradiction = """
        x - 1 >= 0 @weak
        -x + w - 3*y - 1 <= 0 @medium
        0.25*y - 2*x + 0.5*w - 0.5*z + 1 <= 0 @medium
        -2*w - 3*u - x + 1 == 0 @strong
        -3*u - 1.5*z + 1 <= 0
        w + 0.5*x - 1 == 0 @strong
        0.5*y + x + 1 <= 0
        w - 67 == 0
        z - 2 <= 0 @medium
        3*w - 930 >= 0
        """

    /// Feasible (an LP solver and kiwi find a = 0, e = 1); it used to end with a = 0.442
    /// although `-a == 0` is required, e = 0.558 although `e - 1 >= 0` is, and f and h near
    /// 1e9.
    static let feasible = """
        -b - f <= 0 @strong
        0.5*b == 0 @weak
        0.25*c + 2*g - d == 0
        0.5*g - 2*b <= 0 @medium
        e + a >= 0
        g + 0.5*a - 9*c >= 0
        -d >= 0
        h - b + 3*f >= 0
        -2*e + b - 1.5*c == 0
        -9*f - 2*h + c == 0 @medium
        edit d @strong
        -0.5*e - 0.5*f + 1 <= 0 @medium
        2*c - 9*g - 2*b >= 0
        -a == 0
        e - 1 >= 0
        a + g == 0
        """

    @Test func contradictionIsRefusedWithItsConflict() throws {
        let statements = try SolveFileParser.parse(Self.contradiction)
        let session = SolveSession()
        for statement in statements.dropLast() { try session.execute(statement) }
        let error = try #require(throws: TextFileError.self) { try session.execute(statements.last!) }
        #expect(error.location.line == 10)
        #expect(error.notes.map(\.line) == [8, 10])
        // Refused, and the solver is as it was: every required constraint still holds.
        let values = Dictionary(uniqueKeysWithValues: session.values())
        #expect(abs(values["w"]! - 67) < 1e-12)
        #expect(values.values.allSatisfy { abs($0) < 1e4 })
    }

    @Test func feasibleFileGetsTheExactOptimum() throws {
        let session = SolveSession()
        for statement in try SolveFileParser.parse(Self.feasible) { try session.execute(statement) }
        let values = Dictionary(uniqueKeysWithValues: session.values())
        #expect(abs(values["a"]!) <= 1e-12)
        #expect(abs(values["e"]! - 1) <= 1e-12)
        expectExactOptimum(session.solver.core)
    }

    /// Through the command line: the contradiction exits 65 naming lines 8 and 10.
    @Test func commandLineRefusesTheContradiction() throws {
        let result = try SolveCommandTests().ratite(["solve", "-"], input: Self.contradiction + "\n")
        #expect(result.status == 65)
        #expect(result.stderr == """
            <stdin>:10:1: error: unsatisfiable required constraints
              <stdin>:8: w - 67 == 0
              <stdin>:10: 3*w - 930 >= 0

            """)
    }
}

/// Checks `core`'s current values against the exact reference built from its live
/// constraints as written (edits included, at their current values): every required one
/// holds, and the objective is the exact optimum at every level.
func expectExactOptimum(_ core: borrowing SimplexCore, sourceLocation: SourceLocation = #_sourceLocation) {
    var constraints: [ReferenceConstraint] = []
    for c in core.registry.constraints.indices where core.registry.constraints[c].isAlive {
        let record = core.registry.constraints[c]
        let terms = core.terms(of: record).map { (variable: Int($0.variable), coefficient: $0.coefficient) }
        constraints.append(ReferenceConstraint(
            terms: terms, constant: record.constant, relation: record.relation,
            priority: core.priority(ofConstraint: Int32(c))))
    }
    let values = core.registry.variables.indices.map { core.value(ofVariable: Int32($0)) }
    for c in constraints where c.isRequired {
        #expect(c.violation(values) <= 1e-9 * c.scale(values), "\(c) violated", sourceLocation: sourceLocation)
    }
    guard case .optimal(let objective, _) = ReferenceLP.solve(variableCount: values.count, constraints: constraints)
    else {
        Issue.record("the exact reference finds the required constraints infeasible", sourceLocation: sourceLocation)
        return
    }
    let got = objectiveVector(constraints, values: values)
    #expect(sameObjective(got, objective, tolerance: 1e-9, scales: objectiveScales(constraints, values: values)),
            "objective \(describeObjective(got)), exact \(describeObjective(objective))",
            sourceLocation: sourceLocation)
}

/// Coefficients from 1/64 to 1000: a real reduced cost can be smaller than any fixed
/// tolerance (here 1/21,000,000 at the top level, beside 0.003 a level below), so every
/// answer of such a system is decided exactly (`CoefficientRange`). Extended property
/// campaign, seed 8001772, minimized.
struct WideCoefficientTests {
    @Test func aTinyTopLevelCostIsReadAsTheCostItIs() throws {
        var core = SimplexCore()
        let x = (0..<3).map { core.newVariable(name: "x\($0)") }
        func add(_ t: [(Int, Double)], _ c: Double, _ r: Relation, _ p: Double) throws {
            _ = try core.addConstraint(terms: t.map { VariableTerm(variable: x[$0.0], coefficient: $0.1) }, constant: c,
                                       relation: r, priority: p)
        }
        try add([(2, 1)], 2, .equal, 3)
        try add([(0, 1000)], -0.375, .greaterThanOrEqual, 600)
        core.updateValues()
        try core.addEditVariable(x[1], priority: 600)
        try core.suggestValue(x[1], -19)
        core.updateValues()
        try add([(2, -0.015625), (1, 1000)], -121.875, .lessThanOrEqual, 1000)
        core.updateValues()
        try core.suggestValue(x[1], 29.5)
        core.updateValues()
        try add([(1, 1000), (0, -3), (2, -1)], 105.375, .greaterThanOrEqual, 600)
        core.updateValues()
        #expect(core.verification.coefficientRange.isWide)
        #expect(core.statistics.certifications > 0)
        #expect(core.invariantViolations() == [])
        expectExactOptimum(core)
    }

    /// Small integer coefficients never take the exact path on their own.
    @Test func narrowCoefficientsAreNotWide() throws {
        var core = SimplexCore()
        let x = (0..<2).map { core.newVariable(name: "x\($0)") }
        _ = try core.addConstraint(terms: [VariableTerm(variable: x[0], coefficient: 1),
                                           VariableTerm(variable: x[1], coefficient: -2)],
                                   constant: 8, relation: .equal, priority: 1000)
        _ = try core.addConstraint(terms: [VariableTerm(variable: x[1], coefficient: 0.5)], constant: -10,
                                   relation: .greaterThanOrEqual, priority: 250)
        core.updateValues()
        #expect(!core.verification.coefficientRange.isWide)
        #expect(core.statistics.certifications == 0)
    }
}
