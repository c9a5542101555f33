/* SPDX-License-Identifier: MIT */
/*
 * The object definitions of a SonLVL object list (disasm-sprites.h): INI sections, ObjDef XML
 * (GMarkup) and the literals of C# definitions.
 */
#include "disasm-sprites-private.h"

#include <loopwright-masks/sonlvl-ini.h>
#include <stdlib.h>
#include <string.h>

static void image_free(gpointer p)
{
    dspr_image *im = p;
    if (!im)
        return;
    g_free(im->id);
    g_free(im->art);
    g_free(im->artcmp);
    g_free(im->map);
    g_free(im->label);
    g_free(im);
}

void dspr_def_free(dspr_def *d)
{
    if (!d)
        return;
    g_ptr_array_unref(d->images);
    g_free(d);
}

static dspr_def *def_new(void)
{
    dspr_def *d = g_new0(dspr_def, 1);
    d->images = g_ptr_array_new_with_free_func(image_free);
    d->default_image = -1;
    for (int i = 0; i < 256; i++)
        d->subtype_image[i] = -1;
    return d;
}

/* A decimal or 0x hexadecimal int of at most 6 digits into @out; FALSE when @s is not one. */
static gboolean small_int(const char *s, int *out)
{
    if (!s || !*s)
        return FALSE;
    char *end;
    long v = strtol(s, &end, 0);
    if (*end || v < -0xFFFFF || v > 0xFFFFF)
        return FALSE;
    *out = (int)v;
    return TRUE;
}

/* ---- INI sections ---- */

static dspr_def *def_from_section(EditorDisasmSprites *self, const char *list,
                                  const lwm_ini_section *s);

/* The section's id: 0..255 for "[4B]", 256 for "[Ring]", -1 for any other. */
static int section_id(const char *name)
{
    if (g_ascii_strcasecmp(name, "Ring") == 0)
        return 256;
    if (!name[0] || strlen(name) > 2 || !g_ascii_isxdigit(name[0]) ||
        (name[1] && !g_ascii_isxdigit(name[1])))
        return -1;
    return (int)strtol(name, NULL, 16);
}

void dspr_defs_read_list(EditorDisasmSprites *self, const char *rel)
{
    gsize size;
    g_autofree char *where = NULL;
    g_autofree char *text = dspr_read(self, rel, DSPR_MAX_LIST_BYTES, &size, &where);
    if (!text)
        return;
    lwm_ini ini = {0};
    lw_error err;
    if (!lwm_ini_parse(text, size, &ini, &err)) {
        dspr_warn(self, where, err.line, "%s", err.message);
        return;
    }
    for (size_t i = 0; i < ini.count; i++) {
        int id = section_id(ini.sections[i].name);
        if (id < 0)
            continue;
        dspr_def *d = def_from_section(self, where, &ini.sections[i]);
        dspr_def **slot = id == 256 ? &self->ring : &self->defs[id];
        dspr_def_free(*slot); /* a later list overrides, as in SonLVL */
        *slot = d;
        if (id == 256) {
            int sp;
            if (small_int(lwm_ini_get(&ini.sections[i], "spacing"), &sp) && sp > 0 && sp <= 256)
                self->ring_spacing = sp;
        }
    }
    lwm_ini_clear(&ini);
}

static void read_xml(EditorDisasmSprites *self, const char *rel, dspr_def *d);
static void read_code(EditorDisasmSprites *self, const char *rel, const char *type, dspr_def *d);

static dspr_def *def_from_section(EditorDisasmSprites *self, const char *list,
                                  const lwm_ini_section *s)
{
    dspr_def *d = def_new();
    const char *xml = lwm_ini_get(s, "xmlfile"), *code = lwm_ini_get(s, "codefile");
    const char *art = lwm_ini_get(s, "art");
    const char *mapasm = lwm_ini_get(s, "mapasm"), *mapbin = lwm_ini_get(s, "mapbin");
    if (xml) {
        read_xml(self, xml, d);
        return d;
    }
    if (art && (mapasm || mapbin)) {
        dspr_image *im = g_new0(dspr_image, 1);
        im->art = g_strdup(art);
        im->artcmp = g_strdup(lwm_ini_get(s, "artcmp"));
        im->map = g_strdup(mapasm ? mapasm : mapbin);
        im->map_bin = !mapasm;
        im->label = g_strdup(lwm_ini_get(s, "mapasmlbl"));
        const char *fr = lwm_ini_get(s, "frame"), *pal = lwm_ini_get(s, "pal");
        if ((fr && !small_int(fr, &im->frame)) || (pal && !small_int(pal, &im->pal))) {
            const lwm_ini_entry *e = lwm_ini_entry_find(s, fr && !small_int(fr, &im->frame)
                                                               ? "frame"
                                                               : "pal");
            dspr_warn(self, list, e ? e->line : s->line, "[%s]: %s is not a number", s->name,
                      e ? e->key : "frame");
            image_free(im);
            return d;
        }
        g_ptr_array_add(d->images, im);
        d->default_image = 0;
    } else if (code) {
        read_code(self, code, lwm_ini_get(s, "codetype"), d);
    }
    return d;
}

/* ---- ObjDef XML ---- */

typedef struct {
    EditorDisasmSprites *self;
    dspr_def *def;
    dspr_image *cur; /* the ImageFromMappings being read */
    char *default_id;
    GPtrArray *subtypes; /* pairs: id text, image id (owned) */
    int depth;
} xml_ctx;

static const char *attr(const char **names, const char **values, const char *key)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(names[i], key) == 0)
            return values[i];
    return NULL;
}

static void art_file(xml_ctx *x, const char **n, const char **v, GError **error)
{
    const char *file = attr(n, v, "filename"), *off = attr(n, v, "offset");
    const char *cmp = attr(n, v, "compression");
    int o = 0;
    if (!file || (off && !small_int(off, &o))) {
        g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                    "ArtFile: missing filename or bad offset");
        return;
    }
    if (strchr(file, '|') || strchr(file, '\t') || (cmp && strchr(cmp, '|'))) {
        g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                    "ArtFile: '|' or a tab in a name");
        return;
    }
    /* one part of the spec; its own compression after a tab (dspr_image.art) */
    char *part = off ? g_strdup_printf("%s:%d%s%s", file, o, cmp ? "\t" : "", cmp ? cmp : "")
                     : g_strdup_printf("%s%s%s", file, cmp ? "\t" : "", cmp ? cmp : "");
    char *art = x->cur->art ? g_strconcat(x->cur->art, "|", part, NULL) : g_strdup(part);
    g_free(part);
    g_free(x->cur->art);
    x->cur->art = art;
}

static void map_file(xml_ctx *x, const char **n, const char **v, GError **error)
{
    const char *file = attr(n, v, "filename"), *type = attr(n, v, "type");
    const char *fr = attr(n, v, "frame"), *pal = attr(n, v, "startpal");
    if (!file || (fr && !small_int(fr, &x->cur->frame)) || (pal && !small_int(pal, &x->cur->pal))) {
        g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                    "MapFile: missing filename or bad frame or startpal");
        return;
    }
    g_free(x->cur->map);
    g_free(x->cur->label);
    x->cur->map = g_strdup(file);
    x->cur->label = g_strdup(attr(n, v, "label"));
    x->cur->map_bin = type && g_ascii_strcasecmp(type, "Binary") == 0;
}

static void xml_start(GMarkupParseContext *ctx, const char *el, const char **n, const char **v,
                      gpointer data, GError **error)
{
    (void)ctx;
    xml_ctx *x = data;
    if (++x->depth > 64) {
        g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "nested too deep");
        return;
    }
    if (strcmp(el, "ObjDef") == 0 && !x->default_id) {
        x->default_id = g_strdup(attr(n, v, "Image"));
    } else if (strcmp(el, "ImageFromMappings") == 0) {
        if (x->def->images->len >= 256) {
            g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                        "more than 256 images");
            return;
        }
        x->cur = g_new0(dspr_image, 1);
        x->cur->id = g_strdup(attr(n, v, "id"));
        g_ptr_array_add(x->def->images, x->cur);
    } else if (strcmp(el, "ArtFile") == 0 && x->cur) {
        art_file(x, n, v, error);
    } else if (strcmp(el, "MapFile") == 0 && x->cur) {
        map_file(x, n, v, error);
    } else if (strcmp(el, "Subtype") == 0) {
        const char *id = attr(n, v, "id"), *image = attr(n, v, "image");
        if (id && image && x->subtypes->len < 512) {
            g_ptr_array_add(x->subtypes, g_strdup(id));
            g_ptr_array_add(x->subtypes, g_strdup(image));
        }
    }
}

static void xml_end(GMarkupParseContext *ctx, const char *el, gpointer data, GError **error)
{
    (void)ctx;
    (void)error;
    xml_ctx *x = data;
    x->depth--;
    if (strcmp(el, "ImageFromMappings") == 0)
        x->cur = NULL;
}

static int image_index(const dspr_def *d, const char *id)
{
    for (guint i = 0; id && i < d->images->len; i++) {
        const dspr_image *im = g_ptr_array_index(d->images, i);
        if (im->id && strcmp(im->id, id) == 0)
            return (int)i;
    }
    return -1;
}

/* Keep only the images that have art and mappings; map the ids. */
static void xml_finish(xml_ctx *x)
{
    dspr_def *d = x->def;
    for (guint i = d->images->len; i-- > 0;) {
        const dspr_image *im = g_ptr_array_index(d->images, i);
        if (!im->art || !im->map)
            g_ptr_array_remove_index(d->images, i);
    }
    d->default_image = image_index(d, x->default_id);
    for (guint i = 0; i + 1 < x->subtypes->len; i += 2) {
        int st = 0;
        const char *id = g_ptr_array_index(x->subtypes, i);
        g_autofree char *hex = g_strconcat("0x", id, NULL);
        if (small_int(hex, &st) && st >= 0 && st < 256)
            d->subtype_image[st] = image_index(d, g_ptr_array_index(x->subtypes, i + 1));
    }
    if (d->default_image < 0 && d->images->len)
        d->default_image = 0;
}

static void read_xml(EditorDisasmSprites *self, const char *rel, dspr_def *d)
{
    gsize size;
    g_autofree char *where = NULL;
    g_autofree char *text = dspr_read(self, rel, DSPR_MAX_LIST_BYTES, &size, &where);
    if (!text)
        return;
    static const GMarkupParser parser = {xml_start, xml_end, NULL, NULL, NULL};
    xml_ctx x = {self, d, NULL, NULL, g_ptr_array_new_with_free_func(g_free), 0};
    GMarkupParseContext *ctx = g_markup_parse_context_new(&parser, 0, &x, NULL);
    g_autoptr(GError) error = NULL;
    const char *body = text;
    if (size >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        body += 3, size -= 3; /* a UTF-8 byte order mark */
    gboolean ok = g_markup_parse_context_parse(ctx, body, (gssize)size, &error) &&
                  g_markup_parse_context_end_parse(ctx, &error);
    if (!ok) {
        int line = 0, col = 0;
        g_markup_parse_context_get_position(ctx, &line, &col);
        dspr_warn(self, where, line, "%s", error->message);
        g_ptr_array_set_size(d->images, 0); /* the object keeps its box */
        d->default_image = -1;
    } else {
        xml_finish(&x);
    }
    g_markup_parse_context_free(ctx);
    g_ptr_array_unref(x.subtypes);
    g_free(x.default_id);
}

/* ---- C# definitions: literals only, never run ---- */

/* The string literal at *@p (after spaces), advancing past it; NULL when there is none. */
static char *cs_literal(const char **p, const char *end)
{
    const char *s = *p;
    while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
        s++;
    if (s >= end || *s != '"')
        return NULL;
    const char *q = memchr(s + 1, '"', (size_t)(end - s - 1));
    if (!q || q - s > 1024 || memchr(s + 1, '\\', (size_t)(q - s - 1)))
        return NULL;
    *p = q + 1;
    return g_strndup(s + 1, (gsize)(q - s - 1));
}

/* The value of `NAME = "literal"` in @text, NULL if none. */
static char *cs_variable(const char *text, const char *end, const char *name, gsize len)
{
    for (const char *p = text; (p = g_strstr_len(p, end - p, name)) != NULL; p += len) {
        const char *q = p + len;
        if (p > text && (g_ascii_isalnum(p[-1]) || p[-1] == '_'))
            continue;
        while (q < end && (*q == ' ' || *q == '\t'))
            q++;
        if (q < end && *q == '=' && q + 1 < end && q[1] != '=') {
            q++;
            char *lit = cs_literal(&q, end);
            if (lit)
                return lit;
        }
    }
    return NULL;
}

/* Argument @k (0-based) of the call whose '(' is at @open: its text (g_free) or NULL. */
static char *cs_arg(const char *open, const char *end, int k)
{
    int depth = 0, n = 0;
    const char *start = open + 1;
    for (const char *p = open + 1; p < end && p - open < 2048; p++) {
        if (*p == '"') {
            const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));
            if (!q)
                return NULL;
            p = q;
        } else if (*p == '(') {
            depth++;
        } else if ((*p == ',' && depth == 0) || (*p == ')' && depth-- == 0)) {
            if (n++ == k)
                return g_strstrip(g_strndup(start, (gsize)(p - start)));
            if (*p == ')')
                return NULL;
            start = p + 1;
        }
    }
    return NULL;
}

/* The mappings file of argument @arg: a literal, a variable set to one, or the last literal
 * ending in .asm of an expression (a revision's `cond ? "a.asm" : "b.asm"` gives the default). */
static char *cs_map_arg(const char *text, const char *end, const char *arg)
{
    const char *m = arg, *arg_end = arg + strlen(arg);
    if (arg[0] == '"' && !strchr(arg + 1, '?'))
        return cs_literal(&m, arg_end);
    if (!strchr(arg, '"'))
        return cs_variable(text, end, arg, strlen(arg));
    char *best = NULL;
    for (const char *q = strchr(arg, '"'); q; q = strchr(q, '"')) {
        char *lit = cs_literal(&q, arg_end);
        if (!lit)
            break;
        if (g_str_has_suffix(lit, ".asm")) {
            g_free(best);
            best = lit;
        } else {
            g_free(lit);
        }
    }
    return best;
}

/* The text of class @type's last name component in [@text, @end): from "class NAME" to the next
 * "class " (the whole text when @type is NULL or not found). */
static void cs_class(const char *text, const char **start, const char **end, const char *type)
{
    const char *name = type ? strrchr(type, '.') : NULL;
    name = name ? name + 1 : type;
    if (!name || !*name)
        return;
    g_autofree char *pat = g_strconcat("class ", name, NULL);
    size_t n = strlen(pat);
    for (const char *p = text; (p = g_strstr_len(p, *end - p, pat)) != NULL; p += n)
        if (p + n < *end && !g_ascii_isalnum(p[n]) && p[n] != '_') {
            const char *next = g_strstr_len(p + n, *end - (p + n), "class ");
            *start = p;
            *end = next ? next : *end;
            return;
        }
}

/* The nearest art call before @limit: OpenArtFile("...") or ReadFile("..."). */
static const char *cs_art_call(const char *start, const char *limit, const char **after)
{
    const char *best = NULL;
    static const char *const calls[] = {"OpenArtFile(", "ReadFile("};
    for (int k = 0; k < 2; k++)
        for (const char *p = start; (p = g_strstr_len(p, limit - p, calls[k])) != NULL;
             p += strlen(calls[k]))
            if (!best || p > best) {
                best = p;
                *after = p + strlen(calls[k]);
            }
    return best;
}

static void read_code(EditorDisasmSprites *self, const char *rel, const char *type, dspr_def *d)
{
    gsize size;
    g_autofree char *text = dspr_read(self, rel, DSPR_MAX_LIST_BYTES, &size, NULL);
    if (!text)
        return;
    const char *start = text, *end = text + size;
    cs_class(text, &start, &end, type);
    const char *map_call = g_strstr_len(start, end - start, "MapASMToBmp(");
    const char *p = NULL;
    if (!map_call || !cs_art_call(start, map_call, &p))
        return; /* drawn some other way: a box */
    g_autofree char *art = cs_literal(&p, end);
    const char *cmp = g_strstr_len(p, end - p, "CompressionType.");
    g_autofree char *map = cs_arg(map_call + strlen("MapASMToBmp"), end, 1);
    g_autofree char *a3 = cs_arg(map_call + strlen("MapASMToBmp"), end, 2);
    g_autofree char *a4 = cs_arg(map_call + strlen("MapASMToBmp"), end, 3);
    if (!art || !map || !a3)
        return;
    dspr_image *im = g_new0(dspr_image, 1);
    im->art = g_steal_pointer(&art);
    if (cmp && cmp - p < 64) {
        const char *c = cmp + strlen("CompressionType."), *e = c;
        while (e < end && g_ascii_isalnum(*e))
            e++;
        im->artcmp = g_strndup(c, (gsize)(e - c));
    }
    im->map = cs_map_arg(text, text + size, map);
    const char *l = a3;
    if (a3[0] == '"')
        im->label = cs_literal(&l, a3 + strlen(a3));
    else if (!small_int(a3, &im->frame))
        im->frame = -1;
    if (a4 && !small_int(a4, &im->pal))
        im->pal = -1;
    if (!im->map || im->frame < 0 || im->pal < 0 || (a3[0] == '"' && !im->label)) {
        image_free(im); /* not literals: a box */
        return;
    }
    g_ptr_array_add(d->images, im);
    d->default_image = 0;
}
