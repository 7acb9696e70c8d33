/*
 * parser.h -- the front end: Julia 1.10 source text -> Expr trees, the same shapes as `Meta.parse`.
 *
 * Invariants:
 *   - The trees are made of julep objects only (Expr, Symbol, LineNumberNode, QuoteNode, GlobalRef,
 *     String, boxed numbers, Bool, Char, nothing); nothing of the parser outlives a call.
 *   - The parser never crashes, hangs or reads outside the text, whatever the bytes. Nesting deeper
 *     than the stack allows is a ParseError ("expression too deeply nested"), not a crash.
 *   - Errors carry file, line, column (1-based, in bytes), a message in Julia's words and whether the
 *     input was merely incomplete (more lines could complete it: the REPL keeps reading).
 */
#ifndef JL_PARSER_H
#define JL_PARSER_H

#include "julep.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a failed parse reports. `text` is the full display text in the style of Julia 1.10:
 *   ParseError:
 *   # Error @ none:1:5
 *   1 + )
 *   #   ╙ ── unexpected ")"
 * `msg` is the message alone. Both are malloc'ed and owned by the struct (jl_parse_errinfo_free). */
typedef struct {
    char *msg;
    char *text;
    int line;
    int column;
    size_t offset;     /* byte offset of the error in the input */
    int incomplete;    /* 1 if the input ended too early (unterminated string, missing `end`, ...) */
} jl_parse_errinfo_t;

JL_DLLEXPORT void jl_parse_errinfo_free(jl_parse_errinfo_t *e);

/* Status entry point: never throws. Parses from `offset`; `greedy` parses every statement to the end
 * into Expr(:toplevel, LineNumberNode, stmt, ...) like Meta.parseall, otherwise one statement like
 * Meta.parse(str, pos) (trailing blanks, comments and newlines are consumed). `*next_offset` receives
 * the offset after what was parsed. An empty (or blank) input gives `nothing` when not greedy.
 * Returns 0 on success, 1 on a syntax error (`err` filled if not NULL), 2 on incomplete input. */
JL_DLLEXPORT int jl_parse_string_status(const char *text, size_t len, const char *filename, int lineno,
                                        size_t offset, int greedy, jl_value_t **result,
                                        size_t *next_offset, jl_parse_errinfo_t *err);

/* Throwing entry points: a syntax error throws (jl_errorf with the ParseError display text; see
 * jl_parse_error_hook to install a proper ParseError type later). */
JL_DLLEXPORT jl_value_t *jl_parse_string(const char *text, size_t len, const char *filename, int lineno,
                                         size_t offset, int greedy, size_t *next_offset);
/* Meta.parseall(str; filename) */
JL_DLLEXPORT jl_value_t *jl_parse_all(const char *text, size_t len, const char *filename);
/* Meta.parse(str): one expression; `extra token after end of expression` if more follows. Incomplete
 * input gives Expr(:incomplete, msg) like Julia's Meta.parse. */
JL_DLLEXPORT jl_value_t *jl_parse_expr(const char *text, size_t len);

/* The exception thrown for syntax errors: the runtime may install a constructor making a real
 * `Base.Meta.ParseError`; by default an ErrorException with the display text is thrown. */
typedef jl_value_t *(*jl_parse_error_hook_t)(const jl_parse_errinfo_t *err);
JL_DLLEXPORT void jl_set_parse_error_hook(jl_parse_error_hook_t hook);

/* Meta.show_sexpr: the tree in Julia's format, e.g. (:call, :+, 1, 2). With `compact`, blocks and
 * QuoteNodes are printed on one line ("(:block, :(#= none:1 =#), :x)"), otherwise exactly as Julia
 * prints them. Returns a malloc'ed NUL-terminated string. */
JL_DLLEXPORT char *jl_sexpr_show(jl_value_t *v, int compact);

/* The recursion limit in bytes of C stack the parser may use (default 1 MiB). */
JL_DLLEXPORT void jl_parse_set_stack_limit(size_t bytes);

#ifdef __cplusplus
}
#endif
#endif /* JL_PARSER_H */
