import Foundation
import Ratite
import RatiteTestSupport
import Testing

/// `ratite help`, `ratite help COMMAND` and `ratite COMMAND --help`: options and, for
/// `layout` and `solve`, the file syntax, on standard output with status 0; unknown
/// commands and options stay usage errors (64).
@Suite struct HelpCommandTests {
    static let commands = ["solve", "layout", "vfl", "generate"]

    @Test func overviewListsEveryCommand() throws {
        for arguments in [["help"], ["--help"], ["-h"]] {
            let run = try LayoutCommandTests.ratite(arguments)
            #expect(run.status == 0 && run.stderr.isEmpty)
            for command in Self.commands + ["help"] { #expect(run.stdout.contains("\n  \(command) "), "\(command)") }
        }
    }

    @Test(arguments: commands)
    func everyFormPrintsTheSameCommandHelp(_ command: String) throws {
        let help = try LayoutCommandTests.ratite(["help", command])
        #expect(help.status == 0 && help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("usage: ratite \(command)"))
        #expect(help.stdout.contains("--help, -h"))
        for flag in ["--help", "-h"] {
            let run = try LayoutCommandTests.ratite([command, flag])
            #expect(run.status == 0 && run.stdout == help.stdout, "\(command) \(flag)")
        }
        // After other arguments too.
        #expect(try LayoutCommandTests.ratite([command, "whatever", "--help"]).stdout == help.stdout)
    }

    @Test func layoutAndSolveHelpSummarizeTheFileSyntax() throws {
        let layout = try LayoutCommandTests.ratite(["help", "layout"]).stdout
        for option in ["--svg", "--rtl", "--size", "--allow-conflicts", "--allow-ambiguity"] {
            #expect(layout.contains(option), "\(option)")
        }
        // The exit statuses, documented and distinct from the sysexits ones.
        for status in ["exit status", "  1   a required constraint had to be broken", "  2   the layout is ambiguous",
                       "  3   both", "64  usage error", "65 error in FILE"] {
            #expect(layout.contains(status), "\(status)")
        }
        for syntax in ["file syntax", "view NAME", "guide NAME", "metric NAME", "ITEM.ATTR REL", "H:|-[a]-[b]-|",
                       "baseline FIRST[,LAST]", "defaultHigh", "step [NAME]", "deactivate ID", "resize ROOT WxH",
                       "--platform"] {
            #expect(layout.contains(syntax), "\(syntax)")
        }
        let solve = try LayoutCommandTests.ratite(["help", "solve"]).stdout
        for syntax in ["--json", "--timing", "file syntax", "edit NAME", "suggest NAME VALUE", "fittingSizeLevel"] {
            #expect(solve.contains(syntax), "\(syntax)")
        }
        let vfl = try LayoutCommandTests.ratite(["vfl", "--help"]).stdout
        for option in ["--views", "--metrics", "--options", "--extended", "--canonical"] {
            #expect(vfl.contains(option))
        }
    }

    @Test func unknownCommandsAndOptionsExitWith64() throws {
        let cases: [([String], String)] = [
            (["help", "bogus"], "ratite: error: unknown command 'bogus'\n"),
            (["help", "layout", "solve"], "ratite: error: help takes one COMMAND\n"),
            (["bogus", "--help"], "ratite: error: unknown command 'bogus'\n"),
            (["layout", "x.layout", "--bogus"], "ratite: error: unexpected argument '--bogus'\n"),
            (["solve", "--bogus"], "ratite: error: unexpected argument '--bogus'\n"),
        ]
        for (arguments, first) in cases {
            let run = try LayoutCommandTests.ratite(arguments)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stdout.isEmpty && run.stderr.hasPrefix(first), "\(arguments): \(run.stderr)")
        }
    }
}
