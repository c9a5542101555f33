#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorPalette: the Chunks or the Tiles palette (a GtkDrawingArea to put in a scrolled
 * window). Chunks: every chunk with its id and how many layout slots use it (unused in red), the
 * brush chunk and the edited chunk framed. Tiles: the eraser, then every tile with its path A
 * mask over the art, a green bar when jump-through, dimmed when unused. Tooltips tell more.
 * A click emits "picked" (the chunk id, or the tile id with LW_NONE for the eraser, and the
 * press count); what to do with it is the window's business.
 */

#include "doc/editor-document.h"
#include "doc/editor-tools.h"
#include "editor-render.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum { EDITOR_PALETTE_CHUNKS, EDITOR_PALETTE_TILES } EditorPaletteKind;

#define EDITOR_TYPE_PALETTE (editor_palette_get_type())
G_DECLARE_FINAL_TYPE(EditorPalette, editor_palette, EDITOR, PALETTE, GtkDrawingArea)

/** A palette of @doc's chunks or tiles, drawn with @renderer, framing @tools' brush (all
 * borrowed). */
EditorPalette *editor_palette_new(EditorPaletteKind kind, EditorDocument *doc,
                                  EditorRenderer *renderer, EditorTools *tools);

/** The number of chunks or tiles changed, or the width: fit the height to the rows. */
void editor_palette_update_size(EditorPalette *self);

G_END_DECLS
