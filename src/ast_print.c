/*
 * ast_print.c -- Meta.show_sexpr: print a syntax tree the way Julia's base/show.jl does,
 * e.g. (:call, :+, 1, 2); blocks one argument per line, QuoteNodes as (:quote, #QuoteNode ...).
 * Values are shown with Julia's `show` for the types the parser produces.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "julep.h"
#include "parser.h"
#include "lexer.h"

typedef struct {
    char *s;
    size_t n, cap;
    int compact;
} sbuf_t;

static void sb_putn(sbuf_t *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 256;
        while (nc < b->n + n + 1)
            nc *= 2;
        char *ns = (char *)realloc(b->s, nc);
        if (!ns)
            return;
        b->s = ns;
        b->cap = nc;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = 0;
}
static void sb_puts(sbuf_t *b, const char *s) { sb_putn(b, s, strlen(s)); }
static void sb_printf(sbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf_t *b, const char *fmt, ...)
{
    char tmp[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    if (n > 0)
        sb_putn(b, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}
static void sb_indent(sbuf_t *b, int n)
{
    for (int i = 0; i < n; i++)
        sb_putn(b, " ", 1);
}

/* ---------------------------------------------------------------- strings, chars, symbols */

static void put_escaped(sbuf_t *b, const char *s, size_t n, char quote)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            char e = 0;
            switch (c) {
            case '\n': e = 'n'; break;
            case '\t': e = 't'; break;
            case '\r': e = 'r'; break;
            case '\a': e = 'a'; break;
            case '\b': e = 'b'; break;
            case '\f': e = 'f'; break;
            case '\v': e = 'v'; break;
            case 0x1b: e = 'e'; break;
            case '\\': e = '\\'; break;
            default: break;
            }
            if (e) {
                char t[2] = {'\\', e};
                sb_putn(b, t, 2);
            }
            else if (c == (unsigned char)quote || (quote == '"' && c == '$')) {
                char t[2] = {'\\', (char)c};
                sb_putn(b, t, 2);
            }
            else if (c == 0) {
                if (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7')
                    sb_puts(b, "\\x00");
                else
                    sb_puts(b, "\\0");
            }
            else if (c < 0x20 || c == 0x7f) {
                sb_printf(b, "\\x%02x", c);
            }
            else {
                sb_putn(b, (const char *)&c, 1);
            }
            i++;
            continue;
        }
        int used;
        int32_t cp = jl_lex_utf8((const unsigned char *)s + i, n - i, &used);
        if (cp < 0) {
            sb_printf(b, "\\x%02x", c);
            i++;
        }
        else {
            if ((cp >= 0x80 && cp < 0xA0) || cp == 0x2028 || cp == 0x2029 || cp == 0xFEFF || cp == 0xAD)
                sb_printf(b, "\\u%x", (unsigned)cp);
            else
                sb_putn(b, s + i, (size_t)used);
            i += (size_t)used;
        }
    }
}

static int is_operator_name(const char *s, size_t n)
{
    if (n == 0)
        return 0;
    jl_lexer_t lx;
    jl_token_t t;
    jl_lex_init(&lx, s, n, 0, 1);
    lx.prev_kind = TK_ID; /* so that ' lexes as an operator */
    jl_lex_next(&lx, &t);
    if (t.kind != TK_OP || t.end != n)
        return 0;
    return 1;
}

static void show_symbol(sbuf_t *b, jl_sym_t *sym)
{
    const char *s = jl_symbol_name(sym);
    size_t n = sym->length;
    static const char *const quoted[] = {":", "::", ":=", "=", "==", "===", "=>", "`"};
    for (size_t i = 0; i < sizeof(quoted) / sizeof(quoted[0]); i++) {
        if (strlen(quoted[i]) == n && !memcmp(quoted[i], s, n)) {
            sb_puts(b, ":(");
            sb_putn(b, s, n);
            sb_puts(b, ")");
            return;
        }
    }
    int op = is_operator_name(s, n);
    if (jl_is_identifier(s, n) ||
        (op && !(n == 1 && (s[0] == '\'' || s[0] == '?')))) {
        sb_puts(b, ":");
        sb_putn(b, s, n);
        return;
    }
    sb_puts(b, "Symbol(\"");
    put_escaped(b, s, n, '"');
    sb_puts(b, "\")");
}

/* ---------------------------------------------------------------- numbers */

static void show_float(sbuf_t *b, double x, int is32)
{
    if (isnan(x)) { sb_puts(b, is32 ? "NaN32" : "NaN"); return; }
    if (isinf(x)) { sb_puts(b, x < 0 ? "-Inf" : "Inf"); if (is32) sb_puts(b, "32"); return; }
    if (x == 0) { sb_puts(b, signbit(x) ? "-0.0" : "0.0"); if (is32) sb_puts(b, "f0"); return; }
    char tmp[64];
    /* shortest round-trip digits */
    for (int prec = 0; prec < 18; prec++) {
        snprintf(tmp, sizeof(tmp), "%.*e", prec, x);
        if (is32 ? (strtof(tmp, NULL) == (float)x) : (strtod(tmp, NULL) == x))
            break;
    }
    /* tmp = [-]d.ddde[+-]XX */
    char digits[40];
    size_t nd = 0;
    int neg = tmp[0] == '-';
    char *q = tmp + neg;
    for (; *q && *q != 'e'; q++)
        if (*q != '.')
            digits[nd++] = *q;
    int e = atoi(q + 1);
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    digits[nd] = 0;
    if (neg)
        sb_puts(b, "-");
    if (e >= -4 && e < 6) {
        if (e < 0) {
            sb_puts(b, "0.");
            for (int i = -1; i > e; i--)
                sb_puts(b, "0");
            sb_putn(b, digits, nd);
        }
        else {
            for (int i = 0; i <= e; i++)
                sb_putn(b, i < (int)nd ? digits + i : "0", 1);
            sb_puts(b, ".");
            if ((int)nd > e + 1)
                sb_putn(b, digits + e + 1, nd - (size_t)e - 1);
            else
                sb_puts(b, "0");
        }
        if (is32)
            sb_puts(b, "f0");
    }
    else {
        sb_putn(b, digits, 1);
        sb_puts(b, ".");
        if (nd > 1)
            sb_putn(b, digits + 1, nd - 1);
        else
            sb_puts(b, "0");
        sb_printf(b, "%s%d", is32 ? "f" : "e", e);
    }
}

static void show_char(sbuf_t *b, uint32_t bits)
{
    unsigned char bytes[4];
    size_t n = 0;
    for (int i = 0; i < 4; i++) {
        unsigned char c = (unsigned char)(bits >> (24 - 8 * i));
        if (i > 0 && c == 0)
            break;
        bytes[n++] = c;
    }
    sb_puts(b, "'");
    if (n == 1 && bytes[0] == '"')
        sb_puts(b, "\"");
    else if (n == 1 && bytes[0] == '$')
        sb_puts(b, "$");
    else
        put_escaped(b, (const char *)bytes, n, '\'');
    sb_puts(b, "'");
}

/* ---------------------------------------------------------------- values */

static void show_sexpr(sbuf_t *b, jl_value_t *v, int indent);

static void show_value(sbuf_t *b, jl_value_t *v)
{
    if (v == NULL) { sb_puts(b, "#undef"); return; }
    if (v == jl_nothing) { sb_puts(b, "nothing"); return; }
    jl_value_t *t = jl_typeof(v);
    if (t == (jl_value_t *)jl_symbol_type) { show_symbol(b, (jl_sym_t *)v); return; }
    if (t == (jl_value_t *)jl_bool_type) { sb_puts(b, v == jl_true ? "true" : "false"); return; }
    if (t == (jl_value_t *)jl_int64_type) { sb_printf(b, "%lld", (long long)*(int64_t *)v); return; }
    if (t == (jl_value_t *)jl_int32_type) { sb_printf(b, "%d", *(int32_t *)v); return; }
    if (t == (jl_value_t *)jl_uint8_type) { sb_printf(b, "0x%02x", *(uint8_t *)v); return; }
    if (t == (jl_value_t *)jl_uint16_type) { sb_printf(b, "0x%04x", *(uint16_t *)v); return; }
    if (t == (jl_value_t *)jl_uint32_type) { sb_printf(b, "0x%08x", *(uint32_t *)v); return; }
    if (t == (jl_value_t *)jl_uint64_type) { sb_printf(b, "0x%016llx", (unsigned long long)*(uint64_t *)v); return; }
    if (t == (jl_value_t *)jl_float64_type) { show_float(b, *(double *)v, 0); return; }
    if (t == (jl_value_t *)jl_float32_type) { show_float(b, *(float *)v, 1); return; }
    if (t == (jl_value_t *)jl_char_type) { show_char(b, *(uint32_t *)v); return; }
    if (t == (jl_value_t *)jl_string_type) {
        sb_puts(b, "\"");
        put_escaped(b, jl_string_data(v), jl_string_len(v), '"');
        sb_puts(b, "\"");
        return;
    }
    if (t == (jl_value_t *)jl_linenumbernode_type) {
        jl_linenumbernode_t *ln = (jl_linenumbernode_t *)v;
        if (ln->file && jl_is_symbol(ln->file))
            sb_printf(b, ":(#= %s:%lld =#)", jl_symbol_name((jl_sym_t *)ln->file), (long long)ln->line);
        else
            sb_printf(b, ":(#= line %lld =#)", (long long)ln->line);
        return;
    }
    if (t == (jl_value_t *)jl_globalref_type) {
        jl_globalref_t *g = (jl_globalref_t *)v;
        const char *mn = g->mod && g->mod->name ? jl_symbol_name(g->mod->name) : "?";
        const char *nm = jl_symbol_name(g->name);
        if (jl_is_identifier(nm, strlen(nm)))
            sb_printf(b, ":(%s.%s)", mn, nm);
        else {
            sb_printf(b, ":(%s.var\"", mn);
            put_escaped(b, nm, strlen(nm), '"');
            sb_puts(b, "\")");
        }
        return;
    }
    sb_printf(b, "<%s>", jl_typename_str(v));
}

static void show_sexpr(sbuf_t *b, jl_value_t *v, int indent)
{
    int inner = indent + 2;
    if (v && jl_is_quotenode(v)) {
        sb_puts(b, "(:quote, #QuoteNode");
        if (b->compact) sb_puts(b, " ");
        else { sb_puts(b, "\n"); sb_indent(b, inner); }
        show_sexpr(b, ((jl_quotenode_t *)v)->value, inner);
        if (!b->compact) { sb_puts(b, "\n"); sb_indent(b, indent); }
        sb_puts(b, ")");
        return;
    }
    if (v && jl_is_expr(v)) {
        jl_expr_t *e = (jl_expr_t *)v;
        int isblock = strcmp(jl_symbol_name(e->head), "block") == 0;
        sb_puts(b, "(");
        show_sexpr(b, (jl_value_t *)e->head, inner);
        size_t n = jl_expr_nargs(v);
        for (size_t i = 0; i < n; i++) {
            if (isblock && !b->compact) { sb_puts(b, ",\n"); sb_indent(b, inner); }
            else sb_puts(b, ", ");
            show_sexpr(b, jl_exprarg(v, i), inner);
        }
        if (n == 0)
            sb_puts(b, ",)");
        else {
            if (isblock && !b->compact) { sb_puts(b, "\n"); sb_indent(b, indent); }
            sb_puts(b, ")");
        }
        return;
    }
    show_value(b, v);
}

JL_DLLEXPORT char *jl_sexpr_show(jl_value_t *v, int compact)
{
    sbuf_t b = {NULL, 0, 0, compact};
    sb_puts(&b, "");
    show_sexpr(&b, v, 0);
    return b.s;
}
