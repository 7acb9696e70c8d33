/*
 * toplevel.c -- evaluation entry points for embedders and the CLI. The interpreter arrives with the
 * core-semantics issue; until then evaluation raises an honest error instead of pretending.
 */
#include "julep_internal.h"

JL_DLLEXPORT jl_value_t *jl_eval_string(const char *str)
{
    jl_value_t *result = NULL;
    JL_TRY {
        (void)str;
        jl_error("evaluation is not implemented yet: julep has no interpreter in this build");
    }
    JL_CATCH {
        result = NULL;
    }
    return result;
}
