/*
 * task.c -- tasks. For now only the root task: a Task object describing the main thread's own stack,
 * which `jl_current_task` points to. Other tasks (own stacks, switching with GC_set_stackbottom and a
 * push-other-roots callback, FINDINGS.md) come with the scheduler.
 */
#include "julep_internal.h"

JL_DLLEXPORT jl_task_t *jl_root_task;
JL_DLLEXPORT __thread jl_task_t *jl_current_task JL_TLS_IE;
JL_DLLEXPORT intptr_t jl_tls_task_offset;

static void init_tls_task_offset(void)
{
#if defined(__x86_64__) && defined(__linux__)
    char *tp; /* %fs:0 holds the thread pointer itself (the TCB's self pointer, x86-64 TLS ABI) */
    __asm__("movq %%fs:0, %0" : "=r"(tp));
    jl_tls_task_offset = (char *)&jl_current_task - tp;
#endif
}

void jl_init_root_task(void *stack_base)
{
    init_tls_task_offset();
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
