import FuzzVFLC

/// The VFL input through ratite.h from C (pointer + length, non-UTF-8, embedded NUL).
enum VFLCHarness {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        let status = ratite_fuzz_vfl_c(data.baseAddress, data.count)
        require(status == 0, "C harness check \(status) failed", input: data)
    }
}
