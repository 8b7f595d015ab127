/// Parsing formats given as bytes, for callers that have neither `String`s nor dictionaries
/// (the C interface): names are byte strings in tables, the constraints plain records.
extension VisualFormat {
    /// Parses a format given as UTF-8 bytes into `records`, whose view numbers are indices
    /// into `viewNames` (or `VFLRecord.superview`, `VFLRecord.noView`).
    ///
    /// ```swift
    /// // "|-[a]" with viewNames ["a"]:
    /// // [VFLRecord(firstView: 0, .leading, .equal, secondView: VFLRecord.superview, .leading, constant: 20)]
    /// ```
    ///
    /// Everything else is as in `parse(_:options:metrics:views:...)`: the same grammar (it
    /// is the same parser), errors, offsets and order. A name that appears more than once
    /// in a table means its last entry; names compare as strings do. `metricValues[i]` is
    /// the value of `metricNames[i]`. `records` is emptied first and its storage reused, so
    /// parsing into the same array again allocates nothing; on failure it is left empty.
    ///
    /// - Throws: `VFLError`, with Apple's message and the offset where parsing stopped.
    /// - Complexity: O(n) in the length of `format`, plus O(t) for tables of t names
    ///   (indexed once they are longer than a few dozen; short ones are searched).
    public static func parse(
        utf8 format: UnsafeBufferPointer<UInt8>, options: VFLFormatOptions = [],
        metricNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>> = .init(start: nil, count: 0),
        metricValues: UnsafeBufferPointer<Double> = .init(start: nil, count: 0),
        viewNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, extended: Bool = false,
        standardSpacing: Double = 8, superviewSpacing: Double = 20, superviewMargins: Bool = false,
        into records: inout [VFLRecord]
    ) throws(VFLError) {
        let indexes = VFLByteTableIndexes.ifNeeded(viewNames: viewNames, metricNames: metricNames)
        defer { withExtendedLifetime(indexes) {} }
        let names = VFLByteNames(viewNames: viewNames, lookup: nil, metricNames: metricNames,
                                 metricValues: metricValues, indexes: indexes.map { Unmanaged.passUnretained($0) })
        try parse(format, options: options, names: names, extended: extended,
                  standardSpacing: standardSpacing, superviewSpacing: superviewSpacing,
                  superviewMargins: superviewMargins, into: &records)
    }

    /// The parser on bytes with `records`' storage, which it hands back.
    package static func parse(
        _ format: UnsafeBufferPointer<UInt8>, options: VFLFormatOptions, names: VFLByteNames,
        extended: Bool, standardSpacing: Double, superviewSpacing: Double, superviewMargins: Bool,
        into records: inout [VFLRecord]
    ) throws(VFLError) {
        var parser = VFLParser(
            text: format, extended: extended, options: options, names: names,
            standardSpacing: standardSpacing, superviewSpacing: superviewSpacing, superviewMargins: superviewMargins,
            recordsSyntax: false)
        swap(&parser.records, &records)
        parser.records.removeAll(keepingCapacity: true)
        do throws(VFLFailure) {
            try parser.parseInput()
        } catch {
            throw Self.error(for: error, in: String(decoding: format, as: UTF8.self), extended: extended)
        }
        swap(&parser.records, &records)
    }
}
