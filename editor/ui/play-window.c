/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "play-window"

#include "play-window.h"

#include "doc/editor-commands-play.h"
#include "doc/play-camera.h"
#include "doc/replay-check.h"
#include "doc/sim-state.h"
#include "editor-sprites.h"
#include "play-keys.h"
#include "play-render.h"

#include <glib/gstdio.h>
#include <inttypes.h>
#include <loopwright/trace.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define NOTE_US      4000000 /* how long a note stays on screen */
#define BENCH_WARMUP 30      /* benchmark frames left out of the summary (caches fill) */
#define ZOOM_MAX     8

typedef struct {
    gint64 before_paint, after_paint; /* frame-clock phases, µs (monotonic) */
    gint64 sim_us, draw_us;           /* simulation and view drawing inside that frame */
    gint64 frame_time;                /* the frame clock's frame time */
    guint steps;                      /* simulation steps in that frame */
} BenchFrame;

typedef struct {
    EditorReplayVerdict verdict;
    char message[256];
} ReplayStatus;

struct _PlayWindow {
    GtkApplicationWindow parent_instance;

    /* Owned */
    EditorDocument *doc;
    PlaySession *session;
    EditorRenderer *renderer;
    char *tileset_path;    /* the level's tileset as last loaded ("" = none) */
    char *physics_key;     /* the level's profile/character/overrides as last seen */
    GString *trace;        /* automation: trace rows */
    GArray *bench;         /* BenchFrame */
    GArray *replay_status; /* ReplayStatus per level replay */
    char *auto_screenshot, *auto_window_screenshot, *auto_trace;

    /* Template widgets */
    GtkDrawingArea *view;
    GtkLabel *status_label;
    GtkLabel *tuning_summary;
    GtkGrid *tuning_grid;
    GtkListBox *replay_list;
    GtkLabel *replays_tab_label;
    GtkDropDown *speed_dropdown, *profile_dropdown, *character_dropdown;
    GtkButton *rewind_button;
    GtkNotebook *side_notebook;

    /* Other widgets */
    GtkWidget **param_name, **param_preset, **param_value; /* lw_param_count() each */

    /* State */
    PlayCamera cam;
    gboolean cam_valid;
    int zoom;      /* view units per level px; 0 = fit to the window */
    lw_input held; /* pad buttons held on the keyboard */
    gboolean paused, rewinding, debug;
    guint speed_den;             /* 1, 2, 4, 8 */
    gint64 last_frame_time, acc; /* frame-clock accumulator, 1/60 µs units (1e6 = a frame) */
    guint tick_id;
    PlayKeymap keys;
    char note[160];
    gint64 note_until;
    gboolean updating; /* refreshing widgets from the state: ignore their signals */
    guint verdict_timeout;
    int replay_playing;  /* index of the level replay being played, -1 = none */
    uint32_t replay_end; /* its frame count */
    /* automation */
    gboolean automation;
    guint auto_frames;
    gboolean auto_done, auto_benchmark, auto_print;
    gint64 frame_sim_us, frame_draw_us;
    guint frame_steps;
    gulong before_paint_id, after_paint_id;
    GdkFrameClock *bench_clock;
    gulong finish_id;
    GdkFrameClock *finish_clock;
};

G_DEFINE_FINAL_TYPE(PlayWindow, play_window, GTK_TYPE_APPLICATION_WINDOW)

enum { SIGNAL_AUTOMATION_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void update_actions(PlayWindow *self);
static void refresh_tuning(PlayWindow *self);
static void rebuild_replays(PlayWindow *self);
static void schedule_verdicts(PlayWindow *self);

/* The level of the document shown (read only: edits go through commands). */
static const lw_level *doc_level(PlayWindow *self)
{
    return editor_document_get_level(self->doc);
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

static void set_note(PlayWindow *self, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static void set_note(PlayWindow *self, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    g_vsnprintf(self->note, sizeof self->note, fmt, ap);
    va_end(ap);
    self->note_until = g_get_monotonic_time() + NOTE_US;
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void set_status(PlayWindow *self, const char *text)
{
    gtk_label_set_text(self->status_label, text);
}

/* ---- camera and zoom ---- */

static int effective_zoom(PlayWindow *self)
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
    int z = effective_zoom(self);
    int ww = gtk_widget_get_width(GTK_WIDGET(self->view)),
        wh = gtk_widget_get_height(GTK_WIDGET(self->view));
    if (ww <= 0 || wh <= 0) {
        ww = 1280;
        wh = 720;
    }
    *w = (ww + z - 1) / z;
    *h = (wh + z - 1) / z;
}

static void camera_reset(PlayWindow *self)
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
        camera_reset(self);
    else if (w != self->cam.view_w || h != self->cam.view_h)
        play_camera_resize(&self->cam, w, h, lw_level_width_px(doc_level(self)),
                           lw_level_height_px(doc_level(self)));
}

/* ---- stepping ---- */

static void trace_row(PlayWindow *self)
{
    if (!self->trace)
        return;
    const lw_sim *sim = play_session_get_sim(self->session);
    char row[LW_TRACE_ROW_MAX];
    lw_trace_format_sim_row(row, sizeof row, sim);
    g_string_append(self->trace, row);
}

static void replay_finished(PlayWindow *self);

/* One simulation frame (or one frame back while rewinding), then the camera follows. */
static void sim_frame(PlayWindow *self)
{
    gint64 t0 = g_get_monotonic_time();
    if (self->rewinding) {
        if (play_session_rewind(self->session, 1) == 0)
            set_note(self, "Start of the rewind buffer (the last %u frames are kept)",
                     PLAY_REWIND_FRAMES);
    } else if (!play_session_is_dead(self->session)) {
        gboolean scripted = play_session_script_active(self->session);
        lw_sim_status st = play_session_step(self->session, self->automation ? 0 : self->held);
        trace_row(self);
        if (st == LW_SIM_DEAD)
            set_status(self, "The player fell out of the level: R (or F5) restarts, Backspace "
                             "rewinds.");
        if (scripted && self->replay_playing >= 0 &&
            play_session_get_frame(self->session) >= self->replay_end)
            replay_finished(self);
    }
    self->frame_sim_us += g_get_monotonic_time() - t0;
    self->frame_steps++;
    if (!self->cam_valid)
        camera_reset(self);
    PlayCameraTarget t = camera_target(self);
    play_camera_update(&self->cam, &t, lw_level_width_px(doc_level(self)),
                       lw_level_height_px(doc_level(self)));
}

static void automation_finish(PlayWindow *self);

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    PlayWindow *self = data;
    gint64 now = gdk_frame_clock_get_frame_time(clock);
    gint64 dt = self->last_frame_time ? now - self->last_frame_time : 0;
    self->last_frame_time = now;
    dt = CLAMP(dt, 0, 250000);
    guint steps = 0;
    if (self->automation) {
        if (!self->auto_done && play_session_get_frame(self->session) < self->auto_frames &&
            !play_session_is_dead(self->session))
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
    for (guint i = 0; i < steps && (self->automation || self->rewinding || !self->paused); i++)
        sim_frame(self);
    if (steps)
        gtk_widget_queue_draw(widget);
    else if (self->note[0] && now > self->note_until) {
        self->note[0] = '\0';
        gtk_widget_queue_draw(widget);
    }
    if (self->automation && !self->auto_done && !self->finish_id &&
        (play_session_get_frame(self->session) >= self->auto_frames ||
         play_session_is_dead(self->session))) {
        /* finish once this frame is painted: the window's render nodes are complete then */
        gtk_widget_queue_draw(widget);
        self->finish_clock = clock;
        self->finish_id =
            g_signal_connect_swapped(clock, "after-paint", G_CALLBACK(automation_finish), self);
    }
    return G_SOURCE_CONTINUE;
}

/* ---- drawing ---- */

static void status_text(PlayWindow *self, char *buf, size_t size)
{
    char speed[16] = "";
    if (self->speed_den > 1)
        g_snprintf(speed, sizeof speed, " · 1/%u×", self->speed_den);
    const char *mode = self->rewinding                             ? "◀◀ Rewinding"
                       : play_session_script_active(self->session) ? "▶ Replaying"
                       : self->paused                              ? "Paused"
                                                                   : "● Recording";
    g_snprintf(buf, size, "%s · %u frames%s%s", mode,
               play_session_get_recorded_frames(self->session), speed,
               play_session_physics_match_level(self->session) ? "" : " · tuned");
}

static void fill_render_state(PlayWindow *self, PlayRenderState *rs, char *status, size_t size)
{
    status_text(self, status, size);
    memset(rs, 0, sizeof *rs);
    rs->level = doc_level(self);
    rs->player_sheet =
        editor_sprites_player_for_level(rs->level, editor_document_get_path(self->doc));
    rs->sim = play_session_get_sim(self->session);
    rs->session = self->session;
    rs->view_x = self->cam.x;
    rs->view_y = self->cam.y;
    rs->zoom = effective_zoom(self);
    rs->device_scale = gtk_widget_get_scale_factor(GTK_WIDGET(self));
    rs->debug = self->debug;
    rs->input = play_session_get_last_input(self->session);
    rs->status = status;
    rs->note = play_window_get_note(self);
    if (play_session_is_dead(self->session))
        rs->banner = "Fell out of the level — R restarts, Backspace rewinds";
    else if (self->paused && !self->rewinding && !self->automation)
        rs->banner = "Paused";
}

static void draw_view(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
    PlayWindow *self = data;
    gint64 t0 = g_get_monotonic_time();
    camera_fit_view(self);
    PlayRenderState rs;
    char status[160];
    fill_render_state(self, &rs, status, sizeof status);
    play_render_draw(self->renderer, cr, width, height, &rs);
    self->frame_draw_us += g_get_monotonic_time() - t0;
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
    char status[160];
    fill_render_state(self, &rs, status, sizeof status);
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
    if (!editor_renderer_load_tileset(self->renderer, png, &error))
        set_status(self, error->message); /* the level draws without art */
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
                set_status(self, error->message);
            g_free(self->physics_key);
            self->physics_key = g_steal_pointer(&key);
            refresh_tuning(self);
        }
        rebuild_replays(self);
    }
    if (play_session_level_changed(self->session, change->flags))
        set_note(self, "Level changed at frame %u — path swappers re-read",
                 play_session_get_frame(self->session));
    else
        set_note(self, "Level changed at frame %u", play_session_get_frame(self->session));
    /* the camera may now look outside a smaller level */
    if (change->flags & EDITOR_CHANGE_EVERYTHING)
        self->cam_valid = FALSE;
    schedule_verdicts(self);
    update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void update_title(PlayWindow *self)
{
    g_autofree char *title =
        g_strdup_printf("Test-Play — %s", editor_document_get_title(self->doc));
    gtk_window_set_title(GTK_WINDOW(self), title);
}

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

static void refresh_tuning(PlayWindow *self)
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
    update_actions(self);
}

static void param_spin_changed(GtkSpinButton *spin, PlayWindow *self)
{
    if (self->updating)
        return;
    guint i = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(spin), "param"));
    play_session_set_param(self->session, i, (int32_t)gtk_spin_button_get_value_as_int(spin));
    refresh_tuning(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void param_check_toggled(GtkCheckButton *check, PlayWindow *self)
{
    if (self->updating)
        return;
    guint i = GPOINTER_TO_UINT(g_object_get_data(G_OBJECT(check), "param"));
    play_session_set_param(self->session, i, gtk_check_button_get_active(check) ? 1 : 0);
    refresh_tuning(self);
}

static void build_tuning(PlayWindow *self)
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

static int selected_replay(PlayWindow *self)
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

static void rebuild_replays(PlayWindow *self)
{
    int keep = selected_replay(self);
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
    update_actions(self);
}

static gboolean verdicts_due(gpointer data)
{
    PlayWindow *self = data;
    self->verdict_timeout = 0;
    rebuild_replays(self);
    return G_SOURCE_REMOVE;
}

static void schedule_verdicts(PlayWindow *self)
{
    if (doc_level(self)->replay_count == 0)
        return;
    g_clear_handle_id(&self->verdict_timeout, g_source_remove);
    self->verdict_timeout = g_timeout_add(500, verdicts_due, self);
}

/* ---- actions ---- */

static void set_enabled(PlayWindow *self, const char *name, gboolean enabled)
{
    GAction *a = g_action_map_lookup_action(G_ACTION_MAP(self), name);
    if (a)
        g_simple_action_set_enabled(G_SIMPLE_ACTION(a), enabled);
}

static void update_actions(PlayWindow *self)
{
    int sel = selected_replay(self);
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

static void set_paused(PlayWindow *self, gboolean paused)
{
    self->paused = paused;
    self->acc = 0;
    set_bool_state(self, "pause", paused);
    update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void set_rewinding(PlayWindow *self, gboolean on)
{
    if (self->rewinding == on)
        return;
    self->rewinding = on;
    self->acc = 0;
    set_bool_state(self, "rewind", on);
    if (!on)
        update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void change_bool(GSimpleAction *a, GVariant *v, gpointer user)
{
    PlayWindow *self = user;
    const char *name = g_action_get_name(G_ACTION(a));
    gboolean on = g_variant_get_boolean(v);
    if (g_str_equal(name, "pause")) {
        set_paused(self, on);
    } else if (g_str_equal(name, "rewind")) {
        set_rewinding(self, on);
    } else if (g_str_equal(name, "debug")) {
        self->debug = on;
        g_simple_action_set_state(a, v);
        gtk_widget_queue_draw(GTK_WIDGET(self->view));
    }
}

static void after_restart(PlayWindow *self)
{
    self->cam_valid = FALSE;
    self->acc = 0;
    self->replay_playing = -1;
    camera_reset(self);
    update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

gboolean play_window_restart_at(PlayWindow *self, const int32_t *start_xy, GError **error)
{
    if (!play_session_restart_at(self->session, start_xy, error))
        return FALSE;
    play_session_clear_script(self->session);
    after_restart(self);
    int32_t x, y;
    play_session_get_start(self->session, &x, &y);
    g_autofree char *s = g_strdup_printf("Started at (%d, %d).", x, y);
    set_status(self, s);
    return TRUE;
}

static void action_restart(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    play_session_restart(self->session);
    play_session_clear_script(self->session);
    after_restart(self);
    set_status(self, "Restarted.");
}

static void action_step(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    if (!self->paused)
        set_paused(self, TRUE);
    sim_frame(self);
    update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void action_rewind_second(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    uint32_t n = play_session_rewind(self->session, 60);
    g_autofree char *s =
        g_strdup_printf("Rewound %u frames to frame %u.", n, play_session_get_frame(self->session));
    set_status(self, s);
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
        set_status(self, error->message);
        return;
    }
    if (!is_profile) {
        /* other radii and jump: start the run again with the new character */
        play_session_restart(self->session);
        after_restart(self);
        g_autofree char *s = g_strdup_printf("Restarted as %s.", name);
        set_status(self, s);
    }
    refresh_tuning(self);
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
        set_status(self, "The level already has these physics settings.");
        return;
    }
    editor_document_push(self->doc, cmd);
    g_autofree char *s = g_strdup_printf("Saved %s, %s and %u overrides in the level (undo in the "
                                         "editor takes them back).",
                                         play_session_get_profile_name(self->session),
                                         play_session_get_character_name(self->session), n);
    set_status(self, s);
}

static void action_reset_tuning(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    play_session_reset_tuning(self->session);
    refresh_tuning(self);
    set_status(self, "Every constant is back to the preset.");
}

static void action_set_param(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    const char *name;
    gint32 value;
    g_variant_get(p, "(&si)", &name, &value);
    int32_t i = lw_param_find(name);
    if (i < 0 || !play_session_set_param(self->session, (guint)i, value)) {
        g_autofree char *s = g_strdup_printf("%s: unknown constant or value out of range", name);
        set_status(self, s);
        return;
    }
    refresh_tuning(self);
}

/* Save the run as a level replay named @name: its start, profile, character and inputs, and
 * what a fresh run of it on the level gives now as the expectation. */
static void save_replay_named(PlayWindow *self, const char *name)
{
    g_autofree char *script = play_session_dup_recording(self->session);
    lw_replay r = {.name = (char *)name, .script = script};
    r.has_start = TRUE;
    play_session_get_start(self->session, &r.start_x, &r.start_y);
    g_strlcpy(r.profile, play_session_get_profile_name(self->session), sizeof r.profile);
    g_strlcpy(r.character, play_session_get_character_name(self->session), sizeof r.character);
    r.frames = play_session_get_recorded_frames(self->session);
    EditorReplayResult res;
    g_autoptr(GError) error = NULL;
    if (!editor_replay_run(doc_level(self), &r, &res, &error)) {
        set_status(self, error->message);
        return;
    }
    editor_replay_set_expect(&r, &res);
    EditorCommand *cmd = editor_cmd_add_replay_new(self->doc, &r, -1);
    if (!cmd) {
        set_status(self, "The replay cannot be saved: the level holds 256 replays at most, "
                         "scripts 1 MiB.");
        return;
    }
    editor_document_push(self->doc, cmd);
    uint64_t live = lw_sim_hash(play_session_get_sim(self->session));
    g_autofree char *s =
        res.hash == live
            ? g_strdup_printf("Saved replay “%s”: %u frames, ends at (%d, %d) on path %c.", name,
                              r.frames, res.x, res.y, res.path ? 'B' : 'A')
            : g_strdup_printf("Saved replay “%s”: %u frames. The run crossed level edits or used "
                              "unsaved tuning: its expectation is what the level gives now, "
                              "ending at (%d, %d).",
                              name, r.frames, res.x, res.y);
    set_status(self, s);
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
    set_paused(self, TRUE);
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
    after_restart(self);
    g_autoptr(GError) error = NULL;
    if (!play_session_set_script(self->session, script, strlen(script), &error)) {
        set_status(self, error->message);
        return;
    }
    set_paused(self, FALSE);
    g_autofree char *s =
        g_strdup_printf("Replaying this run's %u frames; then the keys take over.", frames);
    set_status(self, s);
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
        set_status(self, error->message);
        return;
    }
    int32_t start[2] = {r->start_x, r->start_y};
    if (!play_session_restart_at(self->session, r->has_start ? start : NULL, &error) ||
        !play_session_set_script(self->session, r->script, strlen(r->script), &error)) {
        set_status(self, error->message);
        return;
    }
    after_restart(self);
    refresh_tuning(self);
    self->replay_playing = (int)index;
    self->replay_end = r->frames;
    set_paused(self, FALSE);
    g_autofree char *s = g_strdup_printf("Playing replay “%s” (%u frames).", r->name, r->frames);
    set_status(self, s);
}

static void replay_finished(PlayWindow *self)
{
    const lw_level *l = doc_level(self);
    int i = self->replay_playing;
    self->replay_playing = -1;
    play_session_clear_script(self->session);
    set_paused(self, TRUE);
    if (i < 0 || (guint)i >= l->replay_count)
        return;
    EditorReplayResult r;
    editor_replay_run(l, &l->replays[i], &r, NULL);
    g_autofree char *s = g_strdup_printf("Replay “%s” finished at frame %u: %s", l->replays[i].name,
                                         play_session_get_frame(self->session), r.message);
    set_status(self, s);
    set_note(self, "Replay finished: %s", r.verdict == EDITOR_REPLAY_PASS ? "passes" : "differs");
}

static void action_play_replay(GSimpleAction *a, GVariant *p, gpointer user)
{
    play_replay(user, g_variant_get_uint32(p));
}

static void action_replay_selected(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    int i = selected_replay(self);
    if (i >= 0)
        play_replay(self, (guint)i);
}

static void action_accept_replay(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    int i = selected_replay(self);
    if (i < 0)
        return;
    const lw_level *l = doc_level(self);
    EditorReplayResult res;
    g_autoptr(GError) error = NULL;
    if (!editor_replay_run(l, &l->replays[i], &res, &error)) {
        set_status(self, error->message);
        return;
    }
    if (res.verdict == EDITOR_REPLAY_PASS) {
        set_status(self, "The replay already ends as recorded.");
        return;
    }
    lw_replay upd = l->replays[i];
    editor_replay_set_expect(&upd, &res);
    editor_document_push(
        self->doc, editor_cmd_set_replay_new(self->doc, (guint)i, &upd, "Accept Replay Ending"));
    set_status(self, "The replay's expectation is now how it ends on this level.");
}

static void action_delete_replay(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    int i = selected_replay(self);
    if (i >= 0)
        editor_document_push(self->doc, editor_cmd_remove_replay_new(self->doc, (guint)i));
}

static void action_check_replays(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    rebuild_replays(self);
    guint failing = 0, n = self->replay_status->len;
    for (guint i = 0; i < n; i++) {
        EditorReplayVerdict v = g_array_index(self->replay_status, ReplayStatus, i).verdict;
        failing += v != EDITOR_REPLAY_PASS && v != EDITOR_REPLAY_NO_EXPECT;
    }
    g_autofree char *s = g_strdup_printf("%u replays run: %u end differently.", n, failing);
    set_status(self, s);
}

static void action_zoom(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    const char *name = g_action_get_name(G_ACTION(a));
    int z = effective_zoom(self);
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
    set_paused(self, TRUE);
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
        sim_frame(self);
    self->rewinding = rew;
    update_actions(self);
    gtk_widget_queue_draw(GTK_WIDGET(self->view));
}

static void action_rewind_frames(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    play_session_rewind(self->session, g_variant_get_uint32(p));
    self->cam_valid = FALSE;
    update_actions(self);
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
        set_status(self, error->message);
}

static void action_screenshot(GSimpleAction *a, GVariant *p, gpointer user)
{
    PlayWindow *self = user;
    g_autoptr(GError) error = NULL;
    gboolean whole = g_str_equal(g_action_get_name(G_ACTION(a)), "window-screenshot");
    if (!play_window_write_screenshot(self, g_variant_get_string(p, NULL), whole, &error))
        set_status(self, error->message);
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
    GtkListBoxRow *row =
        gtk_list_box_get_row_at_index(self->replay_list, (int)g_variant_get_uint32(p));
    gtk_list_box_select_row(self->replay_list, row);
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
static void install_accels(GtkApplication *app)
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
        set_rewinding(self, TRUE);
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
        set_rewinding(self, FALSE);
}

static void view_focus_leave(GtkEventControllerFocus *c, PlayWindow *self)
{
    self->held = 0;
    set_rewinding(self, FALSE);
}

static void view_pressed(GtkGestureClick *g, int n, double x, double y, PlayWindow *self)
{
    gtk_widget_grab_focus(GTK_WIDGET(self->view));
}

static void rewind_pressed(GtkGestureClick *g, int n, double x, double y, PlayWindow *self)
{
    set_rewinding(self, TRUE);
}

static void rewind_released(GtkGestureClick *g, int n, double x, double y, PlayWindow *self)
{
    set_rewinding(self, FALSE);
}

static void rewind_cancelled(GtkGesture *g, GdkEventSequence *seq, PlayWindow *self)
{
    set_rewinding(self, FALSE);
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

static void on_replay_selected(GtkListBox *list, GtkListBoxRow *row, PlayWindow *self)
{
    update_actions(self);
}

/* ---- automation ---- */

static int compare_i64(const void *a, const void *b)
{
    gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;
    return x < y ? -1 : x > y;
}

static void percentiles(GArray *values, double *median, double *p99, double *max)
{
    g_array_sort(values, compare_i64);
    guint n = values->len;
    if (n == 0) {
        *median = *p99 = *max = 0;
        return;
    }
    *median = g_array_index(values, gint64, n / 2) / 1000.0;
    guint k = (guint)ceil(n * 0.99) - 1;
    *p99 = g_array_index(values, gint64, MIN(k, n - 1)) / 1000.0;
    *max = g_array_index(values, gint64, n - 1) / 1000.0;
}

static void bench_before_paint(GdkFrameClock *clock, PlayWindow *self)
{
    BenchFrame f = {.before_paint = g_get_monotonic_time(),
                    .frame_time = gdk_frame_clock_get_frame_time(clock)};
    self->frame_sim_us = self->frame_draw_us = 0;
    self->frame_steps = 0;
    g_array_append_val(self->bench, f);
}

static void bench_after_paint(GdkFrameClock *clock, PlayWindow *self)
{
    if (self->bench->len == 0)
        return;
    BenchFrame *f = &g_array_index(self->bench, BenchFrame, self->bench->len - 1);
    f->after_paint = g_get_monotonic_time();
    f->sim_us = self->frame_sim_us;
    f->draw_us = self->frame_draw_us;
    f->steps = self->frame_steps;
}

static void print_bench(PlayWindow *self)
{
    GArray *work = g_array_new(FALSE, FALSE, sizeof(gint64)),
           *sim = g_array_new(FALSE, FALSE, sizeof(gint64)),
           *draw = g_array_new(FALSE, FALSE, sizeof(gint64)),
           *interval = g_array_new(FALSE, FALSE, sizeof(gint64));
    guint sim_frames = 0, late = 0;
    int vw = gtk_widget_get_width(GTK_WIDGET(self)), vh = gtk_widget_get_height(GTK_WIDGET(self));
    printf("benchmark: window %dx%d, view %dx%d at zoom %d, debugger %s, renderer %s\n", vw, vh,
           gtk_widget_get_width(GTK_WIDGET(self->view)),
           gtk_widget_get_height(GTK_WIDGET(self->view)), effective_zoom(self),
           self->debug ? "on" : "off",
           G_OBJECT_TYPE_NAME(gtk_native_get_renderer(GTK_NATIVE(self))));
    printf("benchmark: frame,steps,work_ms,sim_us,draw_ms,interval_ms\n");
    for (guint i = 0; i < self->bench->len; i++) {
        BenchFrame *f = &g_array_index(self->bench, BenchFrame, i);
        if (!f->after_paint)
            continue;
        gint64 w = f->after_paint - f->before_paint;
        gint64 iv =
            i > 0 ? f->frame_time - g_array_index(self->bench, BenchFrame, i - 1).frame_time : 0;
        printf("benchmark: %u,%u,%.3f,%" G_GINT64_FORMAT ",%.3f,%.3f\n", i, f->steps, w / 1000.0,
               f->sim_us, f->draw_us / 1000.0, iv / 1000.0);
        if (i < BENCH_WARMUP || f->steps == 0)
            continue;
        g_array_append_val(work, w);
        gint64 per_step = f->sim_us / f->steps;
        g_array_append_val(sim, per_step);
        g_array_append_val(draw, f->draw_us);
        g_array_append_val(interval, iv);
        sim_frames++;
        if (iv > 16667 * 3 / 2)
            late++;
    }
    double wm, wp, wx, sm, sp, sx, dm, dp, dx, im, ip, ix;
    percentiles(work, &wm, &wp, &wx);
    percentiles(sim, &sm, &sp, &sx);
    percentiles(draw, &dm, &dp, &dx);
    percentiles(interval, &im, &ip, &ix);
    printf("benchmark summary over %u frames (first %u left out): frame work median %.2f ms, p99 "
           "%.2f ms, max %.2f ms; simulation step median %.1f us, p99 %.1f us (%.2f%% of the "
           "16.67 ms budget at p99); view drawing median %.2f ms, p99 %.2f ms; frame interval "
           "median %.2f ms, p99 %.2f ms, max %.2f ms; %u intervals over 25 ms (dropped frames)\n",
           sim_frames, BENCH_WARMUP, wm, wp, wx, sm * 1000, sp * 1000, sp / 16.667 * 100, dm, dp,
           im, ip, ix, late);
    g_array_unref(work);
    g_array_unref(sim);
    g_array_unref(draw);
    g_array_unref(interval);
}

static void print_state(PlayWindow *self)
{
    editor_sim_print_state(stdout, play_session_get_sim(self->session)); /* as `sim` prints it */
}

static void automation_finish(PlayWindow *self)
{
    g_clear_signal_handler(&self->finish_id, self->finish_clock);
    self->auto_done = TRUE;
    int status = 0;
    g_autoptr(GError) error = NULL;
    if (self->auto_trace && !g_file_set_contents(self->auto_trace, self->trace->str,
                                                 (gssize)self->trace->len, &error)) {
        g_printerr("loopwright: %s\n", error->message);
        g_clear_error(&error);
        status = 1;
    }
    if (self->auto_screenshot &&
        !play_window_write_screenshot(self, self->auto_screenshot, FALSE, &error)) {
        g_printerr("loopwright: %s\n", error->message);
        g_clear_error(&error);
        status = 1;
    }
    if (self->auto_window_screenshot &&
        !play_window_write_screenshot(self, self->auto_window_screenshot, TRUE, &error)) {
        g_printerr("loopwright: %s\n", error->message);
        g_clear_error(&error);
        status = 1;
    }
    if (play_session_is_dead(self->session))
        g_printerr("loopwright play: the player fell out of the level on frame %u\n",
                   play_session_get_frame(self->session));
    if (self->auto_print)
        print_state(self);
    if (self->auto_benchmark)
        print_bench(self);
    fflush(stdout);
    /* back to an ordinary, paused window (the play command closes it) */
    self->automation = FALSE;
    set_paused(self, TRUE);
    if (self->before_paint_id) {
        g_clear_signal_handler(&self->before_paint_id, self->bench_clock);
        g_clear_signal_handler(&self->after_paint_id, self->bench_clock);
    }
    g_signal_emit(self, signals[SIGNAL_AUTOMATION_FINISHED], 0, status);
}

static void start_bench(PlayWindow *self)
{
    GdkFrameClock *clock = gtk_widget_get_frame_clock(GTK_WIDGET(self));
    if (!clock || self->before_paint_id)
        return;
    self->bench_clock = clock;
    self->before_paint_id =
        g_signal_connect(clock, "before-paint", G_CALLBACK(bench_before_paint), self);
    self->after_paint_id =
        g_signal_connect(clock, "after-paint", G_CALLBACK(bench_after_paint), self);
}

gboolean play_window_use_physics(PlayWindow *self, const char *profile, const char *character,
                                 GError **error)
{
    if (!play_session_use_level_physics(self->session, profile, character, error))
        return FALSE;
    play_session_restart(self->session);
    after_restart(self);
    refresh_tuning(self);
    return TRUE;
}

gboolean play_window_start_automation(PlayWindow *self, const PlayAutomation *a, GError **error)
{
    play_session_restart(self->session);
    if (a->input && !play_session_set_script(self->session, a->input, a->input_len, error))
        return FALSE;
    after_restart(self);
    self->automation = TRUE;
    self->auto_done = FALSE;
    self->auto_frames = a->frames;
    self->auto_benchmark = a->benchmark;
    self->auto_print = a->print_state;
    g_free(self->auto_screenshot);
    g_free(self->auto_window_screenshot);
    g_free(self->auto_trace);
    self->auto_screenshot = g_strdup(a->screenshot);
    self->auto_window_screenshot = g_strdup(a->window_screenshot);
    self->auto_trace = g_strdup(a->trace);
    if (self->trace)
        g_string_free(self->trace, TRUE);
    self->trace = NULL;
    if (a->trace) {
        self->trace = g_string_new(lw_trace_header_for(play_session_get_sim(self->session)));
        g_string_append_c(self->trace, '\n');
    }
    if (a->benchmark) {
        g_array_set_size(self->bench, 0);
        if (gtk_widget_get_realized(GTK_WIDGET(self)))
            start_bench(self);
        else
            g_signal_connect_swapped(self, "realize", G_CALLBACK(start_bench), self);
    }
    return TRUE;
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
    g_clear_handle_id(&self->verdict_timeout, g_source_remove);
    if (self->tick_id) {
        gtk_widget_remove_tick_callback(GTK_WIDGET(self->view), self->tick_id);
        self->tick_id = 0;
    }
    if (self->before_paint_id) {
        g_clear_signal_handler(&self->before_paint_id, self->bench_clock);
        g_clear_signal_handler(&self->after_paint_id, self->bench_clock);
    }
    g_clear_signal_handler(&self->finish_id, self->finish_clock);
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
    g_clear_object(&self->doc);
    g_clear_pointer(&self->tileset_path, g_free);
    g_clear_pointer(&self->physics_key, g_free);
    if (self->trace)
        g_string_free(self->trace, TRUE);
    g_clear_pointer(&self->bench, g_array_unref);
    g_clear_pointer(&self->replay_status, g_array_unref);
    g_clear_pointer(&self->auto_screenshot, g_free);
    g_clear_pointer(&self->auto_window_screenshot, g_free);
    g_clear_pointer(&self->auto_trace, g_free);
    g_clear_pointer(&self->param_name, g_free);
    g_clear_pointer(&self->param_preset, g_free);
    g_clear_pointer(&self->param_value, g_free);
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
    signals[SIGNAL_AUTOMATION_FINISHED] =
        g_signal_new("automation-finished", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL,
                     NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/io/github/loopwright/Loopwright/play-window.ui");
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, view);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, status_label);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, tuning_summary);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, tuning_grid);
    gtk_widget_class_bind_template_child(widget_class, PlayWindow, replay_list);
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
    gtk_widget_init_template(GTK_WIDGET(self));
    self->speed_den = 1;
    self->replay_playing = -1;
    self->bench = g_array_new(FALSE, TRUE, sizeof(BenchFrame));
    self->replay_status = g_array_new(FALSE, TRUE, sizeof(ReplayStatus));
    g_action_map_add_action_entries(G_ACTION_MAP(self), win_entries, G_N_ELEMENTS(win_entries),
                                    self);
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
    install_accels(app);
    PlayWindow *self = g_object_new(PLAY_TYPE_WINDOW, "application", app, NULL);
    self->doc = g_object_ref(doc);
    self->session = session;
    self->renderer = editor_renderer_new(editor_document_get_level(doc));
    self->physics_key = level_physics_key(editor_document_get_level(doc));
    load_tileset(self);
    g_autoptr(GError) kerr = NULL;
    if (!play_keymap_load(&self->keys, NULL, &kerr))
        set_status(self, kerr->message);

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
    g_signal_connect(self->replay_list, "row-selected", G_CALLBACK(on_replay_selected), self);
    g_signal_connect_swapped(self, "map", G_CALLBACK(on_map), self);

    build_tuning(self);
    refresh_tuning(self);
    rebuild_replays(self);
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
    set_status(self, s);
    update_actions(self);
    return self;
}
