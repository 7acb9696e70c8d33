/*
 * test_codegen.c -- the codegen boundary (codegen/codegen.h): lazy loading of libjulep-codegen.so,
 * JIT smoke tests through functions the codegen library builds with the LLVM C API, calls into the
 * runtime through absolute symbols, and errors that must not crash. This program never links libLLVM.
 */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "julep.h"
#include "jloptions.h"
#include "../../codegen/codegen.h"

typedef int64_t (*i64_i64_i64_t)(int64_t, int64_t);
typedef int64_t (*i64_i64_t)(int64_t);
typedef jl_value_t *(*box_i64_i64_t)(int64_t, int64_t);

static void init_runtime(int8_t compile)
{
    jl_options_t opts;
    jl_options_default(&opts);
    opts.compile_enabled = compile;
    cr_assert_eq(jl_init(&opts), 0, "jl_init failed");
}

static const jl_codegen_vtable_t *load_codegen(void)
{
    const jl_codegen_vtable_t *t = jl_codegen_load();
    cr_assert_not_null(t, "cannot load the codegen library: %s", jl_codegen_error());
    return t;
}

/* Is a file whose path contains `name` mapped into this process? */
static int mapped(const char *name)
{
    FILE *f = fopen("/proc/self/maps", "r");
    cr_assert_not_null(f);
    char line[1024];
    int found = 0;
    while (fgets(line, sizeof(line), f) != NULL)
        if (strstr(line, name) != NULL)
            found = 1;
    fclose(f);
    return found;
}

static void *build(const jl_codegen_vtable_t *t, const char *kind)
{
    char *err = NULL;
    void *f = t->build_sample(kind, &err);
    cr_assert_not_null(f, "build_sample(%s): %s", kind, err ? err : "(no message)");
    cr_assert_null(err);
    return f;
}

static void *jit_ir(const char *ir, const char *fname)
{
    char *err = NULL;
    void *f = jl_codegen_jit_ir(ir, fname, &err);
    cr_assert_not_null(f, "jit of %s failed: %s", fname, err ? err : "(no message)");
    return f;
}

/* ------------------------------------------------------------------ JIT smoke tests */

Test(codegen, jit_add_built_with_c_api)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    const jl_codegen_vtable_t *t = load_codegen();
    i64_i64_i64_t add = (i64_i64_i64_t)build(t, "add");
    cr_assert_eq(add(2, 3), 5);
    cr_assert_eq(add(-7, 7), 0);
    cr_assert_eq(add(INT64_C(1) << 40, 12345), (INT64_C(1) << 40) + 12345);
    jl_codegen_stats_t st;
    t->get_stats(&st);
    cr_assert_eq(st.nmodules, 1);
    cr_assert_gt(st.last_compile_us, 0);
    cr_assert_eq(st.opt_level, 2, "default -O level is 2, got %d", st.opt_level);
    /* a second build is a new module with its own symbol */
    i64_i64_i64_t add2 = (i64_i64_i64_t)build(t, "add");
    cr_assert_neq((void *)add2, (void *)add);
    cr_assert_eq(add2(40, 2), 42);
}

Test(codegen, jit_loop_built_with_c_api)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    i64_i64_t sum = (i64_i64_t)build(load_codegen(), "sum");
    cr_assert_eq(sum(-5), 0);
    cr_assert_eq(sum(0), 0);
    cr_assert_eq(sum(1), 1);
    cr_assert_eq(sum(10), 55);
    cr_assert_eq(sum(100000), INT64_C(5000050000));
}

Test(codegen, jit_ir_text_with_loop)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    static const char ir[] =
        "define i64 @julep_test_fact(i64 %n) {\n"
        "top:\n"
        "  br label %loop\n"
        "loop:\n"
        "  %i = phi i64 [ 1, %top ], [ %i2, %loop ]\n"
        "  %acc = phi i64 [ 1, %top ], [ %acc2, %loop ]\n"
        "  %acc2 = mul i64 %acc, %i\n"
        "  %i2 = add i64 %i, 1\n"
        "  %more = icmp sle i64 %i2, %n\n"
        "  br i1 %more, label %loop, label %done\n"
        "done:\n"
        "  ret i64 %acc2\n"
        "}\n";
    i64_i64_t fact = (i64_i64_t)jit_ir(ir, "julep_test_fact");
    cr_assert_eq(fact(1), 1);
    cr_assert_eq(fact(5), 120);
    cr_assert_eq(fact(20), INT64_C(2432902008176640000));
}

/* Threads race to load the library and then compile and run functions at the same time. */
static void *compile_in_thread(void *arg)
{
    intptr_t ok = 1;
    const jl_codegen_vtable_t *t = jl_codegen_load();
    for (int i = 0; t != NULL && i < 4; i++) {
        i64_i64_t sum = (i64_i64_t)t->build_sample("sum", NULL);
        i64_i64_i64_t add = (i64_i64_i64_t)t->build_sample("add", NULL);
        ok &= sum != NULL && add != NULL && sum(100) == 5050 && add(i, (intptr_t)arg) == i + (intptr_t)arg;
    }
    return (void *)(intptr_t)(ok && t != NULL && t == jl_codegen_load());
}

Test(codegen, concurrent_load_and_compile)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    pthread_t th[4];
    for (intptr_t i = 0; i < 4; i++)
        cr_assert_eq(pthread_create(&th[i], NULL, compile_in_thread, (void *)i), 0);
    for (int i = 0; i < 4; i++) {
        void *ok = NULL;
        pthread_join(th[i], &ok);
        cr_assert_eq(ok, (void *)1, "thread %d failed", i);
    }
    jl_codegen_stats_t st;
    jl_codegen_load()->get_stats(&st);
    cr_assert_eq(st.nmodules, 32);
}

/* ------------------------------------------------------------------ calls into the runtime */

Test(codegen, jitted_code_calls_jl_box_int64)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    box_i64_i64_t boxadd = (box_i64_i64_t)build(load_codegen(), "boxadd");
    jl_value_t *small = boxadd(40, 2);
    cr_assert_not_null(small);
    cr_assert(jl_typeis(small, jl_int64_type), "result is a %s", jl_typename_str(small));
    cr_assert_eq(jl_unbox_int64(small), 42);
    jl_value_t *big = boxadd(INT64_C(1) << 40, 7); /* outside the small-integer cache: allocates */
    cr_assert(jl_typeis(big, jl_int64_type));
    cr_assert_eq(jl_unbox_int64(big), (INT64_C(1) << 40) + 7);
}

Test(codegen, jitted_ir_calls_jl_box_float64)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    static const char ir[] = "declare ptr @jl_box_float64(double)\n"
                             "define ptr @julep_test_half(double %x) {\n"
                             "  %h = fmul double %x, 5.000000e-01\n"
                             "  %b = call ptr @jl_box_float64(double %h)\n"
                             "  ret ptr %b\n"
                             "}\n";
    jl_value_t *(*half)(double) = (jl_value_t * (*)(double)) jit_ir(ir, "julep_test_half");
    jl_value_t *v = half(5.0);
    cr_assert(jl_typeis(v, jl_float64_type));
    cr_assert_float_eq(jl_unbox_float64(v), 2.5, 0.0);
}

Test(codegen, runtime_entry_points_are_absolute_symbols)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    const jl_codegen_vtable_t *t = load_codegen();
    jl_codegen_stats_t st;
    t->get_stats(&st);
    cr_assert_geq(st.nruntime_symbols, 8, "only %u runtime symbols registered", st.nruntime_symbols);
    static const char *const names[] = {"jl_box_int64", "jl_box_float64", "jl_throw", "jl_gc_alloc",
                                        "jl_symbol"};
    static void *const addrs[] = {(void *)jl_box_int64, (void *)jl_box_float64, (void *)jl_throw,
                                  NULL /* jl_gc_alloc: not in julep.h */, (void *)jl_symbol};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        char *err = NULL;
        void *a = t->lookup(names[i], &err);
        cr_assert_not_null(a, "%s: %s", names[i], err ? err : "");
        if (addrs[i] != NULL)
            cr_assert_eq(a, addrs[i], "%s resolves to %p, not %p", names[i], a, addrs[i]);
        /* defined in the main JITDylib itself (not found through the process's exported symbols,
           which live in another JITDylib): defining it again is a duplicate */
        err = NULL;
        cr_assert_neq(t->add_symbol(names[i], (void *)&jl_options, &err), 0,
                      "%s is not an absolute symbol of the main JITDylib", names[i]);
        cr_assert(err != NULL && strstr(err, "uplicate") != NULL, "unexpected message: %s", err);
        free(err);
    }
}

/* Not exported from any library: only an absolute symbol can make it visible to JITted code. */
static int64_t hidden_triple(int64_t x)
{
    return 3 * x + 1;
}

Test(codegen, add_symbol_resolves_unexported_function)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    const jl_codegen_vtable_t *t = load_codegen();
    static const char ir[] = "declare i64 @julep_test_hidden_triple(i64)\n"
                             "define i64 @julep_test_call_hidden(i64 %x) {\n"
                             "  %r = call i64 @julep_test_hidden_triple(i64 %x)\n"
                             "  ret i64 %r\n"
                             "}\n";
    char *err = NULL;
    /* before registration the symbol cannot be found: a clear error, not a crash */
    cr_assert_null(t->jit_compile_ir(ir, "julep_test_call_hidden", &err));
    cr_assert_not_null(err);
    cr_assert(strstr(err, "julep_test_hidden_triple") != NULL, "unexpected message: %s", err);
    free(err);
    err = NULL;
    cr_assert_eq(t->add_symbol("julep_test_hidden_triple", (void *)hidden_triple, &err), 0, "%s", err);
    /* the failed module was removed, so the same name can be defined again */
    i64_i64_t f = (i64_i64_t)t->jit_compile_ir(ir, "julep_test_call_hidden", &err);
    cr_assert_not_null(f, "%s", err ? err : "");
    cr_assert_eq(f(14), 43);
    /* a symbol cannot be defined twice */
    cr_assert_neq(t->add_symbol("julep_test_hidden_triple", (void *)hidden_triple, &err), 0);
    cr_assert_not_null(err);
    free(err);
}

/* ------------------------------------------------------------------ lazy loading */

Test(codegen, llvm_not_loaded_until_needed)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    cr_assert(!mapped("libLLVM"), "libLLVM is mapped after jl_init with default options");
    cr_assert(!mapped(JL_CODEGEN_LIBNAME));
    cr_assert_eq(jl_codegen_loaded(), 0);
    cr_assert_eq(jl_codegen_load_time_us(), 0);
    cr_assert(strstr(jl_codegen_status(), "deferred") != NULL, "status: %s", jl_codegen_status());
    load_codegen();
    /* LLVM is linked into the codegen library (statically, or libLLVM.so with LLVM_SHARED=1) */
    cr_assert(mapped(JL_CODEGEN_LIBNAME), "the code generator is not mapped after jl_codegen_load");
    cr_assert_eq(jl_codegen_loaded(), 1);
    cr_assert_gt(jl_codegen_load_time_us(), 0);
    cr_assert(strstr(jl_codegen_status(), "loaded") != NULL, "status: %s", jl_codegen_status());
    cr_assert_eq(jl_codegen_load(), jl_codegen_load(), "jl_codegen_load is not idempotent");
}

Test(codegen, a_method_definition_starts_loading_llvm)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    cr_assert_eq(jl_codegen_loaded(), 0);
    cr_assert_not_null(jl_eval_string("julep_defined_first(x) = x + 1"));
    cr_assert(jl_codegen_loading() || jl_codegen_loaded(), "status: %s", jl_codegen_status());
    load_codegen(); /* waits for the background load */
    cr_assert(mapped(JL_CODEGEN_LIBNAME));
}

Test(codegen, compile_all_loads_llvm_at_init)
{
    init_runtime(JL_OPTIONS_COMPILE_ALL);
    cr_assert_eq(jl_codegen_loaded(), 1, "--compile=all did not load the code generator: %s",
                 jl_codegen_error() ? jl_codegen_error() : "no error recorded");
    cr_assert(mapped(JL_CODEGEN_LIBNAME));
}

Test(codegen, writing_an_image_loads_llvm_at_init)
{
    jl_options_default(&jl_options);
    jl_options.outputo = "/nonexistent/julep-test.o";
    jl_init_codegen();
    cr_assert_eq(jl_codegen_loaded(), 1, "--output-o did not load the code generator");
    cr_assert(mapped(JL_CODEGEN_LIBNAME));
}

Test(codegen, interpreter_only_never_loads_llvm)
{
    jl_options_default(&jl_options);
    jl_options.compile_enabled = JL_OPTIONS_COMPILE_MIN;
    jl_init_codegen();
    cr_assert_eq(jl_codegen_loaded(), 0);
    cr_assert(!mapped("libLLVM") && !mapped(JL_CODEGEN_LIBNAME));
    cr_assert(strstr(jl_codegen_status(), "not loaded") != NULL, "status: %s", jl_codegen_status());
}

/* ------------------------------------------------------------------ errors */

Test(codegen, invalid_ir_is_an_error_not_a_crash)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    char *err = NULL;
    void *f = jl_codegen_jit_ir("define i64 @julep_bad(i64 %x) {\n  ret i64 %y\n}\n", "julep_bad", &err);
    cr_assert_null(f);
    cr_assert_not_null(err);
    cr_assert(strstr(err, "cannot parse LLVM IR") != NULL, "unexpected message: %s", err);
    free(err);
    err = NULL;
    cr_assert_null(jl_codegen_jit_ir("this is not IR", "f", &err));
    cr_assert_not_null(err);
    free(err);
    err = NULL;
    /* a module that parses but lacks the requested function */
    cr_assert_null(jl_codegen_jit_ir("define void @julep_other() {\n  ret void\n}\n", "julep_f", &err));
    cr_assert(err != NULL && strstr(err, "julep_f") != NULL);
    free(err);
    /* the JIT still works afterwards */
    i64_i64_t ok = (i64_i64_t)jit_ir("define i64 @julep_ok(i64 %x) {\n  %y = add i64 %x, 1\n"
                                     "  ret i64 %y\n}\n", "julep_ok");
    cr_assert_eq(ok(41), 42);
}

Test(codegen, missing_library_is_a_clear_error)
{
    setenv(JL_CODEGEN_ENV, "/nonexistent/libjulep-codegen.so", 1);
    init_runtime(JL_OPTIONS_COMPILE_YES);
    cr_assert_null(jl_codegen_load());
    const char *e = jl_codegen_error();
    cr_assert_not_null(e);
    cr_assert(strstr(e, "cannot load the code generator") != NULL, "unexpected message: %s", e);
    cr_assert_null(jl_codegen_load(), "a failed load must stay failed");
    char *err = NULL;
    cr_assert_null(jl_codegen_jit_ir("define void @f() {\n  ret void\n}\n", "f", &err));
    cr_assert(err != NULL && strstr(err, "cannot load") != NULL);
    free(err);
    cr_assert_eq(jl_codegen_loaded(), 0);
    cr_assert(!mapped("libLLVM") && !mapped(JL_CODEGEN_LIBNAME));
}

Test(codegen, no_use_after_shutdown)
{
    init_runtime(JL_OPTIONS_COMPILE_YES);
    const jl_codegen_vtable_t *t = load_codegen();
    build(t, "add");
    t->shutdown();
    char *err = NULL;
    cr_assert_null(t->build_sample("add", &err));
    cr_assert(err != NULL && strstr(err, "shut down") != NULL);
    free(err);
    err = NULL;
    cr_assert_null(t->lookup("jl_box_int64", &err));
    free(err);
    t->shutdown(); /* twice is harmless */
}
