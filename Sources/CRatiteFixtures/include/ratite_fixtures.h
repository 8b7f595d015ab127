/* Ratite's benchmark and test fixtures: the generated systems built through each entry
 * point other than the C solver API (the Swift `Solver`, the solve-file text path and the
 * layout engine), so the benchmark driver can time every path on the same systems. Not part
 * of the public interface: only the benchmarks and tests link it.
 *
 * Every function returns 0 on success and -1 on failure; `ratite_fixture_last_error` then
 * says why. */
#ifndef RATITE_FIXTURES_H
#define RATITE_FIXTURES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

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

/** Drops the current build. */
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
}
#endif

#endif
