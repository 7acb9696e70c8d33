/*
 * macroexpand.c -- macro expansion and hygiene, following Julia 1.10 (ast.c's jl_expand_macros and
 * macroexpand.scm). Two passes:
 *   1. expand_macros: `quote` bodies become Core._expr calls (backquote expansion); each
 *      `Expr(:macrocall, name, lno, args...)` calls the function `@name` with (__source__, __module__,
 *      args...) and its result is wrapped in `Expr(:hygienic-scope, result, macromodule, lno)` unless the
 *      macro returned `esc(...)` or something that needs no scope.
 *   2. the hygiene pass (jl_expand_macroscope): inside each hygienic scope, names the macro's output
 *      binds as locals (assigned, `local`, arguments, `for`/`let` variables...) become fresh `#N#name`
 *      symbols, other names become GlobalRef(macromodule, name); code under `esc` is resolved in the
 *      enclosing scope (the caller's). `@label`/`@goto` labels are renamed per scope.
 * Invariant: the input tree is never modified; both passes work on a copy (jl_copy_ast).
 */
#include <stdio.h>
#include <string.h>
#include "toplevel.h"

#pragma weak jl_apply
#pragma weak jl_lower

static jl_sym_t *s_hygienic_scope, *s_escape, *s_inert, *s_copyast, *s_quote, *s_dollar, *s_dots,
    *s_line, *s_macrocall, *s_do, *s_symboliclabel, *s_symbolicgoto, *s_where, *s_dcolon, *s_curly,
    *s_call, *s_tuple, *s_function, *s_arrow, *s_assign, *s_kw, *s_parameters, *s_let, *s_block,
    *s_struct, *s_abstract, *s_primitive, *s_try, *s_macro, *s_global, *s_local, *s_new, *s_meta,
    *s_nospecialize, *s_specialize, *s_subtype, *s_supertype, *s_comparison, *s_lambda, *s_module,
    *s_toplevel, *s_end, *s_ccall, *s_cglobal, *s_expr_fn, *s_quotenode_fn, *s_lnn_fn, *s_error;

static void init_syms(void)
{
    if (s_hygienic_scope)
        return;
    s_escape = jl_symbol("escape"); s_inert = jl_symbol("inert"); s_copyast = jl_symbol("copyast");
    s_quote = jl_symbol("quote"); s_dollar = jl_symbol("$"); s_dots = jl_symbol("...");
    s_line = jl_symbol("line"); s_macrocall = jl_symbol("macrocall"); s_do = jl_symbol("do");
    s_symboliclabel = jl_symbol("symboliclabel"); s_symbolicgoto = jl_symbol("symbolicgoto");
    s_where = jl_symbol("where"); s_dcolon = jl_symbol("::"); s_curly = jl_symbol("curly");
    s_call = jl_symbol("call"); s_tuple = jl_symbol("tuple"); s_function = jl_symbol("function");
    s_arrow = jl_symbol("->"); s_assign = jl_symbol("="); s_kw = jl_symbol("kw");
    s_parameters = jl_symbol("parameters"); s_let = jl_symbol("let"); s_block = jl_symbol("block");
    s_struct = jl_symbol("struct"); s_abstract = jl_symbol("abstract");
    s_primitive = jl_symbol("primitive"); s_try = jl_symbol("try"); s_macro = jl_symbol("macro");
    s_global = jl_symbol("global"); s_local = jl_symbol("local"); s_new = jl_symbol("new");
    s_meta = jl_symbol("meta"); s_nospecialize = jl_symbol("nospecialize");
    s_specialize = jl_symbol("specialize"); s_subtype = jl_symbol("<:"); s_supertype = jl_symbol(">:");
    s_comparison = jl_symbol("comparison"); s_lambda = jl_symbol("lambda");
    s_module = jl_symbol("module"); s_toplevel = jl_symbol("toplevel"); s_end = jl_symbol("end");
    s_ccall = jl_symbol("ccall"); s_cglobal = jl_symbol("cglobal"); s_expr_fn = jl_symbol("_expr");
    s_quotenode_fn = jl_symbol("QuoteNode"); s_lnn_fn = jl_symbol("LineNumberNode");
    s_error = jl_symbol("error");
    s_hygienic_scope = jl_symbol("hygienic-scope");
}

/* ---------------------------------------------------------------- small tree helpers */

static int isexpr(jl_value_t *v, jl_sym_t *head)
{
    return v != NULL && jl_is_expr(v) && ((jl_expr_t *)v)->head == head;
}

static size_t nargs(jl_value_t *e)
{
    return jl_expr_nargs(e);
}

static jl_value_t *arg(jl_value_t *e, size_t i)
{
    return jl_exprarg(e, i);
}

static jl_sym_t *head(jl_value_t *e)
{
    return ((jl_expr_t *)e)->head;
}

static jl_value_t *mkexpr(jl_sym_t *h, size_t n)
{
    return (jl_value_t *)jl_exprn(h, n);
}

static jl_value_t *expr1(jl_sym_t *h, jl_value_t *a)
{
    jl_value_t *e = mkexpr(h, 1);
    jl_exprargset(e, 0, a);
    return e;
}

static jl_value_t *expr2(jl_sym_t *h, jl_value_t *a, jl_value_t *b)
{
    jl_value_t *e = mkexpr(h, 2);
    jl_exprargset(e, 0, a);
    jl_exprargset(e, 1, b);
    return e;
}

static jl_value_t *core_ref(jl_sym_t *name)
{
    return jl_new_struct(jl_globalref_type, jl_core_module, name, NULL);
}

static jl_value_t *unescape(jl_value_t *e)
{
    return isexpr(e, s_escape) && nargs(e) >= 1 ? arg(e, 0) : e;
}

static void push(jl_array_t *list, jl_value_t *v)
{
    jl_array_ptr_1d_push(list, v);
}

static int list_has(jl_array_t *list, jl_value_t *v)
{
    for (size_t i = 0; i < jl_array_len(list); i++)
        if (jl_array_ptr_ref(list, i) == v)
            return 1;
    return 0;
}

JL_DLLEXPORT jl_value_t *jl_copy_ast(jl_value_t *expr)
{
    if (expr == NULL || !jl_is_expr(expr))
        return expr;
    size_t n = nargs(expr);
    jl_value_t *e = mkexpr(head(expr), n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(e, i, jl_copy_ast(arg(expr, i)));
    return e;
}

/* ---------------------------------------------------------------- backquote expansion */

/* A `$` form with several arguments at depth 0 expands to a list spliced into the enclosing call. */
typedef struct { jl_value_t *v; int splat; } bq_t;

static int contains_dollar(jl_value_t *x)
{
    if (jl_is_quotenode(x))
        return contains_dollar(((jl_quotenode_t *)x)->value);
    if (!jl_is_expr(x))
        return 0;
    if (head(x) == s_dollar)
        return 1;
    for (size_t i = 0; i < nargs(x); i++)
        if (contains_dollar(arg(x, i)))
            return 1;
    return 0;
}

static bq_t bq_expand(jl_value_t *x, int d);

/* arguments of a Core._expr call: expansions of each element, splices flattened */
static jl_value_t *bq_call(jl_value_t *callee, jl_value_t *first, jl_value_t **xs, size_t n, int d)
{
    jl_value_t *call = expr1(s_call, callee);
    if (first)
        push(((jl_expr_t *)call)->args, first);
    for (size_t i = 0; i < n; i++) {
        bq_t r = bq_expand(xs[i], d);
        if (r.splat) {
            for (size_t j = 0; j < nargs(r.v); j++)
                push(((jl_expr_t *)call)->args, arg(r.v, j));
        }
        else {
            push(((jl_expr_t *)call)->args, r.v);
        }
    }
    return call;
}

static bq_t bq_expand(jl_value_t *x, int d)
{
    bq_t r = {x, 0};
    if (jl_is_symbol(x) || jl_is_ssavalue(x)) {
        r.v = jl_new_quotenode(x);
        return r;
    }
    if (jl_is_quotenode(x)) {
        jl_value_t *inner = ((jl_quotenode_t *)x)->value;
        if (!contains_dollar(inner))
            r.v = expr1(s_copyast, jl_new_quotenode(x));
        else
            r.v = bq_call(core_ref(s_quotenode_fn), NULL, &inner, 1, d);
        return r;
    }
    if (jl_is_linenode(x)) {
        r.v = jl_new_quotenode(x);
        return r;
    }
    if (!jl_is_expr(x))
        return r;
    if (d == 0 && head(x) == s_dollar) {
        if (nargs(x) == 1) {
            jl_value_t *a = arg(x, 0);
            r.v = isexpr(a, s_dots) && nargs(a) == 1 ? expr1(s_dots, arg(a, 0)) : a;
        }
        else {
            r.v = x; /* its arguments are spliced into the enclosing expression */
            r.splat = 1;
        }
        return r;
    }
    if (!contains_dollar(x)) {
        r.v = expr1(s_copyast, jl_new_quotenode(x));
        return r;
    }
    jl_value_t **xs = jl_array_ptr_data(((jl_expr_t *)x)->args);
    jl_value_t *h = jl_new_quotenode((jl_value_t *)head(x));
    int nd = head(x) == s_quote ? d + 1 : head(x) == s_dollar ? d - 1 : d;
    r.v = bq_call(core_ref(s_expr_fn), h, xs, nargs(x), nd);
    return r;
}

JL_DLLEXPORT jl_value_t *jl_bq_expand(jl_value_t *body)
{
    init_syms();
    bq_t r = bq_expand(body, 0);
    if (r.splat)
        return expr1(s_error, jl_cstr_to_string("\"...\" expression outside call"));
    return r.v;
}

/* ---------------------------------------------------------------- calling a macro */

typedef struct macroctx { jl_module_t *m; struct macroctx *parent; } macroctx_t;

/* The macro function named by `name` (a Symbol, `A.B.@m`, or a GlobalRef), evaluated in `ctx`. */
static jl_value_t *eval_macro_name(jl_module_t *ctx, jl_value_t *name)
{
    if (jl_is_symbol(name)) {
        jl_value_t *f = jl_get_global(ctx, (jl_sym_t *)name);
        if (f == NULL)
            jl_undefined_var_error((jl_sym_t *)name);
        return f;
    }
    if (jl_is_globalref(name)) {
        jl_globalref_t *g = (jl_globalref_t *)name;
        jl_value_t *f = jl_get_global(g->mod, g->name);
        if (f == NULL)
            jl_undefined_var_error(g->name);
        return f;
    }
    if (isexpr(name, jl_s_dot) && nargs(name) == 2 && jl_is_quotenode(arg(name, 1))) {
        jl_value_t *m = eval_macro_name(ctx, arg(name, 0));
        jl_value_t *s = ((jl_quotenode_t *)arg(name, 1))->value;
        if (jl_is_module(m) && jl_is_symbol(s)) {
            jl_value_t *f = jl_get_global((jl_module_t *)m, (jl_sym_t *)s);
            if (f == NULL)
                jl_undefined_var_error((jl_sym_t *)s);
            return f;
        }
    }
    return jl_toplevel_eval(ctx, name);
}

static jl_value_t *call_function(jl_value_t **args, uint32_t n)
{
    if (jl_apply != NULL)
        return jl_apply(args, n);
    if (jl_subtype(jl_typeof(args[0]), (jl_value_t *)jl_builtin_type))
        return ((jl_builtin_fn_t *)args[0])->fptr(args[0], args + 1, n - 1);
    jl_error("macro expansion needs dispatch (jl_apply), which this build lacks");
}

/* The module that defines the method `f` would run for these arguments; the function's own module
   when dispatch cannot tell (a builtin, or no method table). */
static jl_module_t *macro_home(jl_value_t *f, jl_module_t *dflt)
{
    jl_datatype_t *ft = (jl_datatype_t *)jl_typeof(f);
    jl_methtable_t *mt = ft->name->mt;
    if (mt != NULL && jl_typeis(mt, jl_methtable_type) && mt->defs != NULL && jl_array_len(mt->defs) > 0) {
        jl_value_t *m = jl_array_ptr_ref(mt->defs, 0);
        if (m != NULL && jl_is_method(m))
            return ((jl_method_t *)m)->module;
    }
    if (mt != NULL && jl_typeis(mt, jl_methtable_type) && mt->module != NULL)
        return mt->module;
    return ft->name->module ? ft->name->module : dflt;
}

static jl_value_t *new_loaderror(jl_value_t *lno, jl_value_t *err)
{
    jl_value_t *file = ((jl_linenumbernode_t *)lno)->file;
    jl_value_t *fstr = jl_is_symbol(file) ? jl_cstr_to_string(jl_symbol_name(file))
                                          : jl_cstr_to_string("<macrocall>");
    jl_value_t *line = jl_box_int64(((jl_linenumbernode_t *)lno)->line);
    return jl_new_struct((jl_datatype_t *)jl_loaderror_type_get(), fstr, line, err);
}

/* Call the macro of `Expr(:macrocall, name, lno, args...)`; *ctx becomes the macro's module. */
static jl_value_t *invoke_macro(jl_value_t *mc, jl_module_t *inmodule, jl_module_t **ctx,
                                jl_value_t **lineinfo, int throw_load_error)
{
    size_t n = nargs(mc);
    if (n < 2)
        jl_errorf("macrocall: too few arguments");
    jl_value_t **margs = jl_gc_alloc_buf((n + 1) * sizeof(jl_value_t *));
    jl_value_t *lno = arg(mc, 1);
    if (!jl_is_linenode(lno))
        lno = jl_new_linenumbernode(0, jl_nothing);
    margs[1] = lno;
    margs[2] = (jl_value_t *)inmodule;
    for (size_t i = 2; i < n; i++)
        margs[i + 1] = arg(mc, i);
    volatile jl_value_t *result = NULL;
    JL_TRY {
        margs[0] = eval_macro_name(*ctx, arg(mc, 0));
        *ctx = macro_home(margs[0], *ctx);
        result = call_function(margs, (uint32_t)(n + 1));
    }
    JL_CATCH {
        jl_value_t *err = jl_current_exception();
        if (!throw_load_error)
            jl_rethrow();
        jl_rethrow_as(new_loaderror(lno, err));
    }
    *lineinfo = lno;
    return (jl_value_t *)result;
}

/* ---------------------------------------------------------------- pass 1: expanding macro calls */

static int is_self_escaping(jl_value_t *e)
{
    jl_sym_t *h = head(e);
    return h == s_inert || h == jl_s_leave || h == jl_s_core || h == s_line || h == jl_s_meta ||
           h == jl_s_boundscheck || h == jl_s_inline || h == jl_s_noinline;
}

/* a result that can refer to names (and so needs a hygienic scope) */
static int need_esc_node(jl_value_t *e)
{
    if (e == NULL || jl_is_linenode(e) || jl_is_ssavalue(e) || jl_is_slotnumber(e) || jl_is_quotenode(e))
        return 0;
    if (jl_is_expr(e))
        return !is_self_escaping(e);
    return jl_is_symbol(e);
}

static jl_value_t *expand_macros(jl_value_t *expr, jl_module_t *inmodule, macroctx_t *ctx, int onelevel,
                                 int throw_load_error);

static jl_value_t *expand_macrocall(jl_value_t *e, jl_module_t *inmodule, macroctx_t *ctx, int onelevel,
                                    int throw_load_error)
{
    macroctx_t newctx = {ctx ? ctx->m : inmodule, ctx};
    jl_value_t *lineinfo = NULL;
    jl_value_t *result = invoke_macro(e, inmodule, &newctx.m, &lineinfo, throw_load_error);
    if (!need_esc_node(result))
        return result;
    int wrap = 1;
    if (isexpr(result, s_escape) && nargs(result) == 1) {
        result = arg(result, 0);
        wrap = 0;
    }
    result = jl_copy_ast(result);
    if (!onelevel)
        result = expand_macros(result, inmodule, wrap ? &newctx : ctx, onelevel, throw_load_error);
    if (wrap && need_esc_node(result)) {
        if (isexpr(result, s_escape) && nargs(result) == 1)
            return arg(result, 0);
        jl_value_t *w = mkexpr(s_hygienic_scope, 3);
        jl_exprargset(w, 0, result);
        jl_exprargset(w, 1, (jl_value_t *)newctx.m);
        jl_exprargset(w, 2, lineinfo);
        return w;
    }
    return result;
}

/* `@m(args) do x ... end`: the do-block function becomes the macro's first argument */
static jl_value_t *macrocall_with_do(jl_value_t *e)
{
    jl_value_t *mc = arg(e, 0);
    size_t nm = nargs(mc);
    jl_value_t *mc2 = mkexpr(s_macrocall, nm + 1);
    jl_exprargset(mc2, 0, arg(mc, 0));
    jl_exprargset(mc2, 1, nm > 1 ? arg(mc, 1) : jl_nothing);
    jl_exprargset(mc2, 2, arg(e, 1));
    for (size_t j = 2; j < nm; j++)
        jl_exprargset(mc2, j + 1, arg(mc, j));
    return mc2;
}

static jl_value_t *expand_macros(jl_value_t *expr, jl_module_t *inmodule, macroctx_t *ctx, int onelevel,
                                 int throw_load_error)
{
    if (expr == NULL || !jl_is_expr(expr))
        return expr;
    jl_sym_t *h = head(expr);
    if (h == s_inert || h == s_module || h == jl_s_meta)
        return expr;
    if (h == s_quote && nargs(expr) == 1)
        return expand_macros(jl_bq_expand(arg(expr, 0)), inmodule, ctx, onelevel, throw_load_error);
    if (h == s_hygienic_scope && nargs(expr) >= 2) {
        if (!jl_is_module(arg(expr, 1)))
            jl_type_error("hygienic-scope", (jl_value_t *)jl_module_type, arg(expr, 1));
        macroctx_t newctx = {(jl_module_t *)arg(expr, 1), ctx};
        jl_value_t *a = arg(expr, 0);
        jl_value_t *a2 = expand_macros(a, inmodule, &newctx, onelevel, throw_load_error);
        if (isexpr(a2, s_escape) && nargs(a2) == 1 && !need_esc_node(arg(a2, 0)))
            return arg(a2, 0);
        if (!need_esc_node(a2))
            return a2;
        jl_exprargset(expr, 0, a2);
        return expr;
    }
    if (h == s_macrocall)
        return expand_macrocall(expr, inmodule, ctx, onelevel, throw_load_error);
    if (h == s_do && nargs(expr) == 2 && isexpr(arg(expr, 0), s_macrocall))
        return expand_macros(macrocall_with_do(expr), inmodule, ctx, onelevel, throw_load_error);
    if (h == s_escape && ctx)
        ctx = ctx->parent;
    for (size_t i = 0; i < nargs(expr); i++) {
        jl_value_t *a = arg(expr, i);
        jl_value_t *a2 = expand_macros(a, inmodule, ctx, onelevel, throw_load_error);
        if (a != a2)
            jl_exprargset(expr, i, a2);
    }
    return expr;
}

/* ---------------------------------------------------------------- pass 2: hygiene */

/* The renaming environment: name -> replacement (a gensym, or the name itself), innermost first. */
typedef struct env { jl_sym_t *name; jl_value_t *val; struct env *next; } env_t;
/* The scopes an `esc` returns to: the environment and module outside each hygienic scope. */
typedef struct pscope { env_t *env; jl_module_t *m; struct pscope *parent; } pscope_t;

static uint32_t hygiene_counter;

static jl_sym_t *named_gensym(jl_sym_t *s)
{
    char buf[300];
    snprintf(buf, sizeof buf, "#%u#%s", ++hygiene_counter, jl_symbol_name(s));
    return jl_symbol(buf);
}

static env_t *env_push(env_t *env, jl_sym_t *name, jl_value_t *val)
{
    env_t *n = jl_gc_alloc_buf(sizeof(env_t));
    n->name = name;
    n->val = val;
    n->next = env;
    return n;
}

static env_t *env_find(env_t *env, jl_sym_t *name)
{
    for (; env; env = env->next)
        if (env->name == name)
            return env;
    return NULL;
}

static int is_quoted_form(jl_value_t *e)
{
    jl_sym_t *h = head(e);
    return h == s_quote || h == jl_s_top || h == jl_s_core || h == jl_symbol("globalref") ||
           h == jl_s_outerref || h == s_line || h == jl_s_break || h == s_inert || h == jl_s_meta ||
           h == jl_s_inbounds || h == jl_symbol("loopinfo");
}

static int is_assignment(jl_value_t *e)
{
    return isexpr(e, s_assign) && nargs(e) == 2;
}

static int eventually_call(jl_value_t *e)
{
    if (!jl_is_expr(e))
        return 0;
    if (head(e) == s_call)
        return 1;
    return (head(e) == s_where || head(e) == s_dcolon) && nargs(e) >= 1 && eventually_call(arg(e, 0));
}

static int function_def(jl_value_t *e)
{
    if (!jl_is_expr(e))
        return 0;
    return head(e) == s_function || head(e) == s_arrow ||
           (head(e) == s_assign && nargs(e) == 2 && eventually_call(arg(e, 0)));
}

/* the variable a declaration or assignment target names; NULL when escaped */
static jl_value_t *decl_var_star(jl_value_t *e)
{
    if (!jl_is_expr(e))
        return e;
    jl_sym_t *h = head(e);
    if (h == s_escape)
        return NULL;
    if ((h == s_call || h == s_assign || h == s_curly || h == s_dcolon || h == s_where) && nargs(e) >= 1)
        return decl_var_star(arg(e, 0));
    return e;
}

static void decl_vars_star(jl_value_t *e, jl_array_t *out)
{
    if (isexpr(e, s_tuple)) {
        for (size_t i = 0; i < nargs(e); i++)
            decl_vars_star(arg(e, i), out);
        return;
    }
    jl_value_t *v = decl_var_star(e);
    if (v && jl_is_symbol(v))
        push(out, v);
}

/* the name of a `where`/type-parameter variable: T, T<:U, T>:L, L<:T<:U; nothing for others */
static void typevar_names(jl_value_t *e, size_t from, jl_array_t *out)
{
    for (size_t i = from; i < nargs(e); i++) {
        jl_value_t *v = arg(e, i);
        if (jl_is_symbol(v))
            push(out, v);
        else if ((isexpr(v, s_subtype) || isexpr(v, s_supertype)) && nargs(v) == 2 && jl_is_symbol(arg(v, 0)))
            push(out, arg(v, 0));
        else if (isexpr(v, s_comparison) && nargs(v) == 5 && jl_is_symbol(arg(v, 2)))
            push(out, arg(v, 2));
    }
}

/* argument name of a formal argument: `x`, `x::T`, `x=1`, `x...`, `esc(x)`, `@nospecialize x` */
static void try_arg_name(jl_value_t *v, jl_array_t *names, jl_array_t *escaped)
{
    if (jl_is_symbol(v)) {
        if (names)
            push(names, v);
        return;
    }
    if (!jl_is_expr(v) || nargs(v) == 0)
        return;
    jl_sym_t *h = head(v);
    if (h == s_dcolon && nargs(v) == 1)
        return; /* `::T` has no name */
    if (h == s_dots || h == s_kw || h == s_dcolon || h == s_hygienic_scope)
        try_arg_name(arg(v, 0), names, escaped);
    else if (h == s_escape) {
        if (escaped && jl_is_symbol(arg(v, 0)))
            push(escaped, arg(v, 0));
    }
    else if (h == s_meta && nargs(v) >= 2 && (arg(v, 0) == (jl_value_t *)s_nospecialize ||
                                               arg(v, 0) == (jl_value_t *)s_specialize))
        try_arg_name(arg(v, 1), names, escaped);
}

/* positional argument names of the formal arguments args[from..] (a `kw...` rest counts) */
static void positional_args(jl_value_t *e, size_t from, jl_array_t *names, jl_array_t *escaped)
{
    for (size_t i = from; i < nargs(e); i++) {
        jl_value_t *a = arg(e, i);
        if (isexpr(a, s_parameters)) {
            for (size_t j = 0; j < nargs(a); j++)
                if (isexpr(arg(a, j), s_dots))
                    try_arg_name(arg(a, j), names, escaped);
        }
        else {
            try_arg_name(a, names, escaped);
        }
    }
}

/* keyword names and escaped argument names: these are never renamed */
static void keyword_args(jl_value_t *e, size_t from, jl_array_t *out)
{
    for (size_t i = from; i < nargs(e); i++) {
        jl_value_t *a = arg(e, i);
        if (!isexpr(a, s_parameters))
            continue;
        for (size_t j = 0; j < nargs(a); j++)
            if (!isexpr(arg(a, j), s_dots))
                try_arg_name(arg(a, j), out, out);
    }
    positional_args(e, from, NULL, out);
}

/* `function X body` / `X = body`: the names X binds (arguments, static parameters); 0 if X is no
   function signature */
static int signature_vars(jl_value_t *x, jl_array_t *vars, jl_array_t *kws)
{
    if (isexpr(x, s_call) && nargs(x) >= 1) {
        jl_value_t *name = arg(x, 0);
        if (isexpr(name, s_curly))
            typevar_names(name, 1, vars);
        else if (isexpr(name, s_dcolon) && nargs(name) == 2)
            try_arg_name(arg(name, 0), vars, NULL); /* (f::T)(x) = ...: f is an argument */
        positional_args(x, 1, vars, NULL);
        if (kws)
            keyword_args(x, 1, kws);
        return 1;
    }
    if (isexpr(x, s_dcolon) && nargs(x) == 2 && isexpr(arg(x, 0), s_call))
        return signature_vars(arg(x, 0), vars, kws);
    if (isexpr(x, s_where) && nargs(x) >= 1) {
        signature_vars(arg(x, 0), vars, kws);
        typevar_names(x, 1, vars);
        return 1;
    }
    return 0;
}

static jl_value_t *typedef_name(jl_value_t *e)
{
    while ((isexpr(e, s_curly) || isexpr(e, s_subtype)) && nargs(e) >= 1)
        e = arg(e, 0);
    return e;
}

static void typedef_tvars(jl_value_t *e, jl_array_t *out)
{
    if (isexpr(e, s_subtype) && nargs(e) >= 1)
        typedef_tvars(arg(e, 0), out);
    else if (isexpr(e, s_curly))
        typevar_names(e, 1, out);
}

static void let_bind_vars(jl_value_t *b, jl_array_t *vars)
{
    if (jl_is_symbol(b) || isexpr(b, s_dcolon)) {
        jl_value_t *v = decl_var_star(b);
        if (v && jl_is_symbol(v))
            push(vars, v);
    }
    else if (is_assignment(b)) {
        jl_value_t *lhs = arg(b, 0);
        if (isexpr(lhs, s_tuple))
            decl_vars_star(lhs, vars);
        else {
            jl_value_t *v = decl_var_star(lhs);
            if (v && jl_is_symbol(v))
                push(vars, v);
        }
    }
}

static jl_array_t *let_binds(jl_value_t *e)
{
    jl_array_t *out = jl_alloc_vec_any(0);
    jl_value_t *b = arg(e, 0);
    if (isexpr(b, s_block)) {
        for (size_t i = 0; i < nargs(b); i++)
            push(out, arg(b, i));
    }
    else if (b != jl_nothing) {
        push(out, b);
    }
    return out;
}

/* Julia's vars-introduced-by-patterns: the names a binding form introduces. `pairs` map to
   themselves (type names, `new`); `vars` get gensyms. Returns 0 when x is no binding form. */
static int vars_introduced(jl_value_t *x, jl_array_t *pairs, jl_array_t *vars)
{
    jl_sym_t *h = head(x);
    size_t n = nargs(x);
    if (h == s_function && n == 2) {
        jl_value_t *sig = arg(x, 0);
        if (isexpr(sig, s_tuple)) {
            positional_args(sig, 0, vars, NULL);
            return 1;
        }
        return signature_vars(sig, vars, NULL);
    }
    if (h == s_assign && n == 2) {
        jl_value_t *lhs = arg(x, 0);
        if (signature_vars(lhs, vars, NULL))
            return 1;
        if (isexpr(lhs, s_curly)) {
            typevar_names(lhs, 1, vars);
            return 1;
        }
        return 0;
    }
    if ((h == s_arrow && n == 2) || (h == s_macro && n == 2 && isexpr(arg(x, 0), s_call))) {
        jl_value_t *a = arg(x, 0);
        if (isexpr(a, s_tuple) || h == s_macro)
            positional_args(a, h == s_macro ? 1 : 0, vars, NULL);
        else
            try_arg_name(a, vars, NULL);
        return 1;
    }
    if (h == s_where) {
        typevar_names(x, 1, vars);
        return 1;
    }
    if (h == s_let && n == 2) {
        jl_array_t *binds = let_binds(x);
        for (size_t i = 0; i < jl_array_len(binds); i++)
            let_bind_vars(jl_array_ptr_ref(binds, i), vars);
        return 1;
    }
    if (h == s_try && (n == 3 || n == 4)) {
        if (!jl_is_symbol(arg(x, 1)))
            return 0;
        push(vars, arg(x, 1));
        return 1;
    }
    if ((h == s_struct && n == 3) || (h == s_abstract && n == 1) || (h == s_primitive && n == 2)) {
        jl_value_t *spec = arg(x, h == s_struct ? 1 : 0);
        jl_value_t *tn = unescape(typedef_name(spec));
        if (jl_is_symbol(tn))
            push(pairs, tn);
        if (h == s_struct)
            push(pairs, (jl_value_t *)s_new);
        typedef_tvars(spec, vars);
        return 1;
    }
    return 0;
}

static void keywords_introduced(jl_value_t *x, jl_array_t *out)
{
    jl_array_t *ignore = jl_alloc_vec_any(0);
    if ((isexpr(x, s_function) || isexpr(x, s_assign)) && nargs(x) == 2)
        signature_vars(arg(x, 0), ignore, out);
}

typedef enum { FIND_DECLARED, FIND_ASSIGNED } find_kind_t;
static void find_declared(jl_value_t *e, jl_sym_t *decl, int outer, jl_array_t *out);
static void find_assigned(jl_value_t *e, int outer, jl_array_t *out);

/* inside a nested hygienic scope, only code escaped back out to this scope counts */
static void resume_on_escape(find_kind_t kind, jl_sym_t *decl, int outer, jl_value_t *e, int nblocks,
                             jl_array_t *out)
{
    if (!jl_is_expr(e) || is_quoted_form(e))
        return;
    jl_sym_t *h = head(e);
    if (h == s_lambda || h == s_module || h == s_toplevel)
        return;
    if (h == s_hygienic_scope && nargs(e) >= 1) {
        resume_on_escape(kind, decl, outer, arg(e, 0), nblocks + 1, out);
    }
    else if (h == s_escape && nargs(e) >= 1) {
        if (nblocks == 0) {
            if (kind == FIND_DECLARED)
                find_declared(arg(e, 0), decl, outer, out);
            else
                find_assigned(arg(e, 0), outer, out);
        }
        else {
            resume_on_escape(kind, decl, outer, arg(e, 0), nblocks - 1, out);
        }
    }
    else {
        for (size_t i = 0; i < nargs(e); i++)
            resume_on_escape(kind, decl, outer, arg(e, i), nblocks, out);
    }
}

static void find_declared(jl_value_t *e, jl_sym_t *decl, int outer, jl_array_t *out)
{
    if (!jl_is_expr(e) || is_quoted_form(e) || head(e) == s_escape)
        return;
    if (head(e) == s_hygienic_scope) {
        if (nargs(e) >= 1)
            resume_on_escape(FIND_DECLARED, decl, outer, arg(e, 0), 0, out);
        return;
    }
    if (head(e) == decl) {
        for (size_t i = 0; i < nargs(e); i++) {
            jl_value_t *v = decl_var_star(arg(e, i));
            if (v && jl_is_symbol(v))
                push(out, v);
        }
        return;
    }
    if (!outer && function_def(e))
        return;
    for (size_t i = 0; i < nargs(e); i++)
        find_declared(arg(e, i), decl, 0, out);
}

static void find_assigned(jl_value_t *e, int outer, jl_array_t *out)
{
    if (!jl_is_expr(e) || is_quoted_form(e) || head(e) == s_escape)
        return;
    jl_sym_t *h = head(e);
    if (h == s_hygienic_scope) {
        if (nargs(e) >= 1)
            resume_on_escape(FIND_ASSIGNED, NULL, outer, arg(e, 0), 0, out);
        return;
    }
    if (!outer && function_def(e)) { /* a nested function definition binds only its name */
        jl_value_t *fname = NULL;
        if (h == s_assign)
            fname = decl_var_star(arg(e, 0));
        else if (h == s_function && nargs(e) >= 1)
            fname = jl_is_expr(arg(e, 0)) ? (isexpr(arg(e, 0), s_tuple) ? NULL : decl_var_star(arg(e, 0)))
                                          : arg(e, 0);
        if (fname && jl_is_symbol(fname))
            push(out, fname);
        return;
    }
    if (h == s_assign && nargs(e) == 2 && !function_def(e)) {
        decl_vars_star(arg(e, 0), out);
        find_assigned(arg(e, 1), 0, out);
        return;
    }
    for (size_t i = 0; i < nargs(e); i++) {
        jl_value_t *a = arg(e, i);
        if (h == s_tuple && is_assignment(a))
            a = arg(a, 1);
        find_assigned(a, 0, out);
    }
}

static env_t *new_env_for(jl_value_t *x, env_t *env, int outermost)
{
    if (!jl_is_expr(x))
        return env;
    jl_array_t *pairs = jl_alloc_vec_any(0), *vars = jl_alloc_vec_any(0);
    int binding_form = vars_introduced(x, pairs, vars);
    if (!outermost && !binding_form)
        return env;
    jl_array_t *globals = jl_alloc_vec_any(0), *locals = jl_alloc_vec_any(0);
    jl_array_t *kws = jl_alloc_vec_any(0);
    find_declared(x, s_global, 1, globals);
    find_declared(x, s_local, 1, locals);
    find_assigned(x, 1, locals);
    for (size_t i = 0; i < jl_array_len(vars); i++)
        push(locals, jl_array_ptr_ref(vars, i));
    keywords_introduced(x, kws);
    env_t *newenv = env;
    for (size_t i = jl_array_len(kws); i-- > 0;)
        newenv = env_push(newenv, (jl_sym_t *)jl_array_ptr_ref(kws, i), jl_array_ptr_ref(kws, i));
    jl_array_t *seen = jl_alloc_vec_any(0);
    for (size_t i = 0; i < jl_array_len(locals); i++) {
        jl_value_t *v = jl_array_ptr_ref(locals, i);
        if (list_has(seen, v) || list_has(globals, v))
            continue;
        push(seen, v);
        if (!env_find(env, (jl_sym_t *)v))
            newenv = env_push(newenv, (jl_sym_t *)v, (jl_value_t *)named_gensym((jl_sym_t *)v));
    }
    for (size_t i = jl_array_len(pairs); i-- > 0;)
        newenv = env_push(newenv, (jl_sym_t *)jl_array_ptr_ref(pairs, i), jl_array_ptr_ref(pairs, i));
    return newenv;
}

static jl_value_t *resolve(jl_value_t *e, env_t *env, jl_module_t *m, pscope_t *ps, int inarg);
static jl_value_t *expand_macroscopes(jl_value_t *e);

static jl_value_t *resolve_new_env(jl_value_t *x, env_t *env, jl_module_t *m, pscope_t *ps, int inarg,
                                   int outermost)
{
    env_t *e2 = isexpr(x, s_let) ? env : new_env_for(x, env, outermost);
    return resolve(x, e2, m, ps, inarg);
}

/* a copy of e with resolve_new_env applied to its arguments from `from` on */
static jl_value_t *resolve_args(jl_value_t *e, size_t from, env_t *env, jl_module_t *m, pscope_t *ps,
                                int inarg)
{
    size_t n = nargs(e);
    jl_value_t *r = mkexpr(head(e), n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(r, i, i < from ? arg(e, i) : resolve_new_env(arg(e, i), env, m, ps, inarg, 0));
    return r;
}

/* the left side of a function definition: arguments are resolved with inarg set */
static jl_value_t *resolve_function_lhs(jl_value_t *e, env_t *env, jl_module_t *m, pscope_t *ps, int inarg)
{
    if (isexpr(e, s_where) && nargs(e) >= 1) {
        jl_value_t *r = resolve_args(e, 1, env, m, ps, inarg);
        jl_exprargset(r, 0, resolve_function_lhs(arg(e, 0), env, m, ps, inarg));
        return r;
    }
    if (isexpr(e, s_dcolon) && nargs(e) == 2) {
        return expr2(s_dcolon, resolve_function_lhs(arg(e, 0), env, m, ps, inarg),
                     resolve_new_env(arg(e, 1), env, m, ps, inarg, 0));
    }
    if (isexpr(e, s_call) && nargs(e) >= 1) {
        jl_value_t *r = resolve_args(e, 1, env, m, ps, 1);
        jl_exprargset(r, 0, resolve_new_env(arg(e, 0), env, m, ps, inarg, 0));
        return r;
    }
    return resolve_new_env(e, env, m, ps, inarg, 0);
}

static jl_value_t *resolve_struct(jl_value_t *e, env_t *env, jl_module_t *m, pscope_t *ps, int inarg)
{
    jl_value_t *r = mkexpr(s_struct, 3);
    jl_exprargset(r, 0, arg(e, 0));
    jl_exprargset(r, 1, resolve(arg(e, 1), env, m, ps, inarg));
    jl_value_t *body = arg(e, 2);
    if (!jl_is_expr(body)) {
        jl_exprargset(r, 2, body);
        return r;
    }
    jl_value_t *nb = mkexpr(head(body), nargs(body));
    for (size_t i = 0; i < nargs(body); i++) {
        jl_value_t *x = arg(body, i);
        if (!jl_is_expr(x))
            ; /* field names and line numbers stay */
        else if (head(x) == s_dcolon && nargs(x) == 2)
            x = expr2(s_dcolon, arg(x, 0), resolve(arg(x, 1), env, m, ps, inarg));
        else
            x = resolve_new_env(x, env, m, ps, inarg, 0);
        jl_exprargset(nb, i, x);
    }
    jl_exprargset(r, 2, nb);
    return r;
}

static jl_value_t *resolve_kw(jl_value_t *e, env_t *env, jl_module_t *m, pscope_t *ps, int inarg)
{
    if (nargs(e) < 2)
        return e;
    jl_value_t *k = arg(e, 0), *nk;
    if (isexpr(k, s_dcolon) && nargs(k) == 2)
        nk = expr2(s_dcolon, inarg ? resolve(arg(k, 0), env, m, ps, inarg) : unescape(arg(k, 0)),
                   resolve(arg(k, 1), env, m, ps, inarg));
    else
        nk = inarg ? resolve(k, env, m, ps, inarg) : unescape(k);
    return expr2(s_kw, nk, resolve_new_env(arg(e, 1), env, m, ps, inarg, 0));
}

static jl_value_t *resolve_let(jl_value_t *e, env_t *env, jl_module_t *m, pscope_t *ps, int inarg)
{
    env_t *newenv = new_env_for(e, env, 0);
    jl_value_t *body = resolve(arg(e, 1), newenv, m, ps, inarg);
    jl_array_t *binds = let_binds(e);
    jl_value_t *blk = mkexpr(s_block, 0);
    for (size_t i = 0; i < jl_array_len(binds); i++) {
        jl_value_t *b = jl_array_ptr_ref(binds, i);
        if (is_assignment(b)) {
            /* the variable in the new environment, its initial value in the old one */
            jl_value_t *lhs = arg(resolve(expr2(s_assign, arg(b, 0), jl_box_int64(0)), newenv, m, ps, inarg), 0);
            b = expr2(s_assign, lhs, resolve(arg(b, 1), env, m, ps, inarg));
        }
        else if (jl_is_symbol(b) || isexpr(b, s_dcolon)) {
            b = resolve(b, newenv, m, ps, inarg);
        }
        push(((jl_expr_t *)blk)->args, b);
    }
    return expr2(s_let, blk, body);
}

static jl_value_t *resolve_expr(jl_value_t *e, env_t *env, jl_module_t *m, pscope_t *ps, int inarg)
{
    jl_sym_t *h = head(e);
    size_t n = nargs(e);
    if (h == s_escape) {
        if (n < 1)
            return e;
        if (ps == NULL)
            return expand_macroscopes(arg(e, 0));
        return resolve_new_env(arg(e, 0), ps->env, ps->m, ps->parent, inarg, 0);
    }
    if (h == s_global) {
        jl_value_t *r = mkexpr(h, n);
        for (size_t i = 0; i < n; i++) {
            jl_value_t *a = arg(e, i);
            if (is_assignment(a))
                a = expr2(s_assign, unescape(arg(a, 0)), resolve_new_env(arg(a, 1), env, m, ps, inarg, 0));
            else if (!jl_is_symbol(a))
                a = resolve_new_env(a, env, m, ps, inarg, 0);
            jl_exprargset(r, i, a);
        }
        return r;
    }
    if (h == jl_s_using || h == jl_s_import || h == jl_s_export || h == jl_symbol("public") ||
        h == jl_s_boundscheck) {
        jl_value_t *r = mkexpr(h, n);
        for (size_t i = 0; i < n; i++)
            jl_exprargset(r, i, unescape(arg(e, i)));
        return r;
    }
    if (h == s_macrocall || h == s_symboliclabel || h == s_symbolicgoto)
        return e;
    if (h == s_struct && n == 3)
        return resolve_struct(e, env, m, ps, inarg);
    if (h == s_parameters) {
        jl_value_t *r = mkexpr(h, n);
        for (size_t i = 0; i < n; i++) {
            jl_value_t *x = arg(e, i);
            if (!inarg && jl_is_symbol(x)) /* `f(; x)` means `f(; x = x)` */
                x = expr2(s_kw, x, x);
            jl_exprargset(r, i, resolve(x, env, m, ps, 0));
        }
        return r;
    }
    if ((h == s_assign || h == s_function) && n >= 1 && jl_is_expr(arg(e, 0)) && function_def(e)) {
        jl_value_t *r = mkexpr(h, n);
        jl_exprargset(r, 0, resolve_function_lhs(arg(e, 0), env, m, ps, inarg));
        for (size_t i = 1; i < n; i++)
            jl_exprargset(r, i, resolve_new_env(arg(e, i), env, m, ps, inarg, 0));
        return r;
    }
    if (h == s_kw)
        return resolve_kw(e, env, m, ps, inarg);
    if (h == s_let && n == 2)
        return resolve_let(e, env, m, ps, inarg);
    if (h == s_hygienic_scope && n >= 2 && jl_is_module(arg(e, 1))) {
        pscope_t inner = {env, m, ps};
        pscope_t *p = jl_gc_alloc_buf(sizeof(pscope_t));
        *p = inner;
        return resolve_new_env(arg(e, 0), env, (jl_module_t *)arg(e, 1), p, inarg, 1);
    }
    if (h == s_tuple) {
        jl_value_t *r = mkexpr(h, n);
        for (size_t i = 0; i < n; i++) {
            jl_value_t *x = arg(e, i);
            if (is_assignment(x))
                x = expr2(s_assign, unescape(arg(x, 0)), resolve_new_env(arg(x, 1), env, m, ps, inarg, 0));
            else
                x = resolve_new_env(x, env, m, ps, inarg, 0);
            jl_exprargset(r, i, x);
        }
        return r;
    }
    return resolve_args(e, 0, env, m, ps, inarg);
}

static jl_value_t *resolve(jl_value_t *e, env_t *env, jl_module_t *m, pscope_t *ps, int inarg)
{
    if (jl_is_symbol(e)) {
        jl_sym_t *s = (jl_sym_t *)e;
        if (s == s_end || s == s_ccall || s == s_cglobal)
            return e;
        env_t *b = env_find(env, s);
        if (b)
            return b->val;
        return m ? jl_new_struct(jl_globalref_type, m, s, NULL) : e;
    }
    if (!jl_is_expr(e) || is_quoted_form(e))
        return e;
    return resolve_expr(e, env, m, ps, inarg);
}

static jl_value_t *expand_macroscopes(jl_value_t *e)
{
    if (!jl_is_expr(e) || head(e) == s_inert || head(e) == s_module)
        return e;
    if (head(e) == s_hygienic_scope && nargs(e) >= 2 && jl_is_module(arg(e, 1)))
        return resolve_new_env(arg(e, 0), NULL, (jl_module_t *)arg(e, 1), NULL, 0, 1);
    jl_value_t *r = mkexpr(head(e), nargs(e));
    for (size_t i = 0; i < nargs(e); i++)
        jl_exprargset(r, i, expand_macroscopes(arg(e, i)));
    return r;
}

static int contains_quote(jl_value_t *e)
{
    if (!jl_is_expr(e))
        return 0;
    if (head(e) == s_quote)
        return 1;
    for (size_t i = 0; i < nargs(e); i++)
        if (contains_quote(arg(e, i)))
            return 1;
    return 0;
}

static jl_value_t *expand_quotes(jl_value_t *e)
{
    if (!jl_is_expr(e) || head(e) == s_inert || head(e) == s_module)
        return e;
    if (head(e) == s_quote && nargs(e) == 1)
        return expand_quotes(jl_bq_expand(arg(e, 0)));
    if (!contains_quote(e))
        return e;
    jl_value_t *r = mkexpr(head(e), nargs(e));
    for (size_t i = 0; i < nargs(e); i++)
        jl_exprargset(r, i, expand_quotes(arg(e, i)));
    return r;
}

/* ---------------------------------------------------------------- labels */

typedef struct lscope { jl_array_t *relabels; struct lscope *parent; } lscope_t;

static jl_value_t *relabel_lookup(jl_array_t *t, jl_value_t *s)
{
    for (size_t i = 0; i + 1 < jl_array_len(t); i += 2)
        if (jl_array_ptr_ref(t, i) == s)
            return jl_array_ptr_ref(t, i + 1);
    return NULL;
}

static jl_value_t *rename_labels(jl_value_t *e, jl_array_t *relabels, lscope_t *parent)
{
    if (!jl_is_expr(e) || is_quoted_form(e))
        return e;
    jl_sym_t *h = head(e);
    size_t n = nargs(e);
    if (h == s_hygienic_scope && n >= 1) {
        lscope_t *p = jl_gc_alloc_buf(sizeof(lscope_t));
        p->relabels = relabels;
        p->parent = parent;
        jl_value_t *r = mkexpr(h, n);
        for (size_t i = 0; i < n; i++)
            jl_exprargset(r, i, i == 0 ? rename_labels(arg(e, 0), jl_alloc_vec_any(0), p) : arg(e, i));
        return r;
    }
    if (h == s_escape && parent != NULL && n >= 1)
        return expr1(s_escape, rename_labels(arg(e, 0), parent->relabels, parent->parent));
    if ((h == s_symbolicgoto || h == s_symboliclabel) && n >= 1) {
        jl_value_t *s = arg(e, 0);
        jl_value_t *have = (parent == NULL || !jl_is_symbol(s)) ? s : relabel_lookup(relabels, s);
        if (have == NULL) {
            have = (jl_value_t *)named_gensym((jl_sym_t *)s);
            push(relabels, s);
            push(relabels, have);
        }
        return expr1(h, have);
    }
    jl_value_t *r = mkexpr(h, n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(r, i, rename_labels(arg(e, i), relabels, parent));
    return r;
}

/* ---------------------------------------------------------------- entry points */

JL_DLLEXPORT jl_value_t *jl_expand_macroscope(jl_value_t *expr)
{
    init_syms();
    expr = expand_quotes(expr);
    expr = rename_labels(expr, jl_alloc_vec_any(0), NULL);
    return expand_macroscopes(expr);
}

static jl_value_t *macroexpand(jl_value_t *expr, jl_module_t *inmodule, int onelevel, int throw_load_error)
{
    init_syms();
    expr = jl_copy_ast(expr);
    expr = expand_macros(expr, inmodule, NULL, onelevel, throw_load_error);
    return jl_expand_macroscope(expr);
}

/* Base.macroexpand(m, ex; recursive) */
JL_DLLEXPORT jl_value_t *jl_macroexpand(jl_value_t *expr, jl_module_t *inmodule, int recursive)
{
    return macroexpand(expr, inmodule, !recursive, 0);
}

JL_DLLEXPORT jl_value_t *jl_macroexpand1(jl_value_t *expr, jl_module_t *inmodule)
{
    return macroexpand(expr, inmodule, 1, 0);
}

JL_DLLEXPORT jl_value_t *jl_macroexpand_toplevel(jl_value_t *expr, jl_module_t *inmodule)
{
    return macroexpand(expr, inmodule, 0, 1);
}

JL_DLLEXPORT jl_value_t *jl_expand_with_loc(jl_value_t *expr, jl_module_t *inmodule, const char *file,
                                            int line)
{
    expr = jl_macroexpand_toplevel(expr, inmodule);
    if (jl_lower == NULL)
        jl_error("lowering is not available in this build");
    return jl_lower(expr, inmodule, file, line);
}

/* Meta.lower(m, ex) and the top level's expansion step */
JL_DLLEXPORT jl_value_t *jl_expand(jl_value_t *expr, jl_module_t *inmodule)
{
    return jl_expand_with_loc(expr, inmodule, jl_filename ? jl_filename : "none", jl_lineno);
}
