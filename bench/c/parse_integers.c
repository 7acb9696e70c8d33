/* parse_integers -- Julia Microbenchmarks: UInt32 -> hex string -> parse -> compare, n times. args: n reps */
#include <string.h>
#include "bench.h"

static uint32_t parseintperf(long t)
{
    uint32_t n = 0;
    char s[16];
    for (long i = 0; i < t; i++) {
        n = lcg_next();
        snprintf(s, sizeof s, "%x", n);
        uint32_t m = (uint32_t)strtol(s, NULL, 16);
        if (m != n)
            bench_fail("parsed value differs");
    }
    return n;
}

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 1000), reps = bench_arg(argc, argv, 2, 1);
    double best = 1e300;
    uint32_t last = 0;
    for (int trial = 0; trial < BENCH_TRIALS; trial++) {
        double t0 = bench_now();
        for (long k = 0; k < reps; k++)
            last = parseintperf(n);
        bench_trial(trial, (bench_now() - t0) / reps, &best);
    }
    printf("parse_integers(%ld): last = %x\n", n, last);
    bench_report(best);
    return 0;
}
