#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: the disassemblies' object ids mapped to the game-object markers of
 * docs/OBJECTS.md (the table is its §16). An importer turns an object-layout entry (id, subtype,
 * X/Y flip) into a marker name and properties with lw_objmap_lookup(); entries without a
 * counterpart stay placeholders with their raw bytes. No allocation; strings are static.
 */

#include "loopwright/base.h"

/** Games whose object ids are mapped. */
typedef enum lw_objmap_game {
    LW_OBJMAP_S1 = 0,
    LW_OBJMAP_S2 = 1,
    LW_OBJMAP_S3K = 2
} lw_objmap_game;

/** A marker to create: name and up to 3 properties (static strings or @buf contents). */
typedef struct lw_objmap_marker {
    const char *name; /* "spring", "spikes", ... */
    uint32_t prop_count;
    const char *keys[3];
    const char *values[3];
    char buf[3][8]; /* storage for numeric values (values[i] may point here) */
} lw_objmap_marker;

/**
 * The marker for object @id with @subtype and flip bits in @game. Returns false (and leaves
 * @out->name NULL) when the object has no counterpart among the engine's types (keep it as a
 * placeholder), true with @out filled otherwise.
 */
bool lw_objmap_lookup(lw_objmap_game game, uint8_t id, uint8_t subtype, bool x_flip, bool y_flip,
                      lw_objmap_marker *out);
