import CRatiteFixtures
import Ratite
import RatiteGenerate
import Testing

@testable import RatiteFixtures

/// The benchmark fixtures build the same linear program through every path: after the
/// same suggestions, each path holds the same values (on the grid and the tree, whose
/// optimum is unique; chain and random have ties, where paths may settle differently).
@Suite struct PathFixtureTests {
    static let families: [SystemFamily] = [.chain, .grid, .tree, .random]

    @Test(arguments: families)
    func everyPathBuildsAndResizes(family: SystemFamily) throws {
        for path in [PathFixture.Path.swift, .swiftPrepared, .solveText, .engine, .enginePrepared] {
            let fixture = PathFixture(family: family, n: 40, path: path)
            // A prepared path builds without a clear() before it too: it then makes its
            // objects in the build.
            try fixture.build()
            try fixture.addEdits()
            try fixture.resize(flip: false)
            try fixture.resize(flip: true)
            #expect(fixture.constraintCount > 0)
            // A second build starts from nothing again, the way the benchmark runs it.
            fixture.clear()
            try fixture.build()
            try fixture.addEdits()
        }
    }

    /// A prepared path runs the same operations in the same order as its plain one (only
    /// where the objects are made moves), so the values agree to the bit, ties included.
    @Test(arguments: families)
    func preparedPathsMatchTheirPlainOnes(family: SystemFamily) throws {
        let swift = PathFixture(family: family, n: 30, path: .swift)
        let swiftPrepared = PathFixture(family: family, n: 30, path: .swiftPrepared)
        let engine = PathFixture(family: family, n: 30, path: .engine)
        let enginePrepared = PathFixture(family: family, n: 30, path: .enginePrepared)
        for f in [swift, swiftPrepared, engine, enginePrepared] {
            f.clear()
            try f.build()
            try f.addEdits()
            try f.resize(flip: true)
        }
        let system = family.generate(n: 30)
        for name in system.names {
            let v = try #require(swift.value(of: name))
            #expect(swiftPrepared.value(of: name)?.bitPattern == v.bitPattern, "\(name)")
        }
        #expect(swiftPrepared.pivots == swift.pivots)
        #expect(enginePrepared.pivots == engine.pivots)
        #expect(enginePrepared.constraintCount == engine.constraintCount)
        var framesCompared = 0
        for i in 0 ..< 40 {
            for name in ["v\(i)", "c0_\(i)", "c\(i)_0"] {
                guard let frame = engine.frame(of: name) else { continue }
                #expect(enginePrepared.frame(of: name) == frame, "\(name)")
                framesCompared += 1
            }
        }
        #expect(framesCompared > 0)
    }

    /// The C entry points refuse what names no fixture: an unknown path or family, NULL.
    @Test func cEntryPointsRefuseBadInput() throws {
        var out: OpaquePointer? = nil
        #expect(ratite_fixture_new("grid", 10, ratite_fixture_path(rawValue: 99), &out) == -1)
        #expect(ratite_fixture_new("lattice", 10, RATITE_FIXTURE_PATH_SWIFT_PREPARED, &out) == -1)
        #expect(ratite_fixture_new(nil, 10, RATITE_FIXTURE_PATH_ENGINE_PREPARED, &out) == -1)
        #expect(ratite_fixture_new("grid", 10, RATITE_FIXTURE_PATH_ENGINE_PREPARED, nil) == -1)
        #expect(out == nil)
        #expect(ratite_fixture_build(nil) == -1)
        #expect(ratite_fixture_add_edits(nil) == -1)
        #expect(ratite_fixture_resize(nil, 0) == -1)
        ratite_fixture_clear(nil)
        ratite_fixture_free(nil)
        #expect(ratite_fixture_constraint_count(nil) == 0)
        #expect(ratite_fixture_last_error(nil) == nil)
        // Resizing before a build is refused with a reason, and the fixture still builds.
        #expect(ratite_fixture_new("grid", 10, RATITE_FIXTURE_PATH_SWIFT_PREPARED, &out) == 0)
        let fixture = try #require(out)
        defer { ratite_fixture_free(fixture) }
        #expect(ratite_fixture_resize(fixture, 0) == -1)
        #expect(String(cString: try #require(ratite_fixture_last_error(fixture))).contains("nothing is built"))
        ratite_fixture_clear(fixture)
        #expect(ratite_fixture_build(fixture) == 0)
        #expect(ratite_fixture_add_edits(fixture) == 0)
        #expect(ratite_fixture_resize(fixture, 1) == 0)
    }

    @Test func gridAgreesAcrossPaths() throws {
        let swift = PathFixture(family: .grid, n: 25, path: .swift)
        let text = PathFixture(family: .grid, n: 25, path: .solveText)
        let engine = PathFixture(family: .grid, n: 25, path: .engine)
        for f in [swift, text, engine] {
            try f.build()
            try f.addEdits()
            try f.resize(flip: true)
        }
        for r in 0 ..< 5 {
            for c in 0 ..< 5 {
                let frame = try #require(engine.frame(of: "c\(r)_\(c)"))
                let sides = [("left", frame.x), ("top", frame.y), ("width", frame.width), ("height", frame.height)]
                for (name, fromFrame) in sides {
                    let v = try #require(swift.value(of: "\(name)_\(r)_\(c)"))
                    #expect(text.value(of: "\(name)_\(r)_\(c)") == v)
                    #expect(abs(fromFrame - v) < 1e-9, "\(name)_\(r)_\(c)")
                }
            }
        }
        // The resize moved the grid: the last column ends 20 before the suggested width.
        #expect(try #require(swift.value(of: "W")) != 0)
    }

    @Test func treeAgreesAcrossPaths() throws {
        let swift = PathFixture(family: .tree, n: 30, path: .swift)
        let engine = PathFixture(family: .tree, n: 30, path: .engine)
        for f in [swift, engine] {
            try f.build()
            try f.addEdits()
            try f.resize(flip: false)
        }
        for i in 1 ..< 30 {
            let frame = try #require(engine.frame(of: "v\(i)"))
            #expect(abs(frame.x - (try #require(swift.value(of: "x\(i)")))) < 1e-9)
            #expect(abs(frame.width - (try #require(swift.value(of: "w\(i)")))) < 1e-9)
            #expect(abs(frame.y - (try #require(swift.value(of: "y\(i)")))) < 1e-9)
            #expect(abs(frame.height - (try #require(swift.value(of: "h\(i)")))) < 1e-9)
        }
    }
}
