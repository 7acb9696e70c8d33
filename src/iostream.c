/*
 * iostream.c -- the buffered file-descriptor layer under Base.IOStream (a small cousin of Julia's
 * ios_t). Each stream is a malloc'ed jl_ios_t holding a write buffer; base/io.jl appends to the buffer
 * itself (the field offsets of jl_ios_t are an ABI shared with base/io.jl and must not change) and
 * calls in here only when the buffer is full, to flush, or for unbuffered streams.
 *
 * Invariants:
 * - every open stream is on one list, and the process flushes the list when it exits (a libc atexit
 *   handler, so exit(), Base.exit and the uncaught-error path all write pending output);
 * - an unbuffered stream (cap == 0) writes straight through; before anything is written to stderr,
 *   pending output of stdout is written, so the two appear in the order they were produced;
 * - stdout is buffered unless it is a terminal (Julia's stdout on a file is a buffered IOStream too);
 *   besides the cases above it is written out before stdin is read (base/io.jl), before the C runtime
 *   writes to stdout or stderr (jl_ios_flush_stdout), and when SIGINT or SIGTERM ends the process;
 * - a closed stream points at no buffer and has fd -1; writing to it is an error (errno EBADF).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "julep_internal.h"
#include "iostream.h"

static jl_ios_t *all_streams;
static jl_ios_t *std_streams[3];
static int atexit_installed;

static void flush_all_at_exit(void)
{
    jl_ios_flush_all();
}

static void link_stream(jl_ios_t *s)
{
    s->prev = NULL;
    s->next = all_streams;
    if (all_streams)
        all_streams->prev = s;
    all_streams = s;
    if (!atexit_installed) {
        atexit_installed = 1;
        atexit(flush_all_at_exit);
    }
}

static void unlink_stream(jl_ios_t *s)
{
    if (s->prev)
        s->prev->next = s->next;
    else if (all_streams == s)
        all_streams = s->next;
    if (s->next)
        s->next->prev = s->prev;
    s->prev = s->next = NULL;
}

/* write all n bytes to fd, retrying short writes and EINTR; 0 or an errno */
static int write_all(int fd, const uint8_t *p, size_t n)
{
    while (n > 0) {
        ssize_t r = write(fd, p, n);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

/* a new stream on fd with a buffer of bufsize bytes (0: unbuffered); own: close fd with it */
JL_DLLEXPORT jl_ios_t *jl_ios_fdopen(int32_t fd, int64_t bufsize, int32_t own)
{
    jl_ios_t *s = (jl_ios_t *)calloc(1, sizeof(jl_ios_t));
    if (s == NULL)
        return NULL;
    if (bufsize > 0 && (s->buf = (uint8_t *)malloc((size_t)bufsize)) == NULL) {
        free(s);
        return NULL;
    }
    s->cap = bufsize > 0 ? bufsize : 0;
    s->fd = fd;
    s->own = own;
    link_stream(s);
    return s;
}

#define STDOUT_BUFSIZE 65536

/* SIGINT or SIGTERM with its default action: write what stdout holds (write(2) is async-signal-safe;
   a write interrupted mid-append may lose or repeat its own bytes), then die of the signal as before */
static void flush_stdout_and_die(int sig)
{
    jl_ios_t *s = std_streams[1];
    if (s != NULL && s->fd >= 0 && s->size > 0)
        (void)write_all(s->fd, s->buf, (size_t)s->size);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* only signals nobody handles yet: an embedder's or the REPL's own handlers stay in charge */
static void flush_stdout_on_signal(int sig)
{
    struct sigaction old;
    if (sigaction(sig, NULL, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
        return;
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = flush_stdout_and_die;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

/* the process's stream for descriptor 0, 1 or 2 (made on first use, never closed). Only stdout is
   buffered, and only when it is not a terminal: a terminal shows each write at once. */
JL_DLLEXPORT jl_ios_t *jl_ios_std(int32_t fd)
{
    if (fd < 0 || fd > 2)
        return NULL;
    if (std_streams[fd] == NULL) {
        int buffered = fd == 1 && !isatty(fd);
        std_streams[fd] = jl_ios_fdopen(fd, buffered ? STDOUT_BUFSIZE : 0, 0);
        if (buffered) {
            flush_stdout_on_signal(SIGINT);
            flush_stdout_on_signal(SIGTERM);
        }
    }
    return std_streams[fd];
}

/* writes the pending bytes; 0 or an errno (the bytes stay pending on error) */
JL_DLLEXPORT int jl_ios_flush(jl_ios_t *s)
{
    if (s->size == 0)
        return 0;
    if (s->fd < 0)
        return EBADF;
    int err = write_all(s->fd, s->buf, (size_t)s->size);
    if (err == 0)
        s->size = 0;
    return err;
}

/* both writers of descriptor 1, Base's stream and C's FILE stdout: each is flushed whenever the other
   is about to write, so at most one of them holds bytes */
JL_DLLEXPORT void jl_ios_flush_stdout(void)
{
    if (std_streams[1] != NULL)
        jl_ios_flush(std_streams[1]);
    fflush(stdout);
}

JL_DLLEXPORT void jl_ios_flush_all(void)
{
    for (jl_ios_t *s = all_streams; s != NULL; s = s->next)
        jl_ios_flush(s);
}

/* the slow path of Base.unsafe_write: the bytes do not fit the buffer (or there is none); 0 or an
   errno. Large writes go straight to the descriptor after the pending bytes. */
JL_DLLEXPORT int jl_ios_write(jl_ios_t *s, const uint8_t *p, int64_t n)
{
    if (s->fd < 0)
        return EBADF;
    if (s->fd == 2)
        jl_ios_flush_stdout();
    if (s->size + n <= s->cap) {
        memcpy(s->buf + s->size, p, (size_t)n);
        s->size += n;
        return 0;
    }
    int err = jl_ios_flush(s);
    if (err != 0)
        return err;
    if (n < s->cap) {
        memcpy(s->buf, p, (size_t)n);
        s->size = n;
        return 0;
    }
    return write_all(s->fd, p, (size_t)n);
}

/* flushes and (when owned) closes the descriptor; the stream stays allocated, marked closed, until
   jl_ios_free. 0 or the first errno */
JL_DLLEXPORT int jl_ios_close(jl_ios_t *s)
{
    if (s->fd < 0)
        return 0;
    int err = jl_ios_flush(s);
    if (s->own && close(s->fd) != 0 && err == 0)
        err = errno;
    s->fd = -1;
    s->size = 0;
    s->cap = 0;
    free(s->buf);
    s->buf = NULL;
    unlink_stream(s);
    return err;
}

/* the finalizer of an IOStream: close (flushing) and release */
JL_DLLEXPORT void jl_ios_free(jl_ios_t *s)
{
    if (s == NULL)
        return;
    for (int i = 0; i < 3; i++)
        if (std_streams[i] == s)
            return;
    jl_ios_close(s);
    free(s);
}
