import Testing
@testable import Ratite

/// The core's owned storage: growth across the malloc/mapping boundary keeps every element,
/// copies are independent, moves may overlap, and the row-order sort agrees with the
/// library's.
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

    @Test(arguments: [0, 1, 2, 100, 5000]) func radixSortMatchesTheLibrarySort(count: Int) {
        var random = SplitMix64(seed: UInt64(count) + 3)
        for bound: UInt64 in [1, 2000, 1 << 22, 1 << 32] {
            let keys = (0 ..< count).map { _ in UInt32(random.next() % bound) }
            var items = (0 ..< Int32(count)).map { $0 }
            let expected = items.sorted { (keys[Int($0)], $0) < (keys[Int($1)], $1) }
            radixSort(&items) { keys[Int($0)] }
            #expect(items == expected, "count \(count) bound \(bound)")
        }
    }
}
