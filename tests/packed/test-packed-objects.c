/* SPDX-License-Identifier: MIT */
/*
 * The packed format's typed game objects (docs/FORMAT.md §4.8 GOBJ): a packed sample's records
 * give the simulation the same object table as the JSON's markers and the same state every
 * frame; the game plays the records, not the marker strings; a 1.0 file without the section
 * still plays from its markers; every field of a record is checked, with its byte offset.
 */
#include "level-json.h"
#include "objects-private.h"

#include <glib.h>
#include <loopwright/crc32.h>
#include <loopwright/limits.h>
#include <loopwright/packed.h>
#include <loopwright/profile.h>
#include <loopwright/script.h>
#include <stdlib.h>
#include <string.h>

/* ---- files and levels ---- */

static char *source_path(const char *rel)
{
    const char *root = g_getenv("LW_SOURCE_ROOT");
    g_assert_nonnull(root);
    return g_build_filename(root, rel, NULL);
}

static lw_level *load_json(const char *rel)
{
    char *path = source_path(rel);
    lw_level *level = NULL;
    lw_error err;
    if (!editor_level_load_file(path, 0, &level, &err))
        g_error("%s: %s", path, err.message);
    g_free(path);
    return level;
}

static uint8_t *pack(const lw_level *level, size_t *size)
{
    uint8_t *bin = NULL;
    lw_error err;
    if (!lw_packed_write(level, NULL, &bin, size, &err))
        g_error("pack: %s", err.message);
    return bin;
}

static lw_packed_level *load_ok(const uint8_t *bin, size_t size)
{
    lw_packed_level *packed = NULL;
    lw_error err;
    if (!lw_packed_load(bin, size, &packed, &err))
        g_error("load: byte %ld: %s", err.offset, err.message);
    return packed;
}

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static size_t entry_of(const uint8_t *f, const char *tag)
{
    for (uint32_t k = 0; k < rd32(f + 20); k++)
        if (memcmp(f + 64 + 32 * k, tag, 4) == 0)
            return 64 + 32 * k;
    return 0;
}

static void fix_crcs(uint8_t *f, size_t size)
{
    for (uint32_t k = 0; k < rd32(f + 20); k++) {
        uint8_t *e = f + 64 + 32 * k;
        wr32(e + 20, lw_crc32(0, f + rd32(e + 8), rd32(e + 12)));
    }
    wr32(f + 28, 0);
    wr32(f + 28, lw_crc32(0, f, size));
}

/* The file without section @tag, laid out canonically again (a 1.0 writer's file when @tag is
 * GOBJ and the minor version is set back to 0). */
static uint8_t *without_section(const uint8_t *f, size_t size, const char *tag, size_t *out_size)
{
    uint32_t count = rd32(f + 20);
    size_t gone = entry_of(f, tag);
    g_assert_cmpuint(gone, !=, 0);
    uint8_t *g = g_malloc0(size);
    memcpy(g, f, 64);
    wr32(g + 20, count - 1);
    size_t end = 64 + 32 * (size_t)(count - 1), n = 0;
    for (uint32_t k = 0; k < count; k++) {
        const uint8_t *e = f + 64 + 32 * k;
        if (64 + 32 * (size_t)k == gone)
            continue;
        uint8_t *d = g + 64 + 32 * n++;
        memcpy(d, e, 32);
        end = (end + 15) / 16 * 16;
        wr32(d + 8, (uint32_t)end);
        memcpy(g + end, f + rd32(e + 8), rd32(e + 12));
        end += rd32(e + 12);
    }
    end = (end + 15) / 16 * 16;
    wr32(g + 16, (uint32_t)end);
    g[10] = 0; /* version 1.0 */
    g[11] = 0;
    fix_crcs(g, end);
    *out_size = end;
    return g;
}

/* ---- simulations ---- */

static const lw_object *player_start(const lw_level *level)
{
    for (uint32_t i = 0; i < level->object_count; i++)
        if (level->objects[i].type == LW_OBJECT_PLAYER_START)
            return &level->objects[i];
    g_assert_not_reached();
}

static void profile_of(const lw_level *level, lw_profile *p)
{
    lw_error err;
    g_assert_true(lw_profile_init(p, level->profile, level->character, &err));
    g_assert_true(lw_profile_apply_overrides(p, level, &err));
}

static void init_json(lw_sim *sim, const lw_level *level)
{
    lw_profile p;
    profile_of(level, &p);
    const lw_object *s = player_start(level);
    lw_error err;
    if (!lw_sim_init(sim, level, &p, s->x, s->y, &err))
        g_error("sim init: %s", err.message);
}

static void init_packed(lw_sim *sim, const lw_packed_level *packed)
{
    const lw_level *level = lw_packed_level_get(packed);
    lw_profile p;
    profile_of(level, &p);
    const lw_object *s = player_start(level);
    lw_error err;
    if (!lw_sim_init_packed(sim, packed, &p, s->x, s->y, &err))
        g_error("sim init packed: %s", err.message);
}

/* The two simulations hold the same object table (byte for byte) and stay in the same state
 * for every frame of @script. Returns the number of frames run. */
static uint32_t same_run(lw_sim *a, lw_sim *b, const lw_script *script)
{
    g_assert_cmpuint(a->object_count, ==, b->object_count);
    g_assert_cmpuint(a->enemy_count, ==, b->enemy_count);
    if (a->object_count) {
        g_assert_cmpmem(a->objects, a->object_count * sizeof *a->objects, b->objects,
                        b->object_count * sizeof *b->objects);
        g_assert_cmpmem(a->initial, a->object_count * sizeof *a->initial, b->initial,
                        b->object_count * sizeof *b->initial);
    }
    lw_script_cursor ca = {0}, cb = {0};
    uint32_t f = 0;
    for (; f < script->frame_count; f++) {
        lw_sim_step(a, lw_script_next(script, &ca));
        lw_sim_step(b, lw_script_next(script, &cb));
        if (lw_sim_hash(a) != lw_sim_hash(b))
            g_error("frame %u: the packed level's state differs", f);
    }
    return f;
}

static void parse_script(const char *rel, lw_script *script)
{
    char *path = source_path(rel), *text = NULL;
    gsize len = 0;
    g_assert_true(g_file_get_contents(path, &text, &len, NULL));
    lw_error err;
    g_assert_true(lw_script_parse(text, len, script, &err));
    g_free(text);
    g_free(path);
}

/* ---- tests ---- */

/* Every sample: the GOBJ records give lw_sim_init's table, and the same state each frame. */
static void test_samples_same_play(void)
{
    static const char *const samples[] = {"sample-levels/object-park.json",
                                          "sample-levels/loop-hill.json",
                                          "sample-levels/pipe-works.json"};
    lw_script script = {0};
    parse_script("tests/data/replays/object-park.txt", &script);
    for (size_t i = 0; i < G_N_ELEMENTS(samples); i++) {
        lw_level *level = load_json(samples[i]);
        size_t size = 0;
        uint8_t *bin = pack(level, &size);
        lw_packed_level *packed = load_ok(bin, size);
        g_assert_true(lw_packed_level_has_game_objects(packed));
        uint32_t n = 0;
        lw_packed_level_game_objects(packed, &n);
        lw_sim a = {0}, b = {0};
        init_json(&a, level);
        init_packed(&b, packed);
        if (i == 0) {
            /* object-park: 32 game-object markers, 51 objects once its five ring rows (5 + 4 + 4 +
             * 8 + 3) are expanded */
            g_assert_cmpuint(n, ==, 32);
            g_assert_cmpuint(a.object_count, ==, 51);
        }
        uint32_t frames = same_run(&a, &b, &script);
        g_assert_cmpuint(frames, >, 1000);
        if (i == 0)
            g_assert_cmpuint(a.state.game.score + a.state.game.rings, >, 0); /* objects played */
        lw_sim_clear(&a);
        lw_sim_clear(&b);
        lw_packed_level_free(packed);
        free(bin);
        lw_level_free(level);
    }
    lw_script_clear(&script);
}

/* Offset of object-park's GOBJ record for marker id @id. */
static size_t record_of(const uint8_t *f, uint32_t id)
{
    size_t s = rd32(f + entry_of(f, "GOBJ") + 8);
    for (uint32_t k = 0; k < rd32(f + s + 4); k++)
        if (rd32(f + s + 8 + 32 * k) == id)
            return s + 8 + 32 * k;
    g_assert_not_reached();
}

/* The game plays the records: a spring speed changed in GOBJ only (CRC-fixed) is what
 * lw_sim_init_packed uses, while the markers still say 10 px/frame. */
static void test_records_not_strings(void)
{
    lw_level *level = load_json("sample-levels/object-park.json");
    size_t size = 0;
    uint8_t *bin = pack(level, &size);
    size_t r = record_of(bin, 2); /* the first spring, "strength": "10" */
    g_assert_cmpuint(bin[r + 4], ==, LW_OBJ_SPRING);
    g_assert_cmpuint(bin[r + 16] | bin[r + 17] << 8, ==, 0xA00);
    bin[r + 17] = 0x0C; /* 12 px/frame */
    fix_crcs(bin, size);
    lw_packed_level *packed = load_ok(bin, size);
    lw_sim a = {0}, b = {0};
    init_json(&a, lw_packed_level_get(packed)); /* the markers */
    init_packed(&b, packed);                    /* the records */
    bool seen = false;
    for (uint32_t i = 0; i < a.object_count; i++) {
        if (a.objects[i].id != 2)
            continue;
        g_assert_cmpint(a.objects[i].speed, ==, 0xA00);
        g_assert_cmpint(b.objects[i].speed, ==, 0xC00);
        seen = true;
    }
    g_assert_true(seen);
    lw_sim_clear(&a);
    lw_sim_clear(&b);
    lw_packed_level_free(packed);
    free(bin);
    lw_level_free(level);
}

/* A 1.0 file (no GOBJ) loads and plays from its markers exactly as the JSON does. */
static void test_old_file_plays(void)
{
    lw_level *level = load_json("sample-levels/object-park.json");
    size_t size = 0, old_size = 0;
    uint8_t *bin = pack(level, &size);
    uint8_t *old = without_section(bin, size, "GOBJ", &old_size);
    g_assert_cmpuint(old_size, <, size);
    lw_packed_level *packed = load_ok(old, old_size);
    g_assert_false(lw_packed_level_has_game_objects(packed));
    uint32_t n = 7;
    g_assert_null(lw_packed_level_game_objects(packed, &n));
    g_assert_cmpuint(n, ==, 0);
    lw_script script = {0};
    parse_script("tests/data/replays/object-park.txt", &script);
    lw_sim a = {0}, b = {0};
    init_json(&a, level);
    init_packed(&b, packed);
    g_assert_cmpuint(b.object_count, ==, 51);
    same_run(&a, &b, &script);
    /* and the 1.0 file re-packs to today's file */
    uint8_t *again = NULL;
    size_t again_size = 0;
    lw_error err;
    g_assert_true(lw_packed_write(lw_packed_level_get(packed), NULL, &again, &again_size, &err));
    g_assert_cmpmem(again, again_size, bin, size);
    free(again);
    lw_script_clear(&script);
    lw_sim_clear(&a);
    lw_sim_clear(&b);
    lw_packed_level_free(packed);
    g_free(old);
    free(bin);
    lw_level_free(level);
}

/* ---- corrupt records: each refused with its code and offset ---- */

typedef struct corrupt_case {
    const char *what;
    uint32_t id;      /* the record (object-park marker id); 0 = the section header */
    size_t at;        /* byte within the record (or the section) */
    int width;        /* 1, 2 or 4 bytes written little-endian */
    uint32_t value;   /* written there */
    lw_status code;   /* expected */
    long where;       /* expected offset relative to the record (or section); -1 = the entry's
                         raw-size field */
    const char *text; /* in the message */
} corrupt_case;

static const corrupt_case corrupt_cases[] = {
    {"section version 2", 0, 0, 2, 2, LW_ERR_VERSION, 0, "version 2 is not supported"},
    {"section version 0", 0, 0, 2, 0, LW_ERR_VERSION, 0, "version 0"},
    {"record size 28", 0, 2, 2, 28, LW_ERR_FORMAT, 2, "records are 28 bytes"},
    {"more records than objects", 0, 4, 4, 500, LW_ERR_RANGE, 4, "the level has 33 objects"},
    {"count over the object limit", 0, 4, 4, 0xFFFFFFFFu, LW_ERR_LIMIT, 4, "game objects"},
    {"count under the section", 0, 4, 4, 21, LW_ERR_FORMAT, -1, "expected 680"},
    {"id 0", 2, 0, 4, 0, LW_ERR_RANGE, 0, "id 0 is reserved"},
    {"id of no object", 2, 0, 4, 999, LW_ERR_RANGE, 0, "id 999 is not an object"},
    {"id out of level order", 3, 0, 4, 2, LW_ERR_RANGE, 0, "id 2 is not an object after"},
    {"id of the player start", 2, 0, 4, 1, LW_ERR_FORMAT, 0, "object 1 is not a marker"},
    {"type 9", 2, 4, 1, 9, LW_ERR_FORMAT, 4, "type 9 is not one of 0..8"},
    {"x differs from the marker", 2, 8, 4, 41, LW_ERR_FORMAT, 8, "x 41 differs"},
    {"y differs from the marker", 2, 12, 4, 819, LW_ERR_FORMAT, 12, "y 819 differs"},
    {"x outside the object limits", 2, 8, 4, 0x7FFFFFF0u, LW_ERR_RANGE, 8, "is outside"},
    {"y outside the object limits", 2, 12, 4, 0x80000000u, LW_ERR_RANGE, 8, "is outside"},
    {"spring direction 8", 2, 5, 1, 8, LW_ERR_RANGE, 5, "direction 8 is outside 0..7"},
    {"spring speed 0", 2, 16, 2, 0, LW_ERR_RANGE, 16, "speed 0 is outside 256..4096"},
    {"spring speed 17 px", 2, 16, 2, 0x1100, LW_ERR_RANGE, 16, "speed 4352"},
    {"spring speed not whole px", 2, 16, 2, 0xA80, LW_ERR_RANGE, 16, "multiple of 256"},
    {"yellow spring marked red", 2, 6, 1, 1, LW_ERR_RANGE, 6, "variant 1"},
    {"spring with a count", 2, 7, 1, 3, LW_ERR_RANGE, 7, "count 3 must be 0"},
    {"ring count 0", 3, 7, 1, 0, LW_ERR_RANGE, 7, "count 0 is outside 1..64"},
    {"ring count 65", 3, 7, 1, 65, LW_ERR_RANGE, 7, "count 65"},
    {"ring x step 257", 3, 20, 2, 257, LW_ERR_RANGE, 20, "distance 257"},
    {"ring y step -257", 3, 22, 2, 0xFEFF, LW_ERR_RANGE, 22, "y step -257"},
    {"ring with a half-width", 3, 18, 2, 8, LW_ERR_RANGE, 18, "half-width 8 must be 0"},
    {"monitor contents 5", 6, 6, 1, 5, LW_ERR_RANGE, 6, "variant 5 is outside 0..4"},
    {"monitor with a direction", 6, 5, 1, 1, LW_ERR_RANGE, 5, "direction 1 must be 0"},
    {"spikes direction 4", 8, 5, 1, 4, LW_ERR_RANGE, 5, "direction 4 is outside 0..3"},
    {"spikes half-width 7", 8, 18, 2, 7, LW_ERR_RANGE, 18, "half-width 7 is outside 8..64"},
    {"spikes half-width 65", 8, 18, 2, 65, LW_ERR_RANGE, 18, "half-width 65"},
    {"bridge of 17 logs", 9, 7, 1, 17, LW_ERR_RANGE, 7, "count 17 is outside 1..16"},
    {"bridge with a period", 9, 24, 2, 2, LW_ERR_RANGE, 24, "period 2 must be 0"},
    {"platform motion 5", 11, 6, 1, 5, LW_ERR_RANGE, 6, "variant 5"},
    {"platform half-width 257", 11, 18, 2, 257, LW_ERR_RANGE, 18, "half-width 257"},
    {"platform distance 1025", 11, 20, 2, 1025, LW_ERR_RANGE, 20, "distance 1025"},
    {"platform distance -1025", 11, 20, 2, 0xFBFF, LW_ERR_RANGE, 20, "distance -1025"},
    {"platform period 1", 11, 24, 2, 1, LW_ERR_RANGE, 24, "period 1 is outside 2..65535"},
    {"enemy facing up", 18, 5, 1, 0, LW_ERR_RANGE, 5, "direction 0 is outside 2..3"},
    {"checkpoint with a speed", 19, 16, 2, 256, LW_ERR_RANGE, 16, "speed 256 must be 0"},
    {"goal with a y step", 23, 22, 2, 1, LW_ERR_RANGE, 22, "y step 1 must be 0"},
    {"reserved byte 26", 2, 26, 1, 1, LW_ERR_FORMAT, 26, "reserved game object field"},
    {"reserved byte 31", 23, 31, 1, 0x80, LW_ERR_FORMAT, 31, "reserved game object field"},
};

static void test_corrupt_records(void)
{
    lw_level *level = load_json("sample-levels/object-park.json");
    size_t size = 0;
    uint8_t *bin = pack(level, &size);
    uint8_t *f = g_malloc(size);
    size_t e = entry_of(bin, "GOBJ"), s = rd32(bin + e + 8);
    for (size_t i = 0; i < G_N_ELEMENTS(corrupt_cases); i++) {
        const corrupt_case *c = &corrupt_cases[i];
        memcpy(f, bin, size);
        size_t base = c->id ? record_of(bin, c->id) : s;
        for (int b = 0; b < c->width; b++)
            f[base + c->at + (size_t)b] = (uint8_t)(c->value >> (8 * b));
        fix_crcs(f, size);
        lw_packed_level *packed = NULL;
        lw_error err;
        if (lw_packed_load(f, size, &packed, &err))
            g_error("%s: accepted", c->what);
        long want = c->where < 0 ? (long)(e + 16) : (long)(base + (size_t)c->where);
        if (err.code != c->code || err.offset != want || !strstr(err.message, c->text))
            g_error("%s: code %d at %ld \"%s\"; expected code %d at %ld with \"%s\"", c->what,
                    err.code, err.offset, err.message, c->code, want, c->text);
        g_assert_null(packed);
    }
    g_free(f);
    free(bin);
    lw_level_free(level);
}

/* A marker whose properties the simulation refuses is not packed (its record would not exist):
 * the writer names the object and property, as lw_sim_init does for the JSON. */
static void test_writer_refuses_bad_object(void)
{
    lw_level *level = load_json("sample-levels/object-park.json");
    lw_object *spring = lw_level_find_object_mut(level, 2);
    g_assert_nonnull(spring);
    g_assert_true(lw_object_set_property(spring, "strength", "purple"));
    uint8_t *bin = NULL;
    size_t size = 0;
    lw_error err;
    g_assert_false(lw_packed_write(level, NULL, &bin, &size, &err));
    g_assert_cmpint(err.code, ==, LW_ERR_RANGE);
    g_assert_nonnull(strstr(err.message, "object 2 (spring): strength \"purple\""));
    g_assert_null(bin);
    lw_level_free(level);
}

/* Typed records through the sim's own checks: a record the reader would refuse fails
 * lw_sim_init_packed's source too (the rules are one table), and every allowed value of every
 * field passes; the derived culling fields of a record are ignored. */
static void test_record_rules(void)
{
    lw_sim_object in = {.id = 5,
                        .type = LW_OBJ_SPRING,
                        .x = 10,
                        .y = 20,
                        .speed = 0x1000,
                        .variant = 1,
                        .reach = 999,
                        .busy = 1,
                        .near_c = 7};
    lw_sim_object out;
    lwi_obj_source src = {.typed = true, .records = &in, .record_count = 1};
    lw_error err;
    g_assert_cmpint(lwi_objects_source_read(&src, 0, &out, &err), ==, 1);
    g_assert_cmpuint(out.reach, ==, 0);
    g_assert_cmpuint(out.busy, ==, 0);
    g_assert_cmpint(out.near_c, ==, 0);
    g_assert_cmpuint(out.period, ==, 2);
    in.speed = 0x0F00;
    g_assert_cmpint(lwi_objects_source_read(&src, 0, &out, &err), ==, -1);
    g_assert_nonnull(strstr(err.message, "variant 1"));
    in = (lw_sim_object){.id = 6, .type = LW_OBJ_TYPE_COUNT};
    g_assert_cmpint(lwi_objects_source_read(&src, 0, &out, &err), ==, -1);
    in = (lw_sim_object){.id = 6, .type = LW_OBJ_GOAL, .x = LW_MAX_OBJECT_X + 1};
    g_assert_cmpint(lwi_objects_source_read(&src, 0, &out, &err), ==, -1);
    g_assert_nonnull(strstr(err.message, "position"));
    /* every spring strength of OBJECTS.md §2 is a valid record */
    for (int px = 1; px <= 16; px++) {
        char v[8];
        g_snprintf(v, sizeof v, "%d", px);
        lw_object m = {.id = 9, .type = LW_OBJECT_MARKER, .name = "spring"};
        lw_property p = {.key = "strength", .value = v};
        m.props = &p;
        m.prop_count = 1;
        lw_sim_object so;
        int32_t fields[LWI_OBJ_FIELDS];
        g_assert_true(lw_sim_object_from_marker(&m, &so, &err));
        lwi_obj_fields_get(&so, fields);
        g_assert_cmpint(lwi_obj_fields_check(so.id, so.type, fields, &err), ==, -1);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/engine/packed-objects/samples-same-play", test_samples_same_play);
    g_test_add_func("/engine/packed-objects/records-not-strings", test_records_not_strings);
    g_test_add_func("/engine/packed-objects/old-file-plays", test_old_file_plays);
    g_test_add_func("/engine/packed-objects/corrupt-records", test_corrupt_records);
    g_test_add_func("/engine/packed-objects/writer-refuses-bad-object",
                    test_writer_refuses_bad_object);
    g_test_add_func("/engine/packed-objects/record-rules", test_record_rules);
    return g_test_run();
}
