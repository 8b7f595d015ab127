/* `ratite_prefetch` is inline in the header; this translation unit only makes the header a
 * buildable target. */
#include "ratite_prefetch.h"

typedef int ratite_prefetch_is_header_only;
