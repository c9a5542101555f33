/* SPDX-License-Identifier: MIT */
#include "level-json.h"

#include "json-writer.h"
#include "real-path.h"

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

bool editor_level_check_art(const lw_level *level, const char *level_path, bool allow_outside,
                            uint32_t *cells, lw_error *err)
{
    if (cells)
        *cells = 0;
    if (!level->tileset)
        return true;
    uint32_t w = 0, h = 0;
    bool ok =
        editor_level_png_size(level_path, level->tileset, "tileset", allow_outside, &w, &h, err);
    if (ok && (w % LW_TILE_PX || h % LW_TILE_PX))
        ok = lw_error_set(err, LW_ERR_FORMAT,
                          "tileset \"%s\" is %ux%u px; both sides must be multiples of 16",
                          level->tileset, w, h);
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
    /* the water tileset (cells past it are drawn from the tileset) */
    char *water = NULL;
    if (level_path && !editor_level_find_water_tileset(level_path, allow_outside, &water, err))
        return false;
    if (water) {
        ok = editor_level_png_size(level_path, water, "source.water_tileset", allow_outside, &w, &h,
                                   err);
        if (ok && (w % LW_TILE_PX || h % LW_TILE_PX))
            ok = lw_error_set(err, LW_ERR_FORMAT,
                              "source.water_tileset \"%s\" is %ux%u px; both sides must be "
                              "multiples of 16",
                              water, w, h);
        free(water);
        if (!ok)
            return false;
    }
    if (cells)
        *cells = n;
    return true;
}

/* ======================================================================================== */
/* Saving                                                                                    */
/* ======================================================================================== */

/* The layout is fixed: scalars, containers of scalars, and objects whose members are scalars or
 * containers of scalars go on one line ("flat", with ", " and ": "); everything else is indented
 * by two spaces per level, one member a line; empty containers are "{}" and "[]". Written
 * straight through the one JSON writer (json-writer.h), no tree. */

static void write_index(json_writer *w, const char *key, uint16_t v)
{
    json_writer_key(w, key);
    if (v == LW_NONE)
        json_writer_null(w);
    else
        json_writer_int(w, v);
}

static void write_masks(json_writer *w, const lw_level *level)
{
    json_writer_key(w, "masks");
    json_writer_begin_array(w, level->mask_count > 0);
    for (uint32_t i = 0; i < level->mask_count; i++) {
        const lw_mask *m = &level->masks[i];
        json_writer_begin_object_spaced(w);
        json_writer_key(w, "heights");
        json_writer_begin_array_spaced(w);
        for (int k = 0; k < 16; k++)
            json_writer_int(w, m->heights[k]);
        json_writer_end_array(w);
        json_writer_key(w, "angle");
        json_writer_int(w, m->angle);
        json_writer_key(w, "flagged");
        json_writer_bool(w, m->flags & LW_MASK_FLAGGED);
        json_writer_key(w, "locked");
        json_writer_bool(w, m->flags & LW_MASK_LOCKED);
        json_writer_end_object(w);
    }
    json_writer_end_array(w);
}

static void write_tiles(json_writer *w, const lw_level *level)
{
    json_writer_key(w, "tiles");
    json_writer_begin_array(w, level->tile_count > 0);
    for (uint32_t i = 0; i < level->tile_count; i++) {
        const lw_tile *t = &level->tiles[i];
        json_writer_begin_object_spaced(w);
        write_index(w, "art", t->art);
        write_index(w, "mask_a", t->mask[0]);
        write_index(w, "mask_b", t->mask[1]);
        json_writer_key(w, "jump_through");
        json_writer_bool(w, t->flags & LW_TILE_JUMP_THROUGH);
        json_writer_end_object(w);
    }
    json_writer_end_array(w);
}

static void write_chunks(json_writer *w, const lw_level *level)
{
    uint32_t side = level->chunk_cells;
    json_writer_key(w, "chunks");
    json_writer_begin_array(w, level->chunk_count > 0);
    for (uint32_t c = 0; c < level->chunk_count; c++) {
        const lw_cell *cells = lw_level_chunk_cells(level, c);
        json_writer_begin_object(w, true);
        json_writer_key(w, "rows");
        json_writer_begin_array(w, true);
        for (uint32_t y = 0; y < side; y++) {
            json_writer_begin_array_spaced(w);
            for (uint32_t x = 0; x < side; x++) {
                char tok[24];
                editor_cell_format(&cells[y * side + x], tok, sizeof tok);
                json_writer_string(w, tok);
            }
            json_writer_end_array(w);
        }
        json_writer_end_array(w);
        json_writer_end_object(w);
    }
    json_writer_end_array(w);
}

static void write_grid(json_writer *w, const lw_level *level, const uint16_t *grid)
{
    json_writer_begin_array(w, true);
    for (uint32_t y = 0; y < level->layout_height; y++) {
        json_writer_begin_array_spaced(w);
        for (uint32_t x = 0; x < level->layout_width; x++) {
            uint16_t id = grid[(size_t)y * level->layout_width + x];
            json_writer_int(w, id == LW_NONE ? -1 : id);
        }
        json_writer_end_array(w);
    }
    json_writer_end_array(w);
}

static void write_layout(json_writer *w, const lw_level *level)
{
    json_writer_key(w, "layout");
    json_writer_begin_object(w, true);
    json_writer_key(w, "width");
    json_writer_int(w, level->layout_width);
    json_writer_key(w, "height");
    json_writer_int(w, level->layout_height);
    json_writer_key(w, "foreground");
    write_grid(w, level, level->layout[LW_LAYER_FG]);
    json_writer_key(w, "background");
    if (level->layout[LW_LAYER_BG])
        write_grid(w, level, level->layout[LW_LAYER_BG]);
    else
        json_writer_null(w);
    json_writer_end_object(w);
}

static void write_pair(json_writer *w, const char *key, const uint8_t v[2], const char *a,
                       const char *b)
{
    json_writer_key(w, key);
    json_writer_begin_array_spaced(w);
    json_writer_string(w, v[0] ? b : a);
    json_writer_string(w, v[1] ? b : a);
    json_writer_end_array(w);
}

static void write_object(json_writer *w, const lw_object *o)
{
    static const char *const types[] = {
        [LW_OBJECT_PLAYER_START] = "player_start",
        [LW_OBJECT_PATH_SWAPPER] = "path_swapper",
        [LW_OBJECT_MARKER] = "marker",
    };
    json_writer_begin_object_spaced(w);
    json_writer_key(w, "id");
    json_writer_int(w, o->id);
    if ((unsigned)o->type >= sizeof types / sizeof types[0] || !types[o->type]) {
        json_writer_end_object(w);
        return;
    }
    json_writer_key(w, "type");
    json_writer_string(w, types[o->type]);
    json_writer_key(w, "x");
    json_writer_int(w, o->x);
    json_writer_key(w, "y");
    json_writer_int(w, o->y);
    switch (o->type) {
    case LW_OBJECT_PLAYER_START:
        json_writer_key(w, "facing");
        json_writer_string(w, o->facing_left ? "left" : "right");
        break;
    case LW_OBJECT_PATH_SWAPPER:
        json_writer_key(w, "orientation");
        json_writer_string(w, o->swapper.horizontal ? "horizontal" : "vertical");
        json_writer_key(w, "radius");
        json_writer_int(w, o->swapper.radius);
        write_pair(w, "paths", o->swapper.path, "A", "B");
        write_pair(w, "priority", o->swapper.priority, "low", "high");
        json_writer_key(w, "grounded_only");
        json_writer_bool(w, o->swapper.grounded_only);
        json_writer_key(w, "priority_only");
        json_writer_bool(w, o->swapper.priority_only);
        break;
    case LW_OBJECT_MARKER:
        json_writer_key(w, "name");
        json_writer_string(w, o->name ? o->name : "marker");
        json_writer_key(w, "properties");
        json_writer_begin_object_spaced(w);
        for (uint32_t i = 0; i < o->prop_count; i++) {
            json_writer_key(w, o->props[i].key);
            json_writer_string(w, o->props[i].value);
        }
        json_writer_end_object(w);
        break;
    }
    json_writer_end_object(w);
}

static void write_replay(json_writer *w, const lw_replay *r)
{
    json_writer_begin_object_spaced(w);
    json_writer_key(w, "name");
    json_writer_string(w, r->name ? r->name : "");
    json_writer_key(w, "start");
    if (r->has_start) {
        json_writer_begin_array_spaced(w);
        json_writer_int(w, r->start_x);
        json_writer_int(w, r->start_y);
        json_writer_end_array(w);
    } else {
        json_writer_null(w);
    }
    json_writer_key(w, "profile");
    json_writer_string(w, r->profile);
    json_writer_key(w, "character");
    json_writer_string(w, r->character);
    json_writer_key(w, "frames");
    json_writer_int(w, r->frames);
    json_writer_key(w, "script");
    json_writer_string(w, r->script ? r->script : "");
    json_writer_key(w, "expect");
    if (r->has_expect) {
        char hash[17];
        snprintf(hash, sizeof hash, "%016llx", (unsigned long long)r->expect_hash);
        json_writer_begin_object_spaced(w);
        json_writer_key(w, "hash");
        json_writer_string(w, hash);
        json_writer_key(w, "x");
        json_writer_int(w, r->expect_x);
        json_writer_key(w, "y");
        json_writer_int(w, r->expect_y);
        json_writer_key(w, "path");
        json_writer_string(w, r->expect_path ? "B" : "A");
        json_writer_key(w, "air");
        json_writer_bool(w, r->expect_air);
        json_writer_end_object(w);
    } else {
        json_writer_null(w);
    }
    json_writer_end_object(w);
}

/* ---- the `source` object, kept as JSON (a jansson tree), written by the same rules ---- */

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

static void write_json(json_writer *w, const json_t *v, bool flat)
{
    switch (json_typeof(v)) {
    case JSON_STRING:
        json_writer_string_n(w, json_string_value(v), json_string_length(v));
        return;
    case JSON_INTEGER:
        json_writer_int(w, json_integer_value(v));
        return;
    case JSON_TRUE:
    case JSON_FALSE:
        json_writer_bool(w, json_is_true(v));
        return;
    case JSON_NULL:
        json_writer_null(w);
        return;
    case JSON_REAL: {
        char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
        if (s)
            json_writer_raw(w, s);
        else
            w->failed = true;
        free(s);
        return;
    }
    case JSON_OBJECT:
    case JSON_ARRAY:
        break;
    }
    flat = flat || prints_on_one_line(v);
    bool obj = json_is_object(v);
    if (obj) {
        if (flat)
            json_writer_begin_object_spaced(w);
        else
            json_writer_begin_object(w, true);
        const char *k;
        json_t *m;
        json_object_foreach((json_t *)v, k, m)
        {
            json_writer_key(w, k);
            write_json(w, m, flat);
        }
        json_writer_end_object(w);
    } else {
        if (flat)
            json_writer_begin_array_spaced(w);
        else
            json_writer_begin_array(w, true);
        for (size_t i = 0; i < json_array_size(v); i++)
            write_json(w, json_array_get(v, i), flat);
        json_writer_end_array(w);
    }
}

static void write_level(json_writer *w, const lw_level *level, const json_t *source)
{
    json_writer_begin_object(w, true);
    json_writer_key(w, "format");
    json_writer_string(w, EDITOR_LEVEL_FORMAT);
    json_writer_key(w, "version");
    json_writer_int(w, EDITOR_LEVEL_VERSION);
    json_writer_key(w, "name");
    json_writer_string(w, level->name ? level->name : "");
    json_writer_key(w, "chunk_size");
    json_writer_int(w, level->chunk_px);
    json_writer_key(w, "tileset");
    if (level->tileset)
        json_writer_string(w, level->tileset);
    else
        json_writer_null(w);
    if (level->player_sprites) { /* optional: absent keeps older files byte for byte */
        json_writer_key(w, "player_sprites");
        json_writer_string(w, level->player_sprites);
    }
    char color[8];
    snprintf(color, sizeof color, "#%06x", level->background_rgb & 0xFFFFFFu);
    json_writer_key(w, "background_color");
    json_writer_string(w, color);
    if (level->has_water) { /* optional: absent keeps older files byte for byte */
        json_writer_key(w, "water_height");
        json_writer_int(w, level->water_height);
    }

    json_writer_key(w, "physics");
    json_writer_begin_object_spaced(w);
    json_writer_key(w, "profile");
    json_writer_string(w, level->profile);
    json_writer_key(w, "character");
    json_writer_string(w, level->character);
    json_writer_key(w, "overrides");
    json_writer_begin_object_spaced(w);
    for (uint32_t i = 0; i < level->override_count; i++) {
        json_writer_key(w, level->overrides[i].name);
        json_writer_int(w, level->overrides[i].value);
    }
    json_writer_end_object(w);
    json_writer_end_object(w);

    write_masks(w, level);
    write_tiles(w, level);
    write_chunks(w, level);
    write_layout(w, level);
    json_writer_key(w, "objects");
    json_writer_begin_array(w, level->object_count > 0);
    for (uint32_t i = 0; i < level->object_count; i++)
        write_object(w, &level->objects[i]);
    json_writer_end_array(w);
    json_writer_key(w, "replays");
    json_writer_begin_array(w, level->replay_count > 0);
    for (uint32_t i = 0; i < level->replay_count; i++)
        write_replay(w, &level->replays[i]);
    json_writer_end_array(w);
    if (level->loop_chunk_count) { /* optional: absent keeps older files byte for byte */
        json_writer_key(w, "loop_chunks");
        json_writer_begin_array(w, true);
        for (uint32_t i = 0; i < level->loop_chunk_count; i++) {
            const lw_loop_chunk *e = &level->loop_chunks[i];
            json_writer_begin_object_spaced(w);
            json_writer_key(w, "chunk");
            json_writer_int(w, e->chunk);
            json_writer_key(w, "path_b");
            if (e->path_b == LW_NONE)
                json_writer_null(w);
            else
                json_writer_int(w, e->path_b);
            json_writer_key(w, "rule");
            json_writer_string(w, lw_loop_rule_name(e->rule));
            json_writer_end_object(w);
        }
        json_writer_end_array(w);
    }
    if (source) {
        json_writer_key(w, "source");
        write_json(w, source, false);
    }
    json_writer_end_object(w);
    json_writer_newline(w);
}

char *editor_level_to_json(const lw_level *level, size_t *len)
{
    return editor_level_to_json_source(level, NULL, len);
}

bool editor_level_save_file(const char *path, const lw_level *level, lw_error *err)
{
    /* a level from a disassembly tree keeps it */
    char *source = editor_level_file_source(path, "source");
    bool ok = editor_level_save_file_source(path, level, source, err);
    free(source);
    return ok;
}

bool editor_level_save_file_source(const char *path, const lw_level *level, const char *source_json,
                                   lw_error *err)
{
    size_t len;
    char *text = editor_level_to_json_source(level, source_json, &len);
    if (!text)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory while saving");
    bool ok = lwm_file_write_atomic(path, text, len, ".bak", err);
    free(text);
    return ok;
}

/* ---- the `source` section (docs/DISASM.md §8): kept as JSON, read by its users ---- */

char *editor_level_to_json_source(const lw_level *level, const char *source_json, size_t *len)
{
    json_t *src = NULL;
    if (source_json) {
        src = json_loads(source_json, JSON_REJECT_DUPLICATES, NULL);
        if (!src || !json_is_object(src)) {
            json_decref(src);
            return NULL;
        }
    }
    json_writer w;
    json_writer_init(&w);
    write_level(&w, level, src);
    json_decref(src);
    if (w.failed || !w.data) {
        json_writer_clear(&w);
        return NULL;
    }
    if (len)
        *len = w.len;
    return w.data;
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

bool editor_level_find_water_tileset(const char *level_path, bool allow_outside, char **out,
                                     lw_error *err)
{
    *out = NULL;
    /* (a file that cannot be read names none: the level's own reader reports it) */
    char *source = editor_level_file_source(level_path, "water_tileset");
    json_t *src = source ? json_loads(source, JSON_REJECT_DUPLICATES, NULL) : NULL;
    json_t *w = json_is_object(src) ? json_object_get(src, "water_tileset") : NULL;
    bool ok = true;
    if (w && (!json_is_string(w) || json_string_length(w) > 1024))
        ok = lw_error_set(err, LW_ERR_FORMAT,
                          "source.water_tileset: expected a path of at most 1024 bytes");
    else if (w && !allow_outside && !editor_path_stays_inside(json_string_value(w)))
        ok = lw_error_set(err, LW_ERR_PATH,
                          "source.water_tileset: water tileset path \"%s\" leaves the level's "
                          "folder (pass --allow-outside-paths to accept it)",
                          json_string_value(w));
    else if (w && !(*out = strdup(json_string_value(w))))
        ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    json_decref(src);
    free(source);
    return ok;
}

char *editor_level_file_source(const char *path, const char *mention)
{
    char *text, *source = NULL;
    size_t len;
    if (!path || !lwm_file_read(path, EDITOR_LEVEL_MAX_FILE_BYTES, &text, &len, NULL))
        return NULL;
    bool has = !mention;
    size_t n = mention ? strlen(mention) : 0;
    for (size_t i = 0; !has && i + n + 2 <= len; i++)
        has = text[i] == '"' && memcmp(text + i + 1, mention, n) == 0 && text[i + n + 1] == '"';
    if (has)
        editor_level_source_text(text, len, &source, NULL);
    free(text);
    return source;
}
