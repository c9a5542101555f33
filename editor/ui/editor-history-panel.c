/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-history"

#include "editor-history-panel.h"

struct _EditorHistoryPanel {
    GtkBox parent_instance;
    /* Borrowed */
    EditorDocument *doc;
    /* Template widgets */
    GtkListBox *list;
    /* State */
    guint rows;
    gboolean updating; /* rows being set: a selection is not the user's */
};

enum { SIGNAL_MOVED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(EditorHistoryPanel, editor_history_panel, GTK_TYPE_BOX)

static void row_selected(GtkListBox *list, GtkListBoxRow *r, EditorHistoryPanel *self)
{
    if (self->updating || !r || !self->doc)
        return;
    guint index = (guint)gtk_list_box_row_get_index(r);
    editor_document_set_history_index(self->doc, index);
    g_signal_emit(self, signals[SIGNAL_MOVED], 0, index);
}

static GtkWidget *new_row_label(const char *text, const EditorCommand *cmd)
{
    GtkWidget *l = gtk_label_new(text);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    g_object_set_data(G_OBJECT(l), "cmd", (gpointer)cmd);
    return l;
}

/* Row 0 is the state the level was opened in; row i + 1 is after command i. */
static void update(EditorHistoryPanel *self)
{
    if (!self->doc)
        return;
    EditorUndoStack *stack = editor_document_get_undo_stack(self->doc);
    guint n = editor_undo_stack_get_count(stack);
    self->updating = TRUE;
    if (self->rows == 0) {
        gtk_list_box_append(self->list, new_row_label("Opened", NULL));
        self->rows = 1;
    }
    while (self->rows > n + 1) {
        GtkListBoxRow *r = gtk_list_box_get_row_at_index(self->list, (int)self->rows - 1);
        gtk_list_box_remove(self->list, GTK_WIDGET(r));
        self->rows--;
    }
    /* labels of the last rows may belong to new commands after an undo + new edit */
    for (guint i = 1; i < self->rows; i++) {
        GtkListBoxRow *r = gtk_list_box_get_row_at_index(self->list, (int)i);
        GtkLabel *l = GTK_LABEL(gtk_list_box_row_get_child(r));
        const EditorCommand *cmd = editor_undo_stack_get_command(stack, i - 1);
        if (g_object_get_data(G_OBJECT(l), "cmd") != cmd) {
            gtk_label_set_text(l, editor_undo_stack_get_label(stack, i - 1));
            g_object_set_data(G_OBJECT(l), "cmd", (gpointer)cmd);
        }
    }
    while (self->rows < n + 1) {
        gtk_list_box_append(self->list,
                            new_row_label(editor_undo_stack_get_label(stack, self->rows - 1),
                                          editor_undo_stack_get_command(stack, self->rows - 1)));
        self->rows++;
    }
    guint index = editor_undo_stack_get_index(stack);
    for (guint i = 0; i < self->rows; i++) {
        GtkWidget *r = GTK_WIDGET(gtk_list_box_get_row_at_index(self->list, (int)i));
        if (i > index)
            gtk_widget_add_css_class(r, "dim-label");
        else
            gtk_widget_remove_css_class(r, "dim-label");
    }
    gtk_list_box_select_row(self->list, gtk_list_box_get_row_at_index(self->list, (int)index));
    self->updating = FALSE;
}

static void editor_history_panel_dispose(GObject *object)
{
    EditorHistoryPanel *self = EDITOR_HISTORY_PANEL(object);
    self->doc = NULL; /* its handlers go with this panel (g_signal_connect_object) */
    gtk_widget_dispose_template(GTK_WIDGET(self), EDITOR_TYPE_HISTORY_PANEL);
    G_OBJECT_CLASS(editor_history_panel_parent_class)->dispose(object);
}

static void editor_history_panel_class_init(EditorHistoryPanelClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = editor_history_panel_dispose;
    /**
     * EditorHistoryPanel::moved:
     * @index: the history index the user picked (0 = as opened)
     *
     * Emitted after a picked row moved the document (undo or redo as many steps).
     */
    signals[SIGNAL_MOVED] = g_signal_new("moved", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
    gtk_widget_class_set_template_from_resource(
        widget_class, "/io/github/loopwright/Loopwright/editor-history-panel.ui");
    gtk_widget_class_bind_template_child(widget_class, EditorHistoryPanel, list);
}

static void editor_history_panel_init(EditorHistoryPanel *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    g_signal_connect(self->list, "row-selected", G_CALLBACK(row_selected), self);
}

void editor_history_panel_set_document(EditorHistoryPanel *self, EditorDocument *doc)
{
    g_return_if_fail(EDITOR_IS_HISTORY_PANEL(self));
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    self->doc = doc;
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->list))))
        gtk_list_box_remove(self->list, child);
    self->rows = 0;
    if (!doc)
        return;
    g_signal_connect_object(doc, "changed", G_CALLBACK(update), self, G_CONNECT_SWAPPED);
    /* a group (a paste, an import) ends without a `changed` of its own: its one step shows when
     * the undo/redo labels move */
    g_signal_connect_object(doc, "notify::undo-label", G_CALLBACK(update), self, G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "notify::redo-label", G_CALLBACK(update), self, G_CONNECT_SWAPPED);
    update(self);
}

guint editor_history_panel_get_row_count(EditorHistoryPanel *self)
{
    return self->rows;
}
