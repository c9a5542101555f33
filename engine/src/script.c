/* SPDX-License-Identifier: MIT */
#include "loopwright/script.h"

#include "loopwright/player.h"

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

bool lw_script_parse(const char *text, size_t len, lw_script *out, lw_error *err)
{
    lw_script s = {0};
    uint32_t capacity = 0;
    uint32_t line = 0;
    size_t i = 0;
    bool ok = true;
    while (ok && i < len) {
        line++;
        size_t start = i;
        size_t end = i;
        while (end < len && text[end] != '\n')
            end++;
        i = end < len ? end + 1 : end;
#define COL(pos) ((pos)-start + 1)
        size_t p = start;
        while (p < end && is_blank(text[p]))
            p++;
        if (p == end || text[p] == '#')
            continue;
        for (size_t q = start; q < end; q++) {
            if (text[q] == '\0') {
                lw_error_set(err, LW_ERR_FORMAT, "NUL byte in the script");
                ok = at(err, line, COL(q));
                break;
            }
        }
        if (!ok)
            break;
        if (text[p] == '-' && p + 1 < end && text[p + 1] >= '0' && text[p + 1] <= '9') {
            lw_error_set(err, LW_ERR_FORMAT, "negative frame count");
            ok = at(err, line, COL(p));
            break;
        }
        if (text[p] < '0' || text[p] > '9') {
            lw_error_set(err, LW_ERR_FORMAT,
                         "expected a frame count (COUNT BUTTONS, e.g. \"120 R\")");
            ok = at(err, line, COL(p));
            break;
        }
        uint32_t count = 0;
        size_t count_col = COL(p);
        while (p < end && text[p] >= '0' && text[p] <= '9') {
            uint32_t digit = (uint32_t)(text[p] - '0');
            if (count > (LW_SCRIPT_MAX_FRAMES - digit) / 10u) {
                lw_error_set(err, LW_ERR_RANGE, "frame count is over the limit of %u",
                             LW_SCRIPT_MAX_FRAMES);
                ok = at(err, line, count_col);
                break;
            }
            count = count * 10u + digit;
            p++;
        }
        if (!ok)
            break;
        if (p < end && !is_blank(text[p]) && text[p] != '#') {
            lw_error_set(err, LW_ERR_FORMAT, "unexpected '%c' in the frame count", text[p]);
            ok = at(err, line, COL(p));
            break;
        }
        while (p < end && is_blank(text[p]))
            p++;
        if (p == end || text[p] == '#') {
            lw_error_set(err, LW_ERR_FORMAT, "missing buttons after the count (use - for none)");
            ok = at(err, line, COL(p));
            break;
        }
        unsigned buttons = 0;
        if (text[p] == '-') {
            p++;
        } else {
            while (p < end && !is_blank(text[p]) && text[p] != '#') {
                int bit = button_bit(text[p]);
                if (!bit) {
                    lw_error_set(err, LW_ERR_FORMAT,
                                 "unknown button '%c' (expected L, R, U, D, J or -)", text[p]);
                    ok = at(err, line, COL(p));
                    break;
                }
                buttons |= (unsigned)bit;
                p++;
            }
            if (!ok)
                break;
        }
        if (p < end && !is_blank(text[p]) && text[p] != '#') {
            lw_error_set(err, LW_ERR_FORMAT, "unexpected '%c' after the buttons", text[p]);
            ok = at(err, line, COL(p));
            break;
        }
        while (p < end && is_blank(text[p]))
            p++;
        if (p < end && text[p] != '#') {
            lw_error_set(err, LW_ERR_FORMAT, "unexpected '%c' after the buttons", text[p]);
            ok = at(err, line, COL(p));
            break;
        }
        if (count == 0)
            continue;
        if (count > LW_SCRIPT_MAX_FRAMES - s.frame_count) {
            lw_error_set(err, LW_ERR_RANGE, "the script is longer than %u frames",
                         LW_SCRIPT_MAX_FRAMES);
            ok = at(err, line, count_col);
            break;
        }
        if (s.run_count && s.runs[s.run_count - 1].buttons == buttons) {
            s.runs[s.run_count - 1].count += count; /* merge equal neighbours */
        } else {
            if (s.run_count == capacity) {
                uint32_t cap = capacity ? capacity * 2u : 16u;
                lw_script_run *r = realloc(s.runs, cap * sizeof *r);
                if (!r) {
                    ok = lw_error_set(err, LW_ERR_NOMEM, NULL);
                    break;
                }
                s.runs = r;
                capacity = cap;
            }
            s.runs[s.run_count++] = (lw_script_run){count, (uint8_t)buttons};
        }
        s.frame_count += count;
#undef COL
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
