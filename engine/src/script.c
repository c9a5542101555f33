/* SPDX-License-Identifier: MIT */
#include "loopwright/script.h"

#include "loopwright/sim.h"

#include <stdio.h>
#include <stdlib.h>

/* Place a parse error: 1-based line and byte column. Returns false. */
static bool at(lw_error *err, uint32_t line, size_t col)
{
    if (err) {
        err->line = (int)line;
        err->column = (int)col;
    }
    return false;
}

static int button_bit(char c)
{
    switch (c) {
    case 'L':
        return LW_BUTTON_LEFT;
    case 'R':
        return LW_BUTTON_RIGHT;
    case 'U':
        return LW_BUTTON_UP;
    case 'D':
        return LW_BUTTON_DOWN;
    case 'J':
        return LW_BUTTON_JUMP;
    default:
        return 0;
    }
}

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* One line's run: text[start, end) holds "COUNT BUTTONS [# comment]". */
typedef struct script_line {
    const char *text;
    size_t start, end;
    uint32_t number;
} script_line;

/* Place a parse error of @line at byte @pos. Returns false. */
static bool line_at(lw_error *err, const script_line *line, size_t pos)
{
    return at(err, line->number, pos - line->start + 1);
}

/* The frame count at *@p, advanced past it. */
static bool parse_count(const script_line *ln, size_t *p, uint32_t *out, lw_error *err)
{
    const char *text = ln->text;
    size_t start = *p;
    if (text[start] == '-' && start + 1 < ln->end && text[start + 1] >= '0' &&
        text[start + 1] <= '9') {
        lw_error_set(err, LW_ERR_FORMAT, "negative frame count");
        return line_at(err, ln, start);
    }
    if (text[start] < '0' || text[start] > '9') {
        lw_error_set(err, LW_ERR_FORMAT, "expected a frame count (COUNT BUTTONS, e.g. \"120 R\")");
        return line_at(err, ln, start);
    }
    uint32_t count = 0;
    while (*p < ln->end && text[*p] >= '0' && text[*p] <= '9') {
        uint32_t digit = (uint32_t)(text[*p] - '0');
        if (count > (LW_SCRIPT_MAX_FRAMES - digit) / 10u) {
            lw_error_set(err, LW_ERR_RANGE, "frame count is over the limit of %u",
                         LW_SCRIPT_MAX_FRAMES);
            return line_at(err, ln, start);
        }
        count = count * 10u + digit;
        (*p)++;
    }
    if (*p < ln->end && !is_blank(text[*p]) && text[*p] != '#') {
        lw_error_set(err, LW_ERR_FORMAT, "unexpected '%c' in the frame count", text[*p]);
        return line_at(err, ln, *p);
    }
    *out = count;
    return true;
}

/* The buttons at *@p ("-" or letters), advanced past them. */
static bool parse_buttons(const script_line *ln, size_t *p, unsigned *out, lw_error *err)
{
    const char *text = ln->text;
    if (*p == ln->end || text[*p] == '#') {
        lw_error_set(err, LW_ERR_FORMAT, "missing buttons after the count (use - for none)");
        return line_at(err, ln, *p);
    }
    unsigned buttons = 0;
    if (text[*p] == '-') {
        (*p)++;
    } else {
        while (*p < ln->end && !is_blank(text[*p]) && text[*p] != '#') {
            int bit = button_bit(text[*p]);
            if (!bit) {
                lw_error_set(err, LW_ERR_FORMAT,
                             "unknown button '%c' (expected L, R, U, D, J or -)", text[*p]);
                return line_at(err, ln, *p);
            }
            buttons |= (unsigned)bit;
            (*p)++;
        }
    }
    if (*p < ln->end && !is_blank(text[*p]) && text[*p] != '#') {
        lw_error_set(err, LW_ERR_FORMAT, "unexpected '%c' after the buttons", text[*p]);
        return line_at(err, ln, *p);
    }
    *out = buttons;
    return true;
}

/* Parse one non-blank, non-comment line starting at @p (its first non-blank byte). */
static bool parse_line(const script_line *ln, size_t p, uint32_t *count, unsigned *buttons,
                       lw_error *err)
{
    const char *text = ln->text;
    for (size_t q = ln->start; q < ln->end; q++) {
        if (text[q] == '\0') {
            lw_error_set(err, LW_ERR_FORMAT, "NUL byte in the script");
            return line_at(err, ln, q);
        }
    }
    if (!parse_count(ln, &p, count, err))
        return false;
    while (p < ln->end && is_blank(text[p]))
        p++;
    if (!parse_buttons(ln, &p, buttons, err))
        return false;
    while (p < ln->end && is_blank(text[p]))
        p++;
    if (p < ln->end && text[p] != '#') {
        lw_error_set(err, LW_ERR_FORMAT, "unexpected '%c' after the buttons", text[p]);
        return line_at(err, ln, p);
    }
    return true;
}

/* Append @count frames of @buttons to @s, merging with an equal last run. */
static bool append_run(lw_script *s, uint32_t *capacity, uint32_t count, unsigned buttons,
                       lw_error *err)
{
    if (s->run_count && s->runs[s->run_count - 1].buttons == buttons) {
        s->runs[s->run_count - 1].count += count; /* merge equal neighbours */
    } else {
        if (s->run_count == *capacity) {
            uint32_t cap = *capacity ? *capacity * 2u : 16u;
            lw_script_run *r = realloc(s->runs, cap * sizeof *r);
            if (!r)
                return lw_error_set(err, LW_ERR_NOMEM, NULL);
            s->runs = r;
            *capacity = cap;
        }
        s->runs[s->run_count++] = (lw_script_run){count, (uint8_t)buttons};
    }
    s->frame_count += count;
    return true;
}

bool lw_script_parse(const char *text, size_t len, lw_script *out, lw_error *err)
{
    lw_script s = {0};
    uint32_t capacity = 0;
    script_line ln = {.text = text};
    size_t i = 0;
    bool ok = true;
    while (ok && i < len) {
        ln.number++;
        ln.start = i;
        ln.end = i;
        while (ln.end < len && text[ln.end] != '\n')
            ln.end++;
        i = ln.end < len ? ln.end + 1 : ln.end;
        size_t p = ln.start;
        while (p < ln.end && is_blank(text[p]))
            p++;
        if (p == ln.end || text[p] == '#')
            continue;
        uint32_t count = 0;
        unsigned buttons = 0;
        ok = parse_line(&ln, p, &count, &buttons, err);
        if (!ok || count == 0)
            continue;
        if (count > LW_SCRIPT_MAX_FRAMES - s.frame_count) {
            lw_error_set(err, LW_ERR_RANGE, "the script is longer than %u frames",
                         LW_SCRIPT_MAX_FRAMES);
            ok = line_at(err, &ln, p);
            continue;
        }
        ok = append_run(&s, &capacity, count, buttons, err);
    }
    if (!ok) {
        lw_script_clear(&s);
        return false;
    }
    *out = s;
    return true;
}

void lw_script_clear(lw_script *script)
{
    if (!script)
        return;
    free(script->runs);
    script->runs = NULL;
    script->run_count = 0;
    script->frame_count = 0;
}

uint8_t lw_script_next(const lw_script *script, lw_script_cursor *cursor)
{
    while (cursor->run < script->run_count) {
        const lw_script_run *r = &script->runs[cursor->run];
        if (cursor->offset < r->count) {
            cursor->offset++;
            return r->buttons;
        }
        cursor->run++;
        cursor->offset = 0;
    }
    return 0;
}

size_t lw_script_format_run(char *buf, size_t size, uint32_t count, uint8_t buttons)
{
    char letters[6];
    size_t n = 0;
    static const char names[] = "LRUDJ";
    for (unsigned b = 0; b < 5; b++)
        if (buttons & (1u << b))
            letters[n++] = names[b];
    if (n == 0)
        letters[n++] = '-';
    letters[n] = '\0';
    int w = snprintf(buf, size, "%u %s\n", (unsigned)count, letters);
    return w < 0 ? 0 : (size_t)w;
}
