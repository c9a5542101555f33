/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-palette"

#include "editor-palette.h"

#include "doc/level-ops.h"

#define PALETTE_CHUNK_PX 76 /* a chunk cell in the chunk palette */
#define PALETTE_TILE_PX  34 /* a tile cell in the tile palette (16 px at 2x + border) */

struct _EditorPalette {
    GtkDrawingArea parent_instance;
    EditorPaletteKind kind;
    /* Borrowed */
    EditorDocument *doc;
    EditorRenderer *renderer;
    EditorTools *tools;
};

enum { SIGNAL_PICKED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(EditorPalette, editor_palette, GTK_TYPE_DRAWING_AREA)

static const lw_level *level_of(EditorPalette *self)
{
    return editor_document_get_level(self->doc);
}

static int palette_columns(GtkWidget *area, int cell)
{
    int w = gtk_widget_get_width(area);
    return MAX(1, w / cell);
}

void editor_palette_update_size(EditorPalette *self)
{
    const lw_level *l = level_of(self);
    int cell = self->kind == EDITOR_PALETTE_CHUNKS ? PALETTE_CHUNK_PX : PALETTE_TILE_PX;
    guint items = self->kind == EDITOR_PALETTE_CHUNKS ? l->chunk_count : l->tile_count + 1u;
    int cols = palette_columns(GTK_WIDGET(self), cell);
    int rows = ((int)items + cols - 1) / cols;
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(self), MAX(rows * cell, 20));
}

static void draw_chunk_palette(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorPalette *self = user;
    const lw_level *l = level_of(self);
    int cols = MAX(1, w / PALETTE_CHUNK_PX);
    g_autofree guint *counts = g_new0(guint, MAX(l->chunk_count, 1u));
    editor_level_chunk_usage(l, counts);
    double scale = (PALETTE_CHUNK_PX - 6.0) / l->chunk_px;
    uint16_t edited = editor_tools_get_edited_chunk(self->tools);
    /* only the rows the scrolled window shows */
    double cx0, cy0, cx1, cy1;
    cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    for (guint c = 0; c < l->chunk_count; c++) {
        double x = (c % (guint)cols) * PALETTE_CHUNK_PX, y = (c / (guint)cols) * PALETTE_CHUNK_PX;
        if (y > cy1)
            break;
        if (y + PALETTE_CHUNK_PX < cy0)
            continue;
        cairo_save(cr);
        cairo_translate(cr, x + 3, y + 3);
        cairo_scale(cr, scale, scale);
        cairo_set_source_rgb(cr, (l->background_rgb >> 16 & 255) / 255.0,
                             (l->background_rgb >> 8 & 255) / 255.0,
                             (l->background_rgb & 255) / 255.0);
        cairo_rectangle(cr, 0, 0, l->chunk_px, l->chunk_px);
        cairo_fill(cr);
        cairo_set_source_surface(cr, editor_renderer_get_chunk_surface(self->renderer, c), 0, 0);
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
        cairo_paint(cr);
        cairo_restore(cr);
        gboolean sel = self->tools->brush_chunk == c;
        if (sel || edited == c) {
            cairo_set_line_width(cr, 3);
            if (edited == c)
                cairo_set_source_rgb(cr, 1, 0.85, 0.2);
            else
                cairo_set_source_rgb(cr, 0.3, 0.75, 1);
            cairo_rectangle(cr, x + 1.5, y + 1.5, PALETTE_CHUNK_PX - 3, PALETTE_CHUNK_PX - 3);
            cairo_stroke(cr);
        }
        char text[32];
        g_snprintf(text, sizeof text, "%u ×%u", c, counts[c]);
        cairo_set_font_size(cr, 10);
        cairo_text_extents_t ext;
        cairo_text_extents(cr, text, &ext);
        cairo_set_source_rgba(cr, 0, 0, 0, 0.7);
        cairo_rectangle(cr, x + 3, y + PALETTE_CHUNK_PX - 17, ext.x_advance + 6, 14);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, counts[c] ? 1 : 1, counts[c] ? 1 : 0.55, counts[c] ? 1 : 0.45);
        cairo_move_to(cr, x + 6, y + PALETTE_CHUNK_PX - 6);
        cairo_show_text(cr, text);
    }
}

static void draw_tile_palette(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorPalette *self = user;
    const lw_level *l = level_of(self);
    int cols = MAX(1, w / PALETTE_TILE_PX);
    g_autofree guint *counts = g_new0(guint, MAX(l->tile_count, 1u));
    editor_level_tile_usage(l, counts);
    double cx0, cy0, cx1, cy1;
    cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1);
    /* item 0 is the eraser, then every tile */
    for (guint i = 0; i <= l->tile_count; i++) {
        double x = (i % (guint)cols) * PALETTE_TILE_PX, y = (i / (guint)cols) * PALETTE_TILE_PX;
        if (y > cy1)
            break;
        if (y + PALETTE_TILE_PX < cy0)
            continue;
        uint16_t tile = i == 0 ? (uint16_t)LW_NONE : (uint16_t)(i - 1);
        cairo_set_source_rgb(cr, 0.22, 0.22, 0.25);
        cairo_rectangle(cr, x + 1, y + 1, 32, 32);
        cairo_fill(cr);
        if (tile == LW_NONE) {
            cairo_set_source_rgb(cr, 0.9, 0.3, 0.3);
            cairo_set_line_width(cr, 2);
            cairo_move_to(cr, x + 6, y + 6);
            cairo_line_to(cr, x + 28, y + 28);
            cairo_move_to(cr, x + 28, y + 6);
            cairo_line_to(cr, x + 6, y + 28);
            cairo_stroke(cr);
        } else {
            editor_renderer_draw_tile(self->renderer, cr, tile, x + 1, y + 1, 32, 0, 0);
            if (counts[tile] == 0) {
                cairo_set_source_rgba(cr, 0, 0, 0, 0.45);
                cairo_rectangle(cr, x + 1, y + 1, 32, 32);
                cairo_fill(cr);
            }
            if (l->tiles[tile].flags & LW_TILE_JUMP_THROUGH) {
                cairo_set_source_rgb(cr, 0.25, 0.8, 0.4);
                cairo_rectangle(cr, x + 1, y + 1, 32, 3);
                cairo_fill(cr);
            }
        }
        if (self->tools->brush_tile == tile) {
            cairo_set_line_width(cr, 2);
            cairo_set_source_rgb(cr, 0.3, 0.75, 1);
            cairo_rectangle(cr, x + 1, y + 1, 32, 32);
            cairo_stroke(cr);
        }
    }
}

static gboolean palette_query_tooltip(GtkWidget *w, int x, int y, gboolean kb, GtkTooltip *tip,
                                      gpointer user)
{
    EditorPalette *self = user;
    const lw_level *l = level_of(self);
    if (self->kind == EDITOR_PALETTE_CHUNKS) {
        int cols = palette_columns(w, PALETTE_CHUNK_PX);
        guint c = (guint)((y / PALETTE_CHUNK_PX) * cols + x / PALETTE_CHUNK_PX);
        if (c >= l->chunk_count)
            return FALSE;
        g_autofree guint *counts = g_new0(guint, l->chunk_count);
        editor_level_chunk_usage(l, counts);
        g_autofree char *t = g_strdup_printf("Chunk %u — used %u times. Click: paint with it; "
                                             "double-click: edit it in place.",
                                             c, counts[c]);
        gtk_tooltip_set_text(tip, t);
        return TRUE;
    }
    int cols = palette_columns(w, PALETTE_TILE_PX);
    guint i = (guint)((y / PALETTE_TILE_PX) * cols + x / PALETTE_TILE_PX);
    if (i > l->tile_count)
        return FALSE;
    if (i == 0) {
        gtk_tooltip_set_text(tip, "Eraser: empties cells");
        return TRUE;
    }
    g_autofree guint *counts = g_new0(guint, l->tile_count);
    editor_level_tile_usage(l, counts);
    const lw_tile *t = &l->tiles[i - 1];
    char ma[16] = "none", mb[16] = "none";
    if (t->mask[0] != LW_NONE)
        g_snprintf(ma, sizeof ma, "%u", t->mask[0]);
    if (t->mask[1] != LW_NONE)
        g_snprintf(mb, sizeof mb, "%u", t->mask[1]);
    g_autofree char *text =
        g_strdup_printf("Tile %u — art cell %d, mask A %s, mask B %s%s; used "
                        "in %u cells",
                        i - 1, t->art == LW_NONE ? -1 : t->art, ma, mb,
                        (t->flags & LW_TILE_JUMP_THROUGH) ? ", jump-through" : "", counts[i - 1]);
    gtk_tooltip_set_text(tip, text);
    return TRUE;
}

static void pressed(GtkGestureClick *g, int n, double x, double y, EditorPalette *self)
{
    const lw_level *l = level_of(self);
    int cell = self->kind == EDITOR_PALETTE_CHUNKS ? PALETTE_CHUNK_PX : PALETTE_TILE_PX;
    int cols = palette_columns(GTK_WIDGET(self), cell);
    if ((int)(x / cell) >= cols)
        return;
    guint i = (guint)((int)(y / cell) * cols + (int)(x / cell));
    if (self->kind == EDITOR_PALETTE_CHUNKS) {
        if (i < l->chunk_count)
            g_signal_emit(self, signals[SIGNAL_PICKED], 0, i, n);
    } else if (i <= l->tile_count) {
        g_signal_emit(self, signals[SIGNAL_PICKED], 0, i == 0 ? (guint)LW_NONE : i - 1, n);
    }
}

static void resized(GtkDrawingArea *area, int w, int h, gpointer user)
{
    editor_palette_update_size(EDITOR_PALETTE(area));
}

static void editor_palette_class_init(EditorPaletteClass *klass)
{
    /**
     * EditorPalette::picked:
     * @item: the chunk id, or the tile id (LW_NONE: the eraser)
     * @n_press: 1 for a click, 2 for a double-click
     */
    signals[SIGNAL_PICKED] =
        g_signal_new("picked", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT);
}

static void editor_palette_init(EditorPalette *self) {}

EditorPalette *editor_palette_new(EditorPaletteKind kind, EditorDocument *doc,
                                  EditorRenderer *renderer, EditorTools *tools)
{
    EditorPalette *self = g_object_new(EDITOR_TYPE_PALETTE, NULL);
    self->kind = kind;
    self->doc = doc;
    self->renderer = renderer;
    self->tools = tools;
    gtk_drawing_area_set_draw_func(
        GTK_DRAWING_AREA(self),
        kind == EDITOR_PALETTE_CHUNKS ? draw_chunk_palette : draw_tile_palette, self, NULL);
    g_signal_connect(self, "resize", G_CALLBACK(resized), NULL);
    GtkGesture *g = gtk_gesture_click_new();
    g_signal_connect(g, "pressed", G_CALLBACK(pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(g));
    gtk_widget_set_has_tooltip(GTK_WIDGET(self), TRUE);
    g_signal_connect(self, "query-tooltip", G_CALLBACK(palette_query_tooltip), self);
    return self;
}
