/* typeexpr.h -- for the subtyping and dispatch tests: build a type from its Julia spelling
   ("Tuple{T,T} where T<:Integer", "Vector{<:Real}", "Union{Int64,String}") with the parser and a tiny
   evaluator of type expressions (curly, where, Union, Vararg, <: wildcards). Names resolve to test
   bindings (te_bind), then the aliases Vector/AbstractVector/Matrix, then Core. */
#ifndef JL_TEST_TYPEEXPR_H
#define JL_TEST_TYPEEXPR_H
#include <string.h>
#include "testutil.h"
#include "parser.h"

typedef struct te_env {
    jl_sym_t *name;
    jl_value_t *val;
    struct te_env *prev;
} te_env_t;

static jl_module_t *te_module; /* extra names (te_bind) */

static inline void te_bind(const char *name, jl_value_t *v)
{
    if (te_module == NULL)
        te_module = jl_new_module(jl_symbol("TypeExprTest"), NULL);
    jl_set_global(te_module, jl_symbol(name), v);
}

static inline jl_value_t *te_alias(const char *name, int eltvar_ndims, jl_value_t *wrapper)
{
    (void)name;
    jl_tvar_t *T = jl_new_typevar(jl_symbol("T"), jl_bottom_type, (jl_value_t *)jl_any_type);
    return jl_type_unionall(T, jl_apply_type2(wrapper, (jl_value_t *)T, jl_box_int64(eltvar_ndims)));
}

static jl_value_t *te_eval(jl_value_t *ex, te_env_t *env);

static inline jl_value_t *te_lookup(jl_sym_t *s, te_env_t *env)
{
    for (; env; env = env->prev)
        if (env->name == s)
            return env->val;
    const char *n = jl_symbol_name(s);
    if (te_module && jl_boundp(te_module, s))
        return jl_get_global(te_module, s);
    if (!strcmp(n, "Vector"))
        return te_alias(n, 1, jl_array_type);
    if (!strcmp(n, "Matrix"))
        return te_alias(n, 2, jl_array_type);
    if (!strcmp(n, "AbstractVector"))
        return te_alias(n, 1, jl_get_global(jl_core_module, jl_symbol("AbstractArray")));
    jl_value_t *v = jl_get_global(jl_core_module, s);
    if (v == NULL)
        cr_assert_fail("typeexpr: unknown name %s", n);
    return v;
}

static inline jl_vararg_t *te_vararg(jl_value_t *T, jl_value_t *N)
{
    jl_vararg_t *va = (jl_vararg_t *)jl_gc_alloc(sizeof(jl_vararg_t), (jl_value_t *)jl_vararg_type);
    va->T = T;
    va->N = N;
    return va;
}

/* a `where` variable spec: T, T<:ub, T>:lb, lb<:T<:ub */
static inline jl_tvar_t *te_tvar(jl_value_t *spec, te_env_t *env)
{
    jl_value_t *lb = jl_bottom_type, *ub = (jl_value_t *)jl_any_type;
    jl_sym_t *name;
    if (jl_is_symbol(spec)) {
        name = (jl_sym_t *)spec;
    }
    else {
        jl_expr_t *e = (jl_expr_t *)spec;
        if (e->head == jl_s_comparison) {
            lb = te_eval(jl_exprarg(e, 0), env);
            name = (jl_sym_t *)jl_exprarg(e, 2);
            ub = te_eval(jl_exprarg(e, 4), env);
        }
        else {
            name = (jl_sym_t *)jl_exprarg(e, 0);
            if (e->head == jl_s_subtype)
                ub = te_eval(jl_exprarg(e, 1), env);
            else
                lb = te_eval(jl_exprarg(e, 1), env);
        }
    }
    return jl_new_typevar(name, lb, ub);
}

static inline jl_value_t *te_curly(jl_expr_t *e, te_env_t *env)
{
    size_t n = jl_expr_nargs(e) - 1;
    jl_value_t *head = jl_exprarg(e, 0);
    jl_value_t *ps[n + 1];
    jl_tvar_t *wild[n + 1];
    size_t nw = 0;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *p = jl_exprarg(e, i + 1);
        if (jl_is_expr(p) && jl_expr_nargs(p) == 1 &&
            (((jl_expr_t *)p)->head == jl_s_subtype || ((jl_expr_t *)p)->head == jl_s_supertype)) {
            jl_value_t *b = te_eval(jl_exprarg(p, 0), env);
            int sub = ((jl_expr_t *)p)->head == jl_s_subtype;
            wild[nw] = jl_new_typevar(jl_symbol("_"), sub ? jl_bottom_type : b, sub ? b : (jl_value_t *)jl_any_type);
            ps[i] = (jl_value_t *)wild[nw++];
        }
        else {
            ps[i] = te_eval(p, env);
        }
    }
    jl_value_t *r;
    if (head == (jl_value_t *)jl_s_Union) {
        r = jl_type_union(ps, n);
    }
    else if (head == (jl_value_t *)jl_s_Vararg) {
        r = (jl_value_t *)te_vararg(n > 0 ? ps[0] : NULL, n > 1 ? ps[1] : NULL);
    }
    else if (head == (jl_value_t *)jl_symbol("Tuple")) {
        r = (jl_value_t *)jl_apply_tuple_type_v(ps, n);
    }
    else {
        r = jl_apply_type(te_eval(head, env), ps, n);
    }
    while (nw > 0)
        r = jl_type_unionall(wild[--nw], r);
    return r;
}

static jl_value_t *te_eval(jl_value_t *ex, te_env_t *env)
{
    if (jl_is_symbol(ex))
        return te_lookup((jl_sym_t *)ex, env);
    if (jl_is_quotenode(ex))
        return ((jl_quotenode_t *)ex)->value; /* :a */
    if (!jl_is_expr(ex))
        return ex; /* literals: 1 */
    jl_expr_t *e = (jl_expr_t *)ex;
    if (e->head == jl_s_curly)
        return te_curly(e, env);
    if (e->head == jl_s_where) {
        size_t nv = jl_expr_nargs(e) - 1;
        jl_tvar_t *vs[nv];
        te_env_t envs[nv];
        te_env_t *cur = env;
        for (size_t i = 0; i < nv; i++) {
            vs[i] = te_tvar(jl_exprarg(e, i + 1), cur);
            envs[i] = (te_env_t){vs[i]->name, (jl_value_t *)vs[i], cur};
            cur = &envs[i];
        }
        jl_value_t *body = te_eval(jl_exprarg(e, 0), cur);
        for (size_t i = nv; i-- > 0;)
            body = jl_type_unionall(vs[i], body);
        return body;
    }
    if (e->head == jl_s_tuple) { /* (:a, :b) as a parameter */
        size_t n = jl_expr_nargs(e);
        jl_value_t *xs[n ? n : 1];
        for (size_t i = 0; i < n; i++)
            xs[i] = te_eval(jl_exprarg(e, i), env);
        return jl_tuplev(n, xs);
    }
    if (e->head == jl_s_quote || e->head == jl_s_inert)
        return jl_exprarg(e, 0);
    cr_assert_fail("typeexpr: cannot evaluate %s", jl_symbol_name(e->head));
    return NULL;
}

/* The type spelled by `s`. */
static inline jl_value_t *T(const char *s)
{
    jl_value_t *ex = jl_parse_expr(s, strlen(s));
    cr_assert_not_null(ex, "typeexpr: cannot parse %s", s);
    return te_eval(ex, NULL);
}
#endif
