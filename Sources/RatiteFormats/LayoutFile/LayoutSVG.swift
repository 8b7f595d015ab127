import RatiteModel
import RatiteSolver
import RatiteSupport

/// Draws a laid-out engine as SVG: one rectangle per item at its solved frame, nested as in
/// the hierarchy (each item's children sit in a group translated to the item's origin, so
/// every rectangle's x, y, width and height are exactly the item's `frame`). Items in a
/// conflict are outlined in red, ambiguous items dashed in orange, guides dashed in blue;
/// a legend lists the conflicts and ambiguities, wrapped to the picture's width.
///
/// Names never overlap: each item's name goes at its top-left corner, or as far below it as
/// it takes to clear the names placed before it (a child at its parent's origin gets its
/// name on the line under the parent's). Rectangles use `crispEdges`, so a renderer puts
/// each edge on one pixel row or column.
///
/// Several layouts (the steps of a layout file) can be drawn side by side, each panel with
/// its title, its own legend and the same structure as a single picture.
public enum LayoutSVG {
    /// One layout to draw: every item's frame, classes and name position, and the legend,
    /// captured when the panel is made (an engine's later changes do not affect it).
    public struct Panel: Sendable {
        struct Entry: Sendable {
            var name: String
            var classes: String
            /// In the parent's coordinates, as drawn.
            var frame: Frame
            /// The name's baseline start, in the parent's coordinates.
            var label: (x: Double, y: Double)
            var children: [Int]
        }

        /// A title drawn above the panel (a step's name), or nil.
        public var title: String?
        var entries: [Entry] = []
        var roots: [Int] = []
        var legend: [(kind: String, text: String)] = []
        /// The extent of the items in root coordinates.
        var contentWidth = 0.0, contentHeight = 0.0
    }

    /// The picture of `engine` as laid out last, with every conflict of its log.
    /// - Complexity: that of `LayoutEngine.ambiguityReport()` when `ambiguity` is nil, plus
    ///   `panel` and the text of the picture.
    public static func render(_ engine: LayoutEngine, ambiguity: AmbiguityReport? = nil) -> String {
        render([panel(engine, conflicts: engine.conflictLog, ambiguity: ambiguity ?? engine.ambiguityReport())])
    }

    /// A panel of `engine` as laid out last, highlighting `conflicts` and `ambiguity`.
    /// - Complexity: proportional to the items, the conflicts' constraints and the ambiguity
    ///   entries; placing a name looks only at the names near it, and moves it past each
    ///   name in its way at most once.
    public static func panel(
        _ engine: LayoutEngine, title: String? = nil, conflicts: [ConflictReport], ambiguity: AmbiguityReport
    ) -> Panel {
        var conflicted = Set<ObjectIdentifier>()
        for report in conflicts {
            for c in report.constraints {
                conflicted.insert(ObjectIdentifier(c.firstItem))
                if let s = c.secondItem { conflicted.insert(ObjectIdentifier(s)) }
            }
        }
        var ambiguous = Set<ObjectIdentifier>()
        for e in ambiguity.entries { ambiguous.insert(ObjectIdentifier(e.item)) }

        var panel = Panel(title: title)
        for report in conflicts {
            panel.legend.append(("conflict", "Conflict: " + report.constraints.map(\.equation).joined(separator: "; ")))
            if let broken = report.broken { panel.legend.append(("conflict", "  broken: " + broken.equation)) }
        }
        for e in ambiguity.entries {
            let low = e.minimum.isFinite ? formatNumber(e.minimum) : "-inf"
            let high = e.maximum.isFinite ? formatNumber(e.maximum) : "inf"
            panel.legend.append(("ambiguous", "Ambiguous: \(e.item.name).\(e.attribute.rawValue) in [\(low), \(high)]"))
        }

        // Entries in creation order (parents come before their children).
        var labels = LabelPlacer()
        for item in engine.items {
            var classes = [item.kind.rawValue]
            if ambiguous.contains(ObjectIdentifier(item)) { classes.append("ambiguous") }
            if conflicted.contains(ObjectIdentifier(item)) { classes.append("conflict") }
            let inRoot = engine.frameInRoot(of: item)
            panel.contentWidth = max(panel.contentWidth, inRoot.x + inRoot.width)
            panel.contentHeight = max(panel.contentHeight, inRoot.y + inRoot.height)
            let origin = item.parent.map { engine.frameInRoot(of: $0) } ?? Frame.zero
            let label = labels.place(item.name, x: inRoot.x + 3, y: inRoot.y + 11)
            panel.entries.append(Panel.Entry(
                name: item.name, classes: classes.joined(separator: " "), frame: item.frame,
                label: (label.x - origin.x, label.y - origin.y), children: []))
            if let p = item.parentIndex {
                panel.entries[p].children.append(item.index)
            } else {
                panel.roots.append(item.index)
            }
        }
        return panel
    }

    /// The panels side by side in one picture.
    /// - Complexity: O(length of the result).
    public static func render(_ panels: [Panel]) -> String {
        let pad = 10.0
        let titleHeight = panels.contains { $0.title != nil } ? lineHeight + 4 : 0
        var layouts: [(x: Double, width: Double, legend: [(String, String)])] = []
        var x = 0.0, height = 0.0
        for panel in panels {
            let width = max(panel.contentWidth + 2 * pad, 200)
            // Clamped before converting: frames can be far wider than any line of text.
            let columns = Int(min(max((width - 2 * pad) / characterWidth, 16), 10_000))
            var legend: [(String, String)] = []
            for (kind, text) in panel.legend {
                for line in wrap(text, columns: columns) { legend.append((kind, line)) }
            }
            let legendHeight = legend.isEmpty ? 0 : Double(legend.count) * lineHeight + 10
            layouts.append((x, width, legend))
            height = max(height, titleHeight + panel.contentHeight + 2 * pad + legendHeight)
            x += width
        }
        let width = max(x, 200)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
            viewBox="0 0 \(number(width)) \(number(height))">
            <style>
              rect { shape-rendering: crispEdges; }
              rect.view { fill: #4a90d9; fill-opacity: 0.12; stroke: #2a6099; stroke-width: 1; }
              rect.guide { fill: none; stroke: #3366cc; stroke-dasharray: 4 3; }
              rect.ambiguous { stroke: #e08000; stroke-width: 2; stroke-dasharray: 6 3; }
              rect.conflict { stroke: #d0021b; stroke-width: 2; }
              text { font: 10px sans-serif; fill: #222; }
              text.title { font-weight: bold; }
              text.conflict { fill: #d0021b; }
              text.ambiguous { fill: #b06000; }
            </style>

            """
        for (panel, layout) in zip(panels, layouts) {
            if let title = panel.title {
                out += "<text class=\"title\" x=\"\(number(layout.x + pad))\" y=\"\(number(pad + 10))\">"
                out += "\(escape(title))</text>\n"
            }
            out += "<g transform=\"translate(\(number(layout.x + pad)) \(number(pad + titleHeight)))\">\n"
            draw(panel, into: &out)
            out += "</g>\n"
            var y = titleHeight + panel.contentHeight + 2 * pad + 14
            for (kind, line) in layout.legend {
                out += "<text class=\"\(kind)\" x=\"\(number(layout.x + pad))\" y=\"\(number(y))\" "
                out += "xml:space=\"preserve\">\(escape(line))</text>\n"
                y += lineHeight
            }
        }
        out += "</svg>\n"
        return out
    }

    /// The groups of one panel: depth first with an explicit stack (a hierarchy can be
    /// deeper than the call stack), each item's closing tags queued under its children.
    /// Indentation stops growing past `maximumIndentedDepth`, or deep chains would cost
    /// quadratic space.
    private static func draw(_ panel: Panel, into out: inout String) {
        enum Step {
            case open(Int, depth: Int)
            case close(String)
        }
        var steps: [Step] = panel.roots.reversed().map { .open($0, depth: 0) }
        while let step = steps.popLast() {
            guard case .open(let index, let depth) = step else {
                if case .close(let text) = step { out += text }
                continue
            }
            let e = panel.entries[index]
            let indent = String(repeating: "  ", count: min(depth, maximumIndentedDepth) + 1)
            let f = e.frame
            out += "\(indent)<g data-item=\"\(escape(e.name))\">\n"
            out += "\(indent)  <rect class=\"\(e.classes)\" x=\"\(number(f.x))\" y=\"\(number(f.y))\" "
            out += "width=\"\(number(f.width))\" height=\"\(number(f.height))\">"
            out += "<title>\(escape(e.name)): \(f)</title></rect>\n"
            out += "\(indent)  <text x=\"\(number(e.label.x))\" y=\"\(number(e.label.y))\">\(escape(e.name))</text>\n"
            steps.append(.close("\(indent)</g>\n"))
            if !e.children.isEmpty {
                out += "\(indent)  <g transform=\"translate(\(number(f.x)) \(number(f.y)))\">\n"
                steps.append(.close("\(indent)  </g>\n"))
                for child in e.children.reversed() { steps.append(.open(child, depth: depth + 2)) }
            }
        }
    }

    /// `text` in lines of at most `columns` characters, broken at blanks where it can be
    /// (a longer word is cut); lines after the first are indented two blanks further than
    /// the first.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        // Leading blanks stay on the first line, and continuation lines go two further in.
        let lead = String(text.prefix { $0 == " " }.prefix(max(columns / 2 - 2, 0)))
        var line = ""
        let indent = lead + "  "
        var words = text.dropFirst(lead.count).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if !lead.isEmpty, !words.isEmpty { words[0] = lead + words[0] }
        for word in words {
            var word = word
            while true {
                let prefix = line.isEmpty ? (lines.isEmpty ? "" : indent) : line + " "
                if prefix.count + word.count <= columns {
                    line = prefix + word
                    break
                }
                if !line.isEmpty && line != indent {
                    lines.append(line)
                    line = ""
                    continue
                }
                // A word longer than a line: cut it.
                let room = max(columns - prefix.count, 1)
                lines.append(prefix + word.prefix(room))
                word = String(word.dropFirst(room))
                line = ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
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

    /// The width reserved per character of 10-pixel sans-serif text (wider than the average
    /// glyph, so that estimates err on the side of room).
    static let characterWidth = 6.5
    /// The distance between lines of text.
    static let lineHeight = 13.0
}

/// Places item names so that no two overlap: each is tried at its item's corner, then a
/// line lower at a time until its box meets no box placed before. Boxes are kept in a grid
/// of cells, so a placement looks only at its neighbourhood.
struct LabelPlacer {
    private struct Box { var x0, y0, x1, y1: Double }
    private var cells: [Cell: [Box]] = [:]
    private struct Cell: Hashable { var column: Int, row: Int }
    private static let cellWidth = 64.0, cellHeight = 16.0

    /// Where to put `name` with its baseline starting at or below (x, y).
    mutating func place(_ name: String, x: Double, y: Double) -> (x: Double, y: Double) {
        let width = Double(max(name.count, 1)) * LayoutSVG.characterWidth
        var y = y
        // Every step clears at least one box, so this ends after as many steps as boxes;
        // at magnitudes where adding a line no longer moves the name it stays put.
        while let blocker = overlapping(Box(x0: x, y0: y - 10, x1: x + width, y1: y + 2)) {
            let next = blocker.y1 + 10 + 1
            guard next > y else { break }
            y = next
        }
        let box = Box(x0: x, y0: y - 10, x1: x + width, y1: y + 2)
        for cell in Self.cells(of: box) { cells[cell, default: []].append(box) }
        return (x, y)
    }

    private func overlapping(_ box: Box) -> Box? {
        for cell in Self.cells(of: box) {
            for other in cells[cell] ?? [] where other.x0 < box.x1 && box.x0 < other.x1
                && other.y0 < box.y1 && box.y0 < other.y1 {
                return other
            }
        }
        return nil
    }

    private static func cells(of box: Box) -> [Cell] {
        guard box.x0.isFinite, box.y0.isFinite, box.x1.isFinite, box.y1.isFinite,
            abs(box.x0) < 1e12, abs(box.y0) < 1e12, abs(box.x1) < 1e12, abs(box.y1) < 1e12 else {
            return [Cell(column: 0, row: 0)]
        }
        let c0 = Int((box.x0 / cellWidth).rounded(.down)), c1 = Int((box.x1 / cellWidth).rounded(.down))
        let r0 = Int((box.y0 / cellHeight).rounded(.down)), r1 = Int((box.y1 / cellHeight).rounded(.down))
        var result: [Cell] = []
        for c in c0...c1 { for r in r0...r1 { result.append(Cell(column: c, row: r)) } }
        return result
    }
}

/// How deep (in indentation steps) the SVG output is indented; deeper items align there.
private let maximumIndentedDepth = 64
