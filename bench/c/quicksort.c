/* quicksort -- Julia Microbenchmarks: quicksort of n random floats. args: n reps */
#include "bench.h"

static void qsort_kernel(double *a, long lo, long hi)
{
    long i = lo, j = hi;
    while (i < hi) {
        double pivot = a[(lo + hi) / 2];
        while (i <= j) {
            while (a[i] < pivot)
                i++;
            while (a[j] > pivot)
                j--;
            if (i <= j) {
                double t = a[i];
                a[i] = a[j];
                a[j] = t;
                i++;
                j--;
            }
        }
        if (lo < j)
            qsort_kernel(a, lo, j);
        lo = i;
        j = hi;
    }
}

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 5000), reps = bench_arg(argc, argv, 2, 1);
    double best = 1e300, *a = malloc(n * sizeof(double)), total = 0;
    for (int trial = 0; trial < BENCH_TRIALS; trial++) {
        double t = 0;
        for (long k = 0; k < reps; k++) {
            for (long i = 0; i < n; i++)
                a[i] = lcg_float();
            double t0 = bench_now();
            qsort_kernel(a, 0, n - 1);
            t += bench_now() - t0;
            for (long i = 1; i < n; i++)
                if (a[i - 1] > a[i])
                    bench_fail("array not sorted");
            total += a[n / 2];
        }
        bench_trial(trial, t / reps, &best);
    }
    printf("quicksort(%ld): sorted, median sum %.6f\n", n, total);
    bench_report(best);
    free(a);
    return 0;
}
