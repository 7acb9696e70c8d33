"""fib.py -- Julia Microbenchmarks: recursive Fibonacci. args: n reps
stdout: the result; stderr: "BENCHTIME <seconds>", the best of trials 2..6 of one call."""
import sys
import time


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def fib_iter(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def main(args):
    n = int(args[0]) if len(args) > 0 else 30
    reps = int(args[1]) if len(args) > 1 else 1
    ns = [n] * reps  # one input per call, as in the other languages
    best = float("inf")
    for trial in range(6):
        t0 = time.perf_counter()
        acc = 0
        for k in range(reps):
            acc += fib(ns[k])
        t = (time.perf_counter() - t0) / reps
        if trial > 0:
            best = min(best, t)
        if acc != reps * fib_iter(n):
            sys.exit("ERROR: fib result differs from the iterative value")
    print(f"fib({n}) = {fib_iter(n)}")
    print("BENCHTIME", best, file=sys.stderr)


main(sys.argv[1:])
