/* SPDX-License-Identifier: MIT */
#include "level-json.h"

#include "json-locate.h"
#include "json-prescan.h"
#include "real-path.h"

#include <jansson.h>
#include <loopwright-masks/image.h>
#include <loopwright/limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ======================================================================================== */
/* Cell tokens                                                                               */
/* ======================================================================================== */

static const char solid_letters[4] = {'-', 't', 'l', 'a'}; /* none, top, LRB, all */

static int solid_from_letter(char ch)
{
    for (int i = 0; i < 4; i++)
        if (solid_letters[i] == ch)
            return i;
    return -1;
}

bool editor_cell_parse(const char *token, lw_cell *cell)
{
    if (strcmp(token, ".") == 0) {
        *cell = (lw_cell){.tile = LW_NONE, .flags = 0, .solid = 0};
        return true;
    }
    const char *p = token;
    if (*p < '0' || *p > '9')
        return false;
    unsigned long tile = 0;
    int digits = 0;
    while (*p >= '0' && *p <= '9') {
        tile = tile * 10 + (unsigned long)(*p - '0');
        if (++digits > 5)
            return false;
        p++;
    }
    if (digits > 1 && token[0] == '0')
        return false; /* no leading zeros: one spelling per cell keeps files canonical */
    uint8_t flags = 0;
    if (*p == 'x') {
        flags |= LW_CELL_FLIP_X;
        p++;
    }
    if (*p == 'y') {
        flags |= LW_CELL_FLIP_Y;
        p++;
    }
    if (*p != ':')
        return false;
    int a = solid_from_letter(p[1]);
    int b = a < 0 ? -1 : solid_from_letter(p[2]);
    if (a < 0 || b < 0 || p[3] != '\0' || tile >= LW_NONE)
        return false;
    cell->tile = (uint16_t)tile;
    cell->flags = flags;
    cell->solid = lw_cell_solid_bits((lw_solidity)a, (lw_solidity)b);
    return true;
}

void editor_cell_format(const lw_cell *cell, char *buf, size_t size)
{
    if (cell->tile == LW_NONE) {
        snprintf(buf, size, ".");
        return;
    }
    snprintf(buf, size, "%u%s%s:%c%c", cell->tile, (cell->flags & LW_CELL_FLIP_X) ? "x" : "",
             (cell->flags & LW_CELL_FLIP_Y) ? "y" : "",
             solid_letters[lw_cell_solidity(cell, LW_PATH_A)],
             solid_letters[lw_cell_solidity(cell, LW_PATH_B)]);
}

/* ======================================================================================== */
/* Paths                                                                                     */
/* ======================================================================================== */

bool editor_path_stays_inside(const char *relative)
{
    if (!relative || !*relative || relative[0] == '/' || relative[0] == '\\')
        return false;
    if (strchr(relative, ':') && relative[1] == ':')
        return false; /* a Windows drive letter */
    int depth = 0;
    const char *p = relative;
    while (*p) {
        const char *end = p;
        while (*end && *end != '/' && *end != '\\')
            end++;
        size_t n = (size_t)(end - p);
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            if (--depth < 0)
                return false;
        } else if (n > 0 && !(n == 1 && p[0] == '.')) {
            depth++;
        }
        p = *end ? end + 1 : end;
    }
    return depth > 0;
}

char *editor_level_resolve_path(const char *level_path, const char *relative)
{
    if (relative[0] == '/') {
        char *copy = malloc(strlen(relative) + 1);
        if (copy)
            strcpy(copy, relative);
        return copy;
    }
    const char *slash = strrchr(level_path, '/');
    size_t dir_len = slash ? (size_t)(slash - level_path) + 1 : 0;
    char *out = malloc(dir_len + strlen(relative) + 1);
    if (!out)
        return NULL;
    memcpy(out, level_path, dir_len);
    strcpy(out + dir_len, relative);
    return out;
}

void editor_format_error(const char *file_name, const lw_error *err, char *buf, size_t size)
{
    char file[1024];
    lw_text_escape(file, sizeof file, file_name); /* the message itself is escaped already */
    if (err->line > 0)
        snprintf(buf, size, "loopwright: %s:%d:%d: %s", file, err->line, err->column, err->message);
    else if (err->offset >= 0)
        snprintf(buf, size, "loopwright: %s: byte %ld: %s", file, err->offset, err->message);
    else
        snprintf(buf, size, "loopwright: %s: %s", file, err->message);
}

/* ======================================================================================== */
/* Loading                                                                                   */
/* ======================================================================================== */

typedef struct ctx {
    const char *text;
    size_t len;
    unsigned flags;
    lw_error *err;
    EditorJsonPath path;
    uint32_t *ids;   /* open-addressing set of the object ids seen (0 = free slot) */
    size_t ids_mask; /* slots - 1, a power of two minus one */
} ctx;

/* Add @id (non-zero) to the set; false when it was there already. Linear in the objects overall
 * (lw_level_find_object per object made 65536 objects cost seconds). */
static bool ids_add(ctx *c, uint32_t id)
{
    size_t h = (size_t)(id * 2654435761u) & c->ids_mask;
    while (c->ids[h]) {
        if (c->ids[h] == id)
            return false;
        h = (h + 1) & c->ids_mask;
    }
    c->ids[h] = id;
    return true;
}

/* Fail with a message prefixed by the current JSON path, positioned at the current value. */
static bool fail(ctx *c, lw_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static bool fail(ctx *c, lw_status code, const char *fmt, ...)
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
        editor_json_locate(c->text, c->len, &c->path, &c->err->line, &c->err->column);
    return false;
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        return "an object";
    case JSON_ARRAY:
        return "an array";
    case JSON_STRING:
        return "a string";
    case JSON_INTEGER:
        return "an integer";
    case JSON_REAL:
        return "a real number";
    case JSON_TRUE:
    case JSON_FALSE:
        return "a boolean";
    case JSON_NULL:
        return "null";
    }
    return "a value";
}

/* Unknown keys are errors: a typo must not be silently ignored. */
static bool check_keys(ctx *c, json_t *obj, const char *const *allowed)
{
    const char *key;
    json_t *value;
    json_object_foreach(obj, key, value)
    {
        bool known = false;
        for (const char *const *a = allowed; *a; a++)
            if (strcmp(*a, key) == 0)
                known = true;
        if (!known) {
            editor_json_path_push_key(&c->path, key);
            bool r = fail(c, LW_ERR_FORMAT, "unknown key \"%s\"", key);
            editor_json_path_pop(&c->path);
            return r;
        }
    }
    return true;
}

/* Fetch a member; a missing required member is an error reported at the parent object. */
static json_t *member(ctx *c, json_t *obj, const char *key, bool required, bool *ok)
{
    json_t *v = json_object_get(obj, key);
    if (!v && required)
        *ok = fail(c, LW_ERR_FORMAT, "missing \"%s\"", key);
    return v;
}

static bool want_type(ctx *c, json_t *v, json_type type, const char *expected)
{
    bool match = json_typeof(v) == type || (type == JSON_TRUE && json_typeof(v) == JSON_FALSE);
    if (!match)
        return fail(c, LW_ERR_FORMAT, "expected %s, found %s", expected, type_name(v));
    return true;
}

static bool read_int_value(ctx *c, json_t *v, long long min, long long max, long long *out)
{
    if (!want_type(c, v, JSON_INTEGER, "an integer"))
        return false;
    long long n = json_integer_value(v);
    if (n < min || n > max)
        return fail(c, LW_ERR_RANGE, "%lld is out of range (%lld..%lld)", n, min, max);
    *out = n;
    return true;
}

/* Member helpers: push the key, read, pop. Missing optional members keep the default. */
static bool get_int(ctx *c, json_t *obj, const char *key, bool required, long long min,
                    long long max, long long *out)
{
    bool ok = true;
    json_t *v = member(c, obj, key, required, &ok);
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    ok = read_int_value(c, v, min, max, out);
    editor_json_path_pop(&c->path);
    return ok;
}

static bool get_bool(ctx *c, json_t *obj, const char *key, bool required, bool *out)
{
    bool ok = true;
    json_t *v = member(c, obj, key, required, &ok);
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    ok = want_type(c, v, JSON_TRUE, "true or false");
    if (ok)
        *out = json_is_true(v);
    editor_json_path_pop(&c->path);
    return ok;
}

/* A string member; @allow_null lets JSON null through as *out = NULL. */
static bool get_string(ctx *c, json_t *obj, const char *key, bool required, bool allow_null,
                       size_t max_len, const char **out)
{
    bool ok = true;
    json_t *v = member(c, obj, key, required, &ok);
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    if (allow_null && json_is_null(v)) {
        *out = NULL;
    } else if ((ok = want_type(c, v, JSON_STRING, allow_null ? "a string or null" : "a string"))) {
        /* jansson already refuses \u0000 (JSON_ALLOW_NUL is not set) */
        if (json_string_length(v) > max_len)
            ok = fail(c, LW_ERR_LIMIT, "string of %zu bytes is over the limit of %zu",
                      json_string_length(v), max_len);
        else
            *out = json_string_value(v);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

/* An array member with a maximum length, checked before anything is allocated for it. */
static bool get_array(ctx *c, json_t *obj, const char *key, bool required, size_t max_len,
                      json_t **out)
{
    bool ok = true;
    json_t *v = member(c, obj, key, required, &ok);
    *out = NULL;
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    if ((ok = want_type(c, v, JSON_ARRAY, "an array"))) {
        if (json_array_size(v) > max_len)
            ok = fail(c, LW_ERR_LIMIT, "%zu entries is over the limit of %zu", json_array_size(v),
                      max_len);
        else
            *out = v;
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

static bool parse_path_letter(const char *s, uint8_t *path)
{
    if (strcmp(s, "A") == 0)
        *path = LW_PATH_A;
    else if (strcmp(s, "B") == 0)
        *path = LW_PATH_B;
    else
        return false;
    return true;
}

/* Short strings (profile names) copied into fixed buffers. */
static bool copy_short(ctx *c, const char *s, char *dst, size_t size, const char *what)
{
    if (strlen(s) >= size)
        return fail(c, LW_ERR_LIMIT, "%s \"%s\" is longer than %zu characters", what, s, size - 1);
    if (s != dst) /* an absent key leaves the default, which already lives in dst */
        memmove(dst, s, strlen(s) + 1);
    return true;
}

/* Fetch the array member @key (at most @max entries) and allocate @elem_size bytes per entry for
 * it (at least one entry, so an empty pool is still a valid pointer). On success the JSON path
 * points at the array (the caller pops it) and *@capacity holds the entry count allocated. */
static void *begin_array(ctx *c, json_t *root, const char *key, size_t max, size_t elem_size,
                         json_t **arr, uint32_t *capacity)
{
    if (!get_array(c, root, key, true, max, arr))
        return NULL;
    editor_json_path_push_key(&c->path, key);
    size_t n = json_array_size(*arr);
    void *p = calloc(n ? n : 1, elem_size);
    if (!p) {
        fail(c, LW_ERR_NOMEM, "out of memory");
        editor_json_path_pop(&c->path);
        return NULL;
    }
    *capacity = (uint32_t)(n ? n : 1);
    return p;
}

static bool load_masks(ctx *c, json_t *root, lw_level *level)
{
    json_t *arr;
    level->masks =
        begin_array(c, root, "masks", LW_MAX_MASKS, sizeof(lw_mask), &arr, &level->mask_capacity);
    if (!level->masks)
        return false;
    bool ok = true;
    size_t n = json_array_size(arr);
    static const char *const keys[] = {"heights", "angle", "flagged", "locked", NULL};
    for (size_t i = 0; ok && i < n; i++) {
        json_t *m = json_array_get(arr, i);
        editor_json_path_push_index(&c->path, (long)i);
        lw_mask mask = {0};
        json_t *heights = NULL;
        long long angle = 0;
        bool flagged = false, locked = false;
        ok = want_type(c, m, JSON_OBJECT, "a mask object") && check_keys(c, m, keys) &&
             get_array(c, m, "heights", true, 16, &heights) &&
             get_int(c, m, "angle", true, 0, 255, &angle) &&
             get_bool(c, m, "flagged", false, &flagged) && get_bool(c, m, "locked", false, &locked);
        if (ok && json_array_size(heights) != 16) {
            editor_json_path_push_key(&c->path, "heights");
            ok = fail(c, LW_ERR_FORMAT, "expected 16 heights, found %zu", json_array_size(heights));
            editor_json_path_pop(&c->path);
        }
        for (size_t k = 0; ok && k < 16; k++) {
            long long h;
            editor_json_path_push_key(&c->path, "heights");
            editor_json_path_push_index(&c->path, (long)k);
            ok = read_int_value(c, json_array_get(heights, k), -16, 16, &h);
            mask.heights[k] = (int8_t)h;
            editor_json_path_pop(&c->path);
            editor_json_path_pop(&c->path);
        }
        if (ok) {
            mask.angle = (uint8_t)angle;
            mask.flags = (uint8_t)((flagged ? LW_MASK_FLAGGED : 0) | (locked ? LW_MASK_LOCKED : 0));
            lw_mask_derive_widths(&mask);
            level->masks[level->mask_count++] = mask;
        }
        editor_json_path_pop(&c->path);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

/* Read an index that may be null (LW_NONE) or an integer below @count. */
static bool get_index(ctx *c, json_t *obj, const char *key, uint32_t count, const char *what,
                      uint16_t *out)
{
    bool ok = true;
    json_t *v = member(c, obj, key, true, &ok);
    if (!v)
        return ok;
    editor_json_path_push_key(&c->path, key);
    if (json_is_null(v)) {
        *out = LW_NONE;
    } else if ((ok = want_type(c, v, JSON_INTEGER, "an integer or null"))) {
        long long n = json_integer_value(v);
        if (n < 0 || n >= (long long)count)
            ok = fail(c, LW_ERR_RANGE, "%s %lld does not exist (%u %ss)", what, n, count, what);
        else
            *out = (uint16_t)n;
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_tiles(ctx *c, json_t *root, lw_level *level)
{
    json_t *arr;
    level->tiles =
        begin_array(c, root, "tiles", LW_MAX_TILES, sizeof(lw_tile), &arr, &level->tile_capacity);
    if (!level->tiles)
        return false;
    size_t n = json_array_size(arr);
    static const char *const keys[] = {"art", "mask_a", "mask_b", "jump_through", NULL};
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        json_t *t = json_array_get(arr, i);
        editor_json_path_push_index(&c->path, (long)i);
        lw_tile tile = {.art = LW_NONE, .mask = {LW_NONE, LW_NONE}, .flags = 0};
        bool jump = false;
        ok = want_type(c, t, JSON_OBJECT, "a tile object") && check_keys(c, t, keys) &&
             get_index(c, t, "art", LW_NONE, "art cell", &tile.art) &&
             get_index(c, t, "mask_a", level->mask_count, "mask", &tile.mask[0]) &&
             get_index(c, t, "mask_b", level->mask_count, "mask", &tile.mask[1]) &&
             get_bool(c, t, "jump_through", false, &jump);
        if (ok) {
            tile.flags = jump ? LW_TILE_JUMP_THROUGH : 0;
            level->tiles[level->tile_count++] = tile;
        }
        editor_json_path_pop(&c->path);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_chunks(ctx *c, json_t *root, lw_level *level)
{
    json_t *arr;
    uint32_t side = level->chunk_cells, per = side * side;
    level->cells = begin_array(c, root, "chunks", LW_MAX_CHUNKS, per * sizeof(lw_cell), &arr,
                               &level->chunk_capacity);
    if (!level->cells)
        return false;
    size_t n = json_array_size(arr);
    static const char *const keys[] = {"rows", NULL};
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        json_t *ch = json_array_get(arr, i);
        editor_json_path_push_index(&c->path, (long)i);
        json_t *rows = NULL;
        ok = want_type(c, ch, JSON_OBJECT, "a chunk object") && check_keys(c, ch, keys) &&
             get_array(c, ch, "rows", true, side, &rows);
        editor_json_path_push_key(&c->path, "rows");
        if (ok && json_array_size(rows) != side)
            ok = fail(c, LW_ERR_FORMAT, "a %u px chunk has %u rows, found %zu", level->chunk_px,
                      side, json_array_size(rows));
        lw_cell *cells = level->cells + i * per;
        for (uint32_t y = 0; ok && y < side; y++) {
            json_t *row = json_array_get(rows, y);
            editor_json_path_push_index(&c->path, (long)y);
            ok = want_type(c, row, JSON_ARRAY, "an array of cells");
            if (ok && json_array_size(row) != side)
                ok = fail(c, LW_ERR_FORMAT, "a row has %u cells, found %zu", side,
                          json_array_size(row));
            for (uint32_t x = 0; ok && x < side; x++) {
                json_t *cell = json_array_get(row, x);
                editor_json_path_push_index(&c->path, (long)x);
                ok = want_type(c, cell, JSON_STRING, "a cell string");
                lw_cell parsed;
                if (ok && !editor_cell_parse(json_string_value(cell), &parsed))
                    ok = fail(c, LW_ERR_FORMAT,
                              "bad cell \"%s\" (expected \".\" or TILE[x][y]:AB with A, B one "
                              "of - t l a)",
                              json_string_value(cell));
                else if (ok && parsed.tile != LW_NONE && parsed.tile >= level->tile_count)
                    ok = fail(c, LW_ERR_RANGE, "tile %u does not exist (%u tiles)", parsed.tile,
                              level->tile_count);
                if (ok)
                    cells[y * side + x] = parsed;
                editor_json_path_pop(&c->path);
            }
            editor_json_path_pop(&c->path);
        }
        editor_json_path_pop(&c->path);
        if (ok)
            level->chunk_count++;
        editor_json_path_pop(&c->path);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_layout_grid(ctx *c, json_t *grid, lw_level *level, uint16_t *dst)
{
    uint32_t w = level->layout_width, h = level->layout_height;
    if (!want_type(c, grid, JSON_ARRAY, "an array of rows"))
        return false;
    if (json_array_size(grid) != h)
        return fail(c, LW_ERR_FORMAT, "expected %u rows (layout height), found %zu", h,
                    json_array_size(grid));
    for (uint32_t y = 0; y < h; y++) {
        json_t *row = json_array_get(grid, y);
        editor_json_path_push_index(&c->path, (long)y);
        bool ok = want_type(c, row, JSON_ARRAY, "an array of chunk ids");
        if (ok && json_array_size(row) != w)
            ok = fail(c, LW_ERR_FORMAT, "expected %u chunk ids (layout width), found %zu", w,
                      json_array_size(row));
        for (uint32_t x = 0; ok && x < w; x++) {
            long long id;
            editor_json_path_push_index(&c->path, (long)x);
            ok = read_int_value(c, json_array_get(row, x), -1, LW_MAX_CHUNKS - 1, &id);
            if (ok && id >= (long long)level->chunk_count)
                ok = fail(c, LW_ERR_RANGE, "chunk %lld does not exist (%u chunks)", id,
                          level->chunk_count);
            if (ok)
                dst[(size_t)y * w + x] = id < 0 ? (uint16_t)LW_NONE : (uint16_t)id;
            editor_json_path_pop(&c->path);
        }
        editor_json_path_pop(&c->path);
        if (!ok)
            return false;
    }
    return true;
}

static bool load_layout(ctx *c, json_t *root, lw_level *level)
{
    bool ok = true;
    json_t *layout = member(c, root, "layout", true, &ok);
    if (!layout)
        return false;
    editor_json_path_push_key(&c->path, "layout");
    static const char *const keys[] = {"width", "height", "foreground", "background", NULL};
    ok = want_type(c, layout, JSON_OBJECT, "an object") && check_keys(c, layout, keys);
    json_t *fg = ok ? member(c, layout, "foreground", true, &ok) : NULL;
    json_t *bg = ok ? json_object_get(layout, "background") : NULL;
    if (ok) {
        editor_json_path_push_key(&c->path, "foreground");
        ok = load_layout_grid(c, fg, level, level->layout[LW_LAYER_FG]);
        editor_json_path_pop(&c->path);
    }
    if (ok && bg && !json_is_null(bg)) {
        if (!lw_level_ensure_background(level)) {
            ok = fail(c, LW_ERR_NOMEM, "out of memory");
        } else {
            editor_json_path_push_key(&c->path, "background");
            ok = load_layout_grid(c, bg, level, level->layout[LW_LAYER_BG]);
            editor_json_path_pop(&c->path);
        }
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_pair(ctx *c, json_t *obj, const char *key, const char *a, const char *b,
                      uint8_t out[2])
{
    json_t *arr;
    if (!get_array(c, obj, key, true, 2, &arr))
        return false;
    editor_json_path_push_key(&c->path, key);
    bool ok = true;
    if (json_array_size(arr) != 2)
        ok = fail(c, LW_ERR_FORMAT, "expected two values (left/above side, right/below side)");
    for (size_t i = 0; ok && i < 2; i++) {
        json_t *v = json_array_get(arr, i);
        editor_json_path_push_index(&c->path, (long)i);
        ok = want_type(c, v, JSON_STRING, "a string");
        if (ok) {
            const char *s = json_string_value(v);
            if (strcmp(s, a) == 0)
                out[i] = 0;
            else if (strcmp(s, b) == 0)
                out[i] = 1;
            else
                ok = fail(c, LW_ERR_RANGE, "\"%s\" is not \"%s\" or \"%s\"", s, a, b);
        }
        editor_json_path_pop(&c->path);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_player_start(ctx *c, json_t *o, lw_object *obj)
{
    static const char *const keys[] = {"id", "type", "x", "y", "facing", NULL};
    const char *facing = "right";
    bool ok = check_keys(c, o, keys) && get_string(c, o, "facing", false, false, 16, &facing);
    if (ok && strcmp(facing, "left") != 0 && strcmp(facing, "right") != 0) {
        editor_json_path_push_key(&c->path, "facing");
        ok = fail(c, LW_ERR_RANGE, "facing must be \"left\" or \"right\"");
        editor_json_path_pop(&c->path);
    }
    obj->type = LW_OBJECT_PLAYER_START;
    obj->facing_left = ok && strcmp(facing, "left") == 0;
    return ok;
}

static bool load_path_swapper(ctx *c, json_t *o, lw_object *obj)
{
    static const char *const keys[] = {"id",
                                       "type",
                                       "x",
                                       "y",
                                       "orientation",
                                       "radius",
                                       "paths",
                                       "priority",
                                       "grounded_only",
                                       "priority_only",
                                       NULL};
    const char *orient = NULL;
    long long radius = 0;
    obj->type = LW_OBJECT_PATH_SWAPPER;
    bool ok = check_keys(c, o, keys) && get_string(c, o, "orientation", true, false, 16, &orient) &&
              get_int(c, o, "radius", true, 32, 256, &radius) &&
              load_pair(c, o, "paths", "A", "B", obj->swapper.path) &&
              load_pair(c, o, "priority", "low", "high", obj->swapper.priority) &&
              get_bool(c, o, "grounded_only", false, &obj->swapper.grounded_only) &&
              get_bool(c, o, "priority_only", false, &obj->swapper.priority_only);
    if (ok && strcmp(orient, "vertical") != 0 && strcmp(orient, "horizontal") != 0) {
        editor_json_path_push_key(&c->path, "orientation");
        ok = fail(c, LW_ERR_RANGE, "orientation must be \"vertical\" or \"horizontal\"");
        editor_json_path_pop(&c->path);
    }
    if (ok && radius != 32 && radius != 64 && radius != 128 && radius != 256) {
        editor_json_path_push_key(&c->path, "radius");
        ok = fail(c, LW_ERR_RANGE, "radius %lld is not 32, 64, 128 or 256", radius);
        editor_json_path_pop(&c->path);
    }
    if (ok) {
        obj->swapper.horizontal = strcmp(orient, "horizontal") == 0;
        obj->swapper.radius = (uint16_t)radius;
    }
    return ok;
}

/* A marker's "properties": an object of strings, set on the stored marker in file order. */
static bool load_marker_properties(ctx *c, json_t *props, lw_object *stored)
{
    editor_json_path_push_key(&c->path, "properties");
    bool ok = want_type(c, props, JSON_OBJECT, "an object of strings");
    if (ok && json_object_size(props) > LW_MAX_PROPERTIES)
        ok = fail(c, LW_ERR_LIMIT, "%zu properties is over the limit of %d",
                  json_object_size(props), LW_MAX_PROPERTIES);
    const char *key;
    json_t *value;
    if (ok) {
        json_object_foreach(props, key, value)
        {
            editor_json_path_push_key(&c->path, key);
            ok = want_type(c, value, JSON_STRING, "a string");
            if (ok && (!*key || strlen(key) > 64))
                ok = fail(c, LW_ERR_FORMAT, "property names are 1..64 characters");
            if (ok && json_string_length(value) > LW_MAX_STRING)
                ok = fail(c, LW_ERR_LIMIT, "value over %d bytes", LW_MAX_STRING);
            if (ok && !lw_object_set_property(stored, key, json_string_value(value)))
                ok = fail(c, LW_ERR_NOMEM, "out of memory");
            editor_json_path_pop(&c->path);
            if (!ok)
                break;
        }
    }
    editor_json_path_pop(&c->path);
    return ok;
}

/* A marker is added to @level here (its properties are set on the stored copy). */
static bool load_marker(ctx *c, json_t *o, lw_object *obj, lw_level *level)
{
    static const char *const keys[] = {"id", "type", "x", "y", "name", "properties", NULL};
    const char *name = NULL;
    obj->type = LW_OBJECT_MARKER;
    bool ok = check_keys(c, o, keys) && get_string(c, o, "name", true, false, 64, &name);
    if (ok && !*name) {
        editor_json_path_push_key(&c->path, "name");
        ok = fail(c, LW_ERR_FORMAT, "a marker needs a non-empty name");
        editor_json_path_pop(&c->path);
    }
    if (!ok)
        return false;
    json_t *props = json_object_get(o, "properties");
    obj->name = (char *)name; /* copied by lw_level_add_object */
    lw_object *stored = lw_level_add_object(level, obj);
    obj->name = NULL;
    if (!stored)
        return fail(c, LW_ERR_NOMEM, "out of memory");
    return !props || load_marker_properties(c, props, stored);
}

static bool load_object(ctx *c, json_t *o, lw_level *level)
{
    if (!want_type(c, o, JSON_OBJECT, "an object"))
        return false;
    const char *type = NULL;
    long long id = 0, x = 0, y = 0;
    bool ok = get_string(c, o, "type", true, false, 64, &type) &&
              get_int(c, o, "id", true, 1, UINT32_MAX, &id) &&
              get_int(c, o, "x", true, LW_MIN_OBJECT_X, LW_MAX_OBJECT_X, &x) &&
              get_int(c, o, "y", true, LW_MIN_OBJECT_Y, LW_MAX_OBJECT_Y, &y);
    if (!ok)
        return false;
    lw_object obj = {.id = (uint32_t)id, .x = (int32_t)x, .y = (int32_t)y};
    if (c->ids ? !ids_add(c, obj.id) : lw_level_find_object(level, obj.id) != NULL) {
        editor_json_path_push_key(&c->path, "id");
        fail(c, LW_ERR_RANGE, "object id %u is used twice", obj.id);
        editor_json_path_pop(&c->path);
        return false;
    }
    if (strcmp(type, "player_start") == 0) {
        ok = load_player_start(c, o, &obj);
    } else if (strcmp(type, "path_swapper") == 0) {
        ok = load_path_swapper(c, o, &obj);
    } else if (strcmp(type, "marker") == 0) {
        return load_marker(c, o, &obj, level);
    } else {
        editor_json_path_push_key(&c->path, "type");
        fail(c, LW_ERR_RANGE,
             "unknown object type \"%s\" (expected player_start, path_swapper or marker)", type);
        editor_json_path_pop(&c->path);
        return false;
    }
    if (ok && !lw_level_add_object(level, &obj))
        return fail(c, LW_ERR_NOMEM, "out of memory");
    return ok;
}

static bool load_objects(ctx *c, json_t *root, lw_level *level)
{
    json_t *arr;
    if (!get_array(c, root, "objects", true, LW_MAX_OBJECTS, &arr))
        return false;
    editor_json_path_push_key(&c->path, "objects");
    bool ok = true;
    level->objects = calloc(json_array_size(arr) + 1, sizeof(lw_object));
    level->object_capacity = (uint32_t)json_array_size(arr) + 1;
    if (!level->objects)
        ok = fail(c, LW_ERR_NOMEM, "out of memory");
    size_t slots = 64;
    while (slots < 2 * json_array_size(arr))
        slots *= 2;
    c->ids = calloc(slots, sizeof *c->ids); /* NULL: the slower search below still works */
    c->ids_mask = slots - 1;
    for (size_t i = 0; ok && i < json_array_size(arr); i++) {
        editor_json_path_push_index(&c->path, (long)i);
        ok = load_object(c, json_array_get(arr, i), level);
        editor_json_path_pop(&c->path);
    }
    free(c->ids);
    c->ids = NULL;
    editor_json_path_pop(&c->path);
    return ok;
}

static bool parse_hash(const char *s, uint64_t *out)
{
    if (strlen(s) != 16)
        return false;
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        char ch = s[i];
        int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
        if (d < 0)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return true;
}

static bool load_replay(ctx *c, json_t *r, lw_level *level)
{
    static const char *const keys[] = {"name",   "start",  "profile", "character",
                                       "frames", "script", "expect",  NULL};
    lw_replay rep = {0};
    const char *name = NULL, *script = NULL, *profile = "", *character = "";
    long long frames = 0;
    bool ok = want_type(c, r, JSON_OBJECT, "a replay object") && check_keys(c, r, keys) &&
              get_string(c, r, "name", true, false, 256, &name) &&
              get_string(c, r, "script", true, false, LW_MAX_SCRIPT, &script) &&
              get_string(c, r, "profile", false, false, 15, &profile) &&
              get_string(c, r, "character", false, false, 15, &character) &&
              get_int(c, r, "frames", true, 0, LW_MAX_REPLAY_FRAMES, &frames);
    if (!ok)
        return false;
    json_t *start = json_object_get(r, "start");
    if (start && !json_is_null(start)) {
        editor_json_path_push_key(&c->path, "start");
        ok = want_type(c, start, JSON_ARRAY, "[x, y] or null");
        if (ok && json_array_size(start) != 2)
            ok = fail(c, LW_ERR_FORMAT, "expected [x, y]");
        long long sx = 0, sy = 0;
        if (ok) {
            editor_json_path_push_index(&c->path, 0);
            ok = read_int_value(c, json_array_get(start, 0), 0, LW_MAX_START_X, &sx);
            editor_json_path_pop(&c->path);
        }
        if (ok) {
            editor_json_path_push_index(&c->path, 1);
            ok = read_int_value(c, json_array_get(start, 1), 0, LW_MAX_START_Y, &sy);
            editor_json_path_pop(&c->path);
        }
        editor_json_path_pop(&c->path);
        rep.has_start = true;
        rep.start_x = (int32_t)sx;
        rep.start_y = (int32_t)sy;
    }
    json_t *expect = ok ? json_object_get(r, "expect") : NULL;
    if (expect && !json_is_null(expect)) {
        static const char *const ekeys[] = {"hash", "x", "y", "path", "air", NULL};
        const char *hash = NULL, *path = NULL;
        long long ex = 0, ey = 0;
        editor_json_path_push_key(&c->path, "expect");
        ok = want_type(c, expect, JSON_OBJECT, "an object or null") &&
             check_keys(c, expect, ekeys) &&
             get_string(c, expect, "hash", true, false, 16, &hash) &&
             get_int(c, expect, "x", true, LW_MIN_OBJECT_X, LW_MAX_OBJECT_X, &ex) &&
             get_int(c, expect, "y", true, LW_MIN_OBJECT_Y, LW_MAX_OBJECT_Y, &ey) &&
             get_string(c, expect, "path", true, false, 1, &path) &&
             get_bool(c, expect, "air", true, &rep.expect_air);
        if (ok && !parse_hash(hash, &rep.expect_hash)) {
            editor_json_path_push_key(&c->path, "hash");
            ok = fail(c, LW_ERR_FORMAT, "expected 16 lower-case hex digits");
            editor_json_path_pop(&c->path);
        }
        if (ok && !parse_path_letter(path, &rep.expect_path)) {
            editor_json_path_push_key(&c->path, "path");
            ok = fail(c, LW_ERR_RANGE, "path must be \"A\" or \"B\"");
            editor_json_path_pop(&c->path);
        }
        rep.has_expect = ok;
        rep.expect_x = (int32_t)ex;
        rep.expect_y = (int32_t)ey;
        editor_json_path_pop(&c->path);
    }
    if (!ok)
        return false;
    rep.name = (char *)name;
    rep.script = (char *)script;
    rep.frames = (uint32_t)frames;
    strcpy(rep.profile, profile);
    strcpy(rep.character, character);
    if (!lw_level_add_replay(level, &rep))
        return fail(c, LW_ERR_NOMEM, "out of memory");
    return true;
}

static bool load_physics(ctx *c, json_t *root, lw_level *level)
{
    bool ok = true;
    json_t *phys = member(c, root, "physics", false, &ok);
    if (!phys)
        return ok;
    editor_json_path_push_key(&c->path, "physics");
    static const char *const keys[] = {"profile", "character", "overrides", NULL};
    const char *profile = level->profile, *character = level->character;
    ok = want_type(c, phys, JSON_OBJECT, "an object") && check_keys(c, phys, keys) &&
         get_string(c, phys, "profile", false, false, 64, &profile) &&
         get_string(c, phys, "character", false, false, 64, &character);
    if (ok) {
        editor_json_path_push_key(&c->path, "profile");
        ok = copy_short(c, profile, level->profile, sizeof level->profile, "profile");
        editor_json_path_pop(&c->path);
    }
    if (ok) {
        editor_json_path_push_key(&c->path, "character");
        ok = copy_short(c, character, level->character, sizeof level->character, "character");
        editor_json_path_pop(&c->path);
    }
    json_t *ov = ok ? json_object_get(phys, "overrides") : NULL;
    if (ov) {
        editor_json_path_push_key(&c->path, "overrides");
        ok = want_type(c, ov, JSON_OBJECT, "an object of integers");
        if (ok && json_object_size(ov) > LW_MAX_OVERRIDES)
            ok = fail(c, LW_ERR_LIMIT, "%zu overrides is over the limit of %d",
                      json_object_size(ov), LW_MAX_OVERRIDES);
        const char *key;
        json_t *value;
        if (ok) {
            json_object_foreach(ov, key, value)
            {
                long long v;
                editor_json_path_push_key(&c->path, key);
                ok = read_int_value(c, value, INT32_MIN, INT32_MAX, &v);
                if (ok && !lw_level_set_override(level, key, (int32_t)v))
                    ok = fail(c, LW_ERR_LIMIT, "constant names are at most 31 characters");
                editor_json_path_pop(&c->path);
                if (!ok)
                    break;
            }
        }
        editor_json_path_pop(&c->path);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

/* `player_sprites` (docs/LEVEL-JSON.md): a PNG path with the tileset's rules. */
static bool read_player_sprites(ctx *c, json_t *root, lw_level *level)
{
    const char *sheet = NULL;
    if (!get_string(c, root, "player_sprites", false, true, 1024, &sheet))
        return false;
    if (!sheet)
        return true;
    bool ok = true;
    editor_json_path_push_key(&c->path, "player_sprites");
    if (!(c->flags & EDITOR_LOAD_ALLOW_OUTSIDE_PATHS) && !editor_path_stays_inside(sheet))
        ok = fail(c, LW_ERR_PATH,
                  "sprite sheet path \"%s\" leaves the level's folder "
                  "(pass --allow-outside-paths to accept it)",
                  sheet);
    else if (!lw_level_set_string(&level->player_sprites, sheet))
        ok = fail(c, LW_ERR_NOMEM, "out of memory");
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_root(ctx *c, json_t *root, lw_level **out)
{
    if (!want_type(c, root, JSON_OBJECT, "a level object"))
        return false;
    const char *format = NULL;
    bool ok = get_string(c, root, "format", true, false, 64, &format);
    if (!ok)
        return false;
    if (strcmp(format, EDITOR_LEVEL_FORMAT) != 0) {
        editor_json_path_push_key(&c->path, "format");
        fail(c, LW_ERR_FORMAT, "unknown format \"%s\" (expected \"%s\")", format,
             EDITOR_LEVEL_FORMAT);
        editor_json_path_pop(&c->path);
        return false;
    }
    long long version = 0;
    if (!get_int(c, root, "version", true, 0, INT32_MAX, &version))
        return false;
    if (version != EDITOR_LEVEL_VERSION) {
        editor_json_path_push_key(&c->path, "version");
        fail(c, LW_ERR_VERSION,
             version > EDITOR_LEVEL_VERSION
                 ? "version %lld is newer than this Loopwright reads (%d); update Loopwright"
                 : "version %lld is not supported (this Loopwright reads version %d)",
             version, EDITOR_LEVEL_VERSION);
        editor_json_path_pop(&c->path);
        return false;
    }
    static const char *const keys[] = {
        "format",  "version", "name",           "chunk_size", "tileset", "background_color",
        "physics", "masks",   "tiles",          "chunks",     "layout",  "objects",
        "replays", "source",  "player_sprites", NULL};
    if (!check_keys(c, root, keys))
        return false;
    json_t *source = json_object_get(root, "source");
    if (source && !json_is_object(source)) {
        editor_json_path_push_key(&c->path, "source");
        fail(c, LW_ERR_FORMAT, "expected an object (where a disassembly level came from)");
        editor_json_path_pop(&c->path);
        return false;
    }

    long long chunk_px = 0, lw = 0, lh = 0;
    if (!get_int(c, root, "chunk_size", true, 128, 256, &chunk_px))
        return false;
    if (chunk_px != 128 && chunk_px != 256) {
        editor_json_path_push_key(&c->path, "chunk_size");
        fail(c, LW_ERR_RANGE, "chunk size must be 128 or 256, found %lld", chunk_px);
        editor_json_path_pop(&c->path);
        return false;
    }
    /* The layout size is checked against the limits before anything is allocated. */
    json_t *layout = json_object_get(root, "layout");
    if (!layout)
        return fail(c, LW_ERR_FORMAT, "missing \"layout\"");
    editor_json_path_push_key(&c->path, "layout");
    ok = want_type(c, layout, JSON_OBJECT, "an object") &&
         get_int(c, layout, "width", true, 1, LW_MAX_LEVEL_W_PX / chunk_px, &lw) &&
         get_int(c, layout, "height", true, 1, LW_MAX_LEVEL_H_PX / chunk_px, &lh);
    if (ok && lw * lh > LW_MAX_LAYOUT_CELLS)
        ok = fail(c, LW_ERR_LIMIT, "layout %lldx%lld is over %d chunks", lw, lh,
                  LW_MAX_LAYOUT_CELLS);
    editor_json_path_pop(&c->path);
    if (!ok)
        return false;

    lw_level *level = lw_level_new((uint16_t)chunk_px, (uint16_t)lw, (uint16_t)lh, c->err);
    if (!level)
        return false;

    const char *name = "", *tileset = NULL, *color = "#000000";
    ok = get_string(c, root, "name", false, false, 256, &name) &&
         get_string(c, root, "tileset", false, true, 1024, &tileset) &&
         get_string(c, root, "background_color", false, false, 16, &color);
    if (ok && !lw_level_set_string(&level->name, name))
        ok = fail(c, LW_ERR_NOMEM, "out of memory");
    if (ok && tileset) {
        editor_json_path_push_key(&c->path, "tileset");
        if (!(c->flags & EDITOR_LOAD_ALLOW_OUTSIDE_PATHS) && !editor_path_stays_inside(tileset))
            ok = fail(c, LW_ERR_PATH,
                      "tileset path \"%s\" leaves the level's folder "
                      "(pass --allow-outside-paths to accept it)",
                      tileset);
        else if (!lw_level_set_string(&level->tileset, tileset))
            ok = fail(c, LW_ERR_NOMEM, "out of memory");
        editor_json_path_pop(&c->path);
    }
    if (ok)
        ok = read_player_sprites(c, root, level);
    if (ok && !parse_color(color, &level->background_rgb)) {
        editor_json_path_push_key(&c->path, "background_color");
        ok = fail(c, LW_ERR_FORMAT, "expected a colour \"#rrggbb\", found \"%s\"", color);
        editor_json_path_pop(&c->path);
    }
    ok = ok && load_physics(c, root, level) && load_masks(c, root, level) &&
         load_tiles(c, root, level) && load_chunks(c, root, level) && load_layout(c, root, level) &&
         load_objects(c, root, level);
    json_t *replays = NULL;
    if (ok)
        ok = get_array(c, root, "replays", false, LW_MAX_REPLAYS, &replays);
    for (size_t i = 0; ok && replays && i < json_array_size(replays); i++) {
        editor_json_path_push_key(&c->path, "replays");
        editor_json_path_push_index(&c->path, (long)i);
        ok = load_replay(c, json_array_get(replays, i), level);
        editor_json_path_pop(&c->path);
        editor_json_path_pop(&c->path);
    }
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
        return false; /* over a limit: refused before jansson allocates anything */
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        lw_error_set(err, LW_ERR_FORMAT, "invalid JSON: %s", jerr.text);
        if (err) {
            err->line = jerr.line > 0 ? jerr.line : 1;
            err->column = jerr.column > 0 ? jerr.column : 1;
        }
        return false;
    }
    ctx c = {.text = text, .len = len, .flags = flags, .err = err};
    bool ok = load_root(&c, root, out);
    json_decref(root);
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
        (((*out)->tileset && !editor_path_real_inside(path, (*out)->tileset, err)) ||
         ((*out)->player_sprites && !editor_path_real_inside(path, (*out)->player_sprites, err)))) {
        lw_level_free(*out);
        *out = NULL;
        return false;
    }
    return ok;
}

bool editor_level_check_art(const lw_level *level, const char *level_path, uint32_t *cells,
                            lw_error *err)
{
    if (cells)
        *cells = 0;
    if (!level->tileset)
        return true;
    char *png = editor_level_resolve_path(level_path, level->tileset);
    if (!png)
        return lw_error_set(err, LW_ERR_NOMEM, NULL);
    uint32_t w = 0, h = 0;
    lw_error perr;
    bool ok = lwm_png_read_size(png, &w, &h, &perr);
    if (!ok)
        lw_error_set(err, perr.code, "tileset \"%s\": %s", level->tileset, perr.message);
    else if (w % LW_TILE_PX || h % LW_TILE_PX)
        ok = lw_error_set(err, LW_ERR_FORMAT,
                          "tileset \"%s\" is %ux%u px; both sides must be multiples of 16",
                          level->tileset, w, h);
    free(png);
    if (!ok)
        return false;
    uint32_t n = (w / LW_TILE_PX) * (h / LW_TILE_PX);
    for (uint32_t t = 0; t < level->tile_count; t++) {
        uint16_t art = level->tiles[t].art;
        if (art != LW_NONE && art >= n)
            return lw_error_set(err, LW_ERR_RANGE,
                                "tiles[%u].art: art cell %u is outside the tileset (%u cells)", t,
                                art, n);
    }
    if (cells)
        *cells = n;
    return true;
}

/* ======================================================================================== */
/* Saving                                                                                    */
/* ======================================================================================== */

static json_t *int_array(const int8_t *v, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

static json_t *index_or_null(uint16_t v)
{
    return v == LW_NONE ? json_null() : json_integer(v);
}

static json_t *layout_json(const lw_level *level, const uint16_t *grid)
{
    json_t *rows = json_array();
    for (uint32_t y = 0; y < level->layout_height; y++) {
        json_t *row = json_array();
        for (uint32_t x = 0; x < level->layout_width; x++) {
            uint16_t id = grid[(size_t)y * level->layout_width + x];
            json_array_append_new(row, json_integer(id == LW_NONE ? -1 : id));
        }
        json_array_append_new(rows, row);
    }
    return rows;
}

static json_t *pair_json(const uint8_t v[2], const char *a, const char *b)
{
    return json_pack("[ss]", v[0] ? b : a, v[1] ? b : a);
}

static json_t *object_json(const lw_object *o)
{
    json_t *j = json_object();
    json_object_set_new(j, "id", json_integer(o->id));
    switch (o->type) {
    case LW_OBJECT_PLAYER_START:
        json_object_set_new(j, "type", json_string("player_start"));
        json_object_set_new(j, "x", json_integer(o->x));
        json_object_set_new(j, "y", json_integer(o->y));
        json_object_set_new(j, "facing", json_string(o->facing_left ? "left" : "right"));
        break;
    case LW_OBJECT_PATH_SWAPPER:
        json_object_set_new(j, "type", json_string("path_swapper"));
        json_object_set_new(j, "x", json_integer(o->x));
        json_object_set_new(j, "y", json_integer(o->y));
        json_object_set_new(j, "orientation",
                            json_string(o->swapper.horizontal ? "horizontal" : "vertical"));
        json_object_set_new(j, "radius", json_integer(o->swapper.radius));
        json_object_set_new(j, "paths", pair_json(o->swapper.path, "A", "B"));
        json_object_set_new(j, "priority", pair_json(o->swapper.priority, "low", "high"));
        json_object_set_new(j, "grounded_only", json_boolean(o->swapper.grounded_only));
        json_object_set_new(j, "priority_only", json_boolean(o->swapper.priority_only));
        break;
    case LW_OBJECT_MARKER: {
        json_object_set_new(j, "type", json_string("marker"));
        json_object_set_new(j, "x", json_integer(o->x));
        json_object_set_new(j, "y", json_integer(o->y));
        json_object_set_new(j, "name", json_string(o->name ? o->name : "marker"));
        json_t *props = json_object();
        for (uint32_t i = 0; i < o->prop_count; i++)
            json_object_set_new(props, o->props[i].key, json_string(o->props[i].value));
        json_object_set_new(j, "properties", props);
        break;
    }
    }
    return j;
}

static json_t *level_json(const lw_level *level)
{
    json_t *root = json_object();
    json_object_set_new(root, "format", json_string(EDITOR_LEVEL_FORMAT));
    json_object_set_new(root, "version", json_integer(EDITOR_LEVEL_VERSION));
    json_object_set_new(root, "name", json_string(level->name ? level->name : ""));
    json_object_set_new(root, "chunk_size", json_integer(level->chunk_px));
    json_object_set_new(root, "tileset",
                        level->tileset ? json_string(level->tileset) : json_null());
    if (level->player_sprites) /* optional: absent keeps older files byte for byte */
        json_object_set_new(root, "player_sprites", json_string(level->player_sprites));
    char color[8];
    snprintf(color, sizeof color, "#%06x", level->background_rgb & 0xFFFFFFu);
    json_object_set_new(root, "background_color", json_string(color));

    json_t *phys = json_object();
    json_object_set_new(phys, "profile", json_string(level->profile));
    json_object_set_new(phys, "character", json_string(level->character));
    json_t *ov = json_object();
    for (uint32_t i = 0; i < level->override_count; i++)
        json_object_set_new(ov, level->overrides[i].name, json_integer(level->overrides[i].value));
    json_object_set_new(phys, "overrides", ov);
    json_object_set_new(root, "physics", phys);

    json_t *masks = json_array();
    for (uint32_t i = 0; i < level->mask_count; i++) {
        const lw_mask *m = &level->masks[i];
        json_t *j = json_object();
        json_object_set_new(j, "heights", int_array(m->heights, 16));
        json_object_set_new(j, "angle", json_integer(m->angle));
        json_object_set_new(j, "flagged", json_boolean(m->flags & LW_MASK_FLAGGED));
        json_object_set_new(j, "locked", json_boolean(m->flags & LW_MASK_LOCKED));
        json_array_append_new(masks, j);
    }
    json_object_set_new(root, "masks", masks);

    json_t *tiles = json_array();
    for (uint32_t i = 0; i < level->tile_count; i++) {
        const lw_tile *t = &level->tiles[i];
        json_t *j = json_object();
        json_object_set_new(j, "art", index_or_null(t->art));
        json_object_set_new(j, "mask_a", index_or_null(t->mask[0]));
        json_object_set_new(j, "mask_b", index_or_null(t->mask[1]));
        json_object_set_new(j, "jump_through", json_boolean(t->flags & LW_TILE_JUMP_THROUGH));
        json_array_append_new(tiles, j);
    }
    json_object_set_new(root, "tiles", tiles);

    json_t *chunks = json_array();
    uint32_t side = level->chunk_cells;
    for (uint32_t c = 0; c < level->chunk_count; c++) {
        const lw_cell *cells = lw_level_chunk_cells(level, c);
        json_t *rows = json_array();
        for (uint32_t y = 0; y < side; y++) {
            json_t *row = json_array();
            for (uint32_t x = 0; x < side; x++) {
                char tok[24];
                editor_cell_format(&cells[y * side + x], tok, sizeof tok);
                json_array_append_new(row, json_string(tok));
            }
            json_array_append_new(rows, row);
        }
        json_t *j = json_object();
        json_object_set_new(j, "rows", rows);
        json_array_append_new(chunks, j);
    }
    json_object_set_new(root, "chunks", chunks);

    json_t *layout = json_object();
    json_object_set_new(layout, "width", json_integer(level->layout_width));
    json_object_set_new(layout, "height", json_integer(level->layout_height));
    json_object_set_new(layout, "foreground", layout_json(level, level->layout[LW_LAYER_FG]));
    json_object_set_new(layout, "background",
                        level->layout[LW_LAYER_BG] ? layout_json(level, level->layout[LW_LAYER_BG])
                                                   : json_null());
    json_object_set_new(root, "layout", layout);

    json_t *objects = json_array();
    for (uint32_t i = 0; i < level->object_count; i++)
        json_array_append_new(objects, object_json(&level->objects[i]));
    json_object_set_new(root, "objects", objects);

    json_t *replays = json_array();
    for (uint32_t i = 0; i < level->replay_count; i++) {
        const lw_replay *r = &level->replays[i];
        json_t *j = json_object();
        json_object_set_new(j, "name", json_string(r->name ? r->name : ""));
        json_object_set_new(j, "start",
                            r->has_start ? json_pack("[ii]", r->start_x, r->start_y) : json_null());
        json_object_set_new(j, "profile", json_string(r->profile));
        json_object_set_new(j, "character", json_string(r->character));
        json_object_set_new(j, "frames", json_integer(r->frames));
        json_object_set_new(j, "script", json_string(r->script ? r->script : ""));
        if (r->has_expect) {
            char hash[17];
            snprintf(hash, sizeof hash, "%016llx", (unsigned long long)r->expect_hash);
            json_object_set_new(j, "expect",
                                json_pack("{ss si si ss sb}", "hash", hash, "x", r->expect_x, "y",
                                          r->expect_y, "path", r->expect_path ? "B" : "A", "air",
                                          r->expect_air));
        } else {
            json_object_set_new(j, "expect", json_null());
        }
        json_array_append_new(replays, j);
    }
    json_object_set_new(root, "replays", replays);
    return root;
}

/* ---- a small pretty-printer with a fixed layout ----
 * jansson's own indentation puts every array element on its own line, which would make a chunk
 * 64 lines long. The layout here: scalars, containers of scalars, and objects whose members are
 * scalars or containers of scalars go on one line ("flat"); everything else is indented by two
 * spaces per level. Keys keep insertion order, which the saver fixes. */

typedef struct outbuf {
    char *data;
    size_t len, cap;
    bool failed;
} outbuf;

static void out_bytes(outbuf *o, const char *s, size_t n)
{
    if (o->failed)
        return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 4096;
        while (cap < o->len + n + 1)
            cap *= 2;
        char *p = realloc(o->data, cap);
        if (!p) {
            o->failed = true;
            return;
        }
        o->data = p;
        o->cap = cap;
    }
    memcpy(o->data + o->len, s, n);
    o->len += n;
    o->data[o->len] = '\0';
}

static void out_str(outbuf *o, const char *s)
{
    out_bytes(o, s, strlen(s));
}

static void out_indent(outbuf *o, int depth)
{
    for (int i = 0; i < depth; i++)
        out_bytes(o, "  ", 2);
}

static bool is_scalar(const json_t *v)
{
    return !json_is_object(v) && !json_is_array(v);
}

/* A scalar, or an array or object whose members are all scalars. */
static bool holds_only_scalars(const json_t *v)
{
    if (is_scalar(v))
        return true;
    if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++)
            if (!is_scalar(json_array_get(v, i)))
                return false;
        return true;
    }
    const char *k;
    json_t *m;
    json_object_foreach((json_t *)v, k, m)
    {
        if (!is_scalar(m))
            return false;
    }
    return true;
}

/* Written on one line: holds only scalars, or is an object whose members each do. */
static bool prints_on_one_line(const json_t *v)
{
    if (holds_only_scalars(v))
        return true;
    if (!json_is_object(v))
        return false;
    const char *k;
    json_t *m;
    json_object_foreach((json_t *)v, k, m)
    {
        if (!holds_only_scalars(m))
            return false;
    }
    return true;
}

static void out_scalar(outbuf *o, const json_t *v)
{
    char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
    if (!s) {
        o->failed = true;
        return;
    }
    out_str(o, s);
    free(s);
}

static void out_key(outbuf *o, const char *key)
{
    json_t *k = json_string(key);
    out_scalar(o, k);
    json_decref(k);
    out_bytes(o, ": ", 2);
}

static void out_value(outbuf *o, const json_t *v, int depth)
{
    if (is_scalar(v)) {
        out_scalar(o, v);
        return;
    }
    bool obj = json_is_object(v);
    size_t n = obj ? json_object_size(v) : json_array_size(v);
    if (n == 0) {
        out_str(o, obj ? "{}" : "[]");
        return;
    }
    bool flat = prints_on_one_line(v);
    out_str(o, obj ? "{" : "[");
    size_t i = 0;
    if (obj) {
        const char *k;
        json_t *m;
        json_object_foreach((json_t *)v, k, m)
        {
            if (flat) {
                if (i)
                    out_str(o, ", ");
            } else {
                out_str(o, i ? ",\n" : "\n");
                out_indent(o, depth + 1);
            }
            out_key(o, k);
            out_value(o, m, depth + 1);
            i++;
        }
    } else {
        for (i = 0; i < n; i++) {
            if (flat) {
                if (i)
                    out_str(o, ", ");
            } else {
                out_str(o, i ? ",\n" : "\n");
                out_indent(o, depth + 1);
            }
            out_value(o, json_array_get(v, i), depth + 1);
        }
    }
    if (!flat) {
        out_str(o, "\n");
        out_indent(o, depth);
    }
    out_str(o, obj ? "}" : "]");
}

char *editor_level_to_json(const lw_level *level, size_t *len)
{
    return editor_level_to_json_source(level, NULL, len);
}

static char *source_of_existing(const char *path);

bool editor_level_save_file(const char *path, const lw_level *level, lw_error *err)
{
    size_t len;
    char *source = source_of_existing(path); /* a level from a disassembly tree keeps it */
    char *text = source ? editor_level_to_json_source(level, source, &len)
                        : editor_level_to_json(level, &len);
    free(source);
    if (!text)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory while saving");
    bool ok = lwm_file_write_atomic(path, text, len, ".bak", err);
    free(text);
    return ok;
}

/* ---- the `source` section (docs/DISASM.md §8): kept as JSON, read by its users ---- */

char *editor_level_to_json_source(const lw_level *level, const char *source_json, size_t *len)
{
    json_t *root = level_json(level);
    if (!root)
        return NULL;
    if (source_json) {
        json_t *src = json_loads(source_json, JSON_REJECT_DUPLICATES, NULL);
        if (!src || !json_is_object(src) || json_object_set_new(root, "source", src) != 0) {
            json_decref(root);
            return NULL;
        }
    }
    outbuf o = {0};
    out_value(&o, root, 0);
    out_str(&o, "\n");
    json_decref(root);
    if (o.failed) {
        free(o.data);
        return NULL;
    }
    if (len)
        *len = o.len;
    return o.data;
}

bool editor_level_source_text(const char *text, size_t len, char **source_json, lw_error *err)
{
    *source_json = NULL;
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return lw_error_set(err, LW_ERR_FORMAT, "invalid JSON: %s", jerr.text);
    json_t *src = json_is_object(root) ? json_object_get(root, "source") : NULL;
    bool ok = true;
    if (src) {
        *source_json = json_dumps(src, JSON_COMPACT | JSON_PRESERVE_ORDER);
        ok = *source_json || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    json_decref(root);
    return ok;
}

/* The `source` section of the level file at @path, if it exists and has one (else NULL). */
static char *source_of_existing(const char *path)
{
    char *text, *source = NULL;
    size_t len;
    if (!lwm_read_file(path, EDITOR_LEVEL_MAX_FILE_BYTES, &text, &len, NULL))
        return NULL;
    static const char key[] = "\"source\"";
    bool has = false;
    for (size_t i = 0; !has && i + sizeof key - 1 <= len; i++)
        has = text[i] == '"' && memcmp(text + i, key, sizeof key - 1) == 0;
    if (has)
        editor_level_source_text(text, len, &source, NULL);
    free(text);
    return source;
}
