/* SPDX-License-Identifier: MIT */
#include "cli.h"
#include "level-check.h"
#include "replay-check.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct check_state {
    const char *file;
    unsigned warnings;
} check_state;

static void print_problem(const editor_problem *p, void *user)
{
    check_state *st = user;
    if (p->severity == EDITOR_SEVERITY_WARNING)
        st->warnings++;
    fprintf(stderr, "loopwright: %s: %s: %s [%s]\n", st->file,
            p->severity == EDITOR_SEVERITY_ERROR ? "error" : "warning", p->message, p->code);
}

static const cli_spec spec = {
    .cmd = "check",
    .usage = "LEVEL [--strict] [--allow-outside-paths]",
    .about =
        "Validate a level file and list problems with their places. The level's saved replays\n"
        "are run again: one that no longer ends as recorded (falls, gets stuck, ends on\n"
        "another path or elsewhere) is an error.",
    .after = "Exit status: 0 no errors, 1 errors found (or the file is invalid), 2 bad usage.",
    .max_pos = 1,
    .too_many = "one level at a time",
};

int cli_check_main(int argc, char **argv)
{
    /* A level can have thousands of warnings: stderr (unbuffered by default) gets a buffer, line
     * by line on a terminal, in 64 KiB pieces otherwise; flushed before the summary on stdout so
     * the two streams keep their order. Must come before anything else uses stderr. */
    static char err_buf[1 << 16];
    setvbuf(stderr, err_buf, isatty(STDERR_FILENO) ? _IOLBF : _IOFBF, sizeof err_buf);
    bool strict = false, outside = false;
    const cli_option opts[] = {
        {.name = "--strict", .flag = &strict, .help = "treat warnings as errors"},
        {.name = "--allow-outside-paths",
         .flag = &outside,
         .help = "accept a tileset outside the level's folder"},
        {.name = NULL},
    };
    const char *path = NULL;
    int npos, r = cli_parse(&spec, opts, argc, argv, &path, &npos);
    if (r >= 0)
        return r;
    unsigned flags = outside ? CLI_LOAD_ALLOW_OUTSIDE_PATHS : 0;
    if (!path)
        return cli_usage_error("check", "missing LEVEL");
    lw_level *level;
    if (!cli_load_level(path, flags, &level))
        return CLI_EXIT_DATA;
    check_state st = {path, 0};
    unsigned errors = editor_level_check_paths(level, path, outside, print_problem, &st);
    errors += editor_replay_check(level, print_problem, &st);
    fflush(stderr);
    printf("%s: %s: %u masks, %u tiles, %u chunks of %u px, layout %ux%u (%dx%d px), %u objects; "
           "%u replays; %u errors, %u warnings\n",
           path, errors ? "FAILED" : "ok", level->mask_count, level->tile_count, level->chunk_count,
           level->chunk_px, level->layout_width, level->layout_height, lw_level_width_px(level),
           lw_level_height_px(level), level->object_count, level->replay_count, errors,
           st.warnings);
    lw_level_free(level);
    return (errors || (strict && st.warnings)) ? CLI_EXIT_DATA : CLI_EXIT_OK;
}
