import CRatite
import Ratite

#if canImport(Glibc)
import Glibc
#endif

/// What `ratite_file_run *` points to: a finished run of a solve or layout file, with the
/// C strings and arrays its accessors hand out, owned until `ratite_file_run_free`.
final class FileRunHandle: CHandle {
    /// The run, kept for the diagnostics, which depend on the file name the caller gives.
    private let outcomeNamed: (String) -> FileRunOutcome
    let status: Int32
    let output: UnsafeMutablePointer<CChar>
    /// The failed statement's message (nil for none) and where it is.
    let errorMessage: UnsafeMutablePointer<CChar>?
    let errorLocation: TextLocation?
    let noteLines: UnsafeMutableBufferPointer<Int>
    let notes: UnsafeMutableBufferPointer<UnsafePointer<CChar>?>
    let names: UnsafeMutableBufferPointer<UnsafePointer<CChar>?>
    let values: UnsafeMutableBufferPointer<Double>

    private init(
        error: TextFileError?, values: [(name: String, value: Double)],
        outcomeNamed: @escaping (String) -> FileRunOutcome
    ) {
        self.outcomeNamed = outcomeNamed
        let outcome = outcomeNamed("<stdin>")
        status = outcome.status
        output = strdup(outcome.output)
        errorMessage = error.map { strdup($0.message) }
        errorLocation = error?.location
        let errorNotes = error?.notes ?? []
        noteLines = .allocate(capacity: errorNotes.count)
        notes = .allocate(capacity: errorNotes.count)
        for (i, note) in errorNotes.enumerated() {
            noteLines[i] = note.line
            notes[i] = UnsafePointer(strdup(note.text))
        }
        names = .allocate(capacity: values.count)
        self.values = .allocate(capacity: values.count)
        for (i, v) in values.enumerated() {
            names[i] = UnsafePointer(strdup(v.name))
            self.values[i] = v.value
        }
    }

    convenience init(_ run: SolveFileRun, json: Bool) {
        self.init(error: run.error, values: run.values) { run.outcome(file: $0, json: json) }
    }

    convenience init(_ run: LayoutFileRun, allowConflicts: Bool, allowAmbiguity: Bool) {
        self.init(error: run.error, values: []) {
            run.outcome(file: $0, allowConflicts: allowConflicts, allowAmbiguity: allowAmbiguity)
        }
    }

    deinit {
        free(output)
        free(errorMessage)
        for note in notes { free(UnsafeMutablePointer(mutating: note)) }
        for name in names { free(UnsafeMutablePointer(mutating: name)) }
        noteLines.deallocate()
        notes.deallocate()
        names.deallocate()
        values.deallocate()
    }

    func diagnostics(file: String) -> String { outcomeNamed(file).diagnostics }
}
