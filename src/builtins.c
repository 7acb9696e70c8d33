/*
 * builtins.c -- Core's builtin functions: ===, typeof, isa, <:, field access, tuples and svecs,
 * apply_type, splatting (_apply_iterate), invoke/applicable, globals, arrays; and jl_init_builtins,
 * which makes every builtin object and binds it in Core. The type definition builtins (_structtype &
 * co) are in builtins_types.c, Core.Intrinsics in intrinsics.c.
 *
 * Invariants:
 *   - Every jl_f_* checks its own arity and argument types (callers may call it directly) and throws
 *     Julia 1.10's exception for each misuse.
 *   - Calls back into the language (iterate, the function given to _apply_iterate, modifyfield!'s op)
 *     go through jl_apply_any: builtins directly, everything else through dispatch (gf.c).
 */
#include <stdio.h>
#include <string.h>
#include "iostream.h"
#include "builtins.h"
#include "gf.h"

JL_DLLEXPORT jl_datatype_t *jl_diverror_type, *jl_undefref_type;
JL_DLLEXPORT jl_value_t *jl_diverror_exception, *jl_undefref_exception;
JL_DLLEXPORT jl_value_t *jl_builtin_tuple, *jl_builtin_svec, *jl_builtin_getfield, *jl_builtin_apply_type,
    *jl_builtin__apply_iterate, *jl_builtin_is, *jl_builtin_typeof, *jl_builtin_isa, *jl_builtin_throw,
    *jl_builtin_invoke;

#define JL_BUILTIN_ENTRY(cname, jlname) {jlname, jl_f_##cname},
static const struct {
    const char *name;
    jl_fptr_args_t fptr;
} builtin_table[] = {JL_BUILTIN_LIST(JL_BUILTIN_ENTRY)};
#undef JL_BUILTIN_ENTRY
#define N_BUILTINS (sizeof builtin_table / sizeof builtin_table[0])
static jl_value_t *builtin_instances[N_BUILTINS];

/* ---------------------------------------------------------------- helpers */

JL_DLLEXPORT int jl_is_type(jl_value_t *v)
{
    jl_value_t *t = jl_typeof(v);
    return t == (jl_value_t *)jl_datatype_type || t == (jl_value_t *)jl_uniontype_type ||
           t == (jl_value_t *)jl_unionall_type || t == (jl_value_t *)jl_typeofbottom_type;
}

JL_DLLEXPORT void jl_type_error_rt(const char *fname, const char *context, jl_value_t *expected,
                                   jl_value_t *got)
{
    jl_throw(jl_new_struct(jl_typeerror_type, jl_symbol(fname), jl_cstr_to_string(context), expected, got));
}

JL_DLLEXPORT void jl_throw_undefref(void)
{
    jl_throw(jl_undefref_exception);
}

static void typechk_type(const char *fname, jl_value_t *v)
{
    if (!jl_is_type(v))
        jl_type_error(fname, (jl_value_t *)jl_type_type, v);
}

/* An exception type of Core that boot.jl defines (ConcurrencyViolationError, ...), or ErrorException
   before it exists. */
static JL_NORETURN void core_error(const char *tname, const char *msg)
{
    jl_value_t *t = jl_get_global(jl_core_module, jl_symbol(tname));
    if (t && jl_is_datatype(t) && ((jl_datatype_t *)t)->layout &&
        ((jl_datatype_t *)t)->layout->nfields == 1)
        jl_throw(jl_new_struct((jl_datatype_t *)t, jl_cstr_to_string(msg)));
    jl_error(msg);
}

JL_DLLEXPORT jl_value_t *jl_apply_any(jl_value_t *f, jl_value_t **args, uint32_t nargs)
{
    if (jl_is_builtin(f))
        return jl_builtin_fptr(f)(f, args, nargs);
    return jl_apply_generic(f, args, nargs);
}

/* Tuple{typeof(args)...}, with Type{T} for a type argument (what dispatch matches against) */
static jl_value_t *arg_tuple_type(jl_value_t **args, uint32_t n)
{
    jl_value_t *ts[n ? n : 1];
    for (uint32_t i = 0; i < n; i++)
        ts[i] = jl_is_type(args[i]) ? jl_apply_type1(jl_type_typename->wrapper, args[i]) : jl_typeof(args[i]);
    return (jl_value_t *)jl_apply_tuple_type_v(ts, n);
}

/* ---------------------------------------------------------------- object model primitives */

JL_DLLEXPORT jl_value_t *jl_f_is(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("===", 2, 2);
    return jl_egal(args[0], args[1]) ? jl_true : jl_false;
}

JL_DLLEXPORT jl_value_t *jl_f_typeof(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("typeof", 1, 1);
    return jl_typeof(args[0]);
}

static int is_opaque_layout(jl_datatype_t *dt)
{
    return dt->layout->nfields == 0 && dt->layout->size > 0 && !dt->isprimitivetype;
}

/* size of an isbits Union's largest member, or -1 when the union is not inline */
static long union_size(jl_value_t *u)
{
    if (jl_is_uniontype(u)) {
        long a = union_size(((jl_uniontype_t *)u)->a), b = union_size(((jl_uniontype_t *)u)->b);
        return a < 0 || b < 0 ? -1 : a > b ? a : b;
    }
    if (jl_is_datatype(u) && ((jl_datatype_t *)u)->isbitstype)
        return (long)jl_datatype_size(u);
    return -1;
}

static jl_value_t *sizeof_type(jl_datatype_t *dx)
{
    const char *name = jl_symbol_name(dx->name->name);
    if (dx->layout == NULL) {
        if (dx->name->abstract)
            jl_errorf("Abstract type %s does not have a definite size.", name);
        jl_errorf("Argument is an incomplete %s type and does not have a definite size.", name);
    }
    if (is_opaque_layout(dx))
        jl_errorf("Type %s does not have a definite size.", name);
    return jl_box_int64(jl_datatype_size(dx));
}

JL_DLLEXPORT jl_value_t *jl_f_sizeof(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("sizeof", 1, 1);
    jl_value_t *x = args[0];
    if (jl_is_unionall(x) || jl_is_uniontype(x)) {
        x = jl_unwrap_unionall(x);
        long sz = union_size(x);
        if (sz >= 0)
            return jl_box_int64(sz);
        if (!jl_is_datatype(x))
            jl_error("Argument is an abstract type and does not have a definite size.");
    }
    if (jl_is_datatype(x))
        return sizeof_type((jl_datatype_t *)x);
    if (x == jl_bottom_type)
        jl_error("The empty type does not have a definite size since it does not have instances.");
    if (jl_is_string(x))
        return jl_box_int64((int64_t)jl_string_len(x));
    if (jl_is_symbol(x))
        return jl_box_int64((int64_t)((jl_sym_t *)x)->length);
    if (jl_is_svec(x))
        return jl_box_int64((int64_t)((1 + jl_svec_len(x)) * sizeof(void *)));
    if (jl_is_array(x))
        return jl_box_int64((int64_t)(jl_array_len(x) * ((jl_array_t *)x)->elsize));
    return jl_box_int64(jl_datatype_size(jl_typeof(x)));
}

JL_DLLEXPORT jl_value_t *jl_f_issubtype(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("<:", 2, 2);
    typechk_type("<:", args[0]);
    typechk_type("<:", args[1]);
    return jl_subtype(args[0], args[1]) ? jl_true : jl_false;
}

JL_DLLEXPORT jl_value_t *jl_f_isa(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("isa", 2, 2);
    typechk_type("isa", args[1]);
    return jl_isa(args[0], args[1]) ? jl_true : jl_false;
}

JL_DLLEXPORT jl_value_t *jl_f_typeassert(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("typeassert", 2, 2);
    typechk_type("typeassert", args[1]);
    if (!jl_isa(args[0], args[1]))
        jl_type_error("typeassert", args[1], args[0]);
    return args[0];
}

JL_DLLEXPORT jl_value_t *jl_f_throw(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("throw", 1, 1);
    jl_throw(args[0]);
}

JL_DLLEXPORT jl_value_t *jl_f_ifelse(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("ifelse", 3, 3);
    JL_TYPECHK("ifelse", bool, args[0]);
    return *(int8_t *)args[0] ? args[1] : args[2];
}

JL_DLLEXPORT jl_value_t *jl_f_Typeof(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("Typeof", 1, 1);
    if (jl_is_type(args[0]))
        return jl_apply_type1(jl_type_typename->wrapper, args[0]);
    return jl_typeof(args[0]);
}

JL_DLLEXPORT jl_value_t *jl_f_donotdelete(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return jl_nothing;
}

JL_DLLEXPORT jl_value_t *jl_f_compilerbarrier(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("compilerbarrier", 2, 2);
    JL_TYPECHK("compilerbarrier", symbol, args[0]);
    jl_sym_t *s = (jl_sym_t *)args[0];
    if (s != jl_symbol("type") && s != jl_symbol("const") && s != jl_symbol("conditional"))
        jl_error("The first argument of `compilerbarrier` must be either of `:type`, `:const` or `:conditional`.");
    return args[1];
}

JL_DLLEXPORT jl_value_t *jl_f_finalizer(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("finalizer", 2, 4);
    jl_gc_add_finalizer(args[1], args[0]);
    return jl_nothing;
}

/* ---------------------------------------------------------------- tuples, svecs, Expr, TypeVar */

JL_DLLEXPORT jl_value_t *jl_f_tuple(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return jl_tuplev(nargs, args);
}

JL_DLLEXPORT jl_value_t *jl_f_svec(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    jl_svec_t *v = jl_alloc_svec(nargs);
    for (uint32_t i = 0; i < nargs; i++)
        jl_svecset(v, i, args[i]);
    return (jl_value_t *)v;
}

JL_DLLEXPORT jl_value_t *jl_f__svec_ref(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("_svec_ref", 2, 2);
    JL_TYPECHK("_svec_ref", simplevector, args[0]);
    JL_TYPECHK("_svec_ref", int64, args[1]);
    int64_t i = jl_unbox_int64(args[1]);
    if (i < 1 || (uint64_t)i > jl_svec_len(args[0]))
        jl_bounds_error(args[0], args[1]);
    return jl_svecref(args[0], i - 1);
}

JL_DLLEXPORT jl_value_t *jl_f__expr(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("Expr", 1);
    JL_TYPECHK("Expr", symbol, args[0]);
    jl_expr_t *ex = jl_exprn((jl_sym_t *)args[0], nargs - 1);
    for (uint32_t i = 1; i < nargs; i++)
        jl_exprargset(ex, i - 1, args[i]);
    return (jl_value_t *)ex;
}

JL_DLLEXPORT jl_value_t *jl_f__typevar(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("TypeVar", 3, 3);
    JL_TYPECHK("TypeVar", symbol, args[0]);
    jl_value_t *lb = args[1], *ub = args[2];
    if (lb != jl_bottom_type && !jl_is_type(lb) && !jl_is_tvar(lb))
        jl_type_error_rt("TypeVar", "lower bound", (jl_value_t *)jl_type_type, lb);
    if (ub != (jl_value_t *)jl_any_type && !jl_is_type(ub) && !jl_is_tvar(ub))
        jl_type_error_rt("TypeVar", "upper bound", (jl_value_t *)jl_type_type, ub);
    return (jl_value_t *)jl_new_typevar((jl_sym_t *)args[0], lb, ub);
}

/* ---------------------------------------------------------------- apply_type */

static int is_nestable_type_param(jl_value_t *t)
{
    if (jl_is_datatype(t) && ((jl_datatype_t *)t)->name == jl_namedtuple_typename &&
        jl_svec_len(((jl_datatype_t *)t)->parameters) == 2)
        t = jl_svecref(((jl_datatype_t *)t)->parameters, 1);
    if (!jl_is_tuple_type(t))
        return 0;
    jl_svec_t *ps = ((jl_datatype_t *)t)->parameters;
    for (size_t i = 0; i < jl_svec_len(ps); i++) {
        jl_value_t *p = jl_svecref(ps, i);
        int ok = p == (jl_value_t *)jl_symbol_type || (jl_is_datatype(p) && ((jl_datatype_t *)p)->isbitstype) ||
                 is_nestable_type_param(p) || p == (jl_value_t *)jl_module_type;
        if (!ok)
            return 0;
    }
    return 1;
}

static int valid_type_param(jl_value_t *v)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(v);
    if (jl_is_tuple(v) || t->name == jl_namedtuple_typename)
        return is_nestable_type_param((jl_value_t *)t);
    if (jl_typeis(v, jl_vararg_type))
        return 0;
    return jl_is_type(v) || jl_is_tvar(v) || jl_is_symbol(v) || t->isbitstype || t->instance == v ||
           jl_is_module(v);
}

static jl_value_t *new_vararg(jl_value_t *T, jl_value_t *N)
{
    if (T && !valid_type_param(T))
        jl_type_error_rt("Vararg", "type", (jl_value_t *)jl_type_type, T);
    if (N && !jl_is_tvar(N) && !jl_is_uniontype(jl_unwrap_unionall(N))) {
        if (!jl_is_int64(N))
            jl_type_error_rt("Vararg", "count", (jl_value_t *)jl_int64_type, N);
        if (jl_unbox_int64(N) < 0)
            jl_errorf("Vararg length is negative: %lld", (long long)jl_unbox_int64(N));
    }
    jl_vararg_t *va = (jl_vararg_t *)jl_gc_alloc(sizeof(jl_vararg_t), (jl_value_t *)jl_vararg_type);
    va->T = T;
    va->N = N;
    return (jl_value_t *)va;
}

JL_DLLEXPORT jl_value_t *jl_f_apply_type(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("apply_type", 1);
    jl_value_t *tc = args[0];
    if (tc == (jl_value_t *)jl_anytuple_type) {
        for (uint32_t i = 1; i < nargs; i++) {
            if (jl_typeis(args[i], jl_vararg_type)) {
                if (i != nargs - 1)
                    jl_type_error_rt("Tuple", "non-final parameter", (jl_value_t *)jl_type_type, args[i]);
            }
            else if (!valid_type_param(args[i])) {
                jl_type_error_rt("Tuple", "parameter", (jl_value_t *)jl_type_type, args[i]);
            }
        }
        return (jl_value_t *)jl_apply_tuple_type_v(args + 1, nargs - 1);
    }
    if (tc == (jl_value_t *)jl_uniontype_type) {
        for (uint32_t i = 1; i < nargs; i++)
            if (!jl_is_type(args[i]) && !jl_is_tvar(args[i]))
                jl_type_error("Union", (jl_value_t *)jl_type_type, args[i]);
        return jl_type_union(args + 1, nargs - 1);
    }
    if (jl_typeis(tc, jl_vararg_type)) {
        jl_vararg_t *vm = (jl_vararg_t *)tc;
        if (vm->T == NULL) {
            JL_NARGS("apply_type", 2, 3);
            return new_vararg(args[1], nargs == 3 ? args[2] : NULL);
        }
        if (vm->N == NULL) {
            JL_NARGS("apply_type", 2, 2);
            return new_vararg(vm->T, args[1]);
        }
    }
    else if (jl_is_unionall(tc)) {
        for (uint32_t i = 1; i < nargs; i++) {
            jl_value_t *p = args[i];
            if (!valid_type_param(p))
                jl_type_error_rt("Type", "parameter",
                                 jl_isa(p, (jl_value_t *)jl_number_type) ? (jl_value_t *)jl_int64_type
                                                                          : (jl_value_t *)jl_type_type, p);
        }
        return jl_apply_type(tc, args + 1, nargs - 1);
    }
    jl_type_error("Type{...} expression", (jl_value_t *)jl_unionall_type, tc);
}

/* ---------------------------------------------------------------- calling */

/* a growable argument list: starts on the C stack, moves to a scanned heap buffer when it grows */
typedef struct {
    jl_value_t **v;
    size_t n, cap;
} arglist_t;

static void arglist_push(arglist_t *l, jl_value_t *x)
{
    if (l->n == l->cap) {
        size_t cap = l->cap * 2;
        jl_value_t **nv = (jl_value_t **)jl_gc_alloc_buf(cap * sizeof(jl_value_t *));
        memcpy(nv, l->v, l->n * sizeof(jl_value_t *));
        l->v = nv;
        l->cap = cap;
    }
    l->v[l->n++] = x;
}

static jl_value_t *nth_field_checked(jl_value_t *v, size_t i)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(v);
    if (i >= jl_datatype_nfields(t))
        jl_bounds_error_int(v, i + 1);
    jl_value_t *x = jl_get_nth_field(v, i);
    if (x == NULL)
        jl_throw_undefref();
    return x;
}

static void splat_iterate(arglist_t *l, jl_value_t *iterate, jl_value_t *x)
{
    jl_value_t *a[2] = {x, NULL};
    jl_value_t *next = jl_apply_any(iterate, a, 1);
    while (next != jl_nothing) {
        arglist_push(l, nth_field_checked(next, 0));
        a[1] = nth_field_checked(next, 1);
        next = jl_apply_any(iterate, a, 2);
    }
}

static void splat_one(arglist_t *l, jl_value_t *iterate, jl_value_t *x)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(x);
    if (jl_is_svec(x)) {
        for (size_t j = 0; j < jl_svec_len(x); j++)
            arglist_push(l, jl_svecref(x, j));
    }
    else if (t->name == jl_tuple_typename || t->name == jl_namedtuple_typename) {
        for (size_t j = 0; j < jl_datatype_nfields(t); j++)
            arglist_push(l, nth_field_checked(x, j));
    }
    else if (jl_is_array(x)) {
        jl_array_t *a = (jl_array_t *)x;
        for (size_t j = 0; j < jl_array_len(a); j++) {
            if ((a->flags & JL_ARRAY_PTRARRAY) && jl_array_ptr_ref(a, j) == NULL)
                jl_throw_undefref();
            arglist_push(l, jl_arrayref(a, j));
        }
    }
    else {
        splat_iterate(l, iterate, x);
    }
}

JL_DLLEXPORT jl_value_t *jl_f__apply_iterate(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("_apply_iterate", 2);
    jl_value_t *iterate = args[0], *f = args[1];
    if (nargs == 3) {
        if (f == jl_builtin_svec && jl_is_svec(args[2]))
            return args[2];
        if (f == jl_builtin_tuple && jl_is_tuple(args[2]))
            return args[2];
    }
    jl_value_t *small[32];
    arglist_t l = {small, 0, 32};
    for (uint32_t i = 2; i < nargs; i++)
        splat_one(&l, iterate, args[i]);
    return jl_apply_any(f, l.v, (uint32_t)l.n);
}

JL_DLLEXPORT jl_value_t *jl_f__apply_pure(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("_apply_pure", 1);
    return jl_apply_any(args[0], args + 1, nargs - 1);
}

JL_DLLEXPORT jl_value_t *jl_f__call_latest(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("_call_latest", 1);
    return jl_apply_any(args[0], args + 1, nargs - 1);
}

/* julep has one world for running code (the newest), so a world argument selects nothing yet */
JL_DLLEXPORT jl_value_t *jl_f__call_in_world(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("_call_in_world", 2);
    JL_TYPECHK("_call_in_world", uint64, args[0]);
    return jl_apply_any(args[1], args + 2, nargs - 2);
}

JL_DLLEXPORT jl_value_t *jl_f__call_in_world_total(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("_call_in_world_total", 2);
    JL_TYPECHK("_call_in_world_total", uint64, args[0]);
    return jl_apply_any(args[1], args + 2, nargs - 2);
}

JL_DLLEXPORT jl_value_t *jl_f_invoke(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("invoke", 2);
    jl_value_t *types = args[1];
    if (!jl_is_tuple_type(jl_unwrap_unionall(types)))
        jl_type_error("invoke", jl_apply_type1(jl_type_typename->wrapper, (jl_value_t *)jl_anytuple_type),
                      types);
    if (!jl_subtype(arg_tuple_type(args + 2, nargs - 2), types))
        jl_type_error("invoke: argument type error", types, jl_tuplev(nargs - 2, args + 2));
    if (jl_is_builtin(args[0]))
        return jl_builtin_fptr(args[0])(args[0], args + 2, nargs - 2);
    return jl_gf_invoke(types, args[0], args + 2, nargs - 2);
}

JL_DLLEXPORT jl_value_t *jl_f_applicable(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("applicable", 1);
    if (jl_is_builtin(args[0]))
        return jl_true;
    return jl_gf_applicable(args[0], args + 1, nargs - 1) ? jl_true : jl_false;
}

JL_DLLEXPORT jl_value_t *jl_f__compute_sparams(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("_compute_sparams", 1);
    JL_TYPECHK("_compute_sparams", method, args[0]);
    jl_method_t *m = (jl_method_t *)args[0];
    jl_value_t *tt = arg_tuple_type(args + 1, nargs - 1);
    int n = 0;
    for (jl_value_t *u = m->sig; jl_is_unionall(u); u = ((jl_unionall_t *)u)->body)
        n++;
    jl_value_t *env[n ? n : 1];
    memset(env, 0, sizeof env);
    jl_subtype_env(tt, m->sig, env, n);
    jl_svec_t *sp = jl_alloc_svec((size_t)n);
    jl_value_t *u = m->sig;
    for (int i = 0; i < n; i++, u = ((jl_unionall_t *)u)->body)
        jl_svecset(sp, i, env[i] ? env[i] : (jl_value_t *)((jl_unionall_t *)u)->var);
    return (jl_value_t *)sp;
}

/* ---------------------------------------------------------------- fields */

/* memory orders, as Julia checks them: returns -1 for an invalid one */
enum { MO_UNSPECIFIED = -2, MO_NOTATOMIC = 0, MO_UNORDERED, MO_MONOTONIC, MO_ACQUIRE, MO_RELEASE, MO_ACQREL,
       MO_SEQCST };

static int atomic_order(jl_value_t *order, int loading, int storing)
{
    const char *s = jl_symbol_name((jl_sym_t *)order);
    if (strcmp(s, "not_atomic") == 0)
        return MO_NOTATOMIC;
    if (strcmp(s, "unordered") == 0 && (loading ^ storing))
        return MO_UNORDERED;
    if (strcmp(s, "monotonic") == 0 && (loading || storing))
        return MO_MONOTONIC;
    if (strcmp(s, "acquire") == 0 && loading)
        return MO_ACQUIRE;
    if (strcmp(s, "release") == 0 && storing)
        return MO_RELEASE;
    if (strcmp(s, "acquire_release") == 0 && loading && storing)
        return MO_ACQREL;
    if (strcmp(s, "sequentially_consistent") == 0)
        return MO_SEQCST;
    return -1;
}

static int order_arg(const char *fname, jl_value_t *order, int loading, int storing)
{
    JL_TYPECHK(fname, symbol, order);
    int mo = atomic_order(order, loading, storing);
    if (mo < 0)
        core_error("ConcurrencyViolationError", "invalid atomic ordering");
    return mo;
}

static size_t field_index(const char *fname, jl_datatype_t *st, jl_value_t *v, jl_value_t *arg, int mutabl)
{
    if (mutabl) {
        if (st == jl_module_type)
            jl_error("cannot assign variables in other modules");
        if (!st->name->mutabl)
            jl_errorf("%s: immutable struct of type %s cannot be changed", fname, jl_symbol_name(st->name->name));
    }
    size_t idx;
    if (jl_is_int64(arg)) {
        idx = (size_t)(jl_unbox_int64(arg) - 1);
        if (idx >= jl_datatype_nfields(st))
            jl_bounds_error(v, arg);
    }
    else if (jl_is_symbol(arg)) {
        idx = (size_t)jl_field_index(st, (jl_sym_t *)arg, 1);
    }
    else {
        jl_value_t *ts[2] = {(jl_value_t *)jl_int64_type, (jl_value_t *)jl_symbol_type};
        jl_type_error(fname, jl_type_union(ts, 2), arg);
    }
    if (mutabl && jl_field_isconst(st, idx))
        jl_errorf("%s: const field .%s of type %s cannot be changed", fname,
                  jl_symbol_name((jl_sym_t *)jl_svecref(jl_field_names(st), idx)), jl_symbol_name(st->name->name));
    return idx;
}

/* the atomic-ness of the field must match the order given (MO_UNSPECIFIED: either) */
static void check_field_order(const char *fname, jl_datatype_t *st, size_t idx, int order, int writing)
{
    int isatomic = jl_field_isatomic(st, idx);
    char msg[128];
    if (order == MO_UNSPECIFIED)
        return;
    if (isatomic && order == MO_NOTATOMIC) {
        snprintf(msg, sizeof msg, "%s: atomic field cannot be %s non-atomically", fname,
                 writing ? "written" : "accessed");
        core_error("ConcurrencyViolationError", msg);
    }
    if (!isatomic && order != MO_NOTATOMIC) {
        snprintf(msg, sizeof msg, "%s: non-atomic field cannot be %s atomically", fname,
                 writing ? "written" : "accessed");
        core_error("ConcurrencyViolationError", msg);
    }
}

static jl_value_t *field_type(jl_datatype_t *st, size_t idx)
{
    return jl_svecref(st->types, idx);
}

JL_DLLEXPORT jl_value_t *jl_f_getglobal(jl_value_t *F, jl_value_t **args, uint32_t nargs);

JL_DLLEXPORT jl_value_t *jl_f_getfield(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("getfield", 2, 4);
    int order = MO_UNSPECIFIED;
    if (nargs == 4) {
        JL_TYPECHK("getfield", symbol, args[2]);
        JL_TYPECHK("getfield", bool, args[3]);
        order = order_arg("getfield", args[2], 1, 0);
    }
    else if (nargs == 3 && !jl_is_bool(args[2])) {
        order = order_arg("getfield", args[2], 1, 0);
    }
    jl_value_t *v = args[0];
    jl_datatype_t *st = (jl_datatype_t *)jl_typeof(v);
    if (st == jl_module_type)
        return jl_f_getglobal(NULL, args, 2);
    size_t idx = field_index("getfield", st, v, args[1], 0);
    if (order != MO_NOTATOMIC && order != MO_UNSPECIFIED && !jl_field_isatomic(st, idx))
        core_error("ConcurrencyViolationError", "getfield: non-atomic field cannot be accessed atomically");
    if (order == MO_NOTATOMIC && jl_field_isatomic(st, idx))
        core_error("ConcurrencyViolationError", "getfield: atomic field cannot be accessed non-atomically");
    return nth_field_checked(v, idx);
}

static void set_field_checked(const char *fname, jl_datatype_t *st, jl_value_t *v, size_t idx, jl_value_t *x)
{
    jl_value_t *ft = field_type(st, idx);
    if (!jl_isa(x, ft))
        jl_type_error(fname, ft, x);
    jl_set_nth_field(v, idx, x);
}

JL_DLLEXPORT jl_value_t *jl_f_setfield(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("setfield!", 3, 4);
    int order = nargs == 4 ? order_arg("setfield!", args[3], 0, 1) : MO_NOTATOMIC;
    jl_value_t *v = args[0];
    jl_datatype_t *st = (jl_datatype_t *)jl_typeof(v);
    size_t idx = field_index("setfield!", st, v, args[1], 1);
    check_field_order("setfield!", st, idx, order, 1);
    set_field_checked("setfield!", st, v, idx, args[2]);
    return args[2];
}

JL_DLLEXPORT jl_value_t *jl_f_swapfield(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("swapfield!", 3, 4);
    int order = nargs == 4 ? order_arg("swapfield!", args[3], 1, 1) : MO_NOTATOMIC;
    jl_value_t *v = args[0];
    jl_datatype_t *st = (jl_datatype_t *)jl_typeof(v);
    size_t idx = field_index("swapfield!", st, v, args[1], 1);
    check_field_order("swapfield!", st, idx, order, 1);
    jl_value_t *old = nth_field_checked(v, idx);
    set_field_checked("swapfield!", st, v, idx, args[2]);
    return old;
}

JL_DLLEXPORT jl_value_t *jl_f_modifyfield(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("modifyfield!", 4, 5);
    int order = nargs == 5 ? order_arg("modifyfield!", args[4], 1, 1) : MO_NOTATOMIC;
    jl_value_t *v = args[0];
    jl_datatype_t *st = (jl_datatype_t *)jl_typeof(v);
    size_t idx = field_index("modifyfield!", st, v, args[1], 1);
    check_field_order("modifyfield!", st, idx, order, 1);
    jl_value_t *old = nth_field_checked(v, idx);
    jl_value_t *opargs[2] = {old, args[3]};
    jl_value_t *r = jl_apply_any(args[2], opargs, 2);
    set_field_checked("modifyfield!", st, v, idx, r);
    jl_value_t *ft = field_type(st, idx);
    return jl_new_pair(ft, old, r);
}

/* Pair{T,T}(a, b): Julia defines Pair in Core (boot.jl); julep's Base may define it instead */
JL_DLLEXPORT jl_value_t *jl_new_pair(jl_value_t *T, jl_value_t *a, jl_value_t *b)
{
    jl_value_t *pair = jl_get_global(jl_core_module, jl_symbol("Pair"));
    if ((pair == NULL || !jl_is_unionall(pair)) && jl_base_module)
        pair = jl_get_global(jl_base_module, jl_symbol("Pair"));
    if (pair == NULL || !jl_is_unionall(pair))
        jl_error("Pair is not defined");
    return jl_new_struct((jl_datatype_t *)jl_apply_type2(pair, T, T), a, b);
}

/* NamedTuple{(:old, :success), Tuple{ft, Bool}}(old, success) */
static jl_value_t *old_success(jl_value_t *ft, jl_value_t *old, int success)
{
    jl_value_t *names = jl_tuple(2, jl_symbol("old"), jl_symbol("success"));
    jl_value_t *tt = (jl_value_t *)jl_apply_tuple_type_v((jl_value_t *[]){ft, (jl_value_t *)jl_bool_type}, 2);
    jl_value_t *nt = jl_apply_type2(jl_namedtuple_type, names, tt);
    return jl_new_struct((jl_datatype_t *)nt, old, jl_box_bool((int8_t)success));
}

JL_DLLEXPORT jl_value_t *jl_f_replacefield(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("replacefield!", 4, 6);
    int sorder = nargs >= 5 ? order_arg("replacefield!", args[4], 1, 1) : MO_NOTATOMIC;
    int forder = nargs == 6 ? order_arg("replacefield!", args[5], 1, 0) : sorder;
    if (forder > sorder)
        core_error("ConcurrencyViolationError", "invalid atomic ordering");
    jl_value_t *v = args[0];
    jl_datatype_t *st = (jl_datatype_t *)jl_typeof(v);
    size_t idx = field_index("replacefield!", st, v, args[1], 1);
    check_field_order("replacefield!", st, idx, sorder, 1);
    check_field_order("replacefield!", st, idx, forder, 0);
    jl_value_t *ft = field_type(st, idx);
    if (!jl_isa(args[3], ft))
        jl_type_error("replacefield!", ft, args[3]);
    jl_value_t *old = nth_field_checked(v, idx);
    int success = jl_egal(old, args[2]);
    if (success)
        jl_set_nth_field(v, idx, args[3]);
    return old_success(ft, old, success);
}

JL_DLLEXPORT jl_value_t *jl_f_nfields(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("nfields", 1, 1);
    return jl_box_int64(jl_datatype_nfields(jl_typeof(args[0])));
}

JL_DLLEXPORT jl_value_t *jl_f_isdefined(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("isdefined", 2, 3);
    int order = nargs == 3 ? order_arg("isdefined", args[2], 1, 0) : MO_UNSPECIFIED;
    if (jl_is_module(args[0])) {
        JL_TYPECHK("isdefined", symbol, args[1]);
        if (order == MO_NOTATOMIC)
            core_error("ConcurrencyViolationError", "isdefined: module binding cannot be accessed non-atomically");
        return jl_boundp((jl_module_t *)args[0], (jl_sym_t *)args[1]) ? jl_true : jl_false;
    }
    jl_datatype_t *vt = (jl_datatype_t *)jl_typeof(args[0]);
    long idx;
    if (jl_is_int64(args[1])) {
        idx = (long)jl_unbox_int64(args[1]) - 1;
        if (idx < 0 || (size_t)idx >= jl_datatype_nfields(vt))
            idx = -1;
    }
    else {
        JL_TYPECHK("isdefined", symbol, args[1]);
        idx = jl_field_index(vt, (jl_sym_t *)args[1], 0);
    }
    if (idx < 0) {
        if (order != MO_UNSPECIFIED)
            core_error("ConcurrencyViolationError",
                       "isdefined: atomic ordering cannot be specified for nonexistent field");
        return jl_false;
    }
    check_field_order("isdefined", vt, (size_t)idx, order, 0);
    return jl_field_isdefined(args[0], (size_t)idx) ? jl_true : jl_false;
}

/* fieldtype(T, name_or_index): Union{} when dothrow is 0 and there is no such field */
static jl_value_t *get_fieldtype(jl_value_t *t, jl_value_t *f, int dothrow)
{
    if (jl_is_unionall(t)) {
        jl_value_t *u = get_fieldtype(((jl_unionall_t *)t)->body, f, dothrow);
        return jl_type_unionall(((jl_unionall_t *)t)->var, u);
    }
    if (jl_is_uniontype(t)) {
        jl_value_t *u[2] = {get_fieldtype(((jl_uniontype_t *)t)->a, f, 0),
                            get_fieldtype(((jl_uniontype_t *)t)->b, f, 0)};
        if (u[0] == jl_bottom_type && u[1] == jl_bottom_type && dothrow) {
            get_fieldtype(((jl_uniontype_t *)t)->a, f, 1);
            get_fieldtype(((jl_uniontype_t *)t)->b, f, 1);
        }
        return jl_type_union(u, 2);
    }
    if (!jl_is_datatype(t))
        jl_type_error("fieldtype", (jl_value_t *)jl_datatype_type, t);
    jl_datatype_t *st = (jl_datatype_t *)t;
    long idx;
    if (jl_is_int64(f)) {
        idx = (long)jl_unbox_int64(f) - 1;
    }
    else {
        JL_TYPECHK("fieldtype", symbol, f);
        idx = jl_field_index(st, (jl_sym_t *)f, dothrow);
        if (idx == -1)
            return jl_bottom_type;
    }
    if (st->name == jl_namedtuple_typename && jl_svec_len(st->parameters) == 2) {
        jl_value_t *nm = jl_svecref(st->parameters, 0);
        if (jl_is_tuple(nm) && (idx < 0 || (size_t)idx >= jl_datatype_nfields(jl_typeof(nm)))) {
            if (dothrow)
                jl_bounds_error(t, f);
            return jl_bottom_type;
        }
        jl_value_t *tt = jl_svecref(st->parameters, 1);
        while (jl_is_tvar(tt))
            tt = ((jl_tvar_t *)tt)->ub;
        if (tt == (jl_value_t *)jl_any_type || tt == jl_bottom_type)
            return tt;
        return get_fieldtype(tt, jl_box_int64(idx + 1), dothrow);
    }
    jl_svec_t *types = st->types;
    if (types == NULL)
        jl_errorf("fieldtype: type %s is not fully defined", jl_symbol_name(st->name->name));
    long nf = (long)jl_svec_len(types);
    if (nf > 0 && idx >= nf - 1 && st->name == jl_tuple_typename) {
        jl_value_t *last = jl_svecref(types, nf - 1);
        if (jl_typeis(last, jl_vararg_type)) {
            jl_value_t *T = ((jl_vararg_t *)last)->T;
            return T ? T : (jl_value_t *)jl_any_type;
        }
    }
    if (idx < 0 || idx >= nf) {
        if (dothrow)
            jl_bounds_error(t, f);
        return jl_bottom_type;
    }
    return jl_svecref(types, idx);
}

JL_DLLEXPORT jl_value_t *jl_f_fieldtype(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("fieldtype", 2, 3);
    if (nargs == 3)
        JL_TYPECHK("fieldtype", bool, args[2]);
    return get_fieldtype(args[0], args[1], 1);
}

/* ---------------------------------------------------------------- module bindings */

JL_DLLEXPORT jl_value_t *jl_f_getglobal(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("getglobal", 2, 3);
    int order = nargs == 3 ? order_arg("getglobal", args[2], 1, 0) : MO_MONOTONIC;
    JL_TYPECHK("getglobal", module, args[0]);
    JL_TYPECHK("getglobal", symbol, args[1]);
    if (order == MO_NOTATOMIC)
        core_error("ConcurrencyViolationError", "getglobal: module binding cannot be read non-atomically");
    jl_value_t *v = jl_get_global((jl_module_t *)args[0], (jl_sym_t *)args[1]);
    if (v == NULL)
        jl_undefined_var_error((jl_sym_t *)args[1]);
    return v;
}

/* assignment to a global, as `m.x = v` and lowered `x = v` do it: declared type, then const rules */
JL_DLLEXPORT void jl_checked_assignment(jl_binding_t *b, jl_module_t *mod, jl_sym_t *var, jl_value_t *rhs)
{
    if (b->ty != (jl_value_t *)jl_any_type && !jl_isa(rhs, b->ty))
        jl_errorf("cannot assign an incompatible value to the global %s.%s.", jl_symbol_name(mod->name),
                  jl_symbol_name(var));
    if (b->constp && b->value != NULL && !jl_egal(rhs, b->value)) {
        if (jl_typeof(rhs) != jl_typeof(b->value) || jl_is_type(rhs) || jl_is_module(rhs))
            jl_errorf("invalid redefinition of constant %s.%s", jl_symbol_name(mod->name), jl_symbol_name(var));
        jl_ios_flush_stdout();
        fprintf(stderr, "WARNING: redefinition of constant %s.%s. This may fail, cause incorrect answers, "
                        "or produce other errors.\n", jl_symbol_name(mod->name), jl_symbol_name(var));
    }
    b->value = rhs;
}

JL_DLLEXPORT jl_value_t *jl_f_setglobal(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("setglobal!", 3, 4);
    int order = nargs == 4 ? order_arg("setglobal!", args[3], 0, 1) : MO_RELEASE;
    JL_TYPECHK("setglobal!", module, args[0]);
    JL_TYPECHK("setglobal!", symbol, args[1]);
    if (order == MO_NOTATOMIC)
        core_error("ConcurrencyViolationError", "setglobal!: module binding cannot be written non-atomically");
    jl_module_t *m = (jl_module_t *)args[0];
    jl_sym_t *var = (jl_sym_t *)args[1];
    jl_checked_assignment(jl_get_binding_wr(m, var), m, var, args[2]);
    return args[2];
}

JL_DLLEXPORT jl_value_t *jl_f_get_binding_type(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("get_binding_type", 2, 2);
    JL_TYPECHK("get_binding_type", module, args[0]);
    JL_TYPECHK("get_binding_type", symbol, args[1]);
    jl_binding_t *b = jl_get_binding((jl_module_t *)args[0], (jl_sym_t *)args[1]);
    return b ? b->ty : (jl_value_t *)jl_any_type;
}

JL_DLLEXPORT jl_value_t *jl_f_set_binding_type(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("set_binding_type!", 2, 3);
    JL_TYPECHK("set_binding_type!", module, args[0]);
    JL_TYPECHK("set_binding_type!", symbol, args[1]);
    jl_value_t *ty = nargs == 2 ? (jl_value_t *)jl_any_type : args[2];
    typechk_type("set_binding_type!", ty);
    jl_module_t *m = (jl_module_t *)args[0];
    jl_binding_t *b = jl_get_binding_wr(m, (jl_sym_t *)args[1]);
    /* a binding's type is Any until declared; one with a value already has its type fixed */
    int unset = b->ty == (jl_value_t *)jl_any_type && b->value == NULL;
    if (unset) {
        b->ty = ty;
        return jl_nothing;
    }
    if (nargs == 2 || b->ty == ty || (jl_subtype(b->ty, ty) && jl_subtype(ty, b->ty)))
        return jl_nothing;
    jl_errorf("cannot set type for global %s.%s. It already has a value or is already set to a different type.",
              jl_symbol_name(m->name), jl_symbol_name((jl_sym_t *)args[1]));
}

/* ---------------------------------------------------------------- arrays */

static void typechk_array(const char *fname, jl_value_t *a)
{
    if (!jl_is_array(a))
        jl_type_error(fname, jl_array_type, a);
}

/* the linear (0-based) index of a[i1, i2, ...], with Julia's trailing-index rules */
static size_t array_nd_index(const char *fname, jl_array_t *a, jl_value_t **idxs, size_t n)
{
    size_t i = 0, stride = 1, nd = a->ndims, k;
    for (k = 0; k < n; k++) {
        if (!jl_is_int64(idxs[k]))
            jl_type_error(fname, (jl_value_t *)jl_int64_type, idxs[k]);
        size_t ii = (size_t)(jl_unbox_int64(idxs[k]) - 1);
        i += ii * stride;
        size_t d = k >= nd ? 1 : a->dims[k];
        if (k < n - 1 && ii >= d)
            jl_bounds_error((jl_value_t *)a, jl_tuplev(n, idxs));
        stride *= d;
    }
    for (; k < nd; k++)
        stride *= a->dims[k];
    if (i >= stride)
        jl_bounds_error((jl_value_t *)a, jl_tuplev(n, idxs));
    return i;
}

static jl_value_t *array_eltype(jl_array_t *a)
{
    return jl_svecref(((jl_datatype_t *)jl_typeof(a))->parameters, 0);
}

JL_DLLEXPORT jl_value_t *jl_f_arrayref(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("arrayref", 3);
    JL_TYPECHK("arrayref", bool, args[0]);
    typechk_array("arrayref", args[1]);
    jl_array_t *a = (jl_array_t *)args[1];
    size_t i = array_nd_index("arrayref", a, args + 2, nargs - 2);
    if (a->flags & JL_ARRAY_PTRARRAY) {
        jl_value_t *v = jl_array_ptr_ref(a, i);
        if (v == NULL)
            jl_throw_undefref();
        return v;
    }
    return jl_new_bits(array_eltype(a), (char *)a->data + i * a->elsize);
}

JL_DLLEXPORT jl_value_t *jl_f_const_arrayref(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    return jl_f_arrayref(F, args, nargs);
}

JL_DLLEXPORT jl_value_t *jl_f_arrayset(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGSV("arrayset", 4);
    JL_TYPECHK("arrayset", bool, args[0]);
    typechk_array("arrayset", args[1]);
    jl_array_t *a = (jl_array_t *)args[1];
    size_t i = array_nd_index("arrayset", a, args + 3, nargs - 3);
    jl_value_t *et = array_eltype(a), *x = args[2];
    if (et != (jl_value_t *)jl_any_type && !jl_isa(x, et))
        jl_type_error("arrayset", et, x);
    if (a->flags & JL_ARRAY_PTRARRAY)
        jl_array_ptr_set(a, i, x);
    else
        memcpy((char *)a->data + i * a->elsize, x, a->elsize);
    return args[1];
}

JL_DLLEXPORT jl_value_t *jl_f_arraysize(jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    JL_NARGS("arraysize", 2, 2);
    typechk_array("arraysize", args[0]);
    JL_TYPECHK("arraysize", int64, args[1]);
    jl_array_t *a = (jl_array_t *)args[0];
    int64_t d = jl_unbox_int64(args[1]);
    if (d < 1)
        jl_error("arraysize: dimension out of range");
    if ((uint64_t)d > a->ndims)
        return jl_box_int64(1);
    return jl_box_int64((int64_t)a->dims[d - 1]);
}

/* ---------------------------------------------------------------- creating builtins */

JL_DLLEXPORT jl_value_t *jl_new_builtin(const char *name, jl_fptr_args_t fptr, jl_module_t *m)
{
    size_t n = strlen(name);
    char tname[n + 2];
    tname[0] = '#';
    memcpy(tname + 1, name, n + 1);
    jl_datatype_t *dt = jl_new_datatype(jl_symbol(tname), m, jl_builtin_type, jl_emptysvec, jl_emptysvec,
                                        jl_emptysvec, 0, 0, 0);
    jl_set_opaque_layout(dt, sizeof(jl_builtin_fn_t), 1);
    jl_value_t *f = jl_gc_alloc_atomic(sizeof(jl_builtin_fn_t), (jl_value_t *)dt);
    ((jl_builtin_fn_t *)f)->fptr = fptr;
    dt->instance = f;
    if (m)
        jl_set_const(m, jl_symbol(name), f);
    return f;
}

JL_DLLEXPORT jl_value_t *jl_get_builtin(const char *name)
{
    for (size_t i = 0; i < N_BUILTINS; i++)
        if (strcmp(builtin_table[i].name, name) == 0)
            return builtin_instances[i];
    return NULL;
}

JL_DLLEXPORT const char *jl_builtin_name(jl_value_t *f)
{
    if (jl_is_intrinsic(f))
        return jl_intrinsic_name(jl_intrinsic_id(f));
    for (size_t i = 0; i < N_BUILTINS; i++)
        if (builtin_instances[i] == f)
            return builtin_table[i].name;
    /* a builtin made elsewhere with jl_new_builtin: its type is named "#name" */
    const char *tn = jl_symbol_name(((jl_datatype_t *)jl_typeof(f))->name->name);
    return tn[0] == '#' ? tn + 1 : tn;
}

/* `struct Name <: Exception end` in Core, as boot.jl defines it (an identical later definition is
   accepted by _equiv_typedef) */
static jl_datatype_t *core_singleton_exception(const char *name, jl_value_t **instance)
{
    jl_datatype_t *dt = jl_new_datatype(jl_symbol(name), jl_core_module, jl_exception_type, jl_emptysvec,
                                        jl_emptysvec, jl_emptysvec, 0, 0, 0);
    *instance = dt->instance;
    jl_set_const(jl_core_module, jl_symbol(name), (jl_value_t *)dt);
    return dt;
}

static void bind_if_missing(const char *name, jl_value_t *v)
{
    if (!jl_boundp(jl_core_module, jl_symbol(name)))
        jl_set_const(jl_core_module, jl_symbol(name), v);
}

/* after a system image is loaded: the builtins are Core's bindings of their names */
void jl_relink_builtins(void)
{
    for (size_t i = 0; i < N_BUILTINS; i++)
        builtin_instances[i] = jl_get_global(jl_core_module, jl_symbol(builtin_table[i].name));
    jl_relink_intrinsics();
}

void jl_init_builtins(void)
{
    jl_diverror_type = core_singleton_exception("DivideError", &jl_diverror_exception);
    jl_undefref_type = core_singleton_exception("UndefRefError", &jl_undefref_exception);
    for (size_t i = 0; i < N_BUILTINS; i++)
        builtin_instances[i] = jl_new_builtin(builtin_table[i].name, builtin_table[i].fptr, jl_core_module);
    jl_builtin_tuple = jl_get_builtin("tuple");
    jl_builtin_svec = jl_get_builtin("svec");
    jl_builtin_getfield = jl_get_builtin("getfield");
    jl_builtin_apply_type = jl_get_builtin("apply_type");
    jl_builtin__apply_iterate = jl_get_builtin("_apply_iterate");
    jl_builtin_is = jl_get_builtin("===");
    jl_builtin_typeof = jl_get_builtin("typeof");
    jl_builtin_isa = jl_get_builtin("isa");
    jl_builtin_throw = jl_get_builtin("throw");
    jl_builtin_invoke = jl_get_builtin("invoke");
    bind_if_missing("Vararg", new_vararg(NULL, NULL));
    bind_if_missing("Int", (jl_value_t *)jl_int64_type);
    bind_if_missing("IntrinsicFunction", (jl_value_t *)jl_intrinsic_type);
    jl_init_intrinsics();
}
