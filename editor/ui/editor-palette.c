/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-palette"

#include "editor-palette.h"

#include "doc/level-ops.h"

#define PALETTE_CHUNK_PX 76 /* a chunk cell in the chunk palette */
#define PALETTE_TILE_PX  34 /* a tile cell in the tile palette (16 px at 2x + border) */

struct _EditorPalette {
    GtkBox parent_instance;
    EditorPaletteKind kind;
    gboolean show_masks;
    /* Borrowed */
    EditorDocument *doc;
    EditorRenderer *renderer;
    EditorTools *tools;
    /* Template widgets */
    GtkDrawingArea *area;
    GtkWidget *tile_bar;
    GtkSwitch *masks_switch;
};

enum { PROP_0, PROP_KIND, PROP_SHOW_MASKS, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { SIGNAL_PICKED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_ENUM_TYPE(EditorPaletteKind, editor_palette_kind,
                   G_DEFINE_ENUM_VALUE(EDITOR_PALETTE_CHUNKS, "chunks"),
                   G_DEFINE_ENUM_VALUE(EDITOR_PALETTE_TILES, "tiles"))

G_DEFINE_FINAL_TYPE(EditorPalette, editor_palette, GTK_TYPE_BOX)

static const lw_level *level_of(EditorPalette *self)
{
    return editor_document_get_level(self->doc);
}

static int palette_columns(GtkWidget *area, int cell)
{
    int w = gtk_widget_get_width(area);
    return MAX(1, w / cell);
}

static int cell_px(EditorPalette *self)
{
    return self->kind == EDITOR_PALETTE_CHUNKS ? PALETTE_CHUNK_PX : PALETTE_TILE_PX;
}

guint editor_palette_get_item_count(EditorPalette *self)
{
    g_return_val_if_fail(EDITOR_IS_PALETTE(self), 0);
    if (!self->doc)
        return 0;
    const lw_level *l = level_of(self);
    return self->kind == EDITOR_PALETTE_CHUNKS ? l->chunk_count : l->tile_count + 1u;
}

/* The number of items or the width changed: the drawing is as tall as its rows. */
static void update_size(EditorPalette *self)
{
    int cols = palette_columns(GTK_WIDGET(self->area), cell_px(self));
    int rows = ((int)editor_palette_get_item_count(self) + cols - 1) / cols;
    gtk_drawing_area_set_content_height(self->area, MAX(rows * cell_px(self), 20));
}

static void draw_chunk_palette(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorPalette *self = user;
    if (!self->doc)
        return;
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
    if (!self->doc)
        return;
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
            editor_renderer_draw_tile(self->renderer, cr, tile, x + 1, y + 1, 32, 0,
                                      self->show_masks ? 0 : -1);
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
    if (!self->doc)
        return FALSE;
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

gboolean editor_palette_item_at(EditorPalette *self, double x, double y, guint *item)
{
    g_return_val_if_fail(EDITOR_IS_PALETTE(self), FALSE);
    int cell = cell_px(self);
    int cols = palette_columns(GTK_WIDGET(self->area), cell);
    if (x < 0 || y < 0 || (int)(x / cell) >= cols)
        return FALSE;
    guint i = (guint)((int)(y / cell) * cols + (int)(x / cell));
    if (i >= editor_palette_get_item_count(self))
        return FALSE;
    /* the tiles palette starts with the eraser */
    *item = self->kind == EDITOR_PALETTE_CHUNKS ? i : i == 0 ? (guint)LW_NONE : i - 1;
    return TRUE;
}

void editor_palette_press(EditorPalette *self, double x, double y, int n_press)
{
    g_return_if_fail(EDITOR_IS_PALETTE(self));
    guint item;
    if (editor_palette_item_at(self, x, y, &item))
        g_signal_emit(self, signals[SIGNAL_PICKED], 0, item, n_press);
}

static void pressed(GtkGestureClick *g, int n, double x, double y, EditorPalette *self)
{
    editor_palette_press(self, x, y, n);
}

static void resized(GtkDrawingArea *area, int w, int h, EditorPalette *self)
{
    update_size(self);
}

static void on_doc_changed(EditorPalette *self, EditorChange *change)
{
    if (change->flags & (EDITOR_CHANGE_COUNTS | EDITOR_CHANGE_EVERYTHING))
        update_size(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->area));
}

void editor_palette_refresh(EditorPalette *self)
{
    g_return_if_fail(EDITOR_IS_PALETTE(self));
    gtk_widget_queue_draw(GTK_WIDGET(self->area));
}

void editor_palette_set_show_masks(EditorPalette *self, gboolean show)
{
    g_return_if_fail(EDITOR_IS_PALETTE(self));
    show = !!show;
    if (self->show_masks == show)
        return;
    self->show_masks = show;
    gtk_switch_set_active(self->masks_switch, show);
    gtk_widget_queue_draw(GTK_WIDGET(self->area));
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_SHOW_MASKS]);
}

gboolean editor_palette_get_show_masks(EditorPalette *self)
{
    g_return_val_if_fail(EDITOR_IS_PALETTE(self), FALSE);
    return self->show_masks;
}

EditorPaletteKind editor_palette_get_kind(EditorPalette *self)
{
    g_return_val_if_fail(EDITOR_IS_PALETTE(self), EDITOR_PALETTE_CHUNKS);
    return self->kind;
}

static void masks_switched(GtkSwitch *sw, GParamSpec *pspec, EditorPalette *self)
{
    editor_palette_set_show_masks(self, gtk_switch_get_active(sw));
}

static void editor_palette_set_property(GObject *object, guint id, const GValue *value,
                                        GParamSpec *pspec)
{
    EditorPalette *self = EDITOR_PALETTE(object);
    switch (id) {
    case PROP_KIND:
        self->kind = g_value_get_enum(value);
        gtk_widget_set_visible(self->tile_bar, self->kind == EDITOR_PALETTE_TILES);
        gtk_drawing_area_set_draw_func(self->area,
                                       self->kind == EDITOR_PALETTE_CHUNKS ? draw_chunk_palette
                                                                           : draw_tile_palette,
                                       self, NULL);
        break;
    case PROP_SHOW_MASKS:
        editor_palette_set_show_masks(self, g_value_get_boolean(value));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void editor_palette_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    EditorPalette *self = EDITOR_PALETTE(object);
    switch (id) {
    case PROP_KIND:
        g_value_set_enum(value, self->kind);
        break;
    case PROP_SHOW_MASKS:
        g_value_set_boolean(value, self->show_masks);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void editor_palette_dispose(GObject *object)
{
    EditorPalette *self = EDITOR_PALETTE(object);
    self->doc = NULL; /* its handler goes with this palette (g_signal_connect_object) */
    gtk_widget_dispose_template(GTK_WIDGET(self), EDITOR_TYPE_PALETTE);
    G_OBJECT_CLASS(editor_palette_parent_class)->dispose(object);
}

static void editor_palette_class_init(EditorPaletteClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = editor_palette_set_property;
    object_class->get_property = editor_palette_get_property;
    object_class->dispose = editor_palette_dispose;
    props[PROP_KIND] =
        g_param_spec_enum("kind", NULL, NULL, EDITOR_TYPE_PALETTE_KIND, EDITOR_PALETTE_CHUNKS,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
    props[PROP_SHOW_MASKS] =
        g_param_spec_boolean("show-masks", NULL, NULL, TRUE,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, props);
    /**
     * EditorPalette::picked:
     * @item: the chunk id, or the tile id (LW_NONE: the eraser)
     * @n_press: 1 for a click, 2 for a double-click
     */
    signals[SIGNAL_PICKED] =
        g_signal_new("picked", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT);
    gtk_widget_class_set_template_from_resource(
        widget_class, "/io/github/loopwright/Loopwright/editor-palette.ui");
    gtk_widget_class_bind_template_child(widget_class, EditorPalette, area);
    gtk_widget_class_bind_template_child(widget_class, EditorPalette, tile_bar);
    gtk_widget_class_bind_template_child(widget_class, EditorPalette, masks_switch);
}

static void editor_palette_init(EditorPalette *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    self->show_masks = TRUE;
    /* the "kind" property, when given, says which */
    gtk_drawing_area_set_draw_func(self->area, draw_chunk_palette, self, NULL);
    g_signal_connect(self->area, "resize", G_CALLBACK(resized), self);
    GtkGesture *g = gtk_gesture_click_new();
    g_signal_connect(g, "pressed", G_CALLBACK(pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self->area), GTK_EVENT_CONTROLLER(g));
    g_signal_connect(self->area, "query-tooltip", G_CALLBACK(palette_query_tooltip), self);
    g_signal_connect(self->masks_switch, "notify::active", G_CALLBACK(masks_switched), self);
}

void editor_palette_set_context(EditorPalette *self, EditorDocument *doc, EditorRenderer *renderer,
                                EditorTools *tools)
{
    g_return_if_fail(EDITOR_IS_PALETTE(self));
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    self->doc = doc;
    self->renderer = renderer;
    self->tools = tools;
    if (doc)
        g_signal_connect_object(doc, "changed", G_CALLBACK(on_doc_changed), self,
                                G_CONNECT_SWAPPED);
    update_size(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->area));
}
