/*
 * tags.c -- the serializer's 8-bit tag table (jl_init_serializer) and its inverse map, an
 * open-addressing hash keyed by object address. The layout and its rules are in serializer.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "julep_internal.h"
#include "serializer.h"

#define NTAGS_MAX 256
#define HASH_BITS 9                 /* 512 slots for at most 255 keys: load factor <= 1/2 */
#define HASH_SIZE (1 << HASH_BITS)

/* section of each tag, for descriptions and the table hash */
enum { SEC_NONE, SEC_SPECIAL, SEC_TYPE, SEC_SINGLETON, SEC_SYMBOL, SEC_INT };
static const char *const section_names[] = {"-", "op ", "type ", "singleton ", "symbol ", "int "};

static jl_value_t *tag_values[NTAGS_MAX];
static uint8_t tag_section[NTAGS_MAX];
static jl_value_t *hash_keys[HASH_SIZE];
static uint8_t hash_tags[HASH_SIZE];
static jl_serializer_layout_t layout;
static int late_pending;            /* singleton slots whose module did not exist yet */
static uint64_t table_hash;
static int table_hash_valid;

static const char *const opcode_names[JL_TAG_LAST_SPECIAL + 1] = {
    [JL_TAG_BACKREF] = "BACKREF", [JL_TAG_SHAREDREF] = "SHAREDREF", [JL_TAG_NULL] = "NULL",
    [JL_TAG_HEADER] = "HEADER", [JL_TAG_SYMBOL] = "SYMBOL", [JL_TAG_STRING] = "STRING",
    [JL_TAG_SVEC] = "SVEC", [JL_TAG_TUPLE] = "TUPLE", [JL_TAG_EXPR] = "EXPR",
    [JL_TAG_ARRAY] = "ARRAY", [JL_TAG_INT64] = "INT64", [JL_TAG_DATATYPE] = "DATATYPE",
    [JL_TAG_OBJECT] = "OBJECT", [JL_TAG_ROOTREF] = "ROOTREF",
};

static const char *const singleton_labels[JL_SER_NSINGLETONS] = {
    "nothing", "true", "false", "svec()", "()", "Union{}", "Core", "Main", "Base",
};

static jl_value_t *singleton_value(int i)
{
    switch (i) {
    case JL_SER_SINGLETON_NOTHING: return jl_nothing;
    case JL_SER_SINGLETON_TRUE: return jl_true;
    case JL_SER_SINGLETON_FALSE: return jl_false;
    case JL_SER_SINGLETON_EMPTYSVEC: return (jl_value_t *)jl_emptysvec;
    case JL_SER_SINGLETON_EMPTYTUPLE: return jl_emptytuple;
    case JL_SER_SINGLETON_BOTTOM: return jl_bottom_type;
    case JL_SER_SINGLETON_CORE: return (jl_value_t *)jl_core_module;
    case JL_SER_SINGLETON_MAIN: return (jl_value_t *)jl_main_module;
    case JL_SER_SINGLETON_BASE: return (jl_value_t *)jl_base_module;
    }
    return NULL;
}

static int is_late_singleton(int i)
{
    return i == JL_SER_SINGLETON_MAIN || i == JL_SER_SINGLETON_BASE;
}

/* ---------------------------------------------------------------- descriptions */

typedef struct {
    char *p;
    size_t len, cap;
} strbuf_t;

static void sb_puts(strbuf_t *b, const char *s)
{
    while (*s && b->len + 1 < b->cap)
        b->p[b->len++] = *s++;
    b->p[b->len] = 0;
}

/* A description of v that does not depend on addresses: type names with their parameters,
   symbol names, integer values. Enough to tell the table's entries apart. */
static void describe(strbuf_t *b, jl_value_t *v, int depth)
{
    char num[32];
    if (v == NULL) {
        sb_puts(b, "#null");
    }
    else if (depth > 4) {
        sb_puts(b, "...");
    }
    else if (jl_is_symbol(v)) {
        sb_puts(b, jl_symbol_name(v));
    }
    else if (jl_is_tvar(v)) {
        sb_puts(b, jl_symbol_name(((jl_tvar_t *)v)->name));
    }
    else if (jl_is_int64(v)) {
        snprintf(num, sizeof num, "%lld", (long long)jl_unbox_int64(v));
        sb_puts(b, num);
    }
    else if (jl_is_datatype(v)) {
        jl_datatype_t *dt = (jl_datatype_t *)v;
        sb_puts(b, jl_symbol_name(dt->name->name));
        size_t np = jl_svec_len(dt->parameters);
        for (size_t i = 0; i < np; i++) {
            sb_puts(b, i == 0 ? "{" : ",");
            describe(b, jl_svecref(dt->parameters, i), depth + 1);
        }
        if (np)
            sb_puts(b, "}");
    }
    else if (jl_is_module(v)) {
        sb_puts(b, jl_symbol_name(((jl_module_t *)v)->name));
    }
    else {
        sb_puts(b, "::");
        sb_puts(b, jl_typename_str(v));
    }
}

/* The description of what a tag stands for; for the late slots, their label (not the value). */
static void describe_tag(strbuf_t *b, int tag)
{
    switch (tag_section[tag]) {
    case SEC_SPECIAL:
        sb_puts(b, opcode_names[tag]);
        break;
    case SEC_SINGLETON:
        sb_puts(b, singleton_labels[tag - layout.first_singleton]);
        break;
    default:
        describe(b, tag_values[tag], 0);
    }
}

static JL_NORETURN __attribute__((format(printf, 1, 2))) void table_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "julep: internal error: serializer tag table: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

/* ---------------------------------------------------------------- the inverse map */

static inline size_t ptr_hash(jl_value_t *v)
{
    uint64_t h = (uint64_t)(uintptr_t)v * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> (64 - HASH_BITS));
}

static void hash_insert(jl_value_t *v, int tag)
{
    size_t i = ptr_hash(v);
    while (hash_keys[i] != NULL) {
        if (hash_keys[i] == v) {
            char buf[256];
            strbuf_t b = {buf, 0, sizeof buf};
            describe(&b, v, 0);
            table_error("`%s` is assigned two tags, %d and %d (the same object appears twice in the "
                        "builtin lists)", buf, hash_tags[i], tag);
        }
        i = (i + 1) & (HASH_SIZE - 1);
    }
    hash_keys[i] = v;
    hash_tags[i] = (uint8_t)tag;
}

static void set_tag(int tag, jl_value_t *v, int section)
{
    tag_section[tag] = (uint8_t)section;
    tag_values[tag] = v;
    if (v != NULL)
        hash_insert(v, tag);
}

/* Fill the Main/Base slots once those modules exist. */
static void fill_late(void)
{
    int pending = 0;
    for (int i = 0; i < JL_SER_NSINGLETONS; i++) {
        int tag = layout.first_singleton + i;
        if (!is_late_singleton(i) || tag_values[tag] != NULL)
            continue;
        jl_value_t *v = singleton_value(i);
        if (v == NULL)
            pending++;
        else
            set_tag(tag, v, SEC_SINGLETON);
    }
    late_pending = pending;
}

/* ---------------------------------------------------------------- building the table */

static int add_section(int tag, int section, jl_value_t **vals, int n, const char *what)
{
    for (int i = 0; i < n; i++) {
        if (vals[i] == NULL)
            table_error("%s #%d (tag %d) is NULL", what, i, tag);
        set_tag(tag++, vals[i], section);
    }
    return tag;
}

JL_DLLEXPORT void jl_init_serializer(void)
{
    memset(tag_values, 0, sizeof tag_values);
    memset(tag_section, 0, sizeof tag_section);
    memset(hash_keys, 0, sizeof hash_keys);
    memset(&layout, 0, sizeof layout);
    table_hash_valid = 0;
    late_pending = 0;

    jl_datatype_t **types;
    jl_sym_t **syms;
    int ntypes = (int)jl_builtin_types(&types);
    int nsyms = (int)jl_common_symbols(&syms);
    int mandatory = JL_TAG_LAST_SPECIAL + ntypes + JL_SER_NSINGLETONS;
    if (mandatory + JL_SER_MIN_SMALLINTS > NTAGS_MAX - 1)
        table_error("overflow: %d opcodes, %d builtin types and %d singletons leave room for fewer than "
                    "%d small integers", JL_TAG_LAST_SPECIAL, ntypes, JL_SER_NSINGLETONS,
                    JL_SER_MIN_SMALLINTS);

    int tag = 1;
    for (; tag <= JL_TAG_LAST_SPECIAL; tag++)
        tag_section[tag] = SEC_SPECIAL;

    layout.first_type = tag;
    layout.ntypes = ntypes;
    tag = add_section(tag, SEC_TYPE, (jl_value_t **)types, ntypes, "builtin type");

    layout.first_singleton = tag;
    layout.nsingletons = JL_SER_NSINGLETONS;
    for (int i = 0; i < JL_SER_NSINGLETONS; i++, tag++) {
        jl_value_t *v = singleton_value(i);
        if (v == NULL && !is_late_singleton(i))
            table_error("singleton %s (tag %d) is NULL", singleton_labels[i], tag);
        late_pending += v == NULL;
        set_tag(tag, v, SEC_SINGLETON);
    }

    int room = NTAGS_MAX - tag - JL_SER_MIN_SMALLINTS;
    layout.first_symbol = tag;
    layout.nsymbols = nsyms < room ? nsyms : room;
    layout.nsymbols_untagged = nsyms - layout.nsymbols;
    tag = add_section(tag, SEC_SYMBOL, (jl_value_t **)syms, layout.nsymbols, "common symbol");

    layout.first_int = tag;
    layout.nints = NTAGS_MAX - tag;
    for (int i = 0; i < layout.nints; i++, tag++)
        set_tag(tag, jl_box_int64(JL_SER_SMALLINT_FIRST + i), SEC_INT);
    layout.ntags = tag;
}

/* ---------------------------------------------------------------- queries */

JL_DLLEXPORT uint8_t jl_serializer_int64_tag(int64_t x)
{
    uint64_t k = (uint64_t)x - (uint64_t)(int64_t)JL_SER_SMALLINT_FIRST;
    return k < (uint64_t)layout.nints ? (uint8_t)(layout.first_int + (int)k) : 0;
}

JL_DLLEXPORT uint8_t jl_serializer_tag_of(jl_value_t *v)
{
    if (v == NULL)
        return 0;
    for (size_t i = ptr_hash(v); hash_keys[i] != NULL; i = (i + 1) & (HASH_SIZE - 1)) {
        if (hash_keys[i] == v)
            return hash_tags[i];
    }
    /* miss: an Int64 box made outside the small-integer cache is egal to the tagged one */
    if (jl_is_int64(v))
        return jl_serializer_int64_tag(jl_unbox_int64(v));
    if (late_pending && jl_is_module(v)) {
        fill_late();
        for (int i = 0; i < JL_SER_NSINGLETONS; i++)
            if (tag_values[layout.first_singleton + i] == v)
                return (uint8_t)(layout.first_singleton + i);
    }
    return 0;
}

JL_DLLEXPORT jl_value_t *jl_serializer_tag_value(uint8_t tag)
{
    if (tag >= layout.ntags)
        return NULL;
    if (tag_values[tag] == NULL && late_pending && tag_section[tag] == SEC_SINGLETON)
        fill_late();
    return tag_values[tag];
}

JL_DLLEXPORT int jl_serializer_ntags(void)
{
    return layout.ntags;
}

JL_DLLEXPORT void jl_serializer_get_layout(jl_serializer_layout_t *out)
{
    *out = layout;
}

JL_DLLEXPORT const char *jl_serializer_opcode_name(uint8_t tag)
{
    return tag >= 1 && tag <= JL_TAG_LAST_SPECIAL ? opcode_names[tag] : NULL;
}

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (;; s++) { /* the NUL too, so the boundaries between strings count */
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
        if (*s == 0)
            return h;
    }
}

JL_DLLEXPORT uint64_t jl_serializer_table_hash(void)
{
    if (table_hash_valid)
        return table_hash;
    char buf[256];
    snprintf(buf, sizeof buf, "julep serializer v%d, %d tags", JL_SERIALIZER_VERSION, layout.ntags);
    uint64_t h = fnv1a(0xcbf29ce484222325ull, buf);
    for (int tag = 1; tag < layout.ntags; tag++) {
        strbuf_t b = {buf, 0, sizeof buf};
        buf[0] = 0;
        sb_puts(&b, section_names[tag_section[tag]]);
        describe_tag(&b, tag);
        h = fnv1a(h, buf);
    }
    table_hash = h;
    table_hash_valid = 1;
    return h;
}
