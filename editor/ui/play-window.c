/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "play-window"

#include "play-window.h"

#include "doc/editor-commands-play.h"
#include "doc/play-camera.h"
#include "doc/replay-check.h"
#include "doc/sim-state.h"
#include "editor-render-objects.h"
#include "editor-sprites.h"
#include "editor-window-title.h"
#include "play-keys.h"
#include "play-render.h"
#include "play-window-state.h"

#include <glib/gstdio.h>
#include <inttypes.h>
#include <loopwright/trace.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

G_DEFINE_FINAL_TYPE(PlayWindow, play_window, GTK_TYPE_APPLICATION_WINDOW)

static guint signals[PLAY_WINDOW_N_SIGNALS];

guint play_window_signal_id(PlayWindowSignal which)
{
    return signals[which];
}

EditorDocument *play_window_get_document(PlayWindow *self)
{
    return self->doc;
}

PlaySession *play_window_get_session(PlayWindow *self)
{
    return self->session;
}

const char *play_window_get_note(PlayWindow *self)
{
    return self->note[0] && g_get_monotonic_time() < self->note_until ? self->note : NULL;
}

void play_window_set_note(PlayWindow *self, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_vsnprintf(self->note, sizeof self->note, fmt, ap);
    va_end(ap);
    self->note_until = g_get_monotonic_time() + NOTE_US;
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

void play_window_set_status(PlayWindow *self, const char *text)
{
    gtk_label_set_text(self->status_label, text);
}

/* ---- camera and zoom ---- */

int play_window_effective_zoom(PlayWindow *self)
{
    if (self->zoom > 0)
        return self->zoom;
    int h = gtk_widget_get_height(GTK_WIDGET(self->view));
    return CLAMP(h / 320, 1, ZOOM_MAX);
}

static PlayCameraTarget camera_target(PlayWindow *self)
{
    const lw_player *pl = &play_session_get_sim(self->session)->state.player;
    lw_input in = play_session_get_last_input(self->session);
    return (PlayCameraTarget){.x = pl->x >> 8,
                              .y = pl->y >> 8,
                              .airborne = pl->airborne,
                              .ysp = pl->ysp,
                              .gsp = pl->gsp,
                              .up = (in & LW_BUTTON_UP) != 0,
                              .down = (in & LW_BUTTON_DOWN) != 0};
}

/* The view size in level px for the current widget size and zoom. */
static void view_size(PlayWindow *self, int *w, int *h)
{
    int z = play_window_effective_zoom(self);
    int ww = gtk_widget_get_width(GTK_WIDGET(self->view)),
        wh = gtk_widget_get_height(GTK_WIDGET(self->view));
    if (ww <= 0 || wh <= 0) {
        ww = 1280;
        wh = 720;
    }
    *w = (ww + z - 1) / z;
    *h = (wh + z - 1) / z;
}

void play_window_camera_reset(PlayWindow *self)
{
    int w, h;
    view_size(self, &w, &h);
    PlayCameraTarget t = camera_target(self);
    play_camera_reset(&self->cam, &t, w, h, lw_level_width_px(doc_level(self)),
                      lw_level_height_px(doc_level(self)));
    self->cam_valid = TRUE;
}

static void camera_fit_view(PlayWindow *self)
{
    int w, h;
    view_size(self, &w, &h);
    if (!self->cam_valid)
        play_window_camera_reset(self);
    else if (w != self->cam.view_w || h != self->cam.view_h)
        play_camera_resize(&self->cam, w, h, lw_level_width_px(doc_level(self)),
                           lw_level_height_px(doc_level(self)));
}

/* ---- stepping ---- */

/* One simulation frame (or one frame back while rewinding), then the camera follows. */
void play_window_sim_frame(PlayWindow *self)
{
    gint64 t0 = g_get_monotonic_time();
    if (self->rewinding) {
        if (play_session_rewind(self->session, 1) == 0)
            play_window_set_note(self, "Start of the rewind buffer (the last %u frames are kept)",
                                 PLAY_REWIND_FRAMES);
    } else if (!play_session_is_dead(self->session)) {
        gboolean scripted = play_session_script_active(self->session);
        lw_sim_status st = play_session_step(
            self->session, play_automator_is_running(self->automator) ? 0 : self->held);
        if (st == LW_SIM_DEAD)
            play_window_set_status(
                self, "The player fell out of the level: R (or F5) restarts, Backspace "
                      "rewinds.");
        if (scripted && self->replay_playing >= 0 &&
            play_session_get_frame(self->session) >= self->replay_end)
            play_window_replay_finished(self);
    }
    /* past the goal the run's clock stands still; the sign turns on the view's own count */
    if (play_session_is_finished(self->session) && !self->rewinding)
        self->finished_frames++;
    else
        self->finished_frames = 0;
    /* its trace row, and the benchmark's timing */
    play_automator_frame_simulated(self->automator, g_get_monotonic_time() - t0);
    if (!self->cam_valid)
        play_window_camera_reset(self);
    PlayCameraTarget t = camera_target(self);
    play_camera_update(&self->cam, &t, lw_level_width_px(doc_level(self)),
                       lw_level_height_px(doc_level(self)));
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    PlayWindow *self = data;
    gint64 now = gdk_frame_clock_get_frame_time(clock);
    gint64 dt = self->last_frame_time ? now - self->last_frame_time : 0;
    self->last_frame_time = now;
    dt = CLAMP(dt, 0, 250000);
    guint steps = 0;
    gboolean automation = play_automator_is_running(self->automator);
    if (automation) {
        if (play_automator_wants_frame(self->automator))
            steps = 1;
    } else if ((!self->paused || self->rewinding) && !editor_document_is_busy(self->doc)) {
        self->acc += dt * 60 / (gint64)self->speed_den;
        steps = (guint)(self->acc / 1000000);
        self->acc %= 1000000;
        if (steps > PLAY_WINDOW_MAX_CATCHUP)
            steps = PLAY_WINDOW_MAX_CATCHUP; /* a stall: drop the frames, do not fast-forward */
    } else {
        self->acc = 0;
    }
    /* a replay that ends mid-catch-up pauses the window: no frame after its last */
    for (guint i = 0; i < steps && (automation || self->rewinding || !self->paused); i++)
        play_window_sim_frame(self);
    if (steps)
        gtk_widget_queue_draw(widget);
    else if (self->note[0] && now > self->note_until) {
        self->note[0] = '\0';
        gtk_widget_queue_draw(widget);
    }
    /* a run with no frame left finishes once this frame is painted */
    if (automation && play_automator_finish_after_paint(self->automator, clock))
        gtk_widget_queue_draw(widget);
    return G_SOURCE_CONTINUE;
}

/* ---- drawing ---- */

static void status_text(PlayWindow *self, char *buf, size_t size)
{
    char speed[16] = "";
    if (self->speed_den > 1)
        g_snprintf(speed, sizeof speed, " · 1/%u×", self->speed_den);
    const char *mode = self->rewinding                             ? "◀◀ Rewinding"
                       : play_session_is_finished(self->session)   ? "Finished"
                       : play_session_script_active(self->session) ? "▶ Replaying"
                       : self->paused                              ? "Paused"
                                                                   : "● Recording";
    g_snprintf(buf, size, "%s · %u frames%s%s", mode,
               play_session_get_recorded_frames(self->session), speed,
               play_session_physics_match_level(self->session) ? "" : " · tuned");
}

/* The object sprites of a level opened from a tree (read once per document path: its `source`
 * names the tree), NULL for any other level. */
static EditorObjectSprites *object_sprites(PlayWindow *self)
{
    const char *path = editor_document_get_path(self->doc);
    if (path && g_strcmp0(path, self->object_sprites_path) != 0) {
        g_clear_pointer(&self->object_sprites, editor_object_sprites_free);
        g_free(self->object_sprites_path);
        self->object_sprites_path = g_strdup(path);
        self->object_sprites = editor_object_sprites_new_for_file(path, NULL);
        self->object_sprites_level = NULL;
    }
    const lw_level *level = editor_document_get_level(self->doc);
    if (self->object_sprites && level != self->object_sprites_level) {
        editor_object_sprites_set_level(self->object_sprites, level); /* what their code reads */
        self->object_sprites_level = level;
    }
    editor_object_sprites_report(self->object_sprites);
    return self->object_sprites;
}

static void fill_render_state(PlayWindow *self, PlayRenderState *rs, char *status, size_t size,
                              char *banner, size_t banner_size)
{
    status_text(self, status, size);
    memset(rs, 0, sizeof *rs);
    rs->level = doc_level(self);
    rs->player_sheet =
        editor_sprites_player_for_level(rs->level, editor_document_get_path(self->doc));
    rs->object_sprites = object_sprites(self);
    rs->sim = play_session_get_sim(self->session);
    rs->session = self->session;
    rs->view_x = self->cam.x;
    rs->view_y = self->cam.y;
    rs->zoom = play_window_effective_zoom(self);
    rs->device_scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));
    rs->debug = self->debug;
    rs->input = play_session_get_last_input(self->session);
    rs->status = status;
    rs->note = play_window_get_note(self);
    rs->finished_frames = self->finished_frames;
    if (play_session_is_dead(self->session))
        rs->banner = "Fell out of the level — R restarts, Backspace rewinds";
    else if (play_session_is_finished(self->session))
        rs->banner = play_render_finish_text(rs->sim, banner, banner_size);
    else if (self->paused && !self->rewinding && !play_automator_is_running(self->automator))
        rs->banner = "Paused";
}

static void draw_view(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
    PlayWindow *self = data;
    gint64 t0 = g_get_monotonic_time();
    camera_fit_view(self);
    PlayRenderState rs;
    char status[160], banner[128];
    fill_render_state(self, &rs, status, sizeof status, banner, sizeof banner);
    play_render_draw(self->renderer, cr, width, height, &rs);
    play_automator_frame_drawn(self->automator, g_get_monotonic_time() - t0);
}

gboolean play_window_write_screenshot(PlayWindow *self, const char *path, gboolean whole_window,
                                      GError **error)
{
    g_autofree char *tmp = g_strconcat(path, ".tmp", NULL);
    if (whole_window) {
        /* The window's title bar and content through their paintables (a toplevel's own
         * paintable draws nothing on GTK 4.8), on the window background, rendered by the
         * window's GSK renderer: what the screen shows, without the decoration's shadow. */
        GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(self));
        GtkWidget *parts[2] = {gtk_window_get_titlebar(GTK_WINDOW(self)),
                               gtk_window_get_child(GTK_WINDOW(self))};
        graphene_rect_t box = GRAPHENE_RECT_INIT(0, 0, 0, 0), b[2];
        gboolean any = FALSE;
        for (int i = 0; i < 2; i++) {
            if (!parts[i] || !gtk_widget_compute_bounds(parts[i], GTK_WIDGET(self), &b[i])) {
                parts[i] = NULL;
                continue;
            }
            if (any)
                graphene_rect_union(&box, &b[i], &box);
            else
                box = b[i];
            any = TRUE;
        }
        if (!renderer || !any || box.size.width < 1 || box.size.height < 1) {
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: the window is not shown", path);
            return FALSE;
        }
        GtkSnapshot *snapshot = gtk_snapshot_new();
        gtk_snapshot_append_color(snapshot, &(GdkRGBA){0.98, 0.98, 0.98, 1},
                                  &GRAPHENE_RECT_INIT(0, 0, box.size.width, box.size.height));
        for (int i = 0; i < 2; i++) {
            if (!parts[i])
                continue;
            GdkPaintable *paintable = gtk_widget_paintable_new(parts[i]);
            gtk_snapshot_save(snapshot);
            gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(b[i].origin.x - box.origin.x,
                                                                  b[i].origin.y - box.origin.y));
            gdk_paintable_snapshot(paintable, snapshot, b[i].size.width, b[i].size.height);
            gtk_snapshot_restore(snapshot);
            g_object_unref(paintable);
        }
        GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
        GdkTexture *texture = gsk_renderer_render_texture(
            renderer, node, &GRAPHENE_RECT_INIT(0, 0, box.size.width, box.size.height));
        gsk_render_node_unref(node);
        gboolean ok = gdk_texture_save_to_png(texture, tmp);
        g_object_unref(texture);
        if (!ok || g_rename(tmp, path) != 0) {
            g_unlink(tmp);
            g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: cannot write the PNG", path);
            return FALSE;
        }
        return TRUE;
    }
    int w = gtk_widget_get_width(GTK_WIDGET(self->view)),
        h = gtk_widget_get_height(GTK_WIDGET(self->view));
    if (w <= 0 || h <= 0) {
        w = 1280;
        h = 720;
    }
    camera_fit_view(self);
    cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
    cairo_t *cr = cairo_create(s);
    PlayRenderState rs;
    char status[160], banner[128];
    fill_render_state(self, &rs, status, sizeof status, banner, sizeof banner);
    rs.device_scale = 1;
    play_render_draw(self->renderer, cr, w, h, &rs);
    cairo_destroy(cr);
    cairo_status_t st = cairo_surface_write_to_png(s, tmp);
    cairo_surface_destroy(s);
    if (st != CAIRO_STATUS_SUCCESS || g_rename(tmp, path) != 0) {
        g_unlink(tmp);
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: cannot write the PNG: %s", path,
                    cairo_status_to_string(st));
        return FALSE;
    }
    return TRUE;
}

/* ---- the document ---- */

static char *level_physics_key(const lw_level *l)
{
    GString *s = g_string_new(NULL);
    g_string_append_printf(s, "%s|%s", l->profile, l->character);
    for (uint32_t i = 0; i < l->override_count; i++)
        g_string_append_printf(s, "|%s=%d", l->overrides[i].name, l->overrides[i].value);
    return g_string_free(s, FALSE);
}

static void load_tileset(PlayWindow *self)
{
    g_autofree char *png = editor_document_dup_tileset_path(self->doc);
    g_free(self->tileset_path);
    self->tileset_path = g_strdup(png ? png : "");
    g_autoptr(GError) error = NULL;
    if (!editor_renderer_load_document_tileset(self->renderer, self->doc, &error))
        play_window_set_status(self, error->message); /* the level draws without art */
}

static void on_doc_changed(PlayWindow *self, EditorChange *change)
{
    const lw_level *l = doc_level(self);
    editor_renderer_invalidate(self->renderer, change);
    if (change->flags & (EDITOR_CHANGE_PROPERTIES | EDITOR_CHANGE_EVERYTHING)) {
        g_autofree char *png = editor_document_dup_tileset_path(self->doc);
        if (g_strcmp0(png ? png : "", self->tileset_path) != 0)
            load_tileset(self);
        g_autofree char *key = level_physics_key(l);
        if (g_strcmp0(key, self->physics_key) != 0) {
            /* the level's physics changed (saved tuning, an undo of it): follow the level */
            g_autoptr(GError) error = NULL;
            if (!play_session_physics_match_level(self->session) &&
                !play_session_sync_physics_from_level(self->session, &error))
                play_window_set_status(self, error->message);
            g_free(self->physics_key);
            self->physics_key = g_steal_pointer(&key);
            play_window_refresh_tuning(self);
        }
    }
    if (play_session_level_changed(self->session, change->flags))
        play_window_set_note(self, "Level changed at frame %u — path swappers re-read",
                             play_session_get_frame(self->session));
    else
        play_window_set_note(self, "Level changed at frame %u",
                             play_session_get_frame(self->session));
    /* the camera may now look outside a smaller level */
    if (change->flags & EDITOR_CHANGE_EVERYTHING)
        self->cam_valid = FALSE;
    play_window_update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void update_title(PlayWindow *self)
{
    g_autofree char *name = editor_window_dup_doc_title(self->doc);
    g_autofree char *title = g_strdup_printf("Test-Play — %s", name);
    gtk_window_set_title(GTK_WINDOW(self), title);
}

/* ---- keyboard and pointer on the view ---- */

static gboolean view_key_pressed(GtkEventControllerKey *c, guint keyval, guint code,
                                 GdkModifierType state, PlayWindow *self)
{
    if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
        return FALSE; /* accelerators */
    lw_input b = play_keymap_lookup(&self->keys, keyval);
    if (b) {
        self->held |= b;
        return TRUE;
    }
    const char *action = NULL;
    GVariant *target = NULL;
    switch (gdk_keyval_to_lower(keyval)) {
    case GDK_KEY_BackSpace:
        play_window_set_rewinding(self, TRUE);
        return TRUE;
    case GDK_KEY_p:
        action = "win.pause";
        break;
    case GDK_KEY_period:
    case GDK_KEY_n:
        action = "win.step";
        break;
    case GDK_KEY_r:
        action = "win.restart";
        break;
    case GDK_KEY_d:
        action = "win.debug";
        break;
    case GDK_KEY_1:
    case GDK_KEY_2:
    case GDK_KEY_3:
    case GDK_KEY_4: {
        static const char *const s[] = {"1", "1/2", "1/4", "1/8"};
        action = "win.speed";
        target = g_variant_new_string(s[gdk_keyval_to_lower(keyval) - GDK_KEY_1]);
        break;
    }
    default:
        return FALSE;
    }
    gtk_widget_activate_action_variant(GTK_WIDGET(self), action, target);
    return TRUE;
}

static void view_key_released(GtkEventControllerKey *c, guint keyval, guint code,
                              GdkModifierType state, PlayWindow *self)
{
    self->held &= (lw_input)~play_keymap_lookup(&self->keys, keyval);
    if (keyval == GDK_KEY_BackSpace)
        play_window_set_rewinding(self, FALSE);
}

static void view_focus_leave(GtkEventControllerFocus *c, PlayWindow *self)
{
    self->held = 0;
    play_window_set_rewinding(self, FALSE);
}

static void view_pressed(GtkGestureClick *g, int n, double x, double y, PlayWindow *self)
{
    gtk_widget_grab_focus(GTK_WIDGET(self->view));
}

static void rewind_pressed(GtkGestureClick *g, int n, double x, double y, PlayWindow *self)
{
    play_window_set_rewinding(self, TRUE);
}

static void rewind_released(GtkGestureClick *g, int n, double x, double y, PlayWindow *self)
{
    play_window_set_rewinding(self, FALSE);
}

static void rewind_cancelled(GtkGesture *g, GdkEventSequence *seq, PlayWindow *self)
{
    play_window_set_rewinding(self, FALSE);
}

static void dropdown_changed(GtkDropDown *dd, GParamSpec *pspec, PlayWindow *self)
{
    if (self->updating)
        return;
    GtkStringObject *item = gtk_drop_down_get_selected_item(dd);
    if (!item)
        return;
    const char *s = gtk_string_object_get_string(item);
    if (dd == self->speed_dropdown) {
        static const char *const speeds[] = {"1", "1/2", "1/4", "1/8"};
        guint i = gtk_drop_down_get_selected(dd);
        g_action_group_activate_action(G_ACTION_GROUP(self), "speed",
                                       g_variant_new_string(speeds[MIN(i, 3u)]));
    } else {
        g_action_group_change_action_state(G_ACTION_GROUP(self),
                                           dd == self->profile_dropdown ? "profile" : "character",
                                           g_variant_new_string(s));
    }
    gtk_widget_grab_focus(GTK_WIDGET(self->view));
}

/* ---- the Tuning and Replays tabs (PlayTuningPanel, PlayReplaysPanel) ---- */

/* The session's physics changed: the Tuning tab, the profile and character choosers and their
 * actions follow. */
void play_window_refresh_tuning(PlayWindow *self)
{
    play_tuning_panel_refresh(self->tuning_panel);
    self->updating = TRUE;
    static const char *const profiles[] = {"s1", "s2", "s3k", "cd", "modern"};
    static const char *const chars[] = {"sonic", "tails", "knuckles"};
    const char *profile = play_session_get_profile_name(self->session);
    const char *character = play_session_get_character_name(self->session);
    for (guint i = 0; i < G_N_ELEMENTS(profiles); i++)
        if (g_str_equal(profiles[i], profile))
            gtk_drop_down_set_selected(self->profile_dropdown, i);
    for (guint i = 0; i < G_N_ELEMENTS(chars); i++)
        if (g_str_equal(chars[i], character))
            gtk_drop_down_set_selected(self->character_dropdown, i);
    GAction *a = g_action_map_lookup_action(G_ACTION_MAP(self), "profile");
    g_simple_action_set_state(G_SIMPLE_ACTION(a), g_variant_new_string(profile));
    a = g_action_map_lookup_action(G_ACTION_MAP(self), "character");
    g_simple_action_set_state(G_SIMPLE_ACTION(a), g_variant_new_string(character));
    self->updating = FALSE;
    play_window_update_actions(self);
}

static void on_field_changed(PlayTuningPanel *panel, guint index, int value, PlayWindow *self)
{
    play_window_update_actions(self); /* Save to Level */
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void on_replay_selection(PlayReplaysPanel *panel, int index, PlayWindow *self)
{
    play_window_update_actions(self);
}

static void on_replay_activated(PlayReplaysPanel *panel, guint index, PlayWindow *self)
{
    g_action_group_activate_action(G_ACTION_GROUP(self), "play-replay",
                                   g_variant_new_uint32(index));
}

static void on_verdicts_changed(PlayReplaysPanel *panel, guint count, guint failing,
                                PlayWindow *self)
{
    g_autofree char *tab = failing ? g_strdup_printf("Replays (%u failing)", failing)
                           : count ? g_strdup_printf("Replays (%u)", count)
                                   : g_strdup("Replays");
    gtk_label_set_text(self->replays_tab_label, tab);
}

/* ---- lifetime ---- */

static void on_doc_notify(PlayWindow *self)
{
    update_title(self);
}

static void on_map(PlayWindow *self)
{
    gtk_widget_grab_focus(GTK_WIDGET(self->view));
}

static void play_window_dispose(GObject *object)
{
    PlayWindow *self = PLAY_WINDOW(object);
    if (self->tick_id) {
        gtk_widget_remove_tick_callback(GTK_WIDGET(self->view), self->tick_id);
        self->tick_id = 0;
    }
    g_clear_object(&self->automator);
    if (self->doc)
        g_signal_handlers_disconnect_by_data(self->doc, self);
    gtk_widget_dispose_template(GTK_WIDGET(self), PLAY_TYPE_WINDOW);
    G_OBJECT_CLASS(play_window_parent_class)->dispose(object);
}

static void play_window_finalize(GObject *object)
{
    PlayWindow *self = PLAY_WINDOW(object);
    g_clear_pointer(&self->session, play_session_free);
    g_clear_pointer(&self->renderer, editor_renderer_free);
    g_clear_pointer(&self->object_sprites, editor_object_sprites_free);
    g_clear_pointer(&self->object_sprites_path, g_free);
    g_clear_object(&self->doc);
    g_clear_pointer(&self->tileset_path, g_free);
    g_clear_pointer(&self->physics_key, g_free);
    G_OBJECT_CLASS(play_window_parent_class)->finalize(object);
}

static void play_window_class_init(PlayWindowClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->dispose = play_window_dispose;
    object_class->finalize = play_window_finalize;
    /**
     * PlayWindow::automation-finished:
     * @status: 0, or 1 when a requested file could not be written
     *
     * An automated run (play_window_start_automation) wrote its files and printed its output.
     */
    signals[PLAY_WINDOW_SIGNAL_AUTOMATION_FINISHED] =
        g_signal_new("automation-finished", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL,
                     NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/io/github/loopwright/Loopwright/play-window.ui");
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, view);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, status_label);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, tuning_panel);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, replays_panel);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, replays_tab_label);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, speed_dropdown);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, profile_dropdown);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, character_dropdown);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, rewind_button);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, side_notebook);
}

static void play_window_init(PlayWindow *self)
{
    g_type_ensure(GTK_TYPE_DRAWING_AREA);
    g_type_ensure(PLAY_TYPE_TUNING_PANEL);
    g_type_ensure(PLAY_TYPE_REPLAYS_PANEL);
    gtk_widget_init_template(GTK_WIDGET(self));
    self->speed_den = 1;
    self->replay_playing = -1;
    play_window_add_actions(self);
}

/* ---- automation (a PlayAutomator over the session) ---- */

static gboolean automator_screenshot(gpointer user, const char *path, gboolean whole_window,
                                     GError **error)
{
    return play_window_write_screenshot(user, path, whole_window, error);
}

static void automator_describe(gpointer user, GString *out)
{
    PlayWindow *self = user;
    int vw = gtk_widget_get_width(GTK_WIDGET(self)), vh = gtk_widget_get_height(GTK_WIDGET(self));
    g_string_append_printf(
        out, "benchmark: window %dx%d, view %dx%d at zoom %d, debugger %s, renderer %s\n", vw, vh,
        gtk_widget_get_width(GTK_WIDGET(self->view)), gtk_widget_get_height(GTK_WIDGET(self->view)),
        play_window_effective_zoom(self), self->debug ? "on" : "off",
        G_OBJECT_TYPE_NAME(gtk_native_get_renderer(GTK_NATIVE(self))));
}

/* The run wrote its files: back to an ordinary, paused window (the play command closes it). */
static void automator_finished(PlayAutomator *automator, int status, PlayWindow *self)
{
    play_window_set_paused(self, TRUE);
    g_signal_emit(self, signals[PLAY_WINDOW_SIGNAL_AUTOMATION_FINISHED], 0, status);
}

static void watch_frame_clock(PlayWindow *self)
{
    play_automator_watch_clock(self->automator, gtk_widget_get_frame_clock(GTK_WIDGET(self)));
}

gboolean play_window_start_automation(PlayWindow *self, const PlayAutomation *a, GError **error)
{
    if (!play_automator_start(self->automator, a, error))
        return FALSE;
    play_window_after_restart(self);
    if (gtk_widget_get_realized(GTK_WIDGET(self)))
        watch_frame_clock(self);
    return TRUE;
}

PlayAutomator *play_window_get_automator(PlayWindow *self)
{
    return self->automator;
}

const char *play_window_get_automation_errors(PlayWindow *self)
{
    return play_automator_get_errors(self->automator);
}

const char *play_window_get_benchmark_report(PlayWindow *self)
{
    return play_automator_get_report(self->automator);
}

gboolean play_window_use_physics(PlayWindow *self, const char *profile, const char *character,
                                 GError **error)
{
    if (!play_session_use_level_physics(self->session, profile, character, error))
        return FALSE;
    play_session_restart(self->session);
    play_window_after_restart(self);
    play_window_refresh_tuning(self);
    return TRUE;
}

PlayWindow *play_window_find(GtkApplication *app, EditorDocument *doc)
{
    for (GList *w = gtk_application_get_windows(app); w; w = w->next)
        if (PLAY_IS_WINDOW(w->data) && PLAY_WINDOW(w->data)->doc == doc)
            return w->data;
    return NULL;
}

PlayWindow *play_window_new(GtkApplication *app, EditorDocument *doc, const int32_t *start_xy,
                            GError **error)
{
    PlaySession *session = play_session_new(editor_document_get_level(doc), start_xy, error);
    if (!session)
        return NULL;
    play_window_install_accels(app);
    PlayWindow *self = g_object_new(PLAY_TYPE_WINDOW, "application", app, NULL);
    self->doc = g_object_ref(doc);
    self->session = session;
    const PlayAutomatorHost host = {automator_screenshot, automator_describe, self};
    self->automator = play_automator_new(session, &host);
    g_signal_connect_object(self->automator, "finished", G_CALLBACK(automator_finished), self, 0);
    /* a benchmark started before the window was realized times its frames from then on */
    g_signal_connect_swapped(self, "realize", G_CALLBACK(watch_frame_clock), self);
    self->renderer = editor_renderer_new(editor_document_get_level(doc));
    self->physics_key = level_physics_key(editor_document_get_level(doc));
    load_tileset(self);
    g_autoptr(GError) kerr = NULL;
    if (!play_keymap_load(&self->keys, NULL, &kerr))
        play_window_set_status(self, kerr->message);

    /* the play window's own shortcuts window (Ctrl+?) instead of the editor's */
    GtkBuilder *b =
        gtk_builder_new_from_resource("/io/github/loopwright/Loopwright/play-shortcuts.ui");
    gtk_application_window_set_help_overlay(
        GTK_APPLICATION_WINDOW(self),
        GTK_SHORTCUTS_WINDOW(gtk_builder_get_object(b, "play_shortcuts")));
    g_object_unref(b);

    gtk_drawing_area_set_draw_func(self->view, draw_view, self, NULL);
    self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self->view), tick, self, NULL);
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(view_key_pressed), self);
    g_signal_connect(keys, "key-released", G_CALLBACK(view_key_released), self);
    gtk_widget_add_controller(GTK_WIDGET(self->view), keys);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "leave", G_CALLBACK(view_focus_leave), self);
    gtk_widget_add_controller(GTK_WIDGET(self->view), focus);
    GtkGesture *click = gtk_gesture_click_new();
    g_signal_connect(click, "pressed", G_CALLBACK(view_pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self->view), GTK_EVENT_CONTROLLER(click));
    GtkGesture *hold = gtk_gesture_click_new();
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(hold), GTK_PHASE_CAPTURE);
    g_signal_connect(hold, "pressed", G_CALLBACK(rewind_pressed), self);
    g_signal_connect(hold, "released", G_CALLBACK(rewind_released), self);
    g_signal_connect(hold, "cancel", G_CALLBACK(rewind_cancelled), self);
    gtk_widget_add_controller(GTK_WIDGET(self->rewind_button), GTK_EVENT_CONTROLLER(hold));
    g_signal_connect(self->speed_dropdown, "notify::selected", G_CALLBACK(dropdown_changed), self);
    g_signal_connect(self->profile_dropdown, "notify::selected", G_CALLBACK(dropdown_changed),
                     self);
    g_signal_connect(self->character_dropdown, "notify::selected", G_CALLBACK(dropdown_changed),
                     self);
    g_signal_connect(self->tuning_panel, "field-changed", G_CALLBACK(on_field_changed), self);
    g_signal_connect(self->replays_panel, "selection-changed", G_CALLBACK(on_replay_selection),
                     self);
    g_signal_connect(self->replays_panel, "replay-activated", G_CALLBACK(on_replay_activated),
                     self);
    g_signal_connect(self->replays_panel, "verdicts-changed", G_CALLBACK(on_verdicts_changed),
                     self);
    g_signal_connect_swapped(self, "map", G_CALLBACK(on_map), self);

    play_tuning_panel_set_session(self->tuning_panel, session);
    play_window_refresh_tuning(self);
    /* before the window's own `changed` handler: the rows are rebuilt when it runs */
    play_replays_panel_set_document(self->replays_panel, doc);
    g_signal_connect_object(doc, "changed", G_CALLBACK(on_doc_changed), self, G_CONNECT_SWAPPED);
    g_signal_connect_object(doc, "notify::title", G_CALLBACK(on_doc_notify), self,
                            G_CONNECT_SWAPPED);
    update_title(self);
    int32_t x, y;
    play_session_get_start(session, &x, &y);
    g_autofree char *s = g_strdup_printf(
        "Started at (%d, %d). Arrows run, Z/X/C/Space jump, Down rolls; P pauses, Backspace "
        "rewinds, D shows the debugger; Ctrl+? lists every key.",
        x, y);
    play_window_set_status(self, s);
    play_window_update_actions(self);
    return self;
}
