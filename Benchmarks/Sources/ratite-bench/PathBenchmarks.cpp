// The same generated systems built and resized through the other entry points: the Swift
// `Solver`, the solve-file text (what `ratite solve` runs) and the layout engine with its
// `LayoutConstraint` objects (ratite_fixtures.h). Next to FAMILY/build and FAMILY/resize
// (the C API), FAMILY/build_PATH and FAMILY/resize_PATH show what each path adds.
#include "Benchmarks.hpp"

#include <ratite_fixtures.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <utility>

namespace bench {

namespace {

struct PathName {
    const char *name;
    ratite_fixture_path path;
};

const PathName paths[] = {
    {"swift", RATITE_FIXTURE_PATH_SWIFT},
    {"text", RATITE_FIXTURE_PATH_SOLVE_TEXT},
    {"engine", RATITE_FIXTURE_PATH_ENGINE},
};

const char *const families[] = {"chain", "grid", "tree", "random"};

struct FixtureDeleter {
    void operator()(ratite_fixture *f) const { ratite_fixture_free(f); }
};
using Fixture = std::unique_ptr<ratite_fixture, FixtureDeleter>;

} // namespace

void requireFixture(int status, const char *what, const ratite_fixture *fixture) {
    if (status == 0) return;
    std::fprintf(stderr, "ratite-bench: %s failed: %s\n", what, fixture ? ratite_fixture_last_error(fixture) : "no fixture");
    std::exit(2);
}

ratite_fixture *newFixture(const char *family, int64_t n, ratite_fixture_path path) {
    ratite_fixture *f = nullptr;
    requireFixture(ratite_fixture_new(family, n, path, &f), "fixture_new", f);
    return f;
}

/// Fixtures built with their edit variables, kept per (family, path, n) until
/// `releaseBuiltFixtures`: a resize benchmark's calls share one (Google Benchmark calls each
/// body several times per size).
static std::map<std::string, Fixture> fixtureCache;

void releaseBuiltFixtures() { fixtureCache.clear(); }

static ratite_fixture *builtFixture(const char *family, ratite_fixture_path path, int64_t n) {
    std::map<std::string, Fixture> &cache = fixtureCache;
    std::string key = std::string(family) + "/" + std::to_string(path) + "/" + std::to_string(n);
    Fixture &slot = cache[key];
    if (!slot) {
        slot.reset(newFixture(family, n, path));
        requireFixture(ratite_fixture_build(slot.get()), "fixture_build", slot.get());
        requireFixture(ratite_fixture_add_edits(slot.get()), "fixture_add_edits", slot.get());
    }
    return slot.get();
}

static void buildThrough(benchmark::State &state, const char *family, ratite_fixture_path path) {
    Fixture f(newFixture(family, state.range(0), path));
    for (auto _ : state) {
        state.PauseTiming();
        ratite_fixture_clear(f.get()); // the teardown is not what is measured
        state.ResumeTiming();
        requireFixture(ratite_fixture_build(f.get()), "fixture_build", f.get());
    }
    state.counters["pivots"] = static_cast<double>(ratite_fixture_pivots(f.get()));
    state.counters["per_constraint"] =
        benchmark::Counter(static_cast<double>(ratite_fixture_constraint_count(f.get())),
                           benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    f.reset(); // after the loop: the timer has stopped
    state.SetComplexityN(state.range(0));
}

static void resizeThrough(benchmark::State &state, const char *family, ratite_fixture_path path) {
    ratite_fixture *f = builtFixture(family, path, state.range(0));
    uint64_t before = ratite_fixture_pivots(f);
    int flip = 0;
    for (auto _ : state) {
        requireFixture(ratite_fixture_resize(f, flip), "fixture_resize", f);
        flip = !flip;
    }
    state.counters["pivots/op"] =
        static_cast<double>(ratite_fixture_pivots(f) - before) / static_cast<double>(state.iterations());
    state.SetComplexityN(state.range(0));
}

void registerPathBenchmarks(const std::vector<int64_t> &sizes) {
    for (const char *family : families) {
        for (const PathName &p : paths) {
            ratite_fixture_path path = p.path;
            registerAtSizes(std::string(family) + "/build_" + p.name,
                            [family, path](benchmark::State &s) { buildThrough(s, family, path); }, sizes);
            registerAtSizes(std::string(family) + "/resize_" + p.name,
                            [family, path](benchmark::State &s) { resizeThrough(s, family, path); }, sizes);
        }
        // `Solver.add` alone, and the engine's activation alone, their objects made while the
        // timer is paused: FAMILY/build times the C additions alone, on variables made and
        // terms resolved beforehand. (Their resizes are those of build_swift and build_engine.)
        registerAtSizes(std::string(family) + "/build_swift_prepared",
                        [family](benchmark::State &s) { buildThrough(s, family, RATITE_FIXTURE_PATH_SWIFT_PREPARED); },
                        sizes);
        registerAtSizes(std::string(family) + "/build_engine_prepared",
                        [family](benchmark::State &s) { buildThrough(s, family, RATITE_FIXTURE_PATH_ENGINE_PREPARED); },
                        sizes);
    }
}

} // namespace bench
