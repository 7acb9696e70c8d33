/* test_symbol.c -- interned symbols. */
#include <string.h>
#include "testutil.h"

TestSuite(symbol, .init = jl_test_init);

Test(symbol, interning_gives_one_object_per_name)
{
    char buf[32];
    jl_sym_t *a = jl_symbol("hello");
    strcpy(buf, "hel");
    strcat(buf, "lo");
    cr_assert_eq(jl_symbol(buf), a);
    cr_assert_eq(jl_symbol_n("hello world", 5), a);
    cr_assert_neq(jl_symbol("Hello"), a);
    cr_assert_str_eq(jl_symbol_name(a), "hello");
    cr_assert_eq(a->length, 5);
    cr_assert(jl_is_symbol((jl_value_t *)a));
}

Test(symbol, many_symbols_survive_growth_and_collection)
{
    char buf[32];
    jl_sym_t *first[5000];
    for (int i = 0; i < 5000; i++) {
        snprintf(buf, sizeof buf, "sym_%d", i);
        first[i] = jl_symbol(buf);
    }
    jl_gc_collect(1);
    for (int i = 0; i < 5000; i++) {
        snprintf(buf, sizeof buf, "sym_%d", i);
        cr_assert_eq(jl_symbol(buf), first[i]);
        cr_assert_str_eq(jl_symbol_name(first[i]), buf);
    }
    cr_assert_eq(jl_symbol_lookup("sym_42"), first[42]);
    cr_assert_null(jl_symbol_lookup("never_interned_name"));
}

Test(symbol, unicode_and_operators)
{
    jl_sym_t *pi = jl_symbol("π");
    cr_assert_eq(pi->length, 2);
    cr_assert_eq(jl_symbol("π"), pi);
    cr_assert_str_eq(jl_symbol_name(jl_s_assign), "=");
    cr_assert_str_eq(jl_symbol_name(jl_s_setproperty_), "setproperty!");
    cr_assert_eq(jl_symbol("call"), jl_s_call);
}

Test(symbol, gensyms_are_fresh)
{
    jl_sym_t *a = jl_gensym(), *b = jl_gensym();
    cr_assert_neq(a, b);
    cr_assert_eq(jl_symbol_name(a)[0], '#');
    jl_sym_t *t = jl_tagged_gensym("x", 1);
    cr_assert(strncmp(jl_symbol_name(t), "#x#", 3) == 0);
}
