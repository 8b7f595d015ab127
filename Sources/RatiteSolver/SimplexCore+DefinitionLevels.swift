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
        for r in rows.indices where !rows[r].isUnused && rows[r].isDefinition {
            order.append((rows[r].level, Int32(r)))
        }
        // A row refers only to definitions below its level, which come first.
        order.sort { $0 < $1 }
        for (_, r) in order { rows[Int(r)].level = levelNeeded(by: rows[Int(r)]) }
        definitionLevelsRanHigh = false
    }

    /// The level for a definition of `x` that must be at least `least` (one above its
    /// highest reference): its variable's id, if that is higher, as far as the rows that
    /// already refer to `x` leave room below them.
    ///
    /// Any level above the references is correct; starting high saves raising later. When a
    /// definition joins two pieces, every row above it that is not already higher is
    /// raised: a chain linked in random order raised about ln n rows a link, three cache
    /// misses each, half of its build's misses at 100k. Layouts mostly make their variables
    /// in the order they come to depend on each other (views left to right, containers
    /// before their items), so a row that starts from its variable's id is usually above
    /// whatever it comes to refer to, and the join raises nothing. Staying below the rows
    /// that already refer to `x` keeps the start itself from raising anything.
    @inline(__always) func startingLevel(of x: Int32, atLeast least: Int32) -> Int32 {
        var level = min(symbols[Int(x)].owner, definitionLevelCeiling / 4)
        guard level > least, levelsFollowVariableOrder else { return least }
        // A long column is a hub's, whose rows are mostly LP rows: not worth the walk.
        var node = symbols[Int(x)].column
        for _ in 0 ..< 16 {
            guard node >= 0 else { return max(level, least) }
            let row = rows[Int(columnNodes[Int(node)].row)]
            if row.isDefinition && row.level <= level { level = row.level - 1 }
            node = columnNodes[Int(node)].next
        }
        return least
    }

    /// Weighs one more definition placed by `storedDefinition`: whether each definition it
    /// refers to is of an older variable than its own.
    ///
    /// Starting from ids pays only while most definitions follow the order the variables
    /// were made in. Where many run against it, rows started from ids sit in an order the
    /// dependencies contradict, and raising one lifts every row in between (the random
    /// family, where a quarter to half of the definitions refer to younger variables, is
    /// such a case: see docs/performance.md, "Why the code is as it is"). So a definition
    /// that follows counts 1 and one that runs against counts -2; levels start from ids
    /// once the count reaches `variableOrderEvidenceToFollow`, and from 0 again once it
    /// drops below 0, when every level is renumbered at the commit so that no row stays
    /// high among low ones. The random family never starts; chains, grids and trees,
    /// shuffled or not, climb to the limit within a few hundred definitions and stay
    /// there.
    mutating func weighVariableOrder(followed: Bool) {
        guard levelsStartFromVariableIDs else { return }
        let weight: Int32 = followed ? 1 : -2
        variableOrderEvidence = min(
            max(variableOrderEvidence + weight, -variableOrderEvidenceLimit), variableOrderEvidenceLimit)
        if !levelsFollowVariableOrder && variableOrderEvidence >= variableOrderEvidenceToFollow {
            levelsFollowVariableOrder = true
        } else if levelsFollowVariableOrder && variableOrderEvidence < 0 {
            levelsFollowVariableOrder = false
            definitionLevelsRanHigh = true
        }
    }
}

/// How far `SimplexCore.variableOrderEvidence` may run either way: a system whose
/// dependencies turn (a form appended to a random layout) tips it within a few hundred
/// definitions.
let variableOrderEvidenceLimit: Int32 = 1024

/// The count at which definitions start from their variables' ids (see
/// `SimplexCore.weighVariableOrder`).
let variableOrderEvidenceToFollow: Int32 = 64

/// The level past which definition levels are renumbered (`SimplexCore.definitionLevelCeiling`,
/// lowered by tests): half of `Int32.max`, so one operation, which raises a level by at most
/// the number of definition rows, cannot overflow before the commit renumbers them.
let defaultDefinitionLevelCeiling: Int32 = 1 << 30
