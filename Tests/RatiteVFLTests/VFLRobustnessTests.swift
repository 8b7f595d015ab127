import RatiteGenerate
import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteVFL

/// Thousands of random and mutated inputs: the parser never traps, every error points
/// inside the input with a consistent rendering, and every success round-trips.
@Suite struct VFLRobustnessTests {
    static let views: Set<String> = ["a", "b", "c", "find", "x1"]
    static let metrics: [String: Double] = ["m": 4, "p": 500]
    static let seeds = [
        "|-[find]-[a]-[b(>=20)]-|", "V:[a(==b)]-(-5@7)-[b(>=10,<=m)]|", "[a]-m-[b]-(>=8,<=20@p)-|",
        "H:|[a(0x10)][b(5.)]", "[a(==b*0.5+10)] // c\n[b(>=a.height/3@strong)]", "[a]\r\n V : |-[b]",
    ]
    static let alphabet: [UInt8] = Array("[]()|-@,=<>:HV.*/+ \t\n\rabcfindxm0123456789e_".utf8)
        + [0, 0x7F, 0xC3, 0xA9, 0xE2, 0x86, 0x92, 0xFF]

    static func randomOptions(_ rng: inout SplitMix64) -> VFLFormatOptions {
        switch rng.below(4) {
        case 0: return []
        case 1: return VFLFormatOptions(rawValue: UInt(truncatingIfNeeded: rng.next()) & 0xFFFFF)
        case 2: return [.alignAllTop, .directionRightToLeft]
        default: return .spacingBaselineToBaseline
        }
    }

    static func check(_ input: String, options: VFLFormatOptions, extended: Bool) {
        do {
            let result = try VisualFormat.parseFormats(input, options: options, metrics: metrics,
                                                       views: views, extended: extended)
            // Whatever parses prints to canonical VFL that parses back to the same thing.
            let canonical = VFLFormatter.visualFormat(result.formats)
            let again = try VisualFormat.parseFormats(
                canonical, options: options, metrics: metrics, views: views,
                extended: extended || result.formats.contains(where: \.requiresExtendedSyntax))
            #expect(again == result, "\(input.debugDescription) -> \(canonical.debugDescription)")
            #expect(try VisualFormat.parse(input, options: options, metrics: metrics, views: views,
                                           extended: extended) == result.constraints)
        } catch {
            checkRendering(error, input: input)
        }
    }

    @Test(arguments: [false, true]) func randomBytes(extended: Bool) {
        var rng = SplitMix64(seed: extended ? 0xB17E5 : 0xB17E4)
        for _ in 0..<5000 {
            let length = rng.below(40)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                bytes.append(rng.below(8) == 0 ? UInt8(truncatingIfNeeded: rng.next())
                                              : Self.alphabet[rng.below(Self.alphabet.count)])
            }
            Self.check(String(decoding: bytes, as: UTF8.self), options: Self.randomOptions(&rng),
                       extended: extended)
        }
    }

    @Test(arguments: [false, true]) func mutatedFormats(extended: Bool) {
        var rng = SplitMix64(seed: extended ? 0x3E7A : 0x3E7B)
        var successes = 0
        for _ in 0..<8000 {
            var bytes = Array(Self.seeds[rng.below(Self.seeds.count)].utf8)
            for _ in 0...rng.below(3) {
                let position = rng.below(bytes.count + 1)
                let byte = Self.alphabet[rng.below(Self.alphabet.count)]
                switch rng.below(3) {
                case 0: bytes.insert(byte, at: position)
                case 1: if position < bytes.count { bytes.remove(at: position) }
                default: if position < bytes.count { bytes[position] = byte }
                }
            }
            let input = String(decoding: bytes, as: UTF8.self)
            // Mostly without options, which would turn many successes into option errors.
            let options = rng.below(4) == 0 ? Self.randomOptions(&rng) : []
            if (try? VisualFormat.parse(input, options: options, metrics: Self.metrics, views: Self.views,
                                        extended: extended)) != nil { successes += 1 }
            Self.check(input, options: options, extended: extended)
        }
        // The mutations must exercise the success path too, not only errors.
        #expect(successes > 200)
    }

    @Test func hostileInputs() {
        let inputs = [
            String(repeating: "9", count: 5000), "[a(" + String(repeating: "9", count: 5000) + ")]",
            "[a(" + String(repeating: "(", count: 10_000) + ")]", String(repeating: "[a]", count: 3000),
            "[a(1@" + String(repeating: "0", count: 400) + "1)]", "[a(0x" + String(repeating: "f", count: 300) + ")]",
            "[a(-nan(" + String(repeating: "z", count: 1000) + "))]", String(repeating: "\n", count: 1000) + "x",
            "\u{0}", "[a\u{0}]", String(repeating: "-", count: 1000), "[a(1e-99999)]",
        ]
        for input in inputs {
            for extended in [false, true] {
                Self.check(input, options: [], extended: extended)
            }
        }
    }
}

