/// SplitMix64 (Steele, Lea and Flood 2014): a tiny, fast generator whose output is the same
/// on every platform and run, which the system's generator does not promise.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence depends only on `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` without modulo bias worth caring about for bounds far below
    /// 2^64 (the multiply-shift method).
    public mutating func below(_ bound: Int) -> Int {
        Int((UInt128(next()) * UInt128(bound)) >> 64)
    }
}
