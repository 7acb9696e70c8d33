/*
 * rtutils.c -- exceptions: the handler chain on the current task, jl_throw, and constructors for the
 * common error values. A throw with no handler prints the error and exits (status 1), as an uncaught
 * error in a Julia script does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>
#include "iostream.h"
#include "julep_internal.h"
#include "interpreter.h"

JL_DLLEXPORT void jl_assert_failed(const char *expr, const char *file, int line)
{
    jl_ios_flush_stdout();
    fprintf(stderr, "julep: internal assertion failed: %s (%s:%d)\n", expr, file, line);
    abort();
}

JL_DLLEXPORT void jl_enter_handler(jl_handler_t *eh)
{
    jl_task_t *ct = jl_current_task;
    eh->prev = ct->eh;
    eh->gc_inhibit = ct->finalizers_inhibited;
    eh->excstack_state = jl_excstack_state();
    eh->interp_frame = ct->interp_frame;
    ct->eh = eh;
}

JL_DLLEXPORT void jl_pop_handler(int n)
{
    jl_task_t *ct = jl_current_task;
    while (n-- > 0 && ct->eh)
        ct->eh = ct->eh->prev;
}

JL_DLLEXPORT void jl_eh_restore_state(jl_handler_t *eh)
{
    jl_task_t *ct = jl_current_task;
    ct->eh = eh->prev;
    ct->finalizers_inhibited = eh->gc_inhibit;
    ct->interp_frame = eh->interp_frame;
}

static void uncaught(jl_value_t *e)
{
    jl_ios_flush_stdout();
    fprintf(stderr, "ERROR: %s\n", jl_exception_message(e));
    fflush(stderr);
    exit(1);
}

/* jl_throw records the backtrace and pushes (e, bt) on the exception stack (stackwalk.c) before
   unwinding; jl_rethrow unwinds with the exception stack's top as it is. */
JL_DLLEXPORT void jl_throw(jl_value_t *e)
{
    jl_task_t *ct = jl_current_task;
    if (ct == NULL)
        uncaught(e);
    jl_push_excstack(e, jl_backtrace_from_here());
    if (ct->eh == NULL)
        uncaught(e);
    siglongjmp(ct->eh->eh_ctx, 1);
}

JL_DLLEXPORT void jl_rethrow(void)
{
    jl_task_t *ct = jl_current_task;
    if (ct == NULL || jl_excstack_state() == 0)
        jl_error("rethrow() not allowed outside a catch block");
    ct->exception = jl_current_exception();
    if (ct->eh == NULL)
        uncaught(ct->exception);
    siglongjmp(ct->eh->eh_ctx, 1);
}

JL_DLLEXPORT jl_value_t *jl_new_errorexception(const char *msg)
{
    return jl_new_struct(jl_errorexception_type, jl_cstr_to_string(msg));
}

JL_DLLEXPORT void jl_error(const char *msg)
{
    jl_throw(jl_new_errorexception(msg));
}

JL_DLLEXPORT void jl_errorf(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    jl_error(buf);
}

JL_DLLEXPORT void jl_argument_error(const char *msg)
{
    jl_throw(jl_new_struct(jl_argumenterror_type, jl_cstr_to_string(msg)));
}

/* BoundsError(v, (i1, ..., in)) for compiled N-d indexing (n <= 4; the unused indices are ignored) */
JL_DLLEXPORT void jl_bounds_error_nd(jl_value_t *v, int64_t n, int64_t i1, int64_t i2, int64_t i3, int64_t i4)
{
    int64_t is[4] = {i1, i2, i3, i4};
    jl_value_t *bx[4];
    for (int64_t k = 0; k < n && k < 4; k++)
        bx[k] = jl_box_int64(is[k]);
    jl_bounds_error(v, jl_tuplev((size_t)(n < 4 ? n : 4), bx));
}

JL_DLLEXPORT void jl_type_error(const char *fname, jl_value_t *expected, jl_value_t *got)
{
    jl_throw(jl_new_struct(jl_typeerror_type, jl_symbol(fname), jl_cstr_to_string(""), expected, got));
}

JL_DLLEXPORT void jl_bounds_error(jl_value_t *v, jl_value_t *idx)
{
    jl_throw(jl_new_struct(jl_boundserror_type, v, idx));
}

JL_DLLEXPORT void jl_bounds_error_int(jl_value_t *v, size_t i)
{
    jl_bounds_error(v, jl_tuple(1, jl_box_int64((int64_t)i)));
}

JL_DLLEXPORT void jl_undefined_var_error(jl_sym_t *var)
{
    jl_throw(jl_new_struct(jl_undefvarerror_type, var));
}

JL_DLLEXPORT void jl_too_few_args(const char *fname, int min)
{
    char buf[256]; /* Julia's wording: ArgumentError("getfield: too few arguments (expected 2)") */
    snprintf(buf, sizeof buf, "%s: too few arguments (expected %d)", fname, min);
    jl_argument_error(buf);
}

JL_DLLEXPORT void jl_too_many_args(const char *fname, int max)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s: too many arguments (expected %d)", fname, max);
    jl_argument_error(buf);
}

/* Text of an exception for C-level reporting, before `showerror` exists in the language. */
JL_DLLEXPORT const char *jl_exception_message(jl_value_t *e)
{
    static char buf[1024];
    if (e == NULL)
        return "unknown exception";
    jl_value_t *t = jl_typeof(e);
    const char *tname = jl_typename_str(e);
    if (t == (jl_value_t *)jl_errorexception_type) {
        jl_value_t *msg = jl_get_nth_field(e, 0);
        if (jl_is_string(msg))
            return jl_string_data(msg);
    }
    if (t == (jl_value_t *)jl_argumenterror_type) {
        jl_value_t *msg = jl_get_nth_field(e, 0);
        snprintf(buf, sizeof buf, "ArgumentError: %s", jl_is_string(msg) ? jl_string_data(msg) : "");
        return buf;
    }
    if (t == (jl_value_t *)jl_undefvarerror_type) {
        snprintf(buf, sizeof buf, "UndefVarError: `%s` not defined",
                 jl_symbol_name((jl_sym_t *)jl_get_nth_field(e, 0)));
        return buf;
    }
    snprintf(buf, sizeof buf, "%s", tname);
    return buf;
}
