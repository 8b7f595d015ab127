// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (C functions keep the names ratite.h gives them.)

import CRatite

#if canImport(Glibc)
import Glibc
#endif

/// Static C strings, made once and never written or freed: safe to share between threads.
nonisolated(unsafe) private let statusStrings: [UnsafePointer<CChar>] = ([
    "ok", "NULL argument", "invalid argument", "non-finite number", "invalid priority",
    "invalid UTF-8", "unknown id or name", "duplicate", "unsatisfiable required constraints",
    "parse error", "invalid constraint", "in use", "internal error", "answer not verified",
] as [String]).map { UnsafePointer(strdup($0)!) }
nonisolated(unsafe) private let unknownStatusString = UnsafePointer<CChar>(strdup("unknown status")!)
nonisolated(unsafe) private let versionString = UnsafePointer<CChar>(
    strdup("\(RATITE_VERSION_MAJOR).\(RATITE_VERSION_MINOR).\(RATITE_VERSION_PATCH)")!)

@c @implementation
public func ratite_status_string(_ status: ratite_status) -> UnsafePointer<CChar>! {
    status >= 0 && Int(status) < statusStrings.count ? statusStrings[Int(status)] : unknownStatusString
}

@c @implementation
public func ratite_version(
    _ major: UnsafeMutablePointer<Int32>?, _ minor: UnsafeMutablePointer<Int32>?, _ patch: UnsafeMutablePointer<Int32>?
) -> UnsafePointer<CChar>! {
    major?.pointee = RATITE_VERSION_MAJOR
    minor?.pointee = RATITE_VERSION_MINOR
    patch?.pointee = RATITE_VERSION_PATCH
    return versionString
}

@c @implementation
public func ratite_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}
