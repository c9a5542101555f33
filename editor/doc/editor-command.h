#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Undoable commands and the undo stack (STYLE.md §7.8: Tiled's design in C). A command is a
 * struct that starts with an EditorCommand header pointing at a static EditorCommandClass
 * vtable. The stack applies a command when it is pushed, keeps it for undo/redo, merges
 * consecutive commands of one drag stroke, and knows which index matches the saved file.
 *
 * Adding a command type: write one file with a struct embedding EditorCommand first, a static
 * EditorCommandClass with apply/revert, or one write for both (and optionally
 * merge/is_noop/free), and a constructor
 * that fills the struct (capturing "before" values from the document's current level) and
 * returns &cmd->base. apply/revert mutate the level obtained from
 * editor_document_level_for_command() and record what they touched in the EditorChange passed
 * in. Nothing else may mutate a document's level. No GTK.
 */

#include "editor-change.h"
#include "editor-types.h"

G_BEGIN_DECLS

/* Merging: two consecutive commands become one undo step when they have the same class, that
 * class has a merge function, and both carry the same non-zero stroke (one drag). */
struct EditorCommandClass {
    const char *name; /* type name for tests and debugging, e.g. "set-layout" */
    /* Do the change (also "redo"). Records what it touched in @change. */
    void (*apply)(EditorCommand *cmd, EditorDocument *doc, EditorChange *change);
    /* Undo the change exactly. */
    void (*revert)(EditorCommand *cmd, EditorDocument *doc, EditorChange *change);
    /* In place of apply and revert (leave both NULL), for a command that holds a "before" and
     * an "after" state: write the after state (@after TRUE: apply) or the before state (@after
     * FALSE: revert) into the level, recording what it touched in @change. */
    void (*write)(EditorCommand *cmd, EditorDocument *doc, EditorChange *change, gboolean after);
    /* Optional (NULL = never merges): absorb @next (already applied, same class and stroke)
     * into @cmd; return FALSE to refuse. */
    gboolean (*merge)(EditorCommand *cmd, const EditorCommand *next);
    /* Optional: the command changes nothing (e.g. a stroke that painted what was there). */
    gboolean (*is_noop)(const EditorCommand *cmd);
    /* Optional: free the payload (not the label, not the struct itself). */
    void (*free)(EditorCommand *cmd);
};

/** The header of every command. */
struct EditorCommand {
    const EditorCommandClass *klass; /* borrowed: a static vtable */
    char *label;                     /* owned: "Paint Chunks" — shown as "Undo Paint Chunks" */
    guint stroke;                    /* non-zero: part of one drag stroke; consecutive commands of
                                        one class with the same stroke merge into one step */
};

/**
 * Allocate a command of @size bytes (the concrete struct), zeroed, with its header filled.
 * @label is copied.
 */
gpointer editor_command_alloc(gsize size, const EditorCommandClass *klass, const char *label);

/** A fresh non-zero stroke id for the commands of one drag (tools call it on button press). */
guint editor_command_new_stroke(void);

/** Free a command and its payload (accepts NULL). */
void editor_command_free(EditorCommand *cmd);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(EditorCommand, editor_command_free)

/** The command's label (borrowed). */
const char *editor_command_get_label(const EditorCommand *cmd);

/**
 * A group (composite) command: applies its children in order and reverts them in reverse. It
 * takes ownership of the children. Groups never merge. Used by editor_undo_stack_begin_group.
 */
EditorCommand *editor_command_group_new(const char *label);

/** Append an already-applied child to a group made by editor_command_group_new (takes @child). */
void editor_command_group_append(EditorCommand *group, EditorCommand *child);

/** Number of children of a group. */
guint editor_command_group_get_count(const EditorCommand *group);

/* ---- the undo stack ---- */

/** Create an empty stack (index 0, clean index 0). */
EditorUndoStack *editor_undo_stack_new(void);

/** Free the stack and every command it holds (accepts NULL). */
void editor_undo_stack_free(EditorUndoStack *stack);

/**
 * Apply @cmd to @doc and record it (takes ownership). Frees the redo tail; merges @cmd into the
 * top command when both have the same class, the class has a merge function, both have the
 * same non-zero stroke id, and the top is not the saved state; pops a merged top that became a
 * no-op. A command that changes nothing is dropped. Inside a group the command is applied and
 * appended to the group instead. Returns TRUE when the history changed.
 */
gboolean editor_undo_stack_push(EditorUndoStack *stack, EditorCommand *cmd, EditorDocument *doc,
                                EditorChange *change);

/** Revert the command below the index. Returns FALSE when there is nothing to undo. */
gboolean editor_undo_stack_undo(EditorUndoStack *stack, EditorDocument *doc, EditorChange *change);

/** Re-apply the command at the index. Returns FALSE when there is nothing to redo. */
gboolean editor_undo_stack_redo(EditorUndoStack *stack, EditorDocument *doc, EditorChange *change);

/** Open a group: commands pushed until the matching end_group become one undo step. Nests. */
void editor_undo_stack_begin_group(EditorUndoStack *stack, const char *label);

/** Close the innermost group; an empty group leaves no trace. */
void editor_undo_stack_end_group(EditorUndoStack *stack, EditorDocument *doc, EditorChange *change);

/** Abandon the innermost group: revert what it applied (in reverse) and drop it. */
void editor_undo_stack_cancel_group(EditorUndoStack *stack, EditorDocument *doc,
                                    EditorChange *change);

/** Depth of open groups (0 = none). */
guint editor_undo_stack_get_group_depth(const EditorUndoStack *stack);

guint editor_undo_stack_get_count(const EditorUndoStack *stack);
guint editor_undo_stack_get_index(const EditorUndoStack *stack);
/** Index that matches the saved file, or -1 when that state is no longer reachable. */
gint editor_undo_stack_get_clean_index(const EditorUndoStack *stack);
void editor_undo_stack_mark_clean(EditorUndoStack *stack);
/** Forget the clean state (e.g. the file on disk changed under us). */
void editor_undo_stack_mark_dirty(EditorUndoStack *stack);
gboolean editor_undo_stack_is_clean(const EditorUndoStack *stack);
gboolean editor_undo_stack_can_undo(const EditorUndoStack *stack);
gboolean editor_undo_stack_can_redo(const EditorUndoStack *stack);
/** Label of command @i (0 .. count-1), borrowed. */
const char *editor_undo_stack_get_label(const EditorUndoStack *stack, guint i);
/** The command at @i (borrowed; tests use it). */
const EditorCommand *editor_undo_stack_get_command(const EditorUndoStack *stack, guint i);

G_END_DECLS
