import RatiteSolver
import RatiteSupport

/// Parsing into a `ParsedSolveFile`: the common constraint shape (sums of `[number *] name`
/// terms and numbers, an optional priority) is read straight from the bytes into numbered
/// terms (`QuickConstraintReader`); any other line, and any line with an error, is read
/// again by `LineScanner.solveStatement()`, so the statements and diagnostics are those of
/// `SolveFileParser.parse(_:)`.
extension ParsedSolveFile {
    /// Reads every statement of `source`, numbering names in `names`.
    /// - Throws: `TextFileError` at the first malformed statement.
    mutating func read(names: inout NameTable) throws(TextFileError) {
        let bytes = source.bytes
        try bytes.withUnsafeBufferPointer { (text) throws(TextFileError) in
            // A statement per line and three terms per statement at most, mostly: growing the
            // arrays by doubling copied them more than once over.
            var lines = 1
            // Branch-free, so that the loop runs on vectors.
            for c in text { lines &+= c == UInt8(ascii: "\n") ? 1 : 0 }
            statements.reserveCapacity(statements.count + lines)
            terms.reserveCapacity(terms.count + 3 * lines)
            let common = CommonPriorities()
            var lineStart = 0
            var line = 1
            while lineStart <= text.count {
                var first = lineStart
                while first < text.count && isBlank(text[first]) { first += 1 }
                // The common shape is read straight from the statement's first byte to the
                // end of its line, without a pass that finds the line first.
                let termsStart = terms.count
                if !startsWithKeyword(text, first) {
                    var reader = QuickConstraintReader(text: text, position: first, common: common)
                    if let kind = reader.constraint(into: &terms, names: &names) {
                        var to = reader.position
                        while to > first && isBlank(text[to - 1]) { to -= 1 }
                        var lineEnd = reader.position
                        while lineEnd < text.count && text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                        append(kind, termsStart: termsStart, line: line, lineStart: lineStart, first: first, end: to)
                        lineStart = lineEnd + 1
                        line += 1
                        continue
                    }
                    terms.removeSubrange(termsStart...)
                }
                // Lines, comments and blanks as `LineScanner.forEachLine` and `LineScanner.init`
                // cut them.
                var lineEnd = lineStart
                var end = -1
                while lineEnd < text.count {
                    let c = text[lineEnd]
                    if c == UInt8(ascii: "\n") { break }
                    if c == UInt8(ascii: "#") && end < 0 { end = lineEnd }
                    lineEnd += 1
                }
                if end < 0 { end = lineEnd }
                while end > lineStart && isBlank(text[end - 1]) { end -= 1 }
                if first < end { try readStatement(line: line, lineStart: lineStart, lineEnd: lineEnd, names: &names) }
                lineStart = lineEnd + 1
                line += 1
            }
        }
    }

    /// Reads the statement of a line the quick reader gave up on, with the full grammar.
    private mutating func readStatement(
        line: Int, lineStart: Int, lineEnd: Int, names: inout NameTable
    ) throws(TextFileError) {
        let termsStart = terms.count
        var scanner = LineScanner(bytes: source.bytes, start: lineStart, end: lineEnd, line: line)
        scanner.skipBlanks()
        let first = scanner.position, end = scanner.end
        guard let statement = try scanner.solveStatement() else { return }
        let kind = CompactStatement.Kind(statement, names: &names, terms: &terms)
        append(kind, termsStart: termsStart, line: line, lineStart: lineStart, first: first, end: end)
    }

    private mutating func append(
        _ kind: CompactStatement.Kind, termsStart: Int, line: Int, lineStart: Int, first: Int, end: Int
    ) {
        statements.append(CompactStatement(
            kind: kind, termsStart: Int32(termsStart), termsEnd: Int32(terms.count), line: Int32(line),
            lineStart: Int32(lineStart), from: Int32(first), to: Int32(end)))
    }

    /// Whether the statement starts with `edit` or `suggest` and a blank: such lines go to
    /// `solveStatement()`, which tells a keyword from a name of that spelling.
    private func startsWithKeyword(_ text: UnsafeBufferPointer<UInt8>, _ first: Int) -> Bool {
        guard first < text.count, text[first] == UInt8(ascii: "e") || text[first] == UInt8(ascii: "s") else {
            return false
        }
        for k in quickKeywords where first + k.count < text.count && isBlank(text[first + k.count]) {
            var i = 0
            while i < k.count && text[first + i] == k[i] { i += 1 }
            if i == k.count { return true }
        }
        return false
    }
}

private let quickKeywords: [[UInt8]] = [Array("edit".utf8), Array("suggest".utf8)]

/// The four names of Ratite's own priorities, first in `Priority.names`.
private struct CommonPriorities {
    let required = Priority.required
    let strong = Priority.strong
    let medium = Priority.medium
    let weak = Priority.weak
}

/// The priority names, for `@name` without a `String`.
private let quickPriorityNames = PriorityNameTable()

/// The priority names' bytes one after another, in the order of `Priority.names` (the first
/// match wins, as in `Priority(name:)`).
private struct PriorityNameTable: Sendable {
    private let bytes: [UInt8]
    private let entries: [(start: Int, count: Int, priority: Priority)]

    init() {
        var bytes: [UInt8] = []
        var entries: [(start: Int, count: Int, priority: Priority)] = []
        for (name, priority) in Priority.names {
            entries.append((bytes.count, name.utf8.count, priority))
            bytes.append(contentsOf: name.utf8)
        }
        self.bytes = bytes
        self.entries = entries
    }

    func priority(named name: UnsafeBufferPointer<UInt8>) -> Priority? {
        for entry in entries where entry.count == name.count {
            var i = 0
            while i < name.count && bytes[entry.start + i] == name[i] { i += 1 }
            if i == name.count { return entry.priority }
        }
        return nil
    }
}

/// Reads a constraint of the common shape from a statement's first byte to the end of its
/// line (a line feed, a `#` or the end of the text), with the arithmetic
/// of `LineScanner.linearForm()` and its helpers, so that what it accepts comes out bit for
/// bit as `solveStatement()` would make it; it gives up (nil) on anything else, and the
/// caller reads the line again with the full grammar.
private struct QuickConstraintReader {
    let text: UnsafeBufferPointer<UInt8>
    var position: Int
    /// The named priorities a statement most often has, read once per file rather than
    /// through their lazy globals per statement.
    let common: CommonPriorities

    /// The text's end: the statement ends before it, at a line feed or at a `#`.
    private var end: Int { text.count }

    /// The next byte of the statement, or nil at its end.
    @inline(__always)
    private var current: UInt8? {
        guard position < end else { return nil }
        let c = text[position]
        return c == UInt8(ascii: "\n") || c == UInt8(ascii: "#") ? nil : c
    }

    @inline(__always)
    private mutating func skipBlanks() {
        while position < end && isBlank(text[position]) { position += 1 }
    }

    /// The constraint's kind with its terms appended to `terms`, or nil.
    mutating func constraint(into terms: inout [NumberedTerm], names: inout NameTable) -> CompactStatement.Kind? {
        guard let lhs = sum(into: &terms, names: &names) else { return nil }
        skipBlanks()
        guard position + 1 < end, text[position + 1] == UInt8(ascii: "=") else { return nil }
        let relation: Relation
        switch text[position] {
        case UInt8(ascii: "="): relation = .equal
        case UInt8(ascii: "<"): relation = .lessThanOrEqual
        case UInt8(ascii: ">"): relation = .greaterThanOrEqual
        default: return nil
        }
        position += 2
        let rhsStart = terms.count
        guard let rhs = sum(into: &terms, names: &names) else { return nil }
        for i in rhsStart..<terms.count { terms[i].coefficient = -terms[i].coefficient }
        skipBlanks()
        var priority = common.required
        if current == UInt8(ascii: "@") {
            position += 1
            skipBlanks()
            guard let p = self.priority() else { return nil }
            priority = p
            skipBlanks()
        }
        guard current == nil else { return nil }
        return .constraint(relation: relation, priority: priority, constant: lhs - rhs)
    }

    /// A priority name, or a whole number in (0, 1000].
    private mutating func priority() -> Priority? {
        guard let c = current else { return nil }
        if isNameStart(c) {
            let from = position
            while position < end && isNameContinue(text[position]) { position += 1 }
            let name = UnsafeBufferPointer(rebasing: text[from..<position])
            // The common names first, compared in place: they come first in `Priority.names`
            // too, so they win as they do there.
            if spells(name, "weak") { return common.weak }
            if spells(name, "strong") { return common.strong }
            if spells(name, "medium") { return common.medium }
            if spells(name, "required") { return common.required }
            return quickPriorityNames.priority(named: name)
        }
        guard isDigit(c), let value = number() else { return nil }
        let priority = Priority(value)
        return priority.isValid ? priority : nil
    }

    /// Whether `name` is the ASCII `word`.
    @inline(__always)
    private func spells(_ name: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard name.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for i in 0..<name.count where name[i] != w[i] { return false }
        return true
    }

    /// A sum of products, its terms appended to `terms` (a name once, in order of first
    /// appearance) as `LinearForm.add` combines them; its constant, or nil.
    private mutating func sum(into terms: inout [NumberedTerm], names: inout NameTable) -> Double? {
        let sideStart = terms.count
        guard let first = product(names: &names) else { return nil }
        var constant = first.constant
        if first.name >= 0 { terms.append(NumberedTerm(name: first.name, coefficient: first.coefficient)) }
        while true {
            skipBlanks()
            guard let c = current, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else { return constant }
            position += 1
            let sign: Double = c == UInt8(ascii: "-") ? -1 : 1
            guard let right = product(names: &names) else { return nil }
            if right.name >= 0 {
                let coefficient = sign * right.coefficient
                var i = sideStart
                while i < terms.count && terms[i].name != right.name { i += 1 }
                if i < terms.count {
                    terms[i].coefficient += coefficient
                    guard terms[i].coefficient.isFinite else { return nil }
                } else {
                    // Long sums go to `linearForm()`, which finds repeated names by hash.
                    guard terms.count - sideStart < 8 else { return nil }
                    terms.append(NumberedTerm(name: right.name, coefficient: coefficient))
                }
            }
            constant += sign * right.constant
            guard constant.isFinite else { return nil }
        }
    }

    /// A product of factors as `linearProduct(depth:)` computes it; nil for a division, a
    /// product of two names, or anything not finite.
    @inline(__always)
    private mutating func product(names: inout NameTable) -> QuickForm? {
        skipBlanks()
        guard var result = factor(names: &names) else { return nil }
        while true {
            skipBlanks()
            guard current == UInt8(ascii: "*") else { return result }
            position += 1
            skipBlanks()
            guard let right = factor(names: &names) else { return nil }
            if right.name < 0 {
                result = result.scaled(by: right.constant)
            } else if result.name < 0 {
                result = right.scaled(by: result.constant)
            } else {
                return nil
            }
            guard result.isFinite else { return nil }
        }
    }

    /// Signs, then a number or a name, as `linearFactor(depth:)` reads them.
    @inline(__always)
    private mutating func factor(names: inout NameTable) -> QuickForm? {
        var negated = false
        while true {
            skipBlanks()
            guard let c = current, c == UInt8(ascii: "-") || c == UInt8(ascii: "+") else { break }
            if c == UInt8(ascii: "-") { negated.toggle() }
            position += 1
        }
        guard let c = current else { return nil }
        let factor: QuickForm
        if isDigit(c) {
            guard let value = number() else { return nil }
            factor = QuickForm(name: -1, coefficient: 0, constant: value)
        } else if isNameStart(c) {
            let from = position
            while position < end && isNameContinue(text[position]) { position += 1 }
            let n = names.intern(UnsafeBufferPointer(rebasing: text[from..<position]))
            factor = QuickForm(name: n, coefficient: 1, constant: 0)
        } else {
            return nil
        }
        return negated ? factor.scaled(by: -1) : factor
    }

    /// Up to 15 digits with nothing of a number after them: exact in a `Double`, so equal
    /// to what `Double(String)` makes of them. Anything else is left to `number()`.
    @inline(__always)
    private mutating func number() -> Double? {
        let from = position
        var value = 0
        while position < end && isDigit(text[position]) {
            guard position - from < 15 else { return nil }
            value = value &* 10 &+ Int(text[position] &- 0x30)
            position += 1
        }
        if let c = current, c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { return nil }
        return Double(value)
    }
}

/// A product while the quick reader reads it: `coefficient × name + constant`, or a plain
/// number when `name` is -1.
private struct QuickForm {
    var name: Int32
    var coefficient: Double
    var constant: Double

    /// As `LinearForm.scaled(by:)`: a plain number has no coefficient.
    func scaled(by factor: Double) -> QuickForm {
        QuickForm(name: name, coefficient: name < 0 ? 0 : coefficient * factor, constant: constant * factor)
    }

    /// Whether what `linearProduct(depth:)` checks is finite.
    var isFinite: Bool { constant.isFinite && (name < 0 || coefficient.isFinite) }
}
