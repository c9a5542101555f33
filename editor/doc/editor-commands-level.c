/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-commands"

#include "editor-commands.h"
#include "editor-document-private.h"

#include <string.h>

void editor_level_props_get(const lw_level *level, EditorLevelProps *props)
{
    memset(props, 0, sizeof *props);
    g_strlcpy(props->name, level->name ? level->name : "", sizeof props->name);
    g_strlcpy(props->tileset, level->tileset ? level->tileset : "", sizeof props->tileset);
    props->background_rgb = level->background_rgb & 0xFFFFFFu;
    g_strlcpy(props->profile, level->profile, sizeof props->profile);
    g_strlcpy(props->character, level->character, sizeof props->character);
    props->has_water = level->has_water;
    props->water_height = level->has_water ? level->water_height : 0;
}

typedef struct {
    EditorCommand base;
    EditorLevelProps before, after;
} SetLevelPropsCommand;

static void props_write(EditorCommand *cmd, EditorDocument *doc, EditorChange *change,
                        gboolean after)
{
    SetLevelPropsCommand *c = (SetLevelPropsCommand *)cmd;
    const EditorLevelProps *p = after ? &c->after : &c->before;
    lw_level *level = editor_document_level_for_command(doc);
    if (!lw_level_set_string(&level->name, p->name) ||
        !lw_level_set_string(&level->tileset, p->tileset[0] ? p->tileset : NULL))
        g_error("out of memory");
    level->background_rgb = p->background_rgb;
    g_strlcpy(level->profile, p->profile, sizeof level->profile);
    g_strlcpy(level->character, p->character, sizeof level->character);
    level->has_water = p->has_water;
    level->water_height = p->water_height;
    editor_change_add_flags(change, EDITOR_CHANGE_PROPERTIES);
    if (strcmp(c->before.tileset, c->after.tileset) != 0)
        editor_change_add_flags(change, EDITOR_CHANGE_EVERYTHING); /* new art everywhere */
}

static gboolean props_is_noop(const EditorCommand *cmd)
{
    const SetLevelPropsCommand *c = (const SetLevelPropsCommand *)cmd;
    return memcmp(&c->before, &c->after, sizeof c->before) == 0;
}

static const EditorCommandClass props_class = {
    .name = "set-level-properties",
    .write = props_write,
    .is_noop = props_is_noop,
};

EditorCommand *editor_cmd_set_level_props_new(EditorDocument *doc, const EditorLevelProps *after)
{
    SetLevelPropsCommand *c = editor_command_alloc(sizeof *c, &props_class, "Level Properties");
    editor_level_props_get(editor_document_get_level(doc), &c->before);
    /* normalise @after the same way (zero padding) so is_noop can compare bytes */
    memset(&c->after, 0, sizeof c->after);
    g_strlcpy(c->after.name, after->name, sizeof c->after.name);
    g_strlcpy(c->after.tileset, after->tileset, sizeof c->after.tileset);
    c->after.background_rgb = after->background_rgb & 0xFFFFFFu;
    g_strlcpy(c->after.profile, after->profile, sizeof c->after.profile);
    g_strlcpy(c->after.character, after->character, sizeof c->after.character);
    c->after.has_water = after->has_water != FALSE;
    c->after.water_height =
        c->after.has_water ? CLAMP(after->water_height, 0, LW_MAX_WATER_HEIGHT) : 0;
    return &c->base;
}
