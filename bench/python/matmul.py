"""matmul.py -- Julia Microbenchmarks: product of two random n x n matrices with numpy (Debian's
python3-numpy, BLAS underneath). Only the product is timed. args: n reps"""
import sys
import time

import numpy as np


class LCG:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state

    def float(self):
        return self.next() / 4294967296.0


def random_matrix(g, n):
    # filled column by column, like Julia's column-major comprehension
    return np.array([g.float() for _ in range(n * n)]).reshape((n, n), order="F")


def main(args):
    n = int(args[0]) if len(args) > 0 else 1000
    reps = int(args[1]) if len(args) > 1 else 1
    g = LCG(42)
    best, total = float("inf"), 0.0
    for trial in range(6):
        t = 0.0
        for _ in range(reps):
            A = random_matrix(g, n)
            B = random_matrix(g, n)
            t0 = time.perf_counter()
            C = A @ B
            t += time.perf_counter() - t0
            d = sum(float(A[n - 1, j]) * float(B[j, 0]) for j in range(n))
            if abs(d - C[n - 1, 0]) > 1e-9 * n:
                sys.exit("ERROR: C[n,1] differs from the dot product")
            total += float(C[0, 0] + C[n - 1, n - 1])
        if trial > 0:
            best = min(best, t / reps)
    print(f"matmul({n}): corner sum {total:.6e}")
    print("BENCHTIME", best, file=sys.stderr)


main(sys.argv[1:])
