/* SPDX-License-Identifier: MIT */
/*
 * Packed level binaries, the strict reader: every section's checks after the header and the
 * section table (sizes against counts, limits, indexes, strings, reserved fields), all before
 * anything is allocated. The byte layout is docs/FORMAT.md.
 */
#include "loopwright/kosinski.h"
#include "loopwright/limits.h"
#include "packed-reader-impl.h"

#include <stdio.h>
#include <string.h>

/* Exact raw size of a section, else an error at the entry's raw-size field. */
bool lwi_packed_want_size(loader *L, int idx, size_t expect)
{
    const section_in *s = &L->sec[idx];
    if (s->raw != expect)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section %s is %zu bytes, expected %zu",
                    lwi_packed_section_tags[idx], s->raw, expect);
    return true;
}

/* A string reference at file offset @at: REF_NONE (when allowed) or the offset of a
 * NUL-terminated string of at most @max bytes inside STRS. */
static bool check_ref(loader *L, size_t at, uint32_t ref, bool allow_none, size_t max,
                      const char *what)
{
    if (ref == REF_NONE) {
        if (allow_none)
            return true;
        return FAIL(LW_ERR_FORMAT, at, "%s: a string is required", what);
    }
    if (ref >= L->strs_size)
        return FAIL(LW_ERR_RANGE, at, "%s: string offset %u is outside the string table (%zu)",
                    what, ref, L->strs_size);
    const uint8_t *s = L->sec[SEC_STRS].data + ref;
    size_t avail = L->strs_size - ref, look = avail < max + 1 ? avail : max + 1;
    if (!memchr(s, 0, look))
        return FAIL(LW_ERR_LIMIT, at, "%s: string at %u is longer than %zu bytes", what, ref, max);
    return true;
}

/* A NUL-terminated name in a fixed field of @cap bytes, zero after the terminator. */
static bool check_fixed(loader *L, size_t at, size_t cap, bool nonempty, const char *what)
{
    const uint8_t *p = L->file + at;
    const uint8_t *nul = memchr(p, 0, cap);
    if (!nul)
        return FAIL(LW_ERR_FORMAT, at, "%s is not NUL-terminated within %zu bytes", what, cap);
    if (nonempty && nul == p)
        return FAIL(LW_ERR_FORMAT, at, "%s is empty", what);
    return zero_bytes(L, at + (size_t)(nul - p), at + cap, what);
}

static bool load_info(loader *L)
{
    const section_in *s = &L->sec[SEC_INFO];
    if (!lwi_packed_want_size(L, SEC_INFO, INFO_SIZE))
        return false;
    const uint8_t *p = s->data;
    size_t o = s->offset;
    L->chunk_px = get16(p);
    L->width = get16(p + 2);
    L->height = get16(p + 4);
    uint32_t flags = get16(p + 6);
    L->masks = get32(p + 8);
    L->tiles = get32(p + 12);
    L->chunks = get32(p + 16);
    L->bg_rgb = get32(p + 20);
    L->name_ref = get32(p + 24);
    L->tileset_ref = get32(p + 28);
    L->next_id = get32(p + 32);
    if (L->chunk_px != 128 && L->chunk_px != 256)
        return FAIL(LW_ERR_RANGE, o, "chunk size %u is not 128 or 256", L->chunk_px);
    if (L->width == 0 || L->height == 0)
        return FAIL(LW_ERR_RANGE, o + 2, "layout size %ux%u is empty", L->width, L->height);
    if (L->width * L->chunk_px > LW_MAX_LEVEL_W_PX)
        return FAIL(LW_ERR_LIMIT, o + 2, "layout width %u chunks is over %u px", L->width,
                    LW_MAX_LEVEL_W_PX);
    if (L->height * L->chunk_px > LW_MAX_LEVEL_H_PX)
        return FAIL(LW_ERR_LIMIT, o + 4, "layout height %u chunks is over %u px", L->height,
                    LW_MAX_LEVEL_H_PX);
    if (L->width * L->height > LW_MAX_LAYOUT_CELLS)
        return FAIL(LW_ERR_LIMIT, o + 2, "layout %ux%u is over %u chunks", L->width, L->height,
                    LW_MAX_LAYOUT_CELLS);
    if (flags & ~1u)
        return FAIL(LW_ERR_FORMAT, o + 6, "unknown level flags 0x%04X", flags);
    L->has_bg = flags & 1u;
    if (L->masks > LW_MAX_MASKS)
        return FAIL(LW_ERR_LIMIT, o + 8, "%u masks is over the limit of %u", L->masks,
                    LW_MAX_MASKS);
    if (L->tiles > LW_MAX_TILES)
        return FAIL(LW_ERR_LIMIT, o + 12, "%u tiles is over the limit of %u", L->tiles,
                    LW_MAX_TILES);
    if (L->chunks > LW_MAX_CHUNKS)
        return FAIL(LW_ERR_LIMIT, o + 16, "%u chunks is over the limit of %u", L->chunks,
                    LW_MAX_CHUNKS);
    if (L->bg_rgb > 0xFFFFFFu)
        return FAIL(LW_ERR_RANGE, o + 20, "background colour 0x%08X is not 0xRRGGBB", L->bg_rgb);
    if (!zero_bytes(L, o + 36, o + 40, "reserved INFO field"))
        return false;
    return true;
}

static bool load_strings(loader *L)
{
    const section_in *s = &L->sec[SEC_STRS];
    L->strs_size = s->raw;
    if (s->raw && s->data[s->raw - 1] != 0)
        return FAIL(LW_ERR_FORMAT, s->offset + s->raw - 1,
                    "the string table does not end with a NUL byte");
    return check_ref(L, L->sec[SEC_INFO].offset + 24, L->name_ref, false, LW_MAX_STRING,
                     "level name") &&
           check_ref(L, L->sec[SEC_INFO].offset + 28, L->tileset_ref, true, LW_MAX_STRING,
                     "tileset path");
}

/* Widths from heights by the ROM rule (same result as lw_mask_derive_widths, FORMATS.md §2.4),
 * with bit operations: the loader checks every stored width against it. */
static void derive_widths_fast(const int8_t heights[16], int8_t widths[16])
{
    uint16_t rows[16] = {0}; /* bit c of rows[r]: pixel (c, r) solid */
    for (unsigned c = 0; c < 16; c++) {
        int h = heights[c];
        uint32_t col = h > 0   ? (0xFFFFu << (16 - h)) & 0xFFFFu /* rows 16-h..15 */
                       : h < 0 ? (1u << -h) - 1u                 /* rows 0..-h-1 */
                               : 0u;
        for (unsigned r = 0; col; r++, col >>= 1)
            rows[r] = (uint16_t)(rows[r] | (col & 1u) << c);
    }
    for (unsigned r = 0; r < 16; r++) {
        unsigned bits = rows[r], n = 0;
        for (unsigned v = bits; v; v &= v - 1)
            n++;
        widths[r] = (int8_t)(n == 0 || n == 16 ? (int)n : (bits & 1u) ? -(int)n : (int)n);
    }
}

static bool check_masks(loader *L)
{
    if (!lwi_packed_want_size(L, SEC_MASK, (size_t)L->masks * MASK_RECORD))
        return false;
    const uint8_t *p = L->sec[SEC_MASK].data;
    size_t o = L->sec[SEC_MASK].offset, n = L->masks;
    for (size_t m = 0; m < n; m++) {
        lw_mask mk;
        memcpy(mk.heights, p + m * 16, 16);
        for (int c = 0; c < 16; c++)
            if (mk.heights[c] < -16 || mk.heights[c] > 16)
                return FAIL(LW_ERR_RANGE, o + m * 16 + (size_t)c,
                            "mask %zu column %d: height %d is outside -16..16", m, c,
                            mk.heights[c]);
        derive_widths_fast(mk.heights, mk.widths);
        const uint8_t *w = p + n * 16 + m * 16;
        if (memcmp(mk.widths, w, 16) != 0) {
            int r = 0;
            while (mk.widths[r] == (int8_t)w[r])
                r++;
            return FAIL(LW_ERR_FORMAT, o + n * 16 + m * 16 + (size_t)r,
                        "mask %zu row %d: width %d is not the one its heights give (%d)", m, r,
                        (int8_t)w[r], mk.widths[r]);
        }
        uint8_t flags = p[n * 33 + m];
        if (flags & ~(LW_MASK_FLAGGED | LW_MASK_LOCKED))
            return FAIL(LW_ERR_FORMAT, o + n * 33 + m, "mask %zu: unknown flags 0x%02X", m, flags);
    }
    return true;
}

static bool check_tiles(loader *L)
{
    if (!lwi_packed_want_size(L, SEC_TILE, (size_t)L->tiles * TILE_RECORD))
        return false;
    const uint8_t *p = L->sec[SEC_TILE].data;
    size_t o = L->sec[SEC_TILE].offset;
    for (size_t t = 0; t < L->tiles; t++) {
        const uint8_t *r = p + t * TILE_RECORD;
        for (int k = 0; k < 2; k++) {
            uint32_t m = get16(r + 2 + 2 * k);
            if (m != LW_NONE && m >= L->masks)
                return FAIL(LW_ERR_RANGE, o + t * TILE_RECORD + 2 + 2 * (size_t)k,
                            "tile %zu: path %c mask %u does not exist (%u masks)", t, "AB"[k], m,
                            L -> masks);
        }
        if (r[6] & ~LW_TILE_JUMP_THROUGH)
            return FAIL(LW_ERR_FORMAT, o + t * TILE_RECORD + 6, "tile %zu: unknown flags 0x%02X", t,
                        r[6]);
        if (r[7])
            return FAIL(LW_ERR_FORMAT, o + t * TILE_RECORD + 7, "tile %zu: padding is not zero", t);
    }
    return true;
}

/* The head of a list section (OBJS, RPLY): a count of at most @limit @noun, then 4 reserved
 * zero bytes, then @count records of @record bytes. */
static bool check_list_head(loader *L, int idx, uint32_t limit, const char *noun, size_t record,
                            uint32_t *count)
{
    const section_in *s = &L->sec[idx];
    const char *tag = lwi_packed_section_tags[idx];
    if (s->raw < LIST_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section %s is shorter than its count", tag);
    *count = get32(s->data);
    if (*count > limit)
        return FAIL(LW_ERR_LIMIT, s->offset, "%u %s is over the limit of %u", *count, noun, limit);
    char what[32];
    snprintf(what, sizeof what, "%s reserved field", tag);
    return lwi_packed_want_size(L, idx, LIST_HEAD + (size_t)*count * record) &&
           zero_bytes(L, s->offset + 4, s->offset + 8, what);
}

/* OBJS: every record's type, flags, swapper fields, name and property range */
static bool check_objects(loader *L)
{
    const section_in *s = &L->sec[SEC_OBJS];
    if (!check_list_head(L, SEC_OBJS, LW_MAX_OBJECTS, "objects", OBJ_RECORD, &L->objects))
        return false;
    uint32_t props = 0;
    for (size_t i = 0; i < L->objects; i++) {
        const uint8_t *r = s->data + LIST_HEAD + i * OBJ_RECORD;
        size_t o = s->offset + LIST_HEAD + i * OBJ_RECORD;
        uint32_t id = get32(r), type = r[4], flags = r[5], radius = get16(r + 6);
        if (id == 0)
            return FAIL(LW_ERR_RANGE, o, "object %zu: id 0 is reserved", i);
        if (type > LW_OBJECT_MARKER)
            return FAIL(LW_ERR_FORMAT, o + 4, "object %u: unknown type %u", id, type);
        int32_t ox = (int32_t)get32(r + 8), oy = (int32_t)get32(r + 12);
        if (!lw_limits_object_pos_ok(ox, oy))
            return FAIL(LW_ERR_RANGE, o + 8,
                        "object %zu: position (%ld, %ld) is outside %d..%d, %d..%d", i, (long)ox,
                        (long)oy, LW_MIN_OBJECT_X, LW_MAX_OBJECT_X, LW_MIN_OBJECT_Y,
                        LW_MAX_OBJECT_Y);
        uint32_t allowed = type == LW_OBJECT_PLAYER_START   ? 1u
                           : type == LW_OBJECT_PATH_SWAPPER ? 14u
                                                            : 0u;
        if (flags & ~allowed)
            return FAIL(LW_ERR_FORMAT, o + 5, "object %u: flags 0x%02X not allowed for its type",
                        id, flags);
        if (type == LW_OBJECT_PATH_SWAPPER) {
            if (radius != 32 && radius != 64 && radius != 128 && radius != 256)
                return FAIL(LW_ERR_RANGE, o + 6,
                            "object %u: swapper radius %u is not 32, 64, 128 or 256", id, radius);
            for (int k = 0; k < 4; k++)
                if (r[16 + k] > 1)
                    return FAIL(LW_ERR_RANGE, o + 16 + (size_t)k,
                                "object %u: swapper %s %u is not 0 or 1", id,
                                k < 2 ? "path" : "priority", r[16 + k]);
        } else if (radius || get32(r + 16)) {
            return FAIL(LW_ERR_FORMAT, o + (radius ? 6u : 16u),
                        "object %u: swapper fields must be zero for its type", id);
        }
        uint32_t name = get32(r + 20), first = get32(r + 24), count = get32(r + 28);
        if (type == LW_OBJECT_MARKER) {
            if (!check_ref(L, o + 20, name, true, LW_MAX_STRING, "marker name"))
                return false;
        } else if (name != REF_NONE) {
            return FAIL(LW_ERR_FORMAT, o + 20, "object %u: only markers have a name", id);
        }
        if (first != props)
            return FAIL(LW_ERR_FORMAT, o + 24,
                        "object %u: first property %u, expected %u (properties are stored in "
                        "object order)",
                        id, first, props);
        if (count > (type == LW_OBJECT_MARKER ? LW_MAX_PROPERTIES : 0u))
            return FAIL(LW_ERR_LIMIT, o + 28, "object %u: %u properties is not allowed", id, count);
        props += count;
    }
    L->props = props;
    return true;
}

/* The OBJS index of the marker game object @k (file offset @o) stands for: the first object
 * after @*next with its id; the record's own fields are checked against it. */
static bool gobj_marker(loader *L, size_t k, size_t o, uint32_t *next)
{
    const uint8_t *op = L->sec[SEC_OBJS].data + LIST_HEAD, *r = L->file + o;
    uint32_t id = get32(r);
    if (id == 0)
        return FAIL(LW_ERR_RANGE, o, "game object %zu: id 0 is reserved", k);
    uint32_t j = *next;
    while (j < L->objects && get32(op + (size_t)j * OBJ_RECORD) != id)
        j++;
    if (j == L->objects)
        return FAIL(LW_ERR_RANGE, o,
                    "game object %zu: id %u is not an object after the previous game object's "
                    "(records follow level order, one per marker)",
                    k, id);
    const uint8_t *m = op + (size_t)j * OBJ_RECORD;
    if (m[4] != LW_OBJECT_MARKER)
        return FAIL(LW_ERR_FORMAT, o, "game object %zu: object %u is not a marker", k, id);
    int32_t x = (int32_t)get32(r + 8), y = (int32_t)get32(r + 12);
    if (!lw_limits_object_pos_ok(x, y))
        return FAIL(LW_ERR_RANGE, o + 8,
                    "game object %u: position (%ld, %ld) is outside %d..%d, %d..%d", id, (long)x,
                    (long)y, LW_MIN_OBJECT_X, LW_MAX_OBJECT_X, LW_MIN_OBJECT_Y, LW_MAX_OBJECT_Y);
    for (int c = 0; c < 2; c++)
        if (get32(r + 8 + 4 * c) != get32(m + 8 + 4 * c))
            return FAIL(LW_ERR_FORMAT, o + 8 + 4 * (size_t)c,
                        "game object %u: %c %ld differs from its marker's (%ld)", id, "xy"[c],
                        (long)(int32_t)get32(r + 8 + 4 * c), (long)(int32_t)get32(m + 8 + 4 * c));
    *next = j + 1;
    return true;
}

/* GOBJ (optional): section version, record size, count, then each record's marker, type and
 * typed fields (the rules of objects-load.c), reserved bytes zero */
static bool check_game_objects(loader *L)
{
    const section_in *s = &L->sec[SEC_GOBJ];
    L->game_objects = 0;
    if (!s->present)
        return true;
    if (s->raw < GOBJ_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section GOBJ is shorter than its header");
    uint32_t version = get16(s->data), record = get16(s->data + 2), count = get32(s->data + 4);
    if (version != GOBJ_VERSION)
        return FAIL(LW_ERR_VERSION, s->offset,
                    "game objects section version %u is not supported (this engine reads %u)",
                    version, GOBJ_VERSION);
    if (record != GOBJ_RECORD)
        return FAIL(LW_ERR_FORMAT, s->offset + 2, "game object records are %u bytes, expected %u",
                    record, GOBJ_RECORD);
    if (count > L->objects)
        return FAIL(count > LW_MAX_OBJECTS ? LW_ERR_LIMIT : LW_ERR_RANGE, s->offset + 4,
                    "%u game objects, but the level has %u objects", count, L->objects);
    if (!lwi_packed_want_size(L, SEC_GOBJ, GOBJ_HEAD + (size_t)count * GOBJ_RECORD))
        return false;
    uint32_t next = 0;
    for (size_t k = 0; k < count; k++) {
        size_t o = s->offset + GOBJ_HEAD + k * GOBJ_RECORD;
        const uint8_t *r = L->file + o;
        if (!gobj_marker(L, k, o, &next))
            return false;
        if (r[4] >= LW_OBJ_TYPE_COUNT)
            return FAIL(LW_ERR_FORMAT, o + 4, "game object %u: type %u is not one of 0..%d",
                        get32(r), r[4], LW_OBJ_TYPE_COUNT - 1);
        int32_t v[LWI_OBJ_FIELDS];
        lwi_packed_gobj_fields(r, v);
        lw_error why;
        int bad = lwi_obj_fields_check(get32(r), r[4], v, &why);
        if (bad >= 0)
            return FAIL(why.code, o + lwi_packed_gobj_field_at[bad], "%s", why.message);
        if (!zero_bytes(L, o + 26, o + GOBJ_RECORD, "reserved game object field"))
            return false;
    }
    L->game_objects = count;
    return true;
}

/* PROP: as many records as the objects use, each a non-empty name and a value */
static bool check_props(loader *L)
{
    const section_in *s = &L->sec[SEC_PROP];
    uint32_t props = L->props;
    if (s->raw < LIST_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section PROP is shorter than its count");
    if (get32(s->data) != props)
        return FAIL(LW_ERR_FORMAT, s->offset, "PROP holds %u properties, the objects use %u",
                    get32(s->data), props);
    if (!lwi_packed_want_size(L, SEC_PROP, LIST_HEAD + (size_t)props * PROP_RECORD) ||
        !zero_bytes(L, s->offset + 4, s->offset + 8, "PROP reserved field"))
        return false;
    for (size_t i = 0; i < props; i++) {
        size_t o = s->offset + LIST_HEAD + i * PROP_RECORD;
        const uint8_t *r = s->data + LIST_HEAD + i * PROP_RECORD;
        if (!check_ref(L, o, get32(r), false, LW_MAX_STRING, "property name") ||
            !check_ref(L, o + 4, get32(r + 4), false, LW_MAX_STRING, "property value"))
            return false;
        if (L->sec[SEC_STRS].data[get32(r)] == 0)
            return FAIL(LW_ERR_FORMAT, o, "property %zu: the name is empty", i);
    }
    return true;
}

/* PROF: profile and character names, overrides with unique names */
static bool check_profile(loader *L)
{
    const section_in *s = &L->sec[SEC_PROF];
    if (s->raw < PROF_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section PROF is shorter than its header");
    L->overrides = get32(s->data + 32);
    if (L->overrides > LW_MAX_OVERRIDES)
        return FAIL(LW_ERR_LIMIT, s->offset + 32, "%u overrides is over the limit of %u",
                    L->overrides, LW_MAX_OVERRIDES);
    if (!lwi_packed_want_size(L, SEC_PROF, PROF_HEAD + (size_t)L->overrides * OVERRIDE_RECORD) ||
        !check_fixed(L, s->offset, 16, false, "profile name") ||
        !check_fixed(L, s->offset + 16, 16, false, "character name") ||
        !zero_bytes(L, s->offset + 36, s->offset + 40, "PROF reserved field"))
        return false;
    for (size_t i = 0; i < L->overrides; i++) {
        size_t o = s->offset + PROF_HEAD + i * OVERRIDE_RECORD;
        if (!check_fixed(L, o, 32, true, "override name"))
            return false;
        for (size_t j = 0; j < i; j++)
            if (strcmp((const char *)L->file + o,
                       (const char *)L->file + s->offset + PROF_HEAD + j * OVERRIDE_RECORD) == 0)
                return FAIL(LW_ERR_FORMAT, o, "override \"%s\" is set twice",
                            (const char *)L->file + o);
    }
    return true;
}

/* RPLY (optional): replay records */
static bool check_replays(loader *L)
{
    const section_in *s = &L->sec[SEC_RPLY];
    L->replays = 0;
    if (s->present) {
        if (!check_list_head(L, SEC_RPLY, LW_MAX_REPLAYS, "replays", REPLAY_RECORD, &L->replays))
            return false;
        for (size_t i = 0; i < L->replays; i++) {
            size_t o = s->offset + LIST_HEAD + i * REPLAY_RECORD;
            const uint8_t *r = L->file + o;
            if (!check_ref(L, o, get32(r), false, LW_MAX_STRING, "replay name") ||
                !check_ref(L, o + 4, get32(r + 4), false, LW_MAX_SCRIPT, "replay script"))
                return false;
            for (int k = 8; k < 12; k++)
                if (r[k] > 1)
                    return FAIL(LW_ERR_RANGE, o + (size_t)k, "replay %zu: field is not 0 or 1", i);
            if (!check_fixed(L, o + 20, 16, false, "replay profile") ||
                !check_fixed(L, o + 36, 16, false, "replay character") ||
                !zero_bytes(L, o + 72, o + 80, "replay reserved field"))
                return false;
            int32_t sx = (int32_t)get32(r + 12), sy = (int32_t)get32(r + 16);
            uint32_t frames = get32(r + 52);
            if (r[8] && !lw_limits_start_ok(sx, sy))
                return FAIL(LW_ERR_RANGE, o + 12,
                            "replay %zu: start (%ld, %ld) is outside 0..%d, 0..%d", i, (long)sx,
                            (long)sy, LW_MAX_START_X, LW_MAX_START_Y);
            if (frames > LW_MAX_REPLAY_FRAMES)
                return FAIL(LW_ERR_RANGE, o + 52, "replay %zu: %lu frames is over the limit of %u",
                            i, (unsigned long)frames, LW_MAX_REPLAY_FRAMES);
            if (r[9] && !lw_limits_object_pos_ok((int32_t)get32(r + 64), (int32_t)get32(r + 68)))
                return FAIL(LW_ERR_RANGE, o + 64, "replay %zu: expected position is out of range",
                            i);
        }
    }
    return true;
}

/* ARTP (optional): a PNG file */
static bool check_art(loader *L)
{
    const section_in *s = &L->sec[SEC_ARTP];
    if (s->present && (s->raw < 8 || memcmp(s->data, lwi_packed_png_signature, 8) != 0))
        return FAIL(LW_ERR_FORMAT, s->offset, "the embedded art is not a PNG file");
    return true;
}

/* LOOP (optional, 1.2): the loop table (level.h); chunks are checked against INFO's count */
static bool check_loops(loader *L)
{
    const section_in *s = &L->sec[SEC_LOOP];
    L->loops = 0;
    if (!s->present)
        return true;
    if (s->raw < LOOP_HEAD)
        return FAIL(LW_ERR_FORMAT, s->entry + 16, "section LOOP is shorter than its header");
    uint32_t version = get16(s->data), record = get16(s->data + 2), count = get32(s->data + 4);
    if (version != LOOP_VERSION)
        return FAIL(LW_ERR_VERSION, s->offset,
                    "loop chunks section version %u is not supported (this engine reads %u)",
                    version, LOOP_VERSION);
    if (record != LOOP_RECORD)
        return FAIL(LW_ERR_FORMAT, s->offset + 2, "loop chunk records of %u bytes, expected %u",
                    record, LOOP_RECORD);
    if (count > LW_MAX_LOOP_CHUNKS)
        return FAIL(LW_ERR_LIMIT, s->offset + 4, "%u loop chunks is over the limit of %u", count,
                    LW_MAX_LOOP_CHUNKS);
    if (!lwi_packed_want_size(L, SEC_LOOP, LOOP_HEAD + (size_t)count * LOOP_RECORD))
        return false;
    for (uint32_t i = 0; i < count; i++) {
        size_t o = s->offset + LOOP_HEAD + (size_t)i * LOOP_RECORD;
        const uint8_t *r = s->data + LOOP_HEAD + (size_t)i * LOOP_RECORD;
        uint32_t chunk = get16(r), alt = get16(r + 2);
        if (chunk >= L->chunks || (alt != LW_NONE && alt >= L->chunks))
            return FAIL(LW_ERR_RANGE, o,
                        "loop chunk %u: chunk %u or path-B chunk %u does not "
                        "exist (%u chunks)",
                        i, chunk, alt, L->chunks);
        if (r[4] > LW_LOOP_TUNNEL || (r[4] != LW_LOOP_NONE && L->chunk_px != 256))
            return FAIL(LW_ERR_RANGE, o + 4, "loop chunk %u: rule %u (rules need 256 px chunks)", i,
                        r[4]);
        if (!zero_bytes(L, o + 5, o + 8, "loop chunk reserved field"))
            return false;
        for (uint32_t j = 0; j < i; j++)
            if (get16(s->data + LOOP_HEAD + (size_t)j * LOOP_RECORD) == chunk)
                return FAIL(LW_ERR_RANGE, o, "loop chunk %u: chunk %u is listed twice", i, chunk);
    }
    L->loops = count;
    return true;
}

/* Decode a section's raw bytes into @dst (exactly s->raw bytes). */
bool lwi_packed_section_bytes(loader *L, int idx, uint8_t *dst)
{
    const section_in *s = &L->sec[idx];
    if (!(s->flags & SECTION_KOSINSKI)) {
        memcpy(dst, s->data, s->raw);
        return true;
    }
    lw_error kerr;
    size_t got = 0, used = 0;
    if (!lw_kosinski_decompress(s->data, s->stored, dst, s->raw, &got, &used, &kerr))
        return FAIL(kerr.code == LW_ERR_TRUNCATED ? LW_ERR_TRUNCATED : LW_ERR_FORMAT,
                    s->offset + (size_t)(kerr.offset < 0 ? 0 : kerr.offset),
                    "section %s: bad Kosinski data: %s", lwi_packed_section_tags[idx],
                    kerr.message);
    if (got != s->raw)
        return FAIL(LW_ERR_FORMAT, s->entry + 16,
                    "section %s: Kosinski data gives %zu bytes, the table says %zu",
                    lwi_packed_section_tags[idx], got, s->raw);
    for (size_t i = used; i < s->stored; i++)
        if (s->data[i])
            return FAIL(LW_ERR_FORMAT, s->offset + i,
                        "section %s: non-zero byte after the Kosinski terminator",
                        lwi_packed_section_tags[idx]);
    return true;
}

bool lwi_packed_check_sections(loader *L)
{
    return load_info(L) && load_strings(L) && check_masks(L) && check_tiles(L) &&
           check_objects(L) && check_props(L) && check_game_objects(L) && check_profile(L) &&
           check_replays(L) && check_art(L) && check_loops(L);
}
