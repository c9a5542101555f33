/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-command"

#include "editor-command.h"

/* ---- commands ---- */

static void command_apply(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    if (cmd->klass->write)
        cmd->klass->write(cmd, doc, change, TRUE);
    else
        cmd->klass->apply(cmd, doc, change);
}

static void command_revert(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    if (cmd->klass->write)
        cmd->klass->write(cmd, doc, change, FALSE);
    else
        cmd->klass->revert(cmd, doc, change);
}

gpointer editor_command_alloc(gsize size, const EditorCommandClass *klass, const char *label)
{
    g_return_val_if_fail(size >= sizeof(EditorCommand), NULL);
    g_return_val_if_fail(klass, NULL);
    g_return_val_if_fail(
        klass->write ? !klass->apply && !klass->revert : klass->apply && klass->revert, NULL);
    EditorCommand *cmd = g_malloc0(size);
    cmd->klass = klass;
    cmd->label = g_strdup(label ? label : klass->name);
    return cmd;
}

void editor_command_free(EditorCommand *cmd)
{
    if (!cmd)
        return;
    if (cmd->klass->free)
        cmd->klass->free(cmd);
    g_free(cmd->label);
    g_free(cmd);
}

guint editor_command_new_stroke(void)
{
    static guint next = 0;
    if (++next == 0)
        next = 1;
    return next;
}

const char *editor_command_get_label(const EditorCommand *cmd)
{
    return cmd->label;
}

/* ---- group ---- */

typedef struct {
    EditorCommand base;
    GPtrArray *children; /* owned EditorCommand* */
} GroupCommand;

static void group_apply(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    GroupCommand *g = (GroupCommand *)cmd;
    for (guint i = 0; i < g->children->len; i++) {
        EditorCommand *c = g_ptr_array_index(g->children, i);
        command_apply(c, doc, change);
    }
}

static void group_revert(EditorCommand *cmd, EditorDocument *doc, EditorChange *change)
{
    GroupCommand *g = (GroupCommand *)cmd;
    for (guint i = g->children->len; i-- > 0;) {
        EditorCommand *c = g_ptr_array_index(g->children, i);
        command_revert(c, doc, change);
    }
}

static gboolean group_is_noop(const EditorCommand *cmd)
{
    const GroupCommand *g = (const GroupCommand *)cmd;
    for (guint i = 0; i < g->children->len; i++) {
        const EditorCommand *c = g_ptr_array_index(g->children, i);
        if (!c->klass->is_noop || !c->klass->is_noop(c))
            return FALSE;
    }
    return TRUE;
}

static void group_free(EditorCommand *cmd)
{
    GroupCommand *g = (GroupCommand *)cmd;
    g_ptr_array_unref(g->children);
}

static const EditorCommandClass group_class = {
    .name = "group",
    .apply = group_apply,
    .revert = group_revert,
    .is_noop = group_is_noop,
    .free = group_free,
};

EditorCommand *editor_command_group_new(const char *label)
{
    GroupCommand *g = editor_command_alloc(sizeof *g, &group_class, label);
    g->children = g_ptr_array_new_with_free_func((GDestroyNotify)editor_command_free);
    return &g->base;
}

void editor_command_group_append(EditorCommand *group, EditorCommand *child)
{
    g_return_if_fail(group->klass == &group_class);
    GroupCommand *g = (GroupCommand *)group;
    /* A continuing drag inside a group still makes one step of its own kind. */
    if (g->children->len > 0 && child->stroke != 0 && child->klass->merge) {
        EditorCommand *last = g_ptr_array_index(g->children, g->children->len - 1);
        if (last->klass == child->klass && last->stroke == child->stroke && last->klass->merge &&
            last->klass->merge(last, child)) {
            editor_command_free(child);
            return;
        }
    }
    g_ptr_array_add(g->children, child);
}

guint editor_command_group_get_count(const EditorCommand *group)
{
    g_return_val_if_fail(group->klass == &group_class, 0);
    return ((const GroupCommand *)group)->children->len;
}

/* ---- stack ---- */

struct EditorUndoStack {
    GPtrArray *commands; /* owned EditorCommand* */
    guint index;         /* commands[0 .. index) are applied */
    gint clean_index;    /* index matching the saved file, -1 = unreachable */
    GPtrArray *groups;   /* open groups, innermost last (owned until closed) */
};

EditorUndoStack *editor_undo_stack_new(void)
{
    EditorUndoStack *stack = g_new0(EditorUndoStack, 1);
    stack->commands = g_ptr_array_new_with_free_func((GDestroyNotify)editor_command_free);
    stack->groups = g_ptr_array_new_with_free_func((GDestroyNotify)editor_command_free);
    return stack;
}

void editor_undo_stack_free(EditorUndoStack *stack)
{
    if (!stack)
        return;
    g_ptr_array_unref(stack->groups);
    g_ptr_array_unref(stack->commands);
    g_free(stack);
}

/* Record an applied command at the index. */
static void record(EditorUndoStack *stack, EditorCommand *cmd, EditorDocument *doc,
                   EditorChange *change)
{
    if (stack->index < stack->commands->len) {
        if (stack->clean_index > (gint)stack->index)
            stack->clean_index = -1; /* the saved state was in the discarded redo tail */
        g_ptr_array_set_size(stack->commands, stack->index);
    }
    if (stack->index > 0 && cmd->stroke != 0 && cmd->klass->merge &&
        stack->clean_index != (gint)stack->index) {
        EditorCommand *top = g_ptr_array_index(stack->commands, stack->index - 1);
        if (top->klass == cmd->klass && top->stroke == cmd->stroke && top->klass->merge &&
            top->klass->merge(top, cmd)) {
            editor_command_free(cmd);
            if (top->klass->is_noop && top->klass->is_noop(top)) {
                /* The stroke came back to where it started: it is no step at all. The level
                 * already equals the state before it, so nothing is reverted. */
                g_ptr_array_set_size(stack->commands, --stack->index);
            }
            return;
        }
    }
    g_ptr_array_add(stack->commands, cmd);
    stack->index++;
}

gboolean editor_undo_stack_push(EditorUndoStack *stack, EditorCommand *cmd, EditorDocument *doc,
                                EditorChange *change)
{
    g_return_val_if_fail(stack && cmd, FALSE);
    command_apply(cmd, doc, change);
    if (stack->groups->len > 0) {
        editor_command_group_append(g_ptr_array_index(stack->groups, stack->groups->len - 1), cmd);
        return FALSE;
    }
    if (cmd->klass->is_noop && cmd->klass->is_noop(cmd)) {
        /* Nothing changed: keep the history (and the redo tail) as it is. */
        editor_command_free(cmd);
        return FALSE;
    }
    record(stack, cmd, doc, change);
    return TRUE;
}

gboolean editor_undo_stack_undo(EditorUndoStack *stack, EditorDocument *doc, EditorChange *change)
{
    g_return_val_if_fail(stack->groups->len == 0, FALSE);
    if (stack->index == 0)
        return FALSE;
    EditorCommand *cmd = g_ptr_array_index(stack->commands, --stack->index);
    command_revert(cmd, doc, change);
    return TRUE;
}

gboolean editor_undo_stack_redo(EditorUndoStack *stack, EditorDocument *doc, EditorChange *change)
{
    g_return_val_if_fail(stack->groups->len == 0, FALSE);
    if (stack->index >= stack->commands->len)
        return FALSE;
    EditorCommand *cmd = g_ptr_array_index(stack->commands, stack->index++);
    command_apply(cmd, doc, change);
    return TRUE;
}

void editor_undo_stack_begin_group(EditorUndoStack *stack, const char *label)
{
    g_ptr_array_add(stack->groups, editor_command_group_new(label));
}

void editor_undo_stack_end_group(EditorUndoStack *stack, EditorDocument *doc, EditorChange *change)
{
    g_return_if_fail(stack->groups->len > 0);
    EditorCommand *group = g_ptr_array_steal_index(stack->groups, stack->groups->len - 1);
    if (editor_command_group_get_count(group) == 0) {
        editor_command_free(group);
        return;
    }
    if (stack->groups->len > 0) {
        editor_command_group_append(g_ptr_array_index(stack->groups, stack->groups->len - 1),
                                    group);
        return;
    }
    if (group_is_noop(group)) {
        editor_command_free(group);
        return;
    }
    record(stack, group, doc, change);
}

void editor_undo_stack_cancel_group(EditorUndoStack *stack, EditorDocument *doc,
                                    EditorChange *change)
{
    g_return_if_fail(stack->groups->len > 0);
    EditorCommand *group = g_ptr_array_steal_index(stack->groups, stack->groups->len - 1);
    group_revert(group, doc, change);
    editor_command_free(group);
}

guint editor_undo_stack_get_group_depth(const EditorUndoStack *stack)
{
    return stack->groups->len;
}

guint editor_undo_stack_get_count(const EditorUndoStack *stack)
{
    return stack->commands->len;
}

guint editor_undo_stack_get_index(const EditorUndoStack *stack)
{
    return stack->index;
}

gint editor_undo_stack_get_clean_index(const EditorUndoStack *stack)
{
    return stack->clean_index;
}

void editor_undo_stack_mark_clean(EditorUndoStack *stack)
{
    stack->clean_index = (gint)stack->index;
}

void editor_undo_stack_mark_dirty(EditorUndoStack *stack)
{
    stack->clean_index = -1;
}

gboolean editor_undo_stack_is_clean(const EditorUndoStack *stack)
{
    return stack->clean_index == (gint)stack->index && stack->groups->len == 0;
}

gboolean editor_undo_stack_can_undo(const EditorUndoStack *stack)
{
    return stack->index > 0 && stack->groups->len == 0;
}

gboolean editor_undo_stack_can_redo(const EditorUndoStack *stack)
{
    return stack->index < stack->commands->len && stack->groups->len == 0;
}

const char *editor_undo_stack_get_label(const EditorUndoStack *stack, guint i)
{
    g_return_val_if_fail(i < stack->commands->len, NULL);
    return editor_command_get_label(g_ptr_array_index(stack->commands, i));
}

const EditorCommand *editor_undo_stack_get_command(const EditorUndoStack *stack, guint i)
{
    g_return_val_if_fail(i < stack->commands->len, NULL);
    return g_ptr_array_index(stack->commands, i);
}
