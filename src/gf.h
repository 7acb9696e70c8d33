/*
 * gf.h -- generic functions, method tables and dispatch (gf.c), and the parts of subtyping beyond
 * julep_internal.h's (subtype.c).
 *
 * Invariants (details at the top of gf.c):
 *   - A method lives in exactly one table, found from its signature's first parameter
 *     (jl_method_table_for): a function's own table (`typeof(f).name.mt`), the shared table of
 *     constructors `Type{...}` (jl_type_type_mt, also the table of the kinds DataType, UnionAll, Union,
 *     TypeofBottom), or the shared table of other callable objects (jl_nonfunction_mt).
 *   - The world counter grows by one for every method added or replaced. The interpreter always runs in
 *     the newest world; a CodeInstance is current while its max_world is JL_WORLD_MAX.
 *   - A call whose exact argument types were seen before finds its MethodInstance in the table's leaf
 *     cache without allocating; adding a method to a table empties that table's cache.
 */
#ifndef JL_GF_H
#define JL_GF_H

#include "julep_internal.h"

#define JL_WORLD_MAX (~(uint64_t)0)

extern JL_DLLEXPORT jl_datatype_t *jl_methoderror_type; /* Core.MethodError(f, args::Tuple, world::UInt) */
extern JL_DLLEXPORT jl_methtable_t *jl_type_type_mt;     /* constructors: methods of Type{...} */
extern JL_DLLEXPORT jl_methtable_t *jl_nonfunction_mt;   /* callable objects that are not Functions */
extern JL_DLLEXPORT jl_value_t *jl_kwcall_func;          /* Core.kwcall */

void jl_init_gf(void); /* after jl_init_types: MethodError, Core.kwcall, the shared tables */

/* ---- method tables and definitions */
JL_DLLEXPORT jl_methtable_t *jl_new_method_table(jl_sym_t *name, jl_module_t *module);
/* Add (or replace, for a type-equal signature) a method; bumps the world and invalidates. */
JL_DLLEXPORT void jl_method_table_insert(jl_methtable_t *mt, jl_method_t *m);
/* A method implemented in C: `fptr` receives (F, args, nargs) like any generic-ABI entry. `sig` is the
   full signature Tuple{typeof(f), ...} (maybe wrapped in UnionAlls). mt NULL: jl_method_table_for. */
JL_DLLEXPORT jl_method_t *jl_new_native_method(jl_methtable_t *mt, jl_value_t *sig, jl_fptr_args_t fptr,
                                               jl_module_t *module, const char *name);
/* The table a function value dispatches through (NULL: it has none, e.g. a builtin). */
JL_DLLEXPORT jl_methtable_t *jl_gf_mtable(jl_value_t *F);

/* ---- lookup (args[0] is the function in the *_args forms) */
/* The MethodInstance a call would run, or NULL when no method or an ambiguity (never throws). */
JL_DLLEXPORT jl_method_instance_t *jl_method_lookup(jl_value_t **args, uint32_t nargs);
/* The method `invoke` / `which` find for a full signature Tuple{typeof(f), ...}: jl_nothing if none or
   ambiguous. */
JL_DLLEXPORT jl_value_t *jl_gf_invoke_lookup(jl_value_t *types);
/* Methods whose signatures intersect `types` (a full signature), in definition order, as a
   Vector{Any} of svec(intersection, sparams::svec, method::Method); jl_false when more than `lim`
   (lim < 0: no limit). */
JL_DLLEXPORT jl_value_t *jl_matching_methods(jl_value_t *types, int lim);
/* All methods of a function, most specific first (Vector{Any}). */
JL_DLLEXPORT jl_value_t *jl_methods_of(jl_value_t *F);
/* Methods of F with the call's arity whose signatures are closest to the arguments, for MethodError
   hints ("Closest candidates are:"): Vector{Any} of Method, at most `lim`. */
JL_DLLEXPORT jl_value_t *jl_methods_closest(jl_value_t *F, jl_value_t *argtypes, int lim);
/* invoke(f, types, args...) and applicable(f, args...) (builtins.c calls these; args exclude f) */
JL_DLLEXPORT jl_value_t *jl_gf_invoke(jl_value_t *types, jl_value_t *f, jl_value_t **args, uint32_t nargs);
JL_DLLEXPORT int jl_gf_applicable(jl_value_t *f, jl_value_t **args, uint32_t nargs);

/* ---- specialization and code */
JL_DLLEXPORT jl_method_instance_t *jl_specializations_get_linfo(jl_method_t *m, jl_value_t *spec,
                                                                 jl_svec_t *sparams);
/* The instance dispatch uses for calls of m with argument types tt (full signature; for inference). */
JL_DLLEXPORT jl_method_instance_t *jl_method_specialize(jl_method_t *m, jl_value_t *tt);
/* The current CodeInstance of mi, creating one when there is none: it is installed on mi (invoking the
   interpreter) before jl_compile_hook(ci) runs, and its `invoke` becomes the hook's result if non-NULL. */
JL_DLLEXPORT jl_code_instance_t *jl_compile_method_internal(jl_method_instance_t *mi);
/* caller's code depends on callee: redefining what callee dispatches to invalidates caller */
JL_DLLEXPORT void jl_method_instance_add_backedge(jl_method_instance_t *callee, jl_method_instance_t *caller);
JL_DLLEXPORT int jl_method_instance_has_backedge(jl_method_instance_t *callee, jl_method_instance_t *caller);
/* caller's code depends on calls of signature `types` in mt finding no other method */
JL_DLLEXPORT void jl_method_table_add_backedge(jl_methtable_t *mt, jl_value_t *types, jl_method_instance_t *caller);

/* ---- errors */
JL_DLLEXPORT JL_NORETURN void jl_method_error(jl_value_t *F, jl_value_t **args, uint32_t nargs);
/* Julia's text for a MethodError, before Base's showerror exists ("MethodError: no method matching
   f(::Int64)" or "MethodError: f(::Int64, ::Int64) is ambiguous. ..."); static buffer. */
JL_DLLEXPORT const char *jl_methoderror_message(jl_value_t *e);
/* For Base's showerror: the methods a MethodError's call is ambiguous between (Vector{Any}), or nothing
   when the call simply has no method. */
JL_DLLEXPORT jl_value_t *jl_methoderror_ambiguous(jl_value_t *e);
/* Show a type as Julia's static printer does (Array{Int64, 1}, Union{Int64, String}); returns len. */
JL_DLLEXPORT size_t jl_static_show_type(char *buf, size_t sz, jl_value_t *t);
/* A method's signature as Julia shows it: `f(x::Int64, y)` with argument names; returns len. */
JL_DLLEXPORT size_t jl_show_method_sig(char *buf, size_t sz, jl_method_t *m);

/* ---- subtype.c beyond julep_internal.h */
/* x <: y, storing in env[0..envsz) the values of y's outer UnionAll variables (outermost first); a
   value that stays undetermined is the TypeVar itself. */
JL_DLLEXPORT int jl_subtype_env(jl_value_t *x, jl_value_t *y, jl_value_t **env, int envsz);
/* Core._compute_sparams / typeintersect with environment: intersection of a and b, and *penv the
   values of b's UnionAll variables (svec). */
JL_DLLEXPORT jl_value_t *jl_type_intersection_env(jl_value_t *a, jl_value_t *b, jl_svec_t **penv);
JL_DLLEXPORT jl_svec_t *jl_type_intersection_with_env(jl_value_t *a, jl_value_t *b);
JL_DLLEXPORT int jl_has_free_typevars_exact(jl_value_t *v); /* exact: looks through UnionAll bodies */
JL_DLLEXPORT int jl_has_typevar(jl_value_t *t, jl_tvar_t *v); /* v occurs free in t */
JL_DLLEXPORT int jl_type_morespecific_no_subtype(jl_value_t *a, jl_value_t *b);

#endif
