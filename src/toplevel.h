/*
 * toplevel.h -- macro expansion (macroexpand.c), the top level and loading (toplevel.c), and the
 * uncaught-error printer. julep_internal.h declares the pipeline's core entry points (jl_macroexpand,
 * jl_expand, jl_toplevel_eval, jl_load, jl_load_file_string, jl_print_uncaught_error); this header adds
 * the rest of these files' interface.
 *
 * Invariants:
 *   - Macro expansion never modifies its input: jl_macroexpand/jl_expand copy the tree first.
 *   - The output of jl_macroexpand (and what jl_expand hands to jl_lower) holds no `macrocall`, `quote`,
 *     `hygienic-scope` or `escape`: quotes became `Core._expr` calls / `Expr(:copyast, QuoteNode(x))`,
 *     names introduced by a macro without `esc` became GlobalRefs into the macro's module (globals) or
 *     `#N#name` gensyms (locals), as Julia's resolve-expansion-vars does. So lowering must accept a
 *     GlobalRef wherever a variable name may appear (callee, assignment target, function name).
 *   - The current location (file, line) of top-level evaluation is one per process, saved and
 *     restored around every include.
 */
#ifndef JL_TOPLEVEL_H
#define JL_TOPLEVEL_H

#include <stdio.h>
#include "julep_internal.h"
#include "parser.h"

/* ---- macroexpand.c */
JL_DLLEXPORT jl_value_t *jl_copy_ast(jl_value_t *expr);          /* fresh Exprs, shared leaves */
JL_DLLEXPORT jl_value_t *jl_macroexpand1(jl_value_t *expr, jl_module_t *inmodule); /* one level */
/* expansion as the top level does it: errors thrown by a macro become LoadError(file, line, err) */
JL_DLLEXPORT jl_value_t *jl_macroexpand_toplevel(jl_value_t *expr, jl_module_t *inmodule);
/* the hygiene pass alone (Julia's julia-expand-macroscope): quotes, labels, hygienic scopes */
JL_DLLEXPORT jl_value_t *jl_expand_macroscope(jl_value_t *expr);
/* backquote expansion of the body of a `quote` (Julia's julia-bq-macro) */
JL_DLLEXPORT jl_value_t *jl_bq_expand(jl_value_t *body);
JL_DLLEXPORT jl_value_t *jl_expand_with_loc(jl_value_t *expr, jl_module_t *inmodule, const char *file,
                                            int line);

/* ---- used here, defined by the interpreter's stackwalk.c (weak references: the top level works
   without them, printing no stack trace) */
JL_DLLEXPORT JL_NORETURN void jl_rethrow_other(jl_value_t *e);
JL_DLLEXPORT jl_value_t *jl_current_backtrace(void);
JL_DLLEXPORT void jl_print_backtrace(FILE *out, jl_value_t *bt);
JL_DLLEXPORT void jl_print_type(FILE *out, jl_value_t *t);
#pragma weak jl_rethrow_other
#pragma weak jl_current_backtrace
#pragma weak jl_print_backtrace
#pragma weak jl_print_type
/* rethrow e in place of the exception being handled (keeps its backtrace) */
static inline JL_NORETURN void jl_rethrow_as(jl_value_t *e)
{
    if (jl_rethrow_other)
        jl_rethrow_other(e);
    jl_throw(e);
}

/* ---- module.c (addition for imports) */
JL_DLLEXPORT int jl_module_alias_binding(jl_module_t *to, jl_binding_t *b);

/* ---- toplevel.c */
extern JL_DLLEXPORT const char *jl_filename; /* current top-level location ("none" at start) */
extern JL_DLLEXPORT int jl_lineno;
JL_DLLEXPORT jl_value_t *jl_toplevel_eval_in(jl_module_t *m, jl_value_t *ex); /* Core.eval */
JL_DLLEXPORT jl_value_t *jl_parse_eval_all(jl_module_t *m, const char *text, size_t len,
                                           const char *filename);           /* include_string */
JL_DLLEXPORT jl_value_t *jl_eval_string_in(jl_module_t *m, const char *str, const char *filename);
/* the file being included right now (absolute path), or NULL at the top */
JL_DLLEXPORT const char *jl_current_load_path(void);
/* `using X` / `import X` of a root module: Core, Base, Main, or a loaded or loadable stdlib */
JL_DLLEXPORT jl_module_t *jl_require(jl_module_t *into, jl_sym_t *name);
JL_DLLEXPORT jl_value_t *jl_loaderror_type_get(void);  /* Core.LoadError (created if missing) */
/* the exception for a syntax error: Base.Meta.ParseError once defined (the parser's error hook) */
JL_DLLEXPORT jl_value_t *jl_new_parse_error(const jl_parse_errinfo_t *e);
JL_DLLEXPORT int jl_init_base(void);   /* init/ "image" step: 1 if Base was loaded */
JL_DLLEXPORT void jl_module_run_initializer(jl_module_t *m); /* m.__init__() if defined */
/* the REPL's and -E's display: Base.show when it exists, otherwise a C fallback */

/* ---- errorshow.c */
JL_DLLEXPORT void jl_show_value(void *stream, jl_value_t *v); /* stream: a FILE * */
/* showerror in C for the Core exception types (the fallback before Base's showerror exists) */
JL_DLLEXPORT void jl_show_exception(void *stream, jl_value_t *e);
/* Evaluate code in Main for the CLI; show: 0 nothing, 1 as -E (show + newline), 2 as the REPL (no
   `nothing`). Errors are printed (jl_print_uncaught_error). Returns 0, or 1 after an error. */
JL_DLLEXPORT int jl_run_string(const char *code, const char *filename, int show);
JL_DLLEXPORT int jl_run_main_file(const char *path);     /* julep file.jl: 0, or 1 after an error */

#endif
