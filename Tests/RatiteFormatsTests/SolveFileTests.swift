import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats

/// The `solve` file format: every statement form, numbers, comments, and every error message
/// with its line and column; then `SolveSession`, which runs statements against a solver.
@Suite struct SolveFileTests {
    func parse(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [SolveStatement] {
        do {
            return try SolveFileParser.parse(text)
        } catch {
            Issue.record("unexpected error \(error.description) for \(text.debugDescription)",
                         sourceLocation: sourceLocation)
            return []
        }
    }

    /// The single constraint in `text`, as (lhs, relation, rhs, priority).
    func constraint(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> (LinearForm, Relation, LinearForm, Priority)? {
        let statements = parse(text, sourceLocation: sourceLocation)
        guard statements.count == 1, case .constraint(let l, let r, let rhs, let p) = statements[0].kind else {
            Issue.record("expected one constraint in \(text.debugDescription), got \(statements)",
                         sourceLocation: sourceLocation)
            return nil
        }
        return (l, r, rhs, p)
    }

    /// The error `text` gives, as `LINE:COLUMN: error: MESSAGE`.
    func failure(_ text: String) -> String? {
        do {
            _ = try SolveFileParser.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    func form(_ terms: [(String, Double)], _ constant: Double = 0) -> LinearForm {
        LinearForm(terms: terms.map { NamedTerm($0.0, $0.1) }, constant: constant)
    }

    // MARK: Statements

    @Test func theIssueExample() throws {
        let text = """
            # constraints: linear expressions on both sides, optional priority (default required)
            left0 == 20
            left1 == left0 + width0 + 8
            width0 >= 10
            width0 == 50 @weak
            x + 2*y <= 3.5 @strong
            (a + b) / 2 == c @600
            # edit variables and suggested values
            edit W @strong
            suggest W 320

            """
        let s = parse(text)
        try #require(s.count == 8)
        #expect(s[0].kind == .constraint(lhs: form([("left0", 1)]), relation: .equal, rhs: form([], 20),
                                         priority: .required))
        #expect(s[1].kind == .constraint(lhs: form([("left1", 1)]), relation: .equal,
                                         rhs: form([("left0", 1), ("width0", 1)], 8), priority: .required))
        #expect(s[2].kind == .constraint(lhs: form([("width0", 1)]), relation: .greaterThanOrEqual, rhs: form([], 10),
                                         priority: .required))
        #expect(s[3].kind == .constraint(lhs: form([("width0", 1)]), relation: .equal, rhs: form([], 50),
                                         priority: .weak))
        #expect(s[4].kind == .constraint(lhs: form([("x", 1), ("y", 2)]), relation: .lessThanOrEqual,
                                         rhs: form([], 3.5), priority: .strong))
        #expect(s[5].kind == .constraint(lhs: form([("a", 0.5), ("b", 0.5)]), relation: .equal, rhs: form([("c", 1)]),
                                         priority: 600))
        #expect(s[6].kind == .edit(name: "W", priority: .strong))
        #expect(s[7].kind == .suggest(name: "W", value: 320))
        #expect(s.map(\.location.line) == [2, 3, 4, 5, 6, 7, 9, 10])
        #expect(s.map(\.location.column) == [1, 1, 1, 1, 1, 1, 1, 1])
        #expect(s[4].text == "x + 2*y <= 3.5 @strong")
        #expect(s[5].text == "(a + b) / 2 == c @600")
    }

    @Test func commentsBlankLinesAndLineEndings() throws {
        let text = "\n   \n\t\n# only a comment\nx == 1 # trailing comment\n  y >= 2#tight\r\n\tz <= 3   \r\n#\n"
        let s = parse(text)
        try #require(s.count == 3)
        #expect(s.map(\.location.line) == [5, 6, 7])
        #expect(s.map(\.location.column) == [1, 3, 2])
        #expect(s.map(\.text) == ["x == 1", "y >= 2", "z <= 3"])
        #expect(parse("").isEmpty)
        #expect(parse("# nothing\n\n").isEmpty)
        // No newline at the end.
        #expect(parse("x == 1").count == 1)
    }

    @Test func numbersAsInC() {
        let cases: [(String, Double)] = [
            ("3", 3), ("-3", -3), ("2.5", 2.5), ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000), ("2.5e-1", 0.25),
            (".5", 0.5), ("5.", 5), ("0.000001", 1e-6), ("1e-400", 0),
            ("1.7976931348623157e308", .greatestFiniteMagnitude),
            ("0.1", 0.1), ("- 4", -4), ("+4", 4), ("--4", 4),
        ]
        for (written, value) in cases {
            guard let (_, _, rhs, _) = constraint("x == \(written)") else { continue }
            #expect(rhs == form([], value), "\(written)")
        }
    }

    @Test func expressions() {
        let cases: [(String, LinearForm)] = [
            ("2*x", form([("x", 2)])),
            ("x*2", form([("x", 2)])),
            ("x/4", form([("x", 0.25)])),
            ("-x", form([("x", -1)])),
            ("+x", form([("x", 1)])),
            ("-(x + 1)", form([("x", -1)], -1)),
            ("3*(x - y)/2", form([("x", 1.5), ("y", -1.5)])),
            ("2*3*x", form([("x", 6)])),
            ("x - x", form([("x", 0)])),
            ("y + x + y", form([("y", 2), ("x", 1)])),
            ("(a + b) / 2", form([("a", 0.5), ("b", 0.5)])),
            ("((x))", form([("x", 1)])),
            ("1 + 2 - 4", form([], -1)),
            ("x*-1", form([("x", -1)])),
            ("_a1 + B_2", form([("_a1", 1), ("B_2", 1)])),
            ("2 * (3 + x) / 4", form([("x", 0.5)], 1.5)),
        ]
        for (written, expected) in cases {
            guard let (lhs, _, _, _) = constraint("\(written) == 0") else { continue }
            #expect(lhs == expected, "\(written)")
        }
    }

    /// Nesting is bounded so that no input exhausts the stack (15,000 '(' once did); signs
    /// are not nesting, so any number of them parses (60,000 once overflowed too).
    @Test func deepNestingIsAnErrorAndLongSignRunsParse() {
        let limit = maximumParenthesisDepth
        let nested = String(repeating: "(", count: limit) + "x" + String(repeating: ")", count: limit)
        #expect(constraint("\(nested) == 1")?.0 == form([("x", 1)]))
        let message = failure(String(repeating: "(", count: 15_000) + "x == 1")
        #expect(message == "1:\(limit + 1): error: parentheses nested more than \(limit) deep")
        let signs = String(repeating: "-", count: 60_001)
        #expect(constraint("\(signs) x == 1")?.0 == form([("x", -1)]))
        #expect(constraint("- + - x == 1")?.0 == form([("x", 1)]))
        #expect(failure("x == ---") != nil)
    }

    /// A long sum merges repeated names in place (each sum once copied the whole form and
    /// searched it: a 40,000-term line took 11 s).
    @Test func longSumsMergeRepeatedNames() throws {
        let names = (0 ..< 20_000).map { "x\($0)" }
        let text = (names + names.reversed()).joined(separator: " + ") + " - 3 == 1"
        let (lhs, _, _, _) = try #require(constraint(text))
        #expect(lhs.terms.map(\.name) == names)
        #expect(lhs.terms.allSatisfy { $0.coefficient == 2 })
        #expect(lhs.constant == -3)
        #expect(failure("x + 1e308 + 1e308 == 0") == "1:11: error: number out of range: this sum is not finite")
    }

    @Test func relationsAndPriorities() {
        let cases: [(String, Relation, Priority)] = [
            ("x == 1", .equal, .required),
            ("x <= 1", .lessThanOrEqual, .required),
            ("x >= 1", .greaterThanOrEqual, .required),
            ("x==1@weak", .equal, .weak),
            ("x == 1 @required", .equal, .required),
            ("x == 1 @strong", .equal, .strong),
            ("x == 1 @medium", .equal, .medium),
            ("x == 1 @ weak", .equal, .weak),
            ("x == 1 @600", .equal, 600),
            ("x == 1 @0.5", .equal, 0.5),
            ("x == 1 @1e2", .equal, 100),
            ("x == 1 @1000", .equal, .required),
        ]
        for (written, relation, priority) in cases {
            guard let (_, r, _, p) = constraint(written) else { continue }
            #expect(r == relation, "\(written)")
            #expect(p == priority, "\(written)")
        }
    }

    @Test func editAndSuggest() {
        let s = parse("edit W\nedit H @weak\nedit D @250\nsuggest W 320\nsuggest H -1.5\nsuggest D 2*3 + 1\n"
            + "  suggest   W   1e2  ")
        #expect(s.map(\.kind) == [
            .edit(name: "W", priority: .strong), .edit(name: "H", priority: .weak), .edit(name: "D", priority: .weak),
            .suggest(name: "W", value: 320), .suggest(name: "H", value: -1.5), .suggest(name: "D", value: 7),
            .suggest(name: "W", value: 100),
        ])
        #expect(s.last?.text == "suggest   W   1e2")
        #expect(s.last?.location.column == 3)
    }

    @Test func keywordsAreNamesWhenNotFollowedByAName() {
        #expect(constraint("edit == 3")?.0 == form([("edit", 1)]))
        #expect(constraint("suggest + 1 >= 0")?.0 == form([("suggest", 1)], 1))
        #expect(constraint("editor == 2")?.0 == form([("editor", 1)]))
        #expect(constraint("edit*2 == suggest")?.2 == form([("suggest", 1)]))
    }

    @Test func parseConstraintTakesOneConstraint() throws {
        let s = try SolveFileParser.parseConstraint("x + 1 >= y @weak")
        #expect(s.kind == .constraint(lhs: form([("x", 1)], 1), relation: .greaterThanOrEqual, rhs: form([("y", 1)]),
                                      priority: .weak))
        #expect(throws: TextFileError.self) { try SolveFileParser.parseConstraint("x == 1\ny == 2") }
        #expect(throws: TextFileError.self) { try SolveFileParser.parseConstraint("edit x") }
        #expect(throws: TextFileError.self) { try SolveFileParser.parseConstraint("") }
    }

    // MARK: Errors

    @Test func errorMessagesWithLineAndColumn() {
        let cases: [(String, String)] = [
            ("x == ", "1:5: error: expected a number, a name or '('"),
            ("x", "1:2: error: expected '==', '<=' or '>=' after the expression"),
            ("x 1 == 2", "1:3: error: expected '==', '<=' or '>=' but found '1'"),
            ("x = 1", "1:3: error: expected '==', '<=' or '>=' but found '='"),
            ("x < 1", "1:3: error: expected '==', '<=' or '>=' but found '<'"),
            ("x =< 1", "1:3: error: expected '==', '<=' or '>=' but found '='"),
            ("x == 1 2", "1:8: error: unexpected '2' after the statement"),
            ("x == 1 == 2", "1:8: error: unexpected '=' after the statement"),
            ("x*y == 1", "1:2: error: non-linear term: a product of two variables"),
            ("(x + 1) * (y - 1) == 1", "1:9: error: non-linear term: a product of two variables"),
            ("x / y == 1", "1:3: error: non-linear term: division by a variable"),
            ("x / 0 == 1", "1:3: error: division by zero"),
            ("x / (1 - 1) == 1", "1:3: error: division by zero"),
            ("x == 1e308 * 10", "1:12: error: number out of range: this product is not finite"),
            ("(x + 1 == 2", "1:8: error: expected ')' but found '='"),
            ("x == (1", "1:6: error: missing ')' for the '(' here"),
            ("x == 1 @foo",
             "1:9: error: unknown priority 'foo': use a number in (0, 1000] or one of \(Priority.nameList)"),
            ("x == 1 @0", "1:9: error: invalid priority 0: priorities must be greater than 0 and at most 1000"),
            ("x == 1 @-5", "1:9: error: invalid priority -5: priorities must be greater than 0 and at most 1000"),
            ("x == 1 @1000.5",
             "1:9: error: invalid priority 1000.5: priorities must be greater than 0 and at most 1000"),
            ("x == 1 @", "1:9: error: expected a number"),
            ("x == 1 @ ?", "1:10: error: expected a number but found '?'"),
            ("x == 1e", "1:8: error: expected digits in the exponent"),
            ("x == 2e+", "1:9: error: expected digits in the exponent"),
            ("x == 1e400", "1:6: error: number out of range: 1e400"),
            ("x == $", "1:6: error: expected a number, a name or '(' but found '$'"),
            ("x == \u{e9}", "1:6: error: expected a number, a name or '(' but found '\\xC3'"),
            ("x == 1 \u{7}", "1:8: error: unexpected '\\x7' after the statement"),
            ("edit W @required", "1:6: error: an edit variable cannot be required"),
            ("edit W @1000", "1:6: error: an edit variable cannot be required"),
            ("edit W extra", "1:8: error: unexpected 'e' after the statement"),
            ("edit W @nope",
             "1:9: error: unknown priority 'nope': use a number in (0, 1000] or one of \(Priority.nameList)"),
            ("suggest W", "1:10: error: expected a number, a name or '('"),
            ("suggest W x", "1:11: error: expected a number after 'W'"),
            ("suggest W 1 2", "1:13: error: unexpected '2' after the statement"),
            ("\t  x = 1", "1:6: error: expected '==', '<=' or '>=' but found '='"),
            ("x == 1\n\n# c\n  y >=", "4:7: error: expected a number, a name or '('"),
            ("x == 1\ny == 2 @weak @strong\nz ==", "2:14: error: unexpected '@' after the statement"),
        ]
        for (text, expected) in cases {
            #expect(failure(text) == expected, "\(text.debugDescription)")
        }
    }

    @Test func renderedDiagnostics() {
        let error = TextFileError("unsatisfiable required constraints", at: TextLocation(offset: 9, line: 3, column: 1),
                                  notes: [.init(line: 1, text: "x == 1"), .init(line: 3, text: "x == 2")])
        #expect(error.rendered(file: "f.solve")
            == "f.solve:3:1: error: unsatisfiable required constraints\n  f.solve:1: x == 1\n  f.solve:3: x == 2\n")
        #expect(error.description == "3:1: error: unsatisfiable required constraints")
    }

    // MARK: Running statements

    func run(_ text: String) throws -> (session: SolveSession, error: TextFileError?) {
        let session = SolveSession()
        for statement in try SolveFileParser.parse(text) {
            do { try session.execute(statement) } catch { return (session, error) }
        }
        return (session, nil)
    }

    @Test func sessionValuesInOrderOfFirstAppearance() throws {
        let (session, error) = try run("""
            left1 == left0 + width0 + 8
            left0 == 20
            width0 >= 10
            width0 == 50 @weak
            (a + b) / 2 == c @600
            a == 3
            b == 4
            edit W @strong
            W == left1 + width1
            width1 == 10 @medium
            suggest W 320
            """)
        #expect(error == nil)
        let values = session.values()
        #expect(values.map(\.name) == ["left1", "left0", "width0", "a", "b", "c", "W", "width1"])
        // W = left1 + width1 = 28 + width0 + width1 = 320: width1 keeps its medium 10.
        #expect(values.map(\.value) == [310, 20, 282, 3, 4, 3.5, 320, 10])
    }

    @Test func sessionErrors() throws {
        do {
            let (_, error) = try run("x == 1\n suggest W 5\n")
            #expect(error?.description == "2:2: error: 'W' is not an edit variable; declare it first with 'edit W'")
        }
        do {
            let (_, error) = try run("edit W\nedit W @weak\n")
            #expect(error?.description == "2:1: error: 'W' is already an edit variable")
        }
        do {
            // Optional constraints never conflict.
            let (session, error) = try run("x == 1\nx == 2 @strong\n")
            #expect(error == nil)
            #expect(session.values().map(\.value) == [1])
        }
        // A sum that overflows is refused where it overflows, before it reaches the solver.
        #expect(failure("x + 1e308 + 1e308 == 0") == "1:11: error: number out of range: this sum is not finite")
        #expect(failure("x == 1e300 * 1e300") == "1:12: error: number out of range: this product is not finite")
    }

    @Test func sessionConflictNotes() throws {
        let (session, error) = try run("""
            a >= b + 1   # first
            w == 4
            b >= c + 1
            x <= 100
              c >= a + 1 @required
            """)
        let e = try #require(error)
        #expect(e.description == "5:3: error: unsatisfiable required constraints")
        #expect(e.notes == [.init(line: 1, text: "a >= b + 1"), .init(line: 3, text: "b >= c + 1"),
                            .init(line: 5, text: "c >= a + 1 @required")])
        // The session is unchanged: the constraints before still hold.
        let values = Dictionary(uniqueKeysWithValues: session.values().map { ($0.name, $0.value) })
        #expect(values["a"]! >= values["b"]! + 1 && values["b"]! >= values["c"]! + 1)
        // A constraint that conflicts alone.
        let (_, alone) = try run("1 == 2")
        #expect(alone?.notes == [.init(line: 1, text: "1 == 2")])
    }
}
