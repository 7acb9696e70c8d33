/*
 * task.c -- tasks. For now only the root task: a Task object describing the main thread's own stack,
 * which `jl_current_task` points to. Other tasks (own stacks, switching with GC_set_stackbottom and a
 * push-other-roots callback, FINDINGS.md) come with the scheduler.
 */
#include "julep_internal.h"

JL_DLLEXPORT jl_task_t *jl_root_task;
JL_DLLEXPORT __thread jl_task_t *jl_current_task;

void jl_init_root_task(void *stack_base)
{
    jl_task_t *t = (jl_task_t *)jl_gc_alloc(sizeof(jl_task_t), (jl_value_t *)jl_task_type);
    t->stack_base = stack_base;
    t->stack_size = 0; /* the main thread's stack: limit comes from the OS (ulimit -s) */
    t->tls = jl_nothing;
    t->start = jl_nothing;
    t->result = jl_nothing;
    t->state = JL_TASK_RUNNABLE;
    jl_root_task = t;
    jl_current_task = t;
    jl_gc_add_root((jl_value_t *)t); /* a TLS variable is not a GC root */
}

JL_DLLEXPORT jl_task_t *jl_get_current_task(void)
{
    return jl_current_task;
}
