/* SPDX-License-Identifier: MIT */
/* A disassembly tree opened through its SonLVL project file (disasm-tree.h, docs/DISASM.md §7). */
#include "disasm-tree-private.h"
#include "loopwright-masks/file-io.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

bool lwm_tree_exists(const char *root)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", root, LWM_TREE_INI_FILE);
    struct stat st;
    return n > 0 && (size_t)n < sizeof path && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

void lwm_tree_clear(lwm_tree *tree)
{
    if (!tree)
        return;
    for (size_t i = 0; i < tree->level_count; i++) {
        free(tree->levels[i].section);
        free(tree->levels[i].name);
    }
    free(tree->levels);
    free(tree->root);
    lwm_ini_clear(&tree->ini);
    memset(tree, 0, sizeof *tree);
}

/* The first file of an INI value "a/b.kos:0x10|c.kos" into @out: "a/b.kos". */
void tree_first_path(const char *value, char *out, size_t size)
{
    size_t n = strcspn(value, "|:");
    if (n >= size)
        n = size - 1;
    memcpy(out, value, n);
    out[n] = '\0';
}

/* Zone and act from a layout path: EHZ_1.kos, SCZ.kos, ghz1.bin, Levels/AIZ/Layout/2.bin. */
static void zone_of_layout(const char *value, char zone[16], unsigned *act)
{
    char path[512];
    tree_first_path(value, path, sizeof path);
    zone[0] = '\0';
    *act = 1;
    char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
    if (dot && (!slash || dot > slash))
        *dot = '\0';
    char *stem = slash ? slash + 1 : path;
    size_t n = strlen(stem), d = n;
    while (d > 0 && isdigit((unsigned char)stem[d - 1]))
        d--;
    if (d < n && n - d < 4)
        *act = (unsigned)atoi(stem + d);
    size_t z = d;
    if (z > 0 && stem[z - 1] == '_')
        z--;
    if (z == 0 && slash) {
        /* S3K: Levels/ZONE/Layout/N.bin */
        *slash = '\0';
        char *up = strrchr(path, '/');
        if (up) {
            *up = '\0';
            char *zs = strrchr(path, '/');
            stem = zs ? zs + 1 : path;
            z = strlen(stem);
        }
    }
    if (z >= 16)
        z = 15;
    for (size_t i = 0; i < z; i++)
        zone[i] = (char)toupper((unsigned char)stem[i]);
    zone[z] = '\0';
}

static bool parse_version(const lwm_ini *ini, lwm_game *game, lw_error *err)
{
    const lwm_ini_entry *v = lwm_ini_entry_find(&ini->sections[0], "version");
    if (!v)
        return lw_error_set(err, LW_ERR_FORMAT,
                            "no \"version\" key (S1, S2 or S3K) before the "
                            "first level");
    if (strcmp(v->value, "S1") == 0)
        *game = LWM_GAME_S1;
    else if (strcmp(v->value, "S2") == 0)
        *game = LWM_GAME_S2;
    else if (strcmp(v->value, "S3K") == 0)
        *game = LWM_GAME_S3K;
    else {
        lw_error_set(err, LW_ERR_FORMAT, "version \"%.40s\": Loopwright reads S1, S2 and S3K",
                     v->value);
        if (err) {
            err->line = v->line;
            err->column = 9;
        }
        return false;
    }
    return true;
}

static bool list_levels(lwm_tree *t, lw_error *err)
{
    size_t n = t->ini.count - 1;
    t->levels = calloc(n ? n : 1, sizeof *t->levels);
    if (!t->levels)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const lwm_ini_section *s = &t->ini.sections[i + 1];
        lwm_tree_level *l = &t->levels[i];
        const char *dn = lwm_ini_get(s, "displayname");
        l->section = strdup(s->name);
        l->name = strdup(dn ? dn : s->name);
        t->level_count = i + 1;
        if (!l->section || !l->name)
            return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        const char *lay = lwm_ini_get(s, t->game == LWM_GAME_S1 ? "fglayout" : "layout");
        if (lay)
            zone_of_layout(lay, l->zone, &l->act);
        else
            l->act = 1;
    }
    return true;
}

bool lwm_tree_open(const char *root, lwm_tree *out, char *failed, lw_error *err)
{
    memset(out, 0, sizeof *out);
    int n = snprintf(failed, 4096, "%s/%s", root, LWM_TREE_INI_FILE);
    if (n < 0 || n >= 4096)
        return lw_error_set(err, LW_ERR_IO, "path too long");
    out->root = strdup(root);
    if (!out->root)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    /* a `pack --into` killed between its renames left a journal: complete it first */
    if (!lwm_file_recover(root, err)) {
        snprintf(failed, 4096, "%s", root);
        lwm_tree_clear(out);
        return false;
    }
    bool ok = lwm_ini_load(failed, &out->ini, err) && parse_version(&out->ini, &out->game, err) &&
              list_levels(out, err);
    if (!ok)
        lwm_tree_clear(out);
    return ok;
}

long lwm_tree_find(const lwm_tree *tree, const char *name)
{
    for (size_t i = 0; i < tree->level_count; i++)
        if (strcmp(tree->levels[i].section, name) == 0)
            return (long)i;
    for (size_t i = 0; i < tree->level_count; i++)
        if (strcmp(tree->levels[i].name, name) == 0)
            return (long)i;
    return -1;
}

long lwm_tree_find_zone(const lwm_tree *tree, const char *zone, unsigned act)
{
    for (size_t i = 0; i < tree->level_count; i++)
        if (strcasecmp(tree->levels[i].zone, zone) == 0 && tree->levels[i].act == act)
            return (long)i;
    return -1;
}

bool tree_resolve(const char *value, char *out, size_t size, lw_error *err)
{
    char buf[1024];
    int n = snprintf(buf, sizeof buf, "%s/%s", LWM_TREE_INI_DIR, value);
    if (n < 0 || (size_t)n >= sizeof buf)
        return lw_error_set(err, LW_ERR_PATH, "path too long: %.80s", value);
    if (value[0] == '/' || value[0] == '\\' || (value[0] && value[1] == ':'))
        return lw_error_set(err, LW_ERR_PATH, "absolute path %.80s: the INI's paths are relative",
                            value);
    for (char *p = buf; *p; p++)
        if (*p == '\\')
            *p = '/';
    /* normalise: drop "." and "", resolve ".." (never above the tree's root) */
    size_t len = 0;
    out[0] = '\0';
    char *save = NULL;
    for (char *tok = strtok_r(buf, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
        if (strcmp(tok, ".") == 0)
            continue;
        if (strcmp(tok, "..") == 0) {
            if (len == 0)
                return lw_error_set(err, LW_ERR_PATH, "%.120s leaves the tree", value);
            char *s = strrchr(out, '/');
            len = s ? (size_t)(s - out) : 0;
            out[len] = '\0';
            continue;
        }
        size_t t = strlen(tok);
        if (len + t + 2 > size)
            return lw_error_set(err, LW_ERR_PATH, "path too long: %.80s", value);
        if (len)
            out[len++] = '/';
        memcpy(out + len, tok, t + 1);
        len += t;
    }
    if (!len)
        return lw_error_set(err, LW_ERR_PATH, "empty path");
    return true;
}
