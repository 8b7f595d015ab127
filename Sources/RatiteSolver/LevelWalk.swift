/// Scratch of the definition-level walks (`SimplexCore+DefinitionLevels.swift`), kept
/// between calls so that a walk costs no allocation.
struct LevelWalk {
    /// Symbols still to be followed.
    var work: [Int32] = []
    /// Symbols the cycle search flagged `visited`, to clear when it ends.
    var seen: [Int32] = []
}
