import CRatite
import Foundation
import Ratite
import RatiteC
import RatiteTestSupport
import Testing

/// The file formats have one implementation (`SolveFileRun`, `LayoutFileRun`), which the
/// command-line tool, the Swift API and the C interface all run: every shipped example and
/// every case of `Tests/Fixtures/file-formats` gives the same standard output, standard
/// error and exit status through each of them. (python/tests/test_file_formats.py holds
/// Python to the same files.) Each fixture's first line says what it must give: `# expect:
/// STATUS [LINE:COLUMN]`.
@Suite struct FileFormatParityTests {
    struct Outcome: Equatable, CustomStringConvertible {
        var output: String
        var diagnostics: String
        var status: Int32
        var description: String { "status \(status)\n--- stdout\n\(output)--- stderr\n\(diagnostics)" }
    }

    /// A file and the `ratite` options it runs with.
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var options: [String] = []
        var isLayout: Bool { path.hasSuffix(".layout") }
        var testDescription: String { ([(path as NSString).lastPathComponent] + options).joined(separator: " ") }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func files(in folder: String, suffixes: [String]) -> [String] {
        let url = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in suffixes.contains { name.hasSuffix($0) } }.sorted()
            .map { url.appendingPathComponent($0).path }
    }

    static let fixtures = files(in: "Tests/Fixtures/file-formats", suffixes: [".layout", ".solve"])
    static let examples = files(in: "examples", suffixes: [".layout"])

    /// Every fixture as it is, every example with each option of `ratite layout` that
    /// changes a run, and a solve fixture with `--json`.
    static let cases: [Case] = {
        var cases = fixtures.map { Case(path: $0) }
        let layoutOptions: [[String]] = [
            [], ["--rtl"], ["--size", "200x300"], ["--platform", "macos"], ["--allow-conflicts", "--allow-ambiguity"],
        ]
        for example in examples {
            for options in layoutOptions { cases.append(Case(path: example, options: options)) }
        }
        for fixture in fixtures where fixture.hasSuffix(".solve") {
            cases.append(Case(path: fixture, options: ["--json"]))
        }
        return cases
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.fixtures.count >= 20)
        #expect(Self.examples.count >= 5)
    }

    @Test(arguments: cases)
    func theToolSwiftAndCAgree(_ c: Case) throws {
        let text = try String(contentsOfFile: c.path, encoding: .utf8)
        let tool = try RatiteTool.ratite([c.isLayout ? "layout" : "solve", c.path] + c.options)
        let viaTool = Outcome(output: tool.stdout, diagnostics: tool.stderr, status: tool.status)
        let viaSwift = Self.runSwift(text, c)
        let viaC = Self.runC(text, c)
        #expect(viaTool == viaSwift)
        #expect(viaC == viaSwift)
        if let expectation = text.split(separator: "\n").first, expectation.hasPrefix("# expect: ") {
            let words = expectation.dropFirst("# expect: ".count).split(separator: " ")
            let status = try #require(Int32(words[0]))
            #expect(viaSwift.status == (c.options.contains("--allow-conflicts") ? status & ~3 : status))
            if words.count > 1 {
                #expect(viaSwift.diagnostics.hasPrefix("\(c.path):\(words[1]): error: "), "\(viaSwift)")
            }
        }
    }

    static func runSwift(_ text: String, _ c: Case) -> Outcome {
        let outcome: FileRunOutcome
        if c.isLayout {
            var overrides = LayoutFileBuilder.Overrides(rightToLeft: c.options.contains("--rtl"))
            if c.options.contains("--size") { overrides.size = (200, 300) }
            if c.options.contains("--platform") { overrides.platform = .macos }
            let allow = c.options.contains("--allow-conflicts")
            outcome = LayoutFileRun(text: text, overrides: overrides)
                .outcome(file: c.path, allowConflicts: allow, allowAmbiguity: allow)
        } else {
            outcome = SolveFileRun(text: text).outcome(file: c.path, json: c.options.contains("--json"))
        }
        return Outcome(output: outcome.output, diagnostics: outcome.diagnostics, status: outcome.status)
    }

    static func runC(_ text: String, _ c: Case) -> Outcome {
        var run: OpaquePointer? = nil
        let status = text.withCString { pointer in
            let length = strlen(pointer)
            let json: Int32 = c.options.contains("--json") ? 1 : 0
            if !c.isLayout { return ratite_solve_file_run(pointer, length, json, &run) }
            var options = ratite_layout_file_options()
            options.right_to_left = c.options.contains("--rtl") ? 1 : 0
            if c.options.contains("--size") { (options.has_size, options.width, options.height) = (1, 200, 300) }
            if c.options.contains("--platform") {
                (options.has_platform, options.platform) = (1, RATITE_PLATFORM_MACOS)
            }
            let allow: Int32 = c.options.contains("--allow-conflicts") ? 1 : 0
            (options.allow_conflicts, options.allow_ambiguity) = (allow, allow)
            return ratite_layout_file_run(nil, pointer, length, &options, nil, nil, &run)
        }
        guard status == RATITE_OK, let run else { return Outcome(output: "", diagnostics: "call failed", status: -1) }
        defer { ratite_file_run_free(run) }
        var diagnostics: UnsafeMutablePointer<CChar>? = nil
        _ = c.path.withCString { ratite_file_run_diagnostics(run, $0, strlen($0), &diagnostics) }
        defer { ratite_string_free(diagnostics) }
        return Outcome(
            output: String(cString: ratite_file_run_output(run)),
            diagnostics: diagnostics.map { String(cString: $0) } ?? "",
            status: ratite_file_run_status(run))
    }
}
