import RatiteSupport

/// A `solve` file run as `ratite solve` runs it: parsed, every statement executed in order
/// (stopping at the first refused one), then one update for the values.
///
/// ```swift
/// let run = SolveFileRun(text: "x + y == 10\nx == 3\n")
/// print(run.outcome(file: "<stdin>").output)   // x = 3, y = 7
/// ```
public struct SolveFileRun {
    /// The session the statements ran in, with its solver.
    public let session = SolveSession()
    /// Every variable's value by name, in order of first appearance; empty after an error.
    public private(set) var values: [(name: String, value: Double)] = []
    /// The statement that failed to parse or was refused, if any.
    public private(set) var error: TextFileError?
    /// Whether the answer passed the solver's check against the constraints as written
    /// (`Solver.isAnswerVerified`); true after an error, when there is no answer.
    public private(set) var isVerified = true
    /// Where the time went, when the run was given a clock (zeros otherwise).
    public private(set) var timing = Timing()
    /// How many statements the file holds.
    public private(set) var statementCount = 0
    private var lastStatementLine: Int?

    /// Seconds spent in each phase, as `ratite solve --timing` prints them.
    public struct Timing: Sendable {
        /// Parsing the whole text.
        public var parse = 0.0
        /// Adding the constraints.
        public var constraints = 0.0
        /// How many constraints were added.
        public var constraintCount = 0
        /// Running the `edit` and `suggest` statements.
        public var edits = 0.0
        /// How many `edit` and `suggest` statements ran.
        public var editCount = 0
        /// The update after the last statement.
        public var update = 0.0
    }

    /// Runs `text`. With `clock` (seconds, monotonic), each phase is timed into `timing`.
    /// - Complexity: that of the solver operations the statements make, in file order.
    public init(text: String, clock: (() -> Double)? = nil) {
        let started = clock?() ?? 0
        let file: ParsedSolveFile
        do {
            file = try session.parse(text)
        } catch {
            self.error = error
            return
        }
        statementCount = file.count
        if file.count > 0 { lastStatementLine = file.location(of: file.count - 1).line }
        let parsed = clock?() ?? 0
        timing.parse = parsed - started
        do {
            for i in 0..<file.count {
                let t = clock?() ?? 0
                try session.execute(file, statement: i)
                let spent = (clock?() ?? 0) - t
                if file.isConstraint(i) {
                    timing.constraints += spent
                    timing.constraintCount += 1
                } else {
                    timing.edits += spent
                    timing.editCount += 1
                }
            }
        } catch {
            self.error = error
            return
        }
        let updateStart = clock?() ?? 0
        values = session.values()
        timing.update = (clock?() ?? 0) - updateStart
        isVerified = session.solver.isAnswerVerified
    }

    /// What `ratite solve` prints for this run of the file called `file` (a path, or
    /// `<stdin>`): `name = value` lines, or with `json` one object; the error and status
    /// 65 for a malformed or refused statement; status 70 for an answer that could not be
    /// verified.
    public func outcome(file: String, json: Bool = false) -> FileRunOutcome {
        if let error {
            return FileRunOutcome(output: "", diagnostics: error.rendered(file: file), status: FileExitStatus.dataError)
        }
        if !isVerified {
            let place = "at the update after the last statement" + (lastStatementLine.map { " (line \($0))" } ?? "")
            return FileRunOutcome(
                output: "", diagnostics: unverifiedDiagnostic(file: file, at: place), status: FileExitStatus.unverified)
        }
        var out = ""
        if json {
            out = "{"
            for (i, v) in values.enumerated() {
                out += (i == 0 ? "\n  " : ",\n  ") + "\"\(v.name)\": \(formatNumber(v.value))"
            }
            out += values.isEmpty ? "}\n" : "\n}\n"
        } else {
            out.reserveCapacity(values.count * 20)
            for v in values { out += "\(v.name) = \(formatNumber(v.value))\n" }
        }
        return FileRunOutcome(output: out, diagnostics: "", status: FileExitStatus.success)
    }
}
