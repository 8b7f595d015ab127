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
            ]
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
