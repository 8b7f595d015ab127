import RatiteSolver
import RatiteSupport

/// Scans one line of a line-oriented text file (the `solve` and layout formats): blanks,
/// names, C-style numbers, and errors located at line:column. The `#` comment and trailing
/// blanks are cut off up front.
struct LineScanner {
    let bytes: [UInt8]
    let start: Int
    let end: Int
    let line: Int
    var position: Int

    init(bytes: [UInt8], start: Int, end: Int, line: Int) {
        self.bytes = bytes
        self.start = start
        var end = end
        if let hash = bytes[start..<end].firstIndex(of: UInt8(ascii: "#")) { end = hash }
        while end > start && isBlank(bytes[end - 1]) { end -= 1 }
        self.end = end
        self.line = line
        self.position = start
    }

    /// Calls `body` with a scanner for each line of `text`.
    static func forEachLine(
        in text: String, _ body: (inout LineScanner) throws(TextFileError) -> Void
    ) throws(TextFileError) {
        try forEachLine(in: Array(text.utf8), body)
    }

    /// Calls `body` with a scanner for each line of the UTF-8 text `bytes`.
    static func forEachLine(
        in bytes: [UInt8], _ body: (inout LineScanner) throws(TextFileError) -> Void
    ) throws(TextFileError) {
        var lineStart = 0
        var line = 1
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var scanner = LineScanner(bytes: bytes, start: lineStart, end: lineEnd, line: line)
            try body(&scanner)
            lineStart = lineEnd + 1
            line += 1
        }
    }

    func location(_ offset: Int) -> TextLocation {
        TextLocation(offset: offset, line: line, column: offset - start + 1)
    }

    func error(_ message: String, at offset: Int) -> TextFileError {
        TextFileError(message, at: location(offset))
    }

    var current: UInt8? { position < end ? bytes[position] : nil }
    var atEnd: Bool { position >= end }

    /// The rest of the line from `offset`, as text.
    func text(from offset: Int) -> String { String(decoding: bytes[offset..<end], as: UTF8.self) }

    mutating func skipBlanks() {
        while position < end && isBlank(bytes[position]) { position += 1 }
    }

    /// Consumes `c` if it comes next.
    mutating func take(_ c: Character) -> Bool {
        guard let ascii = c.asciiValue, current == ascii else { return false }
        position += 1
        return true
    }

    /// Whether the next bytes spell `word` followed by a blank or the end of the line.
    func peekWord(_ word: String) -> Bool {
        let w = Array(word.utf8)
        guard position + w.count <= end, Array(bytes[position..<(position + w.count)]) == w else { return false }
        return position + w.count == end || isBlank(bytes[position + w.count])
    }

    /// A C identifier, or nil.
    mutating func identifier() -> String? {
        guard let c = current, isNameStart(c) else { return nil }
        let from = position
        while position < end && isNameContinue(bytes[position]) { position += 1 }
        return String(decoding: bytes[from..<position], as: UTF8.self)
    }

    /// The C identifier that comes next, without consuming it, or nil.
    func peekIdentifier() -> String? {
        var copy = self
        return copy.identifier()
    }

    /// A run of non-blank bytes (an option list, a `WxH` size), or nil at the end.
    mutating func word() -> String? {
        guard !atEnd else { return nil }
        let from = position
        while position < end && !isBlank(bytes[position]) { position += 1 }
        return String(decoding: bytes[from..<position], as: UTF8.self)
    }

    /// A C-style decimal number: digits, an optional fraction, an optional exponent (and a
    /// leading minus when `signed`).
    mutating func number(signed: Bool = false) throws(TextFileError) -> Double {
        let from = position
        if signed && current == UInt8(ascii: "-") { position += 1 }
        var digits = 0
        while let c = current, isDigit(c) { position += 1; digits += 1 }
        if current == UInt8(ascii: ".") {
            position += 1
            while let c = current, isDigit(c) { position += 1; digits += 1 }
        }
        guard digits > 0 else {
            if let c = current { throw error("expected a number but found '\(describe(c))'", at: position) }
            throw error("expected a number", at: from)
        }
        if let c = current, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            position += 1
            if let s = current, s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { position += 1 }
            var exponentDigits = 0
            while let c = current, isDigit(c) { position += 1; exponentDigits += 1 }
            guard exponentDigits > 0 else { throw error("expected digits in the exponent", at: position) }
        }
        let text = String(decoding: bytes[from..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number out of range: \(text)", at: from) }
        return value
    }

    /// `==`, `<=` or `>=`, or nil.
    mutating func relation() -> Relation? {
        guard position + 1 < end, bytes[position + 1] == UInt8(ascii: "=") else { return nil }
        let relation: Relation
        switch bytes[position] {
        case UInt8(ascii: "="): relation = .equal
        case UInt8(ascii: "<"): relation = .lessThanOrEqual
        case UInt8(ascii: ">"): relation = .greaterThanOrEqual
        default: return nil
        }
        position += 2
        return relation
    }

    /// `@` then a priority name or a number in (0, 1000]; the `@` must come next.
    mutating func priority() throws(TextFileError) -> Priority {
        position += 1
        skipBlanks()
        return try priorityValue()
    }

    /// A priority name (`Priority.names`) or a number in (0, 1000].
    mutating func priorityValue() throws(TextFileError) -> Priority {
        let at = position
        if let name = identifier() {
            guard let priority = Priority(name: name) else {
                throw error(
                    "unknown priority '\(name)': use a number in (0, 1000] or one of \(Priority.nameList)", at: at)
            }
            return priority
        }
        let value = try number(signed: true)
        let priority = Priority(value)
        guard priority.isValid else {
            throw error(
                "invalid priority \(formatNumber(value)): priorities must be greater than 0 and at most 1000", at: at)
        }
        return priority
    }

    mutating func expectEnd() throws(TextFileError) {
        skipBlanks()
        if let c = current { throw error("unexpected '\(describe(c))' after the statement", at: position) }
    }
}

@inline(__always) func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D }
@inline(__always) func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
/// A letter or `_`: setting bit 5 maps `A-Z` onto `a-z` and nothing else onto them.
@inline(__always) func isNameStart(_ c: UInt8) -> Bool { (c | 0x20) &- 0x61 < 26 || c == 0x5F }
@inline(__always) func isNameContinue(_ c: UInt8) -> Bool { isNameStart(c) || isDigit(c) }

/// A byte for an error message: itself when printable ASCII, else its hex code.
func describe(_ c: UInt8) -> String {
    c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "\\x" + String(c, radix: 16, uppercase: true)
}
