// Solver benchmarks on the generated families: build (in generation order and shuffled),
// resize, add/remove of one constraint, the constant-change fast path, and the first
// suggestion of the edit variables on a built system.
#include "Benchmarks.hpp"
#include "Systems.hpp"

#include <benchmark/benchmark.h>

#include <functional>
#include <map>
#include <memory>
#include <utility>

namespace bench {

/// Shape counters: how big the tableau is once built.
static void reportShape(benchmark::State &state, ratite_solver *solver) {
    ratite_solver_statistics s = statistics(solver);
    state.counters["constraints"] = static_cast<double>(s.constraints);
    state.counters["rows"] = static_cast<double>(s.rows);
    state.counters["cells"] = static_cast<double>(s.cells);
}

/// Per-operation counters from the statistics before and after the loop.
static void reportPerOperation(benchmark::State &state, const ratite_solver_statistics &before,
                               const ratite_solver_statistics &after) {
    double iterations = static_cast<double>(state.iterations());
    state.counters["pivots/op"] = static_cast<double>(after.pivots - before.pivots) / iterations;
    state.counters["touched/op"] = static_cast<double>(after.values_recomputed - before.values_recomputed) / iterations;
}

/// Adds every constraint to a fresh solver: in generation order or shuffled, with the
/// variables made in generation order or (`scrambledVariables`) in a seeded shuffle, so
/// their ids say nothing of how the constraints chain them. The variables are made while
/// the timer is paused unless `timingVariables` (what a C program pays to build a system).
static void build(benchmark::State &state, ratite_family family, bool shuffled, bool scrambledVariables = false,
                  bool timingVariables = false) {
    Prepared &p = prepared(family, state.range(0));
    ratite_solver_statistics last{};
    // The previous iteration's solver is freed while the timer is paused: the build is
    // what is measured, not the teardown.
    std::unique_ptr<Built> built;
    ResolvedAdditions resolved;
    for (auto _ : state) {
        state.PauseTiming();
        built.reset();
        built = std::make_unique<Built>();
        if (timingVariables) state.ResumeTiming();
        createVariables(*built, p, scrambledVariables);
        if (timingVariables) state.PauseTiming();
        resolveAdditions(*built, shuffled ? p.shuffledOrder : p.inOrder, resolved);
        state.ResumeTiming();
        addResolved(*built, resolved);
        state.PauseTiming();
        last = statistics(built->solver);
        reportShape(state, built->solver);
        state.ResumeTiming();
    }
    built.reset(); // after the loop: the timer has stopped
    state.counters["per_constraint"] = benchmark::Counter(
        static_cast<double>(p.constraintCount), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["pivots"] = static_cast<double>(last.pivots);
    state.counters["substitutions"] = static_cast<double>(last.substitutions);
    state.SetComplexityN(state.range(0));
}

/// The systems built with their edit variables suggested and updated, where the
/// incremental benchmarks start, kept until `releaseBuiltSolvers`. Google Benchmark calls a
/// benchmark function several times per size (to size the run, then once per repetition),
/// and each call starts from the kept solver; each leaves it as it found it.
static std::map<std::pair<int, int64_t>, std::unique_ptr<Built>> builtCache;

void releaseBuiltSolvers() { builtCache.clear(); }

static Built &builtWithEdits(ratite_family family, int64_t n) {
    std::unique_ptr<Built> &slot = builtCache[std::make_pair(static_cast<int>(family), n)];
    if (!slot) {
        const Prepared &p = prepared(family, n);
        slot = std::make_unique<Built>();
        createVariables(*slot, p);
        addConstraints(*slot, p.inOrder);
        addEdits(*slot, p);
    }
    return *slot;
}

static void resize(benchmark::State &state, ratite_family family) {
    Prepared &p = prepared(family, state.range(0));
    Built &built = builtWithEdits(family, state.range(0));
    size_t edits = ratite_system_edit_count(p.system);
    std::vector<ratite_variable> variables(edits);
    std::vector<double> initial(edits), a(edits), b(edits);
    for (size_t e = 0; e < edits; e++) {
        int32_t v;
        require(ratite_system_edit_get(p.system, e, &v, nullptr, &initial[e], &a[e], &b[e]), "edit_get");
        variables[e] = built.variables[static_cast<size_t>(v)];
    }
    reportShape(state, built.solver);
    ratite_solver_statistics before = statistics(built.solver);
    bool flip = false;
    double changedTotal = 0;
    for (auto _ : state) {
        for (size_t e = 0; e < edits; e++) ratite_solver_suggest(built.solver, variables[e], flip ? a[e] : b[e]);
        size_t changed = 0;
        ratite_solver_update(built.solver, &changed);
        changedTotal += static_cast<double>(changed);
        flip = !flip;
    }
    reportPerOperation(state, before, statistics(built.solver));
    // Of the variables recomputed (touched/op), how many actually moved.
    state.counters["changed/op"] = changedTotal / static_cast<double>(state.iterations());
    for (size_t e = 0; e < edits; e++) ratite_solver_suggest(built.solver, variables[e], initial[e]);
    ratite_solver_update(built.solver, nullptr);
    state.SetComplexityN(state.range(0));
}

/// Adds one extra non-required constraint touching one variable, updates, removes it and
/// updates again.
static void addRemove(benchmark::State &state, ratite_family family) {
    Prepared &p = prepared(family, state.range(0));
    Built &built = builtWithEdits(family, state.range(0));
    reportShape(state, built.solver);
    // A local change: hold one variable 1 point away from where it is, at medium priority.
    ratite_term term{built.variables[p.variableCount / 2], 1.0};
    double value = 0;
    ratite_solver_variable_value(built.solver, term.variable, &value);
    ratite_solver_statistics before = statistics(built.solver);
    for (auto _ : state) {
        ratite_constraint c;
        require(ratite_solver_constraint_add(built.solver, &term, 1, -(value + 1), RATITE_RELATION_EQUAL, RATITE_PRIORITY_MEDIUM, &c),
                "constraint_add", built.solver);
        ratite_solver_update(built.solver, nullptr);
        require(ratite_solver_constraint_remove(built.solver, c), "constraint_remove", built.solver);
        ratite_solver_update(built.solver, nullptr);
    }
    reportPerOperation(state, before, statistics(built.solver));
    state.SetComplexityN(state.range(0));
}

/// Makes the edit variables edit variables of the built system, suggests their first
/// values and updates: what a layout pays when its window is first sized. Each iteration
/// starts from a freshly built (and updated) system, built while the timer is paused:
/// removing the edits again costs far more than adding them (on a grid, a primal pivot per
/// stretched cell, each rewriting most LP rows),
/// so the iteration count is fixed (`registerSolverBenchmarks`).
static void edits(benchmark::State &state, ratite_family family) {
    Prepared &p = prepared(family, state.range(0));
    std::unique_ptr<Built> built;
    ratite_solver_statistics before{}, after{};
    double pivots = 0;
    for (auto _ : state) {
        state.PauseTiming();
        built.reset();
        built = std::make_unique<Built>();
        createVariables(*built, p);
        addConstraints(*built, p.inOrder);
        ratite_solver_update(built->solver, nullptr);
        before = statistics(built->solver);
        state.ResumeTiming();
        addEdits(*built, p);
        state.PauseTiming();
        after = statistics(built->solver);
        pivots += static_cast<double>(after.pivots - before.pivots);
        reportShape(state, built->solver);
        state.ResumeTiming();
    }
    built.reset(); // after the loop: the timer has stopped
    state.counters["pivots/op"] = pivots / static_cast<double>(state.iterations());
    state.SetComplexityN(state.range(0));
}

static void constantChange(benchmark::State &state, ratite_family family) {
    Prepared &p = prepared(family, state.range(0));
    Built &built = builtWithEdits(family, state.range(0));
    reportShape(state, built.solver);
    ratite_system_constraint c;
    require(ratite_system_constraint_get(p.system, p.requiredNearMiddle, &c), "constraint_get");
    ratite_constraint id = built.constraints[p.requiredNearMiddle];
    ratite_solver_statistics before = statistics(built.solver);
    bool flip = false;
    for (auto _ : state) {
        require(ratite_solver_constraint_set_constant(built.solver, id, c.constant + (flip ? 1.0 : 0.0)), "set_constant",
                built.solver);
        ratite_solver_update(built.solver, nullptr);
        flip = !flip;
    }
    reportPerOperation(state, before, statistics(built.solver));
    require(ratite_solver_constraint_set_constant(built.solver, id, c.constant), "set_constant", built.solver);
    ratite_solver_update(built.solver, nullptr);
    state.SetComplexityN(state.range(0));
}

void registerAtSizes(const std::string &name, std::function<void(benchmark::State &)> body,
                     const std::vector<int64_t> &sizes) {
    auto *b = benchmark::RegisterBenchmark(name.c_str(), body);
    for (int64_t n : sizes) b->Arg(n);
    b->Complexity()->Unit(benchmark::kMicrosecond);
}

void registerSolverBenchmarks(const std::vector<int64_t> &sizes) {
    for (const Family &f : solverFamilies) {
        std::string name = f.name;
        ratite_family id = f.id;
        auto add = [&](const std::string &operation, std::function<void(benchmark::State &)> body) {
            registerAtSizes(name + "/" + operation, body, sizes);
        };
        add("build", [id](benchmark::State &s) { build(s, id, false); });
        add("build_shuffled", [id](benchmark::State &s) { build(s, id, true); });
        add("build_scrambled", [id](benchmark::State &s) { build(s, id, false, true); });
        add("build_with_variables", [id](benchmark::State &s) { build(s, id, false, false, true); });
        add("resize", [id](benchmark::State &s) { resize(s, id); });
        add("add_remove", [id](benchmark::State &s) { addRemove(s, id); });
        add("constant", [id](benchmark::State &s) { constantChange(s, id); });
        // Each iteration rebuilds the system untimed: a fixed count keeps that bounded.
        auto *e = benchmark::RegisterBenchmark((name + "/edits").c_str(), [id](benchmark::State &s) { edits(s, id); });
        for (int64_t n : sizes) e->Arg(n);
        e->Iterations(5)->Complexity()->Unit(benchmark::kMicrosecond);
    }
}

} // namespace bench
