import Foundation
import Ratite
import RatiteTestSupport
import Testing

/// `ratite vfl` end to end: runs the built executable and compares whole outputs.
@Suite struct VFLCommandTests {
    struct Run: Equatable, CustomStringConvertible {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var description: String {
            "status \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
        }
    }

    /// Runs the `ratite` of this build (`RatiteTool`).
    static func ratite(_ arguments: [String], input: String? = nil) throws -> Run {
        let run = try RatiteTool.ratite(arguments, input: input)
        return Run(status: run.status, standardOutput: run.stdout, standardError: run.stderr)
    }

    @Test func completeLineOfLayout() throws {
        #expect(try Self.ratite(["vfl", "|-[find]-[findNext]-[findField(>=20)]-|",
                                 "--views", "find,findNext,findField"]) == Run(status: 0, standardOutput: """
            find.leading == superview.leading + 20
            findNext.leading == find.trailing + 8
            findField.leading == findNext.trailing + 8
            findField.width >= 20
            superview.trailing == findField.trailing + 20

            """, standardError: ""))
    }

    @Test func metricsOptionsAndPriorities() throws {
        #expect(try Self.ratite(["vfl", "V:|-m-[a(==b@750)]-(>=gap)-[b]", "--views=a,b",
                                 "--metrics", "m=12.5,gap=-4", "--options", "alignAllCenterX,alignAllLeading"])
            == Run(status: 0, standardOutput: """
            a.top == superview.top + 12.5
            a.height == b.height @750
            b.top >= a.bottom - 4
            a.leading == b.leading
            a.centerX == b.centerX

            """, standardError: ""))
    }

    @Test func errorsGoToStandardErrorWithStatus65() throws {
        #expect(try Self.ratite(["vfl", "V|[backgroundBox]|", "--views", "backgroundBox"])
            == Run(status: 65, standardOutput: "", standardError: """
            error: Expected ':' after 'V' to specify vertical arrangement
            V|[backgroundBox]|
             ^

            """))
        #expect(try Self.ratite(["vfl", ""]) == Run(status: 65, standardOutput: "",
                                                   standardError: "error: It's an empty string.\n"))
        #expect(try Self.ratite(["vfl", "[a][b]", "--views", "a,b", "--options", "directionRightToLeft,alignAllLeft"])
            == Run(status: 65, standardOutput: "", standardError: """
            error: Options mask required views to be aligned on a horizontal edge, which is not allowed for layout \
            that is also horizontal.
            [a][b]
                  ^

            """))
    }

    @Test func extendedModeFromStandardInput() throws {
        let input = """
            // aspect ratio
            [image(==image.height*2@strong)]
            V:|-[image]-|
            """
        #expect(try Self.ratite(["vfl", "-", "--extended", "--views", "image"], input: input + "\n")
            == Run(status: 0, standardOutput: """
            image.width == image.height * 2 @750
            image.top == superview.top + 20
            superview.bottom == image.bottom + 20

            """, standardError: ""))
        #expect(try Self.ratite(["vfl", "-", "--extended", "--views", "image", "--canonical"], input: input)
            == Run(status: 0, standardOutput: "[image(==image.height*2@750)]\nV:|-[image]-|\n", standardError: ""))
        #expect(try Self.ratite(["vfl", "[image]\n  [image(==nope)]", "--extended", "--views", "image"])
            == Run(status: 65, standardOutput: "", standardError: """
            error: 2:16: Encountered metric with name "nope", but value was not specified in metrics or \
            views dictionaries
              [image(==nope)]
                           ^

            """))
    }

    @Test func canonicalPrintsTheFormatBack() throws {
        #expect(try Self.ratite(["vfl", "H:|-(8)-[a(==100@20)]", "--views", "a", "--canonical"])
            == Run(status: 0, standardOutput: "|-8-[a(100@20)]\n", standardError: ""))
    }

    @Test(arguments: [
        (["vfl"], "vfl needs a FORMAT (or - for standard input)"),
        (["vfl", "[a]", "--views"], "--views needs a list of names"),
        (["vfl", "[a]", "--metrics", "x"], "invalid metric 'x' (expected name=number)"),
        (["vfl", "[a]", "--metrics", "x=inf"], "invalid metric 'x=inf' (expected name=number)"),
        (["vfl", "[a]", "--options", "alignAllMiddle"], "unknown format option 'alignAllMiddle'"),
        (["vfl", "[a]", "[b]"], "unexpected argument '[b]'"),
        (["vfl", "[a]", "--verbose"], "unexpected argument '--verbose'"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) throws {
        let run = try Self.ratite(arguments)
        #expect(run.status == 64)
        #expect(run.standardOutput == "")
        #expect(run.standardError.hasPrefix("ratite: error: " + message))
        #expect(run.standardError.contains("ratite vfl FORMAT|-"))
    }
}
