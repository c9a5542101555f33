/* SPDX-License-Identifier: MIT */
/* The test-play window's automation: a scripted run of N frames, then the files asked for and
 * the benchmark timings (see play-window-state.h). */
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

/* The benchmark lines and summary, as the play command prints them. */
static void format_bench(PlayWindow *self, GString *out)
{
    GArray *work = g_array_new(FALSE, FALSE, sizeof(gint64)),
           *sim = g_array_new(FALSE, FALSE, sizeof(gint64)),
           *draw = g_array_new(FALSE, FALSE, sizeof(gint64)),
           *interval = g_array_new(FALSE, FALSE, sizeof(gint64));
    guint sim_frames = 0, late = 0;
    int vw = gtk_widget_get_width(GTK_WIDGET(self)), vh = gtk_widget_get_height(GTK_WIDGET(self));
    g_string_append_printf(
        out, "benchmark: window %dx%d, view %dx%d at zoom %d, debugger %s, renderer %s\n", vw, vh,
        gtk_widget_get_width(GTK_WIDGET(self->view)), gtk_widget_get_height(GTK_WIDGET(self->view)),
        play_window_effective_zoom(self), self->debug ? "on" : "off",
        G_OBJECT_TYPE_NAME(gtk_native_get_renderer(GTK_NATIVE(self))));
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
    g_string_append_printf(
        out,
        "benchmark summary over %u frames (first %u left out): frame work median %.2f ms, p99 "
        "%.2f ms, max %.2f ms; simulation step median %.1f us, p99 %.1f us (%.2f%% of the "
        "16.67 ms budget at p99); view drawing median %.2f ms, p99 %.2f ms; frame interval "
        "median %.2f ms, p99 %.2f ms, max %.2f ms; %u intervals over 25 ms (dropped frames)\n",
        sim_frames, BENCH_WARMUP, wm, wp, wx, sm * 1000, sp * 1000, sp / 16.667 * 100, dm, dp, im,
        ip, ix, late);
    g_array_unref(work);
    g_array_unref(sim);
    g_array_unref(draw);
    g_array_unref(interval);
}

void play_window_automation_finish(PlayWindow *self)
{
    g_clear_signal_handler(&self->finish_id, self->finish_clock);
    self->auto_done = TRUE;
    int status = 0;
    g_autoptr(GError) error = NULL;
    if (self->auto_trace && !g_file_set_contents(self->auto_trace, self->trace->str,
                                                 (gssize)self->trace->len, &error)) {
        g_string_append_printf(self->auto_errors, "loopwright: %s\n", error->message);
        g_clear_error(&error);
        status = 1;
    }
    if (self->auto_screenshot &&
        !play_window_write_screenshot(self, self->auto_screenshot, FALSE, &error)) {
        g_string_append_printf(self->auto_errors, "loopwright: %s\n", error->message);
        g_clear_error(&error);
        status = 1;
    }
    if (self->auto_window_screenshot &&
        !play_window_write_screenshot(self, self->auto_window_screenshot, TRUE, &error)) {
        g_string_append_printf(self->auto_errors, "loopwright: %s\n", error->message);
        g_clear_error(&error);
        status = 1;
    }
    if (play_session_is_dead(self->session))
        g_string_append_printf(self->auto_errors,
                               "loopwright play: the player fell out of the level on frame %u\n",
                               play_session_get_frame(self->session));
    if (self->auto_benchmark)
        format_bench(self, self->auto_report);
    /* back to an ordinary, paused window (the play command closes it) */
    self->automation = FALSE;
    play_window_set_paused(self, TRUE);
    if (self->before_paint_id) {
        g_clear_signal_handler(&self->before_paint_id, self->bench_clock);
        g_clear_signal_handler(&self->after_paint_id, self->bench_clock);
    }
    g_signal_emit(self, play_window_signal_id(PLAY_WINDOW_SIGNAL_AUTOMATION_FINISHED), 0, status);
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
    play_window_after_restart(self);
    play_window_refresh_tuning(self);
    return TRUE;
}

gboolean play_window_start_automation(PlayWindow *self, const PlayAutomation *a, GError **error)
{
    play_session_restart(self->session);
    if (a->input && !play_session_set_script(self->session, a->input, a->input_len, error))
        return FALSE;
    play_window_after_restart(self);
    self->automation = TRUE;
    self->auto_done = FALSE;
    self->auto_frames = a->frames;
    self->auto_benchmark = a->benchmark;
    g_string_truncate(self->auto_errors, 0);
    g_string_truncate(self->auto_report, 0);
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

const char *play_window_get_automation_errors(PlayWindow *self)
{
    return self->auto_errors->str;
}

const char *play_window_get_benchmark_report(PlayWindow *self)
{
    return self->auto_report->str;
}
