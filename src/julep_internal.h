/*
 * julep_internal.h -- declarations shared by the runtime's C layers but not part of the embedding API.
 * Layers above src/ (codegen/, serializer/, sysimage/, init/, cli/) may include it; src/ never includes
 * their headers (DESIGN.md §1).
 */
#ifndef JULEP_INTERNAL_H
#define JULEP_INTERNAL_H

#include "julep.h"
#include "jloptions.h"
#include "../gc/gc.h"

/* own assert, independent of NDEBUG: on in DEBUG=1 and SANITIZE=1 builds */
#ifdef JL_NDEBUG
#define jl_assert(x) ((void)0)
#else
#define jl_assert(x) ((x) ? (void)0 : jl_assert_failed(#x, __FILE__, __LINE__))
#endif
JL_DLLEXPORT JL_NORETURN void jl_assert_failed(const char *expr, const char *file, int line);
#define jl_unreachable() __builtin_unreachable()

#define LLT_ALIGN(x, sz) (((x) + (sz) - 1) & ~((sz) - 1))

/* ---------------------------------------------------------------- init steps (called by init/) */
void jl_init_symbols(void);
void jl_init_types(void);
void jl_init_boxes(void);
void jl_init_root_task(void *stack_base);

/* ---------------------------------------------------------------- types */
JL_DLLEXPORT jl_value_t *jl_apply_type(jl_value_t *tc, jl_value_t **params, size_t n);
JL_DLLEXPORT jl_value_t *jl_apply_type1(jl_value_t *tc, jl_value_t *p1);
JL_DLLEXPORT jl_value_t *jl_apply_type2(jl_value_t *tc, jl_value_t *p1, jl_value_t *p2);
JL_DLLEXPORT jl_value_t *jl_unwrap_unionall(jl_value_t *v);
JL_DLLEXPORT jl_typename_t *jl_new_typename_in(jl_sym_t *name, jl_module_t *m, int abstract, int mutabl);
JL_DLLEXPORT int jl_is_concrete_type(jl_value_t *v);
JL_DLLEXPORT int jl_has_free_typevars(jl_value_t *v);
JL_DLLEXPORT uintptr_t jl_object_id(jl_value_t *v);
JL_DLLEXPORT void jl_set_opaque_layout(jl_datatype_t *dt, size_t size, int pointerfree); /* boot_types.c */
/* fix instantiations made before a parametric type's supertype/fields were set (Core._typebody!) */
JL_DLLEXPORT void jl_reinstantiate_inner_types(jl_datatype_t *body);
extern JL_DLLEXPORT jl_typename_t *jl_type_typename; /* Type{T} */
extern JL_DLLEXPORT jl_datatype_t *jl_abstractchar_type;
extern jl_datatype_t *jl_pointer_type_body; /* Ptr{T} body (for ccall later) */
extern jl_value_t *jl_pointer_type;
extern jl_datatype_t *jl_voidpointer_type;  /* Ptr{Nothing} */

/* every builtin type, in a fixed order, for the serializer's tag table and for tests */
JL_DLLEXPORT size_t jl_builtin_types(jl_datatype_t ***list);
void jl_register_builtin_type(jl_datatype_t *dt);

/* ---------------------------------------------------------------- symbols */
JL_DLLEXPORT size_t jl_symbol_count(void);

/* common symbols, interned at init (also the serializer's "common symbols": each takes one of the 256
   tags, so keep this list to names that streams of lowered code and types really repeat) */
#define JL_COMMON_SYMBOLS(X)                                                             \
    X(call) X(invoke) X(block) X(toplevel) X(line) X(quote) X(inert) X(top) X(core)      \
    X(module) X(function) X(macro) X(macrocall) X(struct) X(abstract) X(primitive)       \
    X(using) X(import) X(export) X(const) X(local) X(global) X(return) X(break)          \
    X(continue) X(if) X(elseif) X(for) X(while) X(let) X(try) X(tuple) X(ref) X(vect)    \
    X(hcat) X(vcat) X(row) X(ncat) X(nrow) X(comprehension) X(generator) X(filter)       \
    X(string) X(do) X(kw) X(parameters) X(where) X(curly) X(comparison) X(new)           \
    X(method) X(lambda) X(enter) X(leave) X(pop_exception) X(meta) X(boundscheck)        \
    X(inbounds) X(gotoifnot) X(static_parameter) X(foreigncall) X(cfunction) X(isdefined) \
    X(the_exception) X(copyast) X(splatnew) X(new_opaque_closure) X(escape) X(hygienic_scope) \
    X(thunk) X(body) X(var) X(typed_hcat) X(typed_vcat) X(typed_ncat) X(typed_comprehension) \
    X(braces) X(bracescat) X(outerref) X(flatten) X(Any) X(nothing) X(Main) X(Core)      \
    X(Base) X(getproperty) X(setproperty_) X(getindex) X(setindex_) X(iterate)           \
    X(ccall) X(llvmcall) X(include) X(eval) X(error) X(Int64) X(anonymous) X(none)        \
    X(incomplete)                                                                        \
    X(inline) X(noinline) X(pure) X(propagate_inbounds) X(Vararg) X(UnionAll) X(Union)

#define JL_DECLARE_SYM(name) extern JL_DLLEXPORT jl_sym_t *jl_s_##name;
JL_COMMON_SYMBOLS(JL_DECLARE_SYM)
#undef JL_DECLARE_SYM
/* symbols whose names are not C identifiers */
extern JL_DLLEXPORT jl_sym_t *jl_s_assign, *jl_s_dot, *jl_s_dots, *jl_s_doublecolon, *jl_s_subtype,
    *jl_s_supertype, *jl_s_and, *jl_s_or, *jl_s_arrow, *jl_s_dollar, *jl_s_dotassign, *jl_s_tilde,
    *jl_s_plus, *jl_s_minus, *jl_s_times, *jl_s_div, *jl_s_colon, *jl_s_eq, *jl_s_egal, *jl_s_lt;
JL_DLLEXPORT size_t jl_common_symbols(jl_sym_t ***list);

/* ---------------------------------------------------------------- startup trace (init/) */
JL_DLLEXPORT void jl_trace_startup_step(const char *step, uint64_t usec, const char *detail);
JL_DLLEXPORT uint64_t jl_hrtime_us(void);

/* ---------------------------------------------------------------- exceptions */
JL_DLLEXPORT jl_value_t *jl_new_errorexception(const char *msg);
JL_DLLEXPORT JL_NORETURN void jl_bounds_error(jl_value_t *v, jl_value_t *idx);
JL_DLLEXPORT JL_NORETURN void jl_bounds_error_nd(jl_value_t *v, int64_t n, int64_t i1, int64_t i2, int64_t i3,
                                                 int64_t i4);
JL_DLLEXPORT JL_NORETURN void jl_too_few_args(const char *fname, int min);
JL_DLLEXPORT JL_NORETURN void jl_too_many_args(const char *fname, int max);
JL_DLLEXPORT const char *jl_exception_message(jl_value_t *e); /* best-effort text for C callers */

/* ---------------------------------------------------------------- the evaluation pipeline
   parse (parser.c) -> macro expansion (macroexpand.c) -> lowering (lower*.c) -> top level (toplevel.c)
   -> interpreter (interpreter.c) -> calls through dispatch (gf.c) to builtins (builtins.c,
   intrinsics.c), interpreted methods, or compiled code (codegen/ hooks). docs/ir.md is the IR contract. */

/* macroexpand.c */
JL_DLLEXPORT jl_value_t *jl_macroexpand(jl_value_t *expr, jl_module_t *inmodule, int recursive);
JL_DLLEXPORT jl_value_t *jl_expand(jl_value_t *expr, jl_module_t *inmodule); /* macroexpand + lower */
/* lower*.c: expr must be macro-expanded; file/line give LineNumberNodes before the first one */
JL_DLLEXPORT jl_value_t *jl_lower(jl_value_t *expr, jl_module_t *inmodule, const char *file, int line);
/* @generated: the Expr (or CodeInfo) a generator returned, lowered as the body of method m (lower.c) */
JL_DLLEXPORT jl_code_info_t *jl_lower_generated(jl_method_t *m, jl_value_t *ex, jl_svec_t *sparam_vals);

/* toplevel.c */
JL_DLLEXPORT jl_value_t *jl_toplevel_eval(jl_module_t *m, jl_value_t *ex);  /* Core.eval(m, ex) */
JL_DLLEXPORT jl_value_t *jl_load(jl_module_t *m, const char *path);          /* include(path) */
JL_DLLEXPORT jl_value_t *jl_load_file_string(const char *text, size_t len, const char *filename,
                                             jl_module_t *m);
/* print `ERROR: ` + the error (showerror when Base has it) + the backtrace, to stderr */
JL_DLLEXPORT void jl_print_uncaught_error(jl_value_t *e, jl_value_t *bt);

/* interpreter.c */
JL_DLLEXPORT jl_value_t *jl_interpret_toplevel_thunk(jl_module_t *m, jl_code_info_t *src);
jl_value_t *jl_fptr_interpret_call(jl_value_t *F, jl_value_t **args, uint32_t nargs, jl_code_instance_t *ci);
JL_DLLEXPORT jl_value_t *jl_backtrace_from_here(void);  /* current frames, for backtrace() */
JL_DLLEXPORT jl_value_t *jl_catch_backtrace(void);      /* frames of the exception being handled */

/* gf.c: generic functions, method tables, dispatch */
JL_DLLEXPORT jl_value_t *jl_apply_generic(jl_value_t *F, jl_value_t **args, uint32_t nargs);
JL_DLLEXPORT jl_value_t *jl_apply(jl_value_t **args, uint32_t nargs);  /* args[0] is the function */
JL_DLLEXPORT jl_value_t *jl_call(jl_value_t *f, jl_value_t **args, uint32_t nargs); /* embedding: NULL on error */
JL_DLLEXPORT jl_value_t *jl_invoke(jl_value_t *F, jl_value_t **args, uint32_t nargs, jl_method_instance_t *mi);
JL_DLLEXPORT jl_value_t *jl_generic_function_def(jl_sym_t *name, jl_module_t *module); /* function f end */
JL_DLLEXPORT jl_method_t *jl_method_def(jl_svec_t *argdata, jl_methtable_t *mt, jl_code_info_t *f,
                                        jl_module_t *module);
/* A method's lowered code as a CodeInfo: Method.source is kept compressed (a Vector{UInt8},
   jl_compress_ir) and decompressed once per process on first use; NULL when the method has none
   (a native method). Every consumer of lowered code goes through this, never m->source. */
JL_DLLEXPORT jl_code_info_t *jl_method_source(jl_method_t *m);
/* the name of slot i (0-based; slot 0 is #self#) from Method.slot_syms, "" when there is none */
JL_DLLEXPORT const char *jl_method_slot_name(jl_method_t *m, size_t i);
/* serializer/: CodeInfo <-> compressed IR, referencing m's roots (serializer.h has the format) */
JL_DLLEXPORT jl_array_t *jl_compress_ir(jl_method_t *m, jl_code_info_t *ci);
JL_DLLEXPORT jl_code_info_t *jl_uncompress_ir(jl_method_t *m, jl_array_t *data);
JL_DLLEXPORT jl_array_t *jl_serialize_to_array(jl_value_t *v);
JL_DLLEXPORT jl_methtable_t *jl_method_table_for(jl_value_t *sigtype);
JL_DLLEXPORT uint64_t jl_get_world_counter(void);
/* set by codegen when it can compile: returns an entry point for ci, or NULL to interpret */
extern jl_callptr_t (*jl_compile_hook)(jl_code_instance_t *ci);
/* set by codegen: told of each method a program defines (the code generator may start loading) */
extern void (*jl_method_defined_hook)(jl_method_t *m);

/* subtype.c */
JL_DLLEXPORT jl_value_t *jl_type_intersection(jl_value_t *a, jl_value_t *b);
JL_DLLEXPORT int jl_types_equal(jl_value_t *a, jl_value_t *b);
JL_DLLEXPORT jl_value_t *jl_type_unionall_where(jl_tvar_t *v, jl_value_t *body);
JL_DLLEXPORT jl_value_t *jl_substitute_var(jl_value_t *t, jl_tvar_t *var, jl_value_t *val);
JL_DLLEXPORT jl_value_t *jl_substitute_fresh_var(jl_value_t *t, jl_tvar_t *var, jl_tvar_t *val);
JL_DLLEXPORT int jl_type_morespecific(jl_value_t *a, jl_value_t *b);

/* builtins.c, intrinsics.c */
void jl_init_builtins(void);     /* binds Core's builtin functions and Core.Intrinsics */
JL_DLLEXPORT jl_value_t *jl_new_builtin(const char *name, jl_fptr_args_t fptr, jl_module_t *m);
JL_DLLEXPORT jl_task_t *jl_get_current_task(void); /* for generated code (TLS is not a symbol) */

/* ---------------------------------------------------------------- system image state (sysimage/)
   C state a system image saves and restores besides the globals listed in sysimage/image_globals.c.
   A new C global that holds a heap object must be added there (docs/sysimage.md). */
JL_DLLEXPORT jl_sym_t **jl_symtab_state(size_t *cap, size_t *count, uint32_t *gensym);
JL_DLLEXPORT void jl_symtab_restore(jl_sym_t **tab, size_t cap, size_t count, uint32_t gensym);
JL_DLLEXPORT void jl_restore_builtin_types(jl_datatype_t **list, size_t n);
JL_DLLEXPORT void jl_typename_cache_rehash(jl_typename_t *tn);
JL_DLLEXPORT uint64_t *jl_world_counter_slot(void);
JL_DLLEXPORT int *jl_closure_counter_slot(void);
JL_DLLEXPORT void **jl_fieldattrs_state(size_t **count, size_t **cap);
JL_DLLEXPORT void jl_toplevel_image_slots(jl_value_t ***root, jl_value_t ***loaded);
JL_DLLEXPORT int jl_init_base_from_image(void); /* toplevel.c: program globals and __init__s */
void jl_relink_builtins(void);
void jl_relink_intrinsics(void);

/* ---------------------------------------------------------------- small helpers */
JL_DLLEXPORT uintptr_t jl_memhash(const char *s, size_t n);
JL_DLLEXPORT uint64_t memhash_seed(const char *buf, size_t n, uint32_t seed); /* src/hashing.c: Julia's MurmurHash3 */
static inline uintptr_t jl_hash_combine(uintptr_t h, uintptr_t v)
{
    return h ^ (v + (uintptr_t)0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2));
}

/* ---------------------------------------------------------------- Base's ccall entry points
   basesupport.c, float_print.c: called from the Base sources through ccall (Julia's names where Julia has them) */
JL_DLLEXPORT char *jl_string_ptr(jl_value_t *s);
JL_DLLEXPORT const char *jl_symbol_name_ptr(jl_value_t *s);
JL_DLLEXPORT void *jl_array_ptr(jl_array_t *a);
JL_DLLEXPORT int jl_array_isassigned(jl_array_t *a, size_t i);
JL_DLLEXPORT jl_value_t *jl_module_parent(jl_module_t *m);
JL_DLLEXPORT jl_value_t *jl_module_name(jl_module_t *m);
JL_DLLEXPORT size_t jl_svec_length(jl_value_t *v);
JL_DLLEXPORT jl_value_t *jl_module_names(jl_module_t *m, int all, int imported);
JL_DLLEXPORT int jl_is_const(jl_module_t *m, jl_sym_t *s);
JL_DLLEXPORT jl_value_t *jl_backtrace_string(jl_value_t *bt);
JL_DLLEXPORT jl_value_t *jl_exe_path(void);
JL_DLLEXPORT jl_value_t *jl_get_main_module(void);
JL_DLLEXPORT int32_t jl_datatype_props(jl_datatype_t *t);
JL_DLLEXPORT jl_value_t *jl_readdir(const char *path);
JL_DLLEXPORT void *jl_value_ptr(jl_value_t *v);
JL_DLLEXPORT jl_value_t *jl_array_to_string(jl_array_t *a);
JL_DLLEXPORT jl_value_t *jl_string_to_array(jl_value_t *s);
JL_DLLEXPORT uint64_t jl_hrtime(void);
JL_DLLEXPORT double jl_clock_now(void);
JL_DLLEXPORT int64_t jl_gc_total_bytes(void);
JL_DLLEXPORT int64_t jl_gc_total_allocs(void);
JL_DLLEXPORT int64_t jl_gc_total_pause_ns(void);
JL_DLLEXPORT JL_NORETURN void jl_exit(int status);
JL_DLLEXPORT jl_value_t *jl_include_relative(jl_module_t *m, jl_value_t *from, jl_value_t *name);
JL_DLLEXPORT jl_value_t *jl_float_to_string(double x, int32_t bits, int32_t flags);

#endif
