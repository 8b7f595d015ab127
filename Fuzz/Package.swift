// swift-tools-version: 6.0
// libFuzzer targets for Ratite. A nested package so a plain build of Ratite never needs the
// fuzzer runtime.
//
// - `fuzz-vfl`, `fuzz-vfl-c`, `fuzz-solver-ops`, `fuzz-solver-free`, `fuzz-solver-large`,
//   `fuzz-layout-file`: libFuzzer binaries;
//   build them with `./run` (or `swift build -c release --sanitize fuzzer
//   -Xswiftc -sanitize=fuzzer,address --product fuzz-vfl`): both parts are needed.
// - `fuzz-replay TARGET FILE...`: the same harnesses without libFuzzer, replaying files, so
//   the targets never rot and the corpora run in the normal test suite.
import PackageDescription

/// The harnesses are oracle code: `Fuzz/build.sh` builds them, like the root's exact
/// arithmetic and reference checks, with edge coverage but no comparison tracing (the root's
/// Package.swift says why).
let oracleCoverage: [SwiftSetting] =
    Context.environment["RATITE_FUZZ_ORACLE"] == "1"
    ? [.unsafeFlags(["-sanitize-coverage=edge,indirect-calls,pc-table,inline-8bit-counters"])] : []

let package = Package(
    name: "RatiteFuzz",
    dependencies: [.package(name: "Ratite", path: "..")],
    targets: [
        .target(
            name: "FuzzTargets",
            dependencies: [
                .product(name: "Ratite", package: "Ratite"),
                .product(name: "_RatiteCheck", package: "Ratite"),
                .product(name: "RatiteGenerate", package: "Ratite"),
                "FuzzVFLC",
            ],
            swiftSettings: oracleCoverage
        ),
        .target(name: "FuzzVFLC", dependencies: [.product(name: "ratite_static", package: "Ratite")]),
        .executableTarget(
            name: "fuzz-vfl", dependencies: ["FuzzTargets"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-vfl-c", dependencies: ["FuzzTargets"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-solver-ops", dependencies: ["FuzzTargets"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-solver-free", dependencies: ["FuzzTargets"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-solver-large", dependencies: ["FuzzTargets"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "fuzz-layout-file", dependencies: ["FuzzTargets"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(name: "fuzz-replay", dependencies: ["FuzzTargets"]),
    ]
)
