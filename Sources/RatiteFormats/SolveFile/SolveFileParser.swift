import RatiteSolver
import RatiteSupport

/// One statement of a `solve` file.
public struct SolveStatement: Sendable, Equatable {
    /// What a statement does.
    public enum Kind: Sendable, Equatable {
        /// `lhs relation rhs [@priority]`.
        case constraint(lhs: LinearForm, relation: Relation, rhs: LinearForm, priority: Priority)
        /// `edit NAME [@priority]`.
        case edit(name: String, priority: Priority)
        /// `suggest NAME VALUE`.
        case suggest(name: String, value: Double)
    }

    /// What the statement does, with its parsed operands.
    public var kind: Kind
    /// Where the statement starts.
    public var location: TextLocation
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
    /// - Complexity: proportional to the length of `text`, plus one pass over a product's
    ///   terms for each constant factor that scales it (`(a + b + c) * 2`).
    public static func parse(_ text: String) throws(TextFileError) -> [SolveStatement] {
        var statements: [SolveStatement] = []
        try LineScanner.forEachLine(in: text) { (scanner: inout LineScanner) throws(TextFileError) in
            if let statement = try scanner.solveStatement() { statements.append(statement) }
        }
        return statements
    }

    /// Parses the text of one constraint (`lhs relation rhs [@priority]`), as the C ABI's
    /// text entry point accepts it.
    /// - Complexity: as `parse(_:)`.
    public static func parseConstraint(_ text: String) throws(TextFileError) -> SolveStatement {
        let bytes = Array(text.utf8)
        if let i = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            throw TextFileError("expected a single line", at: TextLocation(offset: i, line: 1, column: i + 1))
        }
        var scanner = LineScanner(bytes: bytes, start: 0, end: bytes.count, line: 1)
        guard let statement = try scanner.solveStatement(), case .constraint = statement.kind else {
            throw TextFileError("expected a constraint", at: TextLocation(offset: 0, line: 1, column: 1))
        }
        return statement
    }
}

/// The `solve` statement grammar on top of the shared line scanner.
extension LineScanner {
    mutating func solveStatement() throws(TextFileError) -> SolveStatement? {
        skipBlanks()
        guard position < end else { return nil }
        let first = position
        let text = String(decoding: bytes[first..<end], as: UTF8.self)
        if let keyword = peekKeyword() {
            position += keyword.count
            skipBlanks()
            let nameStart = position
            guard let name = identifier() else { throw error("expected a name after '\(keyword)'", at: nameStart) }
            if keyword == "edit" {
                var priority = Priority.strong
                skipBlanks()
                if current == UInt8(ascii: "@") { priority = try self.priority() }
                if priority.isRequired { throw error("an edit variable cannot be required", at: nameStart) }
                try expectEnd()
                return SolveStatement(
                    kind: .edit(name: name, priority: priority), location: location(first), text: text)
            }
            skipBlanks()
            let valueStart = position
            let value = try linearForm()
            guard value.isConstant else { throw error("expected a number after '\(name)'", at: valueStart) }
            try expectEnd()
            return SolveStatement(
                kind: .suggest(name: name, value: value.constant), location: location(first), text: text)
        }
        let lhs = try linearForm()
        skipBlanks()
        let relationStart = position
        guard let relation = relation() else {
            if position < end {
                throw error("expected '==', '<=' or '>=' but found '\(describe(bytes[position]))'", at: position)
            }
            throw error("expected '==', '<=' or '>=' after the expression", at: relationStart)
        }
        let rhs = try linearForm()
        skipBlanks()
        var priority = Priority.required
        if current == UInt8(ascii: "@") { priority = try self.priority() }
        try expectEnd()
        return SolveStatement(
            kind: .constraint(lhs: lhs, relation: relation, rhs: rhs, priority: priority), location: location(first),
            text: text)
    }

    /// `edit` or `suggest` when followed by a name (otherwise they are ordinary names).
    func peekKeyword() -> String? {
        // Compared in place: every statement asks, and copying the bytes into arrays to
        // compare them was a tenth of a generated grid's parse.
        for (keyword, k) in statementKeywords {
            guard position + k.count < end, isBlank(bytes[position + k.count]) else { continue }
            var matches = true
            for i in 0 ..< k.count where bytes[position + i] != k[i] {
                matches = false
                break
            }
            guard matches else { continue }
            var p = position + k.count
            while p < end && isBlank(bytes[p]) { p += 1 }
            if p < end && isNameStart(bytes[p]) { return keyword }
        }
        return nil
    }

    // MARK: Expressions

    /// A sum of products. `depth` counts the parentheses around it: they are bounded
    /// (`maximumParenthesisDepth`) so that no input can exhaust the stack.
    mutating func linearForm(depth: Int = 0) throws(TextFileError) -> LinearForm {
        var result = try linearProduct(depth: depth)
        var positions: [String: Int] = [:]
        while true {
            skipBlanks()
            guard let c = current, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else { return result }
            position += 1
            let operatorOffset = position - 1
            let right = try linearProduct(depth: depth)
            guard result.add(right, times: c == UInt8(ascii: "-") ? -1 : 1, positions: &positions) else {
                throw error("number out of range: this sum is not finite", at: operatorOffset)
            }
        }
    }

    mutating func linearProduct(depth: Int) throws(TextFileError) -> LinearForm {
        skipBlanks()
        var result = try linearFactor(depth: depth)
        while true {
            skipBlanks()
            guard let c = current, c == UInt8(ascii: "*") || c == UInt8(ascii: "/") else { return result }
            let operatorOffset = position
            position += 1
            skipBlanks()
            let right = try linearFactor(depth: depth)
            if c == UInt8(ascii: "*") {
                if right.isConstant {
                    result = result.scaled(by: right.constant)
                } else if result.isConstant {
                    result = right.scaled(by: result.constant)
                } else {
                    throw error("non-linear term: a product of two variables", at: operatorOffset)
                }
            } else {
                guard right.isConstant else {
                    throw error("non-linear term: division by a variable", at: operatorOffset)
                }
                guard right.constant != 0 else { throw error("division by zero", at: operatorOffset) }
                result = result.scaled(by: 1 / right.constant)
            }
            if !result.constant.isFinite || result.terms.contains(where: { !$0.coefficient.isFinite }) {
                throw error("number out of range: this product is not finite", at: operatorOffset)
            }
        }
    }

    mutating func linearFactor(depth: Int) throws(TextFileError) -> LinearForm {
        // Signs are read in a loop, not by recursion: any number of them is valid.
        var negated = false
        while true {
            skipBlanks()
            guard let c = current, c == UInt8(ascii: "-") || c == UInt8(ascii: "+") else { break }
            if c == UInt8(ascii: "-") { negated.toggle() }
            position += 1
        }
        let factor = try unsignedFactor(depth: depth)
        return negated ? factor.scaled(by: -1) : factor
    }

    private mutating func unsignedFactor(depth: Int) throws(TextFileError) -> LinearForm {
        guard let c = current else { throw error("expected a number, a name or '('", at: position) }
        switch c {
        case UInt8(ascii: "("):
            guard depth < maximumParenthesisDepth else {
                throw error("parentheses nested more than \(maximumParenthesisDepth) deep", at: position)
            }
            let open = position
            position += 1
            let inner = try linearForm(depth: depth + 1)
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

/// The words that start a statement other than a constraint, with their bytes.
private let statementKeywords: [(String, [UInt8])] = ["edit", "suggest"].map { ($0, Array($0.utf8)) }

/// How deep parentheses may nest in a solve-file expression (as in VFL predicates).
let maximumParenthesisDepth = 64
