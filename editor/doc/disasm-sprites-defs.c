/* SPDX-License-Identifier: MIT */
/*
 * The object definitions of a SonLVL object list (disasm-sprites.h): INI sections, ObjDef XML
 * (GMarkup) and the literals of C# definitions; and the DPLC files their images name.
 */
#include "disasm-sprites-map.h"
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
    g_free(im->dplc);
    g_free(im->label);
    if (im->map_data)
        g_bytes_unref(im->map_data);
    g_free(im);
}

static void option_free(gpointer p)
{
    dspr_option *o = p;
    if (!o)
        return;
    g_array_unref(o->conds);
    g_array_unref(o->refs);
    g_free(o);
}

static dspr_option *option_new(void)
{
    dspr_option *o = g_new0(dspr_option, 1);
    o->conds = g_array_new(FALSE, FALSE, sizeof(dspr_cond));
    o->refs = g_array_new(FALSE, FALSE, sizeof(dspr_ref));
    return o;
}

void dspr_def_free(dspr_def *d)
{
    if (!d)
        return;
    g_ptr_array_unref(d->images);
    g_ptr_array_unref(d->options);
    option_free(d->fallback);
    dspr_cs_free(d->cs);
    g_free(d);
}

static dspr_def *def_new(void)
{
    dspr_def *d = g_new0(dspr_def, 1);
    d->images = g_ptr_array_new_with_free_func(image_free);
    d->options = g_ptr_array_new_with_free_func(option_free);
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

/* A DPLC version name (SonLVL's EngineVersion): 1..3, 0 for NULL, -1 unknown */
static int dplc_ver(const char *v)
{
    return !v                                  ? 0
           : g_ascii_strcasecmp(v, "S1") == 0  ? 1
           : g_ascii_strcasecmp(v, "S2") == 0  ? 2
           : g_ascii_strcasecmp(v, "S3K") == 0 ? 3
                                               : -1;
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
        const char *dasm = lwm_ini_get(s, "dplcasm"), *dbin = lwm_ini_get(s, "dplcbin");
        im->dplc = g_strdup(dasm ? dasm : dbin);
        im->dplc_bin = !dasm;
        if ((im->dplc_ver = dplc_ver(lwm_ini_get(s, "dplcver"))) < 0) {
            const lwm_ini_entry *e = lwm_ini_entry_find(s, "dplcver");
            dspr_warn(self, list, e ? e->line : s->line, "[%s]: dplcver is not S1, S2 or S3K",
                      s->name);
            image_free(im);
            return d;
        }
        const char *fr = lwm_ini_get(s, "frame"), *pal = lwm_ini_get(s, "pal");
        if ((fr && !small_int(fr, &im->frame)) || (pal && !small_int(pal, &im->pal))) {
            const lwm_ini_entry *e =
                lwm_ini_entry_find(s, fr && !small_int(fr, &im->frame) ? "frame" : "pal");
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

/* A display option as read, resolved when the whole file is read (properties and enums may
 * come after it). */
typedef struct {
    GPtrArray *cond_text; /* pairs: property, value */
    GPtrArray *ref_image; /* image ids */
    GArray *refs;         /* dspr_ref, image unresolved */
    gboolean fallback;    /* DefaultImage */
} raw_option;

typedef struct {
    char *name, *type;
    int start, len;
} bits_prop;

typedef struct {
    EditorDisasmSprites *self;
    dspr_def *def;
    dspr_image *cur; /* the ImageFromMappings being read */
    char *default_id;
    GPtrArray *subtypes; /* pairs: id text, image id (owned) */
    GPtrArray *raw;      /* raw_option* */
    raw_option *opt;     /* the DisplayOption or DefaultImage being read */
    GArray *props;       /* bits_prop */
    GPtrArray *enums;    /* per Enum: its name, then member names; NULL-separated */
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
    g_free(x->cur->dplc);
    x->cur->dplc = g_strdup(attr(n, v, "dplcfile")); /* read in the MapFile's type too */
    x->cur->dplc_bin = x->cur->map_bin;
    if ((x->cur->dplc_ver = dplc_ver(attr(n, v, "dplcver"))) < 0)
        g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                    "MapFile: dplcver is not S1, S2 or S3K");
}

static void raw_free(gpointer p)
{
    raw_option *r = p;
    g_ptr_array_unref(r->cond_text);
    g_ptr_array_unref(r->ref_image);
    g_array_unref(r->refs);
    g_free(r);
}

static dspr_flip flip_of(const char *s)
{
    return !s                              ? FLIP_NORMAL
           : strcmp(s, "ReverseFlip") == 0 ? FLIP_REVERSE
           : strcmp(s, "AlwaysFlip") == 0  ? FLIP_ALWAYS
           : strcmp(s, "NeverFlip") == 0   ? FLIP_NEVER
                                           : FLIP_NORMAL;
}

/* The elements of Properties, Enums, Display and DefaultImage; TRUE when @el was one. */
static gboolean display_element(xml_ctx *x, const char *el, const char **n, const char **v,
                                GError **error)
{
    if (strcmp(el, "DisplayOption") == 0 || strcmp(el, "DefaultImage") == 0) {
        if (x->raw->len >= 1024) {
            g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                        "more than 1024 display options");
            return TRUE;
        }
        x->opt = g_new0(raw_option, 1);
        x->opt->cond_text = g_ptr_array_new_with_free_func(g_free);
        x->opt->ref_image = g_ptr_array_new_with_free_func(g_free);
        x->opt->refs = g_array_new(FALSE, TRUE, sizeof(dspr_ref));
        x->opt->fallback = el[0] == 'D' && el[1] == 'e';
        g_ptr_array_add(x->raw, x->opt);
    } else if (strcmp(el, "Condition") == 0 && x->opt && x->opt->cond_text->len < 64) {
        g_ptr_array_add(x->opt->cond_text, g_strdup(attr(n, v, "property")));
        g_ptr_array_add(x->opt->cond_text, g_strdup(attr(n, v, "value")));
    } else if (strcmp(el, "ImageRef") == 0 && x->opt && x->opt->refs->len < 64) {
        dspr_ref r = {0, flip_of(attr(n, v, "xflip")), flip_of(attr(n, v, "yflip")), 0, 0};
        g_array_append_val(x->opt->refs, r);
        g_ptr_array_add(x->opt->ref_image, g_strdup(attr(n, v, "image")));
    } else if (strcmp(el, "Offset") == 0 && x->opt && x->opt->refs->len) {
        dspr_ref *r = &g_array_index(x->opt->refs, dspr_ref, x->opt->refs->len - 1);
        const char *dx = attr(n, v, "X"), *dy = attr(n, v, "Y");
        if ((dx && !small_int(dx, &r->dx)) || (dy && !small_int(dy, &r->dy)))
            g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                        "Offset: bad X or Y");
    } else if (strcmp(el, "BitsProperty") == 0 && x->props->len < 64) {
        bits_prop b = {g_strdup(attr(n, v, "name")), g_strdup(attr(n, v, "type")), -1, 0};
        if (!small_int(attr(n, v, "startbit"), &b.start) ||
            !small_int(attr(n, v, "length"), &b.len))
            b.start = -1; /* unusable: conditions on it never hold */
        g_array_append_val(x->props, b);
    } else if (strcmp(el, "Enum") == 0 && x->enums->len < 4096) {
        g_ptr_array_add(x->enums, NULL);
        g_ptr_array_add(x->enums, g_strdup(attr(n, v, "name")));
    } else if (strcmp(el, "EnumMember") == 0 && x->enums->len && x->enums->len < 4096) {
        const char *val = attr(n, v, "value");
        g_ptr_array_add(x->enums,
                        g_strdup_printf("%s\n%s", attr(n, v, "name") ? attr(n, v, "name") : "",
                                        val ? val : ""));
    } else {
        return FALSE;
    }
    return TRUE;
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
    } else if (display_element(x, el, n, v, error)) {
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
    else if (strcmp(el, "DisplayOption") == 0 || strcmp(el, "DefaultImage") == 0)
        x->opt = NULL;
}

/* The value of enum member @member of enum @type: its `value`, else its index; -1 if none. */
static int enum_value(const xml_ctx *x, const char *type, const char *member)
{
    for (guint i = 0; i + 1 < x->enums->len; i++) {
        if (g_ptr_array_index(x->enums, i) || !g_ptr_array_index(x->enums, i + 1) ||
            strcmp(g_ptr_array_index(x->enums, i + 1), type))
            continue;
        int index = 0;
        for (guint k = i + 2; k < x->enums->len && g_ptr_array_index(x->enums, k); k++, index++) {
            const char *m = g_ptr_array_index(x->enums, k), *nl = strchr(m, '\n');
            int val;
            if ((size_t)(nl - m) == strlen(member) && strncmp(m, member, (size_t)(nl - m)) == 0)
                return nl[1] && small_int(nl + 1, &val) ? val : index;
        }
    }
    return -1;
}

/* Condition "@prop is @value" as subtype bits; FALSE when it cannot be told from the bits
 * (a custom property, an unknown value): the option then never holds. */
static gboolean resolve_cond(const xml_ctx *x, const char *prop, const char *value, dspr_cond *c)
{
    for (guint i = 0; prop && value && i < x->props->len; i++) {
        const bits_prop *b = &g_array_index(x->props, bits_prop, i);
        if (!b->name || strcmp(b->name, prop) || b->start < 0 || b->len < 1 ||
            b->start + b->len > 8)
            continue;
        c->start = b->start;
        c->len = b->len;
        if (b->type && strcmp(b->type, "bool") == 0)
            c->value = g_ascii_strcasecmp(value, "True") == 0 ? 1 : 0;
        else if (!b->type || strcmp(b->type, "int") == 0)
            return small_int(value, &c->value);
        else
            c->value = enum_value(x, b->type, value);
        return c->value >= 0;
    }
    return FALSE;
}

static int image_index(const dspr_def *d, const char *id);

static void resolve_options(xml_ctx *x)
{
    for (guint i = 0; i < x->raw->len; i++) {
        const raw_option *r = g_ptr_array_index(x->raw, i);
        dspr_option *o = option_new();
        gboolean ok = TRUE;
        for (guint k = 0; ok && k + 1 < r->cond_text->len; k += 2) {
            dspr_cond c;
            ok = resolve_cond(x, g_ptr_array_index(r->cond_text, k),
                              g_ptr_array_index(r->cond_text, k + 1), &c);
            g_array_append_val(o->conds, c);
        }
        for (guint k = 0; ok && k < r->refs->len; k++) {
            dspr_ref ref = g_array_index(r->refs, dspr_ref, k);
            ref.image = image_index(x->def, g_ptr_array_index(r->ref_image, k));
            ok = ref.image >= 0;
            g_array_append_val(o->refs, ref);
        }
        if (!ok || !o->refs->len) {
            option_free(o); /* drawn by no option of its own: the subtype's or default image */
            continue;
        }
        if (r->fallback) {
            option_free(x->def->fallback);
            x->def->fallback = o;
        } else {
            g_ptr_array_add(x->def->options, o);
        }
    }
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
    resolve_options(x);
}

static void read_xml(EditorDisasmSprites *self, const char *rel, dspr_def *d)
{
    gsize size;
    g_autofree char *where = NULL;
    g_autofree char *text = dspr_read(self, rel, DSPR_MAX_LIST_BYTES, &size, &where);
    if (!text)
        return;
    static const GMarkupParser parser = {xml_start, xml_end, NULL, NULL, NULL};
    xml_ctx x = {self,
                 d,
                 NULL,
                 NULL,
                 g_ptr_array_new_with_free_func(g_free),
                 g_ptr_array_new_with_free_func(raw_free),
                 NULL,
                 g_array_new(FALSE, TRUE, sizeof(bits_prop)),
                 g_ptr_array_new_with_free_func(g_free),
                 0};
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
    g_ptr_array_unref(x.raw);
    for (guint i = 0; i < x.props->len; i++) {
        g_free(g_array_index(x.props, bits_prop, i).name);
        g_free(g_array_index(x.props, bits_prop, i).type);
    }
    g_array_unref(x.props);
    g_ptr_array_unref(x.enums);
    g_free(x.default_id);
}

/* ---- C# definitions: the literal scan, for what the interpreter cannot tell ---- */

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
    d->cs = dspr_cs_parse(self, text, size, type, d); /* run: disasm-sprites-cs.c */
    /* the first literal call, drawn for what the run cannot tell (S1/S2's `imgs.Add` lists) */
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
    d->default_image = (int)d->images->len - 1;
}

/* ---- the DPLC files of images (disasm-sprites-map.h) ---- */

void dspr_dplcs_free(gpointer p)
{
    if (p) {
        editor_dplcs_clear(p);
        g_free(p);
    }
}

static editor_dplc_format dplc_format(const EditorDisasmSprites *self, int ver)
{
    if (ver >= EDITOR_DPLC_S1 && ver <= EDITOR_DPLC_S3K)
        return (editor_dplc_format)ver;
    return self->game == LWM_GAME_S1   ? EDITOR_DPLC_S1
           : self->game == LWM_GAME_S2 ? EDITOR_DPLC_S2
                                       : EDITOR_DPLC_S3K;
}

static bool parse_dplcs(const char *data, gsize n, gboolean bin, const void *how, void *out,
                        lw_error *err)
{
    editor_dplc_format f = *(const editor_dplc_format *)how;
    return bin ? editor_dplcs_parse_bin(f, (const uint8_t *)data, n, out, err)
               : editor_dplcs_parse_asm(f, data, n, out, err);
}

static const editor_dplcs *load_dplcs(EditorDisasmSprites *self, const dspr_image *im)
{
    editor_dplc_format f = dplc_format(self, im->dplc_ver);
    char *key = g_strdup_printf("%s\n%d\n%d", im->dplc, (int)f, im->dplc_bin);
    return dspr_load_cached(self, self->dplcs, key, im->dplc, im->dplc_bin, sizeof(editor_dplcs),
                            parse_dplcs, &f);
}

editor_map_format dspr_map_format(lwm_game game)
{
    return game == LWM_GAME_S1   ? EDITOR_MAP_S1
           : game == LWM_GAME_S2 ? EDITOR_MAP_S2
                                 : EDITOR_MAP_S3K;
}

GBytes *dspr_map_bytes(EditorDisasmSprites *self, const char *file)
{
    gsize n;
    g_autofree char *where = NULL;
    g_autofree char *text = dspr_read(self, file, EDITOR_MAP_MAX_TEXT, &n, &where);
    if (!text)
        return NULL;
    uint8_t *bytes;
    size_t len;
    lw_error err;
    if (!editor_mappings_assemble(dspr_map_format(self->game), text, n, &bytes, &len, &err)) {
        dspr_warn(self, where, err.line, "%s", err.message);
        return NULL;
    }
    GBytes *b = g_bytes_new(bytes, len);
    free(bytes);
    return b;
}

const editor_mappings *dspr_patched_mappings(EditorDisasmSprites *self, const dspr_image *im)
{
    char *key = g_strdup_printf("%s\n\n%p", im->map, (const void *)im->map_data);
    gpointer cached;
    if (g_hash_table_lookup_extended(self->maps, key, NULL, &cached)) {
        g_free(key);
        return cached;
    }
    gsize n;
    const uint8_t *data = g_bytes_get_data(im->map_data, &n);
    editor_mappings *m = g_new0(editor_mappings, 1);
    lw_error err;
    if (!editor_mappings_parse_bin(dspr_map_format(self->game), data, n, m, &err)) {
        g_autofree char *where = dspr_tree_path(self, im->map);
        dspr_warn(self, where ? where : im->map, 0, "as the definition changed it: byte %ld: %s",
                  err.offset, err.message);
        g_clear_pointer(&m, g_free);
    }
    g_hash_table_insert(self->maps, key, m);
    return m;
}

GBytes *dspr_dplc_art(EditorDisasmSprites *self, const dspr_image *im, GBytes *art)
{
    const editor_dplcs *d = load_dplcs(self, im);
    if (!d)
        return NULL;
    if (im->frame < 0 || (size_t)im->frame >= d->count) {
        g_autofree char *where = dspr_tree_path(self, im->dplc);
        dspr_warn(self, where ? where : im->dplc, 0, "frame %d: the DPLCs have %zu frames",
                  im->frame, d->count);
        return NULL;
    }
    gsize n;
    const uint8_t *src = g_bytes_get_data(art, &n);
    uint8_t *out = g_malloc(EDITOR_DPLC_MAX_TILES * 32); /* VRAM */
    size_t got = editor_dplc_load(&d->frames[im->frame], src, n, out, EDITOR_DPLC_MAX_TILES * 32);
    return g_bytes_new_take(g_realloc(out, got ? got : 1), got);
}
