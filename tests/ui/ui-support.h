#pragma once
/* SPDX-License-Identifier: MIT */
/* Helpers shared by the ui suite's test programs (GLib only; no GTK needed). */

#include <glib.h>
#include <loopwright-masks/image.h>

/** Iterate the default main context for @ms milliseconds. */
void ui_spin(guint ms);

/** Iterate the default main context until @cond holds or about @ms milliseconds pass. */
#define UI_WAIT_FOR(cond, ms)                                                                      \
    do {                                                                                           \
        gint64 end_ = g_get_monotonic_time() + (gint64)(ms)*1000;                                  \
        while (!(cond) && g_get_monotonic_time() < end_)                                           \
            g_main_context_iteration(NULL, FALSE);                                                 \
    } while (0)

/** Copy a file (asserts on failure). */
void ui_copy_file(const char *from, const char *to);

/** Pixels of @img within @tolerance (Euclidean, per 0..255 channel) of the colour 0xRRGGBB. */
size_t ui_count_near(const lwm_image *img, uint32_t rgb, int tolerance);

/** Copy sample-levels/loop-hill.json and its tileset into a new temporary folder named after
 * @template (g_dir_make_tmp) and return the copied level's path; *@dir receives the folder. */
char *ui_copy_sample_level(const char *template, char **dir);
