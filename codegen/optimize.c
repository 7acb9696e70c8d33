/*
 * optimize.c -- the optimizer over inferred code (LLVM-free): the output is the "Optimized IR" of
 * docs/ir.md, which the LLVM emitter consumes.
 *
 * Passes, in order:
 *   1. inlining: a call inference proved to dispatch to one MethodInstance becomes
 *      `Expr(:invoke, mi, f, args...)`, or, when the callee's optimized code is cheap
 *      (JL_INFER_INLINE_COST, calls that only throw counting nothing; `@inline`; never `@noinline`,
 *      try/catch or itself), the callee's statements spliced in place (its slots appended to the
 *      caller's, its returns joined);
 *      statements inference never reached are dropped, and `ReturnNode()` follows a statement
 *      that always throws;
 *   2. `Expr(:boundscheck)` resolved to true/false (`--check-bounds`, `@inbounds` regions), except in
 *      `@propagate_inbounds` methods, where the caller decides after inlining, and for the method's
 *      own checks outside its `@inbounds` regions, which a caller inlining it resolves by its call
 *      site (Julia's rule: `@inbounds a[i]` removes the check of the inlined `getindex`);
 *   3. constant folding of pure builtins/intrinsics and of constant branches, then unreachable code;
 *   4. dead code elimination of unused pure statements and markers, and compaction (renumbering).
 *
 * Invariants: SSA values are defined before use in statement order (lowering guarantees it and every
 * pass keeps it); statement types (ssavaluetypes) stay lattice elements; slots keep their numbers
 * except for callee slots appended by inlining.
 */
#include <string.h>
#include "infer.h"
#include "gf.h"
#include "builtins.h"
#include "codegen.h"

typedef struct {
    jl_value_t **stmts;
    jl_value_t **types;
    int32_t *locs;
    jl_value_t **callees;
    uint8_t *spliced;         /* per statement: it comes from a callee's inlined body */
    int splicing;             /* statements pushed now come from a callee's body */
    size_t n, cap;
} ir_t;

static void ir_init(ir_t *ir, size_t cap)
{
    memset(ir, 0, sizeof(*ir));
    ir->cap = cap ? cap : 8;
    ir->stmts = (jl_value_t **)jl_gc_alloc_buf(ir->cap * sizeof(void *));
    ir->types = (jl_value_t **)jl_gc_alloc_buf(ir->cap * sizeof(void *));
    ir->callees = (jl_value_t **)jl_gc_alloc_buf(ir->cap * sizeof(void *));
    ir->locs = (int32_t *)jl_gc_alloc_buf_atomic(ir->cap * sizeof(int32_t));
    ir->spliced = (uint8_t *)jl_gc_alloc_buf_atomic(ir->cap);
}

static size_t ir_push(ir_t *ir, jl_value_t *s, jl_value_t *t, int32_t loc, jl_value_t *callee)
{
    if (ir->n == ir->cap) {
        ir_t g;
        ir_init(&g, ir->cap * 2);
        memcpy(g.stmts, ir->stmts, ir->n * sizeof(void *));
        memcpy(g.types, ir->types, ir->n * sizeof(void *));
        memcpy(g.callees, ir->callees, ir->n * sizeof(void *));
        memcpy(g.locs, ir->locs, ir->n * sizeof(int32_t));
        memcpy(g.spliced, ir->spliced, ir->n);
        g.n = ir->n;
        g.splicing = ir->splicing;
        *ir = g;
    }
    ir->stmts[ir->n] = s;
    ir->types[ir->n] = t;
    ir->locs[ir->n] = loc;
    ir->callees[ir->n] = callee;
    ir->spliced[ir->n] = (uint8_t)ir->splicing;
    return ir->n++;
}

typedef struct {
    jl_method_instance_t *mi;
    jl_code_info_t *ci;       /* the code being built (slot and line tables grow in place) */
    ir_t out;
    int frugal;               /* compiled callees stay calls outside loops (see spare_compiled) */
    int spared;               /* calls left so */
} opt_t;

/* ---------------------------------------------------------------- IR helpers */

static jl_value_t *new_ssa(size_t id)
{
    jl_value_t *v = jl_gc_alloc(sizeof(jl_ssavalue_t), (jl_value_t *)jl_ssavalue_type);
    ((jl_ssavalue_t *)v)->id = (intptr_t)id;
    return v;
}

static jl_value_t *new_slot(size_t id)
{
    jl_value_t *v = jl_gc_alloc(sizeof(jl_slotnumber_t), (jl_value_t *)jl_slotnumber_type);
    ((jl_slotnumber_t *)v)->id = (intptr_t)id;
    return v;
}

static jl_value_t *new_goto(intptr_t label)
{
    jl_value_t *v = jl_gc_alloc(sizeof(jl_gotonode_t), (jl_value_t *)jl_gotonode_type);
    ((jl_gotonode_t *)v)->label = label;
    return v;
}

static jl_value_t *new_gotoifnot(jl_value_t *cond, intptr_t dest)
{
    jl_value_t *v = jl_gc_alloc(sizeof(jl_gotoifnot_t), (jl_value_t *)jl_gotoifnot_type);
    ((jl_gotoifnot_t *)v)->cond = cond;
    ((jl_gotoifnot_t *)v)->dest = dest;
    return v;
}

static jl_value_t *new_return(jl_value_t *val)
{
    jl_value_t *v = jl_gc_alloc(sizeof(jl_returnnode_t), (jl_value_t *)jl_returnnode_type);
    ((jl_returnnode_t *)v)->val = val;
    return v;
}

static jl_value_t *new_newvar(jl_value_t *slot)
{
    jl_value_t *v = jl_gc_alloc(sizeof(jl_newvarnode_t), (jl_value_t *)jl_newvarnode_type);
    ((jl_newvarnode_t *)v)->slot = slot;
    return v;
}

static jl_expr_t *copy_expr_shallow(jl_expr_t *e)
{
    size_t n = jl_expr_nargs(e);
    jl_expr_t *r = jl_exprn(e->head, n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(r, i, jl_exprarg(e, i));
    return r;
}

static int is_head(jl_value_t *s, jl_sym_t *h)
{
    return s && jl_is_expr(s) && ((jl_expr_t *)s)->head == h;
}

/* the call inside a statement (`call` or `slot = call`), or NULL */
static jl_expr_t *stmt_call(jl_value_t *s)
{
    if (is_head(s, jl_s_assign))
        s = jl_exprarg(s, 1);
    if (is_head(s, jl_s_call) || is_head(s, jl_s_invoke))
        return (jl_expr_t *)s;
    return NULL;
}

/* a constant as an IR operand: symbols and other IR-looking values are quoted */
static jl_value_t *quote_const(jl_value_t *v)
{
    jl_value_t *t = jl_typeof(v);
    if (t == (jl_value_t *)jl_symbol_type || t == (jl_value_t *)jl_ssavalue_type ||
        t == (jl_value_t *)jl_slotnumber_type || t == (jl_value_t *)jl_argument_type ||
        t == (jl_value_t *)jl_expr_type || t == (jl_value_t *)jl_globalref_type ||
        t == (jl_value_t *)jl_quotenode_type || t == (jl_value_t *)jl_gotonode_type ||
        t == (jl_value_t *)jl_gotoifnot_type || t == (jl_value_t *)jl_returnnode_type ||
        t == (jl_value_t *)jl_newvarnode_type || t == (jl_value_t *)jl_linenumbernode_type ||
        t == (jl_value_t *)jl_code_info_type)
        return jl_new_quotenode(v);
    return v;
}

/* ---------------------------------------------------------------- inlining */

typedef struct {
    jl_code_info_t *src;      /* the callee's optimized code */
    jl_method_instance_t *mi;
    jl_value_t **slotmap;     /* callee slot (0-based) -> caller operand */
    size_t *cmap;             /* callee statement -> new index (first statement emitted for it) */
    size_t *cval;             /* callee statement -> new index holding its value */
    jl_value_t *retslot;      /* caller slot joining several returns, or NULL */
    size_t end;               /* new index of the join statement */
    int32_t lineoff;          /* callee linetable entry k -> caller entry k + lineoff */
} inl_t;

static int uses_tvar_sparams(jl_method_instance_t *mi)
{
    jl_svec_t *sp = mi->sparam_vals;
    for (size_t i = 0; sp && i < jl_svec_len(sp); i++)
        if (jl_is_tvar(jl_svecref(sp, i)))
            return 1;
    return 0;
}

static int has_enter(jl_code_info_t *src)
{
    for (size_t i = 0; i < jl_array_len(src->code); i++)
        if (is_head(jl_array_ptr_ref(src->code, i), jl_s_enter))
            return 1;
    return 0;
}

static jl_code_info_t *inline_ok(jl_code_info_t *src, jl_method_instance_t *callee);

/* the callee's optimized code, if it should be inlined at this call */
static jl_code_info_t *inline_candidate(opt_t *o, jl_method_instance_t *callee)
{
    if (callee == o->mi || jl_infer_in_progress(callee) || !jl_is_method(callee->def))
        return NULL;
    jl_code_instance_t *ci = NULL;
    for (jl_code_instance_t *c = callee->cache; c; c = c->next)
        if (c->max_world == JL_WORLD_MAX && c->inferred && jl_is_code_info(c->inferred)) {
            ci = c;
            break;
        }
    if (ci == NULL)
        return NULL;
    jl_code_info_t *src = (jl_code_info_t *)ci->inferred;
    if (o->frugal && ci->specptr != NULL && src->inlining != 1 && src->inlining_cost > JL_INFER_INLINE_COST_COMPILED &&
        inline_ok(src, callee) != NULL) {
        o->spared++;
        return NULL;
    }
    return inline_ok(src, callee);
}

/* src (the callee's code, general or for constant arguments) if it is to be inlined */
static jl_code_info_t *inline_ok(jl_code_info_t *src, jl_method_instance_t *callee)
{
    if (src->inlining == 2 || has_enter(src) || uses_tvar_sparams(callee))
        return NULL;
    if (src->inlining != 1 && src->inlining_cost > JL_INFER_INLINE_COST)
        return NULL;
    return src;
}

/* an inlined ccall's types refer to the callee's static parameters: make them constants */
static void resolve_ccall_types(jl_method_instance_t *callee, jl_expr_t *orig, jl_expr_t *r)
{
    jl_value_t *t = jl_infer_static_type(callee, jl_exprarg(orig, 1));
    if (t != NULL && jl_is_type(t))
        jl_exprargset(r, 1, t);
    jl_value_t *at = jl_exprarg(orig, 2);
    if (!jl_is_svec(at))
        return;
    jl_svec_t *na = jl_alloc_svec(jl_svec_len((jl_svec_t *)at));
    jl_exprargset(r, 2, (jl_value_t *)na);
    for (size_t i = 0; i < jl_svec_len(na); i++) {
        jl_value_t *ai = jl_svecref(at, i), *ti = jl_infer_static_type(callee, ai);
        jl_svecset(na, i, ti != NULL && jl_is_type(ti) ? ti : ai);
    }
}

static jl_value_t *map_callee_operand(opt_t *o, inl_t *in, jl_value_t *x)
{
    if (x == NULL)
        return NULL;
    jl_value_t *t = jl_typeof(x);
    if (t == (jl_value_t *)jl_ssavalue_type)
        return new_ssa(in->cval[((jl_ssavalue_t *)x)->id - 1] + 1);
    if (t == (jl_value_t *)jl_slotnumber_type || t == (jl_value_t *)jl_argument_type)
        return in->slotmap[((jl_slotnumber_t *)x)->id - 1];
    if (t == (jl_value_t *)jl_expr_type) {
        jl_expr_t *e = (jl_expr_t *)x;
        if (e->head == jl_s_static_parameter) {
            jl_value_t *v = jl_svecref(in->mi->sparam_vals, jl_unbox_int64(jl_exprarg(e, 0)) - 1);
            return quote_const(v);
        }
        jl_expr_t *r = copy_expr_shallow(e);
        for (size_t i = 0; i < jl_expr_nargs(r); i++)
            jl_exprargset(r, i, map_callee_operand(o, in, jl_exprarg(r, i)));
        if (e->head == jl_s_foreigncall && jl_expr_nargs(r) >= 3)
            resolve_ccall_types(in->mi, e, r);
        return (jl_value_t *)r;
    }
    return x;
}

/* the callee's line entries, appended to the caller's table; the callee's own entries name the inlined
   MethodInstance in `method` (as Julia's LineInfoNode may), so backtraces can show inlined frames */
static int32_t append_lines(opt_t *o, jl_code_info_t *src, jl_method_instance_t *callee, int32_t callloc)
{
    if (!jl_is_array(src->linetable) || !jl_is_array(o->ci->linetable))
        return -1;
    jl_array_t *lt = (jl_array_t *)o->ci->linetable, *clt = (jl_array_t *)src->linetable;
    int32_t off = (int32_t)jl_array_len(lt);
    for (size_t k = 0; k < jl_array_len(clt); k++) {
        jl_lineinfonode_t *li = (jl_lineinfonode_t *)jl_array_ptr_ref(clt, k);
        jl_lineinfonode_t *nl =
            (jl_lineinfonode_t *)jl_gc_alloc(sizeof(jl_lineinfonode_t), (jl_value_t *)jl_lineinfonode_type);
        *nl = *li;
        nl->inlined_at = li->inlined_at ? li->inlined_at + off : callloc;
        if (li->inlined_at == 0)
            nl->method = (jl_value_t *)callee;
        jl_array_ptr_1d_push(lt, (jl_value_t *)nl);
    }
    return off;
}

static size_t add_slot(opt_t *o, jl_value_t *name, uint8_t flags, jl_value_t *type)
{
    jl_array_ptr_1d_push(o->ci->slotnames, name);
    jl_array_t *fl = o->ci->slotflags;
    jl_array_grow_end(fl, 1);
    ((uint8_t *)jl_array_data(fl))[jl_array_len(fl) - 1] = flags;
    jl_array_ptr_1d_push((jl_array_t *)o->ci->slottypes, type);
    return jl_array_len(o->ci->slotnames);
}

static int is_last_return(jl_code_info_t *src, size_t c)
{
    size_t n = jl_array_len(src->code);
    for (size_t k = 0; k < n; k++)
        if (k != c && jl_is_returnnode(jl_array_ptr_ref(src->code, k)) && ((jl_returnnode_t *)jl_array_ptr_ref(src->code, k))->val)
            return 0;
    return c == n - 1;
}

/* A caller slot passed as argument k may hold a wider type than the callee was inferred for (inference
   refined it on this path, e.g. `Union{Nothing, T}` after `x === nothing` was false). The callee's
   body, spliced in, would read the slot in its wide representation (a boxed or tagged union, so
   `getfield` and friends go through the runtime): read it once into a statement of the argument's
   type instead, which the emitter converts to the narrow representation. */
static jl_value_t *narrowed_arg(opt_t *o, jl_value_t *val, jl_value_t *argtype, int32_t loc)
{
    if (!jl_is_slotnumber(val))
        return val;
    jl_value_t *st = jl_array_ptr_ref((jl_array_t *)o->ci->slottypes, ((jl_slotnumber_t *)val)->id - 1);
    if (st == NULL || jl_subtype(st, argtype))
        return val;
    return new_ssa(ir_push(&o->out, val, argtype, loc, NULL) + 1);
}

/* splice callee code for call `e` (args already mapped into the new numbering); the returned operand
   is the call's value */
static jl_value_t *inline_call(opt_t *o, jl_code_info_t *src, jl_method_instance_t *callee, jl_expr_t *e,
                               size_t argstart, int32_t loc)
{
    jl_method_t *m = (jl_method_t *)callee->def;
    size_t nargs = (size_t)m->nargs, ncs = jl_array_len(src->slotnames), nc = jl_array_len(src->code);
    size_t ncall = jl_expr_nargs(e) - argstart; /* f and the arguments */
    inl_t in;
    in.src = src;
    in.mi = callee;
    in.slotmap = (jl_value_t **)jl_gc_alloc_buf((ncs + 1) * sizeof(void *));
    in.cmap = (size_t *)jl_gc_alloc_buf_atomic((nc + 1) * sizeof(size_t));
    in.cval = (size_t *)jl_gc_alloc_buf_atomic((nc + 1) * sizeof(size_t));
    in.lineoff = append_lines(o, src, callee, loc);
    jl_array_t *ctypes = (jl_array_t *)src->slottypes;
    /* arguments */
    for (size_t j = 0; j < nargs && j < ncs; j++) {
        jl_value_t *val;
        if (m->isva && j == nargs - 1) {
            size_t k = ncall > j ? ncall - j : 0;
            jl_expr_t *tup = jl_exprn(jl_s_call, k + 1);
            jl_exprargset(tup, 0, jl_builtin_tuple);
            for (size_t a = 0; a < k; a++)
                jl_exprargset(tup, a + 1, jl_exprarg(e, argstart + j + a));
            val = new_ssa(ir_push(&o->out, (jl_value_t *)tup, jl_array_ptr_ref(ctypes, j), loc, NULL) + 1);
        }
        else
            val = narrowed_arg(o, jl_exprarg(e, argstart + j), jl_array_ptr_ref(ctypes, j), loc);
        uint8_t fl = ((uint8_t *)jl_array_data(src->slotflags))[j];
        if (fl & JL_SLOT_ASSIGNED) {
            size_t s = add_slot(o, jl_array_ptr_ref(src->slotnames, j), fl, jl_array_ptr_ref(ctypes, j));
            jl_value_t *sl = new_slot(s);
            ir_push(&o->out, (jl_value_t *)jl_expr(jl_s_assign, 2, sl, val), jl_array_ptr_ref(ctypes, j), loc, NULL);
            val = sl;
        }
        in.slotmap[j] = val;
    }
    for (size_t j = nargs; j < ncs; j++)
        in.slotmap[j] = new_slot(add_slot(o, jl_array_ptr_ref(src->slotnames, j),
                                          ((uint8_t *)jl_array_data(src->slotflags))[j], jl_array_ptr_ref(ctypes, j)));
    /* layout: a non-final `return v` takes two statements (assign, goto end) */
    size_t nret = 0;
    for (size_t c = 0; c < nc; c++) {
        jl_value_t *s = jl_array_ptr_ref(src->code, c);
        if (jl_is_returnnode(s) && ((jl_returnnode_t *)s)->val)
            nret++;
    }
    size_t pos = o->out.n;
    for (size_t c = 0; c < nc; c++) {
        jl_value_t *s = jl_array_ptr_ref(src->code, c);
        in.cmap[c] = pos;
        in.cval[c] = pos;
        pos += (jl_is_returnnode(s) && ((jl_returnnode_t *)s)->val && !(nret == 1 && c == nc - 1)) ? 2 : 1;
    }
    in.end = pos;
    in.retslot = NULL;
    if (!(nret == 1 && is_last_return(src, nc - 1)) && nret > 0)
        in.retslot = new_slot(add_slot(o, (jl_value_t *)jl_symbol("#inlret#"), JL_SLOT_ASSIGNED,
                                       jl_widenconst(src->rettype ? src->rettype : (jl_value_t *)jl_any_type)));
    jl_array_t *ctys = (jl_array_t *)src->ssavaluetypes;
    jl_value_t *result = jl_nothing;
    o->out.splicing = 1;
    for (size_t c = 0; c < nc; c++) {
        jl_value_t *s = jl_array_ptr_ref(src->code, c);
        jl_value_t *ty = jl_array_ptr_ref(ctys, c);
        int32_t cl = ((int32_t *)jl_array_data(src->codelocs))[c];
        int32_t nloc = cl > 0 && in.lineoff >= 0 ? cl + in.lineoff : loc;
        if (jl_is_returnnode(s)) {
            jl_value_t *v = ((jl_returnnode_t *)s)->val;
            if (v == NULL) {
                ir_push(&o->out, s, ty, nloc, NULL);
                continue;
            }
            v = map_callee_operand(o, &in, v);
            if (in.retslot == NULL) {
                result = v;
                ir_push(&o->out, NULL, ty, nloc, NULL); /* placeholder, removed by compaction */
                continue;
            }
            ir_push(&o->out, (jl_value_t *)jl_expr(jl_s_assign, 2, in.retslot, v), ty, nloc, NULL);
            if (!(nret == 1 && c == nc - 1))
                ir_push(&o->out, new_goto((intptr_t)in.end + 1), (jl_value_t *)jl_any_type, nloc, NULL);
            continue;
        }
        jl_value_t *ns;
        if (jl_is_gotonode(s))
            ns = new_goto((intptr_t)in.cmap[((jl_gotonode_t *)s)->label - 1] + 1);
        else if (jl_is_gotoifnot(s))
            ns = new_gotoifnot(map_callee_operand(o, &in, ((jl_gotoifnot_t *)s)->cond),
                               (intptr_t)in.cmap[((jl_gotoifnot_t *)s)->dest - 1] + 1);
        else if (jl_is_newvarnode(s))
            ns = new_newvar(map_callee_operand(o, &in, ((jl_newvarnode_t *)s)->slot));
        else
            ns = map_callee_operand(o, &in, s);
        ir_push(&o->out, ns, ty, nloc, NULL);
    }
    o->out.splicing = 0;
    jl_assert(o->out.n == in.end);
    return in.retslot ? in.retslot : result;
}

/* map a caller operand through the old -> new statement numbering */
static jl_value_t *map_operand(jl_value_t *x, size_t *vmap)
{
    if (x == NULL)
        return NULL;
    if (jl_is_ssavalue(x))
        return new_ssa(vmap[((jl_ssavalue_t *)x)->id - 1] + 1);
    if (jl_is_expr(x) && ((jl_expr_t *)x)->head != jl_s_static_parameter) {
        jl_expr_t *r = copy_expr_shallow((jl_expr_t *)x);
        for (size_t i = 0; i < jl_expr_nargs(r); i++)
            jl_exprargset(r, i, map_operand(jl_exprarg(r, i), vmap));
        return (jl_value_t *)r;
    }
    return x;
}

static jl_value_t *operand_type(ir_t *ir, jl_value_t *x)
{
    jl_value_t *v;
    if (jl_is_ssavalue(x))
        return ir->types[((jl_ssavalue_t *)x)->id - 1];
    if (jl_infer_operand_const(x, &v))
        return jl_infer_const(v);
    return (jl_value_t *)jl_any_type;
}

/* ---------------------------------------------------------------- splatting */

/* the lattice type of operand x at the current end of the new IR (slots: their declared type) */
static jl_value_t *splat_operand_type(opt_t *o, jl_value_t *x)
{
    if (jl_is_slotnumber(x) || jl_typeis(x, jl_argument_type)) {
        jl_array_t *st = (jl_array_t *)o->ci->slottypes;
        size_t k = (size_t)((jl_slotnumber_t *)x)->id - 1;
        return st && k < jl_array_len(st) ? jl_array_ptr_ref(st, k) : (jl_value_t *)jl_any_type;
    }
    return operand_type(&o->out, x);
}

/* the number of elements of a splatted operand of fixed length, or -1 */
static intptr_t splat_length(opt_t *o, jl_value_t *x)
{
    jl_value_t *t = splat_operand_type(o, x), *v;
    if (jl_is_infer_const(t)) {
        v = jl_infer_const_val(t);
        return jl_is_tuple(v) ? (intptr_t)jl_datatype_nfields(jl_typeof(v)) : -1;
    }
    t = jl_widenconst(t);
    if (!jl_is_tuple_type(t))
        return -1;
    jl_svec_t *ps = ((jl_datatype_t *)t)->parameters;
    size_t np = jl_svec_len(ps);
    if (np > 0 && jl_typeis(jl_svecref(ps, np - 1), jl_vararg_type))
        return -1;
    return (intptr_t)np;
}

/* element k (0-based) of splatted operand x as an operand: a `tuple(...)` argument that is an SSA
   value or constant (a slot may have been reassigned since), else a new `getfield(x, k+1)` */
static jl_value_t *splat_element(opt_t *o, jl_value_t *x, size_t k, int32_t loc)
{
    jl_value_t *t = splat_operand_type(o, x), *v;
    if (jl_is_infer_const(t))
        return quote_const(jl_get_nth_field(jl_infer_const_val(t), k));
    if (jl_is_ssavalue(x)) {
        jl_value_t *def = o->out.stmts[((jl_ssavalue_t *)x)->id - 1];
        if (is_head(def, jl_s_call) && jl_infer_operand_const(jl_exprarg(def, 0), &v) && v == jl_builtin_tuple &&
            k + 1 < jl_expr_nargs(def)) {
            jl_value_t *a = jl_exprarg(def, k + 1);
            if (!jl_is_slotnumber(a) && !jl_typeis(a, jl_argument_type))
                return a;
        }
    }
    jl_value_t *ft = jl_svecref(((jl_datatype_t *)jl_widenconst(t))->parameters, k);
    jl_expr_t *gf = jl_exprn(jl_s_call, 3);
    jl_exprargset(gf, 0, jl_builtin_getfield);
    jl_exprargset(gf, 1, x);
    jl_exprargset(gf, 2, jl_box_int64((int64_t)k + 1));
    return new_ssa(ir_push(&o->out, (jl_value_t *)gf, jl_has_free_typevars(ft) ? (jl_value_t *)jl_any_type : ft, loc, NULL) + 1);
}

/* `_apply_iterate(iterate, f, t1, t2, ...)` with every ti a tuple of known length becomes the plain
   call `f(t1[1], ..., t2[1], ...)` (Julia's rewrite of splatting), so it can be inlined or invoked
   directly; NULL when not applicable */
static jl_expr_t *flatten_apply(opt_t *o, jl_expr_t *call, int32_t loc)
{
    jl_value_t *f;
    size_t n = jl_expr_nargs(call);
    if (call->head != jl_s_call || n < 3 || !jl_infer_operand_const(jl_exprarg(call, 0), &f) ||
        f != jl_builtin__apply_iterate || !jl_infer_operand_const(jl_exprarg(call, 1), &f) ||
        f != jl_get_global(jl_base_module, jl_symbol("iterate")))
        return NULL;
    size_t total = 0;
    for (size_t i = 3; i < n; i++) {
        intptr_t len = splat_length(o, jl_exprarg(call, i));
        if (len < 0)
            return NULL;
        total += (size_t)len;
    }
    jl_expr_t *r = jl_exprn(jl_s_call, total + 1);
    jl_exprargset(r, 0, jl_exprarg(call, 2));
    size_t j = 1;
    for (size_t i = 3; i < n; i++) {
        jl_value_t *x = jl_exprarg(call, i);
        intptr_t len = splat_length(o, x);
        for (intptr_t k = 0; k < len; k++)
            jl_exprargset(r, j++, splat_element(o, x, (size_t)k, loc));
    }
    return r;
}

/* may `invoke mi` take these operands? (each static type within the instance's signature) */
static int invoke_args_ok(opt_t *o, jl_method_instance_t *mi, jl_expr_t *call)
{
    jl_value_t *spec = mi->specTypes;
    if (!jl_is_datatype(spec))
        return 0;
    jl_svec_t *ps = ((jl_datatype_t *)spec)->parameters;
    size_t n = jl_expr_nargs(call);
    if (jl_svec_len(ps) != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        jl_value_t *t = splat_operand_type(o, jl_exprarg(call, i));
        if (!jl_infer_le(t, jl_svecref(ps, i)))
            return 0;
    }
    return 1;
}

/* a foreigncall's return and argument types as the constants they are for this specialization (codegen
   needs constant types; lowering leaves expressions of static parameters) */
static void resolve_foreigncall_types(opt_t *o, jl_value_t *s)
{
    if (is_head(s, jl_s_assign))
        s = jl_exprarg(s, 1);
    if (!is_head(s, jl_s_foreigncall) || jl_expr_nargs((jl_expr_t *)s) < 3)
        return;
    jl_expr_t *e = (jl_expr_t *)s;
    jl_value_t *rt = jl_exprarg(e, 1), *v;
    if (!jl_is_type(rt) || jl_has_free_typevars(rt))
        if ((v = jl_infer_static_type(o->mi, rt)) != NULL && jl_is_type(v))
            jl_exprargset(e, 1, v);
    jl_value_t *at = jl_exprarg(e, 2);
    if (!jl_is_svec(at))
        return;
    jl_svec_t *nt = NULL;
    for (size_t i = 0; i < jl_svec_len(at); i++) {
        jl_value_t *t = jl_svecref(at, i);
        if (jl_is_type(t) && !jl_has_free_typevars(t))
            continue;
        if ((v = jl_infer_static_type(o->mi, t)) == NULL || !jl_is_type(v))
            continue;
        if (nt == NULL) { /* the lowered code's svec is shared: change a copy */
            nt = jl_alloc_svec(jl_svec_len(at));
            for (size_t k = 0; k < jl_svec_len(at); k++)
                jl_svecset(nt, k, jl_svecref(at, k));
        }
        jl_svecset(nt, i, v);
    }
    if (nt)
        jl_exprargset(e, 2, (jl_value_t *)nt);
}

/* an instance for a signature with a Union argument (not one dispatch creates) */
static int has_union_param(jl_method_instance_t *mi)
{
    if (!jl_is_datatype(mi->specTypes))
        return 1;
    jl_svec_t *ps = ((jl_datatype_t *)mi->specTypes)->parameters;
    for (size_t i = 0; i < jl_svec_len(ps); i++)
        if (jl_is_uniontype(jl_svecref(ps, i)))
            return 1;
    return 0;
}

/* Union splitting of a dynamic call (targets from infer.c's union_split_targets): for each member
   with a target, `isa(x, T) && (r = invoke target(...))`, the members without one fall to the dynamic
   call (their MethodError); the operand returned reads the result slot r. Julia's optimizer does the
   same, so `check(t.left)` with a Union{Node, Nothing} field is a type test and a direct call. */
static jl_value_t *split_call(opt_t *o, jl_svec_t *split, jl_expr_t *call, jl_value_t *ty, int32_t loc)
{
    ir_t *out = &o->out;
    size_t ai = (size_t)jl_unbox_int64(jl_svecref(split, 0)), nmem = (jl_svec_len(split) - 1) / 2;
    jl_value_t *x = jl_exprarg(call, ai);
    jl_value_t *r = new_slot(add_slot(o, (jl_value_t *)jl_symbol("#split#"), JL_SLOT_ASSIGNED, ty));
    jl_value_t *any = (jl_value_t *)jl_any_type;
    size_t ends[JL_INFER_MAX_UNION], nend = 0;
    for (size_t j = 0; j < nmem && nend < JL_INFER_MAX_UNION; j++) {
        jl_value_t *t = jl_svecref(split, 1 + 2 * j), *mi = jl_svecref(split, 2 + 2 * j);
        if (!jl_is_method_instance(mi))
            continue;
        jl_expr_t *test = jl_exprn(jl_s_call, 3);
        jl_exprargset(test, 0, jl_builtin_isa);
        jl_exprargset(test, 1, x);
        jl_exprargset(test, 2, quote_const(t));
        size_t c = ir_push(out, (jl_value_t *)test, (jl_value_t *)jl_bool_type, loc, NULL);
        size_t g = ir_push(out, new_gotoifnot(new_ssa(c + 1), 0), any, loc, NULL);
        jl_expr_t *inv = jl_exprn(jl_s_invoke, jl_expr_nargs(call) + 1);
        jl_exprargset(inv, 0, mi);
        for (size_t a = 0; a < jl_expr_nargs(call); a++)
            jl_exprargset(inv, a + 1, jl_exprarg(call, a));
        ir_push(out, (jl_value_t *)jl_expr(jl_s_assign, 2, r, (jl_value_t *)inv), ty, loc, mi);
        ends[nend++] = ir_push(out, new_goto(0), any, loc, NULL);
        ((jl_gotoifnot_t *)out->stmts[g])->dest = (intptr_t)out->n + 1;
    }
    ir_push(out, (jl_value_t *)jl_expr(jl_s_assign, 2, r, (jl_value_t *)call), ty, loc, NULL);
    for (size_t e = 0; e < nend; e++)
        ((jl_gotonode_t *)out->stmts[ends[e]])->label = (intptr_t)out->n + 1;
    return r;
}

/* per statement of src: 1 when it lies between a backward branch and its target (in a loop) */
static uint8_t *loop_statements(jl_code_info_t *src)
{
    size_t n = jl_array_len(src->code);
    uint8_t *inloop = (uint8_t *)jl_gc_alloc_buf_atomic(n + 1);
    memset(inloop, 0, n + 1);
    for (size_t j = 0; j < n; j++) {
        jl_value_t *s = jl_array_ptr_ref(src->code, j);
        intptr_t t = jl_is_gotonode(s) ? ((jl_gotonode_t *)s)->label
                     : jl_is_gotoifnot(s) ? ((jl_gotoifnot_t *)s)->dest : 0;
        if (t >= 1 && (size_t)t - 1 <= j)
            memset(inloop + t - 1, 1, j - ((size_t)t - 1) + 1);
    }
    return inloop;
}

static void inline_pass(opt_t *o, jl_code_info_t *src, jl_value_t **callees, jl_value_t **constcode,
                        const uint8_t *reached)
{
    size_t n = jl_array_len(src->code);
    jl_array_t *types = (jl_array_t *)src->ssavaluetypes;
    size_t *first = (size_t *)jl_gc_alloc_buf_atomic((n + 1) * sizeof(size_t));
    size_t *vmap = (size_t *)jl_gc_alloc_buf_atomic((n + 1) * sizeof(size_t));
    size_t *fix = (size_t *)jl_gc_alloc_buf_atomic((n + 1) * sizeof(size_t));
    size_t nfix = 0;
    ir_t *out = &o->out;
    jl_value_t *cv0;
    ir_init(out, n + 8);
    uint8_t *inloop = o->frugal ? loop_statements(src) : NULL;
    int frugal = o->frugal;
    for (size_t i = 0; i < n; i++) {
        o->frugal = frugal && !inloop[i];
        first[i] = out->n;
        vmap[i] = out->n;
        if (!reached[i]) {
            vmap[i] = (size_t)-1;
            continue;
        }
        jl_value_t *s = jl_array_ptr_ref(src->code, i);
        jl_value_t *ty = jl_array_ptr_ref(types, i);
        int32_t loc = ((int32_t *)jl_array_data(src->codelocs))[i];
        if (jl_is_gotonode(s) || jl_is_gotoifnot(s)) {
            jl_value_t *ns = s;
            if (jl_is_gotoifnot(s)) {
                jl_gotoifnot_t *g = (jl_gotoifnot_t *)s;
                jl_value_t *c = map_operand(g->cond, vmap), *cv = NULL;
                jl_value_t *ct = operand_type(out, c);
                /* inference reached exactly one successor: the condition is a Bool always going there
                   (neither: it is not a Bool, and the branch must throw its TypeError) */
                size_t d = (size_t)g->dest - 1;
                int rd = d >= n || reached[d], rf = i + 1 >= n || reached[i + 1];
                if ((jl_is_infer_const(ct) && (cv = jl_infer_const_val(ct)) == jl_true) || (rf && !rd))
                    ns = jl_nothing; /* always falls through */
                else if ((jl_is_infer_const(ct) && cv == jl_false) || (rd && !rf))
                    ns = new_goto(g->dest);
                else
                    ns = new_gotoifnot(c, g->dest);
            }
            else
                ns = new_goto(((jl_gotonode_t *)s)->label);
            if (ns == jl_nothing)
                ns = NULL;
            size_t k = ir_push(out, ns, ty, loc, NULL);
            if (ns)
                fix[nfix++] = k;
            continue;
        }
        if (jl_is_returnnode(s)) {
            ir_push(out, new_return(map_operand(((jl_returnnode_t *)s)->val, vmap)), ty, loc, NULL);
            continue;
        }
        if (jl_is_newvarnode(s)) {
            ir_push(out, s, ty, loc, NULL);
            continue;
        }
        if (is_head(s, jl_s_meta)) {
            ir_push(out, NULL, (jl_value_t *)jl_nothing_type, loc, NULL);
            continue;
        }
        if (is_head(s, jl_s_enter)) {
            fix[nfix++] = ir_push(out, (jl_value_t *)copy_expr_shallow((jl_expr_t *)s), ty, loc, NULL);
            continue;
        }
        jl_value_t *ns = map_operand(s, vmap);
        resolve_foreigncall_types(o, ns);
        jl_expr_t *call = stmt_call(ns);
        jl_value_t *cv = callees ? callees[i] : NULL;
        jl_svec_t *split = cv && jl_is_svec(cv) ? (jl_svec_t *)cv : NULL;
        jl_method_instance_t *callee = split ? NULL : (jl_method_instance_t *)cv;
        jl_expr_t *flat = call ? flatten_apply(o, call, loc) : NULL;
        if (flat != NULL) {
            ns = call == (jl_expr_t *)ns ? (jl_value_t *)flat : (jl_value_t *)jl_expr(jl_s_assign, 2, jl_exprarg(ns, 0), flat);
            call = flat;
            if (callee && !invoke_args_ok(o, callee, call))
                callee = NULL;
        }
        else if (call && call->head == jl_s_call && jl_infer_operand_const(jl_exprarg(call, 0), &cv0) &&
                 cv0 == jl_builtin__apply_iterate)
            callee = NULL; /* a splat that stays dynamic */
        jl_code_info_t *csrc = NULL;
        if (callee && call && call->head == jl_s_call) {
            /* the body specialized on the call's constant arguments folds what the general one cannot */
            jl_value_t *cc = constcode ? constcode[i] : NULL;
            if (cc && jl_is_code_info(cc) && callee != o->mi && !jl_infer_in_progress(callee))
                csrc = inline_ok((jl_code_info_t *)cc, callee);
            if (csrc == NULL)
                csrc = inline_candidate(o, callee);
        }
        if (csrc == NULL && callee && has_union_param(callee))
            callee = NULL; /* inferred for a union-split call only to be inlined (infer.c) */
        if (csrc) {
            jl_value_t *v = inline_call(o, csrc, callee, call, 0, loc);
            if (call != (jl_expr_t *)ns) /* slot = call */
                v = (jl_value_t *)jl_expr(jl_s_assign, 2, jl_exprarg(ns, 0), v);
            vmap[i] = ir_push(out, v, ty, loc, NULL);
        }
        else if (split && flat == NULL && call && call->head == jl_s_call) {
            jl_value_t *v = split_call(o, split, call, ty, loc);
            if (call != (jl_expr_t *)ns)
                v = (jl_value_t *)jl_expr(jl_s_assign, 2, jl_exprarg(ns, 0), v);
            vmap[i] = ir_push(out, v, ty, loc, NULL);
        }
        else {
            if (callee && call && call->head == jl_s_call) {
                jl_expr_t *inv = jl_exprn(jl_s_invoke, jl_expr_nargs(call) + 1);
                jl_exprargset(inv, 0, callee);
                for (size_t a = 0; a < jl_expr_nargs(call); a++)
                    jl_exprargset(inv, a + 1, jl_exprarg(call, a));
                ns = call == (jl_expr_t *)ns ? (jl_value_t *)inv
                                             : (jl_value_t *)jl_expr(jl_s_assign, 2, jl_exprarg(ns, 0), inv);
            }
            vmap[i] = ir_push(out, ns, ty, loc, callee ? (jl_value_t *)callee : NULL);
        }
        if (ty == jl_bottom_type && !is_head(s, jl_s_enter))
            ir_push(out, new_return(NULL), jl_bottom_type, loc, NULL);
    }
    o->frugal = frugal;
    first[n] = out->n;
    /* caller labels: old statement -> the first new statement of its region */
    for (size_t f = 0; f < nfix; f++) {
        jl_value_t *s = out->stmts[fix[f]];
        if (jl_is_gotonode(s))
            ((jl_gotonode_t *)s)->label = (intptr_t)first[((jl_gotonode_t *)s)->label - 1] + 1;
        else if (jl_is_gotoifnot(s))
            ((jl_gotoifnot_t *)s)->dest = (intptr_t)first[((jl_gotoifnot_t *)s)->dest - 1] + 1;
        else
            jl_exprargset(s, 0, jl_box_int64((int64_t)first[jl_unbox_int64(jl_exprarg(s, 0)) - 1] + 1));
    }
}

/* ---------------------------------------------------------------- boundscheck */

static void boundscheck_pass(opt_t *o)
{
    int cb = jl_options.check_bounds;
    int depth = 0;
    uint8_t stack[256];
    ir_t *ir = &o->out;
    for (size_t k = 0; k < ir->n; k++) {
        jl_value_t *s = ir->stmts[k];
        if (is_head(s, jl_s_inbounds) && jl_expr_nargs(s) == 1) {
            jl_value_t *a = jl_exprarg(s, 0);
            if (jl_is_symbol(a) && !strcmp(jl_symbol_name((jl_sym_t *)a), "pop"))
                depth = depth > 0 ? depth - 1 : 0;
            else if (depth < 256)
                stack[depth++] = a == jl_true;
            continue;
        }
        jl_value_t *rhs = is_head(s, jl_s_assign) ? jl_exprarg(s, 1) : s;
        if (!is_head(rhs, jl_s_boundscheck))
            continue;
        if (o->ci->propagate_inbounds && cb == JL_OPTIONS_CHECK_BOUNDS_DEFAULT)
            continue;
        int inb = depth > 0 && stack[depth - 1];
        /* a check of this method's own, outside its @inbounds regions, is left to a caller that
           inlines it (its call site may be @inbounds, as in Julia); compiled as is, it checks */
        if (!inb && !ir->spliced[k] && cb == JL_OPTIONS_CHECK_BOUNDS_DEFAULT)
            continue;
        jl_value_t *v = cb == JL_OPTIONS_CHECK_BOUNDS_ON ? jl_true
                        : cb == JL_OPTIONS_CHECK_BOUNDS_OFF ? jl_false
                        : (inb ? jl_false : jl_true);
        if (rhs == s)
            ir->stmts[k] = v;
        else
            jl_exprargset(s, 1, v);
        ir->types[k] = jl_infer_const(v);
    }
}

/* ---------------------------------------------------------------- constant folding */

static jl_value_t *const_operand(ir_t *ir, jl_value_t *x, int *isconst)
{
    jl_value_t *v;
    *isconst = 0;
    if (jl_is_ssavalue(x)) {
        jl_value_t *t = ir->types[((jl_ssavalue_t *)x)->id - 1];
        if (jl_is_infer_const(t)) {
            *isconst = 1;
            return jl_infer_const_val(t);
        }
        return NULL;
    }
    if (jl_infer_operand_const(x, &v)) {
        *isconst = 1;
        return v;
    }
    return NULL;
}

/* uses of SSA values inference proved constant become the constant */
static jl_value_t *subst_consts(ir_t *ir, jl_value_t *x)
{
    int c;
    if (jl_is_ssavalue(x)) {
        jl_value_t *v = const_operand(ir, x, &c);
        if (c)
            return quote_const(v);
        jl_value_t *def = ir->stmts[((jl_ssavalue_t *)x)->id - 1];
        return def && jl_is_ssavalue(def) ? subst_consts(ir, def) : x; /* copy propagation */
    }
    if (jl_is_expr(x)) {
        jl_expr_t *e = (jl_expr_t *)x;
        if (e->head == jl_s_static_parameter)
            return x;
        for (size_t i = 0; i < jl_expr_nargs(e); i++)
            jl_exprargset(e, i, subst_consts(ir, jl_exprarg(e, i)));
    }
    return x;
}

static int pure_call_target(jl_value_t *f)
{
    return jl_infer_is_pure_intrinsic(f) || (jl_infer_is_pure_builtin(f) && f != jl_builtin_getfield);
}


static int slot_never_assigned(opt_t *o, jl_value_t *x)
{
    size_t k = (size_t)((jl_slotnumber_t *)x)->id - 1;
    jl_array_t *fl = o->ci->slotflags;
    return k < jl_array_len(fl) && !(((uint8_t *)jl_array_data(fl))[k] & JL_SLOT_ASSIGNED);
}

/* `getfield(x, i)` with x an SSA value built here by `tuple(...)` or `new(T, ...)` of an immutable
   T: the field's operand itself (when it still holds that value: not a reassigned slot), else NULL.
   The aggregate then usually becomes dead (scalar replacement of the common splat/tuple shapes). */
static jl_value_t *forward_field(opt_t *o, jl_expr_t *e)
{
    jl_value_t *f, *x, *idx, *T;
    if (jl_expr_nargs(e) != 3 || !jl_infer_operand_const(jl_exprarg(e, 0), &f) || f != jl_builtin_getfield)
        return NULL;
    x = jl_exprarg(e, 1);
    if (!jl_is_ssavalue(x) || !jl_infer_operand_const(jl_exprarg(e, 2), &idx))
        return NULL;
    jl_value_t *def = o->out.stmts[((jl_ssavalue_t *)x)->id - 1];
    if (!jl_is_expr(def))
        return NULL;
    jl_expr_t *d = (jl_expr_t *)def;
    size_t first;
    jl_datatype_t *dt;
    if (d->head == jl_s_call && jl_expr_nargs(d) >= 1 && jl_infer_operand_const(jl_exprarg(d, 0), &f) &&
        f == jl_builtin_tuple) {
        first = 1;
        dt = NULL;
    }
    else if (d->head == jl_s_new && jl_expr_nargs(d) >= 1 && jl_infer_operand_const(jl_exprarg(d, 0), &T) &&
             jl_is_datatype(T) && !((jl_datatype_t *)T)->name->mutabl && ((jl_datatype_t *)T)->types != NULL) {
        first = 1;
        dt = (jl_datatype_t *)T;
    }
    else
        return NULL;
    intptr_t i;
    if (jl_is_int64(idx))
        i = (intptr_t)jl_unbox_int64(idx) - 1;
    else if (jl_is_symbol(idx) && dt != NULL)
        i = jl_field_index(dt, (jl_sym_t *)idx, 0);
    else
        return NULL;
    if (i < 0 || (size_t)i + first >= jl_expr_nargs(d))
        return NULL;
    jl_value_t *a = jl_exprarg(d, (size_t)i + first);
    if (dt != NULL && !jl_infer_le(operand_type(&o->out, a), jl_svecref(dt->types, (size_t)i)))
        return NULL; /* `new` converts nothing, but keep the field's declared type exact */
    if ((jl_is_slotnumber(a) || jl_typeis(a, jl_argument_type)) && !slot_never_assigned(o, a))
        return NULL;
    if (jl_is_expr(a))
        return NULL;
    return a;
}

/* statement k (a value or an assignment of one) computes v instead */
static void set_value(ir_t *ir, size_t k, jl_value_t *v)
{
    jl_value_t *s = ir->stmts[k];
    if (is_head(s, jl_s_assign))
        jl_exprargset(s, 1, v);
    else
        ir->stmts[k] = v;
}

/* statement k, call e, is a Core._typevar inference folded to a constant TypeVar */
static int folded_typevar(ir_t *ir, size_t k, jl_expr_t *e)
{
    jl_value_t *f;
    return jl_is_infer_const(ir->types[k]) && jl_is_tvar(jl_infer_const_val(ir->types[k])) &&
           jl_expr_nargs(e) > 0 && jl_infer_operand_const(jl_exprarg(e, 0), &f) && jl_is_builtin(f) &&
           !strcmp(jl_builtin_name(f), "_typevar");
}

static void fold_pass(opt_t *o)
{
    ir_t *ir = &o->out;
    for (size_t k = 0; k < ir->n; k++) {
        jl_value_t *s = ir->stmts[k];
        if (s == NULL)
            continue;
        if (jl_is_gotoifnot(s)) {
            jl_gotoifnot_t *g = (jl_gotoifnot_t *)s;
            int c;
            jl_value_t *v = const_operand(ir, g->cond, &c);
            if (c && v == jl_true)
                ir->stmts[k] = NULL;
            else if (c && v == jl_false)
                ir->stmts[k] = new_goto(g->dest);
            continue;
        }
        if (jl_is_returnnode(s)) {
            if (((jl_returnnode_t *)s)->val)
                ((jl_returnnode_t *)s)->val = subst_consts(ir, ((jl_returnnode_t *)s)->val);
            continue;
        }
        if (!jl_is_expr(s) && !jl_is_ssavalue(s))
            continue;
        if (is_head(s, jl_s_enter) || is_head(s, jl_s_leave))
            continue;
        s = ir->stmts[k] = subst_consts(ir, s);
        jl_value_t *cv;
        if (!jl_is_expr(s) && !jl_is_ssavalue(s) && jl_infer_operand_const(s, &cv)) {
            ir->types[k] = jl_infer_const(cv);
            continue;
        }
        jl_value_t *rhs = is_head(s, jl_s_assign) ? jl_exprarg(s, 1) : s;
        if (!is_head(rhs, jl_s_call))
            continue;
        jl_expr_t *e = (jl_expr_t *)rhs;
        if (folded_typevar(ir, k, e)) {
            /* types inference built from this TypeVar hold the folded one: so must the ones the
               program builds at run time (`Tuple{Vector{S}, Val{i}} where S`) */
            set_value(ir, k, quote_const(jl_infer_const_val(ir->types[k])));
            continue;
        }
        jl_value_t *fwd = forward_field(o, e);
        if (fwd != NULL) {
            set_value(ir, k, fwd);
            if (jl_infer_operand_const(fwd, &cv))
                ir->types[k] = jl_infer_const(cv);
            continue;
        }
        size_t n = jl_expr_nargs(e);
        jl_value_t *args[n];
        int allc = 1, c;
        for (size_t i = 0; i < n && allc; i++) {
            args[i] = const_operand(ir, jl_exprarg(e, i), &c);
            allc = c;
        }
        if (!allc) {
            /* a pure call inference proved constant (e.g. fieldtype(T, f) with a constant f) */
            jl_value_t *f0;
            if (jl_is_infer_const(ir->types[k]) && jl_infer_operand_const(jl_exprarg(e, 0), &f0) &&
                pure_call_target(f0))
                set_value(ir, k, quote_const(jl_infer_const_val(ir->types[k])));
            continue;
        }
        int immut_get = args[0] == jl_builtin_getfield && n >= 3 && !jl_is_module(args[1]) &&
                        !((jl_datatype_t *)jl_typeof(args[1]))->name->mutabl;
        if (!pure_call_target(args[0]) && !immut_get)
            continue;
        jl_value_t *res = jl_fold_builtin(args, n);
        if (res == NULL)
            continue;
        set_value(ir, k, quote_const(res));
        ir->types[k] = jl_infer_const(res);
    }
}

/* statements no path from the entry reaches become NULL */
static void reachability_pass(ir_t *ir)
{
    uint8_t *seen = (uint8_t *)memset(jl_gc_alloc_buf_atomic(ir->n + 1), 0, ir->n + 1);
    size_t *work = (size_t *)jl_gc_alloc_buf_atomic((ir->n + 1) * sizeof(size_t) * 2);
    size_t nw = 0;
    if (ir->n)
        work[nw++] = 0;
    while (nw > 0) {
        size_t pc = work[--nw];
        for (; pc < ir->n && !seen[pc]; pc++) {
            seen[pc] = 1;
            jl_value_t *s = ir->stmts[pc];
            if (s == NULL)
                continue;
            if (jl_is_gotonode(s)) {
                work[nw++] = (size_t)((jl_gotonode_t *)s)->label - 1;
                break;
            }
            if (jl_is_gotoifnot(s))
                work[nw++] = (size_t)((jl_gotoifnot_t *)s)->dest - 1;
            if (is_head(s, jl_s_enter))
                work[nw++] = (size_t)jl_unbox_int64(jl_exprarg(s, 0)) - 1;
            if (jl_is_returnnode(s))
                break;
        }
    }
    for (size_t k = 0; k < ir->n; k++)
        if (!seen[k])
            ir->stmts[k] = NULL;
}

/* ---------------------------------------------------------------- dead code */

static void count_uses(jl_value_t *x, uint32_t *uses)
{
    if (x == NULL)
        return;
    if (jl_is_ssavalue(x))
        uses[((jl_ssavalue_t *)x)->id - 1]++;
    else if (jl_is_expr(x))
        for (size_t i = 0; i < jl_expr_nargs(x); i++)
            count_uses(jl_exprarg(x, i), uses);
    else if (jl_is_gotoifnot(x))
        count_uses(((jl_gotoifnot_t *)x)->cond, uses);
    else if (jl_is_returnnode(x))
        count_uses(((jl_returnnode_t *)x)->val, uses);
}

/* reads of each slot (an assignment's target is not a read) */
static void count_slot_reads(jl_value_t *x, uint32_t *reads)
{
    if (x == NULL)
        return;
    if (jl_is_slotnumber(x) || jl_typeis(x, jl_argument_type))
        reads[((jl_slotnumber_t *)x)->id - 1]++;
    else if (is_head(x, jl_s_assign))
        count_slot_reads(jl_exprarg(x, 1), reads);
    else if (jl_is_expr(x))
        for (size_t i = 0; i < jl_expr_nargs(x); i++)
            count_slot_reads(jl_exprarg(x, i), reads);
    else if (jl_is_gotoifnot(x))
        count_slot_reads(((jl_gotoifnot_t *)x)->cond, reads);
    else if (jl_is_returnnode(x))
        count_slot_reads(((jl_returnnode_t *)x)->val, reads);
}

static int nothrow_intrinsic(jl_value_t *f, jl_expr_t *e, ir_t *ir)
{
    const char *nm = jl_intrinsic_name(jl_intrinsic_id(f));
    if (strstr(nm, "div") || strstr(nm, "rem") || !strncmp(nm, "checked_", 8) || !jl_infer_is_pure_intrinsic(f))
        return 0;
    for (size_t i = 1; i < jl_expr_nargs(e); i++) {
        jl_value_t *a = jl_exprarg(e, i), *t;
        int c;
        jl_value_t *v = const_operand(ir, a, &c);
        t = c ? jl_typeof(v) : jl_is_ssavalue(a) ? jl_widenconst(ir->types[((jl_ssavalue_t *)a)->id - 1]) : NULL;
        if (t == NULL || !jl_is_datatype(t) || !((jl_datatype_t *)t)->isprimitivetype)
            return 0;
    }
    return 1;
}

/* getfield(x, i) of a constant in-range index on a tuple or immutable struct of known type */
static int getfield_nothrow(opt_t *o, jl_expr_t *e)
{
    jl_value_t *idx;
    if (jl_expr_nargs(e) != 3 || !jl_infer_operand_const(jl_exprarg(e, 2), &idx))
        return 0;
    jl_value_t *t = jl_widenconst(splat_operand_type(o, jl_exprarg(e, 1)));
    if (!jl_is_datatype(t) || !((jl_datatype_t *)t)->isconcretetype || ((jl_datatype_t *)t)->name->mutabl ||
        ((jl_datatype_t *)t)->layout == NULL)
        return 0;
    jl_datatype_t *dt = (jl_datatype_t *)t;
    size_t nf = dt->layout->nfields;
    if (jl_is_int64(idx))
        return jl_unbox_int64(idx) >= 1 && (size_t)jl_unbox_int64(idx) <= nf;
    return jl_is_symbol(idx) && jl_field_index(dt, (jl_sym_t *)idx, 0) >= 0;
}

/* the type of operand x if reading it cannot throw (a slot that may be undefined can), else NULL */
static jl_value_t *nothrow_operand_type(opt_t *o, jl_value_t *x)
{
    if (jl_is_slotnumber(x) &&
        (((uint8_t *)jl_array_data(o->ci->slotflags))[((jl_slotnumber_t *)x)->id - 1] & JL_SLOT_USEDUNDEF))
        return NULL;
    if (jl_is_expr(x))
        return NULL;
    return jl_widenconst(splat_operand_type(o, x));
}

/* `new(T, args...)` / `splatnew(T, tuple)` of a concrete struct whose fields all get values of their
   declared types: allocates and nothing else (`new` converts nothing, so a mismatch would throw) */
static int new_nothrow(opt_t *o, jl_expr_t *e)
{
    jl_value_t *T;
    size_t na = jl_expr_nargs(e);
    if (na < 1 || !jl_infer_operand_const(jl_exprarg(e, 0), &T) || !jl_is_datatype(T))
        return 0;
    jl_datatype_t *dt = (jl_datatype_t *)T;
    if (!dt->isconcretetype || dt->types == NULL || dt->layout == NULL || jl_is_tuple_type(T))
        return 0;
    size_t nf = jl_svec_len(dt->types);
    if (e->head == jl_s_splatnew) {
        jl_value_t *tt = na == 2 ? nothrow_operand_type(o, jl_exprarg(e, 1)) : NULL;
        if (tt == NULL || !jl_is_tuple_type(tt) || !((jl_datatype_t *)tt)->isconcretetype ||
            jl_svec_len(((jl_datatype_t *)tt)->parameters) != nf)
            return 0;
        for (size_t i = 0; i < nf; i++)
            if (!jl_subtype(jl_svecref(((jl_datatype_t *)tt)->parameters, i), jl_svecref(dt->types, i)))
                return 0;
        return 1;
    }
    if (na - 1 != nf)
        return 0;
    for (size_t i = 0; i < nf; i++) {
        jl_value_t *t = nothrow_operand_type(o, jl_exprarg(e, i + 1));
        if (t == NULL || !jl_subtype(t, jl_svecref(dt->types, i)))
            return 0;
    }
    return 1;
}

/* a pure builtin of constant arguments that inference folded to a constant (so it does not throw) */
static int folded_builtin(jl_value_t *f, jl_expr_t *e, jl_value_t *rt)
{
    jl_value_t *v;
    if (!jl_is_infer_const(rt) || !jl_infer_is_pure_builtin(f))
        return 0;
    for (size_t i = 1; i < jl_expr_nargs(e); i++)
        if (!jl_infer_operand_const(jl_exprarg(e, i), &v))
            return 0;
    return 1;
}

/* may statement s (whose value is unused) be deleted? */
static int removable(opt_t *o, ir_t *ir, size_t k)
{
    jl_value_t *s = ir->stmts[k], *v;
    if (jl_is_ssavalue(s) || jl_is_quotenode(s))
        return 1;
    if (jl_is_slotnumber(s)) {
        uint8_t fl = ((uint8_t *)jl_array_data(o->ci->slotflags))[((jl_slotnumber_t *)s)->id - 1];
        return !(fl & JL_SLOT_USEDUNDEF);
    }
    if (jl_is_globalref(s))
        return jl_infer_operand_const(s, &v);
    if (jl_is_gotonode(s) || jl_is_gotoifnot(s) || jl_is_returnnode(s) || jl_is_newvarnode(s))
        return 0;
    if (!jl_is_expr(s))
        return 1; /* a literal */
    jl_expr_t *e = (jl_expr_t *)s;
    if (e->head == jl_s_boundscheck || e->head == jl_s_meta || e->head == jl_symbol("loopinfo") ||
        e->head == jl_symbol("code_coverage_effect") || e->head == jl_symbol("aliasscope") ||
        e->head == jl_symbol("popaliasscope"))
        return 1;
    if (e->head == jl_s_inbounds)
        return !o->ci->propagate_inbounds;
    if (e->head == jl_s_new || e->head == jl_s_splatnew)
        return new_nothrow(o, e);
    if (e->head != jl_s_call || ir->types[k] == jl_bottom_type || jl_expr_nargs(e) == 0)
        return 0;
    if (!jl_infer_operand_const(jl_exprarg(e, 0), &v))
        return 0;
    if (jl_is_intrinsic(v))
        return nothrow_intrinsic(v, e, ir);
    if (jl_is_infer_const(ir->types[k]) &&
        (v == (jl_value_t *)jl_unionall_type || v == jl_builtin_apply_type ||
         (jl_is_builtin(v) && !strcmp(jl_builtin_name(v), "_typevar"))))
        return 1; /* folded type construction (`Matrix{<:Real}`) */
    if (jl_is_builtin(v) && folded_builtin(v, e, ir->types[k]))
        return 1;
    return v == jl_builtin_tuple || v == jl_builtin_is || v == jl_builtin_typeof || v == jl_builtin_svec ||
           (v == jl_builtin_isa && jl_is_infer_const(ir->types[k])) ||
           (v == jl_builtin_getfield && getfield_nothrow(o, e));
}

static void dce_pass(opt_t *o)
{
    ir_t *ir = &o->out;
    uint32_t *uses = (uint32_t *)jl_gc_alloc_buf_atomic((ir->n + 1) * sizeof(uint32_t));
    for (int changed = 1; changed;) {
        changed = 0;
        memset(uses, 0, (ir->n + 1) * sizeof(uint32_t));
        for (size_t k = 0; k < ir->n; k++)
            count_uses(ir->stmts[k], uses);
        size_t ns = jl_array_len(o->ci->slotnames);
        uint32_t reads[ns + 1];
        memset(reads, 0, (ns + 1) * sizeof(uint32_t));
        for (size_t k = 0; k < ir->n; k++)
            count_slot_reads(ir->stmts[k], reads);
        for (size_t k = ir->n; k-- > 0;) {
            jl_value_t *s = ir->stmts[k];
            if (is_head(s, jl_s_assign) && jl_is_slotnumber(jl_exprarg(s, 0)) &&
                reads[((jl_slotnumber_t *)jl_exprarg(s, 0))->id - 1] == 0) {
                ir->stmts[k] = jl_exprarg(s, 1); /* a store nobody reads: keep only the value's effects */
                changed = 1;
            }
            if (ir->stmts[k] == NULL || uses[k] || !removable(o, ir, k))
                continue;
            ir->stmts[k] = NULL;
            changed = 1;
        }
    }
}

/* ---------------------------------------------------------------- compaction */

static jl_value_t *renumber(jl_value_t *x, size_t *newidx)
{
    if (x == NULL)
        return NULL;
    if (jl_is_ssavalue(x))
        return new_ssa(newidx[((jl_ssavalue_t *)x)->id - 1] + 1);
    if (jl_is_expr(x) && ((jl_expr_t *)x)->head != jl_s_static_parameter) {
        jl_expr_t *e = (jl_expr_t *)x;
        for (size_t i = 0; i < jl_expr_nargs(e); i++)
            jl_exprargset(e, i, renumber(jl_exprarg(e, i), newidx));
    }
    return x;
}

static void compact(opt_t *o)
{
    ir_t *ir = &o->out;
    size_t *newidx = (size_t *)jl_gc_alloc_buf_atomic((ir->n + 1) * sizeof(size_t));
    size_t m = 0;
    for (size_t k = 0; k < ir->n; k++) {
        newidx[k] = m;
        if (ir->stmts[k])
            m++;
    }
    newidx[ir->n] = m;
    ir_t out;
    ir_init(&out, m + 1);
    for (size_t k = 0; k < ir->n; k++) {
        jl_value_t *s = ir->stmts[k];
        if (s == NULL)
            continue;
        if (jl_is_gotonode(s))
            s = new_goto((intptr_t)newidx[((jl_gotonode_t *)s)->label - 1] + 1);
        else if (jl_is_gotoifnot(s))
            s = new_gotoifnot(renumber(((jl_gotoifnot_t *)s)->cond, newidx),
                              (intptr_t)newidx[((jl_gotoifnot_t *)s)->dest - 1] + 1);
        else if (jl_is_returnnode(s))
            s = new_return(renumber(((jl_returnnode_t *)s)->val, newidx));
        else if (is_head(s, jl_s_enter))
            jl_exprargset(s, 0, jl_box_int64((int64_t)newidx[jl_unbox_int64(jl_exprarg(s, 0)) - 1] + 1));
        else
            s = renumber(s, newidx);
        ir_push(&out, s, ir->types[k], ir->locs[k], ir->callees[k]);
    }
    /* a goto to the next statement is a no-op only when nothing else changes: keep it simple */
    *ir = out;
}

/* ---------------------------------------------------------------- cost model and the driver */

static uint16_t inlining_cost(ir_t *ir)
{
    size_t cost = 0;
    for (size_t k = 0; k < ir->n; k++) {
        jl_value_t *s = ir->stmts[k], *f;
        if (is_head(s, jl_s_assign))
            s = jl_exprarg(s, 1);
        if (jl_is_gotonode(s) && (size_t)((jl_gotonode_t *)s)->label <= k + 1)
            cost += 40; /* a loop */
        else if (jl_is_gotoifnot(s) || jl_is_gotonode(s))
            cost += 1;
        else if (is_head(s, jl_s_invoke) || is_head(s, jl_s_foreigncall))
            cost += ir->types[k] == jl_bottom_type ? 0 : 20; /* a call that only throws is an error path
                                                              (as Julia): it must not block inlining */
        else if (is_head(s, jl_s_new))
            cost += 4;
        else if (is_head(s, jl_s_call)) {
            if (jl_infer_operand_const(jl_exprarg(s, 0), &f) && jl_is_builtin(f))
                cost += (f == jl_builtin__apply_iterate) ? 40 : 1;
            else
                cost += 40;
        }
    }
    return cost > 0xfffe ? 0xfffe : (uint16_t)cost;
}

static jl_code_info_t *optimize_once(jl_method_instance_t *mi, jl_code_info_t *src, jl_value_t **callees,
                                     jl_value_t **constcode, const uint8_t *reached, int frugal, int *spared)
{
    opt_t o;
    o.mi = mi;
    o.ci = src;
    o.frugal = frugal;
    o.spared = 0;
    /* slot tables grow with inlining: give the copy its own */
    jl_array_t *names = jl_alloc_vec_any(0);
    for (size_t i = 0; i < jl_array_len(src->slotnames); i++)
        jl_array_ptr_1d_push(names, jl_array_ptr_ref(src->slotnames, i));
    src->slotnames = names;
    jl_array_t *flags = jl_alloc_array_1d((jl_value_t *)jl_array_uint8_type, jl_array_len(src->slotflags));
    memcpy(jl_array_data(flags), jl_array_data(src->slotflags), jl_array_len(src->slotflags));
    src->slotflags = flags;
    if (jl_is_array(src->linetable)) {
        jl_array_t *lt = jl_alloc_vec_any(0);
        for (size_t i = 0; i < jl_array_len(src->linetable); i++)
            jl_array_ptr_1d_push(lt, jl_array_ptr_ref(src->linetable, i));
        src->linetable = (jl_value_t *)lt;
    }
    inline_pass(&o, src, callees, constcode, reached);
    boundscheck_pass(&o);
    fold_pass(&o);
    reachability_pass(&o.out);
    dce_pass(&o);
    compact(&o);
    ir_t *ir = &o.out;
    jl_array_t *code = jl_alloc_vec_any(ir->n), *types = jl_alloc_vec_any(ir->n);
    jl_array_t *locs = jl_alloc_array_1d((jl_value_t *)jl_array_int32_type, ir->n);
    jl_array_t *ssaflags = jl_alloc_array_1d((jl_value_t *)jl_array_uint32_type, ir->n);
    for (size_t k = 0; k < ir->n; k++) {
        jl_array_ptr_set(code, k, ir->stmts[k]);
        jl_array_ptr_set(types, k, ir->types[k] ? ir->types[k] : jl_bottom_type);
        ((int32_t *)jl_array_data(locs))[k] = ir->locs[k];
        ((uint32_t *)jl_array_data(ssaflags))[k] = 0;
    }
    src->code = code;
    src->ssavaluetypes = (jl_value_t *)types;
    src->codelocs = locs;
    src->ssaflags = ssaflags;
    src->inlining_cost = inlining_cost(ir);
    *spared = o.spared;
    return src;
}

/* Compile time of a method grows with the code inlined into it, while inlining a callee called once
   (outside any loop) gains next to nothing when the callee already has native code (the system
   image's, or compiled earlier): such calls stay calls. Not for code that may itself be inlined (its
   calls may then sit in a caller's loop): when the frugal result is cheap enough to inline (and not
   @noinline), the method is optimized again with every inlining. */
jl_code_info_t *jl_optimize_code(jl_method_instance_t *mi, jl_code_info_t *src, jl_value_t **callees,
                                 jl_value_t **constcode, const uint8_t *reached)
{
    int spared = 0;
    if (jl_image_generating() || src->inlining == 1)
        return optimize_once(mi, src, callees, constcode, reached, 0, &spared);
    jl_code_info_t orig = *src;
    jl_array_t *slottypes = jl_is_array(src->slottypes) ? jl_infer_copy_vec((jl_array_t *)src->slottypes) : NULL;
    jl_code_info_t *r = optimize_once(mi, src, callees, constcode, reached, 1, &spared);
    if (spared == 0 || r->inlining_cost > JL_INFER_INLINE_COST || r->inlining == 2)
        return r;
    *src = orig;
    if (slottypes != NULL)
        src->slottypes = (jl_value_t *)slottypes;
    return optimize_once(mi, src, callees, constcode, reached, 0, &spared);
}
