/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE /* realpath */
#include "real-path.h"

#include "level-json.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

bool editor_path_real_inside(const char *level_path, const char *relative, lw_error *err)
{
    char *target = editor_level_resolve_path(level_path, relative);
    if (!target)
        return lw_error_set(err, LW_ERR_NOMEM, NULL);
    const char *slash = strrchr(level_path, '/');
    char dir[PATH_MAX];
    size_t n = slash ? (size_t)(slash - level_path) : 1;
    if (n == 0)
        n = 1;
    if (n >= sizeof dir) {
        free(target);
        return lw_error_set(err, LW_ERR_PATH, "path too long");
    }
    memcpy(dir, slash ? level_path : ".", n);
    dir[n] = '\0';
    char real_dir[PATH_MAX], real_target[PATH_MAX];
    bool ok = true;
    if (realpath(dir, real_dir) && realpath(target, real_target)) {
        size_t d = strlen(real_dir);
        bool inside = strncmp(real_target, real_dir, d) == 0 &&
                      (real_target[d] == '/' || (d == 1 && real_dir[0] == '/'));
        if (!inside)
            ok = lw_error_set(err, LW_ERR_PATH,
                              "tileset \"%s\" leaves the level's folder through a symbolic link "
                              "(it is %s; pass --allow-outside-paths to accept it)",
                              relative, real_target);
    }
    free(target);
    return ok;
}
