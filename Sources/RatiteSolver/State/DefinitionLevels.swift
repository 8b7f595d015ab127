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

extension DefinitionLevels {
    /// Everything but the ceiling, a setting: the evidence and the renumbering due are put
    /// back by a rollback.
    struct Savepoint {
        var ranHigh = false, variableOrderEvidence: Int32 = 0, followVariableOrder = false
    }

    @inline(__always) func savepoint() -> Savepoint {
        Savepoint(ranHigh: ranHigh, variableOrderEvidence: variableOrderEvidence,
                  followVariableOrder: followVariableOrder)
    }

    mutating func restore(_ point: Savepoint) {
        (ranHigh, variableOrderEvidence, followVariableOrder) =
            (point.ranHigh, point.variableOrderEvidence, point.followVariableOrder)
    }

    /// An independent copy (a plain value: nothing here is shared).
    func copy() -> DefinitionLevels { self }
}

#if RATITE_INTERNAL_CHECKS
extension DefinitionLevels {
    /// Checks that the evidence stays within its bounds; the levels themselves are checked
    /// against the rows by the core.
    func checkInvariants(_ fail: (String) -> Void) {
        if abs(variableOrderEvidence) > variableOrderEvidenceLimit {
            fail("variable order evidence \(variableOrderEvidence) past ±\(variableOrderEvidenceLimit)")
        }
        if ceiling <= 0 { fail("definition level ceiling \(ceiling)") }
    }
}
#endif
