/* SPDX-License-Identifier: MIT */
/* Game objects (docs/OBJECTS.md; section numbers refer to it): the marker table, the solid and
 * top-solid object routines of §3, touch hitboxes (§4), rings and ring loss (§5), springs (§6),
 * bridges (§7), platforms (§8), the spindash (§9), monitors (§10), spikes, the enemy (§11),
 * checkpoints and the goal (§12), and the state hash block (§13). */
#include "loopwright/objmap.h"
#include "objects-private.h"

#include <stdlib.h>
#include <string.h>

/* ---- the marker table (the type names: objects-load.c) ---- */

static const char *prop(const lw_object *o, const char *key)
{
    for (uint32_t i = 0; i < o->prop_count; i++)
        if (o->props[i].key && strcmp(o->props[i].key, key) == 0)
            return o->props[i].value ? o->props[i].value : "";
    return NULL;
}

/* A decimal integer in [lo, hi]; false when malformed or out of range. */
static bool parse_int(const char *s, int32_t lo, int32_t hi, int32_t *out)
{
    bool neg = false;
    if (*s == '-') {
        neg = true;
        s++;
    }
    if (!*s)
        return false;
    int64_t v = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > 1000000)
            return false;
        v = v * 10 + (*s - '0');
    }
    if (neg)
        v = -v;
    if (v < lo || v > hi)
        return false;
    *out = (int32_t)v;
    return true;
}

static int word_index(const char *s, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(s, words[i]) == 0)
            return i;
    return -1;
}

static bool bad(lw_error *err, const lw_object *o, const char *key, const char *value,
                const char *allowed)
{
    return lw_error_set(err, LW_ERR_RANGE, "object %u (%s): %s \"%s\" is not allowed (%s)",
                        (unsigned)o->id, o->name, key, value, allowed);
}

static bool word_prop(const lw_object *o, const char *key, const char *const *words, int n, int def,
                      const char *allowed, int *out, lw_error *err)
{
    const char *v = prop(o, key);
    if (!v) {
        *out = def;
        return true;
    }
    int i = word_index(v, words, n);
    if (i < 0)
        return bad(err, o, key, v, allowed);
    *out = i;
    return true;
}

static bool int_prop(const lw_object *o, const char *key, int32_t lo, int32_t hi, int32_t def,
                     const char *allowed, int32_t *out, lw_error *err)
{
    const char *v = prop(o, key);
    if (!v) {
        *out = def;
        return true;
    }
    if (!parse_int(v, lo, hi, out))
        return bad(err, o, key, v, allowed);
    return true;
}

bool lw_sim_object_from_marker(const lw_object *o, lw_sim_object *out, lw_error *err)
{
    static const char *const dirs[] = {"up",      "down",     "left",      "right",
                                       "up-left", "up-right", "down-left", "down-right"};
    static const char *const strengths[] = {"yellow", "red"};
    static const char *const contents[] = {"rings", "shield", "invincibility", "shoes", "1up"};
    static const char *const motions[] = {"static", "horizontal", "vertical", "falling",
                                          "collapsing"};
    memset(out, 0, sizeof *out);
    int type = o->type == LW_OBJECT_MARKER ? lw_obj_type_from_name(o->name) : -1;
    if (type < 0)
        return lw_error_set(err, LW_ERR_FORMAT, "object %u is not a game object", (unsigned)o->id);
    out->id = o->id;
    out->x = o->x;
    out->y = o->y;
    out->type = (uint8_t)type;
    out->period = 2;
    int w = 0;
    int32_t n = 0;
    switch ((lw_obj_type)type) {
    case LW_OBJ_SPRING:
        if (!word_prop(o, "direction", dirs, 8, 0, "up, down, left, right or a diagonal", &w, err))
            return false;
        out->dir = (uint8_t)w;
        out->speed = 0xA00;
        if (prop(o, "strength")) {
            /* "yellow" (10 px/frame), "red" (16) or a speed in whole px/frame */
            const char *v = prop(o, "strength");
            int i = word_index(v, strengths, 2);
            if (i >= 0) {
                out->variant = (uint8_t)i;
                out->speed = i ? 0x1000 : 0xA00;
            } else if (parse_int(v, 1, 16, &n)) {
                out->variant = n >= 16;
                out->speed = (int16_t)(n * 256);
            } else {
                return bad(err, o, "strength", v, "yellow, red or 1..16 px/frame");
            }
        }
        break;
    case LW_OBJ_SPIKES:
        if (!word_prop(o, "direction", dirs, 4, 0, "up, down, left or right", &w, err))
            return false;
        out->dir = (uint8_t)w;
        if (!int_prop(o, "width", 16, 128, 32, "16..128 px", &n, err))
            return false;
        out->half_w = (int16_t)(n / 2); /* along the base */
        break;
    case LW_OBJ_ENEMY:
        if (!word_prop(o, "direction", dirs, 4, 2, "left or right", &w, err))
            return false;
        if (w < LW_DIR8_LEFT)
            return bad(err, o, "direction", prop(o, "direction"), "left or right");
        out->dir = (uint8_t)w;
        break;
    case LW_OBJ_MONITOR:
        if (!word_prop(o, "contents", contents, 5, 0, "rings, shield, invincibility, shoes, 1up",
                       &w, err))
            return false;
        out->variant = (uint8_t)w;
        break;
    case LW_OBJ_PLATFORM:
        if (!word_prop(o, "motion", motions, 5, 0,
                       "static, horizontal, vertical, falling or collapsing", &w, err))
            return false;
        out->variant = (uint8_t)w;
        if (!int_prop(o, "width", 16, 512, 64, "16..512 px", &n, err))
            return false;
        out->half_w = (int16_t)(n / 2);
        if (!int_prop(o, "distance", -1024, 1024, 64, "-1024..1024 px", &n, err))
            return false;
        out->distance = (int16_t)n;
        if (!int_prop(o, "period", 2, 65535, 256, "2..65535 frames", &n, err))
            return false;
        out->period = (uint16_t)n;
        break;
    case LW_OBJ_BRIDGE:
        if (!int_prop(o, "logs", 1, 16, 12, "1..16", &n, err))
            return false;
        out->logs = (uint8_t)n;
        break;
    case LW_OBJ_RING:
        if (!int_prop(o, "count", 1, 64, 1, "1..64", &n, err))
            return false;
        out->logs = (uint8_t)n;
        if (!int_prop(o, "spacing", -256, 256, 24, "-256..256 px", &n, err))
            return false;
        out->distance = (int16_t)n;
        /* a disassembly ring record (docs/DISASM.md §8.3): "column" = "true" is vertical */
        bool column = prop(o, "column") && strcmp(prop(o, "column"), "true") == 0;
        if (column && !prop(o, "spacing"))
            out->distance = 0;
        if (!int_prop(o, "spacing-y", -256, 256, column ? 24 : 0, "-256..256 px", &n, err))
            return false;
        out->half_w = (int16_t)n; /* a ring row's Y step */
        break;
    case LW_OBJ_CHECKPOINT:
    case LW_OBJ_GOAL:
    case LW_OBJ_TYPE_COUNT:
        break;
    }
    return true;
}

/* The game, id, subtype and flips of a disassembly object marker (docs/DISASM.md §8.3:
 * "disasm" = "object", hex "id" and "subtype", "x_flip"/"y_flip") of an S1, S2 or S3K level; false
 * for any other object. @y_flip may be NULL (a plane switcher has no use for it). */
static bool disasm_fields(const lw_level *level, const lw_object *o, lw_objmap_game *game,
                          uint8_t *id_out, uint8_t *sub_out, bool *x_flip, bool *y_flip)
{
    if (o->type != LW_OBJECT_MARKER)
        return false;
    const char *d = prop(o, "disasm"), *id = prop(o, "id"), *sub = prop(o, "subtype");
    if (!d || strcmp(d, "object") != 0 || !id || !sub)
        return false;
    if (strcmp(level->profile, "s1") == 0)
        *game = LW_OBJMAP_S1;
    else if (strcmp(level->profile, "s2") == 0)
        *game = LW_OBJMAP_S2;
    else if (strcmp(level->profile, "s3k") == 0)
        *game = LW_OBJMAP_S3K;
    else
        return false;
    unsigned v[2] = {0, 0};
    const char *s[2] = {id, sub};
    for (int k = 0; k < 2; k++) {
        const char *p = s[k];
        if (p[0] != '0' || (p[1] != 'x' && p[1] != 'X') || !p[2])
            return false;
        for (p += 2; *p; p++) {
            unsigned digit = (*p >= '0' && *p <= '9')   ? (unsigned)(*p - '0')
                             : (*p >= 'a' && *p <= 'f') ? (unsigned)(*p - 'a' + 10)
                             : (*p >= 'A' && *p <= 'F') ? (unsigned)(*p - 'A' + 10)
                                                        : 16u;
            if (digit > 15 || v[k] > 0xFF)
                return false;
            v[k] = v[k] * 16 + digit;
        }
        if (v[k] > 0xFF)
            return false;
    }
    const char *xf = prop(o, "x_flip"), *yf = prop(o, "y_flip");
    *id_out = (uint8_t)v[0];
    *sub_out = (uint8_t)v[1];
    *x_flip = xf && strcmp(xf, "true") == 0;
    if (y_flip)
        *y_flip = yf && strcmp(yf, "true") == 0;
    return true;
}

bool lwi_objects_swapper_from_marker(const lw_level *level, const lw_object *o, lw_sim_swapper *sw)
{
    lw_objmap_game game;
    uint8_t id, sub;
    bool xf;
    if (!disasm_fields(level, o, &game, &id, &sub, &xf, NULL) || game != LW_OBJMAP_S2 || id != 0x03)
        return false;
    /* S2 Obj03 (collision plane switcher): subtype bits 0-1 the half-length (32, 64, 128,
     * 256 px), bit 2 a horizontal line (crossed up/down), bit 3 the path on the right/lower
     * side (set: B), bit 4 on the left/upper side, bit 7 only while on the ground; an X-flipped
     * switcher changes only the sprite priority, never the path. */
    static const uint16_t radius[4] = {32, 64, 128, 256};
    memset(sw, 0, sizeof *sw);
    sw->x = o->x;
    sw->y = o->y;
    sw->radius = radius[sub & 3u];
    sw->horizontal = (sub & 4u) != 0;
    sw->path[1] = (sub & 8u) ? LW_PATH_B : LW_PATH_A;
    sw->path[0] = (sub & 16u) ? LW_PATH_B : LW_PATH_A;
    sw->grounded_only = (sub & 0x80u) != 0;
    sw->priority_only = xf;
    return true;
}

/* A disassembly object marker of an S1 or S2 level mapped to a game object (§16) in @tmp,
 * whose strings live in @m; false when it has no counterpart. */
static bool disasm_marker(const lw_level *level, const lw_object *o, lw_objmap_marker *m,
                          lw_property props[3], lw_object *tmp)
{
    lw_objmap_game game;
    uint8_t id, sub;
    bool xf, yf;
    if (!disasm_fields(level, o, &game, &id, &sub, &xf, &yf) ||
        !lw_objmap_lookup(game, id, sub, xf, yf, m))
        return false;
    *tmp = *o;
    tmp->name = (char *)m->name;
    for (uint32_t i = 0; i < m->prop_count; i++)
        props[i] = (lw_property){(char *)m->keys[i], (char *)m->values[i]};
    tmp->props = props;
    tmp->prop_count = m->prop_count;
    return true;
}

/* The game object a level object stands for, in @tmp (a marker of a known type, or a mapped
 * disassembly object); NULL when none. */
static const lw_object *game_marker(const lw_level *level, const lw_object *o, lw_objmap_marker *m,
                                    lw_property props[3], lw_object *tmp)
{
    if (o->type == LW_OBJECT_MARKER && lw_obj_type_from_name(o->name) >= 0)
        return o;
    return disasm_marker(level, o, m, props, tmp) ? tmp : NULL;
}

int lwi_objects_from_level(const lw_level *level, uint32_t i, lw_sim_object *out, lw_error *err)
{
    lw_objmap_marker m;
    lw_property props[3];
    lw_object tmp;
    const lw_object *o = game_marker(level, &level->objects[i], &m, props, &tmp);
    if (!o)
        return 0;
    return lw_sim_object_from_marker(o, out, err) ? 1 : -1;
}

int lwi_objects_source_read(const lwi_obj_source *src, uint32_t i, lw_sim_object *out,
                            lw_error *err)
{
    if (!src->typed)
        return lwi_objects_from_level(src->level, i, out, err);
    return lwi_objects_record_read(&src->records[i], out, err) ? 1 : -1;
}

/* ---- the culling index (§1.3), built once at init in the table's block ---- */

/* After object @i's own update: its awake bit follows its state (§1.3). A gone object with no
 * countdown left never does anything again. */
static inline void awake_update(lw_game_state *g, uint32_t i)
{
    const lw_obj_state *s = &g->obj[i];
    bool awake = (s->flags | s->timer | s->aux) != 0 && (!(s->flags & LW_OBJF_GONE) || s->timer);
    uint64_t bit = 1ull << (i & 63u);
    if (awake)
        g->awake[i >> 6] |= bit;
    else
        g->awake[i >> 6] &= ~bit;
}

static inline void awake_set(lw_game_state *g, uint32_t i)
{
    g->awake[i >> 6] |= 1ull << (i & 63u);
}

/* The first of the @n sorted @xs that is >= @x (binary search). */
static inline uint32_t lower_bound(const int32_t *xs, uint32_t n, int64_t x)
{
    uint32_t lo = 0, hi = n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (xs[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* @b for @x over the @n sorted @xs: kept while it holds, else stepped from where it was, or
 * searched afresh when @jump. */
static inline void bound_to(lwi_cull_bound *b, const int32_t *xs, uint32_t n, int64_t x, bool jump)
{
    if (!jump && x > b->lo && x <= b->hi)
        return;
    uint32_t i = b->i;
    if (jump) {
        i = lower_bound(xs, n, x);
    } else {
        while (i < n && xs[i] < x)
            i++;
        while (i > 0 && xs[i - 1] >= x)
            i--;
    }
    b->i = i;
    b->lo = i > 0 ? xs[i - 1] : INT64_MIN;
    b->hi = i < n ? xs[i] : INT64_MAX;
}

/* A kept X for ranges found for @old (@valid): the same X, a step of at most 64 px, or a jump
 * (a reset, a rewind) after which the bounds are searched afresh (the result is the same). */
static inline bool is_jump(bool valid, int32_t old, int32_t px)
{
    return !valid || px - old > 64 || old - px > 64;
}

/* The culling window's and the near range's bounds for the player at pixel X @px. */
static inline __attribute__((always_inline)) const lwi_obj_cull *window_ranges(const lw_sim *sim,
                                                                               int32_t px)
{
    lwi_obj_cull *c = lwi_cull_of(sim);
    if (c->wvalid && px == c->wpx)
        return c;
    bool jump = is_jump(c->wvalid, c->wpx, px);
    int64_t x = px;
    bound_to(&c->first, c->xs, sim->object_count, x - LW_OBJ_CULL_PX, jump);
    bound_to(&c->last, c->xs, sim->object_count, x + LW_OBJ_CULL_PX, jump);
    bound_to(&c->n0, c->idler_x, c->idler_count, x - c->max_reach, jump);
    bound_to(&c->n1, c->idler_x, c->idler_count, x + c->max_reach + 1, jump);
    c->wpx = px;
    c->wvalid = true;
    return c;
}

/* @v clamped to the int32_t range. */
static inline int64_t clamp32(int64_t v)
{
    return v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v;
}

/* The touch range's bounds for the player at pixel X @px. */
static inline __attribute__((always_inline)) const lwi_obj_cull *touch_range(const lw_sim *sim,
                                                                             int32_t px)
{
    lwi_obj_cull *c = lwi_cull_of(sim);
    if (c->tvalid && (uint32_t)px - (uint32_t)c->tlo <= c->tspan)
        return c;
    bool jump = is_jump(c->tvalid, c->tpx, px);
    bound_to(&c->t0, c->toucher_x, c->toucher_count, (int64_t)px - LW_OBJ_TOUCH_PX, jump);
    bound_to(&c->t1, c->toucher_x, c->toucher_count, (int64_t)px + LW_OBJ_TOUCH_PX, jump);
    /* t0 holds for lo < X - T <= hi, t1 for lo < X + T <= hi: both on (lo, hi] */
    int64_t lo0 = c->t0.lo == INT64_MIN ? INT64_MIN : c->t0.lo + LW_OBJ_TOUCH_PX;
    int64_t lo1 = c->t1.lo == INT64_MIN ? INT64_MIN : c->t1.lo - LW_OBJ_TOUCH_PX;
    int64_t hi0 = c->t0.hi == INT64_MAX ? INT64_MAX : c->t0.hi + LW_OBJ_TOUCH_PX;
    int64_t hi1 = c->t1.hi == INT64_MAX ? INT64_MAX : c->t1.hi - LW_OBJ_TOUCH_PX;
    int64_t lo = clamp32((lo0 > lo1 ? lo0 : lo1) + 1), hi = clamp32(hi0 < hi1 ? hi0 : hi1);
    c->tlo = (int32_t)lo;
    c->tspan = (uint32_t)(hi - lo);
    c->tpx = px;
    c->tvalid = true;
    return c;
}

/* Each instance of game object @so (a ring row is one instance a ring) at its place. */
static uint32_t instances(const lw_sim_object *so)
{
    return so->type == LW_OBJ_RING ? so->logs : 1u;
}

/* Update reach (§1.3: what the culling loop may skip): in X the solid box plus the player's
 * push radius and a margin for one frame of motion; in Y the box's vertical extent, to which
 * the loop adds the player's radius and a 64 px margin. */
static void set_reach(lw_sim_object *o)
{
    int32_t r = 0, h = 0;
    bool top_solid = false;
    o->runs = 1;
    switch ((lw_obj_type)o->type) {
    case LW_OBJ_SPRING:
        r = 16 + 40 + 32; /* also the horizontal springs' 40 px trigger area */
        h = (o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT) ? 24 /* trigger ±24 */
            : o->dir >= LW_DIR8_UP_LEFT                         ? 16
                                                                : 8;
        break;
    case LW_OBJ_SPIKES:
        r = o->half_w + 16 + 32;
        h = (o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT) ? o->half_w : 16;
        break;
    case LW_OBJ_MONITOR:
        r = 16 + 32;
        h = 15;
        break;
    case LW_OBJ_PLATFORM:
        r = o->half_w + 32;
        o->busy = o->variant == LW_PLATFORM_HORIZONTAL || o->variant == LW_PLATFORM_VERTICAL;
        top_solid = true;
        break;
    case LW_OBJ_BRIDGE:
        r = 8 * o->logs + 8 + 32;
        top_solid = true;
        break;
    case LW_OBJ_ENEMY:
        o->busy = 1;
        break;
    case LW_OBJ_RING:
    case LW_OBJ_CHECKPOINT:
    case LW_OBJ_GOAL:
    case LW_OBJ_TYPE_COUNT:
        o->runs = 0;
        break;
    }
    /* (at most 288 px with the properties' ranges; the object phase relies on reach staying
     * inside the culling window) */
    if (r > LW_OBJ_CULL_PX - 1)
        r = LW_OBJ_CULL_PX - 1;
    o->reach = (uint16_t)r;
    if (top_solid) {
        /* §3.3: lands when py - oy is in [-12 - hr, 4 - hr] */
        o->near_c = 12;
        o->near_span = 16;
    } else {
        /* §3.1: d3 = py - oy + 4 + (h + hr) in [0, 2 (h + hr)) modulo 2048 */
        o->near_c = (int16_t)(4 + h);
        o->near_span = (uint16_t)(2 * h);
    }
}

/* The game objects of @src: a count (ring rows expanded) and their x range; false on a bad
 * property or record, or over the limit. */
static bool count_objects(const lwi_obj_source *src, uint32_t *count_out, int32_t *xmin,
                          int32_t *xmax, lw_error *err)
{
    uint32_t count = 0;
    *xmin = INT32_MAX;
    *xmax = INT32_MIN;
    for (uint32_t i = 0; i < lwi_objects_source_count(src) && count <= LW_SIM_MAX_OBJECTS; i++) {
        lw_sim_object so;
        int got = lwi_objects_source_read(src, i, &so, err);
        if (got < 0)
            return false;
        if (!got)
            continue;
        uint32_t n = instances(&so);
        int32_t x_last = so.x + (int32_t)(n - 1) * so.distance;
        int32_t lo = so.x < x_last ? so.x : x_last, hi = so.x < x_last ? x_last : so.x;
        *xmin = lo < *xmin ? lo : *xmin;
        *xmax = hi > *xmax ? hi : *xmax;
        count += n;
    }
    if (count > LW_SIM_MAX_OBJECTS)
        return lw_error_set(err, LW_ERR_LIMIT,
                            "the level has %u game objects; the simulation supports %u", count,
                            (unsigned)LW_SIM_MAX_OBJECTS);
    *count_out = count;
    return true;
}

/* The culling index of the sorted table (§1.3). */
static void build_cull(lw_sim *sim, lwi_obj_cull *c, int32_t *xs)
{
    uint32_t n = sim->object_count;
    uint32_t e = 0, m = 0;
    for (uint32_t i = 0; i < n; i++) {
        const lw_sim_object *o = &sim->objects[i];
        xs[i] = o->x;
        c->enemy_rank[i] = e;
        if (o->type == LW_OBJ_ENEMY)
            sim->enemies[e++] = i;
        c->mover_rank[i] = m;
        if (o->type != LW_OBJ_ENEMY && o->busy)
            c->movers[m++] = i;
        if (o->runs)
            c->runnable++;
        if (o->runs && !o->busy) {
            c->idler_x[c->idler_count] = o->x;
            c->idlers[c->idler_count++] =
                (lwi_idle_near){o->x - o->reach, 2u * o->reach, o->near_c, o->near_span, i};
            if (o->reach > c->max_reach)
                c->max_reach = o->reach;
        }
        if (o->type == LW_OBJ_RING || o->type == LW_OBJ_MONITOR || o->type == LW_OBJ_CHECKPOINT ||
            o->type == LW_OBJ_GOAL) {
            c->toucher_x[c->toucher_count] = o->x;
            c->touchers[c->toucher_count++] = i;
        }
    }
    c->enemy_rank[n] = e;
    c->mover_rank[n] = m;
    sim->enemy_count = e;
    c->xs = xs;
}

bool lwi_objects_init_from(lw_sim *sim, const lwi_obj_source *src, lw_error *err)
{
    uint32_t count = 0;
    int32_t xmin = 0, xmax = 0;
    if (!count_objects(src, &count, &xmin, &xmax, err))
        return false;
    if (!count)
        return true;
    /* one block: the table, the reset states, the culling index and its arrays */
    size_t size = count * (sizeof *sim->objects + sizeof *sim->initial) + sizeof(lwi_obj_cull) +
                  count * (sizeof(lwi_enemy_memo) + sizeof(lwi_idle_near)) +
                  ((size_t)8 * count + 2u) * sizeof(uint32_t);
    sim->objects = calloc(1, size);
    if (!sim->objects)
        return lw_error_set(err, LW_ERR_NOMEM, NULL);
    sim->initial = (lw_obj_state *)(void *)(sim->objects + count);
    lwi_obj_cull *c = (lwi_obj_cull *)(void *)(sim->initial + count);
    c->memo = (lwi_enemy_memo *)(void *)(c + 1);
    c->idlers = (lwi_idle_near *)(void *)(c->memo + count);
    sim->enemies = (uint32_t *)(void *)(c->idlers + count);
    c->enemy_rank = sim->enemies + count;
    c->touchers = c->enemy_rank + count + 1;
    c->movers = c->touchers + count;
    c->mover_rank = c->movers + count;
    int32_t *xs = (int32_t *)(void *)(c->mover_rank + count + 1);
    c->idler_x = xs + count;
    c->toucher_x = c->idler_x + count;
    for (uint32_t i = 0; i < lwi_objects_source_count(src); i++) {
        lw_sim_object so;
        if (lwi_objects_source_read(src, i, &so, err) != 1)
            continue; /* checked above */
        set_reach(&so);
        for (uint32_t k = 0; k < instances(&so); k++) {
            lw_sim_object *d = &sim->objects[sim->object_count++];
            *d = so;
            d->x = so.x + (int32_t)k * so.distance;
            if (so.type == LW_OBJ_RING)
                d->y = so.y + (int32_t)k * so.half_w;
        }
    }
    /* Insertion sort by x keeps level order among equal x (deterministic, no qsort). */
    for (uint32_t i = 1; i < sim->object_count; i++) {
        lw_sim_object v = sim->objects[i];
        uint32_t j = i;
        while (j > 0 && sim->objects[j - 1].x > v.x) {
            sim->objects[j] = sim->objects[j - 1];
            j--;
        }
        sim->objects[j] = v;
    }
    build_cull(sim, c, xs);
    return true;
}

/* ---- small helpers ---- */

static inline lw_game_state *game(lw_sim *sim)
{
    return &sim->state.game;
}

static inline int32_t px_of(int32_t v)
{
    return v >> 8;
}

/* §3.1: the solid box of a type: half-width without the player (d1 - push_radius - 1), half
 * height for the collision (d2), standing height (d3) and the landing half-width (wp). */
typedef struct solid_box {
    int32_t w, h, stand, land_w;
} solid_box;

static solid_box box_of(const lw_sim_object *o)
{
    switch (o->type) {
    case LW_OBJ_SPRING:
        if (o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT)
            return (solid_box){8, 14, 15, 8};
        if (o->dir >= LW_DIR8_UP_LEFT)
            return (solid_box){16, 16, 17, 16};
        return (solid_box){16, 8, 16, 16};
    case LW_OBJ_SPIKES:
        if (o->dir == LW_DIR8_LEFT || o->dir == LW_DIR8_RIGHT)
            return (solid_box){16, o->half_w, o->half_w + 1, 16};
        return (solid_box){o->half_w, 16, 17, o->half_w};
    case LW_OBJ_MONITOR:
        return (solid_box){15, 15, 16, 14};
    default:
        return (solid_box){0, 0, 0, 0};
    }
}

/* ---- resetting ---- */

static int32_t floor_distance(const lw_sim *sim, int32_t x, int32_t y)
{
    return lw_sensor_floor_distance(sim->level, LW_PATH_A, x, y, LW_SOLID_TOP);
}

void lwi_objects_reset(lw_sim *sim)
{
    lw_game_state *g = game(sim);
    g->respawn_x = sim->state.player.x >> 8;
    g->respawn_y = sim->state.player.y >> 8;
    for (uint32_t i = 0; i < sim->object_count; i++) {
        const lw_sim_object *o = &sim->objects[i];
        lw_obj_state *s = &g->obj[i];
        s->x = o->x * LW_SUBPX;
        s->y = o->y * LW_SUBPX;
        if (o->type == LW_OBJ_ENEMY) {
            s->xsp = o->dir == LW_DIR8_LEFT ? -0x100 : 0x100;
            if (o->dir == LW_DIR8_LEFT)
                s->flags |= LW_OBJF_FLIP;
            /* §11: placed on the floor below its spot (within 32 px) */
            int32_t d = floor_distance(sim, o->x, o->y + 14);
            if (d > -16 && d < 32)
                s->y += d * LW_SUBPX;
        }
        sim->initial[i] = *s;
    }
    if (sim->object_count)
        lw_sim_terrain_changed(sim);
}

void lw_sim_terrain_changed(lw_sim *sim)
{
    if (!sim->object_count)
        return;
    lwi_obj_cull *c = lwi_cull_of(sim);
    for (uint32_t k = 0; k < sim->enemy_count; k++)
        c->memo[k].bx = LWI_MEMO_EMPTY;
}

/* ---- §3 solid objects (S2 SolidObject / PlatformObject) ---- */

static void set_ride(lw_sim *sim, uint32_t i)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = game(sim);
    if (g->on_object && g->on_object != i + 1)
        g->obj[g->on_object - 1].flags &= (uint8_t)~LW_OBJF_STANDING;
    g->on_object = (uint16_t)(i + 1);
    g->obj[i].flags |= LW_OBJF_STANDING;
    pl->angle = 0;
    pl->ysp = 0;
    pl->gsp = pl->xsp;
    if (pl->airborne) {
        lwi_phys_reset_on_floor(sim);
        sim->debug.landed = true;
    }
}

static void leave(lw_sim *sim, uint32_t i)
{
    lw_game_state *g = game(sim);
    g->obj[i].flags &= (uint8_t)~LW_OBJF_STANDING;
    if (g->on_object == i + 1) {
        g->on_object = 0;
        sim->state.player.airborne = true;
    }
}

static bool standing_on(lw_sim *sim, uint32_t i)
{
    return game(sim)->on_object == i + 1;
}

/* Result of a solid check. */
enum { SOLID_NONE = 0, SOLID_SIDE = 1, SOLID_TOP = -1, SOLID_BOTTOM = -2 };

/* A standing player: still on it (moved with it, returns true) or off the edge (airborne). */
static bool keep_standing(lw_sim *sim, uint32_t i, int32_t d1, int32_t top_px, int32_t prev_x)
{
    lw_player *pl = &sim->state.player;
    int32_t ox = px_of(game(sim)->obj[i].x);
    int32_t rel = px_of(pl->x) - ox + d1;
    if (pl->airborne || rel < 0 || rel >= 2 * d1) {
        leave(sim, i);
        return false;
    }
    pl->y = (top_px - pl->hr) * LW_SUBPX + (pl->y & 0xFF);
    pl->x -= (prev_x - ox) * LW_SUBPX;
    sim->debug.touched = (uint16_t)(i + 1);
    return true;
}

static int solid_object(lw_sim *sim, uint32_t i, solid_box b, int32_t prev_x)
{
    lw_player *pl = &sim->state.player;
    lw_obj_state *s = &game(sim)->obj[i];
    int32_t ox = px_of(s->x), oy = px_of(s->y);
    int32_t d1 = b.w + sim->profile.push_radius + 1;
    if (standing_on(sim, i)) {
        keep_standing(sim, i, d1, oy - b.stand, prev_x);
        return SOLID_NONE;
    }
    int32_t px = px_of(pl->x), py = px_of(pl->y);
    int32_t d0 = px - ox + d1;
    if (d0 < 0 || d0 > 2 * d1)
        goto clear_push;
    int32_t d2 = b.h + pl->hr;
    int32_t d3 = py - oy + 4 + d2;
    if (d3 < 0)
        goto clear_push;
    d3 &= 0x7FF;
    int32_t d4 = 2 * d2;
    if (d3 >= d4)
        goto clear_push;
    sim->debug.touched = (uint16_t)(i + 1);
    int32_t d5 = d0;
    if (d0 > d1) {
        d0 -= 2 * d1;
        d5 = -d0;
    }
    int32_t dv = d3;
    if (d3 > d2) {
        d3 = d3 - 4 - d4;
        dv = -d3;
    }
    if (d5 > dv)
        goto top_bottom;
left_right:
    if (dv <= 4)
        goto side_air;
    if (d0 != 0) {
        bool stop = d0 > 0 ? pl->xsp >= 0 : pl->xsp < 0;
        if (stop) {
            pl->gsp = 0;
            pl->xsp = 0;
        }
    }
    pl->x -= d0 * LW_SUBPX;
    if (pl->airborne)
        goto side_air;
    s->flags |= LW_OBJF_PUSHING;
    pl->pushing = true;
    return SOLID_SIDE;
side_air:
    s->flags &= (uint8_t)~LW_OBJF_PUSHING;
    pl->pushing = false;
    return SOLID_SIDE;
top_bottom:
    if (d3 < 0) {
        if (pl->ysp == 0) {
            if (!pl->airborne) {
                if (lwi_abs32(d0) < 16)
                    goto left_right;
                /* crushed: the originals kill the player (OBJECTS.md §3.1) */
                sim->state.status = LW_SIM_DEAD;
            }
            return SOLID_BOTTOM;
        }
        if (pl->ysp < 0) {
            pl->y -= d3 * LW_SUBPX;
            pl->ysp = 0;
        }
        return SOLID_BOTTOM;
    }
    if (d3 < 16) {
        d3 -= 4;
        int32_t rel = px - ox + b.land_w;
        if (rel < 0 || rel >= 2 * b.land_w || pl->ysp < 0)
            return SOLID_NONE;
        pl->y -= (d3 + 1) * LW_SUBPX;
        set_ride(sim, i);
        return SOLID_TOP;
    }
clear_push:
    if (s->flags & LW_OBJF_PUSHING) {
        s->flags &= (uint8_t)~LW_OBJF_PUSHING;
        pl->pushing = false;
    }
    return SOLID_NONE;
}

/* S2 PlatformObject: top-solid. @d1 half-width (no player radius), @top_px the surface. */
static bool platform_land(lw_sim *sim, uint32_t i, int32_t ox, int32_t d1, int32_t top_px)
{
    lw_player *pl = &sim->state.player;
    if (pl->ysp < 0)
        return false;
    int32_t rel = px_of(pl->x) - ox + d1;
    if (rel < 0 || rel >= 2 * d1)
        return false;
    int32_t py = px_of(pl->y);
    int32_t d0 = top_px - (py + pl->hr + 4);
    if (d0 > 0 || d0 < -16)
        return false;
    pl->y += (d0 + 3) * LW_SUBPX;
    set_ride(sim, i);
    sim->debug.touched = (uint16_t)(i + 1);
    return true;
}

/* ---- §4 hurting the player ---- */

static void spill_rings(lw_sim *sim);

/* S2 HurtCharacter: @src_x is the hurting object's pixel X. */
static void hurt(lw_sim *sim, int32_t src_x)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = game(sim);
    if (g->invincible || g->invuln || g->hurt)
        return;
    if (g->shield) {
        g->shield = LW_SHIELD_NONE;
    } else if (g->rings == 0) {
        sim->state.status = LW_SIM_DEAD;
        g->events |= LW_EVENT_HURT;
        return;
    } else {
        spill_rings(sim);
    }
    if (g->on_object) {
        g->obj[g->on_object - 1].flags &= (uint8_t)~LW_OBJF_STANDING;
        g->on_object = 0;
    }
    if (!pl->airborne || pl->rolling)
        lwi_phys_reset_on_floor(sim);
    g->spindash = 0;
    pl->airborne = true;
    pl->ysp = -0x400;
    pl->xsp = px_of(pl->x) < src_x ? -0x200 : 0x200;
    pl->gsp = 0;
    g->hurt = 1;
    g->invuln = 120;
    g->events |= LW_EVENT_HURT;
}

/* ---- §5 rings ---- */

static void spill_rings(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = game(sim);
    uint32_t n = g->rings < LW_SIM_MAX_SPILL ? g->rings : LW_SIM_MAX_SPILL;
    /* §5.2: pairs mirrored in X, angle 0x88 + 0x10 per pair, 4x then 2x the sine table */
    for (uint32_t k = 0; k < n; k++) {
        uint32_t pair = (k & 15u) >> 1;
        int shift = k < 16 ? 2 : 1;
        uint8_t a = (uint8_t)(0x88 + 0x10 * pair);
        int32_t xs = lw_sine_table[a] * (1 << shift);
        int32_t ys = lw_sine_table[(uint8_t)(a + 0x40)] * (1 << shift);
        lw_spill_ring *r = &g->spill[k];
        r->x = (pl->x >> 8) * LW_SUBPX;
        r->y = (pl->y >> 8) * LW_SUBPX;
        r->xsp = (int16_t)((k & 1u) ? -xs : xs);
        r->ysp = (int16_t)ys;
    }
    g->spill_count = (uint16_t)n;
    g->spill_timer = 0xFF;
    g->rings = 0;
}

static void run_spill(lw_sim *sim)
{
    lw_game_state *g = game(sim);
    if (!g->spill_count)
        return;
    if (--g->spill_timer == 0) {
        g->spill_count = 0;
        return;
    }
    int32_t bottom = lw_level_height_px(sim->level) + sim->profile.kill_margin;
    uint32_t mask = (uint32_t)sim->profile.ring_check_mask;
    for (uint32_t k = 0; k < g->spill_count; k++) {
        lw_spill_ring *r = &g->spill[k];
        if (r->y == INT32_MIN)
            continue;
        r->x += r->xsp;
        r->y += r->ysp;
        int32_t ysp = r->ysp + 0x18;
        if (ysp >= 0 && ((sim->state.frame + k) & mask) == 0) {
            int32_t d = floor_distance(sim, px_of(r->x), px_of(r->y) + 8);
            if (d < 0) {
                r->y += d * LW_SUBPX;
                ysp = -(ysp - (ysp >> 2));
            }
        }
        r->ysp = (int16_t)(ysp > 32767 ? 32767 : ysp);
        if (px_of(r->y) > bottom)
            r->y = INT32_MIN; /* fell out: gone */
    }
}

/* ---- §4 touch hitboxes ---- */

/* S2 TouchResponse overlap: the player's box x-8..x+8, y-(hr-3)..y+(hr-3) against an object's
 * (ow, oh) radii, edges included. */
static inline bool touches(const lw_player *pl, int32_t ox, int32_t oy, int32_t ow, int32_t oh)
{
    int32_t px = px_of(pl->x), py = px_of(pl->y);
    int32_t ph = pl->hr - 3;
    int32_t l = ox - ow - (px - 8);
    if (l >= 0 ? l > 16 : l + 2 * ow < 0)
        return false;
    int32_t t = oy - oh - (py - ph);
    if (t >= 0 ? t > 2 * ph : t + 2 * oh < 0)
        return false;
    return true;
}

static void break_monitor(lw_sim *sim, uint32_t i)
{
    lw_obj_state *s = &game(sim)->obj[i];
    s->flags |= LW_OBJF_GONE;
    s->timer = 32; /* the icon rises for 32 frames (0x300 / 0x18) before it takes effect */
    game(sim)->events |= LW_EVENT_MONITOR;
    if (standing_on(sim, i))
        leave(sim, i);
}

static void kill_enemy(lw_sim *sim, uint32_t i)
{
    static const uint16_t points[4] = {100, 200, 500, 1000};
    lw_player *pl = &sim->state.player;
    lw_game_state *g = game(sim);
    lw_obj_state *s = &g->obj[i];
    s->flags |= LW_OBJF_GONE;
    g->score += g->chain >= 16 ? 10000u : points[g->chain < 3 ? g->chain : 3];
    if (g->chain < 255)
        g->chain++;
    g->events |= LW_EVENT_ENEMY;
    /* S2 Touch_KillEnemy rebound */
    if (pl->ysp < 0)
        pl->ysp += 0x100;
    else if (px_of(pl->y) >= px_of(s->y))
        pl->ysp -= 0x100;
    else
        pl->ysp = -pl->ysp;
}

/* One object's touch test (§4.1); false once the run is over. */
static bool touch_one(lw_sim *sim, uint32_t i, int32_t px, bool *first_done)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = game(sim);
    const lw_sim_object *o = &sim->objects[i];
    lw_obj_state *s = &g->obj[i];
    if (s->flags & LW_OBJF_GONE)
        return true;
    int32_t ox = px_of(s->x), oy = px_of(s->y);
    switch (o->type) {
    case LW_OBJ_RING:
        if (g->invuln < 90 && touches(pl, ox, oy, 6, 6)) {
            s->flags |= LW_OBJF_GONE;
            if (g->rings < 999)
                g->rings++;
            g->events |= LW_EVENT_RING;
            sim->debug.touched = (uint16_t)(i + 1);
        }
        break;
    case LW_OBJ_MONITOR:
        if (*first_done || !touches(pl, ox, oy, 16, 16))
            break;
        *first_done = true;
        sim->debug.touched = (uint16_t)(i + 1);
        if (pl->ysp < 0) {
            /* from below: only when the centre is 16 px under the monitor's */
            if (px_of(pl->y) - 16 < oy)
                break;
            pl->ysp = -pl->ysp;
            s->ysp = -0x180;
            s->flags |= LW_OBJF_TRIGGERED; /* knocked up: falls back (§10) */
            awake_set(g, i);
        } else if (pl->rolling) {
            pl->ysp = -pl->ysp;
            break_monitor(sim, i);
            awake_set(g, i);
        }
        break;
    case LW_OBJ_ENEMY:
        if (*first_done || !touches(pl, ox, oy, 16, 14))
            break;
        *first_done = true;
        sim->debug.touched = (uint16_t)(i + 1);
        if (g->invincible || pl->rolling || g->spindash)
            kill_enemy(sim, i);
        else
            hurt(sim, ox);
        break;
    case LW_OBJ_CHECKPOINT:
        if (!(s->flags & LW_OBJF_TRIGGERED) && px - ox + 8 >= 0 && px - ox + 8 < 16 &&
            px_of(pl->y) - oy + 64 >= 0 && px_of(pl->y) - oy + 64 < 104) {
            s->flags |= LW_OBJF_TRIGGERED;
            g->checkpoint = (uint16_t)(i + 1);
            g->respawn_x = ox;
            g->respawn_y = oy;
            g->events |= LW_EVENT_CHECKPOINT;
            sim->debug.touched = (uint16_t)(i + 1);
        }
        break;
    case LW_OBJ_GOAL:
        if (!(s->flags & LW_OBJF_TRIGGERED) && px - ox >= 0 && px - ox < 32) {
            s->flags |= LW_OBJF_TRIGGERED;
            g->events |= LW_EVENT_GOAL;
            sim->state.status = LW_SIM_FINISHED;
            sim->debug.touched = (uint16_t)(i + 1);
        }
        break;
    default:
        break;
    }
    return sim->state.status == LW_SIM_RUNNING;
}

void lwi_objects_touch(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    lw_game_state *g = game(sim);
    if (g->hurt || sim->state.status != LW_SIM_RUNNING)
        return;
    int32_t px = px_of(pl->x);
    bool first_done = false;
    if (sim->object_count) {
        /* Objects that stay at their origin touch only within LW_OBJ_TOUCH_PX of the player;
         * the enemies (which walk) come after them, from their own list, within the culling
         * window (§4.1). Placed rings: every overlapping one (S2 Touch_Rings). */
        const lwi_obj_cull *c = touch_range(sim, px);
        if (c->reference) {
            c = window_ranges(sim, px);
            for (uint32_t i = c->first.i; i < c->last.i; i++) {
                uint8_t type = sim->objects[i].type;
                if (type == LW_OBJ_RING || type == LW_OBJ_MONITOR || type == LW_OBJ_CHECKPOINT ||
                    type == LW_OBJ_GOAL)
                    if (!touch_one(sim, i, px, &first_done))
                        return;
            }
        } else {
            for (uint32_t k = c->t0.i; k < c->t1.i; k++) {
                uint32_t i = c->touchers[k];
                const lw_obj_state *s = &g->obj[i];
                if (s->flags & LW_OBJF_GONE)
                    continue;
                /* the rings' and monitors' hitbox first (touch_one tests it again) */
                uint8_t type = sim->objects[i].type;
                if (type == LW_OBJ_RING
                        ? g->invuln >= 90 || !touches(pl, px_of(s->x), px_of(s->y), 6, 6)
                        : type == LW_OBJ_MONITOR &&
                              (first_done || !touches(pl, px_of(s->x), px_of(s->y), 16, 16)))
                    continue;
                if (!touch_one(sim, i, px, &first_done))
                    return;
            }
        }
        if (sim->enemy_count)
            c = window_ranges(sim, px);
        uint32_t k0 = sim->enemy_count ? c->enemy_rank[c->first.i] : 0;
        uint32_t k1 = sim->enemy_count ? c->enemy_rank[c->last.i] : 0;
        const uint32_t *enemies = sim->enemies;
        const lw_obj_state *os = g->obj;
        for (uint32_t k = first_done ? k1 : k0; k < k1; k++) {
            const lw_obj_state *s = &os[enemies[k]];
            /* the hitbox test first (touch_one tests it again): |ex - px| <= 8 + 16, then both
             * intervals; an enemy that overlaps is the frame's one touch (first_done) */
            if ((uint32_t)(px_of(s->x) - px + 24) > 48u || (s->flags & LW_OBJF_GONE) ||
                !touches(pl, px_of(s->x), px_of(s->y), 16, 14))
                continue;
            if (!touch_one(sim, enemies[k], px, &first_done))
                return;
            break;
        }
    }
    /* scattered rings: one per frame, as any touch-list object */
    if (!first_done && g->invuln < 90) {
        for (uint32_t k = 0; k < g->spill_count; k++) {
            lw_spill_ring *r = &g->spill[k];
            if (r->y == INT32_MIN || !touches(pl, px_of(r->x), px_of(r->y), 6, 6))
                continue;
            r->y = INT32_MIN;
            if (g->rings < 999)
                g->rings++;
            g->events |= LW_EVENT_RING;
            break;
        }
    }
}

/* ---- §6 springs ---- */

static void spring_launch(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_player *pl = &sim->state.player;
    lw_game_state *g = game(sim);
    int32_t s = o->speed;
    switch (o->dir) {
    case LW_DIR8_UP:
        pl->y += 8 * LW_SUBPX;
        pl->ysp = -s;
        pl->airborne = true;
        break;
    case LW_DIR8_DOWN:
        pl->y -= 8 * LW_SUBPX;
        pl->ysp = s;
        pl->airborne = true;
        break;
    case LW_DIR8_LEFT:
    case LW_DIR8_RIGHT:
        if (o->dir == LW_DIR8_RIGHT) {
            pl->xsp = s;
            pl->x -= 8 * LW_SUBPX;
            pl->facing_left = false;
        } else {
            pl->xsp = -s;
            pl->x += 8 * LW_SUBPX;
            pl->facing_left = true;
        }
        pl->control_lock = 15;
        pl->gsp = pl->xsp;
        pl->pushing = false;
        g->obj[i].flags &= (uint8_t)~LW_OBJF_PUSHING;
        break;
    default: {
        bool right = o->dir == LW_DIR8_UP_RIGHT || o->dir == LW_DIR8_DOWN_RIGHT;
        bool down = o->dir >= LW_DIR8_DOWN_LEFT;
        pl->ysp = down ? s : -s;
        pl->xsp = right ? s : -s;
        pl->y += (down ? -6 : 6) * LW_SUBPX;
        pl->x += (right ? -6 : 6) * LW_SUBPX;
        pl->facing_left = !right;
        pl->airborne = true;
        break;
    }
    }
    if (g->on_object == i + 1)
        g->on_object = 0;
    g->obj[i].flags &= (uint8_t)~LW_OBJF_STANDING;
    g->obj[i].timer = 8; /* animation: compressed for 8 frames */
    g->events |= LW_EVENT_SPRING;
}

static void run_spring(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_player *pl = &sim->state.player;
    lw_obj_state *st = &game(sim)->obj[i];
    if (st->timer)
        st->timer--;
    int32_t ox = px_of(st->x), oy = px_of(st->y);
    int r = solid_object(sim, i, box_of(o), ox);
    switch (o->dir) {
    case LW_DIR8_UP:
        if (standing_on(sim, i))
            spring_launch(sim, i);
        break;
    case LW_DIR8_DOWN:
        if (r == SOLID_BOTTOM)
            spring_launch(sim, i);
        break;
    case LW_DIR8_LEFT:
    case LW_DIR8_RIGHT: {
        bool facing_right = o->dir == LW_DIR8_RIGHT;
        int32_t px = px_of(pl->x), py = px_of(pl->y);
        if ((st->flags & LW_OBJF_PUSHING) && (px > ox) == facing_right) {
            spring_launch(sim, i);
            break;
        }
        /* S2: a grounded player running at the spring's face within 40 px is launched */
        int32_t x0 = facing_right ? ox : ox - 40, x1 = facing_right ? ox + 40 : ox;
        int32_t g = facing_right ? -pl->gsp : pl->gsp;
        if (st->timer == 0 && !pl->airborne && g >= 0 && px >= x0 && px < x1 && py >= oy - 24 &&
            py < oy + 24)
            spring_launch(sim, i);
        break;
    }
    case LW_DIR8_UP_LEFT:
    case LW_DIR8_UP_RIGHT:
        if (standing_on(sim, i) &&
            (o->dir == LW_DIR8_UP_RIGHT ? ox - 4 < px_of(pl->x) : ox + 4 >= px_of(pl->x)))
            spring_launch(sim, i);
        break;
    default:
        if (r == SOLID_BOTTOM)
            spring_launch(sim, i);
        break;
    }
}

/* ---- spikes (§11) ---- */

static void run_spikes(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_player *pl = &sim->state.player;
    lw_obj_state *st = &game(sim)->obj[i];
    int32_t ox = px_of(st->x);
    int r = solid_object(sim, i, box_of(o), ox);
    bool hit = false;
    switch (o->dir) {
    case LW_DIR8_UP:
        hit = standing_on(sim, i);
        break;
    case LW_DIR8_DOWN:
        hit = r == SOLID_BOTTOM;
        break;
    default: /* S2 Obj36_Sideways: any side contact hurts */
        hit = r == SOLID_SIDE;
        break;
    }
    if (hit && !game(sim)->invincible && !game(sim)->invuln) {
        /* S2 Touch_ChkHurt2: undo this frame's vertical move first */
        pl->y -= pl->ysp;
        hurt(sim, ox);
    }
}

/* ---- §10 monitors ---- */

static void monitor_effect(lw_sim *sim, const lw_sim_object *o)
{
    lw_game_state *g = game(sim);
    switch (o->variant) {
    case LW_MONITOR_RINGS:
        g->rings = (uint16_t)(g->rings + 10 > 999 ? 999 : g->rings + 10);
        break;
    case LW_MONITOR_SHIELD:
        g->shield = LW_SHIELD_BASIC;
        break;
    case LW_MONITOR_INVINCIBILITY:
        g->invincible = 1200;
        break;
    case LW_MONITOR_SHOES:
        g->shoes = 1200;
        break;
    default:
        if (g->extra_lives < 99)
            g->extra_lives++;
        break;
    }
}

static void run_monitor(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_obj_state *st = &game(sim)->obj[i];
    if (st->flags & LW_OBJF_GONE) {
        if (st->timer && --st->timer == 0)
            monitor_effect(sim, o);
        return;
    }
    int32_t prev_x = px_of(st->x);
    if (st->flags & LW_OBJF_TRIGGERED) { /* knocked up from below: falls back onto the floor */
        st->y += st->ysp;
        st->ysp = (int16_t)(st->ysp + 0x38);
        if (st->ysp >= 0) {
            int32_t d = floor_distance(sim, px_of(st->x), px_of(st->y) + 15);
            if (d < 0) {
                st->y += d * LW_SUBPX;
                st->ysp = 0;
                st->flags &= (uint8_t)~LW_OBJF_TRIGGERED;
            }
        }
    }
    /* S2 SolidObject_Monitor: not solid to a rolling player who is not standing on it */
    if (sim->state.player.rolling && !standing_on(sim, i))
        return;
    solid_object(sim, i, box_of(o), prev_x);
}

/* ---- §7 bridges ---- */

int32_t lw_bridge_log_offset(uint32_t logs, uint32_t stand, uint32_t k, uint32_t phase)
{
    if (logs == 0 || stand >= logs || k >= logs)
        return 0;
    uint32_t depth = 2u * (stand + 1 < logs - stand ? stand + 1 : logs - stand);
    uint32_t n, idx; /* the curve's row (n logs on that side) and position 1..n */
    if (k <= stand) {
        n = stand + 1;
        idx = k + 1;
    } else {
        n = logs - stand; /* the logs right of the standing one, plus one */
        idx = n - (k - stand);
    }
    int32_t w = idx >= n ? 255 : lw_sine_table[(64u * idx) / n];
    if (w > 255)
        w = 255;
    uint32_t s = (uint32_t)lw_sine_table[phase > 0x40 ? 0x40 : phase];
    return (int32_t)((((uint32_t)w + 1u) * depth * s) >> 16);
}

static void run_bridge(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_player *pl = &sim->state.player;
    lw_obj_state *st = &game(sim)->obj[i];
    int32_t ox = px_of(st->x), oy = px_of(st->y);
    uint32_t n = o->logs;
    if (standing_on(sim, i)) {
        if (st->aux < 0x40)
            st->aux = (uint8_t)(st->aux + 4);
    } else if (st->aux) {
        st->aux = (uint8_t)(st->aux - 4);
    }
    int32_t d1 = 8 * (int32_t)n + 8, d2 = 16 * (int32_t)n;
    if (standing_on(sim, i)) {
        int32_t rel = px_of(pl->x) - ox + d1;
        if (pl->airborne || rel < 0 || rel >= d2) {
            leave(sim, i);
            return;
        }
        uint32_t j = (uint32_t)rel >> 4;
        /* the logs were placed with last frame's standing log (S2 order) */
        int32_t log_y = oy + lw_bridge_log_offset(n, st->timer, j, st->aux);
        pl->y = (log_y - 8 - pl->hr) * LW_SUBPX + (pl->y & 0xFF);
        st->timer = (uint16_t)j;
        sim->debug.touched = (uint16_t)(i + 1);
        return;
    }
    if (platform_land(sim, i, ox, d1, oy - 8)) {
        int32_t rel = px_of(pl->x) - ox + d1;
        st->timer = (uint16_t)((uint32_t)rel >> 4);
    }
}

/* ---- §8 platforms ---- */

/* A moving platform's position at this frame (§8): a function of the frame counter. */
static inline void platform_motion(const lw_sim_object *o, lw_obj_state *st, uint32_t frame)
{
    uint32_t t = frame % o->period;
    uint8_t phase = (uint8_t)((t * 256u) / o->period);
    int32_t off = (o->distance * lw_sine_table[phase]) >> 8;
    if (o->variant == LW_PLATFORM_HORIZONTAL)
        st->x = (o->x + off) * LW_SUBPX;
    else
        st->y = (o->y + off) * LW_SUBPX;
}

/* A platform's top-solid collision after its motion: carrying the player who stands on it
 * (moved by the platform's X change since @prev_x) or landing one. */
static inline void platform_collide(lw_sim *sim, uint32_t i, const lw_sim_object *o,
                                    const lw_obj_state *st, int32_t prev_x)
{
    int32_t ox = px_of(st->x), top = px_of(st->y) - 8;
    if (standing_on(sim, i))
        keep_standing(sim, i, o->half_w, top - 1, prev_x);
    else if ((uint32_t)(px_of(sim->state.player.x) - ox + o->half_w) < 2u * (uint32_t)o->half_w)
        platform_land(sim, i, ox, o->half_w, top); /* (which tests that X overlap again) */
}

static void run_platform(lw_sim *sim, uint32_t i)
{
    const lw_sim_object *o = &sim->objects[i];
    lw_obj_state *st = &game(sim)->obj[i];
    if (st->flags & LW_OBJF_GONE)
        return;
    int32_t prev_x = px_of(st->x);
    switch (o->variant) {
    case LW_PLATFORM_HORIZONTAL:
    case LW_PLATFORM_VERTICAL:
        platform_motion(o, st, sim->state.frame);
        break;
    case LW_PLATFORM_FALLING:
        if (st->flags & LW_OBJF_TRIGGERED) {
            if (st->timer) {
                st->timer--;
            } else {
                st->y += st->ysp;
                st->ysp = (int16_t)(st->ysp + 0x38 > 0x1000 ? 0x1000 : st->ysp + 0x38);
                if (px_of(st->y) > lw_level_height_px(sim->level) + 64) {
                    st->flags |= LW_OBJF_GONE;
                    if (standing_on(sim, i))
                        leave(sim, i);
                    return;
                }
            }
        } else if (standing_on(sim, i)) {
            st->flags |= LW_OBJF_TRIGGERED;
            st->timer = 30;
        }
        break;
    case LW_PLATFORM_COLLAPSING:
        if (st->flags & LW_OBJF_TRIGGERED) {
            if (--st->timer == 0) {
                st->flags |= LW_OBJF_GONE;
                if (standing_on(sim, i))
                    leave(sim, i);
                return;
            }
        } else if (standing_on(sim, i)) {
            st->flags |= LW_OBJF_TRIGGERED;
            st->timer = 8;
        }
        break;
    default:
        break;
    }
    platform_collide(sim, i, o, st, prev_x);
}

/* run_platform for the moving (horizontal or vertical) platforms @movers[@m..@m1), which are
 * never gone, in order. These run every frame in the window: forced inline, with the table
 * pointers, the frame, the player's X and the object stood on in locals (the build's
 * -fno-strict-aliasing would reload them after every store), refreshed after a collision. */
static inline __attribute__((always_inline)) void run_movers(lw_sim *sim, const uint32_t *movers,
                                                             uint32_t m, uint32_t m1)
{
    const lw_sim_object *objs = sim->objects;
    lw_obj_state *os = sim->state.game.obj;
    uint32_t frame = sim->state.frame;
    int32_t px = px_of(sim->state.player.x);
    uint32_t on = sim->state.game.on_object;
    for (; m < m1; m++) {
        uint32_t i = movers[m];
        const lw_sim_object *o = &objs[i];
        lw_obj_state *st = &os[i];
        if (on == i + 1) {
            int32_t prev_x = px_of(st->x);
            platform_motion(o, st, frame);
            keep_standing(sim, i, o->half_w, px_of(st->y) - 9, prev_x);
        } else {
            platform_motion(o, st, frame);
            int32_t ox = px_of(st->x);
            if ((uint32_t)(px - ox + o->half_w) >= 2u * (uint32_t)o->half_w)
                continue;
            platform_land(sim, i, ox, o->half_w, px_of(st->y) - 8);
        }
        px = px_of(sim->state.player.x);
        on = sim->state.game.on_object;
    }
}

/* ---- §11 the enemy ---- */

/* True when the floor probe reads the same at every column of the block at (@x, @y): nothing
 * there for a floor sensor on path A (as lwi_scan_block decides: no cell, tile or mask, or no
 * top solidity), or a mask whose 16 heights are equal (a flip mirrors or negates them all
 * alike). */
static bool block_uniform(const lw_level *level, int32_t x, int32_t y)
{
    lw_collision_cell cc;
    if (!lw_level_collision_at(level, x, y, LW_PATH_A, &cc) || !(cc.solid & LW_SOLID_TOP))
        return true;
    uint64_t a, b;
    memcpy(&a, cc.mask->heights, 8);
    memcpy(&b, cc.mask->heights + 8, 8);
    return a == b && a == (uint64_t)(uint8_t)cc.mask->heights[0] * 0x0101010101010101ull;
}

/* Cells alike: both absent, or equal (tile, flips, solidity), so a probe reads the same in
 * both blocks. */
static inline bool same_cell(const lw_cell *a, const lw_cell *b)
{
    return a->tile == b->tile && a->flags == b->flags && a->solid == b->solid;
}

/* The enemy's floor probe at (@x, @y) (§11) walking at @xsp, through its memo @m when it has
 * one (NULL: probe always; the reference mode). */
static inline int32_t enemy_probe(const lw_sim *sim, lwi_enemy_memo *m, int32_t x, int32_t y,
                                  int32_t xsp)
{
    /* unsigned: the empty memo's bx of INT32_MIN must wrap, not overflow */
    if (m && (uint32_t)(x >> 4) - (uint32_t)m->bx <= m->span && m->y == y)
        return m->d;
    int32_t d = floor_distance(sim, x, y);
    if (m) {
        /* Which blocks the probe read follows from @d with the anchor's row o: the anchor's
         * alone (d in [-o, 14 - o]), then the one below (d >= 15 - o) or above (d <= -1 - o;
         * sensor-scan.h). With the anchor's block the same at every column, every column reads
         * the same second block. */
        int32_t o = y & 15;
        int32_t y2 = d >= 15 - o ? y + 16 : d <= -1 - o ? y - 16 : y;
        m->bx = LWI_MEMO_EMPTY;
        if (!block_uniform(sim->level, x, y) || (y2 != y && !block_uniform(sim->level, x, y2)))
            return d;
        /* the next columns ahead in the same chunk whose cells in those rows are the same read
         * the same (a cell's neighbour in its chunk row is the next cell) */
        int32_t bx = x >> 4, lo = bx, hi = bx, dir = xsp < 0 ? -1 : 1;
        const lw_cell *a = lw_level_cell_at(sim->level, x, y);
        const lw_cell *a2 = y2 != y ? lw_level_cell_at(sim->level, x, y2) : a;
        int32_t n = (int32_t)sim->level->chunk_cells, col = bx & (n - 1);
        for (int32_t j = 1; a && a2 && j <= LWI_MEMO_AHEAD; j++) {
            int32_t k = j * dir;
            if (col + k < 0 || col + k >= n || !same_cell(a, a + k) || !same_cell(a2, a2 + k))
                break;
            if (dir < 0)
                lo = bx - j;
            else
                hi = bx + j;
        }
        m->bx = lo;
        m->span = (uint32_t)(hi - lo);
        m->y = y;
        m->d = d;
    }
    return d;
}

static inline void run_enemy(const lw_sim *sim, lw_obj_state *st, lwi_enemy_memo *m)
{
    if (st->flags & LW_OBJF_GONE)
        return;
    if (st->timer) {
        st->timer--;
        return;
    }
    st->x += st->xsp;
    int32_t d = enemy_probe(sim, m, px_of(st->x), px_of(st->y) + 14, st->xsp);
    if (d < -8 || d >= 12) {
        /* a ledge or a wall: turn round and wait 60 frames (S1 Motobug) */
        st->timer = 59;
        st->xsp = (int16_t)-st->xsp;
        st->flags ^= LW_OBJF_FLIP;
        return;
    }
    st->y += d * LW_SUBPX;
}

/* ---- the object phase ---- */

uint32_t lwi_objects_first(const lw_sim *sim, int32_t x)
{
    return sim->object_count ? lower_bound(lwi_cull_of(sim)->xs, sim->object_count, x) : 0;
}

/* An idle object's update could touch the player at (@px, @py) with height radius hr this frame
 * (§1.3) only within its reach in X and within its box plus hr and 64 px in Y (modulo 2048, as
 * the solid test's `d3 &= 0x7FF`): run_culled tests both from the idler's record. */

/* The updates of the types that run only when awake or near the player (§1.3), by type; rings,
 * checkpoints and goals have none (the touch tests do theirs). Moving platforms and enemies run
 * every frame: they are called directly, so their updates inline into the object loops. */
typedef void (*run_fn)(lw_sim *sim, uint32_t i);
static const run_fn run_fns[LW_OBJ_TYPE_COUNT] = {
    [LW_OBJ_SPRING] = run_spring,
    [LW_OBJ_SPIKES] = run_spikes,
    [LW_OBJ_MONITOR] = run_monitor,
    [LW_OBJ_BRIDGE] = run_bridge,
};

/* The number of the @n sorted @xs below @x, counted. */
static uint32_t count_below(const int32_t *xs, uint32_t n, int64_t x)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += xs[i] < x;
    return k;
}

static bool bound_ok(const lwi_cull_bound *b, const int32_t *xs, uint32_t n, int64_t x)
{
    return b->i == count_below(xs, n, x) && b->lo == (b->i > 0 ? xs[b->i - 1] : INT64_MIN) &&
           b->hi == (b->i < n ? xs[b->i] : INT64_MAX) && (b->i == 0 || xs[b->i - 1] < x) &&
           (b->i == n || xs[b->i] >= x);
}

const char *lwi_objects_check_index(const lw_sim *sim)
{
    if (!sim->object_count)
        return NULL;
    const lwi_obj_cull *c = lwi_cull_of(sim);
    uint32_t n = sim->object_count, e = 0, m = 0, idle = 0, touch = 0;
    for (uint32_t i = 0; i < n; i++) {
        const lw_sim_object *o = &sim->objects[i];
        if (c->xs[i] != o->x || (i > 0 && c->xs[i - 1] > o->x))
            return "x table";
        if (c->enemy_rank[i] != e || c->mover_rank[i] != m)
            return "ranks";
        if (o->type == LW_OBJ_ENEMY && sim->enemies[e++] != i)
            return "enemy list";
        if (o->type != LW_OBJ_ENEMY && o->busy && c->movers[m++] != i)
            return "mover list";
        if (o->runs && !o->busy) {
            const lwi_idle_near *q = &c->idlers[idle];
            if (q->i != i || c->idler_x[idle] != o->x || o->reach > c->max_reach ||
                o->reach >= LW_OBJ_CULL_PX || q->lo != o->x - o->reach ||
                q->span != 2u * o->reach || q->c != o->near_c || q->s != o->near_span)
                return "idler list";
            idle++;
        }
        if ((o->type == LW_OBJ_RING || o->type == LW_OBJ_MONITOR || o->type == LW_OBJ_CHECKPOINT ||
             o->type == LW_OBJ_GOAL) &&
            (c->touchers[touch] != i || c->toucher_x[touch++] != o->x))
            return "toucher list";
    }
    if (e != sim->enemy_count || c->enemy_rank[n] != e || c->mover_rank[n] != m ||
        idle != c->idler_count || touch != c->toucher_count)
        return "list lengths";
    if (c->wvalid) {
        int64_t x = c->wpx;
        if (!bound_ok(&c->first, c->xs, n, x - LW_OBJ_CULL_PX) ||
            !bound_ok(&c->last, c->xs, n, x + LW_OBJ_CULL_PX))
            return "window bounds";
        if (!bound_ok(&c->n0, c->idler_x, idle, x - c->max_reach) ||
            !bound_ok(&c->n1, c->idler_x, idle, x + c->max_reach + 1))
            return "near bounds";
    }
    if (c->tvalid && (!bound_ok(&c->t0, c->toucher_x, touch, (int64_t)c->tpx - LW_OBJ_TOUCH_PX) ||
                      !bound_ok(&c->t1, c->toucher_x, touch, (int64_t)c->tpx + LW_OBJ_TOUCH_PX)))
        return "touch bounds";
    if (c->tvalid) {
        /* the kept interval holds the X the bounds were found for, and the bounds hold at both
         * of its ends (so everywhere in it: the counts only grow with X) */
        int64_t ends[2] = {c->tlo, (int64_t)c->tlo + c->tspan};
        if (ends[0] > c->tpx || ends[1] < c->tpx)
            return "touch interval";
        for (int k = 0; k < 2; k++)
            if (count_below(c->toucher_x, touch, ends[k] - LW_OBJ_TOUCH_PX) != c->t0.i ||
                count_below(c->toucher_x, touch, ends[k] + LW_OBJ_TOUCH_PX) != c->t1.i)
                return "touch interval";
    }
    /* every kept probe result holds at every pixel of its block columns */
    for (uint32_t k = 0; k < e; k++) {
        const lwi_enemy_memo *mm = &c->memo[k];
        if (mm->bx == LWI_MEMO_EMPTY)
            continue;
        if (mm->span > LWI_MEMO_AHEAD)
            return "memo span";
        for (int64_t x = (int64_t)mm->bx * 16; x < ((int64_t)mm->bx + mm->span + 1) * 16; x++)
            if (floor_distance(sim, (int32_t)x, mm->y) != mm->d)
                return "enemy floor memo";
    }
    return NULL;
}

void lwi_objects_set_reference(lw_sim *sim, bool on)
{
    if (sim->object_count)
        lwi_cull_of(sim)->reference = on;
}

/* Reference mode (tests): every object of the window in object order, the enemies probing the
 * floor every frame. The culled run below must give the same states. */
static void run_reference(lw_sim *sim, uint32_t first, uint32_t last)
{
    lw_game_state *g = game(sim);
    for (uint32_t i = first; i < last; i++) {
        uint8_t type = sim->objects[i].type;
        if (type == LW_OBJ_PLATFORM)
            run_platform(sim, i);
        else if (type == LW_OBJ_ENEMY)
            run_enemy(sim, &g->obj[i], NULL);
        else if (type < LW_OBJ_TYPE_COUNT && run_fns[type])
            run_fns[type](sim, i);
        if (!sim->objects[i].busy)
            awake_update(g, i);
        if (sim->state.status != LW_SIM_RUNNING)
            return;
    }
}

/* The culled object phase over the window [@first, @last) (§1.3). In object order: the moving
 * platforms (every frame, from their own list), the awake objects and the idle ones near the
 * player. Then the
 * enemies of the window, from their own list: an enemy's update reads and writes only its own
 * state and the terrain (its touch test came before, with the player's), so running them after
 * the others gives the same states, as long as only those before the object that ended the run
 * (if one did) move. */
static void run_culled(lw_sim *sim, const lwi_obj_cull *c, uint32_t first, uint32_t last)
{
    lw_game_state *g = game(sim);
    const lw_player *pl = &sim->state.player;
    /* the awake objects and the idle ones near the player, as bits over words [w0, w1] */
    uint64_t bits[LWI_WORDS(LW_SIM_MAX_OBJECTS) + 1];
    uint32_t w0 = first >> 6, w1 = (last - 1) >> 6;
    /* (the edge words masked in the loop, which the compiler would otherwise make a memcpy
     * call) */
    for (uint32_t w = w0; w <= w1; w++) {
        uint64_t keep = w == w0 ? ~0ull << (first & 63u) : ~0ull;
        if (w == w1 && (last & 63u))
            keep &= ~(~0ull << (last & 63u));
        bits[w - w0] = g->awake[w] & keep;
    }
    int32_t px = px_of(pl->x), py = px_of(pl->y);
    int32_t hr = pl->hr > sim->profile.stand_hr ? pl->hr : sim->profile.stand_hr;
    int32_t hm = hr + 64;
    const lw_obj_state *os = g->obj;
    for (uint32_t k = c->n0.i; k < c->n1.i; k++) {
        /* near_player from the idler's record (within max_reach < LW_OBJ_CULL_PX of the
         * player: inside the window) */
        const lwi_idle_near *q = &c->idlers[k];
        if ((uint32_t)(px - q->lo) > q->span)
            continue;
        int32_t v = py - px_of(os[q->i].y) + q->c + hm;
        if (v >= 0 && (uint32_t)(v & 0x7FF) < (uint32_t)q->s + 2u * (uint32_t)hm)
            bits[(q->i >> 6) - w0] |= 1ull << (q->i & 63u);
    }
    /* those in object order, merged with the window's moving platforms */
    uint32_t m = c->mover_rank[first], m1 = c->mover_rank[last];
    uint32_t stop = last;
    uint64_t any = 0;
    for (uint32_t w = w0; w <= w1; w++)
        any |= bits[w - w0];
    for (uint32_t w = w0; any && w <= w1; w++) {
        for (uint64_t b = bits[w - w0]; b; b &= b - 1) {
            uint32_t i = (w << 6) + (uint32_t)__builtin_ctzll(b);
            uint32_t before = m;
            while (m < m1 && c->movers[m] < i)
                m++;
            run_movers(sim, c->movers, before, m);
            uint8_t type = sim->objects[i].type;
            if (type == LW_OBJ_PLATFORM)
                run_platform(sim, i);
            else if (type < LW_OBJ_TYPE_COUNT && run_fns[type])
                run_fns[type](sim, i);
            awake_update(g, i);
            if (sim->state.status != LW_SIM_RUNNING) {
                stop = i;
                goto enemies;
            }
        }
    }
    /* (a moving platform never ends the run) */
    run_movers(sim, c->movers, m, m1);
enemies:;
    const uint32_t *enemies = sim->enemies;
    lwi_enemy_memo *memo = c->memo;
    for (uint32_t k = c->enemy_rank[first], k1 = c->enemy_rank[stop]; k < k1; k++)
        run_enemy(sim, &g->obj[enemies[k]], &memo[k]);
}

/* (not inlined into lw_sim_step: a level without objects keeps that step lean) */
__attribute__((noinline)) void lwi_objects_run(lw_sim *sim)
{
    lw_game_state *g = game(sim);
    /* (no object with an update of its own: nothing to stand on either) */
    if (sim->object_count && lwi_cull_of(sim)->runnable) {
        const lwi_obj_cull *c = window_ranges(sim, px_of(sim->state.player.x));
        uint32_t first = c->first.i, last = c->last.i;
        /* an object the player stands on always runs (it carries the player) */
        if (g->on_object) {
            uint32_t s = g->on_object - 1u;
            if (s < first || s >= last)
                leave(sim, s);
        }
        if (first < last) {
            if (c->reference)
                run_reference(sim, first, last);
            else
                run_culled(sim, c, first, last);
        }
    }
    run_spill(sim);
}

/* ---- timers at the start of the player's display step (S2 Sonic_Display) ---- */

void lwi_objects_timers(lw_sim *sim, bool hurt_frame)
{
    lw_game_state *g = game(sim);
    if (g->invuln && !hurt_frame)
        g->invuln--;
    if (g->invincible)
        g->invincible--;
    if (g->shoes)
        g->shoes--;
}

/* ---- §13 hash ---- */

bool lwi_objects_game_is_default(const lw_sim *sim)
{
    const lw_game_state *g = &sim->state.game;
    return g->rings == 0 && g->invuln == 0 && g->invincible == 0 && g->shoes == 0 &&
           g->on_object == 0 && g->spindash_counter == 0 && g->spill_count == 0 &&
           g->checkpoint == 0 && g->spindash == 0 && g->hurt == 0 && g->shield == 0 &&
           g->extra_lives == 0 && g->chain == 0 && g->events == 0 && g->score == 0;
}

uint64_t lwi_objects_hash(const lw_sim *sim, uint64_t h)
{
    const lw_game_state *g = &sim->state.game;
    if (lwi_objects_game_is_default(sim) &&
        (sim->object_count == 0 ||
         memcmp(g->obj, sim->initial, sim->object_count * sizeof *sim->initial) == 0))
        return h;
    h = lwi_fnv16(h, g->rings);
    h = lwi_fnv16(h, g->invuln);
    h = lwi_fnv16(h, g->invincible);
    h = lwi_fnv16(h, g->shoes);
    h = lwi_fnv16(h, g->on_object);
    h = lwi_fnv16(h, g->spindash_counter);
    h = lwi_fnv16(h, g->checkpoint);
    h = lwi_fnv8(h, g->spindash);
    h = lwi_fnv8(h, g->hurt);
    h = lwi_fnv8(h, g->shield);
    h = lwi_fnv8(h, g->extra_lives);
    h = lwi_fnv8(h, g->chain);
    h = lwi_fnv8(h, g->events);
    h = lwi_fnv32(h, g->score);
    h = lwi_fnv32(h, (uint32_t)g->respawn_x);
    h = lwi_fnv32(h, (uint32_t)g->respawn_y);
    h = lwi_fnv16(h, g->spill_count);
    if (g->spill_count) {
        h = lwi_fnv8(h, g->spill_timer);
        for (uint32_t k = 0; k < g->spill_count; k++) {
            h = lwi_fnv32(h, (uint32_t)g->spill[k].x);
            h = lwi_fnv32(h, (uint32_t)g->spill[k].y);
            h = lwi_fnv16(h, (uint16_t)g->spill[k].xsp);
            h = lwi_fnv16(h, (uint16_t)g->spill[k].ysp);
        }
    }
    for (uint32_t i = 0; i < sim->object_count; i++) {
        const lw_obj_state *s = &g->obj[i];
        h = lwi_fnv32(h, (uint32_t)s->x);
        h = lwi_fnv32(h, (uint32_t)s->y);
        h = lwi_fnv16(h, (uint16_t)s->xsp);
        h = lwi_fnv16(h, (uint16_t)s->ysp);
        h = lwi_fnv16(h, s->timer);
        h = lwi_fnv8(h, s->flags);
        h = lwi_fnv8(h, s->aux);
    }
    return h;
}
