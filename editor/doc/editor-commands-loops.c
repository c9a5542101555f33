/* SPDX-License-Identifier: MIT */
/* The loop table as one undoable command (editor-commands-loops.h). */
#define G_LOG_DOMAIN "editor-commands"

#include "editor-commands-loops.h"

#include "editor-document-private.h"

#include <gio/gio.h>
#include <string.h>

typedef struct {
    EditorCommand base;
    lw_loop_chunk before[LW_MAX_LOOP_CHUNKS], after[LW_MAX_LOOP_CHUNKS];
    guint before_count, after_count;
} SetLoopChunksCommand;

static void loops_write(EditorCommand *cmd, EditorDocument *doc, EditorChange *change,
                        gboolean after)
{
    SetLoopChunksCommand *c = (SetLoopChunksCommand *)cmd;
    lw_level *level = editor_document_level_for_command(doc);
    if (!lw_level_set_loop_chunks(level, after ? c->after : c->before,
                                  after ? c->after_count : c->before_count, NULL))
        g_error("out of memory");
    editor_change_add_flags(change, EDITOR_CHANGE_PROPERTIES);
}

static gboolean loops_is_noop(const EditorCommand *cmd)
{
    const SetLoopChunksCommand *c = (const SetLoopChunksCommand *)cmd;
    return c->before_count == c->after_count &&
           memcmp(c->before, c->after, c->after_count * sizeof c->after[0]) == 0;
}

static const EditorCommandClass loops_class = {
    .name = "set-loop-chunks",
    .write = loops_write,
    .is_noop = loops_is_noop,
};

static gboolean check_entry(const lw_level *level, const lw_loop_chunk *e, guint i,
                            const lw_loop_chunk *entries, GError **error)
{
    const char *why = NULL;
    if (e->chunk >= level->chunk_count)
        why = "its chunk is past the level's chunks";
    else if (e->path_b != LW_NONE && e->path_b >= level->chunk_count)
        why = "its path-B chunk is past the level's chunks";
    else if (!lw_loop_rule_name(e->rule))
        why = "its rule is not none, loop, loop_grounded or tunnel";
    else if (e->rule != LW_LOOP_NONE && level->chunk_px != 256)
        why = "loop rules need 256 px chunks (Sonic 1's)";
    for (guint k = 0; !why && k < i; k++)
        if (entries[k].chunk == e->chunk)
            why = "its chunk has an entry already";
    if (why)
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                    "loop table entry %u (chunk %u): %s (%u chunks)", i, e->chunk, why,
                    level->chunk_count);
    return why == NULL;
}

EditorCommand *editor_cmd_set_loop_chunks_new(EditorDocument *doc, const lw_loop_chunk *entries,
                                              guint count, GError **error)
{
    const lw_level *level = editor_document_get_level(doc);
    if (count > LW_MAX_LOOP_CHUNKS) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                    "%u loop table entries: a level holds at most %u", count, LW_MAX_LOOP_CHUNKS);
        return NULL;
    }
    for (guint i = 0; i < count; i++)
        if (!check_entry(level, &entries[i], i, entries, error))
            return NULL;
    SetLoopChunksCommand *c = editor_command_alloc(sizeof *c, &loops_class, "Loop Table");
    c->before_count = level->loop_chunk_count;
    if (c->before_count)
        memcpy(c->before, level->loop_chunks, c->before_count * sizeof c->before[0]);
    c->after_count = count;
    if (count)
        memcpy(c->after, entries, count * sizeof c->after[0]);
    return &c->base;
}
