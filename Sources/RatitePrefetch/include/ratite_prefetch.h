/* A cache hint for the core: Swift has no way to ask for a line without waiting for it. */
#ifndef RATITE_PREFETCH_H
#define RATITE_PREFETCH_H

/* Asks the processor to start loading the cache line holding `address`, for a read soon.
 * It never faults and changes nothing visible, whatever the address. */
static inline __attribute__((always_inline)) void ratite_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

#endif
