/* test_iostream.c -- the buffered descriptor streams under Base.IOStream (src/iostream.c). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testutil.h"
#include "iostream.h"

TestSuite(iostream);

/* a pipe whose read end does not block, so tests can see what has reached the descriptor */
static void nonblocking_pipe(int fds[2])
{
    cr_assert_eq(pipe(fds), 0);
    fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
}

static ssize_t drain(int fd, char *buf, size_t n)
{
    ssize_t r = read(fd, buf, n);
    return r < 0 ? 0 : r;
}

Test(iostream, buffered_output_waits_for_flush)
{
    int fds[2];
    char buf[64];
    nonblocking_pipe(fds);
    jl_ios_t *s = jl_ios_fdopen(fds[1], 16, 1);
    cr_assert_not_null(s);
    cr_assert_eq(jl_ios_write(s, (const uint8_t *)"hello", 5), 0);
    cr_assert_eq(s->size, 5);
    cr_assert_eq(drain(fds[0], buf, sizeof buf), 0);
    cr_assert_eq(jl_ios_flush(s), 0);
    cr_assert_eq(s->size, 0);
    cr_assert_eq(drain(fds[0], buf, sizeof buf), 5);
    cr_assert_eq(memcmp(buf, "hello", 5), 0);
    jl_ios_free(s);
    close(fds[0]);
}

Test(iostream, full_buffer_and_large_writes_keep_order)
{
    int fds[2];
    char buf[256];
    nonblocking_pipe(fds);
    jl_ios_t *s = jl_ios_fdopen(fds[1], 8, 1);
    cr_assert_eq(jl_ios_write(s, (const uint8_t *)"abcdef", 6), 0);
    cr_assert_eq(jl_ios_write(s, (const uint8_t *)"ghij", 4), 0);          /* does not fit: flush, keep */
    cr_assert_eq(jl_ios_write(s, (const uint8_t *)"0123456789AB", 12), 0); /* larger than the buffer */
    cr_assert_eq(jl_ios_close(s), 0);
    ssize_t n = drain(fds[0], buf, sizeof buf);
    cr_assert_eq(n, 22);
    cr_assert_eq(memcmp(buf, "abcdefghij0123456789AB", 22), 0);
    /* a closed stream refuses writes and stays closed */
    cr_assert_eq(jl_ios_write(s, (const uint8_t *)"x", 1), EBADF);
    cr_assert_eq(s->fd, -1);
    cr_assert_eq(jl_ios_close(s), 0);
    jl_ios_free(s);
    close(fds[0]);
}

Test(iostream, unbuffered_stream_writes_through)
{
    int fds[2];
    char buf[16];
    nonblocking_pipe(fds);
    jl_ios_t *s = jl_ios_fdopen(fds[1], 0, 1);
    cr_assert_eq(s->cap, 0);
    cr_assert_eq(jl_ios_write(s, (const uint8_t *)"xyz", 3), 0);
    cr_assert_eq(drain(fds[0], buf, sizeof buf), 3);
    jl_ios_free(s);
    close(fds[0]);
}

Test(iostream, flush_all_writes_every_open_stream)
{
    int a[2], b[2];
    char buf[16];
    nonblocking_pipe(a);
    nonblocking_pipe(b);
    jl_ios_t *s = jl_ios_fdopen(a[1], 64, 1), *t = jl_ios_fdopen(b[1], 64, 1);
    jl_ios_write(s, (const uint8_t *)"one", 3);
    jl_ios_write(t, (const uint8_t *)"two", 3);
    jl_ios_flush_all();
    cr_assert_eq(drain(a[0], buf, sizeof buf), 3);
    cr_assert_eq(drain(b[0], buf, sizeof buf), 3);
    cr_assert_eq(memcmp(buf, "two", 3), 0);
    jl_ios_free(s);
    jl_ios_free(t);
    close(a[0]);
    close(b[0]);
}

Test(iostream, std_streams_are_shared)
{
    cr_assert_null(jl_ios_std(3));
    jl_ios_t *o = jl_ios_std(1);
    cr_assert_not_null(o);
    cr_assert_eq(jl_ios_std(1), o);
    cr_assert_eq(o->fd, 1);
    cr_assert_eq(o->cap > 0, !isatty(1)); /* buffered unless a terminal */
    cr_assert_eq(jl_ios_std(2)->cap, 0);  /* stderr never waits */
    jl_ios_free(o); /* never frees a std stream */
    cr_assert_eq(jl_ios_std(1), o);
    cr_assert_eq(o->fd, 1);
}

/* stdout and stderr on one pipe (`2>&1`): stdout's bytes wait in its buffer until stderr is written
   to, and then come first (each test runs in its own process, so descriptors 1 and 2 are ours) */
Test(iostream, stdout_to_a_pipe_is_buffered_and_flushed_before_stderr)
{
    int fds[2];
    char buf[64];
    nonblocking_pipe(fds);
    cr_assert_eq(dup2(fds[1], 1), 1);
    cr_assert_eq(dup2(fds[1], 2), 2);
    close(fds[1]);
    jl_ios_t *out = jl_ios_std(1), *err = jl_ios_std(2);
    cr_assert_gt(out->cap, 0);
    cr_assert_eq(jl_ios_write(out, (const uint8_t *)"out ", 4), 0);
    cr_assert_eq(drain(fds[0], buf, sizeof buf), 0);
    cr_assert_eq(jl_ios_write(err, (const uint8_t *)"err", 3), 0);
    ssize_t n = drain(fds[0], buf, sizeof buf);
    cr_assert_eq(n, 7);
    cr_assert_eq(memcmp(buf, "out err", 7), 0);
    cr_assert_eq(jl_ios_write(out, (const uint8_t *)"late", 4), 0);
    jl_ios_flush_stdout(); /* what C code calls before it writes */
    cr_assert_eq(drain(fds[0], buf, sizeof buf), 4);
    close(fds[0]);
}
