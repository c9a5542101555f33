#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * A new level from the New Level dialog's choices (or the `app.new-level` action): its size in
 * chunks, chunk size, tileset, game profile and whether it starts with a row of ground. No GTK:
 * the dialog, the action and the tests share these.
 */

#include "editor-document.h"

G_BEGIN_DECLS

/** What a new level is made of. */
typedef struct EditorNewLevel {
    guint chunk_px;      /* 128 or 256 */
    guint width, height; /* layout size in chunks */
    const char *tileset; /* tileset PNG (absolute, or relative to the working folder); NULL or ""
                            = none (the dialog then passes editor_new_level_placeholder()'s) */
    const char *profile; /* game profile preset: "s1", "s2", "s3k", "cd", "modern" */
    gboolean ground;     /* a row of solid ground chunks along the bottom, the start on it */
} EditorNewLevel;

/** The defaults the dialog starts with: 32 x 8 chunks of 128 px, no tileset, "s2", ground. */
void editor_new_level_defaults(EditorNewLevel *spec);

/** The largest layout width (@height: FALSE) or height (TRUE) in chunks of @chunk_px px the
 * engine accepts (LW_MAX_LEVEL_W_PX / LW_MAX_LEVEL_H_PX and LW_MAX_LAYOUT_CELLS); 0 for a chunk
 * size other than 128 or 256. */
guint editor_new_level_max_chunks(guint chunk_px, gboolean height);

/** The smallest layout height in chunks: 2 with a ground row (one row of room above it), else 1. */
guint editor_new_level_min_height(gboolean ground);

/**
 * What is wrong with @spec, as one sentence naming the field and the engine's limit (for the
 * dialog to show inline), or NULL when a level can be made from it. Reads only the tileset's
 * PNG header. Free with g_free.
 */
char *editor_new_level_problem(const EditorNewLevel *spec);

/**
 * Write the placeholder tileset (two 16x16 cells drawn by the project: a grass top and soil) as
 * "placeholder-tiles.png" in @dir (made when missing), atomically. Returns its path (free with
 * g_free), or NULL and sets @error.
 */
char *editor_new_level_placeholder(const char *dir, GError **error);

/**
 * A new untitled document from @spec (see editor_new_level_problem for what is refused: NULL
 * and @error, EDITOR_DOCUMENT_ERROR / LW_ERR_RANGE, with that sentence). The level is named
 * "Untitled", has a sky-blue background and @spec's profile. With @spec->ground: one full mask
 * (flat, flagged), two tiles on it (art cells 0 and 1 of the tileset: the top and the fill; a
 * one-cell tileset gives cell 0 to both; no tileset: no art), chunk 0 of solid ground (top row
 * of the first tile, the rest of the second, solid on both paths) in every slot of the bottom
 * row, and the player start one chunk from the left standing on it. Without: no masks, tiles
 * or chunks and the start at (64, 64).
 */
EditorDocument *editor_document_new_level(const EditorNewLevel *spec, GError **error);

/**
 * Read @spec from @dict, the `app.new-level` action's a{sv} parameter: "width", "height",
 * "chunk-size" (u), "tileset", "profile" (s), "ground" and "placeholder" (b); a key left out
 * keeps editor_new_level_defaults' value (placeholder: TRUE). Strings point into @dict. A key
 * of another type is ignored. *@placeholder receives "placeholder": with no tileset, use the
 * generated placeholder tileset.
 */
void editor_new_level_from_variant(GVariant *dict, EditorNewLevel *spec, gboolean *placeholder);

/** @spec as that dictionary (floating). */
GVariant *editor_new_level_to_variant(const EditorNewLevel *spec, gboolean placeholder);

G_END_DECLS
