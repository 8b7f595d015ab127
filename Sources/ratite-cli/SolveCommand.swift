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
        let started = now()
        let session = SolveSession()
        let file: ParsedSolveFile
        do {
            file = try session.parse(text)
        } catch {
            Output.write(error.rendered(file: name), to: .standardError)
            return ExitCode.dataError
        }
        let parsed = now()
        var constraintTime = 0.0, editTime = 0.0, constraintCount = 0, editCount = 0
        do {
            for i in 0..<file.count {
                let t = now()
                try session.execute(file, statement: i)
                if file.isConstraint(i) {
                    constraintTime += now() - t
                    constraintCount += 1
                } else {
                    editTime += now() - t
                    editCount += 1
                }
            }
        } catch {
            Output.write(error.rendered(file: name), to: .standardError)
            return ExitCode.dataError
        }
        let updateStart = now()
        let values = session.values()
        let updated = now()
        if !session.solver.isAnswerVerified {
            Output.write(
                "\(name): error: the answer could not be verified at the update after the last statement"
                    + (file.count > 0 ? " (line \(file.location(of: file.count - 1).line))" : "")
                    + ": a required constraint fails its check even after the solver rebuilt its tableau\n",
                to: .standardError)
            return ExitCode.unverified
        }
        if json {
            var out = "{"
            for (i, v) in values.enumerated() {
                out += (i == 0 ? "\n  " : ",\n  ") + "\"\(v.name)\": \(formatNumber(v.value))"
            }
            Output.write(out + (values.isEmpty ? "}\n" : "\n}\n"))
        } else {
            var out = ""
            out.reserveCapacity(values.count * 20)
            for v in values { out += "\(v.name) = \(formatNumber(v.value))\n" }
            Output.write(out)
        }
        if timing {
            let stats = session.solver.statistics
            Output.write("""
                parse: \(milliseconds(parsed - started)) ms (\(file.count) statements)
                constraints: \(milliseconds(constraintTime)) ms (\(constraintCount) added)
                edits and suggestions: \(milliseconds(editTime)) ms (\(editCount) statements)
                update: \(milliseconds(updated - updateStart)) ms (\(values.count) variables)
                pivots: \(stats.pivots), expansions: \(stats.expansions)

                """, to: .standardError)
        }
        return ExitCode.success
    }
}
