/* SPDX-License-Identifier: MIT */
/* The streaming level JSON reader (editor/doc/json-reader.c, level-json-load.c): keys in any
 * order, escaped keys, syntax messages with their places, and the order of checks where a
 * container has the wrong length and a bad element too. */
#include "json-reader.h"
#include "level-json.h"

#include <glib.h>
#include <jansson.h>
#include <string.h>

static char *read_sample(const char *name, gsize *len)
{
    char *path = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", name, NULL);
    char *text = NULL;
    g_assert_true(g_file_get_contents(path, &text, len, NULL));
    g_free(path);
    return text;
}

/* A copy of @v with the members of every object in reverse order, except the ones whose order
 * is data (marker properties and physics overrides, kept in file order). */
static json_t *reversed(const json_t *v)
{
    if (json_is_array(v)) {
        json_t *a = json_array();
        for (size_t i = 0; i < json_array_size(v); i++)
            json_array_append_new(a, reversed(json_array_get(v, i)));
        return a;
    }
    if (!json_is_object(v))
        return json_deep_copy(v);
    size_t n = json_object_size(v), i = 0;
    const char **keys = g_new(const char *, n ? n : 1);
    const char *k;
    json_t *m;
    json_object_foreach((json_t *)v, k, m) keys[i++] = k;
    json_t *o = json_object();
    while (i-- > 0) {
        const json_t *member = json_object_get(v, keys[i]);
        bool data = strcmp(keys[i], "properties") == 0 || strcmp(keys[i], "overrides") == 0;
        json_object_set_new(o, keys[i], data ? json_deep_copy(member) : reversed(member));
    }
    g_free(keys);
    return o;
}

/* The loader reads sections by position, not in file order: a level whose keys all come in
 * reverse order loads to the same level. */
static void test_any_key_order(void)
{
    const char *samples[] = {"loop-hill.json", "object-park.json", "pipe-works.json"};
    for (size_t s = 0; s < G_N_ELEMENTS(samples); s++) {
        gsize len;
        char *text = read_sample(samples[s], &len);
        json_t *root = json_loadb(text, len, 0, NULL);
        g_assert_nonnull(root);
        json_t *rev = reversed(root);
        char *shuffled = json_dumps(rev, JSON_INDENT(1));
        g_assert_cmpint(strncmp(shuffled, "{\n \"replays\"", 12), ==, 0);
        lw_level *level = NULL;
        lw_error err;
        if (!editor_level_load_text(shuffled, strlen(shuffled), 0, &level, &err))
            g_error("%s: %d:%d: %s", samples[s], err.line, err.column, err.message);
        char *out = editor_level_to_json(level, NULL);
        g_assert_true(strcmp(out, text) == 0); /* (too long to print) */
        free(out);
        lw_level_free(level);
        free(shuffled);
        json_decref(rev);
        json_decref(root);
        g_free(text);
    }
}

typedef struct bad_json {
    const char *text;
    const char *message; /* a part of it */
    int line, column;    /* 0: not checked */
} bad_json;

static void test_syntax_messages(void)
{
    static const bad_json cases[] = {
        {"", "'[' or '{' expected near end of file", 1, 1},
        {"{\"a\": 1,\n \"a\": 2}", "duplicate object key near '\"a\"'", 2, 4},
        {"{\"a\": 1, \"\\u0061\": 2}", "duplicate object key", 1, 0},
        {"{\"a\": {\"b\": 1}, \"c\": {\"b\": 2}}", NULL, 0, 0}, /* same key, other objects */
        {"{\"a\" 1}", "':' expected near '1'", 1, 6},
        {"[1,]", "unexpected token near ']'", 1, 4},
        {"[1 2]", "']' expected near '2'", 1, 4},
        {"{\"a\": 1 \"b\"}", "'}' expected", 1, 0},
        {"[1e999]", "real number overflow", 1, 0},
        {"[9223372036854775808]", "too big integer", 1, 0},
        {"[-9223372036854775809]", "too big negative integer", 1, 0},
        {"[01]", "invalid token", 1, 0},
        {"[truex]", "invalid token near 'truex'", 1, 6},
        {"[\"a\x01\"]", "control character 0x1", 1, 0},
        {"[\"\xc3\x28\"]", "unable to decode byte 0xc3", 1, 0},
        {"[\"\\ud800\"]", "invalid Unicode '\\uD800'", 1, 0},
        {"[\"\\q\"]", "invalid escape", 1, 0},
        {"[\"a\\u0000b\"]", "\\u0000 is not allowed", 1, 0},
        {"{\"a\\u0000\": 1}", "is not allowed", 1, 0},
        {"{} x", "end of file expected near 'x'", 1, 4},
        {"[\"unterminated", "premature end of input", 1, 0},
        {"[\"\xc3\xa9\", ?]", "invalid token near '?'", 1, 7}, /* columns count characters */
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        const bad_json *c = &cases[i];
        lw_error err;
        lw_error_clear(&err);
        bool ok = json_reader_validate(c->text, strlen(c->text), &err);
        char *shown = g_strescape(c->text, NULL), *said = g_strescape(err.message, NULL);
        g_test_message("%s -> %d:%d %s", shown, err.line, err.column, said);
        g_free(shown);
        g_free(said);
        if (!c->message) {
            g_assert_true(ok);
            continue;
        }
        g_assert_false(ok);
        g_assert_cmpint(err.code, ==, LW_ERR_FORMAT);
        g_assert_true(g_str_has_prefix(err.message, "invalid JSON: "));
        g_assert_nonnull(strstr(err.message, c->message));
        if (c->line)
            g_assert_cmpint(err.line, ==, c->line);
        if (c->column)
            g_assert_cmpint(err.column, ==, c->column);
    }
}

static void load_fails(const char *text, const char *message, int line, int column)
{
    lw_level *level = NULL;
    lw_error err;
    g_assert_false(editor_level_load_text(text, strlen(text), 0, &level, &err));
    g_test_message("%d:%d: %s", err.line, err.column, err.message);
    g_assert_cmpstr(err.message, ==, message);
    g_assert_cmpint(err.line, ==, line);
    g_assert_cmpint(err.column, ==, column);
}

/* A small level as one line per section, with @chunk and @layout spliced in. */
static char *level_text(const char *chunk_rows, const char *layout_row)
{
    return g_strdup_printf(
        "{\"format\": \"loopwright-level\", \"version\": 1, \"chunk_size\": 128,\n"
        "\"masks\": [], \"tiles\": [{\"art\": null, \"mask_a\": null, \"mask_b\": null}],\n"
        "\"chunks\": [{\"rows\": [%s]}],\n"
        "\"layout\": {\"width\": 2, \"height\": 1, \"foreground\": [%s]},\n"
        "\"objects\": []}",
        chunk_rows, layout_row);
}

static void test_check_order(void)
{
    GString *rows = g_string_new(NULL);
    for (int y = 0; y < 8; y++)
        g_string_append_printf(rows, "%s[\".\", \".\", \".\", \".\", \".\", \".\", \".\", \".\"]",
                               y ? ", " : "");
    char *good = level_text(rows->str, "[0, -1]");
    lw_level *level = NULL;
    lw_error err;
    g_assert_true(editor_level_load_text(good, strlen(good), 0, &level, &err));
    lw_level_free(level);
    g_free(good);

    /* a bad cell in a row that is also too long: the length is reported (checked first) */
    char *row = g_strdup(rows->str);
    char *first = strstr(row, "]");
    GString *t = g_string_new(NULL);
    g_string_append_len(t, row, first - row);
    g_string_append(t, ", \"9:aa\"");
    g_string_append(t, first);
    char *text = level_text(t->str, "[0, -1]");
    load_fails(text, "chunks[0].rows[0]: a row has 8 cells, found 9", 3, 22);
    g_free(text);
    /* the same bad cell alone */
    g_string_assign(t, "");
    g_string_append(t, "[\"9:aa\"");
    g_string_append(t, strchr(row, ','));
    text = level_text(t->str, "[0, -1]");
    load_fails(text, "chunks[0].rows[0][0]: tile 9 does not exist (1 tiles)", 3, 23);
    g_free(text);
    /* a layout row too short, too long with a bad id, and a bad id alone */
    text = level_text(rows->str, "[0]");
    load_fails(text, "layout.foreground[0]: expected 2 chunk ids (layout width), found 1", 4, 52);
    g_free(text);
    text = level_text(rows->str, "[7, -1, 0]");
    load_fails(text, "layout.foreground[0]: expected 2 chunk ids (layout width), found 3", 4, 52);
    g_free(text);
    text = level_text(rows->str, "[7, -1]");
    load_fails(text, "layout.foreground[0][0]: chunk 7 does not exist (1 chunks)", 4, 53);
    g_free(text);
    /* an escaped key is the key it spells; an unknown one is named decoded */
    text = level_text(rows->str, "[0, -1]");
    GString *k = g_string_new(text);
    g_string_replace(k, "\"objects\"", "\"obj\\u0065cts\"", 1);
    g_assert_true(editor_level_load_text(k->str, k->len, 0, &level, &err));
    lw_level_free(level);
    g_string_replace(k, "[]}", "[], \"caf\\u00e9\": 1}", 1);
    load_fails(k->str, "caf\xc3\xa9: unknown key \"caf\xc3\xa9\"", 5, 34);
    g_string_free(k, TRUE);
    g_free(text);
    g_free(row);
    g_string_free(t, TRUE);
    g_string_free(rows, TRUE);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/json-reader/any-key-order", test_any_key_order);
    g_test_add_func("/editor/json-reader/syntax-messages", test_syntax_messages);
    g_test_add_func("/editor/json-reader/check-order", test_check_order);
    return g_test_run();
}
