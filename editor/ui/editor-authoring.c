/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-authoring"

#include "editor-authoring.h"

#include "doc/editor-commands-mask.h"
#include "doc/mask-generate.h"
#include "doc/mask-ops.h"
#include "doc/terrain-import.h"
#include "editor-authoring-state.h"
#include "editor-file-chooser.h"

#include <loopwright-masks/render.h>
#include <loopwright/fixed.h>
#include <math.h>
#include <string.h>

/* One process-wide mask clipboard: masks paste between tiles and levels. */
static lw_mask clip_mask;
static gboolean clip_full;

G_DEFINE_FINAL_TYPE(EditorAuthoring, editor_authoring, G_TYPE_OBJECT)

enum { SIGNAL_STATUS, SIGNAL_ERROR, N_SIGNALS };
static guint signals[N_SIGNALS];

void editor_authoring_emit_status(Authoring *a, const char *text)
{
    g_signal_emit(a, signals[SIGNAL_STATUS], 0, text);
}

void editor_authoring_emit_error(Authoring *a, const char *title, const GError *error)
{
    g_signal_emit(a, signals[SIGNAL_ERROR], 0, title, error);
}

/* ---- the mask editor and its actions ---- */

EditorMaskEditor *editor_authoring_get_mask_editor(EditorAuthoring *self)
{
    g_return_val_if_fail(EDITOR_IS_AUTHORING(self), NULL);
    return self->editor;
}

static void action_mask_editor(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    if (!a->editor) {
        a->editor = editor_mask_editor_new(a->doc, a->renderer, G_ACTION_GROUP(a->actions));
        GtkWindow *parent = parent_of(a);
        if (parent) {
            gtk_window_set_transient_for(GTK_WINDOW(a->editor), parent);
            gtk_window_set_destroy_with_parent(GTK_WINDOW(a->editor), TRUE);
            gtk_window_set_application(GTK_WINDOW(a->editor), gtk_window_get_application(parent));
        }
        g_object_add_weak_pointer(G_OBJECT(a->editor), (gpointer *)&a->editor);
        editor_mask_editor_set_path(a->editor, path_b(a) ? 1 : 0);
        GAction *w = g_action_map_lookup_action(G_ACTION_MAP(a->actions), "mask-widths");
        g_autoptr(GVariant) v = g_action_get_state(w);
        editor_mask_editor_set_widths_view(a->editor, g_variant_get_boolean(v));
    }
    EditorTools *t = a->tools;
    editor_mask_editor_set_tile(a->editor, t->brush_tile);
    sync_states(a);
    gtk_window_present(GTK_WINDOW(a->editor));
}

static void change_path_b(GSimpleAction *act, GVariant *v, gpointer user)
{
    Authoring *a = user;
    g_simple_action_set_state(act, v);
    if (a->editor)
        editor_mask_editor_set_path(a->editor, g_variant_get_boolean(v) ? 1 : 0);
    sync_states(a);
}

static void change_widths(GSimpleAction *act, GVariant *v, gpointer user)
{
    Authoring *a = user;
    g_simple_action_set_state(act, v);
    if (a->editor)
        editor_mask_editor_set_widths_view(a->editor, g_variant_get_boolean(v));
}

static void action_compute(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    guint tile, path, m = target_mask(a, &tile, &path);
    if (m != LW_NONE)
        push(a, editor_cmd_mask_compute_angle_new(doc_of(a), m),
             "The angle is already the one the pixels give.");
}

static void change_flag(GSimpleAction *act, GVariant *v, gpointer user)
{
    Authoring *a = user;
    guint tile, path, m = target_mask(a, &tile, &path);
    if (m != LW_NONE)
        push(a, editor_cmd_mask_set_flagged_new(doc_of(a), m, g_variant_get_boolean(v)), NULL);
    sync_states(a);
}

static void change_lock(GSimpleAction *act, GVariant *v, gpointer user)
{
    Authoring *a = user;
    guint tile, path, m = target_mask(a, &tile, &path);
    if (m != LW_NONE)
        push(a, editor_cmd_mask_set_locked_new(doc_of(a), m, g_variant_get_boolean(v)), NULL);
    sync_states(a);
}

static void action_copy(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    guint tile, path, m = target_mask(a, &tile, &path);
    if (m == LW_NONE)
        return;
    clip_mask = level_of(a)->masks[m];
    clip_full = TRUE;
    status(a, "Copied mask %u (tile %u, path %c).", m, tile, 'A' + path);
}

static void action_paste(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    guint tile, path;
    if (!clip_full) {
        status(a, "Copy a mask first (Ctrl+Shift+C).");
        return;
    }
    if (!target(a, &tile, &path))
        return;
    g_autoptr(GError) error = NULL;
    if (!editor_tile_set_mask(doc_of(a), tile, path, &clip_mask, "Paste Mask", &error) && error)
        host_error(a, "Cannot paste the mask", error);
}

static void action_a_to_b(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    guint tile, path;
    if (target(a, &tile, &path) && !editor_tile_copy_path_a_to_b(doc_of(a), tile))
        status(a, "Path B of tile %u already uses path A's mask.", tile);
}

static void action_reset(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    guint tile, path;
    if (!target(a, &tile, &path))
        return;
    const lwm_image *art = editor_renderer_get_art(a->renderer);
    lw_mask m;
    if (!editor_art_mask(art, level_of(a)->tiles[tile].art, &m)) {
        status(a, "Tile %u's art has no solid pixel (or the level has no tileset).", tile);
        return;
    }
    g_autoptr(GError) error = NULL;
    if (!editor_tile_set_mask(doc_of(a), tile, path, &m, "Reset Mask from Art", &error)) {
        if (error)
            host_error(a, "Cannot reset the mask", error);
        else
            status(a, "The mask already is what the art gives.");
    }
}

static void action_make_unique(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    guint tile, path;
    if (!target(a, &tile, &path))
        return;
    g_autoptr(GError) error = NULL;
    if (!editor_tile_make_mask_unique(doc_of(a), tile, path, &error))
        status(a, "Make unique: %s.", error ? error->message : "nothing to do");
}

/* (col, row, button, kind): the mask editor's drawing tool in grid cells; kind 0
 * press+release, 1 press, 2 motion, 3 release (automation, tests). */
static void action_mask_pointer(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    if (!a->editor)
        return;
    gint32 col, row, kind;
    guint32 button;
    g_variant_get(p, "(iiui)", &col, &row, &button, &kind);
    if (kind == 0 || kind == 1)
        editor_mask_editor_press(a->editor, col, row, button);
    if (kind == 2)
        editor_mask_editor_motion(a->editor, col, row);
    if (kind == 0 || kind == 3)
        editor_mask_editor_release(a->editor);
}

static void change_slope_option(GSimpleAction *act, GVariant *v, gpointer user)
{
    Authoring *a = user;
    g_simple_action_set_state(act, v);
    EditorTools *t = a->tools;
    gboolean on = g_variant_get_boolean(v);
    if (g_str_equal(g_action_get_name(G_ACTION(act)), "slope-masks"))
        t->slope_masks = on;
    else
        t->slope_fill = on;
    status(a, "Slope tool: %s%s, on path %s (Alt+A / B / P).",
           t->slope_masks ? "masks cut by the line" : "angles only",
           t->slope_masks ? (t->slope_fill ? ", filled down to the ground" : ", no fill") : "",
           t->solidity_paths == 3   ? "A+B"
           : t->solidity_paths == 1 ? "A"
                                    : "B");
}

/* ---- the long jobs' windows ---- */

GtkWindow *editor_authoring_modal_new(Authoring *a, const AuthoringModal *m, GtkWidget **box)
{
    GtkWindow *w = GTK_WINDOW(gtk_window_new());
    gtk_window_set_title(w, m->title);
    gtk_window_set_transient_for(w, parent_of(a));
    gtk_window_set_modal(w, TRUE);
    gtk_window_set_destroy_with_parent(w, TRUE);
    gtk_window_set_default_size(w, m->width, m->height);
    g_object_set_data_full(G_OBJECT(w), m->key, m->data, m->free_data);
    g_signal_connect_object(w, "destroy", m->destroyed, a, 0);
    GSimpleActionGroup *group = g_simple_action_group_new();
    g_action_map_add_action_entries(G_ACTION_MAP(group), m->entries, (gint)m->n_entries, m->data);
    gtk_widget_insert_action_group(GTK_WIDGET(w), m->prefix, G_ACTION_GROUP(group));
    g_object_unref(group);
    *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_widget_set_margin_start(*box, 14);
    gtk_widget_set_margin_end(*box, 14);
    gtk_widget_set_margin_top(*box, 12);
    gtk_widget_set_margin_bottom(*box, 12);
    return w;
}

/* ---- the loop preset ---- */

static void place_loop(Authoring *a, gint32 x, gint32 y, gint32 radius)
{
    EditorLoopPlace place;
    g_autoptr(GError) error = NULL;
    if (!editor_loop_place(level_of(a), x, y, radius, &place, &error)) {
        host_error(a, "The loop cannot go there", error);
        return;
    }
    EditorPaintReport rep;
    const lwm_image *art = editor_renderer_get_art(a->renderer);
    if (!editor_loop_preset(doc_of(a), art->width ? art : NULL, &place, &rep, &error)) {
        host_error(a, "The loop could not be made", error);
        return;
    }
    status(a,
           "Loop of radius %d at x %d on the floor at y %d: %u cells, %u new masks, %u new "
           "tiles, %u chunks for these places, two swappers (one undo step).",
           place.radius, place.cx, place.floor_y, rep.cells, rep.masks_added, rep.tiles_added,
           rep.chunks_added);
}

static void action_add_loop(GSimpleAction *act, GVariant *p, gpointer user)
{
    gint32 x, y, r;
    g_variant_get(p, "(iii)", &x, &y, &r);
    place_loop(user, x, y, r);
}

typedef struct {
    Authoring *a;
    GtkDropDown *radius;
    GtkSpinButton *x, *y;
} LoopDialog;

static gint32 loop_radius(LoopDialog *ld)
{
    return EDITOR_LOOP_MIN_RADIUS + 16 * (gint32)gtk_drop_down_get_selected(ld->radius);
}

/* The canvas shows the loop where the dialog's fields put it (nothing changes until Place). */
static void loop_preview(LoopDialog *ld)
{
    EditorLoopPlace place;
    gboolean ok =
        editor_loop_place(level_of(ld->a), gtk_spin_button_get_value_as_int(ld->x),
                          gtk_spin_button_get_value_as_int(ld->y), loop_radius(ld), &place, NULL);
    editor_tools_set_loop_preview(ld->a->tools, ok ? &place : NULL);
}

static void loop_response(GtkDialog *dialog, int response, LoopDialog *ld)
{
    editor_tools_set_loop_preview(ld->a->tools, NULL);
    if (response == GTK_RESPONSE_ACCEPT)
        place_loop(ld->a, gtk_spin_button_get_value_as_int(ld->x),
                   gtk_spin_button_get_value_as_int(ld->y), loop_radius(ld));
    gtk_window_destroy(GTK_WINDOW(dialog));
    g_free(ld);
}

static void action_loop_preset(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    const lw_level *l = level_of(a);
    LoopDialog *ld = g_new0(LoopDialog, 1);
    ld->a = a;
    GtkWidget *d = gtk_dialog_new_with_buttons(
        "Loop Preset", parent_of(a),
        GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT | GTK_DIALOG_USE_HEADER_BAR, "_Cancel",
        GTK_RESPONSE_CANCEL, "_Place Loop", GTK_RESPONSE_ACCEPT, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_ACCEPT);
    GtkWidget *grid = gtk_grid_new();
    gtk_grid_set_row_spacing(GTK_GRID(grid), 6);
    gtk_grid_set_column_spacing(GTK_GRID(grid), 10);
    gtk_widget_set_margin_start(grid, 16);
    gtk_widget_set_margin_end(grid, 16);
    gtk_widget_set_margin_top(grid, 16);
    gtk_widget_set_margin_bottom(grid, 16);
    GtkWidget *help = gtk_label_new(
        "A full loop standing on the floor below the point: the right half on path A, the left "
        "half on path B, the top on both, every tile's angle the circle's tangent; a "
        "grounded-only path swapper at the top and one after the loop. Every radius offered is "
        "one the engine runs through at top speed.");
    gtk_label_set_wrap(GTK_LABEL(help), TRUE);
    gtk_label_set_max_width_chars(GTK_LABEL(help), 56);
    gtk_label_set_xalign(GTK_LABEL(help), 0);
    gtk_grid_attach(GTK_GRID(grid), help, 0, 0, 2, 1);
    static const char *const radii[] = {
        "64 px", "80 px", "96 px (the sample's)", "112 px", "128 px", "144 px", NULL};
    ld->radius = GTK_DROP_DOWN(gtk_drop_down_new_from_strings(radii));
    gtk_drop_down_set_selected(ld->radius, 2);
    gtk_grid_attach(GTK_GRID(grid), gtk_label_new("Inner radius"), 0, 1, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(ld->radius), 1, 1, 1, 1);
    /* where the pointer last was on the canvas, else the middle of the view, else (no view
     * yet) the level's middle */
    double x = a->pointer_x, y = a->pointer_y;
    if (x < 0) {
        double vx, vy, vw, vh;
        vx = vy = vw = vh = 0;
        if (a->canvas)
            editor_canvas_get_view(a->canvas, &vx, &vy, &vw, &vh);
        x = vw > 0 ? vx + vw / 2 : lw_level_width_px(l) / 2.0;
        y = vh > 0 ? vy + vh / 2 : lw_level_height_px(l) / 2.0;
    }
    ld->x = GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(0, lw_level_width_px(l) - 1, 16));
    gtk_spin_button_set_value(ld->x, CLAMP(x, 0, lw_level_width_px(l) - 1));
    ld->y = GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(0, lw_level_height_px(l) - 1, 16));
    gtk_spin_button_set_value(ld->y, CLAMP(y, 0, lw_level_height_px(l) - 1));
    gtk_grid_attach(GTK_GRID(grid), gtk_label_new("Middle x (px)"), 0, 2, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(ld->x), 1, 2, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), gtk_label_new("Look for the floor below y (px)"), 0, 3, 1, 1);
    gtk_grid_attach(GTK_GRID(grid), GTK_WIDGET(ld->y), 1, 3, 1, 1);
    gtk_box_append(GTK_BOX(gtk_dialog_get_content_area(GTK_DIALOG(d))), grid);
    g_signal_connect(d, "response", G_CALLBACK(loop_response), ld);
    g_signal_connect_swapped(ld->x, "value-changed", G_CALLBACK(loop_preview), ld);
    g_signal_connect_swapped(ld->y, "value-changed", G_CALLBACK(loop_preview), ld);
    g_signal_connect_swapped(ld->radius, "notify::selected", G_CALLBACK(loop_preview), ld);
    loop_preview(ld);
    gtk_window_present(GTK_WINDOW(d));
}

/* ---- wiring ---- */

static void on_cursor_moved(EditorCanvas *canvas, double x, double y, Authoring *a)
{
    if (x >= 0 && y >= 0) {
        a->pointer_x = x;
        a->pointer_y = y;
    }
}

static void on_doc_changed(Authoring *a, EditorChange *change)
{
    sync_states(a);
}

void editor_authoring_tools_changed(EditorAuthoring *a, guint what)
{
    g_return_if_fail(EDITOR_IS_AUTHORING(a));
    if (a->editor && (what & EDITOR_TOOLS_NOTIFY_BRUSH)) {
        EditorTools *t = a->tools;
        if (t->brush_tile != LW_NONE && t->brush_tile != editor_mask_editor_get_tile(a->editor))
            editor_mask_editor_set_tile(a->editor, t->brush_tile);
    }
    sync_states(a);
}

static const GActionEntry entries[] = {
    {.name = "mask-editor", .activate = action_mask_editor},
    {.name = "mask-path-b", .state = "false", .change_state = change_path_b},
    {.name = "mask-widths", .state = "false", .change_state = change_widths},
    {.name = "mask-compute-angle", .activate = action_compute},
    {.name = "mask-flag", .state = "false", .change_state = change_flag},
    {.name = "mask-lock", .state = "false", .change_state = change_lock},
    {.name = "mask-copy", .activate = action_copy},
    {.name = "mask-paste", .activate = action_paste},
    {.name = "mask-copy-a-to-b", .activate = action_a_to_b},
    {.name = "mask-reset-from-art", .activate = action_reset},
    {.name = "mask-make-unique", .activate = action_make_unique},
    {.name = "slope-masks", .state = "false", .change_state = change_slope_option},
    {.name = "slope-fill", .state = "false", .change_state = change_slope_option},
    {.name = "loop-preset", .activate = action_loop_preset},
    {.name = "generate-masks", .activate = editor_authoring_action_generate},
    {.name = "import-terrain", .activate = editor_authoring_action_import_terrain},
    /* automation */
    {.name = "mask-pointer", .parameter_type = "(iiui)", .activate = action_mask_pointer},
    {.name = "add-loop", .parameter_type = "(iii)", .activate = action_add_loop},
    {.name = "import-terrain-from",
     .parameter_type = "s",
     .activate = editor_authoring_action_import_terrain_from},
};

GActionGroup *editor_authoring_get_actions(EditorAuthoring *self)
{
    g_return_val_if_fail(EDITOR_IS_AUTHORING(self), NULL);
    return G_ACTION_GROUP(self->actions);
}

static void editor_authoring_dispose(GObject *object)
{
    EditorAuthoring *a = EDITOR_AUTHORING(object);
    /* the actions may outlive it in the window's map: they no longer reach it */
    if (a->actions) {
        g_auto(GStrv) names = g_action_group_list_actions(G_ACTION_GROUP(a->actions));
        for (guint i = 0; names[i]; i++)
            g_signal_handlers_disconnect_by_data(
                g_action_map_lookup_action(G_ACTION_MAP(a->actions), names[i]), a);
    }
    if (a->editor) {
        g_object_remove_weak_pointer(G_OBJECT(a->editor), (gpointer *)&a->editor);
        a->editor = NULL;
    }
    if (a->canvas) {
        g_object_remove_weak_pointer(G_OBJECT(a->canvas), (gpointer *)&a->canvas);
        a->canvas = NULL;
    }
    g_clear_object(&a->actions);
    g_clear_object(&a->doc);
    G_OBJECT_CLASS(editor_authoring_parent_class)->dispose(object);
}

static void editor_authoring_class_init(EditorAuthoringClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = editor_authoring_dispose;
    signals[SIGNAL_STATUS] = g_signal_new("status", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
    signals[SIGNAL_ERROR] =
        g_signal_new("error", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_ERROR);
}

static void editor_authoring_init(EditorAuthoring *self)
{
    self->pointer_x = self->pointer_y = -1;
}

EditorAuthoring *editor_authoring_new(EditorDocument *doc, EditorRenderer *renderer,
                                      EditorTools *tools, EditorCanvas *canvas)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(doc), NULL);
    g_return_val_if_fail(renderer && tools && EDITOR_IS_CANVAS(canvas), NULL);
    EditorAuthoring *a = g_object_new(EDITOR_TYPE_AUTHORING, NULL);
    a->doc = g_object_ref(doc);
    a->renderer = renderer;
    a->tools = tools;
    a->canvas = canvas;
    g_object_add_weak_pointer(G_OBJECT(canvas), (gpointer *)&a->canvas);
    a->actions = g_simple_action_group_new();
    g_action_map_add_action_entries(G_ACTION_MAP(a->actions), entries, G_N_ELEMENTS(entries), a);
    tools->art = editor_renderer_get_art(renderer);
    g_signal_connect_object(canvas, "cursor-moved", G_CALLBACK(on_cursor_moved), a, 0);
    g_signal_connect_object(doc, "changed", G_CALLBACK(on_doc_changed), a, G_CONNECT_SWAPPED);
    return a;
}
