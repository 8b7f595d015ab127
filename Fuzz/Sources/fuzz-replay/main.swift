import FuzzTargets

#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard error (fd 2; the C `stderr` global is not concurrency-safe in Swift 6).
func warn(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// `fuzz-replay TARGET FILE|DIRECTORY...`: runs a harness on files without libFuzzer.
let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count >= 2 else {
    warn("usage: fuzz-replay \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE|DIRECTORY...\n")
    exit(64)
}

func replay(_ path: String) -> Int {
    var info = stat()
    guard stat(path, &info) == 0 else {
        warn("fuzz-replay: cannot read \(path)\n")
        exit(66)
    }
    if info.st_mode & S_IFMT == S_IFDIR {
        guard let dir = opendir(path) else { exit(66) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(dir)
        return names.sorted().reduce(0) { $0 + replay(path + "/" + $1) }
    }
    guard let file = fopen(path, "rb") else { exit(66) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        bytes.append(contentsOf: buffer[0..<n])
        if n < buffer.count { break }
    }
    fclose(file)
    bytes.withUnsafeBufferPointer { target.run($0) }
    return 1
}

var count = 0
for path in arguments.dropFirst() { count += replay(path) }
print("fuzz-replay \(name): \(count) inputs passed")
if FuzzReach.largestSystem > 0 { print("largest system checked: \(FuzzReach.largestSystem) constraints") }
