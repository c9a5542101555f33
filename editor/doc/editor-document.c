/* SPDX-License-Identifier: MIT */
#define G_LOG_DOMAIN "editor-document"

#include "editor-document.h"

#include "disasm-save.h"
#include "editor-commands.h"
#include "editor-document-private.h"
#include "editor-document-source.h"
#include "level-json.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <loopwright-masks/image.h>
#include <string.h>
#include <unistd.h>

/* editor_document_error_quark() is in editor-error.c, so headless code using the error domain
 * does not link the document (and GObject/GIO) in. */

struct _EditorDocument {
    GObject parent_instance;

    /* Owned */
    lw_level *level;
    char *path;
    char *title;
    EditorUndoStack *stack;
    GSimpleActionGroup *actions;
    char *untitled_recovery; /* recovery name of an untitled document */
    char *disk_sum;          /* SHA-256 of the file as last read or written, NULL = unknown */
    char *source; /* the `source` section (JSON text, docs/DISASM.md §8.1) it saves, NULL = none */

    /* State */
    EditorChange pending; /* what the running command(s) changed, not yet emitted */
    guint long_depth;     /* open long operations */
    gboolean last_modified, last_can_undo, last_can_redo;
    const char *last_undo_label, *last_redo_label;
};

enum {
    PROP_0,
    PROP_PATH,
    PROP_TITLE,
    PROP_MODIFIED,
    PROP_CAN_UNDO,
    PROP_CAN_REDO,
    PROP_UNDO_LABEL,
    PROP_REDO_LABEL,
    PROP_BUSY,
    N_PROPS
};

enum { SIGNAL_CHANGED, SIGNAL_FAILED, SIGNAL_SAVED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(EditorDocument, editor_document, G_TYPE_OBJECT)

void editor_document_set_error_from_lw(GError **error, const char *file, const lw_error *err)
{
    char buf[1200];
    editor_format_error(file, err, buf, sizeof buf);
    const char *msg = g_str_has_prefix(buf, "loopwright: ") ? buf + strlen("loopwright: ") : buf;
    g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, (gint)err->code, msg);
}

static gboolean fix_tileset_for(EditorDocument *self, const char *path, GError **error);

/* SHA-256 of a file's bytes (newly allocated), NULL when it cannot be read. */
static char *file_sum(const char *path)
{
    char *data = NULL;
    gsize size = 0;
    if (!path || !g_file_get_contents(path, &data, &size, NULL))
        return NULL;
    char *sum = g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)data, size);
    g_free(data);
    return sum;
}

/* Remember the file as it is now on disk (after a load, save or revert). */
static void note_disk_state(EditorDocument *self)
{
    g_free(self->disk_sum);
    self->disk_sum = file_sum(self->path);
}

static void update_title(EditorDocument *self)
{
    char *base = self->path ? g_path_get_basename(self->path) : g_strdup("Untitled");
    char *title = g_strdup_printf("%s%s", editor_document_get_modified(self) ? "*" : "", base);
    g_free(base);
    if (g_strcmp0(title, self->title) != 0) {
        g_free(self->title);
        self->title = title;
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_TITLE]);
    } else {
        g_free(title);
    }
}

static void update_actions(EditorDocument *self)
{
    GAction *a;
    a = g_action_map_lookup_action(G_ACTION_MAP(self->actions), "undo");
    g_simple_action_set_enabled(G_SIMPLE_ACTION(a), editor_document_can_undo(self));
    a = g_action_map_lookup_action(G_ACTION_MAP(self->actions), "redo");
    g_simple_action_set_enabled(G_SIMPLE_ACTION(a), editor_document_can_redo(self));
    a = g_action_map_lookup_action(G_ACTION_MAP(self->actions), "save");
    g_simple_action_set_enabled(G_SIMPLE_ACTION(a), self->path != NULL && self->long_depth == 0);
    a = g_action_map_lookup_action(G_ACTION_MAP(self->actions), "save-keep-mine");
    g_simple_action_set_enabled(G_SIMPLE_ACTION(a), self->path != NULL && self->long_depth == 0);
    a = g_action_map_lookup_action(G_ACTION_MAP(self->actions), "revert");
    g_simple_action_set_enabled(G_SIMPLE_ACTION(a), self->path != NULL &&
                                                        editor_document_get_modified(self) &&
                                                        self->long_depth == 0);
}

/* Emit what changed and notify every property whose value moved. */
static void flush(EditorDocument *self)
{
    GObject *obj = G_OBJECT(self);
    g_object_freeze_notify(obj);
    if (self->long_depth == 0 && !editor_change_is_empty(&self->pending)) {
        EditorChange change = self->pending;
        editor_change_clear(&self->pending);
        g_signal_emit(self, signals[SIGNAL_CHANGED], 0, &change);
    }
    gboolean modified = editor_document_get_modified(self);
    if (modified != self->last_modified) {
        self->last_modified = modified;
        g_object_notify_by_pspec(obj, properties[PROP_MODIFIED]);
    }
    gboolean can_undo = editor_document_can_undo(self), can_redo = editor_document_can_redo(self);
    if (can_undo != self->last_can_undo) {
        self->last_can_undo = can_undo;
        g_object_notify_by_pspec(obj, properties[PROP_CAN_UNDO]);
    }
    if (can_redo != self->last_can_redo) {
        self->last_can_redo = can_redo;
        g_object_notify_by_pspec(obj, properties[PROP_CAN_REDO]);
    }
    /* Labels: compare pointers of the commands' own strings (stable while a command lives) */
    const char *ul = editor_document_get_undo_label(self),
               *rl = editor_document_get_redo_label(self);
    if (ul != self->last_undo_label) {
        self->last_undo_label = ul;
        g_object_notify_by_pspec(obj, properties[PROP_UNDO_LABEL]);
    }
    if (rl != self->last_redo_label) {
        self->last_redo_label = rl;
        g_object_notify_by_pspec(obj, properties[PROP_REDO_LABEL]);
    }
    update_title(self);
    update_actions(self);
    g_object_thaw_notify(obj);
}

static void action_undo(GSimpleAction *a, GVariant *p, gpointer user)
{
    editor_document_undo(user);
}

static void action_redo(GSimpleAction *a, GVariant *p, gpointer user)
{
    editor_document_redo(user);
}

/* A document action failed: whoever shows the document (the window) hears it through `failed`;
 * with no one listening (scripts, tests) it is logged. */
static void action_failed(EditorDocument *self, const char *action, const GError *error)
{
    if (g_signal_has_handler_pending(self, signals[SIGNAL_FAILED], 0, FALSE))
        g_signal_emit(self, signals[SIGNAL_FAILED], 0, action, error);
    else
        g_message("%s failed: %s", action, error->message);
}

static void action_save(GSimpleAction *a, GVariant *p, gpointer user)
{
    g_autoptr(GError) error = NULL;
    if (!editor_document_save(user, &error))
        action_failed(user, "save", error);
}

/* "Keep Mine": save over a file another program or window changed since this one read it. */
static void action_save_keep_mine(GSimpleAction *a, GVariant *p, gpointer user)
{
    g_autoptr(GError) error = NULL;
    if (!editor_document_save_full(user, TRUE, &error))
        action_failed(user, "save", error);
}

static void action_revert(GSimpleAction *a, GVariant *p, gpointer user)
{
    g_autoptr(GError) error = NULL;
    if (!editor_document_revert(user, &error))
        action_failed(user, "revert", error);
}

static void editor_document_finalize(GObject *object)
{
    EditorDocument *self = EDITOR_DOCUMENT(object);
    editor_undo_stack_free(self->stack);
    g_clear_pointer(&self->level, lw_level_free);
    g_clear_pointer(&self->path, g_free);
    g_clear_pointer(&self->title, g_free);
    g_clear_pointer(&self->untitled_recovery, g_free);
    g_clear_pointer(&self->disk_sum, g_free);
    g_clear_pointer(&self->source, free);
    g_clear_object(&self->actions);
    G_OBJECT_CLASS(editor_document_parent_class)->finalize(object);
}

static void editor_document_get_property(GObject *object, guint id, GValue *value,
                                         GParamSpec *pspec)
{
    EditorDocument *self = EDITOR_DOCUMENT(object);
    switch (id) {
    case PROP_PATH:
        g_value_set_string(value, self->path);
        break;
    case PROP_TITLE:
        g_value_set_string(value, editor_document_get_title(self));
        break;
    case PROP_MODIFIED:
        g_value_set_boolean(value, editor_document_get_modified(self));
        break;
    case PROP_CAN_UNDO:
        g_value_set_boolean(value, editor_document_can_undo(self));
        break;
    case PROP_CAN_REDO:
        g_value_set_boolean(value, editor_document_can_redo(self));
        break;
    case PROP_UNDO_LABEL:
        g_value_set_string(value, editor_document_get_undo_label(self));
        break;
    case PROP_REDO_LABEL:
        g_value_set_string(value, editor_document_get_redo_label(self));
        break;
    case PROP_BUSY:
        g_value_set_boolean(value, self->long_depth > 0);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void editor_document_class_init(EditorDocumentClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->finalize = editor_document_finalize;
    object_class->get_property = editor_document_get_property;

    GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    properties[PROP_PATH] = g_param_spec_string("path", NULL, NULL, NULL, ro);
    properties[PROP_TITLE] = g_param_spec_string("title", NULL, NULL, NULL, ro);
    properties[PROP_MODIFIED] = g_param_spec_boolean("modified", NULL, NULL, FALSE, ro);
    properties[PROP_CAN_UNDO] = g_param_spec_boolean("can-undo", NULL, NULL, FALSE, ro);
    properties[PROP_CAN_REDO] = g_param_spec_boolean("can-redo", NULL, NULL, FALSE, ro);
    properties[PROP_UNDO_LABEL] = g_param_spec_string("undo-label", NULL, NULL, NULL, ro);
    properties[PROP_REDO_LABEL] = g_param_spec_string("redo-label", NULL, NULL, NULL, ro);
    properties[PROP_BUSY] = g_param_spec_boolean("busy", NULL, NULL, FALSE, ro);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    /**
     * EditorDocument::changed:
     * @change: (type EditorChange): what changed; valid during the emission only
     *
     * Emitted once after every command, undo, redo, group or long operation.
     */
    signals[SIGNAL_CHANGED] =
        g_signal_new("changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 1, EDITOR_TYPE_CHANGE | G_SIGNAL_TYPE_STATIC_SCOPE);

    /**
     * EditorDocument::failed:
     * @action: the document action that failed ("save", "revert")
     * @error: why; valid during the emission only
     *
     * Emitted when a document action (doc.save, doc.revert) fails, so the window that shows the
     * document reports it once, the same way for its menu, its shortcuts and scripts. Without a
     * handler the failure is logged with g_message.
     */
    signals[SIGNAL_FAILED] = g_signal_new(
        "failed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
        G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);

    /**
     * EditorDocument::saved:
     * @path: the file written (the document's path after the save)
     *
     * Emitted after every successful save (editor_document_save, _save_full, _save_as and the
     * doc.save, doc.save-keep-mine actions), so whoever keeps a recent list hears of each file
     * written whichever way the save was started.
     */
    signals[SIGNAL_SAVED] =
        g_signal_new("saved", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void editor_document_init(EditorDocument *self)
{
    self->stack = editor_undo_stack_new();
    self->actions = g_simple_action_group_new();
    static const GActionEntry entries[] = {
        {.name = "undo", .activate = action_undo},
        {.name = "redo", .activate = action_redo},
        {.name = "save", .activate = action_save},
        {.name = "save-keep-mine", .activate = action_save_keep_mine},
        {.name = "revert", .activate = action_revert},
    };
    g_action_map_add_action_entries(G_ACTION_MAP(self->actions), entries, G_N_ELEMENTS(entries),
                                    self);
    update_actions(self);
}

EditorDocument *editor_document_new_for_level(lw_level *level, const char *path)
{
    g_return_val_if_fail(level != NULL, NULL);
    EditorDocument *self = g_object_new(EDITOR_TYPE_DOCUMENT, NULL);
    self->level = level;
    self->path = g_strdup(path);
    update_title(self);
    update_actions(self);
    return self;
}

EditorDocument *editor_document_new_empty(guint chunk_px, guint width, guint height, GError **error)
{
    lw_error err;
    if (chunk_px > 256 || width > 65535 || height > 65535) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE, "level size out of range");
        return NULL;
    }
    lw_level *level = lw_level_new((uint16_t)chunk_px, (uint16_t)width, (uint16_t)height, &err);
    if (!level) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, (gint)err.code, err.message);
        return NULL;
    }
    lw_level_set_string(&level->name, "Untitled");
    lw_object start = {.type = LW_OBJECT_PLAYER_START, .x = 64, .y = 64};
    lw_level_add_object(level, &start);
    return editor_document_new_for_level(level, NULL);
}

EditorDocument *editor_document_load(const char *path, GError **error)
{
    g_return_val_if_fail(path != NULL, NULL);
    lw_level *level = NULL;
    lw_error err;
    if (!editor_level_load_file(path, 0, &level, &err)) {
        editor_document_set_error_from_lw(error, path, &err);
        return NULL;
    }
    EditorDocument *self = editor_document_new_for_level(level, path);
    self->source = editor_level_file_source(path, "source"); /* what every save writes */
    note_disk_state(self);
    return self;
}

gboolean editor_document_changed_on_disk(EditorDocument *self)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(self), FALSE);
    if (!self->path || !g_file_test(self->path, G_FILE_TEST_EXISTS))
        return FALSE; /* nothing there to overwrite */
    g_autofree char *now = file_sum(self->path);
    return g_strcmp0(now, self->disk_sum) != 0;
}

const lw_level *editor_document_get_level(EditorDocument *self)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(self), NULL);
    return self->level;
}

lw_level *editor_document_level_for_command(EditorDocument *self)
{
    return self->level;
}

const char *editor_document_get_path(EditorDocument *self)
{
    return self->path;
}

const char *editor_document_get_title(EditorDocument *self)
{
    if (!self->title)
        update_title(self);
    return self->title;
}

char *editor_document_dup_tileset_path(EditorDocument *self)
{
    const char *ts = self->level->tileset;
    if (!ts)
        return NULL;
    if (g_path_is_absolute(ts))
        return g_strdup(ts);
    if (!self->path)
        return NULL;
    char *r = editor_level_resolve_path(self->path, ts);
    char *out = g_strdup(r);
    free(r);
    return out;
}

gboolean editor_document_load_art(EditorDocument *self, lwm_image *out, GError **error)
{
    char *data;
    size_t size;
    if (!editor_document_read_tileset(self, &data, &size, error))
        return FALSE;
    lw_error err;
    gboolean ok = lwm_image_load_png_memory(data, size, out, &err);
    if (!ok)
        g_set_error(error, EDITOR_DOCUMENT_ERROR, err.code, "tileset \"%s\": %s",
                    self->level->tileset, err.message);
    free(data);
    return ok;
}

gboolean editor_document_get_modified(EditorDocument *self)
{
    return !editor_undo_stack_is_clean(self->stack);
}

gboolean editor_document_can_undo(EditorDocument *self)
{
    return self->long_depth == 0 && editor_undo_stack_can_undo(self->stack);
}

gboolean editor_document_can_redo(EditorDocument *self)
{
    return self->long_depth == 0 && editor_undo_stack_can_redo(self->stack);
}

const char *editor_document_get_undo_label(EditorDocument *self)
{
    if (!editor_document_can_undo(self))
        return NULL;
    return editor_undo_stack_get_label(self->stack, editor_undo_stack_get_index(self->stack) - 1);
}

const char *editor_document_get_redo_label(EditorDocument *self)
{
    if (!editor_document_can_redo(self))
        return NULL;
    return editor_undo_stack_get_label(self->stack, editor_undo_stack_get_index(self->stack));
}

EditorUndoStack *editor_document_get_undo_stack(EditorDocument *self)
{
    return self->stack;
}

void editor_document_push(EditorDocument *self, EditorCommand *cmd)
{
    g_return_if_fail(EDITOR_IS_DOCUMENT(self));
    g_return_if_fail(cmd != NULL);
    editor_undo_stack_push(self->stack, cmd, self, &self->pending);
    flush(self);
}

void editor_document_undo(EditorDocument *self)
{
    if (!editor_document_can_undo(self))
        return;
    editor_undo_stack_undo(self->stack, self, &self->pending);
    flush(self);
}

void editor_document_redo(EditorDocument *self)
{
    if (!editor_document_can_redo(self))
        return;
    editor_undo_stack_redo(self->stack, self, &self->pending);
    flush(self);
}

void editor_document_set_history_index(EditorDocument *self, guint index)
{
    if (self->long_depth || editor_undo_stack_get_group_depth(self->stack))
        return;
    index = MIN(index, editor_undo_stack_get_count(self->stack));
    while (editor_undo_stack_get_index(self->stack) > index)
        editor_undo_stack_undo(self->stack, self, &self->pending);
    while (editor_undo_stack_get_index(self->stack) < index)
        editor_undo_stack_redo(self->stack, self, &self->pending);
    flush(self);
}

void editor_document_begin_group(EditorDocument *self, const char *label)
{
    editor_undo_stack_begin_group(self->stack, label);
    flush(self);
}

void editor_document_end_group(EditorDocument *self)
{
    editor_undo_stack_end_group(self->stack, self, &self->pending);
    flush(self);
}

void editor_document_cancel_group(EditorDocument *self)
{
    editor_undo_stack_cancel_group(self->stack, self, &self->pending);
    flush(self);
}

void editor_document_begin_long_operation(EditorDocument *self, const char *label)
{
    editor_undo_stack_begin_group(self->stack, label);
    if (self->long_depth++ == 0)
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_BUSY]);
    flush(self);
}

void editor_document_end_long_operation(EditorDocument *self, gboolean commit)
{
    g_return_if_fail(self->long_depth > 0);
    if (commit)
        editor_undo_stack_end_group(self->stack, self, &self->pending);
    else
        editor_undo_stack_cancel_group(self->stack, self, &self->pending);
    if (--self->long_depth == 0)
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_BUSY]);
    flush(self);
}

gboolean editor_document_is_busy(EditorDocument *self)
{
    return self->long_depth > 0;
}

/* Write the level and @source (the `source` section, NULL = none) to @path. */
static gboolean save_to(EditorDocument *self, const char *path, const char *source, GError **error)
{
    lw_error err;
    if (!editor_level_save_file_source(path, self->level, source, &err)) {
        editor_document_set_error_from_lw(error, path, &err);
        return FALSE;
    }
    return TRUE;
}

gboolean editor_document_save(EditorDocument *self, GError **error)
{
    return editor_document_save_full(self, FALSE, error);
}

/* Whether a save may start: a path, no edit in progress, the file as this document left it. */
static gboolean save_allowed(EditorDocument *self, gboolean overwrite_changed, GError **error)
{
    if (!self->path) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_IO,
                            "the level has no file yet: use Save As");
        return FALSE;
    }
    if (self->long_depth || editor_undo_stack_get_group_depth(self->stack)) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_IO,
                            "an edit is still in progress");
        return FALSE;
    }
    if (!overwrite_changed && editor_document_changed_on_disk(self)) {
        g_set_error(error, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_CHANGED_ON_DISK,
                    "%s: the file changed on disk since it was opened or saved here", self->path);
        return FALSE;
    }
    return TRUE;
}

/* The file on disk is the document now. */
static void saved(EditorDocument *self)
{
    note_disk_state(self);
    editor_undo_stack_mark_clean(self->stack);
    editor_document_delete_recovery(self);
    flush(self);
    g_signal_emit(self, signals[SIGNAL_SAVED], 0, self->path);
}

gboolean editor_document_save_full(EditorDocument *self, gboolean overwrite_changed, GError **error)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(self), FALSE);
    if (editor_document_is_from_tree(self))
        return editor_document_save_into_tree(self, FALSE, overwrite_changed, NULL, error);
    if (!save_allowed(self, overwrite_changed, error))
        return FALSE;
    if (!fix_tileset_for(self, self->path, error) ||
        !save_to(self, self->path, self->source, error))
        return FALSE;
    saved(self);
    return TRUE;
}

gboolean editor_document_is_from_tree(EditorDocument *self)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(self), FALSE);
    return self->path && self->source;
}

const char *editor_document_get_source(EditorDocument *self)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(self), NULL);
    return self->source;
}

gboolean editor_document_save_into_tree(EditorDocument *self, gboolean allow_shared,
                                        gboolean overwrite_changed, char **report, GError **error)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(self), FALSE);
    if (report)
        *report = NULL;
    if (!save_allowed(self, overwrite_changed, error) || !fix_tileset_for(self, self->path, error))
        return FALSE;
    editor_disasm_save s;
    char *failed = g_malloc(4096);
    lw_error err;
    gboolean ok = editor_disasm_save_level_source(self->path, self->source, self->level, NULL,
                                                  allow_shared ? EDITOR_DISASM_ALLOW_SHARED : 0, &s,
                                                  failed, &err);
    if (report && (ok || s.refused))
        *report = editor_disasm_save_report(&s);
    if (s.refused) {
        char *files = editor_disasm_save_describe(&s);
        g_set_error(error, EDITOR_DOCUMENT_ERROR, EDITOR_DOCUMENT_ERROR_SHARED,
                    "%s: saving changes files other levels read, altering their collision or "
                    "layout; nothing was written:\n%s",
                    s.tree, files ? files : "");
        free(files);
    } else if (!ok) {
        editor_document_set_error_from_lw(error, failed, &err);
        if (s.ex.cannot_hold && error && *error) /* the window offers a copy (§8.6) */
            (*error)->code = EDITOR_DOCUMENT_ERROR_TREE_CANNOT_HOLD;
    } else if (!s.written) {
        /* no file of the tree changes: the level JSON alone (it keeps its source section) */
        ok = save_to(self, self->path, self->source, error);
    } else {
        /* the file's section now has the tree's new sizes, CRCs and mask ids */
        char *now = editor_level_file_source(self->path, "source");
        if (now) {
            free(self->source);
            self->source = now;
        }
    }
    if (ok)
        saved(self);
    editor_disasm_save_clear(&s);
    g_free(failed);
    return ok;
}

/* Point the level's tileset at a path valid beside @path (one undoable step when it changes). */
static gboolean fix_tileset_for(EditorDocument *self, const char *path, GError **error)
{
    gboolean ok;
    g_autofree char *ts = editor_document_relocate_tileset(self, path, error, &ok);
    if (!ok)
        return FALSE;
    if (ts) {
        EditorLevelProps props;
        editor_level_props_get(self->level, &props);
        g_strlcpy(props.tileset, ts, sizeof props.tileset);
        editor_document_push(self, editor_cmd_set_level_props_new(self, &props));
    }
    return TRUE;
}

gboolean editor_document_save_as(EditorDocument *self, const char *path, GError **error)
{
    g_return_val_if_fail(EDITOR_IS_DOCUMENT(self) && path, FALSE);
    g_autofree char *abs = g_canonicalize_filename(path, NULL);
    char *source = NULL; /* the section goes with the level (a tree level stays one) */
    if (!editor_document_source_relocate(self->source, self->path, abs, &source, error))
        return FALSE;
    if (!fix_tileset_for(self, abs, error) || !save_to(self, abs, source, error)) {
        free(source);
        return FALSE;
    }
    editor_document_delete_recovery(self);
    free(self->source);
    self->source = source;
    g_free(self->path);
    self->path = g_steal_pointer(&abs);
    note_disk_state(self);
    editor_undo_stack_mark_clean(self->stack);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_PATH]);
    flush(self);
    g_signal_emit(self, signals[SIGNAL_SAVED], 0, self->path);
    return TRUE;
}

gboolean editor_document_revert(EditorDocument *self, GError **error)
{
    if (!self->path) {
        g_set_error_literal(error, EDITOR_DOCUMENT_ERROR, LW_ERR_IO, "the level has no file");
        return FALSE;
    }
    lw_level *level = NULL;
    lw_error err;
    if (!editor_level_load_file(self->path, 0, &level, &err)) {
        editor_document_set_error_from_lw(error, self->path, &err);
        return FALSE;
    }
    editor_document_push(self, editor_cmd_replace_level_new(self, level, "Revert to Saved"));
    free(self->source);
    self->source = editor_level_file_source(self->path, "source");
    note_disk_state(self);
    editor_undo_stack_mark_clean(self->stack);
    editor_document_delete_recovery(self);
    flush(self);
    return TRUE;
}

GActionGroup *editor_document_get_actions(EditorDocument *self)
{
    return G_ACTION_GROUP(self->actions);
}

/* ---- recovery ---- */

char *editor_recovery_dir(void)
{
    return g_build_filename(g_get_user_state_dir(), "loopwright", "recovery", NULL);
}

char *editor_document_dup_recovery_path(EditorDocument *self)
{
    g_autofree char *dir = editor_recovery_dir();
    if (!self->path) {
        if (!self->untitled_recovery) {
            static guint counter = 0;
            self->untitled_recovery =
                g_strdup_printf("untitled-%ld-%u.json", (long)getpid(), ++counter);
        }
        return g_build_filename(dir, self->untitled_recovery, NULL);
    }
    g_autofree char *abs = g_canonicalize_filename(self->path, NULL);
    g_autofree char *sum = g_compute_checksum_for_string(G_CHECKSUM_SHA1, abs, -1);
    g_autofree char *base = g_path_get_basename(abs);
    sum[12] = '\0';
    g_autofree char *name = g_strdup_printf("%s-%s.json", base, sum);
    return g_build_filename(dir, name, NULL);
}

gboolean editor_document_write_recovery(EditorDocument *self, GError **error)
{
    if (!editor_document_get_modified(self))
        return TRUE;
    g_autofree char *dir = editor_recovery_dir();
    if (g_mkdir_with_parents(dir, 0700) != 0) {
        int e = errno;
        g_set_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_IO, "%s: %s", dir, g_strerror(e));
        return FALSE;
    }
    g_autofree char *path = editor_document_dup_recovery_path(self);
    g_autofree char *note = g_strconcat(path, ".path", NULL);
    lw_error err;
    /* The note naming the original file goes first: a crash between the two writes then
     * leaves at worst a note without a level, never a level that forgot where it belongs. */
    if (self->path) {
        g_autofree char *abs = g_canonicalize_filename(self->path, NULL);
        if (!lwm_file_write_atomic(note, abs, strlen(abs), NULL, &err)) {
            editor_document_set_error_from_lw(error, note, &err);
            return FALSE;
        }
    } else {
        g_unlink(note);
    }
    size_t len;
    char *text = editor_level_to_json(self->level, &len);
    gboolean ok = text && lwm_file_write_atomic(path, text, len, NULL, &err);
    free(text);
    if (!ok) {
        editor_document_set_error_from_lw(error, path, &err);
        return FALSE;
    }
    return TRUE;
}

void editor_document_delete_recovery(EditorDocument *self)
{
    g_autofree char *path = editor_document_dup_recovery_path(self);
    g_autofree char *note = g_strconcat(path, ".path", NULL);
    g_unlink(path);
    g_unlink(note);
}

char *editor_recovery_dup_original_path(const char *recovery_path)
{
    g_autofree char *note = g_strconcat(recovery_path, ".path", NULL);
    char *text = NULL;
    if (!g_file_get_contents(note, &text, NULL, NULL))
        return NULL;
    return text;
}

EditorDocument *editor_document_load_recovery(const char *recovery_path, GError **error)
{
    g_autofree char *original = editor_recovery_dup_original_path(recovery_path);
    lw_level *level = NULL;
    lw_error err;
    /* A recovery file lives elsewhere: its tileset path is relative to the original level. */
    if (!editor_level_load_file(recovery_path, EDITOR_LOAD_ALLOW_OUTSIDE_PATHS, &level, &err)) {
        editor_document_set_error_from_lw(error, recovery_path, &err);
        return NULL;
    }
    EditorDocument *self = editor_document_new_for_level(level, original);
    /* the recovery file has no section: the original file's goes on with the work */
    self->source = editor_level_file_source(original, "source");
    if (!original)
        self->untitled_recovery = g_path_get_basename(recovery_path);
    /* the original file as it is now is what this work was based on */
    note_disk_state(self);
    /* Unsaved work: nothing on disk matches it. */
    editor_undo_stack_mark_dirty(self->stack);
    flush(self);
    return self;
}
