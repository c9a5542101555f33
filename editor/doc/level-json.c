/* SPDX-License-Identifier: MIT */
#include "level-json.h"

#include <jansson.h>
#include <loopwright-masks/image.h>
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
