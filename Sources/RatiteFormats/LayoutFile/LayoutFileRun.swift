import RatiteModel
import RatiteSupport

/// A layout file run as `ratite layout` runs it: parsed, built statement by statement, and
/// laid out before each `step` line and at the end. Each layout prints every item's frame,
/// then its conflict and ambiguity reports; a file with steps prints them under a heading
/// each.
///
/// ```swift
/// let run = LayoutFileRun(text: try String(contentsOfFile: "label-field.layout"))
/// print(run.outcome(file: "label-field.layout").output)
/// ```
public struct LayoutFileRun {
    /// The engine the file was built in, in its final state.
    public let engine: LayoutEngine
    /// The statement that failed to parse or to build, if any.
    public private(set) var error: TextFileError?
    /// Whether the file has `step` lines (and its layouts headings).
    public private(set) var hasSteps = false
    private var transcript = Transcript()

    /// What the layouts printed so far: everything, or what came before an error.
    public var output: String { transcript.output }
    /// The titles of the layouts that broke a required constraint, in step order.
    public var conflicting: [String] { transcript.conflicting }
    /// The titles of the layouts that were ambiguous, in step order.
    public var ambiguous: [String] { transcript.ambiguous }
    /// The titles of the layouts whose answer could not be verified, in step order.
    public var unverified: [String] { transcript.unverified }

    /// What the layouts printed and what was wrong with them, one layout at a time.
    private struct Transcript {
        var output = ""
        var conflicting: [String] = []
        var ambiguous: [String] = []
        var unverified: [String] = []

        /// Appends one layout's frames and reports, under its heading in a file with steps.
        mutating func record(_ step: LayoutFileBuilder.Step, of engine: LayoutEngine) {
            let title = step.title
            if !step.conflicts.isEmpty { conflicting.append(title) }
            if !step.ambiguity.isEmpty { ambiguous.append(title) }
            if !step.isVerified { unverified.append(title) }
            if step.stepCount > 0 { output += (step.index == 0 ? "" : "\n") + "== \(title)\n" }
            for item in engine.items { output += "\(item.name): \(item.frame)\n" }
            for report in step.conflicts { output += "\n" + report.description }
            if !step.ambiguity.isEmpty { output += "\n" + step.ambiguity.description }
        }
    }

    /// Runs `text` in `engine` (a new one by default). With `layingOut` false the file is
    /// only built, every step's changes applied in order and nothing laid out, as
    /// `LayoutFileBuilder.build` does. `afterLayout` sees the engine and the step after each
    /// layout, once the layout's output is recorded; what it throws stops the run and
    /// becomes `error`.
    /// - Complexity: that of `LayoutFileBuilder.run`.
    public init(
        text: String, engine: LayoutEngine = LayoutEngine(), overrides: LayoutFileBuilder.Overrides = .init(),
        layingOut: Bool = true,
        afterLayout: ((LayoutEngine, LayoutFileBuilder.Step) throws(TextFileError) -> Void)? = nil
    ) {
        self.engine = engine
        let file: LayoutFile
        do {
            file = try LayoutFileParser.parse(text)
        } catch {
            self.error = error
            return
        }
        hasSteps = file.stepCount > 0
        var transcript = Transcript()
        do {
            let hook: ((LayoutEngine, LayoutFileBuilder.Step) throws(TextFileError) -> Void)? =
                layingOut
                ? { (engine, step) throws(TextFileError) in
                    transcript.record(step, of: engine)
                    try afterLayout?(engine, step)
                } : nil
            _ = try LayoutFileBuilder.run(file, into: engine, overrides: overrides, afterLayout: hook)
        } catch {
            self.error = error
        }
        self.transcript = transcript
    }

    /// What `ratite layout` prints for this run of the file called `file` (a path, or
    /// `<stdin>`), and its exit status: 65 with the error for a statement that failed; 70
    /// for a layout whose answer could not be verified (naming the step); otherwise the
    /// `FileExitStatus.conflict` and `.ambiguous` bits, each with a line saying where and
    /// how to accept it, unless `allowConflicts` or `allowAmbiguity` accepts it.
    public func outcome(file: String, allowConflicts: Bool = false, allowAmbiguity: Bool = false) -> FileRunOutcome {
        if let error {
            return FileRunOutcome(
                output: output, diagnostics: error.rendered(file: file), status: FileExitStatus.dataError)
        }
        if !unverified.isEmpty {
            let place = "after the layout of " + unverified.joined(separator: ", ")
            return FileRunOutcome(
                output: output, diagnostics: unverifiedDiagnostic(file: file, at: place),
                status: FileExitStatus.unverified)
        }
        var status = FileExitStatus.success
        var diagnostics = ""
        func place(_ titles: [String]) -> String {
            hasSteps ? " (in " + titles.joined(separator: ", ") + ")" : ""
        }
        if !allowConflicts && !conflicting.isEmpty {
            status |= FileExitStatus.conflict
            diagnostics += "ratite: conflict: a required constraint was broken\(place(conflicting)); "
                + "--allow-conflicts accepts it\n"
        }
        if !allowAmbiguity && !ambiguous.isEmpty {
            status |= FileExitStatus.ambiguous
            diagnostics += "ratite: ambiguous: the layout is ambiguous\(place(ambiguous)); "
                + "--allow-ambiguity accepts it\n"
        }
        return FileRunOutcome(output: output, diagnostics: diagnostics, status: status)
    }
}
