/* SPDX-License-Identifier: MIT */
#include "level-save.h"

#include "cli.h"
#include "level-json.h"

#include <loopwright-masks/file-io.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* True when @name is @rel's stem + "-" + 16 hex digits + @rel's extension: a name this code
 * made, so nothing but the JSON that named it refers to it. */
static bool is_hashed_name(const char *name, const char *rel)
{
    const char *dot = strrchr(rel, '.');
    size_t stem = dot && dot != rel ? (size_t)(dot - rel) : strlen(rel);
    size_t ext = strlen(rel) - stem;
    if (strlen(name) != stem + 17 + ext || strncmp(name, rel, stem) != 0 || name[stem] != '-' ||
        strcmp(name + stem + 17, rel + stem) != 0)
        return false;
    for (size_t i = stem + 1; i < stem + 17; i++)
        if (!((name[i] >= '0' && name[i] <= '9') || (name[i] >= 'a' && name[i] <= 'f')))
            return false;
    return true;
}

/* The tileset the JSON now at @json_path names, malloc()ed, or NULL. */
static char *previous_tileset(const char *json_path)
{
    if (!lwm_file_is_regular(json_path))
        return NULL;
    lw_level *old = NULL;
    lw_error err;
    char *name = NULL;
    if (editor_level_load_file(json_path, 0, &old, &err) && old->tileset)
        name = strdup(old->tileset);
    lw_level_free(old);
    return name;
}

bool cli_save_level_pair(const char *json_path, lw_level *level, const char *rel, const void *png,
                         size_t png_size, const char *backup_suffix, char **chosen)
{
    lw_error err;
    if (chosen)
        *chosen = NULL;
    char *name = NULL, *full = NULL, *prev = NULL;
    bool ok = false;
    if (png) {
        bool same = false;
        prev = previous_tileset(json_path);
        name = lwm_file_dependent_name(json_path, rel, png, png_size, &same);
        full = name ? editor_level_resolve_path(json_path, name) : NULL;
        if (!full || !lw_level_set_string(&level->tileset, name)) {
            fprintf(stderr, "loopwright: %s: out of memory\n", json_path);
            goto out;
        }
        if (!same && !lwm_file_write_atomic(full, png, png_size, NULL, &err)) {
            cli_print_error(full, &err);
            goto out;
        }
    }
    size_t len = 0;
    char *text = editor_level_to_json(level, &len);
    if (!text) {
        fprintf(stderr, "loopwright: %s: out of memory\n", json_path);
        goto out;
    }
    bool saved = lwm_file_write_atomic(json_path, text, len, backup_suffix, &err);
    free(text);
    if (!saved) {
        cli_print_error(json_path, &err);
        goto out;
    }
    /* the pair is committed: a hashed tileset of ours the old JSON named is litter now */
    if (prev && strcmp(prev, name) != 0 && is_hashed_name(prev, rel)) {
        char *old_full = editor_level_resolve_path(json_path, prev);
        if (old_full)
            unlink(old_full);
        free(old_full);
    }
    ok = true;
    if (chosen) {
        *chosen = name;
        name = NULL;
    }
out:
    free(prev);
    free(full);
    free(name);
    return ok;
}
