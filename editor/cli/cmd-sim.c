/* SPDX-License-Identifier: MIT */
/*
 * `loopwright sim LEVEL --input SCRIPT ...`: run the engine headless on a level with an input
 * script, optionally write the per-frame trace CSV, and print the final state and its hash.
 */
#include "cli.h"
#include "sim-state.h"

#include <errno.h>
#include <inttypes.h>
#include <loopwright-masks/image.h>
#include <loopwright/profile.h>
#include <loopwright/script.h>
#include <loopwright/sim.h>
#include <loopwright/trace.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SIM_MAX_SCRIPT_BYTES (64u << 20) /* refuse larger scripts before reading them */

static const cli_spec spec = {
    .cmd = "sim",
    .usage = "LEVEL --input SCRIPT [--start X,Y] [--frames N] [--profile P]\n"
             " [--character C] [--drop-dash] [--trace OUT.csv] [--allow-outside-paths]",
    .about = "Run the physics headless and print the final state.",
    .after =
        "The level's physics overrides are applied on top of the profile. The simulation stops\n"
        "early when the player falls out of the level (status dead).\n"
        "Exit status: 0 done, 1 bad level or script, 2 bad usage.",
    .max_pos = 1,
    .too_many = "one level at a time",
};

/* The script's text into a malloc()ed buffer, at most SIM_MAX_SCRIPT_BYTES: lwm_file_read for a
 * file, standard input read to its end for "-". Prints the error. */
static bool read_script(const char *path, char **data, size_t *size)
{
    if (strcmp(path, "-") != 0) {
        lw_error err;
        if (!lwm_file_read(path, SIM_MAX_SCRIPT_BYTES, data, size, &err)) {
            cli_print_error(path, &err);
            return false;
        }
        return true;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    bool ok = buf != NULL;
    while (ok) {
        if (n == cap) {
            if (cap >= SIM_MAX_SCRIPT_BYTES) {
                fprintf(stderr, "loopwright: <stdin>: the script is larger than %u bytes\n",
                        SIM_MAX_SCRIPT_BYTES);
                ok = false;
                break;
            }
            cap *= 2;
            char *p = realloc(buf, cap);
            if (!p) {
                ok = false;
                break;
            }
            buf = p;
        }
        size_t got = fread(buf + n, 1, cap - n, stdin);
        n += got;
        if (got == 0) {
            if (ferror(stdin)) {
                fprintf(stderr, "loopwright: <stdin>: cannot read the script: %s\n",
                        strerror(errno));
                ok = false;
            }
            break;
        }
    }
    if (!ok) {
        free(buf);
        return false;
    }
    *data = buf;
    *size = n;
    return true;
}

/* The trace is streamed (its size is unbounded: one row per frame) through an lwm_file_stream:
 * a temporary file beside the target, renamed over it when complete. */
static bool trace_open(lwm_file_stream *t, const char *path, const char *header)
{
    lw_error err;
    if (!lwm_file_stream_open(t, path, &err)) {
        fprintf(stderr, "loopwright: %s: cannot write the trace: %s\n", path, err.message);
        return false;
    }
    fputs(header, t->f);
    fputc('\n', t->f);
    return true;
}

static bool trace_commit(lwm_file_stream *t, const char *path)
{
    lw_error err;
    if (!lwm_file_stream_commit(t, &err)) {
        fprintf(stderr, "loopwright: %s: cannot write the trace: %s\n", path, err.message);
        return false;
    }
    return true;
}

int cli_sim_main(int argc, char **argv)
{
    const char *cmd = "sim";
    const char *level_path = NULL, *input = NULL, *start = NULL, *frames_arg = NULL,
               *profile_arg = NULL, *character_arg = NULL, *trace_path = NULL;
    bool outside = false, drop_dash = false;
    const cli_option opts[] = {
        {.name = "--input",
         .arg = "SCRIPT",
         .value = &input,
         .help = "input script (\"-\" reads standard input): one run per line,\n"
                 "COUNT BUTTONS, BUTTONS = - or letters from L R U D J; # comments"},
        {.name = "--start",
         .arg = "X,Y",
         .value = &start,
         .help = "centre of the player in px (default: the level's player start)"},
        {.name = "--frames",
         .arg = "N",
         .value = &frames_arg,
         .help = "frames to simulate (default: the script's length; frames past the\n"
                 "script hold no buttons)"},
        {.name = "--profile",
         .arg = "P",
         .value = &profile_arg,
         .help = "s1, s2, s3k, cd or modern (default: the level's, normally s2)"},
        {.name = "--character",
         .arg = "C",
         .value = &character_arg,
         .help = "sonic, tails or knuckles (default: the level's)"},
        {.name = "--drop-dash",
         .flag = &drop_dash,
         .help = "turn on Mania's drop dash (the drop_dash switch) after the level's\n"
                 "overrides"},
        {.name = "--trace",
         .arg = "OUT.csv",
         .value = &trace_path,
         .help = "write one CSV row per frame (frame,x,y,xsp,ysp,gsp,angle,mode,air,\n"
                 "rolling,path), replaced atomically"},
        {.name = "--allow-outside-paths",
         .flag = &outside,
         .help = "accept a tileset outside the level's folder"},
        {.name = NULL},
    };
    int npos, parsed = cli_parse(&spec, opts, argc, argv, &level_path, &npos);
    if (parsed >= 0)
        return parsed;
    unsigned load_flags = outside ? CLI_LOAD_ALLOW_OUTSIDE_PATHS : 0;
    if (!level_path)
        return cli_usage_error(cmd, "missing LEVEL");
    if (!input)
        return cli_usage_error(cmd, "missing --input SCRIPT (use - for standard input)");
    long sx = 0, sy = 0;
    if (start &&
        (!cli_parse_point(start, &sx, &sy) || sx < -LW_MAX_LEVEL_W_PX ||
         sx > 2L * LW_MAX_LEVEL_W_PX || sy < -LW_MAX_LEVEL_H_PX || sy > 2L * LW_MAX_LEVEL_H_PX))
        return cli_usage_error(cmd, "--start wants X,Y in px (got \"%s\")", start);
    unsigned long frames = 0;
    if (frames_arg && !cli_parse_count(frames_arg, LW_SCRIPT_MAX_FRAMES, &frames))
        return cli_usage_error(cmd, "--frames wants a whole number 0..%u (got \"%s\")",
                               LW_SCRIPT_MAX_FRAMES, frames_arg);
    if (profile_arg && !lw_profile_find(profile_arg))
        return cli_usage_error(cmd, "unknown profile \"%s\" (expected s1, s2, s3k, cd or modern)",
                               profile_arg);
    if (character_arg && !lw_character_find(character_arg))
        return cli_usage_error(cmd, "unknown character \"%s\" (expected sonic, tails or knuckles)",
                               character_arg);

    lw_level *level = NULL;
    if (!cli_load_level(level_path, load_flags, &level))
        return CLI_EXIT_DATA;

    int status = CLI_EXIT_DATA;
    char *text = NULL;
    size_t text_len = 0;
    lw_script script = {0};
    lw_sim sim = {0};
    lwm_file_stream trace = {0};
    lw_error err;
    const char *script_name = strcmp(input, "-") == 0 ? "<stdin>" : input;

    if (!read_script(input, &text, &text_len))
        goto out;
    if (!lw_script_parse(text, text_len, &script, &err)) {
        cli_print_error(script_name, &err);
        goto out;
    }

    lw_profile profile;
    if (!lw_profile_init(&profile, profile_arg ? profile_arg : level->profile,
                         character_arg ? character_arg : level->character, &err) ||
        !lw_profile_apply_overrides(&profile, level, &err)) {
        cli_print_error(level_path, &err);
        goto out;
    }
    if (drop_dash)
        profile.drop_dash = true; /* docs/OBJECTS.md §19.2 */

    const lw_object *start_obj = NULL;
    for (uint32_t i = 0; i < level->object_count && !start_obj; i++)
        if (level->objects[i].type == LW_OBJECT_PLAYER_START)
            start_obj = &level->objects[i];
    if (!start) {
        if (!start_obj) {
            status = cli_usage_error(cmd,
                                     "%s has no player start: add one to the level or pass "
                                     "--start X,Y",
                                     level_path);
            goto out;
        }
        sx = start_obj->x;
        sy = start_obj->y;
    }
    if (!lw_sim_init(&sim, level, &profile, (int32_t)sx, (int32_t)sy, &err)) {
        cli_print_error(level_path, &err);
        goto out;
    }
    if (start_obj)
        sim.state.player.facing_left = start_obj->facing_left;
    if (!frames_arg)
        frames = script.frame_count;

    if (trace_path && !trace_open(&trace, trace_path, lw_trace_header_for(&sim)))
        goto out;
    lw_script_cursor cursor = {0};
    for (unsigned long f = 0; f < frames; f++) {
        lw_sim_status st = lw_sim_step(&sim, lw_script_next(&script, &cursor));
        if (trace.f) {
            char row[LW_TRACE_ROW_MAX];
            lw_trace_format_sim_row(row, sizeof row, &sim);
            fputs(row, trace.f);
        }
        if (st == LW_SIM_DEAD) {
            fprintf(stderr,
                    "loopwright sim: the player fell out of the level on frame %" PRIu32 "\n",
                    sim.state.frame);
            break;
        }
        if (st == LW_SIM_FINISHED) /* passed a goal sign: the run is over */
            break;
    }
    if (trace.f && !trace_commit(&trace, trace_path))
        goto out;
    editor_sim_print_state(stdout, &sim);
    status = fflush(stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_DATA;

out:
    lwm_file_stream_abort(&trace);
    lw_sim_clear(&sim);
    lw_script_clear(&script);
    free(text);
    lw_level_free(level);
    return status;
}
