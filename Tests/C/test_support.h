/* Tiny test harness shared by the C test files (and the C++ translation unit). */
#ifndef RATITE_TEST_SUPPORT_H
#define RATITE_TEST_SUPPORT_H
#include <ratite.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Checks run and checks failed in this process. Only the main thread of a test process
 * touches them (threads report back to it). */
extern int test_failures;
extern int test_checks;

/* Whether `actual` is within `tolerance` of `expected`: absolute up to 1, relative to
 * `expected` beyond. */
int test_near(double actual, double expected, double tolerance);

/* Out-of-line helpers behind the macros (test_support.c): they print what was expected and
 * what came instead. */
void test_fail(const char *file, int line, const char *text);
void test_check_status(ratite_status actual, ratite_status expected, const char *file, int line, const char *text);
void test_check_double(double actual, double expected, double tolerance, const char *file, int line,
                       const char *text);
void test_check_string(const char *actual, const char *expected, const char *file, int line, const char *text);
void test_check_contains(const char *haystack, const char *needle, const char *file, int line, const char *text);
void test_check_frame(ratite_engine *engine, ratite_item item, double x, double y, double width, double height,
                      const char *file, int line, const char *text);

#define CHECK(condition)                                                  \
    do {                                                                  \
        test_checks++;                                                    \
        if (!(condition)) test_fail(__FILE__, __LINE__, #condition);      \
    } while (0)

#define CHECK_STATUS(call, expected) test_check_status((call), (expected), __FILE__, __LINE__, #call)

/* Doubles within 1e-9 (absolute, or relative for large values). */
#define CHECK_NEAR(actual, expected) test_check_double((actual), (expected), 1e-9, __FILE__, __LINE__, #actual)
#define CHECK_STR(actual, expected) test_check_string((actual), (expected), __FILE__, __LINE__, #actual)
#define CHECK_CONTAINS(haystack, needle) test_check_contains((haystack), (needle), __FILE__, __LINE__, #haystack)
/* The item's frame after the last layout is exactly x, y, width, height (within 1e-9). */
#define CHECK_FRAME(engine, item, x, y, width, height) \
    test_check_frame((engine), (item), (x), (y), (width), (height), __FILE__, __LINE__, #item)

/* Values put in outputs beforehand, to see that a failed call left them untouched. */
#define SENTINEL_ID ((uint64_t)0x5A5A5A5A5A5A5A5AULL)
#define SENTINEL_SIZE ((size_t)0xC0FFEE)

/* Shorthands for the engine's enums. */
#define A(name) RATITE_ATTRIBUTE_##name
#define EQ RATITE_RELATION_EQUAL
#define LE RATITE_RELATION_LESS_OR_EQUAL
#define GE RATITE_RELATION_GREATER_OR_EQUAL

/* Wrappers for the calls most tests make, which check that the call succeeded
 * (test_support.c). */

/* A new solver; the caller frees it. */
ratite_solver *new_solver(void);
/* A new variable named `name`. */
ratite_variable var(ratite_solver *s, const char *name);
/* Adds the constraint in `text` (the solve file syntax) and returns its id; prints the
 * solver's error when it fails. */
ratite_constraint parse(ratite_solver *s, const char *text);
/* The variable's value after the last update. */
double value(ratite_solver *s, ratite_variable v);
/* Removes a dump's "Infeasible" section in place: it lists the solver's transient work
 * list (rows that may have become infeasible), which a successful operation can leave
 * filled and any failed one empties; it is not part of the solver's state. */
void strip_transient(char *dump);

/* A new engine with macOS conventions (VFL's |- is the edge + 20), which most engine and
 * VFL tests assume (vfl_test.c's test_platform covers the iOS default); the caller frees it. */
ratite_engine *new_engine(void);
/* A new view named `name` in `parent` (RATITE_NO_ITEM for a root). */
ratite_item view(ratite_engine *e, const char *name, ratite_item parent);
/* A root view named "root" of the given size. */
ratite_item root_view(ratite_engine *e, double width, double height);
/* Lays the engine out. */
void layout(ratite_engine *e);

/* Runs `test` in a child process so that a crash (a Swift trap is SIGILL) is reported as a
 * failed check with its name instead of ending the whole suite; the child's check counts
 * are added to this process's. */
void run_isolated(const char *name, void (*test)(void));

/* Nonzero when the slow tests (tens of thousands of handle or id cycles) should be skipped:
 * RATITE_C_TEST_QUICK is set (the valgrind run sets it). */
int test_quick_mode(void);

/* Test groups, one per file; each runs in its own process (see main.c). */
void run_ratite_tests(void);
void run_version_tests(void);
void run_solver_tests(void);
void run_system_tests(void);
void run_engine_tests(void);
void run_vfl_tests(void);
void run_error_tests(void);
void run_thread_tests(void);
void run_values_tests(void);
void run_files_tests(void);
void run_cpp_tests(void);

#ifdef __cplusplus
}
#endif

#endif
