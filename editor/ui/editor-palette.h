#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorPalette: the Chunks or the Tiles palette (a GtkBox from editor-palette.ui: a scrolled
 * drawing of the items and, for tiles, a switch for the mask overlay). Chunks: every chunk with
 * its id and how many layout slots use it (unused in red), the brush chunk and the edited chunk
 * framed. Tiles: the eraser, then every tile over its art (with its path A mask when "Masks" is
 * on), a green bar when jump-through, dimmed when unused. Tooltips tell more. It follows the
 * document by itself (redraws on `changed`, grows with the counts); the window calls
 * editor_palette_refresh when the tools' brush changes. A click emits "picked" (the chunk id,
 * or the tile id with LW_NONE for the eraser, and the press count); what to do with it is the
 * window's business.
 */

#include "doc/editor-document.h"
#include "doc/editor-tools.h"
#include "editor-render.h"

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum { EDITOR_PALETTE_CHUNKS, EDITOR_PALETTE_TILES } EditorPaletteKind;

#define EDITOR_TYPE_PALETTE_KIND (editor_palette_kind_get_type())
GType editor_palette_kind_get_type(void);

#define EDITOR_TYPE_PALETTE (editor_palette_get_type())
G_DECLARE_FINAL_TYPE(EditorPalette, editor_palette, EDITOR, PALETTE, GtkBox)

/** A palette of @kind (its "kind" property, "chunks" or "tiles" in a .ui file) over @doc, drawn
 * with @renderer, framing @tools' brush (all borrowed; they outlive the palette, or are unset
 * with NULLs first). */
void editor_palette_set_context(EditorPalette *self, EditorDocument *doc, EditorRenderer *renderer,
                                EditorTools *tools);

EditorPaletteKind editor_palette_get_kind(EditorPalette *self);

/** The tools' brush or mode changed: draw the frames again. */
void editor_palette_refresh(EditorPalette *self);

/** Items shown: the chunks, or the tiles and the eraser. */
guint editor_palette_get_item_count(EditorPalette *self);

/** The item under (@x, @y) in the drawing's pixels (from its top left, scrolled content):
 * TRUE with *@item (a chunk or tile id, LW_NONE for the eraser), FALSE outside the items. */
gboolean editor_palette_item_at(EditorPalette *self, double x, double y, guint *item);

/** A press at (@x, @y), as the pointer's: emits "picked" when it is on an item. */
void editor_palette_press(EditorPalette *self, double x, double y, int n_press);

/** The tiles' path A mask drawn over their art (the "Masks" switch; tiles only). */
void editor_palette_set_show_masks(EditorPalette *self, gboolean show);
gboolean editor_palette_get_show_masks(EditorPalette *self);

G_END_DECLS
