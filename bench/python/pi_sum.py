"""pi_sum.py -- Julia Microbenchmarks: sum of 1/k^2 for k = 1..n, repeated 500 times. args: n reps"""
import math
import sys
import time


def pisum(n):
    s = 0.0
    for _ in range(500):
        s = 0.0
        for k in range(1, n + 1):
            s += 1.0 / (k * k)
    return s


def main(args):
    n = int(args[0]) if len(args) > 0 else 10000
    reps = int(args[1]) if len(args) > 1 else 1
    s = pisum(n)
    ns = [n] * reps  # one input per call, as in the other languages
    best = float("inf")
    for trial in range(6):
        t0 = time.perf_counter()
        acc = 0.0
        for k in range(reps):
            acc += pisum(ns[k])
        t = (time.perf_counter() - t0) / reps
        if trial > 0:
            best = min(best, t)
        if abs(acc - reps * s) > 1e-9 * reps:
            sys.exit("ERROR: pisum gave different sums for the same n")
    if abs(s - math.pi ** 2 / 6) > 1 / n + 1e-9:
        sys.exit("ERROR: pi_sum is not close to pi^2/6")
    if n == 10000 and abs(s - 1.644834071848065) > 1e-12:
        sys.exit("ERROR: pisum(10000) differs from 1.644834071848065")
    print(f"pi_sum({n}) = {s:.12f}")
    print("BENCHTIME", best, file=sys.stderr)


main(sys.argv[1:])
