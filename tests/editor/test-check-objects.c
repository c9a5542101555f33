/* SPDX-License-Identifier: MIT */
/* The game-object checks and the sprite-sheet check (editor/doc/level-check-objects.c). */
#include "level-check.h"
#include "level-json.h"
#include "object-schema.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <loopwright/objects.h>
#include <string.h>

typedef struct found {
    GString *codes; /* "code@x,y;" for each problem */
    unsigned errors;
} found;

static void collect(const editor_problem *p, void *user)
{
    found *f = user;
    g_string_append_printf(f->codes, "%s@%d,%d;", p->code, p->x, p->y);
}

static char *run_checks(const lw_level *level, const char *level_path, unsigned *errors)
{
    found f = {g_string_new(NULL), 0};
    f.errors = editor_level_check_objects(level, level_path, false, collect, &f);
    if (errors)
        *errors = f.errors;
    return g_string_free(f.codes, FALSE);
}

static lw_level *loop_hill(int32_t *start_x, int32_t *surface)
{
    char *path =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    lw_level *level = NULL;
    lw_error err = {0};
    g_assert_true(editor_level_load_file(path, 0, &level, &err));
    g_free(path);
    for (uint32_t i = 0; i < level->object_count; i++)
        if (level->objects[i].type == LW_OBJECT_PLAYER_START)
            *start_x = level->objects[i].x;
    *start_x += 64;
    int32_t y = 0;
    while (!editor_level_solid_at(level, *start_x, y, LW_PATH_A))
        y++;
    *surface = y;
    /* flat there: the same surface 40 px either side */
    g_assert_true(editor_level_solid_at(level, *start_x - 40, y, LW_PATH_A));
    g_assert_true(editor_level_solid_at(level, *start_x + 40, y, LW_PATH_A));
    g_assert_false(editor_level_solid_at(level, *start_x + 40, y - 2, LW_PATH_A));
    return level;
}

static lw_object *add(lw_level *level, int32_t x, int32_t y, const char *name, const char *k1,
                      const char *v1, const char *k2, const char *v2)
{
    lw_object o = {.type = LW_OBJECT_MARKER, .x = x, .y = y};
    g_assert_true(lw_object_set_name(&o, name));
    if (k1)
        g_assert_true(lw_object_set_property(&o, k1, v1));
    if (k2)
        g_assert_true(lw_object_set_property(&o, k2, v2));
    lw_object *added = lw_level_add_object(level, &o);
    lw_object_clear(&o);
    g_assert_nonnull(added);
    return added;
}

/* Each check fires on the placement it is about, at its place, and not on a fine one. */
static void test_placements(void)
{
    int32_t x, s;
    lw_level *level = loop_hill(&x, &s);
    char *none = run_checks(level, NULL, NULL);
    g_assert_cmpstr(none, ==, ""); /* loop-hill's own objects are fine */
    g_free(none);

    add(level, x, s - 8, "spring", NULL, NULL, NULL, NULL);             /* on the ground: fine */
    add(level, x + 8, s + 48, "spring", "strength", "red", NULL, NULL); /* in it */
    add(level, x, s - 60, "ring", "count", "3", NULL, NULL);            /* in the air: fine */
    add(level, x, s - 24, "ring", "count", "3", "spacing-y", "24");     /* 2nd ring in the ground */
    add(level, x, s - 80, "platform", "motion", "horizontal", "width", "32");  /* fine */
    add(level, x, s - 40, "platform", "motion", "vertical", "distance", "64"); /* dips in */
    add(level, x, s - 40, "platform", "motion", "falling", NULL, NULL);        /* not moving */
    add(level, x, s - 100, "spring", "direction", "sideways", NULL, NULL);     /* refused */
    unsigned errors = 0;
    char *codes = run_checks(level, NULL, &errors);
    g_test_message("%s", codes);
    char *want = g_strdup_printf("object-in-terrain@%d,%d;ring-in-terrain@%d,%d;"
                                 "platform-path-terrain@%d,%d;object-property@%d,%d;",
                                 x + 8, s + 48, x + 24, s, x, s - 4, x, s - 100);
    g_assert_cmpstr(codes, ==, want);
    g_assert_cmpuint(errors, ==, 1);
    g_free(want);
    g_free(codes);
    lw_level_free(level);
}

/* The whole editor_level_check runs them too (the Issues panel and `check`). */
static void test_in_level_check(void)
{
    int32_t x, s;
    lw_level *level = loop_hill(&x, &s);
    add(level, x, s + 48, "monitor", NULL, NULL, NULL, NULL);
    found f = {g_string_new(NULL), 0};
    editor_level_check(level, NULL, collect, &f);
    g_assert_nonnull(strstr(f.codes->str, "object-in-terrain@"));
    g_string_free(f.codes, TRUE);
    lw_level_free(level);
}

/* player_sprites: a missing file, a PNG of the wrong size and a good sheet. */
static void test_sprite_sheet(void)
{
    int32_t x, s;
    lw_level *level = loop_hill(&x, &s);
    char *dir = g_dir_make_tmp("lw-check-sprites-XXXXXX", NULL);
    char *level_path = g_build_filename(dir, "l.json", NULL);
    g_assert_true(lw_level_set_string(&level->player_sprites, "hero.png"));
    unsigned errors = 0;
    char *codes = run_checks(level, level_path, &errors);
    g_assert_cmpstr(codes, ==, "player-sprites@-1,-1;");
    g_assert_cmpuint(errors, ==, 1);
    g_free(codes);
    codes = run_checks(level, NULL, &errors); /* no path: not checked */
    g_assert_cmpstr(codes, ==, "");
    g_free(codes);

    char *hero = g_build_filename(dir, "hero.png", NULL);
    char *tiles = g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "tiles.png", NULL);
    char *data;
    gsize len;
    g_assert_true(g_file_get_contents(tiles, &data, &len, NULL));
    g_assert_true(g_file_set_contents(hero, data, (gssize)len, NULL));
    g_free(data);
    codes = run_checks(level, level_path, &errors);
    g_assert_cmpstr(codes, ==, "player-sprites@-1,-1;");
    g_free(codes);

    char *sheet =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "data", "sprites", "player.png", NULL);
    g_assert_true(g_file_get_contents(sheet, &data, &len, NULL));
    g_assert_true(g_file_set_contents(hero, data, (gssize)len, NULL));
    g_free(data);
    codes = run_checks(level, level_path, &errors);
    g_assert_cmpstr(codes, ==, "");
    g_assert_cmpuint(errors, ==, 0);
    g_free(codes);

    g_remove(hero);
    g_rmdir(dir);
    g_free(sheet);
    g_free(tiles);
    g_free(hero);
    g_free(level_path);
    g_free(dir);
    lw_level_free(level);
}

/* The palette has every game-object type; each preset, each field's default and each choice is
 * an object the simulation accepts; integer fields accept their range's ends and refuse beyond. */
static void test_schema(void)
{
    guint n;
    const EditorObjectPreset *p = editor_object_presets(&n);
    gboolean types[LW_OBJ_TYPE_COUNT] = {FALSE};
    gboolean start = FALSE, swapper = FALSE;
    for (guint i = 0; i < n; i++) {
        g_assert_true(editor_object_preset_find(p[i].id) == &p[i]);
        lw_object o;
        g_assert_true(editor_object_from_preset(&p[i], 100, 200, &o));
        g_assert_cmpint(o.x, ==, 100);
        start |= o.type == LW_OBJECT_PLAYER_START;
        swapper |= o.type == LW_OBJECT_PATH_SWAPPER;
        int t = o.type == LW_OBJECT_MARKER ? lw_obj_type_from_name(o.name) : -1;
        if (t >= 0) {
            types[t] = TRUE;
            lw_sim_object so;
            lw_error err = {0};
            g_assert_true(lw_sim_object_from_marker(&o, &so, &err));
            guint nf;
            const EditorObjectField *f = editor_object_fields(o.name, &nf);
            for (guint k = 0; k < nf; k++) {
                lw_object c = {0};
                g_assert_true(lw_object_copy(&c, &o));
                if (f[k].choices) {
                    for (guint j = 0; f[k].choices[j]; j++) {
                        g_assert_true(lw_object_set_property(&c, f[k].key, f[k].choices[j]));
                        g_assert_true(lw_sim_object_from_marker(&c, &so, &err));
                    }
                } else {
                    char v[16];
                    g_snprintf(v, sizeof v, "%d", f[k].min);
                    g_assert_true(lw_object_set_property(&c, f[k].key, v));
                    g_assert_true(lw_sim_object_from_marker(&c, &so, &err));
                    g_snprintf(v, sizeof v, "%d", f[k].max);
                    g_assert_true(lw_object_set_property(&c, f[k].key, v));
                    g_assert_true(lw_sim_object_from_marker(&c, &so, &err));
                    g_snprintf(v, sizeof v, "%d", f[k].max + 1);
                    g_assert_true(lw_object_set_property(&c, f[k].key, v));
                    g_assert_false(lw_sim_object_from_marker(&c, &so, &err));
                }
                g_assert_true(lw_object_set_property(&c, f[k].key, f[k].fallback));
                g_assert_true(lw_sim_object_from_marker(&c, &so, &err));
                lw_object_clear(&c);
            }
            guint row, col;
            uint8_t rot;
            gboolean mirror;
            double stretch;
            g_assert_true(editor_object_sprite(&o, &row, &col, &rot, &mirror, &stretch));
            g_assert_cmpuint(row, ==, p[i].sprite_row);
            g_assert_cmpuint(col, ==, p[i].sprite_col);
        }
        lw_object_clear(&o);
    }
    for (int t = 0; t < LW_OBJ_TYPE_COUNT; t++)
        g_assert_true(types[t]);
    g_assert_true(start && swapper);
}

/* Snap to Ground: a game object's box rests on the surface the floor sensor finds. */
static void test_snap(void)
{
    int32_t x, s;
    lw_level *level = loop_hill(&x, &s);
    static const struct {
        const char *preset;
        int32_t foot;
    } cases[] = {{"spring", 8},       {"spring-right", 14}, {"spikes", 16},     {"ring", 1},
                 {"monitor-1up", 16}, {"enemy", 14},        {"checkpoint", 24}, {"marker", 1}};
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        lw_object o;
        g_assert_true(
            editor_object_from_preset(editor_object_preset_find(cases[i].preset), x, s - 100, &o));
        int32_t y = 0;
        g_assert_true(editor_object_snap_to_ground(level, &o, LW_PATH_A, &y));
        g_assert_cmpint(y, ==, s - cases[i].foot);
        lw_object_clear(&o);
    }
    lw_level_free(level);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/editor/check-objects/placements", test_placements);
    g_test_add_func("/editor/check-objects/in-level-check", test_in_level_check);
    g_test_add_func("/editor/check-objects/sprite-sheet", test_sprite_sheet);
    g_test_add_func("/editor/object-schema/presets", test_schema);
    g_test_add_func("/editor/object-schema/snap", test_snap);
    return g_test_run();
}
