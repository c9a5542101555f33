/* SPDX-License-Identifier: MIT */
/* The simulation (loopwright/sim.h): init, reset with the start probe, one frame in the order
 * of §7 (player routine, object touches, path swappers, objects), and the state hash. */
#include "loopwright/sim.h"

#include "physics.h"

#include <stdlib.h>
#include <string.h>

/* ---- path swappers (§2.7, S2 object 03) ---- */

static inline void side_set(lw_sim_state *st, uint32_t i, bool right)
{
    uint8_t bit = (uint8_t)(1u << (i & 7u));
    if (right)
        st->swapper_side[i >> 3] |= bit;
    else
        st->swapper_side[i >> 3] &= (uint8_t)~bit;
}

/* Runs after the player, as the swapper objects do in the originals' object order. The side is
 * updated whenever the player crosses the threshold, even when the range or grounded test then
 * fails, so a swapper jumped over never fires later. Most frames cross none: the loop tests
 * only the threshold (the player's coordinate along the swapper against the side it saw). */
static void run_swappers(lw_sim *sim)
{
    lw_player *pl = &sim->state.player;
    const int32_t px = pl->x >> 8, py = pl->y >> 8;
    const lw_sim_swapper *sws = sim->swappers;
    const uint8_t *sides = sim->state.swapper_side;
    const uint32_t n = sim->swapper_count;
    for (uint32_t i = 0; i < n; i++) {
        const lw_sim_swapper *sw = &sws[i];
        bool h = sw->horizontal;
        int32_t along = h ? py : px; /* coordinate compared with the threshold */
        int32_t threshold = h ? sw->y : sw->x;
        bool right = (((unsigned)sides[i >> 3] >> (i & 7u)) & 1u) != 0;
        if ((along >= threshold) == right)
            continue;
        right = !right;
        side_set(&sim->state, i, right);
        int32_t across = h ? px : py;
        int32_t centre = h ? sw->x : sw->y;
        if (across < centre - sw->radius || across >= centre + sw->radius)
            continue;
        if (sw->grounded_only && pl->airborne)
            continue;
        if (!sw->priority_only)
            pl->path = sw->path[right ? 1 : 0];
    }
}

/* ---- lifecycle ---- */

bool lw_sim_init(lw_sim *sim, const lw_level *level, const lw_profile *profile, int32_t x_px,
                 int32_t y_px, lw_error *err)
{
    lwi_obj_source markers = {.level = level};
    return lwi_sim_init(sim, level, &markers, profile, x_px, y_px, err);
}

bool lwi_sim_init(lw_sim *sim, const lw_level *level, const lwi_obj_source *src,
                  const lw_profile *profile, int32_t x_px, int32_t y_px, lw_error *err)
{
    memset(sim, 0, sizeof *sim);
    uint32_t count = 0;
    lw_sim_swapper mapped;
    for (uint32_t i = 0; i < level->object_count; i++)
        if (level->objects[i].type == LW_OBJECT_PATH_SWAPPER ||
            lwi_objects_swapper_from_marker(level, &level->objects[i], &mapped))
            count++;
    if (count > LW_SIM_MAX_SWAPPERS)
        return lw_error_set(err, LW_ERR_LIMIT,
                            "the level has %u path swappers; the simulation supports %u", count,
                            (unsigned)LW_SIM_MAX_SWAPPERS);
    if (count) {
        sim->swappers = calloc(count, sizeof *sim->swappers);
        if (!sim->swappers)
            return lw_error_set(err, LW_ERR_NOMEM, NULL);
        for (uint32_t i = 0; i < level->object_count; i++) {
            const lw_object *o = &level->objects[i];
            if (o->type != LW_OBJECT_PATH_SWAPPER) {
                /* a disassembly's plane switcher (S2 Obj03) */
                if (lwi_objects_swapper_from_marker(level, o, &mapped))
                    sim->swappers[sim->swapper_count++] = mapped;
                continue;
            }
            lw_sim_swapper *sw = &sim->swappers[sim->swapper_count++];
            sw->x = o->x;
            sw->y = o->y;
            sw->radius = o->swapper.radius;
            sw->horizontal = o->swapper.horizontal;
            sw->grounded_only = o->swapper.grounded_only;
            sw->priority_only = o->swapper.priority_only;
            sw->path[0] = o->swapper.path[0] & 1u;
            sw->path[1] = o->swapper.path[1] & 1u;
        }
    }
    if (!lwi_objects_init_from(sim, src, err)) {
        lw_sim_clear(sim);
        return false;
    }
    sim->level = level;
    sim->profile = *profile;
    lw_sim_reset(sim, x_px, y_px);
    return true;
}

void lw_sim_clear(lw_sim *sim)
{
    if (!sim)
        return;
    free(sim->swappers);
    free(sim->objects);
    memset(sim, 0, sizeof *sim);
}

void lw_sim_reset(lw_sim *sim, int32_t x_px, int32_t y_px)
{
    const lw_profile *p = &sim->profile;
    memset(&sim->state, 0, sizeof sim->state);
    memset(&sim->debug, 0, sizeof sim->debug);
    sim->debug.mode = LW_SIM_DEBUG_NONE;
    sim->debug.air_quadrant = LW_SIM_DEBUG_NONE;

    lw_player *pl = &sim->state.player;
    pl->x = x_px * LW_SUBPX;
    pl->y = y_px * LW_SUBPX;
    pl->wr = (uint8_t)p->stand_wr;
    pl->hr = (uint8_t)p->stand_hr;
    pl->path = LW_PATH_A;
    pl->airborne = true;
    pl->ground_angle[0] = pl->ground_angle[1] = 3;

    /* The start probe: the floor sensors A/B as the grounded scan casts them in floor mode,
     * from the feet and, when they meet nothing, once more 16 px lower: a gap of up to 31 px
     * below the feet (or ground the feet are inside) is found wherever the anchor sits in its
     * block. */
    for (int32_t drop = 0; drop <= 16; drop += 16) {
        lw_sensor_hit sa, sb;
        int32_t fy = y_px + pl->hr + drop; /* feet row */
        const lw_sensor_hit *a = lwi_phys_cast(sim, LW_SENSOR_A, LW_CAST_START, x_px - pl->wr, fy,
                                               LW_DIR_DOWN, LW_SOLID_TOP, 3, &sa);
        const lw_sensor_hit *b = lwi_phys_cast(sim, LW_SENSOR_B, LW_CAST_START, x_px + pl->wr, fy,
                                               LW_DIR_DOWN, LW_SOLID_TOP, 3, &sb);
        const lw_sensor_hit *w = a->distance <= b->distance ? a : b;
        if (!w->surface)
            continue;
        uint8_t angle = lw_angle_is_flagged(w->angle) ? 0 : w->angle;
        if (lw_mode_of(angle) == LW_MODE_FLOOR && w->distance + drop <= 31) {
            pl->airborne = false;
            pl->y += (w->distance + drop) * LW_SUBPX;
            pl->angle = angle;
        }
        break;
    }
    if (!pl->airborne) {
        /* What A/B see from the final position: the ledge state of the first frame (§4.10). */
        lwi_pair g;
        lwi_phys_cast_pair_toward(sim, LW_SENSOR_A, LW_SENSOR_B, LW_CAST_START, LW_DIR_DOWN,
                                  LW_SOLID_TOP, 3, &g);
        pl->ground_angle[0] = g.angle_a;
        pl->ground_angle[1] = g.angle_b;
    }

    int32_t px = pl->x >> 8, py = pl->y >> 8;
    for (uint32_t i = 0; i < sim->swapper_count; i++) {
        const lw_sim_swapper *sw = &sim->swappers[i];
        side_set(&sim->state, i, sw->horizontal ? py > sw->y : px > sw->x);
    }
    lwi_objects_reset(sim);
}

/* ---- one frame ---- */

static inline void saturate16(int32_t *v)
{
    /* The originals hold speeds in 16 bits and would wrap; the engine saturates instead
     * (documented in docs/ENGINE.md; unreachable in ordinary play). */
    if (*v > 32767)
        *v = 32767;
    else if (*v < -32767)
        *v = -32767;
}

lw_sim_status lw_sim_step(lw_sim *sim, lw_input input)
{
    lw_sim_state *st = &sim->state;
    if (st->status != LW_SIM_RUNNING)
        return (lw_sim_status)st->status;
    st->frame++;

    lw_sim_debug *dbg = &sim->debug;
    dbg->frame = st->frame;
    dbg->cast_count = 0;
    dbg->mode = LW_SIM_DEBUG_NONE;
    dbg->air_quadrant = LW_SIM_DEBUG_NONE;
    dbg->jumped = false;
    dbg->landed = false;
    dbg->touched = 0;
    st->game.events = 0;

    lwi_frame_input in = {
        .left = (input & LW_BUTTON_LEFT) != 0,
        .right = (input & LW_BUTTON_RIGHT) != 0,
        .up = (input & LW_BUTTON_UP) != 0,
        .down = (input & LW_BUTTON_DOWN) != 0,
        .jump_held = (input & LW_BUTTON_JUMP) != 0,
        .jump_pressed = (input & LW_BUTTON_JUMP) && !(st->prev_input & LW_BUTTON_JUMP),
        .ducking = !st->player.airborne && !st->player.rolling && st->player.gsp == 0 &&
                   (st->prev_input & LW_BUTTON_DOWN) &&
                   !(st->prev_input & (LW_BUTTON_LEFT | LW_BUTTON_RIGHT)) && st->frame > 1,
        .looking_up = !st->player.airborne && !st->player.rolling && st->player.gsp == 0 &&
                      (st->prev_input & (LW_BUTTON_UP | LW_BUTTON_DOWN)) == LW_BUTTON_UP &&
                      !(st->prev_input & (LW_BUTTON_LEFT | LW_BUTTON_RIGHT)) && st->frame > 1,
    };
    st->prev_input = input;

    lw_player *pl = &st->player;
    bool hurt_frame = st->game.hurt != 0;
    /* Speed shoes (OBJECTS.md §10): S2's constants for the frame, the level's profile after. */
    lw_profile saved;
    bool shoes = st->game.shoes != 0, wet = pl->underwater;
    if (shoes || wet)
        saved = sim->profile;
    if (shoes) {
        sim->profile.top = 0xC00;
        sim->profile.acc = 0x18;
        sim->profile.air_acc = 0x30;
    }
    if (wet) /* docs/ENGINE.md "Water": the underwater set, over the shoes' */
        lwi_water_profile(&sim->profile);
    if (lwi_moves_frame(sim, &in)) {
        /* OBJECTS.md §19: a peel-out frame (a drop dash's release goes on into the roll) */
    } else if (pl->airborne) {
        dbg->routine = LW_ROUTINE_AIR;
        lwi_phys_air_frame(sim, &in);
    } else if (pl->rolling) {
        dbg->routine = LW_ROUTINE_ROLL;
        lwi_phys_roll_frame(sim, &in);
    } else {
        dbg->routine = LW_ROUTINE_GROUND;
        lwi_phys_ground_frame(sim, &in);
    }
    /* Sonic_Water ends the routine (not the hurt routine's) in a level with water */
    if (st->status == LW_SIM_RUNNING && sim->level->has_water && !hurt_frame)
        lwi_water_check(sim);
    if (st->status == LW_SIM_RUNNING) {
        if (sim->object_count || st->game.spill_count) {
            if (lwi_objects_any_timer(sim))
                lwi_objects_timers(sim, hurt_frame);
            lwi_objects_touch(sim);
        } else if (st->game.invuln || st->game.invincible || st->game.shoes) {
            lwi_objects_timers(sim, hurt_frame);
        }
    }
    /* S1's Sonic_Loops ends the player's routine (only a level with a loop table has it) */
    if (st->status == LW_SIM_RUNNING && sim->level->loop_chunk_count)
        lwi_loop_planes_run(sim);
    if (st->status == LW_SIM_RUNNING && sim->swapper_count)
        run_swappers(sim);
    if (st->status == LW_SIM_RUNNING && (sim->object_count || st->game.spill_count) &&
        lwi_objects_any_run(sim))
        lwi_objects_run(sim);
    if (shoes || wet)
        sim->profile = saved;
    saturate16(&pl->xsp);
    saturate16(&pl->ysp);
    saturate16(&pl->gsp);
    dbg->control_lock = pl->control_lock;
    return (lw_sim_status)st->status;
}

/* ---- hash ---- */

uint64_t lw_sim_hash(const lw_sim *sim)
{
    const lw_sim_state *st = &sim->state;
    const lw_player *pl = &st->player;
    uint64_t h = LWI_FNV_OFFSET;
    h = lwi_fnv32(h, st->frame);
    h = lwi_fnv8(h, st->status);
    h = lwi_fnv32(h, (uint32_t)pl->x);
    h = lwi_fnv32(h, (uint32_t)pl->y);
    h = lwi_fnv32(h, (uint32_t)pl->xsp);
    h = lwi_fnv32(h, (uint32_t)pl->ysp);
    h = lwi_fnv32(h, (uint32_t)pl->gsp);
    h = lwi_fnv8(h, pl->angle);
    h = lwi_fnv8(h, pl->wr);
    h = lwi_fnv8(h, pl->hr);
    h = lwi_fnv8(h, pl->path);
    unsigned flags = (pl->airborne ? 1u : 0u) | (pl->rolling ? 2u : 0u) | (pl->rolljump ? 4u : 0u) |
                     (pl->jumping ? 8u : 0u) | (pl->pushing ? 16u : 0u) |
                     (pl->facing_left ? 32u : 0u) | (pl->balance_extreme ? 64u : 0u) |
                     (pl->underwater ? 128u : 0u);
    h = lwi_fnv8(h, (uint8_t)flags);
    h = lwi_fnv8(h, pl->balance);
    h = lwi_fnv8(h, (uint8_t)(pl->control_lock & 0xFFu));
    h = lwi_fnv8(h, (uint8_t)(pl->control_lock >> 8));
    h = lwi_fnv8(h, pl->ground_angle[0]);
    h = lwi_fnv8(h, pl->ground_angle[1]);
    uint32_t side_bytes = (sim->swapper_count + 7u) / 8u;
    for (uint32_t i = 0; i < side_bytes; i++)
        h = lwi_fnv8(h, st->swapper_side[i]);
    h = lwi_objects_hash(sim, h);
    h = lwi_moves_hash(&st->moves, h);
    return h;
}
