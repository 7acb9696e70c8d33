/*
 * gc.h -- julep's wrapper over the Boehm collector (DESIGN.md §3).
 *
 * Invariants:
 *   - Every julep object is allocated here with its type in the header word before the data.
 *   - Pointer-free objects are atomic allocations: Boehm never scans them, so they must never hold a
 *     pointer to a GC object.
 *   - Every DataType is a permanent root: atomic objects' headers are not scanned (see below).
 *   - Memory Boehm does not scan (JIT code and globals, malloc/mmap memory, libuv requests) keeps objects
 *     alive only through the root API below.
 *   - Finalizers never run inside the collector: Boehm queues them (finalize-on-demand) and
 *     `jl_gc_safepoint` runs them when the current task's `finalizers_inhibited` count is zero.
 */
#ifndef JL_GC_H
#define JL_GC_H

#include "julep.h"

typedef struct {
    uint64_t bytes_allocated;   /* total bytes requested through this wrapper since init */
    uint64_t allocations;       /* number of allocations */
    uint64_t collections;       /* completed collections */
    uint64_t total_pause_ns;    /* time spent inside collections */
    uint64_t max_pause_ns;
    uint64_t finalizers_run;
    size_t heap_size;           /* Boehm's current heap size in bytes */
} jl_gc_stats_t;

JL_DLLEXPORT void jl_gc_init(void);

/* Page faults cost 10-25 us each on virtual machines, mapping pages in bulk under 1 us a page
   (docs/architecture.md, "Memory mapped ahead"): memory a run is about to touch is mapped ahead. */
JL_DLLEXPORT void jl_prefault(void *p, size_t n);     /* map (write) the whole pages in [p, p+n) */
JL_DLLEXPORT void jl_gc_prefault_heap(size_t bytes);  /* the heap's next fresh bytes (any thread) */

/* allocation: `sz` bytes of data (header not included); data is zeroed */
JL_DLLEXPORT jl_value_t *jl_gc_alloc(size_t sz, jl_value_t *type);        /* scanned */
JL_DLLEXPORT jl_value_t *jl_gc_alloc_atomic(size_t sz, jl_value_t *type); /* never scanned */
JL_DLLEXPORT jl_value_t *jl_gc_alloc_typed(jl_datatype_t *type);          /* picks by layout */
JL_DLLEXPORT void *jl_gc_alloc_buf(size_t sz);         /* untyped scanned buffer (array data) */
JL_DLLEXPORT void *jl_gc_alloc_buf_atomic(size_t sz);  /* untyped pointer-free buffer */
JL_DLLEXPORT void *jl_gc_alloc_uncollectable(size_t sz); /* scanned, never freed until jl_gc_free */
JL_DLLEXPORT void jl_gc_free(void *p); /* no-op for memory in the mapped system image */
/* the allocation holding p (an interior pointer is fine), or NULL when p is not GC memory; its size */
JL_DLLEXPORT jl_value_t *jl_gc_new_weakref(jl_value_t *type, jl_value_t *v); /* Base.WeakRef(v) */
JL_DLLEXPORT void *jl_gc_block_base(const void *p);
JL_DLLEXPORT size_t jl_gc_block_size(const void *base);
/* the mapped system image (sysimage/): objects there are never collected nor freed */
JL_DLLEXPORT void jl_gc_set_image_range(void *lo, void *hi);
JL_DLLEXPORT int jl_gc_in_image(const void *p);

/* roots: objects referenced from memory the collector cannot see */
JL_DLLEXPORT void jl_gc_add_root(jl_value_t *v);       /* counted: add twice, remove twice */
JL_DLLEXPORT void jl_gc_remove_root(jl_value_t *v);
JL_DLLEXPORT size_t jl_gc_root_count(void);
/* a root that is never removed (cheaper than the counted set): every DataType is one, because the
   header word of an atomic object is not scanned, so a type referenced only by the headers of its
   pointer-free instances would otherwise be collected */
JL_DLLEXPORT void jl_gc_add_permanent_root(jl_value_t *v);
/* a range of memory scanned as roots (image data); few of these: Boehm allows ~2000 in all */
JL_DLLEXPORT void jl_gc_add_root_range(void *lo, void *hi);
JL_DLLEXPORT void jl_gc_remove_root_range(void *lo, void *hi);
/* a range that holds no heap pointer yet (freshly mapped image data): made read-only, and only the
   pages stored to since are scanned (JULEP_GC_SCAN_IMAGE=1 scans it all); the dirty bytes so far */
JL_DLLEXPORT void jl_gc_add_tracked_root_range(void *lo, void *hi);
JL_DLLEXPORT size_t jl_gc_tracked_dirty_bytes(void);
/* pages of a tracked range about to be stored to: dirty and writable at once (a fault each costs a
   signal, an mprotect and a copy) */
JL_DLLEXPORT void jl_gc_tracked_will_write(void *lo, void *hi);

/* finalizers: `f(obj)` runs at a safe point after obj becomes unreachable */
typedef void (*jl_gc_cfinalizer_t)(jl_value_t *obj, void *data);
JL_DLLEXPORT void jl_gc_add_cfinalizer(jl_value_t *obj, jl_gc_cfinalizer_t f, void *data);
/* a finalizer that is a language function: run through the hook installed by the interpreter */
JL_DLLEXPORT void jl_gc_add_finalizer(jl_value_t *obj, jl_value_t *f);
extern void (*jl_gc_call_finalizer_hook)(jl_value_t *f, jl_value_t *obj);
JL_DLLEXPORT void jl_gc_inhibit_finalizers(void);
JL_DLLEXPORT void jl_gc_enable_finalizers(void);
JL_DLLEXPORT int jl_gc_safepoint(void); /* runs pending finalizers if allowed; returns how many ran */
JL_DLLEXPORT size_t jl_gc_pending_finalizers(void);

JL_DLLEXPORT void jl_gc_collect(int full);
JL_DLLEXPORT void jl_gc_get_stats(jl_gc_stats_t *st);
JL_DLLEXPORT void jl_gc_enable(int on);

/* tasks: the stack Boehm should treat as the current one */
JL_DLLEXPORT void jl_gc_set_stack_bottom(void *base);
JL_DLLEXPORT void *jl_gc_main_stack_base(void);

#endif
