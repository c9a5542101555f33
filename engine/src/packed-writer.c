/* SPDX-License-Identifier: MIT */
/*
 * Packed level binaries: the writer. It builds each section in its own growing buffer (strings
 * go to STRS as the other sections refer to them), compresses CHNK and LAYT when asked, then
 * assembles header, section table and sections. The byte layout is docs/FORMAT.md.
 */
#include "loopwright/crc32.h"
#include "loopwright/kosinski.h"
#include "packed-format.h"

#include <stdlib.h>
#include <string.h>

/* ---- growing byte buffers ---- */

typedef struct buf {
    uint8_t *data;
    size_t size, cap;
    bool failed;
} buf;

static uint8_t *buf_grow(buf *b, size_t n)
{
    if (b->failed)
        return NULL;
    if (n == 0) /* nothing to add (and no memset on a NULL buffer) */
        return b->data ? b->data + b->size : NULL;
    if (n > LW_PACKED_MAX_FILE || b->size > LW_PACKED_MAX_FILE - n) {
        b->failed = true;
        return NULL;
    }
    if (b->size + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->size + n)
            cap *= 2;
        uint8_t *p = realloc(b->data, cap);
        if (!p) {
            b->failed = true;
            return NULL;
        }
        b->data = p;
        b->cap = cap;
    }
    uint8_t *p = b->data + b->size;
    memset(p, 0, n);
    b->size += n;
    return p;
}

static void buf_put(buf *b, const void *src, size_t n)
{
    uint8_t *p = buf_grow(b, n);
    if (p && n)
        memcpy(p, src, n);
}

/* Append a NUL-terminated string to the string table; returns its reference. */
static uint32_t strs_add(buf *strs, const char *s)
{
    if (!s)
        return REF_NONE;
    uint32_t ref = (uint32_t)strs->size;
    buf_put(strs, s, strlen(s) + 1);
    return ref;
}

static bool short_string_ok(const char *s, size_t cap)
{
    return memchr(s, '\0', cap) != NULL;
}

/* Write a fixed-size NUL-padded copy (canonical: every byte after the terminator is zero). */
static void put_fixed(uint8_t *dst, const char *s, size_t cap)
{
    size_t n = strnlen(s, cap - 1);
    memcpy(dst, s, n);
    memset(dst + n, 0, cap - n);
}

/* ---- what the format can hold ---- */

static bool check_objects_writable(const lw_level *level, lw_error *err)
{
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        if ((unsigned)o->type > LW_OBJECT_MARKER)
            return lw_error_set(err, LW_ERR_RANGE, "object %u: unknown type", o->id);
        if (o->type != LW_OBJECT_MARKER)
            continue;
        if (o->name && strlen(o->name) > LW_MAX_STRING)
            return lw_error_set(err, LW_ERR_LIMIT, "object %u: name too long", o->id);
        if (o->prop_count > LW_MAX_PROPERTIES)
            return lw_error_set(err, LW_ERR_LIMIT, "object %u: too many properties", o->id);
        for (uint32_t p = 0; p < o->prop_count; p++) {
            const lw_property *pr = &o->props[p];
            if (!pr->key || !pr->key[0] || !pr->value || strlen(pr->key) > LW_MAX_STRING ||
                strlen(pr->value) > LW_MAX_STRING)
                return lw_error_set(err, LW_ERR_LIMIT, "object %u: property %u is invalid", o->id,
                                    p);
        }
    }
    return true;
}

/* Every game object (OBJECTS.md §2) must have allowed properties: its GOBJ record is what a game
 * plays, so a level the simulation would refuse is not packed. */
static bool check_game_objects_writable(const lw_level *level, lw_error *err)
{
    for (uint32_t i = 0; i < level->object_count; i++) {
        lw_sim_object so;
        int32_t v[LWI_OBJ_FIELDS];
        int got = lwi_objects_from_level(level, i, &so, err);
        if (got < 0)
            return false;
        if (!got)
            continue;
        lwi_obj_fields_get(&so, v);
        if (lwi_obj_fields_check(so.id, so.type, v, err) >= 0)
            return false;
    }
    return true;
}

static bool check_replays_writable(const lw_level *level, lw_error *err)
{
    if (level->replay_count > LW_MAX_REPLAYS)
        return lw_error_set(err, LW_ERR_LIMIT, "too many replays");
    for (uint32_t i = 0; i < level->replay_count; i++) {
        const lw_replay *r = &level->replays[i];
        if ((r->name && strlen(r->name) > LW_MAX_STRING) ||
            (r->script && strlen(r->script) > LW_MAX_SCRIPT))
            return lw_error_set(err, LW_ERR_LIMIT, "replay %u: name or script too long", i);
        if (!short_string_ok(r->profile, sizeof r->profile) ||
            !short_string_ok(r->character, sizeof r->character) || r->expect_path > 1)
            return lw_error_set(err, LW_ERR_FORMAT, "replay %u: invalid fields", i);
    }
    return true;
}

static bool check_writable(const lw_level *level, const lw_packed_options *opts, lw_error *err)
{
    if (!lw_level_validate(level, err))
        return false;
    if (!level->name || strlen(level->name) > LW_MAX_STRING)
        return lw_error_set(err, LW_ERR_LIMIT, "the level name is missing or too long");
    if (level->tileset && strlen(level->tileset) > LW_MAX_STRING)
        return lw_error_set(err, LW_ERR_LIMIT, "the tileset path is too long");
    if (!short_string_ok(level->profile, sizeof level->profile) ||
        !short_string_ok(level->character, sizeof level->character))
        return lw_error_set(err, LW_ERR_FORMAT, "profile or character name is not terminated");
    if (level->override_count > LW_MAX_OVERRIDES)
        return lw_error_set(err, LW_ERR_LIMIT, "%u overrides is over the limit of %d",
                            level->override_count, LW_MAX_OVERRIDES);
    for (uint32_t i = 0; i < level->override_count; i++) {
        const char *n = level->overrides[i].name;
        if (!short_string_ok(n, sizeof level->overrides[i].name) || !n[0])
            return lw_error_set(err, LW_ERR_FORMAT, "override %u has no valid name", i);
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(level->overrides[j].name, n) == 0)
                return lw_error_set(err, LW_ERR_FORMAT, "override \"%s\" is set twice", n);
    }
    if (!check_objects_writable(level, err) || !check_game_objects_writable(level, err))
        return false;
    if (opts->replays && !check_replays_writable(level, err))
        return false;
    if (opts->art_png &&
        (opts->art_png_size < 8 || memcmp(opts->art_png, lwi_packed_png_signature, 8) != 0 ||
         opts->art_png_size > LW_PACKED_MAX_FILE))
        return lw_error_set(err, LW_ERR_FORMAT, "the art to embed is not a PNG file");
    return true;
}

/* ---- the writer's state: one buffer per section ---- */

typedef struct section_out {
    uint32_t flags;
    buf data; /* stored bytes */
    uint32_t raw_size;
} section_out;

typedef struct writer {
    const lw_level *level;
    lw_packed_options opts;
    section_out sec[SEC_COUNT];
    buf *strs; /* &sec[SEC_STRS].data */
    bool with_replays, with_art;
} writer;

static void write_info(writer *W)
{
    const lw_level *level = W->level;
    uint8_t *p = buf_grow(&W->sec[SEC_INFO].data, INFO_SIZE);
    uint32_t name_ref = strs_add(W->strs, level->name);
    uint32_t tileset_ref = strs_add(W->strs, level->tileset);
    if (!p)
        return;
    put16(p + 0, level->chunk_px);
    put16(p + 2, level->layout_width);
    put16(p + 4, level->layout_height);
    put16(p + 6, level->layout[LW_LAYER_BG] ? 1u : 0u);
    put32(p + 8, level->mask_count);
    put32(p + 12, level->tile_count);
    put32(p + 16, level->chunk_count);
    put32(p + 20, level->background_rgb & 0xFFFFFFu);
    put32(p + 24, name_ref);
    put32(p + 28, tileset_ref);
    put32(p + 32, level->next_object_id);
}

/* MASK: heights[n][16], widths[n][16], angles[n], flags[n] */
static void write_masks(writer *W)
{
    const lw_level *level = W->level;
    uint32_t nm = level->mask_count;
    uint8_t *p = buf_grow(&W->sec[SEC_MASK].data, (size_t)nm * MASK_RECORD);
    for (uint32_t m = 0; p && m < nm; m++) {
        const lw_mask *mk = &level->masks[m];
        lw_mask derived = *mk;
        lw_mask_derive_widths(&derived); /* widths are always the ROM derivation */
        memcpy(p + (size_t)m * 16u, mk->heights, 16);
        memcpy(p + (size_t)nm * 16u + (size_t)m * 16u, derived.widths, 16);
        p[(size_t)nm * 32u + m] = mk->angle;
        p[(size_t)nm * 33u + m] = (uint8_t)(mk->flags & (LW_MASK_FLAGGED | LW_MASK_LOCKED));
    }
}

static void write_tiles(writer *W)
{
    const lw_level *level = W->level;
    uint8_t *p = buf_grow(&W->sec[SEC_TILE].data, (size_t)level->tile_count * TILE_RECORD);
    for (uint32_t t = 0; p && t < level->tile_count; t++) {
        const lw_tile *tl = &level->tiles[t];
        uint8_t *r = p + (size_t)t * TILE_RECORD;
        put16(r + 0, tl->art);
        put16(r + 2, tl->mask[0]);
        put16(r + 4, tl->mask[1]);
        r[6] = (uint8_t)(tl->flags & LW_TILE_JUMP_THROUGH);
    }
}

static void write_chunks(writer *W)
{
    const lw_level *level = W->level;
    size_t ncells = (size_t)level->chunk_count * lw_level_cells_per_chunk(level);
    uint8_t *p = buf_grow(&W->sec[SEC_CHNK].data, ncells * 2u);
    for (size_t i = 0; p && i < ncells; i++)
        put16(p + 2 * i, cell_word(&level->cells[i]));
}

static void write_layout(writer *W)
{
    const lw_level *level = W->level;
    size_t slots = (size_t)level->layout_width * level->layout_height;
    int layers = level->layout[LW_LAYER_BG] ? 2 : 1;
    uint8_t *p = buf_grow(&W->sec[SEC_LAYT].data, slots * 2u * (size_t)layers);
    for (int l = 0; p && l < layers; l++)
        for (size_t i = 0; i < slots; i++)
            put16(p + ((size_t)l * slots + i) * 2u, level->layout[l][i]);
}

/* One OBJS record; a marker's properties go to @props (records without the count). */
static void write_object(writer *W, const lw_object *o, uint8_t *r, uint32_t first_prop, buf *props)
{
    put32(r + 0, o->id);
    r[4] = (uint8_t)o->type;
    uint8_t flags = 0;
    if (o->type == LW_OBJECT_PLAYER_START && o->facing_left)
        flags |= 1u;
    if (o->type == LW_OBJECT_PATH_SWAPPER) {
        flags |=
            (uint8_t)((o->swapper.horizontal ? 2u : 0u) | (o->swapper.grounded_only ? 4u : 0u) |
                      (o->swapper.priority_only ? 8u : 0u));
        put16(r + 6, o->swapper.radius);
        r[16] = o->swapper.path[0];
        r[17] = o->swapper.path[1];
        r[18] = o->swapper.priority[0] ? 1u : 0u;
        r[19] = o->swapper.priority[1] ? 1u : 0u;
    }
    r[5] = flags;
    put32(r + 8, (uint32_t)o->x);
    put32(r + 12, (uint32_t)o->y);
    uint32_t count = o->type == LW_OBJECT_MARKER ? o->prop_count : 0;
    put32(r + 20, o->type == LW_OBJECT_MARKER ? strs_add(W->strs, o->name) : REF_NONE);
    put32(r + 24, first_prop);
    put32(r + 28, count);
    for (uint32_t k = 0; k < count; k++) {
        uint8_t rec[PROP_RECORD];
        put32(rec, strs_add(W->strs, o->props[k].key));
        put32(rec + 4, strs_add(W->strs, o->props[k].value));
        buf_put(props, rec, sizeof rec);
    }
}

/* OBJS + PROP + marker strings */
static void write_objects(writer *W)
{
    const lw_level *level = W->level;
    buf props = {0};
    uint32_t prop_total = 0;
    uint8_t *p =
        buf_grow(&W->sec[SEC_OBJS].data, LIST_HEAD + (size_t)level->object_count * OBJ_RECORD);
    if (p)
        put32(p, level->object_count);
    for (uint32_t i = 0; p && i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        write_object(W, o, p + LIST_HEAD + (size_t)i * OBJ_RECORD, prop_total, &props);
        prop_total += o->type == LW_OBJECT_MARKER ? o->prop_count : 0;
    }
    /* the PROP count goes in front of its records */
    buf *head = &W->sec[SEC_PROP].data;
    uint8_t *h = buf_grow(head, LIST_HEAD);
    if (h) {
        put32(h, prop_total);
        buf_put(head, props.data, props.size);
    }
    if (props.failed)
        head->failed = true;
    free(props.data);
}

/* GOBJ: the game objects as typed records, in level order (docs/FORMAT.md §4.8) */
static void write_game_objects(writer *W)
{
    const lw_level *level = W->level;
    buf *b = &W->sec[SEC_GOBJ].data;
    uint8_t *h = buf_grow(b, GOBJ_HEAD);
    uint32_t count = 0;
    for (uint32_t i = 0; h && i < level->object_count; i++) {
        lw_sim_object so;
        if (lwi_objects_from_level(level, i, &so, NULL) != 1)
            continue; /* not a game object (bad ones were refused by check_writable) */
        uint8_t *r = buf_grow(b, GOBJ_RECORD);
        if (!r)
            return;
        lwi_packed_gobj_put(r, &so);
        count++;
    }
    if (!b->data)
        return;
    h = b->data; /* the buffer may have moved */
    put16(h + 0, GOBJ_VERSION);
    put16(h + 2, GOBJ_RECORD);
    put32(h + 4, count);
}

static void write_profile(writer *W)
{
    const lw_level *level = W->level;
    uint8_t *p = buf_grow(&W->sec[SEC_PROF].data,
                          PROF_HEAD + (size_t)level->override_count * OVERRIDE_RECORD);
    if (!p)
        return;
    put_fixed(p, level->profile, 16);
    put_fixed(p + 16, level->character, 16);
    put32(p + 32, level->override_count);
    for (uint32_t i = 0; i < level->override_count; i++) {
        uint8_t *r = p + PROF_HEAD + (size_t)i * OVERRIDE_RECORD;
        put_fixed(r, level->overrides[i].name, 32);
        put32(r + 32, (uint32_t)level->overrides[i].value);
    }
}

static void write_replays(writer *W)
{
    const lw_level *level = W->level;
    if (!W->with_replays)
        return;
    uint8_t *p =
        buf_grow(&W->sec[SEC_RPLY].data, LIST_HEAD + (size_t)level->replay_count * REPLAY_RECORD);
    if (p)
        put32(p, level->replay_count);
    for (uint32_t i = 0; p && i < level->replay_count; i++) {
        const lw_replay *rp = &level->replays[i];
        uint8_t *r = p + LIST_HEAD + (size_t)i * REPLAY_RECORD;
        put32(r + 0, strs_add(W->strs, rp->name ? rp->name : ""));
        put32(r + 4, strs_add(W->strs, rp->script ? rp->script : ""));
        r[8] = rp->has_start ? 1u : 0u;
        r[9] = rp->has_expect ? 1u : 0u;
        r[10] = rp->expect_path;
        r[11] = rp->expect_air ? 1u : 0u;
        put32(r + 12, (uint32_t)rp->start_x);
        put32(r + 16, (uint32_t)rp->start_y);
        put_fixed(r + 20, rp->profile, 16);
        put_fixed(r + 36, rp->character, 16);
        put32(r + 52, rp->frames);
        put32(r + 56, (uint32_t)(rp->expect_hash & 0xFFFFFFFFu));
        put32(r + 60, (uint32_t)(rp->expect_hash >> 32));
        put32(r + 64, (uint32_t)rp->expect_x);
        put32(r + 68, (uint32_t)rp->expect_y);
    }
}

/* LOOP (optional, only for a level with a loop table): section version, record size, count,
 * then per entry the chunk, the path-B chunk and the rule. */
static void write_loops(writer *W)
{
    const lw_level *level = W->level;
    if (!level->loop_chunk_count)
        return;
    uint8_t *p =
        buf_grow(&W->sec[SEC_LOOP].data, LOOP_HEAD + (size_t)level->loop_chunk_count * LOOP_RECORD);
    if (!p)
        return;
    put16(p, LOOP_VERSION);
    put16(p + 2, LOOP_RECORD);
    put32(p + 4, level->loop_chunk_count);
    for (uint32_t i = 0; i < level->loop_chunk_count; i++) {
        uint8_t *r = p + LOOP_HEAD + (size_t)i * LOOP_RECORD;
        put16(r, level->loop_chunks[i].chunk);
        put16(r + 2, level->loop_chunks[i].path_b);
        r[4] = level->loop_chunks[i].rule;
    }
}

/* WATR (optional, only for a level with water): section version, zero, the water height. */
static void write_water(writer *W)
{
    const lw_level *level = W->level;
    if (!level->has_water)
        return;
    uint8_t *p = buf_grow(&W->sec[SEC_WATR].data, WATR_SIZE);
    if (!p)
        return;
    put16(p, WATR_VERSION);
    put16(p + 2, 0);
    put32(p + 4, (uint32_t)level->water_height);
}

static void write_art(writer *W)
{
    if (W->with_art)
        buf_put(&W->sec[SEC_ARTP].data, W->opts.art_png, W->opts.art_png_size);
}

static bool compress_section(section_out *s)
{
    size_t n = s->data.size;
    uint8_t *packed = malloc(lw_kosinski_bound(n));
    if (!packed)
        return false;
    size_t m = lw_kosinski_compress(s->data.data, n, packed);
    if (!m) {
        free(packed);
        return false;
    }
    free(s->data.data);
    s->data.data = packed;
    s->data.size = s->data.cap = m;
    s->flags |= SECTION_KOSINSKI;
    return true;
}

/* Record every section's raw size, then compress CHNK and LAYT when asked. False when a
 * section ran out of memory or over the size limit. */
static bool finish_sections(writer *W)
{
    bool ok = true;
    for (uint32_t i = 0; i < SEC_COUNT; i++) {
        W->sec[i].raw_size = (uint32_t)W->sec[i].data.size;
        if (W->sec[i].data.failed)
            ok = false;
    }
    if (ok && W->opts.compress)
        ok = compress_section(&W->sec[SEC_CHNK]) && compress_section(&W->sec[SEC_LAYT]);
    return ok;
}

/* Header space, the section table and the sections each at a multiple of 16, zero padding.
 * Returns the number of sections, or 0 when @file failed. */
static uint32_t assemble(writer *W, buf *file)
{
    uint32_t order[SEC_COUNT], count = 0;
    for (uint32_t i = 0; i < SEC_COUNT; i++) {
        if (lwi_packed_section_required[i] || i == SEC_GOBJ || (i == SEC_RPLY && W->with_replays) ||
            (i == SEC_ARTP && W->with_art) || (i == SEC_LOOP && W->level->loop_chunk_count) ||
            (i == SEC_WATR && W->level->has_water))
            order[count++] = i;
    }
    buf_grow(file, HEADER_SIZE + (size_t)count * ENTRY_SIZE);
    for (uint32_t k = 0; k < count && !file->failed; k++) {
        section_out *s = &W->sec[order[k]];
        buf_grow(file, align_up(file->size, SECTION_ALIGN) - file->size);
        size_t off = file->size;
        buf_put(file, s->data.data, s->data.size);
        if (file->failed)
            break;
        uint8_t *e = file->data + HEADER_SIZE + (size_t)k * ENTRY_SIZE;
        memcpy(e, lwi_packed_section_tags[order[k]], 4);
        put32(e + 4, s->flags);
        put32(e + 8, (uint32_t)off);
        put32(e + 12, (uint32_t)s->data.size);
        put32(e + 16, s->raw_size);
        put32(e + 20, lw_crc32(0, s->data.data, s->data.size));
    }
    buf_grow(file, align_up(file->size, SECTION_ALIGN) - file->size);
    return file->failed ? 0 : count;
}

/* The header of an assembled file of @count sections, whole-file CRC last. */
static void write_header(uint8_t *h, size_t size, uint32_t count, const lw_level *level)
{
    memcpy(h, LW_PACKED_MAGIC, 8);
    put16(h + 8, LW_PACKED_VERSION_MAJOR);
    /* the lowest minor version the sections need: 1.1 files stay byte for byte 1.1 */
    put16(h + 10, level->has_water ? 3u : level->loop_chunk_count ? 2u : 1u);
    put32(h + 12, HEADER_SIZE);
    put32(h + 16, (uint32_t)size);
    put32(h + 20, count);
    put32(h + 24, 0);
    put32(h + 28, 0);
    put32(h + 28, lw_crc32(0, h, size));
}

bool lw_packed_write(const lw_level *level, const lw_packed_options *opts_in, uint8_t **out,
                     size_t *out_size, lw_error *err)
{
    writer W = {.level = level};
    if (opts_in)
        W.opts = *opts_in;
    if (!check_writable(level, &W.opts, err))
        return false;
    W.strs = &W.sec[SEC_STRS].data;
    W.with_replays = W.opts.replays && level->replay_count > 0;
    W.with_art = W.opts.art_png != NULL;

    /* the order matters: strings are added to STRS as the sections refer to them */
    write_info(&W);
    write_masks(&W);
    write_tiles(&W);
    write_chunks(&W);
    write_layout(&W);
    write_objects(&W);
    write_game_objects(&W);
    write_profile(&W);
    write_replays(&W);
    write_art(&W);
    write_loops(&W);
    write_water(&W);

    bool ok = finish_sections(&W);
    buf file = {0};
    uint32_t count = ok ? assemble(&W, &file) : 0;
    ok = count > 0;
    for (uint32_t i = 0; i < SEC_COUNT; i++)
        free(W.sec[i].data.data);
    if (!ok || file.size > LW_PACKED_MAX_FILE) {
        free(file.data);
        return lw_error_set(err, ok ? LW_ERR_LIMIT : LW_ERR_NOMEM,
                            ok ? "the packed file would be over %u bytes"
                               : "out of memory (or over %u bytes) while packing",
                            LW_PACKED_MAX_FILE);
    }
    write_header(file.data, file.size, count, level);
    *out = file.data;
    *out_size = file.size;
    return true;
}
