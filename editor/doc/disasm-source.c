/* SPDX-License-Identifier: MIT */
/* The `source` section of a level imported from a disassembly tree (disasm-source.h). */
#include "disasm-source.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SOURCE_FORMAT "sonlvl-tree"

static const char *const codec_names[] = {"none", "kosinski", "enigma", "nemesis", "kosm"};
static const char *const game_names[] = {"", "s1", "s2", "s3k"};

static json_t *file_json(const lwm_tree_file *f)
{
    char crc[16];
    snprintf(crc, sizeof crc, "%08x", f->crc32);
    return json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:s}", "role", f->role, "path", f->path,
                     "codec", codec_names[f->codec <= LWM_CODEC_KOSM ? f->codec : 0], "offset",
                     (json_int_t)f->offset, "size", (json_int_t)f->size, "unpacked",
                     (json_int_t)f->raw_size, "crc32", crc);
}

char *editor_source_to_json(const lwm_tree_source *src, const char *tree)
{
    json_t *files = json_array(), *ids = json_array(), *kept = json_array();
    for (size_t i = 0; i < src->file_count; i++)
        json_array_append_new(files, file_json(&src->files[i]));
    for (uint32_t i = 0; i < src->mask_count; i++)
        json_array_append_new(ids, json_integer(src->mask_ids[i]));
    for (size_t i = 0; i < src->kept_count; i++)
        json_array_append_new(kept, json_pack("[I, I]", (json_int_t)src->kept[i].offset,
                                              (json_int_t)src->kept[i].word));
    json_t *slots = json_array();
    for (size_t i = 0; i < src->kept_slot_count; i++)
        json_array_append_new(slots, json_pack("[I, I, I]", (json_int_t)src->kept_slots[i].layer,
                                               (json_int_t)src->kept_slots[i].offset,
                                               (json_int_t)src->kept_slots[i].value));
    json_t *root = json_pack(
        "{s:s, s:i, s:s, s:s, s:s, s:o, s:I, s:I, s:I, s:I, s:o, s:o, s:o, s:[I,I], s:[I,I]}",
        "format", SOURCE_FORMAT, "version", 1, "game", game_names[src->game <= 3 ? src->game : 0],
        "tree", tree, "level", src->level, "files", files, "first_chunk",
        (json_int_t)src->first_chunk, "chunks", (json_int_t)src->chunk_count, "blocks",
        (json_int_t)src->block_count, "patterns", (json_int_t)src->pattern_count, "mask_ids", ids,
        "kept_chunk_words", kept, "kept_layout_slots", slots, "layout_padding",
        (json_int_t)src->layout_padding[0], (json_int_t)src->layout_padding[1], "layout_short",
        (json_int_t)src->layout_short[0], (json_int_t)src->layout_short[1]);
    if (!root)
        return NULL;
    json_object_set_new(root, "water_height",
                        src->has_water ? json_integer(src->water_height) : json_null());
    json_object_set_new(root, "layout_copy",
                        src->layout_copy ? json_string(src->layout_copy) : json_null());
    json_object_set_new(root, "anim_blocks",
                        src->anim_limit
                            ? json_pack("[I, I, I]", (json_int_t)src->anim_first,
                                        (json_int_t)src->anim_count, (json_int_t)src->anim_limit)
                            : json_null());
    json_t *water = json_null();
    if (src->has_water_palette) {
        json_t *colours = json_array();
        for (unsigned i = 0; i < 64; i++)
            json_array_append_new(colours, json_integer(src->water_palette[i]));
        water = json_pack("{s:s, s:s, s:o}", "key", src->water_palette_key, "name",
                          src->water_palette_name, "colors", colours);
    }
    json_object_set_new(root, "water_palette", water);
    if (src->water_tileset) /* optional: absent keeps older sections byte for byte */
        json_object_set_new(root, "water_tileset", json_string(src->water_tileset));
    char *text = json_dumps(root, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(root);
    return text;
}

void editor_source_clear(lwm_tree_source *src)
{
    free(src->mask_ids);
    free(src->kept);
    free(src->kept_slots);
    free(src->layout_copy);
    free(src->water_tileset);
    memset(src, 0, sizeof *src);
}

static bool bad(lw_error *err, const char *field, const char *what)
{
    return lw_error_set(err, LW_ERR_FORMAT, "source.%s: %s", field, what);
}

static bool get_uint(json_t *obj, const char *key, json_int_t max, uint32_t *out, lw_error *err)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > max)
        return lw_error_set(err, LW_ERR_FORMAT, "source.%s: expected an integer 0..%lld", key,
                            (long long)max);
    *out = (uint32_t)json_integer_value(v);
    return true;
}

static bool get_str(json_t *obj, const char *key, char *buf, size_t size, lw_error *err)
{
    const char *s = json_string_value(json_object_get(obj, key));
    if (!s || strlen(s) >= size || !*s)
        return lw_error_set(err, LW_ERR_FORMAT, "source.%s: expected a string of 1..%zu bytes", key,
                            size - 1);
    memcpy(buf, s, strlen(s) + 1);
    return true;
}

static bool parse_file(json_t *f, lwm_tree_file *out, lw_error *err)
{
    char codec[16], crc[16];
    memset(out, 0, sizeof *out);
    if (!json_is_object(f))
        return bad(err, "files", "expected objects");
    bool ok = get_str(f, "role", out->role, sizeof out->role, err) &&
              get_str(f, "path", out->path, sizeof out->path, err) &&
              get_str(f, "codec", codec, sizeof codec, err) &&
              get_uint(f, "offset", 0xFFFFFF, &out->offset, err) &&
              get_uint(f, "size", 4 << 20, &out->size, err) &&
              get_uint(f, "unpacked", 0xFFFFFF, &out->raw_size, err) &&
              get_str(f, "crc32", crc, sizeof crc, err);
    if (!ok)
        return false;
    if (strstr(out->path, "..") || out->path[0] == '/')
        return bad(err, "files.path", "must stay inside the tree");
    int k = 0;
    while (k <= LWM_CODEC_KOSM && strcmp(codec, codec_names[k]) != 0)
        k++;
    if (k > LWM_CODEC_KOSM)
        return bad(err, "files.codec", "none, kosinski, enigma, nemesis or kosm");
    out->codec = (lwm_disasm_codec)k;
    char *end;
    unsigned long v = strtoul(crc, &end, 16);
    if (*end || strlen(crc) != 8)
        return bad(err, "files.crc32", "8 hexadecimal digits");
    out->crc32 = (uint32_t)v;
    return true;
}

static bool parse_lists(json_t *root, lwm_tree_source *src, lw_error *err)
{
    json_t *ids = json_object_get(root, "mask_ids"),
           *kept = json_object_get(root, "kept_chunk_words");
    if (!json_is_array(ids) || json_array_size(ids) > 0x10000)
        return bad(err, "mask_ids", "expected an array of collision ids");
    if (!json_is_array(kept) || json_array_size(kept) > 0x8000)
        return bad(err, "kept_chunk_words", "expected an array of [offset, word]");
    src->mask_count = (uint32_t)json_array_size(ids);
    src->mask_ids = malloc(src->mask_count ? src->mask_count : 1);
    src->kept_count = json_array_size(kept);
    src->kept = malloc((src->kept_count ? src->kept_count : 1) * sizeof *src->kept);
    if (!src->mask_ids || !src->kept)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    for (uint32_t i = 0; i < src->mask_count; i++) {
        json_t *v = json_array_get(ids, i);
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 255)
            return bad(err, "mask_ids", "ids are 0..255");
        src->mask_ids[i] = (uint8_t)json_integer_value(v);
    }
    for (size_t i = 0; i < src->kept_count; i++) {
        json_t *p = json_array_get(kept, i);
        json_t *o = json_array_get(p, 0), *w = json_array_get(p, 1);
        if (!json_is_array(p) || json_array_size(p) != 2 || !json_is_integer(o) ||
            !json_is_integer(w) || json_integer_value(o) < 0 || json_integer_value(o) > 0xFFFF ||
            json_integer_value(o) % 2 || json_integer_value(w) < 0 ||
            json_integer_value(w) > 0xFFFF)
            return bad(err, "kept_chunk_words", "[even offset 0..65534, word 0..65535]");
        src->kept[i] =
            (lwm_tree_kept_word){(uint32_t)json_integer_value(o), (uint16_t)json_integer_value(w)};
    }
    json_t *slots = json_object_get(root, "kept_layout_slots");
    if (!json_is_array(slots) || json_array_size(slots) > 0x2000)
        return bad(err, "kept_layout_slots", "expected an array of [layer, offset, byte]");
    src->kept_slot_count = json_array_size(slots);
    src->kept_slots =
        malloc((src->kept_slot_count ? src->kept_slot_count : 1) * sizeof *src->kept_slots);
    if (!src->kept_slots)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < src->kept_slot_count; i++) {
        json_t *p = json_array_get(slots, i);
        json_int_t v[3];
        for (size_t k = 0; k < 3; k++) {
            json_t *e = json_array_get(p, k);
            v[k] = json_is_integer(e) ? json_integer_value(e) : -1;
        }
        if (!json_is_array(p) || json_array_size(p) != 3 || v[0] < 0 || v[0] > 1 || v[1] < 0 ||
            v[1] > 0xFFFF || v[2] < 0 || v[2] > 0xFF)
            return bad(err, "kept_layout_slots", "[layer 0..1, offset 0..65535, byte 0..255]");
        src->kept_slots[i] = (lwm_tree_kept_slot){(uint32_t)v[0], (uint32_t)v[1], (uint8_t)v[2]};
    }
    return true;
}

static bool parse_pair(json_t *root, const char *key, uint32_t out[2], lw_error *err)
{
    json_t *a = json_object_get(root, key);
    for (int i = 0; i < 2; i++) {
        json_t *v = json_array_get(a, (size_t)i);
        if (!json_is_array(a) || json_array_size(a) != 2 || !json_is_integer(v) ||
            json_integer_value(v) < 0 || json_integer_value(v) > 0x1000)
            return bad(err, key, "expected [FG, BG] byte counts");
        out[i] = (uint32_t)json_integer_value(v);
    }
    return true;
}

/* The INI values the level does not model (optional keys: a level unpacked before has none). */
static bool parse_kept_ini(json_t *root, lwm_tree_source *src, lw_error *err)
{
    json_t *w = json_object_get(root, "water_height"), *lc = json_object_get(root, "layout_copy");
    if (w && !json_is_null(w)) {
        if (!json_is_integer(w) || json_integer_value(w) < 0 || json_integer_value(w) > 0x7FFF)
            return bad(err, "water_height", "expected null or a height 0..32767");
        src->has_water = true;
        src->water_height = (uint32_t)json_integer_value(w);
    }
    if (lc && !json_is_null(lc)) {
        if (!json_is_string(lc) || json_string_length(lc) > 4096)
            return bad(err, "layout_copy", "expected null or a string of at most 4096 bytes");
        if (!(src->layout_copy = strdup(json_string_value(lc))))
            return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    }
    return true;
}

/* `anim_blocks`: null or [first shown block, count, the file's first block] (§7.6). */
static bool parse_anim_blocks(json_t *root, lwm_tree_source *src, lw_error *err)
{
    json_t *a = json_object_get(root, "anim_blocks");
    if (!a || json_is_null(a))
        return true;
    json_int_t v[3] = {-1, -1, -1};
    for (size_t k = 0; k < 3 && json_is_array(a); k++)
        if (json_is_integer(json_array_get(a, k)))
            v[k] = json_integer_value(json_array_get(a, k));
    if (!json_is_array(a) || json_array_size(a) != 3 || v[2] < 1 || v[2] > 0x3FF || v[0] < v[2] ||
        v[0] < src->block_count || v[1] < 0 || v[0] + v[1] > 0x400)
        return bad(err, "anim_blocks",
                   "expected null or [first block >= blocks, count, file's first block], "
                   "block ids 1..1023");
    src->anim_first = (uint32_t)v[0];
    src->anim_count = (uint32_t)v[1];
    src->anim_limit = (uint32_t)v[2];
    return true;
}

/* `water_palette`: null or {key, name, colors: 64 words or -1} (§8.1). */
static bool parse_water_palette(json_t *root, lwm_tree_source *src, lw_error *err)
{
    json_t *w = json_object_get(root, "water_palette");
    if (!w || json_is_null(w))
        return true;
    const char *key = json_string_value(json_object_get(w, "key")),
               *name = json_string_value(json_object_get(w, "name"));
    json_t *colours = json_object_get(w, "colors");
    if (!json_is_object(w) || !key || !name || strlen(key) >= sizeof src->water_palette_key ||
        strlen(name) >= sizeof src->water_palette_name || !json_is_array(colours) ||
        json_array_size(colours) != 64)
        return bad(err, "water_palette", "expected null or {key, name, colors: 64 entries}");
    for (size_t i = 0; i < 64; i++) {
        json_t *c = json_array_get(colours, i);
        if (!json_is_integer(c) || json_integer_value(c) < -1 || json_integer_value(c) > 0xFFFF)
            return bad(err, "water_palette.colors", "colour words 0..65535, or -1");
        src->water_palette[i] = (int32_t)json_integer_value(c);
    }
    snprintf(src->water_palette_key, sizeof src->water_palette_key, "%s", key);
    snprintf(src->water_palette_name, sizeof src->water_palette_name, "%s", name);
    src->has_water_palette = true;
    return true;
}

/* `water_tileset`: absent or the water tileset PNG's path (§8.1; the level loader checks it as
 * it checks `tileset`). */
static bool parse_water_tileset(json_t *root, lwm_tree_source *src, lw_error *err)
{
    json_t *w = json_object_get(root, "water_tileset");
    if (!w)
        return true;
    if (!json_is_string(w) || json_string_length(w) > 1024)
        return bad(err, "water_tileset", "expected a path of at most 1024 bytes");
    return (src->water_tileset = strdup(json_string_value(w))) ||
           lw_error_set(err, LW_ERR_NOMEM, "out of memory");
}

static bool parse_root(json_t *root, lwm_tree_source *src, char **tree, lw_error *err)
{
    char game[8], format[16], treebuf[4096];
    if (!json_is_object(root))
        return bad(err, "", "expected an object");
    if (!get_str(root, "format", format, sizeof format, err) || strcmp(format, SOURCE_FORMAT))
        return bad(err, "format", "expected \"" SOURCE_FORMAT "\"");
    uint32_t version;
    if (!get_uint(root, "version", 1, &version, err) || version != 1)
        return bad(err, "version", "this Loopwright reads version 1");
    if (!get_str(root, "game", game, sizeof game, err) ||
        !get_str(root, "tree", treebuf, sizeof treebuf, err) ||
        !get_str(root, "level", src->level, sizeof src->level, err))
        return false;
    src->game = strcmp(game, "s1") == 0    ? LWM_GAME_S1
                : strcmp(game, "s2") == 0  ? LWM_GAME_S2
                : strcmp(game, "s3k") == 0 ? LWM_GAME_S3K
                                           : 0;
    if (!src->game)
        return bad(err, "game", "s1, s2 or s3k");
    json_t *files = json_object_get(root, "files");
    if (!json_is_array(files) || json_array_size(files) > LWM_TREE_MAX_FILES)
        return bad(err, "files", "expected an array of at most 48 files");
    for (size_t i = 0; i < json_array_size(files); i++)
        if (!parse_file(json_array_get(files, i), &src->files[src->file_count++], err))
            return false;
    bool ok = get_uint(root, "first_chunk", 1, &src->first_chunk, err) &&
              get_uint(root, "chunks", 0x400, &src->chunk_count, err) &&
              get_uint(root, "blocks", 0x400, &src->block_count, err) &&
              get_uint(root, "patterns", 0x800, &src->pattern_count, err) &&
              parse_lists(root, src, err) &&
              parse_pair(root, "layout_padding", src->layout_padding, err) &&
              parse_pair(root, "layout_short", src->layout_short, err);
    ok = ok && parse_kept_ini(root, src, err) && parse_anim_blocks(root, src, err) &&
         parse_water_palette(root, src, err) && parse_water_tileset(root, src, err);
    if (ok && !(*tree = strdup(treebuf)))
        ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    return ok;
}

bool editor_source_from_json(const char *json, lwm_tree_source *src, char **tree, lw_error *err)
{
    memset(src, 0, sizeof *src);
    *tree = NULL;
    json_t *root = json_loads(json, JSON_REJECT_DUPLICATES, NULL);
    if (!root)
        return bad(err, "", "not JSON");
    bool ok = parse_root(root, src, tree, err);
    json_decref(root);
    if (!ok)
        editor_source_clear(src);
    return ok;
}
