#include "test_support.h"

int test_failures = 0;

int main(void) {
    run_ratite_tests();
    run_thread_tests();
    if (test_failures) {
        fprintf(stderr, "%d C checks failed\n", test_failures);
        return 1;
    }
    printf("all C checks passed\n");
    return 0;
}
