/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-level-props"

#include "editor-level-props.h"

#include "doc/level-ops.h"
#include "editor-file-chooser.h"

#include <math.h>
#include <string.h>

struct _EditorLevelPropsDialog {
    GtkWindow parent_instance;
    /* Owned */
    EditorDocument *doc;
    /* Template widgets */
    GtkEntry *name, *tileset;
    GtkButton *choose, *apply;
    GtkColorButton *color;
    GtkDropDown *profile, *character, *chunk_size;
    GtkSpinButton *width, *height, *water_height;
    GtkCheckButton *water;
    GtkLabel *problem;
};

enum { SIGNAL_APPLIED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(EditorLevelPropsDialog, editor_level_props_dialog, GTK_TYPE_WINDOW)

/* The template's drop-down items, in order. */
static const char *const profiles[] = {"s1", "s2", "s3k", "cd", "modern", NULL};
static const char *const characters[] = {"sonic", "tails", "knuckles", NULL};

static void select_item(GtkDropDown *d, const char *const *list, const char *value)
{
    for (guint i = 0; list[i]; i++)
        if (g_str_equal(list[i], value))
            gtk_drop_down_set_selected(d, i);
}

void editor_level_props_dialog_set_fields(EditorLevelPropsDialog *self,
                                          const EditorLevelPropsFields *f)
{
    g_return_if_fail(EDITOR_IS_LEVEL_PROPS_DIALOG(self));
    gtk_editable_set_text(GTK_EDITABLE(self->name), f->props.name);
    gtk_editable_set_text(GTK_EDITABLE(self->tileset), f->props.tileset);
    uint32_t rgb = f->props.background_rgb;
    GdkRGBA rgba = {(rgb >> 16 & 255) / 255.0f, (rgb >> 8 & 255) / 255.0f, (rgb & 255) / 255.0f, 1};
    gtk_color_chooser_set_rgba(GTK_COLOR_CHOOSER(self->color), &rgba);
    select_item(self->profile, profiles, f->props.profile);
    select_item(self->character, characters, f->props.character);
    gtk_drop_down_set_selected(self->chunk_size, f->chunk_px == 256);
    gtk_spin_button_set_value(self->width, f->width);
    gtk_spin_button_set_value(self->height, f->height);
    gtk_check_button_set_active(self->water, f->props.has_water);
    gtk_spin_button_set_value(self->water_height, f->props.water_height);
    gtk_widget_set_sensitive(GTK_WIDGET(self->water_height), f->props.has_water);
}

void editor_level_props_dialog_get_fields(EditorLevelPropsDialog *self, EditorLevelPropsFields *f)
{
    g_return_if_fail(EDITOR_IS_LEVEL_PROPS_DIALOG(self));
    memset(f, 0, sizeof *f);
    g_strlcpy(f->props.name, gtk_editable_get_text(GTK_EDITABLE(self->name)), sizeof f->props.name);
    g_strlcpy(f->props.tileset, gtk_editable_get_text(GTK_EDITABLE(self->tileset)),
              sizeof f->props.tileset);
    GdkRGBA c;
    gtk_color_chooser_get_rgba(GTK_COLOR_CHOOSER(self->color), &c);
    f->props.background_rgb = (uint32_t)lround(c.red * 255) << 16 |
                              (uint32_t)lround(c.green * 255) << 8 | (uint32_t)lround(c.blue * 255);
    g_strlcpy(f->props.profile, profiles[MIN(gtk_drop_down_get_selected(self->profile), 4u)],
              sizeof f->props.profile);
    g_strlcpy(f->props.character, characters[MIN(gtk_drop_down_get_selected(self->character), 2u)],
              sizeof f->props.character);
    f->chunk_px = gtk_drop_down_get_selected(self->chunk_size) ? 256 : 128;
    f->width = (guint)gtk_spin_button_get_value_as_int(self->width);
    f->height = (guint)gtk_spin_button_get_value_as_int(self->height);
    f->props.has_water = gtk_check_button_get_active(self->water);
    f->props.water_height =
        f->props.has_water ? gtk_spin_button_get_value_as_int(self->water_height) : 0;
}

gboolean editor_level_props_dialog_apply(EditorLevelPropsDialog *self)
{
    g_return_val_if_fail(EDITOR_IS_LEVEL_PROPS_DIALOG(self), FALSE);
    const lw_level *l = editor_document_get_level(self->doc);
    EditorLevelPropsFields f;
    editor_level_props_dialog_get_fields(self, &f);
    g_autoptr(GError) error = NULL;
    lw_level *next = NULL;
    /* a chunk size change converts the level and ignores the size fields */
    if (f.chunk_px != l->chunk_px)
        next = editor_level_with_chunk_size(l, f.chunk_px, &error);
    else if (f.width != l->layout_width || f.height != l->layout_height)
        next = editor_level_resized(l, f.width, f.height, &error);
    if (error) {
        g_autofree char *text =
            g_strdup_printf("The level cannot take that size: %s", error->message);
        gtk_label_set_text(self->problem, text);
        gtk_widget_set_visible(GTK_WIDGET(self->problem), TRUE);
        return FALSE;
    }
    EditorDocument *doc = self->doc;
    editor_document_begin_group(doc, "Level Properties");
    /* the converted or resized copy was made from the level before this edit: it goes first,
     * or it would put the old name, tileset and profile back */
    if (next)
        editor_document_push(doc, editor_cmd_replace_level_new(doc, next, "Resize"));
    editor_document_push(doc, editor_cmd_set_level_props_new(doc, &f.props));
    editor_document_end_group(doc);
    g_signal_emit(self, signals[SIGNAL_APPLIED], 0);
    gtk_window_destroy(GTK_WINDOW(self));
    return TRUE;
}

const char *editor_level_props_dialog_get_problem(EditorLevelPropsDialog *self)
{
    g_return_val_if_fail(EDITOR_IS_LEVEL_PROPS_DIALOG(self), NULL);
    return gtk_widget_get_visible(GTK_WIDGET(self->problem)) ? gtk_label_get_text(self->problem)
                                                             : NULL;
}

static void tileset_chosen(const char *path, gpointer user)
{
    EditorLevelPropsDialog *self = user;
    if (path) {
        const char *doc_path = editor_document_get_path(self->doc);
        g_autofree char *text = NULL;
        if (doc_path) {
            g_autofree char *dir = g_path_get_dirname(doc_path);
            g_autofree char *prefix = g_strconcat(dir, "/", NULL);
            if (g_str_has_prefix(path, prefix))
                text = g_strdup(path + strlen(prefix));
        }
        /* an absolute path is copied beside the level file when it is saved */
        gtk_editable_set_text(GTK_EDITABLE(self->tileset), text ? text : path);
    }
    g_object_unref(self);
}

static void on_choose(GtkButton *b, EditorLevelPropsDialog *self)
{
    editor_file_chooser_open_png(GTK_WINDOW(self), "Choose the Tileset PNG", tileset_chosen,
                                 g_object_ref(self));
}

static void on_apply(GtkButton *b, EditorLevelPropsDialog *self)
{
    editor_level_props_dialog_apply(self);
}

static void on_size_changed(EditorLevelPropsDialog *self)
{
    gtk_widget_set_visible(GTK_WIDGET(self->problem), FALSE);
}

static void on_water_toggled(EditorLevelPropsDialog *self)
{
    gtk_widget_set_sensitive(GTK_WIDGET(self->water_height),
                             gtk_check_button_get_active(self->water));
}

static void editor_level_props_dialog_finalize(GObject *object)
{
    g_clear_object(&EDITOR_LEVEL_PROPS_DIALOG(object)->doc);
    G_OBJECT_CLASS(editor_level_props_dialog_parent_class)->finalize(object);
}

static void editor_level_props_dialog_init(EditorLevelPropsDialog *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    g_signal_connect(self->choose, "clicked", G_CALLBACK(on_choose), self);
    g_signal_connect(self->apply, "clicked", G_CALLBACK(on_apply), self);
    g_signal_connect_swapped(self->width, "value-changed", G_CALLBACK(on_size_changed), self);
    g_signal_connect_swapped(self->height, "value-changed", G_CALLBACK(on_size_changed), self);
    g_signal_connect_swapped(self->chunk_size, "notify::selected", G_CALLBACK(on_size_changed),
                             self);
    g_signal_connect_swapped(self->water, "toggled", G_CALLBACK(on_water_toggled), self);
}

static void editor_level_props_dialog_class_init(EditorLevelPropsDialogClass *klass)
{
    GtkWidgetClass *wc = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->finalize = editor_level_props_dialog_finalize;
    gtk_widget_class_set_template_from_resource(
        wc, "/io/github/loopwright/Loopwright/editor-level-props.ui");
#define BIND(name) gtk_widget_class_bind_template_child(wc, EditorLevelPropsDialog, name)
    BIND(name);
    BIND(tileset);
    BIND(choose);
    BIND(apply);
    BIND(color);
    BIND(profile);
    BIND(character);
    BIND(chunk_size);
    BIND(width);
    BIND(height);
    BIND(water);
    BIND(water_height);
    BIND(problem);
#undef BIND
    gtk_widget_class_add_binding_action(wc, GDK_KEY_Escape, 0, "window.close", NULL);
    /**
     * EditorLevelPropsDialog::applied:
     *
     * Apply pushed the fields on the document (one undo step); the window closes next.
     */
    signals[SIGNAL_APPLIED] = g_signal_new("applied", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

EditorLevelPropsDialog *editor_level_props_dialog_new(GtkWindow *parent, EditorDocument *doc)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(doc), NULL);
    EditorLevelPropsDialog *self =
        g_object_new(EDITOR_TYPE_LEVEL_PROPS_DIALOG, "transient-for", parent, NULL);
    self->doc = g_object_ref(doc);
    const lw_level *l = editor_document_get_level(doc);
    EditorLevelPropsFields f = {
        .chunk_px = l->chunk_px, .width = l->layout_width, .height = l->layout_height};
    editor_level_props_get(l, &f.props);
    editor_level_props_dialog_set_fields(self, &f);
    return self;
}
