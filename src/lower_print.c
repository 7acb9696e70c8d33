/*
 * lower_print.c -- text form of lowered code, close to Julia's code_lowered display without the
 * basic-block gutter: one statement per line, "%i = " before statements whose value is used, slots by
 * name (`@_n` for compiler temporaries and repeated names), GlobalRefs as `Mod.name`, nested method
 * bodies as indented CodeInfo(...). Used by the tests and by reflection.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lower.h"
#include "parser.h"

typedef struct {
    char *s;
    size_t n, cap;
} buf_t;

static void put(buf_t *b, const char *s)
{
    size_t k = strlen(s);
    if (b->n + k + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 256;
        while (nc < b->n + k + 1)
            nc *= 2;
        b->s = (char *)realloc(b->s, nc);
        b->cap = nc;
    }
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

static void putf(buf_t *b, const char *fmt, long v)
{
    char tmp[64];
    snprintf(tmp, sizeof(tmp), fmt, v);
    put(b, tmp);
}

static void indent(buf_t *b, int n)
{
    for (int i = 0; i < n; i++)
        put(b, " ");
}

static void show_ci(buf_t *b, jl_code_info_t *ci, int ind);

static void show_slot(buf_t *b, jl_code_info_t *ci, intptr_t id)
{
    if (!ci || id < 1 || (size_t)id > jl_array_len(ci->slotnames)) {
        putf(b, "_%ld", (long)id);
        return;
    }
    jl_sym_t *name = (jl_sym_t *)jl_array_ptr_ref(ci->slotnames, id - 1);
    const char *n = jl_symbol_name(name);
    int special = strcmp(n, "#self#") == 0 || strcmp(n, "#ctor-self#") == 0;
    int dup = 0;
    for (size_t i = 0; i < jl_array_len(ci->slotnames); i++)
        if ((intptr_t)i != id - 1 && jl_array_ptr_ref(ci->slotnames, i) == (jl_value_t *)name)
            dup = 1;
    if (!special && strchr(n, '#'))
        putf(b, "@_%ld", (long)id);
    else {
        put(b, n);
        if (dup)
            putf(b, "@_%ld", (long)id);
    }
}

static void show_val(buf_t *b, jl_value_t *v, jl_code_info_t *ci, int ind)
{
    if (v == NULL) {
        put(b, "#undef");
        return;
    }
    if (jl_is_ssavalue(v)) {
        putf(b, "%%%ld", (long)((jl_ssavalue_t *)v)->id);
        return;
    }
    if (jl_is_slotnumber(v)) {
        show_slot(b, ci, ((jl_slotnumber_t *)v)->id);
        return;
    }
    if (jl_is_globalref(v)) {
        jl_globalref_t *g = (jl_globalref_t *)v;
        put(b, jl_symbol_name(g->mod->name));
        put(b, ".");
        put(b, jl_symbol_name(g->name));
        return;
    }
    if (jl_is_quotenode(v)) {
        jl_value_t *q = ((jl_quotenode_t *)v)->value;
        if (jl_is_symbol(q)) {
            put(b, ":");
            put(b, jl_symbol_name((jl_sym_t *)q));
            return;
        }
        put(b, "$(QuoteNode(");
        show_val(b, q, ci, ind);
        put(b, "))");
        return;
    }
    if (jl_is_code_info(v)) {
        show_ci(b, (jl_code_info_t *)v, ind + 4);
        return;
    }
    if (jl_is_module(v)) {
        put(b, jl_symbol_name(((jl_module_t *)v)->name));
        return;
    }
    if (jl_is_svec(v)) {
        put(b, "svec(");
        for (size_t i = 0; i < jl_svec_len(v); i++) {
            if (i)
                put(b, ", ");
            show_val(b, jl_svecref(v, i), ci, ind);
        }
        put(b, ")");
        return;
    }
    if (v == jl_bottom_type) {
        put(b, "Union{}");
        return;
    }
    if (jl_is_datatype(v)) {
        put(b, jl_symbol_name(((jl_datatype_t *)v)->name->name));
        return;
    }
    if (jl_is_expr(v)) {
        jl_sym_t *h = ((jl_expr_t *)v)->head;
        size_t n = jl_expr_nargs(v);
        if (h == jl_s_call || h == jl_s_new) {
            if (h == jl_s_new)
                put(b, "%new");
            else
                show_val(b, jl_exprarg(v, 0), ci, ind);
            put(b, "(");
            for (size_t i = h == jl_s_new ? 0 : 1; i < n; i++) {
                if (i > (h == jl_s_new ? 0u : 1u))
                    put(b, ", ");
                show_val(b, jl_exprarg(v, i), ci, ind);
            }
            put(b, ")");
            return;
        }
        if (h == jl_s_assign) {
            show_val(b, jl_exprarg(v, 0), ci, ind);
            put(b, " = ");
            show_val(b, jl_exprarg(v, 1), ci, ind);
            return;
        }
        put(b, "$(Expr(:");
        put(b, jl_symbol_name(h));
        for (size_t i = 0; i < n; i++) {
            put(b, ", ");
            jl_value_t *a = jl_exprarg(v, i);
            if (jl_is_symbol(a)) {
                put(b, ":");
                put(b, jl_symbol_name((jl_sym_t *)a));
            }
            else
                show_val(b, a, ci, ind);
        }
        put(b, "))");
        return;
    }
    if (jl_is_linenode(v)) {
        jl_linenumbernode_t *ln = (jl_linenumbernode_t *)v;
        put(b, "#= ");
        put(b, jl_is_symbol(ln->file) ? jl_symbol_name((jl_sym_t *)ln->file) : "none");
        putf(b, ":%ld =#", (long)ln->line);
        return;
    }
    char *s = jl_sexpr_show(v, 1);
    put(b, s);
    free(s);
}

static int ssa_used(jl_value_t *v, intptr_t id)
{
    if (jl_is_ssavalue(v))
        return ((jl_ssavalue_t *)v)->id == id;
    if (jl_is_gotoifnot(v))
        return ssa_used(((jl_gotoifnot_t *)v)->cond, id);
    if (jl_is_returnnode(v))
        return ((jl_returnnode_t *)v)->val && ssa_used(((jl_returnnode_t *)v)->val, id);
    if (jl_is_expr(v))
        for (size_t i = 0; i < jl_expr_nargs(v); i++)
            if (ssa_used(jl_exprarg(v, i), id))
                return 1;
    return 0;
}

static void show_stmt(buf_t *b, jl_value_t *s, jl_code_info_t *ci, int ind)
{
    if (jl_is_gotonode(s)) {
        putf(b, "goto %%%ld", (long)((jl_gotonode_t *)s)->label);
        return;
    }
    if (jl_is_gotoifnot(s)) {
        putf(b, "goto %%%ld if not ", (long)((jl_gotoifnot_t *)s)->dest);
        show_val(b, ((jl_gotoifnot_t *)s)->cond, ci, ind);
        return;
    }
    if (jl_is_returnnode(s)) {
        jl_value_t *v = ((jl_returnnode_t *)s)->val;
        if (!v) {
            put(b, "unreachable");
            return;
        }
        put(b, "return ");
        show_val(b, v, ci, ind);
        return;
    }
    if (jl_is_newvarnode(s)) {
        put(b, "NewvarNode(");
        show_val(b, ((jl_newvarnode_t *)s)->slot, ci, ind);
        put(b, ")");
        return;
    }
    show_val(b, s, ci, ind);
}

static void show_ci(buf_t *b, jl_code_info_t *ci, int ind)
{
    put(b, "CodeInfo(\n");
    size_t n = jl_array_len(ci->code);
    for (size_t i = 0; i < n; i++) {
        jl_value_t *s = jl_array_ptr_ref(ci->code, i);
        int used = 0;
        for (size_t k = 0; k < n && !used; k++)
            used = ssa_used(jl_array_ptr_ref(ci->code, k), (intptr_t)i + 1);
        indent(b, ind + 2);
        if (used)
            putf(b, "%%%ld = ", (long)i + 1);
        show_stmt(b, s, ci, ind);
        put(b, "\n");
    }
    indent(b, ind);
    put(b, ")");
}

JL_DLLEXPORT char *jl_code_info_str(jl_code_info_t *ci)
{
    buf_t b = {0, 0, 0};
    show_ci(&b, ci, 0);
    return b.s;
}

JL_DLLEXPORT char *jl_lowered_str(jl_value_t *v)
{
    buf_t b = {0, 0, 0};
    if (jl_is_expr(v) && ((jl_expr_t *)v)->head == jl_s_thunk)
        show_ci(&b, (jl_code_info_t *)jl_exprarg(v, 0), 0);
    else if (jl_is_expr(v) && ((jl_expr_t *)v)->head == jl_s_error) {
        put(&b, "error: ");
        put(&b, jl_string_data(jl_exprarg(v, 0)));
    }
    else
        show_val(&b, v, NULL, 0);
    if (!b.s)
        put(&b, "");
    return b.s;
}
