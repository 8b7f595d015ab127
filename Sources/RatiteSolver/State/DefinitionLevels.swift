/// What the core knows about its definition levels as a whole (see
/// `SimplexCore+DefinitionLevels.swift`): when they must be renumbered, and whether new
/// definitions start from their variables' ids.
struct DefinitionLevels {
    /// The level past which the outermost commit renumbers every definition (lowered by
    /// tests and fuzzers, through `renumberDefinitionLevelsOften`).
    var ceiling = defaultDefinitionLevelCeiling
    /// Set when a definition level passes `ceiling`, or when definitions stop starting from
    /// variable ids; the outermost commit then renumbers them.
    var ranHigh = false
    /// How closely the definitions placed so far follow the order their variables were
    /// made in, within ±`variableOrderEvidenceLimit`, and whether definitions start from
    /// their variables' ids for now (see `weighVariableOrder`).
    var variableOrderEvidence: Int32 = 0
    var followVariableOrder = false
}
