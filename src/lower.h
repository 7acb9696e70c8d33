/*
 * lower.h -- internal interface of lowering (lower*.c): macro-expanded Expr -> the IR of docs/ir.md.
 *
 * The pipeline follows Julia 1.10's julia-syntax.scm in three passes over one context:
 *   1. lower_expand.c: desugaring ("expand-forms"). Surface syntax becomes core forms (below); variables
 *      are still Symbols; Base/Core functions are already GlobalRefs.
 *   2. lower_scope.c: scope resolution, variable analysis and closure conversion. Every function body
 *      becomes a lambda record; locals become `(#lv id)` references, globals GlobalRefs; nested
 *      functions become closure struct types whose definitions are lifted into the top-level thunk.
 *   3. lower_linear.c: linearization of each lambda into a CodeInfo (statements, SSA values, slots,
 *      labels resolved to statement numbers, linetable/codelocs).
 *
 * Core forms between passes (Expr heads; the `#`-names cannot come from source):
 *   (block ...) (= lhs rhs) (call f args...) (if c a [b]) (_while c body) (_do_while body c)
 *   (break-block label body) (break label) (scope-block body) (local x...) (local-def x...)
 *   (global x...) (const x) (decl x T) (return x) (trycatch try catch [else]) (tryfinally try fin)
 *   (method name) (method name sig lambda) (lambda args-list sparams-list body) (new T ...)
 *   (splatnew T t) (the_exception) (isdefined x) (foreigncall ...) (meta ...) (copyast q)
 *   (symbolicgoto l) (symboliclabel l) (null) and LineNumberNodes; SSAValue objects are temporaries
 *   numbered by the context until linearization renumbers them.
 *
 * Invariants: lowering never throws out of jl_lower; a syntax error longjmps to the context's handler
 * and becomes Expr(:error, msg). Nothing of a context outlives one jl_lower call except the closure
 * type counter (names like "#1#2" are unique per process).
 */
#ifndef JL_LOWER_H
#define JL_LOWER_H

#include <setjmp.h>
#include "julep_internal.h"

typedef struct {
    jl_sym_t *name;      /* source name (slot name) */
    int lam;             /* owning lambda */
    int isarg;
    int assigned;        /* number of assignments seen */
    int captured;        /* read or written by a nested closure */
    int cl_assigned;     /* assigned inside a closure, or assigned after being captured */
    int boxed;           /* lives in a Core.Box */
    int slot;            /* slot number in the owning lambda (1-based) */
    int inloop;          /* declared in a scope inside a loop of its lambda */
    int isgensym;        /* compiler-made variable */
    jl_value_t *decltype;/* declared type expression (resolved), or NULL */
} lvar_t;

typedef struct {
    jl_sym_t *name;         /* for the linetable: method name or "top-level scope" */
    int parent;             /* enclosing lambda, -1 for the top-level thunk */
    int istop;              /* the top-level thunk */
    jl_array_t *args;       /* var ids (boxed Int) of the arguments, #self# first */
    jl_array_t *locals;     /* var ids of other locals, in slot order */
    jl_array_t *sparams;    /* Symbols of static parameters */
    jl_value_t *body;       /* resolved body */
    jl_value_t *src;        /* original lambda Expr */
    int isva;
    /* closure conversion */
    jl_array_t *captured;   /* var ids captured from enclosing lambdas (closure fields) */
    jl_value_t *cltype;     /* GlobalRef of the closure type, or NULL for a plain method */
    int selfarg;            /* argument holding the closure object (0: #self#; 2 in the Core.kwcall method
                               of a local keyword function, whose captures live in that function) */
    jl_code_info_t *ci;     /* result */
} lambda_t;

typedef struct {
    jl_module_t *mod;
    jl_sym_t *file;
    int line;
    jmp_buf on_error;
    char errmsg[512];
    int ssa_counter;        /* temporaries (SSAValue ids) handed out by passes 1-2 */
    int gensym_counter;
    lvar_t *vars;
    size_t nvars, capvars;
    lambda_t *lams;
    size_t nlams, caplams;
    jl_array_t *prelude;    /* statements lifted to the start of the top-level thunk (closure types) */
    jl_array_t *postlude;   /* lifted closure method definitions (after the types) */
    int interactive;        /* REPL soft-scope rule (0: file behaviour) */
    int ctor_self;          /* the next function expanded is a constructor (#ctor-self#) */
    jl_value_t *warnings;   /* Vector{Any} of warning strings, or NULL */
} lower_ctx_t;

/* internal Expr heads */
typedef struct {
    jl_sym_t *scope_block, *local_def, *break_block, *lwhile, *ldowhile, *trycatch, *tryfinally,
        *decl, *lv, *null, *lambda, *list, *outerref, *symbolicgoto, *symboliclabel, *newvar,
        *method, *leave, *pop_exception, *gotoifnot, *goto_, *label, *underscore, *self, *ctor_self,
        *nothing, *dots, *lreturn, *hardscope, *softscope, *sparam, *assign, *tuple, *curly,
        *where_, *dcolon, *kwcall_sentinel, *unused;
} lower_syms_t;
extern lower_syms_t lsym;

/* lower.c */
JL_NORETURN void lower_error(lower_ctx_t *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void lower_warn(lower_ctx_t *ctx, const char *msg);
jl_value_t *lower_expr(jl_sym_t *head, size_t n, ...);       /* Expr with n args */
jl_value_t *lower_exprv(jl_sym_t *head, jl_value_t **args, size_t n);
jl_value_t *lower_push(jl_value_t *ex, jl_value_t *arg);    /* append an argument, returns ex */
int lower_is(jl_value_t *v, jl_sym_t *head);                 /* v is Expr with this head */
jl_value_t *lower_arg(jl_value_t *ex, size_t i);
size_t lower_nargs(jl_value_t *ex);
jl_value_t *lower_ssa(lower_ctx_t *ctx);                     /* fresh temporary */
jl_sym_t *lower_gensym(lower_ctx_t *ctx, const char *base);  /* "#base#N" */
jl_value_t *lower_top(lower_ctx_t *ctx, const char *name);   /* GlobalRef(Base, name) */
jl_value_t *lower_core(const char *name);                    /* GlobalRef(Core, name) */
jl_value_t *lower_globalref(jl_module_t *m, jl_sym_t *s);
jl_value_t *lower_call(jl_value_t *f, size_t n, ...);
jl_value_t *lower_quote(jl_value_t *v);                      /* QuoteNode */
jl_value_t *lower_typevar(jl_value_t *qname, jl_value_t *lb, jl_value_t *ub); /* NULL: default bound */
jl_value_t *lower_box_int(int64_t i);
jl_array_t *lower_vec(void);
int lower_closure_counter(void);

/* entry points beyond julep_internal.h's jl_lower */
JL_DLLEXPORT jl_value_t *jl_lower_with_warnings(jl_value_t *expr, jl_module_t *inmodule, const char *file,
                                                int line, int interactive, jl_value_t **warnings);
/* lower_print.c: CodeInfo in the style of Julia's code_lowered display (malloc'ed string) */
JL_DLLEXPORT char *jl_code_info_str(jl_code_info_t *ci);
JL_DLLEXPORT char *jl_lowered_str(jl_value_t *lowered); /* a jl_lower result: thunk or other */

/* lower_expand.c */
jl_value_t *lower_expand(lower_ctx_t *ctx, jl_value_t *ex);
jl_value_t *lower_expand_ctor(lower_ctx_t *ctx, jl_value_t *sig, jl_value_t *body); /* #ctor-self# */

/* lower_types.c: struct / abstract type / primitive type definitions */
jl_value_t *expand_struct(lower_ctx_t *ctx, jl_value_t *ex);
jl_value_t *expand_abstract(lower_ctx_t *ctx, jl_value_t *ex, int primitive);

/* lower_scope.c: returns the index of the top-level lambda */
int lower_resolve(lower_ctx_t *ctx, jl_value_t *thunk_body);

/* lower_linear.c */
jl_code_info_t *lower_linearize(lower_ctx_t *ctx, int lam);

#endif
