/* SPDX-License-Identifier: MIT */
/* Input scripts and trace rows. */
#include <glib.h>
#include <loopwright/script.h>
#include <loopwright/sim.h>
#include <loopwright/trace.h>
#include <string.h>

static lw_script parse_ok(const char *text)
{
    lw_script s;
    lw_error err;
    if (!lw_script_parse(text, strlen(text), &s, &err))
        g_error("%d:%d: %s", err.line, err.column, err.message);
    return s;
}

static void test_parse(void)
{
    lw_script s = parse_ok("# a comment\n"
                           "120 R\n"
                           "\n"
                           "  1 RJ   # jump\n"
                           "40 RJ\r\n"
                           "3 -\n"
                           "0 L\n"
                           "2 LRUDJ");
    g_assert_cmpuint(s.frame_count, ==, 166);
    g_assert_cmpuint(s.run_count, ==, 4); /* "1 RJ" and "40 RJ" merge; "0 L" is dropped */
    g_assert_cmpuint(s.runs[0].count, ==, 120);
    g_assert_cmpuint(s.runs[0].buttons, ==, LW_BUTTON_RIGHT);
    g_assert_cmpuint(s.runs[1].count, ==, 41);
    g_assert_cmpuint(s.runs[1].buttons, ==, LW_BUTTON_RIGHT | LW_BUTTON_JUMP);
    g_assert_cmpuint(s.runs[2].buttons, ==, 0);
    g_assert_cmpuint(s.runs[3].buttons, ==, LW_BUTTON_ALL);

    lw_script_cursor c = {0};
    for (int i = 0; i < 120; i++)
        g_assert_cmpuint(lw_script_next(&s, &c), ==, LW_BUTTON_RIGHT);
    g_assert_cmpuint(lw_script_next(&s, &c), ==, LW_BUTTON_RIGHT | LW_BUTTON_JUMP);
    for (int i = 0; i < 40; i++)
        lw_script_next(&s, &c);
    for (int i = 0; i < 3; i++)
        g_assert_cmpuint(lw_script_next(&s, &c), ==, 0);
    g_assert_cmpuint(lw_script_next(&s, &c), ==, LW_BUTTON_ALL);
    g_assert_cmpuint(lw_script_next(&s, &c), ==, LW_BUTTON_ALL);
    g_assert_cmpuint(lw_script_next(&s, &c), ==, 0); /* past the end: nothing held */
    g_assert_cmpuint(lw_script_next(&s, &c), ==, 0);
    lw_script_clear(&s);

    s = parse_ok("");
    g_assert_cmpuint(s.frame_count, ==, 0);
    lw_script_clear(&s);
    s = parse_ok("# only comments\n\n   \n");
    g_assert_cmpuint(s.frame_count, ==, 0);
    lw_script_clear(&s);
}

static void expect_error(const char *text, lw_status code, int line, int column,
                         const char *fragment)
{
    lw_script s = {0};
    lw_error err;
    g_assert_false(lw_script_parse(text, strlen(text), &s, &err));
    g_assert_cmpint(err.code, ==, code);
    g_assert_cmpint(err.line, ==, line);
    g_assert_cmpint(err.column, ==, column);
    if (!strstr(err.message, fragment))
        g_error("message \"%s\" lacks \"%s\"", err.message, fragment);
    g_assert_null(s.runs);
}

static void test_errors(void)
{
    expect_error("10 R\n5 X\n", LW_ERR_FORMAT, 2, 3, "unknown button 'X'");
    expect_error("10 RQ\n", LW_ERR_FORMAT, 1, 5, "unknown button 'Q'");
    expect_error("10 r\n", LW_ERR_FORMAT, 1, 4, "unknown button 'r'");
    expect_error("  -5 R\n", LW_ERR_FORMAT, 1, 3, "negative");
    expect_error("R\n", LW_ERR_FORMAT, 1, 1, "frame count");
    expect_error("10\n", LW_ERR_FORMAT, 1, 3, "missing buttons");
    expect_error("10 # no buttons\n", LW_ERR_FORMAT, 1, 4, "missing buttons");
    expect_error("10R\n", LW_ERR_FORMAT, 1, 3, "unexpected 'R'");
    expect_error("10 R L\n", LW_ERR_FORMAT, 1, 6, "unexpected 'L'");
    expect_error("10 -R\n", LW_ERR_FORMAT, 1, 5, "unexpected 'R'");
    expect_error("99999999999 R\n", LW_ERR_RANGE, 1, 1, "limit");
    expect_error("100000000 R\n1 L\n", LW_ERR_RANGE, 2, 1, "longer than");
    lw_script s;
    g_assert_true(lw_script_parse("100000000 R\n", 12, &s, NULL));
    g_assert_cmpuint(s.frame_count, ==, LW_SCRIPT_MAX_FRAMES);
    lw_script_clear(&s);
    /* a NUL byte inside the text */
    lw_error err;
    g_assert_false(lw_script_parse("1 R\n2 \0L\n", 9, &s, &err));
    g_assert_cmpint(err.line, ==, 2);
    g_assert_cmpint(err.column, ==, 3);
    /* err may be NULL */
    g_assert_false(lw_script_parse("x", 1, &s, NULL));
}

static void test_format_run(void)
{
    char buf[32];
    g_assert_cmpuint(lw_script_format_run(buf, sizeof buf, 120, LW_BUTTON_RIGHT | LW_BUTTON_JUMP),
                     ==, 7);
    g_assert_cmpstr(buf, ==, "120 RJ\n");
    lw_script_format_run(buf, sizeof buf, 5, 0);
    g_assert_cmpstr(buf, ==, "5 -\n");
    lw_script_format_run(buf, sizeof buf, 1, LW_BUTTON_ALL);
    g_assert_cmpstr(buf, ==, "1 LRUDJ\n");
    /* round trip */
    lw_script s = parse_ok(buf);
    g_assert_cmpuint(s.runs[0].buttons, ==, LW_BUTTON_ALL);
    lw_script_clear(&s);
}

static void test_fixed_format(void)
{
    static const struct {
        int32_t v;
        const char *text;
    } cases[] = {
        {716 * 256, "716"},
        {716 * 256 + 16, "716.0625"},
        {12, "0.046875"},
        {-384, "-1.5"},
        {-128, "-0.5"},
        {0, "0"},
        {-1, "-0.00390625"},
        {1, "0.00390625"},
        {255, "0.99609375"},
        {-256, "-1"},
        {INT32_MAX, "8388607.99609375"},
        {INT32_MIN, "-8388608"},
        {INT32_MIN + 1, "-8388607.99609375"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        char buf[LW_FIXED_FORMAT_MAX];
        size_t n = lw_fixed_format(buf, sizeof buf, cases[i].v);
        g_assert_cmpstr(buf, ==, cases[i].text);
        g_assert_cmpuint(n, ==, strlen(cases[i].text));
    }
    /* exact: parse back with integer arithmetic for every fraction */
    for (int f = 0; f < 256; f++) {
        char buf[LW_FIXED_FORMAT_MAX];
        lw_fixed_format(buf, sizeof buf, 5 * 256 + f);
        const char *dot = strchr(buf, '.');
        if (f == 0) {
            g_assert_null(dot);
            continue;
        }
        g_assert_nonnull(dot);
        long long num = 0, den = 1;
        for (const char *p = dot + 1; *p; p++) {
            num = num * 10 + (*p - '0');
            den *= 10;
        }
        g_assert_cmpint(num * 256, ==, (long long)f * den);
        g_assert_cmpint(buf[strlen(buf) - 1], !=, '0');
    }
    /* truncation keeps a NUL */
    char small[4];
    g_assert_cmpuint(lw_fixed_format(small, sizeof small, 716 * 256 + 16), ==, 8);
    g_assert_cmpstr(small, ==, "716");
}

static void test_trace_row(void)
{
    lw_player pl = {0};
    pl.x = 716 * 256 + 16;
    pl.y = 400 * 256;
    pl.xsp = 12;
    pl.ysp = -384;
    pl.gsp = -128;
    pl.angle = 0xC0;
    pl.airborne = true;
    pl.rolling = true;
    pl.path = LW_PATH_B;
    char buf[LW_TRACE_ROW_MAX];
    size_t n = lw_trace_format_row(buf, sizeof buf, 42, &pl);
    g_assert_cmpstr(buf, ==, "42,716.0625,400,0.046875,-1.5,-0.5,192,rwall,1,1,B\n");
    g_assert_cmpuint(n, ==, strlen(buf));
    pl.angle = 0x40;
    pl.airborne = pl.rolling = false;
    pl.path = LW_PATH_A;
    lw_trace_format_row(buf, sizeof buf, 1, &pl);
    g_assert_cmpstr(buf, ==, "1,716.0625,400,0.046875,-1.5,-0.5,64,lwall,0,0,A\n");
    g_assert_cmpstr(LW_TRACE_HEADER, ==, "frame,x,y,xsp,ysp,gsp,angle,mode,air,rolling,path");
    /* the longest possible row fits */
    pl.x = pl.y = pl.xsp = pl.ysp = pl.gsp = INT32_MIN + 1;
    pl.angle = 0x80;
    n = lw_trace_format_row(buf, sizeof buf, UINT32_MAX, &pl);
    g_assert_cmpuint(n, <, LW_TRACE_ROW_MAX);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/script/parse", test_parse);
    g_test_add_func("/engine/script/errors", test_errors);
    g_test_add_func("/engine/script/format-run", test_format_run);
    g_test_add_func("/engine/trace/fixed-format", test_fixed_format);
    g_test_add_func("/engine/trace/row", test_trace_row);
    return g_test_run();
}
