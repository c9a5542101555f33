/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-issues"

#include "editor-issues-panel.h"

#include "doc/disasm-sprites.h"
#include "doc/replay-check.h"

#define CHECK_DELAY_MS 700 /* after the last change, so typing or a drag checks once */

typedef struct {
    char *source;
    editor_problem problem;
} Issue;

struct _EditorIssuesPanel {
    GtkBox parent_instance;
    /* Borrowed */
    EditorDocument *doc;
    /* Template widgets */
    GtkListBox *list;
    /* Owned */
    GArray *issues; /* Issue */
    /* State */
    guint check_timeout;
};

enum { SIGNAL_ACTIVATED, SIGNAL_ISSUES_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(EditorIssuesPanel, editor_issues_panel, GTK_TYPE_BOX)

static void issue_clear(Issue *i)
{
    g_free(i->source);
}

static GtkWidget *new_row(const Issue *i)
{
    gboolean error = i->problem.severity == EDITOR_SEVERITY_ERROR;
    GtkWidget *r = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_set_margin_start(r, 6);
    gtk_widget_set_margin_top(r, 3);
    gtk_widget_set_margin_bottom(r, 3);
    gtk_box_append(GTK_BOX(r), gtk_image_new_from_icon_name(error ? "dialog-error-symbolic"
                                                                  : "dialog-warning-symbolic"));
    g_autofree char *text =
        g_strdup_printf("%s%s", i->problem.message, i->problem.x >= 0 ? "" : " (no place)");
    GtkWidget *l = gtk_label_new(text);
    gtk_label_set_wrap(GTK_LABEL(l), TRUE);
    gtk_label_set_xalign(GTK_LABEL(l), 0);
    gtk_widget_set_tooltip_text(r, i->problem.code);
    gtk_box_append(GTK_BOX(r), l);
    return r;
}

static void rebuild_rows(EditorIssuesPanel *self)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->list))))
        gtk_list_box_remove(self->list, child);
    guint errors = 0;
    for (guint k = 0; k < self->issues->len; k++) {
        const Issue *i = &g_array_index(self->issues, Issue, k);
        errors += i->problem.severity == EDITOR_SEVERITY_ERROR;
        gtk_list_box_append(self->list, new_row(i));
    }
    g_signal_emit(self, signals[SIGNAL_ISSUES_CHANGED], 0, self->issues->len, errors);
}

void editor_issues_panel_set_issues(EditorIssuesPanel *self, const char *source,
                                    const editor_problem *problems, guint n)
{
    for (guint k = self->issues->len; k-- > 0;)
        if (g_str_equal(g_array_index(self->issues, Issue, k).source, source))
            g_array_remove_index(self->issues, k);
    for (guint k = 0; k < n; k++) {
        Issue i = {g_strdup(source), problems[k]};
        g_array_append_val(self->issues, i);
    }
    rebuild_rows(self);
}

guint editor_issues_panel_get_count(EditorIssuesPanel *self)
{
    return self->issues->len;
}

void editor_issues_panel_activate(EditorIssuesPanel *self, guint index)
{
    if (index >= self->issues->len)
        return;
    const Issue *i = &g_array_index(self->issues, Issue, index);
    g_signal_emit(self, signals[SIGNAL_ACTIVATED], 0, i->problem.x, i->problem.y,
                  i->problem.message);
}

static void row_activated(GtkListBox *list, GtkListBoxRow *r, EditorIssuesPanel *self)
{
    editor_issues_panel_activate(self, (guint)gtk_list_box_row_get_index(r));
}

static void collect_problem(const editor_problem *p, void *user)
{
    g_array_append_val((GArray *)user, *p);
}

void editor_issues_panel_check_now(EditorIssuesPanel *self)
{
    g_clear_handle_id(&self->check_timeout, g_source_remove);
    if (!self->doc)
        return;
    const lw_level *l = editor_document_get_level(self->doc);
    GArray *found = g_array_new(FALSE, FALSE, sizeof(editor_problem));
    editor_level_check(l, editor_document_get_path(self->doc), collect_problem, found);
    editor_issues_panel_set_issues(self, "check", (editor_problem *)found->data, found->len);
    /* saved replays as regression tests: the ones that now end differently */
    g_array_set_size(found, 0);
    editor_replay_check(l, collect_problem, found);
    editor_issues_panel_set_issues(self, "replays", (editor_problem *)found->data, found->len);
    /* a level from a disassembly tree: the object sprites' warnings (docs/DISASM.md §11) */
    g_array_set_size(found, 0);
    if (editor_document_is_from_tree(self->doc))
        editor_disasm_sprites_check_file(editor_document_get_path(self->doc), l, collect_problem,
                                         found);
    editor_issues_panel_set_issues(self, "sprites", (editor_problem *)found->data, found->len);
    g_array_unref(found);
}

static gboolean check_later(gpointer data)
{
    EditorIssuesPanel *self = data;
    self->check_timeout = 0;
    editor_issues_panel_check_now(self);
    return G_SOURCE_REMOVE;
}

static void schedule_check(EditorIssuesPanel *self)
{
    g_clear_handle_id(&self->check_timeout, g_source_remove);
    self->check_timeout = g_timeout_add(CHECK_DELAY_MS, check_later, self);
}

static void editor_issues_panel_dispose(GObject *object)
{
    EditorIssuesPanel *self = EDITOR_ISSUES_PANEL(object);
    g_clear_handle_id(&self->check_timeout, g_source_remove);
    self->doc = NULL; /* its handlers go with this panel (g_signal_connect_object) */
    gtk_widget_dispose_template(GTK_WIDGET(self), EDITOR_TYPE_ISSUES_PANEL);
    G_OBJECT_CLASS(editor_issues_panel_parent_class)->dispose(object);
}

static void editor_issues_panel_finalize(GObject *object)
{
    g_clear_pointer(&EDITOR_ISSUES_PANEL(object)->issues, g_array_unref);
    G_OBJECT_CLASS(editor_issues_panel_parent_class)->finalize(object);
}

static void editor_issues_panel_class_init(EditorIssuesPanelClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = editor_issues_panel_dispose;
    G_OBJECT_CLASS(klass)->finalize = editor_issues_panel_finalize;
    /**
     * EditorIssuesPanel::activated:
     * @x: the problem's level pixel x, -1 when it has no place
     * @y: its y
     * @message: what is wrong (valid during the emission)
     */
    signals[SIGNAL_ACTIVATED] = g_signal_new(
        "activated", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
        3, G_TYPE_INT, G_TYPE_INT, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
    /**
     * EditorIssuesPanel::issues-changed:
     * @count: entries listed
     * @errors: how many of them are errors
     */
    signals[SIGNAL_ISSUES_CHANGED] =
        g_signal_new("issues-changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                     NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
    gtk_widget_class_set_template_from_resource(
        widget_class, "/io/github/loopwright/Loopwright/editor-issues-panel.ui");
    gtk_widget_class_bind_template_child(widget_class, EditorIssuesPanel, list);
}

static void editor_issues_panel_init(EditorIssuesPanel *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    self->issues = g_array_new(FALSE, FALSE, sizeof(Issue));
    g_array_set_clear_func(self->issues, (GDestroyNotify)issue_clear);
    g_signal_connect(self->list, "row-activated", G_CALLBACK(row_activated), self);
}

void editor_issues_panel_set_document(EditorIssuesPanel *self, EditorDocument *doc)
{
    g_return_if_fail(EDITOR_IS_ISSUES_PANEL(self));
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    self->doc = doc;
    if (!doc)
        return;
    g_signal_connect_object(doc, "changed", G_CALLBACK(schedule_check), self, G_CONNECT_SWAPPED);
    schedule_check(self);
}
