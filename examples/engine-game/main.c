/* SPDX-License-Identifier: MIT */
/*
 * engine-game: the smallest "game" built on the Loopwright engine alone — no masks library, no
 * jansson, no GLib, only the C standard library. It loads a packed level (`loopwright pack`
 * writes one), plays an input script and prints the per-frame trace CSV on stdout, exactly the
 * rows `loopwright sim --trace` writes for the same level and script.
 *
 *   engine-game LEVEL.bin SCRIPT [--frames N] [--objects]
 *
 * A real game would read a pad instead of a script and draw the level; everything in between —
 * loading, validation, the profile, the game objects (springs, rings, platforms... from the
 * file's typed GOBJ section, docs/FORMAT.md §4.8), the 60 Hz fixed step — is what this file
 * shows. `--objects` prints the game objects the file carries on stderr before playing.
 */
#include <loopwright/packed.h>
#include <loopwright/profile.h>
#include <loopwright/script.h>
#include <loopwright/sim.h>
#include <loopwright/trace.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Read a whole file (at most @max bytes) with stdio. The engine does no I/O: the game hands it a
 * buffer it read or mapped itself. */
static char *read_file(const char *path, size_t max, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "engine-game: %s: cannot open\n", path);
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        if (cap >= max) {
            fprintf(stderr, "engine-game: %s: larger than %zu bytes\n", path, max);
            free(buf);
            buf = NULL;
            break;
        }
        char *p = realloc(buf, cap * 2);
        if (!p) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = p;
        cap *= 2;
    }
    if (buf && ferror(f)) {
        fprintf(stderr, "engine-game: %s: read error\n", path);
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *size = n;
    return buf;
}

/* "engine-game: FILE: byte N: reason", the project's error format. */
static void print_error(const char *file, const lw_error *err)
{
    if (err->offset >= 0)
        fprintf(stderr, "engine-game: %s: byte %ld: %s\n", file, err->offset, err->message);
    else if (err->line > 0)
        fprintf(stderr, "engine-game: %s:%d:%d: %s\n", file, err->line, err->column, err->message);
    else
        fprintf(stderr, "engine-game: %s: %s\n", file, err->message);
}

/* The game objects the file carries, on stderr: its typed GOBJ records (what the game plays),
 * or a note that a 1.0 file's objects come from its markers. */
static void print_objects(const lw_packed_level *packed)
{
    if (!lw_packed_level_has_game_objects(packed)) {
        fprintf(stderr, "engine-game: no GOBJ section (a 1.0 file): game objects from markers\n");
        return;
    }
    uint32_t n = 0;
    const lw_sim_object *o = lw_packed_level_game_objects(packed, &n);
    fprintf(stderr, "engine-game: %u game objects from GOBJ\n", (unsigned)n);
    for (uint32_t i = 0; i < n; i++)
        fprintf(stderr, "engine-game: object %u %s at (%ld, %ld)\n", (unsigned)o[i].id,
                lw_obj_type_name((lw_obj_type)o[i].type), (long)o[i].x, (long)o[i].y);
}

int main(int argc, char **argv)
{
    const char *level_path = NULL, *script_path = NULL;
    long frames = -1;
    bool list_objects = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--objects") == 0) {
            list_objects = true;
        } else if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            char *end;
            frames = strtol(argv[++i], &end, 10);
            if (*end || frames < 0 || frames > (long)LW_SCRIPT_MAX_FRAMES) {
                fprintf(stderr, "engine-game: --frames takes 0..%u\n", LW_SCRIPT_MAX_FRAMES);
                return 2;
            }
        } else if (!level_path) {
            level_path = argv[i];
        } else if (!script_path) {
            script_path = argv[i];
        } else {
            fprintf(stderr, "usage: engine-game LEVEL.bin SCRIPT [--frames N] [--objects]\n");
            return 2;
        }
    }
    if (!level_path || !script_path) {
        fprintf(stderr, "usage: engine-game LEVEL.bin SCRIPT [--frames N] [--objects]\n");
        return 2;
    }

    int rc = 1;
    size_t level_size = 0, script_size = 0;
    char *level_bytes = read_file(level_path, LW_PACKED_MAX_FILE, &level_size);
    char *script_text = read_file(script_path, 64u << 20, &script_size);
    lw_packed_level *packed = NULL;
    const lw_level *level = NULL;
    lw_script script = {0};
    lw_sim sim = {0};
    lw_profile profile;
    lw_error err;
    if (!level_bytes || !script_text)
        goto out;
    /* one allocation, everything validated; the file bytes are not needed afterwards */
    if (!lw_packed_load(level_bytes, level_size, &packed, &err)) {
        print_error(level_path, &err);
        goto out;
    }
    level = lw_packed_level_get(packed);
    if (list_objects)
        print_objects(packed);
    if (!lw_script_parse(script_text, script_size, &script, &err)) {
        print_error(script_path, &err);
        goto out;
    }
    /* the level's physics: its profile and character, then its constant overrides */
    if (!lw_profile_init(&profile, level->profile, level->character, &err) ||
        !lw_profile_apply_overrides(&profile, level, &err)) {
        print_error(level_path, &err);
        goto out;
    }
    const lw_object *start = NULL;
    for (uint32_t i = 0; i < level->object_count && !start; i++)
        if (level->objects[i].type == LW_OBJECT_PLAYER_START)
            start = &level->objects[i];
    if (!start) {
        fprintf(stderr, "engine-game: %s: the level has no player start\n", level_path);
        goto out;
    }
    /* the game objects come from the file's typed GOBJ records (a 1.0 file: its markers) */
    if (!lw_sim_init_packed(&sim, packed, &profile, start->x, start->y, &err)) {
        print_error(level_path, &err);
        goto out;
    }
    sim.state.player.facing_left = start->facing_left;

    /* the game loop: one fixed 1/60 s step per frame, input from the script */
    uint32_t n = frames >= 0 ? (uint32_t)frames : script.frame_count;
    lw_script_cursor cursor = {0};
    fputs(lw_trace_header_for(&sim), stdout);
    fputc('\n', stdout);
    for (uint32_t f = 0; f < n; f++) {
        lw_sim_status status = lw_sim_step(&sim, lw_script_next(&script, &cursor));
        char row[LW_TRACE_ROW_MAX];
        lw_trace_format_sim_row(row, sizeof row, &sim);
        fputs(row, stdout);
        if (status == LW_SIM_DEAD) {
            fprintf(stderr, "engine-game: the player fell out of the level on frame %u\n",
                    (unsigned)sim.state.frame);
            break;
        }
        if (status == LW_SIM_FINISHED) /* passed a goal sign */
            break;
    }
    rc = fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
out:
    lw_sim_clear(&sim);
    lw_script_clear(&script);
    lw_packed_level_free(packed);
    free(script_text);
    free(level_bytes);
    return rc;
}
