import Foundation
import Testing

/// The `ratite` executable of this build and the shipped examples, for the suites that run
/// the tool (the command-line tests, the file formats' parity with the C interface, the
/// layout scenarios).
package enum RatiteTool {
    package struct Run: CustomStringConvertible {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        package var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The `ratite` executable of this build: SwiftPM puts every product of a build in one
    /// folder, next to the test bundle.
    package static let executable: URL? = {
        var folders: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: exe).deletingLastPathComponent())
        }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for folder in folders {
            let file = folder.appendingPathComponent("ratite")
            if FileManager.default.isExecutableFile(atPath: file.path) { return file }
        }
        return nil
    }()

    package static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("examples")

    package static func example(_ name: String) -> String { examples.appendingPathComponent(name).path }

    package static func ratite(_ arguments: [String], input: String? = nil) throws -> Run {
        let process = Process()
        let binary = try #require(executable, "the ratite executable was not found next to the tests")
        process.executableURL = binary
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                   stderr: String(decoding: e, as: UTF8.self))
    }

    /// A scratch file that is removed when the test ends.
    package final class TempFile {
        package let url: URL
        package var path: String { url.path }
        package init(_ text: String? = nil, suffix: String = ".layout") throws {
            url = FileManager.default.temporaryDirectory
                .appendingPathComponent("ratite-layout-\(UUID().uuidString)\(suffix)")
            if let text { try text.write(to: url, atomically: true, encoding: .utf8) }
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }
}
