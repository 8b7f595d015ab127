#ifndef RATITE_FUZZ_VFL_C_H
#define RATITE_FUZZ_VFL_C_H
#include <stddef.h>
#include <stdint.h>
/** Runs one VFL fuzz input through ratite.h. Returns 0, or the number of the check that
 *  failed. */
int ratite_fuzz_vfl_c(const uint8_t *data, size_t size);
#endif
