/*
 * llvm_reflect.c -- the text code_llvm and code_native print (libjulep-codegen.so): the function's
 * module as llvm_compile.c emits it for reflection (never linked), its IR without metadata, or its
 * assembly in AT&T or Intel syntax, with Julia's `;  @ file:line within `f`` comments unless
 * debuginfo=:none.
 *
 * Invariants:
 *   - Printing never changes what runs: the module is a private copy, emitted like a batch but never
 *     added to the JIT.
 *   - The Intel dialect is a process-wide LLVM option read when a target machine is created, and an
 *     LLVM option may be given only once; so both printing machines are made together, AT&T first,
 *     then the option, then Intel, on the first assembly request. JIT code generation never prints
 *     assembly, so the option changes nothing else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "llvm_jit.h"
#include "llvm_emit.h"

typedef struct {
    char *s;
    size_t n, cap;
} rbuf_t;

static void rput(rbuf_t *b, const char *s, size_t k)
{
    if (b->n + k + 1 > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 4096;
        while (nc < b->n + k + 1)
            nc *= 2;
        b->s = (char *)realloc(b->s, nc);
        if (b->s == NULL)
            abort();
        b->cap = nc;
    }
    memcpy(b->s + b->n, s, k);
    b->n += k;
    b->s[b->n] = '\0';
}

static void rputs(rbuf_t *b, const char *s)
{
    rput(b, s, strlen(s));
}

static void set_err(char **err, const char *msg)
{
    if (err != NULL && *err == NULL)
        *err = jl_llvmjit_strdup(msg);
}

static const char *method_name(jl_method_instance_t *mi)
{
    return jl_is_method(mi->def) ? jl_symbol_name(((jl_method_t *)mi->def)->name) : "top-level scope";
}

/* "@ file:line within `f`" of the method (Julia's outermost debug-info frame) */
static void put_location(rbuf_t *b, jl_method_instance_t *mi)
{
    char loc[512];
    if (jl_is_method(mi->def)) {
        jl_method_t *m = (jl_method_t *)mi->def;
        snprintf(loc, sizeof loc, "@ %s:%d within `%s`", m->file ? jl_symbol_name(m->file) : "none",
                 (int)m->line, method_name(mi));
    }
    else
        snprintf(loc, sizeof loc, "@ none within `%s`", method_name(mi));
    rputs(b, loc);
}

/* Julia prints IR without metadata attachments (`!prof`, `!tbaa`, ...) unless raw=true */
static void strip_metadata(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                size_t n = 0;
                LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(i, &n);
                for (size_t k = 0; k < n; k++)
                    LLVMSetMetadata(i, LLVMValueMetadataEntriesGetKind(md, (unsigned)k), NULL);
                if (md)
                    LLVMDisposeValueMetadataEntries(md);
            }
}

char *jl_llvmjit_dump_llvm(jl_method_instance_t *mi, jl_code_instance_t *ci, int flags, char **err)
{
    jl_llvmjit_lock();
    jl_cg_func_t fn;
    char *out = NULL;
    LLVMModuleRef m = jl_llvmjit_reflect_module(mi, ci, flags & JL_CG_DUMP_OPTIMIZE, &fn, err);
    if (m != NULL) {
        strip_metadata(m);
        char *s = (flags & JL_CG_DUMP_MODULE) ? LLVMPrintModuleToString(m) : LLVMPrintValueToString(fn.spec);
        rbuf_t b = {NULL, 0, 0};
        if (!(flags & JL_CG_DUMP_NODEBUG) && !(flags & JL_CG_DUMP_MODULE)) {
            rputs(&b, ";  ");
            put_location(&b, mi);
            rputs(&b, "\n");
        }
        rputs(&b, s);
        LLVMDisposeMessage(s);
        LLVMDisposeModule(m);
        out = b.s;
    }
    jl_llvmjit_unlock();
    return out;
}

/* ---------------------------------------------------------------- assembly */

static LLVMTargetMachineRef tm_att, tm_intel;

static LLVMTargetMachineRef printing_machine(LLVMTargetMachineRef like)
{
    char *triple = LLVMGetTargetMachineTriple(like);
    char *cpu = LLVMGetTargetMachineCPU(like);
    char *features = LLVMGetTargetMachineFeatureString(like);
    static const LLVMCodeGenOptLevel levels[] = {LLVMCodeGenLevelNone, LLVMCodeGenLevelLess,
                                                 LLVMCodeGenLevelDefault, LLVMCodeGenLevelAggressive};
    int opt = jl_options.opt_level < 0 ? 0 : jl_options.opt_level > 3 ? 3 : jl_options.opt_level;
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(LLVMGetTargetMachineTarget(like), triple, cpu, features,
                                                      levels[opt], JL_JIT_RELOC_MODEL, JL_JIT_CODE_MODEL);
    LLVMDisposeMessage(triple);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(features);
    if (tm != NULL)
        LLVMSetTargetMachineAsmVerbosity(tm, 1);
    return tm;
}

static LLVMTargetMachineRef asm_machine(int intel)
{
    if (tm_att == NULL) {
        LLVMTargetMachineRef jit_tm = jl_llvmjit_target_machine();
        if (jit_tm == NULL)
            return NULL;
        tm_att = printing_machine(jit_tm);
        const char *argv[] = {"julep", "-x86-asm-syntax=intel"};
        char *triple = LLVMGetTargetMachineTriple(jit_tm);
        int x86 = strncmp(triple, "x86_64", 6) == 0 || (triple[0] == 'i' && strstr(triple, "86-") != NULL);
        LLVMDisposeMessage(triple);
        if (x86)
            LLVMParseCommandLineOptions(2, argv, NULL);
        tm_intel = printing_machine(jit_tm);
    }
    return intel ? tm_intel : tm_att;
}

static int starts_with(const char *line, size_t len, const char *prefix)
{
    size_t k = strlen(prefix);
    return len >= k && memcmp(line, prefix, k) == 0;
}

/* The printer's text as Julia shows it: no `.intel_syntax` directive; with debug info, the function's
   body between `; ┌ @ file:line within `f`` (after its label) and `; └` (after `.cfi_endproc`). */
static char *finish_asm(const char *text, size_t len, jl_method_instance_t *mi, const char *fname, int debug)
{
    rbuf_t b = {NULL, 0, 0};
    rputs(&b, "");
    size_t flen = strlen(fname);
    int inside = 0;
    for (size_t i = 0; i < len;) {
        const char *line = text + i;
        const char *nl = memchr(line, '\n', len - i);
        size_t ll = nl ? (size_t)(nl - line) : len - i;
        i += ll + (nl != NULL);
        if (starts_with(line, ll, "\t.intel_syntax"))
            continue;
        rput(&b, line, ll);
        rputs(&b, "\n");
        if (!debug)
            continue;
        if (!inside && ll > flen && memcmp(line, fname, flen) == 0 && line[flen] == ':') {
            rputs(&b, "; \xe2\x94\x8c ");
            put_location(&b, mi);
            rputs(&b, "\n");
            inside = 1;
        }
        else if (inside && starts_with(line, ll, "\t.cfi_endproc")) {
            rputs(&b, "; \xe2\x94\x94\n");
            inside = 0;
        }
    }
    return b.s;
}

char *jl_llvmjit_dump_native(jl_method_instance_t *mi, jl_code_instance_t *ci, int flags, char **err)
{
    jl_llvmjit_lock();
    jl_cg_func_t fn;
    char *out = NULL;
    LLVMModuleRef m = jl_llvmjit_reflect_module(mi, ci, 1, &fn, err);
    LLVMTargetMachineRef tm = m ? asm_machine(flags & JL_CG_DUMP_INTEL) : NULL;
    if (m != NULL && tm == NULL)
        set_err(err, "no target machine for assembly");
    if (tm != NULL) {
        const char *nm = method_name(mi);
        LLVMSetSourceFileName(m, nm, strlen(nm));
        LLVMMemoryBufferRef buf = NULL;
        char *msg = NULL;
        if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, LLVMAssemblyFile, &msg, &buf)) {
            set_err(err, msg ? msg : "cannot emit assembly");
            LLVMDisposeMessage(msg);
        }
        else {
            out = finish_asm(LLVMGetBufferStart(buf), LLVMGetBufferSize(buf), mi, fn.name,
                             !(flags & JL_CG_DUMP_NODEBUG));
            LLVMDisposeMemoryBuffer(buf);
        }
    }
    if (m != NULL)
        LLVMDisposeModule(m);
    jl_llvmjit_unlock();
    return out;
}
