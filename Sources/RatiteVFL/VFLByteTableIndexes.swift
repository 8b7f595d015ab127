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
