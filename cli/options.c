/*
 * options.c -- the command line of `julep`: switches into a jl_options_t, the --help texts, and the
 * "not yet supported" warnings. Parsing follows `julia` 1.10 (see options.h); messages name julep.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"

/* ---------------------------------------------------------------- help texts */

static const char help_main[] =
    "Usage: julep [switches] -- [programfile] [args...]\n"
    "\n"
    "Switches (a '*' marks the default value; settings marked '($)' may cause packages to be\n"
    "precompiled again):\n"
    "\n"
    " Switch                                 Description\n"
    " ---------------------------------------------------------------------------------------------------\n"
    " -v, --version                          Print the version and exit\n"
    " -h, --help                             Print this list of switches and exit\n"
    " --help-hidden                          Print the uncommon switches that `-h` leaves out\n"
    "\n"
    " --project[={<dir>|@.}]                 Use <dir> as the active project (environment); `@.`, the\n"
    "                                        default, looks for a Project.toml or JuliaProject.toml in\n"
    "                                        the current directory and its parents\n"
    " -J, --sysimage <file>                  Start from the system image <file>\n"
    " -H, --home <dir>                       Directory of the `julep` executable\n"
    " --startup-file={yes*|no}               Load `~/.julia/config/startup.jl` (under `JULIA_DEPOT_PATH`\n"
    "                                        when that is set)\n"
    " --handle-signals={yes*|no}             Install julep's signal handlers or keep the default ones\n"
    " --sysimage-native-code={yes*|no}       Run the native code stored in the system image, when there\n"
    "                                        is some\n"
    " --compiled-modules={yes*|no}           Use and write caches of precompiled modules\n"
    " --pkgimages={yes*|no|existing}         Keep native code in package images; `existing` uses the\n"
    "                                        images already built but writes no new ones ($)\n"
    "\n"
    " -e, --eval <expr>                      Evaluate <expr>\n"
    " -E, --print <expr>                     Evaluate <expr> and show its value\n"
    " -L, --load <file>                      Load <file> at once, on every process\n"
    "\n"
    " -t, --threads {auto|N[,auto|M]}        Run N threads in the `default` pool and M in the\n"
    "                                        `interactive` pool; `auto` takes the number of CPUs this\n"
    "                                        process may use (and 1 interactive thread)\n"
    " --gcthreads=N[,M]                      Use N threads to mark and M (0 or 1) to sweep during garbage\n"
    "                                        collection\n"
    " -p, --procs {N|auto}                   Start N more local worker processes; `auto` starts one per\n"
    "                                        logical CPU\n"
    " --machine-file <file>                  Start worker processes on the hosts listed in <file>\n"
    "\n"
    " -i, --interactive                      Interactive mode: the REPL runs and `isinteractive()` is\n"
    "                                        true\n"
    " -q, --quiet                            Quiet startup: no banner, fewer REPL warnings\n"
    " --banner={yes|no|auto*}                Show the startup banner or not\n"
    " --color={yes|no|auto*}                 Use colored text or not\n"
    " --history-file={yes*|no}               Load and save the REPL history\n"
    "\n"
    " --depwarn={yes|no*|error}              Warn about deprecated syntax and methods (`error` turns the\n"
    "                                        warnings into errors)\n"
    " --warn-overwrite={yes|no*}             Warn when a method definition overwrites another\n"
    " --warn-scope={yes*|no}                 Warn about ambiguous top-level scope\n"
    "\n"
    " -C, --cpu-target <target>              Use the CPU features of <target> only; `help` lists the\n"
    "                                        targets\n"
    " -O, --optimize={0|1|2*|3}              Optimization level (3 when `-O` comes without a level) ($)\n"
    " --min-optlevel={0*|1|2|3}              Lowest optimization level a module may ask for\n"
    " -g, --debug-info=[{0|1*|2}]            Amount of debug info to generate (2 when `-g` comes without\n"
    "                                        a level) ($)\n"
    " --inline={yes*|no}                     Allow inlining; `no` overrides @inline too\n"
    " --check-bounds={yes|no|auto*}          Check bounds always, never, or wherever @inbounds does not\n"
    "                                        say otherwise ($)\n"
    " --math-mode={ieee|fast}                Never or always allow unsafe floating-point optimizations\n"
    "                                        (overrides @fastmath)\n"
    "\n"
    " --code-coverage[={none*|user|all}]     Count how often each source line runs (`user` when no value\n"
    "                                        is given)\n"
    " --code-coverage=@<path>                Count only in the files under <path>; `@` alone means the\n"
    "                                        current directory\n"
    " --code-coverage=tracefile.info         Append the counts to an LCOV tracefile (the name may contain\n"
    "                                        format tokens)\n"
    " --track-allocation[={none*|user|all}]  Count the bytes each source line allocates (`user` when no\n"
    "                                        value is given)\n"
    " --track-allocation=@<path>             Count only in the files under <path>; `@` alone means the\n"
    "                                        current directory\n"
    " --bug-report=KIND                      Start a bug-report session with BugReporting.jl (a REPL, a\n"
    "                                        script or an expression); `--bug-report=help` tells more\n"
    " --heap-size-hint=<size>                Collect garbage eagerly once memory use exceeds <size>:\n"
    "                                        bytes, or a number with a unit (K, M, G, T) or % of physical\n"
    "                                        memory\n"
    "\n"
    "julep's own:\n"
    " --trace-startup[={stderr*|<path>}]     Print each step of the startup with its duration in\n"
    "                                        microseconds, to stderr or to the file <path>\n"
    "\n"
    "julep accepts every switch of julia 1.10; where one it does not support yet would change the\n"
    "outcome, it prints a warning on stderr.\n";

static const char help_hidden[] =
    "Usage: julep [switches] -- [programfile] [args...]\n"
    "\n"
    "Uncommon switches (a '*' marks the default value):\n"
    "\n"
    " Switch                                 Description\n"
    " ---------------------------------------------------------------------------------------------------\n"
    " --compile={yes*|no|all|min}            Use the JIT compiler; `all` compiles every method ahead,\n"
    "                                        `min` as little as possible (interprets)\n"
    "\n"
    " --output-o <name>                      Write an object file: a system image with its native code\n"
    " --output-ji <name>                     Write a system image data file (.ji)\n"
    " --strip-metadata                       Leave docstrings and source locations out of the image\n"
    " --strip-ir                             Leave the IR of compiled functions out of the image\n"
    "\n"
    " --output-unopt-bc <name>               Write LLVM bitcode before optimization (.bc)\n"
    " --output-bc <name>                     Write LLVM bitcode (.bc)\n"
    " --output-asm <name>                    Write an assembly file (.s)\n"
    " --output-incremental={yes|no*}         Write an incremental image instead of a complete one\n"
    " --trace-compile={stderr|name}          Print a precompile statement for each method compiled while\n"
    "                                        running, to stderr or the file <name>\n"
    " --image-codegen                        Generate code in imaging mode even when writing no image\n"
    " --permalloc-pkgimg={yes|no*}           Copy the data of package images into memory instead of\n"
    "                                        mapping them\n";


const char *jl_help_text(int hidden)
{
    return hidden ? help_hidden : help_main;
}

/* ---------------------------------------------------------------- switch table */

enum {
    opt_help_hidden = 300, opt_banner, opt_sysimage_native_code, opt_compiled_modules, opt_pkgimages,
    opt_gcthreads, opt_machine_file, opt_project, opt_color, opt_history_file, opt_startup_file,
    opt_compile, opt_code_coverage, opt_track_allocation, opt_min_optlevel, opt_check_bounds,
    opt_output_bc, opt_output_unopt_bc, opt_output_o, opt_output_asm, opt_output_ji, opt_incremental,
    opt_depwarn, opt_warn_overwrite, opt_warn_scope, opt_inline, opt_polly, opt_trace_compile,
    opt_math_mode, opt_handle_signals, opt_worker, opt_bind_to, opt_image_codegen, opt_rr_detach,
    opt_strip_metadata, opt_strip_ir, opt_permalloc_pkgimg, opt_heap_size_hint, opt_bug_report,
    opt_trace_startup,
};

/* '+': switches end at the first non-switch argument. The letters with ':' take a value; -O and -g
   may also come bare (at the end of the line), like julia's. */
static const char shortopts[] = "+vhqiH:e:E:L:J:C:t:p:O:g:";

static const struct option longopts[] = {
    {"version", no_argument, 0, 'v'},
    {"help", no_argument, 0, 'h'},
    {"help-hidden", no_argument, 0, opt_help_hidden},
    {"interactive", no_argument, 0, 'i'},
    {"quiet", no_argument, 0, 'q'},
    {"banner", required_argument, 0, opt_banner},
    {"home", required_argument, 0, 'H'},
    {"eval", required_argument, 0, 'e'},
    {"print", required_argument, 0, 'E'},
    {"load", required_argument, 0, 'L'},
    {"bug-report", required_argument, 0, opt_bug_report},
    {"sysimage", required_argument, 0, 'J'},
    {"sysimage-native-code", required_argument, 0, opt_sysimage_native_code},
    {"compiled-modules", required_argument, 0, opt_compiled_modules},
    {"pkgimages", required_argument, 0, opt_pkgimages},
    {"cpu-target", required_argument, 0, 'C'},
    {"procs", required_argument, 0, 'p'},
    {"threads", required_argument, 0, 't'},
    {"gcthreads", required_argument, 0, opt_gcthreads},
    {"machine-file", required_argument, 0, opt_machine_file},
    {"project", optional_argument, 0, opt_project},
    {"color", required_argument, 0, opt_color},
    {"history-file", required_argument, 0, opt_history_file},
    {"startup-file", required_argument, 0, opt_startup_file},
    {"compile", required_argument, 0, opt_compile},
    {"code-coverage", optional_argument, 0, opt_code_coverage},
    {"track-allocation", optional_argument, 0, opt_track_allocation},
    {"optimize", optional_argument, 0, 'O'},
    {"min-optlevel", optional_argument, 0, opt_min_optlevel},
    {"debug-info", optional_argument, 0, 'g'},
    {"check-bounds", required_argument, 0, opt_check_bounds},
    {"output-bc", required_argument, 0, opt_output_bc},
    {"output-unopt-bc", required_argument, 0, opt_output_unopt_bc},
    {"output-o", required_argument, 0, opt_output_o},
    {"output-asm", required_argument, 0, opt_output_asm},
    {"output-ji", required_argument, 0, opt_output_ji},
    {"output-incremental", required_argument, 0, opt_incremental},
    {"depwarn", required_argument, 0, opt_depwarn},
    {"warn-overwrite", required_argument, 0, opt_warn_overwrite},
    {"warn-scope", required_argument, 0, opt_warn_scope},
    {"inline", required_argument, 0, opt_inline},
    {"polly", required_argument, 0, opt_polly},
    {"trace-compile", required_argument, 0, opt_trace_compile},
    {"math-mode", required_argument, 0, opt_math_mode},
    {"handle-signals", required_argument, 0, opt_handle_signals},
    /* hidden */
    {"worker", optional_argument, 0, opt_worker},
    {"bind-to", required_argument, 0, opt_bind_to},
    {"image-codegen", no_argument, 0, opt_image_codegen},
    {"rr-detach", no_argument, 0, opt_rr_detach},
    {"strip-metadata", no_argument, 0, opt_strip_metadata},
    {"strip-ir", no_argument, 0, opt_strip_ir},
    {"permalloc-pkgimg", required_argument, 0, opt_permalloc_pkgimg},
    {"heap-size-hint", required_argument, 0, opt_heap_size_hint},
    /* julep's own */
    {"trace-startup", optional_argument, 0, opt_trace_startup},
    {0, 0, 0, 0},
};

/* ---------------------------------------------------------------- enumerated values */

typedef struct {
    const char *name;
    int8_t value;
} choice_t;

#define CHOICES_END {NULL, 0}
static const choice_t yes_no[] = {{"yes", 1}, {"no", 0}, CHOICES_END};
static const choice_t yes_no_auto[] = {{"yes", 1}, {"no", 0}, {"auto", JL_OPTIONS_DEFAULT}, CHOICES_END};
static const choice_t startup_choices[] = {
    {"yes", JL_OPTIONS_STARTUPFILE_ON}, {"no", JL_OPTIONS_STARTUPFILE_OFF}, CHOICES_END};
static const choice_t pkgimages_choices[] = {
    {"yes", JL_OPTIONS_PKGIMAGES_YES}, {"no", JL_OPTIONS_PKGIMAGES_NO},
    {"existing", JL_OPTIONS_PKGIMAGES_EXISTING}, CHOICES_END};
static const choice_t compile_choices[] = {
    {"yes", JL_OPTIONS_COMPILE_YES}, {"no", JL_OPTIONS_COMPILE_NO}, {"all", JL_OPTIONS_COMPILE_ALL},
    {"min", JL_OPTIONS_COMPILE_MIN}, CHOICES_END};
static const choice_t bounds_choices[] = {
    {"yes", JL_OPTIONS_CHECK_BOUNDS_ON}, {"no", JL_OPTIONS_CHECK_BOUNDS_OFF},
    {"auto", JL_OPTIONS_CHECK_BOUNDS_DEFAULT}, CHOICES_END};
static const choice_t depwarn_choices[] = {
    {"yes", 1}, {"no", 0}, {"error", JL_OPTIONS_DEPWARN_ERROR}, CHOICES_END};
static const choice_t math_choices[] = {
    {"ieee", JL_OPTIONS_FAST_MATH_OFF}, {"fast", JL_OPTIONS_FAST_MATH_ON},
    {"user", JL_OPTIONS_FAST_MATH_DEFAULT}, CHOICES_END};
static const choice_t level3_choices[] = {{"0", 0}, {"1", 1}, {"2", 2}, {"3", 3}, CHOICES_END};
static const choice_t level2_choices[] = {{"0", 0}, {"1", 1}, {"2", 2}, CHOICES_END};

/* A switch whose value is one of a few words, stored in an int8_t field of jl_options_t. */
typedef struct {
    int id;
    size_t offset;
    const choice_t *choices;
    int bare;               /* value when given without one (optional argument), or -2: required */
    const char *spelling;   /* the switch as error messages name it */
} enum_opt_t;

#define FIELD(f) offsetof(jl_options_t, f)
#define REQUIRED (-2)
static const enum_opt_t enum_opts[] = {
    {opt_banner, FIELD(banner), yes_no_auto, REQUIRED, "--banner={yes|no|auto}"},
    {opt_sysimage_native_code, FIELD(use_sysimage_native_code), yes_no, REQUIRED,
     "--sysimage-native-code={yes|no}"},
    {opt_compiled_modules, FIELD(use_compiled_modules), yes_no, REQUIRED, "--compiled-modules={yes|no}"},
    {opt_pkgimages, FIELD(use_pkgimages), pkgimages_choices, REQUIRED, "--pkgimages={yes|no|existing}"},
    {opt_color, FIELD(color), yes_no_auto, REQUIRED, "--color={yes|no|auto}"},
    {opt_history_file, FIELD(historyfile), yes_no, REQUIRED, "--history-file={yes|no}"},
    {opt_startup_file, FIELD(startupfile), startup_choices, REQUIRED, "--startup-file={yes|no}"},
    {opt_compile, FIELD(compile_enabled), compile_choices, REQUIRED, "--compile={yes|no|all|min}"},
    {'O', FIELD(opt_level), level3_choices, 3, "-O/--optimize={0|1|2|3}"},
    {opt_min_optlevel, FIELD(opt_level_min), level3_choices, 0, "--min-optlevel={0|1|2|3}"},
    {'g', FIELD(debug_level), level2_choices, 2, "-g/--debug-info={0|1|2}"},
    {opt_check_bounds, FIELD(check_bounds), bounds_choices, REQUIRED, "--check-bounds={yes|no|auto}"},
    {opt_incremental, FIELD(incremental), yes_no, REQUIRED, "--output-incremental={yes|no}"},
    {opt_depwarn, FIELD(depwarn), depwarn_choices, REQUIRED, "--depwarn={yes|no|error}"},
    {opt_warn_overwrite, FIELD(warn_overwrite), yes_no, REQUIRED, "--warn-overwrite={yes|no}"},
    {opt_warn_scope, FIELD(warn_scope), yes_no, REQUIRED, "--warn-scope={yes|no}"},
    {opt_inline, FIELD(can_inline), yes_no, REQUIRED, "--inline={yes|no}"},
    {opt_polly, FIELD(polly), yes_no, REQUIRED, "--polly={yes|no}"},
    {opt_math_mode, FIELD(fast_math), math_choices, REQUIRED, "--math-mode={ieee|fast}"},
    {opt_handle_signals, FIELD(handle_signals), yes_no, REQUIRED, "--handle-signals={yes|no}"},
    {opt_permalloc_pkgimg, FIELD(permalloc_pkgimg), yes_no, REQUIRED, "--permalloc-pkgimg={yes|no}"},
    {0, 0, NULL, 0, NULL},
};

/* ---------------------------------------------------------------- helpers */

static int fail(char **errmsg, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char **errmsg, const char *fmt, ...)
{
    va_list ap;
    char *body = NULL, *msg = NULL;
    va_start(ap, fmt);
    if (vasprintf(&body, fmt, ap) < 0)
        body = NULL;
    va_end(ap);
    if (body == NULL || asprintf(&msg, "julep: %s", body) < 0)
        msg = NULL;
    free(body);
    if (errmsg != NULL)
        *errmsg = msg;
    else
        free(msg);
    return JL_PARSE_ERROR;
}

static const enum_opt_t *find_enum_opt(int id)
{
    for (const enum_opt_t *e = enum_opts; e->spelling != NULL; e++)
        if (e->id == id)
            return e;
    return NULL;
}

static int set_enum_opt(const enum_opt_t *e, const char *arg, jl_options_t *o, char **errmsg)
{
    int8_t *field = (int8_t *)((char *)o + e->offset);
    if (arg == NULL) {
        *field = (int8_t)e->bare;
        return JL_PARSE_OK;
    }
    for (const choice_t *c = e->choices; c->name != NULL; c++) {
        if (strcmp(arg, c->name) == 0) {
            *field = c->value;
            return JL_PARSE_OK;
        }
    }
    return fail(errmsg, "invalid argument to %s (%s)", e->spelling, arg);
}

/* strtol over the whole string; 0 when it is not a number in [lo, hi] */
static int parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno != 0 || end == s || *end != '\0' || v < lo || v > hi)
        return 0;
    *out = v;
    return 1;
}

static void push_cmd(jl_options_t *o, char kind, const char *arg)
{
    size_t n = strlen(arg);
    char *s = malloc(n + 2);
    const char **cmds = realloc((void *)o->cmds, (size_t)(o->ncmds + 2) * sizeof(char *));
    if (s == NULL || cmds == NULL) {
        perror("julep");
        exit(1);
    }
    s[0] = kind;
    memcpy(s + 1, arg, n + 1);
    cmds[o->ncmds++] = s;
    cmds[o->ncmds] = NULL;
    o->cmds = cmds;
}

/* -t/--threads {auto|N[,auto|M]} */
static int parse_threads(const char *arg, jl_options_t *o, char **errmsg)
{
    const char *comma = strchr(arg, ',');
    size_t n = comma ? (size_t)(comma - arg) : strlen(arg);
    long nthreads = -1, ninteractive = 0;
    char first[32];
    if (n >= sizeof(first))
        return fail(errmsg, "-t,--threads=<n>[,auto|<m>]; n must be an integer >= 1");
    memcpy(first, arg, n);
    first[n] = '\0';
    if (strcmp(first, "auto") != 0 && !parse_int(first, 1, INT16_MAX - 1, &nthreads))
        return fail(errmsg, "-t,--threads=<n>[,auto|<m>]; n must be an integer >= 1");
    if (comma != NULL) {
        if (strcmp(comma + 1, "auto") == 0)
            ninteractive = 1;
        else if (!parse_int(comma + 1, 1, INT16_MAX - 1, &ninteractive))
            return fail(errmsg, "-t,--threads=<n>,<m>; n and m must be integers >= 1");
    }
    o->nthreads = (int)nthreads;
    o->nthreads_interactive = (int)ninteractive;
    return JL_PARSE_OK;
}

/* --gcthreads=N[,M] */
static int parse_gcthreads(const char *arg, jl_options_t *o, char **errmsg)
{
    char *end;
    errno = 0;
    long nmark = strtol(arg, &end, 10);
    if (errno != 0 || end == arg || nmark < 1 || nmark >= INT16_MAX || (*end != '\0' && *end != ','))
        return fail(errmsg, "--gcthreads=<n>[,<m>]; n must be an integer >= 1");
    long nsweep = 0;
    if (*end == ',' && !parse_int(end + 1, 0, 1, &nsweep))
        return fail(errmsg, "--gcthreads=<n>,<m>; m must be 0 or 1");
    o->nmarkthreads = (int)nmark;
    o->nsweepthreads = (int)nsweep;
    return JL_PARSE_OK;
}

/* --heap-size-hint=<size>: bytes, or a number with a unit: K, M, G or T (each optionally followed by
   B), B, or % of physical memory. */
static int parse_heap_size(const char *arg, jl_options_t *o, char **errmsg)
{
    static const char units[] = "bkmgt";
    char *end;
    errno = 0;
    double v = strtod(arg, &end), mult = 1;
    const char *u = strchr(units, *end | 0x20); /* ASCII lower case; NUL and '%' stay themselves */
    if (*end == '%') {
        mult = v <= 100 ? (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE) / 100 : 0;
        end++;
    }
    else if (*end != '\0' && u != NULL && *u != '\0') {
        for (const char *k = units + 1; k <= u; k++)
            mult *= 1024;
        end++;
        if (*u != 'b' && (*end | 0x20) == 'b')
            end++;
    }
    double bytes = v * mult;
    if (errno != 0 || end == arg || *end != '\0' || !(bytes >= 1 && bytes < 9.2e18))
        return fail(errmsg, "invalid argument to --heap-size-hint=<size> (%s)", arg);
    o->heap_size_hint = (int64_t)bytes;
    return JL_PARSE_OK;
}

/* --code-coverage[=...] and --track-allocation[=...] */
static int parse_log(const char *arg, int allow_info, int8_t *field, jl_options_t *o, char **errmsg)
{
    size_t n = arg ? strlen(arg) : 0;
    if (arg == NULL || strcmp(arg, "user") == 0)
        *field = JL_LOG_USER;
    else if (strcmp(arg, "all") == 0)
        *field = JL_LOG_ALL;
    else if (strcmp(arg, "none") == 0)
        *field = JL_LOG_NONE;
    else if (arg[0] == '@') {
        *field = JL_LOG_PATH;
        o->tracked_path = arg + 1;
    }
    else if (allow_info && n > 5 && strcmp(arg + n - 5, ".info") == 0) {
        if (*field == JL_LOG_NONE)
            *field = JL_LOG_ALL;
        o->output_code_coverage = arg;
    }
    else
        return fail(errmsg, "invalid argument to %s (%s)",
                    allow_info ? "--code-coverage={none|user|all}" : "--track-allocation={none|user|all}",
                    arg);
    return JL_PARSE_OK;
}

/* An output switch: julia starts without the default system image when writing one (unless -J). */
static void set_output(const char **field, const char *arg, jl_options_t *o)
{
    *field = arg;
    if (!o->image_file_specified)
        o->image_file = NULL;
}

/* getopt reported a problem with argv[lastind]: a missing or unexpected value or an unknown switch.
   Returns the switch to handle with no value when the value is optional, or -1 with *errmsg set. */
static int bad_switch(char **argv, int lastind, char **errmsg)
{
    if (optopt == 0) {
        fail(errmsg, "unknown option `%s`", argv[lastind]);
        return -1;
    }
    for (const struct option *lo = longopts; lo->name != NULL; lo++) {
        if (lo->val != optopt)
            continue;
        if (lo->has_arg == optional_argument)
            return lo->val;
        const char *problem = lo->has_arg ? "is missing an argument" : "does not accept an argument";
        if (lo->val < 128 && strchr(shortopts, lo->val))
            fail(errmsg, "option `-%c/--%s` %s", lo->val, lo->name, problem);
        else
            fail(errmsg, "option `--%s` %s", lo->name, problem);
        return -1;
    }
    fail(errmsg, "unknown option `-%c`", optopt);
    return -1;
}

/* ---------------------------------------------------------------- the parser */

/* One switch `c` with its value `arg` (NULL when none was given). */
static int handle_switch(int c, const char *arg, jl_options_t *o, char **errmsg)
{
    const enum_opt_t *e = find_enum_opt(c);
    long n;
    if (e != NULL)
        return set_enum_opt(e, arg, o, errmsg);
    switch (c) {
    case 'v': return JL_PARSE_VERSION;
    case 'h': return JL_PARSE_HELP;
    case opt_help_hidden: return JL_PARSE_HELP_HIDDEN;
    case 'i': o->isinteractive = 1; break;
    case 'q':
        o->quiet = 1;
        if (o->banner == JL_OPTIONS_BANNER_DEFAULT)
            o->banner = JL_OPTIONS_NO;
        break;
    case 'H': o->julep_bindir = arg; break;
    case 'e': case 'E': push_cmd(o, (char)c, arg); break;
    case 'L':
        push_cmd(o, 'L', arg);
        o->load = arg;
        break;
    case 'J':
        o->image_file = arg;
        o->image_file_specified = 1;
        break;
    case 'C': o->cpu_target = arg; break;
    case 't': return parse_threads(arg, o, errmsg);
    case opt_gcthreads: return parse_gcthreads(arg, o, errmsg);
    case 'p':
        if (strcmp(arg, "auto") == 0)
            o->nprocs = -1;
        else if (parse_int(arg, 1, INT16_MAX - 1, &n))
            o->nprocs = (int)n;
        else
            return fail(errmsg, "-p,--procs=<n> must be an integer >= 1");
        break;
    case opt_machine_file: o->machine_file = arg; break;
    case opt_project: o->project = arg ? arg : "@."; break;
    case opt_code_coverage: return parse_log(arg, 1, &o->code_coverage, o, errmsg);
    case opt_track_allocation: return parse_log(arg, 0, &o->malloc_log, o, errmsg);
    case opt_output_bc: set_output(&o->outputbc, arg, o); break;
    case opt_output_unopt_bc: set_output(&o->outputunoptbc, arg, o); break;
    case opt_output_o: set_output(&o->outputo, arg, o); break;
    case opt_output_asm: set_output(&o->outputasm, arg, o); break;
    case opt_output_ji: set_output(&o->outputji, arg, o); break;
    case opt_trace_compile: o->trace_compile = arg; break;
    case opt_worker:
        o->worker = 1;
        o->cookie = arg;
        break;
    case opt_bind_to: o->bindto = arg; break;
    case opt_image_codegen: o->image_codegen = 1; break;
    case opt_rr_detach: break; /* julep never runs under rr's control: nothing to detach */
    case opt_strip_metadata: o->strip_metadata = 1; break;
    case opt_strip_ir: o->strip_ir = 1; break;
    case opt_heap_size_hint: return parse_heap_size(arg, o, errmsg);
    case opt_bug_report: o->bug_report = arg; break;
    case opt_trace_startup:
        if (arg != NULL && arg[0] == '\0')
            return fail(errmsg, "invalid argument to --trace-startup={stderr|<path>} ()");
        o->trace_startup = arg ? arg : "stderr";
        break;
    default:
        return fail(errmsg, "unhandled option -- %c (a bug in julep's option table)", c);
    }
    return JL_PARSE_OK;
}

/* After the switches: the program file (unless -e/-E was given) and its arguments. */
static void set_program(int argc, char **argv, jl_options_t *o)
{
    int evals = 0;
    for (int i = 0; i < o->ncmds; i++)
        evals |= o->cmds[i][0] == 'e' || o->cmds[i][0] == 'E';
    o->programfile = NULL;
    if (!evals && argc > 0) {
        o->programfile = argv[0];
        argc--;
        argv++;
    }
    o->args = (const char **)argv;
    o->nargs = argc;
}

int jl_parse_opts(int *argcp, char ***argvp, jl_options_t *o, char **errmsg)
{
    int argc = *argcp;
    char **argv = *argvp;
    if (errmsg != NULL)
        *errmsg = NULL;
    optind = 0; /* glibc: start over, forgetting any earlier scan */
    opterr = 0; /* the messages are ours */
    for (;;) {
        int lastind = optind == 0 ? 1 : optind;
        int c = getopt_long(argc, argv, shortopts, longopts, NULL);
        if (c == -1)
            break;
        const char *arg = optarg;
        if (c == '?' || c == ':') {
            c = bad_switch(argv, lastind, errmsg);
            if (c < 0)
                return JL_PARSE_ERROR;
            arg = NULL;
        }
        int r = handle_switch(c, arg, o, errmsg);
        if (r != JL_PARSE_OK)
            return r;
    }
    int used = optind < argc ? optind : argc;
    *argcp = argc - used;
    *argvp = argv + used;
    set_program(*argcp, *argvp, o);
    return JL_PARSE_OK;
}

/* ---------------------------------------------------------------- unsupported options */

static int warn(FILE *err, const char *name)
{
    fprintf(err, "julep: warning: %s is not yet supported\n", name);
    return 1;
}

int jl_options_warn_unsupported(const jl_options_t *o, FILE *err)
{
    int n = 0;
    int auto_is_one = o->nthreads == -1 && sysconf(_SC_NPROCESSORS_ONLN) == 1;
    if ((o->nthreads != 1 && !auto_is_one) || o->nthreads_interactive > 0)
        n += warn(err, "--threads");
    if (o->nmarkthreads != 0 || o->nsweepthreads != 0)
        n += warn(err, "--gcthreads");
    if (o->nprocs != 0)
        n += warn(err, "--procs");
    if (o->machine_file != NULL)
        n += warn(err, "--machine-file");
    if (o->worker || o->bindto != NULL)
        n += warn(err, o->worker ? "--worker" : "--bind-to");
    if (o->project != NULL)
        n += warn(err, "--project");
    if (o->code_coverage != JL_LOG_NONE)
        n += warn(err, "--code-coverage");
    if (o->malloc_log != JL_LOG_NONE)
        n += warn(err, "--track-allocation");
    if (o->bug_report != NULL)
        n += warn(err, "--bug-report");
    if (o->heap_size_hint != 0)
        n += warn(err, "--heap-size-hint");
    if (o->fast_math == JL_OPTIONS_FAST_MATH_ON)
        n += warn(err, "--math-mode=fast");
    if (o->incremental == JL_OPTIONS_YES) /* julep writes complete images only (=no, the default) */
        n += warn(err, "--output-incremental=yes");
    if (o->outputasm != NULL)
        n += warn(err, "--output-asm");
    return n;
}
