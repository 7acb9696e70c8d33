/* test_infer.c -- type inference and the optimizer (codegen/infer.c, optimize.c, infer_print.c):
   return and statement types over the lattice, recursion, unions, globals, constants, struct fields,
   caching and invalidation, the optimized IR's shape (invokes, inlining, folding) and the code_typed
   display. Functions are written with Core intrinsics so the tests do not need Base. */
#include <string.h>
#include <stdlib.h>
#include "testutil.h"
#include "gf.h"
#include "../../codegen/infer.h"

TestSuite(infer, .init = jl_test_init);

static jl_value_t *ev(const char *s)
{
    jl_value_t *v = jl_eval_string(s);
    cr_assert(v != NULL, "eval failed: %s: %s", s, jl_exception_message(jl_current_exception()));
    return v;
}

static jl_method_instance_t *mi_of(const char *f, const char *types)
{
    jl_method_instance_t *mi = jl_infer_lookup_mi(ev(f), ev(types));
    cr_assert(mi != NULL, "no method instance for %s%s", f, types);
    return mi;
}

static jl_code_info_t *typed(const char *f, const char *types, int optimize, jl_value_t **rt)
{
    jl_code_info_t *ci = jl_infer_code_typed(mi_of(f, types), optimize, rt);
    cr_assert(ci != NULL);
    return ci;
}

static jl_value_t *rettype(const char *f, const char *types)
{
    jl_value_t *rt;
    typed(f, types, 0, &rt);
    return jl_widenconst(rt);
}

static int count_head(jl_code_info_t *ci, jl_sym_t *h)
{
    int n = 0;
    for (size_t i = 0; i < jl_array_len(ci->code); i++) {
        jl_value_t *s = jl_array_ptr_ref(ci->code, i);
        if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_assign)
            s = jl_exprarg(s, 1);
        if (jl_is_expr(s) && ((jl_expr_t *)s)->head == h)
            n++;
    }
    return n;
}

#define I "Core.Intrinsics."

/* what lowering records for @noinline (Base's macro is not needed for the mechanism) */
static void set_noinline(const char *f)
{
    jl_array_t *ms = (jl_array_t *)jl_methods_of(ev(f));
    for (size_t i = 0; i < jl_array_len(ms); i++) {
        jl_method_t *m = (jl_method_t *)jl_array_ptr_ref(ms, i);
        jl_code_info_t *src = jl_uncompress_ir(m, (jl_array_t *)m->source);
        src->inlining = 2;
        m->source = (jl_value_t *)jl_compress_ir(m, src); /* the stored code changes: a new blob */
    }
}

Test(infer, intrinsic_arithmetic)
{
    ev("inf_f1(x) = " I "add_int(x, 1)");
    cr_expect_eq(rettype("inf_f1", "Tuple{Int64}"), (jl_value_t *)jl_int64_type);
    cr_expect_eq(rettype("inf_f1", "Tuple{Int32}"), (jl_value_t *)jl_int32_type);
    ev("inf_f2(x) = " I "lt_float(x, 1.0)");
    cr_expect_eq(rettype("inf_f2", "Tuple{Float64}"), (jl_value_t *)jl_bool_type);
    ev("inf_f3(x) = " I "sitofp(Float64, x)");
    cr_expect_eq(rettype("inf_f3", "Tuple{Int64}"), (jl_value_t *)jl_float64_type);
    ev("inf_f4(x) = " I "checked_sadd_int(x, x)");
    cr_expect(jl_types_equal(rettype("inf_f4", "Tuple{Int64}"), ev("Tuple{Int64, Bool}")));
}

Test(infer, fib_recursion)
{
    ev("function inf_fib(n) ; if " I "slt_int(n, 2); return n; end; " I "add_int(inf_fib(" I
       "sub_int(n, 1)), inf_fib(" I "sub_int(n, 2))) end");
    jl_value_t *rt;
    jl_code_info_t *ci = typed("inf_fib", "Tuple{Int64}", 1, &rt);
    cr_expect_eq(jl_widenconst(rt), (jl_value_t *)jl_int64_type);
    /* every statement has a concrete type; the recursive calls are direct invokes, no dynamic call
       to a generic function remains */
    cr_expect_eq(count_head(ci, jl_s_invoke), 2);
    for (size_t i = 0; i < jl_array_len(ci->code); i++) {
        jl_value_t *s = jl_array_ptr_ref(ci->code, i), *f;
        if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_call)
            cr_expect(jl_infer_operand_const(jl_exprarg(s, 0), &f) && jl_subtype(jl_typeof(f), (jl_value_t *)jl_builtin_type),
                      "statement %zu is a dynamic call", i + 1);
    }
    /* mutual recursion */
    ev("inf_even(n) = " I "slt_int(n, 1) ? true : inf_odd(" I "sub_int(n, 1))");
    ev("inf_odd(n) = " I "slt_int(n, 1) ? false : inf_even(" I "sub_int(n, 1))");
    cr_expect_eq(rettype("inf_even", "Tuple{Int64}"), (jl_value_t *)jl_bool_type);
    /* a function that never returns */
    ev("inf_loop(n) = inf_loop(n)");
    cr_expect_eq(rettype("inf_loop", "Tuple{Int64}"), jl_bottom_type);
}

Test(infer, loops_and_slots)
{
    ev("function inf_sum(n) ; s = 0; i = 0; while " I "slt_int(i, n); s = " I "add_int(s, i); i = " I
       "add_int(i, 1); end; s end");
    jl_value_t *rt;
    jl_code_info_t *ci = typed("inf_sum", "Tuple{Int64}", 0, &rt);
    cr_expect_eq(jl_widenconst(rt), (jl_value_t *)jl_int64_type);
    jl_array_t *st = (jl_array_t *)ci->slottypes;
    for (size_t i = 1; i < jl_array_len(st); i++)
        cr_expect_eq(jl_array_ptr_ref(st, i), (jl_value_t *)jl_int64_type, "slot %zu", i + 1);
    /* a slot that changes type in the loop: Int64 then Float64 */
    ev("function inf_mix(n) ; s = 0; i = 0; while " I "slt_int(i, n); s = " I "sitofp(Float64, i); i = " I
       "add_int(i, 1); end; s end");
    cr_expect(jl_types_equal(rettype("inf_mix", "Tuple{Int64}"), ev("Union{Int64, Float64}")));
}

Test(infer, unions_and_isa_refinement)
{
    ev("inf_u(x) = x ? 1 : 2.0");
    cr_expect(jl_types_equal(rettype("inf_u", "Tuple{Bool}"), ev("Union{Int64, Float64}")));
    ev("inf_r(x) = (y = inf_u(x); y isa Int64 ? " I "add_int(y, 1) : " I "add_float(y, 1.0))");
    cr_expect(jl_types_equal(rettype("inf_r", "Tuple{Bool}"), ev("Union{Int64, Float64}")));
    /* many members widen instead of growing without bound */
    ev("inf_many(n) = n === 1 ? 1 : n === 2 ? 1.0 : n === 3 ? 0x01 : n === 4 ? Int32(1) : n === 5 ? 'c' : :s");
    jl_value_t *t = rettype("inf_many", "Tuple{Int64}");
    cr_expect(!jl_is_uniontype(t) || jl_subtype(ev("Union{Int64,Float64,UInt8,Int32,Char,Symbol}"), t));
}

Test(infer, globals_and_constants)
{
    ev("inf_G = 1");
    ev("const inf_C = 7");
    ev("global inf_T::Float64 = 2.0");
    ev("inf_g() = inf_G");
    ev("inf_c() = " I "add_int(inf_C, 1)");
    ev("inf_t() = inf_T");
    cr_expect_eq(rettype("inf_g", "Tuple{}"), (jl_value_t *)jl_any_type);
    cr_expect_eq(rettype("inf_t", "Tuple{}"), (jl_value_t *)jl_float64_type);
    jl_value_t *rt;
    jl_code_info_t *ci = typed("inf_c", "Tuple{}", 1, &rt);
    cr_expect(jl_is_infer_const(rt) && jl_unbox_int64(jl_infer_const_val(rt)) == 8);
    /* folded to `return 8` */
    cr_expect_eq(jl_array_len(ci->code), 1);
    jl_value_t *r = jl_array_ptr_ref(ci->code, 0);
    cr_expect(jl_is_returnnode(r) && jl_is_int64(((jl_returnnode_t *)r)->val));
}

Test(infer, struct_fields_and_builtins)
{
    ev("struct InfP; x::Int64; y::Float64; end");
    ev("inf_gx(p) = p.x");
    ev("inf_gy(p) = Core.getfield(p, :y)");
    ev("inf_new(a) = InfP(a, 1.0)");
    ev("inf_tup(a) = Core.tuple(a, 1.0)");
    ev("inf_tget(a) = Core.getfield(Core.tuple(a, 1.0), 2)");
    ev("inf_isa(a) = a isa Integer");
    ev("inf_ty(a) = Core.typeof(a)");
    /* p.x lowers to Base.getproperty: only check it when Base is there */
    if (jl_base_module && jl_boundp(jl_base_module, jl_symbol("getproperty")))
        cr_expect_eq(rettype("inf_gx", "Tuple{InfP}"), (jl_value_t *)jl_int64_type);
    cr_expect_eq(rettype("inf_gy", "Tuple{InfP}"), (jl_value_t *)jl_float64_type);
    cr_expect_eq(rettype("inf_new", "Tuple{Int64}"), ev("InfP"));
    cr_expect_eq(rettype("inf_tup", "Tuple{Int64}"), ev("Tuple{Int64, Float64}"));
    cr_expect_eq(rettype("inf_tget", "Tuple{Int64}"), (jl_value_t *)jl_float64_type);
    jl_value_t *rt;
    typed("inf_isa", "Tuple{Int64}", 0, &rt);
    cr_expect(jl_is_infer_const(rt) && jl_infer_const_val(rt) == jl_true);
    typed("inf_ty", "Tuple{Int64}", 0, &rt);
    cr_expect(jl_is_infer_const(rt) && jl_infer_const_val(rt) == (jl_value_t *)jl_int64_type);
}

Test(infer, inlining_and_folding)
{
    ev("inf_h(x) = " I "add_int(x, 1)");
    ev("inf_k(x) = " I "mul_int(inf_h(x), 2)");
    jl_value_t *rt;
    jl_code_info_t *ci = typed("inf_k", "Tuple{Int64}", 1, &rt);
    cr_expect_eq(jl_widenconst(rt), (jl_value_t *)jl_int64_type);
    cr_expect_eq(count_head(ci, jl_s_invoke), 0, "inf_h is inlined");
    char *s = jl_code_typed_str(ev("inf_k"), ev("Tuple{Int64}"), 1);
    cr_assert(s);
    cr_expect(strstr(s, "Core.Intrinsics.add_int(x, 1)::Int64") != NULL, "%s", s);
    cr_expect(strstr(s, "Core.Intrinsics.mul_int(%1, 2)::Int64") != NULL, "%s", s);
    free(s);
    /* @noinline keeps the call as an invoke */
    ev("inf_hn(x) = " I "add_int(x, 1)");
    set_noinline("inf_hn");
    ev("inf_kn(x) = " I "mul_int(inf_hn(x), 2)");
    ci = typed("inf_kn", "Tuple{Int64}", 1, &rt);
    cr_expect_eq(count_head(ci, jl_s_invoke), 1);
    /* constant branches are pruned */
    ev("inf_br(x) = " I "slt_int(1, 2) ? x : " I "add_int(x, 1)");
    ci = typed("inf_br", "Tuple{Int64}", 1, &rt);
    cr_expect_eq(jl_array_len(ci->code), 1, "only `return x` is left");
}

Test(infer, display_format)
{
    ev("inf_d(x) = " I "add_int(x, 1)");
    char *s = jl_code_typed_str(ev("inf_d"), ev("Tuple{Int64}"), 1);
    cr_assert(s);
    cr_expect_str_eq(s, "CodeInfo(\n1 ─ %1 = Core.Intrinsics.add_int(x, 1)::Int64\n└──      return %1\n) => Int64");
    free(s);
    ev("inf_w(x) = x ? 1 : 2.0");
    s = jl_code_warntype_str(ev("inf_w"), ev("Tuple{Bool}"), 0);
    cr_assert(s);
    cr_expect(strstr(s, "MethodInstance for inf_w(::Bool)\n") == s, "%s", s);
    /* without color Julia emphasizes a non-concrete type in upper case */
    cr_expect(strstr(s, "Body::UNION{FLOAT64, INT64}") != NULL || strstr(s, "Body::UNION{INT64, FLOAT64}") != NULL, "%s", s);
    free(s);
    s = jl_code_warntype_str(ev("inf_w"), ev("Tuple{Bool}"), 1);
    cr_expect(strstr(s, "\033[33m") != NULL, "a small union is highlighted");
    free(s);
}

Test(infer, cache_and_invalidation)
{
    ev("inf_callee(x) = " I "add_int(x, 1)");
    ev("inf_caller(x) = inf_callee(x)");
    set_noinline("inf_callee");
    jl_method_instance_t *mi = mi_of("inf_caller", "Tuple{Int64}");
    jl_code_instance_t *ci = jl_infer_and_optimize(mi);
    cr_assert(ci != NULL);
    cr_expect_eq(ci->rettype, (jl_value_t *)jl_int64_type);
    cr_expect(jl_is_code_info(ci->inferred) && ((jl_code_info_t *)ci->inferred)->inferred);
    cr_expect_eq(jl_infer_and_optimize(mi), ci, "cached");
    /* redefining the callee invalidates the caller's result */
    ev("inf_callee(x) = " I "sitofp(Float64, x)");
    cr_expect(ci->max_world != JL_WORLD_MAX, "stale result dropped");
    jl_code_instance_t *ci2 = jl_infer_and_optimize(mi);
    cr_assert(ci2 != NULL && ci2 != ci);
    cr_expect_eq(ci2->rettype, (jl_value_t *)jl_float64_type);
    /* the interpreter still runs it */
    jl_value_t *r = ev("inf_caller(3)");
    cr_expect(jl_is_float64(r) && jl_unbox_float64(r) == 3.0);
}

Test(infer, exceptions)
{
    ev("function inf_try(x) ; try ; " I "add_int(x, 1) ; catch e ; 2.0 ; end ; end");
    jl_value_t *t = rettype("inf_try", "Tuple{Int64}");
    cr_expect(jl_subtype(ev("Union{Int64, Float64}"), t), "both paths reach the return");
    ev("inf_throw(x) = Core.throw(x)");
    cr_expect_eq(rettype("inf_throw", "Tuple{Int64}"), jl_bottom_type);
}

Test(infer, varargs_sparams_closures)
{
    ev("inf_va(x, ys...) = Core.getfield(ys, 1)");
    ev("inf_sp(x::T) where {T} = T");
    ev("inf_cl(x) = (y -> " I "add_int(x, y))(2)");
    ev("inf_all(x) = (inf_va(x, 2.0, 3), inf_sp(x), inf_cl(x))");
    cr_expect_eq(rettype("inf_va", "Tuple{Int64, Float64, Int64}"), (jl_value_t *)jl_float64_type);
    jl_value_t *rt;
    typed("inf_sp", "Tuple{Int64}", 0, &rt);
    cr_expect(jl_is_infer_const(rt) && jl_infer_const_val(rt) == (jl_value_t *)jl_int64_type);
    cr_expect_eq(rettype("inf_cl", "Tuple{Int64}"), (jl_value_t *)jl_int64_type);
    jl_code_info_t *ci = typed("inf_all", "Tuple{Int64}", 1, &rt);
    cr_expect(jl_types_equal(jl_widenconst(rt), ev("Tuple{Float64, DataType, Int64}")));
    cr_expect_eq(count_head(ci, jl_s_invoke), 0, "all three callees are inlined");
    /* an abstract argument: the matching methods' results are joined */
    ev("inf_m(x::Int64) = 1; inf_m(x::Float64) = 2.0");
    ev("inf_am(x) = inf_m(Core.typeassert(x, Union{Int64, Float64}))");
    cr_expect(jl_types_equal(rettype("inf_am", "Tuple{Any}"), ev("Union{Int64, Float64}")));
}
