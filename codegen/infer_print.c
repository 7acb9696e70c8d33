/*
 * infer_print.c -- typed code as Julia 1.10 shows it: `code_typed` (basic-block gutter, `%n = `,
 * `::T` after every value, `invoke f(%1::T)`, `goto #b if not %c`, `) => T`) and `@code_warntype`
 * (MethodInstance header, Arguments, Locals, Body, non-concrete types marked).
 *
 * Invariant: printing never runs Julia code (static printers only), so it works without Base.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "infer.h"
#include "gf.h"
#include "builtins.h"
#include "parser.h"

typedef struct {
    char *s;
    size_t n, cap;
} sbuf_t;

static void put(sbuf_t *b, const char *s)
{
    size_t k = strlen(s);
    if (b->n + k + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 512;
        while (nc < b->n + k + 1)
            nc *= 2;
        b->s = (char *)realloc(b->s, nc);
        b->cap = nc;
    }
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

static void putl(sbuf_t *b, long v)
{
    char t[32];
    snprintf(t, sizeof t, "%ld", v);
    put(b, t);
}

typedef struct {
    jl_code_info_t *ci;
    jl_method_instance_t *mi;
    int warn, color;
    int typed;           /* ssavaluetypes is a Vector: print `::T` after values */
    int32_t *stmt_bb;
    uint8_t *used;       /* used[i]: SSA value i+1 is an operand somewhere */
} pctx_t;

/* printstyled's escapes: error color (light red) bold, warn color (yellow) bold, cyan */
#define RED "\033[91m\033[1m"
#define YELLOW "\033[33m\033[1m"
#define BOLD_OFF "\033[22m\033[39m"
#define CYAN "\033[36m"
#define COLOR_OFF "\033[39m"

static void put_module_path(sbuf_t *b, jl_module_t *m)
{
    if (m->parent && m->parent != m && m != jl_main_module && m != jl_core_module && m != jl_base_module) {
        put_module_path(b, m->parent);
        put(b, ".");
    }
    put(b, jl_symbol_name(m->name));
}

static void put_type(sbuf_t *b, jl_value_t *t)
{
    char buf[1024];
    jl_static_show_type(buf, sizeof buf, t);
    put(b, buf);
}

static int is_operator_name(const char *n)
{
    return !((n[0] >= 'a' && n[0] <= 'z') || (n[0] >= 'A' && n[0] <= 'Z') || n[0] == '_' || (unsigned char)n[0] >= 0x80);
}

static void put_gname(sbuf_t *b, jl_module_t *m, jl_sym_t *s)
{
    put_module_path(b, m);
    const char *n = jl_symbol_name(s);
    put(b, is_operator_name(n) ? ".:" : ".");
    put(b, n);
}

static void put_const(sbuf_t *b, jl_value_t *v)
{
    char t[64];
    jl_value_t *ty = jl_typeof(v);
    if (v == jl_nothing)
        put(b, "nothing");
    else if (jl_is_bool(v))
        put(b, v == jl_true ? "true" : "false");
    else if (jl_is_int64(v))
        putl(b, (long)jl_unbox_int64(v));
    else if (ty == (jl_value_t *)jl_int32_type || ty == (jl_value_t *)jl_int8_type || ty == (jl_value_t *)jl_int16_type) {
        snprintf(t, sizeof t, "%ld", (long)(ty == (jl_value_t *)jl_int32_type ? *(int32_t *)v
                                           : ty == (jl_value_t *)jl_int16_type ? *(int16_t *)v : *(int8_t *)v));
        put(b, t);
    }
    else if (ty == (jl_value_t *)jl_uint8_type || ty == (jl_value_t *)jl_uint16_type ||
             ty == (jl_value_t *)jl_uint32_type || ty == (jl_value_t *)jl_uint64_type) {
        size_t sz = jl_datatype_size(ty);
        uint64_t x = sz == 1 ? *(uint8_t *)v : sz == 2 ? *(uint16_t *)v : sz == 4 ? *(uint32_t *)v : *(uint64_t *)v;
        snprintf(t, sizeof t, "0x%0*llx", (int)(2 * sz), (unsigned long long)x);
        put(b, t);
    }
    else if (jl_is_float64(v)) {
        jl_value_t *s = jl_float_to_string(jl_unbox_float64(v), 64, 0);
        put(b, jl_string_data(s));
    }
    else if (jl_is_symbol(v)) {
        put(b, ":");
        put(b, jl_symbol_name((jl_sym_t *)v));
    }
    else if (jl_is_type(v))
        put_type(b, v);
    else if (jl_is_module(v))
        put_module_path(b, (jl_module_t *)v);
    else if (jl_is_datatype(ty) && ((jl_datatype_t *)ty)->instance == v && jl_subtype(ty, (jl_value_t *)jl_function_type)) {
        jl_typename_t *tn = ((jl_datatype_t *)ty)->name;
        const char *nm = jl_symbol_name(tn->name);
        if (jl_is_builtin(v)) {
            put(b, "Core.");
            put(b, jl_builtin_name(v));
        }
        else if (tn->module == jl_main_module)
            put(b, nm[0] == '#' ? nm + 1 : nm);
        else
            put_gname(b, tn->module, jl_symbol(nm[0] == '#' ? nm + 1 : nm));
    }
    else if (jl_is_tuple(v)) {
        size_t n = jl_datatype_nfields(ty);
        put(b, "(");
        for (size_t i = 0; i < n; i++) {
            if (i)
                put(b, ", ");
            put_const(b, jl_get_nth_field(v, i));
        }
        put(b, n == 1 ? ",)" : ")");
    }
    else if (jl_is_string(v)) {
        put(b, "\"");
        put(b, jl_string_data(v));
        put(b, "\"");
    }
    else if (jl_is_intrinsic(v)) {
        put(b, "Core.Intrinsics.");
        put(b, jl_intrinsic_name(jl_intrinsic_id(v)));
    }
    else {
        char *s = jl_sexpr_show(v, 1);
        put(b, s);
        free(s);
    }
}

static jl_value_t *ssa_type(pctx_t *p, size_t id)
{
    jl_array_t *t = (jl_array_t *)p->ci->ssavaluetypes;
    return id >= 1 && id <= jl_array_len(t) ? jl_array_ptr_ref(t, id - 1) : (jl_value_t *)jl_any_type;
}

static void put_slot(sbuf_t *b, pctx_t *p, intptr_t id)
{
    jl_array_t *names = p->ci->slotnames;
    if (id < 1 || (size_t)id > jl_array_len(names)) {
        put(b, "_");
        putl(b, (long)id);
        return;
    }
    const char *n = jl_symbol_name((jl_sym_t *)jl_array_ptr_ref(names, id - 1));
    if (n[0] == '#' && strcmp(n, "#self#") != 0) {
        put(b, "@_");
        putl(b, (long)id);
        return;
    }
    put(b, n);
}

static void put_operand(sbuf_t *b, pctx_t *p, jl_value_t *x)
{
    if (x == NULL) {
        put(b, "#undef");
        return;
    }
    if (jl_is_ssavalue(x)) {
        put(b, "%");
        putl(b, (long)((jl_ssavalue_t *)x)->id);
    }
    else if (jl_is_slotnumber(x))
        put_slot(b, p, ((jl_slotnumber_t *)x)->id);
    else if (jl_is_globalref(x))
        put_gname(b, ((jl_globalref_t *)x)->mod, ((jl_globalref_t *)x)->name);
    else if (jl_is_quotenode(x)) {
        jl_value_t *q = ((jl_quotenode_t *)x)->value;
        if (jl_is_symbol(q))
            put_const(b, q);
        else {
            put(b, "$(QuoteNode(");
            put_const(b, q);
            put(b, "))");
        }
    }
    else if (jl_is_expr(x)) {
        jl_expr_t *e = (jl_expr_t *)x;
        if (e->head == jl_s_static_parameter) {
            put(b, "$(Expr(:static_parameter, ");
            putl(b, (long)jl_unbox_int64(jl_exprarg(e, 0)));
            put(b, "))");
            return;
        }
        put(b, "$(Expr(:");
        put(b, jl_symbol_name(e->head));
        for (size_t i = 0; i < jl_expr_nargs(e); i++) {
            put(b, ", ");
            put_operand(b, p, jl_exprarg(e, i));
        }
        put(b, "))");
    }
    else
        put_const(b, x);
}

/* the type of an argument operand, for `invoke f(%1::T)` */
static jl_value_t *operand_type(pctx_t *p, jl_value_t *x)
{
    if (jl_is_ssavalue(x))
        return jl_widenconst(ssa_type(p, (size_t)((jl_ssavalue_t *)x)->id));
    if (jl_is_slotnumber(x) && jl_is_array(p->ci->slottypes)) {
        intptr_t id = ((jl_slotnumber_t *)x)->id;
        return jl_array_ptr_ref((jl_array_t *)p->ci->slottypes, id - 1);
    }
    jl_value_t *v;
    if (jl_infer_operand_const(x, &v))
        return jl_widenconst(jl_infer_const(v));
    return (jl_value_t *)jl_any_type;
}

/* Julia shows calls of operators infix: `n < 2`, `(x > 0)::Bool` (parenthesized before `::T`) */
static const char *const infix_ops[] = {
    "+", "-", "*", "/", "\\", "^", "%", "÷", "//", "&", "|", "⊻", "<<", ">>", ">>>", "<", ">", "<=", ">=",
    "==", "!=", "===", "!==", "<:", ">:", "≤", "≥", "≠", "≡", "≢", "∈", "∉", "isa", "in", "=>", "∘", ":",
    NULL};

static const char *infix_name(jl_value_t *f, size_t nargs)
{
    if (nargs != 2 || !jl_is_globalref(f))
        return NULL;
    const char *n = jl_symbol_name(((jl_globalref_t *)f)->name);
    for (size_t i = 0; infix_ops[i]; i++)
        if (strcmp(infix_ops[i], n) == 0)
            return n;
    return NULL;
}

static void put_rhs(sbuf_t *b, pctx_t *p, jl_value_t *x, int annotated)
{
    if (!jl_is_expr(x)) {
        put_operand(b, p, x);
        return;
    }
    jl_expr_t *e = (jl_expr_t *)x;
    size_t n = jl_expr_nargs(e);
    if (e->head == jl_s_call && n == 3 && infix_name(jl_exprarg(e, 0), 2)) {
        const char *op = infix_name(jl_exprarg(e, 0), 2);
        int tight = strcmp(op, ":") == 0;
        put(b, annotated ? "(" : "");
        put_operand(b, p, jl_exprarg(e, 1));
        put(b, tight ? "" : " ");
        put(b, op);
        put(b, tight ? "" : " ");
        put_operand(b, p, jl_exprarg(e, 2));
        put(b, annotated ? ")" : "");
        return;
    }
    if (e->head == jl_s_call || e->head == jl_s_new) {
        size_t first = 0;
        if (e->head == jl_s_new)
            put(b, "%new(");
        else {
            put_operand(b, p, jl_exprarg(e, 0));
            put(b, "(");
            first = 1;
        }
        for (size_t i = first; i < n; i++) {
            if (i > first)
                put(b, ", ");
            put_operand(b, p, jl_exprarg(e, i));
        }
        put(b, ")");
        return;
    }
    if (e->head == jl_s_invoke) {
        put(b, "invoke ");
        put_operand(b, p, jl_exprarg(e, 1));
        put(b, "(");
        for (size_t i = 2; i < n; i++) {
            if (i > 2)
                put(b, ", ");
            put_operand(b, p, jl_exprarg(e, i));
            put(b, "::");
            put_type(b, operand_type(p, jl_exprarg(e, i)));
        }
        put(b, ")");
        return;
    }
    if (e->head == jl_s_assign) {
        put(b, annotated ? "(" : "");
        put_operand(b, p, jl_exprarg(e, 0));
        put(b, " = ");
        put_rhs(b, p, jl_exprarg(e, 1), 0);
        put(b, annotated ? ")" : "");
        return;
    }
    if (e->head == jl_s_boundscheck) {
        put(b, "$(Expr(:boundscheck))");
        return;
    }
    put_operand(b, p, x);
}

/* Base.isdispatchelem: a concrete type, Union{}, or a Type{T} without free variables */
static int is_dispatch_elem(jl_value_t *t)
{
    return t == jl_bottom_type || jl_is_concrete_type(t) ||
           (jl_is_datatype(t) && ((jl_datatype_t *)t)->name == jl_type_typename && !jl_has_free_typevars(t));
}

/* InteractiveUtils.is_expected_union: fewer than 4 members, all dispatch elements */
static int is_expected_union(jl_value_t *u)
{
    jl_value_t *ms[8];
    size_t n = 0;
    while (jl_is_uniontype(u) && n < 8) {
        ms[n++] = ((jl_uniontype_t *)u)->a;
        u = ((jl_uniontype_t *)u)->b;
    }
    ms[n++] = u;
    if (n >= 4)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!is_dispatch_elem(ms[i]))
            return 0;
    return 1;
}

/* `::T` after a value. code_warntype flags types that are not dispatch elements (Julia's emphasize:
   bold light red, yellow for small unions of concrete types; UPPERCASE text without color) and
   shows good types in cyan; constants print as `Core.Const(v)`. */
static void put_annot(sbuf_t *b, pctx_t *p, jl_value_t *t)
{
    if (!p->warn) {
        put(b, "::");
        put_type(b, jl_widenconst(t));
        return;
    }
    sbuf_t s = {0, 0, 0};
    put(&s, "::");
    if (jl_is_infer_const(t)) {
        put(&s, "Core.Const(");
        put_const(&s, jl_infer_const_val(t));
        put(&s, ")");
    }
    else
        put_type(&s, t);
    int expected = jl_is_uniontype(t) && is_expected_union(t);
    int bad = !jl_is_infer_const(t) && (expected || !is_dispatch_elem(t));
    if (bad && !p->color) {
        for (char *c = s.s; *c; c++)
            if (*c >= 'a' && *c <= 'z')
                *c = (char)(*c - 'a' + 'A');
        put(b, s.s);
    }
    else if (!p->color)
        put(b, s.s);
    else {
        put(b, bad ? (expected ? YELLOW : RED) : CYAN);
        put(b, s.s);
        put(b, bad ? BOLD_OFF : COLOR_OFF);
    }
    free(s.s);
}

/* Julia's should_print_ssa_type */
static int shows_type(jl_value_t *s)
{
    if (jl_is_gotonode(s) || jl_is_gotoifnot(s) || jl_is_returnnode(s) || jl_is_quotenode(s) || jl_is_newvarnode(s))
        return 0;
    if (jl_is_expr(s)) {
        jl_sym_t *h = ((jl_expr_t *)s)->head;
        return h != jl_s_enter && h != jl_s_leave && h != jl_s_meta;
    }
    return 1;
}

static void mark_used(pctx_t *p, jl_value_t *x, size_t n)
{
    if (x == NULL)
        return;
    if (jl_is_ssavalue(x)) {
        intptr_t id = ((jl_ssavalue_t *)x)->id;
        if (id >= 1 && (size_t)id <= n)
            p->used[id - 1] = 1;
    }
    else if (jl_is_expr(x)) {
        for (size_t i = 0; i < jl_expr_nargs(x); i++)
            mark_used(p, jl_exprarg(x, i), n);
    }
    else if (jl_is_gotoifnot(x))
        mark_used(p, ((jl_gotoifnot_t *)x)->cond, n);
    else if (jl_is_returnnode(x))
        mark_used(p, ((jl_returnnode_t *)x)->val, n);
    else if (jl_typeof(x) == (jl_value_t *)jl_phinode_type) {
        jl_array_t *vs = ((jl_phinode_t *)x)->values;
        for (size_t i = 0; i < jl_array_len(vs); i++)
            mark_used(p, jl_array_ptr_ref(vs, i), n);
    }
}

/* basic blocks as Julia's compute_basic_blocks: starts[i] when statement i begins a block; npreds
   per block (1-based) for the `─` / `┄` (several predecessors) marker */
static void compute_blocks(pctx_t *p, size_t n, uint8_t *start, int32_t *npreds)
{
    memset(start, 0, n + 1);
    start[0] = 1;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *s = jl_array_ptr_ref(p->ci->code, i);
        if (jl_is_gotonode(s))
            start[((jl_gotonode_t *)s)->label - 1] = 1;
        else if (jl_is_gotoifnot(s))
            start[((jl_gotoifnot_t *)s)->dest - 1] = 1;
        else if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_enter)
            start[jl_unbox_int64(jl_exprarg(s, 0)) - 1] = 1;
        if (jl_is_gotonode(s) || jl_is_gotoifnot(s) || jl_is_returnnode(s) ||
            (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_enter))
            start[i + 1] = 1;
    }
    int32_t bb = 0;
    for (size_t i = 0; i < n; i++) {
        if (start[i])
            bb++;
        p->stmt_bb[i] = bb;
    }
    memset(npreds, 0, (size_t)(bb + 2) * sizeof(int32_t));
    for (size_t i = 0; i < n; i++) {
        if (i + 1 < n && start[i + 1]) {
            jl_value_t *s = jl_array_ptr_ref(p->ci->code, i);
            if (!jl_is_gotonode(s) && !jl_is_returnnode(s))
                npreds[p->stmt_bb[i + 1]]++;   /* falls through */
        }
        jl_value_t *s = jl_array_ptr_ref(p->ci->code, i);
        if (jl_is_gotonode(s))
            npreds[p->stmt_bb[((jl_gotonode_t *)s)->label - 1]]++;
        else if (jl_is_gotoifnot(s))
            npreds[p->stmt_bb[((jl_gotoifnot_t *)s)->dest - 1]]++;
        else if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_enter)
            npreds[p->stmt_bb[jl_unbox_int64(jl_exprarg(s, 0)) - 1]]++;
    }
}

static int ndigits(long v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        d++;
    }
    return d;
}

static void put_repeat(sbuf_t *b, const char *s, int n)
{
    for (int k = 0; k < n; k++)
        put(b, s);
}

/* Julia's show_ir for a CodeInfo: the basic-block gutter (`1 ─`, `│`, `└──`), `%i = ` for values used
   later (padded to the widest used id), `::T` after values of typed code */
static void put_body(sbuf_t *b, pctx_t *p)
{
    size_t n = jl_array_len(p->ci->code);
    uint8_t start[n + 2], used[n + 1];
    int32_t bbs[n + 1], npreds[n + 2];
    p->stmt_bb = bbs;
    p->used = used;
    memset(used, 0, n + 1);
    for (size_t i = 0; i < n; i++)
        mark_used(p, jl_array_ptr_ref(p->ci->code, i), n);
    compute_blocks(p, n, start, npreds);
    size_t maxused = 0;
    for (size_t i = 0; i < n; i++)
        if (used[i])
            maxused = i + 1;
    int idw = maxused ? ndigits((long)maxused) : 0;
    int bbw = ndigits(n ? bbs[n - 1] : 1);
    for (size_t i = 0; i < n; i++) {
        jl_value_t *s = jl_array_ptr_ref(p->ci->code, i);
        int last = i + 1 == n || start[i + 1];
        if (start[i]) {
            char t[32];
            snprintf(t, sizeof t, "%d ", (int)bbs[i]);
            put(b, t);
            put(b, npreds[bbs[i]] <= 1 ? "─" : "┄");
            put_repeat(b, "─", bbw - ndigits(bbs[i]));
        }
        else if (last) {
            put(b, "└");
            put_repeat(b, "─", 1 + bbw);
        }
        else {
            put(b, "│ ");
            put_repeat(b, " ", bbw);
        }
        put(b, " ");
        if (used[i]) {
            char id[32];
            snprintf(id, sizeof id, "%%%zu", i + 1);
            put(b, id);
            put_repeat(b, " ", idw - (int)strlen(id + 1) + 1);
            put(b, "= ");
        }
        else
            put_repeat(b, " ", idw + 4);
        /* before `::T` a value is parenthesized; code_warntype shows types of used values only */
        int annotate = p->typed && shows_type(s);
        int show_type = annotate && (used[i] || !p->warn);
        if (jl_is_gotonode(s)) {
            put(b, "goto #");
            putl(b, bbs[((jl_gotonode_t *)s)->label - 1]);
        }
        else if (jl_is_gotoifnot(s)) {
            put(b, "goto #");
            putl(b, bbs[((jl_gotoifnot_t *)s)->dest - 1]);
            put(b, " if not ");
            put_operand(b, p, ((jl_gotoifnot_t *)s)->cond);
        }
        else if (jl_is_returnnode(s)) {
            jl_value_t *v = ((jl_returnnode_t *)s)->val;
            if (v) {
                put(b, "return ");
                put_operand(b, p, v);
            }
            else
                put(b, "unreachable");
        }
        else if (jl_is_newvarnode(s)) {
            put(b, "$(NewvarNode(");
            put_operand(b, p, ((jl_newvarnode_t *)s)->slot);
            put(b, "))");
        }
        else {
            put_rhs(b, p, s, annotate);
            if (show_type)
                put_annot(b, p, ssa_type(p, i + 1));
        }
        put(b, "\n");
    }
}

static void init_pctx(pctx_t *p, jl_code_info_t *ci, jl_method_instance_t *mi, int warn, int color)
{
    memset(p, 0, sizeof(*p));
    p->ci = ci;
    p->mi = mi;
    p->warn = warn;
    p->color = color;
    p->typed = jl_is_array(ci->ssavaluetypes);
}

/* show(io, ::CodeInfo): "CodeInfo(\n<body>)" for lowered or typed code */
JL_DLLEXPORT char *jl_code_info_display_str(jl_code_info_t *ci)
{
    sbuf_t b = {0, 0, 0};
    pctx_t p;
    init_pctx(&p, ci, jl_is_method_instance(ci->parent) ? (jl_method_instance_t *)ci->parent : NULL, 0, 0);
    put(&b, "CodeInfo(\n");
    put_body(&b, &p);
    put(&b, ")");
    return b.s;
}

JL_DLLEXPORT char *jl_typed_code_info_str(jl_code_info_t *ci, jl_method_instance_t *mi, jl_value_t *rt)
{
    sbuf_t b = {0, 0, 0};
    pctx_t p;
    init_pctx(&p, ci, mi, 0, 0);
    put(&b, "CodeInfo(\n");
    put_body(&b, &p);
    put(&b, ") => ");
    put_type(&b, jl_widenconst(rt));
    return b.s;
}

JL_DLLEXPORT char *jl_code_typed_str(jl_value_t *f, jl_value_t *argtypes, int optimize)
{
    jl_method_instance_t *mi = jl_infer_lookup_mi(f, argtypes);
    if (mi == NULL)
        return NULL;
    jl_value_t *rt = NULL;
    jl_code_info_t *ci = jl_infer_code_typed(mi, optimize, &rt);
    if (ci == NULL)
        return NULL;
    return jl_typed_code_info_str(ci, mi, rt);
}

/* code_typed for Julia: svec(CodeInfo, rettype) of f(::argtypes...), or nothing when there is no
   unique method or it cannot be inferred */
JL_DLLEXPORT jl_value_t *jl_code_typed_pair(jl_value_t *f, jl_value_t *argtypes, int8_t optimize)
{
    jl_method_instance_t *mi = jl_infer_lookup_mi(f, argtypes);
    if (mi == NULL)
        return jl_nothing;
    jl_value_t *rt = NULL;
    jl_code_info_t *ci = jl_infer_code_typed(mi, optimize, &rt);
    if (ci == NULL)
        return jl_nothing;
    ci->parent = (jl_value_t *)mi;
    return (jl_value_t *)jl_svec2(ci, jl_widenconst(rt));
}

static void put_sig_args(sbuf_t *b, jl_method_instance_t *mi)
{
    jl_datatype_t *tt = (jl_datatype_t *)jl_unwrap_unionall(mi->specTypes);
    for (size_t i = 1; i < jl_svec_len(tt->parameters); i++) {
        if (i > 1)
            put(b, ", ");
        put(b, "::");
        put_type(b, jl_svecref(tt->parameters, i));
    }
}

JL_DLLEXPORT char *jl_code_warntype_str(jl_value_t *f, jl_value_t *argtypes, int color)
{
    jl_method_instance_t *mi = jl_infer_lookup_mi(f, argtypes);
    if (mi == NULL)
        return NULL;
    jl_value_t *rt = NULL;
    jl_code_info_t *ci = jl_infer_code_typed(mi, 0, &rt);
    if (ci == NULL)
        return NULL;
    jl_method_t *m = (jl_method_t *)mi->def;
    sbuf_t b = {0, 0, 0};
    pctx_t p;
    init_pctx(&p, ci, mi, 1, color);
    char sig[512];
    put(&b, "MethodInstance for ");
    put(&b, jl_symbol_name(m->name));
    put(&b, "(");
    put_sig_args(&b, mi);
    put(&b, ")\n  from ");
    jl_show_method_sig(sig, sizeof sig, m);
    put(&b, sig);
    put(&b, " @ ");
    put_module_path(&b, m->module);
    put(&b, " ");
    put(&b, m->file ? jl_symbol_name(m->file) : "none");
    put(&b, ":");
    putl(&b, m->line);
    put(&b, "\n");
    if (m->nargs > 0)
        put(&b, "Arguments\n");
    jl_array_t *st = (jl_array_t *)ci->slottypes;
    for (size_t i = 0; i < jl_array_len(ci->slotnames); i++) {
        if (i == (size_t)m->nargs)
            put(&b, "Locals\n");
        put(&b, "  ");
        put_slot(&b, &p, (intptr_t)i + 1);
        jl_value_t *t = jl_array_ptr_ref(st, i);
        if (i == 0 && jl_is_datatype(t) && ((jl_datatype_t *)t)->instance)
            t = jl_infer_const(((jl_datatype_t *)t)->instance);
        put_annot(&b, &p, t);
        put(&b, "\n");
    }
    put(&b, "Body");
    put_annot(&b, &p, jl_widenconst(rt));
    put(&b, "\n");
    put_body(&b, &p);
    return b.s;
}
