/// The fuzz targets. Each harness checks invariants beyond "no crash" and stops the process
/// with a description when one fails, which libFuzzer records as a crash.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case vfl
    case vflC = "vfl_c"
    case solverOps = "solver_ops"
    case solverFree = "solver_free"
    case solverLarge = "solver_large"
    case layoutFile = "layout_file"

    /// Runs the harness on one input.
    public func run(_ data: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .vfl: VFLHarness.run(data)
        case .vflC: VFLCHarness.run(data)
        case .solverOps: SolverOpsHarness.run(data)
        case .solverFree: SolverOpsHarness.run(data, freeVariables: true)
        case .solverLarge: LargeSystemHarness.run(data)
        case .layoutFile: LayoutFileHarness.run(data)
        }
    }
}

/// What the solver harnesses reached, for `fuzz-replay`'s report: the most constraints
/// as the checks see them (edits included, a split equality as its two inequalities) that
/// any update of any input so far was checked at.
/// The harnesses run one input at a time, so nothing else touches it.
public enum FuzzReach {
    public nonisolated(unsafe) static var largestSystem = 0

    static func note(constraints: Int) { largestSystem = max(largestSystem, constraints) }
}

/// Stops with a report when an invariant fails.
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, input: UnsafeBufferPointer<UInt8>
) {
    guard !condition() else { return }
    let bytes = input.prefix(256).map { String($0, radix: 16) }.joined(separator: " ")
    fatalError("invariant failed: \(message())\ninput (\(input.count) bytes, hex): \(bytes)")
}
