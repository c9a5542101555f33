/* SPDX-License-Identifier: MIT */
/* The C# definition interpreter (disasm-sprites-cs.c): tokens, skipping, values and the
 * built-in calls. */
#include "disasm-sprites-cs-private.h"

#include <stdlib.h>
#include <string.h>

/* ---- tokens ---- */

const tok *dcs_T(const dspr_cs *c, guint i)
{
    static const tok end = {T_END, 0, 0, -1, 0, 0, 0};
    return i < c->toks->len ? &g_array_index(c->toks, tok, i) : &end;
}

gboolean dcs_tok_is(const dspr_cs *c, guint i, const char *s)
{
    const tok *t = dcs_T(c, i);
    return (t->kind == T_IDENT || t->kind == T_OP) && t->len > 0 &&
           c->text[t->at] == s[0] && /* most tokens differ at once: no strlen for them */
           t->len == strlen(s) && memcmp(c->text + t->at, s, t->len) == 0;
}

gboolean dcs_is(const dspr_cs *c, const char *s)
{
    return dcs_tok_is(c, c->pos, s);
}

gboolean dcs_accept(dspr_cs *c, const char *s)
{
    if (!dcs_is(c, s))
        return FALSE;
    c->pos++;
    return TRUE;
}

void dcs_expect(dspr_cs *c, const char *s)
{
    if (!dcs_accept(c, s))
        c->error = TRUE;
}

char *dcs_tok_text(const dspr_cs *c, guint i)
{
    const tok *t = dcs_T(c, i);
    return g_strndup(c->text + t->at, t->len);
}

static gboolean ident_char(char ch, gboolean first)
{
    return g_ascii_isalpha(ch) || ch == '_' || (!first && g_ascii_isdigit(ch));
}

/* The length of the string literal at @s (regular or @verbatim), 0 when it does not end. */
static gsize string_len(const char *s, const char *end)
{
    gboolean verbatim = *s == '@';
    const char *p = s + (verbatim ? 2 : 1);
    for (; p < end && *p != '\n'; p++) {
        if (!verbatim && *p == '\\' && p + 1 < end)
            p++;
        else if (*p == '"' && verbatim && p + 1 < end && p[1] == '"')
            p++;
        else if (*p == '"')
            return (gsize)(p + 1 - s);
    }
    return 0;
}

static const char *const ops3[] = {"<<=", ">>=", NULL};
static const char *const ops2[] = {"=>", "==", "!=", "<=", ">=", "&&", "||", "++",
                                   "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
                                   "^=", "<<", "??", "?.", "::", NULL};

/* The operator at @s: its length (1 for any other punctuation). */
static gsize op_len(const char *s, const char *end)
{
    for (int k = 0; ops3[k]; k++)
        if (end - s >= 3 && memcmp(s, ops3[k], 3) == 0)
            return 3;
    for (int k = 0; ops2[k]; k++)
        if (end - s >= 2 && memcmp(s, ops2[k], 2) == 0)
            return 2;
    return 1;
}

/* A number at @s: decimal or 0x, with C# suffixes: T_INT (@v), T_REAL for a double (`1.5`,
 * `2e3`, `4d`: @v holds its bits), T_DEC for a decimal (`2m`, `0.5M`: read from the text),
 * T_IDENT for a float (`1.5f`: never bound, so unknown: its rounding is not a double's). */
static tok_kind number(const char *s, const char *end, gsize *len, gint64 *v)
{
    const char *p = s;
    gboolean hex = end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    guint64 n = 0;
    for (p = hex ? s + 2 : s; p < end && (hex ? g_ascii_isxdigit(*p) : g_ascii_isdigit(*p)); p++)
        n = n * (hex ? 16 : 10) + (guint64)g_ascii_xdigit_value(*p) % (hex ? 16 : 10);
    gboolean real = !hex && p < end &&
                    (*p == '.' || *p == 'f' || *p == 'F' || *p == 'm' || *p == 'M' || *p == 'd' ||
                     *p == 'D' || *p == 'e' || *p == 'E');
    const char *digits = p;
    while (p < end && (g_ascii_isalnum(*p) || *p == '.' ||
                       (real && (*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E'))))
        p++;
    *len = (gsize)(p - s);
    *v = (gint64)(n & 0xFFFFFFFFu);
    if (!real)
        return T_INT;
    if (*len >= 2 && (s[*len - 1] == 'm' || s[*len - 1] == 'M') && digits > s &&
        strspn(s, "0123456789.") == *len - 1)
        return T_DEC;
    char buf[64];
    gsize k = MIN(*len, sizeof buf - 1);
    memcpy(buf, s, k);
    buf[k] = 0;
    char *stop;
    double d = g_ascii_strtod(buf, &stop);
    if (stop == buf || (*stop && g_ascii_strcasecmp(stop, "d") != 0) || digits == s)
        return T_IDENT; /* a float, a decimal, or no real C# writes */
    memcpy(v, &d, sizeof d);
    return T_REAL;
}

/* Skip spaces, comments and preprocessor lines from @p; the next token's start. */
static const char *skip_space(const char *p, const char *end, gboolean *line_start)
{
    while (p < end) {
        if (*p == '\n') {
            *line_start = TRUE;
            p++;
        } else if (g_ascii_isspace(*p)) {
            p++;
        } else if (*p == '#' && *line_start) {
            while (p < end && *p != '\n')
                p++;
        } else if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
        } else if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
            const char *q = g_strstr_len(p + 2, end - p - 2, "*/");
            p = q ? q + 2 : end;
        } else {
            break;
        }
    }
    return p;
}

/* Each opener's closer: the latest opener not yet closed is closed by the next closer, of any
 * kind, as dcs_skip_group counts them; one left open reaches the end. */
static void pair_groups(dspr_cs *c)
{
    g_autoptr(GArray) open = g_array_new(FALSE, FALSE, sizeof(guint));
    for (guint i = 0; i < c->toks->len; i++) {
        tok *t = &g_array_index(c->toks, tok, i);
        if (dcs_opener(c, i)) {
            t->close = c->toks->len;
            g_array_append_val(open, i);
        } else if (dcs_closer(c, i) && open->len) {
            guint o = g_array_index(open, guint, open->len - 1);
            g_array_index(c->toks, tok, o).close = i;
            g_array_set_size(open, open->len - 1);
        }
    }
}

gboolean dcs_tokenize(dspr_cs *c)
{
    const char *p = c->text, *end = c->text + c->size;
    gboolean line_start = TRUE;
    while ((p = skip_space(p, end, &line_start)) < end) {
        tok t = {T_OP, (guint32)(p - c->text), 1, -1, 0, 0, 0};
        gsize n;
        line_start = FALSE;
        if (*p == '"' || (*p == '@' && end - p > 1 && p[1] == '"')) {
            if (!(n = string_len(p, end)))
                return FALSE;
            t.kind = T_STR;
        } else if (*p == '\'') {
            const char *q = memchr(p + 1, '\'', (size_t)MIN(end - p - 1, 8));
            if (!q)
                return FALSE;
            n = (gsize)(q + 1 - p);
            t.kind = T_INT;
            t.num = (guchar)p[1];
        } else if (ident_char(*p, TRUE) || *p == '@') {
            for (n = 1; p + n < end && ident_char(p[n], FALSE); n++)
                ;
            t.kind = T_IDENT;
        } else if (g_ascii_isdigit(*p)) {
            t.kind = number(p, end, &n, &t.num);
        } else {
            n = op_len(p, end);
        }
        t.len = (guint32)n;
        if (t.kind == T_OP)
            t.level = (gint8)dcs_op_level(p, n, &t.opi);
        if (c->toks->len >= CS_MAX_TOKENS)
            return FALSE;
        g_array_append_val(c->toks, t);
        p += n;
    }
    pair_groups(c);
    return TRUE;
}

/* The decoded string of T_STR token @i; NULL when it has an escape other than \\ \" \' \0. */
char *dcs_string_of(dspr_cs *c, guint i)
{
    const tok *t = dcs_T(c, i);
    const char *s = c->text + t->at;
    gboolean verbatim = *s == '@';
    GString *out = g_string_new(NULL);
    for (const char *p = s + (verbatim ? 2 : 1); p < s + t->len - 1; p++) {
        if (verbatim && *p == '"')
            p++;
        else if (!verbatim && *p == '\\') {
            p++;
            if (*p != '\\' && *p != '"' && *p != '\'') {
                g_string_free(out, TRUE);
                return NULL;
            }
        }
        g_string_append_c(out, *p);
    }
    char *r = g_string_free(out, FALSE);
    g_ptr_array_add(c->strs, r);
    return r;
}

/* ---- skipping ---- */

/* Whether token @i is one character of @set. */
static gboolean one_of(const dspr_cs *c, guint i, const char *set)
{
    const tok *t = dcs_T(c, i);
    return t->kind == T_OP && t->len == 1 && c->text[t->at] && strchr(set, c->text[t->at]);
}

gboolean dcs_opener(const dspr_cs *c, guint i)
{
    return one_of(c, i, "([{");
}

gboolean dcs_closer(const dspr_cs *c, guint i)
{
    return one_of(c, i, ")]}");
}

/* From the opener at @i: the token after its closer (paired once, by the tokenizer). */
guint dcs_skip_group(const dspr_cs *c, guint i)
{
    if (dcs_opener(c, i))
        return MIN(dcs_T(c, i)->close + 1, c->toks->len);
    int depth = 0; /* not at an opener: to the token after the next closer */
    for (; dcs_T(c, i)->kind != T_END; i++) {
        if (dcs_opener(c, i))
            depth++;
        else if (dcs_closer(c, i) && --depth <= 0)
            return i + 1;
    }
    return i;
}

/* The token after the ';' that ends the statement at @i (or the unmatched closer before). */
guint dcs_skip_simple(const dspr_cs *c, guint i)
{
    while (dcs_T(c, i)->kind != T_END && !dcs_tok_is(c, i, ";") && !dcs_closer(c, i))
        i = dcs_opener(c, i) ? dcs_skip_group(c, i) : i + 1;
    return dcs_tok_is(c, i, ";") ? i + 1 : i;
}

/* `KEYWORD (...) STATEMENT` */
static guint skip_headed(const dspr_cs *c, guint i)
{
    i++;
    if (dcs_tok_is(c, i, "("))
        i = dcs_skip_group(c, i);
    return dcs_skip_stmt(c, i);
}

guint dcs_skip_stmt(const dspr_cs *c, guint i)
{
    if (dcs_tok_is(c, i, "{"))
        return dcs_skip_group(c, i);
    if (dcs_tok_is(c, i, "if")) {
        i = skip_headed(c, i);
        return dcs_tok_is(c, i, "else") ? dcs_skip_stmt(c, i + 1) : i;
    }
    static const char *const headed[] = {"for",  "foreach", "while", "switch",
                                         "lock", "using",   "fixed", NULL};
    for (int k = 0; headed[k]; k++)
        if (dcs_tok_is(c, i, headed[k]) && dcs_tok_is(c, i + 1, "("))
            return skip_headed(c, i);
    if (dcs_tok_is(c, i, "do")) {
        i = dcs_skip_stmt(c, i + 1);
        return dcs_skip_simple(c, i);
    }
    if (dcs_tok_is(c, i, "try")) {
        i = dcs_skip_stmt(c, i + 1);
        while (dcs_tok_is(c, i, "catch") || dcs_tok_is(c, i, "finally")) {
            i++;
            if (dcs_tok_is(c, i, "("))
                i = dcs_skip_group(c, i);
            i = dcs_skip_stmt(c, i);
        }
        return i;
    }
    return dcs_skip_simple(c, i);
}

/* A type at @i (`A.B<C, D>[]`, no evaluation): the token after it, 0 when there is none. */
guint dcs_skip_type(const dspr_cs *c, guint i)
{
    if (dcs_T(c, i)->kind != T_IDENT)
        return 0;
    for (i++; dcs_tok_is(c, i, ".") && dcs_T(c, i + 1)->kind == T_IDENT; i += 2)
        ;
    if (dcs_tok_is(c, i, "<")) {
        int depth = 0;
        for (; dcs_T(c, i)->kind != T_END; i++) {
            if (dcs_tok_is(c, i, "<"))
                depth++;
            else if (dcs_tok_is(c, i, ">")) { /* `List<Tuple<int, int>>`: nested */
                if (--depth == 0)
                    break;
            } else if (dcs_tok_is(c, i, ">>")) {
                if ((depth -= 2) <= 0)
                    break;
            } else if (dcs_T(c, i)->kind != T_IDENT && !dcs_tok_is(c, i, ",") &&
                       !dcs_tok_is(c, i, ".") && !dcs_tok_is(c, i, "[") && !dcs_tok_is(c, i, "]"))
                return 0;
        }
        if (depth != 0)
            return 0;
        i++;
    }
    if (dcs_tok_is(c, i, "?"))
        i++;
    while (dcs_tok_is(c, i, "[") && dcs_tok_is(c, i + 1, "]"))
        i += 2;
    return i;
}

/* ---- values ---- */

val dcs_vk(vkind k)
{
    val v = {k, 0, 0, 0, 0, 0, NULL, 0.0};
    return v;
}

val dcs_vint(gint64 i)
{
    val v = dcs_vk(V_INT);
    v.i = (gint64)(gint32)(guint32)(guint64)i;
    return v;
}

val dcs_vbool(gboolean b)
{
    val v = dcs_vk(V_BOOL);
    v.i = b ? 1 : 0;
    return v;
}

val dcs_vstr(vkind k, char *s)
{
    val v = dcs_vk(s ? k : V_UNKNOWN);
    v.p = s;
    return v;
}

gboolean dcs_charge(dspr_cs *c, guint units)
{
    if (units > CS_MAX_MADE - c->made) {
        dcs_fatal(c);
        return FALSE;
    }
    c->made += units;
    return TRUE;
}

char *dcs_keep(dspr_cs *c, char *s)
{
    if (!s || !dcs_charge(c, 1 + (guint)MIN(strlen(s) / 64, CS_MAX_MADE))) {
        g_free(s);
        return NULL;
    }
    g_ptr_array_add(c->strs, s);
    return s;
}

gboolean dcs_array_push(dspr_cs *c, GArray *arr, val v)
{
    if (arr->len >= CS_MAX_ARRAY || !dcs_charge(c, 1))
        return FALSE;
    g_array_append_val(arr, v);
    return TRUE;
}

val dcs_new_array(dspr_cs *c, guint n, vkind fill, gboolean list)
{
    if (n > CS_MAX_ARRAY || !dcs_charge(c, 1 + n))
        return dcs_vk(V_UNKNOWN);
    GArray *a = g_array_sized_new(FALSE, FALSE, sizeof(val), n);
    val f = dcs_default_value(fill);
    for (guint i = 0; i < n; i++)
        g_array_append_val(a, f);
    g_ptr_array_add(c->arrays, a);
    val v = dcs_vk(V_ARRAY);
    v.p = a;
    v.i = list;
    return v;
}

/* The default of a declared type @name: 0, false or null. */
vkind dcs_default_of(const char *name, gsize len)
{
    static const char *const ints[] = {"int",  "byte", "sbyte", "short", "ushort",
                                       "uint", "long", "ulong", NULL};
    for (int k = 0; ints[k]; k++)
        if (len == strlen(ints[k]) && memcmp(name, ints[k], len) == 0)
            return V_INT;
    if (len == 4 && memcmp(name, "bool", 4) == 0)
        return V_BOOL;
    if (len == 5 && memcmp(name, "Point", 5) == 0)
        return V_POINT;
    if (len == 7 && memcmp(name, "decimal", 7) == 0)
        return V_DECIMAL;
    return len == 4 && memcmp(name, "Size", 4) == 0 ? V_SIZE : V_NULL;
}

vkind dcs_default_at(const dspr_cs *c, guint i)
{
    const tok *t = dcs_T(c, i);
    if (dcs_tok_is(c, i + 1, "[") || dcs_tok_is(c, i + 1, "?"))
        return V_NULL;
    return dcs_default_of(c->text + t->at, t->len);
}

/* An image for the definition (deduplicated): its index, -1 when there are too many. */
/* An image of the definition (the same one again for the same arguments); @dplc NULL: none. */
static int add_image(dspr_cs *c, const char *art, const char *map, gboolean bin, GBytes *map_data,
                     const char *label, int frame, int pal, const char *dplc, int dplc_ver)
{
    GPtrArray *ims = c->def->images;
    for (guint i = 0; i < ims->len; i++) {
        const dspr_image *im = g_ptr_array_index(ims, i);
        if (!im->id && !im->artcmp && g_strcmp0(im->art, art) == 0 &&
            g_strcmp0(im->map, map) == 0 && !im->map_bin == !bin && !im->map_data == !map_data &&
            (!map_data || g_bytes_equal(im->map_data, map_data)) &&
            g_strcmp0(im->label, label) == 0 && im->frame == frame && im->pal == pal &&
            g_strcmp0(im->dplc, dplc) == 0 && im->dplc_ver == dplc_ver)
            return (int)i;
    }
    if (ims->len >= 256)
        return -1;
    dspr_image *im = g_new0(dspr_image, 1);
    im->art = g_strdup(art);
    im->map = g_strdup(map);
    im->map_bin = bin;
    im->map_data = map_data ? g_bytes_ref(map_data) : NULL;
    im->label = g_strdup(label);
    im->frame = frame;
    im->pal = pal;
    im->dplc = g_strdup(dplc);
    im->dplc_ver = dplc_ver;
    g_ptr_array_add(ims, im);
    return (int)ims->len - 1;
}

/* A file name usable in an art spec or as a mappings file. */
static gboolean plain_name(const char *s)
{
    return s && *s && !strpbrk(s, "|\t\n\r");
}

/* ---- built-in calls ---- */

val dcs_level_art(dspr_cs *c)
{
    val v = dcs_vstr(V_ART, dcs_keep(c, g_strdup("LevelArt")));
    v.i = v.k == V_ART;
    return v;
}

/* LevelData.ReadFile / ObjectHelper.OpenArtFile (FILE, CompressionType.X) */
static val read_file(dspr_cs *c, const val *a, int n)
{
    if (n != 2 || a[0].k != V_STR || !plain_name(a[0].p))
        return dcs_vk(V_UNKNOWN);
    if (g_ascii_strcasecmp(a[0].p, "LevelArt") == 0)
        return dcs_level_art(c);
    static const char *const codecs[] = {"Nemesis", "Kosinski", "KosinskiM", "Uncompressed", NULL};
    const char *cmp = a[1].k == V_NAME && g_str_has_prefix(a[1].p, "CompressionType.")
                          ? (const char *)a[1].p + strlen("CompressionType.")
                          : NULL;
    for (int k = 0; cmp && codecs[k]; k++)
        if (strcmp(cmp, codecs[k]) == 0) {
            val v = dcs_vstr(V_ART, dcs_keep(c, g_strconcat(a[0].p, "\t", cmp, NULL)));
            v.i = 1;
            return v;
        }
    return dcs_vk(V_UNKNOWN); /* another codec: not decoded here */
}

val dcs_new_map(dspr_cs *c, const char *file, int dplc_ver)
{
    if (!dcs_charge(c, 1))
        return dcs_vk(V_UNKNOWN);
    cs_map *m = g_new0(cs_map, 1);
    m->file = file;
    m->dplc_ver = dplc_ver;
    g_ptr_array_add(c->maps, m);
    val v = dcs_vk(V_MAP);
    v.p = m;
    return v;
}

GByteArray *dcs_map_bytes(dspr_cs *c, cs_map *m)
{
    if (!m->bytes && !m->failed) {
        GBytes *b = dspr_map_bytes(c->owner, m->file);
        gsize n = b ? g_bytes_get_size(b) : 0;
        m->failed = !b || !dcs_charge(c, 1 + (guint)(n / 64));
        if (!m->failed)
            m->bytes = g_bytes_unref_to_array(g_steal_pointer(&b));
        if (b)
            g_bytes_unref(b);
    }
    return m->failed ? NULL : m->bytes;
}

/* Whether the code has stored into mappings @m: TRUE with *@data (when given) the bytes as it
 * left them (NULL: they cannot be told). FALSE: the file's own mappings. */
static gboolean map_changed(cs_map *m, GBytes **data)
{
    if (!m->changed && !m->failed)
        return FALSE;
    if (data)
        *data = m->failed ? NULL : g_bytes_new(m->bytes->data, m->bytes->len);
    return TRUE;
}

/* A start palette argument: any int, as SonLVL adds it to each piece's line modulo 4 (HCZ's
 * miniboss passes 5, HPZ's emeralds 4 and 5: the lines 1 and 0). */
static int start_pal(val v)
{
    return (int)(v.i & 3);
}

/* ObjectHelper.MapASMToBmp(ART, FILE, LABEL-or-FRAME, PAL[, PRI]) and MapToBmp(ART, MAP, FRAME,
 * PAL[, PRI]) */
static val map_to_bmp(dspr_cs *c, const val *a, int n, gboolean asm_call)
{
    if (n < 4 || n > 5 || a[0].k != V_ART || a[3].k != V_INT)
        return dcs_vk(V_UNKNOWN);
    const char *map = NULL, *label = NULL;
    gboolean bin = FALSE;
    int frame = 0;
    g_autoptr(GBytes) data = NULL;
    if (asm_call && a[1].k == V_STR && plain_name(a[1].p)) {
        map = a[1].p;
    } else if (!asm_call && a[1].k == V_MAP && !map_changed(a[1].p, &data)) {
        map = ((cs_map *)a[1].p)->file;
        bin = a[1].i != 0;
    } else if (!asm_call && a[1].k == V_MAP && data) {
        map = ((cs_map *)a[1].p)->file; /* drawn from the bytes as the code left them */
    } else {
        return dcs_vk(V_UNKNOWN);
    }
    if (asm_call && a[2].k == V_STR && *(const char *)a[2].p)
        label = a[2].p;
    else if (a[2].k == V_INT && a[2].i >= 0 && a[2].i < (gint64)EDITOR_MAP_MAX_FRAMES)
        frame = (int)a[2].i;
    else
        return dcs_vk(V_UNKNOWN);
    int im = add_image(c, a[0].p, map, bin, data, label, frame, start_pal(a[3]), NULL, 0);
    if (im < 0)
        return dcs_vk(V_UNKNOWN);
    return dcs_sprite_of_image(c, im);
}

/* EngineVersion.S1 / S2 / S3K: 1..3 (the DPLC formats), 0 for anything else */
static int engine_version(val v)
{
    const char *s = v.k == V_NAME ? v.p : "";
    return strcmp(s, "EngineVersion.S1") == 0    ? 1
           : strcmp(s, "EngineVersion.S2") == 0  ? 2
           : strcmp(s, "EngineVersion.S3K") == 0 ? 3
                                                 : 0;
}

/* ObjectHelper.MapDPLCToBmp(ART, MAP, DPLC, FRAME, PAL[, PRI]),
 * MapDPLCToBmp(ART, MAP, MAPVER, DPLC, DPLCVER, FRAME, PAL[, PRI]) (MAP and DPLC from ASMToBin;
 * the mappings are read in the game's format) and
 * MapASMDPLCToBmp(ART, MAPFILE, DPLCFILE, FRAME, PAL[, PRI]) */
static val dplc_to_bmp(dspr_cs *c, const val *a, int n, gboolean asm_call)
{
    gboolean vers = !asm_call && (n == 7 || n == 8);
    int at = vers ? 5 : 3; /* FRAME's argument */
    if ((!vers && n != 5 && n != 6) || a[0].k != V_ART || a[at].k != V_INT ||
        a[at + 1].k != V_INT || a[at].i < 0 || a[at].i >= (gint64)EDITOR_MAP_MAX_FRAMES)
        return dcs_vk(V_UNKNOWN);
    const val *map = &a[1], *dplc = &a[vers ? 3 : 2];
    const char *mfile = NULL, *dfile = NULL;
    int ver = 0;
    g_autoptr(GBytes) data = NULL;
    if (asm_call && map->k == V_STR && dplc->k == V_STR && plain_name(map->p) &&
        plain_name(dplc->p)) {
        mfile = map->p;
        dfile = dplc->p;
    } else if (!asm_call && map->k == V_MAP && dplc->k == V_MAP && !map->i && !dplc->i &&
               (!map_changed(map->p, &data) || data) && !map_changed(dplc->p, NULL)) {
        mfile = ((cs_map *)map->p)->file;
        dfile = ((cs_map *)dplc->p)->file;
        ver = vers ? engine_version(a[4]) : ((cs_map *)dplc->p)->dplc_ver;
    } else {
        return dcs_vk(V_UNKNOWN);
    }
    int im = add_image(c, a[0].p, mfile, FALSE, data, NULL, (int)a[at].i, start_pal(a[at + 1]),
                       dfile, ver);
    if (im < 0)
        return dcs_vk(V_UNKNOWN);
    return dcs_sprite_of_image(c, im);
}

/* indexer.AddFile(ART read whole, OFFSET): the spec gets the part at OFFSET; -1 (SonLVL's
 * MultiFileIndexer: after what it holds) is a part without an offset, placed after the others. */
static val indexer_add(dspr_cs *c, val self, const val *a, int n)
{
    GPtrArray *parts = self.p;
    if (n != 2 || a[0].k != V_ART || a[0].i != 1 || a[1].k != V_INT ||
        a[1].i <= -(gint64)DSPR_MAX_ART_BYTES || a[1].i >= (gint64)DSPR_MAX_ART_BYTES ||
        parts->len >= 64) {
        g_ptr_array_add(parts, NULL); /* the indexer is unknown from now on */
        return dcs_vk(V_UNKNOWN);
    }
    const char *spec = a[0].p, *tab = strchr(spec, '\t');
    char *part = /* 0 after other parts: at byte 0 (DEZ's retracting spring), written ":0" */
        (a[1].i == 0 && !parts->len) || a[1].i == -1 ? g_strdup(spec)
        : tab ? g_strdup_printf("%.*s:%" G_GINT64_FORMAT "%s", (int)(tab - spec), spec, a[1].i, tab)
              : g_strdup_printf("%s:%" G_GINT64_FORMAT, spec, a[1].i);
    g_ptr_array_add(parts, dcs_keep(c, part));
    return dcs_vk(V_UNKNOWN);
}

static val indexer_array(dspr_cs *c, val self)
{
    GPtrArray *parts = self.p;
    GString *spec = g_string_new(NULL);
    gboolean ok = parts->len > 0;
    for (guint i = 0; ok && i < parts->len; i++) {
        const char *p = g_ptr_array_index(parts, i);
        ok = p != NULL; /* a part may be the level's art (LevelArt:OFFSET) */
        if (ok)
            g_string_append_printf(spec, "%s%s", i ? "|" : "", p);
    }
    char *s = g_string_free(spec, !ok);
    return ok ? dcs_vstr(V_ART, dcs_keep(c, s)) : dcs_vk(V_UNKNOWN);
}

/* list.AddRange(ARRAY-OR-LIST): its elements appended (a copy first: it may be the list). Of
 * anything else (art, a value not known), or past CS_MAX_ARRAY, what the list holds from then
 * on cannot be told: every element becomes unknown. */
static val list_add_range(dspr_cs *c, GArray *list, val from)
{
    if (from.k == V_ARRAY) {
        GArray *src = from.p;
        g_autoptr(GArray) copy = g_array_copy(src);
        guint i = 0;
        while (i < copy->len && dcs_array_push(c, list, g_array_index(copy, val, i)))
            i++;
        if (i == copy->len)
            return dcs_vk(V_UNKNOWN); /* void */
    }
    for (guint i = 0; i < list->len; i++)
        g_array_index(list, val, i) = dcs_vk(V_UNKNOWN);
    dcs_array_push(c, list, dcs_vk(V_UNKNOWN));
    return dcs_vk(V_UNKNOWN);
}

/* A method call on @self (a name, an indexer, a list) that is no method of the definition. */
val dcs_builtin(dspr_cs *c, val self, const char *name, const val *a, int n)
{
    if (self.k == V_DICT || (self.k == V_NAME && g_str_has_suffix(self.p, "Enumerable")) ||
        (self.k == V_ARRAY && strcmp(name, "ToDictionary") == 0))
        return dcs_dict_builtin(c, self, name, a, n);
    val r;
    if (dcs_value_call(c, self, name, a, n, &r))
        return r; /* strings, Contains, Array.Reverse */
    if (self.k == V_NAME) {
        g_autofree char *full = g_strconcat(self.p, ".", name, NULL);
        if (dcs_dec_call(full, a, n, &r) || dcs_level_call(c, full, a, n, &r))
            return r; /* decimal.Floor, Math.Floor of a decimal; LevelData.GetColInd1 */
        if (dcs_math_call(full, a, n, &r))
            return r;
        if (strcmp(full, "LevelData.ReadFile") == 0 ||
            strcmp(full, "ObjectHelper.OpenArtFile") == 0)
            return read_file(c, a, n);
        if (strcmp(full, "LevelData.ASMToBin") == 0 && n == 2 && a[0].k == V_STR &&
            plain_name(a[0].p)) {
            return dcs_new_map(c, a[0].p, engine_version(a[1]));
        }
        if (strcmp(full, "ObjectHelper.MapDPLCToBmp") == 0)
            return dplc_to_bmp(c, a, n, FALSE);
        if (strcmp(full, "ObjectHelper.MapASMDPLCToBmp") == 0)
            return dplc_to_bmp(c, a, n, TRUE);
        if (strcmp(full, "ObjectHelper.MapASMToBmp") == 0)
            return map_to_bmp(c, a, n, TRUE);
        if (strcmp(full, "ObjectHelper.MapToBmp") == 0)
            return map_to_bmp(c, a, n, FALSE);
    } else if (self.k == V_INDEXER && strcmp(name, "AddFile") == 0) {
        return indexer_add(c, self, a, n);
    } else if (self.k == V_INDEXER && strcmp(name, "ToArray") == 0 && n == 0) {
        return indexer_array(c, self);
    } else if (self.k == V_ARRAY && self.i && strcmp(name, "Add") == 0 && n == 1) {
        dcs_array_push(c, self.p, a[0]);
        return dcs_vk(V_UNKNOWN);
    } else if (self.k == V_ARRAY && self.i && strcmp(name, "AddRange") == 0 && n == 1) {
        return list_add_range(c, self.p, a[0]);
    } else if (self.k == V_SPRITE) {
        return dcs_sprite_builtin(c, self, name, a, n);
    } else if (self.k == V_BITMAP) {
        return dcs_bitmap_builtin(c, self, name, a, n);
    } else if (self.k == V_ART && strcmp(name, "ToArray") == 0 && n == 0) {
        return self; /* new List<byte>(art).ToArray() */
    }
    return dcs_vk(V_UNKNOWN);
}
