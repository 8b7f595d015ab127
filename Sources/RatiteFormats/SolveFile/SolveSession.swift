import RatiteSolver
import RatiteSupport

/// Runs the statements of a `solve` file against a `Solver`, one at a time, translating
/// solver errors into file diagnostics.
///
/// ```swift
/// let session = SolveSession()
/// try session.execute(try session.parse(text))
/// for (name, value) in session.values() { print(name, value) }
/// ```
public final class SolveSession {
    /// The solver the statements run against.
    public let solver = Solver()
    // Unchecked exclusivity, as in `Solver`: a session is used by one thread at a time and
    // these are never accessed re-entrantly; the dynamic checks would be paid on every
    // statement.
    /// Every name the session has read, numbered in order of first reading; the `Variable`
    /// objects by those numbers, made only when asked for (nil for most: the solver holds a
    /// file's variables without objects, see `Solver.newUnnamedVariable`); and the numbers of
    /// the variables in order of first use.
    @exclusivity(unchecked) private var table = NameTable()
    @exclusivity(unchecked) private var variables: [Variable?] = []
    @exclusivity(unchecked) private var order: [Int32] = []
    /// The statement behind each constraint the session added, by the constraint's core id:
    /// its place in a retained text, made into text only when a diagnostic quotes it.
    @exclusivity(unchecked) private var notes: [StatementNote] = []
    /// The texts that notes point into: parsed files' bytes, and the text of statements
    /// executed one by one.
    @exclusivity(unchecked) private var sources: [TextSource] = []
    @exclusivity(unchecked) private var statementTexts: [String] = []
    /// The core terms of the constraint being added, and the variables made for it, kept for
    /// their storage.
    @exclusivity(unchecked) private var termScratch: [VariableTerm] = []
    @exclusivity(unchecked) private var fresh = Solver.FreshVariables()
    /// The solver's ids of the variables by name number, valid while the solver's
    /// `variableRemovals` is `coreIDsRemovals` (see `refreshCoreIDs()`); `unknownID` for a
    /// name used whose id is not known, and `unusedName` for a name no statement used and
    /// no one asked a variable for (ids past the end too): such a name is not in `order`.
    @exclusivity(unchecked) private var coreIDs: [Int32] = []
    @exclusivity(unchecked) private var coreIDsRemovals = 0
    private static let unknownID: Int32 = -1
    private static let unusedName: Int32 = -2
    /// The constraints made for the solver when a conflict named one of the session's (see
    /// `Solver.constraintForUnnamed`), by core id: the solver then holds them.
    @exclusivity(unchecked) private var named: [Int32: Constraint] = [:]

    /// A session with an empty solver.
    public init() {
        solver.constraintForUnnamed = { [weak self] id in self?.namedConstraint(id) }
        solver.objectMadeForUnnamed = { [weak self] n, v in self?.adopt(v, number: n) }
    }

    /// Variable names in order of first appearance.
    public var names: [String] { order.map { table.name($0) } }

    /// The variable called `name`, created on first use.
    public func variable(_ name: String) -> Variable {
        variable(number: table.intern(name))
    }

    private func variable(number n: Int32) -> Variable {
        if let v = object(number: n) { return v }
        // A variable the solver holds without an object gets one now, which the solver hands
        // to `adopt`, so that the session and the solver share one object.
        if let id = unnamedCoreID(number: n), let v = solver.variableObject(at: id) { return v }
        return newObject(number: n)
    }

    /// The object made for name number `n`, if any.
    @inline(__always) private func object(number n: Int32) -> Variable? {
        Int(n) < variables.count ? variables[Int(n)] : nil
    }

    /// Makes the object for name number `n`, which has none, listing the name if new.
    private func newObject(number n: Int32) -> Variable {
        while variables.count <= Int(n) { variables.append(nil) }
        let v = Variable(table.name(n))
        variables[Int(n)] = v
        list(number: n)
        return v
    }

    /// Takes the object the solver made for name number `n` (see `Solver.variableObject`),
    /// to hand out that same one.
    private func adopt(_ v: Variable, number n: Int32) {
        while variables.count <= Int(n) { variables.append(nil) }
        variables[Int(n)] = v
    }

    /// Puts name number `n` in `order` if no statement used it and no one asked for it yet.
    private func list(number n: Int32) {
        while coreIDs.count <= Int(n) { coreIDs.append(Self.unusedName) }
        if coreIDs[Int(n)] == Self.unusedName {
            coreIDs[Int(n)] = Self.unknownID
            order.append(n)
        }
    }

    /// The solver's id for name number `n` if the solver holds its variable without an
    /// object: the key check holds across any removal or reset in between.
    private func unnamedCoreID(number n: Int32) -> Int32? {
        guard Int(n) < coreIDs.count, object(number: n) == nil else { return nil }
        let id = coreIDs[Int(n)]
        return id >= 0 && solver.unnamedVariableKey(at: id) == n ? id : nil
    }

    /// The solver's id for the variable with name number `n`, made on first use (and noted
    /// in `fresh`): without an object, unless someone asked for the variable before.
    @inline(__always) private func coreID(number n: Int32) -> Int32 {
        if Int(n) < coreIDs.count, coreIDs[Int(n)] >= 0 { return coreIDs[Int(n)] }
        return newCoreID(number: n)
    }

    private func newCoreID(number n: Int32) -> Int32 {
        list(number: n)
        let v: Int32
        if let object = object(number: n) {
            v = solver.variableID(object, noting: &fresh)
        } else {
            v = solver.newUnnamedVariable(name: table.name(n), key: n, noting: &fresh)
        }
        coreIDs[Int(n)] = v
        return v
    }

    /// Brings the cached core ids up to date after the solver let variables go: an object's
    /// id is looked up again on its next use, and a variable held without an object keeps
    /// its id while its key says it is still the same variable.
    private func refreshCoreIDs() {
        for n in coreIDs.indices where coreIDs[n] >= 0 && unnamedCoreID(number: Int32(n)) == nil {
            coreIDs[n] = Self.unknownID
        }
        coreIDsRemovals = solver.variableRemovals
    }

    private func expression(_ form: LinearForm) -> LinearExpression {
        LinearExpression(terms: form.terms.map { Term(variable($0.name), $0.coefficient) }, constant: form.constant)
    }

    /// Builds the solver constraint a constraint statement describes.
    public func constraint(_ statement: SolveStatement) -> Constraint? {
        guard case .constraint(let lhs, let relation, let rhs, let priority) = statement.kind else { return nil }
        return Constraint(expression(lhs), relation, expression(rhs), priority: priority)
    }

    /// Parses a whole file for this session to execute, with the diagnostics of
    /// `SolveFileParser.parse(_:)`. Names are read straight from the text into the session's
    /// table, so a name already seen costs no `String`; the file keeps the text for the notes
    /// of conflict diagnostics.
    /// - Throws: `TextFileError` at the first malformed statement.
    /// - Complexity: as `SolveFileParser.parse(_:)`, plus O(1) expected per name.
    public func parse(_ text: String) throws(TextFileError) -> ParsedSolveFile {
        var file = ParsedSolveFile(owner: ObjectIdentifier(self), source: TextSource(Array(text.utf8)))
        try file.read(names: &table)
        return file
    }

    /// Executes every statement of `file` in order, stopping at the first refused one.
    /// - Throws: `TextFileError` as `execute(_:)` does for that statement.
    /// - Complexity: the sum of the statements' costs (see `execute(_:)`).
    public func execute(_ file: ParsedSolveFile) throws(TextFileError) {
        // The file's names not yet variables, and its statements, bound what it adds.
        let newNames = table.count - order.count
        solver.reserveCapacity(additionalVariables: newNames, constraints: file.count)
        // Every name gets its entry at once rather than one append each.
        if coreIDs.count < table.count {
            coreIDs.append(contentsOf: repeatElement(Self.unusedName, count: table.count - coreIDs.count))
        }
        order.reserveCapacity(table.count)
        notes.reserveCapacity(notes.count + file.count)
        let source = self.source(of: file)
        try file.terms.withUnsafeBufferPointer { (terms) throws(TextFileError) in
            for s in file.statements { try execute(s, terms: terms, source: source) }
        }
    }

    /// Executes statement `i` of `file`, which this session parsed, as `execute(_:)`
    /// executes the same statement from `SolveFileParser.parse(_:)`.
    /// - Throws: `TextFileError` at the statement; the solver is then unchanged.
    /// - Complexity: as `execute(_:)`.
    public func execute(_ file: ParsedSolveFile, statement i: Int) throws(TextFileError) {
        let source = self.source(of: file)
        try file.terms.withUnsafeBufferPointer { (terms) throws(TextFileError) in
            try execute(file.statements[i], terms: terms, source: source)
        }
    }

    /// The index in `sources` of the text of `file`, which this session must have parsed.
    private func source(of file: ParsedSolveFile) -> Int32 {
        precondition(file.owner == ObjectIdentifier(self), "a file parsed by another session")
        if sources.last !== file.source { sources.append(file.source) }
        return Int32(sources.count - 1)
    }

    private func execute(
        _ s: CompactStatement, terms: UnsafeBufferPointer<NumberedTerm>, source: Int32
    ) throws(TextFileError) {
        let note = StatementNote(line: s.line, source: source, from: s.from, to: s.to)
        try execute(s.kind, terms: UnsafeBufferPointer(rebasing: terms[Int(s.termsStart)..<Int(s.termsEnd)]),
                    at: s.location, note: note)
    }

    /// Executes one statement.
    /// - Throws: `TextFileError` at the statement, listing a minimal conflict for
    ///   unsatisfiable required constraints. The solver is then unchanged.
    /// - Complexity: that of the solver operation the statement makes (`Solver.add(_:)`,
    ///   `addEditVariable` or `suggestValue`), plus O(1) expected per name looked up.
    public func execute(_ statement: SolveStatement) throws(TextFileError) {
        var terms: [NumberedTerm] = []
        let kind = CompactStatement.Kind(statement, names: &table, terms: &terms)
        var note = StatementNote(line: Int32(statement.location.line), source: -1, from: 0, to: 0)
        if case .constraint = kind {
            note.source = -2 - Int32(statementTexts.count)
            statementTexts.append(statement.text)
        }
        try terms.withUnsafeBufferPointer { (terms) throws(TextFileError) in
            try execute(kind, terms: terms, at: statement.location, note: note)
        }
    }

    private func execute(
        _ kind: CompactStatement.Kind, terms: UnsafeBufferPointer<NumberedTerm>, at location: TextLocation,
        note: StatementNote
    ) throws(TextFileError) {
        switch kind {
        case .constraint(let relation, let priority, let constant):
            var list = termScratch
            termScratch = []
            defer {
                while list.popLast() != nil {}
                termScratch = list
            }
            fresh.removeAll()
            if solver.variableRemovals != coreIDsRemovals { refreshCoreIDs() }
            for t in terms { list.append(VariableTerm(variable: coreID(number: t.name), coefficient: t.coefficient)) }
            do throws(Solver.TermsFailure) {
                let id = try solver.addReturningID(
                    terms: list, constant: constant, relation: relation, priority: priority, fresh: fresh)
                record(note, at: id)
            } catch {
                switch error {
                case .solver(let error): throw TextFileError(error.description, at: location)
                case .unsatisfiable(let ids): throw conflict(ids, at: location, note: note)
                }
            }
        case .edit(let n, let priority):
            let v = variable(number: n)
            guard !solver.hasEditVariable(v) else {
                throw TextFileError("'\(table.name(n))' is already an edit variable", at: location)
            }
            do { try solver.addEditVariable(v, priority: priority) } catch {
                throw TextFileError(error.description, at: location)
            }
        case .suggest(let n, let value):
            // A refused suggestion must not introduce the name into the output. An edit
            // variable has its object, made by its `edit` statement.
            guard let v = object(number: n), solver.hasEditVariable(v) else {
                let name = table.name(n)
                throw TextFileError(
                    "'\(name)' is not an edit variable; declare it first with 'edit \(name)'", at: location)
            }
            do { try solver.suggestValue(v, value) } catch { throw TextFileError(error.description, at: location) }
        }
    }

    private func record(_ note: StatementNote, at id: Int32) {
        if Int(id) == notes.count {
            notes.append(note)
        } else {
            while notes.count <= Int(id) { notes.append(StatementNote(line: 0, source: -1, from: 0, to: 0)) }
            notes[Int(id)] = note
        }
        if !named.isEmpty { named[id] = nil }
    }

    /// The note for the constraint with core id `id`, if this session added it and the
    /// solver still holds it as the session's.
    private func note(for id: Int32) -> StatementNote? {
        guard id >= 0, Int(id) < notes.count, notes[Int(id)].source != -1,
            !solver.core.isEditConstraint(id) else { return nil }
        if let object = solver.constraintObject(at: id), object !== named[id] { return nil }
        return notes[Int(id)]
    }

    private func text(of note: StatementNote) -> String {
        note.source >= 0 ? sources[Int(note.source)].text(note.from, note.to) : statementTexts[Int(-2 - note.source)]
    }

    /// The diagnostic for a conflict of required constraints: a note per constraint, naming
    /// the statement that added it (the refused statement for any other).
    private func conflict(_ ids: [Int32], at location: TextLocation, note: StatementNote) -> TextFileError {
        var notes: [TextFileError.Note] = []
        let own = TextFileError.Note(line: Int(note.line), text: text(of: note))
        for id in ids {
            if id == pendingConstraintID {
                notes.append(own)
            } else if let n = self.note(for: id) {
                notes.append(TextFileError.Note(line: Int(n.line), text: text(of: n)))
            } else if solver.constraintObject(at: id) != nil {
                notes.append(own)
            } else {
                let error = SolverError.internalError(
                    "numerical breakdown: a conflict named constraint \(id), which is not one of this solver's")
                return TextFileError(error.description, at: location)
            }
        }
        return TextFileError("unsatisfiable required constraints", at: location, notes: notes)
    }

    /// A `Constraint` for the session's constraint with core id `id`, built from its
    /// statement's text, for a conflict the solver reports publicly.
    private func namedConstraint(_ id: Int32) -> Constraint? {
        guard let note = note(for: id), let statement = try? SolveFileParser.parseConstraint(text(of: note)),
            let c = constraint(statement) else { return nil }
        named[id] = c
        return c
    }

    /// Updates the solver and returns every variable's value in order of first appearance.
    /// - Complexity: that of `Solver.update()`, plus O(1) per variable.
    public func values() -> [(name: String, value: Double)] {
        solver.updateValues()
        return order.map { (table.name($0), value(number: $0)) }
    }

    /// The value of the variable with name number `n`, as `Solver.value(of:)` reads it.
    private func value(number n: Int32) -> Double {
        if let v = object(number: n) { return solver.value(of: v) }
        guard let id = unnamedCoreID(number: n) else { return 0 }
        return solver.value(ofVariableID: id)
    }
}

/// Where the statement behind a constraint is: its line, and its text as a byte range of
/// `sources[source]`, or `statementTexts[-2 - source]` when `source` is below -1 (-1: no
/// statement).
private struct StatementNote {
    var line: Int32
    var source: Int32
    var from: Int32
    var to: Int32
}
