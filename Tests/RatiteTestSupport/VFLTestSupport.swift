import Ratite
import Testing

/// The constraints of `format`, one canonical line each.
package func vflLines(
    _ format: String, views: Set<String>, options: VFLFormatOptions = [],
    metrics: [String: Double] = [:], extended: Bool = false
) throws -> [String] {
    try VisualFormat.parse(format, options: options, metrics: metrics, views: views,
                           extended: extended).map(\.description)
}

/// The error `format` fails with, or nil when it parses.
package func vflError(
    _ format: String, views: Set<String>, options: VFLFormatOptions = [],
    metrics: [String: Double] = [:], extended: Bool = false
) -> VFLError? {
    do {
        _ = try VisualFormat.parse(format, options: options, metrics: metrics, views: views,
                                   extended: extended)
        return nil
    } catch {
        return error
    }
}

/// Checks the structure every diagnostic must have: an offset within the input, and a
/// rendering made of the message, the sanitized source line and a caret under the column.
package func checkRendering(
    _ error: VFLError, input: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let count = input.utf8.count
    #expect(error.offset >= 0 && error.offset <= count, "offset \(error.offset) outside 0...\(count)",
            sourceLocation: sourceLocation)
    let lines = error.rendering.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard error.hasCaret else {
        #expect(lines == [error.message], sourceLocation: sourceLocation)
        return
    }
    #expect(lines.count == 3, "rendering \(error.rendering.debugDescription)", sourceLocation: sourceLocation)
    guard lines.count == 3 else { return }
    let head = error.isExtended ? "\(error.location.line):\(error.location.column): " : ""
    #expect(lines[0] == head + error.message, sourceLocation: sourceLocation)
    #expect(lines[1].utf8.count == error.sourceLine.utf8.count, sourceLocation: sourceLocation)
    #expect(lines[2] == String(repeating: " ", count: error.location.column - 1) + "^",
            sourceLocation: sourceLocation)
    #expect(error.location.column >= 1 && error.location.column - 1 <= error.sourceLine.utf8.count,
            sourceLocation: sourceLocation)
    if error.isExtended {
        #expect(!error.sourceLine.utf8.contains(UInt8(ascii: "\n")), sourceLocation: sourceLocation)
    } else {
        #expect(error.location.line == 1 && error.location.column == error.offset + 1,
                sourceLocation: sourceLocation)
        #expect(error.sourceLine == input, sourceLocation: sourceLocation)
    }
}
