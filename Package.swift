// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Ratite",
    products: [
        .library(name: "Ratite", targets: ["Ratite"]),
        .executable(name: "ratite", targets: ["ratite-cli"]),
    ],
    targets: [
        .target(
            name: "Ratite",
            swiftSettings: [.define("RATITE_INVARIANTS", .when(configuration: .debug))]
        ),
        .executableTarget(name: "ratite-cli", dependencies: ["Ratite"]),
        .testTarget(name: "RatiteTests", dependencies: ["Ratite"]),
    ]
)
