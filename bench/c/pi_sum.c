/* pi_sum -- Julia Microbenchmarks: sum of 1/k^2 for k = 1..n, repeated 500 times. args: n reps */
#include <math.h>
#include "bench.h"

static double pisum(long n)
{
    double sum = 0.0;
    for (int j = 0; j < 500; j++) {
        sum = 0.0;
        for (long k = 1; k <= n; k++)
            sum += 1.0 / (double)(k * k);
    }
    return sum;
}

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 10000), reps = bench_arg(argc, argv, 2, 1);
    long *ns = bench_inputs(n, reps);
    double best = 1e300, s = pisum(n), acc = 0;
    for (int trial = 0; trial < BENCH_TRIALS; trial++) {
        double t0 = bench_now();
        acc = 0;
        for (long k = 0; k < reps; k++)
            acc += pisum(ns[k]);
        bench_trial(trial, (bench_now() - t0) / reps, &best);
        if (fabs(acc - reps * s) > 1e-9 * reps)
            bench_fail("pisum gave different sums for the same n");
    }
    free(ns);
    /* the tail of the series beyond n is about 1/n */
    if (fabs(s - M_PI * M_PI / 6) > 1.0 / n + 1e-9)
        bench_fail("pi_sum is not close to pi^2/6");
    if (n == 10000 && fabs(s - 1.644834071848065) > 1e-12)
        bench_fail("pisum(10000) differs from 1.644834071848065");
    printf("pi_sum(%ld) = %.12f\n", n, s);
    bench_report(best);
    return 0;
}
