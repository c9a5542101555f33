#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * Loopwright engine: game objects (docs/OBJECTS.md is the contract; section numbers below refer
 * to it). Springs, spikes, rings and ring loss, monitors, platforms, log bridges, checkpoints,
 * goal signs and a walking enemy, as the simulation runs them.
 *
 * A level stores its game objects as markers (lw_object of type LW_OBJECT_MARKER) whose name is
 * the type ("spring", "bridge", ...) and whose properties are strings ("direction" = "up", ...);
 * lw_sim_init() reads them once into a fixed table (lw_sim.objects, allocated at init) and
 * unknown names are ignored. Everything an object changes while the simulation runs lives in
 * lw_sim_state.game (fixed size, no pointers), so lw_sim_save/lw_sim_restore and the state hash
 * cover every object. No allocation in a step.
 */

#include "loopwright/level.h"

/** Largest number of game objects a simulation runs (markers of a known type). */
#define LW_SIM_MAX_OBJECTS 1024
/** Objects whose origin is within this many px of the player's X run in a frame (culling,
 * OBJECTS.md §1.3); the object the player stands on always runs. */
#define LW_OBJ_CULL_PX 512
/** Objects that stay at their origin touch the player only within this many px of its X
 * (the widest hitbox or trigger, 32 + 8, plus a margin). */
#define LW_OBJ_TOUCH_PX 48
/** Rings one hit can scatter (the originals' limit, §5.2). */
#define LW_SIM_MAX_SPILL 32

/** Object types (marker names in parentheses). */
typedef enum lw_obj_type {
    LW_OBJ_SPRING = 0,     /* "spring": direction, strength */
    LW_OBJ_SPIKES = 1,     /* "spikes": direction */
    LW_OBJ_RING = 2,       /* "ring": count, spacing (a row of rings) */
    LW_OBJ_MONITOR = 3,    /* "monitor": contents */
    LW_OBJ_PLATFORM = 4,   /* "platform": motion, distance, period, width */
    LW_OBJ_BRIDGE = 5,     /* "bridge": logs */
    LW_OBJ_CHECKPOINT = 6, /* "checkpoint" */
    LW_OBJ_GOAL = 7,       /* "goal" */
    LW_OBJ_ENEMY = 8,      /* "enemy": direction (left/right) */
    LW_OBJ_TYPE_COUNT = 9,
} lw_obj_type;

/** Directions (springs, spikes, enemies). Diagonals only for springs. */
typedef enum lw_obj_dir {
    LW_DIR8_UP = 0,
    LW_DIR8_DOWN = 1,
    LW_DIR8_LEFT = 2,
    LW_DIR8_RIGHT = 3,
    LW_DIR8_UP_LEFT = 4,
    LW_DIR8_UP_RIGHT = 5,
    LW_DIR8_DOWN_LEFT = 6,
    LW_DIR8_DOWN_RIGHT = 7,
} lw_obj_dir;

/** Monitor contents. */
typedef enum lw_monitor_contents {
    LW_MONITOR_RINGS = 0, /* +10 rings */
    LW_MONITOR_SHIELD = 1,
    LW_MONITOR_INVINCIBILITY = 2,
    LW_MONITOR_SHOES = 3,
    LW_MONITOR_1UP = 4,
} lw_monitor_contents;

/** Platform motions. */
typedef enum lw_platform_motion {
    LW_PLATFORM_STATIC = 0,
    LW_PLATFORM_HORIZONTAL = 1, /* x = origin + distance * sin(phase) */
    LW_PLATFORM_VERTICAL = 2,   /* y = origin + distance * sin(phase) */
    LW_PLATFORM_FALLING = 3,    /* falls after being stood on for 30 frames */
    LW_PLATFORM_COLLAPSING = 4, /* a ledge that collapses 8 frames after being stood on */
} lw_platform_motion;

/** A game object as the simulation reads it (copied from the level at lw_sim_init). */
typedef struct lw_sim_object {
    uint32_t id;     /* the level object's id (the trace's "on" column) */
    int32_t x, y;    /* px: origin (centre) */
    uint8_t type;    /* lw_obj_type */
    uint8_t dir;     /* lw_obj_dir */
    uint8_t variant; /* spring: 1 red; monitor: lw_monitor_contents; platform: lw_platform_motion */
    uint8_t logs;    /* bridge: 1..16 logs of 16 px; ring: the marker's row length */
    int16_t speed;   /* spring: launch speed, subpx/frame */
    int16_t half_w;  /* px: solid half-width (platform: "width" / 2) */
    int16_t distance; /* px: platform amplitude; ring: spacing of the marker's row */
    uint16_t period;  /* frames: platform period (>= 2) */
    uint16_t reach;   /* px: beyond this |player x - origin x| an idle object has nothing to do
                         in its own update (computed at init; 0 = nothing to do ever) */
    uint8_t busy;     /* runs every frame in the window whatever the distance (moving
                         platforms, enemies) */
    uint8_t runs;     /* has an update of its own (springs, spikes, monitors, platforms,
                         bridges, enemies); rings, checkpoints and goals only touch */
    int16_t near_c;   /* px: an idle object's update can matter only while
                         v = player y - object y + near_c + hr + 64 is in [0, near_span + 2 (hr
                         + 64)) modulo 2048 (hr the player's height radius; §1.3) */
    uint16_t near_span;
} lw_sim_object;

/** Object state flags. */
enum {
    LW_OBJF_GONE = 1u << 0,      /* collected / broken / destroyed / fallen away */
    LW_OBJF_STANDING = 1u << 1,  /* the player stands on it */
    LW_OBJF_TRIGGERED = 1u << 2, /* checkpoint touched, goal passed, platform triggered */
    LW_OBJF_PUSHING = 1u << 3,   /* the player pushes against it */
    LW_OBJF_FLIP = 1u << 4,      /* enemy: walking left */
};

/** One object's mutable state (16 bytes). */
typedef struct lw_obj_state {
    int32_t x, y;     /* 1/256 px: current centre (origin << 8 for static objects) */
    int16_t xsp, ysp; /* 1/256 px per frame */
    uint16_t timer;   /* frames: type-specific countdown */
    uint8_t flags;    /* LW_OBJF_* */
    uint8_t aux;      /* bridge: sag phase 0..0x40 (low 7 bits) ; enemy: unused */
} lw_obj_state;

/** A scattered ring (§5.2). */
typedef struct lw_spill_ring {
    int32_t x, y;     /* 1/256 px */
    int16_t xsp, ysp; /* 1/256 px per frame */
} lw_spill_ring;

/** Shields. */
typedef enum lw_shield { LW_SHIELD_NONE = 0, LW_SHIELD_BASIC = 1 } lw_shield;

/** Events of the last frame (trace "events" bits). */
enum {
    LW_EVENT_SPRING = 1u << 0,  /* a spring launched the player */
    LW_EVENT_HURT = 1u << 1,    /* the player was hurt */
    LW_EVENT_RING = 1u << 2,    /* a ring (placed or scattered) was collected */
    LW_EVENT_MONITOR = 1u << 3, /* a monitor was broken */
    LW_EVENT_ENEMY = 1u << 4,   /* an enemy was destroyed */
    LW_EVENT_CHECKPOINT = 1u << 5,
    LW_EVENT_GOAL = 1u << 6,
    LW_EVENT_SPINDASH = 1u << 7, /* a spindash was released */
};

/**
 * Everything objects and the player's object-related abilities change: a plain value inside
 * lw_sim_state. Hashed (after the terrain-only fields) only when the simulation has objects or
 * any of the player fields differs from its reset value, so terrain-only hashes are unchanged.
 */
typedef struct lw_game_state {
    uint16_t rings;
    uint16_t invuln;           /* frames: post-hit invulnerability (the player flashes) */
    uint16_t invincible;       /* frames: monitor invincibility */
    uint16_t shoes;            /* frames: speed shoes */
    uint16_t on_object;        /* index + 1 of the object the player stands on; 0 = none */
    uint16_t spindash_counter; /* 8.8 spindash charge (0..0x800) */
    uint16_t spill_count;      /* scattered rings alive */
    uint16_t checkpoint;       /* index + 1 of the last checkpoint touched; 0 = none */
    uint8_t spindash;          /* charging a spindash */
    uint8_t hurt;              /* in the hurt routine (no control, gravity 0x30) */
    uint8_t shield;            /* lw_shield */
    uint8_t extra_lives;       /* 1-ups collected (lives beyond the start) */
    uint8_t chain;             /* enemies destroyed since the player last landed */
    uint8_t events;            /* LW_EVENT_* of the last frame */
    uint8_t spill_timer;       /* frames the scattered rings still live */
    uint8_t pad;
    uint32_t score;
    int32_t respawn_x, respawn_y; /* px: the last checkpoint's position */
    lw_spill_ring spill[LW_SIM_MAX_SPILL];
    /* bit i: object i's state may be away from idle (flags, timer or phase set), so it runs
     * in the culling window whatever the player's distance (§1.3). Derived from the objects'
     * states (a superset: a bit is cleared when the object's own update leaves it idle), not
     * hashed. */
    uint64_t awake[LW_SIM_MAX_OBJECTS / 64];
    /* The enemies' touch skip (§1.3), derived from their positions like the awake bits, not
     * hashed: at the touch test of frame enemy_gap_frame, every enemy of ranks [enemy_gap_k0,
     * enemy_gap_k1) that was not gone was at least enemy_gap + 25 px in X from the player's
     * pixel X enemy_gap_x; enemy_gap < 0: nothing kept. */
    int32_t enemy_gap, enemy_gap_x;
    uint32_t enemy_gap_frame;
    uint16_t enemy_gap_k0, enemy_gap_k1;
    lw_obj_state obj[LW_SIM_MAX_OBJECTS];
} lw_game_state;

/** The type named @name ("spring"...), or -1. */
int lw_obj_type_from_name(const char *name);

/** The marker name of @type. */
const char *lw_obj_type_name(lw_obj_type type);

/**
 * Read a marker into @out: its type from the name and its properties (OBJECTS.md §2 lists them
 * with their defaults). Returns false, with a message in @err naming the property, when the name
 * is not a game object type (LW_ERR_FORMAT) or a property value is not allowed (LW_ERR_RANGE).
 */
bool lw_sim_object_from_marker(const lw_object *marker, lw_sim_object *out, lw_error *err);

/** Bridge log @k's offset below the bridge's origin in px for a player standing on log
 * @stand of @logs logs at sag phase @phase (0..0x40), §7. */
int32_t lw_bridge_log_offset(uint32_t logs, uint32_t stand, uint32_t k, uint32_t phase);

/** Spindash release speed (subpx/frame) for the charge @counter (§9). */
static inline int32_t lw_spindash_speed(uint32_t counter)
{
    return 0x800 + (int32_t)(counter >> 8) * 0x80;
}
