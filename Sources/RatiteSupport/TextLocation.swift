/// A position in a text: a zero-based byte offset and the one-based line and column
/// (columns count bytes, so they match editors for ASCII text).
public struct TextLocation: Sendable, Hashable, CustomStringConvertible {
    /// The zero-based byte offset from the start of the text.
    public var offset: Int
    /// The one-based line number.
    public var line: Int
    /// The one-based column, in bytes from the start of the line.
    public var column: Int

    /// A location from its three coordinates, which the caller keeps consistent.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

/// An error found in a text file, reported as `FILE:LINE:COLUMN: error: MESSAGE`.
public struct TextFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the error is.
    public var location: TextLocation
    /// What is wrong, in one line.
    public var message: String
    /// Extra lines printed after the first (for example the constraints of a conflict).
    public var notes: [Note]

    /// A line of detail that points at another place in the file.
    public struct Note: Sendable, Equatable {
        /// The one-based line the note points at.
        public var line: Int
        /// The note's text.
        public var text: String

        package init(line: Int, text: String) {
            self.line = line
            self.text = text
        }
    }

    /// An error with `message` at `location`, and optional notes.
    public init(_ message: String, at location: TextLocation, notes: [Note] = []) {
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// `LINE:COLUMN: error: MESSAGE`, without the notes.
    public var description: String { "\(location): error: \(message)" }

    /// The diagnostic as the command-line tool prints it for `file`.
    public func rendered(file: String) -> String {
        var text = "\(file):\(location.line):\(location.column): error: \(message)\n"
        for note in notes { text += "  \(file):\(note.line): \(note.text)\n" }
        return text
    }
}
