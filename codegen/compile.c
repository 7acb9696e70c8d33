/*
 * compile.c -- the runtime's side of compilation (libjulep.so, no LLVM): the compile hook dispatch
 * calls on the first call of a signature, batch collection (the callees inference resolved), storing
 * entry points on CodeInstances, --trace-compile, `precompile` (jl_compile_hint) and the C entry points
 * of code_llvm / code_native.
 *
 * Invariants:
 *   - With --compile=min|no the hook is not installed and LLVM is never loaded.
 *   - A CodeInstance with native code has `invoke` (generic ABI wrapper) and `specptr` (specialized
 *     entry) set together and `isspecsig = 1`; an interpreted one has isspecsig = 0 (its specptr is
 *     the interpreter's compact code).
 *   - The hook never recurses: while a task compiles (`in_compiler`), nested requests interpret.
 *   - Anything that cannot be compiled falls back to the interpreter (the hook returns NULL).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "julep_internal.h"
#include "iostream.h"
#include "gf.h"
#include "codegen.h"
#include "infer.h"
#include "interpreter.h"
#include "lexer.h"

#define MAX_BATCH 400

static FILE *trace_out;
static int trace_opened;

/* ---------------------------------------------------------------- helpers generated code calls */

/* `if` on a non-Bool condition (the interpreter's error) */
JL_DLLEXPORT void jl_cg_if_error(jl_value_t *c)
{
    jl_type_error("if", (jl_value_t *)jl_bool_type, c);
}

JL_DLLEXPORT void jl_cg_error_str(jl_value_t *msg)
{
    jl_error(jl_string_data(msg));
}

/* ---------------------------------------------------------------- showing signatures (trace) */

typedef struct {
    char *buf;
    size_t len, cap;
} sbuf_t;

static void sput(sbuf_t *s, const char *str)
{
    size_t n = strlen(str);
    if (s->len + n + 1 > s->cap) {
        s->cap = (s->len + n + 1) * 2;
        s->buf = (char *)realloc(s->buf, s->cap);
        if (s->buf == NULL)
            abort();
    }
    memcpy(s->buf + s->len, str, n + 1);
    s->len += n;
}

/* a name as Julia's static printer writes it: identifiers and operators plain, others as var"..." */
static void show_name(sbuf_t *s, jl_sym_t *sym)
{
    const char *n = jl_symbol_name(sym);
    size_t len = strlen(n);
    if (jl_is_identifier(n, len) || jl_is_operator(n)) {
        sput(s, n);
        return;
    }
    sput(s, "var\"");
    for (size_t i = 0; i < len; i++) {
        char c[3] = {'\\', n[i], 0};
        sput(s, (n[i] == '"' || n[i] == '\\' || n[i] == '$') ? c : c + 1);
    }
    sput(s, "\"");
}

/* Julia writes a module by its path below Main: Base.Iterators, Main, and Foo for Main.Foo */
static void show_module_path(sbuf_t *s, jl_module_t *m)
{
    if (m->parent != NULL && m->parent != m && m->parent != jl_main_module) {
        show_module_path(s, m->parent);
        sput(s, ".");
    }
    show_name(s, m->name);
}

/* Core exports its public types (Int64, String, Array...); julep does not mark them, so every Core
   binding counts as exported except Core's internal IR and compiler types, which Julia qualifies */
static int core_exports(jl_sym_t *name)
{
    static const char *const internal[] = {"Box", "SSAValue", "SlotNumber", "Argument", "GotoNode",
        "GotoIfNot", "ReturnNode", "NewvarNode", "PhiNode", "PiNode", "UpsilonNode", "PhiCNode",
        "LineInfoNode", "CodeInfo", "MethodInstance", "CodeInstance", "MethodTable", "TypeName",
        "Builtin", "IntrinsicFunction", "Const", "Compiler", "TypeofBottom", "TypeofVararg",
        "SimpleVector", "Binding", "Intrinsics", "TypeMapEntry", "TypeMapLevel", "OpaqueClosure",
        "kwcall"};
    jl_binding_t *b = jl_get_binding(jl_core_module, name);
    if (b == NULL || b->value == NULL)
        return 0;
    if (b->exportp)
        return 1;
    for (size_t i = 0; i < sizeof(internal) / sizeof(internal[0]); i++)
        if (strcmp(jl_symbol_name(name), internal[i]) == 0)
            return 0;
    return 1;
}

/* the UnionAll variables whose bounds the enclosing `where`s print (innermost first) */
typedef struct bound_vars {
    jl_tvar_t *var;
    const struct bound_vars *outer;
} bound_vars_t;

static void show_trace_value(sbuf_t *s, jl_value_t *v, const bound_vars_t *bv, int depth);

static void show_list(sbuf_t *s, jl_svec_t *ps, size_t n, const bound_vars_t *bv, int depth)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            sput(s, ", ");
        show_trace_value(s, jl_svecref(ps, i), bv, depth + 1);
    }
}

/* Tuple{A, B}; NTuple{4, T} when all of 4 or more are one type; Tuple{A, Vararg{T, 4}} for a long tail */
static void show_tuple_type(sbuf_t *s, jl_datatype_t *dt, const bound_vars_t *bv, int depth)
{
    jl_svec_t *ps = dt->parameters;
    size_t n = jl_svec_len(ps), tail = 1;
    char num[32];
    while (n > 0 && tail < n && jl_svecref(ps, n - 1 - tail) == jl_svecref(ps, n - 1))
        tail++;
    if (n > 3 && tail == n) {
        snprintf(num, sizeof(num), "NTuple{%zu, ", n);
        sput(s, num);
        show_trace_value(s, jl_svecref(ps, 0), bv, depth + 1);
        sput(s, "}");
        return;
    }
    sput(s, "Tuple{");
    show_list(s, ps, tail > 3 ? n - tail : n, bv, depth);
    if (tail > 3) {
        sput(s, n > tail ? ", Vararg{" : "Vararg{");
        show_trace_value(s, jl_svecref(ps, n - 1), bv, depth + 1);
        snprintf(num, sizeof(num), ", %zu}", tail);
        sput(s, num);
    }
    sput(s, "}");
}

/* is dt the type of a function bound to a global of the same name? */
static jl_value_t *global_function_of(jl_datatype_t *dt)
{
    jl_value_t *inst = dt->instance;
    if (inst == NULL || dt->name->mt == NULL || !jl_subtype((jl_value_t *)dt, (jl_value_t *)jl_function_type))
        return NULL;
    jl_sym_t *nm = dt->name->mt->name;
    jl_module_t *m = dt->name->module;
    if (nm == NULL || m == NULL)
        return NULL;
    jl_binding_t *b = jl_get_binding(m, nm);
    return b != NULL && b->value == inst ? inst : NULL;
}

static void show_datatype(sbuf_t *s, jl_datatype_t *dt, const bound_vars_t *bv, int depth)
{
    jl_typename_t *tn = dt->name;
    if (tn == jl_tuple_typename) {
        show_tuple_type(s, dt, bv, depth);
        return;
    }
    int globfunc = global_function_of(dt) != NULL;
    jl_sym_t *sym = globfunc ? dt->name->mt->name : tn->name;
    int quote = 0;
    if (globfunc)
        sput(s, "typeof(");
    if (tn->module != NULL && !(tn->module == jl_core_module && core_exports(sym))) {
        show_module_path(s, tn->module);
        sput(s, ".");
        int used;
        const char *nm = jl_symbol_name(sym);
        quote = globfunc && !jl_lex_is_id_start(jl_lex_utf8((const unsigned char *)nm, strlen(nm), &used));
        if (quote)
            sput(s, ":(");
    }
    show_name(s, sym);
    if (quote)
        sput(s, ")");
    if (globfunc) {
        sput(s, ")");
        return;
    }
    if (jl_svec_len(dt->parameters) > 0 && (jl_value_t *)dt != tn->wrapper) {
        sput(s, "{");
        show_list(s, dt->parameters, jl_svec_len(dt->parameters), bv, depth);
        sput(s, "}");
    }
}

/* T, T<:Real, Int64<:T: the bounds unless an enclosing `where` prints them */
static void show_tvar(sbuf_t *s, jl_tvar_t *tv, const bound_vars_t *bv, int depth)
{
    int bounds = 1;
    for (const bound_vars_t *p = bv; p != NULL; p = p->outer)
        bounds &= p->var != tv;
    if (bounds && tv->lb != jl_bottom_type) {
        show_trace_value(s, tv->lb, bv, depth + 1);
        sput(s, "<:");
    }
    show_name(s, tv->name);
    if (bounds && (tv->ub != (jl_value_t *)jl_any_type || tv->lb != jl_bottom_type)) {
        sput(s, "<:");
        show_trace_value(s, tv->ub, bv, depth + 1);
    }
}

static void show_trace_value(sbuf_t *s, jl_value_t *v, const bound_vars_t *bv, int depth)
{
    char tmp[256];
    if (depth > 20) {
        sput(s, "...");
        return;
    }
    if (jl_is_datatype(v)) {
        show_datatype(s, (jl_datatype_t *)v, bv, depth);
    }
    else if (jl_is_unionall(v)) {
        /* Generator{I, F} where F where I: the body, then its variable with bounds */
        jl_unionall_t *ua = (jl_unionall_t *)v;
        bound_vars_t inner = {ua->var, bv};
        show_trace_value(s, ua->body, &inner, depth + 1);
        sput(s, " where ");
        show_tvar(s, ua->var, bv, depth + 1);
    }
    else if (jl_is_tvar(v)) {
        show_tvar(s, (jl_tvar_t *)v, bv, depth);
    }
    else if (jl_is_uniontype(v)) {
        sput(s, "Union{");
        jl_value_t *u = v;
        while (jl_is_uniontype(u)) {
            show_trace_value(s, ((jl_uniontype_t *)u)->a, bv, depth + 1);
            sput(s, ", ");
            u = ((jl_uniontype_t *)u)->b;
        }
        show_trace_value(s, u, bv, depth + 1);
        sput(s, "}");
    }
    else if (v == jl_bottom_type) {
        sput(s, "Union{}");
    }
    else if (jl_is_symbol(v)) {
        sput(s, ":");
        show_name(s, (jl_sym_t *)v);
    }
    else if (jl_is_module(v)) {
        show_module_path(s, (jl_module_t *)v);
    }
    else if (jl_is_int64(v)) {
        snprintf(tmp, sizeof(tmp), "%lld", (long long)jl_unbox_int64(v));
        sput(s, tmp);
    }
    else if (v == jl_true || v == jl_false) {
        sput(s, v == jl_true ? "true" : "false");
    }
    else if (jl_is_tuple(v)) {
        /* a tuple of values, e.g. NamedTuple{(:digits,), ...}'s names */
        size_t n = jl_datatype_nfields(jl_typeof(v));
        sput(s, "(");
        for (size_t i = 0; i < n; i++) {
            if (i)
                sput(s, ", ");
            show_trace_value(s, jl_get_nth_field(v, i), bv, depth + 1);
        }
        sput(s, n == 1 ? ",)" : ")");
    }
    else {
        /* Vararg and other values: the runtime's static printer */
        jl_static_show_type(tmp, sizeof(tmp), v);
        sput(s, tmp);
    }
}

/* "precompile(Tuple{typeof(Main.fib), Int64})" for a signature; malloc'ed */
JL_DLLEXPORT char *jl_precompile_statement(jl_value_t *sig)
{
    sbuf_t s = {NULL, 0, 0};
    sput(&s, "precompile(");
    show_trace_value(&s, sig, NULL, 0);
    sput(&s, ")");
    return s.buf;
}

static void trace_compile(jl_method_instance_t *mi)
{
    const char *dest = jl_options.trace_compile;
    if (dest == NULL)
        return;
    if (!trace_opened) {
        trace_opened = 1;
        trace_out = strcmp(dest, "stderr") == 0 ? stderr : strcmp(dest, "stdout") == 0 ? stdout : fopen(dest, "w");
    }
    if (trace_out == NULL)
        return;
    char *line = jl_precompile_statement(mi->specTypes);
    if (trace_out == stderr || trace_out == stdout)
        jl_ios_flush_stdout(); /* the program's earlier output first */
    fprintf(trace_out, "%s\n", line);
    fflush(trace_out);
    free(line);
}

/* ---------------------------------------------------------------- batches */

static int has_entry(jl_method_instance_t *mi)
{
    jl_code_instance_t *ci = mi->cache;
    return ci != NULL && ci->max_world == JL_WORLD_MAX && ci->invoke != NULL;
}

static int in_batch(jl_cg_request_t *reqs, size_t n, jl_method_instance_t *mi)
{
    for (size_t i = 0; i < n; i++)
        if (reqs[i].mi == mi)
            return 1;
    return 0;
}

/* cmi joins the batch reqs[0..n) unless it has an entry already, is there, or cannot be inferred;
   returns the new count */
static size_t request_callee(jl_cg_request_t *reqs, size_t n, jl_method_instance_t *cmi)
{
    if (has_entry(cmi) || in_batch(reqs, n, cmi))
        return n;
    jl_code_instance_t *cci = jl_infer_and_optimize(cmi);
    if (cci == NULL || !jl_is_code_info(cci->inferred))
        return n;
    reqs[n].mi = cmi;
    reqs[n].ci = cci;
    return n + 1;
}

/* add the callees of reqs[i] that have no entry point yet */
static size_t add_callees(jl_cg_request_t *reqs, size_t n, size_t i)
{
    jl_code_info_t *src = (jl_code_info_t *)reqs[i].ci->inferred;
    for (size_t k = 0; k < jl_array_len(src->code) && n < MAX_BATCH; k++) {
        jl_value_t *s = jl_array_ptr_ref(src->code, k);
        if (jl_is_expr(s) && ((jl_expr_t *)s)->head == jl_s_assign)
            s = jl_exprarg(s, 1);
        if (!jl_is_expr(s) || ((jl_expr_t *)s)->head != jl_s_invoke)
            continue;
        jl_value_t *callee = jl_exprarg(s, 0);
        if (!jl_is_method_instance(callee))
            continue;
        n = request_callee(reqs, n, (jl_method_instance_t *)callee);
    }
    return n;
}

static int debug_codegen(void)
{
    static int v = -1;
    if (v < 0) {
        const char *e = getenv("JULEP_DEBUG_CODEGEN");
        v = e != NULL && e[0] != '\0' && e[0] != '0';
    }
    return v;
}

static void report_failure(jl_cg_request_t *r)
{
    if (!debug_codegen() || r->fail == NULL)
        return;
    char *sig = jl_precompile_statement(r->mi->specTypes);
    fprintf(stderr, "codegen: interpreting %s: %s\n", sig, r->fail);
    free(sig);
}

static void set_entry(jl_code_instance_t *ci, jl_cg_request_t *r)
{
    ci->specptr = r->specptr;
    ci->isspecsig = 1;
    ci->invoke = (jl_callptr_t)r->invoke;
}

/* JULEP_PERF_MAP=1: append each compiled entry to /tmp/perf-<pid>.map ("addr size name", the
   format `perf report` reads for JIT code). Sizes are the gaps between a batch's entries (they share
   one text section), the last one a guess. */
static void perf_map_batch(jl_cg_request_t *reqs, size_t n)
{
    static FILE *f;
    static int tried;
    if (!tried) {
        tried = 1;
        const char *e = getenv("JULEP_PERF_MAP");
        if (e != NULL && e[0] != '\0' && e[0] != '0') {
            char path[64];
            snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
            f = fopen(path, "a");
        }
    }
    if (f == NULL)
        return;
    uintptr_t addrs[2 * MAX_BATCH];
    size_t owner[2 * MAX_BATCH], na = 0;
    for (size_t i = 0; i < n; i++)
        if (reqs[i].invoke != NULL) {
            owner[na] = owner[na + 1] = i;
            addrs[na++] = (uintptr_t)reqs[i].specptr;
            addrs[na++] = (uintptr_t)reqs[i].invoke;
        }
    for (size_t i = 0; i < na; i++) {
        uintptr_t a = addrs[i], next = 0;
        for (size_t j = 0; j < na; j++)
            if (addrs[j] > a && (next == 0 || addrs[j] < next))
                next = addrs[j];
        size_t sz = next != 0 && next - a < (1u << 20) ? next - a : 4096;
        jl_cg_request_t *r = &reqs[owner[i]];
        char *sig = jl_precompile_statement(r->mi->specTypes);
        fprintf(f, "%lx %zx %s%s\n", (unsigned long)a, sz, i % 2 ? "jlcall " : "", sig + 11);
        free(sig);
    }
    fflush(f);
}

/* Compile ci's method instance and the callees it invokes; the generic entry for ci, or NULL. */
/* JULEP_JIT_LIMIT=n: compile only the first n batches (a debugging aid for bisecting miscompiles) */
static int over_limit(void)
{
    static long limit = -2, count;
    if (limit == -2) {
        const char *e = getenv("JULEP_JIT_LIMIT");
        limit = e && *e ? atol(e) : -1;
    }
    return limit >= 0 && count++ >= limit;
}

/* total time spent compiling (inference, LLVM, JIT), for @time's "% compilation time" */
static uint64_t cumulative_compile_ns;

/* JULEP_COMPILE_TIMES=1: at exit, print where compilation time went (CPU ms of the compiling
   thread, steady on a loaded machine) to stderr */
static struct {
    uint64_t infer_ns, batch_ns, nbatches, nfuncs;
} ctimes;

static uint64_t thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void print_compile_times(void)
{
    const jl_codegen_vtable_t *t = jl_codegen_load();
    jl_codegen_stats_t st;
    memset(&st, 0, sizeof(st));
    if (t != NULL)
        t->get_stats(&st);
    fprintf(stderr, "compile: %llu batches (%llu in two halves), %llu functions; CPU ms: "
            "inference+optimizer %.1f, LLVM %.1f (emit %.1f, passes %.1f, codegen+link %.1f)\n",
            (unsigned long long)ctimes.nbatches, (unsigned long long)st.nsplit,
            (unsigned long long)ctimes.nfuncs, ctimes.infer_ns / 1e6, ctimes.batch_ns / 1e6,
            st.emit_cpu_us / 1e3, st.passes_cpu_us / 1e3, st.link_cpu_us / 1e3);
}

static int compile_times_wanted(void)
{
    static int v = -1;
    if (v < 0) {
        const char *e = getenv("JULEP_COMPILE_TIMES");
        v = e != NULL && e[0] != '\0' && e[0] != '0';
        if (v)
            atexit(print_compile_times);
    }
    return v;
}

/* CodeInstances interpreted while LLVM loaded, compiled by jl_compile_pending or with the first batch
   (join_pending); GC-rooted */
static jl_array_t *pending;
static jl_value_t *deferred_invoke(jl_value_t *F, jl_value_t **args, uint32_t nargs, jl_code_instance_t *ci);

/* The callees src inlined at its own statements (its line table names them): a caller that keeps
   running in the interpreter calls them through dispatch, so they get entry points of their own. */
static size_t add_inlined_callees(jl_cg_request_t *reqs, size_t n, jl_code_info_t *src)
{
    if (!jl_is_array(src->linetable))
        return n;
    jl_array_t *lt = (jl_array_t *)src->linetable;
    for (size_t k = 0; k < jl_array_len(lt) && n < MAX_BATCH / 2; k++) {
        jl_lineinfonode_t *li = (jl_lineinfonode_t *)jl_array_ptr_ref(lt, k);
        size_t at = (size_t)li->inlined_at;
        if (!jl_is_method_instance(li->method) || at == 0 || at > jl_array_len(lt) ||
            ((jl_lineinfonode_t *)jl_array_ptr_ref(lt, at - 1))->inlined_at != 0)
            continue;
        n = request_callee(reqs, n, (jl_method_instance_t *)li->method);
    }
    return n;
}

/* whether mi has a body running in the interpreter (on this task) */
static int interpreting(jl_method_instance_t *mi)
{
    for (jl_interp_frame_t *f = (jl_interp_frame_t *)jl_current_task->interp_frame; f; f = f->prev)
        if (f->mi == mi)
            return 1;
    return 0;
}

/* ci takes the results inference left on ici (another CodeInstance of the same instance), so that
   the entry points compiled for ici fit ci */
static void adopt_inference(jl_code_instance_t *ci, jl_code_instance_t *ici)
{
    if (ici == ci)
        return;
    ci->rettype = ici->rettype;
    ci->rettype_const = ici->rettype_const;
    ci->inferred = ici->inferred;
}

/* What was interpreted while LLVM loaded and is still running (typically the script's `main`, which
   made this call) joins the first batch after reqs[0], with the callees it inlined: the calls main
   makes after this one are compiled now, by both threads at once (two halves), rather than batch after
   batch as the interpreter reaches them. joined[i] is the CodeInstance request i stands for. Returns
   the count. */
static size_t join_pending(jl_cg_request_t *reqs, jl_code_instance_t **joined, jl_code_instance_t *ci)
{
    size_t n = 1;
    while (pending != NULL && jl_array_len(pending) > 0 && n < MAX_BATCH / 2) {
        size_t k = jl_array_len(pending);
        jl_code_instance_t *p = (jl_code_instance_t *)jl_array_ptr_ref(pending, k - 1);
        jl_array_del_end(pending, 1);
        if (p == ci || p->invoke != deferred_invoke || p->max_world != JL_WORLD_MAX || !interpreting(p->def))
            continue;
        jl_code_instance_t *pi = jl_infer_and_optimize(p->def);
        if (pi == NULL || !jl_is_code_info(pi->inferred))
            continue;
        reqs[n].mi = p->def;
        reqs[n].ci = pi;
        joined[n++] = p;
        n = add_inlined_callees(reqs, n, (jl_code_info_t *)pi->inferred);
    }
    return n;
}

static jl_callptr_t compile_ci(jl_code_instance_t *ci)
{
    jl_method_instance_t *mi = ci->def;
    if (over_limit())
        return NULL;
    uint64_t t0 = thread_cpu_ns();
    jl_code_instance_t *ici = jl_infer_and_optimize(mi);
    if (ici == NULL || !jl_is_code_info(ici->inferred))
        return NULL;
    adopt_inference(ci, ici);
    trace_compile(mi);
    jl_cg_request_t *reqs = (jl_cg_request_t *)calloc(MAX_BATCH, sizeof(jl_cg_request_t));
    jl_code_instance_t **joined = (jl_code_instance_t **)calloc(MAX_BATCH, sizeof(jl_code_instance_t *));
    reqs[0].mi = mi;
    reqs[0].ci = ici;
    size_t n = join_pending(reqs, joined, ci);
    for (size_t i = 0; i < n && n < MAX_BATCH; i++)
        n = add_callees(reqs, n, i);
    /* the whole batch is inferred first: a background load of LLVM goes on meanwhile */
    const jl_codegen_vtable_t *t = jl_codegen_load();
    if (t == NULL) {
        free(reqs);
        free(joined);
        return NULL;
    }
    char *err = NULL;
    uint64_t t1 = thread_cpu_ns();
    t->compile_batch(reqs, n, &err);
    if (compile_times_wanted()) {
        ctimes.infer_ns += t1 - t0;
        ctimes.batch_ns += thread_cpu_ns() - t1;
        ctimes.nbatches++;
        ctimes.nfuncs += n;
    }
    perf_map_batch(reqs, n);
    jl_callptr_t r = NULL;
    for (size_t i = 0; i < n; i++) {
        jl_cg_request_t *q = &reqs[i];
        if (q->invoke != NULL) {
            if (i == 0) {
                set_entry(ci, q);
                r = ci->invoke;
                if (q->ci != ci && jl_image_generating())
                    jl_image_native_alias(ci, q->ci); /* the image connects both */
            }
            if (q->ci != ci && q->ci->max_world == JL_WORLD_MAX)
                set_entry(q->ci, q);
            if (joined[i] != NULL && joined[i]->invoke == deferred_invoke) {
                adopt_inference(joined[i], q->ci);
                set_entry(joined[i], q);
            }
        }
        else {
            report_failure(q);
            if (i > 0 && q->ci->invoke == NULL)
                q->ci->invoke = jl_fptr_interpret_call; /* do not try again on its first call */
        }
        free(q->fail);
    }
    free(err);
    free(reqs);
    free(joined);
    return r;
}

static int bootstrapped; /* Base is loaded (jl_init finished its image step) */

JL_DLLEXPORT void jl_compile_bootstrap_done(void)
{
    bootstrapped = 1;
}

static jl_callptr_t compile_now(jl_code_instance_t *ci);

/* ---------------------------------------------------------------- interpreting while LLVM loads */

/* The first compilation of a run loads the code generator (dlopen of LLVM and its initialization,
   ~20 ms). It is loaded on a background thread instead, and a method without a loop is interpreted
   until it is there: each of its calls dispatches again, so the first call after the load compiles
   it. Other methods wait for the load (must_compile_first). Not done
   with --trace-compile (every signature a program runs is compiled and traced) or when
   JULEP_BACKGROUND_LLVM=0. */
static int load_in_background(void)
{
    static int v = -1;
    if (v < 0) {
        const char *e = getenv("JULEP_BACKGROUND_LLVM");
        v = jl_options.trace_compile == NULL && !(e != NULL && e[0] == '0');
    }
    return v;
}

static int is_force_compile(jl_value_t *st)
{
    static jl_sym_t *force_compile;
    if (force_compile == NULL)
        force_compile = jl_symbol("force_compile");
    return jl_is_expr(st) && ((jl_expr_t *)st)->head == jl_s_meta && jl_expr_nargs(st) == 1 &&
           jl_exprarg(st, 0) == (jl_value_t *)force_compile;
}

/* Must the method be compiled before it runs? When its lowered code has a loop (a backward branch),
   whose cost the interpreter would multiply, or `Expr(:meta, :force_compile)` (the timing macros
   measure compiled code, as Julia's); unknown code counts as a loop. */
static int must_compile_first(jl_code_instance_t *ci)
{
    jl_method_t *m = (jl_method_t *)ci->def->def;
    jl_value_t *src = (jl_value_t *)jl_method_source(m);
    if ((src == NULL || !jl_is_code_info(src) || (m->generator && m->generator != jl_nothing)))
        src = ci->def->uninferred;
    if (src == NULL || !jl_is_code_info(src))
        return 1;
    jl_array_t *code = ((jl_code_info_t *)src)->code;
    for (size_t i = 0, n = jl_array_len(code); i < n; i++) {
        jl_value_t *st = jl_array_ptr_ref(code, i);
        intptr_t target = 0;
        if (st == NULL)
            continue;
        if (jl_typeof(st) == (jl_value_t *)jl_gotonode_type)
            target = ((jl_gotonode_t *)st)->label;
        else if (jl_typeof(st) == (jl_value_t *)jl_gotoifnot_type)
            target = ((jl_gotoifnot_t *)st)->dest;
        else if (is_force_compile(st))
            return 1;
        if (target != 0 && target <= (intptr_t)i + 1)
            return 1;
    }
    return 0;
}

/* Interpret this call of a loop-free method while the code generator loads? The load starts either
   way: a method that must be compiled first is inferred while it runs. */
static int interpret_while_loading(jl_code_instance_t *ci)
{
    if (jl_codegen_loaded() || !load_in_background())
        return 0;
    return jl_codegen_load_async() && !must_compile_first(ci);
}

static void note_pending(jl_code_instance_t *ci)
{
    if (pending == NULL) {
        pending = jl_alloc_vec_any(0);
        jl_gc_add_root((jl_value_t *)pending);
    }
    jl_array_ptr_1d_push(pending, (jl_value_t *)ci);
}

static void compile_deferred(jl_code_instance_t *ci)
{
    jl_task_t *ct = jl_current_task;
    if (ci->invoke != deferred_invoke || ct == NULL || ct->in_compiler || ci->max_world != JL_WORLD_MAX)
        return;
    ci->invoke = jl_fptr_interpret_call; /* calls made while it compiles interpret */
    jl_callptr_t f = compile_now(ci);
    if (f != NULL)
        ci->invoke = f;
}

/* @time, @elapsed, @allocated and @timed measure compiled code, as in Julia: wait for a background
   load of the code generator and compile what was interpreted meanwhile. */
JL_DLLEXPORT void jl_compile_pending(void)
{
    if (pending == NULL || jl_array_len(pending) == 0)
        return;
    (void)jl_codegen_load();
    while (jl_array_len(pending) > 0) {
        size_t n = jl_array_len(pending);
        jl_code_instance_t *ci = (jl_code_instance_t *)jl_array_ptr_ref(pending, n - 1);
        jl_array_del_end(pending, 1);
        compile_deferred(ci);
    }
}

/* The entry of a CodeInstance whose compilation is deferred: while Base bootstraps (keeps startup
   free of LLVM) or while LLVM loads. It interprets the call until compiling is possible, then compiles
   (or becomes plainly interpreted). */
static jl_value_t *deferred_invoke(jl_value_t *F, jl_value_t **args, uint32_t nargs, jl_code_instance_t *ci)
{
    if (bootstrapped && !(jl_codegen_loading() && !must_compile_first(ci))) {
        compile_deferred(ci);
        if (ci->invoke != deferred_invoke)
            return ci->invoke(F, args, nargs, ci);
    }
    return jl_fptr_interpret_call(F, args, nargs, ci);
}

/* A program that defines a method will almost surely call it: the code generator starts loading in
   the background at the first definition, not at the first compilation, so the parsing, lowering and
   definitions of the rest of the program overlap the load (fannkuch.jl: it is ready ~3 ms sooner). */
static void method_defined(jl_method_t *m)
{
    (void)m;
    if (bootstrapped && !jl_codegen_loaded() && load_in_background() && !jl_image_generating())
        (void)jl_codegen_load_async();
}

static jl_callptr_t compile_hook(jl_code_instance_t *ci)
{
    if (!jl_is_method(ci->def->def))
        return compile_now(ci);
    if (!bootstrapped)
        return deferred_invoke;
    if (interpret_while_loading(ci)) {
        note_pending(ci);
        return deferred_invoke;
    }
    return compile_now(ci);
}

JL_DLLEXPORT uint64_t jl_cumulative_compile_time_ns(void)
{
    return cumulative_compile_ns;
}

static jl_callptr_t compile_now(jl_code_instance_t *ci)
{
    jl_task_t *ct = jl_current_task;
    if (ct == NULL || ct->in_compiler || !jl_is_method(ci->def->def))
        return NULL;
    ct->in_compiler = 1;
    uint64_t t0 = jl_hrtime();
    jl_callptr_t volatile r = NULL;
    JL_TRY {
        r = compile_ci(ci);
    }
    JL_CATCH {
        r = NULL;
    }
    cumulative_compile_ns += jl_hrtime() - t0;
    ct->in_compiler = 0;
    return r;
}

JL_DLLEXPORT void jl_compile_init_hook(void)
{
    if (jl_options.compile_enabled == JL_OPTIONS_COMPILE_MIN || jl_options.compile_enabled == JL_OPTIONS_COMPILE_NO)
        return;
    jl_compile_hook = compile_hook;
    jl_method_defined_hook = method_defined;
}

/* ---------------------------------------------------------------- precompile and reflection */

/* the MethodInstance a call of signature Tuple{typeof(f), args...} dispatches to, or NULL */
static jl_method_instance_t *mi_for_sig(jl_value_t *sig)
{
    jl_value_t *m = jl_gf_invoke_lookup(sig);
    if (!jl_is_method(m))
        return NULL;
    return jl_method_specialize((jl_method_t *)m, sig);
}

/* precompile(f, argtypes) through Base: compiles the signature now; 1 when a method matches */
JL_DLLEXPORT int jl_compile_hint(jl_value_t *sig)
{
    if (!jl_is_datatype(sig) || !jl_is_tuple_type(sig))
        return 0;
    jl_method_instance_t *mi = mi_for_sig(sig);
    if (mi == NULL)
        return 0;
    (void)jl_codegen_load(); /* loaded: the signature compiles now, not at a later call */
    compile_deferred(jl_compile_method_internal(mi));
    return 1;
}

static jl_method_instance_t *mi_for_call(jl_value_t *f, jl_value_t *argtypes, jl_code_instance_t **ci, const char **err)
{
    jl_method_instance_t *mi = jl_infer_lookup_mi(f, argtypes);
    if (mi == NULL) {
        *err = "no unique matching method for the specified argument types";
        return NULL;
    }
    *ci = jl_infer_and_optimize(mi);
    if (*ci == NULL || !jl_is_code_info((*ci)->inferred)) {
        *err = "the method cannot be inferred";
        return NULL;
    }
    return mi;
}

/* code_llvm(f, types): the function's LLVM IR (malloc'ed), or NULL with *err (static or malloc'ed
   per *err_owned) */
static char *dump_code(jl_value_t *f, jl_value_t *argtypes, int flags, int native, char **err)
{
    jl_code_instance_t *ci = NULL;
    const char *e = NULL;
    jl_method_instance_t *mi = mi_for_call(f, argtypes, &ci, &e);
    if (mi == NULL) {
        *err = strdup(e);
        return NULL;
    }
    const jl_codegen_vtable_t *t = jl_codegen_load();
    if (t == NULL) {
        *err = strdup(jl_codegen_error() ? jl_codegen_error() : "no code generator");
        return NULL;
    }
    return native ? t->dump_native(mi, ci, flags, err) : t->dump_llvm(mi, ci, flags, err);
}

JL_DLLEXPORT char *jl_code_llvm_str(jl_value_t *f, jl_value_t *argtypes, int optimize, int dump_module, char **err)
{
    return dump_code(f, argtypes, (optimize ? JL_CG_DUMP_OPTIMIZE : 0) | (dump_module ? JL_CG_DUMP_MODULE : 0), 0, err);
}

JL_DLLEXPORT char *jl_code_native_str(jl_value_t *f, jl_value_t *argtypes, int intel, char **err)
{
    return dump_code(f, argtypes, intel ? JL_CG_DUMP_INTEL : 0, 1, err);
}

static jl_value_t *string_or_error(char *s, char *err)
{
    if (s == NULL) {
        jl_value_t *msg = jl_cstr_to_string(err ? err : "cannot compile");
        free(err);
        jl_error(jl_string_data(msg));
    }
    jl_value_t *r = jl_cstr_to_string(s);
    free(s);
    return r;
}

/* Julia-callable (ccall from InteractiveUtils): String results, errors thrown */
JL_DLLEXPORT jl_value_t *jl_code_llvm(jl_value_t *f, jl_value_t *argtypes, int8_t optimize, int8_t dump_module)
{
    char *err = NULL;
    char *s = jl_code_llvm_str(f, argtypes, optimize, dump_module, &err);
    return string_or_error(s, err);
}

JL_DLLEXPORT jl_value_t *jl_code_native(jl_value_t *f, jl_value_t *argtypes, int8_t intel)
{
    char *err = NULL;
    char *s = jl_code_native_str(f, argtypes, intel, &err);
    return string_or_error(s, err);
}

/* InteractiveUtils' code_llvm / code_native (flags JL_CG_DUMP_*): a String, errors thrown */
JL_DLLEXPORT jl_value_t *jl_dump_function_text(jl_value_t *f, jl_value_t *argtypes, int8_t native, int32_t flags)
{
    char *err = NULL;
    char *s = dump_code(f, argtypes, flags, native, &err);
    return string_or_error(s, err);
}

/* versioninfo(): "19.1.7", the LLVM the codegen library runs on (loads it), or "unavailable" */
JL_DLLEXPORT const char *jl_llvm_version_string(void)
{
    const jl_codegen_vtable_t *t = jl_codegen_load();
    return t ? t->llvm_version() : "unavailable";
}
