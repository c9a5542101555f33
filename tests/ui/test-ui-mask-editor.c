/* SPDX-License-Identifier: MIT */
/*
 * The mask editor on a laptop screen (issue 13), in process under a display: the window fits
 * 1366x768 (and 1920x1080 at GDK_SCALE=2, 960x540 logical px: meson runs this program a second
 * time with GDK_SCALE=2) with every control inside it and nothing clipped, its grid grows with
 * the room, and a click or a drag on the grid's drawing area edits the cells drawn under the
 * pointer: the pointer goes through the grid's own drag gesture handlers, at points placed with
 * the mapping the drawing uses (editor-mask-editor-grid.h), and the picture afterwards shows the
 * new solid pixels at those points. Without a display it exits 77.
 */
#include "editor-authoring.h"
#include "editor-mask-editor-grid.h"
#include "editor-mask-editor.h"
#include "editor-window.h"
#include "ui-app.h"
#include "ui-snapshot.h"
#include "ui-support.h"

#include <gtk/gtk.h>
#include <stdlib.h>
#include <string.h>

static UiTest ui;
static EditorWindow *win;

static void act(const char *detailed)
{
    ui_act(GTK_WIDGET(win), detailed);
}

static const lw_level *level(void)
{
    return editor_document_get_level(editor_window_get_document(win));
}

static guint steps(void)
{
    return editor_undo_stack_get_index(
        editor_document_get_undo_stack(editor_window_get_document(win)));
}

/* The screen this run stands for, in logical px: 1366x768 at scale 1, 1920x1080 at scale 2. */
static void screen_size(GtkWidget *w, int *sw, int *sh)
{
    int scale = gtk_widget_get_scale_factor(w);
    *sw = scale == 2 ? 960 : 1366;
    *sh = scale == 2 ? 540 : 768;
}

/* The mask editor on a tile whose path A mask has columns 3..9 at most 9 px high (so rows 0..6
 * of those columns are empty): a tile of the loop-hill slopes. */
static EditorMaskEditor *open_mask_editor(guint *tile_out)
{
    const lw_level *l = level();
    guint tile = LW_NONE;
    for (guint t = 0; t < l->tile_count && tile == LW_NONE; t++) {
        uint16_t m = l->tiles[t].mask[0];
        if (m >= l->mask_count)
            continue;
        gboolean low = TRUE, some = FALSE;
        for (int c = 3; c <= 9; c++) {
            low &= l->masks[m].heights[c] >= 0 && l->masks[m].heights[c] <= 9;
            some |= l->masks[m].heights[c] > 0;
        }
        if (low && some)
            tile = t;
    }
    g_assert_cmpuint(tile, !=, LW_NONE);
    g_autofree char *sel = g_strdup_printf("win.select-tile(uint32 %u)", tile);
    act(sel);
    act("win.mask-editor");
    EditorMaskEditor *ed = editor_authoring_get_mask_editor(editor_window_get_authoring(win));
    g_assert_nonnull(ed);
    UI_WAIT_FOR(gtk_widget_get_mapped(GTK_WIDGET(ed)), 3000);
    g_assert_true(gtk_widget_get_mapped(GTK_WIDGET(ed)));
    g_assert_cmpuint(editor_mask_editor_get_tile(ed), ==, tile);
    ui_spin(300);
    *tile_out = tile;
    return ed;
}

static void resize_to(GtkWindow *w, int width, int height)
{
    gtk_window_set_default_size(w, width, height);
    UI_WAIT_FOR(abs(gtk_widget_get_width(GTK_WIDGET(w)) - width) <= 2 &&
                    abs(gtk_widget_get_height(GTK_WIDGET(w)) - height) <= 2,
                3000);
    ui_spin(300);
    g_test_message("mask editor %d x %d for %d x %d", gtk_widget_get_width(GTK_WIDGET(w)),
                   gtk_widget_get_height(GTK_WIDGET(w)), width, height);
}

static void collect(GtkWidget *w, GType type, GPtrArray *out)
{
    if (!gtk_widget_get_visible(w))
        return;
    if (G_TYPE_CHECK_INSTANCE_TYPE(w, type)) {
        g_ptr_array_add(out, w);
        return;
    }
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c))
        collect(c, type, out);
}

/* @w lies inside @within (both in @root's coordinates), and so does every label and image in
 * it, each at least as large as it asks to be (nothing clipped). */
static void check_inside(GtkWidget *w, GtkWidget *root, const graphene_rect_t *within)
{
    graphene_rect_t r;
    g_assert_true(gtk_widget_compute_bounds(w, root, &r));
    if (GTK_IS_LABEL(w) || GTK_IS_IMAGE(w)) {
        int min_w, min_h;
        gtk_widget_measure(w, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
        gtk_widget_measure(w, GTK_ORIENTATION_VERTICAL, -1, &min_h, NULL, NULL, NULL);
        g_assert_cmpfloat(r.size.width, >=, min_w - 0.5);
        g_assert_cmpfloat(r.size.height, >=, min_h - 0.5);
    } else {
        g_test_message("%s \"%s\" at %.0f,%.0f %.0fx%.0f", G_OBJECT_TYPE_NAME(w),
                       GTK_IS_BUTTON(w) && gtk_button_get_label(GTK_BUTTON(w))
                           ? gtk_button_get_label(GTK_BUTTON(w))
                           : "",
                       r.origin.x, r.origin.y, r.size.width, r.size.height);
    }
    g_assert_cmpfloat(r.origin.x, >=, within->origin.x - 0.5);
    g_assert_cmpfloat(r.origin.y, >=, within->origin.y - 0.5);
    g_assert_cmpfloat(r.origin.x + r.size.width, <=, within->origin.x + within->size.width + 0.5);
    g_assert_cmpfloat(r.origin.y + r.size.height, <=, within->origin.y + within->size.height + 0.5);
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c))
        if (gtk_widget_get_visible(c))
            check_inside(c, root, GTK_IS_LABEL(w) || GTK_IS_IMAGE(w) ? within : &r);
}

/* ---- the window fits the screen ---- */

static void test_fits_screen(void)
{
    guint tile;
    EditorMaskEditor *ed = open_mask_editor(&tile);
    GtkWidget *w = GTK_WIDGET(ed);
    int sw, sh;
    screen_size(w, &sw, &sh);
    int scale = gtk_widget_get_scale_factor(w);

    /* as it opens, and at its smallest */
    g_test_message("scale %d: opened at %d x %d", scale, gtk_widget_get_width(w),
                   gtk_widget_get_height(w));
    g_assert_cmpint(gtk_widget_get_width(w), <=, sw);
    g_assert_cmpint(gtk_widget_get_height(w), <=, sh);
    int min_w, min_h;
    gtk_widget_measure(w, GTK_ORIENTATION_HORIZONTAL, -1, &min_w, NULL, NULL, NULL);
    gtk_widget_measure(w, GTK_ORIENTATION_VERTICAL, sw, &min_h, NULL, NULL, NULL);
    g_test_message("minimum %d x %d", min_w, min_h);
    g_assert_cmpint(min_w, <=, sw);
    g_assert_cmpint(min_h, <=, sh);

    /* the whole screen: every button and entry inside the window, none smaller than it asks */
    resize_to(GTK_WINDOW(ed), sw, sh);
    g_assert_cmpint(gtk_widget_get_width(w), <=, sw);
    g_assert_cmpint(gtk_widget_get_height(w), <=, sh);
    graphene_rect_t whole =
        GRAPHENE_RECT_INIT(0, 0, gtk_widget_get_width(w), gtk_widget_get_height(w));
    GtkWidget *side = ui_find_named(w, "mask-side");
    g_assert_nonnull(side);
    GtkAdjustment *hadj = gtk_scrolled_window_get_hadjustment(GTK_SCROLLED_WINDOW(side));
    GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(side));
    g_test_message("side column: %.0f of %.0f wide, %.0f of %.0f tall",
                   gtk_adjustment_get_page_size(hadj), gtk_adjustment_get_upper(hadj),
                   gtk_adjustment_get_page_size(vadj), gtk_adjustment_get_upper(vadj));
    /* nothing scrolls sideways; on the laptop screen nothing scrolls at all (at scale 2 the side
     * column scrolls down to the probe) */
    g_assert_cmpfloat(gtk_adjustment_get_upper(hadj), <=, gtk_adjustment_get_page_size(hadj));
    if (scale == 1)
        g_assert_cmpfloat(gtk_adjustment_get_upper(vadj), <=, gtk_adjustment_get_page_size(vadj));
    graphene_rect_t side_r;
    g_assert_true(gtk_widget_compute_bounds(side, w, &side_r));
    g_autoptr(GPtrArray) controls = g_ptr_array_new();
    collect(w, GTK_TYPE_BUTTON, controls);
    collect(w, GTK_TYPE_ENTRY, controls);
    collect(w, GTK_TYPE_SPIN_BUTTON, controls);
    guint shown = 0, ours = 0;
    for (guint i = 0; i < controls->len; i++) {
        GtkWidget *c = controls->pdata[i];
        if (gtk_widget_get_ancestor(c, GTK_TYPE_WINDOW_CONTROLS))
            continue;
        ours++;
        graphene_rect_t r;
        g_assert_true(gtk_widget_compute_bounds(c, w, &r));
        /* in the side column: inside its view unless scrolled below it (scale 2) */
        if (gtk_widget_is_ancestor(c, side) && r.origin.y >= side_r.origin.y + side_r.size.height)
            continue;
        check_inside(c, w, gtk_widget_is_ancestor(c, side) && scale == 1 ? &side_r : &whole);
        shown++;
    }
    /* on the laptop screen all of them are in view; at scale 2 the rows above the angle */
    g_test_message("%u of %u controls in view", shown, ours);
    g_assert_cmpuint(ours, >=, 18);
    if (scale == 1)
        g_assert_cmpuint(shown, ==, ours);
    else
        g_assert_cmpuint(shown, >=, 12);

    /* the grid takes the room: larger than the old fixed 22 px on the laptop screen, readable at
     * scale 2, and inside its drawing area */
    GtkWidget *grid = ui_find_named(w, "mask-grid");
    g_assert_nonnull(grid);
    int gw = gtk_widget_get_width(grid), gh = gtk_widget_get_height(grid);
    EditorMaskGrid g = editor_mask_grid_layout(gw, gh);
    g_test_message("grid area %d x %d: %d px per mask pixel", gw, gh, g.cell);
    g_assert_cmpint(g.cell, >=, scale == 1 ? 24 : EDITOR_MASK_CELL_MIN);
    g_assert_cmpint(editor_mask_grid_area_width(g.cell), <=, gw);
    g_assert_cmpint(editor_mask_grid_area_height(g.cell), <=, gh);
    graphene_rect_t grid_r;
    g_assert_true(gtk_widget_compute_bounds(grid, w, &grid_r));
    g_assert_cmpfloat(grid_r.origin.y + grid_r.size.height, <=, whole.size.height);

    /* a picture, to look at */
    GdkTexture *tex = ui_snapshot_texture(w);
    g_autofree char *name = g_strdup_printf("mask-editor-%dx%d-scale%d.png", sw, sh, scale);
    g_autofree char *png = g_build_filename(g_getenv("G_TEST_BUILDDIR"), name, NULL);
    g_assert_true(gdk_texture_save_to_png(tex, png));
    g_test_message("picture: %s", png);
    g_object_unref(tex);
    gtk_window_close(GTK_WINDOW(ed));
    ui_spin(50);
}

/* ---- the pointer edits the cells drawn under it ---- */

static GtkGesture *grid_drag(GtkWidget *grid)
{
    GListModel *controllers = gtk_widget_observe_controllers(grid);
    GtkGesture *found = NULL;
    for (guint i = 0; i < g_list_model_get_n_items(controllers) && !found; i++) {
        GObject *c = g_list_model_get_item(controllers, i);
        if (GTK_IS_GESTURE_DRAG(c))
            found = GTK_GESTURE(c);
        g_object_unref(c);
    }
    g_object_unref(controllers);
    g_assert_nonnull(found);
    return found;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median brightness (mean of red, green and blue) over the middle half of mask pixel
 * (@col, @row) in a picture of the grid area: the median, so that a line drawn across the cell
 * (the surface normal) does not move it. */
static double cell_brightness(GdkTexture *tex, int area_w, const EditorMaskGrid *g, int col,
                              int row)
{
    int tw = gdk_texture_get_width(tex), th = gdk_texture_get_height(tex);
    double k = (double)tw / area_w; /* texture px per area px (the scale factor) */
    g_autofree guchar *px = g_malloc((gsize)tw * th * 4);
    gdk_texture_download(tex, px, (gsize)tw * 4);
    int x0 = (int)(editor_mask_grid_col_x(g, col + 0.25) * k);
    int x1 = (int)(editor_mask_grid_col_x(g, col + 0.75) * k);
    int y0 = (int)(editor_mask_grid_row_y(g, row + 0.25) * k);
    int y1 = (int)(editor_mask_grid_row_y(g, row + 0.75) * k);
    g_assert_cmpint(x0, >=, 0);
    g_assert_cmpint(y0, >=, 0);
    g_assert_cmpint(x1, <=, tw);
    g_assert_cmpint(y1, <=, th);
    g_assert_cmpint(x1, >, x0);
    g_assert_cmpint(y1, >, y0);
    g_autofree double *v = g_new(double, (gsize)(x1 - x0) * (y1 - y0));
    size_t n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            const guchar *p = px + ((gsize)y * tw + x) * 4;
            v[n++] = (p[0] + p[1] + p[2]) / 3.0;
        }
    qsort(v, n, sizeof *v, cmp_double);
    return v[n / 2];
}

static void test_pointer_edits_cells(void)
{
    guint tile;
    EditorMaskEditor *ed = open_mask_editor(&tile);
    const lw_level *l = level();
    guint m = editor_mask_editor_get_mask(ed);
    g_assert_cmpuint(m, ==, l->tiles[tile].mask[0]);
    int sw, sh;
    screen_size(GTK_WIDGET(ed), &sw, &sh);
    resize_to(GTK_WINDOW(ed), sw, sh);
    GtkWidget *grid = ui_find_named(GTK_WIDGET(ed), "mask-grid");
    GtkGesture *drag = grid_drag(grid);
    int gw = gtk_widget_get_width(grid), gh = gtk_widget_get_height(grid);
    const EditorMaskGrid g = editor_mask_grid_layout(gw, gh);
    g_assert_cmpint(g.cell, >=, EDITOR_MASK_CELL_MIN);
    int8_t before[16];
    memcpy(before, l->masks[m].heights, 16);
    GdkTexture *pic0 = ui_snapshot_texture(grid);
    /* rows 0..6 of columns 3..9 are empty (open_mask_editor) */
    for (int c = 3; c <= 9; c++)
        for (int r = 0; r <= 6; r++)
            g_assert_cmpint(16 - r, >, l->masks[m].heights[c]);

    /* a drag from the middle of (3, 4) to just inside the right edge of column 6, then to just
     * inside the left edge of column 6: columns 3..6 become 12 px high, in one step */
    guint steps0 = steps();
    double x = editor_mask_grid_col_x(&g, 3.5), y = editor_mask_grid_row_y(&g, 4.5);
    g_signal_emit_by_name(drag, "drag-begin", x, y);
    g_signal_emit_by_name(drag, "drag-update", editor_mask_grid_col_x(&g, 7) - 0.5 - x, 0.0);
    g_signal_emit_by_name(drag, "drag-update", editor_mask_grid_col_x(&g, 6) + 0.5 - x,
                          editor_mask_grid_row_y(&g, 5) - 0.5 - y);
    g_signal_emit_by_name(drag, "drag-end", editor_mask_grid_col_x(&g, 6) + 0.5 - x, 0.0);
    ui_spin(50);
    for (int c = 0; c < 16; c++)
        g_assert_cmpint(l->masks[m].heights[c], ==, c >= 3 && c <= 6 ? 12 : before[c]);
    g_assert_cmpuint(steps(), ==, steps0 + 1);

    /* a click just inside the top-left corner of (8, 2): column 8 becomes 14 px high, column 7
     * and 9 stay as they were */
    x = editor_mask_grid_col_x(&g, 8) + 0.5;
    y = editor_mask_grid_row_y(&g, 2) + 0.5;
    g_signal_emit_by_name(drag, "drag-begin", x, y);
    g_signal_emit_by_name(drag, "drag-end", 0.0, 0.0);
    ui_spin(50);
    g_assert_cmpint(l->masks[m].heights[8], ==, 14);
    g_assert_cmpint(l->masks[m].heights[7], ==, before[7]);
    g_assert_cmpint(l->masks[m].heights[9], ==, before[9]);
    g_assert_cmpuint(steps(), ==, steps0 + 2);

    /* a press left of the grid (in the margin) edits nothing */
    g_signal_emit_by_name(drag, "drag-begin", editor_mask_grid_col_x(&g, 0) - g.cell * 0.5,
                          editor_mask_grid_row_y(&g, 3.5));
    g_signal_emit_by_name(drag, "drag-end", 0.0, 0.0);
    ui_spin(50);
    g_assert_cmpuint(steps(), ==, steps0 + 2);

    /* the picture shows the new solid pixels where the pointer was: the cells (3..6, 4) and
     * (8, 2) are brighter than before (the mask overlay), the still-empty (3..6, 3) and (9, 2)
     * are not */
    ui_spin(200);
    GdkTexture *pic1 = ui_snapshot_texture(grid);
    static const int lit[][2] = {{3, 4}, {4, 4}, {5, 4}, {6, 4}, {8, 2}};
    static const int dark[][2] = {{3, 3}, {6, 3}, {9, 2}, {7, 2}};
    for (size_t i = 0; i < G_N_ELEMENTS(lit); i++) {
        double b0 = cell_brightness(pic0, gw, &g, lit[i][0], lit[i][1]);
        double b1 = cell_brightness(pic1, gw, &g, lit[i][0], lit[i][1]);
        g_test_message("cell (%d, %d): %.1f -> %.1f", lit[i][0], lit[i][1], b0, b1);
        g_assert_cmpfloat(b1, >, b0 + 30);
    }
    for (size_t i = 0; i < G_N_ELEMENTS(dark); i++) {
        double b0 = cell_brightness(pic0, gw, &g, dark[i][0], dark[i][1]);
        double b1 = cell_brightness(pic1, gw, &g, dark[i][0], dark[i][1]);
        g_test_message("cell (%d, %d): %.1f -> %.1f", dark[i][0], dark[i][1], b0, b1);
        g_assert_cmpfloat(b1, <, b0 + 10);
    }
    g_object_unref(pic0);
    g_object_unref(pic1);

    /* undone, the mask is as it was */
    act("doc.undo");
    act("doc.undo");
    g_assert_cmpmem(l->masks[m].heights, 16, before, 16);
    gtk_window_close(GTK_WINDOW(ed));
    ui_spin(50);
}

int main(int argc, char **argv)
{
    if (!ui_test_init(&argc, &argv, "lw-ui-mask-XXXXXX", UI_TEST_DEFAULT, &ui))
        return UI_TEST_SKIP;
    GtkWindow *w = editor_application_open_path(ui.level_path);
    g_assert_nonnull(w);
    win = EDITOR_WINDOW(w);
    ui_spin(300);
    g_test_add_func("/ui/mask-editor/fits-screen", test_fits_screen);
    g_test_add_func("/ui/mask-editor/pointer-edits-cells", test_pointer_edits_cells);
    int status = g_test_run();
    editor_window_close_now(win);
    ui_spin(50);
    ui_test_finish(&ui);
    return status;
}
