/*
 * infer.h -- type inference (infer.c), the optimizer (optimize.c) and typed-code reflection
 * (infer_print.c). All of it is LLVM-free and lives in libjulep.so.
 *
 * The lattice (an element is a jl_value_t *):
 *   - Union{} (jl_bottom_type): no value reaches here (the code throws or never runs);
 *   - Const(v) (an instance of Core.Const, jl_const_type): exactly the value v;
 *   - a type (DataType, Union of at most JL_INFER_MAX_UNION members, UnionAll): any value of it;
 *   - Any at the top.
 *   Const(v) ⊑ T iff v isa T; types are ordered by subtyping. `jl_widenconst` maps an element to the
 *   smallest type containing it (Const(v) -> typeof(v), or Type{v} when v is a type).
 *
 * Invariants:
 *   - Inference never runs user code: constant folding calls only pure builtins and intrinsics.
 *   - Results are cached on a CodeInstance of the MethodInstance (max_world == JL_WORLD_MAX, `inferred`
 *     a CodeInfo with `inferred = 1`); every callee the result depends on gets a backedge to the
 *     caller, so dispatch's invalidation drops stale results.
 *   - Inference always terminates: unions are capped, deep types are widened, recursive cycles are
 *     iterated to a fixpoint from Union{}, and growing recursion through one method widens to Any.
 *   - Nothing here is called on a normal run of the interpreter: codegen calls jl_infer_and_optimize
 *     from its compile hook; reflection calls the *_str functions.
 */
#ifndef JL_INFER_H
#define JL_INFER_H

#include "julep_internal.h"

#define JL_INFER_MAX_UNION 4      /* members of an inferred Union before widening (Julia: 4) */
#define JL_INFER_MAX_METHODS 3    /* matching methods considered for an abstract call (Julia: 3) */
#define JL_INFER_INLINE_COST 100  /* statements' cost below which a callee is inlined */
#define JL_INFER_INLINE_COST_COMPILED 20 /* the same, outside loops, for a callee with native code */

/* ---------------------------------------------------------------- the lattice */
extern JL_DLLEXPORT jl_datatype_t *jl_const_type;        /* Core.Const(val) */
JL_DLLEXPORT jl_value_t *jl_infer_const(jl_value_t *v);  /* Const(v) */
JL_DLLEXPORT int jl_is_infer_const(jl_value_t *x);
JL_DLLEXPORT jl_value_t *jl_infer_const_val(jl_value_t *x);
JL_DLLEXPORT jl_value_t *jl_widenconst(jl_value_t *x);
JL_DLLEXPORT int jl_infer_le(jl_value_t *a, jl_value_t *b);          /* a ⊑ b */
JL_DLLEXPORT jl_value_t *jl_infer_tmerge(jl_value_t *a, jl_value_t *b); /* a ⊔ b, widened */

/* ---------------------------------------------------------------- inference and optimization */
/* Infer mi (a method's MethodInstance) and return its current CodeInstance holding `rettype`,
   `rettype_const` and `inferred` (the optimized CodeInfo, see docs/ir.md "Optimized IR"); NULL when
   mi cannot be inferred (a top-level thunk, a C-implemented or generated method). Cached: a second
   call returns the same CodeInstance until the method or one of its callees is redefined. */
JL_DLLEXPORT jl_code_info_t *jl_infer_method_source(jl_method_instance_t *mi); /* lowered code inferred for mi */
JL_DLLEXPORT jl_code_instance_t *jl_infer_and_optimize(jl_method_instance_t *mi);
/* Typed CodeInfo of mi, not cached: optimized or as inference left it (code_typed(optimize=false)).
   *rt receives the return type (may be Const). NULL when mi cannot be inferred. */
JL_DLLEXPORT jl_code_info_t *jl_infer_code_typed(jl_method_instance_t *mi, int optimize, jl_value_t **rt);
/* The MethodInstance a call f(args::argtypes...) dispatches to; argtypes is Tuple{...} without f's
   type. NULL when there is no unique method. */
JL_DLLEXPORT jl_method_instance_t *jl_infer_lookup_mi(jl_value_t *f, jl_value_t *argtypes);
/* The return type inference gives for f(args::argtypes...) (Any when unknown) */
JL_DLLEXPORT jl_value_t *jl_infer_return_type(jl_value_t *f, jl_value_t *argtypes);

/* optimize.c: the optimized form of typed code `src` (a fresh copy inference made) of mi; `callees[i]`
   is the MethodInstance call statement i was proven to dispatch to (or NULL), `constcode[i]` the
   callee's optimized code for that call's constant arguments (inlined instead when cheap), `reached[i]` says
   whether inference reached statement i. */
jl_array_t *jl_infer_copy_vec(jl_array_t *a); /* a new Vector{Any} with a's elements */
jl_code_info_t *jl_optimize_code(jl_method_instance_t *mi, jl_code_info_t *src, jl_value_t **callees,
                                 jl_value_t **constcode, const uint8_t *reached);
/* infer.c helpers the optimizer uses */
JL_DLLEXPORT int jl_infer_is_pure_builtin(jl_value_t *f);   /* no side effects, deterministic */
JL_DLLEXPORT int jl_infer_in_progress(jl_method_instance_t *mi); /* on the inference stack */
JL_DLLEXPORT int jl_infer_is_pure_intrinsic(jl_value_t *f);
/* the constant value of an IR operand (literal, QuoteNode, const GlobalRef): 1 and *v, or 0 */
JL_DLLEXPORT int jl_infer_operand_const(jl_value_t *x, jl_value_t **v);
/* a foreigncall type operand (lowering may leave `Core.apply_type(Ptr, static_parameter(1))`) as the
   constant type it is for mi, or NULL */
JL_DLLEXPORT jl_value_t *jl_infer_static_type(jl_method_instance_t *mi, jl_value_t *x);
/* a pure builtin applied to constants (args[0] is the builtin); NULL when it throws */
jl_value_t *jl_fold_builtin(jl_value_t **args, size_t n);

/* ---------------------------------------------------------------- reflection (infer_print.c) */
/* Julia 1.10's code_typed display: "CodeInfo(\n1 ─ %1 = ...::Int64\n└──      return %1\n) => Int64".
   malloc'ed; NULL with *err (static text) when the call has no unique method or cannot be inferred. */
JL_DLLEXPORT char *jl_code_typed_str(jl_value_t *f, jl_value_t *argtypes, int optimize);
/* @code_warntype's display: MethodInstance, Arguments, Locals, Body with non-concrete types marked
   (ANSI colors when `color`). malloc'ed, NULL on failure. */
JL_DLLEXPORT char *jl_code_warntype_str(jl_value_t *f, jl_value_t *argtypes, int color);
/* the display of one typed CodeInfo (with `=> rettype`) */
JL_DLLEXPORT char *jl_typed_code_info_str(jl_code_info_t *ci, jl_method_instance_t *mi, jl_value_t *rt);
/* show(io, ::CodeInfo): "CodeInfo(\n...)" of lowered or typed code (malloc'ed) */
JL_DLLEXPORT char *jl_code_info_display_str(jl_code_info_t *ci);
/* code_typed for Julia: svec(typed CodeInfo, return type), or nothing without a unique inferable method */
JL_DLLEXPORT jl_value_t *jl_code_typed_pair(jl_value_t *f, jl_value_t *argtypes, int8_t optimize);

#endif
