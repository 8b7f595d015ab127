import Foundation
import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats

/// The SVG reads well: item names never overlap (a child at its parent's origin too), the
/// report text wraps inside the picture, and, rasterized by `rsvg-convert`, every item's
/// rectangle is where its frame says. The rasterizing tests are skipped, with the reason,
/// where `rsvg-convert` (Debian `librsvg2-bin`) or `python3` is missing.
@Suite struct LayoutSVGRenderTests {
    /// Views nested at their parents' origins, a guide, siblings side by side, and a
    /// conflict whose report is far longer than the picture is wide.
    static let nested = """
        view root size 300x220
        view panel in root
        view inner in panel
        view leaf in inner
        view side in root
        guide safe in panel insets 12
        panel.left == root.left + 20
        panel.top == root.top + 20
        panel.width == 160
        panel.height == 150
        inner.left == panel.left
        inner.top == panel.top
        inner.width == 110
        inner.height == 100
        leaf.left == inner.left
        leaf.top == inner.top
        leaf.width == 70
        leaf.height == 60
        side.left == panel.right + 30
        side.top == root.top + 40
        side.width == 50
        side.height == 90
        """

    static let conflicting = nested + """

        view theFirstViewWithAVeryLongNameIndeed in root
        view theSecondViewWithAVeryLongNameIndeed in root
        theFirstViewWithAVeryLongNameIndeed.left == root.left
        theFirstViewWithAVeryLongNameIndeed.top == root.top + 180
        theFirstViewWithAVeryLongNameIndeed.height == 10
        theSecondViewWithAVeryLongNameIndeed.left == root.left + 150
        theSecondViewWithAVeryLongNameIndeed.top == root.top + 180
        theSecondViewWithAVeryLongNameIndeed.height == 10
        theFirstViewWithAVeryLongNameIndeed.width == 100
        theSecondViewWithAVeryLongNameIndeed.width == theFirstViewWithAVeryLongNameIndeed.width * 1.000001 \
        + 12.345678901234
        theSecondViewWithAVeryLongNameIndeed.width == 150
        """

    static func engine(_ text: String) throws -> LayoutEngine {
        let engine = try LayoutFileBuilder.build(LayoutFileParser.parse(text))
        engine.layout()
        return engine
    }

    /// Each name's box (estimated at `characterWidth` per character, 10-pixel text) in the
    /// picture's coordinates.
    static func labelBoxes(_ panel: LayoutSVG.Panel)
        -> [(name: String, x0: Double, y0: Double, x1: Double, y1: Double)] {
        var origins: [Int: (Double, Double)] = [:]
        var result: [(String, Double, Double, Double, Double)] = []
        func visit(_ index: Int, _ origin: (Double, Double)) {
            let e = panel.entries[index]
            let x = origin.0 + e.label.x, y = origin.1 + e.label.y
            result.append((e.name, x, y - 10, x + Double(e.name.count) * LayoutSVG.characterWidth, y + 2))
            origins[index] = (origin.0 + e.frame.x, origin.1 + e.frame.y)
            for child in e.children { visit(child, origins[index]!) }
        }
        for root in panel.roots { visit(root, (0, 0)) }
        return result
    }

    @Test func namesNeverOverlap() throws {
        let engine = try Self.engine(Self.nested)
        let panel = LayoutSVG.panel(engine, conflicts: [], ambiguity: engine.ambiguityReport())
        let boxes = Self.labelBoxes(panel)
        #expect(boxes.count == engine.items.count)
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                let overlap = a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
                #expect(!overlap, "\(a.name) and \(b.name) overlap")
            }
        }
        // Each name still starts at its item's left edge, at or below its top.
        for item in engine.items {
            let box = try #require(boxes.first { $0.name == item.name })
            let f = engine.frameInRoot(of: item)
            #expect(box.x0 == f.x + 3 && box.y0 >= f.y + 1, "\(item.name)")
        }
    }

    @Test func legendLinesFitTheWidth() throws {
        let engine = try Self.engine(Self.conflicting)
        #expect(engine.conflictLog.count == 1)
        let svg = LayoutSVG.render(engine)
        let width = try #require(Self.attribute("width", in: svg).flatMap(Double.init))
        let lines = Self.legendLines(svg)
        #expect(lines.count >= 3, "the report should need several lines: \(lines)")
        for line in lines {
            #expect(10 + Double(line.count) * LayoutSVG.characterWidth <= width, "\(line)")
        }
        // Nothing is lost: the lines put back together are the report.
        let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(text.contains("theSecondViewWithAVeryLongNameIndeed.width == "
                              + "theFirstViewWithAVeryLongNameIndeed.width * 1.000001 + 12.345678901234"))
    }

    @Test func wrapBreaksAtBlanksAndCutsLongWords() {
        #expect(LayoutSVG.wrap("a bb ccc dddd", columns: 6) == ["a bb", "  ccc", "  dddd"])
        #expect(LayoutSVG.wrap("abcdefghij", columns: 4) == ["abcd", "  ef", "  gh", "  ij"])
        #expect(LayoutSVG.wrap("", columns: 4).isEmpty)
        #expect(LayoutSVG.wrap("  broken: a.width == 10", columns: 12) == ["  broken:", "    a.width", "    == 10"])
        for text in ["Conflict: a.width == 10; a.width == 20", String(repeating: "x", count: 100) + " y"] {
            for columns in [3, 5, 16, 40] {
                let lines = LayoutSVG.wrap(text, columns: columns)
                #expect(lines.allSatisfy { $0.count <= columns }, "\(columns): \(lines)")
                #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
            }
        }
    }

    /// Huge and tiny frames draw without trapping (a fuzz input: a 1e300-wide root made the
    /// legend's line length overflow an Int).
    @Test func extremeFramesDraw() throws {
        for size in ["1e300x1", "1x1e300", "0x0", "1e15x1e15"] {
            let engine = try Self.engine("view root size \(size)\nview a in root\na.width == 1\na.width == 2\n")
            let svg = LayoutSVG.render(engine)
            #expect(svg.hasSuffix("</svg>\n") && svg.contains("Conflict: "), "\(size)")
        }
    }

    // MARK: In a real renderer

    /// Every item's four edges are outline pixels where its frame puts them (within a
    /// pixel, as a one-pixel stroke straddles the edge), and four pixels outside the left
    /// and top edges are not, unless another item's edge is there.
    @Test(.enabled(if: RasterImage.isAvailable, "\(RasterImage.unavailableReason ?? "")"))
    func rectanglesAreWhereTheirFramesSay() throws {
        let example = LayoutSeedRecipeTests.examples.appendingPathComponent("label-field.layout")
        for text in [Self.nested, try String(contentsOf: example, encoding: .utf8)] {
            let engine = try Self.engine(text)
            let svg = LayoutSVG.render(engine)
            let image = try RasterImage(svg: svg)
            #expect(Double(image.width) == Self.attribute("width", in: svg).flatMap(Double.init))
            let frames = engine.items.map { engine.frameInRoot(of: $0) }
            func nearAnEdge(_ x: Double, _ y: Double) -> Bool {
                frames.contains { f in
                    let inY = y >= f.y - 3 && y <= f.y + f.height + 3, inX = x >= f.x - 3 && x <= f.x + f.width + 3
                    return (inY && (abs(x - f.x) <= 3 || abs(x - f.x - f.width) <= 3))
                        || (inX && (abs(y - f.y) <= 3 || abs(y - f.y - f.height) <= 3))
                }
            }
            for (item, f) in zip(engine.items, frames) {
                // Guides are dashed: look along a stretch of the edge for the dashes.
                let stretch = item.kind == .guide ? 8 : 0
                func outlined(_ x: Double, _ y: Double, alongX: Bool) -> Bool {
                    let px = Int((x + 10).rounded(.down)), py = Int((y + 10).rounded(.down))
                    for along in -stretch...stretch {
                        for across in -1...1 {
                            let (cx, cy) = alongX ? (px + along, py + across) : (px + across, py + along)
                            if image.isOutline(cx, cy) { return true }
                        }
                    }
                    return false
                }
                let midX = f.x + f.width / 2, midY = f.y + f.height / 2
                #expect(outlined(f.x, midY, alongX: false), "\(item.name): left edge at \(f.x)")
                #expect(outlined(f.x + f.width, midY, alongX: false), "\(item.name): right edge at \(f.x + f.width)")
                #expect(outlined(midX, f.y, alongX: true), "\(item.name): top edge at \(f.y)")
                #expect(outlined(midX, f.y + f.height, alongX: true), "\(item.name): bottom edge at \(f.y + f.height)")
                if !nearAnEdge(f.x - 4, midY) {
                    #expect(!image.isOutline(Int(f.x + 10 - 4), Int(midY + 10)),
                            "\(item.name): outline left of its frame")
                }
                if !nearAnEdge(midX, f.y - 4) {
                    #expect(!image.isOutline(Int(midX + 10), Int(f.y + 10 - 4)),
                            "\(item.name): outline above its frame")
                }
            }
        }
    }

    /// The legend's text, drawn, stays inside the picture: no dark pixel in the last
    /// columns of the legend's rows.
    @Test(.enabled(if: RasterImage.isAvailable, "\(RasterImage.unavailableReason ?? "")"))
    func reportTextStaysInsideThePicture() throws {
        let engine = try Self.engine(Self.conflicting)
        let svg = LayoutSVG.render(engine)
        let image = try RasterImage(svg: svg)
        let legendTop = Int(engine.frameInRoot(of: try #require(engine.item(named: "root"))).height) + 20
        var darkRows = 0
        for y in legendTop..<image.height {
            if (0..<image.width).contains(where: { image.isDark($0, y) }) { darkRows += 1 }
            for x in (image.width - 4)..<image.width {
                #expect(!image.isDark(x, y), "text reaches the right border at \(x), \(y)")
            }
        }
        #expect(darkRows >= 20, "the legend should be drawn on several lines")
    }

    /// Steps side by side: each panel's rectangles sit in their own column of the picture.
    @Test(.enabled(if: RasterImage.isAvailable, "\(RasterImage.unavailableReason ?? "")"))
    func stepPanelsAreSideBySide() throws {
        var panels: [LayoutSVG.Panel] = []
        var frames: [[Frame]] = []
        let file = try LayoutFileParser.parse(Self.nested + "\nstep\nresize root 260x200\n")
        _ = try LayoutFileBuilder.run(file) { engine, step in
            panels.append(LayoutSVG.panel(engine, title: "step \(step.index)", conflicts: step.conflicts,
                                          ambiguity: step.ambiguity))
            frames.append(engine.items.map { engine.frameInRoot(of: $0) })
        }
        let image = try RasterImage(svg: LayoutSVG.render(panels))
        // Panel 0 is 320 wide (300 + 2 × 10); panel 1 starts there; both under a title line.
        for (offset, root) in [(0.0, frames[0][0]), (320.0, frames[1][0])] {
            let top = 10 + 17.0
            #expect(image.isOutline(Int(offset + 10 + root.width / 2), Int(top + root.height)) ||
                    image.isOutline(Int(offset + 10 + root.width / 2), Int(top + root.height) - 1) ||
                    image.isOutline(Int(offset + 10 + root.width / 2), Int(top + root.height) + 1),
                    "root's bottom edge in the panel at \(offset)")
        }
    }

    static func attribute(_ name: String, in svg: String) -> String? {
        guard let start = svg.range(of: "<svg "),
              let attribute = svg[start.upperBound...].range(of: "\(name)=\"")
        else { return nil }
        let rest = svg[attribute.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// The legend's lines, unescaped.
    static func legendLines(_ svg: String) -> [String] {
        svg.split(separator: "\n")
            .filter { $0.hasPrefix("<text class=\"conflict\"") || $0.hasPrefix("<text class=\"ambiguous\"") }
            .compactMap { line -> String? in
                guard let open = line.firstIndex(of: ">"), let close = line.range(of: "</text>") else { return nil }
                return String(line[line.index(after: open)..<close.lowerBound])
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "&amp;", with: "&")
            }
    }
}
