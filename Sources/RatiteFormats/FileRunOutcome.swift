import RatiteSupport

/// What running a file gives on each side of a process: the text `ratite` prints on standard
/// output, what it prints on standard error, and its exit status. The command-line tool, the
/// C interface and the Python package all take it from here, so their outputs cannot drift
/// apart.
public struct FileRunOutcome: Sendable, Equatable {
    /// What `ratite` prints on standard output (with an error: what it printed before it).
    public var output: String
    /// What `ratite` prints on standard error: the error, or the lines that explain a
    /// nonzero status ("" for a clean run).
    public var diagnostics: String
    /// The exit status (`FileExitStatus`).
    public var status: Int32
}

/// The exit statuses of `ratite solve` and `ratite layout`, following sysexits(3) for
/// errors. `ratite layout` adds two statuses of its own, below sysexits' range, for a layout
/// it could lay out but not cleanly: they are bits, so a layout that is both conflicting
/// and ambiguous exits with 3.
public enum FileExitStatus {
    /// Everything ran, and every layout was clean.
    public static let success: Int32 = 0
    /// `ratite layout`: a required constraint had to be broken (a conflict report).
    public static let conflict: Int32 = 1
    /// `ratite layout`: the layout is ambiguous (an ambiguity report).
    public static let ambiguous: Int32 = 2
    /// Malformed or unsatisfiable input data.
    public static let dataError: Int32 = 65
    /// The solver could not verify an answer (sysexits' EX_SOFTWARE): a required
    /// constraint failed its check even after a rebuild. Input within the documented range
    /// never gets here (docs/numerics.md).
    public static let unverified: Int32 = 70
}

/// The line `ratite` prints when an answer could not be verified, naming where.
func unverifiedDiagnostic(file: String, at place: String) -> String {
    "\(file): error: the answer could not be verified \(place): a required constraint fails its check even "
        + "after the solver rebuilt its tableau\n"
}
