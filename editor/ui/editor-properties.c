/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-properties"

#include "editor-properties.h"

#include "doc/editor-commands.h"
#include "doc/level-ops.h"
#include "doc/object-props.h"
#include "editor-properties-object.h"

#include <stdlib.h>
#include <string.h>

struct _EditorProperties {
    GtkBox parent_instance;
    /* Borrowed */
    EditorDocument *doc;
    EditorRenderer *renderer;
    EditorTools *tools;
    /* Owned */
    char *tileset_error;
    /* State */
    guint32 properties_object; /* object the panel shows, 0 = none */
    gboolean properties_dirty; /* being rebuilt: field signals are not edits */
    guint properties_idle;     /* a rebuild is scheduled */
};

G_DEFINE_FINAL_TYPE(EditorProperties, editor_properties, GTK_TYPE_BOX)

static const lw_level *level_of(EditorProperties *self)
{
    return editor_document_get_level(self->doc);
}

static void editor_properties_dispose(GObject *object)
{
    EditorProperties *self = EDITOR_PROPERTIES(object);
    g_clear_handle_id(&self->properties_idle, g_source_remove);
    G_OBJECT_CLASS(editor_properties_parent_class)->dispose(object);
}

static void editor_properties_finalize(GObject *object)
{
    g_free(EDITOR_PROPERTIES(object)->tileset_error);
    G_OBJECT_CLASS(editor_properties_parent_class)->finalize(object);
}

static void editor_properties_class_init(EditorPropertiesClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = editor_properties_dispose;
    G_OBJECT_CLASS(klass)->finalize = editor_properties_finalize;
}

static void editor_properties_init(EditorProperties *self)
{
    gtk_orientable_set_orientation(GTK_ORIENTABLE(self), GTK_ORIENTATION_VERTICAL);
}

void editor_properties_set_context(EditorProperties *self, EditorDocument *doc,
                                   EditorRenderer *renderer, EditorTools *tools)
{
    self->doc = doc;
    self->renderer = renderer;
    self->tools = tools;
}

void editor_properties_set_tileset_error(EditorProperties *self, const char *error)
{
    g_free(self->tileset_error);
    self->tileset_error = g_strdup(error);
}

static void clear_box(GtkBox *box)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(box))))
        gtk_box_remove(box, child);
}

static GtkWidget *heading(const char *text)
{
    GtkWidget *l = gtk_label_new(NULL);
    g_autofree char *m = g_markup_printf_escaped("<b>%s</b>", text);
    gtk_label_set_markup(GTK_LABEL(l), m);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    return l;
}

static GtkWidget *row(GtkWidget *box, const char *label, GtkWidget *widget)
{
    GtkWidget *r = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *l = gtk_label_new(label);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_widget_set_size_request(l, 96, -1);
    gtk_box_append(GTK_BOX(r), l);
    gtk_widget_set_hexpand(widget, TRUE);
    gtk_box_append(GTK_BOX(r), widget);
    gtk_box_append(GTK_BOX(box), r);
    return widget;
}

/* Widgets of the object editor carry the field they edit in "field". */
static void object_field_changed(GtkWidget *w, EditorProperties *self)
{
    if (self->properties_dirty)
        return;
    const lw_object *cur = lw_level_find_object(level_of(self), self->properties_object);
    if (!cur)
        return;
    lw_object o = {0};
    lw_object_copy(&o, cur);
    const char *field = g_object_get_data(G_OBJECT(w), "field");
    if (g_str_equal(field, "x"))
        o.x = gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(w));
    else if (g_str_equal(field, "y"))
        o.y = gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(w));
    else if (g_str_equal(field, "facing"))
        o.facing_left = gtk_drop_down_get_selected(GTK_DROP_DOWN(w)) == 1;
    else if (g_str_equal(field, "orientation"))
        o.swapper.horizontal = gtk_drop_down_get_selected(GTK_DROP_DOWN(w)) == 1;
    else if (g_str_equal(field, "radius"))
        o.swapper.radius = (uint16_t)(32u << gtk_drop_down_get_selected(GTK_DROP_DOWN(w)));
    else if (g_str_equal(field, "path0"))
        o.swapper.path[0] = (uint8_t)gtk_drop_down_get_selected(GTK_DROP_DOWN(w));
    else if (g_str_equal(field, "path1"))
        o.swapper.path[1] = (uint8_t)gtk_drop_down_get_selected(GTK_DROP_DOWN(w));
    else if (g_str_equal(field, "prio0"))
        o.swapper.priority[0] = (uint8_t)gtk_drop_down_get_selected(GTK_DROP_DOWN(w));
    else if (g_str_equal(field, "prio1"))
        o.swapper.priority[1] = (uint8_t)gtk_drop_down_get_selected(GTK_DROP_DOWN(w));
    else if (g_str_equal(field, "grounded"))
        o.swapper.grounded_only = gtk_check_button_get_active(GTK_CHECK_BUTTON(w));
    else if (g_str_equal(field, "priority-only"))
        o.swapper.priority_only = gtk_check_button_get_active(GTK_CHECK_BUTTON(w));
    else if (g_str_equal(field, "name")) {
        const char *t = gtk_editable_get_text(GTK_EDITABLE(w));
        if (*t)
            lw_object_set_name(&o, t);
    } else if (g_str_equal(field, "props")) {
        /* "key = value" lines */
        GtkTextBuffer *buf = gtk_text_view_get_buffer(GTK_TEXT_VIEW(w));
        GtkTextIter a, b;
        gtk_text_buffer_get_bounds(buf, &a, &b);
        g_autofree char *text = gtk_text_buffer_get_text(buf, &a, &b, FALSE);
        editor_object_set_properties_text(&o, text);
    }
    EditorCommand *cmd = editor_cmd_set_object_new(self->doc, &o, NULL);
    if (cmd)
        editor_document_push(self->doc, cmd);
    lw_object_clear(&o);
}

static void apply_props_clicked(GtkButton *b, GtkWidget *view)
{
    EditorProperties *self = g_object_get_data(G_OBJECT(view), "panel");
    object_field_changed(view, self);
}

static GtkWidget *spin(double lo, double hi, double value, const char *field,
                       EditorProperties *self)
{
    GtkWidget *s = gtk_spin_button_new_with_range(lo, hi, 1);
    gtk_editable_set_width_chars(GTK_EDITABLE(s), 6); /* fits the panel's fixed width */
    gtk_spin_button_set_value(GTK_SPIN_BUTTON(s), value);
    g_object_set_data(G_OBJECT(s), "field", (gpointer)field);
    g_signal_connect(s, "value-changed", G_CALLBACK(object_field_changed), self);
    return s;
}

static GtkWidget *dropdown(const char *const *items, guint selected, const char *field,
                           EditorProperties *self)
{
    GtkWidget *d = gtk_drop_down_new_from_strings(items);
    gtk_drop_down_set_selected(GTK_DROP_DOWN(d), selected);
    g_object_set_data(G_OBJECT(d), "field", (gpointer)field);
    g_signal_connect(d, "notify::selected", G_CALLBACK(object_field_changed), self);
    return d;
}

static GtkWidget *check(const char *label, gboolean active, const char *field,
                        EditorProperties *self)
{
    GtkWidget *c = gtk_check_button_new_with_label(label);
    gtk_check_button_set_active(GTK_CHECK_BUTTON(c), active);
    g_object_set_data(G_OBJECT(c), "field", (gpointer)field);
    g_signal_connect(c, "toggled", G_CALLBACK(object_field_changed), self);
    return c;
}

static void tile_field_changed(GtkWidget *w, EditorProperties *self)
{
    if (self->properties_dirty)
        return;
    const lw_level *l = level_of(self);
    uint16_t id = self->tools->brush_tile;
    if (id == LW_NONE || id >= l->tile_count)
        return;
    lw_tile t = l->tiles[id];
    const char *field = g_object_get_data(G_OBJECT(w), "field");
    if (g_str_equal(field, "art")) {
        int v = gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(w));
        t.art = v < 0 ? (uint16_t)LW_NONE : (uint16_t)v;
    } else if (g_str_equal(field, "mask-a") || g_str_equal(field, "mask-b")) {
        int v = gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(w));
        t.mask[field[5] == 'b'] = v < 0 ? (uint16_t)LW_NONE : (uint16_t)v;
    } else if (g_str_equal(field, "jump")) {
        t.flags = gtk_check_button_get_active(GTK_CHECK_BUTTON(w)) ? LW_TILE_JUMP_THROUGH : 0;
    }
    EditorCommand *cmd = editor_cmd_set_tile_new(self->doc, id, &t, NULL);
    if (cmd)
        editor_document_push(self->doc, cmd);
}

static GtkWidget *tile_spin(double lo, double hi, double value, const char *field,
                            EditorProperties *self)
{
    GtkWidget *s = gtk_spin_button_new_with_range(lo, hi, 1);
    gtk_editable_set_width_chars(GTK_EDITABLE(s), 6); /* fits the panel's fixed width */
    gtk_spin_button_set_value(GTK_SPIN_BUTTON(s), value);
    g_object_set_data(G_OBJECT(s), "field", (gpointer)field);
    g_signal_connect(s, "value-changed", G_CALLBACK(tile_field_changed), self);
    return s;
}

static void snap_clicked(GtkButton *b, EditorProperties *self)
{
    gtk_widget_activate_action(GTK_WIDGET(self), "win.snap-to-ground", NULL);
}

/* The brush tile, large: art on the left, its path A and B masks over it to the right. */
static void draw_tile_preview(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorProperties *self = user;
    uint16_t tile = self->tools->brush_tile;
    if (tile == LW_NONE || tile >= level_of(self)->tile_count)
        return;
    double size = MIN(h, 64);
    static const char *const captions[] = {"art", "path A", "path B"};
    for (int i = 0; i < 3; i++) {
        double x = i * (size + 18);
        cairo_set_source_rgb(cr, 0.22, 0.22, 0.25);
        cairo_rectangle(cr, x, 0, size, size);
        cairo_fill(cr);
        editor_renderer_draw_tile(self->renderer, cr, tile, x, 0, size, 0, i - 1);
        cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
        cairo_set_font_size(cr, 10);
        cairo_move_to(cr, x, size + 11);
        cairo_show_text(cr, captions[i]);
    }
}

static gboolean rebuild_properties_idle(gpointer data)
{
    EditorProperties *self = data;
    self->properties_idle = 0;
    editor_properties_rebuild_now(self);
    return G_SOURCE_REMOVE;
}

/* Rebuilt from an idle callback: a field's own signal (which pushed the command that changed
 * the level) must not destroy that field, and a drag's many moves rebuild the panel once. */
void editor_properties_queue_rebuild(EditorProperties *self)
{
    if (!self->properties_idle)
        self->properties_idle = g_idle_add(rebuild_properties_idle, self);
}

void editor_properties_rebuild_now(EditorProperties *self)
{
    if (!self->doc)
        return;
    GtkBox *box = GTK_BOX(self);
    const lw_level *l = level_of(self);
    self->properties_dirty = TRUE;
    clear_box(box);
    /* while a chunk is edited the panel is about its tiles, whatever object was selected */
    const lw_object *o =
        self->tools->editing_chunk ? NULL : lw_level_find_object(l, self->tools->selected_object);
    self->properties_object = o ? o->id : 0;
    if (o) {
        static const char *const kinds[] = {"Player start", "Path swapper", "Marker"};
        g_autofree char *title = g_strdup_printf("%s (id %u)", kinds[o->type], o->id);
        gtk_box_append(box, heading(title));
        row(GTK_WIDGET(box), "X (px)", spin(-65536, 131072, o->x, "x", self));
        row(GTK_WIDGET(box), "Y (px)", spin(-16384, 32768, o->y, "y", self));
        if (o->type == LW_OBJECT_PLAYER_START) {
            static const char *const facing[] = {"right", "left", NULL};
            row(GTK_WIDGET(box), "Facing", dropdown(facing, o->facing_left, "facing", self));
        } else if (o->type == LW_OBJECT_PATH_SWAPPER) {
            static const char *const orient[] = {"vertical", "horizontal", NULL};
            static const char *const radii[] = {"32", "64", "128", "256", NULL};
            static const char *const paths[] = {"A", "B", NULL};
            static const char *const prios[] = {"low", "high", NULL};
            const lw_path_swapper *sw = &o->swapper;
            guint r = sw->radius == 32 ? 0 : sw->radius == 64 ? 1 : sw->radius == 128 ? 2 : 3;
            row(GTK_WIDGET(box), "Orientation",
                dropdown(orient, sw->horizontal, "orientation", self));
            row(GTK_WIDGET(box), "Half-length", dropdown(radii, r, "radius", self));
            row(GTK_WIDGET(box), sw->horizontal ? "Path above" : "Path left",
                dropdown(paths, sw->path[0] & 1, "path0", self));
            row(GTK_WIDGET(box), sw->horizontal ? "Path below" : "Path right",
                dropdown(paths, sw->path[1] & 1, "path1", self));
            row(GTK_WIDGET(box), sw->horizontal ? "Priority above" : "Priority left",
                dropdown(prios, sw->priority[0] & 1, "prio0", self));
            row(GTK_WIDGET(box), sw->horizontal ? "Priority below" : "Priority right",
                dropdown(prios, sw->priority[1] & 1, "prio1", self));
            gtk_box_append(box, check("Only while grounded", sw->grounded_only, "grounded", self));
            gtk_box_append(box, check("Priority only (never the path)", sw->priority_only,
                                      "priority-only", self));
        } else {
            GtkWidget *e = gtk_entry_new();
            gtk_editable_set_text(GTK_EDITABLE(e), o->name ? o->name : "");
            g_object_set_data(G_OBJECT(e), "field", (gpointer) "name");
            g_signal_connect(e, "activate", G_CALLBACK(object_field_changed), self);
            row(GTK_WIDGET(box), "Name", e);
            editor_properties_object_fields(GTK_WIDGET(box), self->doc, o, row);
            gtk_box_append(box, gtk_label_new("Properties (key = value, one a line):"));
            GtkWidget *view = gtk_text_view_new();
            gtk_widget_set_size_request(view, -1, 90);
            g_autofree char *props_text = editor_object_properties_text(o);
            gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(view)), props_text, -1);
            g_object_set_data(G_OBJECT(view), "field", (gpointer) "props");
            g_object_set_data(G_OBJECT(view), "panel", self);
            GtkWidget *frame = gtk_frame_new(NULL);
            gtk_frame_set_child(GTK_FRAME(frame), view);
            gtk_box_append(box, frame);
            GtkWidget *apply = gtk_button_new_with_label("Apply Properties");
            g_signal_connect(apply, "clicked", G_CALLBACK(apply_props_clicked), view);
            gtk_box_append(box, apply);
        }
        GtkWidget *snap = gtk_button_new_with_label("Snap to Ground (Ctrl+Alt+G)");
        g_signal_connect(snap, "clicked", G_CALLBACK(snap_clicked), self);
        gtk_box_append(box, snap);
    } else if (self->tools->editing_chunk && self->tools->brush_tile != LW_NONE &&
               self->tools->brush_tile < l->tile_count) {
        const lw_tile *t = &l->tiles[self->tools->brush_tile];
        g_autofree guint *counts = g_new0(guint, l->tile_count);
        editor_level_tile_usage(l, counts);
        g_autofree char *title = g_strdup_printf(
            "Tile %u — used in %u cells", self->tools->brush_tile, counts[self->tools->brush_tile]);
        gtk_box_append(box, heading(title));
        GtkWidget *pic = gtk_drawing_area_new();
        gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(pic), 78);
        gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(pic), draw_tile_preview, self, NULL);
        gtk_box_append(box, pic);
        row(GTK_WIDGET(box), "Art cell",
            tile_spin(-1, MAX(editor_renderer_get_art_cell_count(self->renderer), 1u) - 1.0,
                      t->art == LW_NONE ? -1 : t->art, "art", self));
        row(GTK_WIDGET(box), "Mask path A",
            tile_spin(-1, MAX(l->mask_count, 1u) - 1.0, t->mask[0] == LW_NONE ? -1 : t->mask[0],
                      "mask-a", self));
        row(GTK_WIDGET(box), "Mask path B",
            tile_spin(-1, MAX(l->mask_count, 1u) - 1.0, t->mask[1] == LW_NONE ? -1 : t->mask[1],
                      "mask-b", self));
        GtkWidget *jt = gtk_check_button_new_with_label("Jump-through (top solid only)");
        gtk_check_button_set_active(GTK_CHECK_BUTTON(jt), t->flags & LW_TILE_JUMP_THROUGH);
        g_object_set_data(G_OBJECT(jt), "field", (gpointer) "jump");
        g_signal_connect(jt, "toggled", G_CALLBACK(tile_field_changed), self);
        gtk_box_append(box, jt);
        GtkWidget *note = gtk_label_new("-1 = none. Masks come from the level's mask pool.");
        gtk_label_set_wrap(GTK_LABEL(note), TRUE);
        gtk_label_set_xalign(GTK_LABEL(note), 0);
        gtk_box_append(box, note);
        GtkWidget *masks = gtk_button_new_with_label("Edit Masks and Angles… (Ctrl+M)");
        gtk_actionable_set_action_name(GTK_ACTIONABLE(masks), "win.mask-editor");
        gtk_box_append(box, masks);
    } else {
        g_autofree char *title = g_strdup_printf("%s", *l->name ? l->name : "Untitled level");
        gtk_box_append(box, heading(title));
        g_autofree char *info = g_strdup_printf(
            "%u x %u chunks of %u px (%d x %d px)\n%u chunks, %u tiles, %u masks, %u objects\n"
            "Tileset: %s%s\nProfile %s, character %s",
            l->layout_width, l->layout_height, l->chunk_px, lw_level_width_px(l),
            lw_level_height_px(l), l->chunk_count, l->tile_count, l->mask_count, l->object_count,
            l->tileset ? l->tileset : "none", self->tileset_error ? " (cannot be loaded)" : "",
            l->profile, l->character);
        GtkWidget *lab = gtk_label_new(info);
        gtk_label_set_xalign(GTK_LABEL(lab), 0);
        gtk_label_set_wrap(GTK_LABEL(lab), TRUE);
        gtk_box_append(box, lab);
        GtkWidget *b = gtk_button_new_with_label("Level Properties…");
        gtk_actionable_set_action_name(GTK_ACTIONABLE(b), "win.level-properties");
        gtk_box_append(box, b);
        GtkWidget *hint = gtk_label_new(
            "Select an object (Objects tool, O) to edit it; double-click a chunk to edit its "
            "tiles in place, then click a tile in the Tiles palette to edit the tile.");
        gtk_label_set_wrap(GTK_LABEL(hint), TRUE);
        gtk_label_set_xalign(GTK_LABEL(hint), 0);
        gtk_widget_add_css_class(hint, "dim-label");
        gtk_box_append(box, hint);
    }
    self->properties_dirty = FALSE;
}
