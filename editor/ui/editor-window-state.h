#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * The editor window's own state, shared by the files that make up the window and by nothing
 * else: editor-window.c (lifetime, document and tools wiring, panels, status bar, toolbar),
 * editor-window-actions.c (the "win" actions and their table) and editor-window-file.c (save,
 * revert, close, the changed-on-disk question, level properties, tile imports, dropped files).
 * It is part of the editor-window module (scripts/check-include-cycles counts NAME-state.h as
 * NAME's).
 */

#include "doc/editor-app-clipboard.h"
#include "doc/editor-document.h"
#include "doc/editor-tools.h"
#include "editor-authoring.h"
#include "editor-canvas.h"
#include "editor-history-panel.h"
#include "editor-issues-panel.h"
#include "editor-minimap.h"
#include "editor-palette.h"
#include "editor-properties.h"
#include "editor-render.h"
#include "editor-window.h"

#include <gtk/gtk.h>

struct _EditorWindow {
    GtkApplicationWindow parent_instance;

    /* Owned */
    EditorDocument *doc;
    EditorClipboard *clipboard; /* shared with the application's other windows, may be NULL */
    EditorRenderer *renderer;
    char *tileset_error;

    /* Template widgets */
    GtkLabel *brush_label;
    GtkInfoBar *disk_bar; /* the file changed on disk while open: Reload / Keep Mine / Compare */
    GtkLabel *disk_bar_label;
    GtkRevealer *chunk_banner_revealer;
    GtkLabel *chunk_banner_label;
    GtkScrolledWindow *canvas_scroller;
    GtkNotebook *palette_notebook;
    EditorPalette *chunk_palette;
    EditorPalette *tile_palette;
    GtkNotebook *side_notebook;
    EditorMinimap *minimap;
    EditorProperties *properties_box;
    EditorHistoryPanel *history_panel;
    EditorIssuesPanel *issues_panel;
    GtkLabel *issues_tab_label;
    GtkLabel *status_label;   /* what is under the pointer, the zoom: always live */
    GtkLabel *status_message; /* what the last command did, for a few seconds */
    GMenu *recent_section;
    GtkWidget *side_panel;
    GtkScrolledWindow *toolbar_scroller;
    GtkWidget *overlay_group;
    GtkWidget *bg_layer_button;
    GtkWidget *overflow_button;

    /* Other widgets */
    EditorCanvas *canvas;

    /* Parts: mask and angle authoring (its actions are in the window's map as win.*) */
    EditorAuthoring *authoring;

    /* State */
    EditorTools tools;
    gboolean closing_confirmed;
    GFileMonitor *monitor;        /* the document's file, NULL when untitled */
    guint monitor_idle;           /* a changed-on-disk check is due */
    gboolean save_close_after;    /* the save running now closes the window when it succeeds */
    guint saves;                  /* successful saves of the document (its `saved` signal) */
    guint status_message_timeout; /* clears the message */
    double status_x, status_y;    /* the level pixel last reported under the pointer (-1: none) */
    gboolean toolbar_overflow;    /* the view toggles went into the overflow menu */
    double toolbar_full_width;    /* the toolbar's width with them in it */
    guint toolbar_idle;
    gboolean disposed;
    gboolean was_editing_chunk;
};

/* The window's signals (editor_window_class_init makes them). */
typedef enum {
    EDITOR_WINDOW_SIGNAL_FILE_SAVED,
    EDITOR_WINDOW_SIGNAL_OPEN_FILE,
    EDITOR_WINDOW_SIGNAL_OPEN_DOCUMENT,
    EDITOR_WINDOW_N_SIGNALS
} EditorWindowSignal;
guint editor_window_signal_id(EditorWindowSignal which);

/* The clipboard shared by the application's windows (blocks paste between open levels). */
static inline const EditorClip *clipboard_clip_of(EditorWindow *self)
{
    return self->clipboard ? editor_clipboard_get(self->clipboard) : NULL;
}
#define clipboard_clip() clipboard_clip_of(self)
#define app_clipboard()  (self->clipboard)

/* The level of the document shown (read only: edits go through commands). */
static inline const lw_level *doc_level(EditorWindow *self)
{
    return editor_document_get_level(self->doc);
}

/* editor-window.c */
void editor_window_update_brush_label(EditorWindow *self);
void editor_window_refresh_status(EditorWindow *self);
void editor_window_show_message(EditorWindow *self, const char *title, const char *text);
void editor_window_on_tools_notify(gpointer user, EditorToolsNotify what);
void editor_window_action_check(GSimpleAction *a, GVariant *p, gpointer user);

/* editor-window-actions.c */
void editor_window_add_actions(EditorWindow *self);
void editor_window_update_actions(EditorWindow *self);
void editor_window_on_clipboard_changed(EditorWindow *self);
void editor_window_action_edit_chunk(GSimpleAction *a, GVariant *p, gpointer user);

/* editor-window-file.c */
void editor_window_action_save(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_save_as(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_revert(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_level_properties(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_import_tiles(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_import_tiles_from(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_action_add_art_tiles(GSimpleAction *a, GVariant *p, gpointer user);
void editor_window_on_doc_failed(EditorWindow *self, const char *action, const GError *error);
gboolean editor_window_close_request(GtkWindow *window);
void editor_window_watch_file(EditorWindow *self);
void editor_window_unwatch_file(EditorWindow *self);
gboolean editor_window_on_drop(GtkDropTarget *target, const GValue *value, double x, double y,
                               gpointer user);
