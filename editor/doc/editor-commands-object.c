/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-commands"

#include "editor-commands.h"
#include "editor-document-private.h"

#include <string.h>

/* ---- add / remove (ownership ping-pong: the command owns the object while it is out) ---- */

typedef struct {
    EditorCommand base;
    gboolean adds; /* TRUE: apply inserts; FALSE: apply removes */
    guint32 id;
    guint index;   /* position in the object array */
    gboolean owns; /* the command holds @obj (the object is out of the level) */
    lw_object obj; /* owned while @owns */
} AddRemoveObjectCommand;

static void object_put_in(AddRemoveObjectCommand *c, lw_level *level)
{
    g_assert(c->owns);
    if (!lw_level_insert_object_at(level, c->index, &c->obj))
        g_error("cannot re-insert object %u", c->id);
    lw_object_clear(&c->obj);
    c->owns = FALSE;
}

static void object_take_out(AddRemoveObjectCommand *c, lw_level *level)
{
    g_assert(!c->owns);
    int32_t i = lw_level_object_index(level, c->id);
    g_assert(i >= 0);
    /* Move the object out without copying: the command now owns its strings. */
    c->obj = level->objects[i];
    c->index = (guint)i;
    memmove(&lw_level_objects_mut(level)[i], &level->objects[i + 1],
            (level->object_count - (guint)i - 1) * sizeof(lw_object));
    level->object_count--;
    c->owns = TRUE;
}

/* Applying an add and reverting a remove put the object in; the other two take it out. */
static void add_remove_write(EditorCommand *cmd, EditorDocument *doc, EditorChange *change,
                             gboolean after)
{
    AddRemoveObjectCommand *c = (AddRemoveObjectCommand *)cmd;
    lw_level *level = editor_document_level_for_command(doc);
    if (!c->adds == !after)
        object_put_in(c, level);
    else
        object_take_out(c, level);
    editor_change_add_flags(change, EDITOR_CHANGE_OBJECTS);
}

static void add_remove_free(EditorCommand *cmd)
{
    AddRemoveObjectCommand *c = (AddRemoveObjectCommand *)cmd;
    if (c->owns)
        lw_object_clear(&c->obj);
}

static const EditorCommandClass add_remove_class = {
    .name = "add-remove-object",
    .write = add_remove_write,
    .free = add_remove_free,
};

EditorCommand *editor_cmd_add_object_new(EditorDocument *doc, const lw_object *obj, guint32 *out_id)
{
    const lw_level *level = editor_document_get_level(doc);
    if (level->object_count >= LW_MAX_OBJECTS)
        return NULL;
    guint32 id = obj->id;
    if (id == 0) {
        id = MAX(level->next_object_id, 1u);
        while (lw_level_find_object(level, id))
            id++;
    } else if (lw_level_find_object(level, id)) {
        return NULL;
    }
    AddRemoveObjectCommand *c = editor_command_alloc(sizeof *c, &add_remove_class, "Add Object");
    c->adds = TRUE;
    c->id = id;
    c->index = level->object_count;
    if (!lw_object_copy(&c->obj, obj))
        g_error("out of memory");
    c->obj.id = id;
    c->owns = TRUE;
    if (out_id)
        *out_id = id;
    return &c->base;
}

EditorCommand *editor_cmd_remove_object_new(EditorDocument *doc, guint32 id)
{
    const lw_level *level = editor_document_get_level(doc);
    if (!lw_level_find_object(level, id))
        return NULL;
    AddRemoveObjectCommand *c = editor_command_alloc(sizeof *c, &add_remove_class, "Delete Object");
    c->adds = FALSE;
    c->id = id;
    return &c->base;
}

/* ---- move ---- */

typedef struct {
    EditorCommand base;
    guint32 id;
    int32_t before[2], after[2];
} MoveObjectCommand;

static void move_write(EditorCommand *cmd, EditorDocument *doc, EditorChange *change,
                       gboolean after)
{
    MoveObjectCommand *c = (MoveObjectCommand *)cmd;
    lw_object *o = lw_level_find_object_mut(editor_document_level_for_command(doc), c->id);
    g_assert(o);
    const int32_t *v = after ? c->after : c->before;
    o->x = v[0];
    o->y = v[1];
    editor_change_add_flags(change, EDITOR_CHANGE_OBJECTS);
}

static gboolean move_merge(EditorCommand *cmd, const EditorCommand *next)
{
    MoveObjectCommand *c = (MoveObjectCommand *)cmd;
    const MoveObjectCommand *n = (const MoveObjectCommand *)next;
    if (c->id != n->id)
        return FALSE;
    c->after[0] = n->after[0];
    c->after[1] = n->after[1];
    return TRUE;
}

static gboolean move_is_noop(const EditorCommand *cmd)
{
    const MoveObjectCommand *c = (const MoveObjectCommand *)cmd;
    return c->before[0] == c->after[0] && c->before[1] == c->after[1];
}

static const EditorCommandClass move_class = {
    .name = "move-object",
    .write = move_write,
    .merge = move_merge,
    .is_noop = move_is_noop,
};

EditorCommand *editor_cmd_move_object_new(EditorDocument *doc, guint32 id, int32_t x, int32_t y,
                                          guint stroke)
{
    const lw_object *o = lw_level_find_object(editor_document_get_level(doc), id);
    if (!o)
        return NULL;
    MoveObjectCommand *c = editor_command_alloc(sizeof *c, &move_class, "Move Object");
    c->base.stroke = stroke;
    c->id = id;
    c->before[0] = o->x;
    c->before[1] = o->y;
    c->after[0] = x;
    c->after[1] = y;
    return &c->base;
}

/* ---- set all fields ---- */

typedef struct {
    EditorCommand base;
    lw_object before, after; /* owned deep copies */
} SetObjectCommand;

static void set_object_write(EditorCommand *cmd, EditorDocument *doc, EditorChange *change,
                             gboolean after)
{
    SetObjectCommand *c = (SetObjectCommand *)cmd;
    lw_object *o = lw_level_find_object_mut(editor_document_level_for_command(doc), c->after.id);
    g_assert(o);
    lw_object copy;
    if (!lw_object_copy(&copy, after ? &c->after : &c->before))
        g_error("out of memory");
    lw_object_clear(o);
    *o = copy;
    editor_change_add_flags(change, EDITOR_CHANGE_OBJECTS);
}

static gboolean object_equal(const lw_object *a, const lw_object *b)
{
    if (a->type != b->type || a->x != b->x || a->y != b->y || a->facing_left != b->facing_left ||
        a->swapper.horizontal != b->swapper.horizontal ||
        a->swapper.grounded_only != b->swapper.grounded_only ||
        a->swapper.priority_only != b->swapper.priority_only ||
        a->swapper.radius != b->swapper.radius || a->swapper.path[0] != b->swapper.path[0] ||
        a->swapper.path[1] != b->swapper.path[1] ||
        a->swapper.priority[0] != b->swapper.priority[0] ||
        a->swapper.priority[1] != b->swapper.priority[1] || g_strcmp0(a->name, b->name) != 0 ||
        a->prop_count != b->prop_count)
        return FALSE;
    for (guint i = 0; i < a->prop_count; i++)
        if (strcmp(a->props[i].key, b->props[i].key) ||
            strcmp(a->props[i].value, b->props[i].value))
            return FALSE;
    return TRUE;
}

static gboolean set_object_is_noop(const EditorCommand *cmd)
{
    const SetObjectCommand *c = (const SetObjectCommand *)cmd;
    return object_equal(&c->before, &c->after);
}

static void set_object_free(EditorCommand *cmd)
{
    SetObjectCommand *c = (SetObjectCommand *)cmd;
    lw_object_clear(&c->before);
    lw_object_clear(&c->after);
}

static const EditorCommandClass set_object_class = {
    .name = "set-object",
    .write = set_object_write,
    .is_noop = set_object_is_noop,
    .free = set_object_free,
};

EditorCommand *editor_cmd_set_object_new(EditorDocument *doc, const lw_object *after,
                                         const char *label)
{
    const lw_object *o = lw_level_find_object(editor_document_get_level(doc), after->id);
    if (!o)
        return NULL;
    if (after->type == LW_OBJECT_PATH_SWAPPER) {
        guint r = after->swapper.radius;
        if ((r != 32 && r != 64 && r != 128 && r != 256) || after->swapper.path[0] > 1 ||
            after->swapper.path[1] > 1 || after->swapper.priority[0] > 1 ||
            after->swapper.priority[1] > 1)
            return NULL;
    }
    if (after->type == LW_OBJECT_MARKER && (!after->name || !*after->name))
        return NULL;
    SetObjectCommand *c =
        editor_command_alloc(sizeof *c, &set_object_class, label ? label : "Edit Object");
    if (!lw_object_copy(&c->before, o) || !lw_object_copy(&c->after, after))
        g_error("out of memory");
    if (c->after.type != LW_OBJECT_MARKER) {
        /* only markers carry a name and properties */
        lw_object_set_name(&c->after, NULL);
        lw_object_clear_properties(&c->after);
    }
    return &c->base;
}
