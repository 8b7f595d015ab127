/* The C interface is implemented in Swift (Sources/RatiteC, `@c @implementation`); this
 * translation unit only makes the header a buildable target. */
#include "ratite.h"

typedef int ratite_c_target_is_header_only;
