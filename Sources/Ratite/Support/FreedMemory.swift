#if canImport(Glibc)
import Glibc
#endif

/// Giving freed heap pages back to the system after the core's big arrays move.
///
/// A growing Swift array copies itself into a block twice the size and frees the old one.
/// Once glibc has raised its dynamic `mmap` threshold (it does so the first time a large
/// block is freed), those blocks come from the main heap, and a freed one stays resident:
/// the next block carved from it is resident before it is written, so the spare capacity of
/// every grown array counts in the process's resident size. At 100k chain views that was
/// about 130 of 430 bytes per constraint. `malloc_trim` returns the free pages (it advises
/// the kernel on free chunks inside the heap, not only at its top).
extension SimplexCore {
    /// Bytes reserved by the arrays that grow with the system. (Inlined: called from a
    /// mutating method, a plain call copies the whole core first.)
    @inline(__always) var reservedBytes: Int {
        rows.capacity * MemoryLayout<Row>.stride + cellPool.reservedBytes
            + symbols.reservedBytes + symbolKinds.reservedBytes + columnNodes.capacity * MemoryLayout<ColumnNode>.stride
            + objectiveNodes.capacity * MemoryLayout<ObjectiveNode>.stride
            + constraints.capacity * MemoryLayout<ConstraintRecord>.stride
            + constraintTerms.reservedBytes
            + variables.capacity * MemoryLayout<VariableRecord>.stride + flags.capacity
            + variableNames.capacity * MemoryLayout<String>.stride
            + workspace.reservedBytes
    }

    /// Returns freed heap pages to the system when the big arrays have grown by
    /// `trimmingStep` bytes or more since the last time, once they hold `trimmingFloor`.
    /// Looks after every operation: a few operations later, blocks carved from the freed
    /// pages have made them resident again (peak at 100k chain views 354 bytes per
    /// constraint when looking every time, 382 every 8th). Only growth counts: the cell
    /// pool's squeezes free and allocate blocks of about the same size back and forth, and
    /// trimming those made the next squeeze fault its pages in again (a tree of 10k built in
    /// 500 ms instead of 350).
    mutating func releaseFreedPagesIfArraysMoved() {
        // The symbol table is an eighth of the total or more: below that, the floor is far.
        if symbols.capacity &* MemoryLayout<SymbolRecord>.stride < trimmingFloor / 8 { return }
        let reserved = reservedBytes
        guard reserved >= trimmingFloor, reserved - reservedAtLastTrim >= trimmingStep else { return }
        reservedAtLastTrim = reserved
        _ = trimHeap?(0)
    }
}

/// glibc's `malloc_trim`, looked up at run time: Swift's Glibc module does not declare it,
/// and another C library may not have it (then nothing is trimmed).
private let trimHeap: (@convention(c) (Int) -> Int32)? = {
    #if canImport(Glibc)
    guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
    return unsafeBitCast(address, to: (@convention(c) (Int) -> Int32).self)
    #else
    return nil
    #endif
}()

/// Solvers smaller than this never trim (`SimplexCore.trimmingFloor`, lowered by tests). Pages given back fault in again when the heap
/// reuses them (4 µs each on this machine class): trimming from 1 MiB on made a chain of 10k
/// views build in 34 ms instead of 22, in the benchmark's repeated builds, where the
/// previous solver's freed pages are trimmed too.
let defaultTrimmingFloor = 1 << 25

/// Array growth that frees at least this much before the heap is trimmed.
let trimmingStep = 1 << 20
