/*
 * lower_scope.c -- pass 2 of lowering (see lower.h): scope resolution, variable analysis and closure
 * conversion, after Julia 1.10's resolve-scopes / analyze-variables / closure-convert.
 *
 * Scope rules (Julia >= 1.5): an assignment to an undeclared name inside a scope-block makes a new
 * local of that block, unless an enclosing block (of this or an enclosing function) has a local of that
 * name. At top level, outside every scope-block, assignments are global. In a soft scope (loop or try
 * body) at top level not nested in a hard scope, an assignment to a name that is an existing global is
 * ambiguous: in files Julia warns and makes it local; in the REPL it assigns the global.
 *
 * Closures: every nested lambda becomes a method of a struct type `#N#M` (fields = captured variables,
 * one type parameter per field that is not boxed). A captured variable is boxed (Core.Box) unless it is
 * assigned once, unconditionally, before any closure capturing it is created. The type definition and
 * the method are lifted into the top-level thunk (ctx->prelude / ctx->postlude).
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
#define CORE(s) lower_core(s)

typedef struct scope {
    struct scope *parent;
    int lam;
    int hard;          /* hard scope (function, let, ...) */
    int isroot;        /* the top-level thunk's own scope (assignments are global) */
    int condepth;      /* conditional depth at entry */
    int inloop;
    jl_array_t *names; /* Symbols */
    jl_array_t *ids;   /* boxed var ids, or -1-i for static parameter i, or -1000000 for global */
} scope_t;

#define GLOBAL_MARK (-1000000)

typedef struct {
    int condepth;      /* inside if/&&/loop/try, relative to the lambda */
    int loopdepth;
    int order;         /* walk order counter */
} walk_t;

/* per-var analysis extras kept beside lvar_t */
typedef struct {
    int first_capture;  /* walk order of the first capture, or INT_MAX */
    int single_ok;      /* the only assignment is unconditional and before any capture */
    int decl_depth;
    jl_sym_t *field;    /* closure field name */
} varx_t;

static varx_t *vx;
static size_t vxcap;

static int new_var(C *c, jl_sym_t *name, int lam, int isarg)
{
    if (c->nvars == c->capvars) {
        c->capvars = c->capvars ? 2 * c->capvars : 64;
        lvar_t *nv = (lvar_t *)jl_gc_alloc_buf(c->capvars * sizeof(lvar_t));
        if (c->nvars)
            memcpy(nv, c->vars, c->nvars * sizeof(lvar_t));
        c->vars = nv;
    }
    if (c->nvars >= vxcap) {
        size_t nc = c->capvars;
        varx_t *nx = (varx_t *)jl_gc_alloc_buf(nc * sizeof(varx_t));
        if (vx && vxcap)
            memcpy(nx, vx, vxcap * sizeof(varx_t));
        vx = nx;
        vxcap = nc;
    }
    int id = (int)c->nvars++;
    lvar_t *v = &c->vars[id];
    memset(v, 0, sizeof(*v));
    v->name = name;
    v->lam = lam;
    v->isarg = isarg;
    v->isgensym = jl_symbol_name(name)[0] == '#';
    memset(&vx[id], 0, sizeof(varx_t));
    vx[id].first_capture = 0x7fffffff;
    vx[id].single_ok = 0;
    return id;
}

static int new_lambda(C *c, int parent)
{
    if (c->nlams == c->caplams) {
        c->caplams = c->caplams ? 2 * c->caplams : 16;
        lambda_t *nl = (lambda_t *)jl_gc_alloc_buf(c->caplams * sizeof(lambda_t));
        if (c->nlams)
            memcpy(nl, c->lams, c->nlams * sizeof(lambda_t));
        c->lams = nl;
    }
    int id = (int)c->nlams++;
    lambda_t *l = &c->lams[id];
    memset(l, 0, sizeof(*l));
    l->parent = parent;
    l->args = lower_vec();
    l->locals = lower_vec();
    l->sparams = lower_vec();
    l->captured = lower_vec();
    return id;
}

static jl_value_t *lv(int id) { return lower_expr(lsym.lv, 1, jl_box_int64(id)); }
static int lv_id(jl_value_t *e) { return (int)jl_unbox_int64(A(e, 0)); }
static jl_value_t *push(jl_value_t *e, jl_value_t *a) { return lower_push(e, a); }

static void scope_add(scope_t *s, jl_sym_t *name, int id)
{
    jl_array_ptr_1d_push(s->names, (jl_value_t *)name);
    jl_array_ptr_1d_push(s->ids, jl_box_int64(id));
}

static int scope_find_here(scope_t *s, jl_sym_t *name, int *id)
{
    for (size_t i = 0; i < jl_array_len(s->names); i++)
        if (jl_array_ptr_ref(s->names, i) == (jl_value_t *)name) {
            *id = (int)jl_unbox_int64(jl_array_ptr_ref(s->ids, i));
            return 1;
        }
    return 0;
}

/* innermost binding of name: returns the scope or NULL (global) */
static scope_t *lookup(scope_t *s, jl_sym_t *name, int *id)
{
    for (; s; s = s->parent)
        if (scope_find_here(s, name, id))
            return s;
    return NULL;
}

static scope_t *new_scope(scope_t *parent, int lam, int hard, int condepth, int inloop)
{
    scope_t *s = (scope_t *)jl_gc_alloc_buf(sizeof(scope_t));
    memset(s, 0, sizeof(*s));
    s->parent = parent;
    s->lam = lam;
    s->hard = hard;
    s->condepth = condepth;
    s->inloop = inloop;
    s->names = lower_vec();
    s->ids = lower_vec();
    return s;
}

/* ---------------------------------------------------------------- declarations of a scope-block */

static int is_name_in(jl_array_t *a, jl_value_t *s)
{
    for (size_t i = 0; i < jl_array_len(a); i++)
        if (jl_array_ptr_ref(a, i) == s)
            return 1;
    return 0;
}

/* collect local/global declarations and assigned names, not looking inside nested scopes/lambdas */
static void find_decls(jl_value_t *e, jl_array_t *locals, jl_array_t *globals, jl_array_t *assigned)
{
    if (!jl_is_expr(e))
        return;
    jl_sym_t *h = H(e);
    if (h == lsym.scope_block || h == lsym.lambda || h == jl_s_quote || h == jl_s_inert)
        return;
    if (h == jl_s_local || h == lsym.local_def) {
        for (size_t i = 0; i < NA(e); i++)
            if (jl_is_symbol(A(e, i)) && !is_name_in(locals, A(e, i)))
                jl_array_ptr_1d_push(locals, A(e, i));
        return;
    }
    if (h == jl_s_global) {
        for (size_t i = 0; i < NA(e); i++)
            if (jl_is_symbol(A(e, i)) && !is_name_in(globals, A(e, i)))
                jl_array_ptr_1d_push(globals, A(e, i));
        return;
    }
    if (h == jl_s_assign && jl_is_symbol(A(e, 0))) {
        if (!is_name_in(assigned, A(e, 0)))
            jl_array_ptr_1d_push(assigned, A(e, 0));
    }
    if (h == jl_s_method && NA(e) >= 1 && jl_is_symbol(A(e, 0))) {
        if (!is_name_in(assigned, A(e, 0)))
            jl_array_ptr_1d_push(assigned, A(e, 0));
    }
    for (size_t i = 0; i < NA(e); i++)
        find_decls(A(e, i), locals, globals, assigned);
}

/* ---------------------------------------------------------------- resolution walk */

typedef struct {
    C *c;
    walk_t w;
} R;

static jl_value_t *resolve(R *r, jl_value_t *e, scope_t *s);

static int toplevel_soft(scope_t *s, C *c)
{
    if (!c->lams[s->lam].istop)
        return 0;
    for (scope_t *p = s; p && !p->isroot; p = p->parent)
        if (p->hard)
            return 0;
    return 1;
}

static int global_exists(C *c, jl_sym_t *name)
{
    jl_binding_t *b = jl_get_binding(c->mod, name);
    return b != NULL && b->value != NULL;
}

static int mentions(jl_value_t *e, jl_value_t *sym)
{
    if (e == sym)
        return 1;
    if (!jl_is_expr(e) || H(e) == jl_s_quote || H(e) == jl_s_inert)
        return 0;
    for (size_t i = 0; i < NA(e); i++)
        if (mentions(A(e, i), sym))
            return 1;
    return 0;
}

/* the first statement of the block that mentions sym is an assignment `sym = rhs` not reading sym */
static int assigned_first(jl_value_t *body, jl_value_t *sym)
{
    if (!IS(body, jl_s_block))
        return IS(body, jl_s_assign) && A(body, 0) == sym && !mentions(A(body, 1), sym);
    for (size_t i = 0; i < NA(body); i++) {
        jl_value_t *st = A(body, i);
        if (IS(st, jl_s_local) || IS(st, lsym.local_def))
            continue;
        if (IS(st, jl_s_block)) {
            if (assigned_first(st, sym))
                return 1;
            if (mentions(st, sym))
                return 0;
            continue;
        }
        if (IS(st, jl_s_assign) && A(st, 0) == sym)
            return !mentions(A(st, 1), sym);
        if (mentions(st, sym))
            return 0;
    }
    return 0;
}

static jl_value_t *resolve_scope_block(R *r, jl_value_t *e, scope_t *parent)
{
    C *c = r->c;
    jl_value_t *body = A(e, 0);
    int soft = NA(e) > 1 && A(e, 1) == (jl_value_t *)lsym.softscope;
    scope_t *s = new_scope(parent, parent->lam, !soft, r->w.condepth, parent->inloop || r->w.loopdepth > 0);
    jl_array_t *locals = lower_vec(), *globals = lower_vec(), *assigned = lower_vec();
    find_decls(body, locals, globals, assigned);
    lambda_t *L = &c->lams[s->lam];
    jl_value_t *pre = lower_expr(jl_s_block, 0);
    for (size_t i = 0; i < jl_array_len(globals); i++) {
        jl_sym_t *g = (jl_sym_t *)jl_array_ptr_ref(globals, i);
        if (is_name_in(locals, (jl_value_t *)g))
            lower_error(c, "variable \"%s\" declared both local and global", jl_symbol_name(g));
        int id;
        scope_t *f = lookup(parent, g, &id);
        if (f && f->lam == s->lam && id >= 0 && c->vars[id].isarg)
            lower_error(c, "global variable name \"%s\" conflicts with an argument", jl_symbol_name(g));
        scope_add(s, g, GLOBAL_MARK);
    }
    for (size_t i = 0; i < jl_array_len(locals); i++) {
        jl_sym_t *n = (jl_sym_t *)jl_array_ptr_ref(locals, i);
        int id;
        scope_t *f = lookup(parent, n, &id);
        if (f && f->lam == s->lam && id >= 0 && c->vars[id].isarg && f->parent == NULL)
            lower_error(c, "local variable name \"%s\" conflicts with an argument", jl_symbol_name(n));
        int v = new_var(c, n, s->lam, 0);
        c->vars[v].inloop = s->inloop;
        vx[v].decl_depth = r->w.condepth;
        jl_array_ptr_1d_push(L->locals, jl_box_int64(v));
        scope_add(s, n, v);
        push(pre, lower_expr(lsym.newvar, 1, lv(v)));
        if (assigned_first(body, (jl_value_t *)n))
            jl_exprargset(A(pre, NA(pre) - 1), 0, lower_expr(lsym.lv, 2, jl_box_int64(v), jl_true));
    }
    for (size_t i = 0; i < jl_array_len(assigned); i++) {
        jl_sym_t *n = (jl_sym_t *)jl_array_ptr_ref(assigned, i);
        if (is_name_in(locals, (jl_value_t *)n) || is_name_in(globals, (jl_value_t *)n))
            continue;
        int id;
        scope_t *f = lookup(parent, n, &id);
        if (f && !f->isroot)
            continue; /* an enclosing local (or declared global) */
        if (f && f->isroot && id != GLOBAL_MARK)
            continue; /* a local of the top-level thunk */
        if (toplevel_soft(s, c)) {
            if (global_exists(c, n) || (f && id == GLOBAL_MARK)) {
                if (c->interactive)
                    continue;
                char msg[600];
                snprintf(msg, sizeof(msg),
                         "Assignment to `%s` in soft scope is ambiguous because a global variable by the same "
                         "name exists: `%s` will be treated as a new local. Disambiguate by using `local %s` to "
                         "suppress this warning or `global %s` to assign to the existing global variable.",
                         jl_symbol_name(n), jl_symbol_name(n), jl_symbol_name(n), jl_symbol_name(n));
                lower_warn(c, msg);
            }
        }
        int v = new_var(c, n, s->lam, 0);
        c->vars[v].inloop = s->inloop;
        vx[v].decl_depth = r->w.condepth;
        jl_array_ptr_1d_push(L->locals, jl_box_int64(v));
        scope_add(s, n, v);
        push(pre, lower_expr(lsym.newvar, 1, lv(v)));
        if (assigned_first(body, (jl_value_t *)n))
            jl_exprargset(A(pre, NA(pre) - 1), 0, lower_expr(lsym.lv, 2, jl_box_int64(v), jl_true));
    }
    jl_value_t *rb = resolve(r, body, s);
    push(pre, rb);
    return pre;
}

static jl_value_t *resolve_sym(R *r, jl_sym_t *name, scope_t *s)
{
    C *c = r->c;
    int id;
    scope_t *f = lookup(s, name, &id);
    if (!f || id == GLOBAL_MARK)
        return lower_globalref(c->mod, name);
    if (id < 0) { /* static parameter */
        int sp = -1 - id;
        if (f->lam == s->lam)
            return lower_expr(lsym.sparam, 1, jl_box_int64(sp + 1));
        /* a static parameter of an enclosing method: a hidden local there, captured */
        lambda_t *L = &c->lams[f->lam];
        jl_array_t *spv = (jl_array_t *)L->src; /* reused as sparam var cache */
        for (size_t i = 0; spv && i < jl_array_len(spv); i += 2)
            if (jl_unbox_int64(jl_array_ptr_ref(spv, i)) == sp)
                return lv((int)jl_unbox_int64(jl_array_ptr_ref(spv, i + 1)));
        int v = new_var(c, name, f->lam, 0);
        c->vars[v].assigned = 1;
        vx[v].single_ok = 1;
        jl_array_ptr_1d_push(L->locals, jl_box_int64(v));
        if (!spv) {
            spv = lower_vec();
            L->src = (jl_value_t *)spv;
        }
        jl_array_ptr_1d_push(spv, jl_box_int64(sp));
        jl_array_ptr_1d_push(spv, jl_box_int64(v));
        vx[v].first_capture = r->w.order;
        return lv(v);
    }
    if (c->vars[id].lam != s->lam) {
        c->vars[id].captured = 1;
        if (vx[id].first_capture > r->w.order)
            vx[id].first_capture = r->w.order;
    }
    return lv(id);
}

static jl_value_t *resolve_lambda(R *r, jl_value_t *e, scope_t *s);

static jl_value_t *resolve_args(R *r, jl_value_t *e, scope_t *s, size_t from)
{
    jl_value_t *out = lower_exprv(H(e), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    for (size_t i = from; i < NA(e); i++)
        jl_exprargset(out, i, resolve(r, A(e, i), s));
    return out;
}

static void note_assign(R *r, int id, scope_t *s)
{
    C *c = r->c;
    lvar_t *v = &c->vars[id];
    v->assigned++;
    if (v->lam != s->lam)
        v->cl_assigned = 1;
    vx[id].single_ok = v->assigned == 1 && !v->isarg && r->w.condepth == vx[id].decl_depth &&
                       vx[id].first_capture > r->w.order;
}

static jl_value_t *resolve(R *r, jl_value_t *e, scope_t *s)
{
    C *c = r->c;
    r->w.order++;
    if (jl_is_symbol(e))
        return resolve_sym(r, (jl_sym_t *)e, s);
    if (!jl_is_expr(e))
        return e;
    jl_sym_t *h = H(e);
    if (h == jl_s_meta && NA(e) == 2 && A(e, 0) == (jl_value_t *)SYM("ret-type"))
        return lower_expr(jl_s_meta, 2, A(e, 0), resolve(r, A(e, 1), s));
    if (h == jl_s_quote || h == jl_s_inert || h == jl_s_meta || h == lsym.symbolicgoto ||
        h == lsym.symboliclabel || h == jl_s_break || h == lsym.null || h == jl_s_copyast)
        return e;
    if (h == lsym.outerref)
        return lower_globalref(c->mod, (jl_sym_t *)A(e, 0));
    if (h == lsym.scope_block)
        return resolve_scope_block(r, e, s);
    if (h == lsym.lambda)
        return resolve_lambda(r, e, s);
    if (h == jl_s_local || h == lsym.local_def)
        return lower_expr(lsym.null, 0);
    if (h == jl_s_global) {
        jl_value_t *b = lower_expr(jl_s_block, 0);
        for (size_t i = 0; i < NA(e); i++)
            if (c->lams[s->lam].istop)
                push(b, lower_expr(jl_s_global, 1, lower_globalref(c->mod, (jl_sym_t *)A(e, i))));
        push(b, lower_expr(lsym.null, 0));
        return b;
    }
    if (h == jl_s_const) {
        jl_value_t *x = resolve(r, A(e, 0), s);
        if (!jl_is_globalref(x))
            lower_error(c, "unsupported `const` declaration on local variable");
        return lower_expr(jl_s_const, 1, x);
    }
    if (h == lsym.decl) {
        jl_value_t *x = resolve(r, A(e, 0), s);
        jl_value_t *t = resolve(r, A(e, 1), s);
        if (IS(x, lsym.lv)) {
            lvar_t *v = &c->vars[lv_id(x)];
            if (v->decltype)
                lower_error(c, "multiple type declarations for \"%s\"", jl_symbol_name(v->name));
            v->decltype = t;
            return lower_expr(lsym.null, 0);
        }
        /* typed global: declare the binding type */
        return lower_call(CORE("set_binding_type!"), 3, (jl_value_t *)c->mod,
                          lower_quote((jl_value_t *)((jl_globalref_t *)x)->name), t);
    }
    if (h == jl_s_assign) {
        jl_value_t *rhs = resolve(r, A(e, 1), s);
        jl_value_t *lhs = A(e, 0);
        if (jl_is_symbol(lhs)) {
            if (lhs == (jl_value_t *)lsym.underscore || strspn(jl_symbol_name((jl_sym_t *)lhs), "_") ==
                                                          strlen(jl_symbol_name((jl_sym_t *)lhs)))
                return rhs;
            lhs = resolve_sym(r, (jl_sym_t *)lhs, s);
            if (IS(lhs, lsym.lv))
                note_assign(r, lv_id(lhs), s);
            else if (!c->lams[s->lam].istop) {
                /* assignment to a global from a function requires `global x` */
                int id;
                scope_t *f = lookup(s, ((jl_globalref_t *)lhs)->name, &id);
                if (!f)
                    lower_error(c, "internal: assignment to undeclared global");
            }
        }
        else
            lhs = resolve(r, lhs, s);
        return lower_expr(jl_s_assign, 2, lhs, rhs);
    }
    if (h == jl_s_method) {
        jl_value_t *name = A(e, 0);
        jl_value_t *rn = name;
        if (jl_is_symbol(name)) {
            rn = resolve_sym(r, (jl_sym_t *)name, s);
            if (jl_is_globalref(rn))
                rn = name; /* Expr(:method, :f) names the global by Symbol */
            else if (NA(e) == 1)
                note_assign(r, lv_id(rn), s);
        }
        if (NA(e) == 1)
            return lower_expr(jl_s_method, 1, rn);
        jl_value_t *sig = resolve(r, A(e, 1), s);
        jl_value_t *lam = resolve(r, A(e, 2), s);
        if (NA(e) == 4) /* Core.kwcall method: the keyword function it belongs to */
            return lower_expr(jl_s_method, 4, rn, sig, lam,
                              jl_is_symbol(A(e, 3)) ? resolve_sym(r, (jl_sym_t *)A(e, 3), s) : A(e, 3));
        return lower_expr(jl_s_method, 3, rn, sig, lam);
    }
    if (h == jl_s_if) {
        jl_value_t *out = lower_exprv(h, jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
        jl_exprargset(out, 0, resolve(r, A(e, 0), s));
        r->w.condepth++;
        for (size_t i = 1; i < NA(e); i++)
            jl_exprargset(out, i, resolve(r, A(e, i), s));
        r->w.condepth--;
        return out;
    }
    if (h == lsym.lwhile || h == lsym.ldowhile || h == lsym.trycatch || h == lsym.tryfinally) {
        int loop = h != lsym.trycatch && h != lsym.tryfinally;
        r->w.condepth++;
        r->w.loopdepth += loop;
        jl_value_t *out = resolve_args(r, e, s, 0);
        r->w.loopdepth -= loop;
        r->w.condepth--;
        return out;
    }
    if (h == lsym.break_block)
        return lower_expr(h, 2, A(e, 0), resolve(r, A(e, 1), s));
    if (h == jl_s_isdefined) {
        jl_value_t *x = A(e, 0);
        return lower_expr(jl_s_isdefined, 1, jl_is_symbol(x) ? resolve_sym(r, (jl_sym_t *)x, s) : resolve(r, x, s));
    }
    if (h == jl_s_toplevel || h == jl_s_module || h == jl_s_using || h == jl_s_import || h == jl_s_export) {
        if (!c->lams[s->lam].istop || !s->isroot)
            lower_error(c, "\"%s\" expression not at top level", jl_symbol_name(h));
        return e;
    }
    return resolve_args(r, e, s, 0);
}

static jl_value_t *resolve_lambda(R *r, jl_value_t *e, scope_t *s)
{
    C *c = r->c;
    int L = new_lambda(c, s->lam);
    jl_value_t *alist = A(e, 0), *slist = A(e, 1);
    scope_t *ls = new_scope(s, L, 1, 0, 0);
    for (size_t i = 0; i < NA(slist); i++)
        scope_add(ls, (jl_sym_t *)A(slist, i), -1 - (int)i);
    c->lams[L].sparams = lower_vec();
    for (size_t i = 0; i < NA(slist); i++)
        jl_array_ptr_1d_push(c->lams[L].sparams, A(slist, i));
    scope_t *as = new_scope(ls, L, 1, 0, 0);
    for (size_t i = 0; i < NA(alist); i++) {
        jl_sym_t *n = (jl_sym_t *)A(alist, i);
        int dup;
        if (n != lsym.unused && scope_find_here(as, n, &dup))
            lower_error(c, "function argument name not unique: \"%s\"", jl_symbol_name(n));
        for (size_t k = 0; k < NA(slist); k++)
            if (A(slist, k) == (jl_value_t *)n)
                lower_error(c, "function argument and static parameter name not distinct: \"%s\"",
                            jl_symbol_name(n));
        int v = new_var(c, n, L, 1);
        jl_array_ptr_1d_push(c->lams[L].args, jl_box_int64(v));
        if (n != lsym.unused)
            scope_add(as, n, v);
    }
    /* the argument scope: its locals are the arguments (parent == ls marks it for conflict checks) */
    walk_t saved = r->w;
    r->w.condepth = 0;
    r->w.loopdepth = 0;
    jl_value_t *body = resolve(r, A(e, 2), as);
    r->w.condepth = saved.condepth;
    r->w.loopdepth = saved.loopdepth;
    c->lams[L].body = body;
    return lower_expr(lsym.lambda, 1, jl_box_int64(L));
}

/* ---------------------------------------------------------------- closure conversion */

typedef struct {
    int fvar;            /* the local function variable */
    jl_array_t *lams;    /* lambda ids */
    jl_array_t *fields;  /* captured var ids */
    jl_value_t *type;    /* GlobalRef of the closure type */
    int nparams;
} closure_t;

static closure_t *closures;
static size_t nclosures, capclosures;

static closure_t *closure_for(int fvar)
{
    for (size_t i = 0; i < nclosures; i++)
        if (closures[i].fvar == fvar)
            return &closures[i];
    if (nclosures == capclosures) {
        capclosures = capclosures ? 2 * capclosures : 16;
        closure_t *n = (closure_t *)jl_gc_alloc_buf(capclosures * sizeof(closure_t));
        if (nclosures)
            memcpy(n, closures, nclosures * sizeof(closure_t));
        closures = n;
    }
    closure_t *cl = &closures[nclosures++];
    memset(cl, 0, sizeof(*cl));
    cl->fvar = fvar;
    cl->lams = lower_vec();
    cl->fields = lower_vec();
    return cl;
}

static void add_unique(jl_array_t *a, int id)
{
    for (size_t i = 0; i < jl_array_len(a); i++)
        if (jl_unbox_int64(jl_array_ptr_ref(a, i)) == id)
            return;
    jl_array_ptr_1d_push(a, jl_box_int64(id));
}

/* record, for every lambda, the outer variables it uses (directly or through nested lambdas) */
static void find_captures(C *c, jl_value_t *e, int L)
{
    if (!jl_is_expr(e))
        return;
    if (IS(e, lsym.lv)) {
        int id = lv_id(e);
        int owner = c->vars[id].lam;
        for (int l = L; l >= 0 && l != owner; l = c->lams[l].parent)
            add_unique(c->lams[l].captured, id);
        return;
    }
    if (IS(e, lsym.lambda)) {
        int K = (int)jl_unbox_int64(A(e, 0));
        find_captures(c, c->lams[K].body, K);
        for (size_t i = 0; i < jl_array_len(c->lams[K].captured); i++) {
            int id = (int)jl_unbox_int64(jl_array_ptr_ref(c->lams[K].captured, i));
            int owner = c->vars[id].lam;
            for (int l = L; l >= 0 && l != owner; l = c->lams[l].parent)
                add_unique(c->lams[l].captured, id);
        }
        return;
    }
    for (size_t i = 0; i < NA(e); i++)
        find_captures(c, A(e, i), L);
}

static void group_closures(C *c, jl_value_t *e, int L)
{
    if (!jl_is_expr(e))
        return;
    if (IS(e, jl_s_method) && NA(e) == 4 && IS(A(e, 3), lsym.lv)) {
        /* the Core.kwcall method of a local keyword function reads captures through that function */
        closure_t *cl = closure_for(lv_id(A(e, 3)));
        int K = (int)jl_unbox_int64(A(A(e, 2), 0));
        c->lams[K].selfarg = 2;
        for (size_t i = 0; i < jl_array_len(c->lams[K].captured); i++)
            add_unique(cl->fields, (int)jl_unbox_int64(jl_array_ptr_ref(c->lams[K].captured, i)));
    }
    if (IS(e, jl_s_method) && NA(e) == 3 && IS(A(e, 0), lsym.lv)) {
        int fv = lv_id(A(e, 0));
        closure_t *cl = closure_for(fv);
        int K = (int)jl_unbox_int64(A(A(e, 2), 0));
        jl_array_ptr_1d_push(cl->lams, jl_box_int64(K));
        for (size_t i = 0; i < jl_array_len(c->lams[K].captured); i++)
            add_unique(cl->fields, (int)jl_unbox_int64(jl_array_ptr_ref(c->lams[K].captured, i)));
    }
    if (IS(e, lsym.lambda)) {
        int K = (int)jl_unbox_int64(A(e, 0));
        group_closures(c, c->lams[K].body, K);
        return;
    }
    for (size_t i = 0; i < NA(e); i++)
        group_closures(c, A(e, i), L);
}

static void decide_boxes(C *c)
{
    for (size_t i = 0; i < c->nvars; i++) {
        lvar_t *v = &c->vars[i];
        if (!v->captured)
            continue;
        if (v->isarg)
            v->boxed = v->assigned > 0;
        else
            v->boxed = v->cl_assigned || v->assigned != 1 || !vx[i].single_ok;
    }
}

static jl_value_t *self_of(C *c, int L)
{
    return lv((int)jl_unbox_int64(jl_array_ptr_ref(c->lams[L].args, c->lams[L].selfarg)));
}

static jl_sym_t *field_name(C *c, int id) { return c->vars[id].name; }

static jl_value_t *getfield(jl_value_t *x, jl_sym_t *f) { return lower_call(CORE("getfield"), 2, x, lower_quote((jl_value_t *)f)); }

/* the variable's storage (slot, or self field) seen from lambda L: the Box itself when boxed */
static jl_value_t *var_storage(C *c, int id, int L)
{
    if (c->vars[id].lam == L)
        return lv(id);
    return getfield(self_of(c, L), field_name(c, id));
}

static jl_value_t *var_read(C *c, int id, int L)
{
    jl_value_t *st = var_storage(c, id, L);
    if (!c->vars[id].boxed)
        return st;
    /* Box contents, with Julia's UndefVarError when unset */
    jl_value_t *b = lower_expr(jl_s_block, 0);
    jl_value_t *t = lower_ssa(c);
    push(b, lower_expr(jl_s_assign, 2, t, st));
    if (!c->vars[id].isarg) {
        jl_value_t *ok = lower_call(CORE("isdefined"), 2, t, lower_quote((jl_value_t *)SYM("contents")));
        jl_value_t *err = lower_call(CORE("throw"), 1,
                                     lower_call(CORE("UndefVarError"), 1, lower_quote((jl_value_t *)c->vars[id].name)));
        push(b, lower_expr(jl_s_if, 3, ok, lower_expr(lsym.null, 0), err));
    }
    push(b, getfield(t, SYM("contents")));
    return b;
}

static jl_value_t *convert(C *c, jl_value_t *e, int L);

static jl_value_t *typed_rhs(C *c, int id, jl_value_t *rhs, int L)
{
    lvar_t *v = &c->vars[id];
    if (!v->decltype)
        return rhs;
    jl_value_t *T = convert(c, v->decltype, L);
    return lower_call(CORE("typeassert"), 2, lower_call(lower_top(c, "convert"), 2, T, rhs), T);
}

static jl_value_t *closure_type_def(C *c, closure_t *cl)
{
    char buf[256];
    jl_sym_t *fn = c->vars[cl->fvar].name;
    const char *n = jl_symbol_name(fn);
    if (strncmp(n, "#anon#", 6) == 0)
    {
        int a = lower_closure_counter();
        int b = lower_closure_counter();
        snprintf(buf, sizeof(buf), "#%d#%d", a, b);
    }
    else
        snprintf(buf, sizeof(buf), "#%s#%d", n[0] == '#' ? n + 1 : n, lower_closure_counter());
    jl_sym_t *tname = jl_symbol(buf);
    cl->type = lower_globalref(c->mod, tname);
    jl_array_t *pre = c->prelude;
    jl_array_ptr_1d_push(pre, lower_expr(jl_s_global, 1, cl->type));
    jl_array_ptr_1d_push(pre, lower_expr(jl_s_const, 1, cl->type));
    jl_value_t *params = lower_call(CORE("svec"), 0), *names = lower_call(CORE("svec"), 0);
    jl_value_t *types = lower_call(CORE("svec"), 0);
    size_t nf = jl_array_len(cl->fields);
    for (size_t i = 0; i < nf; i++) {
        int id = (int)jl_unbox_int64(jl_array_ptr_ref(cl->fields, i));
        push(names, lower_quote((jl_value_t *)field_name(c, id)));
        if (c->vars[id].boxed)
            push(types, CORE("Box"));
        else {
            char pn[64];
            snprintf(pn, sizeof(pn), "%s_type", jl_symbol_name(field_name(c, id)));
            jl_value_t *t = lower_ssa(c);
            jl_array_ptr_1d_push(pre, lower_expr(jl_s_assign, 2, t,
                                                 lower_typevar(lower_quote((jl_value_t *)SYM(pn)), NULL, NULL)));
            push(params, t);
            push(types, t);
            cl->nparams++;
        }
    }
    jl_value_t *s = lower_ssa(c);
    jl_array_ptr_1d_push(pre, lower_expr(jl_s_assign, 2, s,
                                         lower_call(CORE("_structtype"), 7, (jl_value_t *)c->mod, lower_quote((jl_value_t *)tname),
                                                    params, names, lower_call(CORE("svec"), 0), jl_false,
                                                    jl_box_int64((int64_t)nf))));
    jl_array_ptr_1d_push(pre, lower_call(CORE("_setsuper!"), 2, s, CORE("Function")));
    jl_array_ptr_1d_push(pre, lower_expr(jl_s_assign, 2, cl->type, s));
    jl_array_ptr_1d_push(pre, lower_call(CORE("_typebody!"), 2, s, types));
    return cl->type;
}

static jl_value_t *closure_new(C *c, closure_t *cl, int L)
{
    size_t nf = jl_array_len(cl->fields);
    jl_value_t *b = lower_expr(jl_s_block, 0);
    jl_array_t *vals = lower_vec();
    for (size_t i = 0; i < nf; i++) {
        int id = (int)jl_unbox_int64(jl_array_ptr_ref(cl->fields, i));
        jl_value_t *st = var_storage(c, id, L);
        if (IS(st, jl_s_call)) {
            jl_value_t *t = lower_ssa(c);
            push(b, lower_expr(jl_s_assign, 2, t, st));
            st = t;
        }
        jl_array_ptr_1d_push(vals, st);
    }
    jl_value_t *T = cl->type;
    if (cl->nparams) {
        T = lower_call(CORE("apply_type"), 1, cl->type);
        for (size_t i = 0; i < nf; i++) {
            int id = (int)jl_unbox_int64(jl_array_ptr_ref(cl->fields, i));
            if (!c->vars[id].boxed)
                push(T, lower_call(CORE("typeof"), 1, jl_array_ptr_ref(vals, i)));
        }
    }
    jl_value_t *nw = lower_expr(jl_s_new, 1, T);
    for (size_t i = 0; i < nf; i++)
        push(nw, jl_array_ptr_ref(vals, i));
    push(b, nw);
    return b;
}

static int contains_lv(jl_value_t *e)
{
    if (!jl_is_expr(e))
        return 0;
    if (IS(e, lsym.lv))
        return 1;
    for (size_t i = 0; i < NA(e); i++)
        if (contains_lv(A(e, i)))
            return 1;
    return 0;
}

/* Core.Typeof(f) of every local function f whose closure type is already defined -> that type */
static jl_value_t *replace_typeof_closures(jl_value_t *e)
{
    if (!jl_is_expr(e))
        return e;
    if (IS(e, jl_s_call) && NA(e) == 2 && jl_is_globalref(A(e, 0)) &&
        ((jl_globalref_t *)A(e, 0))->name == SYM("Typeof") && IS(A(e, 1), lsym.lv)) {
        for (size_t i = 0; i < nclosures; i++)
            if (closures[i].fvar == lv_id(A(e, 1)) && closures[i].type)
                return closures[i].type;
        return e;
    }
    jl_value_t *r = lower_exprv(H(e), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    for (size_t i = 0; i < NA(e); i++)
        jl_exprargset(r, i, replace_typeof_closures(A(e, i)));
    return r;
}

static jl_value_t *replace_typeof_fvar(jl_value_t *e, int fv, jl_value_t *T)
{
    if (!jl_is_expr(e))
        return e;
    if (IS(e, jl_s_call) && NA(e) == 2 && jl_is_globalref(A(e, 0)) &&
        ((jl_globalref_t *)A(e, 0))->name == SYM("Typeof") && IS(A(e, 1), lsym.lv) && lv_id(A(e, 1)) == fv)
        return T;
    jl_value_t *r = lower_exprv(H(e), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    for (size_t i = 0; i < NA(e); i++)
        jl_exprargset(r, i, replace_typeof_fvar(A(e, i), fv, T));
    return r;
}

static jl_value_t *convert_lambda_body(C *c, int K);

static jl_value_t *convert_assign(C *c, jl_value_t *lhs, jl_value_t *rhs, int L)
{
    if (!IS(lhs, lsym.lv))
        return lower_expr(jl_s_assign, 2, lhs, rhs);
    int id = lv_id(lhs);
    lvar_t *v = &c->vars[id];
    rhs = typed_rhs(c, id, rhs, L);
    if (!v->boxed) {
        if (v->lam != L)
            lower_error(c, "internal: assignment to captured variable \"%s\" without box", jl_symbol_name(v->name));
        return lower_expr(jl_s_assign, 2, lhs, rhs);
    }
    jl_value_t *b = lower_expr(jl_s_block, 0);
    jl_value_t *t = lower_ssa(c);
    push(b, lower_expr(jl_s_assign, 2, t, rhs));
    jl_value_t *st = var_storage(c, id, L);
    push(b, lower_call(CORE("setfield!"), 3, st, lower_quote((jl_value_t *)SYM("contents")), t));
    push(b, t);
    return b;
}

/* M.x with M a constant global module: GlobalRef(M, :x), as Julia resolves it before running code */
static jl_value_t *module_ref(jl_value_t *call)
{
    if (NA(call) != 3 || !jl_is_globalref(A(call, 0)) || !jl_is_globalref(A(call, 1)) || !jl_is_quotenode(A(call, 2)))
        return call;
    if (((jl_globalref_t *)A(call, 0))->name != jl_s_getproperty)
        return call;
    jl_value_t *q = ((jl_quotenode_t *)A(call, 2))->value;
    if (!jl_is_symbol(q))
        return call;
    jl_globalref_t *g = (jl_globalref_t *)A(call, 1);
    jl_binding_t *b = jl_get_binding(g->mod, g->name);
    if (!b || !b->value || !b->constp || !jl_is_module(b->value))
        return call;
    return lower_globalref((jl_module_t *)b->value, (jl_sym_t *)q);
}

static jl_value_t *convert(C *c, jl_value_t *e, int L)
{
    if (!jl_is_expr(e))
        return e;
    jl_sym_t *h = H(e);
    if (h == lsym.lv)
        return var_read(c, lv_id(e), L);
    if (h == jl_s_meta && NA(e) == 2 && A(e, 0) == (jl_value_t *)SYM("ret-type"))
        return lower_expr(jl_s_meta, 2, A(e, 0), convert(c, A(e, 1), L));
    if (h == jl_s_quote || h == jl_s_inert || h == jl_s_meta || h == jl_s_copyast)
        return e;
    if (h == lsym.newvar) {
        int id = lv_id(A(e, 0));
        lvar_t *v = &c->vars[id];
        if (v->boxed)
            return lower_expr(jl_s_assign, 2, A(e, 0), lower_expr(jl_s_new, 1, CORE("Box")));
        if (v->inloop && NA(A(e, 0)) < 2)
            return e;
        return lower_expr(lsym.null, 0);
    }
    if (h == jl_s_assign)
        return convert_assign(c, A(e, 0), convert(c, A(e, 1), L), L);
    if (h == jl_s_isdefined && IS(A(e, 0), lsym.lv)) {
        int id = lv_id(A(e, 0));
        if (c->vars[id].boxed)
            return lower_call(CORE("isdefined"), 2, var_storage(c, id, L), lower_quote((jl_value_t *)SYM("contents")));
        if (c->vars[id].lam != L)
            return jl_true;
        return e;
    }
    if (h == jl_s_method) {
        jl_value_t *name = A(e, 0);
        if (!IS(name, lsym.lv)) {
            if (NA(e) == 1)
                return e;
            int K = (int)jl_unbox_int64(A(A(e, 2), 0));
            c->lams[K].body = convert_lambda_body(c, K);
            if (NA(e) == 4 && IS(A(e, 3), lsym.lv)) { /* kwcall method of a local function */
                jl_value_t *sig = replace_typeof_closures(A(e, 1));
                if (!contains_lv(sig)) {
                    jl_array_ptr_1d_push(c->postlude, lower_expr(jl_s_method, 3, name, sig, A(e, 2)));
                    return lower_expr(lsym.null, 0);
                }
                return lower_expr(jl_s_method, 3, name, convert(c, sig, L), A(e, 2));
            }
            jl_value_t *sig = convert(c, A(e, 1), L);
            return lower_expr(jl_s_method, 3, name, sig, A(e, 2));
        }
        int fv = lv_id(name);
        closure_t *cl = closure_for(fv);
        if (!cl->type)
            closure_type_def(c, cl);
        if (NA(e) == 1)
            return convert_assign(c, name, closure_new(c, cl, L), L);
        int K = (int)jl_unbox_int64(A(A(e, 2), 0));
        c->lams[K].cltype = cl->type;
        c->lams[K].body = convert_lambda_body(c, K);
        jl_value_t *sig = replace_typeof_closures(replace_typeof_fvar(A(e, 1), fv, cl->type));
        if (!contains_lv(sig)) {
            jl_array_ptr_1d_push(c->postlude, lower_expr(jl_s_method, 3, jl_nothing, sig, A(e, 2)));
            return lower_expr(lsym.null, 0);
        }
        return lower_expr(jl_s_method, 3, jl_nothing, convert(c, sig, L), A(e, 2));
    }
    jl_value_t *out = lower_exprv(h, jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    for (size_t i = 0; i < NA(e); i++)
        jl_exprargset(out, i, convert(c, A(e, i), L));
    if (h == jl_s_call)
        return module_ref(out);
    return out;
}

static jl_value_t *convert_lambda_body(C *c, int K)
{
    lambda_t *lam = &c->lams[K];
    jl_value_t *b = lower_expr(jl_s_block, 0);
    /* boxed arguments move into a Box at entry */
    for (size_t i = 0; i < jl_array_len(lam->args); i++) {
        int id = (int)jl_unbox_int64(jl_array_ptr_ref(lam->args, i));
        if (c->vars[id].boxed)
            push(b, lower_expr(jl_s_assign, 2, lv(id), lower_expr(jl_s_new, 2, CORE("Box"), lv(id))));
    }
    /* hidden locals for static parameters used by closures */
    jl_array_t *spv = (jl_array_t *)lam->src;
    for (size_t i = 0; spv && i < jl_array_len(spv); i += 2) {
        int sp = (int)jl_unbox_int64(jl_array_ptr_ref(spv, i));
        int id = (int)jl_unbox_int64(jl_array_ptr_ref(spv, i + 1));
        push(b, convert_assign(c, lv(id), lower_expr(lsym.sparam, 1, jl_box_int64(sp + 1)), K));
    }
    push(b, convert(c, lam->body, K));
    return b;
}

int lower_resolve(lower_ctx_t *c, jl_value_t *body)
{
    nclosures = 0;
    R r;
    memset(&r, 0, sizeof(r));
    r.c = c;
    int top = new_lambda(c, -1);
    c->lams[top].istop = 1;
    c->lams[top].name = SYM("top-level scope");
    scope_t *root = new_scope(NULL, top, 0, 0, 0);
    root->isroot = 1;
    /* `local x` directly at top level makes a thunk local */
    jl_array_t *locals = lower_vec(), *globals = lower_vec(), *assigned = lower_vec();
    find_decls(body, locals, globals, assigned);
    for (size_t i = 0; i < jl_array_len(locals); i++) {
        int v = new_var(c, (jl_sym_t *)jl_array_ptr_ref(locals, i), top, 0);
        jl_array_ptr_1d_push(c->lams[top].locals, jl_box_int64(v));
        scope_add(root, (jl_sym_t *)jl_array_ptr_ref(locals, i), v);
    }
    for (size_t i = 0; i < jl_array_len(globals); i++)
        scope_add(root, (jl_sym_t *)jl_array_ptr_ref(globals, i), GLOBAL_MARK);
    jl_value_t *rb = resolve(&r, body, root);
    c->lams[top].body = rb;
    find_captures(c, rb, top);
    group_closures(c, rb, top);
    decide_boxes(c);
    jl_value_t *conv = convert_lambda_body(c, top);
    jl_value_t *full = lower_expr(jl_s_block, 0);
    for (size_t i = 0; i < jl_array_len(c->prelude); i++)
        push(full, jl_array_ptr_ref(c->prelude, i));
    for (size_t i = 0; i < jl_array_len(c->postlude); i++)
        push(full, jl_array_ptr_ref(c->postlude, i));
    push(full, conv);
    c->lams[top].body = full;
    /* name each method lambda after its function for the linetable */
    return top;
}
