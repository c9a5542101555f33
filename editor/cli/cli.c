/* SPDX-License-Identifier: MIT */
#include "cli.h"

#include "level-json.h"
#include "real-path.h"

#include <errno.h>
#include <loopwright-masks/image.h>
#include <loopwright/packed.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const cli_command cli_commands[] = {
    {"edit", NULL, "[LEVEL]", "open the editor (on the sample level when none is given)"},
    {"play", NULL,
     "LEVEL [--start X,Y] [--profile P] [--character C] [--debug] [--input SCRIPT --frames N "
     "--screenshot OUT.png --trace OUT.csv --benchmark]",
     "open the test-play window (or run it on a script and exit)"},
    {"check", cli_check_main, "LEVEL", "validate a level and list problems with their places"},
    {"render", cli_render_main, "LEVEL -o OUT.png [--collision] [--trace T.csv]",
     "draw the whole level as a PNG"},
    {"sim", cli_sim_main,
     "LEVEL --input SCRIPT [--start X,Y] [--frames N] [--profile P] [--character C] "
     "[--trace OUT.csv]",
     "run the engine headless and print the final state"},
    {"masks", cli_masks_main, "TILES.png [-o OUT.json] [--preview OUT.png]",
     "height masks, widths and angles for each 16x16 tile of a sheet"},
    {"import", cli_import_main,
     "TERRAIN.png [--art ART.png] [--top-solid TOP.png] [--path-b B.png] [--chunk 128|256] "
     "-o LEVEL.json",
     "build a level (masks, tiles, chunks, tileset) from a terrain image"},
    {"collision", cli_collision_main,
     "export --format s1|s2|s3k LEVEL -o DIR [--zone NAME] | import --format s1|s2|s3k DIR "
     "[--zone NAME] [-o OUT.json]",
     "write or read the disassemblies' collision arrays, angle maps and indexes"},
    {"pack", cli_pack_main, "LEVEL -o OUT.bin | LEVEL --format s1|s2 -o DIR [--zone NAME]",
     "write a packed level binary, or a Sonic 1/2 disassembly's level files"},
    {"unpack", cli_unpack_main,
     "IN.bin -o LEVEL.json | --format s1|s2 DIR --zone NAME -o LEVEL.json",
     "turn a packed binary, or a Sonic 1/2 disassembly's level, into level JSON"},
    {"diff", cli_diff_main, "A B [--png OUT.png] | --textconv LEVEL",
     "what changed between two levels, one edit a line with its place"},
    {"merge-level", cli_merge_main, "BASE OURS THEIRS [-o OUT]",
     "three-way merge of level files (a git merge driver)"},
    {NULL, NULL, NULL, NULL},
};

const cli_command *cli_find(const char *name)
{
    for (const cli_command *c = cli_commands; c->name; c++)
        if (strcmp(c->name, name) == 0)
            return c->run ? c : NULL;
    return NULL;
}

void cli_print_help(FILE *out)
{
    fprintf(out, "Usage: loopwright [COMMAND] [ARGS...]\n\n"
                 "A level editor and physics engine for Mega Drive-style platformers.\n"
                 "Without a command, opens the editor.\n\nCommands:\n");
    for (const cli_command *c = cli_commands; c->name; c++)
        fprintf(out, "  %-10s %s\n             %s\n", c->name, c->args, c->summary);
    fprintf(out, "\nOptions:\n  -h, --help     show this help (or COMMAND --help)\n"
                 "  --version      show the version\n\n"
                 "Exit status: 0 success, 1 bad input file, 2 bad usage.\n");
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "loopwright %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'loopwright %s --help'.\n", cmd);
    va_end(ap);
    return CLI_EXIT_USAGE;
}

void cli_print_error(const char *file, const lw_error *err)
{
    char buf[1024];
    editor_format_error(file, err, buf, sizeof buf);
    fprintf(stderr, "%s\n", buf);
}

bool cli_is_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

/* "--name" matches @arg exactly (a flag) or as "--name=VALUE" / "--name" (with a value): the
 * length of the name matched, 0 when it does not match. */
static size_t option_matches(const char *name, const char *arg, bool with_value)
{
    if (!name)
        return 0;
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return 0;
    if (arg[n] == '\0' || (with_value && arg[n] == '='))
        return n;
    return 0;
}

/* Apply option @o, matched by @arg over @n characters; may take the next argument. */
static int take_option(const cli_spec *spec, const cli_option *o, int argc, char **argv, int *i,
                       size_t n)
{
    const char *arg = argv[*i];
    if (!o->arg) {
        if (o->flag)
            *o->flag = true;
        else if (o->set)
            *o->set = o->to;
        return -1;
    }
    const char *value;
    if (arg[n] == '=') {
        value = arg + n + 1;
    } else if (*i + 1 < argc) {
        value = argv[++*i];
    } else {
        return cli_usage_error(spec->cmd, "option %.*s needs a value (%.*s %s)", (int)n, arg,
                               (int)n, arg, o->arg);
    }
    if (o->each)
        return o->each(o->user, value);
    *o->value = value;
    return -1;
}

int cli_parse(const cli_spec *spec, const cli_option *opts, int argc, char **argv, const char **pos,
              int *npos)
{
    *npos = 0;
    bool options = true;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (options && cli_is_help(arg)) {
            cli_print_usage(stdout, spec, opts);
            return CLI_EXIT_OK;
        }
        if (options && strcmp(arg, "--") == 0) {
            options = false;
            continue;
        }
        if (!options || arg[0] != '-' || arg[1] == '\0') {
            if (*npos >= spec->max_pos) {
                if (spec->too_many)
                    return cli_usage_error(spec->cmd, "%s", spec->too_many);
                return cli_usage_error(spec->cmd, "unexpected argument %s", arg);
            }
            pos[(*npos)++] = arg;
            continue;
        }
        const cli_option *o = opts;
        size_t n = 0;
        for (; o->name; o++)
            if ((n = option_matches(o->name, arg, o->arg != NULL)) != 0 ||
                (n = option_matches(o->alias, arg, o->arg != NULL)) != 0)
                break;
        if (!o->name)
            return cli_usage_error(spec->cmd, "unknown option %s%s%s", arg, spec->form ? " " : "",
                                   spec->form ? spec->form : "");
        int r = take_option(spec, o, argc, argv, &i, n);
        if (r >= 0)
            return r;
    }
    return -1;
}

/* Print @text with every line after the first indented by @indent columns. */
static void print_indented(FILE *out, const char *text, int indent)
{
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (p != text)
            fprintf(out, "\n%*s", indent, "");
        fwrite(p, 1, len, out);
        p += len + (nl ? 1 : 0);
    }
    fputc('\n', out);
}

/* "  -o, --output OUT.bin" for the option list; returns its width. */
static int option_label(char *buf, size_t size, const cli_option *o)
{
    return snprintf(buf, size, "  %s%s%s%s%s", o->name, o->alias ? ", " : "",
                    o->alias ? o->alias : "", o->arg ? " " : "", o->arg ? o->arg : "");
}

void cli_print_usage(FILE *out, const cli_spec *spec, const cli_option *opts)
{
    char label[128];
    int prefix = fprintf(out, "Usage: ");
    const char *usage = spec->usage;
    for (const char *p = usage; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (*p == ' ') { /* a continuation of the form above, under its arguments */
            while (*p == ' ')
                p++, len--;
            fprintf(out, "%*s%.*s\n", prefix + (int)strlen(spec->cmd) + 12, "", (int)len, p);
        } else {
            if (p != usage)
                fprintf(out, "%*s", prefix, "");
            fprintf(out, "loopwright %s %.*s\n", spec->cmd, (int)len, p);
        }
        p += len + (nl ? 1 : 0);
    }
    if (spec->about)
        fprintf(out, "\n%s\n", spec->about);
    /* the help column: after the longest label that fits in 26 columns */
    int column = (int)strlen("  -h, --help") + 2;
    for (const cli_option *o = opts; o->name; o++) {
        int w = option_label(label, sizeof label, o) + 2;
        if (w > column && w <= 26)
            column = w;
    }
    fprintf(out, "\nOptions:\n");
    for (const cli_option *o = opts; o->name; o++) {
        int w = option_label(label, sizeof label, o);
        fputs(label, out);
        if (w + 2 > column)
            fprintf(out, "\n%*s", column, "");
        else
            fprintf(out, "%*s", column - w, "");
        print_indented(out, o->help ? o->help : "", column);
    }
    int w = snprintf(label, sizeof label, "  -h, --help");
    fprintf(out, "%s%*s%s\n", label, column - w, "", "show this help");
    if (spec->after)
        fprintf(out, "\n%s\n", spec->after);
}

bool cli_parse_point(const char *s, long *x, long *y)
{
    char *end;
    errno = 0;
    long a = strtol(s, &end, 10);
    if (end == s || *end != ',' || errno)
        return false;
    const char *t = end + 1;
    long b = strtol(t, &end, 10);
    if (end == t || *end != '\0' || errno)
        return false;
    *x = a;
    *y = b;
    return true;
}

bool cli_parse_count(const char *s, unsigned long max, unsigned long *out)
{
    if (!*s)
        return false;
    unsigned long v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned long d = (unsigned long)(*p - '0');
        if (d > max || v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

bool cli_file_is_packed(const char *path)
{
    uint8_t head[LW_PACKED_MAGIC_SIZE];
    long n = lwm_file_peek(path, head, sizeof head); /* never blocks on a pipe */
    return n > 0 && lw_packed_is_packed(head, (size_t)n);
}

bool cli_load_packed(const char *path, lw_packed_level **out, uint8_t **bytes, size_t *size)
{
    lw_error err;
    char *data = NULL;
    size_t n = 0;
    if (!lwm_file_read(path, LW_PACKED_MAX_FILE, &data, &n, &err)) {
        cli_print_error(path, &err);
        return false;
    }
    lw_packed_level *level = NULL;
    if (!lw_packed_load(data, n, &level, &err)) {
        free(data);
        cli_print_error(path, &err);
        return false;
    }
    *out = level;
    if (bytes) {
        *bytes = (uint8_t *)data;
        *size = n;
    } else {
        free(data);
    }
    return true;
}

bool cli_load_level(const char *path, unsigned flags, lw_level **out)
{
    lw_error err;
    /* the content decides, not the extension: packed binaries start with their magic */
    if (cli_file_is_packed(path)) {
        lw_packed_level *loaded;
        if (!cli_load_packed(path, &loaded, NULL, NULL))
            return false;
        const lw_level *packed = lw_packed_level_get(loaded);
        if (packed->tileset && !(flags & CLI_LOAD_ALLOW_OUTSIDE_PATHS) &&
            !editor_path_stays_inside(packed->tileset)) {
            lw_error_set(&err, LW_ERR_PATH,
                         "tileset \"%s\" leaves the level's folder (use --allow-outside-paths)",
                         packed->tileset);
            lw_packed_level_free(loaded);
            cli_print_error(path, &err);
            return false;
        }
        if (packed->tileset && !(flags & CLI_LOAD_ALLOW_OUTSIDE_PATHS) &&
            !editor_path_real_inside(path, packed->tileset, "tileset", &err)) {
            lw_packed_level_free(loaded);
            cli_print_error(path, &err);
            return false;
        }
        /* subcommands may edit what they load: hand them an ordinary copy */
        lw_level *copy = lw_level_dup(packed);
        lw_packed_level_free(loaded);
        if (!copy) {
            lw_error_set(&err, LW_ERR_NOMEM, NULL);
            cli_print_error(path, &err);
            return false;
        }
        *out = copy;
        return true;
    }
    unsigned load_flags =
        (flags & CLI_LOAD_ALLOW_OUTSIDE_PATHS) ? EDITOR_LOAD_ALLOW_OUTSIDE_PATHS : 0;
    if (!editor_level_load_file(path, load_flags, out, &err)) {
        cli_print_error(path, &err);
        return false;
    }
    return true;
}

const char *cli_find_option(int argc, char **argv, const char *name)
{
    size_t n = strlen(name);
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], name, n) != 0)
            continue;
        if (argv[i][n] == '=')
            return argv[i] + n + 1;
        if (argv[i][n] == '\0')
            return i + 1 < argc ? argv[i + 1] : NULL;
    }
    return NULL;
}

char *cli_path_stem(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, base, n);
        s[n] = '\0';
    }
    return s;
}

bool cli_tileset_paths(const char *level_path, char **rel, char **full)
{
    const char *slash = strrchr(level_path, '/');
    size_t dir_len = slash ? (size_t)(slash - level_path) + 1 : 0;
    char *stem = cli_path_stem(level_path);
    *rel = stem ? malloc(strlen(stem) + sizeof "-tiles.png") : NULL;
    *full = *rel ? malloc(dir_len + strlen(stem) + sizeof "-tiles.png") : NULL;
    if (!*full) {
        free(stem);
        free(*rel);
        *rel = NULL;
        return false;
    }
    sprintf(*rel, "%s-tiles.png", stem);
    memcpy(*full, level_path, dir_len);
    strcpy(*full + dir_len, *rel);
    free(stem);
    return true;
}
