import Ratite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exit statuses, following sysexits(3) for errors: those a file run ends with
/// (`FileExitStatus`), and those of the tool's own arguments and files.
enum ExitCode {
    static let success = FileExitStatus.success
    /// Bad command-line usage.
    static let usage: Int32 = 64
    static let dataError = FileExitStatus.dataError
    /// An input file could not be read.
    static let noInput: Int32 = 66
    /// An output file could not be written.
    static let cannotCreate: Int32 = 73
}

enum Stream { case standardOutput, standardError }

enum Output {
    static func write(_ text: String, to stream: Stream = .standardOutput) {
        let fd: Int32 = stream == .standardOutput ? 1 : 2
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    static func error(_ message: String) {
        write("ratite: error: \(message)\n", to: .standardError)
    }

    static func usage(to stream: Stream = .standardError) {
        write("""
            usage: ratite solve FILE|- [--json] [--timing]
                   ratite layout FILE|- [--svg OUT.svg] [--rtl] [--size WxH] [--platform ios|macos]
                                        [--allow-conflicts] [--allow-ambiguity]
                   ratite generate chain|grid|tree|random|form --n N [--seed S]
                   ratite vfl FORMAT|- [--views a,b,...] [--metrics name=value,...] [--options name,...] \
            [--extended] [--canonical]
                   ratite help [COMMAND]

            """, to: stream)
    }
}

/// The whole of a file, or standard input for "-".
func readInput(_ path: String) -> String? {
    let fd = path == "-" ? 0 : open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { if fd != 0 { close(fd) } }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 { return nil }
        if count == 0 { break }
        bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Monotonic time in seconds.
func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

func milliseconds(_ seconds: Double) -> String {
    let ms = seconds * 1000
    return ms < 10 ? String(Double(Int(ms * 1000)) / 1000) : String(Double(Int(ms * 10)) / 10)
}

/// Writes `text` to the file at `path`, replacing it.
func writeFile(_ path: String, _ text: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var text = text
    return text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}
