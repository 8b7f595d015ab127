import Ratite

/// Internal checks of the solver and the layout engine, for tests and fuzzers.
public enum RatiteInvariants {
    /// Broken invariants of a solver's tableau (rows, columns, objective, levels, optimality)
    /// and, after `update()`, of its cached values. Empty when consistent.
    public static func violations(of solver: Solver) -> [String] {
        solver.core.invariantViolations() + solver.core.valueViolations()
    }

    /// The same for a layout engine's solver, after `layout()`, and the engine's records of
    /// what the solver holds (`LayoutEngine.bookkeepingViolations`).
    public static func violations(of engine: LayoutEngine) -> [String] {
        engine.core.invariantViolations() + engine.core.valueViolations() + engine.bookkeepingViolations()
    }

    /// The solver's tableau as text, for comparing states before and after an operation.
    public static func dump(of engine: LayoutEngine) -> String { engine.core.dump() }
}
