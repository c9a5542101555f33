/* SPDX-License-Identifier: MIT */
/*
 * The disassembly object sprites' warnings as the editor's problems (editor/doc/disasm-sprites.h,
 * docs/DISASM.md §11): the warnings of opening the lists, then those each object's sprite gives,
 * placed at the object.
 */
#include "disasm-sprites-private.h"

#include <string.h>

static void report(const char *warning, int32_t x, int32_t y, editor_problem_fn fn, void *user)
{
    editor_problem p = {EDITOR_SEVERITY_WARNING, "sprite", {0}, x, y};
    const char *w = strstr(warning, ": warning: ");
    if (w)
        g_snprintf(p.message, sizeof p.message, "%.*s: %s", (int)(w - warning), warning,
                   w + strlen(": warning: "));
    else
        g_strlcpy(p.message, warning, sizeof p.message);
    fn(&p, user);
}

guint editor_disasm_sprites_check(EditorDisasmSprites *self, const lw_level *level,
                                  editor_problem_fn fn, void *user)
{
    g_return_val_if_fail(self && level && fn, 0);
    editor_disasm_sprites_set_level(self, level); /* what the definitions' code may read */
    guint at_open = self->warnings->len;
    GArray *places = g_array_new(FALSE, FALSE, sizeof(int32_t) * 2);
    for (uint32_t i = 0; i < level->object_count; i++) {
        const lw_object *o = &level->objects[i];
        guint before = self->warnings->len;
        editor_disasm_sprites_get(self, o);
        for (guint k = before; k < self->warnings->len; k++) {
            int32_t xy[2] = {o->x, o->y};
            g_array_append_val(places, xy);
        }
    }
    for (guint k = 0; k < self->warnings->len; k++) {
        const int32_t *xy = k < at_open ? NULL : &g_array_index(places, int32_t, 2 * (k - at_open));
        report(g_ptr_array_index(self->warnings, k), xy ? xy[0] : -1, xy ? xy[1] : -1, fn, user);
    }
    g_array_unref(places);
    return self->warnings->len;
}

guint editor_disasm_sprites_check_file(const char *json_path, const lw_level *level,
                                       editor_problem_fn fn, void *user)
{
    g_autoptr(GError) error = NULL;
    EditorDisasmSprites *self = editor_disasm_sprites_new_for_file(json_path, &error);
    if (!self && error) {
        g_autofree char *msg = g_strdup_printf("sprites: %s", error->message);
        report(msg, -1, -1, fn, user);
        return 1;
    }
    guint n = self ? editor_disasm_sprites_check(self, level, fn, user) : 0;
    editor_disasm_sprites_free(self);
    return n;
}
