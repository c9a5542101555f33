#pragma once
/* SPDX-License-Identifier: MIT */
/*
 * What the editor knows about each game-object type (docs/OBJECTS.md §2, §18): the properties
 * the properties panel edits per type (choices or integer ranges, with the engine's defaults),
 * the object palette's entries, where an object's sprite comes from, and snapping a game object
 * onto the ground with the engine's floor sensors so its solid box rests on the surface. No GTK.
 */

#include "object-sprites.h"

#include <glib.h>
#include <loopwright/level.h>

/** One property of a game-object type. */
typedef struct EditorObjectField {
    const char *key;            /* property key, e.g. "direction" */
    const char *label;          /* for the panel, e.g. "Direction" */
    const char *const *choices; /* NULL-terminated values, or NULL for an integer */
    int32_t min, max;           /* integer range */
    const char *fallback;       /* the engine's default value */
} EditorObjectField;

/** The fields of marker type @name ("spring", ...); *@n_fields receives their count (0 and NULL
 * for a name that is not a game object, or one without properties). */
const EditorObjectField *editor_object_fields(const char *name, guint *n_fields);

/** The value of @field on @obj: its property, else the default. Borrowed. */
const char *editor_object_field_value(const lw_object *obj, const EditorObjectField *field);

/** One entry of the object palette. */
typedef struct EditorObjectPreset {
    const char *id;    /* the "objects.add" action's parameter, e.g. "spring-red" */
    const char *label; /* e.g. "Red spring" */
    lw_object_type type;
    const char *name;     /* marker name (markers only) */
    const char *props[6]; /* key, value pairs (NULL-terminated) */
    uint8_t sprite_row;   /* EditorObjectSprite */
    uint8_t sprite_col;
} EditorObjectPreset;

/** Every palette entry, in palette order; *@n receives the count. Every game-object type has at
 * least one, and the player start, the path swapper and a plain marker are there too. */
const EditorObjectPreset *editor_object_presets(guint *n);

/** The preset named @id, or NULL. */
const EditorObjectPreset *editor_object_preset_find(const char *id);

/** Fill @out (cleared first; lw_object_clear it) with a new object from @preset at (@x, @y). FALSE
 * when out of memory. */
gboolean editor_object_from_preset(const EditorObjectPreset *preset, int32_t x, int32_t y,
                                   lw_object *out);

/**
 * Where @obj's sprite is in the object sheet (object-sprites.h), its turn (hex, clockwise), its
 * mirror and its horizontal stretch (spikes and platforms wider than the cell). FALSE for an
 * object drawn otherwise (player start, path swapper).
 */
gboolean editor_object_sprite(const lw_object *obj, guint *row, guint *col, uint8_t *rotation,
                              gboolean *mirror, double *stretch_x);

/**
 * The Y that puts @obj on the ground below it on @path, as the engine's floor sensor finds it:
 * a game object's solid box (OBJECTS.md §2; checkpoints and goals on their post's foot) rests
 * on the surface; rings, bridges and other objects as editor_level_snap_to_ground. FALSE when
 * no floor is below.
 */
gboolean editor_object_snap_to_ground(const lw_level *level, const lw_object *obj, lw_path path,
                                      int32_t *y);
