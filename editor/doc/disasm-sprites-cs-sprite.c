/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter (disasm-sprites-cs.c): its sprites. A `Sprite` is a reference
 * (SonLVL's Sprite is a class) to a list of at most CS_MAX_SPRITE_PARTS images of the
 * definition, each with absolute flips and an offset in px, drawn in order (later over
 * earlier). `new Sprite(s, xflip, yflip)` mirrors every part about the origin, offsets
 * included; `new Sprite(s, dx, dy)` moves every part; `new Sprite(s, dx, dy, xflip, yflip)`
 * (and with a Point) moves, then mirrors, as SonLVL's constructor does; `new Sprite(a, b, ...)` and
 * `new Sprite(list)` put the parts of several sprites in one; `s.Offset(dx, dy)` and
 * `s.Flip(xflip, yflip)` change @s in place (`InvertPriority()` changes nothing drawn here).
 * `new Sprite()` is an empty sprite (drawn as a
 * box, as an object without a picture is).
 *
 * A `BitmapBits` (`new BitmapBits(w, h)`) is a canvas a definition draws sprites on and then
 * makes a sprite of (skdisasm's tension bridges: `bitmap.DrawSprite(segment, 16 * i, y)`, then
 * `new Sprite(bitmap, priority, x, y)`): kept as the parts `DrawSprite` put on it, each at the
 * sprite's own offset plus the place given, in order. Its pixels outside the canvas, which
 * SonLVL clips, are kept. A drawing not followed here (`DrawLine`, `DrawRectangle`, ...: the
 * definitions' debug lines) marks the canvas with a part of no image, so a sprite made of it
 * is a box.
 */
#include "disasm-sprites-cs-private.h"

#include <stdlib.h>
#include <string.h>

#define CS_MAX_SPRITE_PARTS DSPR_MAX_PARTS

/* A new sprite of no parts; unknown when the run has made too many objects. */
static val sprite_new(dspr_cs *c)
{
    if (!dcs_charge(c, 1))
        return dcs_vk(V_UNKNOWN);
    GArray *parts = g_array_new(FALSE, FALSE, sizeof(dspr_ref));
    g_ptr_array_add(c->arrays, parts);
    val v = dcs_vk(V_SPRITE);
    v.p = parts;
    return v;
}

val dcs_sprite_of_image(dspr_cs *c, int image)
{
    val v = sprite_new(c);
    if (v.k == V_SPRITE && dcs_charge(c, 1)) {
        dspr_ref r = {image, FLIP_NEVER, FLIP_NEVER, 0, 0};
        g_array_append_val((GArray *)v.p, r);
    }
    return v;
}

/* Append the parts of sprite @s to @to; FALSE when they would be too many. */
static gboolean sprite_add(dspr_cs *c, GArray *to, val s)
{
    const GArray *from = s.p;
    if (to->len + from->len > CS_MAX_SPRITE_PARTS || !dcs_charge(c, from->len))
        return FALSE;
    g_array_append_vals(to, from->data, from->len);
    return TRUE;
}

/* How far from the origin a part may be moved while a run builds a sprite: a level's width, as
 * the definitions that draw at level coordinates place parts at (X, Y) and then move the whole
 * by (-obj.X, -obj.Y) (skdisasm's FBZ snake platforms, HPZ's autoscroll). What GetSprite
 * returns must lie within DSPR_MAX_REACH (dcs_sprite_refs). */
#define CS_MAX_OFFSET (1 << 16)

static gboolean offset_ok(int have, gint64 add)
{
    return add > -CS_MAX_OFFSET && add < CS_MAX_OFFSET && abs(have + (int)add) < CS_MAX_OFFSET;
}

/* Move every part of @parts by (@dx, @dy) px; FALSE (nothing changed) when a part would end
 * CS_MAX_OFFSET px or more from the origin. */
static gboolean sprite_offset(GArray *parts, gint64 dx, gint64 dy)
{
    for (guint i = 0; i < parts->len; i++) {
        const dspr_ref *r = &g_array_index(parts, dspr_ref, i);
        if (!offset_ok(r->dx, dx) || !offset_ok(r->dy, dy))
            return FALSE;
    }
    for (guint i = 0; i < parts->len; i++) {
        dspr_ref *r = &g_array_index(parts, dspr_ref, i);
        r->dx += (int)dx;
        r->dy += (int)dy;
    }
    return TRUE;
}

static dspr_flip toggled(dspr_flip f)
{
    return f == FLIP_ALWAYS ? FLIP_NEVER : FLIP_ALWAYS;
}

/* Mirror every part of @parts about the origin, offsets included. */
static void sprite_flip(GArray *parts, gboolean xflip, gboolean yflip)
{
    for (guint i = 0; i < parts->len; i++) {
        dspr_ref *r = &g_array_index(parts, dspr_ref, i);
        if (xflip) {
            r->xflip = toggled(r->xflip);
            r->dx = -r->dx;
        }
        if (yflip) {
            r->yflip = toggled(r->yflip);
            r->dy = -r->dy;
        }
    }
}

/* A copy of sprite @s (its own parts). */
static val sprite_copy(dspr_cs *c, val s)
{
    val r = sprite_new(c);
    if (r.k == V_SPRITE)
        sprite_add(c, r.p, s);
    return r;
}

/* A part of no image: what a canvas gets for a drawing not followed (dcs_sprite_refs refuses). */
static void taint(dspr_cs *c, GArray *parts)
{
    dspr_ref r = {-1, FLIP_NEVER, FLIP_NEVER, 0, 0};
    if (dcs_charge(c, 1))
        g_array_append_val(parts, r);
}

val dcs_new_bitmap(dspr_cs *c, const val *a, int n)
{
    if (n != 2 || a[0].k != V_INT || a[1].k != V_INT || a[0].i <= 0 || a[1].i <= 0)
        return dcs_vk(V_UNKNOWN); /* C# throws on a size of 0 or less */
    val v = sprite_new(c);
    if (v.k != V_SPRITE)
        return v;
    v.k = V_BITMAP;
    v.dx = (int)MIN(a[0].i, (gint64)G_MAXINT);
    v.dy = (int)MIN(a[1].i, (gint64)G_MAXINT);
    return v;
}

val dcs_bitmap_builtin(dspr_cs *c, val self, const char *name, const val *a, int n)
{
    GArray *parts = self.p;
    gboolean at_ints = n == 3 && a[1].k == V_INT && a[2].k == V_INT,
             at_point = n == 2 && a[1].k == V_POINT;
    if (strcmp(name, "DrawSprite") == 0 && (at_ints || at_point || n == 1) && a[0].k == V_SPRITE) {
        val s = sprite_copy(c, a[0]); /* DrawSprite(s): at (0, 0) */
        if (s.k != V_SPRITE ||
            !sprite_offset(s.p,
                           at_ints    ? a[1].i
                           : at_point ? a[1].dx
                                      : 0,
                           at_ints    ? a[2].i
                           : at_point ? a[1].dy
                                      : 0) ||
            !sprite_add(c, parts, s))
            taint(c, parts);
    } else {
        taint(c, parts); /* a line, a rectangle, a sprite's high or low half: not followed */
    }
    return dcs_vk(V_UNKNOWN);
}

/* `new Sprite(bitmap[, priority][, x, y | point])`: the canvas's parts moved by (x, y). */
static val sprite_of_bitmap(dspr_cs *c, const val *a, int n)
{
    int at = n >= 2 && a[1].k == V_BOOL ? 2 : 1; /* the priority: not drawn */
    gboolean xy = n == at + 2 && a[at].k == V_INT && a[at + 1].k == V_INT,
             point = n == at + 1 && a[at].k == V_POINT;
    if (n != at && !xy && !point)
        return dcs_vk(V_UNKNOWN);
    val s = sprite_copy(c, a[0]);
    gint64 dx = xy ? a[at].i : point ? a[at].dx : 0, dy = xy ? a[at + 1].i : point ? a[at].dy : 0;
    return s.k == V_SPRITE && sprite_offset(s.p, dx, dy) ? s : dcs_vk(V_UNKNOWN);
}

/* `new Sprite(a, b, ...)` / `new Sprite(LIST-OR-ARRAY)`: all the parts, in order; unknown when
 * one is not a known sprite. */
static val sprite_compose(dspr_cs *c, const val *a, int n)
{
    const val *items = a;
    guint count = (guint)n;
    if (n == 1 && a[0].k == V_ARRAY) {
        items = (const val *)(void *)((GArray *)a[0].p)->data;
        count = ((GArray *)a[0].p)->len;
    }
    for (guint i = 0; i < count; i++)
        if (items[i].k != V_SPRITE)
            return dcs_vk(V_UNKNOWN);
    val r = sprite_new(c);
    for (guint i = 0; r.k == V_SPRITE && i < count; i++)
        if (!sprite_add(c, r.p, items[i]))
            return dcs_vk(V_UNKNOWN);
    return r;
}

gboolean dcs_unknown_object(val v)
{
    return v.k == V_NAME && strcmp(v.p, "ObjectHelper.UnknownObject") == 0;
}

gboolean dcs_sprite_known(const dspr_cs *c, val s)
{
    const GArray *parts = s.p;
    for (guint i = 0; s.k == V_SPRITE && i < parts->len; i++)
        if (g_array_index(parts, dspr_ref, i).image < 0 ||
            g_array_index(parts, dspr_ref, i).image >= (int)c->def->images->len)
            return FALSE;
    return s.k == V_SPRITE;
}

val dcs_new_sprite(dspr_cs *c, const val *a, int n)
{
    if (n == 0)
        return sprite_new(c);
    if (dcs_unknown_object(a[0]) && n > 1 && n <= 5)
        return a[0]; /* the box moved or flipped is the box */
    if (a[0].k == V_BITMAP)
        return sprite_of_bitmap(c, a, n);
    if (n == 3 && a[0].k == V_SPRITE && a[1].k == V_BOOL && a[2].k == V_BOOL) {
        val s = sprite_copy(c, a[0]);
        if (s.k == V_SPRITE)
            sprite_flip(s.p, a[1].i != 0, a[2].i != 0);
        return s;
    }
    if (n == 3 && a[0].k == V_SPRITE && a[1].k == V_INT && a[2].k == V_INT) {
        val s = sprite_copy(c, a[0]);
        return s.k == V_SPRITE && sprite_offset(s.p, a[1].i, a[2].i) ? s : dcs_vk(V_UNKNOWN);
    }
    if (n == 2 && a[0].k == V_SPRITE && a[1].k == V_POINT) { /* new Sprite(s, new Point(x, y)) */
        val s = sprite_copy(c, a[0]);
        return s.k == V_SPRITE && sprite_offset(s.p, a[1].dx, a[1].dy) ? s : dcs_vk(V_UNKNOWN);
    }
    /* new Sprite(s, dx, dy, xflip, yflip) and (s, point, xflip, yflip): moved, then mirrored */
    gboolean moved5 = n == 5 && a[1].k == V_INT && a[2].k == V_INT,
             moved4 = n == 4 && a[1].k == V_POINT;
    if ((moved5 || moved4) && a[0].k == V_SPRITE && a[n - 2].k == V_BOOL && a[n - 1].k == V_BOOL) {
        val s = sprite_copy(c, a[0]);
        if (s.k != V_SPRITE ||
            !sprite_offset(s.p, moved5 ? a[1].i : a[1].dx, moved5 ? a[2].i : a[1].dy))
            return dcs_vk(V_UNKNOWN);
        sprite_flip(s.p, a[n - 2].i != 0, a[n - 1].i != 0);
        return s;
    }
    return sprite_compose(c, a, n);
}

val dcs_sprite_builtin(dspr_cs *c, val self, const char *name, const val *a, int n)
{
    GArray *parts = self.p;
    if (strcmp(name, "Offset") == 0 &&
        ((n == 2 && a[0].k == V_INT && a[1].k == V_INT) || (n == 1 && a[0].k == V_POINT))) {
        if (!sprite_offset(parts, n == 2 ? a[0].i : a[0].dx, n == 2 ? a[1].i : a[0].dy))
            g_array_set_size(parts, 0); /* not drawn: a box */
    } else if (strcmp(name, "Flip") == 0 && n == 2 && a[0].k == V_BOOL && a[1].k == V_BOOL) {
        sprite_flip(parts, a[0].i != 0, a[1].i != 0);
    } else if (strcmp(name, "InvertPriority") != 0 || n != 0) { /* priority: not drawn */
        g_array_set_size(parts, 0); /* an unknown change: what it draws cannot be told */
    }
    return dcs_vk(V_UNKNOWN);
}

gboolean dcs_sprite_refs(const dspr_cs *c, val s, GArray *refs)
{
    if (!dcs_sprite_known(c, s))
        return FALSE;
    const GArray *parts = s.p;
    guint had = refs->len;
    for (guint i = 0; i < parts->len; i++) {
        const dspr_ref *r = &g_array_index(parts, dspr_ref, i);
        if (abs(r->dx) < DSPR_MAX_REACH && abs(r->dy) < DSPR_MAX_REACH)
            g_array_append_val(refs, *r); /* a part farther from the object is not drawn */
    }
    return refs->len > had;
}
