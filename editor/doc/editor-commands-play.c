/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-commands"

#include "editor-commands-play.h"

#include "editor-document-private.h"

#include <stdlib.h>
#include <string.h>

/* ---- physics settings: a swap command ---- */

typedef struct {
    char profile[16];
    char character[16];
    lw_override *overrides; /* owned, malloc()ed like the level's array; NULL when none */
    uint32_t count;
} Physics;

typedef struct {
    EditorCommand base;
    Physics other; /* the values not in the level right now */
} SetPhysicsCommand;

static void physics_swap(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    SetPhysicsCommand *c = (SetPhysicsCommand *)cmd;
    lw_level *level = editor_document_level_for_command(doc);
    Physics live;
    memcpy(live.profile, level->profile, sizeof live.profile);
    memcpy(live.character, level->character, sizeof live.character);
    live.overrides = lw_level_overrides_mut(level);
    live.count = level->override_count;
    memcpy(level->profile, c->other.profile, sizeof level->profile);
    memcpy(level->character, c->other.character, sizeof level->character);
    level->overrides = c->other.overrides;
    level->override_count = c->other.count;
    c->other = live;
    editor_change_add_flags(change, EDITOR_CHANGE_PROPERTIES);
}

static void physics_free(EditorCommand *cmd)
{
    free(((SetPhysicsCommand *)cmd)->other.overrides);
}

static const EditorCommandClass physics_class = {
    .name = "set-physics",
    .apply = physics_swap,
    .revert = physics_swap,
    .free = physics_free,
};

EditorCommand *editor_cmd_set_physics_new(EditorDocument *doc, const char *profile,
                                          const char *character, const lw_override *overrides,
                                          guint n)
{
    const lw_level *level = editor_document_get_level(doc);
    if (n > LW_MAX_OVERRIDES || strlen(profile) >= 16 || strlen(character) >= 16)
        return NULL;
    for (guint i = 0; i < n; i++) {
        if (strnlen(overrides[i].name, sizeof overrides[i].name) >= sizeof overrides[i].name ||
            overrides[i].name[0] == '\0')
            return NULL;
        for (guint j = 0; j < i; j++)
            if (strcmp(overrides[i].name, overrides[j].name) == 0)
                return NULL;
    }
    /* identical to the level: nothing to do */
    if (strcmp(level->profile, profile) == 0 && strcmp(level->character, character) == 0 &&
        level->override_count == n) {
        gboolean same = TRUE;
        for (guint i = 0; i < n && same; i++)
            same = strcmp(level->overrides[i].name, overrides[i].name) == 0 &&
                   level->overrides[i].value == overrides[i].value;
        if (same)
            return NULL;
    }
    SetPhysicsCommand *c = editor_command_alloc(sizeof *c, &physics_class, "Physics Settings");
    g_strlcpy(c->other.profile, profile, sizeof c->other.profile);
    g_strlcpy(c->other.character, character, sizeof c->other.character);
    if (n) {
        c->other.overrides = calloc(n, sizeof *c->other.overrides);
        if (!c->other.overrides)
            g_error("out of memory");
        for (guint i = 0; i < n; i++) {
            g_strlcpy(c->other.overrides[i].name, overrides[i].name,
                      sizeof c->other.overrides[i].name);
            c->other.overrides[i].value = overrides[i].value;
        }
    }
    c->other.count = n;
    return &c->base;
}

/* ---- replays ---- */

/* A deep copy with malloc()ed strings (the level frees them with free()). */
static void replay_copy(lw_replay *dst, const lw_replay *src)
{
    *dst = *src;
    dst->name = strdup(src->name ? src->name : "");
    dst->script = strdup(src->script ? src->script : "");
    if (!dst->name || !dst->script)
        g_error("out of memory");
}

static gboolean replay_fits(const lw_replay *r)
{
    return (!r->script || strlen(r->script) <= LW_MAX_SCRIPT) &&
           (!r->name || strlen(r->name) <= 256) &&
           strnlen(r->profile, sizeof r->profile) < sizeof r->profile &&
           strnlen(r->character, sizeof r->character) < sizeof r->character;
}

/* Move @r (owned strings) into the level at @index. */
static void level_insert_replay(lw_level *level, guint index, const lw_replay *r)
{
    lw_replay *p = realloc(lw_level_replays_mut(level), (level->replay_count + 1) * sizeof *p);
    if (!p)
        g_error("out of memory");
    level->replays = p;
    memmove(&p[index + 1], &p[index], (level->replay_count - index) * sizeof *p);
    p[index] = *r;
    level->replay_count++;
}

/* Move replay @index out of the level into @out (its strings now owned by @out). */
static void level_take_replay(lw_level *level, guint index, lw_replay *out)
{
    *out = level->replays[index];
    memmove(&lw_level_replays_mut(level)[index], &level->replays[index + 1],
            (level->replay_count - index - 1) * sizeof *level->replays);
    level->replay_count--;
    if (level->replay_count == 0) {
        free(lw_level_replays_mut(level));
        level->replays = NULL;
    }
}

typedef struct {
    EditorCommand base;
    guint index;
    gboolean owned; /* the replay is out of the level, held here */
    lw_replay replay;
} AddRemoveReplayCommand;

static void replay_insert(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    AddRemoveReplayCommand *c = (AddRemoveReplayCommand *)cmd;
    g_assert(c->owned);
    level_insert_replay(editor_document_level_for_command(doc), c->index, &c->replay);
    memset(&c->replay, 0, sizeof c->replay);
    c->owned = FALSE;
    editor_change_add_flags(change, EDITOR_CHANGE_PROPERTIES);
}

static void replay_take(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    AddRemoveReplayCommand *c = (AddRemoveReplayCommand *)cmd;
    g_assert(!c->owned);
    level_take_replay(editor_document_level_for_command(doc), c->index, &c->replay);
    c->owned = TRUE;
    editor_change_add_flags(change, EDITOR_CHANGE_PROPERTIES);
}

static void replay_cmd_free(EditorCommand *cmd)
{
    AddRemoveReplayCommand *c = (AddRemoveReplayCommand *)cmd;
    if (c->owned)
        lw_replay_clear(&c->replay);
}

static const EditorCommandClass add_replay_class = {
    .name = "add-replay",
    .apply = replay_insert,
    .revert = replay_take,
    .free = replay_cmd_free,
};

static const EditorCommandClass remove_replay_class = {
    .name = "remove-replay",
    .apply = replay_take,
    .revert = replay_insert,
    .free = replay_cmd_free,
};

EditorCommand *editor_cmd_add_replay_new(EditorDocument *doc, const lw_replay *replay, int index)
{
    const lw_level *level = editor_document_get_level(doc);
    if (level->replay_count >= LW_MAX_REPLAYS || !replay_fits(replay))
        return NULL;
    if (index < 0 || (guint)index > level->replay_count)
        index = (int)level->replay_count;
    g_autofree char *label = g_strdup_printf("Save Replay “%s”", replay->name ? replay->name : "");
    AddRemoveReplayCommand *c = editor_command_alloc(sizeof *c, &add_replay_class, label);
    c->index = (guint)index;
    replay_copy(&c->replay, replay);
    c->owned = TRUE;
    return &c->base;
}

EditorCommand *editor_cmd_remove_replay_new(EditorDocument *doc, guint index)
{
    const lw_level *level = editor_document_get_level(doc);
    if (index >= level->replay_count)
        return NULL;
    g_autofree char *label = g_strdup_printf(
        "Delete Replay “%s”", level->replays[index].name ? level->replays[index].name : "");
    AddRemoveReplayCommand *c = editor_command_alloc(sizeof *c, &remove_replay_class, label);
    c->index = index;
    c->owned = FALSE;
    return &c->base;
}

typedef struct {
    EditorCommand base;
    guint index;
    lw_replay other; /* owned: the replay not in the level right now */
} SetReplayCommand;

static void set_replay_swap(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    SetReplayCommand *c = (SetReplayCommand *)cmd;
    lw_level *level = editor_document_level_for_command(doc);
    lw_replay live = level->replays[c->index];
    lw_level_replays_mut(level)[c->index] = c->other;
    c->other = live;
    editor_change_add_flags(change, EDITOR_CHANGE_PROPERTIES);
}

static void set_replay_free(EditorCommand *cmd)
{
    lw_replay_clear(&((SetReplayCommand *)cmd)->other);
}

static const EditorCommandClass set_replay_class = {
    .name = "set-replay",
    .apply = set_replay_swap,
    .revert = set_replay_swap,
    .free = set_replay_free,
};

EditorCommand *editor_cmd_set_replay_new(EditorDocument *doc, guint index, const lw_replay *after,
                                         const char *label)
{
    const lw_level *level = editor_document_get_level(doc);
    if (index >= level->replay_count || !replay_fits(after))
        return NULL;
    SetReplayCommand *c =
        editor_command_alloc(sizeof *c, &set_replay_class, label ? label : "Update Replay");
    c->index = index;
    replay_copy(&c->other, after);
    return &c->base;
}
