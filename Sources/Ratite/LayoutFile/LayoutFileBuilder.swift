/// Builds a `LayoutEngine` from a parsed layout file, statement by statement, so every
/// error points at the line that caused it.
public enum LayoutFileBuilder {
    /// Options that override the file.
    public struct Overrides: Sendable {
        /// The size every root view is resized to once the file is built, as when a device
        /// rotates: autoresizing frames still refer to the file's own `size`.
        public var size: (width: Double, height: Double)?
        /// Lay out right-to-left: root views get that direction unless the file sets one.
        public var rightToLeft = false
        /// The platform whose conventions VFL follows, over the file's `platform` lines.
        public var platform: LayoutPlatform?

        public init(size: (width: Double, height: Double)? = nil, rightToLeft: Bool = false, platform: LayoutPlatform? = nil) {
            self.size = size
            self.rightToLeft = rightToLeft
            self.platform = platform
        }
    }

    /// The engine with every item and constraint of `file` in place (not yet laid out).
    /// Conflicts between required constraints do not stop the build: the engine breaks a
    /// constraint and logs a report, as Auto Layout does.
    public static func build(_ file: LayoutFile, overrides: Overrides = Overrides()) throws(TextFileError) -> LayoutEngine {
        let engine = LayoutEngine()
        engine.platform = overrides.platform ?? .ios
        var metrics: [String: Double] = [:]
        for statement in file.statements {
            switch statement {
            case .item(let item):
                try declare(item, in: engine, overrides: overrides)
            case .metric(let name, let value, _):
                metrics[name] = value
            case .platform(let platform, _):
                if overrides.platform == nil { engine.platform = platform }
            case .constraint(let c):
                try activate(c, in: engine)
            case .format(let format):
                try activate(format, metrics: metrics, in: engine)
            }
        }
        if let size = overrides.size {
            for root in engine.items where root.parent == nil && root.kind == .view {
                do {
                    try engine.setSize(of: root, width: size.width, height: size.height)
                } catch {
                    throw TextFileError(error.description, at: TextLocation(offset: 0, line: 1, column: 1))
                }
            }
        }
        return engine
    }

    private static func declare(_ d: LayoutFile.Item, in engine: LayoutEngine, overrides: Overrides) throws(TextFileError) {
        var parent: LayoutItem? = nil
        if let name = d.parent {
            guard let p = engine.item(named: name) else {
                throw TextFileError("unknown item '\(name)' (items must be declared before they are used)", at: d.parentLocation ?? d.location)
            }
            parent = p
        }
        if parent != nil && d.size != nil {
            throw TextFileError("'size' applies to root views; give a subview constraints or an intrinsic size", at: d.location)
        }
        do throws(LayoutError) {
            let item: LayoutItem
            if d.kind == .guide, let parent {
                item = try engine.addGuide(d.name, in: parent, insets: d.insets)
            } else {
                item = try engine.addView(d.name, in: parent)
            }
            if let margins = d.margins { try engine.setLayoutMargins(margins, of: item) }
            if let direction = d.direction {
                try engine.setLayoutDirection(direction, of: item)
            } else if parent == nil && overrides.rightToLeft {
                try engine.setLayoutDirection(.rightToLeft, of: item)
            }
            if parent == nil, let size = d.size {
                try engine.setSize(of: item, width: size.width, height: size.height)
            }
            if let h = d.hugging.horizontal { try engine.setContentHuggingPriority(h, for: .horizontal, of: item) }
            if let v = d.hugging.vertical { try engine.setContentHuggingPriority(v, for: .vertical, of: item) }
            if let h = d.compression.horizontal { try engine.setCompressionResistancePriority(h, for: .horizontal, of: item) }
            if let v = d.compression.vertical { try engine.setCompressionResistancePriority(v, for: .vertical, of: item) }
            if let intrinsic = d.intrinsic { try engine.setIntrinsicContentSize(intrinsic, of: item) }
            if let b = d.baselines {
                guard let last = b.last ?? item.intrinsicContentSize.height.map({ $0 - b.first }) else {
                    throw LayoutError.invalidValue(
                        "one baseline value is a single line of text and needs an intrinsic height; give 'baseline FIRST,LAST' otherwise")
                }
                try engine.setBaselineOffsets(firstFromTop: b.first, lastFromBottom: last, of: item)
            }
            if let frame = d.frame { try engine.setAutoresizing(frame: frame, mask: d.autoresizing ?? [], of: item) }
        } catch {
            throw TextFileError(error.description, at: d.location)
        }
    }

    private static func activate(_ d: LayoutFile.Constraint, in engine: LayoutEngine) throws(TextFileError) {
        guard let first = engine.item(named: d.firstItem) else {
            throw TextFileError("unknown item '\(d.firstItem)'", at: d.firstItemLocation)
        }
        var second: LayoutItem? = nil
        if let name = d.secondItem {
            guard let item = engine.item(named: name) else {
                throw TextFileError("unknown item '\(name)'", at: d.secondItemLocation ?? d.location)
            }
            second = item
        }
        let constraint = LayoutConstraint(
            item: first, attribute: d.firstAttribute, relatedBy: d.relation, toItem: second,
            attribute: d.secondAttribute, multiplier: d.multiplier, constant: d.constant,
            priority: d.priority, identifier: d.identifier)
        do {
            try engine.activate([constraint])
        } catch {
            throw TextFileError(error.description, at: d.location)
        }
    }

    private static func activate(_ d: LayoutFile.Format, metrics: [String: Double], in engine: LayoutEngine) throws(TextFileError) {
        var options = VFLFormatOptions()
        for name in d.options {
            guard let option = VFLFormatOptions(name: name) else {
                throw TextFileError("unknown format option '\(name)'", at: d.location)
            }
            options.insert(option)
        }
        do {
            let constraints = try engine.constraints(visualFormat: d.format, options: options, metrics: metrics)
            try engine.activate(constraints)
        } catch let error as VFLError {
            let column = d.location.column + error.offset
            throw TextFileError(error.message, at: TextLocation(offset: d.location.offset + error.offset, line: d.location.line, column: column))
        } catch {
            throw TextFileError("\(error)", at: d.location)
        }
    }
}
