#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * A copied block of layout that can be pasted into the same level or into another open level:
 * the chunk ids plus a small level holding exactly the chunks, tiles and masks they use. Pasting
 * reuses identical chunks/tiles/masks of the target and appends the missing ones, all as one
 * undoable group. No GTK.
 */

#include "editor-document.h"

G_BEGIN_DECLS

typedef struct EditorClip EditorClip;

/** Copy layout slots [x, x+w) x [y, y+h) of @layer. NULL when the rect is empty. */
EditorClip *editor_clip_new_from_layout(const lw_level *level, lw_layer layer, guint x, guint y,
                                        guint w, guint h);
void editor_clip_free(EditorClip *clip);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(EditorClip, editor_clip_free)

guint editor_clip_get_width(const EditorClip *clip);
guint editor_clip_get_height(const EditorClip *clip);

/** Whether slot (@i, @j) of the block holds a chunk. */
gboolean editor_clip_slot_filled(const EditorClip *clip, guint i, guint j);

/** For drawing a preview in @level: the chunk of @level that slot (@i, @j) was copied from when
 * @level still holds it unchanged (the same level, or a copy), else LW_NONE. */
uint16_t editor_clip_preview_chunk(const EditorClip *clip, const lw_level *level, guint i, guint j);

/**
 * Paste @clip with its top-left at slot (@x, @y) of @layer, as one undo step ("Paste").
 * Slots outside the layout are dropped. FALSE and @error when the chunk sizes differ or the
 * target runs out of chunk/tile/mask ids (nothing is changed then).
 */
gboolean editor_clip_paste(const EditorClip *clip, EditorDocument *doc, lw_layer layer, guint x,
                           guint y, GError **error);

G_END_DECLS
