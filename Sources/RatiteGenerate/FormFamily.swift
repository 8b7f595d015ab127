import RatiteModel
import RatiteSolver
import RatiteSupport

/// The whole-engine benchmark family: `n` rows of a label and a text field, laid out with
/// VFL (`H:|-[label]-[field]-|` with baselines aligned, `V:[label(i-1)]-[label(i)]`), labels
/// with intrinsic sizes and hugging 251, fields 250. The root view's width is what a resize
/// changes.
public enum FormFamily {
    /// The label's intrinsic width in row `i`: varied so rows differ.
    static func labelWidth(_ i: Int) -> Double { Double(40 + (i * 37) % 61) }

    /// The height the root needs for `n` rows.
    public static func rootHeight(n: Int) -> Double { Double(20 + 38 * n + 20) }

    /// Builds the form into `engine` (which should be empty) and returns its root view.
    /// - Complexity: that of adding 2n views and activating about a dozen constraints per row
    ///   (from VFL and intrinsic sizes) in `engine`.
    @discardableResult
    public static func build(into engine: LayoutEngine, n: Int, width: Double = 320) throws -> LayoutItem {
        let root = try engine.addView("root")
        try engine.setSize(of: root, width: width, height: rootHeight(n: n))
        var previous: LayoutItem? = nil
        for i in 0..<max(n, 1) {
            let label = try engine.addView("label\(i)", in: root)
            let field = try engine.addView("field\(i)", in: root)
            try engine.setIntrinsicContentSize(IntrinsicSize(width: labelWidth(i), height: 21), of: label)
            try engine.setContentHuggingPriority(251, for: .horizontal, of: label)
            try engine.setBaselineOffsets(firstFromTop: 17, lastFromBottom: 4, of: label)
            try engine.setIntrinsicContentSize(IntrinsicSize(width: 100, height: 30), of: field)
            try engine.setBaselineOffsets(firstFromTop: 21, lastFromBottom: 9, of: field)
            let views = ["label": label, "field": field, "previous": previous ?? root]
            try engine.activate(engine.constraints(
                visualFormat: "H:|-[label]-[field]-|", options: .alignAllLastBaseline, views: views))
            try engine.activate(engine.constraints(
                visualFormat: previous == nil ? "V:|-[label]" : "V:[previous]-[label]", views: views))
            previous = label
        }
        return root
    }

    /// The form as a layout file for `ratite layout`.
    public static func layoutFileText(n: Int, width: Double = 320) -> String {
        var out = "# form family, \(n) rows\nview root size \(formatNumber(width))x\(formatNumber(rootHeight(n: n)))\n"
        for i in 0..<max(n, 1) {
            out += "view label\(i) in root intrinsic \(formatNumber(labelWidth(i)))x21 hugging 251 baseline 17\n"
            out += "view field\(i) in root intrinsic 100x30 baseline 21\n"
            out += "H:|-[label\(i)]-[field\(i)]-|  options=alignAllLastBaseline\n"
            out += i == 0 ? "V:|-[label0]\n" : "V:[label\(i - 1)]-[label\(i)]\n"
        }
        return out
    }
}

extension FormFamily {
    /// The form as the solver sees it, without the layout engine: per row the label's and
    /// the field's x, y, width and height, the constraints the engine derives from the VFL,
    /// the baselines and the intrinsic sizes (hugging `<=` and compression resistance `>=`
    /// at their priorities), and the root's width `W`, a strong edit. At `W` = 320 the
    /// answer is the frames `build(into:n:)` lays out (margins and spacing 8).
    /// - Complexity: O(n): 13 constraints a row.
    public static func system(n: Int) -> GeneratedSystem {
        var s = GeneratedSystem()
        let w = s.variable("W")
        var above: (y: Int32, height: Int32)? = nil
        func frame(_ prefix: String, _ i: Int) -> (x: Int32, y: Int32, w: Int32, h: Int32) {
            (s.variable("\(prefix)x\(i)"), s.variable("\(prefix)y\(i)"), s.variable("\(prefix)w\(i)"),
             s.variable("\(prefix)h\(i)"))
        }
        for i in 0..<max(n, 1) {
            let label = frame("l", i), field = frame("f", i)
            // H:|-[label]-[field]-|
            s.add([(label.x, 1)], .equal, [], 8)
            s.add([(field.x, 1)], .equal, [(label.x, 1), (label.w, 1)], 8)
            s.add([(w, 1)], .equal, [(field.x, 1), (field.w, 1)], 8)
            // alignAllLastBaseline: 4 above the label's bottom, 9 above the field's.
            s.add([(label.y, 1), (label.h, 1)], .equal, [(field.y, 1), (field.h, 1)], -5)
            // V:|-[label] or V:[previous]-[label]
            if let above {
                s.add([(label.y, 1)], .equal, [(above.y, 1), (above.height, 1)], 8)
            } else {
                s.add([(label.y, 1)], .equal, [], 8)
            }
            above = (label.y, label.h)
            // Intrinsic sizes: hugging 251 for the label's width, 250 elsewhere; compression
            // resistance 750.
            for (size, natural, hugging) in [
                (label.w, labelWidth(i), 251.0), (label.h, 21, 250), (field.w, 100, 250), (field.h, 30, 250),
            ] {
                s.add([(size, 1)], .lessThanOrEqual, [], natural, priority: hugging)
                s.add([(size, 1)], .greaterThanOrEqual, [], natural, priority: 750)
            }
        }
        s.edits = [(w, 750)]
        s.suggestions = [320]
        s.resizes = [(360, 280)]
        return s
    }
}
