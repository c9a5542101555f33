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

/* "dir/name.json" -> "name-tiles.png" (relative to the JSON) and its full path. */
static bool tileset_paths(const char *json, char **rel, char **full)
{
    const char *slash = strrchr(json, '/'), *base = slash ? slash + 1 : json;
    const char *dot = strrchr(base, '.');
    size_t stem = dot && dot > base ? (size_t)(dot - base) : strlen(base);
    size_t dir = (size_t)(base - json);
    *rel = malloc(stem + 11);
    *full = malloc(dir + stem + 11);
    if (!*rel || !*full)
        return false;
    snprintf(*rel, stem + 11, "%.*s-tiles.png", (int)stem, base);
    snprintf(*full, dir + stem + 11, "%.*s%s", (int)dir, json, *rel);
    return true;
}

bool editor_disasm_unpack(const lwm_tree *tree, size_t index, const char *json_path,
                          lwm_tree_import *out, lwm_report *report, char *failed, lw_error *err)
{
    lwm_tree_import im = {0};
    char *rel = NULL, *full = NULL, *root = NULL, *src = NULL, *json = NULL;
    void *png = NULL;
    size_t png_size = 0, json_size = 0;
    bool ok =
        tileset_paths(json_path, &rel, &full) || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    ok = ok && lwm_tree_import_level(tree, index, &im, report, failed, err);
    lwm_file_job jobs[2];
    size_t njobs = 0;
    if (ok && im.tileset.width) {
        snprintf(failed, 4096, "%s", full);
        ok = lwm_art_encode_png(&im.tileset, &png, &png_size, NULL, err) &&
             (lw_level_set_string(&im.level->tileset, rel) ||
              lw_error_set(err, LW_ERR_NOMEM, "out of memory"));
        jobs[njobs++] = (lwm_file_job){full, png, png_size};
    }
    if (ok) {
        snprintf(failed, 4096, "%s", json_path);
        root = realpath(tree->root, NULL);
        src = root ? editor_source_to_json(&im.source, root) : NULL;
        json = src ? editor_level_to_json_source(im.level, src, &json_size) : NULL;
        ok = json || lw_error_set(err, root ? LW_ERR_NOMEM : LW_ERR_IO, "%s",
                                  root ? "out of memory" : "cannot resolve the tree's path");
    }
    if (ok) {
        jobs[njobs++] = (lwm_file_job){json_path, json, json_size};
        size_t bad = 0;
        ok = lwm_write_files_atomic(jobs, njobs, &bad, err);
        if (!ok)
            snprintf(failed, 4096, "%s", jobs[bad].path);
    }
    if (ok && out)
        *out = im;
    else
        lwm_tree_import_clear(&im);
    free(json);
    free(src);
    free(root);
    free(png);
    free(rel);
    free(full);
    return ok;
}
