import FuzzTargets

/// libFuzzer's entry point (the file must not be main.swift: libFuzzer brings main).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzTarget.solverLarge.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
