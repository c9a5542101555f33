#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * What goes with a document's level file to a new place (Save As, Save a Copy): the tileset PNG
 * and the `source` section the document was opened with (docs/DISASM.md §8.1), whose
 * file-relative path (`water_tileset`) is made to point at the same picture from the new folder.
 * Private to editor-document.c and editor-document-source.c. GLib/GIO only, no GTK.
 */

#include "editor-document.h"

G_BEGIN_DECLS

/** Set @error (EDITOR_DOCUMENT_ERROR, @err's code) from @err with @file named. */
void editor_document_set_error_from_lw(GError **error, const char *file, const lw_error *err);

/** The tileset's bytes (malloc()ed), read with the level-folder rule (editor_tileset_read) for a
 * relative path of a document that has a file, as given for an absolute one. */
gboolean editor_document_read_tileset(EditorDocument *self, char **data, size_t *size,
                                      GError **error);

/**
 * Make the tileset reachable from @new_path: keep a relative path when a PNG of that name is
 * there, else copy the PNG beside the new file (also for absolute paths, which level files may
 * not hold). Returns the tileset string to store (newly allocated) or NULL to keep the current
 * one; *@ok FALSE (and @error) when the PNG could not be read or copied.
 */
char *editor_document_relocate_tileset(EditorDocument *self, const char *new_path, GError **error,
                                       gboolean *ok);

/**
 * The `source` section @source_json (compact JSON text of the level file at @old_path) for a
 * level file at @new_path, in *@out (malloc()ed; NULL when @source_json is NULL). The tree's
 * files are named from the tree's root and `tree` is absolute (unpack and every write-back store
 * its real path), so neither moves; `water_tileset`, relative to the level file's folder, is
 * treated as the tileset is (editor_document_relocate_tileset): kept when a PNG of that name is
 * beside @new_path, else the picture is copied there (its base name, an existing file of that
 * name is not replaced) and the member names the copy. FALSE with @error when the picture cannot
 * be read (the level-folder rule, real-path.h) or written, or @source_json is not a JSON object.
 */
gboolean editor_document_source_relocate(const char *source_json, const char *old_path,
                                         const char *new_path, char **out, GError **error);

G_END_DECLS
