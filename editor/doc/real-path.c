/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* realpath */
#include "real-path.h"

#include "level-json.h"

#include <limits.h>
#include <loopwright-masks/file-io.h>
#include <stdlib.h>
#include <string.h>

/* The folder of the level at @level_path ("." for a bare file name) into @dir. */
static bool level_dir(const char *level_path, char *dir, size_t cap, lw_error *err)
{
    const char *slash = strrchr(level_path, '/');
    size_t n = slash ? (size_t)(slash - level_path) : 1;
    if (n == 0)
        n = 1;
    if (n >= cap)
        return lw_error_set(err, LW_ERR_PATH, "path too long");
    memcpy(dir, slash ? level_path : ".", n);
    dir[n] = '\0';
    return true;
}

bool editor_path_real_inside(const char *level_path, const char *relative, const char *what,
                             lw_error *err)
{
    char *target = editor_level_resolve_path(level_path, relative);
    if (!target)
        return lw_error_set(err, LW_ERR_NOMEM, NULL);
    char dir[PATH_MAX];
    if (!level_dir(level_path, dir, sizeof dir, err)) {
        free(target);
        return false;
    }
    char real_dir[PATH_MAX], real_target[PATH_MAX];
    bool ok = true;
    if (realpath(dir, real_dir) && realpath(target, real_target)) {
        size_t d = strlen(real_dir);
        bool inside = strncmp(real_target, real_dir, d) == 0 &&
                      (real_target[d] == '/' || (d == 1 && real_dir[0] == '/'));
        if (!inside)
            ok = lw_error_set(err, LW_ERR_PATH,
                              "%s \"%s\" leaves the level's folder through a symbolic link "
                              "(it is %s; pass --allow-outside-paths to accept it)",
                              what, relative, real_target);
    }
    free(target);
    return ok;
}

bool editor_level_file_read(const char *level_path, const char *relative, const char *what,
                            bool allow_outside, char **data, size_t *size, lw_error *err)
{
    char *target = editor_level_resolve_path(level_path, relative);
    if (!target)
        return lw_error_set(err, LW_ERR_NOMEM, NULL);
    char dir[PATH_MAX], real[PATH_MAX] = "";
    lw_error e;
    bool ok;
    if (allow_outside || !editor_path_stays_inside(relative))
        ok = lwm_file_read(target, LWM_MAX_PNG_FILE_BYTES, data, size, &e);
    else
        ok = level_dir(level_path, dir, sizeof dir, &e) &&
             lwm_file_read_inside(target, dir, LWM_MAX_PNG_FILE_BYTES, data, size, real,
                                  sizeof real, &e);
    if (!ok && e.code == LW_ERR_PATH && real[0])
        lw_error_set(err, LW_ERR_PATH,
                     "%s \"%s\" leaves the level's folder through a symbolic link (the file "
                     "opened is %s; pass --allow-outside-paths to accept it)",
                     what, relative, real);
    else if (!ok)
        lw_error_set(err, e.code, "%s \"%s\": %s", what, relative, e.message);
    free(target);
    return ok;
}

bool editor_tileset_read(const char *level_path, const char *relative, bool allow_outside,
                         char **data, size_t *size, lw_error *err)
{
    return editor_level_file_read(level_path, relative, "tileset", allow_outside, data, size, err);
}

bool editor_tileset_load(const char *level_path, const char *relative, bool allow_outside,
                         lwm_image *out, lw_error *err)
{
    char *data;
    size_t size;
    if (!editor_tileset_read(level_path, relative, allow_outside, &data, &size, err))
        return false;
    lw_error e;
    bool ok = lwm_image_load_png_memory(data, size, out, &e);
    if (!ok)
        lw_error_set(err, e.code, "tileset \"%s\": %s", relative, e.message);
    free(data);
    return ok;
}

bool editor_level_png_size(const char *level_path, const char *relative, const char *what,
                           bool allow_outside, uint32_t *width, uint32_t *height, lw_error *err)
{
    char *data;
    size_t size;
    if (!editor_level_file_read(level_path, relative, what, allow_outside, &data, &size, err))
        return false;
    lw_error e;
    bool ok = lwm_png_read_size_memory(data, size, width, height, &e);
    if (!ok)
        lw_error_set(err, e.code, "%s \"%s\": %s", what, relative, e.message);
    free(data);
    return ok;
}
