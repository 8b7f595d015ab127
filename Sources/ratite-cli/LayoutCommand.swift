import Ratite

/// `ratite layout FILE [--svg OUT.svg] [--rtl] [--size WxH] [--platform ios|macos]
/// [--allow-conflicts] [--allow-ambiguity]`: lays out a layout file and prints every item's
/// frame, then any conflict and ambiguity reports; a file with `step` lines prints them
/// after the first layout and after each step, under a heading each.
///
/// The exit status tells CI what happened: 0 for a layout without conflicts and without
/// ambiguity after every step, `ExitCode.conflict` (1) when a required constraint had to be
/// broken in any step, `ExitCode.ambiguous` (2) when any step's layout is ambiguous, 3 for
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
        let file: LayoutFile
        do {
            file = try LayoutFileParser.parse(text)
        } catch {
            Output.write(error.rendered(file: name), to: .standardError)
            return ExitCode.dataError
        }
        // Each layout (the first, then one per step) prints its frames and reports; with
        // steps, under a heading each, and the SVG draws them side by side.
        let hasSteps = file.stepCount > 0
        var out = ""
        var panels: [LayoutSVG.Panel] = []
        // The layouts (titles, in step order) that broke a constraint or were ambiguous.
        var conflicting: [String] = []
        var ambiguous: [String] = []
        var unverified: [String] = []
        do {
            _ = try LayoutFileBuilder.run(file, overrides: overrides) { engine, step in
                let title = step.index == 0
                    ? "initial layout" : "step \(step.index)" + (step.name.isEmpty ? "" : ": \(step.name)")
                if !step.conflicts.isEmpty { conflicting.append(title) }
                if !step.ambiguity.isEmpty { ambiguous.append(title) }
                if !step.isVerified { unverified.append(title) }
                if hasSteps { out += (step.index == 0 ? "" : "\n") + "== \(title)\n" }
                for item in engine.items { out += "\(item.name): \(item.frame)\n" }
                for report in step.conflicts { out += "\n" + report.description }
                if !step.ambiguity.isEmpty { out += "\n" + step.ambiguity.description }
                if svgPath != nil {
                    panels.append(LayoutSVG.panel(engine, title: hasSteps ? title : nil, conflicts: step.conflicts,
                                                  ambiguity: step.ambiguity))
                }
            }
        } catch {
            Output.write(out)
            Output.write(error.rendered(file: name), to: .standardError)
            return ExitCode.dataError
        }
        if let svgPath {
            guard writeFile(svgPath, LayoutSVG.render(panels)) else {
                Output.error("cannot write \(svgPath)")
                return ExitCode.cannotCreate
            }
        }
        Output.write(out)
        if !unverified.isEmpty {
            Output.write(
                "\(name): error: the answer could not be verified after the layout of "
                    + unverified.joined(separator: ", ")
                    + ": a required constraint fails its check even after the solver rebuilt its tableau\n",
                to: .standardError)
            return ExitCode.unverified
        }
        return status(conflicting: allowConflicts ? [] : conflicting, ambiguous: allowAmbiguity ? [] : ambiguous,
                      hasSteps: hasSteps)
    }

    /// The exit status for the layouts that broke a constraint and those that were
    /// ambiguous (not counting those the flags accept), with a line on standard error for
    /// each kind naming where it happened and how to accept it.
    static func status(conflicting: [String], ambiguous: [String], hasSteps: Bool) -> Int32 {
        var status = ExitCode.success
        func place(_ titles: [String]) -> String {
            hasSteps ? " (in " + titles.joined(separator: ", ") + ")" : ""
        }
        if !conflicting.isEmpty {
            status |= ExitCode.conflict
            Output.write("ratite: conflict: a required constraint was broken\(place(conflicting)); "
                         + "--allow-conflicts accepts it\n", to: .standardError)
        }
        if !ambiguous.isEmpty {
            status |= ExitCode.ambiguous
            Output.write("ratite: ambiguous: the layout is ambiguous\(place(ambiguous)); "
                         + "--allow-ambiguity accepts it\n", to: .standardError)
        }
        return status
    }
}
