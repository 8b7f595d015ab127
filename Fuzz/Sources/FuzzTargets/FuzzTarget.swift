/// The fuzz targets. Each harness checks invariants beyond "no crash" and stops the process
/// with a description when one fails, which libFuzzer records as a crash.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case vfl
    case vflC = "vfl_c"
    case solverOps = "solver_ops"
    case solverFree = "solver_free"
    case layoutFile = "layout_file"

    /// Runs the harness on one input.
    public func run(_ data: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .vfl: VFLHarness.run(data)
        case .vflC: VFLCHarness.run(data)
        case .solverOps: SolverOpsHarness.run(data)
        case .solverFree: SolverOpsHarness.run(data, freeVariables: true)
        case .layoutFile: LayoutFileHarness.run(data)
        }
    }
}

/// Stops with a report when an invariant fails.
func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, input: UnsafeBufferPointer<UInt8>
) {
    guard !condition() else { return }
    let bytes = input.prefix(256).map { String($0, radix: 16) }.joined(separator: " ")
    fatalError("invariant failed: \(message())\ninput (\(input.count) bytes, hex): \(bytes)")
}
