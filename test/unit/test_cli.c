/*
 * test_cli.c -- the `julep` command line (suite `cli`).
 *
 * Two kinds of tests: the built binary run as a child process (stdout, stderr and exit status checked,
 * a pseudo-terminal for the REPL), and jl_parse_opts called directly. The parser lives in the
 * executable, not in libjulep; the Makefile links cli/options.o into the unit-test binary.
 *
 * The binary is $JULEP_BIN (set by `make test-unit`), else build/release/usr/bin/julep under
 * $JULEP_SRCDIR (or the current directory).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "julep.h"
#include "../../cli/options.h"

extern char **environ;

/* ---------------------------------------------------------------- running the binary */

typedef struct {
    char *out;   /* stdout, NUL-terminated */
    char *err;   /* stderr */
    int status;  /* exit status, or 128 + signal */
} run_t;

static const char *julep_bin(void)
{
    static char path[4096];
    const char *bin = getenv("JULEP_BIN");
    if (bin != NULL && *bin)
        return bin;
    const char *src = getenv("JULEP_SRCDIR");
    snprintf(path, sizeof(path), "%s/build/release/usr/bin/julep", src && *src ? src : ".");
    return path;
}

static void append(char **buf, size_t *len, const char *data, size_t n)
{
    *buf = realloc(*buf, *len + n + 1);
    cr_assert_not_null(*buf);
    memcpy(*buf + *len, data, n);
    *len += n;
    (*buf)[*len] = '\0';
}

static void wait_child(pid_t pid, int *status)
{
    int ws;
    while (waitpid(pid, &ws, 0) < 0)
        cr_assert_eq(errno, EINTR, "waitpid: %s", strerror(errno));
    *status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
}

/* Run julep with `args` (NULL-terminated, without argv[0]) and `input` on stdin (NULL: /dev/null). */
static run_t run(const char *input, const char *const *args)
{
    const char *argv[64] = {julep_bin()};
    int n = 1;
    for (; args[n - 1] != NULL; n++)
        argv[n] = args[n - 1];
    argv[n] = NULL;

    int in[2], out[2], err[2];
    cr_assert(pipe(in) == 0 && pipe(out) == 0 && pipe(err) == 0);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    for (int i = 0; i < 2; i++) {
        posix_spawn_file_actions_addclose(&fa, in[i]);
        posix_spawn_file_actions_addclose(&fa, out[i]);
        posix_spawn_file_actions_addclose(&fa, err[i]);
    }
    /* a julep that outlives its test (a timeout) must not hold Criterion's descriptors */
    posix_spawn_file_actions_addclosefrom_np(&fa, 3);
    pid_t pid;
    int rc = posix_spawn(&pid, argv[0], &fa, NULL, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    cr_assert_eq(rc, 0, "cannot run %s: %s", argv[0], strerror(rc));
    close(in[0]);
    close(out[1]);
    close(err[1]);

    signal(SIGPIPE, SIG_IGN);
    if (input != NULL && *input)
        cr_assert(write(in[1], input, strlen(input)) == (ssize_t)strlen(input));
    close(in[1]);

    run_t r = {calloc(1, 1), calloc(1, 1), -1};
    size_t lens[2] = {0, 0};
    struct pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open_fds = 2;
    while (open_fds > 0) {
        int k = poll(fds, 2, 20000);
        cr_assert(k > 0, "julep did not finish within 20 s");
        for (int i = 0; i < 2; i++) {
            if (fds[i].fd < 0 || fds[i].revents == 0)
                continue;
            char buf[4096];
            ssize_t got = read(fds[i].fd, buf, sizeof(buf));
            if (got > 0) {
                append(i == 0 ? &r.out : &r.err, &lens[i], buf, (size_t)got);
            } else {
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
            }
        }
    }
    wait_child(pid, &r.status);
    return r;
}

#define RUN(input, ...) run(input, (const char *const[]){__VA_ARGS__, NULL})

static void free_run(run_t *r)
{
    free(r->out);
    free(r->err);
}

/* ---------------------------------------------------------------- version and help */

Test(cli, version_long_and_short)
{
    run_t a = RUN(NULL, "--version");
    cr_expect_eq(a.status, 0);
    cr_expect_str_eq(a.out, "julep version " JULEP_VERSION_STRING "\n");
    cr_expect_str_eq(a.err, "");
    run_t b = RUN(NULL, "-v");
    cr_expect_eq(b.status, 0);
    cr_expect_str_eq(b.out, "julep version 0.1.0\n");
    /* like julia: the switch acts when reached, later switches are not looked at */
    run_t c = RUN(NULL, "-v", "--no-such-switch");
    cr_expect_eq(c.status, 0);
    cr_expect_str_eq(c.out, "julep version 0.1.0\n");
    free_run(&a);
    free_run(&b);
    free_run(&c);
}

Test(cli, help_lists_the_switches)
{
    run_t r = RUN(NULL, "--help");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.err, "");
    cr_expect(strncmp(r.out, "Usage: julep [switches] -- [programfile] [args...]\n", 51) == 0, "%s", r.out);
    const char *wanted[] = {" -v, --version", " -h, --help", " --help-hidden", " -e, --eval <expr>",
                            " -E, --print <expr>", " -L, --load <file>", " -J, --sysimage <file>",
                            " -i, --interactive", " -q, --quiet", " --startup-file={yes*|no}",
                            " -O, --optimize={0|1|2*|3}", " --check-bounds={yes|no|auto*}",
                            " -t, --threads", " --color={yes|no|auto*}", " --history-file={yes*|no}",
                            " --pkgimages={yes*|no|existing}", " --compiled-modules={yes*|no}",
                            " --sysimage-native-code={yes*|no}", " --trace-startup", " --heap-size-hint"};
    for (size_t i = 0; i < sizeof(wanted) / sizeof(*wanted); i++)
        cr_expect(strstr(r.out, wanted[i]) != NULL, "--help does not mention `%s`", wanted[i]);
    cr_expect(strstr(r.out, "--output-o") == NULL, "--output-o belongs to --help-hidden");
    run_t s = RUN(NULL, "-h");
    cr_expect_str_eq(s.out, r.out);
    free_run(&r);
    free_run(&s);
}

Test(cli, help_hidden_lists_the_uncommon_switches)
{
    run_t r = RUN(NULL, "--help-hidden");
    cr_expect_eq(r.status, 0);
    const char *wanted[] = {" --compile={yes*|no|all|min}", " --output-o <name>", " --output-ji <name>",
                            " --output-bc <name>", " --output-unopt-bc <name>", " --output-asm <name>",
                            " --output-incremental={yes|no*}", " --trace-compile={stderr|name}",
                            " --image-codegen", " --permalloc-pkgimg={yes|no*}", " --strip-metadata",
                            " --strip-ir"};
    for (size_t i = 0; i < sizeof(wanted) / sizeof(*wanted); i++)
        cr_expect(strstr(r.out, wanted[i]) != NULL, "--help-hidden does not mention `%s`", wanted[i]);
    free_run(&r);
}

/* ---------------------------------------------------------------- errors on the command line */

static void expect_cli_error(const char *expected, const char *const *args)
{
    run_t r = run(NULL, args);
    cr_expect_eq(r.status, 1, "exit status of `%s`", args[0]);
    cr_expect_str_eq(r.err, expected);
    cr_expect_str_eq(r.out, "");
    free_run(&r);
}
#define EXPECT_CLI_ERROR(msg, ...) expect_cli_error(msg, (const char *const[]){__VA_ARGS__, NULL})

Test(cli, unknown_option)
{
    EXPECT_CLI_ERROR("julep: unknown option `--foo`\n", "--foo");
    EXPECT_CLI_ERROR("julep: unknown option `--foo=1`\n", "--foo=1");
    EXPECT_CLI_ERROR("julep: unknown option `-x`\n", "-x");
    EXPECT_CLI_ERROR("julep: unknown option `-z`\n", "-qz");
    EXPECT_CLI_ERROR("julep: unknown option `--output`\n", "--output", "x"); /* ambiguous prefix */
}

Test(cli, bad_values)
{
    EXPECT_CLI_ERROR("julep: invalid argument to --compile={yes|no|all|min} (foo)\n", "--compile=foo");
    EXPECT_CLI_ERROR("julep: invalid argument to --compile={yes|no|all|min} (maybe)\n", "--compile", "maybe");
    EXPECT_CLI_ERROR("julep: invalid argument to --check-bounds={yes|no|auto} (1)\n", "--check-bounds=1");
    EXPECT_CLI_ERROR("julep: invalid argument to -O/--optimize={0|1|2|3} (5)\n", "-O5");
    EXPECT_CLI_ERROR("julep: invalid argument to --pkgimages={yes|no|existing} (some)\n", "--pkgimages=some");
    EXPECT_CLI_ERROR("julep: invalid argument to --color={yes|no|auto} (on)\n", "--color=on");
    EXPECT_CLI_ERROR("julep: -t,--threads=<n>[,auto|<m>]; n must be an integer >= 1\n", "-t", "0");
    EXPECT_CLI_ERROR("julep: -p,--procs=<n> must be an integer >= 1\n", "-p", "x");
    EXPECT_CLI_ERROR("julep: invalid argument to --heap-size-hint=<size> (lots)\n", "--heap-size-hint=lots");
}

Test(cli, missing_or_unexpected_value)
{
    EXPECT_CLI_ERROR("julep: option `-e/--eval` is missing an argument\n", "-e");
    EXPECT_CLI_ERROR("julep: option `-e/--eval` is missing an argument\n", "--eval");
    EXPECT_CLI_ERROR("julep: option `--compile` is missing an argument\n", "--compile");
    EXPECT_CLI_ERROR("julep: option `-v/--version` does not accept an argument\n", "--version=2");
    EXPECT_CLI_ERROR("julep: option `--strip-ir` does not accept an argument\n", "--strip-ir=yes");
}

/* ---------------------------------------------------------------- actions */

Test(cli, empty_eval_is_silent)
{
    run_t r = RUN(NULL, "-e", "");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "");
    cr_expect_str_eq(r.err, "");
    free_run(&r);
    run_t q = RUN(NULL, "-e", " \n ");
    cr_expect_eq(q.status, 0);
    cr_expect_str_eq(q.err, "");
    free_run(&q);
}

/* An expression that throws: exit 1 with `ERROR: ` on stderr, whether the evaluator exists or not. */
Test(cli, uncaught_error_exits_1)
{
    run_t r = RUN(NULL, "-e", "this_name_is_not_defined_anywhere_42");
    cr_expect_eq(r.status, 1);
    cr_expect(strncmp(r.err, "ERROR: ", 7) == 0, "stderr: %s", r.err);
    cr_expect_str_eq(r.out, "");
    free_run(&r);
}

/* -E shows the value as julia's `show` does; without an evaluator julep must say so, not make one up. */
Test(cli, print_shows_the_value_or_says_evaluation_is_missing)
{
    run_t r = RUN(NULL, "-E", "1 + 1");
    int evaluated = r.status == 0 && strcmp(r.out, "2\n") == 0 && strcmp(r.err, "") == 0;
    int honest = r.status == 1 && strcmp(r.out, "") == 0 && strncmp(r.err, "ERROR: ", 7) == 0 &&
                 strstr(r.err, "not implemented") != NULL;
    cr_expect(evaluated || honest, "status %d, stdout `%s`, stderr `%s`", r.status, r.out, r.err);
    free_run(&r);
}

Test(cli, missing_program_file)
{
    run_t r = RUN(NULL, "/nonexistent/dir/prog.jl", "arg");
    cr_expect_eq(r.status, 1);
    cr_expect_str_eq(r.err, "ERROR: SystemError: opening file \"/nonexistent/dir/prog.jl\": "
                            "No such file or directory\n");
    free_run(&r);
}

Test(cli, empty_program_file_is_silent)
{
    char path[] = "/tmp/julep-test-cli-XXXXXX.jl";
    int fd = mkstemps(path, 3);
    cr_assert(fd >= 0);
    cr_assert(write(fd, "\n\n", 2) == 2);
    close(fd);
    run_t r = RUN(NULL, path, "a", "b");
    unlink(path);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "");
    cr_expect_str_eq(r.err, "");
    free_run(&r);
}

Test(cli, repl_on_empty_stdin_exits_0)
{
    run_t r = RUN("", "-q");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.err, "");
    free_run(&r);
    run_t s = RUN(NULL, "--banner=no");
    cr_expect_eq(s.status, 0);
    free_run(&s);
}

Test(cli, unsupported_values_warn_noop_values_do_not)
{
    run_t a = RUN(NULL, "-t", "4", "-e", "");
    cr_expect_eq(a.status, 0);
    cr_expect_str_eq(a.err, "julep: warning: --threads is not yet supported\n");
    run_t b = RUN(NULL, "-t", "1", "-p", "2", "--code-coverage", "-e", "");
    cr_expect_eq(b.status, 0);
    cr_expect_str_eq(b.err, "julep: warning: --procs is not yet supported\n"
                            "julep: warning: --code-coverage is not yet supported\n");
    run_t c = RUN(NULL, "-t", "1", "--code-coverage=none", "--track-allocation=none", "--math-mode=ieee",
                  "-O3", "--check-bounds=yes", "-e", "");
    cr_expect_eq(c.status, 0);
    cr_expect_str_eq(c.err, "");
    free_run(&a);
    free_run(&b);
    free_run(&c);
}

/* ---------------------------------------------------------------- --trace-startup */

/* The steps of DESIGN.md §2, in order; each entry lists the words a step's line may use. */
static const char *const steps[][4] = {
    {"options", NULL}, {"gc", NULL}, {"types", NULL}, {"root task", "root-task", "root_task", NULL},
    {"serializer", NULL}, {"codegen", NULL}, {"image", "bootstrap", NULL}, {"__init__", NULL},
    {"action", NULL},
};

/* Index of the first line of `text` at or after `*pos` naming one of `names`, or NULL. */
static const char *find_step(const char *text, const char *const *names)
{
    const char *best = NULL;
    for (; *names != NULL; names++) {
        const char *p = strstr(text, *names);
        if (p != NULL && (best == NULL || p < best))
            best = p;
    }
    return best;
}

static void expect_steps_in_order(const char *trace)
{
    const char *pos = trace;
    for (size_t i = 0; i < sizeof(steps) / sizeof(*steps); i++) {
        const char *at = find_step(pos, steps[i]);
        cr_expect_not_null(at, "step `%s` missing (or out of order) in:\n%s", steps[i][0], trace);
        if (at == NULL)
            return;
        cr_expect(strstr(at, "us") != NULL || strstr(at, "µs") != NULL, "no duration in µs:\n%s", trace);
        pos = at + strlen(steps[i][0]);
    }
}

Test(cli, trace_startup_lists_steps_in_order)
{
    run_t r = RUN(NULL, "--trace-startup=stderr", "-e", "");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.out, "");
    expect_steps_in_order(r.err);
    run_t bare = RUN(NULL, "--trace-startup", "-e", "");
    cr_expect_eq(bare.status, 0);
    expect_steps_in_order(bare.err);
    free_run(&r);
    free_run(&bare);
}

Test(cli, trace_startup_to_a_file)
{
    char path[] = "/tmp/julep-test-trace-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    char sw[64];
    snprintf(sw, sizeof(sw), "--trace-startup=%s", path);
    run_t r = RUN(NULL, sw, "-e", "");
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.err, "", "the trace goes to the file, not stderr");
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    char text[8192];
    size_t n = fread(text, 1, sizeof(text) - 1, f);
    text[n] = '\0';
    fclose(f);
    unlink(path);
    expect_steps_in_order(text);
    free_run(&r);
}

/* ---------------------------------------------------------------- the REPL on a terminal */

/* Read from the pty master until `want` appears after offset `from` of `acc` (or EOF / 10 s); the
   text read is appended to `acc`. */
static int pty_read_until(int fd, char **acc, size_t *len, size_t from, const char *want)
{
    time_t start = time(NULL);
    while (want == NULL || strstr(*acc + from, want) == NULL) {
        struct pollfd p = {fd, POLLIN, 0};
        if (time(NULL) - start > 10 || poll(&p, 1, 1000) < 0)
            return 0;
        if (!(p.revents & (POLLIN | POLLHUP)))
            continue;
        char buf[1024];
        ssize_t got = read(fd, buf, sizeof(buf));
        if (got <= 0)
            return want == NULL; /* EIO: the child closed the terminal */
        append(acc, len, buf, (size_t)got);
    }
    return 1;
}

/* Start julep with `args` on a new pseudo-terminal; returns the master side, *pid the child. */
static int spawn_on_pty(const char *const *args, pid_t *pid)
{
    int master = posix_openpt(O_RDWR | O_NOCTTY);
    cr_assert(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0);
    const char *slave_name = ptsname(master);
    cr_assert_not_null(slave_name);
    const char *argv[16] = {julep_bin()};
    for (int i = 0; args[i] != NULL && i < 14; i++)
        argv[i + 1] = args[i];
    *pid = fork();
    cr_assert(*pid >= 0);
    if (*pid == 0) {
        setsid();
        int slave = open(slave_name, O_RDWR);
        if (slave < 0)
            _exit(127);
        dup2(slave, 0);
        dup2(slave, 1);
        dup2(slave, 2);
        /* Criterion's worker talks to its runner over inherited descriptors: a julep left running
           by a failed assertion must not hold them open */
        for (int fd = 3; fd < 1024; fd++)
            close(fd);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    return master;
}

/* Send Ctrl-D at the start of a line (EOF) and expect julep to end with status 0. */
static void expect_eof_exits_0(int master, pid_t pid, char **acc, size_t *len)
{
    cr_assert(write(master, "\004", 1) == 1);
    pty_read_until(master, acc, len, *len, NULL);
    int status;
    wait_child(pid, &status);
    cr_expect_eq(status, 0, "exit status after Ctrl-D; output:\n%s", *acc);
    close(master);
}

Test(cli, repl_on_a_terminal, .timeout = 30)
{
    pid_t pid;
    int master = spawn_on_pty((const char *const[]){"--color=no", NULL}, &pid);
    char *acc = calloc(1, 1);
    size_t len = 0;
    cr_expect(pty_read_until(master, &acc, &len, 0, "julep> "), "no prompt; got:\n%s", acc);
    cr_expect(strstr(acc, "julep " JULEP_VERSION_STRING) != NULL, "no banner; got:\n%s", acc);

    /* a line is either evaluated for real or the REPL says evaluation is not there yet */
    cr_assert(write(master, "1 + 1\n", 6) == 6);
    size_t before = len;
    cr_expect(pty_read_until(master, &acc, &len, before, "julep> "), "no second prompt; got:\n%s", acc);
    const char *answer = acc + before;
    int evaluated = strstr(answer, "\r\n2\r\n") != NULL;
    int honest = strstr(answer, "ERROR: ") != NULL && strstr(answer, "not implemented") != NULL;
    cr_expect(evaluated || honest, "the REPL answered neither 2 nor that evaluation is missing:\n%s", answer);

    expect_eof_exits_0(master, pid, &acc, &len);
    free(acc);
}

/* Send one line to the REPL and return what it printed up to the next prompt (malloc'ed). */
static char *repl_line(int master, char **acc, size_t *len, const char *line)
{
    size_t n = strlen(line);
    cr_assert(write(master, line, n) == (ssize_t)n && write(master, "\n", 1) == 1);
    size_t before = *len;
    cr_expect(pty_read_until(master, acc, len, before, "julep> "), "no prompt after %s; got:\n%s", line, *acc);
    return strdup(*acc + before);
}

/* The first REPL: results shown as Julia's REPL shows them, `ans`, multi-line input, errors printed
   without leaving the session. */
Test(cli, repl_evaluates_and_keeps_ans, .timeout = 60)
{
    pid_t pid;
    int master = spawn_on_pty((const char *const[]){"-q", "--color=no", NULL}, &pid);
    char *acc = calloc(1, 1);
    size_t len = 0;
    cr_expect(pty_read_until(master, &acc, &len, 0, "julep> "), "no prompt; got:\n%s", acc);
    char *r = repl_line(master, &acc, &len, "2 + 3");
    cr_expect(strstr(r, "\r\n5\r\n") != NULL, "2 + 3 gave:\n%s", r);
    free(r);
    r = repl_line(master, &acc, &len, "ans * 2");
    cr_expect(strstr(r, "\r\n10\r\n") != NULL, "ans * 2 gave:\n%s", r);
    free(r);
    /* a definition over several lines is evaluated once complete */
    cr_assert(write(master, "function twice(x)\n", 18) == 18);
    cr_assert(write(master, "    2x\n", 7) == 7);
    r = repl_line(master, &acc, &len, "end");
    cr_expect(strstr(r, "twice (generic function with 1 method)") != NULL, "definition gave:\n%s", r);
    free(r);
    r = repl_line(master, &acc, &len, "error(\"bad\")");
    cr_expect(strstr(r, "ERROR: bad") != NULL, "error gave:\n%s", r);
    free(r);
    r = repl_line(master, &acc, &len, "twice(21)");
    cr_expect(strstr(r, "\r\n42\r\n") != NULL, "the session did not survive the error:\n%s", r);
    free(r);
    r = repl_line(master, &acc, &len, "[1, 2]");
    cr_expect(strstr(r, "2-element Vector{Int64}:\r\n 1\r\n 2\r\n") != NULL, "a vector displays as:\n%s", r);
    free(r);
    /* the REPL's display is limited to the terminal (:limit): a Dict's keys are padded to one width */
    r = repl_line(master, &acc, &len, "Dict(\"a\" => 1, \"bbb\" => 2)");
    cr_expect(strstr(r, "\r\n  \"a\"   => 1") != NULL && strstr(r, "\r\n  \"bbb\" => 2") != NULL,
              "a Dict displays as:\n%s", r);
    free(r);
    r = repl_line(master, &acc, &len, "nothing");
    const char *echo = strstr(r, "nothing"); /* the terminal echoes the line; no result follows */
    cr_expect(echo != NULL && strstr(echo + 7, "nothing") == NULL, "nothing should print no result:\n%s", r);
    free(r);
    expect_eof_exits_0(master, pid, &acc, &len);
    free(acc);
}

Test(cli, repl_quiet_has_no_banner, .timeout = 30)
{
    pid_t pid;
    int master = spawn_on_pty((const char *const[]){"-q", "--color=no", NULL}, &pid);
    char *acc = calloc(1, 1);
    size_t len = 0;
    cr_expect(pty_read_until(master, &acc, &len, 0, "julep> "), "no prompt; got:\n%s", acc);
    cr_expect(strstr(acc, "julep " JULEP_VERSION_STRING) == NULL, "-q printed a banner:\n%s", acc);
    expect_eof_exits_0(master, pid, &acc, &len);
    free(acc);
}

Test(cli, repl_ctrl_c_drops_the_line, .timeout = 30)
{
    pid_t pid;
    int master = spawn_on_pty((const char *const[]){"-q", "--color=no", NULL}, &pid);
    char *acc = calloc(1, 1);
    size_t len = 0;
    cr_expect(pty_read_until(master, &acc, &len, 0, "julep> "), "no prompt; got:\n%s", acc);
    cr_assert(write(master, "half a line\003", 12) == 12); /* Ctrl-C: the terminal sends SIGINT */
    size_t before = len;
    cr_expect(pty_read_until(master, &acc, &len, before, "julep> "), "no prompt after ^C:\n%s", acc);
    cr_expect(strstr(acc + before, "ERROR") == NULL, "the dropped line was evaluated:\n%s", acc);
    expect_eof_exits_0(master, pid, &acc, &len);
    free(acc);
}

/* ---------------------------------------------------------------- jl_parse_opts directly */

typedef struct {
    jl_options_t o;
    int argc;
    char **argv;
    int result;
    char *err;
} parsed_t;

static parsed_t parse_v(const char *const *args)
{
    static char *argv[64];
    int n = 0;
    argv[n++] = "julep";
    for (; *args != NULL; args++)
        argv[n++] = (char *)*args;
    argv[n] = NULL;
    parsed_t p = {.argc = n, .argv = argv};
    jl_options_default(&p.o);
    p.result = jl_parse_opts(&p.argc, &p.argv, &p.o, &p.err);
    return p;
}
#define PARSE(...) parse_v((const char *const[]){__VA_ARGS__, NULL})
#define PARSE0() parse_v((const char *const[]){NULL})

Test(cli, defaults_are_julias)
{
    parsed_t p = PARSE0();
    cr_assert_eq(p.result, JL_PARSE_OK);
    cr_expect_eq(p.argc, 0);
    cr_expect_eq(p.o.compile_enabled, JL_OPTIONS_COMPILE_YES);
    cr_expect_eq(p.o.opt_level, 2);
    cr_expect_eq(p.o.check_bounds, JL_OPTIONS_CHECK_BOUNDS_DEFAULT);
    cr_expect_eq(p.o.startupfile, JL_OPTIONS_STARTUPFILE_ON);
    cr_expect_eq(p.o.color, JL_OPTIONS_DEFAULT);
    cr_expect_eq(p.o.banner, JL_OPTIONS_BANNER_DEFAULT);
    cr_expect_eq(p.o.historyfile, JL_OPTIONS_YES);
    cr_expect_eq(p.o.use_sysimage_native_code, JL_OPTIONS_YES);
    cr_expect_eq(p.o.use_compiled_modules, JL_OPTIONS_YES);
    cr_expect_eq(p.o.use_pkgimages, JL_OPTIONS_PKGIMAGES_YES);
    cr_expect_eq(p.o.can_inline, 1);
    cr_expect_eq(p.o.warn_scope, 1);
    cr_expect_eq(p.o.handle_signals, 1);
    cr_expect_eq(p.o.nthreads, 1);
    cr_expect_eq(p.o.nprocs, 0);
    cr_expect_eq(p.o.ncmds, 0);
    cr_expect_null(p.o.programfile);
    cr_expect_null(p.o.trace_startup);
    cr_expect_null(p.o.trace_compile);
    cr_expect_eq(p.o.quiet, 0);
    cr_expect_eq(p.o.isinteractive, 0);
}

Test(cli, parse_many_options)
{
    parsed_t p = PARSE("-q", "--banner=yes", "-J", "my.so", "--startup-file=no", "--handle-signals=no",
                       "--sysimage-native-code=no", "--compiled-modules=no", "--pkgimages=existing",
                       "--history-file=no", "--color=yes", "--compile=min", "-O1", "--min-optlevel=1",
                       "-g0", "--inline=no", "--check-bounds=no", "--math-mode=ieee", "--depwarn=error",
                       "--warn-overwrite=yes", "--warn-scope=no", "-C", "skylake", "--heap-size-hint=2G",
                       "--trace-compile=stderr", "--trace-startup=/tmp/t", "--image-codegen",
                       "--output-o", "sys.o", "--output-ji", "sys.ji", "--output-bc", "sys.bc",
                       "--output-unopt-bc", "u.bc", "--output-asm", "s.s", "--output-incremental=yes",
                       "--permalloc-pkgimg=yes", "--strip-metadata", "--strip-ir", "--project",
                       "-H", "/opt/bin", "--machine-file", "hosts", "-i");
    cr_assert_eq(p.result, JL_PARSE_OK, "%s", p.err ? p.err : "");
    cr_expect_eq(p.o.quiet, 1);
    cr_expect_eq(p.o.banner, 1);
    cr_expect_str_eq(p.o.image_file, "my.so");
    cr_expect_eq(p.o.image_file_specified, 1);
    cr_expect_eq(p.o.startupfile, JL_OPTIONS_STARTUPFILE_OFF);
    cr_expect_eq(p.o.handle_signals, 0);
    cr_expect_eq(p.o.use_sysimage_native_code, 0);
    cr_expect_eq(p.o.use_compiled_modules, 0);
    cr_expect_eq(p.o.use_pkgimages, JL_OPTIONS_PKGIMAGES_EXISTING);
    cr_expect_eq(p.o.historyfile, 0);
    cr_expect_eq(p.o.color, 1);
    cr_expect_eq(p.o.compile_enabled, JL_OPTIONS_COMPILE_MIN);
    cr_expect_eq(p.o.opt_level, 1);
    cr_expect_eq(p.o.opt_level_min, 1);
    cr_expect_eq(p.o.debug_level, 0);
    cr_expect_eq(p.o.can_inline, 0);
    cr_expect_eq(p.o.check_bounds, JL_OPTIONS_CHECK_BOUNDS_OFF);
    cr_expect_eq(p.o.fast_math, JL_OPTIONS_FAST_MATH_OFF);
    cr_expect_eq(p.o.depwarn, JL_OPTIONS_DEPWARN_ERROR);
    cr_expect_eq(p.o.warn_overwrite, 1);
    cr_expect_eq(p.o.warn_scope, 0);
    cr_expect_str_eq(p.o.cpu_target, "skylake");
    cr_expect_eq(p.o.heap_size_hint, 2LL << 30);
    cr_expect_str_eq(p.o.trace_compile, "stderr");
    cr_expect_str_eq(p.o.trace_startup, "/tmp/t");
    cr_expect_eq(p.o.image_codegen, 1);
    cr_expect_str_eq(p.o.outputo, "sys.o");
    cr_expect_str_eq(p.o.outputji, "sys.ji");
    cr_expect_str_eq(p.o.outputbc, "sys.bc");
    cr_expect_str_eq(p.o.outputunoptbc, "u.bc");
    cr_expect_str_eq(p.o.outputasm, "s.s");
    cr_expect_str_eq(p.o.image_file, "my.so", "-J keeps its image when writing one");
    cr_expect_eq(p.o.incremental, 1);
    cr_expect_eq(p.o.permalloc_pkgimg, 1);
    cr_expect_eq(p.o.strip_metadata, 1);
    cr_expect_eq(p.o.strip_ir, 1);
    cr_expect_str_eq(p.o.project, "@.");
    cr_expect_str_eq(p.o.julep_bindir, "/opt/bin");
    cr_expect_str_eq(p.o.machine_file, "hosts");
    cr_expect_eq(p.o.isinteractive, 1);
    cr_expect_eq(p.argc, 0);
}

Test(cli, parse_output_without_sysimage_clears_the_image)
{
    parsed_t p = PARSE("--output-o", "x.o");
    cr_assert_eq(p.result, JL_PARSE_OK);
    cr_expect_null(p.o.image_file);
    cr_expect_eq(p.o.image_file_specified, 0);
}

Test(cli, parse_combined_short_switches)
{
    parsed_t p = PARSE("-qiO3", "-ecode", "-Eshow", "-L", "f.jl");
    cr_assert_eq(p.result, JL_PARSE_OK, "%s", p.err ? p.err : "");
    cr_expect_eq(p.o.quiet, 1);
    cr_expect_eq(p.o.banner, 0, "-q turns off the banner unless --banner said otherwise");
    cr_expect_eq(p.o.isinteractive, 1);
    cr_expect_eq(p.o.opt_level, 3);
    cr_assert_eq(p.o.ncmds, 3);
    cr_expect_str_eq(p.o.cmds[0], "ecode");
    cr_expect_str_eq(p.o.cmds[1], "Eshow");
    cr_expect_str_eq(p.o.cmds[2], "Lf.jl");
    cr_expect_null(p.o.cmds[3]);
    cr_expect_str_eq(p.o.load, "f.jl");
}

Test(cli, parse_optimize_forms)
{
    cr_expect_eq(PARSE("-O").o.opt_level, 3, "bare -O at the end");
    cr_expect_eq(PARSE("--optimize").o.opt_level, 3);
    cr_expect_eq(PARSE("--optimize=0").o.opt_level, 0);
    cr_expect_eq(PARSE("-O", "1").o.opt_level, 1);
    cr_expect_eq(PARSE("-O0").o.opt_level, 0);
    cr_expect_eq(PARSE("--min-optlevel").o.opt_level_min, 0);
    cr_expect_eq(PARSE("-g").o.debug_level, 2);
    cr_expect_eq(PARSE("--debug-info=1").o.debug_level, 1);
    parsed_t bad = PARSE("--optimize=4");
    cr_expect_eq(bad.result, JL_PARSE_ERROR);
    cr_expect_str_eq(bad.err, "julep: invalid argument to -O/--optimize={0|1|2|3} (4)");
}

Test(cli, parse_program_file_and_args)
{
    parsed_t p = PARSE("-q", "prog.jl", "-e", "x", "--", "y");
    cr_assert_eq(p.result, JL_PARSE_OK);
    cr_expect_eq(p.o.ncmds, 0, "switches after the program file belong to it");
    cr_expect_str_eq(p.o.programfile, "prog.jl");
    cr_assert_eq(p.o.nargs, 4);
    cr_expect_str_eq(p.o.args[0], "-e");
    cr_expect_str_eq(p.o.args[3], "y");
    cr_expect_eq(p.argc, 5);
    cr_expect_str_eq(p.argv[0], "prog.jl");

    parsed_t d = PARSE("-q", "--", "-odd-name.jl", "a");
    cr_assert_eq(d.result, JL_PARSE_OK);
    cr_expect_str_eq(d.o.programfile, "-odd-name.jl");
    cr_assert_eq(d.o.nargs, 1);
    cr_expect_str_eq(d.o.args[0], "a");

    parsed_t e = PARSE("-e", "code", "file.jl", "a");
    cr_assert_eq(e.result, JL_PARSE_OK);
    cr_expect_null(e.o.programfile, "with -e every argument is an ARG");
    cr_assert_eq(e.o.nargs, 2);
    cr_expect_str_eq(e.o.args[0], "file.jl");

    parsed_t l = PARSE("-L", "setup.jl", "main.jl");
    cr_expect_str_eq(l.o.programfile, "main.jl", "-L does not take the program's place");

    parsed_t s = PARSE("-");
    cr_expect_str_eq(s.o.programfile, "-");
}

Test(cli, parse_long_forms_and_prefixes)
{
    parsed_t p = PARSE("--eval", "a", "--print=b", "--load=c", "--sysimage=s.so", "--cpu-target=native",
                       "--quiet", "--interactive", "--threads=auto", "--procs=auto", "--vers");
    cr_assert_eq(p.result, JL_PARSE_VERSION, "--vers is an unambiguous prefix of --version");
    cr_expect_str_eq(p.o.cmds[0], "ea");
    cr_expect_str_eq(p.o.cmds[1], "Eb");
    cr_expect_str_eq(p.o.cmds[2], "Lc");
    cr_expect_str_eq(p.o.image_file, "s.so");
    cr_expect_str_eq(p.o.cpu_target, "native");
    cr_expect_eq(p.o.nthreads, -1);
    cr_expect_eq(p.o.nprocs, -1);
    cr_expect_eq(PARSE("--help").result, JL_PARSE_HELP);
    cr_expect_eq(PARSE("-h").result, JL_PARSE_HELP);
    cr_expect_eq(PARSE("--help-hidden").result, JL_PARSE_HELP_HIDDEN);
}

Test(cli, parse_threads)
{
    parsed_t a = PARSE("-t", "4");
    cr_expect_eq(a.o.nthreads, 4);
    cr_expect_eq(a.o.nthreads_interactive, 0);
    parsed_t b = PARSE("-t4,2");
    cr_expect_eq(b.o.nthreads, 4);
    cr_expect_eq(b.o.nthreads_interactive, 2);
    parsed_t c = PARSE("--threads=auto,auto");
    cr_expect_eq(c.o.nthreads, -1);
    cr_expect_eq(c.o.nthreads_interactive, 1);
    cr_expect_eq(PARSE("-t", "4x").result, JL_PARSE_ERROR);
    parsed_t d = PARSE("-t", "2,0");
    cr_expect_eq(d.result, JL_PARSE_ERROR);
    cr_expect_str_eq(d.err, "julep: -t,--threads=<n>,<m>; n and m must be integers >= 1");
    parsed_t g = PARSE("--gcthreads=3,1");
    cr_expect_eq(g.o.nmarkthreads, 3);
    cr_expect_eq(g.o.nsweepthreads, 1);
    cr_expect_eq(PARSE("--gcthreads=3,2").result, JL_PARSE_ERROR);
}

Test(cli, parse_coverage_and_allocation)
{
    cr_expect_eq(PARSE("--code-coverage").o.code_coverage, JL_LOG_USER);
    cr_expect_eq(PARSE("--code-coverage=all").o.code_coverage, JL_LOG_ALL);
    cr_expect_eq(PARSE("--code-coverage=none").o.code_coverage, JL_LOG_NONE);
    parsed_t p = PARSE("--code-coverage=@src");
    cr_expect_eq(p.o.code_coverage, JL_LOG_PATH);
    cr_expect_str_eq(p.o.tracked_path, "src");
    parsed_t i = PARSE("--code-coverage=lcov.info");
    cr_expect_eq(i.o.code_coverage, JL_LOG_ALL);
    cr_expect_str_eq(i.o.output_code_coverage, "lcov.info");
    cr_expect_eq(PARSE("--track-allocation").o.malloc_log, JL_LOG_USER);
    cr_expect_eq(PARSE("--track-allocation=all").o.malloc_log, JL_LOG_ALL);
    parsed_t bad = PARSE("--track-allocation=x.info");
    cr_expect_eq(bad.result, JL_PARSE_ERROR);
    cr_expect_str_eq(bad.err, "julep: invalid argument to --track-allocation={none|user|all} (x.info)");
}

Test(cli, parse_heap_size_hint)
{
    cr_expect_eq(PARSE("--heap-size-hint=1000").o.heap_size_hint, 1000);
    cr_expect_eq(PARSE("--heap-size-hint=500M").o.heap_size_hint, 500LL << 20);
    cr_expect_eq(PARSE("--heap-size-hint=500mb").o.heap_size_hint, 500LL << 20);
    cr_expect_eq(PARSE("--heap-size-hint", "1.5k").o.heap_size_hint, 1536);
    cr_expect_eq(PARSE("--heap-size-hint=1T").o.heap_size_hint, 1LL << 40);
    cr_expect_gt(PARSE("--heap-size-hint=10%").o.heap_size_hint, 0);
    cr_expect_eq(PARSE("--heap-size-hint=0").result, JL_PARSE_ERROR);
    cr_expect_eq(PARSE("--heap-size-hint=5Q").result, JL_PARSE_ERROR);
    cr_expect_eq(PARSE("--heap-size-hint=5MBB").result, JL_PARSE_ERROR);
    cr_expect_eq(PARSE("--heap-size-hint=101%").result, JL_PARSE_ERROR);
}

Test(cli, parse_trace_startup_forms)
{
    cr_expect_str_eq(PARSE("--trace-startup").o.trace_startup, "stderr");
    cr_expect_str_eq(PARSE("--trace-startup=stderr").o.trace_startup, "stderr");
    cr_expect_str_eq(PARSE("--trace-startup=/x/y").o.trace_startup, "/x/y");
    parsed_t p = PARSE("--trace-startup", "file.jl");
    cr_expect_str_eq(p.o.trace_startup, "stderr", "an optional value must be attached with =");
    cr_expect_str_eq(p.o.programfile, "file.jl");
    cr_expect_eq(PARSE("--trace-startup=").result, JL_PARSE_ERROR);
}

Test(cli, parse_enumerated_values)
{
    cr_expect_eq(PARSE("--banner=auto").o.banner, JL_OPTIONS_BANNER_DEFAULT);
    cr_expect_eq(PARSE("--banner=no").o.banner, 0);
    cr_expect_eq(PARSE("-q", "--banner=yes").o.banner, 1);
    cr_expect_eq(PARSE("--banner=yes", "-q").o.banner, 1);
    cr_expect_eq(PARSE("--color=no").o.color, 0);
    cr_expect_eq(PARSE("--color=auto").o.color, JL_OPTIONS_DEFAULT);
    cr_expect_eq(PARSE("--compile=no").o.compile_enabled, JL_OPTIONS_COMPILE_NO);
    cr_expect_eq(PARSE("--compile=all").o.compile_enabled, JL_OPTIONS_COMPILE_ALL);
    cr_expect_eq(PARSE("--compile", "yes").o.compile_enabled, JL_OPTIONS_COMPILE_YES);
    cr_expect_eq(PARSE("--check-bounds=yes").o.check_bounds, JL_OPTIONS_CHECK_BOUNDS_ON);
    cr_expect_eq(PARSE("--check-bounds=auto").o.check_bounds, JL_OPTIONS_CHECK_BOUNDS_DEFAULT);
    cr_expect_eq(PARSE("--pkgimages=no").o.use_pkgimages, JL_OPTIONS_PKGIMAGES_NO);
    cr_expect_eq(PARSE("--startup-file=yes").o.startupfile, JL_OPTIONS_STARTUPFILE_ON);
    cr_expect_eq(PARSE("--math-mode=fast").o.fast_math, JL_OPTIONS_FAST_MATH_ON);
    cr_expect_eq(PARSE("--output-incremental=no").o.incremental, 0);
    cr_expect_eq(PARSE("--depwarn=yes").o.depwarn, 1);
    cr_expect_eq(PARSE("--worker").o.worker, 1);
    cr_expect_str_eq(PARSE("--project=/p").o.project, "/p");
    parsed_t p = PARSE("--compiled-modules=existing");
    cr_expect_eq(p.result, JL_PARSE_ERROR, "julia 1.10 knows only yes and no");
    cr_expect_str_eq(p.err, "julep: invalid argument to --compiled-modules={yes|no} (existing)");
}

Test(cli, parse_errors_stop_at_the_first)
{
    parsed_t p = PARSE("--bogus", "--compile=x");
    cr_expect_eq(p.result, JL_PARSE_ERROR);
    cr_expect_str_eq(p.err, "julep: unknown option `--bogus`");
    parsed_t q = PARSE("-q", "-O");
    cr_expect_eq(q.result, JL_PARSE_OK);
    parsed_t r = PARSE("-p");
    cr_expect_str_eq(r.err, "julep: option `-p/--procs` is missing an argument");
    parsed_t s = PARSE("--machine-file");
    cr_expect_str_eq(s.err, "julep: option `--machine-file` is missing an argument");
}

/* ---------------------------------------------------------------- the warning list */

static char *warnings_for(const jl_options_t *o, int *count)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    *count = jl_options_warn_unsupported(o, f);
    fclose(f);
    return text;
}

Test(cli, warnings_only_for_behaviour_changes)
{
    int n;
    parsed_t quiet = PARSE("-t", "1", "--code-coverage=none", "--math-mode=user", "-O3", "-J", "x.so",
                           "--output-o", "x.o", "--output-incremental=no", "--output-bc", "x.bc");
    char *t = warnings_for(&quiet.o, &n);
    cr_expect_eq(n, 0);
    cr_expect_str_eq(t, "");
    free(t);
    parsed_t loud = PARSE("-t", "2", "-p", "1", "--machine-file=m", "--track-allocation",
                          "--heap-size-hint=1G", "--bug-report=rr", "--math-mode=fast", "--gcthreads=2");
    t = warnings_for(&loud.o, &n);
    cr_expect_eq(n, 8, "%s", t);
    cr_expect(strstr(t, "julep: warning: --threads is not yet supported\n") != NULL, "%s", t);
    cr_expect(strstr(t, "julep: warning: --procs is not yet supported\n") != NULL, "%s", t);
    cr_expect(strstr(t, "julep: warning: --track-allocation is not yet supported\n") != NULL, "%s", t);
    cr_expect(strstr(t, "julep: warning: --math-mode=fast is not yet supported\n") != NULL, "%s", t);
    free(t);
    parsed_t inc = PARSE("--output-o", "x.o", "--output-incremental=yes");
    t = warnings_for(&inc.o, &n);
    cr_expect_eq(n, 1, "%s", t);
    cr_expect_str_eq(t, "julep: warning: --output-incremental=yes is not yet supported\n");
    free(t);
}
