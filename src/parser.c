/*
 * parser.c -- recursive-descent parser for Julia 1.10 producing Expr trees shaped like Meta.parse.
 *
 * The functions follow Julia's precedence ladder, lowest binding first:
 *   stmts ; > docstring > = (assignment, right assoc) > , > => > ?: > --> > || > && > comparison chains
 *   > <| > |> > : .. (ranges) and postfix ... > + (chains) > * (chains) > // > << >> > unary <: >:
 *   > where > juxtaposition > unary ops > ^ (right) > :: and -> > call/index/field chains > atoms.
 * Context flags (space sensitivity inside [ ] and macro arguments, `end` as a symbol inside indexing,
 * newlines as whitespace inside ( ), ...) live in the parser state and are saved/restored around
 * the productions that change them. Errors longjmp to the entry point, which reports or throws them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <errno.h>
#include "julep.h"
#include "parser.h"
#include "lexer.h"

/* ---------------------------------------------------------------- symbols */

static struct {
    int init;
    jl_sym_t *call, *block, *toplevel, *eq, *kw, *tuple, *parameters, *vect, *hcat, *vcat, *ncat, *row,
        *nrow, *ref, *typed_hcat, *typed_vcat, *typed_ncat, *comprehension, *typed_comprehension,
        *generator, *filter, *flatten, *string, *arrow, *do_, *where, *curly, *braces, *bracescat,
        *dot, *quote, *dollar, *splat, *decl, *subtype, *supertype, *comparison, *andand, *oror,
        *if_, *elseif, *for_, *while_, *let, *try_, *struct_, *abstract, *primitive, *module, *using_,
        *import, *export_, *const_, *local, *global, *return_, *break_, *continue_, *macro, *function,
        *macrocall, *colon, *as, *outer, *amp, *transpose, *star, *incomplete, *none, *end, *begin,
        *tilde, *atdoc, *atcmd, *atint128, *atuint128, *atbig, *atdot, *longarrow, *error, *var,
        *inert, *mutable_, *type_, *isa, *in_;
} S;

static void init_syms(void)
{
    if (S.init)
        return;
#define SY(f, n) S.f = jl_symbol(n)
    SY(call, "call"); SY(block, "block"); SY(toplevel, "toplevel"); SY(eq, "="); SY(kw, "kw");
    SY(tuple, "tuple"); SY(parameters, "parameters"); SY(vect, "vect"); SY(hcat, "hcat");
    SY(vcat, "vcat"); SY(ncat, "ncat"); SY(row, "row"); SY(nrow, "nrow"); SY(ref, "ref");
    SY(typed_hcat, "typed_hcat"); SY(typed_vcat, "typed_vcat"); SY(typed_ncat, "typed_ncat");
    SY(comprehension, "comprehension"); SY(typed_comprehension, "typed_comprehension");
    SY(generator, "generator"); SY(filter, "filter"); SY(flatten, "flatten"); SY(string, "string");
    SY(arrow, "->"); SY(do_, "do"); SY(where, "where"); SY(curly, "curly"); SY(braces, "braces");
    SY(bracescat, "bracescat"); SY(dot, "."); SY(quote, "quote"); SY(dollar, "$"); SY(splat, "...");
    SY(decl, "::"); SY(subtype, "<:"); SY(supertype, ">:"); SY(comparison, "comparison");
    SY(andand, "&&"); SY(oror, "||"); SY(if_, "if"); SY(elseif, "elseif"); SY(for_, "for");
    SY(while_, "while"); SY(let, "let"); SY(try_, "try"); SY(struct_, "struct");
    SY(abstract, "abstract"); SY(primitive, "primitive"); SY(module, "module"); SY(using_, "using");
    SY(import, "import"); SY(export_, "export"); SY(const_, "const"); SY(local, "local");
    SY(global, "global"); SY(return_, "return"); SY(break_, "break"); SY(continue_, "continue");
    SY(macro, "macro"); SY(function, "function"); SY(macrocall, "macrocall"); SY(colon, ":");
    SY(as, "as"); SY(outer, "outer"); SY(amp, "&"); SY(transpose, "'"); SY(star, "*");
    SY(incomplete, "incomplete"); SY(none, "none"); SY(end, "end"); SY(begin, "begin"); SY(tilde, "~");
    SY(atdoc, "@doc"); SY(atcmd, "@cmd"); SY(atint128, "@int128_str"); SY(atuint128, "@uint128_str");
    SY(atbig, "@big_str"); SY(atdot, "@__dot__"); SY(longarrow, "-->"); SY(error, "error");
    SY(var, "var"); SY(inert, "inert"); SY(mutable_, "mutable"); SY(type_, "type"); SY(isa, "isa");
    SY(in_, "in");
#undef SY
    S.init = 1;
}

/* ---------------------------------------------------------------- parser state */

typedef struct {
    uint8_t range_colon;     /* `:` makes ranges (off inside the ?: then-branch) */
    uint8_t space_sensitive; /* `[a -b]`, macro arguments: whitespace separates expressions */
    uint8_t for_generator;   /* `for` ends a macro argument list (generator in brackets) */
    uint8_t end_symbol;      /* `end`/`begin` are symbols (inside indexing) */
    uint8_t ws_newline;      /* newlines are whitespace (inside parentheses) */
    uint8_t where_enabled;
} ctx_t;

#define LNN_CACHE 64

typedef struct {
    jl_lexer_t lx;
    const char *src;
    size_t len;
    jl_token_t *q;           /* lookahead queue: q[qhead .. qhead+qn) */
    size_t qcap, qhead, qn;
    jl_token_t last;         /* last consumed token */
    ctx_t c;
    jl_value_t *file;        /* Symbol of the file name */
    jmp_buf jmp;
    /* error */
    char errmsg[256];
    size_t err_start, err_end;
    int err_incomplete;
    /* recursion guard */
    char *stack_base;
    size_t stack_max;
    jl_value_t *lnn_cache[LNN_CACHE];
    /* scratch text buffer */
    char *buf;
    size_t blen, bcap;
} parser_t;

#if defined(__SANITIZE_ADDRESS__)
static size_t stack_limit = 4 << 20; /* ASan's redzones make each frame several times larger */
#else
static size_t stack_limit = 1 << 20;
#endif


JL_DLLEXPORT void jl_parse_set_stack_limit(size_t bytes) { stack_limit = bytes; }

typedef jl_value_t *(*downfn_t)(parser_t *p);

/* ---------------------------------------------------------------- errors */

static JL_NORETURN void fail_range(parser_t *p, size_t start, size_t end, int incomplete, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static JL_NORETURN void fail_range(parser_t *p, size_t start, size_t end, int incomplete, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->errmsg, sizeof(p->errmsg), fmt, ap);
    va_end(ap);
    p->err_start = start;
    p->err_end = end;
    p->err_incomplete = incomplete;
    longjmp(p->jmp, 1);
}

static const char *tok_desc(parser_t *p, const jl_token_t *t, char *out, size_t n)
{
    if (t->kind == TK_EOF)
        return "end of input";
    if (t->kind == TK_NEWLINE)
        return "newline";
    size_t len = t->end - t->start;
    if (len > 40)
        len = 40;
    snprintf(out, n, "\"%.*s\"", (int)len, p->src + t->start);
    return out;
}

/* Fail at token t: error tokens report their own message; the end of input makes it incomplete. */
static JL_NORETURN void fail_tok(parser_t *p, const jl_token_t *t, const char *msg)
{
    if (t->kind == TK_ERROR)
        fail_range(p, t->start, t->end, t->incomplete, "%s", t->err);
    if (t->kind == TK_EOF)
        fail_range(p, t->start, t->end, 1, "incomplete: premature end of input");
    fail_range(p, t->start, t->end, 0, "%s", msg);
}

static JL_NORETURN void fail_unexpected(parser_t *p, const jl_token_t *t)
{
    char b[64];
    char m[128];
    snprintf(m, sizeof(m), "unexpected %s", tok_desc(p, t, b, sizeof(b)));
    fail_tok(p, t, m);
}

/* "whitespace is not allowed here": the error spans the whitespace before token t */
static JL_NORETURN void fail_ws(parser_t *p, const jl_token_t *t)
{
    size_t a = p->last.end <= t->start ? p->last.end : t->start;
    fail_range(p, a, t->start, 0, "whitespace is not allowed here");
}

static void check_stack(parser_t *p)
{
    char here;
    if (p->stack_base - &here > (ptrdiff_t)p->stack_max || &here - p->stack_base > (ptrdiff_t)p->stack_max)
        fail_range(p, p->last.end, p->last.end, 0, "expression too deeply nested");
}

/* ---------------------------------------------------------------- tokens */

static jl_token_t *qget(parser_t *p, size_t i)
{
    while (p->qn <= i) {
        if (p->qhead + p->qn >= p->qcap) {
            if (p->qhead > 0) {
                memmove(p->q, p->q + p->qhead, p->qn * sizeof(jl_token_t));
                p->qhead = 0;
            }
            else {
                size_t nc = p->qcap ? p->qcap * 2 : 64;
                jl_token_t *nq = (jl_token_t *)realloc(p->q, nc * sizeof(jl_token_t));
                if (!nq)
                    fail_range(p, p->lx.pos, p->lx.pos, 0, "out of memory");
                p->q = nq;
                p->qcap = nc;
            }
        }
        jl_token_t *t = &p->q[p->qhead + p->qn];
        jl_lex_next(&p->lx, t);
        if (t->kind == TK_NEWLINE)
            t->ws = 1;
        p->qn++;
    }
    return &p->q[p->qhead + i];
}

/* the n-th (1-based) upcoming token, newlines skipped if skip_nl */
static jl_token_t peekn(parser_t *p, int n, int skip_nl)
{
    size_t i = 0;
    for (;;) {
        jl_token_t *t = qget(p, i);
        if (t->kind == TK_NEWLINE && skip_nl) { i++; continue; }
        if (--n == 0 || t->kind == TK_EOF)
            return *t;
        i++;
    }
}
static inline jl_token_t peek(parser_t *p)
{
    if (p->qn) {
        jl_token_t *t = &p->q[p->qhead];
        if (t->kind != TK_NEWLINE || !p->c.ws_newline)
            return *t;
    }
    return peekn(p, 1, p->c.ws_newline);
}
static jl_token_t peek_nl(parser_t *p) { return peekn(p, 1, 1); }
static inline jl_token_t peek_raw(parser_t *p)
{
    if (p->qn)
        return p->q[p->qhead];
    return peekn(p, 1, 0);
}

static void skip_newlines(parser_t *p)
{
    while (qget(p, 0)->kind == TK_NEWLINE) {
        p->last = *qget(p, 0);
        p->qhead++;
        p->qn--;
    }
}

static jl_token_t bump(parser_t *p)
{
    if (p->c.ws_newline)
        skip_newlines(p);
    jl_token_t t = *qget(p, 0);
    if (t.kind != TK_EOF) {
        p->qhead++;
        p->qn--;
    }
    p->last = t;
    return t;
}

/* forget the lookahead and restart lexing at `pos` (after strings and interpolations) */
static void reset_lexer(parser_t *p, size_t pos, int32_t line, uint8_t prev_kind)
{
    p->qhead = p->qn = 0;
    p->lx.pos = pos;
    p->lx.line = line;
    p->lx.prev_kind = prev_kind;
    p->lx.prev_op = 0;
    p->lx.prev_kw = 0;
}

static int32_t line_at_end_of(parser_t *p, const jl_token_t *t)
{
    int32_t line = t->line;
    for (size_t i = t->start; i < t->end && i < p->len; i++)
        if (p->src[i] == '\n')
            line++;
    return line;
}

static int is_kw(const jl_token_t *t, int kw) { return t->kind == TK_KW && t->op == kw; }
static int is_op(const jl_token_t *t, int op) { return t->kind == TK_OP && t->op == op && !t->dotted; }
static int is_plain_eq(const jl_token_t *t) { return t->kind == TK_OP && t->op == OP_EQ && !t->dotted; }
static int is_number_tok(int k) { return k >= TK_INT && k <= TK_FLOAT32; }
static int is_id(parser_t *p, const jl_token_t *t, const char *s)
{
    size_t n = strlen(s);
    return t->kind == TK_ID && t->end - t->start == n && !memcmp(p->src + t->start, s, n);
}

static int is_closing(parser_t *p, const jl_token_t *t)
{
    switch (t->kind) {
    case TK_RPAREN: case TK_RBRACK: case TK_RBRACE: case TK_COMMA: case TK_SEMI: case TK_EOF:
        return 1;
    case TK_KW:
        return t->op == KW_ELSE || t->op == KW_ELSEIF || t->op == KW_CATCH || t->op == KW_FINALLY ||
               (t->op == KW_END && !p->c.end_symbol);
    default:
        return 0;
    }
}

static int is_initial_reserved(parser_t *p, const jl_token_t *t)
{
    if (t->kind != TK_KW)
        return 0;
    switch (t->op) {
    case KW_BEGIN: return !p->c.end_symbol;
    case KW_WHILE: case KW_IF: case KW_FOR: case KW_TRY: case KW_RETURN: case KW_BREAK: case KW_CONTINUE:
    case KW_FUNCTION: case KW_MACRO: case KW_QUOTE: case KW_LET: case KW_LOCAL: case KW_GLOBAL:
    case KW_CONST: case KW_DO: case KW_STRUCT: case KW_MODULE: case KW_BAREMODULE: case KW_USING:
    case KW_IMPORT: case KW_EXPORT:
        return 1;
    default:
        return 0;
    }
}

static int is_reserved_word(const jl_token_t *t) { return t->kind == TK_KW && t->op != KW_TRUE && t->op != KW_FALSE; }

/* syntactic operators can't be used as identifiers: && || . ... -> and assignments but ~ */
static int is_syntactic_op(const jl_token_t *t)
{
    if (t->kind != TK_OP)
        return 0;
    if (t->op == OP_ANDAND || t->op == OP_OROR || t->op == OP_DOT || t->op == OP_DDDOT || t->op == OP_ARROW)
        return 1;
    return t->prec == PREC_ASSIGN && t->op != OP_TILDE;
}

static int is_word_op(const jl_token_t *t) { return t->kind == TK_OP && (t->op == OP_IN || t->op == OP_ISA); }

static int is_unary_op(const jl_token_t *t)
{
    if (t->kind != TK_OP || t->suffixed)
        return 0;
    if ((t->op == OP_SUBTYPE || t->op == OP_SUPERTYPE) && !t->dotted)
        return 1;
    return t->op == OP_PLUS || t->op == OP_MINUS || t->op == OP_NOT || t->op == OP_TILDE ||
           t->op == OP_UNARYONLY || t->op == OP_RADICAL || t->op == OP_BOTH_UNARY;
}

static int is_both_unary_binary(const jl_token_t *t)
{
    if (t->kind != TK_OP || t->suffixed)
        return 0;
    return t->op == OP_PLUS || t->op == OP_MINUS || t->op == OP_BOTH_UNARY ||
           ((t->op == OP_DOLLAR || t->op == OP_AMP || t->op == OP_TILDE) && !t->dotted);
}

static int is_initial_operator(const jl_token_t *t)
{
    if (t->kind != TK_OP || is_word_op(t))
        return 0;
    if (t->op == OP_COLON || t->op == OP_QUOTE || t->op == OP_QUESTION)
        return 0;
    if (!t->dotted && (t->op == OP_DOLLAR || t->op == OP_AMP || t->op == OP_DECL))
        return 0;
    return !is_syntactic_op(t);
}

/* ---------------------------------------------------------------- tree building */

/* Julia's identifier normalization for look-alike characters: µ -> μ, ɛ -> ε, · and · -> ⋅, − -> -
 * (full NFC normalization is not done). */
static jl_sym_t *normalized_sym(const char *s, size_t n)
{
    char b[256];
    if (n > sizeof(b) - 8)
        return jl_symbol_n(s, n);
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xB5) { memcpy(b + k, "\xCE\xBC", 2); k += 2; i += 2; }
        else if (c == 0xC9 && i + 1 < n && (unsigned char)s[i + 1] == 0x9B) { memcpy(b + k, "\xCE\xB5", 2); k += 2; i += 2; }
        else if ((c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] == 0xB7) ||
                 (c == 0xCE && i + 1 < n && (unsigned char)s[i + 1] == 0x87)) { memcpy(b + k, "\xE2\x8B\x85", 3); k += 3; i += 2; }
        else if (c == 0xE2 && i + 2 < n && (unsigned char)s[i + 1] == 0x88 && (unsigned char)s[i + 2] == 0x92) { b[k++] = '-'; i += 3; }
        else b[k++] = s[i++];
    }
    return jl_symbol_n(b, k);
}

static jl_sym_t *tok_sym(parser_t *p, const jl_token_t *t)
{
    const char *s = p->src + t->start;
    size_t n = t->end - t->start;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0xC2)
            return normalized_sym(s, n);
    return jl_symbol_n(s, n);
}

static jl_expr_t *ex0(jl_sym_t *h) { return jl_exprn(h, 0); }
static void push(jl_expr_t *e, jl_value_t *v) { jl_array_ptr_1d_push(e->args, v); }
static jl_value_t *ex1(jl_sym_t *h, jl_value_t *a)
{
    jl_expr_t *e = jl_exprn(h, 1);
    jl_exprargset(e, 0, a);
    return (jl_value_t *)e;
}
static jl_value_t *ex2(jl_sym_t *h, jl_value_t *a, jl_value_t *b)
{
    jl_expr_t *e = jl_exprn(h, 2);
    jl_exprargset(e, 0, a);
    jl_exprargset(e, 1, b);
    return (jl_value_t *)e;
}
static jl_value_t *ex3(jl_sym_t *h, jl_value_t *a, jl_value_t *b, jl_value_t *c)
{
    jl_expr_t *e = jl_exprn(h, 3);
    jl_exprargset(e, 0, a);
    jl_exprargset(e, 1, b);
    jl_exprargset(e, 2, c);
    return (jl_value_t *)e;
}
static int isexpr(jl_value_t *v, jl_sym_t *h) { return v && jl_is_expr(v) && ((jl_expr_t *)v)->head == h; }
static size_t nargs(jl_value_t *e) { return jl_expr_nargs(e); }
static jl_value_t *arg(jl_value_t *e, size_t i) { return jl_exprarg(e, i); }
/* LineNumberNodes are immutable: one object per line and parse is enough */
static jl_value_t *lnn(parser_t *p, int32_t line)
{
    unsigned h = (unsigned)line & (LNN_CACHE - 1);
    if (p->lnn_cache[h] && ((jl_linenumbernode_t *)p->lnn_cache[h])->line == line)
        return p->lnn_cache[h];
    return p->lnn_cache[h] = jl_new_linenumbernode(line, p->file);
}

static void insert_arg(jl_expr_t *e, size_t at, jl_value_t *v)
{
    size_t n = jl_array_len(e->args);
    jl_array_ptr_1d_push(e->args, v);
    for (size_t i = n; i > at; i--)
        jl_array_ptr_set(e->args, i, jl_array_ptr_ref(e->args, i - 1));
    jl_array_ptr_set(e->args, at, v);
}

static jl_value_t *core_ref(jl_sym_t *name)
{
    if (!jl_globalref_type || !jl_core_module)
        return (jl_value_t *)name;
    jl_globalref_t *g = (jl_globalref_t *)jl_new_struct_uninit(jl_globalref_type);
    g->mod = jl_core_module;
    g->name = name;
    g->binding = jl_nothing;
    return (jl_value_t *)g;
}

/* (quote x) with Julia's QuoteNode rule: non-Expr, non-Bool operands become QuoteNode(x) */
static jl_value_t *mkquote(jl_value_t *x)
{
    if (jl_is_expr(x) || jl_is_quotenode(x) || jl_is_bool(x))
        return ex1(S.quote, x);
    return jl_new_quotenode(x);
}

/* `=` -> `kw` for arguments of prefix calls, indexing and parameters */
static void eq_to_kw(jl_value_t *e)
{
    if (isexpr(e, S.eq))
        ((jl_expr_t *)e)->head = S.kw;
}

/* (call f ... (parameters ...)) -> parameters moved to argument 2 (after the callee) */
static void move_params(jl_expr_t *e, size_t to)
{
    size_t n = jl_array_len(e->args);
    if (n > 1 && isexpr(jl_array_ptr_ref(e->args, n - 1), S.parameters)) {
        jl_value_t *pr = jl_array_ptr_ref(e->args, n - 1);
        for (size_t i = n - 1; i > to; i--)
            jl_array_ptr_set(e->args, i, jl_array_ptr_ref(e->args, i - 1));
        jl_array_ptr_set(e->args, to, pr);
    }
}

static int is_eventually_call(jl_value_t *e)
{
    while (e && jl_is_expr(e)) {
        jl_expr_t *x = (jl_expr_t *)e;
        if (x->head == S.call)
            return 1;
        if ((x->head == S.where || x->head == S.decl) && nargs(e) > 0)
            e = arg(e, 0);
        else
            return 0;
    }
    return 0;
}

/* ---------------------------------------------------------------- forward declarations */

static jl_value_t *parse_eq(parser_t *p);
static jl_value_t *simple_atom(parser_t *p);
static jl_value_t *parse_eq_star(parser_t *p, int *iseq);
static jl_value_t *parse_pair(parser_t *p);
static jl_value_t *parse_cond(parser_t *p);
static jl_value_t *parse_comparison(parser_t *p, int subtype_comparison);
static jl_value_t *parse_pipe_lt(parser_t *p);
static jl_value_t *parse_range(parser_t *p);
static jl_value_t *parse_expr(parser_t *p);
static jl_value_t *parse_unary(parser_t *p);
static jl_value_t *parse_factor(parser_t *p);
static jl_value_t *parse_call(parser_t *p);
static jl_value_t *parse_juxtapose(parser_t *p);
static jl_value_t *parse_where(parser_t *p, downfn_t down);
static jl_value_t *parse_where_chain(parser_t *p, jl_value_t *ex);
static jl_value_t *parse_unary_prefix(parser_t *p);
static jl_value_t *parse_call_chain(parser_t *p, jl_value_t *ex, int32_t line, int is_macrocall);
static jl_value_t *parse_atom(parser_t *p, int check_identifiers);
static jl_value_t *parse_resword(parser_t *p);
static jl_value_t *parse_block(parser_t *p, downfn_t down);
static jl_value_t *parse_docstring_eq(parser_t *p);
static jl_value_t *parse_generator(parser_t *p, jl_value_t *first);
static jl_value_t *parse_cat(parser_t *p, int closer, int end_symbol);
static jl_value_t *parse_string(parser_t *p);
static jl_value_t *parse_raw_string(parser_t *p);
static jl_value_t *parse_decl_with_initial_ex(parser_t *p, jl_value_t *ex, int32_t line);
static jl_value_t *parse_factor_with_initial_ex(parser_t *p, jl_value_t *ex, int32_t line);
static jl_value_t *parse_assignment_with_initial_ex(parser_t *p, jl_value_t *ex, downfn_t down, int *iseq,
                                                    int32_t line);

/* ---------------------------------------------------------------- numbers and characters */

static char *scratch(parser_t *p, size_t n)
{
    if (n + 1 > p->bcap) {
        size_t nc = p->bcap ? p->bcap : 256;
        while (nc < n + 1)
            nc *= 2;
        char *nb = (char *)realloc(p->buf, nc);
        if (!nb)
            fail_range(p, p->last.start, p->last.end, 0, "out of memory");
        p->buf = nb;
        p->bcap = nc;
    }
    return p->buf;
}

static jl_value_t *bigint_literal(jl_sym_t *mac, const char *txt, size_t n)
{
    return (jl_value_t *)jl_expr(S.macrocall, 3, core_ref(mac), jl_nothing, jl_pchar_to_string(txt, n));
}

/* number token text (possibly with a glued sign) -> value */
static jl_value_t *number_value(parser_t *p, const jl_token_t *t, int negate)
{
    size_t n = t->end - t->start;
    char *b = scratch(p, n + 2);
    size_t k = 0;
    if (negate)
        b[k++] = '-';
    for (size_t i = 0; i < n; i++)
        if (p->src[t->start + i] != '_')
            b[k++] = p->src[t->start + i];
    b[k] = 0;
    const char *digits = b + (negate ? 1 : 0);
    size_t nd = k - (negate ? 1 : 0);
    switch (t->kind) {
    case TK_INT: {
        unsigned __int128 v = 0;
        int big = 0;
        for (size_t i = 0; i < nd; i++) {
            unsigned d = (unsigned)(digits[i] - '0');
            if (v > (((unsigned __int128)-1) - d) / 10) { big = 1; break; }
            v = v * 10 + d;
        }
        unsigned __int128 i64max = (unsigned __int128)INT64_MAX;
        unsigned __int128 i128max = ((unsigned __int128)1 << 127) - 1;
        if (!big && (v <= i64max || (negate && v == i64max + 1)))
            return jl_box_int64(negate ? (int64_t)(0 - (uint64_t)v) : (int64_t)v);
        if (!big && (v <= i128max || (negate && v == i128max + 1)))
            return bigint_literal(S.atint128, b, k);
        return bigint_literal(S.atbig, b, k);
    }
    case TK_HEXINT: case TK_BININT: case TK_OCTINT: {
        size_t nd2 = nd - 2;
        const char *d = digits + 2;
        size_t bits;
        if (t->kind == TK_HEXINT) bits = nd2 * 4;
        else if (t->kind == TK_BININT) bits = nd2;
        else {
            unsigned lead = (unsigned)(d[0] - '0');
            size_t lb = lead >= 4 ? 3 : lead >= 2 ? 2 : 1;
            bits = 3 * (nd2 - 1) + lb;
        }
        if (bits > 128)
            return bigint_literal(S.atbig, b, k);
        if (bits > 64) {
            /* octal: the value may still exceed 128 bits' worth of digits rules; check it */
            return bigint_literal(S.atuint128, b, k);
        }
        uint64_t v = 0;
        unsigned base = t->kind == TK_HEXINT ? 16 : t->kind == TK_BININT ? 2 : 8;
        for (size_t i = 0; i < nd2; i++) {
            char c = d[i];
            unsigned dv = c >= 'a' ? (unsigned)(c - 'a' + 10) : c >= 'A' ? (unsigned)(c - 'A' + 10) : (unsigned)(c - '0');
            v = v * base + dv;
        }
        if (bits <= 8) return jl_box_uint8((uint8_t)v);
        if (bits <= 16) return jl_box_uint16((uint16_t)v);
        if (bits <= 32) return jl_box_uint32((uint32_t)v);
        return jl_box_uint64(v);
    }
    case TK_FLOAT32: {
        for (size_t i = 0; i < k; i++)
            if (b[i] == 'f') b[i] = 'e';
        errno = 0;
        float f = strtof(b, NULL);
        if (isinf(f))
            fail_range(p, t->start, t->end, 0, "overflow in Float32 literal");
        return jl_box_float32(f);
    }
    default: {
        errno = 0;
        double f = strtod(b, NULL);
        if (isinf(f))
            fail_range(p, t->start, t->end, 0, "overflow in floating point literal");
        return jl_box_float64(f);
    }
    }
}

/* One escape sequence at s[*i] (just after the backslash). Appends the bytes to out. Returns 0 on an
 * invalid escape. */
static int unescape_one(const char *s, size_t n, size_t *i, char *out, size_t *k)
{
    if (*i >= n)
        return 0;
    char c = s[(*i)++];
    switch (c) {
    case 'n': out[(*k)++] = '\n'; return 1;
    case 't': out[(*k)++] = '\t'; return 1;
    case 'r': out[(*k)++] = '\r'; return 1;
    case 'a': out[(*k)++] = '\a'; return 1;
    case 'b': out[(*k)++] = '\b'; return 1;
    case 'f': out[(*k)++] = '\f'; return 1;
    case 'v': out[(*k)++] = '\v'; return 1;
    case 'e': out[(*k)++] = 0x1b; return 1;
    case '\\': case '"': case '\'': case '$': case '`':
        out[(*k)++] = c; return 1;
    case 'x': case 'u': case 'U': {
        int maxd = c == 'x' ? 2 : c == 'u' ? 4 : 8;
        uint32_t v = 0;
        int d = 0;
        while (d < maxd && *i < n) {
            char h = s[*i];
            int hv = (h >= '0' && h <= '9') ? h - '0' : (h >= 'a' && h <= 'f') ? h - 'a' + 10 :
                     (h >= 'A' && h <= 'F') ? h - 'A' + 10 : -1;
            if (hv < 0) break;
            v = v * 16 + (uint32_t)hv;
            (*i)++; d++;
        }
        if (d == 0)
            return 0;
        if (c == 'x') { out[(*k)++] = (char)v; return 1; }
        if (v > 0x10FFFF) return 0;
        /* encode (surrogates are encoded as-is, like Julia) */
        if (v < 0x80) out[(*k)++] = (char)v;
        else if (v < 0x800) { out[(*k)++] = (char)(0xC0 | (v >> 6)); out[(*k)++] = (char)(0x80 | (v & 0x3F)); }
        else if (v < 0x10000) {
            out[(*k)++] = (char)(0xE0 | (v >> 12)); out[(*k)++] = (char)(0x80 | ((v >> 6) & 0x3F));
            out[(*k)++] = (char)(0x80 | (v & 0x3F));
        }
        else {
            out[(*k)++] = (char)(0xF0 | (v >> 18)); out[(*k)++] = (char)(0x80 | ((v >> 12) & 0x3F));
            out[(*k)++] = (char)(0x80 | ((v >> 6) & 0x3F)); out[(*k)++] = (char)(0x80 | (v & 0x3F));
        }
        return 1;
    }
    default:
        if (c >= '0' && c <= '7') {
            uint32_t v = (uint32_t)(c - '0');
            int d = 1;
            while (d < 3 && *i < n && s[*i] >= '0' && s[*i] <= '7') {
                v = v * 8 + (uint32_t)(s[*i] - '0');
                (*i)++; d++;
            }
            if (v > 0xFF) return 0;
            out[(*k)++] = (char)v;
            return 1;
        }
        return 0;
    }
}

static jl_value_t *char_value(parser_t *p, const jl_token_t *t)
{
    size_t a = t->start + 1, e = t->end - 1;
    const char *s = p->src + a;
    size_t n = e - a;
    char out[16];
    size_t k = 0, i = 0;
    while (i < n) {
        if (k > 8)
            fail_range(p, t->start, t->end, 0, "character literal contains multiple characters");
        if (s[i] == '\\') {
            i++;
            if (!unescape_one(s, n, &i, out, &k))
                fail_range(p, t->start, t->end, 0, "invalid escape sequence");
        }
        else {
            out[k++] = s[i++];
        }
    }
    if (k == 0)
        fail_range(p, t->start, t->end, 0, "invalid empty character literal");
    /* exactly one character: one valid UTF-8 sequence, or one byte */
    int used = 1;
    int32_t cp = jl_lex_utf8((const unsigned char *)out, k, &used);
    if (!((cp >= 0 && (size_t)used == k) || k == 1))
        fail_range(p, t->start, t->end, 0, "character literal contains multiple characters");
    uint32_t bits = 0;
    for (size_t j = 0; j < k && j < 4; j++)
        bits |= (uint32_t)(unsigned char)out[j] << (24 - 8 * j);
    return jl_box_char(bits);
}

/* ---------------------------------------------------------------- strings */

typedef struct { size_t a, b; jl_value_t *ex; } strpiece_t;

typedef struct {
    strpiece_t *v;     /* malloc'ed: not scanned by the collector, so ... */
    size_t n, cap;
    jl_array_t *keep;  /* ... the interpolated expressions are also kept alive here */
} pieces_t;

static void pieces_push(parser_t *p, pieces_t *ps, size_t a, size_t b, jl_value_t *ex)
{
    if (ps->n == ps->cap) {
        size_t nc = ps->cap ? ps->cap * 2 : 8;
        strpiece_t *nv = (strpiece_t *)realloc(ps->v, nc * sizeof(strpiece_t));
        if (!nv) {
            free(ps->v);
            ps->v = NULL;
            fail_range(p, a, b, 0, "out of memory");
        }
        ps->v = nv;
        ps->cap = nc;
    }
    ps->v[ps->n].a = a;
    ps->v[ps->n].b = b;
    ps->v[ps->n].ex = ex;
    ps->n++;
    if (ex) {
        if (!ps->keep)
            ps->keep = jl_alloc_vec_any(0);
        jl_array_ptr_1d_push(ps->keep, ex);
    }
}

/* Triple-quoted strings: compute the common indentation of the raw text pieces and build, for each
 * text piece, the bytes with that indentation (and a leading newline) removed, then unescaped. */
typedef struct { const char *s; size_t n; } span_t;

static size_t common_indent(parser_t *p, pieces_t *ps, const char **ind)
{
    const char *best = NULL;
    size_t bestn = 0;
    int have = 0;
    for (size_t k = 0; k < ps->n; k++) {
        if (ps->v[k].ex)
            continue;
        const char *s = p->src;
        for (size_t i = ps->v[k].a; i < ps->v[k].b; i++) {
            if (s[i] != '\n')
                continue;
            size_t j = i + 1;
            while (j < ps->v[k].b && (s[j] == ' ' || s[j] == '\t'))
                j++;
            int last_piece = k + 1 == ps->n;
            int blank;
            if (j < ps->v[k].b)
                blank = s[j] == '\n' || (s[j] == '\r' && j + 1 < ps->v[k].b && s[j + 1] == '\n');
            else
                blank = !last_piece ? 0 : 0; /* end of piece: interpolation follows, or closing line */
            if (blank)
                continue;
            size_t w = j - (i + 1);
            if (!have) { best = s + i + 1; bestn = w; have = 1; }
            else {
                size_t m = 0;
                while (m < bestn && m < w && best[m] == s[i + 1 + m])
                    m++;
                bestn = m;
            }
        }
    }
    *ind = best;
    return have ? bestn : 0;
}

/* Unescape (non-raw) text [a,b) into dst; returns bytes written. `strip` bytes of indentation are
 * removed after every newline; line continuation `\`+newline drops the newline and next indentation. */
static size_t process_text(parser_t *p, size_t a, size_t b, size_t strip, int raw, char delim, char *dst,
                           int drop_first_nl)
{
    const char *s = p->src;
    size_t k = 0, i = a;
    if (drop_first_nl) {
        size_t i0 = i;
        if (i < b && s[i] == '\n') i++;
        else if (i + 1 < b && s[i] == '\r' && s[i + 1] == '\n') i += 2;
        for (size_t m = 0; i != i0 && m < strip && i < b && (s[i] == ' ' || s[i] == '\t'); m++)
            i++;
    }
    while (i < b) {
        char c = s[i];
        if (c == '\n' || (c == '\r' && i + 1 < b && s[i + 1] == '\n')) {
            if (c == '\r') i++;
            dst[k++] = '\n';
            i++;
            size_t m = 0;
            while (m < strip && i < b && (s[i] == ' ' || s[i] == '\t')) { i++; m++; }
            continue;
        }
        if (c == '\\') {
            if (raw) {
                size_t j = i;
                while (j < b && s[j] == '\\')
                    j++;
                size_t nb = j - i;
                if (j == b || s[j] == delim) {
                    /* backslashes before a quote (or the closing quote) are halved */
                    for (size_t t = 0; t < nb / 2; t++) dst[k++] = '\\';
                    if (j < b && (nb & 1)) { dst[k++] = delim; j++; }
                    else if (nb & 1) dst[k++] = '\\';
                }
                else {
                    for (size_t t = 0; t < nb; t++) dst[k++] = '\\';
                }
                i = j;
                continue;
            }
            if (i + 1 < b && (s[i + 1] == '\n' || (s[i + 1] == '\r' && i + 2 < b && s[i + 2] == '\n'))) {
                i += s[i + 1] == '\r' ? 3 : 2;
                while (i < b && (s[i] == ' ' || s[i] == '\t'))
                    i++;
                continue;
            }
            i++;
            size_t before = i;
            if (!unescape_one(s, b, &i, dst, &k))
                fail_range(p, before - 1, i < b ? i + 1 : b, 0, "invalid escape sequence");
            continue;
        }
        dst[k++] = c;
        i++;
    }
    return k;
}

/* Build the value of a string literal from its pieces. */
static jl_value_t *finish_string(parser_t *p, pieces_t *ps, int triple, int raw, char delim, int *is_interp)
{
    size_t strip = 0;
    const char *ind = NULL;
    if (triple)
        strip = common_indent(p, ps, &ind);
    jl_expr_t *ex = NULL;
    jl_value_t *single = NULL;
    size_t nparts = 0;
    for (size_t k = 0; k < ps->n; k++) {
        jl_value_t *part;
        if (ps->v[k].ex) {
            part = ps->v[k].ex;
        }
        else {
            size_t a = ps->v[k].a, b = ps->v[k].b;
            char *dst = scratch(p, (b - a) * 1 + 8);
            size_t n = process_text(p, a, b, strip, raw, delim, dst, triple && k == 0);
            if (n == 0 && ps->n > 1)
                continue;
            part = jl_pchar_to_string(dst, n);
        }
        nparts++;
        if (!single && !ex && ps->n == 1) {
            single = part;
            continue;
        }
        if (!ex)
            ex = ex0(S.string);
        push(ex, part);
    }
    *is_interp = ex != NULL;
    if (ex)
        return (jl_value_t *)ex;
    if (single)
        return single;
    return jl_pchar_to_string("", 0);
}

/* Scan the body of a string whose opening delimiter was just consumed (p->last). Interpolations are
 * parsed when `interp`. On return the lexer restarts after the closing delimiter. */
static void scan_string(parser_t *p, pieces_t *ps, int triple, char delim, int interp)
{
    const char *s = p->src;
    size_t n = p->len;
    size_t open = p->last.start;
    size_t q = p->last.end;
    int32_t line = p->last.line;
    size_t seg = q;
    for (;;) {
        if (q >= n) {
            pieces_push(p, ps, seg, q, NULL);
            const char *m = delim == '`' ? "incomplete: invalid \"`\" syntax" : "incomplete: invalid string syntax";
            fail_range(p, open, n, 1, "%s", m);
        }
        char c = s[q];
        if (c == '\\') {
            if (q + 1 < n && s[q + 1] == '\n') line++;
            q += 2;
            if (q > n) q = n;
            continue;
        }
        if (c == delim && (!triple || (q + 2 < n && s[q + 1] == delim && s[q + 2] == delim))) {
            pieces_push(p, ps, seg, q, NULL);
            q += triple ? 3 : 1;
            break;
        }
        if (c == '\n')
            line++;
        if (c == '$' && interp) {
            pieces_push(p, ps, seg, q, NULL);
            q++;
            if (q < n && s[q] == '(') {
                reset_lexer(p, q, line, TK_OP);
                jl_value_t *e = parse_atom(p, 1);
                if (jl_is_string(e))
                    e = ex1(S.string, e);
                pieces_push(p, ps, 0, 0, e);
                q = p->last.end;
                line = line_at_end_of(p, &p->last);
            }
            else {
                int m;
                int32_t cp = q < n ? jl_lex_utf8((const unsigned char *)s + q, n - q, &m) : -1;
                if (cp < 0 || !jl_lex_is_id_start(cp))
                    fail_range(p, q - 1, q, 0, "identifier or parenthesized expression expected after $ in string");
                size_t a = q;
                while (q < n) {
                    cp = jl_lex_utf8((const unsigned char *)s + q, n - q, &m);
                    if (cp < 0 || !jl_lex_is_id_char(cp))
                        break;
                    q += (size_t)m;
                }
                pieces_push(p, ps, 0, 0, (jl_value_t *)jl_symbol_n(s + a, q - a));
            }
            seg = q;
            continue;
        }
        q++;
    }
    /* pieces of text hold [a,b) ranges; the closing delimiter ends the last */
    reset_lexer(p, q, line, TK_STR);
    p->last.kind = TK_STR;
    p->last.start = (uint32_t)open;
    p->last.end = (uint32_t)q;
    p->last.line = line;
}

/* "..." and """...""" with escapes and interpolation */
static jl_value_t *parse_string(parser_t *p)
{
    jl_token_t t = bump(p);
    int triple = t.kind == TK_TSTR;
    pieces_t ps = {NULL, 0, 0, NULL};
    jl_value_t *r;
    /* the scratch pieces array is malloc'ed: free it on any exit, including errors */
    jmp_buf save;
    memcpy(&save, &p->jmp, sizeof(jmp_buf));
    if (setjmp(p->jmp)) {
        free(ps.v);
        memcpy(&p->jmp, &save, sizeof(jmp_buf));
        longjmp(p->jmp, 1);
    }
    scan_string(p, &ps, triple, '"', 1);
    int interp;
    r = finish_string(p, &ps, triple, 0, '"', &interp);
    free(ps.v);
    memcpy(&p->jmp, &save, sizeof(jmp_buf));
    return r;
}

/* raw strings of string macros and commands: no interpolation, only \" (or \`) is special */
static jl_value_t *parse_raw_string(parser_t *p)
{
    jl_token_t t = bump(p);
    int triple = t.kind == TK_TSTR || t.kind == TK_TCMD;
    char delim = (t.kind == TK_CMD || t.kind == TK_TCMD) ? '`' : '"';
    pieces_t ps = {NULL, 0, 0, NULL};
    jmp_buf save;
    memcpy(&save, &p->jmp, sizeof(jmp_buf));
    if (setjmp(p->jmp)) {
        free(ps.v);
        memcpy(&p->jmp, &save, sizeof(jmp_buf));
        longjmp(p->jmp, 1);
    }
    scan_string(p, &ps, triple, delim, 0);
    int interp;
    jl_value_t *r = finish_string(p, &ps, triple, 1, delim, &interp);
    free(ps.v);
    memcpy(&p->jmp, &save, sizeof(jmp_buf));
    return r;
}

/* ---------------------------------------------------------------- context helpers */

#define SAVE_CTX ctx_t saved_ctx__ = p->c
#define RESTORE_CTX (p->c = saved_ctx__)

static void normal_context(parser_t *p)
{
    p->c.range_colon = 1;
    p->c.space_sensitive = 0;
    p->c.where_enabled = 1;
    p->c.for_generator = 0;
    p->c.end_symbol = 0;
    p->c.ws_newline = 0;
}

static void expect_closer(parser_t *p, int kind, const char *what)
{
    jl_token_t t = peek(p);
    if (t.kind == kind) {
        bump(p);
        return;
    }
    if (t.kind == TK_EOF || (t.kind == TK_ERROR && t.incomplete))
        fail_tok(p, &t, "");
    char b[64], m[160];
    snprintf(m, sizeof(m), "Expected `%s`, got %s", what, tok_desc(p, &t, b, sizeof(b)));
    if (is_closing(p, &t) || t.kind == TK_KW)
        snprintf(m, sizeof(m), "unexpected %s", tok_desc(p, &t, b, sizeof(b)));
    fail_tok(p, &t, m);
}

static void expect_end(parser_t *p, const char *word, int32_t line)
{
    jl_token_t t = peek_nl(p);
    if (is_kw(&t, KW_END)) {
        skip_newlines(p);
        bump(p);
        return;
    }
    if (t.kind == TK_EOF) {
        const char *f = jl_symbol_name(p->file);
        fail_range(p, t.start, t.end, 1, "incomplete: \"%s\" at %s:%d requires end", word, f, (int)line);
    }
    if (t.kind == TK_ERROR)
        fail_tok(p, &t, "");
    fail_unexpected(p, &t);
}

/* ---------------------------------------------------------------- statements and blocks */

/* Statements separated by newlines or `;` until a closing keyword; each preceded by its line. */
static jl_value_t *parse_block_inner(parser_t *p, downfn_t down, jl_expr_t *blk)
{
    for (;;) {
        jl_token_t t = peek_raw(p);
        while (t.kind == TK_NEWLINE || t.kind == TK_SEMI) {
            bump(p);
            t = peek_raw(p);
        }
        if (t.kind == TK_EOF || (t.kind == TK_KW && (t.op == KW_END || t.op == KW_ELSE || t.op == KW_ELSEIF ||
                                                       t.op == KW_CATCH || t.op == KW_FINALLY)))
            break;
        check_stack(p);
        push(blk, lnn(p, t.line));
        push(blk, down(p));
        t = peek_raw(p);
        if (t.kind != TK_NEWLINE && t.kind != TK_SEMI)
            break;
    }
    return (jl_value_t *)blk;
}

static jl_value_t *parse_block(parser_t *p, downfn_t down)
{
    jl_token_t t = peek_raw(p);
    jl_expr_t *blk = ex0(S.block);
    parse_block_inner(p, down, blk);
    if (nargs((jl_value_t *)blk) == 0)
        push(blk, lnn(p, t.line));
    return (jl_value_t *)blk;
}

static int is_string_value(jl_value_t *e) { return jl_is_string(e) || isexpr(e, S.string); }

/* "doc" foo  ==>  (macrocall Core.@doc LNN "doc" foo) */
static jl_value_t *parse_docstring(parser_t *p, downfn_t down)
{
    jl_token_t t0 = peek_nl(p);
    jl_value_t *e = down(p);
    if (!is_string_value(e) || p->last.kind != TK_STR || (t0.kind != TK_STR && t0.kind != TK_TSTR))
        return e;
    jl_token_t t = peek_raw(p);
    if (is_closing(p, &t))
        return e;
    if (t.kind == TK_NEWLINE) {
        jl_token_t t2 = peekn(p, 2, 0);
        if (is_closing(p, &t2) || t2.kind == TK_NEWLINE)
            return e;
        bump(p);
    }
    jl_value_t *target = down(p);
    return (jl_value_t *)jl_expr(S.macrocall, 4, core_ref(S.atdoc), lnn(p, t0.line), e, target);
}

static jl_value_t *parse_docstring_eq(parser_t *p) { return parse_docstring(p, parse_eq); }

/* a;b;c  ==> (toplevel a b c) ; a single statement is returned as is */
static jl_value_t *parse_stmts(parser_t *p)
{
    jl_expr_t *tl = NULL;
    jl_value_t *first = NULL;
    jl_token_t t = peek_raw(p);
    int ndelim = 0;
    if (t.kind != TK_SEMI)
        first = parse_docstring_eq(p);
    for (;;) {
        t = peek_raw(p);
        if (t.kind != TK_SEMI)
            break;
        bump(p);
        ndelim++;
        if (!tl) {
            tl = ex0(S.toplevel);
            if (first)
                push(tl, first);
        }
        t = peek_raw(p);
        if (t.kind == TK_EOF || t.kind == TK_NEWLINE || t.kind == TK_SEMI)
            continue;
        push(tl, parse_docstring_eq(p));
    }
    t = peek_raw(p);
    if (t.kind != TK_NEWLINE && t.kind != TK_EOF) {
        char b[64], m[128];
        if (is_kw(&t, KW_END) || t.kind == TK_RPAREN || t.kind == TK_RBRACK || t.kind == TK_RBRACE ||
            (t.kind == TK_KW && is_closing(p, &t)))
            snprintf(m, sizeof(m), "unexpected %s", tok_desc(p, &t, b, sizeof(b)));
        else
            snprintf(m, sizeof(m), "extra token %s after end of expression", tok_desc(p, &t, b, sizeof(b)));
        fail_tok(p, &t, m);
    }
    if (tl)
        return (jl_value_t *)tl;
    return first ? first : jl_nothing;
}

/* ---------------------------------------------------------------- assignment, comma, pair, ?: */

static jl_value_t *parse_assignment(parser_t *p, downfn_t down, int *iseq)
{
    check_stack(p);
    int32_t line = peek_nl(p).line;
    jl_value_t *ex = down(p);
    return parse_assignment_with_initial_ex(p, ex, down, iseq, line);
}

static jl_value_t *parse_assignment_with_initial_ex(parser_t *p, jl_value_t *ex, downfn_t down, int *iseq,
                                                    int32_t line)
{
    jl_token_t t = peek(p);
    if (t.kind != TK_OP || t.prec != PREC_ASSIGN)
        return ex;
    if (t.op == OP_TILDE) {
        if (p->c.space_sensitive && t.ws && !peekn(p, 2, p->c.ws_newline).ws)
            return ex;
        bump(p);
        jl_value_t *rhs = parse_assignment(p, down, NULL);
        return ex3(S.call, (jl_value_t *)tok_sym(p, &t), ex, rhs);
    }
    bump(p);
    jl_value_t *rhs = parse_assignment(p, down, NULL);
    int plain = is_plain_eq(&t);
    if (plain && is_eventually_call(ex) && !isexpr(rhs, S.block))
        rhs = ex2(S.block, lnn(p, line), rhs);
    if (plain && iseq)
        *iseq = 1;
    return ex2(plain ? S.eq : tok_sym(p, &t), ex, rhs);
}

static jl_value_t *parse_comma(parser_t *p)
{
    jl_value_t *first = parse_pair(p);
    if (peek(p).kind != TK_COMMA)
        return first;
    jl_expr_t *tup = ex0(S.tuple);
    push(tup, first);
    while (peek(p).kind == TK_COMMA) {
        bump(p);
        jl_token_t t = peek(p);
        if (is_plain_eq(&t))
            break;
        push(tup, parse_pair(p));
    }
    return (jl_value_t *)tup;
}

static jl_value_t *parse_eq(parser_t *p)
{
    jl_token_t t2 = peekn(p, 2, p->c.ws_newline);
    if (t2.kind != TK_COMMA) {
        jl_value_t *a = simple_atom(p);
        if (a)
            return a;
    }
    return parse_assignment(p, parse_comma, NULL);
}

/* a lone identifier or number followed by `,` `)` `]` `}` `;` or a newline needs no precedence climbing */
static jl_value_t *simple_atom(parser_t *p)
{
    jl_token_t t = peek(p);
    if (t.kind != TK_ID && t.kind != TK_INT && t.kind != TK_FLOAT)
        return NULL;
    jl_token_t t2 = peekn(p, 2, p->c.ws_newline);
    if (t2.kind != TK_COMMA && t2.kind != TK_RPAREN && t2.kind != TK_RBRACK && t2.kind != TK_RBRACE &&
        t2.kind != TK_SEMI && t2.kind != TK_NEWLINE)
        return NULL;
    if (t.kind == TK_ID) {
        if (t.end - t.start == 3 && !memcmp(p->src + t.start, "var", 3))
            return NULL;
        skip_newlines(p);
        bump(p);
        return (jl_value_t *)tok_sym(p, &t);
    }
    skip_newlines(p);
    bump(p);
    return number_value(p, &t, 0);
}

static jl_value_t *parse_eq_star(parser_t *p, int *iseq)
{
    jl_value_t *a = simple_atom(p);
    return a ? a : parse_assignment(p, parse_pair, iseq);
}

static jl_value_t *parse_arrow(parser_t *p);

/* The right-associative binary levels (`=>`, arrows, `||`, `&&`, `<|`) parse `ex op rhs` with rhs at the
   same level, so `a => b => c` is `a => (b => c)`. */
typedef jl_value_t *(*parse_level_t)(parser_t *p);

/* Consumes the next token into *t when it is the operator `op` (op >= 0) or any operator of precedence
   `prec` (op < 0). */
static int rassoc_op(parser_t *p, int prec, int op, jl_token_t *t)
{
    *t = peek(p);
    if (t->kind != TK_OP || (op >= 0 ? t->op != op : t->prec != prec))
        return 0;
    bump(p);
    return 1;
}

/* `ex op rhs` as a call of the operator */
static jl_value_t *parse_rassoc_call(parser_t *p, int prec, parse_level_t self, parse_level_t next)
{
    check_stack(p);
    jl_token_t t;
    jl_value_t *ex = next(p);
    return rassoc_op(p, prec, -1, &t) ? ex3(S.call, (jl_value_t *)tok_sym(p, &t), ex, self(p)) : ex;
}

static jl_value_t *parse_pair(parser_t *p) { return parse_rassoc_call(p, PREC_PAIR, parse_pair, parse_cond); }

static jl_value_t *parse_cond(parser_t *p)
{
    jl_value_t *ex = parse_arrow(p);
    jl_token_t t = peek(p);
    if (!is_op(&t, OP_QUESTION))
        return ex;
    if (!t.ws)
        fail_tok(p, &t, "space required before \"?\" operator");
    bump(p);
    t = peek(p);
    if (!t.ws)
        fail_tok(p, &t, "space required after \"?\" operator");
    SAVE_CTX;
    p->c.range_colon = 0;
    jl_value_t *a = parse_eq_star(p, NULL);
    RESTORE_CTX;
    t = peek(p);
    if (!is_op(&t, OP_COLON)) {
        if (t.kind == TK_EOF)
            fail_tok(p, &t, "");
        fail_tok(p, &t, "colon expected in \"?\" expression");
    }
    if (!t.ws)
        fail_tok(p, &t, "space required before colon in \"?\" expression");
    bump(p);
    t = peek(p);
    if (!t.ws)
        fail_tok(p, &t, "space required after colon in \"?\" expression");
    jl_value_t *b = parse_eq_star(p, NULL);
    return ex3(S.if_, ex, a, b);
}

static jl_value_t *parse_or(parser_t *p);

static jl_value_t *parse_arrow(parser_t *p)
{
    check_stack(p);
    jl_token_t t;
    jl_value_t *ex = parse_or(p);
    if (!rassoc_op(p, PREC_ARROW, -1, &t))
        return ex;
    jl_value_t *rhs = parse_arrow(p);
    if (t.op == OP_LONGARROW && !t.dotted && !t.suffixed)
        return ex2(S.longarrow, ex, rhs);
    return ex3(S.call, (jl_value_t *)tok_sym(p, &t), ex, rhs);
}

/* `||` and `&&` are syntax (their own heads), one level each */
static jl_value_t *parse_lazy_bool(parser_t *p, int op, parse_level_t self, parse_level_t next)
{
    check_stack(p);
    jl_token_t t;
    jl_value_t *ex = next(p);
    return rassoc_op(p, 0, op, &t) ? ex2(tok_sym(p, &t), ex, self(p)) : ex;
}

static jl_value_t *parse_comparison0(parser_t *p) { return parse_comparison(p, 0); }
static jl_value_t *parse_and(parser_t *p) { return parse_lazy_bool(p, OP_ANDAND, parse_and, parse_comparison0); }
static jl_value_t *parse_or(parser_t *p) { return parse_lazy_bool(p, OP_OROR, parse_or, parse_and); }

static jl_value_t *parse_comparison(parser_t *p, int subtype_comparison)
{
    jl_token_t t = peek(p);
    if (subtype_comparison && is_reserved_word(&t)) {
        char b[64], m[128];
        snprintf(m, sizeof(m), "invalid type name %s", tok_desc(p, &t, b, sizeof(b)));
        fail_tok(p, &t, m);
    }
    jl_value_t *ex = parse_pipe_lt(p);
    t = peek(p);
    if (t.kind != TK_OP || t.prec != PREC_COMPARISON)
        return ex;
    jl_token_t first = t;
    jl_expr_t *cmp = ex0(S.comparison);
    push(cmp, ex);
    int n = 0;
    while ((t = peek(p)).kind == TK_OP && t.prec == PREC_COMPARISON) {
        bump(p);
        push(cmp, (jl_value_t *)tok_sym(p, &t));
        push(cmp, parse_pipe_lt(p));
        n++;
    }
    if (n > 1)
        return (jl_value_t *)cmp;
    jl_value_t *a = arg((jl_value_t *)cmp, 0), *b = arg((jl_value_t *)cmp, 2);
    if ((first.op == OP_SUBTYPE || first.op == OP_SUPERTYPE) && !first.dotted && !first.suffixed)
        return ex2(first.op == OP_SUBTYPE ? S.subtype : S.supertype, a, b);
    return ex3(S.call, arg((jl_value_t *)cmp, 1), a, b);
}

static jl_value_t *parse_pipe_gt(parser_t *p);

static jl_value_t *parse_pipe_lt(parser_t *p)
{
    return parse_rassoc_call(p, PREC_PIPE_LT, parse_pipe_lt, parse_pipe_gt);
}

static jl_value_t *parse_pipe_gt(parser_t *p)
{
    jl_value_t *ex = parse_range(p);
    jl_token_t t;
    while ((t = peek(p)).kind == TK_OP && t.prec == PREC_PIPE_GT) {
        bump(p);
        jl_value_t *rhs = parse_range(p);
        ex = ex3(S.call, (jl_value_t *)tok_sym(p, &t), ex, rhs);
    }
    return ex;
}

/* a:b, a:b:c, a..b, x... */
static jl_value_t *parse_range(parser_t *p)
{
    jl_value_t *ex = parse_expr(p);
    jl_token_t t = peek(p);
    if (t.kind == TK_OP && t.prec == PREC_COLON && !is_op(&t, OP_COLON)) {
        bump(p);
        jl_value_t *rhs = parse_expr(p);
        ex = ex3(S.call, (jl_value_t *)tok_sym(p, &t), ex, rhs);
    }
    else if (is_op(&t, OP_COLON) && p->c.range_colon) {
        jl_value_t *mid = NULL;
        int ncol = 0;
        while ((t = peek(p)), is_op(&t, OP_COLON)) {
            if (p->c.space_sensitive && t.ws && !peekn(p, 2, p->c.ws_newline).ws)
                break;
            jl_token_t t2 = peekn(p, 2, p->c.ws_newline);
            if (t2.kind == TK_OP && !t2.ws && t2.end - t2.start == 1 &&
                (p->src[t2.start] == '<' || p->src[t2.start] == '>')) {
                char m[64];
                snprintf(m, sizeof(m), "invalid syntax \":%c\"", p->src[t2.start]);
                fail_tok(p, &t, m);
            }
            bump(p);
            ncol++;
            jl_token_t n = peek(p);
            if (is_closing(p, &n)) {
                if (n.kind == TK_EOF) fail_tok(p, &n, "");
                fail_tok(p, &n, "missing last argument in range expression");
            }
            if (n.kind == TK_NEWLINE)
                fail_tok(p, &t, "line break in \":\" expression");
            jl_value_t *e = parse_expr(p);
            if (ncol == 1) {
                mid = e;
            }
            else {
                ex = (jl_value_t *)jl_expr(S.call, 4, (jl_value_t *)S.colon, ex, mid, e);
                ncol = 0;
                mid = NULL;
            }
        }
        if (ncol == 1)
            ex = ex3(S.call, (jl_value_t *)S.colon, ex, mid);
    }
    t = peek(p);
    if (is_op(&t, OP_DDDOT)) {
        bump(p);
        ex = ex1(S.splat, ex);
    }
    return ex;
}

/* + and * levels: chains of the same undecorated operator become one call */
static jl_value_t *parse_with_chains(parser_t *p, downfn_t down, int prec, int chain1, int chain2)
{
    jl_value_t *ex = down(p);
    jl_token_t t;
    while ((t = peek(p)).kind == TK_OP && t.prec == prec) {
        if (p->c.space_sensitive && t.ws && is_both_unary_binary(&t) && !peekn(p, 2, p->c.ws_newline).ws)
            break;
        bump(p);
        jl_value_t *rhs = down(p);
        jl_expr_t *call = (jl_expr_t *)ex3(S.call, (jl_value_t *)tok_sym(p, &t), ex, rhs);
        if ((t.op == chain1 || t.op == chain2) && !t.dotted && !t.suffixed) {
            jl_token_t u;
            while ((u = peek(p)).kind == TK_OP && u.op == t.op && !u.dotted && !u.suffixed) {
                if (p->c.space_sensitive && u.ws && is_both_unary_binary(&u) &&
                    !peekn(p, 2, p->c.ws_newline).ws)
                    break;
                bump(p);
                push(call, down(p));
            }
        }
        ex = (jl_value_t *)call;
    }
    return ex;
}

static jl_value_t *parse_LtoR(parser_t *p, downfn_t down, int prec)
{
    jl_value_t *ex = down(p);
    jl_token_t t;
    while ((t = peek(p)).kind == TK_OP && t.prec == prec) {
        bump(p);
        jl_value_t *rhs = down(p);
        ex = ex3(S.call, (jl_value_t *)tok_sym(p, &t), ex, rhs);
    }
    return ex;
}

static jl_value_t *parse_unary_subtype(parser_t *p);
static jl_value_t *parse_shift(parser_t *p) { return parse_LtoR(p, parse_unary_subtype, PREC_BITSHIFT); }
static jl_value_t *parse_rational(parser_t *p) { return parse_LtoR(p, parse_shift, PREC_RATIONAL); }
static jl_value_t *parse_term(parser_t *p) { return parse_with_chains(p, parse_rational, PREC_TIMES, OP_STAR, -1); }
static jl_value_t *parse_expr(parser_t *p) { return parse_with_chains(p, parse_term, PREC_PLUS, OP_PLUS, OP_PLUSPLUS); }

static jl_value_t *parse_where_juxtapose(parser_t *p) { return parse_where(p, parse_juxtapose); }

/* <: A where B  ==>  (<: (where A B)) */
static jl_value_t *parse_unary_subtype(parser_t *p)
{
    skip_newlines(p);
    jl_token_t t = peek(p);
    if ((t.op == OP_SUBTYPE || t.op == OP_SUPERTYPE) && t.kind == TK_OP && !t.dotted) {
        jl_token_t t2 = peekn(p, 2, p->c.ws_newline);
        if (is_closing(p, &t2) || t2.kind == TK_NEWLINE || is_plain_eq(&t2)) {
            bump(p);
            return (jl_value_t *)tok_sym(p, &t);
        }
        if (t2.kind == TK_LBRACE || t2.kind == TK_LPAREN)
            return parse_where_juxtapose(p);
        bump(p);
        jl_value_t *a = parse_where_juxtapose(p);
        return ex1(t.op == OP_SUBTYPE ? S.subtype : S.supertype, a);
    }
    return parse_where_juxtapose(p);
}

static jl_value_t *parse_where(parser_t *p, downfn_t down)
{
    jl_value_t *ex = down(p);
    if (p->c.where_enabled) {
        jl_token_t t = peek(p);
        if (is_kw(&t, KW_WHERE))
            return parse_where_chain(p, ex);
    }
    return ex;
}

static jl_value_t *braces_from_cat(jl_value_t *cat);

static jl_value_t *parse_where_chain(parser_t *p, jl_value_t *ex)
{
    SAVE_CTX;
    p->c.where_enabled = 0;
    jl_token_t t;
    while ((t = peek(p)), is_kw(&t, KW_WHERE)) {
        bump(p);
        skip_newlines(p);
        t = peek(p);
        jl_expr_t *w = ex0(S.where);
        push(w, ex);
        if (t.kind == TK_LBRACE) {
            bump(p);
            jl_value_t *cat = parse_cat(p, TK_RBRACE, p->c.end_symbol);
            if (isexpr(cat, S.vect)) {
                for (size_t i = 0; i < nargs(cat); i++)
                    push(w, arg(cat, i));
            }
            else {
                push(w, braces_from_cat(cat));
            }
        }
        else {
            push(w, parse_comparison(p, 0));
        }
        ex = (jl_value_t *)w;
    }
    RESTORE_CTX;
    return ex;
}

/* ---------------------------------------------------------------- juxtaposition and unary */

static int is_num_value(jl_value_t *v)
{
    if (!v || jl_is_symbol(v) || jl_is_expr(v))
        return 0;
    jl_value_t *t = jl_typeof(v);
    return t == (jl_value_t *)jl_int64_type || t == (jl_value_t *)jl_float64_type ||
           t == (jl_value_t *)jl_float32_type || t == (jl_value_t *)jl_uint8_type ||
           t == (jl_value_t *)jl_uint16_type || t == (jl_value_t *)jl_uint32_type ||
           t == (jl_value_t *)jl_uint64_type;
}

static int is_radical(const jl_token_t *t) { return t->kind == TK_OP && t->op == OP_RADICAL; }

/* Is there an implicit multiplication between the previous expression and token t? */
static int is_juxtapose(parser_t *p, jl_value_t *prev, const jl_token_t *t)
{
    if (t->ws)
        return 0;
    int prev_num = is_number_tok(p->last.kind) || is_num_value(prev);
    int prev_block = is_kw(&p->last, KW_END) && !jl_is_symbol(prev);
    int prev_unary = isexpr(prev, S.dollar) || isexpr(prev, S.amp) || (isexpr(prev, S.decl) && nargs(prev) == 1);
    int prev_resw = p->last.kind == TK_KW && is_initial_reserved(p, &p->last);
    if (!(prev_num || (!is_number_tok(t->kind) && t->kind != TK_AT && !prev_block && !prev_unary && !prev_resw)))
        return 0;
    int radix = p->last.kind == TK_HEXINT || p->last.kind == TK_OCTINT || p->last.kind == TK_BININT;
    if (radix && (t->kind == TK_ID || t->kind == TK_KW || is_word_op(t)))
        return 0;
    if (t->kind == TK_OP && !is_radical(t))
        return 0;
    if (is_closing(p, t) || is_initial_reserved(p, t))
        return 0;
    if (t->kind == TK_NEWLINE || t->kind == TK_ERROR || t->kind == TK_EOF)
        return 0;
    return 1;
}

static jl_value_t *parse_juxtapose(parser_t *p)
{
    jl_value_t *ex = parse_unary(p);
    jl_expr_t *call = NULL;
    jl_value_t *prev = ex;
    for (;;) {
        jl_token_t t = peek_raw(p);
        if (!is_juxtapose(p, prev, &t))
            break;
        if (p->last.kind == TK_STR || t.kind == TK_STR || t.kind == TK_TSTR)
            fail_tok(p, &t, "cannot juxtapose string literal");
        if (!call) {
            call = ex0(S.call);
            push(call, (jl_value_t *)S.star);
            push(call, ex);
        }
        prev = is_radical(&t) ? parse_unary(p) : parse_factor(p);
        push(call, prev);
    }
    return call ? (jl_value_t *)call : ex;
}

typedef struct {
    jl_array_t *items;   /* values */
    int *section;        /* section (number of `;` before) per item, malloc'ed */
    uint8_t *iseq;       /* item was a plain `=` at top level */
    size_t n, cap;
    int had_commas, had_splat, num_semis, num_subexprs;
} brackets_t;

static void br_push(parser_t *p, brackets_t *b, jl_value_t *v, int sec, int iseq)
{
    if (b->n == b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 8;
        int *ns = (int *)realloc(b->section, nc * sizeof(int));
        if (ns) b->section = ns;
        uint8_t *ne = (uint8_t *)realloc(b->iseq, nc);
        if (ne) b->iseq = ne;
        if (!ns || !ne)
            fail_range(p, p->last.start, p->last.end, 0, "out of memory");
        b->cap = nc;
    }
    jl_array_ptr_1d_push(b->items, v);
    b->section[b->n] = sec;
    b->iseq[b->n] = (uint8_t)iseq;
    b->n++;
}

static void br_free(brackets_t *b)
{
    free(b->section);
    free(b->iseq);
    b->section = NULL;
    b->iseq = NULL;
}

/* Bracketed list in ( ), [ ] (after a first `,`) or { } with `,` and `;` separators. The closing token is
 * consumed. Items after the k-th `;` are in section k. */
static void parse_brackets(parser_t *p, brackets_t *b, int closer)
{
    SAVE_CTX;
    p->c.range_colon = 1;
    p->c.space_sensitive = 0;
    p->c.where_enabled = 1;
    p->c.ws_newline = 1;
    for (;;) {
        jl_token_t t = peek(p);
        if (t.kind == closer)
            break;
        if (t.kind == TK_SEMI) {
            b->num_semis++;
            bump(p);
            continue;
        }
        int iseq = 0;
        jl_value_t *e = parse_eq_star(p, &iseq);
        b->num_subexprs++;
        if (b->num_subexprs == 1)
            b->had_splat = isexpr(e, S.splat);
        t = peek(p);
        if (is_kw(&t, KW_FOR)) {
            e = parse_generator(p, e);
            iseq = 0;
            t = peek(p);
        }
        br_push(p, b, e, b->num_semis, iseq);
        if (t.kind == TK_COMMA) {
            b->had_commas = 1;
            bump(p);
        }
        else if (t.kind == TK_SEMI || t.kind == closer) {
            continue;
        }
        else {
            char m[96], d[64];
            const char *cl = closer == TK_RPAREN ? ")" : closer == TK_RBRACK ? "]" : "}";
            if (t.kind == TK_EOF || (t.kind == TK_ERROR && t.incomplete))
                fail_tok(p, &t, "");
            if (is_closing(p, &t))
                snprintf(m, sizeof(m), "unexpected %s in bracketed list", tok_desc(p, &t, d, sizeof(d)));
            else
                snprintf(m, sizeof(m), "missing comma or %s in argument list", cl);
            fail_tok(p, &t, m);
        }
    }
    jl_token_t t = peek(p);
    if (t.kind != closer)
        fail_tok(p, &t, "expected closing bracket");
    bump(p);
    RESTORE_CTX;
}

/* Build the argument list from bracket items: section 0 items go to `out`, later sections become
 * nested (parameters ...) blocks, the outermost appended at the end of `out`. */
static void br_build(brackets_t *b, jl_expr_t *out, int kw_before, int kw_after, int params_kw)
{
    jl_value_t *params = NULL;
    for (int s = b->num_semis; s >= 1; s--) {
        jl_expr_t *pe = ex0(S.parameters);
        for (size_t i = 0; i < b->n; i++) {
            if (b->section[i] != s)
                continue;
            jl_value_t *v = jl_array_ptr_ref(b->items, i);
            if (kw_after || params_kw)
                eq_to_kw(v);
            push(pe, v);
        }
        if (params)
            insert_arg(pe, 0, params);
        params = (jl_value_t *)pe;
    }
    for (size_t i = 0; i < b->n; i++) {
        if (b->section[i] != 0)
            continue;
        jl_value_t *v = jl_array_ptr_ref(b->items, i);
        if (kw_before && b->iseq[i])
            eq_to_kw(v);
        push(out, v);
    }
    if (params)
        push(out, params);
}

static void brackets_init(brackets_t *b)
{
    memset(b, 0, sizeof(*b));
    b->items = jl_alloc_vec_any(0);
}

/* parse ( ... ) of a call into `out` (callee already pushed); frees the bracket scratch */
static void parse_call_args(parser_t *p, jl_expr_t *out, int closer, int is_macrocall)
{
    brackets_t b;
    brackets_init(&b);
    SAVE_CTX;
    p->c.for_generator = 1;
    jmp_buf save;
    memcpy(&save, &p->jmp, sizeof(jmp_buf));
    if (setjmp(p->jmp)) {
        br_free(&b);
        memcpy(&p->jmp, &save, sizeof(jmp_buf));
        longjmp(p->jmp, 1);
    }
    parse_brackets(p, &b, closer);
    memcpy(&p->jmp, &save, sizeof(jmp_buf));
    RESTORE_CTX;
    br_build(&b, out, !is_macrocall, 1, 0);
    br_free(&b);
}

static jl_value_t *parse_unary_call(parser_t *p);

static jl_value_t *parse_unary(parser_t *p)
{
    check_stack(p);
    skip_newlines(p);
    jl_token_t t = peek(p);
    if (!is_initial_operator(&t))
        return parse_factor(p);
    if ((t.op == OP_MINUS || t.op == OP_PLUS) && !t.dotted && !t.suffixed) {
        jl_token_t t2 = peekn(p, 2, p->c.ws_newline);
        int glue = t.op == OP_MINUS ? (t2.kind == TK_INT || t2.kind == TK_FLOAT || t2.kind == TK_FLOAT32)
                                    : is_number_tok(t2.kind);
        if (!t2.ws && glue) {
            jl_token_t t3 = peekn(p, 3, p->c.ws_newline);
            if ((t3.kind == TK_OP && t3.prec == PREC_POWER) || t3.kind == TK_LBRACK || t3.kind == TK_LBRACE) {
                int32_t line = t.line;
                bump(p);
                jl_value_t *a = parse_factor(p);
                (void)line;
                return ex2(S.call, (jl_value_t *)tok_sym(p, &t), a);
            }
            bump(p);
            jl_token_t num = bump(p);
            jl_value_t *v = number_value(p, &num, t.op == OP_MINUS);
            return parse_decl_with_initial_ex(p, v, t.line);
        }
    }
    return parse_unary_call(p);
}

static jl_value_t *parse_unary_call(parser_t *p)
{
    jl_token_t op = peek(p);
    int type_op = (op.op == OP_SUBTYPE || op.op == OP_SUPERTYPE) && !op.dotted;
    jl_sym_t *opsym = tok_sym(p, &op);
    jl_sym_t *head = type_op ? opsym : S.call;
    jl_token_t t2 = peekn(p, 2, p->c.ws_newline);
    if (is_closing(p, &t2) || t2.kind == TK_NEWLINE || is_plain_eq(&t2)) {
        bump(p);
        if (op.dotted) {
            jl_sym_t *bare = jl_symbol_n(p->src + op.start + 1, op.end - op.start - 1);
            return ex1(S.dot, (jl_value_t *)bare);
        }
        return (jl_value_t *)opsym;
    }
    if (t2.kind == TK_LBRACE || (!is_unary_op(&op) && t2.kind == TK_LPAREN))
        return parse_factor(p);
    if (t2.kind == TK_LPAREN) {
        int32_t line = op.line;
        bump(p);
        jl_token_t lp = bump(p);
        int initial_semi = peek(p).kind == TK_SEMI;
        brackets_t b;
        brackets_init(&b);
        jmp_buf save;
        memcpy(&save, &p->jmp, sizeof(jmp_buf));
        if (setjmp(p->jmp)) {
            br_free(&b);
            memcpy(&p->jmp, &save, sizeof(jmp_buf));
            longjmp(p->jmp, 1);
        }
        parse_brackets(p, &b, TK_RPAREN);
        memcpy(&p->jmp, &save, sizeof(jmp_buf));
        int is_call = b.had_commas || b.had_splat || initial_semi;
        int is_block = !is_call && b.num_semis > 0;
        if (is_call) {
            if (lp.ws) {
                br_free(&b);
                fail_tok(p, &lp, "whitespace not allowed between prefix function call and argument list");
            }
            jl_expr_t *e = ex0(head);
            if (!type_op)
                push(e, (jl_value_t *)opsym);
            br_build(&b, e, 1, 1, 0);
            br_free(&b);
            if (!type_op)
                move_params(e, 1);
            jl_value_t *r = parse_call_chain(p, (jl_value_t *)e, line, 0);
            return parse_factor_with_initial_ex(p, r, line);
        }
        jl_value_t *inner;
        if (is_block) {
            jl_expr_t *blk = ex0(S.block);
            for (size_t i = 0; i < b.n; i++)
                push(blk, jl_array_ptr_ref(b.items, i));
            inner = (jl_value_t *)blk;
        }
        else if (b.n == 1) {
            inner = jl_array_ptr_ref(b.items, 0);
        }
        else {
            br_free(&b);
            return type_op ? (jl_value_t *)ex0(head) : ex1(S.call, (jl_value_t *)opsym);
        }
        br_free(&b);
        inner = parse_call_chain(p, inner, line, 0);
        inner = parse_factor_with_initial_ex(p, inner, line);
        return type_op ? ex1(head, inner) : ex2(S.call, (jl_value_t *)opsym, inner);
    }
    if (!is_unary_op(&op)) {
        char b[64], m[96];
        snprintf(m, sizeof(m), "%s is not a unary operator", tok_desc(p, &op, b, sizeof(b)));
        fail_tok(p, &op, m);
    }
    bump(p);
    jl_value_t *a = parse_unary(p);
    return type_op ? ex1(head, a) : ex2(S.call, (jl_value_t *)opsym, a);
}

static jl_value_t *parse_factor_after(parser_t *p)
{
    check_stack(p);
    jl_value_t *ex = parse_juxtapose(p);
    jl_token_t t = peek(p);
    if (t.kind == TK_OP && t.prec == PREC_POWER) {
        bump(p);
        jl_value_t *rhs = parse_factor_after(p);
        return ex3(S.call, (jl_value_t *)tok_sym(p, &t), ex, rhs);
    }
    return ex;
}

static jl_value_t *parse_factor(parser_t *p)
{
    int32_t line = peek_nl(p).line;
    jl_value_t *ex = parse_call(p);
    return parse_factor_with_initial_ex(p, ex, line);
}

static jl_value_t *parse_factor_with_initial_ex(parser_t *p, jl_value_t *ex, int32_t line)
{
    ex = parse_decl_with_initial_ex(p, ex, line);
    jl_token_t t = peek(p);
    if (t.kind == TK_OP && t.prec == PREC_POWER) {
        bump(p);
        jl_value_t *rhs = parse_factor_after(p);
        ex = ex3(S.call, (jl_value_t *)tok_sym(p, &t), ex, rhs);
    }
    return ex;
}

static jl_value_t *parse_where_call(parser_t *p) { return parse_where(p, parse_call); }

/* a::b, a->b */
static jl_value_t *parse_decl_with_initial_ex(parser_t *p, jl_value_t *ex, int32_t line)
{
    jl_token_t t;
    while ((t = peek(p)), is_op(&t, OP_DECL)) {
        bump(p);
        jl_value_t *ty = parse_where_call(p);
        ex = ex2(S.decl, ex, ty);
    }
    if (is_op(&t, OP_ARROW)) {
        bump(p);
        jl_value_t *body = parse_eq_star(p, NULL);
        if (isexpr(body, S.block))
            insert_arg((jl_expr_t *)body, 0, lnn(p, line));
        else
            body = ex2(S.block, lnn(p, line), body);
        ex = ex2(S.arrow, ex, body);
    }
    return ex;
}

static int peek_initial_reserved_words(parser_t *p)
{
    jl_token_t t = peek(p);
    if (is_initial_reserved(p, &t))
        return 1;
    if (t.kind == TK_ID) {
        jl_token_t t2 = peekn(p, 2, p->c.ws_newline);
        if (is_id(p, &t, "mutable") && is_kw(&t2, KW_STRUCT))
            return 1;
        if ((is_id(p, &t, "primitive") || is_id(p, &t, "abstract")) && is_id(p, &t2, "type"))
            return 1;
    }
    return 0;
}

static jl_value_t *parse_call(parser_t *p)
{
    if (peek_initial_reserved_words(p))
        return parse_resword(p);
    int32_t line = peek_nl(p).line;
    jl_value_t *ex = parse_unary_prefix(p);
    return parse_call_chain(p, ex, line, 0);
}

/* &a, ::a, $a */
static jl_value_t *parse_unary_prefix(parser_t *p)
{
    check_stack(p);
    jl_token_t t = peek(p);
    if (t.kind == TK_OP && !t.dotted && (t.op == OP_AMP || t.op == OP_DOLLAR || t.op == OP_DECL)) {
        jl_token_t t2 = peekn(p, 2, p->c.ws_newline);
        if (t.op != OP_DECL && (is_closing(p, &t2) || t2.kind == TK_NEWLINE)) {
            bump(p);
            return (jl_value_t *)tok_sym(p, &t);
        }
        bump(p);
        if (t.op == OP_DOLLAR)
            return ex1(S.dollar, parse_unary_prefix(p));
        return ex1(t.op == OP_AMP ? S.amp : S.decl, parse_where_call(p));
    }
    return parse_atom(p, 1);
}

/* the macro name after `@` (or `.@`): an identifier, keyword or `.` */
static jl_value_t *parse_macro_name(parser_t *p)
{
    jl_token_t t = peek_raw(p);
    if (t.ws)
        fail_ws(p, &t);
    if (is_op(&t, OP_DOT)) {
        bump(p);
        return (jl_value_t *)S.atdot;
    }
    SAVE_CTX;
    p->c.space_sensitive = 1;
    p->c.ws_newline = 0;
    jl_value_t *name = parse_atom(p, 0);
    RESTORE_CTX;
    return name;
}

static jl_sym_t *at_sym(jl_sym_t *s)
{
    const char *n = jl_symbol_name(s);
    if (n[0] == '@')
        return s;
    size_t len = strlen(n);
    char buf[256];
    if (len + 2 > sizeof(buf))
        len = sizeof(buf) - 2;
    buf[0] = '@';
    memcpy(buf + 1, n, len);
    return jl_symbol_n(buf, len + 1);
}

static jl_sym_t *suffixed_sym(parser_t *p, jl_sym_t *s, const char *suffix)
{
    const char *n = jl_symbol_name(s);
    size_t len = strlen(n), sl = strlen(suffix);
    char *b = scratch(p, len + sl + 2);
    b[0] = '@';
    memcpy(b + 1, n, len);
    memcpy(b + 1 + len, suffix, sl);
    return jl_symbol_n(b, len + sl + 1);
}

/* A.b -> A.@b for macro names; `foo` -> `@foo` */
static jl_value_t *finish_macroname(parser_t *p, jl_value_t *name, const jl_token_t *at)
{
    if (jl_is_symbol(name))
        return (jl_value_t *)at_sym((jl_sym_t *)name);
    if (isexpr(name, S.dot) && nargs(name) == 2 && jl_is_quotenode(arg(name, 1))) {
        jl_value_t *q = ((jl_quotenode_t *)arg(name, 1))->value;
        if (jl_is_symbol(q)) {
            ((jl_quotenode_t *)arg(name, 1))->value = (jl_value_t *)at_sym((jl_sym_t *)q);
            return name;
        }
    }
    fail_tok(p, at, "invalid macro name");
}

static jl_value_t *parse_do(parser_t *p);

static int is_string_delim_tok(const jl_token_t *t) { return t->kind == TK_STR || t->kind == TK_TSTR; }
static int is_cmd_delim_tok(const jl_token_t *t) { return t->kind == TK_CMD || t->kind == TK_TCMD; }

/* macro arguments separated by spaces, up to the end of the line or a closing token */
static void parse_space_separated(parser_t *p, jl_expr_t *out)
{
    SAVE_CTX;
    p->c.space_sensitive = 1;
    p->c.ws_newline = 0;
    for (;;) {
        jl_token_t t = peek_raw(p);
        if (is_closing(p, &t) || t.kind == TK_NEWLINE || (p->c.for_generator && is_kw(&t, KW_FOR)))
            break;
        push(out, parse_eq(p));
    }
    RESTORE_CTX;
}

static jl_value_t *mkref(jl_value_t *obj, jl_value_t *cat)
{
    jl_expr_t *c = (jl_expr_t *)cat;
    jl_sym_t *h = c->head;
    jl_sym_t *nh = h == S.vect ? S.ref : h == S.hcat ? S.typed_hcat : h == S.vcat ? S.typed_vcat :
                   h == S.ncat ? S.typed_ncat : S.typed_comprehension;
    jl_expr_t *e = ex0(nh);
    push(e, obj);
    for (size_t i = 0; i < nargs(cat); i++) {
        jl_value_t *a = arg(cat, i);
        if (nh == S.ref) {
            eq_to_kw(a);
            if (isexpr(a, S.parameters))
                for (size_t j = 0; j < nargs(a); j++)
                    eq_to_kw(arg(a, j));
        }
        push(e, a);
    }
    if (nh == S.ref) {
        /* parameters come first in a vect; in a ref they go right after the indexed object */
        (void)0;
    }
    return (jl_value_t *)e;
}

/* f(x), a[i], a.b, a', S{T}, x"str", macro names and macro arguments */
static jl_value_t *parse_call_chain(parser_t *p, jl_value_t *ex, int32_t line, int is_macrocall)
{
    check_stack(p);
    jl_token_t t = peek_raw(p);
    if ((is_number_tok(p->last.kind) || is_num_value(ex)) && t.kind == TK_LPAREN)
        return ex;
    jl_token_t at = p->last;
    int valid_modref = jl_is_symbol(ex) ? (p->last.kind == TK_ID) : (isexpr(ex, S.dot) || isexpr(ex, S.dollar));
    int name_done = 0;
    for (;;) {
        t = peek_raw(p);
        int this_valid = 0;
        if (is_macrocall && (t.ws || is_closing(p, &t))) {
            jl_value_t *name = name_done ? ex : finish_macroname(p, ex, &at);
            jl_expr_t *mc = ex0(S.macrocall);
            push(mc, name);
            push(mc, lnn(p, line));
            parse_space_separated(p, mc);
            /* @doc x \n y */
            int isdoc = (jl_is_symbol(name) && (jl_sym_t *)name == S.atdoc) ||
                        (isexpr(name, S.dot) && jl_is_quotenode(arg(name, nargs(name) - 1)) &&
                         ((jl_quotenode_t *)arg(name, nargs(name) - 1))->value == (jl_value_t *)S.atdoc);
            if (isdoc && nargs((jl_value_t *)mc) == 3) {
                jl_token_t n1 = peek_raw(p), n2 = peekn(p, 2, 0);
                if (n1.kind == TK_NEWLINE && !is_closing(p, &n2) && n2.kind != TK_NEWLINE) {
                    bump(p);
                    push(mc, parse_eq(p));
                }
            }
            return (jl_value_t *)mc;
        }
        if (p->c.space_sensitive && t.ws &&
            (t.kind == TK_LPAREN || t.kind == TK_LBRACK || t.kind == TK_LBRACE || t.kind == TK_CHAR ||
             is_string_delim_tok(&t) || is_cmd_delim_tok(&t) ||
             (t.kind == TK_OP && t.end - t.start == 1 && p->src[t.start] == '\\')))
            break;
        if (t.kind == TK_LPAREN) {
            if (t.ws)
                fail_ws(p, &t);
            bump(p);
            jl_expr_t *c;
            if (is_macrocall) {
                c = ex0(S.macrocall);
                push(c, name_done ? ex : finish_macroname(p, ex, &at));
                push(c, lnn(p, line));
                parse_call_args(p, c, TK_RPAREN, 1);
            }
            else {
                c = ex0(S.call);
                push(c, ex);
                parse_call_args(p, c, TK_RPAREN, 0); /* `=` -> kw unless parenthesized */
                move_params(c, 1);
            }
            ex = (jl_value_t *)c;
            if ((t = peek_raw(p)), is_kw(&t, KW_DO)) {
                bump(p);
                ex = ex2(S.do_, ex, parse_do(p));
            }
            if (is_macrocall) {
                /* @m(x).y, @m(x)[i]: the chain goes on from the macro call */
                is_macrocall = 0;
                name_done = 0;
                valid_modref = 0;
                continue;
            }
        }
        else if (t.kind == TK_LBRACK) {
            if (t.ws)
                fail_ws(p, &t);
            bump(p);
            jl_value_t *cat = parse_cat(p, TK_RBRACK, 1);
            if (is_macrocall) {
                jl_expr_t *mc = ex0(S.macrocall);
                push(mc, name_done ? ex : finish_macroname(p, ex, &at));
                push(mc, lnn(p, line));
                push(mc, cat);
                ex = (jl_value_t *)mc;
                is_macrocall = 0;
                name_done = 0;
                valid_modref = 0;
                continue;
            }
            ex = mkref(ex, cat);
            if (isexpr(ex, S.ref))
                move_params((jl_expr_t *)ex, 1);
        }
        else if (is_op(&t, OP_DOT)) {
            if (t.ws)
                fail_ws(p, &t);
            bump(p);
            jl_token_t k = peek_raw(p);
            if (k.kind == TK_LPAREN) {
                if (k.ws)
                    fail_ws(p, &k);
                if (is_macrocall)
                    fail_tok(p, &k, "dot call syntax not supported for macros");
                bump(p);
                jl_expr_t *tup = ex0(S.tuple);
                parse_call_args(p, tup, TK_RPAREN, 0);
                move_params(tup, 0);
                ex = ex2(S.dot, ex, (jl_value_t *)tup);
            }
            else if (is_op(&k, OP_COLON)) {
                bump(p);
                jl_token_t k2 = peek_raw(p);
                if (k2.ws)
                    fail_ws(p, &k2);
                jl_value_t *a = parse_atom(p, 0);
                ex = ex2(S.dot, ex, mkquote(a));
            }
            else if (is_op(&k, OP_DOLLAR)) {
                bump(p);
                jl_value_t *a = parse_atom(p, 1);
                ex = ex2(S.dot, ex, jl_new_quotenode(ex1(S.dollar, a)));
                this_valid = 1;
            }
            else if (k.kind == TK_AT) {
                if (is_macrocall)
                    fail_tok(p, &k, "repeated `@` in macro module path");
                bump(p);
                is_macrocall = 1;
                at = k;
                jl_value_t *nm = parse_macro_name(p);
                if (!jl_is_symbol(nm))
                    fail_tok(p, &k, "invalid macro name");
                ex = ex2(S.dot, ex, jl_new_quotenode((jl_value_t *)at_sym((jl_sym_t *)nm)));
                name_done = 1;
                this_valid = 1;
            }
            else {
                if (k.ws)
                    fail_ws(p, &k);
                jl_value_t *a = parse_atom(p, 0);
                ex = ex2(S.dot, ex, mkquote(a));
                this_valid = 1;
            }
        }
        else if (t.kind == TK_OP && t.op == OP_QUOTE) {
            bump(p);
            if (!t.suffixed)
                ex = ex1(S.transpose, ex);
            else
                ex = ex2(S.call, (jl_value_t *)tok_sym(p, &t), ex);
        }
        else if (t.kind == TK_LBRACE) {
            if (t.ws)
                fail_ws(p, &t);
            bump(p);
            if (is_macrocall) {
                jl_expr_t *mc = ex0(S.macrocall);
                push(mc, name_done ? ex : finish_macroname(p, ex, &at));
                push(mc, lnn(p, line));
                jl_expr_t *br = ex0(S.braces);
                parse_call_args(p, br, TK_RBRACE, 1);
                move_params(br, 0);
                push(mc, (jl_value_t *)br);
                ex = (jl_value_t *)mc;
                is_macrocall = 0;
                name_done = 0;
                valid_modref = 0;
                continue;
            }
            jl_expr_t *c = ex0(S.curly);
            push(c, ex);
            parse_call_args(p, c, TK_RBRACE, 0);
            ex = (jl_value_t *)c;
        }
        else if ((is_string_delim_tok(&t) || is_cmd_delim_tok(&t)) && !t.ws && valid_modref) {
            int iscmd = is_cmd_delim_tok(&t);
            jl_value_t *name;
            if (jl_is_symbol(ex)) {
                name = (jl_value_t *)suffixed_sym(p, (jl_sym_t *)ex, iscmd ? "_cmd" : "_str");
            }
            else if (isexpr(ex, S.dot) && jl_is_quotenode(arg(ex, nargs(ex) - 1)) &&
                     jl_is_symbol(((jl_quotenode_t *)arg(ex, nargs(ex) - 1))->value)) {
                jl_quotenode_t *qn = (jl_quotenode_t *)arg(ex, nargs(ex) - 1);
                qn->value = (jl_value_t *)suffixed_sym(p, (jl_sym_t *)qn->value, iscmd ? "_cmd" : "_str");
                name = ex;
            }
            else {
                fail_tok(p, &t, "invalid string macro name");
            }
            jl_value_t *s = parse_raw_string(p);
            jl_expr_t *mc = ex0(S.macrocall);
            push(mc, name);
            push(mc, lnn(p, line));
            push(mc, s);
            jl_token_t sfx = peek_raw(p);
            if (!sfx.ws && (sfx.kind == TK_ID || sfx.kind == TK_KW || is_word_op(&sfx))) {
                bump(p);
                push(mc, jl_pchar_to_string(p->src + sfx.start, sfx.end - sfx.start));
            }
            else if (!sfx.ws && is_number_tok(sfx.kind)) {
                bump(p);
                push(mc, number_value(p, &sfx, 0));
            }
            ex = (jl_value_t *)mc;
        }
        else {
            break;
        }
        valid_modref &= this_valid;
    }
    if (is_macrocall) {
        /* `@+x y`, `A.@.x`: the name ends without whitespace; arguments follow */
        jl_expr_t *mc = ex0(S.macrocall);
        push(mc, name_done ? ex : finish_macroname(p, ex, &at));
        push(mc, lnn(p, line));
        parse_space_separated(p, mc);
        return (jl_value_t *)mc;
    }
    return ex;
}

/* ---------------------------------------------------------------- atoms */

static jl_value_t *braces_from_cat(jl_value_t *cat)
{
    jl_expr_t *c = (jl_expr_t *)cat;
    if (c->head == S.vect || c->head == S.comprehension) {
        c->head = S.braces;
        return cat;
    }
    if (c->head == S.hcat) {
        c->head = S.row;
        return ex1(S.bracescat, cat);
    }
    if (c->head == S.ncat) {
        c->head = S.nrow;
        return ex1(S.bracescat, cat);
    }
    c->head = S.bracescat; /* vcat */
    return cat;
}

static jl_value_t *parse_paren(parser_t *p, int check_identifiers)
{
    SAVE_CTX;
    p->c.range_colon = 1;
    p->c.space_sensitive = 0;
    p->c.where_enabled = 1;
    p->c.ws_newline = 1;
    bump(p); /* ( */
    jl_token_t t = peek(p);
    jl_value_t *r;
    if (t.kind == TK_RPAREN) {
        bump(p);
        r = (jl_value_t *)ex0(S.tuple);
    }
    else if (is_syntactic_op(&t) && peekn(p, 2, 1).kind == TK_RPAREN) {
        if (check_identifiers)
            fail_tok(p, &t, "invalid identifier");
        bump(p);
        r = (jl_value_t *)tok_sym(p, &t);
        expect_closer(p, TK_RPAREN, ")");
    }
    else if (!check_identifiers && is_op(&t, OP_DECL) && peekn(p, 2, 1).kind == TK_RPAREN) {
        bump(p);
        bump(p);
        r = (jl_value_t *)S.decl;
    }
    else {
        int initial_semi = t.kind == TK_SEMI;
        brackets_t b;
        brackets_init(&b);
        jmp_buf save;
        memcpy(&save, &p->jmp, sizeof(jmp_buf));
        if (setjmp(p->jmp)) {
            br_free(&b);
            memcpy(&p->jmp, &save, sizeof(jmp_buf));
            longjmp(p->jmp, 1);
        }
        parse_brackets(p, &b, TK_RPAREN);
        memcpy(&p->jmp, &save, sizeof(jmp_buf));
        int is_tuple = b.had_commas || (b.had_splat && b.num_semis >= 1) ||
                       (initial_semi && (b.num_semis == 1 || b.num_subexprs > 0));
        int is_block = b.num_semis > 0;
        if (is_tuple) {
            jl_expr_t *tup = ex0(S.tuple);
            br_build(&b, tup, 0, 1, 0);
            move_params(tup, 0);
            r = (jl_value_t *)tup;
        }
        else if (is_block) {
            jl_expr_t *blk = ex0(S.block);
            for (size_t i = 0; i < b.n; i++) {
                push(blk, lnn(p, t.line));
                push(blk, jl_array_ptr_ref(b.items, i));
            }
            if (b.n == 0)
                push(blk, lnn(p, t.line));
            r = (jl_value_t *)blk;
        }
        else {
            r = b.n ? jl_array_ptr_ref(b.items, 0) : (jl_value_t *)ex0(S.tuple);
        }
        br_free(&b);
    }
    RESTORE_CTX;
    return r;
}

static jl_value_t *parse_atom(parser_t *p, int check_identifiers)
{
    check_stack(p);
    skip_newlines(p);
    jl_token_t t = peek(p);
    switch (t.kind) {
    case TK_ID: {
        bump(p);
        if (t.end - t.start == 3 && !memcmp(p->src + t.start, "var", 3)) {
            jl_token_t s = peek_raw(p);
            if ((s.kind == TK_STR || s.kind == TK_TSTR) && !s.ws) {
                jl_value_t *str = parse_raw_string(p);
                jl_token_t after = peek_raw(p);
                if (!after.ws && (after.kind == TK_ID || after.kind == TK_KW || is_number_tok(after.kind)))
                    fail_tok(p, &after, "suffix not allowed after `var\"...\"` syntax");
                p->last.kind = TK_ID;
                return (jl_value_t *)jl_symbol_n(jl_string_data(str), jl_string_len(str));
            }
        }
        return (jl_value_t *)tok_sym(p, &t);
    }
    case TK_INT: case TK_HEXINT: case TK_OCTINT: case TK_BININT: case TK_FLOAT: case TK_FLOAT32:
        bump(p);
        return number_value(p, &t, 0);
    case TK_CHAR:
        bump(p);
        return char_value(p, &t);
    case TK_STR: case TK_TSTR:
        return parse_string(p);
    case TK_CMD: case TK_TCMD: {
        jl_value_t *s = parse_raw_string(p);
        return (jl_value_t *)jl_expr(S.macrocall, 3, core_ref(S.atcmd), lnn(p, t.line), s);
    }
    case TK_LPAREN:
        return parse_paren(p, check_identifiers);
    case TK_LBRACK: {
        bump(p);
        return parse_cat(p, TK_RBRACK, p->c.end_symbol);
    }
    case TK_LBRACE: {
        bump(p);
        return braces_from_cat(parse_cat(p, TK_RBRACE, p->c.end_symbol));
    }
    case TK_AT: {
        bump(p);
        jl_value_t *name = parse_macro_name(p);
        return parse_call_chain(p, name, t.line, 1);
    }
    case TK_KW:
        if (t.op == KW_TRUE || t.op == KW_FALSE) {
            bump(p);
            return t.op == KW_TRUE ? jl_true : jl_false;
        }
        if (check_identifiers && is_closing(p, &t)) {
            char b[64], m[96];
            snprintf(m, sizeof(m), "unexpected %s", tok_desc(p, &t, b, sizeof(b)));
            fail_tok(p, &t, m);
        }
        bump(p);
        return (jl_value_t *)tok_sym(p, &t);
    case TK_OP: {
        if (is_op(&t, OP_COLON)) {
            jl_token_t t2 = peekn(p, 2, 0);
            if (is_closing(p, &t2) && (t2.kind != TK_KW || t2.ws)) {
                bump(p);
                return (jl_value_t *)S.colon;
            }
            bump(p);
            if (t2.ws)
                fail_tok(p, &t2, "whitespace not allowed after \":\" used for quoting");
            SAVE_CTX;
            p->c.end_symbol = 0;
            jl_value_t *a = parse_atom(p, 0);
            RESTORE_CTX;
            return mkquote(a);
        }
        if (is_plain_eq(&t))
            fail_tok(p, &t, "unexpected \"=\"");
        if (check_identifiers && is_syntactic_op(&t)) {
            char b[64], m[96];
            snprintf(m, sizeof(m), "invalid identifier name %s", tok_desc(p, &t, b, sizeof(b)));
            fail_tok(p, &t, m);
        }
        bump(p);
        return (jl_value_t *)tok_sym(p, &t);
    }
    case TK_EOF:
        fail_tok(p, &t, "");
    case TK_ERROR:
        fail_tok(p, &t, "");
    default: {
        char b[64], m[96];
        snprintf(m, sizeof(m), "unexpected %s", tok_desc(p, &t, b, sizeof(b)));
        fail_tok(p, &t, m);
    }
    }
}

/* ---------------------------------------------------------------- arrays */

typedef struct { jl_array_t *st; } catstack_t;

static void cat_emit(catstack_t *cs, size_t mark, jl_sym_t *head, int dim)
{
    jl_expr_t *e = ex0(head);
    if (dim >= 0)
        push(e, jl_box_int64(dim));
    size_t n = jl_array_len(cs->st);
    for (size_t i = mark; i < n; i++)
        push(e, jl_array_ptr_ref(cs->st, i));
    jl_array_del_end(cs->st, n - mark);
    jl_array_ptr_1d_push(cs->st, (jl_value_t *)e);
}

#define BP_NONE (-1000000)

/* separator after an element: returns binding power (0 = space, -n = n semicolons or newline) */
static int array_separator(parser_t *p, int closer, int *dim)
{
    jl_token_t t = peek_raw(p);
    if (t.kind == TK_SEMI) {
        int n = 1;
        bump(p);
        for (;;) {
            t = peek_raw(p);
            if (t.kind != TK_SEMI || t.ws)
                break;
            bump(p);
            n++;
        }
        if (n == 2 && peek_raw(p).kind == TK_NEWLINE) {
            skip_newlines(p);
            *dim = 2;
            return 0;
        }
        *dim = n;
        return -n;
    }
    if (t.kind == TK_NEWLINE) {
        skip_newlines(p);
        t = peek_raw(p);
        if (t.kind == closer) {
            *dim = BP_NONE;
            return BP_NONE;
        }
        if (t.kind == TK_SEMI)
            return array_separator(p, closer, dim);
        *dim = 1;
        return -1;
    }
    if (t.ws && !is_closing(p, &t)) {
        *dim = 2;
        return 0;
    }
    *dim = BP_NONE;
    return BP_NONE;
}

static int array_inner(parser_t *p, catstack_t *cs, int bp_in, int closer, int *dim_out)
{
    size_t mark = 0;
    int dim = -1, bp = bp_in;
    for (;;) {
        check_stack(p);
        if (bp < bp_in) {
            *dim_out = dim;
            return bp;
        }
        jl_token_t t = peek_raw(p);
        if (is_closing(p, &t)) {
            *dim_out = BP_NONE;
            return BP_NONE;
        }
        int next_dim, next_bp;
        if (bp == bp_in) {
            mark = jl_array_len(cs->st);
            jl_array_ptr_1d_push(cs->st, parse_eq_star(p, NULL));
            next_bp = array_separator(p, closer, &next_dim);
        }
        else {
            next_bp = array_inner(p, cs, bp, closer, &next_dim);
            if (bp == 0) cat_emit(cs, mark, S.row, -1);
            else cat_emit(cs, mark, S.nrow, dim);
        }
        dim = next_dim;
        bp = next_bp;
    }
}

static jl_value_t *parse_array(parser_t *p, jl_value_t *first, int closer)
{
    catstack_t cs;
    cs.st = jl_alloc_vec_any(0);
    jl_array_ptr_1d_push(cs.st, first);
    int dim;
    int bp = array_separator(p, closer, &dim);
    for (;;) {
        if (bp == BP_NONE)
            break;
        int next_dim;
        int next_bp = array_inner(p, &cs, bp, closer, &next_dim);
        if (next_bp == BP_NONE)
            break;
        if (bp == 0) cat_emit(&cs, 0, S.row, -1);
        else cat_emit(&cs, 0, S.nrow, dim);
        dim = next_dim;
        bp = next_bp;
    }
    skip_newlines(p);
    expect_closer(p, closer, closer == TK_RBRACK ? "]" : "}");
    if (bp == BP_NONE || bp == -1) {
        /* a single element followed directly by the closer is handled by the caller */
        cat_emit(&cs, 0, bp == BP_NONE ? S.hcat : S.vcat, -1);
    }
    else if (bp == 0) {
        cat_emit(&cs, 0, S.hcat, -1);
    }
    else {
        cat_emit(&cs, 0, S.ncat, dim);
    }
    return jl_array_ptr_ref(cs.st, 0);
}

static jl_value_t *parse_cat(parser_t *p, int closer, int end_symbol)
{
    check_stack(p);
    SAVE_CTX;
    p->c.range_colon = 1;
    p->c.space_sensitive = 1;
    p->c.where_enabled = 1;
    p->c.ws_newline = 0;
    p->c.for_generator = 1;
    p->c.end_symbol = (uint8_t)end_symbol;
    jl_token_t t = peek_nl(p);
    jl_value_t *r;
    if (t.kind == closer) {
        skip_newlines(p);
        bump(p);
        r = (jl_value_t *)ex0(S.vect);
    }
    else if (t.kind == TK_SEMI) {
        skip_newlines(p);
        int dim;
        array_separator(p, closer, &dim);
        skip_newlines(p);
        expect_closer(p, closer, closer == TK_RBRACK ? "]" : "}");
        r = ex1(S.ncat, jl_box_int64(dim < 0 ? 1 : dim));
    }
    else {
        skip_newlines(p);
        jl_value_t *first = parse_eq_star(p, NULL);
        t = peek_nl(p);
        if (t.kind == TK_COMMA || t.kind == closer) {
            brackets_t b;
            brackets_init(&b);
            br_push(p, &b, first, 0, 0);
            jmp_buf save;
            memcpy(&save, &p->jmp, sizeof(jmp_buf));
            if (setjmp(p->jmp)) {
                br_free(&b);
                memcpy(&p->jmp, &save, sizeof(jmp_buf));
                longjmp(p->jmp, 1);
            }
            if (t.kind == TK_COMMA) {
                skip_newlines(p);
                bump(p);
            }
            parse_brackets(p, &b, closer);
            memcpy(&p->jmp, &save, sizeof(jmp_buf));
            jl_expr_t *v = ex0(S.vect);
            br_build(&b, v, 0, 0, 0);
            br_free(&b);
            move_params(v, 0);
            r = (jl_value_t *)v;
        }
        else if (is_kw(&t, KW_FOR)) {
            p->c.ws_newline = 1;
            p->c.space_sensitive = 0;
            jl_value_t *g = parse_generator(p, first);
            expect_closer(p, closer, closer == TK_RBRACK ? "]" : "}");
            r = ex1(S.comprehension, g);
        }
        else {
            r = parse_array(p, first, closer);
        }
    }
    RESTORE_CTX;
    return r;
}

/* ---------------------------------------------------------------- generators */

static jl_value_t *parse_iteration_spec(parser_t *p)
{
    SAVE_CTX;
    p->c.space_sensitive = 1;
    p->c.ws_newline = 0;
    jl_token_t t0 = peek(p);
    jl_value_t *lhs = parse_pipe_lt(p);
    RESTORE_CTX;
    jl_token_t t = p->c.for_generator ? peek_nl(p) : peek(p);
    int is_in = is_plain_eq(&t) || (t.kind == TK_OP && (t.op == OP_IN || t.op == OP_ELEM) && !t.dotted);
    if (is_id(p, &t0, "outer") && lhs == (jl_value_t *)S.outer && !is_in && p->last.start == t0.start) {
        jl_value_t *v = parse_pipe_lt(p);
        lhs = ex1(S.outer, v);
        t = p->c.for_generator ? peek_nl(p) : peek(p);
        is_in = is_plain_eq(&t) || (t.kind == TK_OP && (t.op == OP_IN || t.op == OP_ELEM) && !t.dotted);
    }
    if (!is_in) {
        if (t.kind == TK_EOF)
            fail_tok(p, &t, "");
        fail_tok(p, &t, "invalid iteration specification");
    }
    if (p->c.for_generator)
        skip_newlines(p);
    bump(p);
    jl_value_t *rhs = parse_pipe_lt(p);
    return ex2(S.eq, lhs, rhs);
}

/* [x for a in as if c for b in bs] */
static jl_value_t *parse_generator(parser_t *p, jl_value_t *first)
{
    jl_array_t *groups = jl_alloc_vec_any(0);
    for (;;) {
        jl_token_t t = peek(p);
        if (!is_kw(&t, KW_FOR))
            break;
        if (!t.ws)
            fail_tok(p, &t, "expected space before \"for\" in generator");
        bump(p);
        jl_expr_t *grp = ex0(S.block);
        for (;;) {
            push(grp, parse_iteration_spec(p));
            if (peek(p).kind != TK_COMMA)
                break;
            bump(p);
        }
        t = peek(p);
        if (is_kw(&t, KW_IF)) {
            bump(p);
            jl_value_t *cond = parse_cond(p);
            jl_expr_t *f = ex0(S.filter);
            push(f, cond);
            for (size_t i = 0; i < nargs((jl_value_t *)grp); i++)
                push(f, arg((jl_value_t *)grp, i));
            grp = ex0(S.block);
            push(grp, (jl_value_t *)f);
        }
        jl_array_ptr_1d_push(groups, (jl_value_t *)grp);
    }
    size_t ng = jl_array_len(groups);
    jl_value_t *last = jl_array_ptr_ref(groups, ng - 1);
    jl_expr_t *gen = ex0(S.generator);
    push(gen, first);
    for (size_t i = 0; i < nargs(last); i++)
        push(gen, arg(last, i));
    jl_value_t *g = (jl_value_t *)gen;
    for (size_t k = ng - 1; k-- > 0;) {
        jl_value_t *grp = jl_array_ptr_ref(groups, k);
        jl_expr_t *inner = ex0(S.generator);
        push(inner, g);
        for (size_t i = 0; i < nargs(grp); i++)
            push(inner, arg(grp, i));
        g = ex1(S.flatten, (jl_value_t *)inner);
    }
    return g;
}

/* ---------------------------------------------------------------- reserved words */

static jl_value_t *parse_if_elseif(parser_t *p, int is_elseif)
{
    jl_token_t w = bump(p);
    jl_token_t t = peek(p);
    if (t.kind == TK_NEWLINE || is_kw(&t, KW_END)) {
        fail_tok(p, &t, is_elseif ? "missing condition in \"elseif\"" : "missing condition in \"if\"");
    }
    jl_value_t *cond = parse_cond(p);
    if (is_elseif)
        cond = ex2(S.block, lnn(p, w.line), cond);
    jl_expr_t *e = ex0(is_elseif ? S.elseif : S.if_);
    push(e, cond);
    push(e, parse_block(p, parse_eq));
    t = peek_nl(p);
    if (is_kw(&t, KW_ELSEIF)) {
        skip_newlines(p);
        push(e, parse_if_elseif(p, 1));
    }
    else if (is_kw(&t, KW_ELSE)) {
        skip_newlines(p);
        bump(p);
        jl_token_t t2 = peek(p);
        if (is_kw(&t2, KW_IF))
            fail_tok(p, &t2, "use \"elseif\" instead of \"else if\"");
        push(e, parse_block(p, parse_eq));
    }
    if (!is_elseif)
        expect_end(p, "if", w.line);
    return (jl_value_t *)e;
}

static jl_value_t *parse_const_local_global(parser_t *p)
{
    jl_token_t t = bump(p);
    jl_sym_t *scope = NULL;
    int has_const = 0;
    if (t.op == KW_GLOBAL || t.op == KW_LOCAL) {
        scope = t.op == KW_GLOBAL ? S.global : S.local;
        if ((t = peek(p)), is_kw(&t, KW_CONST)) {
            has_const = 1;
            bump(p);
        }
    }
    else {
        has_const = 1;
        t = peek(p);
        if (is_kw(&t, KW_GLOBAL) || is_kw(&t, KW_LOCAL)) {
            scope = t.op == KW_GLOBAL ? S.global : S.local;
            bump(p);
        }
    }
    int32_t line = peek_nl(p).line;
    jl_expr_t *items = ex0(S.tuple);
    push(items, parse_pair(p));
    int ncommas = 0;
    while (peek(p).kind == TK_COMMA) {
        bump(p);
        ncommas++;
        if ((t = peek(p)), is_plain_eq(&t))
            break;
        push(items, parse_pair(p));
    }
    t = peek(p);
    int has_assign = t.kind == TK_OP && t.prec == PREC_ASSIGN;
    jl_expr_t *inner = ex0(S.block);
    jl_value_t *lhs = NULL;
    if (ncommas >= 1 && (has_assign || has_const))
        lhs = (jl_value_t *)items;
    if (has_assign) {
        if (!lhs)
            lhs = arg((jl_value_t *)items, 0);
        push(inner, parse_assignment_with_initial_ex(p, lhs, parse_comma, NULL, line));
    }
    else if (lhs) {
        push(inner, lhs);
    }
    else {
        for (size_t i = 0; i < nargs((jl_value_t *)items); i++)
            push(inner, arg((jl_value_t *)items, i));
    }
    jl_value_t *r;
    if (scope) {
        inner->head = scope;
        r = (jl_value_t *)inner;
        if (has_const)
            r = ex1(S.const_, r);
    }
    else {
        inner->head = S.const_;
        r = (jl_value_t *)inner;
    }
    return r;
}

static jl_value_t *parse_function(parser_t *p)
{
    jl_token_t w = bump(p);
    int is_function = w.op == KW_FUNCTION;
    const char *word = is_function ? "function" : "macro";
    skip_newlines(p);
    jl_value_t *sig;
    int is_anon = 0;
    jl_token_t t = peek(p);
    if (!is_function) {
        sig = parse_unary_prefix(p);
        if (is_initial_reserved(p, &t))
            fail_tok(p, &t, "invalid macro name");
    }
    else if (t.kind == TK_LPAREN) {
        bump(p);
        brackets_t b;
        brackets_init(&b);
        jmp_buf save;
        memcpy(&save, &p->jmp, sizeof(jmp_buf));
        if (setjmp(p->jmp)) {
            br_free(&b);
            memcpy(&p->jmp, &save, sizeof(jmp_buf));
            longjmp(p->jmp, 1);
        }
        parse_brackets(p, &b, TK_RPAREN);
        memcpy(&p->jmp, &save, sizeof(jmp_buf));
        is_anon = peek_raw(p).kind != TK_LPAREN;
        if (is_anon) {
            jl_expr_t *tup = ex0(S.tuple);
            br_build(&b, tup, 1, 1, 0);
            move_params(tup, 0);
            sig = (jl_value_t *)tup;
            if (nargs(sig) == 1 && isexpr(arg(sig, 0), S.splat))
                sig = arg(sig, 0);
        }
        else if (b.n == 1 && !b.had_commas) {
            sig = jl_array_ptr_ref(b.items, 0);
        }
        else {
            jl_expr_t *tup = ex0(S.tuple);
            br_build(&b, tup, 0, 1, 0);
            sig = (jl_value_t *)tup;
        }
        br_free(&b);
    }
    else {
        sig = parse_unary_prefix(p);
        if (is_reserved_word(&t))
            fail_tok(p, &t, "invalid function name");
    }
    jl_token_t e = peek_nl(p);
    if (is_kw(&e, KW_END) && !is_anon) {
        skip_newlines(p);
        bump(p);
        return ex1(is_function ? S.function : S.macro, sig);
    }
    if (!is_anon) {
        sig = parse_call_chain(p, sig, w.line, 0);
        if (!isexpr(sig, S.call) && !(isexpr(sig, S.tuple)))
            fail_tok(p, &t, is_function ? "invalid function signature" : "invalid macro signature");
    }
    if ((t = peek(p)), is_function && is_op(&t, OP_DECL)) {
        bump(p);
        jl_value_t *rt = parse_call(p);
        sig = ex2(S.decl, sig, rt);
    }
    if ((t = peek(p)), is_kw(&t, KW_WHERE))
        sig = parse_where_chain(p, sig);
    jl_value_t *body = parse_block(p, parse_eq);
    expect_end(p, word, w.line);
    insert_arg((jl_expr_t *)body, 0, lnn(p, w.line));
    return ex2(is_function ? S.function : S.macro, sig, body);
}

static jl_value_t *parse_try(parser_t *p)
{
    jl_token_t w = bump(p);
    jl_value_t *tryb = parse_block(p, parse_eq);
    jl_value_t *var = jl_false, *catchb = jl_false, *elseb = NULL, *finallyb = NULL;
    int has_catch = 0;
    jl_token_t t = peek_nl(p);
    if (is_kw(&t, KW_CATCH)) {
        skip_newlines(p);
        bump(p);
        has_catch = 1;
        t = peek_raw(p);
        if (!(t.kind == TK_NEWLINE || t.kind == TK_SEMI || is_closing(p, &t)))
            var = parse_unary_prefix(p);
        catchb = parse_block(p, parse_eq);
    }
    t = peek_nl(p);
    if (is_kw(&t, KW_ELSE)) {
        if (!has_catch)
            fail_tok(p, &t, "expected \"catch\" before \"else\" in \"try\"");
        skip_newlines(p);
        bump(p);
        elseb = parse_block(p, parse_eq);
    }
    t = peek_nl(p);
    if (is_kw(&t, KW_FINALLY)) {
        skip_newlines(p);
        bump(p);
        finallyb = parse_block(p, parse_eq);
    }
    t = peek_nl(p);
    if (!has_catch && is_kw(&t, KW_CATCH)) {
        skip_newlines(p);
        bump(p);
        has_catch = 1;
        t = peek_raw(p);
        if (!(t.kind == TK_NEWLINE || t.kind == TK_SEMI || is_closing(p, &t)))
            var = parse_unary_prefix(p);
        catchb = parse_block(p, parse_eq);
    }
    expect_end(p, "try", w.line);
    if (!has_catch && !finallyb)
        fail_range(p, w.start, w.end, 0, "try without catch or finally");
    jl_expr_t *e = ex0(S.try_);
    push(e, tryb);
    push(e, var);
    push(e, catchb);
    if (finallyb) push(e, finallyb);
    else if (elseb) push(e, jl_false);
    if (elseb) push(e, elseb);
    return (jl_value_t *)e;
}

static jl_value_t *parse_do(parser_t *p)
{
    SAVE_CTX;
    normal_context(p);
    int32_t line = p->last.line;
    jl_expr_t *args = ex0(S.tuple);
    jl_token_t t = peek_raw(p);
    if (t.kind == TK_NEWLINE || t.kind == TK_SEMI) {
        bump(p);
    }
    else {
        for (;;) {
            push(args, parse_range(p));
            if (peek(p).kind != TK_COMMA)
                break;
            bump(p);
        }
    }
    jl_value_t *body = parse_block(p, parse_eq);
    expect_end(p, "do", line);
    RESTORE_CTX;
    return ex2(S.arrow, (jl_value_t *)args, body);
}

/* identifier, @macro, or $interpolation in export/import lists */
static jl_value_t *parse_atsym(parser_t *p)
{
    skip_newlines(p);
    jl_token_t t = peek(p);
    if (t.kind == TK_AT) {
        bump(p);
        jl_value_t *n = parse_macro_name(p);
        if (!jl_is_symbol(n))
            fail_tok(p, &t, "invalid macro name");
        return (jl_value_t *)at_sym((jl_sym_t *)n);
    }
    jl_value_t *v = parse_unary_prefix(p);
    if (jl_is_quotenode(v) && jl_is_symbol(((jl_quotenode_t *)v)->value))
        v = ((jl_quotenode_t *)v)->value;
    if (!jl_is_symbol(v) && !isexpr(v, S.dollar))
        fail_tok(p, &t, "expected identifier");
    return v;
}

static jl_value_t *parse_import_path(parser_t *p)
{
    jl_expr_t *path = ex0(S.dot);
    for (;;) {
        skip_newlines(p);
        jl_token_t t = peek(p);
        int n = is_op(&t, OP_DOT) ? 1 : is_op(&t, OP_DDOT) ? 2 : is_op(&t, OP_DDDOT) ? 3 : 0;
        if (!n)
            break;
        bump(p);
        for (int i = 0; i < n; i++)
            push(path, (jl_value_t *)S.dot);
    }
    jl_token_t t = peek(p);
    if (t.kind == TK_OP && t.dotted) {
        bump(p);
        push(path, (jl_value_t *)S.dot);
        push(path, (jl_value_t *)jl_symbol_n(p->src + t.start + 1, t.end - t.start - 1));
    }
    else {
        push(path, parse_atsym(p));
    }
    for (;;) {
        t = peek_raw(p);
        if (is_op(&t, OP_DOT)) {
            if (t.ws)
                fail_ws(p, &t);
            bump(p);
            push(path, parse_atsym(p));
        }
        else if (t.kind == TK_OP && t.dotted) {
            bump(p);
            push(path, (jl_value_t *)jl_symbol_n(p->src + t.start + 1, t.end - t.start - 1));
        }
        else if (is_op(&t, OP_DDDOT)) {
            bump(p);
            push(path, (jl_value_t *)jl_symbol(".."));
        }
        else {
            break;
        }
    }
    return (jl_value_t *)path;
}

static jl_value_t *parse_import(parser_t *p, int is_using, int has_prefix)
{
    jl_value_t *path = parse_import_path(p);
    jl_token_t t = peek(p);
    if (is_id(p, &t, "as")) {
        bump(p);
        jl_value_t *name = parse_atsym(p);
        if (is_using && !has_prefix)
            fail_tok(p, &t, "\"using\" with \"as\" renaming requires a \":\" and context module");
        return ex2(S.as, path, name);
    }
    return path;
}

static jl_value_t *parse_imports(parser_t *p)
{
    jl_token_t w = bump(p);
    int is_using = w.op == KW_USING;
    jl_expr_t *e = ex0(is_using ? S.using_ : S.import);
    jl_value_t *first = parse_import(p, is_using, 0);
    jl_token_t t = peek(p);
    if (is_op(&t, OP_COLON) && !t.ws) {
        bump(p);
        if (isexpr(first, S.as))
            fail_tok(p, &t, "\"as\" before \":\" in import/using");
        jl_expr_t *c = ex0(S.colon);
        push(c, first);
        for (;;) {
            push(c, parse_import(p, is_using, 1));
            if (peek(p).kind != TK_COMMA)
                break;
            bump(p);
        }
        push(e, (jl_value_t *)c);
        return (jl_value_t *)e;
    }
    push(e, first);
    while (peek(p).kind == TK_COMMA) {
        bump(p);
        push(e, parse_import(p, is_using, 0));
    }
    return (jl_value_t *)e;
}

static jl_value_t *parse_subtype_spec(parser_t *p) { return parse_comparison(p, 1); }

static void skip_semis_newlines(parser_t *p)
{
    for (;;) {
        jl_token_t t = peek_raw(p);
        if (t.kind != TK_NEWLINE && t.kind != TK_SEMI)
            return;
        bump(p);
    }
}

static jl_value_t *parse_resword(parser_t *p)
{
    SAVE_CTX;
    normal_context(p);
    check_stack(p);
    jl_token_t w = peek(p);
    jl_value_t *r = NULL;
    if (w.kind == TK_ID) {
        /* mutable struct, abstract type, primitive type */
        if (is_id(p, &w, "mutable")) {
            bump(p);
            bump(p);
            jl_value_t *spec = parse_subtype_spec(p);
            jl_value_t *body = parse_block(p, parse_docstring_eq);
            expect_end(p, "mutable struct", w.line);
            r = ex3(S.struct_, jl_true, spec, body);
        }
        else if (is_id(p, &w, "abstract")) {
            bump(p);
            bump(p);
            jl_value_t *spec = parse_subtype_spec(p);
            skip_semis_newlines(p);
            expect_end(p, "abstract type", w.line);
            r = ex1(S.abstract, spec);
        }
        else {
            bump(p);
            bump(p);
            ctx_t c2 = p->c;
            p->c.space_sensitive = 1;
            p->c.ws_newline = 0;
            jl_value_t *spec = parse_subtype_spec(p);
            jl_value_t *nb = parse_cond(p);
            p->c = c2;
            skip_semis_newlines(p);
            expect_end(p, "primitive type", w.line);
            r = ex2(S.primitive, spec, nb);
        }
        RESTORE_CTX;
        return r;
    }
    switch (w.op) {
    case KW_BEGIN: case KW_QUOTE: {
        bump(p);
        jl_value_t *blk = parse_block(p, parse_docstring_eq);
        expect_end(p, w.op == KW_BEGIN ? "begin" : "quote", w.line);
        r = w.op == KW_QUOTE ? ex1(S.quote, blk) : blk;
        break;
    }
    case KW_WHILE: {
        bump(p);
        jl_value_t *cond = parse_cond(p);
        jl_value_t *body = parse_block(p, parse_eq);
        expect_end(p, "while", w.line);
        r = ex2(S.while_, cond, body);
        break;
    }
    case KW_FOR: {
        bump(p);
        jl_expr_t *specs = ex0(S.block);
        for (;;) {
            push(specs, parse_iteration_spec(p));
            if (peek(p).kind != TK_COMMA)
                break;
            bump(p);
        }
        jl_value_t *spec = nargs((jl_value_t *)specs) == 1 ? arg((jl_value_t *)specs, 0) : (jl_value_t *)specs;
        jl_value_t *body = parse_block(p, parse_eq);
        expect_end(p, "for", w.line);
        r = ex2(S.for_, spec, body);
        break;
    }
    case KW_LET: {
        bump(p);
        jl_value_t *binds;
        jl_token_t t = peek(p);
        if (t.kind != TK_NEWLINE && t.kind != TK_SEMI && !is_kw(&t, KW_END)) {
            jl_expr_t *bl = ex0(S.block);
            for (;;) {
                push(bl, parse_eq_star(p, NULL));
                if (peek(p).kind != TK_COMMA)
                    break;
                bump(p);
            }
            jl_value_t *b0 = arg((jl_value_t *)bl, 0);
            if (nargs((jl_value_t *)bl) == 1 && (jl_is_symbol(b0) || isexpr(b0, S.eq) || isexpr(b0, S.decl)))
                binds = b0;
            else
                binds = (jl_value_t *)bl;
        }
        else {
            binds = (jl_value_t *)ex0(S.block);
        }
        t = peek(p);
        if (t.kind == TK_NEWLINE || t.kind == TK_SEMI)
            bump(p);
        else if (!is_kw(&t, KW_END)) {
            if (t.kind == TK_EOF) expect_end(p, "let", w.line);
            fail_tok(p, &t, "let variables should end in \";\" or newline");
        }
        jl_value_t *body = parse_block(p, parse_eq);
        expect_end(p, "let", w.line);
        r = ex2(S.let, binds, body);
        break;
    }
    case KW_IF:
        r = parse_if_elseif(p, 0);
        break;
    case KW_CONST: case KW_GLOBAL: case KW_LOCAL:
        r = parse_const_local_global(p);
        break;
    case KW_FUNCTION: case KW_MACRO:
        r = parse_function(p);
        break;
    case KW_STRUCT: {
        bump(p);
        jl_value_t *spec = parse_subtype_spec(p);
        jl_value_t *body = parse_block(p, parse_docstring_eq);
        expect_end(p, "struct", w.line);
        r = ex3(S.struct_, jl_false, spec, body);
        break;
    }
    case KW_TRY:
        r = parse_try(p);
        break;
    case KW_RETURN: {
        bump(p);
        jl_token_t t = peek(p);
        if (t.kind == TK_NEWLINE || is_closing(p, &t))
            r = ex1(S.return_, jl_nothing);
        else
            r = ex1(S.return_, parse_eq(p));
        break;
    }
    case KW_BREAK: case KW_CONTINUE: {
        bump(p);
        jl_token_t t = peek(p);
        if (!(t.kind == TK_NEWLINE || t.kind == TK_SEMI || t.kind == TK_RPAREN || is_op(&t, OP_COLON) ||
              t.kind == TK_EOF || is_closing(p, &t))) {
            char m[96];
            snprintf(m, sizeof(m), "unexpected token after %s", w.op == KW_BREAK ? "break" : "continue");
            fail_tok(p, &t, m);
        }
        r = (jl_value_t *)ex0(w.op == KW_BREAK ? S.break_ : S.continue_);
        break;
    }
    case KW_MODULE: case KW_BAREMODULE: {
        bump(p);
        jl_token_t t = peek(p);
        if (is_reserved_word(&t))
            fail_tok(p, &t, "invalid module name");
        jl_value_t *name = parse_unary_prefix(p);
        jl_value_t *body = parse_block(p, parse_docstring_eq);
        expect_end(p, w.op == KW_MODULE ? "module" : "baremodule", w.line);
        insert_arg((jl_expr_t *)body, 0, lnn(p, w.line));
        r = ex3(S.module, w.op == KW_MODULE ? jl_true : jl_false, name, body);
        break;
    }
    case KW_EXPORT: {
        bump(p);
        jl_expr_t *e = ex0(S.export_);
        for (;;) {
            push(e, parse_atsym(p));
            if (peek(p).kind != TK_COMMA)
                break;
            bump(p);
        }
        r = (jl_value_t *)e;
        break;
    }
    case KW_IMPORT: case KW_USING:
        r = parse_imports(p);
        break;
    case KW_DO:
    default:
        fail_tok(p, &w, "invalid \"do\" syntax");
    }
    RESTORE_CTX;
    return r;
}

/* ---------------------------------------------------------------- entry points */

static jl_value_t *parse_toplevel(parser_t *p)
{
    jl_expr_t *tl = ex0(S.toplevel);
    for (;;) {
        skip_newlines(p);
        jl_token_t t = peek_raw(p);
        if (t.kind == TK_EOF)
            break;
        push(tl, lnn(p, t.line));
        push(tl, parse_stmts(p));
    }
    return (jl_value_t *)tl;
}

static size_t line_start_of(const char *src, size_t off)
{
    while (off > 0 && src[off - 1] != '\n')
        off--;
    return off;
}

static int utf8_cols(const char *s, size_t n)
{
    int c = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            c++;
    return c;
}

static char *format_error(const char *src, size_t len, const char *file, int line, size_t start, size_t end,
                          const char *msg, int *col_out)
{
    if (start > len) start = len;
    if (end > len) end = len;
    if (end < start) end = start;
    size_t ls = line_start_of(src, start);
    size_t le = start;
    while (le < len && src[le] != '\n')
        le++;
    if (le > ls && src[le - 1] == '\r')
        le--;
    if (end > le) end = le;
    int col = utf8_cols(src + ls, start - ls) + 1;
    int width = utf8_cols(src + start, end - start);
    *col_out = col;
    size_t cap = 128 + strlen(file) + (le - ls) + strlen(msg) + 4 * (size_t)(col + width) + 16;
    char *out = (char *)malloc(cap);
    if (!out)
        return NULL;
    size_t k = (size_t)snprintf(out, cap, "ParseError:\n# Error @ %s:%d:%d\n%.*s\n", file, line, col,
                                (int)(le - ls), src + ls);
    /* marker line: '#' then spaces up to the column, then the mark */
    if (col > 1) {
        out[k++] = '#';
        for (int i = 2; i < col; i++)
            out[k++] = ' ';
    }
    const char *mark;
    char mb[64];
    if (width <= 1) {
        mark = "\xE2\x95\x99"; /* ╙ */
    }
    else {
        size_t m = 0;
        memcpy(mb, "\xE2\x94\x94", 3); m = 3;                     /* └ */
        for (int i = 0; i < width - 2 && m < 50; i++) { memcpy(mb + m, "\xE2\x94\x80", 3); m += 3; } /* ─ */
        memcpy(mb + m, "\xE2\x94\x98", 3); m += 3;                /* ┘ */
        mb[m] = 0;
        mark = mb;
    }
    k += (size_t)snprintf(out + k, cap - k, "%s \xE2\x94\x80\xE2\x94\x80 %s", mark, msg);
    (void)k;
    return out;
}

static int count_lines(const char *src, size_t from, size_t to)
{
    int n = 0;
    for (size_t i = from; i < to; i++)
        if (src[i] == '\n')
            n++;
    return n;
}

JL_DLLEXPORT void jl_parse_errinfo_free(jl_parse_errinfo_t *e)
{
    if (!e)
        return;
    free(e->msg);
    free(e->text);
    e->msg = e->text = NULL;
}

static int run_parse(parser_t *p, const char *text, size_t len, const char *filename, int lineno, size_t offset,
                     int greedy, jl_value_t **result, size_t *next_offset, jl_parse_errinfo_t *err)
{
    init_syms();
    memset(p, 0, sizeof(*p));
    if (len > UINT32_MAX - 16)
        len = UINT32_MAX - 16; /* token offsets are 32-bit: parse at most 4 GiB */
    if (offset > len)
        offset = len;
    p->src = text;
    p->len = len;
    p->file = (jl_value_t *)jl_symbol(filename ? filename : "none");
    p->c.range_colon = 1;
    p->c.where_enabled = 1;
    char base;
    p->stack_base = &base;
    p->stack_max = stack_limit;
    /* on a task with a known (small) stack, stay well inside it */
    jl_task_t *ct = jl_current_task;
    if (ct && ct->stack_base && ct->stack_size) {
        char *lo = (char *)ct->stack_base - ct->stack_size;
        if (&base > lo) {
            size_t avail = (size_t)(&base - lo);
            size_t margin = 64 << 10;
            size_t usable = avail > 2 * margin ? avail - margin : avail / 2;
            if (usable < p->stack_max)
                p->stack_max = usable;
        }
    }
    int startline = lineno + count_lines(text, 0, offset);
    jl_lex_init(&p->lx, text, len, offset, startline);
    p->last.line = startline;
    p->last.start = p->last.end = (uint32_t)offset;
    volatile int status = 0;
    if (!setjmp(p->jmp)) {
        jl_value_t *r;
        if (greedy) {
            r = parse_toplevel(p);
        }
        else {
            skip_newlines(p);
            if (peek_raw(p).kind == TK_EOF)
                r = jl_nothing;
            else
                r = parse_stmts(p);
            skip_newlines(p);
        }
        *result = r;
        if (next_offset) {
            jl_token_t t = peek_raw(p);
            *next_offset = t.kind == TK_EOF ? p->len : t.start;
        }
    }
    else {
        status = p->err_incomplete ? 2 : 1;
        *result = NULL;
        if (err) {
            size_t n = p->len;
            int line = lineno + count_lines(text, 0, p->err_start < n ? p->err_start : n);
            err->msg = strdup(p->errmsg);
            err->text = format_error(text, n, jl_symbol_name(p->file), line, p->err_start, p->err_end,
                                     p->errmsg, &err->column);
            err->line = line;
            err->offset = p->err_start;
            err->incomplete = p->err_incomplete;
        }
        if (next_offset)
            *next_offset = p->err_start;
    }
    free(p->q);
    free(p->buf);
    p->q = NULL;
    p->buf = NULL;
    return status;
}

JL_DLLEXPORT int jl_parse_string_status(const char *text, size_t len, const char *filename, int lineno,
                                        size_t offset, int greedy, jl_value_t **result,
                                        size_t *next_offset, jl_parse_errinfo_t *err)
{
    parser_t p;
    if (err)
        memset(err, 0, sizeof(*err));
    return run_parse(&p, text, len, filename, lineno, offset, greedy, result, next_offset, err);
}

static jl_parse_error_hook_t error_hook = NULL;

JL_DLLEXPORT void jl_set_parse_error_hook(jl_parse_error_hook_t hook) { error_hook = hook; }

static JL_NORETURN void throw_parse_error(jl_parse_errinfo_t *e)
{
    if (error_hook) {
        jl_value_t *ex = error_hook(e);
        jl_parse_errinfo_free(e);
        jl_throw(ex);
    }
    size_t n = strlen(e->text ? e->text : e->msg);
    char *copy = (char *)alloca(n + 1);
    memcpy(copy, e->text ? e->text : e->msg, n + 1);
    jl_parse_errinfo_free(e);
    jl_errorf("%s", copy);
}

JL_DLLEXPORT jl_value_t *jl_parse_string(const char *text, size_t len, const char *filename, int lineno,
                                         size_t offset, int greedy, size_t *next_offset)
{
    jl_parse_errinfo_t e;
    jl_value_t *r = NULL;
    if (jl_parse_string_status(text, len, filename, lineno, offset, greedy, &r, next_offset, &e) != 0)
        throw_parse_error(&e);
    return r;
}

JL_DLLEXPORT jl_value_t *jl_parse_all(const char *text, size_t len, const char *filename)
{
    return jl_parse_string(text, len, filename, 1, 0, 1, NULL);
}

JL_DLLEXPORT jl_value_t *jl_parse_expr(const char *text, size_t len)
{
    jl_parse_errinfo_t e;
    jl_value_t *r = NULL;
    size_t next = 0;
    int st = jl_parse_string_status(text, len, "none", 1, 0, 0, &r, &next, &e);
    if (st == 2) {
        jl_value_t *msg = jl_cstr_to_string(e.msg);
        jl_parse_errinfo_free(&e);
        return (jl_value_t *)jl_expr(S.incomplete, 1, msg);
    }
    if (st == 1)
        throw_parse_error(&e);
    if (next < len) {
        parser_t p;
        memset(&p, 0, sizeof(p));
        char msg[128];
        jl_lexer_t lx;
        jl_token_t t;
        jl_lex_init(&lx, text, len, next, 1);
        jl_lex_next(&lx, &t);
        size_t tl = t.end - t.start;
        if (tl > 40) tl = 40;
        snprintf(msg, sizeof(msg), "extra token \"%.*s\" after end of expression", (int)tl, text + t.start);
        memset(&e, 0, sizeof(e));
        e.msg = strdup(msg);
        e.line = 1 + count_lines(text, 0, next);
        e.text = format_error(text, len, "none", e.line, t.start, t.end, msg, &e.column);
        e.offset = next;
        throw_parse_error(&e);
    }
    return r;
}
