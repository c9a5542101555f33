/* SPDX-License-Identifier: MIT */
/*
 * C# object definitions (disasm-sprites.h, docs/DISASM.md §11.1): a small, bounded interpreter
 * for the subset of C# the trees' SonLVL definitions use to build their sprites. It runs the
 * definition's `Init` (and the methods it calls, with their arguments bound), then its
 * `GetSprite(obj)` for each subtype and flip. Only what is computed from literals is known:
 * the art and mapping calls (`LevelData.ReadFile`, `ObjectHelper.OpenArtFile`,
 * `LevelData.ASMToBin`, `ObjectHelper.MapASMToBmp` / `MapToBmp`, `MultiFileIndexer.AddFile`),
 * `new Sprite(s, xflip, yflip)` and `new Sprite(s, dx, dy)`, arrays and lists, integer and bool
 * arithmetic on the subtype and flips, `if`, `for`, `while`, `switch`. Anything else (another
 * library call, a lambda, LINQ, a condition that depends on something unknown) gives an unknown
 * value, and an object whose sprite is unknown keeps its box. Never reads another file.
 *
 * The tokenizer and built-ins are in disasm-sprites-cs-lex.c, the expressions in
 * disasm-sprites-cs-eval.c; this file runs statements, reads classes and members, and is the
 * entry point.
 */
#include "disasm-sprites-cs-private.h"

#include <stdlib.h>
#include <string.h>

/* ---- statements ---- */

flow dcs_exec_block(dspr_cs *c)
{
    guint mark = c->locals->len;
    flow f = S_NEXT;
    dcs_expect(c, "{");
    while (!c->error && f == S_NEXT && !dcs_is(c, "}") && dcs_T(c, c->pos)->kind != T_END)
        f = dcs_exec_stmt(c);
    if (f == S_NEXT)
        dcs_expect(c, "}");
    dcs_locals_pop(c, mark);
    return c->error ? S_ABORT : f;
}

/* `var x = e, y;` / `T x = e;` when the statement at c->pos is a declaration. */
static gboolean declaration(dspr_cs *c)
{
    guint i = dcs_tok_is(c, c->pos, "var") ? c->pos + 1 : dcs_skip_type(c, c->pos);
    if (!i || dcs_T(c, i)->kind != T_IDENT ||
        !(dcs_tok_is(c, i + 1, "=") || dcs_tok_is(c, i + 1, ";") || dcs_tok_is(c, i + 1, ",")))
        return FALSE;
    vkind deflt = dcs_default_at(c, c->pos);
    cs_conv conv = dcs_tok_is(c, c->pos, "var") ? CV_NONE : dcs_conv_at(c, c->pos);
    c->pos = i;
    do {
        if (dcs_T(c, c->pos)->kind != T_IDENT) {
            c->error = TRUE;
            return TRUE;
        }
        g_autofree char *name = dcs_tok_text(c, c->pos++);
        val v = dcs_default_value(deflt);
        if (dcs_accept(c, "="))
            v = dcs_init_expr(c);
        dcs_local_push_typed(c, name, v, conv); /* decimal x = 5: C# converts the int */
    } while (!c->error && dcs_accept(c, ","));
    dcs_expect(c, ";");
    return TRUE;
}

static gboolean condition(dspr_cs *c, gboolean *out)
{
    dcs_expect(c, "(");
    val v = dcs_expr(c);
    dcs_expect(c, ")");
    *out = v.k == V_BOOL && v.i;
    return !c->error && v.k == V_BOOL;
}

static flow exec_if(dspr_cs *c)
{
    gboolean yes;
    guint at = c->pos;
    if (!condition(c, &yes)) {
        dcs_trace(c, at, "the condition is not known: the method stops here");
        return S_ABORT;
    }
    flow f = S_NEXT;
    if (yes)
        f = dcs_exec_stmt(c);
    else
        c->pos = dcs_skip_stmt(c, c->pos);
    if (f != S_NEXT || c->error)
        return c->error ? S_ABORT : f;
    if (dcs_accept(c, "else")) {
        if (yes)
            c->pos = dcs_skip_stmt(c, c->pos);
        else
            f = dcs_exec_stmt(c);
    }
    return f;
}

/* Run a loop body at @body; @end: the token after it. */
static flow loop_body(dspr_cs *c, guint body, guint end, gboolean *stop)
{
    c->pos = body;
    flow f = dcs_exec_stmt(c);
    *stop = f == S_BREAK || f == S_RET || f == S_ABORT || f == S_GOTO || c->error;
    c->pos = end;
    return f == S_BREAK || f == S_CONT ? S_NEXT : f;
}

static flow exec_while(dspr_cs *c)
{
    guint cond = c->pos, body = dcs_skip_group(c, cond), end = dcs_skip_stmt(c, body);
    for (;;) {
        gboolean yes, stop;
        c->pos = cond;
        if (!condition(c, &yes) || !dcs_step(c))
            return S_ABORT;
        if (!yes) {
            c->pos = end;
            return S_NEXT;
        }
        flow f = loop_body(c, body, end, &stop);
        if (stop)
            return c->error ? S_ABORT : f;
    }
}

static flow exec_for(dspr_cs *c)
{
    guint mark = c->locals->len;
    dcs_expect(c, "(");
    if (!declaration(c)) {
        while (!c->error && !dcs_accept(c, ";")) {
            dcs_expr(c);
            if (!dcs_is(c, ";"))
                dcs_expect(c, ",");
        }
    }
    guint cond = c->pos, incr = dcs_skip_simple(c, cond), i = incr;
    while (dcs_T(c, i)->kind != T_END &&
           !dcs_tok_is(c, i, ")")) /* the body follows the header's ')' */
        i = dcs_opener(c, i) ? dcs_skip_group(c, i) : i + 1;
    guint body = i + 1, end = dcs_skip_stmt(c, body);
    flow f = S_NEXT;
    for (;;) {
        gboolean stop;
        c->pos = cond;
        val v = dcs_is(c, ";") ? dcs_vbool(TRUE) : dcs_expr(c);
        if (c->error || v.k != V_BOOL || !dcs_step(c)) {
            f = S_ABORT;
            break;
        }
        if (!v.i) {
            c->pos = end;
            break;
        }
        f = loop_body(c, body, end, &stop);
        if (stop)
            break;
        c->pos = incr;
        while (!c->error && !dcs_accept(c, ")")) {
            dcs_expr(c);
            if (!dcs_is(c, ")"))
                dcs_expect(c, ",");
        }
    }
    dcs_locals_pop(c, mark);
    return c->error ? S_ABORT : f;
}

/* foreach (var x in E) S / foreach (T x in E) S over a known array or list (a dictionary's
 * Keys or Values are arrays); on anything else the method stops. */
static flow exec_foreach(dspr_cs *c)
{
    dcs_expect(c, "(");
    guint name = dcs_tok_is(c, c->pos, "var") ? c->pos + 1 : dcs_skip_type(c, c->pos);
    if (c->error || !name || dcs_T(c, name)->kind != T_IDENT || !dcs_tok_is(c, name + 1, "in"))
        return S_ABORT;
    g_autofree char *var = dcs_tok_text(c, name);
    c->pos = name + 2;
    val src = dcs_expr(c);
    dcs_expect(c, ")");
    guint body = c->pos, end = dcs_skip_stmt(c, body);
    if (c->error || src.k != V_ARRAY)
        return S_ABORT;
    GArray *arr = src.p;
    guint mark = c->locals->len;
    dcs_local_push(c, var, dcs_vk(V_NULL));
    flow f = S_NEXT;
    for (guint i = 0; i < arr->len; i++) {
        gboolean stop;
        if (!dcs_step(c)) {
            f = S_ABORT;
            break;
        }
        g_array_index(c->locals, cs_local, mark).v = g_array_index(arr, val, i);
        f = loop_body(c, body, end, &stop);
        if (stop)
            break;
    }
    dcs_locals_pop(c, mark);
    c->pos = end;
    return c->error ? S_ABORT : f;
}

/* `yield return e;` appends e to the running iterator's list (the method is run to its end
 * when called, not lazily: the trees' iterators only build lists); `yield break;` ends it. */
static flow exec_yield(dspr_cs *c)
{
    c->pos++;
    if (dcs_accept(c, "break")) {
        dcs_expect(c, ";");
        return c->error ? S_ABORT : S_RET;
    }
    dcs_expect(c, "return");
    val v = dcs_expr(c);
    dcs_expect(c, ";");
    if (!c->error && !dcs_array_push(c, c->yield_to, v))
        dcs_fatal(c); /* past CS_MAX_ARRAY: what the list holds cannot be told */
    return c->error ? S_ABORT : S_NEXT;
}

static flow exec_return(dspr_cs *c)
{
    c->ret = dcs_is(c, ";") ? dcs_vk(V_UNKNOWN) : dcs_expr(c);
    dcs_expect(c, ";");
    return c->error ? S_ABORT : S_RET;
}

flow dcs_exec_stmt(dspr_cs *c)
{
    if (!dcs_step(c) || c->nest >= CS_MAX_NEST) {
        dcs_fatal(c);
        return S_ABORT;
    }
    c->nest++;
    guint start = c->pos;
    flow f = S_NEXT;
    if (dcs_is(c, "{"))
        f = dcs_exec_block(c);
    else if (dcs_accept(c, ";"))
        f = S_NEXT;
    else if (dcs_accept(c, "if"))
        f = exec_if(c);
    else if (dcs_accept(c, "while"))
        f = exec_while(c);
    else if (dcs_accept(c, "for"))
        f = exec_for(c);
    else if (dcs_accept(c, "switch"))
        f = dcs_exec_switch(c);
    else if (dcs_accept(c, "foreach"))
        f = exec_foreach(c);
    else if (dcs_accept(c, "return"))
        f = exec_return(c);
    else if (dcs_accept(c, "goto"))
        f = dcs_exec_goto(c);
    else if (dcs_accept(c, "break") || dcs_accept(c, "continue")) {
        f = dcs_tok_is(c, c->pos - 1, "break") ? S_BREAK : S_CONT;
        dcs_expect(c, ";");
    } else if (c->yield_to && dcs_tok_is(c, c->pos, "yield")) {
        f = exec_yield(c);
    } else if (dcs_is(c, "do") || dcs_is(c, "try") || dcs_is(c, "throw") || dcs_is(c, "yield") ||
               dcs_is(c, "using") || dcs_is(c, "lock"))
        f = S_ABORT; /* not followed: what comes after cannot be told */
    else if (!declaration(c) && !c->error) {
        dcs_expr(c);
        dcs_expect(c, ";");
    }
    if (c->error)
        dcs_trace(c, start,
                  c->fatal ? "the run stops here (a limit, or a construct not followed)"
                           : "statement not understood: skipped");
    if (c->error && !c->fatal && f == S_NEXT) {
        /* not understood: the statement is skipped, its effects unknown */
        c->error = FALSE;
        c->pos = dcs_skip_simple(c, start);
    }
    c->nest--;
    return c->error ? S_ABORT : f;
}

/* ---- classes and members ---- */

static gboolean keyword_at(const dspr_cs *c, guint i)
{
    static const char *const mods[] = {
        "public", "private",  "protected", "internal", "static", "override", "virtual", "abstract",
        "sealed", "readonly", "new",       "partial",  "const",  "unsafe",   "extern",  NULL};
    for (int k = 0; mods[k]; k++)
        if (dcs_tok_is(c, i, mods[k]))
            return TRUE;
    return FALSE;
}

static void scan_scope(dspr_cs *c, guint lo, guint hi, const char *ns);

/* `enum NAME [: T] { A, B = 4, C }` at @i (the keyword) in namespace or class @ns: its
 * members, each the one before plus 1 unless a literal is given. */
static void scan_enum(dspr_cs *c, guint i, guint hi, const char *ns)
{
    if (dcs_T(c, i + 1)->kind != T_IDENT)
        return;
    g_autofree char *name = dcs_tok_text(c, i + 1);
    g_autofree char *full = ns && *ns ? g_strconcat(ns, ".", name, NULL) : g_strdup(name);
    guint open = i + 2;
    while (open < hi && !dcs_tok_is(c, open, "{") && !dcs_tok_is(c, open, ";"))
        open++;
    if (!dcs_tok_is(c, open, "{"))
        return;
    guint end = dcs_skip_group(c, open) - 1;
    gint64 next = 0;
    gboolean known = TRUE;
    for (guint j = open + 1; j < end && c->enums->len < 4096;) {
        if (dcs_tok_is(c, j, "[")) { /* an attribute */
            j = dcs_skip_group(c, j);
            continue;
        }
        if (dcs_T(c, j)->kind != T_IDENT)
            break;
        cs_enum e = {g_strdup(full), dcs_tok_text(c, j), next, known};
        j++;
        if (dcs_tok_is(c, j, "=")) {
            gboolean neg = dcs_tok_is(c, j + 1, "-");
            const tok *t = dcs_T(c, j + 1 + (neg ? 1 : 0));
            guint after = j + 2 + (neg ? 1 : 0);
            e.known = t->kind == T_INT && (dcs_tok_is(c, after, ",") || after == end);
            e.value = !e.known ? 0 : neg ? (gint64)(0 - (guint64)t->num) : t->num;
            while (j < end && !dcs_tok_is(c, j, ","))
                j = dcs_opener(c, j) ? dcs_skip_group(c, j) : j + 1;
        }
        g_array_append_val(c->enums, e);
        next = (gint64)((guint64)e.value + 1); /* read as C#'s int: wraps */
        known = e.known;
        if (!dcs_tok_is(c, j, ","))
            break;
        j++;
    }
}

/* The declared type of a parameter, tokens @from..@name (its name), modifiers skipped: what
 * overloads are told apart by; PT_ANY for a type of several tokens (T[], T?, generics). */
static guint8 param_type(const dspr_cs *c, guint from, guint name, guint8 *conv)
{
    static const char *const mods[] = {"params", "ref", "out", "in", "this", NULL};
    for (int k = 0; mods[k] && from < name; k++)
        if (dcs_tok_is(c, from, mods[k]))
            from++, k = -1;
    *conv = CV_NONE;
    if (from + 1 != name)
        return PT_ANY;
    *conv = (guint8)dcs_conv_at(c, from); /* `decimal d`: an int passed is converted */
    static const struct {
        const char *type;
        cs_ptype t;
    } types[] = {
        {"int", PT_INT},       {"byte", PT_INT},    {"sbyte", PT_INT},  {"short", PT_INT},
        {"ushort", PT_INT},    {"uint", PT_INT},    {"long", PT_INT},   {"ulong", PT_INT},
        {"double", PT_REAL},   {"bool", PT_BOOL},   {"string", PT_STR}, {"ObjectEntry", PT_OBJ},
        {"Sprite", PT_SPRITE}, {"Point", PT_POINT}, {"Size", PT_SIZE},  {"decimal", PT_DEC}};
    for (gsize k = 0; k < G_N_ELEMENTS(types); k++)
        if (dcs_tok_is(c, from, types[k].type))
            return (guint8)types[k].t;
    return PT_ANY;
}

/* Parameters of the method whose '(' is at @open into @m: names, types and default values;
 * FALSE for too many, `params` not on the last, or a parameter without a default after one
 * with. */
static gboolean params(dspr_cs *c, guint open, cs_method *m)
{
    guint close = dcs_skip_group(c, open) - 1, last = 0, from = open + 1, dflt = 0;
    int depth = 0;
    m->nparams = 0;
    m->nrequired = 0;
    for (guint i = open + 1; i <= close; i++) {
        if (dcs_tok_is(c, i, "params")) {
            if (m->variadic)
                return FALSE;
            m->variadic = TRUE;
        }
        if (m->variadic && depth == 0 && dcs_tok_is(c, i, ","))
            return FALSE; /* `params` must be the last */
        if (dcs_tok_is(c, i, "<") || dcs_tok_is(c, i, "("))
            depth++;
        else if (dcs_tok_is(c, i, ">") || (dcs_tok_is(c, i, ")") && i < close))
            depth--;
        else if (dcs_tok_is(c, i, "=") && depth == 0 && !last)
            last = i - 1, dflt = i + 1; /* a default value follows */
        if (depth == 0 && (dcs_tok_is(c, i, ",") || i == close)) {
            guint name = last ? last : i - 1;
            if (name > open && dcs_T(c, name)->kind == T_IDENT) {
                if (m->nparams >= CS_MAX_ARGS ||
                    (!dflt && !m->variadic && m->nrequired < m->nparams))
                    return FALSE;
                if (dcs_tok_is(c, name - 1, "string"))
                    m->str_mask |= 1u << m->nparams;
                m->ptype[m->nparams] = param_type(c, from, name, &m->pconv[m->nparams]);
                m->dflt[m->nparams] = dflt;
                m->params[m->nparams++] = dcs_tok_text(c, name);
                m->nrequired += dflt ? 0 : 1;
            }
            last = dflt = 0;
            from = i + 1;
        }
    }
    return TRUE;
}

static void add_method(dspr_cs *c, int cls, guint name, guint open, guint body, gboolean is_expr)
{
    cs_method m = {.name = dcs_tok_text(c, name), .cls = cls, .body = body, .expr = is_expr};
    for (guint i = body, end = is_expr ? body : dcs_skip_stmt(c, body); i < end; i++)
        if (dcs_tok_is(c, i, "yield") &&
            (dcs_tok_is(c, i + 1, "return") || dcs_tok_is(c, i + 1, "break")))
            m.iterator = TRUE; /* IEnumerable<T> M() { ... yield return x; ... } */
    guint close = open ? dcs_skip_group(c, open) : 0; /* a constructor's `: base(...)` */
    if (open && dcs_tok_is(c, close, ":") &&
        (dcs_tok_is(c, close + 1, "base") || dcs_tok_is(c, close + 1, "this")) &&
        dcs_tok_is(c, close + 2, "(")) {
        m.chain = close + 2;
        m.chain_this = dcs_tok_is(c, close + 1, "this");
    }
    if (open && !params(c, open, &m)) {
        for (int i = 0; i < m.nparams; i++)
            g_free(m.params[i]);
        g_free(m.name);
        return;
    }
    if (!open)
        m.nparams = -1;
    g_array_append_val(c->methods, m);
}

/* A property `T Name { get { ... } }` / `{ get => e; }` / `=> e;` from its '{' at @open. */
static void add_property(dspr_cs *c, int cls, guint name, guint open, gboolean abstract)
{
    guint end = dcs_skip_group(c, open);
    for (guint i = open + 1; i + 1 < end; i++) {
        if (!dcs_tok_is(c, i, "get"))
            continue;
        if (dcs_tok_is(c, i + 1, "{"))
            add_method(c, cls, name, 0, i + 1, FALSE);
        else if (dcs_tok_is(c, i + 1, "=>"))
            add_method(c, cls, name, 0, i + 2, TRUE);
        else if (dcs_tok_is(c, i + 1, ";") && !abstract) { /* an auto-property: a field */
            cs_field f = {dcs_tok_text(c, name), cls, 0, V_NULL};
            g_array_append_val(c->fields, f);
        }
        return;
    }
}

/* One member from @i (after modifiers and attributes) in class @cls; the token after it. */
static guint scan_member(dspr_cs *c, guint i, guint hi, int cls)
{
    const cs_class *k = &g_array_index(c->classes, cs_class, cls);
    if (dcs_tok_is(c, i, "class") || dcs_tok_is(c, i, "struct") || dcs_tok_is(c, i, "enum") ||
        dcs_tok_is(c, i, "interface")) {
        guint body = i;
        while (body < hi && !dcs_tok_is(c, body, "{"))
            body++;
        if (dcs_tok_is(c, i, "class") || dcs_tok_is(c, i, "struct"))
            scan_scope(c, i, dcs_skip_group(c, body), k->full); /* a nested class */
        if (dcs_tok_is(c, i, "enum"))
            scan_enum(c, i, hi, k->full);
        return dcs_skip_group(c, body);
    }
    guint head = dcs_skip_type(c, i), name;
    vkind deflt = dcs_default_at(c, i);
    if (dcs_T(c, i)->kind == T_IDENT && dcs_tok_is(c, i + 1, "("))
        name = i; /* a constructor */
    else if (head && dcs_T(c, head)->kind == T_IDENT)
        name = head;
    else
        return dcs_skip_simple(c, i);
    guint next = name + 1;
    if (dcs_tok_is(c, next, "(")) { /* a method */
        guint after = dcs_skip_group(c, next);
        while (after < hi && !dcs_tok_is(c, after, "{") && !dcs_tok_is(c, after, ";") &&
               !dcs_tok_is(c, after, "=>"))
            after = dcs_opener(c, after) ? dcs_skip_group(c, after) : after + 1;
        if (dcs_tok_is(c, after, "{")) {
            add_method(c, cls, name, next, after, FALSE);
            return dcs_skip_group(c, after);
        }
        if (dcs_tok_is(c, after, "=>"))
            add_method(c, cls, name, next, after + 1, TRUE);
        return dcs_skip_simple(c, after);
    }
    if (dcs_tok_is(c, next, "{")) {
        /* `abstract T P { get; }` keeps nothing: a derived class's getter gives P */
        gboolean abstract = FALSE;
        for (guint j = i; j > 0 && keyword_at(c, j - 1); j--)
            abstract = abstract || dcs_tok_is(c, j - 1, "abstract");
        add_property(c, cls, name, next, abstract);
        guint end = dcs_skip_group(c, next);
        return dcs_tok_is(c, end, "=") ? dcs_skip_simple(c, end) : end;
    }
    if (dcs_tok_is(c, next, "=>")) {
        add_method(c, cls, name, 0, next + 1, TRUE);
        return dcs_skip_simple(c, next);
    }
    /* fields: T a = e, b; */
    for (guint j = name; j < hi && dcs_T(c, j)->kind == T_IDENT;) {
        cs_field f = {dcs_tok_text(c, j), cls, dcs_tok_is(c, j + 1, "=") ? j + 2 : 0, deflt};
        g_array_append_val(c->fields, f);
        j = f.init ? f.init : j + 1;
        while (j < hi && !dcs_tok_is(c, j, ",") && !dcs_tok_is(c, j, ";") && !dcs_closer(c, j))
            j = dcs_opener(c, j) ? dcs_skip_group(c, j) : j + 1;
        if (!dcs_tok_is(c, j, ","))
            break;
        j++;
    }
    return dcs_skip_simple(c, name);
}

/* The members of the class body from its '{' at @open. */
static void scan_members(dspr_cs *c, guint open, int cls)
{
    guint end = dcs_skip_group(c, open) - 1;
    for (guint i = open + 1; i < end && c->methods->len < 4096 && c->fields->len < 4096;) {
        if (dcs_tok_is(c, i, "[")) { /* an attribute */
            i = dcs_skip_group(c, i);
            continue;
        }
        if (keyword_at(c, i)) {
            i++;
            continue;
        }
        if (dcs_tok_is(c, i, ";")) {
            i++;
            continue;
        }
        guint next = scan_member(c, i, end, cls);
        i = next > i ? next : i + 1;
    }
}

/* `class NAME [: BASE, ...] {` at @i (the keyword) in namespace @ns. */
static void scan_class(dspr_cs *c, guint i, guint hi, const char *ns)
{
    if (dcs_T(c, i + 1)->kind != T_IDENT || c->classes->len >= 1024)
        return;
    cs_class k = {NULL, g_strdup(ns ? ns : ""), NULL, -1};
    g_autofree char *name = dcs_tok_text(c, i + 1);
    k.full = ns && *ns ? g_strconcat(ns, ".", name, NULL) : g_strdup(name);
    guint j = i + 2;
    if (dcs_tok_is(c, j, "<"))
        j = dcs_skip_type(c, i + 1);
    if (dcs_tok_is(c, j, ":") && dcs_T(c, j + 1)->kind == T_IDENT) {
        guint e = dcs_skip_type(c, j + 1);
        GString *b = g_string_new(NULL);
        for (guint t = j + 1; t < e && !dcs_tok_is(c, t, "<"); t++)
            g_string_append_len(b, c->text + dcs_T(c, t)->at, dcs_T(c, t)->len);
        k.base = g_string_free(b, FALSE);
    }
    while (j < hi && !dcs_tok_is(c, j, "{"))
        j++;
    g_array_append_val(c->classes, k);
    if (j < hi)
        scan_members(c, j, (int)c->classes->len - 1);
}

static void scan_scope(dspr_cs *c, guint lo, guint hi, const char *ns)
{
    for (guint i = lo; i < hi;) {
        if (dcs_tok_is(c, i, "namespace")) {
            GString *n = g_string_new(ns);
            guint j = i + 1;
            if (n->len)
                g_string_append_c(n, '.');
            for (; j < hi && (dcs_T(c, j)->kind == T_IDENT || dcs_tok_is(c, j, ".")); j++)
                g_string_append_len(n, c->text + dcs_T(c, j)->at, dcs_T(c, j)->len);
            g_autofree char *inner = g_string_free(n, FALSE);
            if (dcs_tok_is(c, j, ";")) { /* file-scoped */
                scan_scope(c, j + 1, hi, inner);
                return;
            }
            guint end = dcs_tok_is(c, j, "{") ? dcs_skip_group(c, j) : j + 1;
            if (dcs_tok_is(c, j, "{"))
                scan_scope(c, j + 1, end - 1, inner);
            i = end;
        } else if (dcs_tok_is(c, i, "class") || dcs_tok_is(c, i, "struct")) {
            guint j = i;
            while (j < hi && !dcs_tok_is(c, j, "{"))
                j++;
            scan_class(c, i, hi, ns);
            i = dcs_skip_group(c, j);
        } else if (dcs_tok_is(c, i, "enum")) {
            scan_enum(c, i, hi, ns);
            guint j = i;
            while (j < hi && !dcs_tok_is(c, j, "{"))
                j++;
            i = dcs_skip_group(c, j);
        } else {
            i = dcs_opener(c, i) ? dcs_skip_group(c, i) : i + 1;
        }
    }
}

/* The class named @name as seen from namespace @ns: NS.NAME, then each enclosing namespace's,
 * then any class whose full name ends in .NAME; -1 when none. */
int dcs_class_find(const dspr_cs *c, const char *ns, const char *name)
{
    g_autofree char *scope = g_strdup(ns ? ns : "");
    for (;;) {
        g_autofree char *full = *scope ? g_strconcat(scope, ".", name, NULL) : g_strdup(name);
        for (guint i = 0; i < c->classes->len; i++)
            if (strcmp(g_array_index(c->classes, cs_class, i).full, full) == 0)
                return (int)i;
        char *dot = strrchr(scope, '.');
        if (!*scope)
            break;
        if (dot)
            *dot = 0;
        else
            *scope = 0;
    }
    g_autofree char *tail = g_strconcat(".", name, NULL);
    for (guint i = 0; i < c->classes->len; i++)
        if (g_str_has_suffix(g_array_index(c->classes, cs_class, i).full, tail))
            return (int)i;
    return -1;
}

static void resolve_bases(dspr_cs *c)
{
    for (guint i = 0; i < c->classes->len; i++) {
        cs_class *k = &g_array_index(c->classes, cs_class, i);
        int b = k->base ? dcs_class_find(c, k->ns, k->base) : -1;
        k->base_cls = b == (int)i ? -1 : b;
    }
    for (guint i = 0; i < c->classes->len; i++) { /* no cycles */
        int slow = (int)i, n = 0;
        for (int k = (int)i; k >= 0; k = g_array_index(c->classes, cs_class, k).base_cls)
            if (++n > 32) {
                g_array_index(c->classes, cs_class, slow).base_cls = -1;
                break;
            }
    }
}

void dcs_init_fields(dspr_cs *c, GHashTable *self, int cls, int depth)
{
    if (cls < 0 || depth > 32)
        return;
    dcs_init_fields(c, self, g_array_index(c->classes, cs_class, cls).base_cls, depth + 1);
    GHashTable *saved = c->self;
    int saved_cls = c->self_cls;
    guint saved_pos = c->pos;
    for (guint i = 0; i < c->fields->len; i++) {
        const cs_field *f = &g_array_index(c->fields, cs_field, i);
        if (f->cls != cls)
            continue;
        val *v = g_new(val, 1);
        *v = dcs_default_value(f->deflt);
        g_hash_table_replace(self, g_strdup(f->name), v);
        if (f->init) {
            c->self = self;
            c->self_cls = cls;
            c->pos = f->init;
            gboolean err = c->error;
            c->error = FALSE;
            val r = dcs_init_expr(c);
            *v = c->error ? dcs_vk(V_UNKNOWN) : r;
            c->error = err || c->fatal;
        }
    }
    c->self = saved;
    c->self_cls = saved_cls;
    c->pos = saved_pos;
}

static void run_reset(dspr_cs *c, guint max_steps)
{
    c->steps = 0;
    c->max_steps = max_steps;
    c->error = c->fatal = FALSE;
    c->live = TRUE;
    c->calls = c->nest = 0;
    c->cur_cls = c->cls;
    c->self = c->state;
    c->self_cls = c->cls;
    c->frame = 0;
    dcs_locals_pop(c, 0);
}

void dspr_cs_free(dspr_cs *c)
{
    if (!c)
        return;
    for (guint i = 0; i < c->classes->len; i++) {
        cs_class *k = &g_array_index(c->classes, cs_class, i);
        g_free(k->full);
        g_free(k->ns);
        g_free(k->base);
    }
    for (guint i = 0; i < c->methods->len; i++) {
        cs_method *m = &g_array_index(c->methods, cs_method, i);
        g_free(m->name);
        for (int k = 0; k < m->nparams; k++)
            g_free(m->params[k]);
    }
    for (guint i = 0; i < c->fields->len; i++)
        g_free(g_array_index(c->fields, cs_field, i).name);
    for (guint i = 0; i < c->enums->len; i++) {
        g_free(g_array_index(c->enums, cs_enum, i).type);
        g_free(g_array_index(c->enums, cs_enum, i).member);
    }
    g_array_unref(c->enums);
    g_hash_table_unref(c->switches);
    dcs_locals_pop(c, 0);
    g_array_unref(c->locals);
    g_array_unref(c->toks);
    g_array_unref(c->classes);
    g_array_unref(c->methods);
    g_array_unref(c->fields);
    g_hash_table_unref(c->state);
    g_ptr_array_unref(c->strs);
    g_ptr_array_unref(c->arrays);
    g_ptr_array_unref(c->indexers);
    g_ptr_array_unref(c->maps);
    g_ptr_array_unref(c->insts);
    g_free(c->text);
    g_free(c);
}

/* The class the definition names (codetype=), else the first with a GetSprite(obj). */
static int definition_class(const dspr_cs *c, const char *type)
{
    if (type)
        return dcs_class_find(c, NULL, type);
    for (guint i = 0; i < c->methods->len; i++) {
        const cs_method *m = &g_array_index(c->methods, cs_method, i);
        if (strcmp(m->name, "GetSprite") == 0 && m->nparams == 1)
            return m->cls;
    }
    return -1;
}

static void map_free(gpointer p)
{
    cs_map *m = p;
    if (m->bytes)
        g_byte_array_unref(m->bytes);
    g_free(m);
}

dspr_cs *dspr_cs_parse(EditorDisasmSprites *self, const char *text, gsize size, const char *type,
                       dspr_def *d)
{
    dspr_cs *c = g_new0(dspr_cs, 1);
    c->text = g_strndup(text, size);
    c->size = strlen(c->text); /* a NUL byte ends the text */
    c->toks = g_array_new(FALSE, FALSE, sizeof(tok));
    c->classes = g_array_new(FALSE, FALSE, sizeof(cs_class));
    c->methods = g_array_new(FALSE, FALSE, sizeof(cs_method));
    c->fields = g_array_new(FALSE, FALSE, sizeof(cs_field));
    c->enums = g_array_new(FALSE, FALSE, sizeof(cs_enum));
    c->locals = g_array_new(FALSE, FALSE, sizeof(cs_local));
    c->state = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    c->strs = g_ptr_array_new_with_free_func(g_free);
    c->arrays = g_ptr_array_new_with_free_func((GDestroyNotify)g_array_unref);
    c->indexers = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
    c->maps = g_ptr_array_new_with_free_func(map_free);
    c->owner = self;
    c->insts = g_ptr_array_new_with_free_func((GDestroyNotify)g_hash_table_unref);
    c->switches = g_hash_table_new_full(NULL, NULL, NULL, (GDestroyNotify)g_array_unref);
    c->def = d;
    if (!dcs_tokenize(c)) {
        dspr_cs_free(c);
        return NULL;
    }
    scan_scope(c, 0, c->toks->len, "");
    resolve_bases(c);
    c->cls = definition_class(c, type);
    if (c->cls < 0 || dcs_method_find(c, c->cls, "GetSprite", 1) < 0) {
        dspr_cs_free(c);
        return NULL;
    }
    run_reset(c, CS_MAX_INIT_STEPS);
    dcs_init_fields(c, c->state, c->cls, 0);
    int init = dcs_method_find(c, c->cls, "Init", 1);
    if (init >= 0) {
        run_reset(c, CS_MAX_INIT_STEPS);
        val data = dcs_vk(V_UNKNOWN);
        dcs_invoke(c, init, &data, 1);
    }
    return c;
}

gboolean dspr_cs_placed(const dspr_cs *c)
{
    return c->placed;
}

dcs_result dspr_cs_sprite(dspr_cs *c, int subtype, gboolean xflip, gboolean yflip, int x, int y,
                          GArray *refs)
{
    int mi = dcs_method_find(c, c->cls, "GetSprite", 1);
    if (mi < 0)
        return DCS_UNKNOWN;
    run_reset(c, CS_MAX_CALL_STEPS);
    val obj = dcs_vk(V_OBJ);
    obj.i = subtype & 0xFF;
    obj.fx = xflip != 0;
    obj.fy = yflip != 0;
    obj.dx = x;
    obj.dy = y;
    val r = dcs_invoke(c, mi, &obj, 1);
    if (dcs_sprite_refs(c, r, refs))
        return DCS_DRAWN;
    gboolean nothing =
        r.k == V_NULL || dcs_unknown_object(r) || (r.k == V_SPRITE && dcs_sprite_known(c, r));
    dcs_trace(c, g_array_index(c->methods, cs_method, mi).body,
              "GetSprite (subtype 0x%02X at %d, %d) gives %s: drawn as a box", subtype & 0xFF, x, y,
              r.k == V_SPRITE && nothing ? "a Sprite of no part that can be drawn"
              : dcs_unknown_object(r)    ? "ObjectHelper.UnknownObject"
              : r.k == V_NULL            ? "null"
                                         : "a value not known");
    return nothing ? DCS_NOTHING : DCS_UNKNOWN;
}
