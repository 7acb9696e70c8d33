/*
 * julep.c -- main of the `julep` executable: parse the switches, start the runtime (jl_init), run the
 * action julia would run (-e/-E/-L in order, then the program file, then the REPL when there was no
 * -e/-E/file or when -i was given), print uncaught errors as `ERROR: <message>` and exit 1 on one.
 *
 * The REPL reads complete inputs (lines are added while the parser says the input is incomplete) and
 * evaluates each as REPL[n], showing the result and keeping `ans`. With stdin not a terminal,
 * stdin is read as a program, as julia does.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "julep.h"
#include "julep_internal.h"
#include "iostream.h"
#include "options.h"
#include "toplevel.h"
#include "parser.h"

/* ---------------------------------------------------------------- where the executable lives */

static void find_self(jl_options_t *o, const char *argv0)
{
    static char path[PATH_MAX], dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
    if (n > 0)
        path[n] = '\0';
    else if (realpath(argv0, path) == NULL)
        snprintf(path, sizeof(path), "%s", argv0);
    o->julep_bin = path;
    if (o->julep_bindir == NULL) { /* -H/--home wins */
        snprintf(dir, sizeof(dir), "%s", path);
        char *slash = strrchr(dir, '/');
        if (slash != NULL)
            *(slash == dir ? slash + 1 : slash) = '\0';
        else
            snprintf(dir, sizeof(dir), ".");
        o->julep_bindir = dir;
    }
}

/* Values and errors are shown by the runtime (src/errorshow.c): with Base's show/display when Base is
   loaded, like julia's REPL and -E; errors as `ERROR: ...` with the stack trace on stderr. */

/* ---------------------------------------------------------------- evaluating */

static int is_blank(const char *s)
{
    for (; *s; s++)
        if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
            return 0;
    return 1;
}

/* How eval_code shows the value: not at all, as -E does, or as the REPL does (no `nothing`, and no
   value after a trailing `;`). */
#define SHOW_NONE 0
#define SHOW_PRINT 1
#define SHOW_REPL 2
#define SHOW_REPL_QUIET 3 /* sets `ans`, shows nothing */

static int ends_with_semicolon(const char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    return n > 0 && s[n - 1] == ';';
}

/* Evaluate `code` and show its value as `show` says. Returns 0, or 1 after printing the error. Blank
   code is not evaluated at all. */
static int eval_code_in(const char *code, int show, const char *filename)
{
    if (is_blank(code))
        return 0;
    if (show == SHOW_REPL && ends_with_semicolon(code))
        show = SHOW_REPL_QUIET;
    return jl_run_string(code, filename, show);
}

static int eval_code(const char *code, int show)
{
    return eval_code_in(code, show, "none");
}

/* Read all of `f` into a NUL-terminated malloc'd buffer, or NULL. */
static char *read_all(FILE *f)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        len += fread(buf + len, 1, cap - 1 - len, f);
        if (len < cap - 1)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (bigger == NULL)
            free(buf);
        buf = bigger;
        cap *= 2;
    }
    if (buf == NULL || ferror(f)) {
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}

/* Run a source file ("-": stdin) as julia's include would: its text through the evaluator. */
static int run_file(const char *path)
{
    int use_stdin = strcmp(path, "-") == 0;
    FILE *f = use_stdin ? stdin : fopen(path, "r");
    char *text = f != NULL ? read_all(f) : NULL;
    if (text == NULL) {
        char cwd[PATH_MAX];
        int rel = path[0] != '/' && getcwd(cwd, sizeof(cwd)) != NULL;
        jl_ios_flush_stdout();
        fprintf(stderr, "ERROR: SystemError: opening file \"%s%s%s\": %s\n", rel ? cwd : "",
                rel ? "/" : "", path, strerror(errno));
        if (f != NULL && !use_stdin)
            fclose(f);
        return 1;
    }
    if (!use_stdin)
        fclose(f);
    int status = use_stdin ? eval_code_in(text, SHOW_NONE, "stdin") : jl_run_main_file(path);
    free(text);
    return status;
}

/* ---------------------------------------------------------------- the REPL */

static void banner(void)
{
    printf("julep %s: a Julia-compatible runtime written in C\n"
           "Type an expression and press Enter; Ctrl-D exits.\n\n", JULEP_VERSION_STRING);
}

/* The REPL reads the terminal with read(2), waiting in ppoll with SIGINT unblocked only there, so a
   Ctrl-C is never lost between printing the prompt and reading: it interrupts the wait, and the line
   being typed is dropped (julia's REPL does the same). SIGINT may be delivered to another thread (the
   collector has its own); the handler passes it on to the REPL's thread. */
static pthread_t repl_thread;

static void on_sigint(int sig)
{
    if (!pthread_equal(pthread_self(), repl_thread))
        pthread_kill(repl_thread, sig);
}

typedef struct {
    char *buf;          /* bytes read but not yet returned */
    size_t len, cap;
    sigset_t waitmask;  /* signal mask while waiting for input */
} line_reader_t;

/* Move the first `n` pending bytes into *line (NUL-terminated). */
static void take_line(line_reader_t *r, size_t n, char **line, size_t *cap)
{
    if (*cap < n + 1) {
        *line = realloc(*line, n + 1);
        *cap = n + 1;
        if (*line == NULL) {
            perror("julep");
            exit(1);
        }
    }
    memcpy(*line, r->buf, n);
    (*line)[n] = '\0';
    memmove(r->buf, r->buf + n, r->len - n);
    r->len -= n;
}

/* One line into *line: 1, or 0 when Ctrl-C dropped the line being typed, or -1 at EOF. */
static int read_line(line_reader_t *r, char **line, size_t *cap)
{
    for (;;) {
        char *nl = r->len ? memchr(r->buf, '\n', r->len) : NULL;
        if (nl != NULL) {
            take_line(r, (size_t)(nl - r->buf) + 1, line, cap);
            return 1;
        }
        struct pollfd p = {STDIN_FILENO, POLLIN, 0};
        if (ppoll(&p, 1, NULL, &r->waitmask) < 0) {
            if (errno != EINTR)
                return -1;
            r->len = 0;
            fputs("\n", stdout); /* the terminal echoed the ^C */
            return 0;
        }
        if (r->cap - r->len < 1024) {
            r->cap = r->cap * 2 + 4096;
            r->buf = realloc(r->buf, r->cap);
            if (r->buf == NULL) {
                perror("julep");
                exit(1);
            }
        }
        ssize_t got = read(STDIN_FILENO, r->buf + r->len, r->cap - r->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) { /* EOF: a last line without newline, then the end */
            if (r->len == 0)
                return -1;
            take_line(r, r->len, line, cap);
            return 1;
        }
        r->len += (size_t)got;
    }
}

static int repl(const jl_options_t *o)
{
    if (!isatty(STDIN_FILENO)) /* julia reads a piped stdin as a program */
        return run_file("-");
    if (o->banner == JL_OPTIONS_YES || (o->banner == JL_OPTIONS_BANNER_DEFAULT && !o->quiet))
        banner();
    int color = o->color == JL_OPTIONS_YES || (o->color == JL_OPTIONS_DEFAULT && isatty(STDOUT_FILENO));
    eval_code("using InteractiveUtils", SHOW_NONE); /* as julia's REPL: @code_typed & co at hand */
    const char *prompt = color ? "\033[32m\033[1mjulep> \033[0m" : "julep> ";

    line_reader_t r = {0};
    struct sigaction sa = {0}, old_sa;
    sigset_t sigint, old_mask;
    sigemptyset(&sigint);
    sigaddset(&sigint, SIGINT);
    pthread_sigmask(SIG_BLOCK, NULL, &old_mask);
    r.waitmask = old_mask;
    if (o->handle_signals) { /* --handle-signals=no: SIGINT keeps its default action, ending julep */
        repl_thread = pthread_self();
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGINT, &sa, &old_sa);
        pthread_sigmask(SIG_BLOCK, &sigint, NULL);
        sigdelset(&r.waitmask, SIGINT);
    }
    char *line = NULL, *input = NULL;
    size_t cap = 0, inlen = 0;
    int counter = 0;
    for (;;) {
        if (inlen == 0) {
            fputs(prompt, stdout);
            jl_ios_flush_stdout();
        }
        int got = read_line(&r, &line, &cap);
        if (got < 0)
            break;
        if (got == 0) { /* Ctrl-C drops the whole input */
            inlen = 0;
            continue;
        }
        if (inlen == 0 && is_blank(line))
            continue;
        size_t ll = strlen(line);
        input = realloc(input, inlen + ll + 1);
        memcpy(input + inlen, line, ll + 1);
        inlen += ll;
        jl_value_t *ast = NULL;
        jl_parse_errinfo_t perr;
        int st = jl_parse_string_status(input, inlen, "REPL", 1, 0, 1, &ast, NULL, &perr);
        if (st != 0)
            jl_parse_errinfo_free(&perr);
        if (st == 2) /* incomplete: keep reading */
            continue;
        char fname[32];
        snprintf(fname, sizeof fname, "REPL[%d]", ++counter);
        eval_code_in(input, SHOW_REPL, fname);
        fputc('\n', stdout);
        inlen = 0;
    }
    free(input);
    if (o->handle_signals) {
        pthread_sigmask(SIG_SETMASK, &old_mask, NULL);
        sigaction(SIGINT, &old_sa, NULL);
    }
    fputc('\n', stdout);
    free(line);
    free(r.buf);
    return 0;
}

/* ---------------------------------------------------------------- main */

/* The action: -e/-E/-L in order, the program file, the REPL. Returns the exit status. */
static int run_action(const jl_options_t *o, const char **what)
{
    int evals = 0;
    *what = "repl";
    for (int i = 0; i < o->ncmds; i++) {
        const char *cmd = o->cmds[i];
        int show = cmd[0] == 'E' ? SHOW_PRINT : SHOW_NONE;
        int status = cmd[0] == 'L' ? run_file(cmd + 1) : eval_code(cmd + 1, show);
        evals |= cmd[0] != 'L';
        *what = cmd[0] == 'e' ? "-e" : cmd[0] == 'E' ? "-E" : "-L";
        if (status != 0)
            return status;
    }
    if (o->programfile != NULL) {
        *what = "program file";
        int status = run_file(o->programfile);
        if (status != 0)
            return status;
    }
    if (o->isinteractive || (!evals && o->programfile == NULL)) {
        *what = "repl";
        return repl(o);
    }
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t t0 = jl_hrtime_us();
    const char *argv0 = argc > 0 ? argv[0] : "julep";
    jl_options_t opts;
    char *err = NULL;
    jl_options_default(&opts);
    opts.startup_t0_us = t0; /* jl_init reports the "options" step from here */
    int parsed = jl_parse_opts(&argc, &argv, &opts, &err);
    switch (parsed) {
    case JL_PARSE_OK:
        break;
    case JL_PARSE_VERSION:
        printf("julep version %s\n", JULEP_VERSION_STRING);
        return 0;
    case JL_PARSE_HELP:
    case JL_PARSE_HELP_HIDDEN:
        fputs(jl_help_text(parsed == JL_PARSE_HELP_HIDDEN), stdout);
        return 0;
    default:
        fprintf(stderr, "%s\n", err != NULL ? err : "julep: invalid command line");
        free(err);
        return 1;
    }
    find_self(&opts, argv0);
    jl_options_warn_unsupported(&opts, stderr);

    if (jl_init(&opts) != 0) {
        fprintf(stderr, "julep: initialization failed\n");
        return 1;
    }
    uint64_t t1 = jl_hrtime_us();
    const char *what;
    int status = run_action(&opts, &what);
    jl_ios_flush_stdout();
    if (opts.trace_startup != NULL)
        jl_trace_startup_step("action", jl_hrtime_us() - t1, what);
    jl_atexit_hook(status);
    return status;
}
