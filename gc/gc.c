/*
 * gc.c -- Boehm GC integration: allocation with the type header, roots, deferred finalizers, statistics.
 * See gc.h for the invariants. Objects are laid out as [header word][data...]; Boehm sees the start of
 * the allocation, julep hands out the data pointer, so the header displacement is registered with Boehm.
 */
#define GC_THREADS
#include <gc/gc.h>
#include <gc/gc_mark.h>
#include <string.h>
#include <time.h>
#include <stdlib.h>
#include <stdio.h>
#include <signal.h>
#include <unistd.h>
#include <sys/mman.h>

#include "gc.h"

#define HDR sizeof(jl_taggedvalue_t)

static jl_gc_stats_t stats;
static uint64_t pause_start_ns;
static int finalizers_running;

void (*jl_gc_call_finalizer_hook)(jl_value_t *f, jl_value_t *obj);

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Boehm reports the start and end of each collection; we time the pauses from them. */
static void on_collection_event(GC_EventType ev)
{
    if (ev == GC_EVENT_START) {
        pause_start_ns = now_ns();
    }
    else if (ev == GC_EVENT_END) {
        uint64_t pause = now_ns() - pause_start_ns;
        stats.collections++;
        stats.total_pause_ns += pause;
        if (pause > stats.max_pause_ns)
            stats.max_pause_ns = pause;
    }
}

static void out_of_memory(size_t sz)
{
    /* An OutOfMemoryError would need memory too; report plainly and stop. */
    fprintf(stderr, "ERROR: OutOfMemoryError() allocating %zu bytes\n", sz);
    abort();
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14; older kernels refuse it and nothing happens */
#endif

JL_DLLEXPORT void jl_prefault(void *p, size_t n)
{
    uintptr_t lo = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
    uintptr_t hi = ((uintptr_t)p + n) & ~(uintptr_t)4095;
    if (hi > lo)
        (void)madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE);
}

static char *fresh_heap; /* where the heap section added at init starts handing out memory */

/* The end of the mapping holding p (/proc/self/maps), or NULL. */
static char *mapping_end(const char *p)
{
    FILE *f = fopen("/proc/self/maps", "r");
    if (f == NULL)
        return NULL;
    char line[512];
    char *end = NULL;
    while (end == NULL && fgets(line, sizeof line, f) != NULL) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && (uintptr_t)p >= lo && (uintptr_t)p < hi)
            end = (char *)hi;
    }
    fclose(f);
    return end;
}

/* Boehm hands out a fresh section from its low end up, so the pages past fresh_heap are the next ones
   a run touches; mapping them from the thread that loads LLVM spares inference the faults. */
JL_DLLEXPORT void jl_gc_prefault_heap(size_t bytes)
{
    char *end = fresh_heap ? mapping_end(fresh_heap) : NULL;
    if (end != NULL)
        jl_prefault(fresh_heap, bytes < (size_t)(end - fresh_heap) ? bytes : (size_t)(end - fresh_heap));
}

JL_DLLEXPORT void jl_gc_init(void)
{
    GC_set_all_interior_pointers(1); /* compiled code may hold only pointers into an array's data */
    GC_set_finalize_on_demand(1);    /* finalizers run at julep's safe points, never inside GC */
    GC_set_java_finalization(0);
    /* No parallel marker threads: on small heaps they cost startup time and memory, and their
       spinning hangs forked test workers and loaded machines. */
    GC_set_markers_count(1);
    GC_INIT();
    GC_allow_register_threads();
    GC_register_displacement(HDR);
    GC_set_on_collection_event(on_collection_event);
#ifndef JL_NO_GC_EXPAND
    /* Boehm's default heap is tiny and collects thousands of times while Base loads (FINDINGS.md). */
    GC_expand_hp(32 << 20);
    /* a block too large for the first small section comes from the start of the new one */
    void *probe = GC_MALLOC_ATOMIC(1 << 20);
    fresh_heap = probe;
    GC_FREE(probe);
#endif
}

#ifdef JL_GC_STRESS
static void maybe_stress_collect(void)
{
    if ((stats.allocations & 63) == 0)
        GC_gcollect();
}
#else
#define maybe_stress_collect() ((void)0)
#endif

static inline jl_value_t *finish_alloc(void *p, size_t sz, jl_value_t *type)
{
    if (__builtin_expect(p == NULL, 0))
        out_of_memory(sz + HDR);
    stats.bytes_allocated += sz + HDR;
    stats.allocations++;
    ((jl_taggedvalue_t *)p)->header = (uintptr_t)type;
    return jl_valueof(p);
}

JL_DLLEXPORT jl_value_t *jl_gc_alloc(size_t sz, jl_value_t *type)
{
    maybe_stress_collect();
    return finish_alloc(GC_MALLOC(sz + HDR), sz, type); /* GC_MALLOC zeroes */
}

JL_DLLEXPORT jl_value_t *jl_gc_alloc_atomic(size_t sz, jl_value_t *type)
{
    maybe_stress_collect();
    void *p = GC_MALLOC_ATOMIC(sz + HDR);
    if (p)
        memset((char *)p + HDR, 0, sz);
    return finish_alloc(p, sz, type);
}

JL_DLLEXPORT jl_value_t *jl_gc_alloc_typed(jl_datatype_t *type)
{
    const jl_datatype_layout_t *ly = type->layout;
    if (ly->pointerfree)
        return jl_gc_alloc_atomic(ly->size, (jl_value_t *)type);
    return jl_gc_alloc(ly->size, (jl_value_t *)type);
}

JL_DLLEXPORT void *jl_gc_alloc_buf(size_t sz)
{
    maybe_stress_collect();
    void *p = GC_MALLOC(sz ? sz : 1);
    if (!p)
        out_of_memory(sz);
    stats.bytes_allocated += sz;
    stats.allocations++;
    return p;
}

JL_DLLEXPORT void *jl_gc_alloc_buf_atomic(size_t sz)
{
    maybe_stress_collect();
    void *p = GC_MALLOC_ATOMIC(sz ? sz : 1);
    if (!p)
        out_of_memory(sz);
    memset(p, 0, sz);
    stats.bytes_allocated += sz;
    stats.allocations++;
    return p;
}

JL_DLLEXPORT void *jl_gc_alloc_uncollectable(size_t sz)
{
    void *p = GC_MALLOC_UNCOLLECTABLE(sz ? sz : 1);
    if (!p)
        out_of_memory(sz);
    return p;
}

/* mapped system image regions: never handed to Boehm (tables that grew out of the image free their old
   copy through here) */
static uintptr_t image_lo, image_hi;

JL_DLLEXPORT void jl_gc_set_image_range(void *lo, void *hi)
{
    image_lo = (uintptr_t)lo;
    image_hi = (uintptr_t)hi;
}

JL_DLLEXPORT int jl_gc_in_image(const void *p)
{
    return (uintptr_t)p >= image_lo && (uintptr_t)p < image_hi;
}

JL_DLLEXPORT void jl_gc_free(void *p)
{
    if (jl_gc_in_image(p))
        return;
    GC_FREE(p);
}

/* Base.WeakRef: its one field lives in pointer-free memory, so the collector does not follow it, and
   is registered as a disappearing link that Boehm clears when the referent dies. Referents outside the
   collected heap (system image, static data) never die and need no link. */
JL_DLLEXPORT jl_value_t *jl_gc_new_weakref(jl_value_t *type, jl_value_t *v)
{
    jl_value_t *w = jl_gc_alloc_atomic(sizeof(jl_value_t *), type);
    *(jl_value_t **)w = v;
    void *base = GC_base(v);
    if (base != NULL)
        GC_general_register_disappearing_link((void **)w, base);
    return w;
}

JL_DLLEXPORT void *jl_gc_block_base(const void *p)
{
    return GC_base((void *)p);
}

JL_DLLEXPORT size_t jl_gc_block_size(const void *base)
{
    return GC_size(base);
}

/* ---------------------------------------------------------------- roots
   A counted set of objects kept in uncollectable (hence scanned) memory. Open addressing, linear
   probing; deleted slots keep a tombstone so probe chains stay intact. */

typedef struct {
    jl_value_t *obj;  /* NULL: empty; ROOT_TOMBSTONE: deleted */
    size_t count;
} root_entry_t;

#define ROOT_TOMBSTONE ((jl_value_t *)(uintptr_t)1)
static root_entry_t *roots;
static size_t roots_cap, roots_used, roots_live;

static size_t root_hash(jl_value_t *v)
{
    uintptr_t h = (uintptr_t)v;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15ull;
    return (size_t)(h ^ (h >> 29));
}

static root_entry_t *root_find(jl_value_t *v, int insert)
{
    size_t mask = roots_cap - 1, i = root_hash(v) & mask;
    root_entry_t *tomb = NULL;
    for (;;) {
        root_entry_t *e = &roots[i];
        if (e->obj == v)
            return e;
        if (e->obj == NULL)
            return insert ? (tomb ? tomb : e) : NULL;
        if (e->obj == ROOT_TOMBSTONE && !tomb)
            tomb = e;
        i = (i + 1) & mask;
    }
}

static void roots_rehash(size_t newcap)
{
    root_entry_t *old = roots;
    size_t oldcap = roots_cap;
    roots = jl_gc_alloc_uncollectable(newcap * sizeof(root_entry_t));
    memset(roots, 0, newcap * sizeof(root_entry_t));
    roots_cap = newcap;
    roots_used = 0;
    for (size_t i = 0; i < oldcap; i++) {
        if (old[i].obj && old[i].obj != ROOT_TOMBSTONE) {
            *root_find(old[i].obj, 1) = old[i];
            roots_used++;
        }
    }
    if (old)
        jl_gc_free(old);
}

JL_DLLEXPORT void jl_gc_add_root(jl_value_t *v)
{
    if (v == NULL)
        return;
    if ((roots_used + 1) * 4 >= roots_cap * 3)
        roots_rehash(roots_cap ? roots_cap * 2 : 256);
    root_entry_t *e = root_find(v, 1);
    if (e->obj != v) {
        if (e->obj == NULL)
            roots_used++;
        e->obj = v;
        e->count = 0;
        roots_live++;
    }
    e->count++;
}

JL_DLLEXPORT void jl_gc_remove_root(jl_value_t *v)
{
    if (v == NULL || roots_cap == 0)
        return;
    root_entry_t *e = root_find(v, 0);
    if (e && --e->count == 0) {
        e->obj = ROOT_TOMBSTONE;
        roots_live--;
    }
}

JL_DLLEXPORT size_t jl_gc_root_count(void)
{
    return roots_live;
}

static jl_value_t **permanent;
static size_t permanent_len, permanent_cap;

JL_DLLEXPORT void jl_gc_add_permanent_root(jl_value_t *v)
{
    if (permanent_len == permanent_cap) {
        size_t cap = permanent_cap ? permanent_cap * 2 : 1024;
        jl_value_t **np = jl_gc_alloc_uncollectable(cap * sizeof(jl_value_t *));
        if (permanent_len)
            memcpy(np, permanent, permanent_len * sizeof(jl_value_t *));
        if (permanent)
            jl_gc_free(permanent);
        permanent = np;
        permanent_cap = cap;
    }
    permanent[permanent_len++] = v;
}

JL_DLLEXPORT void jl_gc_add_root_range(void *lo, void *hi)
{
    GC_add_roots(lo, hi);
}

JL_DLLEXPORT void jl_gc_remove_root_range(void *lo, void *hi)
{
    GC_remove_roots(lo, hi);
}

/* ---------------------------------------------------------------- write-tracked roots */

/* The system image's pointer-holding data is ~100 MB that holds no heap pointer when it is mapped; a
   heap pointer gets there only by a later store. Scanning all of it at every collection took ~100 ms
   and made every page resident, so the range is kept read-only and the first store to each page
   faults: the handler records the page as dirty and makes it writable. Only dirty pages are pushed
   as roots (they stay dirty: a page once written may hold heap pointers forever). A store by the
   kernel (read(2) into a protected page) would fail with EFAULT instead; the protected part holds
   only objects with pointer fields, never the pointer-free buffers that I/O fills. */
#define TRACK_MAX 4

typedef struct {
    char *lo, *hi;
    size_t pagesz;
    volatile uint8_t *dirty;    /* one byte per page: a store from the handler is one byte */
} tracked_t;

static tracked_t tracked[TRACK_MAX];
static volatile int ntracked;
static struct sigaction prev_segv, prev_bus;
static GC_push_other_roots_proc prev_push_other_roots;

static int track_fault(void *addr)
{
    for (int i = 0; i < ntracked; i++) {
        tracked_t *t = &tracked[i];
        if ((char *)addr < t->lo || (char *)addr >= t->hi)
            continue;
        size_t pg = (size_t)((char *)addr - t->lo) / t->pagesz;
        if (t->dirty[pg])
            return 0; /* writable already: a real fault (a write to read-only data) */
        t->dirty[pg] = 1;
        return mprotect(t->lo + pg * t->pagesz, t->pagesz, PROT_READ | PROT_WRITE) == 0;
    }
    return 0;
}

static void chain_fault(struct sigaction *prev, int sig, siginfo_t *info, void *ctx)
{
    if (prev->sa_flags & SA_SIGINFO) {
        prev->sa_sigaction(sig, info, ctx);
        return;
    }
    if (prev->sa_handler == SIG_DFL || prev->sa_handler == SIG_IGN) {
        /* the faulting instruction runs again under the previous disposition */
        sigaction(sig, prev, NULL);
        return;
    }
    prev->sa_handler(sig);
}

static void on_fault(int sig, siginfo_t *info, void *ctx)
{
    if (track_fault(info->si_addr))
        return;
    chain_fault(sig == SIGBUS ? &prev_bus : &prev_segv, sig, info, ctx);
}

static void GC_CALLBACK push_dirty_pages(void)
{
    if (prev_push_other_roots)
        prev_push_other_roots();
    for (int i = 0; i < ntracked; i++) {
        tracked_t *t = &tracked[i];
        size_t n = (size_t)(t->hi - t->lo) / t->pagesz;
        for (size_t pg = 0; pg < n;) {
            if (!t->dirty[pg]) {
                pg++;
                continue;
            }
            size_t end = pg;
            while (end < n && t->dirty[end])
                end++;
            GC_push_all(t->lo + pg * t->pagesz, t->lo + end * t->pagesz);
            pg = end;
        }
    }
}

static int install_fault_handler(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGSEGV, &sa, &prev_segv) != 0)
        return -1;
    sigaction(SIGBUS, &sa, &prev_bus);
    prev_push_other_roots = GC_get_push_other_roots();
    GC_set_push_other_roots(push_dirty_pages);
    return 0;
}

JL_DLLEXPORT void jl_gc_add_tracked_root_range(void *lo, void *hi)
{
    size_t pagesz = (size_t)sysconf(_SC_PAGESIZE);
    char *plo = (char *)((uintptr_t)lo & ~(uintptr_t)(pagesz - 1));
    char *phi = (char *)(((uintptr_t)hi + pagesz - 1) & ~(uintptr_t)(pagesz - 1));
    uint8_t *dirty = NULL;
    if (getenv("JULEP_GC_SCAN_IMAGE") == NULL && ntracked < TRACK_MAX && phi > plo &&
        (ntracked > 0 || install_fault_handler() == 0))
        dirty = calloc((size_t)(phi - plo) / pagesz, 1);
    if (dirty == NULL || mprotect(plo, (size_t)(phi - plo), PROT_READ) != 0) {
        free(dirty);
        GC_add_roots(lo, hi); /* fall back to scanning it all */
        return;
    }
    /* the partial first and last pages may share bytes with memory outside the range: always scan */
    if (plo < (char *)lo)
        dirty[0] = 1;
    if (phi > (char *)hi)
        dirty[(size_t)(phi - plo) / pagesz - 1] = 1;
    for (size_t pg = 0; pg < (size_t)(phi - plo) / pagesz; pg++)
        if (dirty[pg])
            mprotect(plo + pg * pagesz, pagesz, PROT_READ | PROT_WRITE);
    tracked[ntracked] = (tracked_t){ plo, phi, pagesz, dirty };
    ntracked++;
}

JL_DLLEXPORT void jl_gc_tracked_will_write(void *lo, void *hi)
{
    for (int i = 0; i < ntracked; i++) {
        tracked_t *t = &tracked[i];
        char *a = (char *)lo > t->lo ? (char *)lo : t->lo, *b = (char *)hi < t->hi ? (char *)hi : t->hi;
        if (a >= b)
            continue;
        size_t first = (size_t)(a - t->lo) / t->pagesz, end = ((size_t)(b - t->lo) + t->pagesz - 1) / t->pagesz;
        for (size_t pg = first; pg < end; pg++)
            t->dirty[pg] = 1;
        mprotect(t->lo + first * t->pagesz, (end - first) * t->pagesz, PROT_READ | PROT_WRITE);
    }
}

JL_DLLEXPORT size_t jl_gc_tracked_dirty_bytes(void)
{
    size_t n = 0;
    for (int i = 0; i < ntracked; i++)
        for (size_t pg = 0; pg < (size_t)(tracked[i].hi - tracked[i].lo) / tracked[i].pagesz; pg++)
            n += tracked[i].dirty[pg] ? tracked[i].pagesz : 0;
    return n;
}

/* ---------------------------------------------------------------- finalizers */

typedef struct {
    jl_gc_cfinalizer_t cfunc;
    void *data;
    jl_value_t *func;   /* language-level finalizer, when cfunc is NULL */
} finalizer_rec_t;

/* Called by Boehm from GC_invoke_finalizers, i.e. only from jl_gc_safepoint. */
static void GC_CALLBACK run_finalizer(void *base, void *cd)
{
    finalizer_rec_t *rec = cd;
    jl_value_t *obj = jl_valueof(base);
    stats.finalizers_run++;
    if (rec->cfunc)
        rec->cfunc(obj, rec->data);
    else if (jl_gc_call_finalizer_hook)
        jl_gc_call_finalizer_hook(rec->func, obj);
    jl_gc_free(rec);
}

static void register_finalizer(jl_value_t *obj, finalizer_rec_t *rec)
{
    /* rec lives in uncollectable memory: Boehm does not promise to trace client data */
    GC_register_finalizer_no_order(jl_astaggedvalue(obj), run_finalizer, rec, NULL, NULL);
}

JL_DLLEXPORT void jl_gc_add_cfinalizer(jl_value_t *obj, jl_gc_cfinalizer_t f, void *data)
{
    finalizer_rec_t *rec = jl_gc_alloc_uncollectable(sizeof(finalizer_rec_t));
    rec->cfunc = f;
    rec->data = data;
    register_finalizer(obj, rec);
}

JL_DLLEXPORT void jl_gc_add_finalizer(jl_value_t *obj, jl_value_t *f)
{
    finalizer_rec_t *rec = jl_gc_alloc_uncollectable(sizeof(finalizer_rec_t));
    rec->func = f;
    register_finalizer(obj, rec);
}

JL_DLLEXPORT void jl_gc_inhibit_finalizers(void)
{
    if (jl_current_task)
        jl_current_task->finalizers_inhibited++;
}

JL_DLLEXPORT void jl_gc_enable_finalizers(void)
{
    if (jl_current_task && jl_current_task->finalizers_inhibited > 0)
        jl_current_task->finalizers_inhibited--;
}

JL_DLLEXPORT size_t jl_gc_pending_finalizers(void)
{
    return (size_t)GC_should_invoke_finalizers();
}

JL_DLLEXPORT int jl_gc_safepoint(void)
{
    if (finalizers_running || (jl_current_task && jl_current_task->finalizers_inhibited))
        return 0;
    if (!GC_should_invoke_finalizers())
        return 0;
    finalizers_running = 1; /* a finalizer that allocates must not re-enter this loop */
    int n = GC_invoke_finalizers();
    finalizers_running = 0;
    return n;
}

/* ---------------------------------------------------------------- control and statistics */

JL_DLLEXPORT void jl_gc_collect(int full)
{
    if (full)
        GC_gcollect();
    else
        GC_collect_a_little();
}

JL_DLLEXPORT void jl_gc_enable(int on)
{
    if (on)
        GC_enable();
    else
        GC_disable();
}

JL_DLLEXPORT void jl_gc_get_stats(jl_gc_stats_t *st)
{
    *st = stats;
    st->heap_size = GC_get_heap_size();
}

JL_DLLEXPORT void *jl_gc_main_stack_base(void)
{
    struct GC_stack_base sb;
    if (GC_get_stack_base(&sb) != GC_SUCCESS)
        return NULL;
    return sb.mem_base;
}

static void *set_stack_bottom_locked(void *base)
{
    struct GC_stack_base sb = {.mem_base = base};
    GC_set_stackbottom(NULL, &sb);
    return NULL;
}

JL_DLLEXPORT void jl_gc_set_stack_bottom(void *base)
{
    GC_call_with_alloc_lock(set_stack_bottom_locked, base);
}
