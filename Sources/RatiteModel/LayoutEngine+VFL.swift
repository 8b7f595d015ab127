import RatiteSolver
import RatiteSupport
import RatiteVFL

/// Visual Format Language on the engine's items.
extension LayoutEngine {
    /// The constraints a VFL format describes, not yet activated, like
    /// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`.
    ///
    /// - Parameters:
    ///   - format: the visual format (several lines in extended mode).
    ///   - options: alignment, direction and spacing options (`VFLFormatOptions`).
    ///   - metrics: values for names used as numbers; they take precedence over views.
    ///   - views: the names the format may use; nil means every item by its own name.
    ///   - extended: accept Ratite's extended syntax (whitespace, named priorities,
    ///     arithmetic and attributes in predicates, comments, several lines).
    /// - Returns: the constraints, in Apple's order, not yet activated.
    /// - Throws: `VFLError` with Apple's message and the offset where parsing stopped, or
    ///   `LayoutError.invalidValue` when `|` is used next to a view without a superview.
    /// - Complexity: O(n) in the length of `format`, plus building the constraints it
    ///   describes; with `views` nil, names are looked up among the engine's items.
    public func constraints(
        visualFormat format: String, options: VFLFormatOptions = [], metrics: [String: Double] = [:],
        views: [String: LayoutItem]? = nil, extended: Bool = false
    ) throws -> [LayoutConstraint] {
        let names = VFLItemTable(engine: self, views: views)
        let records = try withExtendedLifetime(names) { () throws(VFLError) in
            try VisualFormat.records(
                format, options: options, names: VFLLookupNames(lookup: names, metrics: metrics),
                extended: extended, standardSpacing: standardSpacing, superviewSpacing: superviewSpacing,
                superviewMargins: platform == .ios)
        }
        var items = names
        var result: [LayoutConstraint] = []
        result.reserveCapacity(records.count)
        for r in records {
            let (first, second) = try Self.resolve(r, in: &items, format: format)
            result.append(Self.constraint(r, first, second))
        }
        return result
    }

    /// The views a record's view numbers stand for, in the front end's terms (`views`): the
    /// one place that decides what `|` means (the superview of the view on the other side
    /// of the constraint, `anchorView`) and when that is an error. The engine resolves to
    /// its items here; the C interface to item ids with the same function.
    /// - Throws: `missingSuperview(in: format())` when `|` stands next to a view without a
    ///   superview (the first view is resolved first).
    @inlinable
    package static func resolve<Views: VFLViews>(
        _ r: VFLRecord, in views: inout Views, format: @autoclosure () -> String
    ) throws(LayoutError) -> (first: Views.View, second: Views.View?) {
        @inline(__always)
        func view(_ number: Int32) throws(LayoutError) -> Views.View {
            guard number == VFLRecord.superview else { return views.view(number) }
            guard let parent = views.superview(of: r.anchorView) else { throw missingSuperview(in: format()) }
            return parent
        }
        let first = try view(r.firstView)
        let second = r.secondView == VFLRecord.noView ? nil : try view(r.secondView)
        return (first, second)
    }

    /// Parses a format given as UTF-8 bytes into `records` with the engine's spacing, like
    /// `VisualFormat.parse(utf8:...)`. With `viewNames` nil the views are the engine's items
    /// by name and a record's view number is the item's index in `items`; otherwise it is
    /// the index in `viewNames`.
    ///
    /// Records are what `constraints(visualFormat:...)` would turn into constraints, in the
    /// same order; nothing is resolved, validated or activated. `namesAreASCII`, when the
    /// caller knows it, saves a scan of the names. On failure `records` is left empty.
    ///
    /// - Complexity: O(n) in the length of the format, plus O(t) for tables of t names
    ///   (indexed once they are longer than a few dozen; short ones are searched).
    public func parseVisualFormat(
        utf8 format: UnsafeBufferPointer<UInt8>, options: VFLFormatOptions = [],
        metricNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>> = .init(start: nil, count: 0),
        metricValues: UnsafeBufferPointer<Double> = .init(start: nil, count: 0),
        viewNames: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>?, extended: Bool = false,
        namesAreASCII: Bool? = nil, into records: inout [VFLRecord]
    ) throws(VFLError) {
        let indexes = VFLByteTableIndexes.ifNeeded(viewNames: viewNames, metricNames: metricNames)
        defer { withExtendedLifetime(indexes) {} }
        let names = VFLByteNames(viewNames: viewNames, lookup: self,
                                 metricNames: metricNames, metricValues: metricValues, isASCII: namesAreASCII,
                                 indexes: indexes.map { Unmanaged.passUnretained($0) })
        try VisualFormat.parse(format, options: options, names: names, extended: extended,
                               standardSpacing: standardSpacing, superviewSpacing: superviewSpacing,
                               superviewMargins: platform == .ios,
                               into: &records)
    }

    /// The error for a `|` next to a view without a superview.
    @usableFromInline package static func missingSuperview(in format: String) -> LayoutError {
        .invalidValue("'|' in \(format) needs a view with a superview")
    }

    /// The constraint of a record whose views resolve to `first` and `second`.
    package static func constraint(_ r: VFLRecord, _ first: LayoutItem, _ second: LayoutItem?) -> LayoutConstraint {
        LayoutConstraint(
            item: first, attribute: r.firstAttribute, relatedBy: r.relation, toItem: second,
            attribute: r.secondAttribute, multiplier: r.multiplier, constant: r.constant,
            priority: Priority(r.priority))
    }
}

extension ConstraintDefect {
    /// What activation would find wrong with the constraint that
    /// `LayoutEngine.constraints(visualFormat:...)` makes of a record whose views resolve to
    /// items with roots `firstRoot` and `secondRoot` (`LayoutItem.rootIndex`; nil without a
    /// second item), or nil. The items must be of one engine, which activation would check
    /// first (the C interface finds them by id). The error is
    /// `defect.error(for: LayoutEngine.constraint(record, first, second))`.
    package static func of(_ record: VFLRecord, firstRoot: Int, secondRoot: Int?) -> ConstraintDefect? {
        of(record.firstAttribute, root: firstRoot, record.secondAttribute, root: secondRoot,
           multiplier: record.multiplier, constant: record.constant, priority: Priority(record.priority))
    }
}

/// What a front end resolves a VFL record's view numbers to (`LayoutEngine.resolve`): the
/// engine's items, or the C interface's item ids.
@usableFromInline package protocol VFLViews {
    associatedtype View
    /// The view numbered `number` (a real view, never `VFLRecord.superview`).
    mutating func view(_ number: Int32) -> View
    /// The superview of the view numbered `number`, or nil when it has none.
    mutating func superview(of number: Int32) -> View?
}

/// The views of a byte-named parse without a table of views: the items by name, a view's
/// number being the item's index in `items`.
extension LayoutEngine: VFLViewLookup {
    package func viewNumber(named name: UnsafeBufferPointer<UInt8>) -> Int32? { itemNumber(named: name) }
}

/// The views a format may name, answered from the caller's table or the engine's own.
/// Without a table a view's number is its item's index, found from the name's bytes in the
/// engine's name table. With one, a view's number is its position among the distinct views
/// the format used: each constraint names the same few views again, so the views found so
/// far are looked up first (`NameTable`, by bytes) and a `String` is made only for a view
/// the format has not named before. A class, so that the parser reaches it through
/// `VFLViewLookup` without knowing the model's types.
final class VFLItemTable: VFLViewLookup, VFLViews {
    let engine: LayoutEngine
    /// The caller's names, or nil for every item by its own name.
    let views: [String: LayoutItem]?
    /// With `views`: the names the format used, by number.
    private var names = NameTable()
    /// With `views`: the items by number, as `names` numbers them.
    private var items: [LayoutItem] = []

    /// The item numbered `number`.
    func view(_ number: Int32) -> LayoutItem { views == nil ? engine.items[Int(number)] : items[Int(number)] }

    func superview(of number: Int32) -> LayoutItem? { view(number).parent }

    init(engine: LayoutEngine, views: [String: LayoutItem]?) {
        self.engine = engine
        self.views = views
    }

    func viewNumber(named name: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard let views else { return engine.itemNumber(named: name) }
        if let i = names.number(of: name) { return i }
        let text = String(decoding: name, as: UTF8.self)
        guard let item = views[text] else { return nil }
        if items.isEmpty { items.reserveCapacity(8) }
        items.append(item)
        return names.insert(text)
    }
}
