#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The one table of the editor's commands: every user-facing action with its accelerators, its
 * single key on the canvas (if any), a title and a section. The application's accelerators, the
 * canvas's single-key shortcuts, the shortcuts window (Ctrl+?) and the command palette are all
 * made from it, so they cannot drift apart.
 */

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct EditorActionInfo {
    const char *action;     /* detailed name: "win.tool('pencil')", "app.open" */
    const char *accels[4];  /* NULL-terminated, for gtk_application_set_accels_for_action */
    const char *canvas_key; /* a key without modifiers that works while the canvas has the focus
                               (so it never fires while typing), or NULL */
    const char *title;      /* what the command does, as the shortcuts window and palette say */
    const char *section;    /* the group it is listed under */
} EditorActionInfo;

/** The table; *@n receives its length. */
const EditorActionInfo *editor_actions_get(guint *n);

/** Set every accelerator of the table on @app. */
void editor_actions_install_accels(GtkApplication *app);

/** A shortcut controller for @canvas with the table's single keys. */
GtkEventController *editor_actions_canvas_shortcuts(void);

/** A new shortcuts window listing the table (every accelerator and canvas key), grouped by
 * section: what Ctrl+? shows. */
GtkShortcutsWindow *editor_actions_new_shortcuts_window(void);

/** The accelerators of entry @info as the shortcuts window shows them ("<Control>z b"). */
char *editor_actions_dup_shortcut_text(const EditorActionInfo *info);

G_END_DECLS
