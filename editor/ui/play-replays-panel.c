/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "play-replays"

#include "play-replays-panel.h"

#define VERDICT_DELAY_MS 500 /* after an edit, the replays run again once the edits pause */

typedef struct {
    EditorReplayVerdict verdict;
    char message[256];
} ReplayStatus;

struct _PlayReplaysPanel {
    GtkBox parent_instance;
    /* Borrowed */
    EditorDocument *doc;
    /* Template widgets */
    GtkListBox *list;
    /* Owned */
    GArray *status; /* ReplayStatus per row */
    /* State */
    guint failing;
    int selected;      /* the index last reported by `selection-changed` */
    gboolean updating; /* the rows are being rebuilt: selections are not the user's */
    guint verdict_timeout;
};

enum { SIGNAL_SELECTION_CHANGED, SIGNAL_REPLAY_ACTIVATED, SIGNAL_VERDICTS_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(PlayReplaysPanel, play_replays_panel, GTK_TYPE_BOX)

static int list_selected(PlayReplaysPanel *self)
{
    GtkListBoxRow *r = gtk_list_box_get_selected_row(self->list);
    if (!r)
        return -1;
    int i = gtk_list_box_row_get_index(r);
    return i < (int)self->status->len ? i : -1;
}

/* Tell once when the selected index moved (a rebuild that keeps it says nothing). */
static void report_selection(PlayReplaysPanel *self)
{
    int now = list_selected(self);
    if (now == self->selected)
        return;
    self->selected = now;
    g_signal_emit(self, signals[SIGNAL_SELECTION_CHANGED], 0, now);
}

static void compute_verdicts(PlayReplaysPanel *self)
{
    const lw_level *l = editor_document_get_level(self->doc);
    g_array_set_size(self->status, l->replay_count);
    self->failing = 0;
    for (uint32_t i = 0; i < l->replay_count; i++) {
        EditorReplayResult r;
        editor_replay_run(l, &l->replays[i], &r, NULL);
        ReplayStatus *st = &g_array_index(self->status, ReplayStatus, i);
        st->verdict = r.verdict;
        g_strlcpy(st->message, r.message, sizeof st->message);
        self->failing += r.verdict != EDITOR_REPLAY_PASS && r.verdict != EDITOR_REPLAY_NO_EXPECT;
    }
}

static GtkWidget *replay_row(const lw_replay *r, const ReplayStatus *st)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_set_margin_start(box, 8);
    gtk_widget_set_margin_end(box, 8);
    gtk_widget_set_margin_top(box, 4);
    gtk_widget_set_margin_bottom(box, 4);
    GtkWidget *title = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gboolean ok = st->verdict == EDITOR_REPLAY_PASS;
    gboolean none = st->verdict == EDITOR_REPLAY_NO_EXPECT;
    GtkWidget *icon = gtk_image_new_from_icon_name(ok     ? "emblem-ok-symbolic"
                                                   : none ? "dialog-question-symbolic"
                                                          : "dialog-error-symbolic");
    gtk_box_append(GTK_BOX(title), icon);
    g_autofree char *name = g_markup_printf_escaped("<b>%s</b>", r->name ? r->name : "");
    GtkWidget *nl = gtk_label_new(NULL);
    gtk_label_set_markup(GTK_LABEL(nl), name);
    gtk_label_set_xalign(GTK_LABEL(nl), 0);
    gtk_box_append(GTK_BOX(title), nl);
    gtk_box_append(GTK_BOX(box), title);
    char start[48] = "the level's start";
    if (r->has_start)
        g_snprintf(start, sizeof start, "(%d, %d)", r->start_x, r->start_y);
    g_autofree char *details =
        g_strdup_printf("%u frames from %s · %s · %s", r->frames, start,
                        r->profile[0] ? r->profile : "level's profile",
                        r->character[0] ? r->character : "level's character");
    GtkWidget *dl = gtk_label_new(details);
    gtk_label_set_xalign(GTK_LABEL(dl), 0);
    gtk_widget_add_css_class(dl, "dim-label");
    gtk_box_append(GTK_BOX(box), dl);
    GtkWidget *vl = gtk_label_new(st->message);
    gtk_label_set_xalign(GTK_LABEL(vl), 0);
    gtk_label_set_wrap(GTK_LABEL(vl), TRUE);
    gtk_box_append(GTK_BOX(box), vl);
    return box;
}

void play_replays_panel_run_all(PlayReplaysPanel *self)
{
    g_return_if_fail(PLAY_IS_REPLAYS_PANEL(self));
    if (!self->doc)
        return;
    g_clear_handle_id(&self->verdict_timeout, g_source_remove);
    int keep = list_selected(self);
    compute_verdicts(self);
    self->updating = TRUE;
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->list))))
        gtk_list_box_remove(self->list, child);
    const lw_level *l = editor_document_get_level(self->doc);
    for (uint32_t i = 0; i < l->replay_count; i++)
        gtk_list_box_append(
            self->list, replay_row(&l->replays[i], &g_array_index(self->status, ReplayStatus, i)));
    if (keep >= 0 && keep < (int)l->replay_count)
        gtk_list_box_select_row(self->list, gtk_list_box_get_row_at_index(self->list, keep));
    self->updating = FALSE;
    g_signal_emit(self, signals[SIGNAL_VERDICTS_CHANGED], 0, self->status->len, self->failing);
    report_selection(self);
}

static gboolean verdicts_due(gpointer data)
{
    PlayReplaysPanel *self = data;
    self->verdict_timeout = 0;
    play_replays_panel_run_all(self);
    return G_SOURCE_REMOVE;
}

static void on_doc_changed(PlayReplaysPanel *self, EditorChange *change)
{
    /* the replays are level properties: a replay added, removed or accepted shows at once */
    if (change->flags & (EDITOR_CHANGE_PROPERTIES | EDITOR_CHANGE_EVERYTHING)) {
        play_replays_panel_run_all(self);
        return;
    }
    if (editor_document_get_level(self->doc)->replay_count == 0)
        return;
    g_clear_handle_id(&self->verdict_timeout, g_source_remove);
    self->verdict_timeout = g_timeout_add(VERDICT_DELAY_MS, verdicts_due, self);
}

static void row_selected(GtkListBox *list, GtkListBoxRow *row, PlayReplaysPanel *self)
{
    if (!self->updating)
        report_selection(self);
}

static void row_activated(GtkListBox *list, GtkListBoxRow *row, PlayReplaysPanel *self)
{
    play_replays_panel_activate(self, (guint)gtk_list_box_row_get_index(row));
}

static void play_replays_panel_dispose(GObject *object)
{
    PlayReplaysPanel *self = PLAY_REPLAYS_PANEL(object);
    g_clear_handle_id(&self->verdict_timeout, g_source_remove);
    self->doc = NULL; /* its handlers go with this panel (g_signal_connect_object) */
    gtk_widget_dispose_template(GTK_WIDGET(self), PLAY_TYPE_REPLAYS_PANEL);
    G_OBJECT_CLASS(play_replays_panel_parent_class)->dispose(object);
}

static void play_replays_panel_finalize(GObject *object)
{
    g_array_unref(PLAY_REPLAYS_PANEL(object)->status);
    G_OBJECT_CLASS(play_replays_panel_parent_class)->finalize(object);
}

static void play_replays_panel_class_init(PlayReplaysPanelClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    G_OBJECT_CLASS(klass)->dispose = play_replays_panel_dispose;
    G_OBJECT_CLASS(klass)->finalize = play_replays_panel_finalize;
    /**
     * PlayReplaysPanel::selection-changed:
     * @index: the selected replay, -1 = none
     */
    signals[SIGNAL_SELECTION_CHANGED] =
        g_signal_new("selection-changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL,
                     NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
    /**
     * PlayReplaysPanel::replay-activated:
     * @index: the replay double-clicked (or Enter on its row): the window plays it
     */
    signals[SIGNAL_REPLAY_ACTIVATED] =
        g_signal_new("replay-activated", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                     NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
    /**
     * PlayReplaysPanel::verdicts-changed:
     * @count: replays shown
     * @failing: those that no longer end as recorded
     *
     * Emitted after every run of the replays (a rebuild of the rows).
     */
    signals[SIGNAL_VERDICTS_CHANGED] =
        g_signal_new("verdicts-changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                     NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
    gtk_widget_class_set_template_from_resource(
        widget_class, "/io/github/loopwright/Loopwright/play-replays-panel.ui");
    gtk_widget_class_bind_template_child(widget_class, PlayReplaysPanel, list);
}

static void play_replays_panel_init(PlayReplaysPanel *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    self->status = g_array_new(FALSE, TRUE, sizeof(ReplayStatus));
    self->selected = -1;
    g_signal_connect(self->list, "row-selected", G_CALLBACK(row_selected), self);
    g_signal_connect(self->list, "row-activated", G_CALLBACK(row_activated), self);
}

void play_replays_panel_set_document(PlayReplaysPanel *self, EditorDocument *doc)
{
    g_return_if_fail(PLAY_IS_REPLAYS_PANEL(self));
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    self->doc = doc;
    if (!doc) {
        g_clear_handle_id(&self->verdict_timeout, g_source_remove);
        return;
    }
    g_signal_connect_object(doc, "changed", G_CALLBACK(on_doc_changed), self, G_CONNECT_SWAPPED);
    play_replays_panel_run_all(self);
}

guint play_replays_panel_get_count(PlayReplaysPanel *self)
{
    g_return_val_if_fail(PLAY_IS_REPLAYS_PANEL(self), 0);
    return self->status->len;
}

guint play_replays_panel_get_failing(PlayReplaysPanel *self)
{
    g_return_val_if_fail(PLAY_IS_REPLAYS_PANEL(self), 0);
    return self->failing;
}

EditorReplayVerdict play_replays_panel_get_verdict(PlayReplaysPanel *self, guint index)
{
    g_return_val_if_fail(PLAY_IS_REPLAYS_PANEL(self), EDITOR_REPLAY_INVALID);
    if (index >= self->status->len)
        return EDITOR_REPLAY_INVALID;
    return g_array_index(self->status, ReplayStatus, index).verdict;
}

int play_replays_panel_get_selected(PlayReplaysPanel *self)
{
    g_return_val_if_fail(PLAY_IS_REPLAYS_PANEL(self), -1);
    return list_selected(self);
}

void play_replays_panel_select(PlayReplaysPanel *self, int index)
{
    g_return_if_fail(PLAY_IS_REPLAYS_PANEL(self));
    GtkListBoxRow *row = index >= 0 && index < (int)self->status->len
                             ? gtk_list_box_get_row_at_index(self->list, index)
                             : NULL;
    if (row)
        gtk_list_box_select_row(self->list, row);
    else
        gtk_list_box_unselect_all(self->list);
    report_selection(self);
}

void play_replays_panel_activate(PlayReplaysPanel *self, guint index)
{
    g_return_if_fail(PLAY_IS_REPLAYS_PANEL(self));
    if (index < self->status->len)
        g_signal_emit(self, signals[SIGNAL_REPLAY_ACTIVATED], 0, index);
}
