/*
 * symbol.c -- interned Symbols. Invariant: one jl_sym_t per distinct name, never freed, so symbols
 * compare with `==` and may be stored anywhere (the table lives in uncollectable memory, which keeps
 * every symbol reachable). Open addressing keyed by the name's hash.
 */
#include <string.h>
#include <stdio.h>
#include "julep_internal.h"

static jl_sym_t **symtab;
static size_t symtab_cap, symtab_count;
static uint32_t gensym_counter;

JL_DLLEXPORT uintptr_t jl_memhash(const char *s, size_t n)
{
    /* FNV-1a, widened */
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ull;
    }
    return (uintptr_t)(h ^ (h >> 32));
}

static jl_sym_t *new_symbol(const char *name, size_t len, uintptr_t hash)
{
    /* symbols hold no pointers: atomic; reachable through symtab (uncollectable, scanned) */
    jl_sym_t *s = (jl_sym_t *)jl_gc_alloc_atomic(sizeof(jl_sym_t) + len + 1, (jl_value_t *)jl_symbol_type);
    s->hash = hash;
    s->length = len;
    memcpy(jl_symbol_name(s), name, len);
    jl_symbol_name(s)[len] = 0;
    return s;
}

static jl_sym_t **sym_slot(const char *name, size_t len, uintptr_t hash)
{
    size_t mask = symtab_cap - 1, i = hash & mask;
    for (;;) {
        jl_sym_t *s = symtab[i];
        if (s == NULL || (s->hash == hash && s->length == len && memcmp(jl_symbol_name(s), name, len) == 0))
            return &symtab[i];
        i = (i + 1) & mask;
    }
}

static void symtab_grow(void)
{
    jl_sym_t **old = symtab;
    size_t oldcap = symtab_cap;
    symtab_cap = oldcap ? oldcap * 2 : 4096;
    symtab = jl_gc_alloc_uncollectable(symtab_cap * sizeof(jl_sym_t *));
    memset(symtab, 0, symtab_cap * sizeof(jl_sym_t *));
    for (size_t i = 0; i < oldcap; i++)
        if (old[i])
            *sym_slot(jl_symbol_name(old[i]), old[i]->length, old[i]->hash) = old[i];
    if (old)
        jl_gc_free(old);
}

JL_DLLEXPORT jl_sym_t *jl_symbol_n(const char *name, size_t len)
{
    if (memchr(name, 0, len))
        jl_argument_error("Symbol name may not contain \\0");
    if ((symtab_count + 1) * 2 > symtab_cap)
        symtab_grow();
    uintptr_t h = jl_memhash(name, len);
    jl_sym_t **slot = sym_slot(name, len, h);
    if (*slot == NULL) {
        *slot = new_symbol(name, len, h);
        symtab_count++;
    }
    return *slot;
}

JL_DLLEXPORT jl_sym_t *jl_symbol(const char *name)
{
    return jl_symbol_n(name, strlen(name));
}

JL_DLLEXPORT jl_sym_t *jl_symbol_lookup(const char *name)
{
    if (symtab_cap == 0)
        return NULL;
    size_t len = strlen(name);
    return *sym_slot(name, len, jl_memhash(name, len));
}

JL_DLLEXPORT size_t jl_symbol_count(void)
{
    return symtab_count;
}

/* Julia names gensyms `#1`, `#2`, ... and tagged ones `#name#1`. */
JL_DLLEXPORT jl_sym_t *jl_gensym(void)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, "#%u", ++gensym_counter);
    return jl_symbol_n(buf, (size_t)n);
}

JL_DLLEXPORT jl_sym_t *jl_tagged_gensym(const char *name, size_t len)
{
    char buf[256];
    if (len > 200)
        len = 200;
    int n = snprintf(buf, sizeof buf, "#%.*s#%u", (int)len, name, ++gensym_counter);
    return jl_symbol_n(buf, (size_t)n);
}

/* ---------------------------------------------------------------- common symbols */

#define JL_DEFINE_SYM(name) JL_DLLEXPORT jl_sym_t *jl_s_##name;
JL_COMMON_SYMBOLS(JL_DEFINE_SYM)
#undef JL_DEFINE_SYM
JL_DLLEXPORT jl_sym_t *jl_s_assign, *jl_s_dot, *jl_s_dots, *jl_s_doublecolon, *jl_s_subtype,
    *jl_s_supertype, *jl_s_and, *jl_s_or, *jl_s_arrow, *jl_s_dollar, *jl_s_dotassign, *jl_s_tilde,
    *jl_s_plus, *jl_s_minus, *jl_s_times, *jl_s_div, *jl_s_colon, *jl_s_eq, *jl_s_egal, *jl_s_lt;

static jl_sym_t **common_list;
static size_t common_count;

static void add_common(jl_sym_t **var, const char *name)
{
    *var = jl_symbol(name);
    common_list[common_count++] = *var;
}

/* C names cannot hold `!`; `setproperty_` stands for `setproperty!` */
static const char *c_to_julia_name(const char *cname, char *buf, size_t n)
{
    size_t len = strlen(cname);
    if (len > 1 && cname[len - 1] == '_' && len < n) {
        memcpy(buf, cname, len - 1);
        buf[len - 1] = '!';
        buf[len] = 0;
        return buf;
    }
    return cname;
}

void jl_init_symbols(void)
{
    static const struct { jl_sym_t **var; const char *name; } ops[] = {
        {&jl_s_assign, "="}, {&jl_s_dot, "."}, {&jl_s_dots, "..."}, {&jl_s_doublecolon, "::"},
        {&jl_s_subtype, "<:"}, {&jl_s_supertype, ">:"}, {&jl_s_and, "&&"}, {&jl_s_or, "||"},
        {&jl_s_arrow, "->"}, {&jl_s_dollar, "$"}, {&jl_s_dotassign, ".="}, {&jl_s_tilde, "~"},
        {&jl_s_plus, "+"}, {&jl_s_minus, "-"}, {&jl_s_times, "*"}, {&jl_s_div, "/"},
        {&jl_s_colon, ":"}, {&jl_s_eq, "=="}, {&jl_s_egal, "==="}, {&jl_s_lt, "<"},
    };
    char buf[64];
    size_t n = sizeof ops / sizeof ops[0];
#define JL_COUNT_SYM(name) n++;
    JL_COMMON_SYMBOLS(JL_COUNT_SYM)
#undef JL_COUNT_SYM
    common_list = jl_gc_alloc_uncollectable(n * sizeof(jl_sym_t *));
#define JL_INIT_SYM(name) add_common(&jl_s_##name, c_to_julia_name(#name, buf, sizeof buf));
    JL_COMMON_SYMBOLS(JL_INIT_SYM)
#undef JL_INIT_SYM
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        add_common(ops[i].var, ops[i].name);
}

JL_DLLEXPORT size_t jl_common_symbols(jl_sym_t ***list)
{
    *list = common_list;
    return common_count;
}

/* ---------------------------------------------------------------- system image (sysimage/)
   The table is keyed by the names' hashes, not by addresses, so an image stores it as it is and the
   loader adopts it in place (a later growth frees nothing in the image: jl_gc_free ignores it). */

JL_DLLEXPORT jl_sym_t **jl_symtab_state(size_t *cap, size_t *count, uint32_t *gensym)
{
    *cap = symtab_cap;
    *count = symtab_count;
    *gensym = gensym_counter;
    return symtab;
}

JL_DLLEXPORT void jl_symtab_restore(jl_sym_t **tab, size_t cap, size_t count, uint32_t gensym)
{
    symtab = tab;
    symtab_cap = cap;
    symtab_count = count;
    gensym_counter = gensym;
}
