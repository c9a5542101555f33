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

static bool mask_eq(const lw_mask *a, const lw_mask *b)
{
    if (!a || !b)
        return a == b;
    return memcmp(a->heights, b->heights, 16) == 0 && a->angle == b->angle && a->flags == b->flags;
}

static bool tile_eq(const lw_tile *a, const lw_tile *b)
{
    if (!a || !b)
        return a == b;
    return a->art == b->art && a->mask[0] == b->mask[0] && a->mask[1] == b->mask[1] &&
           a->flags == b->flags;
}

static bool cell_eq(const lw_cell *a, const lw_cell *b)
{
    return a->tile == b->tile && a->flags == b->flags && a->solid == b->solid;
}

static bool chunk_eq(const lw_level *la, uint32_t a, const lw_level *lb, uint32_t b)
{
    bool ha = a < la->chunk_count, hb = b < lb->chunk_count;
    if (!ha || !hb)
        return ha == hb;
    uint32_t n = lw_level_cells_per_chunk(la);
    const lw_cell *ca = lw_level_chunk_cells(la, a), *cb = lw_level_chunk_cells(lb, b);
    for (uint32_t i = 0; i < n; i++)
        if (!cell_eq(&ca[i], &cb[i]))
            return false;
    return true;
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

/* Masks and tiles, index by index; the result keeps its elements contiguous. */
static void merge_masks_tiles(merge *m, const lw_level *b, const lw_level *o, const lw_level *t,
                              lw_level *r)
{
    uint32_t n = MAX(MAX(b->mask_count, o->mask_count), t->mask_count), count = 0;
    for (uint32_t i = 0; i < n; i++) {
        const lw_mask *mb = i < b->mask_count ? &b->masks[i] : NULL,
                      *mo = i < o->mask_count ? &o->masks[i] : NULL,
                      *mt = i < t->mask_count ? &t->masks[i] : NULL;
        int c = choose(mask_eq(mo, mb), mask_eq(mt, mb), mask_eq(mo, mt));
        char place[32];
        snprintf(place, sizeof place, "mask %u", i);
        if (c < 0) {
            conflict(m, place, mo ? "changed it" : "removed it", mt ? "changed it" : "removed it");
            continue;
        }
        const lw_mask *pick = c == 1 ? mt : mo;
        if (!pick)
            continue;
        if (count != i) {
            conflict(m, place, "a mask removed before it", "kept");
            continue;
        }
        if (i >= r->mask_count)
            lw_level_add_mask(r, pick);
        else
            r->masks[i] = *pick;
        count = i + 1;
    }
    r->mask_count = count;
    n = MAX(MAX(b->tile_count, o->tile_count), t->tile_count);
    count = 0;
    for (uint32_t i = 0; i < n; i++) {
        const lw_tile *tb = i < b->tile_count ? &b->tiles[i] : NULL,
                      *to = i < o->tile_count ? &o->tiles[i] : NULL,
                      *tt = i < t->tile_count ? &t->tiles[i] : NULL;
        int c = choose(tile_eq(to, tb), tile_eq(tt, tb), tile_eq(to, tt));
        char place[32];
        snprintf(place, sizeof place, "tile %u", i);
        if (c < 0) {
            conflict(m, place, to ? "changed it" : "removed it", tt ? "changed it" : "removed it");
            continue;
        }
        const lw_tile *pick = c == 1 ? tt : to;
        if (!pick)
            continue;
        if (count != i) {
            conflict(m, place, "a tile removed before it", "kept");
            continue;
        }
        if (i >= r->tile_count)
            lw_level_add_tile(r, pick);
        else
            r->tiles[i] = *pick;
        count = i + 1;
    }
    r->tile_count = count;
}

/* Chunks cell by cell (chunks all three have), whole chunks otherwise; then layout slots. */
static void merge_chunks_layout(merge *m, const lw_level *b, const lw_level *o, const lw_level *t,
                                lw_level *r)
{
    uint32_t per = lw_level_cells_per_chunk(r), n = r->chunk_cells;
    uint32_t total = MAX(MAX(b->chunk_count, o->chunk_count), t->chunk_count), count = 0;
    for (uint32_t ch = 0; ch < total; ch++) {
        bool hb = ch < b->chunk_count, ho = ch < o->chunk_count, ht = ch < t->chunk_count;
        char place[64];
        if (hb && ho && ht) {
            lw_cell *rc = lw_level_chunk_cells_mut(r, ch);
            const lw_cell *cb = lw_level_chunk_cells(b, ch), *co = lw_level_chunk_cells(o, ch),
                          *ct = lw_level_chunk_cells(t, ch);
            for (uint32_t i = 0; i < per; i++) {
                int c = choose(cell_eq(&co[i], &cb[i]), cell_eq(&ct[i], &cb[i]),
                               cell_eq(&co[i], &ct[i]));
                if (c == 1)
                    rc[i] = ct[i];
                else if (c < 0) {
                    char x[32], y[32];
                    snprintf(place, sizeof place, "chunk %u cell %u,%u", ch, i % n, i / n);
                    snprintf(x, sizeof x, "tile %d", co[i].tile == LW_NONE ? -1 : co[i].tile);
                    snprintf(y, sizeof y, "tile %d", ct[i].tile == LW_NONE ? -1 : ct[i].tile);
                    conflict(m, place, x, y);
                }
            }
            count = ch + 1;
            continue;
        }
        int c = choose(chunk_eq(o, ch, b, ch), chunk_eq(t, ch, b, ch), chunk_eq(o, ch, t, ch));
        snprintf(place, sizeof place, "chunk %u", ch);
        if (c < 0) {
            conflict(m, place, ho ? "has it" : "removed it", ht ? "has it" : "removed it");
            continue;
        }
        const lw_level *src = c == 1 ? t : o;
        if (ch >= src->chunk_count)
            continue;
        if (count != ch) {
            conflict(m, place, "a chunk removed before it", "kept");
            continue;
        }
        if (ch >= r->chunk_count)
            lw_level_add_chunk(r, lw_level_chunk_cells(src, ch));
        else
            memcpy(lw_level_chunk_cells_mut(r, ch), lw_level_chunk_cells(src, ch),
                   per * sizeof(lw_cell));
        count = ch + 1;
    }
    r->chunk_count = count;
    for (int layer = 0; layer < 2; layer++) {
        if (!r->layout[layer])
            continue;
        for (uint32_t y = 0; y < r->layout_height; y++)
            for (uint32_t x = 0; x < r->layout_width; x++) {
                size_t i = (size_t)y * r->layout_width + x;
                uint16_t vb = b->layout[layer][i], vo = o->layout[layer][i],
                         vt = t->layout[layer][i];
                int c = choose(vo == vb, vt == vb, vo == vt);
                if (c == 1)
                    r->layout[layer][i] = vt;
                else if (c < 0) {
                    char place[64], x1[16], y1[16];
                    snprintf(place, sizeof place, "layout %s %u,%u (px %u,%u)", layer ? "bg" : "fg",
                             x, y, x << r->chunk_shift, y << r->chunk_shift);
                    snprintf(x1, sizeof x1, "chunk %d", vo == LW_NONE ? -1 : vo);
                    snprintf(y1, sizeof y1, "chunk %d", vt == LW_NONE ? -1 : vt);
                    conflict(m, place, x1, y1);
                }
            }
    }
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
                            memmove(&r->overrides[k], &r->overrides[k + 1],
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
            } else if (c == 1 && vt) {
                for (uint32_t k = 0; k < r->replay_count; k++)
                    if (str_eq(r->replays[k].name, name)) {
                        lw_replay_clear(&r->replays[k]);
                        memmove(&r->replays[k], &r->replays[k + 1],
                                (r->replay_count - k - 1) * sizeof *r->replays);
                        r->replay_count--;
                        break;
                    }
                lw_level_add_replay(r, vt);
            } else if (c == 1 && !vt) {
                for (uint32_t k = 0; k < r->replay_count; k++)
                    if (str_eq(r->replays[k].name, name)) {
                        lw_replay_clear(&r->replays[k]);
                        memmove(&r->replays[k], &r->replays[k + 1],
                                (r->replay_count - k - 1) * sizeof *r->replays);
                        r->replay_count--;
                        break;
                    }
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
        if (r) {
            merge_settings(&m, b, o, t, r);
            merge_masks_tiles(&m, b, o, t, r);
            merge_chunks_layout(&m, b, o, t, r);
            merge_objects(&m, b, o, t, r);
            merge_overrides_replays(&m, b, o, t, r);
        }
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
