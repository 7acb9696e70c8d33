/*
 * llvm_builtins.c -- inline emission of Core's intrinsics and the common builtins (===, typeof, isa,
 * getfield, setfield!, tuple, ifelse, throw, typeassert, arrayref, arrayset) for the representations
 * of llvm_emit.h. Intrinsics become single LLVM instructions with Julia's semantics: wrapping integer
 * arithmetic, DivideError on a zero divisor, shifts by at least the width giving 0 (or the sign fill),
 * checked arithmetic through llvm.*.with.overflow.
 *
 * Invariant: an emitter returns 0 (no code emitted) whenever the argument representations are not
 * the ones it handles; the caller then calls the builtin's C entry point with boxed values, which has
 * the complete semantics (errors included).
 */
#include <string.h>

#include "llvm_emit.h"
#include "builtins.h"

#define IS(n) (strcmp(name, n) == 0)

/* ---------------------------------------------------------------- helpers */

static int prim_arg(jval_t a)
{
    return !a.boxed && a.v != NULL && jl_is_datatype(a.typ) && ((jl_datatype_t *)a.typ)->isprimitivetype;
}

static int is_int_val(jval_t a)
{
    return prim_arg(a) && LLVMGetTypeKind(LLVMTypeOf(a.v)) == LLVMIntegerTypeKind;
}

static int is_float_val(jval_t a)
{
    if (!prim_arg(a))
        return 0;
    LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(a.v));
    return k == LLVMDoubleTypeKind || k == LLVMFloatTypeKind || k == LLVMHalfTypeKind;
}

static jl_value_t *const_type_arg(jval_t a)
{
    jl_value_t *t = a.cval;
    if (t && jl_is_datatype(t) && ((jl_datatype_t *)t)->isprimitivetype && ((jl_datatype_t *)t)->isconcretetype)
        return t;
    return NULL;
}

static LLVMValueRef call_intrinsic(jl_cg_ctx_t *c, const char *iname, LLVMTypeRef *tys, size_t ntys,
                                   LLVMValueRef *args, unsigned n)
{
    unsigned id = LLVMLookupIntrinsicID(iname, strlen(iname));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(c->m, id, tys, ntys);
    LLVMTypeRef fty = LLVMIntrinsicGetType(c->ctx, id, tys, ntys);
    return LLVMBuildCall2(c->b, fty, fn, args, n, "");
}

static void throw_diverror_if(jl_cg_ctx_t *c, LLVMValueRef cond)
{
    LLVMValueRef e = jl_cg_root(c, jl_diverror_exception);
    jl_cg_throw_if(c, cond, "jl_throw", &e, 1);
}

static LLVMValueRef is_zero(jl_cg_ctx_t *c, LLVMValueRef y)
{
    return LLVMBuildICmp(c->b, LLVMIntEQ, y, LLVMConstNull(LLVMTypeOf(y)), "");
}

static jval_t same_type(jval_t a, LLVMValueRef v)
{
    return jl_cg_unboxed(a.typ, v);
}

static jval_t bool_val(jl_cg_ctx_t *c, LLVMValueRef i1)
{
    return jl_cg_unboxed((jl_value_t *)jl_bool_type, jl_cg_i1_to_bool(c, i1));
}

/* ---------------------------------------------------------------- integer intrinsics */

static int int_binop(const char *name, LLVMOpcode *op)
{
    static const struct { const char *n; LLVMOpcode op; } tab[] = {
        {"add_int", LLVMAdd}, {"sub_int", LLVMSub}, {"mul_int", LLVMMul}, {"and_int", LLVMAnd},
        {"or_int", LLVMOr}, {"xor_int", LLVMXor}, {"add_ptr", LLVMAdd}, {"sub_ptr", LLVMSub}};
    for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
        if (strcmp(name, tab[i].n) == 0) {
            *op = tab[i].op;
            return 1;
        }
    return 0;
}

static int int_cmp(const char *name, LLVMIntPredicate *p)
{
    static const struct { const char *n; LLVMIntPredicate p; } tab[] = {
        {"eq_int", LLVMIntEQ}, {"ne_int", LLVMIntNE}, {"slt_int", LLVMIntSLT},
        {"ult_int", LLVMIntULT}, {"sle_int", LLVMIntSLE}, {"ule_int", LLVMIntULE}};
    for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
        if (strcmp(name, tab[i].n) == 0) {
            *p = tab[i].p;
            return 1;
        }
    return 0;
}

static LLVMValueRef emit_shift(jl_cg_ctx_t *c, const char *name, LLVMValueRef x, LLVMValueRef y)
{
    LLVMTypeRef xt = LLVMTypeOf(x), yt = LLVMTypeOf(y);
    unsigned nx = LLVMGetIntTypeWidth(xt), ny = LLVMGetIntTypeWidth(yt);
    LLVMValueRef big, amt;
    if (ny > nx) {
        big = LLVMBuildICmp(c->b, LLVMIntUGE, y, LLVMConstInt(yt, nx, 0), "");
        amt = LLVMBuildTrunc(c->b, y, xt, "");
    }
    else {
        amt = ny < nx ? LLVMBuildZExt(c->b, y, xt, "") : y;
        big = LLVMBuildICmp(c->b, LLVMIntUGE, amt, LLVMConstInt(xt, nx, 0), "");
    }
    if (strcmp(name, "shl_int") == 0)
        return LLVMBuildSelect(c->b, big, LLVMConstNull(xt), LLVMBuildShl(c->b, x, amt, ""), "");
    if (strcmp(name, "lshr_int") == 0)
        return LLVMBuildSelect(c->b, big, LLVMConstNull(xt), LLVMBuildLShr(c->b, x, amt, ""), "");
    LLVMValueRef amt2 = LLVMBuildSelect(c->b, big, LLVMConstInt(xt, nx - 1, 0), amt, "");
    return LLVMBuildAShr(c->b, x, amt2, "");
}

static int emit_division(jl_cg_ctx_t *c, const char *name, jval_t x, jval_t y, jval_t *out)
{
    int sdiv = IS("sdiv_int") || IS("checked_sdiv_int"), srem = IS("srem_int") || IS("checked_srem_int");
    int udiv = IS("udiv_int") || IS("checked_udiv_int"), urem = IS("urem_int") || IS("checked_urem_int");
    if (!(sdiv || srem || udiv || urem))
        return 0;
    LLVMTypeRef t = LLVMTypeOf(x.v);
    throw_diverror_if(c, is_zero(c, y.v));
    if (udiv || urem) {
        *out = same_type(x, udiv ? LLVMBuildUDiv(c->b, x.v, y.v, "") : LLVMBuildURem(c->b, x.v, y.v, ""));
        return 1;
    }
    LLVMValueRef m1 = LLVMBuildICmp(c->b, LLVMIntEQ, y.v, LLVMConstAllOnes(t), "");
    if (sdiv && IS("checked_sdiv_int")) {
        unsigned w = LLVMGetIntTypeWidth(t);
        unsigned long long words[2] = {0, 0};
        words[(w - 1) / 64] = 1ull << ((w - 1) % 64);
        LLVMValueRef tmin = LLVMConstIntOfArbitraryPrecision(t, (w + 63) / 64, (const uint64_t *)words);
        LLVMValueRef ovf = LLVMBuildAnd(c->b, m1, LLVMBuildICmp(c->b, LLVMIntEQ, x.v, tmin, ""), "");
        throw_diverror_if(c, ovf);
    }
    /* y == -1 never reaches the hardware divide (typemin ÷ -1 traps): x ÷ -1 == -x, x % -1 == 0 */
    LLVMValueRef ysafe = LLVMBuildSelect(c->b, m1, LLVMConstInt(t, 1, 0), y.v, "");
    LLVMValueRef r;
    if (sdiv)
        r = LLVMBuildSelect(c->b, m1, LLVMBuildNeg(c->b, x.v, ""), LLVMBuildSDiv(c->b, x.v, ysafe, ""), "");
    else
        r = LLVMBuildSelect(c->b, m1, LLVMConstNull(t), LLVMBuildSRem(c->b, x.v, ysafe, ""), "");
    *out = same_type(x, r);
    return 1;
}

static int emit_checked(jl_cg_ctx_t *c, const char *name, jval_t x, jval_t y, jl_value_t *rt, jval_t *out)
{
    static const char *const names[][2] = {
        {"checked_sadd_int", "llvm.sadd.with.overflow"}, {"checked_uadd_int", "llvm.uadd.with.overflow"},
        {"checked_ssub_int", "llvm.ssub.with.overflow"}, {"checked_usub_int", "llvm.usub.with.overflow"},
        {"checked_smul_int", "llvm.smul.with.overflow"}, {"checked_umul_int", "llvm.umul.with.overflow"}};
    const char *iname = NULL;
    for (size_t i = 0; i < 6; i++)
        if (IS(names[i][0]))
            iname = names[i][1];
    if (iname == NULL)
        return 0;
    LLVMTypeRef rty = jl_llvm_type(c->batch, rt);
    if (rty == NULL || LLVMGetTypeKind(rty) != LLVMStructTypeKind || LLVMCountStructElementTypes(rty) != 2)
        return 0;
    LLVMTypeRef t = LLVMTypeOf(x.v);
    LLVMValueRef args[2] = {x.v, y.v};
    LLVMValueRef r = call_intrinsic(c, iname, &t, 1, args, 2);
    LLVMValueRef v = LLVMBuildExtractValue(c->b, r, 0, "");
    LLVMValueRef o = jl_cg_i1_to_bool(c, LLVMBuildExtractValue(c->b, r, 1, ""));
    LLVMValueRef agg = LLVMBuildInsertValue(c->b, LLVMGetUndef(rty), v, 0, "");
    agg = LLVMBuildInsertValue(c->b, agg, o, 1, "");
    *out = jl_cg_unboxed(rt, agg);
    return 1;
}

static int emit_int_intrinsic(jl_cg_ctx_t *c, const char *name, jval_t *a, size_t n, jl_value_t *rt, jval_t *out)
{
    LLVMOpcode op;
    LLVMIntPredicate p;
    if (n == 2 && is_int_val(a[0]) && is_int_val(a[1])) {
        int same = LLVMTypeOf(a[0].v) == LLVMTypeOf(a[1].v);
        if (same && int_binop(name, &op)) {
            *out = same_type(a[0], LLVMBuildBinOp(c->b, op, a[0].v, a[1].v, ""));
            return 1;
        }
        if (same && int_cmp(name, &p)) {
            *out = bool_val(c, LLVMBuildICmp(c->b, p, a[0].v, a[1].v, ""));
            return 1;
        }
        if (IS("shl_int") || IS("lshr_int") || IS("ashr_int")) {
            *out = same_type(a[0], emit_shift(c, name, a[0].v, a[1].v));
            return 1;
        }
        if (same && emit_division(c, name, a[0], a[1], out))
            return 1;
        if (same && emit_checked(c, name, a[0], a[1], rt, out))
            return 1;
        if (same && IS("flipsign_int")) {
            unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(a[0].v));
            LLVMValueRef s = LLVMBuildAShr(c->b, a[1].v, LLVMConstInt(LLVMTypeOf(a[1].v), w - 1, 0), "");
            LLVMValueRef r = LLVMBuildSub(c->b, LLVMBuildXor(c->b, a[0].v, s, ""), s, "");
            *out = same_type(a[0], r);
            return 1;
        }
        return 0;
    }
    if (n == 1 && is_int_val(a[0])) {
        LLVMTypeRef t = LLVMTypeOf(a[0].v);
        if (IS("neg_int")) {
            *out = same_type(a[0], LLVMBuildNeg(c->b, a[0].v, ""));
            return 1;
        }
        if (IS("not_int")) {
            LLVMValueRef mask = a[0].typ == (jl_value_t *)jl_bool_type ? LLVMConstInt(t, 1, 0) : LLVMConstAllOnes(t);
            *out = same_type(a[0], LLVMBuildXor(c->b, a[0].v, mask, ""));
            return 1;
        }
        const char *iname = IS("ctpop_int") ? "llvm.ctpop" : IS("bswap_int") ? "llvm.bswap" : NULL;
        if (iname) {
            if (IS("bswap_int") && LLVMGetIntTypeWidth(t) % 16 != 0)
                return 0;
            *out = same_type(a[0], call_intrinsic(c, iname, &t, 1, &a[0].v, 1));
            return 1;
        }
        if (IS("ctlz_int") || IS("cttz_int")) {
            LLVMValueRef args[2] = {a[0].v, LLVMConstInt(c->T_i1, 0, 0)};
            *out = same_type(a[0], call_intrinsic(c, IS("ctlz_int") ? "llvm.ctlz" : "llvm.cttz", &t, 1, args, 2));
            return 1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- float intrinsics */

static int emit_float_intrinsic(jl_cg_ctx_t *c, const char *name, jval_t *a, size_t n, jval_t *out)
{
    static const struct { const char *n; LLVMOpcode op; } bin[] = {
        {"add_float", LLVMFAdd}, {"sub_float", LLVMFSub}, {"mul_float", LLVMFMul}, {"div_float", LLVMFDiv},
        {"rem_float", LLVMFRem}, {"add_float_fast", LLVMFAdd}, {"sub_float_fast", LLVMFSub},
        {"mul_float_fast", LLVMFMul}, {"div_float_fast", LLVMFDiv}, {"rem_float_fast", LLVMFRem}};
    static const struct { const char *n; LLVMRealPredicate p; } cmp[] = {
        {"eq_float", LLVMRealOEQ}, {"ne_float", LLVMRealUNE}, {"lt_float", LLVMRealOLT},
        {"le_float", LLVMRealOLE}, {"eq_float_fast", LLVMRealOEQ}, {"ne_float_fast", LLVMRealUNE},
        {"lt_float_fast", LLVMRealOLT}, {"le_float_fast", LLVMRealOLE}};
    static const struct { const char *n, *i; } un[] = {
        {"abs_float", "llvm.fabs"}, {"ceil_llvm", "llvm.ceil"}, {"floor_llvm", "llvm.floor"},
        {"trunc_llvm", "llvm.trunc"}, {"rint_llvm", "llvm.rint"}, {"sqrt_llvm", "llvm.sqrt"},
        {"sqrt_llvm_fast", "llvm.sqrt"}};
    for (size_t i = 0; i < n; i++)
        if (!is_float_val(a[i]) || LLVMTypeOf(a[i].v) != LLVMTypeOf(a[0].v))
            return 0;
    if (n == 2) {
        for (size_t i = 0; i < sizeof(bin) / sizeof(bin[0]); i++)
            if (IS(bin[i].n)) {
                *out = same_type(a[0], LLVMBuildBinOp(c->b, bin[i].op, a[0].v, a[1].v, ""));
                return 1;
            }
        for (size_t i = 0; i < sizeof(cmp) / sizeof(cmp[0]); i++)
            if (IS(cmp[i].n)) {
                *out = bool_val(c, LLVMBuildFCmp(c->b, cmp[i].p, a[0].v, a[1].v, ""));
                return 1;
            }
        if (IS("copysign_float")) {
            LLVMTypeRef t = LLVMTypeOf(a[0].v);
            LLVMValueRef args[2] = {a[0].v, a[1].v};
            *out = same_type(a[0], call_intrinsic(c, "llvm.copysign", &t, 1, args, 2));
            return 1;
        }
        return 0;
    }
    if (n == 1) {
        if (IS("neg_float") || IS("neg_float_fast")) {
            *out = same_type(a[0], LLVMBuildFNeg(c->b, a[0].v, ""));
            return 1;
        }
        for (size_t i = 0; i < sizeof(un) / sizeof(un[0]); i++)
            if (IS(un[i].n)) {
                LLVMTypeRef t = LLVMTypeOf(a[0].v);
                *out = same_type(a[0], call_intrinsic(c, un[i].i, &t, 1, &a[0].v, 1));
                return 1;
            }
        return 0;
    }
    if (n == 3 && (IS("fma_float") || IS("muladd_float"))) {
        LLVMTypeRef t = LLVMTypeOf(a[0].v);
        LLVMValueRef args[3] = {a[0].v, a[1].v, a[2].v};
        *out = same_type(a[0], call_intrinsic(c, IS("fma_float") ? "llvm.fma" : "llvm.fmuladd", &t, 1, args, 3));
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- conversions */

static int emit_conversion(jl_cg_ctx_t *c, const char *name, jval_t *a, size_t n, jval_t *out)
{
    if (n != 2 || !prim_arg(a[1]))
        return 0;
    jl_value_t *T = const_type_arg(a[0]);
    if (T == NULL)
        return 0;
    LLVMTypeRef to = jl_llvm_type(c->batch, T);
    LLVMValueRef x = a[1].v;
    LLVMTypeRef from = LLVMTypeOf(x);
    int fi = LLVMGetTypeKind(from) == LLVMIntegerTypeKind, ti = LLVMGetTypeKind(to) == LLVMIntegerTypeKind;
    unsigned fsz = jl_datatype_size(a[1].typ), tsz = jl_datatype_size(T);
    LLVMValueRef r = NULL;
    if (IS("bitcast")) {
        if (fsz != tsz)
            return 0;
        r = from == to ? x : LLVMBuildBitCast(c->b, x, to, "");
    }
    else if (IS("sext_int") && fi && ti && tsz > fsz)
        r = LLVMBuildSExt(c->b, x, to, "");
    else if (IS("zext_int") && fi && ti && tsz > fsz)
        r = LLVMBuildZExt(c->b, x, to, "");
    else if (IS("trunc_int") && fi && ti && tsz < fsz)
        r = LLVMBuildTrunc(c->b, x, to, "");
    else if (IS("sitofp") && fi && !ti)
        r = LLVMBuildSIToFP(c->b, x, to, "");
    else if (IS("uitofp") && fi && !ti)
        r = LLVMBuildUIToFP(c->b, x, to, "");
    else if (IS("fptosi") && !fi && ti)
        r = LLVMBuildFPToSI(c->b, x, to, "");
    else if (IS("fptoui") && !fi && ti)
        r = LLVMBuildFPToUI(c->b, x, to, "");
    else if (IS("fptrunc") && !fi && !ti && tsz < fsz)
        r = LLVMBuildFPTrunc(c->b, x, to, "");
    else if (IS("fpext") && !fi && !ti && tsz > fsz)
        r = LLVMBuildFPExt(c->b, x, to, "");
    if (r == NULL)
        return 0;
    if (T == (jl_value_t *)jl_bool_type && !IS("bitcast"))
        return 0;
    *out = jl_cg_unboxed(T, r);
    return 1;
}

/* pointerref(p::Ptr{T}, i, align) and pointerset(p, x::T, i, align) of a primitive T (unsafe_load,
   unsafe_store!): one load or store at p + (i - 1) * sizeof(T), alignment 1 (always valid) */
static int emit_pointer_access(jl_cg_ctx_t *c, const char *name, jval_t *a, size_t n, jval_t *out)
{
    static jl_typename_t *ptr_tn;
    if (ptr_tn == NULL)
        ptr_tn = ((jl_datatype_t *)jl_typeof(jl_box_voidpointer(NULL)))->name;
    int set = IS("pointerset");
    if (!(set ? n == 4 : IS("pointerref") && n == 3) || !prim_arg(a[0]) || ((jl_datatype_t *)a[0].typ)->name != ptr_tn)
        return 0;
    jl_value_t *T = jl_svecref(((jl_datatype_t *)a[0].typ)->parameters, 0);
    jval_t idx = a[set ? 2 : 1];
    if (!jl_is_datatype(T) || !((jl_datatype_t *)T)->isprimitivetype || T == (jl_value_t *)jl_bool_type ||
        !is_int_val(idx) || jl_datatype_size(idx.typ) != 8 || (set && !(prim_arg(a[1]) && a[1].typ == T)))
        return 0;
    LLVMTypeRef lt = jl_llvm_type(c->batch, T);
    LLVMValueRef base = a[0].v;
    if (LLVMGetTypeKind(LLVMTypeOf(base)) == LLVMIntegerTypeKind)
        base = LLVMBuildIntToPtr(c->b, base, c->T_ptr, "");
    LLVMValueRef off = LLVMBuildMul(c->b, LLVMBuildSub(c->b, idx.v, LLVMConstInt(c->T_i64, 1, 0), ""),
                                    LLVMConstInt(c->T_i64, jl_datatype_size(T), 0), "");
    LLVMValueRef p = LLVMBuildGEP2(c->b, c->T_i8, base, &off, 1, "");
    if (set) {
        LLVMSetAlignment(LLVMBuildStore(c->b, a[1].v, p), 1);
        *out = a[0];
    }
    else {
        LLVMValueRef ld = LLVMBuildLoad2(c->b, lt, p, "");
        LLVMSetAlignment(ld, 1);
        *out = jl_cg_unboxed(T, ld);
    }
    return 1;
}

static int emit_intrinsic(jl_cg_ctx_t *c, const char *name, jval_t *a, size_t n, jl_value_t *rt, jval_t *out)
{
    if (emit_pointer_access(c, name, a, n, out))
        return 1;
    if (IS("arraylen") && n == 1 && a[0].boxed && jl_is_datatype(a[0].typ) &&
        ((jl_datatype_t *)a[0].typ)->name == jl_array_typename) {
        LLVMValueRef idx = LLVMConstInt(c->T_i64, offsetof(jl_array_t, length), 0);
        LLVMValueRef p = LLVMBuildInBoundsGEP2(c->b, c->T_i8, a[0].v, &idx, 1, "");
        LLVMValueRef len = LLVMBuildLoad2(c->b, c->T_i64, p, "");
        jl_cg_tbaa(c, len, JL_TBAA_ARRAYLEN);
        *out = jl_cg_unboxed((jl_value_t *)jl_int64_type, len);
        return 1;
    }
    if (emit_conversion(c, name, a, n, out))
        return 1;
    if (emit_int_intrinsic(c, name, a, n, rt, out))
        return 1;
    return emit_float_intrinsic(c, name, a, n, out);
}

/* ---------------------------------------------------------------- builtins */

static int concrete_dt(jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->isconcretetype && ((jl_datatype_t *)t)->layout;
}

/* x === constant for a tagged union x: a tag test when the constant is a ghost member */
static int emit_egal_tagged(jl_cg_ctx_t *c, jval_t x, jval_t y, jval_t *out)
{
    if (!x.tagged || y.cval == NULL || !jl_cg_is_ghost(jl_typeof(y.cval)))
        return 0;
    jl_value_t *ms[JL_CG_MAX_UNION];
    int n = jl_cg_union_members(c->batch, x.typ, ms);
    for (int k = 0; k < n; k++)
        if (ms[k] == jl_typeof(y.cval)) {
            LLVMValueRef tag = jl_cg_union_tag(c, x);
            *out = bool_val(c, LLVMBuildICmp(c->b, LLVMIntEQ, tag, LLVMConstInt(c->T_i8, (unsigned)k, 0), ""));
            return 1;
        }
    *out = jl_cg_const(c, jl_false);
    return 1;
}

static int emit_egal(jl_cg_ctx_t *c, jval_t x, jval_t y, jval_t *out)
{
    if (emit_egal_tagged(c, x, y, out) || emit_egal_tagged(c, y, x, out))
        return 1;
    if (concrete_dt(x.typ) && concrete_dt(y.typ) && x.typ != y.typ) {
        *out = jl_cg_const(c, jl_false);
        return 1;
    }
    if (!x.boxed && !y.boxed && x.typ == y.typ) {
        if (x.v == NULL) {
            *out = jl_cg_const(c, jl_true);
            return 1;
        }
        if (!prim_arg(x))
            return 0;
        LLVMValueRef a = x.v, b = y.v;
        if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMIntegerTypeKind) {
            LLVMTypeRef it = LLVMIntTypeInContext(c->ctx, jl_datatype_size(x.typ) * 8);
            a = LLVMBuildBitCast(c->b, a, it, "");
            b = LLVMBuildBitCast(c->b, b, it, "");
        }
        *out = bool_val(c, LLVMBuildICmp(c->b, LLVMIntEQ, a, b, ""));
        return 1;
    }
    /* identity suffices when either side is a singleton, a symbol or a mutable object */
    int ident = 0;
    jval_t *sides[2] = {&x, &y};
    for (int i = 0; i < 2; i++) {
        jval_t *s = sides[i];
        if (s->cval && (jl_is_symbol(s->cval) || jl_cg_is_ghost(jl_typeof(s->cval)) || s->cval == jl_true ||
                        s->cval == jl_false))
            ident = 1;
        if (concrete_dt(s->typ) && (((jl_datatype_t *)s->typ)->name->mutabl || jl_cg_is_ghost(s->typ) ||
                                    s->typ == (jl_value_t *)jl_symbol_type))
            ident = 1;
    }
    LLVMValueRef a = jl_cg_boxed_ptr(c, x), b = jl_cg_boxed_ptr(c, y);
    if (ident) {
        *out = bool_val(c, LLVMBuildICmp(c->b, LLVMIntEQ, a, b, ""));
        return 1;
    }
    LLVMTypeRef at[2] = {c->T_ptr, c->T_ptr};
    LLVMValueRef fn = jl_cg_runtime_fn(c, "jl_egal", c->T_i32, at, 2, 0);
    LLVMValueRef args[2] = {a, b};
    LLVMValueRef r = jl_cg_call(c, fn, args, 2);
    *out = bool_val(c, LLVMBuildICmp(c->b, LLVMIntNE, r, LLVMConstInt(c->T_i32, 0, 0), ""));
    return 1;
}

static int emit_isa(jl_cg_ctx_t *c, jval_t x, jval_t t, jval_t *out)
{
    jl_value_t *T = t.cval;
    if (T == NULL || !(jl_is_datatype(T) || jl_is_uniontype(T) || jl_is_unionall(T) || T == jl_bottom_type))
        return 0;
    if (jl_subtype(x.typ, T)) {
        *out = jl_cg_const(c, jl_true);
        return 1;
    }
    if (concrete_dt(x.typ)) {
        *out = jl_cg_const(c, jl_false);
        return 1;
    }
    if (x.tagged) { /* the members that are T's: a test of the tag */
        jl_value_t *ms[JL_CG_MAX_UNION];
        int n = jl_cg_union_members(c->batch, x.typ, ms);
        LLVMValueRef tag = jl_cg_union_tag(c, x), r = LLVMConstInt(c->T_i1, 0, 0);
        for (int k = 0; k < n; k++)
            if (jl_subtype(ms[k], T))
                r = LLVMBuildOr(c->b, r, LLVMBuildICmp(c->b, LLVMIntEQ, tag, LLVMConstInt(c->T_i8, (unsigned)k, 0), ""), "");
        *out = bool_val(c, r);
        return 1;
    }
    LLVMValueRef p = jl_cg_boxed_ptr(c, x);
    if (concrete_dt(T) && ((jl_datatype_t *)T)->name != jl_type_typename) {
        LLVMValueRef ty = jl_cg_typeof(c, p);
        *out = bool_val(c, LLVMBuildICmp(c->b, LLVMIntEQ, ty, jl_cg_root(c, T), ""));
        return 1;
    }
    LLVMTypeRef at[2] = {c->T_ptr, c->T_ptr};
    LLVMValueRef fn = jl_cg_runtime_fn(c, "jl_isa", c->T_i32, at, 2, 0);
    LLVMValueRef args[2] = {p, jl_cg_root(c, T)};
    LLVMValueRef r = jl_cg_call(c, fn, args, 2);
    *out = bool_val(c, LLVMBuildICmp(c->b, LLVMIntNE, r, LLVMConstInt(c->T_i32, 0, 0), ""));
    return 1;
}

/* the field index named by a constant Int or Symbol, or -1 */
static int field_index(jl_datatype_t *dt, jval_t f)
{
    if (f.cval == NULL)
        return -1;
    size_t nf = dt->layout->nfields;
    if (jl_is_int64(f.cval)) {
        int64_t i = jl_unbox_int64(f.cval);
        return i >= 1 && (size_t)i <= nf ? (int)(i - 1) : -1;
    }
    if (jl_is_symbol(f.cval) && !jl_is_tuple_type((jl_value_t *)dt)) {
        jl_svec_t *names = jl_field_names(dt);
        for (size_t i = 0; i < jl_svec_len(names) && i < nf; i++)
            if (jl_svecref(names, i) == f.cval)
                return (int)i;
    }
    return -1;
}

static LLVMValueRef field_ptr(jl_cg_ctx_t *c, LLVMValueRef obj, uint32_t off)
{
    LLVMValueRef idx = LLVMConstInt(c->T_i64, off, 0);
    return LLVMBuildInBoundsGEP2(c->b, c->T_i8, obj, &idx, 1, "");
}

static void throw_undefref_if(jl_cg_ctx_t *c, LLVMValueRef cond)
{
    LLVMValueRef e = jl_cg_root(c, jl_undefref_exception);
    jl_cg_throw_if(c, cond, "jl_throw", &e, 1);
}

static int emit_getfield(jl_cg_ctx_t *c, jval_t *a, size_t n, jval_t *out)
{
    if (n < 2 || n > 3 || !concrete_dt(a[0].typ))
        return 0;
    jl_datatype_t *dt = (jl_datatype_t *)a[0].typ;
    if (dt == jl_module_type || dt->types == NULL)
        return 0;
    int i = field_index(dt, a[1]);
    if (i < 0)
        return 0;
    jl_value_t *ft = jl_svecref(dt->types, i);
    if (!a[0].boxed) {
        if (a[0].v == NULL)
            return 0;
        *out = jl_cg_struct_field(c, a[0], (size_t)i);
        return 1;
    }
    const jl_fielddesc_t *fd = &dt->layout->fields[i];
    LLVMValueRef p = field_ptr(c, a[0].v, fd->offset);
    int cls = dt->name->mutabl ? JL_TBAA_MUTAB : JL_TBAA_IMMUT;
    if (fd->isptr) {
        LLVMValueRef v = LLVMBuildLoad2(c->b, c->T_ptr, p, "");
        jl_cg_tbaa(c, v, cls);
        size_t ninit = dt->layout->nfields - (size_t)(dt->name->n_uninitialized > 0 ? dt->name->n_uninitialized : 0);
        if ((size_t)i >= ninit)
            throw_undefref_if(c, LLVMBuildICmp(c->b, LLVMIntEQ, v, LLVMConstNull(c->T_ptr), ""));
        *out = jl_cg_convert(c, jl_cg_boxedval(ft, v), ft);
        return 1;
    }
    if (jl_cg_is_ghost(ft)) {
        *out = jl_cg_ghost(ft);
        return 1;
    }
    LLVMTypeRef ty = jl_llvm_type(c->batch, ft);
    if (ty == NULL)
        return 0;
    LLVMValueRef v = LLVMBuildLoad2(c->b, ty, p, "");
    LLVMSetAlignment(v, fd->offset % 8 == 0 ? 8 : fd->offset % 4 == 0 ? 4 : fd->offset % 2 == 0 ? 2 : 1);
    jl_cg_tbaa(c, v, cls);
    *out = jl_cg_unboxed(ft, v);
    return 1;
}

static int emit_setfield(jl_cg_ctx_t *c, jval_t *a, size_t n, jval_t *out)
{
    if (n != 3 || !a[0].boxed || !concrete_dt(a[0].typ))
        return 0;
    jl_datatype_t *dt = (jl_datatype_t *)a[0].typ;
    if (!dt->name->mutabl || dt->types == NULL || dt == jl_module_type)
        return 0;
    int i = field_index(dt, a[1]);
    if (i < 0)
        return 0;
    jl_value_t *ft = jl_svecref(dt->types, i);
    if (!jl_subtype(a[2].typ, ft) || a[2].typ == jl_bottom_type)
        return 0;
    const jl_fielddesc_t *fd = &dt->layout->fields[i];
    LLVMValueRef p = field_ptr(c, a[0].v, fd->offset);
    if (fd->isptr) {
        jl_cg_tbaa(c, LLVMBuildStore(c->b, jl_cg_boxed_ptr(c, a[2]), p), JL_TBAA_MUTAB);
    }
    else if (!jl_cg_is_ghost(ft)) {
        if (!jl_cg_is_unboxed(c->batch, ft))
            return 0;
        jval_t v = jl_cg_convert(c, a[2], ft);
        LLVMValueRef st = LLVMBuildStore(c->b, v.v, p);
        LLVMSetAlignment(st, fd->offset % 8 == 0 ? 8 : fd->offset % 4 == 0 ? 4 : fd->offset % 2 == 0 ? 2 : 1);
        jl_cg_tbaa(c, st, JL_TBAA_MUTAB);
    }
    *out = a[2];
    return 1;
}

static int emit_tuple(jl_cg_ctx_t *c, jval_t *a, size_t n, jl_value_t *rt, jval_t *out)
{
    if (n == 0) {
        *out = jl_cg_const(c, jl_emptytuple);
        return 1;
    }
    if (jl_cg_is_ghost(rt)) {
        *out = jl_cg_ghost(rt);
        return 1;
    }
    if (jl_llvm_type(c->batch, rt) == NULL || !jl_is_tuple_type(rt) || jl_svec_len(((jl_datatype_t *)rt)->types) != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *ft = jl_svecref(((jl_datatype_t *)rt)->types, i);
        if (a[i].tagged && jl_cg_union_member_index(c->batch, a[i].typ, ft) >= 0)
            continue; /* a slot inference refined to one member on this path: converted by struct_new */
        if (a[i].typ == jl_bottom_type || !jl_subtype(a[i].typ, ft))
            return 0;
    }
    *out = jl_cg_struct_new(c, (jl_datatype_t *)rt, a);
    return 1;
}

/* dimension k (0-based) of an array */
static LLVMValueRef array_dim(jl_cg_ctx_t *c, LLVMValueRef arr, size_t k)
{
    LLVMValueRef p = field_ptr(c, arr, (uint32_t)(offsetof(jl_array_t, dims) + k * sizeof(size_t)));
    LLVMValueRef d = LLVMBuildLoad2(c->b, c->T_i64, p, "");
    jl_cg_tbaa(c, d, JL_TBAA_ARRAYLEN);
    return d;
}

/* the 0-based linear index of arr[idx...] (unboxed Int64s, one per dimension or one linear index),
   bounds-checked unless bc is the constant false; NULL when this call is not of that form */
static LLVMValueRef array_linear_index(jl_cg_ctx_t *c, jval_t bc, jval_t arr, jval_t *idx, size_t nidx, size_t N)
{
    if (nidx != 1 && (nidx != N || N > 4))
        return NULL;
    for (size_t k = 0; k < nidx; k++)
        if (idx[k].boxed || idx[k].typ != (jl_value_t *)jl_int64_type)
            return NULL;
    int check = !(bc.cval == jl_false);
    LLVMValueRef one = LLVMConstInt(c->T_i64, 1, 0);
    if (nidx == 1) {
        LLVMValueRef i0 = LLVMBuildSub(c->b, idx[0].v, one, "");
        if (check) {
            LLVMValueRef len = LLVMBuildLoad2(c->b, c->T_i64, field_ptr(c, arr.v, offsetof(jl_array_t, length)), "");
            jl_cg_tbaa(c, len, JL_TBAA_ARRAYLEN);
            LLVMValueRef args[2] = {arr.v, idx[0].v};
            jl_cg_throw_if(c, LLVMBuildICmp(c->b, LLVMIntUGE, i0, len, ""), "jl_bounds_error_int", args, 2);
        }
        return i0;
    }
    /* column-major: i1-1 + d1*((i2-1) + d2*(...)); each index checked against its dimension */
    LLVMValueRef i0[4], d[4], oob = NULL;
    for (size_t k = 0; k < N; k++) {
        i0[k] = LLVMBuildSub(c->b, idx[k].v, one, "");
        d[k] = array_dim(c, arr.v, k);
        LLVMValueRef o = LLVMBuildICmp(c->b, LLVMIntUGE, i0[k], d[k], "");
        oob = oob ? LLVMBuildOr(c->b, oob, o, "") : o;
    }
    if (check) {
        LLVMValueRef args[6] = {arr.v, LLVMConstInt(c->T_i64, N, 0)};
        for (size_t k = 0; k < 4; k++)
            args[2 + k] = k < N ? idx[k].v : LLVMConstInt(c->T_i64, 0, 0);
        jl_cg_throw_if(c, oob, "jl_bounds_error_nd", args, 6);
    }
    LLVMValueRef lin = i0[N - 1];
    for (size_t k = N - 1; k-- > 0;)
        lin = LLVMBuildAdd(c->b, LLVMBuildMul(c->b, lin, d[k], ""), i0[k], "");
    return lin;
}

/* the element arr[idx...] of an Array{T,N} (unboxed Int64 indices): bounds check and its address;
   1 for an inline isbits element (*addr NULL for a ghost), 2 for a boxed one, 0 when not emitted */
static int array_elem(jl_cg_ctx_t *c, jval_t bc, jval_t arr, jval_t *idx, size_t nidx, jl_value_t **eltype,
                      LLVMValueRef *addr)
{
    if (!arr.boxed || !concrete_dt(arr.typ) || ((jl_datatype_t *)arr.typ)->name != jl_array_typename)
        return 0;
    jl_svec_t *ps = ((jl_datatype_t *)arr.typ)->parameters;
    jl_value_t *T = jl_svecref(ps, 0), *N = jl_svecref(ps, 1);
    if (!jl_is_int64(N) || jl_unbox_int64(N) < 1)
        return 0;
    LLVMTypeRef ty = NULL;
    int inl = jl_is_datatype(T) && ((jl_datatype_t *)T)->isbitstype;
    if (inl && !jl_cg_is_ghost(T) && (ty = jl_llvm_type(c->batch, T)) == NULL)
        return 0;
    LLVMValueRef i0 = array_linear_index(c, bc, arr, idx, nidx, (size_t)jl_unbox_int64(N));
    if (i0 == NULL)
        return 0;
    LLVMValueRef data = LLVMBuildLoad2(c->b, c->T_ptr, field_ptr(c, arr.v, offsetof(jl_array_t, data)), "");
    jl_cg_tbaa(c, data, JL_TBAA_ARRAYPTR);
    *eltype = T;
    if (inl) {
        *addr = ty ? LLVMBuildInBoundsGEP2(c->b, ty, data, &i0, 1, "") : NULL;
        return 1;
    }
    *addr = LLVMBuildInBoundsGEP2(c->b, c->T_ptr, data, &i0, 1, "");
    return 2;
}

/* arraysize(a, d) with a constant d of an Array{T,N} */
static int emit_arraysize(jl_cg_ctx_t *c, jval_t *a, size_t n, jval_t *out)
{
    if (n != 2 || !a[0].boxed || !concrete_dt(a[0].typ) || ((jl_datatype_t *)a[0].typ)->name != jl_array_typename ||
        a[1].cval == NULL || !jl_is_int64(a[1].cval))
        return 0;
    jl_value_t *N = jl_svecref(((jl_datatype_t *)a[0].typ)->parameters, 1);
    int64_t d = jl_unbox_int64(a[1].cval);
    if (!jl_is_int64(N) || d < 1)
        return 0;
    if (d > jl_unbox_int64(N))
        *out = jl_cg_unboxed((jl_value_t *)jl_int64_type, LLVMConstInt(c->T_i64, 1, 0));
    else
        *out = jl_cg_unboxed((jl_value_t *)jl_int64_type, array_dim(c, a[0].v, (size_t)d - 1));
    return 1;
}

static int emit_arrayref(jl_cg_ctx_t *c, jval_t *a, size_t n, jval_t *out)
{
    if (n < 3)
        return 0;
    jl_value_t *T;
    LLVMValueRef addr;
    int k = array_elem(c, a[0], a[1], a + 2, n - 2, &T, &addr);
    if (k == 0)
        return 0;
    if (k == 1) {
        if (addr == NULL) {
            *out = jl_cg_ghost(T);
            return 1;
        }
        LLVMValueRef v = LLVMBuildLoad2(c->b, jl_llvm_type(c->batch, T), addr, "");
        LLVMSetAlignment(v, ((jl_datatype_t *)T)->layout->alignment > 8 ? 8 : ((jl_datatype_t *)T)->layout->alignment);
        jl_cg_tbaa(c, v, JL_TBAA_ARRAYBUF);
        *out = jl_cg_unboxed(T, v);
        return 1;
    }
    LLVMValueRef v = LLVMBuildLoad2(c->b, c->T_ptr, addr, "");
    jl_cg_tbaa(c, v, JL_TBAA_ARRAYBUF);
    throw_undefref_if(c, LLVMBuildICmp(c->b, LLVMIntEQ, v, LLVMConstNull(c->T_ptr), ""));
    *out = jl_cg_convert(c, jl_cg_boxedval(T, v), T);
    return 1;
}

static int emit_arrayset(jl_cg_ctx_t *c, jval_t *a, size_t n, jval_t *out)
{
    if (n < 4 || !a[1].boxed || !concrete_dt(a[1].typ) || ((jl_datatype_t *)a[1].typ)->name != jl_array_typename)
        return 0;
    jl_value_t *T0 = jl_svecref(((jl_datatype_t *)a[1].typ)->parameters, 0);
    if (!jl_subtype(a[2].typ, T0) || a[2].typ == jl_bottom_type)
        return 0;
    jl_value_t *T;
    LLVMValueRef addr;
    int k = array_elem(c, a[0], a[1], a + 3, n - 3, &T, &addr);
    if (k == 0)
        return 0;
    if (k == 1 && addr != NULL) {
        jval_t v = jl_cg_convert(c, a[2], T);
        LLVMValueRef st = LLVMBuildStore(c->b, v.v, addr);
        LLVMSetAlignment(st, ((jl_datatype_t *)T)->layout->alignment > 8 ? 8 : ((jl_datatype_t *)T)->layout->alignment);
        jl_cg_tbaa(c, st, JL_TBAA_ARRAYBUF);
    }
    else if (k == 2) {
        jl_cg_tbaa(c, LLVMBuildStore(c->b, jl_cg_boxed_ptr(c, a[2]), addr), JL_TBAA_ARRAYBUF);
    }
    *out = a[1];
    return 1;
}

int jl_cg_emit_builtin(jl_cg_ctx_t *c, jl_value_t *f, jval_t *a, size_t n, jl_value_t *rt, jval_t *out)
{
    const char *name = jl_builtin_name(f);
    if (name == NULL)
        return 0;
    if (jl_is_intrinsic(f))
        return emit_intrinsic(c, name, a, n, rt, out);
    if (IS("===") && n == 2)
        return emit_egal(c, a[0], a[1], out);
    if (IS("typeof") && n == 1) {
        if (concrete_dt(a[0].typ) || jl_cg_is_ghost(a[0].typ)) {
            *out = jl_cg_const(c, a[0].typ);
            return 1;
        }
        *out = jl_cg_boxedval((jl_value_t *)jl_datatype_type, jl_cg_typeof(c, jl_cg_boxed_ptr(c, a[0])));
        if (jl_is_datatype(rt) || jl_is_unionall(rt) || jl_is_uniontype(rt))
            out->typ = jl_subtype(rt, (jl_value_t *)jl_datatype_type) ? rt : out->typ;
        return 1;
    }
    if (IS("isa") && n == 2)
        return emit_isa(c, a[0], a[1], out);
    if (IS("getfield"))
        return emit_getfield(c, a, n, out);
    if (IS("setfield!"))
        return emit_setfield(c, a, n, out);
    if (IS("tuple"))
        return emit_tuple(c, a, n, rt, out);
    if (IS("ifelse") && n == 3 && !a[0].boxed && a[0].typ == (jl_value_t *)jl_bool_type) {
        LLVMValueRef cond = LLVMBuildTrunc(c->b, a[0].v, c->T_i1, "");
        if (!a[1].boxed && !a[2].boxed && !a[1].tagged && !a[2].tagged && a[1].typ == a[2].typ && a[1].v != NULL) {
            *out = jl_cg_unboxed(a[1].typ, LLVMBuildSelect(c->b, cond, a[1].v, a[2].v, ""));
            return 1;
        }
        LLVMValueRef x = jl_cg_boxed_ptr(c, a[1]), y = jl_cg_boxed_ptr(c, a[2]);
        *out = jl_cg_convert(c, jl_cg_boxedval(rt, LLVMBuildSelect(c->b, cond, x, y, "")), rt);
        return 1;
    }
    if (IS("throw") && n == 1) {
        LLVMValueRef e = jl_cg_boxed_ptr(c, a[0]);
        LLVMTypeRef at = c->T_ptr;
        jl_cg_frame_before_throw(c);
        jl_cg_call(c, jl_cg_runtime_fn(c, "jl_throw", c->T_void, &at, 1, 1), &e, 1);
        LLVMBuildUnreachable(c->b);
        LLVMPositionBuilderAtEnd(c->b, LLVMAppendBasicBlockInContext(c->ctx, c->f, "dead"));
        *out = jl_cg_ghost(jl_bottom_type);
        return 1;
    }
    if (IS("typeassert") && n == 2 && a[1].cval && jl_subtype(a[0].typ, a[1].cval)) {
        *out = a[0];
        return 1;
    }
    if (IS("sizeof") && n == 1 && a[0].boxed && a[0].typ == (jl_value_t *)jl_string_type) {
        /* a String's byte length is its first word */
        *out = jl_cg_unboxed((jl_value_t *)jl_int64_type, LLVMBuildLoad2(c->b, c->T_i64, a[0].v, ""));
        return 1;
    }
    if (IS("arrayref") || IS("const_arrayref"))
        return emit_arrayref(c, a, n, out);
    if (IS("arrayset"))
        return emit_arrayset(c, a, n, out);
    if (IS("arraysize"))
        return emit_arraysize(c, a, n, out);
    return 0;
}
