#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Forward declarations of the editor's document-side types, and GLib conveniences for engine
 * types (the engine itself never knows GLib exists). No GTK.
 */

#include <glib-object.h>
#include <loopwright/level.h>

G_BEGIN_DECLS

typedef struct _EditorDocument EditorDocument;
typedef struct EditorCommand EditorCommand;
typedef struct EditorCommandClass EditorCommandClass;
typedef struct EditorUndoStack EditorUndoStack;
typedef struct EditorChange EditorChange;

G_DEFINE_AUTOPTR_CLEANUP_FUNC(lw_level, lw_level_free)

/** Error domain of the document: codes are lw_status values (LW_ERR_IO, LW_ERR_FORMAT, ...). */
#define EDITOR_DOCUMENT_ERROR (editor_document_error_quark())
GQuark editor_document_error_quark(void);

G_END_DECLS
