/* test_gf.c -- generic functions and dispatch (src/gf.c): method tables, most specific method,
   ambiguities, redefinition and invalidation, Type{T} and constructor dispatch, callable objects,
   varargs, static parameters, invoke/applicable, the allocation-free cache hit, MethodError text.
   Methods are implemented in C (jl_new_native_method), so these tests need no interpreter. */
#include "typeexpr.h"
#include "gf.h"

TestSuite(gf, .init = jl_test_init);

static jl_module_t *testmod(void)
{
    static jl_module_t *m;
    if (m == NULL) {
        m = jl_new_module(jl_symbol("GFTest"), jl_main_module);
        jl_module_using(m, jl_core_module);
    }
    return m;
}

/* C bodies: each returns a distinct small Int (boxes from the cache: no allocation) */
#define BODY(n) \
    static jl_value_t *body##n(jl_value_t *F, jl_value_t **args, uint32_t nargs) { return jl_box_int64(n); }
BODY(1) BODY(2) BODY(3) BODY(4) BODY(5) BODY(10)

static jl_value_t *body_nargs(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return jl_box_int64((int64_t)nargs);
}

/* a fresh generic function `name` in the test module, bound as F for signatures */
static jl_value_t *newfunc(const char *name)
{
    jl_value_t *f = jl_generic_function_def(jl_symbol(name), testmod());
    te_bind("F", jl_typeof(f));
    return f;
}

static jl_method_t *def(const char *sig, jl_fptr_args_t fp)
{
    return jl_new_native_method(NULL, T(sig), fp, testmod(), NULL);
}

static int64_t call(jl_value_t *f, int n, ...)
{
    jl_value_t *args[8];
    args[0] = f;
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        args[i + 1] = va_arg(ap, jl_value_t *);
    va_end(ap);
    jl_value_t *r = jl_apply(args, (uint32_t)n + 1);
    return jl_unbox_int64(r);
}

/* the MethodError text of a failing call, or NULL if it did not fail */
static const char *call_error(jl_value_t *f, int n, jl_value_t **a)
{
    jl_value_t *args[8];
    args[0] = f;
    for (int i = 0; i < n; i++)
        args[i + 1] = a[i];
    const char *volatile msg = NULL;
    JL_TRY {
        jl_apply(args, (uint32_t)n + 1);
    }
    JL_CATCH {
        jl_value_t *e = jl_current_exception();
        cr_assert_eq(jl_typeof(e), (jl_value_t *)jl_methoderror_type, "a MethodError");
        msg = jl_methoderror_message(e);
    }
    return msg;
}

Test(gf, function_objects)
{
    jl_value_t *f = newfunc("fobj");
    jl_datatype_t *ft = (jl_datatype_t *)jl_typeof(f);
    cr_expect_str_eq(jl_symbol_name(ft->name->name), "#fobj");
    cr_expect_eq(ft->super, jl_function_type);
    cr_expect(ft->isconcretetype);
    cr_expect_eq(ft->instance, f);
    cr_assert_not_null(ft->name->mt);
    cr_expect_str_eq(jl_symbol_name(ft->name->mt->name), "fobj");
    cr_expect_eq(jl_get_global(testmod(), jl_symbol("fobj")), f);
    cr_expect_eq(jl_generic_function_def(jl_symbol("fobj"), testmod()), f, "function f end reuses f");
    cr_expect_not_null(jl_get_global(jl_core_module, jl_symbol("kwcall")));
}

Test(gf, most_specific_method_wins)
{
    jl_value_t *f = newfunc("fspec");
    def("Tuple{F, Any}", body3);
    def("Tuple{F, Int64}", body1);
    def("Tuple{F, Integer}", body2);
    def("Tuple{F, Union{String, Float64}}", body4);
    cr_expect_eq(call(f, 1, jl_box_int64(5)), 1);
    cr_expect_eq(call(f, 1, jl_box_int8(5)), 2);
    cr_expect_eq(call(f, 1, jl_nothing), 3);
    cr_expect_eq(call(f, 1, jl_cstr_to_string("s")), 4);
    cr_expect_eq(call(f, 1, jl_box_float64(1.0)), 4);
    cr_expect_eq(call(f, 1, jl_box_int64(5)), 1, "again, from the cache");
    cr_expect_eq(jl_array_len(((jl_datatype_t *)jl_typeof(f))->name->mt->defs), 4);
}

Test(gf, arity_and_varargs)
{
    jl_value_t *f = newfunc("fva");
    def("Tuple{F}", body1);
    def("Tuple{F, Int64, Vararg{Int64}}", body_nargs);
    def("Tuple{F, Int64}", body5);
    def("Tuple{F, Vararg{Any}}", body10);
    cr_expect_eq(call(f, 0), 1);
    cr_expect_eq(call(f, 1, jl_box_int64(1)), 5, "non-vararg beats vararg");
    cr_expect_eq(call(f, 2, jl_box_int64(1), jl_box_int64(2)), 2);
    cr_expect_eq(call(f, 3, jl_box_int64(1), jl_box_int64(2), jl_box_int64(3)), 3);
    cr_expect_eq(call(f, 2, jl_box_int64(1), jl_nothing), 10);
    jl_value_t *g = newfunc("fva2");
    def("Tuple{F, Int64}", body1);
    jl_value_t *a[2] = {jl_box_int64(1), jl_box_int64(2)};
    cr_expect_str_eq(call_error(g, 2, a), "MethodError: no method matching fva2(::Int64, ::Int64)");
    cr_expect_str_eq(call_error(g, 0, a), "MethodError: no method matching fva2()");
}

Test(gf, parametric_methods_and_static_parameters)
{
    jl_value_t *f = newfunc("fparam");
    def("Tuple{F, Vector{T}} where T", body1);
    def("Tuple{F, Vector{T}} where T<:Integer", body2);
    def("Tuple{F, T, T} where T", body3);
    def("Tuple{F, Any, Any}", body4);
    jl_value_t *vi = (jl_value_t *)jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_int64_type, 1), 0);
    jl_value_t *va = (jl_value_t *)jl_alloc_vec_any(0);
    cr_expect_eq(call(f, 1, vi), 2);
    cr_expect_eq(call(f, 1, va), 1);
    cr_expect_eq(call(f, 2, jl_box_int64(1), jl_box_int64(2)), 3, "diagonal: same concrete type");
    cr_expect_eq(call(f, 2, jl_box_int64(1), jl_box_int8(2)), 4);
    jl_value_t *args[2] = {f, vi};
    jl_method_instance_t *mi = jl_method_lookup(args, 2);
    cr_assert_not_null(mi);
    cr_expect_eq(jl_svec_len(mi->sparam_vals), 1);
    cr_expect_eq(jl_svecref(mi->sparam_vals, 0), (jl_value_t *)jl_int64_type, "T = Int64");
    cr_expect_eq(mi->specTypes, (jl_value_t *)jl_apply_tuple_type_v((jl_value_t *[]){jl_typeof(f), jl_typeof(vi)}, 2));
}

Test(gf, type_arguments)
{
    jl_value_t *f = newfunc("ftype");
    def("Tuple{F, Type{Int64}}", body1);
    def("Tuple{F, DataType}", body2);
    def("Tuple{F, Type{T}} where T<:Integer", body3);
    def("Tuple{F, Any}", body4);
    cr_expect_eq(call(f, 1, (jl_value_t *)jl_int64_type), 1);
    cr_expect_eq(call(f, 1, (jl_value_t *)jl_int8_type), 3);
    cr_expect_eq(call(f, 1, (jl_value_t *)jl_string_type), 2);
    cr_expect_eq(call(f, 1, T("Vector")), 4, "a UnionAll is not a DataType");
    cr_expect_eq(call(f, 1, jl_box_int64(1)), 4, "a value of type Int64 is not the type Int64");
    cr_expect_eq(call(f, 1, (jl_value_t *)jl_int64_type), 1, "cache keeps values and types apart");
    jl_value_t *args[2] = {f, (jl_value_t *)jl_int8_type};
    jl_method_instance_t *mi = jl_method_lookup(args, 2);
    cr_expect_eq(jl_svecref(mi->sparam_vals, 0), (jl_value_t *)jl_int8_type);
    /* a method taking ::Any is specialized on the kind, not on the type value */
    jl_value_t *g = newfunc("ftype2");
    def("Tuple{F, T} where T", body1);
    jl_value_t *a2[2] = {g, (jl_value_t *)jl_int64_type};
    mi = jl_method_lookup(a2, 2);
    cr_expect_eq(jl_svecref(mi->sparam_vals, 0), (jl_value_t *)jl_datatype_type, "T = DataType");
}

Test(gf, ambiguity)
{
    jl_value_t *f = newfunc("famb");
    def("Tuple{F, Int64, Any}", body1);
    def("Tuple{F, Any, Int64}", body2);
    cr_expect_eq(call(f, 2, jl_box_int64(1), jl_nothing), 1);
    cr_expect_eq(call(f, 2, jl_nothing, jl_box_int64(1)), 2);
    jl_value_t *a[2] = {jl_box_int64(1), jl_box_int64(2)};
    const char *msg = call_error(f, 2, a);
    cr_assert_not_null(msg);
    cr_expect(strncmp(msg, "MethodError: famb(::Int64, ::Int64) is ambiguous.\n\nCandidates:\n", 61) == 0, "%s", msg);
    cr_expect(strstr(msg, "Possible fix, define\n  famb(::Int64, ::Int64)") != NULL, "%s", msg);
    jl_value_t *args[3] = {f, a[0], a[1]};
    JL_TRY {
        jl_apply(args, 3);
    }
    JL_CATCH {
        jl_value_t *amb = jl_methoderror_ambiguous(jl_current_exception());
        cr_assert(jl_is_array(amb));
        cr_expect_eq(jl_array_len(amb), 2);
    }
    /* a third, more specific method resolves it */
    def("Tuple{F, Int64, Int64}", body3);
    cr_expect_eq(call(f, 2, a[0], a[1]), 3);
}

Test(gf, redefinition_replaces_and_invalidates)
{
    jl_value_t *f = newfunc("fredef");
    jl_method_t *m1 = def("Tuple{F, Int64}", body1);
    cr_expect_eq(call(f, 1, jl_box_int64(0)), 1);
    jl_value_t *args[2] = {f, jl_box_int64(0)};
    jl_method_instance_t *mi = jl_method_lookup(args, 2);
    jl_code_instance_t *ci = mi->cache;
    cr_assert_not_null(ci);
    cr_expect_eq(ci->max_world, JL_WORLD_MAX);
    uint64_t w = jl_get_world_counter();
    jl_method_t *m2 = def("Tuple{F, T} where T<:Int64", body10); /* type-equal signature */
    cr_expect_gt(jl_get_world_counter(), w);
    cr_expect_eq(jl_array_len(((jl_datatype_t *)jl_typeof(f))->name->mt->defs), 1, "replaced, not added");
    cr_expect_lt(ci->max_world, JL_WORLD_MAX, "old code invalidated");
    cr_expect_lt(m1->deleted_world, JL_WORLD_MAX);
    cr_expect_eq(m2->deleted_world, JL_WORLD_MAX);
    cr_expect_eq(call(f, 1, jl_box_int64(0)), 10, "the next call sees the new method");
    /* a new, more specific method invalidates what it shadows (and backedges) */
    jl_value_t *g = newfunc("fshadow");
    def("Tuple{F, Integer}", body1);
    cr_expect_eq(call(g, 1, jl_box_int64(0)), 1);
    jl_value_t *ga[2] = {g, jl_box_int64(0)};
    jl_method_instance_t *gmi = jl_method_lookup(ga, 2);
    jl_method_instance_add_backedge(gmi, mi);
    jl_code_instance_t *caller_ci = jl_compile_method_internal(mi);
    cr_expect_eq(caller_ci->max_world, JL_WORLD_MAX);
    def("Tuple{F, Int64}", body2);
    cr_expect_lt(gmi->cache->max_world, JL_WORLD_MAX);
    cr_expect_lt(caller_ci->max_world, JL_WORLD_MAX, "backedge invalidated");
    cr_expect_eq(call(g, 1, jl_box_int64(0)), 2);
    cr_expect_eq(call(g, 1, jl_box_int8(0)), 1);
}

Test(gf, constructors_and_callable_objects)
{
    jl_datatype_t *pt = jl_new_datatype(jl_symbol("GFPoint"), testmod(), jl_any_type, jl_emptysvec,
                                        jl_svec1(jl_symbol("x")), jl_svec1(jl_int64_type), 0, 0, 1);
    te_bind("GFPoint", (jl_value_t *)pt);
    def("Tuple{Type{GFPoint}, Int64}", body1);
    def("Tuple{Type{GFPoint}, Any}", body2);
    cr_expect_eq(call((jl_value_t *)pt, 1, jl_box_int64(1)), 1);
    cr_expect_eq(call((jl_value_t *)pt, 1, jl_nothing), 2);
    jl_value_t *a[1] = {jl_cstr_to_string("s")};
    cr_expect_eq(call((jl_value_t *)pt, 1, a[0]), 2);
    cr_expect_str_eq(call_error((jl_value_t *)jl_string_type, 1, a), "MethodError: no method matching String(::String)");
    /* (p::Poly)(x) */
    jl_datatype_t *poly = jl_new_datatype(jl_symbol("GFPoly"), testmod(), jl_any_type, jl_emptysvec,
                                          jl_svec1(jl_symbol("c")), jl_svec1(jl_int64_type), 0, 0, 1);
    te_bind("GFPoly", (jl_value_t *)poly);
    def("Tuple{GFPoly, Int64}", body5);
    jl_value_t *p = jl_new_struct(poly, jl_box_int64(3));
    cr_expect_eq(call(p, 1, jl_box_int64(2)), 5);
    cr_expect_str_eq(call_error(p, 1, a), "MethodError: no method matching (::GFPoly)(::String)");
}

Test(gf, invoke_applicable_and_reflection)
{
    jl_value_t *f = newfunc("finv");
    def("Tuple{F, Int64}", body1);
    def("Tuple{F, Integer}", body2);
    jl_value_t *one = jl_box_int64(1);
    cr_expect_eq(jl_unbox_int64(jl_gf_invoke(T("Tuple{Integer}"), f, &one, 1)), 2);
    cr_expect_eq(jl_unbox_int64(jl_gf_invoke(T("Tuple{Int64}"), f, &one, 1)), 1);
    cr_expect(jl_gf_applicable(f, &one, 1));
    jl_value_t *s = jl_cstr_to_string("x");
    cr_expect_not(jl_gf_applicable(f, &s, 1));
    jl_value_t *m = jl_gf_invoke_lookup(T("Tuple{F, Int8}"));
    cr_assert(jl_is_method(m));
    cr_expect(jl_types_equal(((jl_method_t *)m)->sig, T("Tuple{F, Integer}")));
    cr_expect_eq(jl_gf_invoke_lookup(T("Tuple{F, String}")), jl_nothing);
    jl_value_t *ms = jl_matching_methods(T("Tuple{F, Any}"), -1);
    cr_expect_eq(jl_array_len(ms), 2);
    cr_expect_eq(jl_matching_methods(T("Tuple{F, Any}"), 1), jl_false, "over the limit");
    cr_expect_eq(jl_array_len(jl_matching_methods(T("Tuple{F, Int8}"), -1)), 1);
    jl_value_t *all = jl_methods_of(f);
    cr_assert_eq(jl_array_len(all), 2);
    cr_expect(jl_types_equal(((jl_method_t *)jl_array_ptr_ref(all, 0))->sig, T("Tuple{F, Int64}")),
              "most specific first");
    jl_value_t *g = newfunc("finv2");
    def("Tuple{F, Any}", body1);
    def("Tuple{F, Int64}", body2);
    def("Tuple{F, String}", body3);
    all = jl_methods_of(g);
    cr_assert_eq(jl_array_len(all), 3);
    cr_expect(jl_types_equal(((jl_method_t *)jl_array_ptr_ref(all, 2))->sig, T("Tuple{F, Any}")), "least specific last");
    jl_value_t *ws = jl_call(f, &s, 1);
    cr_expect_null(ws, "jl_call returns NULL on error");
    cr_expect_eq(jl_unbox_int64(jl_call(f, &one, 1)), 1);
}

Test(gf, cache_hit_allocates_nothing)
{
    jl_value_t *f = newfunc("fhot");
    def("Tuple{F, Int64, Any}", body1);
    def("Tuple{F, Integer, Any}", body2);
    jl_value_t *args[3] = {f, jl_box_int64(7), jl_nothing};
    jl_apply(args, 3);
    jl_gc_stats_t s0, s1;
    jl_gc_get_stats(&s0);
    int64_t sum = 0;
    for (int i = 0; i < 1000; i++)
        sum += jl_unbox_int64(jl_apply(args, 3));
    jl_gc_get_stats(&s1);
    cr_expect_eq(sum, 1000);
    cr_expect_eq(s1.allocations, s0.allocations, "%llu allocations in 1000 cached calls",
                 (unsigned long long)(s1.allocations - s0.allocations));
}

Test(gf, method_error_text)
{
    jl_value_t *f = newfunc("ferr");
    def("Tuple{F, Int64}", body1);
    jl_value_t *a[2] = {jl_box_int64(1), jl_cstr_to_string("s")};
    cr_expect_str_eq(call_error(f, 2, a), "MethodError: no method matching ferr(::Int64, ::String)");
    jl_value_t *args[3] = {f, a[0], a[1]};
    JL_TRY {
        jl_apply(args, 3);
    }
    JL_CATCH {
        cr_expect_eq(jl_methoderror_ambiguous(jl_current_exception()), jl_nothing);
    }
    jl_value_t *b[1] = {(jl_value_t *)jl_int64_type};
    cr_expect_str_eq(call_error(f, 1, b), "MethodError: no method matching ferr(::Type{Int64})");
    /* keyword calls are shown with their keywords */
    jl_value_t *nt = jl_new_struct((jl_datatype_t *)T("NamedTuple{(:a,), Tuple{Int64}}"), jl_box_int64(2));
    jl_value_t *ka[3] = {nt, f, jl_box_int64(1)};
    cr_expect_str_eq(call_error(jl_kwcall_func, 3, ka), "MethodError: no method matching ferr(::Int64; a::Int64)");
    char buf[256];
    jl_method_t *m = def("Tuple{F, Vector{T}, Vararg{Int64}} where T<:Real", body1);
    jl_show_method_sig(buf, sizeof buf, m);
    cr_expect_str_eq(buf, "ferr(::Array{T, 1}, ::Int64...) where {T<:Real}");
}

Test(gf, function_definition_rules)
{
    /* a name visible through `using` but not yet used: the module gets its own function */
    jl_module_t *lib = jl_new_module(jl_symbol("GFLib"), jl_main_module);
    jl_value_t *libf = jl_generic_function_def(jl_symbol("shared"), lib);
    jl_get_binding_wr(lib, jl_symbol("shared"))->exportp = 1;
    jl_module_t *user = jl_new_module(jl_symbol("GFUser"), jl_main_module);
    jl_module_using(user, lib);
    jl_value_t *own = jl_generic_function_def(jl_symbol("shared"), user);
    cr_expect_neq(own, libf, "a new function shadows the exported one");
    /* once resolved through `using`, extending needs `import` */
    jl_module_t *user2 = jl_new_module(jl_symbol("GFUser2"), jl_main_module);
    jl_module_using(user2, lib);
    cr_assert_eq(jl_get_global(user2, jl_symbol("shared")), libf);
    const char *volatile msg = NULL;
    JL_TRY {
        jl_generic_function_def(jl_symbol("shared"), user2);
    }
    JL_CATCH {
        msg = jl_string_data(jl_get_nth_field(jl_current_exception(), 0));
    }
    cr_expect_str_eq(msg, "invalid method definition in GFUser2: function GFLib.shared must be explicitly imported to be extended");
    /* a non-function value */
    jl_set_global(user, jl_symbol("notf"), jl_box_int64(1));
    msg = NULL;
    JL_TRY {
        jl_generic_function_def(jl_symbol("notf"), user);
    }
    JL_CATCH {
        msg = jl_string_data(jl_get_nth_field(jl_current_exception(), 0));
    }
    cr_expect_str_eq(msg, "cannot define function notf; it already has a value");
}

Test(gf, calling_a_non_function)
{
    jl_value_t *a[1] = {jl_box_int64(2)};
    cr_expect_str_eq(call_error(jl_box_float64(1.5), 1, a), "MethodError: objects of type Float64 are not callable");
}
