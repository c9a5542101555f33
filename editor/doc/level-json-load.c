/* SPDX-License-Identifier: MIT */
/*
 * Loading level JSON (docs/LEVEL-JSON.md) with the streaming reader: the text is validated as
 * JSON in one pass (json_reader_validate, after the bounded pre-scan), then each section is read
 * straight into the model by position, in the same order of checks as the jansson-tree loader
 * before it, so every message and position is the one it gave.
 */
#include "level-json-load.h"

#include "json-prescan.h"
#include "level-json.h"
#include "real-path.h"

#include <loopwright-masks/file-io.h>
#include <loopwright/limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ======================================================================================== */
/* Helpers                                                                                   */
/* ======================================================================================== */

bool load_fail(load_ctx *c, json_pos at, lw_status code, const char *fmt, ...)
{
    char where[160], what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    editor_json_path_format(&c->path, where, sizeof where);
    if (where[0])
        lw_error_set(c->err, code, "%s: %s", where, what);
    else
        lw_error_set(c->err, code, "%s", what);
    if (c->err)
        json_reader_position(&c->r, at, &c->err->line, &c->err->column);
    return false;
}

static const char *kind_name(json_kind k)
{
    switch (k) {
    case JSON_KIND_OBJECT:
        return "an object";
    case JSON_KIND_ARRAY:
        return "an array";
    case JSON_KIND_STRING:
        return "a string";
    case JSON_KIND_INTEGER:
        return "an integer";
    case JSON_KIND_REAL:
        return "a real number";
    case JSON_KIND_BOOL:
        return "a boolean";
    case JSON_KIND_NULL:
        return "null";
    }
    return "a value";
}

bool load_scan(load_ctx *c, json_pos obj, const char *const *keys, load_members *m)
{
    memset(m, 0, sizeof *m);
    m->obj = obj;
    m->keys = keys;
    /* a key list longer than the members' arrays is a programming error: refuse it rather than
     * write past them (the root's list reached 17 with water_height against 16 slots) */
    size_t nkeys = 0;
    while (keys[nkeys])
        nkeys++;
    if (nkeys > LOAD_MAX_KEYS)
        return load_fail(c, obj, LW_ERR_FORMAT, "internal: %zu keys, over LOAD_MAX_KEYS", nkeys);
    unsigned place = 0;
    const char *after = NULL;
    for (json_pos k = json_reader_member_first(&c->r, obj); k; k = json_reader_next(&c->r, after)) {
        const char *raw;
        size_t n, count;
        json_pos v = json_reader_member_raw(&c->r, k, &raw, &n);
        after = json_reader_skip_count(&c->r, v, &count);
        place++;
        const char *name = raw;
        if (memchr(raw, '\\', n)) {
            if (c->keycap < n + 1) {
                char *b = realloc(c->keybuf, n + 1);
                if (!b)
                    return load_fail(c, k, LW_ERR_NOMEM, "out of memory");
                c->keybuf = b;
                c->keycap = n + 1;
            }
            n = json_reader_decode(&c->r, k, c->keybuf);
            name = c->keybuf;
        }
        int found = -1;
        for (int i = 0; keys[i] && found < 0; i++)
            if (keys[i][0] == name[0] && strlen(keys[i]) == n && memcmp(keys[i], name, n) == 0)
                found = i;
        if (found >= 0) {
            m->at[found] = v;
            m->count[found] = count;
            m->order[found] = place;
        } else if (!m->unknown) {
            m->unknown = true;
            size_t copy = n < sizeof m->unknown_key ? n : sizeof m->unknown_key - 1;
            memcpy(m->unknown_key, name, copy);
            m->unknown_key[copy] = '\0';
            m->unknown_at = v;
            m->unknown_order = place;
        }
    }
    m->end = after ? json_reader_end(&c->r, after) : json_reader_skip(&c->r, obj);
    return true;
}

json_pos load_get(const load_members *m, const char *key)
{
    for (int i = 0; m->keys[i]; i++)
        if (strcmp(m->keys[i], key) == 0)
            return m->at[i];
    return NULL;
}

static size_t load_count(const load_members *m, const char *key)
{
    for (int i = 0; m->keys[i]; i++)
        if (strcmp(m->keys[i], key) == 0)
            return m->count[i];
    return 0;
}

bool load_check_keys(load_ctx *c, const load_members *m)
{
    return load_check_allowed(c, m, m->keys);
}

bool load_check_allowed(load_ctx *c, const load_members *m, const char *const *allowed)
{
    /* the first member in file order that is not allowed */
    unsigned first = m->unknown ? m->unknown_order : 0;
    const char *key = m->unknown_key;
    json_pos at = m->unknown_at;
    for (int i = 0; m->keys[i]; i++) {
        if (!m->order[i] || (first && m->order[i] > first))
            continue;
        bool ok = false;
        for (const char *const *a = allowed; *a && !ok; a++)
            ok = strcmp(*a, m->keys[i]) == 0;
        if (!ok) {
            first = m->order[i];
            key = m->keys[i];
            at = m->at[i];
        }
    }
    if (!first)
        return true;
    editor_json_path_push_key(&c->path, key);
    bool r = load_fail(c, at, LW_ERR_FORMAT, "unknown key \"%s\"", key);
    editor_json_path_pop(&c->path);
    return r;
}

static json_pos member(load_ctx *c, const load_members *m, const char *key, bool required, bool *ok)
{
    json_pos v = load_get(m, key);
    if (!v && required)
        *ok = load_fail(c, m->obj, LW_ERR_FORMAT, "missing \"%s\"", key);
    return v;
}

bool load_want(load_ctx *c, json_pos v, json_kind kind, const char *expected)
{
    json_kind k = json_reader_kind(&c->r, v);
    if (k != kind)
        return load_fail(c, v, LW_ERR_FORMAT, "expected %s, found %s", expected, kind_name(k));
    return true;
}

bool load_want_object(load_ctx *c, json_pos v, const char *expected, const char *const *keys,
                      load_members *m)
{
    return load_want(c, v, JSON_KIND_OBJECT, expected) && load_scan(c, v, keys, m);
}

bool load_int_value(load_ctx *c, json_pos v, long long min, long long max, long long *out)
{
    if (!load_want(c, v, JSON_KIND_INTEGER, "an integer"))
        return false;
    long long n = json_reader_int(&c->r, v, NULL);
    if (n < min || n > max)
        return load_fail(c, v, LW_ERR_RANGE, "%lld is out of range (%lld..%lld)", n, min, max);
    *out = n;
    return true;
}

bool load_int(load_ctx *c, const load_members *m, const char *key, bool required, long long min,
              long long max, long long *out)
{
    bool ok = true;
    json_pos v = member(c, m, key, required, &ok);
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    ok = load_int_value(c, v, min, max, out);
    editor_json_path_pop(&c->path);
    return ok;
}

bool load_bool(load_ctx *c, const load_members *m, const char *key, bool required, bool *out)
{
    bool ok = true;
    json_pos v = member(c, m, key, required, &ok);
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    ok = load_want(c, v, JSON_KIND_BOOL, "true or false");
    if (ok)
        *out = json_reader_bool(&c->r, v);
    editor_json_path_pop(&c->path);
    return ok;
}

bool load_string(load_ctx *c, const load_members *m, const char *key, bool required,
                 bool allow_null, size_t max_len, const char **out)
{
    bool ok = true;
    json_pos v = member(c, m, key, required, &ok);
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    if (allow_null && json_reader_kind(&c->r, v) == JSON_KIND_NULL) {
        *out = NULL;
    } else if ((ok = load_want(c, v, JSON_KIND_STRING,
                               allow_null ? "a string or null" : "a string"))) {
        size_t n;
        const char *s = json_reader_string(&c->r, v, &n, NULL); /* never holds \u0000 */
        if (!s)
            ok = load_fail(c, v, LW_ERR_NOMEM, "out of memory");
        else if (n > max_len)
            ok = load_fail(c, v, LW_ERR_LIMIT, "string of %zu bytes is over the limit of %zu", n,
                           max_len);
        else
            *out = s;
    }
    editor_json_path_pop(&c->path);
    return ok;
}

bool load_array(load_ctx *c, const load_members *m, const char *key, bool required, size_t max_len,
                json_pos *out, size_t *count)
{
    bool ok = true;
    json_pos v = member(c, m, key, required, &ok);
    *out = NULL;
    *count = 0;
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    if ((ok = load_want(c, v, JSON_KIND_ARRAY, "an array"))) {
        size_t n = load_count(m, key);
        if (n > max_len) {
            ok = load_fail(c, v, LW_ERR_LIMIT, "%zu entries is over the limit of %zu", n, max_len);
        } else {
            *out = v;
            *count = n;
        }
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool parse_color(const char *s, uint32_t *rgb)
{
    if (strlen(s) != 7 || s[0] != '#')
        return false;
    uint32_t v = 0;
    for (int i = 1; i < 7; i++) {
        char ch = s[i];
        int d = ch >= '0' && ch <= '9'   ? ch - '0'
                : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                         : -1;
        if (d < 0)
            return false;
        v = v * 16 + (uint32_t)d;
    }
    *rgb = v;
    return true;
}

/* Short strings (profile names) copied into fixed buffers. */
static bool copy_short(load_ctx *c, json_pos at, const char *s, char *dst, size_t size,
                       const char *what)
{
    if (strlen(s) >= size)
        return load_fail(c, at, LW_ERR_LIMIT, "%s \"%s\" is longer than %zu characters", what, s,
                         size - 1);
    if (s != dst) /* an absent key leaves the default, which already lives in dst */
        memmove(dst, s, strlen(s) + 1);
    return true;
}

/* Fetch the array member @key (at most @max entries) and allocate @elem_size bytes per entry for
 * it (at least one entry, so an empty pool is still a valid pointer). On success the JSON path
 * points at the array (the caller pops it) and *@capacity holds the entry count allocated. */
static void *begin_array(load_ctx *c, const load_members *root, const char *key, size_t max,
                         size_t elem_size, json_pos *arr, size_t *n, uint32_t *capacity)
{
    if (!load_array(c, root, key, true, max, arr, n))
        return NULL;
    editor_json_path_push_key(&c->path, key);
    void *p = calloc(*n ? *n : 1, elem_size);
    if (!p) {
        load_fail(c, *arr, LW_ERR_NOMEM, "out of memory");
        editor_json_path_pop(&c->path);
        return NULL;
    }
    *capacity = (uint32_t)(*n ? *n : 1);
    return p;
}

/* ======================================================================================== */
/* Sections                                                                                  */
/* ======================================================================================== */

static bool load_heights(load_ctx *c, json_pos heights, size_t count, lw_mask *mask)
{
    bool ok = true;
    editor_json_path_push_key(&c->path, "heights");
    if (count != 16)
        ok = load_fail(c, heights, LW_ERR_FORMAT, "expected 16 heights, found %zu", count);
    json_pos h = ok ? json_reader_first(&c->r, heights) : NULL;
    for (size_t k = 0; ok && k < 16; k++) {
        long long v;
        editor_json_path_push_index(&c->path, (long)k);
        ok = load_int_value(c, h, -16, 16, &v);
        mask->heights[k] = (int8_t)v;
        editor_json_path_pop(&c->path);
        if (ok && k < 15) {
            const char *end;
            json_reader_int(&c->r, h, &end);
            h = json_reader_next(&c->r, end);
        }
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_masks(load_ctx *c, const load_members *root, lw_level *level)
{
    json_pos arr;
    size_t n;
    level->masks = begin_array(c, root, "masks", LW_MAX_MASKS, sizeof(lw_mask), &arr, &n,
                               &level->mask_capacity);
    if (!level->masks)
        return false;
    bool ok = true;
    static const char *const keys[] = {"heights", "angle", "flagged", "locked", NULL};
    json_pos e = json_reader_first(&c->r, arr);
    for (size_t i = 0; ok && i < n; i++) {
        editor_json_path_push_index(&c->path, (long)i);
        lw_mask mask = {0};
        load_members m;
        json_pos heights = NULL;
        size_t count = 0;
        long long angle = 0;
        bool flagged = false, locked = false;
        ok = load_want_object(c, e, "a mask object", keys, &m) && load_check_keys(c, &m) &&
             load_array(c, &m, "heights", true, 16, &heights, &count) &&
             load_int(c, &m, "angle", true, 0, 255, &angle) &&
             load_bool(c, &m, "flagged", false, &flagged) &&
             load_bool(c, &m, "locked", false, &locked) && load_heights(c, heights, count, &mask);
        if (ok) {
            mask.angle = (uint8_t)angle;
            mask.flags = (uint8_t)((flagged ? LW_MASK_FLAGGED : 0) | (locked ? LW_MASK_LOCKED : 0));
            lw_mask_derive_widths(&mask);
            lw_level_masks_mut(level)[level->mask_count++] = mask;
            e = json_reader_next(&c->r, m.end);
        }
        editor_json_path_pop(&c->path);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

/* Read an index that may be null (LW_NONE) or an integer below @count. */
bool load_index(load_ctx *c, const load_members *m, const char *key, uint32_t count,
                const char *what, uint16_t *out)
{
    bool ok = true;
    json_pos v = member(c, m, key, true, &ok);
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    if (json_reader_kind(&c->r, v) == JSON_KIND_NULL) {
        *out = LW_NONE;
    } else if ((ok = load_want(c, v, JSON_KIND_INTEGER, "an integer or null"))) {
        long long n = json_reader_int(&c->r, v, NULL);
        if (n < 0 || n >= (long long)count)
            ok = load_fail(c, v, LW_ERR_RANGE, "%s %lld does not exist (%u %ss)", what, n, count,
                           what);
        else
            *out = (uint16_t)n;
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_tiles(load_ctx *c, const load_members *root, lw_level *level)
{
    json_pos arr;
    size_t n;
    level->tiles = begin_array(c, root, "tiles", LW_MAX_TILES, sizeof(lw_tile), &arr, &n,
                               &level->tile_capacity);
    if (!level->tiles)
        return false;
    static const char *const keys[] = {"art", "mask_a", "mask_b", "jump_through", NULL};
    bool ok = true;
    json_pos e = json_reader_first(&c->r, arr);
    for (size_t i = 0; ok && i < n; i++) {
        editor_json_path_push_index(&c->path, (long)i);
        lw_tile tile = {.art = LW_NONE, .mask = {LW_NONE, LW_NONE}, .flags = 0};
        bool jump = false;
        load_members m;
        ok = load_want_object(c, e, "a tile object", keys, &m) && load_check_keys(c, &m) &&
             load_index(c, &m, "art", LW_NONE, "art cell", &tile.art) &&
             load_index(c, &m, "mask_a", level->mask_count, "mask", &tile.mask[0]) &&
             load_index(c, &m, "mask_b", level->mask_count, "mask", &tile.mask[1]) &&
             load_bool(c, &m, "jump_through", false, &jump);
        if (ok) {
            tile.flags = jump ? LW_TILE_JUMP_THROUGH : 0;
            lw_level_tiles_mut(level)[level->tile_count++] = tile;
            e = json_reader_next(&c->r, m.end);
        }
        editor_json_path_pop(&c->path);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

/* One row of a chunk: @side cell strings; *@end gets the row's end. The cells are read as they
 * come; a row of the wrong length is reported as such even when one of its cells is bad too
 * (the count is taken only then), so the check order is the tree loader's. */
static bool load_chunk_row(load_ctx *c, json_pos row, uint32_t side, const lw_level *level,
                           lw_cell *cells, const char **row_end)
{
    if (!load_want(c, row, JSON_KIND_ARRAY, "an array of cells"))
        return false;
    json_pos cell = json_reader_first(&c->r, row);
    const char *end = NULL;
    bool ok = true;
    uint32_t x = 0;
    for (; ok && cell && x < side; x++) {
        editor_json_path_push_index(&c->path, (long)x);
        ok = load_want(c, cell, JSON_KIND_STRING, "a cell string");
        const char *s = ok ? json_reader_string(&c->r, cell, NULL, &end) : NULL;
        lw_cell parsed;
        if (ok && !s)
            ok = load_fail(c, cell, LW_ERR_NOMEM, "out of memory");
        else if (ok && !editor_cell_parse(s, &parsed))
            ok = load_fail(c, cell, LW_ERR_FORMAT,
                           "bad cell \"%s\" (expected \".\" or TILE[x][y]:AB with A, B one "
                           "of - t l a)",
                           s);
        else if (ok && parsed.tile != LW_NONE && parsed.tile >= level->tile_count)
            ok = load_fail(c, cell, LW_ERR_RANGE, "tile %u does not exist (%u tiles)", parsed.tile,
                           level->tile_count);
        if (ok) {
            cells[x] = parsed;
            cell = json_reader_next(&c->r, end);
        }
        editor_json_path_pop(&c->path);
    }
    if (ok && !cell && x == side) {
        *row_end = json_reader_end(&c->r, end);
        return true;
    }
    size_t count = json_reader_count(&c->r, row);
    if (count != side) /* replaces a cell's error: the length is checked first */
        return load_fail(c, row, LW_ERR_FORMAT, "a row has %u cells, found %zu", side, count);
    return false;
}

static bool load_chunks(load_ctx *c, const load_members *root, lw_level *level)
{
    json_pos arr;
    size_t n;
    uint32_t side = level->chunk_cells, per = side * side;
    level->cells = begin_array(c, root, "chunks", LW_MAX_CHUNKS, per * sizeof(lw_cell), &arr, &n,
                               &level->chunk_capacity);
    if (!level->cells)
        return false;
    static const char *const keys[] = {"rows", NULL};
    bool ok = true;
    json_pos e = json_reader_first(&c->r, arr);
    for (size_t i = 0; ok && i < n; i++) {
        editor_json_path_push_index(&c->path, (long)i);
        json_pos rows = NULL;
        size_t count = 0;
        load_members m;
        ok = load_want_object(c, e, "a chunk object", keys, &m) && load_check_keys(c, &m) &&
             load_array(c, &m, "rows", true, side, &rows, &count);
        editor_json_path_push_key(&c->path, "rows");
        if (ok && count != side)
            ok = load_fail(c, rows, LW_ERR_FORMAT, "a %u px chunk has %u rows, found %zu",
                           level->chunk_px, side, count);
        lw_cell *cells = lw_level_cells_mut(level) + i * per;
        json_pos row = ok ? json_reader_first(&c->r, rows) : NULL;
        for (uint32_t y = 0; ok && y < side; y++) {
            const char *end = NULL;
            editor_json_path_push_index(&c->path, (long)y);
            ok = load_chunk_row(c, row, side, level, cells + y * side, &end);
            editor_json_path_pop(&c->path);
            if (ok)
                row = json_reader_next(&c->r, end);
        }
        editor_json_path_pop(&c->path);
        if (ok) {
            level->chunk_count++;
            e = json_reader_next(&c->r, m.end);
        }
        editor_json_path_pop(&c->path);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

/* One layout row of @w chunk ids, read as load_chunk_row reads cells. */
static bool load_layout_row(load_ctx *c, json_pos row, lw_level *level, uint16_t *dst,
                            const char **row_end)
{
    uint32_t w = level->layout_width;
    if (!load_want(c, row, JSON_KIND_ARRAY, "an array of chunk ids"))
        return false;
    json_pos v = json_reader_first(&c->r, row);
    const char *end = NULL;
    bool ok = true;
    uint32_t x = 0;
    for (; ok && v && x < w; x++) {
        long long id;
        editor_json_path_push_index(&c->path, (long)x);
        ok = load_int_value(c, v, -1, LW_MAX_CHUNKS - 1, &id);
        if (ok && id >= (long long)level->chunk_count)
            ok = load_fail(c, v, LW_ERR_RANGE, "chunk %lld does not exist (%u chunks)", id,
                           level->chunk_count);
        if (ok) {
            dst[x] = id < 0 ? (uint16_t)LW_NONE : (uint16_t)id;
            json_reader_int(&c->r, v, &end);
            v = json_reader_next(&c->r, end);
        }
        editor_json_path_pop(&c->path);
    }
    if (ok && !v && x == w) {
        *row_end = json_reader_end(&c->r, end);
        return true;
    }
    size_t count = json_reader_count(&c->r, row);
    if (count != w)
        return load_fail(c, row, LW_ERR_FORMAT, "expected %u chunk ids (layout width), found %zu",
                         w, count);
    return false;
}

static bool load_layout_grid(load_ctx *c, json_pos grid, size_t count, lw_level *level,
                             uint16_t *dst)
{
    uint32_t w = level->layout_width, h = level->layout_height;
    if (!load_want(c, grid, JSON_KIND_ARRAY, "an array of rows"))
        return false;
    if (count != h)
        return load_fail(c, grid, LW_ERR_FORMAT, "expected %u rows (layout height), found %zu", h,
                         count);
    json_pos row = json_reader_first(&c->r, grid);
    for (uint32_t y = 0; y < h; y++) {
        const char *end = NULL;
        editor_json_path_push_index(&c->path, (long)y);
        bool ok = load_layout_row(c, row, level, dst + (size_t)y * w, &end);
        editor_json_path_pop(&c->path);
        if (!ok)
            return false;
        row = json_reader_next(&c->r, end);
    }
    return true;
}

static bool load_layout(load_ctx *c, const load_members *root, lw_level *level)
{
    bool ok = true;
    json_pos layout = member(c, root, "layout", true, &ok);
    if (!layout)
        return false;
    editor_json_path_push_key(&c->path, "layout");
    static const char *const keys[] = {"width", "height", "foreground", "background", NULL};
    load_members m;
    ok = load_want_object(c, layout, "an object", keys, &m) && load_check_keys(c, &m);
    json_pos fg = ok ? member(c, &m, "foreground", true, &ok) : NULL;
    json_pos bg = ok ? load_get(&m, "background") : NULL;
    if (ok) {
        editor_json_path_push_key(&c->path, "foreground");
        ok = load_layout_grid(c, fg, load_count(&m, "foreground"), level,
                              lw_level_layout_mut(level, LW_LAYER_FG));
        editor_json_path_pop(&c->path);
    }
    if (ok && bg && json_reader_kind(&c->r, bg) != JSON_KIND_NULL) {
        if (!lw_level_ensure_background(level)) {
            ok = load_fail(c, layout, LW_ERR_NOMEM, "out of memory");
        } else {
            editor_json_path_push_key(&c->path, "background");
            ok = load_layout_grid(c, bg, load_count(&m, "background"), level,
                                  lw_level_layout_mut(level, LW_LAYER_BG));
            editor_json_path_pop(&c->path);
        }
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_overrides(load_ctx *c, json_pos ov, lw_level *level)
{
    editor_json_path_push_key(&c->path, "overrides");
    bool ok = load_want(c, ov, JSON_KIND_OBJECT, "an object of integers");
    size_t count = ok ? json_reader_count(&c->r, ov) : 0;
    if (ok && count > LW_MAX_OVERRIDES)
        ok = load_fail(c, ov, LW_ERR_LIMIT, "%zu overrides is over the limit of %d", count,
                       LW_MAX_OVERRIDES);
    for (json_pos k = ok ? json_reader_member_first(&c->r, ov) : NULL; ok && k;) {
        const char *key;
        size_t key_len;
        json_pos value = json_reader_member_value(&c->r, k, &key, &key_len);
        long long v;
        if (!key) {
            ok = load_fail(c, k, LW_ERR_NOMEM, "out of memory");
            break;
        }
        editor_json_path_push_key(&c->path, key);
        ok = load_int_value(c, value, INT32_MIN, INT32_MAX, &v);
        if (ok && !lw_level_set_override(level, key, (int32_t)v))
            ok = load_fail(c, value, LW_ERR_LIMIT, "constant names are at most 31 characters");
        editor_json_path_pop(&c->path);
        k = json_reader_next(&c->r, json_reader_skip(&c->r, value));
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_physics(load_ctx *c, const load_members *root, lw_level *level)
{
    bool ok = true;
    json_pos phys = member(c, root, "physics", false, &ok);
    if (!phys)
        return ok;
    editor_json_path_push_key(&c->path, "physics");
    static const char *const keys[] = {"profile", "character", "overrides", NULL};
    const char *profile = level->profile, *character = level->character;
    load_members m;
    ok = load_want_object(c, phys, "an object", keys, &m) && load_check_keys(c, &m) &&
         load_string(c, &m, "profile", false, false, 64, &profile) &&
         load_string(c, &m, "character", false, false, 64, &character);
    if (ok) {
        editor_json_path_push_key(&c->path, "profile");
        ok = copy_short(c, load_get(&m, "profile"), profile, level->profile, sizeof level->profile,
                        "profile");
        editor_json_path_pop(&c->path);
    }
    if (ok) {
        editor_json_path_push_key(&c->path, "character");
        ok = copy_short(c, load_get(&m, "character"), character, level->character,
                        sizeof level->character, "character");
        editor_json_path_pop(&c->path);
    }
    json_pos ov = ok ? load_get(&m, "overrides") : NULL;
    if (ov)
        ok = load_overrides(c, ov, level);
    editor_json_path_pop(&c->path);
    return ok;
}

/* ======================================================================================== */
/* The root                                                                                  */
/* ======================================================================================== */

static const char *const root_keys[] = {
    "format",  "version", "name",           "chunk_size",  "tileset",      "background_color",
    "physics", "masks",   "tiles",          "chunks",      "layout",       "objects",
    "replays", "source",  "player_sprites", "loop_chunks", "water_height", NULL};

/* format, version, unknown keys, source, chunk size and layout size: all before allocating. */
static bool load_header(load_ctx *c, const load_members *root, long long *chunk_px, long long *lw,
                        long long *lh)
{
    const char *format = NULL;
    if (!load_string(c, root, "format", true, false, 64, &format))
        return false;
    if (strcmp(format, EDITOR_LEVEL_FORMAT) != 0) {
        editor_json_path_push_key(&c->path, "format");
        load_fail(c, load_get(root, "format"), LW_ERR_FORMAT,
                  "unknown format \"%s\" (expected \"%s\")", format, EDITOR_LEVEL_FORMAT);
        editor_json_path_pop(&c->path);
        return false;
    }
    long long version = 0;
    if (!load_int(c, root, "version", true, 0, INT32_MAX, &version))
        return false;
    if (version != EDITOR_LEVEL_VERSION) {
        editor_json_path_push_key(&c->path, "version");
        load_fail(c, load_get(root, "version"), LW_ERR_VERSION,
                  version > EDITOR_LEVEL_VERSION
                      ? "version %lld is newer than this Loopwright reads (%d); update Loopwright"
                      : "version %lld is not supported (this Loopwright reads version %d)",
                  version, EDITOR_LEVEL_VERSION);
        editor_json_path_pop(&c->path);
        return false;
    }
    if (!load_check_keys(c, root))
        return false;
    json_pos source = load_get(root, "source");
    if (source && json_reader_kind(&c->r, source) != JSON_KIND_OBJECT) {
        editor_json_path_push_key(&c->path, "source");
        load_fail(c, source, LW_ERR_FORMAT,
                  "expected an object (where a disassembly level came from)");
        editor_json_path_pop(&c->path);
        return false;
    }
    if (!load_int(c, root, "chunk_size", true, 128, 256, chunk_px))
        return false;
    if (*chunk_px != 128 && *chunk_px != 256) {
        editor_json_path_push_key(&c->path, "chunk_size");
        load_fail(c, load_get(root, "chunk_size"), LW_ERR_RANGE,
                  "chunk size must be 128 or 256, found %lld", *chunk_px);
        editor_json_path_pop(&c->path);
        return false;
    }
    /* The layout size is checked against the limits before anything is allocated. */
    json_pos layout = load_get(root, "layout");
    if (!layout)
        return load_fail(c, root->obj, LW_ERR_FORMAT, "missing \"layout\"");
    editor_json_path_push_key(&c->path, "layout");
    static const char *const keys[] = {"width", "height", "foreground", "background", NULL};
    load_members m;
    bool ok = load_want_object(c, layout, "an object", keys, &m) &&
              load_int(c, &m, "width", true, 1, LW_MAX_LEVEL_W_PX / *chunk_px, lw) &&
              load_int(c, &m, "height", true, 1, LW_MAX_LEVEL_H_PX / *chunk_px, lh);
    if (ok && *lw * *lh > LW_MAX_LAYOUT_CELLS)
        ok = load_fail(c, layout, LW_ERR_LIMIT, "layout %lldx%lld is over %d chunks", *lw, *lh,
                       LW_MAX_LAYOUT_CELLS);
    editor_json_path_pop(&c->path);
    return ok;
}

/* `player_sprites` (docs/LEVEL-JSON.md): a PNG path with the tileset's rules. */
static bool load_player_sprites(load_ctx *c, const load_members *root, lw_level *level)
{
    const char *sheet = NULL;
    if (!load_string(c, root, "player_sprites", false, true, 1024, &sheet))
        return false;
    if (!sheet)
        return true;
    bool ok = true;
    json_pos at = load_get(root, "player_sprites");
    editor_json_path_push_key(&c->path, "player_sprites");
    if (!(c->flags & EDITOR_LOAD_ALLOW_OUTSIDE_PATHS) && !editor_path_stays_inside(sheet))
        ok = load_fail(c, at, LW_ERR_PATH,
                       "sprite sheet path \"%s\" leaves the level's folder "
                       "(pass --allow-outside-paths to accept it)",
                       sheet);
    else if (!lw_level_set_string(&level->player_sprites, sheet))
        ok = load_fail(c, at, LW_ERR_NOMEM, "out of memory");
    editor_json_path_pop(&c->path);
    return ok;
}

/* `water_height` (docs/LEVEL-JSON.md): the water surface's y in px; absent = no water. */
static bool load_water(load_ctx *c, const load_members *root, lw_level *level)
{
    long long h = -1;
    if (!load_int(c, root, "water_height", false, 0, LW_MAX_WATER_HEIGHT, &h))
        return false;
    level->has_water = h >= 0;
    level->water_height = h >= 0 ? (int32_t)h : 0;
    return true;
}

/* name, tileset, background colour. */
static bool load_strings(load_ctx *c, const load_members *root, lw_level *level)
{
    const char *name = "", *tileset = NULL, *color = "#000000";
    bool ok = load_string(c, root, "name", false, false, 256, &name) &&
              load_string(c, root, "tileset", false, true, 1024, &tileset) &&
              load_string(c, root, "background_color", false, false, 16, &color);
    if (ok && !lw_level_set_string(&level->name, name))
        ok = load_fail(c, root->obj, LW_ERR_NOMEM, "out of memory");
    if (ok && tileset) {
        json_pos at = load_get(root, "tileset");
        editor_json_path_push_key(&c->path, "tileset");
        if (!(c->flags & EDITOR_LOAD_ALLOW_OUTSIDE_PATHS) && !editor_path_stays_inside(tileset))
            ok = load_fail(c, at, LW_ERR_PATH,
                           "tileset path \"%s\" leaves the level's folder "
                           "(pass --allow-outside-paths to accept it)",
                           tileset);
        else if (!lw_level_set_string(&level->tileset, tileset))
            ok = load_fail(c, at, LW_ERR_NOMEM, "out of memory");
        editor_json_path_pop(&c->path);
    }
    if (ok && !parse_color(color, &level->background_rgb)) {
        editor_json_path_push_key(&c->path, "background_color");
        ok = load_fail(c, load_get(root, "background_color"), LW_ERR_FORMAT,
                       "expected a colour \"#rrggbb\", found \"%s\"", color);
        editor_json_path_pop(&c->path);
    }
    if (ok)
        ok = load_player_sprites(c, root, level);
    return ok;
}

static bool load_root(load_ctx *c, json_pos at, lw_level **out)
{
    load_members root;
    long long chunk_px = 0, lw = 0, lh = 0;
    if (!load_want_object(c, at, "a level object", root_keys, &root) ||
        !load_header(c, &root, &chunk_px, &lw, &lh))
        return false;
    lw_level *level = lw_level_new((uint16_t)chunk_px, (uint16_t)lw, (uint16_t)lh, c->err);
    if (!level)
        return false;
    bool ok = load_strings(c, &root, level) && load_water(c, &root, level) &&
              load_physics(c, &root, level) && load_masks(c, &root, level) &&
              load_tiles(c, &root, level) && load_chunks(c, &root, level) &&
              load_layout(c, &root, level) && load_objects(c, &root, level) &&
              load_replays(c, &root, level) && load_loop_chunks(c, &root, level);
    if (ok && !lw_level_validate(level, c->err))
        ok = false; /* defence in depth: the checks above should have caught everything */
    if (!ok) {
        lw_level_free(level);
        return false;
    }
    *out = level;
    return true;
}

bool editor_level_load_text(const char *text, size_t len, unsigned flags, lw_level **out,
                            lw_error *err)
{
    lw_error_clear(err);
    if (!editor_json_prescan(text, len, err))
        return false; /* over a limit: refused before anything is read */
    if (!json_reader_validate(text, len, err))
        return false;
    load_ctx c = {.flags = flags, .err = err};
    json_reader_init(&c.r, text, len);
    bool ok = load_root(&c, json_reader_root(&c.r), out);
    json_reader_clear(&c.r);
    free(c.keybuf);
    return ok;
}

bool editor_level_load_file(const char *path, unsigned flags, lw_level **out, lw_error *err)
{
    char *text;
    size_t len;
    lw_error_clear(err);
    if (!lwm_file_read(path, EDITOR_LEVEL_MAX_FILE_BYTES, &text, &len, err))
        return false;
    bool ok = editor_level_load_text(text, len, flags, out, err);
    free(text);
    if (ok && !(flags & EDITOR_LOAD_ALLOW_OUTSIDE_PATHS) &&
        (((*out)->tileset && !editor_path_real_inside(path, (*out)->tileset, "tileset", err)) ||
         ((*out)->player_sprites &&
          !editor_path_real_inside(path, (*out)->player_sprites, "player_sprites", err)))) {
        lw_level_free(*out);
        *out = NULL;
        return false;
    }
    return ok;
}
