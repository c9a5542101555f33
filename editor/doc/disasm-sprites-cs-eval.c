/* SPDX-License-Identifier: MIT */
/* The C# definition interpreter (disasm-sprites-cs.c): expressions, calls and members. */
#include "disasm-sprites-cs-private.h"

#include <stdlib.h>
#include <string.h>

static val assign(dspr_cs *c, lval *lv);
static val ternary_lv(dspr_cs *c, lval *lv);

/* Stop the run: the budget of steps, calls or nesting is spent. */
void dcs_fatal(dspr_cs *c)
{
    c->fatal = c->error = TRUE;
}

gboolean dcs_step(dspr_cs *c)
{
    if (++c->steps > c->max_steps)
        dcs_fatal(c);
    return !c->error;
}

/* A local of the current method (or of the lambdas in it), -1 when none. */
static int local_find(const dspr_cs *c, const char *name)
{
    for (guint i = c->locals->len; i-- > c->frame;)
        if (strcmp(g_array_index(c->locals, cs_local, i).name, name) == 0)
            return (int)i;
    return -1;
}

void dcs_local_push(dspr_cs *c, const char *name, val v)
{
    cs_local l = {g_strdup(name), v, CV_NONE};
    g_array_append_val(c->locals, l);
}

void dcs_local_push_typed(dspr_cs *c, const char *name, val v, cs_conv conv)
{
    cs_local l = {g_strdup(name), dcs_convert(conv, v), (guint8)conv};
    g_array_append_val(c->locals, l);
}

void dcs_locals_pop(dspr_cs *c, guint to)
{
    while (c->locals->len > to) {
        g_free(g_array_index(c->locals, cs_local, c->locals->len - 1).name);
        g_array_set_size(c->locals, c->locals->len - 1);
    }
}

static int args(dspr_cs *c, val *a, lval *outs, GArray **many);

/* A constructor's `: base(ARGS)` / `: this(ARGS)` at m->chain, run on the same instance. */
static void chain(dspr_cs *c, const cs_method *m)
{
    c->pos = m->chain;
    val a[CS_MAX_ARGS];
    int n = args(c, a, NULL, NULL);
    int cls = m->chain_this ? m->cls : g_array_index(c->classes, cs_class, m->cls).base_cls;
    if (n < 0 || cls < 0)
        return;
    const char *full = g_array_index(c->classes, cs_class, cls).full, *dot = strrchr(full, '.');
    int mi = dcs_method_pick(c, cls, dot ? dot + 1 : full, a, n, FALSE);
    if (mi >= 0)
        dcs_invoke_on(c, c->self, cls, mi, a, n);
}

/* Run method @mi with @args; its return value (unknown when it aborts). */
val dcs_invoke(dspr_cs *c, int mi, const val *args, int n)
{
    const cs_method *m = &g_array_index(c->methods, cs_method, mi);
    if (!c->live)
        return dcs_vk(V_UNKNOWN);
    if (c->calls >= CS_MAX_CALLS) {
        dcs_fatal(c);
        return dcs_vk(V_UNKNOWN);
    }
    guint saved_pos = c->pos, mark = c->locals->len, saved_frame = c->frame;
    int saved_cls = c->cur_cls;
    gboolean packed =
        m->variadic && !(n == m->nparams && (args[n - 1].k == V_ARRAY || args[n - 1].k == V_NULL));
    for (int i = 0; i < n && i < m->nparams - (packed ? 1 : 0); i++)
        dcs_local_push_typed(c, m->params[i], args[i], m->pconv[i]);
    c->frame = mark;
    for (int i = n; !packed && i < m->nparams && m->dflt[i]; i++) { /* default values */
        c->pos = m->dflt[i];
        val d = dcs_expr(c);
        dcs_local_push_typed(c, m->params[i], d, m->pconv[i]);
    }
    if (packed) { /* params T[] x: the rest of the arguments as an array */
        val rest = dcs_new_array(c, 0, V_NULL, FALSE);
        for (int i = m->nparams - 1; rest.k == V_ARRAY && i < n; i++)
            dcs_array_push(c, rest.p, args[i]);
        dcs_local_push(c, m->params[m->nparams - 1], rest);
    }
    c->frame = mark;
    c->calls++;
    c->cur_cls = m->cls;
    if (m->chain)
        chain(c, m);
    c->pos = m->body;
    c->ret = dcs_vk(V_UNKNOWN);
    GArray *saved_yield = c->yield_to;
    val r, list = m->iterator ? dcs_new_array(c, 0, V_NULL, TRUE) : dcs_vk(V_UNKNOWN);
    c->yield_to = list.k == V_ARRAY ? list.p : NULL; /* an iterator: its yields, eagerly */
    if (m->expr) {
        r = dcs_expr(c);
    } else {
        flow f = dcs_exec_block(c);
        r = m->iterator  ? (f == S_RET || f == S_NEXT ? list : dcs_vk(V_UNKNOWN))
            : f == S_RET ? c->ret
                         : dcs_vk(V_UNKNOWN);
    }
    c->yield_to = saved_yield;
    c->calls--;
    c->cur_cls = saved_cls;
    c->pos = saved_pos;
    c->frame = saved_frame;
    dcs_locals_pop(c, mark);
    return r;
}

val dcs_invoke_on(dspr_cs *c, GHashTable *self, int cls, int mi, const val *args, int n)
{
    GHashTable *saved = c->self;
    int saved_cls = c->self_cls;
    c->self = self;
    c->self_cls = cls;
    val r = dcs_invoke(c, mi, args, n);
    c->self = saved;
    c->self_cls = saved_cls;
    return r;
}

/* `out x`, `out var x`, `out T x` (a new local): its lvalue into @lv. */
static void out_arg(dspr_cs *c, lval *lv)
{
    guint name = dcs_tok_is(c, c->pos, "var") ? c->pos + 1 : dcs_skip_type(c, c->pos);
    if (name && name > c->pos && dcs_T(c, name)->kind == T_IDENT &&
        (dcs_tok_is(c, name + 1, ")") || dcs_tok_is(c, name + 1, ","))) {
        g_autofree char *n = dcs_tok_text(c, name);
        dcs_local_push(c, n, dcs_vk(V_NULL));
        *lv = (lval){LV_LOCAL, c->locals->len - 1, NULL, NULL, NULL, 0};
        c->pos = name + 1;
        return;
    }
    *lv = (lval){LV_NONE, 0, NULL, NULL, NULL, 0};
    ternary_lv(c, lv);
}

/* `(ARGS)` at c->pos into @a: the count, -1 on a parse error or past CS_MAX_ARGS. An `out` /
 * `ref` argument is unknown; with @outs, its lvalue goes there (LV_NONE for the others). With
 * @many, a call of more arguments (a `params` method's: DEZ's tunnel paths pass 70) has them
 * all in a new *@many instead, up to CS_MAX_ARRAY. */
static int args(dspr_cs *c, val *a, lval *outs, GArray **many)
{
    int n = 0;
    gboolean lost = FALSE; /* an argument past what @a (and @many) hold */
    dcs_expect(c, "(");
    while (!c->error && !dcs_accept(c, ")")) {
        if (n && !dcs_accept(c, ","))
            c->error = TRUE;
        gboolean unknown = dcs_accept(c, "out") || dcs_accept(c, "ref");
        lval lv = {LV_NONE, 0, NULL, NULL, NULL, 0};
        val v = dcs_vk(V_UNKNOWN);
        if (unknown && outs)
            out_arg(c, &lv);
        else
            v = dcs_expr(c);
        if (unknown)
            v = dcs_vk(V_UNKNOWN);
        if (n < CS_MAX_ARGS) {
            a[n] = v;
            if (outs)
                outs[n] = lv;
        } else if (many && (guint)n < CS_MAX_ARRAY) {
            if (!*many)
                *many = g_array_append_vals(g_array_new(FALSE, FALSE, sizeof(val)), a, (guint)n);
            g_array_append_val(*many, v);
        } else {
            lost = TRUE;
        }
        n++;
    }
    return c->error || lost ? -1 : n;
}

static val store(dspr_cs *c, const lval *lv, val v);

/* d.TryGetValue(KEY, out X) */
static val try_get(dspr_cs *c, val d, const val *a, const lval *outs, int n)
{
    if (n != 2 || outs[1].k == LV_NONE || !c->live)
        return dcs_vk(V_UNKNOWN);
    val *v = dcs_dict_find(d, a[0]);
    store(c, &outs[1], v ? *v : dcs_vk(V_NULL));
    return a[0].k == V_UNKNOWN ? dcs_vk(V_UNKNOWN) : dcs_vbool(v != NULL);
}

/* A call of @name on @self (V_THIS for an unqualified call). */
static val call(dspr_cs *c, val self, const char *name)
{
    val first[CS_MAX_ARGS];
    lval outs[CS_MAX_ARGS];
    g_autoptr(GArray) many = NULL;
    int n = args(c, first, outs, &many);
    if (n < 0)
        return dcs_vk(V_UNKNOWN);
    const val *a = many ? (const val *)(void *)many->data : first;
    if (self.k == V_THIS || self.k == V_BASE) {
        int from = self.k == V_THIS  ? c->self_cls
                   : c->cur_cls >= 0 ? g_array_index(c->classes, cs_class, c->cur_cls).base_cls
                                     : -1;
        int mi = dcs_method_pick(c, from, name, a, n, TRUE);
        return mi >= 0 ? dcs_invoke(c, mi, a, n) : dcs_vk(V_UNKNOWN);
    }
    if (self.k == V_INST) {
        int mi = dcs_method_pick(c, (int)self.i, name, a, n, TRUE);
        return mi >= 0 ? dcs_invoke_on(c, self.p, (int)self.i, mi, a, n) : dcs_vk(V_UNKNOWN);
    }
    if (self.k == V_DICT && strcmp(name, "TryGetValue") == 0)
        return try_get(c, self, a, outs, n);
    return c->live ? dcs_builtin(c, self, name, a, n) : dcs_vk(V_UNKNOWN);
}

/* A field or property getter @name of the instance; unknown when there is none. */
static val member_of_this(dspr_cs *c, const char *name, lval *lv)
{
    val *f = g_hash_table_lookup(c->self, name);
    if (f) {
        lv->k = LV_FIELD;
        lv->field = f;
        return *f;
    }
    int mi = dcs_method_find(c, c->self_cls, name, -1);
    return mi >= 0 ? dcs_invoke(c, mi, NULL, 0) : dcs_vk(V_UNKNOWN);
}

static val member(dspr_cs *c, val v, const char *name, lval *lv)
{
    switch (v.k) {
    case V_NAME: {
        val r = dcs_vstr(V_NAME, dcs_keep(c, g_strconcat(v.p, ".", name, NULL))), m;
        if (r.k == V_NAME && strcmp(r.p, "ObjectHelper.LevelArt") == 0)
            return dcs_level_art(c); /* SonLVL's property: the level's art */
        if (r.k == V_NAME && strcmp(r.p, "LevelData.Level.DisplayName") == 0)
            return dcs_level_name(c);
        if (dcs_enum_value(c, v.p, name, &m) || (r.k == V_NAME && dcs_level_data(c, r.p, &m)))
            return m; /* an enum's member: an int; the level's data */
        return r.k == V_NAME && dcs_math_name(r.p, &m) ? m : r; /* Math.PI: a double */
    }
    case V_THIS:
        return member_of_this(c, name, lv);
    case V_OBJ:
        if (strcmp(name, "X") == 0 || strcmp(name, "Y") == 0) {
            c->placed = TRUE; /* the sprite depends on where the object is */
            return dcs_vint(name[0] == 'X' ? v.dx : v.dy);
        }
        return strcmp(name, "SubType") == 0 ? dcs_vint(v.i)
               : strcmp(name, "XFlip") == 0 ? dcs_vbool(v.fx)
               : strcmp(name, "YFlip") == 0 ? dcs_vbool(v.fy)
                                            : dcs_vk(V_UNKNOWN);
    case V_LEVEL:
        return dcs_level_member(c, v, name);
    case V_SPRITE:
        return dcs_sprite_member(c, v, name);
    case V_BITMAP:
        return strcmp(name, "Width") == 0    ? dcs_vint(v.dx)
               : strcmp(name, "Height") == 0 ? dcs_vint(v.dy)
                                             : dcs_vk(V_UNKNOWN);
    case V_ARRAY:
    case V_NODE:
        return dcs_list_member(c, v, name);
    case V_MAP: {
        GByteArray *b = strcmp(name, "Length") == 0 ? dcs_map_bytes(c, v.p) : NULL;
        return b ? dcs_vint(b->len) : dcs_vk(V_UNKNOWN);
    }
    case V_INST:
        return dcs_inst_member(c, v, name, lv);
    case V_DICT:
        return dcs_dict_member(c, v, name);
    default:
        return dcs_vk(V_UNKNOWN);
    }
}

/* An initializer `{ a, b, ... }` at c->pos appended to array @r (a new one when @r is none). */
static val initializer(dspr_cs *c, val r);

val dcs_init_expr(dspr_cs *c)
{
    return dcs_is(c, "{") ? initializer(c, dcs_vk(V_UNKNOWN)) : dcs_expr(c);
}

/* An initializer `{ a, b, ... }` at c->pos appended to array @r (a new one when @r is none). */
static val initializer(dspr_cs *c, val r)
{
    if (r.k != V_ARRAY && c->live)
        r = dcs_new_array(c, 0, V_NULL, FALSE);
    c->pos++;
    while (!c->error && !dcs_accept(c, "}")) {
        val v = dcs_expr(c);
        if (r.k == V_ARRAY)
            dcs_array_push(c, r.p, v);
        if (!dcs_is(c, "}"))
            dcs_expect(c, ",");
    }
    return r;
}

/* `new dcs_T(ARGS)`: the objects the definitions build their sprites with; unknown for others. */
static val construct(dspr_cs *c, const char *type)
{
    val a[CS_MAX_ARGS];
    int n = args(c, a, NULL, NULL);
    if (n < 0 || !type || !c->live)
        return dcs_vk(V_UNKNOWN);
    if (strcmp(type, "MultiFileIndexer") == 0 && n == 0 && dcs_charge(c, 1)) {
        GPtrArray *parts = g_ptr_array_new();
        g_ptr_array_add(c->indexers, parts);
        val r = dcs_vk(V_INDEXER);
        r.p = parts;
        return r;
    }
    if (strcmp(type, "List") == 0 && n == 1 && a[0].k == V_ART)
        return a[0];
    if (strcmp(type, "List") == 0 && n == 0)
        return dcs_new_array(c, 0, V_NULL, TRUE);
    if (strcmp(type, "Sprite") == 0)
        return dcs_new_sprite(c, a, n);
    if (strcmp(type, "BitmapBits") == 0)
        return dcs_new_bitmap(c, a, n);
    val r;
    if (dcs_value_new(c, type, a, n, &r))
        return r; /* Point, Size, ReadOnlyCollection, a List's copy */
    if (strcmp(type, "Dictionary") == 0 && n == 0)
        return dcs_new_dict(c);
    return dcs_new_user(c, type, a, n); /* a class of the file, else unknown */
}

/* `new ...` after the keyword */
static val new_expr(dspr_cs *c)
{
    gboolean implicit = dcs_accept(c, "["); /* new[] { ... } */
    if (implicit)
        dcs_expect(c, "]");
    guint type = c->pos, after = implicit ? c->pos : dcs_skip_type(c, c->pos);
    if (!after || c->error) {
        c->error = TRUE;
        return dcs_vk(V_UNKNOWN);
    }
    g_autofree char *last = NULL;
    for (guint i = type; i < after; i++)
        if (dcs_T(c, i)->kind == T_IDENT && !dcs_tok_is(c, i + 1, "."))
            last = last ? last : dcs_tok_text(c, i);
    c->pos = after;
    val r = dcs_vk(V_UNKNOWN);
    gboolean array = implicit || (after > type && dcs_tok_is(c, after - 1, "]"));
    if (!implicit && dcs_accept(c, "[")) { /* new T[n], new T[n][] */
        val n = dcs_expr(c);
        dcs_expect(c, "]");
        gboolean jagged = FALSE;
        while (dcs_accept(c, "[")) {
            dcs_expect(c, "]");
            jagged = TRUE;
        }
        if (n.k == V_INT && n.i >= 0 && c->live)
            r = dcs_new_array(c, (guint)MIN(n.i, (gint64)CS_MAX_ARRAY + 1),
                              jagged || !last ? V_NULL : dcs_default_of(last, strlen(last)), FALSE);
        array = TRUE;
    } else if (!implicit && dcs_is(c, "(")) {
        r = construct(c, last);
    }
    if (dcs_is(c, "{")) {
        if (array) {
            r = initializer(c, dcs_vk(V_UNKNOWN));
        } else if (r.k == V_ARRAY && r.i) {
            r = initializer(c, r); /* new List<T> { a, b } */
        } else {
            gboolean dict = last && strcmp(last, "Dictionary") == 0;
            if (r.k == V_UNKNOWN && !dcs_tok_is(c, c->pos - 1, ")") && c->live)
                r = dict ? dcs_new_dict(c) : dcs_new_user(c, last, NULL, 0); /* new T { ... } */
            if (dict)
                dcs_dict_init(c, &r);
            else
                dcs_object_init(c, &r); /* new T { A = e } */
        }
    }
    return r;
}

static gboolean cast_type(const dspr_cs *c, guint i, vkind *k)
{
    const tok *t = dcs_T(c, i);
    if (t->kind != T_IDENT || !dcs_tok_is(c, i + 1, ")"))
        return FALSE;
    *k = t->len == 6 && memcmp(c->text + t->at, "double", 6) == 0
             ? V_REAL
             : dcs_default_of(c->text + t->at, t->len);
    const tok *n = dcs_T(c, i + 2);
    return (*k == V_INT || *k == V_REAL || *k == V_DECIMAL) &&
           (n->kind == T_IDENT || n->kind == T_INT || n->kind == T_REAL || n->kind == T_DEC ||
            dcs_tok_is(c, i + 2, "(") || dcs_tok_is(c, i + 2, "~") || dcs_tok_is(c, i + 2, "!") ||
            dcs_tok_is(c, i + 2, "-") || dcs_tok_is(c, i + 2, "+")); /* (int)-x: the type is
                                                                         a keyword, a cast */
}

static val unary(dspr_cs *c, lval *lv);

/* `(T)x` for an integer type T: x truncated as T is. */
static val cast(dspr_cs *c)
{
    g_autofree char *type = dcs_tok_text(c, c->pos);
    c->pos += 2;
    lval lv = {LV_NONE, 0, NULL, NULL, NULL, 0};
    val v = unary(c, &lv), r;
    if (dcs_dec_cast(type, v, &r))
        return r; /* of a decimal, or to one */
    if (dcs_real_cast(type, v, &r))
        return r; /* of a double, or to one */
    if (v.k != V_INT)
        return v.k == V_BOOL ? dcs_vk(V_UNKNOWN) : v;
    return dcs_convert(dcs_conv_of(type, strlen(type)), v); /* (byte) wraps, (int) keeps */
}

static val primary(dspr_cs *c, lval *lv)
{
    const tok *t = dcs_T(c, c->pos);
    if (!dcs_step(c))
        return dcs_vk(V_UNKNOWN);
    if (t->kind == T_INT) {
        c->pos++;
        return dcs_vint(t->num);
    }
    if (t->kind == T_REAL) {
        c->pos++;
        return dcs_real_token(t);
    }
    if (t->kind == T_DEC) {
        c->pos++;
        return dcs_dec_token(c, t);
    }
    if (t->kind == T_STR)
        return dcs_vstr(V_STR, dcs_string_of(c, c->pos++));
    vkind ck;
    if (dcs_is(c, "(") && cast_type(c, c->pos + 1, &ck)) {
        c->pos++;
        return cast(c);
    }
    if (dcs_accept(c, "(")) {
        val v = dcs_expr(c);
        dcs_expect(c, ")");
        return v;
    }
    if (t->kind != T_IDENT) {
        c->error = TRUE;
        return dcs_vk(V_UNKNOWN);
    }
    g_autofree char *name = dcs_tok_text(c, c->pos++);
    if (strcmp(name, "true") == 0 || strcmp(name, "false") == 0)
        return dcs_vbool(name[0] == 't');
    if (strcmp(name, "null") == 0)
        return dcs_vk(V_NULL);
    if (strcmp(name, "this") == 0 || strcmp(name, "base") == 0)
        return dcs_vk(name[0] == 't' ? V_THIS : V_BASE);
    if (strcmp(name, "new") == 0)
        return new_expr(c);
    if (strcmp(name, "typeof") == 0 || strcmp(name, "sizeof") == 0 || strcmp(name, "nameof") == 0) {
        c->pos = dcs_is(c, "(") ? dcs_skip_group(c, c->pos) : c->pos;
        return dcs_vk(V_UNKNOWN);
    }
    if (dcs_is(c, "("))
        return call(c, dcs_vk(V_THIS), name);
    int l = local_find(c, name);
    if (l >= 0) {
        lv->k = LV_LOCAL;
        lv->index = (guint)l;
        return g_array_index(c->locals, cs_local, l).v;
    }
    val v = member_of_this(c, name, lv);
    return v.k != V_UNKNOWN || lv->k != LV_NONE
               ? v
               : dcs_vstr(V_NAME, dcs_keep(c, g_steal_pointer(&name)));
}

/* An element of array @a at @i, or dictionary @a's value for key @i, or a byte of mappings. */
static val element(dspr_cs *c, val a, val i, lval *lv)
{
    if (a.k == V_MAP) {
        GByteArray *b = dcs_map_bytes(c, a.p);
        if (!b || i.k != V_INT || i.i < 0 || i.i >= (gint64)b->len)
            return dcs_vk(V_UNKNOWN); /* past the end: an exception in C# */
        lv->k = LV_BYTE;
        lv->map = a.p;
        lv->index = (guint)i.i;
        return dcs_vint(b->data[i.i]);
    }
    val *dv = dcs_dict_find(a, i);
    if (dv) {
        GArray *e = a.p;
        lv->k = LV_ELEM;
        lv->arr = e;
        lv->index = (guint)(dv - (val *)(void *)e->data);
        return *dv;
    }
    if (a.k != V_ARRAY || i.k != V_INT)
        return dcs_vk(V_UNKNOWN);
    GArray *arr = a.p;
    if (i.i < 0 || i.i >= (gint64)arr->len)
        return dcs_vk(V_UNKNOWN); /* an exception in C#: nothing drawn */
    lv->k = LV_ELEM;
    lv->arr = arr;
    lv->index = (guint)i.i;
    return g_array_index(arr, val, i.i);
}

/* Where lvalue @lv (a local, field or element) keeps its value; NULL for others. */
static val *slot(dspr_cs *c, const lval *lv)
{
    return lv->k == LV_LOCAL   ? &g_array_index(c->locals, cs_local, lv->index).v
           : lv->k == LV_FIELD ? lv->field
           : lv->k == LV_ELEM  ? &g_array_index(lv->arr, val, lv->index)
                               : NULL;
}

/* Store @v at @lv; the value stored (a typed local's conversion of @v). */
static val store(dspr_cs *c, const lval *lv, val v)
{
    if (!c->live)
        return v;
    val *at = lv->part ? slot(c, lv) : NULL;
    if (at) /* X of a Point variable: the variable changes, as C#'s structs do */
        *at = dcs_pair_set(*at, lv->part, v);
    else if (lv->k == LV_LOCAL) {
        cs_local *l = &g_array_index(c->locals, cs_local, lv->index);
        v = l->v = dcs_convert(l->conv, v);
    } else if (lv->k == LV_FIELD)
        *lv->field = v;
    else if (lv->k == LV_ELEM)
        g_array_index(lv->arr, val, lv->index) = v;
    else if (lv->k == LV_BYTE && v.k == V_INT) /* a byte: C# takes (byte)x */
        lv->map->bytes->data[lv->index] = (guint8)v.i, lv->map->changed = TRUE;
    else if (lv->k == LV_BYTE)
        lv->map->failed = TRUE;
    else
        c->error = TRUE;
    return v;
}

static val postfix(dspr_cs *c, lval *lv)
{
    val v = primary(c, lv);
    while (!c->error) {
        if (dcs_accept(c, ".") || dcs_accept(c, "?.")) {
            if (dcs_T(c, c->pos)->kind != T_IDENT) {
                c->error = TRUE;
                break;
            }
            g_autofree char *name = dcs_tok_text(c, c->pos++);
            lval whole = *lv;
            int part = dcs_is(c, "(") ? 0 : dcs_pair_part(v, name);
            *lv = (lval){LV_NONE, 0, NULL, NULL, NULL, 0};
            if (part) { /* a Point's X, stored into in place when it is a variable's */
                if (!whole.part && slot(c, &whole)) {
                    *lv = whole;
                    lv->part = part;
                }
                v = dcs_pair_get(v, part);
                continue;
            }
            vkind was = v.k;
            gboolean is_call = dcs_is(c, "(");
            guint at = c->pos - 1;
            v = is_call ? call(c, v, name) : member(c, v, name, lv);
            if (v.k == V_UNKNOWN && was != V_UNKNOWN && c->live && !(is_call && dcs_is(c, ";")))
                dcs_trace(c, at, "%s%s of a %s: not known", name, is_call ? "()" : "",
                          dcs_kind_name(was));
        } else if (dcs_accept(c, "[")) {
            val i = dcs_expr(c), j = dcs_vk(V_NULL);
            if (dcs_accept(c, ",")) /* a[i, j]: the level's layout, a chunk's blocks */
                j = dcs_expr(c);
            dcs_expect(c, "]");
            *lv = (lval){LV_NONE, 0, NULL, NULL, NULL, 0};
            vkind was = v.k;
            v = v.k == V_LEVEL  ? dcs_level_element(c, v, i, j)
                : j.k != V_NULL ? dcs_vk(V_UNKNOWN)
                                : element(c, v, i, lv);
            if (v.k == V_UNKNOWN && was != V_UNKNOWN && c->live)
                dcs_trace(c, c->pos - 1, "an element of a %s at a %s: not known",
                          dcs_kind_name(was), dcs_kind_name(i.k));
        } else if (dcs_is(c, "++") || dcs_is(c, "--")) {
            int d = dcs_is(c, "++") ? 1 : -1;
            c->pos++;
            if (v.k == V_INT)
                store(c, lv, dcs_vint(v.i + d));
            else if (v.k == V_DECIMAL)
                store(c, lv, dcs_dec_arith("+", v, dcs_vint(d)));
            else
                store(c, lv, dcs_vk(V_UNKNOWN));
            *lv = (lval){LV_NONE, 0, NULL, NULL, NULL, 0};
        } else {
            break;
        }
    }
    return v;
}

static val unary(dspr_cs *c, lval *lv)
{
    if (++c->nest > CS_MAX_NEST) {
        dcs_fatal(c);
        c->nest--;
        return dcs_vk(V_UNKNOWN);
    }
    val v;
    lval inner = {LV_NONE, 0, NULL, NULL, NULL, 0};
    if (dcs_accept(c, "-")) {
        v = unary(c, &inner);
        v = v.k == V_INT       ? dcs_vint(-(guint64)v.i)
            : v.k == V_DECIMAL ? dcs_dec_negate(v)
                               : dcs_real_negate(v);
    } else if (dcs_accept(c, "+")) {
        v = unary(c, &inner);
    } else if (dcs_accept(c, "!")) {
        v = unary(c, &inner);
        v = v.k == V_BOOL ? dcs_vbool(!v.i) : dcs_vk(V_UNKNOWN);
    } else if (dcs_accept(c, "~")) {
        v = unary(c, &inner);
        v = v.k == V_INT ? dcs_vint(~v.i) : dcs_vk(V_UNKNOWN);
    } else if (dcs_is(c, "++") || dcs_is(c, "--")) {
        int d = dcs_is(c, "++") ? 1 : -1;
        c->pos++;
        v = unary(c, &inner);
        v = v.k == V_INT ? dcs_vint(v.i + d) : dcs_vk(V_UNKNOWN);
        store(c, &inner, v);
    } else {
        v = postfix(c, lv);
    }
    c->nest--;
    return v;
}

/* Binary operators by precedence, lowest first. */
static const char *const levels[][5] = {
    {"??", NULL},       {"||", NULL},     {"&&", NULL},          {"|", NULL},
    {"^", NULL},        {"&", NULL},      {"==", "!=", NULL},    {"<", ">", "<=", ">="},
    {"<<", ">>", NULL}, {"+", "-", NULL}, {"*", "/", "%", NULL},
};
#define N_LEVELS ((int)(sizeof levels / sizeof levels[0]))

int dcs_op_level(const char *s, gsize len, guint8 *opi)
{
    for (int level = 0; level < N_LEVELS; level++)
        for (int k = 0; k < 5 && levels[level][k]; k++)
            if (strlen(levels[level][k]) == len && memcmp(levels[level][k], s, len) == 0) {
                *opi = (guint8)k;
                return level;
            }
    return -1;
}

val dcs_equal(val a, val b, gboolean ne)
{
    gboolean r;
    if (a.k == V_NULL || b.k == V_NULL) {
        if (a.k == V_UNKNOWN || b.k == V_UNKNOWN)
            return dcs_vk(V_UNKNOWN);
        r = a.k == b.k;
    } else if ((a.k == V_INT || a.k == V_BOOL) && a.k == b.k) {
        r = a.i == b.i;
    } else if (a.k == V_STR && b.k == V_STR) {
        r = strcmp(a.p, b.p) == 0;
    } else {
        return dcs_vk(V_UNKNOWN);
    }
    return dcs_vbool(ne ? !r : r);
}

static val arith(dspr_cs *c, const char *op, val a, val b)
{
    if (strcmp(op, "+") == 0 && (a.k == V_STR || b.k == V_STR) && (a.k == V_STR || a.k == V_INT) &&
        (b.k == V_STR || b.k == V_INT)) {
        char *s = a.k == V_INT   ? g_strdup_printf("%" G_GINT64_FORMAT "%s", a.i, (char *)b.p)
                  : b.k == V_INT ? g_strdup_printf("%s%" G_GINT64_FORMAT, (char *)a.p, b.i)
                                 : g_strconcat(a.p, b.p, NULL);
        return strlen(s) < 4096 ? dcs_vstr(V_STR, dcs_keep(c, s)) : (g_free(s), dcs_vk(V_UNKNOWN));
    }
    if (a.k == V_DECIMAL || b.k == V_DECIMAL)
        return dcs_dec_arith(op, a, b);
    if (a.k == V_REAL || b.k == V_REAL)
        return dcs_real_arith(op, a, b);
    if (op[0] == '=' || op[0] == '!')
        return dcs_equal(a, b, op[0] == '!');
    if ((op[0] == '&' || op[0] == '|' || op[0] == '^') && a.k == V_BOOL && b.k == V_BOOL)
        return dcs_vbool(op[0] == '&' ? a.i && b.i : op[0] == '|' ? a.i || b.i : a.i != b.i);
    if (a.k != V_INT || b.k != V_INT)
        return dcs_vk(V_UNKNOWN);
    guint64 x = (guint64)a.i, y = (guint64)b.i;
    switch (op[0]) {
    case '+':
        return dcs_vint(x + y);
    case '-':
        return dcs_vint(x - y);
    case '*':
        return dcs_vint(x * y);
    case '/':
        return b.i && !(a.i == G_MININT32 && b.i == -1) ? dcs_vint(a.i / b.i) : dcs_vk(V_UNKNOWN);
    case '%':
        return b.i && !(a.i == G_MININT32 && b.i == -1) ? dcs_vint(a.i % b.i) : dcs_vk(V_UNKNOWN);
    case '&':
        return dcs_vint(x & y);
    case '|':
        return dcs_vint(x | y);
    case '^':
        return dcs_vint(x ^ y);
    case '<':
        if (op[1] == '<')
            return dcs_vint((gint64)((guint32)x << (y & 31)));
        return dcs_vbool(op[1] == '=' ? a.i <= b.i : a.i < b.i);
    case '>':
        if (op[1] == '>')
            return dcs_vint((gint32)a.i >> (y & 31));
        return dcs_vbool(op[1] == '=' ? a.i >= b.i : a.i > b.i);
    default:
        return dcs_vk(V_UNKNOWN);
    }
}

/* The operator of @level at c->pos (">>" is two tokens: '>' '>'), NULL if none. */
static const char *level_op(dspr_cs *c, int level)
{
    const tok *t = dcs_T(c, c->pos);
    if (t->level < 0)
        return NULL; /* no binary operator: most tokens after an operand */
    if (level == 8 && dcs_is(c, ">") && dcs_tok_is(c, c->pos + 1, ">") &&
        dcs_T(c, c->pos + 1)->at == t->at + 1)
        return ">>";
    return t->level == level ? levels[level][t->opi] : NULL;
}

static val binary(dspr_cs *c, int level, lval *lv)
{
    if (level >= N_LEVELS)
        return unary(c, lv);
    val a = binary(c, level + 1, lv);
    const char *op;
    while (!c->error && (op = level_op(c, level)) != NULL) {
        c->pos += strcmp(op, ">>") == 0 ? 2 : 1;
        *lv = (lval){LV_NONE, 0, NULL, NULL, NULL, 0};
        lval ign = {LV_NONE, 0, NULL, NULL, NULL, 0};
        gboolean live = c->live, shortcut = FALSE;
        if ((strcmp(op, "&&") == 0 || strcmp(op, "||") == 0) && a.k == V_BOOL)
            shortcut = (op[0] == '&') != (a.i != 0);
        if (strcmp(op, "??") == 0)
            shortcut = a.k != V_NULL && a.k != V_UNKNOWN;
        c->live = live && !shortcut;
        val b = binary(c, level + 1, &ign);
        c->live = live;
        if (strcmp(op, "??") == 0)
            a = a.k == V_NULL ? b : a;
        else if (op[1] == op[0] && (op[0] == '&' || op[0] == '|'))
            a = shortcut                           ? a
                : (a.k == V_BOOL && b.k == V_BOOL) ? dcs_vbool(b.i)
                                                   : dcs_vk(V_UNKNOWN);
        else
            a = arith(c, op, a, b);
    }
    return a;
}

static val ternary(dspr_cs *c, lval *lv)
{
    val cond = binary(c, 0, lv);
    if (!dcs_accept(c, "?"))
        return cond;
    *lv = (lval){LV_NONE, 0, NULL, NULL, NULL, 0};
    lval ign = {LV_NONE, 0, NULL, NULL, NULL, 0};
    gboolean live = c->live;
    c->live = live && cond.k == V_BOOL && cond.i;
    val a = ternary(c, &ign);
    c->live = live;
    dcs_expect(c, ":");
    c->live = live && cond.k == V_BOOL && !cond.i;
    val b = ternary(c, &ign);
    c->live = live;
    return cond.k != V_BOOL ? dcs_vk(V_UNKNOWN) : cond.i ? a : b;
}

static val assign(dspr_cs *c, lval *lv)
{
    val v = ternary(c, lv);
    static const char *const ops[] = {
        "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", NULL};
    for (int k = 0; ops[k]; k++)
        if (dcs_is(c, ops[k])) {
            c->pos++;
            lval target = *lv, ign = {LV_NONE, 0, NULL, NULL, NULL, 0};
            if (target.k == LV_NONE)
                c->error = TRUE;
            val r = assign(c, &ign);
            if (k > 0) {
                char op[3] = {ops[k][0], ops[k][1] == '=' ? 0 : ops[k][1], 0};
                r = arith(c, op, v, r);
            }
            r = store(c, &target, r);
            *lv = (lval){LV_NONE, 0, NULL, NULL, NULL, 0};
            return r;
        }
    return v;
}

static val ternary_lv(dspr_cs *c, lval *lv)
{
    return assign(c, lv);
}

val dcs_expr(dspr_cs *c)
{
    lval lv = {LV_NONE, 0, NULL, NULL, NULL, 0};
    if ((dcs_T(c, c->pos)->kind == T_IDENT && dcs_tok_is(c, c->pos + 1, "=>")) ||
        (dcs_is(c, "(") && dcs_T(c, c->pos + 1)->kind == T_IDENT &&
         dcs_tok_is(c, c->pos + 2, ")") && dcs_tok_is(c, c->pos + 3, "=>")))
        return dcs_lambda(c);
    if (dcs_is(c, "=>") || dcs_is(c, "{")) {
        c->error = TRUE; /* a lambda */
        return dcs_vk(V_UNKNOWN);
    }
    val v = assign(c, &lv);
    if (dcs_is(c, "=>"))
        c->error = TRUE;
    return v;
}
