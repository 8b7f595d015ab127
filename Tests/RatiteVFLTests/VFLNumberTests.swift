import RatiteGenerate
import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteVFL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The number scanner against the C library's `strtod`, which is what Apple's parser calls.
@Suite struct VFLNumberTests {
    /// What `strtod` reads from `text`: the value and how many bytes, or nil for none.
    static func strtodReads(_ text: String) -> (Double, Int)? {
        text.withCString { start -> (Double, Int)? in
            var end: UnsafeMutablePointer<CChar>? = nil
            let value = strtod(start, &end)
            guard let end else { return nil }
            let count = UnsafePointer(end) - start
            return count == 0 ? nil : (value, count)
        }
    }

    static func scannerReads(_ text: String) -> (Double, Int)? {
        var text = text
        return text.withUTF8 { VFLNumber.scan($0, from: 0, to: $0.count) }.map { ($0.value, $0.end) }
    }

    static func same(_ a: (Double, Int)?, _ b: (Double, Int)?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let x?, let y?):
            return x.1 == y.1 && (x.0 == y.0 || (x.0.isNaN && y.0.isNaN))
                && x.0.sign == y.0.sign
        default: return false
        }
    }

    @Test(arguments: [
        "0", "5", "-5", "5.", "-.5", "-.", "-", "1e5", "1e", "1e+", "1E-3x", "2.5e+10", "00012",
        "0x", "0x1", "0X1P3", "0x1p", "0x.8", "0x.", "0x1.8p-1", "-0x10", "0xg", "inf", "-inf",
        "-Infinity", "-infin", "-nan", "-NaN(abc_1)", "-nan(", "-nan()x", "1e400", "1e-400",
        "123456789012345678901234567890", "1.000000000000000000001", "9007199254740993",
        "4.9e-324", "0.1", "-0", "1..2", "1e5e5", "12-3", "7)", "3@5",
    ])
    func matchesStrtod(_ text: String) {
        #expect(Self.same(Self.scannerReads(text), Self.strtodReads(text)), "\(text)")
    }

    @Test func matchesStrtodOnRandomText() {
        var rng = SplitMix64(seed: 0x5EED_0F_57_70D)
        let alphabet = Array("0123456789012345.eEpPxX+-abcdfinINtyAN()_@,]")
        for _ in 0..<20_000 {
            let length = 1 + rng.below(12)
            var text = rng.below(2) == 0 ? "-" : String(rng.below(10))
            for _ in 1..<length { text.append(alphabet[rng.below(alphabet.count)]) }
            let ours = Self.scannerReads(text), theirs = Self.strtodReads(text)
            #expect(Self.same(ours, theirs), "\(text): \(String(describing: ours)) vs \(String(describing: theirs))")
            if !Self.same(ours, theirs) { break }
        }
    }
}
