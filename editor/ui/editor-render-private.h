#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The renderer's own state, shared by editor-render.c (views, chunk surfaces, level mips,
 * objects) and editor-render-tiles.c (single tiles and art cells) and by nothing else. It is
 * part of the editor-render module (scripts/check-include-cycles counts NAME-private.h as
 * NAME's).
 */

#include "editor-render.h"

#include <loopwright-masks/image.h>

/* KIND_WATER_ART: the art drawn from the water tileset (docs/EDITOR.md, "Water") */
enum { KIND_ART, KIND_WATER_ART, KIND_COLL_A, KIND_COLL_B, KIND_ANG_A, KIND_ANG_B, N_KINDS };
#define N_MIPS 4 /* 1, 1/2, 1/4, 1/8 */

typedef struct {
    cairo_surface_t *surface; /* the whole level at 1/2^m, NULL until needed */
    guint8 *dirty;            /* one byte per layout slot */
    gboolean any_dirty;
} LevelMip;

struct EditorRenderer {
    /* Borrowed */
    const lw_level *level;
    /* Owned */
    lwm_image art;
    lwm_image water_art; /* the level's water tileset (width 0: none; the water is tinted) */
    cairo_surface_t *chunks[N_KINDS][LW_MAX_CHUNKS]; /* 1:1 chunk surfaces */
    LevelMip mips[N_KINDS][N_MIPS];                  /* [k][0] unused */
    /* State */
    guint art_cols, art_cells;
    guint water_cols, water_cells;
    gboolean opaque; /* no background layer: art surfaces are opaque, bg colour baked */
    uint32_t background_rgb;
    guint16 mip_w, mip_h; /* layout size the level mips were made for */
    guint16 mip_chunk_px;
    guint mip_budget;     /* most level-mip slots brought up to date per draw, 0 = all */
    gboolean mip_pending; /* the last draw left visible mip slots out of date */
    /* disassembly object sprites (editor-render-objects.h), loaded on the first draw */
    char *sprites_path;
    struct EditorObjectSprites *sprites;
    gboolean sprites_tried;
};

/* editor-render.c */
uint32_t editor_render_solidity_argb(lw_solidity s);
void editor_render_blit_art(EditorRenderer *self, uint32_t *dst, int stride_px, int x, int y,
                            const lw_tile *tile, uint8_t flips);
