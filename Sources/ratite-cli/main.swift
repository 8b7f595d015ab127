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
if let help = Help.text(for: command), command != "help", Help.isRequested(rest) {
    Output.write(help)
    exit(ExitCode.success)
}
switch command {
case "solve": exit(SolveCommand.run(rest))
case "layout": exit(LayoutCommand.run(rest))
case "generate": exit(GenerateCommand.run(rest))
case "vfl": exit(VFLCommand.run(rest))
case "help", "--help", "-h":
    guard let topic = rest.first else {
        Output.write(Help.overview)
        exit(ExitCode.success)
    }
    guard rest.count == 1, let text = Help.text(for: topic) else {
        Output.error(rest.count == 1 ? "unknown command '\(topic)'" : "help takes one COMMAND")
        Output.usage()
        exit(ExitCode.usage)
    }
    Output.write(text)
    exit(ExitCode.success)
default:
    Output.error("unknown command '\(command)'")
    Output.usage()
    exit(ExitCode.usage)
}
