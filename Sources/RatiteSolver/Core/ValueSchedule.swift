/// The order in which one recurring update evaluates definitions, kept while nothing but
/// constants changes.
///
/// Dragging a window suggests new values for the same edit variables frame after frame. With
/// no pivot in between, each update starts from the same dirty symbols and walks the same
/// definitions in the same order; only the numbers differ. Finding that order (a level heap
/// fed through column walks) cost more than evaluating the definitions. So the second
/// update in a row that starts from the same dirty list, with the tableau's structure
/// unchanged, records the order once; later ones replay it.
///
/// The recorded order holds every definition reachable from the dirty symbols, not only
/// those whose inputs changed the last time: a value that stayed put then may move now.
/// Evaluating a definition whose inputs did not move gives the value it already has, bit for
/// bit, so replay changes the same variables to the same values as the heap would. When that
/// superset is much larger than what the heap walks (most values unchanged), the order is
/// not used.
///
/// `SimplexCore.structureStamp` moves with every change to which rows hold which symbols and
/// which symbols are basic, since each such write goes through `noteSymbol` or
/// `noteColumnNode`, and with every pivot, addition, removal and rollback
/// (`noteStructuralChange`). A different stamp or dirty list makes the order stale.
struct ValueSchedule {
    /// The dirty list and structure stamp of the last update, recorded or not (an update of
    /// every value, after `allSymbolsDirty`, has no list: `lastCoveredEverything`).
    private var lastSeeds: [Int32] = []
    private var lastCoveredEverything = false
    private var lastStamp: UInt64 = .max
    /// How many definitions the last update evaluated through the heap.
    private var lastEvaluated = 0
    /// The recorded order, for the last update's seeds at `lastStamp`; nil when none is
    /// recorded.
    private(set) var order: [Int32]? = nil
    /// Set when the order for the last update's seeds was found not worth replaying.
    private var declined = false

    /// Updates that evaluate fewer definitions are not recorded: their heap is small, and
    /// copying their seeds would cost about what replay saves. Tests lower it.
    var leastWorthRecording = 64
    /// Whether orders are recorded at all; tests turn it off to compare.
    var isEnabled = true
    /// How many updates replayed a recorded order.
    private(set) var replays = 0

    /// Counts an update that replayed the recorded order.
    mutating func noteReplay() { replays += 1 }

    /// Whether an update starting from `seeds` (or from every value, when `everything`) at
    /// `stamp` repeats the last one.
    private func repeatsLast(_ seeds: [Int32], everything: Bool, stamp: UInt64) -> Bool {
        stamp == lastStamp && everything == lastCoveredEverything && (everything || seeds == lastSeeds)
    }

    /// Whether such an update can replay the recorded order.
    func fits(_ seeds: [Int32], everything: Bool, stamp: UInt64) -> Bool {
        order != nil && repeatsLast(seeds, everything: everything, stamp: stamp)
    }

    /// Whether such an update should record its order: it repeats the last one, and none is
    /// recorded or declined for it.
    func shouldRecord(_ seeds: [Int32], everything: Bool, stamp: UInt64) -> Bool {
        isEnabled && order == nil && !declined && lastEvaluated > 0
            && repeatsLast(seeds, everything: everything, stamp: stamp)
    }

    /// Remembers an update that went through the heap, evaluating `evaluated` definitions.
    mutating func noteHeapUpdate(seeds: [Int32], everything: Bool, stamp: UInt64, evaluated: Int) {
        guard evaluated >= leastWorthRecording else {
            forget()
            return
        }
        if !repeatsLast(seeds, everything: everything, stamp: stamp) {
            order = nil
            declined = false
            lastSeeds.removeAll(keepingCapacity: true)
            if !everything { lastSeeds.append(contentsOf: seeds) }
            lastCoveredEverything = everything
            lastStamp = stamp
        }
        lastEvaluated = evaluated
    }

    /// Keeps `recorded` for the last update's seeds, if replaying it costs no more than
    /// about twice what the heap evaluated (always, for an update of every value).
    /// - Returns: whether it was kept.
    @discardableResult
    mutating func record(_ recorded: [Int32]) -> Bool {
        guard lastCoveredEverything || recorded.count <= 2 * lastEvaluated + 64 else {
            declined = true
            return false
        }
        order = recorded
        return true
    }

    /// Forgets the seeds and any recorded order.
    mutating func forget() {
        guard lastStamp != .max else { return }
        lastSeeds.removeAll(keepingCapacity: true)
        lastCoveredEverything = false
        lastStamp = .max
        lastEvaluated = 0
        order = nil
        declined = false
    }
}
