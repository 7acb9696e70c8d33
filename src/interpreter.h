/*
 * interpreter.h -- the interpreter's frames, the exception stack and backtraces (interpreter.c,
 * stackwalk.c) and ccall (ccall.c).
 *
 * Invariants:
 *   - Every running interpreted body has one jl_interp_frame_t on the C stack, linked from
 *     `jl_current_task->interp_frame` through `prev`; `ip` is the 0-based statement being run.
 *     A handler (`jl_enter_handler`) saves the innermost frame and a catch restores it, so the chain
 *     always describes the live frames.
 *   - Compiled code keeps the same chain with records of its own (codegen/llvm_emit.c). Statements
 *     inlined from callees are not records: the function's record names them in `inlined`, an svec
 *     `(mi, ip, mi, ip, ...)` outermost first, and a backtrace lists them before the record itself.
 *   - A backtrace is a Vector{Any} with one entry per interpreted frame, innermost first; each entry
 *     is `svec(code, stmt::Int, module)` where `code` is the MethodInstance of a method body or the
 *     CodeInfo of a top-level thunk and `stmt` is the 1-based statement running (Julia's
 *     InterpreterIP fields).
 *   - The exception stack (`task->excstack`) is a Vector{Any} of exception, backtrace, exception,
 *     backtrace, ... innermost last.
 */
#ifndef JL_INTERPRETER_H
#define JL_INTERPRETER_H

#include <stdio.h>
#include "julep_internal.h"

struct _jl_interp_code_t;

typedef struct _jl_interp_frame_t {
    struct _jl_interp_frame_t *prev;
    jl_task_t *task;                 /* the task running this frame */
    struct _jl_interp_code_t *code;  /* compact form of src */
    jl_code_info_t *src;
    jl_method_instance_t *mi;        /* NULL for a top-level thunk */
    jl_module_t *module;
    jl_svec_t *sparams;              /* static parameter values, or NULL */
    jl_value_t **slots;              /* slots[0] is slot 1 (#self# for methods) */
    jl_value_t **ssa;                /* ssa[i] is the value of statement i+1 */
    size_t ip;                       /* 0-based statement running */
    size_t continue_at;              /* set by :leave: where to go after unwinding an :enter */
    jl_svec_t *inlined;              /* compiled code: the scopes inlined at ip, else NULL */
} jl_interp_frame_t;

/* ---- stackwalk.c */
/* Compiled code's cold throw paths: fill rec for site `svec(mi, ip, inlined)` (ip 0-based, -1 unknown;
   inlined an svec or nothing), link it above prev and make it the task's innermost frame. */
JL_DLLEXPORT void jl_cg_link_frame(jl_interp_frame_t *rec, jl_interp_frame_t *prev, jl_svec_t *site);
JL_DLLEXPORT void jl_push_excstack(jl_value_t *e, jl_value_t *bt);
JL_DLLEXPORT jl_value_t *jl_get_excstack(void);            /* copy of the current task's stack */
JL_DLLEXPORT jl_value_t *jl_current_backtrace(void);       /* backtrace of jl_current_exception() */
/* The location of one backtrace entry: function name (NULL for top-level code), file, line. */
JL_DLLEXPORT int jl_frame_location(jl_value_t *entry, const char **func, const char **file, int *line);
/* The frames of one backtrace entry for Base's StackTraces.lookup (see stackwalk.c) */
JL_DLLEXPORT jl_value_t *jl_lookup_frame(jl_value_t *entry);
/* Print a backtrace in Julia's format: "Stacktrace:\n [1] f(x::Int64)\n   @ Main file.jl:3\n ..." */
JL_DLLEXPORT void jl_print_backtrace(FILE *out, jl_value_t *bt);
/* Print a type as Julia shows it (Vector{Int64}, Union{Int64, String}, ...) */
JL_DLLEXPORT void jl_print_type(FILE *out, jl_value_t *t);

/* ---- interpreter.c */
JL_DLLEXPORT void jl_check_stack(void);  /* throws StackOverflowError when the C stack runs low */
extern JL_DLLEXPORT char *jl_stack_limit;  /* what jl_check_stack compares with (compiled code too) */
JL_DLLEXPORT JL_NORETURN void jl_throw_stack_overflow(void);
JL_DLLEXPORT jl_value_t *jl_interp_eval_expr(jl_value_t *e, jl_interp_frame_t *s); /* one value */

/* ---- ccall.c: run `Expr(:foreigncall, ...)` with already evaluated fname and arguments;
   `cache` is a per-call-site slot the call may fill (NULL: no caching). */
JL_DLLEXPORT jl_value_t *jl_interp_foreigncall(jl_expr_t *e, jl_value_t *fname, jl_value_t **args,
                                               size_t nargs, jl_interp_frame_t *s, void **cache);
JL_DLLEXPORT void *jl_dlsym_lib(const char *lib, const char *sym); /* throws when not found */

#endif
