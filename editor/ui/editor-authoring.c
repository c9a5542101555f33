/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-authoring"

#include "editor-authoring.h"

#include "doc/editor-commands-mask.h"
#include "doc/mask-generate.h"
#include "doc/mask-ops.h"
#include "doc/terrain-import.h"
#include "editor-file-chooser.h"

#include <loopwright-masks/render.h>
#include <loopwright/fixed.h>
#include <math.h>
#include <string.h>

/* Per window, attached as "editor-authoring". */
typedef struct {
    GtkWindow *win; /* the owner (an editor window) */
    EditorAuthoringHost host;
    EditorMaskEditor *editor;
    GtkWindow *generate;
    GtkWindow *import;
    double pointer_x, pointer_y; /* last level position under the pointer, -1 = none */
} Authoring;

/* One process-wide mask clipboard: masks paste between tiles and levels. */
static lw_mask clip_mask;
static gboolean clip_full;

static Authoring *get(GtkWindow *win)
{
    return g_object_get_data(G_OBJECT(win), "editor-authoring");
}

static void host_status(Authoring *a, const char *text)
{
    if (a->host.set_status)
        a->host.set_status(a->win, text);
}

static void host_error(Authoring *a, const char *title, const GError *error)
{
    if (a->host.show_error)
        a->host.show_error(a->win, title, error);
}

static EditorDocument *doc_of(Authoring *a)
{
    return a->host.doc;
}

static const lw_level *level_of(Authoring *a)
{
    return editor_document_get_level(doc_of(a));
}

static void status(Authoring *a, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static void status(Authoring *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *text = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    host_status(a, text);
}

static gboolean path_b(Authoring *a)
{
    GAction *act = g_action_map_lookup_action(G_ACTION_MAP(a->win), "mask-path-b");
    g_autoptr(GVariant) v = g_action_get_state(act);
    return g_variant_get_boolean(v);
}

/* The tile and path the mask actions act on: the mask editor's, else the brush tile's. */
static gboolean target(Authoring *a, guint *tile, guint *path)
{
    *path = path_b(a) ? 1 : 0;
    *tile = a->editor ? editor_mask_editor_get_tile(a->editor) : a->host.tools->brush_tile;
    if (*tile >= level_of(a)->tile_count) {
        status(a, "Pick a tile first (the Tiles palette, or right-click a cell while editing a "
                  "chunk).");
        return FALSE;
    }
    return TRUE;
}

static guint target_mask(Authoring *a, guint *tile, guint *path)
{
    if (!target(a, tile, path))
        return LW_NONE;
    uint16_t m = level_of(a)->tiles[*tile].mask[*path];
    if (m == LW_NONE)
        status(a, "Tile %u has no mask on path %c (Reset from Art or Paste makes one).", *tile,
               'A' + *path);
    return m;
}

static void set_state(Authoring *a, const char *name, gboolean on)
{
    GAction *act = g_action_map_lookup_action(G_ACTION_MAP(a->win), name);
    g_simple_action_set_state(G_SIMPLE_ACTION(act), g_variant_new_boolean(on));
}

/* The flag and lock actions show the target mask's state. */
static void sync_states(Authoring *a)
{
    guint tile, path;
    gboolean flagged = FALSE, locked = FALSE;
    path = path_b(a) ? 1 : 0;
    tile = a->editor ? editor_mask_editor_get_tile(a->editor) : a->host.tools->brush_tile;
    const lw_level *l = level_of(a);
    if (tile < l->tile_count && l->tiles[tile].mask[path] != LW_NONE) {
        const lw_mask *m = &l->masks[l->tiles[tile].mask[path]];
        flagged = (m->flags & LW_MASK_FLAGGED) != 0;
        locked = (m->flags & LW_MASK_LOCKED) != 0;
    }
    set_state(a, "mask-flag", flagged);
    set_state(a, "mask-lock", locked);
}

static void push(Authoring *a, EditorCommand *cmd, const char *nothing)
{
    if (cmd)
        editor_document_push(doc_of(a), cmd);
    else if (nothing)
        status(a, "%s", nothing);
}

/* ---- the mask editor and its actions ---- */

EditorMaskEditor *editor_authoring_get_mask_editor(GtkWindow *win)
{
    Authoring *a = get(win);
    return a ? a->editor : NULL;
}

static void action_mask_editor(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = get(user);
    if (!a->editor) {
        a->editor =
            editor_mask_editor_new(a->win, a->host.doc, a->host.renderer, G_ACTION_GROUP(a->win));
        g_object_add_weak_pointer(G_OBJECT(a->editor), (gpointer *)&a->editor);
        editor_mask_editor_set_path(a->editor, path_b(a) ? 1 : 0);
        GAction *w = g_action_map_lookup_action(G_ACTION_MAP(a->win), "mask-widths");
        g_autoptr(GVariant) v = g_action_get_state(w);
        editor_mask_editor_set_widths_view(a->editor, g_variant_get_boolean(v));
    }
    EditorTools *t = a->host.tools;
    editor_mask_editor_set_tile(a->editor, t->brush_tile);
    sync_states(a);
    gtk_window_present(GTK_WINDOW(a->editor));
}

static void change_path_b(GSimpleAction *act, GVariant *v, gpointer user)
{
    Authoring *a = get(user);
    g_simple_action_set_state(act, v);
    if (a->editor)
        editor_mask_editor_set_path(a->editor, g_variant_get_boolean(v) ? 1 : 0);
    sync_states(a);
}

static void change_widths(GSimpleAction *act, GVariant *v, gpointer user)
{
    Authoring *a = get(user);
    g_simple_action_set_state(act, v);
    if (a->editor)
        editor_mask_editor_set_widths_view(a->editor, g_variant_get_boolean(v));
}

static void action_compute(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = get(user);
    guint tile, path, m = target_mask(a, &tile, &path);
    if (m != LW_NONE)
        push(a, editor_cmd_mask_compute_angle_new(doc_of(a), m),
             "The angle is already the one the pixels give.");
}

static void change_flag(GSimpleAction *act, GVariant *v, gpointer user)
{
    Authoring *a = get(user);
    guint tile, path, m = target_mask(a, &tile, &path);
    if (m != LW_NONE)
        push(a, editor_cmd_mask_set_flagged_new(doc_of(a), m, g_variant_get_boolean(v)), NULL);
    sync_states(a);
}

static void change_lock(GSimpleAction *act, GVariant *v, gpointer user)
{
    Authoring *a = get(user);
    guint tile, path, m = target_mask(a, &tile, &path);
    if (m != LW_NONE)
        push(a, editor_cmd_mask_set_locked_new(doc_of(a), m, g_variant_get_boolean(v)), NULL);
    sync_states(a);
}

static void action_copy(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = get(user);
    guint tile, path, m = target_mask(a, &tile, &path);
    if (m == LW_NONE)
        return;
    clip_mask = level_of(a)->masks[m];
    clip_full = TRUE;
    status(a, "Copied mask %u (tile %u, path %c).", m, tile, 'A' + path);
}

static void action_paste(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = get(user);
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
    Authoring *a = get(user);
    guint tile, path;
    if (target(a, &tile, &path) && !editor_tile_copy_path_a_to_b(doc_of(a), tile))
        status(a, "Path B of tile %u already uses path A's mask.", tile);
}

static void action_reset(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = get(user);
    guint tile, path;
    if (!target(a, &tile, &path))
        return;
    const lwm_image *art = editor_renderer_get_art(a->host.renderer);
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
    Authoring *a = get(user);
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
    Authoring *a = get(user);
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
    Authoring *a = get(user);
    g_simple_action_set_state(act, v);
    EditorTools *t = a->host.tools;
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

/* ---- generation from tile art ---- */

typedef struct {
    Authoring *a;
    GtkWindow *dialog;
    GtkDropDown *scope;
    GtkProgressBar *progress;
    GtkLabel *summary;
    GtkListBox *list;
    GtkWidget *apply, *close;
    EditorMaskGen *gen;
    GArray *checks; /* GtkCheckButton* per item */
    guint idle;
    gboolean ready;
} GenDialog;

static GenDialog *gen_of(GtkWindow *dialog)
{
    return g_object_get_data(G_OBJECT(dialog), "gen-dialog");
}

GtkWindow *editor_authoring_get_generate_dialog(GtkWindow *win)
{
    Authoring *a = get(win);
    return a ? a->generate : NULL;
}

gboolean editor_generate_dialog_is_ready(GtkWindow *dialog)
{
    return gen_of(dialog)->ready;
}

guint editor_generate_dialog_get_count(GtkWindow *dialog)
{
    GenDialog *g = gen_of(dialog);
    return g->ready ? editor_mask_gen_get_count(g->gen) : 0;
}

GtkCheckButton *editor_generate_dialog_get_check(GtkWindow *dialog, guint index)
{
    GenDialog *g = gen_of(dialog);
    g_return_val_if_fail(index < g->checks->len, NULL);
    return g_array_index(g->checks, GtkCheckButton *, index);
}

guint editor_generate_dialog_get_tile(GtkWindow *dialog, guint index)
{
    return editor_mask_gen_get_item(gen_of(dialog)->gen, index)->tile;
}

static void gen_update_summary(GenDialog *g)
{
    guint n = editor_mask_gen_get_count(g->gen), acc = editor_mask_gen_get_accepted(g->gen);
    g_autofree char *text = g_strdup_printf(
        "%u tiles would change (%u skipped: no art pixels, or paths with different pixels); "
        "%u accepted. Locked angles are kept.",
        n, editor_mask_gen_get_skipped(g->gen), acc);
    gtk_label_set_text(g->summary, text);
    g_autofree char *apply = g_strdup_printf("Apply %u", acc);
    gtk_button_set_label(GTK_BUTTON(g->apply), apply);
    gtk_widget_set_sensitive(g->apply, acc > 0);
}

/* A tile's art with a mask over it; with @other, the pixels @m adds to it green and those it
 * takes away red (the "after" box of the diff). */
static void draw_mask_box(cairo_t *cr, EditorRenderer *r, guint tile, const lw_mask *m,
                          gboolean has, const lw_mask *other, double x, double y, double size)
{
    cairo_set_source_rgb(cr, 0.15, 0.15, 0.17);
    cairo_rectangle(cr, x, y, size, size);
    cairo_fill(cr);
    editor_renderer_draw_tile(r, cr, tile, x, y, size, 0, -1);
    if (!has)
        return;
    double s = size / 16;
    for (int c = 0; c < 16; c++)
        for (int row = 0; row < 16; row++) {
            gboolean on = lw_mask_pixel(m, c, row);
            gboolean was = other ? lw_mask_pixel(other, c, row) : on;
            if (!on && !was)
                continue;
            if (on && was)
                cairo_set_source_rgba(cr, 1, 1, 1, 0.5);
            else if (on)
                cairo_set_source_rgba(cr, 0.3, 1, 0.3, 0.9);
            else
                cairo_set_source_rgba(cr, 1, 0.25, 0.25, 0.9);
            cairo_rectangle(cr, x + c * s, y + row * s, s, s);
            cairo_fill(cr);
        }
    if (!(m->flags & LW_MASK_FLAGGED)) {
        double t = m->angle * 2 * G_PI / 256.0, dx = cos(t), dy = sin(t);
        cairo_set_source_rgb(cr, 1, 0.82, 0.12);
        cairo_set_line_width(cr, 2);
        cairo_move_to(cr, x + size / 2 - dx * size * 0.4, y + size / 2 - dy * size * 0.4);
        cairo_line_to(cr, x + size / 2 + dx * size * 0.4, y + size / 2 + dy * size * 0.4);
        cairo_stroke(cr);
    }
}

static void draw_gen_row(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    GenDialog *g = user;
    guint i = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(area), "item"));
    const EditorMaskGenItem *it = editor_mask_gen_get_item(g->gen, i);
    EditorRenderer *r = g->a->host.renderer;
    draw_mask_box(cr, r, it->tile, &it->before, it->had_mask, NULL, 0, 0, 48);
    cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
    cairo_set_line_width(cr, 2);
    cairo_move_to(cr, 54, 24);
    cairo_line_to(cr, 66, 24);
    cairo_stroke(cr);
    cairo_move_to(cr, 71, 24);
    cairo_line_to(cr, 64, 19);
    cairo_line_to(cr, 64, 29);
    cairo_close_path(cr);
    cairo_fill(cr);
    draw_mask_box(cr, r, it->tile, &it->after, TRUE, it->had_mask ? &it->before : NULL, 76, 0, 48);
}

static void gen_check_toggled(GtkCheckButton *b, GenDialog *g)
{
    guint i = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(b), "item"));
    editor_mask_gen_get_item(g->gen, i)->accept = gtk_check_button_get_active(b);
    gen_update_summary(g);
}

static char *angle_text(const lw_mask *m, gboolean has)
{
    if (!has)
        return g_strdup("none");
    if (m->flags & LW_MASK_FLAGGED)
        return g_strdup("flagged");
    return g_strdup_printf("0x%02X", m->angle);
}

static void gen_fill_list(GenDialog *g)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(g->list))))
        gtk_list_box_remove(g->list, child);
    g_array_set_size(g->checks, 0);
    guint n = editor_mask_gen_get_count(g->gen);
    for (guint i = 0; i < n; i++) {
        const EditorMaskGenItem *it = editor_mask_gen_get_item(g->gen, i);
        GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
        gtk_widget_set_margin_start(row, 8);
        gtk_widget_set_margin_top(row, 4);
        gtk_widget_set_margin_bottom(row, 4);
        GtkWidget *check = gtk_check_button_new();
        gtk_check_button_set_active(GTK_CHECK_BUTTON(check), it->accept);
        g_object_set_data(G_OBJECT(check), "item", GUINT_TO_POINTER(i));
        g_signal_connect(check, "toggled", G_CALLBACK(gen_check_toggled), g);
        gtk_box_append(GTK_BOX(row), check);
        g_array_append_val(g->checks, check);
        GtkWidget *pic = gtk_drawing_area_new();
        gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(pic), 124);
        gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(pic), 48);
        g_object_set_data(G_OBJECT(pic), "item", GUINT_TO_POINTER(i));
        gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(pic), draw_gen_row, g, NULL);
        gtk_box_append(GTK_BOX(row), pic);
        g_autofree char *before = angle_text(&it->before, it->had_mask);
        g_autofree char *after = angle_text(&it->after, TRUE);
        g_autofree char *pixels = !it->had_mask ? g_strdup("a new mask")
                                  : it->changed_px
                                      ? g_strdup_printf("%u pixels change", it->changed_px)
                                      : g_strdup("the same pixels");
        g_autofree char *text =
            g_strdup_printf("Tile %u, %s — angle %s → %s%s\n%s", it->tile,
                            it->paths == 3   ? "both paths"
                            : it->paths == 1 ? "path A"
                                             : "path B",
                            before, after, it->kept_angle ? " (locked: kept)" : "", pixels);
        GtkWidget *label = gtk_label_new(text);
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_box_append(GTK_BOX(row), label);
        gtk_list_box_append(g->list, row);
    }
}

static gboolean gen_step(gpointer user)
{
    GenDialog *g = user;
    gboolean done = editor_mask_gen_step(g->gen, 24);
    guint d, t;
    editor_mask_gen_get_progress(g->gen, &d, &t);
    gtk_progress_bar_set_fraction(g->progress, t ? (double)d / t : 1);
    g_autofree char *text = g_strdup_printf("%u of %u tiles", d, t);
    gtk_progress_bar_set_text(g->progress, text);
    if (!done)
        return G_SOURCE_CONTINUE;
    g->idle = 0;
    g->ready = TRUE;
    gen_fill_list(g);
    gen_update_summary(g);
    gtk_button_set_label(GTK_BUTTON(g->close), "Close");
    return G_SOURCE_REMOVE;
}

/* The tiles of the chosen scope (NULL = every tile). */
static guint *gen_scope_tiles(GenDialog *g, guint *n)
{
    const lw_level *l = level_of(g->a);
    EditorTools *t = g->a->host.tools;
    guint scope = gtk_drop_down_get_selected(g->scope);
    if (scope == 0) {
        *n = 0;
        return NULL;
    }
    GArray *ids = g_array_new(FALSE, FALSE, sizeof(guint));
    if (scope == 2) {
        guint tile = g->a->editor ? editor_mask_editor_get_tile(g->a->editor) : t->brush_tile;
        if (tile < l->tile_count)
            g_array_append_val(ids, tile);
    } else {
        g_autofree gboolean *seen = g_new0(gboolean, MAX(l->tile_count, 1u));
        EditorRect r = t->slot_selection;
        for (int32_t y = r.y; y < r.y + r.h; y++)
            for (int32_t x = r.x; x < r.x + r.w; x++) {
                if (x < 0 || y < 0 || x >= l->layout_width || y >= l->layout_height)
                    continue;
                uint16_t c = lw_level_layout_get(l, LW_LAYER_FG, (guint)x, (guint)y);
                if (c == LW_NONE)
                    continue;
                const lw_cell *cells = lw_level_chunk_cells(l, c);
                for (guint i = 0; i < lw_level_cells_per_chunk(l); i++)
                    if (cells[i].tile < l->tile_count && !seen[cells[i].tile]) {
                        seen[cells[i].tile] = TRUE;
                        g_array_append_val(ids, cells[i].tile);
                    }
            }
    }
    *n = ids->len;
    return (guint *)g_array_free(ids, FALSE);
}

static void gen_start(GenDialog *g)
{
    g_clear_handle_id(&g->idle, g_source_remove);
    g_clear_pointer(&g->gen, editor_mask_gen_free);
    g->ready = FALSE;
    g_array_set_size(g->checks, 0);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(g->list))))
        gtk_list_box_remove(g->list, child);
    guint n;
    g_autofree guint *ids = gen_scope_tiles(g, &n);
    const lwm_image *art = editor_renderer_get_art(g->a->host.renderer);
    g->gen = editor_mask_gen_new(level_of(g->a), art, ids, ids ? n : 0);
    if (ids && n == 0) {
        /* an empty scope: nothing to do */
        g->ready = TRUE;
        editor_mask_gen_step(g->gen, 0);
    }
    gtk_label_set_text(g->summary, "Computing…");
    gtk_button_set_label(GTK_BUTTON(g->close), "Cancel");
    gtk_widget_set_sensitive(g->apply, FALSE);
    g->idle = g_idle_add(gen_step, g);
}

static void gen_free(gpointer data)
{
    GenDialog *g = data;
    g_clear_handle_id(&g->idle, g_source_remove);
    editor_mask_gen_free(g->gen);
    g_array_unref(g->checks);
    g_free(g);
}

static void gen_close(GSimpleAction *act, GVariant *p, gpointer user)
{
    GenDialog *g = user;
    if (!g->ready)
        host_status(g->a, "Mask generation cancelled: nothing changed.");
    gtk_window_destroy(g->dialog);
}

static void gen_apply(GSimpleAction *act, GVariant *p, gpointer user)
{
    GenDialog *g = user;
    if (!g->ready)
        return;
    g_autoptr(GError) error = NULL;
    guint changed = editor_mask_gen_apply(doc_of(g->a), g->gen, &error);
    if (error) {
        host_error(g->a, "The masks could not be generated", error);
        return;
    }
    status(g->a, "Masks from art for %u tiles (one undo step: Ctrl+Z).", changed);
    gtk_window_destroy(g->dialog);
}

static void gen_accept_all(GSimpleAction *act, GVariant *p, gpointer user)
{
    GenDialog *g = user;
    gboolean on = g_str_equal(g_action_get_name(G_ACTION(act)), "accept-all");
    for (guint i = 0; i < g->checks->len; i++)
        gtk_check_button_set_active(g_array_index(g->checks, GtkCheckButton *, i), on);
}

static void gen_scope_changed(GtkDropDown *d, GParamSpec *ps, GenDialog *g)
{
    gen_start(g);
}

static void gen_destroyed(GtkWidget *w, Authoring *a)
{
    GenDialog *g = g_object_get_data(G_OBJECT(w), "gen-dialog");
    if (g)
        g_clear_handle_id(&g->idle, g_source_remove); /* no more steps into dead widgets */
    if (a->generate == GTK_WINDOW(w))
        a->generate = NULL;
}

static void action_generate(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = get(user);
    if (a->generate) {
        gtk_window_present(a->generate);
        return;
    }
    if (editor_renderer_get_art(a->host.renderer)->width == 0) {
        status(a, "The level has no tileset art to make masks from (Level Properties).");
        return;
    }
    GenDialog *g = g_new0(GenDialog, 1);
    g->a = a;
    g->checks = g_array_new(FALSE, FALSE, sizeof(GtkCheckButton *));
    GtkWindow *d = GTK_WINDOW(gtk_window_new());
    g->dialog = d;
    a->generate = d;
    gtk_window_set_title(d, "Generate Masks from Tile Art");
    gtk_window_set_transient_for(d, GTK_WINDOW(a->win));
    gtk_window_set_modal(d, TRUE);
    gtk_window_set_destroy_with_parent(d, TRUE);
    gtk_window_set_default_size(d, 640, 620);
    g_object_set_data_full(G_OBJECT(d), "gen-dialog", g, gen_free);
    g_signal_connect(d, "destroy", G_CALLBACK(gen_destroyed), a);
    static const GActionEntry entries[] = {
        {.name = "apply", .activate = gen_apply},
        {.name = "close", .activate = gen_close},
        {.name = "accept-all", .activate = gen_accept_all},
        {.name = "reject-all", .activate = gen_accept_all},
    };
    GSimpleActionGroup *group = g_simple_action_group_new();
    g_action_map_add_action_entries(G_ACTION_MAP(group), entries, G_N_ELEMENTS(entries), g);
    gtk_widget_insert_action_group(GTK_WIDGET(d), "gen", G_ACTION_GROUP(group));
    g_object_unref(group);

    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_widget_set_margin_start(box, 14);
    gtk_widget_set_margin_end(box, 14);
    gtk_widget_set_margin_top(box, 12);
    gtk_widget_set_margin_bottom(box, 12);
    GtkWidget *intro = gtk_label_new(
        "Heights, angle and flag for each tile from its art (the masks library: the hole policy "
        "and the angle fitter). Untick the tiles whose masks should stay as they are; a mask "
        "shared with tiles left alone is copied, never changed under them.");
    gtk_label_set_wrap(GTK_LABEL(intro), TRUE);
    gtk_label_set_xalign(GTK_LABEL(intro), 0);
    gtk_box_append(GTK_BOX(box), intro);
    GtkWidget *scope_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_box_append(GTK_BOX(scope_row), gtk_label_new("Tiles:"));
    static const char *const scopes[] = {"Every tile of the tileset", "Tiles in the selected slots",
                                         "The tile in the mask editor", NULL};
    g->scope = GTK_DROP_DOWN(gtk_drop_down_new_from_strings(scopes));
    gtk_box_append(GTK_BOX(scope_row), GTK_WIDGET(g->scope));
    gtk_box_append(GTK_BOX(box), scope_row);
    g->progress = GTK_PROGRESS_BAR(gtk_progress_bar_new());
    gtk_progress_bar_set_show_text(g->progress, TRUE);
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(g->progress));
    g->summary = GTK_LABEL(gtk_label_new(""));
    gtk_label_set_wrap(g->summary, TRUE);
    gtk_label_set_xalign(g->summary, 0);
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(g->summary));
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_widget_set_vexpand(scroller, TRUE);
    g->list = GTK_LIST_BOX(gtk_list_box_new());
    gtk_list_box_set_selection_mode(g->list, GTK_SELECTION_NONE);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), GTK_WIDGET(g->list));
    gtk_box_append(GTK_BOX(box), scroller);
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *all = gtk_button_new_with_label("Accept All");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(all), "gen.accept-all");
    gtk_box_append(GTK_BOX(buttons), all);
    GtkWidget *none = gtk_button_new_with_label("Reject All");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(none), "gen.reject-all");
    gtk_box_append(GTK_BOX(buttons), none);
    GtkWidget *spacer = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_set_hexpand(spacer, TRUE);
    gtk_box_append(GTK_BOX(buttons), spacer);
    g->close = gtk_button_new_with_label("Cancel");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(g->close), "gen.close");
    gtk_box_append(GTK_BOX(buttons), g->close);
    g->apply = gtk_button_new_with_label("Apply");
    gtk_widget_add_css_class(g->apply, "suggested-action");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(g->apply), "gen.apply");
    gtk_box_append(GTK_BOX(buttons), g->apply);
    gtk_box_append(GTK_BOX(box), buttons);
    gtk_window_set_child(d, box);
    g_signal_connect(g->scope, "notify::selected", G_CALLBACK(gen_scope_changed), g);
    gen_start(g);
    gtk_window_present(d);
}

/* ---- terrain import ---- */

typedef struct {
    Authoring *a;
    GtkWindow *dialog;
    char *path;
    lwm_image terrain;
    EditorTerrainImport imp;
    gboolean have, ready, running;
    gboolean closed;   /* the window was destroyed: a finishing import only drops its result */
    gboolean ran_with; /* the neighbour-angles setting of the running or last import */
    guint16 chunk_px;
    GtkCheckButton *neighbours;
    GtkLabel *summary;
    GtkPicture *picture;   /* path A's collision */
    GtkPicture *picture_b; /* path B's */
    GtkWidget *apply;
    GtkSpinner *spinner;
    GtkWidget *outside_row; /* shown when objects would be left outside the new level */
    GtkLabel *outside_label;
    GtkDropDown *outside_choice; /* EditorOutsideObjects order: keep, move, remove */
} ImportDialog;

GtkWindow *editor_authoring_get_import_dialog(GtkWindow *win)
{
    Authoring *a = get(win);
    return a ? a->import : NULL;
}

gboolean editor_import_dialog_is_ready(GtkWindow *dialog)
{
    ImportDialog *d = g_object_get_data(G_OBJECT(dialog), "import-dialog");
    return d->ready;
}

typedef struct {
    lwm_image terrain; /* a copy: the window may close while the thread runs */
    guint16 chunk_px;
    gboolean neighbours;
    EditorTerrainImport imp;
} ImportJob;

static void import_job_free(gpointer data)
{
    ImportJob *j = data;
    editor_terrain_import_clear(&j->imp);
    lwm_image_clear(&j->terrain);
    g_free(j);
}

static void import_thread(GTask *task, gpointer source, gpointer data, GCancellable *c)
{
    ImportJob *j = data;
    lw_level probe = {.chunk_px = j->chunk_px};
    GError *error = NULL;
    if (editor_terrain_import(&probe, &j->terrain, NULL, j->neighbours, &j->imp, &error))
        g_task_return_boolean(task, TRUE);
    else
        g_task_return_error(task, error);
}

static void import_show(ImportDialog *d)
{
    const lw_level *l = d->imp.level;
    g_autofree char *warn = d->imp.warnings ? g_strdup_printf("%u warnings, the first at %s",
                                                              d->imp.warnings, d->imp.first_warning)
                                            : g_strdup("No warnings.");
    g_autofree char *text = g_strdup_printf(
        "%s\n%u x %u chunks of %u px (%d x %d px): %u masks, %u tiles, %u chunks, %u art cells. "
        "Angles %s. %s\n"
        "Applying replaces this level's terrain, tileset and size (one undo step); its name, "
        "settings, swappers, markers, overrides and replays stay%s.",
        d->path, l->layout_width, l->layout_height, l->chunk_px, lw_level_width_px(l),
        lw_level_height_px(l), l->mask_count, l->tile_count, l->chunk_count,
        d->imp.tileset.width ? (d->imp.tileset.width / 16) * (d->imp.tileset.height / 16) : 0,
        gtk_check_button_get_active(d->neighbours) ? "from the surrounding surface"
                                                   : "of each tile on its own",
        warn, d->imp.start_found ? "; the player start moves onto the new floor" : "");
    gtk_label_set_text(d->summary, text);
    guint out = editor_terrain_objects_outside(level_of(d->a), lw_level_width_px(l),
                                               lw_level_height_px(l), d->imp.start_found);
    gtk_widget_set_visible(d->outside_row, out > 0);
    if (out) {
        g_autofree char *o = g_strdup_printf("%u object%s would lie outside the new level:", out,
                                             out == 1 ? "" : "s");
        gtk_label_set_text(d->outside_label, o);
    }
    lwm_render_options opts = lwm_render_options_default();
    opts.collision = TRUE;
    opts.objects = FALSE;
    lwm_image pic = {0};
    lw_error err;
    if ((uint64_t)lw_level_width_px(l) * lw_level_height_px(l) <= (1u << 23) &&
        lwm_render_level(l, &d->imp.tileset, &opts, &pic, &err)) {
        /* the two panels (path A above, path B below) as two pictures with real labels: text
         * drawn into a whole-level picture shrinks to nothing in a dialog */
        gsize stride = (gsize)pic.width * 4, ph = (gsize)lw_level_height_px(l);
        GBytes *bytes = g_bytes_new(pic.rgba, stride * pic.height);
        for (int p = 0; p < 2 && pic.height >= 2 * ph; p++) {
            gsize top = p ? pic.height - ph : 0;
            GBytes *part = g_bytes_new_from_bytes(bytes, top * stride, ph * stride);
            GdkTexture *tex =
                gdk_memory_texture_new((int)pic.width, (int)ph, GDK_MEMORY_R8G8B8A8, part, stride);
            gtk_picture_set_paintable(p ? d->picture_b : d->picture, GDK_PAINTABLE(tex));
            g_object_unref(tex);
            g_bytes_unref(part);
        }
        g_bytes_unref(bytes);
        lwm_image_clear(&pic);
    }
}

static void import_run(ImportDialog *d);

static void import_done(GObject *source, GAsyncResult *res, gpointer user)
{
    GtkWindow *dialog = user; /* a reference: the window may be closed meanwhile */
    ImportDialog *d = g_object_get_data(G_OBJECT(dialog), "import-dialog");
    g_autoptr(GError) error = NULL;
    gboolean ok = g_task_propagate_boolean(G_TASK(res), &error);
    if (d && !d->closed) {
        d->running = FALSE;
        d->ready = TRUE;
        gtk_spinner_stop(d->spinner);
        ImportJob *j = g_task_get_task_data(G_TASK(res));
        if (ok) {
            editor_terrain_import_clear(&d->imp);
            d->imp = j->imp;
            memset(&j->imp, 0, sizeof j->imp);
            d->have = TRUE;
            import_show(d);
        } else {
            g_autofree char *t = g_strdup_printf("%s: %s", d->path, error->message);
            gtk_label_set_text(d->summary, t);
            d->have = FALSE;
        }
        gtk_widget_set_sensitive(d->apply, d->have);
        /* the setting was changed while it ran: run again */
        if (gtk_check_button_get_active(d->neighbours) != d->ran_with)
            import_run(d);
    }
    g_object_unref(dialog);
}

static void import_run(ImportDialog *d)
{
    if (d->running)
        return;
    d->running = TRUE;
    d->ready = FALSE;
    gtk_widget_set_sensitive(d->apply, FALSE);
    gtk_label_set_text(d->summary, "Importing…");
    gtk_spinner_start(d->spinner);
    ImportJob *j = g_new0(ImportJob, 1);
    if (!lwm_image_init(&j->terrain, d->terrain.width, d->terrain.height, 0, NULL))
        g_error("out of memory");
    memcpy(j->terrain.rgba, d->terrain.rgba, (size_t)d->terrain.width * d->terrain.height * 4);
    j->chunk_px = d->chunk_px;
    j->neighbours = gtk_check_button_get_active(d->neighbours);
    d->ran_with = j->neighbours;
    GTask *task = g_task_new(NULL, NULL, import_done, g_object_ref(d->dialog));
    g_task_set_task_data(task, j, import_job_free);
    g_task_run_in_thread(task, import_thread);
    g_object_unref(task);
}

static void import_free(gpointer data)
{
    ImportDialog *d = data;
    g_free(d->path);
    lwm_image_clear(&d->terrain);
    editor_terrain_import_clear(&d->imp);
    g_free(d);
}

static void import_apply(GSimpleAction *act, GVariant *p, gpointer user)
{
    ImportDialog *d = user;
    if (!d->have || d->running)
        return;
    g_autofree char *dir = g_build_filename(g_get_user_cache_dir(), "loopwright", "imports", NULL);
    g_autofree char *base = g_path_get_basename(d->path);
    char *dot = strrchr(base, '.');
    if (dot)
        *dot = '\0';
    g_autoptr(GError) error = NULL;
    g_autofree char *png = editor_terrain_write_tileset(&d->imp, dir, base, &error);
    if (!png) {
        host_error(d->a, "The imported tileset could not be written", error);
        return;
    }
    EditorOutsideObjects policy =
        (EditorOutsideObjects)gtk_drop_down_get_selected(d->outside_choice);
    if (!gtk_widget_get_visible(d->outside_row))
        policy = EDITOR_OUTSIDE_KEEP;
    guint moved = editor_document_apply_terrain_full(doc_of(d->a), &d->imp, png, policy);
    status(d->a, "Imported %s (one undo step%s; saving copies the tileset beside the level).",
           d->path,
           moved ? (policy == EDITOR_OUTSIDE_MOVE ? ", objects outside moved in"
                                                  : ", objects outside removed")
                 : "");
    gtk_window_destroy(d->dialog);
}

static void import_cancel(GSimpleAction *act, GVariant *p, gpointer user)
{
    ImportDialog *d = user;
    gtk_window_destroy(d->dialog);
}

static void import_destroyed(GtkWidget *w, Authoring *a)
{
    ImportDialog *d = g_object_get_data(G_OBJECT(w), "import-dialog");
    if (d)
        d->closed = TRUE;
    if (a->import == GTK_WINDOW(w))
        a->import = NULL;
}

static void open_import(Authoring *a, const char *path)
{
    if (a->import)
        gtk_window_destroy(a->import);
    g_autoptr(GError) error = NULL;
    lwm_image terrain = {0};
    if (!editor_terrain_load_png(path, &terrain, &error)) {
        host_error(a, "The picture could not be read", error);
        return;
    }
    ImportDialog *d = g_new0(ImportDialog, 1);
    d->a = a;
    d->path = g_strdup(path);
    d->terrain = terrain;
    d->chunk_px = level_of(a)->chunk_px;
    GtkWindow *w = GTK_WINDOW(gtk_window_new());
    d->dialog = w;
    a->import = w;
    gtk_window_set_title(w, "Import Terrain");
    gtk_window_set_transient_for(w, GTK_WINDOW(a->win));
    gtk_window_set_modal(w, TRUE);
    gtk_window_set_destroy_with_parent(w, TRUE);
    gtk_window_set_default_size(w, 820, 560);
    g_object_set_data_full(G_OBJECT(w), "import-dialog", d, import_free);
    g_signal_connect(w, "destroy", G_CALLBACK(import_destroyed), a);
    static const GActionEntry entries[] = {
        {.name = "apply", .activate = import_apply},
        {.name = "cancel", .activate = import_cancel},
    };
    GSimpleActionGroup *group = g_simple_action_group_new();
    g_action_map_add_action_entries(G_ACTION_MAP(group), entries, G_N_ELEMENTS(entries), d);
    gtk_widget_insert_action_group(GTK_WIDGET(w), "imp", G_ACTION_GROUP(group));
    g_object_unref(group);

    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8);
    gtk_widget_set_margin_start(box, 14);
    gtk_widget_set_margin_end(box, 14);
    gtk_widget_set_margin_top(box, 12);
    gtk_widget_set_margin_bottom(box, 12);
    for (int p = 0; p < 2; p++) {
        GtkWidget *label = gtk_label_new(p ? "Path B collision" : "Path A collision");
        gtk_widget_set_name(label, p ? "import-path-b" : "import-path-a");
        gtk_label_set_xalign(GTK_LABEL(label), 0);
        gtk_widget_add_css_class(label, "heading");
        gtk_box_append(GTK_BOX(box), label);
        GtkPicture *pic = GTK_PICTURE(gtk_picture_new());
        gtk_picture_set_can_shrink(pic, TRUE);
        gtk_widget_set_vexpand(GTK_WIDGET(pic), TRUE);
        gtk_box_append(GTK_BOX(box), GTK_WIDGET(pic));
        if (p)
            d->picture_b = pic;
        else
            d->picture = pic;
    }
    GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    d->spinner = GTK_SPINNER(gtk_spinner_new());
    gtk_box_append(GTK_BOX(row), GTK_WIDGET(d->spinner));
    d->summary = GTK_LABEL(gtk_label_new(""));
    gtk_label_set_wrap(d->summary, TRUE);
    gtk_label_set_xalign(d->summary, 0);
    gtk_widget_set_hexpand(GTK_WIDGET(d->summary), TRUE);
    gtk_box_append(GTK_BOX(row), GTK_WIDGET(d->summary));
    gtk_box_append(GTK_BOX(box), row);
    d->neighbours = GTK_CHECK_BUTTON(gtk_check_button_new_with_label(
        "Angles from the surrounding surface (a long slope gets one angle on every tile)"));
    gtk_check_button_set_active(d->neighbours, TRUE);
    g_signal_connect_swapped(d->neighbours, "toggled", G_CALLBACK(import_run), d);
    gtk_box_append(GTK_BOX(box), GTK_WIDGET(d->neighbours));
    d->outside_row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_name(d->outside_row, "import-outside");
    d->outside_label = GTK_LABEL(gtk_label_new(""));
    gtk_box_append(GTK_BOX(d->outside_row), GTK_WIDGET(d->outside_label));
    static const char *const choices[] = {"Leave them there", "Move them inside the level",
                                          "Remove them", NULL};
    d->outside_choice = GTK_DROP_DOWN(gtk_drop_down_new_from_strings(choices));
    gtk_drop_down_set_selected(d->outside_choice, EDITOR_OUTSIDE_MOVE);
    gtk_widget_set_name(GTK_WIDGET(d->outside_choice), "import-outside-choice");
    gtk_box_append(GTK_BOX(d->outside_row), GTK_WIDGET(d->outside_choice));
    gtk_widget_set_visible(d->outside_row, FALSE);
    gtk_box_append(GTK_BOX(box), d->outside_row);
    GtkWidget *buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_halign(buttons, GTK_ALIGN_END);
    GtkWidget *cancel = gtk_button_new_with_label("Cancel");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(cancel), "imp.cancel");
    gtk_box_append(GTK_BOX(buttons), cancel);
    d->apply = gtk_button_new_with_label("Apply to This Level");
    gtk_widget_add_css_class(d->apply, "suggested-action");
    gtk_actionable_set_action_name(GTK_ACTIONABLE(d->apply), "imp.apply");
    gtk_box_append(GTK_BOX(buttons), d->apply);
    gtk_box_append(GTK_BOX(box), buttons);
    gtk_window_set_child(w, box);
    import_run(d);
    gtk_window_present(w);
}

static void import_chosen(const char *path, gpointer user)
{
    GtkWindow *win = user;
    if (path)
        open_import(get(win), path);
    g_object_unref(win);
}

static void action_import_terrain(GSimpleAction *act, GVariant *p, gpointer user)
{
    editor_file_chooser_open_png(GTK_WINDOW(user), "Import a Terrain PNG", import_chosen,
                                 g_object_ref(user));
}

static void action_import_terrain_from(GSimpleAction *act, GVariant *p, gpointer user)
{
    open_import(get(user), g_variant_get_string(p, NULL));
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
    const lwm_image *art = editor_renderer_get_art(a->host.renderer);
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
    place_loop(get(user), x, y, r);
}

typedef struct {
    Authoring *a;
    GtkDropDown *radius;
    GtkSpinButton *x, *y;
} LoopDialog;

static void loop_response(GtkDialog *dialog, int response, LoopDialog *ld)
{
    if (response == GTK_RESPONSE_ACCEPT)
        place_loop(ld->a, gtk_spin_button_get_value_as_int(ld->x),
                   gtk_spin_button_get_value_as_int(ld->y),
                   EDITOR_LOOP_MIN_RADIUS + 16 * (gint32)gtk_drop_down_get_selected(ld->radius));
    gtk_window_destroy(GTK_WINDOW(dialog));
    g_free(ld);
}

static void action_loop_preset(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = get(user);
    const lw_level *l = level_of(a);
    LoopDialog *ld = g_new0(LoopDialog, 1);
    ld->a = a;
    GtkWidget *d = gtk_dialog_new_with_buttons(
        "Loop Preset", GTK_WINDOW(a->win),
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
        editor_canvas_get_view(a->host.canvas, &vx, &vy, &vw, &vh);
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

static void on_doc_changed(GtkWindow *win, EditorChange *change)
{
    Authoring *a = get(win);
    if (a)
        sync_states(a);
}

void editor_authoring_tools_changed(GtkWindow *win, guint what)
{
    Authoring *a = get(win);
    if (!a)
        return;
    if (a->editor && (what & EDITOR_TOOLS_NOTIFY_BRUSH)) {
        EditorTools *t = a->host.tools;
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
    {.name = "generate-masks", .activate = action_generate},
    {.name = "import-terrain", .activate = action_import_terrain},
    /* automation */
    {.name = "mask-pointer", .parameter_type = "(iiui)", .activate = action_mask_pointer},
    {.name = "add-loop", .parameter_type = "(iii)", .activate = action_add_loop},
    {.name = "import-terrain-from", .parameter_type = "s", .activate = action_import_terrain_from},
};

static void authoring_free(gpointer data)
{
    Authoring *a = data;
    if (a->editor)
        g_object_remove_weak_pointer(G_OBJECT(a->editor), (gpointer *)&a->editor);
    g_free(a);
}

void editor_authoring_install(const EditorAuthoringHost *host)
{
    GtkWindow *win = GTK_WINDOW(host->window);
    Authoring *a = g_new0(Authoring, 1);
    a->win = win;
    a->host = *host;
    a->pointer_x = a->pointer_y = -1;
    g_object_set_data_full(G_OBJECT(win), "editor-authoring", a, authoring_free);
    g_action_map_add_action_entries(G_ACTION_MAP(win), entries, G_N_ELEMENTS(entries), win);
    EditorTools *t = host->tools;
    t->art = editor_renderer_get_art(host->renderer);
    g_signal_connect(host->canvas, "cursor-moved", G_CALLBACK(on_cursor_moved), a);
    g_signal_connect_object(host->doc, "changed", G_CALLBACK(on_doc_changed), win,
                            G_CONNECT_SWAPPED);
}
