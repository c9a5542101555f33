/* SPDX-License-Identifier: MIT */
/*
 * Starts the real `loopwright` GUI on a sample level under the test's X display, grabs the
 * screen with ImageMagick's `import` until the level is visible (or times out), and checks the
 * screenshot shows the level: the sky colour and the ground's colours cover large areas.
 * Without a display the test exits 77 (meson SKIP); CI runs it under xvfb-run and counts a skip
 * as a failure.
 */
#include "ui-support.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

int main(int argc, char **argv)
{
    if (!g_getenv("DISPLAY") || !*g_getenv("DISPLAY")) {
        printf("1..0 # SKIP no X display (run under xvfb-run)\n");
        return 77;
    }
    const char *exe = g_getenv("LW_LOOPWRIGHT");
    char *level =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    char *shot = g_build_filename(g_getenv("G_TEST_BUILDDIR"), "ui-smoke.png", NULL);
    char *app_argv[] = {(char *)exe, level, NULL};
    GPid pid;
    GError *error = NULL;
    if (!g_spawn_async(NULL, app_argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error)) {
        printf("not ok 1 - cannot start loopwright: %s\n", error->message);
        return 1;
    }
    bool seen = false;
    size_t sky = 0, ground = 0;
    for (int attempt = 0; attempt < 60 && !seen; attempt++) {
        g_usleep(250000);
        char *grab[] = {"import", "-window", "root", shot, NULL};
        int status;
        if (!g_spawn_sync(NULL, grab, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                          NULL, NULL, NULL, &status, NULL) ||
            !g_spawn_check_wait_status(status, NULL))
            continue;
        lwm_image img = {0};
        lw_error err;
        if (!lwm_image_load_png(shot, &img, &err))
            continue;
        sky = ui_count_near(&img, 0x78B4E8, 8);
        ground = ui_count_near(&img, 0xB06830, 8) + ui_count_near(&img, 0x8C4C20, 8);
        /* the window shows the top-left of the level: lots of sky and the start's ground */
        seen = sky > 100000 && ground > 20000;
        lwm_image_clear(&img);
    }
    kill(pid, SIGTERM);
    int status;
    waitpid(pid, &status, 0);
    g_spawn_close_pid(pid);
    printf("1..1\n");
    if (seen)
        printf("ok 1 - the level is on screen (%zu sky px, %zu ground px; screenshot %s)\n", sky,
               ground, shot);
    else
        printf("not ok 1 - the level never appeared (%zu sky px, %zu ground px; last screenshot "
               "%s)\n",
               sky, ground, shot);
    g_free(level);
    g_free(shot);
    return seen ? 0 : 1;
}
