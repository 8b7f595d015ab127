// Generated systems shared by the benchmarks: generated once per (family, n) and kept while
// a benchmark runs, so generation never shows in a measurement.
#pragma once

#include <ratite.h>
#include <ratite_fixtures.h> // the generated systems (ratite_system_*) and the form family

#include <cstdint>
#include <string>
#include <vector>

namespace bench {

/// Fails loudly: a benchmark that silently measures an error is worse than none.
void require(ratite_status status, const char *what);
void require(ratite_status status, const char *what, ratite_solver *solver);

struct Family {
    const char *name;
    ratite_family id;
};

extern const Family solverFamilies[4];

/// The solver family named `name` (chain, grid, tree, random), or null.
const Family *solverFamily(const char *name);

/// One constraint to add: its terms are `AdditionList::variables` and `coefficients` from
/// `firstTerm` on, in variable indices.
struct Addition {
    size_t index; ///< the constraint's index in generation order
    size_t firstTerm;
    size_t termCount;
    double constant;
    ratite_relation relation;
    double priority;
};

/// Constraints in the order a build adds them, read from the generated system beforehand,
/// so a build measures the solver only: reading the system in a shuffled order missed the
/// cache on every constraint of a 100k system, a tenth of a shuffled chain's build time.
struct AdditionList {
    std::vector<Addition> additions;
    std::vector<int32_t> variables;
    std::vector<double> coefficients;
};

/// A generated system with its constraints in generation order and in a seeded shuffle.
struct Prepared {
    ratite_system *system = nullptr;
    size_t variableCount = 0;
    size_t constraintCount = 0;
    std::vector<size_t> shuffled;
    /// The variables' indices in a seeded shuffle: the order `build_scrambled` makes them in.
    std::vector<size_t> scrambledVariables;
    AdditionList inOrder, shuffledOrder;
    /// A required constraint near the middle (for the constant-change benchmark).
    size_t requiredNearMiddle = 0;

    Prepared() = default;
    Prepared(const Prepared &) = delete;
    Prepared &operator=(const Prepared &) = delete;
    ~Prepared();
};

/// The system of `family` at `n`, generated on first use and kept until
/// `releasePreparedSystems`.
Prepared &prepared(ratite_family family, int64_t n);

/// Frees every system `prepared` kept. The suite calls it after each benchmark, so a run
/// holds one benchmark's systems at a time.
void releasePreparedSystems();

/// A solver holding a prepared system: its variables and constraint ids (generation order).
struct Built {
    ratite_solver *solver = nullptr;
    std::vector<ratite_variable> variables;
    std::vector<ratite_constraint> constraints;

    Built() = default;
    Built(const Built &) = delete;
    Built &operator=(const Built &) = delete;
    ~Built();
};

/// Creates the solver and its variables (not timed by callers that care): in generation
/// order, or with `scrambled` in `p.scrambledVariables`' order (the handles still land at
/// their generation index in `built.variables`).
void createVariables(Built &built, const Prepared &p, bool scrambled = false);

/// The additions of an `AdditionList` with their terms written in `built`'s variable
/// handles, so that a timed build reads its input front to back and writes the ids the
/// same way. Looking each handle up while adding read `built.variables` in the list's
/// order: in a shuffled 100k system, a cache miss on nearly every term (a tenth of the
/// shuffled chain's last-level misses were the benchmark's own).
struct ResolvedAdditions {
    const AdditionList *list = nullptr;
    std::vector<ratite_term> terms;
    /// The ids `addResolved` received, in addition order (a build benchmark does not use
    /// them; writing them by generation order would be a random write a constraint).
    std::vector<ratite_constraint> ids;
};

/// Writes `list`'s terms in `built`'s handles (not timed by callers that care).
void resolveAdditions(const Built &built, const AdditionList &list, ResolvedAdditions &resolved);

/// Adds every constraint of `resolved`, in its order: what a build benchmark times.
void addResolved(Built &built, ResolvedAdditions &resolved);

/// Adds every constraint of `list`, in its order, looking each handle up as it goes: for
/// untimed builds, and for `--memory`, which a resolved list would inflate.
void addConstraints(Built &built, const AdditionList &list);

/// Adds the edit variables and their first suggestions, and updates.
void addEdits(Built &built, const Prepared &p);

ratite_solver_statistics statistics(ratite_solver *solver);

} // namespace bench
