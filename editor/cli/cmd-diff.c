/* SPDX-License-Identifier: MIT */
/*
 * `loopwright diff A B`: what changed between two levels, as a list of edits with their places;
 * `loopwright diff --textconv LEVEL`: the same facts for one level, one a line, each followed by
 * a line naming it (a git textconv, so `git diff` / `git log -p` show each changed fact as a
 * -old/+new pair instead of JSON); `loopwright merge-level`: a
 * git merge driver that merges edits to different cells, chunks and objects. docs/CLI.md,
 * "diff", and docs/GIT.md.
 *
 * Both commands see a level as a list of facts, "KEY: VALUE" in a fixed order: the level's
 * settings, each mask, tile, non-empty chunk cell, layout slot, object (by id), physics
 * override and replay. A diff is the keys whose values differ.
 */
#include "cli.h"
#include "level-json.h"
#include "real-path.h"

#include <glib.h>
#include <loopwright-masks/image.h>
#include <loopwright-masks/render.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- facts ---- */

typedef struct fact {
    char *key, *value;
    int mask; /* the mask index of a "mask N" fact, else -1 (for --png) */
} fact;

typedef struct facts {
    fact *v;
    size_t n, cap;
} facts;

static void add(facts *f, int mask, char *key, char *value)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 1024;
        f->v = g_realloc_n(f->v, f->cap, sizeof *f->v);
    }
    f->v[f->n++] = (fact){key, value, mask};
}

static void facts_clear(facts *f)
{
    for (size_t i = 0; i < f->n; i++) {
        g_free(f->v[i].key);
        g_free(f->v[i].value);
    }
    g_free(f->v);
    memset(f, 0, sizeof *f);
}

static const char *solid_name(unsigned s)
{
    static const char *names[4] = {"none", "top", "lrb", "all"};
    return names[s & 3u];
}

static const char *flip_text(uint8_t flags)
{
    static const char *names[4] = {"-", "X", "Y", "XY"};
    return names[flags & 3u];
}

static const char *object_type_name(lw_object_type t)
{
    switch (t) {
    case LW_OBJECT_PLAYER_START:
        return "player_start";
    case LW_OBJECT_PATH_SWAPPER:
        return "path_swapper";
    case LW_OBJECT_MARKER:
        return "marker";
    }
    return "object";
}

static char *object_text(const lw_object *o)
{
    GString *s = g_string_new(object_type_name(o->type));
    g_string_append_printf(s, " at %d,%d", o->x, o->y);
    switch (o->type) {
    case LW_OBJECT_PLAYER_START:
        g_string_append(s, o->facing_left ? " facing left" : " facing right");
        break;
    case LW_OBJECT_PATH_SWAPPER: {
        const lw_path_swapper *w = &o->swapper;
        g_string_append_printf(s, " %s radius %u paths %c/%c priority %u/%u%s%s",
                               w->horizontal ? "horizontal" : "vertical", w->radius,
                               'A' + (w->path[0] & 1), 'A' + (w->path[1] & 1), w->priority[0],
                               w->priority[1], w->grounded_only ? " grounded-only" : "",
                               w->priority_only ? " priority-only" : "");
        break;
    }
    case LW_OBJECT_MARKER:
        g_string_append_printf(s, " \"%s\"", o->name ? o->name : "");
        for (uint32_t i = 0; i < o->prop_count; i++)
            g_string_append_printf(s, " %s=\"%s\"", o->props[i].key, o->props[i].value);
        break;
    }
    return g_string_free(s, FALSE);
}

static uint32_t fnv32(const char *s)
{
    uint32_t h = 2166136261u;
    for (; s && *s; s++)
        h = (h ^ (uint8_t)*s) * 16777619u;
    return h;
}

static void level_facts(const lw_level *l, facts *f)
{
    add(f, -1, g_strdup("level name"), g_strdup_printf("\"%s\"", l->name ? l->name : ""));
    add(f, -1, g_strdup("level size"),
        g_strdup_printf("%ux%u chunks of %u px (%dx%d px)%s", l->layout_width, l->layout_height,
                        l->chunk_px, lw_level_width_px(l), lw_level_height_px(l),
                        l->layout[LW_LAYER_BG] ? ", with background layer" : ""));
    add(f, -1, g_strdup("level tileset"), g_strdup(l->tileset ? l->tileset : "none"));
    add(f, -1, g_strdup("level background"), g_strdup_printf("#%06x", l->background_rgb));
    add(f, -1, g_strdup("level water"),
        l->has_water ? g_strdup_printf("%d px", (int)l->water_height) : g_strdup("none"));
    add(f, -1, g_strdup("level profile"), g_strdup_printf("%s %s", l->profile, l->character));
    add(f, -1, g_strdup("level counts"),
        g_strdup_printf("%u masks, %u tiles, %u chunks, %u objects, %u replays", l->mask_count,
                        l->tile_count, l->chunk_count, l->object_count, l->replay_count));
    for (uint32_t m = 0; m < l->mask_count; m++) {
        const lw_mask *k = &l->masks[m];
        GString *s = g_string_new("heights ");
        for (int c = 0; c < 16; c++)
            g_string_append_printf(s, c ? ",%d" : "%d", k->heights[c]);
        g_string_append_printf(s, " angle 0x%02X%s", k->angle,
                               (k->flags & LW_MASK_FLAGGED) ? " flagged" : "");
        add(f, (int)m, g_strdup_printf("mask %u", m), g_string_free(s, FALSE));
    }
    for (uint32_t t = 0; t < l->tile_count; t++) {
        const lw_tile *k = &l->tiles[t];
        char a[8], ma[8], mb[8];
        snprintf(a, sizeof a, "%d", k->art == LW_NONE ? -1 : (int)k->art);
        snprintf(ma, sizeof ma, "%d", k->mask[0] == LW_NONE ? -1 : (int)k->mask[0]);
        snprintf(mb, sizeof mb, "%d", k->mask[1] == LW_NONE ? -1 : (int)k->mask[1]);
        add(f, -1, g_strdup_printf("tile %u", t),
            g_strdup_printf("art %s, mask A %s, mask B %s%s", a, ma, mb,
                            (k->flags & LW_TILE_JUMP_THROUGH) ? ", jump-through" : ""));
    }
    uint32_t n = l->chunk_cells;
    for (uint32_t c = 0; c < l->chunk_count; c++) {
        const lw_cell *cells = lw_level_chunk_cells(l, c);
        for (uint32_t i = 0; i < n * n; i++) {
            const lw_cell *k = &cells[i];
            if (k->tile == LW_NONE)
                continue;
            add(f, -1, g_strdup_printf("chunk %u cell %u,%u", c, i % n, i / n),
                g_strdup_printf("tile %u flip %s solid A %s, B %s", k->tile, flip_text(k->flags),
                                solid_name(k->solid), solid_name(k->solid >> 2)));
        }
    }
    for (int layer = 0; layer < 2; layer++) {
        if (!l->layout[layer])
            continue;
        for (uint32_t y = 0; y < l->layout_height; y++)
            for (uint32_t x = 0; x < l->layout_width; x++) {
                uint16_t ch = lw_level_layout_get(l, (lw_layer)layer, x, y);
                if (ch == LW_NONE)
                    continue;
                add(f, -1,
                    g_strdup_printf("layout %s %u,%u (px %u,%u)", layer ? "bg" : "fg", x, y,
                                    x << l->chunk_shift, y << l->chunk_shift),
                    g_strdup_printf("chunk %u", ch));
            }
    }
    for (uint32_t i = 0; i < l->object_count; i++)
        add(f, -1, g_strdup_printf("object %u", l->objects[i].id), object_text(&l->objects[i]));
    for (uint32_t i = 0; i < l->override_count; i++)
        add(f, -1, g_strdup_printf("override %s", l->overrides[i].name),
            g_strdup_printf("%d", l->overrides[i].value));
    for (uint32_t i = 0; i < l->replay_count; i++) {
        const lw_replay *r = &l->replays[i];
        GString *s = g_string_new(NULL);
        g_string_append_printf(s, "%u frames, script %zu bytes (fnv %08x)", r->frames,
                               r->script ? strlen(r->script) : 0, fnv32(r->script));
        if (r->has_start)
            g_string_append_printf(s, ", start %d,%d", r->start_x, r->start_y);
        if (r->profile[0] || r->character[0])
            g_string_append_printf(s, ", %s %s", r->profile, r->character);
        if (r->has_expect)
            g_string_append_printf(s, ", ends at %d,%d path %c %s hash %016llx", r->expect_x,
                                   r->expect_y, 'A' + (r->expect_path & 1),
                                   r->expect_air ? "in the air" : "on the ground",
                                   (unsigned long long)r->expect_hash);
        add(f, -1, g_strdup_printf("replay \"%s\"", r->name ? r->name : ""),
            g_string_free(s, FALSE));
    }
}

/* ---- diff ---- */

typedef struct diff_result {
    unsigned count;
    GHashTable *changed_masks; /* mask indices of B (GINT_TO_POINTER(i + 1)) */
} diff_result;

static void print_diff(const facts *a, const facts *b, GString *out, diff_result *res)
{
    GHashTable *in_b = g_hash_table_new(g_str_hash, g_str_equal);
    GHashTable *in_a = g_hash_table_new(g_str_hash, g_str_equal);
    for (size_t i = 0; i < b->n; i++)
        g_hash_table_insert(in_b, b->v[i].key, &b->v[i]);
    for (size_t i = 0; i < a->n; i++)
        g_hash_table_insert(in_a, a->v[i].key, &a->v[i]);
    /* A's order, with B's new facts after the A fact before them: walk both lists */
    size_t j = 0;
    for (size_t i = 0; i <= a->n; i++) {
        /* B facts that A lacks, up to the B position of A's fact i */
        const fact *fa = i < a->n ? &a->v[i] : NULL;
        const fact *fb_match = fa ? g_hash_table_lookup(in_b, fa->key) : NULL;
        size_t stop = fb_match ? (size_t)(fb_match - b->v) : (fa ? j : b->n);
        for (; j < stop; j++) {
            if (g_hash_table_contains(in_a, b->v[j].key))
                continue;
            g_string_append_printf(out, "%s: added: %s\n", b->v[j].key, b->v[j].value);
            res->count++;
            if (b->v[j].mask >= 0)
                g_hash_table_add(res->changed_masks, GINT_TO_POINTER(b->v[j].mask + 1));
        }
        if (!fa)
            break;
        if (!fb_match) {
            g_string_append_printf(out, "%s: removed (was %s)\n", fa->key, fa->value);
            res->count++;
        } else {
            if (strcmp(fa->value, fb_match->value) != 0) {
                g_string_append_printf(out, "%s: %s -> %s\n", fa->key, fa->value, fb_match->value);
                res->count++;
                if (fb_match->mask >= 0)
                    g_hash_table_add(res->changed_masks, GINT_TO_POINTER(fb_match->mask + 1));
            }
            if ((size_t)(fb_match - b->v) + 1 > j)
                j = (size_t)(fb_match - b->v) + 1;
        }
    }
    g_hash_table_unref(in_a);
    g_hash_table_unref(in_b);
}

/* ---- --png: B with changed cells outlined, a panel of changed masks ---- */

static bool cell_same(const lw_level *a, const lw_level *b, int32_t x, int32_t y)
{
    const lw_cell *ca = lw_level_cell_at(a, x, y), *cb = lw_level_cell_at(b, x, y);
    if (!ca || !cb)
        return (!ca || ca->tile == LW_NONE) && (!cb || cb->tile == LW_NONE);
    if (ca->tile != cb->tile || ca->flags != cb->flags || ca->solid != cb->solid)
        return false;
    return true;
}

static void outline(lwm_image *img, int32_t x, int32_t y, int32_t w, int32_t h, uint32_t rgba)
{
    lwm_fill_rect(img, x, y, w, 2, rgba);
    lwm_fill_rect(img, x, y + h - 2, w, 2, rgba);
    lwm_fill_rect(img, x, y, 2, h, rgba);
    lwm_fill_rect(img, x + w - 2, y, 2, h, rgba);
}

static void draw_mask(lwm_image *img, int32_t x, int32_t y, const lw_mask *m, uint32_t rgba)
{
    lwm_fill_rect(img, x, y, 64, 64, 0x303030FFu);
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 16; c++)
            if (lw_mask_pixel(m, c, r))
                lwm_fill_rect(img, x + c * 4, y + r * 4, 4, 4, rgba);
}

#define PANEL_W 176

static bool write_png(const lw_level *a, const lw_level *b, const char *b_path,
                      GHashTable *changed_masks, const char *out, unsigned flags)
{
    lw_error err;
    lwm_image art = {0}, pic = {0}, img = {0};
    bool have_art = false;
    if (b->tileset) {
        /* checked on the file opened (real-path.h); a missing or broken tileset draws grey
         * squares, one that leaves the level's folder is refused */
        have_art = editor_tileset_load(b_path, b->tileset,
                                       (flags & CLI_LOAD_ALLOW_OUTSIDE_PATHS) != 0, &art, &err);
        if (!have_art && err.code == LW_ERR_PATH) {
            cli_print_error(b_path, &err);
            return false;
        }
    }
    lwm_render_options opts = lwm_render_options_default();
    if (!lwm_render_level(b, have_art ? &art : NULL, &opts, &pic, &err)) {
        cli_print_error(out, &err);
        lwm_image_clear(&art);
        return false;
    }
    lwm_image_clear(&art);
    /* changed masks, in index order */
    GArray *masks = g_array_new(FALSE, FALSE, sizeof(int));
    for (uint32_t m = 0; m < b->mask_count; m++)
        if (g_hash_table_contains(changed_masks, GINT_TO_POINTER((int)m + 1)))
            g_array_append_val(masks, m);
    uint32_t panel_h = 16 + (uint32_t)masks->len * 84;
    uint32_t h = pic.height > panel_h ? pic.height : panel_h;
    bool ok = lwm_image_init(&img, pic.width + PANEL_W, h, 0x181818FFu, &err);
    if (ok) {
        for (uint32_t y = 0; y < pic.height; y++)
            memcpy(lwm_image_pixel(&img, 0, y), lwm_image_pixel(&pic, 0, y), (size_t)pic.width * 4);
        for (int32_t y = 0; y < lw_level_height_px(b); y += 16)
            for (int32_t x = 0; x < lw_level_width_px(b); x += 16)
                if (!cell_same(a, b, x, y))
                    outline(&img, x, y, 16, 16, 0xFF2020FFu);
        int32_t px = (int32_t)pic.width + 8;
        lwm_draw_text(&img, px, 4, "MASKS BEFORE / AFTER", 0xFFFFFFFFu, 1);
        for (guint i = 0; i < masks->len; i++) {
            int m = g_array_index(masks, int, i);
            int32_t y = 16 + (int32_t)i * 84;
            char label[32];
            snprintf(label, sizeof label, "MASK %d", m);
            lwm_draw_text(&img, px, y, label, 0xFFD020FFu, 1);
            if ((uint32_t)m < a->mask_count)
                draw_mask(&img, px, y + 10, &a->masks[m], 0xA0A0A0FFu);
            draw_mask(&img, px + 80, y + 10, &b->masks[m], 0xFFFFFFFFu);
        }
        ok = lwm_image_save_png(out, &img, &err);
    }
    if (!ok)
        cli_print_error(out, &err);
    g_array_free(masks, TRUE);
    lwm_image_clear(&img);
    lwm_image_clear(&pic);
    return ok;
}

static const cli_spec diff_spec = {
    .cmd = "diff",
    .usage = "A B [--png OUT.png] [--allow-outside-paths]\n--textconv LEVEL",
    .about = "What changed from level A to level B (level JSON or packed binaries), one edit a\n"
             "line with its place: settings, masks, tiles, chunk cells, layout slots, objects (by\n"
             "id), physics overrides and replays.",
    .after = "Exit status: 0 same, 1 different, 2 bad usage or a level that cannot be read.",
    .max_pos = 2,
    .too_many = "two levels at most",
};

/* Load for diff: an error is exit 2 (1 means "different"). */
static lw_level *load(const char *path, unsigned flags)
{
    lw_level *l = NULL;
    return cli_load_level(path, flags, &l) ? l : NULL;
}

int cli_diff_main(int argc, char **argv)
{
    const char *paths[2] = {NULL, NULL}, *png = NULL;
    bool textconv = false, outside = false;
    const cli_option opts[] = {
        {.name = "--png",
         .arg = "OUT.png",
         .value = &png,
         .help = "draw B with the changed cells outlined in red and a side panel of\n"
                 "the changed masks (before in grey, after in white)"},
        {.name = "--textconv",
         .flag = &textconv,
         .help = "print every fact of one level, one a line (for git: docs/GIT.md)"},
        {.name = "--allow-outside-paths",
         .flag = &outside,
         .help = "accept a tileset outside the level's folder"},
        {.name = NULL},
    };
    int npaths, r = cli_parse(&diff_spec, opts, argc, argv, paths, &npaths);
    if (r >= 0)
        return r;
    unsigned flags = outside ? CLI_LOAD_ALLOW_OUTSIDE_PATHS : 0;
    if (textconv) {
        if (npaths != 1 || png)
            return cli_usage_error("diff", "--textconv takes one LEVEL");
        lw_level *l = load(paths[0], flags | CLI_LOAD_ALLOW_OUTSIDE_PATHS);
        if (!l)
            return CLI_EXIT_USAGE;
        facts f = {0};
        level_facts(l, &f);
        /* each fact is followed by a line naming it and nothing else: the old and new values of
         * a fact then sit between the same two unchanged lines, so git's line diff shows every
         * changed fact as its own -old/+new pair rather than blocks of removed and added lines */
        GString *out = g_string_new(NULL);
        for (size_t i = 0; i < f.n; i++)
            g_string_append_printf(out, "%s: %s\n  (%s)\n", f.v[i].key, f.v[i].value, f.v[i].key);
        fwrite(out->str, 1, out->len, stdout);
        g_string_free(out, TRUE);
        facts_clear(&f);
        lw_level_free(l);
        return fflush(stdout) == 0 ? CLI_EXIT_OK : CLI_EXIT_USAGE;
    }
    if (npaths != 2)
        return cli_usage_error("diff", "needs two levels, A and B");
    /* /dev/null, as git passes it for a file added or deleted: no level, no facts */
    bool none_a = strcmp(paths[0], "/dev/null") == 0, none_b = strcmp(paths[1], "/dev/null") == 0;
    if (png && (none_a || none_b))
        return cli_usage_error("diff", "--png needs two levels");
    lw_level *a = none_a ? NULL : load(paths[0], flags);
    lw_level *b = none_b || (!a && !none_a) ? NULL : load(paths[1], flags);
    if ((!a && !none_a) || (!b && !none_b)) {
        lw_level_free(a);
        return CLI_EXIT_USAGE;
    }
    facts fa = {0}, fb = {0};
    if (a)
        level_facts(a, &fa);
    if (b)
        level_facts(b, &fb);
    diff_result res = {0, g_hash_table_new(g_direct_hash, g_direct_equal)};
    GString *out = g_string_new(NULL);
    g_string_append_printf(out, "--- %s\n+++ %s\n", paths[0], paths[1]);
    print_diff(&fa, &fb, out, &res);
    g_string_append_printf(out, "%u difference%s\n", res.count, res.count == 1 ? "" : "s");
    fwrite(out->str, 1, out->len, stdout);
    fflush(stdout);
    g_string_free(out, TRUE);
    int status = res.count ? CLI_EXIT_DATA : CLI_EXIT_OK;
    if (png && !write_png(a, b, paths[1], res.changed_masks, png, flags))
        status = CLI_EXIT_USAGE;
    g_hash_table_unref(res.changed_masks);
    facts_clear(&fa);
    facts_clear(&fb);
    lw_level_free(a);
    lw_level_free(b);
    return status;
}
