/*
 * image_native.c -- the native code of a system image: `<image>.so` beside `<image>.ji`.
 *
 * Writing (imaging mode, a process run with --output-ji): every batch the JIT links is also recorded
 * here (its slot-table objects and the CodeInstances it gave code to, `jl_image_native_batches`, a C
 * global the image saves) while the codegen library keeps the optimized module (llvm_image.c). At exit,
 * after the data file, the codegen library writes one PIC object file and the system `cc -shared`
 * links it into `<image>.so`.
 *
 * Loading (after the data file is mapped): `dlopen` the .so (RTLD_NOW: every runtime symbol it needs
 * is resolved up front, against libjulep.so's exported functions), check its table against the data
 * (id, batch and function counts, slot-table sizes) before changing anything, fill the slot tables
 * with the image's objects and give the CodeInstances their entry points. Dispatch then calls image
 * code directly and LLVM is never loaded for it.
 *
 * Invariants: a missing .so means a data-only image (instances compile on first call, as with
 * --sysimage-native-code=no); a bad one is reported and ignored, never half-connected. The slot
 * tables hold only image objects, which are never collected, so they need no GC root.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "image.h"
#include "image_native.h"
#include "interpreter.h"
#include "../codegen/codegen.h"

jl_array_t *jl_image_native_batches; /* svec(roots, ci_1, ..., ci_n) per batch, in link order */
jl_array_t *jl_image_native_aliases; /* ci, from, ci, from, ...: ci gets from's entry points */

static size_t nconnected;

JL_DLLEXPORT void jl_image_native_add(jl_value_t *roots, jl_value_t **cis, size_t n)
{
    if (jl_image_native_batches == NULL)
        jl_image_native_batches = jl_alloc_vec_any(0);
    jl_svec_t *b = jl_alloc_svec(n + 1);
    jl_svecset(b, 0, roots);
    for (size_t i = 0; i < n; i++)
        jl_svecset(b, i + 1, cis[i] ? cis[i] : jl_nothing);
    jl_array_ptr_1d_push(jl_image_native_batches, (jl_value_t *)b);
}

JL_DLLEXPORT void jl_image_native_alias(jl_code_instance_t *ci, jl_code_instance_t *from)
{
    if (jl_image_native_aliases == NULL)
        jl_image_native_aliases = jl_alloc_vec_any(0);
    jl_array_ptr_1d_push(jl_image_native_aliases, (jl_value_t *)ci);
    jl_array_ptr_1d_push(jl_image_native_aliases, (jl_value_t *)from);
}

/* `<base>.so` for `<base>.ji` (any other name: `<name>.so`; a name with `ext` already: itself); `ext`
   is ".so" or ".ji" */
JL_DLLEXPORT void jl_image_companion(const char *path, const char *ext, char *out, size_t sz)
{
    size_t n = strlen(path);
    const char *other = strcmp(ext, ".so") == 0 ? ".ji" : ".so";
    if (n > 3 && strcmp(path + n - 3, ext) == 0) {
        snprintf(out, sz, "%s", path);
        return;
    }
    if (n > 3 && strcmp(path + n - 3, other) == 0)
        n -= 3;
    snprintf(out, sz, "%.*s%s", (int)n, path, ext);
}

/* imaging mode: this process writes an image or its code (codegen emits relocatable code then) */
JL_DLLEXPORT int jl_image_generating(void)
{
    const jl_options_t *o = &jl_options;
    return o->outputji != NULL || o->outputo != NULL || o->outputbc != NULL || o->outputunoptbc != NULL ||
           o->image_codegen == 1;
}

/* ---------------------------------------------------------------- writing */

static int run_cc(const char *so, const char *obj, char **err)
{
    const char *cc = getenv("JULEP_CC");
    if (cc == NULL || *cc == '\0')
        cc = "cc";
    pid_t pid = fork();
    if (pid < 0) {
        *err = strdup("cannot start the C compiler");
        return -1;
    }
    if (pid == 0) {
        execlp(cc, cc, "-shared", "-o", so, obj, "-lm", (char *)NULL);
        fprintf(stderr, "julep: cannot run %s: %s\n", cc, strerror(errno));
        _exit(127);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        char msg[300];
        snprintf(msg, sizeof msg, "linking the native code with `%s -shared` failed", cc);
        *err = strdup(msg);
        return -1;
    }
    return 0;
}

static int read_id(const char *ji, uint64_t *id)
{
    jl_image_header_t h;
    int fd = open(ji, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int ok = pread(fd, &h, sizeof h, 0) == (ssize_t)sizeof h;
    close(fd);
    *id = h.checksum;
    return ok ? 0 : -1;
}

/* Pages a process writes sit in the page cache as large folios, and the kernel maps a whole folio
   when one of its pages faults: a run of the new image would have most of the file in its resident
   set. Written back and dropped from the cache, the files are read again page by page (the loader
   maps them with MADV_RANDOM), so a run's resident set is the pages it touches. */
static void drop_page_cache(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    fdatasync(fd);
    posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    close(fd);
}

static char *path_with(const char *path, const char *suffix)
{
    size_t n = strlen(path) + strlen(suffix) + 24;
    char *p = malloc(n);
    if (p == NULL)
        abort();
    snprintf(p, n, "%s.%d%s", path, (int)getpid(), suffix);
    return p;
}

/* After the data file `out->ji` (if any) is written: the code outputs, all from one pass of the
   code generator (sysimage/image_native.h). 0 on success, else -1 with a malloc'ed message; a stale
   `<ji>.so` of an earlier image is removed either way, and no output is left half written. */
JL_DLLEXPORT int jl_image_native_write(const jl_image_outputs_t *out, char **err)
{
    char so[4096];
    uint64_t id = 0;
    jl_image_emit_t e = {NULL, NULL, NULL, out->bc, out->unopt_bc};
    if (out->ji != NULL && read_id(out->ji, &id) != 0) {
        *err = strdup("cannot read back the data file");
        return -1;
    }
    if (out->so) {
        jl_image_companion(out->ji, ".so", so, sizeof so);
        unlink(so);
        e.obj = path_with(so, ".o");
    }
    char *otmp = out->o ? path_with(out->o, ".tmp") : NULL;
    if (otmp) {
        e.embed_obj = otmp;
        e.embed_data = out->ji;
    }
    const jl_codegen_vtable_t *t = jl_codegen_load();
    int r = t ? t->emit_image(&e, id, err) : -1;
    if (t == NULL)
        *err = strdup(jl_codegen_error() ? jl_codegen_error() : "no code generator");
    if (r == 0 && out->so) {
        char *tmp = path_with(so, ".tmp");
        r = run_cc(tmp, e.obj, err);
        if (r == 0 && rename(tmp, so) != 0)
            r = -1, *err = strdup(strerror(errno));
        unlink(tmp);
        free(tmp);
    }
    if (r == 0 && otmp && rename(otmp, out->o) != 0)
        r = -1, *err = strdup(strerror(errno));
    if (e.obj)
        unlink(e.obj);
    if (otmp)
        unlink(otmp);
    free((char *)e.obj);
    free(otmp);
    if (out->ji)
        drop_page_cache(out->ji);
    if (r == 0 && out->so)
        drop_page_cache(so);
    return r;
}

/* ---------------------------------------------------------------- loading */

static size_t batch_funcs(jl_svec_t *b)
{
    return jl_svec_len(b) - 1;
}

/* everything the table says must match the data before anything is written */
static const char *check_table(const jl_image_native_table_t *t, uint64_t id)
{
    if (t->magic != JL_IMAGE_NATIVE_MAGIC || t->version != JL_IMAGE_NATIVE_VERSION)
        return "not julep native code of this version";
    if (t->id != id)
        return "written with another data file";
    jl_array_t *bs = jl_image_native_batches;
    size_t nb = bs ? jl_array_len(bs) : 0, nf = 0;
    if (t->nbatches != nb)
        return "written with another data file (batch count)";
    for (size_t b = 0; b < nb; b++) {
        jl_value_t *v = jl_array_ptr_ref(bs, b);
        if (!jl_is_svec(v) || jl_svec_len(v) < 1 || !jl_is_array(jl_svecref(v, 0)))
            return "the data file's batch list is corrupted";
        if (t->nroots[b] != jl_array_len((jl_array_t *)jl_svecref(v, 0)))
            return "written with another data file (slot table size)";
        nf += batch_funcs((jl_svec_t *)v);
    }
    if (t->nfuncs != nf)
        return "written with another data file (function count)";
    return NULL;
}

static void set_entry(jl_code_instance_t *ci, void *spec, void *inv)
{
    ci->specptr = spec;
    ci->invoke = (jl_callptr_t)inv;
    ci->isspecsig = 1;
}

static void connect(const jl_image_native_table_t *t)
{
    jl_array_t *bs = jl_image_native_batches;
    size_t j = 0;
    for (size_t b = 0; b < t->nbatches; b++) {
        jl_svec_t *v = (jl_svec_t *)jl_array_ptr_ref(bs, b);
        jl_array_t *roots = (jl_array_t *)jl_svecref(v, 0);
        for (size_t i = 0; i < t->nroots[b]; i++)
            t->roots[b][i] = jl_array_ptr_ref(roots, i);
        for (size_t i = 0; i < batch_funcs(v); i++, j++) {
            jl_value_t *ci = jl_svecref(v, i + 1);
            if (jl_is_code_instance(ci) && t->fptrs[2 * j] && t->fptrs[2 * j + 1]) {
                set_entry((jl_code_instance_t *)ci, t->fptrs[2 * j], t->fptrs[2 * j + 1]);
                nconnected++;
            }
        }
    }
    jl_array_t *al = jl_image_native_aliases;
    for (size_t i = 0; al && i + 1 < jl_array_len(al); i += 2) {
        jl_code_instance_t *ci = (jl_code_instance_t *)jl_array_ptr_ref(al, i);
        jl_code_instance_t *from = (jl_code_instance_t *)jl_array_ptr_ref(al, i + 1);
        if (jl_is_code_instance(ci) && jl_is_code_instance(from) && from->isspecsig && from->invoke)
            set_entry(ci, from->specptr, (void *)from->invoke);
    }
}

/* After the data file `ji` (checksum `id`) is loaded: connect its native code. 0: connected (or none
   wanted); 1: no .so (a data-only image); -1: a bad .so, ignored, with a reason in msg. */
JL_DLLEXPORT int jl_image_native_load(const char *ji, uint64_t id, char *msg, size_t sz)
{
    char so[4096];
    /* a name without a slash: in the current directory, not on the dynamic linker's search path */
    int here = strchr(ji, '/') == NULL;
    jl_image_companion(ji, ".so", so + 2 * here, sizeof so - 2);
    if (here)
        memcpy(so, "./", 2);
    if (access(so, F_OK) != 0)
        return 1;
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        snprintf(msg, sz, "%s", dlerror());
        return -1;
    }
    const jl_image_native_table_t *t = (const jl_image_native_table_t *)dlsym(h, JL_IMAGE_NATIVE_SYMBOL);
    const char *why = t == NULL ? "not julep native code (no table)" : check_table(t, id);
    if (why != NULL) {
        snprintf(msg, sz, "%s", why);
        dlclose(h);
        return -1;
    }
    connect(t);
    return 0;
}

/* number of CodeInstances given image code */
JL_DLLEXPORT size_t jl_image_native_count(void)
{
    return nconnected;
}

/* Compiled ccalls of libraries loaded after the image (llvm_emit.c, imaging mode): the first call
   resolves `fname` (a name, or (name, library)) as the interpreter does and fills the call's slot. */
JL_DLLEXPORT void *jl_cg_lazy_cfunction(jl_value_t *fname, void **slot)
{
    const char *sym = NULL, *lib = NULL;
    jl_value_t *s = fname, *l = NULL;
    if (jl_is_tuple(fname) && jl_datatype_nfields(jl_typeof(fname)) == 2) {
        s = jl_get_nth_field(fname, 0);
        l = jl_get_nth_field(fname, 1);
    }
    sym = jl_is_symbol(s) ? jl_symbol_name((jl_sym_t *)s) : jl_is_string(s) ? jl_string_data(s) : NULL;
    if (l != NULL)
        lib = jl_is_symbol(l) ? jl_symbol_name((jl_sym_t *)l) : jl_is_string(l) ? jl_string_data(l) : NULL;
    if (sym == NULL || (l != NULL && lib == NULL))
        jl_error("ccall: first argument not a pointer or valid constant expression");
    void *p = jl_dlsym_lib(lib, sym);
    *slot = p;
    return p;
}
