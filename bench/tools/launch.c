/* launch.c -- runs one benchmark process for bench/run.py and reports its wall time and max RSS.
 *   launch <fd> cmd [args...]
 * Forks, execs cmd (stdin/stdout/stderr inherited), waits with wait4 and writes "<wall ns> <maxrss KB>
 * <wait status>\n" to file descriptor <fd>; exits 0 unless it could not run at all.
 * Why a launcher: Linux starts a child's max RSS at the size of the process that exec'ed it, so a child
 * of the Python harness would never report less than the harness's own ~18 MB. This program is linked
 * statically to keep that floor well under 1 MB. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fputs("usage: launch <fd> cmd [args...]\n", stderr);
        return 2;
    }
    int fd = atoi(argv[1]);
    long long t0 = now_ns();
    pid_t pid = fork();
    if (pid < 0) {
        perror("launch: fork");
        return 2;
    }
    if (pid == 0) {
        close(fd);
        execvp(argv[2], argv + 2);
        fprintf(stderr, "launch: cannot run %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0) {
        if (errno != EINTR) {
            perror("launch: wait4");
            return 2;
        }
    }
    long long wall = now_ns() - t0;
    char buf[96];
    int len = snprintf(buf, sizeof buf, "%lld %ld %d\n", wall, ru.ru_maxrss, status);
    if (write(fd, buf, (size_t)len) != len)
        return 2;
    return 0;
}
