import RatiteCheck

// The checks of an answer shared by the solver harnesses, against the constraints as written.

/// Every required constraint of `system` holds at `values`, to the documented tolerance
/// (1e-9 of the numbers its left side sums).
func requireRequiredConstraintsHold(
    _ system: [ReferenceConstraint], at values: [Double], input: UnsafeBufferPointer<UInt8>
) {
    for c in system where c.isRequired {
        let scale = c.terms.reduce(abs(c.constant)) { $0 + abs($1.coefficient * values[$1.variable]) }
        require(c.violation(values) <= 1e-9 * max(1, scale), "required \(c) violated: \(values)", input: input)
    }
}

/// `values` reach the exact optimum `best` of `system` at every priority level: within 1e-9
/// relative, or 1e-12 of the numbers a level sums (a level whose optimum is 0 comes out as
/// rounding of its errors).
func requireOptimal(
    _ system: [ReferenceConstraint], at values: [Double], best: [(priority: Double, value: Double)],
    input: UnsafeBufferPointer<UInt8>
) {
    let ours = objectiveVector(system, values: values)
    let scales = best.map { level in
        system.filter { $0.priority == level.priority }.reduce(0.0) { sum, c in
            c.terms.reduce(sum + abs(c.constant)) { $0 + abs($1.coefficient * values[$1.variable]) }
        }
    }
    require(ours.count == best.count && ours.indices.allSatisfy { k in
        abs(ours[k].value - best[k].value) <= max(1e-9 * max(1, abs(best[k].value)), 1e-12 * scales[k])
    }, "not optimal: \(ours) vs \(best)", input: input)
}

/// The edit variables in force, as the reference sees them: each `x_v == value` at its
/// priority, at the value the core holds it at (its last suggestion, or where it started),
/// keyed by its variable (negative), so a reference session's warm start follows it.
func editConstraints(
    _ probe: CoreProbe, variables: [Int32], order: [Int], edits: [Int: (priority: Double, value: Double)]
) -> [(key: Int, constraint: ReferenceConstraint)] {
    order.compactMap { v in
        guard let e = edits[v] else { return nil }
        let value = probe.editValue(variables[v])
        return (-1 - v, ReferenceConstraint(terms: [(v, 1)], constant: -value, relation: .equal, priority: e.priority))
    }
}
