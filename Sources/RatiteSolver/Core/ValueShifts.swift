/// How the values of a recorded schedule move with one constraint's constant, so that a drag
/// of one edit variable moves them without evaluating their definitions.
///
/// With the structure unchanged, every value is a linear function of the row constants, and
/// shifting one marker by `shift` moves each row constant by its coefficient of the marker
/// times `shift`. So each value moves by a fixed *gain* times `shift`: one multiply-add
/// instead of evaluating a definition (ten terms on the random family, where a resize moves
/// nearly every value). The gains are found once, by evaluating the recorded schedule on the
/// rows' coefficients of the marker in place of their constants
/// (`SimplexCore.recordValueShifts`).
///
/// `value + gain × shift` rounds differently from evaluating the definition, so a shifted
/// value may differ from an evaluated one in the last bits. The rule that keeps results
/// deterministic and bounded: an update shifts values only when everything since the last
/// update was shifts of the one marker the gains were found for, at the structure stamp they
/// were found at, and no answer check is due; every `evaluationPeriod`th such update in a row
/// evaluates instead, and so does every update whose answer is checked, so a checked answer
/// is always an evaluated one and the rounding of at most `evaluationPeriod - 1` shifts sits
/// in any value. The same operations in the same order take the same path, so the results are
/// bit-identical from run to run.
///
/// Kept to one array and a few words: the core's size shows in every call that moves it
/// (the C interface's calls do).
struct ValueShifts {
    /// One value that moves with the marker: its variable and its gain.
    struct Entry {
        var variable: Int32
        var gain: Double
    }

    /// The structure stamp the gains hold at, and their marker; `.max` and -1 when none are
    /// recorded.
    private(set) var stamp: UInt64 = .max
    private(set) var marker: Int32 = -1
    /// The marker shifts since the last recomputation: `pendingMarker` alone, by
    /// `pendingShift` in all, at `pendingStamp`; -1 when there were none, -2 when another
    /// marker shifted too or the structure changed between the shifts.
    private var pendingMarker: Int32 = -1
    private var pendingStamp: UInt64 = .max
    private var pendingShift = 0.0
    /// The values that move with the marker, in variable order.
    private(set) var entries: [Entry] = []
    /// Updates in a row that shifted values since values were last evaluated.
    private var shiftedInARow: Int32 = 0
    /// Whether values are shifted at all; tests turn it off to compare.
    var isEnabled = true

    /// Every this many updates in a row that could shift, one evaluates instead, which keeps
    /// the rounding of shifts from gathering.
    static let evaluationPeriod: Int32 = 64

    /// Notes that marker `m` shifted by `shift` at structure stamp `stamp`.
    mutating func noteShift(of m: Int32, by shift: Double, stamp: UInt64) {
        if pendingMarker == -1 {
            pendingMarker = m
            pendingShift = shift
            pendingStamp = stamp
        } else if pendingMarker == m && pendingStamp == stamp {
            pendingShift += shift
        } else {
            pendingMarker = -2
        }
    }

    /// The single marker shifted since the last recomputation and its total shift, when
    /// nothing else happened in between at `stamp`; forgets the shifts either way (values
    /// are about to be recomputed).
    mutating func takePending(stamp: UInt64) -> (marker: Int32, shift: Double)? {
        defer { pendingMarker = -1 }
        guard pendingMarker >= 0 && pendingStamp == stamp else { return nil }
        return (pendingMarker, pendingShift)
    }

    /// Whether shifting `pending` may stand for this update's recomputation; counts it when
    /// it may.
    mutating func admits(_ pending: (marker: Int32, shift: Double), stamp: UInt64) -> Bool {
        guard isEnabled && pending.marker == marker && stamp == self.stamp else { return false }
        guard shiftedInARow + 1 < Self.evaluationPeriod else {
            shiftedInARow = 0
            return false
        }
        shiftedInARow += 1
        return true
    }

    /// Whether gains for `m` at `stamp` are worth finding: shifting is on and none are
    /// recorded for them.
    func wants(_ m: Int32, stamp: UInt64) -> Bool { isEnabled && (m != marker || stamp != self.stamp) }

    /// Keeps the gains of `m`'s shifts at `stamp`.
    mutating func record(marker m: Int32, stamp: UInt64, entries: [Entry]) {
        marker = m
        self.stamp = stamp
        self.entries = entries
        shiftedInARow = 0
    }

    /// Notes an update that evaluated values.
    mutating func noteEvaluation() { shiftedInARow = 0 }

    /// Drops gains recorded at another stamp than `stamp`: stamps only grow, so they can
    /// never be used again, and a random system's 100k of them would otherwise stay held
    /// after its drag.
    @inline(__always) mutating func dropGains(unlessAt stamp: UInt64) {
        if marker >= 0 && stamp != self.stamp { dropGains() }
    }

    @inline(never)
    private mutating func dropGains() {
        marker = -1
        stamp = .max
        entries = []
    }
}
