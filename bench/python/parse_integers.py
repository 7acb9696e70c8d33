"""parse_integers.py -- Julia Microbenchmarks: UInt32 -> hex string -> parse -> compare, t times.
args: t reps. Random numbers come from the suite's 32-bit LCG (the same in every language)."""
import sys
import time


class LCG:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state * 1664525 + 1013904223) & 0xFFFFFFFF
        return self.state


def parseintperf(t, g):
    n = 0
    for _ in range(t):
        n = g.next()
        s = format(n, "x")
        m = int(s, 16)
        if m != n:
            sys.exit("ERROR: parsed value differs")
    return n


def main(args):
    t = int(args[0]) if len(args) > 0 else 1000
    reps = int(args[1]) if len(args) > 1 else 1
    g = LCG(42)
    best, last = float("inf"), 0
    for trial in range(6):
        t0 = time.perf_counter()
        for _ in range(reps):
            last = parseintperf(t, g)
        el = (time.perf_counter() - t0) / reps
        if trial > 0:
            best = min(best, el)
    print(f"parse_integers({t}): last = {last:x}")
    print("BENCHTIME", best, file=sys.stderr)


main(sys.argv[1:])
