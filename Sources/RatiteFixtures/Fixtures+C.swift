// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (C functions keep the names ratite_fixtures.h gives them.)

import CRatiteFixtures
import Ratite

#if canImport(Glibc)
import Glibc
import RatiteGenerate
#endif

// The path fixtures of `ratite_fixtures.h` (`ratite_fixture_*`; the generated systems are in
// System+C.swift, the form family in Form+C.swift). Fixtures are benchmark and test
// equipment, but they still refuse bad arguments rather than trap.

private func fixture(_ pointer: OpaquePointer?) -> PathFixture? {
    guard let pointer else { return nil }
    return Unmanaged<PathFixture>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

@c @implementation
public func ratite_fixture_new(
    _ family: UnsafePointer<CChar>?, _ n: Int64, _ path: ratite_fixture_path,
    _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guard let family, let out, let kind = SystemFamily(rawValue: String(cString: family)),
        n >= 1, n <= 10_000_000 else {
        return -1
    }
    let paths: [UInt32: PathFixture.Path] = [
        RATITE_FIXTURE_PATH_SWIFT.rawValue: .swift, RATITE_FIXTURE_PATH_SOLVE_TEXT.rawValue: .solveText,
        RATITE_FIXTURE_PATH_ENGINE.rawValue: .engine, RATITE_FIXTURE_PATH_SWIFT_PREPARED.rawValue: .swiftPrepared,
        RATITE_FIXTURE_PATH_ENGINE_PREPARED.rawValue: .enginePrepared,
    ]
    guard let which = paths[path.rawValue] else { return -1 }
    out.pointee = OpaquePointer(Unmanaged.passRetained(PathFixture(family: kind, n: Int(n), path: which)).toOpaque())
    return 0
}

@c @implementation
public func ratite_fixture_build(_ f: OpaquePointer?) -> Int32 {
    guard let f = fixture(f) else { return -1 }
    return f.attempt { try f.build() }
}

@c @implementation
public func ratite_fixture_add_edits(_ f: OpaquePointer?) -> Int32 {
    guard let f = fixture(f) else { return -1 }
    return f.attempt { try f.addEdits() }
}

@c @implementation
public func ratite_fixture_resize(_ f: OpaquePointer?, _ flip: Int32) -> Int32 {
    guard let f = fixture(f) else { return -1 }
    return f.attempt { try f.resize(flip: flip != 0) }
}

@c @implementation
public func ratite_fixture_clear(_ f: OpaquePointer?) {
    fixture(f)?.clear()
}

@c @implementation
public func ratite_fixture_constraint_count(_ f: OpaquePointer?) -> Int {
    fixture(f)?.constraintCount ?? 0
}

@c @implementation
public func ratite_fixture_pivots(_ f: OpaquePointer?) -> UInt64 {
    UInt64(fixture(f)?.pivots ?? 0)
}

@c @implementation
public func ratite_fixture_last_error(_ f: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let f = fixture(f) else { return nil }
    return UnsafePointer(f.lastError)
}

@c @implementation
public func ratite_fixture_free(_ f: OpaquePointer?) {
    guard let f else { return }
    Unmanaged<PathFixture>.fromOpaque(UnsafeRawPointer(f)).release()
}
