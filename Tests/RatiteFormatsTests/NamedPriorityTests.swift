import RatiteModel
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats
@testable import RatiteSolver

/// Apple's named priorities, read wherever a priority is: `Priority(name:)`, layout files
/// (constraints, hugging, compression), solve files (constraints, edits) and extended VFL.
@Suite struct NamedPriorityTests {
    static let apple: [(String, Double)] = [
        ("required", 1000), ("defaultHigh", 750), ("dragThatCanResizeScene", 510),
        ("windowSizeStayPut", 500), ("dragThatCannotResizeScene", 490), ("defaultLow", 250),
        ("fittingSizeLevel", 50), ("strong", 750), ("medium", 500), ("weak", 250),
        ("dragThatCanResizeWindow", 510), ("sceneSizeStayPut", 500),
        ("dragThatCannotResizeWindow", 490), ("fittingSizeCompression", 50),
    ]

    @Test func namesHaveApplesValues() {
        for (name, value) in Self.apple {
            #expect(Priority(name: name)?.value == value, "\(name)")
        }
        #expect(Priority.defaultHigh == 750 && Priority.defaultLow == 250 && Priority.fittingSizeLevel == 50)
        #expect(Priority.dragThatCanResizeScene == 510 && Priority.windowSizeStayPut == 500)
        #expect(Priority.dragThatCannotResizeScene == 490)
        #expect(Priority(name: "DefaultHigh") == nil && Priority(name: "high") == nil)
    }

    @Test func layoutFileConstraintsAndContentPriorities() throws {
        for (name, value) in Self.apple {
            let file = try LayoutFileParser.parse("""
                view root size 100x100
                view a in root hugging \(name),fittingSizeLevel compression defaultLow,\(name)
                a.width == 10 @\(name)
                """)
            guard case .item(let item) = file.statements[1], case .constraint(let c) = file.statements[2] else {
                Issue.record("unexpected statements \(file.statements)")
                continue
            }
            #expect(c.priority.value == value, "\(name)")
            #expect(item.hugging.horizontal?.value == value && item.hugging.vertical == .fittingSizeLevel)
            #expect(item.compression.horizontal == .defaultLow && item.compression.vertical?.value == value)
        }
        let error = LayoutFileTests.parseError("view a hugging defaultMedium")
        #expect(error?.location.column == 16)
        #expect(error?.message
            == "unknown priority 'defaultMedium': use a number in (0, 1000] or one of \(Priority.nameList)")
    }

    @Test func solveFileConstraintsAndEdits() throws {
        for (name, value) in Self.apple {
            let statements = try SolveFileParser.parse("x == 1 @\(name)\n")
            guard case .constraint(_, _, _, let p) = statements[0].kind else {
                Issue.record("not a constraint")
                continue
            }
            #expect(p.value == value, "\(name)")
        }
        let session = SolveSession()
        for statement in try SolveFileParser.parse("edit W @defaultHigh\nsuggest W 320\nW >= 0 @fittingSizeLevel\n") {
            try session.execute(statement)
        }
        #expect(session.values().map(\.value) == [320])
    }

    @Test func extendedVFL() throws {
        let views: Set<String> = ["a"]
        for (name, value) in Self.apple {
            let expected = value == 1000 ? "a.width == 1" : "a.width == 1 @\(formatNumber(value))"
            #expect(try vflLines("[a(1@\(name))]", views: views, extended: true) == [expected], "\(name)")
        }
        // Apple's parser has no named priorities: without `extended` they are metrics.
        #expect(vflError("[a(1@defaultHigh)]", views: views)?.reason == .unknownMetric("defaultHigh"))
    }
}
