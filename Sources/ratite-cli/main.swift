import Ratite
#if canImport(Glibc)
import Glibc
#endif

/// `ratite`: a thin command-line tool over the Ratite library.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    Output.usage()
    exit(ExitCode.usage)
}
let rest = Array(arguments.dropFirst())
switch command {
case "solve": exit(SolveCommand.run(rest))
case "layout": exit(LayoutCommand.run(rest))
case "generate": exit(GenerateCommand.run(rest))
case "vfl": exit(VFLCommand.run(rest))
case "help", "--help", "-h":
    Output.usage(to: .standardOutput)
    exit(ExitCode.success)
default:
    Output.error("unknown command '\(command)'")
    Output.usage()
    exit(ExitCode.usage)
}
