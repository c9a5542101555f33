#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorClipboard: the one clipboard of the application (owned by EditorApplication, shared by
 * every window), so a block copied in one level pastes into another. It holds an EditorClip and
 * emits "changed" when a new one is set; windows re-evaluate their Paste action from it. No GTK.
 */

#include "editor-clipboard.h"

G_BEGIN_DECLS

#define EDITOR_TYPE_CLIPBOARD (editor_clipboard_get_type())
G_DECLARE_FINAL_TYPE(EditorClipboard, editor_clipboard, EDITOR, CLIPBOARD, GObject)

EditorClipboard *editor_clipboard_new(void);

/** Take @clip (may be NULL: empty) and emit "changed". */
void editor_clipboard_set(EditorClipboard *self, EditorClip *clip);

/** The block held (borrowed, valid until the next set), or NULL. */
const EditorClip *editor_clipboard_get(EditorClipboard *self);

/** Incremented by every set: lets a view tell whether it saw this content already. */
guint editor_clipboard_get_serial(EditorClipboard *self);

G_END_DECLS
