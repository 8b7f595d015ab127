import RatiteSupport

/// What the parser asks about the names a format uses: one question per name it reads,
/// with the name as bytes of the format (`[A-Za-z_][A-Za-z0-9_]*`), so that a caller whose
/// names are bytes too never builds a `String`.
///
/// A view's answer is the number its records carry (`VFLRecord.firstView`, `secondView`);
/// what the number means is the implementation's business.
package protocol VFLNames {
    /// The number of the view called `name`, or nil when there is no such view.
    mutating func view(named name: UnsafeBufferPointer<UInt8>) -> Int32?
    /// The value of the metric called `name`, or nil when there is none.
    func metric(named name: UnsafeBufferPointer<UInt8>) -> Double?
}

extension VFLNames {
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// The names of `VisualFormat.parse`: views from a set, metrics from a dictionary. A view's
/// number is its position among the distinct views the format used (`view(_:)`).
struct VFLStringNames: VFLNames {
    let views: Set<String>
    let metrics: [String: Double]
    private var index = NameTable()

    /// The name of the view numbered `number`.
    func view(_ number: Int32) -> String { index.name(number) }

    init(views: Set<String>, metrics: [String: Double]) {
        self.views = views
        self.metrics = metrics
    }

    mutating func view(named bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        if let i = index.number(of: bytes) { return i }
        let name = Self.string(bytes)
        // Small sets are searched linearly: comparing short strings is much cheaper than
        // hashing one.
        guard views.count <= 8 ? views.contains(where: { $0 == name }) : views.contains(name) else {
            return nil
        }
        return index.insert(name)
    }

    func metric(named bytes: UnsafeBufferPointer<UInt8>) -> Double? { metrics[Self.string(bytes)] }
}

/// Where a byte-named parse without a table of views finds them: the layout model's items
/// by name (`LayoutEngine` conforms, a view's number being the item's index in `items`).
/// A protocol, so that the parser reaches the model without knowing it.
package protocol VFLViewLookup: AnyObject {
    /// The number of the view whose name's UTF-8 bytes are `name`, or nil when there is no
    /// such view.
    func viewNumber(named name: UnsafeBufferPointer<UInt8>) -> Int32?
}

/// The names of a parse on a string whose views an object finds (`VFLViewLookup`), metrics
/// from a dictionary: the layout model's `constraints(visualFormat:...)`, whose lookup
/// gives each view a number and keeps what it stands for. A concrete type, so that this
/// module specializes the parser for it (`VisualFormat.records`).
package struct VFLLookupNames: VFLNames {
    /// Unretained: the caller holds it for the length of the parse.
    unowned(unsafe) let lookup: any VFLViewLookup
    let metrics: [String: Double]

    package init(lookup: any VFLViewLookup, metrics: [String: Double]) {
        self.lookup = lookup
        self.metrics = metrics
    }

    package func view(named bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        lookup.viewNumber(named: bytes)
    }

    package func metric(named bytes: UnsafeBufferPointer<UInt8>) -> Double? { metrics[Self.string(bytes)] }
}

/// Names given as UTF-8 bytes, as the C interface has them. Views come from a table (a
/// view's number is its index there) or, without one, from a `VFLViewLookup` (the engine's
/// items by name); metrics come from a table.
///
/// The tables behave like the dictionaries of the string-based entry points: a later entry
/// wins over an earlier one of the same name, and names compare as Swift strings do, by
/// canonical equivalence (so a binding named "\u{212A}", the Kelvin sign, answers to `K`).
/// When every name is ASCII that is plain byte equality, which is all the search does then.
package struct VFLByteNames: VFLNames {
    let viewNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>?
    /// Unretained: the caller holds it for the length of the parse, and counting references
    /// to an object with weak references to it (the engine) is slow.
    unowned(unsafe) let lookup: (any VFLViewLookup)?
    let metricNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    let metricValues: UnsafeBufferPointer<Double>
    /// Whether every name in the tables is ASCII.
    let isASCII: Bool
    /// Indexes of the tables that are long, kept alive by the caller (see
    /// `VFLByteTableIndexes`).
    let indexes: Unmanaged<VFLByteTableIndexes>?

    /// With `viewNames` nil the views are those `lookup` finds. `isASCII` says whether
    /// every name is ASCII, when the caller knows; else the names are scanned.
    package init(viewNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>?, lookup: (any VFLViewLookup)?,
         metricNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>,
         metricValues: UnsafeBufferPointer<Double>, isASCII: Bool? = nil,
         indexes: Unmanaged<VFLByteTableIndexes>? = nil) {
        self.viewNames = viewNames
        self.lookup = lookup
        self.metricNames = metricNames
        self.metricValues = metricValues
        self.isASCII = isASCII
            ?? (Self.allASCII(metricNames) && Self.allASCII(viewNames ?? UnsafeBufferPointer(start: nil, count: 0)))
        self.indexes = indexes
    }

    package mutating func view(named name: UnsafeBufferPointer<UInt8>) -> Int32? {
        if let viewNames {
            if let views = indexes?.takeUnretainedValue().views { return views[Self.string(name)].map { Int32($0) } }
            return Self.lastIndex(of: name, in: viewNames, isASCII: isASCII).map { Int32($0) }
        }
        return lookup?.viewNumber(named: name)
    }

    package func metric(named name: UnsafeBufferPointer<UInt8>) -> Double? {
        let found = if let metrics = indexes?.takeUnretainedValue().metrics {
            metrics[Self.string(name)]
        } else {
            Self.lastIndex(of: name, in: metricNames, isASCII: isASCII)
        }
        guard let i = found, i < metricValues.count else { return nil }
        return metricValues[i]
    }

    /// The index of the last entry of `table` equal to `name`.
    static func lastIndex(
        of name: UnsafeBufferPointer<UInt8>, in table: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>, isASCII: Bool
    ) -> Int? {
        var i = table.count
        guard isASCII else {
            let text = string(name)
            while i > 0 {
                i -= 1
                if string(table[i]) == text { return i }
            }
            return nil
        }
        while i > 0 {
            i -= 1
            if equal(table[i], name) { return i }
        }
        return nil
    }

    @inline(__always) static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for k in 0..<a.count where a[k] != b[k] { return false }
        return true
    }

    static func allASCII(_ table: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) -> Bool {
        for name in table {
            for byte in name where byte >= 0x80 { return false }
        }
        return true
    }
}
