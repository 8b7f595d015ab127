/* Generated systems (the fixtures of ratite_fixtures.h): every family with its counts,
 * names, constraints, edits and text; systems built into a solver through the API (and
 * through the text syntax) and solved. */
#include <ratite.h>
#include <ratite_fixtures.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "test_support.h"

static int sentinel_storage;
#define SYSTEM_SENTINEL ((ratite_system *)(void *)&sentinel_storage)

static ratite_system *generate(ratite_family family, int64_t n, uint64_t seed) {
    ratite_system *system = NULL;
    CHECK_STATUS(ratite_system_generate(family, n, seed, &system), RATITE_OK);
    CHECK(system != NULL);
    return system;
}

static size_t count_lines(const char *text) {
    size_t lines = 0;
    for (const char *p = text; *p; p++)
        if (*p == '\n') lines++;
    return lines;
}

/* Every constraint and edit of `system` is well formed. */
static void check_structure(ratite_system *system) {
    size_t variables = ratite_system_variable_count(system);
    size_t constraints = ratite_system_constraint_count(system);
    CHECK(variables > 0 && constraints > 0);
    for (size_t i = 0; i < variables; i++) {
        const char *name = ratite_system_variable_name(system, i);
        CHECK(name != NULL && name[0] != '\0');
    }
    CHECK(ratite_system_variable_name(system, variables) == NULL);
    CHECK(ratite_system_variable_name(system, (size_t)-1) == NULL);
    int bad = 0;
    for (size_t i = 0; i < constraints; i++) {
        ratite_system_constraint c;
        if (ratite_system_constraint_get(system, i, &c) != RATITE_OK) {
            bad++;
            continue;
        }
        if (c.count == 0 || c.variables == NULL || c.coefficients == NULL) bad++;
        for (size_t k = 0; k < c.count && c.variables && c.coefficients; k++) {
            if (c.variables[k] < 0 || (size_t)c.variables[k] >= variables) bad++;
            if (!isfinite(c.coefficients[k])) bad++;
        }
        if (!isfinite(c.constant)) bad++;
        if (c.relation < RATITE_RELATION_EQUAL || c.relation > RATITE_RELATION_GREATER_OR_EQUAL) bad++;
        if (!(c.priority > 0 && c.priority <= 1000)) bad++;
    }
    CHECK(bad == 0);
    size_t edits = ratite_system_edit_count(system);
    CHECK(edits == 1 || edits == 2);
    for (size_t i = 0; i < edits; i++) {
        int32_t variable = -1;
        double priority = NAN;
        CHECK_STATUS(ratite_system_edit_get(system, i, &variable, &priority, NULL, NULL, NULL), RATITE_OK);
        CHECK(variable >= 0 && (size_t)variable < variables);
        CHECK(priority > 0 && priority < 1000);
    }
    char *text = NULL;
    CHECK_STATUS(ratite_system_text(system, &text), RATITE_OK);
    CHECK(text != NULL && count_lines(text) == constraints + 2 * edits);
    ratite_string_free(text);
}

static void check_constraint(ratite_system *system, size_t index, size_t count, const int32_t *variables,
                             const double *coefficients, double constant, ratite_relation relation, double priority) {
    ratite_system_constraint c;
    memset(&c, 0, sizeof c);
    CHECK_STATUS(ratite_system_constraint_get(system, index, &c), RATITE_OK);
    CHECK(c.count == count);
    if (c.count != count) return;
    for (size_t k = 0; k < count; k++) {
        CHECK(c.variables[k] == variables[k]);
        CHECK(c.coefficients[k] == coefficients[k]);
    }
    CHECK(c.constant == constant);
    CHECK(c.relation == relation);
    CHECK(c.priority == priority);
}

static void check_edit(ratite_system *system, size_t index, int32_t variable, double priority, double suggestion,
                       double resize_a, double resize_b) {
    int32_t v = -1;
    double p = NAN, s = NAN, a = NAN, b = NAN;
    CHECK_STATUS(ratite_system_edit_get(system, index, &v, &p, &s, &a, &b), RATITE_OK);
    CHECK(v == variable);
    CHECK(p == priority);
    CHECK(s == suggestion);
    CHECK(a == resize_a);
    CHECK(b == resize_b);
}

static void test_chain(void) {
    ratite_system *system = generate(RATITE_FAMILY_CHAIN, 3, 0);
    /* left_i and width_i for 3 items, then W; 3 constraints per item and W's. */
    CHECK(ratite_system_variable_count(system) == 7);
    CHECK(ratite_system_constraint_count(system) == 10);
    CHECK(ratite_system_edit_count(system) == 1);
    const char *names[] = {"left0", "width0", "left1", "width1", "left2", "width2", "W"};
    for (size_t i = 0; i < 7; i++) CHECK_STR(ratite_system_variable_name(system, i), names[i]);
    CHECK(ratite_system_variable_name(system, 7) == NULL);

    /* left0 == 20, width0 >= 10, width0 == 50 @weak, left1 == left0 + width0 + 8, ...,
     * W == left2 + width2 + 20, as Σ terms + constant (relation) 0. */
    const int32_t v0[] = {0}, v1[] = {1}, v3[] = {2, 0, 1}, v9[] = {6, 4, 5};
    const double one[] = {1}, chain[] = {1, -1, -1};
    check_constraint(system, 0, 1, v0, one, -20, RATITE_RELATION_EQUAL, 1000);
    check_constraint(system, 1, 1, v1, one, -10, RATITE_RELATION_GREATER_OR_EQUAL, 1000);
    check_constraint(system, 2, 1, v1, one, -50, RATITE_RELATION_EQUAL, 250);
    check_constraint(system, 3, 3, v3, chain, -8, RATITE_RELATION_EQUAL, 1000);
    check_constraint(system, 9, 3, v9, chain, -20, RATITE_RELATION_EQUAL, 1000);

    /* W is a strong edit; natural width 58n + 32 = 206; suggestion +10n, resizes +12n and +8n. */
    check_edit(system, 0, 6, 750, 236, 242, 230);
    check_structure(system);

    /* Out of range: INVALID_ARGUMENT and the outputs untouched. */
    ratite_system_constraint c;
    memset(&c, 0x5A, sizeof c);
    ratite_system_constraint copy = c;
    CHECK_STATUS(ratite_system_constraint_get(system, 10, &c), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_system_constraint_get(system, (size_t)-1, &c), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(memcmp(&c, &copy, sizeof c) == 0);
    CHECK_STATUS(ratite_system_constraint_get(system, 0, NULL), RATITE_ERROR_NULL_ARGUMENT);
    int32_t v = -7;
    double p = -7, s = -7, a = -7, b = -7;
    CHECK_STATUS(ratite_system_edit_get(system, 1, &v, &p, &s, &a, &b), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_system_edit_get(system, (size_t)-1, &v, &p, &s, &a, &b), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(v == -7 && p == -7 && s == -7 && a == -7 && b == -7);
    /* Every output of edit_get may be NULL. */
    CHECK_STATUS(ratite_system_edit_get(system, 0, NULL, NULL, NULL, NULL, NULL), RATITE_OK);
    CHECK_STATUS(ratite_system_edit_get(system, 0, NULL, NULL, &s, NULL, NULL), RATITE_OK);
    CHECK(s == 236 && v == -7);

    /* The text, in the `ratite solve` format. */
    ratite_system *one_item = generate(RATITE_FAMILY_CHAIN, 1, 0);
    char *text = NULL;
    CHECK_STATUS(ratite_system_text(one_item, &text), RATITE_OK);
    CHECK_STR(text, "left0 == 20\nwidth0 >= 10\nwidth0 == 50 @weak\nW == left0 + width0 + 20\n"
                    "edit W @strong\nsuggest W 100\n");
    ratite_string_free(text);
    char *untouched = (char *)"untouched";
    CHECK_STATUS(ratite_system_text(NULL, &untouched), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STR(untouched, "untouched");
    CHECK_STATUS(ratite_system_text(one_item, NULL), RATITE_ERROR_NULL_ARGUMENT);
    ratite_system_free(one_item);
    ratite_system_free(system);
}

static void test_grid(void) {
    /* n = 4: a 2 × 2 grid; each cell has left, top, width, height; then W and H. */
    ratite_system *system = generate(RATITE_FAMILY_GRID, 4, 0);
    CHECK(ratite_system_variable_count(system) == 18);
    CHECK(ratite_system_constraint_count(system) == 32); /* 8k² */
    CHECK(ratite_system_edit_count(system) == 2);
    CHECK_STR(ratite_system_variable_name(system, 0), "left_0_0");
    CHECK_STR(ratite_system_variable_name(system, 1), "top_0_0");
    CHECK_STR(ratite_system_variable_name(system, 2), "width_0_0");
    CHECK_STR(ratite_system_variable_name(system, 3), "height_0_0");
    CHECK_STR(ratite_system_variable_name(system, 15), "height_1_1");
    CHECK_STR(ratite_system_variable_name(system, 16), "W");
    CHECK_STR(ratite_system_variable_name(system, 17), "H");
    /* natural 48k + 32 = 128: suggestion +10k, resizes +12k and +8k. */
    check_edit(system, 0, 16, 750, 148, 152, 144);
    check_edit(system, 1, 17, 750, 148, 152, 144);
    check_structure(system);
    ratite_system_free(system);

    /* n = 5 rounds up to a 3 × 3 grid; n = 1 is one cell. */
    system = generate(RATITE_FAMILY_GRID, 5, 0);
    CHECK(ratite_system_variable_count(system) == 38);
    CHECK(ratite_system_constraint_count(system) == 72);
    check_structure(system);
    ratite_system_free(system);
    system = generate(RATITE_FAMILY_GRID, 1, 0);
    CHECK(ratite_system_variable_count(system) == 6);
    CHECK(ratite_system_constraint_count(system) == 8);
    ratite_system_free(system);
}

static void test_tree(void) {
    ratite_system *system = generate(RATITE_FAMILY_TREE, 5, 0);
    CHECK(ratite_system_variable_count(system) == 20);
    CHECK(ratite_system_constraint_count(system) == 34); /* 2 + 8 per child */
    CHECK(ratite_system_edit_count(system) == 2);
    CHECK_STR(ratite_system_variable_name(system, 0), "x0");
    CHECK_STR(ratite_system_variable_name(system, 1), "y0");
    CHECK_STR(ratite_system_variable_name(system, 2), "w0");
    CHECK_STR(ratite_system_variable_name(system, 3), "h0");
    CHECK_STR(ratite_system_variable_name(system, 19), "h4");
    check_edit(system, 0, 2, 750, 1000, 1100, 900);
    check_edit(system, 1, 3, 750, 800, 900, 700);
    /* x1 >= x0 + 8, as x1 - x0 - 8 >= 0. */
    const int32_t vars[] = {4, 0};
    const double coefficients[] = {1, -1};
    check_constraint(system, 2, 2, vars, coefficients, -8, RATITE_RELATION_GREATER_OR_EQUAL, 1000);
    check_structure(system);
    ratite_system_free(system);
    system = generate(RATITE_FAMILY_TREE, 1, 0);
    CHECK(ratite_system_variable_count(system) == 4);
    CHECK(ratite_system_constraint_count(system) == 2);
    ratite_system_free(system);
}

static void test_random(void) {
    ratite_system *system = generate(RATITE_FAMILY_RANDOM, 10, 7);
    CHECK(ratite_system_variable_count(system) == 10);
    CHECK(ratite_system_constraint_count(system) == 30);
    CHECK(ratite_system_edit_count(system) == 1);
    CHECK_STR(ratite_system_variable_name(system, 9), "x9");
    check_edit(system, 0, 0, 750, 100, 120, 80);
    check_structure(system);
    /* Difference constraints; the required ones are `>=` only. */
    for (size_t i = 0; i < 30; i++) {
        ratite_system_constraint c;
        CHECK_STATUS(ratite_system_constraint_get(system, i, &c), RATITE_OK);
        CHECK(c.count == 2 && c.coefficients[0] == 1 && c.coefficients[1] == -1);
        if (c.priority == 1000) CHECK(c.relation == RATITE_RELATION_GREATER_OR_EQUAL);
    }
    /* Deterministic for a seed, different for another. */
    ratite_system *same = generate(RATITE_FAMILY_RANDOM, 10, 7);
    ratite_system *other = generate(RATITE_FAMILY_RANDOM, 10, 8);
    char *a = NULL, *b = NULL, *c = NULL;
    CHECK_STATUS(ratite_system_text(system, &a), RATITE_OK);
    CHECK_STATUS(ratite_system_text(same, &b), RATITE_OK);
    CHECK_STATUS(ratite_system_text(other, &c), RATITE_OK);
    CHECK(a && b && c && strcmp(a, b) == 0 && strcmp(a, c) != 0);
    ratite_string_free(a);
    ratite_string_free(b);
    ratite_string_free(c);
    ratite_system_free(same);
    ratite_system_free(other);
    ratite_system_free(system);
    /* n = 1 still makes two variables (a difference needs two). */
    system = generate(RATITE_FAMILY_RANDOM, 1, 1);
    CHECK(ratite_system_variable_count(system) == 2);
    CHECK(ratite_system_constraint_count(system) == 6);
    ratite_system_free(system);
}

static void test_generate_errors(void) {
    ratite_system *system = SYSTEM_SENTINEL;
    const ratite_family families[] = {-1, 4, 100, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        CHECK_STATUS(ratite_system_generate(families[i], 3, 0, &system), RATITE_ERROR_INVALID_ARGUMENT);
    const int64_t sizes[] = {0, -1, INT64_MIN, 10000001, INT64_MAX};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        CHECK_STATUS(ratite_system_generate(RATITE_FAMILY_CHAIN, sizes[i], 0, &system), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(system == SYSTEM_SENTINEL);
    CHECK_STATUS(ratite_system_generate(RATITE_FAMILY_CHAIN, 3, 0, NULL), RATITE_ERROR_NULL_ARGUMENT);

    /* A NULL system: counts are 0, lookups fail. */
    CHECK(ratite_system_variable_count(NULL) == 0);
    CHECK(ratite_system_constraint_count(NULL) == 0);
    CHECK(ratite_system_edit_count(NULL) == 0);
    CHECK(ratite_system_variable_name(NULL, 0) == NULL);
    ratite_system_constraint c;
    CHECK_STATUS(ratite_system_constraint_get(NULL, 0, &c), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_system_edit_get(NULL, 0, NULL, NULL, NULL, NULL, NULL), RATITE_ERROR_NULL_ARGUMENT);
    ratite_system_free(NULL);
}

/* Builds `system` into `solver` through the API: one variable per system variable (ids in
 * `vars`), its constraints, its edits. Returns 0 on success. */
static int build(ratite_system *system, ratite_solver *solver, ratite_variable *vars) {
    int failed = 0;
    size_t n = ratite_system_variable_count(system);
    for (size_t i = 0; i < n; i++) {
        const char *name = ratite_system_variable_name(system, i);
        if (ratite_solver_variable_new(solver, name, strlen(name), &vars[i]) != RATITE_OK) failed = 1;
    }
    for (size_t i = 0; i < ratite_system_constraint_count(system); i++) {
        ratite_system_constraint c;
        ratite_term terms[8];
        ratite_constraint id;
        if (ratite_system_constraint_get(system, i, &c) != RATITE_OK || c.count > 8) {
            failed = 1;
            continue;
        }
        for (size_t k = 0; k < c.count; k++) {
            terms[k].variable = vars[c.variables[k]];
            terms[k].coefficient = c.coefficients[k];
        }
        if (ratite_solver_constraint_add(solver, terms, c.count, c.constant, c.relation, c.priority, &id) != RATITE_OK)
            failed = 1;
    }
    for (size_t i = 0; i < ratite_system_edit_count(system); i++) {
        int32_t variable;
        double priority;
        if (ratite_system_edit_get(system, i, &variable, &priority, NULL, NULL, NULL) != RATITE_OK ||
            ratite_solver_edit_add(solver, vars[variable], priority) != RATITE_OK)
            failed = 1;
    }
    return failed;
}

static void test_chain_in_solver(void) {
    ratite_system *system = generate(RATITE_FAMILY_CHAIN, 3, 0);
    ratite_solver *solver = NULL;
    CHECK_STATUS(ratite_solver_new(&solver), RATITE_OK);
    ratite_variable v[7];
    CHECK(build(system, solver, v) == 0);
    ratite_solver_statistics st;
    CHECK_STATUS(ratite_solver_statistics_get(solver, &st), RATITE_OK);
    CHECK(st.constraints == 11 && st.variables == 7); /* 10 and the edit */

    /* At the natural width 206 every width is its preferred 50. */
    CHECK_STATUS(ratite_solver_suggest(solver, v[6], 206), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(solver, NULL), RATITE_OK);
    const double natural[] = {20, 50, 78, 50, 136, 50, 206};
    for (size_t i = 0; i < 7; i++) CHECK_NEAR(value(solver, v[i]), natural[i]);

    /* The system's suggestion and both resize values: W follows, the lefts stay chained, the
     * widths share the difference (how is not fixed: weak errors add up the same). */
    double suggestion, resize_a, resize_b;
    CHECK_STATUS(ratite_system_edit_get(system, 0, NULL, NULL, &suggestion, &resize_a, &resize_b), RATITE_OK);
    const double targets[] = {suggestion, resize_a, resize_b};
    for (size_t t = 0; t < 3; t++) {
        CHECK_STATUS(ratite_solver_suggest(solver, v[6], targets[t]), RATITE_OK);
        size_t changed = 0;
        CHECK_STATUS(ratite_solver_update(solver, &changed), RATITE_OK);
        CHECK(changed >= 2);
        double w0 = value(solver, v[1]), w1 = value(solver, v[3]), w2 = value(solver, v[5]);
        CHECK_NEAR(value(solver, v[6]), targets[t]);
        CHECK_NEAR(value(solver, v[0]), 20);
        CHECK_NEAR(value(solver, v[2]), 20 + w0 + 8);
        CHECK_NEAR(value(solver, v[4]), 20 + w0 + 8 + w1 + 8);
        CHECK_NEAR(w0 + w1 + w2, targets[t] - 56);
        double low = targets[t] > 206 ? 50 : 10, high = targets[t] > 206 ? targets[t] : 50;
        CHECK(w0 >= low - 1e-9 && w1 >= low - 1e-9 && w2 >= low - 1e-9);
        CHECK(w0 <= high + 1e-9 && w1 <= high + 1e-9 && w2 <= high + 1e-9);
    }
    CHECK_NEAR(suggestion, 236);

    /* The same system through its text: constraint lines through the text entry point (the
     * edit and suggest lines are not constraints), then the same values. */
    char *text = NULL;
    CHECK_STATUS(ratite_system_text(system, &text), RATITE_OK);
    ratite_solver *parsed = NULL;
    CHECK_STATUS(ratite_solver_new(&parsed), RATITE_OK);
    int constraints = 0, rejected = 0;
    for (char *line = text; line && *line;) {
        char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        ratite_constraint id;
        ratite_status status = ratite_solver_constraint_parse(parsed, line, length, &id);
        if (status == RATITE_OK) {
            constraints++;
        } else {
            CHECK_STATUS(status, RATITE_ERROR_PARSE);
            CHECK(strncmp(line, "edit ", 5) == 0 || strncmp(line, "suggest ", 8) == 0);
            rejected++;
        }
        line = end ? end + 1 : NULL;
    }
    ratite_string_free(text);
    CHECK(constraints == 10 && rejected == 2);
    ratite_variable w = 0;
    CHECK_STATUS(ratite_solver_variable_find(parsed, "W", 1, &w), RATITE_OK);
    CHECK_STATUS(ratite_solver_edit_add(parsed, w, RATITE_PRIORITY_STRONG), RATITE_OK);
    CHECK_STATUS(ratite_solver_suggest(parsed, w, 206), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(parsed, NULL), RATITE_OK);
    for (size_t i = 0; i < 7; i++) {
        const char *name = ratite_system_variable_name(system, i);
        ratite_variable p = 0;
        CHECK_STATUS(ratite_solver_variable_find(parsed, name, strlen(name), &p), RATITE_OK);
        CHECK_NEAR(value(parsed, p), natural[i]);
    }
    ratite_solver_free(parsed);
    ratite_solver_free(solver);
    ratite_system_free(system);
}

static void test_other_families_in_solver(void) {
    /* Grid 2 × 2 at its natural size 128 × 128: every cell 40 × 40, 8 apart from 20. */
    ratite_system *grid = generate(RATITE_FAMILY_GRID, 4, 0);
    ratite_solver *solver = NULL;
    CHECK_STATUS(ratite_solver_new(&solver), RATITE_OK);
    ratite_variable g[18];
    CHECK(build(grid, solver, g) == 0);
    CHECK_STATUS(ratite_solver_suggest(solver, g[16], 128), RATITE_OK);
    CHECK_STATUS(ratite_solver_suggest(solver, g[17], 128), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(solver, NULL), RATITE_OK);
    for (size_t cell = 0; cell < 4; cell++) {
        size_t r = cell / 2, c = cell % 2;
        CHECK_NEAR(value(solver, g[4 * cell + 0]), c == 0 ? 20 : 68);
        CHECK_NEAR(value(solver, g[4 * cell + 1]), r == 0 ? 20 : 68);
        CHECK_NEAR(value(solver, g[4 * cell + 2]), 40);
        CHECK_NEAR(value(solver, g[4 * cell + 3]), 40);
    }
    /* Wider: the cells of a row stay equal. */
    CHECK_STATUS(ratite_solver_suggest(solver, g[16], 168), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(solver, NULL), RATITE_OK);
    CHECK_NEAR(value(solver, g[2]), 60);
    CHECK_NEAR(value(solver, g[6]), 60);
    ratite_solver_free(solver);
    ratite_system_free(grid);

    /* Tree of 5: the root 1000 × 800; its four children at 8, 8, 100 × 100. */
    ratite_system *tree = generate(RATITE_FAMILY_TREE, 5, 0);
    CHECK_STATUS(ratite_solver_new(&solver), RATITE_OK);
    ratite_variable t[20];
    CHECK(build(tree, solver, t) == 0);
    CHECK_STATUS(ratite_solver_suggest(solver, t[2], 1000), RATITE_OK);
    CHECK_STATUS(ratite_solver_suggest(solver, t[3], 800), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(solver, NULL), RATITE_OK);
    CHECK_NEAR(value(solver, t[0]), 0);
    CHECK_NEAR(value(solver, t[1]), 0);
    CHECK_NEAR(value(solver, t[2]), 1000);
    CHECK_NEAR(value(solver, t[3]), 800);
    for (size_t i = 1; i < 5; i++) {
        CHECK_NEAR(value(solver, t[4 * i + 0]), 8);
        CHECK_NEAR(value(solver, t[4 * i + 1]), 8);
        CHECK_NEAR(value(solver, t[4 * i + 2]), 100);
        CHECK_NEAR(value(solver, t[4 * i + 3]), 100);
    }
    ratite_solver_free(solver);
    ratite_system_free(tree);

    /* Random: whatever the optional ones do, every required constraint holds. */
    ratite_system *random = generate(RATITE_FAMILY_RANDOM, 40, 3);
    CHECK_STATUS(ratite_solver_new(&solver), RATITE_OK);
    ratite_variable r[40];
    CHECK(build(random, solver, r) == 0);
    CHECK_STATUS(ratite_solver_suggest(solver, r[0], 100), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(solver, NULL), RATITE_OK);
    int violated = 0;
    for (size_t i = 0; i < ratite_system_constraint_count(random); i++) {
        ratite_system_constraint c;
        CHECK_STATUS(ratite_system_constraint_get(random, i, &c), RATITE_OK);
        if (c.priority < 1000) continue;
        double sum = c.constant;
        for (size_t k = 0; k < c.count; k++) sum += c.coefficients[k] * value(solver, r[c.variables[k]]);
        if (c.relation == RATITE_RELATION_GREATER_OR_EQUAL && sum < -1e-6) violated++;
        if (c.relation == RATITE_RELATION_LESS_OR_EQUAL && sum > 1e-6) violated++;
        if (c.relation == RATITE_RELATION_EQUAL && fabs(sum) > 1e-6) violated++;
    }
    CHECK(violated == 0);
    ratite_solver_free(solver);
    ratite_system_free(random);
}

void run_system_tests(void) {
    test_chain();
    test_grid();
    test_tree();
    test_random();
    test_generate_errors();
    test_chain_in_solver();
    test_other_families_in_solver();
}
