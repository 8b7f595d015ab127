/// Sorts `keys` by their upper 32 bits, least significant digit first (11-bit digits, as
/// many passes as the largest key needs). Keys with equal upper halves keep their order.
///
/// The cell pool's compaction orders its rows by pool position this way: at 100k
/// constraints that is 800k rows, where a comparison sort makes twenty passes to this
/// sort's three.
func sortByUpperHalf(_ keys: inout [UInt64]) {
    guard keys.count > 1 else { return }
    let digitBits: UInt64 = 11
    let mask = UInt64(1 << digitBits - 1)
    var highest: UInt64 = 0
    for key in keys { highest = max(highest, key >> 32) }
    var scratch = [UInt64](repeating: 0, count: keys.count)
    var starts = [Int](repeating: 0, count: Int(mask) + 2)
    var shift: UInt64 = 32
    var sortedIsScratch = false
    keys.withUnsafeMutableBufferPointer { keys in
        scratch.withUnsafeMutableBufferPointer { scratch in
            starts.withUnsafeMutableBufferPointer { starts in
                while shift < 64 && highest >> (shift - 32) != 0 {
                    let (from, to) = sortedIsScratch ? (scratch, keys) : (keys, scratch)
                    starts.update(repeating: 0)
                    for key in from { starts[Int((key >> shift) & mask) + 1] += 1 }
                    for d in 1 ..< starts.count { starts[d] += starts[d - 1] }
                    for key in from {
                        let d = Int((key >> shift) & mask)
                        to[starts[d]] = key
                        starts[d] += 1
                    }
                    sortedIsScratch.toggle()
                    shift += digitBits
                }
            }
        }
    }
    if sortedIsScratch { swap(&keys, &scratch) }
}
