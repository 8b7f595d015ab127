import RatiteGenerate
import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteVFL

/// Random formats, printed and parsed back: parse → print → parse is the identity.
@Suite struct VFLRoundTripTests {
    static let views: Set<String> = ["a", "b", "c", "view_1", "_x", "m", "LongViewName42"]
    static let metrics: [String: Double] = ["m": 7, "pad": 12.5, "neg": -3, "p": 250, "tiny": 1e-9]

    /// Random syntax trees: everything the printer must handle.
    struct TreeGenerator {
        var rng: SplitMix64
        let extended: Bool

        mutating func pick<T>(_ values: [T]) -> T { values[rng.below(values.count)] }
        mutating func chance(_ percent: Int) -> Bool { rng.below(100) < percent }

        mutating func number() -> Double {
            switch rng.below(6) {
            case 0: return Double(rng.below(100))
            case 1: return -Double(rng.below(50))
            case 2: return Double(rng.below(100_000)) / 100
            case 3: return pick([1e-7, Double.leastNonzeroMagnitude, 1e15, -2.5e20, 0.1, 1.0 / 3, 123456.789])
            case 4: return Double(bitPattern: rng.next() & 0x3FFF_FFFF_FFFF_FFFF | 0x3000_0000_0000_0000)
            default: return 0
            }
        }

        mutating func priority() -> Double {
            chance(60) ? 1000 : pick([750, 500, 250, 1, 0.5, 999.999, 1e-3, Double(1 + rng.below(1000))])
        }

        mutating func predicate(axis: Axis, inView: Bool) -> VFLPredicate {
            let relation = pick(Relation.allCases)
            guard inView, chance(40) else {
                return VFLPredicate(relation: relation, constant: number(), priority: priority())
            }
            let size: Attribute = axis == .horizontal ? .width : .height
            let other = pick(Array(VFLRoundTripTests.views).filter { VFLRoundTripTests.metrics[$0] == nil }.sorted())
            guard extended else {
                return VFLPredicate(relation: relation, view: other, attribute: size, priority: priority())
            }
            return VFLPredicate(relation: relation, view: other, attribute: pick([.width, .height]),
                                multiplier: chance(50) ? 1 : number(), constant: chance(50) ? 0 : number(),
                                priority: priority())
        }

        mutating func connection(axis: Axis) -> VFLConnection {
            switch rng.below(3) {
            case 0: return .flush
            case 1: return .standard
            default:
                return .predicates((0...rng.below(3)).map { _ in predicate(axis: axis, inView: false) })
            }
        }

        mutating func format() -> VFLFormat {
            let axis: Axis = chance(50) ? .horizontal : .vertical
            let count = 1 + rng.below(4)
            let views = (0..<count).map { _ in
                VFLView(name: pick(VFLRoundTripTests.views.sorted()),
                        predicates: chance(50) ? []
                            : (0...rng.below(3)).map { _ in predicate(axis: axis, inView: true) })
            }
            return VFLFormat(
                axis: axis, leadingConnection: chance(50) ? connection(axis: axis) : nil, views: views,
                connections: (1..<count).map { _ in connection(axis: axis) },
                trailingConnection: chance(50) ? connection(axis: axis) : nil)
        }
    }

    @Test(arguments: [false, true]) func printedTreesParseBackToThemselves(extended: Bool) throws {
        var generator = TreeGenerator(rng: SplitMix64(seed: extended ? 41 : 40), extended: extended)
        for _ in 0..<3000 {
            let tree = generator.format()
            let text = VFLFormatter.visualFormat(tree)
            #expect(tree.requiresExtendedSyntax == false || extended)
            let parsed = try VisualFormat.parseFormats(text, metrics: Self.metrics, views: Self.views,
                                                       extended: extended)
            #expect(parsed.formats == [tree], "\(text)")
            #expect(VFLFormatter.visualFormat(parsed.formats) == text)
            if parsed.formats != [tree] { break }
        }
    }

    /// Random text, with metrics, optional `==`, `H:`, parentheses around single predicates
    /// and (in extended mode) whitespace, comments and several lines.
    struct TextGenerator {
        var rng: SplitMix64
        let extended: Bool

        mutating func pick<T>(_ values: [T]) -> T { values[rng.below(values.count)] }
        mutating func chance(_ percent: Int) -> Bool { rng.below(100) < percent }

        mutating func space() -> String {
            extended && chance(30) ? pick([" ", "  ", "\t", " \t "]) : ""
        }

        mutating func object(inView: Bool) -> String {
            switch rng.below(inView ? 5 : 3) {
            case 0: return pick(["0", "8", "20", "12.5", "1e2", "0x10", "5.", "007"])
            case 1: return pick(Array(VFLRoundTripTests.metrics.keys).sorted())
            case 2: return pick(["-5", "-.25", "-0x1p3"])
            case 3: return pick(["a", "b", "view_1", "_x", "LongViewName42"])
            default:
                guard extended else { return "c" }
                return pick(["b*2", "b.height/4+1", "2*(a-3)", "-c", "m*b.width", "b * 0.5 - pad", "(a)"])
            }
        }

        mutating func predicate(inView: Bool, simple: Bool) -> String {
            let relation = simple ? "" : pick(["", "==", ">=", "<="])
            var text = relation + space() + object(inView: inView && !simple)
            if chance(25) {
                let priorities = ["750", "1", "p", "999.5"] + (extended ? ["strong", "weak"] : [])
                text += space() + "@" + space() + pick(priorities)
            }
            return text
        }

        mutating func connection() -> String {
            switch rng.below(4) {
            case 0: return ""
            case 1: return "-"
            case 2: return "-" + space() + pick(["0", "8", "20", "pad", "m", "1e1", "tiny"]) + space() + "-"
            default:
                let list = (0...rng.below(2)).map { _ in predicate(inView: false, simple: false) }
                return "-" + space() + "(" + space() + list.joined(separator: space() + "," + space())
                    + space() + ")" + space() + "-"
            }
        }

        mutating func view() -> String {
            var text = "[" + space() + pick(["a", "b", "c", "view_1", "_x", "m", "LongViewName42"]) + space()
            if chance(50) {
                let list = (0...rng.below(2)).map { _ in predicate(inView: true, simple: false) }
                text += "(" + space() + list.joined(separator: space() + "," + space()) + space() + ")" + space()
            }
            return text + "]"
        }

        mutating func format() -> String {
            var text = space() + pick(["", "H:", "V:"]) + space()
            if chance(50) { text += "|" + space() + connection() + space() }
            text += view()
            for _ in 0..<rng.below(4) { text += space() + connection() + space() + view() }
            if chance(50) { text += space() + connection() + space() + "|" }
            return text + space()
        }

        mutating func input() -> String {
            guard extended else { return format() }
            var lines: [String] = []
            var hasFormat = false
            for _ in 0...rng.below(3) {
                let blank = chance(15)
                hasFormat = hasFormat || !blank
                var line = blank ? "" : format()
                if chance(20) { line += pick(["// note", "  //x", "//"]) }
                lines.append(line)
            }
            if !hasFormat { lines.append(format()) }
            return lines.joined(separator: pick(["\n", "\r\n"]))
        }
    }

    @Test(arguments: [false, true]) func parsedTextPrintsToAnEquivalentCanonicalForm(extended: Bool) throws {
        var generator = TextGenerator(rng: SplitMix64(seed: extended ? 7 : 6), extended: extended)
        var parsedCount = 0
        for _ in 0..<3000 {
            let text = generator.input()
            let options: VFLFormatOptions = generator.pick([[], .directionRightToLeft, .directionLeftToRight])
            let first: VFLParseResult
            do {
                first = try VisualFormat.parseFormats(text, options: options, metrics: Self.metrics,
                                                      views: Self.views, extended: extended)
            } catch {
                Issue.record("\(text.debugDescription) failed: \(error)")
                break
            }
            parsedCount += 1
            let canonical = VFLFormatter.visualFormat(first.formats)
            let again = try VisualFormat.parseFormats(
                canonical, options: options, metrics: Self.metrics, views: Self.views,
                extended: extended || first.formats.contains(where: \.requiresExtendedSyntax))
            #expect(again == first, "\(text.debugDescription) -> \(canonical.debugDescription)")
            if again != first { break }
            #expect(VFLFormatter.visualFormat(again.formats) == canonical)
        }
        #expect(parsedCount == 3000)
    }

    @Test func canonicalFormsOfTheGuideExamples() throws {
        let cases: [(String, String)] = [
            ("H:|-50-[orchidBox]-50-|", "|-50-[orchidBox]-50-|"),
            ("[button(==100@20)]", "[button(100@20)]"),
            ("[a]-(m)-[b]", "[a]-7-[b]"),
            ("[a]-(neg)-[b]", "[a]-(-3)-[b]"),
            ("[a]->=8-[b]", "[a]-(>=8)-[b]"),
            ("[a]-8@500-[b]", "[a]-(8@500)-[b]"),
            ("V:[a(==b,>=0x10)]", "V:[a(==b,>=16)]"),
            ("[a(m)]", "[a(7)]"),
        ]
        for (input, canonical) in cases {
            let views: Set<String> = ["orchidBox", "button", "a", "b"]
            let parsed = try VisualFormat.parseFormats(input, metrics: Self.metrics, views: views)
            #expect(VFLFormatter.visualFormat(parsed.formats) == canonical, "\(input)")
        }
        let extended = try VisualFormat.parseFormats("[image( == image.height * 2 + 0 )]  // ratio",
                                                     views: ["image"], extended: true)
        #expect(VFLFormatter.visualFormat(extended.formats) == "[image(==image.height*2)]")
        #expect(extended.formats[0].requiresExtendedSyntax)
    }
}
