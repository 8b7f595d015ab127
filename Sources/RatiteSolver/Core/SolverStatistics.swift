/// Counters the benchmark driver reports.
public struct SolverStatistics: Sendable, Equatable {
    /// Simplex pivots since the solver was created.
    public var pivots: Int = 0
    /// Definition rows expanded while building rows.
    public var expansions: Int = 0
    /// External values recomputed by updates.
    public var valuesRecomputed: Int = 0
    /// Rows rewritten by substituting a symbol's row into them (pivots, new rows solved for
    /// a symbol other rows hold): the work that grows when a basis choice is not local.
    public var substitutions: Int = 0
    /// Column entries unlinked in batches, deep in long columns (see
    /// `SimplexCore.substituteIntoLPRows`).
    public var batchedUnlinks: Int = 0
    /// Column nodes walked to unlink the entries of deleted rows (see
    /// `SimplexCore.columnRemoveOfDeletedRow`), for tests.
    package var deletedRowColumnWalk: Int = 0
    /// Paths of definitions reversed to free a symbol for a new row (see
    /// `SimplexCore.rerootDefinitions`), for tests.
    package var rerootedDefinitions: Int = 0
    /// Levels whose last constraint left roundoff coefficients behind, cleared by a scan
    /// (see `SimplexCore.purgeDeadLevel`), for tests.
    package var deadLevelPurges: Int = 0
    /// Updates whose values had drifted from the constraints by rounding, and were refined
    /// back (see docs/numerics.md).
    public var refinements: Int = 0
    /// Tableaux rebuilt from the constraints as written because refinement did not
    /// converge.
    public var rebuilds: Int = 0
    /// Decisions checked in exact arithmetic because the floating-point one was within
    /// roundoff.
    public var certifications: Int = 0
    /// Exact checks that found the floating-point decision wrong and corrected it, and
    /// operations the floating-point tableau failed that exact placement completed.
    public var exactCorrections: Int = 0
    /// Optima certified in floating point from the constraints as written, at updates past
    /// exact certification whose optimum was decided within roundoff (see docs/numerics.md).
    public var floatCertificates: Int = 0
    /// Float certificates that failed and sent the tableau to be repaired: its objective
    /// derived again, or the tableau rebuilt.
    public var floatCertificateRepairs: Int = 0
    /// Decisions past exact certification that the float path could not take, taken in
    /// exact arithmetic instead: failed operations placed exactly, answers that failed
    /// their check or float certificate after repair, required changes whose point broke
    /// a required constraint (see docs/numerics.md).
    public var exactFallbacks: Int = 0
    /// Exact tableaux written into the core.
    package var exactLoads: Int = 0
    /// Updates whose answer still broke a required constraint after a rebuild: only input
    /// outside the documented range (see docs/numerics.md) leads here.
    public var unverifiedAnswers: Int = 0
    /// Definition rows whose level a walk raised (see `SimplexCore.raiseLevels`), for
    /// tests.
    package var raisedLevels: Int = 0
    /// Exact eliminations run to prove a conflict irreducible (see
    /// `SimplexCore.checkRefusal`), for tests.
    package var conflictEliminations: Int = 0
    /// Definitions the cycle searches of placements met (see
    /// `SimplexCore.dependentReference`), for tests.
    package var cycleSearchRows: Int = 0
}
