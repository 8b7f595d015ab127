import RatiteGenerate
import Testing

@testable import Ratite
@testable import RatiteFormats

/// `NameTable` numbers names in order of first insertion and finds each again, through
/// growth and through names whose hashes collide in the table's low bits.
@Suite struct NameTableTests {
    @Test func findsEveryNameByItsNumber() {
        var table = NameTable()
        var random = SplitMix64(seed: 7)
        var names: [String] = []
        var seen = Set<String>()
        while names.count < 5000 {
            // Short names collide often; some non-ASCII ones take the UTF-8 path too.
            let length = 1 + random.below(6)
            var name = String((0..<length).map { _ in "abcxyz_0129é"[random.below(12)] })
            if random.below(50) == 0 { name += "🙂" }
            guard seen.insert(name).inserted else {
                #expect(table.number(of: name) != nil, "\(name)")
                continue
            }
            #expect(table.number(of: name) == nil, "\(name)")
            #expect(table.insert(name) == Int32(names.count))
            names.append(name)
        }
        for (n, name) in names.enumerated() { #expect(table.number(of: name) == Int32(n)) }
        #expect(table.names == names)
        #expect(table.number(of: "not there") == nil)
        // The same name built another way (not the same storage) is found.
        #expect(table.number(of: String(names[3].unicodeScalars)) == 3)
    }
}

extension String {
    fileprivate subscript(i: Int) -> Character { self[index(startIndex, offsetBy: i)] }
}
