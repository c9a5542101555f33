/* SPDX-License-Identifier: MIT */
/* Masks > Generate from Tile Art: the window with progress, cancel and a per-tile accept/reject
 * diff (see editor-authoring-state.h). */
#define G_LOG_DOMAIN "editor-authoring"

#include "doc/editor-commands-mask.h"
#include "doc/mask-generate.h"
#include "doc/mask-ops.h"
#include "doc/terrain-import.h"
#include "editor-authoring-state.h"
#include "editor-authoring.h"
#include "editor-file-chooser.h"

#include <loopwright-masks/render.h>
#include <loopwright/fixed.h>
#include <math.h>
#include <string.h>

/* ---- generation from tile art ---- */

typedef struct {
    Authoring *a;
    GtkWindow *dialog;
    GtkDropDown *scope;
    GtkSpinButton *tolerance; /* pixels a mask may move and still count as unchanged */
    GtkProgressBar *progress;
    GtkLabel *summary;
    GtkListBox *list;
    GtkWidget *apply, *close;
    EditorMaskGen *gen;
    GArray *checks; /* GtkCheckButton* per listed row */
    GArray *rows;   /* guint: the generation's item index of each listed row */
    guint idle;
    gboolean ready;
} GenDialog;

static GenDialog *gen_of(GtkWindow *dialog)
{
    return g_object_get_data(G_OBJECT(dialog), "gen-dialog");
}

GtkWindow *editor_authoring_get_generate_dialog(EditorAuthoring *a)
{
    g_return_val_if_fail(EDITOR_IS_AUTHORING(a), NULL);
    return a->generate;
}

gboolean editor_generate_dialog_is_ready(GtkWindow *dialog)
{
    return gen_of(dialog)->ready;
}

guint editor_generate_dialog_get_count(GtkWindow *dialog)
{
    GenDialog *g = gen_of(dialog);
    return g->ready ? g->rows->len : 0;
}

void editor_generate_dialog_set_tolerance(GtkWindow *dialog, guint pixels)
{
    gtk_spin_button_set_value(gen_of(dialog)->tolerance, pixels);
}

GtkCheckButton *editor_generate_dialog_get_check(GtkWindow *dialog, guint index)
{
    GenDialog *g = gen_of(dialog);
    g_return_val_if_fail(index < g->checks->len, NULL);
    return g_array_index(g->checks, GtkCheckButton *, index);
}

guint editor_generate_dialog_get_tile(GtkWindow *dialog, guint index)
{
    GenDialog *g = gen_of(dialog);
    g_return_val_if_fail(index < g->rows->len, LW_NONE);
    return editor_mask_gen_get_item(g->gen, g_array_index(g->rows, guint, index))->tile;
}

static void gen_update_summary(GenDialog *g)
{
    guint n = g->rows->len, acc = editor_mask_gen_get_accepted(g->gen);
    guint within = editor_mask_gen_get_count(g->gen) - n;
    g_autofree char *text = g_strdup_printf(
        "%u tiles would change (%u within the tolerance, left alone; %u skipped: no art "
        "pixels, or paths with different pixels); %u accepted. Locked angles are kept.",
        n, within, editor_mask_gen_get_skipped(g->gen), acc);
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
    EditorRenderer *r = g->a->renderer;
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

/* A change worth proposing: a new mask, more than @tolerance pixels moved, or the angle turned
 * by more than @tolerance steps of 1/256 turn (or flagged / unflagged). */
static gboolean beyond_tolerance(const EditorMaskGenItem *it, guint tolerance)
{
    if (!it->had_mask || it->changed_px > tolerance)
        return TRUE;
    if ((it->before.flags ^ it->after.flags) & LW_MASK_FLAGGED)
        return TRUE;
    guint turn = (guint)(it->after.angle - it->before.angle) & 0xFFu;
    return MIN(turn, 256u - turn) > tolerance;
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
    g_array_set_size(g->rows, 0);
    guint n = editor_mask_gen_get_count(g->gen);
    guint tolerance = (guint)gtk_spin_button_get_value_as_int(g->tolerance);
    for (guint i = 0; i < n; i++) {
        EditorMaskGenItem *it = editor_mask_gen_get_item(g->gen, i);
        /* within the tolerance: not proposed, and left alone by Apply */
        it->accept = beyond_tolerance(it, tolerance);
        if (!it->accept)
            continue;
        g_array_append_val(g->rows, i);
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
    EditorTools *t = g->a->tools;
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
    g_array_set_size(g->rows, 0);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(g->list))))
        gtk_list_box_remove(g->list, child);
    guint n;
    g_autofree guint *ids = gen_scope_tiles(g, &n);
    const lwm_image *art = editor_renderer_get_art(g->a->renderer);
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
    g_array_unref(g->rows);
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

static void gen_tolerance_changed(GtkSpinButton *spin, GenDialog *g)
{
    if (!g->ready)
        return;
    gen_fill_list(g);
    gen_update_summary(g);
}

static void gen_destroyed(GtkWidget *w, Authoring *a)
{
    GenDialog *g = g_object_get_data(G_OBJECT(w), "gen-dialog");
    if (g)
        g_clear_handle_id(&g->idle, g_source_remove); /* no more steps into dead widgets */
    if (a->generate == GTK_WINDOW(w))
        a->generate = NULL;
}

void editor_authoring_action_generate(GSimpleAction *act, GVariant *p, gpointer user)
{
    Authoring *a = user;
    if (a->generate) {
        gtk_window_present(a->generate);
        return;
    }
    if (editor_renderer_get_art(a->renderer)->width == 0) {
        status(a, "The level has no tileset art to make masks from (Level Properties).");
        return;
    }
    GenDialog *g = g_new0(GenDialog, 1);
    g->a = a;
    g->checks = g_array_new(FALSE, FALSE, sizeof(GtkCheckButton *));
    g->rows = g_array_new(FALSE, FALSE, sizeof(guint));
    static const GActionEntry entries[] = {
        {.name = "apply", .activate = gen_apply},
        {.name = "close", .activate = gen_close},
        {.name = "accept-all", .activate = gen_accept_all},
        {.name = "reject-all", .activate = gen_accept_all},
    };
    const AuthoringModal m = {.title = "Generate Masks from Tile Art",
                              .width = 640,
                              .height = 620,
                              .key = "gen-dialog",
                              .data = g,
                              .free_data = gen_free,
                              .destroyed = G_CALLBACK(gen_destroyed),
                              .prefix = "gen",
                              .entries = entries,
                              .n_entries = G_N_ELEMENTS(entries)};
    GtkWidget *box;
    GtkWindow *d = editor_authoring_modal_new(a, &m, &box);
    g->dialog = d;
    a->generate = d;
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
    /* small differences (a pixel of anti-aliasing, an angle a step off) are not proposed */
    GtkWidget *tol_label = gtk_label_new("Tolerance:");
    gtk_widget_set_margin_start(tol_label, 12);
    gtk_box_append(GTK_BOX(scope_row), tol_label);
    g->tolerance = GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(0, 64, 1));
    gtk_spin_button_set_value(g->tolerance, EDITOR_GENERATE_DEFAULT_TOLERANCE);
    gtk_widget_set_tooltip_text(GTK_WIDGET(g->tolerance),
                                "Propose only masks that change by more than this many pixels "
                                "or angle steps (1/256 turn); 0 proposes every difference");
    gtk_box_append(GTK_BOX(scope_row), GTK_WIDGET(g->tolerance));
    gtk_box_append(GTK_BOX(scope_row), gtk_label_new("px / angle steps"));
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
    g_signal_connect(g->tolerance, "value-changed", G_CALLBACK(gen_tolerance_changed), g);
    gen_start(g);
    gtk_window_present(d);
}
