/* A first smoke test: two variables, one constraint from terms and one from text. The
 * thorough tests are in the other *_test.c files. */
#include <ratite.h>
#include <string.h>
#include "test_support.h"

static void test_solver_basics(void) {
    ratite_solver *s = NULL;
    CHECK_STATUS(ratite_solver_new(&s), RATITE_OK);
    ratite_variable x, y;
    CHECK_STATUS(ratite_solver_variable_new(s, "x", 1, &x), RATITE_OK);
    CHECK_STATUS(ratite_solver_variable_new(s, "y", 1, &y), RATITE_OK);
    ratite_term terms[2] = {{x, 1.0}, {y, -1.0}};
    ratite_constraint c;
    CHECK_STATUS(ratite_solver_constraint_add(s, terms, 2, -10.0, RATITE_RELATION_EQUAL, RATITE_PRIORITY_REQUIRED, &c),
                 RATITE_OK);
    ratite_constraint d;
    CHECK_STATUS(ratite_solver_constraint_parse(s, "y == 5", 6, &d), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(s, NULL), RATITE_OK);
    double value = 0;
    CHECK_STATUS(ratite_solver_variable_value(s, x, &value), RATITE_OK);
    CHECK_NEAR(value, 15.0);
    ratite_solver_free(s);
}

void run_ratite_tests(void) {
    test_solver_basics();
}
