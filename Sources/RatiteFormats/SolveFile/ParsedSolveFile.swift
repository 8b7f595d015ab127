import RatiteSolver
import RatiteSupport

/// A `solve` file parsed by `SolveSession.parse(_:)` for that session to execute: its
/// statements over the session's name numbers, with their places in the retained text.
///
/// It holds no `String` per name or statement: the session turns a statement's place into
/// text only when a diagnostic quotes it.
public struct ParsedSolveFile: Sendable {
    /// The session whose names the statements number.
    let owner: ObjectIdentifier
    /// The file's bytes, which the notes of its constraints point into.
    let source: TextSource
    var statements: [CompactStatement] = []
    /// The terms of every constraint, one after another (`CompactStatement.termsStart`).
    var terms: [NumberedTerm] = []

    /// How many statements the file holds (blank and comment lines hold none).
    public var count: Int { statements.count }

    /// Where statement `i` starts.
    public func location(of i: Int) -> TextLocation { statements[i].location }

    /// Whether statement `i` is a constraint (not an `edit` or `suggest`).
    public func isConstraint(_ i: Int) -> Bool {
        if case .constraint = statements[i].kind { return true }
        return false
    }
}

/// The bytes of a text a session ran, kept for the diagnostics that quote its statements.
final class TextSource: Sendable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// `bytes[from..<to]` as text.
    func text(_ from: Int32, _ to: Int32) -> String {
        String(decoding: bytes[Int(from)..<Int(to)], as: UTF8.self)
    }
}

/// A variable, by its number in a session's `NameTable`, with its coefficient.
struct NumberedTerm {
    var name: Int32
    var coefficient: Double
}

/// One statement of a `ParsedSolveFile`.
struct CompactStatement {
    enum Kind {
        /// `Σ terms + constant  relation  0` (the right side's terms negated and after the
        /// left's, the constant `lhs.constant - rhs.constant`), as `Solver.add(_:)` reads a
        /// `Constraint`.
        case constraint(relation: Relation, priority: Priority, constant: Double)
        case edit(name: Int32, priority: Priority)
        case suggest(name: Int32, value: Double)
    }

    var kind: Kind
    /// The constraint's terms: `ParsedSolveFile.terms[termsStart..<termsEnd]`.
    var termsStart: Int32
    var termsEnd: Int32
    /// The one-based line, the offset its line starts at, and the statement's own bytes
    /// (without its comment and surrounding blanks).
    var line: Int32
    var lineStart: Int32
    var from: Int32
    var to: Int32

    /// Where the statement starts.
    var location: TextLocation {
        TextLocation(offset: Int(from), line: Int(line), column: Int(from - lineStart) + 1)
    }
}

extension CompactStatement.Kind {
    /// The kind of a statement the full grammar read, its constraint's terms appended to
    /// `terms` (the right side's negated) with their names numbered in `names`.
    init(_ statement: SolveStatement, names: inout NameTable, terms: inout [NumberedTerm]) {
        switch statement.kind {
        case .constraint(let lhs, let relation, let rhs, let priority):
            for t in lhs.terms { terms.append(NumberedTerm(name: names.intern(t.name), coefficient: t.coefficient)) }
            for t in rhs.terms { terms.append(NumberedTerm(name: names.intern(t.name), coefficient: -t.coefficient)) }
            self = .constraint(relation: relation, priority: priority, constant: lhs.constant - rhs.constant)
        case .edit(let name, let priority):
            self = .edit(name: names.intern(name), priority: priority)
        case .suggest(let name, let value):
            self = .suggest(name: names.intern(name), value: value)
        }
    }
}
