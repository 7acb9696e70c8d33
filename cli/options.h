/*
 * options.h -- the command line of the `julep` executable.
 *
 * `jl_parse_opts` reads `julep [switches] -- [programfile] [args...]` into a `jl_options_t` the way
 * `julia` 1.10 does: getopt_long rules (short switches may be combined, `-O3`/`-O 3`, long options as
 * `--opt=val` or `--opt val` where the value is required, unambiguous prefixes of long names), switches
 * end at the first argument that is not one or at `--`. It neither prints nor exits, so it can be tested
 * and reused; the caller acts on its result.
 */
#ifndef JL_CLI_OPTIONS_H
#define JL_CLI_OPTIONS_H

#include <stdio.h>

#include "jloptions.h"

/* results of jl_parse_opts */
#define JL_PARSE_OK 0          /* run on: *argc, *argv hold what follows the switches */
#define JL_PARSE_ERROR 1       /* *errmsg holds the message (malloc'd, no newline); exit status 1 */
#define JL_PARSE_VERSION 2     /* -v/--version: print the version, exit 0 */
#define JL_PARSE_HELP 3        /* -h/--help: print jl_help_text(0), exit 0 */
#define JL_PARSE_HELP_HIDDEN 4 /* --help-hidden: print jl_help_text(1), exit 0 */

/* Parse the switches of argv[1..argc-1] into `o` (which the caller filled with jl_options_default).
   On JL_PARSE_OK, *argc and *argv are advanced past the program name and the switches, and
   o->programfile / o->args / o->nargs are set: with no -e/-E, the first remaining argument is the
   program file and the rest are its ARGS; with -e or -E, all remaining arguments are ARGS.
   -e/-E/-L are recorded in o->cmds in command-line order, each string prefixed by its kind letter.
   Not reentrant (getopt's state is global). */
int jl_parse_opts(int *argc, char ***argv, jl_options_t *o, char **errmsg);

/* The usage text of --help (hidden = 0) or --help-hidden (hidden = 1). */
const char *jl_help_text(int hidden);

/* Print "julep: warning: --X is not yet supported" on `err` for every option in `o` whose value would
   make julia behave differently from what julep does now; no-op values stay silent. Returns the number
   of warnings. */
int jl_options_warn_unsupported(const jl_options_t *o, FILE *err);

#endif
