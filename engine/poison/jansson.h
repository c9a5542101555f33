/* SPDX-License-Identifier: MIT */
/* Shadows the system <jansson.h> on the engine's include path: the engine depends on libc only. */
#error "engine/ must not include <jansson.h>: the engine depends on the C library only"
