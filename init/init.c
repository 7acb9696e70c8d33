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
#include <unistd.h>
#include <uv.h>
#include "julep_internal.h"
#include "iostream.h"
#include "init.h"
#include "gf.h"
#include "toplevel.h"
#include "../sysimage/image.h"

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

static int writing_output(void)
{
    const jl_options_t *o = &jl_options;
    return o->outputji || o->outputo || o->outputbc || o->outputunoptbc || o->outputasm;
}

/* The image to start from: -J's, else the default one next to the binary (<bindir>/../lib/julep/sys.ji)
   unless an image is being written (Julia's rule: --output-* start from source without -J). */
static const char *image_path(void)
{
    static char path[4096];
    if (jl_options.image_file_specified) {
        /* -J app.so names the image by its native code: the data file is app.ji beside it, unless
           app.so holds the data itself (linked from an --output-o object) */
        size_t n = strlen(jl_options.image_file);
        if (n > 3 && strcmp(jl_options.image_file + n - 3, ".so") == 0 && !jl_image_is_embedded(jl_options.image_file)) {
            jl_image_companion(jl_options.image_file, ".ji", path, sizeof path);
            return path;
        }
        return jl_options.image_file;
    }
    if (writing_output() || jl_options.julep_bindir == NULL || getenv("JULEP_NO_IMAGE") != NULL)
        return NULL;
    snprintf(path, sizeof path, "%s/../lib/julep/sys.ji", jl_options.julep_bindir);
    return path;
}

/* The image's native code (<image>.so, sysimage/image_native.c), unless --sysimage-native-code=no.
   A bad code file is reported and ignored: the image's functions then compile on first call. */
static void load_native_code(const char *path)
{
    char msg[512], detail[600];
    uint64_t t0 = jl_hrtime_us();
    if (jl_options.use_sysimage_native_code == JL_OPTIONS_NO) {
        jl_trace_startup_step("native", 0, "native code not used (--sysimage-native-code=no)");
        return;
    }
    int r = jl_image_native_load(path, jl_image_loaded_id(), msg, sizeof msg);
    if (r < 0) {
        char so[4096];
        jl_image_companion(path, ".so", so, sizeof so);
        fprintf(stderr, "julep: warning: native code %s of the system image ignored: %s\n", so, msg);
    }
    if (r == 0)
        snprintf(detail, sizeof detail, "%zu functions from the image's native code", jl_image_native_count());
    else
        snprintf(detail, sizeof detail, "%s", r > 0 ? "no native code (data-only image)" : "native code ignored");
    jl_trace_startup_step("native", jl_hrtime_us() - t0, detail);
}

/* Map the system image in place of creating the builtin types. A missing or bad -J image ends the
   process; a missing or bad default image (not built yet, left from an earlier build) is reported on one
   line and Base is bootstrapped from source (a slow start, but a working session). */
static int load_image(const char *path)
{
    char *err = NULL;
    uint64_t t0 = jl_hrtime_us();
    if (jl_image_load(path, &err) == 0) {
        jl_trace_startup_step("types", jl_hrtime_us() - t0, "mapped from the system image");
        load_native_code(path);
        return 1;
    }
    if (jl_options.image_file_specified) {
        if (strcmp(err, "not found") == 0)
            fprintf(stderr, "julep: system image %s not found\n", path);
        else
            fprintf(stderr, "julep: system image %s is invalid: %s\n", path, err);
        exit(1);
    }
    char detail[300];
    snprintf(detail, sizeof detail, "default image %s ignored: %s", path, err);
    if (strcmp(err, "not found") == 0)
        fprintf(stderr, "julep: warning: system image %s not found; loading Base from source\n", path);
    else
        fprintf(stderr, "julep: warning: system image %s is invalid: %s; loading Base from source\n", path, err);
    jl_trace_startup_step("types", jl_hrtime_us() - t0, detail);
    return 0;
}

static const char *bootstrap_step(void)
{
    /* no system image: Base is bootstrapped from the base/ sources (src/toplevel.c), and its __init__s
       run there */
    int base = jl_init_base();
    if (base < 0)
        exit(1); /* the error is printed: no session without the Base it asked for */
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
    jl_set_parse_error_hook(jl_new_parse_error);
    const char *path = image_path();
    int from_image = path != NULL && load_image(path);
    if (!from_image)
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
    if (from_image) {
        STEP("image", jl_image_load_stats(), jl_image_init_after_load());
        STEP("__init__", "modules of the system image", jl_init_base_from_image());
    }
    else {
        const char *img = NULL;
        STEP("image", img, img = bootstrap_step());
        jl_trace_startup_step("__init__", 0, "run while Base loaded");
    }
    jl_compile_bootstrap_done(); /* code run while Base bootstraps stays interpreted until called again */
    jl_trace_startup_step("total", jl_hrtime_us() - (jl_options.startup_t0_us ? jl_options.startup_t0_us : t0),
                          NULL);
    return 0;
}

JL_DLLEXPORT int jl_is_initialized(void)
{
    return initialized;
}

static void output_failed(const char *what, const char *path, char *err)
{
    jl_ios_flush_stdout();
    fprintf(stderr, "julep: cannot write %s %s: %s\n", what, path, err ? err : "unknown error");
    free(err);
    exit(1);
}

/* --output-ji/-o/-bc/-unopt-bc: the outputs are written when the program has run successfully, as
   Julia does: the data file (--output-ji's, or a temporary one that --output-o's object embeds), then
   everything made of the compiled code in one pass of the code generator. */
static void write_outputs(void)
{
    const jl_options_t *o = &jl_options;
    char tmp[4200];
    const char *ji = o->outputji, *shown = o->outputji ? o->outputji : o->outputo;
    if (ji == NULL && o->outputo != NULL) {
        snprintf(tmp, sizeof tmp, "%s.%d.ji", o->outputo, (int)getpid());
        ji = tmp;
    }
    char *err = NULL;
    uint64_t t0 = jl_hrtime_us();
    if (ji != NULL && jl_image_write(ji, &err) != 0) {
        if (ji == tmp)
            unlink(tmp);
        output_failed("system image", shown, err);
    }
    if (ji != NULL)
        jl_trace_startup_step(o->outputji ? "output-ji" : "output-data", jl_hrtime_us() - t0, ji);
    t0 = jl_hrtime_us();
    jl_image_outputs_t out = {ji, o->outputji != NULL, o->outputo, o->outputbc, o->outputunoptbc};
    int r = jl_image_native_write(&out, &err);
    if (ji == tmp)
        unlink(tmp);
    if (r != 0)
        output_failed(shown ? "the native code of system image" : "the bitcode",
                      shown ? shown : o->outputbc ? o->outputbc : o->outputunoptbc, err);
    jl_trace_startup_step("output-code", jl_hrtime_us() - t0, "native code of the image");
}

JL_DLLEXPORT void jl_atexit_hook(int status)
{
    static int done;
    if (done++)
        return;
    if (jl_current_task)
        jl_gc_safepoint();
    if (status == 0 && (jl_options.outputji || jl_options.outputo || jl_options.outputbc ||
                        jl_options.outputunoptbc))
        write_outputs();
    jl_ios_flush_stdout();
    fflush(stderr);
    if (trace_out && trace_out != stderr && trace_out != stdout)
        fclose(trace_out);
    trace_out = NULL;
}

JL_DLLEXPORT const char *jl_ver_string(void)
{
    return JULEP_VERSION_STRING;
}
