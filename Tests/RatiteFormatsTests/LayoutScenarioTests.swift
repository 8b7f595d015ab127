import Foundation
import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats

/// Layout files with steps: changes after the first layout (an intrinsic size and other
/// item properties, a constant, a priority, activating or deactivating a constraint by
/// id, resizing a root), with frames, conflicts and ambiguity reported per step.
@Suite struct LayoutScenarioTests {
    static let base = """
        view root size 320x480
        view a in root intrinsic 50x20
        view b in root
        a.leading == root.leadingMargin id=left
        a.top == root.top + 10 id=top
        b.leading == a.trailing + 8
        b.top == a.bottom + 8
        b.width == 30 id=bw
        b.height == 30
        b.width == 60 @300 id=wide
        """

    /// Runs `text` and returns, per layout, (index, name, frames by name, conflicts, ambiguity).
    static func run(_ text: String, overrides: LayoutFileBuilder.Overrides = .init()) throws
        -> [(Int, String, [String: Frame], Int, Int)]
    {
        var steps: [(Int, String, [String: Frame], Int, Int)] = []
        _ = try LayoutFileBuilder.run(LayoutFileParser.parse(text), overrides: overrides) { engine, step in
            var frames: [String: Frame] = [:]
            for item in engine.items { frames[item.name] = item.frame }
            steps.append((step.index, step.name, frames, step.conflicts.count, step.ambiguity.entries.count))
        }
        return steps
    }

    @Test func everyKindOfChange() throws {
        let steps = try Self.run(Self.base + """

            step constant
            constant left 30
            step priority
            priority wide 500
            step deactivate
            deactivate bw
            step activate
            activate bw
            priority wide defaultLow
            step intrinsic
            set a intrinsic 70x25 hugging 1,1 compression 1000,1000
            step resize
            resize root 480x320
            """)
        #expect(steps.map(\.0) == [0, 1, 2, 3, 4, 5, 6])
        #expect(steps.map(\.1) == ["", "constant", "priority", "deactivate", "activate", "intrinsic", "resize"])
        #expect(steps[0].2["a"] == Frame(x: 8, y: 10, width: 50, height: 20))
        #expect(steps[0].2["b"] == Frame(x: 66, y: 38, width: 30, height: 30))
        #expect(steps[1].2["a"] == Frame(x: 38, y: 10, width: 50, height: 20))
        // An optional priority change leaves the required width in charge; without it the
        // optional width holds. (Optional to required while active is an error: see
        // `refusedChangesAreErrorsAtTheirLine`.)
        #expect(steps[2].2["b"] == Frame(x: 96, y: 38, width: 30, height: 30))
        #expect(steps[3].2["b"] == Frame(x: 96, y: 38, width: 60, height: 30))
        #expect(steps[4].2["b"] == Frame(x: 96, y: 38, width: 30, height: 30))
        #expect(steps[5].2["a"] == Frame(x: 38, y: 10, width: 70, height: 25))
        #expect(steps[6].2["root"] == Frame(x: 0, y: 0, width: 480, height: 320))
        #expect(steps.allSatisfy { $0.3 == 0 && $0.4 == 0 })
    }

    @Test func conflictsAndAmbiguityArePerStep() throws {
        let steps = try Self.run(Self.base + """

            step clash
            b.width == 40
            step loose
            deactivate top
            step fixed
            activate top
            """)
        #expect(steps.map(\.3) == [0, 1, 0, 0])
        #expect(steps.map(\.4) == [0, 0, 2, 0])
    }

    @Test func sizeOverrideComesBeforeTheFirstLayout() throws {
        let steps = try Self.run(Self.base + "\nstep\nconstant left 4\n", overrides: .init(size: (500, 100)))
        #expect(steps[0].2["root"] == Frame(x: 0, y: 0, width: 500, height: 100))
        // The root's leading margin (8) plus 4.
        #expect(steps[1].1 == "" && steps[1].2["a"]?.x == 12 && steps[1].2["root"]?.width == 500)
    }

    /// `build` applies every step: the engine in its final state.
    @Test func buildAppliesEveryStep() throws {
        let engine = try LayoutFileTests.build(Self.base + "\nstep\nconstant left 12\nresize root 100x100\n")
        #expect(engine.item(named: "a")?.frame.x == 20 && engine.item(named: "root")?.frame.width == 100)
    }

    @Test func parsedForms() throws {
        let file = try LayoutFileParser.parse("""
            metric gap = 4
            step   a name with words  # a comment
            set a intrinsic -x20 baseline 15,5 margins 1 direction rtl
            constant c1 -gap
            priority c1 gap
            activate c1, c2,c3
            deactivate c4
            resize root 10x20
            """)
        #expect(file.stepCount == 1)
        guard case .step(let name, let location) = file.statements[1] else { Issue.record("no step"); return }
        #expect(name == "a name with words" && location.line == 2)
        var changes: [LayoutFile.Change] = []
        for s in file.statements { if case .change(let c, _) = s { changes.append(c) } }
        #expect(changes.count == 6)
        if case .properties(let item) = changes[0] {
            #expect(item.name == "a" && item.intrinsic == IntrinsicSize(width: nil, height: 20))
            #expect(item.baselines?.first == 15 && item.baselines?.last == 5 && item.direction == .rightToLeft)
        } else { Issue.record("not properties") }
        if case .constant(let id, let value, let at) = changes[1] {
            #expect(id == "c1" && value == -4 && at.column == 10)
        }
        if case .priority(_, let p, _) = changes[2] { #expect(p.value == 4) }
        if case .activation(let ids, let active) = changes[3] { #expect(ids.map(\.0) == ["c1", "c2", "c3"] && active) }
        if case .activation(let ids, let active) = changes[4] { #expect(ids.map(\.0) == ["c4"] && !active) }
        if case .resize(let item, let w, let h, _) = changes[5] { #expect(item == "root" && w == 10 && h == 20) }
    }

    static let parseErrors: [LayoutFileTests.ErrorCase] = [
        .init(text: "set a size 3x4", line: 1, column: 7,
              message: "'size' cannot be set in a step; expected intrinsic, hugging, compression, baseline, margins, "
                  + "direction (resize a root view with 'resize ROOT WxH')"),
        .init(text: "set a in root", line: 1, column: 7,
              message: "'in' cannot be set in a step; expected intrinsic, hugging, compression, baseline, margins, "
                  + "direction"),
        .init(text: "set a", line: 1, column: 6,
              message: "expected properties to set: intrinsic, hugging, compression, baseline, margins or direction"),
        .init(text: "set 3", line: 1, column: 5, message: "expected an item name after 'set'"),
        .init(text: "constant", line: 1, column: 9, message: "expected a constraint id after 'constant'"),
        .init(text: "constant c x", line: 1, column: 12,
              message: "unknown metric 'x' (metrics must be declared before they are used)"),
        .init(text: "priority c 0", line: 1, column: 12,
              message: "invalid priority 0: priorities must be greater than 0 and at most 1000"),
        .init(text: "activate c,", line: 1, column: 12, message: "expected a constraint id after ','"),
        .init(text: "deactivate c d", line: 1, column: 14, message: "unexpected 'd' after the statement"),
        .init(text: "resize root 10", line: 1, column: 15,
              message: "expected 'x' between width and height (like 320x480)"),
        .init(text: "resize root 10x-1", line: 1, column: 16, message: "expected a number but found '-'"),
    ]

    @Test(arguments: parseErrors)
    func parseErrorsAreLocated(_ c: LayoutFileTests.ErrorCase) throws {
        let error = try #require(LayoutFileTests.parseError(c.text))
        #expect(error.location.line == c.line && error.location.column == c.column, "\(error)")
        #expect(error.message == c.message)
    }

    static let buildErrors: [LayoutFileTests.ErrorCase] = [
        .init(text: base + "\nstep\nconstant nope 3", line: 12, column: 10,
              message: "unknown constraint id 'nope' (give a constraint 'id=nope' before it is used)"),
        .init(text: base + "\nstep\nactivate left,nope", line: 12, column: 15,
              message: "unknown constraint id 'nope' (give a constraint 'id=nope' before it is used)"),
        .init(text: base + "\nstep\nset zz intrinsic 1x1", line: 12, column: 5, message: "unknown item 'zz'"),
        .init(text: base + "\nstep\nresize a 1x1", line: 12, column: 1, message: "'a' is not a root view"),
        .init(text: base + "\nstep\npriority wide 1000", line: 12, column: 1,
              message: "cannot change the priority of active constraint b.width == 60 @300 between required and "
                  + "optional; deactivate it first"),
        .init(text: base + "\nstep\nset b baseline 5", line: 12, column: 1,
              message: "one baseline value is a single line of text and needs an intrinsic height; "
                  + "give 'baseline FIRST,LAST' otherwise"),
        .init(text: base + "\na.width == 5 id=left", line: 11, column: 1,
              message: "a constraint with id 'left' already exists"),
    ]

    /// A refused change stops the run with an error at its line (the file is wrong).
    @Test(arguments: buildErrors)
    func refusedChangesAreErrorsAtTheirLine(_ c: LayoutFileTests.ErrorCase) throws {
        #expect(LayoutFileTests.parseError(c.text) == nil)
        let error = try #require(LayoutFileTests.buildError(c.text))
        #expect(error.location.line == c.line && error.location.column == c.column, "\(error)")
        #expect(error.message == c.message)
    }

    /// The dynamic-height recipe as a scenario: label font normal → XXXL → normal.
    @Test func dynamicTypeExample() throws {
        let run = try RatiteTool.ratite(["layout", RatiteTool.example("dynamic-type.layout")])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
        #expect(run.stdout == """
            == initial layout
            root: 0 0 320 480
            topGuide: 0 0 320 20
            label: 8 44 42 21
            field: 58 40 254 30

            == step 1: label font XXXL
            root: 0 0 320 480
            topGuide: 0 0 320 20
            label: 8 40 80 40
            field: 96 51 216 30

            == step 2: label font normal
            root: 0 0 320 480
            topGuide: 0 0 320 20
            label: 8 44 42 21
            field: 58 40 254 30

            """)
    }

    @Test func cliReportsConflictsPerStepAndDrawsEachStep() throws {
        let file = try RatiteTool.TempFile(
            Self.base + "\nstep clash\nb.width == 40\nstep after\nconstant left 9\n")
        let svg = try RatiteTool.TempFile(nil, suffix: ".svg")
        let run = try RatiteTool.ratite(["layout", file.path, "--svg", svg.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr == "ratite: conflict: a required constraint was broken (in step 1: clash); "
                + "--allow-conflicts accepts it\n")
        let sections = ("\n" + run.stdout).components(separatedBy: "\n== ")
        #expect(sections.count == 4)
        #expect(!sections[1].contains("Unable to simultaneously"))
        #expect(sections[2].hasPrefix("step 1: clash\n")
                && sections[2].contains("Unable to simultaneously satisfy constraints."))
        #expect(sections[3].hasPrefix("step 2: after\n") && !sections[3].contains("Unable to simultaneously"))
        let picture = try String(contentsOf: svg.url, encoding: .utf8)
        #expect(picture.components(separatedBy: "<g data-item=\"a\">").count == 4)
        for title in ["initial layout", "step 1: clash", "step 2: after"] {
            #expect(picture.contains("<text class=\"title\""), "\(title)")
            #expect(picture.contains(">\(title)</text>"), "\(title)")
        }
        // The clash is highlighted in its step's panel only.
        #expect(picture.components(separatedBy: "class=\"view conflict\"").count == 2)
    }
}
