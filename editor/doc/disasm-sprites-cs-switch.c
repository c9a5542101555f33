/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter (disasm-sprites-cs.c): `switch` and `goto case`. A switch's
 * labels are constants (C# requires it), so they are read once, on the switch's first run,
 * into a table of (value, section) kept with the definition: DEZ's tunnel launcher dispatches
 * its state machine 7,000 times per level through a switch of 11 labels, and each `goto case`
 * looks the table up instead of reading the switch's body again.
 */
#include "disasm-sprites-cs-private.h"

typedef struct {
    val value;     /* the label's; V_NULL for `default:` */
    guint section; /* the token after its ':' */
} cs_label;

/* The labels of the switch body from @body to @end (its '}'), read on the first run. */
static GArray *labels_of(dspr_cs *c, guint body, guint end)
{
    GArray *labels = g_hash_table_lookup(c->switches, GUINT_TO_POINTER(body));
    if (labels || !c->live)
        return labels; /* not run (a branch not taken): nothing read */
    labels = g_array_new(FALSE, FALSE, sizeof(cs_label));
    guint saved = c->pos;
    c->pos = body;
    while (!c->error && c->pos < end) {
        if (dcs_accept(c, "case")) {
            cs_label l = {dcs_expr(c), 0};
            dcs_expect(c, ":");
            l.section = c->pos;
            g_array_append_val(labels, l);
        } else if (dcs_accept(c, "default")) {
            dcs_expect(c, ":");
            cs_label l = {dcs_vk(V_NULL), c->pos};
            g_array_append_val(labels, l);
        } else {
            c->pos = dcs_skip_stmt(c, c->pos);
        }
    }
    c->pos = saved;
    if (c->error) { /* a label not read: not kept, the switch stops the method */
        g_array_unref(labels);
        return NULL;
    }
    g_hash_table_insert(c->switches, GUINT_TO_POINTER(body), labels);
    return labels;
}

/* The section of label @v (V_NULL: `default`), else (with @or_default: the switch's value,
 * not a `goto case`) `default:`'s; 0 when there is none. */
static guint switch_find(GArray *labels, val v, gboolean or_default)
{
    guint deflt = 0;
    for (guint i = 0; i < labels->len; i++) {
        const cs_label *l = &g_array_index(labels, cs_label, i);
        if (l->value.k == V_NULL) {
            deflt = deflt ? deflt : l->section;
            continue;
        }
        val eq = v.k == V_NULL ? dcs_vbool(FALSE) : dcs_equal(v, l->value, FALSE);
        if (eq.k == V_BOOL && eq.i)
            return l->section;
    }
    return v.k == V_NULL || or_default ? deflt : 0;
}

/* switch (e) { case K: ... default: ... } on a known value; `goto case K;` and `goto default;`
 * in a section go on at that section. */
flow dcs_exec_switch(dspr_cs *c)
{
    dcs_expect(c, "(");
    val v = dcs_expr(c);
    dcs_expect(c, ")");
    if (c->error || (v.k != V_INT && v.k != V_STR && v.k != V_BOOL) || !dcs_is(c, "{"))
        return S_ABORT;
    guint body = c->pos + 1, end = dcs_skip_group(c, c->pos) - 1, mark = c->locals->len;
    GArray *labels = labels_of(c, body, end);
    if (!labels)
        return S_ABORT;
    guint at = switch_find(labels, v, TRUE);
    flow f = S_NEXT;
    for (c->pos = at; at && !c->error && c->pos < end;) {
        if (dcs_accept(c, "case")) { /* the next section's labels: C# has no fall-through */
            dcs_expr(c);
            dcs_expect(c, ":");
        } else if (dcs_accept(c, "default")) {
            dcs_expect(c, ":");
        } else {
            f = dcs_exec_stmt(c);
            if (f == S_GOTO) {
                val to = c->goto_case;
                if (to.k != V_NULL && to.k != V_INT && to.k != V_STR && to.k != V_BOOL)
                    return S_ABORT; /* a label not known */
                c->pos = at = switch_find(labels, to, FALSE);
                f = S_NEXT;
                if (!at)
                    return S_ABORT; /* a label the switch lacks: C# does not compile it */
            } else if (f != S_NEXT) {
                break;
            }
        }
    }
    if (f != S_NEXT && f != S_BREAK)
        return f;
    dcs_locals_pop(c, mark); /* the sections' locals: the switch block is their scope */
    c->pos = end + 1;
    return c->error ? S_ABORT : S_NEXT;
}

flow dcs_exec_goto(dspr_cs *c)
{
    if (dcs_accept(c, "default")) {
        c->goto_case = dcs_vk(V_NULL);
    } else if (dcs_accept(c, "case")) {
        c->goto_case = dcs_expr(c);
    } else {
        return S_ABORT; /* `goto LABEL;`: not followed */
    }
    dcs_expect(c, ";");
    return c->error ? S_ABORT : S_GOTO;
}
