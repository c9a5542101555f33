/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-file-chooser"

#include "editor-file-chooser.h"

typedef struct {
    EditorFileChosen callback;
    gpointer user_data;
} Pending;

static void on_response(GtkNativeDialog *dialog, int response, Pending *p)
{
    char *path = NULL;
    if (response == GTK_RESPONSE_ACCEPT) {
        GFile *file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(dialog));
        if (file) {
            path = g_file_get_path(file);
            g_object_unref(file);
        }
    }
    p->callback(path, p->user_data);
    g_free(path);
    g_free(p);
    /* the reference taken when the dialog was shown */
    g_object_unref(dialog);
}

static void add_filter(GtkFileChooser *chooser, const char *name, const char *pattern,
                       const char *mime)
{
    GtkFileFilter *f = gtk_file_filter_new();
    gtk_file_filter_set_name(f, name);
    gtk_file_filter_add_pattern(f, pattern);
    if (mime)
        gtk_file_filter_add_mime_type(f, mime);
    gtk_file_chooser_add_filter(chooser, f);
    g_object_unref(f);
}

static char *last_title;

const char *editor_file_chooser_get_last_title(void)
{
    return last_title;
}

static void run(GtkFileChooserNative *native, EditorFileChosen callback, gpointer user_data)
{
    g_free(last_title);
    last_title = g_strdup(gtk_native_dialog_get_title(GTK_NATIVE_DIALOG(native)));
    Pending *p = g_new0(Pending, 1);
    p->callback = callback;
    p->user_data = user_data;
    gtk_native_dialog_set_modal(GTK_NATIVE_DIALOG(native), TRUE);
    g_signal_connect(native, "response", G_CALLBACK(on_response), p);
    gtk_native_dialog_show(GTK_NATIVE_DIALOG(native));
}

void editor_file_chooser_open_level(GtkWindow *parent, EditorFileChosen callback,
                                    gpointer user_data)
{
    GtkFileChooserNative *n = gtk_file_chooser_native_new(
        "Open Level", parent, GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel");
    add_filter(GTK_FILE_CHOOSER(n), "Loopwright levels (*.json)", "*.json", NULL);
    add_filter(GTK_FILE_CHOOSER(n), "All files", "*", NULL);
    run(n, callback, user_data);
}

void editor_file_chooser_save_level(GtkWindow *parent, const char *current_path,
                                    EditorFileChosen callback, gpointer user_data)
{
    GtkFileChooserNative *n = gtk_file_chooser_native_new(
        "Save Level", parent, GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel");
    add_filter(GTK_FILE_CHOOSER(n), "Loopwright levels (*.json)", "*.json", NULL);
    if (current_path) {
        GFile *f = g_file_new_for_path(current_path);
        gtk_file_chooser_set_file(GTK_FILE_CHOOSER(n), f, NULL);
        g_object_unref(f);
    } else {
        gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(n), "level.json");
    }
    run(n, callback, user_data);
}

void editor_file_chooser_open_png(GtkWindow *parent, const char *title, EditorFileChosen callback,
                                  gpointer user_data)
{
    GtkFileChooserNative *n = gtk_file_chooser_native_new(
        title, parent, GTK_FILE_CHOOSER_ACTION_OPEN, "_Choose", "_Cancel");
    add_filter(GTK_FILE_CHOOSER(n), "PNG images", "*.png", "image/png");
    run(n, callback, user_data);
}

void editor_file_chooser_open_folder(GtkWindow *parent, const char *title,
                                     EditorFileChosen callback, gpointer user_data)
{
    GtkFileChooserNative *n = gtk_file_chooser_native_new(
        title, parent, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, "_Open", "_Cancel");
    run(n, callback, user_data);
}
