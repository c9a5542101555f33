/* SPDX-License-Identifier: MIT */
/* Game-object types as the editor edits, lists, draws and snaps them (object-schema.h). */
#include "object-schema.h"

#include "level-check.h"
#include "level-ops.h"

#include <loopwright/objects.h>
#include <stdlib.h>
#include <string.h>

/* ---- properties per type (docs/OBJECTS.md §2) ---- */

static const char *const dir8[] = {"up",       "down",      "left",       "right", "up-left",
                                   "up-right", "down-left", "down-right", NULL};
static const char *const dir4[] = {"up", "down", "left", "right", NULL};
static const char *const dir2[] = {"left", "right", NULL};
static const char *const strengths[] = {"yellow", "red", NULL};
static const char *const contents[] = {"rings", "shield", "invincibility", "shoes", "1up", NULL};
static const char *const motions[] = {"static",  "horizontal", "vertical",
                                      "falling", "collapsing", NULL};

static const EditorObjectField spring_fields[] = {
    {"direction", "Direction", dir8, 0, 0, "up"},
    {"strength", "Strength", strengths, 0, 0, "yellow"},
};
static const EditorObjectField spikes_fields[] = {
    {"direction", "Direction", dir4, 0, 0, "up"},
    {"width", "Width (px)", NULL, 16, 128, "32"},
};
static const EditorObjectField ring_fields[] = {
    {"count", "Rings in the row", NULL, 1, 64, "1"},
    {"spacing", "Spacing X (px)", NULL, -256, 256, "24"},
    {"spacing-y", "Spacing Y (px)", NULL, -256, 256, "0"},
};
static const EditorObjectField monitor_fields[] = {
    {"contents", "Contents", contents, 0, 0, "rings"},
};
static const EditorObjectField platform_fields[] = {
    {"motion", "Motion", motions, 0, 0, "static"},
    {"width", "Width (px)", NULL, 16, 512, "64"},
    {"distance", "Path distance (px)", NULL, -1024, 1024, "64"},
    {"period", "Period (frames)", NULL, 2, 65535, "256"},
};
static const EditorObjectField bridge_fields[] = {
    {"logs", "Logs", NULL, 1, 16, "12"},
};
static const EditorObjectField enemy_fields[] = {
    {"direction", "Direction", dir2, 0, 0, "left"},
};

typedef struct type_fields {
    const char *name;
    const EditorObjectField *fields;
    guint n;
} type_fields;

static const type_fields all_fields[] = {
    {"spring", spring_fields, G_N_ELEMENTS(spring_fields)},
    {"spikes", spikes_fields, G_N_ELEMENTS(spikes_fields)},
    {"ring", ring_fields, G_N_ELEMENTS(ring_fields)},
    {"monitor", monitor_fields, G_N_ELEMENTS(monitor_fields)},
    {"platform", platform_fields, G_N_ELEMENTS(platform_fields)},
    {"bridge", bridge_fields, G_N_ELEMENTS(bridge_fields)},
    {"enemy", enemy_fields, G_N_ELEMENTS(enemy_fields)},
};

const EditorObjectField *editor_object_fields(const char *name, guint *n_fields)
{
    *n_fields = 0;
    for (guint i = 0; name && i < G_N_ELEMENTS(all_fields); i++)
        if (strcmp(all_fields[i].name, name) == 0) {
            *n_fields = all_fields[i].n;
            return all_fields[i].fields;
        }
    return NULL;
}

const char *editor_object_field_value(const lw_object *obj, const EditorObjectField *field)
{
    for (uint32_t i = 0; i < obj->prop_count; i++)
        if (strcmp(obj->props[i].key, field->key) == 0)
            return obj->props[i].value;
    return field->fallback;
}

/* ---- the palette ---- */

#define SPR(row, col) .sprite_row = EDITOR_OBJSPR_##row, .sprite_col = col

static const EditorObjectPreset presets[] = {
    {"spring", "Yellow spring", LW_OBJECT_MARKER, "spring", {NULL}, SPR(SPRING, 0)},
    {"spring-red", "Red spring", LW_OBJECT_MARKER, "spring", {"strength", "red"}, SPR(SPRING, 1)},
    {"spring-right",
     "Spring, right",
     LW_OBJECT_MARKER,
     "spring",
     {"direction", "right"},
     SPR(SPRING, 0)},
    {"spring-up-right",
     "Spring, up-right",
     LW_OBJECT_MARKER,
     "spring",
     {"direction", "up-right"},
     SPR(SPRING, 0)},
    {"spikes", "Spikes", LW_OBJECT_MARKER, "spikes", {NULL}, SPR(SPIKES, 0)},
    {"ring", "Ring", LW_OBJECT_MARKER, "ring", {NULL}, SPR(RING, 0)},
    {"ring-row", "Row of 5 rings", LW_OBJECT_MARKER, "ring", {"count", "5"}, SPR(RING, 0)},
    {"monitor-rings", "Monitor: rings", LW_OBJECT_MARKER, "monitor", {NULL}, SPR(MONITOR, 0)},
    {"monitor-shield",
     "Monitor: shield",
     LW_OBJECT_MARKER,
     "monitor",
     {"contents", "shield"},
     SPR(MONITOR, 1)},
    {"monitor-invincibility",
     "Monitor: invincibility",
     LW_OBJECT_MARKER,
     "monitor",
     {"contents", "invincibility"},
     SPR(MONITOR, 2)},
    {"monitor-shoes",
     "Monitor: speed shoes",
     LW_OBJECT_MARKER,
     "monitor",
     {"contents", "shoes"},
     SPR(MONITOR, 3)},
    {"monitor-1up",
     "Monitor: 1-up",
     LW_OBJECT_MARKER,
     "monitor",
     {"contents", "1up"},
     SPR(MONITOR, 4)},
    {"platform", "Platform", LW_OBJECT_MARKER, "platform", {NULL}, SPR(PLATFORM, 0)},
    {"platform-horizontal",
     "Platform, moving sideways",
     LW_OBJECT_MARKER,
     "platform",
     {"motion", "horizontal"},
     SPR(PLATFORM, 0)},
    {"platform-vertical",
     "Platform, moving up and down",
     LW_OBJECT_MARKER,
     "platform",
     {"motion", "vertical"},
     SPR(PLATFORM, 0)},
    {"platform-falling",
     "Platform, falling",
     LW_OBJECT_MARKER,
     "platform",
     {"motion", "falling"},
     SPR(PLATFORM, 0)},
    {"platform-collapsing",
     "Collapsing ledge",
     LW_OBJECT_MARKER,
     "platform",
     {"motion", "collapsing"},
     SPR(PLATFORM, 0)},
    {"bridge", "Log bridge", LW_OBJECT_MARKER, "bridge", {NULL}, SPR(BRIDGE, 0)},
    {"checkpoint", "Checkpoint", LW_OBJECT_MARKER, "checkpoint", {NULL}, SPR(CHECKPOINT, 0)},
    {"goal", "Goal sign", LW_OBJECT_MARKER, "goal", {NULL}, SPR(GOAL, 0)},
    {"enemy", "Enemy", LW_OBJECT_MARKER, "enemy", {NULL}, SPR(ENEMY, 0)},
    {"player-start", "Player start", LW_OBJECT_PLAYER_START, NULL, {NULL}, SPR(COUNT, 0)},
    {"swapper", "Path swapper", LW_OBJECT_PATH_SWAPPER, NULL, {NULL}, SPR(COUNT, 0)},
    {"marker", "Marker (a note)", LW_OBJECT_MARKER, "note", {NULL}, SPR(MARKER, 0)},
};

const EditorObjectPreset *editor_object_presets(guint *n)
{
    *n = G_N_ELEMENTS(presets);
    return presets;
}

const EditorObjectPreset *editor_object_preset_find(const char *id)
{
    for (guint i = 0; id && i < G_N_ELEMENTS(presets); i++)
        if (strcmp(presets[i].id, id) == 0)
            return &presets[i];
    return NULL;
}

gboolean editor_object_from_preset(const EditorObjectPreset *preset, int32_t x, int32_t y,
                                   lw_object *out)
{
    memset(out, 0, sizeof *out);
    out->type = preset->type;
    out->x = x;
    out->y = y;
    if (preset->type == LW_OBJECT_PATH_SWAPPER) {
        out->swapper.radius = 64;
        out->swapper.path[0] = LW_PATH_A;
        out->swapper.path[1] = LW_PATH_B;
        out->swapper.priority[1] = 1;
    }
    if (preset->type != LW_OBJECT_MARKER)
        return TRUE;
    if (!lw_object_set_name(out, preset->name))
        return FALSE;
    for (guint i = 0; i + 1 < G_N_ELEMENTS(preset->props) && preset->props[i]; i += 2)
        if (!lw_object_set_property(out, preset->props[i], preset->props[i + 1])) {
            lw_object_clear(out);
            return FALSE;
        }
    return TRUE;
}

/* ---- sprites and snapping ---- */

static const uint8_t dir_turn[8] = {
    [LW_DIR8_UP] = 0x00,        [LW_DIR8_DOWN] = 0x80,       [LW_DIR8_LEFT] = 0xC0,
    [LW_DIR8_RIGHT] = 0x40,     [LW_DIR8_UP_LEFT] = 0xE0,    [LW_DIR8_UP_RIGHT] = 0x20,
    [LW_DIR8_DOWN_LEFT] = 0xA0, [LW_DIR8_DOWN_RIGHT] = 0x60,
};

gboolean editor_object_sprite(const lw_object *obj, guint *row, guint *col, uint8_t *rotation,
                              gboolean *mirror, double *stretch_x)
{
    *col = 0;
    *rotation = 0;
    *mirror = FALSE;
    *stretch_x = 1;
    if (obj->type != LW_OBJECT_MARKER)
        return FALSE;
    lw_sim_object o;
    if (!obj->name || !lw_sim_object_from_marker(obj, &o, NULL)) {
        *row = EDITOR_OBJSPR_MARKER;
        return TRUE;
    }
    static const uint8_t rows[LW_OBJ_TYPE_COUNT] = {
        [LW_OBJ_SPRING] = EDITOR_OBJSPR_SPRING,
        [LW_OBJ_SPIKES] = EDITOR_OBJSPR_SPIKES,
        [LW_OBJ_RING] = EDITOR_OBJSPR_RING,
        [LW_OBJ_MONITOR] = EDITOR_OBJSPR_MONITOR,
        [LW_OBJ_PLATFORM] = EDITOR_OBJSPR_PLATFORM,
        [LW_OBJ_BRIDGE] = EDITOR_OBJSPR_BRIDGE,
        [LW_OBJ_CHECKPOINT] = EDITOR_OBJSPR_CHECKPOINT,
        [LW_OBJ_GOAL] = EDITOR_OBJSPR_GOAL,
        [LW_OBJ_ENEMY] = EDITOR_OBJSPR_ENEMY,
    };
    *row = rows[o.type];
    switch ((lw_obj_type)o.type) {
    case LW_OBJ_SPRING:
        *col = o.speed > 0xA00; /* red, or a strength above yellow's */
        *rotation = dir_turn[o.dir & 7];
        break;
    case LW_OBJ_SPIKES:
        *rotation = dir_turn[o.dir & 3];
        *stretch_x = o.half_w / 16.0; /* the cell's group is 32 px wide */
        break;
    case LW_OBJ_MONITOR:
        *col = o.variant;
        break;
    case LW_OBJ_PLATFORM:
        *stretch_x = o.half_w / 8.0; /* the cell's middle piece is 16 px wide */
        break;
    case LW_OBJ_ENEMY:
        *mirror = o.dir == LW_DIR8_RIGHT; /* the sheet's enemy faces left */
        break;
    default:
        break;
    }
    return TRUE;
}

/* Px from a game object's origin down to its foot (the bottom of its box). */
static int32_t foot_of(const lw_sim_object *o)
{
    int32_t hw, hh;
    switch ((lw_obj_type)o->type) {
    case LW_OBJ_MONITOR:
        return 16;
    case LW_OBJ_CHECKPOINT:
    case LW_OBJ_GOAL:
        return 24;    /* the post's foot in the sprite */
    case LW_OBJ_RING: /* onto the surface, as before game objects (docs/EDITOR.md) */
    case LW_OBJ_BRIDGE:
        return 0;
    default:
        return editor_object_solid_box(o, &hw, &hh) ? hh : 0;
    }
}

gboolean editor_object_snap_to_ground(const lw_level *level, const lw_object *obj, lw_path path,
                                      int32_t *y)
{
    lw_sim_object o;
    if (obj->type != LW_OBJECT_MARKER || !obj->name || !lw_sim_object_from_marker(obj, &o, NULL))
        return editor_level_snap_to_ground(level, obj, path, y);
    int32_t foot = foot_of(&o);
    if (foot == 0)
        return editor_level_snap_to_ground(level, obj, path, y);
    lw_object probe = *obj; /* shallow: only x and y are read for a marker */
    probe.y = obj->y + foot;
    int32_t above;
    if (!editor_level_snap_to_ground(level, &probe, path, &above))
        return FALSE;
    *y = above + 1 - foot; /* the first solid row is above + 1 */
    return TRUE;
}
