/* test_gc.c -- the Boehm wrapper: allocation, explicit roots, deferred finalizers, statistics. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include "testutil.h"

TestSuite(gc, .init = jl_test_init);

static int finalized;
static void count_finalizer(jl_value_t *obj, void *data)
{
    (void)obj;
    (void)data;
    finalized++;
}

#define NOBJ 2000

/* Store objects only in malloc memory, which Boehm does not scan. Kept out of line so no copy of a
   pointer stays in this frame's registers. */
static __attribute__((noinline)) jl_value_t **make_hidden_objects(int root, int n)
{
    jl_value_t **hidden = malloc(n * sizeof(jl_value_t *));
    for (int i = 0; i < n; i++) {
        jl_value_t *v = jl_box_int64(1000000 + i);
        jl_gc_add_cfinalizer(v, count_finalizer, NULL);
        if (root)
            jl_gc_add_root(v);
        hidden[i] = v;
    }
    return hidden;
}

static __attribute__((noinline)) void clobber_stack(void)
{
    volatile char buf[16384];
    memset((char *)buf, 0, sizeof buf);
}

static void collect_and_finalize(void)
{
    clobber_stack();
    for (int i = 0; i < 3; i++)
        jl_gc_collect(1);
    jl_gc_safepoint();
}

Test(gc, typed_allocation_sets_header)
{
    jl_value_t *v = jl_gc_alloc(16, (jl_value_t *)jl_int64_type);
    cr_assert_eq(jl_typeof(v), (jl_value_t *)jl_int64_type);
    jl_value_t *a = jl_gc_alloc_atomic(24, (jl_value_t *)jl_string_type);
    cr_assert_eq(jl_typeof(a), (jl_value_t *)jl_string_type);
    for (int i = 0; i < 24; i++)
        cr_assert_eq(((char *)a)[i], 0, "atomic allocation must be zeroed");
    jl_value_t *f = jl_gc_alloc_typed(jl_float64_type);
    cr_assert_eq(jl_typeof(f), (jl_value_t *)jl_float64_type);
}

Test(gc, statistics_count_bytes_and_collections)
{
    jl_gc_stats_t s0, s1;
    jl_gc_get_stats(&s0);
    for (int i = 0; i < 1000; i++)
        jl_gc_alloc(32, (jl_value_t *)jl_any_type);
    jl_gc_collect(1);
    jl_gc_get_stats(&s1);
    cr_assert_geq(s1.bytes_allocated - s0.bytes_allocated, 1000 * 32);
    cr_assert_geq(s1.allocations - s0.allocations, 1000);
    cr_assert_gt(s1.collections, s0.collections);
    cr_assert_gt(s1.total_pause_ns, s0.total_pause_ns);
    cr_assert_gt(s1.heap_size, 0);
}

Test(gc, rooted_objects_survive_unrooted_are_reclaimed)
{
    finalized = 0;
    jl_value_t **rooted = make_hidden_objects(1, NOBJ);
    collect_and_finalize();
    cr_assert_eq(finalized, 0, "a rooted object was collected");
    for (int i = 0; i < NOBJ; i++)
        cr_assert_eq(jl_unbox_int64(rooted[i]), 1000000 + i, "rooted object corrupted");
    cr_assert_geq(jl_gc_root_count(), NOBJ);
    for (int i = 0; i < NOBJ; i++)
        jl_gc_remove_root(rooted[i]);
    free(rooted);
    collect_and_finalize();
    /* Boehm is conservative: a stray word may keep a few alive, but not most */
    cr_assert_gt(finalized, NOBJ * 9 / 10, "only %d of %d unrooted objects were reclaimed", finalized, NOBJ);
}

Test(gc, unrooted_hidden_objects_are_reclaimed)
{
    finalized = 0;
    free(make_hidden_objects(0, NOBJ));
    collect_and_finalize();
    cr_assert_gt(finalized, NOBJ * 9 / 10);
}

Test(gc, roots_are_counted)
{
    jl_value_t *v = jl_box_float64(1.5);
    size_t n0 = jl_gc_root_count();
    jl_gc_add_root(v);
    jl_gc_add_root(v);
    cr_assert_eq(jl_gc_root_count(), n0 + 1);
    jl_gc_remove_root(v);
    cr_assert_eq(jl_gc_root_count(), n0 + 1, "still rooted once");
    jl_gc_remove_root(v);
    cr_assert_eq(jl_gc_root_count(), n0);
}

static jl_value_t *range_slots[NOBJ];

Test(gc, root_range_keeps_objects_alive)
{
    /* image data regions are registered as ranges; simulate one in malloc memory */
    finalized = 0;
    jl_value_t **region = malloc(NOBJ * sizeof(jl_value_t *));
    jl_value_t **objs = make_hidden_objects(0, NOBJ);
    memcpy(region, objs, NOBJ * sizeof(jl_value_t *));
    free(objs);
    jl_gc_add_root_range(region, region + NOBJ);
    collect_and_finalize();
    cr_assert_eq(finalized, 0, "objects referenced from a root range were collected");
    jl_gc_remove_root_range(region, region + NOBJ);
    free(region);
    (void)range_slots;
}

/* The system image's data is a write-tracked range: pages stay read-only until stored to, and only
   stored-to pages are roots. Simulated with an anonymous mapping of 64 pages; objects are stored in
   pages 3 and 40 only, so exactly those two pages (and no others) must be scanned. */
static __attribute__((noinline)) void store_hidden_objects(jl_value_t **page_a, jl_value_t **page_b, int n)
{
    jl_value_t **objs = make_hidden_objects(0, 2 * n);
    memcpy(page_a, objs, n * sizeof(jl_value_t *));     /* first store faults, then is writable */
    memcpy(page_b, objs + n, n * sizeof(jl_value_t *));
    free(objs);
}

Test(gc, tracked_range_scans_only_stored_pages)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE), npages = 64, n = pg / sizeof(jl_value_t *);
    char *m = mmap(NULL, npages * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    cr_assert_neq(m, MAP_FAILED);
    size_t dirty0 = jl_gc_tracked_dirty_bytes();
    jl_gc_add_tracked_root_range(m, m + npages * pg);
    cr_assert_eq(jl_gc_tracked_dirty_bytes(), dirty0, "a fresh range has no dirty page");
    cr_assert_eq(((volatile char *)m)[5 * pg], 0, "reads do not fault");
    finalized = 0;
    store_hidden_objects((jl_value_t **)(m + 3 * pg), (jl_value_t **)(m + 40 * pg), (int)n);
    cr_assert_eq(jl_gc_tracked_dirty_bytes(), dirty0 + 2 * pg, "exactly the two stored pages are dirty");
    collect_and_finalize();
    cr_assert_eq(finalized, 0, "objects referenced only from stored pages were collected");
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(jl_unbox_int64(((jl_value_t **)(m + 40 * pg))[i]), 1000000 + (int64_t)(n + i));
    memset(m + 3 * pg, 0, pg);
    memset(m + 40 * pg, 0, pg);
    collect_and_finalize();
    cr_assert_gt(finalized, (int)n * 2 * 9 / 10, "cleared pages still kept %d objects alive", 2 * (int)n - finalized);
}

Test(gc, tracked_pages_announced_for_writing_are_scanned)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE), npages = 16, n = pg / sizeof(jl_value_t *);
    char *m = mmap(NULL, npages * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    cr_assert_neq(m, MAP_FAILED);
    jl_gc_add_tracked_root_range(m, m + npages * pg);
    size_t dirty0 = jl_gc_tracked_dirty_bytes();
    jl_gc_tracked_will_write(m + 2 * pg + 8, m + 4 * pg - 8);
    cr_assert_eq(jl_gc_tracked_dirty_bytes(), dirty0 + 2 * pg, "the two pages the range touches are dirty");
    finalized = 0;
    store_hidden_objects((jl_value_t **)(m + 2 * pg), (jl_value_t **)(m + 3 * pg), (int)n);
    cr_assert_eq(jl_gc_tracked_dirty_bytes(), dirty0 + 2 * pg, "storing there faults no further page");
    collect_and_finalize();
    cr_assert_eq(finalized, 0, "objects referenced from the announced pages were kept");
    memset(m + 2 * pg, 0, 2 * pg);
    collect_and_finalize();
    cr_assert_gt(finalized, (int)n * 2 * 9 / 10, "cleared pages still kept %d objects alive", 2 * (int)n - finalized);
}

Test(gc, finalizers_wait_for_safepoint_and_inhibit)
{
    finalized = 0;
    free(make_hidden_objects(0, NOBJ));
    clobber_stack();
    jl_gc_collect(1);
    jl_gc_collect(1);
    cr_assert_eq(finalized, 0, "finalizers ran inside the collector");
    cr_assert(jl_gc_pending_finalizers());
    jl_gc_inhibit_finalizers();
    cr_assert_eq(jl_gc_safepoint(), 0);
    cr_assert_eq(finalized, 0, "finalizers ran while inhibited");
    jl_gc_enable_finalizers();
    int n = jl_gc_safepoint();
    cr_assert_gt(n, 0);
    cr_assert_eq(n, finalized);
}

static int order_ok = 1;
static void finalizer_allocates(jl_value_t *obj, void *data)
{
    (void)data;
    /* allocating and reaching a safe point inside a finalizer must not recurse */
    jl_gc_alloc(64, (jl_value_t *)jl_any_type);
    if (jl_gc_safepoint() != 0)
        order_ok = 0;
    finalized++;
    (void)obj;
}

Test(gc, finalizer_does_not_reenter)
{
    finalized = 0;
    for (int i = 0; i < 100; i++)
        jl_gc_add_cfinalizer(jl_box_int64(5000000 + i), finalizer_allocates, NULL);
    collect_and_finalize();
    cr_assert(order_ok);
    cr_assert_gt(finalized, 50);
}
