import Ratite

/// `ratite layout FILE [--svg OUT.svg] [--rtl] [--size WxH] [--platform ios|macos]`: lays out a layout file and
/// prints every item's frame, then any conflict and ambiguity reports; a file with `step`
/// lines prints them after the first layout and after each step, under a heading each.
enum LayoutCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var path: String? = nil
        var svgPath: String? = nil
        var overrides = LayoutFileBuilder.Overrides()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "--rtl":
                overrides.rightToLeft = true
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
                        Output.error("--size needs WIDTHxHEIGHT with non-negative numbers, like 320x480, not '\(value)'")
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
        do {
            _ = try LayoutFileBuilder.run(file, overrides: overrides) { engine, step in
                let title = step.index == 0 ? "initial layout" : "step \(step.index)" + (step.name.isEmpty ? "" : ": \(step.name)")
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
        return ExitCode.success
    }
}
