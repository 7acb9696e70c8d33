/*
 * llvm_emit.c -- LLVM IR for one optimized CodeInfo (docs/ir.md "Optimized IR"): value
 * representations (llvm_emit.h), the global-slot table, slots as allocas (mem2reg makes SSA), blocks
 * from the statement list, calls (direct to specialized entries of the batch, through a compiled
 * callee's `specptr`, `jl_invoke`, `jl_apply_generic`), `new`, `foreigncall`, try/catch through the
 * runtime's handler stack.
 *
 * Invariants:
 *   - Every statement either has an inline emission or makes the function fail (jl_cg_fail); a
 *     failed function is interpreted, so partial support is never wrong, only slower.
 *   - Runtime calls that never return (throwers) are in cold blocks: `br i1 %cond, label %fail, ...`
 *     with the branch weighted; generated functions never unwind (exceptions longjmp).
 */
#include <assert.h>
#include <stdarg.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "llvm_emit.h"
#include "llvm_jit.h"
#include "builtins.h"
#include "gf.h"
#include "../codegen/infer.h"
#include "interpreter.h"

void jl_cg_fail(jl_cg_ctx_t *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->fail_reason, sizeof(c->fail_reason), fmt, ap);
    va_end(ap);
    longjmp(c->fail_jmp, 1);
}

/* ---------------------------------------------------------------- types */

int jl_cg_is_ghost(jl_value_t *t)
{
    if (!jl_is_datatype(t))
        return 0;
    jl_datatype_t *dt = (jl_datatype_t *)t;
    return dt->isconcretetype && dt->instance != NULL && dt->layout != NULL && dt->layout->size == 0 &&
           !dt->name->mutabl;
}

static LLVMTypeRef prim_llvm_type(LLVMContextRef ctx, jl_datatype_t *dt)
{
    if (dt == jl_bool_type)
        return LLVMInt8TypeInContext(ctx);
    if (dt == jl_float64_type)
        return LLVMDoubleTypeInContext(ctx);
    if (dt == jl_float32_type)
        return LLVMFloatTypeInContext(ctx);
    if (dt == jl_float16_type)
        return LLVMHalfTypeInContext(ctx);
    unsigned sz = dt->layout->size;
    if (sz == 0 || sz > 16)
        return NULL;
    return LLVMIntTypeInContext(ctx, sz * 8);
}

/* An immutable type with pointer fields that values of it may be kept unboxed (an LLVM struct whose
   pointer fields are `ptr`: Boehm scans registers and stack slots conservatively, so they stay roots).
   Not Core's own types (Union, UnionAll, ... are compared by address in the runtime) except tuples
   and NamedTuples; not a tuple with a Type{X} element (its runtime type is Tuple{DataType}); no field
   that may be #undef; at most JL_CG_MAX_REF_FIELDS fields, so copies stay cheap. */
#define JL_CG_MAX_REF_FIELDS 16
static int unboxed_ref_struct(jl_datatype_t *dt)
{
    const jl_datatype_layout_t *ly = dt->layout;
    if (ly->pointerfree || ly->nfields > JL_CG_MAX_REF_FIELDS || dt->name->n_uninitialized > 0)
        return 0;
    int tuple = jl_is_tuple_type((jl_value_t *)dt);
    if (dt->name->module == jl_core_module && !tuple && dt->name != jl_namedtuple_typename)
        return 0;
    for (uint32_t i = 0; tuple && i < ly->nfields; i++) {
        jl_value_t *p = jl_svecref(dt->parameters, i);
        if (!jl_is_datatype(p) || !((jl_datatype_t *)p)->isconcretetype ||
            ((jl_datatype_t *)p)->name == jl_type_typename)
            return 0;
    }
    return 1;
}

LLVMTypeRef jl_llvm_type(jl_cg_batch_t *B, jl_value_t *t)
{
    if (!jl_is_datatype(t))
        return NULL;
    jl_datatype_t *dt = (jl_datatype_t *)t;
    if (!dt->isconcretetype || dt->layout == NULL || dt->name->mutabl)
        return NULL;
    if (!dt->isbitstype && !unboxed_ref_struct(dt))
        return NULL;
    if (dt->isprimitivetype)
        return prim_llvm_type(B->ctx, dt);
    const jl_datatype_layout_t *ly = dt->layout;
    if (ly->nfields == 0 || ly->size == 0 || dt->types == NULL || jl_svec_len(dt->types) != ly->nfields)
        return NULL;
    LLVMTypeRef el[ly->nfields];
    for (uint32_t i = 0; i < ly->nfields; i++) {
        jl_value_t *ft = jl_svecref(dt->types, i);
        if (ly->fields[i].isptr)
            el[i] = LLVMPointerTypeInContext(B->ctx, 0);
        else if (jl_cg_is_ghost(ft))
            el[i] = LLVMStructTypeInContext(B->ctx, NULL, 0, 0);
        else if ((el[i] = jl_llvm_type(B, ft)) == NULL)
            return NULL;
    }
    LLVMTypeRef st = LLVMStructTypeInContext(B->ctx, el, ly->nfields, 0);
    if (LLVMABISizeOfType(B->td, st) != ly->size)
        return NULL;
    for (uint32_t i = 0; i < ly->nfields; i++)
        if (LLVMOffsetOfElement(B->td, st, i) != ly->fields[i].offset)
            return NULL;
    return st;
}

int jl_cg_is_unboxed(jl_cg_batch_t *B, jl_value_t *t)
{
    return !jl_cg_is_ghost(t) && jl_llvm_type(B, t) != NULL;
}

jval_t jl_cg_unboxed(jl_value_t *t, LLVMValueRef v)
{
    jval_t r = {t, v, 0};
    return r;
}

jval_t jl_cg_boxedval(jl_value_t *t, LLVMValueRef v)
{
    jval_t r = {t, v, 1};
    return r;
}

jval_t jl_cg_ghost(jl_value_t *t)
{
    jval_t r = {t, NULL, 0};
    return r;
}

/* ---------------------------------------------------------------- isbits unions */

static int collect_members(jl_value_t *t, jl_value_t **out, int n)
{
    if (jl_is_uniontype(t)) {
        n = collect_members(((jl_uniontype_t *)t)->a, out, n);
        return n < 0 ? n : collect_members(((jl_uniontype_t *)t)->b, out, n);
    }
    if (n < 0 || n >= JL_CG_MAX_UNION)
        return -1;
    out[n] = t;
    return n + 1;
}

int jl_cg_union_members(jl_cg_batch_t *B, jl_value_t *t, jl_value_t **out)
{
    if (!jl_is_uniontype(t))
        return 0;
    int n = collect_members(t, out, 0);
    if (n < 2)
        return 0;
    for (int i = 0; i < n; i++)
        if (!jl_cg_is_ghost(out[i]) && jl_llvm_type(B, out[i]) == NULL)
            return 0;
    return n;
}

LLVMTypeRef jl_cg_union_type(jl_cg_batch_t *B, jl_value_t *t)
{
    jl_value_t *ms[JL_CG_MAX_UNION];
    int n = jl_cg_union_members(B, t, ms);
    if (n == 0)
        return NULL;
    LLVMTypeRef el[JL_CG_MAX_UNION + 1];
    for (int i = 0; i < n; i++)
        el[i] = jl_cg_is_ghost(ms[i]) ? LLVMStructTypeInContext(B->ctx, NULL, 0, 0) : jl_llvm_type(B, ms[i]);
    el[n] = LLVMInt8TypeInContext(B->ctx);
    return LLVMStructTypeInContext(B->ctx, el, (unsigned)n + 1, 0);
}

static int member_index(jl_value_t **ms, int n, jl_value_t *t)
{
    for (int i = 0; i < n; i++)
        if (ms[i] == t || jl_types_equal(ms[i], t))
            return i;
    return -1;
}

int jl_cg_union_member_index(jl_cg_batch_t *B, jl_value_t *u, jl_value_t *t)
{
    jl_value_t *ms[JL_CG_MAX_UNION];
    int n = jl_cg_union_members(B, u, ms);
    return n == 0 ? -1 : member_index(ms, n, t);
}

LLVMValueRef jl_cg_union_tag(jl_cg_ctx_t *c, jval_t v)
{
    jl_value_t *ms[JL_CG_MAX_UNION];
    int n = jl_cg_union_members(c->batch, v.typ, ms);
    return LLVMBuildExtractValue(c->b, v.v, (unsigned)n, "tag");
}

jval_t jl_cg_tagged(jl_value_t *u, LLVMValueRef v)
{
    jval_t r = {u, v, 0};
    r.tagged = 1;
    return r;
}

/* a known member's value as the union */
static jval_t member_to_union(jl_cg_ctx_t *c, jval_t v, jl_value_t *u, jl_value_t **ms, int n, int k)
{
    LLVMValueRef agg = LLVMGetUndef(jl_cg_union_type(c->batch, u));
    if (!jl_cg_is_ghost(ms[k]))
        agg = LLVMBuildInsertValue(c->b, agg, jl_cg_convert(c, v, ms[k]).v, (unsigned)k, "");
    agg = LLVMBuildInsertValue(c->b, agg, LLVMConstInt(c->T_i8, (unsigned)k, 0), (unsigned)n, "");
    return jl_cg_tagged(u, agg);
}

static LLVMValueRef entry_alloca(jl_cg_ctx_t *c, LLVMTypeRef ty, const char *name);

jval_t jl_cg_to_union(jl_cg_ctx_t *c, jval_t v, jl_value_t *u)
{
    jl_value_t *ms[JL_CG_MAX_UNION];
    int n = jl_cg_union_members(c->batch, u, ms);
    if (n == 0)
        jl_cg_fail(c, "not an isbits union");
    if (v.tagged && (v.typ == u || jl_types_equal(v.typ, u)))
        return v;
    if (!v.tagged && !v.boxed) {
        int k = member_index(ms, n, v.typ);
        if (k >= 0)
            return member_to_union(c, v, u, ms, n, k);
    }
    /* a boxed value (or another union): dispatch on its type */
    LLVMValueRef p = jl_cg_boxed_ptr(c, v);
    LLVMValueRef ty = jl_cg_typeof(c, p);
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(c->ctx, c->f, "u_done");
    LLVMValueRef vals[JL_CG_MAX_UNION];
    LLVMBasicBlockRef from[JL_CG_MAX_UNION];
    for (int k = 0; k < n; k++) {
        LLVMBasicBlockRef yes = LLVMAppendBasicBlockInContext(c->ctx, c->f, "u_is");
        LLVMBasicBlockRef no = LLVMAppendBasicBlockInContext(c->ctx, c->f, "u_not");
        LLVMBuildCondBr(c->b, LLVMBuildICmp(c->b, LLVMIntEQ, ty, jl_cg_root(c, ms[k]), ""), yes, no);
        LLVMPositionBuilderAtEnd(c->b, yes);
        jval_t m = jl_cg_is_ghost(ms[k]) ? jl_cg_ghost(ms[k]) : jl_cg_convert(c, jl_cg_boxedval(ms[k], p), ms[k]);
        vals[k] = member_to_union(c, m, u, ms, n, k).v;
        from[k] = LLVMGetInsertBlock(c->b);
        LLVMBuildBr(c->b, done);
        LLVMPositionBuilderAtEnd(c->b, no);
    }
    LLVMBuildUnreachable(c->b); /* inference proved the value is one of the members */
    LLVMPositionBuilderAtEnd(c->b, done);
    LLVMValueRef phi = LLVMBuildPhi(c->b, jl_cg_union_type(c->batch, u), "");
    LLVMAddIncoming(phi, vals, from, (unsigned)n);
    return jl_cg_tagged(u, phi);
}

/* the boxed form of a tagged value: a switch on the tag */
static jval_t box_union(jl_cg_ctx_t *c, jval_t v)
{
    jl_value_t *ms[JL_CG_MAX_UNION];
    int n = jl_cg_union_members(c->batch, v.typ, ms);
    LLVMValueRef tag = jl_cg_union_tag(c, v);
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(c->ctx, c->f, "ub_done");
    LLVMBasicBlockRef bad = LLVMAppendBasicBlockInContext(c->ctx, c->f, "ub_bad");
    LLVMValueRef sw = LLVMBuildSwitch(c->b, tag, bad, (unsigned)n);
    LLVMValueRef vals[JL_CG_MAX_UNION];
    LLVMBasicBlockRef from[JL_CG_MAX_UNION];
    for (int k = 0; k < n; k++) {
        LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(c->ctx, c->f, "ub_case");
        LLVMAddCase(sw, LLVMConstInt(c->T_i8, (unsigned)k, 0), bb);
        LLVMPositionBuilderAtEnd(c->b, bb);
        jval_t m = jl_cg_is_ghost(ms[k]) ? jl_cg_ghost(ms[k])
                                          : jl_cg_unboxed(ms[k], LLVMBuildExtractValue(c->b, v.v, (unsigned)k, ""));
        vals[k] = jl_cg_box(c, m).v;
        from[k] = LLVMGetInsertBlock(c->b);
        LLVMBuildBr(c->b, done);
    }
    LLVMPositionBuilderAtEnd(c->b, bad);
    LLVMBuildUnreachable(c->b);
    LLVMPositionBuilderAtEnd(c->b, done);
    LLVMValueRef phi = LLVMBuildPhi(c->b, c->T_ptr, "");
    LLVMAddIncoming(phi, vals, from, (unsigned)n);
    return jl_cg_boxedval(v.typ, phi);
}

/* a tagged value as type t: itself, one member (inference proved it), or boxed */
static jval_t from_union(jl_cg_ctx_t *c, jval_t v, jl_value_t *t)
{
    if (t == v.typ || jl_types_equal(t, v.typ))
        return v;
    jl_value_t *ms[JL_CG_MAX_UNION];
    int n = jl_cg_union_members(c->batch, v.typ, ms);
    int k = member_index(ms, n, t);
    if (k >= 0)
        return jl_cg_is_ghost(ms[k]) ? jl_cg_ghost(ms[k])
                                     : jl_cg_unboxed(ms[k], LLVMBuildExtractValue(c->b, v.v, (unsigned)k, ""));
    return jl_cg_convert(c, box_union(c, v), t);
}

static unsigned type_align(jl_value_t *t)
{
    unsigned a = ((jl_datatype_t *)t)->layout->alignment;
    return a == 0 ? 1 : a > 8 ? 8 : a;
}

/* ---------------------------------------------------------------- alias classes */

/* struct-path TBAA: one scalar type node per class, all children of one root (so no two classes
   alias), and the access tag (type, type, offset 0) */
void jl_cg_tbaa(jl_cg_ctx_t *c, LLVMValueRef access, int cls)
{
    static const char *const names[JL_TBAA_N] = {"jtbaa_arrayptr", "jtbaa_arraylen", "jtbaa_arraybuf",
                                                 "jtbaa_mutab", "jtbaa_immut"};
    jl_cg_batch_t *B = c->batch;
    assert(cls >= 0 && cls < JL_TBAA_N);
    if (B->tbaa[cls] == NULL) {
        LLVMMetadataRef rootname = LLVMMDStringInContext2(c->ctx, "julep tbaa", 10);
        LLVMMetadataRef root = LLVMMDNodeInContext2(c->ctx, &rootname, 1);
        LLVMMetadataRef zero = LLVMValueAsMetadata(LLVMConstInt(c->T_i64, 0, 0));
        LLVMMetadataRef ty[3] = {LLVMMDStringInContext2(c->ctx, names[cls], strlen(names[cls])), root, zero};
        LLVMMetadataRef node = LLVMMDNodeInContext2(c->ctx, ty, 3);
        LLVMMetadataRef tag[3] = {node, node, zero};
        B->tbaa[cls] = LLVMMetadataAsValue(c->ctx, LLVMMDNodeInContext2(c->ctx, tag, 3));
    }
    LLVMSetMetadata(access, LLVMGetMDKindIDInContext(c->ctx, "tbaa", 4), B->tbaa[cls]);
}

/* ---------------------------------------------------------------- the slot table and constants */

LLVMValueRef jl_cg_root(jl_cg_ctx_t *c, jl_value_t *v)
{
    jl_cg_batch_t *B = c->batch;
    size_t n = jl_array_len(B->roots), i;
    for (i = 0; i < n; i++)
        if (jl_array_ptr_ref(B->roots, i) == v)
            break;
    if (i == n)
        jl_array_ptr_1d_push(B->roots, v);
    LLVMValueRef idx = LLVMConstInt(c->T_i64, i, 0);
    LLVMValueRef p = LLVMBuildInBoundsGEP2(c->b, c->T_ptr, B->roots_gv, &idx, 1, "");
    LLVMValueRef ld = LLVMBuildLoad2(c->b, c->T_ptr, p, "");
    unsigned kind = LLVMGetMDKindIDInContext(c->ctx, "invariant.load", 14);
    LLVMSetMetadata(ld, kind, LLVMMetadataAsValue(c->ctx, LLVMMDNodeInContext2(c->ctx, NULL, 0)));
    unsigned nn = LLVMGetMDKindIDInContext(c->ctx, "nonnull", 7);
    LLVMSetMetadata(ld, nn, LLVMMetadataAsValue(c->ctx, LLVMMDNodeInContext2(c->ctx, NULL, 0)));
    return ld;
}

static LLVMValueRef const_bits(jl_cg_ctx_t *c, jl_datatype_t *dt, const void *data)
{
    LLVMTypeRef ty = prim_llvm_type(c->ctx, dt);
    unsigned sz = dt->layout->size;
    if (dt == jl_bool_type)
        return LLVMConstInt(ty, *(const uint8_t *)data != 0, 0);
    if (dt == jl_float64_type)
        return LLVMConstReal(ty, *(const double *)data);
    if (dt == jl_float32_type)
        return LLVMConstReal(ty, *(const float *)data);
    uint64_t words[2] = {0, 0};
    memcpy(words, data, sz);
    LLVMValueRef iv = sz > 8 ? LLVMConstIntOfArbitraryPrecision(LLVMIntTypeInContext(c->ctx, sz * 8), 2, words)
                             : LLVMConstInt(LLVMIntTypeInContext(c->ctx, sz * 8), words[0], 0);
    if (dt == jl_float16_type)
        return LLVMConstBitCast(iv, ty);
    return iv;
}

/* An isbits struct or tuple as an LLVM constant, so the optimizer sees its fields (a loop's first
   `iterate` state `(1, 1)` folds into the loop's bounds); NULL where it must stay a load from the
   object (a nonzero Ptr in imaging mode). */
static LLVMValueRef const_aggregate(jl_cg_ctx_t *c, LLVMTypeRef ty, jl_datatype_t *dt, const char *data)
{
    uint32_t n = dt->layout->nfields;
    LLVMValueRef el[n ? n : 1];
    for (uint32_t i = 0; i < n; i++) {
        jl_datatype_t *ft = (jl_datatype_t *)jl_svecref(dt->types, i);
        LLVMTypeRef fty = LLVMStructGetTypeAtIndex(ty, i);
        const char *fd = data + dt->layout->fields[i].offset;
        if (jl_cg_is_ghost((jl_value_t *)ft))
            el[i] = LLVMConstStructInContext(c->ctx, NULL, 0, 0);
        else if (!ft->isprimitivetype)
            el[i] = const_aggregate(c, fty, ft, fd);
        else if (jl_cg_imaging() && ft->name->name == jl_symbol("Ptr") && *(void *const *)fd != NULL)
            return NULL;
        else
            el[i] = const_bits(c, ft, fd);
        if (el[i] == NULL)
            return NULL;
    }
    return LLVMConstStructInContext(c->ctx, el, n, 0);
}

static jval_t const_val(jl_cg_ctx_t *c, jl_value_t *v);

jval_t jl_cg_const(jl_cg_ctx_t *c, jl_value_t *v)
{
    jval_t r = const_val(c, v);
    r.cval = v;
    return r;
}

static jval_t const_val(jl_cg_ctx_t *c, jl_value_t *v)
{
    jl_value_t *t = jl_typeof(v);
    if (jl_cg_is_ghost(t))
        return jl_cg_ghost(t);
    LLVMTypeRef ty = jl_llvm_type(c->batch, t);
    if (ty != NULL && !jl_cg_is_ghost(t)) {
        jl_datatype_t *dt = (jl_datatype_t *)t;
        /* a pointer of this process means nothing in one that loads the image */
        if (dt->isprimitivetype && jl_cg_imaging() && dt->name->name == jl_symbol("Ptr") && *(void **)v)
            jl_cg_fail(c, "imaging: a Ptr constant");
        if (dt->isprimitivetype)
            return jl_cg_unboxed(t, const_bits(c, dt, v));
        LLVMValueRef k = dt->isbitstype ? const_aggregate(c, ty, dt, (const char *)v) : NULL;
        if (k != NULL)
            return jl_cg_unboxed(t, k);
        LLVMValueRef ld = LLVMBuildLoad2(c->b, ty, jl_cg_root(c, v), "");
        LLVMSetAlignment(ld, type_align(t));
        return jl_cg_unboxed(t, ld);
    }
    return jl_cg_boxedval(t, jl_cg_root(c, v));
}

/* ---------------------------------------------------------------- runtime calls */

LLVMValueRef jl_cg_runtime_fn(jl_cg_ctx_t *c, const char *name, LLVMTypeRef ret, LLVMTypeRef *args,
                              unsigned nargs, int noreturn)
{
    LLVMValueRef f = LLVMGetNamedFunction(c->m, name);
    if (f != NULL)
        return f;
    LLVMTypeRef ft = LLVMFunctionType(ret, args, nargs, 0);
    f = LLVMAddFunction(c->m, name, ft);
    if (noreturn) {
        unsigned k = LLVMGetEnumAttributeKindForName("noreturn", 8);
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(c->ctx, k, 0));
        unsigned cold = LLVMGetEnumAttributeKindForName("cold", 4);
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(c->ctx, cold, 0));
    }
    return f;
}

LLVMValueRef jl_cg_call(jl_cg_ctx_t *c, LLVMValueRef fn, LLVMValueRef *args, unsigned n)
{
    return LLVMBuildCall2(c->b, LLVMGlobalGetValueType(fn), fn, args, n, "");
}

/* if (cond) thrower(args...) in a cold block */
/* a branch to a new block "fail" when cond holds, weighted as almost never taken, and to a new block
   "pass" otherwise; the builder is left at the start of "fail" */
static LLVMBasicBlockRef cold_branch(jl_cg_ctx_t *c, LLVMValueRef cond)
{
    LLVMBasicBlockRef fail = LLVMAppendBasicBlockInContext(c->ctx, c->f, "fail");
    LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(c->ctx, c->f, "pass");
    LLVMValueRef br = LLVMBuildCondBr(c->b, cond, fail, ok);
    LLVMValueRef w[3] = {LLVMMDStringInContext(c->ctx, "branch_weights", 14),
                         LLVMConstInt(c->T_i32, 1, 0), LLVMConstInt(c->T_i32, 2000, 0)};
    LLVMSetMetadata(br, LLVMGetMDKindIDInContext(c->ctx, "prof", 4), LLVMMDNodeInContext(c->ctx, w, 3));
    LLVMPositionBuilderAtEnd(c->b, fail);
    return ok;
}

void jl_cg_throw_if(jl_cg_ctx_t *c, LLVMValueRef cond, const char *thrower, LLVMValueRef *args, unsigned n)
{
    LLVMTypeRef at[n ? n : 1];
    for (unsigned i = 0; i < n; i++)
        at[i] = LLVMTypeOf(args[i]);
    LLVMValueRef fn = jl_cg_runtime_fn(c, thrower, c->T_void, at, n, 1);
    LLVMBasicBlockRef ok = cold_branch(c, cond);
    jl_cg_frame_before_throw(c);
    jl_cg_call(c, fn, args, n);
    LLVMBuildUnreachable(c->b);
    LLVMPositionBuilderAtEnd(c->b, ok);
}

LLVMValueRef jl_cg_i1_to_bool(jl_cg_ctx_t *c, LLVMValueRef i1)
{
    return LLVMBuildZExt(c->b, i1, c->T_i8, "");
}

LLVMValueRef jl_cg_typeof(jl_cg_ctx_t *c, LLVMValueRef boxed)
{
    LLVMValueRef idx = LLVMConstInt(c->T_i64, (uint64_t)-1, 1);
    LLVMValueRef hp = LLVMBuildInBoundsGEP2(c->b, c->T_i64, boxed, &idx, 1, "");
    LLVMValueRef h = LLVMBuildLoad2(c->b, c->T_i64, hp, "");
    h = LLVMBuildAnd(c->b, h, LLVMConstInt(c->T_i64, ~(uint64_t)JL_HEADER_FLAG_MASK, 0), "");
    return LLVMBuildIntToPtr(c->b, h, c->T_ptr, "");
}

/* ---------------------------------------------------------------- boxing and conversion */

static const char *box_fn_name(jl_value_t *t)
{
    if (t == (jl_value_t *)jl_int64_type) return "jl_box_int64";
    if (t == (jl_value_t *)jl_uint64_type) return "jl_box_uint64";
    if (t == (jl_value_t *)jl_int32_type) return "jl_box_int32";
    if (t == (jl_value_t *)jl_uint32_type) return "jl_box_uint32";
    if (t == (jl_value_t *)jl_int16_type) return "jl_box_int16";
    if (t == (jl_value_t *)jl_uint16_type) return "jl_box_uint16";
    if (t == (jl_value_t *)jl_int8_type) return "jl_box_int8";
    if (t == (jl_value_t *)jl_uint8_type) return "jl_box_uint8";
    if (t == (jl_value_t *)jl_float64_type) return "jl_box_float64";
    if (t == (jl_value_t *)jl_float32_type) return "jl_box_float32";
    if (t == (jl_value_t *)jl_bool_type) return "jl_box_bool";
    if (t == (jl_value_t *)jl_char_type) return "jl_box_char";
    return NULL;
}

static LLVMValueRef entry_alloca(jl_cg_ctx_t *c, LLVMTypeRef ty, const char *name)
{
    LLVMBasicBlockRef cur = LLVMGetInsertBlock(c->b);
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(c->f);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    if (first)
        LLVMPositionBuilderBefore(c->b, first);
    else
        LLVMPositionBuilderAtEnd(c->b, entry);
    LLVMValueRef a = LLVMBuildAlloca(c->b, ty, name);
    LLVMPositionBuilderAtEnd(c->b, cur);
    return a;
}

/* a fresh object of type dt holding the unboxed struct agg (its LLVM layout is the object's) */
static LLVMValueRef box_struct(jl_cg_ctx_t *c, jl_datatype_t *dt, LLVMValueRef agg)
{
    LLVMTypeRef at[2] = {c->T_i64, c->T_ptr};
    LLVMValueRef fn = jl_cg_runtime_fn(c, "jl_gc_alloc", c->T_ptr, at, 2, 0);
    LLVMValueRef av[2] = {LLVMConstInt(c->T_i64, dt->layout->size, 0), jl_cg_root(c, (jl_value_t *)dt)};
    LLVMValueRef obj = jl_cg_call(c, fn, av, 2);
    LLVMSetAlignment(LLVMBuildStore(c->b, agg, obj), 8);
    return obj;
}

/* field i of an unboxed struct value: pointer fields hold boxed values */
jval_t jl_cg_struct_field(jl_cg_ctx_t *c, jval_t v, size_t i)
{
    jl_datatype_t *dt = (jl_datatype_t *)v.typ;
    jl_value_t *ft = jl_svecref(dt->types, i);
    if (dt->layout->fields[i].isptr) {
        LLVMValueRef p = LLVMBuildExtractValue(c->b, v.v, (unsigned)i, "");
        return jl_cg_convert(c, jl_cg_boxedval(ft, p), ft);
    }
    if (jl_cg_is_ghost(ft))
        return jl_cg_ghost(ft);
    return jl_cg_unboxed(ft, LLVMBuildExtractValue(c->b, v.v, (unsigned)i, ""));
}

/* an unboxed struct of type dt (jl_llvm_type) from one value per field, each of its field's type */
jval_t jl_cg_struct_new(jl_cg_ctx_t *c, jl_datatype_t *dt, jval_t *args)
{
    LLVMValueRef agg = LLVMGetUndef(jl_llvm_type(c->batch, (jl_value_t *)dt));
    for (size_t i = 0; i < dt->layout->nfields; i++) {
        jl_value_t *ft = jl_svecref(dt->types, i);
        LLVMValueRef fv;
        if (dt->layout->fields[i].isptr)
            fv = jl_cg_boxed_ptr(c, args[i]);
        else if (jl_cg_is_ghost(ft))
            continue;
        else
            fv = jl_cg_convert(c, args[i], ft).v;
        agg = LLVMBuildInsertValue(c->b, agg, fv, (unsigned)i, "");
    }
    return jl_cg_unboxed((jl_value_t *)dt, agg);
}

jval_t jl_cg_box(jl_cg_ctx_t *c, jval_t v)
{
    if (v.boxed)
        return v;
    if (v.tagged)
        return box_union(c, v);
    jl_value_t *t = v.typ;
    if (v.v == NULL) {
        if (!jl_cg_is_ghost(t))
            jl_cg_fail(c, "boxing a value without representation");
        return jl_cg_boxedval(t, jl_cg_root(c, ((jl_datatype_t *)t)->instance));
    }
    if (!((jl_datatype_t *)t)->layout->pointerfree) /* jl_new_bits allocates atomically: never scanned */
        return jl_cg_boxedval(t, box_struct(c, (jl_datatype_t *)t, v.v));
    const char *bf = box_fn_name(t);
    if (bf) {
        LLVMTypeRef at = LLVMTypeOf(v.v);
        LLVMValueRef fn = jl_cg_runtime_fn(c, bf, c->T_ptr, &at, 1, 0);
        return jl_cg_boxedval(t, jl_cg_call(c, fn, &v.v, 1));
    }
    LLVMValueRef tmp = entry_alloca(c, LLVMTypeOf(v.v), "bits");
    LLVMBuildStore(c->b, v.v, tmp);
    LLVMTypeRef at[2] = {c->T_ptr, c->T_ptr};
    LLVMValueRef fn = jl_cg_runtime_fn(c, "jl_new_bits", c->T_ptr, at, 2, 0);
    LLVMValueRef args[2] = {jl_cg_root(c, t), tmp};
    return jl_cg_boxedval(t, jl_cg_call(c, fn, args, 2));
}

LLVMValueRef jl_cg_boxed_ptr(jl_cg_ctx_t *c, jval_t v)
{
    return jl_cg_box(c, v).v;
}

jval_t jl_cg_convert(jl_cg_ctx_t *c, jval_t v, jl_value_t *t)
{
    if (t == jl_bottom_type)
        return v;
    if (v.tagged)
        return from_union(c, v, t);
    if (jl_cg_is_ghost(t))
        return jl_cg_ghost(t);
    LLVMTypeRef ty = jl_llvm_type(c->batch, t);
    if (ty != NULL) {
        if (!v.boxed) {
            if (v.typ == t || (v.v != NULL && LLVMTypeOf(v.v) == ty && jl_types_equal(v.typ, t)))
                return jl_cg_unboxed(t, v.v);
            jl_cg_fail(c, "cannot convert an unboxed value between representations");
        }
        LLVMValueRef ld = LLVMBuildLoad2(c->b, ty, v.v, "");
        LLVMSetAlignment(ld, type_align(t));
        return jl_cg_unboxed(t, ld);
    }
    jval_t r = jl_cg_box(c, v);
    if (!jl_subtype(r.typ, t))
        r.typ = t;
    return r;
}

LLVMValueRef jl_cg_args_array(jl_cg_ctx_t *c, jval_t *args, size_t n)
{
    if (n == 0)
        return LLVMConstNull(c->T_ptr);
    LLVMValueRef boxed[n];
    for (size_t i = 0; i < n; i++)
        boxed[i] = jl_cg_boxed_ptr(c, args[i]);
    LLVMValueRef arr = entry_alloca(c, LLVMArrayType(c->T_ptr, (unsigned)n), "args");
    for (size_t i = 0; i < n; i++) {
        LLVMValueRef idx = LLVMConstInt(c->T_i64, i, 0);
        LLVMValueRef p = LLVMBuildInBoundsGEP2(c->b, c->T_ptr, arr, &idx, 1, "");
        LLVMBuildStore(c->b, boxed[i], p);
    }
    return arr;
}

/* ---------------------------------------------------------------- signatures */

jl_value_t *jl_cg_spec_rettype(jl_code_instance_t *ci)
{
    return ci->rettype;
}

static LLVMTypeRef ret_llvm_type(jl_cg_batch_t *B, jl_value_t *rt)
{
    if (rt == jl_bottom_type || jl_cg_is_ghost(rt))
        return LLVMVoidTypeInContext(B->ctx);
    LLVMTypeRef ty = jl_llvm_type(B, rt);
    if (ty == NULL) /* an isbits union (`iterate`'s Union{Nothing, Tuple{...}}) returns tagged, unboxed */
        ty = jl_cg_union_type(B, rt);
    return ty ? ty : LLVMPointerTypeInContext(B->ctx, 0);
}

/* The specialized ABI: one parameter per non-ghost argument (unboxed or ptr), the unboxed result (an
   isbits union as its tagged struct). */
LLVMTypeRef jl_cg_spec_type(jl_cg_batch_t *B, jl_cg_func_t *fn)
{
    jl_method_instance_t *mi = fn->mi;
    if (!jl_is_method(mi->def) || !jl_is_datatype(mi->specTypes))
        return NULL;
    jl_method_t *m = (jl_method_t *)mi->def;
    jl_svec_t *ps = ((jl_datatype_t *)mi->specTypes)->parameters;
    size_t n = jl_svec_len(ps);
    /* varargs: specialized on the concrete trailing arguments, one parameter each (store_args packs
       them into the vararg tuple), as Julia's specsig does */
    if (m->isva ? n + 1 < (size_t)m->nargs : n != (size_t)m->nargs)
        return NULL;
    LLVMTypeRef at[n ? n : 1];
    unsigned k = 0;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *t = jl_svecref(ps, i);
        if (jl_typeis(t, jl_vararg_type))
            return NULL;
        if (jl_cg_is_ghost(t))
            continue;
        LLVMTypeRef ty = jl_llvm_type(B, t);
        at[k++] = ty ? ty : LLVMPointerTypeInContext(B->ctx, 0);
    }
    return LLVMFunctionType(ret_llvm_type(B, jl_cg_spec_rettype(fn->ci)), at, k, 0);
}

/* ---------------------------------------------------------------- operands */

static jl_value_t *stmt_type(jl_cg_ctx_t *c, size_t i)
{
    jl_value_t *t = jl_array_ptr_ref((jl_array_t *)c->src->ssavaluetypes, i);
    return t ? jl_widenconst(t) : (jl_value_t *)jl_any_type;
}

static jl_value_t *slot_name(jl_cg_ctx_t *c, size_t k)
{
    return jl_array_ptr_ref(c->src->slotnames, k);
}

/* i1 true when maybe-undefined slot k holds no value: its defined flag is clear, or its box
   (loaded as v, when boxed) is NULL */
static LLVMValueRef slot_is_undef(jl_cg_ctx_t *c, size_t k, LLVMValueRef v)
{
    if (c->slot_def[k] == NULL)
        return LLVMBuildICmp(c->b, LLVMIntEQ, v, LLVMConstNull(c->T_ptr), "");
    LLVMValueRef d = LLVMBuildLoad2(c->b, c->T_i8, c->slot_def[k], "");
    LLVMSetVolatile(d, c->has_try);
    return LLVMBuildICmp(c->b, LLVMIntEQ, d, LLVMConstInt(c->T_i8, 0, 0), "");
}

/* marks slot k (un)defined: clears or sets its flag, or stores a NULL box */
static void set_slot_defined(jl_cg_ctx_t *c, size_t k, int defined)
{
    LLVMValueRef st = c->slot_def[k] ? LLVMBuildStore(c->b, LLVMConstInt(c->T_i8, defined, 0), c->slot_def[k])
                      : defined ? NULL : LLVMBuildStore(c->b, LLVMConstNull(c->T_ptr), c->slot_ptr[k]);
    if (st)
        LLVMSetVolatile(st, c->has_try);
}

static jval_t emit_slot_load(jl_cg_ctx_t *c, size_t k)
{
    jl_value_t *t = c->slot_typ[k];
    if (c->slot_ptr[k] == NULL) {
        if (jl_cg_is_ghost(t))
            return jl_cg_ghost(t);
        jl_cg_fail(c, "read of a slot that is never assigned");
    }
    if (!c->slot_boxed[k]) {
        if (c->slot_def[k]) {
            LLVMValueRef sym = jl_cg_root(c, slot_name(c, k));
            jl_cg_throw_if(c, slot_is_undef(c, k, NULL), "jl_undefined_var_error", &sym, 1);
        }
        LLVMTypeRef ut = jl_llvm_type(c->batch, t);
        LLVMValueRef ld = LLVMBuildLoad2(c->b, ut ? ut : jl_cg_union_type(c->batch, t), c->slot_ptr[k], "");
        LLVMSetVolatile(ld, c->has_try);
        return ut ? jl_cg_unboxed(t, ld) : jl_cg_tagged(t, ld);
    }
    LLVMValueRef v = LLVMBuildLoad2(c->b, c->T_ptr, c->slot_ptr[k], "");
    LLVMSetVolatile(v, c->has_try);
    if (c->slot_undef[k]) {
        LLVMValueRef sym = jl_cg_root(c, slot_name(c, k));
        jl_cg_throw_if(c, slot_is_undef(c, k, v), "jl_undefined_var_error", &sym, 1);
    }
    jl_value_t *st = jl_array_ptr_ref((jl_array_t *)c->src->slottypes, k);
    return jl_cg_boxedval(st ? st : (jl_value_t *)jl_any_type, v);
}

static void emit_slot_store(jl_cg_ctx_t *c, size_t k, jval_t v)
{
    if (c->slot_ptr[k] == NULL)
        return; /* ghost slot */
    jl_value_t *t = c->slot_typ[k];
    jval_t r = c->slot_boxed[k] ? jl_cg_box(c, v)
               : jl_llvm_type(c->batch, t) ? jl_cg_convert(c, v, t) : jl_cg_to_union(c, v, t);
    LLVMValueRef st = LLVMBuildStore(c->b, r.v, c->slot_ptr[k]);
    LLVMSetVolatile(st, c->has_try);
    if (c->slot_def[k])
        set_slot_defined(c, k, 1);
}

static jval_t emit_globalref(jl_cg_ctx_t *c, jl_globalref_t *gr)
{
    jl_binding_t *bnd = jl_get_binding(gr->mod, gr->name);
    if (bnd == NULL)
        jl_cg_fail(c, "global %s not defined at compile time", jl_symbol_name(gr->name));
    if (bnd->constp && bnd->value != NULL)
        return jl_cg_const(c, bnd->value);
    LLVMValueRef bp = jl_cg_root(c, (jl_value_t *)bnd);
    LLVMValueRef idx = LLVMConstInt(c->T_i64, offsetof(jl_binding_t, value), 0);
    LLVMValueRef fp = LLVMBuildInBoundsGEP2(c->b, c->T_i8, bp, &idx, 1, "");
    LLVMValueRef v = LLVMBuildLoad2(c->b, c->T_ptr, fp, "");
    LLVMSetVolatile(v, 0);
    LLVMValueRef isnull = LLVMBuildICmp(c->b, LLVMIntEQ, v, LLVMConstNull(c->T_ptr), "");
    LLVMValueRef sym = jl_cg_root(c, (jl_value_t *)gr->name);
    jl_cg_throw_if(c, isnull, "jl_undefined_var_error", &sym, 1);
    jl_value_t *ty = bnd->ty && jl_is_datatype(jl_typeof(bnd->ty)) ? bnd->ty : (jl_value_t *)jl_any_type;
    if (!(jl_is_datatype(ty) || jl_is_uniontype(ty) || jl_is_unionall(ty)))
        ty = (jl_value_t *)jl_any_type;
    return jl_cg_convert(c, jl_cg_boxedval(ty, v), ty);
}

static jval_t emit_operand(jl_cg_ctx_t *c, jl_value_t *x)
{
    if (jl_is_ssavalue(x)) {
        intptr_t id = ((jl_ssavalue_t *)x)->id;
        if (id < 1 || (size_t)id > c->nstmts)
            jl_cg_fail(c, "bad SSA value");
        jval_t v = c->ssa[id - 1];
        if (v.typ == NULL)
            jl_cg_fail(c, "SSA value %%%ld used before definition", (long)id);
        return v;
    }
    if (jl_is_slotnumber(x)) {
        intptr_t id = ((jl_slotnumber_t *)x)->id;
        if (id < 1 || (size_t)id > c->nslots)
            jl_cg_fail(c, "bad slot");
        return emit_slot_load(c, (size_t)id - 1);
    }
    if (jl_is_globalref(x))
        return emit_globalref(c, (jl_globalref_t *)x);
    if (jl_is_quotenode(x))
        return jl_cg_const(c, ((jl_quotenode_t *)x)->value);
    if (jl_is_expr(x)) {
        jl_expr_t *e = (jl_expr_t *)x;
        if (e->head == jl_s_static_parameter) {
            intptr_t i = jl_unbox_int64(jl_exprarg(e, 0));
            jl_svec_t *sp = c->mi->sparam_vals;
            if (i < 1 || (size_t)i > jl_svec_len(sp) || jl_is_tvar(jl_svecref(sp, i - 1)))
                jl_cg_fail(c, "unknown static parameter");
            return jl_cg_const(c, jl_svecref(sp, i - 1));
        }
        if (e->head == jl_s_boundscheck)
            return jl_cg_const(c, jl_true);
        jl_cg_fail(c, "expression :%s as an operand", jl_symbol_name(e->head));
    }
    if (jl_is_symbol(x) || jl_is_gotonode(x) || jl_is_gotoifnot(x) || jl_is_returnnode(x) ||
        jl_typeis(x, jl_argument_type) || jl_is_newvarnode(x) || jl_typeis(x, jl_phinode_type) ||
        jl_typeis(x, jl_pinode_type) || jl_typeis(x, jl_upsilonnode_type) || jl_typeis(x, jl_phicnode_type))
        jl_cg_fail(c, "unsupported operand");
    return jl_cg_const(c, x);
}

/* ---------------------------------------------------------------- calls */

static jl_cg_func_t *batch_func(jl_cg_batch_t *B, jl_method_instance_t *mi)
{
    for (size_t i = 0; i < B->nfuncs; i++)
        if (B->funcs[i].mi == mi && !B->funcs[i].failed)
            return &B->funcs[i];
    return NULL;
}

static jl_code_instance_t *compiled_ci(jl_method_instance_t *mi)
{
    jl_code_instance_t *ci = mi->cache;
    if (ci && ci->max_world == JL_WORLD_MAX && ci->invoke && ci->isspecsig && ci->specptr)
        return ci;
    return NULL;
}

static jval_t result_val(jl_cg_ctx_t *c, LLVMValueRef r, jl_value_t *rt)
{
    if (rt == jl_bottom_type) {
        LLVMBuildUnreachable(c->b);
        LLVMBasicBlockRef dead = LLVMAppendBasicBlockInContext(c->ctx, c->f, "dead");
        LLVMPositionBuilderAtEnd(c->b, dead);
        return jl_cg_ghost(jl_bottom_type);
    }
    if (jl_cg_is_ghost(rt))
        return jl_cg_ghost(rt);
    if (jl_cg_is_unboxed(c->batch, rt))
        return jl_cg_unboxed(rt, r);
    if (jl_cg_union_type(c->batch, rt) != NULL)
        return jl_cg_tagged(rt, r);
    return jl_cg_boxedval(rt, r);
}

static int bottom_val(jval_t v)
{
    return v.typ == jl_bottom_type;
}


/* a call of a specialized entry: args are the invoke's (f, args...) */
static jval_t emit_spec_call(jl_cg_ctx_t *c, LLVMValueRef callee, LLVMTypeRef fty, jl_value_t *spec,
                             jl_value_t *rt, jval_t *args, size_t nargs, int may_throw)
{
    jl_svec_t *ps = ((jl_datatype_t *)spec)->parameters;
    if (jl_svec_len(ps) != nargs)
        jl_cg_fail(c, "invoke argument count mismatch");
    LLVMValueRef av[nargs ? nargs : 1];
    unsigned k = 0;
    for (size_t i = 0; i < nargs; i++) {
        jl_value_t *t = jl_svecref(ps, i);
        if (jl_cg_is_ghost(t))
            continue;
        jval_t a = jl_cg_convert(c, args[i], jl_cg_is_unboxed(c->batch, t) ? t : (jl_value_t *)jl_any_type);
        av[k++] = a.v;
    }
    if (k != LLVMCountParamTypes(fty))
        jl_cg_fail(c, "specialized signature mismatch");
    if (may_throw)
        jl_cg_frame_before_call(c);
    LLVMValueRef r = LLVMBuildCall2(c->b, fty, callee, av, k, "");
    return result_val(c, r, rt);
}

static jval_t emit_jl_invoke(jl_cg_ctx_t *c, jl_method_instance_t *mi, jval_t *args, size_t nargs, jl_value_t *rt)
{
    LLVMTypeRef at[4] = {c->T_ptr, c->T_ptr, c->T_i32, c->T_ptr};
    LLVMValueRef fn = jl_cg_runtime_fn(c, "jl_invoke", c->T_ptr, at, 4, 0);
    LLVMValueRef av[4] = {jl_cg_boxed_ptr(c, args[0]), jl_cg_args_array(c, args + 1, nargs - 1),
                          LLVMConstInt(c->T_i32, nargs - 1, 0), jl_cg_root(c, (jl_value_t *)mi)};
    jl_cg_frame_before_call(c);
    LLVMValueRef r = jl_cg_call(c, fn, av, 4);
    if (rt == jl_bottom_type)
        return result_val(c, r, rt);
    return jl_cg_convert(c, jl_cg_boxedval((jl_value_t *)jl_any_type, r), rt);
}

static jval_t emit_invoke(jl_cg_ctx_t *c, jl_expr_t *e, jl_value_t *rt)
{
    size_t n = jl_expr_nargs(e);
    jl_value_t *mi_v = jl_exprarg(e, 0);
    if (!jl_is_method_instance(mi_v) || n < 2)
        jl_cg_fail(c, "malformed invoke");
    jl_method_instance_t *mi = (jl_method_instance_t *)mi_v;
    size_t nargs = n - 1;
    jval_t args[nargs];
    for (size_t i = 0; i < nargs; i++)
        args[i] = emit_operand(c, jl_exprarg(e, i + 1));
    jl_cg_func_t *bf = batch_func(c->batch, mi);
    if (bf != NULL) {
        LLVMValueRef target = bf == c->fn ? c->self_call : bf->spec;
        jval_t r = emit_spec_call(c, target, bf->spec_ty, mi->specTypes, jl_cg_spec_rettype(bf->ci), args, nargs,
                                  bf->needs_frame);
        return bottom_val(r) ? r : jl_cg_convert(c, r, rt);
    }
    jl_code_instance_t *cci = compiled_ci(mi);
    if (cci != NULL) {
        /* through the callee's specptr, loaded at each call: redefinition can redirect it */
        jl_cg_func_t tmp = {.mi = mi, .ci = cci};
        LLVMTypeRef fty = jl_cg_spec_type(c->batch, &tmp);
        if (fty == NULL)
            jl_cg_fail(c, "compiled callee without a specialized signature");
        LLVMValueRef cip = jl_cg_root(c, (jl_value_t *)cci);
        LLVMValueRef idx = LLVMConstInt(c->T_i64, offsetof(jl_code_instance_t, specptr), 0);
        LLVMValueRef fp = LLVMBuildLoad2(c->b, c->T_ptr, LLVMBuildInBoundsGEP2(c->b, c->T_i8, cip, &idx, 1, ""), "");
        jval_t r = emit_spec_call(c, fp, fty, mi->specTypes, jl_cg_spec_rettype(cci), args, nargs, 1);
        return bottom_val(r) ? r : jl_cg_convert(c, r, rt);
    }
    return emit_jl_invoke(c, mi, args, nargs, rt);
}

static jval_t emit_apply_generic(jl_cg_ctx_t *c, jval_t f, jval_t *args, size_t nargs, jl_value_t *rt)
{
    LLVMTypeRef at[3] = {c->T_ptr, c->T_ptr, c->T_i32};
    LLVMValueRef fn = jl_cg_runtime_fn(c, "jl_apply_generic", c->T_ptr, at, 3, 0);
    LLVMValueRef av[3] = {jl_cg_boxed_ptr(c, f), jl_cg_args_array(c, args, nargs), LLVMConstInt(c->T_i32, nargs, 0)};
    jl_cg_frame_before_call(c);
    LLVMValueRef r = jl_cg_call(c, fn, av, 3);
    if (rt == jl_bottom_type)
        return result_val(c, r, rt);
    return jl_cg_convert(c, jl_cg_boxedval((jl_value_t *)jl_any_type, r), rt);
}

/* a builtin through its C entry point: ((jl_builtin_fn_t *)f)->fptr(f, args, n) */
static jval_t emit_builtin_fptr(jl_cg_ctx_t *c, jl_value_t *f, jval_t *args, size_t nargs, jl_value_t *rt)
{
    LLVMValueRef fv = jl_cg_root(c, f);
    LLVMValueRef fp = LLVMBuildLoad2(c->b, c->T_ptr, fv, "");
    LLVMTypeRef at[3] = {c->T_ptr, c->T_ptr, c->T_i32};
    LLVMTypeRef fty = LLVMFunctionType(c->T_ptr, at, 3, 0);
    LLVMValueRef av[3] = {fv, jl_cg_args_array(c, args, nargs), LLVMConstInt(c->T_i32, nargs, 0)};
    jl_cg_frame_before_call(c);
    LLVMValueRef r = LLVMBuildCall2(c->b, fty, fp, av, 3, "");
    if (rt == jl_bottom_type)
        return result_val(c, r, rt);
    return jl_cg_convert(c, jl_cg_boxedval((jl_value_t *)jl_any_type, r), rt);
}

/* typeassert(x, T) of a boxed x and a concrete (non-Type) T: a compare of x's type tag, the builtin
   called only on the cold failing path to throw its TypeError; 0 when not applicable */
static int emit_typeassert_concrete(jl_cg_ctx_t *c, jl_value_t *f, jval_t *args, size_t nargs, jl_value_t *rt,
                                    jval_t *out)
{
    const char *name = jl_builtin_name(f);
    jl_value_t *T = nargs == 2 ? args[1].cval : NULL;
    if (name == NULL || strcmp(name, "typeassert") != 0 || T == NULL || !jl_is_datatype(T) ||
        !((jl_datatype_t *)T)->isconcretetype || ((jl_datatype_t *)T)->name == jl_type_typename ||
        !args[0].boxed || args[0].v == NULL || rt == jl_bottom_type)
        return 0;
    LLVMValueRef ne = LLVMBuildICmp(c->b, LLVMIntNE, jl_cg_typeof(c, args[0].v), jl_cg_root(c, T), "");
    LLVMBasicBlockRef ok = cold_branch(c, ne);
    emit_builtin_fptr(c, f, args, nargs, jl_bottom_type); /* leaves the builder in a fresh dead block */
    LLVMBuildUnreachable(c->b);
    LLVMPositionBuilderAtEnd(c->b, ok);
    *out = jl_cg_convert(c, jl_cg_boxedval(T, args[0].v), rt);
    return 1;
}

static jval_t emit_call(jl_cg_ctx_t *c, jl_expr_t *e, jl_value_t *rt)
{
    size_t n = jl_expr_nargs(e);
    jl_value_t *fc;
    size_t nargs = n - 1;
    jval_t args[nargs ? nargs : 1];
    if (jl_infer_operand_const(jl_exprarg(e, 0), &fc) &&
        jl_subtype(jl_typeof(fc), (jl_value_t *)jl_builtin_type)) {
        for (size_t i = 0; i < nargs; i++)
            args[i] = emit_operand(c, jl_exprarg(e, i + 1));
        jval_t out;
        if (jl_cg_emit_builtin(c, fc, args, nargs, rt, &out) ||
            emit_typeassert_concrete(c, fc, args, nargs, rt, &out))
            return out;
        return emit_builtin_fptr(c, fc, args, nargs, rt);
    }
    jval_t f = emit_operand(c, jl_exprarg(e, 0));
    for (size_t i = 0; i < nargs; i++)
        args[i] = emit_operand(c, jl_exprarg(e, i + 1));
    return emit_apply_generic(c, f, args, nargs, rt);
}

/* ---------------------------------------------------------------- new */

/* the type a :new / :splatnew allocates: a constant operand, else what inference proved (the
   statement's type is T exactly when T is known, e.g. `new(#self#, ...)` in a constructor) */
static jl_datatype_t *new_type(jl_cg_ctx_t *c, jl_expr_t *e, jl_value_t *rt)
{
    jl_value_t *T;
    if (!jl_infer_operand_const(jl_exprarg(e, 0), &T)) {
        jval_t t = emit_operand(c, jl_exprarg(e, 0));
        T = t.cval ? t.cval : rt;
    }
    if (!jl_is_datatype(T) || !((jl_datatype_t *)T)->isconcretetype || ((jl_datatype_t *)T)->layout == NULL ||
        (T != rt && rt != jl_bottom_type && !jl_types_equal(T, rt)))
        jl_cg_fail(c, "new of a non-constant or abstract type");
    return (jl_datatype_t *)T;
}

static jval_t emit_new_fields(jl_cg_ctx_t *c, jl_datatype_t *dt, jval_t *args, size_t nf);

static jval_t emit_new(jl_cg_ctx_t *c, jl_expr_t *e, jl_value_t *rt)
{
    jl_datatype_t *dt = new_type(c, e, rt);
    size_t nf = jl_expr_nargs(e) - 1;
    jval_t args[nf ? nf : 1];
    for (size_t i = 0; i < nf; i++)
        args[i] = emit_operand(c, jl_exprarg(e, i + 1));
    return emit_new_fields(c, dt, args, nf);
}

/* splatnew(T, t): the fields from a tuple of known length */
static jval_t emit_splatnew(jl_cg_ctx_t *c, jl_expr_t *e, jl_value_t *rt)
{
    jl_datatype_t *dt = new_type(c, e, rt);
    jval_t tup = emit_operand(c, jl_exprarg(e, 1));
    if (!jl_is_tuple_type(tup.typ) || !((jl_datatype_t *)tup.typ)->isconcretetype)
        jl_cg_fail(c, "splatnew of a tuple of unknown length");
    size_t nf = jl_svec_len(((jl_datatype_t *)tup.typ)->parameters);
    jval_t args[nf ? nf : 1];
    for (size_t i = 0; i < nf; i++) {
        jval_t ga[2] = {tup, jl_cg_const(c, jl_box_int64((int64_t)i + 1))};
        jl_value_t *ft = jl_svecref(((jl_datatype_t *)tup.typ)->parameters, i);
        if (!jl_cg_emit_builtin(c, jl_builtin_getfield, ga, 2, ft, &args[i]))
            jl_cg_fail(c, "splatnew: cannot read the tuple");
    }
    return emit_new_fields(c, dt, args, nf);
}

static jval_t emit_new_fields(jl_cg_ctx_t *c, jl_datatype_t *dt, jval_t *args, size_t nf)
{
    jl_value_t *T = (jl_value_t *)dt;
    size_t nfields = dt->layout->nfields;
    if (nf > nfields || dt->types == NULL)
        jl_cg_fail(c, "new with too many fields");
    int typed = 1;
    for (size_t i = 0; i < nf; i++)
        if (!jl_subtype(args[i].typ, jl_svecref(dt->types, i)))
            typed = 0;
    if (jl_cg_is_ghost(T) && typed)
        return jl_cg_ghost(T);
    if (jl_llvm_type(c->batch, T) != NULL && typed && nf == nfields)
        return jl_cg_struct_new(c, dt, args);
    int inline_ok = typed && nf == nfields && !jl_is_tuple_type(T);
    for (size_t i = 0; inline_ok && i < nfields; i++) {
        jl_value_t *ft = jl_svecref(dt->types, i);
        if (!dt->layout->fields[i].isptr && !jl_cg_is_ghost(ft) && !jl_cg_is_unboxed(c->batch, ft))
            inline_ok = 0;
    }
    if (inline_ok) {
        const char *alloc = dt->layout->pointerfree ? "jl_gc_alloc_atomic" : "jl_gc_alloc";
        LLVMTypeRef at[2] = {c->T_i64, c->T_ptr};
        LLVMValueRef fn = jl_cg_runtime_fn(c, alloc, c->T_ptr, at, 2, 0);
        LLVMValueRef av[2] = {LLVMConstInt(c->T_i64, dt->layout->size, 0), jl_cg_root(c, T)};
        LLVMValueRef obj = jl_cg_call(c, fn, av, 2);
        for (size_t i = 0; i < nfields; i++) {
            jl_value_t *ft = jl_svecref(dt->types, i);
            const jl_fielddesc_t *fd = &dt->layout->fields[i];
            if (!fd->isptr && jl_cg_is_ghost(ft))
                continue;
            LLVMValueRef idx = LLVMConstInt(c->T_i64, fd->offset, 0);
            LLVMValueRef p = LLVMBuildInBoundsGEP2(c->b, c->T_i8, obj, &idx, 1, "");
            jval_t fv = fd->isptr ? jl_cg_box(c, args[i]) : jl_cg_convert(c, args[i], ft);
            LLVMValueRef st = LLVMBuildStore(c->b, fv.v, p);
            LLVMSetAlignment(st, fd->isptr ? 8 : type_align(ft));
        }
        return jl_cg_boxedval(T, obj);
    }
    LLVMTypeRef at[3] = {c->T_ptr, c->T_ptr, c->T_i32};
    LLVMValueRef fn = jl_cg_runtime_fn(c, "jl_new_structv", c->T_ptr, at, 3, 0);
    LLVMValueRef av[3] = {jl_cg_root(c, T), jl_cg_args_array(c, args, nf), LLVMConstInt(c->T_i32, nf, 0)};
    jl_cg_frame_before_call(c);
    return jl_cg_convert(c, jl_cg_boxedval(T, jl_cg_call(c, fn, av, 3)), T);
}

/* ---------------------------------------------------------------- foreigncall */

static int is_ptr_like(jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->isprimitivetype && ((jl_datatype_t *)t)->layout &&
           ((jl_datatype_t *)t)->layout->size == 8 && t != (jl_value_t *)jl_float64_type &&
           t != (jl_value_t *)jl_int64_type && t != (jl_value_t *)jl_uint64_type;
}

static const char *name_of(jl_value_t *v)
{
    if (jl_is_symbol(v))
        return jl_symbol_name((jl_sym_t *)v);
    if (jl_is_string(v))
        return jl_string_data(v);
    return NULL;
}

JL_DLLEXPORT void *jl_dlsym_lib(const char *lib, const char *sym);

/* a ccall of a libm function ((:hypot, "libm")): plain arithmetic that never calls back into julep, so
   it cannot throw and needs no backtrace record (the record's stores would dominate a hot loop) */
static int libm_ccall(jl_value_t *fname)
{
    jl_value_t *v;
    if (!jl_infer_operand_const(fname, &v) || !jl_is_tuple(v) || jl_datatype_nfields(jl_typeof(v)) != 2)
        return 0;
    const char *lib = name_of(jl_get_nth_field(v, 1));
    return lib != NULL && (!strcmp(lib, "libm") || !strncmp(lib, "libm.", 5));
}

static void *resolve_cfunction(jl_cg_ctx_t *c, jl_value_t *fname, const char **symp)
{
    jl_value_t *v;
    if (!jl_infer_operand_const(fname, &v))
        jl_cg_fail(c, "ccall of a non-constant function");
    const char *sym = name_of(v), *lib = NULL;
    if (sym == NULL && jl_is_tuple(v) && jl_datatype_nfields(jl_typeof(v)) == 2) {
        sym = name_of(jl_get_nth_field(v, 0));
        lib = name_of(jl_get_nth_field(v, 1));
        if (lib == NULL)
            sym = NULL;
    }
    if (sym == NULL)
        jl_cg_fail(c, "ccall: unsupported function name");
    void *p = NULL;
    JL_TRY {
        p = jl_dlsym_lib(lib, sym);
    }
    JL_CATCH {
        p = NULL;
    }
    if (p == NULL)
        jl_cg_fail(c, "ccall: cannot resolve %s", sym);
    *symp = sym;
    return p;
}

/* The callee of a ccall: its address, or in imaging mode (llvm_image.c) an external symbol the
   dynamic linker resolves when the image is loaded; that needs the name to mean the same function
   in the process's global scope (libjulep.so, libc, libm), anything else stays out of the image. */
static int in_startup_library(void *fp)
{
    Dl_info info;
    if (dladdr(fp, &info) == 0 || info.dli_fname == NULL)
        return 0;
    const char *base = strrchr(info.dli_fname, '/');
    base = base ? base + 1 : info.dli_fname;
    return strncmp(base, "libjulep.so", 11) == 0 || strncmp(base, "libc.so", 7) == 0 ||
           strncmp(base, "libm.so", 7) == 0;
}

/* a function of a library loaded later (utf8proc, gmp...): a slot filled by its first call
   (jl_cg_lazy_cfunction looks the name up as the interpreter's ccall does) */
static LLVMValueRef lazy_cfunction(jl_cg_ctx_t *c, jl_value_t *fname)
{
    LLVMValueRef slot = LLVMAddGlobal(c->m, c->T_ptr, "jl_cfunction_slot");
    LLVMSetInitializer(slot, LLVMConstNull(c->T_ptr));
    LLVMSetLinkage(slot, LLVMInternalLinkage);
    LLVMValueRef p = LLVMBuildLoad2(c->b, c->T_ptr, slot, "");
    LLVMBasicBlockRef cur = LLVMGetInsertBlock(c->b);
    LLVMBasicBlockRef miss = LLVMAppendBasicBlockInContext(c->ctx, c->f, "cfunction_miss");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(c->ctx, c->f, "cfunction");
    LLVMBuildCondBr(c->b, LLVMBuildICmp(c->b, LLVMIntEQ, p, LLVMConstNull(c->T_ptr), ""), miss, done);
    LLVMPositionBuilderAtEnd(c->b, miss);
    LLVMTypeRef at[2] = {c->T_ptr, c->T_ptr};
    LLVMValueRef av[2] = {jl_cg_root(c, fname), slot};
    jl_cg_frame_before_call(c);
    LLVMValueRef q = jl_cg_call(c, jl_cg_runtime_fn(c, "jl_cg_lazy_cfunction", c->T_ptr, at, 2, 0), av, 2);
    LLVMBasicBlockRef miss_end = LLVMGetInsertBlock(c->b);
    LLVMBuildBr(c->b, done);
    LLVMPositionBuilderAtEnd(c->b, done);
    LLVMValueRef phi = LLVMBuildPhi(c->b, c->T_ptr, "");
    LLVMValueRef vals[2] = {p, q};
    LLVMBasicBlockRef bbs[2] = {cur, miss_end};
    LLVMAddIncoming(phi, vals, bbs, 2);
    return phi;
}

static LLVMValueRef cfunction_ref(jl_cg_ctx_t *c, jl_value_t *fname, void *fp, const char *sym, LLVMTypeRef fty)
{
    if (!jl_cg_imaging())
        return LLVMConstIntToPtr(LLVMConstInt(c->T_i64, (uintptr_t)fp, 0), c->T_ptr);
    jl_value_t *v = NULL;
    if (dlsym(RTLD_DEFAULT, sym) != fp || !in_startup_library(fp))
        return lazy_cfunction(c, jl_infer_operand_const(fname, &v) ? v : fname);
    LLVMValueRef f = LLVMGetNamedFunction(c->m, sym);
    return f != NULL ? f : LLVMAddFunction(c->m, sym, fty);
}

/* the C type of a ccall argument or result, and whether values pass boxed */
static LLVMTypeRef ccall_type(jl_cg_ctx_t *c, jl_value_t *t, int *boxed)
{
    *boxed = 0;
    if (t == (jl_value_t *)jl_any_type) {
        *boxed = 1;
        return c->T_ptr;
    }
    if (jl_is_datatype(t) && ((jl_datatype_t *)t)->isprimitivetype && ((jl_datatype_t *)t)->isconcretetype)
        return jl_llvm_type(c->batch, t);
    return NULL;
}

static jval_t emit_foreigncall(jl_cg_ctx_t *c, jl_expr_t *e, jl_value_t *rt)
{
    jl_value_t *cconv = jl_exprarg(e, 4);
    if (jl_is_quotenode(cconv))
        cconv = ((jl_quotenode_t *)cconv)->value;
    if (cconv == (jl_value_t *)jl_s_llvmcall)
        jl_cg_fail(c, "llvmcall");
    jl_value_t *crt = jl_exprarg(e, 1), *cat = jl_exprarg(e, 2);
    if (!jl_is_datatype(crt) && crt != jl_bottom_type && jl_infer_static_type(c->mi, crt) != NULL)
        crt = jl_infer_static_type(c->mi, crt);
    if (jl_is_svec(cat)) {
        for (size_t i = 0; i < jl_svec_len((jl_svec_t *)cat); i++) {
            jl_value_t *t = jl_svecref(cat, i), *ct;
            if (!jl_is_type(t) && (ct = jl_infer_static_type(c->mi, t)) != NULL) {
                if (cat == jl_exprarg(e, 2)) {
                    jl_svec_t *cp = jl_alloc_svec(jl_svec_len((jl_svec_t *)cat));
                    for (size_t k = 0; k < jl_svec_len(cp); k++)
                        jl_svecset(cp, k, jl_svecref(cat, k));
                    cat = (jl_value_t *)cp;
                }
                jl_svecset(cat, i, ct);
            }
        }
    }
    if (!jl_is_svec(cat) || !(jl_is_datatype(crt) || crt == jl_bottom_type))
        jl_cg_fail(c, "ccall with non-constant types");
    size_t na = jl_svec_len(cat);
    if (jl_expr_nargs(e) < 5 + na)
        jl_cg_fail(c, "malformed foreigncall");
    if (jl_unbox_int64(jl_exprarg(e, 3)) != (int64_t)na)
        jl_cg_fail(c, "varargs ccall");
    const char *csym = NULL;
    void *fp = resolve_cfunction(c, jl_exprarg(e, 0), &csym);
    LLVMTypeRef at[na ? na : 1];
    LLVMValueRef av[na ? na : 1];
    for (size_t i = 0; i < na; i++) {
        jl_value_t *t = jl_svecref(cat, i);
        int boxed;
        at[i] = ccall_type(c, t, &boxed);
        if (at[i] == NULL && !(jl_is_datatype(t) && ((jl_datatype_t *)t)->isbitstype)) {
            /* Ref{T} and other non-isbits declared types pass a pointer: the bits of a Ptr value (what
               unsafe_convert gives), else the object's data (as src/ccall.c does) */
            jval_t a = emit_operand(c, jl_exprarg(e, 5 + i));
            if (is_ptr_like(a.typ) && !a.tagged)
                a = jl_cg_convert(c, a, a.typ);
            if (!a.boxed && a.v && is_ptr_like(a.typ))
                av[i] = a.v;
            else if ((a.boxed || (!a.tagged && jl_cg_is_unboxed(c->batch, a.typ))) && jl_is_datatype(a.typ) &&
                     ((jl_datatype_t *)a.typ)->isconcretetype && !is_ptr_like(a.typ))
                av[i] = jl_cg_boxed_ptr(c, a);
            else
                jl_cg_fail(c, "ccall argument needs a conversion");
            at[i] = LLVMTypeOf(av[i]);
            continue;
        }
        if (at[i] == NULL)
            jl_cg_fail(c, "ccall argument type not supported by codegen");
        jval_t a = emit_operand(c, jl_exprarg(e, 5 + i));
        if (boxed) {
            av[i] = jl_cg_boxed_ptr(c, a);
        }
        else if (!a.boxed && a.typ == t) {
            av[i] = a.v;
        }
        else if (!a.boxed && a.v && is_ptr_like(t) && is_ptr_like(a.typ)) {
            av[i] = a.v;
        }
        else {
            jl_cg_fail(c, "ccall argument needs a conversion");
        }
    }
    LLVMTypeRef rty;
    int rboxed = 0;
    if (crt == (jl_value_t *)jl_nothing_type || crt == jl_bottom_type)
        rty = c->T_void;
    else if ((rty = ccall_type(c, crt, &rboxed)) == NULL)
        jl_cg_fail(c, "ccall return type not supported by codegen");
    if (fp == (void *)jl_string_ptr && na == 1 && !rboxed && LLVMGetTypeKind(rty) == LLVMIntegerTypeKind) {
        /* a String's bytes follow its header: pointer(s) in string loops is an add, not a call */
        LLVMValueRef off = LLVMConstInt(c->T_i64, sizeof(jl_string_t), 0);
        LLVMValueRef d = LLVMBuildInBoundsGEP2(c->b, c->T_i8, av[0], &off, 1, "");
        return jl_cg_unboxed(crt, LLVMBuildPtrToInt(c->b, d, rty, ""));
    }
    LLVMTypeRef fty = LLVMFunctionType(rty, at, (unsigned)na, 0);
    LLVMValueRef fv = cfunction_ref(c, jl_exprarg(e, 0), fp, csym, fty);
    if (!libm_ccall(jl_exprarg(e, 0)))
        jl_cg_frame_before_call(c);
    LLVMValueRef r = LLVMBuildCall2(c->b, fty, fv, av, (unsigned)na, "");
    if (crt == jl_bottom_type) /* a C function that never returns (jl_rethrow, jl_throw) */
        return result_val(c, r, jl_bottom_type);
    if (crt == (jl_value_t *)jl_nothing_type)
        return jl_cg_ghost(crt);
    if (rboxed) {
        LLVMValueRef isnull = LLVMBuildICmp(c->b, LLVMIntEQ, r, LLVMConstNull(c->T_ptr), "");
        LLVMValueRef msg = jl_cg_root(c, jl_cstr_to_string("ccall: the C function returned NULL for a Julia object"));
        jl_cg_throw_if(c, isnull, "jl_cg_error_str", &msg, 1);
        return jl_cg_convert(c, jl_cg_boxedval((jl_value_t *)jl_any_type, r), rt);
    }
    if (crt == (jl_value_t *)jl_bool_type)
        r = jl_cg_i1_to_bool(c, LLVMBuildICmp(c->b, LLVMIntNE, r, LLVMConstInt(c->T_i8, 0, 0), ""));
    return jl_cg_unboxed(crt, r);
}

/* ---------------------------------------------------------------- try / catch */

/* :enter — push a handler and sigsetjmp; the catch destination is reached when it returns nonzero */
static void emit_enter(jl_cg_ctx_t *c, size_t i, jl_expr_t *e)
{
    intptr_t dest = jl_unbox_int64(jl_exprarg(e, 0));
    if (dest < 1 || (size_t)dest > c->nstmts || c->bbs[dest - 1] == NULL)
        jl_cg_fail(c, "bad :enter");
    LLVMTypeRef hty = LLVMArrayType(c->T_i8, sizeof(jl_handler_t));
    LLVMValueRef h = entry_alloca(c, hty, "handler");
    LLVMSetAlignment(h, 16);
    c->handlers[i] = h;
    c->ntry++;
    LLVMTypeRef at1[1] = {c->T_ptr};
    jl_cg_call(c, jl_cg_runtime_fn(c, "jl_enter_handler", c->T_void, at1, 1, 0), &h, 1);
    /* token: the exception stack state at entry, for :pop_exception */
    LLVMValueRef st = jl_cg_call(c, jl_cg_runtime_fn(c, "jl_excstack_state", c->T_i64, NULL, 0, 0), NULL, 0);
    c->ssa[i] = jl_cg_unboxed((jl_value_t *)jl_int64_type, st);
    LLVMTypeRef at2[2] = {c->T_ptr, c->T_i32};
    LLVMValueRef sj = jl_cg_runtime_fn(c, "__sigsetjmp", c->T_i32, at2, 2, 0);
    unsigned rt = LLVMGetEnumAttributeKindForName("returns_twice", 13);
    LLVMAddAttributeAtIndex(sj, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(c->ctx, rt, 0));
    LLVMValueRef av[2] = {h, LLVMConstInt(c->T_i32, 0, 0)};
    LLVMValueRef r = jl_cg_call(c, sj, av, 2);
    LLVMAddCallSiteAttribute(r, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(c->ctx, rt, 0));
    LLVMBasicBlockRef caught = LLVMAppendBasicBlockInContext(c->ctx, c->f, "catch");
    LLVMValueRef isz = LLVMBuildICmp(c->b, LLVMIntEQ, r, LLVMConstInt(c->T_i32, 0, 0), "");
    LLVMBasicBlockRef next = c->bbs[i + 1];
    if (next == NULL)
        jl_cg_fail(c, "no block after :enter");
    LLVMBuildCondBr(c->b, isz, next, caught);
    LLVMPositionBuilderAtEnd(c->b, caught);
    jl_cg_call(c, jl_cg_runtime_fn(c, "jl_eh_restore_state", c->T_void, at1, 1, 0), &h, 1);
    LLVMBuildBr(c->b, c->bbs[dest - 1]);
}

static void emit_leave(jl_cg_ctx_t *c, jl_expr_t *e)
{
    jl_value_t *a = jl_exprarg(e, 0);
    if (!jl_is_int64(a))
        jl_cg_fail(c, "non-integer :leave");
    LLVMValueRef n = LLVMConstInt(c->T_i32, (uint64_t)jl_unbox_int64(a), 0);
    LLVMTypeRef at[1] = {c->T_i32};
    jl_cg_call(c, jl_cg_runtime_fn(c, "jl_pop_handler", c->T_void, at, 1, 0), &n, 1);
}

static void emit_pop_exception(jl_cg_ctx_t *c, jl_expr_t *e)
{
    jval_t tok = emit_operand(c, jl_exprarg(e, 0));
    if (tok.boxed || tok.typ != (jl_value_t *)jl_int64_type)
        jl_cg_fail(c, "bad :pop_exception token");
    LLVMTypeRef at[1] = {c->T_i64};
    jl_cg_call(c, jl_cg_runtime_fn(c, "jl_restore_excstack", c->T_void, at, 1, 0), &tok.v, 1);
}

/* ---------------------------------------------------------------- statements */

static jval_t emit_expr(jl_cg_ctx_t *c, size_t i, jl_expr_t *e, jl_value_t *rt)
{
    jl_sym_t *h = e->head;
    if (h == jl_s_call)
        return emit_call(c, e, rt);
    if (h == jl_s_invoke)
        return emit_invoke(c, e, rt);
    if (h == jl_s_new)
        return emit_new(c, e, rt);
    if (h == jl_s_splatnew)
        return emit_splatnew(c, e, rt);
    if (h == jl_s_foreigncall)
        return emit_foreigncall(c, e, rt);
    if (h == jl_s_the_exception) {
        LLVMValueRef r = jl_cg_call(c, jl_cg_runtime_fn(c, "jl_current_exception", c->T_ptr, NULL, 0, 0), NULL, 0);
        return jl_cg_boxedval((jl_value_t *)jl_any_type, r);
    }
    if (h == jl_s_isdefined) {
        jl_value_t *a = jl_exprarg(e, 0);
        if (jl_is_slotnumber(a)) {
            size_t k = (size_t)((jl_slotnumber_t *)a)->id - 1;
            if (k >= c->nslots)
                jl_cg_fail(c, "bad slot");
            if (!c->slot_undef[k])
                return jl_cg_const(c, c->slot_ptr[k] || jl_cg_is_ghost(c->slot_typ[k]) ? jl_true : jl_false);
            LLVMValueRef v = c->slot_def[k] ? NULL : LLVMBuildLoad2(c->b, c->T_ptr, c->slot_ptr[k], "");
            if (v)
                LLVMSetVolatile(v, c->has_try);
            return jl_cg_unboxed((jl_value_t *)jl_bool_type,
                                 jl_cg_i1_to_bool(c, LLVMBuildNot(c->b, slot_is_undef(c, k, v), "")));
        }
        jl_cg_fail(c, "isdefined of a global");
    }
    if (h == jl_s_boundscheck)
        return jl_cg_const(c, jl_true);
    if (h == jl_s_static_parameter)
        return emit_operand(c, (jl_value_t *)e);
    if (h == jl_s_meta || h == jl_s_inbounds || h == jl_symbol("loopinfo") ||
        h == jl_symbol("code_coverage_effect") || h == jl_symbol("gc_preserve_begin") ||
        h == jl_symbol("gc_preserve_end") || h == jl_symbol("aliasscope") || h == jl_symbol("popaliasscope"))
        return jl_cg_const(c, jl_nothing);
    if (h == jl_s_enter) {
        emit_enter(c, i, e);
        return c->ssa[i];
    }
    if (h == jl_s_leave) {
        emit_leave(c, e);
        return jl_cg_const(c, jl_nothing);
    }
    if (h == jl_s_pop_exception) {
        emit_pop_exception(c, e);
        return jl_cg_const(c, jl_nothing);
    }
    jl_cg_fail(c, "statement :%s", jl_symbol_name(h));
}

static LLVMValueRef bool_cond(jl_cg_ctx_t *c, jval_t v)
{
    if (!v.boxed && v.typ == (jl_value_t *)jl_bool_type)
        return LLVMBuildTrunc(c->b, v.v, c->T_i1, "");
    if (!v.boxed && v.v == NULL) {
        /* a ghost condition is never Bool: the interpreter's TypeError */
        jl_cg_fail(c, "non-Bool constant condition");
    }
    LLVMValueRef p = jl_cg_boxed_ptr(c, v);
    LLVMValueRef t = jl_cg_root(c, jl_true), f = jl_cg_root(c, jl_false);
    LLVMValueRef ist = LLVMBuildICmp(c->b, LLVMIntEQ, p, t, "");
    LLVMValueRef isf = LLVMBuildICmp(c->b, LLVMIntEQ, p, f, "");
    LLVMValueRef bad = LLVMBuildNot(c->b, LLVMBuildOr(c->b, ist, isf, ""), "");
    jl_cg_throw_if(c, bad, "jl_cg_if_error", &p, 1);
    return ist;
}

/* ---------------------------------------------------------------- backtrace frames
   A compiled function shows in backtraces through a jl_interp_frame_t-shaped record on the task's
   frame chain (the fields stackwalk.c reads: prev, task, mi, module, ip); handlers restore the chain
   on a throw. Records cost nothing on paths that cannot throw:
     - a call that may throw (a callee that may, jl_apply_generic, ccall, ...) needs the function's
       record pushed (in the prologue, decided lazily: `fpush` gets the push the first time) and its
       `ip` stored before the call, and for a statement inlined from callees the scopes it came from
       (`inlined`, a rooted svec: one store however deep the inlining);
     - a throw emitted by codegen itself (bounds, undef, DivideError, ...) sits in a cold block, which
       links a complete record for its statement right before throwing (it never returns) through one
       runtime call, jl_cg_link_frame. */

static LLVMValueRef rec_field(jl_cg_ctx_t *c, LLVMValueRef rec, size_t off)
{
    LLVMValueRef idx = LLVMConstInt(c->T_i64, off, 0);
    return LLVMBuildInBoundsGEP2(c->b, c->T_i8, rec, &idx, 1, "");
}

static LLVMValueRef frame_field(jl_cg_ctx_t *c, size_t off)
{
    return rec_field(c, c->frame, off);
}

static LLVMValueRef task_slot_of(jl_cg_ctx_t *c, LLVMValueRef task)
{
    LLVMValueRef idx = LLVMConstInt(c->T_i64, offsetof(jl_task_t, interp_frame), 0);
    return LLVMBuildInBoundsGEP2(c->b, c->T_i8, task, &idx, 1, "");
}

static LLVMValueRef task_frame_slot(jl_cg_ctx_t *c)
{
    return task_slot_of(c, c->task);
}

static LLVMValueRef new_record(jl_cg_ctx_t *c, const char *name)
{
    LLVMValueRef r = entry_alloca(c, LLVMArrayType(c->T_i8, sizeof(jl_interp_frame_t)), name);
    LLVMSetAlignment(r, 8);
    return r;
}

/* the runtime's global `name` of type ty (an external symbol the JIT or the dynamic linker resolves) */
static LLVMValueRef runtime_global(jl_cg_ctx_t *c, const char *name, LLVMTypeRef ty)
{
    LLVMValueRef g = LLVMGetNamedGlobal(c->m, name);
    if (g == NULL) {
        g = LLVMAddGlobal(c->m, ty, name);
        LLVMSetLinkage(g, LLVMExternalLinkage);
    }
    return g;
}

/* jl_current_task: on x86-64 Linux a load at jl_tls_task_offset from the thread pointer (%fs, LLVM's
   address space 257), as C code built with the initial-exec TLS model reads it; else a call */
static LLVMValueRef current_task(jl_cg_ctx_t *c)
{
    if (jl_tls_task_offset == 0)
        return jl_cg_call(c, jl_cg_runtime_fn(c, "jl_get_current_task", c->T_ptr, NULL, 0, 0), NULL, 0);
    LLVMValueRef off = LLVMBuildLoad2(c->b, c->T_i64, runtime_global(c, "jl_tls_task_offset", c->T_i64), "");
    unsigned kind = LLVMGetMDKindIDInContext(c->ctx, "invariant.load", 14);
    LLVMSetMetadata(off, kind, LLVMMetadataAsValue(c->ctx, LLVMMDNodeInContext2(c->ctx, NULL, 0)));
    LLVMValueRef slot = LLVMBuildIntToPtr(c->b, off, LLVMPointerTypeInContext(c->ctx, 257), "");
    return LLVMBuildLoad2(c->b, c->T_ptr, slot, "task");
}

/* fill a record's fields for mi (prev, task, mi, module; ip separately) */
static void fill_record(jl_cg_ctx_t *c, LLVMValueRef rec, LLVMValueRef prev, LLVMValueRef task,
                        jl_method_instance_t *mi)
{
    LLVMBuildMemSet(c->b, rec, LLVMConstInt(c->T_i8, 0, 0), LLVMConstInt(c->T_i64, sizeof(jl_interp_frame_t), 0), 8);
    LLVMBuildStore(c->b, prev, rec_field(c, rec, offsetof(jl_interp_frame_t, prev)));
    LLVMBuildStore(c->b, task, rec_field(c, rec, offsetof(jl_interp_frame_t, task)));
    LLVMBuildStore(c->b, jl_cg_root(c, (jl_value_t *)mi), rec_field(c, rec, offsetof(jl_interp_frame_t, mi)));
    jl_module_t *mod = ((jl_method_t *)mi->def)->module;
    LLVMBuildStore(c->b, jl_cg_root(c, (jl_value_t *)mod), rec_field(c, rec, offsetof(jl_interp_frame_t, module)));
}

/* the prologue: the task (always; erased at the end when unused) and an empty block for the push */
static void emit_frame_prologue(jl_cg_ctx_t *c)
{
    c->frame = new_record(c, "frame");
    c->fpush = LLVMAppendBasicBlockInContext(c->ctx, c->f, "fpush");
    LLVMBuildBr(c->b, c->fpush);
    LLVMPositionBuilderAtEnd(c->b, c->fpush);
    c->task = current_task(c);
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(c->ctx, c->f, "body");
    LLVMBuildBr(c->b, body);
    LLVMPositionBuilderAtEnd(c->b, body);
}

static void ensure_frame_pushed(jl_cg_ctx_t *c)
{
    if (c->frame_pushed)
        return;
    c->frame_pushed = 1;
    LLVMBasicBlockRef cur = LLVMGetInsertBlock(c->b);
    LLVMPositionBuilderBefore(c->b, LLVMGetBasicBlockTerminator(c->fpush));
    LLVMValueRef prev = LLVMBuildLoad2(c->b, c->T_ptr, task_frame_slot(c), "");
    fill_record(c, c->frame, prev, c->task, c->mi);
    LLVMBuildStore(c->b, c->frame, task_frame_slot(c));
    LLVMPositionBuilderAtEnd(c->b, cur);
}

static void emit_frame_pop(jl_cg_ctx_t *c)
{
    if (c->frame == NULL)
        return;
    LLVMValueRef prev = LLVMBuildLoad2(c->b, c->T_ptr, frame_field(c, offsetof(jl_interp_frame_t, prev)), "");
    LLVMValueRef st = LLVMBuildStore(c->b, prev, task_frame_slot(c));
    if (c->npops == c->cappops) {
        c->cappops = c->cappops ? 2 * c->cappops : 8;
        c->pops = (LLVMValueRef *)realloc(c->pops, c->cappops * sizeof(LLVMValueRef));
    }
    c->pops[c->npops++] = st;
}

/* erase an instruction and the operands that only it used (the pop's load and GEPs); `keep` (the
   prologue's task) and the records stay: the caller decides */
static void erase_with_operands(LLVMValueRef v, LLVMValueRef keep)
{
    if (v == NULL || v == keep || LLVMIsAInstruction(v) == NULL || LLVMGetFirstUse(v) != NULL)
        return;
    if (LLVMIsACallInst(v) || LLVMIsAAllocaInst(v))
        return;
    int n = LLVMGetNumOperands(v);
    LLVMValueRef ops[4];
    for (int i = 0; i < n && i < 4; i++)
        ops[i] = LLVMGetOperand(v, (unsigned)i);
    LLVMInstructionEraseFromParent(v);
    for (int i = 0; i < n && i < 4; i++)
        erase_with_operands(ops[i], keep);
}

/* at the end: a frame nothing needed leaves no trace */
static void finish_frame(jl_cg_ctx_t *c)
{
    if (c->frame == NULL)
        return;
    for (size_t i = 0; i < c->ncolds; i++) {
        LLVMValueRef sel = c->colds[i];
        LLVMValueRef below = LLVMGetOperand(sel, 1), head = LLVMGetOperand(sel, 2);
        LLVMReplaceAllUsesWith(sel, c->frame_pushed ? below : head);
        LLVMInstructionEraseFromParent(sel);
        erase_with_operands(c->frame_pushed ? head : below, c->task);
    }
    if (c->frame_pushed)
        return;
    for (size_t i = 0; i < c->npops; i++)
        erase_with_operands(c->pops[i], c->task);
    if (LLVMGetFirstUse(c->task) == NULL && LLVMIsACallInst(c->task))
        LLVMInstructionEraseFromParent(c->task);
    else
        erase_with_operands(c->task, NULL);
}

/* the inlining chain of optimized statement i: out[0] the entry directly inlined into the method,
   out[n-1] the innermost; returns n (0 when the statement is the method's own) */
static int inlined_chain(jl_code_info_t *src, size_t i, jl_lineinfonode_t **out, int max)
{
    if (src->codelocs == NULL || i >= jl_array_len(src->codelocs) || !jl_is_array(src->linetable))
        return 0;
    int32_t loc = ((int32_t *)jl_array_data(src->codelocs))[i];
    jl_array_t *lt = (jl_array_t *)src->linetable;
    jl_lineinfonode_t *chain[64];
    int n = 0;
    while (loc > 0 && (size_t)loc <= jl_array_len(lt) && n < 64) {
        jl_lineinfonode_t *li = (jl_lineinfonode_t *)jl_array_ptr_ref(lt, loc - 1);
        if (!jl_typeis((jl_value_t *)li, jl_lineinfonode_type))
            return 0;
        if (li->inlined_at <= 0)
            break;
        chain[n++] = li;
        loc = li->inlined_at;
    }
    int k = 0;
    for (int j = n - 1; j >= 0 && k < max; j--)
        out[k++] = chain[j];
    return k;
}

/* the MethodInstance inlined at `li` into caller: the one the optimizer recorded in li->method, else a
   specialization of the named function's method in li's file whose backedges include the caller */
static jl_method_instance_t *inlined_mi(jl_method_instance_t *caller, jl_lineinfonode_t *li)
{
    if (jl_is_method_instance(li->method))
        return (jl_method_instance_t *)li->method; /* the optimizer names it (optimize.c append_lines) */
    if (!jl_is_symbol(li->method) || li->module == NULL)
        return NULL;
    jl_binding_t *b = jl_get_binding(li->module, (jl_sym_t *)li->method);
    if (b == NULL || b->value == NULL)
        return NULL;
    jl_value_t *ms = jl_methods_of(b->value);
    for (size_t k = 0; ms && jl_is_array(ms) && k < jl_array_len((jl_array_t *)ms); k++) {
        jl_method_t *m = (jl_method_t *)jl_array_ptr_ref((jl_array_t *)ms, k);
        if (!jl_is_method(m) || m->file != li->file || !jl_is_array(m->specializations))
            continue;
        jl_array_t *sp = (jl_array_t *)m->specializations;
        for (size_t j = 0; j < jl_array_len(sp); j++) {
            jl_method_instance_t *mi = (jl_method_instance_t *)jl_array_ptr_ref(sp, j);
            if (jl_method_instance_has_backedge(mi, caller))
                return mi;
        }
    }
    return NULL;
}

/* the lowered statement (0-based) of mi's method on `line`, or -1 */
static int32_t lowered_ip_at(jl_method_instance_t *mi, int32_t line);

static void store_frame_field(jl_cg_ctx_t *c, LLVMValueRef f, size_t off, LLVMValueRef v)
{
    LLVMValueRef idx = LLVMConstInt(c->T_i64, off, 0);
    LLVMValueRef p = LLVMBuildInBoundsGEP2(c->b, c->T_i8, f, &idx, 1, "");
    LLVMSetVolatile(LLVMBuildStore(c->b, v, p), 1);
}

static void store_ip(jl_cg_ctx_t *c, LLVMValueRef rec, size_t i)
{
    if (c->lowered_ip == NULL || c->lowered_ip[i] < 0)
        return; /* no line known: the record keeps its last statement */
    int32_t ip = c->lowered_ip[i];
    store_frame_field(c, rec, offsetof(jl_interp_frame_t, ip), LLVMConstInt(c->T_i64, (uint64_t)ip, 0));
}

/* the scopes statement i was inlined from, as the `inlined` field of a record wants them (an svec
   `(mi, ip, ...)`, outermost first, interpreter.h), or NULL when the statement is the method's own */
static jl_svec_t *inlined_scopes(jl_cg_ctx_t *c, size_t i)
{
    jl_lineinfonode_t *chain[8];
    int n = inlined_chain(c->src, i, chain, 8);
    jl_value_t *pairs[16];
    int k = 0;
    jl_method_instance_t *caller = c->mi;
    for (int d = 0; d < n; d++) {
        jl_method_instance_t *mi = inlined_mi(caller, chain[d]);
        int32_t ip = mi ? lowered_ip_at(mi, chain[d]->line) : -1;
        if (ip < 0)
            break;
        pairs[k++] = (jl_value_t *)mi;
        pairs[k++] = jl_box_int64(ip);
        caller = mi;
    }
    if (k == 0)
        return NULL;
    jl_svec_t *s = jl_alloc_svec((size_t)k);
    for (int j = 0; j < k; j++)
        jl_svecset(s, j, pairs[j]);
    return s;
}

void jl_cg_frame_before_call(jl_cg_ctx_t *c)
{
    if (c->frame == NULL || c->fn == NULL)
        return;
    ensure_frame_pushed(c);
    store_ip(c, c->frame, c->cur_stmt);
    jl_svec_t *scopes = inlined_scopes(c, c->cur_stmt);
    if (scopes != NULL) {
        store_frame_field(c, c->frame, offsetof(jl_interp_frame_t, inlined), jl_cg_root(c, (jl_value_t *)scopes));
        c->inl_active = 1;
    }
}

void jl_cg_frame_before_throw(jl_cg_ctx_t *c)
{
    if (c->frame == NULL || c->fn == NULL)
        return;
    /* a complete record of its own, filled by the runtime (one call keeps cold blocks small): the
       chain's head, minus this function's record when pushed */
    if (c->cold_frame == NULL)
        c->cold_frame = new_record(c, "coldframe");
    LLVMValueRef task = current_task(c);
    LLVMValueRef head = LLVMBuildLoad2(c->b, c->T_ptr, task_slot_of(c, task), "");
    LLVMValueRef below = LLVMBuildLoad2(c->b, c->T_ptr, frame_field(c, offsetof(jl_interp_frame_t, prev)), "");
    /* below this function's record when it is pushed, else the head: known only at the end */
    LLVMValueRef prev = LLVMBuildSelect(c->b, LLVMConstInt(c->T_i1, 1, 0), below, head, "");
    if (c->ncolds == c->capcolds) {
        c->capcolds = c->capcolds ? 2 * c->capcolds : 8;
        c->colds = (LLVMValueRef *)realloc(c->colds, c->capcolds * sizeof(LLVMValueRef));
    }
    c->colds[c->ncolds++] = prev;
    int64_t ip = c->lowered_ip ? c->lowered_ip[c->cur_stmt] : -1;
    jl_svec_t *scopes = inlined_scopes(c, c->cur_stmt);
    jl_svec_t *site = jl_svec(3, (jl_value_t *)c->mi, jl_box_int64(ip),
                              scopes ? (jl_value_t *)scopes : jl_nothing);
    LLVMTypeRef at[3] = {c->T_ptr, c->T_ptr, c->T_ptr};
    LLVMValueRef av[3] = {c->cold_frame, prev, jl_cg_root(c, (jl_value_t *)site)};
    jl_cg_call(c, jl_cg_runtime_fn(c, "jl_cg_link_frame", c->T_void, at, 3, 0), av, 3);
}

/* the line of optimized statement i, through inlining to the method's own line */
static int32_t stmt_line(jl_code_info_t *src, size_t i)
{
    if (src->codelocs == NULL || i >= jl_array_len(src->codelocs) || !jl_is_array(src->linetable))
        return -1;
    int32_t loc = ((int32_t *)jl_array_data(src->codelocs))[i];
    jl_array_t *lt = (jl_array_t *)src->linetable;
    for (int depth = 0; loc > 0 && (size_t)loc <= jl_array_len(lt) && depth < 100; depth++) {
        jl_lineinfonode_t *li = (jl_lineinfonode_t *)jl_array_ptr_ref(lt, loc - 1);
        if (!jl_typeis((jl_value_t *)li, jl_lineinfonode_type))
            return -1;
        if (li->inlined_at <= 0)
            return li->line;
        loc = li->inlined_at;
    }
    return -1;
}

/* per optimized statement: a statement of the method's lowered source on the same line */
static void map_lowered_ips(jl_cg_ctx_t *c)
{
    jl_code_info_t *low = jl_infer_method_source(c->mi);
    if (low == NULL)
        return;
    size_t nl = jl_array_len(low->code);
    c->lowered_ip = (int32_t *)calloc(c->nstmts + 1, sizeof(int32_t));
    for (size_t i = 0; i < c->nstmts; i++) {
        int32_t line = stmt_line(c->src, i);
        c->lowered_ip[i] = -1;
        for (size_t k = 0; line >= 0 && k < nl; k++)
            if (stmt_line(low, k) == line) {
                c->lowered_ip[i] = (int32_t)k;
                break;
            }
    }
}

static int32_t lowered_ip_at(jl_method_instance_t *mi, int32_t line)
{
    jl_code_info_t *low = jl_infer_method_source(mi);
    if (low == NULL)
        return -1;
    for (size_t k = 0; k < jl_array_len(low->code); k++)
        if (stmt_line(low, k) == line)
            return (int32_t)k;
    return -1;
}

/* the static type of an operand, as far as the statement list says (Any when unknown) */
static jl_value_t *operand_type(jl_code_info_t *src, jl_value_t *x)
{
    jl_value_t *v;
    if (jl_is_ssavalue(x) && jl_is_array(src->ssavaluetypes)) {
        size_t id = (size_t)((jl_ssavalue_t *)x)->id;
        if (id >= 1 && id <= jl_array_len((jl_array_t *)src->ssavaluetypes))
            return jl_widenconst(jl_array_ptr_ref((jl_array_t *)src->ssavaluetypes, id - 1));
    }
    if (jl_is_slotnumber(x) && src->slottypes && jl_is_array(src->slottypes)) {
        size_t id = (size_t)((jl_slotnumber_t *)x)->id;
        if (id >= 1 && id <= jl_array_len((jl_array_t *)src->slottypes) &&
            !(((uint8_t *)jl_array_data(src->slotflags))[id - 1] & JL_SLOT_USEDUNDEF))
            return jl_array_ptr_ref((jl_array_t *)src->slottypes, id - 1);
    }
    if (jl_infer_operand_const(x, &v))
        return jl_typeof(v);
    return (jl_value_t *)jl_any_type;
}

static int stmt_may_throw(jl_cg_batch_t *B, jl_code_info_t *src, jl_value_t *s)
{
    if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_assign)
        s = jl_exprarg(s, 1);
    if (jl_is_gotoifnot(s))
        return operand_type(src, ((jl_gotoifnot_t *)s)->cond) != (jl_value_t *)jl_bool_type;
    if (jl_is_globalref(s))
        return 1;
    if (!jl_is_expr(s))
        return 0;
    jl_expr_t *e = (jl_expr_t *)s;
    if (e->head == jl_s_invoke) {
        jl_value_t *mi = jl_exprarg(e, 0);
        for (size_t k = 0; k < B->nfuncs; k++)
            if ((jl_value_t *)B->funcs[k].mi == mi && !B->funcs[k].failed)
                return B->funcs[k].needs_frame;
        return 1;
    }
    if (e->head == jl_s_call) {
        jl_value_t *f;
        if (!jl_infer_operand_const(jl_exprarg(e, 0), &f) || !jl_is_intrinsic(f))
            return 1;
        const char *nm = jl_builtin_name(f);
        return nm == NULL || strstr(nm, "div") != NULL || strstr(nm, "rem") != NULL ||
               strncmp(nm, "checked", 7) == 0 || strncmp(nm, "pointer", 7) == 0 || strcmp(nm, "cglobal") == 0;
    }
    if (e->head == jl_s_foreigncall)
        return jl_expr_nargs(e) < 1 || !libm_ccall(jl_exprarg(e, 0));
    return e->head == jl_s_new || e->head == jl_s_splatnew;
}

void jl_cg_mark_frames(jl_cg_batch_t *B)
{
    for (size_t k = 0; k < B->nfuncs; k++)
        B->funcs[k].needs_frame = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t k = 0; k < B->nfuncs; k++) {
            jl_cg_func_t *fn = &B->funcs[k];
            if (fn->failed || fn->needs_frame || !jl_is_code_info((jl_value_t *)fn->src))
                continue;
            for (size_t i = 0; i < jl_array_len(fn->src->code); i++)
                if (stmt_may_throw(B, fn->src, jl_array_ptr_ref(fn->src->code, i))) {
                    fn->needs_frame = changed = 1;
                    break;
                }
        }
    }
}

static void emit_return(jl_cg_ctx_t *c, jl_value_t *val)
{
    if (val == NULL) {
        LLVMBuildUnreachable(c->b);
        return;
    }
    jval_t v = emit_operand(c, val);
    if (bottom_val(v))
        return;
    jl_value_t *rt = c->rettype;
    if (rt == jl_bottom_type) {
        LLVMBuildUnreachable(c->b);
        return;
    }
    if (jl_cg_is_ghost(rt)) {
        emit_frame_pop(c);
        LLVMBuildRetVoid(c->b);
        return;
    }
    jval_t r = jl_cg_union_type(c->batch, rt) != NULL ? jl_cg_to_union(c, v, rt)
               : jl_cg_convert(c, v, jl_cg_is_unboxed(c->batch, rt) ? rt : (jl_value_t *)jl_any_type);
    emit_frame_pop(c);
    LLVMBuildRet(c->b, r.v);
}

static int terminated(jl_cg_ctx_t *c)
{
    LLVMBasicBlockRef bb = LLVMGetInsertBlock(c->b);
    return LLVMGetBasicBlockTerminator(bb) != NULL;
}

static void emit_stmt_body(jl_cg_ctx_t *c, size_t i, jl_value_t *s, jl_value_t *rt);

static void emit_stmt(jl_cg_ctx_t *c, size_t i)
{
    jl_value_t *s = jl_array_ptr_ref(c->src->code, i);
    jl_value_t *rt = stmt_type(c, i);
    c->cur_stmt = i;
    c->inl_active = 0;
    emit_stmt_body(c, i, s, rt);
    if (c->inl_active && !terminated(c))
        store_frame_field(c, c->frame, offsetof(jl_interp_frame_t, inlined), LLVMConstNull(c->T_ptr));
}

static void emit_stmt_body(jl_cg_ctx_t *c, size_t i, jl_value_t *s, jl_value_t *rt)
{
    if (jl_is_gotonode(s)) {
        intptr_t l = ((jl_gotonode_t *)s)->label;
        LLVMBuildBr(c->b, c->bbs[l - 1]);
        return;
    }
    if (jl_is_gotoifnot(s)) {
        jl_gotoifnot_t *g = (jl_gotoifnot_t *)s;
        LLVMValueRef cond = bool_cond(c, emit_operand(c, g->cond));
        if (i + 1 >= c->nstmts)
            jl_cg_fail(c, "conditional branch at the end");
        LLVMBuildCondBr(c->b, cond, c->bbs[i + 1], c->bbs[g->dest - 1]);
        return;
    }
    if (jl_is_returnnode(s)) {
        emit_return(c, ((jl_returnnode_t *)s)->val);
        return;
    }
    if (jl_is_newvarnode(s)) {
        jl_value_t *sl = ((jl_newvarnode_t *)s)->slot;
        if (jl_is_slotnumber(sl)) {
            size_t k = (size_t)((jl_slotnumber_t *)sl)->id - 1;
            if (k < c->nslots && c->slot_undef[k] && c->slot_ptr[k])
                set_slot_defined(c, k, 0);
        }
        return;
    }
    if (jl_is_linenode(s) || s == jl_nothing) {
        c->ssa[i] = jl_cg_const(c, jl_nothing);
        return;
    }
    jval_t v;
    if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_assign) {
        jl_value_t *lhs = jl_exprarg(s, 0), *rhs = jl_exprarg(s, 1);
        if (!jl_is_slotnumber(lhs))
            jl_cg_fail(c, "assignment to a global");
        v = jl_is_expr(rhs) ? emit_expr(c, i, (jl_expr_t *)rhs, rt) : emit_operand(c, rhs);
        if (bottom_val(v))
            return;
        size_t k = (size_t)((jl_slotnumber_t *)lhs)->id - 1;
        if (k >= c->nslots)
            jl_cg_fail(c, "bad slot");
        emit_slot_store(c, k, v);
    }
    else if (jl_is_expr(s)) {
        v = emit_expr(c, i, (jl_expr_t *)s, rt);
    }
    else {
        v = emit_operand(c, s);
    }
    if (bottom_val(v)) {
        c->ssa[i] = v;
        return;
    }
    jl_value_t *st = jl_array_ptr_ref((jl_array_t *)c->src->ssavaluetypes, i);
    if (st && jl_is_infer_const(st) && (v.boxed || v.v == NULL))
        v = jl_cg_const(c, jl_infer_const_val(st));
    else if (rt != jl_bottom_type && (v.boxed || v.tagged) && !jl_subtype(v.typ, rt) && jl_subtype(rt, v.typ))
        v = jl_cg_convert(c, v, rt); /* inference knows more (e.g. a refined union slot) */
    c->ssa[i] = v;
}

/* ---------------------------------------------------------------- blocks and slots */

static void find_blocks(jl_cg_ctx_t *c)
{
    size_t n = c->nstmts;
    uint8_t *start = (uint8_t *)calloc(n + 1, 1);
    start[0] = 1;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *s = jl_array_ptr_ref(c->src->code, i);
        if (jl_is_gotonode(s)) {
            intptr_t l = ((jl_gotonode_t *)s)->label;
            if (l < 1 || (size_t)l > n)
                jl_cg_fail(c, "bad goto");
            start[l - 1] = start[i + 1] = 1;
        }
        else if (jl_is_gotoifnot(s)) {
            intptr_t l = ((jl_gotoifnot_t *)s)->dest;
            if (l < 1 || (size_t)l > n)
                jl_cg_fail(c, "bad goto");
            start[l - 1] = start[i + 1] = 1;
        }
        else if (jl_is_returnnode(s)) {
            start[i + 1] = 1;
        }
        else if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_enter) {
            intptr_t l = jl_unbox_int64(jl_exprarg(s, 0));
            if (l < 1 || (size_t)l > n)
                jl_cg_fail(c, "bad enter");
            start[l - 1] = start[i + 1] = 1;
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (start[i]) {
            char nm[24];
            snprintf(nm, sizeof(nm), "L%zu", i + 1);
            c->bbs[i] = LLVMAppendBasicBlockInContext(c->ctx, c->f, nm);
        }
    }
    free(start);
}

static void setup_slots(jl_cg_ctx_t *c)
{
    jl_value_t *stv = c->src->slottypes;
    jl_array_t *st = stv && jl_is_array(stv) ? (jl_array_t *)stv : NULL;
    jl_array_t *flags = c->src->slotflags;
    jl_method_t *m = (jl_method_t *)c->mi->def;
    jl_svec_t *ps = ((jl_datatype_t *)c->mi->specTypes)->parameters;
    for (size_t k = 0; k < c->nslots; k++) {
        jl_value_t *t = st && k < jl_array_len(st) ? jl_array_ptr_ref(st, k) : NULL;
        if (t == NULL)
            t = (jl_value_t *)jl_any_type;
        if (k < (size_t)m->nargs && !(m->isva && k == (size_t)m->nargs - 1)) {
            jl_value_t *at = jl_svecref(ps, k);
            if (jl_subtype(t, at))
                t = at;
        }
        uint8_t fl = flags && k < jl_array_len(flags) ? ((uint8_t *)jl_array_data(flags))[k] : 0;
        c->slot_typ[k] = t;
        c->slot_undef[k] = (fl & JL_SLOT_USEDUNDEF) != 0 && k >= (size_t)m->nargs;
        if (t == jl_bottom_type && !c->slot_undef[k])
            continue;
        if (jl_cg_is_ghost(t) && !c->slot_undef[k])
            continue;
        /* a maybe-undefined ghost or never-assigned slot is a box, NULL while undefined; other
           maybe-undefined slots keep their representation beside a defined flag */
        int nobits = t == jl_bottom_type || jl_cg_is_ghost(t);
        LLVMTypeRef ty = nobits ? NULL : jl_llvm_type(c->batch, t);
        if (ty == NULL && !nobits)
            ty = jl_cg_union_type(c->batch, t);
        c->slot_boxed[k] = ty == NULL;
        c->slot_ptr[k] = LLVMBuildAlloca(c->b, ty ? ty : c->T_ptr, "");
        if (c->slot_boxed[k])
            LLVMBuildStore(c->b, LLVMConstNull(c->T_ptr), c->slot_ptr[k]);
        else if (c->slot_undef[k]) {
            c->slot_def[k] = LLVMBuildAlloca(c->b, c->T_i8, "");
            LLVMBuildStore(c->b, LLVMConstInt(c->T_i8, 0, 0), c->slot_def[k]);
        }
    }
}

static jval_t param_val(jl_cg_ctx_t *c, jl_value_t *t, unsigned *p)
{
    if (jl_cg_is_ghost(t))
        return jl_cg_ghost(t);
    if (jl_cg_is_unboxed(c->batch, t))
        return jl_cg_unboxed(t, LLVMGetParam(c->f, (*p)++));
    return jl_cg_boxedval(t, LLVMGetParam(c->f, (*p)++));
}

/* the vararg tuple from the trailing parameters ps[k..n-1]: built in place when its type is concrete
   (unboxed when isbits), else by `tuple` (a Type{X} element makes the runtime type Tuple{DataType}) */
static jval_t pack_varargs(jl_cg_ctx_t *c, jl_svec_t *ps, size_t k, unsigned *p)
{
    size_t n = jl_svec_len(ps), nv = n - k;
    jval_t vals[nv ? nv : 1];
    for (size_t i = 0; i < nv; i++)
        vals[i] = param_val(c, jl_svecref(ps, k + i), p);
    jl_value_t *tt = (jl_value_t *)jl_apply_tuple_type_v(jl_svec_data(ps) + k, nv);
    if (jl_is_concrete_type(tt))
        return emit_new_fields(c, (jl_datatype_t *)tt, vals, nv);
    return emit_builtin_fptr(c, jl_builtin_tuple, vals, nv, c->slot_typ[k]);
}

static void store_args(jl_cg_ctx_t *c)
{
    jl_method_t *m = (jl_method_t *)c->mi->def;
    jl_svec_t *ps = ((jl_datatype_t *)c->mi->specTypes)->parameters;
    unsigned p = 0;
    for (size_t k = 0; k < (size_t)m->nargs; k++) {
        jval_t v;
        if (m->isva && k == (size_t)m->nargs - 1)
            v = pack_varargs(c, ps, k, &p);
        else
            v = param_val(c, jl_svecref(ps, k), &p);
        if (k == 0 && v.v != NULL)
            c->self = v.v;
        if (k < c->nslots)
            emit_slot_store(c, k, v);
    }
}

/* The bytes of an object of concrete type t that are certainly there (its fixed part), or 0. */
static size_t object_extent(jl_value_t *t)
{
    if (!jl_is_datatype(t) || !jl_is_concrete_type(t))
        return 0;
    jl_datatype_t *dt = (jl_datatype_t *)t;
    if (dt->name == jl_array_typename) {
        jl_value_t *N = jl_svecref(dt->parameters, 1);
        return jl_is_int64(N) && jl_unbox_int64(N) >= 1 && jl_unbox_int64(N) <= 8
                   ? offsetof(jl_array_t, dims) + (size_t)jl_unbox_int64(N) * sizeof(size_t) : 0;
    }
    return dt->layout != NULL && dt != jl_string_type && dt != jl_simplevector_type ? dt->layout->size : 0;
}

/* Parameter attributes: signext/zeroext on integers, as Julia's ABI shows in code_llvm; a boxed
   argument of a concrete type points to a whole object (nonnull, dereferenceable, 8-byte aligned), so LLVM may load
   from it before a branch, e.g. an array's data pointer out of a loop with a bounds check. */
static void add_param_attrs(jl_cg_ctx_t *c)
{
    jl_svec_t *ps = ((jl_datatype_t *)c->mi->specTypes)->parameters;
    unsigned p = 0;
    unsigned sext = LLVMGetEnumAttributeKindForName("signext", 7);
    unsigned zext = LLVMGetEnumAttributeKindForName("zeroext", 7);
    unsigned nonnull = LLVMGetEnumAttributeKindForName("nonnull", 7);
    unsigned deref = LLVMGetEnumAttributeKindForName("dereferenceable", 15);
    unsigned align = LLVMGetEnumAttributeKindForName("align", 5);
    for (size_t k = 0; k < jl_svec_len(ps); k++) {
        jl_value_t *t = jl_svecref(ps, k);
        if (jl_cg_is_ghost(t))
            continue;
        p++;
        size_t extent = object_extent(t);
        if (extent > 0 && !jl_cg_is_unboxed(c->batch, t) && p <= LLVMCountParams(c->f) &&
            LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(c->f, p - 1))) == LLVMPointerTypeKind) {
            LLVMAddAttributeAtIndex(c->f, p, LLVMCreateEnumAttribute(c->ctx, nonnull, 0));
            LLVMAddAttributeAtIndex(c->f, p, LLVMCreateEnumAttribute(c->ctx, deref, extent));
            LLVMAddAttributeAtIndex(c->f, p, LLVMCreateEnumAttribute(c->ctx, align, 8));
        }
        if (!jl_cg_is_unboxed(c->batch, t) || !((jl_datatype_t *)t)->isprimitivetype)
            continue;
        LLVMTypeRef ty = jl_llvm_type(c->batch, t);
        if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ty) > 64)
            continue;
        int issigned = jl_subtype(t, (jl_value_t *)jl_signed_type);
        LLVMAddAttributeAtIndex(c->f, p, LLVMCreateEnumAttribute(c->ctx, issigned ? sext : zext, 0));
    }
}

static void init_types(jl_cg_ctx_t *c)
{
    c->T_ptr = LLVMPointerTypeInContext(c->ctx, 0);
    c->T_i1 = LLVMInt1TypeInContext(c->ctx);
    c->T_i8 = LLVMInt8TypeInContext(c->ctx);
    c->T_i16 = LLVMInt16TypeInContext(c->ctx);
    c->T_i32 = LLVMInt32TypeInContext(c->ctx);
    c->T_i64 = LLVMInt64TypeInContext(c->ctx);
    c->T_f64 = LLVMDoubleTypeInContext(c->ctx);
    c->T_void = LLVMVoidTypeInContext(c->ctx);
}

static int has_enter(jl_code_info_t *src)
{
    for (size_t i = 0; i < jl_array_len(src->code); i++) {
        jl_value_t *s = jl_array_ptr_ref(src->code, i);
        if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_enter)
            return 1;
    }
    return 0;
}

/* Deep recursion must raise StackOverflowError, not hit the guard page: compare the frame address
   with the runtime's jl_stack_limit at entry (a load, a compare and a cold branch). */
static void emit_stack_check(jl_cg_ctx_t *c)
{
    LLVMValueRef lim = runtime_global(c, "jl_stack_limit", c->T_ptr);
    unsigned id = LLVMLookupIntrinsicID("llvm.frameaddress", 17);
    LLVMTypeRef pt = c->T_ptr;
    LLVMValueRef fa_fn = LLVMGetIntrinsicDeclaration(c->m, id, &pt, 1);
    LLVMValueRef zero = LLVMConstInt(c->T_i32, 0, 0);
    LLVMValueRef fa = LLVMBuildCall2(c->b, LLVMIntrinsicGetType(c->ctx, id, &pt, 1), fa_fn, &zero, 1, "");
    LLVMValueRef limit = LLVMBuildLoad2(c->b, c->T_ptr, lim, "");
    LLVMValueRef low = LLVMBuildICmp(c->b, LLVMIntULT, fa, limit, "");
    jl_cg_throw_if(c, low, "jl_throw_stack_overflow", NULL, 0);
}

static void emit_body(jl_cg_ctx_t *c)
{
    c->has_try = has_enter(c->src);
    LLVMBasicBlockRef top = LLVMAppendBasicBlockInContext(c->ctx, c->f, "top");
    LLVMPositionBuilderAtEnd(c->b, top);
    setup_slots(c);
    if (c->f == c->fn->spec) /* a recursion copy is inlined into a frame that made the check */
        emit_stack_check(c);
    if (c->fn->needs_frame) {
        map_lowered_ips(c);
        emit_frame_prologue(c);
    }
    store_args(c);
    find_blocks(c);
    LLVMBuildBr(c->b, c->bbs[0]);
    for (size_t i = 0; i < c->nstmts; i++) {
        if (c->bbs[i] != NULL) {
            if (!terminated(c))
                LLVMBuildBr(c->b, c->bbs[i]);
            LLVMPositionBuilderAtEnd(c->b, c->bbs[i]);
        }
        else if (terminated(c)) {
            /* dead code after a terminator inside a block (e.g. after a Union{} call) */
            LLVMBasicBlockRef dead = LLVMAppendBasicBlockInContext(c->ctx, c->f, "dead");
            LLVMPositionBuilderAtEnd(c->b, dead);
        }
        emit_stmt(c, i);
    }
    if (!terminated(c))
        LLVMBuildUnreachable(c->b);
    finish_frame(c);
}

/* the body of fn into the LLVM function f (spec or a recursion copy), its self-calls going to self_call */
static int emit_function_into(jl_cg_batch_t *B, jl_cg_func_t *fn, LLVMValueRef f, LLVMValueRef self_call,
                              char *reason, size_t rsz)
{
    jl_cg_ctx_t *c = (jl_cg_ctx_t *)calloc(1, sizeof(jl_cg_ctx_t));
    c->batch = B;
    c->fn = fn;
    c->mi = fn->mi;
    c->src = fn->src;
    c->ctx = B->ctx;
    c->m = B->m;
    c->f = f;
    c->self_call = self_call;
    c->rettype = jl_cg_spec_rettype(fn->ci);
    init_types(c);
    c->nstmts = jl_array_len(c->src->code);
    c->nslots = jl_array_len(c->src->slotnames);
    c->bbs = (LLVMBasicBlockRef *)calloc(c->nstmts + 1, sizeof(LLVMBasicBlockRef));
    c->ssa = (jval_t *)calloc(c->nstmts + 1, sizeof(jval_t));
    c->slot_ptr = (LLVMValueRef *)calloc(c->nslots + 1, sizeof(LLVMValueRef));
    c->slot_typ = (jl_value_t **)calloc(c->nslots + 1, sizeof(jl_value_t *));
    c->slot_boxed = (uint8_t *)calloc(c->nslots + 1, 1);
    c->slot_undef = (uint8_t *)calloc(c->nslots + 1, 1);
    c->slot_def = (LLVMValueRef *)calloc(c->nslots + 1, sizeof(LLVMValueRef));
    c->handlers = (LLVMValueRef *)calloc(c->nstmts + 1, sizeof(LLVMValueRef));
    c->b = LLVMCreateBuilderInContext(c->ctx);
    int ok;
    if (setjmp(c->fail_jmp) == 0) {
        if (c->nstmts == 0 || !jl_is_array(c->src->ssavaluetypes))
            jl_cg_fail(c, "no code");
        add_param_attrs(c);
        emit_body(c);
        ok = 1;
    }
    else {
        ok = 0;
        snprintf(reason, rsz, "%s", c->fail_reason);
    }
    LLVMDisposeBuilder(c->b);
    free(c->bbs);
    free(c->ssa);
    free(c->slot_ptr);
    free(c->slot_typ);
    free(c->slot_boxed);
    free(c->slot_undef);
    free(c->slot_def);
    free(c->handlers);
    free(c->lowered_ip);
    free(c->pops);
    free(c->colds);
    free(c);
    return ok ? 0 : -1;
}

/* Emit fn's specialized body into its (already declared) function, and into each recursion copy.
   0 on success; otherwise `reason` says why (the caller drops the function and re-emits the batch). */
int jl_cg_emit_function(jl_cg_batch_t *B, jl_cg_func_t *fn, char *reason, size_t rsz)
{
    LLVMValueRef chain[JL_CG_REC_COPIES + 1];
    chain[0] = fn->spec;
    for (int k = 0; k < fn->nrec; k++)
        chain[k + 1] = fn->rec[k];
    for (int k = 0; k <= fn->nrec; k++)
        if (emit_function_into(B, fn, chain[k], chain[(k + 1) % (fn->nrec + 1)], reason, rsz) != 0)
            return -1;
    return 0;
}

static int calls_itself(jl_cg_func_t *fn)
{
    jl_array_t *code = fn->src->code;
    for (size_t i = 0; i < jl_array_len(code); i++) {
        jl_value_t *s = jl_array_ptr_ref(code, i);
        if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_assign)
            s = jl_exprarg(s, 1);
        if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_invoke && jl_exprarg(s, 0) == (jl_value_t *)fn->mi)
            return 1;
    }
    return 0;
}

void jl_cg_declare_recursion_copies(jl_cg_batch_t *B, jl_cg_func_t *fn)
{
    fn->nrec = 0;
    if (fn->needs_frame || has_enter(fn->src) || fn->src->inlining_cost > JL_INFER_INLINE_COST ||
        !calls_itself(fn))
        return;
    unsigned kind = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
    for (int k = 0; k < JL_CG_REC_COPIES; k++) {
        char name[200];
        snprintf(name, sizeof(name), "%s.rec%d", fn->name, k + 1);
        LLVMValueRef f = LLVMAddFunction(B->m, name, fn->spec_ty);
        LLVMSetLinkage(f, LLVMInternalLinkage);
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(B->ctx, kind, 0));
        fn->rec[fn->nrec++] = f;
    }
}
