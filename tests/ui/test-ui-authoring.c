/* SPDX-License-Identifier: MIT */
/*
 * Mask and angle authoring in the real editor, in process, under a display (xvfb-run in CI):
 * open the mask editor on a tile, set columns by a drag through its drawing tool, flag, switch
 * paths, copy and paste, undo; the generation window (accept some tiles, reject some, apply);
 * the slope tool through actions; the loop preset; the terrain import window. Assertions are on
 * the document. Pictures of the mask editor and the generation window are written to the build
 * folder (docs/screenshots/mask-editor.png comes from here). Without a display it exits 77.
 */
#include "doc/editor-commands-mask.h"
#include "doc/level-json.h"
#include "doc/level-ops.h"
#include "doc/mask-ops.h"
#include "editor-application.h"
#include "editor-authoring.h"
#include "editor-window.h"
#include "ui-app.h"
#include "ui-snapshot.h"
#include "ui-support.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <loopwright-masks/image.h>
#include <loopwright/fixed.h>
#include <stdlib.h>
#include <string.h>

static EditorApplication *app;
static char *tmpdir;
static char *level_path;
static EditorWindow *win;

static void act(const char *detailed)
{
    ui_act(GTK_WIDGET(win), detailed);
}

static void actf(const char *fmt, ...) G_GNUC_PRINTF(1, 2);
static void actf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *s = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    act(s);
}

static EditorDocument *doc(void)
{
    return editor_window_get_document(win);
}

static const lw_level *level(void)
{
    return editor_document_get_level(doc());
}

static char *json(void)
{
    char *t = editor_level_to_json(level(), NULL);
    char *c = g_strdup(t);
    free(t);
    return c;
}

static guint steps(void)
{
    return editor_undo_stack_get_index(editor_document_get_undo_stack(doc()));
}

/* Render @widget (its own toplevel) into a PNG in the build folder. */
static void picture(GtkWidget *widget, const char *name)
{
    ui_spin(200);
    int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
    g_assert_cmpint(w, >, 100);
    GdkTexture *tex = ui_snapshot_texture(widget);
    g_autofree char *png = g_build_filename(g_getenv("G_TEST_BUILDDIR"), name, NULL);
    g_assert_true(gdk_texture_save_to_png(tex, png));
    g_test_message("picture: %s (%dx%d)", png, w, h);
    g_object_unref(tex);
}

/* ---- the mask editor ---- */

static void test_mask_editor(void)
{
    const lw_level *l = level();
    g_autofree char *start = json();
    /* the picture for docs/screenshots/mask-editor.png: a tile of the loop's upper right */
    const lw_cell *shown = lw_level_cell_at(l, 4180, 678);
    g_assert_nonnull(shown);
    actf("win.select-tile(uint32 %u)", shown->tile);
    act("win.mask-editor");
    EditorMaskEditor *first = editor_authoring_get_mask_editor(editor_window_get_authoring(win));
    g_assert_nonnull(first);
    UI_WAIT_FOR(gtk_widget_get_mapped(GTK_WIDGET(first)), 2000);
    g_assert_cmpuint(editor_mask_editor_get_tile(first), ==, shown->tile);
    picture(GTK_WIDGET(first), "mask-editor.png");

    /* a tile of the 45° climb's surface (x 1696..1760) */
    const lw_cell *cell = NULL;
    for (int32_t y = 600; y < 900 && !cell; y += 16) {
        lw_collision_cell cc;
        if (!lw_level_collision_at(l, 1728, y, LW_PATH_A, &cc))
            continue;
        lwm_bits b;
        lwm_bits_from_mask(cc.mask, &b);
        if (lwm_bits_count(&b) > 0 && lwm_bits_count(&b) < 256)
            cell = lw_level_cell_at(l, 1728, y);
    }
    g_assert_nonnull(cell);
    guint tile = cell->tile;
    guint m = l->tiles[tile].mask[0];
    g_assert_cmpuint(m, !=, LW_NONE);
    actf("win.select-tile(uint32 %u)", tile);
    act("win.mask-editor");
    EditorMaskEditor *ed = editor_authoring_get_mask_editor(editor_window_get_authoring(win));
    g_assert_nonnull(ed);
    UI_WAIT_FOR(gtk_widget_get_mapped(GTK_WIDGET(ed)), 2000);
    g_assert_true(gtk_widget_get_visible(GTK_WIDGET(ed)));
    g_assert_cmpuint(editor_mask_editor_get_tile(ed), ==, tile);
    g_assert_cmpuint(editor_mask_editor_get_mask(ed), ==, m);

    /* drag across columns 3..6 at row 5: heights 11, one undo step */
    guint before = steps();
    act("win.mask-pointer((3, 5, uint32 1, 1))");
    act("win.mask-pointer((4, 5, uint32 1, 2))");
    act("win.mask-pointer((6, 5, uint32 1, 2))");
    act("win.mask-pointer((6, 5, uint32 1, 3))");
    g_assert_cmpuint(steps(), ==, before + 1);
    for (int c = 3; c <= 6; c++)
        g_assert_cmpint(l->masks[m].heights[c], ==, 11);
    g_assert_cmpstr(editor_document_get_undo_label(doc()), ==, "Set Column Height");
    /* the unlocked angle followed the pixels */
    lw_mask expect;
    editor_mask_compute_angle(&l->masks[m], &expect);
    g_assert_cmpuint(l->masks[m].angle, ==, expect.angle);
    /* right-drag: from the top */
    act("win.mask-pointer((9, 2, uint32 3, 0))");
    g_assert_cmpint(l->masks[m].heights[9], ==, -3);
    /* the same drag through the tool API */
    int row = l->masks[m].heights[12] == 7 || l->masks[m].heights[13] == 7 ? 10 : 9;
    editor_mask_editor_press(ed, 12, row, 1);
    editor_mask_editor_motion(ed, 13, row);
    editor_mask_editor_release(ed);
    g_assert_cmpint(l->masks[m].heights[12], ==, 16 - row);
    g_assert_cmpint(l->masks[m].heights[13], ==, 16 - row);
    g_assert_cmpuint(steps(), ==, before + 3);
    /* the editor shows the document as it is */
    picture(GTK_WIDGET(ed), "mask-editor-edited.png");
    /* in the X-flipped view, view column 0 is stored column 15 */
    editor_mask_editor_set_view_flips(ed, LW_CELL_FLIP_X);
    act("win.mask-pointer((0, 8, uint32 1, 0))");
    g_assert_cmpint(l->masks[m].heights[15], ==, 8);
    editor_mask_editor_set_view_flips(ed, 0);

    /* flag, lock, compute through the actions; the flag action's state follows */
    act("win.mask-flag");
    g_assert_true(l->masks[m].flags & LW_MASK_FLAGGED);
    g_assert_true(l->masks[m].flags & LW_MASK_LOCKED);
    g_autoptr(GVariant) flag = g_action_group_get_action_state(G_ACTION_GROUP(win), "mask-flag");
    g_assert_true(g_variant_get_boolean(flag));
    act("win.mask-compute-angle");
    g_assert_cmpuint(l->masks[m].flags & LW_MASK_LOCKED, ==, 0);
    /* the dial: a hand-set angle, locked */
    editor_mask_editor_set_view_angle(ed, 0xE8, 0);
    g_assert_cmpuint(l->masks[m].angle, ==, 0xE8);
    g_assert_true(l->masks[m].flags & LW_MASK_LOCKED);
    /* the mask editor window resolves the editor window's actions, so the application's
     * accelerators (Ctrl+Shift+L here) work in it too */
    g_auto(GStrv) accels =
        gtk_application_get_accels_for_action(GTK_APPLICATION(app), "win.mask-lock");
    guint key;
    GdkModifierType mods;
    g_assert_true(accels && accels[0] && gtk_accelerator_parse(accels[0], &key, &mods));
    g_assert_cmpuint(key, ==, GDK_KEY_l);
    g_assert_cmpuint(mods, ==, GDK_CONTROL_MASK | GDK_SHIFT_MASK);
    g_assert_true(gtk_window_get_application(GTK_WINDOW(ed)) == GTK_APPLICATION(app));
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(ed), "win.mask-lock", NULL));
    ui_spin(10);
    g_assert_false(l->masks[m].flags & LW_MASK_LOCKED);

    /* copy the mask, switch to path B and paste it there */
    act("win.mask-copy");
    act("win.mask-path-b");
    g_assert_cmpuint(editor_mask_editor_get_path(ed), ==, 1);
    act("win.mask-paste");
    guint mb = l->tiles[tile].mask[1];
    g_assert_cmpuint(mb, !=, LW_NONE);
    g_assert_cmpmem(l->masks[mb].heights, 16, l->masks[l->tiles[tile].mask[0]].heights, 16);
    act("win.mask-path-b");
    g_assert_cmpuint(editor_mask_editor_get_path(ed), ==, 0);

    /* everything undoes back to the file */
    while (editor_document_can_undo(doc()))
        act("doc.undo");
    g_autofree char *back = json();
    g_assert_cmpstr(back, ==, start);
    g_assert_false(editor_document_get_modified(doc()));
    gtk_window_close(GTK_WINDOW(ed));
    ui_spin(50);
}

/* ---- generation from art proposes only changes beyond its tolerance ---- */

static gboolean dialog_lists_tile(GtkWindow *d, guint tile)
{
    for (guint i = 0; i < editor_generate_dialog_get_count(d); i++)
        if (editor_generate_dialog_get_tile(d, i) == tile)
            return TRUE;
    return FALSE;
}

static void test_generate_tolerance(void)
{
    const lw_level *l = level();
    g_autofree char *start = json();
    /* a tile whose mask the art leaves exactly as it is (not listed at tolerance 0) */
    act("win.generate-masks");
    GtkWindow *d = editor_authoring_get_generate_dialog(editor_window_get_authoring(win));
    g_assert_nonnull(d);
    UI_WAIT_FOR(editor_generate_dialog_is_ready(d), 10000);
    editor_generate_dialog_set_tolerance(d, 0);
    guint all = editor_generate_dialog_get_count(d);
    guint tile = LW_NONE, mask = LW_NONE;
    for (guint t = 0; t < l->tile_count && tile == LW_NONE; t++) {
        uint16_t m = l->tiles[t].mask[0];
        if (m == LW_NONE || l->tiles[t].mask[1] != m || dialog_lists_tile(d, t))
            continue;
        const lw_mask *mk = &l->masks[m];
        if (mk->flags & (LW_MASK_LOCKED | LW_MASK_FLAGGED))
            continue;
        for (int c = 0; c < 16; c++)
            if (mk->heights[c] > 0 && mk->heights[c] < 16) {
                tile = t;
                mask = m;
                break;
            }
    }
    g_assert_cmpuint(tile, !=, LW_NONE);
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(d), "gen.close", NULL));
    ui_spin(50);

    /* one column of its mask one pixel off the art: within the default tolerance */
    lw_mask off = l->masks[mask];
    for (int c = 0; c < 16; c++)
        if (off.heights[c] > 0 && off.heights[c] < 16) {
            off.heights[c]++;
            break;
        }
    lw_mask_derive_widths(&off);
    editor_document_push(doc(), editor_cmd_set_mask_new(doc(), mask, &off, "One Pixel Off", 4242));
    act("win.generate-masks");
    d = editor_authoring_get_generate_dialog(editor_window_get_authoring(win));
    UI_WAIT_FOR(editor_generate_dialog_is_ready(d), 10000);
    g_assert_false(dialog_lists_tile(d, tile)); /* default: not proposed */
    guint by_default = editor_generate_dialog_get_count(d);
    g_assert_cmpuint(by_default, <=, all);
    /* tolerance 0 proposes it; the list follows the setting at once */
    editor_generate_dialog_set_tolerance(d, 0);
    g_assert_true(dialog_lists_tile(d, tile));
    g_assert_cmpuint(editor_generate_dialog_get_count(d), >, by_default);
    /* back to the default, Apply leaves the within-tolerance mask alone */
    editor_generate_dialog_set_tolerance(d, EDITOR_GENERATE_DEFAULT_TOLERANCE);
    g_assert_false(dialog_lists_tile(d, tile));
    guint before = steps();
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(d), "gen.apply", NULL));
    ui_spin(100);
    uint16_t now = l->tiles[tile].mask[0];
    g_assert_cmpmem(l->masks[now].heights, 16, off.heights, 16);
    g_assert_cmpuint(steps(), ==, before + 1);
    act("doc.undo"); /* the generation */
    act("doc.undo"); /* the pixel */
    g_autofree char *back = json();
    g_assert_cmpstr(back, ==, start);
}

/* ---- generation from art: accept some, reject some ---- */

static void test_generate_dialog(void)
{
    const lw_level *l = level();
    g_autofree char *start = json();
    g_autofree lw_tile *tiles = g_memdup2(l->tiles, l->tile_count * sizeof(lw_tile));
    g_autofree lw_mask *masks = g_memdup2(l->masks, l->mask_count * sizeof(lw_mask));
    act("win.generate-masks");
    GtkWindow *d = editor_authoring_get_generate_dialog(editor_window_get_authoring(win));
    g_assert_nonnull(d);
    UI_WAIT_FOR(editor_generate_dialog_is_ready(d), 10000);
    g_assert_true(editor_generate_dialog_is_ready(d));
    guint n = editor_generate_dialog_get_count(d);
    g_test_message("%u tiles would change", n);
    g_assert_cmpuint(n, >, 10);
    /* reject the first three and every fifth */
    gboolean *rejected = g_new0(gboolean, n);
    for (guint i = 0; i < n; i++)
        if (i < 3 || i % 5 == 0) {
            gtk_check_button_set_active(editor_generate_dialog_get_check(d, i), FALSE);
            rejected[i] = TRUE;
        }
    guint *row_tiles = g_new(guint, n);
    for (guint i = 0; i < n; i++)
        row_tiles[i] = editor_generate_dialog_get_tile(d, i);
    picture(GTK_WIDGET(d), "generate-dialog.png");
    guint before = steps();
    const lwm_image *art = editor_renderer_get_art(editor_window_get_renderer(win));
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(d), "gen.apply", NULL));
    ui_spin(100);
    g_assert_null(editor_authoring_get_generate_dialog(editor_window_get_authoring(win)));
    g_assert_cmpuint(steps(), ==, before + 1);
    g_assert_cmpstr(editor_document_get_undo_label(doc()), ==, "Generate Masks from Art");
    for (guint i = 0; i < n; i++) {
        guint t = row_tiles[i];
        for (int p = 0; p < 2; p++) {
            uint16_t now = l->tiles[t].mask[p], was = tiles[t].mask[p];
            if (rejected[i]) {
                g_assert_cmpuint(now == LW_NONE, ==, was == LW_NONE);
                if (was != LW_NONE)
                    g_assert_cmpmem(&l->masks[now], sizeof(lw_mask), &masks[was], sizeof(lw_mask));
            } else if (now != LW_NONE) {
                lw_mask want;
                g_assert_true(editor_art_mask(art, l->tiles[t].art, &want));
                g_assert_cmpmem(l->masks[now].heights, 16, want.heights, 16);
            }
        }
    }
    g_free(rejected);
    g_free(row_tiles);
    act("doc.undo");
    g_autofree char *back = json();
    g_assert_cmpstr(back, ==, start);
}

/* ---- the slope tool and the loop preset through actions ---- */

static void pointer(int x, int y, int kind)
{
    actf("win.pointer((%d, %d, uint32 1, %d))", x, y, kind);
}

static void test_slope_and_loop(void)
{
    const lw_level *l = level();
    g_autofree char *start = json();
    /* the 22.5° climb of loop-hill (x 648..888): the surface at x 768 */
    lw_object probe = {.type = LW_OBJECT_MARKER, .x = 768, .y = 500};
    int32_t rest;
    g_assert_true(editor_level_snap_to_ground(l, &probe, LW_PATH_A, &rest));
    double y = rest + 1, t = 0.41421356237309503;
    act("win.tool('slope')");
    g_assert_cmpuint(editor_window_get_tools(win)->kind, ==, EDITOR_TOOL_SLOPE);
    act("win.solidity-path('a')");
    guint before = steps();
    pointer(656, (int)(y + 112 * t), 1);
    pointer(760, (int)(y + 8 * t), 2);
    pointer(880, (int)(y - 112 * t), 3);
    g_assert_cmpuint(steps(), <=, before + 1);
    g_autoptr(GArray) cells =
        editor_line_cells(l, 656.5, (int)(y + 112 * t) + 0.5, 880.5, (int)(y - 112 * t) + 0.5);
    guint surfaces = 0;
    for (guint k = 0; k < cells->len; k++) {
        guint32 v = g_array_index(cells, guint32, k);
        lw_collision_cell cc;
        if (!lw_level_collision_at(l, (int32_t)(v & 0xFFFF) * 16, (int32_t)(v >> 16) * 16,
                                   LW_PATH_A, &cc))
            continue;
        lwm_bits b;
        lwm_bits_from_mask(cc.mask, &b);
        if (lwm_bits_count(&b) == 0 || lwm_bits_count(&b) == 256)
            continue;
        surfaces++;
        g_assert_cmpuint(lw_angle_flip(cc.mask->angle, cc.flags & 1, cc.flags & 2), ==, 0xF0);
        g_assert_false(cc.mask->flags & LW_MASK_FLAGGED);
    }
    g_assert_cmpuint(surfaces, >=, 10);
    /* the status bar says what happened */
    g_assert_nonnull(strstr(editor_window_get_tools(win)->message, "Slope 0xF0"));

    /* with masks: a ramp over the flat ground after the hill, filled under */
    act("win.slope-masks");
    act("win.slope-fill");
    g_assert_true(editor_window_get_tools(win)->slope_masks);
    g_assert_true(editor_window_get_tools(win)->slope_fill);
    act("win.solidity-path('both')");
    before = steps();
    pointer(2880, 831, 1);
    pointer(3072, 831 - 80, 3);
    g_assert_cmpuint(steps(), ==, before + 1);
    g_assert_cmpstr(editor_document_get_undo_label(doc()), ==, "Slope (Masks)");
    /* a floor sensor now lands on the ramp */
    probe.x = 3000;
    g_assert_true(editor_level_snap_to_ground(l, &probe, LW_PATH_A, &rest));
    g_assert_cmpint(rest, <, 800);
    act("win.slope-masks");
    act("win.slope-fill");

    /* the loop preset at the flat ground before the drop (x 5552) */
    guint objects = l->object_count;
    act("win.add-loop((5552, 700, 96))");
    g_assert_cmpstr(editor_document_get_undo_label(doc()), ==, "Loop Preset");
    g_assert_cmpuint(l->object_count, ==, objects + 2);
    guint s = 0;
    for (guint i = 0; i < l->object_count; i++)
        if (l->objects[i].type == LW_OBJECT_PATH_SWAPPER && l->objects[i].x == 5552 &&
            l->objects[i].swapper.grounded_only)
            s++;
    g_assert_cmpuint(s, ==, 1);
    while (editor_document_can_undo(doc()))
        act("doc.undo");
    g_autofree char *back = json();
    g_assert_cmpstr(back, ==, start);
    act("win.tool('pencil')");
}

/* ---- live previews ---- */

/* The canvas as drawn now: its pixels (the same size every call). */
static GBytes *canvas_pixels(void)
{
    ui_spin(50);
    GtkWidget *c = GTK_WIDGET(editor_window_get_canvas(win));
    g_assert_cmpint(gtk_widget_get_width(c), >, 100);
    GdkTexture *tex = ui_snapshot_texture(c);
    int w = gdk_texture_get_width(tex), h = gdk_texture_get_height(tex);
    gsize stride = (gsize)w * 4;
    guchar *px = g_malloc(stride * (gsize)h);
    gdk_texture_download(tex, px, stride);
    g_object_unref(tex);
    return g_bytes_new_take(px, stride * (gsize)h);
}

static gsize pixels_differing(GBytes *a, GBytes *b)
{
    gsize n = 0, la, lb;
    const guint32 *pa = g_bytes_get_data(a, &la), *pb = g_bytes_get_data(b, &lb);
    g_assert_cmpuint(la, ==, lb);
    for (gsize i = 0; i < la / 4; i++)
        n += pa[i] != pb[i];
    return n;
}

/* While a rectangle or a slope line is dragged the canvas shows what the release will do and
 * the level is untouched; Escape cancels (the release then does nothing); the loop preset's
 * dialog shows its loop on the canvas until it closes. */
static void test_live_previews(void)
{
    g_autofree char *start = json();
    act("win.view((1000.0, 500.0, 1.0))");
    guint before = steps();
    g_autoptr(GBytes) plain = canvas_pixels();

    /* the rectangle tool: the brush chunk drawn in the dragged slots */
    act("win.tool('rect')");
    editor_window_get_tools(win)->brush_chunk = 18; /* a full block of soil, over the sky */
    pointer(5 * 128 + 10, 1 * 128 + 10, 1);
    pointer(7 * 128 + 10, 2 * 128 + 10, 2);
    g_autoptr(GArray) edits = editor_tools_preview_layout(editor_window_get_tools(win));
    g_assert_nonnull(edits);
    g_assert_cmpuint(edits->len, ==, 6);
    g_autoptr(GBytes) rect = canvas_pixels();
    gsize rect_px = pixels_differing(plain, rect);
    g_test_message("rectangle preview: %zu pixels differ", rect_px);
    g_assert_cmpuint(rect_px, >, 3 * 2 * 128 * 128 / 2); /* most of the six slots */
    g_autofree char *during = json();
    g_assert_cmpstr(during, ==, start);
    act("win.escape");
    g_autoptr(GBytes) cancelled = canvas_pixels();
    g_assert_cmpuint(pixels_differing(plain, cancelled), ==, 0);
    pointer(7 * 128 + 10, 2 * 128 + 10, 3);
    g_assert_cmpuint(steps(), ==, before);

    /* the slope tool with masks: the masks the line cuts are drawn while dragging */
    act("win.tool('slope')");
    act("win.slope-masks");
    pointer(5 * 128, 2 * 128 + 100, 1);
    pointer(7 * 128, 2 * 128 + 20, 2);
    g_autoptr(GArray) paints = editor_tools_preview_paints(editor_window_get_tools(win), NULL);
    g_assert_nonnull(paints);
    g_autoptr(GBytes) slope = canvas_pixels();
    g_assert_cmpuint(pixels_differing(plain, slope), >, 16 * 16 * 8);
    g_autofree char *during2 = json();
    g_assert_cmpstr(during2, ==, start);
    act("win.escape");
    pointer(7 * 128, 2 * 128 + 20, 3);
    g_assert_cmpuint(steps(), ==, before);
    act("win.slope-masks");

    /* the loop preset's dialog: its loop on the canvas until Cancel */
    act("win.loop-preset");
    ui_spin(100);
    g_assert_true(editor_window_get_tools(win)->loop_preview);
    GListModel *tops = gtk_window_get_toplevels();
    GtkDialog *dialog = NULL;
    for (guint i = 0; i < g_list_model_get_n_items(tops) && !dialog; i++) {
        g_autoptr(GObject) w = g_list_model_get_item(tops, i);
        if (GTK_IS_DIALOG(w) && g_strcmp0(gtk_window_get_title(GTK_WINDOW(w)), "Loop Preset") == 0)
            dialog = GTK_DIALOG(w);
    }
    g_assert_nonnull(dialog);
    gtk_dialog_response(dialog, GTK_RESPONSE_CANCEL);
    ui_spin(50);
    g_assert_false(editor_window_get_tools(win)->loop_preview);
    g_assert_cmpuint(steps(), ==, before);
    act("win.tool('pencil')");
}

/* ---- terrain import ---- */

static void test_import_terrain(void)
{
    g_autofree char *start = json();
    lwm_image pic;
    g_assert_true(lwm_image_init(&pic, 1024, 512, 0, NULL));
    for (uint32_t x = 0; x < pic.width; x++)
        for (uint32_t y = 400 - (x > 300 && x < 700 ? (x - 300) / 4 : 0); y < pic.height; y++) {
            uint8_t *p = lwm_image_pixel(&pic, x, y);
            p[0] = 0xB0, p[1] = 0x68, p[2] = 0x30, p[3] = 255;
        }
    g_autofree char *png = g_build_filename(tmpdir, "terrain.png", NULL);
    g_assert_true(lwm_image_save_png(png, &pic, NULL));
    lwm_image_clear(&pic);
    actf("win.import-terrain-from('%s')", png);
    GtkWindow *d = editor_authoring_get_import_dialog(editor_window_get_authoring(win));
    g_assert_nonnull(d);
    UI_WAIT_FOR(editor_import_dialog_is_ready(d), 10000);
    g_assert_true(editor_import_dialog_is_ready(d));
    picture(GTK_WIDGET(d), "import-dialog.png");
    g_assert_true(gtk_widget_activate_action(GTK_WIDGET(d), "imp.apply", NULL));
    ui_spin(100);
    g_assert_null(editor_authoring_get_import_dialog(editor_window_get_authoring(win)));
    const lw_level *l = level();
    g_assert_cmpstr(editor_document_get_undo_label(doc()), ==, "Import Terrain");
    g_assert_cmpuint(l->layout_width, ==, 8);
    g_assert_true(g_path_is_absolute(l->tileset));
    act("doc.undo");
    g_autofree char *back = json();
    g_assert_cmpstr(back, ==, start);
}

/* ---- EditorAuthoring as an object of its own, without an editor window ---- */

static void on_status(EditorAuthoring *a, const char *text, GString *log)
{
    g_string_append_printf(log, "status:%s;", text);
}

static void on_error(EditorAuthoring *a, const char *title, const GError *error, GString *log)
{
    g_string_append_printf(log, "error:%s:%s;", title, error ? error->message : "");
}

static void test_object(void)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) d = editor_document_load(level_path, &error);
    g_assert_no_error(error);
    const lw_level *l = editor_document_get_level(d);
    EditorRenderer *renderer = editor_renderer_new(l);
    EditorTools tools;
    editor_tools_init(&tools, d);
    GtkWidget *w = gtk_window_new();
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_widget_set_size_request(scroller, 400, 300);
    EditorCanvas *canvas = editor_canvas_new(renderer, &tools);
    editor_canvas_set_document(canvas, d);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), GTK_WIDGET(canvas));
    gtk_window_set_child(GTK_WINDOW(w), scroller);
    gtk_window_present(GTK_WINDOW(w));
    ui_spin(200);

    EditorAuthoring *a = editor_authoring_new(d, renderer, &tools, canvas);
    GString *log = g_string_new(NULL);
    g_signal_connect(a, "status", G_CALLBACK(on_status), log);
    g_signal_connect(a, "error", G_CALLBACK(on_error), log);
    GActionGroup *actions = editor_authoring_get_actions(a);
    g_assert_true(g_action_group_has_action(actions, "mask-editor"));
    g_assert_true(g_action_group_has_action(actions, "import-terrain-from"));

    /* no tile picked: the action says so through "status", nothing changes */
    tools.brush_tile = LW_NONE;
    g_action_group_activate_action(actions, "mask-copy", NULL);
    g_assert_true(g_str_has_prefix(log->str, "status:Pick a tile first"));
    g_assert_false(editor_document_get_modified(d));

    /* a tile with a mask on path A: flagging it is one command on the document */
    guint tile = 0;
    while (tile < l->tile_count && l->tiles[tile].mask[0] == LW_NONE)
        tile++;
    g_assert_cmpuint(tile, <, l->tile_count);
    guint m = l->tiles[tile].mask[0];
    gboolean was = (l->masks[m].flags & LW_MASK_FLAGGED) != 0;
    tools.brush_tile = (uint16_t)tile;
    editor_authoring_tools_changed(a, EDITOR_TOOLS_NOTIFY_BRUSH);
    g_action_group_change_action_state(actions, "mask-flag", g_variant_new_boolean(!was));
    g_assert_cmpint((l->masks[m].flags & LW_MASK_FLAGGED) != 0, ==, !was);
    g_assert_true(editor_document_get_modified(d));
    editor_document_undo(d);
    g_assert_cmpint((l->masks[m].flags & LW_MASK_FLAGGED) != 0, ==, was);
    g_autoptr(GVariant) state = g_action_group_get_action_state(actions, "mask-flag");
    g_assert_cmpint(g_variant_get_boolean(state), ==, was); /* follows the document */

    /* a loop where none can go: the failure comes through "error" */
    g_string_truncate(log, 0);
    g_action_group_activate_action(actions, "add-loop", g_variant_new("(iii)", -5000, -5000, 96));
    g_assert_true(g_str_has_prefix(log->str, "error:The loop cannot go there:"));

    /* the mask editor opens on the brush tile, transient for the canvas's window, and follows
     * the brush */
    g_action_group_activate_action(actions, "mask-editor", NULL);
    EditorMaskEditor *ed = editor_authoring_get_mask_editor(a);
    g_assert_nonnull(ed);
    g_assert_true(gtk_window_get_transient_for(GTK_WINDOW(ed)) == GTK_WINDOW(w));
    g_assert_cmpuint(editor_mask_editor_get_tile(ed), ==, tile);
    guint other = (tile + 1) % l->tile_count;
    tools.brush_tile = (uint16_t)other;
    editor_authoring_tools_changed(a, EDITOR_TOOLS_NOTIFY_BRUSH);
    g_assert_cmpuint(editor_mask_editor_get_tile(ed), ==, other);
    gtk_window_destroy(GTK_WINDOW(ed));
    ui_spin(50);
    g_assert_null(editor_authoring_get_mask_editor(a));

    /* gone: its actions, still held elsewhere, no longer reach it */
    g_object_ref(actions);
    g_object_unref(a);
    g_action_group_activate_action(actions, "mask-editor", NULL);
    g_object_unref(actions);
    gtk_window_destroy(GTK_WINDOW(w));
    ui_spin(50);
    g_string_free(log, TRUE);
    editor_renderer_free(renderer);
}

int main(int argc, char **argv)
{
    UiTest ui;
    if (!ui_test_init(&argc, &argv, "lw-ui-auth-XXXXXX", UI_TEST_DEFAULT, &ui))
        return UI_TEST_SKIP;
    app = ui.app;
    tmpdir = ui.tmpdir;
    level_path = ui.level_path;
    GtkWindow *w = editor_application_open_path(level_path);
    g_assert_nonnull(w);
    win = EDITOR_WINDOW(w);
    ui_spin(300);
    g_test_add_func("/ui/authoring/object", test_object);
    g_test_add_func("/ui/authoring/mask-editor", test_mask_editor);
    g_test_add_func("/ui/authoring/generate-dialog", test_generate_dialog);
    g_test_add_func("/ui/authoring/generate-tolerance", test_generate_tolerance);
    g_test_add_func("/ui/authoring/slope-and-loop", test_slope_and_loop);
    g_test_add_func("/ui/authoring/import-terrain", test_import_terrain);
    g_test_add_func("/ui/authoring/live-previews", test_live_previews);
    int status = g_test_run();
    editor_window_close_now(win);
    ui_spin(50);
    ui_test_finish(&ui);
    return status;
}
