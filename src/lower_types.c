/*
 * lower_types.c -- desugaring of type definitions (part of pass 1, see lower.h): `struct`,
 * `mutable struct`, `abstract type`, `primitive type`, as Julia 1.10 lowers them: Core._structtype /
 * _abstracttype / _primitivetype, _setsuper!, _equiv_typedef (redefinition with an identical layout
 * keeps the old type), _typebody!, then the default or user-written constructors with `new` rewritten
 * to (new T converted-args...).
 */
#include <string.h>
#include "lower.h"

typedef lower_ctx_t C;
#define H(e) (((jl_expr_t *)(e))->head)
#define NA(e) jl_expr_nargs(e)
#define A(e, i) jl_exprarg(e, i)
#define IS(e, h) lower_is((jl_value_t *)(e), (h))
#define SYM(s) jl_symbol(s)
#define TOP(s) lower_top(c, s)
#define CORE(s) lower_core(s)

static jl_value_t *blk(void) { return lower_expr(jl_s_block, 0); }
static jl_value_t *push(jl_value_t *e, jl_value_t *a) { return lower_push(e, a); }
static jl_value_t *asgn(jl_value_t *l, jl_value_t *r) { return lower_expr(jl_s_assign, 2, l, r); }

typedef struct {
    jl_value_t *name;       /* Symbol */
    jl_array_t *params;     /* (#list name lb ub) */
    jl_value_t *super;      /* expr or NULL */
} typehead_t;

static jl_value_t *tv_bounds(C *c, jl_value_t *v)
{
    jl_value_t *name = v, *lb = (jl_value_t *)lsym.null, *ub = (jl_value_t *)lsym.null;
    if (IS(v, jl_s_subtype)) {
        name = A(v, 0);
        ub = A(v, 1);
    }
    else if (IS(v, jl_s_supertype)) {
        name = A(v, 0);
        lb = A(v, 1);
    }
    if (!jl_is_symbol(name))
        lower_error(c, "invalid type parameter name");
    return lower_expr(lsym.list, 3, name, lb, ub);
}

static void parse_typehead(C *c, jl_value_t *h, typehead_t *t)
{
    t->super = NULL;
    t->params = lower_vec();
    if (IS(h, jl_s_subtype)) {
        t->super = A(h, 1);
        h = A(h, 0);
    }
    if (IS(h, jl_s_curly)) {
        for (size_t i = 1; i < NA(h); i++)
            jl_array_ptr_1d_push(t->params, tv_bounds(c, A(h, i)));
        h = A(h, 0);
    }
    if (!jl_is_symbol(h))
        lower_error(c, "invalid type name");
    t->name = h;
}

/* statements that bind the type parameters as local TypeVars */
static void emit_typevars(C *c, jl_value_t *b, typehead_t *t, jl_value_t *svec_call)
{
    for (size_t i = 0; i < jl_array_len(t->params); i++) {
        jl_value_t *p = jl_array_ptr_ref(t->params, i);
        jl_value_t *nm = A(p, 0), *lb = A(p, 1), *ub = A(p, 2);
        push(b, lower_expr(lsym.local_def, 1, nm));
        jl_value_t *call = lower_typevar(lower_quote(nm), lb != (jl_value_t *)lsym.null ? lb : NULL,
                                         ub != (jl_value_t *)lsym.null ? ub : NULL);
        push(b, asgn(nm, call));
        push(svec_call, nm);
    }
}

/* if the old definition is equivalent, keep it (and its parameters); otherwise assign */
static void emit_redefinition(C *c, jl_value_t *b, typehead_t *t, jl_value_t *tmp)
{
    jl_value_t *name = t->name;
    jl_value_t *gname = lower_expr(lsym.outerref, 1, name);
    jl_value_t *prev = (jl_value_t *)lower_gensym(c, "prev");
    jl_value_t *keep = blk();
    push(keep, asgn(tmp, prev));
    if (jl_array_len(t->params)) {
        jl_value_t *u = prev;
        for (size_t i = 0; i < jl_array_len(t->params); i++)
            u = lower_call(CORE("getfield"), 2, u, lower_quote((jl_value_t *)SYM("body")));
        jl_value_t *ps = lower_ssa(c);
        push(keep, asgn(ps, lower_call(CORE("getfield"), 2, u, lower_quote((jl_value_t *)SYM("parameters")))));
        for (size_t i = 0; i < jl_array_len(t->params); i++)
            push(keep, asgn(A(jl_array_ptr_ref(t->params, i), 0),
                            lower_call(CORE("_svec_ref"), 2, ps, jl_box_int64((int64_t)i + 1))));
    }
    jl_value_t *ifdef = blk();
    push(ifdef, lower_expr(jl_s_local, 1, prev));
    push(ifdef, asgn(prev, gname));
    push(ifdef, lower_expr(jl_s_if, 3, lower_call(CORE("_equiv_typedef"), 2, prev, tmp), keep,
                           asgn(gname, tmp)));
    push(b, lower_expr(jl_s_if, 3, lower_expr(jl_s_isdefined, 1, gname), ifdef, asgn(gname, tmp)));
}

static jl_value_t *decl_head(C *c, jl_value_t *name)
{
    (void)c;
    jl_value_t *b = blk();
    push(b, lower_expr(jl_s_global, 1, name));
    push(b, lower_expr(jl_s_const, 1, name));
    return b;
}

jl_value_t *expand_abstract(C *c, jl_value_t *e, int prim)
{
    typehead_t t;
    parse_typehead(c, A(e, 0), &t);
    jl_value_t *out = decl_head(c, t.name);
    jl_value_t *b = blk();
    jl_value_t *svec = lower_call(CORE("svec"), 0);
    emit_typevars(c, b, &t, svec);
    jl_value_t *tmp = (jl_value_t *)lower_gensym(c, "tmp");
    push(b, lower_expr(jl_s_local, 1, tmp));
    jl_value_t *mk = prim ? lower_call(CORE("_primitivetype"), 4, lower_globalref(c->mod, SYM("#thismodule")),
                                       lower_quote(t.name), svec, A(e, 1))
                          : lower_call(CORE("_abstracttype"), 3, lower_globalref(c->mod, SYM("#thismodule")),
                                       lower_quote(t.name), svec);
    /* the module argument is the module itself */
    jl_exprargset(mk, 1, (jl_value_t *)c->mod);
    push(b, asgn(tmp, mk));
    push(b, lower_call(CORE("_setsuper!"), 2, tmp, t.super ? t.super : CORE("Any")));
    emit_redefinition(c, b, &t, tmp);
    push(b, lower_expr(lsym.null, 0));
    /* decl_head's global/const are core forms already: expand only the body */
    push(out, lower_expand(c, lower_expr(lsym.scope_block, 1, b)));
    push(out, lower_expr(lsym.null, 0));
    return out;
}

/* ---------------------------------------------------------------- struct */

typedef struct {
    jl_array_t *names;   /* field Symbols */
    jl_array_t *types;   /* type exprs or NULL-marker lsym.null for untyped */
    jl_array_t *consts;  /* 1-based indices of const fields (Int) */
    jl_array_t *ctors;   /* inner constructor definitions */
    jl_array_t *lines;
} fields_t;

static int is_function_def(jl_value_t *e)
{
    if (IS(e, jl_s_global) && NA(e) == 1) /* global f() = new(...) */
        e = A(e, 0);
    if (IS(e, jl_s_function))
        return 1;
    if (IS(e, jl_s_assign)) {
        jl_value_t *l = A(e, 0);
        while (IS(l, jl_s_where) || (IS(l, jl_s_doublecolon) && NA(l) == 2 && !jl_is_symbol(A(l, 0))))
            l = A(l, 0);
        return IS(l, jl_s_call);
    }
    return 0;
}

static void collect_fields(C *c, jl_value_t *body, fields_t *f, int mut)
{
    for (size_t i = 0; i < NA(body); i++) {
        jl_value_t *x = A(body, i);
        if (jl_is_linenode(x)) {
            jl_array_ptr_1d_push(f->lines, x);
            continue;
        }
        if (IS(x, jl_s_block)) {
            collect_fields(c, x, f, mut);
            continue;
        }
        if (is_function_def(x)) {
            jl_array_ptr_1d_push(f->ctors, x);
            continue;
        }
        int isconst = 0;
        if (IS(x, jl_s_const)) {
            if (!mut)
                lower_error(c, "invalid field attribute const for immutable struct");
            isconst = 1;
            x = A(x, 0);
        }
        jl_value_t *nm = x, *ty = (jl_value_t *)lsym.null;
        if (IS(x, jl_s_doublecolon) && NA(x) == 2) {
            nm = A(x, 0);
            ty = A(x, 1);
        }
        if (!jl_is_symbol(nm))
            lower_error(c, "invalid struct field expression");
        for (size_t k = 0; k < jl_array_len(f->names); k++)
            if (jl_array_ptr_ref(f->names, k) == nm)
                lower_error(c, "duplicate field name: \"%s\" is not unique", jl_symbol_name((jl_sym_t *)nm));
        jl_array_ptr_1d_push(f->names, nm);
        jl_array_ptr_1d_push(f->types, ty);
        if (isconst)
            jl_array_ptr_1d_push(f->consts, jl_box_int64((int64_t)jl_array_len(f->names)));
    }
}

static jl_value_t *ftype(jl_value_t *t) { return t == (jl_value_t *)lsym.null ? CORE("Any") : t; }

/* smallest number of arguments to `new` in the constructors (fields always initialized) */
static size_t min_new_args(jl_value_t *e, size_t cur)
{
    if (!jl_is_expr(e) || H(e) == jl_s_quote)
        return cur;
    if (H(e) == jl_s_call && NA(e) >= 1) {
        jl_value_t *f = A(e, 0);
        if (f == (jl_value_t *)jl_s_new || (IS(f, jl_s_curly) && A(f, 0) == (jl_value_t *)jl_s_new)) {
            size_t n = 0;
            int va = 0;
            for (size_t i = 1; i < NA(e); i++)
                va |= IS(A(e, i), jl_s_dots), n++;
            if (!va && n < cur)
                cur = n;
        }
    }
    for (size_t i = 0; i < NA(e); i++)
        cur = min_new_args(A(e, i), cur);
    return cur;
}

/* new(args...) -> (new T convert(fieldtype(T, i), arg)...) */
static jl_value_t *rewrite_new(C *c, jl_value_t *e, jl_value_t *selfT, typehead_t *t, fields_t *f)
{
    if (!jl_is_expr(e) || H(e) == jl_s_quote || H(e) == jl_s_inert)
        return e;
    if (H(e) == jl_s_call && NA(e) >= 1) {
        jl_value_t *fn = A(e, 0);
        jl_value_t *T = NULL;
        if (fn == (jl_value_t *)jl_s_new)
            T = selfT;
        else if (IS(fn, jl_s_curly) && A(fn, 0) == (jl_value_t *)jl_s_new) {
            T = lower_expr(jl_s_curly, 1, t->name);
            for (size_t i = 1; i < NA(fn); i++)
                push(T, A(fn, i));
        }
        if (T) {
            size_t nf = jl_array_len(f->names);
            int va = 0;
            for (size_t i = 1; i < NA(e); i++)
                va |= IS(A(e, i), jl_s_dots);
            if (va) {
                jl_value_t *tup = lower_expr(jl_s_tuple, 0);
                for (size_t i = 1; i < NA(e); i++)
                    push(tup, rewrite_new(c, A(e, i), selfT, t, f));
                return lower_expr(jl_s_splatnew, 2, T, tup);
            }
            if (NA(e) - 1 > nf)
                lower_error(c, "new: too many arguments (expected %zu)", nf);
            jl_value_t *Tv = T;
            jl_value_t *b = blk();
            if (!jl_is_symbol(T)) {
                Tv = (jl_value_t *)lower_gensym(c, "T");
                push(b, lower_expr(jl_s_local, 1, Tv));
                push(b, asgn(Tv, T));
            }
            jl_value_t *nw = lower_expr(jl_s_new, 1, Tv);
            for (size_t i = 1; i < NA(e); i++) {
                jl_value_t *a = rewrite_new(c, A(e, i), selfT, t, f);
                if (jl_array_ptr_ref(f->types, i - 1) != (jl_value_t *)lsym.null)
                    a = lower_call(TOP("convert"), 2,
                                   lower_call(CORE("fieldtype"), 2, Tv, jl_box_int64((int64_t)i)), a);
                push(nw, a);
            }
            push(b, nw);
            return b;
        }
    }
    jl_value_t *r = lower_exprv(H(e), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    for (size_t i = 0; i < NA(e); i++)
        jl_exprargset(r, i, rewrite_new(c, A(e, i), selfT, t, f));
    return r;
}

static jl_value_t *fn_sig_call(jl_value_t *sig)
{
    while (!IS(sig, jl_s_call))
        sig = A(sig, 0);
    return sig;
}

/* A function defined in a struct body: a constructor when it is named after the type, otherwise an
   ordinary (or `global`) function in which `new` builds the type, as Julia's ctor-def. */
static jl_value_t *inner_ctor(C *c, jl_value_t *def, typehead_t *t, fields_t *f)
{
    int global = IS(def, jl_s_global);
    if (global)
        def = A(def, 0);
    jl_value_t *sig = A(def, 0), *body = A(def, 1);
    jl_value_t *call = fn_sig_call(sig);
    jl_value_t *fname = A(call, 0);
    jl_value_t *base = IS(fname, jl_s_curly) ? A(fname, 0) : fname;
    if (base == t->name && !global)
        return lower_expand_ctor(c, sig, rewrite_new(c, body, (jl_value_t *)lsym.ctor_self, t, f));
    jl_value_t *fdef = lower_expr(global ? jl_s_assign : jl_s_function, 2, sig, rewrite_new(c, body, t->name, t, f));
    return lower_expand(c, global ? lower_expr(jl_s_global, 1, fdef) : fdef);
}

static jl_value_t *default_ctors(C *c, typehead_t *t, fields_t *f, jl_value_t *line)
{
    jl_value_t *out = blk();
    size_t nf = jl_array_len(f->names);
    int typed = 0;
    for (size_t i = 0; i < nf; i++)
        typed |= jl_array_ptr_ref(f->types, i) != (jl_value_t *)lsym.null;
    size_t np = jl_array_len(t->params);
    jl_value_t *fname = t->name;
    if (np) {
        fname = lower_expr(jl_s_curly, 1, t->name);
        for (size_t i = 0; i < np; i++)
            push(fname, A(jl_array_ptr_ref(t->params, i), 0));
    }
    /* Any-typed inner constructor: T(fields...) = new(fields...) */
    jl_value_t *sig = lower_expr(jl_s_call, 1, fname);
    jl_value_t *nw = lower_expr(jl_s_call, 1, jl_s_new);
    for (size_t i = 0; i < nf; i++) {
        push(sig, jl_array_ptr_ref(f->names, i));
        push(nw, jl_array_ptr_ref(f->names, i));
    }
    if (np) {
        jl_value_t *w = lower_expr(jl_s_where, 1, sig);
        for (size_t i = 0; i < np; i++) {
            jl_value_t *p = jl_array_ptr_ref(t->params, i);
            jl_value_t *nm = A(p, 0);
            if (A(p, 2) != (jl_value_t *)lsym.null)
                nm = lower_expr(jl_s_subtype, 2, nm, A(p, 2));
            push(w, nm);
        }
        sig = w;
    }
    jl_value_t *body = blk();
    push(body, line);
    push(body, nw);
    if (!np && typed) {
        /* typed constructor, defined unless every field type turns out to be Any */
        jl_value_t *tsig = lower_expr(jl_s_call, 1, fname);
        for (size_t i = 0; i < nf; i++)
            push(tsig, lower_expr(jl_s_doublecolon, 2, jl_array_ptr_ref(f->names, i), ftype(jl_array_ptr_ref(f->types, i))));
        jl_value_t *tb = blk();
        push(tb, line);
        push(tb, lower_expr(jl_s_new, 0));
        jl_value_t *tnw = lower_expr(jl_s_call, 1, jl_s_new);
        for (size_t i = 0; i < nf; i++)
            push(tnw, jl_array_ptr_ref(f->names, i));
        jl_exprargset(tb, 1, tnw);
        jl_value_t *cond = NULL;
        for (size_t i = 0; i < nf; i++) {
            jl_value_t *cmp = lower_expr(jl_s_call, 3, CORE("==="), CORE("Any"), ftype(jl_array_ptr_ref(f->types, i)));
            cond = cond ? lower_expr(jl_s_and, 2, cond, cmp) : cmp;
        }
        jl_value_t *def = lower_expand(c, lower_expr(jl_s_if, 3, cond, lower_expr(jl_s_block, 0),
                                                     lower_expr(lsym.null, 0)));
        jl_exprargset(def, 2, lower_expand_ctor(c, tsig, rewrite_new(c, tb, (jl_value_t *)lsym.ctor_self, t, f)));
        push(out, def);
    }
    push(out, lower_expand_ctor(c, sig, rewrite_new(c, body, (jl_value_t *)lsym.ctor_self, t, f)));
    if (np) {
        /* outer constructor T(fields::FT...) where {params} = T{params}(fields...), when every parameter
           appears in some field type */
        int all_used = 1;
        for (size_t i = 0; i < np; i++) {
            jl_value_t *pn = A(jl_array_ptr_ref(t->params, i), 0);
            int used = 0;
            for (size_t k = 0; k < nf; k++) {
                jl_value_t *ty = jl_array_ptr_ref(f->types, k);
                /* crude containment test */
                jl_value_t *stack[64];
                size_t sp = 0;
                stack[sp++] = ty;
                while (sp && !used) {
                    jl_value_t *x = stack[--sp];
                    if (x == pn)
                        used = 1;
                    else if (jl_is_expr(x))
                        for (size_t j = 0; j < NA(x) && sp < 64; j++)
                            stack[sp++] = A(x, j);
                }
            }
            all_used &= used;
        }
        if (all_used) {
            jl_value_t *osig = lower_expr(jl_s_call, 1, t->name);
            jl_value_t *ocall = lower_expr(jl_s_call, 1, fname);
            for (size_t i = 0; i < nf; i++) {
                push(osig, lower_expr(jl_s_doublecolon, 2, jl_array_ptr_ref(f->names, i), ftype(jl_array_ptr_ref(f->types, i))));
                push(ocall, jl_array_ptr_ref(f->names, i));
            }
            jl_value_t *w = lower_expr(jl_s_where, 1, osig);
            for (size_t i = 0; i < np; i++) {
                jl_value_t *p = jl_array_ptr_ref(t->params, i);
                jl_value_t *nm = A(p, 0);
                if (A(p, 2) != (jl_value_t *)lsym.null)
                    nm = lower_expr(jl_s_subtype, 2, nm, A(p, 2));
                push(w, nm);
            }
            jl_value_t *ob = blk();
            push(ob, line);
            push(ob, ocall);
            push(out, lower_expand_ctor(c, w, ob));
        }
    }
    return out;
}

jl_value_t *expand_struct(C *c, jl_value_t *e)
{
    int mut = A(e, 0) == jl_true;
    typehead_t t;
    parse_typehead(c, A(e, 1), &t);
    fields_t f;
    f.names = lower_vec();
    f.types = lower_vec();
    f.consts = lower_vec();
    f.ctors = lower_vec();
    f.lines = lower_vec();
    collect_fields(c, A(e, 2), &f, mut);
    size_t nf = jl_array_len(f.names);
    jl_value_t *line = jl_array_len(f.lines) ? jl_array_ptr_ref(f.lines, 0)
                                             : jl_new_linenumbernode(c->line, (jl_value_t *)c->file);
    jl_value_t *out = decl_head(c, t.name);
    jl_value_t *b = blk();
    jl_value_t *psvec = lower_call(CORE("svec"), 0);
    emit_typevars(c, b, &t, psvec);
    jl_value_t *tmp = (jl_value_t *)lower_gensym(c, "tmp");
    push(b, lower_expr(jl_s_local, 1, tmp));
    jl_value_t *fsvec = lower_call(CORE("svec"), 0), *asvec = lower_call(CORE("svec"), 0);
    for (size_t i = 0; i < nf; i++)
        push(fsvec, lower_quote(jl_array_ptr_ref(f.names, i)));
    for (size_t i = 0; i < jl_array_len(f.consts); i++) { /* (index, :const) pairs */
        push(asvec, jl_array_ptr_ref(f.consts, i));
        push(asvec, lower_quote((jl_value_t *)jl_s_const));
    }
    size_t mininit = nf;
    for (size_t i = 0; i < jl_array_len(f.ctors); i++)
        mininit = min_new_args(jl_array_ptr_ref(f.ctors, i), mininit);
    jl_value_t *mk = lower_call(CORE("_structtype"), 7, (jl_value_t *)c->mod, lower_quote(t.name), psvec, fsvec,
                                asvec, mut ? jl_true : jl_false, jl_box_int64((int64_t)mininit));
    push(b, asgn(tmp, mk));
    push(b, lower_call(CORE("_setsuper!"), 2, tmp, t.super ? t.super : CORE("Any")));
    emit_redefinition(c, b, &t, tmp);
    jl_value_t *tsvec = lower_call(CORE("svec"), 0);
    for (size_t i = 0; i < nf; i++)
        push(tsvec, ftype(jl_array_ptr_ref(f.types, i)));
    push(b, lower_call(CORE("_typebody!"), 2, tmp, tsvec));
    push(b, lower_expr(lsym.null, 0));
    push(out, lower_expand(c, lower_expr(lsym.scope_block, 1, b)));
    /* constructors: in a scope where the type parameters are not visible as variables */
    jl_value_t *ctors = blk();
    push(ctors, lower_expr(jl_s_global, 1, t.name));
    if (jl_array_len(f.ctors)) {
        for (size_t i = 0; i < jl_array_len(f.ctors); i++)
            push(ctors, inner_ctor(c, jl_array_ptr_ref(f.ctors, i), &t, &f));
    }
    else
        push(ctors, default_ctors(c, &t, &f, line));
    push(out, lower_expr(lsym.scope_block, 1, ctors));
    push(out, lower_expr(lsym.null, 0));
    /* the out block is already expanded except decl_head's global/const, which are core forms */
    return out;
}
