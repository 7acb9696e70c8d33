/* testutil.h -- shared setup for the Criterion unit tests: each test process initializes julep once. */
#ifndef JL_TESTUTIL_H
#define JL_TESTUTIL_H
#include <stdio.h>
#include <criterion/criterion.h>
#include "julep_internal.h"

static inline void jl_test_init(void)
{
    if (!jl_is_initialized()) {
        jl_options_t o;
        jl_options_default(&o);
        jl_init(&o);
    }
}
#endif
