/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-masks"

#include "terrain-import.h"

#include "editor-commands.h"

#include <glib/gstdio.h>
#include <loopwright-masks/terrain.h>
#include <stdlib.h>
#include <string.h>

gboolean editor_terrain_load_png(const char *path, lwm_image *out, GError **error)
{
    lwm_image_info info;
    lw_error err;
    if (!lwm_image_load_png_info(path, out, &info, &err)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, err.code, "%s: %s", path, err.message);
        return FALSE;
    }
    if (!info.has_alpha)
        lwm_image_apply_color_key(out, lwm_image_corner_rgb(out));
    return TRUE;
}

static void on_warning(void *user, int32_t x, int32_t y, const char *message)
{
    EditorTerrainImport *imp = user;
    if (imp->warnings++ == 0)
        g_snprintf(imp->first_warning, sizeof imp->first_warning, "(%d, %d): %s", x, y, message);
}

gboolean editor_terrain_import(const lw_level *current, const lwm_image *terrain,
                               const lwm_image *art, gboolean neighbour_angles,
                               EditorTerrainImport *out, GError **error)
{
    memset(out, 0, sizeof *out);
    lwm_import_options opts = lwm_import_options_default();
    opts.terrain = terrain;
    opts.art = art;
    opts.chunk_px = current->chunk_px;
    opts.neighbour_angles = neighbour_angles;
    opts.profile = current->profile[0] ? current->profile : NULL; /* its game's angle rule */
    opts.warn = on_warning;
    opts.user = out;
    lwm_import_result res = {0};
    lw_error err;
    if (!lwm_import_terrain(&opts, &res, &err)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, err.code, "%s", err.message);
        return FALSE;
    }
    out->level = g_steal_pointer(&res.level);
    out->tileset = res.tileset;
    res.tileset = (lwm_image){0};
    out->start_found = res.start_found;
    lwm_import_result_clear(&res);
    return TRUE;
}

void editor_terrain_import_clear(EditorTerrainImport *imp)
{
    lw_level_free(imp->level);
    lwm_image_clear(&imp->tileset);
    memset(imp, 0, sizeof *imp);
}

char *editor_terrain_write_tileset(const EditorTerrainImport *imp, const char *dir,
                                   const char *stem, GError **error)
{
    void *data = NULL;
    size_t size = 0;
    lw_error err;
    if (imp->tileset.width == 0) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            "the picture has no art to make a tileset from");
        return NULL;
    }
    if (!lwm_image_encode_png(&imp->tileset, &data, &size, &err)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, err.code, "%s", err.message);
        return NULL;
    }
    g_autofree char *sum = g_compute_checksum_for_data(G_CHECKSUM_SHA256, data, size);
    g_autofree char *name = g_strdup_printf("%s-%.12s.png", stem && *stem ? stem : "terrain", sum);
    char *path = g_build_filename(dir, name, NULL);
    if (g_mkdir_with_parents(dir, 0755) != 0 ||
        (!g_file_test(path, G_FILE_TEST_EXISTS) &&
         !lwm_file_write_atomic(path, data, size, NULL, &err))) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_IO, "%s: cannot write the tileset", path);
        g_free(path);
        path = NULL;
    }
    free(data);
    return path;
}

lw_level *editor_terrain_merge(const lw_level *current, const EditorTerrainImport *imp,
                               const char *tileset_path)
{
    lw_level *next = lw_level_dup(imp->level);
    if (!next)
        return NULL;
    gboolean ok = lw_level_set_string(&next->name, current->name) &&
                  lw_level_set_string(&next->tileset, tileset_path);
    next->background_rgb = current->background_rgb;
    next->has_water = current->has_water;
    next->water_height = current->water_height;
    g_strlcpy(next->profile, current->profile, sizeof next->profile);
    g_strlcpy(next->character, current->character, sizeof next->character);
    /* the import's start stands on the new terrain; without one, keep ours */
    if (!imp->start_found) {
        while (next->object_count)
            lw_level_remove_object_at(next, next->object_count - 1);
    }
    next->next_object_id = MAX(next->next_object_id, current->next_object_id);
    for (guint i = 0; ok && i < current->object_count; i++) {
        lw_object o = {0};
        const lw_object *src = &current->objects[i];
        if (imp->start_found && src->type == LW_OBJECT_PLAYER_START)
            continue;
        ok = lw_object_copy(&o, src);
        if (ok && lw_level_find_object(next, o.id))
            o.id = 0; /* the import's start took this id: a fresh one */
        ok = ok && lw_level_add_object(next, &o) != NULL;
        lw_object_clear(&o);
    }
    for (guint i = 0; ok && i < current->override_count; i++)
        ok = lw_level_set_override(next, current->overrides[i].name, current->overrides[i].value);
    for (guint i = 0; ok && i < current->replay_count; i++)
        ok = lw_level_add_replay(next, &current->replays[i]);
    if (!ok) {
        lw_level_free(next);
        return NULL;
    }
    return next;
}

static gboolean outside(const lw_object *o, int32_t w, int32_t h)
{
    return o->x < 0 || o->y < 0 || o->x >= w || o->y >= h;
}

guint editor_terrain_objects_outside(const lw_level *current, int32_t width, int32_t height,
                                     gboolean start_moves)
{
    guint n = 0;
    for (guint i = 0; i < current->object_count; i++) {
        const lw_object *o = &current->objects[i];
        if (start_moves && o->type == LW_OBJECT_PLAYER_START)
            continue;
        n += outside(o, width, height);
    }
    return n;
}

guint editor_document_apply_terrain_full(EditorDocument *doc, const EditorTerrainImport *imp,
                                         const char *tileset_path, EditorOutsideObjects policy)
{
    editor_document_begin_group(doc, "Import Terrain");
    editor_document_apply_terrain(doc, imp, tileset_path);
    const lw_level *l = editor_document_get_level(doc);
    int32_t w = lw_level_width_px(l), h = lw_level_height_px(l);
    GArray *ids = g_array_new(FALSE, FALSE, sizeof(guint32));
    for (guint i = 0; i < l->object_count; i++)
        if (outside(&l->objects[i], w, h))
            g_array_append_val(ids, l->objects[i].id);
    guint done = 0;
    for (guint i = 0; policy != EDITOR_OUTSIDE_KEEP && i < ids->len; i++) {
        guint32 id = g_array_index(ids, guint32, i);
        const lw_object *o = lw_level_find_object(editor_document_get_level(doc), id);
        EditorCommand *cmd = NULL;
        if (policy == EDITOR_OUTSIDE_REMOVE)
            cmd = editor_cmd_remove_object_new(doc, id);
        else if (o)
            cmd = editor_cmd_move_object_new(doc, id, CLAMP(o->x, 8, MAX(w - 8, 8)),
                                             CLAMP(o->y, 8, MAX(h - 8, 8)), 0);
        if (cmd) {
            editor_document_push(doc, cmd);
            done++;
        }
    }
    g_array_unref(ids);
    editor_document_end_group(doc);
    return done;
}

void editor_document_apply_terrain(EditorDocument *doc, const EditorTerrainImport *imp,
                                   const char *tileset_path)
{
    lw_level *next = editor_terrain_merge(editor_document_get_level(doc), imp, tileset_path);
    if (!next)
        g_error("out of memory");
    editor_document_begin_group(doc, "Import Terrain");
    editor_document_push(doc, editor_cmd_replace_level_new(doc, next, "Import Terrain"));
    editor_document_end_group(doc);
}
