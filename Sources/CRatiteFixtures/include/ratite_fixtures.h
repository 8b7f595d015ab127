/* ratite_fixtures.h: Ratite's benchmark and test fixtures. Not part of the public
 * interface (ratite.h): only the benchmark driver and the C tests link them, and `make
 * install` does not install them.
 *
 * - Generated systems (ratite_system_*): the benchmark and fuzz families as plain data, so
 *   C callers build the same systems through ratite.h. Statuses and ownership follow
 *   ratite.h's conventions.
 * - ratite_engine_build_form: the form family built into a ratite_engine from ratite.h.
 * - Path fixtures (ratite_fixture_*): the generated systems built through each entry point
 *   other than the C solver API (the Swift `Solver`, the solve-file text path and the
 *   layout engine), so the benchmark driver can time every path on the same systems. These
 *   return 0 on success and -1 on failure; `ratite_fixture_last_error` then says why.
 *
 * The library holds only the fixtures and uses the one copy of the core in libratite: link
 * it together with libratite (shared or static), never instead of it. */
#ifndef RATITE_FIXTURES_H
#define RATITE_FIXTURES_H

#include <stddef.h>
#include <stdint.h>

#include "ratite.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------
 * Generated systems: the benchmark and fuzz families, so C callers build the same systems.
 * ------------------------------------------------------------------------------------- */

typedef struct ratite_system ratite_system;

typedef int32_t ratite_family;
#define RATITE_FAMILY_CHAIN 0
#define RATITE_FAMILY_GRID 1
#define RATITE_FAMILY_TREE 2
#define RATITE_FAMILY_RANDOM 3

/** One constraint of a generated system; variables are indices into the system's variable
 *  list (not solver ids). */
typedef struct ratite_system_constraint {
    const int32_t *variables;
    const double *coefficients;
    size_t count;
    double constant;
    ratite_relation relation;
    double priority;
} ratite_system_constraint;

/** Generates family `family` with `n` items (1 <= n <= 10000000) and `seed` (used by the
 *  random family). The caller frees *out with ratite_system_free. */
ratite_status ratite_system_generate(ratite_family family, int64_t n, uint64_t seed, ratite_system **out);
void ratite_system_free(ratite_system *system);
size_t ratite_system_variable_count(const ratite_system *system);
/** The name of variable `index` (NUL-terminated, owned by the system). NULL when out of range. */
const char *ratite_system_variable_name(const ratite_system *system, size_t index);
size_t ratite_system_constraint_count(const ratite_system *system);
/** Constraint `index`; the arrays are owned by the system. */
ratite_status ratite_system_constraint_get(const ratite_system *system, size_t index, ratite_system_constraint *out);
/** How many edit variables the family has (1 or 2). */
size_t ratite_system_edit_count(const ratite_system *system);
/** Edit `index`: its variable index, priority, first suggestion, and two alternative values
 *  the resize benchmark alternates between. Any output pointer may be NULL. */
ratite_status ratite_system_edit_get(const ratite_system *system, size_t index, int32_t *variable, double *priority,
                                     double *suggestion, double *resize_a, double *resize_b);
/** The system in the `ratite solve` text format. The caller frees *out with ratite_string_free. */
ratite_status ratite_system_text(const ratite_system *system, char **out);

/* ---------------------------------------------------------------------------------------
 * The form family in a layout engine.
 * ------------------------------------------------------------------------------------- */

/** Builds the benchmark's form family into an empty engine: a root view (the superview,
 *  whose width ratite_engine_item_set_size changes) with `n` rows of label and text field
 *  laid out with VFL. Writes the root. RATITE_ERROR_INVALID_ARGUMENT when n is outside
 *  1...10000000 or the engine already has items (with the engine's last error set, as by
 *  the engine's own calls). */
ratite_status ratite_engine_build_form(ratite_engine *engine, int64_t n, ratite_item *root);

/* ---------------------------------------------------------------------------------------
 * Path fixtures: a generated system built through the Swift API, the solve-file text or the
 * layout engine.
 * ------------------------------------------------------------------------------------- */

/** A generated system prepared for building through one path. */
typedef struct ratite_fixture ratite_fixture;

/** The entry points a fixture builds through. */
typedef enum ratite_fixture_path {
    /** The Swift `Solver`: `Constraint` objects made from `Variable` expressions. */
    RATITE_FIXTURE_PATH_SWIFT = 0,
    /** The solve-file text (`ratite solve`): parsed and executed by a `SolveSession`. */
    RATITE_FIXTURE_PATH_SOLVE_TEXT = 1,
    /** The layout engine: a view per item, `LayoutConstraint` objects activated at once. */
    RATITE_FIXTURE_PATH_ENGINE = 2,
    /** The Swift `Solver` given `Constraint` objects made beforehand (by
     * `ratite_fixture_clear`, untimed): `Solver.add` alone, as the C benchmark's build times
     * `ratite_solver_constraint_add` alone on terms resolved beforehand. */
    RATITE_FIXTURE_PATH_SWIFT_PREPARED = 3,
    /** The layout engine given its views and `LayoutConstraint` objects made beforehand (by
     * `ratite_fixture_clear`, untimed): the activation alone, as the C benchmark's build
     * times the additions alone on variables made beforehand. */
    RATITE_FIXTURE_PATH_ENGINE_PREPARED = 4,
} ratite_fixture_path;

/** Generates `family` ("chain", "grid", "tree", "random") with `n` items and prepares what
 * a build reads (variables, text, names): the untimed part. */
int ratite_fixture_new(const char *family, int64_t n, ratite_fixture_path path, ratite_fixture **out);

/** Builds the system from nothing through the fixture's path: every constraint, without
 * edit variables and without an update, like the C benchmark's build. Drops any earlier
 * build first (call `ratite_fixture_clear` beforehand to keep its teardown out of a
 * measurement). */
int ratite_fixture_build(ratite_fixture *fixture);

/** Makes the edit variables edit variables (for the engine: the constraints that hold them,
 * at the same priority), suggests their first values and updates (lays out). */
int ratite_fixture_add_edits(ratite_fixture *fixture);

/** One resize: suggests each edit variable its first (`flip` 0) or second resize value and
 * updates (lays out). */
int ratite_fixture_resize(ratite_fixture *fixture, int flip);

/** Drops the current build; a prepared path then makes the objects its next build adds. */
void ratite_fixture_clear(ratite_fixture *fixture);

/** How many constraints a build adds through this path (for the engine: its
 * `LayoutConstraint`s and the root's two origin constraints). */
size_t ratite_fixture_constraint_count(const ratite_fixture *fixture);

/** The pivots the current build's solver has made so far. */
uint64_t ratite_fixture_pivots(const ratite_fixture *fixture);

/** Why the last call on `fixture` failed (empty after a success); valid until the next call. */
const char *ratite_fixture_last_error(const ratite_fixture *fixture);

void ratite_fixture_free(ratite_fixture *fixture);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* RATITE_FIXTURES_H */
