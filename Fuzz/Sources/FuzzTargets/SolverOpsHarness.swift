/// Placeholder until the solver-operations harness lands.
enum SolverOpsHarness {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {}
}
