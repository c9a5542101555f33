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
    /* Template widgets */
    GtkLabel *title;
    GtkStack *pages;
    GtkSpinButton *object_x, *object_y;
    GtkWidget *start_box, *swapper_box, *marker_box;
    GtkDropDown *facing, *orientation, *radius, *path0, *path1, *prio0, *prio1;
    GtkLabel *path0_label, *path1_label, *prio0_label, *prio1_label;
    GtkCheckButton *grounded, *priority_only;
    GtkEntry *name_entry;
    GtkBox *object_fields; /* a game object's own properties (editor-properties-object.c) */
    GtkTextView *props_view;
    GtkButton *apply_props;
    GtkDrawingArea *tile_preview;
    GtkSpinButton *art, *mask_a, *mask_b;
    GtkCheckButton *jump;
    GtkLabel *level_info;
    /* State */
    guint32 shown_object; /* object the panel shows, 0 = none */
    gboolean updating;    /* the fields are being set from the level: their signals are not edits */
    guint rebuild_idle;   /* a rebuild is scheduled */
};

enum { SIGNAL_EDITED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(EditorProperties, editor_properties, GTK_TYPE_BOX)

static const lw_level *level_of(EditorProperties *self)
{
    return editor_document_get_level(self->doc);
}

/* Push @cmd (NULL: the edit changes nothing) and tell who listens. */
static void push_edit(EditorProperties *self, const char *field, EditorCommand *cmd)
{
    if (!cmd)
        return;
    g_autofree char *label = g_strdup(cmd->label);
    editor_document_push(self->doc, cmd);
    g_signal_emit(self, signals[SIGNAL_EDITED], 0, field, label);
}

/* ---- the object page ---- */

static guint selected(GtkDropDown *d)
{
    return gtk_drop_down_get_selected(d);
}

/* Every field of the object page is named after what it edits (the template's names). */
static void object_field_changed(GtkWidget *w, EditorProperties *self)
{
    if (self->updating || !self->doc)
        return;
    const lw_object *cur = lw_level_find_object(level_of(self), self->shown_object);
    if (!cur)
        return;
    lw_object o = {0};
    lw_object_copy(&o, cur);
    const char *field = gtk_widget_get_name(w);
    lw_path_swapper *sw = &o.swapper;
    if (g_str_equal(field, "object-x"))
        o.x = gtk_spin_button_get_value_as_int(self->object_x);
    else if (g_str_equal(field, "object-y"))
        o.y = gtk_spin_button_get_value_as_int(self->object_y);
    else if (g_str_equal(field, "facing"))
        o.facing_left = selected(self->facing) == 1;
    else if (g_str_equal(field, "orientation"))
        sw->horizontal = selected(self->orientation) == 1;
    else if (g_str_equal(field, "radius"))
        sw->radius = (uint16_t)(32u << MIN(selected(self->radius), 3u));
    else if (g_str_equal(field, "path0"))
        sw->path[0] = (uint8_t)selected(self->path0);
    else if (g_str_equal(field, "path1"))
        sw->path[1] = (uint8_t)selected(self->path1);
    else if (g_str_equal(field, "prio0"))
        sw->priority[0] = (uint8_t)selected(self->prio0);
    else if (g_str_equal(field, "prio1"))
        sw->priority[1] = (uint8_t)selected(self->prio1);
    else if (g_str_equal(field, "grounded"))
        sw->grounded_only = gtk_check_button_get_active(self->grounded);
    else if (g_str_equal(field, "priority-only"))
        sw->priority_only = gtk_check_button_get_active(self->priority_only);
    else if (g_str_equal(field, "name")) {
        const char *t = gtk_editable_get_text(GTK_EDITABLE(self->name_entry));
        if (*t)
            lw_object_set_name(&o, t);
    } else if (g_str_equal(field, "props")) {
        /* "key = value" lines */
        GtkTextBuffer *buf = gtk_text_view_get_buffer(self->props_view);
        GtkTextIter a, b;
        gtk_text_buffer_get_bounds(buf, &a, &b);
        g_autofree char *text = gtk_text_buffer_get_text(buf, &a, &b, FALSE);
        editor_object_set_properties_text(&o, text);
    }
    push_edit(self, field, editor_cmd_set_object_new(self->doc, &o, NULL));
    lw_object_clear(&o);
}

static void dropdown_changed(GtkWidget *w, GParamSpec *pspec, EditorProperties *self)
{
    object_field_changed(w, self);
}

static void apply_props_clicked(GtkButton *b, EditorProperties *self)
{
    object_field_changed(GTK_WIDGET(self->props_view), self);
}

static void object_prop_edited(gpointer user, const char *key, const char *label)
{
    EditorProperties *self = user;
    g_autofree char *field = g_strconcat("prop-", key, NULL);
    g_signal_emit(self, signals[SIGNAL_EDITED], 0, field, label);
}

static void show_object(EditorProperties *self, const lw_object *o)
{
    static const char *const kinds[] = {"Player start", "Path swapper", "Marker"};
    g_autofree char *title = g_markup_printf_escaped("<b>%s (id %u)</b>", kinds[o->type], o->id);
    gtk_label_set_markup(self->title, title);
    gtk_spin_button_set_value(self->object_x, o->x);
    gtk_spin_button_set_value(self->object_y, o->y);
    gtk_widget_set_visible(self->start_box, o->type == LW_OBJECT_PLAYER_START);
    gtk_widget_set_visible(self->swapper_box, o->type == LW_OBJECT_PATH_SWAPPER);
    gtk_widget_set_visible(self->marker_box, o->type == LW_OBJECT_MARKER);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->object_fields))))
        gtk_box_remove(self->object_fields, child);
    if (o->type == LW_OBJECT_PLAYER_START) {
        gtk_drop_down_set_selected(self->facing, o->facing_left);
    } else if (o->type == LW_OBJECT_PATH_SWAPPER) {
        const lw_path_swapper *sw = &o->swapper;
        guint r = sw->radius == 32 ? 0 : sw->radius == 64 ? 1 : sw->radius == 128 ? 2 : 3;
        gtk_drop_down_set_selected(self->orientation, sw->horizontal);
        gtk_drop_down_set_selected(self->radius, r);
        gtk_drop_down_set_selected(self->path0, sw->path[0] & 1);
        gtk_drop_down_set_selected(self->path1, sw->path[1] & 1);
        gtk_drop_down_set_selected(self->prio0, sw->priority[0] & 1);
        gtk_drop_down_set_selected(self->prio1, sw->priority[1] & 1);
        gtk_label_set_text(self->path0_label, sw->horizontal ? "Path above" : "Path left");
        gtk_label_set_text(self->path1_label, sw->horizontal ? "Path below" : "Path right");
        gtk_label_set_text(self->prio0_label, sw->horizontal ? "Priority above" : "Priority left");
        gtk_label_set_text(self->prio1_label, sw->horizontal ? "Priority below" : "Priority right");
        gtk_check_button_set_active(self->grounded, sw->grounded_only);
        gtk_check_button_set_active(self->priority_only, sw->priority_only);
    } else {
        gtk_editable_set_text(GTK_EDITABLE(self->name_entry), o->name ? o->name : "");
        editor_properties_object_fields(GTK_WIDGET(self->object_fields), self->doc, o,
                                        object_prop_edited, self);
        g_autofree char *props_text = editor_object_properties_text(o);
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(self->props_view), props_text, -1);
    }
    gtk_stack_set_visible_child_name(self->pages, "object");
}

/* ---- the tile page ---- */

static void tile_field_changed(GtkWidget *w, EditorProperties *self)
{
    if (self->updating || !self->doc)
        return;
    const lw_level *l = level_of(self);
    uint16_t id = self->tools->brush_tile;
    if (id == LW_NONE || id >= l->tile_count)
        return;
    lw_tile t = l->tiles[id];
    const char *field = gtk_widget_get_name(w);
    if (g_str_equal(field, "art")) {
        int v = gtk_spin_button_get_value_as_int(self->art);
        t.art = v < 0 ? (uint16_t)LW_NONE : (uint16_t)v;
    } else if (g_str_equal(field, "mask-a") || g_str_equal(field, "mask-b")) {
        int v = gtk_spin_button_get_value_as_int(GTK_SPIN_BUTTON(w));
        t.mask[field[5] == 'b'] = v < 0 ? (uint16_t)LW_NONE : (uint16_t)v;
    } else if (g_str_equal(field, "jump")) {
        t.flags = gtk_check_button_get_active(self->jump) ? LW_TILE_JUMP_THROUGH : 0;
    }
    push_edit(self, field, editor_cmd_set_tile_new(self->doc, id, &t, NULL));
}

/* The brush tile, large: art on the left, its path A and B masks over it to the right. */
static void draw_tile_preview(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorProperties *self = user;
    if (!self->doc)
        return;
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

static void set_id_spin(GtkSpinButton *s, guint count, uint16_t value)
{
    gtk_spin_button_set_range(s, -1, MAX(count, 1u) - 1.0);
    gtk_spin_button_set_value(s, value == LW_NONE ? -1 : value);
}

static void show_tile(EditorProperties *self, uint16_t id)
{
    const lw_level *l = level_of(self);
    const lw_tile *t = &l->tiles[id];
    g_autofree guint *counts = g_new0(guint, l->tile_count);
    editor_level_tile_usage(l, counts);
    g_autofree char *title =
        g_markup_printf_escaped("<b>Tile %u — used in %u cells</b>", id, counts[id]);
    gtk_label_set_markup(self->title, title);
    set_id_spin(self->art, editor_renderer_get_art_cell_count(self->renderer), t->art);
    set_id_spin(self->mask_a, l->mask_count, t->mask[0]);
    set_id_spin(self->mask_b, l->mask_count, t->mask[1]);
    gtk_check_button_set_active(self->jump, t->flags & LW_TILE_JUMP_THROUGH);
    gtk_widget_queue_draw(GTK_WIDGET(self->tile_preview));
    gtk_stack_set_visible_child_name(self->pages, "tile");
}

/* ---- the level page ---- */

static void show_level(EditorProperties *self)
{
    const lw_level *l = level_of(self);
    g_autofree char *title =
        g_markup_printf_escaped("<b>%s</b>", *l->name ? l->name : "Untitled level");
    gtk_label_set_markup(self->title, title);
    g_autofree char *info = g_strdup_printf(
        "%u x %u chunks of %u px (%d x %d px)\n%u chunks, %u tiles, %u masks, %u objects\n"
        "Tileset: %s%s\nProfile %s, character %s",
        l->layout_width, l->layout_height, l->chunk_px, lw_level_width_px(l), lw_level_height_px(l),
        l->chunk_count, l->tile_count, l->mask_count, l->object_count,
        l->tileset ? l->tileset : "none", self->tileset_error ? " (cannot be loaded)" : "",
        l->profile, l->character);
    gtk_label_set_text(self->level_info, info);
    gtk_stack_set_visible_child_name(self->pages, "level");
}

void editor_properties_rebuild_now(EditorProperties *self)
{
    g_return_if_fail(EDITOR_IS_PROPERTIES(self));
    g_clear_handle_id(&self->rebuild_idle, g_source_remove);
    if (!self->doc)
        return;
    const lw_level *l = level_of(self);
    self->updating = TRUE;
    /* while a chunk is edited the panel is about its tiles, whatever object was selected */
    const lw_object *o =
        self->tools->editing_chunk ? NULL : lw_level_find_object(l, self->tools->selected_object);
    self->shown_object = o ? o->id : 0;
    if (o)
        show_object(self, o);
    else if (self->tools->editing_chunk && self->tools->brush_tile != LW_NONE &&
             self->tools->brush_tile < l->tile_count)
        show_tile(self, self->tools->brush_tile);
    else
        show_level(self);
    self->updating = FALSE;
}

static gboolean rebuild_idle(gpointer data)
{
    EditorProperties *self = data;
    self->rebuild_idle = 0;
    editor_properties_rebuild_now(self);
    return G_SOURCE_REMOVE;
}

/* From an idle callback: a field's own signal (which pushed the command that changed the level)
 * must not have its page rebuilt under it, and a drag's many moves refresh the panel once. */
void editor_properties_queue_rebuild(EditorProperties *self)
{
    g_return_if_fail(EDITOR_IS_PROPERTIES(self));
    if (!self->rebuild_idle)
        self->rebuild_idle = g_idle_add(rebuild_idle, self);
}

static void on_doc_changed(EditorProperties *self, EditorChange *change)
{
    if (change->flags &
        (EDITOR_CHANGE_OBJECTS | EDITOR_CHANGE_TILES | EDITOR_CHANGE_MASKS |
         EDITOR_CHANGE_EVERYTHING | EDITOR_CHANGE_COUNTS | EDITOR_CHANGE_PROPERTIES))
        editor_properties_queue_rebuild(self);
}

/* ---- lifetime ---- */

static void editor_properties_dispose(GObject *object)
{
    EditorProperties *self = EDITOR_PROPERTIES(object);
    g_clear_handle_id(&self->rebuild_idle, g_source_remove);
    self->doc = NULL; /* its handler goes with this panel (g_signal_connect_object) */
    gtk_widget_dispose_template(GTK_WIDGET(self), EDITOR_TYPE_PROPERTIES);
    G_OBJECT_CLASS(editor_properties_parent_class)->dispose(object);
}

static void editor_properties_finalize(GObject *object)
{
    g_free(EDITOR_PROPERTIES(object)->tileset_error);
    G_OBJECT_CLASS(editor_properties_parent_class)->finalize(object);
}

#define BIND(name) gtk_widget_class_bind_template_child(widget_class, EditorProperties, name)

static void editor_properties_class_init(EditorPropertiesClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = editor_properties_dispose;
    G_OBJECT_CLASS(klass)->finalize = editor_properties_finalize;
    /**
     * EditorProperties::edited:
     * @field: what was edited (a field name of editor_properties_edit)
     * @label: the undo label of the command pushed
     *
     * Emitted after an edit in the panel pushed its command on the document.
     */
    signals[SIGNAL_EDITED] =
        g_signal_new("edited", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
    gtk_widget_class_set_template_from_resource(
        widget_class, "/io/github/loopwright/Loopwright/editor-properties.ui");
    BIND(title);
    BIND(pages);
    BIND(object_x);
    BIND(object_y);
    BIND(start_box);
    BIND(swapper_box);
    BIND(marker_box);
    BIND(facing);
    BIND(orientation);
    BIND(radius);
    BIND(path0);
    BIND(path1);
    BIND(prio0);
    BIND(prio1);
    BIND(path0_label);
    BIND(path1_label);
    BIND(prio0_label);
    BIND(prio1_label);
    BIND(grounded);
    BIND(priority_only);
    BIND(name_entry);
    BIND(object_fields);
    BIND(props_view);
    BIND(apply_props);
    BIND(tile_preview);
    BIND(art);
    BIND(mask_a);
    BIND(mask_b);
    BIND(jump);
    BIND(level_info);
}

static void editor_properties_init(EditorProperties *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    GtkSpinButton *object_spins[] = {self->object_x, self->object_y};
    for (guint i = 0; i < G_N_ELEMENTS(object_spins); i++)
        g_signal_connect(object_spins[i], "value-changed", G_CALLBACK(object_field_changed), self);
    GtkDropDown *drops[] = {self->facing, self->orientation, self->radius, self->path0,
                            self->path1,  self->prio0,       self->prio1};
    for (guint i = 0; i < G_N_ELEMENTS(drops); i++)
        g_signal_connect(drops[i], "notify::selected", G_CALLBACK(dropdown_changed), self);
    g_signal_connect(self->grounded, "toggled", G_CALLBACK(object_field_changed), self);
    g_signal_connect(self->priority_only, "toggled", G_CALLBACK(object_field_changed), self);
    g_signal_connect(self->name_entry, "activate", G_CALLBACK(object_field_changed), self);
    g_signal_connect(self->apply_props, "clicked", G_CALLBACK(apply_props_clicked), self);
    GtkSpinButton *tile_spins[] = {self->art, self->mask_a, self->mask_b};
    for (guint i = 0; i < G_N_ELEMENTS(tile_spins); i++)
        g_signal_connect(tile_spins[i], "value-changed", G_CALLBACK(tile_field_changed), self);
    g_signal_connect(self->jump, "toggled", G_CALLBACK(tile_field_changed), self);
    gtk_drawing_area_set_draw_func(self->tile_preview, draw_tile_preview, self, NULL);
}

/* ---- API ---- */

void editor_properties_set_context(EditorProperties *self, EditorDocument *doc,
                                   EditorRenderer *renderer, EditorTools *tools)
{
    g_return_if_fail(EDITOR_IS_PROPERTIES(self));
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    self->doc = doc;
    self->renderer = renderer;
    self->tools = tools;
    if (doc)
        g_signal_connect_object(doc, "changed", G_CALLBACK(on_doc_changed), self,
                                G_CONNECT_SWAPPED);
    editor_properties_rebuild_now(self);
}

void editor_properties_set_tileset_error(EditorProperties *self, const char *error)
{
    g_return_if_fail(EDITOR_IS_PROPERTIES(self));
    g_free(self->tileset_error);
    self->tileset_error = g_strdup(error);
}

const char *editor_properties_get_page(EditorProperties *self)
{
    g_return_val_if_fail(EDITOR_IS_PROPERTIES(self), NULL);
    return gtk_stack_get_visible_child_name(self->pages);
}

const char *editor_properties_get_title(EditorProperties *self)
{
    g_return_val_if_fail(EDITOR_IS_PROPERTIES(self), NULL);
    return gtk_label_get_text(self->title);
}

static GtkWidget *find_named(GtkWidget *w, const char *name)
{
    if (g_strcmp0(gtk_widget_get_name(w), name) == 0)
        return w;
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *found = find_named(c, name);
        if (found)
            return found;
    }
    return NULL;
}

/* A shown field of the visible page named @field (hidden rows do not count). */
static GtkWidget *shown_field(EditorProperties *self, const char *field)
{
    GtkWidget *w = find_named(gtk_stack_get_visible_child(self->pages), field);
    for (GtkWidget *p = w; p && p != GTK_WIDGET(self); p = gtk_widget_get_parent(p))
        if (!gtk_widget_get_visible(p))
            return NULL;
    return w;
}

static gboolean parse_int(const char *value, int *out)
{
    char *end;
    long v = strtol(value, &end, 10);
    if (end == value || *end || v < G_MININT || v > G_MAXINT)
        return FALSE;
    *out = (int)v;
    return TRUE;
}

gboolean editor_properties_edit(EditorProperties *self, const char *field, const char *value)
{
    g_return_val_if_fail(EDITOR_IS_PROPERTIES(self), FALSE);
    editor_properties_rebuild_now(self); /* the page shows the level as it is now */
    GtkWidget *w = shown_field(self, field);
    int n;
    if (!w || !gtk_widget_is_sensitive(w))
        return FALSE;
    if (GTK_IS_SPIN_BUTTON(w)) {
        double lo, hi;
        gtk_spin_button_get_range(GTK_SPIN_BUTTON(w), &lo, &hi);
        if (!parse_int(value, &n) || n < lo || n > hi)
            return FALSE;
        gtk_spin_button_set_value(GTK_SPIN_BUTTON(w), n);
    } else if (GTK_IS_DROP_DOWN(w)) {
        GListModel *items = gtk_drop_down_get_model(GTK_DROP_DOWN(w));
        guint i = 0, count = g_list_model_get_n_items(items);
        while (i < count &&
               g_strcmp0(gtk_string_list_get_string(GTK_STRING_LIST(items), i), value) != 0)
            i++;
        if (i == count)
            return FALSE;
        gtk_drop_down_set_selected(GTK_DROP_DOWN(w), i);
    } else if (GTK_IS_CHECK_BUTTON(w)) {
        if (!parse_int(value, &n) || (n != 0 && n != 1))
            return FALSE;
        gtk_check_button_set_active(GTK_CHECK_BUTTON(w), n);
    } else if (GTK_IS_ENTRY(w)) {
        gtk_editable_set_text(GTK_EDITABLE(w), value);
        g_signal_emit_by_name(w, "activate");
    } else if (GTK_IS_TEXT_VIEW(w)) {
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(w)), value, -1);
        g_signal_emit_by_name(self->apply_props, "clicked");
    } else {
        return FALSE;
    }
    return TRUE;
}
