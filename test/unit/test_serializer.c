/* test_serializer.c -- the serializer's 8-bit tag table (serializer/serializer.h): every value tag
   maps to one object and back, opcodes map to nothing, the layout follows the documented order of
   src/'s lists, the table is identical in two separate processes, collisions abort, init is fast. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include "testutil.h"
#include "../../serializer/serializer.h"

TestSuite(serializer, .init = jl_test_init);

static jl_serializer_layout_t get_layout(void)
{
    jl_serializer_layout_t l;
    jl_serializer_get_layout(&l);
    return l;
}

/* Base does not exist yet at this stage of the project; make one, as the bootstrap will later. */
static void ensure_base(void)
{
    if (jl_base_module == NULL)
        jl_base_module = jl_new_module(jl_s_Base, jl_main_module);
}

/* ------------------------------------------------------------------ the map and its inverse */

Test(serializer, every_value_tag_maps_to_an_object_and_back)
{
    ensure_base();
    int n = jl_serializer_ntags();
    cr_assert_eq(n, 256, "the table fills all 255 tags (ntags = %d)", n);
    for (int t = JL_TAG_LAST_SPECIAL + 1; t < n; t++) {
        jl_value_t *v = jl_serializer_tag_value((uint8_t)t);
        cr_assert_not_null(v, "value tag %d has no object", t);
        cr_assert_eq(jl_serializer_tag_of(v), t, "tag_of(tag_value(%d)) = %d", t, jl_serializer_tag_of(v));
    }
}

Test(serializer, no_two_tags_share_an_object)
{
    ensure_base();
    int n = jl_serializer_ntags();
    for (int a = 1; a < n; a++) {
        jl_value_t *va = jl_serializer_tag_value((uint8_t)a);
        if (va == NULL)
            continue;
        for (int b = a + 1; b < n; b++)
            cr_assert_neq(va, jl_serializer_tag_value((uint8_t)b), "tags %d and %d share an object", a, b);
    }
}

Test(serializer, opcodes_map_to_no_value)
{
    cr_assert_null(jl_serializer_tag_value(JL_TAG_NONE));
    cr_assert_null(jl_serializer_opcode_name(JL_TAG_NONE));
    for (int t = 1; t <= JL_TAG_LAST_SPECIAL; t++) {
        cr_assert_null(jl_serializer_tag_value((uint8_t)t), "opcode %d has a value", t);
        const char *name = jl_serializer_opcode_name((uint8_t)t);
        cr_assert(name != NULL && name[0] != 0, "opcode %d has no name", t);
    }
    cr_assert_str_eq(jl_serializer_opcode_name(JL_TAG_BACKREF), "BACKREF");
    cr_assert_str_eq(jl_serializer_opcode_name(JL_TAG_OBJECT), "OBJECT");
    cr_assert_null(jl_serializer_opcode_name(JL_TAG_LAST_SPECIAL + 1));
    cr_assert_eq(jl_serializer_tag_of(NULL), 0);
}

/* ------------------------------------------------------------------ each kind gets a tag, in order */

Test(serializer, builtin_types_are_tagged_in_list_order)
{
    jl_serializer_layout_t l = get_layout();
    jl_datatype_t **types;
    size_t n = jl_builtin_types(&types);
    cr_assert_gt(n, 20);
    cr_assert_eq(l.first_type, JL_TAG_LAST_SPECIAL + 1);
    cr_assert_eq(l.ntypes, (int)n);
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(jl_serializer_tag_of((jl_value_t *)types[i]), l.first_type + (int)i,
                     "builtin type #%zu (%s) has tag %d", i, jl_symbol_name(types[i]->name->name),
                     jl_serializer_tag_of((jl_value_t *)types[i]));
    /* spot checks on well-known globals */
    cr_assert_neq(jl_serializer_tag_of((jl_value_t *)jl_int64_type), 0);
    cr_assert_neq(jl_serializer_tag_of((jl_value_t *)jl_any_type), 0);
    cr_assert_neq(jl_serializer_tag_of((jl_value_t *)jl_datatype_type), 0);
}

Test(serializer, singletons_are_tagged_in_documented_order)
{
    jl_serializer_layout_t l = get_layout();
    cr_assert_eq(l.nsingletons, JL_SER_NSINGLETONS);
    cr_assert_eq(l.first_singleton, l.first_type + l.ntypes);
    jl_value_t *expect[JL_SER_NSINGLETONS] = {
        jl_nothing, jl_true, jl_false, (jl_value_t *)jl_emptysvec, jl_emptytuple, jl_bottom_type,
        (jl_value_t *)jl_core_module, (jl_value_t *)jl_main_module, NULL,
    };
    for (int i = 0; i < JL_SER_SINGLETON_BASE; i++) {
        cr_assert_not_null(expect[i]);
        cr_assert_eq(jl_serializer_tag_of(expect[i]), l.first_singleton + i, "singleton #%d", i);
    }
}

Test(serializer, base_gets_its_tag_when_it_appears_later)
{
    jl_serializer_layout_t l = get_layout();
    int tag = l.first_singleton + JL_SER_SINGLETON_BASE;
    if (jl_base_module != NULL) { /* Base existed at init: it was tagged then */
        cr_assert_eq(jl_serializer_tag_of((jl_value_t *)jl_base_module), tag);
        return;
    }
    cr_assert_null(jl_serializer_tag_value((uint8_t)tag));
    jl_module_t *base = jl_new_module(jl_s_Base, jl_main_module);
    cr_assert_eq(jl_serializer_tag_of((jl_value_t *)base), 0, "not Base yet");
    jl_base_module = base;
    cr_assert_eq(jl_serializer_tag_of((jl_value_t *)base), tag);
    cr_assert_eq(jl_serializer_tag_value((uint8_t)tag), (jl_value_t *)base);
}

Test(serializer, common_symbols_are_tagged_in_list_order)
{
    jl_serializer_layout_t l = get_layout();
    jl_sym_t **syms;
    size_t n = jl_common_symbols(&syms);
    cr_assert_eq(l.first_symbol, l.first_singleton + l.nsingletons);
    cr_assert_eq(l.nsymbols_untagged, 0, "%d common symbols did not fit in the table", l.nsymbols_untagged);
    cr_assert_eq(l.nsymbols, (int)n);
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(jl_serializer_tag_of((jl_value_t *)syms[i]), l.first_symbol + (int)i,
                     "common symbol :%s", jl_symbol_name(syms[i]));
    cr_assert_neq(jl_serializer_tag_of((jl_value_t *)jl_s_call), 0);
    cr_assert_neq(jl_serializer_tag_of((jl_value_t *)jl_symbol("setproperty!")), 0);
    cr_assert_neq(jl_serializer_tag_of((jl_value_t *)jl_symbol("===")), 0);
}

Test(serializer, small_ints_are_tagged_and_fill_the_table)
{
    jl_serializer_layout_t l = get_layout();
    cr_assert_eq(l.first_int, l.first_symbol + l.nsymbols);
    cr_assert_geq(l.nints, JL_SER_MIN_SMALLINTS);
    cr_assert_eq(l.first_int + l.nints, 256);
    int64_t lo = JL_SER_SMALLINT_FIRST, hi = JL_SER_SMALLINT_FIRST + l.nints - 1;
    cr_assert_leq(lo, 0);
    cr_assert_geq(hi, 1);
    for (int64_t x = lo; x <= hi; x++) {
        int tag = l.first_int + (int)(x - lo);
        cr_assert_eq(jl_serializer_tag_of(jl_box_int64(x)), tag, "Int64 %lld", (long long)x);
        cr_assert_eq(jl_serializer_int64_tag(x), tag);
        /* a box made outside the small-int cache is egal, so it has the same tag */
        jl_value_t *fresh = jl_new_bits((jl_value_t *)jl_int64_type, &x);
        cr_assert_neq(fresh, jl_box_int64(x));
        cr_assert_eq(jl_serializer_tag_of(fresh), tag, "uncached Int64 %lld", (long long)x);
    }
    cr_assert_eq(jl_serializer_int64_tag(lo - 1), 0);
    cr_assert_eq(jl_serializer_int64_tag(hi + 1), 0);
    cr_assert_eq(jl_serializer_int64_tag(INT64_MIN), 0);
    cr_assert_eq(jl_serializer_int64_tag(INT64_MAX), 0);
    cr_assert_eq(jl_serializer_tag_of(jl_box_int64(hi + 1)), 0);
    cr_assert_eq(jl_serializer_tag_of(jl_box_int64(lo - 1)), 0);
}

Test(serializer, values_not_in_the_table_have_no_tag)
{
    cr_assert_eq(jl_serializer_tag_of((jl_value_t *)jl_symbol("serializer_test_not_common")), 0);
    cr_assert_eq(jl_serializer_tag_of(jl_cstr_to_string("call")), 0);
    cr_assert_eq(jl_serializer_tag_of(jl_box_int32(0)), 0, "Int32 0 is not Int64 0");
    cr_assert_eq(jl_serializer_tag_of(jl_box_uint8(1)), 0);
    cr_assert_eq(jl_serializer_tag_of(jl_box_float64(0.0)), 0);
    cr_assert_eq(jl_serializer_tag_of(jl_box_char(jl_char_from_codepoint('a'))), 0);
    cr_assert_eq(jl_serializer_tag_of(jl_box_int64(1000)), 0);
    cr_assert_eq(jl_serializer_tag_of((jl_value_t *)jl_alloc_svec(1)), 0);
    cr_assert_eq(jl_serializer_tag_of((jl_value_t *)jl_new_module(jl_symbol("NotBase"), NULL)), 0);
    cr_assert_eq(jl_serializer_tag_of(jl_array_type), 0, "the Array UnionAll is not tagged (its body is)");
}

/* ------------------------------------------------------------------ the same table in every process */

typedef struct { char *p; size_t len, cap; } buf_t;

static void put(buf_t *b, const char *s)
{
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->p = realloc(b->p, b->cap);
    }
    memcpy(b->p + b->len, s, n + 1);
    b->len += n;
}

/* The test's own address-free description of a value (independent of serializer/tags.c). */
static void desc(buf_t *b, jl_value_t *v)
{
    char num[32];
    if (v == NULL) {
        put(b, "<null>");
    }
    else if (jl_is_symbol(v)) {
        put(b, ":");
        put(b, jl_symbol_name(v));
    }
    else if (jl_is_tvar(v)) {
        put(b, jl_symbol_name(((jl_tvar_t *)v)->name));
    }
    else if (jl_is_int64(v)) {
        snprintf(num, sizeof num, "%lld", (long long)jl_unbox_int64(v));
        put(b, num);
    }
    else if (jl_is_bool(v)) {
        put(b, jl_unbox_bool(v) ? "true" : "false");
    }
    else if (jl_is_module(v)) {
        put(b, "module ");
        put(b, jl_symbol_name(((jl_module_t *)v)->name));
    }
    else if (jl_is_datatype(v)) {
        jl_datatype_t *dt = (jl_datatype_t *)v;
        put(b, jl_symbol_name(dt->name->name));
        for (size_t i = 0; i < jl_svec_len(dt->parameters); i++) {
            put(b, i ? "," : "{");
            desc(b, jl_svecref(dt->parameters, i));
        }
        if (jl_svec_len(dt->parameters))
            put(b, "}");
    }
    else if (jl_is_svec(v)) {
        snprintf(num, sizeof num, "svec/%zu", jl_svec_len(v));
        put(b, num);
    }
    else {
        put(b, "instance of ");
        put(b, jl_typename_str(v));
    }
    put(b, ";");
}

static uint64_t fnv(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

/* The table in tag order, as the runtime built it. */
static uint64_t checksum_of_table(void)
{
    buf_t b = {0};
    put(&b, "");
    for (int t = 1; t < jl_serializer_ntags(); t++) {
        if (t <= JL_TAG_LAST_SPECIAL)
            put(&b, "op;");
        else
            desc(&b, jl_serializer_tag_value((uint8_t)t));
    }
    uint64_t h = fnv(b.p);
    free(b.p);
    return h;
}

/* The table as serializer.h documents it, from src/'s ordered lists. */
static uint64_t checksum_from_lists(void)
{
    buf_t b = {0};
    put(&b, "");
    int count = 0;
    for (int t = 1; t <= JL_TAG_LAST_SPECIAL; t++, count++)
        put(&b, "op;");
    jl_datatype_t **types;
    size_t nt = jl_builtin_types(&types);
    for (size_t i = 0; i < nt; i++, count++)
        desc(&b, (jl_value_t *)types[i]);
    jl_value_t *singletons[] = {
        jl_nothing, jl_true, jl_false, (jl_value_t *)jl_emptysvec, jl_emptytuple, jl_bottom_type,
        (jl_value_t *)jl_core_module, (jl_value_t *)jl_main_module, (jl_value_t *)jl_base_module,
    };
    for (size_t i = 0; i < sizeof singletons / sizeof singletons[0]; i++, count++)
        desc(&b, singletons[i]);
    jl_sym_t **syms;
    size_t ns = jl_common_symbols(&syms);
    for (size_t i = 0; i < ns; i++, count++)
        desc(&b, (jl_value_t *)syms[i]);
    for (int64_t x = JL_SER_SMALLINT_FIRST; count < 255; x++, count++)
        desc(&b, jl_box_int64(x));
    uint64_t h = fnv(b.p);
    free(b.p);
    return h;
}

/* Also run on its own by same_table_in_two_processes, in a freshly exec'd process (own ASLR). */
Test(serializer, table_follows_the_documented_layout)
{
    ensure_base();
    uint64_t from_table = checksum_of_table(), from_lists = checksum_from_lists();
    cr_assert_eq(from_table, from_lists, "table checksum %016llx, from the lists %016llx",
                 (unsigned long long)from_table, (unsigned long long)from_lists);
    const char *out = getenv("JULEP_TEST_SERIALIZER_OUT");
    if (out) {
        FILE *f = fopen(out, "w");
        cr_assert_not_null(f);
        fprintf(f, "%016llx %016llx\n", (unsigned long long)from_table,
                (unsigned long long)jl_serializer_table_hash());
        fclose(f);
    }
}

Test(serializer, same_table_in_two_processes)
{
    ensure_base();
    char exe[4096], path[] = "/tmp/julep-sertest-XXXXXX", cmd[8192];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    cr_assert_gt(n, 0);
    exe[n] = 0;
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    setenv("JULEP_TEST_SERIALIZER_OUT", path, 1);
    /* BXFI_MAP marks Criterion's own workers; without it the child is an ordinary test run */
    snprintf(cmd, sizeof cmd, "env -u BXFI_MAP '%s' -j1 --filter='serializer/table_follows_the_documented_layout' "
             ">/dev/null 2>&1", exe);
    int rc = system(cmd);
    unsetenv("JULEP_TEST_SERIALIZER_OUT");
    cr_assert_eq(rc, 0, "the child process failed (%d): %s", rc, cmd);
    unsigned long long child_sum = 0, child_hash = 0;
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    cr_assert_eq(fscanf(f, "%llx %llx", &child_sum, &child_hash), 2);
    fclose(f);
    unlink(path);
    cr_assert_eq(child_sum, (unsigned long long)checksum_of_table(), "tables differ between processes");
    cr_assert_eq(child_hash, (unsigned long long)jl_serializer_table_hash(),
                 "jl_serializer_table_hash differs between processes");
}

Test(serializer, table_hash_is_stable_and_address_free)
{
    uint64_t h = jl_serializer_table_hash();
    cr_assert_eq(jl_serializer_table_hash(), h);
    jl_init_serializer();
    cr_assert_eq(jl_serializer_table_hash(), h, "rebuilding gives the same table");
    /* a process whose Main is a different module named differently describes differently: the hash
       covers the slot labels, not the values, so it must NOT change */
    jl_main_module = jl_new_module(jl_symbol("OtherMain"), NULL);
    jl_init_serializer();
    cr_assert_eq(jl_serializer_table_hash(), h, "the hash depends on a module's value");
}

/* ------------------------------------------------------------------ collisions and speed */

Test(serializer, collision_aborts_with_a_clear_message)
{
    int pipefd[2];
    cr_assert_eq(pipe(pipefd), 0);
    fflush(NULL);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        dup2(pipefd[1], 2);
        close(pipefd[0]);
        jl_base_module = jl_core_module; /* the same object in two singleton slots */
        jl_init_serializer();
        _exit(0);
    }
    close(pipefd[1]);
    char msg[1024];
    size_t len = 0;
    ssize_t r;
    while (len < sizeof msg - 1 && (r = read(pipefd[0], msg + len, sizeof msg - 1 - len)) > 0)
        len += (size_t)r;
    msg[len] = 0;
    close(pipefd[0]);
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "collision did not abort: %s", msg);
    cr_assert(strstr(msg, "internal error") && strstr(msg, "Core") && strstr(msg, "two tags"),
              "unclear message: %s", msg);
}

Test(serializer, init_is_fast)
{
    uint8_t before[256];
    for (int t = 0; t < 256; t++)
        before[t] = jl_serializer_tag_of(jl_serializer_tag_value((uint8_t)t));
    enum { N = 2000 };
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int i = 0; i < N; i++)
        jl_init_serializer();
    clock_gettime(CLOCK_MONOTONIC, &b);
    double us = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / 1e3 / N;
    cr_log_info("jl_init_serializer: %.2f us per call (mean of %d)", us, N);
    cr_assert_lt(us, 50.0, "jl_init_serializer takes %.2f us", us);
    for (int t = 0; t < 256; t++)
        cr_assert_eq(jl_serializer_tag_of(jl_serializer_tag_value((uint8_t)t)), before[t],
                     "tag %d changed on rebuild", t);
}
