"""print_to_file.py -- Julia Microbenchmarks: n formatted lines "i i+1" to /dev/null. args: n reps"""
import os
import sys
import tempfile
import time


def printfd(path, n):
    with open(path, "w") as f:
        for i in range(1, n + 1):
            print(i, i + 1, file=f)


def self_check():
    fd, path = tempfile.mkstemp()
    os.close(fd)
    printfd(path, 3)
    with open(path) as f:
        text = f.read()
    os.remove(path)
    if text != "1 2\n2 3\n3 4\n":
        sys.exit("ERROR: printfd wrote the wrong text")


def main(args):
    n = int(args[0]) if len(args) > 0 else 100000
    reps = int(args[1]) if len(args) > 1 else 1
    self_check()
    best = float("inf")
    for trial in range(6):
        t0 = time.perf_counter()
        for _ in range(reps):
            printfd("/dev/null", n)
        t = (time.perf_counter() - t0) / reps
        if trial > 0:
            best = min(best, t)
    print(f"print_to_file({n}): done")
    print("BENCHTIME", best, file=sys.stderr)


main(sys.argv[1:])
