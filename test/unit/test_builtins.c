/* test_builtins.c -- Core's builtins and Core.Intrinsics, called through their fptrs on boxed values:
   results, Julia 1.10's errors (types and messages), type definition through _structtype/_setsuper!/
   _typebody! with the layouts they produce, and egal (===) on structs holding strings. */
#include <string.h>
#include <stdarg.h>
#include <math.h>
#include "testutil.h"
#include "builtins.h"

TestSuite(builtins, .init = jl_test_init);

/* ---------------------------------------------------------------- helpers */

static jl_value_t *callv(jl_value_t *f, int n, va_list ap)
{
    jl_value_t *args[16];
    for (int i = 0; i < n; i++)
        args[i] = va_arg(ap, jl_value_t *);
    return jl_builtin_fptr(f)(f, args, (uint32_t)n);
}

static jl_value_t *B(const char *name, int n, ...)
{
    jl_value_t *f = jl_get_builtin(name);
    cr_assert_not_null(f, "builtin %s exists", name);
    va_list ap;
    va_start(ap, n);
    jl_value_t *r = callv(f, n, ap);
    va_end(ap);
    return r;
}

static jl_value_t *I(const char *name, int n, ...)
{
    jl_value_t *f = jl_get_intrinsic(name);
    cr_assert_not_null(f, "intrinsic %s exists", name);
    va_list ap;
    va_start(ap, n);
    jl_value_t *r = callv(f, n, ap);
    va_end(ap);
    return r;
}

/* call f and return the exception it throws (fails the test when it returns normally) */
static jl_value_t *throws(jl_value_t *f, int n, ...)
{
    jl_value_t *args[16];
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        args[i] = va_arg(ap, jl_value_t *);
    va_end(ap);
    volatile int threw = 0;
    JL_TRY {
        jl_builtin_fptr(f)(f, args, (uint32_t)n);
    }
    JL_CATCH {
        threw = 1;
    }
    cr_assert(threw, "%s was expected to throw", jl_builtin_name(f));
    return jl_current_exception();
}
#define BF(name) jl_get_builtin(name)
#define IF(name) jl_get_intrinsic(name)

static void assert_error(jl_value_t *e, jl_datatype_t *type, const char *msg)
{
    cr_assert_eq(jl_typeof(e), (jl_value_t *)type, "exception type %s, expected %s", jl_typename_str(e),
                 jl_symbol_name(type->name->name));
    if (msg) {
        jl_value_t *m = jl_get_nth_field(e, 0);
        cr_assert(jl_is_string(m));
        cr_assert_str_eq(jl_string_data(m), msg);
    }
}

static void assert_type_error(jl_value_t *e, const char *func, jl_value_t *expected, jl_value_t *got)
{
    assert_error(e, jl_typeerror_type, NULL);
    cr_assert_str_eq(jl_symbol_name((jl_sym_t *)jl_get_nth_field(e, 0)), func);
    cr_assert(jl_egal(jl_get_nth_field(e, 2), expected), "expected type of the TypeError");
    cr_assert(jl_egal(jl_get_nth_field(e, 3), got), "got value of the TypeError");
}

static jl_value_t *I64(int64_t x) { return jl_box_int64(x); }
static jl_value_t *S(const char *s) { return (jl_value_t *)jl_symbol(s); }
static jl_value_t *Str(const char *s) { return jl_cstr_to_string(s); }

static jl_value_t *bits_of(jl_datatype_t *t, const void *p)
{
    return jl_new_bits((jl_value_t *)t, p);
}

/* a struct type made the way lowering makes one */
static jl_value_t *define_struct(const char *name, int mutabl, jl_svec_t *params, jl_svec_t *fnames,
                                 jl_svec_t *ftypes, jl_svec_t *fattrs)
{
    jl_value_t *T = B("_structtype", 7, jl_main_module, S(name), params, fnames, fattrs ? fattrs : jl_emptysvec,
                      jl_box_bool(mutabl), I64((int64_t)jl_svec_len(fnames)));
    B("_setsuper!", 2, T, jl_any_type);
    B("_typebody!", 2, T, ftypes);
    return T;
}

/* ---------------------------------------------------------------- builtin objects */

Test(builtins, objects_are_singletons_of_their_own_builtin_type)
{
    jl_value_t *gf = jl_get_global(jl_core_module, jl_symbol("getfield"));
    cr_assert_not_null(gf);
    cr_assert_eq(gf, jl_builtin_getfield);
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(gf);
    cr_assert_str_eq(jl_symbol_name(t->name->name), "#getfield");
    cr_assert_eq(t->super, jl_builtin_type);
    cr_assert_eq(t->instance, gf);
    cr_assert(jl_is_builtin(gf));
    cr_assert_not(jl_is_builtin(jl_box_int64(3)));
    cr_assert_eq(B("typeof", 1, gf), (jl_value_t *)t);
    cr_assert_not_null(jl_get_global(jl_core_module, jl_symbol("===")));
    cr_assert_not_null(jl_get_global(jl_core_module, jl_symbol("setfield!")));
    cr_assert_str_eq(jl_builtin_name(BF("<:")), "<:");
    jl_value_t *intr = jl_get_global(jl_core_module, jl_symbol("Intrinsics"));
    cr_assert(jl_is_module(intr));
    jl_value_t *add = jl_get_global((jl_module_t *)intr, jl_symbol("add_int"));
    cr_assert_eq(add, IF("add_int"));
    cr_assert_eq(jl_typeof(add), (jl_value_t *)jl_intrinsic_type);
    cr_assert_str_eq(jl_intrinsic_name(jl_intrinsic_id(add)), "add_int");
    cr_assert(jl_is_builtin(add));
}

Test(builtins, arity_errors_are_argument_errors)
{
    assert_error(throws(BF("getfield"), 1, jl_nothing), jl_argumenterror_type,
                 "getfield: too few arguments (expected 2)");
    assert_error(throws(BF("==="), 3, jl_nothing, jl_nothing, jl_nothing), jl_argumenterror_type,
                 "===: too many arguments (expected 2)");
    assert_error(throws(IF("add_int"), 1, I64(1)), jl_argumenterror_type,
                 "intrinsic_call: too few arguments (expected 2)");
}

/* ---------------------------------------------------------------- egal, typeof, isa, <: */

Test(builtins, egal_compares_immutable_structs_by_content)
{
    jl_value_t *T = define_struct("EgalPair", 0, jl_emptysvec, jl_svec2(S("s"), S("n")),
                                  jl_svec2(jl_string_type, jl_int64_type), NULL);
    jl_value_t *a = jl_new_struct((jl_datatype_t *)T, Str("hello"), I64(5000));
    jl_value_t *b = jl_new_struct((jl_datatype_t *)T, Str("hello"), I64(5000));
    jl_value_t *c = jl_new_struct((jl_datatype_t *)T, Str("hellO"), I64(5000));
    cr_assert_eq(B("===", 2, a, b), jl_true);
    cr_assert_eq(B("===", 2, a, c), jl_false);
    jl_value_t *M = define_struct("EgalBox", 1, jl_emptysvec, jl_svec1(S("s")), jl_svec1(jl_string_type), NULL);
    jl_value_t *m1 = jl_new_struct((jl_datatype_t *)M, Str("x")), *m2 = jl_new_struct((jl_datatype_t *)M, Str("x"));
    cr_assert_eq(B("===", 2, m1, m2), jl_false, "mutable structs compare by identity");
    cr_assert_eq(B("===", 2, m1, m1), jl_true);
    cr_assert_eq(B("===", 2, I64(1 << 20), I64(1 << 20)), jl_true);
    cr_assert_eq(B("===", 2, I64(1), jl_box_int32(1)), jl_false);
    cr_assert_eq(B("===", 2, B("tuple", 2, Str("a"), I64(1)), B("tuple", 2, Str("a"), I64(1))), jl_true);
}

Test(builtins, typeof_isa_subtype_typeassert)
{
    cr_assert_eq(B("typeof", 1, I64(1)), (jl_value_t *)jl_int64_type);
    cr_assert_eq(B("isa", 2, I64(1), jl_integer_type), jl_true);
    cr_assert_eq(B("isa", 2, Str("x"), jl_integer_type), jl_false);
    assert_type_error(throws(BF("isa"), 2, I64(1), I64(2)), "isa", (jl_value_t *)jl_type_type, I64(2));
    cr_assert_eq(B("<:", 2, jl_int64_type, jl_number_type), jl_true);
    cr_assert_eq(B("<:", 2, jl_number_type, jl_int64_type), jl_false);
    assert_type_error(throws(BF("<:"), 2, I64(1), jl_any_type), "<:", (jl_value_t *)jl_type_type, I64(1));
    jl_value_t *x = I64(7);
    cr_assert_eq(B("typeassert", 2, x, jl_real_type), x);
    assert_type_error(throws(BF("typeassert"), 2, x, jl_string_type), "typeassert", (jl_value_t *)jl_string_type, x);
    cr_assert_eq(B("ifelse", 3, jl_true, I64(1), I64(2)), I64(1));
    cr_assert_eq(B("ifelse", 3, jl_false, I64(1), I64(2)), I64(2));
    assert_type_error(throws(BF("ifelse"), 3, I64(1), I64(1), I64(2)), "ifelse", (jl_value_t *)jl_bool_type, I64(1));
    jl_value_t *e = throws(BF("throw"), 1, Str("boom"));
    cr_assert(jl_egal(e, Str("boom")));
}

Test(builtins, Typeof_and_sizeof)
{
    jl_value_t *tt = B("Typeof", 1, jl_int64_type);
    cr_assert(jl_is_datatype(tt));
    cr_assert_eq(((jl_datatype_t *)tt)->name, jl_type_typename);
    cr_assert_eq(jl_svecref(((jl_datatype_t *)tt)->parameters, 0), (jl_value_t *)jl_int64_type);
    cr_assert_eq(B("Typeof", 1, I64(3)), (jl_value_t *)jl_int64_type);
    cr_assert_eq(jl_unbox_int64(B("sizeof", 1, jl_int32_type)), 4);
    cr_assert_eq(jl_unbox_int64(B("sizeof", 1, I64(3))), 8);
    cr_assert_eq(jl_unbox_int64(B("sizeof", 1, Str("héllo"))), 6);
    cr_assert_eq(jl_unbox_int64(B("sizeof", 1, B("tuple", 2, jl_box_int32(1), I64(2)))), 16);
    assert_error(throws(BF("sizeof"), 1, jl_number_type), jl_errorexception_type,
                 "Abstract type Number does not have a definite size.");
    assert_error(throws(BF("sizeof"), 1, jl_string_type), jl_errorexception_type,
                 "Type String does not have a definite size.");
}

/* ---------------------------------------------------------------- fields */

Test(builtins, getfield_by_index_and_name)
{
    jl_value_t *T = define_struct("GF1", 0, jl_emptysvec, jl_svec2(S("a"), S("b")),
                                  jl_svec2(jl_int64_type, jl_any_type), NULL);
    jl_value_t *v = jl_new_struct((jl_datatype_t *)T, I64(10), Str("bee"));
    cr_assert_eq(jl_unbox_int64(B("getfield", 2, v, I64(1))), 10);
    cr_assert_eq(jl_unbox_int64(B("getfield", 2, v, S("a"))), 10);
    cr_assert(jl_egal(B("getfield", 2, v, S("b")), Str("bee")));
    cr_assert_eq(jl_unbox_int64(B("getfield", 3, v, I64(1), jl_true)), 10, "boundscheck argument");
    assert_error(throws(BF("getfield"), 2, v, S("c")), jl_errorexception_type, "type GF1 has no field c");
    jl_value_t *e = throws(BF("getfield"), 2, v, I64(3));
    assert_error(e, jl_boundserror_type, NULL);
    cr_assert_eq(jl_get_nth_field(e, 0), v);
    cr_assert(jl_egal(jl_get_nth_field(e, 1), I64(3)));
    e = throws(BF("getfield"), 2, v, jl_box_float64(1.0));
    jl_value_t *ts[2] = {(jl_value_t *)jl_int64_type, (jl_value_t *)jl_symbol_type};
    assert_type_error(e, "getfield", jl_type_union(ts, 2), jl_get_nth_field(e, 3));
    /* tuples, modules */
    jl_value_t *t = B("tuple", 3, I64(1), Str("two"), jl_box_float64(3.0));
    cr_assert(jl_egal(B("getfield", 2, t, I64(2)), Str("two")));
    cr_assert_eq(jl_unbox_float64(B("getfield", 2, t, I64(3))), 3.0);
    assert_error(throws(BF("getfield"), 2, t, I64(0)), jl_boundserror_type, NULL);
    assert_error(throws(BF("getfield"), 2, t, S("x")), jl_errorexception_type, "type Tuple has no field x");
    cr_assert_eq(B("getfield", 2, jl_core_module, S("Int64")), (jl_value_t *)jl_int64_type);
    e = throws(BF("getfield"), 2, jl_core_module, S("no_such_global_here"));
    cr_assert_eq(jl_typeof(e), (jl_value_t *)jl_undefvarerror_type);
}

Test(builtins, setfield_and_immutability)
{
    jl_value_t *M = define_struct("SF1", 1, jl_emptysvec, jl_svec2(S("x"), S("y")),
                                  jl_svec2(jl_int64_type, jl_any_type), NULL);
    jl_value_t *v = jl_new_struct((jl_datatype_t *)M, I64(1), jl_nothing);
    cr_assert_eq(jl_unbox_int64(B("setfield!", 3, v, S("x"), I64(42))), 42);
    cr_assert_eq(jl_unbox_int64(B("getfield", 2, v, I64(1))), 42);
    B("setfield!", 3, v, I64(2), Str("s"));
    cr_assert(jl_egal(B("getfield", 2, v, S("y")), Str("s")));
    jl_value_t *e = throws(BF("setfield!"), 3, v, S("x"), Str("no"));
    assert_type_error(e, "setfield!", (jl_value_t *)jl_int64_type, jl_get_nth_field(e, 3));
    jl_value_t *T = define_struct("SF2", 0, jl_emptysvec, jl_svec1(S("x")), jl_svec1(jl_int64_type), NULL);
    jl_value_t *w = jl_new_struct((jl_datatype_t *)T, I64(1));
    assert_error(throws(BF("setfield!"), 3, w, S("x"), I64(2)), jl_errorexception_type,
                 "setfield!: immutable struct of type SF2 cannot be changed");
    assert_error(throws(BF("setfield!"), 3, jl_main_module, S("x"), I64(2)), jl_errorexception_type,
                 "cannot assign variables in other modules");
    /* const fields of a mutable struct */
    jl_value_t *C = define_struct("SF3", 1, jl_emptysvec, jl_svec2(S("k"), S("v")),
                                  jl_svec2(jl_int64_type, jl_int64_type), jl_svec2(I64(1), S("const")));
    jl_value_t *c = jl_new_struct((jl_datatype_t *)C, I64(1), I64(2));
    assert_error(throws(BF("setfield!"), 3, c, S("k"), I64(5)), jl_errorexception_type,
                 "setfield!: const field .k of type SF3 cannot be changed");
    B("setfield!", 3, c, S("v"), I64(5));
    cr_assert_eq(jl_unbox_int64(B("getfield", 2, c, S("v"))), 5);
    /* swapfield!, replacefield! */
    cr_assert_eq(jl_unbox_int64(B("swapfield!", 3, c, S("v"), I64(6))), 5);
    jl_value_t *r = B("replacefield!", 4, c, S("v"), I64(6), I64(7));
    cr_assert_eq(jl_unbox_int64(jl_get_nth_field(r, 0)), 6);
    cr_assert_eq(jl_get_nth_field(r, 1), jl_true);
    r = B("replacefield!", 4, c, S("v"), I64(6), I64(8));
    cr_assert_eq(jl_get_nth_field(r, 1), jl_false);
    cr_assert_eq(jl_unbox_int64(B("getfield", 2, c, S("v"))), 7);
}

Test(builtins, isdefined_nfields_fieldtype)
{
    jl_value_t *M = define_struct("ID1", 1, jl_emptysvec, jl_svec2(S("a"), S("b")),
                                  jl_svec2(jl_int64_type, jl_string_type), NULL);
    jl_value_t *v = jl_new_struct_uninit((jl_datatype_t *)M);
    cr_assert_eq(B("isdefined", 2, v, S("a")), jl_true, "isbits fields are always defined");
    cr_assert_eq(B("isdefined", 2, v, S("b")), jl_false);
    cr_assert_eq(B("isdefined", 2, v, I64(3)), jl_false);
    cr_assert_eq(B("isdefined", 2, v, S("zz")), jl_false);
    cr_assert_eq(jl_typeof(throws(BF("getfield"), 2, v, S("b"))), (jl_value_t *)jl_undefref_type);
    cr_assert_eq(B("isdefined", 2, jl_core_module, S("Int64")), jl_true);
    cr_assert_eq(B("isdefined", 2, jl_core_module, S("Int65")), jl_false);
    cr_assert_eq(jl_unbox_int64(B("nfields", 1, v)), 2);
    cr_assert_eq(jl_unbox_int64(B("nfields", 1, B("tuple", 1, I64(1)))), 1);
    cr_assert_eq(B("fieldtype", 2, M, S("b")), (jl_value_t *)jl_string_type);
    cr_assert_eq(B("fieldtype", 2, M, I64(1)), (jl_value_t *)jl_int64_type);
    assert_error(throws(BF("fieldtype"), 2, M, I64(3)), jl_boundserror_type, NULL);
    jl_value_t *tt = (jl_value_t *)jl_apply_tuple_type_v((jl_value_t *[]){(jl_value_t *)jl_int8_type,
                                                          (jl_value_t *)jl_string_type}, 2);
    cr_assert_eq(B("fieldtype", 2, tt, I64(2)), (jl_value_t *)jl_string_type);
}

/* ---------------------------------------------------------------- tuples, svecs, apply */

Test(builtins, tuple_svec_expr_typevar)
{
    jl_value_t *t = B("tuple", 2, I64(1), Str("a"));
    cr_assert(jl_is_tuple(t));
    cr_assert_eq(B("tuple", 0), jl_emptytuple);
    jl_value_t *s = B("svec", 2, I64(1), Str("a"));
    cr_assert(jl_is_svec(s));
    cr_assert_eq(jl_unbox_int64(B("_svec_ref", 2, s, I64(1))), 1);
    jl_value_t *e = throws(BF("_svec_ref"), 2, s, I64(3));
    assert_error(e, jl_boundserror_type, NULL);
    cr_assert(jl_egal(jl_get_nth_field(e, 1), I64(3)));
    jl_value_t *ex = B("_expr", 3, S("call"), S("f"), I64(1));
    cr_assert(jl_is_expr(ex));
    cr_assert_eq(((jl_expr_t *)ex)->head, jl_s_call);
    cr_assert_eq(jl_expr_nargs(ex), 2);
    assert_type_error(throws(BF("_expr"), 1, I64(1)), "Expr", (jl_value_t *)jl_symbol_type, I64(1));
    jl_value_t *tv = B("_typevar", 3, S("T"), jl_bottom_type, jl_number_type);
    cr_assert(jl_is_tvar(tv));
    cr_assert_eq(((jl_tvar_t *)tv)->ub, (jl_value_t *)jl_number_type);
    e = throws(BF("_typevar"), 3, S("T"), jl_bottom_type, I64(1));
    assert_type_error(e, "TypeVar", (jl_value_t *)jl_type_type, I64(1));
    cr_assert_str_eq(jl_string_data(jl_get_nth_field(e, 1)), "upper bound");
}

Test(builtins, apply_type)
{
    jl_value_t *tup = jl_get_global(jl_core_module, jl_symbol("Tuple"));
    jl_value_t *t = B("apply_type", 3, tup, jl_int64_type, jl_string_type);
    cr_assert(jl_is_tuple_type(t));
    cr_assert_eq(t, B("apply_type", 3, tup, jl_int64_type, jl_string_type), "hash-consed");
    jl_value_t *u = B("apply_type", 3, jl_uniontype_type, jl_int64_type, jl_string_type);
    cr_assert(jl_is_uniontype(u));
    cr_assert_eq(B("isa", 2, I64(1), u), jl_true);
    jl_value_t *arr = B("apply_type", 3, jl_array_type, jl_float64_type, I64(1));
    cr_assert_eq(arr, jl_apply_array_type((jl_value_t *)jl_float64_type, 1));
    jl_value_t *va = jl_get_global(jl_core_module, jl_symbol("Vararg"));
    cr_assert(jl_typeis(va, jl_vararg_type));
    jl_value_t *vi = B("apply_type", 2, va, jl_int64_type);
    jl_value_t *tv = B("apply_type", 2, tup, vi);
    cr_assert_eq(B("isa", 2, B("tuple", 3, I64(1), I64(2), I64(3)), tv), jl_true);
    cr_assert_eq(B("isa", 2, B("tuple", 1, Str("x")), tv), jl_false);
    jl_value_t *e = throws(BF("apply_type"), 2, jl_int64_type, jl_int64_type);
    assert_type_error(e, "Type{...} expression", (jl_value_t *)jl_unionall_type, (jl_value_t *)jl_int64_type);
    e = throws(BF("apply_type"), 3, tup, vi, jl_int64_type);
    assert_type_error(e, "Tuple", (jl_value_t *)jl_type_type, vi);
    cr_assert_str_eq(jl_string_data(jl_get_nth_field(e, 1)), "non-final parameter");
    e = throws(BF("apply_type"), 2, jl_array_type, Str("x"));
    cr_assert_str_eq(jl_string_data(jl_get_nth_field(e, 1)), "parameter");
    /* struct MyVal{x} end: symbols, isbits values and singletons (functions) are valid parameters */
    jl_tvar_t *x = jl_new_typevar(jl_symbol("x"), jl_bottom_type, (jl_value_t *)jl_any_type);
    jl_value_t *V = B("_structtype", 7, jl_main_module, S("MyVal"), jl_svec1(x), jl_emptysvec, jl_emptysvec,
                      jl_false, I64(0));
    B("_setsuper!", 2, V, jl_any_type);
    B("_typebody!", 2, V, jl_emptysvec);
    cr_assert(jl_is_datatype(B("apply_type", 2, V, S("sym"))));
    cr_assert(jl_is_datatype(B("apply_type", 2, V, I64(3))));
    jl_datatype_t *vf = (jl_datatype_t *)B("apply_type", 2, V, jl_builtin_getfield);
    cr_assert_eq(jl_svecref(vf->parameters, 0), jl_builtin_getfield);
    cr_assert_not_null(vf->instance, "MyVal{getfield}() is a singleton");
    e = throws(BF("apply_type"), 2, V, Str("str"));
    assert_type_error(e, "Type", (jl_value_t *)jl_type_type, jl_get_nth_field(e, 3));
}

Test(builtins, apply_iterate_splats_tuples_svecs_and_arrays)
{
    jl_array_t *a = jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_int64_type, 1), 2);
    jl_arrayset(a, I64(3), 0);
    jl_arrayset(a, I64(4), 1);
    jl_value_t *r = B("_apply_iterate", 5, jl_nothing, jl_builtin_tuple, B("tuple", 2, I64(1), I64(2)),
                      (jl_value_t *)a, B("svec", 1, Str("five")));
    cr_assert(jl_is_tuple(r));
    cr_assert_eq(jl_datatype_nfields(jl_typeof(r)), 5);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(jl_unbox_int64(jl_get_nth_field(r, i)), i + 1);
    cr_assert(jl_egal(jl_get_nth_field(r, 4), Str("five")));
    jl_value_t *t = B("tuple", 2, I64(1), I64(2));
    cr_assert_eq(B("_apply_iterate", 3, jl_nothing, jl_builtin_tuple, t), t, "tuple(t...) is t");
    /* a builtin as the splatted function */
    jl_value_t *g = B("_apply_iterate", 3, jl_nothing, jl_builtin_getfield, B("tuple", 2, t, I64(2)));
    cr_assert_eq(jl_unbox_int64(g), 2);
    /* _call_latest, invoke on a builtin, applicable */
    cr_assert_eq(jl_unbox_int64(B("_call_latest", 3, jl_builtin_getfield, t, I64(1))), 1);
    jl_value_t *sig = B("apply_type", 3, jl_anytuple_type, jl_any_type, jl_any_type);
    cr_assert_eq(jl_unbox_int64(B("invoke", 4, jl_builtin_getfield, sig, t, I64(2))), 2);
    jl_value_t *sig2 = B("apply_type", 3, jl_anytuple_type, jl_string_type, jl_any_type);
    jl_value_t *e = throws(BF("invoke"), 4, jl_builtin_getfield, sig2, t, I64(2));
    cr_assert_str_eq(jl_symbol_name((jl_sym_t *)jl_get_nth_field(e, 0)), "invoke: argument type error");
    cr_assert_eq(B("applicable", 2, jl_builtin_getfield, t), jl_true);
}

/* ---------------------------------------------------------------- globals and arrays */

Test(builtins, globals)
{
    jl_module_t *m = jl_new_module(jl_symbol("GlobTest"), jl_main_module);
    B("setglobal!", 3, m, S("g"), I64(5));
    cr_assert_eq(jl_unbox_int64(B("getglobal", 2, m, S("g"))), 5);
    cr_assert_eq(jl_typeof(throws(BF("getglobal"), 2, m, S("nope"))), (jl_value_t *)jl_undefvarerror_type);
    assert_type_error(throws(BF("getglobal"), 2, I64(1), S("g")), "getglobal", (jl_value_t *)jl_module_type, I64(1));
    cr_assert_eq(B("get_binding_type", 2, m, S("g")), (jl_value_t *)jl_any_type);
    B("set_binding_type!", 3, m, S("tg"), jl_int64_type);
    cr_assert_eq(B("get_binding_type", 2, m, S("tg")), (jl_value_t *)jl_int64_type);
    B("setglobal!", 3, m, S("tg"), I64(1));
    assert_error(throws(BF("setglobal!"), 3, m, S("tg"), Str("x")), jl_errorexception_type,
                 "cannot assign an incompatible value to the global GlobTest.tg.");
    assert_error(throws(BF("set_binding_type!"), 3, m, S("tg"), jl_string_type), jl_errorexception_type,
                 "cannot set type for global GlobTest.tg. It already has a value or is already set to a different "
                 "type.");
    jl_set_const(m, jl_symbol("K"), (jl_value_t *)jl_int64_type);
    assert_error(throws(BF("setglobal!"), 3, m, S("K"), jl_string_type), jl_errorexception_type,
                 "invalid redefinition of constant GlobTest.K");
}

Test(builtins, arrays)
{
    jl_array_t *a = jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_int64_type, 1), 3);
    cr_assert_eq(B("arrayset", 4, jl_true, a, I64(9), I64(2)), (jl_value_t *)a);
    cr_assert_eq(jl_unbox_int64(B("arrayref", 3, jl_true, a, I64(2))), 9);
    jl_value_t *e = throws(BF("arrayref"), 3, jl_true, a, I64(4));
    assert_error(e, jl_boundserror_type, NULL);
    cr_assert(jl_is_tuple(jl_get_nth_field(e, 1)), "BoundsError holds the index tuple");
    e = throws(BF("arrayset"), 4, jl_true, a, Str("x"), I64(1));
    assert_type_error(e, "arrayset", (jl_value_t *)jl_int64_type, jl_get_nth_field(e, 3));
    cr_assert_eq(jl_unbox_int64(B("arraysize", 2, a, I64(1))), 3);
    cr_assert_eq(jl_unbox_int64(B("arraysize", 2, a, I64(2))), 1);
    assert_error(throws(BF("arraysize"), 2, a, I64(0)), jl_errorexception_type, "arraysize: dimension out of range");
    cr_assert_eq(jl_unbox_int64(I("arraylen", 1, a)), 3);
    jl_array_t *b = jl_alloc_vec_any(1);
    cr_assert_eq(jl_typeof(throws(BF("arrayref"), 3, jl_true, b, I64(1))), (jl_value_t *)jl_undefref_type);
    /* Bool elements come back as the singletons */
    jl_array_t *c = jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_bool_type, 1), 1);
    B("arrayset", 4, jl_true, c, jl_true, I64(1));
    cr_assert_eq(B("arrayref", 3, jl_true, c, I64(1)), jl_true);
}

/* ---------------------------------------------------------------- type definitions */

Test(builtins, structtype_layouts)
{
    jl_svec_t *names = jl_svec(4, S("a"), S("b"), S("c"), S("d"));
    jl_svec_t *types = jl_svec(4, jl_int8_type, jl_int64_type, jl_int16_type, jl_string_type);
    jl_datatype_t *T = (jl_datatype_t *)define_struct("Lay1", 0, jl_emptysvec, names, types, NULL);
    cr_assert_eq(T->super, jl_any_type);
    cr_assert_str_eq(jl_symbol_name(T->name->name), "Lay1");
    cr_assert_eq(T->name->module, jl_main_module);
    const jl_datatype_layout_t *ly = T->layout;
    cr_assert_not_null(ly);
    cr_assert_eq(ly->nfields, 4);
    cr_assert_eq(ly->fields[0].offset, 0);
    cr_assert_eq(ly->fields[1].offset, 8);
    cr_assert_eq(ly->fields[2].offset, 16);
    cr_assert_eq(ly->fields[3].offset, 24);
    cr_assert(ly->fields[3].isptr);
    cr_assert_eq(ly->size, 32);
    cr_assert_not(T->isbitstype);
    jl_datatype_t *P = (jl_datatype_t *)define_struct("Lay2", 0, jl_emptysvec, jl_svec2(S("x"), S("y")),
                                                      jl_svec2(jl_float64_type, jl_int32_type), NULL);
    cr_assert(P->isbitstype);
    cr_assert_eq(P->layout->size, 16);
    /* an isbits struct is stored inline in another */
    jl_datatype_t *Q = (jl_datatype_t *)define_struct("Lay3", 0, jl_emptysvec, jl_svec2(S("p"), S("n")),
                                                      jl_svec2(P, jl_int8_type), NULL);
    cr_assert_eq(Q->layout->size, 24);
    cr_assert_not(Q->layout->fields[0].isptr);
    double d = 1.5;
    int32_t i = 7;
    jl_value_t *pv = jl_new_struct(P, bits_of(jl_float64_type, &d), bits_of(jl_int32_type, &i));
    jl_value_t *qv = jl_new_struct(Q, pv, jl_box_int8(3));
    cr_assert(jl_egal(B("getfield", 2, qv, S("p")), pv));
    /* abstract, subtyping, primitive */
    jl_value_t *A = B("_abstracttype", 3, jl_main_module, S("AbsT"), jl_emptysvec);
    B("_setsuper!", 2, A, jl_number_type);
    B("_typebody!", 1, A);
    cr_assert(jl_is_abstracttype(A));
    jl_value_t *C = B("_structtype", 7, jl_main_module, S("ConcT"), jl_emptysvec, jl_emptysvec, jl_emptysvec,
                      jl_false, I64(0));
    B("_setsuper!", 2, C, A);
    B("_typebody!", 2, C, jl_emptysvec);
    cr_assert_eq(B("<:", 2, C, jl_number_type), jl_true);
    cr_assert_not_null(((jl_datatype_t *)C)->instance, "a field-less immutable struct is a singleton");
    jl_value_t *Pr = B("_primitivetype", 4, jl_main_module, S("Prim24"), jl_emptysvec, I64(24));
    B("_setsuper!", 2, Pr, jl_unsigned_type);
    B("_typebody!", 1, Pr);
    cr_assert_eq(jl_unbox_int64(B("sizeof", 1, Pr)), 3);
    assert_error(throws(BF("_primitivetype"), 4, jl_main_module, S("Bad"), jl_emptysvec, I64(12)),
                 jl_errorexception_type, "invalid number of bits in primitive type Bad");
    jl_value_t *D = B("_structtype", 7, jl_main_module, S("SubInt"), jl_emptysvec, jl_emptysvec, jl_emptysvec,
                      jl_false, I64(0));
    assert_error(throws(BF("_setsuper!"), 2, D, jl_int64_type), jl_errorexception_type,
                 "invalid subtyping in definition of SubInt: can only subtype abstract types.");
    assert_error(throws(BF("_setsuper!"), 2, D, jl_builtin_type), jl_errorexception_type,
                 "invalid subtyping in definition of SubInt: cannot add subtypes to Core.Builtin.");
}

Test(builtins, parametric_recursive_struct)
{
    /* struct Node{T}; val::T; next::Union{Node{T}, Nothing}; end */
    jl_tvar_t *T = (jl_tvar_t *)B("_typevar", 3, S("T"), jl_bottom_type, jl_any_type);
    jl_value_t *N = B("_structtype", 7, jl_main_module, S("Node"), jl_svec1(T), jl_svec2(S("val"), S("next")),
                      jl_emptysvec, jl_false, I64(2));
    cr_assert(jl_is_unionall(N));
    B("_setsuper!", 2, N, jl_any_type);
    jl_value_t *self = B("apply_type", 2, N, T);
    cr_assert_eq(self, jl_unwrap_unionall(N), "Node{T} inside Node is the body");
    jl_value_t *nint = B("apply_type", 2, N, jl_int64_type); /* made before the body exists */
    jl_value_t *nxt = B("apply_type", 3, jl_uniontype_type, self, jl_nothing_type);
    B("_typebody!", 2, N, jl_svec2(T, nxt));
    jl_datatype_t *ni = (jl_datatype_t *)B("apply_type", 2, N, jl_int64_type);
    cr_assert_eq((jl_value_t *)ni, nint);
    cr_assert_eq(ni->super, jl_any_type);
    cr_assert_not_null(ni->layout);
    cr_assert_eq(ni->layout->nfields, 2);
    cr_assert_not(ni->layout->fields[0].isptr, "val::Int64 is inline");
    cr_assert(ni->layout->fields[1].isptr);
    cr_assert_eq(B("fieldtype", 2, ni, I64(1)), (jl_value_t *)jl_int64_type);
    jl_value_t *leaf = jl_new_struct(ni, I64(1), jl_nothing);
    jl_value_t *head = jl_new_struct(ni, I64(2), leaf);
    cr_assert_eq(B("getfield", 2, head, S("next")), leaf);
}

Test(builtins, equiv_typedef_and_redefinition)
{
    jl_svec_t *names = jl_svec2(S("x"), S("y"));
    jl_svec_t *types = jl_svec2(jl_int64_type, jl_string_type);
    jl_value_t *old = define_struct("Redef", 0, jl_emptysvec, names, types, NULL);
    jl_value_t *same = B("_structtype", 7, jl_main_module, S("Redef"), jl_emptysvec, names, jl_emptysvec, jl_false,
                         I64(2));
    B("_setsuper!", 2, same, jl_any_type);
    cr_assert_eq(B("_equiv_typedef", 2, old, same), jl_true);
    B("_typebody!", 2, old, jl_svec2(jl_int64_type, jl_string_type)); /* identical: accepted */
    assert_error(throws(BF("_typebody!"), 2, old, jl_svec2(jl_int64_type, jl_int64_type)), jl_errorexception_type,
                 "invalid redefinition of type Redef");
    jl_value_t *mut = B("_structtype", 7, jl_main_module, S("Redef"), jl_emptysvec, names, jl_emptysvec, jl_true,
                        I64(2));
    B("_setsuper!", 2, mut, jl_any_type);
    cr_assert_eq(B("_equiv_typedef", 2, old, mut), jl_false, "mutability differs");
    jl_value_t *sup = B("_structtype", 7, jl_main_module, S("Redef"), jl_emptysvec, names, jl_emptysvec, jl_false,
                        I64(2));
    B("_setsuper!", 2, sup, jl_number_type);
    cr_assert_eq(B("_equiv_typedef", 2, old, sup), jl_false, "supertype differs");
    /* parametric: same variable names and bounds */
    jl_tvar_t *T1 = jl_new_typevar(jl_symbol("T"), jl_bottom_type, (jl_value_t *)jl_real_type);
    jl_tvar_t *T2 = jl_new_typevar(jl_symbol("T"), jl_bottom_type, (jl_value_t *)jl_real_type);
    jl_value_t *p1 = B("_abstracttype", 3, jl_main_module, S("PAbs"), jl_svec1(T1));
    B("_setsuper!", 2, p1, jl_any_type);
    jl_value_t *p2 = B("_abstracttype", 3, jl_main_module, S("PAbs"), jl_svec1(T2));
    B("_setsuper!", 2, p2, jl_any_type);
    cr_assert_eq(B("_equiv_typedef", 2, p1, p2), jl_true);
    jl_tvar_t *T3 = jl_new_typevar(jl_symbol("T"), jl_bottom_type, (jl_value_t *)jl_any_type);
    jl_value_t *p3 = B("_abstracttype", 3, jl_main_module, S("PAbs"), jl_svec1(T3));
    B("_setsuper!", 2, p3, jl_any_type);
    cr_assert_eq(B("_equiv_typedef", 2, p1, p3), jl_false, "bounds differ");
    /* DivideError as boot.jl defines it is equivalent to the runtime's */
    jl_value_t *de = B("_structtype", 7, jl_core_module, S("DivideError"), jl_emptysvec, jl_emptysvec, jl_emptysvec,
                       jl_false, I64(0));
    B("_setsuper!", 2, de, jl_exception_type);
    cr_assert_eq(B("_equiv_typedef", 2, jl_diverror_type, de), jl_true);
}

/* ---------------------------------------------------------------- intrinsics */

static jl_value_t *i8(int8_t x) { return jl_box_int8(x); }
static jl_value_t *u8(uint8_t x) { return jl_box_uint8(x); }
static jl_value_t *i32(int32_t x) { return jl_box_int32(x); }
static jl_value_t *u64(uint64_t x) { return jl_box_uint64(x); }
static jl_value_t *f64(double x) { return jl_box_float64(x); }
static jl_value_t *f32(float x) { return jl_box_float32(x); }

Test(builtins, integer_arithmetic_wraps_at_the_type_width)
{
    jl_value_t *r = I("add_int", 2, i8(127), i8(1));
    cr_assert_eq(jl_typeof(r), (jl_value_t *)jl_int8_type);
    cr_assert_eq(*(int8_t *)r, -128);
    cr_assert_eq(jl_unbox_int64(I("sub_int", 2, I64(3), I64(5))), -2);
    cr_assert_eq(jl_unbox_int64(I("mul_int", 2, I64(INT64_MAX), I64(2))), -2);
    cr_assert_eq(jl_unbox_uint8(I("mul_int", 2, u8(16), u8(17))), (uint8_t)(16 * 17));
    cr_assert_eq(jl_unbox_int64(I("sdiv_int", 2, I64(-7), I64(2))), -3);
    cr_assert_eq(jl_unbox_int64(I("srem_int", 2, I64(-7), I64(2))), -1);
    cr_assert_eq(jl_unbox_uint64(I("udiv_int", 2, u64(UINT64_MAX), u64(2))), UINT64_MAX / 2);
    cr_assert_eq(jl_unbox_int64(I("udiv_int", 2, I64(-2), I64(2))), INT64_MAX);
    cr_assert_eq(jl_unbox_int64(I("neg_int", 1, I64(5))), -5);
    cr_assert_eq(*(int8_t *)I("neg_int", 1, i8(-128)), -128);
    cr_assert_eq(jl_typeof(throws(IF("sdiv_int"), 2, I64(1), I64(0))), (jl_value_t *)jl_diverror_type);
    cr_assert_eq(jl_typeof(throws(IF("urem_int"), 2, u8(1), u8(0))), (jl_value_t *)jl_diverror_type);
    assert_error(throws(IF("add_int"), 2, I64(1), i32(1)), jl_errorexception_type,
                 "add_int: types of a and b must match");
    assert_error(throws(IF("add_int"), 2, Str("a"), Str("b")), jl_errorexception_type,
                 "add_int: value is not a primitive type");
    /* Int128 */
    __int128 big = (__int128)1 << 100;
    jl_value_t *b = bits_of(jl_int128_type, &big);
    jl_value_t *bb = I("add_int", 2, b, b);
    __int128 res;
    memcpy(&res, bb, 16);
    cr_assert(res == (__int128)1 << 101);
    cr_assert_eq(I("slt_int", 2, I("neg_int", 1, b), b), jl_true);
}

Test(builtins, comparisons_and_bits)
{
    cr_assert_eq(I("eq_int", 2, I64(3), I64(3)), jl_true);
    cr_assert_eq(I("ne_int", 2, I64(3), I64(3)), jl_false);
    cr_assert_eq(I("slt_int", 2, I64(-1), I64(0)), jl_true);
    cr_assert_eq(I("ult_int", 2, I64(-1), I64(0)), jl_false, "-1 is the largest unsigned value");
    cr_assert_eq(I("sle_int", 2, i8(-128), i8(127)), jl_true);
    cr_assert_eq(I("ule_int", 2, u8(200), u8(100)), jl_false);
    cr_assert_eq(jl_unbox_int64(I("and_int", 2, I64(12), I64(10))), 8);
    cr_assert_eq(jl_unbox_int64(I("or_int", 2, I64(12), I64(10))), 14);
    cr_assert_eq(jl_unbox_int64(I("xor_int", 2, I64(12), I64(10))), 6);
    cr_assert_eq(jl_unbox_int64(I("not_int", 1, I64(0))), -1);
    cr_assert_eq(I("not_int", 1, jl_true), jl_false, "not_int on Bool flips the bit");
    cr_assert_eq(I("and_int", 2, jl_true, jl_false), jl_false);
    cr_assert_eq(jl_unbox_int64(I("shl_int", 2, I64(1), u64(4))), 16);
    cr_assert_eq(jl_unbox_int64(I("shl_int", 2, I64(1), u64(64))), 0, "over-wide shl gives 0");
    cr_assert_eq(jl_unbox_int64(I("shl_int", 2, I64(1), I64(-1))), 0, "the count is read unsigned");
    cr_assert_eq(jl_unbox_int64(I("lshr_int", 2, I64(-1), u8(60))), 15);
    cr_assert_eq(jl_unbox_int64(I("lshr_int", 2, I64(-1), u8(200))), 0);
    cr_assert_eq(jl_unbox_int64(I("ashr_int", 2, I64(-16), u8(2))), -4);
    cr_assert_eq(jl_unbox_int64(I("ashr_int", 2, I64(-16), u8(100))), -1, "over-wide ashr fills the sign");
    cr_assert_eq(*(int8_t *)I("ashr_int", 2, i8(-128), I64(3)), -16);
    cr_assert_eq(jl_unbox_uint64(I("bswap_int", 1, u64(0x0102030405060708ull))), 0x0807060504030201ull);
    cr_assert_eq(jl_unbox_int64(I("ctpop_int", 1, I64(0xff))), 8);
    cr_assert_eq(jl_unbox_int64(I("ctlz_int", 1, I64(1))), 63);
    cr_assert_eq(jl_unbox_int64(I("ctlz_int", 1, I64(0))), 64);
    cr_assert_eq(*(uint8_t *)I("ctlz_int", 1, u8(1)), 7);
    cr_assert_eq(jl_unbox_int64(I("cttz_int", 1, I64(8))), 3);
    cr_assert_eq(jl_unbox_int32(I("cttz_int", 1, i32(0))), 32);
    cr_assert_eq(jl_unbox_int64(I("flipsign_int", 2, I64(5), I64(-1))), -5);
    cr_assert_eq(jl_unbox_int64(I("flipsign_int", 2, I64(5), I64(1))), 5);
}

Test(builtins, checked_arithmetic)
{
    jl_value_t *r = I("checked_sadd_int", 2, I64(INT64_MAX), I64(1));
    cr_assert(jl_is_tuple(r));
    cr_assert_eq(jl_unbox_int64(jl_get_nth_field(r, 0)), INT64_MIN);
    cr_assert_eq(jl_get_nth_field(r, 1), jl_true);
    r = I("checked_sadd_int", 2, I64(1), I64(2));
    cr_assert_eq(jl_unbox_int64(jl_get_nth_field(r, 0)), 3);
    cr_assert_eq(jl_get_nth_field(r, 1), jl_false);
    cr_assert_eq(jl_get_nth_field(I("checked_ssub_int", 2, i8(-128), i8(1)), 1), jl_true);
    cr_assert_eq(jl_get_nth_field(I("checked_uadd_int", 2, u8(200), u8(56)), 1), jl_true);
    cr_assert_eq(jl_get_nth_field(I("checked_uadd_int", 2, u8(200), u8(55)), 1), jl_false);
    cr_assert_eq(jl_get_nth_field(I("checked_usub_int", 2, u8(0), u8(1)), 1), jl_true);
    cr_assert_eq(jl_get_nth_field(I("checked_smul_int", 2, I64(1ll << 32), I64(1ll << 31)), 1), jl_true);
    cr_assert_eq(jl_get_nth_field(I("checked_smul_int", 2, I64(-(1ll << 32)), I64(1ll << 31)), 1), jl_false);
    cr_assert_eq(jl_get_nth_field(I("checked_umul_int", 2, u64(1ull << 32), u64(1ull << 32)), 1), jl_true);
    __int128 big = (__int128)(~(unsigned __int128)0 >> 1); /* typemax(Int128) */
    jl_value_t *b = bits_of(jl_int128_type, &big);
    cr_assert_eq(jl_get_nth_field(I("checked_sadd_int", 2, b, b), 1), jl_true);
    cr_assert_eq(jl_get_nth_field(I("checked_smul_int", 2, b, b), 1), jl_true);
    cr_assert_eq(jl_typeof(throws(IF("checked_sdiv_int"), 2, I64(INT64_MIN), I64(-1))),
                 (jl_value_t *)jl_diverror_type);
    cr_assert_eq(jl_typeof(throws(IF("checked_srem_int"), 2, I64(1), I64(0))), (jl_value_t *)jl_diverror_type);
    cr_assert_eq(jl_unbox_int64(I("checked_srem_int", 2, I64(INT64_MIN), I64(-1))), 0);
    cr_assert_eq(jl_unbox_int64(I("checked_sdiv_int", 2, I64(-9), I64(4))), -2);
    cr_assert_eq(jl_unbox_uint64(I("checked_udiv_int", 2, u64(9), u64(4))), 2);
}

Test(builtins, integer_conversions)
{
    jl_value_t *r = I("sext_int", 2, jl_int64_type, i8(-3));
    cr_assert_eq(jl_typeof(r), (jl_value_t *)jl_int64_type);
    cr_assert_eq(jl_unbox_int64(r), -3);
    cr_assert_eq(jl_unbox_int64(I("zext_int", 2, jl_int64_type, i8(-3))), 253);
    cr_assert_eq(jl_unbox_int64(I("zext_int", 2, jl_int64_type, jl_true)), 1, "Bool is one bit");
    cr_assert_eq(*(int8_t *)I("trunc_int", 2, jl_int8_type, I64(0x1ff)), -1);
    cr_assert_eq(I("trunc_int", 2, jl_bool_type, I64(3)), jl_true);
    assert_error(throws(IF("sext_int"), 2, jl_int8_type, I64(1)), jl_errorexception_type,
                 "SExt: output bitsize must be > input bitsize");
    assert_error(throws(IF("trunc_int"), 2, jl_int64_type, i32(1)), jl_errorexception_type,
                 "Trunc: output bitsize must be < input bitsize");
    r = I("bitcast", 2, jl_uint64_type, f64(1.0));
    cr_assert_eq(jl_unbox_uint64(r), 0x3ff0000000000000ull);
    cr_assert_eq(jl_unbox_float64(I("bitcast", 2, jl_float64_type, r)), 1.0);
    cr_assert_eq(jl_unbox_char(I("bitcast", 2, jl_char_type, jl_box_uint32(0x61000000u))), 0x61000000u);
    assert_error(throws(IF("bitcast"), 2, jl_int32_type, I64(1)), jl_errorexception_type,
                 "bitcast: argument size does not match size of target type");
    assert_error(throws(IF("bitcast"), 2, jl_number_type, I64(1)), jl_errorexception_type,
                 "bitcast: target type not a leaf primitive type");
}

Test(builtins, float_intrinsics)
{
    cr_assert_eq(jl_unbox_float64(I("add_float", 2, f64(0.1), f64(0.2))), 0.1 + 0.2);
    cr_assert_eq(jl_unbox_float64(I("div_float", 2, f64(1.0), f64(0.0))), INFINITY);
    cr_assert_eq(jl_unbox_float32(I("mul_float", 2, f32(1.5f), f32(3.0f))), 4.5f);
    cr_assert_eq(jl_typeof(I("sub_float", 2, f32(1.5f), f32(3.0f))), (jl_value_t *)jl_float32_type);
    cr_assert_eq(jl_unbox_float64(I("rem_float", 2, f64(7.5), f64(2.0))), 1.5);
    cr_assert_eq(jl_unbox_float64(I("neg_float", 1, f64(2.0))), -2.0);
    cr_assert_eq(jl_unbox_float64(I("abs_float", 1, f64(-2.0))), 2.0);
    cr_assert_eq(jl_unbox_float64(I("copysign_float", 2, f64(2.0), f64(-0.0))), -2.0);
    cr_assert_eq(jl_unbox_float64(I("fma_float", 3, f64(2.0), f64(3.0), f64(1.0))), 7.0);
    cr_assert_eq(jl_unbox_float64(I("muladd_float", 3, f64(2.0), f64(3.0), f64(1.0))), 7.0);
    cr_assert_eq(jl_unbox_float64(I("sqrt_llvm", 1, f64(2.0))), sqrt(2.0));
    cr_assert_eq(jl_unbox_float64(I("floor_llvm", 1, f64(-1.5))), -2.0);
    cr_assert_eq(jl_unbox_float64(I("ceil_llvm", 1, f64(-1.5))), -1.0);
    cr_assert_eq(jl_unbox_float64(I("trunc_llvm", 1, f64(-1.5))), -1.0);
    cr_assert_eq(jl_unbox_float64(I("rint_llvm", 1, f64(2.5))), 2.0, "round half to even");
    cr_assert_eq(I("lt_float", 2, f64(1.0), f64(2.0)), jl_true);
    cr_assert_eq(I("eq_float", 2, f64(NAN), f64(NAN)), jl_false);
    cr_assert_eq(I("ne_float", 2, f64(NAN), f64(NAN)), jl_true);
    cr_assert_eq(I("fpiseq", 2, f64(NAN), f64(NAN)), jl_true);
    cr_assert_eq(I("fpiseq", 2, f64(0.0), f64(-0.0)), jl_false);
    cr_assert_eq(I("eq_float", 2, f64(0.0), f64(-0.0)), jl_true);
    assert_error(throws(IF("add_float"), 2, f64(1.0), f32(1.0f)), jl_errorexception_type,
                 "add_float: types of a and b must match");
    /* conversions */
    cr_assert_eq(jl_unbox_int64(I("fptosi", 2, jl_int64_type, f64(-3.7))), -3);
    cr_assert_eq(jl_unbox_uint64(I("fptoui", 2, jl_uint64_type, f64(1e19))), 10000000000000000000ull);
    cr_assert_eq(jl_unbox_float64(I("sitofp", 2, jl_float64_type, I64(-5))), -5.0);
    cr_assert_eq(jl_unbox_float64(I("uitofp", 2, jl_float64_type, I64(-1))), 18446744073709551615.0);
    cr_assert_eq(jl_unbox_float32(I("fptrunc", 2, jl_float32_type, f64(0.1))), 0.1f);
    cr_assert_eq(jl_unbox_float64(I("fpext", 2, jl_float64_type, f32(0.1f))), (double)0.1f);
    assert_error(throws(IF("fpext"), 2, jl_float32_type, f64(1.0)), jl_errorexception_type,
                 "FPExt: output bitsize must be > input bitsize");
    /* Float16 */
    jl_value_t *h = I("fptrunc", 2, jl_float16_type, f64(1.5));
    cr_assert_eq(jl_typeof(h), (jl_value_t *)jl_float16_type);
    cr_assert_eq(*(uint16_t *)h, 0x3e00);
    cr_assert_eq(jl_unbox_float64(I("fpext", 2, jl_float64_type, I("add_float", 2, h, h))), 3.0);
    cr_assert_eq(I("have_fma", 1, jl_float64_type), jl_true);
}

Test(builtins, pointers)
{
    int64_t buf[3] = {10, 20, 30};
    void *p = buf;
    jl_value_t *pt = jl_apply_type1(jl_get_global(jl_core_module, jl_symbol("Ptr")), (jl_value_t *)jl_int64_type);
    jl_value_t *ptr = jl_new_bits(pt, &p);
    cr_assert_eq(jl_unbox_int64(I("pointerref", 3, ptr, I64(2), I64(1))), 20);
    cr_assert_eq(I("pointerset", 4, ptr, I64(99), I64(3), I64(1)), ptr);
    cr_assert_eq(buf[2], 99);
    assert_error(throws(IF("pointerset"), 4, ptr, i32(1), I64(1), I64(1)), jl_errorexception_type,
                 "pointerset: type mismatch in assign");
    jl_value_t *q = I("add_ptr", 2, ptr, u64(8));
    cr_assert_eq(jl_typeof(q), pt);
    cr_assert_eq(*(char **)q, (char *)buf + 8);
    cr_assert_eq(jl_unbox_int64(I("pointerref", 3, q, I64(1), I64(1))), 20);
    cr_assert_eq(*(char **)I("sub_ptr", 2, q, u64(8)), (char *)buf);
    jl_value_t *g = I("cglobal", 2, S("strlen"), jl_nothing_type);
    cr_assert_not_null(*(void **)g);
}

Test(builtins, compute_sparams_matches_the_method_signature)
{
    /* m.sig = Tuple{typeof(getfield), Vector{T}, T} where T */
    jl_tvar_t *T = jl_new_typevar(jl_symbol("T"), jl_bottom_type, (jl_value_t *)jl_any_type);
    jl_value_t *vt = jl_apply_type2(jl_array_type, (jl_value_t *)T, I64(1));
    jl_value_t *ps[3] = {jl_typeof(jl_builtin_getfield), vt, (jl_value_t *)T};
    jl_value_t *sig = jl_type_unionall(T, (jl_value_t *)jl_apply_tuple_type_v(ps, 3));
    jl_method_t *m = (jl_method_t *)jl_gc_alloc(sizeof(jl_method_t), (jl_value_t *)jl_method_type);
    m->sig = sig;
    jl_array_t *a = jl_alloc_array_1d(jl_apply_array_type((jl_value_t *)jl_float64_type, 1), 0);
    jl_value_t *sp = B("_compute_sparams", 4, m, jl_builtin_getfield, a, f64(1.0));
    cr_assert(jl_is_svec(sp));
    cr_assert_eq(jl_svec_len(sp), 1);
    cr_assert_eq(jl_svecref(sp, 0), (jl_value_t *)jl_float64_type);
    assert_type_error(throws(BF("_compute_sparams"), 2, I64(1), I64(2)), "_compute_sparams",
                      (jl_value_t *)jl_method_type, I64(1));
}
