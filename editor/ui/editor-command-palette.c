/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-command-palette"

#include "editor-command-palette.h"

#include "editor-actions.h"

#include <string.h>

typedef struct {
    GtkWindow *target; /* weak */
    GActionGroup *doc_actions;
    GtkListBox *list;
    GtkEntry *entry;
    GPtrArray *rows; /* GtkListBoxRow*, borrowed from the list */
} Palette;

static Palette *palette_of(GtkWindow *w)
{
    return g_object_get_data(G_OBJECT(w), "editor-command-palette");
}

static void palette_free(gpointer data)
{
    Palette *p = data;
    if (p->target)
        g_object_remove_weak_pointer(G_OBJECT(p->target), (gpointer *)&p->target);
    g_clear_object(&p->doc_actions);
    g_ptr_array_unref(p->rows);
    g_free(p);
}

/* The group and the plain name of a detailed action, if the window can run it now. */
static gboolean enabled_now(Palette *p, const EditorActionInfo *a)
{
    if (!p->target)
        return FALSE;
    g_autofree char *name = NULL;
    g_autoptr(GVariant) target = NULL;
    if (!g_action_parse_detailed_name(a->action, &name, &target, NULL))
        return FALSE;
    GActionGroup *group = NULL;
    if (g_str_has_prefix(name, "app."))
        group = G_ACTION_GROUP(gtk_window_get_application(p->target));
    else if (g_str_has_prefix(name, "win."))
        group = G_ACTION_GROUP(p->target);
    else if (g_str_has_prefix(name, "doc."))
        group = p->doc_actions;
    const char *plain = strchr(name, '.') + 1;
    return group && g_action_group_has_action(group, plain) &&
           g_action_group_get_action_enabled(group, plain);
}

/* Every word typed starts a word of the command's title or section ("zoom in", "dup til"). */
static gboolean matches(const EditorActionInfo *a, char **words)
{
    g_autofree char *joined = g_strjoin(" ", a->title, a->section, NULL);
    g_autofree char *low = g_utf8_strdown(joined, -1);
    g_auto(GStrv) hay = g_strsplit_set(low, " ()/:;,.'-", -1);
    for (guint i = 0; words[i]; i++) {
        if (!*words[i])
            continue;
        gboolean found = FALSE;
        for (guint k = 0; hay[k] && !found; k++)
            found = g_str_has_prefix(hay[k], words[i]);
        if (!found)
            return FALSE;
    }
    return TRUE;
}

void editor_command_palette_set_query(GtkWindow *palette, const char *query)
{
    Palette *p = palette_of(palette);
    g_autofree char *low = g_utf8_strdown(query ? query : "", -1);
    g_auto(GStrv) words = g_strsplit_set(low, " \t", -1);
    guint n;
    const EditorActionInfo *table = editor_actions_get(&n);
    for (guint i = 0; i < p->rows->len; i++) {
        GtkWidget *row = p->rows->pdata[i];
        const EditorActionInfo *a =
            &table[GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(row), "index"))];
        gtk_widget_set_visible(row, enabled_now(p, a) && matches(a, words));
    }
    if (gtk_editable_get_text(GTK_EDITABLE(p->entry)) != query &&
        g_strcmp0(gtk_editable_get_text(GTK_EDITABLE(p->entry)), query ? query : "") != 0)
        gtk_editable_set_text(GTK_EDITABLE(p->entry), query ? query : "");
}

static GtkWidget *nth_match(Palette *p, guint index)
{
    for (guint i = 0; i < p->rows->len; i++)
        if (gtk_widget_get_visible(p->rows->pdata[i]) && index-- == 0)
            return p->rows->pdata[i];
    return NULL;
}

guint editor_command_palette_get_match_count(GtkWindow *palette)
{
    Palette *p = palette_of(palette);
    guint n = 0;
    for (guint i = 0; i < p->rows->len; i++)
        n += gtk_widget_get_visible(p->rows->pdata[i]);
    return n;
}

const char *editor_command_palette_get_match(GtkWindow *palette, guint index)
{
    GtkWidget *row = nth_match(palette_of(palette), index);
    return row ? g_object_get_data(G_OBJECT(row), "action") : NULL;
}

static void run_row(GtkWindow *palette, GtkWidget *row)
{
    Palette *p = palette_of(palette);
    GtkWindow *target = p->target;
    g_autofree char *detailed = g_strdup(g_object_get_data(G_OBJECT(row), "action"));
    gtk_window_destroy(palette);
    if (!target)
        return;
    g_autofree char *name = NULL;
    g_autoptr(GVariant) param = NULL;
    if (!g_action_parse_detailed_name(detailed, &name, &param, NULL))
        return;
    gtk_widget_activate_action_variant(GTK_WIDGET(target), name, param);
}

gboolean editor_command_palette_activate_first(GtkWindow *palette)
{
    GtkWidget *row = nth_match(palette_of(palette), 0);
    if (!row)
        return FALSE;
    run_row(palette, row);
    return TRUE;
}

static void on_changed(GtkEditable *e, GtkWindow *palette)
{
    editor_command_palette_set_query(palette, gtk_editable_get_text(e));
}

static void on_activate(GtkEntry *e, GtkWindow *palette)
{
    editor_command_palette_activate_first(palette);
}

static void on_row(GtkListBox *list, GtkListBoxRow *row, GtkWindow *palette)
{
    run_row(palette, GTK_WIDGET(row));
}

static gboolean on_key(GtkEventControllerKey *c, guint keyval, guint code, GdkModifierType mods,
                       GtkWindow *palette)
{
    if (keyval == GDK_KEY_Escape) {
        gtk_window_destroy(palette);
        return TRUE;
    }
    return FALSE;
}

GtkWindow *editor_command_palette_open(GtkWindow *window, GActionGroup *doc_actions)
{
    GtkWidget *w = gtk_window_new();
    GtkWindow *win = GTK_WINDOW(w);
    gtk_window_set_title(win, "Find a Command");
    gtk_window_set_transient_for(win, window);
    gtk_window_set_modal(win, TRUE);
    gtk_window_set_default_size(win, 560, 420);
    gtk_window_set_decorated(win, TRUE);
    Palette *p = g_new0(Palette, 1);
    p->target = window;
    g_object_add_weak_pointer(G_OBJECT(window), (gpointer *)&p->target);
    p->doc_actions = doc_actions ? g_object_ref(doc_actions) : NULL;
    p->rows = g_ptr_array_new();
    g_object_set_data_full(G_OBJECT(win), "editor-command-palette", p, palette_free);

    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_start(box, 8);
    gtk_widget_set_margin_end(box, 8);
    gtk_widget_set_margin_top(box, 8);
    gtk_widget_set_margin_bottom(box, 8);
    p->entry = GTK_ENTRY(gtk_entry_new());
    gtk_entry_set_placeholder_text(p->entry, "Type to find a command…");
    gtk_widget_set_name(GTK_WIDGET(p->entry), "palette-entry");
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(p->entry));
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_widget_set_vexpand(scroller, TRUE);
    p->list = GTK_LIST_BOX(gtk_list_box_new());
    gtk_list_box_set_activate_on_single_click(p->list, TRUE);
    guint n;
    const EditorActionInfo *table = editor_actions_get(&n);
    for (guint i = 0; i < n; i++) {
        const EditorActionInfo *a = &table[i];
        GtkWidget *row = gtk_list_box_row_new();
        GtkWidget *line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
        gtk_widget_set_margin_start(line, 6);
        gtk_widget_set_margin_end(line, 6);
        gtk_widget_set_margin_top(line, 3);
        gtk_widget_set_margin_bottom(line, 3);
        GtkWidget *title = gtk_label_new(a->title);
        gtk_label_set_xalign(GTK_LABEL(title), 0);
        gtk_label_set_ellipsize(GTK_LABEL(title), PANGO_ELLIPSIZE_END);
        gtk_widget_set_hexpand(title, TRUE);
        GtkWidget *section = gtk_label_new(a->section);
        gtk_widget_add_css_class(section, "dim-label");
        gtk_box_append(GTK_BOX(line), title);
        gtk_box_append(GTK_BOX(line), section);
        if (a->accels[0]) {
            guint key;
            GdkModifierType mods;
            if (gtk_accelerator_parse(a->accels[0], &key, &mods)) {
                g_autofree char *label = gtk_accelerator_get_label(key, mods);
                GtkWidget *accel = gtk_label_new(label);
                gtk_widget_add_css_class(accel, "dim-label");
                gtk_box_append(GTK_BOX(line), accel);
            }
        }
        gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(row), line);
        g_object_set_data(G_OBJECT(row), "index", GUINT_TO_POINTER(i));
        g_object_set_data(G_OBJECT(row), "action", (gpointer)a->action);
        gtk_list_box_append(p->list, row);
        g_ptr_array_add(p->rows, row);
    }
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), GTK_WIDGET(p->list));
    gtk_box_append(GTK_BOX(box), scroller);
    gtk_window_set_child(win, box);
    g_signal_connect(p->entry, "changed", G_CALLBACK(on_changed), win);
    g_signal_connect(p->entry, "activate", G_CALLBACK(on_activate), win);
    g_signal_connect(p->list, "row-activated", G_CALLBACK(on_row), win);
    GtkEventController *k = gtk_event_controller_key_new();
    g_signal_connect(k, "key-pressed", G_CALLBACK(on_key), win);
    gtk_widget_add_controller(w, k);
    editor_command_palette_set_query(win, "");
    gtk_window_present(win);
    gtk_widget_grab_focus(GTK_WIDGET(p->entry));
    return win;
}
