/* The C test program: runs every test group in its own child process (so that a crash in
 * one group is reported and the others still run), adds up the checks, and exits nonzero
 * if any check failed or any group crashed. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_support.h"

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
        {"values_test.c", run_values_tests}, {"files_test.c", run_files_tests},
        {"header_test.cpp", run_cpp_tests},
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
