import RatiteModel
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats
@testable import RatiteSolver

/// A session's solver holds the variables of its statements without `Variable` objects
/// until someone asks for one: the object asked for later, the one `update()` lists and the
/// one an error names must all be the same, and names must find their variables again
/// after removals, refusals and resets.
@Suite struct SolveSessionVariableTests {
    func session(_ text: String) throws -> SolveSession {
        let session = SolveSession()
        try session.execute(try session.parse(text))
        return session
    }

    @Test func fileVariablesHaveNoObjectsUntilAskedFor() throws {
        let session = try session("x == 1\ny == x + 2\n")
        #expect(session.solver.unnamedVariableKey(at: 0) != nil && session.solver.unnamedVariableKey(at: 1) != nil)
        #expect(session.values().map(\.value) == [1, 3])
        // Reading the values made no object either.
        #expect(session.solver.unnamedVariableKey(at: 0) != nil && session.solver.unnamedVariableKey(at: 1) != nil)
    }

    @Test func aVariableAskedForLaterIsTheSolversOwn() throws {
        let session = try session("x >= 0\ny == x + 2\n")
        let x = session.variable("x")
        #expect(session.variable("x") === x)
        #expect(session.solver.unnamedVariableKey(at: 0) == nil && session.solver.unnamedVariableKey(at: 1) != nil)
        // The object takes part like one the solver was given: an edit of it moves the
        // file's variable, and a constraint over it binds the file's variables.
        try session.solver.addEditVariable(x, priority: .strong)
        try session.solver.suggestValue(x, 3)
        try session.solver.add(x + session.variable("y") <= 10)
        session.solver.update()
        #expect(session.solver.value(of: x) == 3)
        #expect(session.values().map(\.value) == [3, 5])
    }

    @Test func updateListsTheObjectsTheSessionHandsOut() throws {
        let session = try session("a == 3\nb == a + 1\nc >= 0\n")
        let changed = session.solver.update()
        #expect(changed.map(\.name) == ["a", "b"])
        #expect(changed[0] === session.variable("a") && changed[1] === session.variable("b"))
        // `c` never changed, so the list made no object for it; asking makes one.
        #expect(session.solver.unnamedVariableKey(at: 2) != nil)
        let c = session.variable("c")
        #expect(session.solver.value(of: c) == 0 && session.solver.unnamedVariableKey(at: 2) == nil)
        #expect(session.solver.update().isEmpty)
    }

    @Test func theSolverOutlivesItsSession() throws {
        let solver = try session("x == 2\n").solver
        let changed = solver.update()
        #expect(changed.map(\.name) == ["x"])
        #expect(solver.value(of: changed[0]) == 2)
    }

    @Test func aNameFindsItsVariableAgainAfterARemoval() throws {
        let session = try session("a >= b + 1\nb >= 0\n")
        let a = session.variable("a")
        // A conflict the public solver reports gives the session's constraint an object,
        // which can then be removed: `a` is then used by nothing, and the solver lets it go.
        var first: Constraint? = nil
        do { try session.solver.add(a <= session.variable("b")) } catch {
            if case .unsatisfiable(_, let conflict) = error { first = conflict.first }
        }
        try session.solver.remove(try #require(first))
        #expect(session.solver.value(of: a) == 0 && !session.solver.hasEditVariable(a))
        // The name comes back as the same object, in a new core variable.
        try session.execute(try session.parse("a == 5\nb == 2\n"))
        #expect(session.variable("a") === a)
        #expect(session.values().map(\.name) == ["a", "b"])
        #expect(session.values().map(\.value) == [5, 2])
        #expect(session.solver.value(of: a) == 5)
    }

    @Test func aRefusedStatementsNewNamesComeBack() throws {
        let session = try session("x == 1\n")
        let file = try session.parse("z + x == 3 + x\n1 == 2\nz - 2 == x\n")
        try session.execute(file, statement: 0)
        #expect(throws: TextFileError.self) { try session.execute(file, statement: 1) }
        // A refused statement that names a new variable takes it back.
        let refused = try session.parse("w == 1 + w\n")
        #expect(throws: TextFileError.self) { try session.execute(refused) }
        try session.execute(file, statement: 2)
        try session.execute(try session.parse("w == 4\n"))
        #expect(session.values().map(\.name) == ["x", "z", "w"])
        #expect(session.values().map(\.value) == [1, 3, 4])
        #expect(session.solver.value(of: session.variable("w")) == 4)
    }

    @Test func namesStartAgainAfterAReset() throws {
        let session = try session("p == 1\nq == 2\n")
        session.solver.reset()
        // The solver's ids start again from 0: `q` must not find `p`'s old id.
        let q = session.variable("q")
        #expect(session.solver.value(of: q) == 0)
        try session.execute(try session.parse("q == 7\n"))
        let p = session.variable("p")
        #expect(session.values().map(\.name) == ["p", "q"])
        #expect(session.values().map(\.value) == [0, 7])
        try session.execute(try session.parse("p == q + 1\n"))
        #expect(session.values().map(\.value) == [8, 7])
        #expect(session.solver.value(of: p) == 8 && session.variable("p") === p)
    }

    @Test func editsAndSuggestionsNameTheFilesVariables() throws {
        let session = try session("w == left + 10\nleft >= 0\nedit w @strong\nsuggest w 40\n")
        #expect(session.values().map(\.value) == [40, 30])
        let w = session.variable("w")
        #expect(session.solver.hasEditVariable(w))
        try session.solver.suggestValue(w, 50)
        #expect(session.values().map(\.value) == [50, 40])
    }
}

/// The solver's side: variables held without objects, and the objects made for them.
@Suite struct SolverUnnamedVariableTests {
    @Test func anObjectIsMadeOnceAndReported() throws {
        let solver = Solver()
        var made: [(Int32, Variable)] = []
        solver.objectMadeForUnnamed = { made.append(($0, $1)) }
        var fresh = Solver.FreshVariables()
        let x = solver.newUnnamedVariable(name: "x", key: 7, noting: &fresh)
        let id = try solver.addReturningID(
            terms: [VariableTerm(variable: x, coefficient: 1)], constant: -3, relation: .equal, priority: .required,
            fresh: fresh)
        #expect(id >= 0 && solver.unnamedVariableKey(at: x) == 7)
        let changed = solver.update()
        #expect(changed.map(\.name) == ["x"] && made.count == 1 && made[0].0 == 7 && made[0].1 === changed[0])
        #expect(solver.variableObject(at: x) === changed[0] && made.count == 1)
        #expect(solver.unnamedVariableKey(at: x) == nil && solver.value(of: changed[0]) == 3)
    }

    @Test func aRefusalTakesBackTheKey() throws {
        let solver = Solver()
        var fresh = Solver.FreshVariables()
        let x = solver.newUnnamedVariable(name: "x", key: 0, noting: &fresh)
        let removals = solver.variableRemovals
        #expect(throws: Solver.TermsFailure.self) {
            try solver.addReturningID(
                terms: [VariableTerm(variable: x, coefficient: 0)], constant: 1, relation: .equal,
                priority: .required, fresh: fresh)
        }
        #expect(solver.unnamedVariableKey(at: x) == nil && solver.variableObject(at: x) == nil)
        #expect(solver.variableRemovals == removals + 1)
        // The id goes to the next variable, with its own key.
        fresh.removeAll()
        #expect(solver.newUnnamedVariable(name: "y", key: 1, noting: &fresh) == x)
        #expect(solver.unnamedVariableKey(at: x) == 1)
        solver.reset()
        #expect(solver.unnamedVariableKey(at: x) == nil)
    }

    @Test func valuesByIDWithoutObjects() throws {
        let solver = Solver()
        var fresh = Solver.FreshVariables()
        let x = solver.newUnnamedVariable(name: "x", key: 0, noting: &fresh)
        _ = try solver.addReturningID(
            terms: [VariableTerm(variable: x, coefficient: 2)], constant: -5, relation: .equal, priority: .required,
            fresh: fresh)
        solver.updateValues()
        #expect(solver.value(ofVariableID: x) == 2.5 && solver.unnamedVariableKey(at: x) == 0)
        // The changes were taken: a later update lists nothing.
        #expect(solver.update().isEmpty)
    }
}
