/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-level-new"

#include "level-new.h"

#include "level-ops.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <loopwright/profile.h>
#include <string.h>

#define NEW_LEVEL_SKY_RGB 0x78B4E8u /* the sample levels' sky */

void editor_new_level_defaults(EditorNewLevel *spec)
{
    *spec = (EditorNewLevel){.chunk_px = 128,
                             .width = 32,
                             .height = 8,
                             .tileset = NULL,
                             .profile = "s2",
                             .ground = TRUE};
}

guint editor_new_level_max_chunks(guint chunk_px, gboolean height)
{
    if (chunk_px != 128 && chunk_px != 256)
        return 0;
    guint max = (height ? LW_MAX_LEVEL_H_PX : LW_MAX_LEVEL_W_PX) / chunk_px;
    return MIN(max, LW_MAX_LAYOUT_CELLS);
}

guint editor_new_level_min_height(gboolean ground)
{
    return ground ? 2 : 1;
}

static char *size_problem(const char *what, guint value, guint min, guint max, guint chunk_px,
                          guint max_px)
{
    if (value < min)
        return g_strdup_printf("%s: at least %u chunk%s%s.", what, min, min == 1 ? "" : "s",
                               min == 2 ? " (room above the ground row)" : "");
    if (value > max)
        return g_strdup_printf("%s: %u chunks of %u px are %u px; the engine's limit is %u px "
                               "(%u chunks).",
                               what, value, chunk_px, value * chunk_px, max_px, max);
    return NULL;
}

char *editor_new_level_problem(const EditorNewLevel *spec)
{
    if (spec->chunk_px != 128 && spec->chunk_px != 256)
        return g_strdup_printf("Chunk size: %u px; the engine takes 128 or 256.", spec->chunk_px);
    char *p = size_problem("Width", spec->width, 1, editor_new_level_max_chunks(spec->chunk_px, 0),
                           spec->chunk_px, LW_MAX_LEVEL_W_PX);
    if (!p)
        p = size_problem("Height", spec->height, editor_new_level_min_height(spec->ground),
                         editor_new_level_max_chunks(spec->chunk_px, 1), spec->chunk_px,
                         LW_MAX_LEVEL_H_PX);
    if (p)
        return p;
    if ((guint64)spec->width * spec->height > LW_MAX_LAYOUT_CELLS)
        return g_strdup_printf("Size: %u x %u chunks; the engine's limit is %u chunks in all.",
                               spec->width, spec->height, LW_MAX_LAYOUT_CELLS);
    if (!spec->profile || !lw_profile_find(spec->profile))
        return g_strdup_printf("Game profile: \"%s\" is not one of s1, s2, s3k, cd, modern.",
                               spec->profile ? spec->profile : "");
    if (spec->tileset && *spec->tileset) {
        uint32_t w = 0, h = 0;
        lw_error err;
        if (!lwm_png_read_size(spec->tileset, &w, &h, &err))
            return g_strdup_printf("Tileset: %s: %s.", spec->tileset, err.message);
        if (w < 16 || h < 16)
            return g_strdup_printf("Tileset: %s is %u x %u px, smaller than one 16 x 16 tile.",
                                   spec->tileset, w, h);
    }
    return NULL;
}

/* ---- the placeholder tileset ---- */

static void put(lwm_image *img, uint32_t x, uint32_t y, uint32_t rgb)
{
    uint8_t *p = lwm_image_pixel(img, x, y);
    p[0] = (uint8_t)(rgb >> 16);
    p[1] = (uint8_t)(rgb >> 8);
    p[2] = (uint8_t)rgb;
    p[3] = 255;
}

/* Cell @cell (0: grass over soil, 1: soil) at x = 16 * cell. */
static void draw_cell(lwm_image *img, uint32_t cell)
{
    for (uint32_t y = 0; y < 16; y++)
        for (uint32_t x = 0; x < 16; x++) {
            uint32_t rgb = ((x / 8 + y / 8) & 1) ? 0x9C5A2Au : 0xB46E36u; /* soil checks */
            if (cell == 0 && y < 4)
                rgb = y == 3 ? 0x2E8A2Eu : 0x48C048u; /* grass, a darker edge */
            put(img, 16 * cell + x, y, rgb);
        }
}

char *editor_new_level_placeholder(const char *dir, GError **error)
{
    if (g_mkdir_with_parents(dir, 0755) != 0) {
        int e = errno;
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: %s", dir, g_strerror(e));
        return NULL;
    }
    lwm_image img;
    lw_error err;
    if (!lwm_image_init(&img, 32, 16, 0, &err)) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, (gint)err.code, err.message);
        return NULL;
    }
    draw_cell(&img, 0);
    draw_cell(&img, 1);
    char *path = g_build_filename(dir, "placeholder-tiles.png", NULL);
    gboolean ok = lwm_image_save_png(path, &img, &err);
    lwm_image_clear(&img);
    if (!ok) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, (gint)err.code, "%s: %s", path, err.message);
        g_free(path);
        return NULL;
    }
    return path;
}

/* ---- the level ---- */

/* Art cells in the tileset (0 when there is none or it cannot be read). */
static guint tileset_cells(const char *tileset)
{
    uint32_t w = 0, h = 0;
    lw_error err;
    if (!tileset || !*tileset || !lwm_png_read_size(tileset, &w, &h, &err))
        return 0;
    return (w / 16) * (h / 16);
}

static gboolean add_ground(lw_level *level, const char *tileset)
{
    lw_mask full = {.angle = 0, .flags = LW_MASK_FLAGGED};
    for (int c = 0; c < 16; c++)
        full.heights[c] = 16;
    lw_mask_derive_widths(&full);
    guint cells = tileset_cells(tileset);
    lw_tile top = {.art = cells ? 0 : (uint16_t)LW_NONE, .mask = {0, 0}};
    lw_tile fill = {.art = cells > 1 ? 1 : top.art, .mask = {0, 0}};
    if (lw_level_add_mask(level, &full) < 0 || lw_level_add_tile(level, &top) < 0 ||
        lw_level_add_tile(level, &fill) < 0)
        return FALSE;
    guint n = lw_level_cells_per_chunk(level);
    g_autofree lw_cell *chunk = g_new(lw_cell, n);
    uint8_t solid = lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_ALL);
    for (guint i = 0; i < n; i++)
        chunk[i] = (lw_cell){.tile = i < level->chunk_cells ? 0 : 1, .flags = 0, .solid = solid};
    if (lw_level_add_chunk(level, chunk) < 0)
        return FALSE;
    guint row = level->layout_height - 1u;
    for (guint x = 0; x < level->layout_width; x++)
        lw_level_layout_mut(level, LW_LAYER_FG)[row * level->layout_width + x] = 0;
    return TRUE;
}

EditorDocument *editor_document_new_level(const EditorNewLevel *spec, GError **error)
{
    g_autofree char *problem = editor_new_level_problem(spec);
    if (problem) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE, problem);
        return NULL;
    }
    lw_error err;
    lw_level *level =
        lw_level_new((uint16_t)spec->chunk_px, (uint16_t)spec->width, (uint16_t)spec->height, &err);
    if (!level) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, (gint)err.code, err.message);
        return NULL;
    }
    /* an untitled level has no folder: the tileset's absolute path, copied beside it on save */
    g_autofree char *tileset =
        spec->tileset && *spec->tileset ? g_canonicalize_filename(spec->tileset, NULL) : NULL;
    lw_object start = {.type = LW_OBJECT_PLAYER_START, .x = 64, .y = 64};
    gboolean ok = lw_level_set_string(&level->name, "Untitled") &&
                  lw_level_set_string(&level->tileset, tileset) &&
                  (!spec->ground || add_ground(level, tileset));
    if (ok && spec->ground) {
        int32_t y = start.y;
        start.y = 0;
        if (editor_level_snap_to_ground(level, &start, LW_PATH_A, &y))
            start.y = y;
        else
            start.y = 64;
    }
    if (!ok || !lw_level_add_object(level, &start)) {
        lw_level_free(level);
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_NOMEM, "out of memory");
        return NULL;
    }
    level->background_rgb = NEW_LEVEL_SKY_RGB;
    g_strlcpy(level->profile, spec->profile, sizeof level->profile);
    return editor_document_new_for_level(level, NULL);
}

/* ---- the action's parameter ---- */

void editor_new_level_from_variant(GVariant *dict, EditorNewLevel *spec, gboolean *placeholder)
{
    editor_new_level_defaults(spec);
    *placeholder = TRUE;
    if (!dict || !g_variant_is_of_type(dict, G_VARIANT_TYPE_VARDICT))
        return;
    g_variant_lookup(dict, "width", "u", &spec->width);
    g_variant_lookup(dict, "height", "u", &spec->height);
    g_variant_lookup(dict, "chunk-size", "u", &spec->chunk_px);
    g_variant_lookup(dict, "tileset", "&s", &spec->tileset);
    g_variant_lookup(dict, "profile", "&s", &spec->profile);
    g_variant_lookup(dict, "ground", "b", &spec->ground);
    g_variant_lookup(dict, "placeholder", "b", placeholder);
}

GVariant *editor_new_level_to_variant(const EditorNewLevel *spec, gboolean placeholder)
{
    GVariantBuilder b;
    g_variant_builder_init(&b, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&b, "{sv}", "width", g_variant_new_uint32(spec->width));
    g_variant_builder_add(&b, "{sv}", "height", g_variant_new_uint32(spec->height));
    g_variant_builder_add(&b, "{sv}", "chunk-size", g_variant_new_uint32(spec->chunk_px));
    g_variant_builder_add(&b, "{sv}", "tileset",
                          g_variant_new_string(spec->tileset ? spec->tileset : ""));
    g_variant_builder_add(&b, "{sv}", "profile",
                          g_variant_new_string(spec->profile ? spec->profile : ""));
    g_variant_builder_add(&b, "{sv}", "ground", g_variant_new_boolean(spec->ground));
    g_variant_builder_add(&b, "{sv}", "placeholder", g_variant_new_boolean(placeholder));
    return g_variant_builder_end(&b);
}
