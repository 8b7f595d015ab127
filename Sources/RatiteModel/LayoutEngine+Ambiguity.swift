import RatiteSolver
import RatiteSupport
import RatiteVFL

/// Ambiguity: items whose frames are not pinned down by the constraints, and the tools
/// Auto Layout offers to find them.
extension LayoutEngine {
    /// Whether some part of the item's frame can take other values without making the
    /// layout worse.
    /// - Complexity: one copy of the solver's tableau, restricted to its optimal face; then
    ///   for each of the item's four frame variables, its explicit form, and where the tableau
    ///   does not show its range, two optimizations of it on the copy.
    public func hasAmbiguousLayout(_ item: LayoutItem) -> Bool {
        ranges(of: frameVariables(of: item).map(\.1)).contains { isAmbiguous($0) }
    }

    /// The optimal ranges of variables, ignoring the hidden constraints of an exercised
    /// layout (they only pick a point of each range).
    private func ranges(of vs: [Int32]) -> [(min: Double, max: Double)] {
        core.optimalRanges(ofVariables: vs, ignoringLevelsAtOrBelow: exerciseConstraints.isEmpty ? 0 : exercisePriority)
    }

    /// Every ambiguous item attribute with the range of values it can take without making
    /// the layout worse, in item creation order.
    /// - Complexity: one sweep over the tableau's rows (sorting the definitions by level)
    ///   finds the variables that may move, and one copy of the tableau restricted to its
    ///   optimal face serves them all. A variable with a short explicit form (at most 64
    ///   terms) costs that form and the columns of its symbols where the tableau shows its
    ///   range (optional constraints sharing slack: one row of views with optional widths);
    ///   the others are minimized one after another, then maximized, each starting from the
    ///   last one's optimum with the objective changed by their difference, so neighbours
    ///   along a chain cost a few terms and the pivots their optima need, where probing
    ///   every variable from scratch would be quadratic.
    public func ambiguityReport() -> AmbiguityReport {
        core.updateValues()
        // Most variables of a finished layout have one optimal value; only the others need
        // a range (`optimalRanges` shares one copy of the core among them).
        let floor = exerciseConstraints.isEmpty ? 0 : exercisePriority
        let mayMove = core.variablesThatMayMove(ignoringLevelsAtOrBelow: floor)
        var candidates: [(item: LayoutItem, attribute: Attribute, variable: Int32)] = []
        for item in items {
            for (attribute, v) in frameVariables(of: item) where mayMove[Int(v)] {
                candidates.append((item, attribute, v))
            }
        }
        let ranges = core.optimalRanges(ofVariables: candidates.map(\.variable), ignoringLevelsAtOrBelow: floor)
        var entries: [AmbiguityReport.Entry] = []
        for (candidate, range) in zip(candidates, ranges) where isAmbiguous(range) {
            entries.append(.init(
                item: candidate.item, attribute: candidate.attribute,
                value: core.currentValue(ofVariable: candidate.variable), minimum: range.min, maximum: range.max))
        }
        return AmbiguityReport(entries: entries)
    }

    /// Moves the item's ambiguous attributes to another equally good layout (the other end
    /// of each range, or 100 points away where a range is unbounded). The choice is held by
    /// hidden constraints below every other priority, dropped at the next activation or
    /// deactivation. Call `layout()` to see the result.
    /// - Complexity: that of `hasAmbiguousLayout(_:)`, plus adding up to four constraints.
    public func exerciseAmbiguity(_ item: LayoutItem) {
        guard item.engine === self else { return }
        // Exercising again moves on from the last choice, so drop the constraints holding it.
        let own = Set(frameVariables(of: item).map(\.1))
        exerciseConstraints.removeAll { id in
            guard let v = core.terms(ofConstraint: id).first?.variable, own.contains(v) else { return false }
            try? core.removeConstraint(id)
            return true
        }
        core.updateValues()
        let lowest = core.lowestPriority ?? 1000
        if exerciseConstraints.isEmpty { exercisePriority = min(lowest, 1) / 2 }
        // The hidden constraints added below sit on the level the ranges ignore, so one copy
        // of the core serves all four.
        let variables = frameVariables(of: item).map(\.1)
        for (v, range) in zip(variables, ranges(of: variables)) where isAmbiguous(range) {
            let value = core.currentValue(ofVariable: v)
            var target: Double
            if abs(value - range.min) <= abs(range.max - value) {
                target = range.max.isFinite ? range.max : value + 100
            } else {
                target = range.min.isFinite ? range.min : value - 100
            }
            if !target.isFinite { target = value + 100 }
            if let id = try? core.addConstraint(
                terms: [VariableTerm(variable: v, coefficient: 1)], constant: -target, relation: .equal,
                priority: exercisePriority)
            {
                exerciseConstraints.append(id)
            }
        }
    }

    /// Drops the constraints that hold an exercised layout.
    func clearExercise() {
        guard !exerciseConstraints.isEmpty else { return }
        let old = exerciseConstraints
        onUndo { [weak self] in self?.exerciseConstraints = old }
        for id in exerciseConstraints { try? core.removeConstraint(id) }
        exerciseConstraints.removeAll()
    }

    /// The constraints that currently determine the item's position and size on `axis`:
    /// changing any of their constants would move it. Includes constraints on other items
    /// the layout passes through; excludes inequalities that are not binding.
    /// - Complexity: proportional to the explicit forms of the item's two variables on `axis`
    ///   (their rows expanded down to parametric symbols), plus sorting the result.
    public func constraintsAffectingLayout(_ item: LayoutItem, for axis: Axis) -> [LayoutConstraint] {
        var seen = Set<ObjectIdentifier>()
        var result: [LayoutConstraint] = []
        let variables = axis == .horizontal ? [item.minX, item.width] : [item.minY, item.height]
        for v in variables {
            for (id, tag) in core.constraintsDetermining(variable: v) {
                guard let c = constraint(ofCoreID: id, tag: tag) else { continue }
                if seen.insert(ObjectIdentifier(c)).inserted { result.append(c) }
            }
        }
        return result.sorted { $0.activationSerial < $1.activationSerial }
    }

    private func frameVariables(of item: LayoutItem) -> [(Attribute, Int32)] {
        [(.left, item.minX), (.top, item.minY), (.width, item.width), (.height, item.height)]
    }

    private func isAmbiguous(_ range: (min: Double, max: Double)) -> Bool {
        range.max - range.min > 1e-7 * max(1, abs(range.min), abs(range.max))
            || !range.min.isFinite || !range.max.isFinite
    }
}

/// Item attributes that can take a range of values without making the layout worse.
public struct AmbiguityReport: CustomStringConvertible {
    /// One ambiguous attribute, in root coordinates.
    public struct Entry {
        /// The item whose frame is ambiguous.
        public let item: LayoutItem
        /// `left`, `top`, `width` or `height`.
        public let attribute: Attribute
        /// The value in the current layout.
        public let value: Double
        /// The smallest value any equally good layout gives it; `-infinity` when unbounded.
        public let minimum: Double
        /// The largest value any equally good layout gives it; `infinity` when unbounded.
        public let maximum: Double
    }

    /// The ambiguous attributes, in item creation order.
    public let entries: [Entry]

    /// Whether the layout is unambiguous.
    public var isEmpty: Bool { entries.isEmpty }

    /// One line per entry under a heading, or the empty string when there is none.
    public var description: String {
        guard !entries.isEmpty else { return "" }
        var text = "Ambiguous layout (root coordinates):\n"
        for e in entries {
            let low = e.minimum.isFinite ? formatNumber(e.minimum) : "-inf"
            let high = e.maximum.isFinite ? formatNumber(e.maximum) : "inf"
            text += "  \(e.item.name).\(e.attribute.rawValue) = \(formatNumber(e.value))"
            text += " can be anywhere in [\(low), \(high)]\n"
        }
        return text
    }
}
