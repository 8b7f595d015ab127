internal import RatitePrefetch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable array of plain records that the core owns outright.
///
/// The core's big tables (rows, cells, symbols, column lists, constraints) are not Swift
/// arrays, which would bring two costs:
///
/// - **Copy-on-write.** Every write checks that the buffer is uniquely referenced, and a
///   non-mutating call from a mutating method can copy the whole core to pass it.
/// - **Growth by copying.** A full array moves into a block twice its size: for a moment
///   the old block and the copy are both resident, which sets the peak memory of a large
///   build.
///
/// A `RecordBuffer` is non-copyable, so there is nothing to check on a write and nothing is
/// ever copied by accident (`copy()` is explicit). A large buffer is a private mapping that
/// grows with `mremap`: the kernel moves page tables, not bytes, and no old block lingers.
/// Small ones use `malloc` and `realloc`.
///
/// Subscripts check bounds like an array's, so a bad index stops the process instead of
/// reading or writing another record.
struct RecordBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    /// How many elements are in use; the rest of `capacity` is uninitialized. (A buffer
    /// filled with `appendUnwrittenWithinCapacity` also has unwritten slots below `count`:
    /// never `copy()` it or read it whole.)
    private(set) var count = 0
    private(set) var capacity: Int
    /// The size of the mapping that holds the elements, or 0 while they are in a `malloc`
    /// block.
    private var mappedBytes = 0

    init() {
        capacity = Swift.max(1, 64 / MemoryLayout<Element>.stride)
        base = allocateBlock(capacity)
    }

    deinit {
        releaseStorage(base, mappedBytes: mappedBytes)
    }

    /// An independent copy holding the same elements.
    func copy() -> RecordBuffer<Element> {
        var result = RecordBuffer<Element>()
        result.reserveCapacity(count)
        result.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        return result
    }

    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0 ..< count }

    @inline(__always) subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "record index out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "record index out of range")
            return base + index
        }
    }

    /// The element at `index`, which the caller has checked against a buffer kept the same
    /// length as this one (`CellPool` checks a cell's word, then reads its coefficient).
    @inline(__always) func element(checkedElsewhere index: Int) -> Element {
        assert(UInt(bitPattern: index) < UInt(bitPattern: count), "record index out of range")
        return base[index]
    }

    /// Starts loading the element at `index` into the cache without waiting for it, for a
    /// loop that will read it a few steps on. A hint: an index out of range is ignored.
    @inline(__always) func prefetch(_ index: Int) {
        if UInt(bitPattern: index) < UInt(bitPattern: count) { ratite_prefetch(base + index) }
    }

    /// The elements in `range`, read in place: valid until the buffer next grows, so never
    /// hold one across an append.
    @inline(__always) subscript(range: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "record range out of range")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    @inline(__always) subscript(range: PartialRangeFrom<Int>) -> UnsafeBufferPointer<Element> {
        self[range.lowerBound ..< count]
    }

    /// Every element, read in place (see the range subscript).
    @inline(__always) var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(toAtLeast: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends where the caller has made sure there is room (`CellPool` grows its two
    /// buffers together and checks once).
    @inline(__always) mutating func appendWithinCapacity(_ element: Element) {
        assert(count < capacity)
        (base + count).initialize(to: element)
        count += 1
    }

    /// Counts one more element without writing it, where the caller has made sure there is
    /// room and never reads the slot before writing it (`CellPool` leaves the coefficient
    /// of a ±1 cell unwritten, so a mapping's page that only such cells reach is never
    /// made resident).
    @inline(__always) mutating func appendUnwrittenWithinCapacity() {
        assert(count < capacity)
        count += 1
    }

    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, !elements.isEmpty else { return }
        if count + elements.count > capacity { grow(toAtLeast: count + elements.count) }
        (base + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    /// Drops the elements from `newCount` on.
    @inline(__always) mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "record count out of range")
        count = newCount
    }

    mutating func removeAll() { count = 0 }

    /// Empties the buffer, keeping its storage only up to `limit` elements: a rare large
    /// batch would otherwise hold its peak storage for good.
    mutating func removeAll(keepingAtMost limit: Int) {
        if capacity > limit { self = RecordBuffer() } else { count = 0 }
    }

    /// Removes the last element and returns it.
    @inline(__always) mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast on an empty record buffer")
        count -= 1
        return base[count]
    }

    mutating func reserveCapacity(_ minimum: Int) {
        if minimum > capacity { grow(toAtLeast: minimum, exactly: true) }
    }

    /// `reserveCapacity` for a buffer whose unwritten slots must stay unwritten (see
    /// `appendUnwrittenWithinCapacity`): moving out of a `malloc` block into a mapping
    /// copies only the slots `isWritten` names, where a plain move copies every slot and
    /// makes the whole copy resident. (Small buffers stay `malloc` blocks: a mapping from
    /// the start would cost every small solver two system calls and two of the process's
    /// 65,530 mappings.)
    mutating func reserveCapacity(_ minimum: Int, copyingOnly isWritten: (Int) -> Bool) {
        guard minimum > capacity else { return }
        let stride = MemoryLayout<Element>.stride
        guard mappedBytes == 0, minimum * stride >= mappingThreshold else {
            grow(toAtLeast: minimum, exactly: true)
            return
        }
        let mapped = roundedToPages(minimum * stride)
        let fresh = freshMapping(mapped).assumingMemoryBound(to: Element.self)
        for i in 0 ..< count where isWritten(i) { fresh[i] = base[i] }
        releaseStorage(base, mappedBytes: 0)
        base = fresh
        mappedBytes = mapped
        capacity = mapped / stride
    }

    /// Moves the elements in `range` to start at `destination` (the two may overlap).
    mutating func moveElements(_ range: Range<Int>, to destination: Int) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "record range out of range")
        precondition(destination >= 0 && destination + range.count <= count, "record range out of range")
        (base + destination).moveInitialize(from: base + range.lowerBound, count: range.count)
    }

    /// Bytes of address space reserved (not necessarily resident).
    var reservedBytes: Int { capacity * MemoryLayout<Element>.stride }

    /// How many pages of the mapping are resident, or nil while the elements are in a
    /// `malloc` block or the system cannot say (for tests of what stays unwritten).
    var residentPages: Int? {
        #if os(Linux)
        guard mappedBytes > 0 else { return nil }
        var vector = [UInt8](repeating: 0, count: mappedBytes / pageSize)
        guard mincore(UnsafeMutableRawPointer(base), mappedBytes, &vector) == 0 else { return nil }
        return vector.reduce(0) { $0 + Int($1 & 1) }
        #else
        return nil
        #endif
    }

    private mutating func grow(toAtLeast minimum: Int, exactly: Bool = false) {
        let stride = MemoryLayout<Element>.stride
        let wanted = exactly ? minimum : Swift.max(minimum, 2 * capacity)
        guard wanted <= Int.max / stride else { fatalError("record buffer too large") }
        let bytes = wanted * stride
        if mappedBytes > 0 || bytes >= mappingThreshold {
            let mapped = roundedToPages(bytes)
            base = remappedBlock(base, count: count, mappedBytes: mappedBytes, newBytes: mapped)
                .assumingMemoryBound(to: Element.self)
            mappedBytes = mapped
            capacity = mapped / stride
        } else {
            guard let block = realloc(base, bytes) else { fatalError("out of memory") }
            base = block.assumingMemoryBound(to: Element.self)
            capacity = wanted
        }
    }
}

/// Blocks from this size on are mappings: below it `realloc` is cheap and the transient
/// copy is small. A lower threshold copies less on growth, but each build of a mid-size
/// system then faults in fresh mappings where the heap reuses the memory a previous one
/// freed (measured in docs/performance.md, "Every entry point").
private let mappingThreshold = 1 << 20

private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

private func roundedToPages(_ bytes: Int) -> Int { (bytes + pageSize - 1) / pageSize * pageSize }

private func allocateBlock<Element>(_ capacity: Int) -> UnsafeMutablePointer<Element> {
    guard let block = malloc(capacity * MemoryLayout<Element>.stride) else { fatalError("out of memory") }
    return block.assumingMemoryBound(to: Element.self)
}

private func releaseStorage<Element>(_ base: UnsafeMutablePointer<Element>, mappedBytes: Int) {
    if mappedBytes > 0 { munmap(UnsafeMutableRawPointer(base), mappedBytes) } else { free(base) }
}

/// A mapping of `newBytes` holding the first `count` elements of `base`: the same mapping
/// moved by `mremap` where the system has it, else a fresh mapping and a copy.
private func remappedBlock<Element>(
    _ base: UnsafeMutablePointer<Element>, count: Int, mappedBytes: Int, newBytes: Int
) -> UnsafeMutableRawPointer {
    if mappedBytes > 0, let remap = remapPages {
        let moved = remap(UnsafeMutableRawPointer(base), mappedBytes, newBytes, mayMove)
        guard let moved, moved != MAP_FAILED else { fatalError("out of memory") }
        return moved
    }
    let fresh = freshMapping(newBytes)
    fresh.copyMemory(from: UnsafeRawPointer(base), byteCount: count * MemoryLayout<Element>.stride)
    releaseStorage(base, mappedBytes: mappedBytes)
    return fresh
}

/// A private mapping of `bytes`; its pages become resident as they are written.
private func freshMapping(_ bytes: Int) -> UnsafeMutableRawPointer {
    let block = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
    guard let block, block != MAP_FAILED else { fatalError("out of memory") }
    return block
}

/// `MREMAP_MAYMOVE` from Linux's `sys/mman.h`.
private let mayMove: Int32 = 1

/// Linux's `mremap`, looked up at run time: Swift's Glibc module declares it only for GNU
/// sources, and other systems do not have it (then growth maps afresh and copies).
private typealias RemapFunction = @convention(c) (UnsafeMutableRawPointer?, Int, Int, Int32) -> UnsafeMutableRawPointer?
private let remapPages: RemapFunction? = {
    #if os(Linux)
    guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mremap") else { return nil }
    return unsafeBitCast(address, to: RemapFunction.self)
    #else
    return nil
    #endif
}()
