/// Draws a laid-out engine as SVG: one rectangle per item at its solved frame, nested as in
/// the hierarchy (each item's children sit in a group translated to the item's origin, so
/// every rectangle's x, y, width and height are exactly the item's `frame`). Items in a
/// conflict are outlined in red, ambiguous items dashed in orange, guides dashed in blue;
/// a legend lists the conflicts and ambiguities.
public enum LayoutSVG {
    public static func render(_ engine: LayoutEngine, ambiguity: AmbiguityReport? = nil) -> String {
        let ambiguity = ambiguity ?? engine.ambiguityReport()
        var conflicted = Set<ObjectIdentifier>()
        for report in engine.conflictLog {
            for c in report.constraints {
                conflicted.insert(ObjectIdentifier(c.firstItem))
                if let s = c.secondItem { conflicted.insert(ObjectIdentifier(s)) }
            }
        }
        var ambiguous = Set<ObjectIdentifier>()
        for e in ambiguity.entries { ambiguous.insert(ObjectIdentifier(e.item)) }

        var legend: [(String, String)] = []
        for report in engine.conflictLog {
            legend.append(("conflict", "Conflict: " + report.constraints.map(\.equation).joined(separator: "; ")))
            if let broken = report.broken { legend.append(("conflict", "  broken: " + broken.equation)) }
        }
        for e in ambiguity.entries {
            let low = e.minimum.isFinite ? formatNumber(e.minimum) : "-inf"
            let high = e.maximum.isFinite ? formatNumber(e.maximum) : "inf"
            legend.append(("ambiguous", "Ambiguous: \(e.item.name).\(e.attribute.rawValue) in [\(low), \(high)]"))
        }

        let roots = engine.items.filter { $0.parent == nil }
        var width = 0.0, height = 0.0
        for item in engine.items {
            let f = engine.frameInRoot(of: item)
            width = max(width, f.x + f.width)
            height = max(height, f.y + f.height)
        }
        let pad = 10.0
        let legendHeight = Double(legend.count) * 16 + (legend.isEmpty ? 0 : 10)
        let canvasWidth = max(width + 2 * pad, 200)
        let canvasHeight = height + 2 * pad + legendHeight
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(canvasWidth))" height="\(number(canvasHeight))" viewBox="0 0 \(number(canvasWidth)) \(number(canvasHeight))">
            <style>
              rect.view { fill: #4a90d9; fill-opacity: 0.12; stroke: #2a6099; stroke-width: 1; }
              rect.guide { fill: none; stroke: #3366cc; stroke-dasharray: 4 3; }
              rect.ambiguous { stroke: #e08000; stroke-width: 2; stroke-dasharray: 6 3; }
              rect.conflict { stroke: #d0021b; stroke-width: 2; }
              text { font: 10px sans-serif; fill: #222; }
              text.conflict { fill: #d0021b; }
              text.ambiguous { fill: #b06000; }
            </style>
            <g transform="translate(\(number(pad)) \(number(pad)))">

            """
        // Depth first with an explicit stack (a hierarchy can be deeper than the call
        // stack), each item's closing tags queued under its children. Indentation stops
        // growing past `maximumIndentedDepth`, or deep chains would cost quadratic space.
        enum Step { case open(LayoutItem, depth: Int), close(String) }
        var steps: [Step] = roots.reversed().map { .open($0, depth: 0) }
        while let step = steps.popLast() {
            guard case .open(let item, let depth) = step else {
                if case .close(let text) = step { out += text }
                continue
            }
            let indent = String(repeating: "  ", count: min(depth, maximumIndentedDepth) + 1)
            var classes = [item.kind.rawValue]
            if ambiguous.contains(ObjectIdentifier(item)) { classes.append("ambiguous") }
            if conflicted.contains(ObjectIdentifier(item)) { classes.append("conflict") }
            let f = item.frame
            out += "\(indent)<g data-item=\"\(escape(item.name))\">\n"
            out += "\(indent)  <rect class=\"\(classes.joined(separator: " "))\" x=\"\(number(f.x))\" y=\"\(number(f.y))\" width=\"\(number(f.width))\" height=\"\(number(f.height))\"><title>\(escape(item.name)): \(f)</title></rect>\n"
            out += "\(indent)  <text x=\"\(number(f.x + 3))\" y=\"\(number(f.y + 11))\">\(escape(item.name))</text>\n"
            steps.append(.close("\(indent)</g>\n"))
            if !item.children.isEmpty {
                out += "\(indent)  <g transform=\"translate(\(number(f.x)) \(number(f.y)))\">\n"
                steps.append(.close("\(indent)  </g>\n"))
                for child in item.children.reversed() { steps.append(.open(child, depth: depth + 2)) }
            }
        }
        out += "</g>\n"
        var y = height + 2 * pad + 14
        for (kind, line) in legend {
            out += "<text class=\"\(kind)\" x=\"\(number(pad))\" y=\"\(number(y))\">\(escape(line))</text>\n"
            y += 16
        }
        out += "</svg>\n"
        return out
    }

    private static func number(_ value: Double) -> String { formatNumber(value) }

    /// Escapes text for XML content and attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}

/// How deep (in indentation steps) the SVG output is indented; deeper items align there.
private let maximumIndentedDepth = 64
