/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-level-props"

#include "editor-level-props.h"

#include "doc/editor-commands.h"
#include "doc/level-ops.h"
#include "editor-file-chooser.h"

#include <math.h>
#include <string.h>

static void show_error(GtkWindow *parent, const char *title, const char *text)
{
    GtkWidget *d = gtk_message_dialog_new(parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                          GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", title);
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(d), "%s", text);
    g_signal_connect(d, "response", G_CALLBACK(gtk_window_destroy), NULL);
    gtk_window_present(GTK_WINDOW(d));
}

typedef struct {
    GtkWindow *parent;
    EditorDocument *doc; /* a reference */
    void (*applied)(gpointer user);
    gpointer user;
    GtkEntry *name, *tileset;
    GtkColorButton *color;
    GtkDropDown *profile, *character, *chunk_size;
    GtkSpinButton *width, *height;
} PropsDialog;

static const char *const profiles[] = {"s1", "s2", "s3k", "cd", "modern", NULL};
static const char *const characters[] = {"sonic", "tails", "knuckles", NULL};

static guint index_of(const char *const *list, const char *value)
{
    for (guint i = 0; list[i]; i++)
        if (g_str_equal(list[i], value))
            return i;
    return 0;
}

static void props_tileset_chosen(const char *path, gpointer user)
{
    PropsDialog *pd = user;
    if (!path)
        return;
    const char *doc_path = editor_document_get_path(pd->doc);
    g_autofree char *text = NULL;
    if (doc_path) {
        g_autofree char *dir = g_path_get_dirname(doc_path);
        g_autofree char *prefix = g_strconcat(dir, "/", NULL);
        if (g_str_has_prefix(path, prefix))
            text = g_strdup(path + strlen(prefix));
    }
    /* an absolute path is copied beside the level file when it is saved */
    gtk_editable_set_text(GTK_EDITABLE(pd->tileset), text ? text : path);
}

static void props_choose_tileset(GtkButton *b, PropsDialog *pd)
{
    editor_file_chooser_open_png(GTK_WINDOW(gtk_widget_get_root(GTK_WIDGET(b))),
                                 "Choose the Tileset PNG", props_tileset_chosen, pd);
}

static void props_response(GtkDialog *d, int response, PropsDialog *pd)
{
    if (response == GTK_RESPONSE_ACCEPT) {
        const lw_level *l = editor_document_get_level(pd->doc);
        EditorLevelProps props;
        editor_level_props_get(l, &props);
        g_strlcpy(props.name, gtk_editable_get_text(GTK_EDITABLE(pd->name)), sizeof props.name);
        g_strlcpy(props.tileset, gtk_editable_get_text(GTK_EDITABLE(pd->tileset)),
                  sizeof props.tileset);
        GdkRGBA c;
        gtk_color_chooser_get_rgba(GTK_COLOR_CHOOSER(pd->color), &c);
        props.background_rgb = (uint32_t)lround(c.red * 255) << 16 |
                               (uint32_t)lround(c.green * 255) << 8 |
                               (uint32_t)lround(c.blue * 255);
        g_strlcpy(props.profile, profiles[gtk_drop_down_get_selected(pd->profile)],
                  sizeof props.profile);
        g_strlcpy(props.character, characters[gtk_drop_down_get_selected(pd->character)],
                  sizeof props.character);
        guint chunk_px = gtk_drop_down_get_selected(pd->chunk_size) ? 256 : 128;
        guint w = (guint)gtk_spin_button_get_value_as_int(pd->width);
        guint h = (guint)gtk_spin_button_get_value_as_int(pd->height);
        g_autoptr(GError) error = NULL;
        lw_level *next = NULL;
        if (chunk_px != l->chunk_px) {
            next = editor_level_with_chunk_size(l, chunk_px, &error);
        } else if (w != l->layout_width || h != l->layout_height) {
            next = editor_level_resized(l, w, h, &error);
        }
        if (error) {
            show_error(GTK_WINDOW(d), "The level cannot take that size", error->message);
        } else {
            EditorDocument *doc = pd->doc;
            editor_document_begin_group(doc, "Level Properties");
            editor_document_push(doc, editor_cmd_set_level_props_new(doc, &props));
            if (next) {
                /* a chunk size change converts the level and ignores the size fields */
                editor_document_push(doc, editor_cmd_replace_level_new(doc, next, "Resize"));
            }
            editor_document_end_group(doc);
            if (pd->applied)
                pd->applied(pd->user);
        }
    }
    gtk_window_destroy(GTK_WINDOW(d));
    g_object_unref(pd->doc);
    g_free(pd);
}

static GtkWidget *grid_label(const char *text)
{
    GtkWidget *l = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(l), 1);
    return l;
}

void editor_level_props_dialog_show(GtkWindow *parent, EditorDocument *doc,
                                    void (*applied)(gpointer user), gpointer user)
{
    const lw_level *l = editor_document_get_level(doc);
    PropsDialog *pd = g_new0(PropsDialog, 1);
    pd->parent = parent;
    pd->doc = g_object_ref(doc);
    pd->applied = applied;
    pd->user = user;
    GtkWidget *d = gtk_dialog_new_with_buttons(
        "Level Properties", parent,
        GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR, "_Cancel",
        GTK_RESPONSE_CANCEL, "_Apply", GTK_RESPONSE_ACCEPT, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_ACCEPT);
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 6);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 10);
    gtk_widget_set_margin_start(grid, 16);
    gtk_widget_set_margin_end(grid, 16);
    gtk_widget_set_margin_top(grid, 16);
    gtk_widget_set_margin_bottom(grid, 16);
    int row = 0;
    pd->name = GTK_ENTRY(gtk_entry_new());
    gtk_editable_set_text(GTK_EDITABLE(pd->name), l->name);
    gtk_grid_attach(GTK_GRID(grid), grid_label("Name"), 0, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(pd->name), 1, row++, 2, 1);
    pd->tileset = GTK_ENTRY(gtk_entry_new());
    gtk_editable_set_text(GTK_EDITABLE(pd->tileset), l->tileset ? l->tileset : "");
    gtk_widget_set_hexpand(GTK_WIDGET(pd->tileset), TRUE);
    GtkWidget *choose = gtk_button_new_with_label("Choose…");
    g_signal_connect(choose, "clicked", G_CALLBACK(props_choose_tileset), pd);
    gtk_grid_attach(GTK_GRID(grid), grid_label("Tileset PNG"), 0, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(pd->tileset), 1, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), choose, 2, row++, 1, 1);
    GdkRGBA rgba = {(l->background_rgb >> 16 & 255) / 255.0f,
                    (l->background_rgb >> 8 & 255) / 255.0f, (l->background_rgb & 255) / 255.0f, 1};
    pd->color = GTK_COLOR_BUTTON(gtk_color_button_new_with_rgba(&rgba));
    gtk_grid_attach(GTK_GRID(grid), grid_label("Background colour"), 0, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(pd->color), 1, row++, 1, 1);
    pd->profile = GTK_DROP_DOWN(gtk_drop_down_new_from_strings((const char *const *)profiles));
    gtk_drop_down_set_selected(pd->profile, index_of(profiles, l->profile));
    gtk_grid_attach(GTK_GRID(grid), grid_label("Game profile"), 0, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(pd->profile), 1, row++, 1, 1);
    pd->character = GTK_DROP_DOWN(gtk_drop_down_new_from_strings((const char *const *)characters));
    gtk_drop_down_set_selected(pd->character, index_of(characters, l->character));
    gtk_grid_attach(GTK_GRID(grid), grid_label("Character"), 0, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(pd->character), 1, row++, 1, 1);
    static const char *const sizes[] = {"128 px (8x8 tiles)", "256 px (16x16 tiles)", NULL};
    pd->chunk_size = GTK_DROP_DOWN(gtk_drop_down_new_from_strings(sizes));
    gtk_drop_down_set_selected(pd->chunk_size, l->chunk_px == 256);
    gtk_grid_attach(GTK_GRID(grid), grid_label("Chunk size"), 0, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(pd->chunk_size), 1, row++, 1, 1);
    pd->width = GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(1, 512, 1));
    gtk_spin_button_set_value(pd->width, l->layout_width);
    pd->height = GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(1, 128, 1));
    gtk_spin_button_set_value(pd->height, l->layout_height);
    gtk_grid_attach(GTK_GRID(grid), grid_label("Width (chunks)"), 0, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(pd->width), 1, row++, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), grid_label("Height (chunks)"), 0, row, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(pd->height), 1, row++, 1, 1);
    gtk_box_append(GTK_BOX(gtk_dialog_get_content_area(GTK_DIALOG(d))), grid);
    g_signal_connect(d, "response", G_CALLBACK(props_response), pd);
    gtk_window_present(GTK_WINDOW(d));
}
