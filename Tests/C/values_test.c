/* What bindings need from the solver: many values in one call
 * (ratite_solver_variable_values) and the variables the last update changed
 * (ratite_solver_changed_variables), with their argument checks. */
#include <ratite.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "test_support.h"

/* Whether `id` is among the `count` ids. */
static int contains(const ratite_variable *ids, size_t count, ratite_variable id) {
    for (size_t i = 0; i < count; i++)
        if (ids[i] == id) return 1;
    return 0;
}

static void test_values_in_one_call(void) {
    ratite_solver *s = new_solver();
    ratite_variable x = var(s, "x"), y = var(s, "y"), z = var(s, "z");
    parse(s, "x == 10");
    parse(s, "y == x + 5");
    CHECK_STATUS(ratite_solver_update(s, NULL), RATITE_OK);

    /* In the order asked, repeats allowed; z is in no constraint and stays 0. */
    ratite_variable ids[4] = {y, x, z, y};
    double values[4] = {NAN, NAN, NAN, NAN};
    CHECK_STATUS(ratite_solver_variable_values(s, ids, 4, values), RATITE_OK);
    CHECK(values[0] == 15.0 && values[1] == 10.0 && values[2] == 0.0 && values[3] == 15.0);

    /* Count 0 needs no arrays. */
    CHECK_STATUS(ratite_solver_variable_values(s, NULL, 0, NULL), RATITE_OK);

    /* An unknown id anywhere fails before anything is written. */
    double untouched[3] = {-1, -2, -3};
    ratite_variable bad[3] = {x, 12345, y};
    CHECK_STATUS(ratite_solver_variable_values(s, bad, 3, untouched), RATITE_ERROR_UNKNOWN);
    CHECK(untouched[0] == -1 && untouched[1] == -2 && untouched[2] == -3);
    CHECK_CONTAINS(ratite_solver_last_error(s), "index 1");

    /* A freed variable's id is unknown. */
    CHECK_STATUS(ratite_solver_variable_free(s, z), RATITE_OK);
    ratite_variable freed[1] = {z};
    CHECK_STATUS(ratite_solver_variable_values(s, freed, 1, untouched), RATITE_ERROR_UNKNOWN);
    CHECK(untouched[0] == -1);

    /* An id from another solver is unknown. */
    ratite_solver *other = NULL;
    CHECK_STATUS(ratite_solver_new(&other), RATITE_OK);
    ratite_variable foreign[1] = {var(other, "x")};
    CHECK_STATUS(ratite_solver_variable_values(s, foreign, 1, untouched), RATITE_ERROR_UNKNOWN);
    ratite_solver_free(other);

    /* NULL arguments and out-of-range counts. */
    CHECK_STATUS(ratite_solver_variable_values(NULL, ids, 1, values), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_values(s, NULL, 1, values), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_values(s, ids, 1, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_values(s, ids, (size_t)-1, values), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_values(s, ids, (size_t)INT32_MAX + 1, values), RATITE_ERROR_INVALID_ARGUMENT);
    ratite_solver_free(s);
}

static void test_changed_variables(void) {
    ratite_solver *s = new_solver();
    const ratite_variable *ids = NULL;
    size_t count = 99;

    /* Before any update the list is empty. */
    CHECK_STATUS(ratite_solver_changed_variables(s, &ids, &count), RATITE_OK);
    CHECK(count == 0);

    ratite_variable left = var(s, "left"), width = var(s, "width"), right = var(s, "right");
    ratite_variable idle = var(s, "idle");
    parse(s, "right == left + width");
    parse(s, "left == 20");
    parse(s, "idle >= 0");
    CHECK_STATUS(ratite_solver_edit_add(s, width, RATITE_PRIORITY_STRONG), RATITE_OK);
    CHECK_STATUS(ratite_solver_suggest(s, width, 100), RATITE_OK);
    size_t changed = 0;
    CHECK_STATUS(ratite_solver_update(s, &changed), RATITE_OK);
    CHECK_STATUS(ratite_solver_changed_variables(s, &ids, &count), RATITE_OK);
    /* left, width and right moved off 0; idle stayed at 0. */
    CHECK(count == changed);
    CHECK(count == 3);
    CHECK(contains(ids, count, left) && contains(ids, count, width) && contains(ids, count, right));
    CHECK(!contains(ids, count, idle));

    /* A suggestion moves width and right, not left. */
    CHECK_STATUS(ratite_solver_suggest(s, width, 150), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(s, &changed), RATITE_OK);
    CHECK_STATUS(ratite_solver_changed_variables(s, &ids, &count), RATITE_OK);
    CHECK(count == 2 && changed == 2);
    CHECK(contains(ids, count, width) && contains(ids, count, right) && !contains(ids, count, left));
    double values[2] = {0, 0};
    CHECK_STATUS(ratite_solver_variable_values(s, ids, count, values), RATITE_OK);
    CHECK(values[0] + values[1] == 150 + 170);

    /* Other calls leave the list alone; the same suggestion again changes nothing. */
    double v = 0;
    CHECK_STATUS(ratite_solver_variable_value(s, right, &v), RATITE_OK);
    CHECK_STATUS(ratite_solver_suggest(s, width, 150), RATITE_OK);
    const ratite_variable *again = NULL;
    CHECK_STATUS(ratite_solver_changed_variables(s, &again, &count), RATITE_OK);
    CHECK(count == 2);
    CHECK_STATUS(ratite_solver_update(s, &changed), RATITE_OK);
    CHECK_STATUS(ratite_solver_changed_variables(s, &again, &count), RATITE_OK);
    CHECK(count == 0 && changed == 0);

    /* Reset empties it. */
    CHECK_STATUS(ratite_solver_suggest(s, width, 10), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(s, &changed), RATITE_OK);
    CHECK(changed > 0);
    CHECK_STATUS(ratite_solver_reset(s), RATITE_OK);
    CHECK_STATUS(ratite_solver_changed_variables(s, &ids, &count), RATITE_OK);
    CHECK(count == 0);

    CHECK_STATUS(ratite_solver_changed_variables(NULL, &ids, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_changed_variables(s, NULL, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_changed_variables(s, &ids, NULL), RATITE_ERROR_NULL_ARGUMENT);
    ratite_solver_free(s);
}

/* Slots: distinct among live variables, small, reused after a free (with a new id). */
static void test_id_slots(void) {
    ratite_solver *s = new_solver();
    ratite_variable a = var(s, "a"), b = var(s, "b"), c = var(s, "c");
    CHECK(RATITE_ID_SLOT(a) != RATITE_ID_SLOT(b) && RATITE_ID_SLOT(b) != RATITE_ID_SLOT(c));
    CHECK(RATITE_ID_SLOT(a) < 3 && RATITE_ID_SLOT(b) < 3 && RATITE_ID_SLOT(c) < 3);
    CHECK_STATUS(ratite_solver_variable_free(s, b), RATITE_OK);
    ratite_variable d = var(s, "d");
    CHECK(d != b);
    CHECK(RATITE_ID_SLOT(d) < 3 && RATITE_ID_SLOT(d) != RATITE_ID_SLOT(a) && RATITE_ID_SLOT(d) != RATITE_ID_SLOT(c));
    ratite_solver_free(s);
}

void run_values_tests(void) {
    test_id_slots();
    test_values_in_one_call();
    test_changed_variables();
}
