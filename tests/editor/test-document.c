/* SPDX-License-Identifier: MIT */
/*
 * Document model, commands and undo stack, without a display (STYLE.md §7.8 invariants):
 * every command type's apply/revert leaves the saved level byte-identical; random sequences
 * undo to the start and redo to the end; merging, groups, long operations, the clean index
 * and the unsaved mark; atomic save through the document; document actions' enabled states;
 * level operations; snap to ground; crash recovery files.
 */
#include "doc-support.h"
#include "editor-clipboard.h"
#include "editor-commands-loops.h"
#include "editor-commands-play.h"
#include "editor-commands.h"
#include "editor-document.h"
#include "image-private.h"
#include "level-json.h"
#include "level-ops.h"
#include "object-props.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

/* ---- one constructor per command type, with arguments picked from @rand ---- */

typedef EditorCommand *(*MakeCommand)(EditorDocument *doc, GRand *rand);

static EditorCommand *make_set_layout(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    EditorLayoutEdit e[3];
    for (int i = 0; i < 3; i++)
        e[i] = (EditorLayoutEdit){
            (uint16_t)g_rand_int_range(rand, 0, l->layout_width),
            (uint16_t)g_rand_int_range(rand, 0, l->layout_height),
            g_rand_boolean(rand) ? (uint16_t)LW_NONE
                                 : (uint16_t)g_rand_int_range(rand, 0, (gint32)l->chunk_count)};
    lw_layer layer = g_rand_int_range(rand, 0, 4) == 0 ? LW_LAYER_BG : LW_LAYER_FG;
    return editor_cmd_set_layout_new(doc, layer, e, 3, NULL, 0);
}

static EditorCommand *make_set_cells(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    EditorCellEdit e[4];
    for (int i = 0; i < 4; i++) {
        e[i].chunk = (uint16_t)g_rand_int_range(rand, 0, (gint32)l->chunk_count);
        e[i].index = (uint16_t)g_rand_int_range(rand, 0, (gint32)lw_level_cells_per_chunk(l));
        e[i].cell.tile = g_rand_boolean(rand)
                             ? (uint16_t)LW_NONE
                             : (uint16_t)g_rand_int_range(rand, 0, (gint32)l->tile_count);
        e[i].cell.flags = (uint8_t)g_rand_int_range(rand, 0, 4);
        e[i].cell.solid = (uint8_t)g_rand_int_range(rand, 0, 16);
    }
    return editor_cmd_set_cells_new(doc, e, 4, NULL, 0);
}

static EditorCommand *make_add_chunk(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    const lw_cell *src =
        lw_level_chunk_cells(l, (uint32_t)g_rand_int_range(rand, 0, (gint32)l->chunk_count));
    return editor_cmd_add_chunk_new(doc, src, NULL, NULL);
}

static EditorCommand *make_add_tile(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    lw_tile t = l->tiles[g_rand_int_range(rand, 0, (gint32)l->tile_count)];
    t.flags ^= LW_TILE_JUMP_THROUGH;
    return editor_cmd_add_tile_new(doc, &t, NULL, NULL);
}

static EditorCommand *make_set_tile(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    guint id = (guint)g_rand_int_range(rand, 0, (gint32)l->tile_count);
    lw_tile t = l->tiles[id];
    t.art = (uint16_t)g_rand_int_range(rand, 0, 300);
    t.mask[0] = (uint16_t)g_rand_int_range(rand, 0, (gint32)l->mask_count);
    t.mask[1] = g_rand_boolean(rand) ? (uint16_t)LW_NONE : t.mask[0];
    t.flags = g_rand_boolean(rand) ? LW_TILE_JUMP_THROUGH : 0;
    return editor_cmd_set_tile_new(doc, id, &t, NULL);
}

static EditorCommand *make_add_mask(EditorDocument *doc, GRand *rand)
{
    lw_mask m = {.angle = (uint8_t)(g_rand_int_range(rand, 0, 128) * 2)};
    for (int c = 0; c < 16; c++)
        m.heights[c] = (int8_t)g_rand_int_range(rand, 0, 17);
    return editor_cmd_add_mask_new(doc, &m, NULL, NULL);
}

static EditorCommand *make_set_mask(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    guint id = (guint)g_rand_int_range(rand, 0, (gint32)l->mask_count);
    lw_mask m = l->masks[id];
    m.heights[g_rand_int_range(rand, 0, 16)] = (int8_t)g_rand_int_range(rand, -16, 17);
    m.angle = (uint8_t)(g_rand_int_range(rand, 0, 128) * 2);
    m.flags = (uint8_t)g_rand_int_range(rand, 0, 4);
    return editor_cmd_set_mask_new(doc, id, &m, NULL, 0);
}

static guint32 random_object_id(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    if (l->object_count == 0)
        return 0;
    return l->objects[g_rand_int_range(rand, 0, (gint32)l->object_count)].id;
}

static EditorCommand *make_add_object(EditorDocument *doc, GRand *rand)
{
    lw_object o = {.type = LW_OBJECT_MARKER,
                   .x = g_rand_int_range(rand, 0, 4000),
                   .y = g_rand_int_range(rand, 0, 900),
                   .name = "ring"};
    lw_property p = {.key = "count", .value = "3"};
    o.props = &p;
    o.prop_count = 1;
    if (g_rand_boolean(rand)) {
        o = (lw_object){.type = LW_OBJECT_PATH_SWAPPER, .x = 100, .y = 200};
        o.swapper.radius = 64;
        o.swapper.path[1] = 1;
    }
    return editor_cmd_add_object_new(doc, &o, NULL);
}

static EditorCommand *make_remove_object(EditorDocument *doc, GRand *rand)
{
    guint32 id = random_object_id(doc, rand);
    return id ? editor_cmd_remove_object_new(doc, id) : NULL;
}

static EditorCommand *make_move_object(EditorDocument *doc, GRand *rand)
{
    guint32 id = random_object_id(doc, rand);
    return id ? editor_cmd_move_object_new(doc, id, g_rand_int_range(rand, -50, 5000),
                                           g_rand_int_range(rand, -50, 1000), 0)
              : NULL;
}

static EditorCommand *make_set_object(EditorDocument *doc, GRand *rand)
{
    guint32 id = random_object_id(doc, rand);
    if (!id)
        return NULL;
    lw_object o = {0};
    g_assert_true(lw_object_copy(&o, lw_level_find_object(editor_document_get_level(doc), id)));
    switch (o.type) {
    case LW_OBJECT_PLAYER_START:
        o.facing_left = !o.facing_left;
        break;
    case LW_OBJECT_PATH_SWAPPER:
        o.swapper.horizontal = !o.swapper.horizontal;
        o.swapper.radius = (uint16_t)(32u << g_rand_int_range(rand, 0, 4));
        o.swapper.grounded_only = !o.swapper.grounded_only;
        o.swapper.path[0] ^= 1;
        break;
    case LW_OBJECT_MARKER:
        lw_object_set_property(&o, "extra", "yes");
        lw_level_set_string(&o.name, "spring");
        break;
    }
    EditorCommand *cmd = editor_cmd_set_object_new(doc, &o, NULL);
    lw_object_clear(&o);
    return cmd;
}

static EditorCommand *make_set_props(EditorDocument *doc, GRand *rand)
{
    EditorLevelProps p;
    editor_level_props_get(editor_document_get_level(doc), &p);
    g_snprintf(p.name, sizeof p.name, "Name %d", g_rand_int_range(rand, 0, 1000));
    p.background_rgb = (uint32_t)g_rand_int_range(rand, 0, 0xFFFFFF);
    g_strlcpy(p.profile, g_rand_boolean(rand) ? "s1" : "s3k", sizeof p.profile);
    p.has_water = g_rand_boolean(rand);
    p.water_height = p.has_water ? g_rand_int_range(rand, 0, LW_MAX_WATER_HEIGHT + 1) : 0;
    return editor_cmd_set_level_props_new(doc, &p);
}

/* The loop table: up to three entries on random chunks (distinct), random path B and rule. */
static EditorCommand *make_set_loops(EditorDocument *doc, GRand *rand)
{
    const lw_level *level = editor_document_get_level(doc);
    lw_loop_chunk t[3];
    guint n = 0, want = (guint)g_rand_int_range(rand, 0, 4);
    for (guint i = 0; level->chunk_count && i < want; i++) {
        uint16_t chunk = (uint16_t)g_rand_int_range(rand, 0, (gint32)level->chunk_count);
        gboolean dup = FALSE;
        for (guint k = 0; k < n; k++)
            dup |= t[k].chunk == chunk;
        if (dup)
            continue;
        t[n++] = (lw_loop_chunk){
            chunk,
            g_rand_boolean(rand) ? (uint16_t)LW_NONE
                                 : (uint16_t)g_rand_int_range(rand, 0, (gint32)level->chunk_count),
            (uint8_t)g_rand_int_range(rand, 0, 4)};
    }
    return editor_cmd_set_loop_chunks_new(doc, t, n, NULL);
}

/* Test-play commands: physics settings, replays (add, remove, update). */
static EditorCommand *make_set_physics(EditorDocument *doc, GRand *rand)
{
    static const char *const names[] = {"acc", "top", "gravity", "jump", "roll_cap"};
    lw_override ov[3];
    guint n = (guint)g_rand_int_range(rand, 0, 4);
    for (guint i = 0; i < n; i++) {
        memset(&ov[i], 0, sizeof ov[i]);
        g_strlcpy(ov[i].name, names[(i + (guint)g_rand_int_range(rand, 0, 3)) % 5],
                  sizeof ov[i].name);
        for (guint j = 0; j < i; j++)
            if (g_str_equal(ov[i].name, ov[j].name))
                g_strlcpy(ov[i].name, names[(i + 3) % 5], sizeof ov[i].name);
        ov[i].value = g_rand_int_range(rand, 1, 2000);
    }
    return editor_cmd_set_physics_new(doc, g_rand_boolean(rand) ? "s3k" : "modern",
                                      g_rand_boolean(rand) ? "tails" : "sonic", ov, n);
}

static EditorCommand *make_add_replay(EditorDocument *doc, GRand *rand)
{
    lw_replay r = {.name = "run", .script = "30 R\n1 RJ\n", .frames = 31};
    r.has_start = g_rand_boolean(rand);
    r.start_x = g_rand_int_range(rand, 0, 4000);
    r.start_y = 700;
    g_strlcpy(r.profile, g_rand_boolean(rand) ? "s1" : "", sizeof r.profile);
    r.has_expect = g_rand_boolean(rand);
    r.expect_hash = g_rand_int(rand);
    r.expect_x = 100;
    r.expect_path = LW_PATH_B;
    const lw_level *l = editor_document_get_level(doc);
    return editor_cmd_add_replay_new(doc, &r,
                                     g_rand_int_range(rand, -1, (gint32)l->replay_count + 1));
}

/* A level without replays (the samples) gets one first, in the same undo step, so the command
 * under test still runs (the round-trip test undoes the whole step). */
static gboolean begin_with_replay(EditorDocument *doc)
{
    if (editor_document_get_level(doc)->replay_count > 0)
        return FALSE;
    editor_document_begin_group(doc, "Replay");
    lw_replay r = {.name = "first", .script = "10 L\n", .frames = 10};
    editor_document_push(doc, editor_cmd_add_replay_new(doc, &r, -1));
    return TRUE;
}

static EditorCommand *finish_with_replay(EditorDocument *doc, gboolean grouped, EditorCommand *cmd)
{
    if (!grouped)
        return cmd;
    editor_document_push(doc, cmd);
    editor_document_end_group(doc);
    return NULL; /* already pushed */
}

static EditorCommand *make_remove_replay(EditorDocument *doc, GRand *rand)
{
    gboolean grouped = begin_with_replay(doc);
    const lw_level *l = editor_document_get_level(doc);
    guint i = (guint)g_rand_int_range(rand, 0, (gint32)l->replay_count);
    return finish_with_replay(doc, grouped, editor_cmd_remove_replay_new(doc, i));
}

static EditorCommand *make_set_replay(EditorDocument *doc, GRand *rand)
{
    gboolean grouped = begin_with_replay(doc);
    const lw_level *l = editor_document_get_level(doc);
    guint i = (guint)g_rand_int_range(rand, 0, (gint32)l->replay_count);
    lw_replay r = l->replays[i];
    r.name = "renamed";
    r.has_expect = TRUE;
    r.expect_hash ^= 0x1234;
    r.expect_air = !r.expect_air;
    return finish_with_replay(doc, grouped, editor_cmd_set_replay_new(doc, i, &r, NULL));
}

static EditorCommand *make_replace_resize(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    lw_level *r =
        editor_level_resized(l, l->layout_width + (guint)g_rand_int_range(rand, -3, 4),
                             l->layout_height + (guint)g_rand_int_range(rand, 0, 3), NULL);
    return r ? editor_cmd_replace_level_new(doc, r, "Resize") : NULL;
}

static EditorCommand *make_replace_rows(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    gboolean columns = g_rand_boolean(rand);
    guint len = columns ? l->layout_width : l->layout_height;
    int count = g_rand_boolean(rand) ? 1 : -1;
    guint at = (guint)g_rand_int_range(rand, 0, (gint32)len);
    lw_level *r = editor_level_edit_rows(l, columns, at, count, NULL);
    return r ? editor_cmd_replace_level_new(doc, r, "Rows") : NULL;
}

static EditorCommand *make_replace_compact(EditorDocument *doc, GRand *rand)
{
    const lw_level *l = editor_document_get_level(doc);
    EditorRemap remap;
    lw_level *r = g_rand_boolean(rand) ? editor_level_compact_chunks(l, TRUE, NULL, &remap)
                                       : editor_level_compact_tiles(l, TRUE, NULL, &remap);
    return editor_cmd_replace_level_remap_new(doc, r, "Compact", &remap);
}

static EditorCommand *make_group(EditorDocument *doc, GRand *rand)
{
    /* "Make unique": copy a chunk and point a slot at the copy, one step. */
    editor_document_begin_group(doc, "Make Chunk Unique");
    const lw_level *l = editor_document_get_level(doc);
    guint id = l->chunk_count;
    EditorCommand *add = editor_cmd_add_chunk_new(doc, lw_level_chunk_cells(l, 0), NULL, NULL);
    g_assert_nonnull(add);
    editor_document_push(doc, add);
    EditorLayoutEdit e = {(uint16_t)g_rand_int_range(rand, 0, l->layout_width),
                          (uint16_t)g_rand_int_range(rand, 0, l->layout_height), (uint16_t)id};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    editor_document_end_group(doc);
    return NULL; /* already pushed */
}

#include "mask-makers.h"

typedef struct {
    const char *name;
    MakeCommand make;
} CommandType;

static const CommandType command_types[] = {
    {"set-layout", make_set_layout},
    {"set-cells", make_set_cells},
    {"add-chunk", make_add_chunk},
    {"add-tile", make_add_tile},
    {"set-tile", make_set_tile},
    {"add-mask", make_add_mask},
    {"set-mask", make_set_mask},
    {"mask-set-column", make_mask_column},
    {"mask-set-angle", make_mask_angle},
    {"mask-lock", make_mask_lock},
    {"mask-flag", make_mask_flag},
    {"mask-compute-angle", make_mask_compute},
    {"generate-masks", make_generate},
    {"slope-stroke", make_slope},
    {"loop-preset", make_loop},
    {"import-terrain", make_import_terrain},
    {"add-object", make_add_object},
    {"remove-object", make_remove_object},
    {"move-object", make_move_object},
    {"set-object", make_set_object},
    {"set-level-props", make_set_props},
    {"set-loop-chunks", make_set_loops},
    {"set-physics", make_set_physics},
    {"add-replay", make_add_replay},
    {"remove-replay", make_remove_replay},
    {"set-replay", make_set_replay},
    {"replace-resize", make_replace_resize},
    {"replace-rows", make_replace_rows},
    {"replace-compact", make_replace_compact},
    {"group", make_group},
};

/* Push one command of type @t; returns FALSE when the type had nothing to do. */
static gboolean push_one(EditorDocument *doc, const CommandType *t, GRand *rand)
{
    guint before = editor_undo_stack_get_index(editor_document_get_undo_stack(doc));
    EditorCommand *cmd = t->make(doc, rand);
    if (cmd)
        editor_document_push(doc, cmd);
    return editor_undo_stack_get_index(editor_document_get_undo_stack(doc)) != before;
}

/* For every command type: apply; revert gives the original bytes; apply; revert; apply gives
 * the applied bytes. */
static void test_each_command_round_trip(gconstpointer data)
{
    const CommandType *t = data;
    guint used = 0; /* seeds where the type had something to do */
    for (guint seed = 1; seed <= 20; seed++) {
        g_autoptr(EditorDocument) doc =
            test_load_sample(seed % 2 ? "loop-hill.json" : "pipe-works.json");
        g_autoptr(GRand) rand = g_rand_new_with_seed(seed);
        g_autofree char *original = test_doc_json(doc);
        if (!push_one(doc, t, rand))
            continue;
        used++;
        g_autofree char *applied = test_doc_json(doc);
        g_assert_true(editor_document_get_modified(doc));
        editor_document_undo(doc);
        g_autofree char *reverted = test_doc_json(doc);
        g_assert_cmpstr(reverted, ==, original);
        g_assert_false(editor_document_get_modified(doc));
        editor_document_redo(doc);
        g_autofree char *reapplied = test_doc_json(doc);
        g_assert_cmpstr(reapplied, ==, applied);
        /* the level is still structurally valid */
        lw_error err;
        g_assert_true(lw_level_validate(editor_document_get_level(doc), &err));
    }
    g_test_message("%s: applied with %u of 20 seeds", t->name, used);
    g_assert_cmpuint(used, >, 0);
}

/* Hundreds of random commands: undo all == start, redo all == end. */
static void test_random_sequences(void)
{
    for (guint seed = 1; seed <= 4; seed++) {
        g_autoptr(EditorDocument) doc =
            test_load_sample(seed % 2 ? "loop-hill.json" : "pipe-works.json");
        g_autoptr(GRand) rand = g_rand_new_with_seed(seed * 7919);
        g_autofree char *start = test_doc_json(doc);
        guint pushed = 0;
        for (int i = 0; i < 300; i++) {
            const CommandType *t =
                &command_types[g_rand_int_range(rand, 0, G_N_ELEMENTS(command_types))];
            pushed += push_one(doc, t, rand);
            if (g_rand_int_range(rand, 0, 10) == 0)
                editor_document_undo(doc); /* leaves a redo tail the next push drops */
        }
        g_assert_cmpuint(pushed, >, 200);
        g_autofree char *end = test_doc_json(doc);
        EditorUndoStack *stack = editor_document_get_undo_stack(doc);
        guint n = editor_undo_stack_get_index(stack);
        editor_document_set_history_index(doc, 0);
        g_autofree char *undone = test_doc_json(doc);
        g_assert_cmpstr(undone, ==, start);
        g_assert_false(editor_document_get_modified(doc));
        editor_document_set_history_index(doc, n);
        g_autofree char *redone = test_doc_json(doc);
        g_assert_cmpstr(redone, ==, end);
    }
}

/* ---- merging ---- */

static void test_stroke_merges(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    EditorUndoStack *stack = editor_document_get_undo_stack(doc);
    g_autofree char *start = test_doc_json(doc);
    guint stroke = editor_command_new_stroke();
    for (uint16_t x = 0; x < 10; x++) {
        EditorLayoutEdit e = {x, 0, 3};
        editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, stroke));
    }
    /* the same slot twice keeps the oldest "before" */
    EditorLayoutEdit again = {0, 0, 4};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &again, 1, NULL, stroke));
    g_assert_cmpuint(editor_undo_stack_get_count(stack), ==, 1);
    g_assert_cmpuint(lw_level_layout_get(editor_document_get_level(doc), LW_LAYER_FG, 0, 0), ==, 4);
    /* a new stroke is a new step */
    EditorLayoutEdit other = {20, 1, 5};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &other, 1, NULL,
                                                        editor_command_new_stroke()));
    g_assert_cmpuint(editor_undo_stack_get_count(stack), ==, 2);
    editor_document_undo(doc);
    editor_document_undo(doc);
    g_autofree char *back = test_doc_json(doc);
    g_assert_cmpstr(back, ==, start);

    /* a stroke that paints what was there leaves no step */
    editor_document_redo(doc);
    g_assert_cmpuint(editor_undo_stack_get_index(stack), ==, 1);
    uint16_t cur = lw_level_layout_get(editor_document_get_level(doc), LW_LAYER_FG, 30, 2);
    EditorLayoutEdit same = {30, 2, cur};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &same, 1, NULL,
                                                        editor_command_new_stroke()));
    g_assert_cmpuint(editor_undo_stack_get_index(stack), ==, 1);
    g_assert_cmpuint(editor_undo_stack_get_count(stack), ==, 2); /* redo tail kept */

    /* a stroke that comes back to the start pops itself */
    guint s2 = editor_command_new_stroke();
    EditorLayoutEdit a = {30, 2, (uint16_t)(cur == 1 ? 2 : 1)}, b = {30, 2, cur};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &a, 1, NULL, s2));
    g_assert_cmpuint(editor_undo_stack_get_count(stack), ==, 2);
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &b, 1, NULL, s2));
    g_assert_cmpuint(editor_undo_stack_get_count(stack), ==, 1);
    g_assert_cmpuint(editor_undo_stack_get_index(stack), ==, 1);
}

/* Moving an object by dragging is one step; merging never crosses the saved state. */
static void test_move_merge_and_clean(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    g_autofree char *dir = g_dir_make_tmp("lw-doc-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "level.json", NULL);
    EditorUndoStack *stack = editor_document_get_undo_stack(doc);
    guint stroke = editor_command_new_stroke();
    for (int i = 1; i <= 5; i++)
        editor_document_push(doc, editor_cmd_move_object_new(doc, 4, 3200 + i, 800, stroke));
    g_assert_cmpuint(editor_undo_stack_get_count(stack), ==, 1);
    g_assert_true(editor_document_save_as(doc, path, NULL));
    g_assert_false(editor_document_get_modified(doc));
    editor_document_push(doc, editor_cmd_move_object_new(doc, 4, 3300, 800, stroke));
    g_assert_cmpuint(editor_undo_stack_get_count(stack), ==,
                     2); /* not merged into the clean step */
    g_assert_true(editor_document_get_modified(doc));
    editor_document_undo(doc);
    g_assert_false(editor_document_get_modified(doc));
    g_assert_cmpint(lw_level_find_object(editor_document_get_level(doc), 4)->x, ==, 3205);
    g_unlink(path);
    g_autofree char *bak = g_strconcat(path, ".bak", NULL);
    g_unlink(bak);
    g_rmdir(dir);
}

/* The unsaved mark follows the clean index exactly. */
static void test_modified_follows_clean_index(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    g_autofree char *dir = g_dir_make_tmp("lw-doc-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "level.json", NULL);
    EditorUndoStack *stack = editor_document_get_undo_stack(doc);
    g_assert_false(editor_document_get_modified(doc));
    g_assert_cmpstr(editor_document_get_title(doc), ==, "loop-hill.json");
    EditorLayoutEdit e = {1, 1, 2};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    g_assert_true(editor_document_get_modified(doc));
    g_assert_cmpstr(editor_document_get_title(doc), ==, "*loop-hill.json");
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Paint Chunks");
    editor_document_undo(doc);
    g_assert_false(editor_document_get_modified(doc));
    g_assert_cmpstr(editor_document_get_redo_label(doc), ==, "Paint Chunks");
    editor_document_redo(doc);
    g_assert_true(editor_document_save_as(doc, path, NULL));
    g_assert_cmpint(editor_undo_stack_get_clean_index(stack), ==, 1);
    g_assert_false(editor_document_get_modified(doc));
    g_assert_cmpstr(editor_document_get_title(doc), ==, "level.json");
    editor_document_undo(doc);
    g_assert_true(editor_document_get_modified(doc));
    /* a new edit after undoing past the saved state makes it unreachable */
    EditorLayoutEdit f = {2, 2, 3};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &f, 1, NULL, 0));
    g_assert_cmpint(editor_undo_stack_get_clean_index(stack), ==, -1);
    editor_document_undo(doc);
    g_assert_true(editor_document_get_modified(doc));
    editor_document_redo(doc);
    g_assert_true(editor_document_get_modified(doc));
    /* revert is itself undoable and lands on the saved state */
    g_assert_true(editor_document_revert(doc, NULL));
    g_assert_false(editor_document_get_modified(doc));
    g_autofree char *saved = NULL;
    g_assert_true(g_file_get_contents(path, &saved, NULL, NULL));
    g_autofree char *now = test_doc_json(doc);
    g_assert_cmpstr(now, ==, saved);
    editor_document_undo(doc);
    g_assert_true(editor_document_get_modified(doc));
    g_assert_cmpuint(lw_level_layout_get(editor_document_get_level(doc), LW_LAYER_FG, 2, 2), ==, 3);
    g_autofree char *bak = g_strconcat(path, ".bak", NULL);
    g_unlink(path);
    g_unlink(bak);
    g_rmdir(dir);
}

/* ---- groups and long operations ---- */

typedef struct {
    int count;
    EditorChange last;
} ChangeLog;

static void on_changed(EditorDocument *doc, EditorChange *change, ChangeLog *log)
{
    log->count++;
    log->last = *change;
}

static void test_groups_and_long_operations(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    EditorUndoStack *stack = editor_document_get_undo_stack(doc);
    ChangeLog log = {0};
    g_signal_connect(doc, "changed", G_CALLBACK(on_changed), &log);
    g_autofree char *start = test_doc_json(doc);

    editor_document_begin_group(doc, "Two Things");
    EditorLayoutEdit e = {3, 3, 1};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    g_assert_false(editor_document_can_undo(doc)); /* nothing to undo while a group is open */
    editor_document_push(doc, editor_cmd_move_object_new(doc, 1, 10, 10, 0));
    editor_document_end_group(doc);
    g_assert_cmpint(log.count, ==, 2); /* one per command while the group was open */
    g_assert_cmpuint(editor_undo_stack_get_count(stack), ==, 1);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Two Things");
    editor_document_undo(doc);
    g_assert_cmpint(log.count, ==, 3);
    g_assert_true(log.last.flags & EDITOR_CHANGE_LAYOUT);
    g_assert_true(log.last.flags & EDITOR_CHANGE_OBJECTS);
    g_assert_cmpint(log.last.layout_x0, ==, 3);
    g_assert_cmpint(log.last.layout_x1, ==, 4);
    g_autofree char *undone = test_doc_json(doc);
    g_assert_cmpstr(undone, ==, start);

    /* an empty group leaves no trace */
    editor_document_begin_group(doc, "Nothing");
    editor_document_end_group(doc);
    g_assert_cmpuint(editor_undo_stack_get_index(stack), ==, 0);

    /* a long operation: one `changed` at the end, busy meanwhile, cancel reverts */
    log.count = 0;
    editor_document_begin_long_operation(doc, "Regenerate");
    g_assert_true(editor_document_is_busy(doc));
    for (uint16_t i = 0; i < 5; i++) {
        EditorCellEdit c = {.chunk = i, .index = 0, .cell = {.tile = 1, .flags = 0, .solid = 15}};
        editor_document_push(doc, editor_cmd_set_cells_new(doc, &c, 1, NULL, 0));
    }
    g_assert_cmpint(log.count, ==, 0);
    editor_document_end_long_operation(doc, FALSE);
    g_assert_false(editor_document_is_busy(doc));
    g_assert_cmpint(log.count, ==, 1);
    g_autofree char *cancelled = test_doc_json(doc);
    g_assert_cmpstr(cancelled, ==, start);
    g_assert_cmpuint(editor_undo_stack_get_index(stack), ==, 0);

    editor_document_begin_long_operation(doc, "Regenerate");
    for (uint16_t i = 0; i < 5; i++) {
        EditorCellEdit c = {.chunk = i, .index = 0, .cell = {.tile = 1, .flags = 0, .solid = 15}};
        editor_document_push(doc, editor_cmd_set_cells_new(doc, &c, 1, NULL, 0));
    }
    editor_document_end_long_operation(doc, TRUE);
    g_assert_cmpint(log.count, ==, 2);
    for (uint32_t i = 0; i < 5; i++)
        g_assert_true(editor_change_has_chunk(&log.last, i));
    g_assert_false(editor_change_has_chunk(&log.last, 5));
    g_assert_cmpuint(editor_undo_stack_get_count(stack), ==, 1);
    g_assert_cmpstr(editor_document_get_undo_label(doc), ==, "Regenerate");
}

/* ---- actions ---- */

static void test_actions(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    GActionGroup *ag = editor_document_get_actions(doc);
    g_assert_false(g_action_group_get_action_enabled(ag, "undo"));
    g_assert_false(g_action_group_get_action_enabled(ag, "redo"));
    g_assert_true(g_action_group_get_action_enabled(ag, "save"));
    g_assert_false(g_action_group_get_action_enabled(ag, "revert"));
    EditorLayoutEdit e = {1, 1, 2};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    g_assert_true(g_action_group_get_action_enabled(ag, "undo"));
    g_assert_true(g_action_group_get_action_enabled(ag, "revert"));
    g_action_group_activate_action(ag, "undo", NULL);
    g_assert_false(editor_document_get_modified(doc));
    g_assert_true(g_action_group_get_action_enabled(ag, "redo"));
    g_assert_false(g_action_group_get_action_enabled(ag, "undo"));
    g_action_group_activate_action(ag, "redo", NULL);
    g_assert_cmpuint(lw_level_layout_get(editor_document_get_level(doc), LW_LAYER_FG, 1, 1), ==, 2);

    g_autoptr(EditorDocument) untitled = editor_document_new_empty(128, 10, 4, NULL);
    g_assert_nonnull(untitled);
    ag = editor_document_get_actions(untitled);
    g_assert_false(g_action_group_get_action_enabled(ag, "save"));
    g_assert_cmpstr(editor_document_get_title(untitled), ==, "Untitled");
}

static void on_failed(EditorDocument *doc, const char *action, const GError *error, GString *log)
{
    g_string_append_printf(log, "%s: %s\n", action, error->message);
}

/* doc.save reports a failure through `failed` (the window shows it), else in the log. */
static void test_save_failure_reported(void)
{
    g_autofree char *dir = g_dir_make_tmp("lw-save-XXXXXX", NULL);
    g_autofree char *gone = g_build_filename(dir, "gone", NULL);
    g_assert_cmpint(g_mkdir(gone, 0700), ==, 0);
    g_autoptr(EditorDocument) doc = editor_document_new_empty(128, 4, 2, NULL);
    g_autofree char *path = g_build_filename(gone, "level.json", NULL);
    g_assert_true(editor_document_save_as(doc, path, NULL));
    g_assert_cmpint(g_remove(path), ==, 0);
    g_assert_cmpint(g_rmdir(gone), ==, 0); /* the folder the document saves to is gone */
    GActionGroup *ag = editor_document_get_actions(doc);
    g_test_expect_message("editor-document", G_LOG_LEVEL_MESSAGE, "save failed: *");
    g_action_group_activate_action(ag, "save", NULL);
    g_test_assert_expected_messages();
    GString *log = g_string_new(NULL);
    gulong id = g_signal_connect(doc, "failed", G_CALLBACK(on_failed), log);
    g_action_group_activate_action(ag, "save", NULL);
    g_assert_true(g_str_has_prefix(log->str, "save: "));
    g_assert_nonnull(strstr(log->str, "level.json"));
    g_signal_handler_disconnect(doc, id);
    g_string_free(log, TRUE);
    g_assert_cmpint(g_rmdir(dir), ==, 0);
}

/* ---- saving ---- */

static void test_atomic_save_through_document(void)
{
    g_autofree char *dir = g_dir_make_tmp("lw-doc-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "level.json", NULL);
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    g_assert_true(editor_document_save_as(doc, path, NULL));
    g_autofree char *copied = g_build_filename(dir, "tiles.png", NULL);
    g_assert_true(g_file_test(copied, G_FILE_TEST_EXISTS));
    g_autofree char *first = NULL;
    g_assert_true(g_file_get_contents(path, &first, NULL, NULL));

    EditorLevelProps p;
    editor_level_props_get(editor_document_get_level(doc), &p);
    g_strlcpy(p.name, "Changed", sizeof p.name);
    editor_document_push(doc, editor_cmd_set_level_props_new(doc, &p));
    lwm_test_set_write_fault(1000);
    g_autoptr(GError) error = NULL;
    g_assert_false(editor_document_save(doc, &error));
    lwm_test_set_write_fault(-1);
    g_assert_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_IO);
    g_assert_true(strstr(error->message, "level.json") != NULL);
    g_assert_true(editor_document_get_modified(doc)); /* still unsaved */
    g_autofree char *after = NULL;
    g_assert_true(g_file_get_contents(path, &after, NULL, NULL));
    g_assert_cmpstr(after, ==, first);

    g_assert_true(editor_document_save(doc, NULL));
    g_assert_false(editor_document_get_modified(doc));
    g_autofree char *bak = g_strconcat(path, ".bak", NULL);
    g_autofree char *backup = NULL;
    g_assert_true(g_file_get_contents(bak, &backup, NULL, NULL));
    g_assert_cmpstr(backup, ==, first);
    /* reopening gives the saved level */
    g_autoptr(EditorDocument) again = editor_document_load(path, NULL);
    g_assert_cmpstr(editor_document_get_level(again)->name, ==, "Changed");
    g_unlink(path);
    g_unlink(bak);
    g_autofree char *png = g_build_filename(dir, "tiles.png", NULL);
    g_unlink(png);
    g_rmdir(dir);
}

/* Water through Level ▸ Properties' command: one undo step; undo gives back the level JSON byte
 * for byte (no `water_height` key); an out-of-range height is clamped; the same value is a
 * no-op. */
static void test_water_props_undo(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    g_assert_false(l->has_water);
    g_autofree char *before = editor_level_to_json(l, NULL);
    g_assert_null(strstr(before, "water_height"));
    EditorLevelProps p;
    editor_level_props_get(l, &p);
    g_assert_false(p.has_water);
    p.has_water = TRUE;
    p.water_height = 500;
    editor_document_push(doc, editor_cmd_set_level_props_new(doc, &p));
    l = editor_document_get_level(doc);
    g_assert_true(l->has_water);
    g_assert_cmpint(l->water_height, ==, 500);
    g_autofree char *wet = editor_level_to_json(l, NULL);
    g_assert_nonnull(strstr(wet, "\"water_height\": 500"));
    g_assert_true(editor_document_can_undo(doc));
    editor_document_undo(doc);
    l = editor_document_get_level(doc);
    g_assert_false(l->has_water);
    g_autofree char *back = editor_level_to_json(l, NULL);
    g_assert_cmpstr(back, ==, before);
    editor_document_redo(doc);
    g_assert_cmpint(editor_document_get_level(doc)->water_height, ==, 500);
    /* clamped into range; the same props again change nothing */
    p.water_height = LW_MAX_WATER_HEIGHT + 40;
    editor_document_push(doc, editor_cmd_set_level_props_new(doc, &p));
    g_assert_cmpint(editor_document_get_level(doc)->water_height, ==, LW_MAX_WATER_HEIGHT);
    EditorCommand *same = editor_cmd_set_level_props_new(doc, &p);
    g_assert_true(same->klass->is_noop(same));
    editor_command_free(same);
    /* turning water off forgets the height */
    p.has_water = FALSE;
    editor_document_push(doc, editor_cmd_set_level_props_new(doc, &p));
    g_assert_false(editor_document_get_level(doc)->has_water);
    g_assert_cmpint(editor_document_get_level(doc)->water_height, ==, 0);
}

static void test_load_error_is_precise(void)
{
    g_autofree char *dir = g_dir_make_tmp("lw-doc-XXXXXX", NULL);
    g_autofree char *path = g_build_filename(dir, "bad.json", NULL);
    g_assert_true(g_file_set_contents(
        path, "{\"format\": \"loopwright-level\",\n \"version\": 7}\n", -1, NULL));
    g_autoptr(GError) error = NULL;
    EditorDocument *doc = editor_document_load(path, &error);
    g_assert_null(doc);
    g_assert_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_VERSION);
    g_autofree char *expect = g_strdup_printf("%s:2:", path);
    g_assert_true(g_str_has_prefix(error->message, expect));
    g_unlink(path);
    g_rmdir(dir);
}

/* ---- recovery ---- */

static void test_recovery(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    g_autofree char *rpath = editor_document_dup_recovery_path(doc);
    g_autofree char *rdir = editor_recovery_dir();
    g_assert_true(g_str_has_prefix(rpath, rdir));
    g_assert_true(editor_document_write_recovery(doc, NULL));
    g_assert_false(g_file_test(rpath, G_FILE_TEST_EXISTS)); /* nothing to recover */
    EditorLayoutEdit e = {1, 1, 2};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    g_assert_true(editor_document_write_recovery(doc, NULL));
    g_assert_true(g_file_test(rpath, G_FILE_TEST_EXISTS));
    g_autoptr(GError) error = NULL;
    g_autoptr(EditorDocument) rec = editor_document_load_recovery(rpath, &error);
    g_assert_no_error(error);
    g_assert_cmpstr(editor_document_get_path(rec), ==, editor_document_get_path(doc));
    g_assert_true(editor_document_get_modified(rec));
    g_autofree char *a = test_doc_json(doc);
    g_autofree char *b = test_doc_json(rec);
    g_assert_cmpstr(a, ==, b);
    editor_document_delete_recovery(doc);
    g_assert_false(g_file_test(rpath, G_FILE_TEST_EXISTS));
}

/* ---- level operations ---- */

/* Every 16x16 position of the level shows the same cell. */
static void assert_same_terrain(const lw_level *a, const lw_level *b)
{
    int32_t w = MAX(lw_level_width_px(a), lw_level_width_px(b));
    int32_t h = MAX(lw_level_height_px(a), lw_level_height_px(b));
    for (int32_t y = 0; y < h; y += 16)
        for (int32_t x = 0; x < w; x += 16) {
            const lw_cell *ca = lw_level_cell_at(a, x, y), *cb = lw_level_cell_at(b, x, y);
            lw_cell ea = ca ? *ca : (lw_cell){LW_NONE, 0, 0};
            lw_cell eb = cb ? *cb : (lw_cell){LW_NONE, 0, 0};
            if (ea.tile == LW_NONE && eb.tile == LW_NONE)
                continue;
            g_assert_cmpuint(ea.tile == LW_NONE ? LW_NONE : a->tiles[ea.tile].art, ==,
                             eb.tile == LW_NONE ? LW_NONE : b->tiles[eb.tile].art);
            g_assert_cmpuint(ea.flags, ==, eb.flags);
            g_assert_cmpuint(ea.solid, ==, eb.solid);
        }
}

static void test_compaction(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    /* add an unused chunk and a duplicate in use */
    editor_document_push(doc, editor_cmd_add_chunk_new(doc, NULL, NULL, NULL));
    guint dup = l->chunk_count;
    editor_document_push(doc,
                         editor_cmd_add_chunk_new(doc, lw_level_chunk_cells(l, 3), NULL, NULL));
    EditorLayoutEdit e = {0, 0, (uint16_t)dup};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    g_autofree guint *counts = g_new0(guint, l->chunk_count);
    editor_level_chunk_usage(l, counts);
    g_assert_cmpuint(counts[dup], ==, 1);
    g_assert_cmpuint(counts[dup - 1], ==, 0);
    guint removed = 0;
    lw_level *c = editor_level_compact_chunks(l, FALSE, &removed, NULL);
    g_assert_cmpuint(removed, >=, 1);
    assert_same_terrain(l, c);
    lw_level_free(c);
    c = editor_level_compact_chunks(l, TRUE, &removed, NULL);
    assert_same_terrain(l, c);
    g_assert_cmpuint(lw_level_layout_get(c, LW_LAYER_FG, 0, 0), ==, 3);
    lw_level_free(c);
    lw_level *t = editor_level_compact_tiles(l, TRUE, &removed, NULL);
    assert_same_terrain(l, t);
    lw_level_free(t);
}

/* A brush the way the window keeps one: it follows every change the document emits. */
typedef struct {
    uint16_t chunk, tile;
    guint changes;
} FollowingBrush;

static void brush_follow(EditorDocument *doc, EditorChange *change, FollowingBrush *b)
{
    const lw_level *l = editor_document_get_level(doc);
    b->chunk = editor_change_follow_chunk(change, b->chunk, l->chunk_count);
    b->tile = editor_change_follow_tile(change, b->tile, l->tile_count);
    b->changes++;
}

/* Compaction, undo and undoing an append carry how ids moved: a brush follows its chunk and
 * tile (same contents after as before), and falls back to id 0 when its id is gone. */
static void test_remap_follow(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    FollowingBrush b = {0, 0, 0};
    g_signal_connect(doc, "changed", G_CALLBACK(brush_follow), &b);
    /* a copy of the first used chunk, placed in the first empty slot */
    guint n = l->chunk_count, slots = (guint)l->layout_width * l->layout_height, first = 0,
          empty = 0;
    while (l->layout[LW_LAYER_FG][first] == LW_NONE)
        first++;
    while (l->layout[LW_LAYER_FG][empty] != LW_NONE)
        empty++;
    g_assert_cmpuint(empty, <, slots);
    uint16_t copied = l->layout[LW_LAYER_FG][first];
    editor_document_push(
        doc, editor_cmd_add_chunk_new(doc, lw_level_chunk_cells(l, copied), NULL, NULL));
    EditorLayoutEdit e = {(uint16_t)(empty % l->layout_width), (uint16_t)(empty / l->layout_width),
                          (uint16_t)n};
    editor_document_push(doc, editor_cmd_set_layout_new(doc, LW_LAYER_FG, &e, 1, NULL, 0));
    g_autoptr(lw_level) before = lw_level_dup(l);
    guint per = lw_level_cells_per_chunk(l);
    uint16_t last = (uint16_t)(n - 1);
    b.chunk = last;
    /* unused chunks removed and duplicates merged: every used chunk keeps its contents */
    EditorRemap remap;
    guint removed = 0;
    lw_level *next = editor_level_compact_chunks(l, TRUE, &removed, &remap);
    g_assert_cmpuint(removed, >=, 1);
    g_assert_true(remap.chunks_moved);
    g_assert_false(remap.tiles_moved);
    g_assert_cmpuint(remap.chunk_count, ==, n + 1);
    g_autofree guint *used = g_new0(guint, n + 1);
    editor_level_chunk_usage(before, used);
    for (guint c = 0; c <= n; c++) {
        uint16_t to = editor_remap_chunk(&remap, (uint16_t)c);
        if (!used[c]) {
            g_assert_cmpuint(to, ==, LW_NONE);
            continue;
        }
        g_assert_cmpuint(to, <, next->chunk_count);
        g_assert_cmpmem(lw_level_chunk_cells(next, to), per * sizeof(lw_cell),
                        lw_level_chunk_cells(before, c), per * sizeof(lw_cell));
    }
    /* the copy merged into the chunk it copies */
    g_assert_cmpuint(editor_remap_chunk(&remap, (uint16_t)n), ==,
                     editor_remap_chunk(&remap, copied));
    g_assert_cmpuint(editor_remap_chunk(&remap, LW_NONE), ==, LW_NONE);
    editor_document_push(doc, editor_cmd_replace_level_remap_new(doc, next, "Compact", &remap));
    uint16_t expect = used[last] ? editor_remap_chunk(&remap, last) : 0;
    g_assert_cmpuint(b.chunk, ==, expect);
    /* undo: back to its old id (when it was used; a removed one came back as chunk 0's) */
    editor_document_undo(doc);
    if (used[last])
        g_assert_cmpuint(b.chunk, ==, last);
    b.chunk = last;
    editor_document_redo(doc);
    g_assert_cmpuint(b.chunk, ==, expect);
    editor_document_undo(doc);
    editor_document_undo(doc); /* the layout edit */
    /* the brush on the appended chunk; undoing the append removes it: the brush falls back */
    b.chunk = (uint16_t)n;
    editor_document_undo(doc);
    g_assert_cmpuint(l->chunk_count, ==, n);
    g_assert_cmpuint(b.chunk, ==, 0);
    /* the eraser stays the eraser */
    b.chunk = LW_NONE;
    editor_document_redo(doc);
    editor_document_undo(doc);
    g_assert_cmpuint(b.chunk, ==, LW_NONE);
    /* unused tiles removed: the tile brush keeps its art */
    lw_tile spare = {.art = 7, .mask = {LW_NONE, LW_NONE}};
    editor_document_push(doc, editor_cmd_add_tile_new(doc, &spare, NULL, NULL));
    g_autofree guint *counts = g_new0(guint, l->tile_count);
    editor_level_tile_usage(l, counts);
    guint tile = l->tile_count - 2; /* the last used tile of the sample */
    while (counts[tile] == 0)
        tile--;
    b.tile = (uint16_t)tile;
    uint16_t art = l->tiles[tile].art;
    next = editor_level_compact_tiles(l, FALSE, &removed, &remap);
    g_assert_cmpuint(removed, >=, 1); /* at least the spare */
    editor_document_push(doc, editor_cmd_replace_level_remap_new(doc, next, "Compact", &remap));
    g_assert_cmpuint(b.tile, ==, editor_remap_tile(&remap, (uint16_t)tile));
    g_assert_cmpuint(b.tile, <, l->tile_count);
    g_assert_cmpuint(l->tiles[b.tile].art, ==, art);
    editor_document_undo(doc);
    g_assert_cmpuint(b.tile, ==, tile);
    /* a replaced level without a remap: ids past the new counts are gone */
    b.chunk = (uint16_t)(l->chunk_count - 1);
    lw_level *small = lw_level_new(l->chunk_px, 4, 4, NULL);
    g_assert_nonnull(small);
    g_assert_cmpint(lw_level_add_chunk(small, NULL), ==, 0);
    g_assert_cmpint(lw_level_add_chunk(small, NULL), ==, 1);
    editor_document_push(doc, editor_cmd_replace_level_new(doc, small, "Replace"));
    g_assert_cmpuint(b.chunk, ==, 0);
    g_assert_cmpuint(b.tile, ==, LW_NONE); /* no tile left */
    b.chunk = 1;
    editor_document_undo(doc);
    g_assert_cmpuint(b.chunk, ==, 1); /* kept: the bigger level has chunk 1 too */
    g_assert_cmpuint(b.changes, >=, 10);
}

/* Composition: two renumberings in one change give one map, old -> final. */
static void test_remap_compose(void)
{
    EditorChange *change = g_new(EditorChange, 1);
    editor_change_clear(change);
    EditorRemap *r = g_new(EditorRemap, 1);
    editor_remap_init(r);
    r->chunks_moved = TRUE;
    r->chunk_count = 4;
    uint16_t first[4] = {LW_NONE, 0, 1, 1}; /* 0 removed, 2 and 3 merged */
    memcpy(r->chunks, first, sizeof first);
    editor_change_add_remap(change, r);
    editor_remap_init(r);
    editor_remap_truncate_chunks(r, 2, 1); /* then chunk 1 removed */
    editor_change_add_remap(change, r);
    g_assert_true(change->flags & EDITOR_CHANGE_RENUMBER);
    g_assert_cmpuint(editor_remap_chunk(&change->remap, 0), ==, LW_NONE);
    g_assert_cmpuint(editor_remap_chunk(&change->remap, 1), ==, 0);
    g_assert_cmpuint(editor_remap_chunk(&change->remap, 2), ==, LW_NONE);
    g_assert_cmpuint(editor_remap_chunk(&change->remap, 3), ==, LW_NONE);
    g_assert_cmpuint(editor_remap_chunk(&change->remap, 9), ==, LW_NONE);
    g_assert_cmpuint(editor_remap_tile(&change->remap, 5), ==, 5); /* tiles did not move */
    g_assert_cmpuint(editor_change_follow_chunk(change, 3, 1), ==, 0);
    g_assert_cmpuint(editor_change_follow_chunk(change, 3, 0), ==, LW_NONE);
    /* the inverse of the first map: new 0 <- old 1, new 1 <- old 2 (the first that became it) */
    editor_remap_init(r);
    r->chunks_moved = TRUE;
    r->chunk_count = 4;
    memcpy(r->chunks, first, sizeof first);
    EditorRemap *back = g_new(EditorRemap, 1);
    editor_remap_invert(r, 2, 0, back);
    g_assert_cmpuint(editor_remap_chunk(back, 0), ==, 1);
    g_assert_cmpuint(editor_remap_chunk(back, 1), ==, 2);
    g_assert_cmpuint(editor_remap_chunk(back, 2), ==, LW_NONE);
    /* merged into a change without a remap: taken over as it is */
    EditorChange *other = g_new(EditorChange, 1);
    editor_change_clear(other);
    editor_change_merge(other, change);
    g_assert_cmpuint(editor_remap_chunk(&other->remap, 1), ==, 0);
    g_free(other);
    g_free(back);
    g_free(r);
    g_free(change);
}

static void test_chunk_size_conversion(void)
{
    for (int s = 0; s < 2; s++) {
        g_autoptr(EditorDocument) doc = test_load_sample(s ? "pipe-works.json" : "loop-hill.json");
        const lw_level *l = editor_document_get_level(doc);
        guint other = l->chunk_px == 128 ? 256 : 128;
        g_autoptr(GError) error = NULL;
        lw_level *c = editor_level_with_chunk_size(l, other, &error);
        g_assert_no_error(error);
        g_assert_cmpuint(c->chunk_px, ==, other);
        assert_same_terrain(l, c);
        lw_error err;
        g_assert_true(lw_level_validate(c, &err));
        lw_level *back = editor_level_with_chunk_size(c, l->chunk_px, NULL);
        assert_same_terrain(l, back);
        lw_level_free(back);
        lw_level_free(c);
    }
}

static void test_rows_and_columns(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    lw_level *ins = editor_level_edit_rows(l, TRUE, 2, 3, NULL);
    g_assert_cmpuint(ins->layout_width, ==, l->layout_width + 3);
    g_assert_cmpuint(lw_level_layout_get(ins, LW_LAYER_FG, 1, 5), ==,
                     lw_level_layout_get(l, LW_LAYER_FG, 1, 5));
    g_assert_cmpuint(lw_level_layout_get(ins, LW_LAYER_FG, 3, 5), ==, LW_NONE);
    g_assert_cmpuint(lw_level_layout_get(ins, LW_LAYER_FG, 7, 5), ==,
                     lw_level_layout_get(l, LW_LAYER_FG, 4, 5));
    /* objects right of column 2 moved by 3 chunks, the start (x=128) did not */
    g_assert_cmpint(lw_level_find_object(ins, 1)->x, ==, 128);
    g_assert_cmpint(lw_level_find_object(ins, 2)->x, ==, 4096 + 3 * 128);
    lw_level *rem = editor_level_edit_rows(ins, TRUE, 2, -3, NULL);
    g_autofree char *a = editor_level_to_json(l, NULL);
    g_autofree char *b = editor_level_to_json(rem, NULL);
    g_assert_cmpstr(a, ==, b);
    lw_level_free(rem);
    lw_level_free(ins);
    lw_level *rows = editor_level_edit_rows(l, FALSE, 0, 1, NULL);
    g_assert_cmpint(lw_level_find_object(rows, 1)->y, ==, 812 + 128);
    lw_level_free(rows);
    g_assert_null(editor_level_edit_rows(l, FALSE, 0, -(int)l->layout_height, NULL));
}

static void test_flood_fill(void)
{
    g_autoptr(lw_level) l = lw_level_new(128, 6, 4, NULL);
    lw_level_add_chunk(l, NULL);
    lw_level_add_chunk(l, NULL);
    /* a wall of chunk 1 at column 3 splits the empty area */
    for (uint16_t y = 0; y < 4; y++)
        lw_level_layout_mut(l, LW_LAYER_FG)[y * 6 + 3] = 1;
    GArray *edits = editor_level_flood_fill(l, LW_LAYER_FG, 0, 0, 0);
    g_assert_cmpuint(edits->len, ==, 12); /* columns 0..2 of 4 rows */
    for (guint i = 0; i < edits->len; i++)
        g_assert_cmpuint(g_array_index(edits, EditorLayoutEdit, i).x, <, 3);
    g_array_unref(edits);
    edits = editor_level_flood_fill(l, LW_LAYER_FG, 3, 0, 1); /* same chunk: nothing */
    g_assert_cmpuint(edits->len, ==, 0);
    g_array_unref(edits);
}

static void test_snap_to_ground(void)
{
    g_autoptr(EditorDocument) doc = test_load_sample("loop-hill.json");
    const lw_level *l = editor_document_get_level(doc);
    lw_object start = *lw_level_find_object(l, 1);
    int32_t y = 0;
    /* the sample's start stands on the floor whose top row is 832: centre 812 */
    g_assert_true(editor_level_snap_to_ground(l, &start, LW_PATH_A, &y));
    g_assert_cmpint(y, ==, 812);
    start.y = 100;
    g_assert_true(editor_level_snap_to_ground(l, &start, LW_PATH_A, &y));
    g_assert_cmpint(y, ==, 812);
    start.y = 830; /* feet inside the ground: pushed up */
    g_assert_true(editor_level_snap_to_ground(l, &start, LW_PATH_A, &y));
    g_assert_cmpint(y, ==, 812);
    lw_object marker = {.type = LW_OBJECT_MARKER, .x = 130, .y = 0};
    g_assert_true(editor_level_snap_to_ground(l, &marker, LW_PATH_A, &y));
    g_assert_cmpint(y, ==, 831);

    /* a 45° slope: heights 1..16 rising to the right */
    g_autoptr(lw_level) s = lw_level_new(128, 1, 1, NULL);
    lw_mask m = {.angle = 0xE0};
    for (int c = 0; c < 16; c++)
        m.heights[c] = (int8_t)(c + 1);
    lw_level_add_mask(s, &m);
    lw_tile t = {.art = LW_NONE, .mask = {0, 0}};
    lw_level_add_tile(s, &t);
    lw_level_add_chunk(s, NULL);
    lw_level_chunk_cells_mut(s, 0)[7 * 8 + 0] =
        (lw_cell){0, 0, lw_cell_solid_bits(LW_SOLID_ALL, LW_SOLID_ALL)};
    lw_level_layout_mut(s, LW_LAYER_FG)[0] = 0;
    lw_object mk = {.type = LW_OBJECT_MARKER, .x = 5, .y = 10};
    g_assert_true(editor_level_snap_to_ground(s, &mk, LW_PATH_A, &y));
    /* column 5 has height 6: top solid row 112 + 16 - 6 = 122 */
    g_assert_cmpint(y, ==, 121);
    g_assert_cmpint(editor_sensor_scan_down(s, LW_PATH_A, 5, 121), ==, 0);
    g_assert_cmpint(editor_sensor_scan_down(s, LW_PATH_A, 5, 125), ==, -4);
    /* top-only solidity on path B only: path A has nothing there */
    lw_level_chunk_cells_mut(s, 0)[7 * 8 + 0].solid =
        lw_cell_solid_bits(LW_SOLID_LRB, LW_SOLID_TOP);
    g_assert_false(editor_level_snap_to_ground(s, &mk, LW_PATH_A, &y));
    g_assert_true(editor_level_snap_to_ground(s, &mk, LW_PATH_B, &y));
}

/* Copy a block from one level and paste it into another: the pasted area looks the same, and
 * one undo removes everything the paste added. */
static void test_clipboard_between_levels(void)
{
    g_autoptr(EditorDocument) src = test_load_sample("loop-hill.json");
    g_autoptr(EditorDocument) dst = editor_document_new_empty(128, 12, 8, NULL);
    const lw_level *s = editor_document_get_level(src), *d = editor_document_get_level(dst);
    g_autoptr(EditorClip) clip = editor_clip_new_from_layout(s, LW_LAYER_FG, 30, 3, 6, 5);
    g_assert_nonnull(clip);
    g_autofree char *before = test_doc_json(dst);
    g_assert_true(editor_clip_paste(clip, dst, LW_LAYER_FG, 2, 1, NULL));
    g_assert_cmpuint(editor_undo_stack_get_count(editor_document_get_undo_stack(dst)), ==, 1);
    for (int32_t y = 0; y < 5 * 128; y += 16)
        for (int32_t x = 0; x < 6 * 128; x += 16) {
            const lw_cell *a = lw_level_cell_at(s, 30 * 128 + x, 3 * 128 + y);
            const lw_cell *b = lw_level_cell_at(d, 2 * 128 + x, 1 * 128 + y);
            g_assert_cmpint(a == NULL || a->tile == LW_NONE, ==, b == NULL || b->tile == LW_NONE);
            if (!a || a->tile == LW_NONE)
                continue;
            g_assert_cmpuint(s->tiles[a->tile].art, ==, d->tiles[b->tile].art);
            g_assert_cmpuint(a->solid, ==, b->solid);
            g_assert_cmpuint(a->flags, ==, b->flags);
            for (int p = 0; p < 2; p++) {
                uint16_t ma = s->tiles[a->tile].mask[p], mb = d->tiles[b->tile].mask[p];
                g_assert_cmpint(ma == LW_NONE, ==, mb == LW_NONE);
                if (ma != LW_NONE)
                    g_assert_cmpmem(s->masks[ma].heights, 16, d->masks[mb].heights, 16);
            }
        }
    /* pasting again reuses everything: only layout slots change */
    guint chunks = d->chunk_count;
    g_assert_true(editor_clip_paste(clip, dst, LW_LAYER_FG, 6, 3, NULL));
    g_assert_cmpuint(d->chunk_count, ==, chunks);
    editor_document_undo(dst);
    editor_document_undo(dst);
    g_autofree char *after = test_doc_json(dst);
    g_assert_cmpstr(after, ==, before);
    /* within the same level it maps to the same chunk ids */
    g_assert_true(editor_clip_paste(clip, src, LW_LAYER_FG, 0, 0, NULL));
    g_assert_cmpuint(lw_level_layout_get(s, LW_LAYER_FG, 0, 0), ==,
                     lw_level_layout_get(s, LW_LAYER_FG, 30, 3));
    /* a level with other chunk sizes refuses, changing nothing */
    g_autoptr(EditorDocument) big = editor_document_new_empty(256, 4, 4, NULL);
    g_autoptr(GError) error = NULL;
    g_assert_false(editor_clip_paste(clip, big, LW_LAYER_FG, 0, 0, &error));
    g_assert_error(error, EDITOR_DOCUMENT_ERROR, LW_ERR_RANGE);
    g_assert_false(editor_document_get_modified(big));
}

/* The object editor's "key = value" text: parsed below the UI, through the engine's setters. */
static void test_object_properties_text(void)
{
    lw_object o = {.type = LW_OBJECT_MARKER};
    g_assert_true(lw_object_set_property(&o, "old", "gone"));
    g_assert_true(editor_object_set_properties_text(
        &o, "  speed = 4 \nno equals sign\n = empty key\nlabel=a = b\nspeed=5\n\n"));
    g_assert_cmpuint(o.prop_count, ==, 2);
    g_assert_cmpstr(o.props[0].key, ==, "speed"); /* first place, last value */
    g_assert_cmpstr(o.props[0].value, ==, "5");
    g_assert_cmpstr(o.props[1].key, ==, "label"); /* split at the first '=' */
    g_assert_cmpstr(o.props[1].value, ==, "a = b");
    g_autofree char *text = editor_object_properties_text(&o);
    g_assert_cmpstr(text, ==, "speed = 5\nlabel = a = b\n");
    /* a key over the limit is skipped; the text form round-trips */
    g_autofree char *long_key = g_strnfill(EDITOR_PROPERTY_KEY_MAX + 1, 'k');
    g_autofree char *with_long = g_strdup_printf("%s = x\n%s", long_key, text);
    g_assert_true(editor_object_set_properties_text(&o, with_long));
    g_autofree char *again = editor_object_properties_text(&o);
    g_assert_cmpstr(again, ==, text);
    /* over LW_MAX_PROPERTIES: FALSE, the first 64 kept */
    GString *many = g_string_new(NULL);
    for (int i = 0; i <= LW_MAX_PROPERTIES; i++)
        g_string_append_printf(many, "k%d = %d\n", i, i);
    g_assert_false(editor_object_set_properties_text(&o, many->str));
    g_assert_cmpuint(o.prop_count, ==, LW_MAX_PROPERTIES);
    g_string_free(many, TRUE);
    g_assert_true(editor_object_set_properties_text(&o, ""));
    g_assert_cmpuint(o.prop_count, ==, 0);
    lw_object_clear(&o);
}

int main(int argc, char **argv)
{
    /* A private state folder for recovery files. (Not G_TEST_OPTION_ISOLATE_DIRS: GLib 2.74
     * leaks the strings it swaps in per test, which LeakSanitizer reports.) */
    g_autofree char *state = g_dir_make_tmp("lw-test-state-XXXXXX", NULL);
    g_setenv("XDG_STATE_HOME", state, TRUE);
    g_test_init(&argc, &argv, NULL);
    for (guint i = 0; i < G_N_ELEMENTS(command_types); i++) {
        g_autofree char *name =
            g_strdup_printf("/editor/commands/round-trip/%s", command_types[i].name);
        g_test_add_data_func(name, &command_types[i], test_each_command_round_trip);
    }
    g_test_add_func("/editor/commands/random-sequences", test_random_sequences);
    g_test_add_func("/editor/undo/stroke-merges", test_stroke_merges);
    g_test_add_func("/editor/undo/move-merge-and-clean", test_move_merge_and_clean);
    g_test_add_func("/editor/undo/modified-follows-clean-index", test_modified_follows_clean_index);
    g_test_add_func("/editor/undo/groups-and-long-operations", test_groups_and_long_operations);
    g_test_add_func("/editor/document/actions", test_actions);
    g_test_add_func("/editor/document/atomic-save", test_atomic_save_through_document);
    g_test_add_func("/editor/document/load-error", test_load_error_is_precise);
    g_test_add_func("/editor/document/water-props-undo", test_water_props_undo);
    g_test_add_func("/editor/document/recovery", test_recovery);
    g_test_add_func("/editor/clipboard/between-levels", test_clipboard_between_levels);
    g_test_add_func("/editor/level-ops/compaction", test_compaction);
    g_test_add_func("/editor/level-ops/chunk-size", test_chunk_size_conversion);
    g_test_add_func("/editor/level-ops/rows-and-columns", test_rows_and_columns);
    g_test_add_func("/editor/level-ops/flood-fill", test_flood_fill);
    g_test_add_func("/editor/level-ops/snap-to-ground", test_snap_to_ground);
    g_test_add_func("/editor/object-props/text", test_object_properties_text);
    g_test_add_func("/editor/remap/follow", test_remap_follow);
    g_test_add_func("/editor/document/save-failure-reported", test_save_failure_reported);
    g_test_add_func("/editor/remap/compose", test_remap_compose);
    int status = g_test_run();
    g_autofree char *rdir = editor_recovery_dir();
    g_rmdir(rdir);
    g_autofree char *lw = g_path_get_dirname(rdir);
    g_rmdir(lw);
    g_rmdir(state);
    return status;
}
