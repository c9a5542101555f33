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
    [EDITOR_PLAYER_DUST_SKID] = 4,
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
};

const char *const editor_player_anim_names[EDITOR_PLAYER_ANIM_COUNT] = {
    "stand",         "walk",      "run",     "dash",    "ball",
    "spring",        "hurt",      "push",    "balance", "balance-extreme",
    "spindash",      "duck",      "look-up", "peelout", "drop-dash",
    "dust-spindash", "dust-skid",
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
        /* [LW] the legs speed up with the charge: the dash's duration at the speed the release
         * would give in proportion, t·0xC00/30 (8 at the start, 0 from t = 20) */
        p.anim = EDITOR_PLAYER_PEELOUT;
        p.duration = speed_duration(state->moves.peelout_timer * 0xC00 / 30, 0x800, 8);
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

/* Frames the skid of @history[at] has lasted before it (0 = it starts there), or -1 when the
 * player does not skid there. A skid starts on a braking frame left with |Gsp| >= 0x400
 * [S2 Sonic_TurnLeft `cmpi.w #$400,d0`] and goes on while the braking does [LW] (S2 keeps its
 * stop animation up to 32 frames). */
static int skid_age(const lw_sim_state *const *history, uint32_t count, uint32_t at)
{
    uint32_t end = count < EDITOR_PLAYER_DUST_HISTORY ? count : EDITOR_PLAYER_DUST_HISTORY;
    uint32_t k = at, start = UINT32_MAX;
    while (k < end && braking(history[k])) {
        int32_t g = history[k]->player.gsp;
        if ((g < 0 ? -g : g) >= 0x400)
            start = k; /* the earliest such frame of the braking run */
        k++;
    }
    return start == UINT32_MAX ? -1 : (int)(start - at);
}

bool editor_player_skidding(const lw_sim_state *const *history, uint32_t count)
{
    return count > 0 && skid_age(history, count, 0) >= 0;
}

uint32_t editor_player_dust(const lw_sim_state *const *history, uint32_t count,
                            EditorPlayerDust out[EDITOR_PLAYER_DUST_MAX])
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
    for (uint32_t k = 0; k < 16 && k < count && n < EDITOR_PLAYER_DUST_MAX; k++) {
        int age = skid_age(history, count, k);
        if (age < 0 || age % 4 != 0)
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
