/* Tiny test harness shared by the C test files. */
#ifndef RATITE_TEST_SUPPORT_H
#define RATITE_TEST_SUPPORT_H
#include <stdio.h>
#include <stdlib.h>

extern int test_failures;

#define CHECK(condition)                                                                 \
    do {                                                                                 \
        if (!(condition)) {                                                              \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
            test_failures++;                                                             \
        }                                                                                \
    } while (0)

#define CHECK_STATUS(call, expected) CHECK((call) == (expected))

int run_ratite_tests(void);
int run_thread_tests(void);

#endif
