/* matmul -- Julia Microbenchmarks: product of two random n x n matrices through BLAS (OpenBLAS dgemm).
 * Matrices are filled column-major from the suite's LCG. args: n reps */
#include <math.h>
#include <cblas.h>
#include "bench.h"

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 1000), reps = bench_arg(argc, argv, 2, 1);
    double best = 1e300, *a = malloc(n * n * sizeof(double)), *b = malloc(n * n * sizeof(double));
    double *c = malloc(n * n * sizeof(double)), total = 0;
    for (int trial = 0; trial < BENCH_TRIALS; trial++) {
        double t = 0;
        for (long k = 0; k < reps; k++) {
            for (long i = 0; i < n * n; i++)
                a[i] = lcg_float();
            for (long i = 0; i < n * n; i++)
                b[i] = lcg_float();
            double t0 = bench_now();
            cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0, a, n, b, n, 0.0, c, n);
            t += bench_now() - t0;
            /* check one entry against a plain dot product */
            double d = 0;
            for (long j = 0; j < n; j++)
                d += a[j * n + n - 1] * b[j];
            if (fabs(d - c[n - 1]) > 1e-9 * n)
                bench_fail("C[n,1] differs from the dot product");
            total += c[0] + c[n * n - 1];
        }
        bench_trial(trial, t / reps, &best);
    }
    printf("matmul(%ld): corner sum %.6e\n", n, total);
    bench_report(best);
    free(a);
    free(b);
    free(c);
    return 0;
}
