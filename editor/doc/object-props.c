/* SPDX-License-Identifier: MIT */
#include "object-props.h"

#include <string.h>

char *editor_object_properties_text(const lw_object *obj)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < obj->prop_count; i++)
        g_string_append_printf(s, "%s = %s\n", obj->props[i].key, obj->props[i].value);
    return g_string_free(s, FALSE);
}

gboolean editor_object_set_properties_text(lw_object *obj, const char *text)
{
    lw_object_clear_properties(obj);
    gboolean ok = TRUE;
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (guint i = 0; lines[i]; i++) {
        char *eq = strchr(lines[i], '=');
        if (!eq)
            continue;
        *eq = '\0';
        g_autofree char *k = g_strstrip(g_strdup(lines[i]));
        g_autofree char *v = g_strstrip(g_strdup(eq + 1));
        if (*k && strlen(k) <= EDITOR_PROPERTY_KEY_MAX && !lw_object_set_property(obj, k, v))
            ok = FALSE;
    }
    return ok;
}
