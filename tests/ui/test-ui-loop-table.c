/* SPDX-License-Identifier: MIT */
/*
 * The loop table dialog (editor/ui/editor-loop-table.c, issue 11) in an editor window, in process
 * under a display: Level ▸ Loop Table… (win.loop-table) opens it (one a window); Add Row, a row's
 * fields (through the dialog's API and through the row's own spin button and drop-down) and a
 * row's removal each push one undo step that sets the document's table; a chunk past the
 * level's chunks is refused with the reason shown and nothing pushed; undo and redo bring the
 * rows back to the document's table; the canvas marks the slots of a loop chunk. Without a
 * display it exits 77.
 */
#include "editor-loop-table.h"
#include "editor-render.h"
#include "editor-window.h"
#include "ui-app.h"
#include "ui-support.h"

#include <gtk/gtk.h>
#include <string.h>

static UiTest ui;
static EditorWindow *win;

static EditorDocument *doc(void)
{
    return editor_window_get_document(win);
}

static const lw_level *level(void)
{
    return editor_document_get_level(doc());
}

static guint steps(void)
{
    return editor_undo_stack_get_index(editor_document_get_undo_stack(doc()));
}

/* The dialog's rows say exactly the document's table. */
static void assert_rows_are_table(EditorLoopTableDialog *d)
{
    const lw_level *l = level();
    g_assert_cmpuint(editor_loop_table_dialog_get_n_rows(d), ==, l->loop_chunk_count);
    for (guint i = 0; i < l->loop_chunk_count; i++) {
        lw_loop_chunk e;
        g_assert_true(editor_loop_table_dialog_get_row(d, i, &e));
        g_assert_cmpuint(e.chunk, ==, l->loop_chunks[i].chunk);
        g_assert_cmpuint(e.path_b, ==, l->loop_chunks[i].path_b);
        g_assert_cmpuint(e.rule, ==, l->loop_chunks[i].rule);
    }
}

static void test_dialog_edits(void)
{
    const lw_level *l = level();
    g_assert_cmpuint(l->chunk_px, ==, 256);
    g_assert_cmpuint(l->chunk_count, >=, 4);
    g_assert_cmpuint(l->loop_chunk_count, ==, 0);
    guint s0 = steps();

    /* the action opens it; a second activation presents the same one */
    g_assert_null(editor_loop_table_dialog_find(GTK_WINDOW(win)));
    ui_act(GTK_WIDGET(win), "win.loop-table");
    EditorLoopTableDialog *d = editor_loop_table_dialog_find(GTK_WINDOW(win));
    g_assert_nonnull(d);
    UI_WAIT_FOR(gtk_widget_get_mapped(GTK_WIDGET(d)), 2000);
    g_assert_true(gtk_widget_get_visible(GTK_WIDGET(d)));
    ui_act(GTK_WIDGET(win), "win.loop-table");
    g_assert_true(editor_loop_table_dialog_find(GTK_WINDOW(win)) == d);
    g_assert_cmpuint(editor_loop_table_dialog_get_n_rows(d), ==, 0);
    g_assert_null(editor_loop_table_dialog_get_problem(d));

    /* Add Row: chunk 1 (the first from 1 without an entry), its own path B, rule loop */
    g_assert_true(editor_loop_table_dialog_add_row(d));
    l = level();
    g_assert_cmpuint(steps(), ==, s0 + 1);
    g_assert_cmpuint(l->loop_chunk_count, ==, 1);
    g_assert_cmpuint(l->loop_chunks[0].chunk, ==, 1);
    g_assert_cmpuint(l->loop_chunks[0].path_b, ==, LW_NONE);
    g_assert_cmpuint(l->loop_chunks[0].rule, ==, LW_LOOP_LOOP);
    g_assert_true(editor_document_get_modified(doc()));

    /* the row's three fields in one step */
    lw_loop_chunk e = {2, 3, LW_LOOP_TUNNEL};
    g_assert_true(editor_loop_table_dialog_set_row(d, 0, &e));
    l = level();
    g_assert_cmpuint(steps(), ==, s0 + 2);
    g_assert_cmpuint(l->loop_chunk_count, ==, 1);
    g_assert_cmpuint(l->loop_chunks[0].chunk, ==, 2);
    g_assert_cmpuint(l->loop_chunks[0].path_b, ==, 3);
    g_assert_cmpuint(l->loop_chunks[0].rule, ==, LW_LOOP_TUNNEL);

    /* the widgets themselves: the path-B spin button, then the rule drop-down, a step each */
    gtk_spin_button_set_value(
        GTK_SPIN_BUTTON(editor_loop_table_dialog_get_field(d, 0, EDITOR_LOOP_FIELD_PATH_B)), 1);
    l = level();
    g_assert_cmpuint(steps(), ==, s0 + 3);
    g_assert_cmpuint(l->loop_chunks[0].path_b, ==, 1);
    gtk_drop_down_set_selected(
        GTK_DROP_DOWN(editor_loop_table_dialog_get_field(d, 0, EDITOR_LOOP_FIELD_RULE)),
        LW_LOOP_GROUNDED);
    l = level();
    g_assert_cmpuint(steps(), ==, s0 + 4);
    g_assert_cmpuint(l->loop_chunks[0].rule, ==, LW_LOOP_GROUNDED);
    /* "own" for the path B */
    gtk_spin_button_set_value(
        GTK_SPIN_BUTTON(editor_loop_table_dialog_get_field(d, 0, EDITOR_LOOP_FIELD_PATH_B)), -1);
    l = level();
    g_assert_cmpuint(steps(), ==, s0 + 5);
    g_assert_cmpuint(l->loop_chunks[0].path_b, ==, LW_NONE);
    g_assert_cmpstr(gtk_editable_get_text(GTK_EDITABLE(
                        editor_loop_table_dialog_get_field(d, 0, EDITOR_LOOP_FIELD_PATH_B))),
                    ==, "own");
    assert_rows_are_table(d);

    /* a chunk past the level's: refused, said, marked, nothing pushed */
    lw_loop_chunk past = {(uint16_t)l->chunk_count, LW_NONE, LW_LOOP_LOOP};
    g_assert_false(editor_loop_table_dialog_set_row(d, 0, &past));
    g_assert_cmpuint(steps(), ==, s0 + 5);
    l = level();
    g_assert_cmpuint(l->loop_chunks[0].chunk, ==, 2);
    const char *why = editor_loop_table_dialog_get_problem(d);
    g_assert_nonnull(why);
    g_autofree char *want = g_strdup_printf("Row 1: chunk %u is past the level's chunks (it has "
                                            "%u, numbered 0 to %u)",
                                            l->chunk_count, l->chunk_count, l->chunk_count - 1);
    g_assert_nonnull(strstr(why, want));
    GtkWidget *chunk_spin = editor_loop_table_dialog_get_field(d, 0, EDITOR_LOOP_FIELD_CHUNK);
    g_assert_true(gtk_widget_has_css_class(chunk_spin, "error"));
    /* ... and a path-B chunk past them */
    lw_loop_chunk past_b = {2, (uint16_t)l->chunk_count, LW_LOOP_LOOP};
    g_assert_false(editor_loop_table_dialog_set_row(d, 0, &past_b));
    g_assert_nonnull(strstr(editor_loop_table_dialog_get_problem(d), "path-B chunk"));
    g_assert_cmpuint(steps(), ==, s0 + 5);
    /* a second row for the same chunk: the command's reason, nothing pushed */
    g_assert_true(editor_loop_table_dialog_set_row(d, 0, &(lw_loop_chunk){2, LW_NONE, 2}));
    g_assert_cmpuint(steps(), ==, s0 + 5); /* the table it already is: no step */
    g_assert_null(editor_loop_table_dialog_get_problem(d));
    g_assert_false(gtk_widget_has_css_class(chunk_spin, "error"));
    g_assert_true(editor_loop_table_dialog_add_row(d));
    g_assert_cmpuint(steps(), ==, s0 + 6);
    g_assert_false(editor_loop_table_dialog_set_row(d, 1, &(lw_loop_chunk){2, LW_NONE, 1}));
    g_assert_nonnull(strstr(editor_loop_table_dialog_get_problem(d), "has an entry already"));
    g_assert_cmpuint(steps(), ==, s0 + 6);

    /* undo: the rows follow the document (and the problem goes) */
    editor_document_undo(doc());
    g_assert_cmpuint(level()->loop_chunk_count, ==, 1);
    assert_rows_are_table(d);
    g_assert_null(editor_loop_table_dialog_get_problem(d));
    editor_document_undo(doc()); /* the "own" path B */
    g_assert_cmpuint(level()->loop_chunks[0].path_b, ==, 1);
    assert_rows_are_table(d);
    editor_document_redo(doc());
    assert_rows_are_table(d);

    /* remove the row: one step; undo gives it back */
    g_assert_true(editor_loop_table_dialog_remove_row(d, 0));
    g_assert_cmpuint(steps(), ==, s0 + 6);
    g_assert_cmpuint(level()->loop_chunk_count, ==, 0);
    g_assert_cmpuint(editor_loop_table_dialog_get_n_rows(d), ==, 0);
    editor_document_undo(doc());
    g_assert_cmpuint(level()->loop_chunk_count, ==, 1);
    assert_rows_are_table(d);

    /* back to the start: no table, no rows */
    while (steps() > s0)
        editor_document_undo(doc());
    g_assert_cmpuint(level()->loop_chunk_count, ==, 0);
    assert_rows_are_table(d);

    /* Escape (window.close) closes it; the window forgets it */
    gtk_window_close(GTK_WINDOW(d));
    UI_WAIT_FOR(editor_loop_table_dialog_find(GTK_WINDOW(win)) == NULL, 2000);
    g_assert_null(editor_loop_table_dialog_find(GTK_WINDOW(win)));
}

/* Pixels of an ARGB32 surface near 0xRRGGBB (each channel within 40). */
static guint count_colour(cairo_surface_t *s, uint32_t rgb)
{
    cairo_surface_flush(s);
    const unsigned char *data = cairo_image_surface_get_data(s);
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    guint n = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t p = *(const uint32_t *)(data + (size_t)y * stride + (size_t)x * 4);
            int dr = abs((int)(p >> 16 & 255) - (int)(rgb >> 16 & 255));
            int dg = abs((int)(p >> 8 & 255) - (int)(rgb >> 8 & 255));
            int db = abs((int)(p & 255) - (int)(rgb & 255));
            n += dr < 40 && dg < 40 && db < 40;
        }
    return n;
}

/* The marks the canvas draws over the objects' layer at slot (sx, sy), at 1:1. */
static guint marks_at(guint sx, guint sy, uint32_t rgb)
{
    const lw_level *l = level();
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 300, 300);
    cairo_t *cr = cairo_create(s);
    editor_renderer_draw_objects(editor_window_get_renderer(win), cr, sx * l->chunk_px - 20.0,
                                 sy * l->chunk_px - 20.0, 1, EDITOR_OVERLAY_SWAPPERS, 0);
    cairo_destroy(cr);
    guint n = count_colour(s, rgb);
    cairo_surface_destroy(s);
    return n;
}

static void test_canvas_marks(void)
{
    const lw_level *l = level();
    /* a foreground slot holding a chunk */
    guint sx = 0, sy = 0;
    uint16_t id = LW_NONE;
    for (guint i = 0; i < (guint)l->layout_width * l->layout_height && id == LW_NONE; i++) {
        uint16_t c = l->layout[LW_LAYER_FG][i];
        if (c != LW_NONE && c < l->chunk_count) {
            id = c;
            sx = i % l->layout_width;
            sy = i / l->layout_width;
        }
    }
    g_assert_cmpuint(id, !=, LW_NONE);
    const uint32_t orange = 0xFF8C1A, cyan = 0x4DE6FF;
    guint before = marks_at(sx, sy, orange);
    guint s0 = steps();
    EditorLoopTableDialog *d =
        editor_loop_table_dialog_present(GTK_WINDOW(win), doc(), editor_window_get_renderer(win));
    g_assert_true(editor_loop_table_dialog_add_row(d));
    g_assert_true(editor_loop_table_dialog_set_row(d, 0, &(lw_loop_chunk){id, LW_NONE, 1}));
    guint loop = marks_at(sx, sy, orange);
    g_assert_cmpuint(loop, >, before + 200); /* a dashed outline round the 256 px chunk */
    g_assert_true(editor_loop_table_dialog_set_row(d, 0, &(lw_loop_chunk){id, LW_NONE, 3}));
    g_assert_cmpuint(marks_at(sx, sy, cyan), >, 200);
    g_assert_cmpuint(marks_at(sx, sy, orange), ==, before);
    while (steps() > s0)
        editor_document_undo(doc());
    g_assert_cmpuint(marks_at(sx, sy, orange), ==, before);
    gtk_window_destroy(GTK_WINDOW(d));
    ui_spin(20);
}

int main(int argc, char **argv)
{
    if (!ui_test_init(&argc, &argv, "lw-ui-loops-XXXXXX", UI_TEST_DEFAULT, &ui))
        return UI_TEST_SKIP;
    /* pipe-works: 256 px chunks (loop rules need them), the same tileset as the copied level */
    g_autofree char *src =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "pipe-works.json", NULL);
    g_autofree char *path = g_build_filename(ui.tmpdir, "pipe-works.json", NULL);
    ui_copy_file(src, path);
    GtkWindow *w = editor_application_open_path(path);
    g_assert_nonnull(w);
    win = EDITOR_WINDOW(w);
    ui_spin(300);
    g_test_add_func("/ui/loop-table/dialog-edits", test_dialog_edits);
    g_test_add_func("/ui/loop-table/canvas-marks", test_canvas_marks);
    int status = g_test_run();
    editor_window_close_now(win);
    ui_spin(50);
    ui_test_finish(&ui);
    return status;
}
