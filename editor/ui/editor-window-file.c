/* SPDX-License-Identifier: MIT */
/* The editor window's file side: Save through the document's doc.save with its dialogs, Save As,
 * Revert, closing, level properties, tile imports and dropped files (see editor-window-state.h). */
#define G_LOG_DOMAIN "editor-window"

#include "doc/editor-app-clipboard.h"
#include "doc/editor-commands.h"
#include "doc/level-json.h"
#include "doc/level-ops.h"
#include "doc/replay-check.h"
#include "editor-actions.h"
#include "editor-command-palette.h"
#include "editor-disasm-save.h"
#include "editor-file-chooser.h"
#include "editor-history-panel.h"
#include "editor-issues-panel.h"
#include "editor-level-props.h"
#include "editor-minimap.h"
#include "editor-palette.h"
#include "editor-properties.h"
#include "editor-window-state.h"
#include "editor-window-title.h"
#include "editor-window.h"
#include "play-window.h"

#include <loopwright/fixed.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static void on_saved_as(const char *path, gpointer user)
{
    EditorWindow *self = user;
    if (path) {
        g_autoptr(GError) error = NULL;
        if (!editor_document_save_as(self->doc, path, &error))
            editor_window_show_error(self, "The level could not be saved", error);
    }
    g_object_unref(self);
}

void editor_window_action_save_as(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_file_chooser_save_level(GTK_WINDOW(self), editor_document_get_path(self->doc),
                                   on_saved_as, g_object_ref(self));
}

/* ---- saving: the document's own save (doc.save, the same code as headless), the window only
 * adds dialogs: what failed is shown, a file changed on disk asks reload / keep mine / compare,
 * never overwritten silently ---- */

enum { DISK_RELOAD = 1, DISK_KEEP_MINE = 2, DISK_COMPARE = 3 };

/* Activate one of the document's save actions ("save", "save-keep-mine"); TRUE when it wrote
 * the file. A failure comes back through editor_window_on_doc_failed (which asks or shows the
 * error). */
static gboolean run_doc_save(EditorWindow *self, const char *action, gboolean close_after)
{
    guint before = self->saves;
    self->save_close_after = close_after;
    g_action_group_activate_action(editor_document_get_actions(self->doc), action, NULL);
    self->save_close_after = FALSE;
    return self->saves != before;
}

/* Compare: the file as it is now on disk, in a window of its own (untitled: saving it asks
 * where). FALSE when it could not be read (the error is shown). */
static gboolean open_disk_copy(EditorWindow *self)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) disk =
        editor_document_load(editor_document_get_path(self->doc), &error);
    if (!disk) {
        editor_window_show_error(self, "The file on disk could not be read", error);
        return FALSE;
    }
    lw_level *copy = lw_level_dup(editor_document_get_level(disk));
    if (copy) {
        g_autoptr(EditorDocument) view = editor_document_new_for_level(copy, NULL);
        g_signal_emit(self, editor_window_signal_id(EDITOR_WINDOW_SIGNAL_OPEN_DOCUMENT), 0, view);
    }
    return TRUE;
}

static void disk_conflict_response(GtkDialog *d, int response, EditorWindow *self)
{
    gboolean close_after = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(d), "close-after"));
    gtk_window_destroy(GTK_WINDOW(d));
    g_autoptr(GError) error = NULL;
    if (response == DISK_RELOAD) {
        if (!editor_document_revert(self->doc, &error))
            editor_window_show_error(self, "The level could not be reloaded", error);
    } else if (response == DISK_KEEP_MINE) {
        if (run_doc_save(self, "save-keep-mine", close_after) && close_after)
            editor_window_close_now(self);
    } else if (response == DISK_COMPARE) {
        open_disk_copy(self);
    }
}

/* ---- noticing a change on disk while the window is open (a GFileMonitor) ---- */

static void disk_bar_response(GtkInfoBar *bar, int response, EditorWindow *self)
{
    gtk_info_bar_set_revealed(bar, FALSE);
    if (response != DISK_RELOAD && response != DISK_KEEP_MINE && response != DISK_COMPARE)
        return;
    g_autoptr(GError) error = NULL;
    if (response == DISK_RELOAD) {
        if (!editor_document_revert(self->doc, &error))
            editor_window_show_error(self, "The level could not be reloaded", error);
    } else if (response == DISK_KEEP_MINE) {
        run_doc_save(self, "save-keep-mine", FALSE);
    } else {
        if (!open_disk_copy(self))
            return;
        /* comparing decides nothing: the question stays until Reload or Keep Mine */
        gtk_info_bar_set_revealed(bar, TRUE);
    }
}

/* Compare the file with what the document last read or wrote: show or hide the bar. The
 * window's own saves update the document's note first, so they never show it. */
static gboolean check_disk(gpointer data)
{
    EditorWindow *self = data;
    self->monitor_idle = 0;
    const char *path = editor_document_get_path(self->doc);
    if (!path)
        return G_SOURCE_REMOVE;
    gboolean changed = editor_document_changed_on_disk(self->doc);
    if (changed) {
        g_autofree char *base = g_path_get_basename(path);
        g_autofree char *text = g_strdup_printf(
            "“%s” changed on disk since this window opened or saved it. %s", base,
            editor_document_get_modified(self->doc)
                ? "Reload takes the file's version (your changes can be undone back), Keep Mine "
                  "writes yours over it."
                : "Reload shows the file's version (an undoable step).");
        gtk_label_set_text(self->disk_bar_label, text);
    }
    gtk_info_bar_set_revealed(self->disk_bar, changed);
    return G_SOURCE_REMOVE;
}

static void file_changed(GFileMonitor *m, GFile *file, GFile *other, GFileMonitorEvent event,
                         EditorWindow *self)
{
    /* a save is several events (write, rename): check once they settle */
    g_clear_handle_id(&self->monitor_idle, g_source_remove);
    self->monitor_idle = g_timeout_add(150, check_disk, self);
}

void editor_window_unwatch_file(EditorWindow *self)
{
    g_clear_handle_id(&self->monitor_idle, g_source_remove);
    if (self->monitor) {
        g_signal_handlers_disconnect_by_data(self->monitor, self);
        g_file_monitor_cancel(self->monitor);
        g_clear_object(&self->monitor);
    }
}

/* Watch the document's file (again after Save As moved it). */
void editor_window_watch_file(EditorWindow *self)
{
    editor_window_unwatch_file(self);
    const char *path = editor_document_get_path(self->doc);
    if (!path)
        return;
    g_autoptr(GFile) file = g_file_new_for_path(path);
    self->monitor = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
    if (self->monitor) {
        g_file_monitor_set_rate_limit(self->monitor, 100);
        g_signal_connect(self->monitor, "changed", G_CALLBACK(file_changed), self);
    }
    if (!g_object_get_data(G_OBJECT(self->disk_bar), "loopwright-connected")) {
        g_signal_connect(self->disk_bar, "response", G_CALLBACK(disk_bar_response), self);
        g_object_set_data(G_OBJECT(self->disk_bar), "loopwright-connected", self);
    }
    gtk_info_bar_set_revealed(self->disk_bar, FALSE);
}

static void ask_disk_conflict(EditorWindow *self, gboolean close_after)
{
    g_autofree char *base = g_path_get_basename(editor_document_get_path(self->doc));
    GtkWidget *d = gtk_message_dialog_new(GTK_WINDOW(self), GTK_DIALOG_MODAL, GTK_MESSAGE_WARNING,
                                          GTK_BUTTONS_NONE, "“%s” changed on disk", base);
    gtk_message_dialog_format_secondary_text(
        GTK_MESSAGE_DIALOG(d),
        "Another program or window wrote the file after this window opened or saved it. "
        "Reload it (your changes here can be undone back), keep your version (the other one "
        "is kept as %s.bak), or open the file as it is now to compare.",
        base);
    gtk_dialog_add_buttons(GTK_DIALOG(d), "_Cancel", GTK_RESPONSE_CANCEL, "C_ompare", DISK_COMPARE,
                           "_Reload", DISK_RELOAD, "_Keep Mine", DISK_KEEP_MINE, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_CANCEL);
    g_object_set_data(G_OBJECT(d), "close-after", GINT_TO_POINTER(close_after));
    g_object_set_data(G_OBJECT(d), "loopwright-disk-conflict", self);
    g_signal_connect(d, "response", G_CALLBACK(disk_conflict_response), self);
    gtk_window_present(GTK_WINDOW(d));
}

/* A document action failed (from this window's Save, a shortcut, the mask editor or a script):
 * a file changed on disk asks, anything else is shown. */
void editor_window_on_doc_failed(EditorWindow *self, const char *action, const GError *error)
{
    if (editor_disasm_save_confirm(GTK_WINDOW(self), self->doc, error))
        return; /* a disassembly tree's shared files: editor-disasm-save.c asks */
    if (g_str_equal(action, "save") &&
        g_error_matches(error, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_CHANGED_ON_DISK)) {
        ask_disk_conflict(self, self->save_close_after);
        return;
    }
    editor_window_show_error(self,
                             g_str_equal(action, "revert") ? "The level could not be reverted"
                                                           : "The level could not be saved",
                             error);
}

/* Save through doc.save. Returns FALSE when nothing was written (an error or the question is
 * shown). */
static gboolean save_checked(EditorWindow *self, gboolean close_after)
{
    return run_doc_save(self, "save", close_after);
}

void editor_window_action_save(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    if (!editor_document_get_path(self->doc)) {
        editor_window_action_save_as(a, p, user);
        return;
    }
    save_checked(self, FALSE);
}

static void revert_response(GtkDialog *d, int response, EditorWindow *self)
{
    gtk_window_destroy(GTK_WINDOW(d));
    if (response != GTK_RESPONSE_ACCEPT)
        return;
    g_autoptr(GError) error = NULL;
    if (!editor_document_revert(self->doc, &error))
        editor_window_show_error(self, "The level could not be reverted", error);
}

void editor_window_action_revert(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    GtkWidget *d = gtk_message_dialog_new(GTK_WINDOW(self), GTK_DIALOG_MODAL, GTK_MESSAGE_QUESTION,
                                          GTK_BUTTONS_NONE, "Revert to the saved file?");
    gtk_message_dialog_format_secondary_text(
        GTK_MESSAGE_DIALOG(d), "Your changes since the last save are replaced by the file on "
                               "disk. Revert can itself be undone.");
    gtk_dialog_add_buttons(GTK_DIALOG(d), "_Cancel", GTK_RESPONSE_CANCEL, "_Revert",
                           GTK_RESPONSE_ACCEPT, NULL);
    g_signal_connect(d, "response", G_CALLBACK(revert_response), self);
    gtk_window_present(GTK_WINDOW(d));
}

/* ---- level properties (the dialog is EditorLevelPropsDialog, editor-level-props.c) ---- */

static void level_props_applied(EditorLevelPropsDialog *dialog, EditorWindow *self)
{
    if (self->tileset_error)
        editor_window_show_message(self, "The tileset could not be loaded", self->tileset_error);
}

void editor_window_action_level_properties(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    EditorLevelPropsDialog *d = editor_level_props_dialog_new(GTK_WINDOW(self), self->doc);
    g_signal_connect_object(d, "applied", G_CALLBACK(level_props_applied), self, 0);
    gtk_window_present(GTK_WINDOW(d));
}

/* ---- tiles from elsewhere ---- */

/* Append another level's masks and tiles (and take its tileset when this level has none). */
static void import_tiles_from(EditorWindow *self, const char *path)
{
    lw_level *src = NULL;
    lw_error err;
    if (!editor_level_load_file(path, 0, &src, &err)) {
        char buf[1200];
        editor_format_error(path, &err, buf, sizeof buf);
        editor_window_show_message(self, "The level could not be read",
                                   buf + strlen("loopwright: "));
        return;
    }
    EditorDocument *doc = self->doc;
    const lw_level *l = doc_level(self);
    editor_document_begin_group(doc, "Import Tiles");
    g_autofree guint *mask_map = g_new(guint, MAX(src->mask_count, 1u));
    gboolean ok = TRUE;
    for (guint m = 0; ok && m < src->mask_count; m++) {
        mask_map[m] = l->mask_count;
        EditorCommand *cmd = editor_cmd_add_mask_new(doc, &src->masks[m], NULL, NULL);
        ok = cmd != NULL;
        if (cmd)
            editor_document_push(doc, cmd);
    }
    for (guint t = 0; ok && t < src->tile_count; t++) {
        lw_tile tile = src->tiles[t];
        for (int pth = 0; pth < 2; pth++)
            if (tile.mask[pth] != LW_NONE)
                tile.mask[pth] = (uint16_t)mask_map[tile.mask[pth]];
        EditorCommand *cmd = editor_cmd_add_tile_new(doc, &tile, NULL, NULL);
        ok = cmd != NULL;
        if (cmd)
            editor_document_push(doc, cmd);
    }
    if (ok && !l->tileset && src->tileset) {
        char *png = editor_level_resolve_path(path, src->tileset);
        g_autofree char *abs = g_canonicalize_filename(png, NULL);
        free(png);
        EditorLevelProps props;
        editor_level_props_get(l, &props);
        g_strlcpy(props.tileset, abs, sizeof props.tileset);
        editor_document_push(doc, editor_cmd_set_level_props_new(doc, &props));
    }
    if (ok) {
        editor_document_end_group(doc);
    } else {
        editor_document_cancel_group(doc);
        editor_window_show_message(self, "Too many tiles or masks",
                                   "the level would go over its tile or mask limit");
    }
    lw_level_free(src);
}

static void import_tiles_chosen(const char *path, gpointer user)
{
    EditorWindow *self = user;
    if (path)
        import_tiles_from(self, path);
    g_object_unref(self);
}

void editor_window_action_import_tiles_from(GSimpleAction *a, GVariant *p, gpointer user)
{
    import_tiles_from(user, g_variant_get_string(p, NULL));
}

void editor_window_action_import_tiles(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    editor_file_chooser_open_level(GTK_WINDOW(self), import_tiles_chosen, g_object_ref(self));
}

void editor_window_action_add_art_tiles(GSimpleAction *a, GVariant *p, gpointer user)
{
    EditorWindow *self = user;
    const lw_level *l = doc_level(self);
    guint cells = editor_renderer_get_art_cell_count(self->renderer);
    if (cells == 0) {
        editor_window_set_status(self, "Choose a tileset PNG in Level Properties first.");
        return;
    }
    g_autofree gboolean *used = g_new0(gboolean, cells);
    for (guint t = 0; t < l->tile_count; t++)
        if (l->tiles[t].art < cells)
            used[l->tiles[t].art] = TRUE;
    editor_document_begin_group(self->doc, "Add Tiles for Art");
    for (guint c = 0; c < cells; c++) {
        if (used[c])
            continue;
        lw_tile tile = {.art = (uint16_t)c, .mask = {LW_NONE, LW_NONE}};
        EditorCommand *cmd = editor_cmd_add_tile_new(self->doc, &tile, NULL, NULL);
        if (!cmd)
            break;
        editor_document_push(self->doc, cmd);
    }
    editor_document_end_group(self->doc);
}

/* ---- closing ---- */

void editor_window_close_now(EditorWindow *self)
{
    self->closing_confirmed = TRUE;
    gtk_window_close(GTK_WINDOW(self));
}

static void close_response(GtkDialog *d, int response, EditorWindow *self)
{
    gtk_window_destroy(GTK_WINDOW(d));
    if (response == GTK_RESPONSE_REJECT) {
        editor_document_delete_recovery(self->doc);
        editor_window_close_now(self);
    } else if (response == GTK_RESPONSE_ACCEPT) {
        if (!editor_document_get_path(self->doc)) {
            editor_window_action_save_as(NULL, NULL, self);
            return;
        }
        if (save_checked(self, TRUE))
            editor_window_close_now(self);
    }
}

gboolean editor_window_close_request(GtkWindow *window)
{
    EditorWindow *self = EDITOR_WINDOW(window);
    if (self->closing_confirmed || !editor_document_get_modified(self->doc)) {
        if (!editor_document_get_modified(self->doc))
            editor_document_delete_recovery(self->doc);
        /* the level's test-play window goes with its editor */
        PlayWindow *pw = play_window_find(gtk_window_get_application(window), self->doc);
        if (pw)
            gtk_window_destroy(GTK_WINDOW(pw));
        /* the parent class's handler (EditorWindow is final: its parent is GtkApplicationWindow) */
        GtkWindowClass *parent = g_type_class_peek(GTK_TYPE_APPLICATION_WINDOW);
        return parent->close_request(window);
    }
    g_autofree char *name = editor_window_dup_doc_title(self->doc);
    GtkWidget *d =
        gtk_message_dialog_new(window, GTK_DIALOG_MODAL, GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                               "Save changes to “%s” before closing?", name + (name[0] == '*'));
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(d),
                                             "Your changes are lost if you close without saving.");
    gtk_dialog_add_buttons(GTK_DIALOG(d), "Close _Without Saving", GTK_RESPONSE_REJECT, "_Cancel",
                           GTK_RESPONSE_CANCEL, "_Save", GTK_RESPONSE_ACCEPT, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_ACCEPT);
    g_signal_connect(d, "response", G_CALLBACK(close_response), self);
    gtk_window_present(GTK_WINDOW(d));
    return TRUE;
}

/* ---- drag and drop ---- */

gboolean editor_window_on_drop(GtkDropTarget *target, const GValue *value, double x, double y,
                               gpointer user)
{
    if (!G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST))
        return FALSE;
    for (GSList *l = g_value_get_boxed(value); l; l = l->next) {
        g_autofree char *path = g_file_get_path(l->data);
        if (path)
            g_signal_emit(user, editor_window_signal_id(EDITOR_WINDOW_SIGNAL_OPEN_FILE), 0, path);
    }
    return TRUE;
}
