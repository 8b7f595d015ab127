/// The objective's live priority levels, highest priority first, with each level's rank.
///
/// Each symbol's objective coefficients are kept in rank order (see
/// `SimplexCore+Objective.swift`), so the rank of a level is asked for at every step of
/// every objective walk. Searching the order for it made a system with thousands of
/// distinct priorities about cubic; here it is one load. Ranks
/// are renumbered from the point of change when a level comes or goes, which happens at
/// most once per constraint added or removed.
struct LevelOrder: RandomAccessCollection {
    /// Level ids, highest priority first.
    private(set) var ids: [Int32] = []
    /// Each level id's position in `ids`, or `notRanked` for a level not in the order.
    private var ranks: [Int32] = []

    static let notRanked = Int32.max

    init() {}

    init(_ ids: [Int32]) {
        self.ids = ids
        renumber(from: 0)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { ids.count }
    @inline(__always) subscript(position: Int) -> Int32 { ids[position] }

    /// The position of level `l` in the order (0 for the highest priority), or `Int.max`
    /// when it is not in it.
    @inline(__always) func rank(_ l: Int32) -> Int {
        guard l >= 0 && Int(l) < ranks.count else { return Int.max }
        let r = ranks[Int(l)]
        return r == Self.notRanked ? Int.max : Int(r)
    }

    /// Puts level `l` at `position`, moving the levels from there down one rank.
    mutating func insert(_ l: Int32, at position: Int) {
        ids.insert(l, at: position)
        renumber(from: position)
    }

    /// Takes level `l` out of the order, if it is in it.
    mutating func remove(_ l: Int32) {
        let r = rank(l)
        guard r != Int.max else { return }
        ids.remove(at: r)
        ranks[Int(l)] = Self.notRanked
        renumber(from: r)
    }

    private mutating func renumber(from position: Int) {
        for p in position ..< ids.count {
            let l = Int(ids[p])
            if l >= ranks.count { ranks.append(contentsOf: repeatElement(Self.notRanked, count: l + 1 - ranks.count)) }
            ranks[l] = Int32(p)
        }
    }
}
