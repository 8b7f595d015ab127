/* The C test program: runs every test group in its own child process (so that a crash in
 * one group is reported and the others still run), adds up the checks, and exits nonzero
 * if any check failed or any group crashed. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support.h"

int test_failures = 0;
int test_checks = 0;

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

void test_check_double(double actual, double expected, double tolerance, const char *file, int line, const char *text) {
    test_checks++;
    double scale = fabs(expected) > 1 ? fabs(expected) : 1;
    if (fabs(actual - expected) <= tolerance * scale) return;
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
    for (int i = 0; i < 4 && same; i++) same = fabs(actual[i] - expected[i]) <= 1e-9 * (fabs(expected[i]) > 1 ? fabs(expected[i]) : 1);
    if (same) return;
    fprintf(stderr, "%s:%d: check failed: frame of %s\n    expected %g %g %g %g, got %g %g %g %g (status %d)\n", file, line,
            text, x, y, width, height, f.x, f.y, f.width, f.height, (int)status);
    test_failures++;
}

int test_quick_mode(void) {
    const char *quick = getenv("RATITE_C_TEST_QUICK");
    return quick != NULL && quick[0] != '\0' && strcmp(quick, "0") != 0;
}

/* The child writes its two counters to the pipe and exits through exit() so that
 * LeakSanitizer (and valgrind) check it like any process. */
void run_isolated(const char *name, void (*test)(void)) {
    int channel[2];
    test_checks++;
    if (pipe(channel) != 0) {
        fprintf(stderr, "%s: pipe failed (errno %d)\n", name, errno);
        test_failures++;
        return;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t child = fork();
    if (child < 0) {
        fprintf(stderr, "%s: fork failed (errno %d)\n", name, errno);
        test_failures++;
        close(channel[0]);
        close(channel[1]);
        return;
    }
    if (child == 0) {
        close(channel[0]);
        test_checks = 0;
        test_failures = 0;
        test();
        int counts[2] = {test_checks, test_failures};
        ssize_t written = write(channel[1], counts, sizeof counts);
        close(channel[1]);
        fflush(stdout);
        exit(written == (ssize_t)sizeof counts ? 0 : 3);
    }
    close(channel[1]);
    int counts[2] = {0, 0};
    size_t got = 0;
    while (got < sizeof counts) {
        ssize_t n = read(channel[0], (char *)counts + got, sizeof counts - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    close(channel[0]);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (got == sizeof counts) {
        test_checks += counts[0];
        test_failures += counts[1];
    }
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "%s: CRASHED with signal %d (%d checks ran before the crash are lost)\n", name,
                WTERMSIG(status), counts[0]);
        test_failures++;
    } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "%s: the test process exited with status %d (a sanitizer or valgrind report?)\n", name,
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        test_failures++;
    } else if (got != sizeof counts) {
        fprintf(stderr, "%s: the test process reported no counts\n", name);
        test_failures++;
    }
}

struct group {
    const char *name;
    void (*run)(void);
};

int main(void) {
    static const struct group groups[] = {
        {"ratite_test.c", run_ratite_tests}, {"version_test.c", run_version_tests},
        {"solver_test.c", run_solver_tests}, {"system_test.c", run_system_tests},
        {"engine_test.c", run_engine_tests}, {"vfl_test.c", run_vfl_tests},
        {"errors_test.c", run_error_tests},  {"threads_test.c", run_thread_tests},
        {"values_test.c", run_values_tests}, {"header_test.cpp", run_cpp_tests},
    };
    /* RATITE_C_TEST_ONLY=solver runs only the groups whose file name contains "solver". */
    const char *only = getenv("RATITE_C_TEST_ONLY");
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        if (only && only[0] && !strstr(groups[i].name, only)) continue;
        int checks = test_checks, failures = test_failures;
        run_isolated(groups[i].name, groups[i].run);
        printf("  %-16s %5d checks, %d failed\n", groups[i].name, test_checks - checks - 1,
               test_failures - failures);
    }
    if (test_failures) {
        fprintf(stderr, "%d of %d C checks failed\n", test_failures, test_checks);
        return 1;
    }
    printf("all %d C checks passed\n", test_checks);
    return 0;
}
