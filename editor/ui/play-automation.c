/* SPDX-License-Identifier: MIT */
/* A scripted test-play run, its files and the benchmark timings (play-automation.h). */
#define G_LOG_DOMAIN "play-automation"

#include "play-automation.h"

#include <loopwright/trace.h>
#include <math.h>
#include <string.h>

typedef struct {
    gint64 before_paint, after_paint; /* frame-clock phases, µs (monotonic) */
    gint64 sim_us, draw_us;           /* simulation and view drawing inside that frame */
    gint64 frame_time;                /* the frame clock's frame time */
    guint steps;                      /* simulation steps in that frame */
} BenchFrame;

struct _PlayAutomator {
    GObject parent_instance;
    PlaySession *session; /* borrowed */
    PlayAutomatorHost host;
    gboolean running;
    guint frames;
    gboolean benchmark;
    char *screenshot, *window_screenshot, *trace_path;
    GString *trace;  /* trace rows, NULL when no trace is asked for */
    GArray *bench;   /* BenchFrame */
    GString *errors; /* what went wrong, one "loopwright: ..." line each (stderr) */
    GString *report; /* the benchmark lines (stdout) */
    gint64 frame_sim_us, frame_draw_us;
    guint frame_steps;
    GdkFrameClock *bench_clock; /* weak pointer */
    gulong before_paint_id, after_paint_id;
    GdkFrameClock *finish_clock; /* weak pointer */
    gulong finish_id;
};

G_DEFINE_FINAL_TYPE(PlayAutomator, play_automator, G_TYPE_OBJECT)

enum { SIGNAL_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

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

static void bench_before_paint(GdkFrameClock *clock, PlayAutomator *self)
{
    BenchFrame f = {.before_paint = g_get_monotonic_time(),
                    .frame_time = gdk_frame_clock_get_frame_time(clock)};
    self->frame_sim_us = self->frame_draw_us = 0;
    self->frame_steps = 0;
    g_array_append_val(self->bench, f);
}

static void bench_after_paint(GdkFrameClock *clock, PlayAutomator *self)
{
    if (self->bench->len == 0)
        return;
    BenchFrame *f = &g_array_index(self->bench, BenchFrame, self->bench->len - 1);
    f->after_paint = g_get_monotonic_time();
    f->sim_us = self->frame_sim_us;
    f->draw_us = self->frame_draw_us;
    f->steps = self->frame_steps;
}

/* Stop listening to *@clock (@a, @b: handler ids, NULL = none). */
static void unwatch(GdkFrameClock **clock, gulong *a, gulong *b)
{
    if (!*clock)
        return;
    if (a)
        g_clear_signal_handler(a, *clock);
    if (b)
        g_clear_signal_handler(b, *clock);
    g_object_remove_weak_pointer(G_OBJECT(*clock), (gpointer *)clock);
    *clock = NULL;
}

static void unwatch_all(PlayAutomator *self)
{
    unwatch(&self->finish_clock, &self->finish_id, NULL);
    unwatch(&self->bench_clock, &self->before_paint_id, &self->after_paint_id);
    self->finish_id = self->before_paint_id = self->after_paint_id = 0;
}

/* The benchmark lines and summary, as the play command prints them. */
static void format_bench(PlayAutomator *self, GString *out)
{
    GArray *work = g_array_new(FALSE, FALSE, sizeof(gint64)),
           *sim = g_array_new(FALSE, FALSE, sizeof(gint64)),
           *draw = g_array_new(FALSE, FALSE, sizeof(gint64)),
           *interval = g_array_new(FALSE, FALSE, sizeof(gint64));
    guint sim_frames = 0, late = 0;
    if (self->host.describe)
        self->host.describe(self->host.user, out);
    g_string_append_printf(out, "benchmark: frame,steps,work_ms,sim_us,draw_ms,interval_ms\n");
    for (guint i = 0; i < self->bench->len; i++) {
        BenchFrame *f = &g_array_index(self->bench, BenchFrame, i);
        if (!f->after_paint)
            continue;
        gint64 w = f->after_paint - f->before_paint;
        gint64 iv =
            i > 0 ? f->frame_time - g_array_index(self->bench, BenchFrame, i - 1).frame_time : 0;
        g_string_append_printf(out, "benchmark: %u,%u,%.3f,%" G_GINT64_FORMAT ",%.3f,%.3f\n", i,
                               f->steps, w / 1000.0, f->sim_us, f->draw_us / 1000.0, iv / 1000.0);
        if (i < PLAY_AUTOMATOR_BENCH_WARMUP || f->steps == 0)
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
    g_string_append_printf(
        out,
        "benchmark summary over %u frames (first %u left out): frame work median %.2f ms, p99 "
        "%.2f ms, max %.2f ms; simulation step median %.1f us, p99 %.1f us (%.2f%% of the "
        "16.67 ms budget at p99); view drawing median %.2f ms, p99 %.2f ms; frame interval "
        "median %.2f ms, p99 %.2f ms, max %.2f ms; %u intervals over 25 ms (dropped frames)\n",
        sim_frames, PLAY_AUTOMATOR_BENCH_WARMUP, wm, wp, wx, sm * 1000, sp * 1000,
        sp / 16.667 * 100, dm, dp, im, ip, ix, late);
    g_array_unref(work);
    g_array_unref(sim);
    g_array_unref(draw);
    g_array_unref(interval);
}

/* The last frame is painted: write what was asked, report, emit "finished". */
static void finish(PlayAutomator *self)
{
    unwatch_all(self);
    self->running = FALSE;
    int status = 0;
    g_autoptr(GError) error = NULL;
    if (self->trace_path && !g_file_set_contents(self->trace_path, self->trace->str,
                                                 (gssize)self->trace->len, &error)) {
        g_string_append_printf(self->errors, "loopwright: %s\n", error->message);
        g_clear_error(&error);
        status = 1;
    }
    const char *shots[2] = {self->screenshot, self->window_screenshot};
    for (int whole = 0; whole < 2; whole++) {
        if (!shots[whole])
            continue;
        if (!self->host.write_screenshot ||
            !self->host.write_screenshot(self->host.user, shots[whole], whole, &error)) {
            g_string_append_printf(self->errors, "loopwright: %s\n",
                                   error ? error->message : "no view to take a screenshot of");
            g_clear_error(&error);
            status = 1;
        }
    }
    if (play_session_is_dead(self->session))
        g_string_append_printf(self->errors,
                               "loopwright play: the player fell out of the level on frame %u\n",
                               play_session_get_frame(self->session));
    if (self->benchmark)
        format_bench(self, self->report);
    g_signal_emit(self, signals[SIGNAL_FINISHED], 0, status);
}

void play_automator_watch_clock(PlayAutomator *self, GdkFrameClock *clock)
{
    g_return_if_fail(PLAY_IS_AUTOMATOR(self));
    if (!clock || !self->running || !self->benchmark || self->bench_clock)
        return;
    self->bench_clock = clock;
    g_object_add_weak_pointer(G_OBJECT(clock), (gpointer *)&self->bench_clock);
    self->before_paint_id =
        g_signal_connect(clock, "before-paint", G_CALLBACK(bench_before_paint), self);
    self->after_paint_id =
        g_signal_connect(clock, "after-paint", G_CALLBACK(bench_after_paint), self);
}

gboolean play_automator_start(PlayAutomator *self, const PlayAutomation *a, GError **error)
{
    g_return_val_if_fail(PLAY_IS_AUTOMATOR(self) && a, FALSE);
    unwatch_all(self);
    self->running = FALSE;
    play_session_restart(self->session);
    if (a->input && !play_session_set_script(self->session, a->input, a->input_len, error))
        return FALSE;
    self->running = TRUE;
    self->frames = a->frames;
    self->benchmark = a->benchmark;
    g_string_truncate(self->errors, 0);
    g_string_truncate(self->report, 0);
    g_free(self->screenshot);
    g_free(self->window_screenshot);
    g_free(self->trace_path);
    self->screenshot = g_strdup(a->screenshot);
    self->window_screenshot = g_strdup(a->window_screenshot);
    self->trace_path = g_strdup(a->trace);
    if (self->trace)
        g_string_free(self->trace, TRUE);
    self->trace = NULL;
    if (a->trace) {
        self->trace = g_string_new(lw_trace_header_for(play_session_get_sim(self->session)));
        g_string_append_c(self->trace, '\n');
    }
    g_array_set_size(self->bench, 0);
    return TRUE;
}

gboolean play_automator_is_running(PlayAutomator *self)
{
    g_return_val_if_fail(PLAY_IS_AUTOMATOR(self), FALSE);
    return self->running;
}

/* The run ended before its last frame: the player died, or passed a goal sign (the session's
 * frame count then stands still, so waiting for the last frame would never end). */
static gboolean run_over(PlayAutomator *self)
{
    return play_session_is_dead(self->session) || play_session_is_finished(self->session);
}

gboolean play_automator_wants_frame(PlayAutomator *self)
{
    g_return_val_if_fail(PLAY_IS_AUTOMATOR(self), FALSE);
    return self->running && !self->finish_id &&
           play_session_get_frame(self->session) < self->frames && !run_over(self);
}

void play_automator_frame_simulated(PlayAutomator *self, gint64 sim_us)
{
    g_return_if_fail(PLAY_IS_AUTOMATOR(self));
    self->frame_sim_us += sim_us;
    self->frame_steps++;
    if (self->running && self->trace) {
        char row[LW_TRACE_ROW_MAX];
        lw_trace_format_sim_row(row, sizeof row, play_session_get_sim(self->session));
        g_string_append(self->trace, row);
    }
}

void play_automator_frame_drawn(PlayAutomator *self, gint64 draw_us)
{
    g_return_if_fail(PLAY_IS_AUTOMATOR(self));
    self->frame_draw_us += draw_us;
}

gboolean play_automator_finish_after_paint(PlayAutomator *self, GdkFrameClock *clock)
{
    g_return_val_if_fail(PLAY_IS_AUTOMATOR(self), FALSE);
    if (!self->running || self->finish_id || !clock ||
        (play_session_get_frame(self->session) < self->frames && !run_over(self)))
        return FALSE;
    self->finish_clock = clock;
    g_object_add_weak_pointer(G_OBJECT(clock), (gpointer *)&self->finish_clock);
    self->finish_id = g_signal_connect_swapped(clock, "after-paint", G_CALLBACK(finish), self);
    return TRUE;
}

const char *play_automator_get_errors(PlayAutomator *self)
{
    g_return_val_if_fail(PLAY_IS_AUTOMATOR(self), "");
    return self->errors->str;
}

const char *play_automator_get_report(PlayAutomator *self)
{
    g_return_val_if_fail(PLAY_IS_AUTOMATOR(self), "");
    return self->report->str;
}

static void play_automator_dispose(GObject *object)
{
    unwatch_all(PLAY_AUTOMATOR(object));
    G_OBJECT_CLASS(play_automator_parent_class)->dispose(object);
}

static void play_automator_finalize(GObject *object)
{
    PlayAutomator *self = PLAY_AUTOMATOR(object);
    if (self->trace)
        g_string_free(self->trace, TRUE);
    g_array_unref(self->bench);
    g_string_free(self->errors, TRUE);
    g_string_free(self->report, TRUE);
    g_free(self->screenshot);
    g_free(self->window_screenshot);
    g_free(self->trace_path);
    G_OBJECT_CLASS(play_automator_parent_class)->finalize(object);
}

static void play_automator_class_init(PlayAutomatorClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->dispose = play_automator_dispose;
    object_class->finalize = play_automator_finalize;
    signals[SIGNAL_FINISHED] = g_signal_new("finished", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void play_automator_init(PlayAutomator *self)
{
    self->bench = g_array_new(FALSE, TRUE, sizeof(BenchFrame));
    self->errors = g_string_new(NULL);
    self->report = g_string_new(NULL);
}

PlayAutomator *play_automator_new(PlaySession *session, const PlayAutomatorHost *host)
{
    g_return_val_if_fail(session && host, NULL);
    PlayAutomator *self = g_object_new(PLAY_TYPE_AUTOMATOR, NULL);
    self->session = session;
    self->host = *host;
    return self;
}
