/* SPDX-License-Identifier: MIT */
/*
 * `loopwright play LEVEL ...`: the test-play window on its own, from the command line, and its
 * automation (run an input script for N frames, write a screenshot / trace, print timings).
 * LEVEL is a level JSON or a packed binary (told apart by content). Errors in the arguments or
 * the level are reported before any window opens: exit 2 for bad usage, 1 for a bad file.
 */
#define G_LOG_DOMAIN "play-command"

#include "play-command.h"

#include "doc/level-json.h"
#include "doc/sim-state.h"
#include "editor-application.h"
#include "play-window.h"

#include <errno.h>
#include <loopwright-masks/image.h>
#include <loopwright/packed.h>
#include <loopwright/script.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    EditorDocument *doc;
    const char *level_path;
    gboolean has_start;
    int32_t start[2];
    const char *profile, *character;
    gboolean debug;
    guint zoom;
    int width, height;
    gboolean automate;
    PlayAutomation automation;
    char *input;
    gsize input_len;
    int status;
} PlayRequest;

static int usage(void)
{
    printf("Usage: loopwright play LEVEL [--start X,Y] [--profile P] [--character C] [--debug]\n"
           "                         [--input SCRIPT] [--zoom N] [--size WxH]\n"
           "       loopwright play LEVEL --frames N [--input SCRIPT] [--screenshot OUT.png]\n"
           "                         [--window-screenshot OUT.png] [--trace OUT.csv]\n"
           "                         [--benchmark] [--start X,Y] [--profile P] [--character C]\n"
           "                         [--debug] [--zoom N] [--size WxH]\n\n"
           "Open the test-play window on a level (JSON or packed binary), as it is on disk.\n"
           "  --start X,Y      the player's centre in px (default: the level's player start)\n"
           "  --profile P      s1, s2, s3k, cd or modern (default: the level's)\n"
           "  --character C    sonic, tails or knuckles (default: the level's)\n"
           "  --input SCRIPT   input script (the `sim` format) that drives the first frames;\n"
           "                   then the keyboard takes over\n"
           "  --debug          start with the physics debugger shown\n"
           "  --zoom N         screen pixels per level pixel, 1..8 (default: fit the window)\n"
           "  --size WxH       window size (default 1400x860)\n"
           "Automation (no user input; the window runs one frame per frame-clock tick, drawn,\n"
           "and closes after N frames):\n"
           "  --frames N       frames to run, then exit; prints the final state as `sim` does\n"
           "  --screenshot OUT.png         the play view after the last frame\n"
           "  --window-screenshot OUT.png  the whole window after the last frame\n"
           "  --trace OUT.csv  one row per frame, exactly as `sim --trace`\n"
           "  --benchmark      print each frame's timings (frame work, simulation, drawing,\n"
           "                   interval) and their median and 99th percentile\n"
           "Exit status: 0 done, 1 bad level or script (or a file not written), 2 bad usage.\n");
    return 0;
}

static int usage_error(const char *fmt, ...) G_GNUC_PRINTF(1, 2);

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "loopwright play: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'loopwright play --help'.\n");
    va_end(ap);
    return 2;
}

/* "--name VALUE" or "--name=VALUE": 1 matched, 0 not this option, -1 missing value. */
static int option(int argc, char **argv, int *i, const char *name, const char **value)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0)
        return 0;
    if (argv[*i][n] == '=') {
        *value = argv[*i] + n + 1;
        return 1;
    }
    if (argv[*i][n] != '\0')
        return 0;
    if (*i + 1 >= argc) {
        usage_error("option %s needs a value", name);
        return -1;
    }
    *value = argv[++*i];
    return 1;
}

static gboolean parse_uint(const char *s, unsigned long max, unsigned long *out)
{
    char *end;
    errno = 0;
    if (!g_ascii_isdigit(s[0]))
        return FALSE;
    unsigned long v = strtoul(s, &end, 10);
    if (*end || errno || v > max)
        return FALSE;
    *out = v;
    return TRUE;
}

/* A level JSON through the document loader, or a packed binary made editable. */
static EditorDocument *load_level(const char *path)
{
    char *data = NULL;
    size_t size = 0;
    lw_error err;
    char msg[1024];
    if (!lwm_file_read(path, LW_PACKED_MAX_FILE, &data, &size, &err)) {
        editor_format_error(path, &err, msg, sizeof msg);
        fprintf(stderr, "%s\n", msg);
        return NULL;
    }
    if (lw_packed_is_packed(data, size)) {
        lw_packed_level *packed = NULL;
        gboolean ok = lw_packed_load(data, size, &packed, &err);
        free(data);
        if (!ok) {
            editor_format_error(path, &err, msg, sizeof msg);
            fprintf(stderr, "%s\n", msg);
            return NULL;
        }
        lw_level *level = lw_level_dup(lw_packed_level_get(packed));
        lw_packed_level_free(packed);
        if (!level) {
            fprintf(stderr, "loopwright: %s: out of memory\n", path);
            return NULL;
        }
        return editor_document_new_for_level(level, NULL);
    }
    free(data);
    g_autoptr(GError) error = NULL;
    EditorDocument *doc = editor_document_load(path, &error);
    if (!doc)
        fprintf(stderr, "loopwright: %s\n", error->message);
    return doc;
}

/* The window ran the script and wrote its files: print what the run found (the window prints
 * nothing itself). */
static void automation_finished(PlayWindow *win, int status, PlayRequest *req)
{
    fputs(play_window_get_automation_errors(win), stderr);
    if (req->automation.print_state) /* as `sim` prints it */
        editor_sim_print_state(stdout, play_session_get_sim(play_window_get_session(win)));
    fputs(play_window_get_benchmark_report(win), stdout);
    fflush(stdout);
    req->status = status;
    gtk_window_destroy(GTK_WINDOW(win));
}

static void activate(GApplication *app, PlayRequest *req)
{
    g_autoptr(GError) error = NULL;
    PlayWindow *win =
        play_window_new(GTK_APPLICATION(app), req->doc, req->has_start ? req->start : NULL, &error);
    if (!win) {
        fprintf(stderr, "loopwright: %s: %s\n", req->level_path, error->message);
        req->status = 1;
        return;
    }
    if (req->width > 0)
        gtk_window_set_default_size(GTK_WINDOW(win), req->width, req->height);
    if ((req->profile || req->character) &&
        !play_window_use_physics(win, req->profile, req->character, &error)) {
        fprintf(stderr, "loopwright: %s: %s\n", req->level_path, error->message);
        req->status = 1;
        gtk_window_destroy(GTK_WINDOW(win));
        return;
    }
    if (req->debug)
        g_action_group_change_action_state(G_ACTION_GROUP(win), "debug",
                                           g_variant_new_boolean(TRUE));
    if (req->zoom)
        g_action_group_activate_action(G_ACTION_GROUP(win), "set-zoom",
                                       g_variant_new_uint32(req->zoom));
    if (req->automate) {
        req->automation.input = req->input;
        req->automation.input_len = req->input_len;
        if (!play_window_start_automation(win, &req->automation, &error)) {
            fprintf(stderr, "loopwright: %s:%s\n", req->automation.input ? "script" : "",
                    error->message);
            req->status = 1;
            gtk_window_destroy(GTK_WINDOW(win));
            return;
        }
        g_signal_connect(win, "automation-finished", G_CALLBACK(automation_finished), req);
    } else if (req->input && !play_session_set_script(play_window_get_session(win), req->input,
                                                      req->input_len, &error)) {
        fprintf(stderr, "loopwright: script:%s\n", error->message);
        req->status = 1;
        gtk_window_destroy(GTK_WINDOW(win));
        return;
    }
    gtk_window_present(GTK_WINDOW(win));
}

int play_command_run(int argc, char **argv)
{
    PlayRequest req = {0};
    const char *start = NULL, *frames = NULL, *input = NULL, *zoom = NULL, *size = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (g_str_equal(a, "-h") || g_str_equal(a, "--help"))
            return usage();
        int r;
        if ((r = option(argc, argv, &i, "--start", &start)) ||
            (r = option(argc, argv, &i, "--frames", &frames)) ||
            (r = option(argc, argv, &i, "--input", &input)) ||
            (r = option(argc, argv, &i, "--profile", &req.profile)) ||
            (r = option(argc, argv, &i, "--character", &req.character)) ||
            (r = option(argc, argv, &i, "--screenshot", &req.automation.screenshot)) ||
            (r = option(argc, argv, &i, "--window-screenshot",
                        &req.automation.window_screenshot)) ||
            (r = option(argc, argv, &i, "--trace", &req.automation.trace)) ||
            (r = option(argc, argv, &i, "--zoom", &zoom)) ||
            (r = option(argc, argv, &i, "--size", &size))) {
            if (r < 0)
                return 2;
            continue;
        }
        if (g_str_equal(a, "--debug"))
            req.debug = TRUE;
        else if (g_str_equal(a, "--benchmark"))
            req.automation.benchmark = TRUE;
        else if (a[0] == '-' && a[1])
            return usage_error("unknown option %s", a);
        else if (req.level_path)
            return usage_error("one level at a time");
        else
            req.level_path = a;
    }
    if (!req.level_path)
        return usage_error("missing LEVEL");
    if (start) {
        long x, y;
        char *end;
        x = strtol(start, &end, 10);
        if (end == start || *end != ',')
            return usage_error("--start wants X,Y in px (got \"%s\")", start);
        const char *t = end + 1;
        y = strtol(t, &end, 10);
        if (end == t || *end || x < -LW_MAX_LEVEL_W_PX || x > 2L * LW_MAX_LEVEL_W_PX ||
            y < -LW_MAX_LEVEL_H_PX || y > 2L * LW_MAX_LEVEL_H_PX)
            return usage_error("--start wants X,Y in px (got \"%s\")", start);
        req.has_start = TRUE;
        req.start[0] = (int32_t)x;
        req.start[1] = (int32_t)y;
    }
    unsigned long v;
    if (frames) {
        if (!parse_uint(frames, LW_SCRIPT_MAX_FRAMES, &v))
            return usage_error("--frames wants a whole number 0..%u (got \"%s\")",
                               LW_SCRIPT_MAX_FRAMES, frames);
        req.automate = TRUE;
        req.automation.frames = (guint)v;
        req.automation.print_state = TRUE;
    } else if (req.automation.screenshot || req.automation.window_screenshot ||
               req.automation.trace || req.automation.benchmark) {
        return usage_error("--screenshot, --window-screenshot, --trace and --benchmark need "
                           "--frames N");
    }
    if (zoom) {
        if (!parse_uint(zoom, 8, &v) || v == 0)
            return usage_error("--zoom wants 1..8 (got \"%s\")", zoom);
        req.zoom = (guint)v;
    }
    if (size && (sscanf(size, "%dx%d", &req.width, &req.height) != 2 || req.width < 320 ||
                 req.height < 240 || req.width > 8192 || req.height > 8192))
        return usage_error("--size wants WxH, at least 320x240 (got \"%s\")", size);
    if (req.profile && !lw_profile_find(req.profile))
        return usage_error("unknown profile \"%s\" (expected s1, s2, s3k, cd or modern)",
                           req.profile);
    if (req.character && !lw_character_find(req.character))
        return usage_error("unknown character \"%s\" (expected sonic, tails or knuckles)",
                           req.character);
    if (input) {
        lw_error err;
        char *data;
        size_t len;
        if (!lwm_file_read(input, 64u << 20, &data, &len, &err)) {
            char msg[1024];
            editor_format_error(input, &err, msg, sizeof msg);
            fprintf(stderr, "%s\n", msg);
            return 1;
        }
        req.input = g_strndup(data, len);
        req.input_len = len;
        free(data);
    }
    req.doc = load_level(req.level_path);
    if (!req.doc) {
        g_free(req.input);
        return 1;
    }
    EditorApplication *app = editor_application_new();
    /* runs before the application's own activate, which then only presents this window */
    g_signal_connect(app, "activate", G_CALLBACK(activate), &req);
    char *args[] = {argv[0], NULL};
    int status = g_application_run(G_APPLICATION(app), 1, args);
    g_object_unref(app);
    g_clear_object(&req.doc);
    g_free(req.input);
    return status ? status : req.status;
}
