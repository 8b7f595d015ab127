import Ratite

/// Random bytes as a VFL format. The first byte picks strict or extended mode and the
/// options; names in the input become views or metrics by hash. Checks: never traps; an
/// error's offset lies within the input and its rendering has the caret under it; a
/// successful parse prints to canonical VFL that parses back to identical constraints;
/// parsing is deterministic.
enum VFLHarness {
    static let optionChoices: [VFLFormatOptions] = [
        [], .alignAllTop, .alignAllLeading, .alignAllCenterY, .alignAllLastBaseline, .alignAllFirstBaseline,
        .directionRightToLeft, .directionLeftToRight, .spacingBaselineToBaseline, .alignAllLeft,
        [.alignAllBottom, .directionRightToLeft], .alignAllCenterX, .alignAllRight, .alignAllTrailing,
        [.alignAllTop, .spacingBaselineToBaseline], [.alignAllLeading, .directionLeftToRight],
    ]

    /// Names in the input: even hashes are views, odd ones metrics worth -50...149.
    static func namespace(
        _ body: UnsafeBufferPointer<UInt8>.SubSequence
    ) -> (views: Set<String>, metrics: [String: Double]) {
        var views: Set<String> = ["superview_"]
        var metrics: [String: Double] = [:]
        var i = body.startIndex
        while i < body.endIndex {
            let c = body[i]
            guard isNameStart(c) else { i += 1; continue }
            var j = i
            while j < body.endIndex && (isNameStart(body[j]) || (body[j] >= 0x30 && body[j] <= 0x39)) { j += 1 }
            let name = String(decoding: body[i..<j], as: UTF8.self)
            let hash = fnv(body[i..<j])
            if hash & 1 == 0 { views.insert(name) } else { metrics[name] = Double(Int(hash % 200) - 50) }
            i = j
        }
        return (views, metrics)
    }

    static func isNameStart(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F }

    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        guard let first = data.first else { return }
        let extended = first & 1 == 1
        let options = optionChoices[Int(first >> 1) % optionChoices.count]
        let body = data[1...]
        let text = String(decoding: body, as: UTF8.self)
        let (views, metrics) = namespace(body)
        let parsed: VFLParseResult
        do {
            parsed = try VisualFormat.parseFormats(
                text, options: options, metrics: metrics, views: views, extended: extended)
        } catch {
            check(error, text: text, data: data, extended: extended)
            do {
                _ = try VisualFormat.parseFormats(
                    text, options: options, metrics: metrics, views: views, extended: extended)
                require(false, "a failing parse succeeded the second time", input: data)
            } catch {
                require(error == error, "", input: data)
            }
            return
        }
        do {
            let again = try VisualFormat.parseFormats(
                text, options: options, metrics: metrics, views: views, extended: extended)
            require(again.constraints == parsed.constraints, "parsing is not deterministic", input: data)
        } catch {
            require(false, "a successful parse failed the second time: \(error)", input: data)
        }
        for c in parsed.constraints {
            require(!VFLFormatter.string(for: c).isEmpty, "empty canonical constraint", input: data)
        }
        let canonical = VFLFormatter.visualFormat(parsed.formats)
        do {
            let reparsed = try VisualFormat.parse(canonical, options: options, views: views, extended: extended)
            require(
                reparsed == parsed.constraints,
                "canonical form \(canonical) parses to different constraints:\n\(reparsed)\nvs\n\(parsed.constraints)",
                input: data)
        } catch {
            require(false, "canonical form \(canonical) does not parse: \(error)", input: data)
        }
    }

    /// The diagnostic's offset lies within the input and the caret sits under it.
    static func check(_ error: VFLError, text: String, data: UnsafeBufferPointer<UInt8>, extended: Bool) {
        let length = text.utf8.count
        require(
            error.offset >= 0 && error.offset <= length, "offset \(error.offset) outside 0...\(length)", input: data)
        let lines = error.rendering.split(separator: "\n", omittingEmptySubsequences: false)
        guard error.hasCaret else {
            require(
                error.message == "It's an empty string." || lines.count >= 1, "no caret and no message", input: data)
            return
        }
        require(lines.count == 3, "rendering has \(lines.count) lines, not 3:\n\(error.rendering)", input: data)
        guard lines.count == 3 else { return }
        let caret = lines[2]
        let column = extended ? error.location.column - 1 : error.offset
        let expected = String(repeating: " ", count: column) + "^"
        require(caret.hasSuffix("^") && caret.allSatisfy { $0 == " " || $0 == "^" },
                "caret line is not spaces and '^': \(caret)", input: data)
        if !extended {
            require(String(caret) == expected, "caret at \(caret.count - 1), offset \(error.offset)", input: data)
        }
    }
}
