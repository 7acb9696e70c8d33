/*
 * jloptions.c -- the process's options (`jl_options`) and their defaults.
 *
 * The defaults are those of `julia` started with no arguments. cli/ parses the command line into a
 * `jl_options_t` filled by `jl_options_default`; `jl_init` copies it into `jl_options`.
 */
#include <string.h>

#include "jloptions.h"

jl_options_t jl_options; /* exported: declared with default visibility in jloptions.h */

void jl_options_default(jl_options_t *o)
{
    memset(o, 0, sizeof(*o));
    o->quiet = 0;
    o->banner = JL_OPTIONS_BANNER_DEFAULT;        /* shown when the REPL runs on a terminal */
    o->image_file = NULL;                         /* NULL: the default sysimage next to the binary */
    o->startupfile = JL_OPTIONS_STARTUPFILE_ON;
    o->compile_enabled = JL_OPTIONS_COMPILE_YES;
    o->opt_level = 2;
    o->opt_level_min = 0;
#ifdef JL_NDEBUG
    o->debug_level = 1;
#else
    o->debug_level = 2;                           /* like julia-debug */
#endif
    o->check_bounds = JL_OPTIONS_CHECK_BOUNDS_DEFAULT;
    o->depwarn = JL_OPTIONS_NO;
    o->warn_overwrite = JL_OPTIONS_NO;
    o->warn_scope = JL_OPTIONS_YES;
    o->can_inline = JL_OPTIONS_YES;
    o->polly = JL_OPTIONS_YES;
    o->fast_math = JL_OPTIONS_FAST_MATH_DEFAULT;
    o->color = JL_OPTIONS_DEFAULT;                /* auto: color on a terminal */
    o->historyfile = JL_OPTIONS_YES;
    o->handle_signals = JL_OPTIONS_YES;
    o->use_sysimage_native_code = JL_OPTIONS_YES;
    o->use_compiled_modules = JL_OPTIONS_YES;
    o->use_pkgimages = JL_OPTIONS_PKGIMAGES_YES;
    o->permalloc_pkgimg = JL_OPTIONS_NO;
    o->image_codegen = JL_OPTIONS_NO;
    o->incremental = JL_OPTIONS_NO;
    o->code_coverage = JL_LOG_NONE;
    o->malloc_log = JL_LOG_NONE;
    o->heap_size_hint = 0;
    o->cpu_target = NULL;                         /* NULL: "native" */
    o->nthreads = 1;
    o->nprocs = 0;
}
