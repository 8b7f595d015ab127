import Ratite
import RatiteCheck

/// Random bytes as a layout file: the parser and builder never trap, errors carry a
/// line:column inside the input, and a built engine lays out with consistent invariants.
enum LayoutFileHarness {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: data, as: UTF8.self)
        let lineCount = text.utf8.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        do {
            let file = try LayoutFileParser.parse(text)
            guard file.statements.count <= 64 else { return }
            let engine = try LayoutFileBuilder.build(file)
            engine.layout()
            let problems = RatiteInvariants.violations(of: engine)
            require(problems.isEmpty, "engine invariants: \(problems.prefix(5))", input: data)
            if engine.items.count <= 8 {
                _ = engine.ambiguityReport().description
                _ = LayoutSVG.render(engine)
            }
        } catch {
            let location = error.location
            require(
                location.line >= 1 && location.line <= lineCount, "line \(location.line) of \(lineCount)", input: data)
            require(location.column >= 1, "column \(location.column)", input: data)
            require(
                location.offset >= 0 && location.offset <= text.utf8.count, "offset \(location.offset)", input: data)
            require(!error.message.isEmpty, "empty message", input: data)
        }
    }
}
