/// Visual Format Language on the engine's items.
extension LayoutEngine {
    /// The constraints a VFL format describes, not yet activated, like
    /// `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`.
    ///
    /// - Parameters:
    ///   - views: the names the format may use; nil means every item by its own name.
    ///   - extended: accept Ratite's extended syntax (whitespace, named priorities,
    ///     arithmetic and attributes in predicates, comments, several lines).
    /// - Throws: `VFLError` with Apple's message and the offset where parsing stopped, or
    ///   `LayoutError.invalidValue` when `|` is used next to a view without a superview.
    public func constraints(
        visualFormat format: String, options: VFLFormatOptions = [], metrics: [String: Double] = [:],
        views: [String: LayoutItem]? = nil, extended: Bool = false
    ) throws -> [LayoutConstraint] {
        func item(named name: String) -> LayoutItem? { views.map { $0[name] } ?? self.item(named: name) }
        let names = views.map { Array($0.keys) } ?? items.map(\.name)
        let parsed = try VisualFormat.parse(
            format, options: options, metrics: metrics, views: Set(names), extended: extended,
            standardSpacing: standardSpacing, superviewSpacing: superviewSpacing)
        var result: [LayoutConstraint] = []
        result.reserveCapacity(parsed.count)
        for c in parsed {
            // `|` means the superview of the view on the other side of the constraint.
            let anchor: String? = {
                if case .view(let name) = c.firstItem { return name }
                if case .view(let name)? = c.secondItem { return name }
                return nil
            }()
            func resolve(_ vflItem: VFLItem) throws -> LayoutItem {
                switch vflItem {
                case .view(let name):
                    guard let i = item(named: name) else { throw LayoutError.unknownItem(name) }
                    return i
                case .superview:
                    guard let name = anchor, let i = item(named: name), let parent = i.parent else {
                        throw LayoutError.invalidValue("'|' in \(format) needs a view with a superview")
                    }
                    return parent
                }
            }
            let first = try resolve(c.firstItem)
            let second = try c.secondItem.map(resolve)
            result.append(LayoutConstraint(
                item: first, attribute: c.firstAttribute, relatedBy: c.relation, toItem: second,
                attribute: c.secondAttribute, multiplier: c.multiplier, constant: c.constant,
                priority: Priority(c.priority)))
        }
        return result
    }
}
