/*
 * float_print.c -- shortest round-trip printing of Float64/Float32/Float16 for Base's `show`/`print`,
 * formatted as Julia 1.10's Base.Ryu.writeshortest does it (`0.1`, `1.0e-5`, `1.0e6`, `100000.0`,
 * `1.5f0`, `Float16(1.5)`, `-0.0`, `Inf`, `NaN32`).
 *
 * Digits come from a search rather than Ryu's tables: for d = 1..17 significant digits, the value is
 * rendered with "%.*e" (correctly rounded by libc) and read back with strtod/strtof; the first d that
 * reads back as the same value gives the shortest digits (the nearest d-digit decimal, which is what
 * Ryu prints except in rare ties at binade boundaries). Layout rule (Ryu): with `pt` the position of the
 * decimal point relative to the digits, plain notation when -4 < pt <= 6 (3 for Float16), else
 * scientific with a minimal exponent (`1.0e16`, `1.234e-7`).
 * `flags`: bit 0 typed (Float32 gets `f` exponent / `f0` suffix, Float16 is wrapped in `Float16(...)`),
 * bit 1 compact (at most 6 significant digits, as the REPL's `:compact` IOContext).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "julep_internal.h"

#define JL_FLOAT_TYPED 1
#define JL_FLOAT_COMPACT 2

static int roundtrips(const char *s, double x, int bits)
{
    if (bits == 64)
        return strtod(s, NULL) == x;
    if (bits == 32)
        return strtof(s, NULL) == (float)x;
    return (double)(_Float16)strtof(s, NULL) == x;
}

/* shortest digits of |x| (finite, nonzero) into digits[], returns their count; *e10 = decimal exponent
   of the first digit (x = 0.d1d2... * 10^(e10+1)) */
static int shortest_digits(double x, int bits, int maxdigits, char *digits, int *e10)
{
    char buf[64];
    int d;
    for (d = 1; d <= 17; d++) {
        snprintf(buf, sizeof buf, "%.*e", d - 1, x);
        if (roundtrips(buf, x, bits))
            break;
    }
    if (d > maxdigits) {
        d = maxdigits;
        snprintf(buf, sizeof buf, "%.*e", d - 1, x);
    }
    int n = 0;
    const char *p = buf;
    for (; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9')
            digits[n++] = *p;
    *e10 = atoi(p + 1);
    while (n > 1 && digits[n - 1] == '0')
        n--;
    digits[n] = 0;
    return n;
}

/* Julia prints digits that end before the decimal point in plain notation only when the value really
   is that integer (up to 0.05): compact output rounded to 6 digits (`123456.789` -> `1.23457e5`) and
   Float16's coarse spacing (`65504` -> `6.55e4`) fall back to scientific notation. */
static int integer_tail_inexact(double x, int pt, int n)
{
    if (pt < n)
        return 0;
    double unit = pow(10.0, pt - n);
    return fabs(fmod(fabs(x) + 0.05, unit) - 0.05) > 0.05;
}

static size_t format_finite(double x, int bits, int flags, char *out)
{
    char digits[32];
    size_t k = 0;
    int typed32 = bits == 32 && (flags & JL_FLOAT_TYPED);
    if (signbit(x))
        out[k++] = '-';
    x = fabs(x);
    if (x == 0) {
        memcpy(out + k, "0.0", 3);
        k += 3;
        if (typed32) {
            memcpy(out + k, "f0", 2);
            k += 2;
        }
        return k;
    }
    int e10;
    int n = shortest_digits(x, bits, (flags & JL_FLOAT_COMPACT) ? 6 : 17, digits, &e10);
    int pt = e10 + 1;
    int maxpt = bits == 16 ? 3 : 6;
    if (pt > -4 && pt <= maxpt && !integer_tail_inexact(x, pt, n)) {
        if (pt <= 0) {
            out[k++] = '0';
            out[k++] = '.';
            for (int i = 0; i < -pt; i++)
                out[k++] = '0';
            memcpy(out + k, digits, (size_t)n);
            k += (size_t)n;
        }
        else if (pt >= n) {
            memcpy(out + k, digits, (size_t)n);
            k += (size_t)n;
            for (int i = n; i < pt; i++)
                out[k++] = '0';
            out[k++] = '.';
            out[k++] = '0';
        }
        else {
            memcpy(out + k, digits, (size_t)pt);
            k += (size_t)pt;
            out[k++] = '.';
            memcpy(out + k, digits + pt, (size_t)(n - pt));
            k += (size_t)(n - pt);
        }
        if (typed32) {
            memcpy(out + k, "f0", 2);
            k += 2;
        }
        return k;
    }
    out[k++] = digits[0];
    out[k++] = '.';
    if (n > 1) {
        memcpy(out + k, digits + 1, (size_t)(n - 1));
        k += (size_t)(n - 1);
    }
    else {
        out[k++] = '0';
    }
    out[k++] = typed32 ? 'f' : 'e';
    k += (size_t)snprintf(out + k, 16, "%d", e10);
    return k;
}

/* The text Julia's show (typed) or print (untyped) gives for a float of `bits` bits whose value is x. */
JL_DLLEXPORT jl_value_t *jl_float_to_string(double x, int32_t bits, int32_t flags)
{
    char out[64];
    size_t k = 0;
    int typed = flags & JL_FLOAT_TYPED;
    const char *suffix = !typed ? "" : bits == 32 ? "32" : bits == 16 ? "16" : "";
    if (isnan(x)) {
        k = (size_t)snprintf(out, sizeof out, "NaN%s", suffix);
    }
    else if (isinf(x)) {
        k = (size_t)snprintf(out, sizeof out, "%sInf%s", x < 0 ? "-" : "", suffix);
    }
    else if (bits == 16 && typed) {
        memcpy(out, "Float16(", 8);
        k = 8 + format_finite(x, bits, flags, out + 8);
        out[k++] = ')';
    }
    else {
        k = format_finite(x, bits, flags, out);
    }
    return jl_pchar_to_string(out, k);
}
