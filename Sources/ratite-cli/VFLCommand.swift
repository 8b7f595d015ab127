import Ratite

/// `ratite vfl FORMAT|- [--views a,b,...] [--metrics name=value,...] [--options name,...]
/// [--extended] [--canonical]`: parses a visual format and prints its constraints, one per
/// line in canonical form (or, with `--canonical`, the format itself as canonical VFL).
/// `-` reads the format from standard input.
enum VFLCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var source: String? = nil
        var views: Set<String> = []
        var metrics: [String: Double] = [:]
        var options: VFLFormatOptions = []
        var extended = false
        var canonical = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            // `--name=value` and `--name value` are both accepted.
            var name = argument
            var inlineValue: String? = nil
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() -> String? {
                if let inlineValue { return inlineValue }
                guard index < arguments.count else { return nil }
                index += 1
                return arguments[index - 1]
            }
            switch name {
            case "--extended" where inlineValue == nil:
                extended = true
            case "--canonical" where inlineValue == nil:
                canonical = true
            case "--views":
                guard let list = value() else { return usageError("--views needs a list of names") }
                views.formUnion(list.split(separator: ",").map(String.init))
            case "--metrics":
                guard let list = value() else { return usageError("--metrics needs name=value pairs") }
                for pair in list.split(separator: ",") {
                    let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    guard parts.count == 2, !parts[0].isEmpty, let number = Double(String(parts[1])),
                          number.isFinite
                    else { return usageError("invalid metric '\(pair)' (expected name=number)") }
                    metrics[String(parts[0])] = number
                }
            case "--options":
                guard let list = value() else { return usageError("--options needs option names") }
                do {
                    options.formUnion(try VFLFormatOptions(names: list))
                } catch {
                    return usageError("\(error) (known: \(VFLFormatOptions.names.joined(separator: ", ")))")
                }
            default:
                if argument.hasPrefix("--") || source != nil {
                    return usageError("unexpected argument '\(argument)'")
                }
                source = argument
            }
        }
        guard var format = source else { return usageError("vfl needs a FORMAT (or - for standard input)") }
        if format == "-" {
            guard let text = readInput("-") else {
                Output.error("cannot read <stdin>")
                return ExitCode.noInput
            }
            // The line break that ends the input is not part of a format.
            format = text.hasSuffix("\n") ? String(text.dropLast()) : text
        }
        do {
            let result = try VisualFormat.parseFormats(format, options: options, metrics: metrics,
                                                       views: views, extended: extended)
            if canonical {
                Output.write(VFLFormatter.visualFormat(result.formats) + "\n")
            } else {
                var out = ""
                for constraint in result.constraints { out += VFLFormatter.string(for: constraint) + "\n" }
                Output.write(out)
            }
            return ExitCode.success
        } catch {
            Output.write("error: " + error.rendering + "\n", to: .standardError)
            return ExitCode.dataError
        }
    }

    static func usageError(_ message: String) -> Int32 {
        Output.error(message)
        Output.usage()
        return ExitCode.usage
    }
}
