/// Sorts `items` by `key(item)`, least significant digit first (11-bit digits, as many
/// passes as the largest key needs). Items with equal keys keep their order.
///
/// The cell pool's compaction orders its rows by pool position this way: at 100k
/// constraints that is 800k rows, where a comparison sort makes twenty passes to this
/// sort's three. Sorting ids and reading their keys again in each pass keeps the scratch
/// to one array of ids: the sort runs at the pool's high-water mark, where the memory of
/// a build peaks.
@inline(__always)
func radixSort(_ items: inout [Int32], by key: (Int32) -> UInt32) {
    guard items.count > 1 else { return }
    let digitBits: UInt32 = 11
    let mask = UInt32(1 << digitBits - 1)
    var highest: UInt32 = 0
    for item in items { highest = max(highest, key(item)) }
    var scratch = [Int32](repeating: 0, count: items.count)
    var starts = [Int](repeating: 0, count: Int(mask) + 2)
    var shift: UInt32 = 0
    var sortedIsScratch = false
    items.withUnsafeMutableBufferPointer { items in
        scratch.withUnsafeMutableBufferPointer { scratch in
            starts.withUnsafeMutableBufferPointer { starts in
                while shift < 32 && highest >> shift != 0 {
                    let (from, to) = sortedIsScratch ? (scratch, items) : (items, scratch)
                    starts.update(repeating: 0)
                    for item in from { starts[Int((key(item) >> shift) & mask) + 1] += 1 }
                    for d in 1 ..< starts.count { starts[d] += starts[d - 1] }
                    for item in from {
                        let d = Int((key(item) >> shift) & mask)
                        to[starts[d]] = item
                        starts[d] += 1
                    }
                    sortedIsScratch.toggle()
                    shift += digitBits
                }
            }
        }
    }
    if sortedIsScratch { swap(&items, &scratch) }
}
