/* SPDX-License-Identifier: MIT */
/* The test-play window's tuning and replays panels (see play-window-state.h). */
#define G_LOG_DOMAIN "play-window"

#include "doc/editor-commands-play.h"
#include "doc/play-camera.h"
#include "doc/replay-check.h"
#include "doc/sim-state.h"
#include "play-keys.h"
#include "play-render.h"
#include "play-window-state.h"
#include "play-window.h"

#include <glib/gstdio.h>
#include <inttypes.h>
#include <loopwright/trace.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- tuning panel ---- */

static void param_tooltip(guint i, const lw_profile *preset, char *buf, size_t size)
{
    const lw_param_info *p = lw_param_at(i);
    int32_t v = lw_profile_get(preset, i);
    if (p->kind == LW_PARAM_SWITCH) {
        g_snprintf(buf, size, "%s\n%s (switch); preset: %s", p->description, p->name,
                   v ? "on" : "off");
    } else if (g_str_has_prefix(p->unit, "subpx")) {
        char dec[LW_FIXED_FORMAT_MAX];
        lw_fixed_format(dec, sizeof dec, v);
        g_snprintf(buf, size, "%s\n%s in %s (1/256 px), %d..%d; preset %d = %s px", p->description,
                   p->name, p->unit, p->min, p->max, v, dec);
    } else {
        g_snprintf(buf, size, "%s\n%s in %s, %d..%d; preset %d", p->description, p->name, p->unit,
                   p->min, p->max, v);
    }
}

void play_window_refresh_tuning(PlayWindow *self)
{
    if (!self->param_value)
        return;
    self->updating = TRUE;
    const lw_profile *preset = play_session_get_preset(self->session);
    const lw_profile *cur = &play_session_get_sim(self->session)->profile;
    guint changed = 0;
    for (guint i = 0; i < lw_param_count(); i++) {
        const lw_param_info *p = lw_param_at(i);
        int32_t pv = lw_profile_get(preset, i), cv = lw_profile_get(cur, i);
        gboolean differs = pv != cv;
        changed += differs;
        g_autofree char *name = g_markup_printf_escaped(differs ? "<b>%s</b> •" : "%s", p->name);
        gtk_label_set_markup(GTK_LABEL(self->param_name[i]), name);
        char tip[512];
        param_tooltip(i, preset, tip, sizeof tip);
        gtk_widget_set_tooltip_text(self->param_name[i], tip);
        char pre[32];
        if (p->kind == LW_PARAM_SWITCH)
            g_snprintf(pre, sizeof pre, "%s", pv ? "on" : "off");
        else
            g_snprintf(pre, sizeof pre, "%d", pv);
        gtk_label_set_text(GTK_LABEL(self->param_preset[i]), pre);
        if (p->kind == LW_PARAM_SWITCH)
            gtk_check_button_set_active(GTK_CHECK_BUTTON(self->param_value[i]), cv != 0);
        else
            gtk_spin_button_set_value(GTK_SPIN_BUTTON(self->param_value[i]), cv);
    }
    gboolean saved = play_session_physics_match_level(self->session);
    g_autofree char *sum = g_strdup_printf("%s · %s · %u changed from the preset%s",
                                           play_session_get_profile_name(self->session),
                                           play_session_get_character_name(self->session), changed,
                                           saved ? " (as in the level)" : " (not in the level)");
    gtk_label_set_text(self->tuning_summary, sum);
    /* the profile and character choosers follow */
    static const char *const profiles[] = {"s1", "s2", "s3k", "cd", "modern"};
    static const char *const chars[] = {"sonic", "tails", "knuckles"};
    for (guint i = 0; i < G_N_ELEMENTS(profiles); i++)
        if (g_str_equal(profiles[i], play_session_get_profile_name(self->session)))
            gtk_drop_down_set_selected(self->profile_dropdown, i);
    for (guint i = 0; i < G_N_ELEMENTS(chars); i++)
        if (g_str_equal(chars[i], play_session_get_character_name(self->session)))
            gtk_drop_down_set_selected(self->character_dropdown, i);
    GAction *a = g_action_map_lookup_action(G_ACTION_MAP(self), "profile");
    g_simple_action_set_state(G_SIMPLE_ACTION(a),
                              g_variant_new_string(play_session_get_profile_name(self->session)));
    a = g_action_map_lookup_action(G_ACTION_MAP(self), "character");
    g_simple_action_set_state(G_SIMPLE_ACTION(a),
                              g_variant_new_string(play_session_get_character_name(self->session)));
    self->updating = FALSE;
    play_window_update_actions(self);
}

static void param_spin_changed(GtkSpinButton *spin, PlayWindow *self)
{
    if (self->updating)
        return;
    guint i = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(spin), "param"));
    play_session_set_param(self->session, i, (int32_t)gtk_spin_button_get_value_as_int(spin));
    play_window_refresh_tuning(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void param_check_toggled(GtkCheckButton *check, PlayWindow *self)
{
    if (self->updating)
        return;
    guint i = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(check), "param"));
    play_session_set_param(self->session, i, gtk_check_button_get_active(check) ? 1 : 0);
    play_window_refresh_tuning(self);
}

void play_window_build_tuning(PlayWindow *self)
{
    guint n = (guint)lw_param_count();
    self->param_name = g_new0(GtkWidget *, n);
    self->param_preset = g_new0(GtkWidget *, n);
    self->param_value = g_new0(GtkWidget *, n);
    GtkGrid *g = self->tuning_grid;
    const char *heads[] = {"constant", "preset", "now"};
    for (int c = 0; c < 3; c++) {
        GtkWidget *h = gtk_label_new(heads[c]);
        gtk_widget_add_css_class(h, "dim-label");
        gtk_label_set_xalign(GTK_LABEL(h), c == 0 ? 0 : 1);
        gtk_grid_attach(g, h, c, 0, 1, 1);
    }
    int row = 1;
    for (guint i = 0; i < n; i++) {
        const lw_param_info *p = lw_param_at(i);
        if (i > 0 && p->kind == LW_PARAM_SWITCH && lw_param_at(i - 1)->kind != LW_PARAM_SWITCH) {
            GtkWidget *h = gtk_label_new("switches (game differences and quirk fixes)");
            gtk_widget_add_css_class(h, "dim-label");
            gtk_label_set_xalign(GTK_LABEL(h), 0);
            gtk_widget_set_margin_top(h, 8);
            gtk_grid_attach(g, h, 0, row++, 3, 1);
        }
        GtkWidget *name = gtk_label_new(p->name);
        gtk_label_set_xalign(GTK_LABEL(name), 0);
        gtk_label_set_ellipsize(GTK_LABEL(name), PANGO_ELLIPSIZE_END);
        gtk_widget_set_hexpand(name, TRUE);
        GtkWidget *pre = gtk_label_new(NULL);
        gtk_label_set_xalign(GTK_LABEL(pre), 1);
        gtk_widget_add_css_class(pre, "dim-label");
        gtk_widget_add_css_class(pre, "numeric");
        GtkWidget *val;
        if (p->kind == LW_PARAM_SWITCH) {
            val = gtk_check_button_new();
            gtk_widget_set_halign(val, GTK_ALIGN_END);
            g_signal_connect(val, "toggled", G_CALLBACK(param_check_toggled), self);
        } else {
            val = gtk_spin_button_new_with_range(p->min, p->max, 1);
            gtk_spin_button_set_digits(GTK_SPIN_BUTTON(val), 0);
            gtk_editable_set_width_chars(GTK_EDITABLE(val), 6);
            g_signal_connect(val, "value-changed", G_CALLBACK(param_spin_changed), self);
        }
        gtk_widget_set_tooltip_text(val, p->unit);
        g_object_set_data(G_OBJECT(val), "param", GUINT_TO_POINTER(i));
        gtk_grid_attach(g, name, 0, row, 1, 1);
        gtk_grid_attach(g, pre, 1, row, 1, 1);
        gtk_grid_attach(g, val, 2, row, 1, 1);
        self->param_name[i] = name;
        self->param_preset[i] = pre;
        self->param_value[i] = val;
        row++;
    }
}

/* ---- replays panel ---- */

int play_window_selected_replay(PlayWindow *self)
{
    GtkListBoxRow *r = gtk_list_box_get_selected_row(self->replay_list);
    if (!r)
        return -1;
    int i = gtk_list_box_row_get_index(r);
    return i < (int)doc_level(self)->replay_count ? i : -1;
}

static void compute_verdicts(PlayWindow *self)
{
    const lw_level *l = doc_level(self);
    g_array_set_size(self->replay_status, l->replay_count);
    guint failing = 0;
    for (uint32_t i = 0; i < l->replay_count; i++) {
        EditorReplayResult r;
        editor_replay_run(l, &l->replays[i], &r, NULL);
        ReplayStatus *st = &g_array_index(self->replay_status, ReplayStatus, i);
        st->verdict = r.verdict;
        g_strlcpy(st->message, r.message, sizeof st->message);
        failing += r.verdict != EDITOR_REPLAY_PASS && r.verdict != EDITOR_REPLAY_NO_EXPECT;
    }
    g_autofree char *tab = failing           ? g_strdup_printf("Replays (%u failing)", failing)
                           : l->replay_count ? g_strdup_printf("Replays (%u)", l->replay_count)
                                             : g_strdup("Replays");
    gtk_label_set_text(self->replays_tab_label, tab);
}

void play_window_rebuild_replays(PlayWindow *self)
{
    int keep = play_window_selected_replay(self);
    compute_verdicts(self);
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(self->replay_list))))
        gtk_list_box_remove(self->replay_list, child);
    const lw_level *l = doc_level(self);
    for (uint32_t i = 0; i < l->replay_count; i++) {
        const lw_replay *r = &l->replays[i];
        const ReplayStatus *st = &g_array_index(self->replay_status, ReplayStatus, i);
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
        gtk_list_box_append(self->replay_list, box);
    }
    if (keep >= 0 && keep < (int)l->replay_count)
        gtk_list_box_select_row(self->replay_list,
                                gtk_list_box_get_row_at_index(self->replay_list, keep));
    play_window_update_actions(self);
}

static gboolean verdicts_due(gpointer data)
{
    PlayWindow *self = data;
    self->verdict_timeout = 0;
    play_window_rebuild_replays(self);
    return G_SOURCE_REMOVE;
}

void play_window_schedule_verdicts(PlayWindow *self)
{
    if (doc_level(self)->replay_count == 0)
        return;
    g_clear_handle_id(&self->verdict_timeout, g_source_remove);
    self->verdict_timeout = g_timeout_add(500, verdicts_due, self);
}
