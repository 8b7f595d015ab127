/* The helpers declared in test_support.h: the checks behind the CHECK macros, which print
 * what was expected and what came instead, and the small wrappers the test files share. */
#include <math.h>
#include "test_support.h"

int test_failures = 0;
int test_checks = 0;

int test_near(double actual, double expected, double tolerance) {
    double scale = fabs(expected) > 1 ? fabs(expected) : 1;
    return fabs(actual - expected) <= tolerance * scale;
}

void test_fail(const char *file, int line, const char *text) {
    fprintf(stderr, "%s:%d: check failed: %s\n", file, line, text);
    test_failures++;
}

void test_check_status(ratite_status actual, ratite_status expected, const char *file, int line, const char *text) {
    test_checks++;
    if (actual == expected) return;
    fprintf(stderr, "%s:%d: check failed: %s\n    expected status %d (%s), got %d (%s)\n", file, line, text,
            (int)expected, ratite_status_string(expected), (int)actual, ratite_status_string(actual));
    test_failures++;
}

void test_check_double(double actual, double expected, double tolerance, const char *file, int line,
                       const char *text) {
    test_checks++;
    if (test_near(actual, expected, tolerance)) return;
    fprintf(stderr, "%s:%d: check failed: %s\n    expected %.17g, got %.17g\n", file, line, text, expected, actual);
    test_failures++;
}

void test_check_string(const char *actual, const char *expected, const char *file, int line, const char *text) {
    test_checks++;
    if (actual != NULL && strcmp(actual, expected) == 0) return;
    fprintf(stderr, "%s:%d: check failed: %s\n    expected \"%s\"\n    got      \"%s\"\n", file, line, text, expected,
            actual ? actual : "(null)");
    test_failures++;
}

void test_check_contains(const char *haystack, const char *needle, const char *file, int line, const char *text) {
    test_checks++;
    if (haystack != NULL && strstr(haystack, needle) != NULL) return;
    fprintf(stderr, "%s:%d: check failed: %s contains \"%s\"\n    got \"%s\"\n", file, line, text, needle,
            haystack ? haystack : "(null)");
    test_failures++;
}

void test_check_frame(ratite_engine *engine, ratite_item item, double x, double y, double width, double height,
                      const char *file, int line, const char *text) {
    ratite_frame f = {NAN, NAN, NAN, NAN};
    ratite_status status = ratite_engine_item_frame(engine, item, &f);
    test_checks++;
    const double expected[4] = {x, y, width, height}, actual[4] = {f.x, f.y, f.width, f.height};
    int same = status == RATITE_OK;
    for (int i = 0; i < 4 && same; i++) same = test_near(actual[i], expected[i], 1e-9);
    if (same) return;
    fprintf(stderr, "%s:%d: check failed: frame of %s\n    expected %g %g %g %g, got %g %g %g %g (status %d)\n", file,
            line, text, x, y, width, height, f.x, f.y, f.width, f.height, (int)status);
    test_failures++;
}

int test_quick_mode(void) {
    const char *quick = getenv("RATITE_C_TEST_QUICK");
    return quick != NULL && quick[0] != '\0' && strcmp(quick, "0") != 0;
}

/* ---- solvers ---- */

ratite_solver *new_solver(void) {
    ratite_solver *s = NULL;
    CHECK_STATUS(ratite_solver_new(&s), RATITE_OK);
    CHECK(s != NULL);
    return s;
}

ratite_variable var(ratite_solver *s, const char *name) {
    ratite_variable v = 0;
    CHECK_STATUS(ratite_solver_variable_new(s, name, strlen(name), &v), RATITE_OK);
    return v;
}

ratite_constraint parse(ratite_solver *s, const char *text) {
    ratite_constraint c = 0;
    ratite_status status = ratite_solver_constraint_parse(s, text, strlen(text), &c);
    if (status != RATITE_OK) fprintf(stderr, "    parsing \"%s\": %s\n", text, ratite_solver_last_error(s));
    CHECK_STATUS(status, RATITE_OK);
    return c;
}

double value(ratite_solver *s, ratite_variable v) {
    double d = NAN;
    CHECK_STATUS(ratite_solver_variable_value(s, v, &d), RATITE_OK);
    return d;
}

void strip_transient(char *dump) {
    char *start = dump ? strstr(dump, "Infeasible\n") : NULL;
    char *end = start ? strstr(start, "Edit variables\n") : NULL;
    if (!start || !end) return;
    start += strlen("Infeasible\n");
    memmove(start, end, strlen(end) + 1);
}

/* ---- engines ---- */

ratite_engine *new_engine(void) {
    ratite_engine *e = NULL;
    CHECK_STATUS(ratite_engine_new(&e), RATITE_OK);
    CHECK(e != NULL);
    CHECK_STATUS(ratite_engine_set_platform(e, RATITE_PLATFORM_MACOS), RATITE_OK);
    return e;
}

ratite_item view(ratite_engine *e, const char *name, ratite_item parent) {
    ratite_item item = 0;
    CHECK_STATUS(ratite_engine_view_add(e, name, strlen(name), parent, &item), RATITE_OK);
    return item;
}

ratite_item root_view(ratite_engine *e, double width, double height) {
    ratite_item root = view(e, "root", RATITE_NO_ITEM);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, width, height), RATITE_OK);
    return root;
}

void layout(ratite_engine *e) {
    CHECK_STATUS(ratite_engine_layout(e), RATITE_OK);
}
