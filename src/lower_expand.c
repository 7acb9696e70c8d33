/*
 * lower_expand.c -- pass 1 of lowering: desugaring surface syntax into the core forms of lower.h,
 * following the expansions of Julia 1.10's julia-syntax.scm (expand-forms). Variables stay Symbols;
 * calls Lowering makes to Base/Core are GlobalRefs already. Scope-introducing constructs become
 * (scope-block ...) so that lower_scope.c sees Julia's scope structure.
 */
#include <string.h>
#include <stdio.h>
#include "lower.h"

typedef lower_ctx_t C;

#define H(e) (((jl_expr_t *)(e))->head)
#define NA(e) jl_expr_nargs(e)
#define A(e, i) jl_exprarg(e, i)
#define IS(e, h) lower_is((jl_value_t *)(e), (h))
#define SYM(s) jl_symbol(s)
#define TOP(s) lower_top(c, s)
#define CORE(s) lower_core(s)

static jl_value_t *ex(C *c, jl_value_t *e);
static jl_value_t *expand_function(C *c, jl_value_t *sig, jl_value_t *body, int anon);
static jl_value_t *expand_assign(C *c, jl_value_t *lhs, jl_value_t *rhs);

static jl_value_t *blk(void) { return lower_expr(jl_s_block, 0); }
static jl_value_t *push(jl_value_t *e, jl_value_t *a) { return lower_push(e, a); }
static jl_value_t *asgn(jl_value_t *l, jl_value_t *r) { return lower_expr(jl_s_assign, 2, l, r); }
static jl_value_t *qsym(jl_value_t *s) { return lower_quote(s); }

static jl_value_t *callv(jl_value_t *f, jl_value_t **args, size_t n)
{
    jl_value_t *e = lower_expr(jl_s_call, 1, f);
    for (size_t i = 0; i < n; i++)
        push(e, args[i]);
    return e;
}

static int is_dots(jl_value_t *e) { return IS(e, jl_s_dots); }
static int is_kw(jl_value_t *e) { return IS(e, jl_s_kw); }
static int is_params(jl_value_t *e) { return IS(e, jl_s_parameters); }
static int is_literal(jl_value_t *e)
{
    return !jl_is_symbol(e) && !jl_is_expr(e) && !jl_is_linenode(e);
}
/* atoms that can be evaluated twice with the same result and no effect */
static int is_effect_free_atom(jl_value_t *e)
{
    return is_literal(e) || jl_is_quotenode(e) || jl_is_ssavalue(e);
}

static int is_operator_dotted(jl_sym_t *s)
{
    const char *n = jl_symbol_name(s);
    return n[0] == '.' && n[1] != 0 && n[1] != '.';
}

/* e evaluated once: returns an atom; appends (= tmp e') to stmts when needed */
static jl_value_t *once(C *c, jl_value_t *stmts, jl_value_t *e)
{
    if (is_effect_free_atom(e) || jl_is_globalref(e))
        return e;
    if (jl_is_symbol(e))
        return e; /* julia treats symbols as stable in these positions */
    jl_value_t *t = lower_ssa(c);
    push(stmts, asgn(t, ex(c, e)));
    return t;
}

/* ---------------------------------------------------------------- calls */

/* Appends the arguments of a splatting call to `call` (a Core._apply_iterate): each `x...` as x itself,
   each run of plain arguments as one tuple, lowered by `leaf`. */
static jl_value_t *push_splat_runs(C *c, jl_value_t *call, jl_value_t **args, size_t n,
                                   jl_value_t *(*leaf)(C *, jl_value_t *))
{
    jl_value_t *run = NULL;
    for (size_t i = 0; i < n; i++) {
        if (is_dots(args[i])) {
            if (run)
                push(call, run);
            run = NULL;
            push(call, ex(c, A(args[i], 0)));
        }
        else {
            if (!run)
                run = lower_call(CORE("tuple"), 0);
            push(run, leaf(c, args[i]));
        }
    }
    if (run)
        push(call, run);
    return call;
}

/* f(args...) with splats: Core._apply_iterate(Base.iterate, f, tuples...) */
static jl_value_t *expand_splat_call(C *c, jl_value_t *f, jl_value_t **args, size_t n)
{
    return push_splat_runs(c, lower_call(CORE("_apply_iterate"), 2, TOP("iterate"), f), args, n, ex);
}

static jl_value_t *expand_kwcall(C *c, jl_value_t *f, jl_value_t **args, size_t n);

static int any_kw(jl_value_t **args, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (is_kw(args[i]) || is_params(args[i]))
            return 1;
    return 0;
}

static jl_value_t *expand_call_args(C *c, jl_value_t *f, jl_value_t **args, size_t n)
{
    if (any_kw(args, n))
        return expand_kwcall(c, f, args, n);
    for (size_t i = 0; i < n; i++)
        if (is_dots(args[i]))
            return expand_splat_call(c, ex(c, f), args, n);
    jl_value_t *call = lower_expr(jl_s_call, 1, ex(c, f));
    for (size_t i = 0; i < n; i++)
        push(call, ex(c, args[i]));
    return call;
}

/* named tuple from keyword items: (a=1, b) -> NamedTuple{(:a,:b)}((1, b)); splats merge */
static jl_value_t *expand_named_tuple(C *c, jl_value_t **items, size_t n)
{
    jl_value_t *stmts = blk();
    jl_value_t *cur = NULL; /* current merged value */
    jl_array_t *names = lower_vec(), *vals = lower_vec();
    for (size_t i = 0; i <= n; i++) {
        jl_value_t *it = i < n ? items[i] : NULL;
        int flush = !it || is_dots(it);
        if (flush && jl_array_len(names)) {
            jl_value_t *nt = lower_call(CORE("apply_type"), 2, CORE("NamedTuple"),
                                        callv(CORE("tuple"), jl_array_ptr_data(names), 0));
            jl_value_t *tn = lower_call(CORE("tuple"), 0);
            for (size_t k = 0; k < jl_array_len(names); k++)
                push(tn, jl_array_ptr_ref(names, k));
            jl_exprargset(nt, 2, tn);
            jl_value_t *tv = callv(CORE("tuple"), jl_array_ptr_data(vals), jl_array_len(vals));
            jl_value_t *v = lower_call(nt, 1, tv);
            cur = cur ? lower_call(TOP("merge"), 2, cur, v) : v;
            names = lower_vec();
            vals = lower_vec();
        }
        if (!it)
            break;
        if (is_dots(it)) {
            jl_value_t *v = ex(c, A(it, 0));
            cur = cur ? lower_call(TOP("merge"), 2, cur, v)
                      : lower_call(TOP("merge"), 2, lower_call(CORE("NamedTuple"), 0), v);
            continue;
        }
        jl_value_t *name, *val;
        if (is_kw(it) || IS(it, jl_s_assign)) {
            name = A(it, 0);
            val = A(it, 1);
        }
        else if (jl_is_symbol(it)) {
            name = it;
            val = it;
        }
        else if (IS(it, jl_s_dot) && jl_is_quotenode(A(it, 1))) {
            name = ((jl_quotenode_t *)A(it, 1))->value;
            val = it;
        }
        else if (IS(it, jl_s_call) && NA(it) == 3 && A(it, 0) == (jl_value_t *)SYM("=>")) {
            /* computed name: merge a one-element pair */
            jl_value_t *v = lower_call(CORE("tuple"), 1, lower_call(TOP("Pair"), 2, ex(c, A(it, 1)), ex(c, A(it, 2))));
            cur = cur ? lower_call(TOP("merge"), 2, cur, v)
                      : lower_call(TOP("merge"), 2, lower_call(CORE("NamedTuple"), 0), v);
            continue;
        }
        else
            lower_error(c, "invalid named tuple element \"%s\"", jl_is_expr(it) ? jl_symbol_name(H(it)) : "?");
        if (!jl_is_symbol(name))
            lower_error(c, "invalid named tuple field name");
        for (size_t k = 0; k < jl_array_len(names); k++)
            if (((jl_quotenode_t *)jl_array_ptr_ref(names, k))->value == name)
                lower_error(c, "field name \"%s\" repeated in named tuple", jl_symbol_name((jl_sym_t *)name));
        jl_array_ptr_1d_push(names, qsym(name));
        jl_array_ptr_1d_push(vals, ex(c, val));
    }
    if (!cur)
        cur = lower_call(CORE("NamedTuple"), 0);
    return NA(stmts) ? push(stmts, cur) : cur;
}

/* Core.kwcall(nt, fx, pos...) with nt and fx expanded */
static jl_value_t *kwcall_call(C *c, jl_value_t *nt, jl_value_t *fx, jl_array_t *pos)
{
    int splat = 0;
    for (size_t i = 0; i < jl_array_len(pos); i++)
        splat |= is_dots(jl_array_ptr_ref(pos, i));
    if (!splat) {
        jl_value_t *call = lower_call(CORE("kwcall"), 2, nt, fx);
        for (size_t i = 0; i < jl_array_len(pos); i++)
            push(call, ex(c, jl_array_ptr_ref(pos, i)));
        return call;
    }
    jl_value_t *call = lower_call(CORE("_apply_iterate"), 3, TOP("iterate"), CORE("kwcall"),
                                  lower_call(CORE("tuple"), 2, nt, fx));
    return push_splat_runs(c, call, jl_array_ptr_data(pos), jl_array_len(pos), ex);
}

/* f(args...; kws...) -> Core.kwcall(namedtuple, f, args...) */
static jl_value_t *expand_kwcall(C *c, jl_value_t *f, jl_value_t **args, size_t n)
{
    jl_array_t *kws = lower_vec(), *pos = lower_vec();
    for (size_t i = 0; i < n; i++) {
        if (is_params(args[i])) {
            for (size_t k = 0; k < NA(args[i]); k++)
                jl_array_ptr_1d_push(kws, A(args[i], k));
        }
        else if (is_kw(args[i]))
            jl_array_ptr_1d_push(kws, args[i]);
        else
            jl_array_ptr_1d_push(pos, args[i]);
    }
    /* keyword items in source order: params come first syntactically but kw= items are in order too */
    if (jl_array_len(kws) == 0)
        return expand_call_args(c, f, jl_array_ptr_data(pos), jl_array_len(pos));
    if (jl_array_len(kws) == 1 && is_dots(jl_array_ptr_ref(kws, 0))) {
        /* only `kw...`: with an empty container f is called without keywords (it need not accept
           any), as Julia lowers it */
        jl_value_t *out = blk(), *kt = lower_ssa(c), *ft = lower_ssa(c);
        push(out, asgn(kt, ex(c, A(jl_array_ptr_ref(kws, 0), 0))));
        push(out, asgn(ft, ex(c, f)));
        jl_value_t *plain = expand_call_args(c, ft, jl_array_ptr_data(pos), jl_array_len(pos));
        jl_value_t *nt = lower_call(TOP("merge"), 2, lower_call(CORE("NamedTuple"), 0), kt);
        push(out, lower_expr(jl_s_if, 3, lower_call(TOP("isempty"), 1, kt), plain, kwcall_call(c, nt, ft, pos)));
        return out;
    }
    jl_value_t *nt = expand_named_tuple(c, jl_array_ptr_data(kws), jl_array_len(kws));
    return kwcall_call(c, nt, ex(c, f), pos);
}

/* ---------------------------------------------------------------- indexing with begin/end */

static jl_value_t *replace_beginend(C *c, jl_value_t *e, jl_value_t *a, size_t n, int last, size_t nidx)
{
    (void)c;
    if (e == (jl_value_t *)SYM("end") || e == (jl_value_t *)SYM("begin")) {
        int isend = e == (jl_value_t *)SYM("end");
        jl_value_t *f = TOP(isend ? "lastindex" : "firstindex");
        if (last && n == 1 && nidx == 1)
            return lower_call(f, 1, a);
        return lower_call(f, 2, a, jl_box_int64((int64_t)n));
    }
    if (!jl_is_expr(e) || H(e) == jl_s_quote || H(e) == jl_s_inert)
        return e;
    if (H(e) == jl_s_ref) {
        jl_value_t *r = lower_exprv(jl_s_ref, jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
        jl_exprargset(r, 0, replace_beginend(c, A(e, 0), a, n, last, nidx));
        return r;
    }
    jl_value_t *r = lower_exprv(H(e), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    for (size_t i = 0; i < NA(e); i++)
        jl_exprargset(r, i, replace_beginend(c, A(e, i), a, n, last, nidx));
    return r;
}

static int contains_beginend(jl_value_t *e)
{
    if (e == (jl_value_t *)SYM("end") || e == (jl_value_t *)SYM("begin"))
        return 1;
    if (!jl_is_expr(e) || H(e) == jl_s_quote || H(e) == jl_s_inert)
        return 0;
    size_t n = H(e) == jl_s_ref ? 1 : NA(e);
    for (size_t i = 0; i < n; i++)
        if (contains_beginend(A(e, i)))
            return 1;
    return 0;
}

/* indices of a[...] with begin/end replaced; `a` must already be an atom */
static jl_array_t *process_indices(C *c, jl_value_t *a, jl_value_t *refex)
{
    jl_array_t *out = lower_vec();
    size_t nidx = NA(refex) - 1;
    for (size_t i = 1; i < NA(refex); i++) {
        jl_value_t *idx = A(refex, i);
        int va = is_dots(idx);
        jl_value_t *inner = va ? A(idx, 0) : idx;
        inner = replace_beginend(c, inner, a, i, i == NA(refex) - 1, nidx);
        jl_array_ptr_1d_push(out, va ? lower_expr(jl_s_dots, 1, inner) : inner);
    }
    return out;
}

static jl_value_t *expand_ref(C *c, jl_value_t *e)
{
    jl_value_t *stmts = blk();
    jl_value_t *a = A(e, 0);
    int need = 0;
    for (size_t i = 1; i < NA(e); i++)
        need |= contains_beginend(A(e, i));
    if (need && !jl_is_symbol(a)) {
        jl_value_t *t = lower_ssa(c);
        push(stmts, asgn(t, ex(c, a)));
        a = t;
    }
    jl_array_t *idx = process_indices(c, a, e);
    jl_array_t *args = lower_vec();
    jl_array_ptr_1d_push(args, a);
    for (size_t i = 0; i < jl_array_len(idx); i++)
        jl_array_ptr_1d_push(args, jl_array_ptr_ref(idx, i));
    jl_value_t *call = expand_call_args(c, TOP("getindex"), jl_array_ptr_data(args), jl_array_len(args));
    return NA(stmts) ? push(stmts, call) : call;
}

/* ---------------------------------------------------------------- broadcasting */

static int is_dotcall(jl_value_t *e)
{
    if (IS(e, jl_s_dot) && NA(e) == 2 && IS(A(e, 1), jl_s_tuple))
        return 1;
    if (IS(e, jl_s_call) && jl_is_symbol(A(e, 0)) && is_operator_dotted((jl_sym_t *)A(e, 0)))
        return 1;
    if (IS(e, SYM(".&&")) || IS(e, SYM(".||")))
        return 1;
    return 0;
}

static jl_value_t *bc_tree(C *c, jl_value_t *e);

/* f.(args...; kw...) -> Base.broadcasted_kwsyntax(f, args...; kw...), as Julia: each positional
   argument still fuses into the tree; the keywords go to every call of f */
static jl_value_t *bc_kwsyntax(C *c, jl_value_t *f, jl_array_t *args)
{
    jl_value_t *stmts = blk();
    jl_array_t *cargs = lower_vec();
    jl_value_t *ft = lower_ssa(c);
    push(stmts, asgn(ft, f));
    jl_array_ptr_1d_push(cargs, ft);
    for (size_t i = 0; i < jl_array_len(args); i++) {
        jl_value_t *a = jl_array_ptr_ref(args, i);
        if (is_kw(a) || is_params(a)) {
            jl_array_ptr_1d_push(cargs, a);
            continue;
        }
        jl_value_t *t = lower_ssa(c);
        push(stmts, asgn(t, bc_tree(c, is_dots(a) ? A(a, 0) : a)));
        jl_array_ptr_1d_push(cargs, is_dots(a) ? lower_expr(jl_s_dots, 1, t) : t);
    }
    push(stmts, expand_call_args(c, TOP("broadcasted_kwsyntax"), jl_array_ptr_data(cargs), jl_array_len(cargs)));
    return stmts;
}

/* fuse nested dot calls into one Base.broadcasted tree */
static jl_value_t *bc_tree(C *c, jl_value_t *e)
{
    if (!is_dotcall(e))
        return ex(c, e);
    jl_value_t *f;
    jl_array_t *args = lower_vec();
    if (IS(e, jl_s_dot)) {
        f = ex(c, A(e, 0));
        jl_value_t *t = A(e, 1);
        for (size_t i = 0; i < NA(t); i++)
            jl_array_ptr_1d_push(args, A(t, i));
    }
    else if (IS(e, SYM(".&&")) || IS(e, SYM(".||"))) {
        f = TOP(IS(e, SYM(".&&")) ? "andand" : "oror");
        jl_array_ptr_1d_push(args, A(e, 0));
        jl_array_ptr_1d_push(args, A(e, 1));
    }
    else {
        const char *n = jl_symbol_name((jl_sym_t *)A(e, 0));
        f = (jl_value_t *)SYM(n + 1);
        for (size_t i = 1; i < NA(e); i++)
            jl_array_ptr_1d_push(args, A(e, i));
    }
    if (any_kw(jl_array_ptr_data(args), jl_array_len(args)))
        return bc_kwsyntax(c, f, args);
    int splat = 0;
    for (size_t i = 0; i < jl_array_len(args); i++)
        splat |= is_dots(jl_array_ptr_ref(args, i));
    if (splat) { /* f.(xs...) -> Core._apply_iterate(iterate, broadcasted, (f,), xs) */
        jl_value_t *call = lower_call(CORE("_apply_iterate"), 3, TOP("iterate"), TOP("broadcasted"),
                                      lower_call(CORE("tuple"), 1, f));
        return push_splat_runs(c, call, jl_array_ptr_data(args), jl_array_len(args), bc_tree);
    }
    jl_value_t *call = lower_call(TOP("broadcasted"), 1, f);
    for (size_t i = 0; i < jl_array_len(args); i++)
        push(call, bc_tree(c, jl_array_ptr_ref(args, i)));
    return call;
}

static jl_value_t *expand_broadcast(C *c, jl_value_t *e)
{
    return lower_call(TOP("materialize"), 1, bc_tree(c, e));
}

/* lhs .= rhs and lhs .op= rhs */
static jl_value_t *expand_dotassign(C *c, jl_value_t *lhs, jl_value_t *rhs)
{
    jl_value_t *stmts = blk();
    jl_value_t *dest;
    if (IS(lhs, jl_s_ref)) {
        jl_value_t *a = once(c, stmts, A(lhs, 0));
        jl_array_t *idx = process_indices(c, a, lhs);
        jl_array_t *args = lower_vec();
        jl_array_ptr_1d_push(args, a);
        for (size_t i = 0; i < jl_array_len(idx); i++)
            jl_array_ptr_1d_push(args, jl_array_ptr_ref(idx, i));
        dest = expand_call_args(c, TOP("dotview"), jl_array_ptr_data(args), jl_array_len(args));
    }
    else
        dest = ex(c, lhs);
    jl_value_t *src = is_dotcall(rhs) ? bc_tree(c, rhs) : lower_call(TOP("broadcasted"), 2, TOP("identity"), ex(c, rhs));
    push(stmts, lower_call(TOP("materialize!"), 2, dest, src));
    return stmts;
}

/* ---------------------------------------------------------------- comparisons */

/* A chain with a dotted operator: as Julia, runs of undotted comparisons are joined with `&&` and those
   runs and each dotted comparison with `.&`, so `a .< b .< c` is the fused `(a .< b) .& (b .< c)`.
   Middle operands that are expressions are evaluated once, before the chain. */
static jl_value_t *expand_dotted_comparison(C *c, jl_value_t *e)
{
    size_t n = NA(e);
    jl_value_t *stmts = blk();
    jl_value_t *opnd = lower_expr(jl_s_comparison, 0);  /* e with middle expressions replaced */
    for (size_t i = 0; i < n; i++) {
        jl_value_t *a = A(e, i);
        if (i % 2 == 0 && i > 0 && i + 1 < n && jl_is_expr(a)) {
            jl_value_t *r = lower_ssa(c);
            push(stmts, asgn(r, ex(c, a)));
            a = r;
        }
        push(opnd, a);
    }
    jl_value_t *all = NULL, *run = NULL;
    jl_sym_t *dotand = jl_symbol(".&");
    for (size_t i = 1; i + 1 < n; i += 2) {
        jl_value_t *op = A(e, i);
        jl_value_t *cmp = lower_expr(jl_s_call, 3, op, A(opnd, i - 1), A(opnd, i + 1));
        if (jl_is_symbol(op) && is_operator_dotted((jl_sym_t *)op)) {
            if (run)
                all = all ? lower_expr(jl_s_call, 3, dotand, all, run) : run;
            run = NULL;
            all = all ? lower_expr(jl_s_call, 3, dotand, all, cmp) : cmp;
        }
        else
            run = run ? lower_expr(jl_s_and, 2, run, cmp) : cmp;
    }
    if (run)
        all = all ? lower_expr(jl_s_call, 3, dotand, all, run) : run;
    jl_value_t *r = ex(c, all);
    return NA(stmts) ? push(stmts, r) : r;
}

static jl_value_t *expand_comparison(C *c, jl_value_t *e)
{
    /* (comparison a op b op c ...) -> a op b && b op c, middle operands evaluated once */
    size_t n = NA(e);
    for (size_t i = 1; i < n; i += 2)
        if (jl_is_symbol(A(e, i)) && is_operator_dotted((jl_sym_t *)A(e, i)))
            return expand_dotted_comparison(c, e);
    jl_value_t *stmts = blk();
    jl_value_t *prev = ex(c, A(e, 0));
    jl_value_t *result = NULL;
    for (size_t i = 1; i + 1 < n; i += 2) {
        jl_value_t *op = A(e, i), *rhs = A(e, i + 1);
        jl_value_t *r = rhs;
        if (i + 2 < n && jl_is_expr(rhs)) {
            r = lower_ssa(c);
            jl_value_t *cmp_stmts = blk();
            push(cmp_stmts, asgn(r, ex(c, rhs)));
            jl_value_t *call = lower_call(ex(c, op), 2, prev, r);
            push(cmp_stmts, call);
            result = result ? lower_expr(jl_s_if, 3, result, cmp_stmts, jl_false) : cmp_stmts;
            prev = r;
            continue;
        }
        r = ex(c, rhs);
        jl_value_t *call = lower_call(ex(c, op), 2, prev, r);
        result = result ? lower_expr(jl_s_if, 3, result, call, jl_false) : call;
        prev = r;
    }
    return NA(stmts) ? push(stmts, result) : result;
}

/* ---------------------------------------------------------------- strings and quoting */

static jl_value_t *expand_string(C *c, jl_value_t *e)
{
    jl_value_t *call = lower_call(TOP("string"), 0);
    for (size_t i = 0; i < NA(e); i++)
        push(call, ex(c, A(e, i)));
    return call;
}

static int has_interp(jl_value_t *e, int depth)
{
    if (!jl_is_expr(e))
        return 0;
    if (H(e) == jl_s_dollar)
        return depth == 0 ? 1 : has_interp(A(e, 0), depth - 1);
    int d = H(e) == jl_s_quote ? depth + 1 : depth;
    for (size_t i = 0; i < NA(e); i++)
        if (has_interp(A(e, i), d))
            return 1;
    return 0;
}

/* quote with $: build with Core._expr, splicing $(xs...) through _apply_iterate */
static jl_value_t *bq(C *c, jl_value_t *e, int depth)
{
    if (!jl_is_expr(e)) {
        if (jl_is_symbol(e) || jl_is_quotenode(e) || jl_is_linenode(e))
            return lower_quote(e);
        return e;
    }
    if (!has_interp(e, depth))
        return lower_expr(jl_s_copyast, 1, lower_quote(e));
    if (H(e) == jl_s_dollar && depth == 0) {
        if (NA(e) != 1)
            lower_error(c, "\"$\" expression outside quote");
        return ex(c, A(e, 0));
    }
    int d = H(e) == jl_s_quote ? depth + 1 : H(e) == jl_s_dollar ? depth - 1 : depth;
    int splice = 0;
    for (size_t i = 0; i < NA(e); i++) {
        jl_value_t *a = A(e, i);
        if (d == 0 && IS(a, jl_s_dollar) && NA(a) == 1 && is_dots(A(a, 0)))
            splice = 1;
    }
    if (!splice) {
        jl_value_t *call = lower_call(CORE("_expr"), 1, lower_quote((jl_value_t *)H(e)));
        for (size_t i = 0; i < NA(e); i++)
            push(call, bq(c, A(e, i), d));
        return call;
    }
    jl_value_t *call = lower_call(CORE("_apply_iterate"), 3, TOP("iterate"), CORE("_expr"),
                                  lower_call(CORE("tuple"), 1, lower_quote((jl_value_t *)H(e))));
    for (size_t i = 0; i < NA(e); i++) {
        jl_value_t *a = A(e, i);
        if (d == 0 && IS(a, jl_s_dollar) && NA(a) == 1 && is_dots(A(a, 0)))
            push(call, ex(c, A(A(a, 0), 0)));
        else
            push(call, lower_call(CORE("tuple"), 1, bq(c, a, d)));
    }
    return call;
}

static jl_value_t *expand_quote(C *c, jl_value_t *e)
{
    jl_value_t *q = A(e, 0);
    if (!jl_is_expr(q))
        return jl_is_symbol(q) || jl_is_quotenode(q) || jl_is_linenode(q) ? lower_quote(q) : q;
    return bq(c, q, 0);
}

/* ---------------------------------------------------------------- assignment */

static jl_value_t *destructure(C *c, jl_value_t *lhs, jl_value_t *rhs)
{
    jl_value_t *stmts = blk();
    size_t n = NA(lhs);
    if (n == 1 && is_params(A(lhs, 0))) { /* (; a, b) = x */
        jl_value_t *x = once(c, stmts, rhs);
        jl_value_t *p = A(lhs, 0);
        for (size_t i = 0; i < NA(p); i++) {
            jl_value_t *v = A(p, i);
            jl_value_t *name = IS(v, jl_s_doublecolon) ? A(v, 0) : v;
            if (!jl_is_symbol(name))
                lower_error(c, "invalid assignment location");
            push(stmts, expand_assign(c, v, lower_call(TOP("getproperty"), 2, x, qsym(name))));
        }
        push(stmts, x);
        return stmts;
    }
    /* (a, b) = (c, d): evaluate the right side first, then assign */
    if (IS(rhs, jl_s_tuple) && NA(rhs) == n) {
        int simple = 1;
        for (size_t i = 0; i < n; i++)
            simple &= !is_dots(A(lhs, i)) && !is_dots(A(rhs, i)) && !IS(A(rhs, i), jl_s_assign) &&
                       !is_params(A(rhs, i));
        if (simple) {
            jl_array_t *tmps = lower_vec();
            for (size_t i = 0; i < n; i++) {
                jl_value_t *r = A(rhs, i);
                jl_value_t *t = r;
                if (!is_effect_free_atom(r)) {
                    t = lower_ssa(c);
                    push(stmts, asgn(t, ex(c, r)));
                }
                jl_array_ptr_1d_push(tmps, t);
            }
            for (size_t i = 0; i < n; i++)
                push(stmts, expand_assign(c, A(lhs, i), jl_array_ptr_ref(tmps, i)));
            push(stmts, callv(CORE("tuple"), jl_array_ptr_data(tmps), n));
            return stmts;
        }
    }
    jl_value_t *x = rhs;
    if (!is_effect_free_atom(rhs)) {
        x = lower_ssa(c);
        push(stmts, asgn(x, ex(c, rhs)));
    }
    jl_value_t *state = NULL;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *l = A(lhs, i);
        if (is_dots(l)) {
            jl_value_t *rest = lower_call(TOP("rest"), state ? 2 : 1, x, state);
            if (i + 1 != n) {
                jl_value_t *call = lower_call(TOP("split_rest"), 3, x, jl_box_int64((int64_t)(n - i - 1)), state);
                if (!state)
                    call = lower_call(TOP("split_rest"), 2, x, jl_box_int64((int64_t)(n - i - 1)));
                jl_value_t *t = lower_ssa(c);
                push(stmts, asgn(t, call));
                push(stmts, expand_assign(c, A(l, 0), lower_call(CORE("getfield"), 2, t, jl_box_int64(1))));
                jl_value_t *rest2 = lower_ssa(c);
                push(stmts, asgn(rest2, lower_call(CORE("getfield"), 2, t, jl_box_int64(2))));
                x = rest2;
                state = NULL;
                jl_value_t *sub = lower_expr(jl_s_tuple, 0);
                for (size_t k = i + 1; k < n; k++)
                    push(sub, A(lhs, k));
                jl_value_t *r = destructure(c, sub, x);
                for (size_t k = 0; k + 1 < NA(r); k++)
                    push(stmts, A(r, k));
                break;
            }
            push(stmts, expand_assign(c, A(l, 0), rest));
            continue;
        }
        jl_value_t *it = state ? lower_call(TOP("indexed_iterate"), 3, x, jl_box_int64((int64_t)i + 1), state)
                               : lower_call(TOP("indexed_iterate"), 2, x, jl_box_int64((int64_t)i + 1));
        jl_value_t *t = lower_ssa(c);
        push(stmts, asgn(t, it));
        push(stmts, expand_assign(c, l, lower_call(CORE("getfield"), 2, t, jl_box_int64(1))));
        if (i + 1 < n) {
            jl_value_t *st = (jl_value_t *)lower_gensym(c, "s");
            push(stmts, lower_expr(jl_s_local, 1, st));
            push(stmts, asgn(st, lower_call(CORE("getfield"), 2, t, jl_box_int64(2))));
            state = st;
        }
    }
    push(stmts, x);
    return stmts;
}

static int is_function_sig(jl_value_t *lhs)
{
    while (IS(lhs, jl_s_where) || (IS(lhs, jl_s_doublecolon) && NA(lhs) == 2 && IS(A(lhs, 0), jl_s_call)) ||
           (IS(lhs, jl_s_doublecolon) && NA(lhs) == 2 && IS(A(lhs, 0), jl_s_where)))
        lhs = A(lhs, 0);
    return IS(lhs, jl_s_call);
}

static jl_value_t *expand_assign(C *c, jl_value_t *lhs, jl_value_t *rhs)
{
    if (jl_is_symbol(lhs) || jl_is_ssavalue(lhs) || jl_is_globalref(lhs)) {
        if (IS(rhs, jl_s_assign)) { /* a = b = c */
            jl_value_t *inner = expand_assign(c, A(rhs, 0), A(rhs, 1));
            jl_value_t *t = lower_ssa(c);
            jl_value_t *b = blk();
            /* julia evaluates c, assigns b, then a */
            push(b, asgn(t, inner));
            push(b, asgn(lhs, t));
            push(b, t);
            return b;
        }
        return asgn(lhs, ex(c, rhs));
    }
    if (!jl_is_expr(lhs))
        lower_error(c, "invalid assignment location");
    jl_sym_t *h = H(lhs);
    if (h == jl_s_doublecolon && NA(lhs) == 2 && jl_is_symbol(A(lhs, 0))) {
        jl_value_t *b = blk();
        push(b, lower_expr(lsym.decl, 2, A(lhs, 0), ex(c, A(lhs, 1))));
        push(b, asgn(A(lhs, 0), ex(c, rhs)));
        return b;
    }
    if (h == jl_s_dot && NA(lhs) == 2) {
        jl_value_t *b = blk();
        jl_value_t *a = once(c, b, A(lhs, 0));
        jl_value_t *f = A(lhs, 1);
        if (!jl_is_quotenode(f))
            f = once(c, b, f);
        jl_value_t *r = rhs;
        if (!is_effect_free_atom(r) && !jl_is_symbol(r)) {
            r = lower_ssa(c);
            push(b, asgn(r, ex(c, rhs)));
        }
        push(b, lower_call(TOP("setproperty!"), 3, a, f, r));
        push(b, r);
        return b;
    }
    if (h == jl_s_ref) {
        jl_value_t *b = blk();
        jl_value_t *a = A(lhs, 0);
        int need = 0;
        for (size_t i = 1; i < NA(lhs); i++)
            need |= contains_beginend(A(lhs, i));
        if (need && !jl_is_symbol(a))
            a = once(c, b, a);
        else
            a = a;
        jl_array_t *idx = process_indices(c, a, lhs);
        jl_value_t *r = rhs;
        if (jl_is_expr(rhs)) {
            r = lower_ssa(c);
            push(b, asgn(r, ex(c, rhs)));
        }
        jl_array_t *args = lower_vec();
        jl_array_ptr_1d_push(args, a);
        jl_array_ptr_1d_push(args, r);
        for (size_t i = 0; i < jl_array_len(idx); i++)
            jl_array_ptr_1d_push(args, jl_array_ptr_ref(idx, i));
        push(b, expand_call_args(c, TOP("setindex!"), jl_array_ptr_data(args), jl_array_len(args)));
        push(b, r);
        return b;
    }
    if (h == jl_s_tuple)
        return destructure(c, lhs, rhs);
    if (is_function_sig(lhs))
        return expand_function(c, lhs, rhs, 0);
    if (h == jl_s_curly)
        lower_error(c, "invalid type parameter name");
    if (h == jl_s_vect || h == jl_s_vcat || h == jl_s_hcat)
        lower_error(c, "use \"(a, b) = ...\" to assign multiple values");
    if (h == jl_s_outerref || h == lsym.lv)
        return asgn(lhs, ex(c, rhs));
    lower_error(c, "invalid assignment location");
}

/* x op= y */
static jl_value_t *expand_update(C *c, jl_value_t *e)
{
    const char *hn = jl_symbol_name(H(e));
    size_t len = strlen(hn);
    char opname[64];
    snprintf(opname, sizeof(opname), "%.*s", (int)(len - 1), hn);
    jl_value_t *lhs = A(e, 0), *rhs = A(e, 1);
    if (opname[0] == '.' && opname[1] != 0) {
        /* a .+= b  ->  a .= a .+ b */
        jl_value_t *r = lower_call((jl_value_t *)SYM(opname), 2, lhs, rhs);
        return expand_dotassign(c, lhs, r);
    }
    jl_value_t *b = blk();
    jl_value_t *op = (jl_value_t *)SYM(opname);
    if (IS(lhs, jl_s_ref)) {
        jl_value_t *a = once(c, b, A(lhs, 0));
        jl_value_t *nref = lower_expr(jl_s_ref, 1, a);
        jl_array_t *idx = process_indices(c, a, lhs);
        for (size_t i = 0; i < jl_array_len(idx); i++) {
            jl_value_t *ix = jl_array_ptr_ref(idx, i);
            if (is_dots(ix)) {
                push(nref, ix);
                continue;
            }
            push(nref, once(c, b, ix));
        }
        push(b, expand_assign(c, nref, lower_call(op, 2, nref, rhs)));
        return b;
    }
    if (IS(lhs, jl_s_dot)) {
        jl_value_t *a = once(c, b, A(lhs, 0));
        jl_value_t *nl = lower_expr(jl_s_dot, 2, a, A(lhs, 1));
        push(b, expand_assign(c, nl, lower_call(op, 2, nl, rhs)));
        return b;
    }
    if (IS(lhs, jl_s_doublecolon) && NA(lhs) == 2) {
        push(b, expand_assign(c, lhs, lower_call(op, 2, A(lhs, 0), rhs)));
        return b;
    }
    if (IS(lhs, jl_s_tuple)) {
        jl_value_t *t = lower_ssa(c);
        push(b, asgn(t, ex(c, lower_call(op, 2, lhs, rhs))));
        push(b, expand_assign(c, lhs, t));
        return b;
    }
    if (!jl_is_symbol(lhs))
        lower_error(c, "invalid assignment location");
    return expand_assign(c, lhs, lower_call(op, 2, lhs, rhs));
}

/* ---------------------------------------------------------------- control flow */

static jl_value_t *scope_block(jl_value_t *b) { return lower_expr(lsym.scope_block, 1, b); }
/* loop and try bodies: soft scopes (Julia >= 1.5 top-level rule) */
static jl_value_t *soft_block(jl_value_t *b) { return lower_expr(lsym.scope_block, 2, b, lsym.softscope); }

static jl_value_t *expand_while(C *c, jl_value_t *e)
{
    jl_value_t *body = lower_expr(lsym.break_block, 2, SYM("loop-cont"), soft_block(ex(c, A(e, 1))));
    jl_value_t *w = lower_expr(lsym.lwhile, 2, ex(c, A(e, 0)), body);
    return lower_expr(lsym.break_block, 2, SYM("loop-exit"), w);
}

static void lhs_vars(jl_value_t *lhs, jl_value_t *into)
{
    if (jl_is_symbol(lhs))
        push(into, lhs);
    else if (IS(lhs, jl_s_tuple))
        for (size_t i = 0; i < NA(lhs); i++)
            lhs_vars(A(lhs, i), into);
    else if (IS(lhs, jl_s_doublecolon) || is_dots(lhs))
        lhs_vars(A(lhs, 0), into);
    else if (is_params(lhs))
        for (size_t i = 0; i < NA(lhs); i++)
            lhs_vars(A(lhs, i), into);
}

/* one iteration level of `for lhs in itr body` */
static jl_value_t *expand_for1(C *c, jl_value_t *lhs, jl_value_t *itr, jl_value_t *body, int outer)
{
    jl_value_t *coll = lower_ssa(c);
    jl_sym_t *next = lower_gensym(c, "next");
    jl_value_t *state = lower_ssa(c);
    jl_value_t *b = blk();
    push(b, asgn(coll, ex(c, itr)));
    push(b, lower_expr(jl_s_local, 1, next));
    push(b, asgn((jl_value_t *)next, lower_call(TOP("iterate"), 1, coll)));
    jl_value_t *test = lower_call(TOP("not_int"), 1, lower_call(CORE("==="), 2, next, jl_nothing));
    jl_value_t *inner = blk();
    if (!outer) {
        jl_value_t *loc = lower_expr(jl_s_local, 0);
        lhs_vars(lhs, loc);
        if (NA(loc))
            push(inner, loc);
    }
    jl_value_t *cur = lower_ssa(c); /* Julia reads the iteration result once: %k = next */
    push(inner, asgn(cur, (jl_value_t *)next));
    push(inner, expand_assign(c, lhs, lower_call(CORE("getfield"), 2, cur, jl_box_int64(1))));
    push(inner, asgn(state, lower_call(CORE("getfield"), 2, cur, jl_box_int64(2))));
    push(inner, lower_expr(lsym.break_block, 2, SYM("loop-cont"), body));
    jl_value_t *loopbody = blk();
    push(loopbody, soft_block(inner));
    push(loopbody, asgn((jl_value_t *)next, lower_call(TOP("iterate"), 2, coll, state)));
    jl_value_t *test2 = lower_call(TOP("not_int"), 1, lower_call(CORE("==="), 2, next, jl_nothing));
    push(b, lower_expr(jl_s_if, 2, test, lower_expr(lsym.ldowhile, 2, loopbody, test2)));
    return b;
}

static jl_value_t *expand_for(C *c, jl_value_t *e)
{
    jl_value_t *spec = A(e, 0);
    jl_array_t *ranges = lower_vec();
    if (IS(spec, jl_s_block)) {
        for (size_t i = 0; i < NA(spec); i++)
            if (!jl_is_linenode(A(spec, i)))
                jl_array_ptr_1d_push(ranges, A(spec, i));
    }
    else
        jl_array_ptr_1d_push(ranges, spec);
    jl_value_t *body = ex(c, A(e, 1));
    for (size_t k = jl_array_len(ranges); k-- > 0;) {
        jl_value_t *r = jl_array_ptr_ref(ranges, k);
        if (!IS(r, jl_s_assign) && !IS(r, SYM("in")) && !IS(r, SYM("\xe2\x88\x88")))
            lower_error(c, "invalid iteration specification");
        jl_value_t *lhs = A(r, 0);
        int outer = 0;
        if (IS(lhs, SYM("outer"))) {
            outer = 1;
            lhs = A(lhs, 0);
        }
        body = expand_for1(c, lhs, A(r, 1), body, outer);
        if (k > 0)
            body = soft_block(body);
    }
    return lower_expr(lsym.break_block, 2, SYM("loop-exit"), body);
}

static jl_value_t *expand_let(C *c, jl_value_t *e)
{
    jl_value_t *binds = A(e, 0);
    jl_value_t *body = ex(c, A(e, 1));
    jl_array_t *bl = lower_vec();
    if (IS(binds, jl_s_block)) {
        for (size_t i = 0; i < NA(binds); i++)
            if (!jl_is_linenode(A(binds, i)))
                jl_array_ptr_1d_push(bl, A(binds, i));
    }
    else
        jl_array_ptr_1d_push(bl, binds);
    /* innermost binding last: each binding gets a nested scope (later ones see earlier ones) */
    jl_value_t *cur = scope_block(body);
    for (size_t k = jl_array_len(bl); k-- > 0;) {
        jl_value_t *bnd = jl_array_ptr_ref(bl, k);
        jl_value_t *b = blk();
        if (jl_is_symbol(bnd)) {
            push(b, lower_expr(lsym.local_def, 1, bnd));
        }
        else if (IS(bnd, jl_s_assign)) {
            jl_value_t *lhs = A(bnd, 0);
            if (jl_is_symbol(lhs)) {
                /* let x = x: the right side is evaluated in the outer scope */
                jl_value_t *t = lower_ssa(c);
                jl_value_t *outer = blk();
                push(outer, asgn(t, ex(c, A(bnd, 1))));
                push(b, lower_expr(lsym.local_def, 1, lhs));
                push(b, asgn(lhs, t));
                push(b, cur);
                push(outer, scope_block(b));
                cur = outer;
                continue;
            }
            else if (is_function_sig(lhs)) {
                jl_value_t *fn = lhs;
                while (!IS(fn, jl_s_call))
                    fn = A(fn, 0);
                push(b, lower_expr(lsym.local_def, 1, A(fn, 0)));
                push(b, ex(c, bnd));
            }
            else {
                jl_value_t *t = lower_ssa(c);
                jl_value_t *outer = blk();
                push(outer, asgn(t, ex(c, A(bnd, 1))));
                jl_value_t *loc = lower_expr(lsym.local_def, 0);
                lhs_vars(lhs, loc);
                push(b, loc);
                push(b, expand_assign(c, lhs, t));
                push(b, cur);
                push(outer, scope_block(b));
                cur = outer;
                continue;
            }
        }
        else if (IS(bnd, jl_s_doublecolon)) {
            push(b, lower_expr(lsym.local_def, 1, A(bnd, 0)));
            push(b, lower_expr(lsym.decl, 2, A(bnd, 0), ex(c, A(bnd, 1))));
        }
        else
            lower_error(c, "invalid let syntax");
        push(b, cur);
        cur = scope_block(b);
    }
    return cur;
}

/* x op= y (not .op=): the updating assignments of expand_update */
static int is_update_op(jl_value_t *e)
{
    if (!jl_is_expr(e) || NA(e) != 2)
        return 0;
    const char *hn = jl_symbol_name(H(e));
    size_t len = strlen(hn);
    return len >= 2 && hn[len - 1] == '=' && hn[0] != '.' && strcmp(hn, "==") && strcmp(hn, "<=") &&
           strcmp(hn, ">=") && strcmp(hn, "!=") && strcmp(hn, "===") && strcmp(hn, ":=") && strcmp(hn, "!==");
}

static jl_value_t *expand_decls(C *c, jl_value_t *e)
{
    /* local/global x, y = 1, z::T */
    jl_sym_t *kind = H(e);
    jl_value_t *b = blk();
    for (size_t i = 0; i < NA(e); i++) {
        jl_value_t *d = A(e, i);
        if (jl_is_symbol(d))
            push(b, lower_expr(kind, 1, d));
        else if (IS(d, jl_s_doublecolon) && jl_is_symbol(A(d, 0))) {
            push(b, lower_expr(kind, 1, A(d, 0)));
            push(b, lower_expr(lsym.decl, 2, A(d, 0), ex(c, A(d, 1))));
        }
        else if (IS(d, jl_s_assign)) {
            jl_value_t *vars = lower_expr(kind, 0);
            jl_value_t *l = A(d, 0);
            if (is_function_sig(l)) {
                jl_value_t *fn = l;
                while (!IS(fn, jl_s_call))
                    fn = A(fn, 0);
                push(vars, A(fn, 0));
            }
            else
                lhs_vars(l, vars);
            for (size_t k = 0; k < NA(vars); k++)
                push(b, lower_expr(kind, 1, A(vars, k)));
            if (IS(l, jl_s_doublecolon) && jl_is_symbol(A(l, 0)))
                push(b, lower_expr(lsym.decl, 2, A(l, 0), ex(c, A(l, 1))));
            push(b, ex(c, IS(l, jl_s_doublecolon) ? asgn(A(l, 0), A(d, 1)) : d));
        }
        else if (IS(d, jl_s_tuple)) {
            for (size_t k = 0; k < NA(d); k++)
                push(b, ex(c, lower_expr(kind, 1, A(d, k))));
        }
        else if (jl_is_expr(d) && kind == jl_s_global && is_function_sig(d)) {
            push(b, ex(c, d));
        }
        else if (is_update_op(d) && jl_is_symbol(A(d, 0))) { /* global x += 1 */
            push(b, lower_expr(kind, 1, A(d, 0)));
            push(b, ex(c, d));
        }
        else
            lower_error(c, "invalid syntax in \"%s\" declaration", jl_symbol_name(kind));
    }
    if (NA(b) && !IS(A(b, NA(b) - 1), jl_s_assign) && !IS(A(b, NA(b) - 1), jl_s_block))
        push(b, lower_expr(lsym.null, 0));
    return b;
}

static jl_value_t *expand_const(C *c, jl_value_t *e)
{
    jl_value_t *d = A(e, 0);
    if (IS(d, jl_s_global) || IS(d, jl_s_local)) {
        if (IS(d, jl_s_local))
            lower_error(c, "unsupported `const` declaration on local variable");
        d = A(d, 0);
    }
    if (!IS(d, jl_s_assign))
        lower_error(c, "expected assignment after \"const\"");
    jl_value_t *lhs = A(d, 0);
    jl_value_t *b = blk();
    jl_value_t *vars = lower_expr(jl_s_const, 0);
    if (IS(lhs, jl_s_doublecolon))
        lhs = A(lhs, 0);
    lhs_vars(lhs, vars);
    for (size_t k = 0; k < NA(vars); k++) {
        push(b, lower_expr(jl_s_global, 1, A(vars, k)));
        push(b, lower_expr(jl_s_const, 1, A(vars, k)));
    }
    push(b, ex(c, d));
    return b;
}

static jl_value_t *expand_try(C *c, jl_value_t *e)
{
    /* (try body var catch [finally] [else]) */
    jl_value_t *body = ex(c, A(e, 0));
    jl_value_t *var = A(e, 1);
    jl_value_t *catchb = NA(e) > 2 ? A(e, 2) : jl_false;
    jl_value_t *fin = NA(e) > 3 ? A(e, 3) : jl_false;
    jl_value_t *elseb = NA(e) > 4 ? A(e, 4) : jl_false;
    int has_catch = catchb != jl_false;
    jl_value_t *r = soft_block(body);
    if (has_catch || elseb != jl_false) {
        jl_value_t *cb = blk();
        if (jl_is_symbol(var) && var != (jl_value_t *)lsym.underscore) {
            jl_value_t *sb = blk();
            push(sb, lower_expr(jl_s_local, 1, var));
            push(sb, asgn(var, lower_expr(jl_s_the_exception, 0)));
            push(sb, has_catch ? ex(c, catchb) : lower_expr(lsym.null, 0));
            push(cb, soft_block(sb));
        }
        else
            push(cb, soft_block(has_catch ? ex(c, catchb) : lower_expr(lsym.null, 0)));
        r = lower_expr(lsym.trycatch, 2, r, cb);
        if (elseb != jl_false)
            push(r, soft_block(ex(c, elseb)));
    }
    if (fin != jl_false)
        r = lower_expr(lsym.tryfinally, 2, r, soft_block(ex(c, fin)));
    return r;
}

/* ---------------------------------------------------------------- functions */

typedef struct {
    jl_value_t *name;       /* Symbol, GlobalRef-ish expr, or NULL (anonymous) */
    jl_value_t *selftype;   /* expression for the type of #self#, or NULL to use Typeof(name) */
    jl_sym_t *selfname;
    jl_array_t *args;       /* argument exprs (without parameters) */
    jl_value_t *params;     /* (parameters ...) or NULL */
    jl_array_t *sparams;    /* (name lb ub) triples as Expr(#list) */
    jl_value_t *rett;       /* return type expr or NULL */
    jl_value_t *nospecialize; /* (meta nospecialize names...) of the @nospecialize arguments */
} sig_t;

static jl_value_t *typevar_bounds(C *c, jl_value_t *v)
{
    /* returns (#list name lb ub) with lb/ub possibly nothing-literal NULL markers */
    jl_value_t *name = v, *lb = NULL, *ub = NULL;
    if (IS(v, jl_s_subtype)) {
        name = A(v, 0);
        ub = A(v, 1);
    }
    else if (IS(v, jl_s_supertype)) {
        name = A(v, 0);
        lb = A(v, 1);
    }
    else if (IS(v, jl_s_comparison) && NA(v) == 5) {
        lb = A(v, 0);
        name = A(v, 2);
        ub = A(v, 4);
    }
    if (!jl_is_symbol(name))
        lower_error(c, "invalid type parameter name");
    return lower_expr(lsym.list, 3, name, lb ? lb : (jl_value_t *)lsym.null, ub ? ub : (jl_value_t *)lsym.null);
}

static jl_value_t *arg_name(C *c, jl_value_t *a);
static void parse_sig(C *c, jl_value_t *sig, sig_t *s, int anon)
{
    memset(s, 0, sizeof(*s));
    s->sparams = lower_vec();
    s->args = lower_vec();
    jl_array_t *wheres = lower_vec();
    for (;;) {
        if (IS(sig, jl_s_where)) {
            for (size_t i = NA(sig) - 1; i >= 1; i--) {
                jl_value_t *v = A(sig, i);
                if (IS(v, jl_s_braces)) {
                    for (size_t k = NA(v); k-- > 0;)
                        jl_array_ptr_1d_push(wheres, typevar_bounds(c, A(v, k)));
                }
                else
                    jl_array_ptr_1d_push(wheres, typevar_bounds(c, v));
            }
            sig = A(sig, 0);
        }
        else if (IS(sig, jl_s_doublecolon) && NA(sig) == 2 && !s->rett &&
                 (IS(A(sig, 0), jl_s_call) || IS(A(sig, 0), jl_s_where) || IS(A(sig, 0), jl_s_tuple))) {
            s->rett = A(sig, 1);
            sig = A(sig, 0);
        }
        else
            break;
    }
    /* where-vars: outermost first */
    for (size_t k = jl_array_len(wheres); k-- > 0;)
        jl_array_ptr_1d_push(s->sparams, jl_array_ptr_ref(wheres, k));
    jl_value_t **args;
    size_t n;
    if (anon) {
        if (IS(sig, jl_s_tuple)) {
            args = jl_array_ptr_data(((jl_expr_t *)sig)->args);
            n = NA(sig);
        }
        else if (IS(sig, jl_s_block)) { /* (x; k) -> ... */
            jl_array_t *v = lower_vec();
            jl_value_t *params = lower_expr(jl_s_parameters, 0);
            int first = 1;
            for (size_t i = 0; i < NA(sig); i++) {
                jl_value_t *a = A(sig, i);
                if (jl_is_linenode(a))
                    continue;
                if (first)
                    jl_array_ptr_1d_push(v, a);
                else
                    push(params, IS(a, jl_s_assign) ? lower_expr(jl_s_kw, 2, A(a, 0), A(a, 1)) : a);
                first = 0;
            }
            if (NA(params))
                jl_array_ptr_1d_push(v, params);
            args = jl_array_ptr_data(v);
            n = jl_array_len(v);
        }
        else {
            args = &sig;
            n = 1;
        }
        s->name = NULL;
    }
    else {
        if (!IS(sig, jl_s_call))
            lower_error(c, "invalid function name");
        s->name = A(sig, 0);
        args = jl_array_ptr_data(((jl_expr_t *)sig)->args) + 1;
        n = NA(sig) - 1;
    }
    for (size_t i = 0; i < n; i++) {
        jl_value_t *a = args[i];
        if (is_params(a)) {
            if (s->params)
                lower_error(c, "more than one semicolon in argument list");
            s->params = a;
            continue;
        }
        if (IS(a, jl_s_assign))
            a = lower_expr(jl_s_kw, 2, A(a, 0), A(a, 1));
        if (IS(a, jl_s_meta)) { /* @nospecialize(x), @nospecialize(x::T=v), @nospecialize(x...) */
            a = A(a, NA(a) - 1);
            if (!s->nospecialize)
                s->nospecialize = lower_expr(jl_s_meta, 1, SYM("nospecialize"));
            push(s->nospecialize, arg_name(c, a));
        }
        jl_array_ptr_1d_push(s->args, a);
    }
}

/* argument name and type expression */
static jl_value_t *arg_name(C *c, jl_value_t *a)
{
    if (is_kw(a))
        a = A(a, 0);
    if (is_dots(a))
        a = A(a, 0);
    if (jl_is_symbol(a))
        return a;
    if (IS(a, jl_s_doublecolon))
        return NA(a) == 1 ? (jl_value_t *)lsym.unused : A(a, 0);
    if (IS(a, jl_s_meta)) /* @nospecialize x */
        return arg_name(c, A(a, NA(a) - 1));
    lower_error(c, "invalid argument syntax");
}

static jl_value_t *arg_type(C *c, jl_value_t *a)
{
    (void)c;
    if (is_kw(a))
        a = A(a, 0);
    int va = is_dots(a);
    if (va)
        a = A(a, 0);
    if (IS(a, jl_s_meta))
        a = A(a, NA(a) - 1);
    jl_value_t *t = IS(a, jl_s_doublecolon) ? A(a, NA(a) - 1) : (jl_value_t *)SYM("Any");
    if (t == (jl_value_t *)SYM("Any") && !IS(a, jl_s_doublecolon))
        t = CORE("Any");
    if (va)
        return lower_expr(jl_s_curly, 2, CORE("Vararg"), t);
    return t;
}

/* replace where-variable names by their TypeVar temporaries inside type expressions */
static jl_value_t *replace_vars(jl_value_t *e, jl_array_t *from, jl_array_t *to)
{
    if (jl_is_symbol(e)) {
        for (size_t i = 0; i < jl_array_len(from); i++)
            if (jl_array_ptr_ref(from, i) == e)
                return jl_array_ptr_ref(to, i);
        return e;
    }
    if (!jl_is_expr(e) || H(e) == jl_s_quote || H(e) == jl_s_inert)
        return e;
    jl_value_t *r = lower_exprv(H(e), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    for (size_t i = 0; i < NA(e); i++)
        jl_exprargset(r, i, replace_vars(A(e, i), from, to));
    return r;
}

static jl_value_t *current_line(C *c, jl_value_t *body)
{
    if (IS(body, jl_s_block))
        for (size_t i = 0; i < NA(body); i++)
            if (jl_is_linenode(A(body, i)))
                return A(body, i);
    return jl_new_linenumbernode(c->line, (jl_value_t *)c->file);
}

/* one method: (method name (block typevars... (call svec (call svec types...) (call svec tvs...) line)) lambda) */
static jl_value_t *method_def(C *c, jl_value_t *fname, jl_value_t *selftype, jl_sym_t *selfname,
                              jl_array_t *argnames, jl_array_t *argtypes, jl_array_t *sparams,
                              jl_value_t *body, jl_value_t *rett, jl_value_t *line)
{
    jl_value_t *sigb = blk();
    jl_array_t *names = lower_vec(), *temps = lower_vec();
    for (size_t i = 0; i < jl_array_len(sparams); i++) {
        jl_value_t *tv = jl_array_ptr_ref(sparams, i);
        jl_value_t *t = lower_ssa(c);
        jl_value_t *lb = A(tv, 1), *ub = A(tv, 2);
        jl_value_t *call = lower_typevar(qsym(A(tv, 0)),
                                         lb != (jl_value_t *)lsym.null ? ex(c, replace_vars(lb, names, temps)) : NULL,
                                         ub != (jl_value_t *)lsym.null ? ex(c, replace_vars(ub, names, temps)) : NULL);
        push(sigb, asgn(t, call));
        jl_array_ptr_1d_push(names, A(tv, 0));
        jl_array_ptr_1d_push(temps, t);
    }
    /* the self type may mention the where-variables too: Foo{T}(x) where {T} */
    jl_value_t *types = lower_call(CORE("svec"), 1, replace_vars(selftype, names, temps));
    for (size_t i = 0; i < jl_array_len(argtypes); i++)
        push(types, ex(c, replace_vars(jl_array_ptr_ref(argtypes, i), names, temps)));
    jl_value_t *tvs = callv(CORE("svec"), jl_array_ptr_data(temps), jl_array_len(temps));
    push(sigb, lower_call(CORE("svec"), 3, types, tvs, lower_quote(line)));
    /* lambda: (lambda (#list args...) (#list sparams...) body) */
    jl_value_t *alist = lower_expr(lsym.list, 1, selfname);
    for (size_t i = 0; i < jl_array_len(argnames); i++)
        push(alist, jl_array_ptr_ref(argnames, i));
    jl_value_t *slist = callv((jl_value_t *)lsym.list, jl_array_ptr_data(names), 0);
    ((jl_expr_t *)slist)->head = lsym.list;
    jl_array_del_end(((jl_expr_t *)slist)->args, 1);
    for (size_t i = 0; i < jl_array_len(names); i++)
        push(slist, jl_array_ptr_ref(names, i));
    jl_value_t *b = blk();
    push(b, line);
    if (rett) {
        jl_value_t *ev = ex(c, rett);
        push(b, lower_expr(jl_s_meta, 2, SYM("ret-type"), ev));
    }
    push(b, ex(c, body));
    jl_value_t *lam = lower_expr(lsym.lambda, 3, alist, slist, scope_block(b));
    return lower_expr(jl_s_method, 3, fname, sigb, lam);
}

static int any_default(jl_array_t *args)
{
    for (size_t i = 0; i < jl_array_len(args); i++)
        if (is_kw(jl_array_ptr_ref(args, i)))
            return 1;
    return 0;
}

static jl_value_t *kw_method_defs(C *c, sig_t *s, jl_value_t *fname, jl_value_t *selftype, jl_value_t *body,
                                  jl_value_t *line, int decl);

static int mentions_sym(jl_value_t *e, jl_value_t *sym)
{
    if (e == sym)
        return 1;
    if (!jl_is_expr(e) || H(e) == jl_s_quote || H(e) == jl_s_inert)
        return 0;
    for (size_t i = 0; i < NA(e); i++)
        if (mentions_sym(A(e, i), sym))
            return 1;
    return 0;
}

/* the where-variables a shorter method needs: those its argument types mention, and those their
   bounds mention (Julia's filter-sparams) */
static jl_array_t *used_sparams(jl_array_t *sparams, jl_array_t *types)
{
    size_t n = jl_array_len(sparams);
    char keep[256] = {0};
    if (n > 256)
        return sparams;
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < n; i++) {
            jl_value_t *nm = A(jl_array_ptr_ref(sparams, i), 0);
            int used = 0;
            for (size_t t = 0; t < jl_array_len(types) && !used; t++)
                used = mentions_sym(jl_array_ptr_ref(types, t), nm);
            for (size_t j = 0; j < n && !used; j++)
                if (keep[j] && j != i)
                    used = mentions_sym(A(jl_array_ptr_ref(sparams, j), 1), nm) ||
                           mentions_sym(A(jl_array_ptr_ref(sparams, j), 2), nm);
            if (used && !keep[i]) {
                keep[i] = 1;
                changed = 1;
            }
        }
    }
    jl_array_t *out = lower_vec();
    for (size_t i = 0; i < n; i++)
        if (keep[i])
            jl_array_ptr_1d_push(out, jl_array_ptr_ref(sparams, i));
    return out;
}

/* the methods taking fewer arguments when some have defaults: f(a, b=1, c=2) -> f(a) = f(a, 1, 2) and
 * f(a, b) = f(a, b, 2); with `kwcall` set, the same for Core.kwcall(kws, f, a...) (keyword functions) */
static void optional_forwarders(C *c, sig_t *s, jl_value_t *out, jl_value_t *fname, jl_value_t *selftype,
                                jl_value_t *line, int kwcall)
{
    jl_array_t *args = s->args;
    size_t n = jl_array_len(args), first_opt = n;
    for (size_t i = 0; i < n; i++)
        if (is_kw(jl_array_ptr_ref(args, i))) {
            first_opt = i;
            break;
        }
    for (size_t i = first_opt; i < n; i++) {
        jl_value_t *a = jl_array_ptr_ref(args, i);
        if (!is_kw(a) && !(is_dots(a) && i == n - 1))
            lower_error(c, "optional positional arguments must occur at end");
    }
    jl_sym_t *kws = jl_symbol("#kws");
    for (size_t k = first_opt; k < n; k++) {
        jl_value_t *a = jl_array_ptr_ref(args, k);
        if (!is_kw(a))
            break;
        /* method with the first k arguments, calling with defaults for the rest */
        jl_array_t *names = lower_vec(), *types = lower_vec();
        jl_value_t *call;
        if (kwcall) {
            jl_array_ptr_1d_push(names, (jl_value_t *)kws);
            jl_array_ptr_1d_push(types, CORE("NamedTuple"));
            jl_array_ptr_1d_push(names, (jl_value_t *)s->selfname);
            jl_array_ptr_1d_push(types, selftype);
            call = lower_call(CORE("kwcall"), 2, kws, s->selfname);
        }
        else
            call = lower_expr(jl_s_call, 1, s->selfname);
        for (size_t i = 0; i < k; i++) {
            jl_value_t *ai = jl_array_ptr_ref(args, i), *an = arg_name(c, ai);
            if (an == (jl_value_t *)lsym.unused) /* `::Type{T}` is passed on, so it needs a name */
                an = (jl_value_t *)lower_gensym(c, "arg");
            jl_array_ptr_1d_push(names, an);
            jl_array_ptr_1d_push(types, arg_type(c, ai));
            push(call, an);
        }
        /* Julia passes every remaining default, or only the next one when a default mentions an
           argument this method lacks (f(a, b=a, c=b): f(a) = f(a, a)) */
        int one = 0;
        for (size_t i = k; i < n; i++) {
            jl_value_t *ai = jl_array_ptr_ref(args, i);
            for (size_t j = k; j < n && is_kw(ai); j++)
                one |= mentions_sym(A(ai, 1), arg_name(c, jl_array_ptr_ref(args, j)));
        }
        for (size_t i = k; i < n; i++) {
            jl_value_t *ai = jl_array_ptr_ref(args, i);
            if (is_kw(ai))
                push(call, A(ai, 1));
            if (one)
                break;
        }
        jl_value_t *b = blk();
        push(b, lower_expr(jl_s_return, 1, call));
        jl_array_t *sp = used_sparams(s->sparams, types);
        if (kwcall) {
            jl_value_t *m = method_def(c, jl_false, lower_call(CORE("Typeof"), 1, CORE("kwcall")),
                                       SYM("#kwself#"), names, types, sp, b, NULL, line);
            if (jl_is_symbol(fname)) /* defaults of a local function may read its captures */
                push(m, fname);
            push(out, m);
        }
        else
            push(out, method_def(c, fname, selftype, s->selfname, names, types, sp, b, NULL, line));
    }
}

/* positional methods for defaults: f(a, b=1) -> f(a) = f(a, 1); f(a, b) = body */
static jl_value_t *positional_defs(C *c, sig_t *s, jl_value_t *fname, jl_value_t *selftype, jl_value_t *body,
                                   jl_value_t *line)
{
    jl_value_t *out = blk();
    jl_array_t *args = s->args;
    size_t n = jl_array_len(args);
    optional_forwarders(c, s, out, fname, selftype, line, 0);
    jl_array_t *names = lower_vec(), *types = lower_vec();
    for (size_t i = 0; i < n; i++) {
        jl_value_t *ai = jl_array_ptr_ref(args, i);
        jl_array_ptr_1d_push(names, arg_name(c, ai));
        jl_array_ptr_1d_push(types, arg_type(c, ai));
    }
    /* f(@nospecialize(x)) is f(x) whose body starts with `@nospecialize x`, as in Julia */
    if (s->nospecialize)
        body = lower_expr(jl_s_block, 2, s->nospecialize, body);
    push(out, method_def(c, fname, selftype, s->selfname, names, types, s->sparams, body, s->rett, line));
    return out;
}

static jl_value_t *self_type_of(C *c, sig_t *s, jl_value_t *fname)
{
    (void)c;
    return lower_call(CORE("Typeof"), 1, fname);
}

/* function f((a, b), c): a tuple pattern argument becomes an unnamed slot destructured on entry */
static jl_value_t *destructure_args(C *c, sig_t *s, jl_value_t *body)
{
    jl_value_t *pre = NULL;
    for (size_t i = 0; i < jl_array_len(s->args); i++) {
        jl_value_t *a = jl_array_ptr_ref(s->args, i);
        jl_value_t *pat = IS(a, jl_s_doublecolon) && NA(a) == 2 ? A(a, 0) : a;
        if (!IS(pat, jl_s_tuple))
            continue;
        jl_sym_t *g = lower_gensym(c, "arg");
        jl_array_ptr_set(s->args, i, pat == a ? (jl_value_t *)g : lower_expr(jl_s_doublecolon, 2, g, A(a, 1)));
        if (!pre)
            pre = blk();
        push(pre, lower_expr(jl_s_local, 1, asgn(pat, (jl_value_t *)g)));
    }
    if (!pre)
        return body;
    push(pre, body);
    return pre;
}

/* ---------------------------------------------------------------- @generated functions
 * `@generated function f(x::T) where T body end` arrives as a body `(block line (if (generated) body
 * fallback))`. It becomes two definitions: the generator, a global function `#f@generator#N(T, #self#,
 * x)` returning the code (its arguments are the static parameter values and the argument types), and
 * f's method whose body starts with `(meta generated <GlobalRef of the generator>)`; jl_method_def
 * stores the generator on the Method and dispatch runs it once per specialization
 * (jl_lower_generated lowers what it returns). */

/* the `(if (generated) gen fallback)` statement opening a function body, or NULL */
static jl_value_t *generated_branch(jl_value_t *body)
{
    if (!IS(body, jl_s_block))
        return NULL;
    for (size_t i = 0; i < NA(body); i++) {
        jl_value_t *st = A(body, i);
        if (jl_is_linenode(st))
            continue;
        if (IS(st, jl_s_if) && NA(st) == 3 && IS(A(st, 0), SYM("generated")) && NA(A(st, 0)) == 0)
            return st;
        return NULL;
    }
    return NULL;
}

static jl_value_t *expand_generated(C *c, jl_value_t *sig, jl_value_t *body, jl_value_t *branch)
{
    sig_t s;
    parse_sig(c, sig, &s, 0);
    if (s.params)
        lower_error(c, "keyword arguments are not supported in @generated functions");
    jl_value_t *fname = s.name;
    jl_value_t *selfarg = (jl_value_t *)lower_gensym(c, "self");
    if (IS(fname, jl_s_doublecolon)) {
        if (NA(fname) == 2)
            selfarg = A(fname, 0);
        fname = (jl_value_t *)SYM("callable");
    }
    else if (IS(fname, jl_s_dot) && jl_is_quotenode(A(fname, 1)))
        fname = ((jl_quotenode_t *)A(fname, 1))->value;
    if (!jl_is_symbol(fname))
        lower_error(c, "invalid function name in @generated function");
    char nm[200];
    snprintf(nm, sizeof nm, "#%s@generator#%d", jl_symbol_name((jl_sym_t *)fname), lower_closure_counter());
    jl_sym_t *gname = jl_symbol(nm);
    jl_value_t *gcall = lower_expr(jl_s_call, 1, gname);
    for (size_t i = 0; i < jl_array_len(s.sparams); i++)
        push(gcall, A(jl_array_ptr_ref(s.sparams, i), 0));
    push(gcall, selfarg);
    for (size_t i = 0; i < jl_array_len(s.args); i++) {
        jl_value_t *a = jl_array_ptr_ref(s.args, i);
        jl_value_t *an = arg_name(c, a);
        if (an == (jl_value_t *)lsym.unused)
            an = (jl_value_t *)lower_gensym(c, "arg");
        if (is_kw(a))
            lower_error(c, "optional positional arguments are not supported in @generated functions");
        push(gcall, is_dots(is_kw(a) ? A(a, 0) : a) ? lower_expr(jl_s_dots, 1, an) : an);
    }
    jl_value_t *line = current_line(c, body);
    jl_value_t *gdef = lower_expr(jl_s_function, 2, gcall, lower_expr(jl_s_block, 2, line, A(branch, 1)));
    jl_value_t *mbody = lower_expr(jl_s_block, 3, line,
                                   lower_expr(jl_s_meta, 2, SYM("generated"), lower_globalref(c->mod, gname)),
                                   A(branch, 2));
    jl_value_t *out = blk();
    push(out, ex(c, lower_expr(jl_s_global, 1, gname)));
    push(out, ex(c, gdef));
    push(out, expand_function(c, sig, mbody, 0));
    return out;
}

/* `::T` arguments get names when the function has defaults or keywords: its other methods pass them on
   (Julia's fix-arglist); names starting with '#' are not shown. */
static void name_unnamed_args(C *c, sig_t *s)
{
    for (size_t i = 0; i < jl_array_len(s->args); i++) {
        jl_value_t *a = jl_array_ptr_ref(s->args, i), *core = a;
        if (is_kw(core))
            core = A(core, 0);
        int dots = is_dots(core);
        if (dots)
            core = A(core, 0);
        if (!IS(core, jl_s_doublecolon) || NA(core) != 1)
            continue;
        jl_value_t *named = lower_expr(jl_s_doublecolon, 2, lower_gensym(c, "arg"), A(core, 0));
        if (dots)
            named = lower_expr(jl_s_dots, 1, named);
        if (is_kw(a))
            named = lower_expr(jl_s_kw, 2, named, A(a, 1));
        jl_array_ptr_set(s->args, i, named);
    }
}

static jl_value_t *expand_function(C *c, jl_value_t *sig, jl_value_t *body, int anon)
{
    jl_value_t *gbranch = anon ? NULL : generated_branch(body);
    if (gbranch)
        return expand_generated(c, sig, body, gbranch);
    sig_t s;
    parse_sig(c, sig, &s, anon);
    if (s.params || any_default(s.args))
        name_unnamed_args(c, &s);
    jl_value_t *line = current_line(c, body);
    body = destructure_args(c, &s, body);
    jl_value_t *out = blk();
    jl_value_t *fname = s.name;
    jl_value_t *selftype = NULL;
    s.selfname = c->ctor_self ? lsym.ctor_self : lsym.self;
    c->ctor_self = 0;
    int decl = 1;
    if (anon) {
        fname = (jl_value_t *)lower_gensym(c, "anon");
        push(out, lower_expr(jl_s_local, 1, fname));
    }
    else if (IS(fname, jl_s_doublecolon)) { /* (f::T)(x) or (::T)(x) */
        if (NA(fname) == 2) {
            s.selfname = (jl_sym_t *)A(fname, 0);
            selftype = ex(c, A(fname, 1));
        }
        else
            selftype = ex(c, A(fname, 0));
        fname = jl_false;
        decl = 0;
    }
    else if (IS(fname, jl_s_curly)) { /* Foo{T}(x) = ...: constructor of a parametric type */
        selftype = lower_call(CORE("Typeof"), 1, ex(c, fname)); /* refined below */
        selftype = lower_call(CORE("apply_type"), 2, CORE("Type"), ex(c, fname));
        fname = jl_false;
        decl = 0;
    }
    else if (IS(fname, jl_s_dot)) { /* Base.f(x) = ... */
        jl_value_t *m = A(fname, 0);
        jl_value_t *nm = A(fname, 1);
        if (!jl_is_quotenode(nm) || !jl_is_symbol(((jl_quotenode_t *)nm)->value))
            lower_error(c, "invalid function name");
        jl_value_t *t = lower_ssa(c);
        push(out, asgn(t, lower_call(TOP("getproperty"), 2, ex(c, m), nm)));
        selftype = lower_call(CORE("Typeof"), 1, t);
        fname = jl_false;
        decl = 0;
    }
    else if (!jl_is_symbol(fname)) {
        lower_error(c, "invalid function name");
    }
    /* a keyword function declares its body function #f#N first: a local f's closure captures it */
    if (decl && !s.params)
        push(out, lower_expr(jl_s_method, 1, fname));
    if (!selftype)
        selftype = self_type_of(c, &s, fname);
    jl_value_t *defs = s.params ? kw_method_defs(c, &s, fname, selftype, body, line, decl)
                                : positional_defs(c, &s, fname, selftype, body, line);
    for (size_t i = 0; i < NA(defs); i++)
        push(out, A(defs, i));
    if (jl_is_symbol(fname))
        push(out, fname);
    else
        push(out, lower_expr(lsym.null, 0));
    if (anon)
        return out;
    return out;
}

/* keyword arguments, Julia 1.10 scheme:
 *   #f#N(kwvars..., #self#, args...) holds the body;
 *   f(args...) = #f#N(defaults..., #self#, args...);
 *   Core.kwcall(kws::NamedTuple, ::typeof(f), args...) picks each keyword from kws or its default. */
static jl_value_t *kw_method_defs(C *c, sig_t *s, jl_value_t *fname, jl_value_t *selftype, jl_value_t *body,
                                  jl_value_t *line, int decl)
{
    jl_value_t *out = blk();
    jl_value_t *params = s->params;
    jl_array_t *kwnames = lower_vec(), *kwdefs = lower_vec(), *kwtypes = lower_vec();
    jl_value_t *rest = NULL;
    for (size_t i = 0; i < NA(params); i++) {
        jl_value_t *k = A(params, i);
        if (is_dots(k)) {
            rest = A(k, 0);
            continue;
        }
        jl_value_t *dflt = NULL;
        if (is_kw(k) || IS(k, jl_s_assign)) {
            dflt = A(k, 1);
            k = A(k, 0);
        }
        jl_value_t *nm = IS(k, jl_s_doublecolon) ? A(k, 0) : k;
        if (!jl_is_symbol(nm))
            lower_error(c, "invalid keyword argument name");
        jl_array_ptr_1d_push(kwnames, nm);
        jl_array_ptr_1d_push(kwtypes, IS(k, jl_s_doublecolon) ? A(k, 1) : (jl_value_t *)lsym.null);
        if (!dflt)
            dflt = lower_call(CORE("throw"), 1, lower_call(CORE("UndefKeywordError"), 1, qsym(nm)));
        jl_array_ptr_1d_push(kwdefs, dflt);
    }
    size_t nk = jl_array_len(kwnames);
    /* the body function #f#N */
    char buf[256];
    const char *base = jl_is_symbol(fname) ? jl_symbol_name((jl_sym_t *)fname) : "";
    snprintf(buf, sizeof(buf), "#%s#%d", base, lower_closure_counter());
    jl_sym_t *bodyname = jl_symbol(buf);
    if (s->selfname == lsym.ctor_self) /* an inner constructor's body function is global, as the type */
        push(out, lower_expr(jl_s_global, 1, bodyname));
    push(out, lower_expr(jl_s_method, 1, bodyname));
    if (decl)
        push(out, lower_expr(jl_s_method, 1, fname));
    jl_array_t *bnames = lower_vec(), *btypes = lower_vec();
    for (size_t i = 0; i < nk; i++) {
        jl_array_ptr_1d_push(bnames, jl_array_ptr_ref(kwnames, i));
        jl_value_t *t = jl_array_ptr_ref(kwtypes, i);
        jl_array_ptr_1d_push(btypes, t == (jl_value_t *)lsym.null ? CORE("Any") : t);
    }
    if (rest) {
        jl_array_ptr_1d_push(bnames, rest);
        jl_array_ptr_1d_push(btypes, CORE("Any"));
    }
    /* the body function's own #self# comes first; the original function's self is unused unless named */
    jl_array_ptr_1d_push(bnames, s->selfname == lsym.self ? (jl_value_t *)lsym.unused : (jl_value_t *)s->selfname);
    jl_array_ptr_1d_push(btypes, selftype);
    size_t npos = jl_array_len(s->args);
    for (size_t i = 0; i < npos; i++) {
        jl_value_t *a = jl_array_ptr_ref(s->args, i);
        jl_array_ptr_1d_push(bnames, arg_name(c, a));
        jl_array_ptr_1d_push(btypes, arg_type(c, a));
    }
    if (any_default(s->args)) {
        optional_forwarders(c, s, out, fname, selftype, line, 0);
        optional_forwarders(c, s, out, fname, selftype, line, 1);
    }
    push(out, method_def(c, (jl_value_t *)bodyname, lower_call(CORE("Typeof"), 1, bodyname), SYM("#self#"),
                         bnames, btypes, s->sparams, body, s->rett, line));
    /* positional method: defaults in order (later defaults see earlier keywords) */
    {
        jl_value_t *b = blk();
        jl_value_t *call = lower_expr(jl_s_call, 1, bodyname);
        for (size_t i = 0; i < nk; i++) {
            jl_value_t *nm = jl_array_ptr_ref(kwnames, i);
            push(b, lower_expr(jl_s_local, 1, nm));
            push(b, asgn(nm, jl_array_ptr_ref(kwdefs, i)));
            push(call, nm);
        }
        if (rest)
            push(call, lower_call(TOP("pairs"), 1, lower_call(CORE("NamedTuple"), 0)));
        push(call, (jl_value_t *)s->selfname);
        jl_array_t *names = lower_vec(), *types = lower_vec();
        for (size_t i = 0; i < npos; i++) {
            jl_value_t *a = jl_array_ptr_ref(s->args, i);
            jl_value_t *nm = arg_name(c, a);
            jl_array_ptr_1d_push(names, nm);
            jl_array_ptr_1d_push(types, arg_type(c, a));
            push(call, is_dots(a) ? lower_expr(jl_s_dots, 1, nm) : nm);
        }
        push(b, lower_expr(jl_s_return, 1, call));
        push(out, method_def(c, fname, selftype, s->selfname, names, types, s->sparams, b, NULL, line));
    }
    /* Core.kwcall(kws, self, args...) */
    {
        jl_sym_t *kws = jl_symbol("#kws");
        jl_value_t *b = blk();
        jl_value_t *call = lower_expr(jl_s_call, 1, bodyname);
        for (size_t i = 0; i < nk; i++) {
            jl_value_t *nm = jl_array_ptr_ref(kwnames, i);
            jl_value_t *t = jl_array_ptr_ref(kwtypes, i);
            jl_value_t *get = lower_call(CORE("getfield"), 2, kws, qsym(nm));
            if (t != (jl_value_t *)lsym.null) {
                jl_value_t *tt = lower_ssa(c);
                jl_value_t *gb = blk();
                push(gb, asgn(tt, get));
                push(gb, lower_expr(jl_s_if, 3, lower_call(CORE("isa"), 2, tt, t), tt,
                                    lower_call(CORE("throw"), 1,
                                               lower_call(CORE("TypeError"), 4, SYM("#kwcall-sym"), jl_cstr_to_string(""), t, tt))));
                /* TypeError(:keyword argument, "", T, v) as Julia */
                jl_exprarg(A(A(A(gb, 1), 2), 1), 1) = qsym((jl_value_t *)SYM("keyword argument"));
                get = gb;
            }
            push(b, lower_expr(jl_s_local, 1, nm));
            push(b, lower_expr(jl_s_if, 3, lower_call(TOP("haskey"), 2, kws, qsym(nm)), asgn(nm, get),
                                asgn(nm, jl_array_ptr_ref(kwdefs, i))));
            push(call, nm);
        }
        jl_value_t *names_tuple = lower_call(CORE("tuple"), 0);
        for (size_t i = 0; i < nk; i++)
            push(names_tuple, qsym(jl_array_ptr_ref(kwnames, i)));
        jl_value_t *restnt = lower_call(TOP("structdiff"), 2, kws,
                                        lower_call(CORE("apply_type"), 2, CORE("NamedTuple"), names_tuple));
        if (rest) {
            push(call, lower_call(TOP("pairs"), 1, restnt));
        }
        else {
            jl_value_t *t = lower_ssa(c);
            push(b, asgn(t, restnt));
            jl_value_t *kwerr = lower_call(TOP("kwerr"), 2, kws, s->selfname);
            for (size_t i = 0; i < npos; i++) {
                jl_value_t *a = jl_array_ptr_ref(s->args, i);
                jl_value_t *nm = arg_name(c, a);
                push(kwerr, is_dots(a) ? lower_expr(jl_s_dots, 1, nm) : nm);
            }
            push(b, lower_expr(jl_s_if, 3, lower_call(TOP("isempty"), 1, t), lower_expr(lsym.null, 0), kwerr));
        }
        push(call, (jl_value_t *)s->selfname);
        jl_array_t *names = lower_vec(), *types = lower_vec();
        jl_array_ptr_1d_push(names, (jl_value_t *)kws);
        jl_array_ptr_1d_push(types, CORE("NamedTuple"));
        jl_array_ptr_1d_push(names, (jl_value_t *)s->selfname);
        jl_array_ptr_1d_push(types, selftype);
        for (size_t i = 0; i < npos; i++) {
            jl_value_t *a = jl_array_ptr_ref(s->args, i);
            jl_value_t *nm = arg_name(c, a);
            jl_array_ptr_1d_push(names, nm);
            jl_array_ptr_1d_push(types, arg_type(c, a));
            push(call, is_dots(a) ? lower_expr(jl_s_dots, 1, nm) : nm);
        }
        push(b, lower_expr(jl_s_return, 1, call));
        jl_value_t *m = method_def(c, jl_false, lower_call(CORE("Typeof"), 1, CORE("kwcall")), SYM("#kwself#"),
                                   names, types, s->sparams, b, NULL, line);
        if (jl_is_symbol(fname)) /* a local function's kwcall method reads its captures through fname */
            push(m, fname);
        push(out, m);
    }
    return out;
}

/* ---------------------------------------------------------------- types */

static jl_value_t *expand_where(C *c, jl_value_t *e);

/* T{<:A, >:B} -> T{#s1, #s2} where {#s1<:A, #s2>:B} (Julia's implicit where-parameters); NULL if none */
static jl_value_t *implicit_where(C *c, jl_value_t *e)
{
    jl_value_t *curly = NULL, *where = NULL;
    for (size_t i = 1; i < NA(e); i++) {
        jl_value_t *p = A(e, i);
        if (!((IS(p, jl_s_subtype) || IS(p, jl_s_supertype)) && NA(p) == 1))
            continue;
        if (!curly) {
            curly = lower_exprv(jl_s_curly, jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
            where = lower_expr(jl_s_where, 1, curly);
        }
        char buf[32];
        snprintf(buf, sizeof(buf), "#s%d", ++c->gensym_counter);
        jl_value_t *tv = (jl_value_t *)SYM(buf);
        jl_exprargset(curly, i, tv);
        push(where, lower_expr(H(p), 2, tv, A(p, 0)));
    }
    return where;
}

static jl_value_t *expand_curly(C *c, jl_value_t *e)
{
    jl_value_t *call = lower_call(CORE("apply_type"), 0);
    jl_array_t *args = lower_vec();
    for (size_t i = 0; i < NA(e); i++) {
        if (is_params(A(e, i)) || is_kw(A(e, i)))
            lower_error(c, "misplaced \"=\" or keyword argument in type parameters");
        jl_array_ptr_1d_push(args, A(e, i));
    }
    jl_value_t *w = implicit_where(c, e);
    if (w)
        return expand_where(c, w);
    for (size_t i = 0; i < jl_array_len(args); i++)
        if (is_dots(jl_array_ptr_ref(args, i)))
            return expand_splat_call(c, CORE("apply_type"), jl_array_ptr_data(args), jl_array_len(args));
    for (size_t i = 0; i < jl_array_len(args); i++)
        push(call, ex(c, jl_array_ptr_ref(args, i)));
    return call;
}

/* T where {A<:B, C}: UnionAll(tv, body) with the variable bound inside a scope */
static jl_value_t *expand_where(C *c, jl_value_t *e)
{
    jl_value_t *body = A(e, 0);
    jl_array_t *vars = lower_vec();
    for (size_t i = 1; i < NA(e); i++) {
        jl_value_t *v = A(e, i);
        if (IS(v, jl_s_braces))
            for (size_t k = 0; k < NA(v); k++)
                jl_array_ptr_1d_push(vars, typevar_bounds(c, A(v, k)));
        else
            jl_array_ptr_1d_push(vars, typevar_bounds(c, v));
    }
    /* innermost last: T where {A, B} == (T where B) where A */
    jl_value_t *r = NULL;
    jl_value_t *b = blk();
    for (size_t i = 0; i < jl_array_len(vars); i++) {
        jl_value_t *tv = jl_array_ptr_ref(vars, i);
        jl_value_t *nm = A(tv, 0);
        jl_value_t *lb = A(tv, 1), *ub = A(tv, 2);
        jl_value_t *call = lower_typevar(qsym(nm), lb != (jl_value_t *)lsym.null ? ex(c, lb) : NULL,
                                         ub != (jl_value_t *)lsym.null ? ex(c, ub) : NULL);
        push(b, lower_expr(lsym.local_def, 1, nm));
        push(b, asgn(nm, call));
    }
    r = ex(c, body);
    for (size_t i = jl_array_len(vars); i-- > 0;)
        r = lower_call(CORE("UnionAll"), 2, A(jl_array_ptr_ref(vars, i), 0), r);
    push(b, r);
    return scope_block(b);
}



/* ---------------------------------------------------------------- comprehensions and generators */

static jl_value_t *expand_generator(C *c, jl_value_t *e)
{
    /* (generator body (= x itr) ...) or (generator body (filter cond (= x itr) ...)) */
    jl_value_t *body = A(e, 0);
    jl_value_t *filt = NULL;
    jl_array_t *ranges = lower_vec();
    for (size_t i = 1; i < NA(e); i++) {
        jl_value_t *r = A(e, i);
        if (IS(r, jl_s_filter)) {
            filt = A(r, 0);
            for (size_t k = 1; k < NA(r); k++)
                jl_array_ptr_1d_push(ranges, A(r, k));
        }
        else
            jl_array_ptr_1d_push(ranges, r);
    }
    if (IS(body, jl_s_generator) || IS(body, jl_s_flatten)) {
        /* nested: (flatten (generator (generator ...) ...)) handled by the flatten case */
    }
    size_t n = jl_array_len(ranges);
    jl_value_t *vars = lower_expr(jl_s_tuple, 0);
    jl_value_t *iters = lower_call(CORE("tuple"), 0);
    for (size_t i = 0; i < n; i++) {
        jl_value_t *r = jl_array_ptr_ref(ranges, i);
        push(vars, A(r, 0));
        push(iters, A(r, 1));
    }
    jl_value_t *argsig = n == 1 ? A(vars, 0) : lower_expr(jl_s_tuple, 1, vars);
    if (n == 1 && !jl_is_symbol(argsig))
        argsig = lower_expr(jl_s_tuple, 1, argsig);
    jl_value_t *fb = blk();
    push(fb, body);
    jl_value_t *fn = expand_function(c, argsig, fb, 1);
    jl_value_t *iter;
    if (n == 1)
        iter = ex(c, A(iters, 1));
    else {
        jl_value_t *prod = lower_call(TOP("product"), 0);
        for (size_t i = 1; i < NA(iters); i++)
            push(prod, ex(c, A(iters, i)));
        iter = prod;
    }
    if (filt) {
        jl_value_t *fblk = blk();
        push(fblk, filt);
        jl_value_t *ff = expand_function(c, argsig, fblk, 1);
        iter = lower_call(TOP("Filter"), 2, ff, iter);
    }
    return lower_call(TOP("Generator"), 2, fn, iter);
}

static jl_value_t *expand_flatten(C *c, jl_value_t *e)
{
    /* (flatten (generator (generator body inner...) outer...)) */
    jl_value_t *g = A(e, 0);
    jl_value_t *inner = A(g, 0);
    jl_value_t *outer = lower_exprv(jl_s_generator, jl_array_ptr_data(((jl_expr_t *)g)->args), NA(g));
    jl_exprargset(outer, 0, inner);
    return lower_call(TOP("Flatten"), 1, expand_generator(c, outer));
}

/* ---------------------------------------------------------------- arrays */

static jl_value_t *expand_array(C *c, jl_value_t *e, const char *fname, int typed)
{
    jl_value_t *call = lower_call(TOP(fname), 0);
    size_t start = 0;
    if (typed) {
        push(call, ex(c, A(e, 0)));
        start = 1;
    }
    for (size_t i = start; i < NA(e); i++) {
        if (is_dots(A(e, i)))
            return expand_splat_call(c, TOP(fname), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
        push(call, ex(c, A(e, i)));
    }
    return call;
}

static jl_value_t *expand_vcat(C *c, jl_value_t *e, int typed)
{
    /* rows: hvcat((n1, n2...), elements...) */
    int has_rows = 0;
    for (size_t i = typed; i < NA(e); i++)
        has_rows |= IS(A(e, i), jl_s_row);
    if (!has_rows)
        return expand_array(c, e, typed ? "typed_vcat" : "vcat", typed);
    jl_value_t *dims = lower_call(CORE("tuple"), 0);
    jl_value_t *call = lower_call(TOP(typed ? "typed_hvcat" : "hvcat"), 0);
    if (typed)
        push(call, ex(c, A(e, 0)));
    push(call, dims);
    for (size_t i = typed; i < NA(e); i++) {
        jl_value_t *r = A(e, i);
        if (IS(r, jl_s_row)) {
            push(dims, jl_box_int64((int64_t)NA(r)));
            for (size_t k = 0; k < NA(r); k++)
                push(call, ex(c, A(r, k)));
        }
        else {
            push(dims, jl_box_int64(1));
            push(call, ex(c, r));
        }
    }
    return call;
}

/* [a; b;; c; d;;; ...]: (ncat d items...) with (nrow k ...) and (row ...) blocks lowers as Julia does to
   hvncat(d, xs...) when nothing is nested, else hvncat(dims, row_first, xs...) when every block of a
   level has the same number of sub-blocks, else hvncat(shape, row_first, xs...) with shape[k] the element
   counts of the level-k blocks. Levels count from the innermost concatenation: with rows (`row_first`)
   level 1 is dimension 2 (a row) and level 2 dimension 1; otherwise level k is dimension k. A block
   that skips levels (`[1; 2;;; 3; 4]`) is wrapped in single-block levels. */
typedef struct {
    C *c;
    int rowfirst;
    jl_value_t *call;      /* the hvncat call: elements are appended */
    jl_array_t *lists;     /* per level k: [2k] (tuple) of sub-block counts, [2k+1] Core.tuple(element counts...) */
} ncat_t;
#define NCAT_COUNTS(n, k) jl_array_ptr_ref((n)->lists, 2 * (size_t)(k))
#define NCAT_SHAPE(n, k) jl_array_ptr_ref((n)->lists, 2 * (size_t)(k) + 1)

static int ncat_level(ncat_t *n, jl_value_t *x)
{
    if (IS(x, jl_s_row))
        return 1;
    if (!IS(x, jl_s_nrow))
        return 0;
    int k = NA(x) > 0 && jl_is_int64(A(x, 0)) ? (int)jl_unbox_int64(A(x, 0)) : 0;
    if (!n->rowfirst)
        return k;
    if (k == 2)
        lower_error(n->c, "2D `nrow` cannot be mixed with `row` in `ncat`");
    return k == 1 ? 2 : k;
}

static size_t ncat_block(ncat_t *n, jl_value_t **items, size_t nitems, int level);

/* x (of level lx) as one block of level `level`; returns its element count */
static size_t ncat_child(ncat_t *n, jl_value_t *x, int lx, int level)
{
    if (level == lx) {
        if (lx == 0) {
            if (is_dots(x))
                lower_error(n->c, "Splatting ... in an `ncat` with multiple dimensions is not supported");
            push(n->call, ex(n->c, x));
            return 1;
        }
        size_t skip = IS(x, jl_s_row) ? 0 : 1;
        return ncat_block(n, jl_array_ptr_data(((jl_expr_t *)x)->args) + skip, NA(x) - skip, lx);
    }
    size_t m = ncat_child(n, x, lx, level - 1);
    push(NCAT_COUNTS(n, level - 1), jl_box_int64(1));
    push(NCAT_SHAPE(n, level - 1), jl_box_int64((int64_t)m));
    return m;
}

static size_t ncat_block(ncat_t *n, jl_value_t **items, size_t nitems, int level)
{
    size_t m = 0;
    for (size_t i = 0; i < nitems; i++) {
        int lx = ncat_level(n, items[i]);
        if (lx >= level)
            lower_error(n->c, "Badly nested rows in `ncat`");
        m += ncat_child(n, items[i], lx, level - 1);
    }
    push(NCAT_COUNTS(n, level - 1), jl_box_int64((int64_t)nitems));
    push(NCAT_SHAPE(n, level - 1), jl_box_int64((int64_t)m));
    return m;
}

static int ncat_has(jl_value_t *x, jl_sym_t *head)
{
    if (!jl_is_expr(x) || (H(x) != jl_s_row && H(x) != jl_s_nrow))
        return 0;
    if (H(x) == head)
        return 1;
    for (size_t i = 0; i < NA(x); i++)
        if (ncat_has(A(x, i), head))
            return 1;
    return 0;
}

static jl_value_t *expand_ncat(C *c, jl_value_t *e, int typed)
{
    size_t first = typed ? 2 : 1;
    jl_value_t *d = A(e, first - 1);
    if (!jl_is_int64(d) || jl_unbox_int64(d) < 1)
        lower_error(c, "invalid dimension in `ncat`");
    int N = (int)jl_unbox_int64(d);
    const char *fname = typed ? "typed_hvncat" : "hvncat";
    ncat_t n = {c, 0, NULL, lower_vec()};
    int nested = 0;
    for (size_t i = first; i < NA(e); i++) {
        nested |= IS(A(e, i), jl_s_row) || IS(A(e, i), jl_s_nrow);
        n.rowfirst |= ncat_has(A(e, i), jl_s_row);
    }
    if (!nested) {
        jl_value_t *call = lower_call(TOP(fname), 0);
        for (size_t i = 0; i < NA(e); i++)
            if (is_dots(A(e, i)))
                return expand_splat_call(c, TOP(fname), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
        for (size_t i = 0; i < NA(e); i++)
            push(call, ex(c, A(e, i)));
        return call;
    }
    if (n.rowfirst && N < 2)
        lower_error(c, "Badly nested rows in `ncat`");
    for (int k = 0; k < N; k++) {
        jl_array_ptr_1d_push(n.lists, lower_expr(jl_s_tuple, 0));
        jl_array_ptr_1d_push(n.lists, lower_call(CORE("tuple"), 0));
    }
    jl_value_t *call = lower_call(TOP(fname), 0);
    if (typed)
        push(call, ex(c, A(e, 0)));
    jl_value_t *elems = lower_expr(jl_s_block, 0);
    n.call = elems;
    ncat_block(&n, jl_array_ptr_data(((jl_expr_t *)e)->args) + first, NA(e) - first, N);
    int balanced = 1;
    jl_value_t *dims = lower_call(CORE("tuple"), 0);
    for (int k = 0; k < N; k++) {
        jl_value_t *ck = NCAT_COUNTS(&n, k);
        for (size_t i = 1; i < NA(ck); i++)
            balanced &= jl_unbox_int64(A(ck, i)) == jl_unbox_int64(A(ck, 0));
    }
    for (int k = 0; k < N && balanced; k++) {
        int level = n.rowfirst && k < 2 ? 1 - k : k;   /* dimension k+1 is level `level`+1 */
        push(dims, A(NCAT_COUNTS(&n, level), 0));
    }
    if (!balanced) {
        for (int k = 0; k < N; k++)
            push(dims, NCAT_SHAPE(&n, k));
    }
    push(call, dims);
    push(call, n.rowfirst ? jl_true : jl_false);
    for (size_t i = 0; i < NA(elems); i++)
        push(call, A(elems, i));
    return call;
}

/* ---------------------------------------------------------------- ccall */

static jl_value_t *expand_ccall(C *c, jl_value_t *e)
{
    /* (call ccall fptr rettype (tuple argtypes...) args...) */
    if (NA(e) < 4)
        lower_error(c, "too few arguments to ccall");
    jl_value_t *fptr = A(e, 1), *rt = A(e, 2), *at = A(e, 3);
    size_t argstart = 4;
    jl_value_t *cconv = lower_quote((jl_value_t *)jl_s_ccall);
    if (jl_is_symbol(at) && NA(e) > 4 && IS(A(e, 4), jl_s_tuple)) { /* calling convention given */
        cconv = lower_quote(at);
        at = A(e, 4);
        argstart = 5;
    }
    if (!IS(at, jl_s_tuple))
        lower_error(c, "ccall argument types must be a tuple; try \"(T,)\"");
    jl_value_t *f = fptr;
    if (jl_is_quotenode(fptr))
        f = fptr;
    else if (IS(fptr, jl_s_tuple)) {
        f = lower_call(CORE("tuple"), 0);
        for (size_t i = 0; i < NA(fptr); i++)
            push(f, ex(c, A(fptr, i)));
    }
    else
        f = ex(c, fptr);
    jl_value_t *types = lower_call(CORE("svec"), 0);
    size_t nreq = NA(at);
    int va = 0;
    for (size_t i = 0; i < NA(at); i++) {
        jl_value_t *t = A(at, i);
        if (is_dots(t)) {
            va = 1;
            nreq = i;
            t = A(t, 0);
        }
        push(types, ex(c, t));
    }
    /* a vararg type stands for every argument past the fixed ones: one entry per argument, as Julia */
    size_t nargs = NA(e) > argstart ? NA(e) - argstart : 0;
    for (size_t i = NA(at); va && i < nargs; i++)
        push(types, A(types, NA(types) - 1));
    jl_value_t *fc = lower_expr(jl_s_foreigncall, 5, f, ex(c, rt), types, jl_box_int64((int64_t)nreq), cconv);
    for (size_t i = argstart; i < NA(e); i++) {
        jl_value_t *a = A(e, i);
        size_t ti = i - argstart;
        jl_value_t *t = ti < NA(types) - 1 ? A(types, ti + 1) : A(types, NA(types) - 1);
        /* each argument goes through Base.cconvert; the call sees unsafe_convert of that */
        jl_value_t *cv = lower_call(TOP("cconvert"), 2, t, ex(c, a));
        push(fc, lower_call(TOP("unsafe_convert"), 2, t, cv));
    }
    return fc;
}

/* ---------------------------------------------------------------- the dispatcher */

static jl_value_t *ex_block(C *c, jl_value_t *e)
{
    jl_value_t *b = lower_expr(jl_s_block, 0);
    for (size_t i = 0; i < NA(e); i++)
        push(b, ex(c, A(e, i)));
    return b;
}

static jl_value_t *expand_call(C *c, jl_value_t *e)
{
    jl_value_t *f = A(e, 0);
    jl_value_t **args = jl_array_ptr_data(((jl_expr_t *)e)->args) + 1;
    size_t n = NA(e) - 1;
    if (f == (jl_value_t *)jl_s_ccall)
        return expand_ccall(c, e);
    if (jl_is_symbol(f) && is_operator_dotted((jl_sym_t *)f) && f != (jl_value_t *)SYM(".."))
        return expand_broadcast(c, e);
    if (f == (jl_value_t *)SYM(":=") || f == (jl_value_t *)SYM("..."))
        lower_error(c, "unsupported call form");
    if (IS(f, jl_s_dot) && NA(f) == 1) /* (.+)(a, b) */
        return expand_broadcast(c, lower_exprv(jl_s_call, jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e)));
    if (f == (jl_value_t *)SYM("^") && n == 2 && jl_typeis(args[1], jl_int64_type)) {
        /* x^p with an integer literal p: Base.literal_pow(^, x, Val(p)), as Julia (x^2 is x*x) */
        jl_value_t *val = lower_call(lower_call(CORE("apply_type"), 2, TOP("Val"), args[1]), 0);
        jl_value_t *pargs[3] = {f, args[0], val};
        return expand_call_args(c, TOP("literal_pow"), pargs, 3);
    }
    return expand_call_args(c, f, args, n);
}

static jl_value_t *expand_dot(C *c, jl_value_t *e)
{
    if (NA(e) == 1) /* (. +) : the broadcasted function object */
        return lower_call(TOP("BroadcastFunction"), 1, ex(c, A(e, 0)));
    jl_value_t *b = A(e, 1);
    if (IS(b, jl_s_tuple))
        return expand_broadcast(c, e);
    if (jl_is_quotenode(b) || IS(b, jl_s_quote) || IS(b, jl_s_inert))
        return lower_call(TOP("getproperty"), 2, ex(c, A(e, 0)),
                          jl_is_quotenode(b) ? b : lower_quote(A(b, 0)));
    return lower_call(TOP("getproperty"), 2, ex(c, A(e, 0)), ex(c, b));
}

static jl_value_t *expand_tuple(C *c, jl_value_t *e)
{
    size_t n = NA(e);
    if (n > 0 && is_params(A(e, 0))) {
        if (n > 1)
            lower_error(c, "unexpected semicolon in tuple");
        jl_value_t *p = A(e, 0);
        return expand_named_tuple(c, jl_array_ptr_data(((jl_expr_t *)p)->args), NA(p));
    }
    for (size_t i = 0; i < n; i++)
        if (IS(A(e, i), jl_s_assign) || is_kw(A(e, i)))
            return expand_named_tuple(c, jl_array_ptr_data(((jl_expr_t *)e)->args), n);
    return expand_call_args(c, CORE("tuple"), jl_array_ptr_data(((jl_expr_t *)e)->args), n);
}

static jl_value_t *expand_do(C *c, jl_value_t *e)
{
    /* (do (call f args...) (-> (tuple params) body)) -> f(lambda, args...) */
    jl_value_t *call = A(e, 0);
    jl_value_t *lam = A(e, 1);
    jl_value_t *fn = ex(c, lam);
    jl_value_t *t = lower_ssa(c);
    jl_value_t *b = blk();
    push(b, asgn(t, fn));
    jl_array_t *args = lower_vec();
    size_t k = 1;
    if (NA(call) > 1 && is_params(A(call, 1)))
        jl_array_ptr_1d_push(args, A(call, k++));
    jl_array_ptr_1d_push(args, t);
    for (; k < NA(call); k++)
        jl_array_ptr_1d_push(args, A(call, k));
    push(b, expand_call_args(c, A(call, 0), jl_array_ptr_data(args), jl_array_len(args)));
    return b;
}

static jl_value_t *expand_macro_def(C *c, jl_value_t *e)
{
    jl_value_t *sig = A(e, 0);
    if (!IS(sig, jl_s_call) || !jl_is_symbol(A(sig, 0)))
        lower_error(c, "invalid macro definition");
    char buf[256];
    snprintf(buf, sizeof(buf), "@%s", jl_symbol_name((jl_sym_t *)A(sig, 0)));
    /* as Julia: `@name(__source__::LineNumberNode, __module__::Module, args...)`, each argument that
       is a plain name @nospecialize (macros run over syntax, once per call site) */
    jl_value_t *nsig = lower_expr(jl_s_call, 3, SYM(buf),
                                  lower_expr(jl_s_doublecolon, 2, SYM("__source__"), CORE("LineNumberNode")),
                                  lower_expr(jl_s_doublecolon, 2, SYM("__module__"), CORE("Module")));
    for (size_t i = 1; i < NA(sig); i++) {
        jl_value_t *a = A(sig, i);
        if (is_params(a))
            lower_error(c, "macros cannot accept keyword arguments");
        push(nsig, jl_is_symbol(a) ? lower_expr(jl_s_meta, 2, SYM("nospecialize"), a) : a);
    }
    return expand_function(c, nsig, A(e, 1), 0);
}

static jl_value_t *ex(C *c, jl_value_t *e)
{
    if (jl_is_symbol(e)) {
        const char *n = jl_symbol_name((jl_sym_t *)e);
        if (n[0] == '_' && strspn(n, "_") == strlen(n))
            lower_error(c, "all-underscore identifiers are write-only and their values cannot be used in expressions");
        return e;
    }
    if (!jl_is_expr(e))
        return e;
    jl_sym_t *h = H(e);
    if (h == jl_s_block)
        return ex_block(c, e);
    if (h == jl_s_call)
        return expand_call(c, e);
    if (h == jl_s_assign)
        return expand_assign(c, A(e, 0), A(e, 1));
    if (h == jl_s_if || h == jl_s_elseif) {
        jl_value_t *r = lower_expr(jl_s_if, 2, ex(c, A(e, 0)), ex(c, A(e, 1)));
        if (NA(e) > 2)
            push(r, ex(c, A(e, 2)));
        return r;
    }
    if (h == jl_s_and || h == jl_s_or) {
        /* a && b && c -> if a (if b c false) false */
        size_t n = NA(e);
        jl_value_t *r = ex(c, A(e, n - 1));
        for (size_t i = n - 1; i-- > 0;)
            r = h == jl_s_and ? lower_expr(jl_s_if, 3, ex(c, A(e, i)), r, jl_false)
                              : lower_expr(jl_s_if, 3, ex(c, A(e, i)), jl_true, r);
        return r;
    }
    if (h == jl_s_while)
        return expand_while(c, e);
    if (h == jl_s_for)
        return expand_for(c, e);
    if (h == jl_s_break)
        return lower_expr(jl_s_break, 1, SYM("loop-exit"));
    if (h == jl_s_continue)
        return lower_expr(jl_s_break, 1, SYM("loop-cont"));
    if (h == jl_s_return)
        return lower_expr(jl_s_return, 1, NA(e) ? ex(c, A(e, 0)) : jl_nothing);
    if (h == jl_s_let)
        return expand_let(c, e);
    if (h == jl_s_local || h == jl_s_global)
        return expand_decls(c, e);
    if (h == jl_s_const)
        return expand_const(c, e);
    if (h == jl_s_try)
        return expand_try(c, e);
    if (h == jl_s_function) {
        if (NA(e) == 1) { /* function f end */
            jl_value_t *nm = A(e, 0);
            if (!jl_is_symbol(nm))
                lower_error(c, "invalid function name");
            jl_value_t *b = blk();
            push(b, lower_expr(jl_s_method, 1, nm));
            push(b, nm);
            return b;
        }
        jl_value_t *sig = A(e, 0);
        int anon = IS(sig, jl_s_tuple) || jl_is_symbol(sig) ||
                   (IS(sig, jl_s_where) && IS(A(sig, 0), jl_s_tuple)) ||
                   (IS(sig, jl_s_doublecolon) && IS(A(sig, 0), jl_s_tuple));
        return expand_function(c, sig, A(e, 1), anon);
    }
    if (h == jl_s_arrow)
        return expand_function(c, A(e, 0), A(e, 1), 1);
    if (h == jl_s_macro)
        return expand_macro_def(c, e);
    if (h == jl_s_tuple)
        return expand_tuple(c, e);
    if (h == jl_s_vect)
        return expand_array(c, e, "vect", 0);
    if (h == jl_s_hcat)
        return expand_array(c, e, "hcat", 0);
    if (h == jl_s_typed_hcat)
        return expand_array(c, e, "typed_hcat", 1);
    if (h == jl_s_vcat)
        return expand_vcat(c, e, 0);
    if (h == jl_s_typed_vcat)
        return expand_vcat(c, e, 1);
    if (h == jl_s_ncat)
        return expand_ncat(c, e, 0);
    if (h == jl_s_typed_ncat)
        return expand_ncat(c, e, 1);
    if (h == jl_s_ref)
        return expand_ref(c, e);
    if (h == jl_s_dot)
        return expand_dot(c, e);
    if (h == jl_s_string)
        return expand_string(c, e);
    if (h == jl_s_comparison)
        return expand_comparison(c, e);
    if (h == jl_s_curly)
        return expand_curly(c, e);
    if (h == jl_s_where)
        return expand_where(c, e);
    if (h == jl_s_quote)
        return expand_quote(c, e);
    if (h == jl_s_inert)
        return lower_quote(A(e, 0));
    if ((h == jl_s_subtype || h == jl_s_supertype) && NA(e) == 2) /* a <: b in value position: a call */
        return ex(c, lower_expr(jl_s_call, 3, (jl_value_t *)h, A(e, 0), A(e, 1)));
    if (h == jl_s_doublecolon) {
        if (NA(e) != 2)
            lower_error(c, "invalid \"::\" syntax");
        return lower_call(CORE("typeassert"), 2, ex(c, A(e, 0)), ex(c, A(e, 1)));
    }
    if (h == jl_s_dotassign)
        return expand_dotassign(c, A(e, 0), A(e, 1));
    if (h == jl_symbol("'") && NA(e) == 1) /* A' is a call of `'` (Base: const var"'" = adjoint) */
        return ex(c, lower_expr(jl_s_call, 2, (jl_value_t *)h, A(e, 0)));
    if (h == jl_s_struct)
        return expand_struct(c, e);
    if (h == jl_s_abstract)
        return expand_abstract(c, e, 0);
    if (h == jl_s_primitive)
        return expand_abstract(c, e, 1);
    if (h == jl_s_generator)
        return expand_generator(c, e);
    if (h == jl_s_flatten)
        return expand_flatten(c, e);
    if (h == jl_s_comprehension)
        return lower_call(TOP("collect"), 1, ex(c, A(e, 0)));
    if (h == jl_s_typed_comprehension)
        return lower_call(TOP("collect"), 2, ex(c, A(e, 0)), ex(c, A(e, 1)));
    if (h == jl_s_do)
        return expand_do(c, e);
    if (h == jl_s_escape || h == jl_s_hygienic_scope)
        return ex(c, A(e, 0));
    if (h == jl_s_dots)
        lower_error(c, "\"...\" expression outside call");
    if (h == jl_s_kw)
        lower_error(c, "misplaced \"=\" or keyword argument");
    if (h == jl_s_parameters)
        lower_error(c, "unexpected semicolon in expression");
    if (h == jl_s_dollar)
        lower_error(c, "\"$\" expression outside quote");
    if (h == jl_s_module)
        lower_error(c, "\"module\" expression not at top level");
    if (h == jl_s_macrocall)
        lower_error(c, "macro call %s not expanded before lowering",
                    jl_is_symbol(A(e, 0)) ? jl_symbol_name((jl_sym_t *)A(e, 0)) : "");
    if (h == jl_s_braces || h == jl_s_bracescat)
        lower_error(c, "{ } vector syntax is discontinued");
    if (h == jl_s_isdefined) {
        jl_value_t *v = A(e, 0);
        return lower_expr(jl_s_isdefined, 1, jl_is_symbol(v) ? v : ex(c, v));
    }
    if (h == jl_s_toplevel || h == jl_s_using || h == jl_s_import || h == jl_s_export)
        return e; /* only valid at top level: lower_scope checks */
    {
        const char *hn = jl_symbol_name(h);
        size_t len = strlen(hn);
        if (len >= 2 && hn[len - 1] == '=' && strcmp(hn, "==") && strcmp(hn, "<=") && strcmp(hn, ">=") &&
            strcmp(hn, "!=") && strcmp(hn, "===") && strcmp(hn, ".=") && strcmp(hn, ":="))
            return expand_update(c, e);
    }
    /* meta, line, symbolicgoto, symboliclabel, inbounds, boundscheck, loopinfo, the_exception, new,
       splatnew, foreigncall, copyast, gc_preserve_*, null, static_parameter...: expand arguments */
    jl_value_t *r = lower_exprv(h, jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    if (h == jl_s_meta || h == lsym.symbolicgoto || h == lsym.symboliclabel || h == jl_s_inbounds ||
        h == lsym.null)
        return r;
    for (size_t i = 0; i < NA(e); i++)
        jl_exprargset(r, i, ex(c, A(e, i)));
    return r;
}

jl_value_t *lower_expand(lower_ctx_t *c, jl_value_t *e) { return ex(c, e); }

jl_value_t *lower_expand_ctor(lower_ctx_t *c, jl_value_t *sig, jl_value_t *body)
{
    c->ctor_self = 1;
    jl_value_t *r = expand_function(c, sig, body, 0);
    c->ctor_self = 0;
    return r;
}
