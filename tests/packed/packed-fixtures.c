/* SPDX-License-Identifier: MIT */
#include "packed-fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void must(bool ok)
{
    if (!ok) {
        fprintf(stderr, "fixture construction failed\n");
        abort();
    }
}

lw_level *fixture_level_rich(void)
{
    lw_error err;
    lw_level *level = lw_level_new(128, 5, 3, &err);
    must(level != NULL);
    must(lw_level_set_string(&level->name, "Fixture Zone \xE2\x80\x94 act 1"));
    must(lw_level_set_string(&level->tileset, "art/fixture.png"));
    level->background_rgb = 0x2040A0;
    strcpy(level->profile, "s1");
    strcpy(level->character, "knuckles");

    lw_mask flat = {.heights = {8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8},
                    .flags = LW_MASK_FLAGGED};
    lw_mask slope = {.heights = {0, 0, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 8, 9, 9, 9},
                     .angle = 0xE8,
                     .flags = LW_MASK_LOCKED};
    lw_mask ceil = {
        .heights = {-16, -15, -14, -13, -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, 16},
        .angle = 0x90};
    lw_mask full = {.heights = {16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16},
                    .angle = 0x40,
                    .flags = LW_MASK_FLAGGED};
    must(lw_level_add_mask(level, &flat) == 0);
    must(lw_level_add_mask(level, &slope) == 1);
    must(lw_level_add_mask(level, &ceil) == 2);
    must(lw_level_add_mask(level, &full) == 3);

    lw_tile tiles[] = {
        {.art = 0, .mask = {3, 3}},
        {.art = 1, .mask = {0, LW_NONE}, .flags = LW_TILE_JUMP_THROUGH},
        {.art = 2, .mask = {1, 2}},
        {.art = LW_NONE, .mask = {2, 1}},
        {.art = 1022, .mask = {LW_NONE, LW_NONE}},
    };
    for (size_t i = 0; i < sizeof tiles / sizeof tiles[0]; i++)
        must(lw_level_add_tile(level, &tiles[i]) == (int32_t)i);

    for (int c = 0; c < 4; c++) {
        must(lw_level_add_chunk(level, NULL) == c);
        lw_cell *cells = lw_level_chunk_cells_mut(level, (uint32_t)c);
        for (int i = 0; i < 64; i++) {
            if ((i + c) % 3 == 0)
                continue; /* some empty cells */
            cells[i].tile = (uint16_t)((i * 7 + c) % 5);
            cells[i].flags = (uint8_t)((i >> 1) & 3);
            cells[i].solid = (uint8_t)((i * 5 + c) & 15);
        }
    }
    /* an "empty" cell that still carries flip/solidity bits: the format keeps them */
    lw_level_chunk_cells_mut(level, 3)[0] = (lw_cell){.tile = LW_NONE, .flags = 3, .solid = 9};

    must(lw_level_ensure_background(level));
    for (uint32_t y = 0; y < 3; y++)
        for (uint32_t x = 0; x < 5; x++) {
            lw_level_layout_mut(level, LW_LAYER_FG)[y * 5 + x] =
                (x + y) % 4 == 3 ? (uint16_t)LW_NONE : (uint16_t)((x + 2 * y) % 4);
            lw_level_layout_mut(level, LW_LAYER_BG)[y * 5 + x] = (uint16_t)((x * y) % 4);
        }

    lw_object start = {.type = LW_OBJECT_PLAYER_START, .x = 96, .y = 200, .facing_left = true};
    must(lw_level_add_object(level, &start) != NULL);
    lw_object sw = {.id = 40, .type = LW_OBJECT_PATH_SWAPPER, .x = 300, .y = 120};
    sw.swapper = (lw_path_swapper){.horizontal = true,
                                   .grounded_only = true,
                                   .radius = 64,
                                   .path = {1, 0},
                                   .priority = {0, 1}};
    must(lw_level_add_object(level, &sw) != NULL);
    lw_object sw2 = {.type = LW_OBJECT_PATH_SWAPPER, .x = -5, .y = 32000};
    sw2.swapper = (lw_path_swapper){.priority_only = true, .radius = 256, .path = {0, 1}};
    must(lw_level_add_object(level, &sw2) != NULL);
    lw_object ring = {.type = LW_OBJECT_MARKER, .x = 10, .y = 20};
    lw_object *r = lw_level_add_object(level, &ring);
    must(r != NULL);
    must(lw_level_set_string(&r->name, "ring"));
    must(lw_object_set_property(r, "count", "3"));
    must(lw_object_set_property(r, "spacing", "24"));
    lw_object bare = {.id = 7, .type = LW_OBJECT_MARKER, .x = 11, .y = 21};
    r = lw_level_add_object(level, &bare);
    must(r != NULL);
    must(lw_level_set_string(&r->name, "checkpoint"));
    lw_object spring = {.type = LW_OBJECT_MARKER, .x = 500, .y = 300};
    r = lw_level_add_object(level, &spring);
    must(r != NULL);
    must(lw_level_set_string(&r->name, "spring"));
    must(lw_object_set_property(r, "power", ""));
    must(lw_object_set_property(r, "dir", "up"));

    must(lw_level_set_override(level, "acc", 24));
    must(lw_level_set_override(level, "gravity", -56));

    lw_replay rep = {.name = "run right",
                     .script = "120 R\n1 RJ\n40 RJ\n",
                     .has_start = true,
                     .start_x = 64,
                     .start_y = 100,
                     .frames = 161,
                     .has_expect = true,
                     .expect_hash = 0x0123456789ABCDEFull,
                     .expect_x = 900,
                     .expect_y = -3,
                     .expect_path = 1,
                     .expect_air = true};
    strcpy(rep.profile, "s2");
    must(lw_level_add_replay(level, &rep));
    lw_replay rep2 = {.name = "idle", .script = "", .frames = 0};
    strcpy(rep2.character, "tails");
    must(lw_level_add_replay(level, &rep2));
    must(lw_level_validate(level, &err));
    return level;
}

lw_level *fixture_level_max(void)
{
    lw_error err;
    lw_level *level = lw_level_new(128, 128, 16, &err);
    must(level != NULL);
    must(lw_level_set_string(&level->name, "maximum"));
    for (int m = 0; m < 1023; m++) {
        lw_mask mk = {.angle = (uint8_t)(m * 2)};
        for (int c = 0; c < 16; c++)
            mk.heights[c] = (int8_t)(((m + c * 3) % 33) - 16);
        must(lw_level_add_mask(level, &mk) == m);
    }
    for (int t = 0; t < LW_MAX_TILES; t++) {
        lw_tile tl = {.art = (uint16_t)t,
                      .mask = {(uint16_t)(t % 256), (uint16_t)((t * 7) % 256)},
                      .flags = (uint8_t)(t % 11 == 0)};
        must(lw_level_add_tile(level, &tl) == t);
    }
    uint32_t seed = 1;
    for (int c = 0; c < LW_MAX_CHUNKS; c++) {
        must(lw_level_add_chunk(level, NULL) == c);
        lw_cell *cells = lw_level_chunk_cells_mut(level, (uint32_t)c);
        for (int i = 0; i < 64; i++) {
            seed = seed * 1103515245u + 12345u;
            /* chunk c cell 0 is tile c % 1023 with distinct flags: every chunk distinct */
            cells[i].tile =
                (uint16_t)(i == 0 ? (uint32_t)c % LW_MAX_TILES : (seed >> 8) % LW_MAX_TILES);
            cells[i].flags = (uint8_t)(i == 0 ? (uint32_t)c / LW_MAX_TILES : (seed >> 20) & 3u);
            cells[i].solid = (uint8_t)((seed >> 24) & 15);
        }
    }
    for (uint32_t i = 0; i < 128u * 16u; i++)
        lw_level_layout_mut(level, LW_LAYER_FG)[i] = (uint16_t)(i % LW_MAX_CHUNKS);
    lw_object start = {.type = LW_OBJECT_PLAYER_START, .x = 64, .y = 64};
    must(lw_level_add_object(level, &start) != NULL);
    must(lw_level_validate(level, &err));
    return level;
}

#define DIFF(...)                                                                                  \
    do {                                                                                           \
        if (why)                                                                                   \
            snprintf(why, why_size, __VA_ARGS__);                                                  \
        return false;                                                                              \
    } while (0)

static bool str_eq(const char *a, const char *b)
{
    if (!a || !b)
        return a == b;
    return strcmp(a, b) == 0;
}

bool fixture_levels_equal(const lw_level *a, const lw_level *b, char *why, size_t why_size)
{
    if (!str_eq(a->name, b->name) || !str_eq(a->tileset, b->tileset))
        DIFF("name or tileset differ");
    if (a->chunk_px != b->chunk_px || a->chunk_shift != b->chunk_shift ||
        a->chunk_cells != b->chunk_cells || a->layout_width != b->layout_width ||
        a->layout_height != b->layout_height)
        DIFF("geometry differs");
    if (a->background_rgb != b->background_rgb || strcmp(a->profile, b->profile) ||
        strcmp(a->character, b->character) || a->next_object_id != b->next_object_id)
        DIFF("settings differ");
    if (a->has_water != b->has_water || a->water_height != b->water_height)
        DIFF("water differs");
    if (a->mask_count != b->mask_count)
        DIFF("mask count %u vs %u", a->mask_count, b->mask_count);
    for (uint32_t i = 0; i < a->mask_count; i++)
        if (memcmp(&a->masks[i], &b->masks[i], sizeof(lw_mask)))
            DIFF("mask %u differs", i);
    if (a->tile_count != b->tile_count)
        DIFF("tile count differs");
    for (uint32_t i = 0; i < a->tile_count; i++)
        if (a->tiles[i].art != b->tiles[i].art || a->tiles[i].mask[0] != b->tiles[i].mask[0] ||
            a->tiles[i].mask[1] != b->tiles[i].mask[1] || a->tiles[i].flags != b->tiles[i].flags)
            DIFF("tile %u differs", i);
    if (a->chunk_count != b->chunk_count)
        DIFF("chunk count differs");
    size_t cells = (size_t)a->chunk_count * lw_level_cells_per_chunk(a);
    for (size_t i = 0; i < cells; i++)
        if (a->cells[i].tile != b->cells[i].tile || a->cells[i].flags != b->cells[i].flags ||
            a->cells[i].solid != b->cells[i].solid)
            DIFF("cell %zu differs", i);
    size_t slots = (size_t)a->layout_width * a->layout_height;
    for (int l = 0; l < 2; l++) {
        if (!a->layout[l] != !b->layout[l])
            DIFF("layer %d presence differs", l);
        if (a->layout[l] && memcmp(a->layout[l], b->layout[l], slots * 2))
            DIFF("layer %d differs", l);
    }
    if (a->object_count != b->object_count)
        DIFF("object count differs");
    for (uint32_t i = 0; i < a->object_count; i++) {
        const lw_object *x = &a->objects[i], *y = &b->objects[i];
        if (x->id != y->id || x->type != y->type || x->x != y->x || x->y != y->y ||
            x->facing_left != y->facing_left || !str_eq(x->name, y->name) ||
            x->prop_count != y->prop_count)
            DIFF("object %u differs", i);
        if (x->type == LW_OBJECT_PATH_SWAPPER &&
            (x->swapper.horizontal != y->swapper.horizontal ||
             x->swapper.grounded_only != y->swapper.grounded_only ||
             x->swapper.priority_only != y->swapper.priority_only ||
             x->swapper.radius != y->swapper.radius ||
             memcmp(x->swapper.path, y->swapper.path, 2) ||
             memcmp(x->swapper.priority, y->swapper.priority, 2)))
            DIFF("object %u swapper differs", i);
        for (uint32_t k = 0; k < x->prop_count; k++)
            if (!str_eq(x->props[k].key, y->props[k].key) ||
                !str_eq(x->props[k].value, y->props[k].value))
                DIFF("object %u property %u differs", i, k);
    }
    if (a->override_count != b->override_count)
        DIFF("override count differs");
    for (uint32_t i = 0; i < a->override_count; i++)
        if (strcmp(a->overrides[i].name, b->overrides[i].name) ||
            a->overrides[i].value != b->overrides[i].value)
            DIFF("override %u differs", i);
    if (a->replay_count != b->replay_count)
        DIFF("replay count %u vs %u", a->replay_count, b->replay_count);
    for (uint32_t i = 0; i < a->replay_count; i++) {
        const lw_replay *x = &a->replays[i], *y = &b->replays[i];
        if (!str_eq(x->name, y->name) || !str_eq(x->script, y->script) ||
            x->has_start != y->has_start || x->start_x != y->start_x || x->start_y != y->start_y ||
            strcmp(x->profile, y->profile) || strcmp(x->character, y->character) ||
            x->frames != y->frames || x->has_expect != y->has_expect ||
            x->expect_hash != y->expect_hash || x->expect_x != y->expect_x ||
            x->expect_y != y->expect_y || x->expect_path != y->expect_path ||
            x->expect_air != y->expect_air)
            DIFF("replay %u differs", i);
    }
    return true;
}
