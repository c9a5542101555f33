#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: the level model in Mega Drive terms (spec/PHYSICS.md §2, FORMATS.md §2–3).
 *
 *   mask   16 signed heights (-16..16), 16 widths derived from them (§2.3), a hex angle, flags.
 *          Masks are pooled: tiles refer to them by index.
 *   tile   a 16x16 block: an art cell in the tileset PNG and a mask per collision path (A, B).
 *   chunk  a square of cells, 128x128 or 256x256 px for the whole level; a cell is a tile id,
 *          X/Y flip and a solidity per path (none / top-only / left-right-bottom / all).
 *   layout a grid of chunk ids: the foreground (collides) and an optional background (never
 *          collides, drawn behind).
 *   object player start, path swappers (§2.7), generic markers with a type name and properties.
 *
 * This module owns the level's memory and keeps it consistent; it never does file I/O in any
 * text format (the editor loads JSON, lw_packed_* loads binaries) and never allocates outside the
 * explicit new/add/resize functions. A level is read-only while the physics steps on it.
 *
 * Coordinates are whole pixels, +X right, +Y down, origin at the level's top-left corner.
 */

#include "loopwright/base.h"

/* ---- limits (documented in docs/LEVEL-JSON.md; checked before any allocation) ---- */

#define LW_TILE_PX          16      /* a tile (block) is 16x16 px */
#define LW_MAX_MASKS        4096    /* masks in the pool */
#define LW_MAX_TILES        1023    /* tiles; fits a 10-bit block id with 0 meaning "empty" */
#define LW_MAX_CHUNKS       1024    /* chunks */
#define LW_MAX_LEVEL_W_PX   65536   /* level width in px (layout width * chunk size) */
#define LW_MAX_LEVEL_H_PX   16384   /* level height in px */
#define LW_MAX_LAYOUT_CELLS 65536   /* layout width * height, in chunks */
#define LW_MAX_OBJECTS      65536   /* objects of all kinds */
#define LW_MAX_PROPERTIES   64      /* properties on one marker */
#define LW_MAX_STRING       4096    /* bytes in any one string (names, property values) */
#define LW_MAX_SCRIPT       1048576 /* bytes in one saved replay script */
#define LW_MAX_REPLAYS      256     /* replays saved with a level */
#define LW_MAX_OVERRIDES    64      /* physics-constant overrides saved with a level */
#define LW_MAX_WATER_HEIGHT 16384   /* px: a water surface lies at 0..this (LW_MAX_LEVEL_H_PX) */

/** "No index": an empty cell's tile, a tile without a mask on a path, an empty layout slot. */
#define LW_NONE 0xFFFFu

/* ---- masks ---- */

enum {
    LW_MASK_FLAGGED = 1u << 0, /* angle is "flagged" (0xFF): snap to the mode's cardinal angle */
    LW_MASK_LOCKED = 1u << 1,  /* editor: angle was set by hand, regeneration keeps it */
};

/** A collision shape. Widths are always derived from heights (lw_mask_derive_widths). */
typedef struct lw_mask {
    int8_t heights[16]; /* per column 0..15: >0 solid from the bottom, <0 from the top, 0 empty */
    int8_t widths[16];  /* per row 0..15: >0 solid from the right, <0 from the left (derived) */
    uint8_t angle;      /* hex angle 0..255 (§1.3); kept while flagged so unflagging restores it */
    uint8_t flags;      /* LW_MASK_* */
} lw_mask;

/** Compute @mask's 16 widths from its heights with the ROM rule of PHYSICS.md §2.3. */
void lw_mask_derive_widths(lw_mask *mask);

/** True when pixel (column @c, row @r; 0..15, row 0 at the top) of @mask is solid (§2.2). */
bool lw_mask_pixel(const lw_mask *mask, int c, int r);

/** The angle byte the physics reads: 0xFF when flagged, else the stored angle. */
static inline uint8_t lw_mask_angle_byte(const lw_mask *mask)
{
    return (mask->flags & LW_MASK_FLAGGED) ? (uint8_t)0xFF : mask->angle;
}

/** True when all 16 heights are in -16..16. */
bool lw_mask_heights_valid(const int8_t heights[16]);

/* ---- tiles ---- */

enum {
    LW_TILE_JUMP_THROUGH = 1u << 0, /* only ever top-solid: a cell's LRB bits are ignored */
};

/** A 16x16 block. */
typedef struct lw_tile {
    uint16_t art;     /* art cell in the tileset PNG (row-major 16x16 cells), LW_NONE = no art */
    uint16_t mask[2]; /* mask index per path (0 = A, 1 = B), LW_NONE = no collision */
    uint8_t flags;    /* LW_TILE_* */
} lw_tile;

/* ---- chunk cells ---- */

typedef enum lw_path { LW_PATH_A = 0, LW_PATH_B = 1 } lw_path;

/** Solidity of a cell on one path: two independent bits (§2.6). */
typedef enum lw_solidity {
    LW_SOLID_NONE = 0,
    LW_SOLID_TOP = 1, /* tested by floor sensors A/B only: jump-through */
    LW_SOLID_LRB = 2, /* tested by ceiling, wall and head-room sensors */
    LW_SOLID_ALL = 3,
} lw_solidity;

enum {
    LW_CELL_FLIP_X = 1u << 0,
    LW_CELL_FLIP_Y = 1u << 1,
};

/** One 16x16 cell of a chunk. */
typedef struct lw_cell {
    uint16_t tile; /* tile index, LW_NONE = empty cell */
    uint8_t flags; /* LW_CELL_FLIP_X | LW_CELL_FLIP_Y */
    uint8_t solid; /* bits 0-1: path A lw_solidity, bits 2-3: path B */
} lw_cell;

static inline lw_solidity lw_cell_solidity(const lw_cell *cell, lw_path path)
{
    return (lw_solidity)((cell->solid >> (2u * (unsigned)path)) & 3u);
}

static inline uint8_t lw_cell_solid_bits(lw_solidity a, lw_solidity b)
{
    return (uint8_t)(((unsigned)a & 3u) | (((unsigned)b & 3u) << 2));
}

/* ---- objects ---- */

typedef enum lw_object_type {
    LW_OBJECT_PLAYER_START = 0,
    LW_OBJECT_PATH_SWAPPER = 1,
    LW_OBJECT_MARKER = 2,
} lw_object_type;

/** A path swapper ("layer switcher", S2 object 03; PHYSICS.md §2.7). */
typedef struct lw_path_swapper {
    bool horizontal;     /* false: vertical line, threshold on X; true: horizontal, on Y */
    bool grounded_only;  /* only switch while the player is on the ground */
    bool priority_only;  /* only change sprite priority, never the path */
    uint16_t radius;     /* half-length of the line in px: 32, 64, 128 or 256 */
    uint8_t path[2];     /* path applied on [0] the left/above side, [1] the right/below side */
    uint8_t priority[2]; /* sprite priority per side: 0 low, 1 high (visual only) */
} lw_path_swapper;

/** A marker property. The strings are const: change them with lw_object_set_property. */
typedef struct lw_property {
    const char *key;   /* owned, non-empty */
    const char *value; /* owned */
} lw_property;

/** A placed object. Ids are stable and unique within a level (references across undo use them). */
typedef struct lw_object {
    uint32_t id; /* unique, non-zero */
    lw_object_type type;
    int32_t x, y;            /* px: the player's centre, the swapper's midpoint, a marker's spot */
    bool facing_left;        /* player start: initial facing */
    lw_path_swapper swapper; /* LW_OBJECT_PATH_SWAPPER only */
    /* Owned (LW_OBJECT_MARKER only; NULL/0 otherwise); change them with lw_object_set_name and
     * lw_object_set_property / _remove_property / _clear_properties */
    const char *name;         /* marker type name, e.g. "ring", "spring" */
    const lw_property *props; /* marker properties in file order */
    uint32_t prop_count;
} lw_object;

/* ---- saved data the engine stores but does not interpret ---- */

/** A physics-constant override saved with the level (interpreted by lw_profile_*). */
typedef struct lw_override {
    char name[32]; /* constant name, e.g. "acc", "top", "gravity" */
    int32_t value; /* raw engine units (subpixels, frames, ...) */
} lw_override;

/** An input recording saved with the level, replayed as a regression test (test-play issue). */
typedef struct lw_replay {
    /* Owned (set with lw_level_set_string) */
    const char *name;   /* label shown to the user */
    const char *script; /* input script text in the `sim` format */
    /* Plain */
    bool has_start; /* start position given (else the level's player start) */
    int32_t start_x, start_y;
    char profile[16];           /* profile name, "" = the level's */
    char character[16];         /* character name, "" = the level's */
    uint32_t frames;            /* frames the recording lasted */
    bool has_expect;            /* expectation recorded */
    uint64_t expect_hash;       /* state hash after `frames` frames */
    int32_t expect_x, expect_y; /* final centre position, px */
    uint8_t expect_path;        /* final path */
    bool expect_air;            /* final airborne flag */
} lw_replay;

/* ---- Sonic 1 loop chunks (docs/ENGINE.md, "Loop chunks"; PHYSICS.md §2.8) ----
 *
 * Sonic 1 has no path swapper objects: its loops and roll tunnels are chunks. A layout slot
 * holding a loop chunk reads its collision on the low plane (Loopwright's path B) from another
 * chunk (S1's FindNearestTile: chunk id + 1), and the player's routine ends each frame by
 * setting the plane from the chunk under its centre, its x within the chunk and its angle (S1's
 * Sonic_Loops). Levels without entries are not affected at all. */

#define LW_MAX_LOOP_CHUNKS 64 /* entries in a level's loop table */

/** What the player's plane does while its centre is on a loop table chunk (Sonic_Loops). */
typedef enum lw_loop_rule {
    LW_LOOP_NONE = 0,     /* no rule: only the path-B collision comes from .path_b */
    LW_LOOP_LOOP = 1,     /* S1's first loop chunk: path A left of x 0x2C in the chunk, path B
                             from 0xE0, between them path B once 0 < angle <= 0x80 and back to A
                             once angle > 0x80 */
    LW_LOOP_GROUNDED = 2, /* S1's second loop chunk: path A while airborne, else as LOOP */
    LW_LOOP_TUNNEL = 3,   /* roll tunnel: the player is made to roll; the path is not changed */
} lw_loop_rule;

/** One entry of a level's loop table. */
typedef struct lw_loop_chunk {
    uint16_t chunk;  /* the chunk the layout slots hold (unique within the table) */
    uint16_t path_b; /* chunk whose cells give this chunk's path-B collision, LW_NONE = its own */
    uint8_t rule;    /* lw_loop_rule */
} lw_loop_chunk;

/* ---- the level ---- */

typedef enum lw_layer { LW_LAYER_FG = 0, LW_LAYER_BG = 1 } lw_layer;

/**
 * A level. The struct is public so that readers (the physics, the renderer, the checks) read
 * its fields directly. Every array and string it points to is const ("deep const"): reading
 * needs nothing more, and writing goes through the _mut accessors below, which take a non-const
 * lw_level. A level you own (lw_level_new, lw_level_dup, the JSON loader) is an `lw_level *`
 * and may be written; a packed level only ever yields a `const lw_level *`
 * (lw_packed_level_get), so neither its fields nor anything they point to can be written
 * without a cast (tests/api/ checks that each such write fails to compile). Keep the counts
 * consistent with the arrays (use the functions below to add, remove or resize) and call
 * lw_level_validate after bulk changes from untrusted data.
 */
typedef struct lw_level {
    /* Owned; written through lw_level_set_string and the _mut accessors */
    const char *name;           /* display name (never NULL, may be "") */
    const char *tileset;        /* tileset PNG, relative to the level file's folder; NULL = none */
    const char *player_sprites; /* the player's sprite sheet PNG, relative to the level file's
                                   folder (drawing only, docs/OBJECTS.md §17); NULL = built-in */
    const lw_mask *masks;       /* mask pool */
    const lw_tile *tiles;       /* tiles */
    const lw_cell *cells;       /* chunk_count * chunk_cells^2 cells, chunk-major, row-major */
    const uint16_t *layout[2];  /* [LW_LAYER_FG], [LW_LAYER_BG] (NULL = no background) */
    const lw_object *objects;   /* objects in file order */
    const lw_override *overrides; /* physics overrides */
    const lw_replay *replays;     /* saved replays */

    /* Sizes */
    uint32_t mask_count, mask_capacity;
    uint32_t tile_count, tile_capacity;
    uint32_t chunk_count, chunk_capacity;
    uint32_t object_count, object_capacity;
    uint32_t override_count;
    uint32_t replay_count;

    /* Geometry */
    uint16_t chunk_px;      /* 128 or 256 */
    uint8_t chunk_shift;    /* 7 or 8: log2(chunk_px) */
    uint8_t chunk_cells;    /* 8 or 16: cells along a chunk's side */
    uint16_t layout_width;  /* in chunks */
    uint16_t layout_height; /* in chunks */

    /* Settings */
    uint32_t background_rgb; /* 0xRRGGBB drawn where no art covers */
    char profile[16];        /* default game profile ("s2") */
    char character[16];      /* default character ("sonic") */
    uint32_t next_object_id; /* next id lw_level_add_object hands out */

    /* Owned; set with lw_level_set_loop_chunks. Sonic 1 loop chunks (empty for most levels). */
    const lw_loop_chunk *loop_chunks;
    uint32_t loop_chunk_count;

    /* Water (docs/ENGINE.md, "Water"): a static surface at y = water_height px; the player is
     * underwater while its centre's pixel row is below it (greater). No water when has_water is
     * false (every level made by lw_level_new; water_height is then 0 and unused). */
    bool has_water;
    int32_t water_height; /* px from the level's top, 0..LW_MAX_WATER_HEIGHT */
} lw_level;

/**
 * Create an empty level: no masks, tiles or chunks, every layout slot empty, no background.
 * @chunk_px must be 128 or 256; the layout size must satisfy the limits above.
 * Returns NULL and fills @err (LW_ERR_RANGE, LW_ERR_LIMIT, LW_ERR_NOMEM) on failure.
 */
lw_level *lw_level_new(uint16_t chunk_px, uint16_t layout_width, uint16_t layout_height,
                       lw_error *err);

/** Free @level and everything it owns (accepts NULL). */
void lw_level_free(lw_level *level);

/** A deep copy (test-play snapshots, undo checks; the editable copy of a packed level's
 * lw_packed_level_get). Returns NULL when out of memory. */
lw_level *lw_level_dup(const lw_level *level);

/** Level width/height in px. */
static inline int32_t lw_level_width_px(const lw_level *level)
{
    return (int32_t)level->layout_width << level->chunk_shift;
}
static inline int32_t lw_level_height_px(const lw_level *level)
{
    return (int32_t)level->layout_height << level->chunk_shift;
}

/** Cells in one chunk (64 or 256). */
static inline uint32_t lw_level_cells_per_chunk(const lw_level *level)
{
    return (uint32_t)level->chunk_cells * level->chunk_cells;
}

/** The cells of chunk @chunk (chunk_cells x chunk_cells, row-major), read-only. */
static inline const lw_cell *lw_level_chunk_cells(const lw_level *level, uint32_t chunk)
{
    return level->cells + (size_t)chunk * lw_level_cells_per_chunk(level);
}

/* ---- writable views of a level you own (never a packed level's: it is const) ----
 * Each returns the same memory as the const field, for writing in place. Pointers stay valid
 * until the array is grown or shrunk (the add/insert/remove/resize functions). */

/** The same cells, writable. */
static inline lw_cell *lw_level_chunk_cells_mut(lw_level *level, uint32_t chunk)
{
    return (lw_cell *)level->cells + (size_t)chunk * lw_level_cells_per_chunk(level);
}

/** All chunk_count * chunk_cells^2 cells, writable. */
static inline lw_cell *lw_level_cells_mut(lw_level *level)
{
    return (lw_cell *)level->cells;
}

/** The mask pool, writable (keep the widths derived: lw_mask_derive_widths). */
static inline lw_mask *lw_level_masks_mut(lw_level *level)
{
    return (lw_mask *)level->masks;
}

/** The tiles, writable. */
static inline lw_tile *lw_level_tiles_mut(lw_level *level)
{
    return (lw_tile *)level->tiles;
}

/** Layer @layer's chunk ids (NULL when the level has no such layer), writable. */
static inline uint16_t *lw_level_layout_mut(lw_level *level, lw_layer layer)
{
    return (uint16_t *)level->layout[layer];
}

/** The objects, writable (their strings change only through the lw_object_set_* functions). */
static inline lw_object *lw_level_objects_mut(lw_level *level)
{
    return (lw_object *)level->objects;
}

/** The physics overrides, writable. */
static inline lw_override *lw_level_overrides_mut(lw_level *level)
{
    return (lw_override *)level->overrides;
}

/** The saved replays, writable (their strings change only through lw_level_set_string). */
static inline lw_replay *lw_level_replays_mut(lw_level *level)
{
    return (lw_replay *)level->replays;
}

/**
 * The foreground cell covering pixel (@x, @y), or NULL outside the level or in an empty layout
 * slot. O(1): one layout read and one cell read.
 */
const lw_cell *lw_level_cell_at(const lw_level *level, int32_t x, int32_t y);

/**
 * What collision sees at a pixel on a path: the cell's mask with flips and effective solidity
 * (tile jump-through applied). Returns false (and leaves @out untouched) when there is nothing
 * solid there: outside the level, empty slot, empty cell, no mask on the path, no solidity bits.
 */
typedef struct lw_collision_cell {
    const lw_mask *mask; /* borrowed from the level */
    uint8_t flags;       /* LW_CELL_FLIP_X | LW_CELL_FLIP_Y */
    uint8_t solid;       /* lw_solidity bits on the requested path, after the tile's flags */
    uint16_t tile;       /* tile index */
} lw_collision_cell;

bool lw_level_collision_at(const lw_level *level, int32_t x, int32_t y, lw_path path,
                           lw_collision_cell *out);

/* ---- growing and shrinking (allocate; never called during a physics step) ---- */

/** Append a mask (widths derived). Returns its index, or -1 at the limit or out of memory. */
int32_t lw_level_add_mask(lw_level *level, const lw_mask *mask);

/** Append a tile. Returns its index, or -1 at the limit or out of memory. */
int32_t lw_level_add_tile(lw_level *level, const lw_tile *tile);

/** Append a chunk copied from @cells (NULL = all empty). Returns its index or -1. */
int32_t lw_level_add_chunk(lw_level *level, const lw_cell *cells);

/** Append an object (deep copy of @obj). If @obj->id is 0 a fresh id is assigned.
 * Returns a pointer to the stored object (valid until the object array changes) or NULL on
 * the limit, a duplicate id, or out of memory. */
lw_object *lw_level_add_object(lw_level *level, const lw_object *obj);

/** Find an object by id; NULL when absent. */
const lw_object *lw_level_find_object(const lw_level *level, uint32_t id);

/** The same, writable: only for a level you may edit (never a packed level's). */
lw_object *lw_level_find_object_mut(lw_level *level, uint32_t id);

/** Index of object @id in level->objects, or -1. */
int32_t lw_level_object_index(const lw_level *level, uint32_t id);

/** Remove the object at @index, shifting the rest down. */
void lw_level_remove_object_at(lw_level *level, uint32_t index);

/** Insert a deep copy of @obj at @index (0..object_count). Returns false on limit/memory/dup id. */
bool lw_level_insert_object_at(lw_level *level, uint32_t index, const lw_object *obj);

/** Deep-copy @src into @dst (which must be cleared). Returns false when out of memory. */
bool lw_object_copy(lw_object *dst, const lw_object *src);

/** Free what @obj owns and zero it. */
void lw_object_clear(lw_object *obj);

/* Marker names and properties: the object owns these strings; change them only through these
 * functions (they free what they replace). */

/** Set a marker property (adds or replaces; a new key goes last, a replaced one keeps its
 * place). Returns false on limit or out of memory (the object unchanged). */
bool lw_object_set_property(lw_object *obj, const char *key, const char *value);

/** Remove property @key, keeping the order of the rest. Returns false when there is none. */
bool lw_object_remove_property(lw_object *obj, const char *key);

/** Remove every property. */
void lw_object_clear_properties(lw_object *obj);

/** Set a marker's type name to a copy of @name (NULL = none). Returns false when out of memory
 * (the name unchanged). */
bool lw_object_set_name(lw_object *obj, const char *name);

/**
 * Resize the layout to @width x @height chunks, keeping the overlapping part at the top-left
 * (new slots empty). Returns false and fills @err on a limit or out of memory (level unchanged).
 */
bool lw_level_resize_layout(lw_level *level, uint16_t width, uint16_t height, lw_error *err);

/** Add an all-empty background layer (no-op when present). Returns false when out of memory. */
bool lw_level_ensure_background(lw_level *level);

/**
 * Replace the level's loop table with a copy of @count entries (0: none; @entries may then be
 * NULL). Allocates. Returns false and fills @err at LW_MAX_LOOP_CHUNKS or out of memory (the
 * table unchanged); the entries are checked by lw_level_validate.
 */
bool lw_level_set_loop_chunks(lw_level *level, const lw_loop_chunk *entries, uint32_t count,
                              lw_error *err);

/** The rule's name in level files: "none", "loop", "loop_grounded", "tunnel" (NULL past them). */
const char *lw_loop_rule_name(unsigned rule);

/** The rule named @name (lw_loop_rule_name), or -1. */
int lw_loop_rule_parse(const char *name);

/** The loop table entry for @chunk, or NULL. O(entries), at most LW_MAX_LOOP_CHUNKS. */
static inline const lw_loop_chunk *lw_level_loop_chunk(const lw_level *level, uint16_t chunk)
{
    for (uint32_t i = 0; i < level->loop_chunk_count; i++)
        if (level->loop_chunks[i].chunk == chunk)
            return &level->loop_chunks[i];
    return NULL;
}

/** The chunk whose cells a layout slot holding @chunk collides with on @path: @chunk itself,
 * except on path B for a loop table entry with a path_b. */
static inline uint16_t lw_level_collision_chunk(const lw_level *level, uint16_t chunk, lw_path path)
{
    if (path != LW_PATH_B || !level->loop_chunk_count)
        return chunk;
    const lw_loop_chunk *e = lw_level_loop_chunk(level, chunk);
    return e && e->path_b < level->chunk_count ? e->path_b : chunk;
}

/** Read / write a layout slot (no bounds check beyond LW_ASSERT). */
static inline uint16_t lw_level_layout_get(const lw_level *level, lw_layer layer, uint32_t cx,
                                           uint32_t cy)
{
    return level->layout[layer][(size_t)cy * level->layout_width + cx];
}

/** Set an owned string field (a level's name or tileset, a replay's name or script) to a copy
 * of @value (NULL allowed for the optional ones), freeing the old one. Returns false when out
 * of memory (field unchanged). */
bool lw_level_set_string(const char **field, const char *value);

/** Append a replay (deep copy). Returns false at the limit or when out of memory. */
bool lw_level_add_replay(lw_level *level, const lw_replay *replay);

/** Free what @replay owns and zero it. */
void lw_replay_clear(lw_replay *replay);

/** Set or add an override. Returns false at the limit or if @name is too long. */
bool lw_level_set_override(lw_level *level, const char *name, int32_t value);

/**
 * Check internal consistency: ids in range (mask per tile, tile per cell, chunk per layout slot),
 * heights in -16..16, known solidity bits, unique non-zero object ids, swapper radius and paths,
 * the loop table, the water height (0..LW_MAX_WATER_HEIGHT when has_water). Returns false with a
 * message naming the first offending place (e.g. "chunk 3 cell (2,5): tile 912 does not exist (41
 * tiles)").
 */
bool lw_level_validate(const lw_level *level, lw_error *err);
