/* SPDX-License-Identifier: MIT */
#define _XOPEN_SOURCE 700 /* realpath */
/* A level saved back into its disassembly tree (disasm-save.h). */
#include "disasm-save.h"

#include "disasm-source.h"
#include "level-json.h"

#include <glib.h>
#include <loopwright-masks/file-io.h>
#include <loopwright/crc32.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool editor_disasm_file_has_source(const char *json_path)
{
    char *json = editor_level_file_source(json_path, NULL);
    bool has = json != NULL;
    free(json);
    return has;
}

/* The `source` section @json (NULL: none) parsed into @src and *@tree. */
static bool parse_source(const char *json, lwm_tree_source *src, char **tree, lw_error *err)
{
    if (!json)
        return lw_error_set(err, LW_ERR_FORMAT,
                            "no \"source\" section: the level was not unpacked from a "
                            "disassembly tree");
    return editor_source_from_json(json, src, tree, err);
}

/* Stage every changed file and the level JSON (its source updated), then rename them all; the
 * journal goes in the tree's root (docs/DISASM.md §8.2 step 6). */
static bool write_back(const char *root, const char *json_path, const lw_level *level,
                       lwm_tree_source *src, const lwm_tree_export *ex, char *failed, lw_error *err)
{
    for (size_t i = 0; i < ex->file_count; i++)
        for (size_t k = 0; k < src->file_count; k++)
            if (strcmp(src->files[k].path, ex->files[i].path) == 0) {
                src->files[k].size = (uint32_t)ex->files[i].size;
                src->files[k].raw_size = (uint32_t)ex->files[i].raw_size;
                src->files[k].crc32 = lw_crc32(0, ex->files[i].data, ex->files[i].size);
            }
    if (ex->water_written) { /* the INI now has the level's height (docs/DISASM.md §8.6) */
        src->has_water = level->has_water;
        src->water_height = (uint32_t)level->water_height;
    }
    snprintf(failed, 4096, "%s", json_path);
    uint8_t *ids = malloc(ex->mask_count ? ex->mask_count : 1);
    if (!ids)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    memcpy(ids, ex->mask_ids, ex->mask_count);
    free(src->mask_ids);
    src->mask_ids = ids;
    src->mask_count = ex->mask_count;
    char *abs = realpath(root, NULL);
    char *srcjson = abs ? editor_source_to_json(src, abs) : NULL;
    size_t json_size = 0;
    char *json = srcjson ? editor_level_to_json_source(level, srcjson, &json_size) : NULL;
    lwm_file_job jobs[LWM_TREE_MAX_FILES + 1];
    char *paths[LWM_TREE_MAX_FILES];
    size_t n = 0;
    bool ok = json || lw_error_set(err, abs ? LW_ERR_NOMEM : LW_ERR_IO, "%s",
                                   abs ? "out of memory" : "cannot resolve the tree's path");
    for (size_t i = 0; ok && i < ex->file_count; i++) {
        size_t len = strlen(root) + strlen(ex->files[i].path) + 2;
        if (!(paths[n] = malloc(len))) {
            ok = lw_error_set(err, LW_ERR_NOMEM, "out of memory");
            break;
        }
        snprintf(paths[n], len, "%s/%s", root, ex->files[i].path);
        jobs[n] = (lwm_file_job){paths[n], ex->files[i].data, ex->files[i].size};
        n++;
    }
    if (ok) {
        size_t bad = 0;
        jobs[n] = (lwm_file_job){json_path, json, json_size};
        ok = lwm_file_write_set(jobs, n + 1, root, &bad, err);
        if (!ok)
            snprintf(failed, 4096, "%s", jobs[bad].path);
    }
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(json);
    free(srcjson);
    free(abs);
    return ok;
}

/* The level's tileset PNG (relative to @json_path's folder), decoded; none when the level names
 * none. The art written back is what it shows (docs/DISASM.md §8.5). */
static bool load_tileset(const char *json_path, const lw_level *level, lwm_image *out, char *failed,
                         lw_error *err)
{
    if (!level->tileset || !*level->tileset)
        return true;
    const char *slash = strrchr(json_path, '/');
    int dir = slash ? (int)(slash - json_path) : 1;
    if (level->tileset[0] == '/')
        snprintf(failed, 4096, "%s", level->tileset);
    else
        snprintf(failed, 4096, "%.*s/%s", dir, slash ? json_path : ".", level->tileset);
    return lwm_image_load_png(failed, out, err);
}

bool editor_disasm_save_level(const char *json_path, const lw_level *level, const char *tree,
                              unsigned flags, editor_disasm_save *out, char *failed, lw_error *err)
{
    char *text, *json = NULL;
    size_t len;
    memset(out, 0, sizeof *out);
    snprintf(failed, 4096, "%s", json_path);
    if (!lwm_file_read(json_path, EDITOR_LEVEL_MAX_FILE_BYTES, &text, &len, err))
        return false;
    bool ok = editor_level_source_text(text, len, &json, err);
    free(text);
    ok = ok &&
         editor_disasm_save_level_source(json_path, json, level, tree, flags, out, failed, err);
    free(json);
    return ok;
}

bool editor_disasm_save_level_source(const char *json_path, const char *source_json,
                                     const lw_level *level, const char *tree, unsigned flags,
                                     editor_disasm_save *out, char *failed, lw_error *err)
{
    memset(out, 0, sizeof *out);
    lwm_tree_source src = {0};
    char *src_tree = NULL;
    snprintf(failed, 4096, "%s", json_path);
    if (!parse_source(source_json, &src, &src_tree, err)) {
        free(src_tree);
        return false;
    }
    bool ok = true;
    if (tree) {
        free(src_tree);
        src_tree = NULL;
        out->tree = strdup(tree);
        ok = out->tree || lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    } else {
        out->tree = src_tree;
        src_tree = NULL;
        ok = out->tree || lw_error_set(err, LW_ERR_FORMAT, "source.tree: missing");
    }
    lwm_tree t = {0};
    lwm_image tileset = {0};
    ok = ok && load_tileset(json_path, level, &tileset, failed, err);
    ok = ok && lwm_tree_open(out->tree, &t, failed, err);
    ok = ok && lwm_tree_export_level(&t, &src, level, tileset.rgba ? &tileset : NULL, &out->ex,
                                     &out->report, failed, err);
    if (ok && !(flags & EDITOR_DISASM_ALLOW_SHARED)) {
        for (size_t i = 0; i < out->ex.file_count; i++) {
            const lwm_tree_out_file *f = &out->ex.files[i];
            if (f->alters_others && !out->refused) {
                out->refused = true;
                snprintf(failed, 4096, "%s/%s", out->tree, f->path);
                lw_error_set(err, LW_ERR_FORMAT,
                             "the change alters the collision, layout or art of other levels (%s)",
                             f->shared ? f->shared : "?");
            }
        }
        ok = !out->refused;
    }
    if (ok && out->ex.file_count && !(flags & EDITOR_DISASM_DRY_RUN)) {
        ok = write_back(out->tree, json_path, level, &src, &out->ex, failed, err);
        out->written = ok;
    }
    lwm_tree_clear(&t);
    lwm_image_clear(&tileset);
    editor_source_clear(&src);
    free(src_tree);
    return ok;
}

/* Append to a malloc()ed string; false when out of memory (the string is then freed). The
 * format attribute lets the compiler check every call (and clang's -Wformat-nonliteral accept
 * the vsnprintf calls below). */
static bool append(char **s, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool append(char **s, size_t *len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *grown = n >= 0 ? realloc(*s, *len + (size_t)n + 1) : NULL;
    if (!grown) {
        free(*s);
        *s = NULL;
        return false;
    }
    *s = grown;
    va_start(ap, fmt);
    vsnprintf(*s + *len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    *len += (size_t)n;
    return true;
}

char *editor_disasm_save_describe(const editor_disasm_save *s)
{
    char *text = calloc(1, 1);
    size_t len = 0;
    for (size_t i = 0; text && i < s->ex.file_count; i++) {
        const lwm_tree_out_file *f = &s->ex.files[i];
        if (!append(&text, &len, "%s: %u unpacked %s (%s), %zu bytes\n", f->path, f->changed_bytes,
                    f->changed_bytes == 1 ? "byte changes" : "bytes change", f->role, f->size))
            break;
        if (f->shared && !append(&text, &len, "  also read by: %s\n", f->shared))
            break;
        if (f->alters_others &&
            !append(&text, &len, "  alters those levels' collision, layout or art\n"))
            break;
    }
    return text;
}

char *editor_disasm_save_report(const editor_disasm_save *s)
{
    char *files = editor_disasm_save_describe(s);
    GString *text = g_string_new(files ? files : "");
    free(files);
    for (size_t i = 0; i < s->report.count; i++) {
        const lwm_report_item *it = &s->report.items[i];
        if (it->kind != LWM_REPORT_NOTE)
            g_string_append_printf(text, "%s%swarning: %s\n", it->file, it->file[0] ? ": " : "",
                                   it->message);
    }
    return g_string_free(text, FALSE);
}

void editor_disasm_save_clear(editor_disasm_save *s)
{
    free(s->tree);
    lwm_tree_export_clear(&s->ex);
    lwm_report_clear(&s->report);
    memset(s, 0, sizeof *s);
}
