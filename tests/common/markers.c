/* SPDX-License-Identifier: MIT */
/* Level markers for tests and benchmarks (markers.h). */
#include "markers.h"

lw_object *test_marker_add(lw_level *level, const char *name, int32_t x, int32_t y, const char *k1,
                           const char *v1, const char *k2, const char *v2)
{
    lw_object o = {0};
    o.type = LW_OBJECT_MARKER;
    o.x = x;
    o.y = y;
    o.name = (char *)name;
    lw_property props[2] = {{(char *)k1, (char *)v1}, {(char *)k2, (char *)v2}};
    o.props = props;
    o.prop_count = !k1 ? 0 : !k2 ? 1 : 2;
    return lw_level_add_object(level, &o);
}
