import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The core's owned storage: growth across the malloc/mapping boundary keeps every element,
/// copies are independent, moves may overlap, and the compaction's bitmap agrees with
/// a plain array of flags.
@Suite struct RecordBufferTests {
    @Test func growthPastTheMappingThresholdKeepsEveryElement() {
        var buffer = RecordBuffer<Int64>()
        // 8 MiB of elements: starts in a malloc block, moves to a mapping, then mremaps.
        for i in 0 ..< 1 << 20 { buffer.append(Int64(i) &* 2_654_435_761) }
        #expect(buffer.count == 1 << 20)
        #expect(buffer.capacity >= buffer.count)
        var wrong = 0
        for i in buffer.indices where buffer[i] != Int64(i) &* 2_654_435_761 { wrong += 1 }
        #expect(wrong == 0)
        buffer.truncate(to: 10)
        buffer.append(-1)
        #expect(buffer.count == 11 && buffer[10] == -1 && buffer[9] == 9 &* 2_654_435_761)
    }

    @Test func copiesAreIndependent() {
        var a = RecordBuffer<Int32>()
        for i in 0 ..< 1000 { a.append(Int32(i)) }
        var b = a.copy()
        b[0] = 99
        b.append(5)
        #expect(a[0] == 0 && a.count == 1000)
        #expect(b[0] == 99 && b.count == 1001 && b[999] == 999)
    }

    @Test func overlappingMovesKeepTheMovedElements() {
        var buffer = RecordBuffer<Int32>()
        for i in 0 ..< 100 { buffer.append(Int32(i)) }
        buffer.moveElements(10 ..< 60, to: 5)
        #expect(Array(buffer[5 ..< 55]) == Array(10 ..< 60).map(Int32.init))
        #expect(Array(buffer[0 ..< 5]) == [0, 1, 2, 3, 4])
    }

    /// A prefetch is a hint, and the core asks past either end (an empty free list's -1, a
    /// lookahead past the last row to rewrite): nothing traps and nothing changes.
    @Test func prefetchOutsideTheBufferChangesNothing() {
        var buffer = RecordBuffer<Int32>()
        for i in 0 ..< 100 { buffer.append(Int32(i)) }
        for i in [-1, Int.min, 100, 101, Int.max, 0, 99] { buffer.prefetch(i) }
        #expect(buffer.count == 100)
        #expect(Array(buffer[0 ..< 100]) == (0 ..< 100).map(Int32.init))
    }

    /// The compaction's bitmap against a plain array of flags, on random runs.
    @Test(arguments: [1, 63, 64, 65, 1000]) func liveCellMapAgreesWithFlags(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        var flags = [Bool](repeating: false, count: count)
        var map = LiveCellMap(count: count)
        for _ in 0 ..< 1 + count / 20 {
            let start = Int(random.next() % UInt64(count))
            let length = Int(random.next() % UInt64(min(130, count - start) + 1))
            map.mark(start, count: length)
            for p in start ..< start + length { flags[p] = true }
        }
        map.countRanks()
        for p in 0 ... count {
            #expect(map.liveCells(before: p) == flags[..<p].filter { $0 }.count, "rank at \(p)")
        }
        var runs: [Range<Int>] = []
        var position = 0
        while let run = map.nextRun(from: position) {
            runs.append(run)
            position = run.upperBound
        }
        var expected: [Range<Int>] = []
        var p = 0
        while p < count {
            guard flags[p] else { p += 1; continue }
            var q = p
            while q < count && flags[q] { q += 1 }
            expected.append(p ..< q)
            p = q
        }
        #expect(runs == expected)
    }
}
