import Ratite

/// `ratite layout FILE [--svg OUT.svg] [--rtl] [--size WxH] [--platform ios|macos]`: lays out a layout file and
/// prints every item's frame, then any conflict and ambiguity reports.
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
        let engine: LayoutEngine
        do {
            engine = try LayoutFileBuilder.build(LayoutFileParser.parse(text), overrides: overrides)
        } catch {
            Output.write(error.rendered(file: name), to: .standardError)
            return ExitCode.dataError
        }
        engine.layout()
        var out = ""
        for item in engine.items { out += "\(item.name): \(item.frame)\n" }
        for report in engine.conflictLog { out += "\n" + report.description }
        let ambiguity = engine.ambiguityReport()
        if !ambiguity.isEmpty { out += "\n" + ambiguity.description }
        if let svgPath {
            guard writeFile(svgPath, LayoutSVG.render(engine, ambiguity: ambiguity)) else {
                Output.error("cannot write \(svgPath)")
                return ExitCode.cannotCreate
            }
        }
        Output.write(out)
        return ExitCode.success
    }
}
