import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats

/// The layout file format: every statement form parsed into the right structure, every
/// property applied by the builder, and every error reported with its message at the right
/// LINE:COLUMN (one-based, in bytes).
@Suite struct LayoutFileTests {
    static func parseError(_ text: String) -> TextFileError? {
        do {
            _ = try LayoutFileParser.parse(text)
            return nil
        } catch {
            return error
        }
    }

    static func buildError(_ text: String) -> TextFileError? {
        do {
            _ = try LayoutFileBuilder.build(LayoutFileParser.parse(text))
            return nil
        } catch {
            return error
        }
    }

    static func build(_ text: String, overrides: LayoutFileBuilder.Overrides = .init()) throws -> LayoutEngine {
        let engine = try LayoutFileBuilder.build(LayoutFileParser.parse(text), overrides: overrides)
        layoutSolve(engine)
        return engine
    }

    // MARK: Statement forms

    static let everyForm = """
        # A comment line, then a blank one.

        view root size 320x480 margins 1,2,3,4 direction rtl   # a trailing comment
        guide top in root insets 10
          guide safe in root insets 1,2,3,4
        view label in root intrinsic 42x21 hugging 251 compression 700,760 baseline 17
        view field in root intrinsic -x30 hugging 250,260 baseline 12,24 margins 5 direction ltr
        view box in root frame 1,2,3.5,4 autoresizing flexibleWidth,flexibleBottomMargin
        view fixed in root frame 0,0,10,10 autoresizing none
        view plain in root intrinsic 42x-
        metric gap = -8.5
        label.leading == root.leadingMargin
        field.leading >= label.trailing * 2 + 8 @750 id=spacing
        field.width <= 100 @strong
        field.height == 1.5e1
        field.top == top.bottom - 4 @ 300
        label.baseline == field.lastBaseline id=align
        plain.width == -2
        H:|-[label]-gap-[field]-|
        V:|-[box]  options=alignAllLeft,alignAllRight
        |[fixed]|
        [plain(==fixed)]
        """

    @Test func everyStatementForm() throws {
        let file = try LayoutFileParser.parse(Self.everyForm)
        var items: [LayoutFile.Item] = [], constraints: [LayoutFile.Constraint] = [], formats: [LayoutFile.Format] = []
        var metrics: [(String, Double, TextLocation)] = []
        for s in file.statements {
            switch s {
            case .item(let i): items.append(i)
            case .constraint(let c): constraints.append(c)
            case .format(let f): formats.append(f)
            case .metric(let name, let value, let location): metrics.append((name, value, location))
            case .platform, .step, .change: break
            }
        }
        #expect(items.map(\.name) == ["root", "top", "safe", "label", "field", "box", "fixed", "plain"])
        #expect(constraints.count == 7 && formats.count == 4 && metrics.count == 1)
        #expect(file.statements.count == 20)

        let root = items[0]
        #expect(root.kind == .view && root.parent == nil)
        #expect(root.size?.width == 320 && root.size?.height == 480)
        #expect(root.margins == DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(root.direction == .rightToLeft)
        #expect(root.location.line == 3 && root.location.column == 1)
        #expect(items[1].kind == .guide && items[1].parent == "root" && items[1].insets == DirectionalInsets(all: 10))
        #expect(items[1].parentLocation?.line == 4 && items[1].parentLocation?.column == 14)
        #expect(items[2].insets == DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(items[2].location.line == 5 && items[2].location.column == 3)
        let label = items[3]
        #expect(label.intrinsic == IntrinsicSize(width: 42, height: 21))
        #expect(label.hugging.horizontal == 251 && label.hugging.vertical == nil)
        #expect(label.compression.horizontal == 700 && label.compression.vertical == 760)
        #expect(label.baselines?.first == 17 && label.baselines?.last == nil)
        let field = items[4]
        #expect(field.intrinsic == IntrinsicSize(width: nil, height: 30))
        #expect(field.hugging.horizontal == 250 && field.hugging.vertical == 260)
        #expect(field.baselines?.first == 12 && field.baselines?.last == 24)
        #expect(field.margins == DirectionalInsets(all: 5) && field.direction == .leftToRight)
        #expect(items[5].frame == Frame(x: 1, y: 2, width: 3.5, height: 4))
        #expect(items[5].autoresizing == [.flexibleWidth, .flexibleBottomMargin])
        #expect(items[6].autoresizing == [] && items[6].frame == Frame(x: 0, y: 0, width: 10, height: 10))
        #expect(items[7].intrinsic == IntrinsicSize(width: 42, height: nil))

        #expect(metrics[0].0 == "gap" && metrics[0].1 == -8.5 && metrics[0].2.line == 11)

        let c = constraints
        #expect(c[0].firstItem == "label" && c[0].firstAttribute == .leading && c[0].relation == .equal)
        #expect(c[0].secondItem == "root" && c[0].secondAttribute == .leadingMargin)
        #expect(c[0].multiplier == 1 && c[0].constant == 0 && c[0].priority == .required && c[0].identifier == nil)
        #expect(c[1].relation == .greaterThanOrEqual && c[1].secondAttribute == .trailing)
        #expect(c[1].multiplier == 2 && c[1].constant == 8 && c[1].priority == 750 && c[1].identifier == "spacing")
        #expect(c[1].secondItemLocation?.column == 18 && c[1].firstItemLocation.column == 1 && c[1].location.line == 13)
        #expect(c[2].relation == .lessThanOrEqual && c[2].secondItem == nil && c[2].secondAttribute == .notAnAttribute)
        #expect(c[2].constant == 100 && c[2].priority == .strong)
        #expect(c[3].constant == 15 && c[3].priority == .required)
        #expect(c[4].constant == -4 && c[4].priority == 300 && c[4].secondAttribute == .bottom)
        #expect(c[5].firstAttribute == .lastBaseline && c[5].secondAttribute == .lastBaseline
                && c[5].identifier == "align")
        #expect(c[6].constant == -2 && c[6].secondItem == nil)
        #expect(c[1].text == "field.leading >= label.trailing * 2 + 8 @750 id=spacing")

        #expect(formats[0].format == "H:|-[label]-gap-[field]-|" && formats[0].options.isEmpty)
        #expect(formats[1].format == "V:|-[box]" && formats[1].options == ["alignAllLeft", "alignAllRight"])
        #expect(formats[2].format == "|[fixed]|" && formats[3].format == "[plain(==fixed)]")
        #expect(formats[3].location.line == 22 && formats[3].location.column == 1)
    }

    /// The builder applies every property.
    @Test func builderAppliesEveryProperty() throws {
        let engine = try LayoutFileBuilder.build(LayoutFileParser.parse("""
            view root size 320x480 margins 1,2,3,4 direction rtl
            guide top in root insets 10
            guide safe in root insets 1,2,3,4
            view label in root intrinsic 42x21 hugging 251 compression 700,760 baseline 17
            view field in root intrinsic -x30 hugging 250,260 baseline 12,24 margins 5 direction ltr
            view box in root frame 1,2,3.5,4 autoresizing flexibleWidth,flexibleBottomMargin
            view fixed in root frame 0,0,10,10 autoresizing none
            """))
        let item = { (name: String) throws -> LayoutItem in try #require(engine.item(named: name)) }
        let root = try item("root"), label = try item("label"), field = try item("field")
        let box = try item("box"), fixed = try item("fixed")
        #expect(root.layoutMargins == DirectionalInsets(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(root.semanticDirection == .rightToLeft && label.effectiveLayoutDirection == .rightToLeft)
        #expect(field.semanticDirection == .leftToRight && field.layoutMargins == DirectionalInsets(all: 5))
        #expect(label.intrinsicContentSize == IntrinsicSize(width: 42, height: 21))
        #expect(label.contentHuggingPriority(for: .horizontal) == 251
                && label.contentHuggingPriority(for: .vertical) == 250)
        #expect(label.compressionResistancePriority(for: .horizontal) == 700
                && label.compressionResistancePriority(for: .vertical) == 760)
        #expect(label.firstBaselineOffsetFromTop == 17 && label.lastBaselineOffsetFromBottom == 4)
        #expect(field.intrinsicContentSize == IntrinsicSize(width: nil, height: 30))
        #expect(field.contentHuggingPriority(for: .vertical) == 260)
        #expect(field.firstBaselineOffsetFromTop == 12 && field.lastBaselineOffsetFromBottom == 24)
        #expect(box.translatesAutoresizingMaskIntoConstraints
                && box.autoresizingMask == [.flexibleWidth, .flexibleBottomMargin])
        #expect(fixed.translatesAutoresizingMaskIntoConstraints && fixed.autoresizingMask == [])
        layoutSolve(engine)
        // Guides pinned with directional insets under right-to-left: leading on the right.
        layoutExpectFrame(try item("top"), 10, 10, 300, 460)
        layoutExpectFrame(try item("safe"), 4, 1, 314, 476)
        layoutExpectFrame(box, 1, 2, 3.5, 4)
        // A built-in constraint read from the file is shown as written.
        let constraints = try LayoutFileBuilder.build(LayoutFileParser.parse("""
            view root size 100x100
            view a in root
            a.width >= root.width * 0.5 - 4 @300 id=half
            """)).activeConstraints.filter { $0.kind == .user }
        #expect(constraints.map(\.description) == ["'half' a.width >= root.width * 0.5 - 4 @300"])
    }

    /// Metrics feed VFL lines that come after them; options are applied.
    @Test func metricsAndFormatsBuild() throws {
        let engine = try Self.build("""
            view root size 320x480
            view a in root
            view b in root
            metric gap = 30
            metric side = 12
            H:|-side-[a(==50)]-gap-[b(==60)]  options=alignAllTop
            V:|-side-[a(==40)]
            b.height == a.height
            """)
        layoutExpectFrame(try #require(engine.item(named: "a")), 12, 12, 50, 40)
        layoutExpectFrame(try #require(engine.item(named: "b")), 92, 12, 60, 40)
        #expect(engine.ambiguityReport().isEmpty)
    }

    /// Windows line endings and tabs are blanks.
    @Test func carriageReturnsAndTabs() throws {
        let engine = try Self.build(
            "view root size 10x20\r\nview a in root\r\n\ta.left == root.left + 1\t# pin\r\n"
                + "a.top == root.top\r\na.width == 2\r\na.height == 3\r\n")
        layoutExpectFrame(try #require(engine.item(named: "a")), 1, 0, 2, 3)
        let error = try #require(Self.parseError("view root\r\nview a in root\r\na.width == -x\r\n"))
        #expect(error.location.line == 3 && error.location.column == 13
                && error.message == "unknown metric 'x' (metrics must be declared before they are used)")
    }

    /// A declared property is either applied or refused: `size` on a subview.
    @Test func sizeOnASubviewIsNotSilentlyIgnored() throws {
        let text = """
            view root size 320x480
            view a in root size 10x20
            a.left == root.left
            a.top == root.top
            """
        if let error = Self.buildError(text) ?? Self.parseError(text) {
            #expect(error.location.line == 2)
        } else {
            let engine = try Self.build(text)
            let a = try #require(engine.item(named: "a"))
            #expect(a.frame == Frame(x: 0, y: 0, width: 10, height: 20),
                    "size 10x20 on a subview was dropped without an error")
        }
    }

    // MARK: Parse errors

    struct ErrorCase: Sendable, CustomStringConvertible {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var description: String { text.debugDescription }
    }

    static let attributeList = Attribute.allCases.filter { $0 != .notAnAttribute }.map(\.rawValue)
        .joined(separator: ", ")
    static let flags = "flexibleLeftMargin, flexibleWidth, flexibleRightMargin, "
        + "flexibleTopMargin, flexibleHeight, flexibleBottomMargin"
    static let propertyList = "in, size, intrinsic, hugging, compression, baseline, margins, direction, frame, "
        + "autoresizing or insets"

    static let parseErrors: [ErrorCase] = [
        // metric
        .init(text: "metric = 5", line: 1, column: 8, message: "expected a metric name"),
        .init(text: "metric gap 5", line: 1, column: 12, message: "expected '=' after the metric name"),
        .init(text: "metric gap = x", line: 1, column: 14, message: "expected a number but found 'x'"),
        .init(text: "metric gap =", line: 1, column: 13, message: "expected a number"),
        .init(text: "metric gap = 5 6", line: 1, column: 16, message: "unexpected '6' after the statement"),
        .init(text: "metric gap = 1e", line: 1, column: 16, message: "expected digits in the exponent"),
        .init(text: "metric gap = 1e+", line: 1, column: 17, message: "expected digits in the exponent"),
        .init(text: "metric gap = 1e999", line: 1, column: 14, message: "number out of range: 1e999"),
        .init(text: "metric gap = -", line: 1, column: 14, message: "expected a number"),
        // items
        .init(text: "view", line: 1, column: 5, message: "expected an item name"),
        .init(text: "view 9a", line: 1, column: 6, message: "expected an item name"),
        .init(text: "  view a in", line: 1, column: 12, message: "expected the name of the parent item"),
        .init(text: "view a 5", line: 1, column: 8, message: "expected a property name but found '5'"),
        .init(text: "view a \u{1}", line: 1, column: 8, message: "expected a property name but found '\\x1'"),
        .init(text: "view a color red", line: 1, column: 8,
              message: "unknown property 'color'; expected \(propertyList)"),
        .init(text: "view a size 320", line: 1, column: 16,
              message: "expected 'x' between width and height (like 320x480)"),
        .init(text: "view a size 320x", line: 1, column: 17, message: "expected a number"),
        .init(text: "view a size -3x4", line: 1, column: 13, message: "expected a number but found '-'"),
        .init(text: "view a size -x4", line: 1, column: 13, message: "expected a number but found '-'"),
        .init(text: "view a intrinsic 4*5", line: 1, column: 19,
              message: "expected 'x' between width and height (like 320x480)"),
        .init(text: "view a hugging 251,250,1", line: 1, column: 16,
              message: "'hugging' takes 1 or 2 comma-separated priorities, not 3"),
        .init(text: "view a hugging 0", line: 1, column: 16,
              message: "invalid priority 0: priorities must be greater than 0 and at most 1000"),
        .init(text: "view a compression 750,1001", line: 1, column: 24,
              message: "invalid priority 1001: priorities must be greater than 0 and at most 1000"),
        .init(text: "view a hugging", line: 1, column: 15, message: "expected a number"),
        .init(text: "view a baseline 1,2,3", line: 1, column: 17,
              message: "'baseline' takes 1 or 2 comma-separated numbers, not 3"),
        .init(text: "view a margins 1,2", line: 1, column: 16,
              message: "'margins' takes 1 or 4 comma-separated numbers, not 2"),
        .init(text: "view a insets 4", line: 1, column: 8, message: "only guides have insets; views have margins"),
        .init(text: "guide g in a insets 1,2,3", line: 1, column: 21,
              message: "'insets' takes 1 or 4 comma-separated numbers, not 3"),
        .init(text: "view a direction up", line: 1, column: 18, message: "expected 'ltr' or 'rtl'"),
        .init(text: "view a direction", line: 1, column: 17, message: "expected 'ltr' or 'rtl'"),
        .init(text: "view a frame 1,2,3", line: 1, column: 14,
              message: "'frame' takes 4 comma-separated numbers, not 3"),
        .init(text: "view a frame 1,2,-3,4", line: 1, column: 14,
              message: "a frame's width and height cannot be negative"),
        .init(text: "view a frame 0,0,1,1 autoresizing flexibleWidth,bogus", line: 1, column: 49,
              message: "unknown autoresizing flag 'bogus'; expected \(flags) or none"),
        .init(text: "view a frame 0,0,1,1 autoresizing flexiblewidth", line: 1, column: 35,
              message: "unknown autoresizing flag 'flexiblewidth'; expected \(flags) or none"),
        .init(text: "view a autoresizing", line: 1, column: 20, message: "expected autoresizing flags or 'none'"),
        .init(text: "view a autoresizing none", line: 1, column: 6, message: "'autoresizing' needs a 'frame'"),
        .init(text: "guide g", line: 1, column: 7, message: "a guide needs an owner: 'guide g in VIEW'"),
        .init(text: "guide g in root size 1x1", line: 1, column: 7,
              message: "a guide has no intrinsic size, frame or size; constrain it or give it insets"),
        .init(text: "guide g in root intrinsic 1x1", line: 1, column: 7,
              message: "a guide has no intrinsic size, frame or size; constrain it or give it insets"),
        // constraints
        .init(text: "== 5", line: 1, column: 1, message: "expected an item name but found '='"),
        .init(text: "5.width == 3", line: 1, column: 1, message: "expected an item name but found '5'"),
        .init(text: "a width == 10", line: 1, column: 2, message: "expected '.' and an attribute after 'a'"),
        .init(text: "a.bogus == 1", line: 1, column: 3, message: "unknown attribute; expected one of \(attributeList)"),
        .init(text: "a.notAnAttribute == 1", line: 1, column: 3,
              message: "unknown attribute; expected one of \(attributeList)"),
        .init(text: "a.width = 10", line: 1, column: 9, message: "expected '==', '<=' or '>='"),
        .init(text: "a.width =< 10", line: 1, column: 9, message: "expected '==', '<=' or '>='"),
        .init(text: "a.width ==", line: 1, column: 11, message: "expected a number"),
        .init(text: "a.width == b.", line: 1, column: 14,
              message: "unknown attribute; expected one of \(attributeList)"),
        .init(text: "a.width == b.width *", line: 1, column: 21, message: "expected a number"),
        .init(text: "a.width == b.width + x", line: 1, column: 22,
              message: "unknown metric 'x' (metrics must be declared before they are used)"),
        .init(text: "a.width == b.width + -3", line: 1, column: 22, message: "expected a number but found '-'"),
        .init(text: "a.width == 2 * ", line: 1, column: 15, message: "expected a number"),
        .init(text: "a.width == 2 * b.width * 3", line: 1, column: 24,
              message: "the multiplier is already given before the item"),
        .init(text: "a.width == b.width / 0", line: 1, column: 22, message: "division by zero"),
        .init(text: "metric m = 1\na.width == b.width @m2", line: 2, column: 21,
              message: "unknown priority 'm2': use a number in (0, 1000] or one of \(Priority.nameList)"),
        .init(text: "metric m = 0\na.width == b.width @m", line: 2, column: 21,
              message: "invalid priority 0: priorities must be greater than 0 and at most 1000"),
        .init(text: "a.width == m * b.width", line: 1, column: 12,
              message: "unknown metric 'm' (metrics must be declared before they are used)"),
        .init(text: "a.width == 10 10", line: 1, column: 15, message: "expected '@PRIORITY' or 'id=NAME' here"),
        .init(text: "a.width == 10 @high", line: 1, column: 16,
              message: "unknown priority 'high': use a number in (0, 1000] or one of \(Priority.nameList)"),
        .init(text: "a.width == 10 @0", line: 1, column: 16,
              message: "invalid priority 0: priorities must be greater than 0 and at most 1000"),
        .init(text: "a.width == 10 @ 1000.5", line: 1, column: 17,
              message: "invalid priority 1000.5: priorities must be greater than 0 and at most 1000"),
        .init(text: "a.width == 10 @", line: 1, column: 16, message: "expected a number"),
        .init(text: "a.width == 10 id=", line: 1, column: 15, message: "expected '@PRIORITY' or 'id=NAME' here"),
        .init(text: "a.width == 10 @750 id=x y", line: 1, column: 25, message: "unexpected 'y' after the statement"),
        // formats
        .init(text: "H:|-[a]-| bogus", line: 1, column: 11, message: "expected 'options=NAME,...' after the format"),
        // line numbers count every line, comments and blank lines included
        .init(text: "# comment\n\nview root\n\tview\t", line: 4, column: 6, message: "expected an item name"),
        .init(text: "view root # fine\nview a in root size 1x1\n   a.left ==  # no constant", line: 3, column: 13,
              message: "expected a number"),
    ]

    @Test(arguments: parseErrors)
    func parseErrorsAreLocated(_ c: ErrorCase) throws {
        let error = try #require(Self.parseError(c.text))
        #expect(error.message == c.message)
        #expect(error.location.line == c.line && error.location.column == c.column,
                "reported at \(error.location), expected \(c.line):\(c.column)")
        #expect(error.rendered(file: "f.layout") == "f.layout:\(c.line):\(c.column): error: \(c.message)\n")
    }

    // MARK: Build errors

    static let buildErrors: [ErrorCase] = [
        .init(text: "view root\nview a in nothing", line: 2, column: 11,
              message: "unknown item 'nothing' (items must be declared before they are used)"),
        .init(text: "view a in root\nview root", line: 1, column: 11,
              message: "unknown item 'root' (items must be declared before they are used)"),
        .init(text: "view root\n  view root", line: 2, column: 3, message: "an item named 'root' already exists"),
        .init(text: "view root\nguide g in root\nview x in g", line: 3, column: 1,
              message: "'g' is a layout guide and cannot have subviews"),
        .init(text: "view root\nguide g in root\nguide h in g", line: 3, column: 1,
              message: "'g' is a layout guide and cannot own guides"),
        .init(text: "view root\nx.width == 10", line: 2, column: 1, message: "unknown item 'x'"),
        .init(text: "view root\nroot.width == y.width", line: 2, column: 15, message: "unknown item 'y'"),
        .init(text: "view root\nview a in root\n  a.leading == root.top + 4", line: 3, column: 3,
              message: "constraint a.leading == root.top + 4 relates a horizontal attribute to a vertical one"),
        .init(text: "view root\nview a in root\na.left == 5", line: 3, column: 1,
              message: "constraint a.left == 5: a multiplier of 0 or a nil second item together with a location "
                  + "for the first attribute creates an illegal constraint of a location equal to a constant. "
                  + "Location attributes must be specified in pairs."),
        .init(text: "view root\nview a in root\na.leading == root.left", line: 3, column: 1,
              message: "constraint a.leading == root.left relates leading/trailing to left/right"),
        .init(text: "view root\nview a in root\na.width == root.left", line: 3, column: 1,
              message: "constraint a.width == root.left relates a size to a position"),
        .init(text: "view root\nview other\nview a in root\na.width == other.width", line: 4, column: 1,
              message: "the items of a.width == other.width have no common ancestor"),
        .init(text: "view root\nview a in root baseline 12", line: 2, column: 1,
              message: "one baseline value is a single line of text and needs an intrinsic height; "
                  + "give 'baseline FIRST,LAST' otherwise"),
        .init(text: "view root\nview a in root\na.centerX == root.centerX * 0 + 5", line: 3, column: 1,
              message: "constraint a.centerX == root.centerX * 0 + 5: a multiplier of 0 or a nil second item "
                  + "together with a location for the first attribute creates an illegal constraint of a location "
                  + "equal to a constant. Location attributes must be specified in pairs."),
        .init(text: "view root\nview a in root\nH:|-[a]-| options=bogus", line: 3, column: 1,
              message: "unknown format option 'bogus'"),
    ]

    @Test(arguments: buildErrors)
    func buildErrorsAreLocated(_ c: ErrorCase) throws {
        #expect(Self.parseError(c.text) == nil)
        let error = try #require(Self.buildError(c.text))
        #expect(error.message == c.message)
        #expect(error.location.line == c.line && error.location.column == c.column,
                "reported at \(error.location), expected \(c.line):\(c.column)")
    }

    /// A VFL error points into the format line: the format's column plus the VFL parser's
    /// offset, with the VFL parser's message.
    @Test(arguments: ["H:|-[a]-[zz]-|", "  H:|-[a(>=)]-|", "V:|-[a]-(", "\tH:[a]-(==x)-|"])
    func vflErrorsPointIntoTheLine(_ format: String) throws {
        let text = "view root size 100x100\nview a in root\n\(format)\n"
        let fileError = try #require(Self.buildError(text))
        let trimmed = String(format.drop { $0 == " " || $0 == "\t" })
        let indent = format.utf8.count - trimmed.utf8.count
        let vfl: VFLError
        do {
            _ = try VisualFormat.parse(trimmed, views: ["root", "a"])
            Issue.record("the VFL parser accepts \(trimmed)")
            return
        } catch {
            vfl = error
        }
        #expect(fileError.message == vfl.message)
        #expect(fileError.location.line == 3)
        #expect(fileError.location.column == indent + 1 + vfl.offset,
                "VFL offset \(vfl.offset), reported \(fileError.location)")
    }

    /// Conflicts do not stop a build: the engine recovers and logs the report.
    @Test func conflictsDoNotStopTheBuild() throws {
        let engine = try Self.build("""
            view root size 320x480
            view a in root
            a.left == root.left + 10 id=pinLeft
            a.width == 100
            a.right == root.right
            a.top == root.top
            a.height == 10
            """)
        #expect(engine.conflictLog.count == 1)
        #expect(engine.conflictLog.first?.broken?.identifier == nil)
        #expect(engine.conflictLog.first?.constraints.compactMap(\.identifier) == ["pinLeft"])
        layoutExpectFrame(try #require(engine.item(named: "a")), 10, 0, 100, 10)
    }

    /// The overrides: right-to-left for roots without a direction of their own, and a size
    /// for every root after the build (autoresizing frames keep referring to the file's size).
    @Test func overrides() throws {
        let text = """
            view root size 320x480
            view other size 100x100 direction ltr
            view a in root frame 10,10,100,100 autoresizing flexibleLeftMargin
            view b in other
            b.leading == other.leading + 5
            b.top == other.top
            b.width == 10
            b.height == 10
            """
        let engine = try Self.build(text, overrides: .init(size: (480, 320), rightToLeft: true))
        let root = try #require(engine.item(named: "root")), other = try #require(engine.item(named: "other"))
        #expect(root.semanticDirection == .rightToLeft && other.semanticDirection == .leftToRight)
        layoutExpectFrame(root, 0, 0, 480, 320)
        layoutExpectFrame(other, 0, 0, 480, 320)
        layoutExpectFrame(try #require(engine.item(named: "a")), 170, 10, 100, 100)
        layoutExpectFrame(try #require(engine.item(named: "b")), 5, 0, 10, 10)
    }
}

/// Layout-file constraints written as in VFL: the multiplier before the item, and metrics
/// for constants, multipliers and priorities.
@Suite struct LayoutFileExpressionTests {
    static func constraints(_ text: String) throws -> [LayoutFile.Constraint] {
        try LayoutFileParser.parse(text).statements.compactMap {
            if case .constraint(let c) = $0 { return c } else { return nil }
        }
    }

    @Test func multiplierFirst() throws {
        let c = try Self.constraints("a.width == 2 * b.height + 3\na.height == 0.5*b.width\na.width <= b.width / 4 - 1")
        #expect(c.map(\.multiplier) == [2, 0.5, 0.25])
        #expect(c.map(\.constant) == [3, 0, -1])
        #expect(c[0].secondItem == "b" && c[0].secondAttribute == .height)
    }

    @Test func metricsInConstantsMultipliersAndPriorities() throws {
        let c = try Self.constraints("""
            metric gap = 8
            metric ratio = 1.5
            metric p = 600
            metric required = 10
            a.leading == b.trailing + gap @p
            a.width == ratio * b.width - gap @defaultLow
            a.height == b.height * ratio
            a.top == b.bottom - gap id=spaced
            a.width >= gap
            a.height <= -gap @required
            """)
        #expect(c.map(\.constant) == [8, -8, 0, -8, 8, -8])
        #expect(c.map(\.multiplier) == [1, 1.5, 1.5, 1, 1, 1])
        // A metric named like a priority wins, as in VFL.
        #expect(c.map(\.priority.value) == [600, 250, 1000, 1000, 1000, 10])
        #expect(c[3].identifier == "spaced")
    }

    @Test func metricsLayOutAsNumbersDo() throws {
        let engine = try LayoutFileTests.build("""
            view root size 320x480
            view a in root
            view b in root
            metric gap = 10
            metric half = 0.5
            a.left == root.left + gap
            a.top == root.top + gap
            a.width == half * root.width - gap
            a.height == 2 * a.width
            b.leading == a.trailing + gap
            b.top == a.top
            b.width == a.width / 2
            b.height == gap * 4
            """)
        layoutExpectFrame(try #require(engine.item(named: "a")), 10, 10, 150, 300)
        layoutExpectFrame(try #require(engine.item(named: "b")), 170, 10, 75, 40)
    }
}
