/*
 * intrinsics.c -- Core.Intrinsics: the primitive operations Base is written on (integer and float
 * arithmetic, comparisons, bit operations, conversions, checked arithmetic, pointers), run on boxed
 * values. Each intrinsic is an instance of Core.IntrinsicFunction whose fptr is one of the entry points
 * below (generic ABI); jl_intrinsic_id gives Julia 1.10's enum position for codegen.
 *
 * Invariants:
 *   - Operations work on the bits of any primitive type up to 128 bits, by size, as Julia's runtime
 *     intrinsics do: integers are loaded into 128-bit registers (zero- or sign-extended from the type's
 *     width) and the result's low bytes are stored; floats are Float16/32/64 by size.
 *   - The result type is the operand type, or the first (type) argument for conversions; comparisons
 *     give Bool. A Bool result is always the jl_true/jl_false singleton.
 *   - Division by zero (and typemin ÷ -1 in checked_sdiv_int) throws DivideError(); shifts by at least
 *     the bit width give 0 (shl, lshr) or the sign fill (ashr), as LLVM-generated code does in Julia.
 */
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <dlfcn.h>
#include "builtins.h"

typedef unsigned __int128 u128;
typedef __int128 i128;

/* ---------------------------------------------------------------- loading and boxing bits */

static unsigned type_bits(jl_datatype_t *t)
{
    return t == jl_bool_type ? 8 : 8 * jl_datatype_size(t);
}

static jl_datatype_t *prim_value(const char *name, jl_value_t *v)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(v);
    if (!t->isprimitivetype)
        jl_errorf("%s: value is not a primitive type", name);
    if (jl_datatype_size(t) > 16)
        jl_errorf("%s: runtime intrinsics are not implemented for bit sizes over 128", name);
    return t;
}

static jl_datatype_t *prim_type(const char *name, jl_value_t *t)
{
    if (!jl_is_datatype(t) || !((jl_datatype_t *)t)->isprimitivetype || !((jl_datatype_t *)t)->isconcretetype)
        jl_errorf("%s: type is not a primitive type", name);
    if (jl_datatype_size(t) > 16)
        jl_errorf("%s: runtime intrinsics are not implemented for bit sizes over 128", name);
    return (jl_datatype_t *)t;
}

static u128 load_bits(jl_value_t *v, unsigned nbytes)
{
    u128 r = 0;
    memcpy(&r, v, nbytes); /* little-endian: low bytes first */
    return r;
}

static u128 zext_bits(u128 x, unsigned bits)
{
    return bits >= 128 ? x : x & (((u128)1 << bits) - 1);
}

static i128 sext_bits(u128 x, unsigned bits)
{
    if (bits >= 128)
        return (i128)x;
    unsigned s = 128 - bits;
    return (i128)(x << s) >> s;
}

static u128 uval(jl_value_t *v, jl_datatype_t *t)
{
    if (t == jl_bool_type)
        return *(uint8_t *)v & 1;
    return load_bits(v, jl_datatype_size(t));
}

static i128 sval(jl_value_t *v, jl_datatype_t *t)
{
    return sext_bits(uval(v, t), type_bits(t));
}

static jl_value_t *box_bits(jl_datatype_t *t, u128 x)
{
    if (t == jl_bool_type)
        return (x & 1) ? jl_true : jl_false;
    if (t == jl_int64_type)
        return jl_box_int64((int64_t)(uint64_t)x);
    if (t == jl_int32_type)
        return jl_box_int32((int32_t)(uint32_t)x);
    if (t == jl_uint8_type)
        return jl_box_uint8((uint8_t)x);
    if (t == jl_int8_type)
        return jl_box_int8((int8_t)(uint8_t)x);
    unsigned n = jl_datatype_size(t);
    jl_value_t *v = jl_gc_alloc_atomic(n, (jl_value_t *)t);
    memcpy(v, &x, n);
    return v;
}

static jl_datatype_t *same_types(const char *name, jl_value_t *a, jl_value_t *b)
{
    jl_datatype_t *t = prim_value(name, a);
    if (jl_typeof(b) != (jl_value_t *)t)
        jl_errorf("%s: types of a and b must match", name);
    return t;
}

#define INTRINSIC_NARGS(n) JL_NARGS("intrinsic_call", n, n)

/* ---------------------------------------------------------------- integer arithmetic */

enum { I_ADD, I_SUB, I_MUL, I_SDIV, I_UDIV, I_SREM, I_UREM, I_AND, I_OR, I_XOR, I_FLIPSIGN, I_EQ, I_NE, I_SLT,
       I_ULT, I_SLE, I_ULE, I_SHL, I_LSHR, I_ASHR, I_ADDPTR, I_SUBPTR };

static JL_NORETURN void divide_error(void)
{
    jl_throw(jl_diverror_exception);
}

static u128 int_binop(int op, u128 ua, u128 ub, unsigned bits)
{
    i128 sa = sext_bits(ua, bits), sb = sext_bits(ub, bits);
    ua = zext_bits(ua, bits);
    ub = zext_bits(ub, bits);
    switch (op) {
    case I_ADD: case I_ADDPTR: return ua + ub;
    case I_SUB: case I_SUBPTR: return ua - ub;
    case I_MUL: return ua * ub;
    case I_AND: return ua & ub;
    case I_OR: return ua | ub;
    case I_XOR: return ua ^ ub;
    case I_UDIV: if (ub == 0) divide_error(); return ua / ub;
    case I_UREM: if (ub == 0) divide_error(); return ua % ub;
    case I_SDIV:
        if (sb == 0)
            divide_error();
        return sb == -1 ? (u128)0 - (u128)sa : (u128)(sa / sb); /* typemin ÷ -1 wraps */
    case I_SREM:
        if (sb == 0)
            divide_error();
        return sb == -1 ? 0 : (u128)(sa % sb);
    case I_FLIPSIGN: return sb < 0 ? (u128)0 - ua : ua;
    case I_EQ: return ua == ub;
    case I_NE: return ua != ub;
    case I_SLT: return sa < sb;
    case I_ULT: return ua < ub;
    case I_SLE: return sa <= sb;
    case I_ULE: return ua <= ub;
    }
    jl_unreachable();
}

static jl_value_t *int_binary(const char *name, int op, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *t = same_types(name, args[0], args[1]);
    u128 r = int_binop(op, uval(args[0], t), uval(args[1], t), type_bits(t));
    return op >= I_EQ && op <= I_ULE ? jl_box_bool(r != 0) : box_bits(t, r);
}

/* shifts: the count may be any integer type; it is read unsigned */
static jl_value_t *int_shift(const char *name, int op, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *t = prim_value(name, args[0]);
    jl_datatype_t *tb = prim_value(name, args[1]);
    unsigned bits = type_bits(t);
    u128 a = uval(args[0], t), n = uval(args[1], tb);
    u128 r;
    if (op == I_SHL)
        r = n >= bits ? 0 : a << (unsigned)n;
    else if (op == I_LSHR)
        r = n >= bits ? 0 : zext_bits(a, bits) >> (unsigned)n;
    else
        r = (u128)(sext_bits(a, bits) >> (unsigned)(n >= bits ? bits - 1 : n));
    return box_bits(t, r);
}

/* pointer arithmetic: add_ptr(p::Ptr, n::UInt) keeps p's type */
static jl_value_t *ptr_arith(const char *name, int op, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *t = prim_value(name, args[0]);
    jl_datatype_t *tb = prim_value(name, args[1]);
    if (jl_datatype_size(t) != jl_datatype_size(tb))
        jl_errorf("%s: types of a and b must match", name);
    return box_bits(t, int_binop(op, uval(args[0], t), uval(args[1], tb), type_bits(t)));
}

#define INT_BINARY(cname, op) \
    static jl_value_t *jl_i_##cname(jl_value_t *F, jl_value_t **args, uint32_t nargs) \
    { return int_binary(#cname, op, args, nargs); }
INT_BINARY(add_int, I_ADD)
INT_BINARY(sub_int, I_SUB)
INT_BINARY(mul_int, I_MUL)
INT_BINARY(sdiv_int, I_SDIV)
INT_BINARY(udiv_int, I_UDIV)
INT_BINARY(srem_int, I_SREM)
INT_BINARY(urem_int, I_UREM)
INT_BINARY(and_int, I_AND)
INT_BINARY(or_int, I_OR)
INT_BINARY(xor_int, I_XOR)
INT_BINARY(flipsign_int, I_FLIPSIGN)
INT_BINARY(eq_int, I_EQ)
INT_BINARY(ne_int, I_NE)
INT_BINARY(slt_int, I_SLT)
INT_BINARY(ult_int, I_ULT)
INT_BINARY(sle_int, I_SLE)
INT_BINARY(ule_int, I_ULE)

static jl_value_t *jl_i_shl_int(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return int_shift("shl_int", I_SHL, args, nargs);
}
static jl_value_t *jl_i_lshr_int(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return int_shift("lshr_int", I_LSHR, args, nargs);
}
static jl_value_t *jl_i_ashr_int(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return int_shift("ashr_int", I_ASHR, args, nargs);
}
static jl_value_t *jl_i_add_ptr(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return ptr_arith("add_ptr", I_ADDPTR, args, nargs);
}
static jl_value_t *jl_i_sub_ptr(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return ptr_arith("sub_ptr", I_SUBPTR, args, nargs);
}

/* unary integer operations: the result has the operand's type */
enum { U_NEG, U_NOT, U_BSWAP, U_CTPOP, U_CTLZ, U_CTTZ };

static unsigned popcount128(u128 x)
{
    return (unsigned)__builtin_popcountll((uint64_t)x) + (unsigned)__builtin_popcountll((uint64_t)(x >> 64));
}

static u128 int_unop(int op, u128 a, unsigned bits)
{
    a = zext_bits(a, bits);
    switch (op) {
    case U_NEG: return (u128)0 - a;
    case U_NOT: return ~a;
    case U_CTPOP: return popcount128(a);
    case U_CTLZ: {
        unsigned n = 0;
        for (int i = (int)bits - 1; i >= 0 && !((a >> i) & 1); i--)
            n++;
        return n;
    }
    case U_CTTZ: {
        unsigned n = 0;
        while (n < bits && !((a >> n) & 1))
            n++;
        return n;
    }
    case U_BSWAP: {
        u128 r = 0;
        for (unsigned i = 0; i < bits / 8; i++)
            r |= ((a >> (8 * i)) & 0xff) << (bits - 8 - 8 * i);
        return r;
    }
    }
    jl_unreachable();
}

static jl_value_t *int_unary(const char *name, int op, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(1);
    jl_datatype_t *t = prim_value(name, args[0]);
    return box_bits(t, int_unop(op, uval(args[0], t), type_bits(t)));
}

#define INT_UNARY(cname, op) \
    static jl_value_t *jl_i_##cname(jl_value_t *F, jl_value_t **args, uint32_t nargs) \
    { return int_unary(#cname, op, args, nargs); }
INT_UNARY(neg_int, U_NEG)
INT_UNARY(not_int, U_NOT)
INT_UNARY(bswap_int, U_BSWAP)
INT_UNARY(ctpop_int, U_CTPOP)
INT_UNARY(ctlz_int, U_CTLZ)
INT_UNARY(cttz_int, U_CTTZ)

/* ---------------------------------------------------------------- checked arithmetic */

enum { C_SADD, C_UADD, C_SSUB, C_USUB, C_SMUL, C_UMUL };

/* exact result of the operation on the operands' values, and whether it fits the type's width */
static jl_value_t *checked_arith(const char *name, int op, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *t = same_types(name, args[0], args[1]);
    unsigned bits = type_bits(t);
    int sgn = op == C_SADD || op == C_SSUB || op == C_SMUL, ovf;
    u128 r;
    if (sgn) {
        i128 a = sval(args[0], t), b = sval(args[1], t), s;
        ovf = op == C_SADD ? __builtin_add_overflow(a, b, &s)
            : op == C_SSUB ? __builtin_sub_overflow(a, b, &s) : __builtin_mul_overflow(a, b, &s);
        ovf = ovf || sext_bits((u128)s, bits) != s;
        r = (u128)s;
    }
    else {
        u128 a = zext_bits(uval(args[0], t), bits), b = zext_bits(uval(args[1], t), bits), s;
        ovf = op == C_UADD ? __builtin_add_overflow(a, b, &s)
            : op == C_USUB ? __builtin_sub_overflow(a, b, &s) : __builtin_mul_overflow(a, b, &s);
        ovf = ovf || zext_bits(s, bits) != s;
        r = s;
    }
    jl_value_t *res[2] = {box_bits(t, r), jl_box_bool((int8_t)ovf)};
    return jl_tuplev(2, res);
}

#define CHECKED_ARITH(cname, op) \
    static jl_value_t *jl_i_##cname(jl_value_t *F, jl_value_t **args, uint32_t nargs) \
    { return checked_arith(#cname, op, args, nargs); }
CHECKED_ARITH(checked_sadd_int, C_SADD)
CHECKED_ARITH(checked_uadd_int, C_UADD)
CHECKED_ARITH(checked_ssub_int, C_SSUB)
CHECKED_ARITH(checked_usub_int, C_USUB)
CHECKED_ARITH(checked_smul_int, C_SMUL)
CHECKED_ARITH(checked_umul_int, C_UMUL)

/* checked division: DivideError for a zero divisor and for typemin ÷ -1 (signed division only) */
static jl_value_t *checked_div(const char *name, int op, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *t = same_types(name, args[0], args[1]);
    unsigned bits = type_bits(t);
    if (op == I_SDIV) {
        i128 a = sval(args[0], t), b = sval(args[1], t);
        i128 tmin = sext_bits((u128)1 << (bits - 1), bits);
        if (b == -1 && a == tmin)
            divide_error();
    }
    return box_bits(t, int_binop(op, uval(args[0], t), uval(args[1], t), bits));
}

#define CHECKED_DIV(cname, op) \
    static jl_value_t *jl_i_##cname(jl_value_t *F, jl_value_t **args, uint32_t nargs) \
    { return checked_div(#cname, op, args, nargs); }
CHECKED_DIV(checked_sdiv_int, I_SDIV)
CHECKED_DIV(checked_udiv_int, I_UDIV)
CHECKED_DIV(checked_srem_int, I_SREM)
CHECKED_DIV(checked_urem_int, I_UREM)

/* ---------------------------------------------------------------- integer conversions */

static jl_value_t *int_convert(const char *name, const char *llname, int kind, jl_value_t **args,
                               uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *to = prim_type(name, args[0]);
    jl_datatype_t *from = prim_value(name, args[1]);
    unsigned ibits = from == jl_bool_type ? 1 : type_bits(from), obits = to == jl_bool_type ? 1 : type_bits(to);
    if (kind != 0 && obits <= ibits)
        jl_errorf("%s: output bitsize must be > input bitsize", llname);
    if (kind == 0 && obits >= ibits)
        jl_errorf("%s: output bitsize must be < input bitsize", llname);
    u128 x = uval(args[1], from);
    u128 r = kind == 1 ? (u128)sext_bits(x, ibits) : zext_bits(x, ibits);
    return box_bits(to, r);
}

static jl_value_t *jl_i_sext_int(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return int_convert("sext_int", "SExt", 1, args, nargs);
}
static jl_value_t *jl_i_zext_int(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return int_convert("zext_int", "ZExt", 2, args, nargs);
}
static jl_value_t *jl_i_trunc_int(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return int_convert("trunc_int", "Trunc", 0, args, nargs);
}

static jl_value_t *jl_i_bitcast(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_value_t *ty = args[0], *v = args[1];
    if (!jl_is_datatype(ty) || !((jl_datatype_t *)ty)->isprimitivetype || !((jl_datatype_t *)ty)->isconcretetype)
        jl_error("bitcast: target type not a leaf primitive type");
    if (!((jl_datatype_t *)jl_typeof(v))->isprimitivetype)
        jl_error("bitcast: value not a primitive type");
    if (jl_datatype_size(jl_typeof(v)) != jl_datatype_size(ty))
        jl_error("bitcast: argument size does not match size of target type");
    if (jl_typeof(v) == ty)
        return v;
    if (ty == (jl_value_t *)jl_bool_type)
        return (*(uint8_t *)v & 1) ? jl_true : jl_false;
    return jl_new_bits(ty, v);
}

/* ---------------------------------------------------------------- floats */

static jl_datatype_t *float_value(const char *name, jl_value_t *v)
{
    jl_datatype_t *t = prim_value(name, v);
    unsigned n = jl_datatype_size(t);
    if (n != 2 && n != 4 && n != 8)
        jl_errorf("%s: runtime floating point intrinsics are not implemented for bit sizes other than 16, 32 "
                  "and 64", name);
    return t;
}

static double fval(jl_value_t *v, unsigned n)
{
    if (n == 2) {
        _Float16 h;
        memcpy(&h, v, 2);
        return (double)h;
    }
    if (n == 4) {
        float f;
        memcpy(&f, v, 4);
        return f;
    }
    double d;
    memcpy(&d, v, 8);
    return d;
}

static jl_value_t *box_float(jl_datatype_t *t, double x)
{
    unsigned n = jl_datatype_size(t);
    jl_value_t *v = jl_gc_alloc_atomic(n, (jl_value_t *)t);
    if (n == 2) {
        _Float16 h = (_Float16)x;
        memcpy(v, &h, 2);
    }
    else if (n == 4) {
        float f = (float)x;
        memcpy(v, &f, 4);
    }
    else {
        memcpy(v, &x, 8);
    }
    return v;
}

enum { F_ADD, F_SUB, F_MUL, F_DIV, F_REM, F_EQ, F_NE, F_LT, F_LE, F_ISEQ, F_COPYSIGN };

/* Float32 and Float16 operations are computed in double and rounded once: exact for + - * / and sqrt,
   since double has more than twice their precision plus two bits. */
static jl_value_t *float_binary(const char *name, int op, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *t = float_value(name, args[0]);
    if (jl_typeof(args[1]) != (jl_value_t *)t)
        jl_errorf("%s: types of a and b must match", name);
    unsigned n = jl_datatype_size(t);
    double a = fval(args[0], n), b = fval(args[1], n);
    switch (op) {
    case F_ADD: return box_float(t, a + b);
    case F_SUB: return box_float(t, a - b);
    case F_MUL: return box_float(t, a * b);
    case F_DIV: return box_float(t, a / b);
    case F_REM: return box_float(t, fmod(a, b));
    case F_EQ: return jl_box_bool(a == b);
    case F_NE: return jl_box_bool(a != b);
    case F_LT: return jl_box_bool(a < b);
    case F_LE: return jl_box_bool(a <= b);
    case F_ISEQ: return jl_box_bool((isnan(a) && isnan(b)) || memcmp(args[0], args[1], n) == 0);
    case F_COPYSIGN: {
        u128 sign = (u128)1 << (8 * n - 1);
        return box_bits(t, (load_bits(args[0], n) & ~sign) | (load_bits(args[1], n) & sign));
    }
    }
    jl_unreachable();
}

#define FLOAT_BINARY(cname, op) \
    static jl_value_t *jl_i_##cname(jl_value_t *F, jl_value_t **args, uint32_t nargs) \
    { return float_binary(#cname, op, args, nargs); }
FLOAT_BINARY(add_float, F_ADD)
FLOAT_BINARY(sub_float, F_SUB)
FLOAT_BINARY(mul_float, F_MUL)
FLOAT_BINARY(div_float, F_DIV)
FLOAT_BINARY(rem_float, F_REM)
FLOAT_BINARY(add_float_fast, F_ADD)
FLOAT_BINARY(sub_float_fast, F_SUB)
FLOAT_BINARY(mul_float_fast, F_MUL)
FLOAT_BINARY(div_float_fast, F_DIV)
FLOAT_BINARY(rem_float_fast, F_REM)
FLOAT_BINARY(eq_float, F_EQ)
FLOAT_BINARY(ne_float, F_NE)
FLOAT_BINARY(lt_float, F_LT)
FLOAT_BINARY(le_float, F_LE)
FLOAT_BINARY(eq_float_fast, F_EQ)
FLOAT_BINARY(ne_float_fast, F_NE)
FLOAT_BINARY(lt_float_fast, F_LT)
FLOAT_BINARY(le_float_fast, F_LE)
FLOAT_BINARY(fpiseq, F_ISEQ)
FLOAT_BINARY(copysign_float, F_COPYSIGN)

enum { FU_NEG, FU_ABS, FU_CEIL, FU_FLOOR, FU_TRUNC, FU_RINT, FU_SQRT };

static jl_value_t *float_unary(const char *name, int op, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(1);
    jl_datatype_t *t = float_value(name, args[0]);
    unsigned n = jl_datatype_size(t);
    u128 sign = (u128)1 << (8 * n - 1);
    double a = fval(args[0], n);
    switch (op) {
    case FU_NEG: return box_bits(t, load_bits(args[0], n) ^ sign);
    case FU_ABS: return box_bits(t, load_bits(args[0], n) & ~sign);
    case FU_CEIL: return box_float(t, ceil(a));
    case FU_FLOOR: return box_float(t, floor(a));
    case FU_TRUNC: return box_float(t, trunc(a));
    case FU_RINT: return box_float(t, nearbyint(a));
    case FU_SQRT: return n == 4 ? box_float(t, sqrtf((float)a)) : box_float(t, sqrt(a));
    }
    jl_unreachable();
}

#define FLOAT_UNARY(cname, op) \
    static jl_value_t *jl_i_##cname(jl_value_t *F, jl_value_t **args, uint32_t nargs) \
    { return float_unary(#cname, op, args, nargs); }
FLOAT_UNARY(neg_float, FU_NEG)
FLOAT_UNARY(neg_float_fast, FU_NEG)
FLOAT_UNARY(abs_float, FU_ABS)
FLOAT_UNARY(ceil_llvm, FU_CEIL)
FLOAT_UNARY(floor_llvm, FU_FLOOR)
FLOAT_UNARY(trunc_llvm, FU_TRUNC)
FLOAT_UNARY(rint_llvm, FU_RINT)
FLOAT_UNARY(sqrt_llvm, FU_SQRT)
FLOAT_UNARY(sqrt_llvm_fast, FU_SQRT)

static jl_value_t *float_ternary(const char *name, int fused, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(3);
    jl_datatype_t *t = float_value(name, args[0]);
    if (jl_typeof(args[1]) != (jl_value_t *)t || jl_typeof(args[2]) != (jl_value_t *)t)
        jl_errorf("%s: types of a, b, and c must match", name);
    unsigned n = jl_datatype_size(t);
    double a = fval(args[0], n), b = fval(args[1], n), c = fval(args[2], n);
    if (n == 4 && fused)
        return box_float(t, fmaf((float)a, (float)b, (float)c));
    /* muladd may fuse: a*b is exact in double for Float16/32 operands */
    return box_float(t, fused ? fma(a, b, c) : a * b + c);
}

static jl_value_t *jl_i_fma_float(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return float_ternary("fma_float", 1, args, nargs);
}
static jl_value_t *jl_i_muladd_float(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return float_ternary("muladd_float", 0, args, nargs);
}

/* float <-> integer: out-of-range values are clamped (LLVM leaves them undefined; Base checks first) */
static jl_value_t *float_to_int(const char *name, int sgn, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *to = prim_type(name, args[0]);
    jl_datatype_t *from = float_value(name, args[1]);
    double d = fval(args[1], jl_datatype_size(from));
    unsigned bits = type_bits(to);
    u128 r;
    if (isnan(d))
        r = 0;
    else if (sgn) {
        double lim = ldexp(1.0, (int)bits - 1);
        r = d >= lim ? ((u128)1 << (bits - 1)) - 1 : d < -lim ? (u128)1 << (bits - 1) : (u128)(i128)d;
    }
    else {
        double lim = ldexp(1.0, (int)bits), neg = -ldexp(1.0, 127);
        r = d >= lim ? ~(u128)0 : d < 0 ? (u128)(i128)(d < neg ? neg : d) : (u128)d;
    }
    return box_bits(to, r);
}

static jl_value_t *jl_i_fptoui(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return float_to_int("fptoui", 0, args, nargs);
}
static jl_value_t *jl_i_fptosi(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return float_to_int("fptosi", 1, args, nargs);
}

static jl_datatype_t *float_type(const char *name, jl_value_t *t)
{
    jl_datatype_t *dt = prim_type(name, t);
    unsigned n = jl_datatype_size(dt);
    if (n != 2 && n != 4 && n != 8)
        jl_errorf("%s: runtime floating point intrinsics are not implemented for bit sizes other than 16, 32 "
                  "and 64", name);
    return dt;
}

/* integer -> float, rounded once to the target precision */
static jl_value_t *int_to_float(const char *name, int sgn, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *to = float_type(name, args[0]);
    jl_datatype_t *from = prim_value(name, args[1]);
    unsigned n = jl_datatype_size(to);
    jl_value_t *v = jl_gc_alloc_atomic(n, (jl_value_t *)to);
    i128 s = sval(args[1], from);
    u128 u = zext_bits(uval(args[1], from), type_bits(from));
    if (n == 8) {
        double d = sgn ? (double)s : (double)u;
        memcpy(v, &d, 8);
    }
    else if (n == 4) {
        float f = sgn ? (float)s : (float)u;
        memcpy(v, &f, 4);
    }
    else {
        _Float16 h = sgn ? (_Float16)s : (_Float16)u;
        memcpy(v, &h, 2);
    }
    return v;
}

static jl_value_t *jl_i_uitofp(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return int_to_float("uitofp", 0, args, nargs);
}
static jl_value_t *jl_i_sitofp(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return int_to_float("sitofp", 1, args, nargs);
}

static jl_value_t *float_resize(const char *name, const char *llname, int grow, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    jl_datatype_t *to = float_type(name, args[0]);
    jl_datatype_t *from = float_value(name, args[1]);
    unsigned on = jl_datatype_size(to), in = jl_datatype_size(from);
    if (grow && on <= in)
        jl_errorf("%s: output bitsize must be > input bitsize", llname);
    if (!grow && on >= in)
        jl_errorf("%s: output bitsize must be < input bitsize", llname);
    return box_float(to, fval(args[1], in)); /* a double (exact) rounded once to the target */
}

static jl_value_t *jl_i_fptrunc(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return float_resize("fptrunc", "FPTrunc", 0, args, nargs);
}
static jl_value_t *jl_i_fpext(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return float_resize("fpext", "FPExt", 1, args, nargs);
}

static jl_value_t *jl_i_have_fma(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(1);
    /* fma_float is exact here (C's fma), for every float size */
    return jl_box_bool(jl_is_datatype(args[0]) && ((jl_datatype_t *)args[0])->isprimitivetype &&
                       jl_datatype_size(args[0]) >= 4 && jl_datatype_size(args[0]) <= 8);
}

/* ---------------------------------------------------------------- pointers */

static int is_pointer_type(jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->name == jl_pointer_type_body->name;
}

static char *pointer_elt(const char *name, jl_value_t *p, jl_value_t *i, jl_value_t **ety)
{
    if (!is_pointer_type(jl_typeof(p)))
        jl_type_error(name, jl_pointer_type, p);
    JL_TYPECHK(name, int64, i);
    *ety = jl_svecref(((jl_datatype_t *)jl_typeof(p))->parameters, 0);
    size_t nb;
    if (*ety == (jl_value_t *)jl_any_type) {
        nb = sizeof(void *);
    }
    else {
        if (!jl_is_datatype(*ety) || !((jl_datatype_t *)*ety)->isbitstype)
            jl_errorf("%s: invalid pointer type", name);
        jl_datatype_t *et = (jl_datatype_t *)*ety;
        nb = LLT_ALIGN(et->layout->size, et->layout->alignment);
    }
    return *(char **)p + (jl_unbox_int64(i) - 1) * (int64_t)nb;
}

static jl_value_t *load_ptr(char *pp, jl_value_t *ety)
{
    if (ety == (jl_value_t *)jl_any_type)
        return *(jl_value_t **)pp;
    if (ety == (jl_value_t *)jl_bool_type)
        return (*(uint8_t *)pp & 1) ? jl_true : jl_false;
    return jl_new_bits(ety, pp);
}

static void store_ptr(const char *name, char *pp, jl_value_t *ety, jl_value_t *x)
{
    if (ety == (jl_value_t *)jl_any_type) {
        *(jl_value_t **)pp = x;
        return;
    }
    if (jl_typeof(x) != ety)
        jl_errorf("%s: type mismatch in assign", name);
    memcpy(pp, x, jl_datatype_size(ety));
}

static jl_value_t *jl_i_pointerref(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(3);
    JL_TYPECHK("pointerref", int64, args[2]);
    jl_value_t *ety;
    char *pp = pointer_elt("pointerref", args[0], args[1], &ety);
    return load_ptr(pp, ety);
}

static jl_value_t *jl_i_pointerset(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(4);
    JL_TYPECHK("pointerset", int64, args[3]);
    jl_value_t *ety;
    char *pp = pointer_elt("pointerset", args[0], args[2], &ety);
    store_ptr("pointerset", pp, ety, args[1]);
    return args[0];
}

/* atomics: julep runs one thread of Julia code at a time, so a plain access is atomic */
static void check_order(const char *name, jl_value_t *order)
{
    JL_TYPECHK(name, symbol, order);
}

static jl_value_t *jl_i_atomic_fence(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(1);
    check_order("atomic_fence", args[0]);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    return jl_nothing;
}

static jl_value_t *jl_i_atomic_pointerref(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(2);
    check_order("atomic_pointerref", args[1]);
    jl_value_t *ety;
    char *pp = pointer_elt("atomic_pointerref", args[0], jl_box_int64(1), &ety);
    return load_ptr(pp, ety);
}

static jl_value_t *jl_i_atomic_pointerset(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(3);
    check_order("atomic_pointerset", args[2]);
    jl_value_t *ety;
    char *pp = pointer_elt("atomic_pointerset", args[0], jl_box_int64(1), &ety);
    store_ptr("atomic_pointerset", pp, ety, args[1]);
    return args[0];
}

static jl_value_t *jl_i_atomic_pointerswap(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(3);
    check_order("atomic_pointerswap", args[2]);
    jl_value_t *ety;
    char *pp = pointer_elt("atomic_pointerswap", args[0], jl_box_int64(1), &ety);
    jl_value_t *old = load_ptr(pp, ety);
    store_ptr("atomic_pointerswap", pp, ety, args[1]);
    return old;
}

static jl_value_t *jl_i_atomic_pointermodify(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(4);
    check_order("atomic_pointermodify", args[3]);
    jl_value_t *ety;
    char *pp = pointer_elt("atomic_pointermodify", args[0], jl_box_int64(1), &ety);
    jl_value_t *old = load_ptr(pp, ety);
    jl_value_t *opargs[2] = {old, args[2]};
    jl_value_t *r = jl_apply_any(args[1], opargs, 2);
    store_ptr("atomic_pointermodify", pp, ety, r);
    return jl_new_pair(ety, old, r);
}

static jl_value_t *jl_i_atomic_pointerreplace(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(5);
    check_order("atomic_pointerreplace", args[3]);
    check_order("atomic_pointerreplace", args[4]);
    jl_value_t *ety;
    char *pp = pointer_elt("atomic_pointerreplace", args[0], jl_box_int64(1), &ety);
    jl_value_t *old = load_ptr(pp, ety);
    int success = jl_egal(old, args[1]);
    if (success)
        store_ptr("atomic_pointerreplace", pp, ety, args[2]);
    jl_value_t *names = jl_tuple(2, jl_symbol("old"), jl_symbol("success"));
    jl_value_t *tt = (jl_value_t *)jl_apply_tuple_type_v((jl_value_t *[]){ety, (jl_value_t *)jl_bool_type}, 2);
    jl_value_t *nt = jl_apply_type2(jl_namedtuple_type, names, tt);
    return jl_new_struct((jl_datatype_t *)nt, old, jl_box_bool((int8_t)success));
}

/* cglobal(:sym or (:sym, "lib") or a pointer, T = Nothing) -> Ptr{T} */
static void *lookup_symbol(jl_value_t *spec)
{
    if (jl_is_symbol(spec))
        return dlsym(RTLD_DEFAULT, jl_symbol_name((jl_sym_t *)spec));
    if (jl_is_tuple(spec) && jl_datatype_nfields(jl_typeof(spec)) == 2) {
        jl_value_t *s = jl_get_nth_field(spec, 0), *lib = jl_get_nth_field(spec, 1);
        if (jl_is_string(s))
            s = (jl_value_t *)jl_symbol(jl_string_data(s));
        if (jl_is_symbol(s) && (jl_is_string(lib) || jl_is_symbol(lib))) {
            const char *ln = jl_is_string(lib) ? jl_string_data(lib) : jl_symbol_name((jl_sym_t *)lib);
            void *h = dlopen(ln, RTLD_LAZY | RTLD_GLOBAL);
            if (h == NULL) {
                char buf[1024];
                snprintf(buf, sizeof buf, "%s.so", ln);
                h = dlopen(buf, RTLD_LAZY | RTLD_GLOBAL);
            }
            if (h == NULL)
                jl_errorf("could not load library \"%s\"", ln);
            return dlsym(h, jl_symbol_name((jl_sym_t *)s));
        }
    }
    if (is_pointer_type(jl_typeof(spec)))
        return *(void **)spec;
    jl_type_error("cglobal", (jl_value_t *)jl_symbol_type, spec);
}

static jl_value_t *jl_i_cglobal(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("cglobal", 1, 2);
    jl_value_t *ty = nargs == 2 ? args[1] : (jl_value_t *)jl_nothing_type;
    jl_value_t *pt = jl_apply_type1(jl_pointer_type, ty);
    void *p = lookup_symbol(args[0]);
    if (p == NULL)
        jl_errorf("cglobal: could not find symbol \"%s\"", jl_is_symbol(args[0]) ? jl_symbol_name((jl_sym_t *)args[0])
                                                                                 : "?");
    return jl_new_bits(pt, &p);
}

static jl_value_t *jl_i_llvmcall(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    jl_error("`llvmcall` requires the compiler");
}

static jl_value_t *jl_i_arraylen(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    INTRINSIC_NARGS(1);
    if (!jl_is_array(args[0]))
        jl_type_error("arraylen", jl_array_type, args[0]);
    return jl_box_int64((int64_t)jl_array_len(args[0]));
}

/* ---------------------------------------------------------------- the table, in Julia 1.10's order */

#define INTRINSIC_LIST(X)                                                                                   \
    X(bitcast) X(neg_int) X(add_int) X(sub_int) X(mul_int) X(sdiv_int) X(udiv_int) X(srem_int) X(urem_int)   \
    X(add_ptr) X(sub_ptr) X(neg_float) X(add_float) X(sub_float) X(mul_float) X(div_float) X(rem_float)      \
    X(fma_float) X(muladd_float) X(neg_float_fast) X(add_float_fast) X(sub_float_fast) X(mul_float_fast)    \
    X(div_float_fast) X(rem_float_fast) X(eq_int) X(ne_int) X(slt_int) X(ult_int) X(sle_int) X(ule_int)     \
    X(eq_float) X(ne_float) X(lt_float) X(le_float) X(eq_float_fast) X(ne_float_fast) X(lt_float_fast)      \
    X(le_float_fast) X(fpiseq) X(and_int) X(or_int) X(xor_int) X(not_int) X(shl_int) X(lshr_int)            \
    X(ashr_int) X(bswap_int) X(ctpop_int) X(ctlz_int) X(cttz_int) X(sext_int) X(zext_int) X(trunc_int)      \
    X(fptoui) X(fptosi) X(uitofp) X(sitofp) X(fptrunc) X(fpext) X(checked_sadd_int) X(checked_uadd_int)     \
    X(checked_ssub_int) X(checked_usub_int) X(checked_smul_int) X(checked_umul_int) X(checked_sdiv_int)     \
    X(checked_udiv_int) X(checked_srem_int) X(checked_urem_int) X(abs_float) X(copysign_float)              \
    X(flipsign_int) X(ceil_llvm) X(floor_llvm) X(trunc_llvm) X(rint_llvm) X(sqrt_llvm) X(sqrt_llvm_fast)    \
    X(pointerref) X(pointerset) X(atomic_fence) X(atomic_pointerref) X(atomic_pointerset)                   \
    X(atomic_pointerswap) X(atomic_pointermodify) X(atomic_pointerreplace) X(cglobal) X(llvmcall)           \
    X(arraylen) X(have_fma)

#define INTRINSIC_ENTRY(name) {#name, jl_i_##name},
static const struct {
    const char *name;
    jl_fptr_args_t fptr;
} intrinsic_table[] = {INTRINSIC_LIST(INTRINSIC_ENTRY)};
#undef INTRINSIC_ENTRY
#define N_INTRINSICS (sizeof intrinsic_table / sizeof intrinsic_table[0])
static jl_value_t *intrinsic_instances[N_INTRINSICS];

JL_DLLEXPORT int jl_intrinsic_id(jl_value_t *f)
{
    if (!jl_is_intrinsic(f))
        return -1;
    jl_fptr_args_t fp = jl_builtin_fptr(f);
    for (size_t i = 0; i < N_INTRINSICS; i++)
        if (intrinsic_table[i].fptr == fp)
            return (int)i;
    return -1;
}

JL_DLLEXPORT const char *jl_intrinsic_name(int id)
{
    return id >= 0 && (size_t)id < N_INTRINSICS ? intrinsic_table[id].name : "invalid";
}

JL_DLLEXPORT size_t jl_intrinsic_count(void)
{
    return N_INTRINSICS;
}

JL_DLLEXPORT jl_value_t *jl_get_intrinsic(const char *name)
{
    for (size_t i = 0; i < N_INTRINSICS; i++)
        if (strcmp(intrinsic_table[i].name, name) == 0)
            return intrinsic_instances[i];
    return NULL;
}

/* after a system image is loaded: the instances are Core.Intrinsics' bindings */
void jl_relink_intrinsics(void)
{
    jl_module_t *inm = (jl_module_t *)jl_get_global(jl_core_module, jl_symbol("Intrinsics"));
    for (size_t i = 0; i < N_INTRINSICS; i++)
        intrinsic_instances[i] = inm ? jl_get_global(inm, jl_symbol(intrinsic_table[i].name)) : NULL;
}

void jl_init_intrinsics(void)
{
    jl_module_t *inm = jl_new_module(jl_symbol("Intrinsics"), jl_core_module);
    jl_set_const(jl_core_module, jl_symbol("Intrinsics"), (jl_value_t *)inm);
    for (size_t i = 0; i < N_INTRINSICS; i++) {
        jl_value_t *f = jl_gc_alloc_atomic(sizeof(jl_builtin_fn_t), (jl_value_t *)jl_intrinsic_type);
        ((jl_builtin_fn_t *)f)->fptr = intrinsic_table[i].fptr;
        intrinsic_instances[i] = f;
        jl_sym_t *s = jl_symbol(intrinsic_table[i].name);
        jl_set_const(inm, s, f);
        jl_get_binding_wr(inm, s)->exportp = 1;
    }
}
