#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: the deterministic player simulation (spec/PHYSICS.md §4–§8).
 *
 * An lw_sim couples a level (borrowed, read-only), a profile (copied) and the mutable state: the
 * player, the frame counter, the previous frame's buttons and the side each path swapper last
 * saw the player on. lw_sim_step() advances exactly one 1/60 s frame with integer arithmetic
 * only: positions in 1/256 px, speeds in 1/256 px per frame (8.8), hex angles. It never
 * allocates, reads no clock and no global state: the same level, profile, start and inputs give
 * bit-identical states on every build (checked by lw_sim_hash()).
 *
 * All mutable state is the plain struct lw_sim_state (no pointers): copy it to save a rewind
 * point and copy it back to restore (lw_sim_save / lw_sim_restore do exactly that).
 * lw_sim.debug holds what the last step's sensors saw, for a physics-debugger overlay.
 *
 * Boundaries (§4.7): before moving, a centre that would end left of profile.bound_left or at or
 * right of (level width - profile.bound_right) is clamped there with X speed and Gsp zeroed; a
 * centre more than profile.kill_margin px below the level's bottom edge kills the player: the
 * step returns LW_SIM_DEAD, the player is not moved that frame and later steps do nothing.
 */

#include "loopwright/objects.h"
#include "loopwright/profile.h"
#include "loopwright/sensor.h"

/* ---- input ---- */

/** Buttons held during one frame: any OR of LW_BUTTON_*. */
typedef uint8_t lw_input;

enum {
    LW_BUTTON_LEFT = 1u << 0,
    LW_BUTTON_RIGHT = 1u << 1,
    LW_BUTTON_UP = 1u << 2,
    LW_BUTTON_DOWN = 1u << 3,
    LW_BUTTON_JUMP = 1u << 4, /* a "press" = held now and not on the previous frame */
    LW_BUTTON_ALL = 0x1F,
};

/* ---- the player ---- */

/** Ledge balancing (animation only, §4.10). */
typedef enum lw_balance {
    LW_BALANCE_NONE = 0,
    LW_BALANCE_LEDGE_RIGHT = 1, /* the ledge is on the player's right; faces right */
    LW_BALANCE_LEDGE_LEFT = 2,  /* the ledge is on the left; faces left */
} lw_balance;

/**
 * The player's state. Every field is part of lw_sim_hash(). The editor may change fields between
 * frames (e.g. set a speed for a test), keeping the radii consistent with `rolling`.
 */
typedef struct lw_player {
    int32_t x, y;            /* 1/256 px: centre of the collision box (pixel = x >> 8) */
    int32_t xsp, ysp;        /* 1/256 px per frame: velocity, +Y down */
    int32_t gsp;             /* 1/256 px per frame: ground speed along the surface */
    uint8_t angle;           /* hex angle of the ground (§1.3); relaxes toward 0 in the air */
    uint8_t wr, hr;          /* px: current width and height radius */
    uint8_t path;            /* lw_path: collision layer the sensors use */
    bool airborne;           /* the air routine runs */
    bool rolling;            /* in the ball (on the ground or in the air) */
    bool rolljump;           /* jumped while rolling: no air control (§6.6) */
    bool jumping;            /* left the ground by jumping: variable jump height applies */
    bool pushing;            /* pushing against a wall (animation) */
    bool facing_left;        /* facing direction (animation) */
    uint8_t balance;         /* lw_balance (animation) */
    bool balance_extreme;    /* S2/S3K second balance pose (animation) */
    bool underwater;         /* below the level's water surface (docs/ENGINE.md "Water"): the
                                profile's water_* constants apply; always false without water */
    uint16_t control_lock;   /* frames of ignored L/R input on the ground (§4.9) */
    uint8_t ground_angle[2]; /* angle outputs of ground sensors A and B in the last grounded scan
                                (3 = found no block: a ledge, §4.10) */
} lw_player;

/** Simulation status. */
typedef enum lw_sim_status {
    LW_SIM_RUNNING = 0,
    LW_SIM_DEAD = 1,     /* fell below the level's bottom edge + kill_margin, or was hurt with
                            no rings and no shield (OBJECTS.md §4) */
    LW_SIM_FINISHED = 2, /* passed a goal sign (OBJECTS.md §12): later steps do nothing */
} lw_sim_status;

/** Largest number of path swappers a simulation tracks (their sides live in lw_sim_state). */
#define LW_SIM_MAX_SWAPPERS 4096

/** Phases of the player moves of docs/OBJECTS.md §19 (lw_moves_state). */
typedef enum lw_move_phase {
    LW_MOVE_NONE = 0,
    LW_MOVE_CHARGING = 1, /* peel-out or drop dash being charged */
    LW_MOVE_CHARGED = 2,  /* drop dash: charged, released on landing */
    LW_MOVE_SPENT = 3,    /* drop dash: cancelled for the rest of this jump */
} lw_move_phase;

/**
 * The super peel-out and spindash of Sonic CD and the drop dash (Mania) in progress (OBJECTS.md
 * §19). All zero while no such move runs, and then left out of lw_sim_hash(), so profiles
 * without the moves (and runs that never use them) hash as before.
 */
typedef struct lw_moves_state {
    uint8_t peelout;         /* lw_move_phase: NONE or CHARGING */
    uint8_t peelout_timer;   /* frames UP was held since the charge began (saturates at the
                                profile's peelout_charge, 30) */
    uint8_t drop_dash;       /* lw_move_phase */
    uint8_t drop_dash_timer; /* frames jump was held since the drop dash's press (to 20) */
    uint8_t spindash;        /* lw_move_phase: Sonic CD's spindash, NONE or CHARGING */
    uint8_t spindash_timer;  /* frames DOWN was held since its charge began (saturates at
                                cd_spindash_charge, 45) */
} lw_moves_state;

/** All mutable simulation state: a plain value, copyable with memcpy or assignment. */
typedef struct lw_sim_state {
    lw_player player;
    uint32_t frame;      /* frames simulated so far (the last trace row's frame number) */
    lw_input prev_input; /* buttons held on the previous frame (for jump presses) */
    uint8_t status;      /* lw_sim_status */
    uint8_t swapper_side[LW_SIM_MAX_SWAPPERS / 8]; /* bit i: swapper i saw the player on its
                                                      right/below side */
    lw_game_state game;   /* rings, hurt, abilities and every game object's state (objects.h) */
    lw_moves_state moves; /* super peel-out and drop dash (OBJECTS.md §19) */
} lw_sim_state;

/* ---- debug info (physics-debugger overlay) ---- */

/** Sensor names as the SPG uses them. */
typedef enum lw_sensor_id {
    LW_SENSOR_A = 0, /* floor sensor preferred on ties (ground/air), head-room side A */
    LW_SENSOR_B = 1,
    LW_SENSOR_C = 2, /* ceiling sensor preferred on ties */
    LW_SENSOR_D = 3,
    LW_SENSOR_E = 4,      /* left wall / push sensor when moving with negative Gsp */
    LW_SENSOR_F = 5,      /* right wall / push sensor when moving with positive Gsp */
    LW_SENSOR_CENTRE = 6, /* balance: centre probe below the feet */
    LW_SENSOR_EDGE = 7,   /* balance: extreme-pose probe */
} lw_sensor_id;

/** Why a sensor was cast. */
typedef enum lw_cast_use {
    LW_CAST_GROUND = 0,   /* grounded A/B in the current mode (§4.8) */
    LW_CAST_PUSH = 1,     /* grounded push sensor (§4.6) */
    LW_CAST_HEADROOM = 2, /* jump head-room check (§8) */
    LW_CAST_BALANCE = 3,  /* ledge balance probes (§4.10) */
    LW_CAST_AIR_FLOOR = 4,
    LW_CAST_AIR_CEILING = 5,
    LW_CAST_AIR_WALL = 6,
    LW_CAST_START = 7, /* ground probe when placing the player (lw_sim_reset) */
} lw_cast_use;

/** One sensor cast of a frame: what was cast, and what it saw. */
typedef struct lw_cast_record {
    uint8_t sensor;    /* lw_sensor_id */
    uint8_t use;       /* lw_cast_use */
    uint8_t dir;       /* lw_sensor_dir */
    uint8_t solidity;  /* LW_SOLID_TOP or LW_SOLID_LRB */
    int32_t x, y;      /* px: anchor */
    lw_sensor_hit hit; /* distance, angle output (the initial value if no block was read),
                          found / surface, tile and top-left px of the last solid block read */
} lw_cast_record;

#define LW_SIM_MAX_CASTS 16 /* more than any frame needs (a frame casts at most 7) */

/** Routine a frame ran (chosen from airborne/rolling at the start of the frame, §7). */
typedef enum lw_routine {
    LW_ROUTINE_GROUND = 0,
    LW_ROUTINE_ROLL = 1,
    LW_ROUTINE_AIR = 2,
} lw_routine;

/** What the last lw_sim_step() did; fixed size, overwritten by every step. */
typedef struct lw_sim_debug {
    uint32_t frame;        /* frame number these records belong to */
    uint8_t routine;       /* lw_routine at the start of the frame */
    uint8_t mode;          /* lw_mode used by the grounded A/B scan; LW_SIM_DEBUG_NONE if none */
    uint8_t air_quadrant;  /* §5.8 movement quadrant (0x00 down, 0x40 left, 0x80 up, 0xC0
                              right) of the air collision; LW_SIM_DEBUG_NONE if none */
    uint8_t cast_count;    /* valid entries in casts[] */
    uint16_t control_lock; /* player's control lock after the frame */
    bool jumped;           /* a jump started this frame */
    bool landed;           /* the player landed or attached this frame */
    uint16_t touched;      /* index + 1 of the game object the player's hitbox or solid box
                              met this frame (the last one), 0 = none */
    lw_cast_record casts[LW_SIM_MAX_CASTS]; /* in the order they were cast */
} lw_sim_debug;

#define LW_SIM_DEBUG_NONE 0xFF

/* ---- the simulation ---- */

/** A path swapper as the simulation reads it (copied from the level at init). */
typedef struct lw_sim_swapper {
    int32_t x, y;       /* px: midpoint of the line */
    int32_t radius;     /* px: half-length */
    bool horizontal;    /* threshold on Y (else on X) */
    bool grounded_only; /* only while the player is on the ground */
    bool priority_only; /* never changes the path */
    uint8_t path[2];    /* path for [0] left/above and [1] right/below */
} lw_sim_swapper;

/**
 * A simulation in caller storage. Initialise with lw_sim_init(), release with lw_sim_clear().
 * Fields are public for reading; change `profile` or `state` only between steps.
 */
typedef struct lw_sim {
    /* Borrowed */
    const lw_level *level; /* must outlive the simulation and stay unchanged while stepping */
    /* Owned */
    lw_sim_swapper *swappers; /* the level's path swappers in object order (NULL if none) */
    uint32_t swapper_count;
    lw_sim_object *objects; /* the level's game objects sorted by x, then level order (NULL if
                               none); state.game.obj[i] is objects[i]'s state */
    uint32_t object_count;
    lw_obj_state *initial; /* each object's state at reset (object_count entries, same block as
                              objects): the hash leaves out a game block equal to it */
    uint32_t *enemies;     /* indices of the enemies in object order (same block) */
    uint32_t enemy_count;
    /* Plain */
    lw_profile profile; /* physics constants and switches; may be edited between frames */
    lw_sim_state state; /* everything a step changes */
    lw_sim_debug debug; /* what the last step's sensors saw */
} lw_sim;

/**
 * Initialise @sim on @level with a copy of @profile and place the player at centre (@x_px, @y_px)
 * with lw_sim_reset(). The path swappers and game objects (markers of a known type, objects.h)
 * are copied now: call lw_sim_init() again after editing the level's objects. Allocates once (the
 * swapper and object tables). Returns false and fills @err (may be NULL) when the level has more
 * than LW_SIM_MAX_SWAPPERS swappers or LW_SIM_MAX_OBJECTS game objects (LW_ERR_LIMIT), a game
 * object has a bad property (LW_ERR_RANGE, naming the object id and property) or memory runs
 * out; @sim is then cleared.
 */
bool lw_sim_init(lw_sim *sim, const lw_level *level, const lw_profile *profile, int32_t x_px,
                 int32_t y_px, lw_error *err);

/** Free what @sim owns and zero it (accepts a zeroed sim). */
void lw_sim_clear(lw_sim *sim);

/**
 * Restart at frame 0 with the player's centre at (@x_px, @y_px), path A, standing radii, facing
 * right, no speed. The floor sensors then probe down from the feet (the start probe, cast twice
 * with the second cast 16 px lower): when the nearer of A/B meets a surface with at most 31 free
 * pixels below the feet (or the feet are inside the ground) whose angle is in floor mode, the
 * player starts grounded on it (Y = surface - hr - 1, angle = the tile's, flagged = 0); otherwise
 * airborne at the given point. Each swapper's side is set from the final position (right/below when
 * the player's coordinate is greater than the swapper's). No allocation.
 */
void lw_sim_reset(lw_sim *sim, int32_t x_px, int32_t y_px);

/**
 * Tell @sim that its level's terrain (layout, chunks, cells, tiles or masks) changed between two
 * steps, as test-play's live edits do: the enemies' floor probe results kept for the block column
 * each walks through (docs/OBJECTS.md §1.3) are dropped. lw_sim_init() and lw_sim_reset() start
 * without them. No allocation.
 */
void lw_sim_terrain_changed(lw_sim *sim);

/**
 * Advance exactly one frame with buttons @input held. Increments state.frame and rewrites
 * sim->debug. Returns the status after the frame; once LW_SIM_DEAD or LW_SIM_FINISHED, further
 * calls change nothing (the frame counter stays) and return that status. Never allocates.
 */
lw_sim_status lw_sim_step(lw_sim *sim, lw_input input);

/** Copy the mutable state out (a rewind point). */
static inline void lw_sim_save(const lw_sim *sim, lw_sim_state *out)
{
    *out = sim->state;
}

/** Restore a state saved from a simulation of the same level and swappers. */
static inline void lw_sim_restore(lw_sim *sim, const lw_sim_state *state)
{
    sim->state = *state;
}

/**
 * 64-bit FNV-1a of the state, serialised field by field in a fixed order and byte order (not the
 * struct's memory): frame, status, then the player's x, y, xsp, ysp, gsp (32-bit little endian),
 * angle, wr, hr, path, flag byte (airborne, rolling, rolljump, jumping, pushing, facing_left,
 * balance_extreme, underwater in bits 0-7; underwater is never set in a level without water, so
 * such levels hash as before water existed), balance, control_lock (16-bit LE), ground_angle[0..1],
 * then the swapper side bits for the simulation's swappers (ceil(count / 8) bytes), then — only
 * when the simulation has game objects or a game field differs from its reset value — the game
 * block of docs/OBJECTS.md §13, then — only when a move of OBJECTS.md §19 is in progress (a field
 * of state.moves's first four bytes is not 0) — those four bytes in field order, then — only when
 * Sonic CD's spindash is in progress — its two bytes (spindash, spindash_timer). Equal on every
 * build and platform for equal states.
 */
uint64_t lw_sim_hash(const lw_sim *sim);

/** The ground mode of the player's current angle (what the next grounded scan will use). */
static inline lw_mode lw_player_mode(const lw_player *player)
{
    return lw_mode_of(player->angle);
}
