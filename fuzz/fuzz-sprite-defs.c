/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the object-definition readers of the disassembly sprites
 * (editor/doc/disasm-sprites-defs.c, disasm-sprites-cs.c; docs/DISASM.md §11): a SonLVL object
 * list (obj*.ini), an ObjDef XML and a C# definition, read from memory (the disk is never
 * touched), then the sprite of objects of every id the list defines asked for, at five places
 * of the level (a definition may read obj.X and obj.Y; the level's water height is 0x504, and
 * its layout, chunks and collision are a fixed 3x2-chunk level's).
 *
 * Input: byte 0 picks the game (mod 3: S1, S2, S3K); the rest is split at NUL bytes into up to
 * five files: `SonLVL INI Files/obj.ini`, `SonLVL INI Files/Def.xml`, `SonLVL INI Files/Def.cs`,
 * `map.asm` (mappings, text) and `dplc.asm` (DPLCs, text; `dplcasm=../dplc.asm`). A fixed
 * `art.bin` (64 plain patterns) is the art any definition may name, and the level's tiles.
 *
 * Besides "never crashes, never hangs, never reads out of bounds" (sanitizers, the run's step
 * budget), it checks: every sprite returned has a size of 1..4096 px a side and pixels; asking
 * again returns the same (cached) sprite; at most 1,000 warnings, each "FILE: warning: ..." or
 * "FILE:LINE: warning: ...".
 */
#include "disasm-sprites-private.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_sprite(const EditorDisasmSprite *s)
{
    if (s && (s->width < 1 || s->height < 1 || s->width > 4096 || s->height > 4096 || !s->argb))
        abort();
}

static void check_warnings(const EditorDisasmSprites *s)
{
    guint n = editor_disasm_sprites_warning_count(s);
    if (n > 1000)
        abort();
    for (guint i = 0; i < n; i++)
        if (!strstr(editor_disasm_sprites_warning(s, i), ": warning: "))
            abort();
}

/* Ask for the sprite of object @id with a few subtypes and flips. */
static void ask(EditorDisasmSprites *s, unsigned id)
{
    static const unsigned subtypes[] = {0x00, 0x01, 0x12, 0x40, 0xFF};
    for (size_t k = 0; k < G_N_ELEMENTS(subtypes); k++) {
        lw_object o;
        memset(&o, 0, sizeof o);
        o.type = LW_OBJECT_MARKER;
        o.x = (int32_t)(k * 1500) - 1000; /* places for a GetSprite that reads obj.X / obj.Y */
        o.y = (int32_t)(k * 700);
        char buf[16];
        g_snprintf(buf, sizeof buf, "0x%02X", id);
        lw_object_set_property(&o, "disasm", id < 256 ? "object" : "ring");
        lw_object_set_property(&o, "id", buf);
        g_snprintf(buf, sizeof buf, "0x%02X", subtypes[k]);
        lw_object_set_property(&o, "subtype", buf);
        lw_object_set_property(&o, "x_flip", k & 1 ? "true" : "false");
        lw_object_set_property(&o, "y_flip", k & 2 ? "true" : "false");
        const EditorDisasmSprite *a = editor_disasm_sprites_get(s, &o);
        check_sprite(a);
        if (editor_disasm_sprites_get(s, &o) != a)
            abort();
        lw_object_clear(&o);
    }
}

/* The level the definitions' code may read (LevelData): 3x2 chunks of 128 px, chunk 0 at the
 * top left and chunk 1 below it, the rest empty slots; three masks (a slope, a ceiling slope
 * from the top, full), cells of every flip and solidity. Made once, kept. */
static const lw_level *fixed_level(void)
{
    static lw_level *level;
    if (level)
        return level;
    lw_error err;
    level = lw_level_new(128, 3, 2, &err);
    if (!level)
        abort();
    for (int k = 0; k < 3; k++) {
        lw_mask m = {0};
        for (int x = 0; x < 16; x++)
            m.heights[x] = (int8_t)(k == 0 ? x + 1 : k == 1 ? -(x + 1) : 16);
        lw_level_add_mask(level, &m);
        lw_tile t = {LW_NONE, {(uint16_t)k, (uint16_t)(2 - k)}, 0};
        lw_level_add_tile(level, &t);
    }
    lw_cell cells[2][64];
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 64; i++)
            cells[c][i] = (lw_cell){(i + c) % 4 == 3 ? (uint16_t)LW_NONE : (uint16_t)((i + c) % 4),
                                    (uint8_t)(i % 4), (uint8_t)((i * 7 + c) % 16)};
    lw_level_add_chunk(level, cells[0]);
    lw_level_add_chunk(level, cells[1]);
    lw_level_layout_mut(level, LW_LAYER_FG)[0] = 0;
    lw_level_layout_mut(level, LW_LAYER_FG)[3] = 1;
    return level;
}

static void add_file(GHashTable *files, const char *path, const void *data, size_t n)
{
    g_hash_table_replace(files, g_strdup(path), g_bytes_new(data, n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > (1u << 20))
        return 0;
    static const lwm_game games[] = {LWM_GAME_S1, LWM_GAME_S2, LWM_GAME_S3K};
    static const char *const names[] = {"SonLVL INI Files/obj.ini", "SonLVL INI Files/Def.xml",
                                        "SonLVL INI Files/Def.cs", "map.asm", "dplc.asm"};
    GHashTable *files =
        g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_bytes_unref);
    uint8_t art[64 * 32];
    for (size_t i = 0; i < sizeof art; i++)
        art[i] = (uint8_t)(i * 7 + i / 32);
    add_file(files, "art.bin", art, sizeof art);
    const uint8_t *p = data + 1, *end = data + size;
    for (int k = 0; k < 5 && p <= end; k++) {
        const uint8_t *nul = k < 4 ? memchr(p, 0, (size_t)(end - p)) : NULL;
        const uint8_t *stop = nul ? nul : end;
        add_file(files, names[k], p, (size_t)(stop - p));
        if (!nul)
            break;
        p = nul + 1;
    }
    EditorDisasmSprites *s = dspr_new_memory(games[data[0] % 3], files, "../art.bin");
    g_hash_table_unref(files);
    s->level_name = g_strdup("Chemical Plant Zone Act 1"); /* LevelData.Level.DisplayName */
    s->water_height = 0x504;                               /* LevelData.Level.WaterHeight */
    editor_disasm_sprites_set_level(s, fixed_level());     /* LevelData's layout, collision */
    dspr_defs_read_list(s, "obj.ini");
    for (unsigned id = 0; id < 256; id++)
        if (s->defs[id])
            ask(s, id);
    if (s->ring)
        ask(s, 256);
    check_warnings(s);
    editor_disasm_sprites_free(s);
    return 0;
}
