#include <ratite.h>
#include <pthread.h>
#include <string.h>
#include "test_support.h"

/* Each thread lays out its own engine: distinct handles are safe in parallel. */
static void *lay_out_form(void *argument) {
    long n = (long)(size_t)argument;
    ratite_engine *e = NULL;
    ratite_item root;
    long bad = 0;
    if (ratite_engine_new(&e) != RATITE_OK) return (void *)1;
    if (ratite_engine_build_form(e, n, &root) != RATITE_OK) bad = 1;
    for (int i = 0; i < 20 && !bad; i++) {
        if (ratite_engine_item_set_size(e, root, 300 + i * 10, 100 + n * 40) != RATITE_OK) bad = 1;
        if (ratite_engine_layout(e) != RATITE_OK) bad = 1;
    }
    ratite_engine_free(e);
    return (void *)bad;
}

int run_thread_tests(void) {
    pthread_t threads[4];
    for (long i = 0; i < 4; i++) pthread_create(&threads[i], NULL, lay_out_form, (void *)(size_t)(10 + i));
    for (int i = 0; i < 4; i++) {
        void *result = NULL;
        pthread_join(threads[i], &result);
        CHECK(result == NULL);
    }
    return test_failures;
}
