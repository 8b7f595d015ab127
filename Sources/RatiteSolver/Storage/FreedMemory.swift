#if canImport(Glibc)
import Glibc
#endif

/// Giving freed heap pages back to the system as the solver grows.
///
/// The core's big tables are `RecordBuffer`s, mapped and grown in place. What still grows
/// on the heap (the variable names, the journal's logs, the C layer's id tables) grows as
/// Swift arrays do: copied into a block twice the size, the old one freed. Once glibc has
/// raised its dynamic `mmap` threshold (the first time a large block is freed), those
/// blocks come from the main heap, and a freed one stays resident: the next block carved
/// from it is resident before it is written. `malloc_trim` returns the free pages (it
/// advises the kernel on free chunks inside the heap, not only at its top).
extension SimplexCore {
    /// Bytes reserved by the tables that grow with the system.
    @inline(__always) var reservedBytes: Int {
        tableau.rows.reservedBytes + cells.pool.reservedBytes + tableau.symbols.reservedBytes
            + tableau.symbolKinds.reservedBytes
            + tableau.columnNodes.reservedBytes + objective.nodes.reservedBytes + registry.constraints.reservedBytes
            + registry.constraintTerms.reservedBytes + registry.variables.reservedBytes + operation.flags.reservedBytes
            + registry.variableNames.capacity * MemoryLayout<String>.stride
            + scratch.workspace.reservedBytes
    }

    /// Returns freed heap pages to the system when the big arrays have grown by
    /// `trimmingStep` bytes or more since the last time, once they hold `trimmingFloor`.
    /// Looks after every operation, because a few operations later blocks carved from the
    /// freed pages have made them resident again. Only growth counts: trimming pages that
    /// are reused soon makes them fault in again (both measured in docs/performance.md,
    /// "Why the code is as it is").
    mutating func releaseFreedPagesIfArraysMoved() {
        // A cheap early exit on every commit, which summing every table is not: the symbol
        // table is a sixteenth of the total or more, so below this the floor is far.
        if tableau.symbols.reservedBytes < tuning.trimmingFloor / 16 { return }
        let reserved = reservedBytes
        guard reserved >= tuning.trimmingFloor, reserved - reservedAtLastTrim >= trimmingStep else { return }
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

/// Solvers smaller than this never trim (`Tuning.trimmingFloor`, lowered by tests).
/// Pages given back fault in again when the heap reuses them, and a mid-size build reuses
/// what the previous solver freed: trimming small heaps costs time and saves little.
let defaultTrimmingFloor = 1 << 25

/// Array growth that frees at least this much before the heap is trimmed.
let trimmingStep = 1 << 20
