import RatiteGenerate
import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats

/// `SolveSession.parse(_:)` and `execute(_:)` read names straight into numbers and add
/// constraints by core ids; the reference here is `SolveFileParser.parse(_:)` with every
/// statement run the way the session ran them before (a `Constraint` of two expressions
/// per statement through the public `Solver`). On random files the two must agree on
/// everything: values bit for bit, names in order, and every diagnostic.
@Suite struct SolveFileFastPathTests {
    /// The old execution: one `Constraint` per statement, notes by constraint object.
    final class Reference {
        let solver = Solver()
        var variables: [String: Variable] = [:]
        var names: [String] = []
        var notes: [ObjectIdentifier: TextFileError.Note] = [:]

        func variable(_ name: String) -> Variable {
            if let v = variables[name] { return v }
            let v = Variable(name)
            variables[name] = v
            names.append(name)
            return v
        }

        func expression(_ form: LinearForm) -> LinearExpression {
            LinearExpression(terms: form.terms.map { Term(variable($0.name), $0.coefficient) }, constant: form.constant)
        }

        func execute(_ statement: SolveStatement) -> TextFileError? {
            let own = TextFileError.Note(line: statement.location.line, text: statement.text)
            do {
                switch statement.kind {
                case .constraint(let lhs, let relation, let rhs, let priority):
                    let c = Constraint(expression(lhs), relation, expression(rhs), priority: priority)
                    try solver.add(c)
                    notes[ObjectIdentifier(c)] = own
                case .edit(let name, let priority):
                    let v = variable(name)
                    if solver.hasEditVariable(v) {
                        return TextFileError("'\(name)' is already an edit variable", at: statement.location)
                    }
                    try solver.addEditVariable(v, priority: priority)
                case .suggest(let name, let value):
                    guard let v = variables[name], solver.hasEditVariable(v) else {
                        return TextFileError(
                            "'\(name)' is not an edit variable; declare it first with 'edit \(name)'",
                            at: statement.location)
                    }
                    try solver.suggestValue(v, value)
                }
            } catch {
                guard case .unsatisfiable(_, let conflict) = error else {
                    return TextFileError(error.description, at: statement.location)
                }
                return TextFileError(
                    "unsatisfiable required constraints", at: statement.location,
                    notes: conflict.map { notes[ObjectIdentifier($0)] ?? own })
            }
            return nil
        }

        func values() -> [(name: String, value: Double)] {
            solver.update()
            return names.map { ($0, solver.value(of: variables[$0]!)) }
        }
    }

    /// A random solve file: mostly the common shape, with everything the full grammar
    /// allows mixed in, and now and then a malformed line.
    func randomFile(_ random: inout SplitMix64) -> String {
        let names = ["a", "b", "c", "x1", "y_2", "W", "edit", "suggest", "Long_name_over_15_bytes"]
        let numbers = ["0", "1", "8", "20", "2.5", "1e3", "0.125", ".5", "3E-2", "007", "123456789012345678",
                       "999999999999999", "1e308", "0.1"]
        let priorities = ["weak", "strong", "medium", "required", "600", "1000", "2.5", "defaultHigh",
                          "fittingSizeLevel", "weak", "strong", "weak", "medium", "strong"]
        let badPriorities = ["0", "1001", "-5", "bogus"]
        func pick(_ list: [String]) -> String { list[random.below(list.count)] }
        func blank() -> String { ["", " ", "  ", "\t"][random.below(4)] }
        func factor(_ depth: Int) -> String {
            var text = ""
            for _ in 0..<random.below(3) where random.below(3) == 0 { text += random.below(2) == 0 ? "-" : "+" }
            switch random.below(depth < 2 ? 7 : 6) {
            case 0, 1: return text + pick(numbers)
            case 6: return text + "(" + sum(depth + 1) + ")"
            default: return text + pick(names)
            }
        }
        func product(_ depth: Int) -> String {
            var text = factor(depth)
            for _ in 0..<random.below(3) where random.below(2) == 0 {
                // Mostly by numbers: a product of two names is an error.
                let right = random.below(6) == 0 ? factor(depth) : pick(numbers)
                text += blank() + (random.below(5) == 0 ? "/" : "*") + blank() + right
            }
            return text
        }
        func sum(_ depth: Int) -> String {
            var text = product(depth)
            let count = random.below(8) == 0 ? 12 : random.below(4)
            for _ in 0..<count { text += blank() + (random.below(2) == 0 ? "+" : "-") + blank() + product(depth) }
            return text
        }
        var lines: [String] = []
        for _ in 0..<(1 + random.below(10)) {
            var line: String
            switch random.below(12) {
            case 0: line = "edit " + pick(names) + (random.below(2) == 0 ? " @" + pick(priorities) : "")
            case 1: line = "suggest " + pick(names) + " " + pick(numbers)
            case 2: line = random.below(2) == 0 ? "" : "# a comment"
            default:
                line = sum(0) + blank() + ["==", "<=", ">="][random.below(3)] + blank() + sum(0)
                if random.below(3) == 0 {
                    line += blank() + "@" + blank() + (random.below(12) == 0 ? pick(badPriorities) : pick(priorities))
                }
            }
            if random.below(4) == 0 { line += blank() + "# note" }
            if random.below(40) == 0 {
                // A byte where it does not belong.
                let junk = Array("#$%*/()@=<>.eE\r-+é".unicodeScalars)
                var scalars = Array(line.unicodeScalars)
                scalars.insert(junk[random.below(junk.count)], at: random.below(scalars.count + 1))
                line = String(String.UnicodeScalarView(scalars))
            }
            lines.append(blank() + line)
        }
        return lines.joined(separator: random.below(5) == 0 ? "\r\n" : "\n")
    }

    func expectSame(
        _ values: [(name: String, value: Double)], _ expected: [(name: String, value: Double)], _ text: String
    ) {
        #expect(values.map(\.name) == expected.map(\.name), "\(text.debugDescription)")
        #expect(values.map(\.value.bitPattern) == expected.map(\.value.bitPattern), "\(text.debugDescription)")
    }

    @Test func fastPathMatchesTheStatementPathOnRandomFiles() throws {
        var random = SplitMix64(seed: 20_261_205)
        var parsed = 0, refused = 0, malformed = 0
        for _ in 0..<2000 {
            let text = randomFile(&random)
            let session = SolveSession()
            let statements: [SolveStatement]
            do {
                statements = try SolveFileParser.parse(text)
            } catch {
                #expect(throws: error, "\(text.debugDescription)") { _ = try session.parse(text) }
                malformed += 1
                continue
            }
            parsed += 1
            let file = try session.parse(text)
            #expect(file.count == statements.count)
            let reference = Reference()
            var expectedError: TextFileError? = nil
            for statement in statements {
                expectedError = reference.execute(statement)
                if expectedError != nil { break }
            }
            var error: TextFileError? = nil
            do { try session.execute(file) } catch let e { error = e }
            #expect(error == expectedError, "\(text.debugDescription)")
            if error != nil { refused += 1 }
            expectSame(session.values(), reference.values(), text)

            // The statement path of the same session type agrees too.
            let bySession = SolveSession()
            var statementError: TextFileError? = nil
            for statement in statements {
                do { try bySession.execute(statement) } catch let e {
                    statementError = e
                    break
                }
            }
            #expect(statementError == expectedError, "\(text.debugDescription)")
            expectSame(bySession.values(), reference.values(), text)
        }
        // The files exercise both outcomes.
        #expect(parsed > 250 && refused > 50 && malformed > 250, "\(parsed), \(refused), \(malformed)")
    }

    /// A refused statement of a parsed file leaves the solver exactly as it was, even when
    /// it named variables the solver had not seen.
    @Test func aRefusedStatementLeavesTheSolverAsItWas() throws {
        let session = SolveSession()
        let file = try session.parse("x == 1\nedit W\nx + z - z == 2\nz == 3\ny >= x + 1\nW == y\n")
        var refusedLines: [Int] = []
        for i in 0..<file.count {
            let before = session.solver.core.stateFingerprint()
            do { try session.execute(file, statement: i) } catch {
                #expect(session.solver.core.stateFingerprint() == before)
                refusedLines.append(error.location.line)
            }
        }
        #expect(refusedLines == [3])
        // z, named first by the refused line, is a variable all the same (value 0 until z == 3).
        #expect(session.values().map(\.name) == ["x", "W", "z", "y"])
        #expect(session.values().map(\.value) == [1, 2, 3, 2])
    }

    /// A conflict that the public solver reports names the session's constraints as
    /// `Constraint`s, built from their statements, which it then holds and can remove.
    @Test func publicConflictsNameTheSessionsConstraints() throws {
        let session = SolveSession()
        try session.execute(try session.parse("a >= b + 1  # first\nb >= 0\n"))
        let extra = LinearExpression(session.variable("a")) <= LinearExpression(session.variable("b"))
        var named: Constraint? = nil
        do {
            try session.solver.add(extra)
            Issue.record("expected a conflict")
        } catch {
            guard case .unsatisfiable(let subject, let conflict) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(subject === extra)
            #expect(conflict.map(\.description) == ["a >= b + 1", "a <= b"])
            #expect(session.solver.contains(conflict[0]))
            named = conflict[0]
        }
        // The session's own diagnostics still name the statement behind that constraint.
        do {
            try session.execute(try session.parse("a <= b - 3\n"))
            Issue.record("expected a conflict")
        } catch {
            #expect(error.notes == [.init(line: 1, text: "a >= b + 1"), .init(line: 1, text: "a <= b - 3")])
        }
        try session.solver.remove(try #require(named))
        try session.solver.add(extra)
    }

    /// The session's files and its statements share one table of names.
    @Test func filesAndStatementsShareNames() throws {
        let session = SolveSession()
        try session.execute(try session.parse("left == 10\n"))
        for statement in try SolveFileParser.parse("right == left + 5\nsuggest nobody 3") {
            do { try session.execute(statement) } catch {
                #expect(error.description == "2:1: error: 'nobody' is not an edit variable; declare it first with "
                    + "'edit nobody'")
            }
        }
        try session.execute(try session.parse("edit right\nsuggest right 40\n"))
        #expect(session.values().map(\.name) == ["left", "right"])
        #expect(session.values().map(\.value) == [10, 15])
        #expect(session.variable("right") === session.variable("right"))
    }
}
