import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// Every public operation on small systems whose answers can be checked by hand.
@Suite struct SolverOperationTests {
    /// The example in `Solver`'s documentation and the README.
    @Test func documentationExample() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(right == left + width)
        try solver.add(left == 20)
        try solver.add(width >= 10)
        try solver.add((width == 50).priority(.weak))
        solver.update()
        #expect(solver.value(of: left) == 20)
        #expect(solver.value(of: width) == 50)
        #expect(solver.value(of: right) == 70)
        try solver.addEditVariable(right, priority: .strong)
        try solver.suggestValue(right, 320)
        solver.update()
        #expect(solver.value(of: width) == 300)
        #expect(solver.value(of: right) == 320)
        #expect(solver.value(of: left) == 20)
        // Too small: the required minimum width wins over the strong edit.
        try solver.suggestValue(right, 25)
        solver.update()
        #expect(solver.value(of: width) == 10)
        #expect(solver.value(of: right) == 30)
        #expect(solver.core.invariantViolations() == [])
    }

    @Test func addContainsRemove() throws {
        let solver = Solver()
        let x = Variable("x")
        let c = x == 5
        #expect(!solver.contains(c))
        try solver.add(c)
        #expect(solver.contains(c))
        // Identity, not equality: an identical-looking constraint is another constraint.
        #expect(!solver.contains(x == 5))
        solver.update()
        #expect(solver.value(of: x) == 5)
        try solver.remove(c)
        #expect(!solver.contains(c))
        solver.update()
        // The solver no longer holds x.
        #expect(solver.value(of: x) == 0)
        // The same object can be added again.
        try solver.add(c)
        #expect(solver.contains(c))
        solver.update()
        #expect(solver.value(of: x) == 5)
    }

    @Test func removingAConstraintRestoresWhatItOverrode() throws {
        let solver = Solver()
        let x = Variable("x")
        let strong = (x == 10).priority(.strong)
        try solver.add((x == 20).priority(.weak))
        try solver.add(strong)
        solver.update()
        #expect(solver.value(of: x) == 10)
        try solver.remove(strong)
        solver.update()
        #expect(solver.value(of: x) == 20)
        try solver.add(strong)
        solver.update()
        #expect(solver.value(of: x) == 10)
    }

    @Test func removingEverythingLeavesAnEmptyCore() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        let cs = [x == y + 2, y >= 3, (z == x * 2).priority(.medium), (y == 10).priority(.weak), x + y + z <= 100]
        for c in cs { try solver.add(c) }
        try solver.addEditVariable(z)
        try solver.suggestValue(z, 40)
        solver.update()
        // Strong edit z = 40, then medium z = 2x gives x = 20, y = 18; the weak y = 10 loses.
        #expect(solver.value(of: z) == 40)
        #expect(solver.value(of: x) == 20)
        #expect(solver.value(of: y) == 18)
        for c in cs.reversed() { try solver.remove(c) }
        try solver.removeEditVariable(z)
        #expect(solver.core.tableau.rows.elements.allSatisfy { $0.isUnused })
        #expect(solver.core.tableau.symbolKinds.elements.allSatisfy { $0 == .unused })
        #expect(solver.core.registry.constraints.elements.allSatisfy { !$0.isAlive })
        #expect(solver.core.registry.variables.elements.allSatisfy { !$0.isAlive })
        #expect(solver.core.objective.levelOrder.isEmpty)
        #expect(solver.core.invariantViolations() == [])
    }

    /// Two identical required constraints; removing one must leave the other in force.
    @Test func removingADuplicateKeepsTheOther() throws {
        for written in 0..<2 {
            let solver = Solver()
            let x = Variable("x"), y = Variable("y")
            try solver.add((x == 4).priority(1))
            try solver.add((y == -4).priority(2))
            let make = { written == 0 ? x + 2 * y == -7 : -2 * y - x - 7 == 0 }
            let first = make(), second = make()
            try solver.add(first)
            try solver.add(second)
            try solver.remove(first)
            solver.update()
            #expect(solver.value(of: x) + 2 * solver.value(of: y) == -7, "form \(written)")
            #expect(solver.value(of: y) == -4)
            #expect(solver.core.invariantViolations() == [])
            try solver.remove(second)
            try solver.add(first)
            solver.update()
            #expect(solver.value(of: x) == 1)
        }
    }

    @Test func valuesAreThoseOfTheLastUpdate() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == 5)
        #expect(solver.value(of: x) == 0)
        solver.update()
        #expect(solver.value(of: x) == 5)
        try solver.add(y == x + 1)
        #expect(solver.value(of: y) == 0)
        solver.update()
        #expect(solver.value(of: y) == 6)
        // Never seen by the solver.
        #expect(solver.value(of: Variable("stranger")) == 0)
    }

    @Test func updateReportsTheVariablesThatChanged() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y"), z = Variable("z")
        try solver.add(x == 5)
        try solver.add((y == 0).priority(.weak))
        try solver.add(z == x + y)
        // y stays 0: not a change.
        #expect(Set(solver.update().map(\.name)) == ["x", "z"])
        #expect(solver.update().isEmpty)
        try solver.addEditVariable(y, priority: .strong)
        try solver.suggestValue(y, 2)
        #expect(Set(solver.update().map(\.name)) == ["y", "z"])
    }

    /// Adding an edit variable must not swallow changes that the next `update()` reports.
    @Test func addingAnEditVariableDoesNotHideChangesFromUpdate() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x == 5)
        try solver.add(y >= 0)
        try solver.addEditVariable(y, priority: .strong)
        #expect(solver.update().map(\.name).contains("x"), "x changed from 0 to 5 since the last update")
        #expect(solver.value(of: x) == 5)
    }

    @Test func editVariableHoldsItsValueUntilASuggestion() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(y == x + 10)
        try solver.add((x == 7).priority(.weak))
        solver.update()
        #expect(solver.value(of: x) == 7)
        // A medium edit on y holds y at 17, and so x at 7 even once the weak stay goes.
        try solver.addEditVariable(y, priority: .medium)
        #expect(solver.hasEditVariable(y))
        #expect(!solver.hasEditVariable(x))
        solver.update()
        #expect(solver.value(of: y) == 17)
        try solver.suggestValue(y, 30)
        solver.update()
        #expect(solver.value(of: y) == 30)
        #expect(solver.value(of: x) == 20)
        try solver.suggestValue(y, -4.5)
        solver.update()
        #expect(solver.value(of: y) == -4.5)
        #expect(solver.value(of: x) == -14.5)
        // Without the edit the weak stay decides again.
        try solver.removeEditVariable(y)
        #expect(!solver.hasEditVariable(y))
        solver.update()
        #expect(solver.value(of: x) == 7)
        #expect(solver.value(of: y) == 17)
    }

    @Test func editPriorityDecidesAgainstOtherConstraints() throws {
        let solver = Solver()
        let x = Variable("x")
        try solver.add((x == 10).priority(.medium))
        try solver.addEditVariable(x, priority: .weak)
        try solver.suggestValue(x, 50)
        solver.update()
        #expect(solver.value(of: x) == 10)
        try solver.removeEditVariable(x)
        try solver.addEditVariable(x, priority: .strong)
        try solver.suggestValue(x, 50)
        solver.update()
        #expect(solver.value(of: x) == 50)
        // Required constraints win over any edit.
        try solver.add(x <= 40)
        solver.update()
        #expect(solver.value(of: x) == 40)
    }

    @Test func editVariableOnAFreshVariable() throws {
        let solver = Solver()
        let w = Variable("w")
        try solver.addEditVariable(w)
        try solver.suggestValue(w, 12)
        solver.update()
        #expect(solver.value(of: w) == 12)
        try solver.removeEditVariable(w)
        #expect(!solver.hasEditVariable(w))
        #expect(solver.core.tableau.rows.elements.allSatisfy { $0.isUnused })
        #expect(solver.core.registry.variables.elements.allSatisfy { !$0.isAlive })
    }

    @Test func twoEditVariables() throws {
        let solver = Solver()
        let left = Variable("left"), right = Variable("right"), mid = Variable("mid")
        try solver.add(mid == (left + right) / 2)
        try solver.add(right >= left + 10)
        try solver.addEditVariable(left, priority: .strong)
        try solver.addEditVariable(right, priority: .medium)
        try solver.suggestValue(left, 100)
        try solver.suggestValue(right, 50)
        solver.update()
        // The stronger edit keeps left; right gives way to the required gap.
        #expect(solver.value(of: left) == 100)
        #expect(solver.value(of: right) == 110)
        #expect(solver.value(of: mid) == 105)
        try solver.suggestValue(right, 300)
        solver.update()
        #expect(solver.value(of: right) == 300)
        #expect(solver.value(of: mid) == 200)
    }

    @Test func reset() throws {
        let solver = Solver()
        let x = Variable("x")
        let c = x >= 3
        try solver.add(c)
        try solver.addEditVariable(x)
        try solver.suggestValue(x, 8)
        solver.update()
        #expect(solver.value(of: x) == 8)
        solver.reset()
        #expect(!solver.contains(c))
        #expect(!solver.hasEditVariable(x))
        #expect(solver.value(of: x) == 0)
        #expect(
            solver.core.tableau.rows.isEmpty && solver.core.tableau.symbols.isEmpty
                && solver.core.registry.constraints.isEmpty)
        // Usable again, with the same objects.
        try solver.add(c)
        try solver.add((x == 1).priority(.weak))
        solver.update()
        #expect(solver.value(of: x) == 3)
    }

    @Test func dumpHasLabelledSections() throws {
        let solver = Solver()
        let left = Variable("left"), width = Variable("width"), right = Variable("right")
        try solver.add(right == left + width)
        try solver.add(left == 20)
        try solver.add(width >= 10)
        try solver.add((width == 50).priority(.weak))
        try solver.addEditVariable(right, priority: .strong)
        try solver.suggestValue(right, 320)
        let dump = solver.dump()
        let sections = ["Objective", "LP rows", "Definitions", "Infeasible", "Edit variables", "Constraints"]
        let positions = sections.map { s in dump.split(separator: "\n").firstIndex { $0 == s } }
        #expect(positions.allSatisfy { $0 != nil }, "\(dump)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(dump.contains("right via c"))
        #expect(dump.contains("suggested 320"))
        #expect(dump.contains("[750]") && dump.contains("[250]"))
        // An empty solver still prints every section.
        #expect(Solver().dump() == sections.joined(separator: "\n") + "\n")
    }

    @Test func statisticsCountPivots() throws {
        let solver = Solver()
        #expect(solver.statistics == SolverStatistics())
        let x = Variable("x"), y = Variable("y")
        try solver.add(x + y == 10)
        try solver.add(x >= 0)
        try solver.add(y >= 0)
        try solver.add((x == 20).priority(.weak))
        try solver.addEditVariable(y, priority: .strong)
        try solver.suggestValue(y, 4)
        try solver.suggestValue(y, 12)
        solver.update()
        #expect(solver.value(of: y) == 10)
        #expect(solver.value(of: x) == 0)
        #expect(solver.statistics.pivots > 0)
        #expect(solver.statistics.valuesRecomputed > 0)
    }

    // MARK: Priorities

    /// Constraints on one variable `x`, and the value they leave it at.
    struct OneVariable: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let constraints: @Sendable (Variable) -> [Constraint]
        let x: Double

        init(_ description: String, x: Double, _ constraints: @escaping @Sendable (Variable) -> [Constraint]) {
            testDescription = description
            self.constraints = constraints
            self.x = x
        }

        /// `x` after the constraints went into a fresh solver and it updated.
        func solve() throws -> Double {
            let solver = Solver()
            let x = Variable("x")
            for c in constraints(x) { try solver.add(c) }
            solver.update()
            return solver.value(of: x)
        }
    }

    /// `count` separate constraints made by `make` (a solver holds each object once).
    static func times(_ count: Int, _ make: () -> Constraint) -> [Constraint] { (0..<count).map { _ in make() } }

    /// kiwi's weights (strong 1e6, medium 1e3, weak 1) let more than a thousand units of
    /// medium error outweigh one unit of strong error; strictly ordered priorities never do.
    /// (Each unit here is one constraint, or one unit of a constraint's coefficient: errors
    /// count as written.)
    static let mediumAgainstStrong: [OneVariable] = [
        OneVariable("200 medium constraints", x: 10) { x in
            times(200) { (x == 0).priority(.medium) } + [(x == 10).priority(.strong)]
        },
        OneVariable("one medium constraint of weight 10^4", x: 10) { x in
            [(1e4 * x == 0).priority(.medium), (x == 10).priority(.strong)]
        },
        OneVariable("a thousand and one medium units in 7 constraints", x: 10) { x in
            times(7) { (143 * x == 0).priority(.medium) } + [(x == 10).priority(.strong)]
        },
    ]

    @Test(arguments: mediumAgainstStrong)
    func mediumErrorsCannotOutweighOneStrong(_ c: OneVariable) throws {
        #expect(try c.solve() == c.x)
    }

    @Test func weakErrorsCannotOutweighOneMedium() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        // Spread over an expression so that rows are not trivially the same.
        try solver.add(y == x + 1)
        for i in 0..<200 { try solver.add((i % 2 == 0 ? x == 0 : 1e3 * y == 1e3).priority(.weak)) }
        try solver.add((x == 10).priority(.medium))
        solver.update()
        #expect(solver.value(of: x) == 10)
        #expect(solver.value(of: y) == 11)
        // And a million units of weak error against one unit of strong error.
        let z = Variable("z")
        try solver.add((1e6 * z == 0).priority(.weak))
        try solver.add((z == 1).priority(.strong))
        solver.update()
        #expect(solver.value(of: z) == 1)
    }

    /// Errors at one level add up, by the units of each constraint as written.
    static let violationSums: [OneVariable] = [
        // The sum of errors is least at 0.
        OneVariable("three want 0, one wants 10", x: 0) { x in
            times(3) { (x == 0).priority(.medium) } + [(x == 10).priority(.medium)]
        },
        // Any x in [0, 10] costs 10 at medium.
        OneVariable("a tie at medium is broken by the weak constraint", x: 4) { x in
            [(x == 0).priority(.medium), (x == 10).priority(.medium), (x == 4).priority(.weak)]
        },
        // 2(10 - x) + max(0, x) is least at x = 10.
        OneVariable("shortfalls of inequalities add up", x: 10) { x in
            [(x >= 10).priority(.strong), (x >= 10).priority(.strong), (x <= 0).priority(.strong),
             (x == 3).priority(.weak)]
        },
        // Any x in [0, 10] is as good at strong.
        OneVariable("opposed inequalities leave the choice to the weak constraint", x: 7) { x in
            [(x >= 10).priority(.strong), (x <= 0).priority(.strong), (x == 7).priority(.weak)]
        },
        // |2x - 20| counts twice.
        OneVariable("errors are weighed per unit of the constraint as written", x: 10) { x in
            [(2 * x == 20).priority(.medium), (x == 0).priority(.medium)]
        },
    ]

    @Test(arguments: violationSums)
    func violationsAddUpWithinALevel(_ c: OneVariable) throws {
        #expect(try c.solve() == c.x)
    }

    @Test func unnamedAndOddPriorities() throws {
        func winner(_ p: Priority, _ q: Priority) throws -> Double {
            let solver = Solver()
            let x = Variable("x")
            try solver.add((x == 1).priority(p))
            try solver.add((x == 2).priority(q))
            solver.update()
            return solver.value(of: x)
        }
        #expect(try winner(600, 500) == 1)
        #expect(try winner(333, 334) == 2)
        #expect(try winner(999.5, 999) == 1)
        #expect(try winner(0.001, 0.0005) == 1)
        #expect(try winner(.weak, 250.0000001) == 2)
        #expect(try winner(.strong, 600) == 1)
        #expect(try winner(.required, 999.999) == 1)
    }

    // MARK: Building blocks

    @Test func expressionOperators() {
        let x = Variable("x"), y = Variable("y"), a = Variable("a"), b = Variable("b")
        func shape(_ e: LinearExpression) -> [String] {
            e.terms.map { "\($0.variable.name):\($0.coefficient)" } + ["\(e.constant)"]
        }
        #expect(shape(x + 2 * y - 10) == ["x:1.0", "y:2.0", "-10.0"])
        #expect(shape((a + b) / 2) == ["a:0.5", "b:0.5", "0.0"])
        #expect(shape(-x) == ["x:-1.0", "0.0"])
        #expect(shape(-(x - 3)) == ["x:-1.0", "3.0"])
        #expect(shape(3 - x) == ["x:-1.0", "3.0"])
        #expect(shape(x * 2 + y / 4) == ["x:2.0", "y:0.25", "0.0"])
        #expect(shape(2 * (x + 1)) == ["x:2.0", "2.0"])
        #expect(shape(x - y) == ["x:1.0", "y:-1.0", "0.0"])
        #expect(shape(1 + x + 1) == ["x:1.0", "2.0"])
        #expect(shape(LinearExpression(4)) == ["4.0"])
        #expect((x + 2 * y - 10).description == "x + 2*y - 10")
        #expect(((a + b) / 2).description == "0.5*a + 0.5*b")
        #expect((-x + 1.5).description == "-x + 1.5")
        #expect(LinearExpression(-3).description == "-3")
        #expect(Variable().description == "<variable>")
    }

    @Test func constraintDescriptionAndSides() {
        let x = Variable("x"), y = Variable("y"), a = Variable("a"), b = Variable("b"), c = Variable("c")
        #expect((x + 2 * y <= 3.5).priority(.strong).description == "x + 2*y <= 3.5 @strong")
        #expect(((a + b) / 2 == c).priority(600).description == "0.5*a + 0.5*b == c @600")
        #expect((x >= 10).description == "x >= 10")
        #expect((x == y).priority(.weak).description == "x == y @weak")
        let k = (x + 1 == y - 2).priority(.medium)
        #expect(k.relation == .equal)
        #expect(k.priority == .medium)
        #expect(k.expression.constant == 3)
        #expect(k.expression.terms.map(\.coefficient) == [1, -1])
        // `priority(_:)` makes a new constraint.
        let base = x == 1
        #expect(base.priority(.weak) !== base)
        #expect(base.priority == .required)
    }

    @Test func solvesWithHalves() throws {
        let solver = Solver()
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        try solver.add((a + b) / 2 == c)
        try solver.add(a == 3)
        try solver.add(b == 4)
        solver.update()
        #expect(solver.value(of: c) == 3.5)
    }

    @Test func repeatedAndCancellingTerms() throws {
        let solver = Solver()
        let x = Variable("x"), y = Variable("y")
        try solver.add(x + x == 10)
        solver.update()
        #expect(solver.value(of: x) == 5)
        // y - y == 0 mentions y but does not constrain it.
        let trivial = y - y == 0
        try solver.add(trivial)
        try solver.add((y == 3).priority(.weak))
        solver.update()
        #expect(solver.value(of: y) == 3)
        try solver.remove(trivial)
        #expect(solver.core.invariantViolations() == [])
    }

    @Test func priorityBasics() {
        #expect(Priority.required.value == 1000)
        #expect(Priority.strong.value == 750)
        #expect(Priority.medium.value == 500)
        #expect(Priority.weak.value == 250)
        #expect(Priority(name: "strong") == .strong)
        #expect(Priority(name: "required") == .required)
        #expect(Priority(name: "Strong") == nil)
        #expect(Priority(name: "600") == nil)
        let literal: Priority = 600
        #expect(literal.value == 600)
        let floating: Priority = 2.5
        #expect(floating.value == 2.5)
        #expect(Priority.weak < .medium && Priority.medium < .strong && Priority.strong < .required)
        for valid in [0.001, 1, 250, 999.9999, 1000] { #expect(Priority(valid).isValid) }
        for invalid in [0, -1, 1000.0001, 1e9, .nan, .infinity, -.infinity, -0.0] {
            #expect(!Priority(invalid).isValid)
        }
        #expect(Priority.required.isRequired && !Priority(999.999).isRequired)
        #expect(Priority(600).description == "600")
        #expect(Priority(0.5).description == "0.5")
        #expect(Priority.weak.description == "weak")
    }

    @Test func formatNumberIsShortestRoundTrip() {
        #expect(formatNumber(20) == "20")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(0.1) == "0.1")
        #expect(formatNumber(-2.5) == "-2.5")
        #expect(formatNumber(1e20) == "1e+20")
        #expect(formatNumber(1.0 / 3) == "0.3333333333333333")
        for x in [0.1, 1.0 / 3, 2.0 / 3, 1e-300, 123456789.123, Double.leastNonzeroMagnitude, 1.7976931348623157e308,
                  999999999999999.9] {
            #expect(Double(formatNumber(x)) == x)
        }
    }
}
