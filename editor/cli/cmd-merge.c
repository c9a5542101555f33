/* SPDX-License-Identifier: MIT */
/*
 * `loopwright merge-level BASE OURS THEIRS [-o OUT]`: a three-way merge of level files, for git
 * as a merge driver (docs/GIT.md): edits to different settings, masks, tiles, chunk cells,
 * layout slots, objects (by id), overrides and replays (by name) are combined; the same element
 * changed differently on both sides is a conflict, reported with its place. Writes OUT (default
 * OURS, as git expects) atomically only when the merge is clean; exit 0 merged, 1 conflicts
 * (OURS left as it was), 2 bad usage or unreadable input.
 */
#include "cli.h"
#include "level-json.h"

#include <glib.h>
#include <loopwright-masks/file-io.h>
#include <loopwright-masks/image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct merge {
    const char *path; /* for messages */
    unsigned conflicts;
    GString *report;
} merge;

static void problem(merge *m, const char *place, const char *message)
{
    m->conflicts++;
    g_string_append_printf(m->report, "loopwright: %s: conflict: %s: %s\n", m->path, place,
                           message);
}

static void conflict(merge *m, const char *place, const char *ours, const char *theirs)
{
    m->conflicts++;
    g_string_append_printf(m->report, "loopwright: %s: conflict: %s: ours %s, theirs %s\n", m->path,
                           place, ours, theirs);
}

/* Three-way choice for one element: 0 take ours, 1 take theirs, -1 conflict. */
static int choose(bool same_ob, bool same_tb, bool same_ot)
{
    if (same_ob)
        return 1; /* only theirs changed (or nothing did) */
    if (same_tb || same_ot)
        return 0;
    return -1;
}

static bool str_eq(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool geometry_eq(const lw_level *a, const lw_level *b)
{
    return a->chunk_px == b->chunk_px && a->layout_width == b->layout_width &&
           a->layout_height == b->layout_height &&
           (a->layout[LW_LAYER_BG] != NULL) == (b->layout[LW_LAYER_BG] != NULL);
}

static bool object_eq(const lw_object *a, const lw_object *b)
{
    if (!a || !b)
        return a == b;
    if (a->type != b->type || a->x != b->x || a->y != b->y || a->facing_left != b->facing_left ||
        memcmp(&a->swapper, &b->swapper, sizeof a->swapper) != 0 || !str_eq(a->name, b->name) ||
        a->prop_count != b->prop_count)
        return false;
    for (uint32_t i = 0; i < a->prop_count; i++)
        if (!str_eq(a->props[i].key, b->props[i].key) ||
            !str_eq(a->props[i].value, b->props[i].value))
            return false;
    return true;
}

static const lw_override *find_override(const lw_level *l, const char *name)
{
    for (uint32_t i = 0; i < l->override_count; i++)
        if (strcmp(l->overrides[i].name, name) == 0)
            return &l->overrides[i];
    return NULL;
}

static const lw_replay *find_replay(const lw_level *l, const char *name)
{
    for (uint32_t i = 0; i < l->replay_count; i++)
        if (str_eq(l->replays[i].name, name))
            return &l->replays[i];
    return NULL;
}

static bool replay_eq(const lw_replay *a, const lw_replay *b)
{
    if (!a || !b)
        return a == b;
    return str_eq(a->script, b->script) && a->has_start == b->has_start &&
           a->start_x == b->start_x && a->start_y == b->start_y &&
           strcmp(a->profile, b->profile) == 0 && strcmp(a->character, b->character) == 0 &&
           a->frames == b->frames && a->has_expect == b->has_expect &&
           a->expect_hash == b->expect_hash && a->expect_x == b->expect_x &&
           a->expect_y == b->expect_y && a->expect_path == b->expect_path &&
           a->expect_air == b->expect_air;
}

/* Settings: each field on its own. */
static void merge_settings(merge *m, const lw_level *b, const lw_level *o, const lw_level *t,
                           lw_level *r)
{
    int c = choose(str_eq(o->name, b->name), str_eq(t->name, b->name), str_eq(o->name, t->name));
    if (c == 1)
        lw_level_set_string(&r->name, t->name);
    else if (c < 0)
        conflict(m, "level name", o->name, t->name);
    c = choose(str_eq(o->tileset, b->tileset), str_eq(t->tileset, b->tileset),
               str_eq(o->tileset, t->tileset));
    if (c == 1)
        lw_level_set_string(&r->tileset, t->tileset);
    else if (c < 0)
        conflict(m, "level tileset", o->tileset ? o->tileset : "none",
                 t->tileset ? t->tileset : "none");
    c = choose(o->background_rgb == b->background_rgb, t->background_rgb == b->background_rgb,
               o->background_rgb == t->background_rgb);
    if (c == 1)
        r->background_rgb = t->background_rgb;
    else if (c < 0) {
        char x[16], y[16];
        snprintf(x, sizeof x, "#%06x", o->background_rgb);
        snprintf(y, sizeof y, "#%06x", t->background_rgb);
        conflict(m, "level background", x, y);
    }
    c = choose(strcmp(o->profile, b->profile) == 0 && strcmp(o->character, b->character) == 0,
               strcmp(t->profile, b->profile) == 0 && strcmp(t->character, b->character) == 0,
               strcmp(o->profile, t->profile) == 0 && strcmp(o->character, t->character) == 0);
    if (c == 1) {
        memcpy(r->profile, t->profile, sizeof r->profile);
        memcpy(r->character, t->character, sizeof r->character);
    } else if (c < 0) {
        conflict(m, "level profile", o->profile, t->profile);
    }
}

/* ---- masks, tiles and chunks: lists matched by content (docs/GIT.md, "Merging") ----
 *
 * Each list is a pool the next one refers to by index (tiles name masks, cells tiles, layout
 * slots chunks), so a removal from the middle renumbers the rest: the lists are matched by
 * content. Each side is aligned with the base (longest common subsequence), giving every base
 * element a fate per side (kept; changed: an unmatched run facing one of the same length;
 * removed) and every other element the place it was added. Elements compare through the merged
 * numbering of the list they refer to (a tile whose mask only moved is unchanged). The result
 * keeps the base order with each side's additions where it put them (ours first). */
enum { SIDE_BASE = 0, SIDE_OURS = 1, SIDE_THEIRS = 2 };
enum { FATE_KEPT, FATE_CHANGED, FATE_REMOVED };

#define IDX_NONE    UINT32_MAX  /* no element */
#define REF_NONE    0xFFFFFFFFu /* a reference to nothing (LW_NONE) */
#define REF_GONE    0x80000000u /* | base index: the merge removed that element */
#define ENTRY_MERGE 3           /* an entry both sides changed: merged by the caller */

typedef struct list_entry {
    uint8_t src;           /* SIDE_OURS or SIDE_THEIRS: copy that side's element; ENTRY_MERGE */
    uint32_t idx;          /* the element on side src */
    uint32_t base;         /* its base element, IDX_NONE when added by side src */
    uint32_t ours, theirs; /* for ENTRY_MERGE: the two changed versions */
} list_entry;

typedef struct list_merge list_merge;
struct list_merge {
    merge *m;
    const char *what;       /* "mask", "tile", "chunk" */
    const lw_level *lv[3];  /* base, ours, theirs */
    uint32_t n[3];          /* element counts */
    const list_merge *refs; /* the list the elements refer to, or NULL */
    bool mergeable;         /* both-changed elements become ENTRY_MERGE, not conflicts */
    /* element @a of side @sa equals element @b of side @sb (references through refs->map) */
    bool (*eq)(const list_merge *lm, int sa, uint32_t a, int sb, uint32_t b);
    uint64_t (*hash)(const list_merge *lm, int side, uint32_t i);
    /* results */
    uint64_t *h[3];
    uint32_t *partner[3]; /* [ours|theirs][base] = that side's element, IDX_NONE */
    uint8_t *fate[3];     /* [ours|theirs][base] */
    uint32_t *map[3];     /* side element -> result index, or REF_GONE | base */
    list_entry *out;
    uint32_t out_n;
};

/* A reference (index into @lm's list on @side, LW_NONE for none) in result numbering. */
static uint32_t ref_map(const list_merge *lm, int side, uint16_t idx)
{
    if (idx == LW_NONE || idx >= lm->n[side])
        return REF_NONE;
    return lm->map[side][idx];
}

static uint64_t fnv(uint64_t h, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        h = (h ^ ((v >> (8 * i)) & 0xFFu)) * 0x100000001b3ull;
    return h;
}

static bool same(const list_merge *lm, int sa, uint32_t a, int sb, uint32_t b)
{
    return lm->h[sa][a] == lm->h[sb][b] && lm->eq(lm, sa, a, sb, b);
}

/* Align side @s with the base: partner[s][b] = the side's element matched to base element b. */
static void align(list_merge *lm, int s)
{
    uint32_t nb = lm->n[SIDE_BASE], ns = lm->n[s], *match = lm->partner[s];
    for (uint32_t b = 0; b < nb; b++)
        match[b] = IDX_NONE;
    uint32_t pre = 0, suf = 0;
    while (pre < nb && pre < ns && same(lm, SIDE_BASE, pre, s, pre)) {
        match[pre] = pre;
        pre++;
    }
    while (suf < nb - pre && suf < ns - pre && same(lm, SIDE_BASE, nb - 1 - suf, s, ns - 1 - suf)) {
        match[nb - 1 - suf] = ns - 1 - suf;
        suf++;
    }
    size_t n = nb - pre - suf, w = ns - pre - suf;
    if (!n || !w)
        return;
    /* L[i][j]: the common subsequence of base[pre+i..] and side[pre+j..] in the middle */
    uint16_t *L = g_try_malloc0((n + 1) * (w + 1) * sizeof *L);
    if (!L)
        return; /* the whole middle counts as changed: conflicts at worst, never a wrong merge */
    for (size_t i = n; i-- > 0;)
        for (size_t j = w; j-- > 0;) {
            uint16_t *c = &L[i * (w + 1) + j];
            if (same(lm, SIDE_BASE, (uint32_t)(pre + i), s, (uint32_t)(pre + j)))
                *c = (uint16_t)(L[(i + 1) * (w + 1) + j + 1] + 1);
            else
                *c = MAX(L[(i + 1) * (w + 1) + j], L[i * (w + 1) + j + 1]);
        }
    for (size_t i = 0, j = 0; i < n && j < w;) {
        if (L[i * (w + 1) + j] == L[(i + 1) * (w + 1) + j + 1] + 1 &&
            same(lm, SIDE_BASE, (uint32_t)(pre + i), s, (uint32_t)(pre + j))) {
            match[pre + i] = (uint32_t)(pre + j);
            i++, j++;
        } else if (L[(i + 1) * (w + 1) + j] >= L[i * (w + 1) + j + 1]) {
            i++;
        } else {
            j++;
        }
    }
    g_free(L);
}

/* Fates of the base elements on side @s from its alignment; @added[j] = the base element after
 * which the side's element j was added (+1, so 0 is "before the first"), IDX_NONE when it is
 * the partner of a base element. */
static void fates(list_merge *lm, int s, uint32_t *added)
{
    uint32_t nb = lm->n[SIDE_BASE], ns = lm->n[s], pb = 0, ps = 0;
    uint32_t *partner = lm->partner[s];
    for (uint32_t j = 0; j < ns; j++)
        added[j] = IDX_NONE;
    for (uint32_t b = 0; b <= nb; b++) {
        if (b < nb && partner[b] == IDX_NONE)
            continue;
        uint32_t sj = b < nb ? partner[b] : ns;
        if (b - pb == sj - ps) { /* a run changed in place */
            for (uint32_t k = 0; k < b - pb; k++) {
                lm->fate[s][pb + k] = FATE_CHANGED;
                partner[pb + k] = ps + k;
            }
        } else {
            for (uint32_t k = pb; k < b; k++)
                lm->fate[s][k] = FATE_REMOVED;
            for (uint32_t k = ps; k < sj; k++)
                added[k] = b; /* after base element b - 1 */
        }
        if (b < nb)
            lm->fate[s][b] = FATE_KEPT;
        pb = b + 1;
        ps = sj + 1;
    }
}

static void list_place(const list_merge *lm, const list_entry *e, char *buf, size_t size)
{
    if (e->base != IDX_NONE)
        snprintf(buf, size, "%s %u", lm->what, e->base);
    else
        snprintf(buf, size, "%s %u added by %s", lm->what, e->idx,
                 e->src == SIDE_OURS ? "ours" : "theirs");
}

static uint32_t emit(list_merge *lm, list_entry e)
{
    lm->out[lm->out_n] = e;
    return lm->out_n++;
}

/* One base element, by its fates on both sides. */
static void merge_base_element(list_merge *lm, uint32_t b)
{
    int fo = lm->fate[SIDE_OURS][b], ft = lm->fate[SIDE_THEIRS][b];
    uint32_t po = lm->partner[SIDE_OURS][b], pt = lm->partner[SIDE_THEIRS][b];
    if (fo == FATE_REMOVED && ft != FATE_CHANGED) {
        lm->map[SIDE_BASE][b] = REF_GONE | b;
        if (pt != IDX_NONE && ft == FATE_KEPT)
            lm->map[SIDE_THEIRS][pt] = REF_GONE | b;
        return;
    }
    if (ft == FATE_REMOVED && fo != FATE_CHANGED) {
        lm->map[SIDE_BASE][b] = REF_GONE | b;
        if (po != IDX_NONE && fo == FATE_KEPT)
            lm->map[SIDE_OURS][po] = REF_GONE | b;
        return;
    }
    list_entry e = {SIDE_OURS, po, b, po, pt};
    if (fo == FATE_REMOVED || ft == FATE_REMOVED) { /* removed on one side, changed on the other */
        char place[64];
        snprintf(place, sizeof place, "%s %u", lm->what, b);
        conflict(lm->m, place, fo == FATE_REMOVED ? "removed it" : "changed it",
                 ft == FATE_REMOVED ? "removed it" : "changed it");
        if (fo == FATE_REMOVED)
            e.src = SIDE_THEIRS, e.idx = pt;
    } else if (fo == FATE_KEPT && ft == FATE_CHANGED) {
        e.src = SIDE_THEIRS, e.idx = pt;
    } else if (fo == FATE_CHANGED && ft == FATE_CHANGED &&
               !same(lm, SIDE_OURS, po, SIDE_THEIRS, pt)) {
        if (lm->mergeable) {
            e.src = ENTRY_MERGE;
        } else {
            char place[64];
            snprintf(place, sizeof place, "%s %u", lm->what, b);
            conflict(lm->m, place, "changed it", "changed it");
        }
    }
    uint32_t r = emit(lm, e);
    lm->map[SIDE_BASE][b] = r;
    if (po != IDX_NONE)
        lm->map[SIDE_OURS][po] = r;
    if (pt != IDX_NONE)
        lm->map[SIDE_THEIRS][pt] = r;
}

/* The elements both sides added after base element @at - 1: ours', then theirs' (once when the
 * two runs are the same). */
static void merge_additions(list_merge *lm, uint32_t at, const uint32_t *add_o, uint32_t *co,
                            const uint32_t *add_t, uint32_t *ct)
{
    uint32_t o0 = *co, t0 = *ct;
    while (*co < lm->n[SIDE_OURS] && add_o[*co] != IDX_NONE && add_o[*co] == at)
        (*co)++;
    while (*ct < lm->n[SIDE_THEIRS] && add_t[*ct] != IDX_NONE && add_t[*ct] == at)
        (*ct)++;
    bool twins = *co - o0 == *ct - t0 && *co > o0;
    for (uint32_t k = 0; twins && k < *co - o0; k++)
        twins = same(lm, SIDE_OURS, o0 + k, SIDE_THEIRS, t0 + k);
    for (uint32_t j = o0; j < *co; j++) {
        uint32_t r = emit(lm, (list_entry){SIDE_OURS, j, IDX_NONE, j, IDX_NONE});
        lm->map[SIDE_OURS][j] = r;
        if (twins)
            lm->map[SIDE_THEIRS][t0 + (j - o0)] = r;
    }
    for (uint32_t j = t0; j < *ct && !twins; j++)
        lm->map[SIDE_THEIRS][j] = emit(lm, (list_entry){SIDE_THEIRS, j, IDX_NONE, IDX_NONE, j});
}

/* Skip a side's partners of base elements up to the next addition. */
static void skip_partners(const uint32_t *added, uint32_t n, uint32_t *c)
{
    while (*c < n && added[*c] == IDX_NONE)
        (*c)++;
}

/* The whole three-way merge of one list into lm->out and lm->map; false when out of memory. */
static bool list_merge_run(list_merge *lm)
{
    uint32_t total = lm->n[0] + lm->n[1] + lm->n[2] + 1;
    bool ok = (lm->out = g_try_new0(list_entry, total)) != NULL;
    for (int s = 0; s < 3 && ok; s++) {
        ok = (lm->h[s] = g_try_new0(uint64_t, lm->n[s] + 1)) &&
             (lm->map[s] = g_try_new0(uint32_t, lm->n[s] + 1)) &&
             (lm->partner[s] = g_try_new0(uint32_t, lm->n[SIDE_BASE] + 1)) &&
             (lm->fate[s] = g_try_new0(uint8_t, lm->n[SIDE_BASE] + 1));
        for (uint32_t i = 0; ok && i < lm->n[s]; i++) {
            lm->h[s][i] = lm->hash(lm, s, i);
            lm->map[s][i] = REF_GONE; /* set below for every element */
        }
    }
    uint32_t *add_o = ok ? g_try_new0(uint32_t, lm->n[SIDE_OURS] + 1) : NULL,
             *add_t = ok ? g_try_new0(uint32_t, lm->n[SIDE_THEIRS] + 1) : NULL;
    if (!add_o || !add_t) {
        g_free(add_o);
        g_free(add_t);
        return false;
    }
    for (int s = SIDE_OURS; s <= SIDE_THEIRS; s++) {
        align(lm, s);
        fates(lm, s, s == SIDE_OURS ? add_o : add_t);
    }
    uint32_t co = 0, ct = 0;
    for (uint32_t b = 0; b <= lm->n[SIDE_BASE]; b++) {
        if (b > 0)
            merge_base_element(lm, b - 1);
        skip_partners(add_o, lm->n[SIDE_OURS], &co);
        skip_partners(add_t, lm->n[SIDE_THEIRS], &ct);
        merge_additions(lm, b, add_o, &co, add_t, &ct);
    }
    g_free(add_o);
    g_free(add_t);
    return true;
}

static void list_merge_clear(list_merge *lm)
{
    for (int s = 0; s < 3; s++) {
        g_free(lm->h[s]);
        g_free(lm->map[s]);
        g_free(lm->partner[s]);
        g_free(lm->fate[s]);
    }
    g_free(lm->out);
}

/* A reference @ref (result numbering) the element of entry @e makes to lm->refs' list: the
 * result index, or a conflict when the merge removed what it names (returns LW_NONE then). */
static uint16_t ref_result(const list_merge *lm, const list_entry *e, uint32_t ref)
{
    if (ref == REF_NONE)
        return LW_NONE;
    if (!(ref & REF_GONE))
        return (uint16_t)ref;
    uint32_t b = ref & ~REF_GONE;
    bool ours_removed = lm->refs->fate[SIDE_OURS][b] == FATE_REMOVED;
    char place[96], what[64];
    list_place(lm, e, place, sizeof place);
    snprintf(what, sizeof what, "removed %s %u", lm->refs->what, b);
    conflict(lm->m, place, ours_removed ? what : "uses it", ours_removed ? "uses it" : what);
    return LW_NONE;
}

/* masks */
static bool mask_same(const list_merge *lm, int sa, uint32_t a, int sb, uint32_t b)
{
    const lw_mask *x = &lm->lv[sa]->masks[a], *y = &lm->lv[sb]->masks[b];
    return memcmp(x->heights, y->heights, 16) == 0 && x->angle == y->angle && x->flags == y->flags;
}

static uint64_t mask_hash(const list_merge *lm, int side, uint32_t i)
{
    const lw_mask *x = &lm->lv[side]->masks[i];
    uint64_t h = 0xcbf29ce484222325ull;
    for (int c = 0; c < 16; c++)
        h = fnv(h, (uint8_t)x->heights[c]);
    return fnv(fnv(h, x->angle), x->flags);
}

/* tiles: art and flags as they are, masks through the mask merge's numbering */
static bool tile_same(const list_merge *lm, int sa, uint32_t a, int sb, uint32_t b)
{
    const lw_tile *x = &lm->lv[sa]->tiles[a], *y = &lm->lv[sb]->tiles[b];
    return x->art == y->art && x->flags == y->flags &&
           ref_map(lm->refs, sa, x->mask[0]) == ref_map(lm->refs, sb, y->mask[0]) &&
           ref_map(lm->refs, sa, x->mask[1]) == ref_map(lm->refs, sb, y->mask[1]);
}

static uint64_t tile_hash(const list_merge *lm, int side, uint32_t i)
{
    const lw_tile *x = &lm->lv[side]->tiles[i];
    uint64_t h = fnv(fnv(0xcbf29ce484222325ull, x->art), x->flags);
    return fnv(fnv(h, ref_map(lm->refs, side, x->mask[0])), ref_map(lm->refs, side, x->mask[1]));
}

/* chunk cells: tiles through the tile merge's numbering */
static bool cell_same(const list_merge *tiles, int sa, const lw_cell *x, int sb, const lw_cell *y)
{
    return x->flags == y->flags && x->solid == y->solid &&
           ref_map(tiles, sa, x->tile) == ref_map(tiles, sb, y->tile);
}

static bool chunk_same(const list_merge *lm, int sa, uint32_t a, int sb, uint32_t b)
{
    const lw_cell *x = lw_level_chunk_cells(lm->lv[sa], a),
                  *y = lw_level_chunk_cells(lm->lv[sb], b);
    uint32_t per = lw_level_cells_per_chunk(lm->lv[sa]);
    for (uint32_t i = 0; i < per; i++)
        if (!cell_same(lm->refs, sa, &x[i], sb, &y[i]))
            return false;
    return true;
}

static uint64_t chunk_hash(const list_merge *lm, int side, uint32_t i)
{
    const lw_cell *x = lw_level_chunk_cells(lm->lv[side], i);
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint32_t c = 0; c < lw_level_cells_per_chunk(lm->lv[side]); c++)
        h = fnv(fnv(h, ref_map(lm->refs, side, x[c].tile)), (uint32_t)x[c].flags << 8 | x[c].solid);
    return h;
}

/* The merged tile for an entry both sides changed: field by field. */
static lw_tile tile_merge3(const list_merge *lm, const list_entry *e)
{
    const lw_tile *tb = &lm->lv[SIDE_BASE]->tiles[e->base],
                  *to = &lm->lv[SIDE_OURS]->tiles[e->ours],
                  *tt = &lm->lv[SIDE_THEIRS]->tiles[e->theirs];
    uint32_t rb[2], ro[2], rt[2];
    for (int p = 0; p < 2; p++) {
        rb[p] = ref_map(lm->refs, SIDE_BASE, tb->mask[p]);
        ro[p] = ref_map(lm->refs, SIDE_OURS, to->mask[p]);
        rt[p] = ref_map(lm->refs, SIDE_THEIRS, tt->mask[p]);
    }
    lw_tile r = *to;
    bool clash = false;
    int c = choose(to->art == tb->art, tt->art == tb->art, to->art == tt->art);
    clash |= c < 0;
    if (c == 1)
        r.art = tt->art;
    c = choose(to->flags == tb->flags, tt->flags == tb->flags, to->flags == tt->flags);
    clash |= c < 0;
    if (c == 1)
        r.flags = tt->flags;
    for (int p = 0; p < 2; p++) {
        c = choose(ro[p] == rb[p], rt[p] == rb[p], ro[p] == rt[p]);
        clash |= c < 0;
        r.mask[p] = ref_result(lm, e, c == 1 ? rt[p] : ro[p]);
    }
    if (clash) {
        char place[64];
        list_place(lm, e, place, sizeof place);
        conflict(lm->m, place, "changed it", "changed it");
    }
    return r;
}

/* The result's masks and tiles, from the two list merges. */
static bool merge_masks_tiles(list_merge *masks, list_merge *tiles, lw_level *r)
{
    const lw_level *const *lv = masks->lv;
    for (int s = 0; s < 3; s++)
        masks->n[s] = lv[s]->mask_count;
    masks->eq = mask_same;
    masks->hash = mask_hash;
    if (!list_merge_run(masks))
        return false;
    r->mask_count = 0;
    for (uint32_t i = 0; i < masks->out_n; i++) {
        const list_entry *e = &masks->out[i];
        int side = e->src == ENTRY_MERGE ? SIDE_OURS : e->src;
        if (lw_level_add_mask(r, &lv[side]->masks[e->idx]) < 0)
            problem(masks->m, "merged level",
                    "ours and theirs together have more masks than a level may hold");
    }
    for (int s = 0; s < 3; s++)
        tiles->n[s] = lv[s]->tile_count;
    tiles->eq = tile_same;
    tiles->hash = tile_hash;
    tiles->mergeable = true;
    if (!list_merge_run(tiles))
        return false;
    r->tile_count = 0;
    for (uint32_t i = 0; i < tiles->out_n; i++) {
        const list_entry *e = &tiles->out[i];
        lw_tile t;
        if (e->src == ENTRY_MERGE) {
            t = tile_merge3(tiles, e);
        } else {
            t = lv[e->src]->tiles[e->idx];
            for (int p = 0; p < 2; p++)
                t.mask[p] = ref_result(tiles, e, ref_map(masks, e->src, t.mask[p]));
        }
        if (lw_level_add_tile(r, &t) < 0)
            problem(tiles->m, "merged level",
                    "ours and theirs together have more tiles than a level may hold");
    }
    return true;
}

/* One cell of a chunk in result numbering (a conflict when it names a removed tile). */
static lw_cell cell_result(const list_merge *chunks, const list_entry *e, int side,
                           const lw_cell *c)
{
    lw_cell out = *c;
    out.tile = ref_result(chunks, e, ref_map(chunks->refs, side, c->tile));
    return out;
}

/* The merged chunk for an entry both sides changed: cell by cell. */
static void chunk_merge3(const list_merge *lm, const list_entry *e, lw_cell *out)
{
    uint32_t per = lw_level_cells_per_chunk(lm->lv[SIDE_BASE]), n = lm->lv[SIDE_BASE]->chunk_cells;
    const lw_cell *cb = lw_level_chunk_cells(lm->lv[SIDE_BASE], e->base),
                  *co = lw_level_chunk_cells(lm->lv[SIDE_OURS], e->ours),
                  *ct = lw_level_chunk_cells(lm->lv[SIDE_THEIRS], e->theirs);
    for (uint32_t i = 0; i < per; i++) {
        int c = choose(cell_same(lm->refs, SIDE_OURS, &co[i], SIDE_BASE, &cb[i]),
                       cell_same(lm->refs, SIDE_THEIRS, &ct[i], SIDE_BASE, &cb[i]),
                       cell_same(lm->refs, SIDE_OURS, &co[i], SIDE_THEIRS, &ct[i]));
        if (c < 0) {
            char place[64], x[32], y[32];
            snprintf(place, sizeof place, "chunk %u cell %u,%u", e->base, i % n, i / n);
            snprintf(x, sizeof x, "tile %d", co[i].tile == LW_NONE ? -1 : co[i].tile);
            snprintf(y, sizeof y, "tile %d", ct[i].tile == LW_NONE ? -1 : ct[i].tile);
            conflict(lm->m, place, x, y);
        }
        out[i] = c == 1 ? cell_result(lm, e, SIDE_THEIRS, &ct[i])
                        : cell_result(lm, e, SIDE_OURS, &co[i]);
    }
}

/* The result's chunks (from the chunk list merge), then its layout slots. */
static bool merge_chunks_layout(list_merge *chunks, lw_level *r)
{
    const lw_level *const *lv = chunks->lv;
    for (int s = 0; s < 3; s++)
        chunks->n[s] = lv[s]->chunk_count;
    chunks->eq = chunk_same;
    chunks->hash = chunk_hash;
    chunks->mergeable = true;
    if (!list_merge_run(chunks))
        return false;
    uint32_t per = lw_level_cells_per_chunk(r);
    lw_cell *cells = g_try_new(lw_cell, per);
    if (!cells)
        return false;
    r->chunk_count = 0;
    for (uint32_t i = 0; i < chunks->out_n; i++) {
        const list_entry *e = &chunks->out[i];
        if (e->src == ENTRY_MERGE) {
            chunk_merge3(chunks, e, cells);
        } else {
            const lw_cell *src = lw_level_chunk_cells(lv[e->src], e->idx);
            for (uint32_t k = 0; k < per; k++)
                cells[k] = cell_result(chunks, e, e->src, &src[k]);
        }
        if (lw_level_add_chunk(r, cells) < 0)
            problem(chunks->m, "merged level",
                    "ours and theirs together have more chunks than a level may hold");
    }
    g_free(cells);
    for (int layer = 0; layer < 2; layer++) {
        if (!r->layout[layer])
            continue;
        for (uint32_t y = 0; y < r->layout_height; y++)
            for (uint32_t x = 0; x < r->layout_width; x++) {
                size_t i = (size_t)y * r->layout_width + x;
                uint16_t v[3];
                uint32_t m3[3];
                for (int s = 0; s < 3; s++) {
                    v[s] = lv[s]->layout[layer][i];
                    m3[s] = ref_map(chunks, s, v[s]);
                }
                int c = choose(m3[1] == m3[0], m3[2] == m3[0], m3[1] == m3[2]);
                char place[64];
                snprintf(place, sizeof place, "layout %s %u,%u (px %u,%u)", layer ? "bg" : "fg", x,
                         y, x << r->chunk_shift, y << r->chunk_shift);
                if (c < 0) {
                    char x1[16], y1[16];
                    snprintf(x1, sizeof x1, "chunk %d", v[1] == LW_NONE ? -1 : v[1]);
                    snprintf(y1, sizeof y1, "chunk %d", v[2] == LW_NONE ? -1 : v[2]);
                    conflict(chunks->m, place, x1, y1);
                    continue;
                }
                uint32_t ref = c == 1 ? m3[2] : m3[1];
                if (ref != REF_NONE && (ref & REF_GONE)) {
                    uint32_t b = ref & ~REF_GONE;
                    bool ours_removed = chunks->fate[SIDE_OURS][b] == FATE_REMOVED;
                    char what[48];
                    snprintf(what, sizeof what, "removed chunk %u", b);
                    conflict(chunks->m, place, ours_removed ? what : "uses it",
                             ours_removed ? "uses it" : what);
                    ref = REF_NONE;
                }
                lw_level_layout_mut(r, layer)[i] = ref == REF_NONE ? LW_NONE : (uint16_t)ref;
            }
    }
    return true;
}

/* Objects by id: ours' order, then objects only theirs added. */
static void merge_objects(merge *m, const lw_level *b, const lw_level *o, const lw_level *t,
                          lw_level *r)
{
    for (uint32_t pass = 0; pass < 2; pass++) {
        const lw_level *side = pass ? t : o;
        for (uint32_t i = 0; i < side->object_count; i++) {
            uint32_t id = side->objects[i].id;
            if (pass && lw_level_find_object(o, id))
                continue; /* seen in the first pass */
            const lw_object *ob = lw_level_find_object(b, id), *oo = lw_level_find_object(o, id),
                            *ot = lw_level_find_object(t, id);
            int c = choose(object_eq(oo, ob), object_eq(ot, ob), object_eq(oo, ot));
            char place[32];
            snprintf(place, sizeof place, "object %u", id);
            if (c < 0) {
                conflict(m, place, oo ? "changed it" : "removed it",
                         ot ? "changed it" : "removed it");
                continue;
            }
            const lw_object *pick = c == 1 ? ot : oo;
            int32_t at = lw_level_object_index(r, id);
            if (at >= 0)
                lw_level_remove_object_at(r, (uint32_t)at);
            if (pick)
                lw_level_insert_object_at(r, at >= 0 ? (uint32_t)at : r->object_count, pick);
        }
    }
    /* removed on theirs, unchanged on ours: gone (handled above: pick NULL); objects in base
     * only (removed on both) are not in ours, so not in the result */
}

/* Remove the replay named @name from @r, if it has one. */
static void drop_replay(lw_level *r, const char *name)
{
    for (uint32_t k = 0; k < r->replay_count; k++)
        if (str_eq(r->replays[k].name, name)) {
            lw_replay *replays = lw_level_replays_mut(r);
            lw_replay_clear(&replays[k]);
            memmove(&replays[k], &replays[k + 1], (r->replay_count - k - 1) * sizeof *r->replays);
            r->replay_count--;
            return;
        }
}

static void merge_overrides_replays(merge *m, const lw_level *b, const lw_level *o,
                                    const lw_level *t, lw_level *r)
{
    for (uint32_t pass = 0; pass < 2; pass++) {
        const lw_level *side = pass ? t : o;
        for (uint32_t i = 0; i < side->override_count; i++) {
            const char *name = side->overrides[i].name;
            if (pass && find_override(o, name))
                continue;
            const lw_override *vb = find_override(b, name), *vo = find_override(o, name),
                              *vt = find_override(t, name);
#define OV_EQ(x, y) ((!(x) && !(y)) || ((x) && (y) && (x)->value == (y)->value))
            int c = choose(OV_EQ(vo, vb), OV_EQ(vt, vb), OV_EQ(vo, vt));
#undef OV_EQ
            char place[64];
            snprintf(place, sizeof place, "override %s", name);
            if (c < 0) {
                conflict(m, place, vo ? "changed it" : "removed it",
                         vt ? "changed it" : "removed it");
            } else if (c == 1) {
                if (vt) {
                    lw_level_set_override(r, name, vt->value);
                } else {
                    for (uint32_t k = 0; k < r->override_count; k++)
                        if (strcmp(r->overrides[k].name, name) == 0) {
                            lw_override *ov = lw_level_overrides_mut(r);
                            memmove(&ov[k], &ov[k + 1],
                                    (r->override_count - k - 1) * sizeof *r->overrides);
                            r->override_count--;
                            break;
                        }
                }
            }
        }
    }
    /* replays: theirs' additions and changes of replays ours left alone */
    for (uint32_t pass = 0; pass < 2; pass++) {
        const lw_level *side = pass ? t : o;
        for (uint32_t i = 0; i < side->replay_count; i++) {
            const char *name = side->replays[i].name;
            if (pass && find_replay(o, name))
                continue;
            const lw_replay *vb = find_replay(b, name), *vo = find_replay(o, name),
                            *vt = find_replay(t, name);
            int c = choose(replay_eq(vo, vb), replay_eq(vt, vb), replay_eq(vo, vt));
            char place[160];
            snprintf(place, sizeof place, "replay \"%s\"", name ? name : "");
            if (c < 0) {
                conflict(m, place, vo ? "changed it" : "removed it",
                         vt ? "changed it" : "removed it");
            } else if (c == 1) { /* theirs' version (or its removal) replaces ours' */
                drop_replay(r, name);
                if (vt)
                    lw_level_add_replay(r, vt);
            }
        }
    }
}

static const cli_spec merge_spec = {
    .cmd = "merge-level",
    .usage = "BASE OURS THEIRS [-o OUT]",
    .about = "Three-way merge of level files (a git merge driver: docs/GIT.md). Edits to\n"
             "different settings, masks, tiles, chunk cells, layout slots, objects, overrides and\n"
             "replays are combined; one element changed differently on both sides is a conflict,\n"
             "printed with its place. The result is written to OUT (default OURS) only when the\n"
             "merge is clean.",
    .after = "Exit status: 0 merged, 1 conflicts (nothing written), 2 bad usage or input.",
    .max_pos = 3,
    .too_many = "three levels: BASE OURS THEIRS",
};

int cli_merge_main(int argc, char **argv)
{
    const char *paths[3] = {NULL, NULL, NULL}, *out = NULL;
    const cli_option opts[] = {
        {.name = "-o", .arg = "OUT", .value = &out, .help = "where the result goes (default OURS)"},
        {.name = NULL},
    };
    int npaths, parsed = cli_parse(&merge_spec, opts, argc, argv, paths, &npaths);
    if (parsed >= 0)
        return parsed;
    if (npaths != 3)
        return cli_usage_error("merge-level", "needs three levels: BASE OURS THEIRS");
    if (!out)
        out = paths[1];
    lw_level *lv[3] = {NULL, NULL, NULL};
    for (int i = 0; i < 3; i++)
        if (!cli_load_level(paths[i], CLI_LOAD_ALLOW_OUTSIDE_PATHS, &lv[i])) {
            for (int k = 0; k < i; k++)
                lw_level_free(lv[k]);
            return CLI_EXIT_USAGE;
        }
    const lw_level *b = lv[0], *o = lv[1], *t = lv[2];
    merge m = {out, 0, g_string_new(NULL)};
    lw_level *r = NULL;
    if (!geometry_eq(o, b) || !geometry_eq(t, b)) {
        /* the layout was resized or the chunk size changed: whole levels only */
        bool ours_same = geometry_eq(o, b), theirs_same = geometry_eq(t, b);
        char *jb = editor_level_to_json(b, NULL), *jo = editor_level_to_json(o, NULL),
             *jt = editor_level_to_json(t, NULL);
        if (jo && jt && strcmp(jo, jt) == 0)
            r = lw_level_dup(o);
        else if (!ours_same && jb && jt && strcmp(jb, jt) == 0)
            r = lw_level_dup(o);
        else if (!theirs_same && jb && jo && strcmp(jb, jo) == 0)
            r = lw_level_dup(t);
        else
            conflict(&m, "level size", "resized it or changed something",
                     "changed it too (a resized level merges only with an untouched one)");
        free(jb);
        free(jo);
        free(jt);
    } else {
        r = lw_level_dup(o);
        list_merge masks = {.m = &m, .what = "mask", .lv = {b, o, t}},
                   tiles = {.m = &m, .what = "tile", .lv = {b, o, t}, .refs = &masks},
                   chunks = {.m = &m, .what = "chunk", .lv = {b, o, t}, .refs = &tiles};
        if (r) {
            merge_settings(&m, b, o, t, r);
            if (!merge_masks_tiles(&masks, &tiles, r) || !merge_chunks_layout(&chunks, r)) {
                fprintf(stderr, "loopwright: %s: out of memory\n", out);
                lw_level_free(r);
                r = NULL;
            } else {
                merge_objects(&m, b, o, t, r);
                merge_overrides_replays(&m, b, o, t, r);
            }
        }
        list_merge_clear(&masks);
        list_merge_clear(&tiles);
        list_merge_clear(&chunks);
    }
    /* the level JSON's `source` section (disassembly identity), kept as text, merged whole */
    char *src[3] = {NULL, NULL, NULL};
    for (int i = 0; i < 3; i++) {
        char *text = NULL;
        size_t size = 0;
        if (!cli_file_is_packed(paths[i]) &&
            lwm_file_read(paths[i], EDITOR_LEVEL_MAX_FILE_BYTES, &text, &size, NULL))
            editor_level_source_text(text, size, &src[i], NULL);
        free(text);
    }
    int sc = choose(str_eq(src[1], src[0]), str_eq(src[2], src[0]), str_eq(src[1], src[2]));
    const char *source = sc == 1 ? src[2] : src[1];
    if (sc < 0)
        conflict(&m, "source section", "changed it", "changed it");
    int status = CLI_EXIT_DATA;
    lw_error err;
    if (r && !m.conflicts && !lw_level_validate(r, &err))
        conflict(&m, "merged level", "and theirs combine into an invalid level", err.message);
    if (m.conflicts) {
        fputs(m.report->str, stderr);
        fprintf(stderr, "loopwright: %s: %u conflict%s; the file is left as ours\n", out,
                m.conflicts, m.conflicts == 1 ? "" : "s");
    } else if (r) {
        size_t len = 0;
        char *json = editor_level_to_json_source(r, source, &len);
        if (json && lwm_file_write_atomic(out, json, len, NULL, &err)) {
            status = CLI_EXIT_OK;
        } else {
            if (!json)
                lw_error_set(&err, LW_ERR_NOMEM, NULL);
            cli_print_error(out, &err);
            status = CLI_EXIT_USAGE;
        }
        free(json);
    }
    g_string_free(m.report, TRUE);
    for (int i = 0; i < 3; i++)
        free(src[i]);
    lw_level_free(r);
    for (int i = 0; i < 3; i++)
        lw_level_free(lv[i]);
    return status;
}
