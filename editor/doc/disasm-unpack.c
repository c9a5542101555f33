/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* realpath */
/* A tree's level into level JSON + tileset PNG (disasm-unpack.h). */
#include "disasm-unpack.h"

#include "disasm-source.h"
#include "level-json.h"

#include <loopwright-masks/art-png.h>
#include <loopwright-masks/file-io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "dir/name.json" -> "name@suffix" ("name-tiles.png") relative to the JSON, and its full path. */
static bool tileset_paths(const char *json, const char *suffix, char **rel, char **full)
{
    const char *slash = strrchr(json, '/'), *base = slash ? slash + 1 : json;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot > base ? (size_t)(dot - base) : strlen(base);
    size_t dir = (size_t)(base - json), tail = strlen(suffix) + 1;
    *rel = malloc(stem + tail);
    *full = malloc(dir + stem + tail);
    if (!*rel || !*full)
        return false;
    snprintf(*rel, stem + tail, "%.*s%s", (int)stem, base, suffix);
    snprintf(*full, dir + stem + tail, "%.*s%s", (int)dir, json, *rel);
    return true;
}

/* @img as a PNG beside @json_path under a name no other JSON uses for other bytes (from
 * @suffix), written unless the same bytes are there; *@name (malloc()ed) is the name chosen. */
static bool write_art(const char *json_path, const char *suffix, const lwm_image *img, char **name,
                      char *failed, lw_error *err)
{
    char *rel = NULL, *full = NULL, *path = NULL;
    void *png = NULL;
    size_t png_size = 0;
    bool same = false;
    *name = NULL;
    bool ok = tileset_paths(json_path, suffix, &rel, &full) ||
              lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    if (ok)
        snprintf(failed, 4096, "%s", full);
    ok = ok && lwm_art_encode_png(img, &png, &png_size, NULL, err);
    if (ok && (!(*name = lwm_file_dependent_name(json_path, rel, png, png_size, &same)) ||
               !(path = editor_level_resolve_path(json_path, *name))))
        ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    if (ok && !same) {
        snprintf(failed, 4096, "%s", path);
        ok = lwm_file_write_atomic(path, png, png_size, NULL, err);
    }
    if (!ok) {
        free(*name);
        *name = NULL;
    }
    free(path);
    free(png);
    free(rel);
    free(full);
    return ok;
}

bool editor_disasm_unpack(const lwm_tree *tree, size_t index, const char *json_path,
                          lwm_tree_import *out, lwm_report *report, char *failed, lw_error *err)
{
    lwm_tree_import im = {0};
    char *name = NULL, *root = NULL, *src = NULL, *json = NULL;
    size_t json_size = 0;
    bool ok = lwm_tree_import_level(tree, index, &im, report, failed, err);
    /* the tilesets under names no other JSON uses for other bytes, then the JSON naming them:
     * the set changes at the JSON's rename (docs/RELIABILITY.md) */
    if (ok && im.tileset.width) {
        ok = write_art(json_path, "-tiles.png", &im.tileset, &name, failed, err);
        if (ok && !lw_level_set_string(&im.level->tileset, name))
            ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        free(name);
        name = NULL;
    }
    /* the water tileset (docs/DISASM.md §8.1), named in the source section */
    if (ok && im.water_tileset.width) {
        ok = write_art(json_path, "-water-tiles.png", &im.water_tileset, &name, failed, err);
        if (ok) {
            im.source.water_tileset = name;
            name = NULL;
        }
        free(name);
    }
    if (ok) {
        snprintf(failed, 4096, "%s", json_path);
        root = realpath(tree->root, NULL);
        src = root ? editor_source_to_json(&im.source, root) : NULL;
        json = src ? editor_level_to_json_source(im.level, src, &json_size) : NULL;
        ok = json || lw_error_set(err, root ? LW_ERR_NOMEM : LW_ERR_IO, "%s",
                                  root ? "out of memory" : "cannot resolve the tree's path");
    }
    if (ok)
        ok = lwm_file_write_atomic(json_path, json, json_size, NULL, err);
    if (ok && out)
        *out = im;
    else
        lwm_tree_import_clear(&im);
    free(json);
    free(src);
    free(root);
    return ok;
}
