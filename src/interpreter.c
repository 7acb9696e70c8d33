/*
 * interpreter.c -- runs lowered code (docs/ir.md): top-level thunks and method bodies
 * (`jl_fptr_interpret_call`, the invoke pointer dispatch stores on an interpreted CodeInstance).
 *
 * A CodeInfo is first translated to a compact form (one instr_t per statement, operands pre-classified
 * as constant / SSA / slot / global / static parameter), cached per method source; top-level thunks are
 * translated on each run. Slots and SSA values live in one array on the C stack (Boehm scans it).
 * `:enter` runs the protected region in a nested eval_body call under a sigsetjmp handler; `:leave`
 * longjmps back to it with `continue_at` set, so the C recursion always matches the handler chain.
 *
 * Invariants: every statement stores a non-NULL value in its SSA slot; `frame->ip` is the statement
 * running (backtraces read it); the frame chain on the task is restored by every catch.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "iostream.h"
#include "interpreter.h"
#include "builtins.h"

/* Dispatch lives in gf.c; until it is linked these resolve to NULL and calls raise an error. */
#pragma weak jl_apply_generic
#pragma weak jl_invoke
#pragma weak jl_method_def
#pragma weak jl_generic_function_def
#pragma weak jl_toplevel_eval

/* ---------------------------------------------------------------- compact form */

enum { K_CONST, K_SSA, K_SLOT, K_GLOBAL, K_SPARAM, K_EXPR };

typedef struct {
    jl_value_t *v;   /* K_CONST: the value; K_GLOBAL: the GlobalRef; K_EXPR: the Expr */
    int32_t kind;
    int32_t idx;     /* K_SSA, K_SLOT, K_SPARAM: 0-based index */
} operand_t;

enum {
    OP_NOP, OP_VALUE, OP_CALL, OP_INVOKE, OP_NEW, OP_SPLATNEW, OP_GOTO, OP_GOTOIFNOT, OP_RETURN,
    OP_UNREACHABLE, OP_ENTER, OP_LEAVE, OP_POPEXC, OP_THEEXC, OP_NEWVAR, OP_ISDEFINED, OP_GLOBAL,
    OP_CONST, OP_METHOD, OP_FOREIGNCALL, OP_COPYAST, OP_BOUNDSCHECK, OP_TOPLEVEL, OP_ERROR
};
enum { DST_NONE, DST_SLOT, DST_GLOBAL };

typedef struct {
    uint8_t op;
    uint8_t dst;
    uint16_t pad;
    int32_t nargs;
    int32_t label;       /* jump target (0-based), slot of NEWVAR, count of LEAVE */
    int32_t slot;        /* DST_SLOT: destination slot (0-based) */
    operand_t *args;
    jl_value_t *x;       /* the statement's Expr (or other payload) */
    jl_value_t *gdst;    /* DST_GLOBAL: the GlobalRef assigned */
    void *cache;         /* per-site cache (foreigncall) */
} instr_t;

typedef struct _jl_interp_code_t {
    size_t nstmts;
    size_t nslots;
    instr_t *instrs;
    jl_code_info_t *src;
} jl_interp_code_t;

static jl_value_t *new_globalref(jl_module_t *m, jl_sym_t *s)
{
    jl_globalref_t *g = (jl_globalref_t *)jl_gc_alloc(sizeof(jl_globalref_t), (jl_value_t *)jl_globalref_type);
    g->mod = m;
    g->name = s;
    g->binding = NULL;
    return (jl_value_t *)g;
}

static void compile_operand(operand_t *o, jl_value_t *v, jl_module_t *m)
{
    o->v = v;
    o->idx = 0;
    o->kind = K_CONST;
    if (v == NULL)
        return;
    jl_value_t *t = jl_typeof(v);
    if (t == (jl_value_t *)jl_ssavalue_type) {
        o->kind = K_SSA;
        o->idx = (int32_t)((jl_ssavalue_t *)v)->id - 1;
    }
    else if (t == (jl_value_t *)jl_slotnumber_type) {
        o->kind = K_SLOT;
        o->idx = (int32_t)((jl_slotnumber_t *)v)->id - 1;
    }
    else if (t == (jl_value_t *)jl_argument_type) {
        o->kind = K_SLOT;
        o->idx = (int32_t)((jl_argument_t *)v)->n - 1;
    }
    else if (t == (jl_value_t *)jl_globalref_type)
        o->kind = K_GLOBAL;
    else if (t == (jl_value_t *)jl_symbol_type) {
        o->kind = K_GLOBAL;
        o->v = new_globalref(m, (jl_sym_t *)v);
    }
    else if (t == (jl_value_t *)jl_quotenode_type)
        o->v = ((jl_quotenode_t *)v)->value;
    else if (t == (jl_value_t *)jl_expr_type) {
        jl_expr_t *e = (jl_expr_t *)v;
        if (e->head == jl_s_static_parameter && jl_expr_nargs(e) == 1 && jl_is_int64(jl_exprarg(e, 0))) {
            o->kind = K_SPARAM;
            o->idx = (int32_t)jl_unbox_int64(jl_exprarg(e, 0)) - 1;
        }
        else
            o->kind = K_EXPR;
    }
}

static operand_t *compile_operands(jl_value_t **vals, size_t n, jl_module_t *m)
{
    operand_t *ops = (operand_t *)jl_gc_alloc_buf((n ? n : 1) * sizeof(operand_t));
    for (size_t i = 0; i < n; i++)
        compile_operand(&ops[i], vals[i], m);
    return ops;
}

static int is_marker_head(jl_sym_t *h)
{
    static jl_sym_t *names[12];
    if (names[0] == NULL) {
        const char *s[] = {"meta", "inbounds", "loopinfo", "code_coverage_effect", "gc_preserve_begin",
                           "gc_preserve_end", "aliasscope", "popaliasscope", "line", "inline", "noinline",
                           "latestworld"};
        for (int i = 0; i < 12; i++)
            names[i] = jl_symbol(s[i]);
    }
    for (int i = 0; i < 12; i++)
        if (h == names[i])
            return 1;
    return 0;
}

static int is_toplevel_head(jl_sym_t *h)
{
    return h == jl_s_module || h == jl_s_toplevel || h == jl_s_using || h == jl_s_import ||
           h == jl_s_export || h == jl_symbol("public") || h == jl_s_thunk;
}

/* Fill `in` for the right-hand side / statement expression e. */
static void compile_expr(instr_t *in, jl_expr_t *e, jl_module_t *m)
{
    jl_sym_t *h = e->head;
    size_t n = jl_expr_nargs(e);
    jl_value_t **a = jl_array_ptr_data(e->args);
    in->x = (jl_value_t *)e;
    if (h == jl_s_call || h == jl_s_new || h == jl_s_splatnew || h == jl_s_invoke) {
        in->op = h == jl_s_call ? OP_CALL : h == jl_s_new ? OP_NEW : h == jl_s_splatnew ? OP_SPLATNEW : OP_INVOKE;
        in->nargs = (int32_t)n;
        in->args = compile_operands(a, n, m);
        if (n == 0 && in->op != OP_NEW)
            in->op = OP_ERROR;
    }
    else if (h == jl_s_enter) {
        in->op = OP_ENTER;
        in->label = (n >= 1 && jl_is_int64(a[0])) ? (int32_t)jl_unbox_int64(a[0]) - 1 : -1;
    }
    else if (h == jl_s_leave) {
        in->op = OP_LEAVE;
        if (n == 1 && jl_is_int64(a[0]))
            in->label = (int32_t)jl_unbox_int64(a[0]);
        else {
            in->label = 0;
            for (size_t i = 0; i < n; i++)
                in->label += a[i] != jl_nothing;
        }
    }
    else if (h == jl_s_pop_exception) {
        in->op = OP_POPEXC;
        in->nargs = (int32_t)n;
        in->args = compile_operands(a, n, m);
    }
    else if (h == jl_s_the_exception)
        in->op = OP_THEEXC;
    else if (h == jl_s_isdefined)
        in->op = OP_ISDEFINED;
    else if (h == jl_s_global)
        in->op = OP_GLOBAL;
    else if (h == jl_s_const)
        in->op = OP_CONST;
    else if (h == jl_s_method) {
        in->op = OP_METHOD;
        in->nargs = (int32_t)n;
        in->args = compile_operands(a, n, m);
    }
    else if (h == jl_s_foreigncall) {
        in->op = OP_FOREIGNCALL;
        size_t nc = (n >= 3 && jl_is_svec(a[2])) ? jl_svec_len(a[2]) : 0;
        if (n < 5 || 5 + nc > n) {
            in->op = OP_ERROR;
            return;
        }
        in->nargs = (int32_t)(nc + 1);
        in->args = (operand_t *)jl_gc_alloc_buf((nc + 1) * sizeof(operand_t));
        compile_operand(&in->args[0], a[0], m);
        for (size_t i = 0; i < nc; i++)
            compile_operand(&in->args[i + 1], a[5 + i], m);
    }
    else if (h == jl_s_copyast) {
        in->op = OP_COPYAST;
        in->nargs = (int32_t)n;
        in->args = compile_operands(a, n, m);
        if (n != 1)
            in->op = OP_ERROR;
    }
    else if (h == jl_s_boundscheck)
        in->op = OP_BOUNDSCHECK;
    else if (h == jl_s_static_parameter) {
        in->op = OP_VALUE;
        in->nargs = 1;
        in->args = compile_operands((jl_value_t **)&e, 1, m);
    }
    else if (is_marker_head(h))
        in->op = OP_NOP;
    else if (is_toplevel_head(h))
        in->op = OP_TOPLEVEL;
    else
        in->op = OP_ERROR;
}

static jl_interp_code_t *compile_code(jl_code_info_t *src, jl_module_t *m)
{
    size_t n = jl_array_len(src->code);
    jl_interp_code_t *c = (jl_interp_code_t *)jl_gc_alloc_buf(sizeof(jl_interp_code_t));
    c->nstmts = n;
    c->src = src;
    c->nslots = src->slotnames ? jl_array_len(src->slotnames) : 0;
    c->instrs = (instr_t *)jl_gc_alloc_buf((n ? n : 1) * sizeof(instr_t));
    for (size_t i = 0; i < n; i++) {
        instr_t *in = &c->instrs[i];
        jl_value_t *st = jl_array_ptr_ref(src->code, i);
        jl_value_t *t = st ? jl_typeof(st) : NULL;
        in->op = OP_NOP;
        if (st == NULL || t == (jl_value_t *)jl_linenumbernode_type || st == jl_nothing)
            continue;
        if (t == (jl_value_t *)jl_gotonode_type) {
            in->op = OP_GOTO;
            in->label = (int32_t)((jl_gotonode_t *)st)->label - 1;
        }
        else if (t == (jl_value_t *)jl_gotoifnot_type) {
            in->op = OP_GOTOIFNOT;
            in->label = (int32_t)((jl_gotoifnot_t *)st)->dest - 1;
            in->nargs = 1;
            in->args = compile_operands(&((jl_gotoifnot_t *)st)->cond, 1, m);
        }
        else if (t == (jl_value_t *)jl_returnnode_type) {
            jl_value_t *v = ((jl_returnnode_t *)st)->val;
            in->op = v ? OP_RETURN : OP_UNREACHABLE;
            in->nargs = v ? 1 : 0;
            in->args = v ? compile_operands(&v, 1, m) : NULL;
        }
        else if (t == (jl_value_t *)jl_newvarnode_type) {
            jl_value_t *sl = ((jl_newvarnode_t *)st)->slot;
            in->op = OP_NEWVAR;
            in->label = jl_is_slotnumber(sl) ? (int32_t)((jl_slotnumber_t *)sl)->id - 1 : -1;
            if (in->label < 0)
                in->op = OP_NOP;
        }
        else if (t == (jl_value_t *)jl_expr_type && ((jl_expr_t *)st)->head == jl_s_assign &&
                 jl_expr_nargs(st) == 2) {
            jl_value_t *lhs = jl_exprarg(st, 0), *rhs = jl_exprarg(st, 1);
            if (jl_is_slotnumber(lhs)) {
                in->dst = DST_SLOT;
                in->slot = (int32_t)((jl_slotnumber_t *)lhs)->id - 1;
            }
            else {
                in->dst = DST_GLOBAL;
                in->gdst = jl_is_symbol(lhs) ? new_globalref(m, (jl_sym_t *)lhs) : lhs;
            }
            if (rhs && jl_is_expr(rhs))
                compile_expr(in, (jl_expr_t *)rhs, m);
            else {
                in->op = OP_VALUE;
                in->nargs = 1;
                in->args = compile_operands(&rhs, 1, m);
            }
        }
        else if (t == (jl_value_t *)jl_expr_type)
            compile_expr(in, (jl_expr_t *)st, m);
        else {
            in->op = OP_VALUE;
            in->nargs = 1;
            in->args = compile_operands(&st, 1, m);
        }
    }
    return c;
}

/* Cache of compact forms of method sources, keyed by CodeInfo (open addressing; the table is
   uncollectable, so it keeps the sources and their compact forms alive with their methods). */
static jl_code_info_t **cache_keys;
static jl_interp_code_t **cache_vals;
static size_t cache_size, cache_count;

static size_t ptr_hash(void *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (size_t)x;
}

static void cache_insert(jl_code_info_t *k, jl_interp_code_t *v)
{
    if ((cache_count + 1) * 2 > cache_size) {
        size_t oldsize = cache_size;
        jl_code_info_t **ok = cache_keys;
        jl_interp_code_t **ov = cache_vals;
        cache_size = cache_size ? cache_size * 2 : 1024;
        cache_keys = (jl_code_info_t **)jl_gc_alloc_uncollectable(cache_size * sizeof(void *));
        cache_vals = (jl_interp_code_t **)jl_gc_alloc_uncollectable(cache_size * sizeof(void *));
        memset(cache_keys, 0, cache_size * sizeof(void *));
        memset(cache_vals, 0, cache_size * sizeof(void *));
        cache_count = 0;
        for (size_t i = 0; i < oldsize; i++)
            if (ok[i])
                cache_insert(ok[i], ov[i]);
        if (ok) {
            jl_gc_free(ok);
            jl_gc_free(ov);
        }
    }
    size_t mask = cache_size - 1, i = ptr_hash(k) & mask;
    while (cache_keys[i] && cache_keys[i] != k)
        i = (i + 1) & mask;
    if (!cache_keys[i])
        cache_count++;
    cache_keys[i] = k;
    cache_vals[i] = v;
}

static jl_interp_code_t *cached_code(jl_code_info_t *src, jl_module_t *m)
{
    if (cache_size) {
        size_t mask = cache_size - 1, i = ptr_hash(src) & mask;
        while (cache_keys[i]) {
            if (cache_keys[i] == src)
                return cache_vals[i];
            i = (i + 1) & mask;
        }
    }
    jl_interp_code_t *c = compile_code(src, m);
    cache_insert(src, c);
    return c;
}

/* ---------------------------------------------------------------- stack overflow */

static __thread char *stack_limit JL_TLS_IE;
static __thread jl_task_t *stack_limit_task JL_TLS_IE;

JL_DLLEXPORT char *jl_stack_limit;

static void compute_stack_limit(jl_task_t *ct)
{
    char here;
    char *base = ct && ct->stack_base ? (char *)ct->stack_base : &here + 4096;
    size_t size = ct ? ct->stack_size : 0;
    if (size == 0) {
        struct rlimit rl;
        size = 8u << 20;
        if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur > 0)
            size = (size_t)rl.rlim_cur;
        if (size > (size_t)1 << 30)
            size = (size_t)1 << 30;
    }
    size_t reserve = size / 8;
    if (reserve < (256u << 10))
        reserve = 256u << 10;
    if (reserve > (2u << 20))
        reserve = 2u << 20;
    if (reserve > size / 2)
        reserve = size / 2;
    stack_limit = base - size + reserve;
    stack_limit_task = ct;
    jl_stack_limit = stack_limit;
}

/* jl_stack_limit: the lowest address the running task's stack may reach; compiled code compares its
   frame address with it at entry (NULL until the first check computes it: no check) */

JL_DLLEXPORT void jl_throw_stack_overflow(void)
{
    jl_throw(jl_new_struct_uninit(jl_stackovf_exception_type));
}

static inline void check_stack(jl_task_t *ct)
{
    char here;
    if (__builtin_expect(ct != stack_limit_task || stack_limit == NULL, 0))
        compute_stack_limit(ct);
    if (__builtin_expect(&here < stack_limit, 0))
        jl_throw(jl_new_struct_uninit(jl_stackovf_exception_type));
}

JL_DLLEXPORT void jl_check_stack(void)
{
    check_stack(jl_current_task);
}

/* ---------------------------------------------------------------- values */

static JL_NORETURN void undef_slot(jl_interp_frame_t *s, size_t i)
{
    jl_array_t *names = s->src->slotnames;
    jl_sym_t *name = (names && i < jl_array_len(names)) ? (jl_sym_t *)jl_array_ptr_ref(names, i) : jl_symbol("?");
    jl_undefined_var_error(name);
}

static jl_binding_t *globalref_binding(jl_globalref_t *gr)
{
    jl_binding_t *b = (jl_binding_t *)gr->binding;
    if (b && jl_typeis(b, jl_binding_type) && b->value)
        return b;
    b = jl_get_binding(gr->mod, gr->name);
    if (b && b->value)
        gr->binding = (jl_value_t *)b;
    return b;
}

static jl_value_t *eval_global(jl_value_t *g)
{
    jl_globalref_t *gr = (jl_globalref_t *)g;
    jl_binding_t *b = (jl_binding_t *)gr->binding;
    if (__builtin_expect(b != NULL && b->value != NULL && jl_typeis(b, jl_binding_type), 1))
        return b->value;
    b = globalref_binding(gr);
    if (b == NULL || b->value == NULL)
        jl_undefined_var_error(gr->name);
    return b->value;
}

static jl_value_t *eval_sparam(jl_interp_frame_t *s, int32_t i)
{
    if (s->sparams == NULL || i < 0 || (size_t)i >= jl_svec_len(s->sparams))
        jl_error("could not determine static parameter value");
    jl_value_t *sp = jl_svecref(s->sparams, i);
    if (jl_is_tvar(sp))
        jl_undefined_var_error(((jl_tvar_t *)sp)->name);
    return sp;
}

/* A read of a constant global becomes a constant operand (as compiled code inlines constants). */
static jl_value_t *eval_global_operand(operand_t *o)
{
    jl_value_t *v = eval_global(o->v);
    jl_binding_t *b = (jl_binding_t *)((jl_globalref_t *)o->v)->binding;
    if (b && b->constp && b->value == v) {
        o->v = v;
        o->kind = K_CONST;
    }
    return v;
}

static inline jl_value_t *eval_operand(operand_t *o, jl_interp_frame_t *s)
{
    jl_value_t *v;
    switch (o->kind) {
    case K_CONST:
        return o->v;
    case K_SSA:
        v = s->ssa[o->idx];
        if (__builtin_expect(v == NULL, 0))
            jl_error("access to undefined SSA value");
        return v;
    case K_SLOT:
        v = s->slots[o->idx];
        if (__builtin_expect(v == NULL, 0))
            undef_slot(s, (size_t)o->idx);
        return v;
    case K_GLOBAL:
        return eval_global_operand(o);
    case K_SPARAM:
        return eval_sparam(s, o->idx);
    default:
        return jl_interp_eval_expr(o->v, s);
    }
}

static inline int is_builtin(jl_value_t *f)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(f);
    return t->super == jl_builtin_type && t->layout != NULL;
}

static jl_value_t *do_call(jl_value_t **argv, uint32_t n)
{
    jl_value_t *f = argv[0];
    if (is_builtin(f))
        return ((jl_builtin_fn_t *)f)->fptr(f, argv + 1, n - 1);
    if (jl_apply_generic == NULL)
        jl_errorf("cannot call %s: generic function dispatch is not available", jl_typename_str(f));
    return jl_apply_generic(f, argv + 1, n - 1);
}

static jl_value_t *copy_ast(jl_value_t *v)
{
    if (v == NULL || !jl_is_expr(v))
        return v;
    jl_expr_t *e = (jl_expr_t *)v;
    size_t n = jl_expr_nargs(e);
    jl_expr_t *c = jl_exprn(e->head, n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(c, i, copy_ast(jl_exprarg(e, i)));
    return (jl_value_t *)c;
}

static jl_value_t *do_new(jl_value_t **argv, size_t n)
{
    jl_value_t *t = argv[0];
    if (!jl_is_datatype(t) || !((jl_datatype_t *)t)->isconcretetype || ((jl_datatype_t *)t)->layout == NULL)
        jl_type_error("new", (jl_value_t *)jl_datatype_type, t);
    jl_datatype_t *dt = (jl_datatype_t *)t;
    size_t nf = dt->layout->nfields;
    size_t ninit = nf - (size_t)dt->name->n_uninitialized;
    if (n - 1 > nf || ninit > n - 1)
        jl_error("invalid struct allocation");
    for (size_t i = 1; i < n; i++) {
        jl_value_t *ft = jl_svecref(dt->types, i - 1);
        if (ft != (jl_value_t *)jl_any_type && !jl_isa(argv[i], ft))
            jl_type_error("new", ft, argv[i]);
    }
    return jl_new_structv(dt, argv + 1, (uint32_t)(n - 1));
}

static jl_value_t *do_splatnew(jl_value_t *t, jl_value_t *tup)
{
    if (!jl_is_tuple(tup))
        jl_type_error("new", (jl_value_t *)jl_anytuple_type, tup);
    size_t n = jl_datatype_nfields(jl_typeof(tup));
    jl_value_t *argv[n + 1];
    argv[0] = t;
    for (size_t i = 0; i < n; i++)
        argv[i + 1] = jl_get_nth_field(tup, i);
    return do_new(argv, n + 1);
}

/* `x = v` for a global x converts v to x's declared type first (Julia >= 1.8 lowers it to
   `typeassert(convert(get_binding_type(m, :x), v), T)` unless v already isa T), then stores it with
   setglobal!'s checks */
static void checked_assignment(jl_binding_t *b, jl_module_t *m, jl_sym_t *var, jl_value_t *rhs)
{
    jl_value_t *ty = b->ty;
    if (ty && ty != (jl_value_t *)jl_any_type && jl_typeof(rhs) != ty && !jl_isa(rhs, ty) && jl_base_module) {
        jl_value_t *cv = jl_get_global(jl_base_module, jl_symbol("convert"));
        if (cv != NULL) {
            jl_value_t *args[2] = {ty, rhs};
            rhs = jl_apply_generic(cv, args, 2);
            if (!jl_isa(rhs, ty))
                jl_type_error("typeassert", ty, rhs);
        }
    }
    jl_checked_assignment(b, m, var, rhs);
}

static void assign_global(jl_value_t *g, jl_value_t *rhs)
{
    jl_globalref_t *gr = (jl_globalref_t *)g;
    jl_binding_t *b = (jl_binding_t *)gr->binding;
    if (!(b && jl_typeis(b, jl_binding_type) && b->owner == gr->mod)) {
        b = jl_get_binding_wr(gr->mod, gr->name);
        if (b->owner == gr->mod)
            gr->binding = (jl_value_t *)b;
    }
    checked_assignment(b, gr->mod, gr->name, rhs);
}

static void globalref_of(jl_value_t *x, jl_interp_frame_t *s, jl_module_t **m, jl_sym_t **name)
{
    if (jl_is_globalref(x)) {
        *m = ((jl_globalref_t *)x)->mod;
        *name = ((jl_globalref_t *)x)->name;
    }
    else if (jl_is_symbol(x)) {
        *m = s->module;
        *name = (jl_sym_t *)x;
    }
    else
        jl_errorf("invalid declaration: expected a global name, got a %s", jl_typename_str(x));
}

static void declare_const(jl_module_t *m, jl_sym_t *name)
{
    jl_binding_t *b = jl_get_binding_wr(m, name);
    if (b->owner != m || (b->value && !b->constp))
        jl_errorf("cannot declare %s.%s constant; it already has a value", jl_symbol_name(m->name),
                  jl_symbol_name(name));
    b->constp = 1;
}

static jl_value_t *eval_isdefined(jl_value_t *x, jl_interp_frame_t *s)
{
    if (jl_is_slotnumber(x) || jl_typeis(x, jl_argument_type)) {
        intptr_t n = jl_is_slotnumber(x) ? ((jl_slotnumber_t *)x)->id : ((jl_argument_t *)x)->n;
        if (n < 1 || (size_t)n > s->code->nslots)
            jl_error("access to invalid slot number");
        return jl_box_bool(s->slots[n - 1] != NULL);
    }
    if (jl_is_globalref(x) || jl_is_symbol(x)) {
        jl_module_t *m;
        jl_sym_t *name;
        globalref_of(x, s, &m, &name);
        return jl_box_bool(jl_boundp(m, name));
    }
    if (jl_is_expr(x) && ((jl_expr_t *)x)->head == jl_s_static_parameter) {
        intptr_t i = jl_unbox_int64(jl_exprarg(x, 0)) - 1;
        if (s->sparams && i >= 0 && (size_t)i < jl_svec_len(s->sparams))
            return jl_box_bool(!jl_is_tvar(jl_svecref(s->sparams, i)));
        return jl_false;
    }
    return jl_true;
}

static jl_value_t *eval_method(instr_t *in, jl_interp_frame_t *s)
{
    jl_expr_t *e = (jl_expr_t *)in->x;
    jl_value_t *name = jl_exprarg(e, 0);
    if (in->nargs == 1) {
        jl_module_t *m;
        jl_sym_t *sym;
        if (!jl_is_symbol(name) && !jl_is_globalref(name))
            jl_error("method: invalid declaration");
        globalref_of(name, s, &m, &sym);
        if (jl_generic_function_def == NULL)
            jl_error("cannot define a function: generic functions are not available");
        return jl_generic_function_def(sym, m);
    }
    if (in->nargs < 3)
        jl_error("method: invalid declaration");
    jl_methtable_t *mt = NULL;
    if (!jl_is_symbol(name) && !jl_is_globalref(name) && name != jl_nothing && name != jl_false) {
        jl_value_t *f = eval_operand(&in->args[0], s);
        if (jl_is_mtable(f))
            mt = (jl_methtable_t *)f;
    }
    jl_value_t *atypes = eval_operand(&in->args[1], s);
    jl_value_t *meth = eval_operand(&in->args[2], s);
    if (!jl_is_svec(atypes) || !jl_is_code_info(meth))
        jl_error("method: invalid declaration");
    if (jl_method_def == NULL)
        jl_error("cannot define a method: generic functions are not available");
    jl_method_def((jl_svec_t *)atypes, mt, (jl_code_info_t *)meth, s->module);
    return jl_nothing;
}

/* Evaluate one value-producing expression outside the compact form (nested or rare forms, and the
   type arguments of foreigncall). */
JL_DLLEXPORT jl_value_t *jl_interp_eval_expr(jl_value_t *e, jl_interp_frame_t *s)
{
    if (e == NULL)
        return NULL;
    if (!jl_is_expr(e)) {
        operand_t o;
        compile_operand(&o, e, s->module);
        if (o.kind == K_EXPR)
            return o.v;
        return eval_operand(&o, s);
    }
    jl_expr_t *ex = (jl_expr_t *)e;
    jl_sym_t *h = ex->head;
    size_t n = jl_expr_nargs(ex);
    if (h == jl_s_call || h == jl_s_new || h == jl_s_tuple || h == jl_s_splatnew) {
        if (n == 0 && h != jl_s_tuple)
            jl_error("invalid call expression");
        jl_value_t *argv[n ? n : 1];
        for (size_t i = 0; i < n; i++)
            argv[i] = jl_interp_eval_expr(jl_exprarg(ex, i), s);
        if (h == jl_s_tuple)
            return jl_tuplev(n, argv);
        if (h == jl_s_new)
            return do_new(argv, n);
        if (h == jl_s_splatnew)
            return do_splatnew(argv[0], n > 1 ? argv[1] : jl_emptytuple);
        return do_call(argv, (uint32_t)n);
    }
    if (h == jl_s_static_parameter)
        return eval_sparam(s, (int32_t)jl_unbox_int64(jl_exprarg(ex, 0)) - 1);
    if (h == jl_s_boundscheck)
        return jl_options.check_bounds == JL_OPTIONS_CHECK_BOUNDS_OFF ? jl_false : jl_true;
    if (h == jl_s_the_exception)
        return jl_current_exception();
    if (h == jl_s_copyast)
        return copy_ast(jl_interp_eval_expr(jl_exprarg(ex, 0), s));
    if (h == jl_s_isdefined)
        return eval_isdefined(jl_exprarg(ex, 0), s);
    if (is_marker_head(h))
        return jl_nothing;
    jl_errorf("unsupported or misplaced expression \"%s\" in function body", jl_symbol_name(h));
}

/* ---------------------------------------------------------------- the loop */

static jl_value_t *eval_body(jl_interp_frame_t *s, size_t ip);

/* Run the protected region of an `:enter` at ip. Returns 1 when the body returned (*ret), 0 to go on
   at *next (after `:leave`, or at the catch label after a throw). Kept out of eval_body so the
   sigjmp_buf only costs stack in frames that use `try`. */
static __attribute__((noinline)) int eval_try(jl_interp_frame_t *s, size_t ip, size_t catch_ip,
                                              jl_value_t **ret, size_t *next)
{
    jl_handler_t eh;
    jl_enter_handler(&eh);
    if (!sigsetjmp(eh.eh_ctx, 0)) {
        *ret = eval_body(s, ip + 1);
        jl_current_task->eh = eh.prev; /* a return inside the region leaves the handler */
        return 1;
    }
    jl_eh_restore_state(&eh);
    if (s->continue_at) {
        *next = s->continue_at;
        s->continue_at = 0;
    }
    else
        *next = catch_ip;
    return 0;
}

static jl_value_t *eval_body(jl_interp_frame_t *s, size_t ip)
{
    instr_t *code = s->code->instrs;
    size_t nstmts = s->code->nstmts;
    for (;;) {
        if (__builtin_expect(ip >= nstmts, 0))
            jl_error("interpreter: control reached the end of the code");
        instr_t *in = &code[ip];
        jl_value_t *v;
        s->ip = ip;
        switch (in->op) {
        case OP_NOP:
            v = jl_nothing;
            break;
        case OP_VALUE:
            v = eval_operand(&in->args[0], s);
            break;
        case OP_CALL: {
            uint32_t n = (uint32_t)in->nargs;
            jl_value_t *argv[n];
            for (uint32_t i = 0; i < n; i++)
                argv[i] = eval_operand(&in->args[i], s);
            v = do_call(argv, n);
            break;
        }
        case OP_INVOKE: {
            uint32_t n = (uint32_t)in->nargs;
            jl_value_t *argv[n];
            for (uint32_t i = 0; i < n; i++)
                argv[i] = eval_operand(&in->args[i], s);
            if (n >= 2 && jl_invoke && jl_is_method_instance(argv[0]))
                v = jl_invoke(argv[1], argv + 2, n - 2, (jl_method_instance_t *)argv[0]);
            else
                v = do_call(argv + 1, n - 1);
            break;
        }
        case OP_NEW: {
            uint32_t n = (uint32_t)in->nargs;
            jl_value_t *argv[n ? n : 1];
            for (uint32_t i = 0; i < n; i++)
                argv[i] = eval_operand(&in->args[i], s);
            if (n == 0)
                jl_error("invalid struct allocation");
            v = do_new(argv, n);
            break;
        }
        case OP_SPLATNEW:
            if (in->nargs != 2)
                jl_error("invalid splatnew");
            v = do_splatnew(eval_operand(&in->args[0], s), eval_operand(&in->args[1], s));
            break;
        case OP_GOTO:
            ip = (size_t)in->label;
            continue;
        case OP_GOTOIFNOT: {
            jl_value_t *c = eval_operand(&in->args[0], s);
            if (c == jl_false) {
                ip = (size_t)in->label;
                continue;
            }
            if (__builtin_expect(c != jl_true, 0))
                jl_type_error("if", (jl_value_t *)jl_bool_type, c);
            v = jl_nothing;
            break;
        }
        case OP_RETURN:
            return eval_operand(&in->args[0], s);
        case OP_UNREACHABLE:
            jl_error("Reached an unreachable statement");
        case OP_ENTER: {
            jl_value_t *ret;
            size_t next;
            s->ssa[ip] = jl_box_int64((int64_t)jl_excstack_state());
            if (in->label < 0)
                jl_error("invalid :enter");
            if (eval_try(s, ip, (size_t)in->label, &ret, &next))
                return ret;
            ip = next;
            continue;
        }
        case OP_LEAVE: {
            int n = in->label;
            jl_handler_t *eh = jl_current_task->eh;
            if (n <= 0) {
                v = jl_nothing;
                break;
            }
            while (--n > 0 && eh)
                eh = eh->prev;
            if (eh == NULL)
                jl_error("interpreter: :leave without a handler");
            s->continue_at = ip + 1;
            jl_eh_restore_state(eh);
            siglongjmp(eh->eh_ctx, 1);
        }
        case OP_POPEXC: {
            jl_value_t *tok = in->nargs ? eval_operand(&in->args[0], s) : NULL;
            if (tok && jl_is_int64(tok))
                jl_restore_excstack((size_t)jl_unbox_int64(tok));
            v = jl_nothing;
            break;
        }
        case OP_THEEXC:
            v = jl_current_exception();
            if (v == NULL)
                v = jl_nothing;
            break;
        case OP_NEWVAR:
            s->slots[in->label] = NULL;
            v = jl_nothing;
            break;
        case OP_ISDEFINED:
            v = eval_isdefined(jl_exprarg(in->x, 0), s);
            break;
        case OP_GLOBAL:
        case OP_CONST: {
            size_t n = jl_expr_nargs(in->x);
            for (size_t i = 0; i < n; i++) {
                jl_module_t *m;
                jl_sym_t *name;
                globalref_of(jl_exprarg(in->x, i), s, &m, &name);
                if (in->op == OP_CONST)
                    declare_const(m, name);
                else
                    (void)jl_get_binding_wr(m, name);
            }
            v = jl_nothing;
            break;
        }
        case OP_METHOD:
            v = eval_method(in, s);
            break;
        case OP_FOREIGNCALL: {
            size_t n = (size_t)in->nargs - 1;
            jl_value_t *argv[n + 1];
            jl_value_t *fname = eval_operand(&in->args[0], s);
            for (size_t i = 0; i < n; i++)
                argv[i] = eval_operand(&in->args[i + 1], s);
            v = jl_interp_foreigncall((jl_expr_t *)in->x, fname, argv, n, s, &in->cache);
            break;
        }
        case OP_COPYAST:
            v = copy_ast(eval_operand(&in->args[0], s));
            break;
        case OP_BOUNDSCHECK:
            v = jl_options.check_bounds == JL_OPTIONS_CHECK_BOUNDS_OFF ? jl_false : jl_true;
            break;
        case OP_TOPLEVEL:
            if (jl_toplevel_eval == NULL)
                jl_error("top-level evaluation is not available");
            v = jl_toplevel_eval(s->module, in->x);
            break;
        default: {
            jl_value_t *x = in->x;
            if (x && jl_is_expr(x) && (((jl_expr_t *)x)->head == jl_s_error ||
                                       ((jl_expr_t *)x)->head == jl_s_incomplete)) {
                jl_value_t *msg = jl_expr_nargs(x) ? jl_exprarg(x, 0) : NULL;
                jl_errorf("syntax: %s", msg && jl_is_string(msg) ? jl_string_data(msg) : "invalid syntax");
            }
            if (x && jl_is_expr(x))
                jl_errorf("unsupported or misplaced expression \"%s\" in function body",
                          jl_symbol_name(((jl_expr_t *)x)->head));
            jl_error("interpreter: invalid statement");
        }
        }
        s->ssa[ip] = v;
        if (in->dst == DST_SLOT)
            s->slots[in->slot] = v;
        else if (in->dst == DST_GLOBAL)
            assign_global(in->gdst, v);
        ip++;
    }
}

/* ---------------------------------------------------------------- entry points */

#define LOCALS_ON_STACK 4096

static jl_value_t *run_frame(jl_interp_frame_t *f, jl_value_t **locals)
{
    jl_task_t *ct = f->task;
    f->ssa = locals + f->code->nslots;
    f->prev = (jl_interp_frame_t *)ct->interp_frame;
    ct->interp_frame = f;
    jl_value_t *r = eval_body(f, 0);
    ct->interp_frame = f->prev;
    return r;
}

static jl_value_t *run_thunk(jl_interp_frame_t *f)
{
    size_t n = f->code->nslots + f->code->nstmts;
    if (n > LOCALS_ON_STACK) {
        jl_value_t **locals = (jl_value_t **)jl_gc_alloc_buf(n * sizeof(jl_value_t *));
        f->slots = locals;
        return run_frame(f, locals);
    }
    jl_value_t *locals[n ? n : 1];
    memset(locals, 0, sizeof(jl_value_t *) * n);
    f->slots = locals;
    return run_frame(f, locals);
}

JL_DLLEXPORT jl_value_t *jl_interpret_toplevel_thunk(jl_module_t *m, jl_code_info_t *src)
{
    jl_interp_frame_t f;
    memset(&f, 0, sizeof f);
    f.task = jl_current_task;
    check_stack(f.task);
    f.src = src;
    f.module = m;
    f.code = compile_code(src, m);
    return run_thunk(&f);
}

static void fill_args(jl_interp_frame_t *f, jl_method_t *m, jl_value_t *F, jl_value_t **args, uint32_t nargs)
{
    jl_value_t **slots = f->slots;
    size_t nslots = f->code->nslots;
    if (nslots == 0)
        return;
    slots[0] = F;
    size_t mnargs = m->nargs > 0 ? (size_t)m->nargs : nargs + 1;
    if (m->isva && mnargs >= 2) {
        size_t nfixed = mnargs - 2;
        if (nargs < nfixed)
            jl_error("interpreter: too few arguments for varargs method");
        for (size_t i = 0; i < nfixed && i + 1 < nslots; i++)
            slots[i + 1] = args[i];
        if (mnargs - 1 < nslots)
            slots[mnargs - 1] = jl_tuplev(nargs - nfixed, args + nfixed);
    }
    else {
        for (size_t i = 0; i < nargs && i + 1 < nslots; i++)
            slots[i + 1] = args[i];
    }
}

static jl_value_t *run_method(jl_interp_frame_t *f, jl_method_t *m, jl_value_t *F, jl_value_t **args,
                              uint32_t nargs)
{
    size_t n = f->code->nslots + f->code->nstmts;
    if (n > LOCALS_ON_STACK) {
        f->slots = (jl_value_t **)jl_gc_alloc_buf(n * sizeof(jl_value_t *));
        fill_args(f, m, F, args, nargs);
        return run_frame(f, f->slots);
    }
    jl_value_t *locals[n ? n : 1];
    memset(locals, 0, sizeof(jl_value_t *) * n);
    f->slots = locals;
    fill_args(f, m, F, args, nargs);
    return run_frame(f, locals);
}

JL_DLLEXPORT jl_value_t *jl_fptr_interpret_call(jl_value_t *F, jl_value_t **args, uint32_t nargs, jl_code_instance_t *ci)
{
    jl_interp_frame_t f;
    f.task = jl_current_task;
    check_stack(f.task);
    jl_method_instance_t *mi = ci->def;
    jl_method_t *m = (jl_method_t *)mi->def;
    f.code = (jl_interp_code_t *)ci->specptr;
    if (__builtin_expect(f.code == NULL || ci->isspecsig, 0)) {
        if (!jl_is_method(m))
            jl_error("interpreter: CodeInstance of a non-method");
        jl_value_t *src = (jl_value_t *)jl_method_source(m);
        if ((src == NULL || !jl_is_code_info(src) || (m->generator && m->generator != jl_nothing)) &&
            mi->uninferred && jl_is_code_info(mi->uninferred))
            src = mi->uninferred; /* thunks, and @generated methods' code for this specialization */
        if (src == NULL || !jl_is_code_info(src))
            jl_errorf("no code available for method %s", jl_symbol_name(m->name));
        f.code = cached_code((jl_code_info_t *)src, m->module);
        if (!ci->isspecsig)
            ci->specptr = f.code; /* an interpreted CodeInstance keeps its compact form here */
    }
    f.src = f.code->src;
    f.mi = mi;
    f.module = m->module;
    f.sparams = mi->sparam_vals;
    f.ip = 0;
    f.continue_at = 0;
    f.inlined = NULL;
    return run_method(&f, m, F, args, nargs);
}
