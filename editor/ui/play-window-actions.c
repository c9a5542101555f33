/* SPDX-License-Identifier: MIT */
/* The test-play window's "win" actions, their table and accelerators (see play-window-state.h). */
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

/* ---- actions ---- */

static void set_enabled(PlayWindow *self, const char *name, gboolean enabled)
{
    GAction *a = g_action_map_lookup_action(G_ACTION_MAP(self), name);
    if (a)
        g_simple_action_set_enabled(G_SIMPLE_ACTION(a), enabled);
}

void play_window_update_actions(PlayWindow *self)
{
    int sel = play_replays_panel_get_selected(self->replays_panel);
    set_enabled(self, "replay-selected", sel >= 0);
    set_enabled(self, "accept-replay", sel >= 0);
    set_enabled(self, "delete-replay", sel >= 0);
    set_enabled(self, "save-tuning", !play_session_physics_match_level(self->session));
    set_enabled(self, "save-replay", play_session_get_recorded_frames(self->session) > 0);
    set_enabled(self, "replay-run", play_session_get_recorded_frames(self->session) > 0);
}

static void set_bool_state(PlayWindow *self, const char *name, gboolean on)
{
    GAction *a = g_action_map_lookup_action(G_ACTION_MAP(self), name);
    g_simple_action_set_state(G_SIMPLE_ACTION(a), g_variant_new_boolean(on));
}

void play_window_set_paused(PlayWindow *self, gboolean paused)
{
    self->paused = paused;
    self->acc = 0;
    set_bool_state(self, "pause", paused);
    play_window_update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

void play_window_set_rewinding(PlayWindow *self, gboolean on)
{
    if (self->rewinding == on)
        return;
    self->rewinding = on;
    self->acc = 0;
    set_bool_state(self, "rewind", on);
    if (!on)
        play_window_update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void change_bool(GSimpleAction *a, GVariant *v, gpointer user)
{
    PlayWindow *self = user;
    const char *name = g_action_get_name(G_ACTION(a));
    gboolean on = g_variant_get_boolean(v);
    if (g_str_equal(name, "pause")) {
        play_window_set_paused(self, on);
    } else if (g_str_equal(name, "rewind")) {
        play_window_set_rewinding(self, on);
    } else if (g_str_equal(name, "debug")) {
        self->debug = on;
        g_simple_action_set_state(a, v);
        gtk_widget_queue_draw(GTK_WIDGET(self->view));
    }
}

void play_window_after_restart(PlayWindow *self)
{
    self->cam_valid = FALSE;
    self->acc = 0;
    self->replay_playing = -1;
    play_window_camera_reset(self);
    play_window_update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

gboolean play_window_restart_at(PlayWindow *self, const int32_t *start_xy, GError **error)
{
    if (!play_session_restart_at(self->session, start_xy, error))
        return FALSE;
    play_session_clear_script(self->session);
    play_window_after_restart(self);
    int32_t x, y;
    play_session_get_start(self->session, &x, &y);
    g_autofree char *s = g_strdup_printf("Started at (%d, %d).", x, y);
    play_window_set_status(self, s);
    return TRUE;
}

static void action_restart(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    play_session_restart(self->session);
    play_session_clear_script(self->session);
    play_window_after_restart(self);
    play_window_set_status(self, "Restarted.");
}

static void action_step(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    if (!self->paused)
        play_window_set_paused(self, TRUE);
    play_window_sim_frame(self);
    play_window_update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void action_rewind_second(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    uint32_t n = play_session_rewind(self->session, 60);
    g_autofree char *s =
        g_strdup_printf("Rewound %u frames to frame %u.", n, play_session_get_frame(self->session));
    play_window_set_status(self, s);
    self->cam_valid = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void change_speed(GSimpleAction *a, GVariant *v, gpointer user)
{
    PlayWindow *self = user;
    const char *s = g_variant_get_string(v, NULL);
    guint den = g_str_equal(s, "1/2")   ? 2
                : g_str_equal(s, "1/4") ? 4
                : g_str_equal(s, "1/8") ? 8
                                        : 1;
    self->speed_den = den;
    g_simple_action_set_state(a, g_variant_new_string(den == 1 ? "1" : s));
    self->updating = TRUE;
    gtk_drop_down_set_selected(self->speed_dropdown, den == 1   ? 0
                                                     : den == 2 ? 1
                                                     : den == 4 ? 2
                                                                : 3);
    self->updating = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void change_physics(GSimpleAction *a, GVariant *v, gpointer user)
{
    PlayWindow *self = user;
    if (self->updating)
        return;
    gboolean is_profile = g_str_equal(g_action_get_name(G_ACTION(a)), "profile");
    const char *name = g_variant_get_string(v, NULL);
    g_autoptr(GError) error = NULL;
    if (!play_session_set_physics(
            self->session, is_profile ? name : play_session_get_profile_name(self->session),
            is_profile ? play_session_get_character_name(self->session) : name, &error)) {
        play_window_set_status(self, error->message);
        return;
    }
    if (!is_profile) {
        /* other radii and jump: start the run again with the new character */
        play_session_restart(self->session);
        play_window_after_restart(self);
        g_autofree char *s = g_strdup_printf("Restarted as %s.", name);
        play_window_set_status(self, s);
    }
    play_window_refresh_tuning(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void action_save_tuning(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    lw_override ov[LW_MAX_OVERRIDES];
    guint n = play_session_get_overrides(self->session, ov, LW_MAX_OVERRIDES);
    EditorCommand *cmd = editor_cmd_set_physics_new(
        self->doc, play_session_get_profile_name(self->session),
        play_session_get_character_name(self->session), ov, MIN(n, LW_MAX_OVERRIDES));
    if (!cmd) {
        play_window_set_status(self, "The level already has these physics settings.");
        return;
    }
    editor_document_push(self->doc, cmd);
    g_autofree char *s = g_strdup_printf("Saved %s, %s and %u overrides in the level (undo in the "
                                         "editor takes them back).",
                                         play_session_get_profile_name(self->session),
                                         play_session_get_character_name(self->session), n);
    play_window_set_status(self, s);
}

static void action_reset_tuning(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    play_session_reset_tuning(self->session);
    play_window_refresh_tuning(self);
    play_window_set_status(self, "Every constant is back to the preset.");
}

static void action_set_param(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    const char *name;
    gint32 value;
    g_variant_get(p, "(&si)", &name, &value);
    int32_t i = lw_param_find(name);
    /* as an edit in the Tuning tab (its `field-changed` updates the window) */
    if (i < 0 || !play_tuning_panel_edit(self->tuning_panel, (guint)i, value)) {
        g_autofree char *s = g_strdup_printf("%s: unknown constant or value out of range", name);
        play_window_set_status(self, s);
    }
}

/* Save the run as a level replay named @name: its start, profile, character and inputs, and
 * what a fresh run of it on the level gives now as the expectation. */
/* The recording (runs of "COUNT BUTTONS" lines, lw_script_format_run) without the idle run
 * before the first input: a replay starts where the player starts doing something. Returns the
 * frames left out (0 when the recording starts with input, or is idle throughout). */
static uint32_t trim_leading_idle(char *script)
{
    unsigned count = 0;
    int used = 0;
    if (sscanf(script, "%u -\n%n", &count, &used) != 1 || used == 0 || script[used] == '\0')
        return 0;
    memmove(script, script + used, strlen(script + used) + 1);
    return count;
}

static void save_replay_named(PlayWindow *self, const char *name)
{
    g_autofree char *script = play_session_dup_recording(self->session);
    uint32_t idle = trim_leading_idle(script);
    lw_replay r = {.name = (char *)name, .script = script};
    r.has_start = TRUE;
    play_session_get_start(self->session, &r.start_x, &r.start_y);
    g_strlcpy(r.profile, play_session_get_profile_name(self->session), sizeof r.profile);
    g_strlcpy(r.character, play_session_get_character_name(self->session), sizeof r.character);
    r.frames = play_session_get_recorded_frames(self->session) - idle;
    EditorReplayResult res;
    g_autoptr(GError) error = NULL;
    if (!editor_replay_run(doc_level(self), &r, &res, &error)) {
        play_window_set_status(self, error->message);
        return;
    }
    editor_replay_set_expect(&r, &res);
    EditorCommand *cmd = editor_cmd_add_replay_new(self->doc, &r, -1);
    if (!cmd) {
        play_window_set_status(self,
                               "The replay cannot be saved: the level holds 256 replays at most, "
                               "scripts 1 MiB.");
        return;
    }
    editor_document_push(self->doc, cmd);
    uint64_t live = lw_sim_hash(play_session_get_sim(self->session));
    g_autofree char *s =
        idle ? g_strdup_printf("Saved replay “%s”: %u frames from the first input (%u idle frames "
                               "before it left out), ends at (%d, %d) on path %c.",
                               name, r.frames, idle, res.x, res.y, res.path ? 'B' : 'A')
        : res.hash == live
            ? g_strdup_printf("Saved replay “%s”: %u frames, ends at (%d, %d) on path %c.", name,
                              r.frames, res.x, res.y, res.path ? 'B' : 'A')
            : g_strdup_printf("Saved replay “%s”: %u frames. The run crossed level edits or used "
                              "unsaved tuning: its expectation is what the level gives now, "
                              "ending at (%d, %d).",
                              name, r.frames, res.x, res.y);
    play_window_set_status(self, s);
}

static void save_dialog_response(GtkDialog *d, int response, PlayWindow *self)
{
    if (response == GTK_RESPONSE_ACCEPT) {
        GtkEditable *entry = g_object_get_data(G_OBJECT(d), "entry");
        const char *name = gtk_editable_get_text(entry);
        save_replay_named(self, *name ? name : "Run");
    }
    gtk_window_destroy(GTK_WINDOW(d));
}

static void action_save_replay(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    play_window_set_paused(self, TRUE);
    GtkWidget *d =
        gtk_message_dialog_new(GTK_WINDOW(self), GTK_DIALOG_MODAL, GTK_MESSAGE_QUESTION,
                               GTK_BUTTONS_NONE, "Save this run as a replay of the level?");
    int32_t sx, sy;
    play_session_get_start(self->session, &sx, &sy);
    g_autofree char *text = g_strdup_printf(
        "%u frames of input from (%d, %d). The Issues panel and `loopwright check` run it again "
        "after edits and report when it no longer ends the same way.%s",
        play_session_get_recorded_frames(self->session), sx, sy,
        play_session_physics_match_level(self->session)
            ? ""
            : "\n\nThe tuning is not saved in the level: the replay uses the level's physics.");
    gtk_message_dialog_format_secondary_text(GTK_MESSAGE_DIALOG(d), "%s", text);
    GtkWidget *entry = gtk_entry_new();
    g_autofree char *def = g_strdup_printf("Run %u", doc_level(self)->replay_count + 1);
    gtk_editable_set_text(GTK_EDITABLE(entry), def);
    gtk_entry_set_activates_default(GTK_ENTRY(entry), TRUE);
    gtk_box_append(GTK_BOX(gtk_message_dialog_get_message_area(GTK_MESSAGE_DIALOG(d))), entry);
    g_object_set_data(G_OBJECT(d), "entry", entry);
    gtk_dialog_add_buttons(GTK_DIALOG(d), "_Cancel", GTK_RESPONSE_CANCEL, "_Save",
                           GTK_RESPONSE_ACCEPT, NULL);
    gtk_dialog_set_default_response(GTK_DIALOG(d), GTK_RESPONSE_ACCEPT);
    g_signal_connect(d, "response", G_CALLBACK(save_dialog_response), self);
    gtk_window_present(GTK_WINDOW(d));
}

static void action_save_replay_named(GSimpleAction *a, GVariant *p, gpointer user)
{
    save_replay_named(user, g_variant_get_string(p, NULL));
}

static void action_replay_run(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    g_autofree char *script = play_session_dup_recording(self->session);
    uint32_t frames = play_session_get_recorded_frames(self->session);
    play_session_restart(self->session);
    play_window_after_restart(self);
    g_autoptr(GError) error = NULL;
    if (!play_session_set_script(self->session, script, strlen(script), &error)) {
        play_window_set_status(self, error->message);
        return;
    }
    play_window_set_paused(self, FALSE);
    g_autofree char *s =
        g_strdup_printf("Replaying this run's %u frames; then the keys take over.", frames);
    play_window_set_status(self, s);
}

static void play_replay(PlayWindow *self, guint index)
{
    const lw_level *l = doc_level(self);
    if (index >= l->replay_count)
        return;
    const lw_replay *r = &l->replays[index];
    g_autoptr(GError) error = NULL;
    /* the replay's physics: the level's overrides under its profile and character */
    if (!play_session_use_level_physics(self->session, r->profile, r->character, &error)) {
        play_window_set_status(self, error->message);
        return;
    }
    int32_t start[2] = {r->start_x, r->start_y};
    if (!play_session_restart_at(self->session, r->has_start ? start : NULL, &error) ||
        !play_session_set_script(self->session, r->script, strlen(r->script), &error)) {
        play_window_set_status(self, error->message);
        return;
    }
    play_window_after_restart(self);
    play_window_refresh_tuning(self);
    self->replay_playing = (int)index;
    self->replay_end = r->frames;
    play_window_set_paused(self, FALSE);
    g_autofree char *s = g_strdup_printf("Playing replay “%s” (%u frames).", r->name, r->frames);
    play_window_set_status(self, s);
}

void play_window_replay_finished(PlayWindow *self)
{
    const lw_level *l = doc_level(self);
    int i = self->replay_playing;
    self->replay_playing = -1;
    play_session_clear_script(self->session);
    play_window_set_paused(self, TRUE);
    if (i < 0 || (guint)i >= l->replay_count)
        return;
    EditorReplayResult r;
    editor_replay_run(l, &l->replays[i], &r, NULL);
    g_autofree char *s = g_strdup_printf("Replay “%s” finished at frame %u: %s", l->replays[i].name,
                                         play_session_get_frame(self->session), r.message);
    play_window_set_status(self, s);
    play_window_set_note(self, "Replay finished: %s",
                         r.verdict == EDITOR_REPLAY_PASS ? "passes" : "differs");
}

static void action_play_replay(GSimpleAction *a, GVariant *p, gpointer user)
{
    play_replay(user, g_variant_get_uint32(p));
}

static void action_replay_selected(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    int i = play_replays_panel_get_selected(self->replays_panel);
    if (i >= 0)
        play_replay(self, (guint)i);
}

static void action_accept_replay(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    int i = play_replays_panel_get_selected(self->replays_panel);
    if (i < 0)
        return;
    const lw_level *l = doc_level(self);
    EditorReplayResult res;
    g_autoptr(GError) error = NULL;
    if (!editor_replay_run(l, &l->replays[i], &res, &error)) {
        play_window_set_status(self, error->message);
        return;
    }
    if (res.verdict == EDITOR_REPLAY_PASS) {
        play_window_set_status(self, "The replay already ends as recorded.");
        return;
    }
    lw_replay upd = l->replays[i];
    editor_replay_set_expect(&upd, &res);
    editor_document_push(
        self->doc, editor_cmd_set_replay_new(self->doc, (guint)i, &upd, "Accept Replay Ending"));
    play_window_set_status(self, "The replay's expectation is now how it ends on this level.");
}

static void action_delete_replay(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    int i = play_replays_panel_get_selected(self->replays_panel);
    if (i >= 0)
        editor_document_push(self->doc, editor_cmd_remove_replay_new(self->doc, (guint)i));
}

static void action_check_replays(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    play_replays_panel_run_all(self->replays_panel);
    guint n = play_replays_panel_get_count(self->replays_panel);
    guint failing = play_replays_panel_get_failing(self->replays_panel);
    g_autofree char *s = g_strdup_printf("%u replays run: %u end differently.", n, failing);
    play_window_set_status(self, s);
}

static void action_zoom(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    const char *name = g_action_get_name(G_ACTION(a));
    int z = play_window_effective_zoom(self);
    if (g_str_equal(name, "zoom-in"))
        self->zoom = MIN(z + 1, ZOOM_MAX);
    else if (g_str_equal(name, "zoom-out"))
        self->zoom = MAX(z - 1, 1);
    else
        self->zoom = 0;
    self->cam_valid = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void action_set_zoom(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    self->zoom = CLAMP((int)g_variant_get_uint32(p), 0, ZOOM_MAX);
    self->cam_valid = FALSE;
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void keys_changed(gpointer user)
{
    PlayWindow *self = user;
    self->held = 0;
}

static void action_keys(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    play_window_set_paused(self, TRUE);
    play_keys_dialog_show(GTK_WINDOW(self), &self->keys, G_CALLBACK(keys_changed), self);
}

static PlayWindowOpenEditor open_editor_func;

void play_window_set_open_editor_func(PlayWindowOpenEditor func)
{
    open_editor_func = func;
}

static void action_open_editor(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    GtkApplication *app = gtk_window_get_application(GTK_WINDOW(self));
    /* editor windows name their document as "loopwright-document" */
    for (GList *w = gtk_application_get_windows(app); w; w = w->next)
        if (w->data != (gpointer)self &&
            g_object_get_data(G_OBJECT(w->data), "loopwright-document") == self->doc) {
            gtk_window_present(w->data);
            return;
        }
    if (open_editor_func)
        open_editor_func(app, self->doc);
}

static void action_close(GSimpleAction *a, GVariant *p, gpointer user)
{
    gtk_window_close(GTK_WINDOW(user));
}

/* Automation (tests, --run-action style): advance, rewind, input scripts, files. */
static void action_advance(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    guint n = g_variant_get_uint32(p);
    gboolean rew = self->rewinding;
    self->rewinding = FALSE;
    for (guint i = 0; i < n; i++)
        play_window_sim_frame(self);
    self->rewinding = rew;
    play_window_update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void action_rewind_frames(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    play_session_rewind(self->session, g_variant_get_uint32(p));
    self->cam_valid = FALSE;
    play_window_update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void action_set_input(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    const char *path = g_variant_get_string(p, NULL);
    g_autofree char *text = NULL;
    gsize len = 0;
    g_autoptr(GError) error = NULL;
    if (!g_file_get_contents(path, &text, &len, &error) ||
        !play_session_set_script(self->session, text, len, &error))
        play_window_set_status(self, error->message);
}

static void action_screenshot(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    g_autoptr(GError) error = NULL;
    gboolean whole = g_str_equal(g_action_get_name(G_ACTION(a)), "window-screenshot");
    if (!play_window_write_screenshot(self, g_variant_get_string(p, NULL), whole, &error))
        play_window_set_status(self, error->message);
}

static void action_show_panel(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    gtk_notebook_set_current_page(self->side_notebook,
                                  g_str_equal(g_variant_get_string(p, NULL), "replays") ? 1 : 0);
}

static void action_select_replay(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    guint i = g_variant_get_uint32(p);
    play_replays_panel_select(self->replays_panel, i <= G_MAXINT ? (int)i : -1);
}

static const GActionEntry win_entries[] = {
    {.name = "pause", .state = "false", .change_state = change_bool},
    {.name = "step", .activate = action_step},
    {.name = "restart", .activate = action_restart},
    {.name = "rewind", .state = "false", .change_state = change_bool},
    {.name = "rewind-second", .activate = action_rewind_second},
    {.name = "speed", .parameter_type = "s", .state = "'1'", .change_state = change_speed},
    {.name = "debug", .state = "false", .change_state = change_bool},
    {.name = "profile", .parameter_type = "s", .state = "'s2'", .change_state = change_physics},
    {.name = "character",
     .parameter_type = "s",
     .state = "'sonic'",
     .change_state = change_physics},
    {.name = "save-tuning", .activate = action_save_tuning},
    {.name = "reset-tuning", .activate = action_reset_tuning},
    {.name = "save-replay", .activate = action_save_replay},
    {.name = "replay-run", .activate = action_replay_run},
    {.name = "replay-selected", .activate = action_replay_selected},
    {.name = "accept-replay", .activate = action_accept_replay},
    {.name = "delete-replay", .activate = action_delete_replay},
    {.name = "check-replays", .activate = action_check_replays},
    {.name = "zoom-in", .activate = action_zoom},
    {.name = "zoom-out", .activate = action_zoom},
    {.name = "zoom-reset", .activate = action_zoom},
    {.name = "keys", .activate = action_keys},
    {.name = "open-editor", .activate = action_open_editor},
    {.name = "close", .activate = action_close},
    /* automation */
    {.name = "advance", .parameter_type = "u", .activate = action_advance},
    {.name = "rewind-frames", .parameter_type = "u", .activate = action_rewind_frames},
    {.name = "set-input", .parameter_type = "s", .activate = action_set_input},
    {.name = "set-param", .parameter_type = "(si)", .activate = action_set_param},
    {.name = "set-zoom", .parameter_type = "u", .activate = action_set_zoom},
    {.name = "play-replay", .parameter_type = "u", .activate = action_play_replay},
    {.name = "save-replay-named", .parameter_type = "s", .activate = action_save_replay_named},
    {.name = "screenshot", .parameter_type = "s", .activate = action_screenshot},
    {.name = "window-screenshot", .parameter_type = "s", .activate = action_screenshot},
    {.name = "show-panel", .parameter_type = "s", .activate = action_show_panel},
    {.name = "select-replay", .parameter_type = "u", .activate = action_select_replay},
};

static const struct {
    const char *action;
    const char *accels[4];
} accels[] = {
    {"win.pause", {"F6", "Pause"}},
    {"win.step", {"F7"}},
    {"win.restart", {"F5", "<Control>r"}},
    {"win.rewind-second", {"<Control>BackSpace"}},
    {"win.speed('1')", {"<Control><Alt>1"}},
    {"win.speed('1/2')", {"<Control><Alt>2"}},
    {"win.speed('1/4')", {"<Control><Alt>3"}},
    {"win.speed('1/8')", {"<Control><Alt>4"}},
    {"win.debug", {"F3"}},
    {"win.profile('s1')", {"<Alt>1"}},
    {"win.profile('s2')", {"<Alt>2"}},
    {"win.profile('s3k')", {"<Alt>3"}},
    {"win.profile('cd')", {"<Alt>4"}},
    {"win.profile('modern')", {"<Alt>5"}},
    {"win.character('sonic')", {"<Alt>s"}},
    {"win.character('tails')", {"<Alt>t"}},
    {"win.character('knuckles')", {"<Alt>k"}},
    {"win.save-tuning", {"<Control><Shift>t"}},
    {"win.reset-tuning", {"<Control><Alt>t"}},
    {"win.save-replay", {"<Control><Alt>s"}},
    {"win.replay-run", {"F9"}},
    {"win.replay-selected", {"<Control>Return"}},
    {"win.accept-replay", {"<Control><Shift>Return"}},
    {"win.delete-replay", {"<Control><Shift>Delete"}},
    {"win.check-replays", {"F8"}},
    {"win.keys", {"<Control>comma"}},
    {"win.open-editor", {"<Control>e"}},
    {"win.close", {"<Control>w"}},
};

/* The window's accelerators, added to the application's (an accelerator shared with an editor
 * action — F5, F8, Ctrl+E — goes to whichever of the two exists in the focused window). */
void play_window_install_accels(GtkApplication *app)
{
    for (guint i = 0; i < G_N_ELEMENTS(accels); i++)
        gtk_application_set_accels_for_action(app, accels[i].action, accels[i].accels);
    static const char *const zin[] = {"<Control>plus", "<Control>equal", "<Control>KP_Add", NULL};
    static const char *const zout[] = {"<Control>minus", "<Control>KP_Subtract", NULL};
    static const char *const zreset[] = {"<Control>0", "<Control>KP_0", NULL};
    gtk_application_set_accels_for_action(app, "win.zoom-in", zin);
    gtk_application_set_accels_for_action(app, "win.zoom-out", zout);
    gtk_application_set_accels_for_action(app, "win.zoom-reset", zreset);
}

void play_window_add_actions(PlayWindow *self)
{
    g_action_map_add_action_entries(G_ACTION_MAP(self), win_entries, G_N_ELEMENTS(win_entries),
                                    self);
}
