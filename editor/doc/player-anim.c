/* SPDX-License-Identifier: MIT */
/* The player's pose from the simulation state (player-anim.h; docs/OBJECTS.md §17). */
#include "player-anim.h"

#include <string.h>

const uint8_t editor_player_anim_frames[EDITOR_PLAYER_ANIM_COUNT] = {
    [EDITOR_PLAYER_STAND] = 1,     [EDITOR_PLAYER_WALK] = 8,
    [EDITOR_PLAYER_RUN] = 4,       [EDITOR_PLAYER_DASH] = 4,
    [EDITOR_PLAYER_BALL] = 4,      [EDITOR_PLAYER_SPRING] = 1,
    [EDITOR_PLAYER_HURT] = 1,      [EDITOR_PLAYER_PUSH] = 4,
    [EDITOR_PLAYER_BALANCE] = 2,   [EDITOR_PLAYER_BALANCE_EXTREME] = 2,
    [EDITOR_PLAYER_SPINDASH] = 4,  [EDITOR_PLAYER_DUCK] = 1,
    [EDITOR_PLAYER_LOOK_UP] = 1,   [EDITOR_PLAYER_PEELOUT] = 4,
    [EDITOR_PLAYER_DROP_DASH] = 4, [EDITOR_PLAYER_DUST_SPINDASH] = 7,
    [EDITOR_PLAYER_DUST_SKID] = 4, [EDITOR_PLAYER_SKID] = 4,
};

const uint8_t editor_player_anim_fallback[EDITOR_PLAYER_ANIM_COUNT] = {
    [EDITOR_PLAYER_STAND] = EDITOR_PLAYER_STAND,
    [EDITOR_PLAYER_WALK] = EDITOR_PLAYER_WALK,
    [EDITOR_PLAYER_RUN] = EDITOR_PLAYER_RUN,
    [EDITOR_PLAYER_DASH] = EDITOR_PLAYER_DASH,
    [EDITOR_PLAYER_BALL] = EDITOR_PLAYER_BALL,
    [EDITOR_PLAYER_SPRING] = EDITOR_PLAYER_SPRING,
    [EDITOR_PLAYER_HURT] = EDITOR_PLAYER_HURT,
    [EDITOR_PLAYER_PUSH] = EDITOR_PLAYER_PUSH,
    [EDITOR_PLAYER_BALANCE] = EDITOR_PLAYER_BALANCE,
    [EDITOR_PLAYER_BALANCE_EXTREME] = EDITOR_PLAYER_BALANCE_EXTREME,
    [EDITOR_PLAYER_SPINDASH] = EDITOR_PLAYER_SPINDASH,
    [EDITOR_PLAYER_DUCK] = EDITOR_PLAYER_DUCK,
    [EDITOR_PLAYER_LOOK_UP] = EDITOR_PLAYER_LOOK_UP,
    [EDITOR_PLAYER_PEELOUT] = EDITOR_PLAYER_DASH,
    [EDITOR_PLAYER_DROP_DASH] = EDITOR_PLAYER_BALL,
    [EDITOR_PLAYER_DUST_SPINDASH] = EDITOR_PLAYER_DUST_SPINDASH,
    [EDITOR_PLAYER_DUST_SKID] = EDITOR_PLAYER_DUST_SKID,
    /* not used by editor_player_pose_drawn, which keeps the walk, run or dash pose instead */
    [EDITOR_PLAYER_SKID] = EDITOR_PLAYER_WALK,
};

const char *const editor_player_anim_names[EDITOR_PLAYER_ANIM_COUNT] = {
    "stand",         "walk",      "run",     "dash",    "ball",
    "spring",        "hurt",      "push",    "balance", "balance-extreme",
    "spindash",      "duck",      "look-up", "peelout", "drop-dash",
    "dust-spindash", "dust-skid", "skid",
};

uint8_t editor_player_rotation(uint8_t angle, bool facing_left)
{
    /* [S2 SAnim_WalkRun]: angle (minus 1 for 0x01..0x7F), inverted when not mirrored, + 0x10;
     * the top three bits pick one of eight 45-degree steps (four rotated frame sets, the other
     * four by flipping both ways) */
    uint8_t a = angle;
    if (a != 0 && a < 0x80)
        a--;
    if (!facing_left)
        a = (uint8_t)~a;
    a = (uint8_t)(a + 0x10);
    uint8_t step = (uint8_t)((a >> 5) * 0x20);
    /* the frame sets turn counter-clockwise in the unmirrored art, so a sprite facing right
     * turns by minus the step */
    return facing_left ? step : (uint8_t)(0x100 - step);
}

/* Frames the current frame lasts minus one, from Gsp [S2 SAnim_WalkRun, SAnim_Roll,
 * SAnim_Push]: max(0, base - |Gsp|) >> shift. */
static uint8_t speed_duration(int32_t gsp, int32_t base, int shift)
{
    int32_t g = gsp < 0 ? -gsp : gsp;
    int32_t d = base - g;
    return (uint8_t)(d < 0 ? 0 : d >> shift);
}

static bool is_profile(const lw_profile *profile, const char *name)
{
    return profile && strcmp(profile->name, name) == 0;
}

/* [LW] The peel-out's legs speed up with the charge: the dash's duration at the speed the
 * release would give in proportion, t·peelout_speed/peelout_charge (the presets: t·0xC00/30, 8
 * at the start, 0 from t = 18), so a tuned charge or speed shows in the legs. A charge of 0
 * launches at once: full speed. */
static uint8_t peelout_duration(uint8_t timer, const lw_profile *profile)
{
    if (!profile)
        profile = lw_profile_default();
    int32_t charge = profile->peelout_charge, speed = profile->peelout_speed;
    int32_t t = timer < charge ? timer : charge;
    return speed_duration(charge > 0 ? t * speed / charge : speed, 0x800, 8);
}

/* Row and duration, before the frame is chosen. */
static EditorPlayerPose choose_row(const lw_sim_state *state, const lw_profile *profile)
{
    const lw_player *pl = &state->player;
    const lw_game_state *g = &state->game;
    EditorPlayerPose p = {.anim = EDITOR_PLAYER_STAND, .mirror = pl->facing_left};
    int32_t speed = pl->gsp < 0 ? -pl->gsp : pl->gsp;
    if (g->hurt || state->status == LW_SIM_DEAD) {
        p.anim = EDITOR_PLAYER_HURT;
    } else if (g->spindash || state->moves.spindash) {
        /* [S2 SonAni_Spindash]: a new frame every frame; CD's charge too [LW] (CD shows its
         * rolling frames, the SPG gives no timing) */
        p.anim = EDITOR_PLAYER_SPINDASH;
    } else if (state->moves.peelout) {
        p.anim = EDITOR_PLAYER_PEELOUT;
        p.duration = peelout_duration(state->moves.peelout_timer, profile);
    } else if (state->moves.drop_dash == LW_MOVE_CHARGED) {
        /* [Mania decomp Player_JumpAbility_Sonic]: the drop dash animation once charged */
        p.anim = EDITOR_PLAYER_DROP_DASH;
    } else if (pl->rolling || (pl->airborne && pl->jumping)) {
        p.anim = EDITOR_PLAYER_BALL;
        p.duration = speed_duration(pl->gsp, 0x400, 8);
    } else if (pl->airborne && pl->ysp < 0) {
        p.anim = EDITOR_PLAYER_SPRING; /* [LW] rising without a jump: a spring's launch */
    } else if (!pl->airborne && pl->pushing) {
        p.anim = EDITOR_PLAYER_PUSH;
        p.duration = speed_duration(pl->gsp, 0x800, 6);
    } else if (!pl->airborne && pl->balance != LW_BALANCE_NONE) {
        bool extreme = pl->balance_extreme && !is_profile(profile, "s1");
        p.anim = extreme ? EDITOR_PLAYER_BALANCE_EXTREME : EDITOR_PLAYER_BALANCE;
        /* [S2 SonAni_Balance 9, SonAni_Balance2 3; S1 Ani_Sonic Balance $1F] */
        p.duration = is_profile(profile, "s1") ? 0x1F : extreme ? 3 : 9;
        p.mirror = pl->balance == LW_BALANCE_LEDGE_LEFT;
    } else if (pl->gsp == 0) {
        if (!pl->airborne && (state->prev_input & LW_BUTTON_DOWN))
            p.anim = EDITOR_PLAYER_DUCK;
        else if (!pl->airborne && (state->prev_input & LW_BUTTON_UP))
            p.anim = EDITOR_PLAYER_LOOK_UP;
    } else {
        /* [S2 SAnim_WalkRun]: run from 0x600; the CD dash from 0xA00 (SPG Animations) */
        p.anim = is_profile(profile, "cd") && speed >= 0xA00 ? EDITOR_PLAYER_DASH
                 : speed >= 0x600                            ? EDITOR_PLAYER_RUN
                                                             : EDITOR_PLAYER_WALK;
        p.duration = speed_duration(pl->gsp, 0x800, 8);
        p.rotation = editor_player_rotation(pl->angle, pl->facing_left);
    }
    return p;
}

EditorPlayerPose editor_player_pose_for_sheet(EditorPlayerPose pose, uint32_t rows,
                                              uint32_t frame_counter)
{
    if (pose.anim < rows)
        return pose;
    pose.anim = editor_player_anim_fallback[pose.anim];
    pose.frame = (uint8_t)((frame_counter / ((uint32_t)pose.duration + 1)) %
                           editor_player_anim_frames[pose.anim]);
    return pose;
}

EditorPlayerPose editor_player_pose(const lw_sim_state *state, const lw_profile *profile)
{
    EditorPlayerPose p = choose_row(state, profile);
    /* [LW] the frame follows the frame counter: frame n of the row shows during frames
     * [n·(d+1), (n+1)·(d+1)) of each cycle, d the duration, so the pose is a function of the
     * state; the originals count the duration down per frame shown (the same rate while the
     * speed holds) */
    uint32_t per = (uint32_t)p.duration + 1;
    p.frame = (uint8_t)((state->frame / per) % editor_player_anim_frames[p.anim]);
    return p;
}

/* ---- dust (docs/OBJECTS.md §17.4) ---- */

/* Holding against the motion on a floor, with control: the frame's deceleration ran
 * [S2 Sonic_MoveLeft/Sonic_TurnLeft; REV01's floor check: (angle + 0x20) & 0xC0 == 0]. The
 * state's Gsp is after the frame, so a brake that turned the player round is not one. */
static bool braking(const lw_sim_state *st)
{
    const lw_player *pl = &st->player;
    if (pl->airborne || pl->rolling || pl->control_lock || st->game.hurt ||
        st->status != LW_SIM_RUNNING || (uint8_t)((pl->angle + 0x20) & 0xC0) != 0)
        return false;
    bool left = st->prev_input & LW_BUTTON_LEFT, right = st->prev_input & LW_BUTTON_RIGHT;
    return left != right && (left ? pl->gsp > 0 : pl->gsp < 0);
}

/* ---- the skid (docs/OBJECTS.md §17.5) ---- */

/* The originals' stop animation: frames per picture minus one, pictures, and whether it loops
 * (S1) or hands over to the walk when its pictures have played ($FD: S2, S3K). */
typedef struct SkidScript {
    uint8_t duration, pictures;
    bool loops;
} SkidScript;

static SkidScript skid_script(const lw_profile *profile)
{
    /* [S1 _anim/Sonic.asm SonAni_Stop: 7, fr_Stop1, fr_Stop2, afEnd]; CD has no disassembly
     * here: the SPG's "until Xsp reaches zero or changes sign", as S1 [LW] */
    if (is_profile(profile, "s1") || is_profile(profile, "cd"))
        return (SkidScript){7, 2, true};
    /* [S3 "Anim - Sonic S3.asm" AniSonic0D: 3, $9D..$A0, $FD, 0]; modern is S3K's */
    if (is_profile(profile, "s3k") || is_profile(profile, "modern"))
        return (SkidScript){3, 4, false};
    return (SkidScript){5, 4, false}; /* [S2 SonAni_Stop: 5, $D2..$D5, $FD, 0] */
}

/* The frame set the stop animation [S2/S3/S1 Sonic_TurnLeft/TurnRight]: a brake on a floor that
 * leaves |Gsp| >= 0x400. The unfixed games compare the speed after the angle check has
 * overwritten its low byte (the `move.b angle(a0),d0` the disassemblies flag), so moving left
 * the skid starts from Gsp <= -0x301; CD (the SPG's 4.5 before the brake) and modern compare
 * the speed itself. */
static bool sets_stop(const lw_sim_state *st, const lw_profile *profile)
{
    if (!braking(st))
        return false;
    int32_t g = st->player.gsp;
    if (!is_profile(profile, "cd") && !is_profile(profile, "modern"))
        g = (g >> 8) * 256; /* the low byte cleared: floors, as the 68000's word does */
    return g >= 0x400 || g <= -0x400;
}

/* The frame set the walk: a direction held while not moving against it [S2 Sonic_MoveLeft /
 * MoveRight's first branch], on the ground, with control. @before is the state before. */
static bool sets_walk(const lw_sim_state *st, const lw_sim_state *before)
{
    const lw_player *pl = &st->player;
    if (pl->airborne || pl->control_lock)
        return false;
    int32_t g = before->player.gsp;
    return ((st->prev_input & LW_BUTTON_LEFT) && g <= 0) ||
           ((st->prev_input & LW_BUTTON_RIGHT) && g >= 0);
}

static bool walk_row(uint8_t anim)
{
    return anim == EDITOR_PLAYER_WALK || anim == EDITOR_PLAYER_RUN || anim == EDITOR_PLAYER_DASH;
}

/* The stop animation at each state of @history, replayed from the oldest state read (taken as
 * not skidding) to @history[0] as Sonic_Animate runs it after the frame's move. */
typedef struct SkidTrack {
    uint32_t n;                             /* states replayed */
    bool shown[EDITOR_PLAYER_DUST_HISTORY]; /* a stop picture is drawn at history[k] */
    uint8_t picture[EDITOR_PLAYER_DUST_HISTORY];
    uint8_t age[EDITOR_PLAYER_DUST_HISTORY]; /* frames since the run of shown frames began */
    bool mirror[EDITOR_PLAYER_DUST_HISTORY]; /* moving left when the stop was last set */
    uint8_t duration;
} SkidTrack;

static void skid_track(const lw_sim_state *const *history, uint32_t count,
                       const lw_profile *profile, SkidTrack *t)
{
    SkidScript sc = skid_script(profile);
    t->n = count < EDITOR_PLAYER_DUST_HISTORY ? count : EDITOR_PLAYER_DUST_HISTORY;
    t->duration = sc.duration;
    /* anim, prev_anim (is it the stop), the script index and countdown, as Sonic_Animate */
    bool stop = false, prev_stop = false, mirror = false;
    int idx = 0, dur = 0, picture = 0, age = 0;
    for (uint32_t k = t->n; k-- > 0;) {
        const lw_sim_state *st = history[k];
        EditorPlayerPose base = choose_row(st, profile);
        if (!walk_row(base.anim)) {
            stop = false; /* another animation: standing, the ball, pushing, hurt, ... */
        } else if (sets_stop(st, profile)) {
            stop = true;
            mirror = st->player.gsp < 0; /* [S2 TurnLeft: bclr x_flip] faces the motion */
        } else if (k + 1 < t->n && sets_walk(st, history[k + 1])) {
            stop = false;
        }
        bool shown = false;
        if (stop) {
            if (!prev_stop) { /* a new animation restarts from its first picture */
                prev_stop = true;
                idx = 0;
                dur = 0;
            }
            shown = true;
            if (--dur < 0) {
                dur = sc.duration;
                if (idx == sc.pictures && sc.loops)
                    idx = 0;
                if (idx == sc.pictures)
                    stop = false; /* $FD: the walk next, this frame keeps the last picture */
                else
                    picture = idx++;
            }
        } else {
            prev_stop = false;
        }
        age = shown && k + 1 < t->n && t->shown[k + 1] ? age + 1 : 0;
        t->shown[k] = shown;
        t->picture[k] = (uint8_t)picture;
        t->age[k] = (uint8_t)age;
        t->mirror[k] = mirror;
    }
}

bool editor_player_skidding(const lw_sim_state *const *history, uint32_t count,
                            const lw_profile *profile)
{
    if (count == 0)
        return false;
    SkidTrack t;
    skid_track(history, count, profile, &t);
    return t.shown[0];
}

EditorPlayerPose editor_player_pose_drawn(const lw_sim_state *const *history, uint32_t count,
                                          const lw_profile *profile, uint32_t rows)
{
    if (count == 0) /* a programmer's error: no state to draw */
        return (EditorPlayerPose){.anim = EDITOR_PLAYER_STAND};
    EditorPlayerPose p = editor_player_pose(history[0], profile);
    if (rows > EDITOR_PLAYER_SKID && walk_row(p.anim)) {
        SkidTrack t;
        skid_track(history, count, profile, &t);
        if (t.shown[0])
            p = (EditorPlayerPose){.anim = EDITOR_PLAYER_SKID,
                                   .frame = t.picture[0],
                                   .mirror = t.mirror[0],
                                   .duration = t.duration};
    }
    return editor_player_pose_for_sheet(p, rows, history[0]->frame);
}

uint32_t editor_player_dust(const lw_sim_state *const *history, uint32_t count,
                            const lw_profile *profile, EditorPlayerDust out[EDITOR_PLAYER_DUST_MAX])
{
    if (count == 0)
        return 0;
    const lw_sim_state *now = history[0];
    uint32_t n = 0;
    if (now->game.spindash && !now->game.hurt) {
        /* [S2 Obj08_MdSpindashDust]: at the player, flipped with it, while the flag is set;
         * [S2 Obj08Ani_Dash]: 7 pictures of 2 frames each, looping, here from the frame counter
         * [LW] as the player's own rows (§17.2) */
        const lw_player *pl = &now->player;
        bool left = pl->facing_left;
        out[n++] = (EditorPlayerDust){
            .anim = EDITOR_PLAYER_DUST_SPINDASH,
            .frame = (uint8_t)((now->frame / 2) %
                               editor_player_anim_frames[EDITOR_PLAYER_DUST_SPINDASH]),
            .mirror = left,
            .x = (pl->x >> 8) + (left ? -EDITOR_PLAYER_DUST_DX : EDITOR_PLAYER_DUST_DX),
            .y = (pl->y >> 8) + EDITOR_PLAYER_DUST_DY,
        };
    }
    /* [S2 Obj08_CheckSkid/Obj08_SkidDust]: a puff on the skid's first frame and every 4th after,
     * left where the player's feet were; [S2 Obj08Ani_Skid]: 4 pictures of 4 frames, then gone
     * (16 frames) */
    /* S1 has no dust object (s1disasm: only the skid sound), CD has no disassembly here [LW] */
    if (is_profile(profile, "s1") || is_profile(profile, "cd"))
        return n;
    SkidTrack t;
    skid_track(history, count, profile, &t);
    for (uint32_t k = 0; k < 16 && k < t.n && n < EDITOR_PLAYER_DUST_MAX; k++) {
        /* [S2 Obj08_CheckSkid]: the dust goes on while the player's animation is the stop */
        if (!t.shown[k] || t.age[k] % 4 != 0)
            continue;
        const lw_player *pl = &history[k]->player;
        out[n++] = (EditorPlayerDust){
            .anim = EDITOR_PLAYER_DUST_SKID,
            .frame = (uint8_t)(k / 4),
            .x = pl->x >> 8,
            .y = (pl->y >> 8) + EDITOR_PLAYER_SKID_DY,
        };
    }
    return n;
}
