/* SPDX-License-Identifier: MIT */
/* Object sprite mappings, binary and assembly (disasm-sprites-map.h). */
#include "disasm-sprites-map.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void editor_mappings_clear(editor_mappings *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->count; i++)
        free(m->frames[i].pieces);
    free(m->frames);
    memset(m, 0, sizeof *m);
}

/* ---- binary ---- */

static unsigned piece_bytes(editor_map_format f)
{
    return f == EDITOR_MAP_S1 ? 5u : f == EDITOR_MAP_S2 ? 8u : 6u;
}

static unsigned rd16(const uint8_t *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static void decode_piece(editor_map_format f, const uint8_t *p, editor_map_piece *out)
{
    out->y = (int8_t)p[0];
    out->h = (uint8_t)((p[1] & 3u) + 1);
    out->w = (uint8_t)(((p[1] >> 2) & 3u) + 1);
    unsigned t = rd16(p + 2);
    out->tile = (uint16_t)(t & 0x7FFu);
    out->xflip = (t >> 11) & 1u;
    out->yflip = (t >> 12) & 1u;
    out->pal = (uint8_t)((t >> 13) & 3u);
    out->pri = (t >> 15) & 1u;
    if (f == EDITOR_MAP_S1)
        out->x = (int8_t)p[4];
    else
        out->x = (int16_t)rd16(p + (f == EDITOR_MAP_S2 ? 6 : 4));
}

/* The frame at byte @off of @data into @fr. */
static bool parse_frame(editor_map_format f, const uint8_t *data, size_t size, size_t off,
                        editor_map_frame *fr, lw_error *err)
{
    size_t head = f == EDITOR_MAP_S1 ? 1 : 2;
    if (off + head > size)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)off,
                               "frame at byte %zu: the piece count is past the end", off);
    size_t n = f == EDITOR_MAP_S1 ? data[off] : rd16(data + off);
    if (n > EDITOR_MAP_MAX_PIECES)
        return lw_error_set_at(err, LW_ERR_LIMIT, (long)off,
                               "frame at byte %zu: %zu pieces, more than %u", off, n,
                               EDITOR_MAP_MAX_PIECES);
    size_t pb = piece_bytes(f);
    if (off + head + n * pb > size)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)off,
                               "frame at byte %zu: %zu pieces of %zu bytes run past the end", off,
                               n, pb);
    fr->pieces = calloc(n ? n : 1, sizeof *fr->pieces);
    if (!fr->pieces)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    fr->count = n;
    for (size_t i = 0; i < n; i++)
        decode_piece(f, data + off + head + i * pb, &fr->pieces[i]);
    return true;
}

bool editor_sprite_offset_table(const uint8_t *data, size_t size, size_t table_bytes,
                                const char *what, size_t *count, lw_error *err)
{
    *count = 0;
    if (size > EDITOR_MAP_MAX_BYTES)
        return lw_error_set_at(err, LW_ERR_LIMIT, 0, "%zu bytes of %s, more than %u", size, what,
                               EDITOR_MAP_MAX_BYTES);
    if (size < 2)
        return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)size, "no offset table");
    /* the table ends where the nearest frame it points to begins */
    size_t limit = table_bytes < size ? table_bytes : size, n = 0;
    while (2 * n + 2 <= limit && n < EDITOR_MAP_MAX_FRAMES) {
        size_t off = rd16(data + 2 * n);
        if (off >= size)
            return lw_error_set_at(err, LW_ERR_FORMAT, (long)(2 * n),
                                   "frame %zu: offset %zu is past the end (%zu bytes)", n, off,
                                   size);
        if (off >= 2 * n + 2 && off < limit)
            limit = off;
        n++;
    }
    if (2 * n + 2 <= limit)
        return lw_error_set_at(err, LW_ERR_LIMIT, (long)(2 * n), "more than %u frames",
                               EDITOR_MAP_MAX_FRAMES);
    *count = n;
    return true;
}

bool editor_mappings_parse_bin(editor_map_format format, const uint8_t *data, size_t size,
                               editor_mappings *out, lw_error *err)
{
    memset(out, 0, sizeof *out);
    if (format < EDITOR_MAP_S1 || format > EDITOR_MAP_S3K)
        return lw_error_set(err, LW_ERR_FORMAT, "unknown mapping format %d", (int)format);
    size_t n;
    if (!editor_sprite_offset_table(data, size, size, "mappings", &n, err))
        return false;
    out->frames = calloc(n, sizeof *out->frames);
    if (!out->frames)
        return lw_error_set(err, LW_ERR_NOMEM, "out of memory");
    out->count = n;
    for (size_t i = 0; i < n; i++)
        if (!parse_frame(format, data, size, rd16(data + 2 * i), &out->frames[i], err)) {
            editor_mappings_clear(out);
            return false;
        }
    return true;
}

/* ---- assembly ---- */

enum {
    ST_DCB,
    ST_DCW,
    ST_HEADER,
    ST_PIECE,
    ST_PIECE2P,
    ST_TABLE,
    ST_ENTRY,
    ST_EVEN,
    ST_DPLC_HEADER,
    ST_DPLC_ENTRY
};

#define MAX_STATEMENTS 65536u
#define MAX_LABELS     16384u
#define MAX_OPERANDS   64u
#define MAX_LINE       4096u

typedef struct {
    int kind;
    int line;
    char *ops; /* operand text (owned), NULL when none */
    size_t offset;
} stmt;

typedef struct {
    char *name; /* owned */
    size_t offset;
} asm_label;

typedef struct {
    editor_map_format format;
    int dplc; /* 0: mappings; else the DPLC format (SonicDplcVer) */
    stmt *st;
    size_t n_st, cap_st;
    asm_label *lab;
    size_t n_lab, cap_lab;
    char global[128]; /* the last non-local label, for ".local" names */
    size_t table;     /* offset of the current mappingsTable */
    uint8_t *bytes;
    size_t n_bytes;
    int line;
    lw_error *err;
} asm_ctx;

static bool fail(asm_ctx *c, lw_status code, const char *msg, const char *arg)
{
    lw_error_set(c->err, code, "%s%s%.80s%s", msg, arg ? " \"" : "", arg ? arg : "",
                 arg ? "\"" : "");
    if (c->err)
        c->err->line = c->line;
    return false;
}

static bool ident_char(int ch)
{
    return isalnum(ch) || ch == '_' || ch == '.' || ch == '@' || ch == '$' || ch == '?';
}

/* The full name of label text @s (@len bytes): ".x" is local to the last global label. */
static bool label_name(asm_ctx *c, const char *s, size_t len, char *out, size_t cap)
{
    size_t g = s[0] == '.' ? strlen(c->global) : 0;
    if (g + len + 1 > cap)
        return fail(c, LW_ERR_LIMIT, "label too long", NULL);
    memcpy(out, c->global, g);
    memcpy(out + g, s, len);
    out[g + len] = 0;
    return true;
}

static const asm_label *find_label(const asm_ctx *c, const char *name)
{
    for (size_t i = 0; i < c->n_lab; i++)
        if (strcmp(c->lab[i].name, name) == 0)
            return &c->lab[i];
    return NULL;
}

static bool add_label(asm_ctx *c, const char *s, size_t len, size_t offset)
{
    char name[256];
    if (!label_name(c, s, len, name, sizeof name))
        return false;
    if (find_label(c, name))
        return fail(c, LW_ERR_FORMAT, "label defined twice:", name);
    if (c->n_lab >= MAX_LABELS)
        return fail(c, LW_ERR_LIMIT, "too many labels", NULL);
    if (c->n_lab == c->cap_lab) {
        size_t cap = c->cap_lab ? 2 * c->cap_lab : 64;
        asm_label *l = realloc(c->lab, cap * sizeof *l);
        if (!l)
            return fail(c, LW_ERR_NOMEM, "out of memory", NULL);
        c->lab = l;
        c->cap_lab = cap;
    }
    c->lab[c->n_lab].name = strdup(name);
    if (!c->lab[c->n_lab].name)
        return fail(c, LW_ERR_NOMEM, "out of memory", NULL);
    c->lab[c->n_lab++].offset = offset;
    if (s[0] != '.')
        snprintf(c->global, sizeof c->global, "%.*s", (int)(len < 127 ? len : 127), s);
    return true;
}

/* ---- expressions: numbers ($hex, %bin, decimal), labels, unary - ~ +, * / % << >> + - & ^ |,
 * parentheses; 64-bit, overflow-free by bounding every value to +-2^40 ---- */

typedef struct {
    asm_ctx *c;
    const char *p, *end;
    bool resolve; /* labels must be known (pass 2); pass 1 reads them as 0 */
} expr;

#define EXPR_BOUND ((int64_t)1 << 40)

static void skip_ws(expr *e)
{
    while (e->p < e->end && (*e->p == ' ' || *e->p == '\t'))
        e->p++;
}

static bool expr_or(expr *e, int64_t *v, int depth);

static bool expr_number(expr *e, int64_t *v)
{
    int base = 10;
    if (*e->p == '$')
        base = 16, e->p++;
    else if (*e->p == '%')
        base = 2, e->p++;
    int64_t n = 0;
    const char *start = e->p;
    while (e->p < e->end) {
        int ch = (unsigned char)*e->p, d;
        if (isdigit(ch))
            d = ch - '0';
        else if (base == 16 && isxdigit(ch))
            d = tolower(ch) - 'a' + 10;
        else
            break;
        if (d >= base)
            break;
        n = n * base + d;
        if (n > EXPR_BOUND)
            return fail(e->c, LW_ERR_RANGE, "number too large", NULL);
        e->p++;
    }
    if (e->p == start || (e->p < e->end && ident_char((unsigned char)*e->p)))
        return fail(e->c, LW_ERR_FORMAT, "bad number", NULL);
    *v = n;
    return true;
}

static bool expr_atom(expr *e, int64_t *v, int depth)
{
    skip_ws(e);
    if (e->p >= e->end)
        return fail(e->c, LW_ERR_FORMAT, "expression ends early", NULL);
    char ch = *e->p;
    if (ch == '(') {
        e->p++;
        if (!expr_or(e, v, depth + 1))
            return false;
        skip_ws(e);
        if (e->p >= e->end || *e->p != ')')
            return fail(e->c, LW_ERR_FORMAT, "missing ')'", NULL);
        e->p++;
        return true;
    }
    if (ch == '-' || ch == '~' || ch == '+') {
        e->p++;
        if (!expr_atom(e, v, depth + 1))
            return false;
        *v = ch == '-' ? -*v : ch == '~' ? ~*v : *v;
        return true;
    }
    if (isdigit((unsigned char)ch) || ch == '$' || ch == '%')
        return expr_number(e, v);
    const char *s = e->p;
    while (e->p < e->end && ident_char((unsigned char)*e->p))
        e->p++;
    if (e->p == s)
        return fail(e->c, LW_ERR_FORMAT, "bad expression", NULL);
    char name[256];
    if (!label_name(e->c, s, (size_t)(e->p - s), name, sizeof name))
        return false;
    const asm_label *l = find_label(e->c, name);
    if (!l && e->resolve)
        return fail(e->c, LW_ERR_FORMAT, "undefined label", name);
    *v = l ? (int64_t)l->offset : 0;
    return true;
}

static bool clamp(expr *e, int64_t *v)
{
    if (*v > EXPR_BOUND || *v < -EXPR_BOUND)
        return fail(e->c, LW_ERR_RANGE, "value too large", NULL);
    return true;
}

/* Binary operators by level: 0 |, 1 ^, 2 &, 3 << >>, 4 + -, 5 * / % */
static int op_at(expr *e, int level, int *len)
{
    static const char *ops[6][3] = {{"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
    skip_ws(e);
    for (int k = 0; k < 3 && ops[level][k]; k++) {
        size_t n = strlen(ops[level][k]);
        if ((size_t)(e->end - e->p) >= n && memcmp(e->p, ops[level][k], n) == 0) {
            *len = (int)n;
            return ops[level][k][0] == '<' ? 'l' : ops[level][k][0] == '>' ? 'r' : ops[level][k][0];
        }
    }
    return 0;
}

static bool expr_level(expr *e, int level, int64_t *v, int depth)
{
    if (depth > 64)
        return fail(e->c, LW_ERR_LIMIT, "expression nested too deep", NULL);
    if (level == 6)
        return expr_atom(e, v, depth);
    if (!expr_level(e, level + 1, v, depth + 1))
        return false;
    int len, op;
    while ((op = op_at(e, level, &len)) != 0) {
        e->p += len;
        int64_t r;
        if (!expr_level(e, level + 1, &r, depth + 1))
            return false;
        if ((op == '/' || op == '%') && r == 0)
            return fail(e->c, LW_ERR_RANGE, "division by zero", NULL);
        if ((op == 'l' || op == 'r') && (r < 0 || r > 40))
            return fail(e->c, LW_ERR_RANGE, "shift out of range", NULL);
        *v = op == '|'   ? *v | r
             : op == '^' ? *v ^ r
             : op == '&' ? *v & r
             : op == 'l' ? (int64_t)((uint64_t)*v << r)
             : op == 'r' ? *v >> r
             : op == '+' ? *v + r
             : op == '-' ? *v - r
             : op == '*' ? *v * r
             : op == '/' ? *v / r
                         : *v % r;
        if (!clamp(e, v))
            return false;
    }
    return true;
}

static bool expr_or(expr *e, int64_t *v, int depth)
{
    return expr_level(e, 0, v, depth);
}

/* Evaluate the comma-separated operands of @ops into @vals (at most MAX_OPERANDS). */
static bool eval_operands(asm_ctx *c, const char *ops, bool resolve, int64_t *vals, size_t *n)
{
    *n = 0;
    if (!ops)
        return true;
    expr e = {c, ops, ops + strlen(ops), resolve};
    for (;;) {
        if (*n >= MAX_OPERANDS)
            return fail(c, LW_ERR_LIMIT, "too many operands", NULL);
        if (!expr_or(&e, &vals[(*n)++], 0))
            return false;
        skip_ws(&e);
        if (e.p == e.end)
            return true;
        if (*e.p != ',')
            return fail(c, LW_ERR_FORMAT, "unexpected text in operands", e.p);
        e.p++;
    }
}

/* ---- statements ---- */

static int mnemonic_kind(const char *m, size_t len)
{
    static const struct {
        const char *name;
        int kind;
    } table[] = {{"dc.b", ST_DCB},
                 {"dc.w", ST_DCW},
                 {"spriteHeader", ST_HEADER},
                 {"spritePiece", ST_PIECE},
                 {"spritePiece2P", ST_PIECE2P},
                 {"mappingsTable", ST_TABLE},
                 {"mappingsTableEntry.w", ST_ENTRY},
                 {"even", ST_EVEN},
                 {"dplcHeader", ST_DPLC_HEADER},
                 {"dplcEntry", ST_DPLC_ENTRY}};
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strlen(table[i].name) == len && strncasecmp(table[i].name, m, len) == 0)
            return table[i].kind;
    return -1;
}

static size_t stmt_size(const asm_ctx *c, const stmt *s, size_t n_ops, size_t at)
{
    switch (s->kind) {
    case ST_DCB:
        return n_ops;
    case ST_DCW:
        return 2 * n_ops;
    case ST_HEADER:
        return c->format == EDITOR_MAP_S1 ? 1 : 2;
    case ST_PIECE:
    case ST_PIECE2P:
        return piece_bytes(c->format);
    case ST_ENTRY:
    case ST_DPLC_ENTRY:
        return 2;
    case ST_DPLC_HEADER:
        return c->dplc == EDITOR_DPLC_S1 ? 1 : 2;
    case ST_EVEN:
        return at & 1;
    default:
        return 0;
    }
}

static size_t count_operands(const char *ops)
{
    if (!ops)
        return 0;
    size_t n = 1;
    for (const char *p = ops; *p; p++)
        n += *p == ',';
    return n;
}

static bool push_stmt(asm_ctx *c, int kind, const char *ops, size_t ops_len)
{
    if (c->n_st >= MAX_STATEMENTS)
        return fail(c, LW_ERR_LIMIT, "too many statements", NULL);
    if (c->n_st == c->cap_st) {
        size_t cap = c->cap_st ? 2 * c->cap_st : 64;
        stmt *s = realloc(c->st, cap * sizeof *s);
        if (!s)
            return fail(c, LW_ERR_NOMEM, "out of memory", NULL);
        c->st = s;
        c->cap_st = cap;
    }
    stmt *s = &c->st[c->n_st];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->line = c->line;
    while (ops_len &&
           (ops[ops_len - 1] == ' ' || ops[ops_len - 1] == '\t' || ops[ops_len - 1] == '\r'))
        ops_len--;
    if (ops_len) {
        s->ops = malloc(ops_len + 1);
        if (!s->ops)
            return fail(c, LW_ERR_NOMEM, "out of memory", NULL);
        memcpy(s->ops, ops, ops_len);
        s->ops[ops_len] = 0;
    }
    c->n_st++;
    return true;
}

/* The offset the next statement starts at (pass 1: operand counts only). */
static size_t next_offset(const asm_ctx *c)
{
    if (!c->n_st)
        return 0;
    const stmt *s = &c->st[c->n_st - 1];
    return s->offset + stmt_size(c, s, count_operands(s->ops), s->offset);
}

/* One line (@len bytes at @s, no newline). @stop is set when a label-mode read is complete. */
static bool read_line(asm_ctx *c, const char *s, size_t len, bool whole, bool *stop)
{
    if (len > MAX_LINE)
        return fail(c, LW_ERR_LIMIT, "line longer than 4096 bytes", NULL);
    size_t end = 0;
    while (end < len && s[end] != ';' && s[end] != '\0')
        end++;
    const char *p = s, *e = s + end;
    if (p < e && *p != ' ' && *p != '\t' && *p != '\r') {
        const char *l = p;
        while (p < e && ident_char((unsigned char)*p))
            p++;
        if (p == l)
            return whole ? fail(c, LW_ERR_FORMAT, "bad label", NULL) : true;
        if (!add_label(c, l, (size_t)(p - l), next_offset(c)))
            return false;
        if (p < e && *p == ':')
            p++;
    }
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    if (p == e)
        return true;
    const char *m = p;
    while (p < e && *p != ' ' && *p != '\t' && *p != '\r')
        p++;
    int kind = mnemonic_kind(m, (size_t)(p - m));
    bool dplc_only = kind == ST_DPLC_HEADER || kind == ST_DPLC_ENTRY,
         map_only = kind == ST_HEADER || kind == ST_PIECE || kind == ST_PIECE2P;
    if ((c->dplc && map_only) || (!c->dplc && dplc_only))
        kind = -1; /* a mappings macro in DPLCs, or the reverse */
    if (kind < 0) {
        if (whole)
            return fail(c, LW_ERR_FORMAT, "unknown statement", NULL);
        *stop = true; /* the frame read from a label ends at the first other statement */
        return true;
    }
    if (!whole && c->n_st && kind == ST_HEADER) {
        *stop = true; /* the next frame */
        return true;
    }
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    size_t at = next_offset(c);
    if (at > EDITOR_MAP_MAX_BYTES)
        return fail(c, LW_ERR_LIMIT, "mappings larger than 64 KiB", NULL);
    if (!push_stmt(c, kind, p, (size_t)(e - p)))
        return false;
    c->st[c->n_st - 1].offset = at;
    return true;
}

/* ---- pass 2: bytes ---- */

static bool emit(asm_ctx *c, int64_t v, int bytes, int64_t lo, int64_t hi)
{
    if (v < lo || v > hi)
        return fail(c, LW_ERR_RANGE,
                    bytes == 1 ? "value out of range for a byte" : "value out of range for a word",
                    NULL);
    if (c->n_bytes + (size_t)bytes > EDITOR_MAP_MAX_BYTES)
        return fail(c, LW_ERR_LIMIT, "mappings larger than 64 KiB", NULL);
    if (bytes == 2)
        c->bytes[c->n_bytes++] = (uint8_t)((uint64_t)v >> 8);
    c->bytes[c->n_bytes++] = (uint8_t)((uint64_t)v & 0xFFu);
    return true;
}

static bool emit_piece(asm_ctx *c, const stmt *s, const int64_t *v, size_t n)
{
    size_t want = s->kind == ST_PIECE ? 9 : 14;
    if (n != want)
        return fail(c, LW_ERR_FORMAT,
                    s->kind == ST_PIECE ? "spritePiece takes 9 operands"
                                        : "spritePiece2P takes 14 operands",
                    NULL);
    int64_t x = v[0], y = v[1], w = v[2], h = v[3];
    if (w < 1 || w > 4 || h < 1 || h > 4)
        return fail(c, LW_ERR_RANGE, "piece width and height are 1..4 patterns", NULL);
    if (v[4] < 0 || v[4] > 0xFFFF)
        return fail(c, LW_ERR_RANGE, "piece tile out of range", NULL);
    int64_t flags =
        ((v[8] & 1) << 15) | ((v[7] & 3) << 13) | ((v[6] & 1) << 12) | ((v[5] & 1) << 11);
    int64_t tile = (flags + v[4]) & 0xFFFF;
    int64_t size = ((w - 1) & 3) << 2 | ((h - 1) & 3);
    if (c->format == EDITOR_MAP_S1)
        return emit(c, y, 1, -128, 255) && emit(c, size, 1, 0, 255) &&
               emit(c, tile, 2, 0, 0xFFFF) && emit(c, x, 1, -128, 255);
    if (!emit(c, ((y & 0xFF) << 8) | size, 2, 0, 0xFFFF) || !emit(c, tile, 2, 0, 0xFFFF))
        return false;
    if (c->format == EDITOR_MAP_S2) {
        int64_t t2 = s->kind == ST_PIECE2P ? (((v[13] & 1) << 15) | ((v[12] & 3) << 13) |
                                              ((v[11] & 1) << 12) | ((v[10] & 1) << 11)) +
                                                 v[9]
                                           : flags + ((v[4] >> 1) | (v[4] & 0x8000));
        if (!emit(c, t2 & 0xFFFF, 2, 0, 0xFFFF))
            return false;
    }
    return emit(c, x, 2, -32768, 0xFFFF);
}

/* Pieces right after statement @i (the count a spriteHeader gives). */
static size_t pieces_after(const asm_ctx *c, size_t i)
{
    size_t n = 0;
    while (i + 1 + n < c->n_st &&
           (c->st[i + 1 + n].kind == ST_PIECE || c->st[i + 1 + n].kind == ST_PIECE2P))
        n++;
    return n;
}

/* dplcEntry statements right after statement @i (the count a dplcHeader gives) */
static size_t entries_after(const asm_ctx *c, size_t i)
{
    size_t n = 0;
    while (i + 1 + n < c->n_st && c->st[i + 1 + n].kind == ST_DPLC_ENTRY)
        n++;
    return n;
}

static bool emit_dplc_entry(asm_ctx *c, const int64_t *v, size_t n)
{
    if (n != 2)
        return fail(c, LW_ERR_FORMAT, "dplcEntry takes 2 operands (tiles, offset)", NULL);
    if (v[0] < 1 || v[0] > 16 || v[1] < 0 || v[1] > 0xFFF)
        return fail(c, LW_ERR_RANGE, "dplcEntry: 1..16 tiles from pattern 0..$FFF", NULL);
    int64_t w = c->dplc == EDITOR_DPLC_S3K ? (v[1] << 4) | (v[0] - 1) : ((v[0] - 1) << 12) | v[1];
    return emit(c, w, 2, 0, 0xFFFF);
}

static bool emit_stmt(asm_ctx *c, size_t i)
{
    const stmt *s = &c->st[i];
    int64_t v[MAX_OPERANDS];
    size_t n;
    c->line = s->line;
    if (!eval_operands(c, s->ops, true, v, &n))
        return false;
    bool ok = true;
    switch (s->kind) {
    case ST_DCB:
    case ST_DCW:
        if (!n)
            return fail(c, LW_ERR_FORMAT, "dc without a value", NULL);
        for (size_t k = 0; ok && k < n; k++)
            ok = s->kind == ST_DCB ? emit(c, v[k], 1, -128, 255) : emit(c, v[k], 2, -32768, 0xFFFF);
        return ok;
    case ST_HEADER:
        return emit(c, (int64_t)pieces_after(c, i), c->format == EDITOR_MAP_S1 ? 1 : 2, 0,
                    c->format == EDITOR_MAP_S1 ? 255 : 0xFFFF);
    case ST_PIECE:
    case ST_PIECE2P:
        return emit_piece(c, s, v, n);
    case ST_DPLC_HEADER: {
        int64_t k = (int64_t)entries_after(c, i) - (c->dplc == EDITOR_DPLC_S3K);
        return emit(c, k & (c->dplc == EDITOR_DPLC_S1 ? 0xFF : 0xFFFF),
                    c->dplc == EDITOR_DPLC_S1 ? 1 : 2, 0, c->dplc == EDITOR_DPLC_S1 ? 255 : 0xFFFF);
    }
    case ST_DPLC_ENTRY:
        return emit_dplc_entry(c, v, n);
    case ST_TABLE:
        c->table = s->offset;
        return true;
    case ST_ENTRY:
        if (n != 1)
            return fail(c, LW_ERR_FORMAT, "mappingsTableEntry.w takes one label", NULL);
        return emit(c, v[0] - (int64_t)c->table, 2, -32768, 0xFFFF);
    default:
        return (s->offset & 1) ? emit(c, 0, 1, 0, 0) : true; /* even */
    }
}

/* The line of the statement that made byte @off. */
static int line_of_byte(const asm_ctx *c, long off)
{
    int line = c->n_st ? c->st[0].line : 0;
    for (size_t i = 0; off >= 0 && i < c->n_st && c->st[i].offset <= (size_t)off; i++)
        line = c->st[i].line;
    return line;
}

/* Does the line at @s (@len bytes) define label @want? */
static bool line_defines(const char *s, size_t len, const char *want)
{
    size_t n = strlen(want), k = 0;
    while (k < len && ident_char((unsigned char)s[k]))
        k++;
    return k == n && memcmp(s, want, n) == 0;
}

static bool read_text(asm_ctx *c, const char *text, size_t size, const char *label)
{
    bool reading = label == NULL, stop = false;
    size_t pos = 0;
    c->line = 0;
    while (pos < size && !stop) {
        const char *nl = memchr(text + pos, '\n', size - pos);
        size_t len = nl ? (size_t)(nl - (text + pos)) : size - pos;
        c->line++;
        if (!reading && line_defines(text + pos, len, label))
            reading = true;
        if (reading && !read_line(c, text + pos, len, label == NULL, &stop))
            return false;
        pos += len + 1;
    }
    if (!reading) {
        c->line = 0;
        return fail(c, LW_ERR_FORMAT, "label not found:", label);
    }
    return true;
}

static void ctx_free(asm_ctx *c)
{
    for (size_t i = 0; i < c->n_st; i++)
        free(c->st[i].ops);
    for (size_t i = 0; i < c->n_lab; i++)
        free(c->lab[i].name);
    free(c->st);
    free(c->lab);
    free(c->bytes);
}

/* Mapping text into c->bytes (the whole text, or the frame at @label). */
static bool assemble(asm_ctx *c, const char *text, size_t size, const char *label)
{
    if (c->format < EDITOR_MAP_S1 || c->format > EDITOR_MAP_S3K)
        return lw_error_set(c->err, LW_ERR_FORMAT, "unknown mapping format %d", (int)c->format);
    if (size > EDITOR_MAP_MAX_TEXT)
        return lw_error_set(c->err, LW_ERR_LIMIT, "%zu bytes of text, more than %u", size,
                            EDITOR_MAP_MAX_TEXT);
    bool ok = read_text(c, text, size, label);
    if (ok && !c->n_st) {
        c->line = 1;
        ok = fail(c, LW_ERR_FORMAT, "no mappings", NULL);
    }
    if (ok && !(c->bytes = malloc(EDITOR_MAP_MAX_BYTES)))
        ok = fail(c, LW_ERR_NOMEM, "out of memory", NULL);
    for (size_t i = 0; ok && i < c->n_st; i++)
        ok = emit_stmt(c, i);
    return ok;
}

bool editor_mappings_assemble(editor_map_format format, const char *text, size_t size,
                              uint8_t **bytes, size_t *n, lw_error *err)
{
    *bytes = NULL;
    *n = 0;
    asm_ctx c = {.format = format, .err = err};
    bool ok = assemble(&c, text, size, NULL);
    if (ok) {
        uint8_t *b = realloc(c.bytes, c.n_bytes ? c.n_bytes : 1);
        *bytes = b ? b : c.bytes;
        *n = c.n_bytes;
        c.bytes = NULL;
    }
    ctx_free(&c);
    return ok;
}

bool editor_mappings_parse_asm(editor_map_format format, const char *text, size_t size,
                               const char *label, editor_mappings *out, lw_error *err)
{
    memset(out, 0, sizeof *out);
    asm_ctx c = {.format = format, .err = err};
    bool ok = assemble(&c, text, size, label);
    if (ok && label) {
        out->frames = calloc(1, sizeof *out->frames);
        ok = out->frames && parse_frame(format, c.bytes, c.n_bytes, 0, &out->frames[0], err);
        if (!out->frames)
            lw_error_set(err, LW_ERR_NOMEM, "out of memory");
        out->count = ok ? 1 : 0;
        if (!ok && err)
            err->line = line_of_byte(&c, err->offset);
    } else if (ok) {
        ok = editor_mappings_parse_bin(format, c.bytes, c.n_bytes, out, err);
        if (!ok && err)
            err->line = line_of_byte(&c, err->offset);
    }
    if (!ok)
        editor_mappings_clear(out);
    ctx_free(&c);
    return ok;
}

bool editor_dplcs_parse_asm(editor_dplc_format format, const char *text, size_t size,
                            editor_dplcs *out, lw_error *err)
{
    memset(out, 0, sizeof *out);
    asm_ctx c = {.format = EDITOR_MAP_S2, .dplc = (int)format, .err = err};
    if (format < EDITOR_DPLC_S1 || format > EDITOR_DPLC_S3K)
        return lw_error_set(err, LW_ERR_FORMAT, "unknown DPLC format %d", (int)format);
    if (size > EDITOR_MAP_MAX_TEXT)
        return lw_error_set(err, LW_ERR_LIMIT, "%zu bytes of text, more than %u", size,
                            EDITOR_MAP_MAX_TEXT);
    bool ok = read_text(&c, text, size, NULL);
    if (ok && !c.n_st) {
        c.line = 1;
        ok = fail(&c, LW_ERR_FORMAT, "no DPLCs", NULL);
    }
    if (ok && !(c.bytes = malloc(EDITOR_MAP_MAX_BYTES)))
        ok = fail(&c, LW_ERR_NOMEM, "out of memory", NULL);
    for (size_t i = 0; ok && i < c.n_st; i++)
        ok = emit_stmt(&c, i);
    size_t table = c.n_bytes; /* up to the first label after the table's start */
    for (size_t i = 0; i < c.n_lab; i++)
        if (c.lab[i].offset > 0 && c.lab[i].offset < table)
            table = c.lab[i].offset;
    if (ok) {
        ok = editor_dplcs_parse_table(format, c.bytes, c.n_bytes, table, out, err);
        if (!ok && err)
            err->line = line_of_byte(&c, err->offset);
    }
    ctx_free(&c);
    return ok;
}
