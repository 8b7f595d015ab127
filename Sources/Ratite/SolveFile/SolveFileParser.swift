/// One statement of a `solve` file.
public struct SolveStatement: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `lhs relation rhs [@priority]`.
        case constraint(lhs: LinearForm, relation: Relation, rhs: LinearForm, priority: Priority)
        /// `edit NAME [@priority]`.
        case edit(name: String, priority: Priority)
        /// `suggest NAME VALUE`.
        case suggest(name: String, value: Double)
    }

    public var kind: Kind
    /// Where the statement starts.
    public var location: SourceLocation
    /// The statement as written, without its comment and surrounding blanks.
    public var text: String
}

/// The parser of the `solve` file format: one statement per line, `#` comments.
///
/// ```
/// left1 == left0 + width0 + 8
/// x + 2*y <= 3.5 @strong
/// (a + b) / 2 == c @600
/// edit W @strong
/// suggest W 320
/// ```
public enum SolveFileParser {
    /// Parses a whole file.
    /// - Throws: `TextFileError` at the first malformed statement.
    public static func parse(_ text: String) throws(TextFileError) -> [SolveStatement] {
        var statements: [SolveStatement] = []
        let bytes = Array(text.utf8)
        var lineStart = 0
        var line = 1
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            var scanner = LineScanner(bytes: bytes, start: lineStart, end: lineEnd, line: line)
            if let statement = try scanner.statement() { statements.append(statement) }
            lineStart = lineEnd + 1
            line += 1
        }
        return statements
    }

    /// Parses the text of one constraint (`lhs relation rhs [@priority]`), as the C ABI's
    /// text entry point accepts it.
    public static func parseConstraint(_ text: String) throws(TextFileError) -> SolveStatement {
        let bytes = Array(text.utf8)
        if let i = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            throw TextFileError("expected a single line", at: SourceLocation(offset: i, line: 1, column: i + 1))
        }
        var scanner = LineScanner(bytes: bytes, start: 0, end: bytes.count, line: 1)
        guard let statement = try scanner.statement(), case .constraint = statement.kind else {
            throw TextFileError("expected a constraint", at: SourceLocation(offset: 0, line: 1, column: 1))
        }
        return statement
    }
}

/// Scans and parses one line.
private struct LineScanner {
    let bytes: [UInt8]
    let start: Int
    let end: Int
    let line: Int
    var position: Int

    init(bytes: [UInt8], start: Int, end: Int, line: Int) {
        self.bytes = bytes
        self.start = start
        var end = end
        // The comment and a trailing carriage return are not part of the statement.
        if let hash = bytes[start..<end].firstIndex(of: UInt8(ascii: "#")) { end = hash }
        while end > start && isBlank(bytes[end - 1]) { end -= 1 }
        self.end = end
        self.line = line
        self.position = start
    }

    func location(_ offset: Int) -> SourceLocation {
        SourceLocation(offset: offset, line: line, column: offset - start + 1)
    }

    func error(_ message: String, at offset: Int) -> TextFileError {
        TextFileError(message, at: location(offset))
    }

    mutating func skipBlanks() {
        while position < end && isBlank(bytes[position]) { position += 1 }
    }

    var current: UInt8? { position < end ? bytes[position] : nil }

    mutating func statement() throws(TextFileError) -> SolveStatement? {
        skipBlanks()
        guard position < end else { return nil }
        let first = position
        let text = String(decoding: bytes[first..<end], as: UTF8.self)
        if let keyword = peekKeyword() {
            position += keyword.count
            skipBlanks()
            let nameStart = position
            let name = identifier()!
            if keyword == "edit" {
                var priority = Priority.strong
                skipBlanks()
                if current == UInt8(ascii: "@") { priority = try self.priority() }
                if priority.isRequired { throw error("an edit variable cannot be required", at: nameStart) }
                try expectEnd()
                return SolveStatement(kind: .edit(name: name, priority: priority), location: location(first), text: text)
            }
            skipBlanks()
            let valueStart = position
            let value = try expression()
            guard value.isConstant else { throw error("expected a number after '\(name)'", at: valueStart) }
            try expectEnd()
            return SolveStatement(kind: .suggest(name: name, value: value.constant), location: location(first), text: text)
        }
        let lhs = try expression()
        skipBlanks()
        let relationStart = position
        guard let relation = relationToken() else {
            if position < end { throw error("expected '==', '<=' or '>=' but found '\(describe(bytes[position]))'", at: position) }
            throw error("expected '==', '<=' or '>=' after the expression", at: relationStart)
        }
        let rhs = try expression()
        skipBlanks()
        var priority = Priority.required
        if current == UInt8(ascii: "@") { priority = try self.priority() }
        try expectEnd()
        return SolveStatement(
            kind: .constraint(lhs: lhs, relation: relation, rhs: rhs, priority: priority), location: location(first), text: text)
    }

    /// `edit` or `suggest` when followed by a name (otherwise they are ordinary names).
    func peekKeyword() -> String? {
        for keyword in ["edit", "suggest"] {
            let k = Array(keyword.utf8)
            guard position + k.count < end, Array(bytes[position..<(position + k.count)]) == k,
                isBlank(bytes[position + k.count]) else { continue }
            var p = position + k.count
            while p < end && isBlank(bytes[p]) { p += 1 }
            if p < end && isNameStart(bytes[p]) { return keyword }
        }
        return nil
    }

    mutating func expectEnd() throws(TextFileError) {
        skipBlanks()
        if position < end { throw error("unexpected '\(describe(bytes[position]))' after the statement", at: position) }
    }

    mutating func relationToken() -> Relation? {
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

    mutating func priority() throws(TextFileError) -> Priority {
        position += 1  // '@'
        skipBlanks()
        let at = position
        if let name = identifier() {
            guard let priority = Priority(name: name) else {
                throw error("unknown priority '\(name)': use required, strong, medium, weak or a number", at: at)
            }
            return priority
        }
        let value = try number(signed: true)
        let priority = Priority(value)
        guard priority.isValid else {
            throw error("invalid priority \(formatNumber(value)): priorities must be greater than 0 and at most 1000", at: at)
        }
        return priority
    }

    mutating func identifier() -> String? {
        guard let c = current, isNameStart(c) else { return nil }
        let from = position
        while position < end && isNameContinue(bytes[position]) { position += 1 }
        return String(decoding: bytes[from..<position], as: UTF8.self)
    }

    /// A C-style decimal number: digits, an optional fraction, an optional exponent.
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

    // MARK: Expressions

    mutating func expression() throws(TextFileError) -> LinearForm {
        var result = try product()
        while true {
            skipBlanks()
            guard let c = current, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else { return result }
            position += 1
            let right = try product()
            result = result + (c == UInt8(ascii: "-") ? right.scaled(by: -1) : right)
        }
    }

    mutating func product() throws(TextFileError) -> LinearForm {
        skipBlanks()
        var result = try factor()
        while true {
            skipBlanks()
            guard let c = current, c == UInt8(ascii: "*") || c == UInt8(ascii: "/") else { return result }
            let operatorOffset = position
            position += 1
            skipBlanks()
            let right = try factor()
            if c == UInt8(ascii: "*") {
                if right.isConstant {
                    result = result.scaled(by: right.constant)
                } else if result.isConstant {
                    result = right.scaled(by: result.constant)
                } else {
                    throw error("non-linear term: a product of two variables", at: operatorOffset)
                }
            } else {
                guard right.isConstant else { throw error("non-linear term: division by a variable", at: operatorOffset) }
                guard right.constant != 0 else { throw error("division by zero", at: operatorOffset) }
                result = result.scaled(by: 1 / right.constant)
            }
            if !result.constant.isFinite || result.terms.contains(where: { !$0.coefficient.isFinite }) {
                throw error("number out of range", at: operatorOffset)
            }
        }
    }

    mutating func factor() throws(TextFileError) -> LinearForm {
        skipBlanks()
        guard let c = current else { throw error("expected a number, a name or '('", at: position) }
        switch c {
        case UInt8(ascii: "-"):
            position += 1
            return try factor().scaled(by: -1)
        case UInt8(ascii: "+"):
            position += 1
            return try factor()
        case UInt8(ascii: "("):
            let open = position
            position += 1
            let inner = try expression()
            skipBlanks()
            guard current == UInt8(ascii: ")") else {
                if let c = current { throw error("expected ')' but found '\(describe(c))'", at: position) }
                throw error("missing ')' for the '(' here", at: open)
            }
            position += 1
            return inner
        default:
            if isDigit(c) || c == UInt8(ascii: ".") { return LinearForm(constant: try number()) }
            if let name = identifier() { return LinearForm(terms: [NamedTerm(name, 1)]) }
            throw error("expected a number, a name or '(' but found '\(describe(c))'", at: position)
        }
    }
}

@inline(__always) private func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D }
@inline(__always) private func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
@inline(__always) func isNameStart(_ c: UInt8) -> Bool {
    (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
}
@inline(__always) func isNameContinue(_ c: UInt8) -> Bool { isNameStart(c) || isDigit(c) }

/// A byte for an error message: itself when printable ASCII, else its hex code.
func describe(_ c: UInt8) -> String {
    c >= 0x20 && c < 0x7F ? String(UnicodeScalar(c)) : "\\x" + String(c, radix: 16, uppercase: true)
}
