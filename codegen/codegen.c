/*
 * codegen.c -- the runtime's side of the codegen boundary (in libjulep.so, never linked with LLVM):
 * decides when libjulep-codegen.so is loaded, loads it with dlopen and checks its table (codegen.h).
 */
#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "jloptions.h"
#include "../gc/gc.h"
#include "iostream.h"
#include "codegen.h"

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic(const jl_codegen_vtable_t *) codegen_table;
static char *load_error;              /* set once when a load fails; guarded by load_lock */
static int load_attempted;            /* guarded by load_lock */
static uint64_t dlopen_us, entry_us;  /* written once under load_lock, before the table is published */
static int eager_requested;           /* jl_init_codegen asked for an immediate load */
enum { BG_IDLE, BG_LOADING, BG_DONE };
static atomic_int background;         /* the state of a load started by jl_codegen_load_async */
static char status_line[160];

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static char *xstrdup(const char *s)
{
    char *r = strdup(s ? s : "(no message)");
    if (r == NULL)
        abort();
    return r;
}

static void set_load_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void set_load_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *msg = malloc(n > 0 ? (size_t)n + 1 : 1);
    if (msg == NULL)
        abort();
    va_start(ap, fmt);
    vsnprintf(msg, (size_t)n + 1, fmt, ap);
    va_end(ap);
    load_error = msg;
}

/* The codegen library's path: $JULEP_CODEGEN_LIBRARY, else the directory of libjulep.so. */
static char *codegen_library_path(void)
{
    const char *env = getenv(JL_CODEGEN_ENV);
    if (env != NULL && env[0] != '\0')
        return xstrdup(env);
    Dl_info info;
    if (dladdr((void *)&jl_codegen_load, &info) == 0 || info.dli_fname == NULL)
        return xstrdup(JL_CODEGEN_LIBNAME); /* fall back to the loader's search path */
    const char *slash = strrchr(info.dli_fname, '/');
    size_t dirlen = slash ? (size_t)(slash - info.dli_fname) + 1 : 0;
    size_t n = dirlen + sizeof(JL_CODEGEN_LIBNAME);
    char *path = malloc(n);
    if (path == NULL)
        abort();
    memcpy(path, info.dli_fname, dirlen);
    memcpy(path + dirlen, JL_CODEGEN_LIBNAME, sizeof(JL_CODEGEN_LIBNAME));
    return path;
}

static const jl_codegen_vtable_t *check_table(const jl_codegen_vtable_t *t, const char *path)
{
    if (t->abi_version != JL_CODEGEN_ABI_VERSION) {
        set_load_error("%s has codegen ABI version %u, the runtime needs %d (rebuild julep)", path,
                       (unsigned)t->abi_version, JL_CODEGEN_ABI_VERSION);
        return NULL;
    }
    if (t->size < sizeof(jl_codegen_vtable_t)) {
        set_load_error("%s has a codegen table of %u bytes, the runtime needs %zu (rebuild julep)",
                       path, (unsigned)t->size, sizeof(jl_codegen_vtable_t));
        return NULL;
    }
    return t;
}

/* Called with load_lock held, once. */
static const jl_codegen_vtable_t *load_locked(void)
{
    char *path = codegen_library_path();
    uint64_t t0 = now_us();
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    uint64_t t1 = now_us();
    const jl_codegen_vtable_t *t = NULL;
    if (h == NULL) {
        set_load_error("cannot load the code generator: %s", dlerror());
        goto done;
    }
    jl_codegen_entry_t entry = (jl_codegen_entry_t)dlsym(h, JL_CODEGEN_ENTRY);
    if (entry == NULL) {
        set_load_error("%s does not export " JL_CODEGEN_ENTRY, path);
        goto done; /* the library stays mapped: unloading LLVM is not worth the risk */
    }
    char *err = NULL;
    t = entry(JL_CODEGEN_ABI_VERSION, &err);
    uint64_t t2 = now_us();
    if (t == NULL) {
        set_load_error("code generator failed to initialize: %s", err ? err : "unknown error");
        free(err);
        goto done;
    }
    t = check_table(t, path);
    if (t != NULL) {
        dlopen_us = t1 - t0;
        entry_us = t2 - t1;
    }
done:
    free(path);
    return t;
}

JL_DLLEXPORT const jl_codegen_vtable_t *jl_codegen_load(void)
{
    const jl_codegen_vtable_t *t = atomic_load_explicit(&codegen_table, memory_order_acquire);
    if (t != NULL)
        return t;
    pthread_mutex_lock(&load_lock);
    t = atomic_load_explicit(&codegen_table, memory_order_relaxed);
    if (t == NULL && !load_attempted) {
        load_attempted = 1;
        t = load_locked();
        atomic_store_explicit(&codegen_table, t, memory_order_release);
    }
    pthread_mutex_unlock(&load_lock);
    return t;
}

/* The first compilation faults in a few MB of fresh collector heap (inference) and of malloc heap (LLVM)
   on the main thread; the loading thread maps them ahead (gc.h). The malloc part is a block the main
   thread allocated and freed at the top of its heap, which its next allocations reuse. */
#define PREFAULT_GC_BYTES (4 << 20)
#define PREFAULT_MALLOC_BYTES (4 << 20)
static void *malloc_ahead;

static void reserve_malloc_ahead(void)
{
    /* keep the freed block in the heap (not trimmed, LLVM's large buffers not mmapped one by one) */
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    malloc_ahead = malloc(PREFAULT_MALLOC_BYTES);
    free(malloc_ahead);
}

static void *background_load(void *arg)
{
    (void)arg;
    jl_gc_prefault_heap(PREFAULT_GC_BYTES);
    (void)jl_codegen_load();
    if (malloc_ahead != NULL)
        jl_prefault(malloc_ahead, PREFAULT_MALLOC_BYTES); /* free memory: mapping it changes no data */
    atomic_store(&background, BG_DONE);
    return NULL;
}

/* Leaving while the background thread is inside dlopen: exit() would wait for the loader and then run
   LLVM's destructors under the thread still initializing it. The exit handlers registered before this
   one (output flushing) have not run yet, so flush here and leave at once. */
static void exit_while_loading(int status, void *arg)
{
    (void)arg;
    if (atomic_load(&background) != BG_LOADING)
        return;
    jl_ios_flush_all();
    fflush(NULL);
    _exit(status);
}

JL_DLLEXPORT int jl_codegen_load_async(void)
{
    if (jl_codegen_loaded())
        return 0;
    int idle = BG_IDLE;
    if (atomic_compare_exchange_strong(&background, &idle, BG_LOADING)) {
        on_exit(exit_while_loading, NULL);
        reserve_malloc_ahead();
        /* the thread blocks every signal: SIGINT and the collector's signals go to the program's threads */
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        pthread_t th;
        if (pthread_create(&th, &attr, background_load, NULL) != 0)
            atomic_store(&background, BG_DONE); /* no thread: the next compilation loads it */
        pthread_attr_destroy(&attr);
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    }
    return atomic_load(&background) == BG_LOADING;
}

JL_DLLEXPORT int jl_codegen_loading(void)
{
    return atomic_load(&background) == BG_LOADING;
}

JL_DLLEXPORT int jl_codegen_loaded(void)
{
    return atomic_load_explicit(&codegen_table, memory_order_acquire) != NULL;
}

JL_DLLEXPORT const char *jl_codegen_error(void)
{
    pthread_mutex_lock(&load_lock);
    const char *e = load_error;
    pthread_mutex_unlock(&load_lock);
    return e;
}

JL_DLLEXPORT uint64_t jl_codegen_load_time_us(void)
{
    return jl_codegen_loaded() ? dlopen_us + entry_us : 0;
}

JL_DLLEXPORT uint64_t jl_codegen_dlopen_time_us(void)
{
    return jl_codegen_loaded() ? dlopen_us : 0;
}

/* LLVM is needed from the start when everything is compiled or an image/object is written. */
static int codegen_needed_at_init(void)
{
    return jl_options.compile_enabled == JL_OPTIONS_COMPILE_ALL || jl_options.outputo != NULL ||
           jl_options.outputji != NULL || jl_options.outputbc != NULL ||
           jl_options.outputunoptbc != NULL || jl_options.outputasm != NULL;
}

JL_DLLEXPORT void jl_init_codegen(void)
{
    /* the compile hook dispatch calls on a signature's first call (compile.c); not with
       --compile=min|no, so those never load LLVM */
    jl_compile_init_hook();
    eager_requested = codegen_needed_at_init();
    if (eager_requested)
        (void)jl_codegen_load();
}

JL_DLLEXPORT const char *jl_codegen_status(void)
{
    const jl_codegen_vtable_t *t = atomic_load_explicit(&codegen_table, memory_order_acquire);
    if (t != NULL)
        snprintf(status_line, sizeof(status_line), "LLVM %s loaded (dlopen %llu us, init %llu us)",
                 t->llvm_version(), (unsigned long long)dlopen_us, (unsigned long long)entry_us);
    else if (jl_codegen_error() != NULL)
        snprintf(status_line, sizeof(status_line), "LLVM not available: %s", jl_codegen_error());
    else if (jl_options.compile_enabled == JL_OPTIONS_COMPILE_MIN ||
             jl_options.compile_enabled == JL_OPTIONS_COMPILE_NO)
        snprintf(status_line, sizeof(status_line), "LLVM not loaded (interpreter only)");
    else
        snprintf(status_line, sizeof(status_line), "LLVM deferred to first compilation");
    return status_line;
}

JL_DLLEXPORT void *jl_codegen_jit_ir(const char *llvm_ir_text, const char *fname, char **err)
{
    const jl_codegen_vtable_t *t = jl_codegen_load();
    if (t == NULL) {
        if (err != NULL)
            *err = xstrdup(jl_codegen_error());
        return NULL;
    }
    return t->jit_compile_ir(llvm_ir_text, fname, err);
}
