/* SPDX-License-Identifier: MIT */
/*
 * Golden replays: every tests/data/replays/NAME.txt is an input script whose "#@" comment lines
 * say what to run and what must come out (see tests/data/replays/README.md):
 *
 *   #@ level sample-levels/loop-hill.json    level JSON, relative to the source root
 *   #@ start 3000 812                        optional start (else the level's player start)
 *   #@ profile s2 / #@ character sonic       optional (else the level's)
 *   #@ frames 400                            optional (else the script's length)
 *   #@ status ok                             ok (default) or dead
 *   #@ hash 4f1e8bb92b20b89f                 lw_sim_hash() after the last frame
 *   #@ at 351 path=B mode=floor              trace fields at the end of frame 351
 *   #@ first 258 mode=rwall                  frame 258 is the first where all fields match
 *
 * Field names are the trace CSV's (x, y, xsp, ysp, gsp, angle, mode, air, rolling, path), values
 * in the trace's exact spelling. Since the expected hashes are checked in, the same test in the
 * normal (-O2) and the sanitizer (-O0) build checks determinism across builds.
 *
 * `test-replay --print` prints each replay's final hash and its mode/air/rolling/path transitions
 * instead of checking (for writing new replays; the values must then be checked by hand).
 */
#include "level-json.h"

#include <glib.h>
#include <loopwright/script.h>
#include <loopwright/sim.h>
#include <loopwright/trace.h>
#include <stdlib.h>
#include <string.h>

static bool print_mode;

static const char *const fields[] = {"frame", "x",    "y",   "xsp",     "ysp", "gsp",
                                     "angle", "mode", "air", "rolling", "path"};

typedef struct condition {
    bool first;     /* "first" (else "at") */
    uint32_t frame; /* expected frame */
    char **pairs;   /* field=value strings */
    uint32_t seen;  /* "first": frame where it first held (0 = not yet) */
} condition;

typedef struct replay {
    char *name;
    char *level;
    bool has_start;
    int32_t start_x, start_y;
    char *profile, *character;
    uint32_t frames;
    bool expect_dead;
    bool expect_finished; /* passed a goal sign */
    bool no_objects;      /* "#@ objects none": the level's game objects are left out */
    bool has_hash;
    uint64_t hash;
    GArray *conditions;
    lw_script script;
} replay;

static int field_index(const char *name)
{
    for (size_t i = 0; i < G_N_ELEMENTS(fields); i++)
        if (strcmp(fields[i], name) == 0)
            return (int)i;
    return -1;
}

static void replay_free(gpointer data)
{
    replay *r = data;
    g_free(r->name);
    g_free(r->level);
    g_free(r->profile);
    g_free(r->character);
    for (guint i = 0; r->conditions && i < r->conditions->len; i++)
        g_strfreev(g_array_index(r->conditions, condition, i).pairs);
    if (r->conditions)
        g_array_free(r->conditions, TRUE);
    lw_script_clear(&r->script);
    g_free(r);
}

static replay *replay_load(const char *path)
{
    char *text;
    gsize len;
    g_assert_true(g_file_get_contents(path, &text, &len, NULL));
    replay *r = g_new0(replay, 1);
    char *base = g_path_get_basename(path);
    r->name = g_strndup(base, strlen(base) - 4);
    g_free(base);
    r->conditions = g_array_new(FALSE, TRUE, sizeof(condition));
    lw_error err;
    if (!lw_script_parse(text, len, &r->script, &err))
        g_error("%s:%d:%d: %s", path, err.line, err.column, err.message);
    r->frames = r->script.frame_count;
    char **lines = g_strsplit(text, "\n", -1);
    for (char **l = lines; *l; l++) {
        if (!g_str_has_prefix(*l, "#@ "))
            continue;
        char **w = g_strsplit_set(g_strstrip(*l + 3), " \t", -1);
        guint n = g_strv_length(w);
        g_assert_cmpuint(n, >=, 2);
        if (strcmp(w[0], "level") == 0) {
            r->level = g_strdup(w[1]);
        } else if (strcmp(w[0], "start") == 0 && n == 3) {
            r->has_start = true;
            r->start_x = atoi(w[1]);
            r->start_y = atoi(w[2]);
        } else if (strcmp(w[0], "profile") == 0) {
            r->profile = g_strdup(w[1]);
        } else if (strcmp(w[0], "character") == 0) {
            r->character = g_strdup(w[1]);
        } else if (strcmp(w[0], "frames") == 0) {
            r->frames = (uint32_t)strtoul(w[1], NULL, 10);
        } else if (strcmp(w[0], "status") == 0) {
            r->expect_dead = strcmp(w[1], "dead") == 0;
            r->expect_finished = strcmp(w[1], "finished") == 0;
        } else if (strcmp(w[0], "objects") == 0) {
            g_assert_cmpstr(w[1], ==, "none");
            r->no_objects = true;
        } else if (strcmp(w[0], "hash") == 0) {
            r->has_hash = true;
            r->hash = g_ascii_strtoull(w[1], NULL, 16);
        } else if ((strcmp(w[0], "at") == 0 || strcmp(w[0], "first") == 0) && n >= 3) {
            condition c = {.first = w[0][0] == 'f', .frame = (uint32_t)strtoul(w[1], NULL, 10)};
            c.pairs = g_strdupv(w + 2);
            for (char **p = c.pairs; *p; p++) {
                char *eq = strchr(*p, '=');
                if (!eq)
                    g_error("%s: \"%s\" is not field=value", path, *p);
                *eq = '\0';
                if (field_index(*p) < 0)
                    g_error("%s: unknown field \"%s\"", path, *p);
                *eq = '=';
            }
            g_array_append_val(r->conditions, c);
        } else {
            g_error("%s: unknown directive \"%s\"", path, *l);
        }
        g_strfreev(w);
    }
    g_strfreev(lines);
    g_free(text);
    if (!r->level)
        g_error("%s: no \"#@ level\" line", path);
    if (!r->has_hash && !print_mode)
        g_error("%s: no \"#@ hash\" line", path);
    return r;
}

static bool matches(char **row, char **pairs)
{
    for (char **p = pairs; *p; p++) {
        const char *eq = strchr(*p, '=');
        char *name = g_strndup(*p, (gsize)(eq - *p));
        int i = field_index(name);
        g_free(name);
        if (strcmp(row[i], eq + 1) != 0)
            return false;
    }
    return true;
}

static void run_replay(gconstpointer data)
{
    replay *r = (replay *)data;
    const char *root = g_getenv("LW_SOURCE_ROOT");
    g_assert_nonnull(root);
    char *level_path = g_build_filename(root, r->level, NULL);
    lw_level *level;
    lw_error err;
    if (!editor_level_load_file(level_path, 0, &level, &err))
        g_error("%s: %s", level_path, err.message);
    if (r->no_objects) /* terrain only: remove the game-object markers */
        for (uint32_t i = level->object_count; i-- > 0;)
            if (level->objects[i].type == LW_OBJECT_MARKER &&
                lw_obj_type_from_name(level->objects[i].name) >= 0)
                lw_level_remove_object_at(level, i);
    lw_profile p;
    g_assert_true(lw_profile_init(&p, r->profile ? r->profile : level->profile,
                                  r->character ? r->character : level->character, &err));
    g_assert_true(lw_profile_apply_overrides(&p, level, &err));
    int32_t x = r->start_x, y = r->start_y;
    const lw_object *start = NULL;
    for (uint32_t i = 0; i < level->object_count && !start; i++)
        if (level->objects[i].type == LW_OBJECT_PLAYER_START)
            start = &level->objects[i];
    if (!r->has_start) {
        g_assert_nonnull(start);
        x = start->x;
        y = start->y;
    }
    lw_sim sim;
    g_assert_true(lw_sim_init(&sim, level, &p, x, y, &err));
    if (start)
        sim.state.player.facing_left = start->facing_left;

    lw_script_cursor cursor = {0};
    char prev_key[64] = "";
    for (uint32_t f = 0; f < r->frames; f++) {
        lw_sim_status st = lw_sim_step(&sim, lw_script_next(&r->script, &cursor));
        char buf[LW_TRACE_ROW_MAX];
        lw_trace_format_row(buf, sizeof buf, sim.state.frame, &sim.state.player);
        buf[strcspn(buf, "\n")] = '\0';
        char **row = g_strsplit(buf, ",", -1);
        g_assert_cmpuint(g_strv_length(row), ==, G_N_ELEMENTS(fields));
        if (print_mode) {
            char key[64];
            g_snprintf(key, sizeof key, "%s %s %s %s", row[7], row[8], row[9], row[10]);
            if (strcmp(key, prev_key) != 0)
                g_print("# %s: %s\n", r->name, buf);
            g_strlcpy(prev_key, key, sizeof prev_key);
        }
        for (guint i = 0; i < r->conditions->len; i++) {
            condition *c = &g_array_index(r->conditions, condition, i);
            bool ok = matches(row, c->pairs);
            if (c->first) {
                if (ok && !c->seen)
                    c->seen = sim.state.frame;
            } else if (c->frame == sim.state.frame && !print_mode) {
                if (!ok) {
                    char *want = g_strjoinv(" ", c->pairs);
                    g_error("%s: frame %u is \"%s\", expected %s", r->name, c->frame, buf, want);
                }
            }
        }
        g_strfreev(row);
        if (st == LW_SIM_DEAD)
            break;
    }
    uint64_t h = lw_sim_hash(&sim);
    if (print_mode) {
        g_print("# %s: frame %u status %s hash %016" G_GINT64_MODIFIER "x\n", r->name,
                sim.state.frame,
                sim.state.status == LW_SIM_DEAD       ? "dead"
                : sim.state.status == LW_SIM_FINISHED ? "finished"
                                                      : "ok",
                (guint64)h);
    } else {
        for (guint i = 0; i < r->conditions->len; i++) {
            condition *c = &g_array_index(r->conditions, condition, i);
            if (!c->first)
                continue;
            char *want = g_strjoinv(" ", c->pairs);
            if (c->seen != c->frame)
                g_error("%s: first frame with %s is %u, expected %u", r->name, want, c->seen,
                        c->frame);
            g_free(want);
        }
        g_assert_cmpint(sim.state.status == LW_SIM_DEAD, ==, r->expect_dead);
        g_assert_cmpint(sim.state.status == LW_SIM_FINISHED, ==, r->expect_finished);
        if (h != r->hash)
            g_error("%s: hash %016" G_GINT64_MODIFIER "x, expected %016" G_GINT64_MODIFIER "x",
                    r->name, (guint64)h, (guint64)r->hash);
    }
    lw_sim_clear(&sim);
    lw_level_free(level);
    g_free(level_path);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--print") == 0) {
            print_mode = true;
            memmove(&argv[i], &argv[i + 1], (size_t)(argc - i) * sizeof *argv);
            argc--;
            break;
        }
    }
    g_test_init(&argc, &argv, NULL);
    char *dir = g_test_build_filename(G_TEST_DIST, "data", "replays", NULL);
    GDir *d = g_dir_open(dir, 0, NULL);
    g_assert_nonnull(d);
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    const char *name;
    while ((name = g_dir_read_name(d)))
        if (g_str_has_suffix(name, ".txt"))
            g_ptr_array_add(names, g_strdup(name));
    g_dir_close(d);
    g_ptr_array_sort(names, (GCompareFunc)g_strcmp0);
    GPtrArray *replays = g_ptr_array_new_with_free_func(replay_free);
    for (guint i = 0; i < names->len; i++) {
        char *path = g_build_filename(dir, g_ptr_array_index(names, i), NULL);
        replay *r = replay_load(path);
        g_ptr_array_add(replays, r);
        char *test_path = g_strdup_printf("/engine/replay/%s", r->name);
        g_test_add_data_func(test_path, r, run_replay);
        g_free(test_path);
        g_free(path);
    }
    int status = g_test_run();
    g_ptr_array_free(replays, TRUE);
    g_ptr_array_free(names, TRUE);
    g_free(dir);
    return status;
}
