import Ratite
import RatiteGenerate

/// `ratite generate FAMILY --n N [--seed S]`: prints a generated system in the `solve`
/// format (the `form` family as a layout file), so other solvers can be measured on exactly
/// the same input.
enum GenerateCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let families = SystemFamily.allCases.map(\.rawValue) + ["form"]
        guard let first = arguments.first, families.contains(first) else {
            Output.error("generate needs a family: " + families.joined(separator: ", "))
            Output.usage()
            return ExitCode.usage
        }
        var n: Int? = nil
        var seed: UInt64 = 1
        var i = 1
        while i < arguments.count {
            let option = arguments[i]
            guard i + 1 < arguments.count else {
                Output.error("\(option) needs a value")
                return ExitCode.usage
            }
            let value = arguments[i + 1]
            switch option {
            case "--n":
                guard let v = Int(value), v > 0, v <= 10_000_000 else {
                    Output.error("--n needs a whole number from 1 to 10000000, not '\(value)'")
                    return ExitCode.usage
                }
                n = v
            case "--seed":
                guard let v = UInt64(value) else {
                    Output.error("--seed needs a non-negative whole number, not '\(value)'")
                    return ExitCode.usage
                }
                seed = v
            default:
                Output.error("unexpected argument '\(option)'")
                Output.usage()
                return ExitCode.usage
            }
            i += 2
        }
        guard let n else {
            Output.error("generate needs --n N")
            return ExitCode.usage
        }
        if let family = SystemFamily(rawValue: first) {
            Output.write(family.generate(n: n, seed: seed).solveFileText())
        } else {
            Output.write(FormFamily.layoutFileText(n: n))
        }
        return ExitCode.success
    }
}
