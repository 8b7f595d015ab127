import RatiteSupport

/// What the layout model asks the core about its constraints, as methods rather than reads
/// of the core's stored records, so that the records' layout stays the solver's own.
extension SimplexCore {
    /// One more than the largest constraint id handed out so far: an array this long has a
    /// place for every constraint, live or removed.
    package var constraintIDLimit: Int { registry.constraints.count }

    /// Whether live constraint `c` is a split equality (one row with a priority above and
    /// one below, `addSplitConstraint`).
    package func isSplitConstraint(_ c: Int32) -> Bool { registry.constraints[Int(c)].isSplit }

    /// The constant of live constraint `c` (`0 = constant + Σ terms`).
    package func constant(ofConstraint c: Int32) -> Double { registry.constraints[Int(c)].constant }

    /// The relation of live constraint `c`.
    package func relation(ofConstraint c: Int32) -> Relation { registry.constraints[Int(c)].relation }

    /// The marker of live constraint `c`: the symbol that identifies its row (a split
    /// equality's error above).
    package func marker(ofConstraint c: Int32) -> Int32 { registry.constraints[Int(c)].marker }

    /// The value of variable `v` after the last update, as `value(ofVariable:)`, for the
    /// layout model, which reads every moved item's frame. `mutating` only for the calling
    /// convention: a call from another module on a borrowed core first copies the whole
    /// core (over a kilobyte) into a temporary, where an inout one passes its address. It
    /// changes nothing.
    package mutating func currentValue(ofVariable v: Int32) -> Double { registry.variables[Int(v)].value }

    /// The priority of the highest level in use, or nil when there is none (only required
    /// constraints). A mutating getter for the calling convention, as `currentValue`: it
    /// changes nothing.
    package var highestPriority: Double? {
        mutating get { objective.levelOrder.first.map { objective.levels[Int($0)].priority } }
    }

    /// The priority of the lowest level in use, or nil when there is none (only required
    /// constraints).
    package var lowestPriority: Double? { objective.levelOrder.last.map { objective.levels[Int($0)].priority } }
}
