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
#include <time.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "jloptions.h"
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
    char passes[32];                  /* "default<O2>" */
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

static int verify_and_optimize(LLVMModuleRef m, char **err)
{
    char *msg = NULL;
    if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
        set_err(err, "invalid LLVM module: ", msg ? msg : "");
        LLVMDisposeMessage(msg);
        return -1;
    }
    LLVMDisposeMessage(msg);
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
    if (!prepared && jl_llvmjit_prepare(m, err) != 0) {
        LLVMDisposeModule(m);
        free(name);
        return NULL;
    }
    uint64_t c0 = jl_llvmjit_cpu_us();
    LLVMOrcResourceTrackerRef rt = LLVMOrcJITDylibCreateResourceTracker(jit.main_jd);
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m, jit.tsc);
    LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModuleWithRT(jit.jit, rt, tsm);
    void *addr = NULL;
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
    snprintf(jit.passes, sizeof(jit.passes), "default<O%d>", opt);
    return 0;
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

static int init_llvm(char **err)
{
    uint64_t t0 = now_us();
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
