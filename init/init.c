/*
 * init.c -- the startup sequence (DESIGN.md §2): options, GC, types, root task and libuv loop,
 * serializer tags, codegen, system image or Base bootstrap, __init__s. Each step is timed; with
 * `--trace-startup` each prints one line with its duration in microseconds, in this order.
 * Invariant: jl_init runs once per process; nothing here loads LLVM unless codegen decides it must.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uv.h>
#include "julep_internal.h"
#include "init.h"
#include "gf.h"
#include "toplevel.h"

static int initialized;
static FILE *trace_out;

JL_DLLEXPORT uint64_t jl_hrtime_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static void open_trace(const char *dest)
{
    if (dest == NULL)
        return;
    if (strcmp(dest, "stderr") == 0)
        trace_out = stderr;
    else if (strcmp(dest, "stdout") == 0)
        trace_out = stdout;
    else if ((trace_out = fopen(dest, "w")) == NULL)
        fprintf(stderr, "julep: cannot open --trace-startup file %s; tracing disabled\n", dest);
}

JL_DLLEXPORT void jl_trace_startup_step(const char *step, uint64_t usec, const char *detail)
{
    if (trace_out == NULL)
        return;
    fprintf(trace_out, "startup: %-12s %8llu us%s%s\n", step, (unsigned long long)usec,
            detail && *detail ? "  " : "", detail ? detail : "");
    fflush(trace_out);
}

/* Run one step and report it. */
#define STEP(name, detail, code) do {                       \
        uint64_t t0__ = jl_hrtime_us();                     \
        code;                                               \
        jl_trace_startup_step(name, jl_hrtime_us() - t0__, detail); \
    } while (0)

static void init_libuv(void)
{
    if (uv_default_loop() == NULL) {
        fprintf(stderr, "julep: cannot initialize the libuv event loop\n");
        exit(1);
    }
}

static const char *image_step(void)
{
    /* System images arrive with the sysimage issue; until then Base is bootstrapped from the base/ sources
       (src/toplevel.c), and its __init__s run there. */
    int base = jl_init_base();
    if (jl_options.image_file_specified)
        return "system images are not supported yet; ignoring -J";
    return base ? "no system image; Base bootstrapped from source" : "no system image; Base not loaded";
}

JL_DLLEXPORT int jl_init(const jl_options_t *opts)
{
    if (initialized)
        return 0;
    initialized = 1;
    uint64_t t0 = jl_hrtime_us();
    if (opts)
        jl_options = *opts;
    else
        jl_options_default(&jl_options);
    open_trace(jl_options.trace_startup);
    uint64_t t_opts = jl_options.startup_t0_us ? t0 - jl_options.startup_t0_us : 0;
    jl_trace_startup_step("options", t_opts, NULL);

    STEP("gc", NULL, jl_gc_init());
    STEP("types", NULL, {
        jl_init_types();
        jl_init_gf();
        jl_init_builtins();
        jl_main_module = jl_new_module(jl_s_Main, NULL);
        jl_module_using(jl_main_module, jl_core_module);
    });
    STEP("root-task", NULL, {
        jl_init_root_task(jl_gc_main_stack_base());
        init_libuv();
    });
    STEP("serializer", NULL, jl_init_serializer());
    STEP("codegen", jl_codegen_loaded() ? "LLVM loaded" : "LLVM deferred to first compilation",
         jl_init_codegen());
    const char *img = NULL;
    STEP("image", img, img = image_step());
    jl_compile_bootstrap_done(); /* code run while Base bootstraps stays interpreted until called again */
    jl_trace_startup_step("__init__", 0, "no modules to initialize");
    jl_trace_startup_step("total", jl_hrtime_us() - (jl_options.startup_t0_us ? jl_options.startup_t0_us : t0),
                          NULL);
    return 0;
}

JL_DLLEXPORT int jl_is_initialized(void)
{
    return initialized;
}

JL_DLLEXPORT void jl_atexit_hook(int status)
{
    (void)status;
    if (jl_current_task)
        jl_gc_safepoint();
    fflush(stdout);
    fflush(stderr);
    if (trace_out && trace_out != stderr && trace_out != stdout)
        fclose(trace_out);
    trace_out = NULL;
}

JL_DLLEXPORT const char *jl_ver_string(void)
{
    return JULEP_VERSION_STRING;
}
