/*
 * lower_linear.c -- pass 3 of lowering (see lower.h): one resolved lambda -> CodeInfo, after Julia
 * 1.10's linearize/compile-body. Every statement argument is an atom (SSAValue, SlotNumber,
 * GlobalRef, QuoteNode or literal); SSAValue(i) is statement i; labels become statement numbers;
 * `break`, `return` and `@goto` out of try/catch/finally emit Expr(:leave, n), Expr(:pop_exception) and
 * the finally code on the way out.
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

/* A try with a finally block keeps a finally handler: every exit from its try body (return, break,
 * the exception) sets the tag slot to the number of a recorded action and jumps to the finally code,
 * emitted once; after it, the actions are dispatched on the tag (Julia 1.10's enter-finally-block). */
enum { A_RETURN, A_BREAK, A_RETHROW };
typedef struct { int kind; jl_value_t *val; int bb; } fin_action_t;
typedef struct {
    int tagslot;            /* slot of the tag variable */
    int endl;               /* label of the finally code */
    fin_action_t acts[64];
    int nacts;
} fin_t;
enum { R_TRY, R_CATCH };
typedef struct { int kind; jl_value_t *token; fin_t *fin; } region_t;
typedef struct { jl_sym_t *name; int label; int nregions; } bblock_t;

typedef struct {
    C *c;
    int L;
    jl_array_t *code;
    jl_array_t *locs;        /* boxed Int32 codelocs (converted at the end) */
    jl_array_t *linetable;
    int curloc;
    jl_sym_t *mname;
    jl_value_t **tmap;       /* temporary id -> value */
    size_t tcap;
    int *labels;             /* label id -> statement (1-based), 0 = unmarked */
    int nlabels, caplabels;
    region_t regions[64];
    int nregions;
    bblock_t bbs[256];
    int nbbs;
    int *slotof;             /* var id -> slot */
    jl_array_t *slotvars;    /* var ids by slot */
    jl_value_t *rett;        /* return type atom, or NULL */
    jl_array_t *symlabels;   /* (name, label) pairs for @label */
    jl_array_t *symgotos;    /* (name, stmt index, nregions) triples */
} LN;

static jl_value_t *compile(LN *l, jl_value_t *e, int value, int tail);
static jl_value_t *region_snapshot(LN *l);

/* ---------------------------------------------------------------- emission */

static int emit(LN *l, jl_value_t *stmt)
{
    jl_array_ptr_1d_push(l->code, stmt);
    jl_array_ptr_1d_push(l->locs, jl_box_int64(l->curloc));
    return (int)jl_array_len(l->code);
}

static jl_value_t *ssa(int i)
{
    jl_value_t *v = jl_new_struct_uninit(jl_ssavalue_type);
    ((jl_ssavalue_t *)v)->id = i;
    return v;
}

static jl_value_t *slotnum(int i)
{
    jl_value_t *v = jl_new_struct_uninit(jl_slotnumber_type);
    ((jl_slotnumber_t *)v)->id = i;
    return v;
}

static int new_label(LN *l)
{
    if (l->nlabels == l->caplabels) {
        l->caplabels = l->caplabels ? 2 * l->caplabels : 32;
        int *n = (int *)jl_gc_alloc_buf_atomic(l->caplabels * sizeof(int));
        if (l->nlabels)
            memcpy(n, l->labels, l->nlabels * sizeof(int));
        l->labels = n;
    }
    l->labels[l->nlabels] = 0;
    return l->nlabels++;
}

static void mark_label(LN *l, int lab) { l->labels[lab] = (int)jl_array_len(l->code) + 1; }

/* label references are patched at the end: GotoNode(-1 - label) */
static int after_jump(LN *l)
{
    size_t n = jl_array_len(l->code);
    if (n == 0)
        return 0;
    jl_value_t *last = jl_array_ptr_ref(l->code, n - 1);
    if (!jl_is_gotonode(last) && !jl_is_returnnode(last))
        return 0;
    for (int i = 0; i < l->nlabels; i++)
        if (l->labels[i] == (int)n + 1)
            return 0;
    return 1;
}

static void emit_goto(LN *l, int lab)
{
    if (after_jump(l))
        return; /* unreachable */
    jl_value_t *g = jl_new_struct_uninit(jl_gotonode_type);
    ((jl_gotonode_t *)g)->label = -1 - lab;
    emit(l, g);
}

static void emit_gotoifnot(LN *l, jl_value_t *cond, int lab)
{
    jl_value_t *g = jl_new_struct_uninit(jl_gotoifnot_type);
    ((jl_gotoifnot_t *)g)->cond = cond;
    ((jl_gotoifnot_t *)g)->dest = -1 - lab;
    emit(l, g);
}

static int valid_arg(jl_value_t *v)
{
    if (!jl_is_expr(v))
        return !jl_is_symbol(v);
    return 0;
}

static jl_value_t *to_atom(LN *l, jl_value_t *v)
{
    if (!v)
        return jl_nothing;
    if (valid_arg(v))
        return v;
    return ssa(emit(l, v));
}

static void emit_return_raw(LN *l, jl_value_t *v)
{
    jl_value_t *r = jl_new_struct_uninit(jl_returnnode_type);
    ((jl_returnnode_t *)r)->val = v;
    emit(l, r);
}

/* ---------------------------------------------------------------- leaving regions */

static int new_mutable_var(LN *l);

/* handlers (R_TRY regions) in regions[from, to) */
static int count_tries(LN *l, int from, int to)
{
    int n = 0;
    for (int i = from; i < to; i++)
        n += l->regions[i].kind == R_TRY;
    return n;
}

/* the outermost catch region at or above `from`: its token restores the exception stack */
static jl_value_t *catch_token_from(LN *l, int from)
{
    for (int i = from; i < l->nregions; i++)
        if (l->regions[i].kind == R_CATCH)
            return l->regions[i].token;
    return NULL;
}

static int innermost_finally(LN *l)
{
    for (int i = l->nregions; i-- > 0;)
        if (l->regions[i].kind == R_TRY && l->regions[i].fin)
            return i;
    return -1;
}

static void emit_leave(LN *l, int n)
{
    if (n > 0)
        emit(l, lower_expr(lsym.leave, 1, jl_box_int64(n)));
}

static void emit_pop_exception_from(LN *l, int from)
{
    jl_value_t *tok = catch_token_from(l, from);
    if (tok)
        emit(l, lower_expr(lsym.pop_exception, 1, tok));
}

/* record an exit through the finally handler of region fi; with need_goto, leave the handlers inside
   it and jump to its finally code */
static void enter_finally(LN *l, int fi, int kind, jl_value_t *val, int bb, int need_goto)
{
    fin_t *f = l->regions[fi].fin;
    if (f->nacts == 64)
        lower_error(l->c, "too many exits from one try/finally block");
    f->acts[f->nacts++] = (fin_action_t){kind, val, bb};
    emit(l, lower_expr(jl_s_assign, 2, slotnum(f->tagslot), jl_box_int64(f->nacts)));
    if (!need_goto)
        return;
    emit_pop_exception_from(l, fi + 1);
    emit_leave(l, count_tries(l, fi, l->nregions));
    emit_goto(l, f->endl);
}

/* the exception path of f's try: only set the tag, the finally code follows */
static void enter_finally_region(LN *l, fin_t *f)
{
    if (f->nacts == 64)
        lower_error(l->c, "too many exits from one try/finally block");
    f->acts[f->nacts++] = (fin_action_t){A_RETHROW, NULL, -1};
    emit(l, lower_expr(jl_s_assign, 2, slotnum(f->tagslot), jl_box_int64(f->nacts)));
}

static void actually_return(LN *l, jl_value_t *v)
{
    if (l->rett) {
        jl_value_t *cv = ssa(emit(l, lower_call(lower_top(l->c, "convert"), 2, l->rett, v)));
        v = ssa(emit(l, lower_call(CORE("typeassert"), 2, cv, l->rett)));
    }
    if (catch_token_from(l, 0)) {
        if (jl_is_slotnumber(v))
            v = ssa(emit(l, v));
        emit_pop_exception_from(l, 0);
    }
    emit_return_raw(l, v);
}

static void emit_return(LN *l, jl_value_t *v)
{
    v = to_atom(l, v);
    if (count_tries(l, 0, l->nregions) == 0) {
        actually_return(l, v);
        return;
    }
    int fi = innermost_finally(l);
    if (fi >= 0) {
        /* the finally code may change a variable: return a copy */
        if (jl_is_slotnumber(v) || jl_is_ssavalue(v) || jl_is_expr(v) || jl_is_globalref(v)) {
            int tmp = new_mutable_var(l);
            emit(l, lower_expr(jl_s_assign, 2, slotnum(tmp), v));
            v = slotnum(tmp);
        }
        enter_finally(l, fi, A_RETURN, v, -1, 1);
        return;
    }
    /* read a variable before leaving the handler: an undefined global must throw inside the try */
    if (jl_is_slotnumber(v) || jl_is_globalref(v))
        v = ssa(emit(l, v));
    emit_leave(l, count_tries(l, 0, l->nregions));
    actually_return(l, v);
}

static void emit_break(LN *l, int bbi)
{
    bblock_t *bb = &l->bbs[bbi];
    int fi = innermost_finally(l);
    if (fi >= bb->nregions) {
        enter_finally(l, fi, A_BREAK, NULL, bbi, 1);
        return;
    }
    emit_pop_exception_from(l, bb->nregions);
    emit_leave(l, count_tries(l, bb->nregions, l->nregions));
    emit_goto(l, bb->label);
}

/* ---------------------------------------------------------------- compile */

static int contains_side_effect(jl_value_t *e)
{
    if (!jl_is_expr(e))
        return 0;
    if (H(e) == jl_s_assign || H(e) == jl_s_block || H(e) == jl_s_if)
        return 1;
    for (size_t i = 0; i < NA(e); i++)
        if (contains_side_effect(A(e, i)))
            return 1;
    return 0;
}

static jl_value_t *compile_args(LN *l, jl_value_t *e, size_t from)
{
    jl_value_t *out = lower_exprv(H(e), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    size_t n = NA(e);
    for (size_t i = from; i < n; i++) {
        jl_value_t *v = compile(l, A(e, i), 1, 0);
        v = to_atom(l, v);
        if (jl_is_slotnumber(v) || jl_is_globalref(v)) {
            int later = 0;
            for (size_t k = i + 1; k < n; k++)
                later |= contains_side_effect(A(e, k));
            if (later && !(jl_is_globalref(v) && i == from))
                v = ssa(emit(l, v));
        }
        jl_exprargset(out, i, v);
    }
    return out;
}

static jl_value_t *finish(LN *l, jl_value_t *rv, int value, int tail)
{
    if (tail) {
        emit_return(l, rv);
        return NULL;
    }
    if (value)
        return rv;
    if (rv && jl_is_expr(rv))
        emit(l, rv);
    else if (rv && jl_is_globalref(rv))
        emit(l, rv);
    return NULL;
}

static int new_mutable_var(LN *l)
{
    C *c = l->c;
    /* register a compiler temporary as a slot of this lambda */
    if (c->nvars == c->capvars) {
        c->capvars = c->capvars ? 2 * c->capvars : 64;
        lvar_t *nv = (lvar_t *)jl_gc_alloc_buf(c->capvars * sizeof(lvar_t));
        if (c->nvars > 0) /* vars is NULL until then (memcpy from NULL is undefined even for 0 bytes) */
            memcpy(nv, c->vars, c->nvars * sizeof(lvar_t));
        c->vars = nv;
    }
    int id = (int)c->nvars++;
    memset(&c->vars[id], 0, sizeof(lvar_t));
    c->vars[id].name = lower_gensym(c, "temp");
    c->vars[id].lam = l->L;
    c->vars[id].isgensym = 1;
    jl_array_ptr_1d_push(l->slotvars, jl_box_int64(id));
    int *ns = (int *)jl_gc_alloc_buf_atomic(c->nvars * sizeof(int));
    memcpy(ns, l->slotof, (c->nvars - 1) * sizeof(int));
    l->slotof = ns;
    l->slotof[id] = (int)jl_array_len(l->slotvars);
    return l->slotof[id];
}

static jl_value_t *lookup_temp(LN *l, jl_value_t *t)
{
    intptr_t id = ((jl_ssavalue_t *)t)->id;
    if ((size_t)id < l->tcap && l->tmap[id])
        return l->tmap[id];
    lower_error(l->c, "internal: temporary %ld used before its definition", (long)id);
}

static void set_temp(LN *l, jl_value_t *t, jl_value_t *v)
{
    intptr_t id = ((jl_ssavalue_t *)t)->id;
    if ((size_t)id >= l->tcap) {
        size_t nc = l->tcap ? l->tcap : 64;
        while (nc <= (size_t)id)
            nc *= 2;
        jl_value_t **n = (jl_value_t **)jl_gc_alloc_buf(nc * sizeof(jl_value_t *));
        memset(n, 0, nc * sizeof(jl_value_t *));
        if (l->tcap)
            memcpy(n, l->tmap, l->tcap * sizeof(jl_value_t *));
        l->tmap = n;
        l->tcap = nc;
    }
    l->tmap[id] = v;
}

static jl_value_t *compile_assign(LN *l, jl_value_t *e, int value, int tail)
{
    jl_value_t *lhs = A(e, 0);
    jl_value_t *rv = compile(l, A(e, 1), 1, 0);
    if (!rv)
        rv = jl_nothing;
    if (jl_is_ssavalue(lhs)) {
        jl_value_t *v;
        /* as Julia, (= ssa x) is a statement even when x is an argument: `%2 = v` */
        if (jl_is_expr(rv) || jl_is_slotnumber(rv) || jl_is_globalref(rv))
            v = ssa(emit(l, rv));
        else
            v = rv;
        set_temp(l, lhs, v);
        return finish(l, v, value, tail);
    }
    jl_value_t *target;
    if (IS(lhs, lsym.lv))
        target = slotnum(l->slotof[(int)jl_unbox_int64(A(lhs, 0))]);
    else if (jl_is_globalref(lhs))
        target = lhs;
    else
        lower_error(l->c, "invalid assignment location");
    if (value || tail) {
        jl_value_t *rr = rv;
        if (!valid_arg(rv) || jl_is_slotnumber(rv) || jl_is_globalref(rv))
            rr = ssa(emit(l, rv));
        emit(l, lower_expr(jl_s_assign, 2, target, rr));
        return finish(l, rr, value, tail);
    }
    emit(l, lower_expr(jl_s_assign, 2, target, rv));
    return NULL;
}

static jl_value_t *compile_cond(LN *l, jl_value_t *e) { return to_atom(l, compile(l, e, 1, 0)); }

static jl_value_t *compile_if(LN *l, jl_value_t *e, int value, int tail)
{
    jl_value_t *cond = compile_cond(l, A(e, 0));
    int elsel = new_label(l);
    emit_gotoifnot(l, cond, elsel);
    int var = (value && !tail) ? new_mutable_var(l) : 0;
    jl_value_t *v1 = compile(l, A(e, 1), value || tail, tail);
    int endl = -1;
    if (var)
        emit(l, lower_expr(jl_s_assign, 2, slotnum(var), v1 ? v1 : jl_nothing));
    if (!tail && (NA(e) > 2 || var)) {
        endl = new_label(l);
        emit_goto(l, endl);
    }
    mark_label(l, elsel);
    if (NA(e) > 2) {
        jl_value_t *v2 = compile(l, A(e, 2), value || tail, tail);
        if (var)
            emit(l, lower_expr(jl_s_assign, 2, slotnum(var), v2 ? v2 : jl_nothing));
    }
    else if (tail)
        emit_return(l, jl_nothing);
    else if (var)
        emit(l, lower_expr(jl_s_assign, 2, slotnum(var), jl_nothing));
    if (endl >= 0)
        mark_label(l, endl);
    return var ? slotnum(var) : NULL;
}

static jl_value_t *compile_trycatch(LN *l, jl_value_t *e, int value, int tail)
{
    int catchl = new_label(l), endl = new_label(l);
    jl_value_t *enter = lower_expr(jl_s_enter, 1, jl_box_int64(-1 - catchl));
    jl_value_t *tok = ssa(emit(l, enter));
    int var = (value && !tail) ? new_mutable_var(l) : 0;
    l->regions[l->nregions++] = (region_t){R_TRY, tok, NULL};
    int has_else = NA(e) > 2;
    jl_value_t *v = compile(l, A(e, 0), (value || tail) && !has_else, 0);
    if (v && (tail || var) && !has_else) {
        v = to_atom(l, v);
        /* read a variable inside the try: an undefined one must throw to this catch */
        if (jl_is_slotnumber(v) || jl_is_globalref(v))
            v = ssa(emit(l, v));
    }
    l->nregions--;
    emit(l, lower_expr(lsym.leave, 1, jl_box_int64(1)));
    if (has_else)
        v = compile(l, A(e, 2), value || tail, 0);
    if (tail)
        emit_return(l, v);
    else {
        if (var)
            emit(l, lower_expr(jl_s_assign, 2, slotnum(var), v ? v : jl_nothing));
        emit_goto(l, endl);
    }
    mark_label(l, catchl);
    l->regions[l->nregions++] = (region_t){R_CATCH, tok, NULL};
    jl_value_t *cv = compile(l, A(e, 1), value || tail, 0);
    if (cv && (tail || var))
        cv = to_atom(l, cv);
    l->nregions--;
    emit(l, lower_expr(lsym.pop_exception, 1, tok));
    if (tail)
        emit_return(l, cv);
    else if (var)
        emit(l, lower_expr(jl_s_assign, 2, slotnum(var), cv ? cv : jl_nothing));
    mark_label(l, endl);
    return var ? slotnum(var) : NULL;
}

static jl_value_t *compile_tryfinally(LN *l, jl_value_t *e, int value, int tail)
{
    int catchl = new_label(l);
    fin_t *f = (fin_t *)jl_gc_alloc_buf(sizeof(fin_t));
    memset(f, 0, sizeof(*f));
    f->endl = new_label(l);
    jl_value_t *tok = ssa(emit(l, lower_expr(jl_s_enter, 1, jl_box_int64(-1 - catchl))));
    f->tagslot = new_mutable_var(l);
    int level = l->nregions;
    l->regions[l->nregions++] = (region_t){R_TRY, tok, f};
    emit(l, lower_expr(jl_s_assign, 2, slotnum(f->tagslot), jl_box_int64(-1)));
    jl_value_t *v = compile(l, A(e, 0), value || tail, 0);
    int var = (value && !tail) ? new_mutable_var(l) : 0;
    if (var && v)
        emit(l, lower_expr(jl_s_assign, 2, slotnum(var), v));
    if (tail) {
        if (v)
            emit_return(l, v);
    }
    else {
        emit_leave(l, 1);
        emit_goto(l, f->endl);
    }
    l->nregions = level;
    /* the exception path enters the finally code with the rethrow action */
    mark_label(l, catchl);
    l->regions[l->nregions++] = (region_t){R_CATCH, tok, NULL};
    enter_finally_region(l, f);
    l->nregions = level;
    mark_label(l, f->endl);
    compile(l, A(e, 1), 0, 0);
    for (int k = f->nacts; k-- > 0;) {
        fin_action_t *a = &f->acts[k];
        int skip = -1;
        if (!(tail && k == 0 && a->kind == A_RETURN)) {
            skip = new_label(l);
            jl_value_t *t = ssa(emit(l, lower_call(CORE("==="), 2, slotnum(f->tagslot), jl_box_int64(k + 1))));
            emit_gotoifnot(l, t, skip);
        }
        if (a->kind == A_RETURN)
            emit_return(l, a->val);
        else if (a->kind == A_BREAK)
            emit_break(l, a->bb);
        else
            emit(l, lower_call(lower_top(l->c, "rethrow"), 0));
        if (skip >= 0)
            mark_label(l, skip);
    }
    if (tail && !after_jump(l))
        emit_return(l, jl_nothing);
    return tail ? NULL : finish(l, var ? slotnum(var) : jl_nothing, value, 0);
}

static jl_value_t *resolve_static(LN *l, jl_value_t *t)
{
    /* ccall types: constant-fold global type names when they are bound */
    if (jl_is_globalref(t)) {
        jl_globalref_t *g = (jl_globalref_t *)t;
        jl_binding_t *b = jl_get_binding(g->mod, g->name);
        if (b && b->value && b->constp)
            return b->value;
        return t;
    }
    /* Core.apply_type(T, params...) of constants, e.g. Ptr{UInt8} */
    if (IS(t, jl_s_call) && NA(t) >= 2 && jl_is_globalref(A(t, 0)) &&
        ((jl_globalref_t *)A(t, 0))->name == SYM("apply_type")) {
        jl_value_t *params[16];
        size_t n = NA(t) - 2;
        if (n > 16)
            return t;
        jl_value_t *tc = resolve_static(l, A(t, 1));
        if (jl_is_expr(tc) || jl_is_globalref(tc))
            return t;
        for (size_t i = 0; i < n; i++) {
            params[i] = resolve_static(l, A(t, i + 2));
            if (jl_is_expr(params[i]) || jl_is_globalref(params[i]))
                return t;
        }
        jl_value_t *volatile orig = t, *volatile r = t;
        JL_TRY {
            /* Union{} (Core.apply_type(Union)) is the common `Union{}` ccall return type */
            r = tc == (jl_value_t *)jl_uniontype_type ? jl_type_union(params, n) : jl_apply_type(tc, params, n);
        }
        JL_CATCH {
            r = orig;
        }
        return r;
    }
    return t;
}

static jl_value_t *compile_foreigncall(LN *l, jl_value_t *e, int value, int tail)
{
    jl_value_t *out = lower_exprv(H(e), jl_array_ptr_data(((jl_expr_t *)e)->args), NA(e));
    jl_value_t *f = A(e, 0);
    if (IS(f, jl_s_call)) { /* (tuple :name "lib") */
        int allconst = 1;
        for (size_t i = 1; i < NA(f); i++)
            allconst &= jl_is_quotenode(A(f, i)) || jl_is_string(A(f, i));
        if (allconst) {
            jl_value_t *vals[8];
            size_t n = NA(f) - 1 < 8 ? NA(f) - 1 : 8;
            for (size_t i = 0; i < n; i++) {
                jl_value_t *a = A(f, i + 1);
                vals[i] = jl_is_quotenode(a) ? ((jl_quotenode_t *)a)->value : a;
            }
            f = jl_tuplev(n, vals);
        }
        else
            f = to_atom(l, compile(l, f, 1, 0));
    }
    else if (!jl_is_quotenode(f))
        f = to_atom(l, compile(l, f, 1, 0));
    jl_exprargset(out, 0, f);
    jl_exprargset(out, 1, resolve_static(l, A(e, 1)));
    jl_value_t *ts = A(e, 2);
    jl_svec_t *sv = jl_alloc_svec(NA(ts) - 1);
    for (size_t i = 1; i < NA(ts); i++)
        jl_svecset(sv, i - 1, resolve_static(l, A(ts, i)));
    jl_exprargset(out, 2, (jl_value_t *)sv);
    for (size_t i = 5; i < NA(e); i++)
        jl_exprargset(out, i, to_atom(l, compile(l, A(e, i), 1, 0)));
    return finish(l, out, value, tail);
}

static jl_code_info_t *linearize_lambda(C *c, int K, jl_sym_t *name, jl_value_t *line);

static jl_value_t *compile_method(LN *l, jl_value_t *e, int value, int tail)
{
    if (NA(e) == 1) {
        emit(l, lower_expr(jl_s_method, 1, A(e, 0)));
        return finish(l, NULL, value, tail);
    }
    jl_value_t *sig = to_atom(l, compile(l, A(e, 1), 1, 0));
    int K = (int)jl_unbox_int64(A(A(e, 2), 0));
    jl_value_t *name = A(e, 0);
    jl_sym_t *mname = jl_is_symbol(name) ? (jl_sym_t *)name : NULL;
    if (!mname && l->c->lams[K].cltype)
        mname = ((jl_globalref_t *)l->c->lams[K].cltype)->name;
    if (!mname)
        mname = SYM("#anonymous");
    jl_code_info_t *ci = linearize_lambda(l->c, K, mname, NULL);
    emit(l, lower_expr(jl_s_method, 3, name, sig, (jl_value_t *)ci));
    return finish(l, NULL, value, tail);
}

static int find_bb(LN *l, jl_sym_t *name)
{
    for (int i = l->nbbs - 1; i >= 0; i--)
        if (l->bbs[i].name == name)
            return i;
    return -1;
}

static void add_loc(LN *l, jl_value_t *ln)
{
    jl_linenumbernode_t *n = (jl_linenumbernode_t *)ln;
    jl_sym_t *file = jl_is_symbol(n->file) ? (jl_sym_t *)n->file : l->c->file;
    if (l->curloc > 0) {
        jl_lineinfonode_t *prev = (jl_lineinfonode_t *)jl_array_ptr_ref(l->linetable, l->curloc - 1);
        if (prev->line == (int32_t)n->line && prev->file == file)
            return;
    }
    jl_lineinfonode_t *li = (jl_lineinfonode_t *)jl_new_struct_uninit(jl_lineinfonode_type);
    li->module = l->c->mod;
    li->method = (jl_value_t *)l->mname;
    li->file = file;
    li->line = (int32_t)n->line;
    li->inlined_at = 0;
    jl_array_ptr_1d_push(l->linetable, (jl_value_t *)li);
    l->curloc = (int)jl_array_len(l->linetable);
}

static jl_value_t *compile(LN *l, jl_value_t *e, int value, int tail)
{
    if (jl_is_linenode(e)) {
        add_loc(l, e);
        return finish(l, NULL, value, tail);
    }
    if (jl_is_ssavalue(e))
        return finish(l, lookup_temp(l, e), value, tail);
    if (!jl_is_expr(e)) {
        if (jl_is_symbol(e))
            e = lower_quote(e);
        if (!value && !tail)
            return finish(l, jl_is_globalref(e) ? e : NULL, 0, 0);
        return finish(l, e, value, tail);
    }
    jl_sym_t *h = H(e);
    if (h == lsym.lv)
        return finish(l, slotnum(l->slotof[(int)jl_unbox_int64(A(e, 0))]), value, tail);
    if (h == jl_s_block) {
        size_t n = NA(e);
        if (n == 0)
            return finish(l, jl_nothing, value, tail);
        for (size_t i = 0; i + 1 < n; i++)
            compile(l, A(e, i), 0, 0);
        jl_value_t *last = A(e, n - 1);
        if (jl_is_linenode(last)) {
            add_loc(l, last);
            return finish(l, jl_nothing, value, tail);
        }
        return compile(l, last, value, tail);
    }
    if (h == lsym.null)
        return finish(l, jl_nothing, value, tail);
    if (h == jl_s_assign)
        return compile_assign(l, e, value, tail);
    if (h == jl_s_call || h == jl_s_new || h == jl_s_splatnew || h == jl_s_copyast || h == jl_s_isdefined ||
        h == jl_s_the_exception || h == SYM("gc_preserve_begin")) {
        jl_value_t *rv = (h == jl_s_isdefined) ? lower_expr(h, 1, compile(l, A(e, 0), 1, 0)) : compile_args(l, e, 0);
        return finish(l, rv, value, tail);
    }
    if (h == lsym.sparam)
        return finish(l, e, value, tail);
    if (h == jl_s_foreigncall)
        return compile_foreigncall(l, e, value, tail);
    if (h == jl_s_if)
        return compile_if(l, e, value, tail);
    if (h == lsym.lwhile) {
        int top = new_label(l), endl = new_label(l);
        mark_label(l, top);
        jl_value_t *cond = compile_cond(l, A(e, 0));
        emit_gotoifnot(l, cond, endl);
        compile(l, A(e, 1), 0, 0);
        emit_goto(l, top);
        mark_label(l, endl);
        return finish(l, jl_nothing, value, tail);
    }
    if (h == lsym.ldowhile) {
        int top = new_label(l), endl = new_label(l);
        mark_label(l, top);
        compile(l, A(e, 0), 0, 0);
        jl_value_t *cond = compile_cond(l, A(e, 1));
        emit_gotoifnot(l, cond, endl);
        emit_goto(l, top);
        mark_label(l, endl);
        return finish(l, jl_nothing, value, tail);
    }
    if (h == lsym.break_block) {
        int endl = new_label(l);
        if (l->nbbs >= 256)
            lower_error(l->c, "loops nested too deeply");
        l->bbs[l->nbbs++] = (bblock_t){(jl_sym_t *)A(e, 0), endl, l->nregions};
        compile(l, A(e, 1), 0, 0);
        l->nbbs--;
        mark_label(l, endl);
        return finish(l, jl_nothing, value, tail);
    }
    if (h == jl_s_break) {
        jl_sym_t *which = (jl_sym_t *)A(e, 0);
        int i = find_bb(l, which);
        if (i < 0)
            lower_error(l->c, which == SYM("loop-cont") ? "\"continue\" outside a loop" : "break or continue outside loop");
        emit_break(l, i);
        return NULL;
    }
    if (h == jl_s_return) {
        jl_value_t *v = compile(l, A(e, 0), 1, 0);
        emit_return(l, v ? v : jl_nothing);
        return NULL;
    }
    if (h == lsym.trycatch)
        return compile_trycatch(l, e, value, tail);
    if (h == lsym.tryfinally)
        return compile_tryfinally(l, e, value, tail);
    if (h == jl_s_method)
        return compile_method(l, e, value, tail);
    if (h == jl_s_global || h == jl_s_const) {
        emit(l, e);
        return finish(l, jl_nothing, value, tail);
    }
    if (h == lsym.newvar) {
        jl_value_t *nv = jl_new_struct_uninit(jl_newvarnode_type);
        ((jl_newvarnode_t *)nv)->slot = slotnum(l->slotof[(int)jl_unbox_int64(A(A(e, 0), 0))]);
        emit(l, nv);
        return finish(l, NULL, value, tail);
    }
    if (h == jl_s_meta) {
        if (NA(e) == 2 && A(e, 0) == (jl_value_t *)SYM("ret-type")) {
            jl_value_t *t = compile(l, A(e, 1), 1, 0);
            l->rett = to_atom(l, t);
            if (jl_is_slotnumber(l->rett) || jl_is_globalref(l->rett))
                l->rett = ssa(emit(l, l->rett));
            return finish(l, NULL, value, tail);
        }
        emit(l, e);
        return finish(l, NULL, value, tail);
    }
    if (h == lsym.symboliclabel) {
        int lab = new_label(l);
        mark_label(l, lab);
        for (size_t i = 0; i < jl_array_len(l->symlabels); i += 3)
            if (jl_array_ptr_ref(l->symlabels, i) == A(e, 0))
                lower_error(l->c, "label \"%s\" defined multiple times", jl_symbol_name((jl_sym_t *)A(e, 0)));
        jl_array_ptr_1d_push(l->symlabels, A(e, 0));
        jl_array_ptr_1d_push(l->symlabels, jl_box_int64(lab));
        jl_array_ptr_1d_push(l->symlabels, region_snapshot(l));
        if (tail)
            emit_return(l, jl_nothing);
        return value && !tail ? jl_nothing : NULL;
    }
    if (h == lsym.symbolicgoto) {
        /* resolved at the end (the label may come later): two placeholders before the goto become the
           pop_exception and leave needed to reach the label's handler nesting, or are removed */
        emit(l, (jl_value_t *)SYM("#deleted"));
        emit(l, (jl_value_t *)SYM("#deleted"));
        int idx = emit(l, lower_expr(lsym.symbolicgoto, 1, A(e, 0)));
        jl_array_ptr_1d_push(l->symgotos, jl_box_int64(idx));
        jl_array_ptr_1d_push(l->symgotos, region_snapshot(l));
        return NULL;
    }
    if (h == jl_s_toplevel || h == jl_s_module || h == jl_s_using || h == jl_s_import || h == jl_s_export) {
        emit(l, e);
        return finish(l, jl_nothing, value, tail);
    }
    if (h == jl_s_inbounds || h == jl_s_boundscheck || h == SYM("loopinfo") || h == SYM("aliasscope") ||
        h == SYM("popaliasscope") || h == SYM("gc_preserve_end") || h == SYM("code_coverage_effect")) {
        if (h == jl_s_boundscheck && (value || tail))
            return finish(l, e, value, tail);
        emit(l, e);
        return finish(l, jl_nothing, value, tail);
    }
    if (h == jl_s_error)
        lower_error(l->c, "%s", jl_is_string(A(e, 0)) ? jl_string_data(A(e, 0)) : "syntax error");
    lower_error(l->c, "invalid syntax: unexpected \"%s\" in lowered code", jl_symbol_name(h));
}

/* ---------------------------------------------------------------- CodeInfo */

/* the handler nesting at this point: svec(try tokens, catch tokens), outermost first */
static jl_value_t *region_snapshot(LN *l)
{
    int nt = count_tries(l, 0, l->nregions);
    jl_svec_t *t = jl_alloc_svec(nt), *c = jl_alloc_svec(l->nregions - nt);
    int it = 0, ic = 0;
    for (int i = 0; i < l->nregions; i++) {
        if (l->regions[i].kind == R_TRY)
            jl_svecset(t, it++, l->regions[i].token);
        else
            jl_svecset(c, ic++, l->regions[i].token);
    }
    return (jl_value_t *)jl_svec2(t, c);
}

static int svec_prefix(jl_svec_t *a, jl_svec_t *b)
{
    if (jl_svec_len(a) > jl_svec_len(b))
        return 0;
    for (size_t i = 0; i < jl_svec_len(a); i++)
        if (jl_svecref(a, i) != jl_svecref(b, i))
            return 0;
    return 1;
}

static void patch_labels(LN *l)
{
    size_t n = jl_array_len(l->code);
    for (size_t i = 0; i < n; i++) {
        jl_value_t *s = jl_array_ptr_ref(l->code, i);
        if (jl_is_gotonode(s) && ((jl_gotonode_t *)s)->label < 0)
            ((jl_gotonode_t *)s)->label = l->labels[-1 - ((jl_gotonode_t *)s)->label];
        else if (jl_is_gotoifnot(s) && ((jl_gotoifnot_t *)s)->dest < 0)
            ((jl_gotoifnot_t *)s)->dest = l->labels[-1 - ((jl_gotoifnot_t *)s)->dest];
        else if (IS(s, jl_s_enter)) {
            int64_t lab = jl_unbox_int64(A(s, 0));
            if (lab < 0)
                jl_exprargset(s, 0, jl_box_int64(l->labels[-1 - lab]));
        }
    }
    for (size_t k = 0; k < jl_array_len(l->symgotos); k += 2) {
        size_t idx = (size_t)jl_unbox_int64(jl_array_ptr_ref(l->symgotos, k));
        jl_value_t *from = jl_array_ptr_ref(l->symgotos, k + 1);
        jl_value_t *s = jl_array_ptr_ref(l->code, idx - 1);
        jl_value_t *name = A(s, 0);
        int target = -1;
        jl_value_t *to = NULL;
        for (size_t i = 0; i < jl_array_len(l->symlabels); i += 3)
            if (jl_array_ptr_ref(l->symlabels, i) == name) {
                target = l->labels[jl_unbox_int64(jl_array_ptr_ref(l->symlabels, i + 1))];
                to = jl_array_ptr_ref(l->symlabels, i + 2);
            }
        if (target < 0)
            lower_error(l->c, "label \"%s\" referenced but not defined", jl_symbol_name((jl_sym_t *)name));
        jl_svec_t *ft = (jl_svec_t *)jl_svecref(from, 0), *fc = (jl_svec_t *)jl_svecref(from, 1);
        jl_svec_t *tt = (jl_svec_t *)jl_svecref(to, 0), *tc = (jl_svec_t *)jl_svecref(to, 1);
        if (!svec_prefix(tt, ft))
            lower_error(l->c, "cannot goto label \"%s\" inside try/catch block", jl_symbol_name((jl_sym_t *)name));
        if (!svec_prefix(tc, fc))
            lower_error(l->c, "Attempt to jump into catch block");
        if (jl_svec_len(fc) > jl_svec_len(tc))
            jl_array_ptr_set(l->code, idx - 3, lower_expr(lsym.pop_exception, 1, jl_svecref(fc, jl_svec_len(tc))));
        if (jl_svec_len(ft) > jl_svec_len(tt))
            jl_array_ptr_set(l->code, idx - 2,
                             lower_expr(lsym.leave, 1, jl_box_int64((int64_t)(jl_svec_len(ft) - jl_svec_len(tt)))));
        jl_value_t *g = jl_new_struct_uninit(jl_gotonode_type);
        ((jl_gotonode_t *)g)->label = target;
        jl_array_ptr_set(l->code, idx - 1, g);
    }
}

/* ---------------------------------------------------------------- removing placeholders */

static jl_value_t *renumber(jl_value_t *v, const int *newidx)
{
    if (jl_is_ssavalue(v))
        return ssa(newidx[((jl_ssavalue_t *)v)->id - 1]);
    if (jl_is_gotonode(v)) {
        ((jl_gotonode_t *)v)->label = newidx[((jl_gotonode_t *)v)->label - 1];
        return v;
    }
    if (jl_is_gotoifnot(v)) {
        ((jl_gotoifnot_t *)v)->cond = renumber(((jl_gotoifnot_t *)v)->cond, newidx);
        ((jl_gotoifnot_t *)v)->dest = newidx[((jl_gotoifnot_t *)v)->dest - 1];
        return v;
    }
    if (jl_is_returnnode(v)) {
        if (((jl_returnnode_t *)v)->val)
            ((jl_returnnode_t *)v)->val = renumber(((jl_returnnode_t *)v)->val, newidx);
        return v;
    }
    if (!jl_is_expr(v))
        return v;
    if (H(v) == jl_s_enter) {
        jl_exprargset(v, 0, jl_box_int64(newidx[jl_unbox_int64(A(v, 0)) - 1]));
        return v;
    }
    for (size_t i = 0; i < NA(v); i++)
        jl_exprargset(v, i, renumber(A(v, i), newidx));
    return v;
}

/* drop the placeholder statements left by @goto, renumbering SSA values and jump targets */
static void compact(LN *l)
{
    jl_value_t *del = (jl_value_t *)SYM("#deleted");
    size_t n = jl_array_len(l->code), kept = 0;
    int *newidx = (int *)jl_gc_alloc_buf_atomic((n + 1) * sizeof(int));
    for (size_t i = 0; i < n; i++) {
        newidx[i] = (int)kept + 1; /* a removed statement's successor takes its place */
        kept += jl_array_ptr_ref(l->code, i) != del;
    }
    newidx[n] = (int)kept + 1;
    if (kept == n)
        return;
    jl_array_t *code = lower_vec(), *locs = lower_vec();
    for (size_t i = 0; i < n; i++) {
        jl_value_t *st = jl_array_ptr_ref(l->code, i);
        if (st == del)
            continue;
        jl_array_ptr_1d_push(code, renumber(st, newidx));
        jl_array_ptr_1d_push(locs, jl_array_ptr_ref(l->locs, i));
    }
    l->code = code;
    l->locs = locs;
}

static void count_assign(jl_value_t *s, uint8_t *flags, int *counts)
{
    if (IS(s, jl_s_assign) && jl_is_slotnumber(A(s, 0))) {
        int sl = (int)((jl_slotnumber_t *)A(s, 0))->id;
        counts[sl]++;
        flags[sl - 1] |= JL_SLOT_ASSIGNED;
    }
}

/* ---------------------------------------------------------------- used before assignment */

/* A slot gets JL_SLOT_USEDUNDEF when some read of it may run before any assignment on that path (so
   the read must check and throw UndefVarError; the optimizer must not drop it), and when an
   `@isdefined` of it may see it unassigned (its answer is then not a constant). Forward dataflow of
   "definitely assigned" sets over statements: meet is intersection, an assignment adds its slot, a
   NewvarNode (a fresh binding, e.g. a loop body's local) removes it; the catch block of a try starts
   from the state at its `enter`. Arguments are always assigned. */
typedef struct { size_t words; uint64_t *in; uint8_t *flags; size_t nargs; } undef_t;

#define UNDEF_SET(u, i) ((u)->in + (size_t)(i) * (u)->words)

static void undef_reads(undef_t *u, jl_value_t *x, const uint64_t *st)
{
    if (jl_is_slotnumber(x)) {
        size_t k = (size_t)((jl_slotnumber_t *)x)->id - 1;
        if (k >= u->nargs && !(st[k / 64] >> (k % 64) & 1))
            u->flags[k] |= JL_SLOT_USEDUNDEF;
        return;
    }
    if (!jl_is_expr(x))
        return;
    for (size_t i = 0; i < NA(x); i++)
        undef_reads(u, A(x, i), st);
}

/* meet st into the entry state of statement j (0-based); returns whether it changed */
static int undef_flow(undef_t *u, size_t j, size_t n, const uint64_t *st)
{
    if (j >= n)
        return 0;
    uint64_t *d = UNDEF_SET(u, j);
    int changed = 0;
    for (size_t w = 0; w < u->words; w++) {
        uint64_t v = d[w] & st[w];
        changed |= v != d[w];
        d[w] = v;
    }
    return changed;
}

static void mark_used_undef(jl_array_t *code, uint8_t *flags, size_t ns, size_t nargs)
{
    size_t n = jl_array_len(code);
    undef_t u = { (ns + 63) / 64, NULL, flags, nargs };
    if (n == 0 || ns <= nargs)
        return;
    u.in = (uint64_t *)jl_gc_alloc_buf_atomic((n + 1) * u.words * sizeof(uint64_t));
    memset(u.in, 0xff, (n + 1) * u.words * sizeof(uint64_t));
    uint64_t *st = UNDEF_SET(&u, n); /* scratch */
    memset(UNDEF_SET(&u, 0), 0, u.words * sizeof(uint64_t));
    for (size_t k = 0; k < nargs; k++)
        UNDEF_SET(&u, 0)[k / 64] |= (uint64_t)1 << (k % 64);
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < n; i++) {
            jl_value_t *s = jl_array_ptr_ref(code, i);
            memcpy(st, UNDEF_SET(&u, i), u.words * sizeof(uint64_t));
            if (jl_is_newvarnode(s) || (IS(s, jl_s_assign) && jl_is_slotnumber(A(s, 0)))) {
                size_t k = (size_t)((jl_slotnumber_t *)(jl_is_newvarnode(s) ? ((jl_newvarnode_t *)s)->slot : A(s, 0)))->id - 1;
                if (jl_is_newvarnode(s))
                    st[k / 64] &= ~((uint64_t)1 << (k % 64));
                else
                    st[k / 64] |= (uint64_t)1 << (k % 64);
            }
            if (jl_is_gotonode(s)) {
                changed |= undef_flow(&u, (size_t)((jl_gotonode_t *)s)->label - 1, n, st);
                continue;
            }
            if (jl_is_returnnode(s))
                continue;
            if (jl_is_gotoifnot(s))
                changed |= undef_flow(&u, (size_t)((jl_gotoifnot_t *)s)->dest - 1, n, st);
            if (IS(s, jl_s_enter))
                changed |= undef_flow(&u, (size_t)jl_unbox_int64(A(s, 0)) - 1, n, UNDEF_SET(&u, i));
            changed |= undef_flow(&u, i + 1, n, st);
        }
    }
    for (size_t i = 0; i < n; i++) {
        jl_value_t *s = jl_array_ptr_ref(code, i);
        if (jl_is_newvarnode(s))
            continue;
        if (jl_is_gotoifnot(s))
            s = ((jl_gotoifnot_t *)s)->cond;
        else if (jl_is_returnnode(s))
            s = ((jl_returnnode_t *)s)->val;
        else if (IS(s, jl_s_assign) && jl_is_slotnumber(A(s, 0)))
            s = A(s, 1);
        if (s)
            undef_reads(&u, s, UNDEF_SET(&u, i));
    }
}

static jl_code_info_t *make_code_info(LN *l)
{
    C *c = l->c;
    jl_code_info_t *ci = (jl_code_info_t *)jl_new_struct_uninit(jl_code_info_type);
    memset(ci, 0, sizeof(*ci));
    size_t n = jl_array_len(l->code);
    ci->code = l->code;
    ci->codelocs = jl_alloc_array_1d((jl_value_t *)jl_array_int32_type, n);
    for (size_t i = 0; i < n; i++)
        ((int32_t *)ci->codelocs->data)[i] = (int32_t)jl_unbox_int64(jl_array_ptr_ref(l->locs, i));
    ci->ssavaluetypes = jl_box_int64((int64_t)n);
    ci->ssaflags = jl_alloc_array_1d((jl_value_t *)jl_array_uint32_type, n);
    memset(ci->ssaflags->data, 0, n * sizeof(uint32_t));
    ci->method_for_inference_limit_heuristics = jl_nothing;
    ci->linetable = (jl_value_t *)l->linetable;
    size_t ns = jl_array_len(l->slotvars);
    ci->slotnames = jl_alloc_array_1d((jl_value_t *)jl_array_symbol_type, ns);
    ci->slotflags = jl_alloc_array_1d((jl_value_t *)jl_array_uint8_type, ns);
    uint8_t *flags = (uint8_t *)ci->slotflags->data;
    memset(flags, 0, ns);
    int *counts = (int *)jl_gc_alloc_buf_atomic((ns + 1) * sizeof(int));
    memset(counts, 0, (ns + 1) * sizeof(int));
    for (size_t i = 0; i < ns; i++) {
        lvar_t *v = &c->vars[jl_unbox_int64(jl_array_ptr_ref(l->slotvars, i))];
        jl_array_ptr_set(ci->slotnames, i, v->name);
        if (v->captured)
            flags[i] |= JL_SLOT_CAPTURED;
    }
    for (size_t i = 0; i < n; i++)
        count_assign(jl_array_ptr_ref(l->code, i), flags, counts);
    for (size_t i = 0; i < ns; i++)
        if (counts[i + 1] == 1)
            flags[i] |= JL_SLOT_ASSIGNEDONCE;
    mark_used_undef(l->code, flags, ns, jl_array_len(c->lams[l->L].args));
    ci->slottypes = jl_nothing;
    ci->rettype = (jl_value_t *)jl_any_type;
    ci->parent = jl_nothing;
    ci->edges = jl_nothing;
    ci->min_world = 1;
    ci->max_world = ~(uint64_t)0;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *s = jl_array_ptr_ref(l->code, i);
        for (size_t k = 0; IS(s, jl_s_meta) && k < NA(s); k++) {
            if (A(s, k) == (jl_value_t *)jl_s_inline)
                ci->inlining = 1;
            else if (A(s, k) == (jl_value_t *)jl_s_noinline)
                ci->inlining = 2;
            else if (A(s, k) == (jl_value_t *)jl_s_propagate_inbounds)
                ci->propagate_inbounds = 1;
        }
    }
    return ci;
}

static jl_code_info_t *linearize_lambda(C *c, int K, jl_sym_t *name, jl_value_t *line)
{
    LN *l = (LN *)jl_gc_alloc_buf(sizeof(LN));
    memset(l, 0, sizeof(*l));
    l->c = c;
    l->L = K;
    l->code = lower_vec();
    l->locs = lower_vec();
    l->linetable = lower_vec();
    l->symlabels = lower_vec();
    l->symgotos = lower_vec();
    l->mname = name;
    c->lams[K].name = name;
    l->slotvars = lower_vec();
    l->slotof = (int *)jl_gc_alloc_buf_atomic((c->nvars + 1) * sizeof(int));
    memset(l->slotof, 0, (c->nvars + 1) * sizeof(int));
    lambda_t *lam = &c->lams[K];
    for (size_t i = 0; i < jl_array_len(lam->args); i++)
        jl_array_ptr_1d_push(l->slotvars, jl_array_ptr_ref(lam->args, i));
    for (size_t i = 0; i < jl_array_len(lam->locals); i++)
        jl_array_ptr_1d_push(l->slotvars, jl_array_ptr_ref(lam->locals, i));
    for (size_t i = 0; i < jl_array_len(l->slotvars); i++)
        l->slotof[jl_unbox_int64(jl_array_ptr_ref(l->slotvars, i))] = (int)i + 1;
    if (line)
        add_loc(l, line);
    compile(l, lam->body, 1, 1);
    patch_labels(l);
    compact(l);
    jl_code_info_t *ci = make_code_info(l);
    lam->ci = ci;
    return ci;
}

jl_code_info_t *lower_linearize(lower_ctx_t *c, int lam)
{
    jl_value_t *line = jl_new_linenumbernode(c->line, (jl_value_t *)c->file);
    return linearize_lambda(c, lam, SYM("top-level scope"), line);
}
