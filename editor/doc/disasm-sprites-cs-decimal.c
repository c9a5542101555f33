/* SPDX-License-Identifier: MIT */
/*
 * The C# definition interpreter (disasm-sprites-cs.c): decimals, for the definitions that
 * compute offsets in C#'s `decimal` (skdisasm's LRZ spike ball launcher sums a launch speed of
 * `-obj.SubType / 16m` stepped by `0.21875m`; DEZ's tunnel launcher moves its rings along a
 * path by quotients such as `88m / 7.3333333333333333333333333333m`).
 *
 * A decimal is C#'s: a sign, a 96-bit magnitude and a scale of 0 to 28, the value being
 * magnitude / 10^scale. Every operation computes the exact result in a wider integer (at most
 * DEC_LIMBS 32-bit limbs) and then rounds it as the C# specification says (ECMA-334,
 * "The decimal type"): to the nearest value that has the largest scale, at most 28, whose
 * magnitude fits in 96 bits, a tie going to the even last digit. So 1m / 3m is
 * 0.3333333333333333333333333333 and 2m / 3m 0.6666666666666666666666666667 (28 digits), and
 * 1000000m + 1m / 3m keeps 22 of them. A result whose integer part leaves 96 bits (C# throws an
 * OverflowException) and a division by zero are unknown. Trailing zeros are dropped, which
 * changes no value compared or drawn with (C# keeps them only for ToString). Only the editor's
 * sprite pictures use these.
 */
#include "disasm-sprites-cs-private.h"

#include <stdlib.h>
#include <string.h>

#define DEC_MAX_SCALE 28
#define DEC_LIMBS     12 /* 384 bits: a 96-bit magnitude times 10^56, and more, fit */

/* An unsigned integer of DEC_LIMBS 32-bit limbs, least significant first. */
typedef struct {
    guint32 w[DEC_LIMBS];
} big;

static big big_of(guint64 lo, guint32 hi)
{
    big b = {{0}};
    b.w[0] = (guint32)lo;
    b.w[1] = (guint32)(lo >> 32);
    b.w[2] = hi;
    return b;
}

static gboolean big_zero(const big *b)
{
    for (int k = 0; k < DEC_LIMBS; k++)
        if (b->w[k])
            return FALSE;
    return TRUE;
}

/* Whether @b fits in a decimal's 96 bits. */
static gboolean big_fits(const big *b)
{
    for (int k = 3; k < DEC_LIMBS; k++)
        if (b->w[k])
            return FALSE;
    return TRUE;
}

static int big_cmp(const big *a, const big *b)
{
    for (int k = DEC_LIMBS; k-- > 0;)
        if (a->w[k] != b->w[k])
            return a->w[k] < b->w[k] ? -1 : 1;
    return 0;
}

/* *@a += @b; FALSE on a carry out of the top limb. */
static gboolean big_add(big *a, const big *b)
{
    guint64 carry = 0;
    for (int k = 0; k < DEC_LIMBS; k++) {
        carry += (guint64)a->w[k] + b->w[k];
        a->w[k] = (guint32)carry;
        carry >>= 32;
    }
    return carry == 0;
}

/* *@a -= @b, @a >= @b. */
static void big_sub(big *a, const big *b)
{
    gint64 borrow = 0;
    for (int k = 0; k < DEC_LIMBS; k++) {
        gint64 d = (gint64)a->w[k] - b->w[k] - borrow;
        borrow = d < 0;
        a->w[k] = (guint32)(d + (borrow << 32));
    }
}

/* *@a *= @m; FALSE when the product leaves DEC_LIMBS limbs. */
static gboolean big_mul_small(big *a, guint32 m)
{
    guint64 carry = 0;
    for (int k = 0; k < DEC_LIMBS; k++) {
        carry += (guint64)a->w[k] * m;
        a->w[k] = (guint32)carry;
        carry >>= 32;
    }
    return carry == 0;
}

static gboolean big_mul_pow10(big *a, int n)
{
    static const guint32 pow10[10] = {1,      10,      100,      1000,      10000,
                                      100000, 1000000, 10000000, 100000000, 1000000000};
    for (; n > 0; n -= 9) /* nine digits at a time */
        if (!big_mul_small(a, pow10[MIN(n, 9)]))
            return FALSE;
    return TRUE;
}

/* *@a /= @d; the remainder. */
static guint32 big_div_small(big *a, guint32 d)
{
    guint64 rem = 0;
    for (int k = DEC_LIMBS; k-- > 0;) {
        guint64 cur = (rem << 32) | a->w[k];
        a->w[k] = (guint32)(cur / d);
        rem = cur % d;
    }
    return (guint32)rem;
}

/* The product of two magnitudes of at most 96 bits. */
static big big_mul(const big *a, const big *b)
{
    big r = {{0}};
    for (int i = 0; i < 3; i++) {
        guint64 carry = 0;
        for (int j = 0; j < 3 || carry; j++) {
            carry += (guint64)r.w[i + j] + (j < 3 ? (guint64)a->w[i] * b->w[j] : 0);
            r.w[i + j] = (guint32)carry;
            carry >>= 32;
        }
    }
    return r;
}

/* *@num / @den (non-zero) by long division: the quotient in *@num, the remainder in *@rem. */
static void big_divmod(big *num, const big *den, big *rem)
{
    if (big_fits(den) && !den->w[1] && !den->w[2]) { /* a divisor of one limb */
        *rem = big_of(big_div_small(num, den->w[0]), 0);
        return;
    }
    int top = DEC_LIMBS * 32; /* from the numerator's highest bit */
    while (top > 0 && !(num->w[(top - 1) / 32] >> ((top - 1) % 32) & 1))
        top--;
    big q = {{0}}, r = {{0}};
    for (int bit = top; bit-- > 0;) {
        for (int k = DEC_LIMBS; k-- > 1;) /* r = r << 1 | the next bit */
            r.w[k] = (r.w[k] << 1) | (r.w[k - 1] >> 31);
        r.w[0] = (r.w[0] << 1) | ((num->w[bit / 32] >> (bit % 32)) & 1);
        if (big_cmp(&r, den) >= 0) {
            big_sub(&r, den);
            q.w[bit / 32] |= 1u << (bit % 32);
        }
    }
    *num = q;
    *rem = r;
}

static val dec_make(gboolean neg, const big *m, int scale)
{
    big b = *m;
    while (scale > 0) { /* drop trailing zeros */
        big t = b;
        if (big_div_small(&t, 10))
            break;
        b = t;
        scale--;
    }
    val v = dcs_vk(V_DECIMAL);
    v.i = (gint64)((guint64)b.w[0] | (guint64)b.w[1] << 32);
    v.dy = (int)b.w[2];
    v.dx = scale;
    v.fx = neg && !big_zero(&b);
    return v;
}

/* The decimal nearest (-1)^@neg * @num / (@den * 10^@scale), @den non-zero, @scale 0 to
 * 2 * DEC_MAX_SCALE: as C# rounds. Unknown when its integer part does not fit. */
static val dec_round(gboolean neg, big num, const big *den, int scale)
{
    /* the quotient at scale DEC_MAX_SCALE, truncated, and the remainder */
    big q = num, div = *den, rem, one = big_of(1, 0);
    if (!big_mul_pow10(scale <= DEC_MAX_SCALE ? &q : &div, abs(DEC_MAX_SCALE - scale)))
        return dcs_vk(V_UNKNOWN);
    big_divmod(&q, &div, &rem);
    if (big_fits(&q)) { /* rounded at scale DEC_MAX_SCALE: the remainder against half */
        big twice = rem, r = q;
        big_add(&twice, &rem);
        int half = big_cmp(&twice, &div);
        if (half > 0 || (half == 0 && (q.w[0] & 1)))
            big_add(&r, &one);
        if (big_fits(&r))
            return dec_make(neg, &r, DEC_MAX_SCALE);
    }
    /* too many digits: drop them one at a time from the truncated quotient; the last dropped
     * decides, those before it and the remainder only say whether it is a tie */
    gboolean sticky = !big_zero(&rem);
    for (int s = DEC_MAX_SCALE; s > 0; s--) {
        big t = q;
        guint32 digit = big_div_small(&t, 10);
        if (big_fits(&t)) {
            big r = t;
            if (digit > 5 || (digit == 5 && (sticky || (t.w[0] & 1))))
                big_add(&r, &one);
            if (big_fits(&r))
                return dec_make(neg, &r, s - 1);
        }
        sticky = sticky || digit != 0;
        q = t;
    }
    return dcs_vk(V_UNKNOWN); /* the integer part leaves 96 bits: C# throws */
}

/* @v as an exact decimal: a decimal, or an int (C# converts it implicitly). */
static gboolean as_dec(val v, gboolean *neg, big *m, int *scale)
{
    if (v.k == V_DECIMAL) {
        *m = big_of((guint64)v.i, (guint32)v.dy);
        *neg = v.fx;
        *scale = v.dx;
    } else if (v.k == V_INT) {
        gint32 i = (gint32)v.i; /* the interpreter's ints are C#'s 32-bit ones */
        *neg = i < 0;
        *m = big_of(i < 0 ? (guint64)(-(gint64)i) : (guint64)i, 0);
        *scale = 0;
    } else {
        return FALSE;
    }
    return TRUE;
}

val dcs_dec_token(const dspr_cs *c, const tok *t)
{
    const char *s = c->text + t->at, *end = s + t->len - 1; /* the 'm' suffix */
    big m = {{0}};
    int scale = -1;
    for (const char *p = s; p < end; p++) {
        if (*p == '.' && scale < 0) {
            scale = 0;
            continue;
        }
        big digit = big_of((guint64)(*p - '0'), 0);
        if (!g_ascii_isdigit(*p) || scale >= DEC_MAX_SCALE || !big_mul_small(&m, 10) ||
            !big_add(&m, &digit) || !big_fits(&m))
            return dcs_vk(V_UNKNOWN); /* `1e3m`, more digits than a decimal holds */
        scale += scale >= 0;
    }
    return dec_make(FALSE, &m, scale < 0 ? 0 : scale);
}

/* The magnitudes of @a and @b at one scale, the larger of theirs (it is returned). */
static int aligned(big *am, int as, big *bm, int bs)
{
    big_mul_pow10(am, MAX(as, bs) - as); /* 96 bits times at most 10^28: they fit */
    big_mul_pow10(bm, MAX(as, bs) - bs);
    return MAX(as, bs);
}

val dcs_dec_arith(const char *op, val a, val b)
{
    big am, bm, one = big_of(1, 0);
    gboolean an, bn;
    int as, bs;
    if (!as_dec(a, &an, &am, &as) || !as_dec(b, &bn, &bm, &bs))
        return dcs_vk(V_UNKNOWN); /* with a double: C# does not compile it */
    if (strcmp(op, "*") == 0) {
        big p = big_mul(&am, &bm);
        return dec_round(an != bn, p, &one, as + bs);
    }
    if (strcmp(op, "/") == 0) {
        if (big_zero(&bm))
            return dcs_vk(V_UNKNOWN); /* C# throws */
        /* a / b = am * 10^bs / (bm * 10^as): the numerator scaled, the scale as's */
        if (!big_mul_pow10(&am, bs))
            return dcs_vk(V_UNKNOWN);
        return dec_round(an != bn, am, &bm, as);
    }
    int s = aligned(&am, as, &bm, bs);
    if (strcmp(op, "-") == 0) {
        bn = !bn;
        op = "+";
    }
    if (strcmp(op, "+") == 0) {
        if (an == bn) {
            big_add(&am, &bm);
            return dec_round(an, am, &one, s);
        }
        gboolean a_larger = big_cmp(&am, &bm) >= 0;
        big *x = a_larger ? &am : &bm, *y = a_larger ? &bm : &am;
        big_sub(x, y);
        return dec_round(a_larger ? an : bn, *x, &one, s);
    }
    if (strcmp(op, "%") == 0) { /* exact, the sign of the dividend, as C#'s */
        if (big_zero(&bm))
            return dcs_vk(V_UNKNOWN);
        big rem;
        big_divmod(&am, &bm, &rem);
        return dec_round(an, rem, &one, s);
    }
    int order = big_cmp(&am, &bm);
    gboolean az = big_zero(&am), bz = big_zero(&bm);
    if (an != bn && !(az && bz))
        order = an ? -1 : 1; /* opposite signs (zero has none) */
    else if (an)
        order = -order;
    return dcs_compare(op, order);
}

val dcs_dec_negate(val v)
{
    if (v.k != V_DECIMAL)
        return dcs_vk(V_UNKNOWN);
    v.fx = !v.fx && (v.i || v.dy);
    return v;
}

/* The integer part of @v as a magnitude, and whether a fraction was cut off. */
static big int_part(val v, gboolean *fraction)
{
    big m = big_of((guint64)v.i, (guint32)v.dy);
    gboolean cut = FALSE;
    for (int s = v.dx; s > 0; s--)
        cut = big_div_small(&m, 10) != 0 || cut;
    *fraction = cut;
    return m;
}

/* Toward zero (@dir 0), toward -infinity (-1), toward +infinity (1): an integral decimal. */
static val rounded(val v, int dir)
{
    gboolean fraction;
    big m = int_part(v, &fraction), one = big_of(1, 0);
    if (fraction && ((dir < 0 && v.fx) || (dir > 0 && !v.fx)))
        big_add(&m, &one);
    return big_fits(&m) ? dec_make(v.fx, &m, 0) : dcs_vk(V_UNKNOWN);
}

/* (double)v as .NET computes it: the 96-bit magnitude as a double, divided by 10^scale. */
static double to_double(val v)
{
    static const double pow10[DEC_MAX_SCALE + 1] = {
        1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14,
        1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23, 1e24, 1e25, 1e26, 1e27, 1e28};
    double d =
        ((double)(guint64)v.i + (double)(guint32)v.dy * 18446744073709551616.0) / pow10[v.dx];
    return v.fx ? -d : d;
}

gboolean dcs_dec_cast(const char *type, val v, val *out)
{
    if (strcmp(type, "decimal") == 0) {
        big m;
        gboolean neg;
        int s;
        *out = as_dec(v, &neg, &m, &s) ? dec_make(neg, &m, s) : dcs_vk(V_UNKNOWN); /* a double's:
                                                                                    not followed */
        return TRUE;
    }
    if (v.k != V_DECIMAL)
        return FALSE;
    if (strcmp(type, "double") == 0) {
        *out = dcs_vreal(to_double(v));
        return TRUE;
    }
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
            gboolean fraction;
            big m = int_part(v, &fraction);
            gint64 t = m.w[1] || m.w[2] || !big_fits(&m) || m.w[0] > (guint32)G_MAXINT32 + 1u
                           ? G_MAXINT64
                           : (v.fx ? -(gint64)m.w[0] : (gint64)m.w[0]);
            *out = t >= ints[k].lo && t <= ints[k].hi ? dcs_vint(t) : dcs_vk(V_UNKNOWN);
            return TRUE;
        }
    *out = dcs_vk(V_UNKNOWN); /* (long), (float), ...: not followed */
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
            *out = k == 0   ? rounded(a[0], -1)
                   : k == 1 ? rounded(a[0], 1)
                   : k == 2 ? rounded(a[0], 0)
                            : dcs_dec_negate(a[0]);
            break;
        }
    return TRUE; /* another function of decimal, or other arguments: unknown */
}
