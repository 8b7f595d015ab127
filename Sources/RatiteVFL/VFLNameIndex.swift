/// The distinct names a format has used so far, in order of first use, each with what it
/// stands for; found by a linear search while they are few (comparing short strings is
/// much cheaper than hashing one) and through a dictionary once they are many, so a format
/// naming n views costs O(n), not O(n²). The dictionary is only looked up, never iterated.
///
/// Two stored fields, as the two arrays it replaced: the parser copies its names often,
/// and one more field (or an empty dictionary) is paid on every copy, which short formats
/// feel most.
struct VFLNameIndex<Payload> {
    private(set) var entries: [(name: String, payload: Payload)] = []
    private var positions: [String: Int32]? = nil

    /// How many names are searched linearly before the dictionary takes over.
    static var linearLimit: Int { 16 }

    /// What the name at `position` stands for.
    subscript(position: Int32) -> Payload { entries[Int(position)].payload }

    /// The name at `position`.
    func name(at position: Int32) -> String { entries[Int(position)].name }

    /// The position of `name`, or nil if it has not been added.
    func position(of name: String) -> Int32? {
        if let positions { return positions[name] }
        return entries.firstIndex { $0.name == name }.map { Int32($0) }
    }

    /// Adds a name not yet present with what it stands for; returns its position.
    mutating func append(_ name: String, _ payload: Payload) -> Int32 {
        let position = Int32(entries.count)
        // A format names a few views: one allocation instead of growing 1, 2, 4, 8.
        if entries.isEmpty { entries.reserveCapacity(8) }
        entries.append((name, payload))
        if positions != nil {
            positions![name] = position
        } else if entries.count > Self.linearLimit {
            var all: [String: Int32] = [:]
            for (i, e) in entries.enumerated() { all[e.name] = Int32(i) }
            positions = all
        }
        return position
    }
}

/// The distinct names a format has used, with nothing beside them (`VFLNameIndex<Void>`),
/// for the layout model, which keeps what they stand for in an array of its own. A
/// concrete type, so that the generic index is specialized in this module: the model's
/// own `VFLNameIndex<LayoutItem>` ran unspecialized across modules, looking up tuple
/// metadata on every call.
package struct VFLNameList {
    private var index = VFLNameIndex<Void>()

    package init() {}

    /// The position of `name`, or nil if it has not been added.
    package func position(of name: String) -> Int32? { index.position(of: name) }

    /// Adds a name not yet present; returns its position.
    package mutating func append(_ name: String) -> Int32 { index.append(name, ()) }
}

/// Indexes of the name tables of a byte-named parse (the C interface's) that are long,
/// so that each lookup is a hash instead of a search of the table: a later entry wins
/// over an earlier one of the same name, and names compare as Swift strings do (by
/// canonical equivalence), exactly as `VFLByteNames.lastIndex` searches. A class held
/// unretained by `VFLByteNames`, which must stay a plain bitwise-copyable value: with
/// dictionaries in it, the parser's copies of it would retain and release them.
package final class VFLByteTableIndexes {
    let views: [String: Int]?
    let metrics: [String: Int]?

    /// Tables this long or shorter are searched linearly instead.
    static let linearLimit = 32

    /// The indexes, or nil when no table is long enough to need one.
    package static func ifNeeded(viewNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>?,
                         metricNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) -> VFLByteTableIndexes? {
        let views = viewNames.flatMap { $0.count > linearLimit ? index($0) : nil }
        let metrics = metricNames.count > linearLimit ? index(metricNames) : nil
        if views == nil && metrics == nil { return nil }
        return VFLByteTableIndexes(views: views, metrics: metrics)
    }

    private init(views: [String: Int]?, metrics: [String: Int]?) {
        self.views = views
        self.metrics = metrics
    }

    private static func index(_ table: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(table.count)
        for (i, name) in table.enumerated() { positions[String(decoding: name, as: UTF8.self)] = i }
        return positions
    }
}
