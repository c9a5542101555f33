#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * EditorDocument: one open level. Owns the lw_level, its file path and the undo stack, and is
 * the only way to change the level: every edit is an EditorCommand pushed here (commands are
 * the only code that mutates the level). After each command, undo, redo or group the document
 * emits `changed` once with what changed, so views repaint only that, and a test-play window
 * that reads the level between frames never sees a half-applied command.
 *
 * Properties (all read-only, notify on change): path, title, modified, can-undo, can-redo,
 * undo-label, redo-label, busy. Document-level GActions ("doc" prefix) come from
 * editor_document_get_actions(); when doc.save or doc.revert fails the document emits
 * `failed` (action name, GError) for the window to show, or logs it when nobody listens, and
 * every successful save emits `saved` (path). That is the one save path: a window's Save
 * activates doc.save (Keep Mine: doc.save-keep-mine) and only adds dialogs — it shows what
 * `failed` reports and asks on EDITOR_DOCUMENT_ERROR_CHANGED_ON_DISK.
 * GLib/GIO only, no GTK.
 */

#include "editor-change.h"
#include "editor-command.h"
#include "editor-types.h"

#include <gio/gio.h>
#include <loopwright-masks/image.h>

G_BEGIN_DECLS

#define EDITOR_TYPE_DOCUMENT (editor_document_get_type())
G_DECLARE_FINAL_TYPE(EditorDocument, editor_document, EDITOR, DOCUMENT, GObject)

/**
 * A new untitled document on an empty level of @chunk_px (128 or 256) px chunks and a layout of
 * @width x @height chunks, with one player start. Returns NULL and sets @error on bad sizes.
 */
EditorDocument *editor_document_new_empty(guint chunk_px, guint width, guint height,
                                          GError **error);

/** A document for @level (takes ownership); @path (may be NULL) is where it saves. */
EditorDocument *editor_document_new_for_level(lw_level *level, const char *path);

/**
 * Load a level file. Sets @error (EDITOR_DOCUMENT_ERROR, an lw_status code) with the loader's
 * precise message "FILE:LINE:COL: message" on failure.
 */
EditorDocument *editor_document_load(const char *path, GError **error);

/** The level (borrowed, read-only for everyone but commands; valid until the next command). */
const lw_level *editor_document_get_level(EditorDocument *self);

/** File path, or NULL for an untitled document. */
const char *editor_document_get_path(EditorDocument *self);

/** "name.json" or "Untitled", with a leading "*" when modified. */
const char *editor_document_get_title(EditorDocument *self);

/** Absolute path of the tileset PNG, or NULL (no tileset, or untitled with a relative one).
 * Returns a newly allocated string. */
char *editor_document_dup_tileset_path(EditorDocument *self);

/** The level's tileset decoded (8-bit RGBA, editor_document_dup_tileset_path). FALSE and @error
 * when there is none or it cannot be read. */
gboolean editor_document_load_art(EditorDocument *self, lwm_image *out, GError **error);

gboolean editor_document_get_modified(EditorDocument *self);
gboolean editor_document_can_undo(EditorDocument *self);
gboolean editor_document_can_redo(EditorDocument *self);
/** Label of the command undo would revert / redo would apply, or NULL. */
const char *editor_document_get_undo_label(EditorDocument *self);
const char *editor_document_get_redo_label(EditorDocument *self);

/** The undo stack (borrowed; read it for the history list). */
EditorUndoStack *editor_document_get_undo_stack(EditorDocument *self);

/** Apply @cmd and record it (takes ownership). See editor_undo_stack_push. */
void editor_document_push(EditorDocument *self, EditorCommand *cmd);

void editor_document_undo(EditorDocument *self);
void editor_document_redo(EditorDocument *self);

/** Undo or redo until the stack index is @index (the history list). */
void editor_document_set_history_index(EditorDocument *self, guint index);

/** Open a group: commands pushed until editor_document_end_group make one undo step. The
 * `changed` signal still fires per command so views stay live while a tool drags. */
void editor_document_begin_group(EditorDocument *self, const char *label);
void editor_document_end_group(EditorDocument *self);
/** Abandon the innermost group: revert what it applied and record nothing. */
void editor_document_cancel_group(EditorDocument *self);

/**
 * Long operations (mask regeneration, imports, ...): like a group, but `changed` is held back
 * and emitted once at the end, and the `busy` property is TRUE meanwhile (a test-play window
 * pauses). end with @commit FALSE reverts everything the operation applied.
 */
void editor_document_begin_long_operation(EditorDocument *self, const char *label);
void editor_document_end_long_operation(EditorDocument *self, gboolean commit);
gboolean editor_document_is_busy(EditorDocument *self);

/** Save to the document's path (atomic, keeps PATH.bak). Marks the document clean on success;
 * deletes its recovery file. Refuses when the file changed on disk (editor_document_save_full).*/
gboolean editor_document_save(EditorDocument *self, GError **error);

/** The error code (EDITOR_DOCUMENT_ERROR domain, beside the lw_status codes) of a save refused
 * because the file changed on disk since this document last read or wrote it. */
#define EDITOR_DOCUMENT_ERROR_CHANGED_ON_DISK 1000

/** editor_document_save(), which refuses (EDITOR_DOCUMENT_ERROR_CHANGED_ON_DISK) to overwrite a
 * file another program or window changed since this document read or wrote it unless
 * @overwrite_changed ("keep mine"). */
gboolean editor_document_save_full(EditorDocument *self, gboolean overwrite_changed,
                                   GError **error);

/** The error code of a save into a disassembly tree refused because it changes a file other
 * levels read in a way that alters their collision, layout or art (the message names the files and
 * the levels); editor_document_save_into_tree with @allow_shared writes it. */
#define EDITOR_DOCUMENT_ERROR_SHARED 1001

/** The error code of a save into a disassembly tree refused because the level holds what the
 * tree's files cannot (its water added or removed, docs/DISASM.md §8.6; the message names the
 * INI file and line); nothing was written and the document stays modified. The window offers
 * editor_document_save_copy. */
#define EDITOR_DOCUMENT_ERROR_TREE_CANNOT_HOLD 1002

/** Write the level as it is in memory, with the document's `source` section, to @path (atomic), not
 * changing the document: its path, modified state and undo history stay. A tileset not
 * reachable from @path is copied beside it. Refuses the document's own path. */
gboolean editor_document_save_copy(EditorDocument *self, const char *path, GError **error);

/** The `source` section the document carries (compact JSON text, docs/DISASM.md §8.1; borrowed,
 * valid until the next save or revert), NULL when none. It is read from the file when the
 * document is opened (a recovered one: from its original file) and reverted, written by every
 * save (Save, Save As, Save a Copy: not taken from the file written over), and after a Save into
 * the tree it is the file's updated section. Save As and Save a Copy point its `water_tileset`
 * at the same picture from the new folder, copying it there when needed, as the tileset is. */
const char *editor_document_get_source(EditorDocument *self);

/** Whether the document is a level unpacked from a disassembly tree: it has a file and a `source`
 * section (editor_document_get_source, docs/DISASM.md §8); its Save writes into the tree. */
gboolean editor_document_is_from_tree(EditorDocument *self);

/**
 * The Save of a level unpacked from a disassembly tree (editor_document_save and doc.save call
 * it for such a document, with @allow_shared FALSE): the same write-back as `loopwright pack
 * FILE --into TREE` (disasm-save.h). Only the tree's files whose content changed are written,
 * together with the document's file (the cached level JSON, its `source` updated) as one
 * journaled set, all or nothing; when no tree file changes only the document's file is saved.
 * A change to a file other levels read that would alter their collision, layout or art is refused
 * (EDITOR_DOCUMENT_ERROR_SHARED, nothing written) unless @allow_shared. *@report (may be NULL;
 * g_free) receives, when saved or refused (NULL on another error), one line a changed file with the
 * levels sharing it and the write-back's warnings. @overwrite_changed as in
 * editor_document_save_full.
 */
gboolean editor_document_save_into_tree(EditorDocument *self, gboolean allow_shared,
                                        gboolean overwrite_changed, char **report, GError **error);

/** Whether the file at the document's path differs from what the document last read or wrote
 * there (FALSE when there is no file). */
gboolean editor_document_changed_on_disk(EditorDocument *self);

/** Save to @path and make it the document's path. A relative tileset path is rewritten so it
 * still points at the same PNG from the new folder; the document's `source` section goes with
 * it (editor_document_get_source), so a tree level stays one. */
gboolean editor_document_save_as(EditorDocument *self, const char *path, GError **error);

/** Reload the file from disk as one undoable command ("Revert to Saved"), then mark clean. */
gboolean editor_document_revert(EditorDocument *self, GError **error);

/**
 * The document's GActions: "undo", "redo", "save", "save-keep-mine" (save over a file that
 * changed on disk), "revert" — enabled states follow can-undo, can-redo, path != NULL (both
 * saves), path != NULL && modified. Attach with prefix "doc".
 */
GActionGroup *editor_document_get_actions(EditorDocument *self);

/* ---- crash recovery ---- */

/** Folder of recovery files: g_get_user_state_dir()/loopwright/recovery (newly allocated). */
char *editor_recovery_dir(void);

/** The recovery file of this document (newly allocated): derived from its path, or a
 * per-process name for untitled documents. */
char *editor_document_dup_recovery_path(EditorDocument *self);

/** Write the level's JSON atomically to the recovery file (when modified). */
gboolean editor_document_write_recovery(EditorDocument *self, GError **error);

/** Delete the recovery file, if any. */
void editor_document_delete_recovery(EditorDocument *self);

/**
 * Load a recovery file as a modified document whose path is the original file (read from the
 * recovery file's companion ".path" note) so saving goes where the user expects.
 */
EditorDocument *editor_document_load_recovery(const char *recovery_path, GError **error);

/** The original path noted for a recovery file (newly allocated) or NULL when untitled. */
char *editor_recovery_dup_original_path(const char *recovery_path);

G_END_DECLS
