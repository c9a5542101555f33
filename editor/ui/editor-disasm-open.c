/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-disasm-open"
/* File ▸ Open Disassembly… (editor-disasm-open.h). */
#include "editor-disasm-open.h"

#include "disasm-unpack.h"
#include "editor-application.h"
#include "editor-file-chooser.h"

#include <string.h>

typedef struct {
    lwm_tree tree;
    GtkListBox *list;
    GtkWindow *window;
} Chooser;

static void show_error(GtkWindow *parent, const char *what, const char *detail)
{
    GtkWidget *d = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                          GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", what);
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(d), "%s", detail);
    g_signal_connect(d, "response", G_CALLBACK(gtk_window_destroy), NULL);
    gtk_window_present(GTK_WINDOW(d));
}

char *editor_disasm_cache_path(const char *root, const char *name)
{
    char *base = g_path_get_basename(root);
    GString *file = g_string_new(base);
    g_string_append_c(file, '-');
    for (const char *p = name; *p; p++)
        g_string_append_c(file, g_ascii_isalnum(*p) ? *p : '_');
    g_string_append(file, ".json");
    char *path = g_build_filename(g_get_user_cache_dir(), "loopwright", "disasm", file->str, NULL);
    g_string_free(file, TRUE);
    g_free(base);
    return path;
}

static void chooser_free(gpointer data)
{
    Chooser *c = data;
    lwm_tree_clear(&c->tree);
    g_free(c);
}

/* Unpack the selected level into the cache folder and open it. */
static gboolean open_selected(Chooser *c)
{
    GtkListBoxRow *row = gtk_list_box_get_selected_row(c->list);
    if (!row)
        return FALSE;
    size_t index = (size_t)gtk_list_box_row_get_index(row);
    char *path = editor_disasm_cache_path(c->tree.root, c->tree.levels[index].name);
    char *dir = g_path_get_dirname(path);
    g_mkdir_with_parents(dir, 0755);
    char failed[4096];
    lw_error err;
    lwm_report report = {0};
    gboolean ok = editor_disasm_unpack(&c->tree, index, path, NULL, &report, failed, &err);
    if (ok) {
        editor_application_open_path(path);
        gtk_window_destroy(c->window); /* frees @c */
    } else {
        char *detail = g_strdup_printf("%s: %s", failed, err.message);
        show_error(c->window, "The level could not be opened", detail);
        g_free(detail);
    }
    lwm_report_clear(&report);
    g_free(dir);
    g_free(path);
    return ok;
}

gboolean editor_disasm_open_choose(GtkWindow *chooser, guint index)
{
    Chooser *c = g_object_get_data(G_OBJECT(chooser), "chooser");
    GtkListBoxRow *row = c ? gtk_list_box_get_row_at_index(c->list, (int)index) : NULL;
    if (!row)
        return FALSE;
    gtk_list_box_select_row(c->list, row);
    return open_selected(c);
}

static void on_open_clicked(GtkButton *b, gpointer user)
{
    open_selected(user);
}

static void on_row_activated(GtkListBox *box, GtkListBoxRow *row, gpointer user)
{
    open_selected(user);
}

static GtkWidget *level_list(Chooser *c)
{
    GtkWidget *list = gtk_list_box_new();
    gtk_list_box_set_selection_mode(GTK_LIST_BOX(list), GTK_SELECTION_BROWSE);
    for (size_t i = 0; i < c->tree.level_count; i++) {
        const lwm_tree_level *l = &c->tree.levels[i];
        char *text = g_strdup_printf("%s  (%s %u)", l->name, l->zone[0] ? l->zone : "-", l->act);
        GtkWidget *label = gtk_label_new(text);
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_list_box_append(GTK_LIST_BOX(list), label);
        g_free(text);
    }
    gtk_list_box_select_row(GTK_LIST_BOX(list),
                            gtk_list_box_get_row_at_index(GTK_LIST_BOX(list), 0));
    c->list = GTK_LIST_BOX(list);
    g_signal_connect(list, "row-activated", G_CALLBACK(on_row_activated), c);
    return list;
}

GtkWindow *editor_disasm_open_tree(GtkWindow *parent, const char *root)
{
    Chooser *c = g_new0(Chooser, 1);
    char failed[4096];
    lw_error err;
    if (!lwm_tree_open(root, &c->tree, failed, &err)) {
        char *detail =
            err.line ? g_strdup_printf("%s:%d:%d: %s", failed, err.line, err.column, err.message)
                     : g_strdup_printf("%s: %s", failed, err.message);
        show_error(parent, "Not a disassembly with a SonLVL project file", detail);
        g_free(detail);
        g_free(c);
        return NULL;
    }
    GtkWindow *w = GTK_WINDOW(gtk_window_new());
    c->window = w;
    char *title = g_strdup_printf("Open Disassembly — %s", root);
    gtk_window_set_title(w, title);
    g_free(title);
    gtk_window_set_default_size(w, 480, 560);
    if (parent)
        gtk_window_set_transient_for(w, parent);
    gtk_window_set_modal(w, TRUE);
    g_object_set_data_full(G_OBJECT(w), "chooser", c, chooser_free);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_start(box, 8);
    gtk_widget_set_margin_end(box, 8);
    gtk_widget_set_margin_top(box, 8);
    gtk_widget_set_margin_bottom(box, 8);
    GtkWidget *scroll = gtk_scrolled_window_new();
    gtk_widget_set_vexpand(scroll, TRUE);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroll), level_list(c));
    gtk_box_append(GTK_BOX(box), scroll);
    GtkWidget *open = gtk_button_new_with_mnemonic("_Open Level");
    gtk_widget_set_halign(open, GTK_ALIGN_END);
    g_signal_connect(open, "clicked", G_CALLBACK(on_open_clicked), c);
    gtk_box_append(GTK_BOX(box), open);
    gtk_window_set_child(w, box);
    gtk_window_present(w);
    return w;
}

static void folder_chosen(const char *path, gpointer user)
{
    if (path)
        editor_disasm_open_tree(user, path);
}

void editor_disasm_open(GtkWindow *parent)
{
    editor_file_chooser_open_folder(parent, "Open Disassembly", folder_chosen, parent);
}
