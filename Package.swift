// swift-tools-version: 6.0
import PackageDescription

/// `RATITE_INVARIANTS=1 swift build` (or `swift test`) compiles the solver with a full check of
/// its invariants at the end of every outermost operation and rollback (`make
/// invariant-test`). It walks the whole core each time, so it is for tests on small systems.
let checksInvariants = Context.environment["RATITE_INVARIANTS"].map { $0 != "" && $0 != "0" } ?? false

/// The internal checks (`SimplexCore.invariantViolations()` and the like) compile only in
/// debug builds and in builds that define `RATITE_INTERNAL_CHECKS` (`make swift-test`, the
/// fuzzers), as swift-collections compiles its `_checkInvariants()`: the library as shipped
/// carries none of them.
let internalChecks: [SwiftSetting] =
    checksInvariants
    ? [.define("RATITE_INVARIANTS"), .define("RATITE_INTERNAL_CHECKS")]
    : [.define("RATITE_INTERNAL_CHECKS", .when(configuration: .debug))]

/// `RATITE_FUZZ_ORACLE=1`, which only `Fuzz/build.sh` sets, builds the exact arithmetic and
/// the reference checks with edge coverage but without comparison tracing. libFuzzer's
/// `-sanitize=fuzzer` traces every comparison; in the exact oracle those are word-overflow
/// and bounds tests that steer nothing and were about a third of a solver input's
/// instructions, and under `-use_value_profile` their values flooded the corpus with inputs
/// that differ only in the oracle's arithmetic. Only a fuzz build sets it, so a package
/// that depends on Ratite at a version never sees an unsafe flag.
let oracleCoverage: [SwiftSetting] =
    Context.environment["RATITE_FUZZ_ORACLE"] == "1"
    ? [.unsafeFlags(["-sanitize-coverage=edge,indirect-calls,pc-table,inline-8bit-counters"])] : []

let package = Package(
    name: "Ratite",
    products: [
        // What applications import: the solver, VFL, the layout model and the file formats.
        .library(name: "Ratite", targets: ["Ratite"]),
        .executable(name: "ratite", targets: ["ratite-cli"]),
        // The C interface (Sources/CRatite/include/ratite.h). `make install` puts them in
        // place as libratite.so (a link to libratite_shared.so, its soname) and libratite.a.
        .library(name: "ratite_shared", type: .dynamic, targets: ["RatiteC"]),
        .library(name: "ratite_static", type: .static, targets: ["RatiteC"]),
        // The generated benchmark systems (chains, grids, trees, random systems, forms) and
        // their seeded generator, for anyone who measures a solver on the same systems.
        .library(name: "RatiteGenerate", targets: ["RatiteGenerate"]),
        // The project's own test support, underscored as swift-collections underscores
        // its `_CollectionsTestSupport`: no API promise, not for applications. Products only
        // because the nested Benchmarks and Fuzz packages need them. `_RatiteCheck` holds the
        // invariant checks, full-state fingerprints and the independent exact reference LP;
        // `_RatiteFixtures` the generated systems as C data (ratite_fixtures.h) for the
        // benchmark driver and the C tests, which `make install` leaves out.
        .library(name: "_RatiteCheck", targets: ["RatiteCheck"]),
        .library(name: "_RatiteFixtures", targets: ["RatiteFixtures"]),
    ],
    targets: [
        // The library in layers, each a module that sees only the ones below it (docs/design.md,
        // "Layers"): what one layer offers the next is `package`, never `public` by accident.
        // `Ratite` re-exports them all, so `import Ratite` is the whole public API.
        .target(name: "Ratite", dependencies: ["RatiteSolver", "RatiteVFL", "RatiteModel", "RatiteFormats"]),
        // What every layer shares: priorities, relations, names, text positions and file
        // errors.
        .target(name: "RatiteSupport"),
        // The simplex core and the `Solver` over it, with the helpers only it uses.
        .target(
            name: "RatiteSolver",
            dependencies: ["RatiteSupport", "RatiteExact", "RatitePrefetch"],
            swiftSettings: internalChecks
        ),
        // The Visual Format Language: parser, records, formatter. It finds an engine's views
        // through a lookup protocol (VFLViewLookup), never the engine itself.
        .target(name: "RatiteVFL", dependencies: ["RatiteSupport"]),
        // The layout model: items, constraints, anchors and the `LayoutEngine`.
        .target(name: "RatiteModel", dependencies: ["RatiteSolver", "RatiteVFL"], swiftSettings: internalChecks),
        // The solve and layout file formats and their sessions.
        .target(name: "RatiteFormats", dependencies: ["RatiteSupport", "RatiteSolver", "RatiteVFL", "RatiteModel"]),
        // The generated benchmark and test systems.
        .target(name: "RatiteGenerate", dependencies: ["RatiteSolver", "RatiteModel"]),
        // Exact arithmetic (BigInt) and the exact simplex that checks the solver's decisions.
        // No unsafe flags outside a fuzz build (`oracleCoverage`): SwiftPM refuses them in a
        // dependency taken at a version.
        // The tests that lean on exact checks most run in release (`make soundness-quick`).
        .target(name: "RatiteExact", swiftSettings: oracleCoverage),
        .executableTarget(name: "ratite-cli", dependencies: ["Ratite", "RatiteGenerate"]),
        .target(name: "RatiteCheck", dependencies: ["Ratite", "RatiteExact"], swiftSettings: oracleCoverage),
        .target(name: "CRatite"),
        // A cache hint the solver's hot loops use (Swift cannot issue one itself).
        .target(name: "RatitePrefetch"),
        .target(name: "RatiteC", dependencies: ["Ratite", "CRatite"]),
        // ratite_fixtures.h includes ratite.h (status codes, ratite_engine).
        .target(name: "CRatiteFixtures", dependencies: ["CRatite"]),
        // RatiteC for ratite_engine_build_form, which reaches the engine behind a handle through
        // RatiteC's `package` accessor (withLayoutEngine).
        .target(
            name: "RatiteFixtures", dependencies: ["Ratite", "RatiteGenerate", "RatiteC", "CRatite", "CRatiteFixtures"]
        ),
        // A test target per library module, over the helpers they share (Tests/README.md).
        .testTarget(
            name: "RatiteTestSupport",
            dependencies: ["Ratite", "RatiteSolver", "RatiteModel", "RatiteSupport", "RatiteCheck", "RatiteGenerate"]
        ),
        .testTarget(
            name: "RatiteSolverTests",
            dependencies: [
                "RatiteTestSupport", "RatiteSolver", "RatiteSupport", "RatiteExact", "RatitePrefetch", "RatiteCheck",
                "RatiteGenerate", "RatiteModel",
            ]
        ),
        .testTarget(
            name: "RatiteVFLTests",
            dependencies: ["RatiteTestSupport", "RatiteVFL", "RatiteSupport", "RatiteModel", "RatiteGenerate"]
        ),
        .testTarget(
            name: "RatiteModelTests",
            dependencies: [
                "RatiteTestSupport", "RatiteModel", "RatiteVFL", "RatiteSolver", "RatiteSupport", "RatiteCheck",
                "RatiteGenerate",
            ]
        ),
        .testTarget(
            name: "RatiteFormatsTests",
            dependencies: [
                "RatiteTestSupport", "RatiteFormats", "RatiteModel", "RatiteVFL", "RatiteSolver", "RatiteSupport",
                "RatiteGenerate",
            ]
        ),
        .testTarget(
            name: "RatiteCTests",
            dependencies: [
                "RatiteTestSupport", "Ratite", "RatiteC", "RatiteSupport", "RatiteFixtures", "RatiteGenerate",
            ]
        ),
        .testTarget(
            name: "RatiteCLITests",
            dependencies: [
                "RatiteTestSupport", "Ratite", "RatiteSolver", "RatiteFormats", "RatiteSupport", "RatiteCheck",
            ]
        ),
    ]
)
