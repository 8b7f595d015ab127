#if RATITE_INTERNAL_CHECKS
/// Checks a free list threaded through the unused slots of a table of `count` slots (rows,
/// symbols, levels, constraints, variables): from `head`, each slot it reaches is in range
/// and unused, the walk ends within `count` steps, and it holds every unused slot.
/// `next` reads the link an unused slot keeps in a field it does not otherwise use.
func checkFreeList(
    of what: String, head: Int32, count: Int, isUnused: (Int) -> Bool, next: (Int) -> Int32,
    _ fail: (String) -> Void
) {
    var listed = 0
    var slot = head
    while slot >= 0 {
        guard Int(slot) < count, isUnused(Int(slot)), listed < count else {
            fail("the free \(what) list reaches \(what) \(slot), which is in use, or loops")
            return
        }
        listed += 1
        slot = next(Int(slot))
    }
    let unused = (0 ..< count).reduce(0) { $0 + (isUnused($1) ? 1 : 0) }
    if unused != listed { fail("\(unused) unused \(what) slots, \(listed) on the free list") }
}
#endif
