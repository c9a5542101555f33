/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "replay-check"

#include "replay-check.h"

#include <loopwright/script.h>
#include <stdlib.h>
#include <string.h>

static char path_letter(uint8_t path)
{
    return path == LW_PATH_B ? 'B' : 'A';
}

static void judge(const lw_replay *replay, EditorReplayResult *r)
{
    if (!replay->has_expect) {
        r->verdict = EDITOR_REPLAY_NO_EXPECT;
        g_snprintf(r->message, sizeof r->message,
                   "ends at (%d, %d) on path %c%s; nothing recorded "
                   "to compare with",
                   r->x, r->y, path_letter(r->path), r->air ? " in the air" : "");
        return;
    }
    int32_t dx = r->x - replay->expect_x, dy = r->y - replay->expect_y;
    int32_t far = MAX(ABS(dx), ABS(dy));
    if (r->hash == replay->expect_hash) {
        r->verdict = EDITOR_REPLAY_PASS;
        g_snprintf(r->message, sizeof r->message, "passes: ends at (%d, %d) on path %c as recorded",
                   r->x, r->y, path_letter(r->path));
    } else if (r->dead) {
        r->verdict = EDITOR_REPLAY_FELL;
        g_snprintf(r->message, sizeof r->message,
                   "now falls out of the level at frame %u at x %d (the recording ends at "
                   "(%d, %d) after %u frames)",
                   r->frames, r->x, replay->expect_x, replay->expect_y, replay->frames);
    } else if (r->frames >= EDITOR_REPLAY_STUCK_FRAMES &&
               r->frames - r->still_since >= EDITOR_REPLAY_STUCK_FRAMES &&
               far > EDITOR_REPLAY_STUCK_PX) {
        r->verdict = EDITOR_REPLAY_STUCK;
        g_snprintf(r->message, sizeof r->message,
                   "now gets stuck at (%d, %d) from frame %u (the recording ends at (%d, %d))",
                   r->x, r->y, r->still_since, replay->expect_x, replay->expect_y);
    } else if (r->path != replay->expect_path) {
        r->verdict = EDITOR_REPLAY_PATH;
        g_snprintf(r->message, sizeof r->message,
                   "now ends on path %c instead of %c, at (%d, %d) (recorded (%d, %d))",
                   path_letter(r->path), path_letter(replay->expect_path), r->x, r->y,
                   replay->expect_x, replay->expect_y);
    } else if (r->air != replay->expect_air) {
        r->verdict = EDITOR_REPLAY_AIR;
        g_snprintf(r->message, sizeof r->message,
                   "now ends %s instead of %s, at (%d, %d) (recorded (%d, %d))",
                   r->air ? "in the air" : "on the ground",
                   replay->expect_air ? "in the air" : "on the ground", r->x, r->y,
                   replay->expect_x, replay->expect_y);
    } else if (dx || dy) {
        r->verdict = EDITOR_REPLAY_POSITION;
        g_snprintf(r->message, sizeof r->message,
                   "now ends at (%d, %d) instead of (%d, %d): %d px away", r->x, r->y,
                   replay->expect_x, replay->expect_y, far);
    } else {
        r->verdict = EDITOR_REPLAY_STATE;
        g_snprintf(r->message, sizeof r->message,
                   "ends at the recorded place (%d, %d), path and air state, but with another "
                   "speed or angle (state hash %016" G_GINT64_MODIFIER
                   "x, recorded %016" G_GINT64_MODIFIER "x)",
                   r->x, r->y, (guint64)r->hash, (guint64)replay->expect_hash);
    }
}

gboolean editor_replay_run(const lw_level *level, const lw_replay *replay, EditorReplayResult *out,
                           GError **error)
{
    memset(out, 0, sizeof *out);
    out->verdict = EDITOR_REPLAY_INVALID;
    int32_t start[2] = {replay->start_x, replay->start_y};
    EditorSimSetup setup;
    if (!editor_sim_setup(level, replay->profile, replay->character,
                          replay->has_start ? start : NULL, &setup, error)) {
        g_snprintf(out->message, sizeof out->message, "cannot run: %s",
                   error && *error ? (*error)->message : "bad set-up");
        return FALSE;
    }
    lw_script script;
    lw_error err;
    const char *text = replay->script ? replay->script : "";
    if (!lw_script_parse(text, strlen(text), &script, &err)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, (gint)err.code, "script %d:%d: %s", err.line,
                    err.column, err.message);
        g_snprintf(out->message, sizeof out->message, "cannot run: script %d:%d: %s", err.line,
                   err.column, err.message);
        return FALSE;
    }
    lw_sim sim;
    if (!editor_sim_start(&sim, level, &setup, error)) {
        lw_script_clear(&script);
        g_snprintf(out->message, sizeof out->message, "cannot run: %s",
                   error && *error ? (*error)->message : "bad set-up");
        return FALSE;
    }
    lw_script_cursor cursor = {0};
    int32_t still_x = sim.state.player.x >> 8, still_y = sim.state.player.y >> 8;
    for (uint32_t f = 0; f < replay->frames; f++) {
        lw_sim_status st = lw_sim_step(&sim, lw_script_next(&script, &cursor));
        int32_t x = sim.state.player.x >> 8, y = sim.state.player.y >> 8;
        if (ABS(x - still_x) > 1 || ABS(y - still_y) > 1) {
            still_x = x;
            still_y = y;
            out->still_since = sim.state.frame;
        }
        if (st == LW_SIM_DEAD) {
            out->dead = TRUE;
            break;
        }
        if (st == LW_SIM_FINISHED) /* passed a goal sign */
            break;
    }
    const lw_player *pl = &sim.state.player;
    out->frames = sim.state.frame;
    out->x = pl->x >> 8;
    out->y = pl->y >> 8;
    out->path = pl->path;
    out->air = pl->airborne;
    out->hash = lw_sim_hash(&sim);
    lw_sim_clear(&sim);
    lw_script_clear(&script);
    judge(replay, out);
    return TRUE;
}

void editor_replay_set_expect(lw_replay *replay, const EditorReplayResult *result)
{
    replay->has_expect = true;
    replay->expect_hash = result->hash;
    replay->expect_x = result->x;
    replay->expect_y = result->y;
    replay->expect_path = result->path;
    replay->expect_air = result->air;
}

unsigned editor_replay_check(const lw_level *level, editor_problem_fn fn, void *user)
{
    unsigned errors = 0;
    int32_t w = lw_level_width_px(level), h = lw_level_height_px(level);
    for (uint32_t i = 0; i < level->replay_count; i++) {
        const lw_replay *rep = &level->replays[i];
        EditorReplayResult r;
        g_autoptr(GError) error = NULL;
        editor_replay_run(level, rep, &r, &error);
        if (r.verdict == EDITOR_REPLAY_PASS || r.verdict == EDITOR_REPLAY_NO_EXPECT)
            continue;
        editor_problem p = {
            .severity =
                r.verdict == EDITOR_REPLAY_STATE ? EDITOR_SEVERITY_WARNING : EDITOR_SEVERITY_ERROR,
            .code = "replay",
            .x = -1,
            .y = -1,
        };
        if (r.verdict != EDITOR_REPLAY_INVALID) {
            p.x = CLAMP(r.x, 0, w - 1);
            p.y = CLAMP(r.y, 0, h - 1);
        }
        g_snprintf(p.message, sizeof p.message, "replay %u \"%s\" %s", i,
                   rep->name ? rep->name : "", r.message);
        if (p.severity == EDITOR_SEVERITY_ERROR)
            errors++;
        if (fn)
            fn(&p, user);
    }
    return errors;
}
