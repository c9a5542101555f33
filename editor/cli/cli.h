#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Headless subcommands of `loopwright`. None of them initialises GTK or needs a display.
 * Exit codes: 0 success, 1 bad input (a file that cannot be read or is invalid), 2 bad usage.
 * Errors are printed on stderr as "loopwright: FILE[:LINE:COL]: message".
 */

#include <loopwright/level.h>
#include <loopwright/packed.h>
#include <stdbool.h>
#include <stdio.h> /* FILE */

#define CLI_EXIT_OK    0
#define CLI_EXIT_DATA  1
#define CLI_EXIT_USAGE 2

/** A subcommand: @argv[0] is the subcommand's name. Returns the process exit code. */
typedef int (*cli_main_fn)(int argc, char **argv);

typedef struct cli_command {
    const char *name;    /* e.g. "check" */
    cli_main_fn run;     /* NULL for GUI-only commands, handled by the application */
    const char *args;    /* synopsis of the arguments */
    const char *summary; /* one line */
} cli_command;

/** The table of subcommands, terminated by a zeroed entry. */
extern const cli_command cli_commands[];

/** Find a headless subcommand by name; NULL when unknown or GUI-only. */
const cli_command *cli_find(const char *name);

/** Print the top-level help on @out. */
void cli_print_help(FILE *out);

/* ---- helpers shared by subcommands ---- */

/** Print "loopwright CMD: message" plus a hint to use --help on stderr; returns CLI_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/** Print "loopwright: FILE[:LINE:COL]: message" on stderr for @err. */
void cli_print_error(const char *file, const lw_error *err);

/** True when @arg is -h or --help. */
bool cli_is_help(const char *arg);

/**
 * One option of a subcommand's declarative table (terminated by a zeroed entry). The same table
 * parses the arguments and writes the option list of `COMMAND --help`. Exactly one of the
 * targets is set:
 *  - @flag: a flag, set true when given;
 *  - @set: a flag that stores @to in *@set (two flags sharing one setting, the last one wins:
 *    --progress / --no-progress);
 *  - @value: an option with a value ("--name VALUE" or "--name=VALUE"), the last one wins;
 *  - @each: a repeatable option with a value, handed to @each(@user, value) once per use, in
 *    order; it returns -1 to go on or an exit code (after printing a usage error).
 */
typedef struct cli_option {
    const char *name;  /* "--strict", "-o" */
    const char *alias; /* a second spelling ("--output" beside "-o"), or NULL */
    const char *arg;   /* the value's name in the help ("N", "OUT.png"); NULL for a flag */
    const char *help;  /* its text in --help; "\n" starts another line */
    bool *flag;
    int *set;
    int to;
    const char **value;
    int (*each)(void *user, const char *value);
    void *user;
} cli_option;

/** The `--allow-outside-paths` entry of an option table (the commands that load a level's
 * tileset), setting *@flag_ptr. */
#define CLI_OPTION_ALLOW_OUTSIDE_PATHS(flag_ptr)                                                   \
    {                                                                                              \
        .name = "--allow-outside-paths", .flag = (flag_ptr),                                       \
        .help = "accept a tileset outside the level's folder"                                      \
    }

/**
 * A subcommand's command line: what `COMMAND --help` prints around the option table, and how
 * many positional arguments it takes.
 */
typedef struct cli_spec {
    const char *cmd;      /* "render" (in messages: "loopwright render: ...") */
    const char *usage;    /* the synopsis after "loopwright CMD ", one form a line ("\n"); a
                           * line starting with a space continues the form above */
    const char *about;    /* what the command does (printed before the options) */
    const char *after;    /* notes after the options, ending with the exit status */
    int max_pos;          /* positional arguments accepted */
    const char *too_many; /* the usage error for one more ("one level at a time"); NULL:
                           * "unexpected argument ARG" */
    const char *form;     /* for a command with several forms: said after an unknown option
                           * ("for a tree" gives "unknown option --x for a tree"), or NULL */
} cli_spec;

/**
 * Parse @argv (argv[0] the subcommand) by @spec and the table @opts: options anywhere, the rest
 * positional into @pos (at most spec->max_pos; "-" alone is positional, and so is everything
 * after "--"). -h/--help prints the generated usage on stdout. Returns -1 when the command
 * should go on, otherwise the exit code to return at once (CLI_EXIT_OK after --help,
 * CLI_EXIT_USAGE after printing an unknown option, a missing value or too many arguments).
 * *@npos receives the count of positional arguments.
 */
int cli_parse(const cli_spec *spec, const cli_option *opts, int argc, char **argv, const char **pos,
              int *npos);

/** Print `COMMAND --help` for @spec and @opts on @out. */
void cli_print_usage(FILE *out, const cli_spec *spec, const cli_option *opts);

/** Parse "X,Y" (integers) into two values. */
bool cli_parse_point(const char *s, long *x, long *y);

/** Parse a whole non-negative decimal integer no greater than @max. */
bool cli_parse_count(const char *s, unsigned long max, unsigned long *out);

enum {
    CLI_LOAD_ALLOW_OUTSIDE_PATHS = 1u << 0, /* tileset may leave the level's folder */
};

/** Load a level — a level JSON or a packed binary, told apart by content (the packed magic) —
 * and print any error ("loopwright: FILE: byte N: reason" for binaries). The level is always an
 * ordinary, editable one. */
bool cli_load_level(const char *path, unsigned flags, lw_level **out);

/** True when the file at @path starts with the packed-level magic (false when unreadable). */
bool cli_file_is_packed(const char *path);

/** Read and load a packed binary, printing any error. *@out is a read-only packed level (free
 * it with lw_packed_level_free). When @bytes is non-NULL it receives the file contents
 * (malloc()ed) and *@size their length. */
bool cli_load_packed(const char *path, lw_packed_level **out, uint8_t **bytes, size_t *size);

/** The file name of @path without its folder and extension ("a/b/level.json" -> "level").
 * Returns a malloc()ed string, NULL when out of memory. */
char *cli_path_stem(const char *path);

/** The tileset written beside a level: *@rel = "STEM-tiles.png" (as the level refers to it)
 * and *@full = that name in the level's folder. Both malloc()ed; false when out of memory. */
bool cli_tileset_paths(const char *level_path, char **rel, char **full);

/* Subcommand entry points, one file each. */
int cli_diff_main(int argc, char **argv);
int cli_merge_main(int argc, char **argv);
int cli_check_main(int argc, char **argv);
int cli_render_main(int argc, char **argv);
int cli_sim_main(int argc, char **argv);
int cli_masks_main(int argc, char **argv);
int cli_import_main(int argc, char **argv);
int cli_collision_main(int argc, char **argv);
int cli_pack_main(int argc, char **argv);
int cli_unpack_main(int argc, char **argv);
/* `pack`/`unpack` with --format s1|s2 (cmd-disasm.c); @format is "s1" or "s2". */
int cli_disasm_pack_main(int argc, char **argv, const char *format);
int cli_disasm_unpack_main(int argc, char **argv, const char *format);
/* cmd-disasm-tree.c: `unpack TREE --list | --level NAME`, and --format s1|s2 on a tree. */
bool cli_tree_wanted(int argc, char **argv);
int cli_tree_unpack_main(int argc, char **argv);
int cli_tree_pack_main(int argc, char **argv); /* `pack LEVEL --into TREE` */

/** The value of option @name ("--name V" or "--name=V") anywhere in @argv, or NULL. */
const char *cli_find_option(int argc, char **argv, const char *name);
