#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: game profiles (spec/PHYSICS.md §10, §11). A profile is a plain value that
 * holds every physics constant and every per-game behaviour switch the simulation reads; nothing
 * else in the engine hard-codes a number that a game could change. Presets: s1, s2 (default),
 * s3k, cd and modern (S3K behaviour with every §11 quirk fixed). Characters (sonic, tails,
 * knuckles) fill in the radii and the jump force. A level's overrides (lw_level.overrides) are
 * applied last, by the constant's stable name.
 *
 * Order of construction: preset -> lw_profile_set_character -> lw_profile_apply_overrides.
 * This module never allocates and keeps no global mutable state.
 */

#include "loopwright/fixed.h"
#include "loopwright/level.h"

#define LW_PROFILE_NAME_MAX 16 /* bytes including the NUL, as lw_level.profile */

/**
 * Every number the physics reads. Constants are raw engine units: speeds and accelerations in
 * 1/256 px per frame (per frame²), distances in px, times in frames. Switches are 0/1.
 * The field order is not an ABI; use lw_param_* for names, units and ranges.
 */
typedef struct lw_profile {
    char name[LW_PROFILE_NAME_MAX]; /* preset it came from: "s1", "s2", "s3k", "cd", "modern" */
    char character[LW_PROFILE_NAME_MAX]; /* "sonic", "tails", "knuckles" */

    /* ---- ground (§4.1) ---- */
    int32_t acc;          /* subpx/frame²: acceleration while holding the direction of motion */
    int32_t dec;          /* subpx/frame²: deceleration while holding against the motion */
    int32_t frc;          /* subpx/frame²: friction with neither L nor R held */
    int32_t top;          /* subpx/frame: top running speed (also the air X cap, §5.4) */
    int32_t slp;          /* subpx/frame²: running slope factor multiplier (§4.4) */
    int32_t slp_rest_min; /* subpx/frame²: |slope factor| applied at Gsp 0 (slope_factor_at_rest) */
    int32_t slip_speed;   /* subpx/frame: below this |Gsp| a steep surface makes the player slip */
    int32_t slip_lock;    /* frames: control lock set by a slip (§4.9) */
    int32_t slip_nudge;   /* subpx/frame: S3K slip method's Gsp push on gentle slopes */
    /* ---- air (§5.1) ---- */
    int32_t air_acc;      /* subpx/frame²: air acceleration */
    int32_t gravity;      /* subpx/frame²: added to Ysp after moving */
    int32_t jump;         /* subpx/frame: jump force (set by the character) */
    int32_t jump_release; /* subpx/frame: upward speed kept when the jump button is released */
    int32_t up_cap;       /* subpx/frame: upward speed cap when not jumping */
    int32_t land_cap;     /* subpx/frame: vertical speed cap when landing on a steep floor */
    int32_t terminal;     /* subpx/frame: fall speed cap after gravity, 0 = none (CD: 4096) */
    int32_t drag_window;  /* subpx/frame: air drag applies while -drag_window <= Ysp < 0 */
    /* ---- rolling (§6.1) ---- */
    int32_t roll_frc;   /* subpx/frame²: rolling friction */
    int32_t roll_dec;   /* subpx/frame²: rolling deceleration when pressing against the motion */
    int32_t roll_slp;   /* subpx/frame²: rolling slope factor downhill (uphill is a quarter) */
    int32_t roll_start; /* subpx/frame: minimum |Gsp| to start a roll */
    int32_t roll_stop;  /* subpx/frame: the roll ends when |Gsp| < roll_stop (1 = exactly 0) */
    int32_t roll_cap;   /* subpx/frame: rolling Xsp cap (Gsp too with roll_cap_on_gsp) */
    int32_t roll_force; /* subpx/frame: Gsp given to a roll started at Gsp 0 */
    /* ---- sensors and snapping (§3, §4.8, §8) ---- */
    int32_t snap_max;     /* px: largest gap below the feet that the ground sensors stick to */
    int32_t snap_base;    /* px: speed-dependent limit = min(|hi(speed)| + snap_base, snap_max) */
    int32_t snap_inside;  /* px: deepest penetration the ground sensors correct */
    int32_t headroom;     /* px: a jump needs at least this much room above the head */
    int32_t push_low;     /* px: how far the "low" push sensor drops on flat ground */
    int32_t balance_dist; /* px: centre sensor distance from which a ledge balance starts */
    int32_t balance_extreme; /* px: offset of the second ledge probe (extreme balance pose) */
    /* ---- character (§3.4) ---- */
    int32_t stand_wr;    /* px: width radius standing/running */
    int32_t stand_hr;    /* px: height radius standing/running */
    int32_t ball_wr;     /* px: width radius rolling/jumping */
    int32_t ball_hr;     /* px: height radius rolling/jumping */
    int32_t push_radius; /* px: distance of the wall/push sensors from the centre */
    /* ---- level boundaries (§4.7) ---- */
    int32_t bound_left;      /* px: the centre never goes left of this X */
    int32_t bound_right;     /* px: ... nor right of level width - bound_right */
    int32_t kill_margin;     /* px: the player dies when its centre is this far below the level */
    int32_t ring_check_mask; /* frames: scattered rings test the floor when (frame + i) & mask
                                == 0 (S1 3, S2 7; OBJECTS.md §5.2) */
    /* ---- moves (OBJECTS.md §9, §19; read only while the move's switch is on) ---- */
    int32_t spindash_speed;     /* subpx/frame: S2/S3K spindash release Gsp at charge 0 (§9) */
    int32_t spindash_step;      /* subpx/frame: release Gsp added per 0x100 of charge (8 steps) */
    int32_t peelout_charge;     /* frames: UP held after the start before a release launches */
    int32_t peelout_speed;      /* subpx/frame: the super peel-out's launch Gsp (§19.1) */
    int32_t cd_spindash_charge; /* frames: DOWN held after the start before a release launches */
    int32_t cd_spindash_speed;  /* subpx/frame: CD's spindash launch Gsp (§19.5) */
    int32_t drop_dash_charge;   /* frames: jump held after the second press before it is charged */
    int32_t drop_dash_speed;    /* subpx/frame: the drop dash's release Gsp, drpspd (§19.2) */
    int32_t drop_dash_max;      /* subpx/frame: cap of a forwards release, drpmax (§19.2) */
    /* ---- underwater (§4.1, §5.1, §6.1; docs/ENGINE.md "Water"): the constant set that replaces
     * the ones above while lw_player.underwater is set (only in a level with water) ---- */
    int32_t water_top;      /* subpx/frame: top speed (0x300) */
    int32_t water_acc;      /* subpx/frame²: acceleration (6) */
    int32_t water_dec;      /* subpx/frame²: deceleration (0x40) */
    int32_t water_frc;      /* subpx/frame²: friction (6, = acc) */
    int32_t water_air_acc;  /* subpx/frame²: air acceleration (0x0C, = 2 x acc) */
    int32_t water_roll_frc; /* subpx/frame²: rolling friction (3, = acc / 2) */
    int32_t water_roll_dec; /* subpx/frame²: rolling deceleration (S1 0x10 = dec/4, else 0x20) */
    int32_t water_gravity;  /* subpx/frame²: net gravity (0x10 = 0x38 - 0x28) */
    int32_t water_jump;     /* subpx/frame: jump force (set by the character: 0x380) */
    int32_t water_jump_release; /* subpx/frame: upward speed kept on release (0x200) */
    int32_t water_exit_cap;     /* subpx/frame: upward speed cap after leaving the water (0x1000) */

    /* ---- game differences (§10) ---- */
    bool speed_snap_limit;          /* S2/S3K: ground snap limit depends on speed (§4.8.4) */
    bool angle_diff_snap;           /* S2/S3K: snap the angle when it would change by >= 0x20 */
    bool s3k_slip;                  /* S3K slip/fall method (§4.9) */
    bool rolljump_air_control;      /* CD: air control after a rolling jump (§6.6) */
    bool landing_shift_from_radius; /* S3K: landing un-roll shift = current hr - standing hr */
    bool air_wall_hit_continues;    /* S3K: a wall hit in the left/right air rows goes on (§5.8) */
    bool deep_ceiling_wall_check;   /* S3K: mostly-left ceiling hit d <= -20 is a wall (§5.8) */
    bool extreme_balance;           /* S2/S3K: second, extreme ledge-balance pose (§4.10) */
    bool spindash;    /* S2/S3K: down + jump at rest charges a spindash (OBJECTS.md §9) */
    bool peelout;     /* CD: up + jump at rest charges the super peel-out (OBJECTS.md §19.1) */
    bool cd_spindash; /* CD: down + jump at rest charges CD's spindash, 45 frames, no revving
                         (OBJECTS.md §19.5); it takes the place of `spindash` when both are on */
    bool drop_dash;   /* Mania's drop dash: hold jump again in a jump (OBJECTS.md §19.2); off in
                         every preset, a level override or `sim --drop-dash` turns it on */
    bool water_exit_slow_only; /* S3K: leaving the water doubles Ysp only when Ysp >= -0x400
                                  (S1/S2 always double it) */

    /* ---- original bugs and quirks, default = original (§11) ---- */
    bool fix_ground_topspeed_clamp;    /* §11.1: holding forward above top keeps the speed */
    bool fix_air_topspeed_clamp;       /* §11.2: same in the air */
    bool move_on_jump_frame;           /* §11.3: the air routine also runs on the jump frame */
    bool fix_rolljump_radius;          /* §11.4: a rolling jump keeps the ball radii */
    bool roll_cap_on_gsp;              /* §11.5: cap Gsp (not only Xsp) while rolling */
    bool landing_filter_all_quadrants; /* §11.6: -(hi(Ysp)+8) landing filter in every row */
    bool push_sensors_on_cardinals;    /* §11.7: push sensors also at ang 0x40/0x80 (S3K) */
    bool symmetric_brake_flip;         /* §11.8: braking left to exactly 0 gives -0x80 */
    bool symmetric_sine_table;         /* §11.10: sine entries 147/237 = -115 (SPG list) */
    bool fix_push_response_rounding;   /* §11.11: push response uses modeOf like the cast */
    bool push_low_symmetric;           /* §11.12: low push sensor also for ang 0xF9..0xFF */
    bool slope_factor_at_rest;         /* §11.14: slope factor at Gsp 0 when |s| >= slp_rest_min */
    bool fix_slip_after_ledge;         /* §11.15: no slip check on the frame the player left */
    bool drag_window_exclusive;        /* §11.16: drag window excludes Ysp == -drag_window */
} lw_profile;

/* ---- presets and characters ---- */

/** Number of presets (s1, s2, s3k, cd, modern, in that order). */
size_t lw_profile_preset_count(void);

/** Preset @index (0..count-1) with the character sonic. Borrowed static storage. */
const lw_profile *lw_profile_preset_at(size_t index);

/** The preset named @name ("s1", "s2", "s3k", "cd", "modern"; exact, lower case) with the
 * character sonic, or NULL when unknown. Borrowed static storage: copy it to modify it. */
const lw_profile *lw_profile_find(const char *name);

/** The default preset, s2 with sonic (the ARCHITECTURE.md seed figures). */
const lw_profile *lw_profile_default(void);

/** A character: terrain radii and jump force (§3.4, §5.1). */
typedef struct lw_character {
    const char *name;           /* "sonic", "tails", "knuckles" */
    int32_t stand_wr, stand_hr; /* px */
    int32_t ball_wr, ball_hr;   /* px */
    int32_t push_radius;        /* px */
    int32_t jump;               /* subpx/frame */
    int32_t water_jump;         /* subpx/frame: the jump force underwater */
} lw_character;

/** Number of characters (sonic, tails, knuckles). */
size_t lw_character_count(void);

/** Character @index. Borrowed static storage. */
const lw_character *lw_character_at(size_t index);

/** The character named @name, or NULL. */
const lw_character *lw_character_find(const char *name);

/** Copy @character's radii and jump forces (dry and underwater; and name) into @profile. */
void lw_profile_set_character(lw_profile *profile, const lw_character *character);

/**
 * Build a profile in @out from a preset name and a character name (NULL/"" = s2 / sonic).
 * Returns false with LW_ERR_RANGE in @err (may be NULL) for an unknown name; @out untouched.
 */
bool lw_profile_init(lw_profile *out, const char *preset, const char *character, lw_error *err);

/* ---- named parameters (tuning panel, level overrides) ---- */

typedef enum lw_param_kind {
    LW_PARAM_CONSTANT = 0, /* an int32 constant */
    LW_PARAM_SWITCH = 1,   /* a bool: 0 or 1 */
} lw_param_kind;

/** Description of one named parameter of lw_profile. */
typedef struct lw_param_info {
    const char *name;        /* stable name used by level overrides, e.g. "acc", "gravity" */
    lw_param_kind kind;      /* constant or switch */
    const char *unit;        /* "subpx/frame", "subpx/frame^2", "px", "frames" or "bool" */
    const char *description; /* one line for a tuning panel */
    int32_t min, max;        /* accepted range (inclusive) */
} lw_param_info;

/** Number of named parameters (constants first, then switches; stable order). */
size_t lw_param_count(void);

/** Parameter @index (0..count-1). Borrowed static storage. */
const lw_param_info *lw_param_at(size_t index);

/** Index of the parameter named @name (exact), or -1. */
int32_t lw_param_find(const char *name);

/** The value of parameter @index in @profile (switches read as 0/1). */
int32_t lw_profile_get(const lw_profile *profile, size_t index);

/** Set parameter @index; false (profile unchanged) when @value is outside the parameter's range. */
bool lw_profile_set(lw_profile *profile, size_t index, int32_t value);

/**
 * Apply @level's overrides (lw_level.overrides, in order) to @profile. An unknown name or a value
 * out of range fails with LW_ERR_RANGE and a message naming the override; the overrides before it
 * stay applied, so callers should work on a copy they can discard.
 */
bool lw_profile_apply_overrides(lw_profile *profile, const lw_level *level, lw_error *err);

/** The S2/S3K spindash release Gsp (subpx/frame, >= 0) for the charge @counter (0..0x800, 8.8)
 * under @profile: spindash_speed + (counter >> 8) * spindash_step (§9; the presets give
 * lw_spindash_speed's table, 0x800..0xC00). */
static inline int32_t lw_profile_spindash_speed(const lw_profile *profile, uint32_t counter)
{
    return profile->spindash_speed + (int32_t)(counter >> 8) * profile->spindash_step;
}

/** sin(@angle) * 256 from the sine table the profile selects (§1.4, §11.10). */
static inline int32_t lw_profile_sin(const lw_profile *profile, uint8_t angle)
{
    int32_t v = lw_sine_table[angle];
    if (profile->symmetric_sine_table && (angle == 147 || angle == 237))
        v = -115;
    return v;
}

/** cos(@angle) * 256, the sine read at angle + 64. */
static inline int32_t lw_profile_cos(const lw_profile *profile, uint8_t angle)
{
    return lw_profile_sin(profile, (uint8_t)(angle + 64u));
}
