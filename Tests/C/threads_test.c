/* Distinct handles in parallel threads: engines laying out forms, solvers solving generated
 * systems (through terms and through text), and threads creating and freeing handles while
 * the others work. Each thread reports back to the main thread, which does the checking. The
 * forms and systems come from the fixtures (ratite_fixtures.h). */
#include <ratite.h>
#include <ratite_fixtures.h>
#include <math.h>
#include <pthread.h>
#include <string.h>
#include "test_support.h"

#define ENGINE_THREADS 4
#define SOLVER_THREADS 4
#define TEXT_THREADS 2
#define CHURN_THREADS 2

struct job {
    long n;
    int failed; /* 0 when everything in the thread went as expected */
    double result;
};

/* Each thread lays out its own engine: the form of n rows, resized 12 times. */
static void *lay_out_form(void *argument) {
    struct job *job = (struct job *)argument;
    ratite_engine *e = NULL;
    ratite_item root, field;
    if (ratite_engine_new(&e) != RATITE_OK) {
        job->failed = 1;
        return NULL;
    }
    if (ratite_engine_build_form(e, job->n, &root) != RATITE_OK) job->failed = 1;
    for (int i = 0; i < 12 && !job->failed; i++) {
        if (ratite_engine_item_set_size(e, root, 300 + i * 10, 100 + job->n * 40) != RATITE_OK) job->failed = 1;
        if (ratite_engine_layout(e) != RATITE_OK) job->failed = 1;
    }
    /* The last field stretches to the root's trailing margin, 8 before the right edge (410). */
    ratite_frame f = {0, 0, 0, 0};
    char name[32];
    snprintf(name, sizeof name, "field%ld", job->n - 1);
    if (ratite_engine_item_find(e, name, strlen(name), &field) != RATITE_OK ||
        ratite_engine_item_frame(e, field, &f) != RATITE_OK)
        job->failed = 1;
    if (!test_near(f.x + f.width, 402, 1e-9)) job->failed = 1;
    job->result = f.x + f.width;
    ratite_engine_free(e);
    return NULL;
}

/* Each thread builds a chain system into its own solver through terms and resizes it. */
static void *solve_chain(void *argument) {
    struct job *job = (struct job *)argument;
    ratite_system *system = NULL;
    ratite_solver *s = NULL;
    if (ratite_system_generate(RATITE_FAMILY_CHAIN, job->n, 0, &system) != RATITE_OK ||
        ratite_solver_new(&s) != RATITE_OK) {
        job->failed = 1;
        ratite_system_free(system);
        return NULL;
    }
    size_t count = ratite_system_variable_count(system);
    ratite_variable *vars = (ratite_variable *)calloc(count, sizeof *vars);
    for (size_t i = 0; vars && i < count; i++) {
        const char *name = ratite_system_variable_name(system, i);
        if (ratite_solver_variable_new(s, name, strlen(name), &vars[i]) != RATITE_OK) job->failed = 1;
    }
    for (size_t i = 0; vars && i < ratite_system_constraint_count(system); i++) {
        ratite_system_constraint c;
        ratite_term terms[4];
        ratite_constraint id;
        if (ratite_system_constraint_get(system, i, &c) != RATITE_OK || c.count > 4) {
            job->failed = 1;
            continue;
        }
        for (size_t k = 0; k < c.count; k++) {
            terms[k].variable = vars[c.variables[k]];
            terms[k].coefficient = c.coefficients[k];
        }
        if (ratite_solver_constraint_add(s, terms, c.count, c.constant, c.relation, c.priority, &id) != RATITE_OK)
            job->failed = 1;
    }
    int32_t edit = 0;
    double priority = 0, a = 0, b = 0;
    if (!vars || ratite_system_edit_get(system, 0, &edit, &priority, NULL, &a, &b) != RATITE_OK ||
        ratite_solver_edit_add(s, vars[edit], priority) != RATITE_OK) {
        job->failed = 1;
    } else {
        /* At the natural width every width is 50; then alternate between the resizes. */
        double natural = 58.0 * (double)job->n + 32;
        for (int round = 0; round < 21 && !job->failed; round++) {
            double target = round == 20 ? natural : (round % 2 ? a : b);
            double w = 0, sum = 0;
            if (ratite_solver_suggest(s, vars[edit], target) != RATITE_OK || ratite_solver_update(s, NULL) != RATITE_OK)
                job->failed = 1;
            ratite_solver_variable_value(s, vars[edit], &w);
            for (long i = 0; i < job->n; i++) {
                double width = 0;
                ratite_solver_variable_value(s, vars[2 * i + 1], &width);
                sum += width;
                if (round == 20 && !test_near(width, 50, 1e-9)) job->failed = 1;
            }
            double widths = target - 40 - 8.0 * (double)(job->n - 1);
            if (!test_near(w, target, 1e-9) || !test_near(sum, widths, 1e-9)) job->failed = 1;
            job->result = w;
        }
    }
    free(vars);
    ratite_solver_free(s);
    ratite_system_free(system);
    return NULL;
}

/* Each thread builds a grid system from its text (the constraint lines) and solves it at
 * its natural size, where every cell is 40 wide. */
static void *solve_grid_text(void *argument) {
    struct job *job = (struct job *)argument;
    ratite_system *system = NULL;
    ratite_solver *s = NULL;
    char *text = NULL;
    if (ratite_system_generate(RATITE_FAMILY_GRID, job->n, 0, &system) != RATITE_OK ||
        ratite_solver_new(&s) != RATITE_OK || ratite_system_text(system, &text) != RATITE_OK) {
        job->failed = 1;
    } else {
        for (char *line = text; *line;) {
            char *end = strchr(line, '\n');
            size_t length = end ? (size_t)(end - line) : strlen(line);
            ratite_constraint id;
            if (strncmp(line, "edit ", 5) != 0 && strncmp(line, "suggest ", 8) != 0 &&
                ratite_solver_constraint_parse(s, line, length, &id) != RATITE_OK)
                job->failed = 1;
            if (!end) break;
            line = end + 1;
        }
        long k = 1;
        while (k * k < job->n) k++;
        double natural = 48.0 * (double)k + 32;
        ratite_variable w = 0, h = 0, cell = 0;
        if (ratite_solver_variable_find(s, "W", 1, &w) != RATITE_OK ||
            ratite_solver_variable_find(s, "H", 1, &h) != RATITE_OK ||
            ratite_solver_edit_add(s, w, RATITE_PRIORITY_STRONG) != RATITE_OK ||
            ratite_solver_edit_add(s, h, RATITE_PRIORITY_STRONG) != RATITE_OK ||
            ratite_solver_suggest(s, w, natural) != RATITE_OK || ratite_solver_suggest(s, h, natural) != RATITE_OK ||
            ratite_solver_update(s, NULL) != RATITE_OK)
            job->failed = 1;
        double width = 0;
        char name[64];
        snprintf(name, sizeof name, "width_%ld_%ld", k - 1, k - 1);
        if (ratite_solver_variable_find(s, name, strlen(name), &cell) != RATITE_OK ||
            ratite_solver_variable_value(s, cell, &width) != RATITE_OK || !test_near(width, 40, 1e-9))
            job->failed = 1;
        job->result = width;
    }
    ratite_string_free(text);
    ratite_solver_free(s);
    ratite_system_free(system);
    return NULL;
}

/* Creates and frees handles (which draw tags from the shared counter) while the others run. */
static void *churn(void *argument) {
    struct job *job = (struct job *)argument;
    for (long i = 0; i < job->n; i++) {
        ratite_solver *s = NULL;
        ratite_engine *e = NULL;
        ratite_variable v;
        ratite_item root;
        if (ratite_solver_new(&s) != RATITE_OK || ratite_engine_new(&e) != RATITE_OK) {
            job->failed = 1;
        } else if (ratite_solver_variable_new(s, "v", 1, &v) != RATITE_OK ||
                   ratite_engine_view_add(e, "root", 4, RATITE_NO_ITEM, &root) != RATITE_OK) {
            job->failed = 1;
        }
        ratite_solver_free(s);
        ratite_engine_free(e);
    }
    return NULL;
}

void run_thread_tests(void) {
    enum { TOTAL = ENGINE_THREADS + SOLVER_THREADS + TEXT_THREADS + CHURN_THREADS };
    pthread_t threads[TOTAL];
    struct job jobs[TOTAL];
    int started[TOTAL];
    for (int i = 0; i < TOTAL; i++) {
        memset(&jobs[i], 0, sizeof jobs[i]);
        void *(*body)(void *);
        if (i < ENGINE_THREADS) {
            jobs[i].n = 4 + i;
            body = lay_out_form;
        } else if (i < ENGINE_THREADS + SOLVER_THREADS) {
            jobs[i].n = 8 + 3 * i;
            body = solve_chain;
        } else if (i < ENGINE_THREADS + SOLVER_THREADS + TEXT_THREADS) {
            jobs[i].n = 12 + i;
            body = solve_grid_text;
        } else {
            jobs[i].n = 150;
            body = churn;
        }
        started[i] = pthread_create(&threads[i], NULL, body, &jobs[i]) == 0;
        CHECK(started[i]);
    }
    for (int i = 0; i < TOTAL; i++) {
        if (started[i]) pthread_join(threads[i], NULL);
        if (jobs[i].failed)
            fprintf(stderr, "    thread %d (n = %ld) failed, last result %g\n", i, jobs[i].n, jobs[i].result);
        CHECK(jobs[i].failed == 0);
    }
    /* The same work on one thread gives the same results. */
    struct job again = {4, 0, 0};
    lay_out_form(&again);
    CHECK(again.failed == 0 && test_near(again.result, jobs[0].result, 1e-9));
}
