/// Scratch of the definition-level walks (`SimplexCore+DefinitionLevels.swift`), kept
/// between calls so that a walk costs no allocation.
struct LevelWalk {
    /// Symbols still to be followed by the raising walk.
    var work: [Int32] = []
    /// The cycle search of the placement under way (`SimplexCore.dependentReference`).
    var search = DependentSearch()
}

/// A depth-first search from a parametric symbol through the definitions that refer to
/// it, transitively, below a level: where `SimplexCore.dependentReference` looks for a
/// reference of the row being placed. It stops at the first one and resumes from there.
///
/// A placement that meets a cycle expands that reference and tries again, often for the
/// same symbol. The row changes between the tries but the tableau does not, so each try
/// goes on where the last stopped instead of searching again from the start, which meets
/// the same rows again.
struct DependentSearch {
    /// The symbol searched from, -1 when no search is held.
    var from: Int32 = -1
    /// The level every definition met lies below.
    var bound: Int32 = 0
    /// Definitions met whose own dependents are still to be followed.
    var work: [Int32] = []
    /// The definitions met, in order, each flagged `visited` until the search is forgotten.
    var met: [Int32] = []
}
