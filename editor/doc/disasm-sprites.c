/* SPDX-License-Identifier: MIT */
/* Disassembly object sprites: files, art, palette and pictures (disasm-sprites.h). */
#include "disasm-source.h"
#include "disasm-sprites-map.h"
#include "disasm-sprites-private.h"
#include "level-json.h"

#include <loopwright-masks/disasm-tree.h>
#include <loopwright-masks/file-io.h>
#include <loopwright/objmap.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void dspr_warn(EditorDisasmSprites *self, const char *file, int line, const char *fmt, ...)
{
    if (self->warnings->len >= 1000)
        return;
    va_list ap;
    va_start(ap, fmt);
    g_autofree char *msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    g_ptr_array_add(self->warnings, line > 0
                                        ? g_strdup_printf("%s:%d: warning: %s", file, line, msg)
                                        : g_strdup_printf("%s: warning: %s", file, msg));
}

/* ---- files ---- */

char *dspr_tree_path(const EditorDisasmSprites *self, const char *rel)
{
    g_autofree char *joined = g_strconcat(self->ini_rel, "/", rel, NULL);
    g_strdelimit(joined, "\\", '/');
    g_auto(GStrv) parts = g_strsplit(joined, "/", -1);
    GPtrArray *out = g_ptr_array_new();
    gboolean ok = TRUE;
    for (guint i = 0; parts[i]; i++) {
        if (!parts[i][0] || strcmp(parts[i], ".") == 0)
            continue;
        if (strcmp(parts[i], "..") == 0) {
            if (!out->len)
                ok = FALSE;
            else
                g_ptr_array_remove_index(out, out->len - 1);
            continue;
        }
        g_ptr_array_add(out, parts[i]);
    }
    g_ptr_array_add(out, NULL);
    char *path = ok && out->len > 1 ? g_strjoinv("/", (char **)out->pdata) : NULL;
    g_ptr_array_unref(out);
    return path;
}

/* @path (from the root) with each missing component matched case-insensitively (SonLVL runs on
 * Windows); the full path (g_free). */
static char *find_file(const char *root, const char *path)
{
    char *full = g_build_filename(root, path, NULL);
    if (g_file_test(full, G_FILE_TEST_EXISTS))
        return full;
    g_free(full);
    g_auto(GStrv) parts = g_strsplit(path, "/", -1);
    char *cur = g_strdup(root);
    for (guint i = 0; parts[i]; i++) {
        char *next = g_build_filename(cur, parts[i], NULL);
        if (!g_file_test(next, G_FILE_TEST_EXISTS)) {
            GDir *dir = g_dir_open(cur, 0, NULL);
            const char *name;
            while (dir && (name = g_dir_read_name(dir)) != NULL)
                if (g_ascii_strcasecmp(name, parts[i]) == 0) {
                    g_free(next);
                    next = g_build_filename(cur, name, NULL);
                    break;
                }
            if (dir)
                g_dir_close(dir);
        }
        g_free(cur);
        cur = next;
    }
    return cur;
}

char *dspr_read(EditorDisasmSprites *self, const char *rel, gsize max, gsize *size, char **tree_rel)
{
    g_autofree char *path = dspr_tree_path(self, rel);
    if (!path) {
        dspr_warn(self, rel, 0, "the path leaves the tree");
        return NULL;
    }
    if (self->memory) {
        GBytes *b = g_hash_table_lookup(self->memory, path);
        if (!b || g_bytes_get_size(b) > max) {
            dspr_warn(self, path, 0, b ? "larger than %zu bytes" : "cannot open", (size_t)max);
            return NULL;
        }
        gsize n;
        const char *d = g_bytes_get_data(b, &n);
        char *copy = g_malloc(n + 1);
        if (n)
            memcpy(copy, d, n);
        copy[n] = 0;
        *size = n;
        if (tree_rel)
            *tree_rel = g_steal_pointer(&path);
        return copy;
    }
    g_autofree char *full = find_file(self->root, path);
    char *data = NULL;
    size_t n = 0;
    lw_error err;
    if (!lwm_file_read_inside(full, self->root, max, &data, &n, NULL, 0, &err)) {
        dspr_warn(self, path, 0, "%s", err.message);
        return NULL;
    }
    char *copy = g_malloc(n + 1);
    memcpy(copy, data, n);
    copy[n] = 0;
    free(data);
    *size = n;
    if (tree_rel)
        *tree_rel = g_steal_pointer(&path);
    return copy;
}

static void bytes_free(gpointer p)
{
    if (p)
        g_bytes_unref(p);
}

/* ---- mappings ---- */

static void mappings_free(gpointer p)
{
    if (p) {
        editor_mappings_clear(p);
        g_free(p);
    }
}

void *dspr_load_cached(EditorDisasmSprites *self, GHashTable *cache, char *key, const char *file,
                       gboolean bin, gsize size, dspr_parse_fn parse, const void *how)
{
    gpointer cached;
    if (g_hash_table_lookup_extended(cache, key, NULL, &cached)) {
        g_free(key);
        return cached;
    }
    gsize n;
    g_autofree char *where = NULL;
    g_autofree char *text =
        dspr_read(self, file, bin ? EDITOR_MAP_MAX_BYTES : EDITOR_MAP_MAX_TEXT, &n, &where);
    void *out = NULL;
    if (text) {
        out = g_malloc0(size);
        lw_error err;
        if (!parse(text, n, bin, how, out, &err)) {
            if (bin)
                dspr_warn(self, where, 0, "byte %ld: %s", err.offset, err.message);
            else
                dspr_warn(self, where, err.line, "%s", err.message);
            g_clear_pointer(&out, g_free); /* a refusing parser leaves nothing allocated */
        }
    }
    g_hash_table_insert(cache, key, out);
    return out;
}

typedef struct {
    editor_map_format format;
    const char *label;
} map_how;

static bool parse_mappings(const char *data, gsize n, gboolean bin, const void *how, void *out,
                           lw_error *err)
{
    const map_how *h = how;
    return bin ? editor_mappings_parse_bin(h->format, (const uint8_t *)data, n, out, err)
               : editor_mappings_parse_asm(h->format, data, n, h->label, out, err);
}

static const editor_mappings *load_mappings(EditorDisasmSprites *self, const dspr_image *im)
{
    if (im->map_data)
        return dspr_patched_mappings(self, im);
    char *key = g_strdup_printf("%s\n%s\n%d", im->map, im->label ? im->label : "", im->map_bin);
    map_how how = {dspr_map_format(self->game), im->label};
    return dspr_load_cached(self, self->maps, key, im->map, im->map_bin, sizeof(editor_mappings),
                            parse_mappings, &how);
}

/* ---- pictures ---- */

/* A new transparent picture of @w x @h px (at least 1) whose top-left is (@left, @top). */
static EditorDisasmSprite *sprite_new_box(int left, int top, int w, int h)
{
    EditorDisasmSprite *s = g_new0(EditorDisasmSprite, 1);
    s->left = left;
    s->top = top;
    s->width = (guint)w;
    s->height = (guint)h;
    s->argb = g_new0(guint32, (gsize)s->width * s->height);
    return s;
}

static void sprite_free(gpointer p)
{
    EditorDisasmSprite *s = p;
    if (s) {
        g_free(s->argb);
        g_free(s);
    }
}

/* Draw piece @pc (already flipped by the object) at image point (@px, @py). */
static void draw_piece(EditorDisasmSprite *s, const editor_map_piece *pc, int px, int py,
                       const uint8_t *art, size_t art_size, const guint32 *palette, int startpal)
{
    int pw = 8 * pc->w, ph = 8 * pc->h;
    const guint32 *line = palette + 16 * ((pc->pal + startpal) & 3);
    for (int v = 0; v < ph; v++)
        for (int u = 0; u < pw; u++) {
            int su = pc->xflip ? pw - 1 - u : u, sv = pc->yflip ? ph - 1 - v : v;
            size_t tile = (size_t)pc->tile + (size_t)(su / 8) * pc->h + (size_t)(sv / 8);
            size_t at = tile * 32 + (size_t)(sv % 8) * 4 + (size_t)(su % 8) / 2;
            if (at >= art_size)
                continue; /* past the art: transparent */
            unsigned c = (su % 8) & 1 ? art[at] & 0xFu : art[at] >> 4;
            guint32 *dst = &s->argb[(size_t)(py + v) * s->width + (size_t)(px + u)];
            if (c && !*dst)
                *dst = line[c]; /* earlier pieces stay on top, as the VDP draws them */
        }
}

static EditorDisasmSprite *render(const editor_map_frame *fr, GBytes *art, const guint32 *palette,
                                  int startpal, gboolean xflip, gboolean yflip, gboolean *too_large)
{
    if (!fr->count)
        return NULL;
    editor_map_piece *pcs = g_new(editor_map_piece, fr->count);
    int x0 = G_MAXINT, y0 = G_MAXINT, x1 = G_MININT, y1 = G_MININT;
    for (size_t i = 0; i < fr->count; i++) {
        editor_map_piece p = fr->pieces[i];
        if (xflip) {
            p.x = (int16_t)(-p.x - 8 * p.w);
            p.xflip ^= 1;
        }
        if (yflip) {
            p.y = (int16_t)(-p.y - 8 * p.h);
            p.yflip ^= 1;
        }
        pcs[i] = p;
        x0 = MIN(x0, p.x);
        y0 = MIN(y0, p.y);
        x1 = MAX(x1, p.x + 8 * p.w);
        y1 = MAX(y1, p.y + 8 * p.h);
    }
    if (x1 - x0 > DSPR_MAX_SIDE || y1 - y0 > DSPR_MAX_SIDE) {
        g_free(pcs);
        *too_large = TRUE; /* pieces far apart: not a picture anyone draws */
        return NULL;
    }
    EditorDisasmSprite *s = sprite_new_box(x0, y0, x1 - x0, y1 - y0);
    gsize n;
    const uint8_t *a = g_bytes_get_data(art, &n);
    for (size_t i = 0; i < fr->count; i++)
        draw_piece(s, &pcs[i], pcs[i].x - x0, pcs[i].y - y0, a, n, palette, startpal);
    g_free(pcs);
    return s;
}

const char *editor_disasm_marker_prop(const lw_object *o, const char *key)
{
    for (uint32_t i = 0; i < o->prop_count; i++)
        if (strcmp(o->props[i].key, key) == 0)
            return o->props[i].value;
    return NULL;
}

static gboolean prop_true(const lw_object *o, const char *key)
{
    const char *v = editor_disasm_marker_prop(o, key);
    return v && strcmp(v, "true") == 0;
}

/* The definition and subtype of marker @o; FALSE when it is no imported marker. */
static gboolean marker_def(EditorDisasmSprites *self, const lw_object *o, dspr_def **def,
                           guint *key)
{
    const char *kind = o->type == LW_OBJECT_MARKER ? editor_disasm_marker_prop(o, "disasm") : NULL;
    if (kind && strcmp(kind, "ring") == 0) {
        *def = self->ring;
        *key = 1u << 20;
        return TRUE;
    }
    if (!kind || strcmp(kind, "object") != 0)
        return FALSE;
    const char *id = editor_disasm_marker_prop(o, "id");
    const char *sub = editor_disasm_marker_prop(o, "subtype");
    char *end;
    unsigned long i = id ? strtoul(id, &end, 0) : 256;
    if (!id || *end || i > 255)
        return FALSE;
    unsigned long st = sub ? strtoul(sub, &end, 0) : 0;
    if (sub && (*end || st > 255))
        st = 0;
    *def = self->defs[i];
    *key = (guint)(i << 8 | st) | (prop_true(o, "x_flip") ? 1u << 16 : 0) |
           (prop_true(o, "y_flip") ? 1u << 17 : 0);
    return TRUE;
}

/* One image of a definition, flipped as asked; NULL (a warning when a file is bad) if none. */
static EditorDisasmSprite *build_image(EditorDisasmSprites *self, const dspr_image *im,
                                       gboolean xflip, gboolean yflip)
{
    GBytes *art = dspr_load_art(self, im->art, im->artcmp);
    const editor_mappings *m = art ? load_mappings(self, im) : NULL;
    g_autoptr(GBytes) loaded = m && im->dplc ? dspr_dplc_art(self, im, art) : NULL;
    if (!m || (im->dplc && !loaded))
        return NULL;
    size_t frame = im->label ? 0 : (size_t)im->frame;
    if (frame >= m->count) {
        g_autofree char *where = dspr_tree_path(self, im->map);
        dspr_warn(self, where ? where : im->map, 0, "frame %zu: the mappings have %zu frames",
                  frame, m->count);
        return NULL;
    }
    gboolean too_large = FALSE;
    EditorDisasmSprite *s = render(&m->frames[frame], loaded ? loaded : art, self->palette, im->pal,
                                   xflip, yflip, &too_large);
    if (s)
        s->dplc = loaded != NULL;
    if (too_large) {
        g_autofree char *where = dspr_tree_path(self, im->map);
        dspr_warn(self, where ? where : im->map, 0, "frame %zu: larger than %d px a side", frame,
                  DSPR_MAX_SIDE);
    }
    return s;
}

static gboolean option_holds(const dspr_option *o, unsigned subtype)
{
    for (guint i = 0; i < o->conds->len; i++) {
        const dspr_cond *c = &g_array_index(o->conds, dspr_cond, i);
        if (((subtype >> c->start) & ((1u << c->len) - 1)) != (unsigned)c->value)
            return FALSE;
    }
    return TRUE;
}

static gboolean flip_with(dspr_flip mode, gboolean obj)
{
    return mode == FLIP_NORMAL ? obj : mode == FLIP_REVERSE ? !obj : mode == FLIP_ALWAYS;
}

static gpointer image_key(int image, gboolean xflip, gboolean yflip)
{
    return GUINT_TO_POINTER(((guint)image << 2 | (xflip ? 2u : 0u) | (yflip ? 1u : 0u)) + 1);
}

/* Image @image of @d flipped so, rendered once for all the parts of one picture that show it
 * (@cache: owns them); NULL when it cannot be drawn. */
static const EditorDisasmSprite *cached_image(EditorDisasmSprites *self, const dspr_def *d,
                                              GHashTable *cache, int image, gboolean xflip,
                                              gboolean yflip)
{
    gpointer key = image_key(image, xflip, yflip);
    gpointer got;
    if (g_hash_table_lookup_extended(cache, key, NULL, &got))
        return got;
    EditorDisasmSprite *p = build_image(self, g_ptr_array_index(d->images, image), xflip, yflip);
    g_hash_table_insert(cache, key, p);
    return p;
}

/* The images of @refs (at most DSPR_MAX_PARTS), each flipped and moved as it says, drawn into
 * one picture in order. */
static EditorDisasmSprite *build_refs(EditorDisasmSprites *self, const dspr_def *d,
                                      const GArray *refs, gboolean xflip, gboolean yflip)
{
    g_autoptr(GHashTable) cache = g_hash_table_new_full(NULL, NULL, NULL, sprite_free);
    guint max = MIN(refs->len, DSPR_MAX_PARTS), n = 0;
    g_autofree const EditorDisasmSprite **parts = g_new(const EditorDisasmSprite *, max + 1);
    g_autofree int *dx = g_new(int, max + 1), *dy = g_new(int, max + 1);
    gpointer first = NULL; /* the key of the first part drawn */
    int x0 = G_MAXINT, y0 = G_MAXINT, x1 = G_MININT, y1 = G_MININT;
    for (guint i = 0; i < max; i++) {
        const dspr_ref *r = &g_array_index(refs, dspr_ref, i);
        const EditorDisasmSprite *p = cached_image(
            self, d, cache, r->image, flip_with(r->xflip, xflip), flip_with(r->yflip, yflip));
        if (!p)
            continue;
        if (!n)
            first = image_key(r->image, flip_with(r->xflip, xflip), flip_with(r->yflip, yflip));
        dx[n] = CLAMP(xflip ? -r->dx : r->dx, -DSPR_MAX_REACH, DSPR_MAX_REACH); /* the whole */
        dy[n] = CLAMP(yflip ? -r->dy : r->dy, -DSPR_MAX_REACH, DSPR_MAX_REACH); /* mirrors */
        x0 = MIN(x0, p->left + dx[n]);
        y0 = MIN(y0, p->top + dy[n]);
        x1 = MAX(x1, p->left + dx[n] + (int)p->width);
        y1 = MAX(y1, p->top + dy[n] + (int)p->height);
        parts[n++] = p;
    }
    if (n == 1 && dx[0] == 0 && dy[0] == 0) { /* the image itself, taken from the cache */
        g_hash_table_steal(cache, first);
        return (EditorDisasmSprite *)parts[0];
    }
    if (!n || x1 - x0 > 2 * DSPR_MAX_REACH || y1 - y0 > 2 * DSPR_MAX_REACH)
        return NULL;
    EditorDisasmSprite *s = sprite_new_box(x0, y0, x1 - x0, y1 - y0);
    for (guint k = 0; k < n; k++) {
        const EditorDisasmSprite *p = parts[k];
        for (guint v = 0; v < p->height; v++)
            for (guint u = 0; u < p->width; u++) {
                guint32 c = p->argb[(gsize)v * p->width + u];
                gsize at = (gsize)(p->top + dy[k] - y0 + (int)v) * s->width +
                           (gsize)(p->left + dx[k] - x0 + (int)u);
                if (c)
                    s->argb[at] = c;
            }
        s->dplc |= p->dplc;
    }
    return s;
}

/* The picture of subtype and flips @key: the first display option that holds, else the
 * subtype's image, else the DefaultImage, else the definition's image. */
static EditorDisasmSprite *build(EditorDisasmSprites *self, const dspr_def *d, guint key,
                                 const lw_object *obj)
{
    gboolean xflip = (key >> 16) & 1, yflip = (key >> 17) & 1;
    if (d->cs) {
        g_autoptr(GArray) refs = g_array_new(FALSE, FALSE, sizeof(dspr_ref)); /* flips absolute */
        dcs_result r = dspr_cs_sprite(d->cs, (int)(key & 0xFF), xflip, yflip, obj->x, obj->y, refs);
        if (r == DCS_DRAWN)
            return build_refs(self, d, refs, FALSE, FALSE);
        if (r == DCS_NOTHING)
            return NULL; /* what the definition says: no literal's guess */
    }
    for (guint i = 0; i < d->options->len; i++) {
        const dspr_option *o = g_ptr_array_index(d->options, i);
        if (option_holds(o, key & 0xFF))
            return build_refs(self, d, o->refs, xflip, yflip);
    }
    int idx = d->subtype_image[key & 0xFF];
    if (idx < 0 && d->fallback)
        return build_refs(self, d, d->fallback->refs, xflip, yflip);
    idx = idx >= 0 ? idx : d->default_image;
    if (idx < 0 || (guint)idx >= d->images->len)
        return NULL;
    return build_image(self, g_ptr_array_index(d->images, idx), xflip, yflip);
}

static int marker_int(const lw_objmap_marker *m, const char *key, int fallback)
{
    for (uint32_t i = 0; i < m->prop_count; i++)
        if (strcmp(m->keys[i], key) == 0)
            return atoi(m->values[i]);
    return fallback;
}

/* @s repeated @n times, copy k moved by (k * @dx, k * @dy) px, then all by (@x0, 0); frees @s. */
static EditorDisasmSprite *repeat(EditorDisasmSprite *s, int n, int dx, int dy, int x0)
{
    int w = (int)s->width + (n - 1) * abs(dx), h = (int)s->height + (n - 1) * abs(dy);
    EditorDisasmSprite *r =
        sprite_new_box(s->left + x0 + MIN(0, (n - 1) * dx), s->top + MIN(0, (n - 1) * dy), w, h);
    r->dplc = s->dplc;
    for (int k = 0; k < n; k++) {
        int ox = s->left + x0 + k * dx - r->left, oy = s->top + k * dy - r->top;
        for (guint v = 0; v < s->height; v++)
            for (guint u = 0; u < s->width; u++)
                if (s->argb[(gsize)v * s->width + u])
                    r->argb[(gsize)(oy + (int)v) * (gsize)w + (gsize)(ox + (int)u)] =
                        s->argb[(gsize)v * s->width + u];
    }
    sprite_free(s);
    return r;
}

/* What the lists' C# definitions draw by code for the objects the engine maps (docs/OBJECTS.md
 * §16): a bridge's image once per log (S1/S2 Obj11), an S1 ring object's ring per
 * ring of the row. */
static EditorDisasmSprite *as_the_game_draws(EditorDisasmSprites *self, EditorDisasmSprite *s,
                                             guint key)
{
    lw_objmap_marker m;
    lw_objmap_game g = self->game == LWM_GAME_S1   ? LW_OBJMAP_S1
                       : self->game == LWM_GAME_S2 ? LW_OBJMAP_S2
                                                   : LW_OBJMAP_S3K;
    if (!s || key >= 1u << 20 ||
        !lw_objmap_lookup(g, (uint8_t)(key >> 8), (uint8_t)key, (key >> 16) & 1, (key >> 17) & 1,
                          &m))
        return s;
    if (s->width > 64 || s->height > 256)
        return s; /* not a log or a ring: drawn once */
    if (strcmp(m.name, "bridge") == 0) {
        int n = CLAMP(marker_int(&m, "logs", 1), 1, 16), w = (int)s->width;
        /* the first log at -(n / 2) * w from the object, as Obj11 places it (8 px left of the
         * centre for an even count; SonLVL's Bridge.cs draws the same) */
        return n > 1 ? repeat(s, n, w, 0, -(n / 2) * w) : s;
    }
    if (strcmp(m.name, "ring") == 0 && self->game == LWM_GAME_S1) {
        int n = CLAMP(marker_int(&m, "count", 1), 1, 8);
        int sx = marker_int(&m, "spacing", 0), sy = marker_int(&m, "spacing-y", 0);
        return n > 1 ? repeat(s, n, CLAMP(sx, 0, 64), CLAMP(sy, 0, 64), 0) : s;
    }
    return s;
}

static char *place_key(guint key, const lw_object *o)
{
    return g_strdup_printf("%u %" G_GINT32_FORMAT " %" G_GINT32_FORMAT, key, o->x, o->y);
}

const EditorDisasmSprite *editor_disasm_sprites_get(EditorDisasmSprites *self, const lw_object *o)
{
    g_return_val_if_fail(self && o, NULL);
    dspr_def *d = NULL;
    guint key;
    if (!marker_def(self, o, &d, &key) || !d)
        return NULL;
    /* a definition whose GetSprite reads obj.X / obj.Y has a sprite per place */
    gboolean placed = d->cs && dspr_cs_placed(d->cs);
    g_autofree char *place = placed ? place_key(key, o) : NULL;
    gpointer cached;
    if (g_hash_table_lookup_extended(placed ? self->placed : self->sprites,
                                     placed ? (gpointer)place : GUINT_TO_POINTER(key), NULL,
                                     &cached))
        return cached;
    EditorDisasmSprite *s = as_the_game_draws(self, build(self, d, key, o), key);
    if (s)
        s->serial = ++self->serial;
    if (d->cs && dspr_cs_placed(d->cs)) { /* this run may be the first to read the place */
        if (g_hash_table_size(self->placed) >= EDITOR_DISASM_MAX_PLACED)
            g_hash_table_remove_all(self->placed); /* bounded: made again when asked */
        g_hash_table_insert(self->placed, place ? g_steal_pointer(&place) : place_key(key, o), s);
    } else
        g_hash_table_insert(self->sprites, GUINT_TO_POINTER(key), s);
    return s;
}

/* ---- the level: palette, lists ---- */

/* The VDP's colour levels as 8-bit channels: round(level * 255 / 7), docs/DISASM.md §3. */
static guint32 colour(unsigned word)
{
    unsigned r = (word >> 1) & 7, g = (word >> 5) & 7, b = (word >> 9) & 7;
    return 0xFF000000u | ((r * 255 + 3) / 7) << 16 | ((g * 255 + 3) / 7) << 8 | (b * 255 + 3) / 7;
}

static gboolean small_num(const char *s, int *out)
{
    char *end;
    long v = s && *s ? strtol(s, &end, 0) : -1;
    if (!s || !*s || *end || v < 0 || v > 0xFFFF)
        return FALSE;
    *out = (int)v;
    return TRUE;
}

/* The level's `palette`: FILE:SRC:DST:LEN|... (colours from SRC of FILE into DST.. of 64). */
static void read_palette(EditorDisasmSprites *self, const char *value)
{
    for (int i = 0; i < 64; i++)
        self->palette[i] = 0xFF000000u | (guint32)(i % 16) * 0x111111u; /* grey, no palette */
    g_auto(GStrv) parts = g_strsplit(value ? value : "", "|", 16);
    for (guint i = 0; value && parts[i]; i++) {
        g_auto(GStrv) f = g_strsplit(parts[i], ":", 5);
        int src, dst, len;
        if (g_strv_length(f) != 4 || !small_num(f[1], &src) || !small_num(f[2], &dst) ||
            !small_num(f[3], &len) || src < 0 || dst < 0 || len < 0 || dst + len > 64 ||
            src + len > 2048) {
            dspr_warn(self, LWM_TREE_INI_FILE, 0, "palette \"%s\": not FILE:SRC:DST:LEN", parts[i]);
            continue;
        }
        gsize n;
        g_autofree char *data = dspr_read(self, f[0], 4096, &n, NULL);
        for (int k = 0; data && k < len && (gsize)(src + k) * 2 + 1 < n; k++)
            self->palette[dst + k] = colour((unsigned)(guint8)data[2 * (src + k)] << 8 |
                                            (guint8)data[2 * (src + k) + 1]);
    }
}

/* Read each '|'-separated object list of @value. */
static void read_lists(EditorDisasmSprites *self, const char *value)
{
    g_auto(GStrv) lists = g_strsplit(value ? value : "", "|", 32);
    for (guint i = 0; value && lists[i]; i++)
        if (lists[i][0])
            dspr_defs_read_list(self, lists[i]);
}

/* SonLVL's `waterheight` (hexadecimal px, "504" or "0x504"; absent: SonLVL's default, 0x600),
 * -1 when not a height. */
static int water_height(const char *s)
{
    uint32_t h;
    return !s ? 0x600 : lwm_ini_parse_hex(s, &h) ? (int)h : -1;
}

static EditorDisasmSprites *sprites_alloc(const char *root, lwm_game game)
{
    EditorDisasmSprites *self = g_new0(EditorDisasmSprites, 1);
    self->root = g_strdup(root);
    self->ini_rel = g_strdup(LWM_TREE_INI_DIR);
    self->game = game;
    self->ring_spacing = 24;
    self->art = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, bytes_free);
    self->maps = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, mappings_free);
    self->dplcs = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, dspr_dplcs_free);
    self->sprites = g_hash_table_new_full(g_direct_hash, g_direct_equal, NULL, sprite_free);
    self->placed = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, sprite_free);
    self->water_height = -1;
    self->warnings = g_ptr_array_new_with_free_func(g_free);
    return self;
}

EditorDisasmSprites *dspr_new_memory(lwm_game game, GHashTable *files, const char *level_tiles)
{
    EditorDisasmSprites *self = sprites_alloc("", game);
    self->memory = g_hash_table_ref(files);
    self->level_tiles = g_strdup(level_tiles);
    read_palette(self, NULL);
    return self;
}

EditorDisasmSprites *editor_disasm_sprites_new(const char *tree_root, const char *section,
                                               GError **error)
{
    g_return_val_if_fail(tree_root && section, NULL);
    lwm_tree tree;
    char *failed = g_malloc(4096);
    lw_error err;
    if (!lwm_tree_open(tree_root, &tree, failed, &err)) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s:%d: %s", failed, err.line,
                    err.message);
        g_free(failed);
        return NULL;
    }
    g_free(failed);
    long idx = lwm_tree_find(&tree, section);
    const lwm_ini_section *lv =
        idx >= 0 ? lwm_ini_section_find(&tree.ini, tree.levels[idx].section) : NULL;
    if (!lv) {
        g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "%s: no level \"%s\"",
                    LWM_TREE_INI_FILE, section);
        lwm_tree_clear(&tree);
        return NULL;
    }
    EditorDisasmSprites *self = sprites_alloc(tree_root, tree.game);
    self->level_tiles = g_strdup(lwm_ini_get(lv, "tiles"));
    self->level_name = g_strdup(tree.levels[idx].name);
    self->water_height = water_height(lwm_ini_get(lv, "waterheight"));
    read_palette(self, lwm_ini_get(lv, "palette"));
    read_lists(self, lwm_ini_get(&tree.ini.sections[0], "objlst"));
    read_lists(self, lwm_ini_get(lv, "objlst"));
    lwm_tree_clear(&tree);
    return self;
}

EditorDisasmSprites *editor_disasm_sprites_new_for_file(const char *json_path, GError **error)
{
    char *text = NULL, *json = NULL, *tree = NULL;
    size_t len;
    lw_error err;
    lwm_tree_source src = {0};
    EditorDisasmSprites *self = NULL;
    if (!json_path || !lwm_file_read(json_path, EDITOR_LEVEL_MAX_FILE_BYTES, &text, &len, &err))
        return NULL;
    if (editor_level_source_text(text, len, &json, &err) && json) {
        if (editor_source_from_json(json, &src, &tree, &err))
            self = editor_disasm_sprites_new(tree, src.level, error);
        else
            g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: %s", json_path, err.message);
    }
    editor_source_clear(&src);
    free(tree);
    free(json);
    free(text);
    return self;
}

void editor_disasm_sprites_free(EditorDisasmSprites *self)
{
    if (!self)
        return;
    for (int i = 0; i < 256; i++)
        dspr_def_free(self->defs[i]);
    dspr_def_free(self->ring);
    g_hash_table_unref(self->art);
    g_hash_table_unref(self->maps);
    g_hash_table_unref(self->dplcs);
    g_hash_table_unref(self->sprites);
    g_hash_table_unref(self->placed);
    g_ptr_array_unref(self->warnings);
    if (self->memory)
        g_hash_table_unref(self->memory);
    g_free(self->level_tiles);
    g_free(self->level_name);
    g_free(self->root);
    g_free(self->ini_rel);
    g_free(self);
}

void editor_disasm_sprites_set_level(EditorDisasmSprites *self, const lw_level *level)
{
    g_return_if_fail(self);
    self->level = level;
    g_hash_table_remove_all(self->placed); /* the sprites that read the place or the level */
}

gboolean dspr_sprite_bounds(EditorDisasmSprites *self, const dspr_def *d, const GArray *refs,
                            int box[4])
{
    g_autoptr(GHashTable) cache = g_hash_table_new_full(NULL, NULL, NULL, sprite_free);
    gboolean any = FALSE;
    box[0] = box[1] = box[2] = box[3] = 0;
    for (guint i = 0; i < refs->len; i++) {
        const dspr_ref *r = &g_array_index(refs, dspr_ref, i);
        if (r->image < 0 || (guint)r->image >= d->images->len)
            return FALSE; /* a canvas drawn on in a way not followed */
        const EditorDisasmSprite *p = cached_image(
            self, d, cache, r->image, r->xflip == FLIP_ALWAYS, r->yflip == FLIP_ALWAYS);
        if (!p)
            continue;
        int x0 = p->left + r->dx, y0 = p->top + r->dy;
        int x1 = x0 + (int)p->width, y1 = y0 + (int)p->height;
        box[0] = any ? MIN(box[0], x0) : x0;
        box[1] = any ? MIN(box[1], y0) : y0;
        box[2] = any ? MAX(box[2], x1) : x1;
        box[3] = any ? MAX(box[3], y1) : y1;
        any = TRUE;
    }
    return any || refs->len == 0;
}

const char *editor_disasm_sprites_tree(const EditorDisasmSprites *self)
{
    return self->root;
}

int editor_disasm_sprites_ring_spacing(const EditorDisasmSprites *self)
{
    return self ? self->ring_spacing : 24;
}

guint editor_disasm_sprites_warning_count(const EditorDisasmSprites *self)
{
    return self ? self->warnings->len : 0;
}

const char *editor_disasm_sprites_warning(const EditorDisasmSprites *self, guint i)
{
    g_return_val_if_fail(self && i < self->warnings->len, NULL);
    return g_ptr_array_index(self->warnings, i);
}
