/*
 * image_write.c -- writes a system image (`--output-ji`): every object reachable from the C globals
 * (image_globals.c), the symbol table and the field attribute table, copied as it lies in memory.
 *
 * Two passes over the same walk (as the serializer does): `discover` finds each reachable GC block
 * (objects, and the raw buffers hanging off them: array data, binding tables, type layouts) and how
 * to scan it; offsets are then assigned (blocks that may hold pointers first, pointer-free ones after);
 * `patch` copies the blocks and rewrites every pointer to its image address, recording a relocation.
 * Objects are scanned by their layout; only the C-defined kinds are special-cased. What cannot be saved
 * (a Task, a non-NULL Ptr, a pointer outside the GC heap, an opaque C object) stops the writer with a
 * message naming the type and the global that reaches it.
 * Invariant: the walk reads the heap only; nothing in the process changes (the collector is paused).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <setjmp.h>
#include <unistd.h>
#include "image.h"
#include "gf.h"

#define NOBLK UINT32_MAX
enum { K_OBJ, K_RAW_ATOMIC, K_RAW_PTRS };

typedef struct {
    char *base;        /* start of the GC block in this process */
    size_t size;       /* bytes it takes in the image (a multiple of 16) */
    uint64_t off;      /* offset in the data section */
    uint32_t parent;   /* block that first referenced it (messages), NOBLK for a root */
    int32_t root;      /* for a root: its index in the globals table */
    uint8_t isobj;     /* a header word, then the object's data */
    uint8_t ptrs;      /* may hold heap pointers: scanned part of the image */
    uint8_t hot;       /* touched by every load (native code connection): laid out together */
    uint8_t warm;      /* the type system and method tables: what method lookup and inference read */
} blk_t;

typedef struct {
    uint32_t blk;
    size_t start;          /* byte offset in the block */
    size_t n;              /* elements */
    size_t elsize;
    jl_datatype_t *eltype; /* inline structs with pointer fields; NULL: pointer words */
    const char *pattern;   /* pointer words: 'o' object, 'a' pointer-free buffer; repeats */
} region_t;

typedef struct {
    int patch;
    blk_t *blks;
    size_t nblk, capblk;
    uint32_t *map;         /* open addressing on block base: index + 1 */
    size_t mapcap;
    uint32_t *queue;
    size_t qhead, qlen, qcap;
    region_t *regs;
    size_t nreg, capreg;
    uint32_t cur;          /* block being scanned */
    uint64_t hot_size;     /* bytes of the data section the native-code loader writes */
    uint64_t scanned_size; /* bytes of it that may hold heap pointers */
    int32_t curroot;
    char *out;             /* data section being written */
    uint64_t data_addr;    /* preferred address of the data section */
    uint32_t *relocs;
    size_t nrel, caprel;
    uint64_t *centry;      /* pairs */
    size_t ncent, capcent;
    uint64_t *lists[3];    /* typenames, method tables, Dicts: object addresses, then data offsets */
    size_t nlist[3], caplist[3];
    jl_typename_t *dict_tn, *ptr_tn;
    uintptr_t lib_base;
    size_t lib_size;
    char *err;
    jmp_buf fail;
} wr_t;

#define GROW(arr, n, cap, init) do {                                                     \
        if ((n) == (cap)) {                                                              \
            (cap) = (cap) ? (cap) * 2 : (init);                                          \
            void *np__ = realloc((arr), (cap) * sizeof(*(arr)));                         \
            if (np__ == NULL) fail(w, "out of memory");                                  \
            (arr) = np__;                                                                \
        }                                                                                \
    } while (0)

static JL_NORETURN void fail(wr_t *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static const char *type_name(jl_value_t *t)
{
    return jl_is_datatype(t) ? jl_symbol_name(((jl_datatype_t *)t)->name->name) : "?";
}

/* "Base.foo" for the binding nearest to block i on the path from the roots, else the root's name */
static void describe_path(wr_t *w, uint32_t i, char *buf, size_t n)
{
    const jl_image_global_t *g;
    jl_image_globals(&g);
    for (int steps = 0; i != NOBLK && steps < 100000; steps++) {
        blk_t *b = &w->blks[i];
        if (b->isobj) {
            jl_value_t *v = (jl_value_t *)(b->base + 8);
            if (jl_typeof(v) == (jl_value_t *)jl_binding_type) {
                jl_binding_t *bd = (jl_binding_t *)v;
                snprintf(buf, n, "the global %s.%s", bd->owner ? jl_symbol_name(bd->owner->name) : "?",
                         jl_symbol_name(bd->name));
                return;
            }
        }
        if (b->parent == NOBLK) {
            snprintf(buf, n, "%s", b->root >= 0 ? g[b->root].name : "a root");
            return;
        }
        i = b->parent;
    }
    snprintf(buf, n, "a root");
}

static void fail(wr_t *w, const char *fmt, ...)
{
    char msg[512], path[256] = "a root";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (w->cur != NOBLK && w->cur < w->nblk)
        describe_path(w, w->cur, path, sizeof path);
    else if (w->curroot >= 0) {
        const jl_image_global_t *g;
        jl_image_globals(&g);
        snprintf(path, sizeof path, "%s", g[w->curroot].name);
    }
    size_t len = strlen(msg) + strlen(path) + 32;
    w->err = malloc(len);
    if (w->err)
        snprintf(w->err, len, "%s (reached from %s)", msg, path);
    longjmp(w->fail, 1);
}

/* ---------------------------------------------------------------- blocks */

static size_t ptr_hash(const void *p)
{
    uintptr_t h = (uintptr_t)p >> 4;
    h *= (uintptr_t)0x9E3779B97F4A7C15ull;
    return (size_t)(h ^ (h >> 31));
}

static uint32_t *map_slot(wr_t *w, const char *base)
{
    size_t mask = w->mapcap - 1, i = ptr_hash(base) & mask;
    while (w->map[i] && w->blks[w->map[i] - 1].base != base)
        i = (i + 1) & mask;
    return &w->map[i];
}

static void map_grow(wr_t *w)
{
    free(w->map);
    w->mapcap = w->mapcap ? w->mapcap * 2 : 1 << 16;
    w->map = calloc(w->mapcap, sizeof(uint32_t));
    if (w->map == NULL)
        fail(w, "out of memory");
    for (size_t i = 0; i < w->nblk; i++)
        *map_slot(w, w->blks[i].base) = (uint32_t)i + 1;
}

static uint32_t find_block(wr_t *w, const void *base)
{
    if (w->mapcap == 0)
        return NOBLK;
    uint32_t e = *map_slot(w, base);
    return e ? e - 1 : NOBLK;
}

static size_t round16(size_t n)
{
    return (n + 15) & ~(size_t)15;
}

/* bytes of an object (header included) the image keeps: exact for fixed layouts, so stale words past
   the end of the allocation are not copied; whole blocks for arrays (their data may follow inline) */
static size_t object_size(wr_t *w, jl_value_t *v, size_t gcsize)
{
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(v);
    size_t n;
    if (t == jl_symbol_type)
        n = sizeof(jl_sym_t) + ((jl_sym_t *)v)->length + 1;
    else if (t == jl_string_type)
        n = sizeof(jl_string_t) + jl_string_len(v) + 1;
    else if (t == jl_simplevector_type)
        n = sizeof(jl_svec_t) + jl_svec_len(v) * sizeof(void *);
    else if (t->name == jl_array_typename || t->layout == NULL)
        n = gcsize - 8;
    else
        n = t->layout->size;
    n = round16(n + 8);
    if (n > gcsize)
        fail(w, "an object of type %s is larger than its allocation", type_name((jl_value_t *)t));
    return n;
}

static uint32_t add_block(wr_t *w, char *base, int kind)
{
    if ((w->nblk + 1) * 2 > w->mapcap)
        map_grow(w);
    GROW(w->blks, w->nblk, w->capblk, 4096);
    size_t gcsize = jl_gc_block_size(base);
    blk_t *b = &w->blks[w->nblk];
    memset(b, 0, sizeof *b);
    b->base = base;
    b->parent = w->cur;
    b->root = w->cur == NOBLK ? w->curroot : -1;
    if (kind == K_OBJ) {
        jl_value_t *v = (jl_value_t *)(base + 8);
        jl_datatype_t *t = (jl_datatype_t *)jl_typeof(v);
        if (t == NULL || jl_gc_block_base(t) == NULL || jl_typeof(t) != (jl_value_t *)jl_datatype_type)
            fail(w, "an object without a valid type header at %p", (void *)v);
        b->isobj = 1;
        b->ptrs = t->layout == NULL || !t->layout->pointerfree || t == jl_datatype_type;
        b->size = object_size(w, v, gcsize);
    }
    else {
        b->ptrs = kind == K_RAW_PTRS;
        b->size = round16(gcsize);
    }
    uint32_t i = (uint32_t)w->nblk++;
    *map_slot(w, base) = i + 1;
    if (kind == K_OBJ) {
        GROW(w->queue, w->qlen, w->qcap, 4096);
        w->queue[w->qlen++] = i;
    }
    return i;
}

/* the block holding `look` (p itself, or an address inside the same buffer when p may point just past
   its end), created when new */
static uint32_t discover(wr_t *w, const void *p, const void *look, int kind)
{
    char *base = jl_gc_block_base(look);
    if (base == NULL) {
        if (jl_gc_in_image(look))
            fail(w, "an object of the loaded system image (write images from a julep started without -J)");
        fail(w, "a pointer to memory outside the GC heap (%p)", p);
    }
    if (kind == K_OBJ && (const char *)p != base + 8)
        fail(w, "a pointer into the middle of an object (%p)", p);
    uint32_t i = find_block(w, base);
    if (i == NOBLK)
        return add_block(w, base, kind);
    blk_t *b = &w->blks[i];
    if (kind == K_OBJ && !b->isobj) { /* a buffer first seen as array data is also an object */
        jl_datatype_t *t = (jl_datatype_t *)jl_typeof((jl_value_t *)p);
        b->isobj = 1;
        b->ptrs |= t->layout == NULL || !t->layout->pointerfree;
        GROW(w->queue, w->qlen, w->qcap, 4096);
        w->queue[w->qlen++] = i;
    }
    else if (kind == K_RAW_PTRS && !b->ptrs && !b->isobj) {
        b->ptrs = 1;
    }
    return i;
}

static uint64_t image_addr(wr_t *w, const void *p, const void *look)
{
    uint32_t i = find_block(w, jl_gc_block_base(look));
    if (i == NOBLK)
        fail(w, "internal error: a block was not discovered");
    blk_t *b = &w->blks[i];
    return w->data_addr + b->off + (uint64_t)((const char *)p - b->base);
}

/* ---------------------------------------------------------------- visiting pointer words */

/* The word at byte `at` of the current block holds p; `look` lies inside p's block. */
static void visit(wr_t *w, size_t at, const void *p, const void *look, int kind, uint64_t flags)
{
    if (!w->patch) {
        if (p != NULL)
            discover(w, p, look, kind);
        return;
    }
    blk_t *b = &w->blks[w->cur];
    uint64_t v = 0;
    if (p != NULL) {
        v = image_addr(w, p, look) | flags;
        GROW(w->relocs, w->nrel, w->caprel, 1 << 16);
        w->relocs[w->nrel++] = (uint32_t)((b->off + at) / 8);
    }
    memcpy(w->out + b->off + at, &v, 8);
}

#define OFFSET_IN(bb, field) ((size_t)((const char *)&(field) - (bb)))
#define VISIT_OBJ(w, b, field) visit(w, OFFSET_IN(b, field), (field), (field), K_OBJ, 0)

static void put_word(wr_t *w, size_t at, uint64_t v)
{
    if (w->patch)
        memcpy(w->out + w->blks[w->cur].off + at, &v, 8);
}

/* a C function pointer: stored as an offset from libjulep.so's base, patched at every load */
static void visit_centry(wr_t *w, size_t at, const void *fp)
{
    uintptr_t a = (uintptr_t)fp;
    if (a == 0)
        return put_word(w, at, 0);
    if (a < w->lib_base || a >= w->lib_base + w->lib_size)
        fail(w, "a pointer to a C function outside libjulep.so (%p)", fp);
    if (!w->patch)
        return;
    put_word(w, at, 0);
    GROW(w->centry, w->ncent, w->capcent, 1024);
    GROW(w->centry, w->ncent + 1, w->capcent, 1024);
    w->centry[w->ncent++] = (w->blks[w->cur].off + at) / 8;
    w->centry[w->ncent++] = a - w->lib_base;
}

static void add_region(wr_t *w, uint32_t blk, const void *start, size_t n, size_t elsize,
                       jl_datatype_t *eltype, const char *pattern)
{
    if (w->patch || n == 0)
        return;
    GROW(w->regs, w->nreg, w->capreg, 1024);
    w->regs[w->nreg++] = (region_t){blk, (size_t)((const char *)start - w->blks[blk].base), n, elsize, eltype,
                                    pattern};
}

static void list_add(wr_t *w, int which, jl_value_t *v)
{
    if (w->patch)
        return;
    GROW(w->lists[which], w->nlist[which], w->caplist[which], 256);
    w->lists[which][w->nlist[which]++] = (uint64_t)(uintptr_t)v;
}

/* ---------------------------------------------------------------- scanning objects */

static int is_ptr_type(wr_t *w, jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->name == w->ptr_tn;
}

/* an inline (isbits) value of type ft at p: a Ptr in it must be C_NULL */
static void check_inline(wr_t *w, jl_value_t *ft, const char *p, const char *what)
{
    if (!jl_is_datatype(ft))
        return;
    jl_datatype_t *dt = (jl_datatype_t *)ft;
    if (is_ptr_type(w, ft)) {
        void *v;
        memcpy(&v, p, sizeof v);
        if (v != NULL)
            fail(w, "a non-NULL %s in %s (pointers into this process cannot be saved; set it in __init__)",
                 jl_symbol_name(dt->name->name), what);
        return;
    }
    if (dt->layout == NULL || dt->layout->nfields == 0 || dt->types == NULL)
        return;
    for (uint32_t i = 0; i < dt->layout->nfields && i < jl_svec_len(dt->types); i++)
        if (!dt->layout->fields[i].isptr)
            check_inline(w, jl_svecref(dt->types, i), p + dt->layout->fields[i].offset, what);
}

static int type_has_ptr(wr_t *w, jl_value_t *ft, int depth)
{
    if (!jl_is_datatype(ft) || depth > 8)
        return 0;
    jl_datatype_t *dt = (jl_datatype_t *)ft;
    if (dt->name == w->ptr_tn)
        return 1;
    if (dt->layout == NULL || dt->types == NULL)
        return 0;
    for (uint32_t i = 0; i < dt->layout->nfields && i < jl_svec_len(dt->types); i++)
        if (!dt->layout->fields[i].isptr && type_has_ptr(w, jl_svecref(dt->types, i), depth + 1))
            return 1;
    return 0;
}

static void scan_fields(wr_t *w, const char *bb, jl_value_t *v, jl_datatype_t *t)
{
    const jl_datatype_layout_t *ly = t->layout;
    for (uint32_t i = 0; i < ly->nfields; i++) {
        const jl_fielddesc_t *fd = &ly->fields[i];
        char *fp = (char *)v + fd->offset;
        if (fd->isptr) {
            jl_value_t *f;
            memcpy(&f, fp, sizeof f);
            visit(w, (size_t)(fp - bb), f, f, K_OBJ, 0);
        }
        else if (t->types && i < jl_svec_len(t->types)) {
            check_inline(w, jl_svecref(t->types, i), fp, jl_symbol_name(t->name->name));
        }
    }
}

static void scan_array(wr_t *w, const char *b, jl_array_t *a)
{
    VISIT_OBJ(w, b, a->owner);
    if (a->data == NULL)
        return;
    jl_value_t *et = jl_svecref(((jl_datatype_t *)jl_typeof((jl_value_t *)a))->parameters, 0);
    int isptr = (a->flags & JL_ARRAY_PTRARRAY) != 0, hasptr = (a->flags & JL_ARRAY_HASPTR) != 0;
    const char *buf = (const char *)a->data - a->offset * a->elsize; /* inside the buffer, even when empty */
    uint32_t cur = w->cur;
    visit(w, OFFSET_IN(b, a->data), a->data, buf, isptr || hasptr ? K_RAW_PTRS : K_RAW_ATOMIC, 0);
    w->cur = cur;
    if (w->patch)
        return;
    uint32_t bi = find_block(w, jl_gc_block_base(buf));
    if (isptr)
        add_region(w, bi, a->data, a->length, 8, NULL, "o");
    else if (hasptr)
        add_region(w, bi, a->data, a->length, a->elsize, (jl_datatype_t *)et, NULL);
    else if (type_has_ptr(w, et, 0))
        for (size_t i = 0; i < a->length; i++)
            check_inline(w, et, (const char *)a->data + i * a->elsize, "an Array");
}

static void scan_code_instance(wr_t *w, const char *b, jl_code_instance_t *ci)
{
    VISIT_OBJ(w, b, ci->def);
    VISIT_OBJ(w, b, ci->next);
    VISIT_OBJ(w, b, ci->rettype);
    VISIT_OBJ(w, b, ci->rettype_const);
    VISIT_OBJ(w, b, ci->inferred);
    /* Entry points: the interpreter's and native methods' (C functions) are kept. Compiled code is not in
       the image, and an instance waiting to be compiled (codegen's deferred entry) may be loaded by a
       process that does not compile: those lose their entry, and dispatch makes a new instance for the
       loading process when they are first called. */
    uintptr_t inv = (uintptr_t)ci->invoke, sp = (uintptr_t)ci->specptr;
    int lib_sp = sp >= w->lib_base && sp < w->lib_base + w->lib_size;
    int native = inv >= w->lib_base && inv < w->lib_base + w->lib_size && lib_sp &&
                 inv != (uintptr_t)jl_fptr_interpret_call;
    if (native || inv == (uintptr_t)jl_fptr_interpret_call)
        visit_centry(w, OFFSET_IN(b, ci->invoke), ci->invoke);
    else
        put_word(w, OFFSET_IN(b, ci->invoke), 0);
    if (native)
        visit_centry(w, OFFSET_IN(b, ci->specptr), ci->specptr);
    else
        put_word(w, OFFSET_IN(b, ci->specptr), 0); /* the interpreter's compact code is rebuilt on demand */
    if (w->patch && !native)
        w->out[w->blks[w->cur].off + OFFSET_IN(b, ci->isspecsig)] = 0;
}

static int dict_needs_rehash(jl_datatype_t *t);

static void scan_object(wr_t *w, uint32_t i)
{
    w->cur = i;
    const char *b = w->blks[i].base; /* the block table may grow while this object is scanned */
    jl_value_t *v = (jl_value_t *)(b + 8);
    jl_datatype_t *t = (jl_datatype_t *)jl_typeof(v);
    uint64_t flags = (jl_astaggedvalue(v)->header & JL_HEADER_FLAG_MASK) | JL_HEADER_INIMAGE;
    visit(w, 0, t, t, K_OBJ, flags);
    if (t == jl_symbol_type || t == jl_string_type)
        return;
    if (t == jl_simplevector_type) {
        for (size_t k = 0; k < jl_svec_len(v); k++)
            VISIT_OBJ(w, b, jl_svec_data(v)[k]);
    }
    else if (t->name == jl_array_typename) {
        scan_array(w, b, (jl_array_t *)v);
    }
    else if (t == jl_module_type) {
        jl_module_t *m = (jl_module_t *)v;
        VISIT_OBJ(w, b, m->name);
        VISIT_OBJ(w, b, m->parent);
        VISIT_OBJ(w, b, m->usings);
        visit(w, OFFSET_IN(b, m->bindings), m->bindings, m->bindings, K_RAW_PTRS, 0);
        if (!w->patch)
            add_region(w, find_block(w, jl_gc_block_base(m->bindings)), m->bindings, m->bindings_size, 8, NULL, "o");
    }
    else if (t == jl_datatype_type) {
        jl_datatype_t *d = (jl_datatype_t *)v;
        VISIT_OBJ(w, b, d->name);
        VISIT_OBJ(w, b, d->super);
        VISIT_OBJ(w, b, d->parameters);
        VISIT_OBJ(w, b, d->types);
        VISIT_OBJ(w, b, d->instance);
        visit(w, OFFSET_IN(b, d->layout), d->layout, d->layout, K_RAW_ATOMIC, 0);
    }
    else if (t == jl_typename_type) {
        jl_typename_t *tn = (jl_typename_t *)v;
        VISIT_OBJ(w, b, tn->name);
        VISIT_OBJ(w, b, tn->module);
        VISIT_OBJ(w, b, tn->names);
        VISIT_OBJ(w, b, tn->wrapper);
        VISIT_OBJ(w, b, tn->cache);
        VISIT_OBJ(w, b, tn->mt);
        list_add(w, 0, v);
    }
    else if (t == jl_binding_type) {
        jl_binding_t *bd = (jl_binding_t *)v;
        VISIT_OBJ(w, b, bd->name);
        VISIT_OBJ(w, b, bd->value);
        VISIT_OBJ(w, b, bd->owner);
        VISIT_OBJ(w, b, bd->ty);
        VISIT_OBJ(w, b, bd->globalref);
    }
    else if (t == jl_task_type) {
        fail(w, "a Task (tasks cannot be saved in an image; create them in __init__)");
    }
    else if (t->super == jl_builtin_type || t == jl_intrinsic_type) {
        visit_centry(w, 8, (const void *)((jl_builtin_fn_t *)v)->fptr);
    }
    else if (t == jl_code_instance_type) {
        scan_code_instance(w, b, (jl_code_instance_t *)v);
    }
    else if (t->layout == NULL) {
        fail(w, "an object of type %s, which has no layout", type_name((jl_value_t *)t));
    }
    else if (t->layout->nfields == 0) {
        if (!t->layout->pointerfree && t->layout->size > 0)
            fail(w, "an opaque C object of type %s", type_name((jl_value_t *)t));
        if (t->name == w->ptr_tn)
            check_inline(w, (jl_value_t *)t, (const char *)v, "a boxed value");
    }
    else {
        scan_fields(w, b, v, t);
        if (t == jl_methtable_type)
            list_add(w, 1, v);
        else if (t->name == w->dict_tn && dict_needs_rehash(t))
            list_add(w, 2, v);
    }
}

/* A Dict's slots depend on addresses only through `objectid` of its keys: keys hashed by content
   (symbols, strings, isbits values, DataTypes) keep their slots in the image, and the loader need not
   run Base._rehash! on them (interpreted during startup: milliseconds for a large Dict). */
static int dict_needs_rehash(jl_datatype_t *t)
{
    if (jl_svec_len(t->parameters) < 1)
        return 1;
    jl_value_t *k = jl_svecref(t->parameters, 0);
    if (k == (jl_value_t *)jl_symbol_type || k == (jl_value_t *)jl_string_type)
        return 0;
    return !(jl_is_datatype(k) && ((jl_datatype_t *)k)->isbitstype);
}

static void scan_region(wr_t *w, region_t *r)
{
    w->cur = r->blk;
    char *bb = w->blks[r->blk].base;
    uint64_t boff = w->blks[r->blk].off;
    char *start = bb + r->start;
    if (r->start + r->n * r->elsize > jl_gc_block_size(bb))
        fail(w, "a buffer shorter than its contents");
    for (size_t k = 0; k < r->n; k++) {
        char *e = start + k * r->elsize;
        if (r->eltype == NULL) {
            void *p;
            memcpy(&p, e, sizeof p);
            char c = r->pattern[k % strlen(r->pattern)];
            visit(w, (size_t)(e - bb), p, p, c == 'a' ? K_RAW_ATOMIC : K_OBJ, 0);
            continue;
        }
        if (w->patch)
            memcpy(w->out + boff + (size_t)(e - bb), e, r->elsize);
        scan_fields(w, bb, (jl_value_t *)e, r->eltype);
    }
}

/* ---------------------------------------------------------------- roots */

static void walk(wr_t *w)
{
    size_t ri = 0;
    for (;;) {
        if (w->qhead < w->qlen) {
            scan_object(w, w->queue[w->qhead++]);
        }
        else if (ri < w->nreg) {
            region_t r = w->regs[ri++];
            scan_region(w, &r);
        }
        else {
            break;
        }
    }
}

static void discover_roots(wr_t *w)
{
    const jl_image_global_t *g;
    size_t n = jl_image_globals(&g);
    jl_datatype_t **bt;
    size_t nbt = jl_builtin_types(&bt);
    w->cur = NOBLK;
    for (size_t i = 0; i < n; i++) {
        w->curroot = (int32_t)i;
        w->cur = NOBLK;
        if (!g[i].raw) {
            if (*g[i].slot)
                discover(w, *g[i].slot, *g[i].slot, K_OBJ);
            continue;
        }
        if (i == n - JL_IMG_G_NRAW + JL_IMG_G_SYMTAB) {
            size_t cap, count;
            uint32_t gs;
            jl_sym_t **tab = jl_symtab_state(&cap, &count, &gs);
            uint32_t bi = discover(w, tab, tab, K_RAW_PTRS);
            add_region(w, bi, tab, cap, 8, NULL, "o");
        }
        else {
            size_t *count, *cap;
            void **slot = jl_fieldattrs_state(&count, &cap);
            if (*slot) {
                uint32_t bi = discover(w, *slot, *slot, K_RAW_PTRS);
                add_region(w, bi, *slot, *count * 2, 8, NULL, "oa");
            }
        }
    }
    for (size_t i = 0; i < nbt; i++)
        discover(w, bt[i], bt[i], K_OBJ);
    w->curroot = -1;
}

/* ---------------------------------------------------------------- layout and output */

static void mark_hot_ptr(wr_t *w, const void *p)
{
    uint32_t i = p ? find_block(w, jl_gc_block_base(p)) : NOBLK;
    if (i != NOBLK)
        w->blks[i].hot = 1;
}

static void mark_hot_vector(wr_t *w, jl_array_t *a)
{
    mark_hot_ptr(w, a);
    mark_hot_ptr(w, a->data);
}

/* What the loader of the native code reads and writes (image_native.c: the batch list, each batch's
   objects vector, its CodeInstances) is laid out first, so a load touches a few contiguous pages
   rather than one page per instance across the whole file. */
static void mark_hot(wr_t *w)
{
    jl_array_t *bs = jl_image_native_batches;
    if (bs == NULL)
        return;
    mark_hot_vector(w, bs);
    for (size_t i = 0; i < jl_array_len(bs); i++) {
        jl_value_t *v = jl_array_ptr_ref(bs, i);
        mark_hot_ptr(w, v);
        if (!jl_is_svec(v) || jl_svec_len(v) == 0)
            continue;
        if (jl_is_array(jl_svecref(v, 0)))
            mark_hot_vector(w, (jl_array_t *)jl_svecref(v, 0));
        for (size_t j = 1; j < jl_svec_len(v); j++)
            mark_hot_ptr(w, jl_svecref(v, j));
    }
    jl_array_t *al = jl_image_native_aliases;
    if (al != NULL) {
        mark_hot_vector(w, al);
        for (size_t i = 0; i < jl_array_len(al); i++)
            mark_hot_ptr(w, jl_array_ptr_ref(al, i));
    }
}

static int is_array_type(jl_value_t *t)
{
    return jl_is_datatype(t) && ((jl_datatype_t *)t)->name == jl_array_typename;
}

static int is_warm_type(jl_value_t *t)
{
    return t == (jl_value_t *)jl_datatype_type || t == (jl_value_t *)jl_typename_type ||
           t == (jl_value_t *)jl_uniontype_type || t == (jl_value_t *)jl_unionall_type ||
           t == (jl_value_t *)jl_tvar_type || t == (jl_value_t *)jl_vararg_type ||
           t == (jl_value_t *)jl_method_type || t == (jl_value_t *)jl_methtable_type ||
           t == (jl_value_t *)jl_method_instance_type || t == (jl_value_t *)jl_module_type ||
           t == (jl_value_t *)jl_binding_type || t == (jl_value_t *)jl_code_instance_type;
}

/* Method lookup, subtyping and inference read types, methods, method tables and their vectors all
   over the image: laid out together after the hot part, a run touches a few MB of pages rather than
   one page per object across the whole file. A block is warm by its type, or as a vector, array or
   buffer first referenced by a warm block (blocks come in discovery order: parents first). */
static void mark_warm(wr_t *w)
{
    for (size_t i = 0; i < w->nblk; i++) {
        blk_t *b = &w->blks[i];
        if (b->isobj) {
            jl_value_t *t = jl_typeof((jl_value_t *)(b->base + 8));
            if (is_warm_type(t))
                b->warm = 1;
                    else if (b->parent != NOBLK && (t == (jl_value_t *)jl_simplevector_type || is_array_type(t)))
                b->warm = w->blks[b->parent].warm;
        }
        else if (b->parent != NOBLK) {
            b->warm = w->blks[b->parent].warm;
        }
    }
}

static uint64_t assign_offsets(wr_t *w)
{
    uint64_t off = 0;
    mark_hot(w);
    mark_warm(w);
    for (int pass = 0; pass < 4; pass++) {
        for (size_t i = 0; i < w->nblk; i++) {
            blk_t *b = &w->blks[i];
            int want = b->ptrs == 0 ? 3 : b->hot ? 0 : b->warm ? 1 : 2;
            if (want != pass)
                continue;
            b->off = off;
            off += b->size;
        }
        if (pass == 0)
            w->hot_size = off;
        if (pass == 2)
            w->scanned_size = off;
    }
    uint64_t total = (off + JL_IMAGE_PAGE - 1) & ~(uint64_t)(JL_IMAGE_PAGE - 1);
    if (total / 8 >= UINT32_MAX)
        fail(w, "the image is larger than 32 GB");
    return total;
}

/* JULEP_IMAGE_STATS: bytes per type, a buffer counted under the type of the object that first
   referenced it, with the scanned (pointer-holding) share: what makes an image large */
typedef struct { jl_value_t *t; uint64_t bytes, scanned, count; } comp_t;

static int cmp_comp(const void *a, const void *b)
{
    uint64_t x = ((const comp_t *)a)->bytes, y = ((const comp_t *)b)->bytes;
    return x < y ? 1 : x > y ? -1 : 0;
}

static jl_value_t *block_type(wr_t *w, uint32_t i)
{
    for (int hops = 0; i != NOBLK && hops < 8; hops++, i = w->blks[i].parent)
        if (w->blks[i].isobj)
            return jl_typeof((jl_value_t *)(w->blks[i].base + 8));
    return NULL;
}

static void print_composition(wr_t *w)
{
    size_t cap = 4096, n = 0;
    comp_t *c = calloc(cap, sizeof *c);
    for (size_t i = 0; i < w->nblk && c; i++) {
        jl_value_t *t = block_type(w, (uint32_t)i);
        size_t j = 0;
        while (j < n && c[j].t != t)
            j++;
        if (j == n) {
            if (n == cap)
                continue;
            c[n++].t = t;
        }
        c[j].bytes += w->blks[i].size;
        c[j].scanned += w->blks[i].ptrs ? w->blks[i].size : 0;
        c[j].count += w->blks[i].isobj;
    }
    if (c == NULL)
        return;
    qsort(c, n, sizeof *c, cmp_comp);
    for (size_t j = 0; j < n && j < 40; j++) {
        fprintf(stderr, "%10.3f MB %10.3f MB scanned %9llu objects  ", c[j].bytes / 1e6, c[j].scanned / 1e6,
                (unsigned long long)c[j].count);
        char name[200] = "(unattributed)";
        if (c[j].t)
            jl_static_show_type(name, sizeof name, c[j].t);
        fprintf(stderr, "%s\n", name);
    }
    free(c);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t root_value(wr_t *w, void *p)
{
    return p ? image_addr(w, p, p) - w->data_addr + 1 : 0;
}

/* an empty table may have no buffer at all (memcpy must not see NULL) */
static void put_table(char *dst, const void *src, size_t n)
{
    if (n)
        memcpy(dst, src, n);
}

static void emit(wr_t *w, const char *path, uint64_t dsize)
{
    const jl_image_global_t *g;
    size_t ng = jl_image_globals(&g);
    jl_datatype_t **bt;
    size_t nbt = jl_builtin_types(&bt);
    jl_image_header_t h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, JL_IMAGE_MAGIC, 8);
    h.version = JL_IMAGE_VERSION;
    h.header_size = sizeof h;
    h.nglobals = (uint32_t)ng;
    uintptr_t lb;
    size_t ls;
    jl_image_self(&lb, &ls, h.build_id, &h.build_id_len);
    h.base = JL_IMAGE_BASE;
    h.data_off = JL_IMAGE_PAGE;
    h.data_size = dsize;
    h.scanned_size = w->scanned_size;

    /* tables after the data */
    uint64_t *glob = calloc(ng + nbt, 8);
    if (glob == NULL)
        fail(w, "out of memory");
    for (size_t i = 0; i < ng; i++) {
        void *p;
        if (!g[i].raw)
            p = *g[i].slot;
        else if (i == ng - JL_IMG_G_NRAW + JL_IMG_G_SYMTAB) {
            size_t cap, count;
            uint32_t gs;
            p = jl_symtab_state(&cap, &count, &gs);
        }
        else
            p = *g[i].slot;
        glob[i] = root_value(w, p);
    }
    for (size_t i = 0; i < nbt; i++)
        glob[ng + i] = root_value(w, bt[i]);
    for (int l = 0; l < 3; l++)
        for (size_t i = 0; i < w->nlist[l]; i++)
            w->lists[l][i] = image_addr(w, (void *)(uintptr_t)w->lists[l][i], (void *)(uintptr_t)w->lists[l][i]) -
                             w->data_addr;
    qsort(w->relocs, w->nrel, sizeof(uint32_t), cmp_u32);
    size_t nr = 0;
    for (size_t i = 0; i < w->nrel; i++)
        if (nr == 0 || w->relocs[nr - 1] != w->relocs[i])
            w->relocs[nr++] = w->relocs[i];
    w->nrel = nr;

    uint64_t pos = h.data_off + dsize;
    h.globals_off = pos;
    pos += (ng + nbt) * 8;
    h.relocs_off = pos;
    h.nrelocs = w->nrel;
    pos += (w->nrel * 4 + 7) & ~(uint64_t)7;
    h.centry_off = pos;
    h.ncentry = w->ncent / 2;
    pos += w->ncent * 8;
    uint64_t *offs[3] = {&h.typenames_off, &h.mtables_off, &h.dicts_off};
    uint64_t *cnts[3] = {&h.ntypenames, &h.nmtables, &h.ndicts};
    for (int l = 0; l < 3; l++) {
        *offs[l] = pos;
        *cnts[l] = w->nlist[l];
        pos += w->nlist[l] * 8;
    }
    h.file_size = pos;

    size_t cap, count;
    uint32_t gs;
    (void)jl_symtab_state(&cap, &count, &gs);
    size_t *acount, *acap;
    (void)jl_fieldattrs_state(&acount, &acap);
    h.scalars[JL_IMG_WORLD] = jl_get_world_counter();
    h.scalars[JL_IMG_GENSYM] = gs;
    h.scalars[JL_IMG_CLOSURES] = (uint64_t)*jl_closure_counter_slot();
    h.scalars[JL_IMG_SYMTAB_CAP] = cap;
    h.scalars[JL_IMG_SYMTAB_COUNT] = count;
    h.scalars[JL_IMG_ATTR_COUNT] = *acount;
    h.scalars[JL_IMG_ATTR_CAP] = *acap;
    h.scalars[JL_IMG_NBUILTIN_TYPES] = nbt;
    h.scalars[JL_IMG_HOT_SIZE] = w->hot_size;

    /* the checksum covers everything after the header: assemble the tail in memory */
    size_t tail = pos - sizeof h;
    char *buf = calloc(1, tail);
    if (buf == NULL) {
        free(glob);
        fail(w, "out of memory");
    }
    put_table(buf + h.data_off - sizeof h, w->out, dsize);
    put_table(buf + h.globals_off - sizeof h, glob, (ng + nbt) * 8);
    put_table(buf + h.relocs_off - sizeof h, w->relocs, w->nrel * 4);
    put_table(buf + h.centry_off - sizeof h, w->centry, w->ncent * 8);
    for (int l = 0; l < 3; l++)
        put_table(buf + *offs[l] - sizeof h, w->lists[l], w->nlist[l] * 8);
    free(glob);
    h.checksum = jl_image_checksum(buf, tail);

    size_t plen = strlen(path) + 16;
    char *tmp = malloc(plen);
    snprintf(tmp, plen, "%s.tmp%d", path, (int)getpid());
    FILE *f = fopen(tmp, "wb");
    if (f == NULL) {
        free(buf);
        free(tmp);
        fail(w, "cannot create the file");
    }
    int ok = fwrite(&h, 1, sizeof h, f) == sizeof h && fwrite(buf, 1, tail, f) == tail;
    ok &= fclose(f) == 0;
    free(buf);
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        free(tmp);
        fail(w, "write error");
    }
    free(tmp);
}

static void writer_free(wr_t *w)
{
    free(w->blks);
    free(w->map);
    free(w->queue);
    free(w->regs);
    free(w->out);
    free(w->relocs);
    free(w->centry);
    for (int l = 0; l < 3; l++)
        free(w->lists[l]);
}

static jl_typename_t *base_typename(const char *name)
{
    jl_value_t *t = jl_base_module ? jl_get_global(jl_base_module, jl_symbol(name)) : NULL;
    t = t ? jl_unwrap_unionall(t) : NULL;
    return t && jl_is_datatype(t) ? ((jl_datatype_t *)t)->name : NULL;
}

JL_DLLEXPORT int jl_image_write(const char *path, char **err)
{
    static wr_t w0;
    wr_t *volatile w = &w0;
    memset(w, 0, sizeof *w);
    w->cur = NOBLK;
    w->curroot = -1;
    *err = NULL;
    if (jl_image_self(&w->lib_base, &w->lib_size, NULL, NULL) != 0) {
        *err = strdup("cannot locate libjulep.so");
        return -1;
    }
    w->dict_tn = base_typename("Dict");
    w->ptr_tn = jl_pointer_type_body->name;
    jl_gc_enable(0);
    if (setjmp(w->fail)) {
        jl_gc_enable(1);
        *err = w->err ? w->err : strdup("out of memory");
        w->err = NULL;
        writer_free(w);
        return -1;
    }
    discover_roots(w);
    walk(w);
    uint64_t dsize = assign_offsets(w);
    if (getenv("JULEP_IMAGE_STATS") != NULL)
        print_composition(w);
    w->data_addr = JL_IMAGE_BASE + JL_IMAGE_PAGE;
    w->out = calloc(1, dsize ? dsize : 1);
    if (w->out == NULL)
        fail(w, "out of memory");
    for (size_t i = 0; i < w->nblk; i++) {
        blk_t *b = &w->blks[i];
        if (b->isobj || !b->ptrs)
            memcpy(w->out + b->off, b->base, b->size);
    }
    w->patch = 1;
    for (size_t i = 0; i < w->nblk; i++)
        if (w->blks[i].isobj)
            scan_object(w, (uint32_t)i);
    for (size_t i = 0; i < w->nreg; i++)
        scan_region(w, &w->regs[i]);
    w->cur = NOBLK;
    emit(w, path, dsize);
    writer_free(w);
    jl_gc_enable(1);
    return 0;
}
