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

static int usage(void)
{
    printf("Usage: loopwright check LEVEL [--allow-outside-paths] [--strict]\n\n"
           "Validate a level file and list problems with their places. The level's saved replays\n"
           "are run again: one that no longer ends as recorded (falls, gets stuck, ends on\n"
           "another path or elsewhere) is an error.\n"
           "  --allow-outside-paths  accept a tileset outside the level's folder\n"
           "  --strict               treat warnings as errors\n"
           "Exit status: 0 no errors, 1 errors found (or the file is invalid), 2 bad usage.\n");
    return CLI_EXIT_OK;
}

int cli_check_main(int argc, char **argv)
{
    /* A level can have thousands of warnings: stderr (unbuffered by default) gets a buffer, line
     * by line on a terminal, in 64 KiB pieces otherwise; flushed before the summary on stdout so
     * the two streams keep their order. Must come before anything else uses stderr. */
    static char err_buf[1 << 16];
    setvbuf(stderr, err_buf, isatty(STDERR_FILENO) ? _IOLBF : _IOFBF, sizeof err_buf);
    const char *path = NULL;
    unsigned flags = 0;
    bool strict = false;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i]))
            return usage();
        if (strcmp(argv[i], "--allow-outside-paths") == 0)
            flags |= CLI_LOAD_ALLOW_OUTSIDE_PATHS;
        else if (strcmp(argv[i], "--strict") == 0)
            strict = true;
        else if (argv[i][0] == '-' && argv[i][1])
            return cli_usage_error("check", "unknown option %s", argv[i]);
        else if (path)
            return cli_usage_error("check", "one level at a time");
        else
            path = argv[i];
    }
    if (!path)
        return cli_usage_error("check", "missing LEVEL");
    lw_level *level;
    if (!cli_load_level(path, flags, &level))
        return CLI_EXIT_DATA;
    check_state st = {path, 0};
    unsigned errors = editor_level_check(level, path, print_problem, &st);
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
