/*
 * llvm_jit.h -- internal interface of libjulep-codegen.so: the ORC LLJIT that owns all JITted code,
 * shared by the files of the codegen library (never included by libjulep.so, which has no LLVM headers).
 *
 * Invariants:
 *   - One LLJIT and one LLVM context per process, created by jl_llvmjit_init; every module the JIT
 *     receives was created in that context (jl_llvmjit_new_module or the IR parser).
 *   - `jl_llvmjit_lock` serializes everything that touches the context or the JIT; the functions below
 *     marked "locked" expect the caller to hold it, the others take it themselves.
 *   - Each module is added with its own resource tracker: when it fails to compile or link, its symbols
 *     are removed again, so a failure never poisons a name and never crashes the process.
 */
#ifndef JL_LLVM_JIT_H
#define JL_LLVM_JIT_H

#include <llvm-c/Core.h>
#include <llvm-c/Orc.h>
#include <llvm-c/TargetMachine.h>

#include "codegen.h"

void jl_llvmjit_lock(void);
/* the library's counters (locked) and the calling thread's CPU time in microseconds */
jl_codegen_stats_t *jl_llvmjit_stats(void);
uint64_t jl_llvmjit_cpu_us(void);
void jl_llvmjit_unlock(void);

/* The JIT's LLVM context (locked). */
LLVMContextRef jl_llvmjit_context(void);

/* A module in the JIT's context with its triple and data layout (locked). */
LLVMModuleRef jl_llvmjit_new_module(const char *name);

/* Mark definitions nounwind, verify, optimize and add `m` (ownership passes, also on failure), then
   return the address of `fname` (compiling the whole module). When `fname` is NULL, the module's
   first defined external function is looked up instead, to report compile and link errors now.
   Returns NULL with *err set on failure (locked). */
void *jl_llvmjit_add_module(LLVMModuleRef m, const char *fname, char **err);

/* The two halves of jl_llvmjit_add_module, for a module kept for a system image between them:
   mark nounwind, verify and optimize (0 on success); add an already prepared module (locked). */
int jl_llvmjit_prepare(LLVMModuleRef m, char **err);
void *jl_llvmjit_add_prepared_module(LLVMModuleRef m, const char *fname, char **err);

/* Address of a JITted or absolute symbol (locked); NULL with *err. */
void *jl_llvmjit_lookup(const char *name, char **err);

/* Verify and run the -O pipeline on `m` without adding it (locked). 0 on success. */
int jl_llvmjit_optimize(LLVMModuleRef m, char **err);

/* The target machine used for the pass pipeline, for emitting assembly (locked). */
LLVMTargetMachineRef jl_llvmjit_target_machine(void);

/* Define every function `m` declares but does not define (other than LLVM intrinsics) as an
   absolute symbol resolved in the process (libjulep first), unless already defined (locked).
   0 on success; -1 with *err naming a symbol that cannot be found. */
int jl_llvmjit_define_externals(LLVMModuleRef m, char **err);

/* Register `name` as an absolute symbol at `addr` (locked). 0 on success. */
int jl_llvmjit_add_absolute(const char *name, void *addr, char **err);

/* The batch compiler (llvm_compile.c) and reflection (llvm_reflect.c); each takes the lock. */
size_t jl_llvmjit_compile_batch(jl_cg_request_t *reqs, size_t n, char **err);
char *jl_llvmjit_dump_llvm(struct _jl_method_instance_t *mi, struct _jl_code_instance_t *ci, int flags, char **err);
char *jl_llvmjit_dump_native(struct _jl_method_instance_t *mi, struct _jl_code_instance_t *ci, int flags, char **err);

/* Imaging mode (llvm_image.c): nonzero when this process writes a system image (--output-ji/-o or
   --image-codegen); the batch compiler then keeps each linked module for the image's object file. */
int jl_cg_imaging(void);
/* optimize a batch module for the JIT and return the copy to keep (NULL on error; with --output-unopt-bc
   a copy of the module before optimization waits for the next jl_llvmjit_image_keep) */
LLVMModuleRef jl_llvmjit_image_prepare(LLVMModuleRef m, char **err);
/* keep the optimized copy of a batch module and its functions' names (NULL: failed) (locked) */
void jl_llvmjit_image_keep(LLVMModuleRef m, const char *roots_name, size_t nroots, char **spec, char **wrap,
                           size_t n);
/* the JIT refused the batch: drop the copies instead */
void jl_llvmjit_image_discard(LLVMModuleRef m);
/* the outputs of every kept module (jl_codegen_vtable_t.emit_image; takes the lock) */
struct jl_image_emit_t;
int jl_llvmjit_emit_image(const struct jl_image_emit_t *out, uint64_t id, char **err);

/* The JIT's code model: small and position independent. Calls within a batch module (self-recursion
   included) are direct `call rel32`s inside one JITLink allocation; runtime functions and data (absolute
   symbols, anywhere in the address space) are reached through the GOT and PLT stubs JITLink builds.
   (The large model made every call a `movabs` + indirect call.) @code_native prints with the same. */
#define JL_JIT_RELOC_MODEL LLVMRelocPIC
#define JL_JIT_CODE_MODEL LLVMCodeModelSmall

/* A malloc'ed copy of `s`, aborting when out of memory. */
char *jl_llvmjit_strdup(const char *s);

/* The sample functions of jl_codegen_vtable_t.build_sample (llvm_samples.c; takes the lock). */
void *jl_llvmjit_build_sample(const char *kind, char **err);

#endif /* JL_LLVM_JIT_H */
