/* spectralnorm -- Benchmarks Game spectral-norm: power method on the infinite matrix
 * A(i,j) = 1/((i+j)(i+j+1)/2+i+1), 10 iterations. args: n */
#include <math.h>
#include "bench.h"

static double eval_a(long i, long j)
{
    return 1.0 / (double)((i + j) * (i + j + 1) / 2 + i + 1);
}

static void mul_av(long n, const double *v, double *av)
{
    for (long i = 0; i < n; i++) {
        double s = 0;
        for (long j = 0; j < n; j++)
            s += eval_a(i, j) * v[j];
        av[i] = s;
    }
}

static void mul_atv(long n, const double *v, double *atv)
{
    for (long i = 0; i < n; i++) {
        double s = 0;
        for (long j = 0; j < n; j++)
            s += eval_a(j, i) * v[j];
        atv[i] = s;
    }
}

static void mul_atav(long n, const double *v, double *out, double *tmp)
{
    mul_av(n, v, tmp);
    mul_atv(n, tmp, out);
}

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 100);
    double *u = malloc(n * sizeof(double)), *v = malloc(n * sizeof(double));
    double *tmp = malloc(n * sizeof(double)), vbv = 0, vv = 0;
    for (long i = 0; i < n; i++)
        u[i] = 1.0;
    for (int i = 0; i < 10; i++) {
        mul_atav(n, u, v, tmp);
        mul_atav(n, v, u, tmp);
    }
    for (long i = 0; i < n; i++) {
        vbv += u[i] * v[i];
        vv += v[i] * v[i];
    }
    double r = sqrt(vbv / vv);
    if (!(r > 1.2 && r < 1.275))
        bench_fail("spectral norm out of range");
    printf("%.9f\n", r);
    free(u);
    free(v);
    free(tmp);
    return 0;
}
