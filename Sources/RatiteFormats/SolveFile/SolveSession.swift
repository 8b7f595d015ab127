import RatiteSolver
import RatiteSupport

/// Runs the statements of a `solve` file against a `Solver`, one at a time, translating
/// solver errors into file diagnostics.
public final class SolveSession {
    /// The solver the statements run against.
    public let solver = Solver()
    // Unchecked exclusivity, as in `Solver`: a session is used by one thread at a time and
    // these are never accessed re-entrantly; the dynamic checks cost 3% of a statement.
    /// The variables' names, numbered in order of first appearance, and the variables by
    /// those numbers.
    @exclusivity(unchecked) private var table = NameTable()
    @exclusivity(unchecked) private var variables: [Variable] = []
    /// Variable names in order of first appearance.
    public var names: [String] { table.names }
    /// The note naming the statement behind each constraint, by the constraint's core id
    /// (`Solver.coreID`), with the constraint to check it against: the solver is public, and
    /// a constraint removed through it frees its id for another.
    @exclusivity(unchecked) private var notes: [(constraint: Constraint, note: TextFileError.Note)?] = []

    /// A session with an empty solver.
    public init() {}

    /// The variable called `name`, created on first use.
    public func variable(_ name: String) -> Variable {
        if let n = table.number(of: name) { return variables[Int(n)] }
        let v = Variable(name)
        _ = table.insert(name)
        variables.append(v)
        return v
    }

    private func expression(_ form: LinearForm) -> LinearExpression {
        LinearExpression(terms: form.terms.map { Term(variable($0.name), $0.coefficient) }, constant: form.constant)
    }

    /// Builds the solver constraint a constraint statement describes.
    public func constraint(_ statement: SolveStatement) -> Constraint? {
        guard case .constraint(let lhs, let relation, let rhs, let priority) = statement.kind else { return nil }
        return Constraint(expression(lhs), relation, expression(rhs), priority: priority)
    }

    /// Executes one statement.
    /// - Throws: `TextFileError` at the statement, listing a minimal conflict for
    ///   unsatisfiable required constraints. The solver is then unchanged.
    /// - Complexity: that of the solver operation the statement makes (`Solver.add(_:)`,
    ///   `addEditVariable` or `suggestValue`), plus O(1) expected per name looked up.
    public func execute(_ statement: SolveStatement) throws(TextFileError) {
        do {
            switch statement.kind {
            case .constraint:
                let c = constraint(statement)!
                record(statement, of: c, at: try solver.addReturningID(c))
            case .edit(let name, let priority):
                let v = variable(name)
                guard !solver.hasEditVariable(v) else {
                    throw TextFileError("'\(name)' is already an edit variable", at: statement.location)
                }
                try solver.addEditVariable(v, priority: priority)
            case .suggest(let name, let value):
                // A refused suggestion must not introduce the name into the output.
                let known = table.number(of: name).map { variables[Int($0)] }
                guard let v = known, solver.hasEditVariable(v) else {
                    throw TextFileError(
                        "'\(name)' is not an edit variable; declare it first with 'edit \(name)'",
                        at: statement.location)
                }
                try solver.suggestValue(v, value)
            }
        } catch let error as TextFileError {
            throw error
        } catch let error as SolverError {
            throw diagnostic(error, statement: statement)
        } catch {
            throw TextFileError("\(error)", at: statement.location)
        }
    }

    private func record(_ statement: SolveStatement, of constraint: Constraint, at id: Int32) {
        let entry = (constraint, TextFileError.Note(line: statement.location.line, text: statement.text))
        if Int(id) == notes.count {
            notes.append(entry)
            return
        }
        while notes.count <= Int(id) { notes.append(nil) }
        notes[Int(id)] = entry
    }

    /// The note naming the statement that added `constraint`, if this session added it.
    private func note(for constraint: Constraint) -> TextFileError.Note? {
        guard let id = solver.coreID(of: constraint), Int(id) < notes.count,
            let entry = notes[Int(id)], entry.constraint === constraint else { return nil }
        return entry.note
    }

    private func diagnostic(_ error: SolverError, statement: SolveStatement) -> TextFileError {
        guard case .unsatisfiable(_, let conflict) = error else {
            return TextFileError(error.description, at: statement.location)
        }
        let notes = conflict.map { c -> TextFileError.Note in
            note(for: c) ?? TextFileError.Note(line: statement.location.line, text: statement.text)
        }
        return TextFileError("unsatisfiable required constraints", at: statement.location, notes: notes)
    }

    /// Updates the solver and returns every variable's value in order of first appearance.
    /// - Complexity: that of `Solver.update()`, plus O(1) per variable.
    public func values() -> [(name: String, value: Double)] {
        solver.update()
        return zip(table.names, variables).map { ($0, solver.value(of: $1)) }
    }
}
