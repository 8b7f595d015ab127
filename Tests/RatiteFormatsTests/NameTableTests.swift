import RatiteGenerate
import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats

/// `NameTable` numbers names in order of first insertion and finds each again: in order
/// while it is small, through its slots past `linearLimit`, through growth, through names
/// whose hashes collide in the table's low bits, and after `removeLast`.
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

extension NameTableTests {
    /// Insertions and removals of the newest name, against an array: every name present is
    /// found at its number and every name removed is gone, on both sides of `linearLimit`
    /// and of each growth of the slots.
    @Test(arguments: [1, 2, 3])
    func removeLastForgetsTheNewestName(seed: UInt64) {
        var table = NameTable()
        var random = SplitMix64(seed: seed)
        var model: [String] = []
        var gone: [String] = []
        for step in 0..<3000 {
            // Grow to about 70 names, then shrink back under the limit, twice.
            let growing = (step / 700) % 2 == 0
            if !model.isEmpty && random.below(10) < (growing ? 3 : 7) {
                gone.append(model.removeLast())
                table.removeLast()
            } else {
                let name = "n\(random.below(500))"
                if table.number(of: name) != nil { continue }
                #expect(table.insert(name) == Int32(model.count))
                model.append(name)
                gone.removeAll { $0 == name }
            }
            #expect(table.count == model.count)
            if step % 7 == 0 || model.count == NameTable.linearLimit + 1 {
                for (n, name) in model.enumerated() { #expect(table.number(of: name) == Int32(n), "\(name)") }
                for name in gone.suffix(20) { #expect(table.number(of: name) == nil, "\(name)") }
            }
        }
        #expect(table.names == model)
    }

    /// The engine numbers its items in its table: each is found by name, before and past
    /// `linearLimit`, and a second item of a name is refused without being added.
    @Test func anEngineFindsItsItemsByName() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        for i in 0..<40 {
            _ = try engine.addView("v\(i)", in: root)
            for j in stride(from: 0, through: i, by: 3) { #expect(engine.item(named: "v\(j)")?.index == j + 1) }
        }
        #expect(throws: LayoutError.self) { try engine.addView("v3", in: root) }
        #expect(engine.items.count == 41)
        #expect(engine.item(named: "v40") == nil && engine.item(named: "root") === root)
    }
}

extension String {
    fileprivate subscript(i: Int) -> Character { self[index(startIndex, offsetBy: i)] }
}
