/* SPDX-License-Identifier: MIT */
/* The headless CLI as a user runs it: exit codes, messages, outputs; never needs a display. */
#include "cli-run.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <string.h>
#include <sys/wait.h>

static char *sample(const char *name)
{
    return g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
}

static void test_help_version(void)
{
    cli_result r = cli_run((const char *[]){"--help", NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_nonnull(strstr(r.out, "check"));
    g_assert_nonnull(strstr(r.out, "render"));
    g_assert_nonnull(strstr(r.out, "sim"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"--version", NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_true(g_str_has_prefix(r.out, "loopwright "));
    cli_run_free(&r);
    r = cli_run((const char *[]){"check", "--help", NULL});
    g_assert_cmpint(r.code, ==, 0);
    g_assert_nonnull(strstr(r.out, "Usage: loopwright check"));
    cli_run_free(&r);
}

static void test_usage_errors(void)
{
    cli_result r = cli_run((const char *[]){"frobnicate", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "unknown command 'frobnicate'"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"check", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "missing LEVEL"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"render", "x.json", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "missing -o OUT.png"));
    cli_run_free(&r);
    r = cli_run((const char *[]){"render", "x.json", "-o", "y.png", "--scale", "9", NULL});
    g_assert_cmpint(r.code, ==, 2);
    cli_run_free(&r);
    r = cli_run((const char *[]){"check", "--bogus", "x.json", NULL});
    g_assert_cmpint(r.code, ==, 2);
    g_assert_nonnull(strstr(r.err, "unknown option --bogus"));
    cli_run_free(&r);
}

/* The option names (-x, --name) in @text, added to @set. */
static void add_options(GHashTable *set, const char *text)
{
    GRegex *re = g_regex_new("(?<![\\w-])(--?[a-z][a-z0-9-]*)", 0, 0, NULL);
    GMatchInfo *mi;
    g_regex_match(re, text, 0, &mi);
    while (g_match_info_matches(mi)) {
        g_hash_table_add(set, g_match_info_fetch(mi, 1));
        g_match_info_next(mi, NULL);
    }
    g_match_info_free(mi);
    g_regex_unref(re);
}

static char *set_text(GHashTable *set)
{
    GList *keys = g_list_sort(g_hash_table_get_keys(set), (GCompareFunc)strcmp);
    GString *s = g_string_new(NULL);
    for (GList *k = keys; k; k = k->next)
        g_string_append_printf(s, "%s ", (const char *)k->data);
    g_list_free(keys);
    return g_string_free(s, FALSE);
}

/* The synopsis lines of docs/CLI.md for @cmd: indented code lines "loopwright CMD ..." and the
 * lines continuing them (indented further). */
static char *doc_synopsis(const char *doc, const char *cmd)
{
    char *head = g_strdup_printf("    loopwright %s ", cmd);
    GString *out = g_string_new(NULL);
    char **lines = g_strsplit(doc, "\n", -1);
    for (size_t i = 0; lines[i]; i++) {
        if (!g_str_has_prefix(lines[i], head))
            continue;
        g_string_append_printf(out, "%s\n", lines[i] + strlen(head));
        while (lines[i + 1] && g_str_has_prefix(lines[i + 1], "        ") &&
               !strstr(lines[i + 1], "loopwright "))
            g_string_append_printf(out, "%s\n", lines[++i]);
    }
    g_strfreev(lines);
    g_free(head);
    return g_string_free(out, FALSE);
}

/* Run `loopwright ARGS... --help` for one form of a command; add the options its option list
 * names to @listed and those its synopsis names to @in_usage; @with_value gets each option that
 * takes a value, mapped to the form's arguments (a NULL-terminated array owned by the caller). */
static void form_options(const char *const *form, GHashTable *listed, GHashTable *in_usage,
                         GHashTable *with_value)
{
    const char *args[8];
    size_t n = 0;
    while (form[n]) {
        args[n] = form[n];
        n++;
    }
    args[n] = "--help";
    args[n + 1] = NULL;
    cli_result r = cli_run(args);
    g_assert_cmpint(r.code, ==, 0);
    g_assert_cmpstr(r.err, ==, "");
    const char *opts = strstr(r.out, "\nOptions:\n");
    g_assert_nonnull(opts);
    char *usage = g_strndup(r.out, (size_t)(strstr(r.out, "\n\n") - r.out));
    add_options(in_usage, usage);
    g_free(usage);
    char **lines = g_strsplit(opts + strlen("\nOptions:\n"), "\n", -1);
    for (size_t i = 0; lines[i] && lines[i][0]; i++) {
        if (!g_str_has_prefix(lines[i], "  -"))
            continue; /* a help text's second line */
        char *label = g_strdup(lines[i] + 2);
        char *gap = strstr(label, "  ");
        if (gap)
            *gap = '\0';
        if (strcmp(label, "-h, --help") != 0) {
            char **words = g_strsplit(label, " ", -1);
            bool takes_value = false;
            for (size_t w = 0; words[w]; w++)
                takes_value |= words[w][0] && words[w][0] != '-';
            for (size_t w = 0; words[w] && words[w][0] == '-'; w++) {
                char *name = g_strdup(words[w]);
                if (g_str_has_suffix(name, ","))
                    name[strlen(name) - 1] = '\0';
                if (w == 0) /* a second spelling ("-o, --output") is not in the synopses */
                    g_hash_table_add(listed, g_strdup(name));
                if (takes_value)
                    g_hash_table_insert(with_value, g_strdup(name), (gpointer)form);
                g_free(name);
            }
            g_strfreev(words);
        }
        g_free(label);
    }
    g_strfreev(lines);
    cli_run_free(&r);
}

/* Every subcommand's --help comes from its option table: the options listed (over all the forms
 * of a command), the ones in its synopsis and the ones docs/CLI.md shows for it are the same;
 * each option that takes a value is a usage error without one, and an unknown option is a usage
 * error. */
static void test_options_in_step(void)
{
    static const char *const f_check[] = {"check", NULL}, *const f_render[] = {"render", NULL},
                             *const f_masks[] = {"masks", NULL}, *const f_diff[] = {"diff", NULL},
                             *const f_merge[] = {"merge-level", NULL},
                             *const f_sim[] = {"sim", NULL}, *const f_import[] = {"import", NULL},
                             *const f_collision[] = {"collision", NULL},
                             *const f_pack[] = {"pack", NULL},
                             *const f_pack_disasm[] = {"pack", "--format", "s2", NULL},
                             *const f_pack_tree[] = {"pack", "--into", "TREE", NULL},
                             *const f_unpack[] = {"unpack", NULL},
                             *const f_unpack_disasm[] = {"unpack", "--format", "s1", NULL},
                             *const f_unpack_tree[] = {"unpack", "--list", NULL};
    static const struct {
        const char *cmd;
        const char *const *forms[4];
    } cmds[] = {
        {"check", {f_check}},
        {"render", {f_render}},
        {"masks", {f_masks}},
        {"diff", {f_diff}},
        {"merge-level", {f_merge}},
        {"sim", {f_sim}},
        {"import", {f_import}},
        {"collision", {f_collision}},
        {"pack", {f_pack, f_pack_disasm, f_pack_tree}},
        {"unpack", {f_unpack, f_unpack_disasm, f_unpack_tree}},
    };
    char *doc_path = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "docs", "CLI.md", NULL);
    char *doc;
    g_assert_true(g_file_get_contents(doc_path, &doc, NULL, NULL));
    for (size_t c = 0; c < G_N_ELEMENTS(cmds); c++) {
        GHashTable *in_usage = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
                   *listed = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
                   *in_doc = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL),
                   *with_value = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
        for (size_t f = 0; f < G_N_ELEMENTS(cmds[c].forms) && cmds[c].forms[f]; f++)
            form_options(cmds[c].forms[f], listed, in_usage, with_value);
        char *synopsis = doc_synopsis(doc, cmds[c].cmd);
        g_assert_cmpstr(synopsis, !=, "");
        add_options(in_doc, synopsis);
        char *a = set_text(listed), *b = set_text(in_usage), *d = set_text(in_doc);
        if (g_test_verbose())
            g_printerr("%s: options %s\n", cmds[c].cmd, a);
        g_assert_cmpstr(a, ==, b);
        g_assert_cmpstr(a, ==, d);
        g_free(a);
        g_free(b);
        g_free(d);
        GHashTableIter it;
        gpointer key, value;
        g_hash_table_iter_init(&it, with_value);
        while (g_hash_table_iter_next(&it, &key, &value)) {
            const char *const *form = value;
            const char *args[8];
            size_t n = 0;
            while (form[n]) {
                args[n] = form[n];
                n++;
            }
            args[n] = key;
            args[n + 1] = NULL;
            cli_result e = cli_run(args);
            g_assert_cmpint(e.code, ==, 2);
            char *want = g_strdup_printf("loopwright %s: option %s needs a value", cmds[c].cmd,
                                         (const char *)key);
            if (!g_str_has_prefix(e.err, want))
                g_error("%s: %s", want, e.err);
            g_free(want);
            cli_run_free(&e);
        }
        for (size_t f = 0; f < G_N_ELEMENTS(cmds[c].forms) && cmds[c].forms[f]; f++) {
            const char *args[8];
            size_t n = 0;
            while (cmds[c].forms[f][n]) {
                args[n] = cmds[c].forms[f][n];
                n++;
            }
            args[n] = "--no-such-option";
            args[n + 1] = NULL;
            cli_result e = cli_run(args);
            g_assert_cmpint(e.code, ==, 2);
            g_assert_nonnull(strstr(e.err, "unknown option --no-such-option"));
            cli_run_free(&e);
        }
        g_free(synopsis);
        g_hash_table_unref(in_usage);
        g_hash_table_unref(listed);
        g_hash_table_unref(in_doc);
        g_hash_table_unref(with_value);
    }
    g_free(doc);
    g_free(doc_path);
}

static void test_check_samples(void)
{
    const char *names[] = {"loop-hill.json", "pipe-works.json"};
    for (size_t i = 0; i < G_N_ELEMENTS(names); i++) {
        char *path = sample(names[i]);
        cli_result r = cli_run((const char *[]){"check", "--strict", path, NULL});
        g_assert_cmpint(r.code, ==, 0);
        g_assert_nonnull(strstr(r.out, ": ok: "));
        g_assert_nonnull(strstr(r.out, "0 errors, 0 warnings"));
        cli_run_free(&r);
        g_free(path);
    }
    cli_result r = cli_run((const char *[]){"check", "/nonexistent/level.json", NULL});
    g_assert_cmpint(r.code, ==, 1);
    g_assert_true(g_str_has_prefix(r.err, "loopwright: /nonexistent/level.json: cannot open"));
    cli_run_free(&r);
}

/* Count pixels that differ from the first pixel (the background colour). */
static size_t busy_pixels(const lwm_image *img)
{
    size_t n = 0;
    for (size_t i = 1; i < (size_t)img->width * img->height; i++)
        n += memcmp(img->rgba + i * 4, img->rgba, 4) != 0;
    return n;
}

static void test_render(void)
{
    char *dir = g_dir_make_tmp("lw-render-XXXXXX", NULL);
    char *out = g_build_filename(dir, "out.png", NULL);
    char *path = sample("loop-hill.json");
    cli_result r = cli_run((const char *[]){"render", path, "-o", out, NULL});
    g_assert_cmpint(r.code, ==, 0);
    cli_run_free(&r);
    lwm_image img = {0};
    lw_error err;
    g_assert_true(lwm_image_load_png(out, &img, &err));
    g_assert_cmpuint(img.width, ==, 7168);
    g_assert_cmpuint(img.height, ==, 1024);
    /* the art covers a good part of the picture: ground is 192+ px of 1024 everywhere */
    g_assert_cmpuint(busy_pixels(&img), >, (size_t)7168 * 192);
    lwm_image_clear(&img);

    r = cli_run((const char *[]){"render", path, "-o", out, "--collision", "--scale", "2",
                                 "--labels", NULL});
    g_assert_cmpint(r.code, ==, 0);
    cli_run_free(&r);
    g_assert_true(lwm_image_load_png(out, &img, &err));
    g_assert_cmpuint(img.width, ==, 7168 * 2);
    g_assert_cmpuint(img.height, ==, (1024 * 2 + 16) * 2);
    /* collision colours present: fully solid (white-ish) pixels exist in both panels */
    size_t solid_a = 0, solid_b = 0;
    for (uint32_t y = 0; y < img.height; y++)
        for (uint32_t x = 0; x < img.width; x += 7) {
            const uint8_t *p = lwm_image_pixel(&img, x, y);
            if (p[0] > 180 && p[1] > 180 && p[2] > 180) {
                if (y < 2048)
                    solid_a++;
                else
                    solid_b++;
            }
        }
    g_assert_cmpuint(solid_a, >, 100000);
    g_assert_cmpuint(solid_b, >, 100000);
    lwm_image_clear(&img);
    g_remove(out);
    g_rmdir(dir);
    g_free(out);
    g_free(dir);
    g_free(path);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/cli/help-version", test_help_version);
    g_test_add_func("/editor/cli/usage-errors", test_usage_errors);
    g_test_add_func("/editor/cli/options-in-step", test_options_in_step);
    g_test_add_func("/editor/cli/check-samples", test_check_samples);
    g_test_add_func("/editor/cli/render", test_render);
    return g_test_run();
}
