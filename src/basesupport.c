/*
 * basesupport.c -- small C entry points that Base (the .jl files in base/) reaches through `ccall`, with Julia's
 * names where Julia has the same function: raw pointers to string/array/object data, String from bytes,
 * clocks, GC counters for `@time`, and `exit`.
 * Invariant: every function here is safe to call from the interpreter with boxed arguments (`Any`) and
 * never keeps a raw pointer past the call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dirent.h>
#include <unistd.h>
#include <limits.h>
#include "julep_internal.h"

JL_DLLEXPORT char *jl_string_ptr(jl_value_t *s)
{
    return jl_string_data(s);
}

JL_DLLEXPORT const char *jl_symbol_name_ptr(jl_value_t *s)
{
    return jl_symbol_name(s);
}

JL_DLLEXPORT void *jl_array_ptr(jl_array_t *a)
{
    return a->data;
}

JL_DLLEXPORT void *jl_value_ptr(jl_value_t *v)
{
    return (void *)v;
}

/* String(v::Vector{UInt8}): the bytes become a String and v is emptied, as in Julia */
JL_DLLEXPORT jl_value_t *jl_array_to_string(jl_array_t *a)
{
    jl_value_t *s = jl_pchar_to_string((const char *)a->data, a->length);
    if (!(a->flags & JL_ARRAY_ISSHARED) && a->length)
        jl_array_del_end(a, a->length);
    return s;
}

/* isassigned(a, i+1): the element is not #undef */
JL_DLLEXPORT int jl_array_isassigned(jl_array_t *a, size_t i)
{
    if (i >= a->length)
        return 0;
    if (a->flags & JL_ARRAY_PTRARRAY)
        return jl_array_ptr_ref(a, i) != NULL;
    return 1;
}

JL_DLLEXPORT jl_value_t *jl_module_parent(jl_module_t *m)
{
    return m->parent ? (jl_value_t *)m->parent : (jl_value_t *)m;
}

JL_DLLEXPORT jl_value_t *jl_module_name(jl_module_t *m)
{
    return (jl_value_t *)m->name;
}

JL_DLLEXPORT size_t jl_svec_length(jl_value_t *v)
{
    return jl_svec_len(v);
}

/* Julia's stack-trace text of a backtrace (stackwalk.c's printer), for show_backtrace on any IO */
JL_DLLEXPORT void jl_print_backtrace(FILE *out, jl_value_t *bt);
#pragma weak jl_print_backtrace
JL_DLLEXPORT jl_value_t *jl_backtrace_string(jl_value_t *bt)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f == NULL)
        return jl_cstr_to_string("");
    if (jl_print_backtrace)
        jl_print_backtrace(f, bt);
    fclose(f);
    jl_value_t *s = jl_pchar_to_string(buf, len);
    free(buf);
    return s;
}

static int symbol_cmp(const void *a, const void *b)
{
    return strcmp(jl_symbol_name(*(jl_sym_t *const *)a), jl_symbol_name(*(jl_sym_t *const *)b));
}

/* names(m; all, imported), sorted as Julia sorts Symbols (strcmp): m's own exported names; with
   `all`, every name m owns (Main lists them always); with `imported`, also names m imported
   explicitly. Names found through `using` are cached in m's table as the owner's binding, so they
   are never m's own and never listed. Compiler-generated names (`#...`) only with `all`. */
JL_DLLEXPORT jl_value_t *jl_module_names(jl_module_t *m, int all, int imported)
{
    jl_array_t *a = jl_alloc_array_1d((jl_value_t *)jl_array_symbol_type, 0);
    for (size_t i = 0; i < m->bindings_size; i++) {
        jl_binding_t *b = m->bindings[i];
        if (b == NULL || b->value == NULL)
            continue;
        int own = b->owner == m;
        int show = (own && (b->exportp || all || m == jl_main_module)) || (imported && !own && b->imported);
        if (!show || (!all && jl_symbol_name(b->name)[0] == '#'))
            continue;
        jl_array_grow_end(a, 1);
        ((jl_value_t **)a->data)[a->length - 1] = (jl_value_t *)b->name;
    }
    qsort(a->data, a->length, sizeof(jl_value_t *), symbol_cmp);
    return (jl_value_t *)a;
}

JL_DLLEXPORT int jl_is_const(jl_module_t *m, jl_sym_t *s)
{
    jl_binding_t *b = jl_get_binding(m, s);
    return b != NULL && b->constp;
}

/* the bytes of a string as a fresh Vector{UInt8} */
JL_DLLEXPORT jl_value_t *jl_string_to_array(jl_value_t *s)
{
    size_t n = jl_string_len(s);
    jl_array_t *a = jl_alloc_array_1d((jl_value_t *)jl_array_uint8_type, n);
    memcpy(a->data, jl_string_data(s), n);
    return (jl_value_t *)a;
}

JL_DLLEXPORT uint64_t jl_hrtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

JL_DLLEXPORT double jl_clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

JL_DLLEXPORT int64_t jl_gc_total_bytes(void)
{
    jl_gc_stats_t st;
    jl_gc_get_stats(&st);
    return (int64_t)st.bytes_allocated;
}

JL_DLLEXPORT int64_t jl_gc_total_allocs(void)
{
    jl_gc_stats_t st;
    jl_gc_get_stats(&st);
    return (int64_t)st.allocations;
}

JL_DLLEXPORT int64_t jl_gc_total_pause_ns(void)
{
    jl_gc_stats_t st;
    jl_gc_get_stats(&st);
    return (int64_t)st.total_pause_ns;
}

/* include(path) from a file: a relative `name` is resolved against the directory of `from` (a Symbol or
   String path of the including file; `nothing`: the current directory), then loaded into m. */
JL_DLLEXPORT jl_value_t *jl_include_relative(jl_module_t *m, jl_value_t *from, jl_value_t *name)
{
    const char *fname = jl_string_data(name);
    const char *dir = NULL;
    size_t dlen = 0;
    if (fname[0] != '/' && from != jl_nothing) {
        dir = jl_is_symbol(from) ? jl_symbol_name(from) : jl_string_data(from);
        const char *slash = strrchr(dir, '/');
        dlen = slash ? (size_t)(slash - dir) + 1 : 0;
    }
    size_t nlen = strlen(fname);
    char *path = (char *)jl_gc_alloc_buf_atomic(dlen + nlen + 1);
    if (dlen)
        memcpy(path, dir, dlen);
    memcpy(path + dlen, fname, nlen + 1);
    return jl_load(m, path);
}

/* isconcretetype/isprimitivetype/isbitstype/isabstracttype/ismutabletype as bits 1/2/4/8/16 */
JL_DLLEXPORT int32_t jl_datatype_props(jl_datatype_t *t)
{
    return (t->isconcretetype ? 1 : 0) | (t->isprimitivetype ? 2 : 0) | (t->isbitstype ? 4 : 0) |
           (t->name->abstract ? 8 : 0) | (t->name->mutabl ? 16 : 0);
}

JL_DLLEXPORT jl_value_t *jl_get_main_module(void)
{
    return (jl_value_t *)jl_main_module;
}

/* the running executable (Sys.BINDIR, julia_cmd) */
JL_DLLEXPORT jl_value_t *jl_exe_path(void)
{
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n < 0)
        n = 0;
    return jl_pchar_to_string(buf, (size_t)n);
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* readdir(path): the entry names but . and .., sorted; nothing when the directory cannot be opened */
JL_DLLEXPORT jl_value_t *jl_readdir(const char *path)
{
    DIR *d = opendir(path);
    if (d == NULL)
        return jl_nothing;
    size_t n = 0, cap = 16;
    char **names = malloc(cap * sizeof(char *));
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        if (n == cap)
            names = realloc(names, (cap *= 2) * sizeof(char *));
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof(char *), cmp_names);
    jl_array_t *a = jl_alloc_vec_any(n);
    for (size_t i = 0; i < n; i++) {
        jl_array_ptr_set(a, i, jl_cstr_to_string(names[i]));
        free(names[i]);
    }
    free(names);
    return (jl_value_t *)a;
}

/* Base.exit(n): flush and run the exit hooks, then leave the process */
JL_DLLEXPORT JL_NORETURN void jl_exit(int status)
{
    jl_atexit_hook(status);
    exit(status);
}
