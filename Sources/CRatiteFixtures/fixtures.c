/* The fixtures are implemented in Swift (Sources/RatiteFixtures, `@c @implementation`); this
 * translation unit only makes the header a buildable target. */
#include "ratite_fixtures.h"

typedef int ratite_fixtures_target_is_header_only;
