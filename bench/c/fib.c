/* fib -- Julia Microbenchmarks: recursive Fibonacci. args: n reps */
#include "bench.h"

static long fib(long n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static long fib_iter(long n)
{
    long a = 0, b = 1;
    for (long i = 0; i < n; i++) {
        long t = a + b;
        a = b;
        b = t;
    }
    return a;
}

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 30), reps = bench_arg(argc, argv, 2, 1), acc = 0;
    long *ns = bench_inputs(n, reps);
    double best = 1e300;
    for (int trial = 0; trial < BENCH_TRIALS; trial++) {
        double t0 = bench_now();
        acc = 0;
        for (long k = 0; k < reps; k++)
            acc += fib(ns[k]);
        bench_trial(trial, (bench_now() - t0) / reps, &best);
        if (acc != reps * fib_iter(n))
            bench_fail("fib result differs from the iterative value");
    }
    printf("fib(%ld) = %ld\n", n, acc / reps);
    free(ns);
    bench_report(best);
    return 0;
}
