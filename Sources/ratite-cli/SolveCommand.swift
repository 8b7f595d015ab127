import Ratite

/// `ratite solve FILE|- [--json] [--timing]`: solves a `solve` file and prints every
/// variable's value in order of first appearance.
enum SolveCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var path: String? = nil
        var json = false
        var timing = false
        for argument in arguments {
            switch argument {
            case "--json": json = true
            case "--timing": timing = true
            default:
                if argument.hasPrefix("--") || path != nil {
                    Output.error("unexpected argument '\(argument)'")
                    Output.usage()
                    return ExitCode.usage
                }
                path = argument
            }
        }
        guard let path else {
            Output.error("solve needs a FILE (or - for standard input)")
            Output.usage()
            return ExitCode.usage
        }
        let name = path == "-" ? "<stdin>" : path
        guard let text = readInput(path) else {
            Output.error("cannot read \(name)")
            return ExitCode.noInput
        }
        let clock: (() -> Double)? = timing ? { now() } : nil
        let run = SolveFileRun(text: text, clock: clock)
        let outcome = run.outcome(file: name, json: json)
        Output.write(outcome.output)
        Output.write(outcome.diagnostics, to: .standardError)
        guard outcome.status == ExitCode.success else { return outcome.status }
        if timing {
            let stats = run.session.solver.statistics
            let t = run.timing
            Output.write("""
                parse: \(milliseconds(t.parse)) ms (\(run.statementCount) statements)
                constraints: \(milliseconds(t.constraints)) ms (\(t.constraintCount) added)
                edits and suggestions: \(milliseconds(t.edits)) ms (\(t.editCount) statements)
                update: \(milliseconds(t.update)) ms (\(run.values.count) variables)
                pivots: \(stats.pivots), expansions: \(stats.expansions)

                """, to: .standardError)
        }
        return ExitCode.success
    }
}
