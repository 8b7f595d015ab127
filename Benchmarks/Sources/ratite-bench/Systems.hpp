// Generated systems shared by the benchmarks: generated once per (family, n) and kept,
// so generation never shows in a measurement.
#pragma once

#include <ratite.h>

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

/// A generated system with its constraints in generation order and in a seeded shuffle.
struct Prepared {
    ratite_system *system = nullptr;
    size_t variableCount = 0;
    size_t constraintCount = 0;
    std::vector<size_t> shuffled;
    /// A required constraint near the middle (for the constant-change benchmark).
    size_t requiredNearMiddle = 0;
};

Prepared &prepared(ratite_family family, int64_t n);

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

/// Creates the solver and its variables (not timed by callers that care).
void createVariables(Built &built, const Prepared &p);

/// The system's constraint `index` as solver terms (into `terms`).
ratite_system_constraint termsOf(const Prepared &p, const Built &built, size_t index, std::vector<ratite_term> &terms);

/// Adds every constraint, in `order` if given.
void addConstraints(Built &built, const Prepared &p, const std::vector<size_t> *order);

/// Adds the edit variables and their first suggestions, and updates.
void addEdits(Built &built, const Prepared &p);

ratite_solver_statistics statistics(ratite_solver *solver);

} // namespace bench
