#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The level's loop table (lw_level.loop_chunks: Sonic 1 loop and tunnel chunks, docs/DISASM.md
 * §7.5, engine level.h) as one undoable command: the whole table is replaced, undo gives the
 * old one back. No GTK.
 */
#include "editor-command.h"

#include <loopwright/level.h>

G_BEGIN_DECLS

/**
 * A command that sets the document's loop table to the @count entries at @entries (copied;
 * @count 0 clears it). NULL, with @error set (G_IO_ERROR_INVALID_DATA, naming the entry), when
 * the table is one the level would refuse: more than LW_MAX_LOOP_CHUNKS entries, a chunk or a
 * path-B chunk past the level's chunks, a chunk given twice, an unknown rule, a rule on chunks
 * that are not 256 px. Reports
 * EDITOR_CHANGE_PROPERTIES.
 */
EditorCommand *editor_cmd_set_loop_chunks_new(EditorDocument *doc, const lw_loop_chunk *entries,
                                              guint count, GError **error);

G_END_DECLS
