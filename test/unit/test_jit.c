/* test_jit.c -- the JIT compiler (codegen/compile.c, codegen/llvm_*.c): functions compile on their first
   call and run natively (entry points on the CodeInstance), results match the interpreter's, dynamic
   calls, exceptions through compiled frames, redefinition, --trace-compile, --compile=min, code_llvm;
   loop-free methods interpreted while LLVM loads in the background.
   Functions are written with Core intrinsics so the tests do not need Base. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testutil.h"
#include "gf.h"
#include "../../codegen/infer.h"
#include "../../codegen/codegen.h"

/* the `jit` tests see each first call compile: LLVM is loaded at once, not in the background */
static void init_sync(void)
{
    setenv("JULEP_BACKGROUND_LLVM", "0", 1);
    jl_test_init();
}

TestSuite(jit, .init = init_sync);

#define I "Core.Intrinsics."

static jl_value_t *ev(const char *s)
{
    jl_value_t *v = jl_eval_string(s);
    cr_assert(v != NULL, "eval failed: %s: %s", s, jl_exception_message(jl_current_exception()));
    return v;
}

static int64_t evi(const char *s)
{
    jl_value_t *v = ev(s);
    cr_assert(jl_is_int64(v), "%s: not an Int64", s);
    return jl_unbox_int64(v);
}

/* the current CodeInstance of f(::types...) */
static jl_code_instance_t *ci_of(const char *f, const char *types)
{
    jl_method_instance_t *mi = jl_infer_lookup_mi(ev(f), ev(types));
    cr_assert(mi != NULL);
    jl_code_instance_t *ci = mi->cache;
    cr_assert(ci != NULL && ci->max_world == JL_WORLD_MAX, "%s%s has no current CodeInstance", f, types);
    return ci;
}

static int is_native(jl_code_instance_t *ci)
{
    return ci->isspecsig && ci->specptr != NULL && ci->invoke != NULL && ci->invoke != jl_fptr_interpret_call;
}

static void def_fib(void)
{
    ev("jfib(n) = " I "slt_int(n, 2) ? n : " I "add_int(jfib(" I "sub_int(n, 1)), jfib(" I "sub_int(n, 2)))");
}

Test(jit, fib_compiles_and_runs_natively)
{
    def_fib();
    cr_expect_eq(evi("jfib(20)"), 6765);
    jl_code_instance_t *ci = ci_of("jfib", "Tuple{Int64}");
    cr_expect(is_native(ci), "jfib(::Int64) was not compiled");
    cr_expect(jl_codegen_loaded());
    /* the specialized entry takes and returns a raw Int64 */
    int64_t (*spec)(int64_t) = (int64_t(*)(int64_t))ci->specptr;
    cr_expect_eq(spec(25), 75025);
    cr_expect_eq(evi("jfib(30)"), 832040);
}

Test(jit, loops_floats_and_conversions)
{
    ev("function jsum(n) ; s = 0.0; i = 1; while " I "sle_int(i, n); s = " I "add_float(s, " I
       "div_float(1.0, " I "sitofp(Float64, " I "mul_int(i, i)))); i = " I "add_int(i, 1); end; s end");
    jl_value_t *v = ev("jsum(1000)");
    cr_assert(jl_is_float64(v));
    double want = 0;
    for (int i = 1; i <= 1000; i++)
        want += 1.0 / ((double)i * i);
    cr_expect_eq(jl_unbox_float64(v), want);
    cr_expect(is_native(ci_of("jsum", "Tuple{Int64}")));
    /* wrapping, shifts past the width, unsigned compares, truncation */
    ev("jwrap(x) = " I "add_int(x, 1)");
    cr_expect_eq(evi("jwrap(9223372036854775807)"), INT64_MIN);
    ev("jshl(x, y) = " I "shl_int(x, y)");
    cr_expect_eq(evi("jshl(1, 3)"), 8);
    cr_expect_eq(evi("jshl(1, 64)"), 0);
    ev("jashr(x, y) = " I "ashr_int(x, y)");
    cr_expect_eq(evi("jashr(-8, 100)"), -1);
    ev("jtr(x) = " I "sext_int(Int64, " I "trunc_int(Int8, x))");
    cr_expect_eq(evi("jtr(255)"), -1);
}

Test(jit, division_errors_and_checked_arithmetic)
{
    ev("jdiv(x, y) = " I "sdiv_int(x, y)");
    cr_expect_eq(evi("jdiv(7, 2)"), 3);
    cr_expect_eq(evi("jdiv(" I "sub_int(-9223372036854775807, 1), -1)"), INT64_MIN); /* wraps, no trap */
    cr_expect(is_native(ci_of("jdiv", "Tuple{Int64, Int64}")));
    jl_value_t *r = jl_eval_string("jdiv(1, 0)");
    cr_expect_null(r);
    cr_expect_str_eq(jl_typename_str(jl_current_exception()), "DivideError");
    ev("jck(x, y) = " I "checked_sadd_int(x, y)");
    jl_value_t *t = ev("jck(9223372036854775807, 1)");
    cr_expect(jl_is_tuple(t));
    cr_expect_eq(jl_get_nth_field(t, 1), jl_true);
    cr_expect_eq(jl_unbox_int64(jl_get_nth_field(t, 0)), INT64_MIN);
}

Test(jit, type_unstable_code_uses_dynamic_dispatch)
{
    ev("jpick(c) = c ? 1 : 2.5");
    ev("jdbl(x::Int64) = " I "mul_int(x, 2)");
    ev("jdbl(x::Float64) = " I "mul_float(x, 2.0)");
    ev("jdyn(c) = jdbl(jpick(c))");
    cr_expect_eq(evi("jdyn(true)"), 2);
    jl_value_t *v = ev("jdyn(false)");
    cr_assert(jl_is_float64(v));
    cr_expect_eq(jl_unbox_float64(v), 5.0);
    cr_expect(is_native(ci_of("jdyn", "Tuple{Bool}")));
    /* an argument of abstract type: boxed values through the generic entry */
    ev("jany(x) = jdbl(x)");
    cr_expect_eq(evi("jany(Core.compilerbarrier(:type, 21))"), 42);
}

Test(jit, exceptions_through_compiled_frames)
{
    ev("jthrow(x) = " I "slt_int(x, 0) ? Core.throw(" I "mul_int(x, 10)) : x");
    cr_expect_eq(evi("jthrow(3)"), 3);
    cr_expect(is_native(ci_of("jthrow", "Tuple{Int64}")));
    /* caught by an interpreted try at top level */
    cr_expect_eq(evi("try jthrow(-1); 0 catch e; e end"), -10);
    /* caught by a compiled try */
    ev("function jcatch(x) ; try ; return jthrow(x) ; catch e ; return " I "add_int(e, 1) ; end ; end");
    cr_expect_eq(evi("jcatch(5)"), 5);
    cr_expect_eq(evi("jcatch(-5)"), -49);
    cr_expect(is_native(ci_of("jcatch", "Tuple{Int64}")));
    cr_expect_eq(evi("jcatch(-6)"), -59);
    /* a slot assigned inside the try and read in the catch keeps its value across the longjmp */
    ev("function jslot(x) ; s = 1 ; try ; s = 2 ; jthrow(x) ; s = 3 ; catch e ; return s ; end ; s end");
    cr_expect_eq(evi("jslot(-1)"), 2);
    cr_expect_eq(evi("jslot(1)"), 3);
}

Test(jit, redefinition_takes_effect)
{
    ev("jf() = 1");
    ev("jg() = jf()");
    cr_expect_eq(evi("jg()"), 1);
    cr_expect(is_native(ci_of("jg", "Tuple{}")));
    ev("jf() = 2");
    cr_expect_eq(evi("jg()"), 2);
    /* a non-inlined callee reached through its entry point */
    ev("jh(x) = " I "add_int(jfib(x), 1)");
    def_fib();
    cr_expect_eq(evi("jh(10)"), 56);
    ev("jfib(n) = " I "mul_int(n, 3)");
    cr_expect_eq(evi("jh(10)"), 31);
}

/* JIT batches share one generic-ABI wrapper per signature (it calls through ci->specptr): the
   functions keep their own specialized entries and each returns its own result through it */
Test(jit, generic_wrappers_shared_per_signature)
{
    ev("jw1(x) = " I "add_int(x, 1)");
    ev("jw2(x) = " I "mul_int(x, 3)");
    ev("jw3(x) = " I "slt_int(x, 3)");
    ev("jw4(x, y) = " I "sub_int(x, y)");
    cr_expect_eq(evi("jw1(10)"), 11);
    cr_expect_eq(evi("jw2(10)"), 30);
    cr_expect(ev("jw3(10)") == jl_false);
    cr_expect_eq(evi("jw4(10, 4)"), 6);
    jl_code_instance_t *c1 = ci_of("jw1", "Tuple{Int64}"), *c2 = ci_of("jw2", "Tuple{Int64}");
    jl_code_instance_t *c3 = ci_of("jw3", "Tuple{Int64}"), *c4 = ci_of("jw4", "Tuple{Int64, Int64}");
    cr_assert(is_native(c1) && is_native(c2) && is_native(c3) && is_native(c4));
    cr_expect(c1->specptr != c2->specptr);
    cr_expect(c1->invoke == c2->invoke, "Int64 -> Int64 functions should share their wrapper");
    cr_expect(c3->invoke != c1->invoke, "another return type needs another wrapper");
    cr_expect(c4->invoke != c1->invoke, "another argument list needs another wrapper");
    /* through the generic ABI, each still runs its own code */
    jl_value_t *a = jl_box_int64(7);
    cr_expect_eq(jl_unbox_int64(c1->invoke(ev("jw1"), &a, 1, c1)), 8);
    cr_expect_eq(jl_unbox_int64(c2->invoke(ev("jw2"), &a, 1, c2)), 21);
    /* the codegen library counts CPU time per phase */
    jl_codegen_stats_t st;
    jl_codegen_load()->get_stats(&st);
    cr_expect(st.nmodules >= 4 && st.passes_cpu_us > 0 && st.link_cpu_us > 0);
}

/* a value of `type` built from boxed fields, bound to a global of Main */
static void bind_struct(const char *name, const char *type, jl_value_t **fields, uint32_t n)
{
    jl_value_t *v = jl_new_structv((jl_datatype_t *)ev(type), fields, n);
    jl_set_global(jl_main_module, jl_symbol(name), v);
}

Test(jit, structs_and_tuples)
{
    /* typed fields (their constructors need Base's convert: instances are made here) */
    ev("struct JP; x::Int64; y::Float64; end");
    jl_value_t *pf[2] = {jl_box_int64(4), jl_box_float64(4.0)};
    bind_struct("JPV", "JP", pf, 2);
    ev("jget(p) = " I "add_float(Core.getfield(p, :y), " I "sitofp(Float64, Core.getfield(p, 1)))");
    cr_expect_eq(jl_unbox_float64(ev("jget(JPV)")), 8.0);
    cr_expect(is_native(ci_of("jget", "Tuple{JP}")));
    ev("mutable struct JM; n::Int64; end");
    jl_value_t *mf[1] = {jl_box_int64(5)};
    bind_struct("JMV", "JM", mf, 1);
    ev("function jbump(m, k) ; i = 0; while " I "slt_int(i, k); Core.setfield!(m, :n, " I
       "add_int(Core.getfield(m, :n), 1)); i = " I "add_int(i, 1); end; Core.getfield(m, :n) end");
    cr_expect_eq(evi("jbump(JMV, 10)"), 15);
    cr_expect_eq(evi("Core.getfield(JMV, :n)"), 15);
    cr_expect(is_native(ci_of("jbump", "Tuple{JM, Int64}")));
    /* `new` of untyped fields, tuples as aggregates */
    ev("struct JU; a; b; end");
    ev("jnew(x) = Core.getfield(JU(x, " I "add_int(x, 1)), :b)");
    cr_expect_eq(evi("jnew(41)"), 42);
    cr_expect(is_native(ci_of("jnew", "Tuple{Int64}")));
    ev("jtup(a) = Core.getfield(Core.tuple(a, " I "add_int(a, 1)), 2)");
    cr_expect_eq(evi("jtup(41)"), 42);
}

Test(jit, arrays_with_bounds_checks)
{
    jl_value_t *at = jl_apply_array_type((jl_value_t *)jl_int64_type, 1);
    jl_set_global(jl_main_module, jl_symbol("JA10"), (jl_value_t *)jl_alloc_array_1d(at, 10));
    jl_set_global(jl_main_module, jl_symbol("JA3"), (jl_value_t *)jl_alloc_array_1d(at, 3));
    ev("function jfill(a, n) ; i = 1; while " I "sle_int(i, n); Core.arrayset(true, a, " I
       "mul_int(i, i), i); i = " I "add_int(i, 1); end; s = 0; i = 1; while " I
       "sle_int(i, n); s = " I "add_int(s, Core.arrayref(true, a, i)); i = " I "add_int(i, 1); end; s end");
    cr_expect_eq(evi("jfill(JA10, 10)"), 385);
    cr_expect(is_native(ci_of("jfill", "Tuple{Array{Int64, 1}, Int64}")));
    jl_value_t *r = jl_eval_string("jfill(JA3, 4)");
    cr_expect_null(r);
    cr_expect_str_eq(jl_typename_str(jl_current_exception()), "BoundsError");
}

/* `function name(n)`: a loop of `nsteps` multiply-add steps, each with its own constant */
static void def_steps(char *buf, size_t cap, const char *name, int k0, int nsteps)
{
    size_t len = (size_t)snprintf(buf, cap, "function %s(n) ; s = 0; i = 0; while " I "slt_int(i, n); ", name);
    for (int k = 0; k < nsteps; k++)
        len += (size_t)snprintf(buf + len, cap - len, "s = " I "add_int(" I "mul_int(s, %d), i); ", k0 + k);
    snprintf(buf + len, cap - len, "i = " I "add_int(i, 1); end; s end");
    ev(buf);
}

static int64_t steps(int64_t n, int k0, int nsteps)
{
    uint64_t s = 0;
    for (int64_t i = 0; i < n; i++)
        for (int k = 0; k < nsteps; k++)
            s = s * (uint64_t)(k0 + k) + (uint64_t)i;
    return (int64_t)s;
}

Test(jit, large_batches_compile_on_two_threads)
{
    if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
        cr_skip_test("one CPU: batches compile on this thread alone");
    static char buf[16384];
    def_steps(buf, sizeof(buf), "jsteps_a", 3, 120);
    def_steps(buf, sizeof(buf), "jsteps_b", 7, 100);
    ev("jsteps_ab(n) = (jsteps_a(n), jsteps_b(n))"); /* one batch: the callees' types are known */
    jl_codegen_stats_t before, after;
    jl_codegen_load()->get_stats(&before);
    jl_value_t *r = ev("jsteps_ab(1000)");
    jl_codegen_load()->get_stats(&after);
    cr_assert(jl_is_tuple(r));
    cr_expect_eq(jl_unbox_int64(jl_get_nth_field(r, 0)), steps(1000, 3, 120));
    cr_expect_eq(jl_unbox_int64(jl_get_nth_field(r, 1)), steps(1000, 7, 100));
    cr_expect_eq(after.nsplit, before.nsplit + 1, "the batch was not split (%llu -> %llu)",
                 (unsigned long long)before.nsplit, (unsigned long long)after.nsplit);
    cr_expect(is_native(ci_of("jsteps_a", "Tuple{Int64}")) && is_native(ci_of("jsteps_b", "Tuple{Int64}")));
    /* each half calls into the other's code through the JIT's linker */
    cr_expect_eq(evi("jsteps_b(5)"), steps(5, 7, 100));
}

Test(jit, code_llvm_of_fib_has_no_runtime_calls)
{
    def_fib();
    char *err = NULL;
    char *s = jl_code_llvm_str(ev("jfib"), ev("Tuple{Int64}"), 1, 0, &err);
    cr_assert_not_null(s, "%s", err ? err : "");
    cr_expect(strstr(s, "define i64 @julia_jfib_") != NULL, "%s", s);
    cr_expect(strstr(s, "i64 signext %0") != NULL, "%s", s);
    /* the only runtime references allowed: the entry stack check (a load of jl_stack_limit and, on
       its cold path, the StackOverflowError thrower) */
    for (char *line = s; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        size_t len = strchr(line, '\n') ? (size_t)(strchr(line, '\n') - line) : strlen(line);
        char buf[512];
        snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf - 1 ? len : sizeof buf - 1), line);
        if (strstr(buf, "@jl_") && !strstr(buf, "@jl_stack_limit") && !strstr(buf, "@jl_throw_stack_overflow"))
            cr_expect(0, "runtime call in line: %s\n%s", buf, s);
    }
    free(s);
    char *a = jl_code_native_str(ev("jfib"), ev("Tuple{Int64}"), 0, &err);
    cr_assert_not_null(a, "%s", err ? err : "");
    cr_expect(strstr(a, "julia_jfib_") != NULL);
    free(a);
}

/* a compiled function with a frame record reads the current task with one %fs-relative load (x86-64
   Linux), and the record it links is the one a backtrace walks */
Test(jit, frame_record_reads_the_task_from_tls)
{
    ev("jthrow(x) = " I "slt_int(x, 0) ? Core.throw(" I "mul_int(x, 10)) : x");
    ev("jtwice(x) = jthrow(jthrow(x))");
    cr_expect_eq(evi("jtwice(4)"), 4);
    cr_expect(is_native(ci_of("jtwice", "Tuple{Int64}")));
    cr_expect_eq(evi("try jtwice(-2) catch e; e end"), -20);
#if defined(__x86_64__) && defined(__linux__)
    char *tp;
    __asm__("movq %%fs:0, %0" : "=r"(tp));
    cr_expect(tp + jl_tls_task_offset == (char *)&jl_current_task);
    char *err = NULL;
    char *s = jl_code_llvm_str(ev("jtwice"), ev("Tuple{Int64}"), 1, 0, &err);
    cr_assert_not_null(s, "%s", err ? err : "");
    cr_expect(strstr(s, "addrspace(257)") != NULL, "%s", s);
    cr_expect(strstr(s, "jl_get_current_task") == NULL, "%s", s);
    free(s);
#endif
}

Test(jit, trace_compile_prints_each_signature_once)
{
    char path[] = "/tmp/julep_trace_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    jl_options.trace_compile = path;
    ev("jtr2(x) = " I "add_int(x, x)");
    cr_expect_eq(evi("jtr2(2)"), 4);
    cr_expect_eq(evi("jtr2(3)"), 6);
    ev("jtr2(" I "trunc_int(Int32, 5))");
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    char buf[4096];
    size_t n = fread(buf, 1, sizeof(buf) - 1, f);
    buf[n] = 0;
    fclose(f);
    unlink(path);
    cr_expect_str_eq(buf, "precompile(Tuple{typeof(Main.jtr2), Int64})\n"
                          "precompile(Tuple{typeof(Main.jtr2), Int32})\n");
}

Test(jit, precompile_compiles_ahead_of_time)
{
    ev("jpre(x::Int64) = " I "mul_int(x, 7)");
    cr_expect_eq(jl_compile_hint(ev("Tuple{typeof(jpre), Int64}")), 1);
    cr_expect(is_native(ci_of("jpre", "Tuple{Int64}")));
    cr_expect_eq(evi("jpre(6)"), 42);
    cr_expect_eq(jl_compile_hint(ev("Tuple{typeof(jpre), String}")), 0);
}

/* --compile=min: the interpreter runs everything, LLVM is never loaded */
static void init_min(void)
{
    jl_options_t o;
    jl_options_default(&o);
    o.compile_enabled = JL_OPTIONS_COMPILE_MIN;
    jl_init(&o);
}

Test(jit_min, compile_min_never_loads_llvm, .init = init_min)
{
    def_fib();
    cr_expect_eq(evi("jfib(20)"), 6765);
    cr_expect(!jl_codegen_loaded());
    cr_expect(!is_native(ci_of("jfib", "Tuple{Int64}")));
}

/* The first compilation loads LLVM on a background thread; a loop-free method runs in the interpreter
   meanwhile, and is compiled on a call after the load (jl_compile_pending: at once). */
Test(jit_background, loop_free_methods_interpret_while_llvm_loads, .init = jl_test_init)
{
    cr_assert(!jl_codegen_loaded());
    ev("bfib(n) = " I "slt_int(n, 2) ? n : " I "add_int(bfib(" I "sub_int(n, 1)), bfib(" I "sub_int(n, 2)))");
    cr_expect_eq(evi("bfib(20)"), 6765);
    cr_expect(jl_codegen_loading() || jl_codegen_loaded(), "the first compilation did not start loading LLVM");
    jl_compile_pending();
    cr_expect(jl_codegen_loaded() && !jl_codegen_loading());
    cr_expect(is_native(ci_of("bfib", "Tuple{Int64}")), "bfib was not compiled after the load");
    cr_expect_eq(evi("bfib(25)"), 75025);
}

Test(jit_background, methods_with_loops_wait_for_llvm, .init = jl_test_init)
{
    ev("bone(x) = " I "add_int(x, 1)");
    cr_expect_eq(evi("bone(1)"), 2); /* starts the load */
    ev("function bsum(n); s = 0; i = 1; while " I "sle_int(i, n); s = " I "add_int(s, i); i = " I
       "add_int(i, 1); end; s end");
    cr_expect_eq(evi("bsum(100)"), 5050);
    cr_expect(is_native(ci_of("bsum", "Tuple{Int64}")), "a method with a loop ran before LLVM loaded");
}
