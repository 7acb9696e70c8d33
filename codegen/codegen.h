/*
 * codegen.h -- the boundary between the runtime (libjulep.so) and the LLVM-facing code generator
 * (libjulep-codegen.so), DESIGN.md §2.
 *
 * The runtime never links libLLVM: it `dlopen`s libjulep-codegen.so (from the directory of libjulep.so)
 * on the first compilation, or at once with `--compile=all` or when an output image is requested. The
 * codegen library exports one entry point, `jl_codegen_entry`, which initializes LLVM (native target,
 * ORC LLJIT, the runtime's entry points as absolute symbols) and returns a `jl_codegen_vtable_t`.
 *
 * Invariants:
 *   - Nothing in libjulep.so includes an LLVM header; LLVM objects cross this boundary as `void *`
 *     (an `LLVMModuleRef` is passed as `jl_llvm_module_t *`).
 *   - The table is versioned: the runtime refuses a library whose `abi_version` differs from
 *     JL_CODEGEN_ABI_VERSION or whose table is smaller than the runtime expects. Append fields at the end
 *     and bump the version when a field's meaning changes.
 *   - Loading happens at most once per process (the table is never unloaded, even after `shutdown`);
 *     a failed load is remembered and reported the same way on every later attempt.
 *   - Every table function is thread-safe: the codegen library serializes use of its one LLVM context.
 *   - Generated functions are `nounwind` unless they carry the string attribute "julep-may-unwind":
 *     julep's exceptions are longjmp-based and need no unwind tables (FINDINGS.md: JITLink unwind cost).
 */
#ifndef JL_CODEGEN_H
#define JL_CODEGEN_H

#include <stddef.h>
#include <stdint.h>

#ifndef JL_DLLEXPORT
#define JL_DLLEXPORT __attribute__((visibility("default")))
#endif

#define JL_CODEGEN_ABI_VERSION 3
#define JL_CODEGEN_LIBNAME "libjulep-codegen.so"
#define JL_CODEGEN_ENTRY "jl_codegen_entry"
/* Environment variable naming the codegen library to load instead of the one beside libjulep.so. */
#define JL_CODEGEN_ENV "JULEP_CODEGEN_LIBRARY"

typedef struct jl_llvm_module_t jl_llvm_module_t; /* an LLVMModuleRef, opaque to the runtime */
struct _jl_method_instance_t;
struct _jl_code_instance_t;
struct jl_image_emit_t; /* sysimage/image_native.h */

/* One function of a compile batch (compile_batch). The runtime fills `mi` and `ci` (the CodeInstance
   holding mi's optimized code, from jl_infer_and_optimize); the library fills the rest. */
typedef struct {
    struct _jl_method_instance_t *mi;
    struct _jl_code_instance_t *ci;
    void *invoke;        /* generic ABI entry (a jl_callptr_t), NULL when this function failed */
    void *specptr;       /* specialized ABI entry */
    char *fail;          /* malloc'ed reason when the function could not be compiled (caller frees) */
} jl_cg_request_t;

/* What code_llvm / code_native print */
#define JL_CG_DUMP_OPTIMIZE 1  /* run the -O pipeline first (code_llvm(optimize=true)) */
#define JL_CG_DUMP_MODULE 2    /* the whole module, not just the function */
#define JL_CG_DUMP_INTEL 4     /* code_native: Intel syntax */
#define JL_CG_DUMP_NODEBUG 8   /* debuginfo=:none: no `;  @ file:line` comments */

/* Counters kept by the codegen library (microseconds are wall-clock). */
typedef struct {
    uint64_t init_us;          /* LLVM target init + LLJIT creation + symbol registration */
    uint64_t nmodules;         /* modules added to the JIT */
    uint64_t compile_us;       /* total time in verify + passes + add + first lookup */
    uint64_t last_compile_us;  /* the same for the most recent module */
    /* CPU time (of the compiling threads) by phase: IR emission of batches, the -O pass pipeline,
       native code generation and linking (adding a module and its first lookup) */
    uint64_t emit_cpu_us, passes_cpu_us, link_cpu_us;
    uint32_t nruntime_symbols; /* runtime entry points registered as absolute symbols */
    uint32_t nmissing_symbols; /* entries of the symbol table the runtime does not define (skipped) */
    int opt_level;             /* -O level used for the pass pipeline and the target machine */
    uint64_t nsplit;           /* modules compiled in two halves on two threads (llvm_jit.c) */
} jl_codegen_stats_t;

/*
 * The codegen library's function table. Functions that can fail take `char **err`: on failure they
 * return NULL (or nonzero for `int`) and, when `err` is not NULL, store a malloc'ed message the caller
 * frees with `free`.
 */
typedef struct jl_codegen_vtable_t {
    uint32_t abi_version;      /* JL_CODEGEN_ABI_VERSION of the library */
    uint32_t size;             /* sizeof(jl_codegen_vtable_t) as the library was built */

    /* "19.1.7": the version of the LLVM the library runs on */
    const char *(*llvm_version)(void);
    /* the JIT's target triple and data layout */
    const char *(*target_triple)(void);
    const char *(*data_layout)(void);

    /* Parse textual LLVM IR, optimize it at the current -O level, add it to the JIT and return the
       native address of function `fname`. */
    void *(*jit_compile_ir)(const char *llvm_ir_text, const char *fname, char **err);

    /* A new, empty module in the JIT's LLVM context, with the JIT's triple and data layout set; build
       into it with the LLVM C API (in libjulep-codegen.so), then hand it to `add_module`. */
    jl_llvm_module_t *(*new_module)(const char *name);
    /* Verify, optimize and add a module (ownership passes to the JIT, even on failure). 0 on success. */
    int (*add_module)(jl_llvm_module_t *m, char **err);
    /* Native address of a JITted or registered symbol; compiles it if it is not yet materialized. */
    void *(*lookup)(const char *name, char **err);
    /* Register (or fail to re-register) an absolute symbol visible to all later modules. 0 on success. */
    int (*add_symbol)(const char *name, void *addr, char **err);

    /* Build one of the library's sample functions with the LLVM C API, JIT it and return its address;
       used by the smoke tests so that the test program need not link libLLVM.
         "add":    int64_t add(int64_t a, int64_t b)               -> a + b
         "sum":    int64_t sum(int64_t n)                          -> 1 + 2 + ... + n (a loop)
         "boxadd": jl_value_t *boxadd(int64_t a, int64_t b)        -> jl_box_int64(a + b)  */
    void *(*build_sample)(const char *kind, char **err);

    void (*get_stats)(jl_codegen_stats_t *out);
    /* Dispose of the JIT and every function compiled so far. Later calls fail with an error. */
    void (*shutdown)(void);

    /* Emit, optimize and JIT one batch (one LLVM module): reqs[0] is the function dispatch asked
       for, the others the callees it invokes. Functions that cannot be compiled get invoke == NULL
       and a reason; calls to them go through jl_invoke. Returns the number compiled. The caller
       stores the entry points on the CodeInstances. */
    size_t (*compile_batch)(jl_cg_request_t *reqs, size_t n, char **err);
    /* code_llvm / code_native of one function (flags JL_CG_DUMP_*): a malloc'ed string, or NULL and
       *err when the function cannot be compiled. */
    char *(*dump_llvm)(struct _jl_method_instance_t *mi, struct _jl_code_instance_t *ci, int flags, char **err);
    char *(*dump_native)(struct _jl_method_instance_t *mi, struct _jl_code_instance_t *ci, int flags, char **err);
    /* Imaging mode (a process writing a system image): write the native code of every batch compiled
       so far, with the table `julep_sysimg` (sysimage/image_native.c), to the outputs `out` names:
       object files, bitcode (sysimage/image_native.h). `id` pairs the code with its data file. */
    int (*emit_image)(const struct jl_image_emit_t *out, uint64_t id, char **err);
} jl_codegen_vtable_t;

/* The one symbol libjulep-codegen.so exports: initializes LLVM and returns the table, or NULL with a
   message in *err. `runtime_abi` is the runtime's JL_CODEGEN_ABI_VERSION. */
typedef const jl_codegen_vtable_t *(*jl_codegen_entry_t)(uint32_t runtime_abi, char **err);
/* Defined in libjulep-codegen.so only; the runtime finds it with dlsym. */
JL_DLLEXPORT const jl_codegen_vtable_t *jl_codegen_entry(uint32_t runtime_abi, char **err);

/* ------------------------------------------------------------------ runtime side (libjulep.so) */

/* Step 6 of the startup sequence: decides when LLVM is loaded. Loads the codegen library now when
   `jl_options.compile_enabled == JL_OPTIONS_COMPILE_ALL` or an output (--output-o/-ji/-bc/-asm...) is
   requested; otherwise defers it to the first compilation. A failed eager load is not fatal here:
   it is reported by `jl_codegen_error()` and again by the first compilation. */
JL_DLLEXPORT void jl_init_codegen(void);

/* Nonzero when the codegen library (and thus libLLVM) is loaded. */
JL_DLLEXPORT int jl_codegen_loaded(void);

/* Load the codegen library if needed and return its table; NULL on failure (see jl_codegen_error).
   Idempotent and thread-safe. */
JL_DLLEXPORT const jl_codegen_vtable_t *jl_codegen_load(void);

/* Start loading the codegen library on a background thread (once); the program goes on meanwhile and
   a later jl_codegen_load waits for it. Nonzero while that load is running, 0 once the library is
   loaded or the load failed. An exit during the load leaves with _exit after flushing the streams. */
JL_DLLEXPORT int jl_codegen_load_async(void);
/* Nonzero while a load started by jl_codegen_load_async runs. */
JL_DLLEXPORT int jl_codegen_loading(void);

/* The reason the last load failed, or NULL. */
JL_DLLEXPORT const char *jl_codegen_error(void);

/* Time spent loading: `dlopen` of the library (with libLLVM) and its init entry, in microseconds
   (0 before any load). */
JL_DLLEXPORT uint64_t jl_codegen_load_time_us(void);
JL_DLLEXPORT uint64_t jl_codegen_dlopen_time_us(void);

/* One line for `--trace-startup` describing what jl_init_codegen decided, without a newline, e.g.
   "LLVM deferred to first compilation" or "LLVM 19.1.7 loaded (dlopen 11021 us, init 812 us)". */
JL_DLLEXPORT const char *jl_codegen_status(void);

/* Convenience for the runtime and tests: load the library if needed, then `jit_compile_ir`. */
JL_DLLEXPORT void *jl_codegen_jit_ir(const char *llvm_ir_text, const char *fname, char **err);

/* ---- compile.c: the compile hook and what Base / InteractiveUtils call */
struct _jl_value_t;
/* installs jl_compile_hook unless --compile=min|no (called by jl_init_codegen) */
JL_DLLEXPORT void jl_compile_init_hook(void);
/* nanoseconds spent in the compile hook so far (for @time's "% compilation time") */
JL_DLLEXPORT uint64_t jl_cumulative_compile_time_ns(void);
/* called by jl_init once Base is loaded: code run during the bootstrap was interpreted; it compiles on
   its next call (so startup never loads LLVM) */
JL_DLLEXPORT void jl_compile_bootstrap_done(void);
/* "precompile(Tuple{typeof(Main.fib), Int64})": the --trace-compile line for a signature (malloc'ed) */
JL_DLLEXPORT char *jl_precompile_statement(struct _jl_value_t *sig);
/* wait for a background load of LLVM and compile what was interpreted meanwhile (@time & co) */
JL_DLLEXPORT void jl_compile_pending(void);
/* precompile(f, types): compile Tuple{typeof(f), types...} now; 1 when a method matches */
JL_DLLEXPORT int jl_compile_hint(struct _jl_value_t *sig);
/* code_llvm / code_native of f(::argtypes...) (argtypes: Tuple{...} without f's type): malloc'ed text,
   or NULL with a malloc'ed *err */
JL_DLLEXPORT char *jl_code_llvm_str(struct _jl_value_t *f, struct _jl_value_t *argtypes, int optimize,
                                    int dump_module, char **err);
JL_DLLEXPORT char *jl_code_native_str(struct _jl_value_t *f, struct _jl_value_t *argtypes, int intel, char **err);
/* the same as Strings, errors thrown (for ccall) */
JL_DLLEXPORT struct _jl_value_t *jl_code_llvm(struct _jl_value_t *f, struct _jl_value_t *argtypes, int8_t optimize,
                                               int8_t dump_module);
JL_DLLEXPORT struct _jl_value_t *jl_code_native(struct _jl_value_t *f, struct _jl_value_t *argtypes, int8_t intel);
/* code_llvm (native = 0) or code_native (1) with flags JL_CG_DUMP_* (llvm_reflect.c prints) */
JL_DLLEXPORT struct _jl_value_t *jl_dump_function_text(struct _jl_value_t *f, struct _jl_value_t *argtypes,
                                                       int8_t native, int32_t flags);
/* versioninfo(): the LLVM version of the codegen library (loads it), or "unavailable" */
JL_DLLEXPORT const char *jl_llvm_version_string(void);
/* ---- sysimage/image_native.c: native code of system images */
/* imaging mode: record a batch kept for the image's object file: its slot-table objects (a Vector{Any})
   and, per function, the CodeInstance given native code (NULL when the function failed) */
/* imaging mode: --output-ji/-o/-bc/-unopt-bc or --image-codegen (code holds no address of the process) */
JL_DLLEXPORT int jl_image_generating(void);
JL_DLLEXPORT void jl_image_native_add(struct _jl_value_t *roots, struct _jl_value_t **cis, size_t n);
/* the CodeInstance `ci` gets the entry points `from` gets when the image is loaded */
JL_DLLEXPORT void jl_image_native_alias(struct _jl_code_instance_t *ci, struct _jl_code_instance_t *from);
/* helpers generated code calls */
JL_DLLEXPORT void *jl_cg_lazy_cfunction(struct _jl_value_t *fname, void **slot); /* image ccalls */
JL_DLLEXPORT void jl_cg_if_error(struct _jl_value_t *c);
JL_DLLEXPORT void jl_cg_error_str(struct _jl_value_t *msg);

#endif /* JL_CODEGEN_H */
