/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter (disasm-sprites-cs.c): the definitions' own objects (instances
 * of the file's classes, their constructors and object initializers), lambdas called where
 * they are made, dictionaries (LINQ's ToDictionary, an index, TryGetValue, Keys), and which of
 * a class's methods (overloads, `params`, inherited) a call runs. All
 * bounded as the rest: every instance, field and dictionary entry is charged (dcs_charge), a lambda
 * call is a call (CS_MAX_CALLS), and each step is one of the run's budget.
 */
#include "disasm-sprites-cs-private.h"

#include <string.h>

/* ---- instances ---- */

static const char *short_name(const char *full)
{
    const char *dot = strrchr(full, '.');
    return dot ? dot + 1 : full;
}

/* `new T(ARGS)` for a class T of the file: its fields, then its constructor on them. */
val dcs_new_user(dspr_cs *c, const char *type, const val *a, int n)
{
    if (!c->live || !type)
        return dcs_vk(V_UNKNOWN);
    const char *ns = c->cur_cls >= 0 ? g_array_index(c->classes, cs_class, c->cur_cls).full : NULL;
    int cls = dcs_class_find(c, ns, type);
    if (cls < 0 || !dcs_charge(c, 1))
        return dcs_vk(V_UNKNOWN);
    const char *name = short_name(g_array_index(c->classes, cs_class, cls).full);
    int mi = dcs_method_pick(c, cls, name, a, n, FALSE);
    if (mi < 0 && n > 0)
        return dcs_vk(V_UNKNOWN); /* no such constructor */
    GHashTable *fields = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    g_ptr_array_add(c->insts, fields);
    dcs_init_fields(c, fields, cls, 0);
    if (dcs_charge(c, g_hash_table_size(fields)) && mi >= 0)
        dcs_invoke_on(c, fields, cls, mi, a, n);
    if (c->fatal)
        return dcs_vk(V_UNKNOWN);
    val r = dcs_vk(V_INST);
    r.p = fields;
    r.i = cls;
    return r;
}

/* An object initializer `{ A = e, B = f }` at c->pos for instance @r (its fields set; skipped
 * and @r unknown when @r is none). */
void dcs_object_init(dspr_cs *c, val *r)
{
    if (r->k != V_INST || !c->live) {
        c->pos = dcs_skip_group(c, c->pos);
        *r = dcs_vk(V_UNKNOWN);
        return;
    }
    dcs_expect(c, "{");
    while (!c->error && !dcs_accept(c, "}")) {
        if (dcs_T(c, c->pos)->kind != T_IDENT || !dcs_tok_is(c, c->pos + 1, "=")) {
            c->error = TRUE;
            break;
        }
        g_autofree char *name = dcs_tok_text(c, c->pos);
        c->pos += 2;
        val v = dcs_expr(c);
        val *f = g_hash_table_lookup(r->p, name);
        if (f)
            *f = v; /* in place: an lvalue may point at it */
        else if (g_hash_table_size(r->p) < CS_MAX_ARRAY && dcs_charge(c, 1)) {
            val *nv = g_new(val, 1);
            *nv = v;
            g_hash_table_insert(r->p, g_steal_pointer(&name), nv);
        }
        if (!dcs_is(c, "}"))
            dcs_expect(c, ",");
    }
    if (c->error)
        *r = dcs_vk(V_UNKNOWN);
}

/* `v.NAME` of an instance: a field (an lvalue), else a property's getter run on it. */
val dcs_inst_member(dspr_cs *c, val v, const char *name, lval *lv)
{
    val *f = g_hash_table_lookup(v.p, name);
    if (f) {
        lv->k = LV_FIELD;
        lv->field = f;
        return *f;
    }
    int mi = dcs_method_find(c, (int)v.i, name, -1);
    return mi >= 0 ? dcs_invoke_on(c, v.p, (int)v.i, mi, NULL, 0) : dcs_vk(V_UNKNOWN);
}

/* ---- lambdas ---- */

/* `x => e`, `(x) => e` or `x => { ... }` at c->pos: its value; the body is read, not run. */
val dcs_lambda(dspr_cs *c)
{
    guint param = dcs_is(c, "(") ? c->pos + 1 : c->pos;
    guint body = param + (dcs_is(c, "(") ? 3 : 2);
    val r = dcs_vk(V_LAMBDA);
    r.i = body;
    r.dx = (int)param;
    r.dy = (int)c->frame;
    c->pos = body;
    if (dcs_is(c, "{")) {
        c->pos = dcs_skip_group(c, c->pos);
    } else {
        gboolean live = c->live;
        c->live = FALSE; /* parsed without effects */
        dcs_expr(c);
        c->live = live;
    }
    return r;
}

/* Call lambda @lam with @a: only where it was made (its enclosing method's locals). */
val dcs_lambda_call(dspr_cs *c, val lam, const val *a, int n)
{
    if (lam.k != V_LAMBDA || n != 1 || lam.dy != (int)c->frame || !c->live)
        return dcs_vk(V_UNKNOWN);
    if (c->calls >= CS_MAX_CALLS) {
        dcs_fatal(c);
        return dcs_vk(V_UNKNOWN);
    }
    guint saved_pos = c->pos, mark = c->locals->len;
    g_autofree char *name = dcs_tok_text(c, (guint)lam.dx);
    dcs_local_push(c, name, a[0]);
    c->calls++;
    c->pos = (guint)lam.i;
    val r;
    if (dcs_is(c, "{")) {
        c->ret = dcs_vk(V_UNKNOWN);
        r = dcs_exec_block(c) == S_RET ? c->ret : dcs_vk(V_UNKNOWN);
    } else {
        r = dcs_expr(c);
    }
    c->calls--;
    c->pos = saved_pos;
    dcs_locals_pop(c, mark);
    if (!c->fatal)
        c->error = FALSE; /* a body not understood is an unknown value */
    return r;
}

/* ---- dictionaries ---- */

static gboolean key_kind(val k)
{
    return k.k == V_INT || k.k == V_STR || k.k == V_BOOL;
}

val *dcs_dict_find(val d, val key)
{
    if (d.k != V_DICT || !key_kind(key))
        return NULL;
    GArray *e = d.p;
    for (guint i = 0; i + 1 < e->len; i += 2) {
        val eq = dcs_equal(g_array_index(e, val, i), key, FALSE);
        if (eq.k == V_BOOL && eq.i)
            return &g_array_index(e, val, i + 1);
    }
    return NULL;
}

val dcs_new_dict(dspr_cs *c)
{
    if (!dcs_charge(c, 1))
        return dcs_vk(V_UNKNOWN);
    GArray *e = g_array_new(FALSE, FALSE, sizeof(val));
    g_ptr_array_add(c->arrays, e);
    val d = dcs_vk(V_DICT);
    d.p = e;
    return d;
}

/* Add @k -> @v; FALSE (C# throws) for a key it has, or one that is not known. */
static gboolean dict_add(dspr_cs *c, val d, val k, val v)
{
    GArray *e = d.p;
    if (!key_kind(k) || dcs_dict_find(d, k) || e->len >= 2 * CS_MAX_ARRAY || !dcs_charge(c, 2))
        return FALSE;
    g_array_append_val(e, k);
    g_array_append_val(e, v);
    return TRUE;
}

/* Enumerable.ToDictionary(SOURCE, KEY-LAMBDA, VALUE-LAMBDA) */
static val to_dictionary(dspr_cs *c, val src, val kf, val vf)
{
    if (src.k != V_ARRAY || kf.k != V_LAMBDA || vf.k != V_LAMBDA)
        return dcs_vk(V_UNKNOWN);
    val d = dcs_new_dict(c);
    GArray *items = src.p;
    for (guint i = 0; d.k == V_DICT && i < items->len; i++) {
        val item = g_array_index(items, val, i);
        val k = dcs_lambda_call(c, kf, &item, 1);
        val v = dcs_lambda_call(c, vf, &item, 1);
        if (!dcs_step(c) || !dict_add(c, d, k, v))
            return dcs_vk(V_UNKNOWN);
    }
    return d;
}

/* The keys or values of @d as a new array. */
static val dict_list(dspr_cs *c, val d, guint which)
{
    GArray *e = d.p;
    val r = dcs_new_array(c, 0, V_NULL, FALSE);
    for (guint i = which; r.k == V_ARRAY && i < e->len; i += 2)
        dcs_array_push(c, r.p, g_array_index(e, val, i));
    return r;
}

val dcs_dict_member(dspr_cs *c, val d, const char *name)
{
    if (strcmp(name, "Count") == 0)
        return dcs_vint(((GArray *)d.p)->len / 2);
    if (strcmp(name, "Keys") == 0 || strcmp(name, "Values") == 0)
        return dict_list(c, d, name[0] == 'V');
    return dcs_vk(V_UNKNOWN);
}

/* A collection initializer `{ { K, V }, ... }` (or `{ [K] = V, ... }`) at c->pos for dictionary
 * @d (skipped, @d unknown, when it is none). */
void dcs_dict_init(dspr_cs *c, val *d)
{
    if (d->k != V_DICT || !c->live) {
        c->pos = dcs_skip_group(c, c->pos);
        *d = dcs_vk(V_UNKNOWN);
        return;
    }
    dcs_expect(c, "{");
    while (!c->error && !dcs_accept(c, "}")) {
        val k, v;
        if (dcs_accept(c, "[")) {
            k = dcs_expr(c);
            dcs_expect(c, "]");
            dcs_expect(c, "=");
            v = dcs_expr(c);
        } else {
            dcs_expect(c, "{");
            k = dcs_expr(c);
            dcs_expect(c, ",");
            v = dcs_expr(c);
            dcs_expect(c, "}");
        }
        if (!c->error && !dict_add(c, *d, k, v))
            c->error = TRUE; /* C# throws */
        if (!dcs_is(c, "}"))
            dcs_expect(c, ",");
    }
    if (c->error)
        *d = dcs_vk(V_UNKNOWN);
}

/* Dictionary calls (Add, ContainsKey), LINQ's ToDictionary (static or
 * as an extension) and ToArray of an array. */
val dcs_dict_builtin(dspr_cs *c, val self, const char *name, const val *a, int n)
{
    if (self.k == V_NAME && g_str_has_suffix(self.p, "Enumerable")) {
        if (strcmp(name, "ToDictionary") == 0 && n == 3)
            return to_dictionary(c, a[0], a[1], a[2]);
        if (strcmp(name, "ToArray") == 0 && n == 1 && a[0].k == V_ARRAY)
            return a[0];
    } else if (self.k == V_ARRAY && strcmp(name, "ToDictionary") == 0 && n == 2) {
        return to_dictionary(c, self, a[0], a[1]);
    } else if (self.k == V_DICT && strcmp(name, "Add") == 0 && n == 2) {
        if (!dict_add(c, self, a[0], a[1]))
            c->error = TRUE; /* an exception: the statement's effects are unknown */
    } else if (self.k == V_DICT && strcmp(name, "ContainsKey") == 0 && n == 1 && key_kind(a[0])) {
        return dcs_vbool(dcs_dict_find(self, a[0]) != NULL);
    }
    return dcs_vk(V_UNKNOWN);
}

/* ---- choosing a method ---- */

int dcs_method_find(const dspr_cs *c, int cls, const char *name, int nargs)
{
    for (int depth = 0; cls >= 0 && depth < 32; depth++) {
        for (guint i = 0; i < c->methods->len; i++) {
            const cs_method *m = &g_array_index(c->methods, cs_method, i);
            if (m->cls == cls && m->nparams == nargs && strcmp(m->name, name) == 0)
                return (int)i;
        }
        cls = g_array_index(c->classes, cs_class, cls).base_cls;
    }
    return -1;
}

/* Whether an argument @v may be passed to a parameter of type @t: an unknown value, or a name
 * the run does not follow (a constant, `ObjectHelper.UnknownObject`), may be anything. */
static gboolean fits(cs_ptype t, val v)
{
    if (t == PT_ANY || v.k == V_UNKNOWN || (v.k == V_NAME && t != PT_STR))
        return TRUE;
    switch (t) {
    case PT_INT:
        return v.k == V_INT;
    case PT_REAL:
        return v.k == V_INT || v.k == V_REAL;
    case PT_DEC:
        return v.k == V_INT || v.k == V_DECIMAL;
    case PT_BOOL:
        return v.k == V_BOOL;
    case PT_STR:
        return v.k == V_STR || v.k == V_NULL;
    case PT_OBJ:
        return v.k == V_OBJ || v.k == V_NULL;
    case PT_SPRITE:
        return v.k == V_SPRITE || v.k == V_NULL;
    case PT_POINT:
        return v.k == V_POINT;
    case PT_SIZE:
        return v.k == V_SIZE;
    default:
        return TRUE;
    }
}

/* How method @m is tried for @n arguments @a, in the order C# prefers: 0, every argument of
 * its parameter's type and none defaulted; 1, the same with default values; 2, by count and
 * string parameters alone (types the run cannot tell); 3, a `params` method's expanded form. */
static gboolean takes(const cs_method *m, const val *a, int n, int pass)
{
    if (pass == 3 ? !m->variadic || n < m->nparams - 1
                  : n > m->nparams || n < (pass == 0 ? m->nparams : m->nrequired))
        return FALSE;
    for (int i = 0; i < n && i < m->nparams; i++) {
        if (pass < 2 && !fits((cs_ptype)m->ptype[i], a[i]))
            return FALSE;
        if ((m->str_mask >> i & 1) && a[i].k != V_STR && a[i].k != V_NULL && a[i].k != V_UNKNOWN)
            return FALSE;
    }
    return TRUE;
}

int dcs_method_pick(const dspr_cs *c, int cls, const char *name, const val *a, int n,
                    gboolean inherit)
{
    for (int pass = 0; pass < 4; pass++) {
        int k = cls;
        for (int depth = 0; k >= 0 && depth < 32; depth++) {
            for (guint i = 0; i < c->methods->len; i++) {
                const cs_method *m = &g_array_index(c->methods, cs_method, i);
                if (m->cls == k && m->nparams >= 0 && strcmp(m->name, name) == 0 &&
                    takes(m, a, n, pass))
                    return (int)i;
            }
            k = inherit ? g_array_index(c->classes, cs_class, k).base_cls : -1;
        }
    }
    return -1;
}
