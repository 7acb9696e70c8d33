/*
 * jloptions.h -- the options of a julep process (`jl_options_t`), filled by cli/ from the command line
 * or by an embedder before `jl_init`. Defaults come from `jl_options_default`.
 *
 * Every option of `julia --help` (1.10) that julep knows has a field here, even when julep does not act
 * on it yet; cli/ reports "not yet supported" only when an unsupported value would change behaviour.
 */
#ifndef JL_OPTIONS_H
#define JL_OPTIONS_H

#include <stdint.h>

/* values of the tri-state and enumerated options */
#define JL_OPTIONS_NO 0
#define JL_OPTIONS_YES 1
#define JL_OPTIONS_DEFAULT (-1)     /* unset: julep decides (e.g. color on a terminal) */

#define JL_OPTIONS_COMPILE_NO 0
#define JL_OPTIONS_COMPILE_YES 1
#define JL_OPTIONS_COMPILE_ALL 2
#define JL_OPTIONS_COMPILE_MIN 3

#define JL_OPTIONS_CHECK_BOUNDS_DEFAULT 0
#define JL_OPTIONS_CHECK_BOUNDS_ON 1
#define JL_OPTIONS_CHECK_BOUNDS_OFF 2

#define JL_OPTIONS_PKGIMAGES_NO 0
#define JL_OPTIONS_PKGIMAGES_YES 1
#define JL_OPTIONS_PKGIMAGES_EXISTING 2

#define JL_OPTIONS_STARTUPFILE_ON 1
#define JL_OPTIONS_STARTUPFILE_OFF 2

#define JL_OPTIONS_BANNER_DEFAULT (-1)

typedef struct jl_options_t {
    int8_t quiet;                 /* -q */
    int8_t banner;                /* --banner={yes|no|auto} */
    const char *julep_bindir;     /* directory of the executable */
    const char *julep_bin;        /* path of the executable */
    const char **cmds;            /* -e/-E/-L in order; each prefixed by its kind: 'e', 'E' or 'L' */
    int ncmds;
    const char *image_file;       /* -J/--sysimage */
    int8_t image_file_specified;
    const char *project;          /* --project */
    const char *load;             /* last -L (also in cmds) */
    int8_t startupfile;           /* --startup-file */
    int8_t compile_enabled;       /* --compile */
    int8_t opt_level;             /* -O */
    int8_t opt_level_min;         /* --min-optlevel */
    int8_t debug_level;           /* -g */
    int8_t check_bounds;          /* --check-bounds */
    int8_t depwarn;               /* --depwarn */
    int8_t warn_overwrite;        /* --warn-overwrite */
    int8_t can_inline;            /* --inline */
    int8_t polly;
    int8_t fast_math;             /* --math-mode=fast */
    int8_t color;                 /* --color */
    int8_t historyfile;           /* --history-file */
    int8_t handle_signals;        /* --handle-signals */
    int8_t use_sysimage_native_code; /* --sysimage-native-code */
    int8_t use_compiled_modules;  /* --compiled-modules */
    int8_t use_pkgimages;         /* --pkgimages */
    int8_t permalloc_pkgimg;      /* --permalloc-pkgimg */
    int8_t image_codegen;         /* --image-codegen */
    int8_t incremental;           /* --output-incremental */
    int8_t isinteractive;         /* -i */
    int8_t worker;
    int8_t code_coverage;
    int8_t malloc_log;
    int8_t strip_metadata;
    int8_t strip_ir;
    int8_t warn_scope;
    int64_t heap_size_hint;       /* --heap-size-hint, bytes (0 = none) */
    const char *cpu_target;       /* -C */
    int nthreads;                 /* -t: threads in the default pool (1 by default, -1 = auto) */
    int nprocs;                   /* -p: extra worker processes (0 = none, -1 = auto) */
    const char *machine_file;
    const char *trace_compile;    /* --trace-compile: "stderr" or a path; NULL = off */
    const char *trace_startup;    /* --trace-startup: "stderr" or a path; NULL = off */
    const char *outputo;          /* --output-o */
    const char *outputji;         /* --output-ji */
    const char *outputbc;         /* --output-bc */
    const char *outputunoptbc;    /* --output-unopt-bc */
    const char *outputasm;        /* --output-asm */
    const char *output_code_coverage;
    const char *bug_report;
    const char *programfile;      /* the script, NULL for none ("-" reads stdin) */
    const char **args;            /* ARGS given after the script */
    int nargs;
    /* added by cli/ for options of julia 1.10 the fields above do not cover */
    int nthreads_interactive;     /* -t N,M: M threads in the interactive pool (0 = none) */
    int nmarkthreads;             /* --gcthreads=N (0 = runtime default) */
    int nsweepthreads;            /* --gcthreads=N,M: M (0 or 1) */
    const char *tracked_path;     /* --code-coverage=@path / --track-allocation=@path */
    const char *cookie;           /* --worker=<cookie> */
    const char *bindto;           /* --bind-to */
    uint64_t startup_t0_us;       /* jl_hrtime_us() when the process began parsing options (0 = unknown) */
} jl_options_t;

/* values of code_coverage and malloc_log */
#define JL_LOG_NONE 0
#define JL_LOG_USER 1
#define JL_LOG_ALL 2
#define JL_LOG_PATH 3

/* values of fast_math (--math-mode) */
#define JL_OPTIONS_FAST_MATH_DEFAULT (-1) /* user: respect @fastmath */
#define JL_OPTIONS_FAST_MATH_OFF 0        /* ieee */
#define JL_OPTIONS_FAST_MATH_ON 1         /* fast */

/* values of depwarn */
#define JL_OPTIONS_DEPWARN_ERROR 2

/* The process's options; jl_init copies the caller's options here. */
extern __attribute__((visibility("default"))) jl_options_t jl_options;

/* Fill `o` with julep's defaults (those of `julia` with no arguments). */
__attribute__((visibility("default"))) void jl_options_default(jl_options_t *o);

#endif
