/* SPDX-License-Identifier: MIT */
/*
 * The level-folder rule on the real path (editor/doc/real-path.c): a level whose tileset or
 * player sprite sheet is a symbolic link leading out of the level's folder is refused, and the
 * message names the field the level gives the file in ("tileset", "player_sprites").
 */
#include "level-json.h"
#include "real-path.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *tmp;

/* @dir/level/hero.png -> @dir/secret.png, and a level JSON in @dir/level naming it as @field. */
static char *make_level(const char *field)
{
    char *dir = g_build_filename(tmp, field, NULL), *lvdir = g_build_filename(dir, "level", NULL);
    g_assert_cmpint(g_mkdir_with_parents(lvdir, 0755), ==, 0);
    char *secret = g_build_filename(dir, "secret.png", NULL),
         *link = g_build_filename(lvdir, "hero.png", NULL);
    g_assert_true(g_file_set_contents(secret, "not a png", -1, NULL));
    g_assert_cmpint(symlink(secret, link), ==, 0);
    char *sample =
        g_build_filename(g_getenv("LW_SOURCE_ROOT"), "sample-levels", "loop-hill.json", NULL);
    lw_level *level = NULL;
    lw_error err;
    g_assert_true(editor_level_load_file(sample, EDITOR_LOAD_ALLOW_OUTSIDE_PATHS, &level, &err));
    g_assert_true(lw_level_set_string(
        strcmp(field, "tileset") == 0 ? &level->tileset : &level->player_sprites, "hero.png"));
    size_t n;
    char *json = editor_level_to_json(level, &n);
    char *path = g_build_filename(lvdir, "level.json", NULL);
    g_assert_true(g_file_set_contents(path, json, (gssize)n, NULL));
    free(json);
    lw_level_free(level);
    g_free(sample);
    g_free(link);
    g_free(secret);
    g_free(lvdir);
    g_free(dir);
    return path;
}

static void check_field(const char *field)
{
    char *path = make_level(field);
    lw_error err;
    g_assert_false(editor_path_real_inside(path, "hero.png", field, &err));
    char *want = g_strdup_printf("%s \"hero.png\" leaves the level's folder", field);
    g_assert_nonnull(strstr(err.message, want));
    lw_level *level = NULL;
    g_assert_false(editor_level_load_file(path, 0, &level, &err));
    g_assert_null(level);
    g_test_message("%s", err.message);
    g_assert_true(g_str_has_prefix(err.message, want));
    g_free(want);
    g_free(path);
}

static void test_tileset(void)
{
    check_field("tileset");
}

/* Before, this message said "tileset" for the player's sprite sheet too. */
static void test_player_sprites(void)
{
    check_field("player_sprites");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    GError *error = NULL;
    tmp = g_dir_make_tmp("lw-real-path-XXXXXX", &error);
    g_assert_no_error(error);
    g_test_add_func("/editor/real-path/tileset", test_tileset);
    g_test_add_func("/editor/real-path/player-sprites", test_player_sprites);
    int rc = g_test_run();
    char *cmd = g_strdup_printf("rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        rc = 1;
    g_free(cmd);
    g_free(tmp);
    return rc;
}
