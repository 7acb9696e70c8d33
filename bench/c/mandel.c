/* mandel -- Julia Microbenchmarks: escape counts over a complex grid (step 1/n), summed. args: n reps
 * The grid points are r/n + (i/n)im for integers -2n <= r <= n/2, -n <= i <= n; n = 10 is the original
 * benchmark (sum 14791). */
#include <complex.h>
#include "bench.h"

#ifndef CMPLX /* clang with glibc lacks it */
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#endif

static int mandel(double complex z)
{
    double complex c = z;
    int maxiter = 80;
    for (int n = 1; n <= maxiter; n++) {
        if (cabs(z) > 2.0)
            return n - 1;
        z = z * z + c;
    }
    return maxiter;
}

static long mandelperf(long n)
{
    long sum = 0;
    for (long r = -2 * n; r <= n / 2; r++)
        for (long i = -n; i <= n; i++)
            sum += mandel(CMPLX((double)r / n, (double)i / n));
    return sum;
}

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 10), reps = bench_arg(argc, argv, 2, 1), acc = 0;
    long *ns = bench_inputs(n, reps), s = mandelperf(n);
    double best = 1e300;
    if (mandelperf(10) != 14791)
        bench_fail("mandelperf(10) != 14791");
    for (int trial = 0; trial < BENCH_TRIALS; trial++) {
        double t0 = bench_now();
        acc = 0;
        for (long k = 0; k < reps; k++)
            acc += mandelperf(ns[k]);
        bench_trial(trial, (bench_now() - t0) / reps, &best);
        if (acc != reps * s)
            bench_fail("mandelperf gave different sums for the same grid");
    }
    printf("mandel(%ld) = %ld\n", n, s);
    free(ns);
    bench_report(best);
    return 0;
}
