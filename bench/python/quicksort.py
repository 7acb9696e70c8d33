"""quicksort.py -- Julia Microbenchmarks: quicksort of n random floats (only the sort is timed).
args: n reps. Random numbers come from the suite's 32-bit LCG (the same in every language)."""
import sys
import time


class LCG:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state

    def float(self):
        return self.next() / 4294967296.0


def qsort(a, lo, hi):
    i, j = lo, hi
    while i < hi:
        pivot = a[(lo + hi) // 2]
        while i <= j:
            while a[i] < pivot:
                i += 1
            while a[j] > pivot:
                j -= 1
            if i <= j:
                a[i], a[j] = a[j], a[i]
                i, j = i + 1, j - 1
        if lo < j:
            qsort(a, lo, j)
        lo, j = i, hi
    return a


def main(args):
    n = int(args[0]) if len(args) > 0 else 5000
    reps = int(args[1]) if len(args) > 1 else 1
    g = LCG(42)
    best, total = float("inf"), 0.0
    for trial in range(6):
        t = 0.0
        for _ in range(reps):
            a = [g.float() for _ in range(n)]
            t0 = time.perf_counter()
            qsort(a, 0, n - 1)
            t += time.perf_counter() - t0
            if any(a[i - 1] > a[i] for i in range(1, n)):
                sys.exit("ERROR: array not sorted")
            total += a[n // 2]
        if trial > 0:
            best = min(best, t / reps)
    print(f"quicksort({n}): sorted, median sum {total:.6f}")
    print("BENCHTIME", best, file=sys.stderr)


main(sys.argv[1:])
