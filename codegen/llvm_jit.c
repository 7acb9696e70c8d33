/*
 * llvm_jit.c -- the ORC JIT of libjulep-codegen.so (linked with libLLVM-19): LLVM native target init,
 * one LLJIT, the runtime's entry points as absolute symbols, the pass pipeline at the -O level, and the
 * exported entry `jl_codegen_entry` that hands the runtime its function table (codegen.h).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "iostream.h"
#include "jloptions.h"
#include "../gc/gc.h"
#include "llvm_jit.h"

/* Runtime entry points JITted code may call, registered as absolute symbols in the main JITDylib so
   that they resolve whatever the visibility of libjulep's symbols in the process. Names the runtime
   does not define (yet) are skipped and counted; a module that uses one fails to link with an error.
   Extend freely: one name per line, grouped by subsystem. */
static const char *const runtime_symbols[] = {
    /* boxing and unboxing */
    "jl_box_int8", "jl_box_uint8", "jl_box_int16", "jl_box_uint16", "jl_box_int32", "jl_box_uint32",
    "jl_stack_limit", "jl_throw_stack_overflow", "jl_tls_task_offset",
    "jl_box_int64", "jl_box_uint64", "jl_box_float32", "jl_box_float64", "jl_box_bool", "jl_box_char",
    "jl_box_voidpointer", "jl_unbox_int64", "jl_unbox_int32", "jl_unbox_uint64", "jl_unbox_uint32",
    "jl_unbox_uint8", "jl_unbox_float64", "jl_unbox_float32", "jl_unbox_bool", "jl_unbox_char",
    /* allocation (gc/) */
    "jl_gc_alloc", "jl_gc_alloc_atomic", "jl_gc_alloc_typed", "jl_gc_alloc_buf",
    "jl_gc_alloc_buf_atomic", "jl_gc_safepoint", "jl_gc_collect", "jl_gc_add_root", "jl_gc_remove_root",
    "jl_new_bits", "jl_new_struct_uninit", "jl_new_structv", "jl_tuplev", "jl_alloc_svec",
    "jl_alloc_array_1d", "jl_alloc_vec_any", "jl_alloc_string", "jl_pchar_to_string",
    /* fields, arrays, globals */
    "jl_get_nth_field", "jl_set_nth_field", "jl_field_isdefined", "jl_arrayref", "jl_arrayset",
    "jl_array_grow_end", "jl_array_del_end", "jl_array_ptr_1d_push", "jl_symbol", "jl_symbol_n",
    "jl_get_binding", "jl_get_binding_wr", "jl_get_global", "jl_set_global", "jl_boundp",
    /* types and dispatch */
    "jl_apply_generic", "jl_invoke", "jl_isa", "jl_subtype", "jl_egal", "jl_typename_str",
    /* exceptions */
    "jl_throw", "jl_rethrow", "jl_error", "jl_type_error", "jl_bounds_error_int",
    "jl_undefined_var_error", "jl_argument_error", "jl_enter_handler", "jl_pop_handler",
    "jl_eh_restore_state", "jl_current_exception",
    /* singletons and builtin types (data symbols: their address is the global's address) */
    "jl_nothing", "jl_true", "jl_false", "jl_emptytuple", "jl_emptysvec", "jl_any_type",
    "jl_int64_type", "jl_float64_type", "jl_bool_type",
};

static struct {
    pthread_mutex_t lock;
    int alive;
    LLVMOrcLLJITRef jit;
    LLVMOrcJITDylibRef main_jd;
    LLVMOrcThreadSafeContextRef tsc;
    LLVMContextRef ctx;
    LLVMTargetMachineRef tm_passes;   /* for the pass pipeline; the JIT owns its own copy */
    LLVMPassBuilderOptionsRef pbopts;
    char passes[1024];                /* the pass pipeline (pass_pipeline) */
    char *triple;
    char *datalayout;
    char version[32];
    unsigned nounwind_kind, uwtable_kind;
    char *session_error;              /* last error ORC reported outside a return value */
    jl_codegen_stats_t stats;
} jit = {.lock = PTHREAD_MUTEX_INITIALIZER};

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* CPU time of the calling thread: the phase counters stay meaningful on a loaded machine */
uint64_t jl_llvmjit_cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

jl_codegen_stats_t *jl_llvmjit_stats(void)
{
    return &jit.stats;
}

char *jl_llvmjit_strdup(const char *s)
{
    char *r = strdup(s ? s : "(no message)");
    if (r == NULL)
        abort();
    return r;
}

static void set_err(char **err, const char *prefix, const char *msg)
{
    if (err == NULL)
        return;
    size_t n = strlen(prefix) + strlen(msg) + 1;
    char *e = malloc(n);
    if (e == NULL)
        abort();
    snprintf(e, n, "%s%s", prefix, msg);
    while (n > 1 && (e[n - 2] == '\n' || e[n - 2] == ' ')) /* LLVM's messages end in newlines */
        e[--n - 1] = '\0';
    *err = e;
}

/* Consume an LLVMErrorRef into *err (NULL: just consume). */
static void take_llvm_error(LLVMErrorRef e, char **err, const char *prefix)
{
    char *msg = LLVMGetErrorMessage(e);
    set_err(err, prefix, msg);
    LLVMDisposeErrorMessage(msg);
}

/* ORC reports some failures (a missing symbol at link time) to the session, not to the lookup that
   triggered them; keep the message for that lookup's error. Runs with the JIT lock held. */
static void report_session_error(void *ctx, LLVMErrorRef e)
{
    (void)ctx;
    char *msg = LLVMGetErrorMessage(e);
    free(jit.session_error);
    jit.session_error = jl_llvmjit_strdup(msg);
    LLVMDisposeErrorMessage(msg);
}

/* The error of a failed lookup, preferring the session's more specific message. */
static void lookup_error(LLVMErrorRef e, char **err, const char *prefix)
{
    if (jit.session_error != NULL) {
        LLVMConsumeError(e);
        set_err(err, prefix, jit.session_error);
        free(jit.session_error);
        jit.session_error = NULL;
    }
    else {
        take_llvm_error(e, err, prefix);
    }
}

static LLVMErrorRef jit_lookup(const char *name, LLVMOrcExecutorAddress *a)
{
    free(jit.session_error);
    jit.session_error = NULL;
    return LLVMOrcLLJITLookup(jit.jit, a, name);
}

void jl_llvmjit_lock(void)
{
    pthread_mutex_lock(&jit.lock);
}

void jl_llvmjit_unlock(void)
{
    pthread_mutex_unlock(&jit.lock);
}

LLVMContextRef jl_llvmjit_context(void)
{
    return jit.ctx;
}

LLVMModuleRef jl_llvmjit_new_module(const char *name)
{
    if (!jit.alive)
        return NULL;
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext(name, jit.ctx);
    LLVMSetTarget(m, jit.triple);
    LLVMSetDataLayout(m, jit.datalayout);
    return m;
}

/* ------------------------------------------------------------------ adding modules */

static int may_unwind(LLVMValueRef f)
{
    static const char key[] = "julep-may-unwind";
    return LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, key, sizeof(key) - 1) != NULL;
}

/* Generated code does not unwind (exceptions longjmp): no unwind tables, which JITLink links in time
   quadratic in their number (FINDINGS.md). */
static void mark_nounwind(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f) || may_unwind(f))
            continue;
        LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, jit.uwtable_kind);
        LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                LLVMCreateEnumAttribute(jit.ctx, jit.nounwind_kind, 0));
    }
}

static const char *first_defined_function(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL; f = LLVMGetNextFunction(f)) {
        LLVMLinkage l = LLVMGetLinkage(f);
        if (!LLVMIsDeclaration(f) && l != LLVMInternalLinkage && l != LLVMPrivateLinkage)
            return LLVMGetValueName2(f, &(size_t){0});
    }
    return NULL;
}

static int verify(LLVMModuleRef m, char **err)
{
    char *msg = NULL;
    int bad = LLVMVerifyModule(m, LLVMReturnStatusAction, &msg);
    if (bad)
        set_err(err, "invalid LLVM module: ", msg ? msg : "");
    LLVMDisposeMessage(msg);
    return bad ? -1 : 0;
}

static int verify_and_optimize(LLVMModuleRef m, char **err)
{
    if (verify(m, err) != 0)
        return -1;
    uint64_t t0 = jl_llvmjit_cpu_us();
    LLVMErrorRef e = LLVMRunPasses(m, jit.passes, jit.tm_passes, jit.pbopts);
    jit.stats.passes_cpu_us += jl_llvmjit_cpu_us() - t0;
    if (e != NULL) {
        take_llvm_error(e, err, "LLVM pass pipeline failed: ");
        return -1;
    }
    return 0;
}

int jl_llvmjit_prepare(LLVMModuleRef m, char **err)
{
    mark_nounwind(m);
    return verify_and_optimize(m, err);
}

static void *add_module(LLVMModuleRef m, const char *fname, char **err, int prepared);
static int add_in_parallel(LLVMModuleRef m, const char *name, char **err, void **addr);

void *jl_llvmjit_add_module(LLVMModuleRef m, const char *fname, char **err)
{
    return add_module(m, fname, err, 0);
}

void *jl_llvmjit_add_prepared_module(LLVMModuleRef m, const char *fname, char **err)
{
    return add_module(m, fname, err, 1);
}

static void *add_module(LLVMModuleRef m, const char *fname, char **err, int prepared)
{
    if (!jit.alive) {
        LLVMDisposeModule(m);
        set_err(err, "", "the code generator has been shut down");
        return NULL;
    }
    uint64_t t0 = now_us();
    char *name = NULL;
    if (fname == NULL) {
        const char *first = first_defined_function(m);
        name = first ? jl_llvmjit_strdup(first) : NULL;
    }
    else {
        name = jl_llvmjit_strdup(fname);
    }
    void *addr = NULL;
    if (!prepared && name != NULL && add_in_parallel(m, name, err, &addr)) {
        free(name);
        goto added;
    }
    if (!prepared && jl_llvmjit_prepare(m, err) != 0) {
        LLVMDisposeModule(m);
        free(name);
        return NULL;
    }
    uint64_t c0 = jl_llvmjit_cpu_us();
    LLVMOrcResourceTrackerRef rt = LLVMOrcJITDylibCreateResourceTracker(jit.main_jd);
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m, jit.tsc);
    LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModuleWithRT(jit.jit, rt, tsm);
    if (e != NULL) {
        LLVMOrcDisposeThreadSafeModule(tsm);
        take_llvm_error(e, err, "cannot add module to the JIT: ");
    }
    else if (name != NULL) {
        LLVMOrcExecutorAddress a = 0;
        e = jit_lookup(name, &a);
        if (e != NULL) {
            lookup_error(e, err, "JIT compilation failed: ");
            LLVMErrorRef e2 = LLVMOrcResourceTrackerRemove(rt); /* drop the failed symbols */
            if (e2 != NULL)
                LLVMConsumeError(e2);
        }
        else {
            addr = (void *)(uintptr_t)a;
        }
    }
    else {
        addr = (void *)(uintptr_t)1; /* nothing to look up: only declarations and globals */
    }
    LLVMOrcReleaseResourceTracker(rt); /* a live module's resources pass to the default tracker */
    jit.stats.link_cpu_us += jl_llvmjit_cpu_us() - c0;
    free(name);
added:
    if (addr != NULL) {
        uint64_t dt = now_us() - t0;
        jit.stats.nmodules++;
        jit.stats.compile_us += dt;
        jit.stats.last_compile_us = dt;
    }
    return addr;
}

void *jl_llvmjit_lookup(const char *name, char **err)
{
    LLVMOrcExecutorAddress a = 0;
    LLVMErrorRef e = jit_lookup(name, &a);
    if (e != NULL) {
        lookup_error(e, err, "JIT lookup failed: ");
        return NULL;
    }
    return (void *)(uintptr_t)a;
}

int jl_llvmjit_optimize(LLVMModuleRef m, char **err)
{
    return verify_and_optimize(m, err);
}

LLVMTargetMachineRef jl_llvmjit_target_machine(void)
{
    return jit.tm_passes;
}

/* names defined as absolute symbols so far (the static table and later ones), sorted for lookup */
static struct {
    char **names;
    size_t n, cap;
} defined;

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_defined_name(const char *name)
{
    return defined.n && bsearch(&name, defined.names, defined.n, sizeof(char *), name_cmp) != NULL;
}

static void note_defined(const char *name)
{
    if (is_defined_name(name))
        return;
    if (defined.n == defined.cap) {
        defined.cap = defined.cap ? defined.cap * 2 : 256;
        defined.names = realloc(defined.names, defined.cap * sizeof(char *));
        if (defined.names == NULL)
            abort();
    }
    defined.names[defined.n++] = jl_llvmjit_strdup(name);
    qsort(defined.names, defined.n, sizeof(char *), name_cmp);
}

static void *runtime_handle(void);
static LLVMOrcCSymbolMapPair absolute_symbol(const char *name, void *addr);
static int define_absolute(LLVMOrcCSymbolMapPairs syms, size_t n, char **err);

int jl_llvmjit_add_absolute(const char *name, void *addr, char **err)
{
    LLVMOrcCSymbolMapPair p = absolute_symbol(name, addr);
    if (define_absolute(&p, 1, err) != 0)
        return -1;
    note_defined(name);
    return 0;
}

int jl_llvmjit_define_externals(LLVMModuleRef m, char **err)
{
    void *h = NULL;
    int r = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL && r == 0; f = LLVMGetNextFunction(f)) {
        if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f) != 0)
            continue;
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (is_defined_name(name) || strncmp(name, "julia_", 6) == 0)
            continue;
        if (h == NULL)
            h = runtime_handle();
        void *addr = dlsym(h, name);
        if (addr == NULL)
            addr = dlsym(RTLD_DEFAULT, name);
        if (addr == NULL) {
            set_err(err, "undefined runtime function: ", name);
            r = -1;
        }
        else {
            r = jl_llvmjit_add_absolute(name, addr, err);
        }
    }
    if (h != NULL && h != RTLD_DEFAULT)
        dlclose(h);
    return r;
}

/* ------------------------------------------------------------------ the table's functions */

static const char *cg_llvm_version(void)
{
    return jit.version;
}

static const char *cg_target_triple(void)
{
    return jit.triple;
}

static const char *cg_data_layout(void)
{
    return jit.datalayout;
}

static void *cg_jit_compile_ir(const char *ir, const char *fname, char **err)
{
    if (ir == NULL || fname == NULL) {
        set_err(err, "", "jit_compile_ir: IR text and function name are required");
        return NULL;
    }
    jl_llvmjit_lock();
    void *addr = NULL;
    if (!jit.alive) {
        set_err(err, "", "the code generator has been shut down");
        goto out;
    }
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(ir, strlen(ir), fname);
    LLVMModuleRef m = NULL;
    char *msg = NULL;
    if (LLVMParseIRInContext(jit.ctx, buf, &m, &msg)) { /* consumes buf */
        set_err(err, "cannot parse LLVM IR: ", msg ? msg : "");
        LLVMDisposeMessage(msg);
        goto out;
    }
    LLVMSetTarget(m, jit.triple);
    LLVMSetDataLayout(m, jit.datalayout);
    if (LLVMGetNamedFunction(m, fname) == NULL) {
        set_err(err, "LLVM IR does not define function ", fname);
        LLVMDisposeModule(m);
        goto out;
    }
    addr = jl_llvmjit_add_module(m, fname, err);
out:
    jl_llvmjit_unlock();
    return addr;
}

static jl_llvm_module_t *cg_new_module(const char *name)
{
    jl_llvmjit_lock();
    LLVMModuleRef m = jl_llvmjit_new_module(name ? name : "julep");
    jl_llvmjit_unlock();
    return (jl_llvm_module_t *)m;
}

static int cg_add_module(jl_llvm_module_t *m, char **err)
{
    if (m == NULL) {
        set_err(err, "", "add_module: no module");
        return -1;
    }
    jl_llvmjit_lock();
    void *addr = jl_llvmjit_add_module((LLVMModuleRef)m, NULL, err);
    jl_llvmjit_unlock();
    return addr != NULL ? 0 : -1;
}

static void *cg_lookup(const char *name, char **err)
{
    jl_llvmjit_lock();
    void *addr = NULL;
    if (!jit.alive) {
        set_err(err, "", "the code generator has been shut down");
    }
    else {
        LLVMOrcExecutorAddress a = 0;
        LLVMErrorRef e = jit_lookup(name, &a);
        if (e != NULL)
            lookup_error(e, err, "JIT lookup failed: ");
        else
            addr = (void *)(uintptr_t)a;
    }
    jl_llvmjit_unlock();
    return addr;
}

/* Define absolute symbols (locked). Takes ownership of the interned names, also on failure. */
static int define_absolute(LLVMOrcCSymbolMapPairs syms, size_t n, char **err)
{
    LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(syms, n);
    LLVMErrorRef e = LLVMOrcJITDylibDefine(jit.main_jd, mu);
    if (e != NULL) {
        LLVMOrcDisposeMaterializationUnit(mu);
        take_llvm_error(e, err, "cannot define absolute symbols: ");
        return -1;
    }
    return 0;
}

static LLVMOrcCSymbolMapPair absolute_symbol(const char *name, void *addr)
{
    LLVMOrcCSymbolMapPair p;
    p.Name = LLVMOrcLLJITMangleAndIntern(jit.jit, name);
    p.Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)addr;
    p.Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable;
    p.Sym.Flags.TargetFlags = 0;
    return p;
}

static int cg_add_symbol(const char *name, void *addr, char **err)
{
    if (name == NULL || addr == NULL) {
        set_err(err, "", "add_symbol: a name and a non-NULL address are required");
        return -1;
    }
    jl_llvmjit_lock();
    int r = -1;
    if (!jit.alive) {
        set_err(err, "", "the code generator has been shut down");
    }
    else {
        r = jl_llvmjit_add_absolute(name, addr, err);
    }
    jl_llvmjit_unlock();
    return r;
}

static void cg_get_stats(jl_codegen_stats_t *out)
{
    jl_llvmjit_lock();
    *out = jit.stats;
    jl_llvmjit_unlock();
}

static void cg_shutdown(void)
{
    jl_llvmjit_lock();
    if (jit.alive) {
        jit.alive = 0;
        LLVMErrorRef e = LLVMOrcDisposeLLJIT(jit.jit);
        if (e != NULL)
            LLVMConsumeError(e);
        LLVMOrcDisposeThreadSafeContext(jit.tsc);
        LLVMDisposeTargetMachine(jit.tm_passes);
        LLVMDisposePassBuilderOptions(jit.pbopts);
        jit.jit = NULL;
        jit.ctx = NULL;
    }
    jl_llvmjit_unlock();
}

static const jl_codegen_vtable_t vtable = {
    .abi_version = JL_CODEGEN_ABI_VERSION,
    .size = sizeof(jl_codegen_vtable_t),
    .llvm_version = cg_llvm_version,
    .target_triple = cg_target_triple,
    .data_layout = cg_data_layout,
    .jit_compile_ir = cg_jit_compile_ir,
    .new_module = cg_new_module,
    .add_module = cg_add_module,
    .lookup = cg_lookup,
    .add_symbol = cg_add_symbol,
    .build_sample = jl_llvmjit_build_sample,
    .get_stats = cg_get_stats,
    .shutdown = cg_shutdown,
    .compile_batch = jl_llvmjit_compile_batch,
    .dump_llvm = jl_llvmjit_dump_llvm,
    .dump_native = jl_llvmjit_dump_native,
    .emit_image = jl_llvmjit_emit_image,
};

/* ------------------------------------------------------------------ initialization */

/* The handle of libjulep.so, found through one of its symbols, so that lookups work even when an
   embedder loaded it with RTLD_LOCAL. */
static void *runtime_handle(void)
{
    Dl_info info;
    if (dladdr((void *)&jl_options, &info) != 0 && info.dli_fname != NULL) {
        void *h = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
        if (h != NULL)
            return h;
    }
    return RTLD_DEFAULT;
}

/* Helpers the backend calls for operations without instructions (128-bit division, conversions of
   128-bit integers): not in any IR declaration, so they are defined up front from libgcc_s (loaded
   with libLLVM's C++ runtime). Without them a batch using UInt128 `div` would fail to link. */
static const char *const libgcc_symbols[] = {
    "__divti3", "__modti3", "__udivti3", "__umodti3", "__fixdfti", "__fixsfti", "__fixunsdfti",
    "__fixunssfti", "__floattidf", "__floattisf", "__floatuntidf", "__floatuntisf", "__muloti4",
};

static int register_libgcc_symbols(char **err)
{
    void *h = dlopen("libgcc_s.so.1", RTLD_LAZY | RTLD_NOLOAD);
    if (h == NULL)
        h = dlopen("libgcc_s.so.1", RTLD_LAZY);
    if (h == NULL)
        return 0;
    size_t n = sizeof(libgcc_symbols) / sizeof(libgcc_symbols[0]), k = 0;
    LLVMOrcCSymbolMapPair pairs[sizeof(libgcc_symbols) / sizeof(libgcc_symbols[0])];
    for (size_t i = 0; i < n; i++) {
        void *addr = dlsym(h, libgcc_symbols[i]);
        if (addr != NULL)
            pairs[k++] = absolute_symbol(libgcc_symbols[i], addr);
    }
    return k > 0 ? define_absolute(pairs, k, err) : 0;
}

static int register_runtime_symbols(char **err)
{
    if (register_libgcc_symbols(err) != 0)
        return -1;
    size_t n = sizeof(runtime_symbols) / sizeof(runtime_symbols[0]);
    LLVMOrcCSymbolMapPair *pairs = malloc(n * sizeof(*pairs));
    if (pairs == NULL)
        abort();
    void *h = runtime_handle();
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        void *addr = dlsym(h, runtime_symbols[i]);
        if (addr == NULL) {
            jit.stats.nmissing_symbols++;
            continue;
        }
        pairs[k++] = absolute_symbol(runtime_symbols[i], addr);
        note_defined(runtime_symbols[i]);
    }
    if (h != RTLD_DEFAULT)
        dlclose(h); /* drops the NOLOAD reference only */
    int r = k > 0 ? define_absolute(pairs, k, err) : 0;
    if (r == 0)
        jit.stats.nruntime_symbols = (uint32_t)k;
    free(pairs);
    return r;
}

static int clamp_opt_level(int level)
{
    return level < 0 || level > 3 ? 2 : level;
}

static LLVMCodeGenOptLevel codegen_level(int opt)
{
    static const LLVMCodeGenOptLevel levels[] = {LLVMCodeGenLevelNone, LLVMCodeGenLevelLess,
                                                 LLVMCodeGenLevelDefault, LLVMCodeGenLevelAggressive};
    return levels[opt];
}

/* A target machine for the host CPU (its features included: JITted code runs where it was made). */
static LLVMTargetMachineRef host_target_machine(int opt, char **err)
{
    LLVMTargetRef target;
    char *msg = NULL;
    if (LLVMGetTargetFromTriple(jit.triple, &target, &msg)) {
        set_err(err, "no LLVM target for the host: ", msg ? msg : "");
        LLVMDisposeMessage(msg);
        return NULL;
    }
    char *cpu = LLVMGetHostCPUName();
    char *features = LLVMGetHostCPUFeatures();
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, jit.triple, cpu, features,
                                                      codegen_level(opt), JL_JIT_RELOC_MODEL,
                                                      JL_JIT_CODE_MODEL);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(features);
    if (tm == NULL)
        set_err(err, "", "cannot create an LLVM target machine for the host");
    return tm;
}

static int create_jit(int opt, char **err)
{
    LLVMTargetMachineRef tm = host_target_machine(opt, err);
    if (tm == NULL)
        return -1;
    LLVMOrcJITTargetMachineBuilderRef jtmb = LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(tm);
    LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
    LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, jtmb);
    LLVMErrorRef e = LLVMOrcCreateLLJIT(&jit.jit, builder); /* consumes the builder */
    if (e != NULL) {
        take_llvm_error(e, err, "cannot create the ORC JIT: ");
        return -1;
    }
    jit.tm_passes = host_target_machine(opt, err);
    if (jit.tm_passes == NULL)
        return -1;
    jit.main_jd = LLVMOrcLLJITGetMainJITDylib(jit.jit);
    LLVMOrcExecutionSessionSetErrorReporter(LLVMOrcLLJITGetExecutionSession(jit.jit),
                                            report_session_error, NULL);
    jit.datalayout = jl_llvmjit_strdup(LLVMOrcLLJITGetDataLayoutStr(jit.jit));
    jit.tsc = LLVMOrcCreateNewThreadSafeContext();
    jit.ctx = LLVMOrcThreadSafeContextGetContext(jit.tsc);
    jit.pbopts = LLVMCreatePassBuilderOptions();
    const char *pe = getenv("JULEP_LLVM_PASSES");
    if (pe != NULL && *pe)
        snprintf(jit.passes, sizeof(jit.passes), "%s", pe);
    else
        snprintf(jit.passes, sizeof(jit.passes), "default<O%d>", opt);
    return 0;
}

/* ------------------------------------------------------------------ parallel code generation
   The pass pipeline and instruction selection take most of a compilation and work on one module at a
   time. A batch whose functions make two sizeable halves is split: a bitcode copy of the module, in a
   context of its own, keeps the bodies of one half and the original those of the other (the rest become
   declarations the JIT's linker resolves, as calls between batches are). A worker thread optimizes the
   copy and makes its object code while this thread does the same with the original; both objects are
   then linked. Internal functions and globals stay in both halves (the optimizer drops dead copies).
   JULEP_PARALLEL_LLVM=0 turns it off. */

#define SPLIT_MIN_INSTRUCTIONS 200 /* the lighter half: below, a thread and a copy cost what they save */

typedef struct {
    LLVMModuleRef m;
    LLVMTargetMachineRef tm;
    LLVMMemoryBufferRef obj; /* the object code, or NULL with err set */
    char *err;
    uint64_t passes_us, codegen_us;
} half_t;

static LLVMTargetMachineRef worker_tm; /* a target machine serves one thread at a time */

static int parallel_enabled(void)
{
    static int v = -1;
    if (v < 0) {
        const char *e = getenv("JULEP_PARALLEL_LLVM");
        v = sysconf(_SC_NPROCESSORS_ONLN) > 1 && jit.stats.opt_level > 0 && !(e != NULL && e[0] == '0');
    }
    return v;
}

static int is_local(LLVMValueRef g)
{
    LLVMLinkage l = LLVMGetLinkage(g);
    return l == LLVMInternalLinkage || l == LLVMPrivateLinkage;
}

static size_t instruction_count(LLVMValueRef f)
{
    size_t n = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b != NULL; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i != NULL; i = LLVMGetNextInstruction(i))
            n++;
    return n;
}

/* The exported definitions of m in *defs, and in (*second)[i] whether defs[i] goes to the copy: the
   largest first, each to the lighter half. Returns how many, 0 when a split is not worth it. */
static size_t choose_halves(LLVMModuleRef m, LLVMValueRef **defs, unsigned char **second)
{
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g != NULL; g = LLVMGetNextGlobal(g))
        if (!LLVMIsDeclaration(g) && !is_local(g))
            return 0; /* an exported variable cannot be defined by both halves */
    size_t n = 0, cap = 8;
    LLVMValueRef *d = (LLVMValueRef *)malloc(cap * sizeof(LLVMValueRef));
    size_t *size = (size_t *)malloc(cap * sizeof(size_t));
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL; f = LLVMGetNextFunction(f)) {
        if (LLVMIsDeclaration(f) || is_local(f))
            continue;
        if (n == cap) {
            cap *= 2;
            d = (LLVMValueRef *)realloc(d, cap * sizeof(LLVMValueRef));
            size = (size_t *)realloc(size, cap * sizeof(size_t));
        }
        size[n] = instruction_count(f);
        d[n++] = f;
    }
    for (size_t i = 1; i < n; i++) /* by size, largest first (batches are small) */
        for (size_t j = i; j > 0 && size[j] > size[j - 1]; j--) {
            size_t ts = size[j];
            size[j] = size[j - 1];
            size[j - 1] = ts;
            LLVMValueRef tf = d[j];
            d[j] = d[j - 1];
            d[j - 1] = tf;
        }
    unsigned char *sel = (unsigned char *)calloc(n ? n : 1, 1);
    size_t w[2] = {0, 0};
    for (size_t i = 0; i < n; i++) {
        sel[i] = w[1] < w[0];
        w[sel[i]] += size[i];
    }
    free(size);
    if (n < 2 || (w[0] < w[1] ? w[0] : w[1]) < SPLIT_MIN_INSTRUCTIONS) {
        free(d);
        free(sel);
        return 0;
    }
    *defs = d;
    *second = sel;
    return n;
}

static void make_object(half_t *h)
{
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    uint64_t t0 = jl_llvmjit_cpu_us();
    LLVMErrorRef e = LLVMRunPasses(h->m, jit.passes, h->tm, o);
    LLVMDisposePassBuilderOptions(o);
    uint64_t t1 = jl_llvmjit_cpu_us();
    h->passes_us = t1 - t0;
    if (e != NULL) {
        take_llvm_error(e, &h->err, "LLVM pass pipeline failed: ");
        return;
    }
    char *msg = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(h->tm, h->m, LLVMObjectFile, &msg, &h->obj)) {
        set_err(&h->err, "cannot make object code: ", msg ? msg : "");
        h->obj = NULL;
    }
    LLVMDisposeMessage(msg);
    h->codegen_us = jl_llvmjit_cpu_us() - t1;
}

static void run_half(half_t *h)
{
    if (worker_tm == NULL)
        worker_tm = host_target_machine(jit.stats.opt_level, &h->err);
    h->tm = worker_tm;
    if (h->tm != NULL)
        make_object(h);
}

/* The worker: one thread for the process, started with the JIT (on the thread that loads the code
   generator, while the first batch is still being inferred), that makes its target machine and maps
   the first pages of its malloc arena before any half reaches it; a thread made per batch paid for
   all three on the batch's critical path. It takes one half at a time; after fork() the child has no
   worker and starts its own. */
#define WORKER_ARENA_BYTES (4 << 20)
static struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    half_t *job;  /* the half to make, NULL when idle */
    int finished; /* the job is done */
    int running;  /* the thread exists */
} worker = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0, 0};

static void worker_prepare(void)
{
    char *err = NULL;
    worker_tm = host_target_machine(jit.stats.opt_level, &err);
    free(err); /* run_half reports it for each half */
    void *p = malloc(WORKER_ARENA_BYTES); /* the arena keeps the block (glibc trim threshold raised) */
    if (p != NULL)
        jl_prefault(p, WORKER_ARENA_BYTES);
    free(p);
}

static void *worker_loop(void *arg)
{
    (void)arg;
    worker_prepare();
    pthread_mutex_lock(&worker.lock);
    for (;;) {
        while (worker.job == NULL)
            pthread_cond_wait(&worker.cond, &worker.lock);
        half_t *h = worker.job;
        pthread_mutex_unlock(&worker.lock);
        run_half(h);
        pthread_mutex_lock(&worker.lock);
        worker.job = NULL;
        worker.finished = 1;
        pthread_cond_broadcast(&worker.cond);
    }
    return NULL;
}

static void worker_forget(void)
{
    pthread_mutex_init(&worker.lock, NULL);
    pthread_cond_init(&worker.cond, NULL);
    worker.job = NULL;
    worker.running = 0;
}

/* Every signal stays with the program's threads (SIGINT, the collector's). */
static void start_worker(void)
{
    static int atfork_set;
    if (worker.running)
        return;
    if (!atfork_set)
        atfork_set = pthread_atfork(NULL, NULL, worker_forget) == 0;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t th;
    worker.running = pthread_create(&th, &attr, worker_loop, NULL) == 0;
    pthread_attr_destroy(&attr);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* Make h on the worker, 0 when there is none. */
static int post_to_worker(half_t *h)
{
    start_worker();
    if (!worker.running)
        return 0;
    pthread_mutex_lock(&worker.lock);
    worker.finished = 0;
    worker.job = h;
    pthread_cond_broadcast(&worker.cond);
    pthread_mutex_unlock(&worker.lock);
    return 1;
}

static void wait_for_worker(void)
{
    pthread_mutex_lock(&worker.lock);
    while (!worker.finished)
        pthread_cond_wait(&worker.cond, &worker.lock);
    pthread_mutex_unlock(&worker.lock);
}

/* Make f a declaration (the C API has no deleteBody): detach every instruction's uses, then erase the
   instructions, then the emptied blocks. */
static void delete_body(LLVMValueRef f)
{
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b != NULL; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i != NULL; i = LLVMGetNextInstruction(i))
            if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind)
                LLVMReplaceAllUsesWith(i, LLVMGetPoison(LLVMTypeOf(i)));
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b != NULL; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetLastInstruction(b); i != NULL;) {
            LLVMValueRef prev = LLVMGetPreviousInstruction(i);
            LLVMInstructionEraseFromParent(i);
            i = prev;
        }
    while (LLVMGetFirstBasicBlock(f) != NULL)
        LLVMDeleteBasicBlock(LLVMGetFirstBasicBlock(f));
    LLVMSetLinkage(f, LLVMExternalLinkage);
}

/* The copy of m with only the bodies of the second half; those are deleted from m. NULL on failure
   (m unchanged). */
static LLVMModuleRef split_off(LLVMModuleRef m, LLVMValueRef *defs, unsigned char *second, size_t n,
                               LLVMContextRef *ctx)
{
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
    *ctx = LLVMContextCreate();
    LLVMModuleRef copy = NULL;
    int bad = LLVMParseBitcodeInContext2(*ctx, bc, &copy);
    LLVMDisposeMemoryBuffer(bc);
    if (bad) {
        LLVMContextDispose(*ctx);
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        size_t len;
        const char *name = LLVMGetValueName2(defs[i], &len);
        delete_body(second[i] ? defs[i] : LLVMGetNamedFunction(copy, name));
    }
    return copy;
}

static int add_objects(half_t *h, size_t nh, const char *name, char **err, void **addr)
{
    LLVMOrcResourceTrackerRef rt = LLVMOrcJITDylibCreateResourceTracker(jit.main_jd);
    LLVMErrorRef e = NULL;
    for (size_t i = 0; i < nh && e == NULL; i++) {
        e = LLVMOrcLLJITAddObjectFileWithRT(jit.jit, rt, h[i].obj);
        h[i].obj = NULL; /* the JIT owns it now, added or not */
    }
    for (size_t i = 0; i < nh; i++)
        if (h[i].obj != NULL)
            LLVMDisposeMemoryBuffer(h[i].obj);
    if (e != NULL) {
        take_llvm_error(e, err, "cannot add object code to the JIT: ");
    }
    else {
        LLVMOrcExecutorAddress a = 0;
        e = jit_lookup(name, &a);
        if (e != NULL)
            lookup_error(e, err, "JIT compilation failed: ");
        else
            *addr = (void *)(uintptr_t)a;
    }
    if (*addr == NULL) {
        LLVMErrorRef e2 = LLVMOrcResourceTrackerRemove(rt); /* drop the failed symbols */
        if (e2 != NULL)
            LLVMConsumeError(e2);
    }
    LLVMOrcReleaseResourceTracker(rt);
    return *addr != NULL;
}

/* Compile m in two halves at once when worth it (m is consumed) and look up `name`: 1 when done (*addr
   NULL on failure, *err set), 0 when m is better compiled whole (m untouched). */
static int add_in_parallel(LLVMModuleRef m, const char *name, char **err, void **addr)
{
    LLVMValueRef *defs = NULL;
    unsigned char *second = NULL;
    size_t n = parallel_enabled() ? choose_halves(m, &defs, &second) : 0;
    if (n == 0)
        return 0;
    mark_nounwind(m);
    if (verify(m, NULL) != 0) {
        free(defs);
        free(second);
        return 0; /* the whole path reports it */
    }
    LLVMContextRef ctx2 = NULL;
    LLVMModuleRef copy = split_off(m, defs, second, n, &ctx2);
    free(defs);
    free(second);
    if (copy == NULL)
        return 0;
    half_t h[2] = {{.m = m, .tm = jit.tm_passes}, {.m = copy}};
    int threaded = post_to_worker(&h[1]);
    make_object(&h[0]);
    if (threaded)
        wait_for_worker();
    else
        run_half(&h[1]);
    LLVMDisposeModule(copy);
    LLVMContextDispose(ctx2);
    LLVMDisposeModule(m);
    uint64_t c0 = jl_llvmjit_cpu_us();
    for (int i = 0; i < 2; i++) {
        jit.stats.passes_cpu_us += h[i].passes_us;
        jit.stats.link_cpu_us += h[i].codegen_us;
    }
    *addr = NULL;
    if (h[0].err != NULL || h[1].err != NULL) {
        set_err(err, "", h[0].err ? h[0].err : h[1].err);
        for (int i = 0; i < 2; i++) {
            free(h[i].err);
            if (h[i].obj != NULL)
                LLVMDisposeMemoryBuffer(h[i].obj);
        }
        return 1;
    }
    add_objects(h, 2, name, err, addr);
    jit.stats.link_cpu_us += jl_llvmjit_cpu_us() - c0;
    jit.stats.nsplit++;
    return 1;
}

/* JULEP_LLVM_ARGS="-time-passes ...": LLVM's own command-line options, as Julia's JULIA_LLVM_ARGS */
static void parse_llvm_args(void)
{
    const char *env = getenv("JULEP_LLVM_ARGS");
    if (env == NULL || env[0] == '\0')
        return;
    char *copy = jl_llvmjit_strdup(env);
    const char *argv[64] = {"julep"};
    int argc = 1;
    for (char *tok = strtok(copy, " \t"); tok != NULL && argc < 64; tok = strtok(NULL, " \t"))
        argv[argc++] = tok;
    LLVMParseCommandLineOptions(argc, argv, "julep");
    /* copy stays allocated: LLVM keeps pointers into the arguments */
}

/* LLVM's fatal errors (report_fatal_error) end the process with exit(), whose atexit handlers would
   wait for the JIT lock this thread holds: say what failed, write out the program's buffered output
   and leave without them. */
static void on_llvm_fatal_error(const char *reason)
{
    jl_ios_flush_all();
    fflush(stdout);
    fprintf(stderr, "LLVM ERROR: %s\n", reason);
    _exit(1);
}

static int init_llvm(char **err)
{
    uint64_t t0 = now_us();
    LLVMInstallFatalErrorHandler(on_llvm_fatal_error);
    parse_llvm_args();
    if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter() ||
        LLVMInitializeNativeAsmParser()) {
        set_err(err, "", "LLVM has no native target for this machine");
        return -1;
    }
    unsigned major, minor, patch;
    LLVMGetVersion(&major, &minor, &patch);
    snprintf(jit.version, sizeof(jit.version), "%u.%u.%u", major, minor, patch);
    char *triple = LLVMGetDefaultTargetTriple();
    jit.triple = jl_llvmjit_strdup(triple);
    LLVMDisposeMessage(triple);
    jit.nounwind_kind = LLVMGetEnumAttributeKindForName("nounwind", 8);
    jit.uwtable_kind = LLVMGetEnumAttributeKindForName("uwtable", 7);
    int opt = clamp_opt_level(jl_options.opt_level);
    jit.stats.opt_level = opt;
    if (create_jit(opt, err) != 0)
        return -1;
    jit.alive = 1;
    if (parallel_enabled())
        start_worker();
    if (register_runtime_symbols(err) != 0)
        return -1;
    jit.stats.init_us = now_us() - t0;
    return 0;
}

JL_DLLEXPORT const jl_codegen_vtable_t *jl_codegen_entry(uint32_t runtime_abi, char **err)
{
    if (runtime_abi != JL_CODEGEN_ABI_VERSION) {
        char msg[96];
        snprintf(msg, sizeof(msg), "runtime ABI version %u, codegen library version %d",
                 (unsigned)runtime_abi, JL_CODEGEN_ABI_VERSION);
        set_err(err, "codegen ABI mismatch: ", msg);
        return NULL;
    }
    static int initialized;
    jl_llvmjit_lock();
    int r = 0;
    if (!initialized) {
        r = init_llvm(err);
        initialized = r == 0;
    }
    jl_llvmjit_unlock();
    return r == 0 ? &vtable : NULL;
}
