import FuzzTargets

/// The `vfl` harness with a structure-aware mutator (`VFLTokenMutator`): the same inputs and
/// checks, mutants made from the format's tokens. (Not main.swift: libFuzzer brings main.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzTarget.vfl.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// libFuzzer's byte-level mutator, which a custom mutator may call.
@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32) -> Int {
    VFLTokenMutator.mutate(data, size: size, maxSize: maxSize, seed: seed, bytes: libFuzzerMutate)
}
