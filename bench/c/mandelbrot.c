/* mandelbrot -- Benchmarks Game mandelbrot: n x n bitmap of the Mandelbrot set as a binary PBM (P4) on
 * stdout, 50 iterations, escape at |z|^2 > 4. args: n */
#include "bench.h"

int main(int argc, char **argv)
{
    long n = bench_arg(argc, argv, 1, 200), rowbytes = (n + 7) / 8;
    unsigned char *row = malloc(rowbytes);
    int center_inside = -1; /* the pixel at c = -1 + 0im (in the set) when n is a multiple of 4 */
    printf("P4\n%ld %ld\n", n, n);
    for (long y = 0; y < n; y++) {
        double ci = 2.0 * y / n - 1.0;
        for (long xb = 0; xb < rowbytes; xb++) {
            unsigned bits = 0;
            for (long x = xb * 8; x < xb * 8 + 8; x++) {
                double cr = 2.0 * x / n - 1.5, zr = 0, zi = 0, tr = 0, ti = 0;
                int inside = 1;
                for (int i = 0; i < 50; i++) {
                    zi = 2.0 * zr * zi + ci;
                    zr = tr - ti + cr;
                    tr = zr * zr;
                    ti = zi * zi;
                    if (tr + ti > 4.0) {
                        inside = 0;
                        break;
                    }
                }
                bits = (bits << 1) | (unsigned)(inside && x < n);
                if (n % 4 == 0 && y == n / 2 && x == n / 4)
                    center_inside = inside;
            }
            row[xb] = (unsigned char)bits;
        }
        fwrite(row, 1, rowbytes, stdout);
    }
    if (center_inside == 0 || (row[0] & 0x80))
        bench_fail("-1+0im must be inside, the last row's first pixel outside");
    free(row);
    return 0;
}
