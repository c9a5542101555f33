/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-new-level"

#include "editor-new-level.h"

#include "editor-file-chooser.h"

static const char *const profiles[] = {"s1", "s2", "s3k", "cd", "modern"};

struct _EditorNewLevelDialog {
    GtkWindow parent_instance;
    /* Template widgets */
    GtkSpinButton *width, *height;
    GtkDropDown *chunk_size, *profile;
    GtkLabel *limits, *tileset_label, *problem;
    GtkButton *choose, *clear, *create, *cancel;
    GtkCheckButton *ground;
    /* State */
    char *tileset; /* NULL: the placeholder */
    char *problem_text;
    gboolean setting; /* fields being set from a spec */
};

enum { SIGNAL_CREATE, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(EditorNewLevelDialog, editor_new_level_dialog, GTK_TYPE_WINDOW)

void editor_new_level_dialog_get_spec(EditorNewLevelDialog *self, EditorNewLevel *spec)
{
    editor_new_level_defaults(spec);
    spec->width = (guint)gtk_spin_button_get_value_as_int(self->width);
    spec->height = (guint)gtk_spin_button_get_value_as_int(self->height);
    spec->chunk_px = gtk_drop_down_get_selected(self->chunk_size) == 1 ? 256 : 128;
    guint p = gtk_drop_down_get_selected(self->profile);
    spec->profile = profiles[p < G_N_ELEMENTS(profiles) ? p : 1];
    spec->tileset = self->tileset;
    spec->ground = gtk_check_button_get_active(self->ground);
}

/* The limits line, the problem and Create follow every change. */
static void update(EditorNewLevelDialog *self)
{
    if (self->setting)
        return;
    EditorNewLevel spec;
    editor_new_level_dialog_get_spec(self, &spec);
    guint mw = editor_new_level_max_chunks(spec.chunk_px, FALSE),
          mh = editor_new_level_max_chunks(spec.chunk_px, TRUE);
    g_autofree char *limits =
        g_strdup_printf("%u to %u × %u to %u chunks of %u px: the engine's limits are %u × %u px.",
                        1u, mw, editor_new_level_min_height(spec.ground), mh, spec.chunk_px,
                        LW_MAX_LEVEL_W_PX, LW_MAX_LEVEL_H_PX);
    gtk_label_set_text(self->limits, limits);
    g_free(self->problem_text);
    self->problem_text = editor_new_level_problem(&spec);
    gtk_label_set_text(self->problem, self->problem_text ? self->problem_text : "");
    gtk_widget_set_visible(GTK_WIDGET(self->problem), self->problem_text != NULL);
    gtk_widget_set_sensitive(GTK_WIDGET(self->create), self->problem_text == NULL);
    g_autofree char *base = self->tileset ? g_path_get_basename(self->tileset) : NULL;
    gtk_label_set_text(self->tileset_label, base ? base : "None: a placeholder (grass and soil)");
    gtk_widget_set_tooltip_text(GTK_WIDGET(self->tileset_label), self->tileset);
    gtk_widget_set_sensitive(GTK_WIDGET(self->clear), self->tileset != NULL);
}

static void set_tileset(EditorNewLevelDialog *self, const char *path)
{
    g_free(self->tileset);
    self->tileset = path && *path ? g_strdup(path) : NULL;
    update(self);
}

void editor_new_level_dialog_set_spec(EditorNewLevelDialog *self, const EditorNewLevel *spec)
{
    g_return_if_fail(EDITOR_IS_NEW_LEVEL_DIALOG(self));
    self->setting = TRUE;
    gtk_spin_button_set_value(self->width, spec->width);
    gtk_spin_button_set_value(self->height, spec->height);
    gtk_drop_down_set_selected(self->chunk_size, spec->chunk_px == 256 ? 1 : 0);
    guint p = 1;
    for (guint i = 0; i < G_N_ELEMENTS(profiles); i++)
        if (g_strcmp0(spec->profile, profiles[i]) == 0)
            p = i;
    gtk_drop_down_set_selected(self->profile, p);
    gtk_check_button_set_active(self->ground, spec->ground);
    self->setting = FALSE;
    set_tileset(self, spec->tileset);
}

const char *editor_new_level_dialog_get_problem(EditorNewLevelDialog *self)
{
    return self->problem_text;
}

const char *editor_new_level_dialog_get_limits(EditorNewLevelDialog *self)
{
    return gtk_label_get_text(self->limits);
}

gboolean editor_new_level_dialog_create(EditorNewLevelDialog *self)
{
    g_return_val_if_fail(EDITOR_IS_NEW_LEVEL_DIALOG(self), FALSE);
    update(self);
    if (self->problem_text)
        return FALSE;
    EditorNewLevel spec;
    editor_new_level_dialog_get_spec(self, &spec);
    GVariant *v = g_variant_ref_sink(editor_new_level_to_variant(&spec, TRUE));
    g_object_ref(self);
    g_signal_emit(self, signals[SIGNAL_CREATE], 0, v);
    g_variant_unref(v);
    gtk_window_destroy(GTK_WINDOW(self));
    g_object_unref(self);
    return TRUE;
}

static void tileset_chosen(const char *path, gpointer user)
{
    EditorNewLevelDialog *self = user;
    if (path)
        set_tileset(self, path);
    g_object_unref(self);
}

static void on_choose(GtkButton *b, EditorNewLevelDialog *self)
{
    editor_file_chooser_open_png(GTK_WINDOW(self), "Choose the Tileset PNG", tileset_chosen,
                                 g_object_ref(self));
}

static void on_clear(GtkButton *b, EditorNewLevelDialog *self)
{
    set_tileset(self, NULL);
}

static void on_create(GtkButton *b, EditorNewLevelDialog *self)
{
    editor_new_level_dialog_create(self);
}

static void on_cancel(GtkButton *b, EditorNewLevelDialog *self)
{
    gtk_window_destroy(GTK_WINDOW(self));
}

static void on_changed(EditorNewLevelDialog *self)
{
    update(self);
}

static void editor_new_level_dialog_finalize(GObject *object)
{
    EditorNewLevelDialog *self = EDITOR_NEW_LEVEL_DIALOG(object);
    g_free(self->tileset);
    g_free(self->problem_text);
    G_OBJECT_CLASS(editor_new_level_dialog_parent_class)->finalize(object);
}

static void editor_new_level_dialog_init(EditorNewLevelDialog *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    g_signal_connect(self->choose, "clicked", G_CALLBACK(on_choose), self);
    g_signal_connect(self->clear, "clicked", G_CALLBACK(on_clear), self);
    g_signal_connect(self->create, "clicked", G_CALLBACK(on_create), self);
    g_signal_connect(self->cancel, "clicked", G_CALLBACK(on_cancel), self);
    g_signal_connect_swapped(self->width, "value-changed", G_CALLBACK(on_changed), self);
    g_signal_connect_swapped(self->height, "value-changed", G_CALLBACK(on_changed), self);
    g_signal_connect_swapped(self->chunk_size, "notify::selected", G_CALLBACK(on_changed), self);
    g_signal_connect_swapped(self->profile, "notify::selected", G_CALLBACK(on_changed), self);
    g_signal_connect_swapped(self->ground, "toggled", G_CALLBACK(on_changed), self);
    gtk_window_set_default_widget(GTK_WINDOW(self), GTK_WIDGET(self->create));
    EditorNewLevel spec;
    editor_new_level_defaults(&spec);
    editor_new_level_dialog_set_spec(self, &spec);
}

static void editor_new_level_dialog_class_init(EditorNewLevelDialogClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = editor_new_level_dialog_finalize;
    GtkWidgetClass *wc = GTK_WIDGET_CLASS(klass);
    gtk_widget_class_set_template_from_resource(
        wc, "/io/github/loopwright/Loopwright/editor-new-level.ui");
#define BIND(name) gtk_widget_class_bind_template_child(wc, EditorNewLevelDialog, name)
    BIND(width);
    BIND(height);
    BIND(chunk_size);
    BIND(profile);
    BIND(limits);
    BIND(tileset_label);
    BIND(problem);
    BIND(choose);
    BIND(clear);
    BIND(create);
    BIND(cancel);
    BIND(ground);
#undef BIND
    /* the choice, as app.new-level's a{sv} parameter */
    signals[SIGNAL_CREATE] = g_signal_new("create", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_VARIANT);
}

EditorNewLevelDialog *editor_new_level_dialog_new(GtkWindow *parent)
{
    EditorNewLevelDialog *self = g_object_new(EDITOR_TYPE_NEW_LEVEL_DIALOG, NULL);
    if (parent)
        gtk_window_set_transient_for(GTK_WINDOW(self), parent);
    return self;
}
