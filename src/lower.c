/*
 * lower.c -- lowering's entry point jl_lower and the helpers its passes share (lower.h).
 * A lowering run owns one lower_ctx_t; syntax errors longjmp to jl_lower, which returns Expr(:error).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "lower.h"

lower_syms_t lsym;
static int syms_ready;
static int closure_counter;

static void init_syms(void)
{
    if (syms_ready)
        return;
    lsym.scope_block = jl_symbol("scope-block");
    lsym.local_def = jl_symbol("local-def");
    lsym.break_block = jl_symbol("break-block");
    lsym.lwhile = jl_symbol("_while");
    lsym.ldowhile = jl_symbol("_do_while");
    lsym.trycatch = jl_symbol("trycatch");
    lsym.tryfinally = jl_symbol("tryfinally");
    lsym.decl = jl_symbol("decl");
    lsym.lv = jl_symbol("#lv");
    lsym.null = jl_symbol("null");
    lsym.lambda = jl_symbol("lambda");
    lsym.list = jl_symbol("#list");
    lsym.outerref = jl_symbol("outerref");
    lsym.symbolicgoto = jl_symbol("symbolicgoto");
    lsym.symboliclabel = jl_symbol("symboliclabel");
    lsym.newvar = jl_symbol("newvar");
    lsym.method = jl_symbol("method");
    lsym.leave = jl_symbol("leave");
    lsym.pop_exception = jl_symbol("pop_exception");
    lsym.gotoifnot = jl_symbol("gotoifnot");
    lsym.goto_ = jl_symbol("goto");
    lsym.label = jl_symbol("label");
    lsym.underscore = jl_symbol("_");
    lsym.self = jl_symbol("#self#");
    lsym.ctor_self = jl_symbol("#ctor-self#");
    lsym.nothing = jl_symbol("nothing");
    lsym.dots = jl_symbol("...");
    lsym.lreturn = jl_symbol("return");
    lsym.hardscope = jl_symbol("hardscope");
    lsym.softscope = jl_symbol("softscope");
    lsym.sparam = jl_symbol("static_parameter");
    lsym.assign = jl_symbol("=");
    lsym.tuple = jl_symbol("tuple");
    lsym.curly = jl_symbol("curly");
    lsym.where_ = jl_symbol("where");
    lsym.dcolon = jl_symbol("::");
    lsym.kwcall_sentinel = jl_symbol("#kwcall");
    lsym.unused = jl_symbol("#unused#");
    syms_ready = 1;
}

void lower_error(lower_ctx_t *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->errmsg, sizeof(ctx->errmsg), fmt, ap);
    va_end(ap);
    longjmp(ctx->on_error, 1);
}

void lower_warn(lower_ctx_t *ctx, const char *msg)
{
    if (!ctx->warnings)
        ctx->warnings = (jl_value_t *)jl_alloc_vec_any(0);
    jl_array_ptr_1d_push((jl_array_t *)ctx->warnings, jl_cstr_to_string(msg));
}

jl_value_t *lower_exprv(jl_sym_t *head, jl_value_t **args, size_t n)
{
    jl_expr_t *e = jl_exprn(head, n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(e, i, args[i]);
    return (jl_value_t *)e;
}

jl_value_t *lower_expr(jl_sym_t *head, size_t n, ...)
{
    jl_expr_t *e = jl_exprn(head, n);
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(e, i, va_arg(ap, jl_value_t *));
    va_end(ap);
    return (jl_value_t *)e;
}

jl_value_t *lower_push(jl_value_t *ex, jl_value_t *arg)
{
    jl_array_ptr_1d_push(((jl_expr_t *)ex)->args, arg);
    return ex;
}

int lower_is(jl_value_t *v, jl_sym_t *head)
{
    return v && jl_is_expr(v) && ((jl_expr_t *)v)->head == head;
}

jl_value_t *lower_arg(jl_value_t *ex, size_t i) { return jl_exprarg(ex, i); }
size_t lower_nargs(jl_value_t *ex) { return jl_expr_nargs(ex); }

jl_value_t *lower_ssa(lower_ctx_t *ctx)
{
    jl_value_t *v = jl_new_struct_uninit(jl_ssavalue_type);
    ((jl_ssavalue_t *)v)->id = ++ctx->ssa_counter;
    return v;
}

jl_sym_t *lower_gensym(lower_ctx_t *ctx, const char *base)
{
    char buf[128];
    snprintf(buf, sizeof(buf), "#%s#%d", base, ++ctx->gensym_counter);
    return jl_symbol(buf);
}

int lower_closure_counter(void) { return ++closure_counter; }
/* saved and restored by system images: closure type names made later must not repeat the image's */
JL_DLLEXPORT int *jl_closure_counter_slot(void) { return &closure_counter; }

jl_value_t *lower_globalref(jl_module_t *m, jl_sym_t *s)
{
    jl_value_t *g = jl_new_struct_uninit(jl_globalref_type);
    ((jl_globalref_t *)g)->mod = m;
    ((jl_globalref_t *)g)->name = s;
    ((jl_globalref_t *)g)->binding = jl_nothing;
    return g;
}

/* Base relative to the module: the nearest enclosing top module (Base itself while bootstrapping) */
static jl_module_t *top_module(jl_module_t *m)
{
    for (jl_module_t *p = m; p; p = (p->parent == p ? NULL : p->parent))
        if (p->istopmod)
            return p;
    return jl_base_module ? jl_base_module : jl_core_module;
}

jl_value_t *lower_top(lower_ctx_t *ctx, const char *name)
{
    return lower_globalref(top_module(ctx->mod), jl_symbol(name));
}

jl_value_t *lower_core(const char *name) { return lower_globalref(jl_core_module, jl_symbol(name)); }

jl_value_t *lower_call(jl_value_t *f, size_t n, ...)
{
    jl_expr_t *e = jl_exprn(jl_s_call, n + 1);
    jl_exprargset(e, 0, f);
    va_list ap;
    va_start(ap, n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(e, i + 1, va_arg(ap, jl_value_t *));
    va_end(ap);
    return (jl_value_t *)e;
}

/* Core._typevar(:name, lb, ub) with Julia's defaults Union{} and Any */
jl_value_t *lower_typevar(jl_value_t *qname, jl_value_t *lb, jl_value_t *ub)
{
    return lower_call(lower_core("_typevar"), 3, qname, lb ? lb : jl_bottom_type, ub ? ub : lower_core("Any"));
}

jl_value_t *lower_quote(jl_value_t *v) { return jl_new_quotenode(v); }
jl_value_t *lower_box_int(int64_t i) { return jl_box_int64(i); }
jl_array_t *lower_vec(void) { return jl_alloc_vec_any(0); }

/* forms evaluated by the top level itself, never lowered */
static int passthrough_head(jl_sym_t *h)
{
    return h == jl_s_module || h == jl_s_toplevel || h == jl_s_using || h == jl_s_import ||
           h == jl_s_export || h == jl_symbol("public") || h == jl_s_error || h == jl_s_incomplete;
}

static jl_value_t *lower_checked(lower_ctx_t *ctx, jl_value_t *expr)
{
    jl_value_t *body = lower_expand(ctx, expr);
    int top = lower_resolve(ctx, body);
    jl_code_info_t *ci = lower_linearize(ctx, top);
    return lower_expr(jl_s_thunk, 1, (jl_value_t *)ci);
}

static jl_value_t *lower_in(jl_value_t *expr, jl_module_t *m, const char *file, int line, int interactive,
                            jl_value_t **warnings)
{
    init_syms();
    if (jl_is_symbol(expr) || jl_is_globalref(expr))
        return expr;
    if (jl_is_linenode(expr))
        return jl_nothing;
    if (jl_is_quotenode(expr))
        return ((jl_quotenode_t *)expr)->value;
    if (!jl_is_expr(expr))
        return expr;
    if (passthrough_head(((jl_expr_t *)expr)->head))
        return expr;
    lower_ctx_t *ctx = (lower_ctx_t *)jl_gc_alloc_buf(sizeof(lower_ctx_t));
    memset(ctx, 0, sizeof(*ctx));
    ctx->mod = m;
    ctx->file = jl_symbol(file ? file : "none");
    ctx->line = line;
    ctx->interactive = interactive;
    ctx->prelude = lower_vec();
    ctx->postlude = lower_vec();
    jl_value_t *volatile result = NULL;
    jl_value_t *volatile ex = expr; /* read after setjmp: keep it out of registers */
    if (setjmp(ctx->on_error) == 0)
        result = lower_checked(ctx, ex);
    else
        result = lower_expr(jl_s_error, 1, jl_cstr_to_string(ctx->errmsg));
    if (warnings)
        *warnings = ctx->warnings;
    return result;
}

JL_DLLEXPORT jl_value_t *jl_lower(jl_value_t *expr, jl_module_t *inmodule, const char *file, int line)
{
    jl_value_t *warnings = NULL;
    jl_value_t *r = lower_in(expr, inmodule, file, line, 0, &warnings);
    if (warnings) {
        for (size_t i = 0; i < jl_array_len(warnings); i++)
            fprintf(stderr, "\u250c Warning: %s\n\u2514 @ %s:%d\n",
                    jl_string_data(jl_array_ptr_ref(warnings, i)), file ? file : "none", line);
    }
    return r;
}

JL_DLLEXPORT jl_value_t *jl_lower_with_warnings(jl_value_t *expr, jl_module_t *inmodule, const char *file,
                                                int line, int interactive, jl_value_t **warnings)
{
    return lower_in(expr, inmodule, file, line, interactive, warnings);
}

/* ---------------------------------------------------------------- @generated bodies */

/* the name of slot i (0-based) of m, from its NUL-separated slot_syms */
static jl_sym_t *method_slot_name(jl_method_t *m, int i)
{
    if (!jl_is_string(m->slot_syms))
        return NULL;
    const char *p = jl_string_data(m->slot_syms), *end = p + jl_string_len(m->slot_syms);
    for (int k = 0; p < end; k++) {
        if (k == i)
            return jl_symbol(p);
        p += strlen(p) + 1;
    }
    return NULL;
}

/* The code a generator returned (`ex`), as the body of one specialization of method m: lowered as
   `function name(args...) ex end` in m's module, so its slots are m's arguments; the static
   parameters are locals holding their values. Throws ErrorException on a syntax error. */
JL_DLLEXPORT jl_code_info_t *jl_lower_generated(jl_method_t *m, jl_value_t *ex, jl_svec_t *sparam_vals)
{
    if (jl_is_code_info(ex))
        return (jl_code_info_t *)ex;
    jl_value_t *call = lower_expr(jl_s_call, 1, m->name);
    for (int i = 1; i < m->nargs; i++) {
        jl_sym_t *a = method_slot_name(m, i);
        if (a == NULL || jl_symbol_name(a)[0] == '#' || strcmp(jl_symbol_name(a), "_") == 0) {
            char buf[32];
            snprintf(buf, sizeof buf, "#arg%d#", i);
            a = jl_symbol(buf);
        }
        lower_push(call, i == m->nargs - 1 && m->isva ? lower_expr(lsym.dots, 1, a) : (jl_value_t *)a);
    }
    jl_value_t *body = lower_expr(jl_s_block, 0);
    lower_push(body, jl_new_linenumbernode(m->line, (jl_value_t *)m->file));
    jl_value_t *sig = m->sig;
    for (size_t i = 0; jl_is_unionall(sig) && i < jl_svec_len(sparam_vals); i++) {
        jl_value_t *q = jl_new_struct_uninit(jl_quotenode_type);
        ((jl_quotenode_t *)q)->value = jl_svecref(sparam_vals, i);
        lower_push(body, lower_expr(jl_s_local, 1, lower_expr(jl_s_assign, 2, ((jl_unionall_t *)sig)->var->name, q)));
        sig = ((jl_unionall_t *)sig)->body;
    }
    lower_push(body, ex);
    jl_value_t *fdef = lower_expr(jl_s_function, 2, call, body);
    jl_value_t *th = lower_in(fdef, m->module, jl_symbol_name(m->file), m->line, 0, NULL);
    if (jl_is_expr(th) && ((jl_expr_t *)th)->head == jl_s_error)
        jl_errorf("syntax: %s", jl_is_string(jl_exprarg(th, 0)) ? jl_string_data(jl_exprarg(th, 0)) : "in generated code");
    jl_code_info_t *top = jl_is_expr(th) && jl_expr_nargs(th) == 1 ? (jl_code_info_t *)jl_exprarg(th, 0) : NULL;
    for (size_t i = 0; top && jl_is_code_info(top) && i < jl_array_len(top->code); i++) {
        jl_value_t *st = jl_array_ptr_ref(top->code, i);
        if (jl_is_expr(st) && ((jl_expr_t *)st)->head == jl_s_method && jl_expr_nargs(st) == 3 &&
            jl_is_code_info(jl_exprarg(st, 2)))
            return (jl_code_info_t *)jl_exprarg(st, 2);
    }
    jl_error("generated function body lowered to no method body (closures are not supported in generated code)");
}
