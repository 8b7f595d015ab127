import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteVFL

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

        /// Overrides; the defaults override nothing.
        public init(
            size: (width: Double, height: Double)? = nil, rightToLeft: Bool = false, platform: LayoutPlatform? = nil
        ) {
            self.size = size
            self.rightToLeft = rightToLeft
            self.platform = platform
        }
    }

    /// One layout of a file: the first (everything before the first `step` line, index 0)
    /// or the one after a step's changes.
    public struct Step {
        /// 0 for the first layout, then 1, 2, ... for each `step` line.
        public let index: Int
        /// The text after `step` ("" for the first layout or a step without a name).
        public let name: String
        /// Where the `step` line is; nil for the first layout.
        public let location: TextLocation?
        /// The conflicts the engine met during this step (oldest first).
        public let conflicts: [ConflictReport]
        /// The ambiguity after this step's layout.
        public let ambiguity: AmbiguityReport
        /// Whether this step's layout passed the solver's check against the constraints as
        /// written (`LayoutEngine.isAnswerVerified`).
        public let isVerified: Bool
        /// How many `step` lines the file has: with none, its one layout has no heading.
        public let stepCount: Int

        /// The heading `ratite layout` prints above this layout: `initial layout`, `step 1`,
        /// `step 2: NAME`.
        public var title: String {
            index == 0 ? "initial layout" : "step \(index)" + (name.isEmpty ? "" : ": \(name)")
        }
    }

    /// The engine with every item, constraint and step change of `file` applied in order
    /// (not laid out). Conflicts between required constraints do not stop the build: the
    /// engine breaks a constraint and logs a report, as Auto Layout does.
    /// - Complexity: that of the engine operations the statements make, in file order.
    public static func build(
        _ file: LayoutFile, overrides: Overrides = Overrides()
    ) throws(TextFileError) -> LayoutEngine {
        try run(file, overrides: overrides, afterLayout: nil)
    }

    /// Builds `file` in `engine` (a new one by default) and lays it out before each `step`
    /// line and at the end, calling `afterLayout` with the engine and the step each time:
    /// the frames after each step, with that step's conflicts and ambiguity; what it throws
    /// stops the run. `overrides.size` resizes the root views before the first layout.
    /// Returns the engine in its final state.
    /// - Complexity: that of `build`, plus a `LayoutEngine.layout()` and an
    ///   `LayoutEngine.ambiguityReport()` per layout when `afterLayout` is given.
    public static func run(
        _ file: LayoutFile, into engine: LayoutEngine = LayoutEngine(), overrides: Overrides = Overrides(),
        afterLayout: ((LayoutEngine, Step) throws(TextFileError) -> Void)?
    ) throws(TextFileError) -> LayoutEngine {
        if let platform = overrides.platform { engine.platform = platform }
        let stepCount = file.stepCount
        var metrics: [String: Double] = [:]
        var ids: [String: LayoutConstraint] = [:]
        var step = (index: 0, name: "", location: TextLocation?.none, firstConflict: engine.conflictLog.count)
        func finishStep() throws(TextFileError) {
            if step.index == 0, let size = overrides.size {
                for root in engine.items where root.parent == nil && root.kind == .view {
                    do {
                        try engine.setSize(of: root, width: size.width, height: size.height)
                    } catch {
                        throw TextFileError(error.description, at: TextLocation(offset: 0, line: 1, column: 1))
                    }
                }
            }
            guard let afterLayout else { return }
            engine.layout()
            let conflicts = Array(engine.conflictLog[step.firstConflict...])
            try afterLayout(
                engine,
                Step(index: step.index, name: step.name, location: step.location, conflicts: conflicts,
                     ambiguity: engine.ambiguityReport(), isVerified: engine.isAnswerVerified, stepCount: stepCount))
        }
        for statement in file.statements {
            switch statement {
            case .item(let item):
                try declare(item, in: engine, overrides: overrides)
            case .metric(let name, let value, _):
                metrics[name] = value
            case .platform(let platform, _):
                if overrides.platform == nil { engine.platform = platform }
            case .constraint(let c):
                let made = try activate(c, in: engine)
                if let id = c.identifier {
                    guard ids[id] == nil else {
                        throw TextFileError("a constraint with id '\(id)' already exists", at: c.location)
                    }
                    ids[id] = made
                }
            case .format(let format):
                try activate(format, metrics: metrics, in: engine)
            case .step(let name, let location):
                try finishStep()
                step = (step.index + 1, name, location, engine.conflictLog.count)
            case .change(let change, let location):
                try apply(change, at: location, ids: ids, in: engine)
            }
        }
        try finishStep()
        return engine
    }

    /// Applies a step's change; refused changes are errors at their line.
    private static func apply(
        _ change: LayoutFile.Change, at location: TextLocation, ids: [String: LayoutConstraint], in engine: LayoutEngine
    ) throws(TextFileError) {
        func constraint(_ id: String, _ at: TextLocation) throws(TextFileError) -> LayoutConstraint {
            guard let c = ids[id] else {
                throw TextFileError(
                    "unknown constraint id '\(id)' (give a constraint 'id=\(id)' before it is used)", at: at)
            }
            return c
        }
        func item(_ name: String, _ at: TextLocation) throws(TextFileError) -> LayoutItem {
            guard let item = engine.item(named: name) else { throw TextFileError("unknown item '\(name)'", at: at) }
            return item
        }
        // Names are resolved first (their errors point at them), then the engine changes.
        let operation: () throws(LayoutError) -> Void
        switch change {
        case .properties(let d):
            let target = try item(d.name, d.location)
            operation = { () throws(LayoutError) in try apply(d, to: target, in: engine) }
        case .constant(let id, let value, let at):
            let c = try constraint(id, at)
            operation = { () throws(LayoutError) in try engine.setConstant(value, for: c) }
        case .priority(let id, let priority, let at):
            let c = try constraint(id, at)
            operation = { () throws(LayoutError) in try engine.setPriority(priority, for: c) }
        case .activation(let list, let active):
            var constraints: [LayoutConstraint] = []
            for (id, at) in list { constraints.append(try constraint(id, at)) }
            operation = { () throws(LayoutError) in
                if active { try engine.activate(constraints) } else { engine.deactivate(constraints) }
            }
        case .resize(let name, let width, let height, let at):
            let root = try item(name, at)
            operation = { () throws(LayoutError) in try engine.setSize(of: root, width: width, height: height) }
        }
        do throws(LayoutError) {
            try operation()
        } catch {
            throw TextFileError(error.description, at: location)
        }
    }

    private static func declare(
        _ d: LayoutFile.Item, in engine: LayoutEngine, overrides: Overrides
    ) throws(TextFileError) {
        var parent: LayoutItem? = nil
        if let name = d.parent {
            guard let p = engine.item(named: name) else {
                throw TextFileError(
                    "unknown item '\(name)' (items must be declared before they are used)",
                    at: d.parentLocation ?? d.location)
            }
            parent = p
        }
        if parent != nil && d.size != nil {
            throw TextFileError(
                "'size' applies to root views; give a subview constraints or an intrinsic size", at: d.location)
        }
        do throws(LayoutError) {
            let item: LayoutItem
            if d.kind == .guide, let parent {
                item = try engine.addGuide(d.name, in: parent, insets: d.insets)
            } else {
                item = try engine.addView(d.name, in: parent)
            }
            try apply(d, to: item, in: engine, rightToLeftRoot: parent == nil && overrides.rightToLeft)
        } catch {
            throw TextFileError(error.description, at: d.location)
        }
    }

    /// Applies an item's properties (a declaration's or a step's `set`), intrinsic size
    /// before baselines, whose single-value form derives from it.
    private static func apply(
        _ d: LayoutFile.Item, to item: LayoutItem, in engine: LayoutEngine, rightToLeftRoot: Bool = false
    ) throws(LayoutError) {
        if let margins = d.margins { try engine.setLayoutMargins(margins, of: item) }
        if let direction = d.direction {
            try engine.setLayoutDirection(direction, of: item)
        } else if rightToLeftRoot {
            try engine.setLayoutDirection(.rightToLeft, of: item)
        }
        if item.parent == nil, let size = d.size {
            try engine.setSize(of: item, width: size.width, height: size.height)
        }
        if let h = d.hugging.horizontal { try engine.setContentHuggingPriority(h, for: .horizontal, of: item) }
        if let v = d.hugging.vertical { try engine.setContentHuggingPriority(v, for: .vertical, of: item) }
        if let h = d.compression.horizontal {
            try engine.setCompressionResistancePriority(h, for: .horizontal, of: item)
        }
        if let v = d.compression.vertical { try engine.setCompressionResistancePriority(v, for: .vertical, of: item) }
        if let intrinsic = d.intrinsic { try engine.setIntrinsicContentSize(intrinsic, of: item) }
        if let b = d.baselines {
            guard let last = b.last ?? item.intrinsicContentSize.height.map({ $0 - b.first }) else {
                throw LayoutError.invalidValue(
                    "one baseline value is a single line of text and needs an intrinsic height; "
                        + "give 'baseline FIRST,LAST' otherwise")
            }
            try engine.setBaselineOffsets(firstFromTop: b.first, lastFromBottom: last, of: item)
        }
        if let frame = d.frame { try engine.setAutoresizing(frame: frame, mask: d.autoresizing ?? [], of: item) }
    }

    @discardableResult
    private static func activate(
        _ d: LayoutFile.Constraint, in engine: LayoutEngine
    ) throws(TextFileError) -> LayoutConstraint {
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
        return constraint
    }

    private static func activate(
        _ d: LayoutFile.Format, metrics: [String: Double], in engine: LayoutEngine
    ) throws(TextFileError) {
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
            throw TextFileError(
                error.message,
                at: TextLocation(offset: d.location.offset + error.offset, line: d.location.line, column: column))
        } catch {
            throw TextFileError("\(error)", at: d.location)
        }
    }
}
