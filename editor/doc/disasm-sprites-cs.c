/* SPDX-License-Identifier: MIT */
/*
 * C# object definitions (disasm-sprites.h, docs/DISASM.md §11.1): a small, bounded interpreter
 * for the subset of C# the trees' SonLVL definitions use to build their sprites. It runs the
 * definition's `Init` (and the methods it calls, with their arguments bound), then its
 * `GetSprite(obj)` for each subtype and flip. Only what is computed from literals is known:
 * the art and mapping calls (`LevelData.ReadFile`, `ObjectHelper.OpenArtFile`,
 * `LevelData.ASMToBin`, `ObjectHelper.MapASMToBmp` / `MapToBmp`, `MultiFileIndexer.AddFile`),
 * `new Sprite(s, xflip, yflip)` and `new Sprite(s, dx, dy)`, arrays and lists, integer and bool
 * arithmetic on the subtype and flips, `if`, `for`, `while`, `switch`. Anything else (another
 * library call, a lambda, LINQ, a condition that depends on something unknown) gives an unknown
 * value, and an object whose sprite is unknown keeps its box. Never reads another file.
 */
#include "disasm-sprites-map.h"
#include "disasm-sprites-private.h"

#include <stdlib.h>
#include <string.h>

#define CS_MAX_TOKENS     (1u << 18)
#define CS_MAX_INIT_STEPS 50000u /* statements and primaries: Init (the trees' need 4,339) */
#define CS_MAX_CALL_STEPS 20000u  /* ... one GetSprite */
#define CS_MAX_CALLS      32      /* nested method calls */
#define CS_MAX_NEST       96      /* nested expressions and statements */
#define CS_MAX_ARRAY      4096u
#define CS_MAX_OBJECTS    (1u << 17) /* strings and arrays the run made */
#define CS_MAX_ARGS       16

typedef enum { T_END, T_IDENT, T_INT, T_STR, T_OP } tok_kind;

typedef struct {
    tok_kind kind;
    guint32 at, len; /* in the text */
    gint64 num;      /* T_INT */
} tok;

typedef enum {
    V_UNKNOWN,
    V_NULL,
    V_INT,
    V_BOOL,
    V_STR,
    V_NAME,   /* an unresolved (static) name: "LevelData.ReadFile", "CompressionType.Nemesis" */
    V_ART,    /* p: art spec (dspr_image.art); i: 1 = one file read whole */
    V_MAP,    /* p: mappings file; i: 1 = binary */
    V_SPRITE, /* i: image index; fx, fy: flips; dx, dy: px */
    V_ARRAY,  /* p: GArray of val; i: 1 = a List (grows) */
    V_INDEXER,
    V_OBJ, /* the ObjectEntry: i = subtype, fx, fy = flips */
    V_THIS,
    V_BASE,
} vkind;

typedef struct {
    vkind k;
    gint64 i;
    int fx, fy, dx, dy;
    void *p;
} val;

typedef struct {
    char *name;
    int cls, nparams; /* -1: a property's getter */
    char *params[CS_MAX_ARGS];
    guint body;    /* token of the body's '{', or of the expression after "=>" */
    gboolean expr; /* an expression body */
} cs_method;

typedef struct {
    char *full, *ns, *base;
    int base_cls;
} cs_class;

typedef struct {
    char *name;
    int cls;
    guint init; /* token after '=', 0 = none */
    vkind deflt;
} cs_field;

typedef struct {
    char *name;
    val v;
} cs_local;

typedef enum { S_NEXT, S_BREAK, S_CONT, S_RET, S_ABORT } flow;

struct dspr_cs {
    char *text;
    gsize size;
    GArray *toks;                        /* tok */
    GArray *classes;                     /* cs_class */
    GArray *methods;                     /* cs_method */
    GArray *fields;                      /* cs_field */
    GHashTable *state;                   /* field name -> val* */
    GPtrArray *strs, *arrays, *indexers; /* what the runs made */
    dspr_def *def;
    int cls; /* the definition's class */
    /* a run */
    guint pos, steps, max_steps;
    int calls, nest, cur_cls;
    gboolean error, fatal, live;
    GArray *locals; /* cs_local */
    val ret;
};

/* ---- tokens ---- */

static const tok *T(const dspr_cs *c, guint i)
{
    static const tok end = {T_END, 0, 0, 0};
    return i < c->toks->len ? &g_array_index(c->toks, tok, i) : &end;
}

static gboolean tok_is(const dspr_cs *c, guint i, const char *s)
{
    const tok *t = T(c, i);
    return t->kind != T_END && t->kind != T_INT && t->kind != T_STR && t->len == strlen(s) &&
           memcmp(c->text + t->at, s, t->len) == 0;
}

static gboolean is(const dspr_cs *c, const char *s)
{
    return tok_is(c, c->pos, s);
}

static gboolean accept(dspr_cs *c, const char *s)
{
    if (!is(c, s))
        return FALSE;
    c->pos++;
    return TRUE;
}

static void expect(dspr_cs *c, const char *s)
{
    if (!accept(c, s))
        c->error = TRUE;
}

static char *tok_text(const dspr_cs *c, guint i)
{
    const tok *t = T(c, i);
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

/* A number at @s: decimal or 0x, with C# suffixes; FALSE for a real. */
static gboolean number(const char *s, const char *end, gsize *len, gint64 *v)
{
    const char *p = s;
    gboolean hex = end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    guint64 n = 0;
    for (p = hex ? s + 2 : s; p < end && (hex ? g_ascii_isxdigit(*p) : g_ascii_isdigit(*p)); p++)
        n = n * (hex ? 16 : 10) + (guint64)g_ascii_xdigit_value(*p) % (hex ? 16 : 10);
    gboolean real = p < end && (*p == '.' || *p == 'f' || *p == 'F' || *p == 'm' || *p == 'M' ||
                                *p == 'd' || *p == 'D' || *p == 'e' || *p == 'E');
    while (p < end && (g_ascii_isalnum(*p) || *p == '.'))
        p++;
    *len = (gsize)(p - s);
    *v = (gint64)(n & 0xFFFFFFFFu);
    return !real;
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

static gboolean tokenize(dspr_cs *c)
{
    const char *p = c->text, *end = c->text + c->size;
    gboolean line_start = TRUE;
    while ((p = skip_space(p, end, &line_start)) < end) {
        tok t = {T_OP, (guint32)(p - c->text), 1, 0};
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
            t.kind = number(p, end, &n, &t.num) ? T_INT : T_IDENT; /* a real: a name never bound */
        } else {
            n = op_len(p, end);
        }
        t.len = (guint32)n;
        if (c->toks->len >= CS_MAX_TOKENS)
            return FALSE;
        g_array_append_val(c->toks, t);
        p += n;
    }
    return TRUE;
}

/* The decoded string of T_STR token @i; NULL when it has an escape other than \\ \" \' \0. */
static char *string_of(dspr_cs *c, guint i)
{
    const tok *t = T(c, i);
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

static gboolean opener(const dspr_cs *c, guint i)
{
    return tok_is(c, i, "(") || tok_is(c, i, "[") || tok_is(c, i, "{");
}

static gboolean closer(const dspr_cs *c, guint i)
{
    return tok_is(c, i, ")") || tok_is(c, i, "]") || tok_is(c, i, "}");
}

/* From the opener at @i: the token after its closer. */
static guint skip_group(const dspr_cs *c, guint i)
{
    int depth = 0;
    for (; T(c, i)->kind != T_END; i++) {
        if (opener(c, i))
            depth++;
        else if (closer(c, i) && --depth <= 0)
            return i + 1;
    }
    return i;
}

/* The token after the ';' that ends the statement at @i (or the unmatched closer before). */
static guint skip_simple(const dspr_cs *c, guint i)
{
    while (T(c, i)->kind != T_END && !tok_is(c, i, ";") && !closer(c, i))
        i = opener(c, i) ? skip_group(c, i) : i + 1;
    return tok_is(c, i, ";") ? i + 1 : i;
}

static guint skip_stmt(const dspr_cs *c, guint i);

/* `KEYWORD (...) STATEMENT` */
static guint skip_headed(const dspr_cs *c, guint i)
{
    i++;
    if (tok_is(c, i, "("))
        i = skip_group(c, i);
    return skip_stmt(c, i);
}

static guint skip_stmt(const dspr_cs *c, guint i)
{
    if (tok_is(c, i, "{"))
        return skip_group(c, i);
    if (tok_is(c, i, "if")) {
        i = skip_headed(c, i);
        return tok_is(c, i, "else") ? skip_stmt(c, i + 1) : i;
    }
    static const char *const headed[] = {"for",  "foreach", "while", "switch",
                                         "lock", "using",   "fixed", NULL};
    for (int k = 0; headed[k]; k++)
        if (tok_is(c, i, headed[k]) && tok_is(c, i + 1, "("))
            return skip_headed(c, i);
    if (tok_is(c, i, "do")) {
        i = skip_stmt(c, i + 1);
        return skip_simple(c, i);
    }
    if (tok_is(c, i, "try")) {
        i = skip_stmt(c, i + 1);
        while (tok_is(c, i, "catch") || tok_is(c, i, "finally")) {
            i++;
            if (tok_is(c, i, "("))
                i = skip_group(c, i);
            i = skip_stmt(c, i);
        }
        return i;
    }
    return skip_simple(c, i);
}

/* A type at @i (`A.B<C, D>[]`, no evaluation): the token after it, 0 when there is none. */
static guint skip_type(const dspr_cs *c, guint i)
{
    if (T(c, i)->kind != T_IDENT)
        return 0;
    for (i++; tok_is(c, i, ".") && T(c, i + 1)->kind == T_IDENT; i += 2)
        ;
    if (tok_is(c, i, "<")) {
        int depth = 0;
        for (; T(c, i)->kind != T_END; i++) {
            if (tok_is(c, i, "<"))
                depth++;
            else if (tok_is(c, i, ">") && --depth == 0)
                break;
            else if (tok_is(c, i, ">>") && (depth -= 2) <= 0)
                break;
            else if (T(c, i)->kind != T_IDENT && !tok_is(c, i, ",") && !tok_is(c, i, ".") &&
                     !tok_is(c, i, "[") && !tok_is(c, i, "]"))
                return 0;
        }
        if (depth != 0)
            return 0;
        i++;
    }
    if (tok_is(c, i, "?"))
        i++;
    while (tok_is(c, i, "[") && tok_is(c, i + 1, "]"))
        i += 2;
    return i;
}

/* ---- values ---- */

static val vk(vkind k)
{
    val v = {k, 0, 0, 0, 0, 0, NULL};
    return v;
}

static val vint(gint64 i)
{
    val v = vk(V_INT);
    v.i = (gint64)(gint32)(guint32)(guint64)i;
    return v;
}

static val vbool(gboolean b)
{
    val v = vk(V_BOOL);
    v.i = b ? 1 : 0;
    return v;
}

static val vstr(vkind k, char *s)
{
    val v = vk(s ? k : V_UNKNOWN);
    v.p = s;
    return v;
}

static char *keep(dspr_cs *c, char *s)
{
    g_ptr_array_add(c->strs, s);
    return s;
}

static val new_array(dspr_cs *c, guint n, vkind fill, gboolean list)
{
    if (n > CS_MAX_ARRAY || c->arrays->len >= CS_MAX_OBJECTS)
        return vk(V_UNKNOWN);
    GArray *a = g_array_sized_new(FALSE, FALSE, sizeof(val), n);
    val f = fill == V_INT ? vint(0) : fill == V_BOOL ? vbool(FALSE) : vk(V_NULL);
    for (guint i = 0; i < n; i++)
        g_array_append_val(a, f);
    g_ptr_array_add(c->arrays, a);
    val v = vk(V_ARRAY);
    v.p = a;
    v.i = list;
    return v;
}

/* The default of a declared type @name: 0, false or null. */
static vkind default_of(const char *name, gsize len)
{
    static const char *const ints[] = {"int",  "byte", "sbyte", "short", "ushort",
                                       "uint", "long", "ulong", NULL};
    for (int k = 0; ints[k]; k++)
        if (len == strlen(ints[k]) && memcmp(name, ints[k], len) == 0)
            return V_INT;
    return len == 4 && memcmp(name, "bool", 4) == 0 ? V_BOOL : V_NULL;
}

/* An image for the definition (deduplicated): its index, -1 when there are too many. */
static int add_image(dspr_cs *c, const char *art, const char *map, gboolean bin, const char *label,
                     int frame, int pal)
{
    GPtrArray *ims = c->def->images;
    for (guint i = 0; i < ims->len; i++) {
        const dspr_image *im = g_ptr_array_index(ims, i);
        if (!im->id && !im->artcmp && g_strcmp0(im->art, art) == 0 &&
            g_strcmp0(im->map, map) == 0 && !im->map_bin == !bin &&
            g_strcmp0(im->label, label) == 0 && im->frame == frame && im->pal == pal)
            return (int)i;
    }
    if (ims->len >= 256)
        return -1;
    dspr_image *im = g_new0(dspr_image, 1);
    im->art = g_strdup(art);
    im->map = g_strdup(map);
    im->map_bin = bin;
    im->label = g_strdup(label);
    im->frame = frame;
    im->pal = pal;
    g_ptr_array_add(ims, im);
    return (int)ims->len - 1;
}

/* A file name usable in an art spec or as a mappings file. */
static gboolean plain_name(const char *s)
{
    return s && *s && !strpbrk(s, "|\t\n\r");
}

/* ---- built-in calls ---- */

/* LevelData.ReadFile / ObjectHelper.OpenArtFile (FILE, CompressionType.X) */
static val read_file(dspr_cs *c, const val *a, int n)
{
    if (n != 2 || a[0].k != V_STR || !plain_name(a[0].p))
        return vk(V_UNKNOWN);
    if (g_ascii_strcasecmp(a[0].p, "LevelArt") == 0) {
        val v = vstr(V_ART, keep(c, g_strdup("LevelArt")));
        v.i = 1;
        return v;
    }
    static const char *const codecs[] = {"Nemesis", "Kosinski", "KosinskiM", "Uncompressed", NULL};
    const char *cmp = a[1].k == V_NAME && g_str_has_prefix(a[1].p, "CompressionType.")
                          ? (const char *)a[1].p + strlen("CompressionType.")
                          : NULL;
    for (int k = 0; cmp && codecs[k]; k++)
        if (strcmp(cmp, codecs[k]) == 0) {
            val v = vstr(V_ART, keep(c, g_strconcat(a[0].p, "\t", cmp, NULL)));
            v.i = 1;
            return v;
        }
    return vk(V_UNKNOWN); /* another codec: not decoded here */
}

/* ObjectHelper.MapASMToBmp(ART, FILE, LABEL-or-FRAME, PAL[, PRI]) and MapToBmp(ART, MAP, FRAME,
 * PAL[, PRI]) */
static val map_to_bmp(dspr_cs *c, const val *a, int n, gboolean asm_call)
{
    if (n < 4 || n > 5 || a[0].k != V_ART || a[3].k != V_INT || a[3].i < 0 || a[3].i > 3)
        return vk(V_UNKNOWN);
    const char *map = NULL, *label = NULL;
    gboolean bin = FALSE;
    int frame = 0;
    if (asm_call && a[1].k == V_STR && plain_name(a[1].p)) {
        map = a[1].p;
    } else if (!asm_call && a[1].k == V_MAP) {
        map = a[1].p;
        bin = a[1].i != 0;
    } else {
        return vk(V_UNKNOWN);
    }
    if (asm_call && a[2].k == V_STR && *(const char *)a[2].p)
        label = a[2].p;
    else if (a[2].k == V_INT && a[2].i >= 0 && a[2].i < (gint64)EDITOR_MAP_MAX_FRAMES)
        frame = (int)a[2].i;
    else
        return vk(V_UNKNOWN);
    int im = add_image(c, a[0].p, map, bin, label, frame, (int)a[3].i);
    if (im < 0)
        return vk(V_UNKNOWN);
    val v = vk(V_SPRITE);
    v.i = im;
    return v;
}

/* indexer.AddFile(ART read whole, OFFSET): the spec gets the part at OFFSET. */
static val indexer_add(dspr_cs *c, val self, const val *a, int n)
{
    GPtrArray *parts = self.p;
    if (n != 2 || a[0].k != V_ART || a[0].i != 1 || a[1].k != V_INT ||
        a[1].i <= -(gint64)DSPR_MAX_ART_BYTES || a[1].i >= (gint64)DSPR_MAX_ART_BYTES ||
        (a[1].i == 0 && parts->len) || parts->len >= 64) {
        g_ptr_array_add(parts, NULL); /* the indexer is unknown from now on */
        return vk(V_UNKNOWN);
    }
    const char *spec = a[0].p, *tab = strchr(spec, '\t');
    char *part =
        a[1].i == 0 ? g_strdup(spec)
        : tab ? g_strdup_printf("%.*s:%" G_GINT64_FORMAT "%s", (int)(tab - spec), spec, a[1].i, tab)
              : g_strdup_printf("%s:%" G_GINT64_FORMAT, spec, a[1].i);
    g_ptr_array_add(parts, keep(c, part));
    return vk(V_UNKNOWN);
}

static val indexer_array(dspr_cs *c, val self)
{
    GPtrArray *parts = self.p;
    GString *spec = g_string_new(NULL);
    gboolean ok = parts->len > 0;
    for (guint i = 0; ok && i < parts->len; i++) {
        const char *p = g_ptr_array_index(parts, i);
        ok = p && (parts->len == 1 || g_ascii_strncasecmp(p, "LevelArt", 8) != 0);
        if (ok)
            g_string_append_printf(spec, "%s%s", i ? "|" : "", p);
    }
    char *s = g_string_free(spec, !ok);
    return ok ? vstr(V_ART, keep(c, s)) : vk(V_UNKNOWN);
}

/* new Sprite(S, XFLIP, YFLIP) / (S, DX, DY) / (S) */
static val new_sprite(const val *a, int n)
{
    if (n < 1 || a[0].k != V_SPRITE || (n != 1 && n != 3))
        return vk(V_UNKNOWN);
    val s = a[0];
    if (n == 1)
        return s;
    if (a[1].k == V_BOOL && a[2].k == V_BOOL) {
        if (a[1].i) { /* mirrored about the origin, offset included */
            s.fx ^= 1;
            s.dx = -s.dx;
        }
        if (a[2].i) {
            s.fy ^= 1;
            s.dy = -s.dy;
        }
        return s;
    }
    if (a[1].k == V_INT && a[2].k == V_INT && a[1].i > -DSPR_MAX_SIDE && a[1].i < DSPR_MAX_SIDE &&
        a[2].i > -DSPR_MAX_SIDE && a[2].i < DSPR_MAX_SIDE &&
        abs(s.dx + (int)a[1].i) < DSPR_MAX_SIDE && abs(s.dy + (int)a[2].i) < DSPR_MAX_SIDE) {
        s.dx += (int)a[1].i;
        s.dy += (int)a[2].i;
        return s;
    }
    return vk(V_UNKNOWN);
}

/* A method call on @self (a name, an indexer, a list) that is no method of the definition. */
static val builtin(dspr_cs *c, val self, const char *name, const val *a, int n)
{
    if (self.k == V_NAME) {
        g_autofree char *full = g_strconcat(self.p, ".", name, NULL);
        if (strcmp(full, "LevelData.ReadFile") == 0 ||
            strcmp(full, "ObjectHelper.OpenArtFile") == 0)
            return read_file(c, a, n);
        if (strcmp(full, "LevelData.ASMToBin") == 0 && n == 2 && a[0].k == V_STR &&
            plain_name(a[0].p))
            return vstr(V_MAP, a[0].p);
        if (strcmp(full, "ObjectHelper.MapASMToBmp") == 0)
            return map_to_bmp(c, a, n, TRUE);
        if (strcmp(full, "ObjectHelper.MapToBmp") == 0)
            return map_to_bmp(c, a, n, FALSE);
    } else if (self.k == V_INDEXER && strcmp(name, "AddFile") == 0) {
        return indexer_add(c, self, a, n);
    } else if (self.k == V_INDEXER && strcmp(name, "ToArray") == 0 && n == 0) {
        return indexer_array(c, self);
    } else if (self.k == V_ARRAY && self.i && strcmp(name, "Add") == 0 && n == 1) {
        GArray *arr = self.p;
        if (arr->len < CS_MAX_ARRAY)
            g_array_append_val(arr, a[0]);
        return vk(V_UNKNOWN);
    } else if (self.k == V_ART && strcmp(name, "ToArray") == 0 && n == 0) {
        return self; /* new List<byte>(art).ToArray() */
    }
    return vk(V_UNKNOWN);
}

/* ---- expressions ---- */

typedef enum { LV_NONE, LV_LOCAL, LV_FIELD, LV_ELEM } lv_kind;

typedef struct {
    lv_kind k;
    guint index; /* LOCAL: in c->locals; ELEM: in arr */
    val *field;
    GArray *arr;
} lval;

static val expr(dspr_cs *c);
static val assign(dspr_cs *c, lval *lv);
static flow exec_block(dspr_cs *c);

/* Stop the run: the budget of steps, calls or nesting is spent. */
static void fatal(dspr_cs *c)
{
    c->fatal = c->error = TRUE;
}

static gboolean step(dspr_cs *c)
{
    if (++c->steps > c->max_steps || c->strs->len + c->arrays->len > CS_MAX_OBJECTS)
        fatal(c);
    return !c->error;
}

static int local_find(const dspr_cs *c, const char *name)
{
    for (guint i = c->locals->len; i-- > 0;)
        if (strcmp(g_array_index(c->locals, cs_local, i).name, name) == 0)
            return (int)i;
    return -1;
}

static void local_push(dspr_cs *c, const char *name, val v)
{
    cs_local l = {g_strdup(name), v};
    g_array_append_val(c->locals, l);
}

static void locals_pop(dspr_cs *c, guint to)
{
    while (c->locals->len > to) {
        g_free(g_array_index(c->locals, cs_local, c->locals->len - 1).name);
        g_array_set_size(c->locals, c->locals->len - 1);
    }
}

static int method_find(const dspr_cs *c, int cls, const char *name, int nargs)
{
    for (int depth = 0; cls >= 0 && depth < 32; depth++) {
        for (guint i = 0; i < c->methods->len; i++) {
            const cs_method *m = &g_array_index(c->methods, cs_method, i);
            if (m->cls == cls && m->nparams == nargs && strcmp(m->name, name) == 0)
                return (int)i;
        }
        cls = g_array_index(c->classes, cs_class, cls).base_cls;
    }
    return -1;
}

/* Run method @mi with @args; its return value (unknown when it aborts). */
static val invoke(dspr_cs *c, int mi, const val *args, int n)
{
    const cs_method *m = &g_array_index(c->methods, cs_method, mi);
    if (!c->live)
        return vk(V_UNKNOWN);
    if (c->calls >= CS_MAX_CALLS) {
        fatal(c);
        return vk(V_UNKNOWN);
    }
    guint saved_pos = c->pos, mark = c->locals->len;
    int saved_cls = c->cur_cls;
    for (int i = 0; i < n && i < m->nparams; i++)
        local_push(c, m->params[i], args[i]);
    c->calls++;
    c->cur_cls = m->cls;
    c->pos = m->body;
    c->ret = vk(V_UNKNOWN);
    val r;
    if (m->expr) {
        r = expr(c);
    } else {
        flow f = exec_block(c);
        r = f == S_RET ? c->ret : vk(V_UNKNOWN);
    }
    c->calls--;
    c->cur_cls = saved_cls;
    c->pos = saved_pos;
    locals_pop(c, mark);
    return r;
}

/* `(ARGS)` at c->pos into @a: the count, -1 on a parse error. */
static int args(dspr_cs *c, val *a)
{
    int n = 0;
    expect(c, "(");
    while (!c->error && !accept(c, ")")) {
        if (n && !accept(c, ","))
            c->error = TRUE;
        gboolean unknown = accept(c, "out") || accept(c, "ref");
        val v = expr(c);
        if (n < CS_MAX_ARGS)
            a[n] = unknown ? vk(V_UNKNOWN) : v;
        n++;
    }
    return c->error || n > CS_MAX_ARGS ? -1 : n;
}

/* A call of @name on @self (V_THIS for an unqualified call). */
static val call(dspr_cs *c, val self, const char *name)
{
    val a[CS_MAX_ARGS];
    int n = args(c, a);
    if (n < 0)
        return vk(V_UNKNOWN);
    if (self.k == V_THIS || self.k == V_BASE) {
        int from = self.k == V_THIS  ? c->cls
                   : c->cur_cls >= 0 ? g_array_index(c->classes, cs_class, c->cur_cls).base_cls
                                     : -1;
        int mi = method_find(c, from, name, n);
        return mi >= 0 ? invoke(c, mi, a, n) : vk(V_UNKNOWN);
    }
    return c->live ? builtin(c, self, name, a, n) : vk(V_UNKNOWN);
}

/* A field or property getter @name of the instance; unknown when there is none. */
static val member_of_this(dspr_cs *c, const char *name, lval *lv)
{
    val *f = g_hash_table_lookup(c->state, name);
    if (f) {
        lv->k = LV_FIELD;
        lv->field = f;
        return *f;
    }
    int mi = method_find(c, c->cls, name, -1);
    return mi >= 0 ? invoke(c, mi, NULL, 0) : vk(V_UNKNOWN);
}

static val member(dspr_cs *c, val v, const char *name, lval *lv)
{
    switch (v.k) {
    case V_NAME:
        return vstr(V_NAME, keep(c, g_strconcat(v.p, ".", name, NULL)));
    case V_THIS:
        return member_of_this(c, name, lv);
    case V_OBJ:
        return strcmp(name, "SubType") == 0 ? vint(v.i)
               : strcmp(name, "XFlip") == 0 ? vbool(v.fx)
               : strcmp(name, "YFlip") == 0 ? vbool(v.fy)
                                            : vk(V_UNKNOWN);
    case V_ARRAY:
        return strcmp(name, v.i ? "Count" : "Length") == 0 ? vint(((GArray *)v.p)->len)
                                                           : vk(V_UNKNOWN);
    default:
        return vk(V_UNKNOWN);
    }
}

/* An initializer `{ a, b, ... }` at c->pos appended to array @r (a new one when @r is none). */
static val initializer(dspr_cs *c, val r)
{
    if (r.k != V_ARRAY && c->live)
        r = new_array(c, 0, V_NULL, FALSE);
    c->pos++;
    while (!c->error && !accept(c, "}")) {
        val v = expr(c);
        if (r.k == V_ARRAY && ((GArray *)r.p)->len < CS_MAX_ARRAY)
            g_array_append_val((GArray *)r.p, v);
        if (!is(c, "}"))
            expect(c, ",");
    }
    return r;
}

/* `new T(ARGS)`: the objects the definitions build their sprites with; unknown for others. */
static val construct(dspr_cs *c, const char *type)
{
    val a[CS_MAX_ARGS];
    int n = args(c, a);
    if (n < 0 || !type || !c->live)
        return vk(V_UNKNOWN);
    if (strcmp(type, "MultiFileIndexer") == 0 && n == 0 && c->arrays->len < CS_MAX_OBJECTS) {
        GPtrArray *parts = g_ptr_array_new();
        g_ptr_array_add(c->indexers, parts);
        val r = vk(V_INDEXER);
        r.p = parts;
        return r;
    }
    if (strcmp(type, "List") == 0 && n == 1 && a[0].k == V_ART)
        return a[0];
    if (strcmp(type, "List") == 0 && n == 0)
        return new_array(c, 0, V_NULL, TRUE);
    if (strcmp(type, "Sprite") == 0)
        return new_sprite(a, n);
    return vk(V_UNKNOWN);
}

/* `new ...` after the keyword */
static val new_expr(dspr_cs *c)
{
    gboolean implicit = accept(c, "["); /* new[] { ... } */
    if (implicit)
        expect(c, "]");
    guint type = c->pos, after = implicit ? c->pos : skip_type(c, c->pos);
    if (!after || c->error) {
        c->error = TRUE;
        return vk(V_UNKNOWN);
    }
    g_autofree char *last = NULL;
    for (guint i = type; i < after; i++)
        if (T(c, i)->kind == T_IDENT && !tok_is(c, i + 1, "."))
            last = last ? last : tok_text(c, i);
    c->pos = after;
    val r = vk(V_UNKNOWN);
    gboolean array = implicit || (after > type && tok_is(c, after - 1, "]"));
    if (!implicit && accept(c, "[")) { /* new T[n], new T[n][] */
        val n = expr(c);
        expect(c, "]");
        gboolean jagged = FALSE;
        while (accept(c, "[")) {
            expect(c, "]");
            jagged = TRUE;
        }
        if (n.k == V_INT && n.i >= 0 && c->live)
            r = new_array(c, (guint)MIN(n.i, (gint64)CS_MAX_ARRAY + 1),
                          jagged || !last ? V_NULL : default_of(last, strlen(last)), FALSE);
        array = TRUE;
    } else if (!implicit && is(c, "(")) {
        r = construct(c, last);
    }
    if (is(c, "{")) {
        if (array) {
            r = initializer(c, vk(V_UNKNOWN));
        } else if (r.k == V_ARRAY && r.i) {
            r = initializer(c, r); /* new List<T> { a, b } */
        } else {
            c->pos = skip_group(c, c->pos); /* an object initializer */
            r = vk(V_UNKNOWN);
        }
    }
    return r;
}

static gboolean cast_type(const dspr_cs *c, guint i, vkind *k)
{
    const tok *t = T(c, i);
    if (t->kind != T_IDENT || !tok_is(c, i + 1, ")"))
        return FALSE;
    *k = default_of(c->text + t->at, t->len);
    const tok *n = T(c, i + 2);
    return *k == V_INT && (n->kind == T_IDENT || n->kind == T_INT || tok_is(c, i + 2, "(") ||
                           tok_is(c, i + 2, "~") || tok_is(c, i + 2, "!"));
}

static val unary(dspr_cs *c, lval *lv);

/* `(T)x` for an integer type T: x truncated as T is. */
static val cast(dspr_cs *c)
{
    g_autofree char *type = tok_text(c, c->pos);
    c->pos += 2;
    lval lv = {LV_NONE, 0, NULL, NULL};
    val v = unary(c, &lv);
    if (v.k != V_INT)
        return v.k == V_BOOL ? vk(V_UNKNOWN) : v;
    if (strcmp(type, "byte") == 0)
        return vint(v.i & 0xFF);
    if (strcmp(type, "sbyte") == 0)
        return vint((gint8)(guint8)(v.i & 0xFF));
    if (strcmp(type, "ushort") == 0)
        return vint(v.i & 0xFFFF);
    if (strcmp(type, "short") == 0)
        return vint((gint16)(guint16)(v.i & 0xFFFF));
    return v;
}

static val primary(dspr_cs *c, lval *lv)
{
    const tok *t = T(c, c->pos);
    if (!step(c))
        return vk(V_UNKNOWN);
    if (t->kind == T_INT) {
        c->pos++;
        return vint(t->num);
    }
    if (t->kind == T_STR)
        return vstr(V_STR, string_of(c, c->pos++));
    vkind ck;
    if (is(c, "(") && cast_type(c, c->pos + 1, &ck)) {
        c->pos++;
        return cast(c);
    }
    if (accept(c, "(")) {
        val v = expr(c);
        expect(c, ")");
        return v;
    }
    if (t->kind != T_IDENT) {
        c->error = TRUE;
        return vk(V_UNKNOWN);
    }
    g_autofree char *name = tok_text(c, c->pos++);
    if (strcmp(name, "true") == 0 || strcmp(name, "false") == 0)
        return vbool(name[0] == 't');
    if (strcmp(name, "null") == 0)
        return vk(V_NULL);
    if (strcmp(name, "this") == 0 || strcmp(name, "base") == 0)
        return vk(name[0] == 't' ? V_THIS : V_BASE);
    if (strcmp(name, "new") == 0)
        return new_expr(c);
    if (strcmp(name, "typeof") == 0 || strcmp(name, "sizeof") == 0 || strcmp(name, "nameof") == 0) {
        c->pos = is(c, "(") ? skip_group(c, c->pos) : c->pos;
        return vk(V_UNKNOWN);
    }
    if (is(c, "("))
        return call(c, vk(V_THIS), name);
    int l = local_find(c, name);
    if (l >= 0) {
        lv->k = LV_LOCAL;
        lv->index = (guint)l;
        return g_array_index(c->locals, cs_local, l).v;
    }
    val v = member_of_this(c, name, lv);
    return v.k != V_UNKNOWN || lv->k != LV_NONE ? v : vstr(V_NAME, keep(c, g_steal_pointer(&name)));
}

/* An element of array @a at @i. */
static val element(val a, val i, lval *lv)
{
    if (a.k != V_ARRAY || i.k != V_INT)
        return vk(V_UNKNOWN);
    GArray *arr = a.p;
    if (i.i < 0 || i.i >= (gint64)arr->len)
        return vk(V_UNKNOWN); /* an exception in C#: nothing drawn */
    lv->k = LV_ELEM;
    lv->arr = arr;
    lv->index = (guint)i.i;
    return g_array_index(arr, val, i.i);
}

static void store(dspr_cs *c, const lval *lv, val v)
{
    if (!c->live)
        return;
    if (lv->k == LV_LOCAL)
        g_array_index(c->locals, cs_local, lv->index).v = v;
    else if (lv->k == LV_FIELD)
        *lv->field = v;
    else if (lv->k == LV_ELEM)
        g_array_index(lv->arr, val, lv->index) = v;
    else
        c->error = TRUE;
}

static val postfix(dspr_cs *c, lval *lv)
{
    val v = primary(c, lv);
    while (!c->error) {
        if (accept(c, ".") || accept(c, "?.")) {
            if (T(c, c->pos)->kind != T_IDENT) {
                c->error = TRUE;
                break;
            }
            g_autofree char *name = tok_text(c, c->pos++);
            *lv = (lval){LV_NONE, 0, NULL, NULL};
            v = is(c, "(") ? call(c, v, name) : member(c, v, name, lv);
        } else if (accept(c, "[")) {
            val i = expr(c);
            expect(c, "]");
            *lv = (lval){LV_NONE, 0, NULL, NULL};
            v = element(v, i, lv);
        } else if (is(c, "++") || is(c, "--")) {
            int d = is(c, "++") ? 1 : -1;
            c->pos++;
            if (v.k == V_INT)
                store(c, lv, vint(v.i + d));
            else
                store(c, lv, vk(V_UNKNOWN));
            *lv = (lval){LV_NONE, 0, NULL, NULL};
        } else {
            break;
        }
    }
    return v;
}

static val unary(dspr_cs *c, lval *lv)
{
    if (++c->nest > CS_MAX_NEST) {
        fatal(c);
        c->nest--;
        return vk(V_UNKNOWN);
    }
    val v;
    lval inner = {LV_NONE, 0, NULL, NULL};
    if (accept(c, "-")) {
        v = unary(c, &inner);
        v = v.k == V_INT ? vint(-(guint64)v.i) : vk(V_UNKNOWN);
    } else if (accept(c, "+")) {
        v = unary(c, &inner);
    } else if (accept(c, "!")) {
        v = unary(c, &inner);
        v = v.k == V_BOOL ? vbool(!v.i) : vk(V_UNKNOWN);
    } else if (accept(c, "~")) {
        v = unary(c, &inner);
        v = v.k == V_INT ? vint(~v.i) : vk(V_UNKNOWN);
    } else if (is(c, "++") || is(c, "--")) {
        int d = is(c, "++") ? 1 : -1;
        c->pos++;
        v = unary(c, &inner);
        v = v.k == V_INT ? vint(v.i + d) : vk(V_UNKNOWN);
        store(c, &inner, v);
    } else {
        v = postfix(c, lv);
    }
    c->nest--;
    return v;
}

/* Binary operators by precedence, lowest first. */
static const char *const levels[][5] = {
    {"??", NULL},       {"||", NULL},     {"&&", NULL},          {"|", NULL},
    {"^", NULL},        {"&", NULL},      {"==", "!=", NULL},    {"<", ">", "<=", ">="},
    {"<<", ">>", NULL}, {"+", "-", NULL}, {"*", "/", "%", NULL},
};
#define N_LEVELS ((int)(sizeof levels / sizeof levels[0]))

static val equal(val a, val b, gboolean ne)
{
    gboolean r;
    if (a.k == V_NULL || b.k == V_NULL) {
        if (a.k == V_UNKNOWN || b.k == V_UNKNOWN)
            return vk(V_UNKNOWN);
        r = a.k == b.k;
    } else if ((a.k == V_INT || a.k == V_BOOL) && a.k == b.k) {
        r = a.i == b.i;
    } else if (a.k == V_STR && b.k == V_STR) {
        r = strcmp(a.p, b.p) == 0;
    } else {
        return vk(V_UNKNOWN);
    }
    return vbool(ne ? !r : r);
}

static val arith(dspr_cs *c, const char *op, val a, val b)
{
    if (strcmp(op, "+") == 0 && (a.k == V_STR || b.k == V_STR) && (a.k == V_STR || a.k == V_INT) &&
        (b.k == V_STR || b.k == V_INT)) {
        char *s = a.k == V_INT   ? g_strdup_printf("%" G_GINT64_FORMAT "%s", a.i, (char *)b.p)
                  : b.k == V_INT ? g_strdup_printf("%s%" G_GINT64_FORMAT, (char *)a.p, b.i)
                                 : g_strconcat(a.p, b.p, NULL);
        return strlen(s) < 4096 ? vstr(V_STR, keep(c, s)) : (g_free(s), vk(V_UNKNOWN));
    }
    if (op[0] == '=' || op[0] == '!')
        return equal(a, b, op[0] == '!');
    if ((op[0] == '&' || op[0] == '|' || op[0] == '^') && a.k == V_BOOL && b.k == V_BOOL)
        return vbool(op[0] == '&' ? a.i && b.i : op[0] == '|' ? a.i || b.i : a.i != b.i);
    if (a.k != V_INT || b.k != V_INT)
        return vk(V_UNKNOWN);
    guint64 x = (guint64)a.i, y = (guint64)b.i;
    switch (op[0]) {
    case '+':
        return vint(x + y);
    case '-':
        return vint(x - y);
    case '*':
        return vint(x * y);
    case '/':
        return b.i && !(a.i == G_MININT32 && b.i == -1) ? vint(a.i / b.i) : vk(V_UNKNOWN);
    case '%':
        return b.i && !(a.i == G_MININT32 && b.i == -1) ? vint(a.i % b.i) : vk(V_UNKNOWN);
    case '&':
        return vint(x & y);
    case '|':
        return vint(x | y);
    case '^':
        return vint(x ^ y);
    case '<':
        if (op[1] == '<')
            return vint((gint64)((guint32)x << (y & 31)));
        return vbool(op[1] == '=' ? a.i <= b.i : a.i < b.i);
    case '>':
        if (op[1] == '>')
            return vint((gint32)a.i >> (y & 31));
        return vbool(op[1] == '=' ? a.i >= b.i : a.i > b.i);
    default:
        return vk(V_UNKNOWN);
    }
}

/* The operator of @level at c->pos (">>" is two tokens: '>' '>'), NULL if none. */
static const char *level_op(dspr_cs *c, int level)
{
    if (level == 8 && is(c, ">") && tok_is(c, c->pos + 1, ">") &&
        T(c, c->pos + 1)->at == T(c, c->pos)->at + 1)
        return ">>";
    for (int k = 0; k < 5 && levels[level][k]; k++)
        if (is(c, levels[level][k]))
            return levels[level][k];
    return NULL;
}

static val binary(dspr_cs *c, int level, lval *lv)
{
    if (level >= N_LEVELS)
        return unary(c, lv);
    val a = binary(c, level + 1, lv);
    const char *op;
    while (!c->error && (op = level_op(c, level)) != NULL) {
        c->pos += strcmp(op, ">>") == 0 ? 2 : 1;
        *lv = (lval){LV_NONE, 0, NULL, NULL};
        lval ign = {LV_NONE, 0, NULL, NULL};
        gboolean live = c->live, shortcut = FALSE;
        if ((strcmp(op, "&&") == 0 || strcmp(op, "||") == 0) && a.k == V_BOOL)
            shortcut = (op[0] == '&') != (a.i != 0);
        if (strcmp(op, "??") == 0)
            shortcut = a.k != V_NULL && a.k != V_UNKNOWN;
        c->live = live && !shortcut;
        val b = binary(c, level + 1, &ign);
        c->live = live;
        if (strcmp(op, "??") == 0)
            a = a.k == V_NULL ? b : a;
        else if (op[1] == op[0] && (op[0] == '&' || op[0] == '|'))
            a = shortcut ? a : (a.k == V_BOOL && b.k == V_BOOL) ? vbool(b.i) : vk(V_UNKNOWN);
        else
            a = arith(c, op, a, b);
    }
    return a;
}

static val ternary(dspr_cs *c, lval *lv)
{
    val cond = binary(c, 0, lv);
    if (!accept(c, "?"))
        return cond;
    *lv = (lval){LV_NONE, 0, NULL, NULL};
    lval ign = {LV_NONE, 0, NULL, NULL};
    gboolean live = c->live;
    c->live = live && cond.k == V_BOOL && cond.i;
    val a = ternary(c, &ign);
    c->live = live;
    expect(c, ":");
    c->live = live && cond.k == V_BOOL && !cond.i;
    val b = ternary(c, &ign);
    c->live = live;
    return cond.k != V_BOOL ? vk(V_UNKNOWN) : cond.i ? a : b;
}

static val assign(dspr_cs *c, lval *lv)
{
    val v = ternary(c, lv);
    static const char *const ops[] = {
        "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", NULL};
    for (int k = 0; ops[k]; k++)
        if (is(c, ops[k])) {
            c->pos++;
            lval target = *lv, ign = {LV_NONE, 0, NULL, NULL};
            if (target.k == LV_NONE)
                c->error = TRUE;
            val r = assign(c, &ign);
            if (k > 0) {
                char op[3] = {ops[k][0], ops[k][1] == '=' ? 0 : ops[k][1], 0};
                r = arith(c, op, v, r);
            }
            store(c, &target, r);
            *lv = (lval){LV_NONE, 0, NULL, NULL};
            return r;
        }
    return v;
}

static val expr(dspr_cs *c)
{
    lval lv = {LV_NONE, 0, NULL, NULL};
    if (is(c, "=>") || is(c, "{")) {
        c->error = TRUE; /* a lambda */
        return vk(V_UNKNOWN);
    }
    val v = assign(c, &lv);
    if (is(c, "=>"))
        c->error = TRUE;
    return v;
}

/* ---- statements ---- */

static flow exec_stmt(dspr_cs *c);

static flow exec_block(dspr_cs *c)
{
    guint mark = c->locals->len;
    flow f = S_NEXT;
    expect(c, "{");
    while (!c->error && f == S_NEXT && !is(c, "}") && T(c, c->pos)->kind != T_END)
        f = exec_stmt(c);
    if (f == S_NEXT)
        expect(c, "}");
    locals_pop(c, mark);
    return c->error ? S_ABORT : f;
}

/* `var x = e, y;` / `T x = e;` when the statement at c->pos is a declaration. */
static gboolean declaration(dspr_cs *c)
{
    guint i = tok_is(c, c->pos, "var") ? c->pos + 1 : skip_type(c, c->pos);
    if (!i || T(c, i)->kind != T_IDENT ||
        !(tok_is(c, i + 1, "=") || tok_is(c, i + 1, ";") || tok_is(c, i + 1, ",")))
        return FALSE;
    const tok *t = T(c, c->pos);
    vkind deflt = default_of(c->text + t->at, t->len);
    c->pos = i;
    do {
        if (T(c, c->pos)->kind != T_IDENT) {
            c->error = TRUE;
            return TRUE;
        }
        g_autofree char *name = tok_text(c, c->pos++);
        val v = deflt == V_INT ? vint(0) : deflt == V_BOOL ? vbool(FALSE) : vk(V_NULL);
        if (accept(c, "="))
            v = expr(c);
        local_push(c, name, v);
    } while (!c->error && accept(c, ","));
    expect(c, ";");
    return TRUE;
}

static gboolean condition(dspr_cs *c, gboolean *out)
{
    expect(c, "(");
    val v = expr(c);
    expect(c, ")");
    *out = v.k == V_BOOL && v.i;
    return !c->error && v.k == V_BOOL;
}

static flow exec_if(dspr_cs *c)
{
    gboolean yes;
    if (!condition(c, &yes))
        return S_ABORT;
    flow f = S_NEXT;
    if (yes)
        f = exec_stmt(c);
    else
        c->pos = skip_stmt(c, c->pos);
    if (f != S_NEXT || c->error)
        return c->error ? S_ABORT : f;
    if (accept(c, "else")) {
        if (yes)
            c->pos = skip_stmt(c, c->pos);
        else
            f = exec_stmt(c);
    }
    return f;
}

/* Run a loop body at @body; @end: the token after it. */
static flow loop_body(dspr_cs *c, guint body, guint end, gboolean *stop)
{
    c->pos = body;
    flow f = exec_stmt(c);
    *stop = f == S_BREAK || f == S_RET || f == S_ABORT || c->error;
    c->pos = end;
    return f == S_BREAK || f == S_CONT ? S_NEXT : f;
}

static flow exec_while(dspr_cs *c)
{
    guint cond = c->pos, body = skip_group(c, cond), end = skip_stmt(c, body);
    for (;;) {
        gboolean yes, stop;
        c->pos = cond;
        if (!condition(c, &yes) || !step(c))
            return S_ABORT;
        if (!yes) {
            c->pos = end;
            return S_NEXT;
        }
        flow f = loop_body(c, body, end, &stop);
        if (stop)
            return c->error ? S_ABORT : f;
    }
}

static flow exec_for(dspr_cs *c)
{
    guint mark = c->locals->len;
    expect(c, "(");
    if (!declaration(c)) {
        while (!c->error && !accept(c, ";")) {
            expr(c);
            if (!is(c, ";"))
                expect(c, ",");
        }
    }
    guint cond = c->pos, incr = skip_simple(c, cond), i = incr;
    while (T(c, i)->kind != T_END && !tok_is(c, i, ")")) /* the body follows the header's ')' */
        i = opener(c, i) ? skip_group(c, i) : i + 1;
    guint body = i + 1, end = skip_stmt(c, body);
    flow f = S_NEXT;
    for (;;) {
        gboolean stop;
        c->pos = cond;
        val v = is(c, ";") ? vbool(TRUE) : expr(c);
        if (c->error || v.k != V_BOOL || !step(c)) {
            f = S_ABORT;
            break;
        }
        if (!v.i) {
            c->pos = end;
            break;
        }
        f = loop_body(c, body, end, &stop);
        if (stop)
            break;
        c->pos = incr;
        while (!c->error && !accept(c, ")")) {
            expr(c);
            if (!is(c, ")"))
                expect(c, ",");
        }
    }
    locals_pop(c, mark);
    return c->error ? S_ABORT : f;
}

/* switch (e) { case K: ... default: ... } on a known value. */
static flow exec_switch(dspr_cs *c)
{
    expect(c, "(");
    val v = expr(c);
    expect(c, ")");
    if (c->error || (v.k != V_INT && v.k != V_STR && v.k != V_BOOL) || !is(c, "{"))
        return S_ABORT;
    guint end = skip_group(c, c->pos), deflt = 0;
    for (int pass = 0; pass < 2; pass++) {
        gboolean running = pass == 1;
        c->pos = pass == 0 ? c->pos + 1 : deflt;
        while (!c->error && c->pos < end - 1) {
            if (accept(c, "case")) {
                val k = expr(c);
                expect(c, ":");
                val eq = equal(v, k, FALSE);
                running = running || (eq.k == V_BOOL && eq.i);
            } else if (accept(c, "default")) {
                expect(c, ":");
                if (!deflt)
                    deflt = c->pos;
            } else if (running) {
                flow f = exec_stmt(c);
                if (f == S_BREAK)
                    break;
                if (f != S_NEXT) {
                    return f;
                }
            } else {
                c->pos = skip_stmt(c, c->pos);
            }
        }
        if (running || !deflt || c->error)
            break;
    }
    c->pos = end;
    return c->error ? S_ABORT : S_NEXT;
}

static flow exec_return(dspr_cs *c)
{
    c->ret = is(c, ";") ? vk(V_UNKNOWN) : expr(c);
    expect(c, ";");
    return c->error ? S_ABORT : S_RET;
}

static flow exec_stmt(dspr_cs *c)
{
    if (!step(c) || c->nest >= CS_MAX_NEST) {
        fatal(c);
        return S_ABORT;
    }
    c->nest++;
    guint start = c->pos;
    flow f = S_NEXT;
    if (is(c, "{"))
        f = exec_block(c);
    else if (accept(c, ";"))
        f = S_NEXT;
    else if (accept(c, "if"))
        f = exec_if(c);
    else if (accept(c, "while"))
        f = exec_while(c);
    else if (accept(c, "for"))
        f = exec_for(c);
    else if (accept(c, "switch"))
        f = exec_switch(c);
    else if (accept(c, "return"))
        f = exec_return(c);
    else if (accept(c, "break") || accept(c, "continue")) {
        f = tok_is(c, c->pos - 1, "break") ? S_BREAK : S_CONT;
        expect(c, ";");
    } else if (is(c, "foreach") || is(c, "do") || is(c, "try") || is(c, "throw") || is(c, "goto") ||
               is(c, "yield") || is(c, "using") || is(c, "lock"))
        f = S_ABORT; /* not followed: what comes after cannot be told */
    else if (!declaration(c) && !c->error) {
        expr(c);
        expect(c, ";");
    }
    if (c->error && !c->fatal && f == S_NEXT) {
        /* not understood: the statement is skipped, its effects unknown */
        c->error = FALSE;
        c->pos = skip_simple(c, start);
    }
    c->nest--;
    return c->error ? S_ABORT : f;
}

/* ---- classes and members ---- */

static gboolean keyword_at(const dspr_cs *c, guint i)
{
    static const char *const mods[] = {
        "public", "private",  "protected", "internal", "static", "override", "virtual", "abstract",
        "sealed", "readonly", "new",       "partial",  "const",  "unsafe",   "extern",  NULL};
    for (int k = 0; mods[k]; k++)
        if (tok_is(c, i, mods[k]))
            return TRUE;
    return FALSE;
}

static void scan_scope(dspr_cs *c, guint lo, guint hi, const char *ns);

/* Parameters of the method whose '(' is at @open into @m; FALSE for `params` or too many. */
static gboolean params(dspr_cs *c, guint open, cs_method *m)
{
    guint close = skip_group(c, open) - 1, last = 0;
    int depth = 0;
    m->nparams = 0;
    for (guint i = open + 1; i <= close; i++) {
        if (tok_is(c, i, "params"))
            return FALSE;
        if (tok_is(c, i, "<") || tok_is(c, i, "("))
            depth++;
        else if (tok_is(c, i, ">") || (tok_is(c, i, ")") && i < close))
            depth--;
        else if (tok_is(c, i, "=") && depth == 0 && !last)
            last = i - 1; /* a default value follows */
        if (depth == 0 && (tok_is(c, i, ",") || i == close)) {
            guint name = last ? last : i - 1;
            if (name > open && T(c, name)->kind == T_IDENT) {
                if (m->nparams >= CS_MAX_ARGS)
                    return FALSE;
                m->params[m->nparams++] = tok_text(c, name);
            }
            last = 0;
        }
    }
    return TRUE;
}

static void add_method(dspr_cs *c, int cls, guint name, guint open, guint body, gboolean is_expr)
{
    cs_method m = {tok_text(c, name), cls, 0, {NULL}, body, is_expr};
    if (open && !params(c, open, &m)) {
        for (int i = 0; i < m.nparams; i++)
            g_free(m.params[i]);
        g_free(m.name);
        return;
    }
    if (!open)
        m.nparams = -1;
    g_array_append_val(c->methods, m);
}

/* A property `T Name { get { ... } }` / `{ get => e; }` / `=> e;` from its '{' at @open. */
static void add_property(dspr_cs *c, int cls, guint name, guint open)
{
    guint end = skip_group(c, open);
    for (guint i = open + 1; i + 1 < end; i++) {
        if (!tok_is(c, i, "get"))
            continue;
        if (tok_is(c, i + 1, "{"))
            add_method(c, cls, name, 0, i + 1, FALSE);
        else if (tok_is(c, i + 1, "=>"))
            add_method(c, cls, name, 0, i + 2, TRUE);
        else if (tok_is(c, i + 1, ";")) { /* an auto-property: a field */
            cs_field f = {tok_text(c, name), cls, 0, V_NULL};
            g_array_append_val(c->fields, f);
        }
        return;
    }
}

/* One member from @i (after modifiers and attributes) in class @cls; the token after it. */
static guint scan_member(dspr_cs *c, guint i, guint hi, int cls)
{
    const cs_class *k = &g_array_index(c->classes, cs_class, cls);
    if (tok_is(c, i, "class") || tok_is(c, i, "struct") || tok_is(c, i, "enum") ||
        tok_is(c, i, "interface")) {
        guint body = i;
        while (body < hi && !tok_is(c, body, "{"))
            body++;
        if (tok_is(c, i, "class") || tok_is(c, i, "struct"))
            scan_scope(c, i, skip_group(c, body), k->full); /* a nested class */
        return skip_group(c, body);
    }
    guint head = skip_type(c, i), name;
    vkind deflt = default_of(c->text + T(c, i)->at, T(c, i)->len);
    if (T(c, i)->kind == T_IDENT && tok_is(c, i + 1, "("))
        name = i; /* a constructor */
    else if (head && T(c, head)->kind == T_IDENT)
        name = head;
    else
        return skip_simple(c, i);
    guint next = name + 1;
    if (tok_is(c, next, "(")) { /* a method */
        guint after = skip_group(c, next);
        while (after < hi && !tok_is(c, after, "{") && !tok_is(c, after, ";") &&
               !tok_is(c, after, "=>"))
            after = opener(c, after) ? skip_group(c, after) : after + 1;
        if (tok_is(c, after, "{")) {
            add_method(c, cls, name, next, after, FALSE);
            return skip_group(c, after);
        }
        if (tok_is(c, after, "=>"))
            add_method(c, cls, name, next, after + 1, TRUE);
        return skip_simple(c, after);
    }
    if (tok_is(c, next, "{")) {
        add_property(c, cls, name, next);
        guint end = skip_group(c, next);
        return tok_is(c, end, "=") ? skip_simple(c, end) : end;
    }
    if (tok_is(c, next, "=>")) {
        add_method(c, cls, name, 0, next + 1, TRUE);
        return skip_simple(c, next);
    }
    /* fields: T a = e, b; */
    for (guint j = name; j < hi && T(c, j)->kind == T_IDENT;) {
        cs_field f = {tok_text(c, j), cls, tok_is(c, j + 1, "=") ? j + 2 : 0, deflt};
        g_array_append_val(c->fields, f);
        j = f.init ? f.init : j + 1;
        while (j < hi && !tok_is(c, j, ",") && !tok_is(c, j, ";") && !closer(c, j))
            j = opener(c, j) ? skip_group(c, j) : j + 1;
        if (!tok_is(c, j, ","))
            break;
        j++;
    }
    return skip_simple(c, name);
}

/* The members of the class body from its '{' at @open. */
static void scan_members(dspr_cs *c, guint open, int cls)
{
    guint end = skip_group(c, open) - 1;
    for (guint i = open + 1; i < end && c->methods->len < 4096 && c->fields->len < 4096;) {
        if (tok_is(c, i, "[")) { /* an attribute */
            i = skip_group(c, i);
            continue;
        }
        if (keyword_at(c, i)) {
            i++;
            continue;
        }
        if (tok_is(c, i, ";")) {
            i++;
            continue;
        }
        guint next = scan_member(c, i, end, cls);
        i = next > i ? next : i + 1;
    }
}

/* `class NAME [: BASE, ...] {` at @i (the keyword) in namespace @ns. */
static void scan_class(dspr_cs *c, guint i, guint hi, const char *ns)
{
    if (T(c, i + 1)->kind != T_IDENT || c->classes->len >= 1024)
        return;
    cs_class k = {NULL, g_strdup(ns ? ns : ""), NULL, -1};
    g_autofree char *name = tok_text(c, i + 1);
    k.full = ns && *ns ? g_strconcat(ns, ".", name, NULL) : g_strdup(name);
    guint j = i + 2;
    if (tok_is(c, j, "<"))
        j = skip_type(c, i + 1);
    if (tok_is(c, j, ":") && T(c, j + 1)->kind == T_IDENT) {
        guint e = skip_type(c, j + 1);
        GString *b = g_string_new(NULL);
        for (guint t = j + 1; t < e && !tok_is(c, t, "<"); t++)
            g_string_append_len(b, c->text + T(c, t)->at, T(c, t)->len);
        k.base = g_string_free(b, FALSE);
    }
    while (j < hi && !tok_is(c, j, "{"))
        j++;
    g_array_append_val(c->classes, k);
    if (j < hi)
        scan_members(c, j, (int)c->classes->len - 1);
}

static void scan_scope(dspr_cs *c, guint lo, guint hi, const char *ns)
{
    for (guint i = lo; i < hi;) {
        if (tok_is(c, i, "namespace")) {
            GString *n = g_string_new(ns);
            guint j = i + 1;
            if (n->len)
                g_string_append_c(n, '.');
            for (; j < hi && (T(c, j)->kind == T_IDENT || tok_is(c, j, ".")); j++)
                g_string_append_len(n, c->text + T(c, j)->at, T(c, j)->len);
            g_autofree char *inner = g_string_free(n, FALSE);
            if (tok_is(c, j, ";")) { /* file-scoped */
                scan_scope(c, j + 1, hi, inner);
                return;
            }
            guint end = tok_is(c, j, "{") ? skip_group(c, j) : j + 1;
            if (tok_is(c, j, "{"))
                scan_scope(c, j + 1, end - 1, inner);
            i = end;
        } else if (tok_is(c, i, "class") || tok_is(c, i, "struct")) {
            guint j = i;
            while (j < hi && !tok_is(c, j, "{"))
                j++;
            scan_class(c, i, hi, ns);
            i = skip_group(c, j);
        } else {
            i = opener(c, i) ? skip_group(c, i) : i + 1;
        }
    }
}

/* The class named @name as seen from namespace @ns: NS.NAME, then each enclosing namespace's,
 * then any class whose full name ends in .NAME; -1 when none. */
static int class_find(const dspr_cs *c, const char *ns, const char *name)
{
    g_autofree char *scope = g_strdup(ns ? ns : "");
    for (;;) {
        g_autofree char *full = *scope ? g_strconcat(scope, ".", name, NULL) : g_strdup(name);
        for (guint i = 0; i < c->classes->len; i++)
            if (strcmp(g_array_index(c->classes, cs_class, i).full, full) == 0)
                return (int)i;
        char *dot = strrchr(scope, '.');
        if (!*scope)
            break;
        if (dot)
            *dot = 0;
        else
            *scope = 0;
    }
    g_autofree char *tail = g_strconcat(".", name, NULL);
    for (guint i = 0; i < c->classes->len; i++)
        if (g_str_has_suffix(g_array_index(c->classes, cs_class, i).full, tail))
            return (int)i;
    return -1;
}

static void resolve_bases(dspr_cs *c)
{
    for (guint i = 0; i < c->classes->len; i++) {
        cs_class *k = &g_array_index(c->classes, cs_class, i);
        int b = k->base ? class_find(c, k->ns, k->base) : -1;
        k->base_cls = b == (int)i ? -1 : b;
    }
    for (guint i = 0; i < c->classes->len; i++) { /* no cycles */
        int slow = (int)i, n = 0;
        for (int k = (int)i; k >= 0; k = g_array_index(c->classes, cs_class, k).base_cls)
            if (++n > 32) {
                g_array_index(c->classes, cs_class, slow).base_cls = -1;
                break;
            }
    }
}

/* The fields of @cls and its bases, base first: defaults, then initializers. */
static void init_fields(dspr_cs *c, int cls, int depth)
{
    if (cls < 0 || depth > 32)
        return;
    init_fields(c, g_array_index(c->classes, cs_class, cls).base_cls, depth + 1);
    for (guint i = 0; i < c->fields->len; i++) {
        const cs_field *f = &g_array_index(c->fields, cs_field, i);
        if (f->cls != cls)
            continue;
        val *v = g_new(val, 1);
        *v = f->deflt == V_INT ? vint(0) : f->deflt == V_BOOL ? vbool(FALSE) : vk(V_NULL);
        g_hash_table_replace(c->state, g_strdup(f->name), v);
        if (f->init) {
            c->pos = f->init;
            c->error = FALSE;
            val r = expr(c);
            *v = c->error ? vk(V_UNKNOWN) : r;
        }
    }
}

static void run_reset(dspr_cs *c, guint max_steps)
{
    c->steps = 0;
    c->max_steps = max_steps;
    c->error = c->fatal = FALSE;
    c->live = TRUE;
    c->calls = c->nest = 0;
    c->cur_cls = c->cls;
    locals_pop(c, 0);
}

void dspr_cs_free(dspr_cs *c)
{
    if (!c)
        return;
    for (guint i = 0; i < c->classes->len; i++) {
        cs_class *k = &g_array_index(c->classes, cs_class, i);
        g_free(k->full);
        g_free(k->ns);
        g_free(k->base);
    }
    for (guint i = 0; i < c->methods->len; i++) {
        cs_method *m = &g_array_index(c->methods, cs_method, i);
        g_free(m->name);
        for (int k = 0; k < m->nparams; k++)
            g_free(m->params[k]);
    }
    for (guint i = 0; i < c->fields->len; i++)
        g_free(g_array_index(c->fields, cs_field, i).name);
    locals_pop(c, 0);
    g_array_unref(c->locals);
    g_array_unref(c->toks);
    g_array_unref(c->classes);
    g_array_unref(c->methods);
    g_array_unref(c->fields);
    g_hash_table_unref(c->state);
    g_ptr_array_unref(c->strs);
    g_ptr_array_unref(c->arrays);
    g_ptr_array_unref(c->indexers);
    g_free(c->text);
    g_free(c);
}

/* The class the definition names (codetype=), else the first with a GetSprite(obj). */
static int definition_class(const dspr_cs *c, const char *type)
{
    if (type)
        return class_find(c, NULL, type);
    for (guint i = 0; i < c->methods->len; i++) {
        const cs_method *m = &g_array_index(c->methods, cs_method, i);
        if (strcmp(m->name, "GetSprite") == 0 && m->nparams == 1)
            return m->cls;
    }
    return -1;
}

dspr_cs *dspr_cs_parse(const char *text, gsize size, const char *type, dspr_def *d)
{
    dspr_cs *c = g_new0(dspr_cs, 1);
    c->text = g_strndup(text, size);
    c->size = strlen(c->text); /* a NUL byte ends the text */
    c->toks = g_array_new(FALSE, FALSE, sizeof(tok));
    c->classes = g_array_new(FALSE, FALSE, sizeof(cs_class));
    c->methods = g_array_new(FALSE, FALSE, sizeof(cs_method));
    c->fields = g_array_new(FALSE, FALSE, sizeof(cs_field));
    c->locals = g_array_new(FALSE, FALSE, sizeof(cs_local));
    c->state = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    c->strs = g_ptr_array_new_with_free_func(g_free);
    c->arrays = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
    c->indexers = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
    c->def = d;
    if (!tokenize(c)) {
        dspr_cs_free(c);
        return NULL;
    }
    scan_scope(c, 0, c->toks->len, "");
    resolve_bases(c);
    c->cls = definition_class(c, type);
    if (c->cls < 0 || method_find(c, c->cls, "GetSprite", 1) < 0) {
        dspr_cs_free(c);
        return NULL;
    }
    run_reset(c, CS_MAX_INIT_STEPS);
    init_fields(c, c->cls, 0);
    int init = method_find(c, c->cls, "Init", 1);
    if (init >= 0) {
        run_reset(c, CS_MAX_INIT_STEPS);
        val data = vk(V_UNKNOWN);
        invoke(c, init, &data, 1);
    }
    return c;
}

gboolean dspr_cs_sprite(dspr_cs *c, int subtype, gboolean xflip, gboolean yflip, dspr_ref *ref)
{
    int mi = method_find(c, c->cls, "GetSprite", 1);
    if (mi < 0)
        return FALSE;
    run_reset(c, CS_MAX_CALL_STEPS);
    val obj = vk(V_OBJ);
    obj.i = subtype & 0xFF;
    obj.fx = xflip != 0;
    obj.fy = yflip != 0;
    val s = invoke(c, mi, &obj, 1);
    if (s.k != V_SPRITE || s.i < 0 || s.i >= (gint64)c->def->images->len)
        return FALSE;
    *ref = (dspr_ref){(int)s.i, s.fx ? FLIP_ALWAYS : FLIP_NEVER, s.fy ? FLIP_ALWAYS : FLIP_NEVER,
                      s.dx, s.dy};
    return TRUE;
}
