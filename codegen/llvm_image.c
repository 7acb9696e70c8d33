/*
 * llvm_image.c -- imaging mode of libjulep-codegen.so: the native code of a system image.
 *
 * While a process writes an image (--output-ji, --image-codegen), the batch compiler hands every batch
 * module it links to the JIT here as well (an optimized copy). At exit, `jl_llvmjit_emit_image` links
 * the copies into one module and writes it as a position-independent object file, which the runtime
 * links into `<image>.so` (sysimage/image_native.c).
 *
 * Invariants (what makes the code relocatable):
 *   - Generated code holds no heap address: objects are loads from the batch's slot table
 *     `julep_roots_<n>`, which here becomes a zero-filled, hidden array in the object's .bss that the
 *     loader fills from the batch's object list saved in the image heap.
 *   - Runtime C functions and data (jl_box_int64, jl_stack_limit, ccall targets found in the process's
 *     global scope) are external symbols, resolved by the dynamic linker against libjulep.so and libc;
 *     llvm_emit.c refuses any other absolute address in imaging mode.
 *   - Calls within a batch are direct calls inside the object; calls to earlier batches load the
 *     callee CodeInstance's `specptr`, which the loader sets from this object's table.
 *   - The only exported symbol is `julep_sysimg` (JL_IMAGE_NATIVE_MAGIC, id, counts, and pointers to
 *     the slot tables, their sizes and the {specptr, invoke} pair of every function, in the order the
 *     runtime recorded the batches).
 *   - Code is generated for the baseline CPU of the target (x86-64 without extensions), so an image
 *     stays valid when the build tree moves to another machine of the same architecture.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include "jloptions.h"
#include "llvm_jit.h"
#include "codegen.h"
#include "../sysimage/image_native.h"

typedef struct {
    LLVMModuleRef m;
    LLVMModuleRef unopt; /* before optimization (--output-unopt-bc), or NULL */
    char *roots_name;
    size_t nroots, n;
    char **spec, **wrap; /* per function; NULL when it failed */
} kept_t;

static struct {
    kept_t *v;
    size_t n, cap;
} kept;

static LLVMModuleRef pending_unopt; /* the copy before optimization of the batch being linked */

int jl_cg_imaging(void)
{
    return jl_image_generating();
}

LLVMModuleRef jl_llvmjit_image_prepare(LLVMModuleRef m, char **err)
{
    if (jl_options.outputunoptbc != NULL)
        pending_unopt = LLVMCloneModule(m);
    if (jl_llvmjit_prepare(m, err) != 0) {
        jl_llvmjit_image_discard(NULL);
        return NULL;
    }
    return LLVMCloneModule(m);
}

void jl_llvmjit_image_discard(LLVMModuleRef m)
{
    if (m)
        LLVMDisposeModule(m);
    if (pending_unopt)
        LLVMDisposeModule(pending_unopt);
    pending_unopt = NULL;
}

void jl_llvmjit_image_keep(LLVMModuleRef m, const char *roots_name, size_t nroots, char **spec, char **wrap,
                           size_t n)
{
    if (kept.n == kept.cap) {
        kept.cap = kept.cap ? 2 * kept.cap : 64;
        kept.v = realloc(kept.v, kept.cap * sizeof(kept_t));
        if (kept.v == NULL)
            abort();
    }
    kept.v[kept.n++] = (kept_t){m, pending_unopt, jl_llvmjit_strdup(roots_name), nroots, n, spec, wrap};
    pending_unopt = NULL;
}

static void set_err(char **err, const char *prefix, const char *msg)
{
    if (err == NULL || *err != NULL)
        return;
    size_t n = strlen(prefix) + strlen(msg) + 1;
    *err = malloc(n);
    if (*err == NULL)
        abort();
    snprintf(*err, n, "%s%s", prefix, msg);
}

/* the batch's slot table becomes a zero-filled array of its own, defined in the object */
static void define_roots(kept_t *k, LLVMModuleRef m)
{
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
    LLVMTypeRef aty = LLVMArrayType2(ptr, k->nroots ? k->nroots : 1);
    LLVMValueRef tab = LLVMAddGlobal(m, aty, "");
    LLVMSetInitializer(tab, LLVMConstNull(aty));
    LLVMSetVisibility(tab, LLVMHiddenVisibility);
    LLVMSetAlignment(tab, 8);
    LLVMValueRef old = LLVMGetNamedGlobal(m, k->roots_name);
    if (old != NULL) {
        LLVMReplaceAllUsesWith(old, tab);
        LLVMDeleteGlobal(old);
    }
    LLVMSetValueName2(tab, k->roots_name, strlen(k->roots_name));
}

/* the linker reads `@` in a symbol as a version: names keep letters, digits and `_` only */
static void clean_name(LLVMValueRef f)
{
    size_t len;
    const char *nm = LLVMGetValueName2(f, &len);
    char buf[256];
    size_t k = 0;
    int changed = 0;
    for (size_t i = 0; i < len && k + 1 < sizeof buf; i++) {
        char ch = nm[i];
        int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
        buf[k++] = ok ? ch : '_';
        changed |= !ok;
    }
    if (changed)
        LLVMSetValueName2(f, buf, k); /* made unique by LLVM on a clash */
}

/* functions are reached through the table only: hidden, so the object exports one symbol */
static void hide_definitions(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f) && LLVMGetLinkage(f) == LLVMExternalLinkage)
            LLVMSetVisibility(f, LLVMHiddenVisibility);
}

static void clean_names(LLVMModuleRef m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f != NULL; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            clean_name(f);
}

static LLVMValueRef const_array(LLVMTypeRef elty, LLVMValueRef *v, size_t n)
{
    return LLVMConstArray2(elty, v, n);
}

static LLVMValueRef private_global(LLVMModuleRef m, LLVMValueRef init, const char *name)
{
    LLVMValueRef g = LLVMAddGlobal(m, LLVMTypeOf(init), name);
    LLVMSetInitializer(g, init);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetGlobalConstant(g, 1);
    return g;
}

/* julep_sysimg = {magic, version, id, nbatches, nfuncs, roots[], nroots[], fptrs[]} */
static int add_table(LLVMModuleRef dst, uint64_t id, char **err)
{
    LLVMContextRef ctx = LLVMGetModuleContext(dst);
    LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0), i64 = LLVMInt64TypeInContext(ctx);
    size_t nf = 0;
    for (size_t b = 0; b < kept.n; b++)
        nf += kept.v[b].n;
    LLVMValueRef *roots = calloc(kept.n + 1, sizeof(LLVMValueRef));
    LLVMValueRef *nroots = calloc(kept.n + 1, sizeof(LLVMValueRef));
    LLVMValueRef *fptrs = calloc(2 * nf + 1, sizeof(LLVMValueRef));
    int r = 0;
    size_t j = 0;
    for (size_t b = 0; b < kept.n && r == 0; b++) {
        kept_t *k = &kept.v[b];
        roots[b] = LLVMGetNamedGlobal(dst, k->roots_name);
        nroots[b] = LLVMConstInt(i64, k->nroots, 0);
        if (roots[b] == NULL)
            r = -1, set_err(err, "missing slot table ", k->roots_name);
        for (size_t i = 0; i < k->n && r == 0; i++, j++) {
            LLVMValueRef s = k->spec[i] ? LLVMGetNamedFunction(dst, k->spec[i]) : NULL;
            LLVMValueRef w = k->wrap[i] ? LLVMGetNamedFunction(dst, k->wrap[i]) : NULL;
            if (k->spec[i] && (s == NULL || w == NULL || LLVMIsDeclaration(s) || LLVMIsDeclaration(w)))
                r = -1, set_err(err, "missing function ", k->spec[i]);
            fptrs[2 * j] = s ? s : LLVMConstNull(ptr);
            fptrs[2 * j + 1] = w ? w : LLVMConstNull(ptr);
        }
    }
    if (r == 0) {
        LLVMValueRef gr = private_global(dst, const_array(ptr, roots, kept.n), "julep_sysimg_roots");
        LLVMValueRef gn = private_global(dst, const_array(i64, nroots, kept.n), "julep_sysimg_nroots");
        LLVMValueRef gf = private_global(dst, const_array(ptr, fptrs, 2 * nf), "julep_sysimg_fptrs");
        LLVMValueRef fields[8] = {LLVMConstInt(i64, JL_IMAGE_NATIVE_MAGIC, 0),
                                  LLVMConstInt(i64, JL_IMAGE_NATIVE_VERSION, 0), LLVMConstInt(i64, id, 0),
                                  LLVMConstInt(i64, kept.n, 0), LLVMConstInt(i64, nf, 0), gr, gn, gf};
        LLVMValueRef init = LLVMConstStructInContext(ctx, fields, 8, 0);
        LLVMValueRef t = LLVMAddGlobal(dst, LLVMTypeOf(init), JL_IMAGE_NATIVE_SYMBOL);
        LLVMSetInitializer(t, init);
        LLVMSetGlobalConstant(t, 1);
    }
    free(roots);
    free(nroots);
    free(fptrs);
    return r;
}

/* the object file is made for the target's baseline CPU (see the header) */
static LLVMTargetMachineRef image_target_machine(const char *triple, char **err)
{
    LLVMTargetRef target;
    char *msg = NULL;
    if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
        set_err(err, "no LLVM target: ", msg ? msg : "");
        LLVMDisposeMessage(msg);
        return NULL;
    }
    static const LLVMCodeGenOptLevel levels[] = {LLVMCodeGenLevelNone, LLVMCodeGenLevelLess,
                                                 LLVMCodeGenLevelDefault, LLVMCodeGenLevelAggressive};
    int opt = jl_options.opt_level < 0 || jl_options.opt_level > 3 ? 2 : jl_options.opt_level;
    const char *cpu = strncmp(triple, "x86_64", 6) == 0 ? "x86-64" : "generic";
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, cpu, "", levels[opt], LLVMRelocPIC,
                                                      LLVMCodeModelDefault);
    if (tm == NULL)
        set_err(err, "", "cannot create a target machine for the image");
    return tm;
}

static void free_kept(void)
{
    for (size_t b = 0; b < kept.n; b++) {
        kept_t *k = &kept.v[b];
        if (k->m)
            LLVMDisposeModule(k->m);
        if (k->unopt)
            LLVMDisposeModule(k->unopt);
        for (size_t i = 0; i < k->n; i++) {
            free(k->spec[i]);
            free(k->wrap[i]);
        }
        free(k->spec);
        free(k->wrap);
        free(k->roots_name);
    }
    free(kept.v);
    memset(&kept, 0, sizeof(kept));
}

/* one module of every kept batch (the optimized ones, or those before optimization), consumed */
static LLVMModuleRef link_kept(int unopt, char **err)
{
    LLVMModuleRef dst = jl_llvmjit_new_module(unopt ? "julep_sysimg_unopt" : "julep_sysimg");
    if (dst == NULL) {
        set_err(err, "", "the code generator has been shut down");
        return NULL;
    }
    for (size_t b = 0; b < kept.n; b++) {
        kept_t *k = &kept.v[b];
        LLVMModuleRef src = unopt ? k->unopt : k->m;
        if (src == NULL)
            continue;
        define_roots(k, src);
        hide_definitions(src);
        if (unopt)
            k->unopt = NULL;
        else
            k->m = NULL;
        if (LLVMLinkModules2(dst, src)) { /* consumes src */
            set_err(err, "", "cannot link the batch modules");
            LLVMDisposeModule(dst);
            return NULL;
        }
    }
    return dst;
}

static int write_bitcode(LLVMModuleRef m, const char *path, char **err)
{
    if (LLVMWriteBitcodeToFile(m, path) != 0) {
        set_err(err, "cannot write the bitcode file ", path);
        return -1;
    }
    return 0;
}

/* `.incbin` of the data file into a section of its own: not allocated (the loader maps it from the
   file), page aligned (so is its place in a linked shared object, which mmap needs) */
static int embed_data(LLVMModuleRef m, const char *data, char **err)
{
    if (strchr(data, '"') != NULL || strchr(data, '\\') != NULL || strchr(data, '\n') != NULL) {
        set_err(err, "cannot embed a data file with a quote or backslash in its name: ", data);
        return -1;
    }
    char buf[4600];
    snprintf(buf, sizeof buf,
             "\t.pushsection %s,\"\",@progbits\n\t.p2align 12\n\t.incbin \"%s\"\n\t.popsection\n",
             JL_IMAGE_SECTION, data);
    LLVMAppendModuleInlineAsm(m, buf, strlen(buf));
    return 0;
}

static int emit_object(LLVMTargetMachineRef tm, LLVMModuleRef m, const char *path, char **err)
{
    char *msg = NULL;
    int r = 0;
    if (LLVMTargetMachineEmitToFile(tm, m, path, LLVMObjectFile, &msg)) {
        set_err(err, "cannot write the object file: ", msg ? msg : "");
        r = -1;
    }
    LLVMDisposeMessage(msg);
    return r;
}

/* the native code: `out->obj` alone, `out->embed_obj` with the data file too (the object is written
   twice then, from a copy of the module: emission changes it) */
static int emit_objects(LLVMModuleRef dst, const jl_image_emit_t *out, char **err)
{
    LLVMTargetMachineRef tm = image_target_machine(LLVMGetTarget(dst), err);
    if (tm == NULL)
        return -1;
    int r = 0;
    if (out->obj != NULL) {
        LLVMModuleRef m = out->embed_obj ? LLVMCloneModule(dst) : dst;
        r = emit_object(tm, m, out->obj, err);
        if (m != dst)
            LLVMDisposeModule(m);
    }
    if (r == 0 && out->embed_obj != NULL) {
        r = embed_data(dst, out->embed_data, err);
        if (r == 0)
            r = emit_object(tm, dst, out->embed_obj, err);
    }
    LLVMDisposeTargetMachine(tm);
    return r;
}

int jl_llvmjit_emit_image(const jl_image_emit_t *out, uint64_t id, char **err)
{
    jl_llvmjit_lock();
    int r = 0;
    if (out->unopt_bc != NULL) {
        LLVMModuleRef u = link_kept(1, err);
        r = u ? write_bitcode(u, out->unopt_bc, err) : -1;
        if (u)
            LLVMDisposeModule(u);
    }
    LLVMModuleRef dst = r == 0 ? link_kept(0, err) : NULL;
    if (dst == NULL)
        r = -1;
    if (r == 0)
        r = add_table(dst, id, err);
    if (r == 0)
        clean_names(dst);
    if (r == 0 && getenv("JULEP_DUMP_IMAGE_IR") != NULL) {
        char *txt = LLVMPrintModuleToString(dst);
        fprintf(stderr, "%s\n", txt);
        LLVMDisposeMessage(txt);
    }
    if (r == 0 && out->bc != NULL)
        r = write_bitcode(dst, out->bc, err);
    if (r == 0 && (out->obj != NULL || out->embed_obj != NULL))
        r = emit_objects(dst, out, err);
    if (dst)
        LLVMDisposeModule(dst);
    free_kept();
    jl_llvmjit_unlock();
    return r;
}
