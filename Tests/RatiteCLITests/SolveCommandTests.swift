import Foundation
import Ratite
import RatiteGenerate
import RatiteTestSupport
import Testing

/// End-to-end tests of the `ratite solve` executable (and `ratite generate`, which feeds it):
/// whole standard output, standard error and exit status.
@Suite struct SolveCommandTests {
    /// The `ratite` binary built next to the test bundle.
    static let binary: String? = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let candidate = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("ratite").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }()

    struct Result: Equatable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---" }
    }

    /// A scratch directory holding `files`; the caller removes it.
    func directory(with files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("ratite-solve-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// Runs `ratite ARGUMENTS` in `directory` with `input` on standard input. Output goes to
    /// files, so no pipe can fill up.
    func ratite(_ arguments: [String], in directory: URL? = nil, input: String = "") throws -> Result {
        let binary = try #require(Self.binary, "the ratite executable is not next to the test bundle")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ratite-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let (inURL, outURL, errURL) = (scratch.appendingPathComponent("in"), scratch.appendingPathComponent("out"),
                                       scratch.appendingPathComponent("err"))
        try input.write(to: inURL, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let stdin = try FileHandle(forReadingFrom: inURL)
        let stdout = try FileHandle(forWritingTo: outURL)
        let stderr = try FileHandle(forWritingTo: errURL)
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        process.waitUntilExit()
        try stdin.close()
        try stdout.close()
        try stderr.close()
        return Result(
            status: process.terminationStatus,
            stdout: try String(contentsOf: outURL, encoding: .utf8),
            stderr: try String(contentsOf: errURL, encoding: .utf8))
    }

    /// What `ratite` alone prints to standard error: the usage text every usage error
    /// repeats (`ratite help` prints the longer overview, see `HelpCommandTests`).
    func usage() throws -> String {
        let bare = try ratite([])
        #expect(bare.status == 64 && bare.stdout.isEmpty)
        #expect(bare.stderr.hasPrefix("usage: ratite solve FILE|- [--json] [--timing]\n"))
        return bare.stderr
    }

    static let layout = """
        # a small layout
        left == 20
        width >= 10
        right == left + width   # derived
        width == 50 @weak

        third * 3 == 1
        big == 1e20
        neg == -2.5
        zero == 0 - 0
        edit right @strong
        suggest right 320

        """

    @Test func success() throws {
        let expected = "left = 20\nwidth = 300\nright = 320\nthird = 0.3333333333333333\n"
            + "big = 1e+20\nneg = -2.5\nzero = 0\n"
        let dir = try directory(with: ["layout.solve": Self.layout])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ratite(["solve", "layout.solve"], in: dir) == Result(status: 0, stdout: expected, stderr: ""))
        // Standard input.
        #expect(try ratite(["solve", "-"], input: Self.layout) == Result(status: 0, stdout: expected, stderr: ""))
    }

    @Test func json() throws {
        let expected = "{\n  \"left\": 20,\n  \"width\": 300,\n  \"right\": 320,\n  \"third\": 0.3333333333333333,\n"
            + "  \"big\": 1e+20,\n  \"neg\": -2.5,\n  \"zero\": 0\n}\n"
        let dir = try directory(with: ["layout.solve": Self.layout, "empty.solve": "# nothing\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(try ratite(["solve", "layout.solve", "--json"], in: dir)
            == Result(status: 0, stdout: expected, stderr: ""))
        #expect(try ratite(["solve", "--json", "layout.solve"], in: dir)
            == Result(status: 0, stdout: expected, stderr: ""))
        #expect(try ratite(["solve", "empty.solve", "--json"], in: dir)
            == Result(status: 0, stdout: "{}\n", stderr: ""))
        #expect(try ratite(["solve", "empty.solve"], in: dir) == Result(status: 0, stdout: "", stderr: ""))
        // The JSON parses, and every value reads back exactly.
        let data = try ratite(["solve", "layout.solve", "--json"], in: dir).stdout.data(using: .utf8)!
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Double])
        #expect(object["third"] == 1.0 / 3 && object["big"] == 1e20 && object["zero"] == 0)
    }

    @Test func timingGoesToStandardError() throws {
        let dir = try directory(with: ["layout.solve": Self.layout])
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = try ratite(["solve", "layout.solve"], in: dir)
        let timed = try ratite(["solve", "layout.solve", "--timing"], in: dir)
        #expect(timed.status == 0)
        #expect(timed.stdout == plain.stdout)
        let lines = timed.stderr.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        #expect(lines == ["parse", "constraints", "edits and suggestions", "update", "pivots"])
    }

    @Test func dataErrors() throws {
        let files = [
            "bad.solve": "x == 1\n\ny == \n",
            "conflict.solve": "a >= b + 1  # one\nw == 4\nb >= c + 1\nx <= 100\n  c >= a + 1\nnever == 3\n",
            "undeclared.solve": "x == 1\nsuggest W 5\n",
            "twice.solve": "edit W\nedit W\n",
            "alone.solve": "x == 1\n1 == 2 @required\n",
        ]
        let dir = try directory(with: files)
        defer { try? FileManager.default.removeItem(at: dir) }
        func check(_ file: String, _ stderr: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let result = try ratite(["solve", file], in: dir)
            #expect(result == Result(status: 65, stdout: "", stderr: stderr), sourceLocation: sourceLocation)
            // The same with --json: still nothing on standard output.
            #expect(try ratite(["solve", "--json", file], in: dir) == result, sourceLocation: sourceLocation)
        }
        try check("bad.solve", "bad.solve:3:5: error: expected a number, a name or '('\n")
        try check("conflict.solve", """
            conflict.solve:5:3: error: unsatisfiable required constraints
              conflict.solve:1: a >= b + 1
              conflict.solve:3: b >= c + 1
              conflict.solve:5: c >= a + 1

            """)
        try check("undeclared.solve",
                  "undeclared.solve:2:1: error: 'W' is not an edit variable; declare it first with 'edit W'\n")
        try check("twice.solve", "twice.solve:2:1: error: 'W' is already an edit variable\n")
        try check("alone.solve",
                  "alone.solve:2:1: error: unsatisfiable required constraints\n  alone.solve:2: 1 == 2 @required\n")
        // Standard input is called <stdin>.
        #expect(try ratite(["solve", "-"], input: "x == 1\nx == 2\n") == Result(
            status: 65, stdout: "",
            stderr: "<stdin>:2:1: error: unsatisfiable required constraints\n"
                + "  <stdin>:1: x == 1\n  <stdin>:2: x == 2\n"))
        #expect(try ratite(["solve", "-"], input: "x === 1\n") == Result(
            status: 65, stdout: "", stderr: "<stdin>:1:5: error: expected a number, a name or '(' but found '='\n"))
    }

    /// An answer the solver cannot verify exits 70 naming the update, with nothing on
    /// standard output: numbers that span more than the exact checks take (1e-300 beside
    /// 1e17), where the float tableau rounds the 1 into the 1e17 and takes `w == 2` beside
    /// `w == 1`. Without the 1e-300 the contradiction is refused as it must be.
    @Test func unverifiedAnswerExitsWithSeventy() throws {
        let lines = "w == 1e17 @weak\nw == 1\nw == 2\n"
        #expect(try ratite(["solve", "-"], input: "z == 1e-300\n" + lines) == Result(
            status: 70, stdout: "",
            stderr: "<stdin>: error: the answer could not be verified at the update after the last statement "
                + "(line 4): a required constraint fails its check even after the solver rebuilt its tableau\n"))
        #expect(try ratite(["solve", "-"], input: lines) == Result(
            status: 65, stdout: "",
            stderr: "<stdin>:3:1: error: unsatisfiable required constraints\n"
                + "  <stdin>:2: w == 1\n  <stdin>:3: w == 2\n"))
    }

    @Test func usageErrors() throws {
        let usage = try usage()
        let dir = try directory(with: ["a.solve": "x == 1\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [([String], String)] = [
            ([], usage),
            (["solve"], "ratite: error: solve needs a FILE (or - for standard input)\n" + usage),
            (["solve", "--json"], "ratite: error: solve needs a FILE (or - for standard input)\n" + usage),
            (["solve", "a.solve", "b.solve"], "ratite: error: unexpected argument 'b.solve'\n" + usage),
            (["solve", "--nope", "a.solve"], "ratite: error: unexpected argument '--nope'\n" + usage),
            (["frobnicate"], "ratite: error: unknown command 'frobnicate'\n" + usage),
        ]
        for (arguments, stderr) in cases {
            #expect(try ratite(arguments, in: dir) == Result(status: 64, stdout: "", stderr: stderr), "\(arguments)")
        }
        // An unreadable input is not a usage error.
        #expect(try ratite(["solve", "missing.solve"], in: dir)
            == Result(status: 66, stdout: "", stderr: "ratite: error: cannot read missing.solve\n"))
        let overview = try ratite(["help"])
        #expect(overview.status == 0 && overview.stderr.isEmpty && overview.stdout.hasPrefix("usage: ratite COMMAND"))
        for spelling in ["--help", "-h"] {
            #expect(try ratite([spelling]) == overview)
        }
    }

    /// `generate` prints what `SystemFamily` produces; `solve` on it prints exactly what the
    /// library computes in this process (so values do not depend on the process, whose hash
    /// seeds differ), and the same on every run. Every number reads back exactly.
    @Test(arguments: ["chain", "grid", "tree", "random"])
    func generatedSystemsSolveTheSameEverywhere(_ family: String) throws {
        let n = family == "grid" ? 16 : 40
        let generated = try ratite(["generate", family, "--n", "\(n)", "--seed", "7"])
        let system = SystemFamily(rawValue: family)!.generate(n: n, seed: 7)
        #expect(generated == Result(status: 0, stdout: system.solveFileText(), stderr: ""))
        let session = SolveSession()
        for statement in try SolveFileParser.parse(generated.stdout) { try session.execute(statement) }
        let values = session.values()
        let expected = values.map { "\($0.name) = \(formatNumber($0.value))\n" }.joined()
        let first = try ratite(["solve", "-"], input: generated.stdout)
        let second = try ratite(["solve", "-"], input: generated.stdout)
        #expect(first == Result(status: 0, stdout: expected, stderr: ""))
        #expect(second == first)
        for (line, value) in zip(first.stdout.split(separator: "\n"), values) {
            let text = line.split(separator: " ").last.map(String.init) ?? ""
            #expect(Double(text) == value.value, "\(line)")
        }
    }

    @Test func generateUsageErrors() throws {
        let r = try ratite(["generate", "chain"])
        #expect(r.status == 64 && r.stdout.isEmpty)
        #expect(r.stderr == "ratite: error: generate needs --n N\n")
        let bad = try ratite(["generate", "spiral", "--n", "3"])
        #expect(bad.status == 64 && bad.stdout.isEmpty)
        #expect(bad.stderr.hasPrefix("ratite: error: generate needs a family: chain, grid, tree, random, form\n"))
    }
}
