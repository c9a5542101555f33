/* SPDX-License-Identifier: MIT */
/* The loop table dialog (editor-loop-table.h). */
#define G_LOG_DOMAIN "editor-loop-table"

#include "editor-loop-table.h"

#include "doc/editor-commands-loops.h"

#include <stdlib.h>
#include <string.h>

#define PREVIEW_PX 40
#define DATA_KEY   "editor-loop-table-dialog"

/* One row's widgets (owned by the list box). */
typedef struct {
    GtkWidget *row;
    GtkSpinButton *chunk, *path_b;
    GtkDropDown *rule;
    GtkButton *remove;
    GtkDrawingArea *preview, *preview_b;
} LoopRow;

struct _EditorLoopTableDialog {
    GtkWindow parent_instance;
    /* Owned */
    EditorDocument *doc;
    GPtrArray *rows; /* LoopRow *, in table order */
    /* Borrowed */
    EditorRenderer *renderer; /* NULL once the parent window is gone */
    /* State */
    gboolean building; /* rows being set from the document: no command */
    GtkWindow *owner;  /* the window whose dialog this is (editor_loop_table_dialog_present) */
    /* Template widgets */
    GtkButton *add;
    GtkListBox *list;
    GtkLabel *problem;
};

G_DEFINE_FINAL_TYPE(EditorLoopTableDialog, editor_loop_table_dialog, GTK_TYPE_WINDOW)

/* The drop-down's items, in lw_loop_rule order. */
static const char *const rule_labels[] = {"none", "loop", "loop_grounded", "tunnel", NULL};

static const lw_level *level(EditorLoopTableDialog *self)
{
    return editor_document_get_level(self->doc);
}

/* ---- rows <-> entries ---- */

static void row_entry(const LoopRow *r, lw_loop_chunk *e)
{
    int b = gtk_spin_button_get_value_as_int(r->path_b);
    memset(e, 0, sizeof *e); /* the padding too: tables are compared with memcmp */
    e->chunk = (uint16_t)gtk_spin_button_get_value_as_int(r->chunk);
    e->path_b = b < 0 ? LW_NONE : (uint16_t)b;
    e->rule = (uint8_t)MIN(gtk_drop_down_get_selected(r->rule), (guint)LW_LOOP_TUNNEL);
}

static guint rows_entries(EditorLoopTableDialog *self, lw_loop_chunk *out)
{
    guint n = MIN(self->rows->len, (guint)LW_MAX_LOOP_CHUNKS);
    for (guint i = 0; i < n; i++)
        row_entry(g_ptr_array_index(self->rows, i), &out[i]);
    return n;
}

static void row_set(LoopRow *r, const lw_loop_chunk *e)
{
    gtk_spin_button_set_value(r->chunk, e->chunk);
    gtk_spin_button_set_value(r->path_b, e->path_b == LW_NONE ? -1 : e->path_b);
    gtk_drop_down_set_selected(r->rule, MIN(e->rule, (guint)LW_LOOP_TUNNEL));
    gtk_widget_queue_draw(GTK_WIDGET(r->preview));
    gtk_widget_queue_draw(GTK_WIDGET(r->preview_b));
}

/* ---- the problem line ---- */

static void mark_field(GtkWidget *w, gboolean bad)
{
    if (bad)
        gtk_widget_add_css_class(w, "error");
    else
        gtk_widget_remove_css_class(w, "error");
}

static void clear_problem(EditorLoopTableDialog *self)
{
    gtk_widget_set_visible(GTK_WIDGET(self->problem), FALSE);
    for (guint i = 0; i < self->rows->len; i++) {
        LoopRow *r = g_ptr_array_index(self->rows, i);
        mark_field(GTK_WIDGET(r->chunk), FALSE);
        mark_field(GTK_WIDGET(r->path_b), FALSE);
        mark_field(GTK_WIDGET(r->rule), FALSE);
    }
}

static void show_problem(EditorLoopTableDialog *self, GtkWidget *field, const char *text)
{
    gtk_label_set_text(self->problem, text);
    gtk_widget_set_visible(GTK_WIDGET(self->problem), TRUE);
    if (field)
        mark_field(field, TRUE);
}

/* The chunks past the level's, said in the dialog's own words (row numbers from 1, as shown);
 * TRUE when there is one. */
static gboolean check_past(EditorLoopTableDialog *self, const lw_loop_chunk *t, guint n)
{
    guint count = level(self)->chunk_count;
    for (guint i = 0; i < n; i++) {
        LoopRow *r = g_ptr_array_index(self->rows, i);
        gboolean past_b = t[i].path_b != LW_NONE && t[i].path_b >= count;
        if (t[i].chunk < count && !past_b)
            continue;
        g_autofree char *have =
            count ? g_strdup_printf("it has %u, numbered 0 to %u", count, count - 1)
                  : g_strdup("it has none");
        g_autofree char *text = g_strdup_printf(
            "Row %u: %s %u is past the level's chunks (%s). The table was not changed.", i + 1,
            past_b && t[i].chunk < count ? "path-B chunk" : "chunk",
            past_b && t[i].chunk < count ? t[i].path_b : t[i].chunk, have);
        show_problem(self, GTK_WIDGET(past_b && t[i].chunk < count ? r->path_b : r->chunk), text);
        return TRUE;
    }
    return FALSE;
}

/* Push the rows as the level's table (one command; nothing when it is the same table). */
static gboolean commit(EditorLoopTableDialog *self)
{
    if (self->building)
        return TRUE;
    clear_problem(self);
    lw_loop_chunk t[LW_MAX_LOOP_CHUNKS];
    guint n = rows_entries(self, t);
    if (check_past(self, t, n))
        return FALSE;
    g_autoptr(GError) error = NULL;
    EditorCommand *cmd = editor_cmd_set_loop_chunks_new(self->doc, t, n, &error);
    if (!cmd) {
        g_autofree char *text = g_strdup_printf("%s. The table was not changed.", error->message);
        text[0] = g_ascii_toupper(text[0]);
        /* the command numbers entries from 0: the row is the next one */
        const char *at = strstr(error->message, "entry ");
        guint row = at ? (guint)strtoul(at + 6, NULL, 10) : G_MAXUINT;
        GtkWidget *field = NULL;
        if (row < self->rows->len) {
            LoopRow *r = g_ptr_array_index(self->rows, row);
            field = strstr(error->message, "rule") ? GTK_WIDGET(r->rule) : GTK_WIDGET(r->chunk);
        }
        show_problem(self, field, text);
        return FALSE;
    }
    editor_document_push(self->doc, cmd);
    return TRUE;
}

/* ---- a row ---- */

static void draw_preview(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer user)
{
    EditorLoopTableDialog *self = user;
    GtkSpinButton *spin = g_object_get_data(G_OBJECT(area), "spin");
    GtkSpinButton *own = g_object_get_data(G_OBJECT(area), "own");
    int id = gtk_spin_button_get_value_as_int(spin);
    if (id < 0 && own) /* path B "own": the chunk's own cells */
        id = gtk_spin_button_get_value_as_int(own);
    const lw_level *l = level(self);
    cairo_set_source_rgb(cr, 0.16, 0.16, 0.18);
    cairo_paint(cr);
    if (!self->renderer || id < 0 || (guint)id >= l->chunk_count)
        return;
    cairo_surface_t *s = editor_renderer_get_chunk_surface(self->renderer, (guint)id);
    if (!s)
        return;
    double scale = (double)MIN(w, h) / l->chunk_px;
    cairo_scale(cr, scale, scale);
    cairo_set_source_surface(cr, s, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR);
    cairo_paint(cr);
}

static GtkDrawingArea *preview_new(EditorLoopTableDialog *self, GtkSpinButton *spin)
{
    GtkDrawingArea *area = GTK_DRAWING_AREA(gtk_drawing_area_new());
    gtk_drawing_area_set_content_width(area, PREVIEW_PX);
    gtk_drawing_area_set_content_height(area, PREVIEW_PX);
    gtk_widget_set_valign(GTK_WIDGET(area), GTK_ALIGN_CENTER);
    g_object_set_data(G_OBJECT(area), "spin", spin);
    gtk_drawing_area_set_draw_func(area, draw_preview, self, NULL);
    return area;
}

/* "own" for -1 in the path-B spin button, and back */
static gboolean path_b_output(GtkSpinButton *spin, gpointer user)
{
    int v = gtk_spin_button_get_value_as_int(spin);
    char buf[16];
    if (v < 0)
        g_strlcpy(buf, "own", sizeof buf);
    else
        g_snprintf(buf, sizeof buf, "%d", v);
    if (!g_str_equal(gtk_editable_get_text(GTK_EDITABLE(spin)), buf))
        gtk_editable_set_text(GTK_EDITABLE(spin), buf);
    return TRUE;
}

static int path_b_input(GtkSpinButton *spin, double *value, gpointer user)
{
    const char *text = gtk_editable_get_text(GTK_EDITABLE(spin));
    if (g_ascii_strcasecmp(text, "own") == 0 || !*text) {
        *value = -1;
        return TRUE;
    }
    char *end = NULL;
    long v = strtol(text, &end, 10);
    if (end == text || *end)
        return GTK_INPUT_ERROR;
    *value = (double)v;
    return TRUE;
}

static void on_field_changed(EditorLoopTableDialog *self)
{
    for (guint i = 0; i < self->rows->len; i++) {
        LoopRow *r = g_ptr_array_index(self->rows, i);
        gtk_widget_queue_draw(GTK_WIDGET(r->preview));
        gtk_widget_queue_draw(GTK_WIDGET(r->preview_b));
    }
    commit(self);
}

static void on_remove_clicked(GtkButton *button, EditorLoopTableDialog *self)
{
    for (guint i = 0; i < self->rows->len; i++)
        if (((LoopRow *)g_ptr_array_index(self->rows, i))->remove == button) {
            editor_loop_table_dialog_remove_row(self, i);
            return;
        }
}

static GtkSpinButton *spin_new(double lo, const char *tooltip)
{
    GtkSpinButton *spin = GTK_SPIN_BUTTON(gtk_spin_button_new_with_range(lo, LW_MAX_CHUNKS - 1, 1));
    gtk_spin_button_set_numeric(spin, lo >= 0);
    gtk_editable_set_width_chars(GTK_EDITABLE(spin), 5);
    gtk_widget_set_valign(GTK_WIDGET(spin), GTK_ALIGN_CENTER);
    gtk_widget_set_tooltip_text(GTK_WIDGET(spin), tooltip);
    return spin;
}

static LoopRow *row_new(EditorLoopTableDialog *self)
{
    LoopRow *r = g_new0(LoopRow, 1);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_margin_start(box, 8);
    gtk_widget_set_margin_end(box, 8);
    gtk_widget_set_margin_top(box, 4);
    gtk_widget_set_margin_bottom(box, 4);
    r->chunk = spin_new(0, "The chunk the layout slots hold");
    r->path_b = spin_new(-1, "The chunk whose cells give this chunk's path-B collision (own: "
                             "its own cells)");
    g_signal_connect(r->path_b, "output", G_CALLBACK(path_b_output), NULL);
    g_signal_connect(r->path_b, "input", G_CALLBACK(path_b_input), NULL);
    r->preview = preview_new(self, r->chunk);
    r->preview_b = preview_new(self, r->path_b);
    g_object_set_data(G_OBJECT(r->preview_b), "own", r->chunk);
    r->rule = GTK_DROP_DOWN(gtk_drop_down_new_from_strings(rule_labels));
    gtk_widget_set_valign(GTK_WIDGET(r->rule), GTK_ALIGN_CENTER);
    gtk_widget_set_hexpand(GTK_WIDGET(r->rule), TRUE);
    gtk_widget_set_halign(GTK_WIDGET(r->rule), GTK_ALIGN_START);
    r->remove = GTK_BUTTON(gtk_button_new_from_icon_name("list-remove-symbolic"));
    gtk_widget_set_tooltip_text(GTK_WIDGET(r->remove), "Remove the row");
    gtk_widget_set_valign(GTK_WIDGET(r->remove), GTK_ALIGN_CENTER);
    GtkWidget *parts[] = {GTK_WIDGET(r->preview), GTK_WIDGET(r->chunk), GTK_WIDGET(r->preview_b),
                          GTK_WIDGET(r->path_b),  GTK_WIDGET(r->rule),  GTK_WIDGET(r->remove)};
    for (guint i = 0; i < G_N_ELEMENTS(parts); i++)
        gtk_box_append(GTK_BOX(box), parts[i]);
    r->row = gtk_list_box_row_new();
    gtk_list_box_row_set_activatable(GTK_LIST_BOX_ROW(r->row), FALSE);
    gtk_list_box_row_set_child(GTK_LIST_BOX_ROW(r->row), box);
    g_signal_connect_swapped(r->chunk, "value-changed", G_CALLBACK(on_field_changed), self);
    g_signal_connect_swapped(r->path_b, "value-changed", G_CALLBACK(on_field_changed), self);
    g_signal_connect_swapped(r->rule, "notify::selected", G_CALLBACK(on_field_changed), self);
    g_signal_connect(r->remove, "clicked", G_CALLBACK(on_remove_clicked), self);
    return r;
}

static void row_append(EditorLoopTableDialog *self, const lw_loop_chunk *e)
{
    LoopRow *r = row_new(self);
    gboolean was = self->building;
    self->building = TRUE;
    row_set(r, e);
    self->building = was;
    gtk_list_box_append(self->list, r->row);
    g_ptr_array_add(self->rows, r);
}

static void row_drop(EditorLoopTableDialog *self, guint i)
{
    LoopRow *r = g_ptr_array_index(self->rows, i);
    gtk_list_box_remove(self->list, r->row);
    g_ptr_array_remove_index(self->rows, i);
}

/* ---- following the document ---- */

/* The rows from the level's table (the rows' own edits aside, when they say the same). */
static void sync_rows(EditorLoopTableDialog *self)
{
    const lw_level *l = level(self);
    lw_loop_chunk t[LW_MAX_LOOP_CHUNKS];
    guint n = rows_entries(self, t);
    for (guint i = 0; i < self->rows->len; i++) {
        LoopRow *r = g_ptr_array_index(self->rows, i);
        gtk_widget_queue_draw(GTK_WIDGET(r->preview));
        gtk_widget_queue_draw(GTK_WIDGET(r->preview_b));
    }
    if (n == l->loop_chunk_count && self->rows->len == n &&
        (n == 0 || memcmp(t, l->loop_chunks, n * sizeof t[0]) == 0))
        return;
    self->building = TRUE;
    clear_problem(self);
    while (self->rows->len > l->loop_chunk_count)
        row_drop(self, self->rows->len - 1);
    for (guint i = 0; i < l->loop_chunk_count; i++) {
        if (i < self->rows->len)
            row_set(g_ptr_array_index(self->rows, i), &l->loop_chunks[i]);
        else
            row_append(self, &l->loop_chunks[i]);
    }
    self->building = FALSE;
}

static void on_doc_changed(EditorDocument *doc, const EditorChange *change,
                           EditorLoopTableDialog *self)
{
    sync_rows(self);
}

static void forget_dialog(gpointer parent, GObject *gone);

static void on_parent_destroy(GtkWidget *parent, EditorLoopTableDialog *self)
{
    self->renderer = NULL;
    if (self->owner) {
        g_object_weak_unref(G_OBJECT(self), forget_dialog, self->owner);
        g_object_steal_data(G_OBJECT(self->owner), DATA_KEY);
        self->owner = NULL;
    }
}

/* ---- the public functions ---- */

guint editor_loop_table_dialog_get_n_rows(EditorLoopTableDialog *self)
{
    g_return_val_if_fail(EDITOR_IS_LOOP_TABLE_DIALOG(self), 0);
    return self->rows->len;
}

gboolean editor_loop_table_dialog_get_row(EditorLoopTableDialog *self, guint row,
                                          lw_loop_chunk *entry)
{
    g_return_val_if_fail(EDITOR_IS_LOOP_TABLE_DIALOG(self), FALSE);
    if (row >= self->rows->len)
        return FALSE;
    row_entry(g_ptr_array_index(self->rows, row), entry);
    return TRUE;
}

gboolean editor_loop_table_dialog_set_row(EditorLoopTableDialog *self, guint row,
                                          const lw_loop_chunk *entry)
{
    g_return_val_if_fail(EDITOR_IS_LOOP_TABLE_DIALOG(self), FALSE);
    if (row >= self->rows->len)
        return FALSE;
    self->building = TRUE;
    row_set(g_ptr_array_index(self->rows, row), entry);
    self->building = FALSE;
    return commit(self);
}

gboolean editor_loop_table_dialog_add_row(EditorLoopTableDialog *self)
{
    g_return_val_if_fail(EDITOR_IS_LOOP_TABLE_DIALOG(self), FALSE);
    const lw_level *l = level(self);
    clear_problem(self);
    if (self->rows->len >= LW_MAX_LOOP_CHUNKS) {
        g_autofree char *text = g_strdup_printf(
            "The table is full: a level holds at most %u loop chunks.", (guint)LW_MAX_LOOP_CHUNKS);
        show_problem(self, NULL, text);
        return FALSE;
    }
    lw_loop_chunk t[LW_MAX_LOOP_CHUNKS];
    guint n = rows_entries(self, t);
    lw_loop_chunk e = {LW_NONE, LW_NONE,
                       (uint8_t)(l->chunk_px == 256 ? LW_LOOP_LOOP : LW_LOOP_NONE)};
    /* chunk 0 is most often the empty one: from 1, then 0 */
    for (guint k = 0; k < l->chunk_count && e.chunk == LW_NONE; k++) {
        guint c = (k + 1) % l->chunk_count;
        gboolean taken = FALSE;
        for (guint i = 0; i < n; i++)
            taken |= t[i].chunk == c;
        if (!taken)
            e.chunk = (uint16_t)c;
    }
    if (e.chunk == LW_NONE) {
        show_problem(self, NULL,
                     l->chunk_count ? "Every chunk of the level has a row already."
                                    : "The level has no chunks.");
        return FALSE;
    }
    row_append(self, &e);
    if (!commit(self)) {
        row_drop(self, self->rows->len - 1);
        return FALSE;
    }
    return TRUE;
}

gboolean editor_loop_table_dialog_remove_row(EditorLoopTableDialog *self, guint row)
{
    g_return_val_if_fail(EDITOR_IS_LOOP_TABLE_DIALOG(self), FALSE);
    if (row >= self->rows->len)
        return FALSE;
    row_drop(self, row);
    commit(self);
    return TRUE;
}

GtkWidget *editor_loop_table_dialog_get_field(EditorLoopTableDialog *self, guint row,
                                              EditorLoopField field)
{
    g_return_val_if_fail(EDITOR_IS_LOOP_TABLE_DIALOG(self), NULL);
    if (row >= self->rows->len)
        return NULL;
    LoopRow *r = g_ptr_array_index(self->rows, row);
    switch (field) {
    case EDITOR_LOOP_FIELD_CHUNK:
        return GTK_WIDGET(r->chunk);
    case EDITOR_LOOP_FIELD_PATH_B:
        return GTK_WIDGET(r->path_b);
    case EDITOR_LOOP_FIELD_RULE:
        return GTK_WIDGET(r->rule);
    case EDITOR_LOOP_FIELD_REMOVE:
        return GTK_WIDGET(r->remove);
    }
    return NULL;
}

const char *editor_loop_table_dialog_get_problem(EditorLoopTableDialog *self)
{
    g_return_val_if_fail(EDITOR_IS_LOOP_TABLE_DIALOG(self), NULL);
    return gtk_widget_get_visible(GTK_WIDGET(self->problem)) ? gtk_label_get_text(self->problem)
                                                             : NULL;
}

/* ---- the type ---- */

static void on_add_clicked(GtkButton *b, EditorLoopTableDialog *self)
{
    editor_loop_table_dialog_add_row(self);
}

static void editor_loop_table_dialog_dispose(GObject *object)
{
    EditorLoopTableDialog *self = EDITOR_LOOP_TABLE_DIALOG(object);
    self->renderer = NULL;
    G_OBJECT_CLASS(editor_loop_table_dialog_parent_class)->dispose(object);
}

static void editor_loop_table_dialog_finalize(GObject *object)
{
    EditorLoopTableDialog *self = EDITOR_LOOP_TABLE_DIALOG(object);
    g_ptr_array_unref(self->rows);
    g_clear_object(&self->doc);
    G_OBJECT_CLASS(editor_loop_table_dialog_parent_class)->finalize(object);
}

static void editor_loop_table_dialog_init(EditorLoopTableDialog *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    self->rows = g_ptr_array_new_with_free_func(g_free);
    g_signal_connect(self->add, "clicked", G_CALLBACK(on_add_clicked), self);
}

static void editor_loop_table_dialog_class_init(EditorLoopTableDialogClass *klass)
{
    GtkWidgetClass *wc = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = editor_loop_table_dialog_dispose;
    G_OBJECT_CLASS(klass)->finalize = editor_loop_table_dialog_finalize;
    gtk_widget_class_set_template_from_resource(
        wc, "/io/github/loopwright/Loopwright/editor-loop-table.ui");
    gtk_widget_class_bind_template_child(wc, EditorLoopTableDialog, add);
    gtk_widget_class_bind_template_child_full(wc, "rows", FALSE,
                                              G_STRUCT_OFFSET(EditorLoopTableDialog, list));
    gtk_widget_class_bind_template_child(wc, EditorLoopTableDialog, problem);
    gtk_widget_class_add_binding_action(wc, GDK_KEY_Escape, 0, "window.close", NULL);
}

EditorLoopTableDialog *editor_loop_table_dialog_new(GtkWindow *parent, EditorDocument *doc,
                                                    EditorRenderer *renderer)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(doc), NULL);
    EditorLoopTableDialog *self =
        g_object_new(EDITOR_TYPE_LOOP_TABLE_DIALOG, "transient-for", parent, NULL);
    self->doc = g_object_ref(doc);
    self->renderer = renderer;
    if (parent)
        g_signal_connect_object(parent, "destroy", G_CALLBACK(on_parent_destroy), self, 0);
    g_signal_connect_object(doc, "changed", G_CALLBACK(on_doc_changed), self, 0);
    sync_rows(self);
    return self;
}

EditorLoopTableDialog *editor_loop_table_dialog_find(GtkWindow *parent)
{
    g_return_val_if_fail(GTK_IS_WINDOW(parent), NULL);
    return g_object_get_data(G_OBJECT(parent), DATA_KEY);
}

static void forget_dialog(gpointer parent, GObject *gone)
{
    if (g_object_get_data(G_OBJECT(parent), DATA_KEY) == (gpointer)gone)
        g_object_steal_data(G_OBJECT(parent), DATA_KEY);
}

EditorLoopTableDialog *editor_loop_table_dialog_present(GtkWindow *parent, EditorDocument *doc,
                                                        EditorRenderer *renderer)
{
    g_return_val_if_fail(GTK_IS_WINDOW(parent), NULL);
    EditorLoopTableDialog *self = editor_loop_table_dialog_find(parent);
    if (!self) {
        self = editor_loop_table_dialog_new(parent, doc, renderer);
        g_object_set_data(G_OBJECT(parent), DATA_KEY, self);
        g_object_weak_ref(G_OBJECT(self), forget_dialog, parent);
        self->owner = parent;
    }
    gtk_window_present(GTK_WINDOW(self));
    return self;
}
