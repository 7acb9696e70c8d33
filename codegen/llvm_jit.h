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

#include "codegen.h"

void jl_llvmjit_lock(void);
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

/* A malloc'ed copy of `s`, aborting when out of memory. */
char *jl_llvmjit_strdup(const char *s);

/* The sample functions of jl_codegen_vtable_t.build_sample (llvm_samples.c; takes the lock). */
void *jl_llvmjit_build_sample(const char *kind, char **err);

#endif /* JL_LLVM_JIT_H */
