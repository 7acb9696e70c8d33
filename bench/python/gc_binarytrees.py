"""gc_binarytrees.py -- GC costs on the binary-trees workload: share of time spent in the cyclic
collector (gc.callbacks) while short-lived trees are built and dropped next to a long-lived tree of depth
n, then the pause of one full collection (gc.collect()) with that tree live. CPython frees most objects
by reference counting, which is not counted; its allocation rate is not observable (n/a). args: n"""
import gc
import sys
import time

gc_seconds = 0.0
_gc_start = 0.0


def on_gc(phase, info):
    global gc_seconds, _gc_start
    if phase == "start":
        _gc_start = time.perf_counter()
    else:
        gc_seconds += time.perf_counter() - _gc_start


def make(d):
    return (None, None) if d == 0 else (make(d - 1), make(d - 1))


def check(t):
    left, right = t
    return 1 if left is None else 1 + check(left) + check(right)


def churn(max_depth):
    c = 0
    for d in range(4, max_depth + 1, 2):
        for _ in range(1 << (max_depth - d + 4)):
            c += check(make(d))
    return c


def main(args):
    n = int(args[0]) if args else 12
    long_lived = make(n)
    churn(6)
    gc.callbacks.append(on_gc)
    t0 = time.perf_counter()
    c = churn(n)
    elapsed = time.perf_counter() - t0
    gc.callbacks.remove(on_gc)
    t0 = time.perf_counter()
    gc.collect()
    pause = time.perf_counter() - t0
    print(f"gc_binarytrees({n}): short-lived nodes {c}, long-lived nodes {check(long_lived)}")
    print("BENCHSTAT gc_time_percent", 100 * gc_seconds / elapsed, file=sys.stderr)
    print("BENCHSTAT full_gc_ms", 1000 * pause, file=sys.stderr)


main(sys.argv[1:])
