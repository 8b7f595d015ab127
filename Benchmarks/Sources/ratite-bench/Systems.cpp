#include "Systems.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <utility>

namespace bench {

void require(ratite_status status, const char *what) {
    if (status == RATITE_OK) return;
    std::fprintf(stderr, "ratite-bench: %s failed: %s\n", what, ratite_status_string(status));
    std::exit(2);
}

void require(ratite_status status, const char *what, ratite_solver *solver) {
    if (status == RATITE_OK) return;
    std::fprintf(stderr, "ratite-bench: %s failed: %s: %s\n", what, ratite_status_string(status),
                 ratite_solver_last_error(solver));
    std::exit(2);
}

const Family solverFamilies[4] = {
    {"chain", RATITE_FAMILY_CHAIN},
    {"grid", RATITE_FAMILY_GRID},
    {"tree", RATITE_FAMILY_TREE},
    {"random", RATITE_FAMILY_RANDOM},
};

const Family *solverFamily(const char *name) {
    for (const Family &f : solverFamilies) {
        if (std::strcmp(f.name, name) == 0) return &f;
    }
    return nullptr;
}

/// SplitMix64, so shuffles are the same on every platform.
static uint64_t splitmix(uint64_t &state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// 0 ..< count in a Fisher-Yates shuffle driven by SplitMix64 from `seed`.
static std::vector<size_t> seededShuffle(size_t count, uint64_t seed) {
    std::vector<size_t> order(count);
    for (size_t i = 0; i < count; i++) order[i] = i;
    uint64_t state = seed;
    for (size_t i = count; i > 1; i--) {
        size_t j = static_cast<size_t>(splitmix(state) % i);
        std::swap(order[i - 1], order[j]);
    }
    return order;
}

/// Reads the system's constraints into `list`, in `order` if given.
static void listAdditions(const Prepared &p, const std::vector<size_t> *order, AdditionList &list) {
    list.additions.reserve(p.constraintCount);
    for (size_t k = 0; k < p.constraintCount; k++) {
        size_t i = order ? (*order)[k] : k;
        ratite_system_constraint c;
        require(ratite_system_constraint_get(p.system, i, &c), "constraint_get");
        list.additions.push_back({i, list.variables.size(), c.count, c.constant, c.relation, c.priority});
        list.variables.insert(list.variables.end(), c.variables, c.variables + c.count);
        list.coefficients.insert(list.coefficients.end(), c.coefficients, c.coefficients + c.count);
    }
}

/// The systems prepared since the last `releasePreparedSystems`.
static std::map<std::pair<int, int64_t>, std::unique_ptr<Prepared>> preparedCache;

Prepared::~Prepared() { ratite_system_free(system); }

void releasePreparedSystems() { preparedCache.clear(); }

Prepared &prepared(ratite_family family, int64_t n) {
    std::map<std::pair<int, int64_t>, std::unique_ptr<Prepared>> &cache = preparedCache;
    auto key = std::make_pair(static_cast<int>(family), n);
    auto found = cache.find(key);
    if (found != cache.end()) return *found->second;
    auto p = std::make_unique<Prepared>();
    require(ratite_system_generate(family, n, 1, &p->system), "generate");
    p->variableCount = ratite_system_variable_count(p->system);
    p->constraintCount = ratite_system_constraint_count(p->system);
    p->shuffled = seededShuffle(p->constraintCount, 42);
    p->scrambledVariables = seededShuffle(p->variableCount, 43);
    listAdditions(*p, nullptr, p->inOrder);
    listAdditions(*p, &p->shuffled, p->shuffledOrder);
    for (size_t i = p->constraintCount / 2; i < p->constraintCount; i++) {
        ratite_system_constraint c;
        require(ratite_system_constraint_get(p->system, i, &c), "constraint_get");
        if (c.priority >= 1000) {
            p->requiredNearMiddle = i;
            break;
        }
    }
    Prepared &result = *p;
    cache.emplace(key, std::move(p));
    return result;
}

Built::~Built() { ratite_solver_free(solver); }

void createVariables(Built &built, const Prepared &p, bool scrambled) {
    require(ratite_solver_new(&built.solver), "solver_new");
    built.variables.resize(p.variableCount);
    for (size_t k = 0; k < p.variableCount; k++) {
        size_t i = scrambled ? p.scrambledVariables[k] : k;
        const char *name = ratite_system_variable_name(p.system, i);
        require(ratite_solver_variable_new(built.solver, name, std::strlen(name), &built.variables[i]), "variable_new",
                built.solver);
    }
    built.constraints.assign(p.constraintCount, 0);
}

void resolveAdditions(const Built &built, const AdditionList &list, ResolvedAdditions &resolved) {
    resolved.list = &list;
    resolved.terms.resize(list.variables.size());
    for (size_t t = 0; t < list.variables.size(); t++) {
        resolved.terms[t].variable = built.variables[static_cast<size_t>(list.variables[t])];
        resolved.terms[t].coefficient = list.coefficients[t];
    }
    resolved.ids.assign(list.additions.size(), 0);
}

void addResolved(Built &built, ResolvedAdditions &resolved) {
    const std::vector<Addition> &additions = resolved.list->additions;
    for (size_t k = 0; k < additions.size(); k++) {
        const Addition &a = additions[k];
        require(ratite_solver_constraint_add(built.solver, resolved.terms.data() + a.firstTerm, a.termCount, a.constant,
                                             a.relation, a.priority, &resolved.ids[k]),
                "constraint_add", built.solver);
    }
}

void addConstraints(Built &built, const AdditionList &list) {
    std::vector<ratite_term> terms;
    for (const Addition &a : list.additions) {
        terms.resize(a.termCount);
        for (size_t t = 0; t < a.termCount; t++) {
            terms[t].variable = built.variables[static_cast<size_t>(list.variables[a.firstTerm + t])];
            terms[t].coefficient = list.coefficients[a.firstTerm + t];
        }
        require(ratite_solver_constraint_add(built.solver, terms.data(), terms.size(), a.constant, a.relation, a.priority,
                                             &built.constraints[a.index]),
                "constraint_add", built.solver);
    }
}

void addEdits(Built &built, const Prepared &p) {
    size_t edits = ratite_system_edit_count(p.system);
    for (size_t e = 0; e < edits; e++) {
        int32_t variable;
        double priority, suggestion;
        require(ratite_system_edit_get(p.system, e, &variable, &priority, &suggestion, nullptr, nullptr), "edit_get");
        ratite_variable v = built.variables[static_cast<size_t>(variable)];
        require(ratite_solver_edit_add(built.solver, v, priority), "edit_add", built.solver);
        require(ratite_solver_suggest(built.solver, v, suggestion), "suggest", built.solver);
    }
    require(ratite_solver_update(built.solver, nullptr), "update", built.solver);
}

ratite_solver_statistics statistics(ratite_solver *solver) {
    ratite_solver_statistics s;
    require(ratite_solver_statistics_get(solver, &s), "statistics");
    return s;
}

} // namespace bench
