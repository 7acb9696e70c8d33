"""mandelbrot.py -- Benchmarks Game mandelbrot: n x n bitmap of the Mandelbrot set as a binary PBM (P4)
on stdout, 50 iterations, escape at |z|^2 > 4. args: n"""
import sys


def mandelbrot(out, n):
    rowbytes = (n + 7) // 8
    center_inside = True  # c = -1 + 0im; checked when n is a multiple of 4
    out.write(b"P4\n%d %d\n" % (n, n))
    row = bytearray(rowbytes)
    for y in range(n):
        ci = 2.0 * y / n - 1.0
        for xb in range(rowbytes):
            bits = 0
            for x in range(xb * 8, xb * 8 + 8):
                cr = 2.0 * x / n - 1.5
                zr = zi = tr = ti = 0.0
                inside = True
                for _ in range(50):
                    zi = 2.0 * zr * zi + ci
                    zr = tr - ti + cr
                    tr = zr * zr
                    ti = zi * zi
                    if tr + ti > 4.0:
                        inside = False
                        break
                bits = (bits << 1) | (1 if inside and x < n else 0)
                if n % 4 == 0 and y == n // 2 and x == n // 4:
                    center_inside = inside
            row[xb] = bits
        out.write(row)
    if not center_inside or row[0] & 0x80:
        sys.exit("ERROR: -1+0im must be inside, the last row's first pixel outside")


mandelbrot(sys.stdout.buffer, int(sys.argv[1]) if len(sys.argv) > 1 else 200)
