/* test_interpreter.c -- the interpreter on hand-built CodeInfos: control flow, slots and globals,
   try/catch/rethrow, stack overflow, backtraces, and ccall. The "builtins" here are test-local C
   functions wrapped as Core.IntrinsicFunction objects, so these tests depend only on the interpreter. */
#include <unistd.h>
#include <math.h>
#include <string.h>
#include <stdlib.h>
#include "testutil.h"
#include "interpreter.h"

/* ---------------------------------------------------------------- helpers */

static jl_value_t *mkbuiltin(jl_fptr_args_t f)
{
    jl_builtin_fn_t *b = (jl_builtin_fn_t *)jl_gc_alloc(sizeof(jl_builtin_fn_t), (jl_value_t *)jl_intrinsic_type);
    b->fptr = f;
    return (jl_value_t *)b;
}

static jl_value_t *b_add(jl_value_t *F, jl_value_t **a, uint32_t n)
{
    return jl_box_int64(jl_unbox_int64(a[0]) + jl_unbox_int64(a[1]));
}
static jl_value_t *b_sub(jl_value_t *F, jl_value_t **a, uint32_t n)
{
    return jl_box_int64(jl_unbox_int64(a[0]) - jl_unbox_int64(a[1]));
}
static jl_value_t *b_lt(jl_value_t *F, jl_value_t **a, uint32_t n)
{
    return jl_box_bool(jl_unbox_int64(a[0]) < jl_unbox_int64(a[1]));
}
static jl_value_t *b_throw(jl_value_t *F, jl_value_t **a, uint32_t n)
{
    jl_throw(a[0]);
}
static jl_value_t *b_error(jl_value_t *F, jl_value_t **a, uint32_t n)
{
    jl_error(jl_string_data(a[0]));
}
static jl_value_t *b_rethrow(jl_value_t *F, jl_value_t **a, uint32_t n)
{
    jl_rethrow();
}
static jl_value_t *b_tuple(jl_value_t *F, jl_value_t **a, uint32_t n)
{
    return jl_tuplev(n, a);
}

static jl_value_t *ADD, *SUB, *LT, *THROW, *ERR, *RETHROW, *TUPLE;

static void setup(void)
{
    jl_test_init();
    ADD = mkbuiltin(b_add);
    SUB = mkbuiltin(b_sub);
    LT = mkbuiltin(b_lt);
    THROW = mkbuiltin(b_throw);
    ERR = mkbuiltin(b_error);
    RETHROW = mkbuiltin(b_rethrow);
    TUPLE = mkbuiltin(b_tuple);
}

static jl_value_t *I(int64_t x) { return jl_box_int64(x); }
static jl_value_t *ssa(int64_t i) { return jl_new_struct(jl_ssavalue_type, I(i)); }
static jl_value_t *slot(int64_t i) { return jl_new_struct(jl_slotnumber_type, I(i)); }
static jl_value_t *go(int64_t l) { return jl_new_struct(jl_gotonode_type, I(l)); }
static jl_value_t *gifnot(jl_value_t *c, int64_t l) { return jl_new_struct(jl_gotoifnot_type, c, I(l)); }
static jl_value_t *ret(jl_value_t *v) { return jl_new_struct(jl_returnnode_type, v); }
static jl_value_t *newvar(int64_t i) { return jl_new_struct(jl_newvarnode_type, slot(i)); }
static jl_value_t *str(const char *s) { return jl_cstr_to_string(s); }
static jl_value_t *quot(jl_value_t *v) { return jl_new_quotenode(v); }
static jl_value_t *gref(jl_module_t *m, const char *s)
{
    jl_globalref_t *g = (jl_globalref_t *)jl_gc_alloc(sizeof(jl_globalref_t), (jl_value_t *)jl_globalref_type);
    g->mod = m;
    g->name = jl_symbol(s);
    g->binding = NULL;
    return (jl_value_t *)g;
}
static jl_value_t *ex(const char *head, size_t n, ...)
{
    va_list ap;
    va_start(ap, n);
    jl_expr_t *e = jl_exprn(jl_symbol(head), n);
    for (size_t i = 0; i < n; i++)
        jl_exprargset(e, i, va_arg(ap, jl_value_t *));
    va_end(ap);
    return (jl_value_t *)e;
}
#define CALL(f, ...) ex("call", NARGS(f, __VA_ARGS__), f, __VA_ARGS__)
#define NARGS(...) (sizeof((jl_value_t *[]){__VA_ARGS__}) / sizeof(jl_value_t *))
#define ASSIGN(lhs, rhs) ex("=", 2, lhs, rhs)

/* A CodeInfo of n statements; slots named by `slots` (space separated); every statement on line
   line0 + index in `file` (method name `fname`, NULL for top level). */
static jl_code_info_t *mkcode(const char *slots, const char *file, const char *fname, int line0,
                              size_t n, jl_value_t **stmts)
{
    jl_code_info_t *ci = (jl_code_info_t *)jl_gc_alloc(sizeof(jl_code_info_t), (jl_value_t *)jl_code_info_type);
    ci->code = jl_alloc_vec_any(n);
    ci->codelocs = jl_alloc_array_1d((jl_value_t *)jl_array_int32_type, n);
    jl_array_t *lt = jl_alloc_vec_any(n);
    for (size_t i = 0; i < n; i++) {
        jl_array_ptr_set(ci->code, i, stmts[i]);
        ((int32_t *)jl_array_data(ci->codelocs))[i] = (int32_t)i + 1;
        jl_lineinfonode_t *li = (jl_lineinfonode_t *)jl_gc_alloc(sizeof(jl_lineinfonode_t),
                                                                  (jl_value_t *)jl_lineinfonode_type);
        li->module = jl_main_module;
        li->method = (jl_value_t *)jl_symbol(fname ? fname : "top-level scope");
        li->file = jl_symbol(file);
        li->line = line0 + (int32_t)i;
        li->inlined_at = 0;
        jl_array_ptr_set(lt, i, li);
    }
    ci->linetable = (jl_value_t *)lt;
    ci->slotnames = jl_alloc_array_1d((jl_value_t *)jl_array_symbol_type, 0);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", slots);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        jl_array_ptr_1d_push(ci->slotnames, (jl_value_t *)jl_symbol(tok));
    size_t ns = jl_array_len(ci->slotnames);
    ci->slotflags = jl_alloc_array_1d((jl_value_t *)jl_array_uint8_type, ns);
    memset(jl_array_data(ci->slotflags), 0, ns);
    ci->ssavaluetypes = I((int64_t)n);
    ci->ssaflags = jl_alloc_array_1d((jl_value_t *)jl_array_uint32_type, n);
    memset(jl_array_data(ci->ssaflags), 0, n * 4);
    ci->slottypes = jl_nothing;
    ci->rettype = (jl_value_t *)jl_any_type;
    ci->parent = jl_nothing;
    ci->edges = jl_nothing;
    ci->method_for_inference_limit_heuristics = jl_nothing;
    return ci;
}
#define CODE(slots, ...) mkcode(slots, "test.jl", NULL, 1, NARGS(__VA_ARGS__), (jl_value_t *[]){__VA_ARGS__})

static jl_value_t *run(jl_code_info_t *ci)
{
    return jl_interpret_toplevel_thunk(jl_main_module, ci);
}

/* Runs ci and returns the exception it throws (NULL if none). */
static jl_value_t *run_catch(jl_code_info_t *ci)
{
    jl_value_t *volatile e = NULL;
    JL_TRY {
        run(ci);
    }
    JL_CATCH {
        e = jl_current_exception();
    }
    return e;
}

/* A singleton function type `typeof(name)` bound as Main.name, and a method of it running src. */
typedef struct {
    jl_value_t *F;
    jl_code_instance_t *ci;
} testfn_t;

static testfn_t mkmethod(const char *name, jl_code_info_t *src, int nargs, int isva, jl_value_t **argtypes)
{
    char tn[64];
    snprintf(tn, sizeof tn, "#%s", name);
    jl_datatype_t *ft = jl_new_datatype(jl_symbol(tn), jl_main_module, jl_function_type, jl_emptysvec,
                                        jl_emptysvec, jl_emptysvec, 0, 0, 0);
    jl_value_t *F = ft->instance;
    jl_set_global(jl_main_module, jl_symbol(name), F);
    jl_method_t *m = (jl_method_t *)jl_gc_alloc(sizeof(jl_method_t), (jl_value_t *)jl_method_type);
    m->name = jl_symbol(name);
    m->module = jl_main_module;
    m->file = jl_symbol("test.jl");
    m->line = 1;
    m->nargs = nargs;
    m->isva = (uint8_t)isva;
    m->source = (jl_value_t *)src;
    char names[256]; /* Method.slot_syms, as jl_method_def makes it: the slot names, each NUL-ended */
    size_t len = 0;
    for (size_t i = 0; i < jl_array_len(src->slotnames); i++) {
        const char *sn = jl_symbol_name((jl_sym_t *)jl_array_ptr_ref(src->slotnames, i));
        size_t k = strlen(sn) + 1;
        cr_assert(len + k <= sizeof names);
        memcpy(names + len, sn, k);
        len += k;
    }
    m->slot_syms = jl_pchar_to_string(names, len);
    jl_value_t *params[8];
    params[0] = (jl_value_t *)ft;
    for (int i = 1; i < nargs; i++)
        params[i] = argtypes ? argtypes[i - 1] : (jl_value_t *)jl_int64_type;
    jl_method_instance_t *mi = (jl_method_instance_t *)jl_gc_alloc(sizeof(jl_method_instance_t),
                                                                    (jl_value_t *)jl_method_instance_type);
    mi->def = (jl_value_t *)m;
    mi->specTypes = (jl_value_t *)jl_apply_tuple_type_v(params, (size_t)nargs);
    m->sig = mi->specTypes;
    mi->sparam_vals = jl_emptysvec;
    jl_code_instance_t *ci = (jl_code_instance_t *)jl_gc_alloc(sizeof(jl_code_instance_t),
                                                                (jl_value_t *)jl_code_instance_type);
    ci->def = mi;
    ci->invoke = jl_fptr_interpret_call;
    testfn_t r = {F, ci};
    return r;
}

/* ---------------------------------------------------------------- control flow, slots, globals */

Test(interpreter, loop_sum, .init = setup)
{
    /* s = 0; i = 1; while i < 101; s += i; i += 1; end; s */
    jl_code_info_t *ci = CODE("s i",
        ASSIGN(slot(1), I(0)),
        ASSIGN(slot(2), I(1)),
        CALL(LT, slot(2), I(101)),
        gifnot(ssa(3), 8),
        ASSIGN(slot(1), CALL(ADD, slot(1), slot(2))),
        ASSIGN(slot(2), CALL(ADD, slot(2), I(1))),
        go(3),
        ret(slot(1)));
    jl_value_t *v = run(ci);
    cr_assert(jl_is_int64(v));
    cr_assert_eq(jl_unbox_int64(v), 5050);
}

Test(interpreter, gotoifnot_nonbool, .init = setup)
{
    jl_value_t *e = run_catch(CODE("", gifnot(I(1), 2), ret(I(0))));
    cr_assert(e && jl_typeis(e, jl_typeerror_type));
    cr_assert_eq(jl_get_nth_field(e, 0), (jl_value_t *)jl_symbol("if"));
    cr_assert_eq(jl_get_nth_field(e, 2), (jl_value_t *)jl_bool_type);
}

Test(interpreter, globals, .init = setup)
{
    jl_value_t *v = run(CODE("", ASSIGN(gref(jl_main_module, "gx"), I(41)),
                              CALL(ADD, gref(jl_main_module, "gx"), I(1)), ret(ssa(2))));
    cr_assert_eq(jl_unbox_int64(v), 42);
    cr_assert_eq(jl_unbox_int64(jl_get_global(jl_main_module, jl_symbol("gx"))), 41);
    /* undefined global */
    jl_value_t *e = run_catch(CODE("", ret(gref(jl_main_module, "nosuchglobal"))));
    cr_assert(e && jl_typeis(e, jl_undefvarerror_type));
    cr_assert_eq(jl_get_nth_field(e, 0), (jl_value_t *)jl_symbol("nosuchglobal"));
    /* const: same value is fine, another value of a new type is an error */
    run(CODE("", ex("const", 1, gref(jl_main_module, "gc")), ASSIGN(gref(jl_main_module, "gc"), I(1)), ret(I(0))));
    cr_assert(jl_get_binding(jl_main_module, jl_symbol("gc"))->constp);
    cr_assert_null(run_catch(CODE("", ASSIGN(gref(jl_main_module, "gc"), I(1)), ret(I(0)))));
    e = run_catch(CODE("", ASSIGN(gref(jl_main_module, "gc"), str("x")), ret(I(0))));
    cr_assert(e && jl_typeis(e, jl_errorexception_type));
    cr_assert_str_eq(jl_string_data(jl_get_nth_field(e, 0)), "invalid redefinition of constant Main.gc");
    /* typed global */
    run(CODE("", ex("global", 1, gref(jl_main_module, "gt")), ret(I(0))));
    jl_get_binding(jl_main_module, jl_symbol("gt"))->ty = (jl_value_t *)jl_int64_type;
    e = run_catch(CODE("", ASSIGN(gref(jl_main_module, "gt"), str("no")), ret(I(0))));
    cr_assert(e && jl_typeis(e, jl_errorexception_type));
    cr_assert_str_eq(jl_string_data(jl_get_nth_field(e, 0)),
                     "cannot assign an incompatible value to the global Main.gt.");
    /* isdefined on globals */
    cr_assert_eq(run(CODE("", ex("isdefined", 1, gref(jl_main_module, "gx")), ret(ssa(1)))), jl_true);
    cr_assert_eq(run(CODE("", ex("isdefined", 1, gref(jl_main_module, "gt")), ret(ssa(1)))), jl_false);
}

Test(interpreter, undefined_slot, .init = setup)
{
    /* local y; y */
    jl_value_t *e = run_catch(CODE("x y", newvar(2), ret(slot(2))));
    cr_assert(e && jl_typeis(e, jl_undefvarerror_type));
    cr_assert_eq(jl_get_nth_field(e, 0), (jl_value_t *)jl_symbol("y"));
    /* NewvarNode makes an assigned slot undefined again; isdefined sees it */
    jl_value_t *v = run(CODE("x", ASSIGN(slot(1), I(1)), ex("isdefined", 1, slot(1)), newvar(1),
                             ex("isdefined", 1, slot(1)), CALL(TUPLE, ssa(2), ssa(4)), ret(ssa(5))));
    cr_assert(jl_unbox_bool(jl_get_nth_field(v, 0)));
    cr_assert(!jl_unbox_bool(jl_get_nth_field(v, 1)));
}

Test(interpreter, new_and_misc_forms, .init = setup)
{
    static const char *fn[] = {"a", "b"};
    jl_svec_t *names = jl_svec2(jl_symbol(fn[0]), jl_symbol(fn[1]));
    jl_datatype_t *P = jl_new_datatype(jl_symbol("IPoint"), jl_main_module, jl_any_type, jl_emptysvec, names,
                                       jl_svec2(jl_int64_type, jl_any_type), 0, 0, 2);
    jl_value_t *v = run(CODE("", ex("new", 3, P, I(3), str("s")), ret(ssa(1))));
    cr_assert(jl_typeis(v, P));
    cr_assert_eq(jl_unbox_int64(jl_get_nth_field(v, 0)), 3);
    jl_value_t *e = run_catch(CODE("", ex("new", 3, P, str("bad"), I(1)), ret(ssa(1))));
    cr_assert(e && jl_typeis(e, jl_typeerror_type));
    cr_assert_eq(jl_get_nth_field(e, 0), (jl_value_t *)jl_symbol("new"));
    cr_assert_eq(jl_get_nth_field(e, 2), (jl_value_t *)jl_int64_type);
    /* splatnew from a tuple */
    v = run(CODE("", CALL(TUPLE, I(5), I(6)), ex("splatnew", 2, P, ssa(1)), ret(ssa(2))));
    cr_assert_eq(jl_unbox_int64(jl_get_nth_field(v, 1)), 6);
    /* copyast gives a fresh Expr */
    jl_value_t *q = ex("call", 2, jl_symbol("f"), ex("call", 1, jl_symbol("g")));
    v = run(CODE("", ex("copyast", 1, quot(q)), ret(ssa(1))));
    cr_assert(jl_is_expr(v) && v != q && jl_exprarg(v, 1) != jl_exprarg(q, 1));
    cr_assert_eq(((jl_expr_t *)jl_exprarg(v, 1))->head, jl_symbol("call"));
    /* boundscheck, markers, QuoteNode */
    v = run(CODE("", ex("meta", 1, quot((jl_value_t *)jl_symbol("inline"))), ex("boundscheck", 0),
                 ex("inbounds", 1, jl_true), ret(ssa(2))));
    cr_assert_eq(v, jl_true);
    v = run(CODE("", ret(quot((jl_value_t *)jl_symbol("sym")))));
    cr_assert_eq(v, (jl_value_t *)jl_symbol("sym"));
}

/* ---------------------------------------------------------------- exceptions */

Test(interpreter, try_catch, .init = setup)
{
    jl_handler_t *eh0 = jl_current_task->eh;
    /* try error("boom") catch e; e end */
    jl_value_t *v = run(CODE("",
        ex("enter", 1, I(5)),
        CALL(ERR, str("boom")),
        ex("leave", 1, I(1)),
        ret(I(0)),
        ex("the_exception", 0),
        ex("pop_exception", 1, ssa(1)),
        ret(ssa(5))));
    cr_assert(jl_typeis(v, jl_errorexception_type));
    cr_assert_str_eq(jl_string_data(jl_get_nth_field(v, 0)), "boom");
    cr_assert_eq(jl_current_task->eh, eh0);
    cr_assert_eq(jl_excstack_state(), 0);
    /* no exception: leave, continue after the try */
    v = run(CODE("",
        ex("enter", 1, I(4)),
        ex("leave", 1, I(1)),
        go(5),
        ret(I(-1)),
        ret(I(7))));
    cr_assert_eq(jl_unbox_int64(v), 7);
    cr_assert_eq(jl_current_task->eh, eh0);
}

Test(interpreter, try_in_loop, .init = setup)
{
    jl_handler_t *eh0 = jl_current_task->eh;
    /* i = 0; n = 0; while i < 20000; try; i += 1; (i odd-ish: throw every time) ... */
    jl_value_t *v = run(CODE("i n",
        ASSIGN(slot(1), I(0)),                 /* 1 */
        ASSIGN(slot(2), I(0)),                 /* 2 */
        CALL(LT, slot(1), I(20000)),           /* 3 */
        gifnot(ssa(3), 14),                    /* 4 */
        ASSIGN(slot(1), CALL(ADD, slot(1), I(1))), /* 5 */
        ex("enter", 1, I(10)),                 /* 6 */
        CALL(THROW, slot(1)),                  /* 7 */
        ex("leave", 1, I(1)),                  /* 8 */
        go(3),                                 /* 9 */
        ex("the_exception", 0),                /* 10: catch */
        ASSIGN(slot(2), CALL(ADD, slot(2), ssa(10))), /* 11 */
        ex("pop_exception", 1, ssa(6)),        /* 12 */
        go(3),                                 /* 13 */
        ret(slot(2))));                        /* 14 */
    cr_assert_eq(jl_unbox_int64(v), (int64_t)20000 * 20001 / 2);
    cr_assert_eq(jl_current_task->eh, eh0);
    cr_assert_eq(jl_excstack_state(), 0);
}

Test(interpreter, nested_rethrow, .init = setup)
{
    /* try
           try error("A") catch
               try error("B") catch end     # handled inside the catch block
               rethrow()                     # rethrows A, not B
           end
       catch e; e end */
    jl_value_t *v = run(CODE("",
        ex("enter", 1, I(13)),        /* 1 outer */
        ex("enter", 1, I(5)),         /* 2 inner */
        CALL(ERR, str("A")),          /* 3 */
        ex("leave", 1, I(1)),         /* 4 (not reached) */
        ex("enter", 1, I(8)),         /* 5 inner catch: try */
        CALL(ERR, str("B")),          /* 6 */
        ex("leave", 1, I(1)),         /* 7 */
        ex("pop_exception", 1, ssa(5)), /* 8 B handled */
        CALL(RETHROW, I(0)),          /* 9 */
        ex("pop_exception", 1, ssa(2)), /* 10 */
        ex("leave", 1, I(1)),         /* 11 */
        ret(I(0)),                    /* 12 */
        ex("the_exception", 0),       /* 13 outer catch */
        ex("pop_exception", 1, ssa(1)),
        ret(ssa(13))));
    cr_assert(jl_typeis(v, jl_errorexception_type));
    cr_assert_str_eq(jl_string_data(jl_get_nth_field(v, 0)), "A");
    cr_assert_eq(jl_excstack_state(), 0);
}

Test(interpreter, leave_two, .init = setup)
{
    /* try; try; leave both at once; end; end; then throw outside: must not be caught by them */
    jl_handler_t *eh0 = jl_current_task->eh;
    jl_value_t *v = run(CODE("",
        ex("enter", 1, I(6)),
        ex("enter", 1, I(6)),
        ex("leave", 1, I(2)),
        go(7),
        ret(I(0)),
        ret(I(-1)),
        ret(I(9))));
    cr_assert_eq(jl_unbox_int64(v), 9);
    cr_assert_eq(jl_current_task->eh, eh0);
}

/* ---------------------------------------------------------------- methods, recursion, backtraces */

static testfn_t g_rec;
static jl_value_t *b_callrec(jl_value_t *F, jl_value_t **a, uint32_t n)
{
    return g_rec.ci->invoke(g_rec.F, a, n, g_rec.ci);
}

Test(interpreter, method_call_and_recursion, .init = setup)
{
    /* fib(n) = n < 2 ? n : fib(n-1) + fib(n-2), the recursive call through a C builtin */
    jl_value_t *REC = mkbuiltin(b_callrec);
    jl_code_info_t *src = CODE("#self# n",
        CALL(LT, slot(2), I(2)),
        gifnot(ssa(1), 4),
        ret(slot(2)),
        CALL(SUB, slot(2), I(1)),
        CALL(REC, ssa(4)),
        CALL(SUB, slot(2), I(2)),
        CALL(REC, ssa(6)),
        CALL(ADD, ssa(5), ssa(7)),
        ret(ssa(8)));
    g_rec = mkmethod("fib", src, 2, 0, NULL);
    jl_value_t *arg = I(20);
    jl_value_t *v = g_rec.ci->invoke(g_rec.F, &arg, 1, g_rec.ci);
    cr_assert_eq(jl_unbox_int64(v), 6765);
}

Test(interpreter, varargs_method, .init = setup)
{
    /* f(a, xs...) = xs */
    jl_code_info_t *src = CODE("#self# a xs", ret(slot(3)));
    jl_value_t *at[] = {(jl_value_t *)jl_int64_type, (jl_value_t *)jl_int64_type};
    testfn_t f = mkmethod("vf", src, 3, 1, at);
    jl_value_t *args[] = {I(1), I(2), I(3), I(4)};
    jl_value_t *v = f.ci->invoke(f.F, args, 4, f.ci);
    cr_assert(jl_is_tuple(v));
    cr_assert_eq(jl_datatype_nfields(jl_typeof(v)), 3);
    cr_assert_eq(jl_unbox_int64(jl_get_nth_field(v, 2)), 4);
    v = f.ci->invoke(f.F, args, 1, f.ci);
    cr_assert_eq(v, jl_emptytuple);
    /* slot 1 is the function itself */
    testfn_t g = mkmethod("selff", CODE("#self#", ret(slot(1))), 1, 0, NULL);
    cr_assert_eq(g.ci->invoke(g.F, NULL, 0, g.ci), g.F);
}

Test(interpreter, static_parameter, .init = setup)
{
    testfn_t f = mkmethod("sp", CODE("#self# x", ex("static_parameter", 1, I(1)),
                                     ex("isdefined", 1, ex("static_parameter", 1, I(2))),
                                     CALL(TUPLE, ssa(1), ssa(2)), ret(ssa(3))), 2, 0, NULL);
    jl_tvar_t *T = jl_new_typevar(jl_symbol("T"), jl_bottom_type, (jl_value_t *)jl_any_type);
    f.ci->def->sparam_vals = jl_svec2(jl_int64_type, T);
    jl_value_t *arg = I(1);
    jl_value_t *v = f.ci->invoke(f.F, &arg, 1, f.ci);
    cr_assert_eq(jl_get_nth_field(v, 0), (jl_value_t *)jl_int64_type);
    cr_assert(!jl_unbox_bool(jl_get_nth_field(v, 1)));
}

static testfn_t g_deep;
static jl_value_t *b_calldeep(jl_value_t *F, jl_value_t **a, uint32_t n)
{
    return g_deep.ci->invoke(g_deep.F, a, n, g_deep.ci);
}

Test(interpreter, stack_overflow, .init = setup)
{
    /* f(n) = f(n + 1): never ends, must raise StackOverflowError */
    jl_value_t *DEEP = mkbuiltin(b_calldeep);
    g_deep = mkmethod("deep", CODE("#self# n", CALL(ADD, slot(2), I(1)), CALL(DEEP, ssa(1)), ret(ssa(2))),
                      2, 0, NULL);
    jl_value_t *volatile e = NULL;
    jl_value_t *arg = I(0);
    JL_TRY {
        g_deep.ci->invoke(g_deep.F, &arg, 1, g_deep.ci);
    }
    JL_CATCH {
        e = jl_current_exception();
    }
    cr_assert(e && jl_typeis(e, jl_stackovf_exception_type));
    jl_value_t *bt = jl_current_backtrace();
    cr_assert(jl_array_len(bt) > 1000);
    cr_assert_null(jl_current_task->interp_frame);
    /* still usable afterwards, and again */
    cr_assert_eq(jl_unbox_int64(run(CODE("", CALL(ADD, I(1), I(2)), ret(ssa(1))))), 3);
    e = NULL;
    JL_TRY {
        g_deep.ci->invoke(g_deep.F, &arg, 1, g_deep.ci);
    }
    JL_CATCH {
        e = jl_current_exception();
    }
    cr_assert(e && jl_typeis(e, jl_stackovf_exception_type));
    /* the printed trace collapses the recursion */
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    jl_print_backtrace(out, jl_current_backtrace());
    fclose(out);
    cr_assert(strstr(buf, " [1] deep(n::Int64) (repeats ") != NULL, "got: %.300s", buf);
    free(buf);
}

Test(interpreter, backtrace, .init = setup)
{
    /* f(x) = error("bad") at test.jl:10..; called from top-level code at test.jl:1.. */
    jl_code_info_t *fsrc = mkcode("#self# x", "test.jl", "bf", 10, 2,
                                  (jl_value_t *[]){CALL(ERR, str("bad")), ret(ssa(1))});
    testfn_t f = mkmethod("bf", fsrc, 2, 0, NULL);
    jl_value_t *CALLF = mkbuiltin(b_callrec);
    g_rec = f;
    jl_code_info_t *top = mkcode("tmp", "/tmp/script.jl", NULL, 3, 3,
                                 (jl_value_t *[]){ASSIGN(slot(1), I(5)), CALL(CALLF, slot(1)), ret(ssa(2))});
    jl_value_t *e = run_catch(top);
    cr_assert(e && jl_typeis(e, jl_errorexception_type));
    jl_value_t *bt = jl_current_backtrace();
    cr_assert_eq(jl_array_len(bt), 2);
    const char *func, *file;
    int line;
    cr_assert(jl_frame_location(jl_array_ptr_ref(bt, 0), &func, &file, &line));
    cr_assert_str_eq(func, "bf");
    cr_assert_str_eq(file, "test.jl");
    cr_assert_eq(line, 10);
    cr_assert(jl_frame_location(jl_array_ptr_ref(bt, 1), &func, &file, &line));
    cr_assert_null(func);
    cr_assert_str_eq(file, "/tmp/script.jl");
    cr_assert_eq(line, 4);
    /* catch_backtrace inside an interpreted catch block sees the same frames */
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    jl_print_backtrace(out, bt);
    fclose(out);
    cr_assert_str_eq(buf, "Stacktrace:\n"
                          " [1] bf(x::Int64)\n"
                          "   @ Main test.jl:10\n"
                          " [2] top-level scope\n"
                          "   @ /tmp/script.jl:4\n");
    free(buf);
    /* backtrace() from inside a running frame */
    cr_assert_eq(jl_array_len(jl_backtrace_from_here()), 0);
}

Test(interpreter, type_printing, .init = setup)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    jl_value_t *u[] = {(jl_value_t *)jl_int64_type, (jl_value_t *)jl_string_type};
    jl_print_type(out, jl_apply_array_type((jl_value_t *)jl_float64_type, 1));
    fputc(' ', out);
    jl_print_type(out, jl_type_union(u, 2));
    fputc(' ', out);
    jl_print_type(out, (jl_value_t *)jl_apply_tuple_type_v(u, 2));
    fclose(out);
    cr_assert(strstr(buf, "Vector{Float64} ") == buf, "got %s", buf);
    cr_assert(strstr(buf, "Tuple{Int64, String}") != NULL, "got %s", buf);
    cr_assert(strstr(buf, "Union{") != NULL && strstr(buf, "Int64") && strstr(buf, "String"), "got %s", buf);
    free(buf);
}

/* ---------------------------------------------------------------- ccall */

static jl_value_t *fcall(jl_value_t *fname, jl_value_t *rt, jl_svec_t *at, int nreq, size_t n, jl_value_t **args)
{
    jl_expr_t *e = jl_exprn(jl_symbol("foreigncall"), 5 + n);
    jl_exprargset(e, 0, fname);
    jl_exprargset(e, 1, rt);
    jl_exprargset(e, 2, at);
    jl_exprargset(e, 3, I(nreq));
    jl_exprargset(e, 4, quot((jl_value_t *)jl_symbol("ccall")));
    for (size_t i = 0; i < n; i++)
        jl_exprargset(e, 5 + i, args[i]);
    return (jl_value_t *)e;
}

static jl_value_t *PtrT(void)
{
    return jl_get_global(jl_core_module, jl_symbol("Ptr"));
}

static jl_value_t *ptr_to(jl_value_t *T, void *p)
{
    return jl_new_bits(jl_apply_type1(PtrT(), T), &p);
}

Test(interpreter, ccall_libc_libm, .init = setup)
{
    jl_value_t *s = str("hello, world");
    jl_value_t *pu8 = jl_apply_type1(PtrT(), (jl_value_t *)jl_uint8_type);
    jl_value_t *p = ptr_to((jl_value_t *)jl_uint8_type, jl_string_data(s));
    /* ccall((:strlen, "libc"), Csize_t, (Ptr{UInt8},), p) */
    jl_value_t *fn = ex("tuple", 2, quot((jl_value_t *)jl_symbol("strlen")), str("libc"));
    jl_value_t *v = run(CODE("", fcall(fn, (jl_value_t *)jl_uint64_type, jl_svec1(pu8), 0, 1, (jl_value_t *[]){p}),
                             ret(ssa(1))));
    cr_assert(jl_typeis(v, jl_uint64_type));
    cr_assert_eq(jl_unbox_uint64(v), 12);
    /* ccall((:sin, "libm"), Cdouble, (Cdouble,), 1.0) in a loop (cached call site) */
    jl_code_info_t *ci = CODE("i acc",
        ASSIGN(slot(1), I(0)),
        ASSIGN(slot(2), jl_box_float64(0.0)),
        CALL(LT, slot(1), I(3)),
        gifnot(ssa(3), 8),
        ASSIGN(slot(2), fcall(quot(jl_tuple(2, jl_symbol("sin"), str("libm"))), (jl_value_t *)jl_float64_type,
                             jl_svec1(jl_float64_type), 0, 1, (jl_value_t *[]){jl_box_float64(1.0)})),
        ASSIGN(slot(1), CALL(ADD, slot(1), I(1))),
        go(3),
        ret(slot(2)));
    v = run(ci);
    cr_assert(jl_typeis(v, jl_float64_type));
    cr_assert_float_eq(jl_unbox_float64(v), sin(1.0), 1e-15);
    /* ccall(:getpid, Cint, ()) */
    v = run(CODE("", fcall(quot((jl_value_t *)jl_symbol("getpid")), (jl_value_t *)jl_int32_type, jl_emptysvec, 0,
                           0, NULL), ret(ssa(1))));
    cr_assert(jl_typeis(v, jl_int32_type));
    cr_assert_eq(jl_unbox_int32(v), (int32_t)getpid());
}

typedef struct { int32_t quot, rem; } div_pair;

Test(interpreter, ccall_varargs_struct_any, .init = setup)
{
    /* snprintf(buf, 64, "%d-%s", 42, "x") with nreq = 3 */
    char out[64] = {0};
    jl_value_t *pu8 = jl_apply_type1(PtrT(), (jl_value_t *)jl_uint8_type);
    jl_value_t *fmt = str("%d-%s");
    jl_value_t *xs = str("x");
    jl_value_t *args[] = {ptr_to((jl_value_t *)jl_uint8_type, out), jl_box_uint64(64),
                          ptr_to((jl_value_t *)jl_uint8_type, jl_string_data(fmt)), jl_box_int32(42),
                          ptr_to((jl_value_t *)jl_uint8_type, jl_string_data(xs))};
    jl_svec_t *at = jl_svec(5, pu8, jl_uint64_type, pu8, jl_int32_type, pu8);
    jl_value_t *v = run(CODE("", fcall(quot((jl_value_t *)jl_symbol("snprintf")), (jl_value_t *)jl_int32_type, at,
                                       3, 5, args), ret(ssa(1))));
    cr_assert_eq(jl_unbox_int32(v), 4);
    cr_assert_str_eq(out, "42-x");
    /* div(7, 2) returns a struct by value */
    static const char *fn[] = {"quot", "rem"};
    jl_datatype_t *DT = jl_new_datatype(jl_symbol("DivT"), jl_main_module, jl_any_type, jl_emptysvec,
                                        jl_svec2(jl_symbol(fn[0]), jl_symbol(fn[1])),
                                        jl_svec2(jl_int32_type, jl_int32_type), 0, 0, 2);
    v = run(CODE("", fcall(quot((jl_value_t *)jl_symbol("div")), (jl_value_t *)DT,
                           jl_svec2(jl_int32_type, jl_int32_type), 0, 2,
                           (jl_value_t *[]){jl_box_int32(7), jl_box_int32(2)}), ret(ssa(1))));
    cr_assert(jl_typeis(v, DT));
    cr_assert_eq(((div_pair *)v)->quot, 3);
    cr_assert_eq(((div_pair *)v)->rem, 1);
    /* Any arguments pass the objects: jl_egal(a, b)::Int32 */
    jl_value_t *s1 = str("same"), *s2 = str("same");
    v = run(CODE("", fcall(quot((jl_value_t *)jl_symbol("jl_egal")), (jl_value_t *)jl_int32_type,
                           jl_svec2(jl_any_type, jl_any_type), 0, 2, (jl_value_t *[]){s1, s2}), ret(ssa(1))));
    cr_assert_eq(jl_unbox_int32(v), 1);
    /* Nothing return */
    v = run(CODE("", fcall(quot((jl_value_t *)jl_symbol("srand")), (jl_value_t *)jl_nothing_type,
                           jl_svec1(jl_uint32_type), 0, 1, (jl_value_t *[]){jl_box_uint32(1)}), ret(ssa(1))));
    cr_assert_eq(v, jl_nothing);
}

Test(interpreter, ccall_errors, .init = setup)
{
    jl_value_t *e = run_catch(CODE("", fcall(quot((jl_value_t *)jl_symbol("no_such_function_xyz")),
                                             (jl_value_t *)jl_int32_type, jl_emptysvec, 0, 0, NULL), ret(ssa(1))));
    cr_assert(e && jl_typeis(e, jl_errorexception_type));
    cr_assert(strncmp(jl_string_data(jl_get_nth_field(e, 0)), "could not load symbol \"no_such_function_xyz\"", 44) == 0);
    e = run_catch(CODE("", fcall(quot(jl_tuple(2, jl_symbol("f"), str("libnosuchlib_xyz"))),
                                 (jl_value_t *)jl_int32_type, jl_emptysvec, 0, 0, NULL), ret(ssa(1))));
    cr_assert(e && jl_typeis(e, jl_errorexception_type));
    cr_assert(strncmp(jl_string_data(jl_get_nth_field(e, 0)), "could not load library \"libnosuchlib_xyz\"", 41) == 0);
}

static jl_value_t *bt_entry(jl_value_t *code, int64_t stmt)
{
    return (jl_value_t *)jl_svec(3, code, jl_box_int64(stmt), jl_main_module);
}

Test(interpreter, reduced_backtrace_and_lookup, .init = setup)
{
    testfn_t f = mkmethod("cyc_f", mkcode("#self# n", "c.jl", "cyc_f", 5, 1, (jl_value_t *[]){ret(slot(2))}),
                          2, 0, NULL);
    testfn_t g = mkmethod("cyc_g", mkcode("#self# n", "c.jl", "cyc_g", 9, 1, (jl_value_t *[]){ret(slot(2))}),
                          2, 0, NULL);
    jl_code_info_t *top = mkcode("", "c.jl", NULL, 20, 1, (jl_value_t *[]){ret(I(0))});
    jl_array_t *bt = jl_alloc_vec_any(0);
    for (int i = 0; i < 30; i++) {
        jl_array_ptr_1d_push(bt, bt_entry((jl_value_t *)f.ci->def, 1));
        jl_array_ptr_1d_push(bt, bt_entry((jl_value_t *)g.ci->def, 1));
    }
    jl_array_ptr_1d_push(bt, bt_entry((jl_value_t *)top, 1));
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    jl_print_backtrace(out, (jl_value_t *)bt);
    fclose(out);
    cr_assert_str_eq(buf, "Stacktrace:\n"
                          "  [1] cyc_f(n::Int64)\n"
                          "    @ Main c.jl:5\n"
                          "  [2] cyc_g(n::Int64)\n"
                          "    @ Main c.jl:9\n"
                          "--- the above 2 lines are repeated 29 more times ---\n"
                          " [61] top-level scope\n"
                          "    @ c.jl:20\n");
    free(buf);
    jl_value_t *fr = jl_lookup_frame(jl_array_ptr_ref(bt, 1));
    cr_assert_eq(jl_array_len(fr), 1);
    jl_value_t *e = jl_array_ptr_ref(fr, 0);
    cr_assert_eq(jl_svecref(e, 0), (jl_value_t *)jl_symbol("cyc_g"));
    cr_assert_eq(jl_svecref(e, 1), (jl_value_t *)jl_symbol("c.jl"));
    cr_assert_eq(jl_unbox_int64(jl_svecref(e, 2)), 9);
    cr_assert_eq(jl_svecref(e, 3), (jl_value_t *)g.ci->def);
    e = jl_array_ptr_ref(jl_lookup_frame(jl_array_ptr_ref(bt, 60)), 0);
    cr_assert_eq(jl_svecref(e, 0), jl_nothing);
}
