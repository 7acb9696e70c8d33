"""randmatstat.py -- Julia Microbenchmarks: statistics of trace((P'P)^4) and trace((Q'Q)^4) for random
5x5 blocks a b c d, P = [a b c d], Q = [a b; c d], t times, with numpy (Debian's python3-numpy, BLAS
underneath). Normal variates come from the suite's 32-bit LCG through Box-Muller. args: t reps"""
import math
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


def randn(g):
    u1 = (g.next() + 0.5) / 4294967296.0
    u2 = g.float()
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


def randn_matrix(g, n):
    return np.array([randn(g) for _ in range(n * n)]).reshape((n, n), order="F")


def randmatstat(t, g):
    n = 5
    v = np.zeros(t)
    w = np.zeros(t)
    for i in range(t):
        a, b, c, d = (randn_matrix(g, n) for _ in range(4))
        P = np.hstack((a, b, c, d))
        Q = np.vstack((np.hstack((a, b)), np.hstack((c, d))))
        v[i] = np.trace(np.linalg.matrix_power(P.T @ P, 4))
        w[i] = np.trace(np.linalg.matrix_power(Q.T @ Q, 4))
    return np.std(v, ddof=1) / np.mean(v), np.std(w, ddof=1) / np.mean(w)


def main(args):
    t = int(args[0]) if len(args) > 0 else 1000
    reps = int(args[1]) if len(args) > 1 else 1
    g = LCG(42)
    best, s1, s2 = float("inf"), 0.0, 0.0
    for trial in range(6):
        t0 = time.perf_counter()
        for _ in range(reps):
            s1, s2 = randmatstat(t, g)
        el = (time.perf_counter() - t0) / reps
        if trial > 0:
            best = min(best, el)
        if not (0.5 < s1 < 1.0 and 0.5 < s2 < 1.0):
            sys.exit("ERROR: randmatstat statistics out of range")
    print(f"randmatstat({t}) = {s1:.4f} {s2:.4f}")
    print("BENCHTIME", best, file=sys.stderr)


main(sys.argv[1:])
