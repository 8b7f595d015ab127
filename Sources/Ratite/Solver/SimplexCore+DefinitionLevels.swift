/// Renumbering definition levels before they overflow.
///
/// A definition row's level only ever rises: `raiseLevels` lifts the rows that refer to a
/// symbol above it, and nothing lowers them when the references go away. Levels are kept
/// exact enough for their two uses (expanding and recomputing in dependency order, and
/// bounding cycle searches), but they remember history: two chains of n links, joined end
/// to end and parted again, one way and then the other, lift each other by about 2n a round
/// (50 links: 20,048 after 200 rounds). Left alone, `level + 1` would pass `Int32.max` and
/// trap after enough rounds (about ten thousand with 100k links). So once a level passes
/// `definitionLevelCeiling`, the outermost commit gives every definition its lowest level
/// again: one above the highest definition it refers to, in an order the old levels
/// already make topological.
extension SimplexCore {
    /// Renumbers definition levels whenever one passes `ceiling`, from the next commit on:
    /// tests and fuzzers lower it so small systems exercise the renumbering.
    package mutating func renumberDefinitionLevelsOften(past ceiling: Int32) {
        definitionLevelCeiling = ceiling
    }

    /// Gives every definition row the least level the order allows.
    mutating func renumberDefinitionLevels() {
        var order: [(level: Int32, row: Int32)] = []
        for r in rows.indices where !rows[r].isUnused && rows[r].isDefinition { order.append((rows[r].level, Int32(r))) }
        // A row refers only to definitions below its level, which come first.
        order.sort { $0 < $1 }
        for (_, r) in order {
            var level: Int32 = 0
            for t in cells(of: rows[Int(r)]) where isDefined(t.symbol) { level = max(level, definitionLevel(t.symbol) + 1) }
            rows[Int(r)].level = level
        }
        definitionLevelsRanHigh = false
    }
}

/// The level past which definition levels are renumbered (`SimplexCore.definitionLevelCeiling`,
/// lowered by tests): half of `Int32.max`, so one operation, which raises a level by at most
/// the number of definition rows, cannot overflow before the commit renumbers them.
let defaultDefinitionLevelCeiling: Int32 = 1 << 30
