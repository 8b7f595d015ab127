import RatiteSolver
import RatiteSupport

/// Runs the statements of a `solve` file against a `Solver`, one at a time, translating
/// solver errors into file diagnostics.
public final class SolveSession {
    /// The solver the statements run against.
    public let solver = Solver()
    private var variablesByName: [String: Variable] = [:]
    /// Variable names in order of first appearance.
    public private(set) var names: [String] = []
    private var statementOfConstraint: [ObjectIdentifier: SolveStatement] = [:]

    /// A session with an empty solver.
    public init() {}

    /// The variable called `name`, created on first use.
    public func variable(_ name: String) -> Variable {
        if let v = variablesByName[name] { return v }
        let v = Variable(name)
        variablesByName[name] = v
        names.append(name)
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
                try solver.add(c)
                statementOfConstraint[ObjectIdentifier(c)] = statement
            case .edit(let name, let priority):
                let v = variable(name)
                guard !solver.hasEditVariable(v) else {
                    throw TextFileError("'\(name)' is already an edit variable", at: statement.location)
                }
                try solver.addEditVariable(v, priority: priority)
            case .suggest(let name, let value):
                // A refused suggestion must not introduce the name into the output.
                guard let v = variablesByName[name], solver.hasEditVariable(v) else {
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

    private func diagnostic(_ error: SolverError, statement: SolveStatement) -> TextFileError {
        guard case .unsatisfiable(_, let conflict) = error else {
            return TextFileError(error.description, at: statement.location)
        }
        let notes = conflict.map { c -> TextFileError.Note in
            let s = statementOfConstraint[ObjectIdentifier(c)] ?? statement
            return TextFileError.Note(line: s.location.line, text: s.text)
        }
        return TextFileError("unsatisfiable required constraints", at: statement.location, notes: notes)
    }

    /// Updates the solver and returns every variable's value in order of first appearance.
    /// - Complexity: that of `Solver.update()`, plus O(1) per variable.
    public func values() -> [(name: String, value: Double)] {
        solver.update()
        return names.map { ($0, solver.value(of: variablesByName[$0]!)) }
    }
}
