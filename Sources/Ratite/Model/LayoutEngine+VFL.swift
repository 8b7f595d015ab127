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
        var names = VFLItemNames(engine: self, views: views)
        let parsed = try VisualFormat.run(
            format, options: options, metrics: metrics, views: names, extended: extended,
            standardSpacing: standardSpacing, superviewSpacing: superviewSpacing,
            recordsSyntax: false
        ).constraints
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
                    guard let i = names.item(named: name) else { throw LayoutError.unknownItem(name) }
                    return i
                case .superview:
                    guard let name = anchor, let i = names.item(named: name), let parent = i.parent else {
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

/// The views a format may name, answered from the caller's table or the engine's own,
/// with the items found so far remembered: each constraint names the same few views
/// again, and comparing short strings is much cheaper than hashing them.
struct VFLItemNames: VFLViewNames {
    let engine: LayoutEngine
    /// The caller's names, or nil for every item by its own name.
    let views: [String: LayoutItem]?
    private var recent: [(name: String, item: LayoutItem)] = []

    init(engine: LayoutEngine, views: [String: LayoutItem]?) {
        self.engine = engine
        self.views = views
    }

    func containsView(named name: String) -> Bool { lookUp(name) != nil }

    mutating func item(named name: String) -> LayoutItem? {
        if let hit = recent.first(where: { $0.name == name }) { return hit.item }
        guard let item = lookUp(name) else { return nil }
        if recent.count < 8 {
            if recent.isEmpty { recent.reserveCapacity(8) }
            recent.append((name, item))
        }
        return item
    }

    private func lookUp(_ name: String) -> LayoutItem? {
        if let views { return views[name] }
        return engine.item(named: name)
    }
}
