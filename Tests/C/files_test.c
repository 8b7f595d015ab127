/* ratite_solve_file_run, ratite_layout_file_run and the run accessors; the engine's item
 * enumeration. (Tests/RatiteCTests/FileFormatParityTests.swift holds the runs' output,
 * diagnostics and status to the command-line tool's on every example and error case.) */
#include <math.h>
#include <ratite.h>
#include <string.h>
#include "test_support.h"

static ratite_file_run *solve(const char *text) {
    ratite_file_run *run = NULL;
    CHECK_STATUS(ratite_solve_file_run(text, strlen(text), 0, &run), RATITE_OK);
    CHECK(run != NULL);
    return run;
}

static void test_solve_values(void) {
    ratite_file_run *run = solve("x + y == 10 # a comment\nx == 3\nedit y @weak\nsuggest y 1\n");
    CHECK(ratite_file_run_status(run) == 0);
    CHECK_STR(ratite_file_run_output(run), "x = 3\ny = 7\n");
    const char *const *names = NULL;
    const double *values = NULL;
    size_t count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_file_run_values(run, &names, &values, &count), RATITE_OK);
    CHECK(count == 2);
    if (count == 2) {
        CHECK_STR(names[0], "x");
        CHECK_STR(names[1], "y");
        CHECK_NEAR(values[0], 3);
        CHECK_NEAR(values[1], 7);
    }
    ratite_file_error error;
    CHECK_STATUS(ratite_file_run_error(run, &error), RATITE_OK);
    CHECK(error.message == NULL && error.note_count == 0);
    char *diagnostics = NULL;
    CHECK_STATUS(ratite_file_run_diagnostics(run, NULL, 0, &diagnostics), RATITE_OK);
    CHECK_STR(diagnostics, "");
    ratite_string_free(diagnostics);
    ratite_file_run_free(run);

    ratite_file_run *json = NULL;
    const char *text = "a == 1.5\n";
    CHECK_STATUS(ratite_solve_file_run(text, strlen(text), 1, &json), RATITE_OK);
    CHECK_STR(ratite_file_run_output(json), "{\n  \"a\": 1.5\n}\n");
    ratite_file_run_free(json);
}

static void test_solve_errors(void) {
    /* A conflict: the error at the refused line, its notes at the minimal set. */
    ratite_file_run *run = solve("x >= 10\ny == 1\nx <= 5\n");
    CHECK(ratite_file_run_status(run) == 65);
    CHECK_STR(ratite_file_run_output(run), "");
    ratite_file_error error;
    CHECK_STATUS(ratite_file_run_error(run, &error), RATITE_OK);
    CHECK_STR(error.message, "unsatisfiable required constraints");
    CHECK(error.line == 3 && error.column == 1);
    CHECK(error.note_count == 2);
    if (error.note_count == 2) {
        CHECK(error.note_lines[0] == 1 && error.note_lines[1] == 3);
        CHECK_STR(error.notes[0], "x >= 10");
        CHECK_STR(error.notes[1], "x <= 5");
    }
    const char *values_names = "unchanged";
    const char *const *names = &values_names;
    const double *values = NULL;
    size_t count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_file_run_values(run, &names, &values, &count), RATITE_OK);
    CHECK(count == 0);
    char *diagnostics = NULL;
    const char *file = "system.solve";
    CHECK_STATUS(ratite_file_run_diagnostics(run, file, strlen(file), &diagnostics), RATITE_OK);
    CHECK_STR(diagnostics, "system.solve:3:1: error: unsatisfiable required constraints\n"
                           "  system.solve:1: x >= 10\n  system.solve:3: x <= 5\n");
    ratite_string_free(diagnostics);
    ratite_file_run_free(run);

    /* Malformed text, and a number past the documented range. */
    run = solve("x + == 3\n");
    CHECK_STATUS(ratite_file_run_error(run, &error), RATITE_OK);
    CHECK(error.message != NULL && error.line == 1 && error.column == 5);
    ratite_file_run_free(run);
    run = solve("x == 1e308\ny == x + x\n");
    CHECK(ratite_file_run_status(run) == 65);
    CHECK_STATUS(ratite_file_run_error(run, &error), RATITE_OK);
    CHECK(error.line == 1);
    CHECK_CONTAINS(error.message, "out of range");
    ratite_file_run_free(run);

    /* An answer the solver cannot verify: status 70, no values. */
    run = solve("z == 1e-300\nw == 1e17 @weak\nw == 1\nw == 2\n");
    CHECK(ratite_file_run_status(run) == 70);
    CHECK_STATUS(ratite_file_run_diagnostics(run, NULL, 0, &diagnostics), RATITE_OK);
    CHECK_CONTAINS(diagnostics, "<stdin>: error: the answer could not be verified");
    ratite_string_free(diagnostics);
    ratite_file_run_free(run);
}

static void test_argument_errors(void) {
    ratite_file_run *run = (ratite_file_run *)&run;
    CHECK_STATUS(ratite_solve_file_run(NULL, 3, 0, &run), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(run == NULL);
    CHECK_STATUS(ratite_solve_file_run("x == 1", 6, 0, NULL), RATITE_ERROR_NULL_ARGUMENT);
    const char bad[] = {'x', ' ', '=', '=', ' ', (char)0xff, '\n', 0};
    CHECK_STATUS(ratite_solve_file_run(bad, strlen(bad), 0, &run), RATITE_ERROR_INVALID_UTF8);
    CHECK(run == NULL);
    CHECK_STATUS(ratite_solve_file_run("", (size_t)-1, 0, &run), RATITE_ERROR_INVALID_ARGUMENT);
    /* The empty text is a file without statements. */
    CHECK_STATUS(ratite_solve_file_run(NULL, 0, 0, &run), RATITE_OK);
    CHECK(run != NULL && ratite_file_run_status(run) == 0);
    ratite_file_run_free(run);

    ratite_engine *e = new_engine();
    root_view(e, 100, 100);
    const char *text = "view box in root\nbox.width == 10\n";
    ratite_layout_file_options options;
    memset(&options, 0, sizeof options);
    options.has_size = 1;
    options.width = -1;
    options.height = 5;
    run = (ratite_file_run *)&run;
    CHECK_STATUS(ratite_layout_file_run(e, text, strlen(text), &options, NULL, NULL, &run),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(run == NULL);
    options.width = NAN;
    CHECK_STATUS(ratite_layout_file_run(e, text, strlen(text), &options, NULL, NULL, &run), RATITE_ERROR_NON_FINITE);
    memset(&options, 0, sizeof options);
    options.has_platform = 1;
    options.platform = 7;
    CHECK_STATUS(ratite_layout_file_run(e, text, strlen(text), &options, NULL, NULL, &run),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(ratite_engine_last_error(e), "unknown platform 7");
    /* A refused call built nothing. */
    size_t count = 0;
    CHECK_STATUS(ratite_engine_item_count(e, &count), RATITE_OK);
    CHECK(count == 1);
    CHECK_STATUS(ratite_layout_file_run(e, text, strlen(text), NULL, NULL, NULL, NULL), RATITE_ERROR_NULL_ARGUMENT);
    ratite_engine_free(e);

    ratite_file_run_free(NULL);
    CHECK(ratite_file_run_output(NULL) == NULL);
    CHECK(ratite_file_run_status(NULL) == 65);
    ratite_file_error error;
    CHECK_STATUS(ratite_file_run_error(NULL, &error), RATITE_ERROR_NULL_ARGUMENT);
}

/* Counts the layouts it sees and keeps the last title; stops at `stop_at` (if nonzero). */
struct steps_seen {
    int count;
    char titles[4][64];
    int verified;
    int conflicts;
    int ambiguous;
    size_t stop_at;
    ratite_engine *engine;
    ratite_frame box;
};

static int32_t record_step(ratite_engine *engine, const ratite_layout_step *step, void *context) {
    struct steps_seen *seen = (struct steps_seen *)context;
    if (seen->count < 4) snprintf(seen->titles[seen->count], sizeof seen->titles[0], "%s", step->title);
    seen->count++;
    seen->verified += step->verified;
    seen->conflicts += step->conflicts[0] != '\0';
    seen->ambiguous += step->ambiguity[0] != '\0';
    seen->engine = engine;
    ratite_item box = 0;
    if (ratite_engine_item_find(engine, "box", 3, &box) == RATITE_OK) ratite_engine_item_frame(engine, box, &seen->box);
    return seen->stop_at != 0 && step->index == seen->stop_at;
}

static void test_layout_into_an_engine(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 300, 200);
    const char *text = "view box in root\n"
                       "box.leading == root.leading + 10\nbox.top == root.top\nbox.width == 50 id=w\n"
                       "box.height == 20\n"
                       "step grow\nconstant w 80\n";
    struct steps_seen seen;
    memset(&seen, 0, sizeof seen);
    ratite_file_run *run = NULL;
    CHECK_STATUS(ratite_layout_file_run(e, text, strlen(text), NULL, record_step, &seen, &run), RATITE_OK);
    CHECK(seen.count == 2 && seen.verified == 2 && seen.conflicts == 0 && seen.ambiguous == 0);
    CHECK_STR(seen.titles[0], "initial layout");
    CHECK_STR(seen.titles[1], "step 1: grow");
    CHECK(seen.engine == e);
    CHECK_NEAR(seen.box.width, 80);
    CHECK(ratite_file_run_status(run) == 0);
    CHECK_STR(ratite_file_run_output(run), "== initial layout\nroot: 0 0 300 200\nbox: 10 0 50 20\n\n"
                                           "== step 1: grow\nroot: 0 0 300 200\nbox: 10 0 80 20\n");
    ratite_file_run_free(run);

    /* The file's item has an id like any other, and the engine goes on with it. */
    size_t count = 0;
    CHECK_STATUS(ratite_engine_item_count(e, &count), RATITE_OK);
    CHECK(count == 2);
    ratite_item first = 0, box = 0, found = 0, parent = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_item_at(e, 0, &first), RATITE_OK);
    CHECK(first == root);
    CHECK_STATUS(ratite_engine_item_at(e, 1, &box), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_find(e, "box", 3, &found), RATITE_OK);
    CHECK(box == found);
    CHECK_STATUS(ratite_engine_item_at(e, 2, &found), RATITE_ERROR_INVALID_ARGUMENT);
    const char *name = NULL;
    size_t length = 0;
    int32_t is_guide = -1;
    CHECK_STATUS(ratite_engine_item_describe(e, box, &name, &length, &parent, &is_guide), RATITE_OK);
    CHECK(length == 3 && name && memcmp(name, "box", 3) == 0 && parent == root && is_guide == 0);
    CHECK_STATUS(ratite_engine_item_describe(e, root, NULL, NULL, &parent, NULL), RATITE_OK);
    CHECK(parent == RATITE_NO_ITEM);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 400, 100), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, box, 10, 0, 80, 20);
    ratite_engine_free(e);
}

static void test_callback_stops_the_run(void) {
    const char *text = "view root size 10x20\nstep one\nresize root 30x40\nstep two\nresize root 50x60\n";
    struct steps_seen seen;
    memset(&seen, 0, sizeof seen);
    seen.stop_at = 1;
    ratite_file_run *run = NULL;
    CHECK_STATUS(ratite_layout_file_run(NULL, text, strlen(text), NULL, record_step, &seen, &run), RATITE_OK);
    CHECK(seen.count == 2);
    CHECK(ratite_file_run_status(run) == 65);
    ratite_file_error error;
    CHECK_STATUS(ratite_file_run_error(run, &error), RATITE_OK);
    CHECK_STR(error.message, "the step callback stopped the run");
    CHECK(error.line == 2);
    CHECK_STR(ratite_file_run_output(run), "== initial layout\nroot: 0 0 10 20\n\n== step 1: one\nroot: 0 0 30 40\n");
    ratite_file_run_free(run);
}

static void test_build_only_and_options(void) {
    const char *text = "platform ios\nview root size 100x50\nview box in root\nH:|-[box]-|\nV:|[box(10)]\n";
    ratite_engine *e = NULL;
    CHECK_STATUS(ratite_engine_new(&e), RATITE_OK);
    ratite_layout_file_options options;
    memset(&options, 0, sizeof options);
    options.build_only = 1;
    options.has_platform = 1;
    options.platform = RATITE_PLATFORM_MACOS;
    options.has_size = 1;
    options.width = 300;
    options.height = 60;
    struct steps_seen seen;
    memset(&seen, 0, sizeof seen);
    ratite_file_run *run = NULL;
    CHECK_STATUS(ratite_layout_file_run(e, text, strlen(text), &options, record_step, &seen, &run), RATITE_OK);
    CHECK(seen.count == 0);
    CHECK_STR(ratite_file_run_output(run), "");
    CHECK(ratite_file_run_status(run) == 0);
    ratite_file_run_free(run);
    /* The platform option wins over the file's line; the size over the file's. */
    ratite_platform platform = -1;
    CHECK_STATUS(ratite_engine_get_platform(e, &platform), RATITE_OK);
    CHECK(platform == RATITE_PLATFORM_MACOS);
    layout(e);
    ratite_item box = 0;
    CHECK_STATUS(ratite_engine_item_find(e, "box", 3, &box), RATITE_OK);
    CHECK_FRAME(e, box, 20, 0, 260, 10);
    ratite_engine_free(e);
}

void run_files_tests(void) {
    test_solve_values();
    test_solve_errors();
    test_argument_errors();
    test_layout_into_an_engine();
    test_callback_stops_the_run();
    test_build_only_and_options();
}
