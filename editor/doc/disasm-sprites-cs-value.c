/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter (disasm-sprites-cs.c, docs/DISASM.md §11.1): System.Drawing's
 * Point and Size, values as C#'s structs are (a copy is a copy, a field of a variable is stored
 * into in place), the level's DisplayName, and the library calls on strings and collections the
 * definitions choose their sprites with: String.Remove / Substring / StartsWith / EndsWith /
 * Contains, Array.Reverse, a list's or array's Contains and ToArray, ReadOnlyCollection and
 * ReadOnlyDictionary (views of what they wrap), a List copied from another, and the members of
 * the file's enums. s2disasm's MTZ
 * trigger platform (0x65) and CPZ's and MTZ's moving block (0x6B) need all of them.
 */
#include "disasm-sprites-cs-private.h"

#include <string.h>

static gboolean is_pair(vkind k)
{
    return k == V_POINT || k == V_SIZE;
}

val dcs_default_value(vkind k)
{
    val zero = dcs_vk(V_DECIMAL); /* 0m */
    return k == V_INT       ? dcs_vint(0)
           : k == V_BOOL    ? dcs_vbool(FALSE)
           : k == V_DECIMAL ? zero
                            : dcs_vk(is_pair(k) ? k : V_NULL);
}

cs_conv dcs_conv_of(const char *type, gsize len)
{
    static const struct {
        const char *type;
        cs_conv conv;
    } convs[] = {{"decimal", CV_DECIMAL}, {"Decimal", CV_DECIMAL}, {"double", CV_REAL},
                 {"Double", CV_REAL},     {"byte", CV_BYTE},       {"Byte", CV_BYTE},
                 {"sbyte", CV_SBYTE},     {"short", CV_SHORT},     {"ushort", CV_USHORT}};
    for (size_t k = 0; k < G_N_ELEMENTS(convs); k++)
        if (strlen(convs[k].type) == len && memcmp(convs[k].type, type, len) == 0)
            return convs[k].conv;
    return CV_NONE;
}

cs_conv dcs_conv_at(const dspr_cs *c, guint i)
{
    const tok *t = dcs_T(c, i);
    if (t->kind != T_IDENT || dcs_T(c, i + 1)->kind != T_IDENT)
        return CV_NONE; /* `T[] x`, `List<T> x`, `T? x`, `var x` are none of these */
    return dcs_conv_of(c->text + t->at, t->len);
}

val dcs_convert(cs_conv conv, val v)
{
    if (v.k != V_INT)
        return v; /* C# converts nothing else implicitly to these */
    switch (conv) {
    case CV_DECIMAL:
        dcs_dec_cast("decimal", v, &v);
        return v;
    case CV_REAL:
        return dcs_vreal((double)(gint32)v.i);
    case CV_BYTE:
        return dcs_vint(v.i & 0xFF);
    case CV_SBYTE:
        return dcs_vint((gint8)(guint8)(v.i & 0xFF));
    case CV_SHORT:
        return dcs_vint((gint16)(guint16)(v.i & 0xFFFF));
    case CV_USHORT:
        return dcs_vint(v.i & 0xFFFF);
    default:
        return v;
    }
}

val dcs_new_pair(vkind k, const val *a, int n)
{
    val r = dcs_vk(k);
    if (n == 0)
        return r; /* (0, 0) */
    if (n != 2 || a[0].k != V_INT || a[1].k != V_INT)
        return dcs_vk(V_UNKNOWN);
    r.dx = (int)a[0].i; /* ints already: C#'s 32-bit values */
    r.dy = (int)a[1].i;
    return r;
}

int dcs_pair_part(val v, const char *name)
{
    if (v.k == V_POINT)
        return strcmp(name, "X") == 0 ? 1 : strcmp(name, "Y") == 0 ? 2 : 0;
    if (v.k == V_SIZE)
        return strcmp(name, "Width") == 0 ? 1 : strcmp(name, "Height") == 0 ? 2 : 0;
    return 0;
}

val dcs_pair_get(val v, int part)
{
    return dcs_vint(part == 1 ? v.dx : v.dy);
}

val dcs_pair_set(val whole, int part, val v)
{
    if (!is_pair(whole.k) || v.k != V_INT)
        return dcs_vk(V_UNKNOWN);
    if (part == 1)
        whole.dx = (int)v.i;
    else
        whole.dy = (int)v.i;
    return whole;
}

val dcs_level_name(dspr_cs *c)
{
    const char *name = c->owner ? c->owner->level_name : NULL;
    return name ? dcs_vstr(V_STR, dcs_keep(c, g_strdup(name))) : dcs_vk(V_UNKNOWN);
}

/* A string's length in UTF-16 units as C# counts it: only ASCII is followed (-1 otherwise). */
static gint64 ascii_length(const char *s)
{
    for (const char *p = s; *p; p++)
        if ((unsigned char)*p >= 0x80)
            return -1;
    return (gint64)strlen(s);
}

static val substring(dspr_cs *c, const char *s, gint64 from, gint64 count)
{
    return dcs_vstr(V_STR, dcs_keep(c, g_strndup(s + from, (gsize)count)));
}

/* Methods of string @s: where C# throws (an index outside the string) the value is unknown,
 * and so is Remove(i) with i at the very end, where .NET Framework (SonLVL's) throws and later
 * .NET does not. */
static val string_builtin(dspr_cs *c, const char *s, const char *name, const val *a, int n)
{
    gint64 len = ascii_length(s);
    if (len < 0)
        return dcs_vk(V_UNKNOWN);
    if ((strcmp(name, "Remove") == 0 || strcmp(name, "Substring") == 0) && n >= 1 && n <= 2 &&
        a[0].k == V_INT && (n == 1 || a[1].k == V_INT)) {
        gint64 at = a[0].i, count = n == 2 ? a[1].i : len - at;
        gboolean remove = name[0] == 'R';
        if (at < 0 || count < 0 || at > len || count > len - at || (remove && n == 1 && at == len))
            return dcs_vk(V_UNKNOWN);
        if (!remove)
            return substring(c, s, at, count);
        char *r = g_strdup(s);
        memmove(r + at, r + at + count, (gsize)(len - at - count + 1));
        return dcs_vstr(V_STR, dcs_keep(c, r));
    }
    if ((strcmp(name, "StartsWith") == 0 || strcmp(name, "EndsWith") == 0 ||
         strcmp(name, "Contains") == 0) &&
        n == 1 && a[0].k == V_STR && ascii_length(a[0].p) >= 0)
        return dcs_vbool(name[0] == 'S'   ? g_str_has_prefix(s, a[0].p)
                         : name[0] == 'E' ? g_str_has_suffix(s, a[0].p)
                                          : strstr(s, a[0].p) != NULL);
    return dcs_vk(V_UNKNOWN);
}

/* `LIST.Contains(x)`: TRUE at an equal element; unknown when none is equal but one might be. */
static val contains(GArray *arr, val x)
{
    gboolean unknown = FALSE;
    for (guint i = 0; i < arr->len; i++) {
        val eq = dcs_equal(g_array_index(arr, val, i), x, FALSE);
        if (eq.k == V_BOOL && eq.i)
            return dcs_vbool(TRUE);
        unknown = unknown || eq.k != V_BOOL;
    }
    return unknown ? dcs_vk(V_UNKNOWN) : dcs_vbool(FALSE);
}

/* `new Tuple<...>(a, b, ...)` / `Tuple.Create(a, b, ...)`: an array of its items (Item1 ...). */
static val tuple(dspr_cs *c, const val *a, int n)
{
    val t = n >= 1 && n <= 7 ? dcs_new_array(c, 0, V_NULL, FALSE) : dcs_vk(V_UNKNOWN);
    for (int k = 0; t.k == V_ARRAY && k < n; k++)
        if (!dcs_array_push(c, t.p, a[k]))
            t = dcs_vk(V_UNKNOWN);
    return t;
}

/* A LinkedList's `AddFirst(x)` / `AddLast(x)`: in place; past CS_MAX_ARRAY the run stops (what
 * the list holds could not be told). */
static val linked_add(dspr_cs *c, GArray *list, val x, gboolean first)
{
    if (!dcs_array_push(c, list, x)) {
        dcs_fatal(c);
        return dcs_vk(V_UNKNOWN);
    }
    if (first) {
        memmove(list->data + sizeof(val), list->data, (list->len - 1) * sizeof(val));
        g_array_index(list, val, 0) = x;
    }
    return dcs_vk(V_UNKNOWN); /* the new node: not used by the trees */
}

val dcs_list_member(dspr_cs *c, val v, const char *name)
{
    GArray *arr = v.p;
    if (v.k == V_NODE) { /* of a list changed since the node was had: not known */
        gboolean same = arr->len == (guint)v.dx;
        if (same && strcmp(name, "Value") == 0)
            return g_array_index(arr, val, v.i);
        if (same && (strcmp(name, "Next") == 0 || strcmp(name, "Previous") == 0)) {
            v.i += name[0] == 'N' ? 1 : -1;
            return v.i >= 0 && v.i < (gint64)arr->len ? v : dcs_vk(V_NULL);
        }
        return dcs_vk(V_UNKNOWN);
    }
    if (strcmp(name, v.i ? "Count" : "Length") == 0)
        return dcs_vint(arr->len);
    if (v.i && (strcmp(name, "First") == 0 || strcmp(name, "Last") == 0)) {
        if (!arr->len)
            return dcs_vk(V_NULL); /* an empty LinkedList's First */
        val node = dcs_vk(V_NODE);
        node.p = arr;
        node.i = name[0] == 'F' ? 0 : arr->len - 1;
        node.dx = (int)arr->len;
        return node;
    }
    if (!v.i && g_str_has_prefix(name, "Item") && name[4] >= '1' && name[4] <= '7' && !name[5] &&
        (guint)(name[4] - '1') < arr->len)
        return g_array_index(arr, val, name[4] - '1'); /* a Tuple's */
    return dcs_vk(V_UNKNOWN);
}

gboolean dcs_value_call(dspr_cs *c, val self, const char *name, const val *a, int n, val *out)
{
    if (self.k == V_ARRAY && self.i && n == 1 &&
        (strcmp(name, "AddFirst") == 0 || strcmp(name, "AddLast") == 0)) {
        *out = linked_add(c, self.p, a[0], name[3] == 'F');
        return TRUE;
    }
    if (self.k == V_NAME && strcmp(self.p, "Tuple") == 0 && strcmp(name, "Create") == 0) {
        *out = tuple(c, a, n);
        return TRUE;
    }
    if (self.k == V_STR) {
        *out = string_builtin(c, self.p, name, a, n);
        return TRUE;
    }
    if (self.k == V_ARRAY && strcmp(name, "Contains") == 0 && n == 1) {
        *out = contains(self.p, a[0]);
        return TRUE;
    }
    if (self.k == V_ARRAY && strcmp(name, "ToArray") == 0 && n == 0) { /* a copy, an array */
        GArray *from = self.p;
        *out = dcs_new_array(c, 0, V_NULL, FALSE);
        for (guint i = 0; out->k == V_ARRAY && i < from->len; i++)
            if (!dcs_array_push(c, out->p, g_array_index(from, val, i)))
                *out = dcs_vk(V_UNKNOWN);
        return TRUE;
    }
    if (self.k == V_NAME && (strcmp(self.p, "Array") == 0 || strcmp(self.p, "System.Array") == 0) &&
        strcmp(name, "Reverse") == 0 && n == 1) {
        if (a[0].k == V_ARRAY) { /* in place: every name for the array sees it */
            GArray *arr = a[0].p;
            for (guint i = 0, j = arr->len; j-- > i; i++) {
                val t = g_array_index(arr, val, i);
                g_array_index(arr, val, i) = g_array_index(arr, val, j);
                g_array_index(arr, val, j) = t;
            }
        }
        *out = dcs_vk(V_UNKNOWN); /* void */
        return TRUE;
    }
    return FALSE;
}

gboolean dcs_enum_value(const dspr_cs *c, const char *type, const char *member, val *out)
{
    g_autofree char *tail = g_strconcat(".", type, NULL);
    for (guint i = 0; i < c->enums->len; i++) {
        const cs_enum *e = &g_array_index(c->enums, cs_enum, i);
        if (strcmp(e->member, member) == 0 &&
            (strcmp(e->type, type) == 0 || g_str_has_suffix(e->type, tail))) {
            *out = e->known ? dcs_vint(e->value) : dcs_vk(V_UNKNOWN);
            return TRUE;
        }
    }
    return FALSE;
}

gboolean dcs_value_new(dspr_cs *c, const char *type, const val *a, int n, val *out)
{
    if (strcmp(type, "LinkedList") == 0 && n == 0) {
        *out = dcs_new_array(c, 0, V_NULL, TRUE); /* a list; First and Last give nodes */
        return TRUE;
    }
    if (strcmp(type, "Tuple") == 0) {
        *out = tuple(c, a, n);
        return TRUE;
    }
    if ((strcmp(type, "Point") == 0 || strcmp(type, "Size") == 0) &&
        dcs_class_find(c, NULL, type) < 0) {
        *out = dcs_new_pair(type[0] == 'P' ? V_POINT : V_SIZE, a, n);
        return TRUE;
    }
    if (strcmp(type, "ReadOnlyCollection") == 0 && n == 1 && a[0].k == V_ARRAY) {
        *out = a[0]; /* a view of the list: its changes are seen, and it has a Count */
        out->i = 1;
        return TRUE;
    }
    if (strcmp(type, "ReadOnlyDictionary") == 0 && n == 1 && a[0].k == V_DICT) {
        *out = a[0];
        return TRUE;
    }
    if (strcmp(type, "List") == 0 && n == 1 && a[0].k == V_ARRAY) { /* a copy */
        GArray *from = a[0].p;
        *out = dcs_new_array(c, 0, V_NULL, TRUE);
        for (guint i = 0; out->k == V_ARRAY && i < from->len; i++)
            if (!dcs_array_push(c, out->p, g_array_index(from, val, i)))
                *out = dcs_vk(V_UNKNOWN);
        return TRUE;
    }
    return FALSE;
}
