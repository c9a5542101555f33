/* SPDX-License-Identifier: MIT */
#include "loopwright/profile.h"

#include <stddef.h>
#include <string.h>

/* ---- presets (spec §10; constants §4.1, §5.1, §6.1) ---- */

/* Everything common to the four games, with Sonic's radii and jump force (the presets add the
 * rolling thresholds and the terminal speed, which differ). */
#define LW_COMMON_CONSTANTS                                                                        \
    .character = "sonic", .acc = 0x0C, .dec = 0x80, .frc = 0x0C, .top = 0x600, .slp = 0x20,        \
    .slp_rest_min = 13, .slip_speed = 0x280, .slip_lock = 30, .slip_nudge = 0x80, .air_acc = 0x18, \
    .gravity = 0x38, .jump = 0x680, .jump_release = 0x400, .up_cap = 0xFC0, .land_cap = 0xFC0,     \
    .drag_window = 0x400, .roll_frc = 0x06, .roll_dec = 0x20, .roll_slp = 0x50,                    \
    .roll_cap = 0x1000, .roll_force = 0x200, .snap_max = 14, .snap_base = 4, .snap_inside = 14,    \
    .headroom = 6, .push_low = 8, .balance_dist = 12, .balance_extreme = 6, .stand_wr = 9,         \
    .stand_hr = 19, .ball_wr = 7, .ball_hr = 14, .push_radius = 10, .bound_left = 16,              \
    .bound_right = 24, .kill_margin = 224, .spindash_speed = 0x800, .spindash_step = 0x80,         \
    .peelout_charge = 30, .peelout_speed = 0xC00, .cd_spindash_charge = 45,                        \
    .cd_spindash_speed = 0xC00, .drop_dash_charge = 20, .drop_dash_speed = 0x800,                  \
    .drop_dash_max = 0xC00, .water_top = 0x300, .water_acc = 6, .water_dec = 0x40, .water_frc = 6, \
    .water_air_acc = 0x0C, .water_roll_frc = 3, .water_gravity = 0x10, .water_jump = 0x380,        \
    .water_jump_release = 0x200, .water_exit_cap = 0x1000

static const lw_profile presets[] = {
    {
        /* Sonic 1: ground and air top-speed clamps, fixed snap limit 14, no angle-difference
         * snap, one balance pose. */
        .name = "s1",
        LW_COMMON_CONSTANTS,
        .water_roll_dec = 0x10, /* Sonic_RollSpeed: v_sonspeeddec / 4 */
        .ring_check_mask = 3,
        .roll_start = 0x80,
        .roll_stop = 1,
    },
    {
        .name = "s2",
        LW_COMMON_CONSTANTS,
        .water_roll_dec = 0x20,
        .ring_check_mask = 7,
        .roll_start = 0x80,
        .roll_stop = 1,
        .speed_snap_limit = true,
        .angle_diff_snap = true,
        .extreme_balance = true,
        .spindash = true,
        .fix_ground_topspeed_clamp = true,
    },
    {
        /* Sonic 3 (& Knuckles): §10 column S3K; rolling thresholds from the SPG (S&K). */
        .name = "s3k",
        LW_COMMON_CONSTANTS,
        .water_roll_dec = 0x20,
        .ring_check_mask = 7,
        .roll_start = 0x100,
        .roll_stop = 0x80,
        .speed_snap_limit = true,
        .angle_diff_snap = true,
        .s3k_slip = true,
        .landing_shift_from_radius = true,
        .air_wall_hit_continues = true,
        .deep_ceiling_wall_check = true,
        .extreme_balance = true,
        .spindash = true,
        .fix_ground_topspeed_clamp = true,
        .fix_air_topspeed_clamp = true,
        .push_sensors_on_cardinals = true,
        .slope_factor_at_rest = true,
        .water_exit_slow_only = true,
    },
    {
        /* Sonic CD: S1's engine with the ground clamp fixed, a 16 px/frame terminal speed and
         * air control after a rolling jump. Unverified details default to S1 (§10). */
        .name = "cd",
        LW_COMMON_CONSTANTS,
        .water_roll_dec = 0x20,
        .ring_check_mask = 3,
        .roll_start = 0x80,
        .roll_stop = 1,
        .terminal = 0x1000,
        .rolljump_air_control = true,
        .peelout = true,
        .cd_spindash = true,
        .fix_ground_topspeed_clamp = true,
    },
    {
        /* S3K's behaviour with every §11 quirk fixed. */
        .name = "modern",
        LW_COMMON_CONSTANTS,
        .water_roll_dec = 0x20,
        .ring_check_mask = 7,
        .roll_start = 0x100,
        .roll_stop = 0x80,
        .speed_snap_limit = true,
        .angle_diff_snap = true,
        .s3k_slip = true,
        .landing_shift_from_radius = true,
        .air_wall_hit_continues = true,
        .deep_ceiling_wall_check = true,
        .extreme_balance = true,
        .spindash = true,
        .fix_ground_topspeed_clamp = true,
        .fix_air_topspeed_clamp = true,
        .move_on_jump_frame = true,
        .fix_rolljump_radius = true,
        .roll_cap_on_gsp = true,
        .landing_filter_all_quadrants = true,
        .push_sensors_on_cardinals = true,
        .symmetric_brake_flip = true,
        .symmetric_sine_table = true,
        .fix_push_response_rounding = true,
        .push_low_symmetric = true,
        .slope_factor_at_rest = true,
        .fix_slip_after_ledge = true,
        .drag_window_exclusive = true,
        .water_exit_slow_only = true,
    },
};

#define PRESET_COUNT (sizeof presets / sizeof presets[0])

size_t lw_profile_preset_count(void)
{
    return PRESET_COUNT;
}

const lw_profile *lw_profile_preset_at(size_t index)
{
    LW_ASSERT(index < PRESET_COUNT);
    return &presets[index];
}

const lw_profile *lw_profile_find(const char *name)
{
    for (size_t i = 0; i < PRESET_COUNT; i++)
        if (strcmp(presets[i].name, name) == 0)
            return &presets[i];
    return NULL;
}

const lw_profile *lw_profile_default(void)
{
    return &presets[1];
}

/* ---- characters (§3.4, §5.1) ---- */

static const lw_character characters[] = {
    {"sonic", 9, 19, 7, 14, 10, 0x680, 0x380},
    {"tails", 9, 15, 7, 14, 10, 0x680, 0x380},
    {"knuckles", 9, 19, 7, 14, 10, 0x600, 0x300},
};

#define CHARACTER_COUNT (sizeof characters / sizeof characters[0])

size_t lw_character_count(void)
{
    return CHARACTER_COUNT;
}

const lw_character *lw_character_at(size_t index)
{
    LW_ASSERT(index < CHARACTER_COUNT);
    return &characters[index];
}

const lw_character *lw_character_find(const char *name)
{
    for (size_t i = 0; i < CHARACTER_COUNT; i++)
        if (strcmp(characters[i].name, name) == 0)
            return &characters[i];
    return NULL;
}

void lw_profile_set_character(lw_profile *profile, const lw_character *character)
{
    strncpy(profile->character, character->name, sizeof profile->character - 1);
    profile->character[sizeof profile->character - 1] = '\0';
    profile->stand_wr = character->stand_wr;
    profile->stand_hr = character->stand_hr;
    profile->ball_wr = character->ball_wr;
    profile->ball_hr = character->ball_hr;
    profile->push_radius = character->push_radius;
    profile->jump = character->jump;
    profile->water_jump = character->water_jump;
}

bool lw_profile_init(lw_profile *out, const char *preset, const char *character, lw_error *err)
{
    const lw_profile *p = (preset && *preset) ? lw_profile_find(preset) : lw_profile_default();
    if (!p)
        return lw_error_set(err, LW_ERR_RANGE,
                            "unknown profile \"%s\" (expected s1, s2, s3k, cd or modern)", preset);
    const lw_character *c =
        (character && *character) ? lw_character_find(character) : &characters[0];
    if (!c)
        return lw_error_set(err, LW_ERR_RANGE,
                            "unknown character \"%s\" (expected sonic, tails or knuckles)",
                            character);
    *out = *p;
    lw_profile_set_character(out, c);
    return true;
}

/* ---- named parameters ---- */

typedef struct param_entry {
    lw_param_info info;
    size_t offset; /* of the int32_t or bool field in lw_profile */
} param_entry;

#define SP  "subpx/frame"
#define SP2 "subpx/frame^2"
#define CONST(field, unit, lo, hi, text)                                                           \
    {                                                                                              \
        {#field, LW_PARAM_CONSTANT, unit, text, lo, hi}, offsetof(lw_profile, field)               \
    }
#define SWITCH(field, text)                                                                        \
    {                                                                                              \
        {#field, LW_PARAM_SWITCH, "bool", text, 0, 1}, offsetof(lw_profile, field)                 \
    }

/* Ranges keep every product of the step inside 32 bits (speeds are saturated to 16 bits at the
 * end of each frame), and gravity >= 1 bounds how far a player can rise: the position can never
 * overflow (docs/ENGINE.md). */
static const param_entry params[] = {
    CONST(acc, SP2, 0, 4096, "ground acceleration holding the direction of motion"),
    CONST(dec, SP2, 0, 4096, "ground deceleration holding against the motion"),
    CONST(frc, SP2, 0, 4096, "ground friction with neither left nor right held"),
    CONST(top, SP, 0, 32767, "top running speed; also the air speed cap"),
    CONST(slp, SP2, 0, 4096, "running slope factor (times sine of the ground angle)"),
    CONST(slp_rest_min, SP2, 0, 4096, "slope factor magnitude that moves a player at rest"),
    CONST(slip_speed, SP, 0, 32767, "below this ground speed steep ground makes the player slip"),
    CONST(slip_lock, "frames", 0, 32767, "control lock after slipping"),
    CONST(slip_nudge, SP, 0, 4096, "ground speed push of the S3K slip on gentle slopes"),
    CONST(air_acc, SP2, 0, 4096, "air acceleration"),
    CONST(gravity, SP2, 1, 4096, "gravity, added after moving"),
    CONST(jump, SP, 0, 16384, "jump force"),
    CONST(jump_release, SP, 0, 32767, "upward speed kept when the jump button is released"),
    CONST(up_cap, SP, 0, 32767, "upward speed cap when not jumping"),
    CONST(land_cap, SP, 0, 32767, "vertical speed cap when landing on steep ground"),
    CONST(terminal, SP, 0, 32767, "fall speed cap after gravity, 0 = none"),
    CONST(drag_window, SP, 0, 32767, "air drag applies while rising slower than this"),
    CONST(roll_frc, SP2, 0, 4096, "rolling friction"),
    CONST(roll_dec, SP2, 0, 4096, "rolling deceleration holding against the motion"),
    CONST(roll_slp, SP2, 0, 4096, "rolling slope factor downhill (uphill: a quarter)"),
    CONST(roll_start, SP, 0, 32767, "minimum ground speed to start a roll"),
    CONST(roll_stop, SP, 0, 32767, "the roll ends when the ground speed is below this"),
    CONST(roll_cap, SP, 0, 32767, "rolling horizontal speed cap"),
    CONST(roll_force, SP, 0, 32767, "ground speed given to a roll started at rest"),
    CONST(snap_max, "px", 0, 31, "largest gap the ground sensors follow downwards"),
    CONST(snap_base, "px", 0, 31, "speed-dependent snap limit: |speed px| + snap_base"),
    CONST(snap_inside, "px", 0, 32, "deepest penetration the ground sensors correct"),
    CONST(headroom, "px", -32, 32, "room needed above the head to jump"),
    CONST(push_low, "px", -32, 32, "drop of the push sensor on flat ground"),
    CONST(balance_dist, "px", 0, 32, "centre sensor distance from which the player balances"),
    CONST(balance_extreme, "px", 0, 32, "offset of the extreme-balance probe"),
    CONST(stand_wr, "px", 1, 32, "width radius standing"),
    CONST(stand_hr, "px", 1, 32, "height radius standing"),
    CONST(ball_wr, "px", 1, 32, "width radius rolling or jumping"),
    CONST(ball_hr, "px", 1, 32, "height radius rolling or jumping"),
    CONST(push_radius, "px", 1, 32, "distance of the wall sensors from the centre"),
    CONST(bound_left, "px", 0, 4096, "left level boundary for the centre"),
    CONST(bound_right, "px", 0, 4096, "right boundary: level width minus this"),
    CONST(kill_margin, "px", 0, 65536, "the player dies this far below the level"),
    CONST(ring_check_mask, "frames", 0, 255, "scattered rings check the floor every mask+1 frames"),
    /* the moves' timers are bytes that count up to the charge (sim.h lw_moves_state); a full
     * spindash charge gives spindash_speed + 8 * spindash_step <= 32760 */
    CONST(spindash_speed, SP, 0, 16384, "S2/S3K spindash release speed with no revs"),
    CONST(spindash_step, SP, 0, 2047, "spindash release speed added per rev level (8 levels)"),
    CONST(peelout_charge, "frames", 0, 255, "CD super peel-out: frames of up before it launches"),
    CONST(peelout_speed, SP, 0, 32767, "CD super peel-out launch speed"),
    CONST(cd_spindash_charge, "frames", 0, 255, "CD spindash: frames of down before it launches"),
    CONST(cd_spindash_speed, SP, 0, 32767, "CD spindash launch speed"),
    /* a backwards release adds half the landing speed, uncapped: 16384 + 32767 / 2 fits 16 bits */
    CONST(drop_dash_charge, "frames", 0, 255,
          "drop dash: frames of jump held before it is charged"),
    CONST(drop_dash_speed, SP, 0, 16384, "drop dash release speed (drpspd)"),
    CONST(drop_dash_max, SP, 0, 32767, "drop dash forwards release speed cap (drpmax)"),
    CONST(water_top, SP, 0, 32767, "underwater top running speed; also the air speed cap"),
    CONST(water_acc, SP2, 0, 4096, "underwater ground acceleration"),
    CONST(water_dec, SP2, 0, 4096, "underwater ground deceleration"),
    CONST(water_frc, SP2, 0, 4096, "underwater ground friction"),
    CONST(water_air_acc, SP2, 0, 4096, "underwater air acceleration"),
    CONST(water_roll_frc, SP2, 0, 4096, "underwater rolling friction"),
    CONST(water_roll_dec, SP2, 0, 4096, "underwater rolling deceleration"),
    CONST(water_gravity, SP2, 1, 4096, "underwater gravity (net), added after moving"),
    CONST(water_jump, SP, 0, 16384, "underwater jump force"),
    CONST(water_jump_release, SP, 0, 32767, "underwater upward speed kept on jump release"),
    CONST(water_exit_cap, SP, 0, 32767, "upward speed cap when leaving the water"),
    SWITCH(speed_snap_limit, "S2/S3K: ground snap limit depends on speed"),
    SWITCH(angle_diff_snap, "S2/S3K: refuse angle changes of 0x20 or more"),
    SWITCH(s3k_slip, "S3K slip and fall rules"),
    SWITCH(rolljump_air_control, "CD: air control after a rolling jump"),
    SWITCH(landing_shift_from_radius, "S3K: landing shift from the current radius"),
    SWITCH(air_wall_hit_continues, "S3K: air wall hits do not end the collision checks"),
    SWITCH(deep_ceiling_wall_check, "S3K: deep ceiling hits moving left are walls"),
    SWITCH(extreme_balance, "S2/S3K: extreme ledge balance pose"),
    SWITCH(spindash, "S2/S3K: spindash (down + jump at rest)"),
    SWITCH(peelout, "CD: super peel-out (up + jump at rest, release up)"),
    SWITCH(cd_spindash, "CD: spindash (down + jump at rest, 45 frames, release down)"),
    SWITCH(drop_dash, "Mania: drop dash (hold jump again in a jump, land)"),
    SWITCH(water_exit_slow_only, "S3K: leaving the water doubles only slow upward speeds"),
    SWITCH(fix_ground_topspeed_clamp, "fix: holding forward above top speed keeps it"),
    SWITCH(fix_air_topspeed_clamp, "fix: same in the air"),
    SWITCH(move_on_jump_frame, "fix: move on the jump frame"),
    SWITCH(fix_rolljump_radius, "fix: a rolling jump keeps the ball radii"),
    SWITCH(roll_cap_on_gsp, "fix: cap the ground speed while rolling"),
    SWITCH(landing_filter_all_quadrants, "fix: landing depth filter in every direction"),
    SWITCH(push_sensors_on_cardinals, "fix: push sensors also at exact quarter angles"),
    SWITCH(symmetric_brake_flip, "fix: braking left to exactly zero turns around"),
    SWITCH(symmetric_sine_table, "fix: symmetric sine table (SPG values)"),
    SWITCH(fix_push_response_rounding, "fix: push response follows the sensor orientation"),
    SWITCH(push_low_symmetric, "fix: low push sensor on both sides of flat"),
    SWITCH(slope_factor_at_rest, "fix: steep slopes move a player at rest"),
    SWITCH(fix_slip_after_ledge, "fix: no slip check on the frame the player left the ground"),
    SWITCH(drag_window_exclusive, "fix: air drag window excludes its edge"),
};

#define PARAM_COUNT (sizeof params / sizeof params[0])

size_t lw_param_count(void)
{
    return PARAM_COUNT;
}

const lw_param_info *lw_param_at(size_t index)
{
    LW_ASSERT(index < PARAM_COUNT);
    return &params[index].info;
}

int32_t lw_param_find(const char *name)
{
    for (size_t i = 0; i < PARAM_COUNT; i++)
        if (strcmp(params[i].info.name, name) == 0)
            return (int32_t)i;
    return -1;
}

int32_t lw_profile_get(const lw_profile *profile, size_t index)
{
    LW_ASSERT(index < PARAM_COUNT);
    const char *base = (const char *)profile + params[index].offset;
    if (params[index].info.kind == LW_PARAM_SWITCH) {
        bool b;
        memcpy(&b, base, sizeof b);
        return b ? 1 : 0;
    }
    int32_t v;
    memcpy(&v, base, sizeof v);
    return v;
}

bool lw_profile_set(lw_profile *profile, size_t index, int32_t value)
{
    LW_ASSERT(index < PARAM_COUNT);
    const param_entry *e = &params[index];
    if (value < e->info.min || value > e->info.max)
        return false;
    char *base = (char *)profile + e->offset;
    if (e->info.kind == LW_PARAM_SWITCH) {
        bool b = value != 0;
        memcpy(base, &b, sizeof b);
    } else {
        memcpy(base, &value, sizeof value);
    }
    return true;
}

bool lw_profile_apply_overrides(lw_profile *profile, const lw_level *level, lw_error *err)
{
    for (uint32_t i = 0; i < level->override_count; i++) {
        const lw_override *o = &level->overrides[i];
        int32_t idx = lw_param_find(o->name);
        if (idx < 0)
            return lw_error_set(err, LW_ERR_RANGE,
                                "physics override \"%s\": no such constant or switch", o->name);
        const lw_param_info *info = &params[idx].info;
        if (!lw_profile_set(profile, (size_t)idx, o->value))
            return lw_error_set(err, LW_ERR_RANGE,
                                "physics override \"%s\": %ld is outside %ld..%ld", o->name,
                                (long)o->value, (long)info->min, (long)info->max);
    }
    return true;
}
