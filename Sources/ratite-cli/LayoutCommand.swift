import Ratite

/// `ratite layout FILE [--svg OUT.svg] [--rtl] [--size WxH] [--platform ios|macos]
/// [--allow-conflicts] [--allow-ambiguity]`: lays out a layout file and prints every item's
/// frame, then any conflict and ambiguity reports; a file with `step` lines prints them
/// after the first layout and after each step, under a heading each.
///
/// The exit status tells CI what happened: 0 for a layout without conflicts and without
/// ambiguity after every step, `FileExitStatus.conflict` (1) when a required constraint had to be
/// broken in any step, `FileExitStatus.ambiguous` (2) when any step's layout is ambiguous, 3 for
/// both. `--allow-conflicts` and `--allow-ambiguity` accept them. Errors keep their
/// sysexits statuses (64 usage, 65 file, 66 unreadable, 73 unwritable SVG) and win, and
/// so does 70 for a layout whose answer the solver could not verify (naming the step).
enum LayoutCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var path: String? = nil
        var svgPath: String? = nil
        var overrides = LayoutFileBuilder.Overrides()
        var allowConflicts = false
        var allowAmbiguity = false
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "--rtl":
                overrides.rightToLeft = true
            case "--allow-conflicts":
                allowConflicts = true
            case "--allow-ambiguity":
                allowAmbiguity = true
            case "--svg", "--size", "--platform":
                guard i + 1 < arguments.count else {
                    Output.error("\(argument) needs a value")
                    return ExitCode.usage
                }
                let value = arguments[i + 1]
                i += 1
                if argument == "--svg" {
                    svgPath = value
                } else if argument == "--platform" {
                    guard let platform = LayoutPlatform(name: value) else {
                        Output.error("--platform needs ios or macos, not '\(value)'")
                        return ExitCode.usage
                    }
                    overrides.platform = platform
                } else {
                    let parts = value.split(separator: "x", omittingEmptySubsequences: false)
                    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
                        w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                        Output.error(
                            "--size needs WIDTHxHEIGHT with non-negative numbers, like 320x480, not '\(value)'")
                        return ExitCode.usage
                    }
                    overrides.size = (w, h)
                }
            default:
                if argument.hasPrefix("--") && argument != "-" || path != nil {
                    Output.error("unexpected argument '\(argument)'")
                    Output.usage()
                    return ExitCode.usage
                }
                path = argument
            }
            i += 1
        }
        guard let path else {
            Output.error("layout needs a FILE (or - for standard input)")
            Output.usage()
            return ExitCode.usage
        }
        let name = path == "-" ? "<stdin>" : path
        guard let text = readInput(path) else {
            Output.error("cannot read \(name)")
            return ExitCode.noInput
        }
        // Each layout (the first, then one per step) prints its frames and reports; with
        // steps, under a heading each, and the SVG draws them side by side.
        var panels: [LayoutSVG.Panel] = []
        let run = LayoutFileRun(text: text, overrides: overrides) { engine, step in
            if svgPath != nil {
                panels.append(LayoutSVG.panel(engine, title: step.stepCount > 0 ? step.title : nil,
                                              conflicts: step.conflicts, ambiguity: step.ambiguity))
            }
        }
        let outcome = run.outcome(file: name, allowConflicts: allowConflicts, allowAmbiguity: allowAmbiguity)
        if run.error == nil, let svgPath {
            guard writeFile(svgPath, LayoutSVG.render(panels)) else {
                Output.error("cannot write \(svgPath)")
                return ExitCode.cannotCreate
            }
        }
        Output.write(outcome.output)
        Output.write(outcome.diagnostics, to: .standardError)
        return outcome.status
    }
}
