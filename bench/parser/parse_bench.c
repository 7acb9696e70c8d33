/* parse_bench.c -- parser throughput: parses a .jl file (default bench/parser/sample.jl) repeatedly and
 * prints lines per second and MB per second.
 *   gcc -O2 -Isrc $(pkg-config --cflags bdw-gc) bench/parser/parse_bench.c -o build/parse_bench \
 *       -Lbuild/release/usr/lib -ljulep -Wl,-rpath,$PWD/build/release/usr/lib
 *   build/parse_bench [file.jl] [min_seconds]                                                        */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "julep_internal.h"
#include "parser.h"

static double clock_s(clockid_t c)
{
    struct timespec t;
    clock_gettime(c, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
static double cpu(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "bench/parser/sample.jl";
    double min_s = argc > 2 ? atof(argv[2]) : 1.0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *src = malloc(n + 1);
    if (fread(src, 1, n, f) != (size_t)n)
        return 1;
    fclose(f);
    src[n] = 0;
    long lines = 0;
    for (long i = 0; i < n; i++)
        lines += src[i] == '\n';
    jl_options_t o;
    jl_options_default(&o);
    jl_init(&o);
    jl_parse_errinfo_t e;
    jl_value_t *r;
    if (jl_parse_string_status(src, n, path, 1, 0, 1, &r, NULL, &e)) {
        fprintf(stderr, "%s\n", e.text);
        return 1;
    }
    long iters = 0;
    double t0 = now(), c0 = cpu(), t;
    do {
        jl_parse_string_status(src, n, path, 1, 0, 1, &r, NULL, &e);
        iters++;
    } while ((t = now() - t0) < min_s);
    double c = cpu() - c0;
    printf("%s: %ld lines, %ld bytes, %ld parses in %.2f s wall, %.2f s CPU: %.0f lines/s (CPU time), "
           "%.0f lines/s (wall), %.1f MB/s (CPU)\n", path, lines, n, iters, t, c, lines * iters / c,
           lines * iters / t, n * iters / c / 1e6);
    return 0;
}
