/* randmatstat -- Julia Microbenchmarks: statistics of trace((P'P)^4) and trace((Q'Q)^4) for random 5x5
 * blocks a b c d with P = [a b c d] (5x20) and Q = [a b; c d] (10x10), t times; BLAS for the products.
 * Normal variates come from the suite's LCG through Box-Muller. args: t reps */
#include <math.h>
#include <string.h>
#include <cblas.h>
#include "bench.h"

static double randn(void)
{
    double u1 = (lcg_next() + 0.5) / 4294967296.0, u2 = lcg_float();
    return sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2);
}

/* trace(X^4) where X = M'M, M is r x c (column-major); work holds 3 c x c matrices */
static double trace_pow4(const double *m, int r, int c, double *work)
{
    double *x = work, *x2 = work + c * c, *x4 = work + 2 * c * c, tr = 0;
    cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, c, c, r, 1.0, m, r, m, r, 0.0, x, c);
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, c, c, c, 1.0, x, c, x, c, 0.0, x2, c);
    cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, c, c, c, 1.0, x2, c, x2, c, 0.0, x4, c);
    for (int i = 0; i < c; i++)
        tr += x4[i * c + i];
    return tr;
}

static double stdratio(const double *v, long t)
{
    double mean = 0, var = 0;
    for (long i = 0; i < t; i++)
        mean += v[i];
    mean /= t;
    for (long i = 0; i < t; i++)
        var += (v[i] - mean) * (v[i] - mean);
    return sqrt(var / (t - 1)) / mean;
}

static void randmatstat(long t, double *s1, double *s2)
{
    enum { n = 5 };
    double a[4][n * n], p[n * 4 * n], q[2 * n * 2 * n], work[3 * 20 * 20];
    double *v = malloc(t * sizeof(double)), *w = malloc(t * sizeof(double));
    for (long i = 0; i < t; i++) {
        for (int k = 0; k < 4; k++)
            for (int j = 0; j < n * n; j++)
                a[k][j] = randn();
        /* P = [a b c d]: the blocks are consecutive columns */
        for (int k = 0; k < 4; k++)
            memcpy(p + k * n * n, a[k], sizeof a[k]);
        /* Q = [a b; c d] (10x10, column-major) */
        for (int col = 0; col < n; col++)
            for (int row = 0; row < n; row++) {
                q[col * 2 * n + row] = a[0][col * n + row];
                q[col * 2 * n + row + n] = a[2][col * n + row];
                q[(col + n) * 2 * n + row] = a[1][col * n + row];
                q[(col + n) * 2 * n + row + n] = a[3][col * n + row];
            }
        v[i] = trace_pow4(p, n, 4 * n, work);
        w[i] = trace_pow4(q, 2 * n, 2 * n, work);
    }
    *s1 = stdratio(v, t);
    *s2 = stdratio(w, t);
    free(v);
    free(w);
}

int main(int argc, char **argv)
{
    long t = bench_arg(argc, argv, 1, 1000), reps = bench_arg(argc, argv, 2, 1);
    double best = 1e300, s1 = 0, s2 = 0;
    for (int trial = 0; trial < BENCH_TRIALS; trial++) {
        double t0 = bench_now();
        for (long k = 0; k < reps; k++)
            randmatstat(t, &s1, &s2);
        bench_trial(trial, (bench_now() - t0) / reps, &best);
        if (!(0.5 < s1 && s1 < 1.0 && 0.5 < s2 && s2 < 1.0))
            bench_fail("randmatstat statistics out of range");
    }
    printf("randmatstat(%ld) = %.4f %.4f\n", t, s1, s2);
    bench_report(best);
    return 0;
}
