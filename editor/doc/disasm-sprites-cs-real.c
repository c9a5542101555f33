/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter (disasm-sprites-cs.c): doubles, for the definitions that place
 * parts with `Math.Cos` / `Math.Sin` (skdisasm's MGZ swinging platform: `(int)(Math.Cos(Math.PI *
 * (obj.SubType / 128.0)) * 16.0 * k)`). C# computes in IEEE doubles as C does here (libm's cos
 * and sin are within an ulp, which only matters where a product lands within an ulp of an
 * integer: for those offsets the nearest such product is 0.0048 away, docs/DISASM.md §11.1);
 * `(int)` truncates toward zero, and a value outside the type's range, where C# leaves the
 * result unspecified, is unknown, as is a NaN or an infinity. Floats (`1.5f`) and decimals stay
 * unknown: their rounding is not a double's. Only the editor's sprite pictures use these; the
 * engine has no floats.
 */
#include "disasm-sprites-cs-private.h"

#include <math.h>
#include <string.h>

val dcs_vreal(double r)
{
    val v = dcs_vk(isfinite(r) ? V_REAL : V_UNKNOWN);
    v.r = r;
    return v;
}

val dcs_real_token(const tok *t)
{
    double d;
    memcpy(&d, &t->num, sizeof d);
    return dcs_vreal(d);
}

static gboolean as_real(val v, double *d)
{
    if (v.k == V_REAL)
        *d = v.r;
    else if (v.k == V_INT)
        *d = (double)(gint32)v.i; /* the interpreter's ints are C#'s 32-bit ones */
    else
        return FALSE;
    return TRUE;
}

val dcs_real_arith(const char *op, val a, val b)
{
    double x, y;
    if (!as_real(a, &x) || !as_real(b, &y))
        return dcs_vk(V_UNKNOWN);
    if (strcmp(op, "+") == 0)
        return dcs_vreal(x + y);
    if (strcmp(op, "-") == 0)
        return dcs_vreal(x - y);
    if (strcmp(op, "*") == 0)
        return dcs_vreal(x * y);
    if (strcmp(op, "/") == 0)
        return dcs_vreal(x / y); /* by zero: an infinity or NaN, unknown */
    if (strcmp(op, "%") == 0)
        return dcs_vreal(fmod(x, y));
    return dcs_compare(op, x < y ? -1 : x > y ? 1 : 0); /* both finite: never a NaN */
}

val dcs_compare(const char *op, int order)
{
    static const struct {
        const char *op;
        gboolean lt, eq, gt; /* what it gives for order -1, 0, 1 */
    } ops[] = {{"<", TRUE, FALSE, FALSE}, {">", FALSE, FALSE, TRUE},  {"<=", TRUE, TRUE, FALSE},
               {">=", FALSE, TRUE, TRUE}, {"==", FALSE, TRUE, FALSE}, {"!=", TRUE, FALSE, TRUE}};
    for (size_t k = 0; k < G_N_ELEMENTS(ops); k++)
        if (strcmp(op, ops[k].op) == 0)
            return dcs_vbool(order < 0 ? ops[k].lt : order > 0 ? ops[k].gt : ops[k].eq);
    return dcs_vk(V_UNKNOWN);
}

val dcs_real_negate(val v)
{
    return v.k == V_REAL ? dcs_vreal(-v.r) : dcs_vk(V_UNKNOWN);
}

gboolean dcs_real_cast(const char *type, val v, val *out)
{
    static const struct {
        const char *name;
        double lo, hi;
    } ints[] = {{"int", -2147483648.0, 2147483647.0},
                {"short", -32768, 32767},
                {"ushort", 0, 65535},
                {"byte", 0, 255},
                {"sbyte", -128, 127}};
    if (strcmp(type, "double") == 0) {
        double d;
        *out = as_real(v, &d) ? dcs_vreal(d) : dcs_vk(V_UNKNOWN);
        return TRUE;
    }
    if (v.k != V_REAL)
        return FALSE;
    for (size_t k = 0; k < G_N_ELEMENTS(ints); k++)
        if (strcmp(type, ints[k].name) == 0) {
            double t = trunc(v.r);
            *out = t >= ints[k].lo && t <= ints[k].hi ? dcs_vint((gint64)t) : dcs_vk(V_UNKNOWN);
            return TRUE;
        }
    *out = dcs_vk(V_UNKNOWN); /* (long), (float), ...: not followed */
    return TRUE;
}

gboolean dcs_math_name(const char *name, val *out)
{
    if (strcmp(name, "Math.PI") == 0)
        *out = dcs_vreal(G_PI);
    else if (strcmp(name, "Math.E") == 0)
        *out = dcs_vreal(G_E);
    else
        return FALSE;
    return TRUE;
}

gboolean dcs_math_call(const char *name, const val *a, int n, val *out)
{
    static const struct {
        const char *name;
        double (*fn)(double);
    } one[] = {{"Math.Cos", cos},     {"Math.Sin", sin},        {"Math.Sqrt", sqrt},
               {"Math.Floor", floor}, {"Math.Ceiling", ceil},   {"Math.Round", nearbyint},
               {"Math.Abs", fabs},    {"Math.Truncate", trunc}, {"Math.Tan", tan},
               {"Math.Atan", atan},   {"Math.Asin", asin},      {"Math.Acos", acos}};
    if (!g_str_has_prefix(name, "Math."))
        return FALSE;
    *out = dcs_vk(V_UNKNOWN);
    if (n == 1 && a[0].k == V_INT && strcmp(name, "Math.Abs") == 0) {
        gint32 i = (gint32)a[0].i; /* Math.Abs(int.MinValue) throws */
        *out = i == G_MININT32 ? dcs_vk(V_UNKNOWN) : dcs_vint(i < 0 ? -i : i);
        return TRUE;
    }
    if (n == 2 && a[0].k == V_INT && a[1].k == V_INT &&
        (strcmp(name, "Math.Min") == 0 || strcmp(name, "Math.Max") == 0)) {
        gboolean min = name[6] == 'i';
        *out = dcs_vint(min == (a[0].i < a[1].i) ? a[0].i : a[1].i);
        return TRUE;
    }
    double d, e;
    if (n == 2 && strcmp(name, "Math.Atan2") == 0 && as_real(a[0], &d) && as_real(a[1], &e)) {
        *out = dcs_vreal(atan2(d, e));
        return TRUE;
    }
    for (size_t k = 0; n == 1 && k < G_N_ELEMENTS(one); k++)
        if (strcmp(name, one[k].name) == 0 && as_real(a[0], &d)) {
            *out = dcs_vreal(one[k].fn(d)); /* Round: to even, as C#'s default */
            return TRUE;
        }
    return TRUE; /* another Math function, or other arguments: unknown */
}
