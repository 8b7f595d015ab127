// Fixed workloads for the instruction-count regression gate: each runs a deterministic
// amount of work once, with callgrind collecting only inside the workload (the program is
// run with --collect-atstart=no), so counts are repeatable to the instruction.
#include "Benchmarks.hpp"
#include "Systems.hpp"

#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define COLLECT_TOGGLE() CALLGRIND_TOGGLE_COLLECT
#else
#define COLLECT_TOGGLE() ((void)0)
#endif

namespace bench {

namespace {

struct Workload {
    std::function<void()> prepare;
    std::function<void()> run;
};

Built *current = nullptr;
/// The additions a build workload makes, resolved by its `prepare`.
ResolvedAdditions resolvedForBuild;
ratite_engine *engine = nullptr;
ratite_item root = 0;

/// Builds the family, with its edit variables (and their first update) when `edits`.
void buildSolver(ratite_family family, int64_t n, bool edits) {
    Prepared &p = prepared(family, n);
    current = new Built;
    createVariables(*current, p);
    addConstraints(*current, p.inOrder);
    if (edits) addEdits(*current, p);
}

/// The first update after a build: every value computed, and every constraint checked
/// against its terms (docs/numerics.md).
Workload firstUpdate(ratite_family family, int64_t n) {
    return {[=] { buildSolver(family, n, false); }, [=] { ratite_solver_update(current->solver, nullptr); }};
}

/// Edit variables added to a built system and given their first suggestions: the setup
/// builds and updates, the run adds the edits, suggests and updates (the dual simplex
/// takes one pivot per grid row that the suggestion stretches).
Workload firstSuggestion(ratite_family family, int64_t n) {
    return {[=] {
                buildSolver(family, n, false);
                ratite_solver_update(current->solver, nullptr);
            },
            [=] { addEdits(*current, prepared(family, n)); }};
}

/// A build in generation order, or in the benchmark's seeded shuffled order (where the
/// order a solver is given its constraints shows in its work).
Workload build(ratite_family family, int64_t n, bool shuffled = false) {
    return {[=] {
                Prepared &p = prepared(family, n);
                current = new Built;
                createVariables(*current, p);
                resolveAdditions(*current, shuffled ? p.shuffledOrder : p.inOrder, resolvedForBuild);
            },
            [=] { addResolved(*current, resolvedForBuild); }};
}

/// `build` with the variables made inside the measured part, as the other entry points'
/// builds make theirs (it also resolves the terms to handles: a few instructions a term).
Workload buildWithVariables(ratite_family family, int64_t n) {
    return {[=] {
                prepared(family, n); // generated before the measured part
                current = new Built;
            },
            [=] {
                Prepared &p = prepared(family, n);
                createVariables(*current, p);
                resolveAdditions(*current, p.inOrder, resolvedForBuild);
                addResolved(*current, resolvedForBuild);
            }};
}

Workload resize(ratite_family family, int64_t n, int rounds) {
    return {[=] { buildSolver(family, n, true); },
            [=] {
                Prepared &p = prepared(family, n);
                size_t edits = ratite_system_edit_count(p.system);
                for (int k = 0; k < rounds; k++) {
                    for (size_t e = 0; e < edits; e++) {
                        int32_t v;
                        double a, b;
                        ratite_system_edit_get(p.system, e, &v, nullptr, nullptr, &a, &b);
                        ratite_solver_suggest(current->solver, current->variables[static_cast<size_t>(v)], k % 2 ? a : b);
                    }
                    ratite_solver_update(current->solver, nullptr);
                }
            }};
}

Workload addRemove(ratite_family family, int64_t n, int rounds) {
    return {[=] { buildSolver(family, n, true); },
            [=] {
                Prepared &p = prepared(family, n);
                ratite_term term{current->variables[p.variableCount / 2], 1.0};
                double value = 0;
                ratite_solver_variable_value(current->solver, term.variable, &value);
                for (int k = 0; k < rounds; k++) {
                    ratite_constraint c;
                    ratite_solver_constraint_add(current->solver, &term, 1, -(value + 1), RATITE_RELATION_EQUAL, 500, &c);
                    ratite_solver_update(current->solver, nullptr);
                    ratite_solver_constraint_remove(current->solver, c);
                    ratite_solver_update(current->solver, nullptr);
                }
            }};
}

Workload constant(ratite_family family, int64_t n, int rounds) {
    return {[=] { buildSolver(family, n, true); },
            [=] {
                Prepared &p = prepared(family, n);
                ratite_system_constraint c;
                ratite_system_constraint_get(p.system, p.requiredNearMiddle, &c);
                for (int k = 0; k < rounds; k++) {
                    ratite_solver_constraint_set_constant(current->solver, current->constraints[p.requiredNearMiddle],
                                                          c.constant + (k % 2));
                    ratite_solver_update(current->solver, nullptr);
                }
            }};
}

/// Every constraint of a built system (without its edit variables, as `--teardown` builds
/// it) removed in the benchmark's shuffled order. On the grid it guards the dummy bundles: a
/// removal once expanded every bundle holding its dummy into every row holding the bundle,
/// and the rows filled in (a 20 x 20 grid from 21k cells to 102k, 837M instructions against
/// 262M now). With W and H as edit variables the bundles reach few rows, and the old way
/// cost no more.
Workload removeShuffled(ratite_family family, int64_t n) {
    return {[=] { buildSolver(family, n, false); },
            [=] {
                Prepared &p = prepared(family, n);
                for (size_t k = 0; k < p.constraintCount; k++) {
                    ratite_solver_constraint_remove(current->solver, current->constraints[p.shuffled[k]]);
                }
            }};
}

/// Many distinct priorities: `y == i` at priority 1 + i/5 for i = 1..n, each constraint a
/// level of its own and each in conflict with all before it, so every addition pivots and
/// the objective spans every level. Guards the rank-ordered objective lists: searched level
/// by level, this was cubic in n (3,000 levels took 28 s).
Workload distinctPriorities(int n) {
    return {[=] {
                current = new Built;
                ratite_solver_new(&current->solver);
                current->variables.resize(1);
                ratite_solver_variable_new(current->solver, "y", 1, &current->variables[0]);
            },
            [=] {
                ratite_term term{current->variables[0], 1.0};
                for (int i = 1; i <= n; i++) {
                    ratite_constraint c;
                    ratite_solver_constraint_add(current->solver, &term, 1, -static_cast<double>(i), RATITE_RELATION_EQUAL,
                                                 1.0 + 0.2 * i, &c);
                }
            }};
}

/// Taking a layout down in the order it was built: n subviews pinned to the root's left and
/// top, then every constraint deactivated oldest first. Each deactivation finds its
/// constraint in the root's list and its row in the root variables' columns, which list
/// newest first: both were walks to the far end (quadratic) before the list was indexed
/// and long columns reversed.
Workload deactivateOldestFirst(int n) {
    static std::vector<ratite_layout_constraint> made;
    return {[=] {
                ratite_engine_new(&engine);
                ratite_engine_view_add(engine, "root", 4, RATITE_NO_ITEM, &root);
                ratite_engine_item_set_size(engine, root, 320, 480);
                made.assign(2 * static_cast<size_t>(n), 0);
                for (int i = 0; i < n; i++) {
                    std::string name = "v" + std::to_string(i);
                    ratite_item v;
                    ratite_engine_view_add(engine, name.data(), name.size(), root, &v);
                    ratite_engine_constraint_add(engine, v, RATITE_ATTRIBUTE_LEFT, RATITE_RELATION_EQUAL, root,
                                                 RATITE_ATTRIBUTE_LEFT, 1, i, 1000, nullptr, 0, &made[2 * i]);
                    ratite_engine_constraint_add(engine, v, RATITE_ATTRIBUTE_TOP, RATITE_RELATION_EQUAL, root,
                                                 RATITE_ATTRIBUTE_TOP, 1, i, 1000, nullptr, 0, &made[2 * i + 1]);
                }
            },
            [=] {
                for (ratite_layout_constraint c : made) ratite_engine_constraint_deactivate(engine, c);
            }};
}

Workload form(int64_t n, int layouts) {
    return {[=] { ratite_engine_new(&engine); },
            [=] {
                ratite_engine_build_form(engine, n, &root);
                ratite_engine_layout(engine);
                for (int k = 0; k < layouts; k++) {
                    ratite_engine_item_set_size(engine, root, k % 2 ? 320 : 360, 40.0 + 38.0 * static_cast<double>(n));
                    ratite_engine_layout(engine);
                }
            }};
}

/// The ambiguity report on a laid-out row of `n` views with optional widths
/// (AmbiguityBenchmarks.cpp): quadratic in `n` when each variable was optimized from scratch.
Workload ambiguityRow(int64_t n) {
    return {[=] {
                ratite_engine_new(&engine);
                buildAmbiguousRow(engine, n);
            },
            [=] {
                char *text = nullptr;
                ratite_engine_ambiguity_report(engine, &text);
                ratite_string_free(text);
            }};
}

ratite_fixture *fixture = nullptr;

/// The family built through another entry point (ratite_fixtures.h).
Workload buildThrough(const char *family, int64_t n, ratite_fixture_path path) {
    return {[=] { fixture = newFixture(family, n, path); },
            [=] { requireFixture(ratite_fixture_build(fixture), "fixture_build", fixture); }};
}

/// Resizes through another entry point, as `resize` does through the C API.
Workload resizeThrough(const char *family, int64_t n, ratite_fixture_path path, int rounds) {
    return {[=] {
                fixture = newFixture(family, n, path);
                requireFixture(ratite_fixture_build(fixture), "fixture_build", fixture);
                requireFixture(ratite_fixture_add_edits(fixture), "fixture_add_edits", fixture);
            },
            [=] {
                for (int k = 0; k < rounds; k++) requireFixture(ratite_fixture_resize(fixture, k % 2), "fixture_resize", fixture);
            }};
}

Workload vflParse(int rounds) {
    static const char *formats[] = {"|-[find]-[findNext]-[findField(>=20)]-|", "V:[topField]-10-[bottomField]",
                                    "[flexibleButton(>=70,<=100)]", "|-50-[orchidBox]-50-|", "[button1(==button2)]"};
    static const char *names[] = {"find", "findNext", "findField", "topField", "bottomField", "flexibleButton",
                                  "orchidBox", "button1", "button2"};
    return {[=] {
                ratite_engine_new(&engine);
                ratite_engine_view_add(engine, "root", 4, RATITE_NO_ITEM, &root);
                for (const char *name : names) {
                    ratite_item item;
                    ratite_engine_view_add(engine, name, std::strlen(name), root, &item);
                }
            },
            [=] {
                for (int k = 0; k < rounds; k++) {
                    for (const char *f : formats) {
                        size_t count;
                        ratite_engine_vfl_check(engine, f, std::strlen(f), nullptr, 0, nullptr, 0, 0, &count);
                    }
                }
            }};
}

/// The VFL target, `|-[find]-[findNext]-[findField(>=20)]-|` with bound views into
/// constraint records (ratite_engine_vfl_parse), as the vfl/find_row benchmark runs it:
/// instructions per parse = count / rounds.
Workload vflFindRow(int rounds) {
    return {[=] {
                ratite_engine_new(&engine);
                ratite_engine_view_add(engine, "root", 4, RATITE_NO_ITEM, &root);
            },
            [=] {
                ratite_view_binding views[3] = {{"find", 4, 0}, {"findNext", 8, 0}, {"findField", 9, 0}};
                for (ratite_view_binding &v : views) {
                    ratite_item item;
                    ratite_engine_view_add(engine, v.name, v.name_length, root, &item);
                    v.item = item;
                }
                const char *format = "|-[find]-[findNext]-[findField(>=20)]-|";
                ratite_vfl_constraint out[8];
                for (int k = 0; k < rounds; k++) {
                    size_t count;
                    ratite_engine_vfl_parse(engine, format, std::strlen(format), nullptr, 0, views, 3, 0, out, 8, &count);
                }
            }};
}

std::map<std::string, Workload> workloads() {
    return {
        {"build_chain_2000", build(RATITE_FAMILY_CHAIN, 2000)},
        {"build_grid_900", build(RATITE_FAMILY_GRID, 900)},
        {"build_tree_1000", build(RATITE_FAMILY_TREE, 1000)},
        {"build_with_variables_chain_2000", buildWithVariables(RATITE_FAMILY_CHAIN, 2000)},
        {"build_with_variables_grid_900", buildWithVariables(RATITE_FAMILY_GRID, 900)},
        {"build_with_variables_tree_1000", buildWithVariables(RATITE_FAMILY_TREE, 1000)},
        {"build_priorities_600", distinctPriorities(600)},
        {"build_random_1000", build(RATITE_FAMILY_RANDOM, 1000)},
        // Past the size (about 2,500) where random's definitions start to meet cycles often:
        // the instructions per constraint that grow with its size are seen from here.
        {"build_random_5000", build(RATITE_FAMILY_RANDOM, 5000)},
        {"build_shuffled_chain_2000", build(RATITE_FAMILY_CHAIN, 2000, true)},
        {"build_shuffled_grid_900", build(RATITE_FAMILY_GRID, 900, true)},
        {"build_shuffled_tree_1000", build(RATITE_FAMILY_TREE, 1000, true)},
        // Past the cache model's 1 MB last level: `Benchmarks/misses` gates their data read
        // misses (the instruction gate skips them).
        {"misses_shuffled_chain_30000", build(RATITE_FAMILY_CHAIN, 30000, true)},
        {"misses_shuffled_grid_10000", build(RATITE_FAMILY_GRID, 10000, true)},
        {"misses_shuffled_tree_10000", build(RATITE_FAMILY_TREE, 10000, true)},
        // The chain at 10,000 through the C API and the two paths that make user objects:
        // where their times part (the objects' misses), not their instructions.
        {"misses_chain_10000", build(RATITE_FAMILY_CHAIN, 10000, false)},
        {"misses_swift_chain_10000", buildThrough("chain", 10000, RATITE_FIXTURE_PATH_SWIFT)},
        {"misses_engine_chain_10000", buildThrough("chain", 10000, RATITE_FIXTURE_PATH_ENGINE)},
        {"first_update_chain_2000", firstUpdate(RATITE_FAMILY_CHAIN, 2000)},
        {"first_update_grid_900", firstUpdate(RATITE_FAMILY_GRID, 900)},
        {"first_update_tree_1000", firstUpdate(RATITE_FAMILY_TREE, 1000)},
        {"first_suggestion_grid_2500", firstSuggestion(RATITE_FAMILY_GRID, 2500)},
        {"first_suggestion_tree_1000", firstSuggestion(RATITE_FAMILY_TREE, 1000)},
        {"resize_chain_2000", resize(RATITE_FAMILY_CHAIN, 2000, 20)},
        {"resize_grid_900", resize(RATITE_FAMILY_GRID, 900, 20)},
        {"resize_tree_1000", resize(RATITE_FAMILY_TREE, 1000, 20)},
        {"resize_random_1000", resize(RATITE_FAMILY_RANDOM, 1000, 20)},
        {"add_remove_tree_1000", addRemove(RATITE_FAMILY_TREE, 1000, 20)},
        {"remove_shuffled_grid_400", removeShuffled(RATITE_FAMILY_GRID, 400)},
        {"constant_chain_2000", constant(RATITE_FAMILY_CHAIN, 2000, 20)},
        {"deactivate_oldest_first_2000", deactivateOldestFirst(2000)},
        {"form_100", form(100, 10)},
        {"ambiguity_row_1000", ambiguityRow(1000)},
        {"vfl_parse", vflParse(200)},
        {"vfl_find_row", vflFindRow(1000)},
        {"build_swift_chain_2000", buildThrough("chain", 2000, RATITE_FIXTURE_PATH_SWIFT)},
        {"build_text_chain_2000", buildThrough("chain", 2000, RATITE_FIXTURE_PATH_SOLVE_TEXT)},
        {"build_engine_chain_2000", buildThrough("chain", 2000, RATITE_FIXTURE_PATH_ENGINE)},
        {"build_swift_grid_900", buildThrough("grid", 900, RATITE_FIXTURE_PATH_SWIFT)},
        {"build_text_grid_900", buildThrough("grid", 900, RATITE_FIXTURE_PATH_SOLVE_TEXT)},
        {"build_engine_grid_900", buildThrough("grid", 900, RATITE_FIXTURE_PATH_ENGINE)},
        {"build_swift_tree_1000", buildThrough("tree", 1000, RATITE_FIXTURE_PATH_SWIFT)},
        {"build_text_tree_1000", buildThrough("tree", 1000, RATITE_FIXTURE_PATH_SOLVE_TEXT)},
        {"build_engine_tree_1000", buildThrough("tree", 1000, RATITE_FIXTURE_PATH_ENGINE)},
        {"resize_swift_grid_900", resizeThrough("grid", 900, RATITE_FIXTURE_PATH_SWIFT, 20)},
        {"resize_text_grid_900", resizeThrough("grid", 900, RATITE_FIXTURE_PATH_SOLVE_TEXT, 20)},
        {"resize_engine_grid_900", resizeThrough("grid", 900, RATITE_FIXTURE_PATH_ENGINE, 20)},
        {"resize_engine_chain_2000", resizeThrough("chain", 2000, RATITE_FIXTURE_PATH_ENGINE, 20)},
    };
}

} // namespace

int runWorkload(const char *name) {
    auto all = workloads();
    if (std::strcmp(name, "list") == 0) {
        for (auto &entry : all) std::printf("%s\n", entry.first.c_str());
        return 0;
    }
    auto found = all.find(name);
    if (found == all.end()) {
        std::fprintf(stderr, "ratite-bench: unknown workload '%s' (--workload list)\n", name);
        return 64;
    }
    found->second.prepare();
    COLLECT_TOGGLE();
    found->second.run();
    COLLECT_TOGGLE();
    delete current;
    ratite_engine_free(engine);
    ratite_fixture_free(fixture);
    return 0;
}

} // namespace bench
