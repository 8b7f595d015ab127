// swift-tools-version: 6.0
// The benchmark driver: C++17 on Google Benchmark (Debian's libbenchmark-dev), reaching
// Ratite only through ratite.h, with its systems from the fixtures of ratite_fixtures.h
// (product _RatiteFixtures). A nested package so a plain `swift build` of Ratite never needs
// libbenchmark.
import PackageDescription

let package = Package(
    name: "RatiteBenchmarks",
    dependencies: [.package(name: "Ratite", path: "..")],
    targets: [
        .executableTarget(
            name: "ratite-bench",
            dependencies: [
                .product(name: "ratite_static", package: "Ratite"),
                .product(name: "_RatiteFixtures", package: "Ratite"),
            ],
            cxxSettings: [.unsafeFlags(["-O2", "-gdwarf-4"])],
            linkerSettings: [.linkedLibrary("benchmark"), .linkedLibrary("pthread")]
        ),
    ],
    cxxLanguageStandard: .cxx17
)
