/// A position in a text: a zero-based byte offset and the one-based line and column
/// (columns count bytes, so they match editors for ASCII text).
public struct TextLocation: Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var line: Int
    public var column: Int

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
    public var location: TextLocation
    public var message: String
    /// Extra lines printed after the first (for example the constraints of a conflict).
    public var notes: [Note]

    /// A line of detail that points at another place in the file.
    public struct Note: Sendable, Equatable {
        public var line: Int
        public var text: String
    }

    public init(_ message: String, at location: TextLocation, notes: [Note] = []) {
        self.message = message
        self.location = location
        self.notes = notes
    }

    public var description: String { "\(location): error: \(message)" }

    /// The diagnostic as the command-line tool prints it for `file`.
    public func rendered(file: String) -> String {
        var text = "\(file):\(location.line):\(location.column): error: \(message)\n"
        for note in notes { text += "  \(file):\(note.line): \(note.text)\n" }
        return text
    }
}
