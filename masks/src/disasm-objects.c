/* SPDX-License-Identifier: MIT */
/* Object and ring layouts, SonLVL object names (objlayout.h, docs/CODECS.md §3). */
#include "loopwright-masks/objlayout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------
 * Formats
 * ------------------------------------------------------------------------------------------- */

static const char *const format_names[LWM_LAYOUT_FORMAT_COUNT] = {
    [LWM_LAYOUT_S1_OBJECTS] = "s1-objects",   [LWM_LAYOUT_S1_PLATFORMS] = "s1-platforms",
    [LWM_LAYOUT_S2_OBJECTS] = "s2-objects",   [LWM_LAYOUT_S2_BUMPERS] = "s2-bumpers",
    [LWM_LAYOUT_S3K_OBJECTS] = "s3k-objects", [LWM_LAYOUT_S2_RINGS] = "s2-rings",
    [LWM_LAYOUT_S3K_RINGS] = "s3k-rings",
};

const char *lwm_layout_format_name(lwm_layout_format format)
{
    return (unsigned)format < LWM_LAYOUT_FORMAT_COUNT ? format_names[format] : "unknown";
}

bool lwm_layout_format_has_rings(lwm_layout_format format)
{
    return format == LWM_LAYOUT_S2_RINGS || format == LWM_LAYOUT_S3K_RINGS;
}

static size_t record_size(lwm_layout_format format)
{
    return lwm_layout_format_has_rings(format) ? 4u : 6u;
}

static unsigned get16(const uint8_t *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

/* Does the record at @p end the list? */
static bool is_terminator(lwm_layout_format format, const uint8_t *p)
{
    if (format == LWM_LAYOUT_S2_OBJECTS || format == LWM_LAYOUT_S1_PLATFORMS)
        return false; /* no terminator in the file / a counted list */
    if (format == LWM_LAYOUT_S2_BUMPERS)
        return get16(p + 2) == 0xFFFFu;
    if (format == LWM_LAYOUT_S2_RINGS)
        return (get16(p) & 0x8000u) != 0;
    return get16(p) == 0xFFFFu;
}

static void decode_object(lwm_layout_format format, const uint8_t *p, lwm_object *o)
{
    memset(o, 0, sizeof *o);
    unsigned w0 = get16(p), w1 = get16(p + 2), w2 = get16(p + 4);
    if (format == LWM_LAYOUT_S2_BUMPERS) {
        o->id = (uint8_t)(w0 >> 8);
        o->subtype = (uint8_t)w0;
        o->x_px = (uint16_t)w1;
        o->y_px = (uint16_t)(w2 & 0x0FFFu);
        o->spare_bits = (uint8_t)(w2 >> 12);
        return;
    }
    o->x_px = (uint16_t)w0;
    o->y_px = (uint16_t)(w1 & 0x0FFFu);
    o->id = (uint8_t)(w2 >> 8);
    o->subtype = (uint8_t)w2;
    if (format == LWM_LAYOUT_S1_OBJECTS) {
        o->y_flip = (w1 & 0x8000u) != 0;
        o->x_flip = (w1 & 0x4000u) != 0;
        o->spare_bits = (uint8_t)((w1 >> 12) & 3u);
        o->respawn = (o->id & 0x80u) != 0;
        o->id &= 0x7Fu;
    } else if (format == LWM_LAYOUT_S2_OBJECTS || format == LWM_LAYOUT_S3K_OBJECTS) {
        if (format == LWM_LAYOUT_S2_OBJECTS)
            o->respawn = (w1 & 0x8000u) != 0;
        else
            o->any_height = (w1 & 0x8000u) != 0;
        o->y_flip = (w1 & 0x4000u) != 0;
        o->x_flip = (w1 & 0x2000u) != 0;
        o->spare_bits = (uint8_t)((w1 >> 12) & 1u);
    } else { /* platforms */
        o->spare_bits = (uint8_t)(w1 >> 12);
    }
}

static void decode_ring(lwm_layout_format format, const uint8_t *p, lwm_ring *r)
{
    memset(r, 0, sizeof *r);
    unsigned w1 = get16(p + 2);
    r->x_px = (uint16_t)get16(p);
    r->y_px = (uint16_t)(w1 & 0x0FFFu);
    if (format == LWM_LAYOUT_S2_RINGS) {
        r->column = (w1 & 0x8000u) != 0;
        r->count = (uint8_t)(((w1 >> 12) & 7u) + 1u);
    } else {
        r->count = 1;
        r->spare_bits = (uint8_t)(w1 >> 12);
    }
}

/* The head a format may start with: an all-zero first record. */
static bool has_zero_head(lwm_layout_format format)
{
    return format == LWM_LAYOUT_S2_BUMPERS || format == LWM_LAYOUT_S3K_RINGS;
}

void lwm_layout_clear(lwm_layout *layout)
{
    if (!layout)
        return;
    free(layout->objects);
    free(layout->rings);
    free(layout->tail);
    lwm_layout_format format = layout->format;
    memset(layout, 0, sizeof *layout);
    layout->format = format;
}

static bool set_tail(lwm_layout *layout, const uint8_t *bytes, size_t n)
{
    free(layout->tail);
    layout->tail = NULL;
    layout->tail_size = 0;
    if (n == 0)
        return true;
    layout->tail = malloc(n);
    if (!layout->tail)
        return false;
    memcpy(layout->tail, bytes, n);
    layout->tail_size = n;
    return true;
}

bool lwm_layout_init(lwm_layout *layout, lwm_layout_format format)
{
    LW_ASSERT(layout);
    LW_ASSERT((unsigned)format < LWM_LAYOUT_FORMAT_COUNT);
    memset(layout, 0, sizeof *layout);
    layout->format = format;
    static const uint8_t end6[6] = {0xFF, 0xFF, 0, 0, 0, 0};
    static const uint8_t bumper_end[6] = {0, 0, 0xFF, 0xFF, 0, 0};
    static const uint8_t end2[2] = {0xFF, 0xFF};
    bool ok = true;
    if (format == LWM_LAYOUT_S1_OBJECTS || format == LWM_LAYOUT_S3K_OBJECTS) {
        ok = set_tail(layout, end6, sizeof end6);
    } else if (format == LWM_LAYOUT_S2_BUMPERS) {
        layout->head_size = 6;
        ok = set_tail(layout, bumper_end, sizeof bumper_end);
    } else if (format == LWM_LAYOUT_S3K_RINGS) {
        layout->head_size = 4;
        ok = set_tail(layout, end2, sizeof end2);
    } else if (format == LWM_LAYOUT_S2_RINGS) {
        ok = set_tail(layout, end2, sizeof end2);
    }
    layout->terminated = format != LWM_LAYOUT_S2_OBJECTS && format != LWM_LAYOUT_S1_PLATFORMS;
    if (!ok)
        lwm_layout_clear(layout);
    return ok;
}

bool lwm_layout_parse(lwm_layout *layout, lwm_layout_format format, const uint8_t *data,
                      size_t size, lw_error *err)
{
    LW_ASSERT(layout);
    LW_ASSERT((unsigned)format < LWM_LAYOUT_FORMAT_COUNT);
    LW_ASSERT(data || size == 0);
    memset(layout, 0, sizeof *layout);
    layout->format = format;
    if (size > LWM_LAYOUT_MAX_BYTES)
        return lw_error_set_at(err, LW_ERR_LIMIT, 0, "layout is %zu bytes, over %u", size,
                               LWM_LAYOUT_MAX_BYTES);
    const size_t rec = record_size(format);
    size_t pos = 0, count = 0;
    if (format == LWM_LAYOUT_S1_PLATFORMS) {
        if (size < 2)
            return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)size,
                                   "platform list ends inside its count");
        count = get16(data) + 1u;
        pos = 2;
        if (count > (size - pos) / rec)
            return lw_error_set_at(err, LW_ERR_TRUNCATED, (long)size,
                                   "platform list holds %zu records, its count says %zu",
                                   (size - pos) / rec, count);
    } else {
        if (has_zero_head(format) && size >= rec) {
            bool zero = true;
            for (size_t i = 0; i < rec; i++)
                zero &= data[i] == 0;
            if (zero) {
                memcpy(layout->head, data, rec);
                layout->head_size = rec;
                pos = rec;
            }
        }
        /* the terminator is recognised by its x word alone (S2 rings' FFFF is 2 bytes) */
        const size_t key = format == LWM_LAYOUT_S2_BUMPERS ? 4u : 2u;
        for (;;) {
            size_t at = pos + count * rec;
            if (size - at >= key && is_terminator(format, data + at)) {
                layout->terminated = true;
                break;
            }
            if (size - at < rec)
                break;
            count++;
        }
    }
    if (count > 0) {
        if (lwm_layout_format_has_rings(format))
            layout->rings = calloc(count, sizeof *layout->rings);
        else
            layout->objects = calloc(count, sizeof *layout->objects);
        if (!layout->rings && !layout->objects)
            return lw_error_set(err, LW_ERR_NOMEM, "no memory for %zu records", count);
    }
    for (size_t i = 0; i < count; i++, pos += rec) {
        if (layout->rings)
            decode_ring(format, data + pos, &layout->rings[i]);
        else
            decode_object(format, data + pos, &layout->objects[i]);
    }
    layout->ring_count = layout->rings ? count : 0;
    layout->object_count = layout->objects ? count : 0;
    if (!set_tail(layout, data + pos, size - pos))
        return lw_error_set(err, LW_ERR_NOMEM, "no memory for %zu bytes", size - pos);
    return true;
}

size_t lwm_layout_size(const lwm_layout *layout)
{
    LW_ASSERT(layout);
    size_t n =
        lwm_layout_format_has_rings(layout->format) ? layout->ring_count : layout->object_count;
    size_t extra = layout->format == LWM_LAYOUT_S1_PLATFORMS ? 2u : 0u;
    return extra + layout->head_size + n * record_size(layout->format) + layout->tail_size;
}

static bool bad_record(lw_error *err, size_t at, size_t index, const char *what)
{
    return lw_error_set_at(err, LW_ERR_RANGE, (long)at, "record %zu: %s", index, what);
}

/* Encode one object record, or say what does not fit. */
static const char *encode_object(lwm_layout_format format, const lwm_object *o, uint8_t *p)
{
    if (o->y_px > 0x0FFFu)
        return "y over 0xFFF";
    unsigned y = o->y_px;
    unsigned last = (unsigned)o->id << 8 | o->subtype;
    if (format == LWM_LAYOUT_S1_OBJECTS) {
        if (o->x_px == 0xFFFFu)
            return "x 0xFFFF is the terminator";
        if (o->id > 0x7Fu)
            return "id over 0x7F (bit 7 is the respawn flag)";
        if (o->spare_bits > 3u || o->any_height)
            return "flag or spare bits the format does not have";
        y |=
            (o->y_flip ? 0x8000u : 0u) | (o->x_flip ? 0x4000u : 0u) | (unsigned)o->spare_bits << 12;
        last |= o->respawn ? 0x8000u : 0u;
    } else if (format == LWM_LAYOUT_S2_OBJECTS || format == LWM_LAYOUT_S3K_OBJECTS) {
        bool top = format == LWM_LAYOUT_S2_OBJECTS ? o->respawn : o->any_height;
        bool other = format == LWM_LAYOUT_S2_OBJECTS ? o->any_height : o->respawn;
        if (format == LWM_LAYOUT_S3K_OBJECTS && o->x_px == 0xFFFFu)
            return "x 0xFFFF is the terminator";
        if (o->spare_bits > 1u || other)
            return "flag or spare bits the format does not have";
        y |= (top ? 0x8000u : 0u) | (o->y_flip ? 0x4000u : 0u) | (o->x_flip ? 0x2000u : 0u) |
             (unsigned)o->spare_bits << 12;
    } else { /* platforms, bumpers: no flags */
        if (o->x_flip || o->y_flip || o->respawn || o->any_height || o->spare_bits > 15u)
            return "flag or spare bits the format does not have";
        if (format == LWM_LAYOUT_S2_BUMPERS && o->x_px == 0xFFFFu)
            return "x 0xFFFF is the terminator";
        y |= (unsigned)o->spare_bits << 12;
        if (format == LWM_LAYOUT_S2_BUMPERS) {
            put16(p, last);
            put16(p + 2, o->x_px);
            put16(p + 4, y);
            return NULL;
        }
    }
    put16(p, o->x_px);
    put16(p + 2, y);
    put16(p + 4, last);
    return NULL;
}

static const char *encode_ring(lwm_layout_format format, const lwm_ring *r, uint8_t *p)
{
    if (r->y_px > 0x0FFFu)
        return "y over 0xFFF";
    unsigned y = r->y_px;
    if (format == LWM_LAYOUT_S2_RINGS) {
        if (r->x_px & 0x8000u)
            return "x over 0x7FFF (bit 15 ends the list)";
        if (r->count < 1 || r->count > 8)
            return "ring count not 1..8";
        if (r->spare_bits)
            return "spare bits the format does not have";
        y |= (r->column ? 0x8000u : 0u) | (unsigned)(r->count - 1u) << 12;
    } else {
        if (r->x_px == 0xFFFFu)
            return "x 0xFFFF is the terminator";
        if (r->count != 1 || r->column)
            return "S3K ring records hold one ring";
        if (r->spare_bits > 15u)
            return "spare bits over 4 bits";
        y |= (unsigned)r->spare_bits << 12;
    }
    put16(p, r->x_px);
    put16(p + 2, y);
    return NULL;
}

bool lwm_layout_write(const lwm_layout *layout, uint8_t *out, size_t out_cap, size_t *out_size,
                      lw_error *err)
{
    LW_ASSERT(layout);
    LW_ASSERT(out || out_cap == 0);
    size_t need = lwm_layout_size(layout);
    if (need > out_cap)
        return lw_error_set_at(err, LW_ERR_LIMIT, 0, "layout needs %zu bytes, room for %zu", need,
                               out_cap);
    const lwm_layout_format format = layout->format;
    const size_t rec = record_size(format);
    size_t pos = 0;
    if (format == LWM_LAYOUT_S1_PLATFORMS) {
        if (layout->object_count == 0 || layout->object_count > 0x10000u)
            return lw_error_set_at(err, LW_ERR_RANGE, 0,
                                   "a platform list holds 1 to 65536 records, not %zu",
                                   layout->object_count);
        put16(out, (unsigned)(layout->object_count - 1u));
        pos = 2;
    }
    memcpy(out + pos, layout->head, layout->head_size);
    pos += layout->head_size;
    if (lwm_layout_format_has_rings(format)) {
        for (size_t i = 0; i < layout->ring_count; i++, pos += rec) {
            const char *why = encode_ring(format, &layout->rings[i], out + pos);
            if (why)
                return bad_record(err, pos, i, why);
        }
    } else {
        for (size_t i = 0; i < layout->object_count; i++, pos += rec) {
            const char *why = encode_object(format, &layout->objects[i], out + pos);
            if (why)
                return bad_record(err, pos, i, why);
        }
    }
    if (layout->tail_size)
        memcpy(out + pos, layout->tail, layout->tail_size);
    pos += layout->tail_size;
    LW_ASSERT(pos == need);
    if (out_size)
        *out_size = pos;
    return true;
}

/* ---------------------------------------------------------------------------------------------
 * SonLVL object lists
 * ------------------------------------------------------------------------------------------- */

#define NAMES_MAX_FILE (1u << 20)
#define NAMES_MAX_LINE 4096u
#define NAMES_MAX_AUX  (256u * 1024u) /* xml / cs files: only their first part is searched */

void lwm_object_names_init(lwm_object_names *names)
{
    LW_ASSERT(names);
    memset(names, 0, sizeof *names);
}

const char *lwm_object_names_get(const lwm_object_names *names, uint8_t id)
{
    LW_ASSERT(names);
    return names->name[id];
}

/* Read at most @max bytes of @path (NUL-terminated, heap). NULL if it cannot be read. */
static char *read_text(const char *path, size_t max, size_t *size, bool *too_big)
{
    *too_big = false;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(max + 2);
    size_t n = buf ? fread(buf, 1, max + 1, f) : 0;
    bool failed = !buf || ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        return NULL;
    }
    if (n > max) {
        *too_big = true;
        n = max;
    }
    buf[n] = '\0';
    *size = n;
    return buf;
}

static char *join_path(const char *dir, const char *rel)
{
    size_t a = strlen(dir), b = strlen(rel);
    char *p = malloc(a + b + 2);
    if (!p)
        return NULL;
    memcpy(p, dir, a);
    p[a] = '/';
    memcpy(p + a + 1, rel, b + 1);
    for (char *c = p + a + 1; *c; c++)
        if (*c == '\\')
            *c = '/'; /* the lists were written on Windows */
    return p;
}

/* Copy a name, replacing control characters, trimming spaces. */
static void set_name(char dst[LWM_OBJECT_NAME_MAX], const char *src, size_t len)
{
    while (len && (*src == ' ' || *src == '\t')) {
        src++;
        len--;
    }
    while (len && (src[len - 1] == ' ' || src[len - 1] == '\t'))
        len--;
    if (len >= LWM_OBJECT_NAME_MAX)
        len = LWM_OBJECT_NAME_MAX - 1;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)src[i];
        dst[i] = c < 0x20 || c == 0x7F ? ' ' : (char)c;
    }
    dst[len] = '\0';
}

/* The value of the first Name="..." attribute in an ObjDef XML. */
static bool name_from_xml(const char *text, char out[LWM_OBJECT_NAME_MAX])
{
    const char *def = strstr(text, "<ObjDef");
    if (!def)
        return false;
    const char *end = strchr(def, '>');
    for (const char *p = def; p && (!end || p < end); p = strstr(p + 1, "Name=\"")) {
        if (p != def && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n' || p[-1] == '\r')) {
            const char *v = p + 6, *q = strchr(v, '"');
            if (!q || (end && q > end))
                return false;
            set_name(out, v, (size_t)(q - v));
            return out[0] != '\0';
        }
    }
    return false;
}

static bool is_ident_char(char c)
{
    return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

/* Where "class @cls" starts in @text (a whole word), or @text when not found or @cls is NULL. */
static const char *find_class(const char *text, const char *cls)
{
    if (!cls || !*cls)
        return text;
    size_t n = strlen(cls);
    for (const char *p = strstr(text, "class "); p; p = strstr(p + 1, "class ")) {
        const char *q = p + 6;
        while (*q == ' ' || *q == '\t')
            q++;
        if (strncmp(q, cls, n) == 0 && !is_ident_char(q[n]))
            return q;
    }
    return text;
}

/* The string the "Name" property returns in a C# object definition, as in
 *   public override string Name { get { return "Path Swapper"; } }   or   ... Name => "X";
 * i.e. the first quoted string between the declaration and its first ';', searched from the
 * class @cls (a file may define several object classes). */
static bool name_from_code(const char *text, const char *cls, char out[LWM_OBJECT_NAME_MAX])
{
    const char *from = find_class(text, cls);
    for (const char *p = strstr(from, "string Name"); p; p = strstr(p + 1, "string Name")) {
        if (is_ident_char(p[11]))
            continue; /* NameSomething */
        const char *semi = strchr(p, ';');
        const char *q1 = strchr(p, '"');
        if (!q1 || !semi || q1 > semi)
            continue;
        const char *q2 = strchr(q1 + 1, '"');
        if (!q2 || q2 > semi)
            continue;
        set_name(out, q1 + 1, (size_t)(q2 - q1 - 1));
        return out[0] != '\0';
    }
    return false;
}

typedef struct names_section {
    int id; /* -1: not an object section */
    char name[LWM_OBJECT_NAME_MAX];
    char *xmlfile, *codefile, *codetype;
} names_section;

static void section_reset(names_section *s, int id)
{
    free(s->xmlfile);
    free(s->codefile);
    free(s->codetype);
    memset(s, 0, sizeof *s);
    s->id = id;
}

static char *dup_range(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

static bool aux_name(const char *dir, const char *rel, bool xml, const char *cls,
                     char out[LWM_OBJECT_NAME_MAX])
{
    char *path = join_path(dir, rel);
    if (!path)
        return false;
    size_t size = 0;
    bool too_big = false;
    char *text = read_text(path, NAMES_MAX_AUX, &size, &too_big);
    free(path);
    if (!text)
        return false;
    bool ok = xml ? name_from_xml(text, out) : name_from_code(text, cls, out);
    free(text);
    return ok;
}

static void section_finish(lwm_object_names *names, names_section *s, const char *dir)
{
    if (s->id < 0)
        return;
    char name[LWM_OBJECT_NAME_MAX] = "";
    const char *cls = NULL;
    if (s->codetype) {
        const char *dot = strrchr(s->codetype, '.');
        cls = dot ? dot + 1 : s->codetype;
    }
    if (s->name[0])
        memcpy(name, s->name, sizeof name);
    else if (s->xmlfile && aux_name(dir, s->xmlfile, true, NULL, name))
        ;
    else if (s->codefile && aux_name(dir, s->codefile, false, cls, name))
        ;
    else if (cls)
        set_name(name, cls, strlen(cls));
    if (!name[0])
        return;
    if (!names->name[s->id][0])
        names->named++;
    memcpy(names->name[s->id], name, sizeof name);
}

static int hex_id(const char *s, size_t n)
{
    if (n == 0 || n > 2)
        return -1;
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                       : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

bool lwm_object_names_add_file(lwm_object_names *names, const char *dir, const char *rel_path,
                               lw_error *err)
{
    LW_ASSERT(names && dir && rel_path);
    char *path = join_path(dir, rel_path);
    if (!path)
        return lw_error_set(err, LW_ERR_NOMEM, "no memory");
    size_t size = 0;
    bool too_big = false;
    char *text = read_text(path, NAMES_MAX_FILE, &size, &too_big);
    free(path);
    if (!text)
        return lw_error_set(err, LW_ERR_IO, "cannot read the object list");
    bool ok = too_big ? lw_error_set(err, LW_ERR_LIMIT, "object list over %u bytes", NAMES_MAX_FILE)
                      : lwm_object_names_add_text(names, dir, text, size, err);
    free(text);
    return ok;
}

bool lwm_object_names_add_text(lwm_object_names *names, const char *dir, const char *text,
                               size_t size, lw_error *err)
{
    LW_ASSERT(names && dir && (text || size == 0));
    if (size > NAMES_MAX_FILE)
        return lw_error_set(err, LW_ERR_LIMIT, "object list over %u bytes", NAMES_MAX_FILE);
    names_section s = {.id = -1};
    bool ok = true;
    int line = 0;
    size_t p = 0;
    if (size >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        p = 3; /* UTF-8 byte order mark */
    while (p < size && ok) {
        line++;
        size_t start = p;
        while (p < size && text[p] != '\n')
            p++;
        size_t end = p;
        if (p < size)
            p++;
        if (end - start > NAMES_MAX_LINE) {
            ok = lw_error_set(err, LW_ERR_LIMIT, "line over %u bytes", NAMES_MAX_LINE);
            break;
        }
        if (end > start && text[end - 1] == '\r')
            end--;
        while (start < end && (text[start] == ' ' || text[start] == '\t'))
            start++;
        if (start == end || text[start] == ';' || text[start] == '#')
            continue;
        const char *l = text + start;
        size_t n = end - start;
        if (l[0] == '[') {
            section_finish(names, &s, dir);
            section_reset(&s, -1);
            const char *close = memchr(l, ']', n);
            if (!close) {
                ok = lw_error_set(err, LW_ERR_FORMAT, "section header without ']'");
                break;
            }
            section_reset(&s, hex_id(l + 1, (size_t)(close - l - 1)));
            continue;
        }
        const char *eq = memchr(l, '=', n);
        if (!eq || s.id < 0)
            continue; /* keys outside object sections, stray text: ignored like SonLVL */
        size_t klen = (size_t)(eq - l);
        while (klen && (l[klen - 1] == ' ' || l[klen - 1] == '\t'))
            klen--;
        const char *v = eq + 1;
        size_t vlen = (size_t)(l + n - v);
        while (vlen && (*v == ' ' || *v == '\t')) {
            v++;
            vlen--;
        }
        char **slot = NULL;
        if (klen == 4 && memcmp(l, "name", 4) == 0)
            set_name(s.name, v, vlen);
        else if (klen == 7 && memcmp(l, "xmlfile", 7) == 0)
            slot = &s.xmlfile;
        else if (klen == 8 && memcmp(l, "codefile", 8) == 0)
            slot = &s.codefile;
        else if (klen == 8 && memcmp(l, "codetype", 8) == 0)
            slot = &s.codetype;
        if (slot) {
            free(*slot);
            *slot = dup_range(v, vlen);
            if (!*slot)
                ok = lw_error_set(err, LW_ERR_NOMEM, "no memory");
        }
    }
    if (ok)
        section_finish(names, &s, dir);
    else if (err)
        err->line = line;
    section_reset(&s, -1);
    return ok;
}
