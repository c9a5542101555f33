/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter (disasm-sprites-cs.c): decimals, for the definitions that
 * compute offsets in C#'s `decimal` (skdisasm's LRZ spike ball launcher sums a launch speed of
 * `-obj.SubType / 16m` stepped by `0.21875m` into the ball's height, then `(int)decimal.Floor`).
 * A decimal is exact: a 64-bit mantissa and a scale (the value is mantissa / 10^scale, scale 0
 * to DEC_MAX_SCALE), as C#'s is with its 96-bit one. Sums, differences, products and
 * comparisons are exact; a quotient is exact when it ends within DEC_MAX_SCALE digits. Where C#
 * would round (a quotient such as 1m / 3m) or the mantissa would leave 64 bits, the value is
 * unknown rather than a near one. Only the editor's sprite pictures use these.
 */
#include "disasm-sprites-cs-private.h"

#include <string.h>

#define DEC_MAX_SCALE 18

static const gint64 pow10s[DEC_MAX_SCALE + 1] = {1,
                                                 10,
                                                 100,
                                                 1000,
                                                 10000,
                                                 100000,
                                                 1000000,
                                                 10000000,
                                                 100000000,
                                                 1000000000,
                                                 10000000000,
                                                 100000000000,
                                                 1000000000000,
                                                 10000000000000,
                                                 100000000000000,
                                                 1000000000000000,
                                                 10000000000000000,
                                                 100000000000000000,
                                                 1000000000000000000};

/* mantissa / 10^scale; trailing zeros are dropped, which changes no value this code compares or
 * draws with (C# keeps them only for ToString). */
static val dec(gint64 m, int scale)
{
    while (scale > 0 && m % 10 == 0) {
        m /= 10;
        scale--;
    }
    val v = dcs_vk(V_DECIMAL);
    v.i = m;
    v.dx = scale;
    return v;
}

val dcs_dec_token(const dspr_cs *c, const tok *t)
{
    const char *s = c->text + t->at, *end = s + t->len - 1; /* the 'm' suffix */
    gint64 m = 0;
    int scale = -1;
    for (const char *p = s; p < end; p++) {
        if (*p == '.' && scale < 0) {
            scale = 0;
            continue;
        }
        if (!g_ascii_isdigit(*p) || scale >= DEC_MAX_SCALE || __builtin_mul_overflow(m, 10, &m) ||
            __builtin_add_overflow(m, *p - '0', &m))
            return dcs_vk(V_UNKNOWN); /* `1e3m`, more digits than followed here */
        scale += scale >= 0;
    }
    return dec(m, scale < 0 ? 0 : scale);
}

/* @v as a decimal: a decimal, or an int (C# converts it implicitly). */
static gboolean as_dec(val v, gint64 *m, int *scale)
{
    if (v.k == V_DECIMAL) {
        *m = v.i;
        *scale = v.dx;
    } else if (v.k == V_INT) {
        *m = (gint32)v.i; /* the interpreter's ints are C#'s 32-bit ones */
        *scale = 0;
    } else {
        return FALSE;
    }
    return TRUE;
}

/* @m / 10^@from as a mantissa of scale @to (>= @from); FALSE when it leaves 64 bits. */
static gboolean rescale(gint64 m, int from, int to, gint64 *out)
{
    return to - from <= DEC_MAX_SCALE && !__builtin_mul_overflow(m, pow10s[to - from], out);
}

/* a / b exact within DEC_MAX_SCALE digits: a.m * 10^(bs + s) / (b.m * 10^as) for the least s. */
static val divide(gint64 am, int as, gint64 bm, int bs)
{
    if (bm == 0)
        return dcs_vk(V_UNKNOWN); /* C# throws */
    for (int s = 0; s <= DEC_MAX_SCALE; s++) {
        gint64 num, den;
        if (bs + s > DEC_MAX_SCALE || !rescale(am, 0, bs + s, &num) || !rescale(bm, 0, as, &den))
            break;
        if (num % den == 0 && !(num == G_MININT64 && den == -1))
            return dec(num / den, s);
    }
    return dcs_vk(V_UNKNOWN); /* C# rounds to 28 digits: not followed */
}

val dcs_dec_arith(const char *op, val a, val b)
{
    gint64 am, bm;
    int as, bs;
    if (!as_dec(a, &am, &as) || !as_dec(b, &bm, &bs))
        return dcs_vk(V_UNKNOWN); /* with a double: C# does not compile it */
    if (strcmp(op, "*") == 0) {
        gint64 m;
        return as + bs <= DEC_MAX_SCALE && !__builtin_mul_overflow(am, bm, &m) ? dec(m, as + bs)
                                                                               : dcs_vk(V_UNKNOWN);
    }
    if (strcmp(op, "/") == 0)
        return divide(am, as, bm, bs);
    int s = MAX(as, bs);
    gint64 x, y, r;
    if (!rescale(am, as, s, &x) || !rescale(bm, bs, s, &y))
        return dcs_vk(V_UNKNOWN);
    if (strcmp(op, "+") == 0)
        return __builtin_add_overflow(x, y, &r) ? dcs_vk(V_UNKNOWN) : dec(r, s);
    if (strcmp(op, "-") == 0)
        return __builtin_sub_overflow(x, y, &r) ? dcs_vk(V_UNKNOWN) : dec(r, s);
    if (strcmp(op, "%") == 0) /* the sign of the dividend, as C#'s */
        return y == 0 || (x == G_MININT64 && y == -1) ? dcs_vk(V_UNKNOWN) : dec(x % y, s);
    return dcs_compare(op, x < y ? -1 : x > y ? 1 : 0);
}

val dcs_dec_negate(val v)
{
    return v.k == V_DECIMAL && v.i != G_MININT64 ? dec(-v.i, v.dx) : dcs_vk(V_UNKNOWN);
}

/* Toward zero, toward -infinity, toward +infinity: the integer part as a mantissa. */
static gint64 truncated(val v)
{
    return v.i / pow10s[v.dx];
}

static gint64 floored(val v)
{
    gint64 t = truncated(v);
    return v.i % pow10s[v.dx] < 0 ? t - 1 : t;
}

static gint64 ceiled(val v)
{
    gint64 t = truncated(v);
    return v.i % pow10s[v.dx] > 0 ? t + 1 : t;
}

gboolean dcs_dec_cast(const char *type, val v, val *out)
{
    if (strcmp(type, "decimal") == 0) {
        gint64 m;
        int s;
        *out = as_dec(v, &m, &s) ? dec(m, s) : dcs_vk(V_UNKNOWN); /* of a double: not followed */
        return TRUE;
    }
    if (v.k != V_DECIMAL)
        return FALSE;
    static const struct {
        const char *name;
        gint64 lo, hi;
    } ints[] = {{"int", G_MININT32, G_MAXINT32},
                {"short", G_MININT16, G_MAXINT16},
                {"ushort", 0, G_MAXUINT16},
                {"byte", 0, G_MAXUINT8},
                {"sbyte", G_MININT8, G_MAXINT8}};
    for (size_t k = 0; k < G_N_ELEMENTS(ints); k++)
        if (strcmp(type, ints[k].name) == 0) { /* toward zero; outside the type C# throws */
            gint64 t = truncated(v);
            *out = t >= ints[k].lo && t <= ints[k].hi ? dcs_vint(t) : dcs_vk(V_UNKNOWN);
            return TRUE;
        }
    *out = dcs_vk(V_UNKNOWN); /* (double), (long), ...: not followed */
    return TRUE;
}

gboolean dcs_dec_call(const char *name, const val *a, int n, val *out)
{
    static const char *const fns[] = {"Floor", "Ceiling", "Truncate", "Negate", NULL};
    const char *fn = g_str_has_prefix(name, "decimal.")   ? name + strlen("decimal.")
                     : g_str_has_prefix(name, "Decimal.") ? name + strlen("Decimal.")
                     : g_str_has_prefix(name, "Math.") && n == 1 && a[0].k == V_DECIMAL
                         ? name + strlen("Math.") /* Math.Floor(decimal): the decimal overload */
                         : NULL;
    if (!fn)
        return FALSE;
    *out = dcs_vk(V_UNKNOWN);
    for (int k = 0; fns[k]; k++)
        if (strcmp(fn, fns[k]) == 0 && n == 1 && a[0].k == V_DECIMAL) {
            *out = k == 0   ? dec(floored(a[0]), 0)
                   : k == 1 ? dec(ceiled(a[0]), 0)
                   : k == 2 ? dec(truncated(a[0]), 0)
                            : dcs_dec_negate(a[0]);
            break;
        }
    return TRUE; /* another function of decimal, or other arguments: unknown */
}
