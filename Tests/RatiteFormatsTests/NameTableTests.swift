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

extension NameTableTests {
    /// Names are byte sequences: "é" precomposed and "e" with a combining accent are two
    /// names, found apart by `String` and by bytes alike, in a table searched in order and in
    /// one with slots (Swift's `==` calls them equal, which is why the table does not use it).
    @Test(arguments: [0, NameTable.linearLimit - 2, NameTable.linearLimit, 40])
    func canonicallyEquivalentNamesAreDistinct(padding: Int) {
        let decomposed = "e\u{301}"
        let precomposed = "\u{e9}"
        // The same UTF-8 length, the marks in another order: only the bytes tell them apart.
        let marksOneWay = "a\u{301}\u{316}"
        let marksOtherWay = "a\u{316}\u{301}"
        #expect(decomposed == precomposed && marksOneWay == marksOtherWay)
        var table = NameTable()
        for i in 0..<padding { _ = table.insert("pad\(i)") }
        let d = table.insert(decomposed)
        let m = table.insert(marksOneWay)
        func byBytes(_ name: String) -> Int32? {
            Array(name.utf8).withUnsafeBufferPointer { table.number(of: $0) }
        }
        #expect(table.number(of: decomposed) == d && byBytes(decomposed) == d)
        #expect(table.number(of: marksOneWay) == m && byBytes(marksOneWay) == m)
        #expect(table.number(of: precomposed) == nil && byBytes(precomposed) == nil)
        #expect(table.number(of: marksOtherWay) == nil && byBytes(marksOtherWay) == nil)
        let p = table.intern(precomposed)
        let o = Array(marksOtherWay.utf8).withUnsafeBufferPointer { table.intern($0) }
        #expect(p != d && o != m && table.count == padding + 4)
        #expect(table.number(of: precomposed) == p && byBytes(marksOtherWay) == o)
        let inserted = [decomposed, marksOneWay, precomposed, marksOtherWay]
        #expect(table.names.suffix(4).map { Array($0.utf8) } == inserted.map { Array($0.utf8) })
    }
}
