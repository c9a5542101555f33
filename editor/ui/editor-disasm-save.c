/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-disasm-save"
/* The confirmation of a save into a tree that changes shared files (editor-disasm-save.h). */
#include "editor-disasm-save.h"

#include "editor-file-chooser.h"

#include <string.h>

static void show_error(GtkWindow *parent, const char *what, const GError *error)
{
    GtkWidget *d = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                          GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", what);
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(d), "%s", error->message);
    g_signal_connect(d, "response", G_CALLBACK(gtk_window_destroy), NULL);
    gtk_window_present(GTK_WINDOW(d));
}

static void on_response(GtkDialog *d, int response, gpointer user)
{
    EditorDocument *doc = g_object_get_data(G_OBJECT(d), "loopwright-disasm-shared");
    GtkWindow *parent = gtk_window_get_transient_for(GTK_WINDOW(d));
    g_object_ref(doc);
    gtk_window_destroy(GTK_WINDOW(d));
    if (response == EDITOR_DISASM_SAVE_SHARED) {
        g_autoptr(GError) error = NULL;
        /* saved, the document's `saved` signal tells the window (its recent list) */
        if (!editor_document_save_into_tree(doc, TRUE, FALSE, NULL, &error))
            show_error(parent, "The level could not be saved into its tree", error);
    }
    g_object_unref(doc);
}

static void free_weak_ref(gpointer data)
{
    g_weak_ref_clear(data);
    g_free(data);
}

/* The copy's path chosen: write it; the document stays as it was (modified). */
static void on_copy_chosen(const char *path, gpointer user)
{
    EditorDocument *doc = user;
    GWeakRef *ref = g_object_get_data(G_OBJECT(doc), "loopwright-disasm-copy-parent");
    GtkWindow *parent = ref ? g_weak_ref_get(ref) : NULL; /* NULL once the window is gone */
    if (path) {
        g_autoptr(GError) error = NULL;
        if (!editor_document_save_copy(doc, path, &error))
            show_error(parent, "The copy could not be saved", error);
    }
    if (parent)
        g_object_unref(parent);
    g_object_set_data(G_OBJECT(doc), "loopwright-disasm-copy-parent", NULL);
    g_object_unref(doc);
}

static void on_cannot_hold_response(GtkDialog *d, int response, gpointer user)
{
    EditorDocument *doc = g_object_get_data(G_OBJECT(d), "loopwright-disasm-cannot-hold");
    GtkWindow *parent = gtk_window_get_transient_for(GTK_WINDOW(d));
    g_object_ref(doc);
    gtk_window_destroy(GTK_WINDOW(d));
    if (response == EDITOR_DISASM_SAVE_COPY) {
        /* a weak reference: the window may close while the chooser is open */
        GWeakRef *ref = g_new0(GWeakRef, 1);
        g_weak_ref_init(ref, parent);
        g_object_set_data_full(G_OBJECT(doc), "loopwright-disasm-copy-parent", ref, free_weak_ref);
        editor_file_chooser_save_level(parent, editor_document_get_path(doc), on_copy_chosen,
                                       g_object_ref(doc));
    }
    g_object_unref(doc);
}

/* The tree cannot hold the level's edit (its water added or removed): say so, nothing is
 * written, the document stays modified; offer a copy as a level JSON. */
static void show_cannot_hold(GtkWindow *parent, EditorDocument *doc, const GError *error)
{
    GtkWidget *d = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                          GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                          "The disassembly cannot hold this change");
    gtk_message_dialog_format_secondary_text(
        GTK_MESSAGE_DIALOG(d),
        "%s\n\nNothing was written and the level stays modified. Save a copy as a level JSON "
        "to keep the edit (the copy keeps the level's source, so `loopwright pack COPY --into "
        "TREE` can write it once the tree can hold it).",
        error->message);
    gtk_dialog_add_buttons(GTK_DIALOG(d), "_Close", GTK_RESPONSE_CLOSE,
                           "Save a _Copy as Level JSON…", EDITOR_DISASM_SAVE_COPY, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), EDITOR_DISASM_SAVE_COPY);
    g_object_set_data_full(G_OBJECT(d), "loopwright-disasm-cannot-hold", g_object_ref(doc),
                           g_object_unref);
    g_signal_connect(d, "response", G_CALLBACK(on_cannot_hold_response), NULL);
    gtk_window_present(GTK_WINDOW(d));
}

gboolean editor_disasm_save_confirm(GtkWindow *parent, EditorDocument *doc, const GError *error)
{
    if (g_error_matches(error, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_TREE_CANNOT_HOLD)) {
        show_cannot_hold(parent, doc, error);
        return TRUE;
    }
    if (!g_error_matches(error, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_SHARED))
        return FALSE;
    GtkWidget *d = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                          GTK_MESSAGE_WARNING, GTK_BUTTONS_NONE,
                                          "Saving changes files other levels use");
    /* the document's message: the tree, then one line a file with the levels reading it */
    const char *list = strchr(error->message, '\n');
    gtk_message_dialog_format_secondary_text(
        GTK_MESSAGE_DIALOG(d),
        "These files of the disassembly are read by other levels too, and the change alters "
        "their collision, layout or art:\n%s\nWrite them anyway? Nothing has been written yet.",
        list ? list + 1 : error->message);
    gtk_dialog_add_buttons(GTK_DIALOG(d), "_Cancel", GTK_RESPONSE_CANCEL, "_Write Shared Files",
                           EDITOR_DISASM_SAVE_SHARED, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_CANCEL);
    g_object_set_data_full(G_OBJECT(d), "loopwright-disasm-shared", g_object_ref(doc),
                           g_object_unref);
    g_signal_connect(d, "response", G_CALLBACK(on_response), NULL);
    gtk_window_present(GTK_WINDOW(d));
    return TRUE;
}
