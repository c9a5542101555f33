/* SPDX-License-Identifier: MIT */
/* Loading the `objects` and `replays` sections of level JSON (see level-json-load.c). */
#include "level-json-load.h"

#include <loopwright/limits.h>
#include <stdlib.h>
#include <string.h>

/* Add @id (non-zero) to the set; false when it was there already. Linear in the objects overall
 * (lw_level_find_object per object made 65536 objects cost seconds). */
static bool ids_add(load_ctx *c, uint32_t id)
{
    size_t h = (size_t)(id * 2654435761u) & c->ids_mask;
    while (c->ids[h]) {
        if (c->ids[h] == id)
            return false;
        h = (h + 1) & c->ids_mask;
    }
    c->ids[h] = id;
    return true;
}

/* Append a copy of @obj, whose id the set has just proved unique: lw_level_add_object would
 * search every object before it for the id again, quadratic in the objects. */
static lw_object *append_object(load_ctx *c, lw_level *level, const lw_object *obj)
{
    if (!c->ids || level->object_count >= level->object_capacity)
        return lw_level_add_object(level, obj);
    lw_object *dst = &lw_level_objects_mut(level)[level->object_count];
    if (!lw_object_copy(dst, obj))
        return NULL;
    level->object_count++;
    if (obj->id >= level->next_object_id)
        level->next_object_id = obj->id + 1;
    return dst;
}

static bool load_pair(load_ctx *c, const load_members *m, const char *key, const char *a,
                      const char *b, uint8_t out[2])
{
    json_pos arr;
    size_t count;
    if (!load_array(c, m, key, true, 2, &arr, &count))
        return false;
    editor_json_path_push_key(&c->path, key);
    bool ok = true;
    if (count != 2)
        ok = load_fail(c, arr, LW_ERR_FORMAT,
                       "expected two values (left/above side, right/below side)");
    json_pos v = ok ? json_reader_first(&c->r, arr) : NULL;
    for (size_t i = 0; ok && i < 2; i++) {
        editor_json_path_push_index(&c->path, (long)i);
        ok = load_want(c, v, JSON_KIND_STRING, "a string");
        const char *end = NULL, *s = ok ? json_reader_string(&c->r, v, NULL, &end) : NULL;
        if (ok && !s)
            ok = load_fail(c, v, LW_ERR_NOMEM, "out of memory");
        if (ok) {
            if (strcmp(s, a) == 0)
                out[i] = 0;
            else if (strcmp(s, b) == 0)
                out[i] = 1;
            else
                ok = load_fail(c, v, LW_ERR_RANGE, "\"%s\" is not \"%s\" or \"%s\"", s, a, b);
        }
        editor_json_path_pop(&c->path);
        if (ok)
            v = json_reader_next(&c->r, end);
    }
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_player_start(load_ctx *c, const load_members *m, lw_object *obj)
{
    const char *facing = "right";
    bool ok = load_string(c, m, "facing", false, false, 16, &facing);
    if (ok && strcmp(facing, "left") != 0 && strcmp(facing, "right") != 0) {
        editor_json_path_push_key(&c->path, "facing");
        ok = load_fail(c, load_get(m, "facing"), LW_ERR_RANGE,
                       "facing must be \"left\" or \"right\"");
        editor_json_path_pop(&c->path);
    }
    obj->type = LW_OBJECT_PLAYER_START;
    obj->facing_left = ok && strcmp(facing, "left") == 0;
    return ok;
}

static bool load_path_swapper(load_ctx *c, const load_members *m, lw_object *obj)
{
    const char *orient = NULL;
    long long radius = 0;
    obj->type = LW_OBJECT_PATH_SWAPPER;
    bool ok = load_string(c, m, "orientation", true, false, 16, &orient) &&
              load_int(c, m, "radius", true, 32, 256, &radius) &&
              load_pair(c, m, "paths", "A", "B", obj->swapper.path) &&
              load_pair(c, m, "priority", "low", "high", obj->swapper.priority) &&
              load_bool(c, m, "grounded_only", false, &obj->swapper.grounded_only) &&
              load_bool(c, m, "priority_only", false, &obj->swapper.priority_only);
    if (ok && strcmp(orient, "vertical") != 0 && strcmp(orient, "horizontal") != 0) {
        editor_json_path_push_key(&c->path, "orientation");
        ok = load_fail(c, load_get(m, "orientation"), LW_ERR_RANGE,
                       "orientation must be \"vertical\" or \"horizontal\"");
        editor_json_path_pop(&c->path);
    }
    if (ok && radius != 32 && radius != 64 && radius != 128 && radius != 256) {
        editor_json_path_push_key(&c->path, "radius");
        ok = load_fail(c, load_get(m, "radius"), LW_ERR_RANGE,
                       "radius %lld is not 32, 64, 128 or 256", radius);
        editor_json_path_pop(&c->path);
    }
    if (ok) {
        obj->swapper.horizontal = strcmp(orient, "horizontal") == 0;
        obj->swapper.radius = (uint16_t)radius;
    }
    return ok;
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

/* A marker's "properties": an object of strings, set on the stored marker in file order. The
 * reader has refused duplicate keys, so each is appended without a search. */
static bool load_marker_properties(load_ctx *c, json_pos props, lw_object *stored)
{
    editor_json_path_push_key(&c->path, "properties");
    bool ok = load_want(c, props, JSON_KIND_OBJECT, "an object of strings");
    size_t count = ok ? json_reader_count(&c->r, props) : 0;
    if (ok && count > LW_MAX_PROPERTIES)
        ok = load_fail(c, props, LW_ERR_LIMIT, "%zu properties is over the limit of %d", count,
                       LW_MAX_PROPERTIES);
    lw_property *stored_props = ok && count ? calloc(count, sizeof *stored_props) : NULL;
    stored->props = stored_props;
    if (ok && count && !stored_props)
        ok = load_fail(c, props, LW_ERR_NOMEM, "out of memory");
    for (json_pos k = ok ? json_reader_member_first(&c->r, props) : NULL; ok && k;) {
        const char *key, *end = NULL, *value = NULL;
        size_t key_len, value_len = 0;
        json_pos v = json_reader_member_value(&c->r, k, &key, &key_len);
        if (!key) {
            ok = load_fail(c, k, LW_ERR_NOMEM, "out of memory");
            break;
        }
        editor_json_path_push_key(&c->path, key);
        ok = load_want(c, v, JSON_KIND_STRING, "a string");
        if (ok && (!*key || key_len > 64))
            ok = load_fail(c, v, LW_ERR_FORMAT, "property names are 1..64 characters");
        if (ok && !(value = json_reader_string(&c->r, v, &value_len, &end)))
            ok = load_fail(c, v, LW_ERR_NOMEM, "out of memory");
        if (ok && value_len > LW_MAX_STRING)
            ok = load_fail(c, v, LW_ERR_LIMIT, "value over %d bytes", LW_MAX_STRING);
        if (ok) {
            char *key_copy = dup_n(key, key_len), *value_copy = dup_n(value, value_len);
            if (key_copy && value_copy) {
                stored_props[stored->prop_count].key = key_copy;
                stored_props[stored->prop_count].value = value_copy;
                stored->prop_count++;
            } else {
                free(key_copy);
                free(value_copy);
                ok = load_fail(c, v, LW_ERR_NOMEM, "out of memory");
            }
        }
        editor_json_path_pop(&c->path);
        if (ok)
            k = json_reader_next(&c->r, end);
    }
    if (stored->prop_count == 0) {
        free(stored_props);
        stored->props = NULL;
    }
    editor_json_path_pop(&c->path);
    return ok;
}

/* A marker is added to @level here (its properties are set on the stored copy). */
static bool load_marker(load_ctx *c, const load_members *m, lw_object *obj, lw_level *level)
{
    const char *name = NULL;
    obj->type = LW_OBJECT_MARKER;
    bool ok = load_string(c, m, "name", true, false, 64, &name);
    if (ok && !*name) {
        editor_json_path_push_key(&c->path, "name");
        ok = load_fail(c, load_get(m, "name"), LW_ERR_FORMAT, "a marker needs a non-empty name");
        editor_json_path_pop(&c->path);
    }
    if (!ok)
        return false;
    json_pos props = load_get(m, "properties");
    obj->name = (char *)name; /* copied by append_object */
    lw_object *stored = append_object(c, level, obj);
    obj->name = NULL;
    if (!stored)
        return load_fail(c, m->obj, LW_ERR_NOMEM, "out of memory");
    return !props || load_marker_properties(c, props, stored);
}

/* The keys of every object type; each loader refuses the ones its type does not have. */
static const char *const all_keys[] = {"id",
                                       "type",
                                       "x",
                                       "y",
                                       "facing",
                                       "orientation",
                                       "radius",
                                       "paths",
                                       "priority",
                                       "grounded_only",
                                       "priority_only",
                                       "name",
                                       "properties",
                                       NULL};
static const char *const player_keys[] = {"id", "type", "x", "y", "facing", NULL};
static const char *const swapper_keys[] = {"id",
                                           "type",
                                           "x",
                                           "y",
                                           "orientation",
                                           "radius",
                                           "paths",
                                           "priority",
                                           "grounded_only",
                                           "priority_only",
                                           NULL};
static const char *const marker_keys[] = {"id", "type", "x", "y", "name", "properties", NULL};

/* One object; *@end gets its end. */
static bool load_object(load_ctx *c, json_pos o, lw_level *level, const char **end)
{
    load_members m;
    if (!load_want_object(c, o, "an object", all_keys, &m))
        return false;
    *end = m.end;
    const char *type = NULL;
    long long id = 0, x = 0, y = 0;
    bool ok = load_string(c, &m, "type", true, false, 64, &type) &&
              load_int(c, &m, "id", true, 1, UINT32_MAX, &id) &&
              load_int(c, &m, "x", true, LW_MIN_OBJECT_X, LW_MAX_OBJECT_X, &x) &&
              load_int(c, &m, "y", true, LW_MIN_OBJECT_Y, LW_MAX_OBJECT_Y, &y);
    if (!ok)
        return false;
    lw_object obj = {.id = (uint32_t)id, .x = (int32_t)x, .y = (int32_t)y};
    if (c->ids ? !ids_add(c, obj.id) : lw_level_find_object(level, obj.id) != NULL) {
        editor_json_path_push_key(&c->path, "id");
        load_fail(c, load_get(&m, "id"), LW_ERR_RANGE, "object id %u is used twice", obj.id);
        editor_json_path_pop(&c->path);
        return false;
    }
    const char *const *keys = strcmp(type, "player_start") == 0   ? player_keys
                              : strcmp(type, "path_swapper") == 0 ? swapper_keys
                              : strcmp(type, "marker") == 0       ? marker_keys
                                                                  : NULL;
    if (!keys) {
        editor_json_path_push_key(&c->path, "type");
        load_fail(c, load_get(&m, "type"), LW_ERR_RANGE,
                  "unknown object type \"%s\" (expected player_start, path_swapper or marker)",
                  type);
        editor_json_path_pop(&c->path);
        return false;
    }
    if (!load_check_allowed(c, &m, keys))
        return false;
    if (keys == marker_keys)
        return load_marker(c, &m, &obj, level);
    ok = keys == player_keys ? load_player_start(c, &m, &obj) : load_path_swapper(c, &m, &obj);
    if (ok && !append_object(c, level, &obj))
        return load_fail(c, o, LW_ERR_NOMEM, "out of memory");
    return ok;
}

bool load_objects(load_ctx *c, const load_members *root, lw_level *level)
{
    json_pos arr;
    size_t n;
    if (!load_array(c, root, "objects", true, LW_MAX_OBJECTS, &arr, &n))
        return false;
    editor_json_path_push_key(&c->path, "objects");
    bool ok = true;
    level->objects = calloc(n + 1, sizeof(lw_object));
    level->object_capacity = (uint32_t)n + 1;
    if (!level->objects)
        ok = load_fail(c, arr, LW_ERR_NOMEM, "out of memory");
    size_t slots = 64;
    while (slots < 2 * n)
        slots *= 2;
    c->ids = calloc(slots, sizeof *c->ids); /* NULL: the slower search still works */
    c->ids_mask = slots - 1;
    json_pos e = json_reader_first(&c->r, arr);
    for (size_t i = 0; ok && i < n; i++) {
        const char *end = NULL;
        editor_json_path_push_index(&c->path, (long)i);
        ok = load_object(c, e, level, &end);
        editor_json_path_pop(&c->path);
        if (ok)
            e = json_reader_next(&c->r, end);
    }
    free(c->ids);
    c->ids = NULL;
    editor_json_path_pop(&c->path);
    return ok;
}

static bool parse_hash(const char *s, uint64_t *out)
{
    if (strlen(s) != 16)
        return false;
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        char ch = s[i];
        int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10 : -1;
        if (d < 0)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return true;
}

static bool load_start(load_ctx *c, json_pos start, lw_replay *rep)
{
    editor_json_path_push_key(&c->path, "start");
    bool ok = load_want(c, start, JSON_KIND_ARRAY, "[x, y] or null");
    if (ok && json_reader_count(&c->r, start) != 2)
        ok = load_fail(c, start, LW_ERR_FORMAT, "expected [x, y]");
    long long sx = 0, sy = 0;
    json_pos v = ok ? json_reader_first(&c->r, start) : NULL;
    if (ok) {
        editor_json_path_push_index(&c->path, 0);
        ok = load_int_value(c, v, 0, LW_MAX_START_X, &sx);
        editor_json_path_pop(&c->path);
    }
    if (ok) {
        v = json_reader_next(&c->r, json_reader_skip(&c->r, v));
        editor_json_path_push_index(&c->path, 1);
        ok = load_int_value(c, v, 0, LW_MAX_START_Y, &sy);
        editor_json_path_pop(&c->path);
    }
    editor_json_path_pop(&c->path);
    rep->has_start = true;
    rep->start_x = (int32_t)sx;
    rep->start_y = (int32_t)sy;
    return ok;
}

static bool load_expect(load_ctx *c, json_pos expect, lw_replay *rep)
{
    static const char *const ekeys[] = {"hash", "x", "y", "path", "air", NULL};
    const char *hash = NULL, *path = NULL;
    long long ex = 0, ey = 0;
    load_members m;
    editor_json_path_push_key(&c->path, "expect");
    bool ok = load_want_object(c, expect, "an object or null", ekeys, &m) &&
              load_check_keys(c, &m) && load_string(c, &m, "hash", true, false, 16, &hash) &&
              load_int(c, &m, "x", true, LW_MIN_OBJECT_X, LW_MAX_OBJECT_X, &ex) &&
              load_int(c, &m, "y", true, LW_MIN_OBJECT_Y, LW_MAX_OBJECT_Y, &ey) &&
              load_string(c, &m, "path", true, false, 1, &path) &&
              load_bool(c, &m, "air", true, &rep->expect_air);
    if (ok && !parse_hash(hash, &rep->expect_hash)) {
        editor_json_path_push_key(&c->path, "hash");
        ok = load_fail(c, load_get(&m, "hash"), LW_ERR_FORMAT, "expected 16 lower-case hex digits");
        editor_json_path_pop(&c->path);
    }
    if (ok && strcmp(path, "A") != 0 && strcmp(path, "B") != 0) {
        editor_json_path_push_key(&c->path, "path");
        ok = load_fail(c, load_get(&m, "path"), LW_ERR_RANGE, "path must be \"A\" or \"B\"");
        editor_json_path_pop(&c->path);
    }
    if (ok)
        rep->expect_path = strcmp(path, "B") == 0 ? LW_PATH_B : LW_PATH_A;
    rep->has_expect = ok;
    rep->expect_x = (int32_t)ex;
    rep->expect_y = (int32_t)ey;
    editor_json_path_pop(&c->path);
    return ok;
}

static bool load_replay(load_ctx *c, json_pos r, lw_level *level)
{
    static const char *const keys[] = {"name",   "start",  "profile", "character",
                                       "frames", "script", "expect",  NULL};
    lw_replay rep = {0};
    const char *name = NULL, *script = NULL, *profile = "", *character = "";
    long long frames = 0;
    load_members m;
    bool ok = load_want_object(c, r, "a replay object", keys, &m) && load_check_keys(c, &m) &&
              load_string(c, &m, "name", true, false, 256, &name) &&
              load_string(c, &m, "script", true, false, LW_MAX_SCRIPT, &script) &&
              load_string(c, &m, "profile", false, false, 15, &profile) &&
              load_string(c, &m, "character", false, false, 15, &character) &&
              load_int(c, &m, "frames", true, 0, LW_MAX_REPLAY_FRAMES, &frames);
    if (!ok)
        return false;
    json_pos start = load_get(&m, "start");
    if (start && json_reader_kind(&c->r, start) != JSON_KIND_NULL)
        ok = load_start(c, start, &rep);
    json_pos expect = ok ? load_get(&m, "expect") : NULL;
    if (expect && json_reader_kind(&c->r, expect) != JSON_KIND_NULL)
        ok = load_expect(c, expect, &rep);
    if (!ok)
        return false;
    rep.name = (char *)name;
    rep.script = (char *)script;
    rep.frames = (uint32_t)frames;
    strcpy(rep.profile, profile);
    strcpy(rep.character, character);
    if (!lw_level_add_replay(level, &rep))
        return load_fail(c, r, LW_ERR_NOMEM, "out of memory");
    return true;
}

bool load_replays(load_ctx *c, const load_members *root, lw_level *level)
{
    json_pos arr;
    size_t n;
    if (!load_array(c, root, "replays", false, LW_MAX_REPLAYS, &arr, &n))
        return false;
    json_pos e = arr ? json_reader_first(&c->r, arr) : NULL;
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        editor_json_path_push_key(&c->path, "replays");
        editor_json_path_push_index(&c->path, (long)i);
        ok = load_replay(c, e, level);
        editor_json_path_pop(&c->path);
        editor_json_path_pop(&c->path);
        if (ok)
            e = json_reader_next(&c->r, json_reader_skip(&c->r, e));
    }
    return ok;
}

/* One `loop_chunks` entry (docs/LEVEL-JSON.md): chunk, path_b (null: its own), rule. */
static bool load_loop_chunk(load_ctx *c, json_pos e, const lw_level *level, lw_loop_chunk *out,
                            json_pos *end)
{
    static const char *const keys[] = {"chunk", "path_b", "rule", NULL};
    load_members m;
    const char *rule = "none";
    *out = (lw_loop_chunk){LW_NONE, LW_NONE, 0};
    bool ok = load_want_object(c, e, "a loop chunk object", keys, &m) && load_check_keys(c, &m) &&
              load_index(c, &m, "chunk", level->chunk_count, "chunk", &out->chunk) &&
              load_index(c, &m, "path_b", level->chunk_count, "chunk", &out->path_b) &&
              load_string(c, &m, "rule", true, false, 32, &rule);
    int r = ok ? lw_loop_rule_parse(rule) : 0;
    if (ok && out->chunk == LW_NONE)
        ok = load_fail(c, e, LW_ERR_RANGE, "\"chunk\" is null: a loop entry names a chunk");
    else if (ok && r < 0)
        ok = load_fail(c, load_get(&m, "rule"), LW_ERR_RANGE,
                       "unknown rule \"%s\" (none, loop, loop_grounded or tunnel)", rule);
    else if (ok && r != LW_LOOP_NONE && level->chunk_px != 256)
        ok = load_fail(c, load_get(&m, "rule"), LW_ERR_RANGE,
                       "loop rules need 256 px chunks (Sonic 1's thresholds)");
    out->rule = (uint8_t)(r < 0 ? 0 : r);
    *end = ok ? m.end : NULL;
    return ok;
}

/* `loop_chunks` (optional): the Sonic 1 loop table (engine level.h). */
bool load_loop_chunks(load_ctx *c, const load_members *root, lw_level *level)
{
    json_pos arr;
    size_t n;
    if (!load_array(c, root, "loop_chunks", false, LW_MAX_LOOP_CHUNKS, &arr, &n))
        return false;
    if (!arr)
        return true;
    lw_loop_chunk table[LW_MAX_LOOP_CHUNKS];
    editor_json_path_push_key(&c->path, "loop_chunks");
    bool ok = true;
    json_pos e = json_reader_first(&c->r, arr), end = NULL;
    for (size_t i = 0; ok && i < n; i++) {
        editor_json_path_push_index(&c->path, (long)i);
        ok = load_loop_chunk(c, e, level, &table[i], &end);
        for (size_t j = 0; ok && j < i; j++)
            if (table[j].chunk == table[i].chunk)
                ok = load_fail(c, e, LW_ERR_RANGE, "chunk %u is listed twice", table[i].chunk);
        editor_json_path_pop(&c->path);
        e = ok ? json_reader_next(&c->r, end) : NULL;
    }
    editor_json_path_pop(&c->path);
    return ok && lw_level_set_loop_chunks(level, table, (uint32_t)n, c->err);
}
