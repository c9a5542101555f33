/* SPDX-License-Identifier: MIT */
/* Shadows the system <jansson.h> on the masks library's include path (engine + libpng only). */
#error                                                                                             \
    "masks/ must not include <jansson.h>: the masks library depends on the engine and libpng only"
