/*
 * test_programs.c -- golden program tests (suite `programs`): each test/programs/NAME.jl is run as
 * `julep NAME.jl` and checked against
 *   NAME.out     the exact expected stdout;
 *   NAME.outlines  instead of NAME.out: lines that must appear in stdout, in this order;
 *   NAME.err     lines that must appear in stderr, in this order (other lines may come between them).
 *                Without NAME.err, stderr must be empty;
 *   In .err and .outlines, `@FILE@` stands for the program's path as stack traces print it (absolute,
 *   $HOME as ~) and `@PATH@` for its absolute path;
 *   NAME.status  the expected exit status (default 0).
 * The expected outputs follow Julia 1.10's documented behaviour. Also `julep -e` one-liners.
 * Binary: $JULEP_BIN, else build/release/usr/bin/julep under $JULEP_SRCDIR (or .).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

typedef struct {
    char *out;
    char *err;
    int status;
} prog_run_t;

static const char *prog_srcdir(void)
{
    const char *src = getenv("JULEP_SRCDIR");
    return src && *src ? src : ".";
}

static const char *prog_bin(void)
{
    static char path[4096];
    const char *bin = getenv("JULEP_BIN");
    if (bin != NULL && *bin)
        return bin;
    snprintf(path, sizeof path, "%s/build/release/usr/bin/julep", prog_srcdir());
    return path;
}

static void prog_append(char **buf, size_t *len, const char *data, size_t n)
{
    *buf = realloc(*buf, *len + n + 1);
    cr_assert_not_null(*buf);
    memcpy(*buf + *len, data, n);
    *len += n;
    (*buf)[*len] = '\0';
}

/* run julep with args (NULL-terminated), stdin from /dev/null */
static prog_run_t prog_run(const char *const *args)
{
    const char *argv[16] = {prog_bin()};
    int n = 1;
    for (; args[n - 1] != NULL && n < 15; n++)
        argv[n] = args[n - 1];
    argv[n] = NULL;
    int out[2], err[2];
    cr_assert(pipe(out) == 0 && pipe(err) == 0);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    posix_spawn_file_actions_addclose(&fa, err[0]);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    cr_assert_eq(rc, 0, "cannot run %s: %s", argv[0], strerror(rc));
    close(out[1]);
    close(err[1]);
    prog_run_t r = {calloc(1, 1), calloc(1, 1), -1};
    size_t lo = 0, le = 0;
    struct pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open_fds = 2;
    while (open_fds > 0) {
        /* a generous idle window: CI machines may be loaded, and the interpreter runs perf_style for ~15 s */
        if (poll(fds, 2, 240000) <= 0)
            cr_assert_fail("julep printed nothing for 240 s");
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            char buf[4096];
            ssize_t k = read(fds[i].fd, buf, sizeof buf);
            if (k > 0) {
                if (i == 0)
                    prog_append(&r.out, &lo, buf, (size_t)k);
                else
                    prog_append(&r.err, &le, buf, (size_t)k);
            }
            else if (k == 0 || errno != EINTR) {
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
            }
        }
    }
    int ws;
    while (waitpid(pid, &ws, 0) < 0)
        cr_assert_eq(errno, EINTR);
    r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
    return r;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    char *buf = calloc(1, 1);
    size_t len = 0;
    char chunk[4096];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
        prog_append(&buf, &len, chunk, k);
    fclose(f);
    return buf;
}

/* the path of a file as Julia's stack traces print it: $HOME contracted to ~ */
static void printed_path(const char *path, char *out, size_t n)
{
    const char *home = getenv("HOME");
    size_t hl = home ? strlen(home) : 0;
    if (hl > 1 && strncmp(path, home, hl) == 0 && path[hl] == '/')
        snprintf(out, n, "~%s", path + hl);
    else
        snprintf(out, n, "%s", path);
}

/* replace every `key` in s by val */
static char *subst(const char *s, const char *key, const char *val)
{
    char *out = calloc(1, 1);
    size_t len = 0, kl = strlen(key);
    const char *p;
    while ((p = strstr(s, key)) != NULL) {
        prog_append(&out, &len, s, (size_t)(p - s));
        prog_append(&out, &len, val, strlen(val));
        s = p + kl;
    }
    prog_append(&out, &len, s, strlen(s));
    return out;
}

static char *subst_paths(const char *s, const char *shown, const char *abs)
{
    char *a = subst(s, "@FILE@", shown);
    char *b = subst(a, "@PATH@", abs);
    free(a);
    return b;
}

/* every line of `want` occurs as a whole line of `got`, in order */
static void check_lines_in_order(const char *got, const char *want, const char *name, const char *stream)
{
    const char *g = got;
    const char *w = want;
    while (*w) {
        const char *we = strchr(w, '\n');
        size_t wl = we ? (size_t)(we - w) : strlen(w);
        int found = 0;
        while (*g) {
            const char *ge = strchr(g, '\n');
            size_t gl = ge ? (size_t)(ge - g) : strlen(g);
            const char *next = ge ? ge + 1 : g + gl;
            if (gl == wl && strncmp(g, w, wl) == 0) {
                found = 1;
                g = next;
                break;
            }
            g = next;
        }
        cr_assert(found, "%s: %s lacks the line (in order): \"%.*s\"\n--- %s was:\n%s", name, stream, (int)wl,
                  w, stream, got);
        w = we ? we + 1 : w + wl;
    }
}

static char *golden(const char *name, const char *ext)
{
    char p[4096];
    snprintf(p, sizeof p, "%s/test/programs/%s.%s", prog_srcdir(), name, ext);
    return read_text(p);
}

/* run test/programs/NAME.jl (with one julep option first, or none) against its golden files */
static void check_program_opt(const char *name, const char *opt)
{
    char jl[4096], shown[4096];
    snprintf(jl, sizeof jl, "%s/test/programs/%s.jl", prog_srcdir(), name);
    char *abs = realpath(jl, NULL);
    cr_assert_not_null(abs, "missing program %s", jl);
    printed_path(abs, shown, sizeof shown);
    char *want_out = golden(name, "out");
    char *want_outlines = golden(name, "outlines");
    char *want_err = golden(name, "err");
    char *want_st = golden(name, "status");
    cr_assert(want_out || want_outlines, "%s: no golden .out or .outlines", name);
    int status = want_st ? atoi(want_st) : 0;
    const char *args[] = {opt ? opt : abs, opt ? abs : NULL, NULL};
    prog_run_t r = prog_run(args);
    if (want_out) {
        cr_expect_str_eq(r.out, want_out, "%s: stdout differs\n--- stderr:\n%s", name, r.err);
    }
    else {
        char *w = subst_paths(want_outlines, shown, abs);
        check_lines_in_order(r.out, w, name, "stdout");
        free(w);
    }
    if (want_err) {
        char *w = subst_paths(want_err, shown, abs);
        check_lines_in_order(r.err, w, name, "stderr");
        free(w);
    }
    else {
        cr_expect_str_empty(r.err, "%s: unexpected stderr:\n%s", name, r.err);
    }
    cr_expect_eq(r.status, status, "%s: exit status %d, expected %d", name, r.status, status);
    free(abs);
    free(want_out);
    free(want_outlines);
    free(want_err);
    free(want_st);
    free(r.out);
    free(r.err);
}

static void check_program(const char *name)
{
    check_program_opt(name, NULL);
}

TestSuite(programs, .timeout = 120);

#define PROGRAM(name) \
    Test(programs, name) { check_program(#name); }

PROGRAM(fib)
PROGRAM(particles)
PROGRAM(timeit_macro)
PROGRAM(printing)
PROGRAM(structs_show)
PROGRAM(error_uncaught)
PROGRAM(error_method)
PROGRAM(error_bounds)
PROGRAM(exit_status)
PROGRAM(reflection_macros)
PROGRAM(testset_fail)
PROGRAM(error_operator)
/* the same backtrace from the interpreter */
Test(programs, error_operator_compile_min)
{
    check_program_opt("error_operator", "--compile=min");
}
/* the perf.jl-style program, compiled and unmodified in the interpreter alone (slow: own timeouts) */
Test(programs, perf_style, .timeout = 600)
{
    check_program("perf_style");
}

Test(programs, perf_style_compile_min, .timeout = 600)
{
    check_program_opt("perf_style", "--compile=min");
}

Test(programs, dash_e_runs_code)
{
    const char *args[] = {"-e", "println(1 + 1); print(\"x\", 2.5, '\\n')", NULL};
    prog_run_t r = prog_run(args);
    cr_expect_str_eq(r.out, "2\nx2.5\n");
    cr_expect_str_empty(r.err);
    cr_expect_eq(r.status, 0);
    free(r.out);
    free(r.err);
}

Test(programs, dash_e_error_exits_1)
{
    const char *args[] = {"-e", "error(\"boom\")", NULL};
    prog_run_t r = prog_run(args);
    cr_expect_str_empty(r.out);
    cr_expect(strncmp(r.err, "ERROR: boom\n", 12) == 0, "stderr: %s", r.err);
    cr_expect(strstr(r.err, "Stacktrace:\n") != NULL, "stderr: %s", r.err);
    cr_expect_eq(r.status, 1);
    free(r.out);
    free(r.err);
}

Test(programs, dash_e_undefvar_message)
{
    const char *args[] = {"-e", "println(undefined_name)", NULL};
    prog_run_t r = prog_run(args);
    cr_expect(strncmp(r.err, "ERROR: UndefVarError: `undefined_name` not defined\n", 51) == 0, "stderr: %s", r.err);
    cr_expect_eq(r.status, 1);
    free(r.out);
    free(r.err);
}

Test(programs, base_bootstrap_is_fast)
{
    const char *args[] = {"-e", "exit(0)", NULL};
    prog_run_t r = prog_run(args);
    cr_expect_eq(r.status, 0, "stderr: %s", r.err);
    cr_expect_str_empty(r.err);
    free(r.out);
    free(r.err);
}
