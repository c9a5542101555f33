/* SPDX-License-Identifier: MIT */
/*
 * The loop table command (editor/doc/editor-commands-loops.c): set on a document, the table is
 * the level's (and its JSON's `loop_chunks`); undo gives the old table back exactly, redo the new
 * one; a table the level would refuse (a chunk past the chunks, a chunk given twice, an unknown
 * rule) makes no command and names the entry; setting the same table is no undo step.
 */
#include "doc-support.h"
#include "editor-command.h"
#include "editor-commands-loops.h"
#include "editor-document.h"

#include <gio/gio.h>
#include <glib.h>
#include <string.h>

static guint undo_index(EditorDocument *doc)
{
    return editor_undo_stack_get_index(editor_document_get_undo_stack(doc));
}

static void test_set_undo_redo(void)
{
    EditorDocument *doc = test_load_sample("pipe-works.json");
    const lw_level *lv = editor_document_get_level(doc);
    g_assert_cmpuint(lv->chunk_count, >=, 3);
    g_assert_cmpuint(lv->loop_chunk_count, ==, 0);
    char *before = test_doc_json(doc);
    lw_loop_chunk t[2] = {{1, 2, LW_LOOP_LOOP}, {0, LW_NONE, LW_LOOP_TUNNEL}};
    GError *error = NULL;
    EditorCommand *cmd = editor_cmd_set_loop_chunks_new(doc, t, 2, &error);
    g_assert_no_error(error);
    g_assert_nonnull(cmd);
    editor_document_push(doc, cmd);
    lv = editor_document_get_level(doc);
    g_assert_cmpuint(lv->loop_chunk_count, ==, 2);
    g_assert_cmpmem(lv->loop_chunks, 2 * sizeof t[0], t, sizeof t);
    g_assert_true(editor_document_get_modified(doc));
    char *after = test_doc_json(doc);
    g_assert_nonnull(strstr(after, "\"loop_chunks\""));
    g_assert_nonnull(strstr(after, "\"tunnel\""));

    editor_document_undo(doc);
    lv = editor_document_get_level(doc);
    g_assert_cmpuint(lv->loop_chunk_count, ==, 0);
    char *undone = test_doc_json(doc);
    g_assert_cmpstr(undone, ==, before);
    editor_document_redo(doc);
    char *redone = test_doc_json(doc);
    g_assert_cmpstr(redone, ==, after);

    /* one entry changed: undo gives the two-entry table back */
    lw_loop_chunk one = {1, LW_NONE, LW_LOOP_GROUNDED};
    editor_document_push(doc, editor_cmd_set_loop_chunks_new(doc, &one, 1, &error));
    lv = editor_document_get_level(doc);
    g_assert_cmpuint(lv->loop_chunk_count, ==, 1);
    g_assert_cmpuint(lv->loop_chunks[0].rule, ==, LW_LOOP_GROUNDED);
    editor_document_undo(doc);
    char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, after);

    /* the same table again: no undo step */
    guint at = undo_index(doc);
    editor_document_push(doc, editor_cmd_set_loop_chunks_new(doc, t, 2, &error));
    g_assert_cmpuint(undo_index(doc), ==, at);
    g_free(back);
    g_free(redone);
    g_free(undone);
    g_free(after);
    g_free(before);
    g_object_unref(doc);
}

static void test_refused(void)
{
    EditorDocument *doc = test_load_sample("pipe-works.json");
    const lw_level *lv = editor_document_get_level(doc);
    uint16_t past = (uint16_t)lv->chunk_count;
    const struct {
        lw_loop_chunk t[2];
        guint n;
        const char *message;
    } cases[] = {
        {{{past, LW_NONE, LW_LOOP_LOOP}}, 1, "entry 0 (chunk"},
        {{{0, past, LW_LOOP_LOOP}}, 1, "path-B chunk is past"},
        {{{0, LW_NONE, 9}}, 1, "its rule is not"},
        {{{0, LW_NONE, LW_LOOP_LOOP}, {0, 1, LW_LOOP_TUNNEL}}, 2, "entry 1 (chunk 0): its chunk"},
    };
    EditorDocument *small = test_load_sample("loop-hill.json"); /* 128 px chunks */
    lw_loop_chunk rule = {0, 1, LW_LOOP_LOOP};
    GError *e128 = NULL;
    g_assert_null(editor_cmd_set_loop_chunks_new(small, &rule, 1, &e128));
    g_assert_nonnull(strstr(e128->message, "need 256 px chunks"));
    g_clear_error(&e128);
    rule.rule = LW_LOOP_NONE; /* path B alone is any level's */
    editor_document_push(small, editor_cmd_set_loop_chunks_new(small, &rule, 1, &e128));
    g_assert_no_error(e128);
    g_assert_cmpuint(editor_document_get_level(small)->loop_chunk_count, ==, 1);
    g_object_unref(small);
    guint at = undo_index(doc);
    for (gsize i = 0; i < G_N_ELEMENTS(cases); i++) {
        GError *error = NULL;
        g_assert_null(editor_cmd_set_loop_chunks_new(doc, cases[i].t, cases[i].n, &error));
        g_assert_error(error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
        g_test_message("%s", error->message);
        g_assert_nonnull(strstr(error->message, cases[i].message));
        g_clear_error(&error);
    }
    g_assert_cmpuint(undo_index(doc), ==, at);
    g_assert_cmpuint(editor_document_get_level(doc)->loop_chunk_count, ==, 0);
    g_object_unref(doc);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/loop-table/set-undo-redo", test_set_undo_redo);
    g_test_add_func("/editor/loop-table/refused", test_refused);
    return g_test_run();
}
