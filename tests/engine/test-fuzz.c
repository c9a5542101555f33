/* SPDX-License-Identifier: MIT */
/*
 * Robustness: millions of frames of random input on random and sample-like terrain, with every
 * profile and character and, in some runs, random physics constants anywhere in their allowed
 * ranges. Seeded (GRand), so a failure reproduces: the message names the seed, run and frame.
 *
 * After every frame:
 *  - speeds are within 16 bits (|xsp|, |ysp|, |gsp| <= 32767);
 *  - the centre stays in a sane box: x within 64 px of the level's sides (or of the boundary
 *    limits, when random constants put them outside the level), y above
 *    level height + kill_margin + 192 px (the kill plane ends runs below it) and above -2^22 px
 *    (positions never overflow);
 *  - radii are the profile's standing or ball radii, the control lock is <= slip_lock;
 *  - a frame casts at most 7 sensors (the debug record has room for LW_SIM_MAX_CASTS);
 *  - on heightfield and sample-like terrain: the player is never "at rest" with its centre in a
 *    fully solid cell. At rest = grounded, Gsp = Xsp = Ysp = 0 and the same position as at the
 *    end of the previous frame. Fully solid cell = the cell under the centre pixel has, on the
 *    player's current path, both solidity bits (after the jump-through rule) and a mask whose 16
 *    heights are all +-16. The check applies to ordinary play, defined as: preset constants, and
 *    |Xsp|, |Ysp|, |Gsp| <= 16 px/frame (4096, the originals' rolling cap) on every frame of the
 *    run so far. Beyond that the specified physics itself can bury the player, and the test
 *    found it doing so: a sensor sees at most two blocks (32 px), and rolling down a near-
 *    vertical wall (ang 0x3C) into a floor, the vertical push sensor corrects Ysp but never
 *    zeroes Gsp (§4.6), so the rolling slope factor grows Gsp frame after frame until one
 *    frame's movement outruns the push sensor and the player sinks into the floor. Block soup is
 *    excluded too: with overhangs the originals' physics walks a player's head into a low
 *    ceiling (the push sensor runs 8 px below the centre on flat ground and ceilings are not
 *    checked on the ground).
 * Out-of-level reads are caught by the sanitizer build (ASan + UBSan) running the same test.
 *
 * Frames: LW_FUZZ_FRAMES (environment) or 4,000,000 divided by LW_FUZZ_DIVISOR (a build-time
 * define: 1 in normal builds, 8 under sanitizers, from tests/engine/meson.build).
 */
#include "level-json.h"
#include "terrain.h"

#include <glib.h>
#include <loopwright/sim.h>
#include <loopwright/trace.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifndef LW_FUZZ_DIVISOR
#define LW_FUZZ_DIVISOR 1
#endif

typedef enum terrain_kind { SOUP, HEIGHTFIELD, LOOP, SAMPLE, KIND_COUNT } terrain_kind;

static const char *const kind_names[] = {"soup", "heightfield", "loop", "sample"};

/* ---- terrain generators ---- */

static lw_level *make_soup(GRand *rng)
{
    uint16_t chunk = g_rand_boolean(rng) ? 128 : 256;
    int32_t w = g_rand_int_range(rng, 1, 9) * chunk, h = g_rand_int_range(rng, 1, 5) * chunk;
    lw_level *level = terrain_new(chunk, w, h);
    uint16_t tiles[32];
    for (int i = 0; i < 32; i++) {
        int8_t hs[16];
        int kind = g_rand_int_range(rng, 0, 6);
        int a = g_rand_int_range(rng, 0, 17), b = g_rand_int_range(rng, 0, 17);
        for (int c = 0; c < 16; c++) {
            int v = g_rand_int_range(rng, -16, 17);
            switch (kind) {
            case 0:
                v = 16;
                break; /* full */
            case 1:
                v = a + (b - a) * c / 15;
                break; /* floor slope */
            case 2:
                v = -(a + (b - a) * c / 15);
                break; /* ceiling slope */
            case 3:
                v = c < 8 ? 16 : 0;
                break; /* half wall */
            default:
                break; /* random columns */
            }
            hs[c] = (int8_t)CLAMP(v, -16, 16);
        }
        tiles[i] = terrain_shape(level, hs, (uint8_t)g_rand_int_range(rng, 0, 256),
                                 g_rand_int_range(rng, 0, 4) == 0);
        lw_tile *t = &lw_level_tiles_mut(level)[tiles[i]];
        if (g_rand_int_range(rng, 0, 6) == 0)
            t->flags = LW_TILE_JUMP_THROUGH;
        if (g_rand_int_range(rng, 0, 8) == 0)
            t->mask[g_rand_int_range(rng, 0, 2)] = LW_NONE;
    }
    double density = g_rand_double_range(rng, 0.05, 0.6);
    for (int32_t by = 0; by < h / 16; by++)
        for (int32_t bx = 0; bx < w / 16; bx++)
            if (g_rand_double(rng) < density)
                terrain_set_path(level, bx, by, tiles[g_rand_int_range(rng, 0, 32)],
                                 (uint8_t)g_rand_int_range(rng, 0, 4),
                                 (lw_solidity)g_rand_int_range(rng, 0, 4),
                                 (lw_solidity)g_rand_int_range(rng, 0, 4));
    /* some empty layout slots */
    uint32_t slots = (uint32_t)level->layout_width * level->layout_height;
    for (uint32_t i = 0; i < slots; i++)
        if (g_rand_int_range(rng, 0, 5) == 0)
            lw_level_layout_mut(level, LW_LAYER_FG)[i] = LW_NONE;
    return level;
}

/* A heightfield: solid below a random piecewise-linear surface, with slopes below 45 degrees
 * (at most 0.8 px down per px: angles within +-0x1B) and vertical steps, plus top-only
 * platforms floating above it. No overhangs, no steep walls, no exact diagonals. */
typedef struct surface {
    int32_t n;
    int32_t x[80], y[80];
} surface;

static double surface_y(const surface *s, double x)
{
    for (int32_t i = 0; i + 1 < s->n; i++) {
        if (x < s->x[i + 1]) {
            double t = (x - s->x[i]) / (double)(s->x[i + 1] - s->x[i]);
            return s->y[i] + t * (s->y[i + 1] - s->y[i]);
        }
    }
    return s->y[s->n - 1];
}

static bool surface_solid(int32_t x, int32_t y, void *user)
{
    return y + 0.5 >= surface_y(user, x + 0.5);
}

static uint8_t surface_angle(int32_t bx, int32_t by, void *user)
{
    bool full = true;
    for (int32_t y = by * 16; y < by * 16 + 16 && full; y++)
        for (int32_t x = bx * 16; x < bx * 16 + 16 && full; x++)
            full = surface_solid(x, y, user);
    /* a block with a vertical step in it is a wall piece: flagged, as in the originals */
    const surface *sf = user;
    for (int32_t i = 0; i + 1 < sf->n; i++)
        if (sf->x[i] == sf->x[i + 1] && sf->x[i] >= bx * 16 - 1 && sf->x[i] <= bx * 16 + 16)
            full = true;
    if (full)
        return 0xFF;
    double x = bx * 16 + 8, dy = surface_y(user, x + 1) - surface_y(user, x - 1);
    double a = atan2(dy, 2.0) * 128.0 / G_PI;
    return (uint8_t)((int)lround(a) & 0xFE);
}

static lw_level *make_heightfield(GRand *rng)
{
    int32_t w = 2048, h = 1024;
    lw_level *level = terrain_new(128, w, h);
    surface s = {0};
    int32_t x = 0, y = g_rand_int_range(rng, 500, 900);
    while (x < w && s.n < 78) {
        s.x[s.n] = x;
        s.y[s.n] = y;
        s.n++;
        int32_t step = g_rand_int_range(rng, 16, 200);
        int kind = g_rand_int_range(rng, 0, 4);
        if (kind == 0) { /* a vertical step: the next point starts at another height */
            y = CLAMP(y + g_rand_int_range(rng, -96, 97), 300, 1000);
            s.x[s.n] = x;
            s.y[s.n] = y;
            s.n++;
        }
        x += step;
        if (kind == 1)
            y += g_rand_int_range(rng, -(step * 4) / 5, (step * 4) / 5 + 1);
        else if (kind == 2)
            y += g_rand_int_range(rng, -step / 3, step / 3 + 1);
        y = CLAMP(y, 300, 1000);
    }
    s.x[s.n] = w + 64;
    s.y[s.n] = y;
    s.n++;
    terrain_raster(level, 0, 0, w / 16 - 1, h / 16 - 1, surface_solid, surface_angle, &s);
    uint16_t full = terrain_full(level);
    for (int i = 0; i < 10; i++) {
        int32_t bx = g_rand_int_range(rng, 0, w / 16 - 4), by = g_rand_int_range(rng, 5, 40);
        int32_t len = g_rand_int_range(rng, 1, 5);
        for (int32_t k = 0; k < len; k++) {
            const lw_cell *c = lw_level_cell_at(level, (bx + k) * 16, by * 16);
            if (c && c->tile == LW_NONE)
                terrain_set_path(level, bx + k, by, full, 0, LW_SOLID_TOP, LW_SOLID_TOP);
        }
    }
    return level;
}

/* A loop: a block-aligned solid box with a circle cut out of it, standing on a floor (y >= 800)
 * and touching it. The circle's boundary blocks get the exact inner surface angle (even); every
 * fully solid block is flagged, so the box's outer faces are plain walls and a floor. */
typedef struct ring {
    double cx, cy, r;
    int32_t x0, x1, y0; /* the box: x0 <= x < x1, y0 <= y */
} ring;

static bool ring_solid(int32_t x, int32_t y, void *user)
{
    const ring *g = user;
    if (y >= 800)
        return true;
    if (x < g->x0 || x >= g->x1 || y < g->y0)
        return false;
    double dx = x + 0.5 - g->cx, dy = y + 0.5 - g->cy;
    return dx * dx + dy * dy >= g->r * g->r;
}

static uint8_t ring_angle(int32_t bx, int32_t by, void *user)
{
    bool full = true;
    for (int32_t y = by * 16; y < by * 16 + 16 && full; y++)
        for (int32_t x = bx * 16; x < bx * 16 + 16 && full; x++)
            full = ring_solid(x, y, user);
    if (full)
        return 0xFF;
    const ring *g = user;
    double a = atan2(by * 16 + 8 - g->cy, bx * 16 + 8 - g->cx) * 128.0 / G_PI - 64.0;
    return (uint8_t)((int)lround(a) & 0xFE);
}

static lw_level *make_loop(GRand *rng)
{
    lw_level *level = terrain_new(128, 2048, 1024);
    ring g = {.cx = 1024, .r = g_rand_int_range(rng, 64, 160)};
    g.cy = 800 - g.r;
    g.x0 = ((int32_t)(g.cx - g.r) - 40) & ~15;
    g.x1 = (((int32_t)(g.cx + g.r) + 40) + 15) & ~15;
    g.y0 = ((int32_t)(g.cy - g.r) - 40) & ~15;
    terrain_raster(level, 0, 0, 127, 63, ring_solid, ring_angle, &g);
    return level;
}

static lw_level *load_sample(const char *name)
{
    const char *root = g_getenv("LW_SOURCE_ROOT");
    g_assert_nonnull(root);
    char *path = g_build_filename(root, "sample-levels", name, NULL);
    lw_level *level;
    lw_error err;
    if (!editor_level_load_file(path, 0, &level, &err))
        g_error("%s: %s", path, err.message);
    g_free(path);
    return level;
}

/* ---- invariants ---- */

static bool fully_solid_at(const lw_level *level, int32_t x, int32_t y, lw_path path)
{
    lw_collision_cell cc;
    if (!lw_level_collision_at(level, x, y, path, &cc) || cc.solid != LW_SOLID_ALL)
        return false;
    for (int i = 0; i < 16; i++)
        if (cc.mask->heights[i] != 16 && cc.mask->heights[i] != -16)
            return false;
    return true;
}

/* On a failure: the last frame's casts and the blocks around the player (# fully solid, o other
 * solid on the path, . nothing). */
static void dump(const lw_sim *sim)
{
    const lw_player *pl = &sim->state.player;
    static const char names[] = "ABCDEFcg"; /* cg: balance centre / edge */
    for (int i = 0; i < sim->debug.cast_count; i++) {
        const lw_cast_record *rec = &sim->debug.casts[i];
        const lw_sensor_hit *hit = &rec->hit;
        g_printerr("  cast %c use %d dir %d at (%d,%d) d %d angle %02x found %d cell (%d,%d)\n",
                   names[rec->sensor], rec->use, rec->dir, rec->x, rec->y, hit->distance,
                   hit->angle, hit->found, hit->cell_x, hit->cell_y);
    }
    int32_t cx = (pl->x >> 8) & ~15, cy = (pl->y >> 8) & ~15;
    for (int32_t y = cy - 48; y <= cy + 48; y += 16) {
        g_printerr("  y %5d:", y);
        for (int32_t x = cx - 48; x <= cx + 48; x += 16) {
            lw_collision_cell cc;
            char c = '.';
            if (fully_solid_at(sim->level, x, y, (lw_path)pl->path))
                c = '#';
            else if (lw_level_collision_at(sim->level, x, y, (lw_path)pl->path, &cc))
                c = 'o';
            g_printerr(" %c", c);
        }
        g_printerr("\n");
    }
}

typedef struct fuzz_stats {
    uint64_t frames;
    uint64_t at_rest_checks;
    uint64_t deaths;
    uint64_t runs[KIND_COUNT];
} fuzz_stats;

static void fuzz_run(GRand *rng, lw_level *level, terrain_kind kind, guint32 seed, int run,
                     uint32_t frames, fuzz_stats *stats)
{
    lw_profile p;
    const lw_profile *preset = lw_profile_preset_at((size_t)g_rand_int_range(rng, 0, 5));
    const lw_character *ch = lw_character_at((size_t)g_rand_int_range(rng, 0, 3));
    p = *preset;
    lw_profile_set_character(&p, ch);
    bool wild = g_rand_int_range(rng, 0, 5) == 0; /* random constants in their ranges */
    if (wild) {
        for (size_t i = 0; i < lw_param_count(); i++) {
            if (g_rand_int_range(rng, 0, 3) != 0)
                continue;
            const lw_param_info *info = lw_param_at(i);
            gint32 v = g_rand_int_range(rng, info->min,
                                        info->max == G_MAXINT32 ? info->max : info->max + 1);
            g_assert_true(lw_profile_set(&p, i, v));
        }
    }
    int32_t w = lw_level_width_px(level), h = lw_level_height_px(level);
    int32_t sx = g_rand_int_range(rng, -64, w + 64), sy = g_rand_int_range(rng, -64, h + 64);
    if (kind != SOUP) {
        /* checked terrain: start in free space (the player's box clear on path A), or at the
         * level's player start */
        for (int tries = 0; tries < 100; tries++) {
            sx = g_rand_int_range(rng, 32, w - 32);
            sy = g_rand_int_range(rng, 0, h - 32);
            bool clear = true;
            for (int32_t dy = -p.stand_hr; dy <= p.stand_hr && clear; dy += 4)
                for (int32_t dx = -p.push_radius; dx <= p.push_radius && clear; dx += 4) {
                    lw_collision_cell cc;
                    clear = !lw_level_collision_at(level, sx + dx, sy + dy, LW_PATH_A, &cc);
                }
            if (clear)
                break;
            sy = 0;
        }
        for (uint32_t i = 0; i < level->object_count; i++)
            if (level->objects[i].type == LW_OBJECT_PLAYER_START && g_rand_boolean(rng))
                sx = level->objects[i].x, sy = level->objects[i].y;
    }
    /* the boundary clamp keeps the centre between its two limits (which wild constants may put
     * outside the level); collisions move it by less than 64 px past them */
    int32_t right = w - p.bound_right;
    int32_t x_lo = MIN(-64, MIN(p.bound_left, right) - 64);
    int32_t x_hi = MAX(w + 64, MAX(p.bound_left, right) + 64);
    lw_sim sim;
    lw_error err;
    g_assert_true(lw_sim_init(&sim, level, &p, sx, sy, &err));
    char history[4096][LW_TRACE_ROW_MAX + 8] = {{0}}; /* the last frames, printed on failure */
    lw_input held = 0;
    int hold = 0;
    bool ordinary = !wild; /* see the file comment */
    int32_t px = sim.state.player.x, py = sim.state.player.y;
    for (uint32_t f = 0; f < frames; f++) {
        if (hold-- <= 0) {
            hold = g_rand_int_range(rng, 1, 90);
            int r = g_rand_int_range(rng, 0, 10);
            held = r < 4 ? LW_BUTTON_RIGHT : r < 6 ? LW_BUTTON_LEFT : 0;
            if (g_rand_int_range(rng, 0, 3) == 0)
                held |= LW_BUTTON_JUMP;
            if (g_rand_int_range(rng, 0, 5) == 0)
                held |= LW_BUTTON_DOWN;
            if (g_rand_int_range(rng, 0, 10) == 0)
                held = (lw_input)g_rand_int_range(rng, 0, 32);
        }
        lw_input in = held;
        if ((held & LW_BUTTON_JUMP) && g_rand_int_range(rng, 0, 4) == 0)
            in &= (lw_input)~LW_BUTTON_JUMP; /* re-press */
        lw_sim_status st = lw_sim_step(&sim, in);
        stats->frames++;
        const lw_player *pl = &sim.state.player;
        char *slot = history[sim.state.frame % 4096];
        int n = g_snprintf(slot, 8, "in %02x ", in);
        lw_trace_format_row(slot + n, LW_TRACE_ROW_MAX, sim.state.frame, pl);
#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            for (uint32_t k = sim.state.frame + 1; k <= sim.state.frame + 4096; k++)               \
                g_printerr("%s", history[k % 4096]);                                               \
            dump(&sim);                                                                            \
            g_error("seed %u run %d (%s, %s/%s%s) frame %u: %s; x %d y %d xsp %d ysp %d gsp %d "   \
                    "ang %d air %d",                                                               \
                    seed, run, kind_names[kind], p.name, p.character,                              \
                    wild ? ", wild constants" : "", sim.state.frame, #cond, pl->x, pl->y, pl->xsp, \
                    pl->ysp, pl->gsp, pl->angle, pl->airborne);                                    \
        }                                                                                          \
    } while (0)
        CHECK(pl->xsp >= -32767 && pl->xsp <= 32767);
        CHECK(pl->ysp >= -32767 && pl->ysp <= 32767);
        CHECK(pl->gsp >= -32767 && pl->gsp <= 32767);
        CHECK((pl->x >> 8) >= x_lo && (pl->x >> 8) <= x_hi);
        CHECK((pl->y >> 8) <= h + p.kill_margin + 192);
        CHECK((pl->y >> 8) >= -(1 << 22));
        CHECK(pl->hr == p.stand_hr || pl->hr == p.ball_hr);
        CHECK(pl->wr == p.stand_wr || pl->wr == p.ball_wr);
        CHECK(pl->control_lock <= p.slip_lock);
        CHECK(pl->path <= 1);
        CHECK(sim.debug.cast_count <= 7); /* docs/ENGINE.md: at most 7 casts a frame */
        if (abs(pl->xsp) > 4096 || abs(pl->ysp) > 4096 || abs(pl->gsp) > 4096)
            ordinary = false;
        if (kind != SOUP && ordinary && !pl->airborne && pl->gsp == 0 && pl->xsp == 0 &&
            pl->ysp == 0 && pl->x == px && pl->y == py) {
            stats->at_rest_checks++;
            CHECK(!fully_solid_at(level, pl->x >> 8, pl->y >> 8, (lw_path)pl->path));
        }
#undef CHECK
        px = pl->x;
        py = pl->y;
        if (st == LW_SIM_DEAD) {
            stats->deaths++;
            break;
        }
    }
    lw_sim_clear(&sim);
}

static void test_fuzz(void)
{
    uint64_t budget = 4000000u / LW_FUZZ_DIVISOR;
    const char *env = g_getenv("LW_FUZZ_FRAMES");
    if (env)
        budget = g_ascii_strtoull(env, NULL, 10);
    guint32 seed = 20240601;
    const char *env_seed = g_getenv("LW_FUZZ_SEED");
    if (env_seed)
        seed = (guint32)g_ascii_strtoull(env_seed, NULL, 10);
    GRand *rng = g_rand_new_with_seed(seed);
    lw_level *samples[2] = {load_sample("loop-hill.json"), load_sample("pipe-works.json")};
    fuzz_stats stats = {0};
    int run = 0;
    while (stats.frames < budget) {
        terrain_kind kind = (terrain_kind)(run % KIND_COUNT);
        lw_level *level = NULL;
        switch (kind) {
        case SOUP:
            level = make_soup(rng);
            break;
        case HEIGHTFIELD:
            level = make_heightfield(rng);
            break;
        case LOOP:
            level = make_loop(rng);
            break;
        default:
            break;
        }
        /* several runs per generated level; the samples are shared */
        for (int k = 0; k < 4 && stats.frames < budget; k++) {
            const lw_level *on = level ? level : samples[g_rand_int_range(rng, 0, 2)];
            uint32_t frames = (uint32_t)g_rand_int_range(rng, 500, 12000);
            fuzz_run(rng, (lw_level *)on, kind, seed, run, frames, &stats);
            stats.runs[kind]++;
        }
        lw_level_free(level);
        run++;
    }
    g_test_message("%" G_GUINT64_FORMAT " frames (soup %" G_GUINT64_FORMAT
                   ", heightfield %" G_GUINT64_FORMAT ", loop %" G_GUINT64_FORMAT
                   ", sample %" G_GUINT64_FORMAT " runs), %" G_GUINT64_FORMAT
                   " at-rest checks, %" G_GUINT64_FORMAT " falls out of the level",
                   stats.frames, stats.runs[SOUP], stats.runs[HEIGHTFIELD], stats.runs[LOOP],
                   stats.runs[SAMPLE], stats.at_rest_checks, stats.deaths);
    g_assert_cmpuint(stats.frames, >=, budget);
    g_assert_cmpuint(stats.at_rest_checks, >, 0);
    lw_level_free(samples[0]);
    lw_level_free(samples[1]);
    g_rand_free(rng);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/fuzz/random-input", test_fuzz);
    return g_test_run();
}
