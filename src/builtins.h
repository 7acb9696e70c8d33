/*
 * builtins.h -- Core's builtin functions (builtins.c, builtins_types.c) and Core.Intrinsics
 * (intrinsics.c).
 *
 * Representation (julep.h): a builtin is the unique instance of its own type `typeof(f)` (type name
 * `Symbol("#f")`, supertype Core.Builtin, opaque 8-byte layout holding a jl_builtin_fn_t); an
 * intrinsic is an instance of Core.IntrinsicFunction (also <: Builtin) with the same layout. Calling
 * either is one indirect call through `fptr` with the generic ABI; every entry point checks its own
 * arity and argument types and throws Julia 1.10's errors, so callers (dispatch, the interpreter,
 * compiled code) may call an fptr directly.
 *
 * Invariants:
 *   - jl_is_builtin(f) exactly when typeof(f) is a subtype of Core.Builtin created here; such an f has
 *     no method table and dispatch calls jl_builtin_fptr(f) for every argument list.
 *   - Builtin and intrinsic objects are bound as constants in Core / Core.Intrinsics, so they are never
 *     collected; their identity is stable for the life of the process.
 */
#ifndef JL_BUILTINS_H
#define JL_BUILTINS_H

#include "julep_internal.h"

static inline int jl_is_builtin(jl_value_t *v)
{
    return ((jl_datatype_t *)jl_typeof(v))->super == jl_builtin_type;
}
#define jl_is_intrinsic(v) jl_typeis(v, jl_intrinsic_type)
#define jl_builtin_fptr(f) (((jl_builtin_fn_t *)(f))->fptr)

/* Exception types of Core that the builtins throw. Created at init (as boot.jl defines them, so an
   identical redefinition from Julia code is accepted). */
extern JL_DLLEXPORT jl_datatype_t *jl_diverror_type;     /* DivideError() */
extern JL_DLLEXPORT jl_datatype_t *jl_undefref_type;     /* UndefRefError() */
extern JL_DLLEXPORT jl_value_t *jl_diverror_exception, *jl_undefref_exception;
JL_DLLEXPORT JL_NORETURN void jl_throw_undefref(void);
/* TypeError(fname, context, expected, got): "in fname, in context, expected ..., got ..." */
JL_DLLEXPORT JL_NORETURN void jl_type_error_rt(const char *fname, const char *context,
                                              jl_value_t *expected, jl_value_t *got);
JL_DLLEXPORT int jl_is_type(jl_value_t *v);   /* DataType, Union, UnionAll or Union{} */

/* Builtin objects that other layers use by identity (lowering's Core.tuple & co). NULL before init. */
extern JL_DLLEXPORT jl_value_t *jl_builtin_tuple, *jl_builtin_svec, *jl_builtin_getfield,
    *jl_builtin_apply_type, *jl_builtin__apply_iterate, *jl_builtin_is, *jl_builtin_typeof,
    *jl_builtin_isa, *jl_builtin_throw, *jl_builtin_invoke;

/* Look a builtin up by its Julia name ("getfield", "===", "setfield!"); NULL if there is none. */
JL_DLLEXPORT jl_value_t *jl_get_builtin(const char *name);
JL_DLLEXPORT const char *jl_builtin_name(jl_value_t *f);  /* "getfield"; intrinsics give their name */

JL_DLLEXPORT jl_value_t *jl_new_pair(jl_value_t *T, jl_value_t *a, jl_value_t *b); /* Pair{T,T}(a, b) */

/* Calls a function value with the generic ABI: builtins directly, everything else through dispatch. */
JL_DLLEXPORT jl_value_t *jl_apply_any(jl_value_t *f, jl_value_t **args, uint32_t nargs);


/* Type definition support (builtins_types.c). Field attributes (`const`, `@atomic`) of mutable
   structs live in a side table keyed by TypeName (flag bit in jl_typename_t.pad[0]). */
JL_DLLEXPORT int jl_equiv_typedef(jl_value_t *a, jl_value_t *b);  /* Core._equiv_typedef */
JL_DLLEXPORT int jl_field_isconst(jl_datatype_t *st, size_t i);
JL_DLLEXPORT int jl_field_isatomic(jl_datatype_t *st, size_t i);
/* `x = v` for a global: declared type check, then Julia's const rules (error / warning) */
JL_DLLEXPORT void jl_checked_assignment(jl_binding_t *b, jl_module_t *mod, jl_sym_t *var, jl_value_t *rhs);

/* intrinsics.c */
void jl_init_intrinsics(void);
JL_DLLEXPORT int jl_intrinsic_id(jl_value_t *f);          /* Julia 1.10's enum order; -1 if none */
JL_DLLEXPORT const char *jl_intrinsic_name(int id);       /* "add_int"; "invalid" when out of range */
JL_DLLEXPORT jl_value_t *jl_get_intrinsic(const char *name);
JL_DLLEXPORT size_t jl_intrinsic_count(void);

/* Every builtin entry point, for codegen and the interpreter (generic ABI). */
#define JL_BUILTIN_LIST(X)                                                                       \
    X(is, "===") X(typeof, "typeof") X(sizeof, "sizeof") X(issubtype, "<:") X(isa, "isa")       \
    X(typeassert, "typeassert") X(throw, "throw") X(tuple, "tuple") X(ifelse, "ifelse")         \
    X(getfield, "getfield") X(setfield, "setfield!") X(swapfield, "swapfield!")                 \
    X(modifyfield, "modifyfield!") X(replacefield, "replacefield!") X(fieldtype, "fieldtype")   \
    X(nfields, "nfields") X(isdefined, "isdefined") X(getglobal, "getglobal")                   \
    X(setglobal, "setglobal!") X(get_binding_type, "get_binding_type")                          \
    X(set_binding_type, "set_binding_type!") X(arrayref, "arrayref")                            \
    X(const_arrayref, "const_arrayref") X(arrayset, "arrayset") X(arraysize, "arraysize")       \
    X(applicable, "applicable") X(invoke, "invoke") X(apply_type, "apply_type")                 \
    X(_apply_iterate, "_apply_iterate") X(_expr, "_expr") X(svec, "svec")                       \
    X(_apply_pure, "_apply_pure") X(_call_latest, "_call_latest")                               \
    X(_call_in_world, "_call_in_world") X(_call_in_world_total, "_call_in_world_total")         \
    X(_typevar, "_typevar") X(_structtype, "_structtype") X(_abstracttype, "_abstracttype")     \
    X(_primitivetype, "_primitivetype") X(_setsuper, "_setsuper!") X(_typebody, "_typebody!")   \
    X(_equiv_typedef, "_equiv_typedef") X(donotdelete, "donotdelete")                           \
    X(compilerbarrier, "compilerbarrier") X(finalizer, "finalizer")                             \
    X(_compute_sparams, "_compute_sparams") X(_svec_ref, "_svec_ref") X(Typeof, "Typeof")

#define JL_DECLARE_BUILTIN(cname, jlname) \
    JL_DLLEXPORT jl_value_t *jl_f_##cname(jl_value_t *F, jl_value_t **args, uint32_t nargs);
JL_BUILTIN_LIST(JL_DECLARE_BUILTIN)
#undef JL_DECLARE_BUILTIN

/* argument checks shared by builtins.c, builtins_types.c and intrinsics.c (fname: a C string) */
#define JL_NARGS(fname, min, max)                                   \
    do {                                                            \
        if (nargs < (uint32_t)(min))                                \
            jl_too_few_args(fname, min);                            \
        else if (nargs > (uint32_t)(max))                           \
            jl_too_many_args(fname, max);                           \
    } while (0)
#define JL_NARGSV(fname, min)                                       \
    do {                                                            \
        if (nargs < (uint32_t)(min))                                \
            jl_too_few_args(fname, min);                            \
    } while (0)
/* T: symbol, module, simplevector, bool, int64, datatype, ... (the jl_<T>_type global) */
#define JL_TYPECHK(fname, T, v)                                     \
    do {                                                            \
        if (!jl_typeis(v, jl_##T##_type))                           \
            jl_type_error(fname, (jl_value_t *)jl_##T##_type, v);   \
    } while (0)

#endif
