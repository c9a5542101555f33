/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "play-session"

#include "play-session.h"

#include "editor-change.h"

#include <loopwright/profile.h>
#include <stdlib.h>
#include <string.h>

/* Plain malloc (not g_malloc) for the ring and the recording, so tests/editor/test-play.c can
 * count every allocation the session makes by wrapping the C allocator at link time. */
#define RECORDING_RUNS 16384 /* initial recording capacity: runs of equal buttons */

/* ---- set-up (mirrors cli/cmd-sim.c; tests/ui/test-ui-play.c compares the traces) ---- */

static gboolean fail(GError **error, const lw_error *err)
{
    g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, (gint)err->code, err->message);
    return FALSE;
}

static const lw_object *first_start(const lw_level *level)
{
    for (uint32_t i = 0; i < level->object_count; i++)
        if (level->objects[i].type == LW_OBJECT_PLAYER_START)
            return &level->objects[i];
    return NULL;
}

gboolean editor_sim_setup(const lw_level *level, const char *profile, const char *character,
                          const int32_t *start_xy, EditorSimSetup *out, GError **error)
{
    lw_error err;
    EditorSimSetup s;
    memset(&s, 0, sizeof s);
    if (!lw_profile_init(&s.profile, profile && *profile ? profile : level->profile,
                         character && *character ? character : level->character, &err) ||
        !lw_profile_apply_overrides(&s.profile, level, &err))
        return fail(error, &err);
    const lw_object *start = first_start(level);
    if (start_xy) {
        s.x = start_xy[0];
        s.y = start_xy[1];
    } else if (start) {
        s.x = start->x;
        s.y = start->y;
    } else {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE,
                            "the level has no player start: add one or choose a start point");
        return FALSE;
    }
    s.has_start_object = start != NULL;
    s.facing_left = start && start->facing_left;
    *out = s;
    return TRUE;
}

gboolean editor_sim_start(lw_sim *sim, const lw_level *level, const EditorSimSetup *setup,
                          GError **error)
{
    lw_error err;
    if (!lw_sim_init(sim, level, &setup->profile, setup->x, setup->y, &err))
        return fail(error, &err);
    if (setup->has_start_object)
        sim->state.player.facing_left = setup->facing_left;
    return TRUE;
}

/* ---- the session ---- */

typedef struct {
    lw_sim_state state;
    lw_sim_debug debug;
    lw_input input; /* buttons of the frame that led to this state (0 for frame 0) */
} Frame;

struct PlaySession {
    /* Borrowed */
    const lw_level *level;
    /* Owned */
    lw_sim sim;
    Frame *ring;         /* PLAY_REWIND_FRAMES frames */
    lw_script_run *runs; /* the recording */
    lw_script script;    /* input script (run_count 0 = none) */
    /* State */
    guint ring_head;  /* index of the newest frame */
    guint ring_count; /* frames held, >= 1 after a start */
    guint run_count, run_capacity;
    uint32_t recorded; /* frames in the recording */
    lw_script_cursor cursor;
    gboolean has_script;
    int32_t start_x, start_y;
    gboolean has_start_object, facing_left;
    lw_profile preset; /* preset + character, without overrides */
};

const lw_sim *play_session_get_sim(const PlaySession *self)
{
    return &self->sim;
}

uint32_t play_session_get_frame(const PlaySession *self)
{
    return self->sim.state.frame;
}

gboolean play_session_is_dead(const PlaySession *self)
{
    return self->sim.state.status == LW_SIM_DEAD;
}

gboolean play_session_is_finished(const PlaySession *self)
{
    return self->sim.state.status == LW_SIM_FINISHED;
}

void play_session_get_start(const PlaySession *self, int32_t *x, int32_t *y)
{
    *x = self->start_x;
    *y = self->start_y;
}

static void ring_clear_and_push_current(PlaySession *self)
{
    self->ring_head = 0;
    self->ring_count = 1;
    self->ring[0].state = self->sim.state;
    self->ring[0].debug = self->sim.debug;
    self->ring[0].input = 0;
}

/* Place the player at the start and empty the ring, the recording and the script cursor. */
static void begin_run(PlaySession *self)
{
    lw_sim_reset(&self->sim, self->start_x, self->start_y);
    if (self->has_start_object)
        self->sim.state.player.facing_left = self->facing_left;
    ring_clear_and_push_current(self);
    self->run_count = 0;
    self->recorded = 0;
    memset(&self->cursor, 0, sizeof self->cursor);
}

PlaySession *play_session_new(const lw_level *level, const int32_t *start_xy, GError **error)
{
    EditorSimSetup setup;
    if (!editor_sim_setup(level, NULL, NULL, start_xy, &setup, error))
        return NULL;
    PlaySession *self = g_new0(PlaySession, 1);
    self->level = level;
    if (!editor_sim_start(&self->sim, level, &setup, error)) {
        g_free(self);
        return NULL;
    }
    lw_error err;
    /* the preset column: the level's profile and character without its overrides */
    if (!lw_profile_init(&self->preset, level->profile, level->character, &err))
        g_assert_not_reached(); /* editor_sim_setup accepted the same names */
    self->ring = calloc(PLAY_REWIND_FRAMES, sizeof *self->ring);
    self->run_capacity = RECORDING_RUNS;
    self->runs = malloc(self->run_capacity * sizeof *self->runs);
    if (!self->ring || !self->runs)
        g_error("out of memory");
    self->start_x = setup.x;
    self->start_y = setup.y;
    self->has_start_object = setup.has_start_object;
    self->facing_left = setup.facing_left;
    begin_run(self);
    return self;
}

void play_session_free(PlaySession *self)
{
    if (!self)
        return;
    lw_sim_clear(&self->sim);
    lw_script_clear(&self->script);
    free(self->ring);
    free(self->runs);
    g_free(self);
}

gboolean play_session_restart_at(PlaySession *self, const int32_t *start_xy, GError **error)
{
    EditorSimSetup setup;
    if (!editor_sim_setup(self->level, NULL, NULL, start_xy, &setup, error))
        return FALSE;
    self->start_x = setup.x;
    self->start_y = setup.y;
    self->has_start_object = setup.has_start_object;
    self->facing_left = setup.facing_left;
    begin_run(self);
    return TRUE;
}

void play_session_restart(PlaySession *self)
{
    begin_run(self);
}

/* ---- stepping and rewinding ---- */

static void record(PlaySession *self, lw_input buttons)
{
    if (self->run_count > 0 && self->runs[self->run_count - 1].buttons == buttons) {
        self->runs[self->run_count - 1].count++;
    } else {
        if (self->run_count == self->run_capacity) {
            /* amortised: doubles, and only when a new run starts past the capacity */
            self->run_capacity *= 2;
            self->runs = realloc(self->runs, self->run_capacity * sizeof *self->runs);
            if (!self->runs)
                g_error("out of memory");
        }
        self->runs[self->run_count++] = (lw_script_run){.count = 1, .buttons = buttons};
    }
    self->recorded++;
}

static void unrecord(PlaySession *self, uint32_t frames)
{
    while (frames > 0 && self->run_count > 0) {
        lw_script_run *r = &self->runs[self->run_count - 1];
        uint32_t n = MIN(frames, r->count);
        r->count -= n;
        frames -= n;
        self->recorded -= n;
        if (r->count == 0)
            self->run_count--;
    }
}

gboolean play_session_script_active(const PlaySession *self)
{
    return self->has_script && self->sim.state.frame < self->script.frame_count;
}

lw_sim_status play_session_step(PlaySession *self, lw_input live)
{
    if (self->sim.state.status != LW_SIM_RUNNING) /* dead, or past a goal sign */
        return (lw_sim_status)self->sim.state.status;
    lw_input buttons = play_session_script_active(self)
                           ? (lw_input)lw_script_next(&self->script, &self->cursor)
                           : (lw_input)(live & LW_BUTTON_ALL);
    lw_sim_status st = lw_sim_step(&self->sim, buttons);
    record(self, buttons);
    self->ring_head = (self->ring_head + 1) % PLAY_REWIND_FRAMES;
    if (self->ring_count < PLAY_REWIND_FRAMES)
        self->ring_count++;
    Frame *f = &self->ring[self->ring_head];
    f->state = self->sim.state;
    f->debug = self->sim.debug;
    f->input = buttons;
    return st;
}

lw_input play_session_get_last_input(const PlaySession *self)
{
    return self->ring[self->ring_head].input;
}

uint32_t play_session_rewind_available(const PlaySession *self)
{
    return self->ring_count - 1;
}

/* The script cursor after @frames frames from the beginning. */
static void seek_script(PlaySession *self, uint32_t frames)
{
    memset(&self->cursor, 0, sizeof self->cursor);
    for (uint32_t i = 0; i < self->script.run_count && frames > 0; i++) {
        uint32_t n = MIN(frames, self->script.runs[i].count);
        frames -= n;
        if (n < self->script.runs[i].count) {
            self->cursor.run = i;
            self->cursor.offset = n;
            return;
        }
        self->cursor.run = i + 1;
    }
}

uint32_t play_session_rewind(PlaySession *self, uint32_t frames)
{
    frames = MIN(frames, self->ring_count - 1);
    if (frames == 0)
        return 0;
    self->ring_head = (self->ring_head + PLAY_REWIND_FRAMES - frames) % PLAY_REWIND_FRAMES;
    self->ring_count -= frames;
    const Frame *f = &self->ring[self->ring_head];
    lw_sim_restore(&self->sim, &f->state);
    self->sim.debug = f->debug;
    unrecord(self, frames);
    if (self->has_script)
        seek_script(self, self->sim.state.frame);
    return frames;
}

const lw_sim_state *play_session_get_history(const PlaySession *self, uint32_t back)
{
    if (back >= self->ring_count)
        return NULL;
    return &self->ring[(self->ring_head + PLAY_REWIND_FRAMES - back) % PLAY_REWIND_FRAMES].state;
}

/* ---- input scripts ---- */

gboolean play_session_set_script(PlaySession *self, const char *text, gsize len, GError **error)
{
    lw_script script;
    lw_error err;
    if (!lw_script_parse(text, len, &script, &err)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, (gint)err.code, "%d:%d: %s", err.line, err.column,
                    err.message);
        return FALSE;
    }
    lw_script_clear(&self->script);
    self->script = script;
    self->has_script = TRUE;
    seek_script(self, self->sim.state.frame);
    return TRUE;
}

void play_session_clear_script(PlaySession *self)
{
    lw_script_clear(&self->script);
    self->has_script = FALSE;
    memset(&self->cursor, 0, sizeof self->cursor);
}

uint32_t play_session_get_script_frames(const PlaySession *self)
{
    return self->has_script ? self->script.frame_count : 0;
}

/* ---- recording ---- */

char *play_session_dup_recording(const PlaySession *self)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < self->run_count; i++) {
        char line[64];
        lw_script_format_run(line, sizeof line, self->runs[i].count, self->runs[i].buttons);
        g_string_append(s, line);
    }
    return g_string_free(s, FALSE);
}

uint32_t play_session_get_recorded_frames(const PlaySession *self)
{
    return self->recorded;
}

/* ---- physics ---- */

const char *play_session_get_profile_name(const PlaySession *self)
{
    return self->preset.name;
}

const char *play_session_get_character_name(const PlaySession *self)
{
    return self->preset.character;
}

const lw_profile *play_session_get_preset(const PlaySession *self)
{
    return &self->preset;
}

gboolean play_session_set_physics(PlaySession *self, const char *profile, const char *character,
                                  GError **error)
{
    lw_profile preset;
    lw_error err;
    if (!lw_profile_init(&preset, profile, character, &err))
        return fail(error, &err);
    /* carry the overrides (differences from the old preset) over to the new one */
    lw_profile cur = preset;
    for (guint i = 0; i < lw_param_count(); i++) {
        int32_t v = lw_profile_get(&self->sim.profile, i);
        if (v != lw_profile_get(&self->preset, i))
            lw_profile_set(&cur, i, v);
    }
    self->preset = preset;
    self->sim.profile = cur;
    return TRUE;
}

gboolean play_session_set_param(PlaySession *self, guint index, int32_t value)
{
    g_return_val_if_fail(index < lw_param_count(), FALSE);
    return lw_profile_set(&self->sim.profile, index, value);
}

void play_session_reset_tuning(PlaySession *self)
{
    self->sim.profile = self->preset;
}

guint play_session_get_overrides(const PlaySession *self, lw_override *out, guint max)
{
    guint n = 0;
    for (guint i = 0; i < lw_param_count(); i++) {
        int32_t v = lw_profile_get(&self->sim.profile, i);
        if (v == lw_profile_get(&self->preset, i))
            continue;
        if (n < max) {
            memset(&out[n], 0, sizeof out[n]);
            g_strlcpy(out[n].name, lw_param_at(i)->name, sizeof out[n].name);
            out[n].value = v;
        }
        n++;
    }
    return n;
}

/* The level's physics (under another profile / character when given): preset and effective
 * profile. */
static gboolean level_physics_as(const lw_level *level, const char *profile, const char *character,
                                 lw_profile *preset, lw_profile *effective, GError **error)
{
    lw_error err;
    if (!lw_profile_init(preset, profile && *profile ? profile : level->profile,
                         character && *character ? character : level->character, &err))
        return fail(error, &err);
    *effective = *preset;
    if (!lw_profile_apply_overrides(effective, level, &err))
        return fail(error, &err);
    return TRUE;
}

static gboolean level_physics(const lw_level *level, lw_profile *preset, lw_profile *effective,
                              GError **error)
{
    return level_physics_as(level, NULL, NULL, preset, effective, error);
}

gboolean play_session_use_level_physics(PlaySession *self, const char *profile,
                                        const char *character, GError **error)
{
    lw_profile preset, effective;
    if (!level_physics_as(self->level, profile, character, &preset, &effective, error))
        return FALSE;
    self->preset = preset;
    self->sim.profile = effective;
    return TRUE;
}

gboolean play_session_sync_physics_from_level(PlaySession *self, GError **error)
{
    lw_profile preset, effective;
    if (!level_physics(self->level, &preset, &effective, error))
        return FALSE;
    self->preset = preset;
    self->sim.profile = effective;
    return TRUE;
}

gboolean play_session_physics_match_level(const PlaySession *self)
{
    lw_profile preset, effective;
    if (!level_physics(self->level, &preset, &effective, NULL))
        return FALSE;
    if (strcmp(preset.name, self->preset.name) != 0 ||
        strcmp(preset.character, self->preset.character) != 0)
        return FALSE;
    for (guint i = 0; i < lw_param_count(); i++)
        if (lw_profile_get(&effective, i) != lw_profile_get(&self->sim.profile, i))
            return FALSE;
    return TRUE;
}

/* ---- live edits ---- */

static void recompute_sides(const lw_sim *sim, lw_sim_state *st)
{
    int32_t px = st->player.x >> 8, py = st->player.y >> 8;
    memset(st->swapper_side, 0, sizeof st->swapper_side);
    for (uint32_t i = 0; i < sim->swapper_count; i++) {
        const lw_sim_swapper *sw = &sim->swappers[i];
        gboolean right = sw->horizontal ? py > sw->y : px > sw->x;
        if (right)
            st->swapper_side[i >> 3] |= (uint8_t)(1u << (i & 7u));
    }
}

gboolean play_session_level_changed(PlaySession *self, guint flags)
{
    /* terrain edits: the enemies' floor probe results kept by the simulation go (OBJECTS.md §1.3)
     */
    if (flags & ~(guint)(EDITOR_CHANGE_OBJECTS | EDITOR_CHANGE_PROPERTIES))
        lw_sim_terrain_changed(&self->sim);
    if (!(flags & (EDITOR_CHANGE_OBJECTS | EDITOR_CHANGE_EVERYTHING)))
        return FALSE;
    lw_sim fresh;
    lw_error err;
    if (!lw_sim_init(&fresh, self->level, &self->sim.profile, self->start_x, self->start_y, &err)) {
        /* over the swapper limit: keep the old table */
        g_message("path swappers not updated: %s", err.message);
        return FALSE;
    }
    gboolean same =
        fresh.swapper_count == self->sim.swapper_count &&
        (fresh.swapper_count == 0 || memcmp(fresh.swappers, self->sim.swappers,
                                            fresh.swapper_count * sizeof *fresh.swappers) == 0);
    gboolean same_objects =
        fresh.object_count == self->sim.object_count &&
        (fresh.object_count == 0 ||
         memcmp(fresh.objects, self->sim.objects, fresh.object_count * sizeof *fresh.objects) == 0);
    if (!same_objects) {
        /* game objects edited: the new table, every object back at its start (also in the
         * rewind frames, whose object states belong to the old table); the player stays */
        lw_sim_object *old_objects = self->sim.objects;
        self->sim.objects = fresh.objects;
        self->sim.initial = fresh.initial;
        self->sim.enemies = fresh.enemies;
        self->sim.object_count = fresh.object_count;
        self->sim.enemy_count = fresh.enemy_count;
        fresh.objects = old_objects;
        for (guint i = 0; i <= self->ring_count; i++) {
            lw_sim_state *st =
                i == self->ring_count
                    ? &self->sim.state
                    : &self->ring[(self->ring_head + PLAY_REWIND_FRAMES - i) % PLAY_REWIND_FRAMES]
                           .state;
            if (self->sim.object_count)
                memcpy(st->game.obj, self->sim.initial,
                       self->sim.object_count * sizeof *self->sim.initial);
            st->game.on_object = 0;
        }
    }
    if (same) {
        lw_sim_clear(&fresh);
        return !same_objects;
    }
    lw_sim_swapper *old = self->sim.swappers;
    self->sim.swappers = fresh.swappers;
    self->sim.swapper_count = fresh.swapper_count;
    fresh.swappers = old;
    lw_sim_clear(&fresh);
    recompute_sides(&self->sim, &self->sim.state);
    for (guint i = 0; i < self->ring_count; i++) {
        Frame *f = &self->ring[(self->ring_head + PLAY_REWIND_FRAMES - i) % PLAY_REWIND_FRAMES];
        recompute_sides(&self->sim, &f->state);
    }
    return TRUE;
}
